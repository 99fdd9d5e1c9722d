"""Translation checkers in Babel's checker protocol: `checker(catalog, message)` raises
`babel.messages.catalog.TranslationError`.

They are registered as `babel.checkers` entry points (pyproject.toml), so Babel's own
`Catalog.check()` and `pybabel compile` run them beside Babel's `num_plurals` and
`python_format`; generator.catalogs runs the same list on every translated message.

- placeholders: `{name}`, `%(name)s` and card chips `[[7H 8H]]` of the translation match the
  source's; braces count as written, so `{{card}}` is not `{card}` (the page substitutes
  `{card}` literally and would show the braces), and `{0}`, `{card.name}`, `{card:>9}` or a
  lone `{` the source does not have are refused.
- structure: in the `content` and `site` domains a translation cannot change the page's
  structure: it may not start another kind of Markdown block (a paragraph translated as
  `# ...` would become a heading), nor add an image, a link target or an HTML tag its source
  does not have. The `game` domain's messages are plain text the page escapes, so a tag would
  be shown as typed: an HTML tag its source does not have is refused there too.
- percent_signs: in the `site` domain (Jinja newstyle gettext %-formats every message) a
  lone "%" must be written "%%".
- shortcuts: a game shortcut (context "shortcut", game.web.words.keys) is one letter, not "?" (the
  help's key), and no other translated command of the language has it. A fuzzy, untranslated
  or missing shortcut whose English letter a translated one has is not the translator's doing
  (a new English command, say): `shortcut_warnings` names it, and the game gives that command
  no key until it is translated (game.web.words.keys.command_keys).
"""

import re
from dataclasses import dataclass

# Not from babel.messages.checkers: importing that module loads the registered checkers, this
# module among them, which would then be only half initialised.
from babel.messages.catalog import TranslationError

_FORMAT_CODES = re.compile(r"%%|%\([A-Za-z_]\w*\)[sdifr]")
# Any brace group counts as written, `{0}`, `{}`, `{card.attr}`, `{card:>9}` included, and so
# does a lone brace: the page fills `{name}` by plain replacement (game.web.words.i18n.fmt), so
# anything else would be shown as typed.
_PLACEHOLDER = re.compile(r"\{+[^{}\s]*\}+|%\([A-Za-z_]\w*\)[sdifr]|\[\[[^\[\]]*\]\]|[{}]")


def found_placeholders(text):
    """The placeholders of a text as written: `{name}`, `{{name}}`, any other brace group or
    lone brace, `%(name)s`, card chips (their spacing and case ignored)."""
    return {" ".join(p.split()).upper() if p.startswith("[[") else p
            for p in _PLACEHOLDER.findall(text)}


def forms(message):
    """The translation's forms: a tuple of one string, or of the plural forms."""
    return message.string if isinstance(message.string, tuple) else (message.string,)


def shown_in_english(message):
    """True when the site shows the source instead: the entry is fuzzy, or a form is empty or
    only spaces (a blank translation would publish an empty button or heading). Such a
    translation is not checked: it never reaches a page."""
    return message.fuzzy or not all(form and form.strip() for form in forms(message))


