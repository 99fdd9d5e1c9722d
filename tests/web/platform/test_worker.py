"""The worker's decisions: from a request of plain JSON (a View inside), the action the page
itself would play."""

import json

from game.actions import Action
from game.ai import make_player
from game.web.platform.worker import decide
from game.web.play.tables import HUMAN, LocalTable
from tests.web.play.test_tables import table


def test_the_worker_decides_what_the_page_would_from_json_alone():
    checked = 0
    for level in ("easy", "medium", "hard"):
        t = table(seed=31, seats=("easy", level))
        for _ in range(200):
            request = t.decision_request()
            if request is None:
                break
            # Only what crosses to a worker: JSON text.
            crossed = json.loads(json.dumps(request))
            answered = Action.from_dict(decide(crossed))
            mine = make_player(request["level"], request["seed"]).choose(t.match.view(request["seat"]))
            assert answered == mine, (level, request["view"]["phase"])
            assert t.play_decision(request, answered)
            checked += 1
    assert checked > 50  # a whole hand per level


def test_a_decision_for_a_match_that_moved_on_is_not_played():
    t = LocalTable.new(12, table().rules, ["easy", HUMAN])
    request = t.decision_request()
    assert request is not None and request["seat"] == t.turn
    action = Action.from_dict(decide(request))
    stale_level = dict(request, level="hard")
    assert not t.play_decision(stale_level, action)  # the level changed since the request
    assert t.play_decision(request, action)
    before = t.to_dict()
    assert not t.play_decision(request, action)  # the same request twice: played once
    assert t.to_dict() == before


def test_no_request_when_no_computer_must_move():
    t = table(seats=(HUMAN, HUMAN))
    assert t.decision_request() is None


def test_the_worker_gives_the_coachs_hint_from_json_alone():
    from game.ai.coach import Suggestion, suggest

    t = table(seed=32, seats=("easy", "medium"))
    checked = 0
    for _ in range(120):
        request = t.decision_request()
        if request is None:
            break
        view = t.match.view(request["seat"])
        crossed = json.loads(json.dumps({"coach": True, "view": view.to_dict()}))
        hint, mine = Suggestion.from_dict(json.loads(json.dumps(decide(crossed)))), suggest(view)
        assert (hint.action, hint.kind, hint.facts) == (mine.action, mine.kind, mine.facts)
        t.play_decision(request, Action.from_dict(decide(json.loads(json.dumps(request)))))
        checked += 1
    assert checked > 30  # a whole hand
