"""The page's commands in CPython: each handler changes the UI state and returns an Outcome."""

import pytest

from game.actions import DISCARD, DRAW_STOCK, KNOCK, PASS, TAKE_UPCARD, Action
from game.cards import parse_cards
from game.errors import IllegalAction
from game.match import Match
from game.rules import Rules
from game.training import LEARNER, from_example
from game.web.play import commands as C
from game.web.play import effects as E
from game.web.play import outcome as O
from game.web.play.state import Ui
from game.web.play.tables import HUMAN, LocalTable, TrainingTable
from game.web.words import i18n
from game.web.words import text as T


@pytest.fixture(autouse=True)
def english():
    i18n.install(i18n.Catalog(None))


def setup(seed=24, seats=(HUMAN, HUMAN)):
    table = LocalTable.new(seed, Match.new(seed).rules, list(seats))
    ui = Ui()
    ui.mode = "duo" if seats[1] == HUMAN else "cpu"
    return table, ui


def do(table, ui, name, arg=None):
    """Run a command for the seat to move and send its action, as the adapter does."""
    seat = ui.seat(table.turn)
    view = table.view(seat)
    ui.sync_order(view)
    outcome = C.run(name, ui, view, arg)
    if outcome.action is not None:
        try:
            table.act(seat, outcome.action)
        except IllegalAction as refused:
            return outcome, refused
    return outcome, None


def test_a_player_who_asked_for_it_confirms_a_discard_first():
    table, ui = setup()
    ui.prefs["ask_discard"] = True
    do(table, ui, "take_upcard")
    view = table.view(table.turn)
    card = next(a.card for a in view.legal_actions if a.kind == DISCARD)
    do(table, ui, "card", card.index)
    outcome, _ = do(table, ui, "discard")
    assert outcome.action is None and ui.dialog["kind"] == "discard"
    outcome, refused = do(table, ui, "confirm_discard")
    assert outcome.action == Action(DISCARD, card) and refused is None
    assert ui.dialog is None


def test_a_card_selected_then_tapped_again_is_unselected_and_that_is_said():
    table, ui = setup()
    do(table, ui, "take_upcard")
    card = table.view(table.turn).hand[0].index
    outcome, _ = do(table, ui, "card", card)
    assert ui.selected == card and outcome.say.startswith("Selected: ")
    outcome, _ = do(table, ui, "card", card)
    assert ui.selected is None and outcome.say == "Selection canceled."


def test_discard_outside_the_discard_turn_is_refused_for_the_real_reason():
    table, ui = setup()
    seat = table.turn
    ui.selected = table.view(seat).hand[0].index
    outcome, refused = do(table, ui, "discard")
    assert refused.reason == "upcard_offer"
    assert T.refusal(refused.reason, refused.details) == "Take the upcard or pass first."


def test_the_card_just_taken_cannot_be_discarded():
    table, ui = setup()
    do(table, ui, "take_upcard")
    taken = table.view(table.turn).taken
    do(table, ui, "card", taken.index)
    outcome, refused = do(table, ui, "discard")
    assert refused.reason == "taken_card" and ui.dialog is None


def test_a_knock_over_the_limit_says_the_numbers():
    table, ui = setup()
    do(table, ui, "take_upcard")
    view = table.view(table.turn)
    card = next(c for c in view.hand if c.index in view.discard_deadwood and view.discard_deadwood[c.index] > 10)
    do(table, ui, "card", card.index)
    outcome, refused = do(table, ui, "knock")
    assert refused.reason == "over_limit"
    assert str(view.discard_deadwood[card.index]) in T.refusal(refused.reason, refused.details)


def test_nothing_moves_while_the_hands_are_hidden():
    table, ui = setup()
    ui.handover = True
    before = table.to_dict()
    for name in ("draw_stock", "take_upcard", "pass", "pile", "discard", "knock", "sort"):
        outcome, refused = do(table, ui, name)
        assert outcome.action is None
    assert table.to_dict() == before
    do(table, ui, "reveal")
    assert ui.handover is False


