"""The one table every host wraps: who may act, the computer's steps, each reader's events,
the log, and going back to a mark."""

import pytest

from game.actions import DISCARD, GIN, KNOCK, NEXT_HAND, PASS, Action
from game.ai import make_player
from game.errors import CorruptSave, IllegalAction
from game.match import UNDOS_PER_TURN, Match
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


# --- taking back a discard -------------------------------------------------------------------

def to_discard(t):
    """Play listed moves until the seat to move must discard; returns that seat."""
    while t.match.phase != "discard":
        t.act(t.turn, first(t))
    return t.turn


def discard(t, seat):
    """The seat discards its first listed plain discard; returns the card."""
    action = next(a for a in t.match.legal_actions() if a.kind == DISCARD)
    t.act(seat, action)
    return action.card


def test_a_discard_is_taken_back_until_the_other_side_moves():
    t = table(seed=5, rules="classic")
    seat = to_discard(t)
    before = t.to_log()
    hand_before = list(t.match.hand.hands[seat])
    drawn = t.match.hand.drawn
    mine, theirs = t.reader(seat), t.reader(1 - seat)
    card = discard(t, seat)
    assert t.match.undoable() == (seat, card)
    assert t.view(seat).undo is card and t.view(1 - seat).undo is card  # public, as the discard
    mine.view(), theirs.view()
    events = t.undo(seat)
    assert [(e.kind, e.player, e.card) for e in events] == [("undo", seat, card)]
    # The log is the one before the discard: no save, statistic or review ever holds it.
    assert t.to_log() == before
    assert t.turn == seat and t.match.phase == "discard"
    assert t.match.hand.hands[seat] == hand_before and t.match.hand.drawn is drawn  # nothing new drawn
    assert [e.kind for e in mine.view().events] == ["undo"]
    assert [e.kind for e in theirs.view().events] == ["undo"]  # each reader told once
    assert t.match.undoable() is None and t.view(seat).undo is None
    # Played again, then the other side moves: too late.
    discard(t, seat)
    t.act(1 - seat, first(t))
    with pytest.raises(IllegalAction) as refused:
        t.undo(seat)
    assert refused.value.reason == "nothing_to_undo"


def test_a_turn_takes_back_at_most_three_discards_and_the_next_turn_three_again():
    # A bound on a seat that loops discard / undo (each undo replays the hand and adds an event).
    t = table(seed=5, rules="classic")
    seat = to_discard(t)
    for _ in range(UNDOS_PER_TURN):
        discard(t, seat)
        t.undo(seat)
    card = discard(t, seat)
    assert t.match.undoable() is None and t.view(seat).undo is None  # the Undo button goes
    events = len(t.match.events)
    with pytest.raises(IllegalAction) as refused:
        t.undo(seat)
    assert refused.value.reason == "nothing_to_undo" and len(t.match.events) == events
    assert t.match.hand.discard[-1] is card
    # The other side's turn, then this seat's next turn: three again.
    other = to_discard(t)
    assert other != seat
    for _ in range(UNDOS_PER_TURN):
        discard(t, other)
        assert t.match.undoable() == (other, t.match.actions[-1].card)
        t.undo(other)


def test_only_the_seat_that_discarded_takes_it_back_and_a_refusal_changes_nothing():
    t = table(seed=5, rules="classic")
    with pytest.raises(IllegalAction):
        t.undo(0)  # nothing played yet
    seat = to_discard(t)
    with pytest.raises(IllegalAction):
        t.undo(seat)  # drawn, not discarded: a draw is never taken back
    discard(t, seat)
    log, events = t.to_log(), len(t.match.events)
    for who in (1 - seat, 2, True, "0", None):
        with pytest.raises(IllegalAction) as refused:
            t.undo(who)
        assert refused.value.reason == "nothing_to_undo"
        assert t.to_log() == log and len(t.match.events) == events


def test_a_knock_and_a_discard_that_ends_the_hand_are_not_taken_back():
    t = table(seed=5, rules="classic")
    while t.match.phase != "hand_over":
        seat = t.turn
        ending = [a for a in t.match.legal_actions() if a.kind in (KNOCK, GIN)]
        t.act(seat, ending[0] if ending else first(t))
        if t.match.phase == "hand_over":
            with pytest.raises(IllegalAction):
                t.undo(seat)
            assert t.match.undoable() is None


def test_the_log_after_an_undo_replays_and_a_log_made_before_still_restores():
    t = table(seed=11, rules="classic")
    for _ in range(3):
        seat = to_discard(t)
        discard(t, seat)
        t.undo(seat)
        discard(t, seat)
    old = t.to_log()
    again = Table.from_log(old, [HUMAN, HUMAN])
    assert again.to_log() == old
    seat = to_discard(t)
    discard(t, seat)
    t.undo(seat)
    restored = Table.from_log(t.to_log(), [HUMAN, HUMAN])
    assert restored.view(seat).to_dict()["hand"] == t.view(seat).to_dict()["hand"]
    assert restored.match.phase == "discard" and restored.turn == seat


def test_a_secret_deal_and_a_training_hand_are_taken_back_too():
    from game.deals import SeededDeals
    from game.training import GUIDED

    t = Table(Match.dealt(SeededDeals(21), Rules.preset("classic")), [HUMAN, HUMAN], players, SeededDeals(21))
    seat = to_discard(t)
    card = discard(t, seat)
    t.undo(seat)
    assert card in t.match.hand.hands[seat]
    lesson = Table(GUIDED.start(), [HUMAN, HUMAN], players)
    seat = to_discard(lesson)
    card = discard(lesson, seat)
    lesson.undo(seat)
    assert card in lesson.match.hand.hands[seat] and lesson.match.phase == "discard"


def test_back_to_a_mark_undoes_an_undo():
    t = table(seed=5, rules="classic")
    seat = to_discard(t)
    discard(t, seat)
    reader = t.reader(1 - seat)
    mark = t.mark()
    t.undo(seat)
    t.back_to(mark)  # the server's failed write
    assert t.to_log() == mark.log and t.match.undoable() is not None
    assert reader.view().events == []
