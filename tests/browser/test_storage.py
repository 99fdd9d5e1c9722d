"""What the browser keeps, when it will not keep it, and when two tabs share it
(game/web/app/store.py, saves.py, the shim's writes), and what the page says when it cannot start or cannot read its link."""

import json

import pytest

from tests.browser.conftest import LANGS
from tests.browser.test_game import (
    catalog,
    hand_cards,
    keyboard_turn,
    open_game,
    saved_match,
    state,
    wait_idle,
)

pytestmark = pytest.mark.browser

UNSAVED = ("Your progress is not being saved: this browser will not store it (its storage may be "
           "full, or blocked for this site). You can play on, but closing or reloading this page "
           "will lose the match.")
ELSEWHERE = "This match went on in another tab, so this tab now shows it as it stands there."
BAD_SEED = "This link does not name a valid match, so your own match is shown."


def words(data, message):
    return data["messages"].get(message, message)


def my_moves(page, count):
    """Play `count` of the person's keyboard steps (the computer answers in between)."""
    for _ in range(count):
        page.wait_for_function("""() => { const g = document.querySelector('#game');
            return g.dataset.busy !== 'true' && g.dataset.turn === 'me'; }""")
        keyboard_turn(page)
    wait_idle(page)


def fill_storage(page):
    """Fill the origin's localStorage until the browser refuses more (QuotaExceededError), as a
    site sharing the origin or years of use can: then any write of the game fails."""
    page.evaluate("""() => {
        for (const size of [100000, 1000, 10, 1]) {
            try { for (let i = 0; ; i++) localStorage.setItem('junk.' + size + '.' + i, 'x'.repeat(size)); }
            catch (e) { /* full at this size: on to smaller values */ }
        }
    }""")


@pytest.mark.parametrize("lang", ["fr"])  # behaviour: one language (conftest.py)
def test_a_full_storage_is_told_once_and_the_game_plays_on(page, base_url, lang, site):
    open_game(page, base_url, lang, hash="#seed=4242")
    data = catalog(site, page)
    kept = page.evaluate("localStorage.getItem('ginrummy.save.cpu')")
    fill_storage(page)
    my_moves(page, 3)
    assert words(data, UNSAVED) in page.inner_text("#game .g-notice")
    assert page.evaluate("localStorage.getItem('ginrummy.save.cpu')") == kept  # nothing new kept
    # Told once: dismissed, it stays away while the player plays on.
    page.click('#game .g-notice [data-act="dismiss"]')
    my_moves(page, 2)
    assert page.locator("#game .g-notice").count() == 0
    assert page.console.problems() == []


def test_blocked_storage_is_told(context, base_url):
    """Site data blocked: every localStorage call throws (a browser's privacy setting)."""
    context.add_init_script("""for (const name of ['setItem', 'getItem', 'removeItem', 'key'])
        Storage.prototype[name] = function () { throw new DOMException('blocked', 'SecurityError'); };""")
    page = context.new_page()
    page.set_default_timeout(20000)
    open_game(page, base_url, "en", hash="#seed=4242")
    assert UNSAVED in page.inner_text("#game .g-notice")
    my_moves(page, 2)
    assert state(page)["phase"] in ("draw", "discard", "upcard", "hand_over")


def test_a_second_tab_catches_up_and_never_overwrites_the_first(context, base_url, site):
    first = context.new_page()
    first.set_default_timeout(20000)
    open_game(first, base_url, "en", hash="#seed=4242")
    second = context.new_page()
    second.set_default_timeout(20000)
    open_game(second, base_url, "en", hash="#seed=4242")
    assert state(second)["seed"] == "4242"
    my_moves(first, 3)
    played = len(saved_match(first).actions)
    # The second tab is told and shows the match as the first left it.
    second.wait_for_selector("#game .g-notice")
    assert ELSEWHERE in second.inner_text("#game .g-notice")
    wait_idle(second)
    assert sorted(hand_cards(second)) == sorted(hand_cards(first))
    assert second.inner_text("#game .g-piles") == first.inner_text("#game .g-piles")
    # Playing on in the second tab goes on from there: the first tab's moves are all kept.
    my_moves(second, 1)
    assert len(saved_match(second).actions) > played
    first.wait_for_selector("#game .g-notice")
    wait_idle(first)
    assert sorted(hand_cards(first)) == sorted(hand_cards(second))


def test_a_stale_tab_that_missed_the_news_does_not_overwrite(context, base_url):
    """A tab that did not hear of the other's moves (frozen in the background: no `storage`
    event reached it) finds out when it saves, and catches up instead of writing."""
    first = context.new_page()
    first.set_default_timeout(20000)
    open_game(first, base_url, "en", hash="#seed=4242")
    stale = context.new_page()
    stale.set_default_timeout(20000)
    open_game(stale, base_url, "en", hash="#seed=4242")
    # The stale tab hears nothing from now on.
    stale.evaluate("window.addEventListener('storage', e => e.stopImmediatePropagation(), true)")
    my_moves(first, 3)
    ahead = first.evaluate("localStorage.getItem('ginrummy.save.cpu')")
    stale.wait_for_function("document.querySelector('#game').dataset.turn === 'me'")
    keyboard_turn(stale)
    stale.wait_for_selector("#game .g-notice")
    assert ELSEWHERE in stale.inner_text("#game .g-notice")
    wait_idle(stale)
    saved = json.loads(stale.evaluate("localStorage.getItem('ginrummy.save.cpu')"))
    assert len(saved["match"]["actions"]) >= len(json.loads(ahead)["match"]["actions"])
    assert saved["match"]["actions"][:len(json.loads(ahead)["match"]["actions"])] \
        == json.loads(ahead)["match"]["actions"]


@pytest.mark.parametrize("lang", LANGS)
def test_opened_as_a_file_the_page_says_it_must_be_served(browser, site, lang):
    context = browser.new_context(locale={"en": "en-US", "fr": "fr-FR", "vi": "vi-VN"}[lang])
    try:
        page = context.new_page()
        page.goto((site / "index.html").as_uri())
        page.wait_for_url("**/" + lang + "/index.html")  # the language's page, not a folder listing
        notice = page.locator("#game .g-file-notice")
        notice.wait_for(state="visible")
        expected = {"en": "make serve", "fr": "Servez le dossier du site", "vi": "mở trang qua HTTP"}[lang]
        assert expected in notice.inner_text()
        assert page.get_attribute("#game", "data-ready") == "file"
    finally:
        context.close()


@pytest.mark.parametrize("code", ["..%2F..%2F", "A" * 100000])  # a plain code: tests/web/online/test_effects.py
def test_an_invitation_on_a_site_without_tables_asks_nothing_of_it(page, base_url, code, site):
    """A `#table=` link on a static host (no table server): the page reads the site's
    tables.json, says online play is not available, and shows the player's own game; no join is
    ever posted there, whatever the link holds (D10, D11)."""
    posted = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    page.goto(base_url + "/en/#table=" + code)
    page.wait_for_selector("#game[data-ready=true]")
    page.wait_for_selector("#game .g-notice")
    wait_idle(page)
    data = catalog(site, page)
    assert words(data, "Online play is not available right now: the game server is not responding.") \
        in page.inner_text("#game .g-notice")
    assert state(page)["phase"] in ("upcard", "draw", "discard", "hand_over")
    assert posted == []
