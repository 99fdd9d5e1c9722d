"""`python -m bench tables [--tables 200 1000] [--seconds 30] [--think 1] [--through-proxy [--shards 1 3]]`.

Load on the table server. Starts `python -m server` on a free 127.0.0.1 port (or, with
`--through-proxy`, `python -m server.cluster`: nginx in front of each `--shards` count of
shards, every count in the same run), opens the tables over HTTP, connects two WebSocket
clients per table (spread over `--processes` client processes, apart from the server's) and
lets them play: each client picks its move from the view's own figures (knock or gin when
listed, else the discard leaving the least deadwood, else the stock), so the clients cost little
next to the server; it waits `--think` seconds (a quick human; 0 plays flat out, which measures
capacity, not latency) and sends it; a finished match is followed by a new game both accept.
Prints actions per second, p50/p99 from an `act` to the next `view` on the same socket, errors,
the server processes' CPU share and memory. Figures are printed, never asserted.
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

from bench.client import client_move

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 3.0  # seconds for every client to connect and start playing before measuring


def main(argv=()):
    parser = argparse.ArgumentParser(prog="python -m bench tables", description=__doc__)
    parser.add_argument("--tables", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--seconds", type=float, default=30.0, help="measured play per run")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a client waits before each action (0: flat out)")
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument("--through-proxy", action="store_true",
                        help="through nginx and server.cluster's shards (Debian's nginx)")
    parser.add_argument("--shards", type=int, nargs="+", default=[1, 3],
                        help="with --through-proxy: shard counts, each run in turn")
    args = parser.parse_args(list(argv))
    _raise_file_limit(max(args.tables) * 4 + 256)
    from bench.roomcost import cost
    moves, micros = cost()
    print(f"in process, no sockets: {moves} moves, {micros:.0f} us CPU a move (parse, act, the "
          f"stored row, both seats' views as JSON)", flush=True)
    for shards in (args.shards if args.through_proxy else [None]):
        for count in args.tables:
            figures = run(count, args.seconds, args.think, args.processes, shards)
            print(report(count, args.seconds, args.think, shards, figures), flush=True)


def report(count, seconds, think, shards, f):
    lat = sorted(f["latencies"])
    where = "direct" if shards is None else f"proxy, {shards} shard{'s' if shards > 1 else ''}"
    if not lat:
        return f"{where}, tables {count}: no action measured ({f['errors']} errors)"

    def ms(fraction):
        return lat[min(len(lat) - 1, int(fraction * len(lat)))] * 1000

    return (f"{where:17} {count:5} tables, think {think:g} s, {seconds:g} s: "
            f"{len(lat) / seconds:6,.0f} actions/s, act->view p50 {ms(0.5):5.1f} ms "
            f"p99 {ms(0.99):6.1f} ms max {lat[-1] * 1000:5.0f} ms, errors {f['errors']}, "
            f"server CPU {f['cpu'] / seconds:4.0%} ({f['cpu'] * 1e6 / max(1, len(lat)):.0f} us/action), "
            f"RSS {f['rss'] / 1024:4.0f} MiB, machine load {f['load']:.1f}")


def run(count, seconds, think, processes, shards):
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        site.mkdir()
        (site / "index.html").write_text("<!doctype html><title>bench</title>")
        (site / "404.html").write_text("<!doctype html><title>not here</title>")
        port = _free_port()
        # Every client comes from 127.0.0.1, and flat-out clients are not people.
        limits = ["--opens-per-minute", str(count * 2), "--joins-per-minute", str(count * 2),
                  "--messages-per-second", "10000", "--sockets-per-ip", str(count * 2 + 16),
                  "--connects-per-ip-per-minute", str(count * 4),
                  "--messages-per-ip-per-second", str(count * 100)]
        if shards is None:
            command = [sys.executable, "-m", "server", "--port", str(port), "--site", str(site),
                       "--db", str(Path(folder) / "tables.sqlite3"), *limits]
        else:
            command = [sys.executable, "-m", "server.cluster", "--shards", str(shards), "--port",
                       str(port), "--site", str(site), "--db-dir", str(Path(folder) / "db"), *limits]
        server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_until_up(base)
            pids = _server_pids(server.pid)
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
            cpu_start = sum(_cpu(pid) for pid in pids)
            time.sleep(seconds)
            cpu = sum(_cpu(pid) for pid in pids) - cpu_start
            rss = sum(_memory(pid)["VmRSS"] for pid in pids)
            load = os.getloadavg()[0]
            parts = [results.get(timeout=seconds + 60) for _ in workers]
            for worker in workers:
                worker.join()
        finally:
            server.terminate()
            server.wait()
    return {"latencies": [value for part in parts for value in part["latencies"]],
            "errors": sum(part["errors"] for part in parts), "cpu": cpu, "rss": rss, "load": load}


def _worker(port, tables, think, start, seconds, results):
    stats = {"latencies": [], "errors": 0}
    asyncio.run(_play(port, tables, think, start, start + seconds, stats))
    results.put(stats)


async def _play(port, tables, think, start, end, stats):
    clients = [asyncio.create_task(_client(port, code, seat, key, think, start, end, stats))
               for code, keys in tables for seat, key in enumerate(keys)]
    await asyncio.gather(*clients)


async def _client(port, code, seat, key, think, start, end, stats):
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
            if message["type"] != "view":
                continue
            if sent_at is not None:
                if start <= sent_wall < end:
                    stats["latencies"].append(time.perf_counter() - sent_at)
                sent_at = None
            answer = client_move(seat, message)
            if answer is None:
                continue
            if think:
                await asyncio.sleep(think * (0.5 + random.random()))
            sent_at, sent_wall = time.perf_counter(), time.time()
            await websocket.send(json.dumps(answer))


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
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/api/status", timeout=5)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _server_pids(pid):
    """The server's process and its children (a cluster's shards and nginx)."""
    pids = [pid]
    for child in Path(f"/proc/{pid}/task").glob("*/children"):
        pids += [int(n) for n in child.read_text().split()]
    for extra in list(pids[1:]):
        for child in Path(f"/proc/{extra}/task").glob("*/children"):
            pids += [int(n) for n in child.read_text().split()]
    return pids


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _memory(pid):
    """VmRSS and VmHWM of a process, in KiB."""
    found = {"VmRSS": 0, "VmHWM": 0}
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
