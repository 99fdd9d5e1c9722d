"""The page's patience with the game server: when to connect again, what to tell the player,
and when a move sent is shown as waiting for its answer.

Pure: the clock and the random source are passed in, so the policy is tested in CPython
(`tests/web/online/test_patience.py`); the connection (`game.web.online.network.Connection`)
calls it:

    patience = Reconnection(random)        # random(): a number in [0, 1)
    patience.opened(now)                   # the socket opened
    patience.asked_to_wait()               # the server refused for now (busy, too many)
    delay = patience.closed(now)           # it closed, or never opened: wait `delay` seconds
    patience.status()                      # "lost" or "not_answering": the words to show

Why this shape. A server that accepts a socket and closes it at once (a crash loop behind a
proxy, a server out of descriptors) got a reconnection every second for ever: the delay went
back to its first value on every socket that opened. Here the delay doubles after every
connection that did not last STEADY seconds, opened or not, up to LONGEST; each delay is drawn
between its half and its whole (equal jitter), so the pages of every player that one restart
dropped do not come back in step. After TELL_AFTER failures in a row the player is told in
words that the game server is not responding, where they were shown a plain "reconnecting".
"""

FIRST = 1.0  # seconds before the first new attempt
LONGEST = 30.0  # the delay stops doubling here
WAIT_ASKED = 30.0  # at least this long when the server said to try again later
STEADY = 10.0  # a connection that lasted this long was a good one: the delays start over
TELL_AFTER = 3  # failures in a row before the player is told the server is not responding
# A move not answered within this many seconds is shown as waiting ("sending your move…"): a
# shorter wait is not seen by a player, and the words would flash on every move.
PENDING_AFTER = 0.2


class Reconnection:
    def __init__(self, random):
        self.random = random
        self.failures = 0  # connections in a row that failed or did not last STEADY seconds
        self.opened_at = None  # when the current connection opened (None: it is not open)
        self.wait_asked = False

    def opened(self, now):
        self.opened_at = now

    def asked_to_wait(self):
        """The server refused this connection for now: the next delay is a long one."""
        self.wait_asked = True

    def closed(self, now):
        """The connection closed, or the attempt failed: the seconds to wait before the next."""
        if self.opened_at is not None and now - self.opened_at >= STEADY:
            self.failures = 0
        self.opened_at = None
        self.failures += 1
        delay = min(LONGEST, FIRST * 2 ** (self.failures - 1))
        if self.wait_asked:
            delay, self.wait_asked = max(delay, WAIT_ASKED), False
        return delay / 2 + self.random() * delay / 2

    def status(self):
        """What the player is told while there is no connection: "lost" (reconnecting), or
        "not_answering" once TELL_AFTER attempts in a row have failed."""
        return "not_answering" if self.failures >= TELL_AFTER else "lost"


def pending_shown(waiting, sent_at, now):
    """Whether a move sent at `sent_at` and not answered yet (`waiting`) is shown as waiting."""
    return waiting and sent_at is not None and now - sent_at >= PENDING_AFTER
