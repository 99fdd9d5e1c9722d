"""Load the .po catalogues of every language, check them, and translate with English fallback.

A message that is missing, empty or fuzzy is shown in English (the msgid) and reported as a
`Gap`; a plural entry with any empty form falls back to English as a whole, never half-filled.
A translation whose placeholders (`{name}`, `%(name)s`, `[[7H 8H]]` card chips) differ from
its source is an error naming the .po file and line: it would break or falsify the page.
"""

import gettext
import io
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import PoFileError, read_po

from generator.config import DOMAINS, SOURCE_LANGUAGE
from generator.errors import BuildError

_FORMAT_CODES = re.compile(r"%%|%\([A-Za-z_]\w*\)[sdifr]")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}|%\([A-Za-z_]\w*\)[sdifr]|\[\[[^\[\]]*\]\]")


@dataclass(frozen=True)
class Gap:
    """A message shown in English because its translation is missing or fuzzy."""

    path: str
    line: int
    state: str  # "untranslated" or "fuzzy"
    msgid: str


class Messages:
    """The translations of one domain in one language; gettext-style lookups fall back to English."""

    def __init__(self, entries, plural):
        self._entries = entries  # (context, msgid) -> str, or tuple of plural forms
        self._plural = plural  # n -> index of the plural form

    def gettext(self, message):
        return self._entries.get((None, message), message)

    def pgettext(self, context, message):
        return self._entries.get((context, message), message)

    def ngettext(self, singular, plural, n):
        return self.npgettext(None, singular, plural, n)

    def npgettext(self, context, singular, plural, n):
        forms = self._entries.get((context, singular))
        if forms is None:
            return singular if n == 1 else plural
        return forms[self._plural(n)]


@dataclass(frozen=True)
class LanguageCatalogs:
    lang: str
    domains: dict  # domain -> Messages
    gaps: tuple  # of Gap
    total: int  # messages in the catalogues (translated or not)

    def __getitem__(self, domain):
        return self.domains[domain]

    @property
    def translated(self):
        return self.total - len(self.gaps)


def load_language(config, lang):
    """Every domain's catalogue for `lang`; raises BuildError on any unusable catalogue."""
    domains, gaps, total = {}, [], 0
    for domain in DOMAINS:
        messages, domain_gaps, count = load_catalog(config.po_path(lang, domain), lang, domain)
        domains[domain] = messages
        total += count
        if lang != SOURCE_LANGUAGE:
            gaps.extend(domain_gaps)
    return LanguageCatalogs(lang, domains, tuple(gaps), total)


