"""The local table: the page's only way to the match (Views out, Actions in)."""

import pytest

from game.actions import DRAW_STOCK, NEXT_HAND, PASS, TAKE_UPCARD, Action
from game.errors import IllegalAction
from game.match import Match
from game.web.play.tables import HUMAN, LocalTable


def table(seed=5, seats=(HUMAN, "medium")):
    return LocalTable.new(seed, Match.new(seed).rules, list(seats))


def test_a_seat_can_act_only_on_its_turn_and_nothing_changes_otherwise():
    t = table()
    other = 1 - t.turn
    before = t.to_dict()
    with pytest.raises(IllegalAction) as refused:
        t.act(other, Action(PASS))
    assert refused.value.reason == "not_your_turn"
    assert t.to_dict() == before


def test_the_listener_hears_every_change_and_each_seat_gets_each_event_once():
    t = table(seats=(HUMAN, HUMAN))
    heard = []
    t.listen(lambda: heard.append(t.turn))
    first = t.view(0)
    assert first.events == []  # what was there when the table was made is not news
    t.act(t.turn, Action(PASS))
    assert len(heard) == 1
    kinds = [e.kind for e in t.view(0).events]
    assert kinds == ["pass"]
    assert t.view(0).events == []
    assert [e.kind for e in t.view(1).events] == ["pass"]


def test_the_computer_seat_steps_until_the_person_must_move():
    t = table(seed=12, seats=(HUMAN, "easy"))
    steps = 0
    while t.turn is not None and t.computer_to_move() is not None:
        assert t.step() is not None
        steps += 1
    if t.turn is not None:
        assert t.turn == 0 and t.computer_to_move() is None
    assert t.step() is None or t.turn is None


def test_a_whole_match_between_two_computer_levels_through_the_table():
    t = LocalTable.new(3, Match.new(3).rules.replace(target=40), ["easy", "hard"], clock=lambda: 0.0)
    for _ in range(5000):
        if t.turn is None:
            if t.view(0).phase == "match_over":
                break
            with pytest.raises(IllegalAction):
                t.act(0, Action(NEXT_HAND))  # computer seats deal no hand for the person
            t.seats[0] = HUMAN
            t.act(0, Action(NEXT_HAND))
            t.seats[0] = "easy"
            continue
        t.step()
    assert t.view(0).phase == "match_over"
    assert t.decisions and all(ms == 0.0 for ms in t.decisions)


def test_a_level_change_takes_effect_on_the_next_decision():
    t = table(seed=8, seats=(HUMAN, "easy"))
    easy = t.table.player(1)
    t.set_level(1, "hard")
    assert t.table.player(1) is not easy and t.seats[1] == "hard"
    t.set_level(0, "hard")  # a person's seat stays a person's
    assert t.seats[0] == HUMAN


def test_moves_are_the_engines_and_refusals_carry_its_reason():
    t = table(seed=5, seats=(HUMAN, HUMAN))
    seat = t.turn
    with pytest.raises(IllegalAction) as refused:
        t.act(seat, Action(DRAW_STOCK))
    assert refused.value.reason == "upcard_offer"
    t.act(seat, Action(TAKE_UPCARD))
    assert t.view(seat).taken is not None


def test_an_undone_discard_is_neither_saved_nor_in_the_hands_review():
    from game import replay
    from game.actions import DISCARD

    t = table(seed=5, seats=(HUMAN, HUMAN))
    heard = []
    t.listen(lambda: heard.append(1))
    while not (t.turn == 0 and t.view(0).phase == "discard"):
        seat = t.turn
        view = t.view(seat)
        t.act(seat, next(a for a in view.legal_actions if a.kind in ("pass", "draw_stock", DISCARD)))
    discards = [a for a in t.view(0).legal_actions if a.kind == DISCARD]
    before = t.to_dict()
    t.act(0, discards[0])
    t.undo(0)
    assert t.to_dict() == before and heard[-2:] == [1, 1]
    t.act(0, discards[1])
    moves = [action for _view, action in t.hand_decisions(0, replay)]
    assert discards[0] not in moves and moves[-1] == discards[1]
    with pytest.raises(IllegalAction):
        t.undo(1)
