"""Where the match lives, as the page sees it: a `Table` it reads Views from and sends Actions to.

The page never touches a `Match`: it asks a table for the `View` of a seat and sends it the
seat's `Action`s; the table tells its listener when anything changed. `LocalTable` keeps the
match in the page (against the computer, or two people on one device); a remote table (the
online mode) keeps it on the server and speaks the same three verbs over a WebSocket.

Pure Python (no `browser`): the page's adapter runs the timers that pace the computer's moves
(`computer_to_move`, then `step`), so this module is tested in CPython. The match, the turn rule
and each seat's events are the one table's (`game.table`), which the server's rooms wrap too.
"""

from game.match import Match
from game.table import HUMAN, Table


def load_player(level, seed):
    # Imported on first use: compiling the computer players is the biggest part of the bundle,
    # and the page is ready for the player before the computer needs them.
    from game.ai import make_player

    return make_player(level, seed)


class LocalTable:
    """A match in the page: `game.table.Table` (the turn rule, the computer's steps, each
    seat's events, the log) with what only the page adds: a listener told after every change,
    the computer's decisions timed for the benchmark, and a decision made in the Worker played
    back. `seats[p]` is HUMAN or a computer level ("easy", "medium", "hard")."""

    training = False  # a normal match: saved and counted (TrainingTable below is not)

    def __init__(self, match, seats, clock=None):
        # The page's computer players are seeded with the match's seed: the same deal and the
        # same moves give the same match, in the page, the worker and a replay.
        self.table = Table(match, seats, lambda level, seat: load_player(level, match.seed))
        self.clock = clock  # milliseconds, to time the computer's decisions (the benchmark reads them)
        self.decisions = []
        self.waiting = False  # a local table answers at once (a remote one may keep the page waiting)
        self.listener = None

    @classmethod
    def new(cls, seed, rules, seats, clock=None):
        return cls(Match.new(seed, rules), seats, clock)

    @property
    def match(self):
        return self.table.match

    @property
    def seats(self):
        return self.table.seats

    @property
    def seed(self):
        return self.match.seed

    @property
    def rules(self):
        return self.match.rules

    @property
    def turn(self):
        """The seat that must move now; None between hands and at the end."""
        return self.table.turn

    def listen(self, listener):
        """`listener()` is called after every change (a move by anyone)."""
        self.listener = listener

    def view(self, seat):
        """The seat's View, with the public events it has not been shown yet."""
        return self.table.view(seat)

    def event_count(self, seat):
        """How many events of the match there are: it grows with every move."""
        return len(self.match.events)

    def act(self, seat, action):
        """Play `action` for `seat`; raises IllegalAction (a named reason) and changes nothing
        when it is not that seat's move or not a listed action."""
        self.table.act(seat, action)
        self._changed()

    def undo(self, seat):
        """Take back the seat's discard while the other side has not moved (`Table.undo`);
        raises IllegalAction ("nothing_to_undo") and changes nothing otherwise."""
        self.table.undo(seat)
        self._changed()

    def set_level(self, seat, level):
        """Another computer level for a computer seat, from its next decision on."""
        if self.seats[seat] != HUMAN:
            self.table.set_seat(seat, level)

    def computer_to_move(self):
        """The computer seat that must move now, or None."""
        return self.table.to_move()

    def step(self):
        """One decision of the computer seat to move, made here (None when no computer must move)."""
        started = self.clock() if self.clock else 0  # the decision alone, as the benchmark reports it
        decided = self.table.decide()
        if decided is None:
            return None
        if self.clock:
            self.decisions.append(self.clock() - started)
        self.table.act(*decided)
        self._changed()
        return decided[1]

    def decision_request(self):
        """What the computer seat to move decides from, as plain JSON, for a decision made
        elsewhere (a Web Worker: game.web.app.thinker.decide): its level, the seed its player is made
        with, the View of its seat, and where the match is (`play_decision` checks it). None
        when no computer must move."""
        seat = self.computer_to_move()
        if seat is None:
            return None
        return {"seat": seat, "level": self.seats[seat], "seed": self.match.seed,
                "view": self.match.view(seat).to_dict(), "event_count": len(self.match.events)}

    def play_decision(self, request, action, ms=0.0):
        """Play the action decided elsewhere from `request` (its time `ms` is recorded); False,
        playing nothing, when the match has moved on since the request or the level changed."""
        seat = request["seat"]
        if self.computer_to_move() != seat or len(self.match.events) != request["event_count"] \
                or self.seats[seat] != request["level"]:
            return False
        self.decisions.append(ms)
        self.table.act(seat, action)
        self._changed()
        return True

    def hand_decisions(self, seat, replay):
        """[(View, Action)] of the seat's decisions in the current hand, rebuilt by the engine
        from the saved actions: what a hand review judges and shows again. `replay` is
        `game.replay`, handed over by the review (the page's second bundle holds it)."""
        return replay.decisions(self.to_dict(), seat)

    def _changed(self):
        if self.listener is not None:
            self.listener()

    def to_dict(self):
        return self.table.to_log()


class TrainingTable(LocalTable):
    """A lesson's table: the learner against the lesson's computer player. `training` tells
    whoever keeps results (saves, statistics) that this is not a normal match; `to_dict` is
    None, as for a table kept elsewhere, so the page never saves it."""

    training = True

    def __init__(self, lesson, clock=None):
        super().__init__(lesson.start(), [HUMAN, lesson.level], clock)
        self.lesson = lesson

    def set_level(self, seat, level):
        """The lesson's computer stays at its level: the script depends on its replies."""

    def to_dict(self):
        return None

    def hand_decisions(self, seat, replay):
        """The seat's decisions in this hand, replayed from the lesson's deal (there is no save)."""
        return replay.decisions_from(self.lesson.start(), self.match.actions, seat)
