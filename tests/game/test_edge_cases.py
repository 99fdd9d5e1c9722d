"""One scenario per item of shared/notes/rules-edge-cases.md, with concrete cards."""

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
from game.melds import best_arrangement, is_big_gin, min_deadwood
from game.rules import Rules
from game.scoring import final_totals, settle
from tests.game.stacked import stacked_hand

C = parse_card
MODERN = Rules.preset("modern")


def kinds(hand):
    return sorted({(a.kind, str(a.card) if a.card else "") for a in hand.legal_actions()})


# --- melds and deadwood ---------------------------------------------------------------------

def test_01_a_card_in_a_set_or_a_run_goes_where_it_saves_most():
    # The run keeps 7S 7D out (14); the set would leave 8H 9H (17): the run wins.
    run_wins = best_arrangement(parse_cards("7H 8H 9H 7S 7D KC QC JD 2S 3C"))
    assert [str(c) for c in run_wins.melds[0]] == ["7H", "8H", "9H"]
    # Here the set leaves 5H 6H (11) and the run 7S 7D (14): the set wins.
    set_wins = best_arrangement(parse_cards("5H 6H 7H 7S 7D KC QC JD 2S 3C"))
    assert [str(c) for c in set_wins.melds[0]] == ["7D", "7H", "7S"]


def test_02_eleven_cards_minimum_over_discards_not_drop_the_highest_leftover():
    hand = parse_cards("9S 9H 9C 7S 5C 8H 5S 8C 7H 7C 5H")
    # Three sets leave 8C 8H: dropping the highest leftover would give 8. Breaking the sevens
    # for runs 7-8-9 of hearts and clubs leaves 7S only.
    assert min_deadwood(hand) == 7


def test_03_ace_is_low_only():
    assert min_deadwood(parse_cards("AH 2H 3H KS KD 4C 6C 8C TD 2S")) == 10 + 10 + 4 + 6 + 8 + 10 + 2
    assert min_deadwood(parse_cards("QH KH AH 3S 5D 7C 9C JD 2S 4H")) == 10 + 10 + 1 + 3 + 5 + 7 + 9 + 10 + 2 + 4
    assert min_deadwood(parse_cards("KH AH 2H 3S 5D 7C 9C JD 4S 6H")) == 10 + 1 + 2 + 3 + 5 + 7 + 9 + 10 + 4 + 6


