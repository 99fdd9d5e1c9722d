import pytest

from game.cards import parse_card
from game.rules import PRESETS, Rules


def test_classic_is_the_default():
    rules = Rules.preset()
    assert (rules.knock_limit, rules.gin_bonus, rules.undercut_bonus, rules.target) == (10, 25, 25, 100)
    assert rules.undercut_on_tie and rules.big_gin_bonus is None
    assert (rules.box_bonus, rules.game_bonus, rules.shutout) == (0, 0, "none")


def test_presets():
    modern = Rules.preset("modern")
    assert (modern.big_gin_bonus, modern.box_bonus, modern.game_bonus, modern.shutout) == (31, 25, 100, "double")
    oklahoma = Rules.preset("oklahoma")
    assert oklahoma.oklahoma and oklahoma.target == 150
    assert Rules.preset("straight").knock_limit == 0
    assert Rules.preset("short").target == 50
    assert set(PRESETS) == {"classic", "modern", "oklahoma", "straight", "short"}


def test_rules_are_immutable_and_replace_makes_a_copy():
    rules = Rules.preset()
    with pytest.raises(AttributeError):
        rules.target = 50
    short = rules.replace(target=50)
    assert short.target == 50 and rules.target == 100 and short.name == "custom"


def test_round_trip_and_equality():
    rules = Rules.preset("oklahoma")
    assert Rules.from_dict(rules.to_dict()) == rules
    assert hash(Rules.from_dict(rules.to_dict())) == hash(rules)
    assert rules != Rules.preset("classic")


@pytest.mark.parametrize("knobs, message", [
    ({"knock_limit": 11}, "knock_limit"), ({"target": 0}, "target"), ({"shutout": "triple"}, "shutout"),
    ({"gin_bonus": -1}, "gin_bonus"), ({"colour": 3}, "unknown rule"), ({"oklahoma": 1}, "oklahoma"),
])
def test_bad_knobs_are_refused_by_name(knobs, message):
    with pytest.raises(ValueError, match=message):
        Rules(**knobs)


def test_unknown_preset():
    with pytest.raises(ValueError, match="presets"):
        Rules.preset("blitz")


def test_oklahoma_limit_and_multiplier_from_the_upcard():
    rules = Rules.preset("oklahoma")
    assert rules.knock_limit_for(parse_card("7D")) == 7
    assert rules.knock_limit_for(parse_card("KD")) == 10
    assert rules.knock_limit_for(parse_card("AD")) == 0
    assert rules.replace(oklahoma_ace="one").knock_limit_for(parse_card("AD")) == 1
    assert rules.multiplier_for(parse_card("5S")) == 2 and rules.multiplier_for(parse_card("5H")) == 1
    assert Rules.preset().knock_limit_for(parse_card("3S")) == 10
    assert Rules.preset().multiplier_for(parse_card("3S")) == 1


def test_rules_copy_and_pickle_as_equal_values():
    import copy
    import pickle

    rules = Rules.preset("modern")
    assert copy.deepcopy(rules) == rules and copy.copy(rules) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    from game.match import Match

    match = Match.new(3, rules)
    assert copy.deepcopy(match).to_dict() == match.to_dict()


@pytest.mark.parametrize("name", ["blitz", "", None, 5, True, ["classic"], "Classic"], ids=repr)
def test_rules_are_named_after_a_preset_or_custom(name):
    with pytest.raises(ValueError, match="named after a preset"):
        Rules(name)


def test_a_preset_name_always_means_that_presets_knobs():
    for name, knobs in PRESETS.items():
        assert Rules(name, **knobs) == Rules.preset(name)
    with pytest.raises(ValueError, match="must be that preset's"):
        Rules("classic", target=1)
    with pytest.raises(ValueError, match="must be that preset's"):
        Rules.from_dict(dict(Rules.preset("modern").to_dict(), gin_bonus=100))
    same_knobs = Rules.preset("short").replace()
    assert same_knobs.name == "custom" and same_knobs != Rules.preset("short")


@pytest.mark.parametrize("data", ["", [], {}, None, "classic", {"name": "classic"},
                                  {k: v for k, v in Rules.preset().to_dict().items() if k != "target"}], ids=repr)
def test_rules_from_dict_fills_nothing_in(data):
    with pytest.raises(ValueError, match="rules"):
        Rules.from_dict(data)


@pytest.mark.parametrize("knob, value", [("target", 10 ** 30), ("gin_bonus", 10001), ("big_gin_bonus", 10 ** 6),
                                         ("shutout", ["none"]), ("oklahoma_ace", None), ("knock_limit", 5.0)])
def test_knob_values_have_a_type_and_a_bound(knob, value):
    with pytest.raises(ValueError, match=knob):
        Rules(**{knob: value})
    assert Rules(target=10000).target == 10000
