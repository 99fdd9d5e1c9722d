"""A table on the table server (online play), as the page sees it: the same verbs as `LocalTable`.

The server holds the match and sends this seat's View after every change; the page sends
Actions. What travels is the protocol of docs/online.md: `{"type": "view", "version", "view",
"table"}` and `{"type": "error", "reason", ...}` in, `{"type": "act", "action"}` and
`{"type": "new_game", "accept"}` out. Pure Python: the socket is the adapter's (`send` is
given), so this module is tested in CPython with a fake one.
"""

from game.view import View
from game.wire import ANSWER_WITHIN, ENGINE_REFUSAL, PING_EVERY, UNDO


class RemoteTable:
    """One seat of a table on the server. `send(message)` sends a JSON-able dict."""

    training = False

    def __init__(self, code, seat, send):
        self.code = code
        self.seat = seat
        self.send = send
        self.version = -1
        self.latest = None  # the last View received
        self.info = None  # the server's "table": seats (joined, connected, computer), offers
        self.listener = None
        self.refused = None  # called with (reason, details) when the server refuses a message
        self._fresh = []  # events of received views not yet handed to the page
        self.waiting = False  # an action was sent and the server has not answered yet
        self.on_away = None  # called with (moves, hands) the computer played for this seat

    # --- the verbs the page uses (as LocalTable's) --------------------------------------------

    seed = None  # never sent by the server: with it a seat could deal the whole deck

    @property
    def turn(self):
        return self.latest.turn if self.latest is not None else None

    @property
    def rules(self):
        return self.latest.rules if self.latest is not None else None

    def listen(self, listener):
        self.listener = listener

    def on_refusal(self, callback):
        self.refused = callback

    def view(self, seat):
        """The last View received (None before the first), with the events not yet handed out."""
        if self.latest is None:
            return None
        view = self.latest
        view.events = self._fresh
        self._fresh = []
        return view

    def event_count(self, seat):
        """The event count of the last view: it grows with every move (not with presence)."""
        return self.latest.event_count if self.latest is not None else 0

    def act(self, seat, action):
        """Send the seat's action; the server answers with a view, or with a refusal."""
        self.waiting = True
        self.send({"type": "act", "action": action.to_dict()})

    def undo(self, seat):
        """Take back this seat's discard; the server answers with a view, or refuses
        (`nothing_to_undo`: the friend moved first)."""
        self.waiting = True
        self.send({"type": UNDO})

    def offer_new_game(self, accept=True):
        """Offer (or accept) a new game; False refuses the other's offer or withdraws one's own."""
        self.send({"type": "new_game", "accept": bool(accept)})

    def give_up_seat(self):
        """Leave the table for good: the server frees the seat and closes this one's sockets."""
        self.send({"type": "leave"})

    def computer_to_move(self):
        return None  # the server plays a seat its player has left

    def step(self):
        return None

    def set_level(self, seat, level):
        pass  # the level is the table's, chosen when it was opened

    def to_dict(self):
        return None  # nothing to save in the page but the seat key

    # --- presence, from the server's table info -----------------------------------------------

    def opponent(self):
        """The other seat's state: "waiting" (nobody joined yet), "gone" (its player gave it
        up: the computer plays it until someone takes it by the link), "computer" (the computer
        plays it while its player is away), "away" (disconnected, within the grace period),
        "here"."""
        if self.info is None:
            return "waiting"
        other = self.info["seats"][1 - self.seat]
        if not other.get("joined"):
            return "gone" if other.get("computer") else "waiting"
        if other.get("computer"):
            return "computer"
        return "here" if other.get("connected") else "away"

    def offer(self):
        """Who offered a new game: "mine", "theirs" or None."""
        by = self.info.get("new_game_offered_by") if self.info else None
        if by is None:
            return None
        return "mine" if by == self.seat else "theirs"

    def reconnected(self):
        """A new connection: its views are numbered afresh (a restarted server counts from 0),
        and a move sent on the old one is answered, if at all, by the new one's first view."""
        self.version = -1
        self.waiting = False

    @property
    def grace(self):
        """The server's grace period in seconds (how long an away player keeps their seat)."""
        value = self.info.get("grace") if self.info else None
        return value if type(value) in (int, float) and value >= 0 else 60

    # --- what the server says ------------------------------------------------------------------

    def receive(self, message):
        """Handle one message from the server; anything malformed is ignored (it changes nothing)."""
        if not isinstance(message, dict):
            return
        kind = message.get("type")
        if kind == "error":
            self.waiting = False
        if kind == "while_away":
            moves, hands = message.get("moves"), message.get("hands")
            if type(moves) is int and type(hands) is int and self.on_away is not None:
                self.on_away(moves, hands)
        if kind == "view":
            self._view(message)
        elif kind == "error" and self.refused is not None:
            reason = message.get("reason")
            if reason == ENGINE_REFUSAL:
                self.refused(message.get("rule") or "illegal", message.get("details") or {})
            elif isinstance(reason, str):
                self.refused(reason, message)

    def _view(self, message):
        version = message.get("version")
        if type(version) is not int or version <= self.version:
            return  # an older view than one already shown
        try:
            view = View.from_dict(message.get("view"))
        except ValueError:
            return
        if view.player != self.seat:
            return
        info = message.get("table")
        self.version = version
        self.waiting = False
        self.latest = view
        self.info = info if isinstance(info, dict) and isinstance(info.get("seats"), list) else self.info
        self._fresh = self._fresh + view.events
        if self.listener is not None:
            self.listener()


class Liveness:
    """Whether the connection to the table still answers, whatever the socket says (a phone
    that lost its network keeps an open socket for tens of seconds): after PING_EVERY seconds
    without a message from the server the page pings it, and a ping or a move not answered
    within ANSWER_WITHIN seconds means the connection is lost. Pure: the clock is passed in."""

    def __init__(self, now):
        self.heard = now  # when the server was last heard from
        self.asked = None  # when the oldest question (a ping, a move) not answered yet was sent

    def heard_from(self, now):
        self.heard = now
        self.asked = None

    def asking(self, now):
        """A ping or a move was sent: the server must answer it soon."""
        if self.asked is None:
            self.asked = now

    def due(self, now):
        """"lost", "ping" or None: what the connection must do now."""
        if self.asked is not None:
            return "lost" if now - self.asked >= ANSWER_WITHIN else None
        return "ping" if now - self.heard >= PING_EVERY else None
