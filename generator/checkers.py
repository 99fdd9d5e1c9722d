"""Translation checkers in Babel's checker protocol: `checker(catalog, message)` raises
`babel.messages.catalog.TranslationError`.

They are registered as `babel.checkers` entry points (pyproject.toml), so Babel's own
`Catalog.check()` and `pybabel compile` run them beside Babel's `num_plurals` and
`python_format`; generator.catalogs runs the same list on every translated message.

- placeholders: `{name}`, `%(name)s` and card chips `[[7H 8H]]` of the translation match the
  source's; braces count as written, so `{{card}}` is not `{card}` (the page substitutes
  `{card}` literally and would show the braces).
- structure: in the `content` and `site` domains a translation cannot change the page's
  structure: it may not start another kind of Markdown block (a paragraph translated as
  `# ...` would become a heading), nor add an image, a link target or an HTML tag its source
  does not have.
- percent_signs: in the `site` domain (Jinja newstyle gettext %-formats every message) a
  lone "%" must be written "%%".
"""

import re

# Not from babel.messages.checkers: importing that module loads the registered checkers, this
# module among them, which would then be only half initialised.
from babel.messages.catalog import TranslationError

_FORMAT_CODES = re.compile(r"%%|%\([A-Za-z_]\w*\)[sdifr]")
_PLACEHOLDER = re.compile(r"\{+[A-Za-z_]\w*\}+|%\([A-Za-z_]\w*\)[sdifr]|\[\[[^\[\]]*\]\]")


def found_placeholders(text):
    """The placeholders of a text as written: `{name}`, `{{name}}`, `%(name)s`, card chips
    (their spacing and case ignored)."""
    return {" ".join(p.split()).upper() if p.startswith("[[") else p
            for p in _PLACEHOLDER.findall(text)}


def placeholders(catalog, message):
    """The translation's placeholders are the source's (every plural form checked)."""
    if not message.id or not message.string:
        return
    if isinstance(message.id, str):
        source, found = found_placeholders(message.id), found_placeholders(message.string)
        if found != source:
            raise TranslationError(_mismatch(message, found - source, source - found))
        return
    # A plural form may drop a placeholder (a French singular can omit the number), but no
    # form may invent one, and the last, general form must carry all of msgid_plural's.
    source = found_placeholders(message.id[0]) | found_placeholders(message.id[1])
    for form in message.string:
        extra = found_placeholders(form) - source
        if extra:
            raise TranslationError(_mismatch(message, extra, set()))
    missing = found_placeholders(message.id[1]) - found_placeholders(message.string[-1])
    if missing:
        raise TranslationError(_mismatch(message, set(), missing))


_MARKDOWN_BLOCKS = (  # how Markdown reads the start of a line, and what it makes of it
    (re.compile(r"#{1,6}(\s|$)"), "a heading"),
    (re.compile(r"([-*+]|\d{1,9}[.)])(\s|$)"), "a list item"),
    (re.compile(r">"), "a quote"),
    (re.compile(r"(```|~~~)"), "a code block"),
    (re.compile(r"([-*_])( *\1){2,} *$"), "a horizontal rule"),
    (re.compile(r"\|"), "a table row"),
    (re.compile(r"\[[^\]]+\]:"), "a link definition"),
    (re.compile(r"<[A-Za-z/!?]"), "an HTML block"),
)
_SPACES = re.compile(r"[ \t\r\n]+")
TABLE_CELL = "table cell"  # the extractor's note on a cell's message (generator.extract)
_IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]*)")
_LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]*)|\]\[([^\]]*)\]|<((?:https?|mailto|ftp):[^>\s]*)>"
                          r"|\bhref\s*=\s*[\"']?([^\"'\s>]*)")
_HTML_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])|<!--")


def block_kind(text):
    """The Markdown block a text starts when it begins a line, or None for plain text."""
    start = _SPACES.sub(" ", text).strip(" ")
    for pattern, kind in _MARKDOWN_BLOCKS:
        if pattern.match(start):
            return kind
    return None


def structure(catalog, message):
    """The translation has the source's block type, images, link targets and HTML tags."""
    if catalog is None or catalog.domain not in ("content", "site") or not message.id:
        return
    sources = message.id if isinstance(message.id, tuple) else (message.id,)
    source = " ".join(sources)
    for form in message.string if isinstance(message.string, tuple) else (message.string,):
        _refuse_extra("HTML", _tags(form) - _tags(source),
                      "use only the source's tags, or write &lt; for a <")
        _refuse_extra("an image", _images(form) - _images(source), "remove it")
        _refuse_extra("a link target", _targets(form) - _targets(source),
                      "links keep the source's targets")
        if catalog.domain != "content" or TABLE_CELL in message.auto_comments:
            continue  # a cell's text is inline whatever it starts with (a `|` is escaped)
        kind, expected = block_kind(form), block_kind(sources[0])
        if kind != expected:
            raise TranslationError(
                f"the translation would make {kind or 'plain text'} of {expected or 'plain text'}"
                ": a translation keeps its block (escape a leading mark with \\, e.g. \\#)")


def _images(text):
    return set(_IMAGE.findall(text))


def _targets(text):
    return {next(filter(None, groups)) for groups in _LINK_TARGET.findall(text)}


def _tags(text):
    return {"<!--" if m.group(0) == "<!--" else "<" + m.group(2).lower() + ">"
            for m in _HTML_TAG.finditer(text)}


def _refuse_extra(what, extra, advice):
    if extra:
        raise TranslationError(what + " the source does not have: " + ", ".join(sorted(extra))
                               + "; " + advice)


def percent_signs(catalog, message):
    """Template messages are always %-formatted (Jinja newstyle gettext): "%" must be "%%"."""
    if catalog is None or catalog.domain != "site" or not message.id:
        return
    for string in message.string if isinstance(message.string, tuple) else (message.string,):
        if "%" in _FORMAT_CODES.sub("", string or ""):
            raise TranslationError("a lone % in a template translation: write %% "
                                   "(e.g. \"100 %%\")")


def _mismatch(message, extra, missing):
    details = []
    if extra:
        details.append("not in the source: " + ", ".join(sorted(extra)))
    if missing:
        details.append("missing: " + ", ".join(sorted(missing)))
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return ("placeholder mismatch in the translation of " + repr(short(msgid)) + " ("
            + "; ".join(details) + "): copy them from the msgid as written")


def short(text, width=60):
    return text if len(text) <= width else text[:width - 1] + "…"


OURS = (placeholders, structure, percent_signs)


def all_checkers():
    """Ours first (their messages are the most specific), then Babel's registered ones."""
    from babel.messages.checkers import checkers

    return list(OURS) + [checker for checker in checkers if checker not in OURS]
