"""Computer players: legal moves only, no peeking, finished matches, rule presets, regression."""

import pytest

from game.actions import BIG_GIN, GIN, KNOCK, NEXT_HAND, Action
from game.ai import LEVELS, NAMES, make_player
from game.cards import parse_cards
from game.match import Match
from game.melds import check_arrangement, min_deadwood
from game.rng import Rng
from game.rules import Rules
from tests.ai.helpers import assert_legal, drive

CLASSIC = Rules.preset("classic")


def test_interface():
    assert LEVELS == ("easy", "medium", "hard")
    assert set(NAMES) == {"simple", "easy", "medium", "hard"}
    for name in NAMES:
        assert hasattr(make_player(name), "choose")
    with pytest.raises(ValueError):
        make_player("grandmaster")


@pytest.mark.parametrize("name", NAMES)
def test_only_legal_actions(name):
    # Thousands of positions per level, from matches against a noisy opponent, several presets.
    count = 0
    for seed in range(12):
        for preset in ("classic", "oklahoma", "straight", "modern"):
            for _match, view, action in drive(name, Rules.preset(preset), seed, 60):
                assert_legal(view, action)
                count += 1
    assert count >= 2000


def _shuffle_hidden(match, player, rng):
    """A copy of the match that differs only in what `player` cannot know: the opponent's
    unseen cards and the stock order."""
    # (Match.from_dict rather than copy.deepcopy: Rules objects refuse deepcopy.)
    other = Match.from_dict(match.to_dict())
    hand = other.hand
    opp = 1 - player
    known = hand.known[opp]
    hidden = [c for c in hand.hands[opp] if c not in known]
    pool = hidden + list(hand.stock)
    rng.shuffle(pool)
    new_hidden = pool[: len(hidden)]
    hand.stock = pool[len(hidden):]
    kept = [c for c in hand.hands[opp] if c in known]
    hand.hands[opp] = new_hidden + kept
    return other


def _public(view):
    # Everything the view holds, as the JSON a worker or the network would carry, but the
    # event cursor (a count of this Match object's log, which the rebuilt twin starts afresh).
    data = view.to_dict()
    del data["event_count"]
    return data


@pytest.mark.parametrize("name", NAMES)
def test_no_peeking(name):
    # The same public view with different hidden cards gives the same decision.
    rng = Rng(99, 1)
    checked = 0
    changed = 0
    for seed in range(8):
        for match, view, action in drive(name, CLASSIC, 100 + seed, 40):
            if match.hand.phase == "over":
                continue
            player = view.player
            for _ in range(2):
                other = _shuffle_hidden(match, player, rng)
                if sorted(c.index for c in other.hand.hands[1 - player]) != sorted(
                    c.index for c in match.hand.hands[1 - player]
                ):
                    changed += 1
                twin = other.view(player)
                assert _public(twin) == _public(view)
                again = make_player(name, 100 + seed).choose(twin)
                assert again == action, (view.phase, action, again)
                checked += 1
    assert checked >= 300
    assert changed >= checked // 2  # the hidden cards really did change


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("preset", ["classic", "oklahoma", "straight"])
def test_finishes_a_match(name, preset):
    rules = Rules.preset(preset).replace(target=60) if preset != "classic" else CLASSIC
    match = Match.new(5, rules)
    players = [make_player(name, 1), make_player("simple" if name == "hard" else "hard", 2)]
    for _ in range(20000):
        if match.phase == "match_over":
            break
        if match.phase == "hand_over":
            match.apply(Action(NEXT_HAND))
            continue
        turn = match.current_player
        view = match.view(turn)
        action = players[turn].choose(view)
        assert_legal(view, action)
        match.apply(action)
    assert match.phase == "match_over"
    assert match.winner in (0, 1)


