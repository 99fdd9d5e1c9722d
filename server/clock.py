"""The server's time, which a clock set by hand, NTP or a virtual machine's resume cannot make lie.

Two readings, for two needs:

- `monotonic()` measures intervals: the rate buckets (messages, connects, opens, guesses). It
  cannot be set, so a clock put back two minutes no longer freezes every socket for two minutes.
- `now()` (calling the clock) is what is stored with a table (its creation, its last activity)
  and what the expiry compares with it: seconds since the epoch, the wall clock read at start
  and advanced by the monotonic clock since. The wall clock is followed at once when it moves
  by up to a day relative to it (NTP, a suspended machine; a line is logged past a minute). A
  step of more than a day, either way, is not followed until it has held for a day of
  monotonic time: meanwhile the expiry deletes nothing (`settled`). A confirmed step forward is
  then applied to the stored activity too (`Tables.clock_moved`), so no table looks idler than
  it is because the clock moved; a step back leaves tables looking newer (kept longer).

`check()` is called by the server's timers every second; tests drive both readings by hand.
"""

import logging
import time

DAY = 86400.0
LOGGED_STEP = 60.0  # a step of the wall clock worth a log line
CONFIRM = DAY  # how long a step of more than a day must hold before it is followed
log = logging.getLogger("server")


class Clock:
    def __init__(self, wall=time.time, monotonic=time.monotonic):
        self.wall = wall
        self.monotonic = monotonic
        self.offset = wall() - monotonic()  # server time = monotonic + offset
        self.step = None  # (size, since: monotonic) of a step of over a day not followed yet
        self.held_until = None  # monotonic time before which the expiry deletes nothing

    def __call__(self):
        return self.monotonic() + self.offset

    def check(self):
        """Compare with the wall clock; returns the step followed now (0.0: none), which the
        caller applies to what it holds in server time."""
        mono = self.monotonic()
        step = self.wall() - (mono + self.offset)
        if abs(step) <= DAY:
            if self.step is not None:
                log.warning("clock: the system clock is back within a day of the server's time "
                            "(%s); nothing was followed", _span(step))
                self.step = None
            if abs(step) > LOGGED_STEP:
                log.warning("clock: the system clock moved by %s; the server follows it", _span(step))
            self.offset += step
            return step
        if self.step is None or abs(step - self.step[0]) > LOGGED_STEP:
            log.warning("clock: the system clock moved by %s; the server keeps its own time, and "
                        "removes no table, until the step has held for a day", _span(step))
            self.step = (step, mono)
            return 0.0
        if mono - self.step[1] < CONFIRM:
            return 0.0
        log.warning("clock: the system clock's step of %s has held for a day; the server follows it",
                    _span(step))
        self.step = None
        self.offset += step
        return step

    def hold(self, reason):
        """Delete nothing for the next day of running (a start whose stored activity is more
        than a day from the wall clock: a long stop, or a clock set wrong)."""
        self.held_until = self.monotonic() + CONFIRM
        log.warning("clock: %s; no table is removed before a day of running", reason)

    @property
    def settled(self):
        """Whether the expiry may delete: no step of over a day is waiting, no hold."""
        if self.held_until is not None and self.monotonic() >= self.held_until:
            self.held_until = None
        return self.step is None and self.held_until is None


def _span(seconds):
    """`+8 d 0 h`, `-2 min 0 s`: a step as a person reads it."""
    sign = "+" if seconds >= 0 else "-"
    seconds = abs(seconds)
    if seconds >= DAY:
        return f"{sign}{int(seconds // DAY)} d {int(seconds % DAY // 3600)} h"
    if seconds >= 3600:
        return f"{sign}{int(seconds // 3600)} h {int(seconds % 3600 // 60)} min"
    return f"{sign}{int(seconds // 60)} min {int(seconds % 60)} s"
