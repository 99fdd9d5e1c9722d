"""Babel extractor for content Markdown: one message per block, with its line number.

Registered in pyproject.toml as the `markdown` extraction method, so both
`pybabel extract -F babel.cfg` and `python -m generator extract` use it.
"""

from pathlib import Path

from generator.blocks import Fence, parse_document
from generator.checkers import TABLE_CELL
from generator.readtext import decode

_KIND_NOTES = {
    "heading": "heading",
    "paragraph": "paragraph",
    "item": "list item",
    "quote": "quotation",
    "row": TABLE_CELL,  # generator.checkers reads it
}
_META_NOTES = {
    "title": "page title (the page heading and the browser tab title)",
    "description": "meta description: one sentence shown by search engines",
}


def extract_markdown(fileobj, keywords, comment_tags, options):
    """Yield `(lineno, funcname, message, comments)` for Babel, one per translatable block.

    Markdown syntax inside a block (*emphasis*, `code`, [links](url), [[7H 8H]] card chips)
    stays in the message; the translator comment says what kind of block it is and reminds
    that card chips must be kept as written.
    """
    name = getattr(fileobj, "name", "content.md")
    text = fileobj.read()
    if isinstance(text, bytes):
        text = decode(text, name)  # content is UTF-8: one clear error otherwise
    slug = Path(str(name)).stem
    document = parse_document(text, name, slug)
    for key in ("title", "description"):
        value, line = document.meta[key]
        yield line, None, value, [_META_NOTES[key]]
    in_faq_answer = False
    for block in document.blocks:
        if isinstance(block, Fence):
            continue
        note = _KIND_NOTES.get(block.kind)
        if slug == "faq" and block.kind == "heading":
            note, in_faq_answer = "FAQ question", True
        elif in_faq_answer and note:
            note = "FAQ answer: " + note
        for piece in block.texts:
            comments = [note]
            if "[[" in piece.text:
                comments.append("keep each [[...]] card group exactly as written")
            yield block.line, None, piece.text, comments
