"""The coach: Hard's move with its reason, from the View only; the review of a hand, rebuilt by
the engine from the saved actions, reproduces every position exactly."""

import pytest

from game.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, GIN, KNOCK, PASS, TAKE_UPCARD, Action
from game.ai import make_player
from game.ai.coach import review, suggest
from game.ai.hard import TAKE_MARGIN, pickup_values
from game.match import Match
from game.replay import decisions
from game.rng import Rng
from game.rules import Rules
from game.view import View
from tests.ai.helpers import assert_legal, drive
from tests.ai.test_players import _public, _shuffle_hidden

CLASSIC = Rules.preset("classic")
REASONS = {
    "upcard": {"take_meld", "take_lower", "useless", "stock_better", "stock_chances"},
    "draw": {"take_meld", "take_lower", "useless", "stock_better", "stock_chances", "stock_only"},
    "discard": {"big_gin", "gin", "knock_early", "knock_match", "play_on", "least", "least_only",
                "tie_chances", "tie_safer", "chances", "safer", "safer_pickup"},
}


def positions(level="medium", seeds=range(10), per_seed=60, rules=CLASSIC):
    """(match, view) where `level` must decide, from matches against a noisy opponent."""
    for seed in seeds:
        for match, view, _action in drive(level, rules, seed, per_seed):
            if view.turn == view.player:
                yield match, view


def test_the_hint_is_hards_move_and_legal():
    hard = make_player("hard")
    count = 0
    for preset in ("classic", "oklahoma", "modern"):
        for _match, view in positions(rules=Rules.preset(preset), seeds=range(6)):
            hint = suggest(view)
            assert hint.action == hard.choose(view)
            assert_legal(view, hint.action)
            assert hint.kind in REASONS[view.phase], (hint.kind, view.phase)
            count += 1
    assert count > 600


def test_the_reasons_facts_are_the_positions_numbers():
    seen = set()
    for _match, view in positions(seeds=range(16)):
        hint = suggest(view)
        facts, kind = hint.facts, hint.kind
        seen.add(kind)
        if view.phase == "discard" and "n" in facts and kind not in ("play_on",):
            # The deadwood a discard leaves is the engine's (the View's own figure).
            assert facts["n"] == view.discard_deadwood[facts["card"].index]
        if kind == "least":
            assert facts["n"] == view.best_discard_deadwood
            assert view.discard_deadwood[facts["other"].index] == facts["n"] + facts["k"] and facts["k"] > 0
        if kind in ("chances", "safer", "safer_pickup"):
            assert view.discard_deadwood[facts["other"].index] == view.best_discard_deadwood == facts["n"] - facts["k"]
        if kind in ("tie_chances", "tie_safer"):
            assert view.discard_deadwood[facts["other"].index] == facts["n"] and facts["other"] is not facts["card"]
        if kind == "safer_pickup":
            assert facts["pickup"] in view.opponent_known
        if kind == "play_on":
            assert facts["n"] == view.best_discard_deadwood <= view.knock_limit
            assert any(a.kind == KNOCK for a in view.legal_actions) and hint.action.kind == DISCARD
        if kind in ("take_meld", "take_lower"):
            assert hint.action.kind in (TAKE_UPCARD, DRAW_DISCARD)
            assert facts["card"] is view.discard_pile[-1] and facts["after"] < facts["now"]
        if kind in ("useless", "stock_better", "stock_chances"):
            assert hint.action.kind in (PASS, DRAW_STOCK)
        if kind == "useless":
            assert facts["after"] >= facts["now"]
        if kind == "stock_better":
            assert facts["expected"] <= facts["after"]
    # The common reasons all occur in these positions (the rare ones have their own test below).
    assert {"least", "tie_chances", "useless", "stock_better", "take_meld", "play_on"} <= seen


def test_the_same_view_with_other_hidden_cards_gives_the_same_hint():
    rng = Rng(7, 3)
    checked = 0
    for match, view in positions(seeds=range(100, 106), per_seed=40):
        other = _shuffle_hidden(match, view.player, rng)
        twin = other.view(view.player)
        assert _public(twin) == _public(view)
        a, b = suggest(view), suggest(twin)
        assert (a.action, a.kind, a.facts) == (b.action, b.kind, b.facts)
        # And from the View as JSON carries it: nothing but the View is read.
        c = suggest(View.from_dict(view.to_dict()))
        assert (c.action, c.kind, repr(c.facts)) == (a.action, a.kind, repr(a.facts))
        checked += 1
    assert checked > 100


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


def test_hard_itself_makes_no_mistake_and_the_costs_are_positive():
    for seed in range(8):
        match, _live = play_hand(seed, ("hard", "medium"))
        assert review(decisions(match.to_dict(), 0)) == []
    listed = 0
    for seed in range(20):
        match, _live = play_hand(seed, ("easy", "hard"))
        steps = decisions(match.to_dict(), 0)
        for d in review(steps):
            listed += 1
            view, played = steps[d.number - 1]
            assert d.view is view and d.played == played and d.played != d.suggestion.action
            assert d.what == {"upcard": "upcard", "draw": "pickup"}.get(view.phase, d.what)
            if d.unit == "deadwood":
                assert d.cost > 0
            if d.unit == "points":
                assert d.cost > 0 and d.what == "knock"
            if d.unit == "undercut":
                assert played.kind == KNOCK and d.cost == CLASSIC.undercut_bonus
    assert listed > 20


def test_a_draw_decisions_cost_is_hards_own_margin():
    # Take every upcard and every top discard: each one Hard refuses costs what its values say.
    found = 0
    for seed in range(10):
        match = Match.new(seed)
        hard = make_player("hard", 1)
        while match.hand.phase != "over":
            seat = match.current_player
            view = match.view(seat)
            if seat == 0 and view.phase in ("upcard", "draw") and len(view.legal_actions) > 1:
                action = Action(TAKE_UPCARD if view.phase == "upcard" else DRAW_DISCARD)
            else:
                action = hard.choose(view)
            match.apply(action)
        for d in review(decisions(match.to_dict(), 0)):
            if d.what in ("upcard", "pickup"):
                values = pickup_values(d.view, d.view.discard_pile[-1])
                assert d.cost == pytest.approx(values["take"] + TAKE_MARGIN - values["stock"], abs=0.051)
                found += 1
    assert found > 5


def test_a_missed_gin_costs_the_gin_bonus():
    # Seat 0 plays Hard but never ends the hand: each gin it refuses is listed with the bonus.
    for seed in range(60):
        match = Match.new(seed)
        hard = make_player("hard", 1)
        refused = 0
        while match.hand.phase != "over":
            seat = match.current_player
            view = match.view(seat)
            action = hard.choose(view)
            if seat == 0 and action.kind in (GIN, KNOCK):
                action = Action(DISCARD, action.card)
                refused += action.card is not None
            match.apply(action)
        listed = [d for d in review(decisions(match.to_dict(), 0)) if d.suggestion.kind == "gin"]
        if listed:
            assert all(d.unit == "points" and d.cost == CLASSIC.gin_bonus for d in listed)
            return
    raise AssertionError("no refused gin in 60 hands")
