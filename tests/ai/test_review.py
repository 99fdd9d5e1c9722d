"""The review of a hand: rebuilt by the engine from the saved actions (every position exactly as
played), it lists a decision only when Hard's alternative measures clearly better, with that
measure, and its reason names the player's own choice."""

import pytest

from game.actions import DISCARD, DRAW_DISCARD, GIN, KNOCK, TAKE_UPCARD, Action
from game.ai import estimate, make_player
from game.ai.coach import KnockFacts, hard_move
from game.ai.hard import pickup_values
from game.ai.review import CLEAR_CHANCE, CLEAR_DEADWOOD, CLEAR_POINTS, review
from game.match import Match
from game.replay import decisions
from game.rng import Rng
from game.rules import Rules
from tests.ai.test_players import _public

CLASSIC = Rules.preset("classic")


def play_hand(seed, levels, rules=CLASSIC):
    """One hand of `levels[0]` (seat 0) against `levels[1]`; the views seat 0 decided from, live."""
    match = Match.new(seed, rules)
    players = [make_player(levels[0], seed), make_player(levels[1], seed + 1)]
    live = []
    while match.hand.phase != "over":
        seat = match.current_player
        view = match.view(seat)
        action = players[seat].choose(view)
        if seat == 0 and len(view.legal_actions) > 1:
            live.append((_public(view), action))
        match.apply(action)
    return match, live


def test_the_replay_reproduces_every_position_exactly():
    for seed in range(12):
        match, live = play_hand(seed, ("easy", "hard"))
        rebuilt = decisions(match.to_dict(), 0)
        assert [(_public(v), a) for v, a in rebuilt] == live
        for view, _action in rebuilt:  # nothing of the end of the hand, nor of the opponent's cards
            assert view.opponent_hand is None and view.phase in ("upcard", "draw", "discard")


def test_a_later_hand_replays_from_its_own_deal():
    match = Match.new(5)
    rng = Rng(5, 9)
    while len(match.previous) < 2:
        legal = match.legal_actions()
        match.apply(legal[rng.below(len(legal))])
    seat = 1
    expected = []
    while match.hand.phase != "over":
        view = match.view(match.current_player)
        legal = match.legal_actions()
        action = legal[rng.below(len(legal))]
        if match.current_player == seat and len(legal) > 1:
            expected.append(_public(view))
        match.apply(action)
    assert [_public(v) for v, _a in decisions(match.to_dict(), seat)] == expected
    assert all(v.hand_number == 3 for v, _a in decisions(match.to_dict(), seat))


def test_hard_itself_is_never_listed():
    for seed in range(8):
        match, _live = play_hand(seed, ("hard", "medium"))
        assert review(decisions(match.to_dict(), 0)) == []


def measured(d):
    """What the review's measure gives for a listed decision, worked out again here."""
    view, hard = d.view, d.suggestion.action
    deals = estimate.Deals(view)
    if d.what in ("upcard", "pickup"):
        after = pickup_values(view, view.discard_pile[-1])["after"]
        stock = estimate.draw_outlook(view.hand, deals, view.knock_limit).deadwood
        return after - stock if d.played.kind in (TAKE_UPCARD, DRAW_DISCARD) else stock - after
    if d.unit == "deadwood":
        def mean(card):
            kept = [c for c in view.hand if c is not card]
            return estimate.draw_outlook(kept, deals, view.knock_limit).deadwood
        return mean(d.played.card) - mean(hard.card)
    if d.unit == "chance":
        assert estimate.could_use(d.played.card, deals) - estimate.could_use(hard.card, deals) >= CLEAR_CHANCE
        return estimate.could_use(d.played.card, deals)
    if d.unit == "points":
        weighed = KnockFacts(view, hard)
        gain = weighed.now.points - weighed.wait.points
        return -gain if d.played.kind == KNOCK else gain
    if d.unit == "extra":
        return view.discard_deadwood[d.played.card.index] - view.discard_deadwood[hard.card.index]
    return view.rules.gin_bonus


def test_a_decision_is_listed_only_when_hards_move_measures_clearly_better():
    listed = {}
    for seed in range(24):
        match, _live = play_hand(seed, ("easy", "hard"))
        steps = decisions(match.to_dict(), 0)
        for d in review(steps):
            view, played = steps[d.number - 1]
            assert d.view is view and d.played == played and d.played != d.suggestion.action
            assert d.suggestion.action == hard_move(view)
            assert d.what == {"upcard": "upcard", "draw": "pickup"}.get(view.phase, d.what)
            assert d.cost == pytest.approx(measured(d), abs=0.051), d
            margin = {"deadwood": CLEAR_DEADWOOD, "points": CLEAR_POINTS, "chance": CLEAR_CHANCE,
                      "extra": 1, "gin": 1}[d.unit]
            assert d.cost >= margin, d
            if d.what == "discard":  # the reason compares Hard's discard with the player's own
                assert d.suggestion.facts["other"] is played.card
            listed[d.unit] = listed.get(d.unit, 0) + 1
    assert listed.get("deadwood", 0) > 10 and listed.get("points", 0) > 0, listed


def test_a_knock_that_was_not_clearly_worse_is_not_listed():
    # Seat 0 plays Hard but knocks as soon as it may: each knock Hard would not make is listed
    # only when waiting a turn measured CLEAR_POINTS better, whatever the stock.
    found = kept_quiet = 0
    for seed in range(40):
        match = Match.new(seed)
        hard = make_player("hard", 1)
        while match.hand.phase != "over":
            seat = match.current_player
            view = match.view(seat)
            action = hard.choose(view)
            knock = next((a for a in view.legal_actions if a.kind == KNOCK), None)
            if seat == 0 and knock is not None and action.kind == DISCARD:
                action = knock
            match.apply(action)
        listed = {d.number for d in review(decisions(match.to_dict(), 0)) if d.played.kind == KNOCK}
        for number, (view, played) in enumerate(decisions(match.to_dict(), 0), 1):
            if played.kind == KNOCK and hard_move(view).kind == DISCARD:
                weighed = KnockFacts(view, hard_move(view))
                clear = weighed.wait.points - weighed.now.points >= CLEAR_POINTS
                assert (number in listed) == clear
                found += clear
                kept_quiet += not clear
    assert found > 0 and kept_quiet > 0


def test_a_missed_gin_costs_the_gin_bonus():
    # Seat 0 plays Hard but never ends the hand: each gin it refuses is listed with the bonus.
    for seed in range(60):
        match = Match.new(seed)
        hard = make_player("hard", 1)
        while match.hand.phase != "over":
            seat = match.current_player
            view = match.view(seat)
            action = hard.choose(view)
            if seat == 0 and action.kind in (GIN, KNOCK):
                action = Action(DISCARD, action.card)
            match.apply(action)
        listed = [d for d in review(decisions(match.to_dict(), 0)) if d.suggestion.kind == "gin"]
        if listed:
            assert all(d.unit == "gin" and d.cost == CLASSIC.gin_bonus for d in listed)
            return
    raise AssertionError("no refused gin in 60 hands")
