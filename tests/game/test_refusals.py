"""The engine accepts exactly what it lists, whatever the argument's type (a property test).

From positions in every phase (upcard offer, draw, discard, discard with a knock or gin listed,
between hands, match over; every preset), Hypothesis plays sequences that mix listed actions (some with declared melds, some of
them malformed) with actions of every wrong shape: kinds that are not kinds, cards that are not
cards, melds that are not melds, things that are not actions; and asks for views with seats and
`since` of every type. After each refusal the state and `to_dict()` are unchanged and the reason
is one docs/engine.md documents; after each accepted action the save round-trips through JSON to
the same match. `ENGINE_FUZZ=2000 pytest tests/game/test_refusals.py` runs a larger, random one.
"""

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import DECLARING, KINDS, Action
from game.cards import DECK, Card
from game.errors import IllegalAction
from game.match import Match
from game.melds import arrange_all, best_arrangement
from game.rng import Rng
from game.rules import PRESETS, Rules
from tests.game.reasons import DOCUMENTED
from tests.game.test_match import half_greedy

FUZZ = int(os.environ.get("ENGINE_FUZZ", "0"))


# --- positions in every phase ------------------------------------------------------------------

def _positions():
    """{phase: saves of positions in it}, from matches under every preset."""
    found = {}
    for preset in sorted(PRESETS):
        rules = Rules.preset(preset)
        if preset != "short":
            rules = rules.replace(target=30 if preset != "straight" else 25)
        for seed in range(2):
            match, rng, step = Match.new(seed, rules), Rng(seed, 41), 0
            while True:
                phase = match.phase
                if any(a.kind in DECLARING for a in match.legal_actions()):
                    phase = "declare"  # the discard phase, with a knock, gin or big gin listed
                if step % 7 == 0 or phase in ("declare", "hand_over", "match_over") or len(found.get(phase, ())) < 2:
                    found.setdefault(phase, []).append(match.to_dict())
                if match.is_over:
                    break
                match.apply(half_greedy(match, match.legal_actions(), rng))
                step += 1
    assert set(found) == {"upcard", "draw", "discard", "declare", "hand_over", "match_over"}
    return found


POSITIONS = _positions()


# --- values of every type ----------------------------------------------------------------------

class FromHand:
    """A card of the hand of the player to move (or of seat 0), picked when the move is played."""

    def __init__(self, index):
        self.index = index


class Declared:
    """The best melds for the listed action, declared in one of several shapes."""

    def __init__(self, shape):
        self.shape = shape


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from([10 ** 30, -(10 ** 20), 10 ** 5000]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6), st.binary(max_size=4),
    st.sampled_from(["7H", "10h", "AS", "7H 8H 9H", "pass", "discard", "knock"]),
)
FOREIGN_CARDS = st.builds(Card, st.integers(1, 13), st.integers(0, 3))
CARDS = st.one_of(st.sampled_from(DECK), st.integers(0, 10).map(FromHand), FOREIGN_CARDS)
CARD_LIKE = st.one_of(CARDS, SCALARS)
CONTAINERS = st.one_of(
    st.lists(CARD_LIKE, max_size=4), st.tuples(CARD_LIKE), st.dictionaries(st.text(max_size=2), CARD_LIKE, max_size=2),
    st.frozensets(st.sampled_from(DECK), max_size=3),
)
# Mostly kinds and cards that could be listed, so the phases and the rules answer too.
KIND = st.one_of(st.sampled_from(KINDS), st.sampled_from(KINDS), st.sampled_from(KINDS), SCALARS,
                 st.sampled_from([["discard"], ("pass",), {"kind": "pass"}, "Discard"]))
CARD = st.one_of(st.none(), st.none(), CARDS, CARDS, CARD_LIKE, CONTAINERS)
MELDS = st.one_of(
    st.none(), SCALARS, CONTAINERS,
    st.lists(st.one_of(st.lists(CARD_LIKE, max_size=5), st.tuples(CARDS, CARDS, CARDS), SCALARS), max_size=4),
    st.lists(st.lists(CARDS, min_size=3, max_size=4), max_size=3).map(lambda groups: (list(g) for g in groups)),
    st.sampled_from(["lists", "tuples", "generator", "reversed", "one less", "doubled", "joined"]).map(Declared),
)
NOT_ACTIONS = st.one_of(SCALARS, CONTAINERS, st.sampled_from([Action, ("pass",), {"kind": "pass"}]))

DECLARED = st.sampled_from(["lists", "tuples", "generator", "reversed", "one less", "doubled", "joined"]).map(Declared)
# Listed actions (to move on through the hand, and with declared melds of every shape) are drawn
# as often as actions of every wrong shape, so each phase gets both.
LISTED = st.tuples(st.sampled_from(["legal", "legal", "declare_listed", "end_listed"]), st.integers(0, 40),
                   st.one_of(st.none(), DECLARED, DECLARED, MELDS))
MOVES = st.one_of(
    LISTED, LISTED, LISTED,
    st.tuples(st.just("action"), KIND, CARD, st.one_of(st.none(), st.none(), MELDS)),
    st.tuples(st.just("action"), KIND, CARD, MELDS),
    st.tuples(st.just("not_an_action"), NOT_ACTIONS),
    st.tuples(st.just("view"), st.one_of(st.sampled_from([0, 1]), SCALARS), st.one_of(st.none(), SCALARS)),
    st.tuples(st.just("declare"), KIND, CARD, MELDS),
)


# --- the property ------------------------------------------------------------------------------

