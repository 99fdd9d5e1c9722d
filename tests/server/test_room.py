"""One table's logic with a fake clock: takeover after the grace period, return, new-game
consent, leaving for good, errors that change nothing, a failed write undone, and a stored
table replaying exactly."""

import pytest

from game.actions import Action
from game.rules import Rules
from server.room import Room, RoomError
from server.store import Store, StoreError

GRACE = 60.0


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path / "tables.sqlite3")
    yield store
    store.close()


def commit(room, store):
    """What the server does after each change: write the room whole, then mark it stored."""
    record = room.pending()
    if record is not None:
        store.save(record)
        room.committed(record)


def opened(store, now=0.0, rules="classic"):
    room, key = Room.open("ABCDEF", Rules.preset(rules), "medium", now, GRACE)
    assert store.insert(room.record)
    return room, key


def seated(store, now=0.0, rules="classic"):
    """A table with both players joined and connected, stored."""
    room, _ = opened(store, now, rules)
    room.join(now)
    room.connect(0, now)
    room.connect(1, now)
    commit(room, store)
    return room


def play_first(room, seat, now, store=None):
    room.act(seat, room.match.legal_actions()[0].to_dict(), now)
    if store is not None:
        commit(room, store)


def moves(room):
    return len(room.match.actions) + len(room.match.previous)


def test_the_computer_takes_a_seat_only_after_the_grace_period(store):
    room = seated(store)
    mover = room.match.current_player
    room.disconnect(mover, 10.0)
    assert room.deadline() == 10.0 + GRACE
    assert not room.tick(10.0 + GRACE - 0.5)
    assert room.match.actions == []
    assert room.seat_state(mover)["computer"] is False

    assert room.tick(10.0 + GRACE)
    assert room.seat_state(mover) == {"joined": True, "connected": False, "computer": True}
    # It played its turn at once: the other player is to move (or deals the next hand).
    assert len(room.match.actions) >= 1
    assert room.match.current_player in (1 - mover, None)
    assert room.deadline() is None


def test_the_computer_answers_each_move_of_the_player_who_stayed(store):
    room = seated(store)
    away = room.match.current_player
    room.disconnect(away, 0.0)
    room.tick(GRACE)
    stayed = 1 - away
    for step in range(20):
        if room.match.current_player is None:
            break
        assert room.match.current_player == stayed
        play_first(room, stayed, GRACE + step)
    assert room.match.current_player in (stayed, None)


def test_the_player_who_returns_plays_again_and_is_told_what_was_played(store):
    room = seated(store)
    away = room.match.current_player
    room.disconnect(away, 0.0)
    room.tick(GRACE)  # the computer plays the away seat's turn at once
    stayed = 1 - away
    play_first(room, stayed, GRACE + 1)  # and answers the move of the player who stayed
    played = room.away[away]
    assert played["moves"] == moves(room) - 1 >= 1  # all but the one of the player who stayed
    assert room.connect(away, GRACE + 5) == played
    assert room.seat_state(away) == {"joined": True, "connected": True, "computer": False}
    assert room.away[away] is None  # told once
    while room.match.current_player == stayed:
        play_first(room, stayed, GRACE + 6)
    before = moves(room)
    # Now it is the returned player's turn and nobody plays it for them.
    assert room.match.current_player == away
    assert not room.tick(GRACE * 10)
    assert moves(room) == before


def test_the_computer_waits_when_nobody_is_left_to_play_against(store):
    room = seated(store)
    room.disconnect(0, 0.0)
    room.disconnect(1, 0.0)
    assert room.tick(GRACE)
    assert room.seat_state(0)["computer"] and room.seat_state(1)["computer"]
    assert room.match.actions == []


def test_a_seat_never_joined_is_not_taken_over(store):
    room, _ = opened(store)
    room.connect(0, 0.0)
    assert room.deadline() is None
    assert not room.tick(GRACE * 100)
    with pytest.raises(RoomError) as refused:
        play_first(room, room.match.current_player, 1.0)
    assert refused.value.reason == "no_opponent"
    with pytest.raises(RoomError) as refused:
        room.new_game(0, True, 1.0)  # a redeal the newcomer would find accepted
    assert refused.value.reason == "no_opponent"


def test_a_player_who_leaves_frees_the_seat_and_the_computer_plays_it(store):
    room = seated(store)
    mover = room.match.current_player
    leaver = 1 - mover
    room.leave(leaver, 1.0)
    commit(room, store)
    assert room.seat_state(leaver) == {"joined": False, "connected": True, "computer": True}
    assert room.seat_of("any key") is None
    room.disconnect(leaver, 1.0)
    play_first(room, mover, 2.0, store)  # the computer answers at once: no grace to wait
    assert room.match.current_player in (mover, None)
    # Whoever opens the link now takes that seat, in the match as it stands.
    seat, key = room.join(3.0)
    assert seat == leaver and room.seat_of(key) == leaver
    assert room.seat_state(leaver) == {"joined": True, "connected": False, "computer": False}


