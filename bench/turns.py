"""The main thread during the computer's turns (printed, not asserted): `python -m bench turns`.

Plays whole hands against each level in headless Chromium (the person passes, draws and
discards the card drawn, by keyboard) and reports the longest main-thread task that contains a
computer decision (Long Tasks API: tasks over 50 ms), with the decision times themselves. It
answers one question: does the computer's turn block the page long enough to need a Web Worker?
"""

import os
import shutil
import statistics
import tempfile
from pathlib import Path

from bench.pages import ARGS, CHROMIUM, ROOT, serve

# Long tasks and the moments decisions end, recorded in the page from its first script on.
OBSERVE = """
window.__longTasks = [];
window.__decisionEnds = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
localStorage.setItem('ginrummy.pace', '1');
"""

HANDS = 3


def play(page, hands):
    done = 0
    for _ in range(3000):
        page.wait_for_function("document.querySelector('#game').dataset.busy !== 'true'", timeout=60000)
        phase, turn = page.evaluate("() => { const g = document.querySelector('#game');"
                                    " return [g.dataset.phase, g.dataset.turn]; }")
        if phase == "match_over":
            return
        if phase == "hand_over":
            done += 1
            if done >= hands:
                return
            page.keyboard.press("n")
        elif turn != "me":
            page.wait_for_timeout(5)
        elif phase == "upcard":
            page.keyboard.press("s")
        elif phase == "draw":
            page.keyboard.press("d")
        else:
            if page.evaluate("document.activeElement.getAttribute('aria-pressed')") != "true":
                page.keyboard.press("Enter")
            page.keyboard.press("x")
            page.keyboard.press("Enter")


def main():
    from generator.build import build

    if not os.path.exists(CHROMIUM):
        print("turns: skipped (" + CHROMIUM + " is missing)")
        return
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench-turns-"))
    site = work / "site"
    build(ROOT, site, log=lambda *a, **k: None, warn=lambda *a, **k: None)
    server = serve(site)
    base = "http://127.0.0.1:" + str(server.server_address[1])
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for level in ("easy", "medium", "hard"):
                context = browser.new_context()
                context.add_init_script(OBSERVE + "localStorage.setItem('ginrummy.prefs', JSON.stringify({level: '"
                                        + level + "'}));")
                page = context.new_page()
                page.goto(base + "/en/#seed=99")
                page.wait_for_selector("#game[data-ready=true]", timeout=60000)
                page.evaluate("""() => { const record = window.gameRecordDecision;
                    window.gameRecordDecision = ms => { window.__decisionEnds.push(performance.now()); record(ms); }; }""")
                play(page, HANDS)
                tasks, ends, times = page.evaluate(
                    "[window.__longTasks, window.__decisionEnds, window.gameDecisionTimes || []]")
                context.close()
                turn_tasks = [d for s, d in tasks if any(s <= t <= s + d for t in ends)]
                longest = max(turn_tasks) if turn_tasks else 0
                print(f"{level:6}: {len(times)} decisions, decision median {statistics.median(times):.1f} ms, "
                      f"worst {max(times):.1f} ms; long tasks (>50 ms) during computer turns: "
                      f"{len(turn_tasks)}, longest {longest:.0f} ms")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
