"""The game thinks in a Web Worker: the page's main thread runs no Python (the shim draws what
the worker sends), the computer players are loaded into the worker when the game is ready, and
a page whose worker or players cannot be had says so, never looking busy for ever."""

import pytest

from tests.browser.conftest import in_worker
from tests.browser.test_game import open_game, play_until

pytestmark = pytest.mark.browser

FINISHED = ("hand_over", "match_over")


def test_the_game_and_the_computer_think_in_the_worker(context, page, base_url):
    context.add_init_script("localStorage.setItem('ginrummy.prefs', JSON.stringify({level: 'hard'}));")
    workers = []
    page.on("worker", lambda worker: workers.append(worker.url))
    open_game(page, base_url, "en", hash="#seed=12")
    play_until(page, lambda s: s["phase"] in FINISHED)
    assert page.evaluate("window.gameDecisionTimes.length") > 0  # the computer's, told by the worker
    assert [url.rsplit("/", 1)[-1].split(".")[0] for url in workers] == ["game-worker"]
    assert page.evaluate("typeof window.__BRYTHON__") == "undefined"
    imported = in_worker(page, "Object.keys(__BRYTHON__.imported)")
    assert "game.ai.hard" in imported and "game.web.table.render" in imported
    assert [p for p in page.console.problems() if not p.endswith("/api/status")] == []


def test_a_page_whose_worker_cannot_start_says_so(context, page, base_url):
    context.route("**/game-worker.*.js", lambda route: route.abort())
    page.goto(base_url + "/en/#seed=12")
    page.wait_for_selector("#game[data-ready=failed]")
    assert page.is_visible("#game .g-fail-notice")
    assert page.get_attribute("#game", "data-busy") == "false"  # the page does not look busy forever


def test_without_the_computer_players_the_page_says_so(context, page, base_url):
    context.route("**/game-ai.*.js", lambda route: route.abort())
    context.add_init_script("localStorage.setItem('ginrummy.prefs', JSON.stringify({mode: 'cpu'}));")
    page.goto(base_url + "/en/#seed=12")
    page.wait_for_selector("#game[data-ready=true]")
    if page.get_attribute("#game", "data-turn") == "me":
        page.click('#game [data-act="pass"]')  # the person's first move hands the turn over
    notice = page.wait_for_selector("#game .g-notice")
    assert "could not be loaded" in notice.inner_text()
    page.wait_for_function("document.querySelector('#game').dataset.busy === 'false'")
