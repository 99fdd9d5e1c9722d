"""Content pages: each Markdown block translated, then the page rendered by Python-Markdown.

Translations are sanitised before Markdown sees them (generator.sanitize), links and images
are checked after (SafeLinks), card chips `[[7H 8H]]` and computed gin-example blocks are
inserted as ready HTML after Markdown through private-use tokens, so no translation can alter
them.
"""

import difflib
import html as htmllib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import markdown
from markdown.extensions.toc import TocExtension
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup

from generator.blocks import CHIPS, Fence, Text, chip_groups, parse_document
from generator.collation import sort_key
from generator.errors import BuildError
from generator.examples import compute_example
from generator.projectfiles import project_files
from generator.readtext import read_text
from generator.sanitize import safe_url, sanitize, source_tags
from generator.tables import scrolling_tables

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
    # {English glossary term's slug: this language's anchor of its entry} ("deadwood":
    # "glossaire-points-morts"): the coach links its terms to them (generator.build).
    terms: dict = None


def load_sources(content_dir, root=None, warn=None):
    """Parse content/*.md, check every card chip and settle every example; sorted by nav.

    Only the project's own files are read (generator.projectfiles, `root` being the project
    folder, by default the one holding `content_dir`): hidden files (`.draft.md`) and dangling
    links (an editor's lock file `.#rules.md`) are skipped, named through `warn`."""
    root = Path(content_dir).absolute().parent if root is None else root
    paths, skipped = project_files(content_dir, "*.md", root)
    if skipped and warn is not None:
        warn("warning: not published (hidden files and dangling links): "
             + ", ".join(str(path) for path in skipped))
    sources = []
    for path in paths:
        document_text = read_text(path)
        document = parse_document(document_text, path, path.stem)
        examples = {}
        for block in document.blocks:
            if isinstance(block, Fence):
                if block.info == EXAMPLE:
                    examples[block.line] = compute_example(block, path)
                elif looks_like_example(block.info):
                    raise BuildError("```" + block.info + ": did you mean ```" + EXAMPLE + "? A "
                                     "worked example's fence reads exactly ```" + EXAMPLE + "; "
                                     "another code block needs another name", path, block.line)
                continue
            for piece in block.pieces:  # a chip may stand alone in a cell that is not translated
                text = piece.text if isinstance(piece, Text) else piece
                for group in chip_groups(text):
                    _check_chips(group, path, block.line)
                _check_images(text, references(document_text), path, block.line)
        sources.append(Source(document, examples))
    if not sources:
        raise BuildError("no content pages (content/*.md)", content_dir)
    return sorted(sources, key=lambda s: (int(s.document.meta.get("nav", ("0",))[0]), s.document.slug))


EXAMPLE = "gin-example"  # the info string of a worked example's fence


def looks_like_example(info):
    """True for a fence's info string that is a slip for gin-example (`gin-exmaple`,
    `Gin_Example`, `gin-examples`, `gin-example knock`): a code block showing the raw lines
    would be published instead of the computed example."""
    word = info.split()[0].lower() if info.split() else ""
    return info != EXAMPLE and (re.sub(r"[\W_]", "", word) == "ginexample"
                                or difflib.SequenceMatcher(None, word, EXAMPLE).ratio() >= 0.8)


def escape_pipes(text):
    """A table cell's text with each `|` outside code spans escaped (`\\|`), so a translated
    cell can hold a bar without splitting the row (Markdown keeps bars in code spans)."""
    parts = _CODE_SPAN.split(text)
    return "".join(part if index % 2 else _BAR.sub(r"\\|", part)
                   for index, part in enumerate(parts))


KEY_CHIP = "key:"  # `[[key:draw_stock]]`: the game's shortcut letter for that command, in the page's language


def _check_chips(group, path, line):
    from game.cards import parse_cards

    if group.startswith(KEY_CHIP):
        from game.web.words.keys import english, letters

        known = {*letters(english), "help"}  # every command of the code, in any language
        if group[len(KEY_CHIP):] not in known:
            raise BuildError("key chip [[" + group + "]]: no such command; known: "
                             + ", ".join(sorted(known)), path, line)
        return
    try:
        cards = parse_cards(group)
    except ValueError as exc:
        raise BuildError("card chip [[" + group + "]]: " + str(exc), path, line) from None
    if not cards:
        raise BuildError("empty card chip [[]]", path, line)


_INLINE_IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]*)")
_REFERENCE_IMAGE = re.compile(r"!\[([^\]]*)\](?:\[([^\]]*)\])?")
_DEFINITION = re.compile(r"(?m)^ {0,3}\[([^\]]+)\]:\s*<?(\S+?)>?(?:\s|$)")


def references(text):
    """The reference definitions of a Markdown text (`[logo]: URL`), by lower-case label."""
    return {label.lower(): url for label, url in _DEFINITION.findall(text)}


