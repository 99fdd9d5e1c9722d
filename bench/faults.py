"""`python -m bench faults [--kills 10] [--phase 10] [--tables 20]`: a shard that keeps dying,
and a clock set by hand, while honest players play.

- kills: `python -m server.cluster` with 3 shards; two honest players play a table of one
  shard, while another shard is killed with SIGKILL `--kills` times, each time killed again as
  soon as it has been started again (before it answers: D2 of the reliability review stopped
  the whole cluster there), then left to come back. Printed: whether nginx and the cluster
  still serve, how long the shard took to answer after the last kill, the honest moves'
  act -> view before / during / after, and whether the killed shard's table kept its moves.
- clock: the server in this process on a wall clock the benchmark steps (the monotonic clock
  runs on, as libfaketime with FAKETIME_DONT_FAKE_MONOTONIC): `--tables` tables (one played),
  then +8 days for 3 s and back (D3: every idle table was deleted at the next tick), -120 s
  (weak 1: every message dropped for 120 s), -8 days; the expiry runs every second here.
  Printed: the tables still stored after each step, the messages answered.

Figures are printed, never asserted.
"""

import argparse
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import uvicorn
from websockets.sync.client import connect

from bench.live import GUEST, HOST, Target, honest_pair, percentiles, post
from server.app import Config, create_app
from server.clock import DAY, Clock
from server.guard import Guard, Server
from server.tables import Settings


