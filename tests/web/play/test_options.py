"""The menu's settings kept in the preferences (game.web.play.options)."""

import pytest

from game.web.play import commands as C
from game.web.play import effects as E
from tests.web.play.test_commands import setup


@pytest.mark.parametrize("name, value, key, stored", [
    ("pace", "fast", "pace", "fast"),
    ("pick_sort", "suit", "sort", "suit"),
    ("pick_sort", "custom", "sort", "custom"),
    ("ask_discard", "on", "ask_discard", True),
    ("four", 0, "four", False),
])
def test_a_setting_is_stored_and_keeps_the_focus_on_its_control(name, value, key, stored):
    table, ui = setup()
    outcome = C.run(name, ui, table.view(0), value)
    assert ui.prefs[key] == stored and ui.focus == name
    assert E.SAVE_PREFS in outcome.effects


@pytest.mark.parametrize("name, value", [("pace", "instant"), ("pick_sort", "colour"), ("pace", None)])
def test_a_choice_not_offered_changes_nothing(name, value):
    table, ui = setup()
    before = dict(ui.prefs)
    assert C.run(name, ui, table.view(0), value) is C.NOTHING
    assert ui.prefs == before
