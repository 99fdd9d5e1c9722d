"""The page's second bundle (game-more.js: dialogs, end of a hand, coach, lessons, statistics,
online play), loaded once the table is ready: the table takes its first moves without it,
waits for it visibly when a command needs it, and plays on when it cannot be loaded."""

import pytest

from game.match import Match
from tests.browser.conftest import in_worker
from tests.browser.test_game import open_game, shortcut, state, wait_idle

pytestmark = pytest.mark.browser

MORE = "**/static/game-more.*.js"
MODULES = "Object.keys(__BRYTHON__.imported)"  # the worker's (`in_worker`)
FINISHED = ("hand_over", "match_over")
SAVED = "localStorage.getItem('ginrummy.save.cpu')"  # written after every move


def seed_offered_to_me(seed):
    """The first seed from `seed` whose first hand offers the upcard to the person (seat 0) first."""
    while Match.new(seed).current_player != 0:
        seed += 1
    return seed


def _busy(page):
    return page.evaluate("""() => { const g = document.querySelector('#game');
        return [g.dataset.busy, g.dataset.waiting, getComputedStyle(g).cursor]; }""")


def _open_with_the_second_bundle_held(context, page, base_url):
    """A deal whose upcard is offered to the player, its second bundle asked for and held (the
    returned routes: `continue_()` lets it through)."""
    held = []
    context.route(MORE, lambda route: held.append(route))
    page.goto(base_url + "/en/#seed=" + str(seed_offered_to_me(40)))
    page.wait_for_selector("#game[data-ready=true]")
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'upcard'")
    # Asked for (a loaded machine may start its download a little after the page is ready).
    page.wait_for_function("document.querySelector('#game').dataset.moreState === 'loading'")
    return held


def test_a_delayed_second_bundle_takes_the_first_move_then_the_discard_it_waited_for(context, page, base_url):
    # A player who asked for each discard to be confirmed: the dialog is the second bundle's.
    context.add_init_script("localStorage.setItem('ginrummy.prefs', JSON.stringify({ask_discard: true}))")
    held = _open_with_the_second_bundle_held(context, page, base_url)
    page.wait_for_timeout(50)
    assert len(held) == 1 and page.get_attribute("#game", "data-more-state") == "loading"  # asked for, and held
    assert "game.web.screens.dialogs" not in in_worker(page, MODULES)
    # The first move is played at once, by keyboard: take the upcard (the focus goes to it).
    page.keyboard.press(shortcut(page, "take_upcard"))
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'discard'")
    assert len(page.locator("#game .g-hand [data-card]").all()) == 11
    page.click("#game .g-hand .g-card:not(.g-taken)")  # select a card that may be discarded
    page.wait_for_selector('#game .g-hand [aria-pressed="true"]')
    # Discard opens a confirmation: a dialog of the second bundle. The table waits, visibly.
    page.keyboard.press(shortcut(page, "discard"))
    page.wait_for_function("document.querySelector('#game').dataset.waiting === 'true'")
    assert _busy(page) == ["true", "true", "progress"]
    assert page.locator("#game .g-dialog").count() == 0
    held[0].continue_()
    page.wait_for_selector("#game .g-dialog [data-act=confirm_discard]")
    assert _busy(page)[1] == "false" and "game.web.screens.dialogs" in in_worker(page, MODULES)
    assert page.get_attribute("#game", "data-more-state") == "loaded"
    page.keyboard.press("Enter")  # the dialog's own button has the focus: confirm
    page.wait_for_function("document.querySelector('#game').dataset.phase !== 'discard'"
                           " || document.querySelector('#game').dataset.turn !== 'me'")
    wait_idle(page)
    assert len(page.locator("#game .g-hand [data-card]").all()) == 10
    assert "game.web.progress.effects" in in_worker(page, MODULES)  # what waited quietly ran too (the statistics)
    assert [p for p in page.console.problems() if not p.endswith("/api/status")] == []