@pytest.mark.parametrize("name", NAMES)
def test_straight_never_knocks(name):
    rules = Rules.preset("straight")
    for seed in range(10):
        for _match, view, action in drive(name, rules, seed, 60):
            assert action.kind != KNOCK
            if action.kind == GIN:
                rest = [c for c in view.hand if c is not action.card]
                assert min_deadwood(rest) == 0


@pytest.mark.parametrize("name", NAMES)
def test_oklahoma_limit(name):
    rules = Rules.preset("oklahoma")
    knocks = 0
    for seed in range(16):
        for _match, view, action in drive(name, rules, seed, 60):
            assert view.knock_limit == rules.knock_limit_for(view.upcard)
            if action.kind in (KNOCK, GIN):
                rest = [c for c in view.hand if c is not action.card]
                melds = action.melds
                dead = (check_arrangement(rest, melds).deadwood_points if melds is not None
                        else min_deadwood(rest))
                assert dead <= view.knock_limit
                if view.upcard.rank == 1:
                    assert dead == 0
                knocks += 1
    assert knocks > 0


def _force_hand(match, player, cards):
    """Give `player` exactly these cards, swapping with the stock and the opponent's hidden cards."""
    hand = match.hand
    mine = hand.hands[player]
    opp = hand.hands[1 - player]
    for card in cards:
        if card in mine:
            continue
        spare = next(c for c in mine if c not in cards and c not in hand.known[player])
        if card in hand.stock:
            hand.stock[hand.stock.index(card)] = spare
        else:
            assert card in opp and card not in hand.known[1 - player]
            opp[opp.index(card)] = spare
        mine[mine.index(spare)] = card


@pytest.mark.parametrize("name", NAMES)
def test_big_gin_when_on(name):
    cards = parse_cards("AC 2C 3C 4C 5D 6D 7D 9H 9S 9D 9C")
    for preset, expected in (("modern", BIG_GIN), ("classic", GIN)):
        for seed in range(40):
            match = Match.new(seed, Rules.preset(preset))
            if any(c in cards for c in match.hand.discard):
                continue
            player = match.current_player
            match.apply(Action("pass"))
            match.apply(Action("pass"))
            player = match.current_player
            match.apply(Action("draw_stock"))
            if any(c in match.hand.discard for c in cards):
                continue
            _force_hand(match, player, cards)
            view = match.view(player)
            action = make_player(name, seed).choose(view)
            assert_legal(view, action)
            assert action.kind == expected, (preset, action)
            break
        else:
            pytest.fail("no deal to set up the position")


