"""The knock dialog (a one-button confirm with the engine's best melds, the meld editor behind
"Change melds"), the welcome of a first visit and the new game's one-line variants."""

import pytest

from game.actions import KNOCK
from game.match import Match
from game.rules import PRESETS
from game.web.play import commands as C
from game.web.play import effects as E
from game.web.play.state import Ui
from game.web.play.tables import HUMAN, LocalTable
from game.web.screens.dialogs import render_new_game
from game.web.table.render import render_dialog
from game.web.words import i18n


@pytest.fixture(autouse=True)
def english():
    i18n.install(i18n.Catalog(None))


def knock_dialog():
    for seed in range(60):
        table = LocalTable.new(seed, Match.new(seed).rules, [HUMAN, HUMAN])
        ui = Ui()
        ui.mode = "duo"
        for _ in range(60):
            seat = table.turn
            view = table.view(seat)
            knocks = [a for a in view.legal_actions if a.kind == KNOCK]
            if knocks:
                ui.selected = knocks[0].card.index
                C.run("knock", ui, view, None)
                return ui, view
            table.act(seat, [a for a in view.legal_actions if a.kind != KNOCK][0])
    raise AssertionError("no knock found")


def test_the_knock_dialog_confirms_in_one_press_and_edits_melds_behind_a_button():
    ui, view = knock_dialog()
    html = render_dialog(view, ui)
    assert 'data-act="group"' not in html and 'data-act="change_melds"' in html
    assert 'data-act="confirm_knock"' in html and "disabled" not in html.split('data-act="confirm_knock"')[1][:20]
    assert ui.dialog["focus"] == "confirm_knock"
    C.run("change_melds", ui, view, None)
    html = render_dialog(view, ui)
    assert html.count('data-act="group"') == 10 and 'data-act="best"' in html
    assert ui.dialog["focus"].startswith("g")
    outcome = C.run("confirm_knock", ui, view, None)
    assert outcome.action.kind == KNOCK and outcome.action.melds


def welcome_ui():
    ui = Ui()
    ui.dialog = {"kind": "welcome", "return": None, "focus": "welcome_guided", "level": "easy", "hints": True,
                 "keep": False}
    return ui


def test_the_welcome_offers_easy_with_hints_and_sets_them_when_the_newcomer_starts():
    view = LocalTable.new(7, Match.new(7).rules, [HUMAN, "easy"]).view(0)
    ui = welcome_ui()
    html = render_dialog(view, ui)
    assert '<option value="easy" selected>' in html and 'data-act="welcome_hints" data-key="welcome_hints" checked' in html
    assert 'data-act="welcome_guided"' in html and 'data-act="welcome_play"' in html
    C.run("welcome_level", ui, view, "hard")
    C.run("welcome_hints", ui, view, False)
    assert ui.prefs["level"] == "medium"  # nothing changes before the newcomer chooses
    outcome = C.run("welcome_play", ui, view, None)
    assert ui.prefs["level"] == "hard" and ui.prefs["hints"] is False and ui.dialog is None
    assert outcome.effects == (E.SAVE_PREFS, E.NEW_MATCH)  # a random first deal
    ui = welcome_ui()
    ui.dialog["keep"] = True  # a shared deal's link: its deal is kept, at the level chosen
    assert C.run("welcome_play", ui, view, None).effects == (E.SAVE_PREFS, E.LEVEL)
    ui = welcome_ui()
    assert C.run("welcome_guided", ui, view, None).effects == (E.SAVE_PREFS, E.GUIDED_HAND)
    assert ui.prefs["level"] == "easy" and ui.prefs["hints"] is True


def test_the_new_game_lists_each_variant_in_one_line_and_the_rules_behind_a_summary():
    html = render_new_game("classic", "cpu")
    head, about = html.split('<details class="g-about-rules">')
    for name in PRESETS:
        line = head.split('data-key="rules-' + name + '"')[1].split("</label>")[0]
        assert line.count(".") == 1  # one sentence
    assert about.count("<dd>") == len(PRESETS)
