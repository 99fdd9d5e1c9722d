"""A language's shortcut keys are checked at build time: each one letter, no two translations
on one; an English fallback (fuzzy, untranslated, missing) on a translated letter is a warning
naming the message, and that command has no key meanwhile; a key is escaped wherever it is written."""

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


def built_with_warnings(french):
    root, po, site, before = french
    warnings = []
    build.build(root, site, log=quiet, warn=warnings.append)
    assert (site / "fr" / "index.html").exists()  # French is built, not refused
    return [w for w in warnings if "the shortcut 'D'" in w]


def test_a_fuzzy_shortcut_on_a_letter_a_translation_has_is_a_warning_naming_it(french):
    """Not the translator's doing (a new English command, say): French is still built, the
    command has no key until its shortcut is translated, and the warning says which one."""
    root, po, site, before = french
    set_entry(po, "D", '#, fuzzy\n' + shortcut("D", "T"))  # the game would use English D: draw_discard's
    [line] = built_with_warnings(french)
    assert line.startswith(f"warning: {po}:{entry_line(po, 'D')}: the shortcut 'D' (draw_stock) is "
                           "fuzzy, and its English letter is the key of draw_discard in this "
                           f"language ('P' translated as 'D', line {entry_line(po, 'P')})"), line
    assert line.endswith("draw_stock has no key until you translate msgctxt \"shortcut\" msgid 'D' "
                         "(one letter no other command has)")


def test_a_missing_shortcut_on_a_letter_a_translation_has_is_a_warning_naming_it(french):
    root, po, site, before = french
    set_entry(po, "D", "")
    [line] = built_with_warnings(french)
    assert line.startswith(f"warning: {po}: the shortcut 'D' (draw_stock) is missing"), line
    assert "run make update-po and translate msgctxt \"shortcut\" msgid 'D'" in line


def test_a_command_on_an_english_letter_a_translation_has_gets_no_key_in_the_page():
    i18n.install(i18n.Catalog({"lang": "fr", "messages": {"shortcut\x04P": "D"}}))  # D untranslated
    try:
        assert keys.key_for("draw_discard") == "D" and keys.key_for("draw_stock") is None
        assert keys.shortcuts()["d"] == "draw_discard"
        from game.web.screens.dialogs import render_shortcuts
        listed = render_shortcuts()
        assert listed.count("<kbd>D</kbd>") == 1 and "None" not in listed
    finally:
        i18n.install(i18n.Catalog())
    assert keys.key_for("draw_stock") == "D"


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
