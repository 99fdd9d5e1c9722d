"""What the hostile benchmarks share (`bench.attack`, `bench.faults`): a table server or a
cluster of three shards behind nginx started on a free port, and two honest players who play
a table from addresses of their own and time each move from `act` to the view that answers it.
"""

import asyncio
import http.client
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from bench.tables import ROOT, _answer, _free_port, _raise_file_limit, _wait_until_up

ATTACKER = "127.0.0.2"  # the hostile address; the honest players are 127.0.0.3 and .4
HOST, GUEST = "127.0.0.3", "127.0.0.4"


class Target:
    """`python -m server` (`shards` None) or `python -m server.cluster --shards N`, serving a
    tiny site on a free 127.0.0.1 port, with the documented limits (nothing raised)."""

    def __init__(self, shards=None, extra=(), files=None):
        self.shards = shards
        self.extra = list(extra)
        self.files = files  # the server's file limit (`ulimit -n`), None: this process's

    def __enter__(self):
        _raise_file_limit(20000)
        self.folder = tempfile.TemporaryDirectory()
        folder = Path(self.folder.name)
        site = folder / "site"
        (site / "en").mkdir(parents=True)
        for page in ("index.html", "404.html", "en/index.html"):
            (site / page).write_text("<!doctype html><title>bench</title>")
        self.port = _free_port()
        if self.shards is None:
            command = [sys.executable, "-m", "server", "--port", str(self.port), "--site", str(site),
                       "--db", str(folder / "tables.sqlite3"), *self.extra]
        else:
            command = [sys.executable, "-m", "server.cluster", "--shards", str(self.shards), "--port",
                       str(self.port), "--site", str(site), "--db-dir", str(folder / "db"), *self.extra]
        limit = None if self.files is None else (
            lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (self.files, self.files)))
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True, preexec_fn=limit)
        _wait_until_up(f"http://127.0.0.1:{self.port}")
        return self

    def cpu(self):
        """CPU seconds used so far by the server's processes (a cluster's shards and nginx)."""
        from bench.tables import _cpu, _server_pids

        total = 0.0
        for pid in _server_pids(self.process.pid):
            try:
                total += _cpu(pid)
            except OSError:  # a shard that died meanwhile
                pass
        return total

    def __exit__(self, *exc):
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log = self.process.stderr.read()
        self.process.stderr.close()
        self.folder.cleanup()


def post(port, path, body, source):
    """The JSON answer of a POST from the address `source`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        connection.request("POST", path, body=json.dumps(body),
                           headers={"Origin": f"http://127.0.0.1:{port}"})
        return json.loads(connection.getresponse().read())
    finally:
        connection.close()


def honest_pair(port, think, done, results, code=None):
    """Two players at one table until `done` is set; puts {"moves": [(sent at, seconds to its
    view)], "errors": n} on `results` (run in a process of its own). `code`: (code, key0, key1)
    of a table opened already, else one is opened."""
    if code is None:
        opened = post(port, "/api/tables", {"rules": "classic"}, HOST)
        joined = post(port, f"/api/tables/{opened['code']}/join", {}, GUEST)
    else:
        opened, joined = {"code": code[0], "key": code[1]}, {"key": code[2]}
    stats = {"moves": [], "errors": 0}
    seats = [(HOST, opened["key"]), (GUEST, joined["key"])]
    asyncio.run(_pair(port, opened["code"], seats, think, done, stats))
    results.put(stats)


async def _pair(port, code, seats, think, done, stats):
    await asyncio.gather(*[_player(port, code, seat, source, key, think, done, stats)
                           for seat, (source, key) in enumerate(seats)])


async def _player(port, code, seat, source, key, think, done, stats):
    url = f"ws://127.0.0.1:{port}/ws/tables/{code}?key={key}"
    while not done.is_set():  # a socket the server lost is opened again, as the page does
        try:
            async with connect(url, origin=f"http://127.0.0.1:{port}", local_addr=(source, 0),
                               open_timeout=10) as socket:
                await _play(socket, seat, think, done, stats)
        except Exception:
            stats["errors"] += 1
            await asyncio.sleep(0.5)


async def _play(socket, seat, think, done, stats):
    sent_at = sent_wall = None
    while not done.is_set():
        try:
            message = json.loads(await asyncio.wait_for(socket.recv(), 0.5))
        except TimeoutError:
            continue
        if message["type"] == "error":
            stats["errors"] += 1
            sent_at = None
            continue
        if message["type"] != "view":
            continue
        if sent_at is not None:
            stats["moves"].append((sent_wall, time.perf_counter() - sent_at))
            sent_at = None
        answer = _answer(seat, message)
        if answer is None:
            continue
        await asyncio.sleep(think)
        sent_at, sent_wall = time.perf_counter(), time.time()
        await socket.send(json.dumps(answer))


def percentiles(waits):
    """`p50 1.2 p99 8.0 max 9.1 ms (n 120)` of seconds."""
    if not waits:
        return "no move (n 0)"
    waits = sorted(waits)

    def ms(fraction):
        return waits[min(len(waits) - 1, int(fraction * len(waits)))] * 1000

    return f"p50 {ms(0.5):.1f} p99 {ms(0.99):.1f} max {waits[-1] * 1000:.0f} ms (n {len(waits)})"