def placeholders(catalog, message):
    """The translation's placeholders are the source's (every plural form checked)."""
    if not message.id or shown_in_english(message):
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
# A link's whole parenthesis counts, its title included: a title added by a translation could
# end up inside the href once the sanitizer has escaped its quotes.
_LINK_TARGET = re.compile(r"\]\(\s*<?([^)]*?)>?\s*\)|\]\[([^\]]*)\]|<((?:https?|mailto|ftp):[^>\s]*)>"
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
    """The translation has the source's block type, images, link targets and HTML tags (the
    game's messages: its HTML tags)."""
    if catalog is None or catalog.domain not in ("content", "site", "game") or not message.id \
            or shown_in_english(message):
        return
    sources = message.id if isinstance(message.id, tuple) else (message.id,)
    source = " ".join(sources)
    for form in message.string if isinstance(message.string, tuple) else (message.string,):
        _refuse_extra("HTML", _tags(form) - _tags(source),
                      "use only the source's tags, or write &lt; for a <")
        if catalog.domain == "game":
            continue  # plain text, escaped by the page: a tag would show as typed
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
    return {" ".join(next(filter(None, groups)).split()) for groups in _LINK_TARGET.findall(text)
            if any(groups)}


def _tags(text):
    return {"<!--" if m.group(0) == "<!--" else "<" + m.group(2).lower() + ">"
            for m in _HTML_TAG.finditer(text)}


def _refuse_extra(what, extra, advice):
    if extra:
        raise TranslationError(what + " the source does not have: " + ", ".join(sorted(extra))
                               + "; " + advice)


def percent_signs(catalog, message):
    """Template messages are always %-formatted (Jinja newstyle gettext): "%" must be "%%"."""
    if catalog is None or catalog.domain != "site" or not message.id or shown_in_english(message):
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


SHORTCUT = "shortcut"  # the context of the game's shortcut letters (game.web.words.keys)


def shortcuts(catalog, message):
    """A translated shortcut is one letter no other command of the catalogue has."""
    if message.context != SHORTCUT or message.fuzzy or not isinstance(message.string, str) \
            or not message.string:
        return
    from game.web.words.keys import HELP_KEY, is_key

    if message.string == HELP_KEY:
        raise TranslationError("? is the key that lists the shortcuts: choose a letter of your "
                               "language's word for this command")
    if not is_key(message.string):
        raise TranslationError(f"the shortcut {message.string!r} is not one letter: write one "
                               "letter of your language's word for the command (no space, "
                               "digit, quote or sign)")
    if catalog is None:
        return
    mine = message.string.lower()
    for letter, found in _shortcut_keys(catalog, message.lineno).items():
        # Of two translations on one key, the later entry is the one named.
        if letter != message.id and found.key == mine and found.state == "translated" and not found.later:
            raise TranslationError(f"two commands on one key: {message.string!r} is also the key "
                                   f"of the shortcut {letter!r} ({found.where}): give each command "
                                   "its own letter (see the other \"shortcut\" messages)")


def shortcut_warnings(catalog, path):
    """Build-log lines for each fuzzy, untranslated or missing shortcut whose English letter a
    translated command of the language has: the message to translate, and the command's."""
    from game.web.words.keys import english, letters

    found = _shortcut_keys(catalog, None)
    translated = {f.key: letter for letter, f in found.items() if f.state == "translated"}
    commands = {letter: command for command, letter in letters(english).items()}
    for letter, mine in found.items():
        other = translated.get(mine.key)
        if mine.state == "translated" or other is None:
            continue
        entry = catalog.get(letter, context=SHORTCUT)
        at = f"{path}:{entry.lineno}" if entry is not None else str(path)
        todo = f"translate msgctxt \"shortcut\" msgid {letter!r} (one letter no other command has)"
        yield (f"warning: {at}: the shortcut {letter!r} ({commands[letter]}) is {mine.state}, and "
               f"its English letter is the key of {commands[other]} in this language ({other!r} "
               f"translated as {mine.key.upper()!r}, {found[other].where}): {commands[letter]} has "
               f"no key until you " + ("run make update-po and " if entry is None else "") + todo)


@dataclass(frozen=True)
class _Key:
    key: str  # the key the game uses, lower case
    state: str  # "translated", "fuzzy", "untranslated", "not a letter" or "missing"
    where: str  # for a message: "line 57", or why the English letter is used
    later: bool = False  # a translation after the line being checked


def _shortcut_keys(catalog, line):
    """{English letter: _Key} for every shortcut of the code."""
    from game.web.words.keys import english, is_key, letters

    found = {}
    for letter in letters(english).values():
        entry = catalog.get(letter, context=SHORTCUT)
        if entry is None:
            found[letter] = _Key(letter.lower(), "missing", "missing from this catalogue, so the "
                                 "game uses the English " + letter + ": run make update-po")
        elif entry.fuzzy or not isinstance(entry.string, str) or not is_key(entry.string):
            state = "fuzzy" if entry.fuzzy else "untranslated" if not entry.string else "not a letter"
            found[letter] = _Key(letter.lower(), state, f"line {entry.lineno}, {state}, so the game "
                                 f"uses the English {letter}")
        else:
            found[letter] = _Key(entry.string.lower(), "translated", f"line {entry.lineno}",
                                 line is not None and (entry.lineno or 0) > line)
    return found


OURS = (placeholders, structure, percent_signs, shortcuts)


def all_checkers():
    """Ours first (their messages are the most specific), then Babel's registered ones."""
    from babel.messages.checkers import checkers

    return list(OURS) + [checker for checker in checkers if checker not in OURS]
