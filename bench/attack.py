"""`python -m bench attack [--targets server cluster] [--attacks idle storm flood] [--phase 10]
[--idle 2000] [--storm 4] [--flood 160] [--files N]`: what one hostile address does to two
honest players.

For each target (`server`: one `python -m server`; `cluster`: `python -m server.cluster` with
3 shards behind nginx), two honest players (127.0.0.3 and .4) play a table through their
WebSockets, thinking `--think` seconds a move, for three phases of `--phase` seconds: before,
during and after an attack from 127.0.0.2. Printed per phase: the act -> view time of the
honest moves (p50, p99, max, count). The attacks, one after the other:

- idle: `--idle` TCP connections that send nothing, each opened again as soon as the server
  closes it (D1 of the reliability review: 10,040 of them made every request a 503);
- storm: `--storm` loops reconnecting with the key of a seat of its own table, whose other seat
  is a victim that counts the views it receives (D4: 118 a second froze its page);
- flood: `--flood` sockets of its own tables (20 tables, 4 sockets a seat) each sending pings
  at the per-connection limit, 20 a second (weak 14: honest p90 12.6 -> 256 ms).

`--files 1024` runs the server under that file limit (the docs' `ulimit -n 1024` example, where
1,100 idle connections took every descriptor). A third address asks `/api/status` every half
second during the attack.

Figures are printed, never asserted; the machine is shared (compare the phases of one run).
"""

import argparse
import asyncio
import json
import multiprocessing
import random
import time

from websockets.asyncio.client import connect

from bench.live import ATTACKER, Target, honest_pair, percentiles, post

TARGETS = {"server": None, "cluster": 3}


def main(argv=()):
    parser = argparse.ArgumentParser(prog="python -m bench attack", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--targets", nargs="+", choices=list(TARGETS), default=list(TARGETS))
    parser.add_argument("--attacks", nargs="+", choices=list(ATTACKS), default=list(ATTACKS))
    parser.add_argument("--phase", type=float, default=10.0, help="seconds before, during, after")
    parser.add_argument("--think", type=float, default=0.2, help="an honest player's seconds a move")
    parser.add_argument("--idle", type=int, default=2000)
    parser.add_argument("--storm", type=int, default=4)
    parser.add_argument("--flood", type=int, default=160)
    parser.add_argument("--files", type=int, help="the server's file limit (ulimit -n), e.g. 1024")
    args = parser.parse_args(list(argv))
    for target in args.targets:
        for attack in args.attacks:
            with Target(TARGETS[target], files=args.files) as server:
                figures = measured(server, ATTACKS[attack], args)
            print(f"{target:8} {attack:6} {figures}", flush=True)


def measured(server, attack, args):
    """Run the honest pair through before / during / after `attack`; the printed lines."""
    context = multiprocessing.get_context("fork")
    results, holding, stop, done = (context.Queue(), context.Event(), context.Event(),
                                    context.Event())
    honest = context.Process(target=honest_pair, args=(server.port, args.think, done, results))

    def now():  # (wall time, the server's CPU seconds so far)
        return time.time(), server.cpu()

    honest.start()
    time.sleep(2)  # its first seconds connect and deal
    before = [now()]
    time.sleep(args.phase)
    before.append(now())
    hostile = context.Process(target=_run, args=(attack, server.port, args, holding, stop, results))
    hostile.start()
    holding.wait(60)
    during = [now()]
    probes = _probe(server.port, args.phase)
    during.append(now())
    stop.set()
    told = results.get(timeout=120)
    hostile.join(60)
    time.sleep(1)
    after = [now()]
    time.sleep(args.phase)
    after.append(now())
    done.set()
    played = results.get(timeout=60)
    honest.join(60)
    out = []
    for name, ((begin, cpu_begin), (end, cpu_end)) in (("before", before), ("during", during),
                                                       ("after", after)):
        waits = [wait for sent, wait in played["moves"] if begin <= sent < end]
        out.append(f"{name} {percentiles(waits)}, server CPU {(cpu_end - cpu_begin) / (end - begin):.0%}")
    return ("act->view " + "; ".join(out) + f"; honest errors {played['errors']}\n"
            f"         {told}\n         {probes}")


def _probe(port, seconds):
    """GET /api/status from a third address every half second for `seconds`: its answers."""
    import http.client

    answers, waits, end = {}, [], time.time() + seconds
    while time.time() < end:
        begun = time.perf_counter()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5,
                                                    source_address=("127.0.0.5", 0))
            connection.request("GET", "/api/status")
            status = connection.getresponse().status
            connection.close()
        except OSError as exc:
            status = type(exc).__name__
        waits.append(time.perf_counter() - begun)
        answers[status] = answers.get(status, 0) + 1
        time.sleep(0.5)
    return f"/api/status from a third address {answers}, p50 {percentiles(waits).split()[1]}"


