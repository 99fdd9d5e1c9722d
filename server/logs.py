"""The server's log: one readable line per fault, and never a flood of the same line.

Out of file descriptors, every accept and every request can fail at once: the log grew by
107 MB in ten seconds. `Repeats` lets the first few lines of a kind through, then one line a
window saying how many were held back.
"""

import logging
import time


class Repeats(logging.Filter):
    """At most `burst` records of one (logger, message template) per `window` seconds."""

    def __init__(self, burst=5, window=10.0, clock=time.monotonic):
        super().__init__()
        self.burst = burst
        self.window = window
        self.clock = clock
        self.seen = {}  # (logger, template) -> [window start, count]

    def filter(self, record):
        key = (record.name, str(record.msg)[:200])
        now = self.clock()
        entry = self.seen.get(key)
        if entry is None or now - entry[0] >= self.window:
            held = 0 if entry is None else entry[1] - self.burst
            self.seen[key] = [now, 1]
            if len(self.seen) > 1000:  # a bound on the table itself
                self.seen = {key: self.seen[key]}
            if held > 0:
                record.msg = str(record.msg) + f" (and {held} more like this in the last {self.window:g} s)"
            return True
        entry[1] += 1
        return entry[1] <= self.burst


def setup(level=logging.WARNING):
    """Lines to stderr, for the server's and uvicorn's and asyncio's loggers, with `Repeats`."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S"))
    handler.addFilter(Repeats())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
