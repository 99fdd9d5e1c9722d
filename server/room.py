"""One table on the server: the game's `Table` and what only the server knows about it.

The match, the turn rule, the computer's stepping and each connection's place in the events
are `game.table`'s; a room adds the seat keys, who is connected, the computer taking over a
seat whose player is away, a new game by consent, and what was last stored. Every change is
made in memory and then written whole (`pending` / `committed`); a write that fails is undone
(`rollback`), so neither seat ever sees a change that was not stored.

Pure logic over a clock value passed in (`now`, seconds since the epoch): no I/O, no asyncio,
so tests drive it with a fake clock and a plain Store.
"""

import server.deals
from game.actions import Action
from game.ai import make_player
from game.errors import IllegalAction
from game.match import Match
from game.table import HUMAN, Table
from server.codes import key_hash, key_matches, new_key
from server.deals import SecretDeals
from server.store import Record

ACTIVE_EVERY = 3600.0  # seconds: a connection alone stores the table's activity at most this often


class RoomError(Exception):
    """A request refused with a reason code (the page words it); nothing was changed."""

    def __init__(self, reason, **details):
        super().__init__(reason)
        self.reason = reason
        self.details = details


class Room:
    def __init__(self, record, now, grace, randomness=None):
        self.record = record  # the table as last stored
        self.grace = grace  # seconds a disconnected player keeps their seat from the computer
        # Deal secrets and computer seeds (server.deals.Randomness): the system's by default.
        self.randomness = randomness or server.deals.SYSTEM
        self.table = Table.from_log(record.log, _seats(record), self._computer, _deals(record.secret))
        self.stored = self.table.mark(record.log)  # what a failed write goes back to
        self.secret = record.secret  # of the game being played (a new game brings a new one)
        self.seats = [dict(seat) for seat in record.seats]  # key hashes and takeovers, live
        self.restart_by = record.restart_by
        self.away = [None if a is None else dict(a) for a in record.away]
        self.active = record.active
        self.connections = [0, 0]  # open connections per seat
        self.away_since = [now, now]  # when each seat's last connection closed (or loading)
        self.version = 0  # bumped on every change a seat can see
        self.dirty = False  # changed in memory since the last write

    @classmethod
    def open(cls, code, rules, level, now, grace, randomness=None):
        """A new table with seat 0 taken, not stored yet; returns (room, key of seat 0)."""
        key = new_key()
        seats = [{"key_hash": key_hash(key), "computer": False},
                 {"key_hash": None, "computer": False}]
        randomness = randomness or server.deals.SYSTEM
        secret = randomness.deal_secret()
        log = Match.dealt(SecretDeals(secret), rules).to_dict()
        record = Record(code, level, seats, None, now, now, log, secret)
        return cls(record, now, grace, randomness), key

    def _computer(self, level, seat):
        """The computer player for a seat taken over; its own choices owe nothing to the deal."""
        return make_player(level, self.randomness.player_seed())

    @property
    def code(self):
        return self.record.code

    @property
    def match(self):
        return self.table.match

    # --- storing -----------------------------------------------------------------------------

    def pending(self):
        """The record to write for the changes made in memory, or None when there are none."""
        if not self.dirty:
            return None
        return Record(self.record.code, self.record.level, [dict(seat) for seat in self.seats],
                      self.restart_by, self.record.created, self.active, self.table.to_log(),
                      self.secret, [None if a is None else dict(a) for a in self.away])

    def committed(self, record):
        """`record` (from `pending`) is stored: it is what a failed write goes back to."""
        self.record = record
        self.stored = self.table.mark(record.log)
        self.dirty = False

    def rollback(self):
        """The write of the changes made since the last commit failed: they are undone, in the
        match (back to the stored log) and around it."""
        record = self.record
        self.table.back_to(self.stored)
        self.secret = record.secret
        self.seats = [dict(seat) for seat in record.seats]
        for seat in (0, 1):
            self.table.set_seat(seat, _who(record, seat))
        self.restart_by = record.restart_by
        self.away = [None if a is None else dict(a) for a in record.away]
        self.active = record.active
        self.version += 1
        self.dirty = False

    def _changed(self, now):
        self.active = now
        self.version += 1
        self.dirty = True

    # --- seats -----------------------------------------------------------------------------

    def seat_of(self, key):
        """The seat this key opens, or None."""
        for seat in (0, 1):
            if key_matches(key, self.seats[seat]["key_hash"]):
                return seat
        return None

    def join(self, now):
        """Take a free seat; returns (seat, key). A full table raises table_full."""
        free = [seat for seat in (0, 1) if self.seats[seat]["key_hash"] is None]
        if not free:
            raise RoomError("table_full")
        seat = free[0]
        key = new_key()
        self.seats[seat] = {"key_hash": key_hash(key), "computer": False}
        self.table.set_seat(seat, HUMAN)
        self.away_since[seat] = now
        self._changed(now)
        return seat, key

    @property
    def full(self):
        """Both seats are played: joined, or given up and played by the computer."""
        return all(entry["key_hash"] is not None or entry["computer"] for entry in self.seats)

    def connect(self, seat, now):
        """A player's connection opened: they play their seat again (the computer stops).
        Returns what the computer played for them meanwhile (None: nothing).

        Only what changes is paid for: the other seat is sent a view when this seat's
        presence changes (its first connection), and a write is made when something stored
        changes (the seat handed back, the computer's moves, or an hour since the last
        activity stored): a client reconnecting in a loop costs neither."""
        self.connections[seat] += 1
        away, self.away[seat] = self.away[seat], None
        handed_back = self.seats[seat]["computer"]
        if handed_back:
            self.seats[seat]["computer"] = False
            self.table.set_seat(seat, HUMAN)
        moved = self._play_computers()
        if handed_back or moved or away is not None or now - self.record.active > ACTIVE_EVERY:
            self._changed(now)
        elif self.connections[seat] == 1:
            self.version += 1
            self.active = now
        return away

    def disconnect(self, seat, now):
        self.connections[seat] -= 1
        if self.connections[seat] == 0:
            self.away_since[seat] = now
            self.version += 1

    def moved(self, step):
        """The server's time followed a step of the system clock (server.clock): the times
        held here move with it, so no grace period or idle time jumps."""
        self.away_since = [since + step for since in self.away_since]
        self.active += step

    def leave(self, seat, now):
        """The seat's player gives it up for good: the key opens nothing any more, the link's
        free seat can be taken by whoever opens it, and the computer plays it meanwhile."""
        self.seats[seat] = {"key_hash": None, "computer": True}
        self.table.set_seat(seat, self.record.level)
        self.away[seat] = None
        if self.restart_by == seat:
            self.restart_by = None
        self._play_computers()
        self._changed(now)

    def tick(self, now):
        """Hand the seats away longer than the grace period to the computer; True if changed."""
        taken = [seat for seat in (0, 1) if self._overdue(seat, now)]
        if not taken:
            return False
        for seat in taken:
            self.seats[seat]["computer"] = True
            self.table.set_seat(seat, self.record.level)
            self.away[seat] = {"moves": 0, "hands": 0}
        self._play_computers()
        self._changed(now)
        return True

    def deadline(self):
        """When the next takeover is due (None: no seat is waiting for one)."""
        due = [self.away_since[seat] + self.grace for seat in (0, 1) if self._waiting(seat)]
        return min(due) if due else None

    def _waiting(self, seat):
        entry = self.seats[seat]
        return entry["key_hash"] is not None and not entry["computer"] and self.connections[seat] == 0

    def _overdue(self, seat, now):
        return self._waiting(seat) and now - self.away_since[seat] >= self.grace

    def seat_state(self, seat):
        entry = self.seats[seat]
        return {"joined": entry["key_hash"] is not None, "connected": self.connections[seat] > 0,
                "computer": entry["computer"]}

    # --- play -------------------------------------------------------------------------------

    def act(self, seat, data, now):
        """Play an action dict for `seat`; RoomError (with the engine's reason) changes nothing."""
        if not self.full:
            raise RoomError("no_opponent")
        try:
            action = Action.from_dict(data)
        except (ValueError, TypeError, AttributeError, RecursionError) as exc:
            raise RoomError("malformed_action", message=str(exc)) from None
        try:
            self.table.act(seat, action)
        except IllegalAction as exc:
            if exc.reason == "not_your_turn":
                raise RoomError("not_your_turn") from None
            raise RoomError("illegal_action", rule=exc.reason, message=str(exc),
                            details=_plain(exc.details)) from None
        self._play_computers()
        self._changed(now)

    def undo(self, seat, now):
        """Take back the seat's discard while the other seat has not moved (`Table.undo`); the
        stored log never holds it. RoomError (illegal_action, rule nothing_to_undo) changes
        nothing: the other seat moved first, or there is no such discard."""
        try:
            self.table.undo(seat)
        except IllegalAction as exc:
            raise RoomError("illegal_action", rule=exc.reason, message=str(exc), details={}) from None
        self._changed(now)

    def _play_computers(self):
        """The computer moves for seats it plays while a person is there to play against
        (both away: the table waits). Between hands the person there deals, when ready.
        Returns whether it moved."""
        moved = False
        while True:
            seat = self.table.to_move()
            if seat is None or self.connections[1 - seat] == 0:
                return moved
            moved = True
            hand = self.table.match.hand
            self.table.step()
            if self.away[seat] is not None:
                self.away[seat]["moves"] += 1
                if self.table.match.hand is hand and hand.phase == "over":
                    self.away[seat]["hands"] += 1

    # --- a new game by consent --------------------------------------------------------------

    def new_game(self, seat, accept, now):
        """Offer, accept, refuse or withdraw a new game. Both players must accept."""
        if not accept:
            if self.restart_by is None:
                raise RoomError("no_offer")
            self.restart_by = None
            self._changed(now)
            return
        if not self.full:
            raise RoomError("no_opponent")
        if self.restart_by is None or self.restart_by == seat:
            self.restart_by = seat
            self._changed(now)
            return
        self.restart_by = None
        self.secret = self.randomness.deal_secret()
        deals = SecretDeals(self.secret)
        self.table.new_game(Match.dealt(deals, self.match.rules), deals)
        self._changed(now)


def _seats(record):
    return [_who(record, seat) for seat in (0, 1)]


def _who(record, seat):
    return record.level if record.seats[seat]["computer"] else HUMAN


def _deals(secret):
    # Tables converted from the first schema have no secret: their seed deals on until their
    # next new game (server/migrations.py).
    return None if secret is None else SecretDeals(secret)


def _plain(value):
    # An engine reason's details may hold cards (or lists of them): the page receives codes.
    if isinstance(value, dict):
        return {name: _plain(item) for name, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return getattr(value, "code", value)
