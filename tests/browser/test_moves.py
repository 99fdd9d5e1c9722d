"""A move that paints at once: the screen answers a tap or a key in the frame of the event, the
move itself runs after that frame, and its drawing changes only what changed (game.web.platform.app
`input`, `press`; the start script's `gamePatch`)."""

import pytest

from tests.browser.test_game import hand_cards, open_game, shortcut, state, wait_idle

pytestmark = pytest.mark.browser


def my_turn(page, phase):
    page.wait_for_function("""p => { const g = document.querySelector('#game');
        return g.dataset.busy !== 'true' && g.dataset.turn === 'me' && g.dataset.phase === p; }""", arg=phase)


def test_a_tapped_card_lifts_in_the_frame_of_the_tap(page, base_url):
    open_game(page, base_url, "en", hash="#seed=31")
    page.keyboard.press(shortcut(page, "pass") if state(page)["phase"] == "upcard" else shortcut(page, "stock"))
    wait_idle(page)
    if state(page)["phase"] != "discard":
        page.keyboard.press(shortcut(page, "stock"))
    my_turn(page, "discard")
    card = hand_cards(page)[0]
    # In the task of the click itself: the card is up, the move is still to run.
    at_once = page.evaluate("""i => { const el = document.querySelector('#game .g-hand [data-card="' + i + '"]');
        el.marked = true; el.click();
        return [el.classList.contains('g-selected'), el.getAttribute('aria-pressed'),
                document.querySelector('#game').dataset.busy]; }""", card)
    assert at_once == [True, "true", "true"]
    wait_idle(page)
    # Once it ran, the card is selected by the game, and it is the same element.
    assert page.evaluate("""i => { const el = document.querySelector('#game .g-hand [data-card="' + i + '"]');
        return [el.marked === true, el.getAttribute('aria-pressed')]; }""", card) == [True, "true"]
    # The stock, pressed, lights in the same task.
    assert page.evaluate("""() => { const el = document.querySelector('#game [data-act="show_pile"]');
        el.click(); return el.classList.contains('g-pressed'); }""")
    wait_idle(page)
    assert page.locator("#game .g-pressed").count() == 0
    assert page.console.problems() == []


def test_a_move_keeps_every_element_that_stays(page, base_url):
    open_game(page, base_url, "en", hash="#seed=31")
    if state(page)["phase"] == "upcard":
        page.keyboard.press(shortcut(page, "pass"))
    my_turn(page, "draw")
    page.evaluate("""() => { for (const el of document.querySelectorAll('#game .g-hand li, #game .g-hand .g-card,'
        + ' #game .g-bar, #game [data-act="menu"]')) el.marked = true; }""")
    before = hand_cards(page)
    page.keyboard.press(shortcut(page, "stock"))
    my_turn(page, "discard")
    kept = page.evaluate("""() => [...document.querySelectorAll('#game .g-hand .g-card')]
        .map(el => [Number(el.dataset.card), el.marked === true])""")
    assert sorted(card for card, marked in kept if marked) == sorted(before)  # the same ten
    drawn = [card for card, marked in kept if not marked]
    assert len(drawn) == 1  # and one new element, the card drawn, which has the focus
    assert page.evaluate("document.activeElement.dataset.card") == str(drawn[0])
    assert page.evaluate("""() => document.querySelector('#game .g-bar').marked === true
        && document.querySelector('#game [data-act="menu"]').marked === true""")
    assert page.console.problems() == []


def test_keys_typed_fast_are_played_in_their_order(page, base_url):
    """Inputs wait for the frame answering them: a burst of keys (select, Discard) runs in the
    order typed, each once: two keys discard, as two taps do."""
    open_game(page, base_url, "en", hash="#seed=31")
    if state(page)["phase"] == "upcard":
        page.keyboard.press(shortcut(page, "pass"))
    my_turn(page, "draw")
    page.keyboard.press(shortcut(page, "stock"))
    my_turn(page, "discard")
    drawn = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")  # select the card drawn
    page.keyboard.press(shortcut(page, "discard"))  # discard it, before anything ran
    page.wait_for_function("document.querySelector('#game').dataset.phase !== 'discard'"
                           " || document.querySelector('#game').dataset.turn !== 'me'")
    wait_idle(page)
    assert drawn not in [str(c) for c in hand_cards(page)]
    assert page.console.problems() == []
