"""Every table of the server: open, join, find (loaded from the store on first use), commit,
takeovers and expiry.

The rooms are plain logic (server/room.py); here they meet the store, through `Storage` (off
the event loop), and asyncio: each room has a lock held from a change to its stored write, so
no view is built from a change that was not stored, and a failed write is rolled back before
anyone sees it. The clock is a function passed in, so tests run it with a fake one.
"""

import asyncio
import logging
from dataclasses import dataclass

from game.ai import LEVELS
from game.errors import CorruptSave
from game.rules import PRESETS, Rules
from game.wire import normalize
from server.codes import new_code
from server.limits import PerKey
from server.room import Room, RoomError
from server.store import StoreError, Unreadable

DAY = 86400.0
log = logging.getLogger("server")


@dataclass(frozen=True)
class Settings:
    grace: float = 60.0  # seconds before the computer plays for a player who left
    level: str = "medium"  # the computer level, when the table's opener chooses none
    expiry: float = 7 * DAY  # tables idle this long are removed
    unload_after: float = 600.0  # an idle table without connections leaves memory (not the store)
    opens_per_minute: float = 10.0  # per IP, with a burst of `opens_burst`
    opens_burst: int = 20
    joins_per_minute: float = 30.0  # per IP: joins and refused connections (unknown codes, bad keys)
    joins_burst: int = 30
    # Connects (sockets that open a seat): each is a view to the other seat; per seat (a
    # reload, a flaky network's reconnections) and per address (a school opening its seats).
    connects_per_seat_per_minute: float = 10.0
    connects_per_seat_burst: int = 10
    connects_per_ip_per_minute: float = 200.0
    connects_per_ip_burst: int = 200
    messages_per_second: float = 20.0  # per connection, with a burst of `messages_burst`
    messages_burst: int = 40
    # All the connections of one address together: a page sends a ping every 10 s and a few
    # moves a minute, so 200 players behind one address send about 40 a second; 160 sockets
    # flooding at 20 each (3,200 a second) slowed every honest player's moves.
    messages_per_ip_per_second: float = 200.0
    messages_per_ip_burst: int = 400
    refused_in_a_row: int = 20  # messages refused for their rate before the connection is closed
    sockets_per_seat: int = 4  # a phone, a laptop, a reload whose old socket is still closing
    sockets_per_ip: int = 200  # a school or an office behind one address
    sockets_in_all: int = 10_000  # lowered at start to what the process's file limit allows
    # TCP connections (HTTP and WebSockets) of one address at once, and how long a connection
    # may take to send a request's headers and to be answered (server/guard.py).
    connections_per_ip: int = 256
    header_timeout: float = 10.0
    request_timeout: float = 300.0
    rooms_in_memory: int = 20_000  # past this, idle rooms without a connection are unloaded
    removals_per_sweep: int = 1000  # tables the hourly expiry removes at most
    code_prefix: str = ""  # every code this process opens starts so (one shard of several)


