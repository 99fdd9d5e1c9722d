import pytest

from game.cards import parse_cards
from game.errors import IllegalAction
from game.layoffs import best_defence, check_defence, layoff_groups


def melds(text):
    return [parse_cards(group) for group in text.split("|")]


def codes(cards):
    return [str(c) for c in cards]


def test_groups_cover_set_fourth_card_and_both_run_ends():
    knocker = melds("7S 7D 7C | 4H 5H 6H")
    groups = layoff_groups(knocker, parse_cards("7H 3H 2H 8H 9H KS KD QC JC AS"))
    laid = sorted((target, " ".join(codes(cards))) for _, target, cards in groups)
    assert (0, "7H") in laid
    assert (1, "3H 2H 7H 8H 9H") in laid  # both ends, chained to any depth
    assert (1, "8H") not in laid  # 8H needs 7H first
    assert (1, "7H 8H") in laid


def test_explicit_choice_is_validated_in_order():
    knocker = melds("5H 6H 7H")
    defender = parse_cards("8H 9H TH KS KD KC 2C 3D 4S 6C")
    defence = check_defence(knocker, defender, [parse_cards("KS KD KC")],
                            [(parse_cards("8H")[0], 0), (parse_cards("9H")[0], 0), (parse_cards("TH")[0], 0)])
    assert defence.deadwood_points == 2 + 3 + 4 + 6
    with pytest.raises(IllegalAction, match="does not fit"):
        check_defence(knocker, defender, [], [(parse_cards("9H")[0], 0)])
    with pytest.raises(IllegalAction, match="not free"):
        check_defence(knocker, defender, [parse_cards("8H 9H TH")], [(parse_cards("8H")[0], 0)])


def test_best_defence_is_optimal_and_replays_as_an_explicit_choice():
    knocker = melds("5H 6H 7H | 9S 9D 9C")
    defender = parse_cards("8H 9H 8S 8D 8C 4H 3H 2C KS QD")
    best = best_defence(knocker, defender)
    # 4H 3H go below the run, 8H and 9H go on the run or the nines (8S 8D 8C stay a set):
    # only 2C KS QD remain, whichever way the search chose.
    assert best.deadwood_points == 2 + 10 + 10
    assert {"3H", "4H", "9H"} <= set(codes(c for c, _ in best.layoffs))
    # Validating the engine's own choice as an explicit one gives the same result.
    again = check_defence(knocker, defender, best.melds, best.layoffs)
    assert again.deadwood_points == best.deadwood_points


@pytest.mark.parametrize("melds, defender, message", [
    ([[]], "6H 4H", "not a meld"),  # weak 13: IndexError
    ([parse_cards("5H 9C KD")], "6H 4H", "not a meld: 5H 9C KD"),  # laid off on as a heart run
    ([parse_cards("5H 6H 7H")], "7H 4H", "7H appears twice"),
])
def test_best_defence_refuses_melds_that_are_not_melds(melds, defender, message):
    with pytest.raises(ValueError, match=message):
        best_defence(melds, parse_cards(defender))
