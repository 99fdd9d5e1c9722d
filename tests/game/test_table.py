"""The one table every host wraps: who may act, the computer's steps, each reader's events,
the log, and going back to a mark."""

import pytest

from game.actions import NEXT_HAND, PASS, Action
from game.ai import make_player
from game.errors import CorruptSave, IllegalAction
from game.match import Match
from game.rules import Rules
from game.table import HUMAN, Table


def players(level, seat):
    return make_player(level, 100 + seat)


def table(seats=(HUMAN, HUMAN), seed=3, rules="short"):
    return Table(Match.new(seed, Rules.preset(rules)), list(seats), players)


def first(t):
    return t.match.legal_actions()[0]


def to_hand_end(t):
    while t.turn is not None:
        t.act(t.turn, first(t))


def test_only_the_seat_to_move_acts_and_a_refusal_changes_nothing():
    t = table()
    mover = t.turn
    log = t.to_log()
    for seat, reason in ((1 - mover, "not_your_turn"), (2, "no_such_seat"), (True, "no_such_seat"),
                         ("0", "no_such_seat")):
        with pytest.raises(IllegalAction) as refused:
            t.act(seat, first(t))
        assert refused.value.reason == reason
        assert t.to_log() == log
    t.act(mover, Action(PASS))
    assert t.to_log() != log


def test_between_hands_a_person_deals_never_the_computer():
    t = table((HUMAN, "easy"))
    while t.match.phase not in ("hand_over", "match_over"):
        if t.to_move() is not None:
            t.step()
        else:
            t.act(t.turn, first(t))
    assert t.to_move() is None and t.step() is None
    with pytest.raises(IllegalAction) as refused:
        t.act(1, Action(NEXT_HAND))
    assert refused.value.reason == "not_your_turn"
    t.act(0, Action(NEXT_HAND))
    assert t.match.hand.phase == "upcard"


def test_the_computer_steps_with_the_players_the_host_makes():
    made = []

    def factory(level, seat):
        made.append((level, seat))
        return make_player(level, seat)

    t = Table(Match.new(5), ["easy", "hard"], factory)
    for _ in range(6):
        seat = t.to_move()
        action = t.step()
        assert action is not None and seat in (0, 1)
    assert sorted(made) == [("easy", 0), ("hard", 1)]  # one player per seat, made once
    t.set_seat(0, HUMAN)
    assert t.to_move() in (None, 1)


def test_each_reader_is_shown_each_event_once_and_a_new_game_afresh():
    t = table()
    mine, other = t.reader(0), t.reader(1)
    assert mine.view().events == []  # what was there before it: nothing announced
    t.act(t.turn, Action(PASS))
    assert [e.kind for e in mine.view().events] == ["pass"]
    assert mine.view().events == []
    assert [e.kind for e in other.view().events] == ["pass"]
    t.new_game(Match.new(8, Rules.preset("short")))
    assert [e.kind for e in mine.view().events] == ["deal"]  # the new match's events, all


def test_the_log_restores_the_same_table_and_a_bad_one_says_why():
    t = table()
    for _ in range(9):
        t.act(t.turn, first(t))
    again = Table.from_log(t.to_log(), [HUMAN, HUMAN])
    assert again.to_log() == t.to_log() and again.view(0).to_dict()["hand"] == t.view(0).to_dict()["hand"]
    with pytest.raises(CorruptSave):
        Table.from_log(dict(t.to_log(), actions=[{"kind": "discard", "card": "AS"}]), [HUMAN, HUMAN])


def test_back_to_a_mark_undoes_moves_and_keeps_what_readers_saw():
    t = table()
    reader = t.reader(0)
    t.act(t.turn, first(t))
    reader.view()
    mark = t.mark()
    seen = reader.view().to_dict()
    t.act(t.turn, first(t))
    t.act(t.turn, first(t))
    t.back_to(mark)
    assert t.to_log() == mark.log
    assert reader.view().to_dict() == seen  # no event of the undone moves, none twice
    t.act(t.turn, first(t))
    assert len(reader.view().events) == 1


def test_back_to_a_mark_across_a_new_game_brings_the_match_back():
    t = table()
    to_hand_end(t)
    before = t.match
    mark = t.mark()
    t.new_game(Match.new(99))
    t.back_to(mark)
    assert t.match is before and t.games == mark.games
