"""A move that paints at once: the page's shim answers a tap or a key in the frame of the event,
the move itself runs in the game's worker, and its drawing changes only what changed (the shim's
`press` and keyed `patch`, static/game-shim.js)."""

import pytest

from tests.browser.conftest import store
from tests.browser.test_game import hand_cards, open_game, shortcut, state, wait_idle

pytestmark = pytest.mark.browser


def my_turn(page, phase):
    page.wait_for_function("""p => { const g = document.querySelector('#game');
        return g.dataset.busy !== 'true' && g.dataset.turn === 'me' && g.dataset.phase === p; }""", arg=phase)


def to_my_draw(page):
    """Deal 31 offers the computer the upcard first: wait for the player's turn, pass the upcard
    if offered, and wait for the draw."""
    page.wait_for_function("""() => { const g = document.querySelector('#game');
        return g.dataset.busy !== 'true' && g.dataset.turn === 'me'; }""")
    if state(page)["phase"] == "upcard":
        page.keyboard.press(shortcut(page, "pass"))
    my_turn(page, "draw")


def test_a_tapped_card_lifts_in_the_frame_of_the_tap(page, base_url):
    open_game(page, base_url, "en", hash="#seed=31")
    to_my_draw(page)
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
    to_my_draw(page)
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
    to_my_draw(page)
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


def test_undo_taking_discards_place_moves_no_other_button(page, base_url):
    """The patch removes an element the new markup no longer has before placing the next ones:
    Undo taking Discard's place leaves Knock and Gin where they are (they were moved, each a
    removal and an insertion)."""
    open_game(page, base_url, "en", hash="#seed=31")
    to_my_draw(page)
    page.keyboard.press(shortcut(page, "stock"))
    my_turn(page, "discard")
    store(page, "ginrummy.pace", "600000")  # the computer waits: Undo stays
    page.evaluate("""() => {
        window.removed = [];
        new MutationObserver(list => { for (const m of list) for (const n of m.removedNodes)
            if (n.nodeType === 1) window.removed.push(n.dataset.key || n.tagName); })
          .observe(document.querySelector('#game'), {childList: true, subtree: true}); }""")
    page.keyboard.press("Enter")  # select the card drawn
    page.keyboard.press(shortcut(page, "discard"))
    page.wait_for_selector('#game [data-act="undo"]')
    removed = page.evaluate("window.removed")
    assert "discard" in removed  # Undo took its place
    assert "knock" not in removed and "gin" not in removed
    assert page.console.problems() == []


# Every removal of an element holding the focus, in the game, while it is removed.
FOCUS_REMOVALS = """window.focusRemovals = [];
for (const [proto, name] of [[Node.prototype, 'removeChild'], [Element.prototype, 'remove']]) {
  const original = proto[name];
  proto[name] = function (child) {
    const gone = name === 'remove' ? this : child;
    const active = document.activeElement;
    if (gone && gone.contains && active && active !== document.body && gone.contains(active)
        && active.closest && active.closest('#game')) {
      window.focusRemovals.push(gone.getAttribute('data-key') || gone.className);
    }
    return original.apply(this, arguments);
  };
}"""


def test_the_focused_card_discarded_lets_go_of_the_focus_before_the_table_is_patched(context, page, base_url):
    """The card discarded by keyboard has the focus: it lets go of it before the drawing, while
    the page's style is clean, never while it is removed in the middle of the patch (the browser
    then restyled the half-patched table at once: 5-10 ms a discard unslowed). The focus is on
    the hand again after the move."""
    context.add_init_script(FOCUS_REMOVALS)
    open_game(page, base_url, "en", hash="#seed=31")
    for _ in range(2):
        to_my_draw(page)
        page.keyboard.press(shortcut(page, "stock"))
        my_turn(page, "discard")
        assert page.evaluate("document.activeElement.closest('.g-hand') !== null")
        page.keyboard.press("Enter")  # the card just drawn, focused: selected
        page.keyboard.press(shortcut(page, "discard"))
        page.wait_for_function("document.querySelector('#game').dataset.phase !== 'discard'")
        wait_idle(page)
    assert page.evaluate("window.focusRemovals") == []
    assert page.evaluate("document.activeElement.closest('#game') !== null")
