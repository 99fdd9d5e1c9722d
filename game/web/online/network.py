"""The network side of online play, in the worker: the table server's HTTP calls, the seat keys
kept in the storage, and the WebSocket of a `RemoteTable` (reconnecting by itself).

The protocol is docs/online.md's. The page and the server share one origin, so URLs are
relative and the socket goes to the page's host. Keys stay in this browser only
(`ginrummy.tables`: {code: {seat, key}}; `ginrummy.online`: the table last played). Pure Python:
the host makes the requests and the socket (`ports.Host`).
"""

from game.errors import CorruptSave
from game.web.app import saves
from game.web.online.patience import PENDING_AFTER, Reconnection, pending_shown
from game.web.online.remote import Liveness, RemoteTable
from game.wire import ACT, CLOSE_CODES, FINAL_CLOSES, PING, UNDO, normalize

# Loaded with the game's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

TABLES_KEY = "ginrummy.tables"
LAST_KEY = "ginrummy.online"
# The server refused this seat for good (an unknown code or a void key, a table it cannot
# replay, a seat given up): the key is forgotten and nothing reconnects (docs/online.md).
FINAL = {code: reason for reason, code in CLOSE_CODES.items() if code in FINAL_CLOSES}
CHECK_MS = 1000  # how often the heartbeat looks at the connection


def normal_code(text):
    """A table code as the server writes it (upper case, no spaces or dashes), or ""."""
    return normalize(text) or ""


def table_from_hash(text):
    """The code of a `#table=CODE` invitation link, or None."""
    if text.startswith("#table="):
        return normal_code(text[7:].split("&")[0]) or None
    return None


def seat_from_hash(host, text, code):
    """(seat, key) of a seat link `#table=CODE&seat=S&key=K` for this table (the menu's "Play
    this seat on another device"), else None. The address is the page's own: the key never
    travels to any server in it (a fragment is not sent)."""
    if not text.startswith("#table=") or "&" not in text:
        return None
    parts = text[7:].split("&")
    if normal_code(parts[0]) != code:
        return None
    fields = dict(part.split("=", 1) for part in parts[1:] if "=" in part)
    seat, key = fields.get("seat"), host.decode_uri(fields.get("key") or "")
    if seat not in ("0", "1") or not key or len(key) > 64:
        return None
    return int(seat), key


# --- seat keys -----------------------------------------------------------------------------------

def seats(store):
    raw = store.get(TABLES_KEY)
    if raw is None:
        return {}
    try:
        data = saves.parse(store, raw)
    except CorruptSave:
        return {}
    return data if isinstance(data, dict) else {}


def seat_of(store, code):
    entry = seats(store).get(code)
    if isinstance(entry, dict) and entry.get("seat") in (0, 1) and isinstance(entry.get("key"), str):
        return entry
    return None


def keep_seat(store, code, seat, key):
    kept = seats(store)
    kept[code] = {"seat": seat, "key": key}
    store.set(TABLES_KEY, kept)
    store.set(LAST_KEY, code)


def forget_seat(store, code):
    kept = seats(store)
    kept.pop(code, None)
    store.set(TABLES_KEY, kept)
    store.set(LAST_KEY, "")


def last_table(store):
    raw = store.get(LAST_KEY)
    if raw is None:
        return None
    try:
        code = saves.parse(store, raw)
    except CorruptSave:
        return None
    return code if isinstance(code, str) and seat_of(store, code) else None


# --- HTTP ------------------------------------------------------------------------------------------

def request(host, method, path, body, done):
    """`done(status, data)` once the server answers (status 0: no answer, e.g. a static host;
    `{"error": "offline"}` when the browser has no network)."""
    def answered(status, text):
        if status == 0:
            done(0, {} if host.online() else {"error": "offline"})
            return
        try:
            data = host.from_json(text)
        except ValueError:  # not JSON, e.g. a static host's 404 page
            data = None
        done(status, data if isinstance(data, dict) else {})

    host.fetch(method, path, host.to_json(body) if body is not None else None, answered)


def check_server(host, root, done):
    """`done(True)` when a table server answers on this origin. It is asked at the site's
    `tables.json`, which a static host serves from the build ({"tables": false}) and the
    table server answers itself, so a static site logs no failed request."""
    def answered(status, data):
        done(status == 200 and data.get("tables") is True)

    request(host, "GET", root + "tables.json", None, answered)


def open_table(host, store, rules, lang, done):
    """Open a table: `done(code, seat, key, invite)` or `done(None, reason)`."""
    def answered(status, data):
        if status == 201 and isinstance(data.get("code"), str):
            keep_seat(store, data["code"], data["seat"], data["key"])
            done(data["code"], data["seat"], data["key"], data.get("invite") or "")
        else:
            done(None, data.get("error") or "no_server")

    request(host, "POST", "/api/tables", {"rules": rules, "lang": lang}, answered)


