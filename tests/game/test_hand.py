import pytest

from game.actions import (
    BIG_GIN,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    PASS,
    TAKE_UPCARD,
    Action,
)
from game.cards import parse_card, parse_cards
from game.errors import IllegalAction
from game.hand import DEAD_STOCK, PILE_DRAWS
from game.rules import Rules
from tests.game.stacked import stacked_hand

DEALER = "2D 3D 4C 6S 7S 8H 9H JC JS QH"


def after_taking(non_dealer, upcard, rules=None, dealer=DEALER):
    hand = stacked_hand(non_dealer, dealer, upcard, rules=rules)
    hand.apply(Action(TAKE_UPCARD))
    return hand


def reason(hand, action):
    with pytest.raises(IllegalAction) as caught:
        hand.check_declaration(action)
    return caught.value.reason, caught.value.details


def test_deal_is_one_card_at_a_time_from_the_non_dealer():
    hand = stacked_hand("AS 2S 3S 5D 5H 5C 9C 8C KH 2H", DEALER, "7C")
    assert [str(c) for c in hand.hands[0][:2]] == ["AS", "2S"]  # player 0 does not deal
    assert hand.upcard is parse_card("7C") and hand.discard == [hand.upcard]
    assert len(hand.stock) == 31 and hand.phase == "upcard" and hand.turn == 0


def test_check_declaration_names_the_rule_and_changes_nothing():
    hand = after_taking("AS 2S 3S 5D 5H 5C 9C 8C KH 2H", "7C")
    before = ([list(h) for h in hand.hands], list(hand.discard), hand.phase)
    runs = [parse_cards("AS 2S 3S"), parse_cards("5D 5H 5C"), parse_cards("7C 8C 9C")]
    assert hand.check_declaration(Action(KNOCK, parse_card("KH"), runs)).deadwood_points == 2
    assert reason(hand, Action(KNOCK, parse_card("KH"), runs[:2])) == ("over_limit", {"deadwood": 26, "limit": 10})
    assert reason(hand, Action(GIN, parse_card("KH"), runs))[0] == "not_gin"
    assert reason(hand, Action(KNOCK, parse_card("KH"), [parse_cards("AS 2S 5D")]))[0] == "not_a_meld"
    assert reason(hand, Action(KNOCK, parse_card("7C")))[0] == "taken_card"
    assert reason(hand, Action(BIG_GIN))[0] == "no_big_gin"
    assert before == ([list(h) for h in hand.hands], list(hand.discard), hand.phase)


def test_gin_only_reason_under_straight_rules():
    hand = after_taking("AS 2S 3S 5D 5H 5C 9C 8C KH 2H", "7C", Rules.preset("straight"))
    assert reason(hand, Action(KNOCK, parse_card("KH")))[0] == "gin_only"


def test_declared_melds_are_the_ones_scored():
    hand = after_taking("2H 3H 4H 3S 3D KS KD KC AS 9C", "AC", dealer="2D 5S 4C 6S 7S 8H 9H JC JS QH")
    as_set = [parse_cards("3H 3S 3D"), parse_cards("KS KD KC")]
    hand.apply(Action(KNOCK, parse_card("9C"), as_set))
    result = hand.end["settlement"]
    assert [[str(c) for c in meld] for meld in result.knocker_melds] == [["3D", "3H", "3S"], ["KC", "KD", "KS"]]


def test_nothing_but_the_upcard_choice_during_the_offer():
    hand = stacked_hand("AS 2S 3S 5D 5H 5C 9C 8C KH 2H", DEALER, "7C")
    with pytest.raises(IllegalAction, match="take it or pass"):
        hand.apply(Action(DISCARD, parse_card("KH")))
    hand.apply(Action(PASS))
    assert hand.turn == 1 and hand.phase == "upcard"


# --- every hand ends (reliability review, E14) --------------------------------------------------

def pile_loop_turn(hand):
    """Take the discard and throw back the card taken the turn before (else the first other card)."""
    player = hand.turn
    hand.apply(Action(DRAW_DISCARD))
    previous = hand.known[player][:-1]
    throw = previous[0] if previous else next(c for c in hand.hands[player] if c is not hand.taken)
    hand.apply(Action(DISCARD, throw))


def position_of(hand):
    return (tuple(map(tuple, hand.hands)), tuple(hand.discard), tuple(hand.stock), hand.turn, hand.phase)


def test_two_players_taking_the_pile_come_back_to_the_same_position():
    # Why the engine needs a bound: only stock draws shrink the stock, and this loop has none.
    hand = stacked_hand("AS 2S 3S 5D 5H 5C 9C 8C KH 2H", DEALER, "7C")
    hand.apply(Action(TAKE_UPCARD))
    hand.apply(Action(DISCARD, parse_card("KH")))
    seen = {}
    for turn in range(40):
        position = position_of(hand)
        if position in seen:
            break
        seen[position] = turn
        pile_loop_turn(hand)
    assert position in seen and len(hand.stock) == 31 and hand.phase == "draw"


def test_after_the_pile_draws_a_hand_allows_only_the_stock_and_then_it_ends():
    hand = stacked_hand("AS 2S 3S 5D 5H 5C 9C 8C KH 2H", DEALER, "7C")
    hand.apply(Action(PASS))
    actions = 1
    hand.apply(Action(TAKE_UPCARD))
    hand.apply(Action(DISCARD, parse_card("2D")))
    actions += 2
    while hand.pile_draws < PILE_DRAWS:
        assert Action(DRAW_DISCARD) in hand.legal_actions()
        pile_loop_turn(hand)
        actions += 2
    assert len(hand.stock) == 31 and hand.legal_actions() == [Action(DRAW_STOCK)]
    with pytest.raises(IllegalAction) as caught:
        hand.apply(Action(DRAW_DISCARD))
    assert caught.value.reason == "stock_only" and "closed" in str(caught.value)
    while hand.phase != "over":  # stock draws and discards only, no knock: a dead hand
        hand.apply(Action(DRAW_STOCK))
        hand.apply(Action(DISCARD, hand.drawn))
        actions += 2
    assert hand.end["kind"] == "dead" and len(hand.stock) == DEAD_STOCK
    assert actions == 261  # the most a hand can take (docs/engine.md, "Every hand ends")


def test_passes_do_not_loop():
    hand = stacked_hand("AS 2S 3S 5D 5H 5C 9C 8C KH 2H", DEALER, "7C")
    hand.apply(Action(PASS))
    hand.apply(Action(PASS))
    assert hand.phase == "draw" and Action(PASS) not in hand.legal_actions()
    with pytest.raises(IllegalAction) as caught:
        hand.apply(Action(PASS))
    assert caught.value.reason == "draw_first"
