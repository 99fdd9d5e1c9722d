import json

import pytest

from game.actions import DISCARD, DRAW_STOCK, PASS, Action
from game.errors import CorruptSave
from game.match import Match
from game.rules import Rules


def mid_hand():
    match = Match.new(21, Rules.preset("modern"))
    match.apply(Action(PASS))
    match.apply(Action(PASS))
    match.apply(Action(DRAW_STOCK))
    player = match.current_player
    match.apply(Action(DISCARD, match.hand.hands[player][0]))
    return match


def test_a_save_is_plain_json_and_restores_the_same_position():
    match = mid_hand()
    text = json.dumps(match.to_dict())
    restored = Match.from_dict(json.loads(text))
    assert restored.hand.hands == match.hand.hands and restored.hand.stock == match.hand.stock
    assert restored.current_player == match.current_player and restored.rules == match.rules


def corrupt(**changes):
    data = mid_hand().to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize("data, message", [
    ("not a dict", "object"),
    ({"format": "chess"}, "not a saved Gin Rummy match"),
    (corrupt(version=99), "incompatible version"),
    (corrupt(seed=-1), "seed"),
    (corrupt(seed="12"), "seed"),
    (corrupt(rules={"knock_limit": 40}), "bad rules"),
    (corrupt(rules=None), "bad rules"),
    (corrupt(actions="draw"), "lists"),
    (corrupt(actions=[{"kind": "discard", "card": "7X"}]), "action 1"),
    (corrupt(actions=[{"kind": "fly"}]), "action 1"),
    (corrupt(actions=[{"kind": "pass"}, {"kind": "pass"}, {"kind": "pass"}]), "action 3"),
    (corrupt(sheet=[{"hand": 1, "kind": "knock", "winner": 0, "knocker": 0, "points": 500, "scores": [500, 0]}]),
     "already over"),
    (corrupt(sheet=[{"hand": 1, "kind": "knock", "winner": 0, "knocker": 0, "points": 5, "scores": [6, 0]}]),
     "do not add up"),
    (corrupt(sheet=[{"hand": 2, "kind": "dead", "winner": None, "knocker": None, "points": 0, "scores": [0, 0]}]),
     "hand numbers"),
    (corrupt(sheet=[{"hand": 1, "kind": "dead", "winner": 1, "knocker": None, "points": 0, "scores": [0, 0]}]),
     "dead hand"),
])
def test_corrupt_saves_are_refused_saying_what(data, message):
    with pytest.raises(CorruptSave, match=message):
        Match.from_dict(data)


def test_a_discarded_card_that_is_not_in_the_hand_does_not_replay():
    data = mid_hand().to_dict()
    data["actions"][-1]["card"] = "AS" if data["actions"][-1]["card"] != "AS" else "2S"
    # Either the card is not in that player's hand, or it is: the position must stay legal.
    try:
        restored = Match.from_dict(data)
    except CorruptSave as exc:
        assert "does not replay" in str(exc)
    else:
        assert len(restored.hand.hands[0]) == len(restored.hand.hands[1]) == 10


def test_a_save_with_a_finished_previous_hand_restores_the_score_sheet():
    match = Match.new(5, Rules.preset("short"))
    while not match.sheet:
        legal = match.legal_actions()
        ending = [a for a in legal if a.kind in ("knock", "gin")]
        match.apply((ending or legal)[0])
    if not match.is_over:
        match.apply(match.legal_actions()[0])  # deal the next hand
    restored = Match.from_dict(match.to_dict())
    assert restored.sheet == match.sheet and restored.scores == match.scores
