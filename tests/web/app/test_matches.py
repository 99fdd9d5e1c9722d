"""The menu's effects on the match in the worker (game.web.app.matches): a new game, a replay,
another opponent, clearing what the browser keeps; two players on one device; Undo."""

import json

from game.web.words import i18n
from tests.web.app.fakes import Page
from tests.web.app.test_input import to_discard
from tests.web.app.test_session import play


def setup_function():
    i18n.install(i18n.Catalog(None))


def test_a_new_game_asks_over_a_match_in_progress_then_deals_another():
    page = Page(hash="#seed=4242")
    play(page, 1)
    page.click("menu")
    page.click("new")
    assert "Starting a new game ends the match in progress" in page.shim.text()
    page.change("pick_rules", "short")
    page.click("start")
    assert page.attrs["data-seed"] != "4242" and page.view().rules.name == "short"
    assert page.shim.hash == "#seed=" + page.attrs["data-seed"] and "New game." in page.shim.log


def test_replay_deals_the_same_cards_again():
    page = Page(hash="#seed=4242")
    first = sorted(c.index for c in page.view().hand)
    play(page, 2)
    page.click("menu")
    page.click("replay")
    page.click("confirm_replay")
    assert sorted(c.index for c in page.view().hand) == first and page.attrs["data-seed"] == "4242"


def test_clearing_saved_data_forgets_everything_but_the_tests_pace():
    page = Page(hash="#seed=4242", storage={"ginrummy.prefs": json.dumps({"four": True}), "ginrummy.stats": "{}"})
    play(page, 1)
    page.click("menu")
    page.click("clear")
    page.click("confirm_clear")
    assert set(page.shim.storage) <= {"ginrummy.pace", "ginrummy.save.cpu", "ginrummy.hints.cpu"}
    assert any(f.get("clear_offline") for f in page.shim.frames) and page.app.ui.prefs["four"] is False
    assert "Saved data cleared. A new game has started." in page.shim.log


def test_two_players_on_one_device_never_see_both_hands():
    page = Page(hash="#seed=4242")
    page.click("menu")
    page.change("mode", "duo")
    assert page.attrs["data-handover"] == "true" and page.shim.hand() == []
    for _ in range(6):
        assert page.shim.hand() == []  # both hidden until the next player reveals theirs
        page.click("reveal")
        assert page.attrs["data-handover"] == "false" and len(page.shim.hand()) in (10, 11)
        play(page, 1)
        if page.attrs["data-handover"] == "false":  # drew: the same player discards
            play(page, 1)


def test_undo_takes_the_discard_back_until_the_computer_moves():
    page = Page(hash="#seed=4242")
    view = to_discard(page)
    page.send({"type": "storage", "key": "ginrummy.pace", "value": "600000"})  # the computer waits
    page.shim.storage["ginrummy.pace"] = "600000"
    card = next(a.card.index for a in view.legal_actions if a.kind == "discard")
    page.click("card", card=card)
    page.click("discard")
    assert page.shim.elements(act="undo")
    page.click("undo")
    assert card in [c.index for c in page.view().hand] and page.view().phase == "discard"


def test_a_changed_level_is_the_computer_s_from_its_next_move_on():
    page = Page(hash="#seed=4242")
    play(page, 1)
    page.click("menu")
    page.change("level", "hard")
    assert page.app.table.seats[1] == "hard"


def test_two_players_the_one_who_discarded_may_undo_on_the_hand_over_screen():
    page = Page(hash="#seed=9")
    page.click("menu")
    page.change("mode", "duo")
    for _ in range(8):  # to a player's first discard
        if page.attrs["data-handover"] == "true":
            page.click("reveal")
            continue
        if page.view().phase == "discard":
            break
        page.key("s" if page.view().phase == "upcard" else "d")
    mover = page.view().player
    card = next(a.card.index for a in page.view().legal_actions if a.kind == "discard")
    page.click("card", card=card)
    page.click("discard")
    assert page.attrs["data-handover"] == "true" and page.shim.elements(act="undo")
    page.click("undo")
    assert page.attrs["data-handover"] == "false" and page.view().player == mover and page.view().phase == "discard"
    assert "took back" in page.shim.live
    page.click("card", card=card)
    page.click("discard")
    assert "Pass the device" in page.shim.live
    page.click("reveal")
    assert not page.shim.elements(act="undo") and "your turn" in page.shim.live
    assert "Pass the device" not in page.shim.log