def _run(attack, port, args, holding, stop, results):
    results.put(asyncio.run(attack(port, args, holding, stop)))


async def _idle(port, args, holding, stop):
    """Hold `args.idle` connections that send nothing, opening again each one closed."""
    counts = {"opened": 0, "closed by the server": 0, "refused": 0}

    async def one():
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                               local_addr=(ATTACKER, 0))
            except OSError:
                counts["refused"] += 1
                await asyncio.sleep(0.1)
                continue
            counts["opened"] += 1
            try:
                while not stop.is_set():
                    try:
                        if await asyncio.wait_for(reader.read(1), 0.5) == b"":
                            counts["closed by the server"] += 1
                            break
                    except TimeoutError:
                        continue
            except OSError:
                counts["closed by the server"] += 1
            writer.close()

    tasks = [asyncio.create_task(one()) for _ in range(args.idle)]
    while counts["opened"] < args.idle and not stop.is_set():
        await asyncio.sleep(0.05)
    holding.set()
    await asyncio.gather(*tasks)
    return f"attacker: {args.idle} idle, " + ", ".join(f"{k} {v}" for k, v in counts.items())


async def _storm(port, args, holding, stop):
    """Reconnect in `args.storm` loops with a seat's key; the other seat counts its views."""
    base, url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws/tables/"
    opened = post(port, "/api/tables", {"rules": "classic"}, ATTACKER)
    joined = post(port, f"/api/tables/{opened['code']}/join", {}, "127.0.0.6")
    counts = {"connects": 0, "refused": 0, "views to the victim": 0}
    begun = time.time()

    async def victim():
        async with connect(url + opened["code"] + "?key=" + joined["key"], origin=base,
                           local_addr=("127.0.0.6", 0)) as socket:
            while not stop.is_set():
                try:
                    message = json.loads(await asyncio.wait_for(socket.recv(), 0.5))
                except TimeoutError:
                    continue
                counts["views to the victim"] += message["type"] == "view"

    async def loop():
        while not stop.is_set():
            try:
                async with connect(url + opened["code"] + "?key=" + opened["key"], origin=base,
                                   local_addr=(ATTACKER, 0)) as socket:
                    message = json.loads(await socket.recv())
                    counts["connects" if message["type"] == "view" else "refused"] += 1
            except Exception:  # refused handshakes, closes: the attacker goes on
                counts["refused"] += 1
                await asyncio.sleep(0.01)

    watcher = asyncio.create_task(victim())
    holding.set()
    await asyncio.gather(*[loop() for _ in range(args.storm)])
    await watcher
    seconds = time.time() - begun
    return (f"attacker: {args.storm} reconnect loops, {counts['connects']} connects, "
            f"{counts['refused']} refused; the victim got {counts['views to the victim']} views "
            f"({counts['views to the victim'] / seconds:.1f} a second)")


async def _flood(port, args, holding, stop):
    """`args.flood` sockets of 20 own tables, each sending 20 pings a second."""
    base, url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws/tables/"
    seats = []
    for _ in range(20):
        opened = post(port, "/api/tables", {"rules": "classic"}, ATTACKER)
        if "code" not in opened:
            break
        joined = post(port, f"/api/tables/{opened['code']}/join", {}, ATTACKER)
        seats += [(opened["code"], opened["key"]), (opened["code"], joined.get("key", ""))]
    counts = {"pings": 0, "pongs": 0, "refused": 0, "closed": 0}

    async def one(code, key):
        try:
            async with connect(url + code + "?key=" + key, origin=base,
                               local_addr=(ATTACKER, 0)) as socket:
                async def read():
                    try:
                        async for text in socket:
                            kind = json.loads(text)
                            counts["pongs"] += kind.get("type") == "pong"
                            counts["refused"] += kind.get("type") == "error"
                    except Exception:  # closed for its flood (1008): counted below
                        pass
                reader = asyncio.create_task(read())
                await asyncio.sleep(random.random() * 0.05)
                while not stop.is_set():
                    await socket.send('{"type": "ping"}')
                    counts["pings"] += 1
                    await asyncio.sleep(0.05)
                reader.cancel()
        except Exception:
            counts["closed"] += 1

    sockets = [seats[n % len(seats)] for n in range(args.flood)]
    tasks = [asyncio.create_task(one(code, key)) for code, key in sockets]
    await asyncio.sleep(1.0)
    holding.set()
    await asyncio.gather(*tasks)
    return "attacker: " + ", ".join(f"{k} {v}" for k, v in counts.items())


ATTACKS = {"idle": _idle, "storm": _storm, "flood": _flood}


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
