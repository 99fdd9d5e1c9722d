"""Time that cannot lie: the server's clock follows small steps of the system clock at once,
a step of more than a day only once it has held for a day, and the expiry deletes nothing
meanwhile; tried both ways on fake time, on the clock alone and on a registry of tables."""

import pytest

from server.clock import DAY, Clock
from server.room import RoomError
from tests.server.helpers import FakeTime, registry, stored


def test_the_server_time_is_the_wall_clock_advanced_by_the_monotonic_one():
    time = FakeTime(wall=1_000_000.0, mono=5.0)
    assert time() == 1_000_000.0
    time.mono_now += 30
    assert time() == 1_000_030.0  # whatever the wall clock says until the next check
    time.wall_now += 30
    assert time.check() == 0.0 and time.settled


@pytest.mark.parametrize("step", [-120.0, 45.0, 2 * 3600.0, -(DAY - 1)])
def test_a_step_of_up_to_a_day_is_followed_at_once(step, caplog):
    time = FakeTime()
    time.wall_now += step
    assert time.check() == step
    assert time() == time.wall_now and time.settled
    assert ("clock: the system clock moved by" in caplog.text) == (abs(step) > 60)


@pytest.mark.parametrize("step", [8 * DAY, -8 * DAY, 400 * DAY])
def test_a_step_of_more_than_a_day_is_followed_only_once_it_has_held_a_day(step, caplog):
    time = FakeTime()
    before = time()
    time.wall_now += step
    assert time.check() == 0.0 and not time.settled
    assert time() == before  # the server keeps its own time
    assert "removes no table, until the step has held for a day" in caplog.text
    time.now += DAY - 1  # time passes, both clocks together
    assert time.check() == 0.0 and not time.settled
    time.now += 1
    assert time.check() == pytest.approx(step) and time.settled
    assert time() == pytest.approx(time.wall_now)
    assert caplog.text.count("clock:") == 2  # seen, then followed: one line each


def test_a_step_taken_back_is_never_followed():
    time = FakeTime()
    time.wall_now += 8 * DAY
    time.check()
    time.now += 3
    time.wall_now -= 8 * DAY  # back (the D3 case: +8 d for three seconds)
    assert time.check() == pytest.approx(0.0) and time.settled
    time.now += 2 * DAY
    assert time.check() == pytest.approx(0.0)


def test_a_step_that_moves_again_waits_a_day_again():
    time = FakeTime()
    time.wall_now += 8 * DAY
    time.check()
    time.now += DAY / 2
    time.wall_now += DAY  # another step: its own day starts
    assert time.check() == 0.0
    time.now += DAY / 2 + 1
    assert time.check() == 0.0 and not time.settled
    time.now += DAY / 2
    assert time.check() == pytest.approx(9 * DAY)


def test_the_system_clocks_are_the_default():
    clock = Clock()
    assert abs(clock() - __import__("time").time()) < 5


# --- the tables -------------------------------------------------------------------------------


def played(tables, clock):
    """Three tables: one played a move, one joined, one only opened."""
    room, _ = tables.open("classic", None, "a")
    tables.join(room.code, "b")
    room.connect(0, clock())
    room.connect(1, clock())
    room.act(room.match.current_player, room.match.legal_actions()[0].to_dict(), clock())
    tables.commit(room)
    room.disconnect(0, clock())
    room.disconnect(1, clock())
    joined, _ = tables.open("classic", None, "a")
    tables.join(joined.code, "c")
    alone, _ = tables.open("classic", None, "a")
    return [room.code, joined.code, alone.code]


def test_a_clock_set_eight_days_forward_deletes_no_table(tables, clock, caplog):
    codes = played(tables, clock)
    clock.wall_now += 8 * DAY  # the D3 probe: libfaketime +8d
    assert clock.check() == 0.0
    assert tables.expire() == []
    tables.rooms.clear()
    for code in codes:
        assert tables.find(code) is not None and stored(tables, code) is not None
    clock.wall_now -= 8 * DAY  # set back: nothing was lost, nothing to follow
    clock.check()
    assert tables.expire() == [] and all(tables.find(code) for code in codes)


def test_a_step_forward_that_holds_moves_the_stored_activity_with_it(tables, clock):
    codes = played(tables, clock)
    before = {code: stored(tables, code).active for code in codes}
    clock.wall_now += 8 * DAY
    clock.check()
    clock.now += DAY  # the step held for a day: it is followed
    step = clock.check()
    assert step == pytest.approx(8 * DAY)
    tables.clock_moved(step)
    # Each table is as idle as it really is (a day), so none is removed ...
    assert tables.expire() == []
    assert {code: stored(tables, code).active for code in codes} == \
        {code: pytest.approx(active + 8 * DAY) for code, active in before.items()}
    # ... until it has been idle for the expiry by time that passed.
    clock.now += 6 * DAY + 1
    assert sorted(tables.expire()) == sorted(codes)


def test_a_clock_set_back_eight_days_keeps_every_table_and_keeps_playing(tables, clock):
    codes = played(tables, clock)
    clock.wall_now -= 8 * DAY
    clock.check()
    clock.now += DAY
    step = clock.check()
    assert step == pytest.approx(-8 * DAY)
    tables.clock_moved(step)
    assert tables.expire() == []
    clock.now += 7 * DAY  # idle a week by the clock that came back: they look newer, kept longer
    assert tables.expire() == []
    clock.now += 8 * DAY
    assert sorted(tables.expire()) == sorted(codes)


def test_a_clock_set_back_does_not_freeze_the_rate_limits(tables, clock):
    burst = tables.settings.opens_burst
    for _ in range(burst):
        tables.open("classic", None, "a")
    clock.wall_now -= 120  # a step back: the buckets measure time that passed, not the wall
    clock.check()
    clock.now += 60.0 / tables.settings.opens_per_minute
    tables.open("classic", None, "a")
    with pytest.raises(RoomError):
        tables.open("classic", None, "a")


def test_a_grace_period_does_not_jump_with_the_clock(tables, clock):
    room, _ = tables.open("classic", None, "a")
    tables.join(room.code, "b")
    room.connect(0, clock())
    clock.wall_now += 2 * 3600  # followed at once, and the rooms move with it
    tables.clock_moved(clock.check())
    assert tables.tick() == []  # seat 1 is not overdue: two seconds of grace have not passed
    clock.now += tables.settings.grace
    assert tables.tick() == [room]


def test_a_start_far_from_the_stored_activity_deletes_nothing_for_a_day(tmp_path, clock, loop, caplog):
    first = registry(tmp_path / "tables.sqlite3", clock, loop)
    codes = played(first, clock)
    first.storage.close()
    later = FakeTime(wall=clock.wall_now + 8 * DAY)  # restarted with the clock 8 days on
    again = registry(tmp_path / "tables.sqlite3", later, loop)
    assert "no table is removed before a day of running" in caplog.text
    assert again.expire() == []
    later.now += DAY
    assert sorted(again.expire()) == sorted(codes)  # time has confirmed it: a long stop
    again.storage.close()