def test_a_new_game_needs_both_players(store):
    room = seated(store)
    play_first(room, room.match.current_player, 1.0, store)
    log, secret = room.table.to_log(), room.secret

    room.new_game(0, True, 2.0)
    assert room.restart_by == 0
    room.new_game(0, True, 2.5)  # offering twice is still one offer
    assert (room.table.to_log(), room.secret) == (log, secret)
    room.new_game(1, False, 3.0)  # refused
    assert room.restart_by is None
    assert (room.table.to_log(), room.secret) == (log, secret)

    room.new_game(1, True, 4.0)
    room.new_game(1, False, 4.5)  # withdrawn by the one who offered
    assert room.restart_by is None
    room.new_game(1, True, 5.0)
    room.new_game(0, True, 6.0)  # accepted
    commit(room, store)
    assert room.restart_by is None
    assert room.secret != secret  # a new deal, from a new secret
    assert (room.match.previous, room.match.actions, room.match.hand.history) == ([], [], [])
    assert Room(store.load("ABCDEF"), 7.0, GRACE).table.to_log() == room.table.to_log()


def test_refusing_when_nothing_was_offered_is_an_error(store):
    room = seated(store)
    with pytest.raises(RoomError) as refused:
        room.new_game(1, False, 1.0)
    assert refused.value.reason == "no_offer"


def snapshot(room):
    return (room.table.to_log(), [dict(s) for s in room.seats], room.restart_by, room.dirty)


@pytest.mark.parametrize("data, reason", [
    ({"kind": "fly"}, "malformed_action"),
    ("discard", "malformed_action"),
    (None, "malformed_action"),
    ({"kind": "discard"}, "malformed_action"),
    ({"kind": "discard", "card": "ZZ"}, "malformed_action"),
    ({"kind": "knock", "card": "AS", "melds": "AS"}, "malformed_action"),
    ({"kind": ["discard"]}, "malformed_action"),
    ({"kind": "knock", "card": "AS", "melds": [[[["AS"]]]]}, "malformed_action"),
])
def test_malformed_actions_change_nothing(store, data, reason):
    room = seated(store)
    before = snapshot(room)
    with pytest.raises(RoomError) as refused:
        room.act(room.match.current_player, data, 1.0)
    assert refused.value.reason == reason
    assert snapshot(room) == before


def test_acting_out_of_turn_or_illegally_changes_nothing(store):
    room = seated(store)
    mover = room.match.current_player
    before = snapshot(room)
    with pytest.raises(RoomError) as refused:
        play_first(room, 1 - mover, 1.0)
    assert refused.value.reason == "not_your_turn"
    with pytest.raises(RoomError) as refused:
        room.act(mover, Action("draw_stock").to_dict(), 1.0)  # the upcard is on offer
    assert refused.value.reason == "illegal_action"
    assert refused.value.details["rule"] == "upcard_offer"
    assert "upcard" in refused.value.details["message"]
    assert snapshot(room) == before


def test_an_illegal_card_names_the_rule_and_the_card(store):
    room = seated(store)
    while room.match.phase != "discard":
        play_first(room, room.match.current_player, 1.0)
    mover = room.match.current_player
    foreign = room.match.hand.hands[1 - mover][0]
    with pytest.raises(RoomError) as refused:
        room.act(mover, {"kind": "discard", "card": foreign.code}, 2.0)
    assert refused.value.details["rule"] == "not_in_hand"
    assert refused.value.details["details"] == {"card": foreign.code}


class Failing:
    """A store whose writes fail, as a full disk or a lock held elsewhere makes them."""

    def save(self, record):
        raise StoreError("database or disk is full")


def test_a_failed_write_is_undone_and_no_reader_sees_it(store):
    room = seated(store)
    readers = [room.table.reader(0), room.table.reader(1)]
    for step in range(12):  # into the hand, with moves of both seats stored
        play_first(room, 0 if room.match.current_player is None else room.match.current_player,
                   float(step), store)
    views = [reader.view().to_dict() for reader in readers]
    stored = store.load("ABCDEF")
    before = snapshot(room)[:3]
    mover = room.match.current_player
    play_first(room, mover, 20.0)
    with pytest.raises(StoreError):
        commit(room, Failing())
    room.rollback()
    assert snapshot(room) == before + (False,)
    assert store.load("ABCDEF") == stored
    # The readers' next views are the stored table's, with no event of the undone move.
    again = [reader.view().to_dict() for reader in readers]
    for first, second in zip(views, again, strict=True):
        assert second["events"] == []
        assert dict(second, events=[]) == dict(first, events=[])
    # And play goes on from there, stored and replayable.
    play_first(room, mover, 21.0, store)
    assert Room(store.load("ABCDEF"), 22.0, GRACE).table.to_log() == room.table.to_log()


