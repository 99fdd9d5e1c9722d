"""Split a content Markdown file into front matter and blocks, each holding translatable text.

A block is a run of literal Markdown markup and `Text` pieces; joining the pieces with each
text replaced by its translation gives back a Markdown document with the same structure, so
a translator only ever sees one heading, paragraph, list item or table cell at a time.
"""

import re
from dataclasses import dataclass

from generator.errors import BuildError

FRONT_MATTER_KEYS = ("title", "description", "nav", "glossary")
# Markup that stands alone on a line and is not text: Python-Markdown's table-of-contents marker.
MARKERS = frozenset({"[TOC]"})

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_ITEM = re.compile(r"^([ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)(.*)$")
_FENCE = re.compile(r"^[ \t]{0,3}(```+|~~~+)[ \t]*(.*)$")
_QUOTE = re.compile(r"^([ \t]{0,3}>[ \t]?)(.*)$")
_TABLE_SEP = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_CELL_SPLIT = re.compile(r"(?<!\\)\|")
CHIPS = re.compile(r"\[\[([^\[\]]*)\]\]")
_CODE = re.compile(r"`[^`]*`")
_WORD = re.compile(r"[^\W\d_]{2}")
# A line of = or - right under text: Markdown's "setext" heading, which the block parser would
# join to the text above.
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")


@dataclass(frozen=True)
class Text:
    text: str  # one line, whitespace collapsed: the msgid


@dataclass(frozen=True)
class Block:
    kind: str  # heading, paragraph, item, quote, row, fence, blank
    line: int  # 1-based line of the block's first line in the file
    pieces: tuple  # literal str markup and Text

    @property
    def texts(self):
        return [p for p in self.pieces if isinstance(p, Text)]


@dataclass(frozen=True)
class Fence:
    """A fenced block (```info ... ```); never translated. `gin-example` ones are computed."""

    info: str
    body: str
    line: int  # line of the opening fence
    markup: str  # the block as written


@dataclass(frozen=True)
class Document:
    path: str
    slug: str
    meta: dict  # key -> (value, line)
    blocks: tuple  # Block and Fence


def is_translatable(text):
    """Cells like "10", "D" (a key) or "[[7H]]" carry no words: they are copied, not sent to translators."""
    return bool(_WORD.search(_CODE.sub("", CHIPS.sub("", text))))


def chip_groups(text):
    """The `[[...]]` card-chip groups of a text, as written inside the brackets."""
    return CHIPS.findall(text)


def parse_document(text, path, slug):
    lines = text.splitlines()
    meta, start = _front_matter(lines, path)
    lines = without_comments(lines, start, path)
    return Document(str(path), slug, meta, tuple(_blocks(lines, start, path)))


def without_comments(lines, start, path):
    """The lines from `start` on with their HTML comments (`<!-- a note for writers -->`)
    removed, outside fenced blocks: a comment is never published nor sent to translators.
    Each line stays where it was (a line that was all comment is blank, and so ends a
    paragraph, as a comment line does in Markdown)."""
    out, fence, opened = list(lines), None, None
    for index in range(start, len(lines)):
        line = lines[index]
        if opened is None and fence is None and (match := _FENCE.match(line)):
            fence = match.group(1)
            continue
        if fence is not None:
            fence = None if line.strip().startswith(fence) else fence
            continue
        if opened is None and "<!--" not in line:
            continue
        kept, position = [], 0
        while True:
            if opened is not None:
                end = line.find("-->", position)
                if end < 0:
                    break
                opened, position = None, end + 3
            begin = line.find("<!--", position)
            if begin < 0:
                kept.append(line[position:])
                break
            kept.append(line[position:begin])
            opened, position = index + 1, begin + 4
        # The words on each side of an inline comment keep one space between them; the line
        # keeps its indentation (a nested list item stays nested).
        text = ""
        for piece in kept:
            if piece.strip():
                text = piece if not text else text.rstrip(" \t") + " " + piece.lstrip(" \t")
        out[index] = text.rstrip(" \t")
    if opened is not None:
        raise BuildError("an HTML comment <!-- is never closed: end it with -->", path, opened)
    return out


