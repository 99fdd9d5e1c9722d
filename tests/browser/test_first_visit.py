"""A first visit that welcomes (issue 25 point 5): a newcomer is offered a guided hand or just
playing, at Easy with hints on (both changeable there), and just playing deals a random first
match; the New game dialog fits a phone's screen."""

import pytest

from tests.browser.conftest import LANGS, before_worker
from tests.browser.test_game import wait_idle

pytestmark = pytest.mark.browser


def first_visit(browser, base_url, lang, hash="", viewport=(360, 740), random=0.25):
    """A newcomer's page; the game's random source (its worker's) is fixed: a test never
    depends on chance."""
    context = browser.new_context(newcomer=True, viewport={"width": viewport[0], "height": viewport[1]},
                                  service_workers="block")
    context.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
    before_worker(context, "Math.random = function () { return " + repr(random) + "; };")
    page = context.new_page()
    page.goto(base_url + "/" + lang + "/index.html" + hash)
    page.wait_for_selector("#game[data-ready=true]")
    return context, page


@pytest.mark.parametrize("lang", ["vi"])  # behaviour: one language (conftest.py)
def test_a_newcomer_is_welcomed_and_just_playing_deals_a_random_match_at_easy_with_hints(browser, base_url, lang):
    seeds = set()
    for random in (0.25, 0.75):  # two newcomers, two random draws (fixed here): two deals
        context, page = first_visit(browser, base_url, lang, random=random)
        first = page.get_attribute("#game", "data-first-seed")
        page.wait_for_selector("#game .g-dialog-welcome")
        assert page.locator('#game [data-act="welcome_guided"]').is_visible()
        assert page.locator('#game [data-act="welcome_play"]').is_visible()
        assert page.input_value('#game select[data-act="welcome_level"]') == "easy"
        assert page.is_checked('#game input[data-act="welcome_hints"]')
        wait_idle(page)
        page.click('#game [data-act="welcome_play"]')
        page.wait_for_function("s => document.querySelector('#game').dataset.seed !== s", arg=first)
        wait_idle(page)
        seeds.add(page.get_attribute("#game", "data-seed"))
        prefs = page.evaluate("JSON.parse(localStorage.getItem('ginrummy.prefs'))")
        assert prefs["level"] == "easy" and prefs["hints"] is True
        assert page.locator('#game [data-act="hint"]').count() == 1  # the hint button is on the table
        page.reload()  # a returning player: no welcome again
        page.wait_for_selector("#game[data-ready=true]")
        page.wait_for_function("document.querySelector('#game').dataset.moreState === 'loaded'")
        wait_idle(page)
        assert page.locator("#game .g-dialog-welcome").count() == 0
        context.close()
    # The deal is the random draw's (the worker's Math.random scaled to a seed: app.session).
    assert seeds == {str(int(0.25 * 2147483647)), str(int(0.75 * 2147483647))}


def test_the_welcome_changes_the_level_and_offers_the_guided_hand(browser, base_url):
    context, page = first_visit(browser, base_url, "en")
    page.wait_for_selector("#game .g-dialog-welcome")
    page.select_option('#game select[data-act="welcome_level"]', "hard")
    page.uncheck('#game input[data-act="welcome_hints"]')
    page.click('#game [data-act="welcome_guided"]')
    page.wait_for_selector("#game .g-lesson")
    prefs = page.evaluate("JSON.parse(localStorage.getItem('ginrummy.prefs'))")
    assert prefs["level"] == "hard" and prefs["hints"] is False
    context.close()


def test_a_shared_deal_is_kept_for_a_newcomer(browser, base_url):
    # In deal 4242 the computer is offered the upcard first: the welcome stays over its move.
    context, page = first_visit(browser, base_url, "en", "#seed=4242")
    page.wait_for_selector("#game .g-dialog-welcome")
    page.wait_for_function("(JSON.parse(localStorage.getItem('ginrummy.save.cpu')) || {match: {actions: []}}).match.actions.length >= 1")
    wait_idle(page)
    assert page.locator("#game .g-dialog-welcome").count() == 1
    page.click('#game [data-act="welcome_play"]')
    page.wait_for_selector("#game .g-dialog-welcome", state="detached")
    wait_idle(page)
    assert page.get_attribute("#game", "data-seed") == "4242"
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_game_dialog_fits_a_phone_screen(page, base_url, lang):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(base_url + "/" + lang + "/index.html")
    page.wait_for_selector("#game[data-ready=true]")
    page.click('#game [data-act="menu"]')
    page.click('#game .g-dialog-menu [data-act="new"]')
    page.wait_for_selector("#game .g-dialog-new")
    wait_idle(page)
    fits = page.evaluate("""() => { const d = document.querySelector('#game .g-dialog-new');
        return [d.scrollHeight <= d.clientHeight + 1, d.getBoundingClientRect().bottom <= innerHeight]; }""")
    assert fits == [True, True]
    for act in ('[data-key="rules-straight"]', '[data-key="rules-short"]', '[data-key="mode-duo"]', '[data-act="start"]'):
        box = page.locator("#game .g-dialog-new " + act).bounding_box()
        assert box and box["y"] + box["height"] <= 740, act
    page.click("#game .g-about-rules summary")  # the rules in full, behind one line
    assert page.locator("#game .g-about-rules dd").first.is_visible()