def test_04_long_runs_and_four_card_sets():
    assert min_deadwood(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS")) == 0
    assert is_big_gin(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"))
    assert min_deadwood(parse_cards("7S 7D 7H 7C 2S 3S 4S KD KH KC")) == 0


# --- knocking and gin -----------------------------------------------------------------------

NON_DEALER = "AS 2S 3S 5D 5H 5C 9C TC KH QD"  # 23 in deadwood before the upcard
DEALER = "2D 3D 4C 6S 7S 8H 9H JC JS QH"


def test_05_knock_on_the_first_turn_right_after_taking_the_upcard():
    hand = stacked_hand("AS 2S 3S 5D 5H 5C 9C 8C KH 2H", DEALER, "7C")
    hand.apply(Action(TAKE_UPCARD))
    assert ("knock", "KH") in kinds(hand)  # 2H alone is left: 2 points, on the first turn
    events = hand.apply(Action(KNOCK, C("KH")))
    assert events[0].kind in ("knock", "undercut") and hand.phase == "over"
    assert hand.end["settlement"].knocker_deadwood == 2


def test_06_the_card_taken_from_the_pile_cannot_be_discarded_even_to_knock():
    hand = stacked_hand("AS 2S 3S 5D 5H 5C 9C 8C 7C 2H", DEALER, "KH")
    hand.apply(Action(TAKE_UPCARD))
    assert ("discard", "KH") not in kinds(hand) and ("knock", "KH") not in kinds(hand)
    with pytest.raises(IllegalAction, match="just took"):
        hand.apply(Action(DISCARD, C("KH")))
    with pytest.raises(IllegalAction, match="just took"):
        hand.apply(Action(KNOCK, C("KH")))
    # A card just drawn from the stock may be discarded at once.
    hand = stacked_hand("AS 2S 3S 5D 5H 5C 9C 8C 7C 2H", DEALER, "KD", stock="KH")
    hand.apply(Action(PASS))
    hand.apply(Action(PASS))
    hand.apply(Action(DRAW_STOCK))
    assert ("knock", "KH") in kinds(hand)
    hand.apply(Action(DISCARD, C("KH")))
    assert hand.discard[-1] is C("KH")


def test_07_both_pass_then_the_non_dealer_must_draw_from_the_stock():
    hand = stacked_hand(NON_DEALER, DEALER, "9D", stock="4H")
    assert hand.turn == 0  # player 1 deals
    hand.apply(Action(PASS))
    assert hand.turn == 1 and hand.phase == "upcard"
    hand.apply(Action(PASS))
    assert hand.turn == 0 and kinds(hand) == [("draw_stock", "")]
    with pytest.raises(IllegalAction, match="must draw from the stock"):
        hand.apply(Action(DRAW_DISCARD))
    hand.apply(Action(DRAW_STOCK))
    hand.apply(Action(DISCARD, C("KH")))
    # The dealer may then take the non-dealer's discard.
    assert ("draw_discard", "") in kinds(hand)
    hand.apply(Action(DRAW_DISCARD))
    assert hand.hands[1][-1] is C("KH")


def test_08_big_gin_or_gin_by_discarding_an_end_card():
    eleven = "AH 2H 3H 4H 5S 5D 5C KS KD KC"  # 5H from the stock makes all 11 melded
    hand = stacked_hand(eleven, DEALER, "QC", stock="5H", rules=MODERN)
    hand.apply(Action(PASS))
    hand.apply(Action(PASS))
    hand.apply(Action(DRAW_STOCK))
    assert ("big_gin", "") in kinds(hand)
    events = hand.apply(Action(BIG_GIN))
    result = events[0].data["settlement"]
    assert result.kind == "big_gin" and result.points == 31 + min_deadwood(parse_cards(DEALER))
    # Big gin off: the same hand goes gin by discarding an end card of the five-card run.
    hand = stacked_hand(eleven, DEALER, "QC", stock="5H")
    hand.apply(Action(PASS))
    hand.apply(Action(PASS))
    hand.apply(Action(DRAW_STOCK))
    assert ("big_gin", "") not in kinds(hand)
    assert ("gin", "AH") in kinds(hand) and ("gin", "5H") in kinds(hand) and ("gin", "3H") not in kinds(hand)
    with pytest.raises(IllegalAction):
        hand.apply(Action(BIG_GIN))


def test_09_the_declared_arrangement_counts_and_must_meet_the_limit():
    # 3H completes the run 2-3-4 of hearts or the set of threes: 8 points of deadwood either way.
    knocker = parse_cards("2H 3H 4H 3S 3D KS KD KC AS AC")
    defender = parse_cards("5H 6H 3C 9S TD JC QS 8D 4C 2S")
    as_run = settle(knocker, defender, knocker_melds=[parse_cards("2H 3H 4H"), parse_cards("KS KD KC")])
    as_set = settle(knocker, defender, knocker_melds=[parse_cards("3H 3S 3D"), parse_cards("KS KD KC")])
    assert as_run.knocker_deadwood == as_set.knocker_deadwood == 3 + 3 + 1 + 1
    assert [str(c) for c in as_run.layoffs] == ["5H", "6H"]  # the run takes 5H then 6H
    assert [str(c) for c in as_set.layoffs] == ["3C"]  # the set takes only the fourth three
    assert (as_run.points, as_set.points) == (56 - 8, 64 - 8)
    # A declared arrangement over the limit is refused, even if a better one exists.
    with pytest.raises(IllegalAction, match="knock limit is 10"):
        settle(knocker, defender, knocker_melds=[parse_cards("KS KD KC")])


# --- layoffs --------------------------------------------------------------------------------

JUNK = "KH QD JC 9S"  # no meld, no layoff in the examples below


def test_10_a_set_of_three_takes_the_fourth_card_a_set_of_four_nothing():
    defender = parse_cards("7H 2D 3C 5S " + JUNK + " TD 8C")
    three = settle(parse_cards("7S 7D 7C AH 2H 3H 4S 4D 4C AD"), defender)
    assert [str(c) for c in three.layoffs] == ["7H"]
    four_defender = parse_cards("7H 2D 3C 5S " + JUNK + " TD 8C")
    four = settle(parse_cards("4S 4D 4C 4H AH 2H 3H AD AC 2S"), four_defender)
    assert four.layoffs == []


def test_11_runs_take_cards_at_both_ends_chained_to_any_depth():
    # 8H lays off on 5-6-7 of hearts, then 9H on the 8H; 4H at the low end, then 3H on the 4H.
    # (Two cards per end: three in a row would be a meld of the defender's own.)
    knocker = parse_cards("5H 6H 7H KS KD KC 2C 2D 2S AS")
    defender = parse_cards("8H 9H 4H 3H QD JC 9S 6C 8D TD")
    result = settle(knocker, defender)
    assert result.defender_melds == []
    assert sorted(str(c) for c in result.layoffs) == ["3H", "4H", "8H", "9H"]
    assert [(str(c), t) for c, t in result.layoff_targets] == [("8H", 1), ("9H", 1), ("4H", 1), ("3H", 1)]
    assert result.defender_deadwood == 10 + 10 + 9 + 6 + 8 + 10


def test_12_a_card_that_fits_a_set_or_a_run_goes_where_it_frees_most():
    # 7H fits the sevens and the run 4-5-6 of hearts; only on the run can 8H follow it.
    knocker = parse_cards("7S 7D 7C 4H 5H 6H AS AD AC 2C")
    defender = parse_cards("7H 8H KS QD JC 9S 2D 3S 4C TC")
    result = settle(knocker, defender)
    assert [(str(c), t) for c, t in result.layoff_targets] == [("7H", 1), ("8H", 1)]
    assert result.knocker_melds[1][0] is C("4H")


def test_13_the_defender_breaks_a_meld_when_laying_off_its_cards_saves_more():
    # Keeping four eights leaves 9H (9); moving 8H and 9H onto the run 5-6-7 leaves nothing.
    knocker = parse_cards("5H 6H 7H AS AD AC 2C 3C 4C KD")
    defender = parse_cards("8S 8D 8C 8H 9H KS KH QD QC QS")
    result = settle(knocker, defender)
    assert [str(c) for c in result.layoffs] == ["8H", "9H"]
    assert [[str(c) for c in meld] for meld in result.defender_melds] == [["8C", "8D", "8S"], ["QC", "QD", "QS"]]
    assert result.defender_deadwood == 10 + 10


def test_14_a_defender_who_reaches_zero_by_laying_off_scores_an_undercut_not_gin():
    knocker = parse_cards("5H 6H 7H AS AD AC 2C 3C 4C 4D")  # 4 points
    defender = parse_cards("8H 9H TH KS KD KC QS QD QC 4H")
    result = settle(knocker, defender)
    assert result.defender_deadwood == 0
    assert (result.kind, result.winner, result.points) == ("undercut", "defender", 25 + 4)


# --- scoring --------------------------------------------------------------------------------

def test_15_knock_difference_undercut_bonus_and_the_tie_option():
    knocker = parse_cards("5H 6H 7H AS AD AC 2C 3C 4C 6D")  # 6 points
    low = settle(knocker, parse_cards("KS KD KC QS QD QC JS JD JC 9D"))
    assert (low.kind, low.winner, low.points) == ("knock", "knocker", 9 - 6)
    under = settle(knocker, parse_cards("KS KD KC QS QD QC JS JD JC 3D"))
    assert (under.kind, under.winner, under.points) == ("undercut", "defender", 25 + 6 - 3)
    tie = settle(knocker, parse_cards("KS KD KC QS QD QC JS JD JC 6S"))
    assert (tie.kind, tie.winner, tie.points) == ("undercut", "defender", 25)
    no_tie = settle(knocker, parse_cards("KS KD KC QS QD QC JS JD JC 6S"), Rules(undercut_on_tie=False))
    assert (no_tie.kind, no_tie.winner, no_tie.points) == ("knock", "knocker", 0)


def test_16_gin_scores_the_bonus_plus_the_whole_deadwood_and_is_never_undercut():
    gin = parse_cards("5H 6H 7H AS AD AC 2C 3C 4C 8H")
    defender = parse_cards("9H TH 2D 3S 4D KS QS JC 9S 8C")
    result = settle(gin, defender)
    assert result.kind == "gin" and result.layoffs == []  # 9H TH could go on the run, but not after gin
    assert result.points == 25 + 9 + 10 + 2 + 3 + 4 + 10 + 10 + 10 + 9 + 8
    both_zero = settle(gin, parse_cards("KS KD KC KH QS QD QC JS JD JC"))
    assert (both_zero.kind, both_zero.winner, both_zero.points) == ("gin", "knocker", 25)


def _play_to_two_cards_in_stock(hand):
    # Both players draw from the stock and throw the drawn card back until two cards are left.
    while len(hand.stock) > 3:
        if hand.phase == "upcard":
            hand.apply(Action(PASS))
            continue
        hand.apply(Action(DRAW_STOCK))
        hand.apply(Action(DISCARD, hand.hands[hand.turn][-1]))


def test_17_dead_hand_at_two_cards_unless_the_last_discard_is_a_knock():
    hand = stacked_hand(NON_DEALER, DEALER, "9D")
    _play_to_two_cards_in_stock(hand)
    hand.apply(Action(DRAW_STOCK))
    assert len(hand.stock) == 2
    events = hand.apply(Action(DISCARD, hand.hands[hand.turn][-1]))
    assert [e.kind for e in events] == ["discard", "dead_hand"] and hand.winner() is None
    # The same last turn, but the 29th stock card (the non-dealer's last draw) is 7C: knock.
    hand = stacked_hand("AS 2S 3S 5D 5H 5C 9C 8C KH KD", DEALER, "9D")
    stock = [c for c in hand.stock if c is not C("7C")]
    hand.stock = stock[:28] + [C("7C")] + stock[28:]
    _play_to_two_cards_in_stock(hand)
    hand.apply(Action(DRAW_STOCK))
    assert len(hand.stock) == 2 and hand.turn == 0 and hand.hands[0][-1] is C("7C")
    events = hand.apply(Action(KNOCK, C("KH")))
    assert events[0].kind in ("knock", "undercut") and hand.winner() is not None and hand.points() > 0


def test_18_dealer_alternates_after_a_scored_hand_and_stays_after_a_dead_hand():
    from game.match import Match

    match = Match.new(5)
    first = match.hand.dealer
    assert match._dealer_after([{"kind": "dead"}]) == first
    assert match._dealer_after([{"kind": "knock"}]) == 1 - first
    assert match._dealer_after([{"kind": "gin"}, {"kind": "dead"}, {"kind": "undercut"}]) == first


def test_19_end_of_match_bonuses_do_not_count_toward_the_target():
    rules = MODERN
    # 110 to 40 over 3 hands won to 2: box 25 per hand won, 100 game bonus to the winner.
    totals = final_totals(rules, [110, 40], [3, 2])
    assert totals[0] == {"points": 110, "box": 75, "game": 100, "shutout": 0, "total": 285}
    assert totals[1] == {"points": 40, "box": 50, "game": 0, "shutout": 0, "total": 90}
    # A shutout doubles the winner's hand points.
    shut = final_totals(rules, [104, 0], [4, 0])
    assert shut[0]["shutout"] == 104 and shut[0]["total"] == 104 * 2 + 100 + 100
    # Classic rules: no bonus at all.
    assert final_totals(Rules.preset(), [104, 0], [4, 0])[0]["total"] == 104
    assert final_totals(Rules(shutout="bonus", shutout_bonus=100), [104, 0], [4, 0])[0]["shutout"] == 100


def test_20_oklahoma_upcard_sets_the_limit_ace_means_gin_spade_doubles():
    okla = Rules.preset("oklahoma")
    # Upcard 3S: limit 3 for the whole hand, even after the non-dealer takes it; a spade doubles.
    hand = stacked_hand("AS 2S 4S 5D 5H 5C 9C 8C 7C 4H", DEALER, "3S", rules=okla)
    assert hand.knock_limit == 3
    hand.apply(Action(TAKE_UPCARD))
    assert hand.knock_limit == 3 and ("knock", "4H") not in kinds(hand)
    # Deadwood 4 > 3: refused; a knock with 1..3 is fine and the spade doubles it.
    with pytest.raises(IllegalAction, match="limit is 3"):
        hand.apply(Action(KNOCK, C("5D")))
    knocker = parse_cards("AS 2S 3S 5D 5H 5C 9C 8C 7C 2H")
    result = settle(knocker, parse_cards("KS KD KC QS QD QC JS JD JC 9D"), okla, upcard=C("3S"))
    assert result.knock_limit == 3 and result.points == (9 - 2) * 2
    # An ace upcard: gin only.
    with pytest.raises(IllegalAction, match="only gin"):
        settle(knocker, parse_cards("KS KD KC QS QD QC JS JD JC 9D"), okla, upcard=C("AH"))
    ones = settle(parse_cards("AS 2S 3S 5D 5H 5C 9C 8C 7C AD"), parse_cards("KS KD KC QS QD QC JS JD JC 9D"),
                  okla.replace(oklahoma_ace="one"), upcard=C("AH"))
    assert ones.kind == "knock" and ones.knock_limit == 1


# --- information ----------------------------------------------------------------------------

def test_21_a_view_shows_pickups_but_no_hidden_card():
    from game.match import Match

    match = Match.new(11)
    player = match.current_player
    match.apply(Action(TAKE_UPCARD))
    taken = match.hand.hands[player][-1]
    match.apply(Action(DISCARD, next(c for c in match.hand.hands[player] if c is not taken)))
    view = match.view(1 - player)
    assert view.opponent_known == [taken]
    hidden = set(match.hand.hands[player]) - {taken}
    visible = set(view.hand) | set(view.discard_pile) | set(view.opponent_known)
    assert not hidden & visible and view.opponent_hand is None
    assert set(view.unseen) == set(match.hand.stock) | hidden


def test_22_every_match_ends():
    from game.match import Match
    from game.rng import Rng

    for seed in range(3):
        match, rng, steps = Match.new(seed), Rng(seed, 99), 0
        while not match.is_over:
            # Random play, but a player who can end the hand does: random players rarely knock.
            actions = match.legal_actions()
            ending = [a for a in actions if a.kind in (KNOCK, GIN, "next_hand")]
            actions = ending or actions
            match.apply(actions[rng.below(len(actions))])
            steps += 1
            assert steps < 20000
