"""Translator workflow: extract the .pot templates, merge them into the .po files, compile,
and start a new language. Every language is a folder of locales/; none is named in code.
"""

import datetime
import importlib.metadata
import os
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.util import pathmatch

from generator.catalogs import load_catalog, read_catalog
from generator.config import DOMAINS, SOURCE_LANGUAGE, language, load_config
from generator.errors import BuildError
from generator.plurals import GETTEXT_PLURALS
from generator.pofile import dumps

COMMENT_TAGS = ("Translators:",)
_SKIP_DIRS = {".git", ".venv", "__pycache__", "node_modules", "site"}


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
            relative = Path(folder, name).relative_to(root).as_posix()
            if pathmatch(pattern, relative):
                found.append(Path(folder, name))
    return found


def extract_domain(root, domain, sections, project):
    """A template Catalog of every message of one domain, with sources and translator notes."""
    catalog = Catalog(project=project, domain=domain, fuzzy=False, charset="utf-8")
    catalog.revision_date = catalog.creation_date
    for pattern, method, options in sections:
        for path in _matching_files(root, pattern):
            try:
                results = extract_from_file(method, path, keywords=DEFAULT_KEYWORDS,
                                             comment_tags=COMMENT_TAGS, options=options,
                                             strip_comment_tags=True)
            except BuildError:
                raise
            except Exception as exc:  # e.g. jinja2.TemplateSyntaxError, SyntaxError
                line = getattr(exc, "lineno", None)
                raise BuildError("cannot extract messages: " + str(getattr(exc, "message", None) or exc),
                                 path, line) from None
            relative = path.relative_to(root).as_posix()
            for lineno, message, comments, context in results:
                catalog.add(message, None, [(relative, lineno)], auto_comments=comments,
                            context=context)
    return catalog


def extract(root, log=print):
    """Write locales/<domain>.pot for each domain (untouched when only the date would change)."""
    config = load_config(root)
    for domain, sections in extraction_map(root).items():
        catalog = extract_domain(config.root, domain, sections, config.site_name)
        stamp_header(catalog, config, None, domain)
        path = config.pot_path(domain)
        # A template's dates are both "now": only a change of messages rewrites it.
        changed = _write_catalog(path, catalog, ignore_header=("POT-Creation-Date", "PO-Revision-Date"))
        log(f"{path.relative_to(config.root)}: {len(catalog)} messages"
            + ("" if changed else " (unchanged)"))


def update(root, log=print):
    """Merge each .pot into every language's .po: new messages added, changed ones fuzzy,
    messages the sources dropped removed (not kept as obsolete `#~` entries)."""
    config = load_config(root)
    for lang in config.languages:
        for domain in DOMAINS:
            template = _read_template(config, domain)
            path = config.po_path(lang.code, domain)
            catalog = read_catalog(path, lang.code) if path.exists() else _new_catalog(lang.code, domain, config)
            catalog.update(template, update_header_comment=False)
            catalog.obsolete.clear()
            stamp_header(catalog, config, lang.code, domain)
            drop_previous_msgids(catalog)
            _write_catalog(path, catalog, ignore_header=("PO-Revision-Date",))
        log(f"{lang.code}: catalogues updated")


def init_language(root, code, log=print):
    """Create locales/<code>/LC_MESSAGES/<domain>.po for every domain, from the templates."""
    config = load_config(root)
    lang = language(code)  # rejects unknown codes before anything is written
    folder = config.locales_dir / code
    if folder.exists():
        raise BuildError("language already exists", folder)
    templates = {domain: _read_template(config, domain) for domain in DOMAINS}
    for domain in DOMAINS:
        catalog = _new_catalog(code, domain, config)
        catalog.update(templates[domain], update_header_comment=False)
        stamp_header(catalog, config, code, domain)
        _write_catalog(config.po_path(code, domain), catalog)
    log(f"{code} ({lang.name}): created {folder.relative_to(config.root)}/LC_MESSAGES/"
        f"{{{','.join(DOMAINS)}}}.po; translate them, then `make stats`")