def main(argv=()):
    parser = argparse.ArgumentParser(prog="python -m bench faults", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", nargs="+", choices=["kills", "clock"], default=["kills", "clock"])
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--phase", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=0.2)
    parser.add_argument("--tables", type=int, default=20)
    args = parser.parse_args(list(argv))
    if "kills" in args.cases:
        print("kills  " + kills(args), flush=True)
    if "clock" in args.cases:
        print("clock  " + clock(args.tables), flush=True)


def kills(args):
    context = multiprocessing.get_context("fork")
    with Target(3) as cluster:
        tables = {}
        while len(tables) < 2:  # one table on two different shards
            opened = post(cluster.port, "/api/tables", {"rules": "classic"}, HOST)
            joined = post(cluster.port, f"/api/tables/{opened['code']}/join", {}, GUEST)
            tables.setdefault(opened["code"][0], (opened["code"], opened["key"], joined["key"]))
        (honest_prefix, honest), (dead_prefix, dead) = list(tables.items())[:2]
        history = _play_one(cluster.port, dead)
        results, done = context.Queue(), context.Event()
        pair = context.Process(target=honest_pair,
                               args=(cluster.port, args.think, done, results, honest))
        begun = time.time()
        pair.start()
        time.sleep(args.phase + 2)
        attacked = time.time()
        for _ in range(args.kills):
            old = _shard_pid(cluster.process.pid, dead_prefix, wait=120)
            _kill(old)
            _kill(_shard_pid(cluster.process.pid, dead_prefix, wait=120, other_than=old))  # again,
            # before it answers
        killed = time.time()
        back = _back(cluster.process.pid, dead_prefix)
        time.sleep(args.phase)
        ended = time.time()
        done.set()
        played = results.get(timeout=60)
        pair.join(60)
        alive = cluster.process.poll() is None
        again = _play_one(cluster.port, dead, moves=0)
    phases = {"before": (begun + 2, attacked), "during": (attacked, killed + back),
              "after": (killed + back + 1, ended)}
    lines = [f"{name} {percentiles([w for sent, w in played['moves'] if a <= sent < b])}"
             for name, (a, b) in phases.items()]
    return (f"{args.kills} kills of shard {dead_prefix} and of each restart before it answered "
            f"({killed - attacked:.1f} s): cluster alive {alive}; shard {dead_prefix} answered "
            f"{back:.1f} s after the last kill; its table kept its {len(history)} moves: "
            f"{again[:len(history)] == history}\n       honest table on shard {honest_prefix}: "
            + "; ".join(lines) + f"; errors {played['errors']}")


def _shard_pid(cluster_pid, prefix, wait, other_than=None):
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        found = subprocess.run(["pgrep", "-P", str(cluster_pid), "-f", f"code-prefix {prefix}"],
                               capture_output=True, text=True).stdout.split()
        pids = [int(pid) for pid in found if int(pid) != other_than and not _zombie(int(pid))]
        if pids:
            return pids[0]
        time.sleep(0.005)
    raise SystemExit(f"shard {prefix} did not start again within {wait:g} s")


def _kill(pid):
    """SIGKILL, and wait until it is dead (a zombie its parent has not reaped yet, or gone)."""
    os.kill(pid, signal.SIGKILL)
    while not _zombie(pid):
        time.sleep(0.001)


def _zombie(pid):
    """A process killed that its parent has not reaped yet (pgrep still lists it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def _back(cluster_pid, prefix):
    """Seconds until the shard answers again (asked directly, on its own port)."""
    begun = time.monotonic()
    while True:
        pid = _shard_pid(cluster_pid, prefix, wait=300)
        arguments = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        port = int(arguments[arguments.index(b"--port") + 1])
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2).close()
            return time.monotonic() - begun
        except OSError:
            time.sleep(0.02)


def _play_one(port, table, moves=2):
    """Play `moves` first legal moves at `table`; returns its history as seat 0 sees it."""
    code, key0, key1 = table
    base = f"ws://127.0.0.1:{port}/ws/tables/{code}?key="
    origin = f"http://127.0.0.1:{port}"
    with connect(base + key0, origin=origin, open_timeout=5) as seat0, \
            connect(base + key1, origin=origin, open_timeout=5) as seat1:
        views = [_view(seat0), _view(seat1)]
        for _ in range(moves):
            mover = views[0]["view"]["turn"] or 0
            action = views[mover]["view"]["legal_actions"][0]
            (seat0, seat1)[mover].send(json.dumps({"type": "act", "action": action}))
            version = max(view["version"] for view in views)
            views = [_view(seat, version) for seat in (seat0, seat1)]
        return views[0]["view"]["history"]


def _view(websocket, newer_than=-1):
    while True:
        message = json.loads(websocket.recv(timeout=10))
        if message["type"] == "view" and message["version"] > newer_than:
            return message


def clock(count):
    step = [0.0]
    wall = Clock(wall=lambda: time.time() + step[0])
    with tempfile.TemporaryDirectory() as folder, _served(Path(folder), wall) as (port, app):
        store = app.state.tables.storage.store
        tables = [post(port, "/api/tables", {"rules": "classic"}, f"127.0.1.{n}") for n in range(count)]
        first = tables[0]
        joined = post(port, f"/api/tables/{first['code']}/join", {}, GUEST)
        _play_one(port, (first["code"], first["key"], joined["key"]), moves=3)
        out = []

        def stored():
            return store.db.execute("SELECT count(*) FROM tables").fetchone()[0]

        for label, seconds, hold in (("+8 d for 3 s, then back", 8 * DAY, 3.0),
                                     ("-8 d for 3 s, then back", -8 * DAY, 3.0)):
            step[0] = seconds
            time.sleep(hold)
            during = stored()
            step[0] = 0.0
            time.sleep(2.0)
            out.append(f"{label}: {during} then {stored()} of {count} tables stored")
        step[0] = -120.0
        time.sleep(1.5)  # the timers follow the step (it is under a day)
        answered = _pings(port, first["code"], first["key"], 25, 0.2)
        step[0] = 0.0
        out.append(f"-120 s: {answered} of 25 messages answered in the 5 s after")
        lines = [line for line in app.state.log if "clock:" in line or "expiry:" in line]
    return "; ".join(out) + "\n       log: " + " | ".join(lines[:4])


def _pings(port, code, key, count, every):
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{code}?key={key}",
                 origin=f"http://127.0.0.1:{port}") as socket:
        _view(socket)
        answered = 0
        for _ in range(count):
            socket.send('{"type": "ping"}')
            try:
                answered += json.loads(socket.recv(timeout=1))["type"] == "pong"
            except TimeoutError:
                pass
            time.sleep(every)
        return answered


class _served:
    """The server app on a free port in a thread, on the clock `wall`, expiring every second."""

    def __init__(self, folder, wall):
        self.folder, self.wall = folder, wall

    def __enter__(self):
        import logging

        site = self.folder / "site"
        site.mkdir()
        (site / "index.html").write_text("bench")
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        settings = Settings()
        config = Config(site=site, db=self.folder / "tables.sqlite3",
                        origins=(f"http://127.0.0.1:{port}",), settings=settings, clock=self.wall,
                        tick=0.2, sweep_every=1.0)
        app = create_app(config)
        app.state.log = []
        handler = logging.Handler()
        handler.emit = lambda record: app.state.log.append(record.getMessage())
        logging.getLogger("server").addHandler(handler)
        guard = Guard.of(settings)
        self.server = Server(uvicorn.Config(app, lifespan="on", log_level="error",
                                            **guard.uvicorn_options()))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [listener]},
                                       daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.01)
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=10).close()
        self.listener = listener
        return port, app

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)
        self.listener.close()


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
