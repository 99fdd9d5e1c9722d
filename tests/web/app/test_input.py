"""The player's input as the shim forwards it, through the App to the frame it answers with:
keys, clicks, double clicks, drags, choices; the focus each frame asks for."""

from game.web.app.controls import DOUBLE_MS, Controls
from game.web.play.state import Ui
from game.web.words import i18n
from tests.web.app.fakes import Page


def setup_function():
    i18n.install(i18n.Catalog(None))


def discarded(page, card):
    """Whether the person discarded `card` in this hand (the View's history says so)."""
    return any(seat == 0 and kind == "discard" and played is not None and played.index == card
               for seat, kind, played in page.view().history)


def to_discard(page):
    """Play the person's moves until they may discard (the computer answers in between)."""
    for _ in range(20):
        view = page.view()
        kinds = {a.kind for a in view.legal_actions}
        if view.turn == view.player and "discard" in kinds:
            return view
        page.key("s" if "pass" in kinds else "d")
    raise AssertionError("no discard reached")


def test_a_whole_hand_with_the_keyboard_alone():
    page = Page(hash="#seed=4242")
    for _ in range(200):
        view = page.view()
        if view.phase in ("hand_over", "match_over"):
            break
        kinds = {a.kind for a in view.legal_actions}
        assert view.turn == view.player, "the computer has moved before the person's turn comes back"
        if "pass" in kinds:
            page.key("s")
        elif "draw_stock" in kinds:
            page.key("d")
        else:  # the card drawn has the focus: select it (Enter is its click), discard it
            focused = page.shim.focus["keys"][0]
            assert focused == "c" + str(view.drawn.index)
            page.click("card", card=view.drawn.index, detail=0)
            assert page.app.ui.selected == view.drawn.index
            page.key("x")
    assert page.view().phase in ("hand_over", "match_over")
    assert page.shim.focus["selectors"][0] == ".g-end .g-primary"  # Next hand, once drawn
    page.key("n")
    assert page.view().phase in ("upcard", "draw", "match_over")


def test_a_letter_is_a_shortcut_only_when_no_dialog_is_open():
    page = Page(hash="#seed=4242")
    page.key("?")
    assert page.app.ui.dialog["kind"] == "help"
    page.key("s")  # the dialog's own buttons answer while it is open
    assert page.view().phase == "upcard"
    page.key("Escape")
    assert page.app.ui.dialog is None
    page.key("s")
    assert page.view().phase != "upcard" or page.view().turn != page.view().player


def test_escape_closes_a_dialog_or_drops_the_selection_and_else_does_nothing():
    page = Page(hash="#seed=4242")
    view = to_discard(page)
    card = view.hand[0].index
    page.click("card", card=card)
    assert page.app.ui.selected == card
    frames = len(page.shim.frames)
    page.key("Escape")
    assert page.app.ui.selected is None and len(page.shim.frames) > frames
    frames = len(page.shim.frames)
    page.key("Escape")
    assert [f for f in page.shim.frames[frames:] if "html" in f] == []  # nothing to draw


def test_the_arrows_follow_the_shim_and_alt_moves_the_card():
    page = Page(hash="#seed=4242")
    order = list(page.app.ui.order[0])
    frames = len(page.shim.frames)
    page.key("ArrowRight", card=order[0], step=1)
    assert page.app.ui.focus == "c" + str(order[1])
    # The shim moved the focus already: the worker's frame asks for no other focus.
    assert not any("focus_only" in f or "focus" in f for f in page.shim.frames[frames:])
    page.key("ArrowRight", card=order[0], step=1, move=True)
    assert page.app.ui.order[0][:2] == [order[1], order[0]] and page.app.ui.prefs["sort"] == "custom"
    assert '"sort":"custom"' in page.shim.storage["ginrummy.prefs"]


def test_a_double_tap_on_a_card_discards_it_at_once():
    page = Page(hash="#seed=4242")
    view = to_discard(page)
    card = next(a.card.index for a in view.legal_actions if a.kind == "discard")
    page.click("card", card=card, time=1000)
    page.click("card", card=card, time=1000 + DOUBLE_MS - 1)
    assert discarded(page, card)


def test_two_clicks_far_apart_or_by_key_are_not_a_double_one():
    controls, ui = Controls(), Ui()
    click = {"kind": "click", "act": "card", "card": 5, "detail": 1}
    assert controls.commands(ui, dict(click, time=0)) == [("card", 5)]
    assert controls.commands(ui, dict(click, time=DOUBLE_MS + 1)) == [("card", 5)]
    assert controls.commands(ui, dict(click, time=DOUBLE_MS + 2)) == [("quick_discard", 5)]
    assert controls.commands(ui, dict(click, time=DOUBLE_MS + 3)) == [("card", 5)]  # a pair is used up
    assert controls.commands(ui, dict(click, detail=0, time=DOUBLE_MS + 4)) == [("card", 5)]
    assert controls.commands(ui, dict(click, detail=0, time=DOUBLE_MS + 5)) == [("card", 5)]  # Enter twice


def test_a_card_dragged_onto_the_pile_is_discarded_and_onto_another_takes_its_place():
    page = Page(hash="#seed=4242")
    view = to_discard(page)
    order = list(page.app.ui.order[0])
    page.input(kind="drop", act="place_card", card=order[0], target=order[2])
    page.settle()
    assert page.app.ui.order[0].index(order[0]) == 2
    card = next(a.card.index for a in view.legal_actions if a.kind == "discard")
    page.input(kind="drop", act="drop_on_pile", card=card)
    page.settle()
    assert discarded(page, card)


def test_a_choice_of_the_menu_is_kept_and_the_focus_stays_on_it():
    page = Page(hash="#seed=4242")
    page.click("menu")
    page.change("level", "hard")
    assert page.app.ui.prefs["level"] == "hard" and '"level":"hard"' in page.shim.storage["ginrummy.prefs"]
    page.change("four", checked=True)
    assert page.attrs and page.shim.frames[-1]["classes"]["four-colour"] is True


def test_enter_in_the_table_code_joins_the_table():
    controls, ui = Controls(), Ui()
    asked = controls.commands(ui, {"kind": "key", "key": "Enter", "act": "lobby_code", "value": "k7mq2x"})
    assert asked == [("lobby_code", "k7mq2x"), ("online_join", None)]


def test_an_unknown_kind_of_input_or_a_card_that_is_not_a_number_is_ignored():
    controls, ui = Controls(), Ui()
    assert controls.commands(ui, {"kind": "hover"}) == []
    assert controls.commands(ui, {"kind": "click", "act": "card", "card": "x"}) == []
    assert controls.commands(ui, {"kind": "drop", "act": "place_card", "card": 3}) == []
    assert controls.commands(ui, {"kind": "change", "act": "not_a_choice", "value": 1}) == []


def test_a_dialog_opened_by_a_key_takes_the_focus_and_gives_it_back():
    page = Page(hash="#seed=4242")
    page.input(kind="key", key="?", focus="sort")
    page.settle()
    assert page.shim.focus["keys"] == ["cancel"] and page.shim.focus["take"]
    page.key("Escape")
    assert page.shim.focus["keys"] == ["sort"]
