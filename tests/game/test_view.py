"""The View: everything a screen or a computer player needs, computed once, as plain JSON."""

import json

import pytest

from game.actions import DISCARD, TAKE_UPCARD, Action
from game.match import Match
from game.melds import deadwood_after_each_discard
from game.rng import Rng
from game.rules import PRESETS, Rules
from game.view import View
from tests.game.test_match import half_greedy


def views_of_random_matches(seeds, rules):
    """(match, view) for both seats at every step of random matches, events included."""
    for seed in seeds:
        match = Match.new(seed, rules)
        rng = Rng(seed, 77)
        seen = [0, 0]
        while not match.is_over:
            for player in (0, 1):
                view = match.view(player, seen[player])
                seen[player] = view.event_count
                yield match, view
            match.apply(half_greedy(match, match.legal_actions(), rng))


def test_every_view_round_trips_through_json_at_every_step():
    checked = 0
    for preset in sorted(PRESETS):
        rules = Rules.preset(preset).replace(target=30)
        for _, view in views_of_random_matches(range(3), rules):
            data = view.to_dict()
            again = View.from_dict(json.loads(json.dumps(data)))
            assert again.to_dict() == data
            assert [a.to_dict() for a in again.legal_actions] == data["legal_actions"]
            assert again.unseen == view.unseen
            checked += 1
    assert checked > 500


def test_events_reach_each_seat_once_and_in_order():
    for match, view in views_of_random_matches([5], Rules.preset("short")):
        assert view.event_count == len(match.events)
    match = Match.new(5)
    first = match.view(0, 0)
    assert [e.kind for e in first.events] == ["deal"]
    match.apply(match.legal_actions()[0])
    later = match.view(0, first.event_count)
    assert [e.kind for e in later.events] == [match.hand.history[-1][1]]
    assert match.view(0, later.event_count).events == []


def test_the_card_just_taken_is_never_a_discard_the_view_offers():
    # Seed 24: the upcard taken is the card whose discard would leave the least deadwood.
    match = Match.new(24)
    match.apply(Action(TAKE_UPCARD))
    view = match.view(match.current_player)
    assert view.taken is not None and view.drawn is view.taken
    assert view.taken.index not in view.discard_deadwood
    assert min(deadwood_after_each_discard(view.hand)) == 12  # counting the taken card
    assert view.best_discard_deadwood == 18
    listed = {a.card.index for a in view.legal_actions if a.kind == DISCARD}
    assert set(view.discard_deadwood) == listed


def test_the_opponent_gets_no_discard_figures_and_no_drawn_card():
    match = Match.new(24)
    match.apply(Action(TAKE_UPCARD))
    other = match.view(1 - match.current_player)
    assert other.discard_deadwood == {} and other.drawn is None and other.taken is None
    assert other.legal_actions == []


def test_a_finished_hand_carries_its_result_and_both_arrangements():
    for match, view in views_of_random_matches([11], Rules.preset("short")):
        if view.phase in ("hand_over", "match_over") and view.end_kind != "dead":
            result = view.result
            assert result.points == (result.breakdown.base + result.breakdown.bonus) * result.multiplier
            assert sorted(view.opponent_hand) == sorted(match.hand.hands[1 - view.player])
            assert view.opponent_arrangement is not None
            return
    raise AssertionError("no hand was won")


@pytest.mark.parametrize("player", [2, -1, "0", True, False, 1.0, None, [0]], ids=repr)
def test_a_view_is_of_seat_0_or_1_and_nothing_else(player):
    with pytest.raises(ValueError, match="player 0 or 1"):
        Match.new(1).view(player)


@pytest.mark.parametrize("since", [-5, -1, "x", 1.5, True, 2, 10 ** 9, [0]], ids=repr)
def test_since_is_a_count_of_the_events_seen(since):
    match = Match.new(1)
    assert len(match.events) == 1
    with pytest.raises(ValueError, match="since"):
        match.view(0, since)


def test_since_from_zero_to_the_event_count():
    match = Match.new(1)
    match.apply(Action("pass"))
    count = len(match.events)
    assert [e.kind for e in match.view(0, 0).events] == ["deal", "pass"]
    assert match.view(1, count).events == [] and match.view(1, count).event_count == count


def test_the_discard_that_may_be_taken_back_is_public_and_an_older_view_has_none():
    shown = 0
    for match, view in views_of_random_matches([4], Rules.preset("short")):
        undoable = match.undoable()
        assert view.undo is (undoable[1] if undoable else None)
        if view.undo is not None:
            assert view.undo is view.discard_pile[-1] and undoable[0] != view.turn
            data = view.to_dict()
            del data["undo"]  # a view of a page or server made before it
            assert View.from_dict(data).undo is None
            shown += 1
    assert shown > 20