def test_a_failed_new_game_leaves_the_match_being_played(store):
    room = seated(store)
    play_first(room, room.match.current_player, 1.0, store)
    reader = room.table.reader(0)
    before = (snapshot(room)[:3], room.secret, room.match)
    room.new_game(0, True, 2.0)
    commit(room, store)
    room.new_game(1, True, 3.0)  # accepted: a new deal in memory
    assert room.secret != before[1]
    with pytest.raises(StoreError):
        commit(room, Failing())
    room.rollback()
    assert room.restart_by == 0  # the offer stands, as stored
    assert (room.table.to_log(), room.secret, room.match) == (before[0][0], before[1], before[2])
    assert reader.view().events == []


def test_a_stored_table_replays_to_the_same_match(store):
    room = seated(store)
    for step in range(40):
        seat = 0 if room.match.current_player is None else room.match.current_player
        play_first(room, seat, float(step), store)
    room.new_game(1, True, 50.0)
    commit(room, store)
    loaded = store.load(room.code)
    assert loaded == room.record
    again = Room(loaded, 60.0, GRACE)
    assert again.table.to_log() == room.table.to_log()
    assert again.match.sheet == room.match.sheet
    assert again.match.hand.hands == room.match.hand.hands  # the same secret deals the same cards


def test_the_log_holds_no_seed_and_no_secret(store):
    room = seated(store)
    play_first(room, room.match.current_player, 1.0, store)
    log = room.table.to_log()
    assert log["seed"] is None
    assert room.secret not in repr(log)


def test_keys_are_stored_only_as_hashes(store, tmp_path):
    room, key0 = opened(store)
    _, key1 = room.join(0.0)
    commit(room, store)
    assert room.seat_of(key0) == 0 and room.seat_of(key1) == 1
    assert room.seat_of("not a key") is None and room.seat_of(None) is None
    store.db.execute("PRAGMA wal_checkpoint(FULL)")
    data = b"".join(path.read_bytes() for path in tmp_path.glob("tables.sqlite3*"))
    assert room.code.encode() in data
    assert key0.encode() not in data and key1.encode() not in data


def to_discard(room, store, now=1.0):
    """Play first listed moves until a seat must discard; returns that seat."""
    while room.match.phase != "discard":
        seat = 0 if room.match.current_player is None else room.match.current_player
        play_first(room, seat, now, store)
    return room.match.current_player


def test_a_discard_is_taken_back_until_the_other_seat_acts_and_the_store_never_holds_it(store):
    room = seated(store)
    seat = to_discard(room, store)
    stored = store.load("ABCDEF").log
    other = room.table.reader(1 - seat)
    discard = next(a for a in room.match.legal_actions() if a.kind == "discard")
    room.act(seat, discard.to_dict(), 2.0)
    commit(room, store)
    other.view()
    version = room.version
    with pytest.raises(RoomError) as refused:
        room.undo(1 - seat, 3.0)  # only the seat that discarded
    assert (refused.value.reason, refused.value.details["rule"]) == ("illegal_action", "nothing_to_undo")
    room.undo(seat, 3.0)
    commit(room, store)
    assert room.version > version
    assert store.load("ABCDEF").log == stored  # as before the discard
    assert [(e.kind, e.player, e.card) for e in other.view().events] == [("undo", seat, discard.card)]
    assert Room(store.load("ABCDEF"), 4.0, GRACE).table.to_log() == room.table.to_log()
    # Discarded again and answered: too late.
    room.act(seat, discard.to_dict(), 5.0)
    play_first(room, 1 - seat, 6.0, store)
    with pytest.raises(RoomError):
        room.undo(seat, 7.0)


def test_a_failed_write_of_an_undo_leaves_the_discard(store):
    room = seated(store)
    seat = to_discard(room, store)
    discard = next(a for a in room.match.legal_actions() if a.kind == "discard")
    room.act(seat, discard.to_dict(), 2.0)
    commit(room, store)
    reader = room.table.reader(1 - seat)
    room.undo(seat, 3.0)
    with pytest.raises(StoreError):
        commit(room, Failing())
    room.rollback()
    assert room.match.undoable() == (seat, discard.card)
    assert reader.view().events == []
