"""What a link to the site shows when it is shared: the Open Graph and Twitter card tags of
every page (title, description, a card image, the language's locale and its alternates), the
card image of each language, and the descriptions' length.

A chat app or a social network fetches the page a link names, never the fragment: a table
invitation (`/fr/#table=K7Q2`), a `#seed=` deal and the home page all show the home page's
words, so its description says what those links lead to. Each language's card image
(`<lang>/share.png`, 1200x630, the size Facebook, LinkedIn, Slack and X crop the least) is
drawn at build time by resvg, with the font shipped in `site_templates/fonts/` (DejaVu Sans
Bold, which covers Latin, Vietnamese, Greek, Cyrillic, Hebrew and Arabic): the same bytes on
every machine. It sits in the language's folder, not `static/`, so the offline copy of a
language (generator/offline.py) does not keep it.
"""

import html
from pathlib import Path

from babel.core import get_global

from generator.errors import BuildError
from generator.projectfiles import check_inside

IMAGE = "share.png"  # in each language's folder
WIDTH, HEIGHT = 1200, 630
FONT = "fonts/DejaVuSans-Bold.ttf"  # under site_templates/
DESCRIPTION_LIMIT = 160  # what a results page shows of a description before cutting it
# The cards of the fan: rank (the English letter, looked up as the language's rank symbol), suit.
FAN = (("A", "\u2665"), ("K", "\u2660"), ("Q", "\u2666"), ("J", "\u2663"), ("10", "\u2665"))
RED = ("\u2665", "\u2666")


def og_locale(code):
    """The Open Graph locale of a language folder: `fr` -> `fr_FR` (CLDR's likely region),
    `pt_BR` as it is, a pseudo-locale's `en-XA` -> `en_XA`."""
    code = code.replace("-", "_")
    if "_" in code:
        return code
    likely = get_global("likely_subtags").get(code)
    region = likely.split("_")[-1] if likely else None
    return code + "_" + region if region and region.isalpha() and region.isupper() else code


def card_svg(site_name, tagline, symbols, direction, colours):
    """The card image as SVG: the felt, a fan of five cards (`symbols`: {English rank letter:
    the language's}), the site's name and `tagline` (the home page's title), on the side where
    the language's text starts."""
    rtl = direction == "rtl"
    text_x, anchor = (WIDTH - 70, "end") if rtl else (70, "start")
    fan_x = 250 if rtl else WIDTH - 250
    cards = []
    for index, (rank, suit) in enumerate(FAN):
        angle = (index - 2) * 12  # cards are printed objects: the fan does not mirror
        colour = "#c0141b" if suit in RED else "#161616"
        label = html.escape(symbols.get(rank, rank))
        cards.append(
            f'<g transform="rotate({angle} {fan_x} 560)">'
            f'<rect x="{fan_x - 85}" y="160" width="170" height="238" rx="14" fill="#fff" '
            f'stroke="#0b3d27" stroke-width="2"/>'
            f'<text x="{fan_x - 68}" y="208" font-size="40" fill="{colour}">{label}</text>'
            f'<text x="{fan_x - 66}" y="246" font-size="34" fill="{colour}">{suit}</text>'
            f'<text x="{fan_x}" y="318" font-size="96" text-anchor="middle" fill="{colour}">{suit}</text></g>')
    # About 20 characters of 50 px fit beside the fan; a longer tagline gets smaller letters.
    lines, size = _wrapped(tagline, 20), 50
    if len(lines) > 3:
        lines, size = _wrapped(tagline, 26), 38
    words = "".join(
        f'<text x="{text_x}" y="{330 + round(size * 1.28) * i}" font-size="{size}" fill="#fff" '
        f'text-anchor="{anchor}" direction="{direction}">{html.escape(line)}</text>'
        for i, line in enumerate(lines[:4]))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans" font-weight="bold">'
            '<defs><radialGradient id="felt" cx="50%" cy="35%" r="75%">'
            f'<stop offset="0" stop-color="#237049"/><stop offset="0.6" stop-color="{colours.background}"/>'
            '<stop offset="1" stop-color="#154630"/></radialGradient></defs>'
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#felt)"/>'
            f'<rect width="{WIDTH}" height="14" fill="{colours.theme}"/>' + "".join(cards)
            + f'<text x="{text_x}" y="230" font-size="92" fill="#fff" text-anchor="{anchor}" '
            f'direction="{direction}">{html.escape(site_name)}</text>' + words + '</svg>')


def _wrapped(text, width):
    """`text` in lines of about `width` characters, broken between words."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = (line + " " + word).strip()
    return lines + [line]


def card_png(templates_dir, root, svg):
    """The card image's PNG bytes: resvg with the shipped font only (no system font), so the
    same version draws the same bytes everywhere."""
    import resvg_py

    font = Path(templates_dir) / FONT
    check_inside(font, root)
    if not font.is_file():
        raise BuildError("the font of the shared-link card image is missing (DejaVu Sans Bold)", font)
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=WIDTH, height=HEIGHT,
                                           skip_system_fonts=True, font_files=[str(font)]))
    except ValueError as exc:
        raise BuildError("the shared-link card image could not be drawn: " + str(exc)) from None


def description_warnings(pages, lang, sources, catalog, po_path):
    """A build-log line for each page description longer than a results page shows: at the
    line of the content file (English) or of the entry of `catalog` (read from `po_path`)."""
    for page in pages:
        if len(page.description) <= DESCRIPTION_LIMIT:
            continue
        document = sources[page.slug].document
        english, line = document.meta["description"]
        entry = catalog.get(english) if catalog is not None and english != page.description else None
        where = f"{po_path}:{entry.lineno}" if entry is not None else f"{document.path}:{line}"
        yield (f"warning: {where}: the {lang} description of {page.slug} is {len(page.description)} "
               f"characters: search results and shared links show about {DESCRIPTION_LIMIT}, so "
               "it would be cut; shorten it")