def _check_images(text, definitions, path, line):
    """An image from another site is refused: the pages' Content-Security-Policy shows only
    the site's own (img-src 'self' data:), so readers would see a broken image."""
    urls = _INLINE_IMAGE.findall(text)
    urls += [definitions.get((label or alt).lower(), "") for alt, label in _REFERENCE_IMAGE.findall(text)]
    for url in urls:
        if re.match(r"(?i)\s*(?:[a-z][a-z0-9+.-]*:|//)", url) and not url.lower().startswith("data:"):
            raise BuildError(f"an image from another site ({url[:80]}): the pages' security policy "
                             "shows only the site's own images (img-src 'self' data:), so readers "
                             "would see it broken; copy it into site_templates/static/ and use "
                             "its path there", path, line)


class ContentRenderer:
    """Renders content pages in one language."""

    def __init__(self, catalogs, render_example):
        self.content = catalogs["content"]
        self.game = catalogs["game"]
        self.sort_key = sort_key(catalogs.lang)
        # (Example, chips) -> Markup, worded by a template; chips("7H 8H") makes card chips.
        self.render_example = render_example
        # A `[TOC]` line becomes the list of the page's sections (its h2 headings).
        # Translators: the title of the list of a page's sections, at the top of the rules guide.
        title = catalogs["site"].gettext("Contents")
        toc = TocExtension(slugify=ascii_slug, toc_depth=2, title=title)
        self.md = markdown.Markdown(
            extensions=["tables", "fenced_code", toc, SafeLinks(), Boxes()],
            output_format="html",
        )
        self._chips = {}

    def render(self, source):
        document = source.document
        self.md.reset()
        self._stash = []
        lines = []
        glossary, entries, terms = _Glossary(document), [], {}
        for block in document.blocks:
            if isinstance(block, Fence):
                if block.info == EXAMPLE:
                    html = self.render_example(source.examples[block.line], self.chips)
                    line = "\n" + self._store(html) + "\n"
                else:
                    line = block.markup
            else:
                cell = block.kind == "row"
                line = "".join(self._translate(p, cell) if isinstance(p, Text) else self._chips_in(p)
                               for p in block.pieces)
            if glossary.takes(block):
                entries.append((line, block.texts[0].text))
                continue
            if entries:
                lines.extend(self._sorted_entries(entries, glossary, terms))
                entries = []
            lines.append(line)
        lines.extend(self._sorted_entries(entries, glossary, terms))
        glossary.check()
        html = scrolling_tables(_TOKENS.sub(lambda m: self._stash[int(m.group(1) or m.group(2))],
                                            self.md.convert("\n".join(lines))))
        meta = document.meta
        return Page(document.slug, self.content.gettext(meta["title"][0]),
                    self.content.gettext(meta["description"][0]), Markup(html), terms)

    def _sorted_entries(self, entries, glossary, terms):
        """The glossary's (translated line, English text) entries as lines, sorted in this
        language, each term carrying its anchor: the glossary heading's and the term's words in
        this language (`glossaire-points-morts`), kept in `terms` by the English term's slug."""
        # By the **term** first, so that "Deadwood" comes before "Deadwood count" (whole-term
        # order, as in a dictionary), then by the rest of the entry.
        def key(entry):
            term = _TERM.match(entry[0])
            words = _plain(entry[0])
            if term is None:
                return (self.sort_key(words), b"")
            return (self.sort_key(term.group(1).strip(_TERM_END)), self.sort_key(words))
        if not entries:
            return []
        lines = []
        prefix = ascii_slug(self.content.gettext(glossary.heading), "-")
        for line, english in sorted(entries, key=key):
            term, source = _TERM.match(line), _TERM.match("- " + english)
            if term is None or source is None:
                lines.append(line)
                continue
            anchor = prefix + "-" + ascii_slug(term.group(1), "-")
            terms[ascii_slug(source.group(1), "-")] = anchor
            strong = self._store('<strong id="' + anchor + '">' + htmllib.escape(term.group(1)) + "</strong>")
            lines.append(line[:term.start(1) - 2] + strong + line[term.end(1) + 2:])
        return lines

    def _translate(self, piece, cell=False):
        # Collapse only ASCII whitespace: the no-break spaces of French typography must stay.
        text = _SPACES.sub(" ", _PRIVATE.sub("", self.content.gettext(piece.text))).strip(" ")
        if "<" in text:
            text = sanitize(text, source_tags(piece.text))
        if cell:
            text = escape_pipes(text)
        return self._chips_in(text)

    def _chips_in(self, text):
        return CHIPS.sub(lambda m: self._store(self.chips(m.group(1))), text)

    def _store(self, html):
        self._stash.append(html)
        return _TOKEN.format(len(self._stash) - 1)

    def chips(self, group):
        """HTML for a `[[...]]` group: one chip per card, named in this language; or, for
        `[[key:COMMAND]]`, that command's key as the game of this language has it."""
        if group not in self._chips:
            if group.startswith(KEY_CHIP):
                self._chips[group] = key_html(group[len(KEY_CHIP):], self.game)
            else:
                from game.cards import parse_cards

                self._chips[group] = chips_html(parse_cards(group), self.game)
        return self._chips[group]


