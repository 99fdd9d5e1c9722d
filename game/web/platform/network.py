"""The network side of online play, in the browser: the table server's HTTP calls, the seat
keys kept in `localStorage`, and the WebSocket of a `RemoteTable` (reconnecting by itself).

The protocol is docs/online.md's. The page and the server share one origin, so URLs are
relative and the socket goes to `location.host`. Keys stay in this browser only
(`ginrummy.tables`: {code: {seat, key}}; `ginrummy.online`: the table last played).
"""

import javascript
from browser import window

from game.web.online.patience import PENDING_AFTER, Reconnection, pending_shown
from game.web.online.remote import Liveness, RemoteTable
from game.web.platform import storage
from game.wire import ACT, CLOSE_CODES, FINAL_CLOSES, PING, UNDO, normalize

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

JSON = javascript.JSON
TABLES_KEY = "ginrummy.tables"
LAST_KEY = "ginrummy.online"
# The server refused this seat for good (an unknown code or a void key, a table it cannot
# replay, a seat given up): the key is forgotten and nothing reconnects (docs/online.md).
FINAL = {code: reason for reason, code in CLOSE_CODES.items() if code in FINAL_CLOSES}
CHECK_MS = 1000  # how often the heartbeat looks at the connection


def normal_code(text):
    """A table code as the server writes it (upper case, no spaces or dashes), or ""."""
    return normalize(text) or ""


def table_from_hash():
    """The code of a `#table=CODE` invitation link, or None."""
    text = str(window.location.hash or "")
    if text.startswith("#table="):
        return normal_code(text[7:].split("&")[0]) or None
    return None


def seat_from_hash(code):
    """(seat, key) of a seat link `#table=CODE&seat=S&key=K` for this table (the menu's "Play
    this seat on another device"), else None. The address is the page's own: the key never
    travels to any server in it (a fragment is not sent)."""
    text = str(window.location.hash or "")
    if not text.startswith("#table=") or "&" not in text:
        return None
    parts = text[7:].split("&")
    if normal_code(parts[0]) != code:
        return None
    fields = dict(part.split("=", 1) for part in parts[1:] if "=" in part)
    seat, key = fields.get("seat"), str(window.decodeURIComponent(fields.get("key") or ""))
    if seat not in ("0", "1") or not key or len(key) > 64:
        return None
    return int(seat), key


# --- seat keys -----------------------------------------------------------------------------------

def seats():
    raw = storage.store_get(TABLES_KEY)
    if raw is None:
        return {}
    try:
        data = storage.parse(raw)
    except storage.CorruptSave:
        return {}
    return data if isinstance(data, dict) else {}


def seat_of(code):
    entry = seats().get(code)
    if isinstance(entry, dict) and entry.get("seat") in (0, 1) and isinstance(entry.get("key"), str):
        return entry
    return None


def keep_seat(code, seat, key):
    kept = seats()
    kept[code] = {"seat": seat, "key": key}
    storage.store_set(TABLES_KEY, kept)
    storage.store_set(LAST_KEY, code)


def forget_seat(code):
    kept = seats()
    kept.pop(code, None)
    storage.store_set(TABLES_KEY, kept)
    storage.store_set(LAST_KEY, "")


def last_table():
    raw = storage.store_get(LAST_KEY)
    if raw is None:
        return None
    try:
        code = storage.parse(raw)
    except storage.CorruptSave:
        return None
    return code if isinstance(code, str) and seat_of(code) else None


# --- HTTP ------------------------------------------------------------------------------------------

def request(method, path, body, done):
    """`done(status, data)` once the server answers (status 0: no answer, e.g. a static host)."""
    options = {"method": method, "headers": {"Content-Type": "application/json"}}
    if body is not None:
        options["body"] = JSON.stringify(body)

    def failed(*args):
        done(0, {} if window.navigator.onLine else {"error": "offline"})  # no network: said so

    def answered(response):
        status = response.status

        def read(text):
            # Through javascript.JSON.parse, as storage does: the value comes back as Python
            # dicts and lists (response.json() would give a JavaScript object).
            try:
                data = JSON.parse(text)
            except JavascriptError:  # noqa: F821 (a Brython builtin): not JSON, e.g. a static host's 404 page
                data = None
            done(status, data if isinstance(data, dict) else {})

        response.text().then(read, failed)

    window.fetch(path, options).then(answered, failed)


def check_server(root, done):
    """`done(True)` when a table server answers on this origin. It is asked at the site's
    `tables.json`, which a static host serves from the build ({"tables": false}) and the
    table server answers itself, so a static site logs no failed request."""
    def answered(status, data):
        done(status == 200 and data.get("tables") is True)

    request("GET", root + "tables.json", None, answered)


def open_table(rules, lang, done):
    """Open a table: `done(code, seat, key, invite)` or `done(None, reason)`."""
    def answered(status, data):
        if status == 201 and isinstance(data.get("code"), str):
            keep_seat(data["code"], data["seat"], data["key"])
            done(data["code"], data["seat"], data["key"], data.get("invite") or "")
        else:
            done(None, data.get("error") or "no_server")

    request("POST", "/api/tables", {"rules": rules, "lang": lang}, answered)


