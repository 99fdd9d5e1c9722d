"""The statistics model: what a finished hand and match count, and reading a stored or imported
value (every bad value refused, nothing of it kept)."""

import copy
import json

import pytest

from game.match import Match
from game.rng import Rng
from game.rules import Rules
from game.web.progress import stats as S
from tests.game.test_match import half_greedy


def played(seed, rules):
    """Every finished hand's View of seat 0 and the match's last View, from a whole match."""
    match = Match.new(seed, rules)
    rng = Rng(seed, 7)
    hands = []
    while True:
        view = match.view(0)
        if view.phase in ("hand_over", "match_over") and (not hands or hands[-1].hand_number != view.hand_number):
            hands.append(view)
        if view.phase == "match_over":
            return hands, view
        match.apply(half_greedy(match, match.legal_actions(), rng))


def record_all(seed, rules, stats=None, key="hard/classic"):
    stats = stats or S.empty()
    hands, last = played(seed, rules)
    for view in hands:
        S.record_hand(stats, key, S.hand_outcome(view))
    won, net = S.match_outcome(last)
    S.record_match(stats, key, won, net)
    return stats, hands, last


def test_a_match_counts_its_hands_and_points_from_the_views():
    rules = Rules.preset("classic").replace(target=60)
    stats, hands, last = record_all(5, rules)
    record = stats["records"]["hard/classic"]
    assert record["hands"] == len(hands) == len(last.sheet)
    assert record["hands_won"] == last.hands_won[0]
    # The net points are the sheet's hand points of seat 0 less seat 1's.
    assert record["points"] == last.scores[0] - last.scores[1]
    assert record["games"] == 1
    assert record["wins"] == (1 if last.winner == 0 else 0)
    assert stats["recent"] == [{"key": "hard/classic", "won": last.winner == 0,
                                "net": last.totals[0]["total"] - last.totals[1]["total"]}]
    gins = [line for line in last.sheet if line["kind"] in ("gin", "big_gin") and line["knocker"] == 0]
    assert record["gins"] == len(gins)


def test_undercuts_given_and_suffered_are_told_apart():
    found = {"given": 0, "suffered": 0}
    for seed in (5, 51, 64, 82, 100):  # seeds whose half-greedy play undercuts either way
        hands, _last = played(seed, Rules.preset("classic").replace(target=30))
        for view in hands:
            outcome = S.hand_outcome(view)
            if view.end_kind == "undercut":
                assert outcome["undercut_given"] != outcome["undercut_suffered"]
                assert outcome["undercut_given"] == (view.knocker == 1)
                assert outcome["won"] == outcome["undercut_given"]
                found["given" if outcome["undercut_given"] else "suffered"] += 1
            else:
                assert not outcome["undercut_given"] and not outcome["undercut_suffered"]
    assert found["given"] and found["suffered"]


def test_streaks_and_the_last_twenty():
    stats = S.empty()
    results = [True, True, False, True, True, True, False] + [True] * 16
    for won in results:
        S.record_match(stats, "easy/short", won, 10 if won else -10)
    record = stats["records"]["easy/short"]
    assert record["best_streak"] == 16 and record["streak"] == 16
    assert record["games"] == 23 and record["wins"] == 21
    assert len(stats["recent"]) == S.RECENT
    assert [g["won"] for g in stats["recent"]] == results[-20:]


def test_rates_round_and_keep_their_sign():
    record = S.new_record()
    assert S.win_percent(record) is None and S.points_per_hand(record) is None
    record.update(games=3, wins=2, hands=3, points=-10)
    assert S.win_percent(record) == 67
    assert S.points_per_hand(record) == -33  # tenths: -3.3
    record.update(hands=4, points=7)
    assert S.points_per_hand(record) == 18


def test_rows_are_by_level_then_preset_and_skip_empty_records():
    stats = S.empty()
    for key in ("hard/classic", "easy/oklahoma", "easy/classic", "medium/short"):
        S.record_match(stats, key, True, 5)
    stats["records"]["hard/modern"] = S.new_record()
    assert [(level, preset) for level, preset, _r in S.rows(stats)] == [
        ("easy", "classic"), ("easy", "oklahoma"), ("medium", "short"), ("hard", "classic")]


def test_to_dict_from_dict_round_trip_through_json():
    stats, _h, _l = record_all(9, Rules.preset("short"), key="medium/short")
    again = S.from_dict(json.loads(json.dumps(S.to_dict(stats))))
    assert again == stats
    copied = S.to_dict(stats)
    copied["records"]["medium/short"]["games"] = 99
    assert stats["records"]["medium/short"]["games"] == 1


def good():
    stats = S.empty()
    S.record_hand(stats, "hard/classic", {"won": True, "gin": True, "undercut_given": False,
                                          "undercut_suffered": False, "points": 30})
    S.record_match(stats, "hard/classic", True, 30)
    return S.to_dict(stats)


def broken(change):
    data = copy.deepcopy(good())
    change(data)
    return data


BAD = [
    ("not_stats", "", [1, 2]),
    ("not_stats", "", {"format": "something else"}),
    ("newer", "", broken(lambda d: d.update(version=2))),
    ("bad_value", "version", broken(lambda d: d.update(version="1"))),
    ("bad_value", "records", broken(lambda d: d.update(records=[]))),
    ("bad_value", "records › expert/classic", broken(lambda d: d["records"].update({"expert/classic": S.new_record()}))),
    ("bad_value", "records › hard/classic › wins", broken(lambda d: d["records"]["hard/classic"].update(wins=-1))),
    ("bad_value", "records › hard/classic › games", broken(lambda d: d["records"]["hard/classic"].update(games=1.5))),
    ("bad_value", "records › hard/classic › gins", broken(lambda d: d["records"]["hard/classic"].update(gins=True))),
    ("bad_value", "records › hard/classic", broken(lambda d: d["records"]["hard/classic"].update(wins=5))),
    ("bad_value", "recent", broken(lambda d: d.update(recent=[{"key": "hard/classic", "won": True, "net": 1}] * 21))),
    ("bad_value", "recent › 1", broken(lambda d: d["recent"][0].update(won="yes"))),
    ("bad_value", "recent › 1", broken(lambda d: d["recent"][0].update(net="12"))),
]


@pytest.mark.parametrize("reason, field, data", BAD)
def test_a_bad_value_is_refused_saying_where(reason, field, data):
    with pytest.raises(S.StatsError) as caught:
        S.from_dict(data)
    assert (caught.value.reason, caught.value.field) == (reason, field)


def test_the_good_value_of_the_bad_cases_is_read():
    assert S.from_dict(good())["records"]["hard/classic"]["gins"] == 1


def test_only_preset_matches_against_the_computer_count_and_never_a_training_hand():
    from game.training import GUIDED
    from game.web.play.tables import LocalTable, TrainingTable

    normal = LocalTable.new(7, Rules.preset("classic"), ["human", "easy"])
    custom = LocalTable.new(7, Rules.preset("classic").replace(gin_bonus=30), ["human", "easy"])
    lesson = TrainingTable(GUIDED)
    assert S.counts("cpu", normal)
    assert not S.counts("duo", normal)
    assert not S.counts("online", normal)
    assert not S.counts("cpu", None)
    assert not S.counts("cpu", custom)
    assert not S.counts("cpu", lesson)
