import json

import pytest

from game.actions import DISCARD, DRAW_STOCK, PASS, Action
from game.deals import SeededDeals
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


def line(kind, winner, knocker, points, scores, hand=1):
    """A first score-sheet line of mid_hand's seed (its dealer is the seed's first dealer)."""
    return {"hand": hand, "dealer": SeededDeals(21).first_dealer(), "kind": kind, "knocker": knocker, "winner": winner,
            "points": points, "scores": scores}


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
    (corrupt(sheet=[line("knock", 0, 0, 500, [500, 0])]), "already over"),
    (corrupt(sheet=[line("knock", 0, 0, 5, [6, 0])]), "do not add up"),
    (corrupt(sheet=[line("dead", None, None, 0, [0, 0], hand=2)]), "hand numbers"),
    (corrupt(sheet=[line("dead", 1, None, 0, [0, 0])]), "dead hand"),
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


# --- every field of a save, retyped or removed (reliability review, E12 and D07) ---------------

def third_hand():
    """A classic match a few actions into its third hand, with a scored line on its sheet."""
    from game.rng import Rng
    from tests.game.test_match import half_greedy

    for seed in range(1, 50):
        match, rng = Match.new(seed), Rng(seed, 3)
        while len(match.previous) < 2 and not match.is_over:
            match.apply(half_greedy(match, match.legal_actions(), rng))
        if match.is_over or all(line["kind"] == "dead" for line in match.previous):
            continue
        while len(match.actions) < 6:
            match.apply(half_greedy(match, [a for a in match.legal_actions() if a.kind not in ("knock", "gin")], rng))
        return match
    raise AssertionError("no third hand found")


ODD = [None, True, False, 0, 1, 1.0, -1, 10 ** 30, 1e308, float("nan"), float("inf"), "x", "", [], {}, [1]]
REMOVED = object()


def variants(data):
    """(where, a copy of data with that one field set to one odd value or removed)."""
    places = [(data, key, key) for key in data]
    places += [(data["rules"], key, "rules." + key) for key in data["rules"]]
    for i, line in enumerate(data["sheet"]):
        places += [(line, key, f"sheet[{i}].{key}") for key in line]
    for i, action in enumerate(data["actions"]):
        places += [(action, key, f"actions[{i}].{key}") for key in action]
    for container, key, where in places:
        for value in ODD + [REMOVED]:
            original = container[key]
            if value is REMOVED:
                del container[key]
            else:
                container[key] = value
            yield where + " = " + ("removed" if value is REMOVED else repr(value)), json.loads(json.dumps(data))
            container[key] = original


def test_every_field_retyped_or_removed_is_refused_or_the_same_match():
    data = third_hand().to_dict()
    same = refused = 0
    for where, variant in variants(json.loads(json.dumps(data))):
        try:
            restored = Match.from_dict(variant)
        except CorruptSave:
            refused += 1
            continue
        if where == "actions = []":  # the same hand before its first action: a position it had
            assert restored.to_dict() == dict(data, actions=[])
            continue
        assert restored.to_dict() == data, where
        same += 1
    # 43 fields (6 at the top, 14 of the rules, 7 on each of 2 lines, 9 in 6 actions), 17 ways each.
    assert refused + same + 1 == 43 * 17 and refused > 700


@pytest.mark.parametrize("key, value", [
    ("winner", 1.0), ("winner", True), ("hand", True), ("knocker", True), ("knocker", 1.0), ("dealer", None),
    ("dealer", True), ("points", 10.0), ("scores", [10.0, 0]), ("scores", [True, 0]), ("extra", 1),
])
def test_a_retyped_sheet_line_is_corrupt(key, value):
    data = third_hand().to_dict()
    scored = next(line for line in data["sheet"] if line["kind"] != "dead")
    if key == "scores":
        value = [type(value[0])(scored["scores"][0]), scored["scores"][1]]
    elif key in ("winner", "knocker", "points"):
        value = type(value)(scored[key])
    scored[key] = value
    with pytest.raises(CorruptSave, match="score sheet line"):
        Match.from_dict(data)


def test_each_lines_dealer_is_the_one_the_engine_deals():
    data = third_hand().to_dict()
    data["sheet"][0]["dealer"] = 1 - data["sheet"][0]["dealer"]
    with pytest.raises(CorruptSave, match="dealer of this hand was player"):
        Match.from_dict(data)
    data = third_hand().to_dict()
    del data["sheet"][1]["dealer"]
    with pytest.raises(CorruptSave, match="the fields are"):
        Match.from_dict(data)


def test_the_winner_of_a_line_is_the_one_its_kind_says():
    data = third_hand().to_dict()
    scored = next(line for line in data["sheet"] if line["kind"] != "dead")
    scored["kind"] = "undercut" if scored["kind"] != "undercut" else "knock"
    with pytest.raises(CorruptSave, match="undercut"):
        Match.from_dict(data)


@pytest.mark.parametrize("changes", [{"target": 1}, {"gin_bonus": 100}, {"name": "Classic"}, {"name": None},
                                     {"name": 1}])
def test_a_preset_name_with_other_knobs_is_corrupt_so_never_shown_or_counted_as_that_preset(changes):
    data = mid_hand().to_dict()
    data["rules"].update(changes)
    with pytest.raises(CorruptSave, match="bad rules"):
        Match.from_dict(data)


def test_custom_rules_restore_as_custom():
    match = Match.new(3, Rules.preset("modern").replace(target=30))
    restored = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert restored.rules.name == "custom" and restored.rules == match.rules


@pytest.mark.parametrize("rules", ["", [], {}, None, 0, "classic"], ids=repr)
def test_rules_that_are_not_a_full_object_are_corrupt_not_defaults(rules):
    with pytest.raises(CorruptSave, match="bad rules"):
        Match.from_dict(corrupt(rules=rules))


@pytest.mark.parametrize("changes", [{"version": True}, {"version": 1.0}, {"seed": 2 ** 53}, {"seed": True},
                                     {"extra": 1}, {"format": ["gin-rummy-match"]}])
def test_top_level_fields_have_exact_types(changes):
    with pytest.raises(CorruptSave):
        Match.from_dict(corrupt(**changes))


def test_the_match_keeps_its_own_copy_of_the_sheet():
    data = third_hand().to_dict()
    restored = Match.from_dict(data)
    data["sheet"][0]["points"] = 99
    data["sheet"].clear()
    assert restored.to_dict() == Match.from_dict(restored.to_dict()).to_dict()
    assert len(restored.sheet) == 2 and restored.sheet[0]["points"] != 99