def join_table(host, store, text, code, done):
    """Take the free seat of a table: `done(code, seat, key)` or `done(None, reason)`; a seat
    this browser already holds is taken again with its key (`text`: the address's fragment,
    which may hold this player's own seat, opened on another device)."""
    linked = seat_from_hash(host, text, code)
    if linked is not None:
        keep_seat(store, code, linked[0], linked[1])
    held = seat_of(store, code)
    if held is not None:
        done(code, held["seat"], held["key"])
        return

    def answered(status, data):
        if status == 200 and isinstance(data.get("key"), str):
            keep_seat(store, code, data["seat"], data["key"])
            done(code, data["seat"], data["key"])
        else:
            done(None, data.get("error") or "no_server")

    request(host, "POST", "/api/tables/" + code + "/join", {}, answered)


# --- the socket ------------------------------------------------------------------------------------

class Connection:
    """A RemoteTable's WebSocket: reconnects after a drop with the delays of
    `game.web.online.patience.Reconnection` (growing, with jitter, even after a socket that
    opened and closed at once), unless the server closed it for good (`on_final(reason)`);
    pings the server when it has been quiet and treats a ping, a move or a first view not
    answered in time as a drop (`game.web.online.remote.Liveness`), so a phone that lost its
    network is told within seconds, not after the socket gives up. `on_status` hears "open",
    "lost", "not_answering" (the server has failed several times in a row) and "sending" (a
    move waits for its answer: `patience.PENDING_AFTER`)."""

    def __init__(self, host, store, page, code, seat, key, on_status, on_final):
        self.host = host
        self.store = store
        self.page = page  # the page's address parts: the socket goes to its host
        self.code = code
        self.key = key
        self.on_status = on_status  # "open", "lost", "not_answering" or "sending"
        self.on_final = on_final
        self.socket = None
        self.closed = False
        self.patience = Reconnection(host.random)
        self.sent_at = None  # when the move waiting for its answer was sent
        self.pending = False  # "sending" was said for it
        self.table = RemoteTable(code, seat, self.send)
        self.live = Liveness(self.now())
        self.checker = host.every(self.check, CHECK_MS)
        self.connect()

    def now(self):
        return self.host.now() / 1000

    def url(self):
        scheme = "wss://" if self.page.get("protocol") == "https:" else "ws://"
        return (scheme + (self.page.get("host") or "") + "/ws/tables/" + self.code + "?key="
                + self.host.encode_uri(self.key))

    def connect(self, *args):
        if self.closed:
            return
        holder = []
        self.socket = self.host.socket(self.url(), self.opened, self.message,
                                       lambda code: self.dropped(code, holder[0]))
        holder.append(self.socket)
        self.live = Liveness(self.now())

    def opened(self):
        self.patience.opened(self.now())
        self.table.reconnected()
        self.live.asking(self.now())  # its first view is due soon: a silent server is a lost one
        self.on_status("open")

    def message(self, text):
        self.live.heard_from(self.now())
        try:
            data = self.host.from_json(text)
        except ValueError:  # not JSON: changes nothing
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
        if self.closed or self.socket is None or not self.socket.is_open():
            return
        due = self.live.due(self.now())
        if due == "ping":
            self.socket.send(self.host.to_json({"type": PING}))
            self.live.asking(self.now())
        elif due == "lost":
            # The socket may take a minute to say it is gone: leave it and connect afresh.
            old, self.socket = self.socket, None
            old.close()
            self.lost()

    def dropped(self, code, socket):
        if self.closed or socket is not self.socket:
            return
        self.socket = None
        if code in FINAL:
            self.final(FINAL[code])
            return
        self.lost()

    def lost(self):
        delay = self.patience.closed(self.now())
        self.pending = False
        self.on_status(self.patience.status())
        self.host.later(self.connect, delay * 1000)

    def final(self, reason):
        self.close()
        forget_seat(self.store, self.code)
        self.on_final(reason)

    def send(self, message):
        if self.socket is None or not self.socket.is_open():
            self.table.receive({"type": "error", "reason": "not_connected"})
            return
        self.socket.send(self.host.to_json(message))
        self.live.asking(self.now())
        if message.get("type") in (ACT, UNDO):
            self.sent_at = self.now()
            self.host.later(self.still_waiting, PENDING_AFTER * 1000 + 20)

    def still_waiting(self, *args):
        """A move not answered yet is shown as waiting for its answer."""
        if not self.closed and not self.pending and pending_shown(self.table.waiting, self.sent_at, self.now()):
            self.pending = True
            self.on_status("sending")

    def close(self):
        self.closed = True
        self.host.cancel(self.checker)
        if self.socket is not None:
            self.socket.close()
            self.socket = None
