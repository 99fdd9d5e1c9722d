"""The registry: codes, joining, per-IP limits, loading from the store, the expiry sweep."""

import pytest

from server.codes import ALPHABET, LENGTH, normalize
from server.room import RoomError
from server.store import Store
from server.tables import DAY, Settings, Tables
from tests.server.test_room import Clock


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def tables(tmp_path, clock):
    store = Store(tmp_path / "tables.sqlite3")
    yield Tables(store, clock, Settings())
    store.close()


def test_codes_are_short_and_unambiguous(tables):
    codes = {tables.open("classic", None, f"ip{n}")[0].record.code for n in range(50)}
    assert len(codes) == 50
    for code in codes:
        assert len(code) == LENGTH and set(code) <= set(ALPHABET)
    assert not set("01IO") & set(ALPHABET)


def test_a_shard_opens_only_codes_of_its_prefix(tmp_path, clock):
    store = Store(tmp_path / "shard.sqlite3")
    shard = Tables(store, clock, Settings(code_prefix="K"))
    codes = [shard.open("classic", None, f"ip{n}")[0].record.code for n in range(20)]
    assert all(code[0] == "K" and normalize(code) == code for code in codes)
    assert len({code[1:] for code in codes}) == 20
    store.close()


def test_a_code_may_be_typed_loosely():
    assert normalize(" abc-def ") == "ABCDEF"
    assert normalize("ABCDE0") is None  # 0 is never in a code
    assert normalize("ABC") is None and normalize(12) is None


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


def test_a_table_is_loaded_from_the_store_when_asked_for(tables, tmp_path, clock):
    room, key = tables.open("oklahoma", "easy", "a")
    tables.join(room.record.code, "b")
    room.connect(0, clock())
    room.connect(1, clock())
    seat = room.match.current_player
    room.act(seat, room.match.legal_actions()[0].to_dict(), clock())
    again = Tables(Store(tmp_path / "tables.sqlite3"), clock)
    loaded = again.find(room.record.code)
    assert loaded is not room
    assert loaded.match.to_dict() == room.match.to_dict()
    assert loaded.seat_of(key) == 0 and loaded.record.level == "easy"
    assert again.find("ABCDEF") is None


def test_the_sweep_removes_tables_idle_for_seven_days(tables, clock):
    old, _ = tables.open("classic", None, "a")
    clock.now += 3 * DAY
    recent, _ = tables.open("classic", None, "a")
    kept, _ = tables.open("classic", None, "a")
    kept.connect(0, clock())
    clock.now += 4 * DAY + 1
    assert tables.sweep() == [old.record.code]
    assert tables.find(old.record.code) is None
    assert not tables.store.exists(old.record.code)
    assert tables.find(recent.record.code) is not None

    clock.now += 7 * DAY
    assert tables.sweep() == [recent.record.code]  # the table with a player stays
    assert tables.store.exists(kept.record.code)


def test_idle_rooms_leave_memory_but_not_the_store(tables, clock):
    room, _ = tables.open("classic", None, "a")
    clock.now += tables.settings.unload_after + 1
    assert tables.sweep() == []
    assert tables.rooms == {}
    assert tables.find(room.record.code).record == room.record


def test_tick_hands_overdue_seats_to_the_computer(tables, clock):
    room, _ = tables.open("classic", None, "a")
    tables.join(room.record.code, "b")
    room.connect(0, clock())
    assert tables.tick() == []
    clock.now += tables.settings.grace
    assert tables.tick() == [room]
    assert room.seat_state(1)["computer"]
