"""The messages the code has: extraction from the sources (babel.cfg), and what is out of step.

The code is the source of the words: the `.pot` templates are what `make extract` writes from
it, the `.po` files what `make update-po` merges into them. Coverage (the build, `make stats`)
counts the messages extracted from the sources now, not the `.pot`, so a new button's label
that nobody extracted counts as untranslated in every language and is named at its source
line; `drift` lists every way `make extract` or `make update-po` would change a catalogue, and
`make check` fails on any (tests/generator/test_sources.py).

A file's messages are kept in memory by (path, size, mtime) for the rebuilds of `make serve`,
which runs in one process; its generator code does not change while it runs.
"""

import os
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.util import pathmatch

from generator.config import DOMAINS
from generator.errors import BuildError
from generator.projectfiles import is_hidden
from generator.readtext import decode

COMMENT_TAGS = ("Translators:",)
_SKIP_DIRS = {".git", ".venv", "__pycache__", "node_modules", "site"}
_MEMO_SIZE = 4096
_memo = {}  # (path, size, mtime_ns, method, options) -> the extractor's results


def extraction_map(root):
    """babel.cfg as {domain: [(pattern, method, options)]}; each section names its domain."""
    path = Path(root) / "babel.cfg"
    try:
        with path.open(encoding="utf-8") as handle:
            method_map, options_map = parse_mapping_cfg(handle, str(path))
    except FileNotFoundError:
        raise BuildError("missing extraction map", path) from None
    except Exception as exc:  # configparser's errors name the line themselves
        raise BuildError("invalid extraction map: " + str(exc), path) from None
    by_domain = {domain: [] for domain in DOMAINS}
    for pattern, method in method_map:
        options = dict(options_map[pattern])
        domain = options.pop("domain", None)
        if domain not in by_domain:
            raise BuildError("section [" + method + ": " + pattern + "] needs `domain = ` one of "
                             + ", ".join(DOMAINS), path)
        by_domain[domain].append((pattern, method, options))
    return by_domain


def _matching_files(root, pattern):
    # Walk only the pattern's fixed leading folder, not the whole tree (.venv is large).
    fixed = []
    for part in pattern.split("/"):
        if any(c in part for c in "*?["):
            break
        fixed.append(part)
    base = Path(root, *fixed)
    if base.is_file():
        return [base] if pathmatch(pattern, pattern) else []
    found = []
    for folder, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
        for name in sorted(files):
            path = Path(folder, name)
            relative = path.relative_to(root).as_posix()
            # As the build reads them (generator.projectfiles): no hidden file or dangling link
            # (an editor's lock file). Messages are not published: a link out is the stage's
            # to refuse (the game's sources are linked in the tests' small projects).
            if pathmatch(pattern, relative) and not is_hidden(relative) and path.exists():
                found.append(path)
    return found


def _extract_file(method, path, options):
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns, method, tuple(sorted(options.items())))
    if key not in _memo:
        decode(path.read_bytes(), path)  # UTF-8, or an error at its line and column
        try:
            results = list(extract_from_file(method, path, keywords=DEFAULT_KEYWORDS,
                                             comment_tags=COMMENT_TAGS, options=options,
                                             strip_comment_tags=True))
        except BuildError:
            raise
        except Exception as exc:  # e.g. jinja2.TemplateSyntaxError, SyntaxError
            line = getattr(exc, "lineno", None)
            kind = "template syntax error" if method == "jinja2" else "cannot extract messages"
            raise BuildError(kind + ": " + str(getattr(exc, "message", None) or exc),
                             path, line) from None
        if len(_memo) >= _MEMO_SIZE:
            _memo.clear()
        _memo[key] = results
    return _memo[key]


def extract_domain(root, domain, sections, project):
    """A template Catalog of every message of one domain, with sources and translator notes."""
    catalog = Catalog(project=project, domain=domain, fuzzy=False, charset="utf-8")
    catalog.revision_date = catalog.creation_date
    for pattern, method, options in sections:
        for path in _matching_files(root, pattern):
            relative = path.relative_to(root).as_posix()
            for lineno, message, comments, context in _extract_file(method, path, options):
                catalog.add(message, None, [(relative, lineno)], auto_comments=comments,
                            context=context)
    return catalog


@dataclass(frozen=True)
class SourceMessages:
    """One domain's messages as the code has them now: {(context, msgid): "file:line"}, and
    the template Catalog they come from (the pseudo-locales are made from it)."""

    domain: str
    where: dict
    catalog: object

    def keys(self):
        return set(self.where)


def source_messages(config):
    """{domain: SourceMessages} extracted from the project's sources now."""
    found = {}
    for domain, sections in extraction_map(config.root).items():
        catalog = extract_domain(config.root, domain, sections, config.site_name)
        found[domain] = SourceMessages(domain, {
            (m.context, m.id): where(m) for m in catalog if m.id}, catalog)
    return found


def where(message):
    """A message's first source location, `file:line`."""
    file, line = sorted(message.locations, key=lambda loc: (loc[0], loc[1] or 0))[0]
    return f"{file}:{line}" if line else file


def short(text, size=60):
    return text if len(text) <= size else text[:size - 1] + "…"


def described(key):
    context, msgid = key
    msgid = msgid if isinstance(msgid, str) else msgid[0]
    return ("msgctxt " + repr(context) + " " if context is not None else "") + "msgid " + repr(short(msgid))


SHOWN_UNEXTRACTED = 5  # messages named one by one in the build log


def unextracted_warnings(config, found):
    """Build-log lines for the messages of the code (`found`: source_messages) that the
    domain's .pot lacks: every language shows them in English until `make extract update-po`."""
    from generator.catalogs import read_catalog

    for domain, messages in found.items():
        path = config.pot_path(domain)
        template = {(m.context, m.id) for m in read_catalog(path, None) if m.id} if path.exists() else set()
        new = [key for key in messages.where if key not in template]
        for key in new[:SHOWN_UNEXTRACTED]:
            yield (f"warning: {messages.where[key]}: {described(key)} is not in "
                   f"locales/{domain}.pot, so every language shows it in English: run make "
                   "extract update-po, then translate it")
        if len(new) > SHOWN_UNEXTRACTED:
            yield (f"warning: {len(new) - SHOWN_UNEXTRACTED} more messages of the code are not in "
                   f"locales/{domain}.pot: run make extract update-po")