def test_the_pile_takes_the_upcard_during_the_offer_and_plain_moves_are_listed_ones():
    table, ui = setup()
    outcome, refused = do(table, ui, "pile")
    assert outcome.action == Action(TAKE_UPCARD) and refused is None
    table, ui = setup()
    outcome, _ = do(table, ui, "pass")
    assert outcome.action == Action(PASS)
    outcome, refused = do(table, ui, "draw_stock")
    assert refused is None or outcome.action == Action(DRAW_STOCK)


def test_reordering_moves_the_card_and_saves_the_order():
    table, ui = setup()
    view = table.view(table.turn)
    ui.sync_order(view)
    first, second = ui.order[view.player][:2]
    outcome = C.run("move_card", ui, view, (first, 1))
    assert ui.order[view.player][:2] == [second, first]
    assert ui.prefs["sort"] == "custom" and E.SAVE in outcome.effects
    assert C.run("move_card", ui, view, (ui.order[view.player][0], -1)) is O.NOTHING


def test_the_knock_dialog_declares_the_engines_best_melds():
    for seed in range(60):
        table, ui = setup(seed)
        for _ in range(40):
            seat = table.turn
            if seat is None:
                break
            view = table.view(seat)
            knocks = [a for a in view.legal_actions if a.kind == KNOCK]
            if knocks:
                ui.selected = knocks[0].card.index
                do(table, ui, "knock")
                assert ui.dialog["kind"] == "knock"
                outcome, refused = do(table, ui, "confirm_knock")
                assert refused is None and outcome.action.kind == KNOCK and outcome.action.melds
                assert table.view(seat).end_kind in ("knock", "undercut")
                return
            legal = [a for a in view.legal_actions if a.kind != KNOCK]
            table.act(seat, legal[0])
    raise AssertionError("no knock found")


def test_a_discard_is_made_at_once_and_a_double_tap_discards_unless_each_is_confirmed():
    table, ui = setup()
    do(table, ui, "take_upcard")
    view = table.view(table.turn)
    card = next(a.card for a in view.legal_actions if a.kind == DISCARD)
    # Confirmation asked for: the second tap of a double one is a second tap (it unselects the card).
    ui.prefs["ask_discard"] = True
    C.run("card", ui, view, card.index)
    outcome = C.run("quick_discard", ui, view, card.index)
    assert outcome.action is None and ui.selected is None and outcome.say == "Selection canceled."
    ui.prefs["ask_discard"] = False  # the default
    assert C.run("quick_discard", ui, view, card.index).action == Action(DISCARD, card)
    ui.selected = card.index
    outcome = C.run("discard", ui, view)
    assert outcome.action == Action(DISCARD, card) and ui.dialog is None


def test_knock_without_a_selection_picks_the_discard_with_the_least_deadwood():
    for seed in range(1, 200):
        table, ui = setup(seed)
        for _ in range(40):
            view = table.view(table.turn)
            knocks = [a.card for a in view.legal_actions if a.kind == KNOCK]
            if knocks:
                break
            ui.sync_order(view)
            legal = [a for a in view.legal_actions if a.kind in (PASS, DRAW_STOCK, DISCARD)]
            if not legal:
                break
            table.act(table.turn, legal[0])
        if knocks:
            break
    ui.selected = None
    ui.sync_order(view)
    C.run("knock", ui, view)
    best = min(knocks, key=lambda c: view.discard_deadwood[c.index])
    assert ui.dialog["kind"] == KNOCK
    assert view.discard_deadwood[ui.dialog["card"]] == view.discard_deadwood[best.index]
    assert ui.selected == ui.dialog["card"]


@pytest.mark.parametrize("name", ["discard", "knock", "gin"])
def test_keys_pressed_before_the_discard_say_what_to_do_first(name):
    # No card selected: the upcard's offer, then a draw, come first (not "select a card").
    table, ui = setup()
    outcome, _ = do(table, ui, name)
    assert outcome.action is None and outcome.say == "Take the upcard or pass first."
    do(table, ui, "pass")
    do(table, ui, "pass")
    outcome, _ = do(table, ui, name)
    assert outcome.say == "Draw a card first, from the stock or the discard pile."
    ui.mode = "cpu"  # the seat on screen is not the one to move
    view = table.view(1 - table.turn)
    assert C.run(name, ui, view).say == "Wait for your turn."


