"""One table: a match, who plays each seat, and what each reader has been shown of it.

Every host wraps this one table: the page's own (against the computer, two people on one
device, a lesson), the server's room and the arena. It holds what they all need and no host
writes again: the turn rule and the rule between hands, the computer's stepping, each reader's
place in the match's public events, and one log (`to_log` / `from_log`) to store or restore.
Hosts keep only their own concerns (the page: pacing and saves; the server: keys, presence,
takeovers and storage).

Pure Python, CPython and Brython. The computer players come from the `players(level, seat)`
factory a host passes: this module imports none of them (the page loads them late, the server
seeds them from `secrets`, the arena from its deal numbers).
"""

from game.actions import NEXT_HAND, Action, Event
from game.errors import IllegalAction
from game.match import Match

HUMAN = "human"


class Table:
    """`seats[p]` is HUMAN or the level of the computer playing seat p."""

    def __init__(self, match, seats, players=None, deals=None):
        self.match = match
        self.deals = deals  # what deals an online table's hands (None: the match's seed)
        self.seats = list(seats)
        self.players = players
        self.games = 0  # new games dealt at this table (a reader's place is in one game)
        self._made = {}  # seat -> the computer player made for it
        self.readers = [Reader(self, 0), Reader(self, 1)]

    @classmethod
    def from_log(cls, log, seats, players=None, deals=None):
        """The table whose match `log` (a `to_log()`) holds; CorruptSave says what is wrong.
        `deals` deal the hands when they are not the log's seed (an online table's secret)."""
        return cls(_replayed(log, deals), seats, players, deals)

    def to_log(self):
        """The match as plain JSON: rules, deals, the score sheet and this hand's actions."""
        return self.match.to_dict()

    # --- who moves ---------------------------------------------------------------------------

    @property
    def turn(self):
        """The seat that must move now; None between hands and at the end."""
        return self.match.current_player

    def act(self, seat, action):
        """Play `action` for `seat` and return the public events. The engine refuses anything it
        does not list; the table adds who may act: the seat to move, and between hands a person
        (never the computer) deals the next hand. A refusal raises IllegalAction with a named
        reason and changes nothing."""
        if seat not in (0, 1) or type(seat) is not int:
            raise IllegalAction("there is no seat " + repr(seat), "no_such_seat")
        turn = self.match.current_player
        if turn is None:
            if isinstance(action, Action) and action.kind == NEXT_HAND and self.seats[seat] != HUMAN:
                raise IllegalAction("the computer does not deal the next hand", "not_your_turn")
        elif turn != seat:
            raise IllegalAction("it is not your turn", "not_your_turn")
        return self.match.apply(action)

    def undo(self, seat):
        """Take back `seat`'s discard while the other side has not moved since
        (`Match.undoable`). The match is rebuilt without it (`Match.before_last`), so a save or
        a stored log never holds it, and no statistic or hand review counts it; the card drawn
        before it stays in the hand (nothing is drawn again, nothing new is seen). Readers are
        told by one public event, "undo" (the seat, and the card back in its hand). Anything
        else raises IllegalAction ("nothing_to_undo") and changes nothing. Returns the events."""
        found = self.match.undoable()
        if type(seat) is not int or found is None or found[0] != seat:
            raise IllegalAction("there is no discard of this seat to take back", "nothing_to_undo")
        match = self.match.before_last()
        event = Event("undo", seat, found[1])
        match.events.append(event)
        self.match = match
        return [event]

    def next_hand(self):
        """The host deals the next hand (the arena, where both seats are computers)."""
        return self.match.apply(Action(NEXT_HAND))

    def set_seat(self, seat, who):
        """HUMAN or a computer level for `seat`, from its next move on."""
        if self.seats[seat] != who:
            self.seats[seat] = who
            self._made.pop(seat, None)

    # --- the computer --------------------------------------------------------------------------

    def to_move(self):
        """The computer seat that must move now, or None."""
        turn = self.match.current_player
        if turn is not None and self.seats[turn] != HUMAN:
            return turn
        return None

    def decide(self):
        """(seat, action) the computer to move chooses from its seat's View, not played yet;
        None when no computer must move."""
        seat = self.to_move()
        if seat is None:
            return None
        return seat, self.player(seat).choose(self.match.view(seat))

    def step(self):
        """One move of the computer to move, played; None when no computer must move."""
        decided = self.decide()
        if decided is None:
            return None
        self.act(decided[0], decided[1])
        return decided[1]

    def player(self, seat):
        """The computer player of a computer seat, made on first use by the host's factory."""
        if seat not in self._made:
            self._made[seat] = self.players(self.seats[seat], seat)
        return self._made[seat]

    # --- what each seat sees -------------------------------------------------------------------

    def view(self, seat):
        """The seat's View, with the public events its own reader has not been shown yet."""
        return self.readers[seat].view()

    def reader(self, seat):
        """A new reader of `seat` (one per connection on the server): it starts at the events
        already there, so its first view announces nothing."""
        return Reader(self, seat)

    def new_game(self, match, deals=None):
        """Another match at this table (same seats): every reader is shown its events afresh."""
        self.match = match
        self.deals = deals
        self.games += 1
        self._made = {}

    def mark(self, log=None):
        """A point to come back to (`back_to`): the match as it is now. `log` is its
        `to_log()` when the host has it already (the server just stored it)."""
        return Mark(self.match, self.to_log() if log is None else log, len(self.match.events),
                    self.games, self.deals)

    def back_to(self, mark):
        """The table as it was at `mark` (a host's write failed; an undone move): the match
        is rebuilt from the mark's log and keeps the events readers were shown up to then, so
        none is shown twice; across a new game, the earlier match comes back as it was."""
        if self.match is not mark.match and self.games != mark.games:
            self.match, self.deals, self.games = mark.match, mark.deals, mark.games
            self._made = {}
            return
        match = _replayed(mark.log, self.deals)
        match.events = self.match.events[:mark.events]
        self.match = match


class Mark:
    __slots__ = ("match", "log", "events", "games", "deals")

    def __init__(self, match, log, events, games, deals):
        self.match, self.log, self.events, self.games, self.deals = match, log, events, games, deals


def _replayed(log, deals):
    return Match.from_dict(log) if deals is None else Match.from_dict(log, deals)


class Reader:
    """One reader's place in a table's public events: a seat in the page, each connection on
    the server. A new game starts it at the new match's first event."""

    __slots__ = ("table", "seat", "game", "seen")

    def __init__(self, table, seat):
        self.table = table
        self.seat = seat
        self.game = table.games
        self.seen = len(table.match.events)

    def view(self):
        table = self.table
        if self.game != table.games:
            self.game, self.seen = table.games, 0
        since = min(self.seen, len(table.match.events))
        view = table.match.view(self.seat, since)
        self.seen = view.event_count
        return view
