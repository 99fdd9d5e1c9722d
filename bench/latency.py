"""How fast a move answers (printed, not asserted): `python -m bench latency [--slowdown 4]
[--hands 2] [--runs 3] [--also LABEL=SITE ...]`.

Plays whole hands against Hard on a 360x740 phone-sized page, once by keyboard and once by tap,
with the CPU slowed down (Chrome DevTools' throttling through CDP; 4x is Lighthouse's phone
slowdown). CDP cannot slow a Web Worker ("only supported for pages"), and the game thinks in
one: its worker is slowed by the same factor by hand (`WORKER_SLOWDOWN`, put before the worker's
script: each task the worker runs is followed by a busy wait of (factor - 1) times its own
length, as if its core were that much slower). Reported, per way of playing:
- interaction latency: the Event Timing API's duration of each interaction (the event to the
  next frame after its handlers, as the browser's INP counts it): p50, p98 and the worst;
- the move's result drawn: a player's move (key or tap) to the first frame after the game drew
  its result (the page calls `window.gameRecordDraw` when it drew; none in the floor): p50, p98;
- the longest main-thread task during play, from the first move on (Long Tasks API: over 50
  ms, else "<50"; the start-up has its own figures, `python -m bench browser`).
Beside it, in the same run, a vanilla-JS floor: a page of ten buttons whose key and tap
handlers select a card and write a sentence in a live region, as a hand-written page would.
`--also LABEL=SITE` measures other built sites too (another branch's build), in the same run.
"""

import argparse
import shutil
import tempfile
from pathlib import Path

from bench.pages import ARGS, CHROMIUM, ROOT, asks_to_confirm, serve

# Before any script of the page: every interaction's duration, every long task, every draw.
PROBE = """
window.__lat = {events: [], tasks: [], draws: [], moves: []};
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__lat.events.push([e.interactionId, e.name, e.startTime, e.duration]);
    }
  }).observe({type: 'event', durationThreshold: 16, buffered: true});
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__lat.tasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
// The game calls this once it drew a View: the frame after it is when the player sees it.
window.gameRecordDraw = function () {
  const drawn = performance.now();
  requestAnimationFrame(() => setTimeout(() => window.__lat.draws.push([drawn, performance.now()]), 0));
};
for (const type of ['keydown', 'pointerdown']) {
  addEventListener(type, e => window.__lat.moves.push(e.timeStamp), true);
}
try { localStorage.setItem('ginrummy.pace', '400');
      localStorage.setItem('ginrummy.prefs', JSON.stringify({level: 'hard', mode: 'cpu'})); } catch (e) {}
"""

# Before the game worker's own script (a route adds it): every task of the worker (a message, a
# timer, a message port's) takes `factor` times as long.
WORKER_SLOWDOWN = """(function (factor) {
  function slow(fn) {
    return function () {
      var start = performance.now();
      try { return fn.apply(this, arguments); } finally {
        var until = performance.now() + (performance.now() - start) * (factor - 1);
        while (performance.now() < until) { /* the slower core */ }
      }
    };
  }
  ["setTimeout", "setInterval"].forEach(function (name) {
    var original = self[name];
    self[name] = function (fn, ms) { return original.call(self, typeof fn === "function" ? slow(fn) : fn, ms); };
  });
  [self, MessagePort.prototype].forEach(function (target) {
    Object.defineProperty(target, "onmessage", { configurable: true, set: function (fn) {
      this.addEventListener("message", slow(fn));
      if (this instanceof MessagePort) { this.start(); }  // a port starts with onmessage
    } });
  });
})(FACTOR);
"""

