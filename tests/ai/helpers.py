"""Shared helpers for the computer-player tests: drive matches, check legality."""

from game.actions import GIN, KNOCK, NEXT_HAND, Action
from game.ai import make_player
from game.match import Match
from game.melds import check_arrangement
from game.rng import Rng


def strip(action):
    return Action(action.kind, action.card)


def assert_legal(view, action):
    """The action is one of the view's legal actions, or a legal knock/gin with declared melds."""
    assert action is not None, "no action for a view with legal actions"
    if action.melds is None:
        assert action in view.legal_actions, (action, view.legal_actions)
        return
    assert action.kind in (KNOCK, GIN, "big_gin"), action
    assert strip(action) in view.legal_actions, (action, view.legal_actions)
    rest = [c for c in view.hand if c is not action.card]
    arrangement = check_arrangement(rest, action.melds)
    assert arrangement.deadwood_points <= view.knock_limit
    if action.kind == GIN:
        assert arrangement.deadwood_points == 0


def drive(level, rules, seed, decisions, noise=30):
    """Play `level` in one seat against `simple` that plays a random legal move `noise` % of the
    time; yields (view, action) for each decision of `level`, at most `decisions` of them."""
    match = Match.new(seed, rules)
    seat = seed % 2
    player = make_player(level, seed)
    other = make_player("simple", seed + 1)
    rng = Rng(seed, 777)
    made = 0
    while made < decisions and match.phase != "match_over":
        if match.phase == "hand_over":
            match.apply(Action(NEXT_HAND))
            continue
        turn = match.current_player
        view = match.view(turn)
        if turn == seat:
            action = player.choose(view)
            yield match, view, action
            made += 1
        elif rng.below(100) < noise:
            action = view.legal_actions[rng.below(len(view.legal_actions))]
        else:
            action = other.choose(view)
        match.apply(action)
