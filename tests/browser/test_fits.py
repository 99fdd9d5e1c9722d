"""The table fits every screen (issue 25, point 2): on the Play page, the opponent, the piles,
the hand and the move buttons are inside the first screen, with no scrolling, from a 320x568
phone to a 1280x800 laptop, a phone on its side (640x360: the piles beside the hand) and 200 %
zoom on 1280x800, in every language; the hand's ten cards are in one row or two even ones; on
a phone the site's header is folded into one slim bar.

200 % zoom is emulated as what it is to the page: a 640x400 CSS-pixel viewport with a device
scale factor of 2. One page load per size and language.
"""

import pytest

from tests.browser.conftest import LANGS

pytestmark = pytest.mark.browser

# name: (width, height, device scale factor, touch)
SIZES = {
    "320x568": (320, 568, 1, True),
    "360x640": (360, 640, 1, True),
    "375x667": (375, 667, 1, True),
    "390x844": (390, 844, 1, True),
    "640x360": (640, 360, 1, True),
    "768x1024": (768, 1024, 1, True),
    "1280x800": (1280, 800, 1, False),
    "1280x800 at 200%": (640, 400, 2, False),
}

# The table's parts a player needs on the first screen, each box in CSS pixels.
PARTS = """() => {
  const out = {};
  for (const [name, sel] of [['opponent', '.g-opponent'], ['piles', '.g-piles'], ['stock', '.g-stock'],
                             ['discard', '.g-discard'], ['hand', '.g-hand-area'], ['moves', '.g-actions']]) {
    const el = document.querySelector('#game ' + sel);
    const r = el ? el.getBoundingClientRect() : null;
    out[name] = r ? [r.left, r.top, r.right, r.bottom] : null;
  }
  for (const el of document.querySelectorAll('#game .g-actions button, #game .g-actions label, #game .g-hand .g-card')) {
    const r = el.getBoundingClientRect();
    out[(el.dataset.act || el.dataset.key || el.className) + ''] = [r.left, r.top, r.right, r.bottom];
  }
  return out;
}"""

ROWS = """() => { const rows = {};
  for (const li of document.querySelectorAll('#game .g-hand > li')) {
    const top = Math.round(li.getBoundingClientRect().top); rows[top] = (rows[top] || 0) + 1; }
  return Object.keys(rows).sort((a, b) => a - b).map(k => rows[k]); }"""


@pytest.fixture(scope="module")
def sized_pages(browser, base_url):
    """One page per size, reused across languages (a new context per size)."""
    opened = {}

    def page_for(name):
        if name not in opened:
            width, height, scale, touch = SIZES[name]
            ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                                      has_touch=touch, is_mobile=touch)
            page = ctx.new_page()
            page.set_default_timeout(20000)
            opened[name] = (ctx, page)
        return opened[name][1]

    yield page_for
    for ctx, _ in opened.values():
        ctx.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_is_in_the_first_screen(sized_pages, base_url, size, lang):
    page = sized_pages(size)
    width, height, _, _ = SIZES[size]
    page.goto(base_url + "/" + lang + "/")
    page.wait_for_selector("#game[data-ready=true]")
    assert page.evaluate("scrollY") == 0
    parts = page.evaluate(PARTS)
    outside = {name: [round(v) for v in box] for name, box in parts.items()
               if box is None or box[0] < -0.5 or box[1] < -0.5 or box[2] > width + 0.5 or box[3] > height + 0.5}
    assert outside == {}, f"outside the {size} screen: {outside!r}"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    if width <= 600 or height <= 500:  # a phone: the site's header is one slim bar
        header = page.evaluate("document.querySelector('header.top').getBoundingClientRect().height")
        assert header <= 48, header
    rows = page.evaluate(ROWS)
    assert sum(rows) == 10 and (rows == [10] or rows == [5, 5]), f"ten cards in rows of {rows!r}"
