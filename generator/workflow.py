"""Translator workflow: extract the .pot templates, merge them into the .po files, compile,
and start a new language. Every language is a folder of locales/; none is named in code.
"""

import datetime
import difflib
import importlib.metadata
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from generator.catalogs import load_catalog, read_catalog
from generator.config import DOMAINS, SOURCE_LANGUAGE, language, load_config
from generator.errors import BuildError
from generator.plurals import GETTEXT_PLURALS
from generator.pofile import dumps
from generator.sources import described, extract_domain, extraction_map, where

TEMPLATE_DATES = ("POT-Creation-Date", "PO-Revision-Date")  # a template's dates are both "now"


def templates(config):
    """{domain: the template Catalog `make extract` writes}, from the sources now."""
    found = {}
    for domain, sections in extraction_map(config.root).items():
        catalog = extract_domain(config.root, domain, sections, config.site_name)
        stamp_header(catalog, config, None, domain)
        found[domain] = catalog
    return found


def extract(root, log=print):
    """Write locales/<domain>.pot for each domain (untouched when only the date would change)."""
    config = load_config(root)
    for domain, catalog in templates(config).items():
        path = config.pot_path(domain)
        changed = _write_catalog(path, catalog, ignore_header=TEMPLATE_DATES)
        log(f"{path.relative_to(config.root)}: {len(catalog)} messages"
            + ("" if changed else " (unchanged)"))


def updated(config, lang, domain):
    """The .po of `lang` and `domain` as `make update-po` makes it from the domain's .pot."""
    template = _read_template(config, domain)
    path = config.po_path(lang, domain)
    catalog = read_catalog(path, lang) if path.exists() else _new_catalog(lang, domain, config)
    catalog.update(template, update_header_comment=False)
    catalog.obsolete.clear()
    stamp_header(catalog, config, lang, domain)
    drop_previous_msgids(catalog)
    return catalog


def update(root, log=print):
    """Merge each .pot into every language's .po: new messages added, changed ones fuzzy,
    messages the sources dropped removed (not kept as obsolete `#~` entries)."""
    config = load_config(root)
    for lang in config.languages:
        for domain in DOMAINS:
            _write_catalog(config.po_path(lang.code, domain), updated(config, lang.code, domain),
                           ignore_header=("PO-Revision-Date",))
        log(f"{lang.code}: catalogues updated")


def drift(root):
    """Every way `make extract` or `make update-po` would change a catalogue now, one line
    each, at the file and line to look at: a message of the code not in its .pot, one the code
    no longer has, moved or re-commented messages, a .po out of step with its .pot. `make
    check` fails on any (tests/generator/test_sources.py); empty when all is in step."""
    config = load_config(root)
    lines = []
    for domain, catalog in templates(config).items():
        path = config.pot_path(domain)
        if not path.exists():
            lines.append(f"{_relative(config, path)}: missing: run make extract update-po")
            continue
        lines += _template_drift(config, path, catalog)
    if lines:
        return lines + ["run `make extract update-po` and commit the catalogues"]
    for lang in config.languages:
        for domain in DOMAINS:
            path = config.po_path(lang.code, domain)
            change = _changed_lines(path, dumps(updated(config, lang.code, domain), path),
                                    ("PO-Revision-Date",))
            if change:
                lines.append(f"{_relative(config, path)}:{change[0]}: make update-po would change "
                             f"{change[1]} lines here and below: run make update-po and commit it")
    return lines


def _template_drift(config, path, extracted):
    old = {(m.context, m.id): m for m in read_catalog(path, None) if m.id}
    new = {(m.context, m.id): m for m in extracted if m.id}
    pot = _relative(config, path)
    lines = [f"{where(new[key])}: {described(key)} is not in {pot}: the page shows it in English "
             "in every language" for key in new if key not in old]
    lines += [f"{pot}:{old[key].lineno}: {described(key)} is no longer in the sources"
              for key in old if key not in new]
    moved = [key for key in new if key in old and _source_side(new[key]) != _source_side(old[key])]
    for key in moved[:3]:
        lines.append(f"{pot}:{old[key].lineno}: {described(key)}: its source lines or notes "
                     f"changed (now {where(new[key])})")
    if len(moved) > 3:
        lines.append(f"{pot}: and {len(moved) - 3} more messages moved or re-commented")
    if not lines:
        change = _changed_lines(path, dumps(extracted, path), TEMPLATE_DATES)
        if change:
            lines.append(f"{pot}:{change[0]}: not as make extract writes it ({change[1]} lines)")
    return lines


def _source_side(message):
    """What a template entry takes from the sources besides its words."""
    return (sorted(message.locations), message.auto_comments, sorted(message.flags),
            message.id if isinstance(message.id, str) else tuple(message.id))


def _changed_lines(path, data, ignore_header):
    """(first changed line of the file, number of lines changed), or None when `data` is the
    file but for the `ignore_header` fields."""
    old = _masked(Path(path).read_bytes(), ignore_header)
    new = _masked(data, ignore_header)
    if old == new:
        return None
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    changes = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    return changes[0][1] + 1, sum(max(i2 - i1, j2 - j1) for _, i1, i2, j1, j2 in changes)


def _masked(data, headers):
    """The file's lines, those of the `headers` fields replaced by their names."""
    prefixes = tuple(b'"' + header.encode() + b":" for header in headers)
    return [line.split(b":")[0] if line.startswith(prefixes) else line for line in data.split(b"\n")]


def _relative(config, path):
    try:
        return Path(path).relative_to(config.root).as_posix()
    except ValueError:
        return str(path)


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
    if path.exists() and ignore_header and _masked(path.read_bytes(), ignore_header) == _masked(data, ignore_header):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True