FLOOR = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>floor</title>
<style>button{min-width:2.5rem;min-height:3.5rem;margin:2px}[aria-pressed=true]{transform:translateY(-8px)}</style>
</head><body><div id="game" data-ready="true"><p id="live" aria-live="polite"></p><ul id="hand"></ul></div>
<script src="floor.js"></script></body></html>
"""
# A file of its own: the site's security headers allow no inline script.
FLOOR_JS = """const hand = document.getElementById('hand'), live = document.getElementById('live');
for (let i = 0; i < 10; i++) {
  const li = document.createElement('li'), b = document.createElement('button');
  b.textContent = 'card ' + i; b.setAttribute('aria-pressed', 'false'); b.dataset.card = i;
  li.appendChild(b); hand.appendChild(li);
}
function pick(b) {
  for (const o of hand.querySelectorAll('button')) o.setAttribute('aria-pressed', String(o === b));
  live.textContent = 'Selected: ' + b.textContent + '.';
  if (window.gameRecordDraw) window.gameRecordDraw();
}
hand.addEventListener('click', e => { const b = e.target.closest('button'); if (b) pick(b); });
document.addEventListener('keydown', e => {
  const buttons = [...hand.querySelectorAll('button')];
  const at = Math.max(0, buttons.indexOf(document.activeElement));
  const next = buttons[(at + (e.key === 'ArrowLeft' ? 9 : 1)) % 10];
  next.focus(); pick(next);
});
"""


def main(argv=()):
    parser = argparse.ArgumentParser(prog="python -m bench latency", description=__doc__)
    parser.add_argument("--slowdown", type=float, default=4.0, help="CPU slowdown (1: none)")
    parser.add_argument("--hands", type=int, default=2, help="hands played per way of playing")
    parser.add_argument("--runs", type=int, default=3, help="runs per page, interleaved")
    parser.add_argument("--also", nargs="*", default=[], help="LABEL=SITE: other built sites")
    args = parser.parse_args(list(argv))
    from playwright.sync_api import sync_playwright

    from generator.build import build

    work = Path(tempfile.mkdtemp(prefix="bench-latency-"))
    site = work / "site"
    build(ROOT, site, log=lambda *a, **k: None, warn=lambda *a, **k: None)
    (site / "floor.html").write_text(FLOOR, encoding="utf-8")
    (site / "floor.js").write_text(FLOOR_JS, encoding="utf-8")
    sites = [("site", site)] + [tuple(pair.split("=", 1)) for pair in args.also]
    servers = [serve(Path(folder)) for _, folder in sites]
    bases = ["http://127.0.0.1:" + str(s.server_address[1]) for s in servers]
    figures = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(args.runs):
                _floor(browser, bases[0], args.slowdown, figures.setdefault("vanilla-JS floor", _empty()))
                for (label, _folder), base in zip(sites, bases, strict=True):
                    for way in ("keyboard", "tap"):
                        _play(browser, base, way, args.hands, args.slowdown,
                              figures.setdefault(label + " by " + way, _empty()))
            browser.close()
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
        shutil.rmtree(work, ignore_errors=True)
    print(f"CPU slowed {args.slowdown:g}x, 360x740, against Hard; {args.runs} runs; ms")
    print(f"{'':<24} {'interactions':>12} {'p50':>6} {'p98':>6} {'worst':>6}   {'drawn p50':>9} "
          f"{'drawn p98':>9}   {'longest task':>12}")
    for label, f in figures.items():
        print(_line(label, f))


def _empty():
    return {"events": [], "drawn": [], "tasks": []}


def _line(label, f):
    def pct(values, q):
        if not values:
            return "-"
        values = sorted(values)
        return f"{values[min(len(values) - 1, int(q * len(values)))]:.0f}"

    worst = f"{max(f['events']):.0f}" if f["events"] else "-"
    longest = max(f["tasks"]) if f["tasks"] else 0
    return (f"{label:<24} {len(f['events']):>12} {pct(f['events'], 0.5):>6} {pct(f['events'], 0.98):>6} "
            f"{worst:>6}   {pct(f['drawn'], 0.5):>9} {pct(f['drawn'], 0.98):>9}   "
            f"{'<50' if longest < 50 else f'{longest:.0f}':>12}")


def _page(browser, slowdown, touch):
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=touch,
                                  is_mobile=touch, device_scale_factor=2 if touch else 1)
    context.add_init_script(PROBE)
    if slowdown != 1:
        context.route("**/static/game-worker.*.js", lambda route: _slowed_worker(route, slowdown))
    page = context.new_page()
    page.set_default_timeout(120000)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    return context, page


def _slowed_worker(route, slowdown):
    response = route.fetch()
    route.fulfill(response=response, body=WORKER_SLOWDOWN.replace("FACTOR", repr(float(slowdown))) + response.text())


def _collect(page, into):
    """Each interaction's longest event, each move's first drawn frame, the long tasks."""
    lat = page.evaluate("window.__lat")
    longest = {}
    for interaction, _name, _start, duration in lat["events"]:
        longest[interaction] = max(duration, longest.get(interaction, 0))
    into["events"] += list(longest.values())
    draws = sorted(lat["draws"])
    for moved in lat["moves"]:
        later = [frame for drawn, frame in draws if drawn >= moved]
        if later:
            into["drawn"].append(later[0] - moved)
    # During play: from the first move on (the page's start-up has its own figures, bench.browser).
    first = min(lat["moves"]) if lat["moves"] else float("inf")
    into["tasks"] += [duration for start, duration in lat["tasks"] if start + duration > first]


def _floor(browser, base, slowdown, into):
    for touch in (False, True):
        context, page = _page(browser, slowdown, touch)
        page.goto(base + "/floor.html")
        for i in range(20):
            if touch:
                page.tap(f'#hand [data-card="{i % 10}"]')
            else:
                page.keyboard.press("ArrowRight")
            page.wait_for_timeout(50)
        _collect(page, into)
        context.close()


def _shortcut(page, key):
    return page.get_attribute('#game [data-key="' + key + '"]', "aria-keyshortcuts").split()[0].lower()


def _play(browser, base, way, hands, slowdown, into):
    """Whole hands against Hard, by keyboard or by tap: pass the upcard, draw from the stock,
    discard the card drawn (select, Discard: two taps; a build that asks to confirm a discard,
    such as an older one measured with --also, is confirmed), deal the next hand."""
    touch = way == "tap"
    context, page = _page(browser, slowdown, touch)
    page.goto(base + "/en/#seed=4242")
    page.wait_for_selector("#game[data-ready=true]")
    done = 0
    for _ in range(4000):
        page.wait_for_function("document.querySelector('#game').dataset.busy !== 'true'")
        phase, turn = page.evaluate("() => { const g = document.querySelector('#game');"
                                    " return [g.dataset.phase, g.dataset.turn]; }")
        if phase == "match_over":
            break
        if phase == "hand_over":
            done += 1
            if done >= hands:
                break
            _do(page, touch, "next_hand", "next_hand")
            continue
        if turn != "me":
            page.wait_for_timeout(20)
            continue
        if phase == "upcard":
            _do(page, touch, "pass", "pass")
        elif phase == "draw":
            _do(page, touch, "draw_stock", "stock")
        elif phase == "discard":
            if touch:
                page.tap("#game .g-hand .g-new")
            elif page.evaluate("document.activeElement.getAttribute('aria-pressed')") != "true":
                page.keyboard.press("Enter")
            _do(page, touch, "discard", "discard")
            if asks_to_confirm(page):
                if touch:
                    page.tap('#game [data-act="confirm_discard"]')
                else:
                    page.keyboard.press("Enter")
        page.wait_for_timeout(30)
    page.wait_for_timeout(500)
    _collect(page, into)
    context.close()


def _do(page, touch, act, key):
    if touch:
        page.tap('#game [data-act="' + act + '"]')
    else:
        page.keyboard.press(_shortcut(page, key))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