def state(match):
    """Everything a refused call must leave as it was."""
    hand = match.hand
    end = None
    if hand.end is not None:
        settlement = hand.end["settlement"]
        end = (hand.end["kind"], hand.end["knocker"], None if settlement is None else settlement.to_dict())
    return (
        match.to_dict(), [list(h) for h in hand.hands], list(hand.stock), list(hand.discard), hand.phase,
        hand.turn, hand.passes, hand.pile_draws, hand.taken, hand.drawn, [list(k) for k in hand.known],
        list(hand.history), end, [e.to_dict() for e in match.events], [a.to_dict() for a in match.legal_actions()],
    )


def resolve(match, value, listed=None):
    """The value a placeholder stands for in this position (anything else as it is)."""
    if isinstance(value, FromHand):
        seat = match.current_player if match.current_player is not None else 0
        cards = match.hand.hands[seat]
        return cards[value.index % len(cards)]
    if isinstance(value, Declared):
        return declared(match, listed, value.shape)
    return value


def declared(match, listed, shape):
    if listed is None or listed.kind not in DECLARING:
        return [[DECK[0], DECK[1], DECK[2]]]
    hand = match.hand.hands[match.current_player]
    if listed.kind == "big_gin":
        melds = arrange_all(hand).melds
    else:
        melds = best_arrangement([c for c in hand if c is not listed.card]).melds
    groups = [list(meld) for meld in melds]
    if shape == "tuples":
        return tuple(tuple(g) for g in groups)
    if shape == "generator":
        return (g for g in groups)
    if shape == "reversed":
        return [g[::-1] for g in groups[::-1]]
    if shape == "one less" and groups:
        return groups[:-1]
    if shape == "doubled" and groups:
        return groups + groups[:1]
    if shape == "joined" and len(groups) > 1:
        return [groups[0] + groups[1]] + groups[2:]
    return groups


def build(match, move):
    """(the argument to pass, the listed action it must match if accepted, or None)."""
    legal = match.legal_actions()
    if move[0] in ("declare_listed", "end_listed"):
        legal = [a for a in legal if a.kind in DECLARING] or legal
    if move[0] in ("legal", "declare_listed", "end_listed"):
        if not legal:
            return Action("next_hand"), None
        listed = legal[move[1] % len(legal)]
        melds = resolve(match, move[2], listed) if listed.kind in DECLARING else None
        return Action(listed.kind, listed.card, melds), listed
    if move[0] == "not_an_action":
        return move[1], None
    kind, card = resolve(match, move[1]), resolve(match, move[2])
    listed = next((a for a in legal if a.kind == kind and a.card is card and type(kind) is str), None)
    return Action(kind, card, resolve(match, move[3], listed)), listed


def refused_cleanly(match, call, argument):
    before = state(match)
    try:
        result = call(argument)
    except IllegalAction as exc:
        assert exc.reason in DOCUMENTED, (exc.reason, argument)
        assert isinstance(str(exc), str)
        assert state(match) == before, argument
        return None
    return result


def check_round_trip(match):
    saved = match.to_dict()
    restored = Match.from_dict(json.loads(json.dumps(saved)))
    assert restored.to_dict() == saved
    assert state(restored)[:13] == state(match)[:13]  # all but the event log, which a restore starts anew


def play(move, match):
    if move[0] == "view":
        player, since = move[1], move[2]
        before = state(match)
        valid = type(player) is int and player in (0, 1) and (
            since is None or (type(since) is int and 0 <= since <= len(match.events)))
        try:
            view = match.view(player, since)
        except ValueError:
            assert not valid, (player, since)
        else:
            assert valid, (player, since)
            assert view.to_dict()["player"] == player
        assert state(match) == before
        return
    argument, listed = build(match, move)
    if move[0] in ("declare", "declare_listed"):
        before = state(match)
        if refused_cleanly(match, match.check_declaration, argument) is not None:
            assert listed is not None and listed.kind in DECLARING and state(match) == before, argument
        return
    before = state(match)
    legal = match.legal_actions()
    if refused_cleanly(match, match.apply, argument) is None:
        return
    # Accepted: it was listed (same kind, the same card object), and it saves and restores,
    # whatever the caller does to its action afterwards.
    assert listed is not None, argument
    assert any(a.kind == argument.kind and a.card is argument.card for a in legal), argument
    after = state(match)
    assert after != before
    scramble(argument)
    assert state(match) == after
    check_round_trip(match)


def scramble(action):
    """What a careless caller may do to an action once it is played."""
    if type(action.melds) is list:
        for group in action.melds:
            if type(group) is list:
                group.reverse()
                group.pop()
        action.melds.append([DECK[0]])
    action.kind, action.card = "discard", DECK[0]


@settings(max_examples=FUZZ or 200, deadline=None, derandomize=not FUZZ,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(sorted(POSITIONS)), st.integers(0, 10 ** 6), st.lists(MOVES, min_size=1, max_size=12))
def test_the_engine_accepts_what_it_lists_and_refuses_the_rest_changing_nothing(phase, index, moves):
    saves = POSITIONS[phase]
    match = Match.from_dict(saves[index % len(saves)])
    for move in moves:
        play(move, match)


def test_the_positions_are_in_the_phase_they_are_filed_under():
    for phase, saves in POSITIONS.items():
        matches = [Match.from_dict(save) for save in saves]
        assert {m.phase for m in matches} == {"discard" if phase == "declare" else phase}
        if phase == "declare":
            assert all(any(a.kind in DECLARING for a in m.legal_actions()) for m in matches)


@settings(max_examples=FUZZ or 150, deadline=None, derandomize=not FUZZ,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.integers(0, 10 ** 6), st.integers(0, 40), st.one_of(DECLARED, MELDS), st.booleans())
def test_declared_melds_of_every_shape_are_checked_before_anything_changes(index, pick, melds, check_only):
    saves = POSITIONS["declare"]
    match = Match.from_dict(saves[index % len(saves)])
    play(("declare_listed" if check_only else "end_listed", pick, melds), match)
