"""`python -m bench tables [--tables 200 1000] [--seconds 60] [--think 1]`: load on the table server.

Starts `python -m server` on a free 127.0.0.1 port, opens the tables over HTTP, connects two
WebSocket clients per table (spread over `--processes` client processes) and lets them play
computer-vs-computer moves through the sockets: the `easy` player chooses on the view each client
receives, waits `--think` seconds (a quick human; 0 plays flat out, which measures capacity, not
latency) and sends the action; a finished match is followed by a new game both accept.
Prints actions per second, p50/p99 from an `act` to the next `view` on the same socket, errors,
the server's CPU share and memory. Figures are printed, never asserted.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

from game.ai import make_player
from game.view import View

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 3.0  # seconds for every client to connect and start playing before measuring


def main(argv=()):
    parser = argparse.ArgumentParser(prog="python -m bench tables", description=__doc__)
    parser.add_argument("--tables", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--seconds", type=float, default=60.0, help="measured play per run")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a client waits before each action (0: flat out)")
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    args = parser.parse_args(list(argv))
    _raise_file_limit(max(args.tables) * 4 + 256)
    for count in args.tables:
        figures = run(count, args.seconds, args.think, args.processes)
        print(report(count, args.seconds, args.think, figures), flush=True)


def report(count, seconds, think, f):
    lat = sorted(f["latencies"])
    if not lat:
        return f"tables {count}: no action measured ({f['errors']} errors)"

    def ms(fraction):
        return lat[min(len(lat) - 1, int(fraction * len(lat)))] * 1000

    return (f"{count:5} tables, {2 * count:5} clients, think {think:g} s, {seconds:g} s: "
            f"{len(lat) / seconds:6,.0f} actions/s, act->view p50 {ms(0.5):5.1f} ms "
            f"p99 {ms(0.99):6.1f} ms max {lat[-1] * 1000:5.0f} ms, errors {f['errors']}, "
            f"server CPU {f['cpu'] / seconds:4.0%}, RSS {f['rss'] / 1024:4.0f} MiB "
            f"(peak {f['peak'] / 1024:.0f}, {f['idle_rss'] / 1024:.0f} at start), "
            f"machine load {f['load']:.1f} (target: p99 <= 50 ms at 200 tables)")


def run(count, seconds, think, processes):
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        site.mkdir()
        (site / "index.html").write_text("<!doctype html><title>bench</title>")
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "server", "--port", str(port), "--site", str(site),
             "--db", str(Path(folder) / "tables.sqlite3"),
             "--opens-per-minute", str(count * 2), "--joins-per-minute", str(count * 2),
             "--messages-per-second", "10000"],  # flat-out clients are not people
            cwd=ROOT, stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_until_up(base)
            idle_rss = _memory(server.pid)["VmRSS"]
            tables = [_open(base) for _ in range(count)]
            start = time.time() + WARM_UP
            context = multiprocessing.get_context("fork")
            results = context.Queue()
            workers = [context.Process(target=_worker,
                                       args=(port, tables[n::processes], think, start, seconds, results))
                       for n in range(processes)]
            for worker in workers:
                worker.start()
            time.sleep(max(0.0, start - time.time()))
            cpu_start = _cpu(server.pid)
            time.sleep(seconds)
            cpu = _cpu(server.pid) - cpu_start
            memory = _memory(server.pid)
            load = os.getloadavg()[0]
            parts = [results.get(timeout=seconds + 60) for _ in workers]
            for worker in workers:
                worker.join()
        finally:
            server.kill()
            server.wait()
    return {"latencies": [value for part in parts for value in part["latencies"]],
            "errors": sum(part["errors"] for part in parts), "cpu": cpu, "rss": memory["VmRSS"],
            "peak": memory["VmHWM"], "idle_rss": idle_rss, "load": load}


def _worker(port, tables, think, start, seconds, results):
    stats = {"latencies": [], "errors": 0}
    asyncio.run(_play(port, tables, think, start, start + seconds, stats))
    results.put(stats)


async def _play(port, tables, think, start, end, stats):
    clients = [asyncio.create_task(_client(port, code, seat, key, think, start, end, stats))
               for code, keys in tables for seat, key in enumerate(keys)]
    await asyncio.gather(*clients)


async def _client(port, code, seat, key, think, start, end, stats):
    player = make_player("easy", seat + 1)
    url = f"ws://127.0.0.1:{port}/ws/tables/{code}?key={key}"
    async with connect(url, origin=f"http://127.0.0.1:{port}", max_size=2**20) as websocket:
        await asyncio.sleep(random.random() * min(1.0, WARM_UP / 2))  # not all on one tick
        sent_at = sent_wall = None
        while time.time() < end:
            try:
                message = json.loads(await asyncio.wait_for(websocket.recv(), 1.0))
            except TimeoutError:
                continue
            if message["type"] == "error":
                stats["errors"] += 1
                continue
            if sent_at is not None:
                if start <= sent_wall < end:
                    stats["latencies"].append(time.perf_counter() - sent_at)
                sent_at = None
            answer = _answer(player, seat, message)
            if answer is None:
                continue
            if think:
                await asyncio.sleep(think * (0.5 + random.random()))
            sent_at, sent_wall = time.perf_counter(), time.time()
            await websocket.send(json.dumps(answer))


def _answer(player, seat, message):
    view, table = message["view"], message["table"]
    if not all(state["connected"] for state in table["seats"]):
        return None
    if view["phase"] == "match_over":  # seat 0 offers a new game, seat 1 accepts
        offered = table["new_game_offered_by"]
        if (seat, offered) in ((0, None), (1, 0)):
            return {"type": "new_game", "accept": True}
        return None
    mover = view["turn"]
    if not view["legal_actions"] or (mover is None and seat != 0):
        return None
    return {"type": "act", "action": player.choose(View.from_dict(view)).to_dict()}


def _open(base):
    opened = _post(base + "/api/tables", {"rules": "classic"}, base)
    joined = _post(base + f"/api/tables/{opened['code']}/join", {}, base)
    return opened["code"], (opened["key"], joined["key"])


def _post(url, body, origin):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Origin": origin})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def _wait_until_up(base):
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/api/status", timeout=5)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _memory(pid):
    """VmRSS and VmHWM of a process, in KiB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0])
    return found


def _cpu(pid):
    """User + system CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _raise_file_limit(wanted):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


if __name__ == "__main__":
    main(sys.argv[1:])
