"""Every table of the server: open, join, find (loaded from the store on first use), expire.

No asyncio here: the clock is a function passed in, so tests run it with a fake one.
"""

from dataclasses import dataclass

from game.ai import LEVELS
from game.rules import PRESETS, Rules
from server.codes import new_code, normalize
from server.limits import PerKey
from server.room import Room, RoomError

DAY = 86400.0


@dataclass(frozen=True)
class Settings:
    grace: float = 60.0  # seconds before the computer plays for a player who left
    level: str = "medium"  # the computer level, when the table's opener chooses none
    expiry: float = 7 * DAY  # tables idle this long are removed
    unload_after: float = 600.0  # an idle table without connections leaves memory (not the store)
    opens_per_minute: float = 10.0  # per IP, with a burst of `opens_burst`
    opens_burst: int = 20
    joins_per_minute: float = 30.0  # per IP, counting unknown codes: slows guessing
    joins_burst: int = 30
    messages_per_second: float = 20.0  # per connection, with a burst of `messages_burst`
    messages_burst: int = 40
    code_prefix: str = ""  # every code this process opens starts so (one shard of several)


class Tables:
    def __init__(self, store, clock, settings=Settings()):
        self.store = store
        self.clock = clock
        self.settings = settings
        self.rooms = {}
        self.opens = PerKey(settings.opens_per_minute / 60.0, settings.opens_burst)
        self.joins = PerKey(settings.joins_per_minute / 60.0, settings.joins_burst)

    def open(self, rules_name, level, ip):
        """A new table; returns (room, key of seat 0). RoomError on bad input or too many."""
        if rules_name not in PRESETS:
            raise RoomError("no_such_rules", choices=list(PRESETS))
        level = self.settings.level if level is None else level
        if level not in LEVELS:
            raise RoomError("no_such_level", choices=list(LEVELS))
        now = self.clock()
        if not self.opens.take(ip, now):
            raise RoomError("too_many_tables")
        code = new_code(self.settings.code_prefix)
        while self.store.exists(code):
            code = new_code(self.settings.code_prefix)
        room, key = Room.open(code, Rules.preset(rules_name), level, self.store, now, self.settings.grace)
        self.rooms[code] = room
        return room, key

    def join(self, text, ip):
        """Take the free seat of a table; returns (room, seat, key)."""
        now = self.clock()
        if not self.joins.take(ip, now):
            raise RoomError("too_many_requests")
        room = self.find(text)
        if room is None:
            raise RoomError("no_such_table")
        seat, key = room.join(now)
        return room, seat, key

    def find(self, text):
        """The table with this code (as typed), loading it from the store; None if unknown."""
        code = normalize(text)
        if code is None:
            return None
        room = self.rooms.get(code)
        if room is None:
            record = self.store.load(code)
            if record is None:
                return None
            room = self.rooms[code] = Room(record, self.store, self.clock(), self.settings.grace)
        return room

    def tick(self):
        """Run the takeovers that are due; returns the rooms that changed."""
        now = self.clock()
        changed = []
        for room in list(self.rooms.values()):
            due = room.deadline()
            if due is not None and due <= now and room.tick(now):
                changed.append(room)
        return changed

    def sweep(self):
        """Remove the tables idle longer than the expiry (store and memory); unload idle rooms.

        A table with a player connected is never removed. Returns the removed codes.
        """
        now = self.clock()
        idle = [code for code in self.store.idle(now - self.settings.expiry)
                if code not in self.rooms or not any(self.rooms[code].connections)]
        self.store.delete(idle)
        for code in idle:
            self.rooms.pop(code, None)
        for code, room in list(self.rooms.items()):
            if not any(room.connections) and now - room.record.active > self.settings.unload_after:
                del self.rooms[code]
        self.opens.forget_full(now)
        self.joins.forget_full(now)
        return idle
