"""The header entry of a .po file (its first entry, `msgid ""`), read and checked on its own.

Only the header's msgstr is read as header fields, so a translation whose continuation line
happens to start with `"Plural-Forms: ` is text, not a second header; a field wrapped over two
string lines (a long Plural-Forms) is one field. Checked: the charset is UTF-8, Plural-Forms is
well formed, and Language names the language of the folder the file is in (a Vietnamese
catalogue saved into `fr/` would publish Vietnamese marked `lang="fr"`).
"""

import re
from dataclasses import dataclass

from babel import Locale, UnknownLocaleError

from generator.errors import BuildError

_STRING = re.compile(rb'^\s*(?:msgstr\s+)?"((?:[^"\\]|\\.)*)"\s*$')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_PLURAL_FORMS = re.compile(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*[^;]+;?")


@dataclass(frozen=True)
class Header:
    fields: dict  # name -> (value, line of the string where the field starts)
    fuzzy_line: int = 0  # the line of a `#, fuzzy` flag on the header entry, or 0

    def line(self, name):
        """The line of a field, or 1 when the header has none."""
        return self.fields.get(name, ("", 1))[1]


def read_header(data):
    """The header of a .po file's bytes; no fields when its first entry is not `msgid ""`."""
    lines = data.split(b"\n")
    index, fuzzy = 0, 0
    while index < len(lines) and (not lines[index].strip() or lines[index].lstrip().startswith(b"#")):
        if lines[index].lstrip().startswith(b"#,") and b"fuzzy" in lines[index]:
            fuzzy = index + 1
        index += 1
    if index + 1 >= len(lines) or lines[index].strip() != b'msgid ""' \
            or not lines[index + 1].lstrip().startswith(b"msgstr"):
        return Header({})
    fields, text, start = {}, "", None
    for number in range(index + 2, len(lines) + 1):
        match = _STRING.match(lines[number - 1])
        if not match:
            break
        piece = re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)),
                       match.group(1).decode("utf-8", "replace"))
        for part in re.split("(\n)", piece):
            if part == "\n":
                _add_field(fields, text, start)
                text, start = "", None
            elif part:
                start = start or number
                text += part
    _add_field(fields, text, start)
    return Header(fields, fuzzy)


def _add_field(fields, text, line):
    name, sep, value = text.partition(":")
    if sep and name.strip() not in fields:
        fields[name.strip()] = (value.strip(), line)


def check_header(data, path, lang=None):
    """Raise BuildError for a header a build cannot use; return (nplurals or None when there
    is no Plural-Forms, the Header). `lang`: the folder's language (None for a .pot)."""
    header = read_header(data)
    value, line = header.fields.get("Content-Type", ("", 1))
    charset = re.search(r"charset\s*=\s*([\w.-]+)", value)
    if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
        raise BuildError("the header declares charset=" + charset.group(1) + ": save the "
                         "file as UTF-8 and write charset=UTF-8", path, line)
    nplurals = None
    if "Plural-Forms" in header.fields:
        value, line = header.fields["Plural-Forms"]
        forms = _PLURAL_FORMS.fullmatch(value)
        if not forms or int(forms.group(1)) < 1:
            raise BuildError("invalid Plural-Forms header " + quoted(value) + ": write it as "
                             "\"nplurals=N; plural=EXPRESSION;\" with N at least 1", path, line)
        nplurals = int(forms.group(1))
    if lang is not None and header.fields.get("Language", ("",))[0]:
        _check_language(*header.fields["Language"], path, lang)
    return nplurals, header


def quoted(value, width=80):
    """A header's value for an error line: quoted, and cut short past `width` characters (a
    3,000-deep expression was echoed whole, one line of 6,000 characters)."""
    text = " ".join(value.split())
    return repr(text if len(text) <= width else text[:width - 1] + "…")


def _check_language(value, line, path, lang):
    try:
        declared = Locale.parse(value.replace("-", "_"))
    except (ValueError, TypeError, UnknownLocaleError):
        raise BuildError(f"the header's Language: {value!r} is not a language code: write "
                         f"Language: {lang}", path, line) from None
    if declared.language != Locale.parse(lang).language:
        raise BuildError(f"the header says Language: {value}, but the file is in the {lang} "
                         f"folder: a {declared.english_name} catalogue saved in the wrong "
                         f"folder? Move it to locales/{value}/LC_MESSAGES/, or if it is "
                         f"{Locale.parse(lang).english_name}, write Language: {lang}", path, line)


def fuzzy_warning(header, path):
    """The warning for a header marked fuzzy (as msginit and .pot headers are), or None.

    The build publishes such a catalogue (each entry keeps its own fuzzy flag) but says so:
    `pybabel compile` skips the whole file and msgfmt warns."""
    if not header.fuzzy_line:
        return None
    return (f"warning: {path}:{header.fuzzy_line}: the header entry (msgid \"\") is marked fuzzy: "
            "the build uses the catalogue, but pybabel compile skips it; check the header and "
            "delete the fuzzy flag")