def test_commands_asked_while_it_is_held_wait_in_order(context, page, base_url):
    held = _open_with_the_second_bundle_held(context, page, base_url)
    # The menu waits; the upcard taken after it waits behind it (nothing is lost, nothing jumps the queue).
    saved = page.evaluate(SAVED)
    page.click('#game [data-act="menu"]')
    page.wait_for_function("document.querySelector('#game').dataset.waiting === 'true'")  # the worker says so
    assert _busy(page)[:2] == ["true", "true"]
    page.keyboard.press(shortcut(page, "take_upcard"))
    page.wait_for_timeout(100)
    assert state(page)["phase"] == "upcard" and page.evaluate(SAVED) == saved  # not played yet
    held[0].continue_()
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'discard'")
    wait_idle(page)
    # Both ran, in their order: the menu opened, then the upcard was taken (a move closes it).
    assert state(page)["phase"] == "discard" and page.locator("#game .g-dialog").count() == 0


def test_without_the_second_bundle_a_notice_says_so_and_the_hand_is_played(context, page, base_url):
    context.route(MORE, lambda route: route.fulfill(status=404, body="missing"))
    open_game(page, base_url, "en", hash="#seed=" + str(seed_offered_to_me(70)))
    page.wait_for_selector("#game .g-notice")
    assert "Part of the game could not be loaded" in page.inner_text("#game .g-notice")
    assert page.get_attribute("#game", "data-more-state") == "failed"
    for _ in range(300):
        wait_idle(page)
        current = state(page)
        if current["phase"] in FINISHED:
            break
        if current["turn"] == "me":
            if current["phase"] == "upcard":
                page.keyboard.press(shortcut(page, "pass"))
            elif current["phase"] == "draw":
                page.keyboard.press(shortcut(page, "stock"))
            else:  # the card just drawn has the focus: select it and discard it (no dialog)
                if page.evaluate("document.activeElement.getAttribute('aria-pressed')") != "true":
                    page.keyboard.press("Enter")
                page.keyboard.press(shortcut(page, "discard"))
                assert page.locator("#game .g-dialog").count() == 0
        page.wait_for_timeout(10)
    assert state(page)["phase"] in FINISHED
    # The hand's result is said; the next hand is dealt from the keyboard.
    assert page.inner_text("#game .g-live")
    if state(page)["phase"] == "hand_over":
        page.keyboard.press("n")
        page.wait_for_function("!['hand_over', 'match_over'].includes(document.querySelector('#game').dataset.phase)")
    # A command of the second bundle's features says so again, and the table stays as it was.
    page.click('#game [data-act="menu"]')
    page.wait_for_selector("#game .g-notice")
    assert page.locator("#game .g-dialog").count() == 0 and _busy(page)[1] == "false"
    assert [p for p in page.console.problems()
            if not p.endswith("/api/status") and "game-more" not in p and "Failed to load resource" not in p] == []


def test_the_computer_waits_for_it_to_know_its_level(context, page, base_url):
    """A restored daily deal is Hard's (game.web.progress.effects, in the second bundle): the computer's
    first move waits for it, the table busy, then plays. The link's deal is drawn meanwhile
    (the build's first screen stayed until the bundle came, its deal under `data-ready`)."""
    held = []
    context.route(MORE, lambda route: held.append(route))
    seed = 40
    while Match.new(seed).current_player != 1:  # the computer is offered the upcard first
        seed += 1
    page.goto(base_url + "/en/#seed=" + str(seed))
    page.wait_for_selector("#game[data-ready=true]")
    page.wait_for_timeout(300)  # the computer's pace is 15 ms in tests
    assert page.evaluate("window.gameDecisionTimes.length") == 0 and _busy(page)[:2] == ["true", "false"]
    assert state(page)["seed"] == str(seed) and state(page)["turn"] == "other"
    shown = sorted(int(i) for i in page.eval_on_selector_all("#game .g-hand [data-card]", "cs => cs.map(c => c.dataset.card)"))
    assert shown == sorted(c.index for c in Match.new(seed).hand.hands[0])
    held[0].continue_()
    page.wait_for_function("window.gameDecisionTimes.length > 0")
    wait_idle(page)
    assert state(page)["turn"] == "me" or state(page)["phase"] in FINISHED
