"""The knock played out on the table (issue 25 point 4): both hands face up in their melds, the
defender's layoffs landing one by one on the knocker's melds, then the deadwood and the result;
your own hand first on a phone; short motion, none with reduced motion, never in the way."""

import pytest

from game.actions import GIN, KNOCK
from tests.browser.test_game import wait_idle
from tests.web.table.test_reveal import ending

pytestmark = pytest.mark.browser


def ending_position(kind=KNOCK, layoffs=True, seat=0):
    """A match (greedy play of both seats) where `seat` may end the hand with `kind`; with
    `layoffs`, one whose best settlement has layoffs. Returns the match and that settlement."""
    match, _action, result = ending(seat, lambda r: not layoffs or r.layoff_targets, kind)
    return match, result


def open_position(page, base_url, match, lang="en"):
    page.goto(base_url + "/" + lang + "/rules.html")
    page.evaluate("""([save]) => {
        localStorage.setItem('ginrummy.prefs', JSON.stringify({mode: 'cpu', rules: 'classic'}));
        localStorage.setItem('ginrummy.save.cpu', JSON.stringify({match: save, order: {}}));
    }""", [match.to_dict()])
    page.goto(base_url + "/" + lang + "/index.html")
    page.wait_for_selector("#game[data-ready=true]")
    page.wait_for_function("document.querySelector('#game').dataset.moreState === 'loaded'")
    wait_idle(page)


ANIMATIONS = """sel => [...document.querySelectorAll(sel)].map(e => e.getAnimations().map(a => {
    const t = a.effect.getTiming(); return [t.delay, t.duration]; })).flat()"""


@pytest.mark.parametrize("lang", ["fr"])  # behaviour: one language (conftest.py)
def test_a_knock_is_confirmed_in_one_press_and_played_out_on_the_table(page, base_url, lang):
    page.set_viewport_size({"width": 360, "height": 740})
    match, result = ending_position()
    open_position(page, base_url, match, lang)
    page.click('#game [data-act="knock"]')
    page.wait_for_selector("#game .g-dialog-knock")
    assert page.locator('#game .g-dialog select').count() == 0  # the meld editor waits behind a button
    assert page.locator('#game [data-act="change_melds"]').count() == 1
    wait_idle(page)
    page.keyboard.press("Enter")  # the focus is on the one button that confirms
    page.wait_for_selector("#game .g-reveal.g-revealing")
    # The knocker (you) shows the cards laid off on its melds, each at its step, in order;
    # the defender's row shows the places they leave.
    laid = page.eval_on_selector_all("#game .g-rv-me .g-rv-in", "cs => cs.map(c => c.getAttribute('aria-label'))")
    assert len(laid) == len(result.layoff_targets) and all(label.endswith(laid[0].split(", ")[-1]) for label in laid)
    assert page.locator("#game .g-rv-them .g-rv-out").count() == len(result.layoff_targets)
    timings = page.evaluate(ANIMATIONS, "#game .g-rv-me .g-rv-in")
    assert timings and all(150 <= duration <= 250 for _delay, duration in timings), timings
    steps = [int(c.split("g-rv-t")[1].split()[0]) for c in
             page.eval_on_selector_all("#game .g-rv-me .g-rv-in", "cs => cs.map(c => c.className)")]
    assert sorted(steps) == list(range(1, len(result.layoff_targets) + 1))
    # Each starts from the place it leaves in the defender's row (below yours on a phone).
    starts = page.eval_on_selector_all("#game .g-rv-me .g-rv-in", "cs => cs.map(c => [c.style.getPropertyValue('--g-rv-x'), c.style.getPropertyValue('--g-rv-y')])")
    assert all(y.endswith("px") and float(y[:-2]) > 40 for _x, y in starts), starts
    # The result comes after the last layoff.
    late = page.evaluate(ANIMATIONS, "#game .g-end .g-banner")
    assert late and late[0][0] > max(delay for delay, _ in timings)
    # On a phone, your own hand comes first and is on the first screen with the result.
    mine = page.locator("#game .g-rv-me").bounding_box()
    theirs = page.locator("#game .g-rv-them").bounding_box()
    top = page.evaluate("document.querySelector('#game .g-end').getBoundingClientRect().top + scrollY")
    assert mine["y"] < theirs["y"] and mine["y"] + mine["height"] - top < 740
    # Said in words: the layoffs and the result.
    live = page.inner_text("#game .g-live")
    assert live.count(".") >= 2 and str(result.points) in live
    # Nothing waits for the motion: an input finishes it at once, and the next hand is dealt at once.
    page.click('#game [data-act="sheet"]')
    page.wait_for_selector("#game .g-dialog-sheet")
    assert page.locator("#game .g-revealing").count() == 0
    assert page.evaluate(ANIMATIONS, "#game .g-rv-in, #game .g-rv-late") == []
    page.keyboard.press("Escape")
    page.click('#game [data-act="next_hand"]')
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'upcard'")
    assert page.console.problems() == []


def test_gin_has_no_layoffs_and_reduced_motion_shows_the_end_at_once(page, base_url):
    page.emulate_media(reduced_motion="reduce")
    match, result = ending_position(GIN, layoffs=False)
    open_position(page, base_url, match)
    page.click('#game [data-act="gin"]')
    page.wait_for_selector("#game .g-dialog-gin")
    assert page.locator('#game .g-dialog select').count() == 0
    page.click('#game [data-act="confirm_knock"]')
    page.wait_for_selector("#game .g-reveal")
    assert page.locator("#game .g-rv-in, #game .g-rv-out").count() == 0
    assert page.evaluate("() => document.getAnimations().length") == 0
    assert page.locator("#game .g-rv-me .g-card").count() == 10
    assert page.locator("#game .g-rv-them .g-card").count() == 10
    assert page.locator("#game .g-banner").is_visible()
    assert page.console.problems() == []


def test_the_computers_knock_is_played_out_too(page, base_url):
    # Two players on one device: Player 2 knocks, and the screen lays out both hands the same way.
    match, _result = ending_position(layoffs=False, seat=1)
    match.apply(next(a for a in match.legal_actions() if a.kind == KNOCK))
    page.goto(base_url + "/en/rules.html")
    page.evaluate("""([save]) => {
        localStorage.setItem('ginrummy.prefs', JSON.stringify({mode: 'duo', rules: 'classic'}));
        localStorage.setItem('ginrummy.save.duo', JSON.stringify({match: save, order: {}}));
    }""", [match.to_dict()])
    page.goto(base_url + "/en/index.html")
    page.wait_for_selector("#game[data-ready=true] .g-reveal")
    result = match.hand.end["settlement"]
    assert page.locator("#game .g-rv-in").count() == len(result.layoff_targets)
    assert page.inner_text("#game .g-end .g-scoreline").strip()


def test_on_a_landscape_phone_the_hands_played_out_are_on_the_screen(page, base_url):
    # The Knock button is under the hand (the page scrolled down to it): the end of the hand
    # brings the hands into view, side by side.
    page.set_viewport_size({"width": 640, "height": 360})
    match, _result = ending_position()
    open_position(page, base_url, match)
    page.click('#game [data-act="knock"]')
    page.wait_for_selector("#game .g-dialog-knock")
    page.click('#game [data-act="confirm_knock"]')
    page.wait_for_selector("#game .g-reveal")
    wait_idle(page)
    for seat in ("#game .g-rv-me", "#game .g-rv-them", '#game [data-act="next_hand"]'):
        box = page.locator(seat).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 360, (seat, box)
