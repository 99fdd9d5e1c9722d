"""Browser figures of the game (printed, not asserted): start-up, bytes, computer decisions.

- navigation -> `#game[data-ready=true]`: median of 5 cold loads (fresh browser profile each)
  and of 5 warm loads (same profile, 3rd+ load: HTTP cache and Brython's compiled-module cache);
- bytes transferred (raw and gzip) for a first page, then a page in a second language;
- the computer's decision time in the page (median and worst, over a full hand or more);
- min-deadwood evaluations per second under Brython.

Targets on a 2-core machine: cold <= 1.0 s, warm <= 300 ms, first page <= 400 KB gzip, a second
language <= 30 KB more, no decision blocking the page over 100 ms.
"""

import functools
import gzip
import http.server
import os
import shutil
import socketserver
import statistics
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _serve(directory):
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(directory)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _ready_time(page, url):
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#game[data-ready=true]", timeout=60000)
    return time.perf_counter() - started


def _sizes(site, paths):
    raw = gz = 0
    for path in paths:
        data = (site / path).read_bytes()
        raw += len(data)
        gz += len(gzip.compress(data, 9))
    return raw, gz


def _page_files(site, page_path):
    """The files a page loads: the HTML, its stylesheets, scripts and the game catalogue."""
    import re

    html = (site / page_path).read_text(encoding="utf-8")
    files = [page_path]
    base = (site / page_path).parent
    for ref in re.findall(r'(?:src|href)="([^"#]+\.(?:js|css))"', html):
        files.append(str((base / ref).resolve().relative_to(site.resolve())))
    catalog = re.search(r'data-catalog="([^"]+)"', html)
    if catalog:
        files.append("static/" + catalog.group(1))
    return files


def main():
    from generator.build import build

    work = Path(tempfile.mkdtemp(prefix="bench-browser-"))
    site = work / "site"
    build(ROOT, site, log=lambda *a, **k: None, warn=lambda *a, **k: None)
    first = _page_files(site, "en/index.html")
    second = [f for f in _page_files(site, "fr/index.html") if f not in first]
    raw1, gz1 = _sizes(site, first)
    raw2, gz2 = _sizes(site, second)
    print(f"first page (en/): {raw1 / 1024:.0f} KB raw, {gz1 / 1024:.0f} KB gzip ({len(first)} files)")
    print(f"second language (fr/) afterwards: +{raw2 / 1024:.1f} KB raw, +{gz2 / 1024:.1f} KB gzip "
          f"({', '.join(second)})")
    if not os.path.exists(CHROMIUM):
        print("browser figures: skipped (" + CHROMIUM + " is missing)")
        shutil.rmtree(work, ignore_errors=True)
        return
    from playwright.sync_api import sync_playwright

    server = _serve(site)
    base = "http://127.0.0.1:" + str(server.server_address[1])
    cold, warm = [], []
    decisions = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(5):
                context = browser.new_context()
                page = context.new_page()
                cold.append(_ready_time(page, base + "/en/"))
                context.close()
            context = browser.new_context()
            page = context.new_page()
            for _ in range(2):
                _ready_time(page, base + "/en/")
            for _ in range(5):
                warm.append(_ready_time(page, base + "/en/rules.html"))
            # Bytes over the wire for a second language in the same (warm) browser.
            transferred = []
            page.on("response", lambda r: transferred.append(r.url))
            _ready_time(page, base + "/fr/")
            context.close()
            # The computer's decisions, timed in the page, over whole hands.
            for level in ("easy", "medium", "hard"):
                context = browser.new_context()
                context.add_init_script("try { localStorage.setItem('ginrummy.pace', '1');"
                                        "localStorage.setItem('ginrummy.prefs', JSON.stringify({level: '" + level + "'})); } catch (e) {}")
                page = context.new_page()
                page.goto(base + "/en/#seed=99")
                page.wait_for_selector("#game[data-ready=true]", timeout=60000)
                times = _play_hands(page, 2)
                decisions.append((level, times))
                context.close()
            speed = _deadwood_speed(browser, base)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(work, ignore_errors=True)
    print(f"start-up to data-ready: cold median {statistics.median(cold) * 1000:.0f} ms "
          f"(runs {', '.join(f'{t * 1000:.0f}' for t in cold)}), warm median "
          f"{statistics.median(warm) * 1000:.0f} ms (runs {', '.join(f'{t * 1000:.0f}' for t in warm)})")
    print("second-language requests: " + ", ".join(sorted(u.rsplit('/', 1)[1] or u for u in transferred)))
    for level, times in decisions:
        if times:
            print(f"computer decisions ({level}): {len(times)} decisions, median {statistics.median(times):.1f} ms, "
                  f"worst {max(times):.1f} ms")
    if speed:
        print(f"min_deadwood under Brython, 11 cards: random {speed[0]:,.0f} hands/s, dense {speed[1]:,.0f} hands/s")


def _play_hands(page, hands):
    """Play whole hands (the person passes, draws, discards the drawn card); the computer's
    decision times come from window.gameDecisionTimes."""
    done = 0
    for _ in range(2000):
        page.wait_for_function("document.querySelector('#game').dataset.busy !== 'true'", timeout=60000)
        info = page.evaluate("() => { const g = document.querySelector('#game'); return [g.dataset.phase, g.dataset.turn]; }")
        phase, turn = info
        if phase == "match_over":
            break
        if phase == "hand_over":
            done += 1
            if done >= hands:
                break
            page.click('#game [data-act="next_hand"]')
            continue
        if turn != "me":
            page.wait_for_timeout(5)
            continue
        if phase == "upcard":
            page.click('#game [data-act="pass"]')
        elif phase == "draw":
            page.click('#game [data-act="draw_stock"]')
        elif phase == "discard":
            page.click("#game .g-hand .g-new")
            page.click('#game [data-act="discard"]')
            page.click('#game [data-act="confirm_discard"]')
    return list(page.evaluate("window.gameDecisionTimes || []"))


def _deadwood_speed(browser, base):
    """min_deadwood of 11-card hands per second in the page (Brython), random and dense (ranks
    4-8), on the game's own module: the same figures as bench.engine's for CPython."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/en/#seed=7")
    page.wait_for_selector("#game[data-ready=true]", timeout=60000)
    rate = page.evaluate("""() => {
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
