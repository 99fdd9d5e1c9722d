import pytest

from game.actions import BIG_GIN, DISCARD, GIN, KNOCK, PASS, TAKE_UPCARD, Action
from game.cards import parse_card, parse_cards
from game.errors import IllegalAction
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
