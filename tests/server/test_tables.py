"""The registry: codes, joining, per-IP limits, loading from the store, a table that cannot
be replayed, the expiry sweep."""

import json
import sqlite3

import pytest

from game.wire import ALPHABET, CODE_LENGTH, normalize
from server.room import RoomError
from server.tables import DAY, Settings
from tests.server.helpers import registry, stored


def test_codes_are_short_and_unambiguous(tables):
    codes = {tables.open("classic", None, f"ip{n}")[0].record.code for n in range(50)}
    assert len(codes) == 50
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(ALPHABET)
    assert not set("01IO") & set(ALPHABET)


def test_a_shard_opens_only_codes_of_its_prefix(tmp_path, clock, loop):
    shard = registry(tmp_path / "shard.sqlite3", clock, loop, Settings(code_prefix="K"))
    codes = [shard.open("classic", None, f"ip{n}")[0].record.code for n in range(20)]
    assert all(code[0] == "K" and normalize(code) == code for code in codes)
    assert len({code[1:] for code in codes}) == 20
    shard.storage.close()


def test_a_code_may_be_typed_loosely():
    assert normalize(" abc-def ") == "ABCDEF"
    assert normalize("ABCDE0") is None  # 0 is never in a code
    assert normalize("ABC") is None and normalize(12) is None
    assert normalize("A" * 100_000) is None


def test_join_takes_the_free_seat_then_the_table_is_full(tables):
    room, _ = tables.open("modern", "hard", "a")
    code = room.record.code
    joined, seat, key = tables.join(code.lower(), "b")
    assert (joined, seat) == (room, 1) and room.seat_of(key) == 1
    with pytest.raises(RoomError) as refused:
        tables.join(code, "c")
    assert refused.value.reason == "table_full"
    with pytest.raises(RoomError) as refused:
        tables.join("ZZZZZZ", "c")
    assert refused.value.reason == "no_such_table"


@pytest.mark.parametrize("rules, level, reason", [
    ("chess", None, "no_such_rules"), (None, None, "no_such_rules"),
    ("classic", "genius", "no_such_level"), ("classic", 3, "no_such_level"),
])
def test_bad_openings_are_refused(tables, rules, level, reason):
    with pytest.raises(RoomError) as refused:
        tables.open(rules, level, "a")
    assert refused.value.reason == reason
    assert tables.rooms == {}


def test_opening_is_limited_per_ip(tables, clock):
    burst = tables.settings.opens_burst
    for _ in range(burst):
        tables.open("classic", None, "a")
    with pytest.raises(RoomError) as refused:
        tables.open("classic", None, "a")
    assert refused.value.reason == "too_many_tables"
    assert len(tables.rooms) == burst
    tables.open("classic", None, "b")  # another address is not slowed
    clock.now += 60.0 / tables.settings.opens_per_minute
    tables.open("classic", None, "a")


def test_guessing_codes_is_limited_per_ip(tables):
    for _ in range(tables.settings.joins_burst):
        with pytest.raises(RoomError) as refused:
            tables.join("ABCDEF", "guesser")
        assert refused.value.reason == "no_such_table"
    with pytest.raises(RoomError) as refused:
        tables.join("ABCDEF", "guesser")
    assert refused.value.reason == "too_many_requests"


def test_a_table_is_loaded_from_the_store_when_asked_for(tables, tmp_path, clock, loop):
    room, key = tables.open("oklahoma", "easy", "a")
    tables.join(room.record.code, "b")
    room.connect(0, clock())
    room.connect(1, clock())
    seat = room.match.current_player
    room.act(seat, room.match.legal_actions()[0].to_dict(), clock())
    tables.commit(room)
    tables.storage.close()
    again = registry(tmp_path / "tables.sqlite3", clock, loop)
    loaded = again.find(room.record.code)
    assert loaded is not room
    assert loaded.match.to_dict() == room.match.to_dict()
    assert loaded.seat_of(key) == 0 and loaded.record.level == "easy"
    assert again.find("ABCDEF") is None
    again.storage.close()


