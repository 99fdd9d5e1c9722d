"""Catalogues written in GNU gettext's own format, by GNU gettext itself.

`make extract`, `make update-po` and `make init-lang` decide *what* a catalogue holds with
Babel (extraction, merging, fuzzy matching); the bytes are written by GNU `msgcat`, the
writer of msgmerge, msgattrib and the gettext-based editors (Lokalize, gtranslator, Poedit's
"wrap as gettext does"). So what a translator's tool saves is what `make update-po` writes:
width 79, lines broken after the space or hyphen where gettext breaks them, comments kept as
written, no blank line at the end. Babel's own writer (width 76, breaks before the space,
re-wrapped comments, obsolete entries wrapped at ~35 columns) made every save a
thousand-line diff.

`serialize` writes the catalogue unwrapped (every string on one line: the wrapping is
msgcat's alone); `gnu_format` runs msgcat on it. GNU gettext is a tool of the machine
(`tests/ensure-system` installs it for the tests); a build (`make site`) never needs it.
"""

import shutil
import subprocess

from babel.messages.pofile import escape

from generator.errors import BuildError

WIDTH = 79  # gettext's default page width (msgcat, msgmerge, xgettext)
INSTALL = "install GNU gettext (Debian, Ubuntu: sudo apt-get install gettext; macOS: brew install gettext)"


def tool(name):
    """The path of a GNU gettext program, or a BuildError that says how to install it."""
    path = shutil.which(name)
    if path is None:
        raise BuildError(f"GNU gettext's {name} is needed to write catalogues in gettext's own "
                         f"format, and it is not on PATH: {INSTALL}")
    return path


def serialize(catalog):
    """The catalogue as unwrapped .po text (bytes): the header, then each live entry.

    Obsolete entries are left out (git keeps the history, and a changed message is matched,
    fuzzy, while its old entry is still live), and so are previous msgids (`#|`). A fuzzy flag
    on an entry with no translation means nothing (msgmerge drops it too): it is not written.
    """
    lines = [line for line in (catalog.header_comment or "").splitlines()]
    if catalog.fuzzy:
        lines.append("#, fuzzy")
    lines += ['msgid ""', "msgstr " + escape(header_fields(catalog))]
    for message in catalog:
        if not message.id:
            continue  # the header, written above
        lines.append("")
        lines += [("# " + comment).rstrip() for comment in message.user_comments]
        lines += [("#. " + comment).rstrip() for comment in message.auto_comments]
        locations = dict.fromkeys(
            f"{file}:{line}" if line else file
            for file, line in sorted(message.locations, key=lambda loc: (loc[0], loc[1] or -1)))
        if locations:
            lines.append("#: " + " ".join(locations))
        flags = sorted(message.flags - ({"fuzzy"} if not _translated(message) else set()))
        if flags:
            lines.append("#, " + ", ".join(flags))
        if message.context is not None:
            lines.append("msgctxt " + escape(message.context))
        if isinstance(message.id, (list, tuple)):
            lines.append("msgid " + escape(message.id[0]))
            lines.append("msgid_plural " + escape(message.id[1]))
            strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            for index in range(catalog.num_plurals):
                text = strings[index] if index < len(strings) else ""
                lines.append(f"msgstr[{index}] " + escape(text or ""))
        else:
            lines.append("msgid " + escape(message.id))
            lines.append("msgstr " + escape(message.string or ""))
    return ("\n".join(lines) + "\n").encode("utf-8")


# The order msgmerge writes a header's fields in (gettext's msgmerge.c); others follow as they are.
HEADER_ORDER = ("Project-Id-Version", "Report-Msgid-Bugs-To", "POT-Creation-Date", "PO-Revision-Date",
                "Last-Translator", "Language-Team", "Language", "MIME-Version", "Content-Type",
                "Content-Transfer-Encoding", "Plural-Forms")


def header_fields(catalog):
    """The header entry's text as msgmerge writes it: its fields in gettext's order, the
    charset spelt `UTF-8` (Babel writes `utf-8`; msgmerge would change it)."""
    fields = dict(catalog.mime_headers)
    if fields.get("Content-Type", "").lower() == "text/plain; charset=utf-8":
        fields["Content-Type"] = "text/plain; charset=UTF-8"
    order = [name for name in HEADER_ORDER if name in fields]
    order += [name for name in fields if name not in HEADER_ORDER]
    # (Babel's own Generated-By value ends with a newline of its own.)
    return "".join(f"{name}: {fields[name].rstrip()}\n" for name in order)


def _translated(message):
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return any(strings)


def gnu_format(data, path):
    """`data` (a .po file's bytes) as GNU msgcat writes it; `path` names it in errors."""
    try:
        result = subprocess.run([tool("msgcat"), f"--width={WIDTH}", "--output-file=-", "-"],
                                input=data, capture_output=True, timeout=60, check=False)
    except subprocess.TimeoutExpired:
        raise BuildError("msgcat did not finish within 60 s", path) from None
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().replace("<stdin>", str(path))
        raise BuildError("msgcat refused the catalogue it was given to write: " + message, path)
    return result.stdout


def dumps(catalog, path):
    """The catalogue's bytes in GNU gettext's format (serialize, then msgcat)."""
    return gnu_format(serialize(catalog), path)


def msgfmt_check(path):
    """GNU msgfmt's checks of one catalogue: formats against the msgid, the header's fields
    (a .pot's "Language" is left empty by design, so only .po headers), domain directives.
    Returns msgfmt's complaints, one per line; an empty list when it is clean."""
    checks = ["--check-format", "--check-domain"]
    if str(path).endswith(".po"):
        checks.append("--check-header")
    result = subprocess.run([tool("msgfmt"), *checks, "--output-file=/dev/null", str(path)],
                            capture_output=True, timeout=60, check=False, text=True)
    problems = result.stderr.strip().splitlines()
    if result.returncode != 0 and not problems:
        problems = [f"{path}: msgfmt exited with {result.returncode}"]
    return problems
