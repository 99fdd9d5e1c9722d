"""A turn in two taps (issue 25): the stock or the pile draws with one tap, a card then the pile
(or Discard) discards with no dialog, Undo takes the discard back until the other side moves,
the keyboard does the same in as many keys, and a tap that cannot act says why."""

import json

import pytest

from game.match import Match
from game.web.words import i18n
from game.web.words import text as T
from tests.browser.conftest import Console, store
from tests.browser.test_game import catalog, open_game, shortcut, state, wait_idle
from tests.browser.test_table import seed_dealt_by_the_computer

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
SLOW = "600000"  # the computer's pace while a test looks at its turn: it does not move meanwhile


@pytest.fixture
def phone(browser, base_url):
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block")
    ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
    page = ctx.new_page()
    page.set_default_timeout(20000)
    page.console = Console(page)
    page.base = base_url
    yield page
    ctx.close()


def pace(page, ms):
    store(page, "ginrummy.pace", str(ms))


def tap(page, selector):
    """Tap the middle of an element (the caller waits for what it expects)."""
    box = page.locator(selector).first.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def live(page):
    return page.inner_text("#game .g-live")


def said_after(page, selector):
    """Tap `selector` and return what the live region says then (it is emptied first)."""
    page.evaluate("document.querySelector('#game .g-live').textContent = ''")
    tap(page, selector)
    page.wait_for_function("document.querySelector('#game .g-live').textContent !== ''")
    return live(page)


def my_phase(page, phase):
    page.wait_for_function("""p => { const g = document.querySelector('#game');
        return g.dataset.busy !== 'true' && g.dataset.turn === 'me' && g.dataset.phase === p; }""", arg=phase)


def saved(page):
    return Match.from_dict(json.loads(page.evaluate("localStorage.getItem('ginrummy.save.cpu')"))["match"])


def hand(page):
    return [int(x) for x in page.eval_on_selector_all("#game .g-hand [data-card]", "els => els.map(e => e.dataset.card)")]


@pytest.mark.parametrize("lang", ["vi"])  # behaviour: one language (conftest.py)
def test_a_turn_is_two_taps_and_undo_takes_the_discard_back_until_the_computer_moves(phone, lang, site):
    page = phone
    open_game(page, page.base, lang, hash="#seed=" + str(seed_dealt_by_the_computer(30)))
    catalog(site, page)
    tap(page, '#game [data-act="pass"]')
    my_phase(page, "draw")
    taps = 0
    tap(page, '#game [data-act="draw_stock"]')  # one tap draws
    taps += 1
    my_phase(page, "discard")
    drawn = page.get_attribute("#game .g-hand .g-new", "data-card")
    pace(page, SLOW)
    tap(page, '#game .g-hand .g-new')  # a card, then the pile: discarded, no dialog
    page.wait_for_selector('#game .g-hand [aria-pressed="true"]')
    tap(page, '#game [data-act="pile"]')
    taps += 2
    page.wait_for_selector('#game [data-act="undo"]')
    assert taps == 3 and page.locator("#game .g-dialog").count() == 0
    assert int(drawn) not in hand(page) and state(page)["turn"] == "other"
    assert saved(page).hand.discard[-1].index == int(drawn)
    # Undo, in the Discard button's place: the card is back, the drawn card stays, the save has no discard.
    before = saved(page)
    tap(page, '#game [data-act="undo"]')
    my_phase(page, "discard")
    assert int(drawn) in hand(page) and page.locator('#game [data-act="undo"]').count() == 0
    assert live(page).startswith(i18n.current().gettext("You took back {card}.").split("{card}")[0])
    after = saved(page)
    assert len(after.actions) == len(before.actions) - 1 and after.hand.drawn.index == int(drawn)
    # Discarded again (the button this time), and the computer moves: Undo is gone.
    tap(page, '#game .g-hand .g-new')
    page.wait_for_selector('#game .g-hand [aria-pressed="true"]')
    pace(page, "15")
    tap(page, '#game [data-act="discard"]')
    page.wait_for_function("document.querySelector('#game').dataset.turn === 'me'"
                           " || document.querySelector('#game').dataset.phase.endsWith('over')")
    wait_idle(page)
    assert page.locator('#game [data-act="undo"]').count() == 0
    assert page.console.problems() == []


