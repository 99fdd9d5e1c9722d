"""A language's shortcut keys are checked at build time: each one letter, none shared, English
fallbacks (fuzzy, untranslated, missing) included; a key is escaped wherever it is written."""

import pytest
from babel.messages.pofile import read_po

from game.web.table import table
from game.web.words import i18n, keys
from generator import build
from generator.errors import BuildError
from tests.generator.conftest import quiet
from tests.generator.test_bad_input import snapshot


def shortcut(letter, translation):
    return f'msgctxt "shortcut"\nmsgid "{letter}"\nmsgstr "{translation}"'


@pytest.fixture
def french(project):
    """The fixture project with French keys T (draw_stock, English D) and D (draw_discard, P),
    and a good site built; returns (root, game.po, site, snapshot)."""
    po = project / "locales" / "fr" / "LC_MESSAGES" / "game.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace(shortcut("D", "D"), shortcut("D", "T")).replace(shortcut("P", "P"), shortcut("P", "D"))
    po.write_text(text, encoding="utf-8")
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    return project, po, site, snapshot(site)


def set_entry(po, letter, new):
    text = po.read_text(encoding="utf-8")
    [old] = [shortcut(letter, t) for t in ("T", "D", letter) if shortcut(letter, t) in text][:1]
    po.write_text(text.replace(old, new, 1), encoding="utf-8")


def entry_line(po, letter):
    """The line of the shortcut's msgid (the line Babel gives an entry)."""
    return line_of(po, 'msgctxt "shortcut"\nmsgid "' + letter + '"') + 1


def line_of(po, needle):
    text = po.read_text(encoding="utf-8")
    return text[:text.index(needle)].count("\n") + 1


def refused(french, letter, *patterns):
    root, po, site, before = french
    with pytest.raises(BuildError) as info:
        build.build(root, site, log=quiet, warn=quiet)
    error = info.value
    assert error.path == str(po)
    assert error.line == entry_line(po, letter)
    for pattern in patterns:
        assert pattern in error.message, error.message
    assert snapshot(site) == before
    return error


def test_two_commands_on_one_letter_are_refused(french):
    root, po, site, before = french
    set_entry(po, "U", shortcut("U", "T"))  # T is draw_stock's
    refused(french, "U", "two commands on one key", "'T'", f"line {entry_line(po, 'D')}")


def test_a_fuzzy_shortcut_that_falls_back_on_a_letter_in_use_is_refused(french):
    root, po, site, before = french
    set_entry(po, "D", '#, fuzzy\n' + shortcut("D", "T"))  # the game would use English D: draw_discard's
    error = refused(french, "P", "two commands on one key", "fuzzy", "English D")
    assert f"line {entry_line(po, 'D')}" in error.message


def test_a_missing_shortcut_that_falls_back_on_a_letter_in_use_is_refused(french):
    root, po, site, before = french
    set_entry(po, "D", "")
    refused(french, "P", "two commands on one key", "missing", "make update-po")


@pytest.mark.parametrize("bad, expected", [
    (" ", "not one letter"), ("\\\"", "not one letter"), ("1", "not one letter"),
    ("TT", "not one letter"), ("?", "lists the shortcuts"), ("ß", "not one letter"),
])
def test_a_key_that_is_not_one_letter_is_refused_at_its_entry(french, bad, expected):
    root, po, site, before = french
    set_entry(po, "X", shortcut("X", bad))
    refused(french, "X", expected)


def test_the_checker_runs_in_babel_too(french):
    root, po, site, before = french
    set_entry(po, "U", shortcut("U", "T"))
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="fr", domain="game")
    errors = {message.id: [str(e) for e in found] for message, found in catalog.check()}
    assert any("two commands on one key" in e for e in errors["U"]), errors


def test_the_page_uses_only_letters_and_escapes_its_keys(monkeypatch):
    i18n.install(i18n.Catalog({"lang": "fr", "messages": {"shortcut\x04P": '"', "shortcut\x04D": " "}}))
    try:
        assert keys.key_for("draw_discard") == "P" and keys.key_for("draw_stock") == "D"
    finally:
        i18n.install(i18n.Catalog())
    monkeypatch.setattr(table, "key_for", lambda command: '"')  # escaping by construction too
    assert ' aria-keyshortcuts="&quot;"' in table.action_button("Discard", "discard", True)
    assert '<kbd aria-hidden="true">&quot;</kbd>' in table.action_button("Discard", "discard", True)


def test_the_checker_ignores_other_messages():
    from babel.messages.catalog import Catalog, Message

    from generator.checkers import shortcuts

    catalog = Catalog(locale="fr")
    assert shortcuts(catalog, Message("D", "  ", context="other")) is None
    assert shortcuts(catalog, Message("D", "", context="shortcut")) is None
    assert shortcuts(catalog, Message("D", "12", context="shortcut", flags=["fuzzy"])) is None