def test_knock_and_gin_with_no_possible_ending_say_so_and_discard_asks_for_a_card():
    table, ui = setup()
    do(table, ui, "take_upcard")
    view = table.view(table.turn)
    assert not [a for a in view.legal_actions if a.kind in (KNOCK, "gin")]
    assert do(table, ui, "knock")[0].say == (
        "You cannot knock: no card you may discard leaves 10 points of deadwood or less.")
    assert do(table, ui, "gin")[0].say == "You cannot go gin: whichever card you discard, some deadwood is left."
    assert do(table, ui, "discard")[0].say == "Select a card first."
    assert ui.dialog is None


def test_knock_without_a_selection_opens_gin_when_only_gin_is_possible():
    # The rules guide's gin example under the straight rules: once the upcard is taken, gin.
    lesson = from_example(parse_cards("2D 3D 4D 5D 7S 7H 7C JH QH KH"), parse_cards("6D AS AC AH 9C 9D 9H KS 4S 2C"),
                          Rules.preset("straight"))
    table = TrainingTable(lesson)
    table.act(LEARNER, Action(TAKE_UPCARD))
    view = table.view(LEARNER)
    assert {a.kind for a in view.legal_actions} >= {"gin"} and KNOCK not in {a.kind for a in view.legal_actions}
    ui = Ui()
    ui.sync_order(view)
    C.run("knock", ui, view)
    assert ui.dialog["kind"] == "gin" and ui.selected == ui.dialog["card"]


def test_a_dialog_opened_from_the_menu_returns_the_focus_to_the_menu_button():
    table, ui = setup()
    view = table.view(table.turn)
    ui.focus = "menu"
    C.run("menu", ui, view)
    ui.focus = "new"  # the menu's New game button, which opens the new-game dialog
    C.run("new", ui, view)
    assert ui.dialog["kind"] == "new"
    C.run("escape", ui, view)
    assert ui.dialog is None and ui.focus == "menu"


def test_clearing_the_saved_data_and_opening_a_shared_deal_ask_first():
    table, ui = setup()
    view = table.view(table.turn)
    C.run("clear", ui, view)
    assert ui.dialog["kind"] == "clear" and E.CLEAR_DATA not in C.run("cancel", ui, view).effects
    C.run("clear", ui, view)
    assert C.run("confirm_clear", ui, view).effects == (E.CLEAR_DATA,)
    C.run("offer_seed", ui, view, 77)
    assert ui.dialog["kind"] == "seed" and ui.dialog["seed"] == 77
    assert C.run("confirm_seed", ui, view).effects == (E.OPEN_SEED,) and ui.dialog is None


def test_the_dialogs_left_open_over_the_other_sides_move_are_not_about_the_position():
    from game.web.play.state import LASTING_DIALOGS

    assert set(LASTING_DIALOGS) <= set(O.FIRST_FOCUS)
    assert not set(LASTING_DIALOGS) & {"discard", "knock", "gin", "big_gin", "review"}


# --- two taps a turn, the undo, and taps that say why ------------------------------------------

def to_my_discard(table, ui):
    """Play first listed moves (both seats) until seat 0 must discard; its View."""
    while not (table.turn == 0 and table.view(0).phase == "discard"):
        seat = table.turn
        action = next(a for a in table.view(seat).legal_actions if a.kind != "take_upcard") \
            if table.view(seat).phase != "discard" else \
            next(a for a in table.view(seat).legal_actions if a.kind == DISCARD)
        table.act(seat, action)
    view = table.view(0)
    ui.sync_order(view)
    return view


def test_a_card_then_the_pile_discards_with_no_dialog_and_the_pile_alone_says_what_to_do():
    table, ui = setup(seats=(HUMAN, "easy"))
    view = to_my_discard(table, ui)
    outcome = C.run("pile", ui, view)
    assert outcome.action is None and outcome.say == \
        "You have drawn: now select a card, then tap the pile."
    card = next(a.card for a in view.legal_actions if a.kind == DISCARD)
    assert C.run("card", ui, view, card.index).action is None  # selecting plays nothing
    outcome = C.run("pile", ui, view)
    assert outcome.action == Action(DISCARD, card) and ui.dialog is None
    ui.selected = None
    assert C.run("drop_on_pile", ui, view, card.index).action == Action(DISCARD, card)  # a drag
    ui.selected = card.index
    assert C.run("discard", ui, view).action == Action(DISCARD, card)


