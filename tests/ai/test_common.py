"""The players' shared helpers read the View (issue 28 point 4): the deadwood each discard leaves
and the knock or gin each discard allows come from `view.discard_deadwood` and
`view.legal_actions`, never from a search of the player's own. And the decisions of every level
on recorded matches are the ones recorded (`golden_decisions.json`): a change of the helpers
changes no move. `GOLDEN_UPDATE=1` rewrites the record after an intended change of a player."""

import hashlib
import json
import os
from pathlib import Path

from game.actions import GIN, KNOCK, NEXT_HAND, Action
from game.ai import make_player
from game.ai.common import can_knock, discards, ending, least_deadwood
from game.match import Match
from game.melds import deadwood_after_each_discard
from game.rules import Rules
from tests.ai.helpers import drive

GOLDEN = Path(__file__).with_name("golden_decisions.json")
PAIRS = (("simple", "medium"), ("medium", "hard"), ("hard", "simple"), ("easy", "hard"))
PRESETS = ("classic", "oklahoma", "straight")
MATCHES = 4  # per pair and preset


def positions(seeds=range(8)):
    for preset in ("classic", "oklahoma", "straight", "modern"):
        for seed in seeds:
            for _match, view, _action in drive("medium", Rules.preset(preset), seed, 80):
                yield view


def test_the_helpers_are_the_views_own_figures():
    checked = 0
    for view in positions():
        if view.phase != "discard":
            assert discards(view) == [] and least_deadwood(view) is None and not can_knock(view)
            continue
        after = deadwood_after_each_discard(view.hand)  # what the players used to search again
        expected = [(card, after[i]) for i, card in enumerate(view.hand) if card is not view.taken]
        assert discards(view) == expected
        assert least_deadwood(view) == min(n for _card, n in expected)
        for card, n in expected:
            action = ending(view, card)
            if n == 0:
                assert action == Action(GIN, card)
            elif n <= view.knock_limit:
                assert action == Action(KNOCK, card)
            else:
                assert action is None
        assert can_knock(view) == any(0 < n <= view.knock_limit for _card, n in expected)
        checked += 1
    assert checked > 300


def play(pair, preset, seed):
    """The actions of one whole match of pair[0] (seat 0) against pair[1], as text."""
    match = Match.new(seed, Rules.preset(preset))
    players = [make_player(pair[0], seed), make_player(pair[1], seed + 1)]
    moves = []
    while match.phase != "match_over":
        if match.phase == "hand_over":
            match.apply(Action(NEXT_HAND))
            continue
        action = players[match.current_player].choose(match.view(match.current_player))
        moves.append(repr(action))
        match.apply(action)
    return moves


def record():
    found = {}
    for pair in PAIRS:
        for preset in PRESETS:
            for seed in range(MATCHES):
                moves = play(pair, preset, 300 + seed)
                key = pair[0] + "-" + pair[1] + "/" + preset + "/" + str(300 + seed)
                found[key] = [len(moves), hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16]]
    return found


def test_every_level_makes_the_recorded_decisions():
    found = record()
    if os.environ.get("GOLDEN_UPDATE"):
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert expected.keys() == found.keys()
    changed = [key for key in expected if expected[key] != found[key]]
    assert not changed, "matches played differently: " + ", ".join(changed)
