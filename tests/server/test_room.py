"""One table's logic with a fake clock: takeover after the grace period, return, new-game
consent, errors that change nothing, and a stored table replaying exactly."""

import itertools

import pytest

import server.room
from game.actions import Action
from game.rules import Rules
from server.room import Room, RoomError, replay
from server.store import Store

GRACE = 60.0


class Clock:
    def __init__(self, now=1_000_000.0):
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture(autouse=True)
def fixed_deals(monkeypatch):
    """Each test's tables are dealt from fixed seeds, so a failure replays. A random deal made
    the return test fail one time in a hundred: the computer took the upcard and knocked at
    once, and the hand was over before the returned player's turn."""
    seeds = itertools.count(1)
    monkeypatch.setattr(server.room, "new_seed", lambda: next(seeds))


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path / "tables.sqlite3")
    yield store
    store.close()


def seated(store, now=0.0, rules="classic"):
    """A table with both players joined and connected."""
    room, _ = Room.open("ABCDEF", Rules.preset(rules), "medium", store, now, GRACE)
    room.join(now)
    room.connect(0, now)
    room.connect(1, now)
    return room


def play_first(room, seat, now):
    room.act(seat, room.match.legal_actions()[0].to_dict(), now)


def test_the_computer_takes_a_seat_only_after_the_grace_period(store):
    room = seated(store)
    mover = room.match.current_player
    room.disconnect(mover, 10.0)
    assert room.deadline() == 10.0 + GRACE
    assert not room.tick(10.0 + GRACE - 0.5)
    assert room.record.actions == []
    assert room.seat_state(mover)["computer"] is False

    assert room.tick(10.0 + GRACE)
    assert room.seat_state(mover) == {"joined": True, "connected": False, "computer": True}
    # It played its turn at once: the other player is to move (or deals the next hand).
    assert len(room.record.actions) >= 1
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


def test_the_player_who_returns_plays_again_and_the_computer_stops(store):
    room = seated(store)
    away = room.match.current_player
    room.disconnect(away, 0.0)
    room.tick(GRACE)
    room.connect(away, GRACE + 5)
    assert room.seat_state(away) == {"joined": True, "connected": True, "computer": False}
    stayed = 1 - away
    while room.match.current_player == stayed:
        play_first(room, stayed, GRACE + 6)
    before = len(room.record.actions)
    # Now it is the returned player's turn and nobody plays it for them.
    assert room.match.current_player == away
    assert not room.tick(GRACE * 10)
    assert len(room.record.actions) == before


def test_the_computer_waits_when_nobody_is_left_to_play_against(store):
    room = seated(store)
    room.disconnect(0, 0.0)
    room.disconnect(1, 0.0)
    assert room.tick(GRACE)
    assert room.seat_state(0)["computer"] and room.seat_state(1)["computer"]
    assert room.record.actions == []


def test_a_seat_never_joined_is_not_taken_over(store):
    room, _ = Room.open("ABCDEF", Rules.preset("classic"), "medium", store, 0.0, GRACE)
    room.connect(0, 0.0)
    assert room.deadline() is None
    assert not room.tick(GRACE * 100)
    with pytest.raises(RoomError) as refused:
        play_first(room, room.match.current_player, 1.0)
    assert refused.value.reason == "no_opponent"


def test_a_new_game_needs_both_players(store):
    room = seated(store)
    play_first(room, room.match.current_player, 1.0)
    seed, actions = room.record.seed, list(room.record.actions)

    room.new_game(0, True, 2.0)
    assert room.record.restart_by == 0
    room.new_game(0, True, 2.5)  # offering twice is still one offer
    assert (room.record.seed, room.record.actions) == (seed, actions)
    room.new_game(1, False, 3.0)  # refused
    assert room.record.restart_by is None
    assert (room.record.seed, room.record.actions) == (seed, actions)

    room.new_game(1, True, 4.0)
    room.new_game(1, False, 4.5)  # withdrawn by the one who offered
    assert room.record.restart_by is None
    room.new_game(1, True, 5.0)
    room.new_game(0, True, 6.0)  # accepted
    assert room.record.restart_by is None
    assert room.record.actions == []
    assert room.record.seed != seed  # a new deal (equal by chance once in 2**32)
    assert (room.match.previous, room.match.actions, room.match.hand.history) == ([], [], [])
    assert replay(room.store.load(room.record.code)).to_dict() == room.match.to_dict()


def test_refusing_when_nothing_was_offered_is_an_error(store):
    room = seated(store)
    with pytest.raises(RoomError) as refused:
        room.new_game(1, False, 1.0)
    assert refused.value.reason == "no_offer"


@pytest.mark.parametrize("data, reason", [
    ({"kind": "fly"}, "malformed_action"),
    ("discard", "malformed_action"),
    (None, "malformed_action"),
    ({"kind": "discard"}, "malformed_action"),
    ({"kind": "discard", "card": "ZZ"}, "malformed_action"),
    ({"kind": "knock", "card": "AS", "melds": "AS"}, "malformed_action"),
])
def test_malformed_actions_change_nothing(store, data, reason):
    room = seated(store)
    before = (room.match.to_dict(), list(room.record.actions), room.version)
    with pytest.raises(RoomError) as refused:
        room.act(room.match.current_player, data, 1.0)
    assert refused.value.reason == reason
    assert (room.match.to_dict(), room.record.actions, room.version) == before


def test_acting_out_of_turn_or_illegally_changes_nothing(store):
    room = seated(store)
    mover = room.match.current_player
    before = (room.match.to_dict(), list(room.record.actions), room.version)
    with pytest.raises(RoomError) as refused:
        play_first(room, 1 - mover, 1.0)
    assert refused.value.reason == "not_your_turn"
    with pytest.raises(RoomError) as refused:
        room.act(mover, Action("draw_stock").to_dict(), 1.0)  # the upcard is on offer
    assert refused.value.reason == "illegal_action"
    assert refused.value.details["rule"] == "upcard_offer"
    assert "upcard" in refused.value.details["message"]
    assert (room.match.to_dict(), room.record.actions, room.version) == before


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


def test_a_stored_table_replays_to_the_same_match(store):
    room = seated(store)
    for step in range(40):
        seat = 0 if room.match.current_player is None else room.match.current_player
        play_first(room, seat, float(step))
    room.new_game(1, True, 50.0)
    loaded = store.load(room.record.code)
    assert loaded == room.record
    assert replay(loaded).to_dict() == room.match.to_dict()
    assert replay(loaded).sheet == room.match.sheet


def test_keys_are_stored_only_as_hashes(store, tmp_path):
    room, key0 = Room.open("ABCDEF", Rules.preset("classic"), "medium", store, 0.0, GRACE)
    _, key1 = room.join(0.0)
    assert room.seat_of(key0) == 0 and room.seat_of(key1) == 1
    assert room.seat_of("not a key") is None and room.seat_of(None) is None
    store.db.execute("PRAGMA wal_checkpoint(FULL)")
    data = b"".join(path.read_bytes() for path in tmp_path.glob("tables.sqlite3*"))
    assert room.record.code.encode() in data
    assert key0.encode() not in data and key1.encode() not in data
