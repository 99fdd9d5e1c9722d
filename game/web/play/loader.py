"""The page's second bundle as the page waits for it (generator/bundle.py: the dialogs, the end
of a hand, the coach, lessons, statistics, the daily deal, online play), loaded once the game is
ready.

What needs it asks `need(then)`: `then` runs now if the bundle is in, else when it arrives, in
the order asked, one a task (what is asked meanwhile waits behind it, so no click or key is
lost). A `busy` need holds the table meanwhile (data-busy, a progress cursor). If the bundle
cannot be loaded, each need's `otherwise` runs instead (when it has one), and the page is told.

Pure Python: the page gives it its ways to load the script and run tasks (`game.web.app.app`), so
it is tested in CPython (tests/web/play/test_loader.py).
"""

WAITING, LOADING, LOADED, FAILED = "waiting", "loading", "loaded", "failed"


class Loader:
    """`fetch(loaded, failed)` appends the bundle's script (calling one of the two);
    `next_task(then)` runs `then` in a task of its own; `on_state(state)` hears each state
    (WAITING, LOADING, LOADED, FAILED); `on_busy()` hears that `holding` may have changed;
    `on_done()` that all that waited has run; `on_failed(first)` that the bundle could not be
    loaded (`first`: the first time it is said)."""

    def __init__(self, *, fetch, next_task, on_state, on_busy, on_done, on_failed):
        self.fetch = fetch
        self.next_task = next_task
        self.on_state = on_state
        self.on_busy = on_busy
        self.on_done = on_done
        self.on_failed = on_failed
        self.state = WAITING
        self.queue = []  # (then, busy, otherwise), in the order asked

    def need(self, then, busy=True, otherwise=None):
        """Run `then` once the bundle is in the page (now if it is and nothing waits)."""
        if self.state == LOADED and not self.queue:
            then()
            return
        if self.state == FAILED:
            if otherwise is not None:
                otherwise()
            elif busy:
                self.failed()
            return
        if self.state == WAITING and not self.queue:
            self.next_task(self.load)
        self.queue.append((then, busy, otherwise))
        self.on_busy()

    def holding(self):
        """Whether something waits for the bundle with the table busy."""
        return any(busy for then, busy, otherwise in self.queue)

    def pending(self):
        """Whether anything waits for the bundle (held or not)."""
        return bool(self.queue)

    def waiting(self):
        """Whether the bundle is still to come (neither in the page nor failed)."""
        return self.state in (WAITING, LOADING)

    def load(self, *args):
        """Ask for the bundle's script, once."""
        if self.state != WAITING:
            return
        self.set_state(LOADING)
        self.fetch(self.loaded, self.failed)

    def loaded(self, *args):
        self.set_state(LOADED)
        self.run_queue()

    def run_queue(self, *args):
        """What waited, in order, one a task."""
        if self.queue:
            then, busy, otherwise = self.queue.pop(0)
            then()
            if self.queue:
                self.next_task(self.run_queue)
                return
        self.on_busy()
        self.on_done()

    def failed(self, *args):
        """The bundle could not be loaded: each need's `otherwise` runs, the others are dropped."""
        first = self.state != FAILED
        self.set_state(FAILED)
        queue, self.queue = self.queue, []
        for _then, _busy, otherwise in queue:
            if otherwise is not None:
                otherwise()
        self.on_busy()
        self.on_failed(first)

    def set_state(self, state):
        self.state = state
        self.on_state(state)