def test_undo_is_offered_until_the_other_side_moves_and_takes_back_only_the_discard():
    table, ui = setup(seats=(HUMAN, "easy"))
    view = to_my_discard(table, ui)
    card = next(a.card for a in view.legal_actions if a.kind == DISCARD)
    drawn = view.drawn
    assert C.run("undo", ui, view).say == T.refusal("nothing_to_undo", {})
    table.act(0, Action(DISCARD, card))
    view = table.view(0)
    outcome = C.run("undo", ui, view)
    assert outcome.effects == (E.UNDO,) and outcome.action is None
    table.undo(0)  # the effect's table verb
    view = table.view(0)
    assert [e.kind for e in view.events] == ["undo"] and card in view.hand and view.drawn is drawn
    assert view.turn == 0 and view.phase == "discard"
    table.act(0, Action(DISCARD, card))
    table.step()  # the computer moves: too late
    assert C.run("undo", ui, table.view(0)).say == T.refusal("nothing_to_undo", {})


def test_two_players_on_one_device_undo_from_the_hand_over_screen_only():
    table, ui = setup()
    ui.handover = False
    view = to_my_discard(table, ui)
    card = next(a.card for a in view.legal_actions if a.kind == DISCARD)
    table.act(0, Action(DISCARD, card))
    ui.handover = True  # the adapter hides both hands for the next player
    other = table.view(1)
    assert C.run("undo", ui, other).effects == (E.UNDO,)
    C.run("reveal", ui, other)
    assert C.run("undo", ui, other).say == T.refusal("nothing_to_undo", {})


def test_reveal_says_the_turn_now_and_the_hand_over_line_leaves_the_log():
    table, ui = setup()
    ui.handover = True
    view = table.view(table.turn)
    passing = T.pass_device(view.turn + 1)
    ui.log = ["Player 2 passed the upcard. " + passing]
    outcome = C.run("reveal", ui, view)
    assert outcome.say == T.turn_text(view, "duo", False) and outcome.say.startswith("Player ")
    assert ui.log == ["Player 2 passed the upcard."]


def test_every_move_that_cannot_be_made_says_why():
    table, ui = setup(seats=(HUMAN, "easy"))
    while table.turn != 1:  # the computer's turn
        seat = table.turn
        table.act(seat, table.view(seat).legal_actions[0])
    view = table.view(0)
    ui.sync_order(view)
    said = {}
    for name in ("discard", "knock", "gin", "big_gin", "move_left", "move_right"):
        said[name] = C.run(name, ui, view).say
    for name in ("draw_stock", "pile", "take_upcard", "pass"):  # the table refuses them
        outcome = C.run(name, ui, view)
        try:
            table.act(0, outcome.action)
        except IllegalAction as exc:
            said[name] = T.refusal(exc.reason, exc.details)
    said["card"] = C.run("card", ui, view, view.hand[0].index).say
    for name, words in said.items():
        assert words, name
    wait = T.refusal("not_your_turn", {})
    assert said["draw_stock"] == said["pile"] == said["discard"] == said["knock"] == wait
    assert said["card"].endswith(wait)
    assert said["move_right"] == "Select a card first, then move it with the arrows."
    # With the first card selected: it cannot go further left.
    ui.order[0] = [c.index for c in view.hand]
    ui.selected = ui.order[0][0]
    assert C.run("move_left", ui, view).say.endswith("is already first in your hand.")


def test_knock_over_the_limit_says_the_deadwood_it_would_keep():
    table, ui = setup(seats=(HUMAN, "easy"))
    view = to_my_discard(table, ui)
    assert not any(a.kind == KNOCK for a in view.legal_actions)  # this deal cannot knock yet
    ui.selected = next(a.card for a in view.legal_actions if a.kind == DISCARD).index
    outcome = C.run("knock", ui, view)
    with pytest.raises(IllegalAction) as refused:
        table.act(0, outcome.action)
    assert refused.value.reason == "over_limit"
    ui.selected = None
    assert C.run("knock", ui, view).say.startswith("You cannot knock")
