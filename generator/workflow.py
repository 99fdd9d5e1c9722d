"""Translator workflow: extract the .pot templates, merge them into the .po files, compile,
and start a new language. Every language is a folder of locales/; none is named in code.
"""

import io
import os
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po
from babel.util import pathmatch

from generator.catalogs import load_catalog, read_catalog
from generator.config import DOMAINS, SOURCE_LANGUAGE, language, load_config
from generator.errors import BuildError
from generator.plurals import GETTEXT_PLURALS

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
        path = config.pot_path(domain)
        changed = _write_catalog(path, catalog, ignore_header="POT-Creation-Date")
        log(f"{path.relative_to(config.root)}: {len(catalog)} messages"
            + ("" if changed else " (unchanged)"))


def update(root, log=print):
    """Merge each .pot into every language's .po: new messages added, changed ones fuzzy."""
    config = load_config(root)
    for lang in config.languages:
        for domain in DOMAINS:
            template = _read_template(config, domain)
            path = config.po_path(lang.code, domain)
            catalog = read_catalog(path, lang.code) if path.exists() else _new_catalog(lang.code, domain, config)
            catalog.update(template, update_header_comment=False)
            _write_catalog(path, catalog, ignore_header="PO-Revision-Date")
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
    if code == SOURCE_LANGUAGE:
        catalog.header_comment = ("# English catalogue of the " + domain + " domain. English is "
                                  "the source language:\n# leave msgstr empty to use the msgid.")
    return catalog


def _read_template(config, domain):
    path = config.pot_path(domain)
    if not path.exists():
        raise BuildError("missing template (run `make extract` first)", path)
    return read_catalog(path, None)


def _write_catalog(path, catalog, ignore_header=None):
    """Write a .po/.pot; skip the write when nothing but the `ignore_header` date changed."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=76, include_previous=True)
    data = buffer.getvalue()
    path = Path(path)
    if path.exists() and ignore_header:
        if _without_header(path.read_bytes(), ignore_header) == _without_header(data, ignore_header):
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _without_header(data, header):
    prefix = b'"' + header.encode() + b":"
    return [line for line in data.split(b"\n") if not line.startswith(prefix)]