# A recorded game: the first DECISIONS decisions of each level in a fixed match (seed 2024,
# level in seat 0, `simple` in seat 1). Easy first differs from `simple` at decision 48, so the
# recording goes past it (test_each_level_differs_from_simple_within_the_recording). Generated
# by running the code (see _record); stored here so that any change to a level's decisions
# shows up as a failing test and is made on purpose (re-record with
# `python -m tests.ai.test_players`, paste its output here and review the change).
DECISIONS = 60
RECORDED = {
    'simple': [
        'Action(pass)', 'Action(draw_discard)', 'Action(discard JD)', 'Action(draw_stock)',
        'Action(discard JS)', 'Action(draw_stock)', 'Action(discard QH)', 'Action(draw_stock)',
        'Action(discard QC)', 'Action(draw_stock)', 'Action(discard JH)', 'Action(draw_stock)',
        'Action(discard 9C)', 'Action(draw_stock)', 'Action(discard KS)', 'Action(draw_stock)',
        'Action(discard 8C)', 'Action(draw_stock)', 'Action(discard 6H)', 'Action(draw_stock)',
        'Action(discard 8S)', 'Action(pass)', 'Action(draw_stock)', 'Action(discard QD)',
        'Action(draw_stock)', 'Action(discard QH)', 'Action(draw_stock)', 'Action(discard KC)',
        'Action(draw_stock)', 'Action(discard TD)', 'Action(draw_discard)', 'Action(discard KD)',
        'Action(draw_stock)', 'Action(discard 9H)', 'Action(draw_stock)', 'Action(discard 7D)',
        'Action(draw_stock)', 'Action(discard 7C)', 'Action(draw_discard)', 'Action(knock 2S)',
        'Action(pass)', 'Action(draw_stock)', 'Action(discard 8C)', 'Action(draw_stock)',
        'Action(discard QH)', 'Action(draw_stock)', 'Action(discard 7H)', 'Action(draw_stock)',
        'Action(discard 6D)', 'Action(draw_stock)', 'Action(knock 5C)', 'Action(pass)',
        'Action(draw_stock)', 'Action(discard KD)', 'Action(draw_discard)', 'Action(discard 9D)',
        'Action(draw_stock)', 'Action(knock 8C)', 'Action(draw_stock)', 'Action(discard QD)',
    ],
    'easy': [
        'Action(pass)', 'Action(draw_discard)', 'Action(discard JD)', 'Action(draw_stock)',
        'Action(discard JS)', 'Action(draw_stock)', 'Action(discard QH)', 'Action(draw_stock)',
        'Action(discard QC)', 'Action(draw_stock)', 'Action(discard JH)', 'Action(draw_stock)',
        'Action(discard 9C)', 'Action(draw_stock)', 'Action(discard KS)', 'Action(draw_stock)',
        'Action(discard 8C)', 'Action(draw_stock)', 'Action(discard 6H)', 'Action(draw_stock)',
        'Action(discard 8S)', 'Action(pass)', 'Action(draw_stock)', 'Action(discard QD)',
        'Action(draw_stock)', 'Action(discard QH)', 'Action(draw_stock)', 'Action(discard KC)',
        'Action(draw_stock)', 'Action(discard TD)', 'Action(draw_discard)', 'Action(discard KD)',
        'Action(draw_stock)', 'Action(discard 9H)', 'Action(draw_stock)', 'Action(discard 7D)',
        'Action(draw_stock)', 'Action(discard 7C)', 'Action(draw_discard)', 'Action(knock 2S)',
        'Action(pass)', 'Action(draw_stock)', 'Action(discard 8C)', 'Action(draw_stock)',
        'Action(discard QH)', 'Action(draw_stock)', 'Action(discard 7H)', 'Action(draw_stock)',
        'Action(discard 5C)', 'Action(draw_stock)', 'Action(discard 9H)', 'Action(draw_stock)',
        'Action(discard 5D)', 'Action(draw_stock)', 'Action(discard 9C)', 'Action(draw_stock)',
        'Action(discard KD)', 'Action(pass)', 'Action(draw_stock)', 'Action(discard 2C)',
    ],
    'medium': [
        'Action(pass)', 'Action(draw_discard)', 'Action(discard QC)', 'Action(draw_stock)',
        'Action(discard JS)', 'Action(draw_stock)', 'Action(discard KD)', 'Action(draw_stock)',
        'Action(discard TS)', 'Action(draw_stock)', 'Action(discard TC)', 'Action(draw_stock)',
        'Action(discard JH)', 'Action(draw_stock)', 'Action(discard 7D)', 'Action(draw_stock)',
        'Action(discard KS)', 'Action(draw_stock)', 'Action(discard 6H)', 'Action(draw_stock)',
        'Action(discard 8C)', 'Action(draw_stock)', 'Action(discard 5S)', 'Action(draw_stock)',
        'Action(discard 5D)', 'Action(draw_stock)', 'Action(discard 9H)', 'Action(pass)',
        'Action(draw_stock)', 'Action(discard KC)', 'Action(draw_stock)', 'Action(discard 9H)',
        'Action(draw_discard)', 'Action(discard JH)', 'Action(draw_discard)', 'Action(discard QH)',
        'Action(draw_stock)', 'Action(discard QS)', 'Action(draw_stock)', 'Action(discard 7D)',
        'Action(draw_stock)', 'Action(discard KS)', 'Action(pass)', 'Action(draw_stock)',
        'Action(discard 8C)', 'Action(draw_stock)', 'Action(discard QH)', 'Action(draw_stock)',
        'Action(discard 7H)', 'Action(draw_stock)', 'Action(discard 6D)', 'Action(draw_stock)',
        'Action(discard 5C)', 'Action(draw_stock)', 'Action(discard 5D)', 'Action(draw_stock)',
        'Action(discard 4C)', 'Action(draw_stock)', 'Action(discard 4H)', 'Action(pass)',
    ],
    'hard': [
        'Action(take_upcard)', 'Action(discard QC)', 'Action(draw_discard)', 'Action(discard JD)',
        'Action(draw_stock)', 'Action(discard JS)', 'Action(draw_stock)', 'Action(discard KD)',
        'Action(draw_stock)', 'Action(discard QD)', 'Action(draw_stock)', 'Action(discard 7D)',
        'Action(draw_stock)', 'Action(discard QS)', 'Action(draw_stock)', 'Action(discard 6H)',
        'Action(draw_stock)', 'Action(discard 8H)', 'Action(draw_stock)', 'Action(discard 6D)',
        'Action(draw_stock)', 'Action(discard 8S)', 'Action(draw_stock)', 'Action(discard 8D)',
        'Action(draw_stock)', 'Action(discard 7H)', 'Action(draw_stock)', 'Action(discard 6C)',
        'Action(draw_stock)', 'Action(discard 5S)', 'Action(draw_stock)', 'Action(discard 4H)',
        'Action(pass)', 'Action(draw_stock)', 'Action(discard KC)', 'Action(draw_stock)',
        'Action(discard 9H)', 'Action(draw_discard)', 'Action(discard JH)', 'Action(draw_stock)',
        'Action(discard JD)', 'Action(draw_stock)', 'Action(discard JC)', 'Action(draw_stock)',
        'Action(discard 8S)', 'Action(draw_stock)', 'Action(discard 7D)', 'Action(draw_stock)',
        'Action(discard 7C)', 'Action(draw_stock)', 'Action(discard JS)', 'Action(draw_stock)',
        'Action(discard TH)', 'Action(draw_stock)', 'Action(discard AS)', 'Action(draw_stock)',
        'Action(gin 2S)', 'Action(take_upcard)', 'Action(discard QS)', 'Action(draw_stock)',
    ],
}


