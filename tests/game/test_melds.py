from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import DECK, parse_cards
from game.errors import IllegalAction
from game.melds import (
    all_best_arrangements,
    arrange_all,
    best_arrangement,
    check_arrangement,
    deadwood_after_each_discard,
    is_big_gin,
    is_meld,
    is_run,
    is_set,
    min_deadwood,
)

# --- an independent oracle: every disjoint family of melds, by brute force -------------------

def _oracle_melds(cards):
    found = []
    for size in (3, 4):
        for group in combinations(cards, size):
            if len({c.rank for c in group}) == 1:
                found.append(frozenset(group))
    for size in range(3, len(cards) + 1):
        for group in combinations(cards, size):
            suits = {c.suit for c in group}
            ranks = sorted(c.rank for c in group)
            if len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + size)):
                found.append(frozenset(group))
    return found


def oracle_deadwood(cards):
    melds = _oracle_melds(cards)
    total = sum(c.value for c in cards)
    best = total

    def search(start, used, melded):
        nonlocal best
        best = min(best, total - melded)
        for k in range(start, len(melds)):
            if not (melds[k] & used):
                search(k + 1, used | melds[k], melded + sum(c.value for c in melds[k]))

    search(0, frozenset(), 0)
    return best


def oracle_after_discard(cards):
    return min(oracle_deadwood([c for c in cards if c is not d]) for d in cards)


hands10 = st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True)
hands11 = st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True)
DENSE = [c for c in DECK if 4 <= c.rank <= 8]  # few adjacent ranks: many overlapping melds
dense10 = st.lists(st.sampled_from(DENSE), min_size=10, max_size=10, unique=True)
dense11 = st.lists(st.sampled_from(DENSE), min_size=11, max_size=11, unique=True)


@settings(max_examples=300, deadline=None)
@given(hands10)
def test_exact_deadwood_matches_oracle_on_random_hands(cards):
    assert min_deadwood(cards) == oracle_deadwood(cards)


@settings(max_examples=150, deadline=None)
@given(dense10)
def test_exact_deadwood_matches_oracle_on_dense_hands(cards):
    assert min_deadwood(cards) == oracle_deadwood(cards)


@settings(max_examples=60, deadline=None)
@given(st.one_of(hands11, dense11))
def test_eleven_cards_is_the_minimum_over_every_discard(cards):
    assert min_deadwood(cards) == oracle_after_discard(cards)
    after = deadwood_after_each_discard(cards)
    assert after == [oracle_deadwood([c for c in cards if c is not d]) for d in cards]


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands10, dense10))
def test_every_best_arrangement_is_valid_and_optimal(cards):
    target = min_deadwood(cards)
    arrangements = all_best_arrangements(cards)
    assert arrangements
    for arrangement in arrangements:
        assert arrangement.deadwood_points == target
        melded = [c for meld in arrangement.melds for c in meld]
        assert sorted(melded + arrangement.deadwood) == sorted(cards)
        assert all(is_meld(meld) for meld in arrangement.melds)
        again = check_arrangement(cards, arrangement.melds)
        assert again.deadwood_points == target


# --- named cases ------------------------------------------------------------------------------

def test_meld_shapes():
    assert is_set(parse_cards("7H 7S 7D")) and is_set(parse_cards("7H 7S 7D 7C"))
    assert not is_set(parse_cards("7H 7S")) and not is_set(parse_cards("7H 7S 8D"))
    assert is_run(parse_cards("AH 2H 3H")) and is_run(parse_cards("9S JS TS"))
    assert not is_run(parse_cards("QH KH AH")) and not is_run(parse_cards("KH AH 2H"))
    assert not is_run(parse_cards("4H 5H 7H")) and not is_run(parse_cards("4H 5H 6D"))


def test_best_arrangement_reports_melds_and_deadwood():
    result = best_arrangement(parse_cards("5H 6H 7H 7S 7D 7C 2C 3C 4C KD"))
    assert [[str(c) for c in meld] for meld in result.melds] == [
        ["2C", "3C", "4C"], ["5H", "6H", "7H"], ["7C", "7D", "7S"]]
    assert [str(c) for c in result.deadwood] == ["KD"] and result.deadwood_points == 10


def test_eleven_card_best_arrangement_names_its_discard():
    result = best_arrangement(parse_cards("AH 2H 3H 4H 5S 5D 5C KS QS JD 9C"))
    assert str(result.discard) in ("KS", "QS", "JD")
    assert result.deadwood_points == 10 + 10 + 9


def test_all_best_arrangements_lists_the_choices():
    # 7H completes the run 6-7-8 or the set of sevens; either way 14 points stay out.
    hand = parse_cards("6H 7H 8H 7S 7D 2C 4D KS QC 9S")
    arrangements = all_best_arrangements(hand)
    assert len(arrangements) == 2
    assert {a.deadwood_points for a in arrangements} == {min_deadwood(hand)}
    assert sorted(len(a.melds[0]) for a in arrangements) == [3, 3]
    assert {str(a.melds[0][0]) for a in arrangements} == {"6H", "7D"}


def test_runs_are_kept_whole():
    result = best_arrangement(parse_cards("3H 4H 5H 6H 7H 8H KS QS JS 2D"))
    assert [len(meld) for meld in result.melds] == [6, 3]


def test_long_run_is_all_melded_and_big_gin():
    hand = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH")
    assert min_deadwood(hand) == 0 and is_big_gin(hand)
    assert arrange_all(hand).deadwood == []


def test_check_arrangement_names_the_problem():
    hand = parse_cards("5H 6H 7H 7S 7D 7C 2C 3C 4C KD")
    with pytest.raises(IllegalAction, match="not in the hand"):
        check_arrangement(hand, [parse_cards("8H 9H TH")])
    with pytest.raises(IllegalAction, match="two melds"):
        check_arrangement(hand, [parse_cards("5H 6H 7H"), parse_cards("7H 7S 7D")])
    with pytest.raises(IllegalAction, match="not a meld"):
        check_arrangement(hand, [parse_cards("5H 6H 7S")])
    declared = check_arrangement(hand, [parse_cards("7S 7D 7C")])
    assert declared.deadwood_points == 5 + 6 + 7 + 2 + 3 + 4 + 10


def test_duplicate_cards_are_refused():
    with pytest.raises(ValueError, match="twice"):
        min_deadwood(parse_cards("7H 7H 8H"))


def test_a_set_is_of_different_suits():
    # Weak 13: three times the same card made a set.
    assert not is_set(parse_cards("AC AC AC")) and not is_set(parse_cards("AC AD AC"))
    assert is_set(parse_cards("AC AD AH")) and is_set(parse_cards("AC AD AH AS"))
