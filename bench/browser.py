"""Browser figures of the game (printed, not asserted): the site against two floors, in one run.

Pages, all built from the site's own `en/index.html` (same HTML and CSS):
- "no script": the page with every script removed (first paint only: the floor of any page);
- "brython + 1 line": brython.js and one line of Python that marks `#game` ready (the floor
  of any page running Python with Brython);
- "site": the page as built; plus any other built site named in the environment variable
  BENCH_ALSO (`label=folder[,label=folder]`, e.g. the build of another branch), measured in the
  same run so that ratios compare like with like on a noisy machine.

Figures per page, medians of 5 (range in brackets), runs interleaved between pages:
- cold ready: navigation -> `#game[data-ready=true]` (performance.now() in the page), fresh
  browser profile each run; warm ready: the same on the 3rd+ load of one profile, from the
  HTTP cache (service workers blocked);
- warm ready from the service worker (generator/offline.py): the same once the site's worker
  controls the page (its scripts then come from its cache, network-first for the page), beside
  the HTTP cache's and the Brython floor's of the same run;
- first paint: first-contentful-paint of the cold loads;
- longest task: the longest main-thread task (Long Tasks API, so under 50 ms reads "<50") from
  navigation to half a second after ready, cold;
- second bundle in: navigation -> the page's second bundle (game-more.js) loaded and run
  (`#game[data-more-state=loaded]`), cold;
- bytes raw / gzip -9 / brotli 11 of the files a first page needs before it is ready (ratios
  to the Brython floor): the page, its stylesheet, the start script, the shim, the worker and
  the scripts the worker loads to be ready (`#game[data-worker-scripts]`) and the catalogue;
  and of the whole first page: those plus what the worker loads once ready (the second bundle
  `#game[data-more]`, the computer players' `data-players`);
- cold ready under emulated networks (Chrome DevTools presets, through CDP): "Fast 4G" and
  "Fast 3G" (what Lighthouse's mobile "slow 4G" applies).
Pages are served like `make serve` (generator.cli's handler: precompressed copies, cache headers).

Then: a second language's extra bytes, the computer's decision times in the game's worker, and
min-deadwood evaluations per second under Brython.

Targets on a 2-core machine (issue 37; the game runs in a Web Worker): cold ready no worse than
1.85x the Brython floor (which runs its one line on the main thread), longest main-thread task
during start-up <= 50 ms, Fast 3G cold ready <= 4 s; a second language <= 30 KB more.
"""

import gzip
import os
import re
import shutil
import statistics
import tempfile
from pathlib import Path

import brotli

from bench.pages import ARGS, CHROMIUM, ROOT, play_hands, serve

RUNS = int(os.environ.get("BENCH_RUNS", "5"))

# Chrome DevTools' presets: latency ms, download and upload bytes/s (DevTools applies 0.9).
NETWORKS = {
    "Fast 4G": (165, 9_000_000 * 0.9 / 8, 1_500_000 * 0.9 / 8),
    "Fast 3G": (562.5, 1_600_000 * 0.9 / 8, 750_000 * 0.9 / 8),
}

# Runs before any page script: when #game gets data-ready=true, and every long task.
PROBE = """
window.__bench = {ready: null, more: null, tasks: []};
new MutationObserver(function () {
  var g = document.getElementById("game");
  if (window.__bench.ready === null && g && g.dataset.ready === "true") {
    window.__bench.ready = performance.now();
  }
  if (window.__bench.more === null && g && g.dataset.moreState === "loaded") {
    window.__bench.more = performance.now();
  }
}).observe(document, {subtree: true, childList: true, attributes: true,
                      attributeFilter: ["data-ready", "data-more-state"]});
try {
  new PerformanceObserver(function (list) {
    for (var e of list.getEntries()) { window.__bench.tasks.push([e.startTime, e.duration]); }
  }).observe({type: "longtask", buffered: true});
} catch (e) {}
"""

FLOOR_START = """// Benchmark floor: Brython and one line of Python.
window.brython({debug: 0, indexeddb: false, ids: []});
__BRYTHON__.runPythonSource("from browser import document; document['game'].attrs['data-ready'] = 'true'", {id: "floor"});
"""


def _page_files(site, page_path):
    """The files a page loads to be ready: the HTML, its stylesheets and scripts, the shim, the
    game's worker and its scripts, the game catalogue."""
    html = (site / page_path).read_text(encoding="utf-8")
    base = (site / page_path).parent
    refs = re.findall(r'(?:src|href)="([^"#]+\.(?:js|css|svg))"', html)
    refs += re.findall(r'data-(?:catalog|shim|worker)="([^"]+)"', html)
    for scripts in re.findall(r'data-worker-scripts="([^"]+)"', html):
        refs += scripts.split()
    files = [page_path]
    for ref in refs:
        path = str((base / ref).resolve().relative_to(site.resolve()))
        if path not in files:
            files.append(path)
    return files


