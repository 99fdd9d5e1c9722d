"""Catalogues: Plural-Forms headers, English fallback, plural fallback, placeholders, stats."""

import pytest
from babel.messages.pofile import read_po

from generator import stats
from generator.catalogs import Messages, load_catalog
from generator.checkers import found_placeholders as placeholders
from generator.config import DOMAINS, load_config
from tests.generator.conftest import REPO, quiet

PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "vi": "nplurals=1; plural=0;",
}


@pytest.mark.parametrize("lang", sorted(PLURAL_FORMS))
@pytest.mark.parametrize("domain", DOMAINS)
def test_plural_forms_headers_of_the_real_catalogues(lang, domain):
    with open(REPO / "locales" / lang / "LC_MESSAGES" / (domain + ".po"), "rb") as handle:
        catalog = read_po(handle)
    assert catalog.plural_forms == PLURAL_FORMS[lang]


def write_po(path, body, plural="nplurals=2; plural=(n > 1);"):
    path.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
                    f'"Plural-Forms: {plural}\\n"\n\n' + body, encoding="utf-8")
    return path


def test_missing_and_fuzzy_messages_fall_back_to_english_and_are_reported(tmp_path):
    po = write_po(tmp_path / "site.po", 'msgid "Rules"\nmsgstr "Règles"\n\n'
                  'msgid "Play"\nmsgstr ""\n\n'
                  '#, fuzzy\nmsgid "FAQ"\nmsgstr "Foire"\n')
    messages, gaps, count, _ = load_catalog(po, "fr", "site")
    assert (messages.gettext("Rules"), messages.gettext("Play"), messages.gettext("FAQ")) == (
        "Règles", "Play", "FAQ")
    assert count == 3
    assert [(g.line, g.state, g.msgid) for g in gaps] == [(9, "untranslated", "Play"), (13, "fuzzy", "FAQ")]


def test_a_half_translated_plural_falls_back_to_english_as_a_whole(tmp_path):
    po = write_po(tmp_path / "site.po",
                  'msgid "%(num)s card"\nmsgid_plural "%(num)s cards"\nmsgstr[0] "%(num)s carte"\nmsgstr[1] ""\n\n'
                  'msgctxt "meld"\nmsgid "%(num)s run"\nmsgid_plural "%(num)s runs"\n'
                  'msgstr[0] "%(num)s suite"\nmsgstr[1] "%(num)s suites"\n')
    messages, gaps, _, _ = load_catalog(po, "fr", "site")
    assert [messages.ngettext("%(num)s card", "%(num)s cards", n) for n in (1, 2)] == [
        "%(num)s card", "%(num)s cards"]
    # French plural rule (n > 1): 0 and 1 take the singular.
    assert [messages.npgettext("meld", "%(num)s run", "%(num)s runs", n) for n in (0, 1, 2)] == [
        "%(num)s suite", "%(num)s suite", "%(num)s suites"]
    assert [g.msgid for g in gaps] == ["%(num)s card"]


def test_vietnamese_has_one_plural_form(tmp_path):
    po = write_po(tmp_path / "site.po", 'msgid "%(num)s card"\nmsgid_plural "%(num)s cards"\n'
                  'msgstr[0] "%(num)s lá bài"\n', plural="nplurals=1; plural=0;")
    messages, gaps, _, _ = load_catalog(po, "vi", "site")
    assert [messages.ngettext("%(num)s card", "%(num)s cards", n) for n in (1, 5)] == ["%(num)s lá bài"] * 2
    assert gaps == []


def test_placeholders_are_names_formats_and_card_chips():
    assert placeholders("{rank} of {suit} %(count)s [[7h  8H]] 100%") == {
        "{rank}", "{suit}", "%(count)s", "[[7H 8H]]"}


def test_a_plural_form_may_drop_the_number_but_not_invent_one(tmp_path):
    po = write_po(tmp_path / "site.po", 'msgid "one card"\nmsgid_plural "%(num)s cards"\n'
                  'msgstr[0] "une carte"\nmsgstr[1] "%(num)s cartes"\n')
    messages, _, _, _ = load_catalog(po, "fr", "site")
    assert messages.ngettext("one card", "%(num)s cards", 1) == "une carte"
    po = write_po(tmp_path / "bad.po", 'msgid "one card"\nmsgid_plural "%(num)s cards"\n'
                  'msgstr[0] "une carte"\nmsgstr[1] "{num} cartes"\n')
    with pytest.raises(Exception, match=r"bad.po:6: placeholder mismatch"):
        load_catalog(po, "fr", "site")


def test_messages_lookup_by_context():
    messages = Messages({("meld", "set"): "brelan", (None, "set"): "ensemble"}, lambda n: 0)
    assert messages.pgettext("meld", "set") == "brelan"
    assert messages.gettext("set") == "ensemble"
    assert messages.pgettext("verb", "knock") == "knock"


def test_stats_counts_fuzzy_as_not_translated(project):
    po = project / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgid "Skip to content"', '#, fuzzy\nmsgid "Skip to content"')
                  .replace('msgstr "[fr] Main menu"', 'msgstr ""'), encoding="utf-8")
    config = load_config(project)
    site = stats.coverage(config, "fr", "site")
    assert (site.fuzzy, site.untranslated) == (1, 1)
    assert site.translated == site.total - 2
    lines = []
    assert stats.stats(project, strict=True, log=lines.append) == ["fr"]
    assert any(line.startswith("fr        site") for line in lines)
    assert lines[-1] == "strict: below 100%: fr"


def test_stats_strict_passes_on_a_complete_project(project):
    assert stats.stats(project, strict=True, log=quiet) == []


def test_stats_strict_on_the_real_catalogues():
    # Fails until the translators have finished fr and vi: that is its purpose in CI.
    assert stats.stats(REPO, strict=True, log=quiet) == []


def test_our_checkers_run_through_babels_catalog_check():
    from babel.messages.catalog import Catalog

    from generator.checkers import placeholders as placeholder_checker

    catalog = Catalog(locale="fr", domain="game")
    catalog.add("Discard the {card}?", "Défausser la {{card}} ?", lineno=3)
    [(message, errors)] = list(catalog.check())
    assert "not in the source: {{card}}" in str(errors[0])
    from babel.messages.checkers import checkers

    assert placeholder_checker in checkers  # registered as a babel.checkers entry point


@pytest.mark.parametrize("first", ["generator.checkers", "generator.extract", "babel.messages.checkers"])
def test_the_checkers_import_whatever_is_imported_first(first):
    # Babel loads the registered checkers when babel.messages.checkers is first imported; a
    # circular import there broke `pybabel extract` when generator.checkers came first.
    import subprocess
    import sys

    code = f"import {first}; from babel.messages.checkers import checkers; print(len(checkers))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) >= 5  # Babel's two and our three
