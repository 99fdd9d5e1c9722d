"""The coach's speed (printed, not asserted): `python -m bench coach [--positions N] [--no-browser]`.

A hint in every position where a player of varied matches decides (medium, easy and simple
against Hard; classic and Oklahoma), then the review of whole hands:

- CPython: each hint (`game.ai.coach.suggest`) timed on its own; median, 98th percentile and
  worst, all positions and those where a knock is allowed (the coach then deals the unseen cards
  `estimate.SAMPLES` times twice over); the review of each hand (`game.ai.review.review`).
- The computer's Web Worker in headless Chromium: the built site's own worker
  (static/game-worker.js, the page's Brython runtime and bundles from the page's
  `data-worker-scripts`) answers a coach request per position, {"coach": true, "view": ...}, and
  reports each answer's time (JSON in, the View read, the hint worked out, JSON out). The first
  answer (the worker's JIT still cold) is given apart.

Target (issue 24): a hint's 98th percentile under 300 ms in the Worker.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from game.actions import KNOCK, NEXT_HAND, Action
from game.ai import make_player
from game.ai.coach import suggest
from game.ai.review import review
from game.match import Match
from game.replay import decisions
from game.rules import Rules

PAIRS = (("medium", "hard"), ("easy", "hard"), ("simple", "hard"))
PRESETS = ("classic", "oklahoma")


def positions(count):
    """Views where a player decides, from matches of varied pairs and rules, in order."""
    views = []
    seed = 0
    while len(views) < count:
        pair, preset = PAIRS[seed % len(PAIRS)], PRESETS[(seed // len(PAIRS)) % len(PRESETS)]
        match = Match.new(2000 + seed, Rules.preset(preset))
        players = [make_player(pair[0], seed), make_player(pair[1], seed + 1)]
        while match.phase != "match_over" and len(views) < count:
            if match.phase == "hand_over":
                match.apply(Action(NEXT_HAND))
                continue
            view = match.view(match.current_player)
            if len(view.legal_actions) > 1:
                views.append(view)
            match.apply(players[match.current_player].choose(view))
        seed += 1
    return views


def knock_allowed(view):
    return view.phase == "discard" and any(a.kind == KNOCK for a in view.legal_actions)


def _percentiles(values):
    ordered = sorted(values)
    return (statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.98))], ordered[-1])


def _line(label, values):
    p50, p98, worst = _percentiles(values)
    return f"  {label:34} {len(values):>6} {p50:>8.1f} {p98:>8.1f} {worst:>8.1f}"


def cpython(views):
    times, knocks = [], []
    for view in views:
        start = time.perf_counter()
        suggest(view)
        spent = 1000 * (time.perf_counter() - start)
        times.append(spent)
        if knock_allowed(view):
            knocks.append(spent)
    hands = []
    for seed in range(24):
        match = Match.new(3000 + seed)
        players = [make_player(PAIRS[seed % 3][0], seed), make_player("hard", seed + 1)]
        while match.hand.phase != "over":
            match.apply(players[match.current_player].choose(match.view(match.current_player)))
        steps = decisions(match.to_dict(), 0)
        start = time.perf_counter()
        review(steps)
        hands.append(1000 * (time.perf_counter() - start))
    print("CPython (ms)                        count      p50      p98    worst")
    print(_line("hint, every position", times))
    print(_line("hint, a knock allowed", knocks))
    print(_line("review of a hand (seat 0)", hands))


def browser(views):
    from bench.pages import ARGS, CHROMIUM, serve
    from generator.build import build

    if not os.path.exists(CHROMIUM):
        print("browser figures: skipped (" + CHROMIUM + " is missing)")
        return
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench-coach-"))
    site = work / "site"
    build(Path(__file__).resolve().parent.parent, site, log=lambda *a, **k: None, warn=lambda *a, **k: None)
    html = (site / "en" / "index.html").read_text(encoding="utf-8")
    worker = re.search(r'data-worker="([^"]+)"', html).group(1).replace("../", "/")
    scripts = [s.replace("../", "/") for s in re.search(r'data-worker-scripts="([^"]+)"', html).group(1).split()]
    (site / "en" / "bench-coach.html").write_text("<!doctype html><title>bench</title>", encoding="utf-8")
    requests = [json.dumps({"coach": True, "view": view.to_dict()}) for view in views]
    server = serve(site)
    base = "http://127.0.0.1:" + str(server.server_address[1])
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = chromium.new_page()
            page.goto(base + "/en/bench-coach.html")
            times = page.evaluate("""([worker, scripts, requests]) => new Promise((done, failed) => {
                const w = new Worker(worker), times = [];
                let next = 0;
                const ask = () => w.postMessage({id: next, request: requests[next]});
                w.onmessage = (ev) => {
                  const d = ev.data;
                  if (d.kind === "failed") { failed(d.failed); return; }
                  if (d.kind === "ready") { ask(); return; }
                  times.push(d.ms);
                  next += 1;
                  if (next < requests.length) { ask(); } else { done(times); }
                };
                w.postMessage({scripts: scripts.map(s => new URL(s, location.href).href)});
            })""", [worker, scripts, requests])
            chromium.close()
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(work, ignore_errors=True)
    knocks = [t for t, view in zip(times, views, strict=True) if knock_allowed(view)][1:]
    print("the Web Worker, headless Chromium (ms) count      p50      p98    worst")
    print(f"  {'first hint (cold)':34} {1:>6} {times[0]:>8.1f}")
    print(_line("hint, every position (the rest)", times[1:]))
    print(_line("hint, a knock allowed", knocks))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench coach", description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args(argv or [])
    views = positions(args.positions)
    print(f"coach: {len(views)} positions, {sum(knock_allowed(v) for v in views)} with a knock allowed")
    cpython(views)
    if not args.no_browser:
        browser(views)


if __name__ == "__main__":
    main()