def _later_files(site, page_path, before):
    """What the game's worker loads once it is ready, beyond `before`: the second bundle and the
    computer players'."""
    html = (site / page_path).read_text(encoding="utf-8")
    base = (site / page_path).parent
    refs = re.findall(r'data-(?:more|players)="([^"]+)"', html)
    files = []
    for ref in refs:
        path = str((base / ref).resolve().relative_to(site.resolve()))
        if path not in before and path not in files:
            files.append(path)
    return files


def _sizes(site, paths):
    raw = gz = br = 0
    for path in paths:
        data = (site / path).read_bytes()
        raw += len(data)
        gz += len(gzip.compress(data, 9))
        br += len(brotli.compress(data, quality=11))
    return raw, gz, br


def _floor_pages(site):
    """Write the floor pages beside en/index.html (same HTML and CSS); their paths.

    The Brython floor runs the whole brython.js of the installed package (it compiles its one
    line), not the site's runtime without the compiler. A third page, brython.js with the
    site's game bundle and no start script, lets the benchmark run Python of its own against
    the game's modules (the site's pages cannot compile any); the bundle is loaded by the
    site's own `generator.runtime.RUNNER`, which loads it at once after a whole brython.js."""
    from generator.precompressed import compress_files
    from generator.runtime import RUNNER, brython_source, run_module_functions

    html = (site / "en" / "index.html").read_text(encoding="utf-8")
    # Every script, and the Play page's preloads of the scripts its start script runs.
    scripts = re.compile(r'<script\b[^>]*>.*?</script>\s*|<link rel="preload"[^>]* as="script">\s*', re.S)
    bundle = re.search(r'data-worker-scripts="[^"]*?([^" ]*/game\.[0-9a-f]+\.js)', html).group(1)
    bare = scripts.sub("", html)
    # Its importer runs the bundle's modules as the site's runtime does: as functions.
    runtime = brython_source()
    (site / "static" / "floor-brython.js").write_text(run_module_functions(runtime), encoding="utf-8")
    (site / "static" / "floor-start.js").write_text(FLOOR_START, encoding="utf-8")
    (site / "static" / "floor-runner.js").write_text(RUNNER, encoding="utf-8")
    full = '<script src="../static/floor-brython.js" defer></script>\n'
    floor = bare.replace("</head>", full + '<script src="../static/floor-start.js" defer></script>\n</head>')
    python = bare.replace("</head>", full + '<script src="../static/floor-runner.js" defer></script>\n'
                          '<script src="' + bundle + '" defer></script>\n</head>')
    (site / "en" / "floor-noscript.html").write_text(bare, encoding="utf-8")
    (site / "en" / "floor-brython.html").write_text(floor, encoding="utf-8")
    (site / "en" / "bench-python.html").write_text(python, encoding="utf-8")
    written = ["en/floor-noscript.html", "en/floor-brython.html", "en/bench-python.html",
               "static/floor-start.js", "static/floor-runner.js", "static/floor-brython.js"]
    compress_files(site / path for path in written)
    return written[0], written[1]


class Target:
    """One page to measure: its label, URL, the files it loads, whether it has a ready mark,
    whether it runs the game (a floor keeps #game's attributes but loads nothing after ready)."""

    def __init__(self, label, site, base, path, ready=True, game=True):
        self.label, self.url, self.ready = label, base + "/" + path, ready
        self.files = _page_files(site, path)
        self.bytes = _sizes(site, self.files)
        self.later = _later_files(site, path, self.files) if game else []
        self.whole = _sizes(site, self.files + self.later)
        self.cold, self.warm, self.paint, self.task, self.more = [], [], [], [], []
        # A page that registers the site's service worker (the floors keep the attribute, but
        # not the start script that reads it).
        self.offline = game and 'data-offline="' in (Path(site) / path).read_text(encoding="utf-8")
        self.warm_sw = []  # warm ready with the site's service worker in control
        self.network = {name: [] for name in NETWORKS}


