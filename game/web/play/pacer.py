"""The computer's moves in the page, paced for people: when a computer seat must move, its
decision is asked for after the chosen pace (900 ms by default), made in the Web Worker (or in
the page, when no worker can run), then played on the table.

Pure Python: the page gives it its timers, its worker and its table (`game.web.app.app`), so it is
tested in CPython with a fake clock and a fake worker (tests/web/play/test_pacer.py).
"""


class Pacer:
    """`timers`: `later(then, ms)` -> a handle and `cancel(handle)`; `pace()` the milliseconds
    between moves; `table()` the table on screen (or None); `thinker()` the worker (started on
    first use): `ask(request, answered)` and `load_players(loaded)`; `wait_for_more(then)` runs
    `then` once the page's second bundle is in (`more_waiting()` says whether it is to come:
    the computer's first move waits for it, a daily deal being Hard's, `progress.use`);
    `on_busy()` hears that `busy` may have changed, `on_played()` that the computer moved,
    `on_failed()` that its players could not be loaded."""

    def __init__(self, *, timers, pace, table, thinker, more_waiting, wait_for_more, on_busy, on_played,
                 on_failed):
        self.timers = timers
        self.pace = pace
        self.table = table
        self.thinker = thinker
        self.more_waiting = more_waiting
        self.wait_for_more = wait_for_more
        self.on_busy = on_busy
        self.on_played = on_played
        self.on_failed = on_failed
        self.timer = None  # the pending pace's handle
        self.asking = None  # the decision request being answered
        # Another tab plays this match: this one leaves the computer's moves to it, until the
        # player plays here (`App.went_on_elsewhere`, `App.input`).
        self.following = False
        self.failed = False  # the computer's players could not be loaded: it cannot move

    def schedule(self):
        """Pace the computer's next move, if it must move."""
        if self.timer is not None or self.asking is not None or self.following:
            self.on_busy()
            return
        if self.waits():
            # The table is drawn meanwhile, and what the player may do on the computer's turn
            # is not held back (a `busy=False` need); `busy` says the move is pending.
            self.wait_for_more(self.schedule)
            return
        table = self.table()
        if table is not None and table.computer_to_move() is not None:
            self.timer = self.timers.later(self.step, self.pace())
        self.on_busy()

    def busy(self):
        """Whether a computer move is pending: paced, being decided, waiting for the bundle, or
        not paced yet (the table changed and `schedule` comes in the same task, or a new match
        is being set up). Only a tab that leaves the moves to another, or whose players could
        not be loaded, waits for no move: the page and its tests read this as "the computer
        has not moved yet"."""
        if self.timer is not None or self.asking is not None:
            return True
        table = self.table()
        return not (self.following or self.failed) and table is not None and table.computer_to_move() is not None

    def waits(self):
        """Whether the computer must move and waits for the page's second bundle."""
        table = self.table()
        return self.more_waiting() and table is not None and table.computer_to_move() is not None

    def cancel(self):
        """No computer move pending any more (the worker's answer to a request is ignored)."""
        if self.timer is not None:
            self.timers.cancel(self.timer)
            self.timer = None
        self.asking = None

    def follow(self, following):
        """Leave the computer's moves to another tab (True), or take them back (False)."""
        self.following = following
        if not following:
            self.schedule()

    def step(self, *args):
        """Ask the worker for the computer's move; the page goes on meanwhile."""
        self.timer = None
        table = self.table()
        request = table.decision_request() if table is not None else None
        if request is None:  # the mode changed meanwhile: nothing to do
            self.schedule()
            return
        self.asking = request
        self.thinker().ask(request, lambda action, ms: self.decided(table, request, action, ms))

    def decided(self, table, request, action, ms):
        if self.asking is not request or table is not self.table():
            return  # another match, mode or level meanwhile: that request is forgotten
        if action is None:  # no worker: the page decides (still asking: nothing else is paced)
            self.thinker().load_players(lambda loaded: self.decide_here(table, request, loaded))
            return
        self.asking = None
        if table.play_decision(request, action, ms):
            self.on_played()
        else:
            self.schedule()

    def decide_here(self, table, request, loaded):
        """The computer's move made in the page (the worker failed), once its players are loaded."""
        if self.asking is not request or table is not self.table():
            return
        self.asking = None
        if not loaded:
            self.failed = True
            self.on_busy()
            self.on_failed()
            return
        if table.step() is None:
            self.schedule()
            return
        self.on_played()
