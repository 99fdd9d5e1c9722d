"""The computer decides in a Web Worker: the page never imports the computer players while
the worker runs, and plays on (deciding itself) when the worker fails."""

import pytest

from tests.browser.test_game import open_game, play_until

pytestmark = pytest.mark.browser

AI_IN_PAGE = "Object.keys(__BRYTHON__.imported).filter(n => n === 'game.ai' || n.startsWith('game.ai.'))"
FINISHED = ("hand_over", "match_over")


def _decisions(page):
    return page.evaluate("window.gameDecisionTimes.length")


def test_the_computer_decides_in_the_worker(context, page, base_url):
    context.add_init_script("localStorage.setItem('ginrummy.prefs', JSON.stringify({level: 'hard'}));")
    workers = []
    page.on("worker", lambda worker: workers.append(worker.url))
    open_game(page, base_url, "en", hash="#seed=12")
    play_until(page, lambda s: s["phase"] in FINISHED)
    assert _decisions(page) > 0
    assert [url.rsplit("/", 1)[-1].split(".")[0] for url in workers] == ["game-worker"]
    assert page.evaluate(AI_IN_PAGE) == []  # no computer player ran in the page
    assert [p for p in page.console.problems() if not p.endswith("/api/status")] == []


def test_without_the_worker_the_page_decides_and_says_why(context, page, base_url):
    context.route("**/game-worker.*.js", lambda route: route.abort())
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    open_game(page, base_url, "en", hash="#seed=12")
    play_until(page, lambda s: s["phase"] in FINISHED)
    assert _decisions(page) > 0
    assert "game.ai.common" in page.evaluate(AI_IN_PAGE)
    assert any("the computer thinks in the page" in w for w in warnings), warnings


def test_without_worker_or_players_the_page_says_so(context, page, base_url):
    context.route("**/game-worker.*.js", lambda route: route.abort())
    context.route("**/game-ai.*.js", lambda route: route.abort())
    context.add_init_script("localStorage.setItem('ginrummy.prefs', JSON.stringify({mode: 'cpu'}));")
    page.goto(base_url + "/en/#seed=12")
    page.wait_for_selector("#game[data-ready=true]")
    if page.get_attribute("#game", "data-turn") == "me":
        page.click('#game [data-act="pass"]')  # the person's first move hands the turn over
    notice = page.wait_for_selector("#game .g-notice")
    assert "could not be loaded" in notice.inner_text()
    assert page.get_attribute("#game", "data-busy") == "false"  # the page does not look busy forever