def test_a_drag_onto_the_pile_discards_at_once_and_the_keyboard_undoes_it(phone):
    page = phone
    open_game(page, page.base, "en", hash="#seed=" + str(seed_dealt_by_the_computer(30)))
    page.keyboard.press(shortcut(page, "pass"))
    my_phase(page, "draw")
    page.keyboard.press(shortcut(page, "stock"))
    my_phase(page, "discard")
    pace(page, SLOW)
    drawn = page.get_attribute("#game .g-hand .g-new", "data-card")
    card, pile = page.locator("#game .g-hand .g-new").bounding_box(), page.locator("#game .g-discard").bounding_box()
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    page.mouse.down()
    page.mouse.move(pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2, steps=8)
    page.mouse.up()
    page.wait_for_selector('#game [data-act="undo"]')
    assert page.locator("#game .g-dialog").count() == 0 and int(drawn) not in hand(page)
    page.keyboard.press(shortcut(page, "undo"))  # Z in English
    my_phase(page, "discard")
    assert int(drawn) in hand(page)
    # Two keys discard: Enter on the focused card, then X.
    page.focus('#game .g-hand [data-card="' + drawn + '"]')
    page.keyboard.press("Enter")
    page.keyboard.press(shortcut(page, "discard"))
    page.wait_for_selector('#game [data-act="undo"]')
    assert int(drawn) not in hand(page)
    pace(page, "15")
    page.keyboard.press(shortcut(page, "undo"))
    my_phase(page, "discard")
    assert page.console.problems() == []


@pytest.mark.parametrize("lang", ["fr"])  # behaviour: one language (conftest.py)
def test_a_tap_that_cannot_act_says_why(phone, lang, site):
    page = phone
    open_game(page, page.base, lang, hash="#seed=" + str(seed_dealt_by_the_computer(30)))
    catalog(site, page)
    wait = T.refusal("not_your_turn", {})
    # The upcard is offered to the player: the stock says what comes first.
    assert said_after(page, '#game [data-act="draw_stock"]') == T.refusal("upcard_offer", {})
    tap(page, '#game [data-act="pass"]')
    my_phase(page, "draw")
    assert said_after(page, '#game [data-act="discard"]') == T.refusal("draw_first", {})
    assert said_after(page, '#game [data-act="move_left"]') == i18n.current().gettext(
        "Select a card first, then move it with the arrows.")
    tap(page, '#game [data-act="draw_stock"]')
    my_phase(page, "discard")
    assert said_after(page, '#game [data-act="draw_stock"]') == T.refusal("already_drew", {})
    assert said_after(page, '#game [data-act="pile"]') == i18n.current().gettext(
        "You have drawn: now select a card, then tap the pile.")
    assert page.get_attribute('#game [data-act="knock"]', "aria-disabled") == "true"  # 72 points of deadwood
    assert said_after(page, '#game [data-act="knock"]') == i18n.fmt(i18n.ngettext(
            "You cannot knock: no card you may discard leaves {limit} point of deadwood or less.",
            "You cannot knock: no card you may discard leaves {limit} points of deadwood or less.", 10), limit=10)
    # The computer's turn: the stock, the pile, a move and a card each say to wait.
    pace(page, SLOW)
    tap(page, '#game .g-hand .g-new')
    page.wait_for_selector('#game .g-hand [aria-pressed="true"]')
    tap(page, '#game [data-act="pile"]')
    page.wait_for_selector('#game [data-act="undo"]')
    for selector in ('#game [data-act="draw_stock"]', '#game [data-act="pile"]', '#game [data-act="knock"]'):
        assert said_after(page, selector) == wait, selector
    assert said_after(page, "#game .g-hand .g-card >> nth=0").endswith(wait)
    assert page.console.problems() == []