def _front_matter(lines, path):
    if not lines or lines[0].strip() != "---":
        raise BuildError("content must start with a front-matter block between --- lines", path, 1)
    meta = {}
    for index in range(1, len(lines)):
        line = lines[index]
        if line.strip() == "---":
            break
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or key not in FRONT_MATTER_KEYS:
            raise BuildError(
                "front matter lines are `key: value` with key one of " + ", ".join(FRONT_MATTER_KEYS)
                + "; got " + repr(line), path, index + 1)
        if key in meta:
            raise BuildError("duplicate front-matter key " + repr(key), path, index + 1)
        meta[key] = (value.strip(), index + 1)
    else:
        raise BuildError("front matter is not closed by a --- line", path, 1)
    for key in ("title", "description"):
        if not meta.get(key, ("",))[0]:
            raise BuildError("front matter needs a non-empty " + repr(key), path, 1)
    nav = meta.get("nav", ("0", 1))
    if not re.fullmatch(r"-?\d+", nav[0]):
        raise BuildError("nav must be a whole number, got " + repr(nav[0]), path, nav[1])
    return meta, index + 1


def _starts_block(line):
    return bool(_HEADING.match(line) or _ITEM.match(line) or _FENCE.match(line)
                or line.lstrip().startswith("|") or _QUOTE.match(line))


def _blocks(lines, index, path):
    while index < len(lines):
        line = lines[index]
        number = index + 1
        if not line.strip():
            yield Block("blank", number, ("",))
            index += 1
        elif fence := _FENCE.match(line):
            end = index + 1
            while end < len(lines) and not lines[end].strip().startswith(fence.group(1)):
                end += 1
            if end == len(lines):
                raise BuildError("fenced block is never closed", path, number)
            yield Fence(fence.group(2).strip(), "\n".join(lines[index + 1:end]), number,
                        "\n".join(lines[index:end + 1]))
            index = end + 1
        elif heading := _HEADING.match(line):
            yield Block("heading", number, (heading.group(1) + " ", Text(heading.group(2))))
            index += 1
        elif line.lstrip().startswith("|"):
            yield _row(line, number)
            index += 1
        else:
            match = _ITEM.match(line) or _QUOTE.match(line)
            kind = "paragraph" if match is None else "item" if _ITEM.match(line) else "quote"
            prefix, first = (match.group(1), match.group(2)) if match else ("", line)
            if kind == "quote" and (item := _ITEM.match(first)):
                # A list inside a block quote: the marker is markup, like a plain item's.
                kind, prefix, first = "item", prefix + item.group(1), item.group(2)
            words = [first.strip()]
            index += 1
            while index < len(lines) and lines[index].strip() and not _starts_block(lines[index]):
                if _SETEXT.match(lines[index]):
                    raise BuildError("a line of " + lines[index].strip()[0] + " under text makes a "
                                     "setext heading, which the site does not read: write the "
                                     "heading as `## Title` (or `# Title`); for a rule, leave a "
                                     "blank line above the ---", path, index + 1)
                words.append(lines[index].strip())
                index += 1
            yield Block(kind, number, (prefix, _text(" ".join(words))))


def _text(text):
    return Text(text) if is_translatable(text) and text not in MARKERS else text


def _row(line, number):
    if _TABLE_SEP.match(line):
        return Block("row", number, (line,))
    inner = line.strip()[1:]
    if inner.endswith("|") and not inner.endswith("\\|"):
        inner = inner[:-1]
    pieces = ["| "]
    for position, cell in enumerate(_CELL_SPLIT.split(inner)):
        if position:
            pieces.append(" | ")
        pieces.append(_text(cell.strip()))
    pieces.append(" |")
    return Block("row", number, tuple(pieces))