class Tables:
    def __init__(self, storage, clock, settings=Settings(), randomness=None):
        self.storage = storage
        self.randomness = randomness  # None: the system's (server.deals.Randomness)
        self.clock = clock
        self.settings = settings
        self.rooms = {}
        self.loading = {}  # code -> lock of a load in progress (two loads would make two rooms)
        self.opens = PerKey(settings.opens_per_minute / 60.0, settings.opens_burst)
        self.joins = PerKey(settings.joins_per_minute / 60.0, settings.joins_burst)
        self.seat_connects = PerKey(settings.connects_per_seat_per_minute / 60.0,
                                    settings.connects_per_seat_burst)
        self.ip_connects = PerKey(settings.connects_per_ip_per_minute / 60.0,
                                  settings.connects_per_ip_burst)
        self.ip_messages = PerKey(settings.messages_per_ip_per_second, settings.messages_per_ip_burst)
        self.first_expiry = True

    async def open(self, rules_name, level, ip):
        """A new table; returns (room, key of seat 0). RoomError on bad input or too many."""
        if not isinstance(rules_name, str) or rules_name not in PRESETS:
            raise RoomError("no_such_rules", choices=list(PRESETS))
        level = self.settings.level if level is None else level
        if not isinstance(level, str) or level not in LEVELS:
            raise RoomError("no_such_level", choices=list(LEVELS))
        now = self.clock()
        if not self.opens.take(ip, self.clock.monotonic()):
            raise RoomError("too_many_tables")
        while True:
            code = new_code(self.settings.code_prefix)
            room, key = Room.open(code, Rules.preset(rules_name), level, now, self.settings.grace,
                                  self.randomness)
            try:
                if await self.storage("insert", room.record):
                    break
            except StoreError as exc:
                log.warning("storage: a new table could not be stored (%s): nothing was opened", exc)
                raise RoomError("storage") from None
        self._keep(room)
        return room, key

    def guess_allowed(self, ip):
        """Whether `ip` may still be refused a join or a connection (unknown code, wrong key)."""
        return self.joins.has(ip, self.clock.monotonic())

    def may_connect(self, ip, room, seat):
        """Whether a socket of `ip` may open this seat now (then it counts): connects are
        rate-limited per seat and per address, like messages, so reconnecting in a loop cannot
        flood the other seat with views."""
        now, key = self.clock.monotonic(), (room.code, seat)
        if not (self.seat_connects.has(key, now) and self.ip_connects.has(ip, now)):
            return False
        self.seat_connects.take(key, now)
        self.ip_connects.take(ip, now)
        return True

    def refused(self, ip):
        """Count a refused join or connection of `ip` against its guesses."""
        self.joins.take(ip, self.clock.monotonic())

    async def join(self, text, ip):
        """Take the free seat of a table; returns (room, seat, key)."""
        if not self.guess_allowed(ip):
            raise RoomError("too_many_requests")
        room = await self.find(text)
        if room is None:
            self.refused(ip)
            raise RoomError("no_such_table")
        async with room.lock:
            try:
                seat, key = room.join(self.clock())
            except RoomError:
                self.refused(ip)
                raise
            await self.commit(room)
        return room, seat, key

    async def find(self, text):
        """The table with this code (as typed), loaded from the store on first use; None if
        unknown. A stored table that cannot be replayed raises table_unreadable (it is set
        aside for an operator: docs/online.md)."""
        code = normalize(text)
        if code is None:
            return None
        room = self.rooms.get(code)
        if room is not None:
            return room
        lock = self.loading.setdefault(code, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(code)
                if room is None:
                    room = await self._load(code)
            return room
        finally:
            if not lock.locked():
                self.loading.pop(code, None)

    async def _load(self, code):
        try:
            record = await self.storage("load", code)
            if record is None:
                if await self.storage("is_set_aside", code):
                    raise RoomError("table_unreadable")
                return None
            room = Room(record, self.clock(), self.settings.grace, self.randomness)
        except (Unreadable, CorruptSave, ValueError, TypeError, KeyError) as exc:
            await self._set_aside(code, str(exc))
            raise RoomError("table_unreadable") from None
        except StoreError as exc:
            log.warning("storage: table %s could not be read (%s)", code, exc)
            raise RoomError("storage") from None
        self._keep(room)
        return room

    async def _set_aside(self, code, reason):
        log.warning("table %s cannot be replayed (%s): set aside in broken_tables", code, reason)
        try:
            await self.storage("set_aside", code, reason, self.clock())
        except StoreError as exc:
            log.warning("storage: table %s could not be set aside (%s)", code, exc)

    def _keep(self, room):
        room.lock = asyncio.Lock()
        self.rooms[room.code] = room

    async def commit(self, room):
        """Store the room's changes (its lock is held); a failed write is rolled back, logged
        in one line, and raises RoomError("storage"): nothing changed for either seat."""
        record = room.pending()
        if record is None:
            return
        try:
            await self.storage.save(record)
        except StoreError as exc:
            room.rollback()
            log.warning("storage: table %s: a change was not saved (%s); the table is as it was",
                        room.code, exc)
            raise RoomError("storage") from None
        room.committed(record)

    async def tick(self):
        """Run the takeovers that are due; returns the rooms that changed."""
        now = self.clock()
        changed = []
        for room in list(self.rooms.values()):
            due = room.deadline()
            if due is None or due > now:
                continue
            async with room.lock:
                if not room.tick(now):
                    continue
                try:
                    await self.commit(room)
                except RoomError:
                    continue  # rolled back: due again at the next tick
            changed.append(room)
        return changed

    def unload(self):
        """Rooms idle for `unload_after` with nobody connected leave memory (not the store);
        past `rooms_in_memory`, the longest idle of those without a connection go first.
        Called every minute. Returns the codes unloaded."""
        now = self.clock()
        idle = sorted((room.active, code) for code, room in self.rooms.items()
                      if not any(room.connections) and not room.lock.locked())
        over = len(self.rooms) - self.settings.rooms_in_memory
        gone = [code for n, (active, code) in enumerate(idle)
                if n < over or now - active > self.settings.unload_after]
        for code in gone:
            del self.rooms[code]
        mono = self.clock.monotonic()
        for buckets in (self.opens, self.joins, self.seat_connects, self.ip_connects, self.ip_messages):
            buckets.forget_full(mono)
        return gone

    async def expire(self):
        """Remove the tables idle longer than the expiry, from the store and memory, at most
        `removals_per_sweep` at a time, with one log line; never one with a player connected,
        and none while the clock is not settled (server.clock). Returns the removed codes."""
        if self.first_expiry:
            self.first_expiry = False
            newest = await self.storage("newest_activity")
            if newest is not None and abs(self.clock() - newest) > DAY:
                self.clock.hold("the newest stored activity is %.1f days from the system clock"
                                % ((self.clock() - newest) / DAY))
        if not self.clock.settled:
            return []
        before = self.clock() - self.settings.expiry
        limit = self.settings.removals_per_sweep
        idle = [code for code in await self.storage("idle", before, limit + len(self.rooms))
                if code not in self.rooms or not any(self.rooms[code].connections)][:limit]
        if not idle:
            return []
        await self.storage("delete", idle)
        for code in idle:
            self.rooms.pop(code, None)
        log.warning("expiry: removed %d table%s idle for over %g days (%s%s)", len(idle),
                    "" if len(idle) == 1 else "s", self.settings.expiry / DAY, " ".join(idle[:10]),
                    " ..." if len(idle) > 10 else "")
        return idle

    async def clock_moved(self, step):
        """The server's time followed a step of the system clock (server.clock): what is held
        in server time moves with it, so no interval (a grace period, an idle time) jumps; a
        confirmed step forward of more than a day moves the stored activity too."""
        for room in self.rooms.values():
            room.moved(step)
        if step > DAY:
            await self.storage("shift_activity", step, self.clock() - step)