def test_a_table_that_cannot_be_replayed_is_set_aside_with_one_answer(tables, caplog):
    room, _ = tables.open("classic", None, "a")
    code = room.code
    tables.rooms.clear()
    store = tables.storage.store
    log = dict(stored(tables, code).log, actions=[{"kind": "discard", "card": "AS"}])
    store.db.execute("UPDATE tables SET log = ? WHERE code = ?", (json.dumps(log), code))
    for _ in range(2):  # the first load sets it aside; the next finds it there
        with pytest.raises(RoomError) as refused:
            tables.find(code)
        assert refused.value.reason == "table_unreadable"
    assert store.is_set_aside(code) and stored(tables, code) is None
    assert sum("cannot be replayed" in record.getMessage() for record in caplog.records) == 1
    with pytest.raises(RoomError) as refused:
        tables.join(code, "b")
    assert refused.value.reason == "table_unreadable"


def test_the_expiry_removes_tables_idle_for_seven_days(tables, clock, caplog):
    old, _ = tables.open("classic", None, "a")
    clock.now += 3 * DAY
    recent, _ = tables.open("classic", None, "a")
    kept, _ = tables.open("classic", None, "a")
    kept.connect(0, clock())
    clock.now += 4 * DAY + 1
    assert tables.expire() == [old.record.code]
    assert tables.find(old.record.code) is None
    assert stored(tables, old.record.code) is None
    assert tables.find(recent.record.code) is not None
    assert f"expiry: removed 1 table idle for over 7 days ({old.code})" in caplog.text

    clock.now += 7 * DAY
    assert tables.expire() == [recent.record.code]  # the table with a player stays
    assert stored(tables, kept.record.code) is not None


def test_the_expiry_removes_a_bounded_number_a_sweep(tmp_path, clock, loop):
    tables = registry(tmp_path / "tables.sqlite3", clock, loop, Settings(removals_per_sweep=2))
    codes = [tables.open("classic", None, f"ip{n}")[0].code for n in range(5)]
    clock.now += 8 * DAY
    removed = tables.expire() + tables.expire() + tables.expire()
    assert sorted(removed) == sorted(codes) and len(tables.expire()) == 0
    tables.storage.close()


def test_idle_rooms_leave_memory_but_not_the_store(tables, clock):
    room, _ = tables.open("classic", None, "a")
    clock.now += tables.settings.unload_after + 1
    assert tables.unload() == [room.code]
    assert tables.rooms == {}
    assert tables.find(room.record.code).record == room.record


def test_past_the_rooms_in_memory_the_idlest_unconnected_leave_first(tmp_path, clock, loop):
    tables = registry(tmp_path / "tables.sqlite3", clock, loop, Settings(rooms_in_memory=2))
    rooms = []
    for n in range(4):
        rooms.append(tables.open("classic", None, f"ip{n}")[0])
        clock.now += 1
    rooms[0].connect(0, clock())  # connected: never unloaded, however idle
    assert tables.unload() == [rooms[1].code, rooms[2].code]
    assert set(tables.rooms) == {rooms[0].code, rooms[3].code}
    tables.storage.close()


def test_tick_hands_overdue_seats_to_the_computer(tables, clock):
    room, _ = tables.open("classic", None, "a")
    tables.join(room.record.code, "b")
    room.connect(0, clock())
    assert tables.tick() == []
    clock.now += tables.settings.grace
    assert tables.tick() == [room]
    assert room.seat_state(1)["computer"]


def test_a_write_that_fails_is_rolled_back_logged_once_and_answered(tables, clock, caplog):
    room, _ = tables.open("classic", None, "a")
    tables.join(room.code, "b")
    room.connect(0, clock())
    room.connect(1, clock())
    tables.commit(room)
    before = room.table.to_log()
    other = sqlite3.connect(tables.storage.store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # a backup holds the lock
    room.act(room.match.current_player, room.match.legal_actions()[0].to_dict(), clock())
    with pytest.raises(RoomError) as refused:
        tables.commit(room)
    assert refused.value.reason == "storage"
    assert room.table.to_log() == before and room.pending() is None
    lines = [r.getMessage() for r in caplog.records if r.name == "server"]
    assert len(lines) == 1 and "a change was not saved (database is locked)" in lines[0]
    other.execute("ROLLBACK")
    assert stored(tables, room.code).log == before
