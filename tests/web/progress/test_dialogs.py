"""The statistics and daily deal dialogs and commands, in CPython: what they show, what each
step changes, and that a refused import changes nothing."""

import copy
from pathlib import Path

import pytest

from game.match import Match
from game.rules import Rules
from game.web.play import effects as E
from game.web.play.commands import run
from game.web.play.state import Ui
from game.web.progress import daily
from game.web.progress import stats as S
from game.web.progress.dailydialog import end_block
from game.web.progress.statsdialog import percent, tenths
from game.web.table.render import render
from game.web.words import i18n
from generator.gamecatalog import catalog_data
from tests.web.progress.test_stats import played


def new_ui():
    """The page's state with the records `progress.load` reads from the storage (none yet)."""
    ui = Ui()
    ui.stats, ui.daily_record = S.empty(), daily.empty()
    return ui

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def english():
    i18n.install(i18n.Catalog(None))


def some_stats():
    stats = S.empty()
    for won, net in ((True, 30), (False, -12), (True, 5)):
        S.record_hand(stats, "hard/classic", {"won": won, "gin": False, "undercut_given": False,
                                              "undercut_suffered": False, "points": net})
        S.record_match(stats, "hard/classic", won, net)
    return stats


def view_of(seed=3, rules="classic"):
    return Match.new(seed, Rules.preset(rules)).view(0)


@pytest.mark.parametrize("mode", ["cpu", "duo", "online"])
def test_the_menu_offers_both_in_every_mode(mode):
    ui = new_ui()
    ui.mode = mode
    ui.online = {"code": "ABC", "seat": 0, "status": "open", "opponent": "here", "offer": None, "answer": None,
                 "invite": "x"} if mode == "online" else None
    run("menu", ui, view_of())
    html = render(view_of(), ui)
    assert 'data-act="daily"' in html and 'data-act="stats"' in html


def test_the_statistics_dialog_shows_figures_and_the_chart():
    ui = new_ui()
    ui.stats = some_stats()
    run("stats", ui, view_of())
    html = render(view_of(), ui)
    assert "Classic, Hard computer" in html
    assert html.count("<rect") == 3 and "The last 3 matches against the computer: 2 won, 1 lost." in html
    for figure in ("<dt>Matches</dt><dd>3</dd>", "<dt>Wins</dt><dd>2</dd>", "<dt>Win rate</dt><dd>67%</dd>",
                   "<dt>Net points per hand</dt><dd>+7.7</dd>", "<dt>Best winning streak</dt><dd>1</dd>"):
        assert figure in html
    assert 'type="file"' in html and 'data-act="export_stats"' in html


def test_no_statistics_yet_says_so_without_a_chart():
    ui = new_ui()
    ui.mode = "online"
    run("stats", ui, None)  # from the online lobby: no View
    html = render(None, ui)
    assert "No hand against the computer has been finished yet." in html and "<svg" not in html


def test_reset_asks_first_and_can_be_kept():
    ui = new_ui()
    ui.stats = some_stats()
    kept = copy.deepcopy(ui.stats)
    run("stats", ui, view_of())
    run("reset_stats", ui, view_of())
    assert 'data-act="confirm_reset_stats"' in render(view_of(), ui) and ui.stats == kept
    run("keep_stats", ui, view_of())
    assert ui.stats == kept and 'data-act="confirm_reset_stats"' not in render(view_of(), ui)
    run("reset_stats", ui, view_of())
    outcome = run("confirm_reset_stats", ui, view_of())
    assert ui.stats == S.empty() and E.SAVE_STATS in outcome.effects
    assert "Statistics reset." in render(view_of(), ui)


def test_a_refused_import_changes_nothing_and_says_why():
    ui = new_ui()
    ui.stats = some_stats()
    kept = copy.deepcopy(ui.stats)
    run("stats", ui, view_of())
    assert E.READ_STATS_FILE in run("import_stats", ui, view_of(), object()).effects
    bad = S.to_dict(some_stats())
    bad["records"]["hard/classic"]["gins"] = 9
    for data, words in ((None, "is not a statistics file"), ({"format": "gin-rummy-stats", "version": 3}, "newer version"),
                        (bad, "(the value at records › hard/classic is wrong)")):
        outcome = run("stats_file", ui, view_of(), data)
        assert ui.stats == kept and E.SAVE_STATS not in outcome.effects
        assert words in ui.dialog["problem"] and words in render(view_of(), ui)
    theirs = S.empty()
    S.record_match(theirs, "easy/short", True, 9)
    outcome = run("stats_file", ui, view_of(), S.to_dict(theirs))
    assert ui.stats == theirs and E.SAVE_STATS in outcome.effects and ui.dialog["problem"] is None


def test_the_daily_commands_ask_the_adapter():
    ui = new_ui()
    assert E.OPEN_DAILY in run("daily", ui, view_of()).effects
    assert E.PLAY_DAILY in run("play_daily", ui, view_of()).effects and ui.dialog is None
    # The page copied the line in the click (its button's data-copy): said whether it could.
    assert run("copy_daily", ui, view_of(), True).say == "Result copied: paste it into a message to your friends."
    assert "select the line" in run("copy_daily", ui, view_of(), False).say
    ui.mode = "online"
    assert E.OPEN_DAILY in run("daily", ui, None).effects  # from the lobby too


def test_during_the_daily_deal_the_bar_says_so_and_the_level_is_fixed():
    date = (2026, 12, 1)
    view = Match.new(daily.seed_of(date), Rules.preset("short")).view(0)
    ui = new_ui()
    ui.daily = ui.today = date
    assert "Daily deal of Dec 1" in render(view, ui)
    run("menu", ui, view)
    html = render(view, ui)
    assert 'data-act="level"' not in html and "The daily deal is played against the computer at Hard level." in html
    ui.daily = None
    assert 'data-act="level"' in render(view, ui)


def test_the_end_of_the_daily_match_shows_its_line():
    _hands, last = played(11, Rules.preset("short"))
    date = (2026, 12, 2)
    ui = new_ui()
    ui.daily = date
    won, net = S.match_outcome(last)
    daily.finish(daily.start_try(ui.daily_record, date), date, won, last.hands_won[0], net)
    html = render(last, ui)
    assert end_block(last, ui) in html and "Gin Rummy daily, Dec 2:" in html and 'data-act="copy_daily"' in html
    ui.daily = None
    assert "Gin Rummy daily" not in render(last, ui)


def test_numbers_follow_the_language():
    i18n.install(i18n.Catalog(catalog_data(ROOT / "locales/fr/LC_MESSAGES/game.po", "fr")))
    assert (percent(67), tenths(-33), tenths(77), tenths(0)) == ("67\u202f%", "−3,3", "+7,7", "0,0")
