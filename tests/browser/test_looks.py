"""How the table looks (issue 25, point 6, the layout's part): a dark mode whose contrast axe
passes, as the light one; a focus ring unlike every highlight; words on the buttons that move a
card; hints turned on from the table without pushing the moves off the screen; the review's
"Show on the table" with the ringed cards in view."""

import pytest

from tests.browser.conftest import LANGS
from tests.browser.test_game import open_game, play_until, seed_where_i_start, state, wait_idle
from tests.browser.test_table import seed_dealt_by_the_computer

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
SMALL = {"width": 320, "height": 568}


def phone_page(browser, viewport=PHONE, **options):
    ctx = browser.new_context(viewport=viewport, has_touch=True, is_mobile=True, **options)
    ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
    page = ctx.new_page()
    page.set_default_timeout(20000)
    return ctx, page


def contrast_problems(page, where):
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options={"runOnly": ["color-contrast"], "resultTypes": ["violations"]})
    return [where + ": " + v["id"] + " " + repr([(n["target"], n.get("any", [{}])[0].get("message", ""))
                                                  for n in v["nodes"]][:3])
            for v in found.response["violations"]]


LUMINANCE = """sel => { const c = getComputedStyle(document.querySelector(sel)).backgroundColor.match(/[\\d.]+/g).map(Number);
  const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); }"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_and_the_cards_in_each_colour_scheme(browser, base_url, scheme):
    """Dark paper and light cards in dark mode; light paper and cards in light mode."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    try:
        page = ctx.new_page()
        open_game(page, base_url, "en")
        paper, card = page.evaluate(LUMINANCE, "body"), page.evaluate(LUMINANCE, "#game .g-hand .g-card")
    finally:
        ctx.close()
    assert card > 0.8
    assert (paper < 0.05) if scheme == "dark" else (paper > 0.8), paper


def test_the_contrast_passes_in_the_dark_scheme(browser, base_url):
    """axe's contrast rule on the pages and the game's screens in the dark colour scheme. (The
    light scheme, the browser's default, is checked by the accessibility audits, which run every
    rule of axe on these pages and screens: tests/browser/test_game.py.)"""
    scheme = "dark"
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
    page = ctx.new_page()
    page.set_default_timeout(20000)
    problems = []
    try:
        for lang, path in (("en", ""), ("fr", ""), ("vi", ""), ("en", "rules.html"), ("fr", "faq.html")):
            open_game(page, base_url, lang, path)
            problems += contrast_problems(page, scheme + " " + lang + "/" + path)
        open_game(page, base_url, "en", hash="#seed=" + str(seed_where_i_start(60)))
        for key, kind in (("?", "shortcuts"), (None, "menu")):
            if key:
                page.keyboard.press(key)
            else:
                page.click('#game [data-act="menu"]')
            page.wait_for_selector("#game .g-dialog")
            problems += contrast_problems(page, scheme + " " + kind)
            page.keyboard.press("Escape")
            wait_idle(page)
        page.click('#game [data-act="menu"]')
        page.click('#game [data-act="new"]')
        page.wait_for_selector("#game .g-dialog-new")
        problems += contrast_problems(page, scheme + " new game")
        page.keyboard.press("Escape")
        wait_idle(page)
        page.click('#game [data-act="sheet"]')
        page.wait_for_selector("#game .g-dialog-sheet")
        problems += contrast_problems(page, scheme + " score sheet")
        page.keyboard.press("Escape")
        wait_idle(page)
        play_until(page, lambda s: s["phase"] in ("hand_over", "match_over"))
        problems += contrast_problems(page, scheme + " end of hand")
    finally:
        ctx.close()
    assert problems == [], "\n".join(problems)


def colour(text):
    """The first rgb()/rgba() colour in a computed value, as (r, g, b)."""
    import re

    found = re.search(r"rgba?\(([\d.]+), ([\d.]+), ([\d.]+)", text)
    return tuple(float(x) for x in found.groups())


