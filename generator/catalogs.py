"""Load the .po catalogues of every language, check them, and translate with English fallback.

A message that is missing, empty, only spaces or fuzzy is shown in English (the msgid) and
reported as a `Gap`; a plural entry with any empty form falls back to English as a whole,
never half-filled. An entry the domain's .pot does not have is never shown, and is named in a
warning. Everything a translator's tools would reject is an error naming the .po file and line, never
a traceback: broken syntax, a header that is not UTF-8 or whose Plural-Forms rule gives a bad
index (generator.plurals), a duplicate msgid, an unknown escape, and whatever a checker of
generator.checkers refuses (placeholders, a translation's structure, stray % signs, shortcut
keys).
"""

import io
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import TranslationError
from babel.messages.pofile import PoFileError, read_po

from generator.checkers import all_checkers, forms, short, shortcut_warnings, shown_in_english
from generator.config import DOMAINS, SOURCE_LANGUAGE
from generator.errors import BuildError
from generator.plurals import (
    PluralError,
    expected_counts,
    first_difference,
    plural_function,
    suggested,
)
from generator.poheader import check_header, fuzzy_warning, quoted, read_header
from generator.projectfiles import check_inside
from generator.readtext import BOM


@dataclass(frozen=True)
class Gap:
    """A message shown in English because its translation is missing or fuzzy."""

    path: str
    line: int
    state: str  # "untranslated", "only spaces" or "fuzzy"
    msgid: str


class Messages:
    """The checked translations of one domain in one language; gettext-style lookups fall back
    to English. The `game` domain's reach the page as they are (generator.gamecatalog)."""

    def __init__(self, entries, plural):
        self._entries = entries  # (context, msgid) -> str, or tuple of plural forms
        self._plural = plural  # the catalogue's generator.plurals.PluralRule (n -> form index)

    @property
    def plural(self):
        return self._plural

    def items(self):
        """((context, msgid), str or tuple of forms) of every translation kept."""
        return self._entries.items()

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


def load_language(config, lang, expected=None):
    """Every domain's catalogue for `lang`, each file read once; raises BuildError on any
    unusable catalogue. `expected`: {domain: the keys of the code's messages}
    (generator.stats.expected_messages), whose other entries are warned about and left out."""
    domains, gaps, parsed, warnings = {}, [], {}, []
    for domain in DOMAINS:
        path = config.po_path(lang, domain)
        if path.exists():
            check_inside(path, config.root)
        data = _read_bytes(path)
        parsed[domain] = parse_catalog(data, path, lang, domain)
        messages, domain_gaps, _, domain_warnings = check_catalog(
            parsed[domain], path, lang, (expected or {}).get(domain) if lang != SOURCE_LANGUAGE else None,
            read_header(data))
        domains[domain] = messages
        warnings.extend(domain_warnings)
        if lang != SOURCE_LANGUAGE:
            gaps.extend(domain_gaps)
    return LanguageCatalogs(lang, domains, tuple(gaps), parsed, tuple(warnings))


def read_catalog(path, lang, domain=None):
    """Parse one .po file strictly: a syntax error is a BuildError at its line."""
    return parse_catalog(_read_bytes(path), path, lang, domain)


def _read_bytes(path):
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise BuildError("missing catalogue (run `make update-po` or `make init-lang`)", path) from None


def parse_catalog(data, path, lang, domain=None):
    """The .po file's bytes (`data`, read from `path`) parsed strictly, as `read_catalog`."""
    check_syntax(data, path, lang)
    try:
        return read_po(io.BytesIO(_KEYWORD_TAB.sub(rb"\1 ", data)), locale=lang, domain=domain,
                       abort_invalid=True)
    except PoFileError as exc:
        raise BuildError("invalid .po syntax: " + str(exc).rsplit(" on ", 1)[0], path, exc.lineno) from None
    except (ValueError, UnicodeDecodeError, SyntaxError) as exc:
        raise BuildError("unreadable catalogue: " + str(exc), path) from None


# GNU gettext accepts a tab between a keyword and its string, Babel's reader does not: it reads
# a copy with a space there (same lines).
_KEYWORD_TAB = re.compile(rb'^([ \t]*(?:#~[ \t]*)?(?:msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?))'
                          rb'[ \t]+(?=")', re.M)
_KEYWORD_LINE = re.compile(r'(msgctxt|msgid|msgid_plural|msgstr|msgstr\[(\d+)\])[ \t]+"((?:[^"\\]|\\.)*)"[ \t]*')
_STRING_LINE = re.compile(r'"((?:[^"\\]|\\.)*)"[ \t]*')
_ESCAPE = re.compile(r"\\(.)")
_ESCAPES = set('\\"ntr')  # the escapes Babel's reader (and so the page) understands