class _Glossary:
    """Finds the list under the heading the front matter names (`glossary: Glossary`).

    Its entries are sorted at build time in each language's alphabetical order, so no
    translator has to reorder them and every language's glossary comes from one list.
    """

    def __init__(self, document):
        self.document = document
        self.heading, self.line = document.meta.get("glossary", (None, None))
        self.state = "before"  # then "heading" (seen, list not started), "list", "after"
        self.found = False

    def takes(self, block):
        """True for each item of the glossary's list."""
        if self.heading is None or self.state == "after":
            return False
        kind = getattr(block, "kind", "fence")
        if self.state == "before":
            if kind == "heading" and block.texts and block.texts[0].text == self.heading:
                self.state = "heading"
            return False
        if kind == "item":
            self.state, self.found = "list", True
            return True
        if not (kind == "blank" and self.state == "heading"):
            self.state = "after"
        return False

    def check(self):
        if self.heading is not None and not self.found:
            raise BuildError("front matter `glossary: " + self.heading + "` names no heading "
                             "followed by a list; write the heading's English text exactly",
                             self.document.path, self.line)


_TERM = re.compile(r"^\s*[-*+]\s+\*\*(.+?)\*\*")
_TERM_END = " :.\u00a0\u202f"  # "Points morts :" with its no-break space sorts as "Points morts"


def _plain(line):
    # The sort looks at the words, not at the list marker or the **bold** around the term.
    return re.sub(r"[*_`]", "", re.sub(r"^\s*[-*+]\s+", "", line))


def ascii_slug(value, separator):
    """Heading anchors in plain ASCII (`d-une-manche`, not `dune-manche` or `đ`): they survive
    being typed, pasted into a chat or read aloud in any language."""
    text = unicodedata.normalize("NFKD", value.replace("đ", "d").replace("Đ", "D"))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", separator, text).strip(separator)


def key_html(command, game_messages):
    """A command's shortcut key, read by the game's own table (game.web.words.keys) from this
    language's game catalogue: the guide can never list other letters than the game's."""
    from game.web.words import i18n, keys

    with i18n.installed(game_messages):
        key = keys.key_for(command)
    # None: the command's shortcut is untranslated and its English letter is another command's
    # in this language, so it has no key for now (the build warns, naming the message).
    return Markup("<kbd>" + htmllib.escape(key or "—") + "</kbd>")


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


class Boxes(markdown.Extension):
    """A block quote in content is a boxed aside (the rules in brief, notes for players of
    other games): `<aside class="box">`, whose first paragraph, when it is all bold, is the
    box's title: a heading one level under the section it is in (a screen reader moving by
    heading finds it), outside the table of contents and the anchors; the table of contents
    becomes a labelled `<nav>`."""

    def extendMarkdown(self, md):
        md.treeprocessors.register(_BoxesProcessor(md), "boxes", 1)


class _BoxesProcessor(Treeprocessor):
    def run(self, root):
        level = 1  # the page's title is its h1
        for element in root:
            if re.fullmatch(r"h[1-6]", element.tag):
                level = int(element.tag[1])
            elif element.tag == "blockquote":
                _box_title(element, min(level + 1, 6))
        for element in root.iter():
            if element.tag == "blockquote":
                element.tag = "aside"
                element.set("class", "box")
            elif element.tag == "div" and element.get("class") == "toc":
                element.tag = "nav"
                title = element.find("span")
                if title is not None:
                    element.set("aria-label", title.text or "")


def _box_title(box, level):
    """The box's first paragraph as its heading when the paragraph is one bold run."""
    first = box[0] if len(box) else None
    if first is None or first.tag != "p" or (first.text or "").strip() or len(first) != 1:
        return
    strong = first[0]
    if strong.tag != "strong" or (strong.tail or "").strip():
        return
    first.tag = "h" + str(level)
    first.set("class", "box-title")
    first.text, first[:] = strong.text, list(strong)


class _SafeLinksProcessor(Treeprocessor):
    def run(self, root):
        for element in root.iter():
            if element.tag == "a" and not safe_url(element.get("href", "")):
                del element.attrib["href"]
            elif element.tag == "img" and not safe_url(element.get("src", "")):
                alt = element.get("alt", "")
                element.attrib.clear()
                element.tag, element.text = "span", alt
