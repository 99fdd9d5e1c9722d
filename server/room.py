"""One table: the match, who holds each seat, the computer taking over, a new game by consent.

Pure logic over a Store and a clock value passed in (`now`, seconds since the epoch), so tests
drive it with a fake clock. Every change is written to the store before the method returns.
"""

import secrets

from game.actions import Action
from game.ai import make_player
from game.errors import IllegalAction
from game.match import Match
from game.rules import Rules
from server.codes import key_hash, key_matches, new_key
from server.store import Record


class RoomError(Exception):
    """A request refused with a reason code (the page words it); nothing was changed."""

    def __init__(self, reason, **details):
        super().__init__(reason)
        self.reason = reason
        self.details = details


def new_seed():
    return secrets.randbits(32)


class Room:
    def __init__(self, record, store, now, grace):
        self.record = record
        self.store = store
        self.grace = grace  # seconds a disconnected player keeps their seat from the computer
        self.match = replay(record)
        self.connections = [0, 0]  # open connections per seat
        self.away_since = [now, now]  # when each seat's last connection closed (or loading)
        self.computers = [None, None]  # the computer player of a taken-over seat
        self.version = 0  # bumped on every change a seat can see

    @classmethod
    def open(cls, code, rules, level, store, now, grace):
        """A new table with seat 0 taken; returns (room, key of seat 0)."""
        key = new_key()
        seats = [{"key_hash": key_hash(key), "computer": False},
                 {"key_hash": None, "computer": False}]
        record = Record(code, rules.to_dict(), level, new_seed(), seats, None, now, now)
        store.insert(record)
        return cls(record, store, now, grace), key

    # --- seats ----------------------------------------------------------------------------

    def seat_of(self, key):
        """The seat this key opens, or None."""
        for seat in (0, 1):
            if key_matches(key, self.record.seats[seat]["key_hash"]):
                return seat
        return None

    def join(self, now):
        """Take the free seat; returns (seat, key). A full table raises table_full."""
        seats = self.record.seats
        if seats[1]["key_hash"] is not None:
            raise RoomError("table_full")
        key = new_key()
        seats[1]["key_hash"] = key_hash(key)
        self.away_since[1] = now
        self._changed(now)
        return 1, key

    @property
    def full(self):
        return self.record.seats[1]["key_hash"] is not None

    def connect(self, seat, now):
        """A player's connection opened: they play their seat again (the computer stops)."""
        self.connections[seat] += 1
        self.record.seats[seat]["computer"] = False
        self.computers[seat] = None
        self._changed(now, self._play_computers())

    def disconnect(self, seat, now):
        self.connections[seat] -= 1
        if self.connections[seat] == 0:
            self.away_since[seat] = now
        self.version += 1

    def tick(self, now):
        """Hand the seats away longer than the grace period to the computer; True if changed."""
        taken = False
        for seat in (0, 1):
            if self._overdue(seat, now):
                self.record.seats[seat]["computer"] = True
                taken = True
        if not taken:
            return False
        self._changed(now, self._play_computers())
        return True

    def deadline(self):
        """When the next takeover is due (None: no seat is waiting for one)."""
        due = [self.away_since[seat] + self.grace for seat in (0, 1) if self._waiting(seat)]
        return min(due) if due else None

    def _waiting(self, seat):
        entry = self.record.seats[seat]
        return entry["key_hash"] is not None and not entry["computer"] and self.connections[seat] == 0

    def _overdue(self, seat, now):
        return self._waiting(seat) and now - self.away_since[seat] >= self.grace

    def seat_state(self, seat):
        entry = self.record.seats[seat]
        return {"joined": entry["key_hash"] is not None, "connected": self.connections[seat] > 0,
                "computer": entry["computer"]}

    # --- play -------------------------------------------------------------------------------

    def act(self, seat, data, now):
        """Play an action dict for `seat`; RoomError (with the engine's reason) changes nothing."""
        if not self.full:
            raise RoomError("no_opponent")
        try:
            action = Action.from_dict(data)
        except (ValueError, TypeError, AttributeError) as exc:
            raise RoomError("malformed_action", message=str(exc)) from None
        player = self.match.current_player
        if player is not None and player != seat:
            raise RoomError("not_your_turn")
        try:
            self.match.apply(action)
        except IllegalAction as exc:
            raise RoomError("illegal_action", rule=exc.reason, message=str(exc),
                            details=_plain(exc.details)) from None
        first = len(self.record.actions)
        self.record.actions.append(action.to_dict())
        self._play_computers()
        self._changed(now, first)

    def _play_computers(self):
        """Let the computer move for taken-over seats while a human is there to play against.

        Returns the index of the first new action in the log, or None if it played nothing.
        Between hands the player who is there deals the next one, when they are ready.
        """
        first = None
        while True:
            player = self.match.current_player
            if player is None or not self.record.seats[player]["computer"]:
                return first
            if self.connections[1 - player] == 0:
                return first
            if self.computers[player] is None:
                self.computers[player] = make_player(self.record.level, secrets.randbits(32))
            action = self.computers[player].choose(self.match.view(player))
            self.match.apply(action)
            if first is None:
                first = len(self.record.actions)
            self.record.actions.append(action.to_dict())

    # --- a new game by consent --------------------------------------------------------------

    def new_game(self, seat, accept, now):
        """Offer, accept, refuse or withdraw a new game. Both players must accept."""
        record = self.record
        if not accept:
            if record.restart_by is None:
                raise RoomError("no_offer")
            record.restart_by = None
            self._changed(now)
            return
        if record.restart_by is None or record.restart_by == seat:
            record.restart_by = seat
            self._changed(now)
            return
        record.restart_by = None
        record.seed = new_seed()
        record.actions = []
        self.match = replay(record)
        self._changed(now, 0)

    # --- storage ----------------------------------------------------------------------------

    def _changed(self, now, first_new_action=None):
        self.record.active = now
        self.version += 1
        self.store.save(self.record, first_new_action)


def replay(record):
    """The match of a stored table: dealt from the seed, every logged action replayed."""
    match = Match.new(record.seed, Rules.from_dict(record.rules))
    for data in record.actions:
        match.apply(Action.from_dict(data))
    return match


def _plain(value):
    # An engine reason's details may hold cards (or lists of them): the page receives codes.
    if isinstance(value, dict):
        return {name: _plain(item) for name, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return getattr(value, "code", value)