def far(a, b):
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_is_unlike_every_highlight(browser, base_url, scheme):
    # The ring and "you can take this" (the pile's border), the selected card's ring and a
    # possible knock's button were the same amber.
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    page = ctx.new_page()
    try:
        open_game(page, base_url, "en", hash="#seed=" + str(seed_dealt_by_the_computer(61)))
        assert state(page)["phase"] == "upcard"  # the pile may be taken: its highlight is on
        highlights = page.evaluate("""() => {
            const pile = getComputedStyle(document.querySelector('#game .g-discard'));
            const probe = document.createElement('button');
            probe.className = 'g-btn g-act g-possible';
            document.querySelector('#game .g-moves').append(probe);
            const possible = getComputedStyle(probe).backgroundColor;
            probe.remove();
            return {pile: pile.borderTopColor, possible};
        }""")
        card = "#game .g-hand .g-card >> nth=2"
        page.focus(card)
        page.keyboard.press("Enter")  # selected: its own ring
        wait_idle(page)
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")  # a keyboard's focus: the ring shows
        selected = page.evaluate("getComputedStyle(document.querySelector('#game .g-hand .g-selected')).boxShadow")
        ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
            return [s.outlineStyle, s.outlineColor, document.activeElement.matches(':focus-visible')]; }""")
    finally:
        ctx.close()
    assert ring[0] == "solid" and ring[2], ring
    for name, value in (("pile", highlights["pile"]), ("possible move", highlights["possible"]), ("selected card", selected)):
        assert far(colour(ring[1]), colour(value)) > 120, (name, ring[1], value)


@pytest.mark.parametrize("lang", LANGS)
def test_the_arrow_buttons_have_visible_words_in_their_names(browser, base_url, lang):
    ctx, page = phone_page(browser)
    try:
        open_game(page, base_url, lang)
        buttons = page.evaluate("""() => [...document.querySelectorAll('#game [data-act="move_left"], #game [data-act="move_right"]')]
            .map(b => { const words = [...b.querySelectorAll('span:not([aria-hidden="true"])')]
                          .filter(s => s.getBoundingClientRect().width > 8 && getComputedStyle(s).visibility === 'visible'
                                  && s.getBoundingClientRect().height > 8).map(s => s.textContent.trim()).join(' ');
                        return [words, b.getAttribute('aria-label') || b.textContent]; })""")
    finally:
        ctx.close()
    assert len(buttons) == 2
    for words, name in buttons:
        assert words and words.lower() in name.lower(), (words, name)


def in_view_and_on_top(page, selector):
    """The elements matching `selector` that are outside the screen or under another element."""
    return page.evaluate("""sel => [...document.querySelectorAll(sel)].map(el => {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const top = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
        const ok = r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth && top && el.contains(top);
        return ok ? null : (el.dataset.act || el.className) + ' ' + JSON.stringify([r.left, r.top, r.right, r.bottom])
            + ' under ' + (top ? top.className : 'nothing');
    }).filter(x => x)""", selector)


@pytest.mark.parametrize("lang,viewport", [("en", SMALL), ("fr", PHONE), ("fr", SMALL), ("vi", PHONE)])
def test_hints_turned_on_from_the_table_keep_the_moves_on_screen(browser, base_url, lang, viewport):
    ctx, page = phone_page(browser, viewport)
    try:
        open_game(page, base_url, lang, hash="#seed=" + str(seed_where_i_start(60)))
        page.evaluate("scrollTo(0, 0)")  # the page as it opens (open_game scrolls the game into view)
        toggle = page.locator('#game .g-table input[data-act="hints"]')
        assert toggle.count() == 1 and toggle.is_visible()  # on the table, not only in the menu
        before = page.evaluate("() => [...document.querySelectorAll('#game .g-hand-area, #game .g-actions')]"
                               ".map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })")
        box = toggle.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_selector('#game [data-act="hint"]')
        wait_idle(page)
        assert page.evaluate("document.activeElement.dataset.key") == "hints_table"  # the focus stayed
        page.focus("#game .g-hand .g-card")  # keys typed on the checkbox are the checkbox's
        play_until(page, lambda s: s["turn"] == "me" and s["phase"] == "discard")
        page.click('#game [data-act="hint"]')
        page.wait_for_selector("#game .g-hint")
        wait_idle(page)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        page.evaluate("scrollTo(0, 0)")  # as a player sees it, however the keys scrolled it
        after = page.evaluate("() => [...document.querySelectorAll('#game .g-hand-area, #game .g-actions')]"
                              ".map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })")
        covered = in_view_and_on_top(page, "#game .g-actions button, #game .g-hand .g-card")
        if covered:
            page.screenshot(path="/tmp/steady/hints-fail.png")
    finally:
        ctx.close()
    assert covered == []
    assert all(abs(a - b) <= 2 for x, y in zip(before, after, strict=True) for a, b in zip(x, y, strict=True)), (before, after)


@pytest.mark.parametrize("viewport", [PHONE, SMALL, {"width": 640, "height": 360}, {"width": 1280, "height": 800}])
def test_the_review_on_the_table_leaves_the_ringed_cards_in_view(browser, base_url, viewport):
    """Each reviewed decision shown on the table (up to four), the page where the game leaves it:
    the ringed cards and piles are in view and on top, and so are the way on and back."""
    ctx, page = phone_page(browser, viewport) if viewport["width"] < 900 else (None, None)
    if page is None:
        ctx = browser.new_context(viewport=viewport)
        ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
        page = ctx.new_page()
    problems = []
    try:
        open_game(page, base_url, "en", hash="#seed=" + str(seed_where_i_start(90)))
        play_until(page, lambda s: s["phase"] in ("hand_over", "match_over"))
        page.click('#game [data-act="review"]')
        page.wait_for_selector('#game [data-act="review_step"]')
        steps = min(4, page.locator('#game [data-act="review_step"]').count())
        assert steps >= 2
        page.click('#game [data-act="review_step"] >> nth=0')
        for step in range(steps):
            if step:
                page.click('#game [data-act="review_next"]')
            page.wait_for_selector("#game .g-review-bar")
            wait_idle(page)
            page.wait_for_timeout(250)  # the cards slide to their places
            assert page.locator("#game .g-table .g-played, #game .g-table .g-suggested").count() >= 1
            problems += [f"step {step + 1}: {p}"
                         for p in in_view_and_on_top(page, "#game .g-table .g-played, #game .g-table .g-suggested")]
            problems += [f"step {step + 1}: {p}" for p in in_view_and_on_top(
                page, '#game [data-act="review_next"], #game [data-act="review_close"]')]
    finally:
        ctx.close()
    assert problems == [], "\n".join(problems)