def compile_catalogs(root, log=print):
    """Check every catalogue (syntax, placeholders) and write its .mo next to it."""
    config = load_config(root)
    for lang in config.languages:
        for domain in DOMAINS:
            path = config.po_path(lang.code, domain)
            load_catalog(path, lang.code, domain)  # raises on anything a build would refuse
            catalog = read_catalog(path, lang.code)
            with path.with_suffix(".mo").open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
        log(f"{lang.code}: compiled")


def _new_catalog(code, domain, config):
    catalog = Catalog(locale=code, domain=domain, project=config.site_name, fuzzy=False,
                      charset="utf-8")
    if code in GETTEXT_PLURALS:
        catalog.mime_headers = [("Plural-Forms", GETTEXT_PLURALS[code])]
    return catalog


# Babel's header placeholders; a catalogue header must carry none of them.
HEADER_PLACEHOLDERS = ("FIRST AUTHOR", "EMAIL@ADDRESS", "YEAR-MO-DA", "ORGANIZATION", "VERSION",
                       "FULL NAME", "LL@li.org", "LANGUAGE <")


def stamp_header(catalog, config, code, domain):
    """Real header values (project, version, team, language) in place of Babel's placeholders.

    Run on every write, so a catalogue made by an older `make update-po` or by hand is put
    right; a translator's own Last-Translator and revision date are kept.
    """
    team = config.site_name + " translators"
    name = Locale.parse(code).english_name if code else None
    catalog.project = config.site_name
    catalog.version = _project_version()
    catalog.copyright_holder = team
    catalog.msgid_bugs_address = config.base_url
    catalog.language_team = config.site_name + " " + name + " team" if name else team
    if any(p in (catalog.last_translator or "") for p in HEADER_PLACEHOLDERS):
        catalog.last_translator = team
    if isinstance(catalog.revision_date, str) or catalog.revision_date is None:
        catalog.revision_date = datetime.datetime.now(datetime.UTC)
    year = catalog.creation_date.strftime("%Y")
    if code is None:
        first = "# Template of the " + domain + " domain, made by `make extract`: do not edit."
    elif code == SOURCE_LANGUAGE:
        first = ("# English catalogue of the " + domain + " domain. English is the source language:\n"
                 "# leave msgstr empty to use the msgid.")
    else:
        first = "# " + name + " translation of the " + domain + " domain."
    catalog.header_comment = (first + "\n# Copyright (C) " + year + " " + team + "\n"
                              "# This file is distributed under the same license as the "
                              + config.site_name + " site.")


def drop_previous_msgids(catalog):
    """Remove the remains of previous-msgid (`#|`) comments.

    Babel (2.19) writes a long previous msgid as one wrapped comment that its own reader takes
    back as a translator comment (`# | msgid "" ...`), so each `make update-po` kept and
    re-wrapped them forever. Catalogues are therefore written without `#|` lines (see
    _write_catalog), and the translator comments Babel made of old ones are dropped here.
    """
    for message in catalog:
        message.previous_id = []
        message.user_comments = [c for c in message.user_comments if not c.startswith("|")]


def _project_version():
    try:
        return importlib.metadata.version("ginrummy-site")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree not installed
        return "0"


def _read_template(config, domain):
    path = config.pot_path(domain)
    if not path.exists():
        raise BuildError("missing template (run `make extract` first)", path)
    return read_catalog(path, None)


def _write_catalog(path, catalog, ignore_header=()):
    """Write a .po/.pot in GNU gettext's format (generator.pofile); skip the write when
    nothing but the `ignore_header` dates changed."""
    path = Path(path)
    data = dumps(catalog, path)
    if path.exists() and ignore_header:
        if _without_header(path.read_bytes(), ignore_header) == _without_header(data, ignore_header):
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _without_header(data, headers):
    prefixes = tuple(b'"' + header.encode() + b":" for header in headers)
    return [line for line in data.split(b"\n") if not line.startswith(prefixes)]
