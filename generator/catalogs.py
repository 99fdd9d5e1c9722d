"""Load the .po catalogues of every language, check them, and translate with English fallback.

A message that is missing, empty or fuzzy is shown in English (the msgid) and reported as a
`Gap`; a plural entry with any empty form falls back to English as a whole, never half-filled.
Everything a translator's tools would reject is an error naming the .po file and line, never
a traceback: broken syntax, a header that is not UTF-8 or whose Plural-Forms rule gives a bad
index (generator.plurals), a duplicate msgid, an unknown escape, and whatever a checker of
generator.checkers refuses (placeholders, a translation's structure, stray % signs).
"""

import io
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import TranslationError
from babel.messages.pofile import PoFileError, read_po

from generator.checkers import all_checkers
from generator.config import DOMAINS, SOURCE_LANGUAGE
from generator.errors import BuildError
from generator.plurals import (
    PluralError,
    expected_counts,
    first_difference,
    plural_function,
    suggested,
)
from generator.projectfiles import check_inside
from generator.readtext import BOM


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
    parsed: dict  # domain -> babel Catalog, as read (for generator.stats)
    warnings: tuple = ()  # lines for the build log (e.g. an unusual nplurals)

    def __getitem__(self, domain):
        return self.domains[domain]


def load_language(config, lang):
    """Every domain's catalogue for `lang`; raises BuildError on any unusable catalogue."""
    domains, gaps, parsed, warnings = {}, [], {}, []
    for domain in DOMAINS:
        path = config.po_path(lang, domain)
        if path.exists():
            check_inside(path, config.root)
        parsed[domain] = read_catalog(path, lang, domain)
        messages, domain_gaps, _, domain_warnings = check_catalog(parsed[domain], path, lang)
        domains[domain] = messages
        warnings.extend(domain_warnings)
        if lang != SOURCE_LANGUAGE:
            gaps.extend(domain_gaps)
    return LanguageCatalogs(lang, domains, tuple(gaps), parsed, tuple(warnings))


def read_catalog(path, lang, domain=None):
    """Parse one .po file strictly: a syntax error is a BuildError at its line."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BuildError("missing catalogue (run `make update-po` or `make init-lang`)", path) from None
    check_syntax(data, path)
    try:
        return read_po(io.BytesIO(data), locale=lang, domain=domain, abort_invalid=True)
    except PoFileError as exc:
        raise BuildError("invalid .po syntax: " + str(exc).rsplit(" on ", 1)[0], path, exc.lineno) from None
    except (ValueError, UnicodeDecodeError, SyntaxError) as exc:
        raise BuildError("unreadable catalogue: " + str(exc), path) from None


_KEYWORD_LINE = re.compile(r'(msgctxt|msgid|msgid_plural|msgstr|msgstr\[(\d+)\])[ \t]+"((?:[^"\\]|\\.)*)"[ \t]*')
_STRING_LINE = re.compile(r'"((?:[^"\\]|\\.)*)"[ \t]*')
_ESCAPE = re.compile(r"\\(.)")
_ESCAPES = set('\\"ntr')  # the escapes Babel's reader (and so the page) understands


def check_syntax(data, path):
    """Babel's reader silently repairs some broken lines (an unclosed quote loses a character),
    takes the first of two entries with one msgid and shows an unknown escape (\\q) as
    written, so each line is checked first: a comment, a keyword with one quoted string, or a
    string; every escape known, every msgid (with its msgctxt) once."""
    if data.startswith(BOM):
        raise BuildError("the file starts with a byte-order mark (BOM): save it as UTF-8 "
                         "without BOM", path, 1)
    nplurals = check_header(data, path)
    entry, strings, seen = set(), {}, {}

    def end_entry():
        if "msgid" in strings and not strings["obsolete"]:
            key = (strings.get("msgctxt"), strings["msgid"][0])
            if key in seen:
                raise BuildError("duplicate msgid (first at line " + str(seen[key]) + "): keep one "
                                 "entry and delete the other", path, strings["msgid"][1])
            seen[key] = strings["msgid"][1]
        entry.clear()
        strings.clear()

    current = None
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            raise BuildError("not UTF-8: save the catalogue as UTF-8", path, number) from None
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()  # obsolete entries follow the same syntax
        elif line.startswith("#") or not line:
            if not line:
                end_entry()
            continue
        string = _STRING_LINE.fullmatch(line)
        if string:
            if not entry:
                raise BuildError("invalid .po syntax: a string outside any entry", path, number)
            _check_escapes(string.group(1), path, number)
            if current in strings:
                strings[current] = (strings[current][0] + string.group(1), strings[current][1])
            continue
        match = _KEYWORD_LINE.fullmatch(line)
        if not match:
            raise BuildError("invalid .po syntax: expected a keyword and one \"quoted\" string, "
                             "got " + repr(line[:60]), path, number)
        _check_escapes(match.group(3), path, number)
        keyword = "msgstr[]" if match.group(2) else match.group(1)
        if keyword in ("msgctxt", "msgid") and {"msgstr", "msgstr[]"} & entry:
            end_entry()  # a new entry without a blank line before it
        key = match.group(1)
        if key in entry:
            raise BuildError("invalid .po syntax: " + key + " twice in one entry", path, number)
        if keyword == "msgstr[]" and "msgid_plural" not in entry:
            raise BuildError("invalid .po syntax: msgstr[N] without msgid_plural", path, number)
        if keyword == "msgstr" and "msgid_plural" in entry:
            raise BuildError("invalid .po syntax: plural entries need msgstr[N]", path, number)
        if match.group(2) and nplurals is not None and int(match.group(2)) >= nplurals:
            raise BuildError(f"{key}, but the Plural-Forms header says nplurals={nplurals}: "
                             f"write forms msgstr[0] to msgstr[{nplurals - 1}]", path, number)
        entry.update((key, keyword))
        current = key
        strings.setdefault("obsolete", obsolete)
        if key in ("msgctxt", "msgid", "msgstr"):
            strings[key] = (match.group(3), number)
    end_entry()


_HEADER_FIELD = re.compile(rb'^\s*"(Plural-Forms|Content-Type):\s*(.*?)(?:\\n)?"\s*$', re.M)
_PLURAL_FORMS = re.compile(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*[^;]+;?")


def check_header(data, path):
    """The header's charset is UTF-8 and its Plural-Forms well formed; returns nplurals (or
    None when the header has no Plural-Forms: Babel then uses the language's)."""
    nplurals = None
    for match in _HEADER_FIELD.finditer(data):
        number = data.count(b"\n", 0, match.start()) + 1
        name, value = match.group(1).decode(), match.group(2).decode("utf-8", "replace").strip()
        if name == "Content-Type":
            charset = re.search(r"charset\s*=\s*([\w.-]+)", value)
            if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
                raise BuildError("the header declares charset=" + charset.group(1) + ": save the "
                                 "file as UTF-8 and write charset=UTF-8", path, number)
            continue
        forms = _PLURAL_FORMS.fullmatch(value)
        if not forms or int(forms.group(1)) < 1:
            raise BuildError("invalid Plural-Forms header " + repr(value) + ": write it as "
                             "\"nplurals=N; plural=EXPRESSION;\" with N at least 1", path, number)
        nplurals = int(forms.group(1))
    return nplurals


