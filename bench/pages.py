"""What the browser benchmarks share: the Chromium they drive, a built site served as `make
serve` serves it (generator.cli's handler: precompressed copies, cache headers), and whole
hands played on its page."""

import functools
import http.server
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


class _Quiet:
    def log_message(self, *args):
        pass


def serve(directory):
    """Serve `directory` on a free 127.0.0.1 port, in a daemon thread, until `shutdown()`."""
    from generator.cli import _Handler

    handler = functools.partial(type("BenchHandler", (_Quiet, _Handler), {}), directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def play_hands(page, hands):
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
            # Select, Discard: two taps (a build that asks to confirm each discard is confirmed).
            page.click("#game .g-hand .g-new")
            page.click('#game [data-act="discard"]')
            if asks_to_confirm(page):
                page.click('#game [data-act="confirm_discard"]')
    return list(page.evaluate("window.gameDecisionTimes || []"))


def asks_to_confirm(page):
    """Once Discard is pressed: whether the game asks to confirm it (a build whose player asked
    for it, or an older one measured with --also), else the discard is made."""
    page.wait_for_function("""() => { const g = document.querySelector('#game');
        return g.querySelector('.g-dialog') || g.dataset.phase !== 'discard' || g.dataset.turn !== 'me'; }""")
    return page.locator('#game [data-act="confirm_discard"]').count() > 0
