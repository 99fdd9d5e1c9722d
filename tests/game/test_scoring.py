import pytest

from game.cards import parse_cards
from game.errors import IllegalAction
from game.rules import Rules
from game.scoring import settle


def test_settlement_fields():
    result = settle(parse_cards("5H 6H 7H 7S 7D 7C 2C 3C 4C KD"), parse_cards("8H 9H TH 4H QS AD 2D 3D KS KC"))
    assert (result.kind, result.winner, result.points) == ("knock", "knocker", 30 - 10)
    assert result.knocker_deadwood == 10 and result.defender_deadwood == 30
    assert [str(c) for c in result.layoffs] == ["4H"]
    assert [str(c) for c in result.knocker_deadwood_cards] == ["KD"]
    assert len(result.knocker_melds) == 3 and len(result.defender_melds) == 2


def test_big_gin_through_settle():
    eleven = parse_cards("AH 2H 3H 4H 5H 5S 5D 5C KS KD KC")
    defender = parse_cards("9H TH 2D 3S 4D QS JS JC 9S 8C")
    with pytest.raises(IllegalAction, match="not played"):
        settle(eleven, defender)
    result = settle(eleven, defender, Rules.preset("modern"))
    assert result.kind == "big_gin" and result.points == 31 + 9 + 10 + 2 + 3 + 4 + 10 + 10 + 10 + 9 + 8
    with pytest.raises(IllegalAction, match="all 11"):
        settle(parse_cards("AH 2H 3H 4H 5H 5S 5D 6C KS KD KC"), defender, Rules.preset("modern"))


def test_straight_gin_refuses_any_knock():
    with pytest.raises(IllegalAction, match="only gin"):
        settle(parse_cards("5H 6H 7H 7S 7D 7C 2C 3C 4C AD"), parse_cards("8H 9H TH 4H QS AD 2D 3D KS KC".replace("AD", "AS")),
               Rules.preset("straight"))


def test_hand_sizes_are_checked():
    with pytest.raises(ValueError, match="defender must hold 10"):
        settle(parse_cards("5H 6H 7H 7S 7D 7C 2C 3C 4C AD"), parse_cards("8H 9H"))
    with pytest.raises(ValueError, match="knocker must hold 10"):
        settle(parse_cards("5H 6H 7H"), parse_cards("8H 9H TH 4H QS AS 2D 3D KS KC"))


def test_the_same_cards_on_both_sides_are_refused():
    # Weak 13: settled as an undercut worth 25.
    hand = parse_cards("5H 6H 7H 9S 9D 9C 2C 3D AS 4C")
    with pytest.raises(ValueError, match="in both hands"):
        settle(hand, hand)