def _load(page, target, timeout=120000):
    """One navigation; returns (ready ms or None, first paint ms, longest task ms, second
    bundle in ms or None)."""
    page.goto(target.url, wait_until="load", timeout=timeout)
    if target.ready:
        page.wait_for_function("window.__bench.ready !== null", timeout=timeout)
    page.wait_for_timeout(500)  # long tasks right after ready count too
    if any("game-more" in f for f in target.later):
        page.wait_for_function("window.__bench.more !== null", timeout=timeout)
    ready, paint, tasks, more = page.evaluate("""() => [window.__bench.ready,
        (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null,
        window.__bench.tasks, window.__bench.more]""")
    until = (ready if ready is not None else 0) + 500
    longest = max([d for start, d in tasks if start <= until] or [0])
    return ready, paint, longest, more


def _cold(browser, target, network=None):
    context = browser.new_context()
    context.add_init_script(PROBE)
    page = context.new_page()
    if network:
        latency, down, up = NETWORKS[network]
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency,
                                                      "downloadThroughput": down, "uploadThroughput": up})
    try:
        return _load(page, target)
    finally:
        context.close()


def _warm(browser, target, worker=False):
    """Warm ready on the 3rd+ load of one profile: from the HTTP cache, or (`worker`) once the
    site's service worker controls the page."""
    context = browser.new_context(service_workers="allow" if worker else "block")
    context.add_init_script(PROBE)
    page = context.new_page()
    try:
        for _ in range(2):
            _load(page, target)
        if worker:
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120000)
            _load(page, target)
            assert page.evaluate("navigator.serviceWorker.controller !== null")
        return [_load(page, target)[0] for _ in range(RUNS)]
    finally:
        context.close()


def _fmt(values, digits=0):
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def _ratio(values, floor):
    values = [v for v in values if v is not None]
    floor = [v for v in floor if v is not None]
    if not values or not floor:
        return ""
    return f" {statistics.median(values) / statistics.median(floor):.2f}x"


def _task(values):
    longest = statistics.median(values)
    return "<50" if longest < 50 else f"{longest:.0f} ({min(values):.0f}-{max(values):.0f})"


def _report(targets, floor):
    print(f"{'page':<22} {'cold ready ms':<24} {'warm ready ms':<22} {'first paint ms':<16} "
          f"{'longest task ms':<16} {'raw KB':>7} {'gzip KB':>8} {'br KB':>7}  (before ready)")
    for t in targets:
        raw, gz, br = t.bytes
        ratio = f"{gz / floor.bytes[1]:.2f}x" if t is not floor else ""
        print(f"{t.label:<22} {_fmt(t.cold) + _ratio(t.cold, floor.cold):<24} "
              f"{_fmt(t.warm) + _ratio(t.warm, floor.warm):<22} {_fmt(t.paint):<16} "
              f"{_task(t.task):<16} {raw / 1024:7.0f} {gz / 1024:8.0f} {br / 1024:7.0f} {ratio}")
    print("the whole first page: before ready, then what it loads once ready (second bundle, worker, "
          "the worker's scripts), cold:")
    for t in targets:
        raw, gz, br = t.whole
        later = ", ".join(f.rsplit("/", 1)[-1].split(".")[0] for f in t.later) or "nothing"
        print(f"  {t.label:<20} {raw / 1024:5.0f} KB raw, {gz / 1024:4.0f} KB gzip, {br / 1024:4.0f} KB brotli"
              f" (after ready: {later}); second bundle in {_fmt(t.more)} ms")
    print("warm ready from the service worker, against the HTTP cache and the Brython floor (same run):")
    for t in targets:
        if t.offline:
            print(f"  {t.label:<20} service worker {_fmt(t.warm_sw) + _ratio(t.warm_sw, floor.warm):<22} "
                  f"HTTP cache {_fmt(t.warm) + _ratio(t.warm, floor.warm):<22} "
                  f"floor {_fmt(floor.warm)}")
    for name, (latency, down, _) in NETWORKS.items():
        print(f"cold ready under emulated {name} ({latency:g} ms, {down * 8 / 1e6:.2f} Mbit/s down):")
        for t in targets:
            values = t.network[name] if t.ready else []
            paint = [p for p in t.network.get(name + " paint", [])]
            print(f"  {t.label:<20} ready {_fmt(values) + _ratio(values, floor.network[name]):<26} "
                  f"first paint {_fmt(paint)}")


def _others():
    """Other built sites to measure in the same run: BENCH_ALSO=label=folder[,label=folder]."""
    found = []
    for item in filter(None, os.environ.get("BENCH_ALSO", "").split(",")):
        label, _, folder = item.partition("=")
        if not folder or not (Path(folder) / "en" / "index.html").is_file():
            raise SystemExit("BENCH_ALSO: expected label=folder of a built site, got " + repr(item))
        found.append((label, Path(folder)))
    return found