def join_table(code, done):
    """Take the free seat of a table: `done(code, seat, key)` or `done(None, reason)`; a seat
    this browser already holds is taken again with its key."""
    linked = seat_from_hash(code)
    if linked is not None:  # this player's own seat, opened on another device
        keep_seat(code, linked[0], linked[1])
    held = seat_of(code)
    if held is not None:
        done(code, held["seat"], held["key"])
        return

    def answered(status, data):
        if status == 200 and isinstance(data.get("key"), str):
            keep_seat(code, data["seat"], data["key"])
            done(code, data["seat"], data["key"])
        else:
            done(None, data.get("error") or "no_server")

    request("POST", "/api/tables/" + code + "/join", {}, answered)


# --- the socket ------------------------------------------------------------------------------------

def now():
    return window.performance.now() / 1000


class Connection:
    """A RemoteTable's WebSocket: reconnects after a drop with the delays of
    `game.web.online.patience.Reconnection` (growing, with jitter, even after a socket that
    opened and closed at once), unless the server closed it for good (`on_final(reason)`);
    pings the server when it has been quiet and treats a ping, a move or a first view not
    answered in time as a drop (`game.web.online.remote.Liveness`), so a phone that lost its
    network is told within seconds, not after the socket gives up. `on_status` hears "open",
    "lost", "not_answering" (the server has failed several times in a row) and "sending" (a
    move waits for its answer: `patience.PENDING_AFTER`)."""

    def __init__(self, code, seat, key, on_status, on_final):
        self.code = code
        self.key = key
        self.on_status = on_status  # "open", "lost", "not_answering" or "sending"
        self.on_final = on_final
        self.socket = None
        self.closed = False
        self.patience = Reconnection(window.Math.random)
        self.sent_at = None  # when the move waiting for its answer was sent
        self.pending = False  # "sending" was said for it
        self.table = RemoteTable(code, seat, self.send)
        self.live = Liveness(now())
        self.checker = window.setInterval(self.check, CHECK_MS)
        self.connect()

    def url(self):
        scheme = "wss://" if str(window.location.protocol) == "https:" else "ws://"
        return (scheme + str(window.location.host) + "/ws/tables/" + self.code + "?key="
                + str(window.encodeURIComponent(self.key)))

    def connect(self, *args):
        if self.closed:
            return
        socket = window.WebSocket.new(self.url())
        socket.onopen = self.opened
        socket.onmessage = self.message
        socket.onclose = lambda ev, socket=socket: self.dropped(ev, socket)
        self.socket = socket
        self.live = Liveness(now())

    def opened(self, ev):
        self.patience.opened(now())
        self.table.reconnected()
        self.live.asking(now())  # its first view is due soon: a silent server is a lost one
        self.on_status("open")

    def message(self, ev):
        self.live.heard_from(now())
        try:
            data = JSON.parse(ev.data)
        except JavascriptError:  # noqa: F821 (a Brython builtin): not JSON, changes nothing
            return
        if isinstance(data, dict) and data.get("type") == "error":
            reason = data.get("reason")
            if reason in FINAL.values():
                self.final(reason)
                return
            if reason in CLOSE_CODES:  # refused for now: the close follows, retry later
                self.patience.asked_to_wait()
        self.table.receive(data)
        if self.pending and not self.table.waiting:
            self.pending = False
            self.on_status("open")

    def check(self, *args):
        """The heartbeat: ping a quiet server, give up on one that does not answer."""
        if self.closed or self.socket is None or self.socket.readyState != 1:  # 1: OPEN
            return
        due = self.live.due(now())
        if due == "ping":
            self.socket.send(JSON.stringify({"type": PING}))
            self.live.asking(now())
        elif due == "lost":
            # The socket may take a minute to say it is gone: leave it and connect afresh.
            old, self.socket = self.socket, None
            old.onclose = old.onmessage = None
            old.close()
            self.lost()

    def dropped(self, ev, socket):
        if self.closed or socket is not self.socket:
            return
        self.socket = None
        if ev.code in FINAL:
            self.final(FINAL[ev.code])
            return
        self.lost()

    def lost(self):
        delay = self.patience.closed(now())
        self.pending = False
        self.on_status(self.patience.status())
        window.setTimeout(self.connect, delay * 1000)

    def final(self, reason):
        self.close()
        forget_seat(self.code)
        self.on_final(reason)

    def send(self, message):
        if self.socket is None or self.socket.readyState != 1:  # 1: OPEN
            self.table.receive({"type": "error", "reason": "not_connected"})
            return
        self.socket.send(JSON.stringify(message))
        self.live.asking(now())
        if message.get("type") in (ACT, UNDO):
            self.sent_at = now()
            window.setTimeout(self.still_waiting, PENDING_AFTER * 1000 + 20)

    def still_waiting(self, *args):
        """A move not answered yet is shown as waiting for its answer."""
        if not self.closed and not self.pending and pending_shown(self.table.waiting, self.sent_at, now()):
            self.pending = True
            self.on_status("sending")

    def close(self):
        self.closed = True
        window.clearInterval(self.checker)
        if self.socket is not None:
            self.socket.onclose = None
            self.socket.close()
            self.socket = None
