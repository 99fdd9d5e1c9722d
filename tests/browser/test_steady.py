"""A steady table (issue 25, point 1): on a 360x740 phone, in each language, whole hands are
played by touch and nothing the player aims at moves between turns. Every region has its own
room (the prompt, the row of cards the opponent took from the pile, the line under the hand, the
moves), so a prompt of three lines, a card taken from the pile or a long deadwood line moves
neither the hand nor the buttons.

Measured two ways after every step of play (a move of either side, a selection, the hints):
- the boxes of the hand, the piles and each move button, which may not move by more than 2 px;
- Chromium's layout shifts (`PerformanceObserver`, type 'layout-shift'), summed over the whole
  play, **the shifts right after an input included** (Chromium's CLS leaves out the shifts within
  500 ms of a tap, `hadRecentInput`; here every move is a tap, so that would leave out exactly
  the shifts a player sees): the sum stays under 0.02. Chromium's CLS is the largest session
  window, never more than this sum.
"""

import pytest

from tests.browser.conftest import LANGS
from tests.browser.test_game import state, wait_idle
from tests.browser.test_table import seed_dealt_by_the_computer

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}

SHIFTS = """
window.__shifts = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__shifts.push([e.startTime, e.value, e.hadRecentInput,
    (e.sources || []).map(s => (s.node && s.node.nodeType === 1 ? s.node.className || s.node.tagName : '#text')
      + ' ' + Math.round(s.previousRect.y) + '->' + Math.round(s.currentRect.y)
      + ' x ' + Math.round(s.previousRect.x) + '->' + Math.round(s.currentRect.x)).join('; ')]);
}).observe({type: "layout-shift", buffered: true});
window.__ends = [];  // when a hand ended (its end screen replaces the table)
new MutationObserver(() => {
  const g = document.querySelector('#game');
  if (g && ['hand_over', 'match_over'].includes(g.dataset.phase)) window.__ends.push(performance.now());
}).observe(document, {attributes: true, attributeFilter: ['data-phase'], subtree: true});
"""

# The boxes that may not move: the hand, the piles and each move button by its command (the
# buttons of one phase are not those of another: each is compared with itself).
BOXES = """() => {
  const out = {};
  const put = (name, el) => { if (!el) return; const r = el.getBoundingClientRect();
    if (r.width || r.height) out[name] = [r.left, r.top, r.right, r.bottom]; };
  put('hand', document.querySelector('#game .g-hand-area'));
  const rows = document.querySelector('#game .g-hand');
  if (rows) { const r = rows.getBoundingClientRect(); out['hand rows'] = [0, r.top, 0, r.bottom]; }
  put('piles', document.querySelector('#game .g-piles'));
  put('stock', document.querySelector('#game .g-stock'));
  put('actions', document.querySelector('#game .g-actions'));
  for (const b of document.querySelectorAll('#game .g-actions [data-act]')) put(b.dataset.act, b);
  return out;
}"""


def tap(page, selector):
    box = page.locator(selector).first.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_idle(page)


class Watch:
    """The first box seen of each name, and every change past 2 px since."""

    def __init__(self, page):
        self.page = page
        self.first = {}
        self.moved = []
        self.paused = []  # [from, to] times (performance.now()) left out of the shifts' sum
        self.resume()

    def pause(self):
        """From the moment the hand ended (the page's record of it)."""
        since = self.paused[-1][1]
        ends = [t for t in self.page.evaluate("window.__ends") if t >= since]
        self.paused.append([min(ends) if ends else self.page.evaluate("performance.now()"), None])

    def resume(self):
        if self.paused:
            self.paused[-1][1] = self.page.evaluate("performance.now()")
        else:
            self.paused.append([0, self.page.evaluate("performance.now()")])

    def shifts(self):
        """The layout shifts during play (outside the pauses): [time, value, recent input, sources]."""
        end = self.page.evaluate("performance.now()")
        return [e for e in self.page.evaluate("window.__shifts")
                if not any(a <= e[0] <= (b if b is not None else end) for a, b in self.paused)]

    def look(self, when):
        for name, box in self.page.evaluate(BOXES).items():
            seen = self.first.setdefault(name, (box, when))
            worst = max(abs(a - b) for a, b in zip(box, seen[0], strict=True))
            if worst > 2:
                self.moved.append(f"{name} moved {worst:.0f} px ({seen[1]} -> {when})")


def play_hands(page, watch, hands, hints=False):
    """Play `hands` whole hands by touch (pass or take, draw, select a card, discard; with
    `hints`, ask for one first), looking at the boxes after each step; the hand's end and the
    next deal are left alone."""
    played = 0
    for step in range(400):
        wait_idle(page)
        current = state(page)
        where = f"{current['phase']}/{current['turn']} #{step}"
        if current["phase"] in ("hand_over", "match_over"):
            # The end of a hand replaces the table (another helper's screen): its shifts and
            # those of the next deal's first drawing are not the table's during play.
            watch.pause()
            played += 1
            if played == hands or current["phase"] == "match_over":
                return
            tap(page, '#game [data-act="next_hand"]')
            page.wait_for_function("!['hand_over', 'match_over'].includes(document.querySelector('#game').dataset.phase)")
            wait_idle(page)
            watch.resume()
            continue
        watch.look(where)
        if current["turn"] != "me":
            page.wait_for_timeout(10)
            continue
        if current["phase"] == "upcard":
            tap(page, '#game [data-act="take_upcard"]' if step % 2 else '#game [data-act="pass"]')
        elif current["phase"] == "draw":
            tap(page, '#game [data-act="pile"]' if step % 3 == 0 else '#game [data-act="draw_stock"]')
        else:
            if hints:
                tap(page, '#game [data-act="hint"]')
                page.wait_for_selector("#game .g-hint")
                watch.look(where + " hint")
            # A card that may be discarded: the one just drawn, else the first not just taken.
            tap(page, "#game .g-hand .g-new, #game .g-hand .g-card:not(.g-taken)")
            watch.look(where + " selected")
            tap(page, '#game [data-act="discard"]')
            if page.locator("#game .g-dialog-discard").count():  # a confirmation, if there is one
                tap(page, '#game [data-act="confirm_discard"]')
    raise AssertionError("the hands did not end: " + repr(state(page)))


@pytest.mark.parametrize("lang,hints", [(lang, False) for lang in LANGS] + [("fr", True)])
def test_nothing_moves_on_the_table_during_whole_hands(browser, base_url, lang, hints):
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
    if hints:  # the hint button among the moves, and a hint asked on every turn
        ctx.add_init_script("localStorage.setItem('ginrummy.prefs', JSON.stringify({hints: true}))")
    ctx.add_init_script(SHIFTS)
    try:
        page = ctx.new_page()
        page.set_default_timeout(20000)
        page.goto(base_url + "/" + lang + "/#seed=" + str(seed_dealt_by_the_computer(61)))
        page.wait_for_selector("#game[data-ready=true]")
        wait_idle(page)
        watch = Watch(page)
        play_hands(page, watch, 2, hints)
        shifts = watch.shifts()
        score = sum(e[1] for e in shifts)
        print(lang, f"layout shifts during play: {score:.4f} in {len(shifts)} shifts")
        assert watch.moved == [], "\n".join(watch.moved[:12])
        assert score < 0.02, f"layout shifts during play: {score:.4f} {[e for e in shifts if e[1] > 0.0005][:6]!r}"
        assert page.evaluate("scrollY") == 0
    finally:
        ctx.close()