def _record(name, seed=2024, decisions=DECISIONS):
    players = [make_player(name, seed), make_player("simple", seed + 1)]
    match = Match.new(seed, CLASSIC)
    out = []
    while len(out) < decisions and match.phase != "match_over":
        if match.phase == "hand_over":
            match.apply(Action(NEXT_HAND))
            continue
        turn = match.current_player
        action = players[turn].choose(match.view(turn))
        if turn == 0:
            out.append(repr(action))
        match.apply(action)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_regression(name):
    assert _record(name) == RECORDED[name]


@pytest.mark.parametrize("name", [n for n in NAMES if n != "simple"])
def test_each_level_differs_from_simple_within_the_recording(name):
    # Otherwise the recording could not tell the level from `simple`: a level reduced to
    # `simple`'s play would still pass test_regression.
    assert len(RECORDED[name]) == DECISIONS
    assert RECORDED[name] != RECORDED["simple"]


def _recorded_source():
    """The RECORDED literal, wrapped as in this file."""
    lines = ["RECORDED = {"]
    for level in NAMES:
        lines.append(f"    {level!r}: [")
        row = "       "
        for action in _record(level):
            item = " " + repr(action) + ","
            if len(row) + len(item) > 100:
                lines.append(row)
                row = "       "
            row += item
        lines += [row, "    ],"]
    return "\n".join(lines + ["}"])


if __name__ == "__main__":
    print(_recorded_source())