def _check_escapes(text, path, number):
    for escape in _ESCAPE.findall(text):
        if escape not in _ESCAPES:
            raise BuildError("unknown escape \\" + escape + " in a string: only \\n \\t \\\" and "
                             "\\\\ are escapes (write \\\\" + escape + " for a backslash)",
                             path, number)


def load_catalog(path, lang, domain):
    """Returns (Messages, gaps, message count, warnings) for one .po file."""
    return check_catalog(read_catalog(path, lang, domain), path, lang)


def check_catalog(catalog, path, lang):
    """Check a parsed catalogue (raises BuildError); returns what `load_catalog` returns."""
    plural, warnings = _plural_function(catalog, path, lang)
    checkers = all_checkers()
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
        for checker in checkers:
            try:
                checker(catalog, message)
            except TranslationError as exc:
                raise BuildError(str(exc), path, message.lineno) from None
        entries[key] = message.string
    return Messages(entries, plural), gaps, count, warnings


def _plural_function(catalog, path, lang):
    """The catalogue's n -> form index, checked; and a warning if nplurals is unusual."""
    line = _header_line(path, "Plural-Forms")
    try:
        function = plural_function(catalog.plural_expr, catalog.num_plurals)
    except PluralError as exc:
        raise BuildError("invalid Plural-Forms header " + repr(catalog.plural_forms) + ": "
                         + str(exc) + "; for " + lang + " write " + repr(suggested(lang)),
                         path, line) from None
    warnings = []
    if lang != SOURCE_LANGUAGE and catalog.num_plurals not in expected_counts(lang):
        warnings.append(f"warning: {path}:{line}: nplurals={catalog.num_plurals}, but {lang} has "
                        f"{' or '.join(map(str, sorted(expected_counts(lang))))} plural forms "
                        f"(CLDR); expected e.g. {suggested(lang)!r}")
    elif lang != SOURCE_LANGUAGE:
        n = first_difference(function, catalog.num_plurals, lang)
        if n is not None:
            warnings.append(f"warning: {path}:{line}: the plural rule gives form {function(n)} for "
                            f"n = {n}, unlike {lang}'s usual rule {suggested(lang)!r}")
    return function, tuple(warnings)


def _header_line(path, name):
    needle = ('"' + name + ":").encode()
    for number, line in enumerate(Path(path).read_bytes().split(b"\n"), 1):
        if line.lstrip().startswith(needle):
            return number
    return 1
