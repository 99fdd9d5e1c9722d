"""Content pages: each Markdown block translated, then the page rendered by Python-Markdown.

Translations are sanitised before Markdown sees them (generator.sanitize), links and images
are checked after (SafeLinks), card chips `[[7H 8H]]` and computed gin-example blocks are
inserted as ready HTML after Markdown through private-use tokens, so no translation can alter
them.
"""

import html as htmllib
import re
from dataclasses import dataclass
from pathlib import Path

import markdown
from markdown.extensions.toc import TocExtension, slugify_unicode
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup

from generator.blocks import CHIPS, Fence, Text, chip_groups, parse_document
from generator.errors import BuildError
from generator.examples import compute_example
from generator.readtext import read_text
from generator.sanitize import safe_url, sanitize, source_tags

_SPACES = re.compile(r"[ \t\r\n]+")

# Markdown's own stash markers (STX/ETX) are stripped from the input, so HTML made before
# conversion travels as private-use tokens; translations may not contain these characters.
_TOKEN = "\ue000{}\ue001"
_TOKENS = re.compile("<p>\ue000(\\d+)\ue001</p>|\ue000(\\d+)\ue001")
_PRIVATE = re.compile("[\ue000\ue001]")
_CODE_SPAN = re.compile(r"(`+[^`]*`+)")
_BAR = re.compile(r"(?<!\\)\|")


@dataclass(frozen=True)
class Source:
    """A parsed content file with its computed examples (shared by every language)."""

    document: object  # generator.blocks.Document
    examples: dict  # Fence line -> generator.examples.Example


@dataclass(frozen=True)
class Page:
    slug: str
    title: str
    description: str
    html: Markup


def load_sources(content_dir):
    """Parse content/*.md, check every card chip and settle every example; sorted by nav."""
    sources = []
    for path in sorted(Path(content_dir).glob("*.md")):
        document = parse_document(read_text(path), path, path.stem)
        examples = {}
        for block in document.blocks:
            if isinstance(block, Fence):
                if block.info == "gin-example":
                    examples[block.line] = compute_example(block, path)
                continue
            for piece in block.texts:
                for group in chip_groups(piece.text):
                    _check_chips(group, path, block.line)
        sources.append(Source(document, examples))
    if not sources:
        raise BuildError("no content pages (content/*.md)", content_dir)
    return sorted(sources, key=lambda s: (int(s.document.meta.get("nav", ("0",))[0]), s.document.slug))


def escape_pipes(text):
    """A table cell's text with each `|` outside code spans escaped (`\\|`), so a translated
    cell can hold a bar without splitting the row (Markdown keeps bars in code spans)."""
    parts = _CODE_SPAN.split(text)
    return "".join(part if index % 2 else _BAR.sub(r"\\|", part)
                   for index, part in enumerate(parts))


def _check_chips(group, path, line):
    from game.cards import parse_cards

    try:
        cards = parse_cards(group)
    except ValueError as exc:
        raise BuildError("card chip [[" + group + "]]: " + str(exc), path, line) from None
    if not cards:
        raise BuildError("empty card chip [[]]", path, line)


class ContentRenderer:
    """Renders content pages in one language."""

    def __init__(self, catalogs, render_example):
        self.content = catalogs["content"]
        self.game = catalogs["game"]
        # (Example, chips) -> Markup, worded by a template; chips("7H 8H") makes card chips.
        self.render_example = render_example
        self.md = markdown.Markdown(
            extensions=["tables", "fenced_code", TocExtension(slugify=slugify_unicode), SafeLinks()],
            output_format="html",
        )
        self._chips = {}

    def render(self, source):
        document = source.document
        self.md.reset()
        self._stash = []
        lines = []
        for block in document.blocks:
            if isinstance(block, Fence):
                if block.info == "gin-example":
                    html = self.render_example(source.examples[block.line], self.chips)
                    lines.append("\n" + self._store(html) + "\n")
                else:
                    lines.append(block.markup)
                continue
            cell = block.kind == "row"
            lines.append("".join(self._translate(p, cell) if isinstance(p, Text) else p
                                 for p in block.pieces))
        html = _TOKENS.sub(lambda m: self._stash[int(m.group(1) or m.group(2))],
                           self.md.convert("\n".join(lines)))
        meta = document.meta
        return Page(document.slug, self.content.gettext(meta["title"][0]),
                    self.content.gettext(meta["description"][0]), Markup(html))

    def _translate(self, piece, cell=False):
        # Collapse only ASCII whitespace: the no-break spaces of French typography must stay.
        text = _SPACES.sub(" ", _PRIVATE.sub("", self.content.gettext(piece.text))).strip(" ")
        if "<" in text:
            text = sanitize(text, source_tags(piece.text))
        if cell:
            text = escape_pipes(text)
        return CHIPS.sub(lambda m: self._store(self.chips(m.group(1))), text)

    def _store(self, html):
        self._stash.append(html)
        return _TOKEN.format(len(self._stash) - 1)

    def chips(self, group):
        """HTML for a `[[...]]` group: one chip per card, named in this language."""
        if group not in self._chips:
            from game.cards import parse_cards

            self._chips[group] = chips_html(parse_cards(group), self.game)
        return self._chips[group]


def chips_html(cards, game_messages):
    """Card chips: the printed label is decoration, the accessible name is the card's name."""
    from game.cardnames import card_label, card_name

    chips = []
    for card in cards:
        colour = "red" if card.code[-1] in "HD" else "black"
        name = card_name(card, game_messages.pgettext)
        chips.append('<span class="card ' + colour + '" role="img" aria-label="' + htmllib.escape(name)
                     + '">' + htmllib.escape(card_label(card, game_messages.pgettext)) + "</span>")
    return Markup('<span class="cards">' + " ".join(chips) + "</span>")


class SafeLinks(markdown.Extension):
    """Drop link targets and images whose URL is not http(s), mailto, relative or a fragment."""

    def extendMarkdown(self, md):
        md.treeprocessors.register(_SafeLinksProcessor(md), "safe_links", 0)


class _SafeLinksProcessor(Treeprocessor):
    def run(self, root):
        for element in root.iter():
            if element.tag == "a" and not safe_url(element.get("href", "")):
                del element.attrib["href"]
            elif element.tag == "img" and not safe_url(element.get("src", "")):
                alt = element.get("alt", "")
                element.attrib.clear()
                element.tag, element.text = "span", alt
