"""A real server in a thread on a free 127.0.0.1 port, a tiny site, and socket clients."""

import asyncio
import contextlib
import copy
import http.client
import json
import socket
import threading
import time

import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.ai import make_player
from game.view import View
from game.wire import normalize
from server.__main__ import UVICORN
from server.app import Config, create_app
from server.clock import Clock
from server.guard import Guard, Server
from server.storage import Storage
from server.store import Store
from server.tables import Settings, Tables

TIMEOUT = 10  # seconds a test waits for the server before failing


def make_site(root):
    for lang in ("en", "fr", "vi"):
        (root / lang).mkdir(parents=True)
        (root / lang / "index.html").write_text(f"<!doctype html><title>{lang}</title>")
    (root / "index.html").write_text("<!doctype html><title>root</title>")
    (root / "404.html").write_text("<!doctype html><title>not here</title>")
    return root


class Running:
    def __init__(self, port, app):
        self.port = port
        self.origin = f"http://127.0.0.1:{port}"
        self.tables = app.state.tables
        self.hub = app.state.hub

    def room(self, code):
        """The table in the server's memory (opened or used since it started)."""
        return self.tables.rooms[normalize(code)]

    @property
    def store(self):
        return self.tables.storage.store

    source = None  # the client's own address (127.0.0.2, ...): None is the system's choice

    def at(self, source):
        """The same client, connecting from the address `source` (any 127.x.y.z on Linux): the
        per-address limits see another visitor."""
        other = copy.copy(self)
        other.source = source
        return other

    def _request(self, method, path, data=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT,
                                                source_address=self.source and (self.source, 0))
        try:
            connection.request(method, path, body=data, headers=headers or {})
            answer = connection.getresponse()
            return answer.status, dict(answer.headers), answer.read()
        finally:
            connection.close()

    def post(self, path, body=None, origin=None, raw=None):
        """(status, JSON answer) of a POST."""
        data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
        status, headers, answer = self._request("POST", path, data, {"Origin": origin or self.origin})
        try:
            return status, json.loads(answer)
        except ValueError:
            raise AssertionError(f"POST {path}: {status} {headers} {answer[:300]!r}") from None

    def get(self, path):
        return self._request("GET", path)

    def socket(self, code, key, origin=None):
        return connect(f"ws://127.0.0.1:{self.port}/ws/tables/{code}?key={key}",
                       origin=origin or self.origin, open_timeout=TIMEOUT,
                       source_address=self.source and (self.source, 0))

    def table(self, rules="short"):
        """A table with both seats taken: (code, key of seat 0, key of seat 1)."""
        status, opened = self.post("/api/tables", {"rules": rules})
        assert status == 201, opened
        status, joined = self.post(f"/api/tables/{opened['code']}/join")
        assert status == 200, joined
        return opened["code"], opened["key"], joined["key"]


class FakeTime(Clock):
    """The server's clock on fake time: `now += s` is time passing (both readings move),
    `wall += s` a system clock set by hand (only the wall clock moves)."""

    def __init__(self, wall=1_000_000.0, mono=500.0):
        self.wall_now, self.mono_now = wall, mono
        super().__init__(wall=lambda: self.wall_now, monotonic=lambda: self.mono_now)

    @property
    def now(self):
        return self()

    @now.setter
    def now(self, value):
        passed = value - self()
        self.wall_now += passed
        self.mono_now += passed


@contextlib.contextmanager
def running(tmp_path, settings=None, clock=None, db=None):
    """The app served by uvicorn in a thread; stopped when the block ends."""
    site = make_site(tmp_path / "site")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    config = Config(site=site, db=db or tmp_path / "tables.sqlite3",
                    origins=(f"http://127.0.0.1:{port}",), settings=settings or Settings(),
                    clock=clock, tick=0.05)
    app = create_app(config)
    # The server's own WebSocket options, but no pings: a test that stops reading is not a
    # dead network.
    options = dict(UVICORN, ws_ping_interval=None, ws_ping_timeout=None)
    guard = Guard.of(config.settings)
    server = Server(uvicorn.Config(app, lifespan="on", limit_concurrency=guard.in_all,
                                           **options, **guard.uvicorn_options()))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    running = Running(port, app)
    running.guard = guard
    running.loop_thread = thread.ident
    try:
        yield running
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)
        listener.close()


def receive(websocket):
    """The next view; an error message instead fails the test."""
    message = json.loads(websocket.recv(timeout=TIMEOUT))
    assert message["type"] == "view", message
    return message


def wait_for(websocket, wanted):
    """The first view for which `wanted(view message)` is true (earlier ones are skipped)."""
    while True:
        message = receive(websocket)
        if wanted(message):
            return message


def seated(seat0, seat1):
    """The views of both sockets once each shows both players connected."""
    def both(message):
        return all(state["connected"] for state in message["table"]["seats"])
    return [wait_for(seat0, both), wait_for(seat1, both)]


def view_after(websocket, version):
    """The first view newer than `version` (the newest either seat saw before acting)."""
    return wait_for(websocket, lambda message: message["version"] > version)


def refused_socket(server, code, key):
    """(the error message's reason, the close code) of a socket that opens no seat: it is told
    why, then closed."""
    with server.socket(code, key) as stranger:
        answer = json.loads(stranger.recv(timeout=TIMEOUT))
        try:
            stranger.recv(timeout=TIMEOUT)
        except ConnectionClosed:
            pass
        else:
            raise AssertionError("a refused socket was left open")
        assert answer["type"] == "error" and set(answer) == {"type", "reason"}
        return answer["reason"], stranger.close_code


def play_match(sockets, first_views, levels=("medium", "easy"), limit=2000):
    """Both seats choose with the computer on the views they receive, sending each action
    through their socket, until the match is over. Returns (last views, actions sent)."""
    players = [make_player(level, seat + 1) for seat, level in enumerate(levels)]
    views = list(first_views)
    sent = 0
    while not views[0]["view"]["phase"] == "match_over":
        assert sent < limit, "the match did not end"
        mover = views[0]["view"]["turn"]
        seat = 0 if mover is None else mover
        action = players[seat].choose(View.from_dict(views[seat]["view"]))
        sockets[seat].send(json.dumps({"type": "act", "action": action.to_dict()}))
        sent += 1
        version = max(view["version"] for view in views)
        views = [view_after(websocket, version) for websocket in sockets]
    return views, sent


# --- a registry of tables on fake time, without sockets ---------------------------------------

class Sync:
    """The registry's coroutines run to their end on the loop: `tables.open(...)` returns."""

    def __init__(self, tables, loop):
        self.inner = tables
        self.loop = loop

    def __getattr__(self, name):
        value = getattr(self.inner, name)
        if asyncio.iscoroutinefunction(value):
            return lambda *args: asyncio.run_coroutine_threadsafe(value(*args), self.loop).result(30)
        return value


def registry(path, clock, loop, settings=None):
    """A registry as a server starts it (its timers run the expiry at once)."""
    tables = Sync(Tables(Storage(Store(path)), clock, settings or Settings()), loop)
    tables.expire()
    return tables


def stored(tables, code):
    return tables.storage.store.load(code)
