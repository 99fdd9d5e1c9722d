"""The first paint shows the table of a real deal, drawn by the build; the game takes it over
without a change: the same markup, every box where it was."""

import pytest

from tests.browser.conftest import LANGS, store

pytestmark = pytest.mark.browser

BOXES = """() => [...document.querySelectorAll(
    '#game .g-bar, #game .g-opponent, #game .g-piles, #game .g-prompt, #game .g-hand li, #game .g-actions, main h2')]
    .map(e => { const r = e.getBoundingClientRect();
                return [e.tagName, e.className, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]; })"""
MAIN = "document.querySelector('#game .g-main').outerHTML.replace(/ class=\"g-main[^\"]*\"| inert=\"\"/g, '')"


def _takes_over_without_a_change(browser, base_url, lang, path, prefs=None):
    """The first screen before the game's scripts run and once the game is ready: the same
    markup, every box where it was; `#game[data-first-screen]` once ready."""
    seen = []
    for started in (False, True):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        if not started:  # the page as painted before any script of the game has run
            context.route("**/game-start.*.js", lambda route: route.abort())
        if prefs:
            context.add_init_script("localStorage.setItem('ginrummy.prefs', " + repr(prefs) + ")")
        page = context.new_page()
        page.goto(base_url + "/" + lang + "/" + path, wait_until="load")
        page.locator("#game").scroll_into_view_if_needed()
        if started:
            page.wait_for_selector("#game[data-ready=true]")
            page.wait_for_function("document.querySelector('#game').dataset.busy !== 'true'")
        else:
            assert page.get_attribute("#game", "data-ready") is None
            assert page.evaluate("document.querySelector('#game .g-main').inert")  # no click is lost
            assert page.evaluate("getComputedStyle(document.querySelector('#game')).cursor") == "progress"
        # Boxes where they come to rest (seen once on a loaded machine: a card 4 px from its
        # place, measured while it slid there).
        page.wait_for_function("document.getAnimations().length === 0")
        seen.append((page.evaluate(MAIN), page.evaluate(BOXES), page.get_attribute("#game", "data-seed")))
        kept = page.get_attribute("#game", "data-first-screen")
        context.close()
    (before, boxes_before, seed_before), (after, boxes_after, seed_after) = seen
    assert seed_before and seed_before == seed_after
    assert 'data-act="draw_stock"' in before and before.count('data-act="card"') == 10
    assert after == before
    assert boxes_after == boxes_before
    return kept


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", ["", "rules.html"])
def test_the_game_takes_over_its_first_screen_without_drawing_it(browser, base_url, lang, path):
    # A new visitor: the inputs of the game's first drawing are those the build drew from
    # (game.web.table.render.drawing_key), so the screen is kept as it is, not drawn again.
    assert _takes_over_without_a_change(browser, base_url, lang, path) == "kept"


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_draws_its_first_screen_from_other_inputs_and_keeps_the_same_markup(browser, base_url, lang):
    # A preference the table does not show (the computer's pace): other inputs, so the game
    # draws its first screen itself (in Brython), and that markup is the build's (in CPython).
    prefs = '{"pace": "fast"}'
    assert _takes_over_without_a_change(browser, base_url, lang, "", prefs) is None


def test_a_saved_match_replaces_the_first_screen(page, base_url):
    page.goto(base_url + "/en/")
    page.wait_for_selector("#game[data-ready=true]")
    first = page.get_attribute("#game", "data-first-seed")
    store(page, "ginrummy.save.cpu", None)  # as another tab would: the game hears of it
    page.goto(base_url + "/en/#seed=77")
    page.wait_for_function("document.querySelector('#game').dataset.seed === '77'")
    page.goto(base_url + "/en/")  # the saved match of seed 77 is restored, not the first deal
    page.wait_for_selector("#game[data-ready=true]")
    assert page.get_attribute("#game", "data-seed") == "77" != first
    assert page.get_attribute("#game", "data-first-screen") is None


def test_a_guide_page_loads_the_game_only_when_its_table_comes_near(page, base_url):
    asked = []
    page.on("request", lambda request: asked.append(request.url.rsplit("/", 1)[-1]))
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(base_url + "/en/rules.html", wait_until="load")
    page.wait_for_timeout(300)
    assert page.get_attribute("#game", "data-shim-started") is None
    assert not [n for n in asked if n.startswith(("brython.", "game.", "game-ai.", "game-shim.", "game-worker."))
                and n.endswith(".js")], asked
    assert page.locator("#game .g-hand [data-card]").count() == 10  # the table is drawn all the same
    page.locator("#game").scroll_into_view_if_needed()
    page.wait_for_selector("#game[data-ready=true]")
    assert page.console.problems() == []


def test_a_shared_deal_on_a_guide_page_starts_at_once(page, base_url):
    page.goto(base_url + "/en/faq.html#seed=4321")
    page.wait_for_function("document.querySelector('#game').dataset.ready === 'true'")
    assert page.get_attribute("#game", "data-seed") == "4321"


# Before any script of the game runs: mark the drawn screen, and record the largest paints.
MARK = """
window.__paints = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__paints.push(e.startTime); })
  .observe({type: "largest-contentful-paint", buffered: true});
document.addEventListener("DOMContentLoaded", () => { document.querySelector("#game .g-hand [data-card]").gameMark = 1; });
"""


def test_the_game_keeps_the_drawn_screen_and_the_largest_paint_is_the_first(context, page, base_url):
    context.add_init_script(MARK)
    page.goto(base_url + "/en/")
    page.wait_for_selector("#game[data-ready=true]")
    page.wait_for_timeout(300)
    # The very elements the build drew: not drawn again, nothing laid out twice.
    assert page.evaluate("document.querySelector('#game .g-hand [data-card]').gameMark") == 1
    assert page.evaluate("document.querySelector('#game .g-main').inert") is False
    first_paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    paints = page.evaluate("window.__paints")
    assert paints and max(paints) <= first_paint + 1, (paints, first_paint)


# Before any script runs: every <script src> added to the page, when, and whether the first
# contentful frame was on the screen by then.
SCRIPTS = """
window.__scripts = [];
new MutationObserver(records => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.tagName === "SCRIPT" && node.src) {
      window.__scripts.push([node.src.split("/").pop(), performance.now(),
                             performance.getEntriesByName("first-contentful-paint").length]);
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_page_runs_the_game_only_once_its_first_frame_is_on_the_screen(context, page, base_url, lang):
    """The shim downloads at once (the page preloads it) but runs after the first frame is
    presented: run before it, Lighthouse counts the game's downloads as holding back the
    largest paint whenever that frame comes late. The runtime and the game's bundle are the
    worker's, never the page's."""
    context.add_init_script(SCRIPTS)
    page.goto(base_url + "/" + lang + "/")
    page.wait_for_selector("#game[data-ready=true]")
    added = page.evaluate("window.__scripts")
    first_paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    game = [entry for entry in added if entry[0].startswith(("brython.", "game")) and not entry[0].startswith("game-start.")]
    assert [name.split(".")[0] for name, _at, _painted in game] == ["game-shim"], added
    for name, at, painted in game:
        assert painted == 1 and at >= first_paint, (name, at, first_paint)
    loads = page.evaluate("n => performance.getEntriesByType('resource').filter(e => e.name.endsWith('/' + n))"
                          ".map(e => e.initiatorType)", game[0][0])
    assert loads == ["link"], loads  # one download, started by the page's preload
    assert page.evaluate("typeof window.__BRYTHON__") == "undefined"
    assert page.console.problems() == []