def check_syntax(data, path, lang=None):
    """Babel's reader silently repairs some broken lines (an unclosed quote loses a character),
    takes the first of two entries with one msgid and shows an unknown escape (\\q) as
    written, so each line is checked first: a comment, a keyword with one quoted string, or a
    string; every escape known, every msgid (with its msgctxt) once."""
    if data.startswith(BOM):
        raise BuildError("the file starts with a byte-order mark (BOM): save it as UTF-8 "
                         "without BOM", path, 1)
    lone_cr = re.search(rb"\r(?!\n)", data)
    if lone_cr:
        raise BuildError("a line ends with a lone CR (old Mac line endings), so the file reads "
                         "as one line: save it with LF (Unix) or CRLF (Windows) line endings",
                         path, data.count(b"\n", 0, lone_cr.start()) + 1)
    nplurals, _ = check_header(data, path, lang)
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


def _check_escapes(text, path, number):
    for escape in _ESCAPE.findall(text):
        if escape not in _ESCAPES:
            raise BuildError("unknown escape \\" + escape + " in a string: only \\n \\t \\\" and "
                             "\\\\ are escapes (write \\\\" + escape + " for a backslash)",
                             path, number)


def load_catalog(path, lang, domain):
    """Returns (Messages, gaps, message count, warnings) for one .po file."""
    return check_catalog(read_catalog(path, lang, domain), path, lang)


def check_catalog(catalog, path, lang, expected=None, header=None):
    """Check a parsed catalogue (raises BuildError); returns what `load_catalog` returns.

    With `expected`, the (context, msgid) keys of the domain's .pot, an entry that is not one
    of them is left out of the returned Messages (it is never shown: a page looks up only the
    template's messages) and named in a warning: a misspelt msgctxt, an edited msgid, or one
    the sources dropped. `header`: the file's header (generator.poheader.read_header), when
    the caller has read the file already."""
    plural, warnings = _plural_function(catalog, path, lang, header)
    checkers = all_checkers()
    entries, gaps, count, stale = {}, [], 0, []
    for message in catalog:
        if not message.id:
            continue  # the header
        count += 1
        key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
        if message.fuzzy:
            gaps.append(Gap(str(path), message.lineno, "fuzzy", key[1]))
            continue
        if any(forms(message)):  # a translation, even of spaces only: each checker decides
            for checker in checkers:
                try:
                    checker(catalog, message)
                except TranslationError as exc:
                    raise BuildError(str(exc), path, message.lineno) from None
        if shown_in_english(message):
            state = "untranslated" if not all(forms(message)) else "only spaces"
            gaps.append(Gap(str(path), message.lineno, state, key[1]))
        elif expected and (message.context, message.id) not in expected:
            stale.append(message)
        else:
            entries[key] = message.string
    warnings = warnings + tuple(_stale_warnings(stale, path))
    if catalog.domain == "game" and lang != SOURCE_LANGUAGE:
        warnings += tuple(shortcut_warnings(catalog, path))
    return Messages(entries, plural), gaps, count, warnings


SHOWN_STALE = 5  # stale entries named one by one in the build log


def _stale_warnings(stale, path):
    for message in stale[:SHOWN_STALE]:
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        context = "" if message.context is None else "msgctxt " + repr(message.context) + " "
        yield (f"warning: {path}:{message.lineno}: {context}msgid {short(msgid)!r} is not in "
               f"{Path(path).stem}.pot, so it is not published: fix the msgctxt or msgid as the "
               "template has it, or run make update-po (which removes it)")
    if len(stale) > SHOWN_STALE:
        yield (f"warning: {path}: {len(stale) - SHOWN_STALE} more entries not in "
               f"{Path(path).stem}.pot, not published (make update-po removes them)")


def _plural_function(catalog, path, lang, header=None):
    """The catalogue's n -> form index, checked; and a warning if nplurals is unusual."""
    if header is None:
        header = read_header(Path(path).read_bytes())
    line = header.line("Plural-Forms")
    try:
        function = plural_function(catalog.plural_expr, catalog.num_plurals)
    except PluralError as exc:
        raise BuildError("invalid Plural-Forms header " + quoted(catalog.plural_forms) + ": "
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
    if lang is not None and fuzzy_warning(header, path):
        warnings.append(fuzzy_warning(header, path))
    return function, tuple(warnings)