def main():
    from generator.build import build

    work = Path(tempfile.mkdtemp(prefix="bench-browser-"))
    site = work / "site"
    build(ROOT, site, log=lambda *a, **k: None, warn=lambda *a, **k: None)
    first = _page_files(site, "en/index.html")
    second = [f for f in _page_files(site, "fr/index.html") if f not in first]
    raw2, gz2, br2 = _sizes(site, second)
    if not os.path.exists(CHROMIUM):
        print("browser figures: skipped (" + CHROMIUM + " is missing)")
        shutil.rmtree(work, ignore_errors=True)
        return
    from playwright.sync_api import sync_playwright

    bare, floor_page = _floor_pages(site)
    servers = [serve(site)]
    base = "http://127.0.0.1:" + str(servers[0].server_address[1])
    nothing = Target("no script (floor)", site, base, bare, ready=False, game=False)
    floor = Target("brython + 1 line", site, base, floor_page, game=False)
    targets = [nothing, floor, Target("site", site, base, "en/index.html")]
    for label, folder in _others():
        servers.append(serve(folder))
        targets.append(Target(label, folder, "http://127.0.0.1:" + str(servers[-1].server_address[1]),
                              "en/index.html"))
    decisions = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(RUNS):  # interleaved, so a noisy moment hits every page alike
                for t in targets:
                    ready, paint, longest, more = _cold(browser, t)
                    t.cold.append(ready)
                    t.paint.append(paint)
                    t.task.append(longest)
                    t.more.append(more)
            for t in targets:
                if t.ready:
                    t.warm = _warm(browser, t)
                    if t.offline:
                        t.warm_sw = _warm(browser, t, worker=True)
            for name in NETWORKS:
                for _ in range(RUNS):
                    for t in targets:
                        ready, paint, _, _ = _cold(browser, t, name)
                        t.network[name].append(ready)
                        t.network.setdefault(name + " paint", []).append(paint)
            _report(targets, floor)
            print(f"second language (fr/) afterwards: +{raw2 / 1024:.1f} KB raw, +{gz2 / 1024:.1f} KB gzip, "
                  f"+{br2 / 1024:.1f} KB brotli ({', '.join(second)})")
            # The computer's decisions, timed in the game's worker, over whole hands.
            for level in ("easy", "medium", "hard"):
                context = browser.new_context()
                context.add_init_script("try { localStorage.setItem('ginrummy.pace', '1');"
                                        "localStorage.setItem('ginrummy.prefs', JSON.stringify({level: '" + level + "'})); } catch (e) {}")
                page = context.new_page()
                page.goto(base + "/en/#seed=99")
                page.wait_for_selector("#game[data-ready=true]", timeout=60000)
                decisions.append((level, play_hands(page, 2)))
                context.close()
            speed = _deadwood_speed(browser, base)
            browser.close()
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
        shutil.rmtree(work, ignore_errors=True)
    for level, times in decisions:
        if times:
            print(f"computer decisions ({level}): {len(times)} decisions, median {statistics.median(times):.1f} ms, "
                  f"worst {max(times):.1f} ms")
    if speed:
        print(f"min_deadwood under Brython, 11 cards: random {speed[0]:,.0f} hands/s, dense {speed[1]:,.0f} hands/s")


def _deadwood_speed(browser, base):
    """min_deadwood of 11-card hands per second in the page (Brython), random and dense (ranks
    4-8), on the game's own module: the same figures as bench.engine's for CPython. (In the
    page of brython.js and the game bundle: the site's runtime has no compiler for this code.)"""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/en/bench-python.html", wait_until="load")
    rate = page.evaluate("""() => {
        brython({debug: 0, indexeddb: false, ids: []});
        const src = "from game.melds import min_deadwood\\n" +
          "from game.cards import DECK\\n" +
          "from game.rng import Rng\\n" +
          "from browser import window\\n" +
          "rng = Rng(5, 1)\\n" +
          "dense = [c for c in DECK if 4 <= c.rank <= 8]\\n" +
          "rates = []\\n" +
          "for pool in (list(DECK), dense):\\n" +
          "    hands = []\\n" +
          "    for k in range(200):\\n" +
          "        deck = list(pool)\\n" +
          "        rng.shuffle(deck)\\n" +
          "        hands.append(deck[:11])\\n" +
          "    t = window.performance.now()\\n" +
          "    for h in hands:\\n" +
          "        min_deadwood(h)\\n" +
          "    rates.append(len(hands) / ((window.performance.now() - t) / 1000))\\n" +
          "window.__benchRate = rates\\n";
        __BRYTHON__.runPythonSource(src, {id: "bench_deadwood"});
        return window.__benchRate; }""")
    context.close()
    return rate


if __name__ == "__main__":
    main()
