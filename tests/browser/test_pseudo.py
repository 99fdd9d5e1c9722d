"""The pseudo-locales (`make pseudo`, generator/pseudo.py) at a phone's 320x568 and a laptop's
1280x800: every page and the game's screens carry no English (a word of plain ASCII letters in
en-XA, a word outside a right-to-left override in ar-XB), nothing overflows the screen or is
cut by its box, ar-XB's pages and game are mirrored (dir="rtl", the hand's first card on the
right), and a whole hand is played with the keyboard."""

import pytest

from tests.browser.conftest import serving
from tests.browser.test_game import open_menu, play_until, shortcut, wait_idle

pytestmark = pytest.mark.browser

PSEUDO = ("en-XA", "ar-XB")
SIZES = {"320x568": (320, 568, True), "1280x800": (1280, 800, False)}
PAGES = ("", "rules.html", "faq.html", "play.html", "404.html")

# Visible text and the names screen readers say, with a word of plain ASCII letters left in
# it: English. Not words of the page: the site's name (.brand), the other languages' names
# (each in its own `lang`), a shortcut letter (<kbd>), code (`#seed=123`, as typed).
ENGLISH = r"""rtl => {
  const found = [];
  const words = text => {
    const plain = rtl ? text.replace(/\u202e[^\u202c]*\u202c/g, ' ') : text;
    return /[A-Za-z]{2,}/.test(plain);
  };
  const skipped = el => el.closest('script, style, noscript, kbd, code, .brand, title')
    || (el.closest('[lang]') && el.closest('[lang]') !== document.documentElement);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || skipped(el) || !el.checkVisibility()) continue;
    if (words(walker.currentNode.data)) found.push(walker.currentNode.data.trim().slice(0, 70));
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (skipped(el) || !el.checkVisibility()) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value && words(value)) found.push(name + '=' + value.slice(0, 70));
    }
  }
  return found;
}"""

# Boxes past the screen's sides, and text cut by a box that hides what overflows it (a
# sideways-scrolling table is meant to scroll; a screen reader's 1-pixel text is meant to be cut).
OVERFLOW = r"""() => {
  const width = document.documentElement.clientWidth, found = [];
  const name = el => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
    ? '.' + el.className.trim().split(/\s+/).join('.') : '') + ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
  if (document.scrollingElement.scrollWidth > width + 1)
    found.push('the page scrolls sideways: ' + document.scrollingElement.scrollWidth + ' > ' + width);
  for (const el of document.querySelectorAll('body *')) {
    if (!el.checkVisibility() || el.closest('.table-scroll')) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    const style = getComputedStyle(el);
    if (style.position !== 'fixed' && (r.right > width + 1 || r.left < -1))
      found.push('past the screen: ' + name(el) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    const clips = ['hidden', 'clip'].includes(style.overflowX);
    if (clips && el.scrollWidth > el.clientWidth + 1 && el.textContent.trim())
      found.push('cut: ' + name(el) + ' ' + el.scrollWidth + ' > ' + el.clientWidth);
  }
  return found;
}"""

# The hand's first card against the hand's start side: right of its last card when mirrored.
FIRST_CARD_SIDE = """() => { const cards = [...document.querySelectorAll('#game .g-hand [data-card]')];
  const first = cards[0].getBoundingClientRect(), last = cards[cards.length - 1].getBoundingClientRect();
  return first.left > last.left ? 'right' : 'left'; }"""


@pytest.fixture(scope="module")
def pseudo_url(tmp_path_factory):
    from generator.build import build
    from tests.browser.conftest import ROOT

    out = tmp_path_factory.mktemp("pseudo-site") / "site"
    build(ROOT, out, log=lambda *a, **k: None, warn=lambda *a, **k: None, pseudo=True)
    with serving(out) as url:
        yield url


@pytest.fixture
def sized(browser):
    opened = []

    def open_page(size, newcomer=False):
        width, height, touch = SIZES[size]
        ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                  is_mobile=touch, service_workers="block", newcomer=newcomer)
        ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
        opened.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(30000)
        return page

    yield open_page
    for ctx in opened:
        ctx.close()


def problems(page, lang, where):
    return {where + " English": page.evaluate(ENGLISH, lang == "ar-XB"),
            where + " overflow": page.evaluate(OVERFLOW)}


def assert_clean(found):
    assert {where: items for where, items in found.items() if items} == {}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", PSEUDO)
def test_every_page_is_translated_fits_and_has_the_language_s_direction(sized, pseudo_url, lang, size):
    page = sized(size, newcomer=True)  # the welcome dialog too
    found = {}
    for path in PAGES:
        page.goto(pseudo_url + "/" + lang + "/" + path)
        assert page.get_attribute("html", "dir") == ("rtl" if lang == "ar-XB" else "ltr")
        assert page.get_attribute("html", "lang") == lang
        if path != "404.html":
            page.locator("#game").scroll_into_view_if_needed()
            page.wait_for_selector("#game[data-ready=true]")
            wait_idle(page)
        found.update(problems(page, lang, lang + "/" + path))
    assert_clean(found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", PSEUDO)
def test_the_game_mirrors_and_a_whole_hand_is_played(sized, pseudo_url, lang, size):
    page = sized(size)
    page.goto(pseudo_url + "/" + lang + "/#seed=77")
    page.wait_for_selector("#game[data-ready=true]")
    wait_idle(page)
    assert page.evaluate(FIRST_CARD_SIDE) == ("right" if lang == "ar-XB" else "left")
    found = problems(page, lang, "table")
    open_menu(page)
    found.update(problems(page, lang, "menu"))
    page.keyboard.press("Escape")
    page.keyboard.press("?")
    page.wait_for_selector("#game .g-keys")
    found.update(problems(page, lang, "shortcuts"))
    page.keyboard.press("Escape")
    wait_idle(page)
    final = play_until(page, lambda s: s["phase"] in ("hand_over", "match_over"))
    assert final["phase"] in ("hand_over", "match_over")
    found.update(problems(page, lang, "end of the hand"))
    page.keyboard.press(shortcut(page, "next_hand"))
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'upcard'")
    assert_clean(found)