def read_catalog(path, lang):
    """Parse one .po file strictly: a syntax error is a BuildError at its line."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BuildError("missing catalogue (run `make update-po` or `make init-lang`)", path) from None
    check_syntax(data, path)
    try:
        return read_po(io.BytesIO(data), locale=lang, abort_invalid=True)
    except PoFileError as exc:
        raise BuildError("invalid .po syntax: " + str(exc).rsplit(" on ", 1)[0], path, exc.lineno) from None
    except (ValueError, UnicodeDecodeError, SyntaxError) as exc:
        raise BuildError("unreadable catalogue: " + str(exc), path) from None


_KEYWORD_LINE = re.compile(r'(msgctxt|msgid|msgid_plural|msgstr|msgstr\[(\d+)\])[ \t]+"(?:[^"\\]|\\.)*"[ \t]*')
_STRING_LINE = re.compile(r'"(?:[^"\\]|\\.)*"[ \t]*')


def check_syntax(data, path):
    """Babel's reader silently repairs some broken lines (an unclosed quote loses a character),
    so each line is checked first: a comment, a keyword with one quoted string, or a string."""
    entry = set()
    for number, raw in enumerate(data.split(b"\n"), 1):
        line = raw.decode("utf-8", "replace").strip()
        if line.startswith("#~"):
            line = line[2:].strip()  # obsolete entries follow the same syntax
        elif line.startswith("#") or not line:
            if not line:
                entry = set()
            continue
        if _STRING_LINE.fullmatch(line):
            if not entry:
                raise BuildError("invalid .po syntax: a string outside any entry", path, number)
            continue
        match = _KEYWORD_LINE.fullmatch(line)
        if not match:
            raise BuildError("invalid .po syntax: expected a keyword and one \"quoted\" string, "
                             "got " + repr(line[:60]), path, number)
        keyword = "msgstr[]" if match.group(2) else match.group(1)
        if keyword in ("msgctxt", "msgid") and {"msgstr", "msgstr[]"} & entry:
            entry = set()  # a new entry without a blank line before it
        key = match.group(1)
        if key in entry:
            raise BuildError("invalid .po syntax: " + key + " twice in one entry", path, number)
        if keyword == "msgstr[]" and "msgid_plural" not in entry:
            raise BuildError("invalid .po syntax: msgstr[N] without msgid_plural", path, number)
        if keyword == "msgstr" and "msgid_plural" in entry:
            raise BuildError("invalid .po syntax: plural entries need msgstr[N]", path, number)
        entry.update((key, keyword))


def load_catalog(path, lang, domain):
    """Returns (Messages, gaps, message count) for one .po file."""
    catalog = read_catalog(path, lang)
    plural = _plural_function(catalog, path)
    entries, gaps, count = {}, [], 0
    for message in catalog:
        if not message.id:
            continue  # the header
        count += 1
        key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            gaps.append(Gap(str(path), message.lineno, "fuzzy" if message.fuzzy else "untranslated",
                            key[1]))
            continue
        check_placeholders(message, path)
        if domain == "site":
            check_percent_signs(message, path)
        entries[key] = message.string
    return Messages(entries, plural), gaps, count


def _plural_function(catalog, path):
    try:
        return gettext.c2py(catalog.plural_expr)
    except (ValueError, SyntaxError):
        raise BuildError("invalid Plural-Forms header: " + repr(catalog.plural_forms), path) from None


def placeholders(text):
    """The placeholders of a text: `{name}`, `%(name)s` and card chips (spacing ignored)."""
    return {" ".join(p.split()).upper() if p.startswith("[[") else p for p in _PLACEHOLDER.findall(text)}


def check_placeholders(message, path):
    """Raise BuildError when a translation's placeholders differ from its source's."""
    if isinstance(message.id, str):
        source = placeholders(message.id)
        found = placeholders(message.string)
        if found != source:
            _mismatch(path, message, found - source, source - found)
        return
    # A plural form may drop a placeholder (a French singular can omit the number), but no
    # form may invent one, and the last, general form must carry all of msgid_plural's.
    source = placeholders(message.id[0]) | placeholders(message.id[1])
    for form in message.string:
        extra = placeholders(form) - source
        if extra:
            _mismatch(path, message, extra, set())
    missing = placeholders(message.id[1]) - placeholders(message.string[-1])
    if missing:
        _mismatch(path, message, set(), missing)


def check_percent_signs(message, path):
    """Template messages are always %-formatted (Jinja newstyle gettext): "%" must be "%%"."""
    for string in message.string if isinstance(message.string, tuple) else (message.string,):
        if "%" in _FORMAT_CODES.sub("", string):
            raise BuildError("a lone % in a template translation: write %% (e.g. \"100 %%\")",
                             path, message.lineno)


def _mismatch(path, message, extra, missing):
    details = []
    if extra:
        details.append("not in the source: " + ", ".join(sorted(extra)))
    if missing:
        details.append("missing: " + ", ".join(sorted(missing)))
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    raise BuildError("placeholder mismatch in the translation of " + repr(_short(msgid)) + " ("
                     + "; ".join(details) + ")", path, message.lineno)


def _short(text, width=60):
    return text if len(text) <= width else text[:width - 1] + "…"
