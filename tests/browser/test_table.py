"""The card table as a player meets it, at 360x740 (touch) and 1280x800: the hand and the piles
stay in view for a whole hand, the page never scrolls on a move, the focus never falls to the
body, dialogs keep the focus, each language has its own shortcut letters, nothing is lost
without asking, and no page scrolls sideways."""

import pytest

from game.match import Match
from tests.browser.conftest import LANGS, Console
from tests.browser.test_game import PAGES, open_game, state, wait_idle

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}


@pytest.fixture(params=sorted(SIZES))
def sized(request, browser, base_url):
    touch = request.param == "phone"
    ctx = browser.new_context(viewport=SIZES[request.param], has_touch=touch, is_mobile=touch)
    ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
    page = ctx.new_page()
    page.set_default_timeout(20000)
    page.touch = touch
    page.base = base_url
    yield page
    ctx.close()


def press(page, selector):
    """Tap or click the middle of an element, as a person does (no scrolling it into view)."""
    box = page.locator(selector).first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if page.touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    wait_idle(page)  # a person sees the answer before the next tap


def boxes_in_view(page):
    return page.evaluate("""() => ['.g-hand', '.g-piles', '.g-actions'].map(sel => {
        const el = document.querySelector('#game ' + sel);
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth ? null
            : sel + ' ' + JSON.stringify([r.left, r.top, r.right, r.bottom]);
    }).filter(x => x)""")


def focus_tag(page):
    return page.evaluate("document.activeElement === document.body ? 'BODY' : document.activeElement.tagName")


def seed_dealt_by_the_computer(start):
    seed = start
    while Match.new(seed).hand.dealer != 1:  # the person is offered the upcard first
        seed += 1
    return seed


def test_a_whole_hand_fits_the_screen_without_scrolling_and_keeps_the_focus(sized):
    page = sized
    open_game(page, page.base, "en", hash="#seed=" + str(seed_dealt_by_the_computer(61)))
    scroll = page.evaluate("scrollY")
    moves = 0
    for _ in range(200):
        wait_idle(page)
        current = state(page)
        if current["phase"] in ("hand_over", "match_over"):
            break
        assert boxes_in_view(page) == [], "the table left the screen in phase " + current["phase"]
        if moves:
            assert focus_tag(page) != "BODY", "the focus fell to the body after a move"
        if current["turn"] != "me":
            page.wait_for_timeout(10)
            continue
        if current["phase"] == "upcard":
            press(page, '#game [data-act="pass"]')
        elif current["phase"] == "draw":
            press(page, '#game [data-act="draw_stock"]')
        else:
            press(page, "#game .g-hand .g-new, #game .g-hand .g-card:not(.g-taken)")
            assert boxes_in_view(page) == []
            press(page, '#game [data-act="pile"]')  # the second tap: the card goes on the pile
        moves += 1
        assert page.evaluate("scrollY") == scroll, "the page scrolled on a move"
    assert moves > 2
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("lang", LANGS)
def test_the_announcement_under_the_hand_is_shown_whole(sized, lang):
    # On a phone it was cut to one line ("You drew the 8 of diamonds from the stock. S…"),
    # and it is the one place on screen that names the card just drawn.
    page = sized
    open_game(page, page.base, lang, hash="#seed=" + str(seed_dealt_by_the_computer(61)))
    for _ in range(200):
        wait_idle(page)
        current = state(page)
        if current["turn"] == "me" and current["phase"] == "discard":
            break
        if current["turn"] != "me":
            page.wait_for_timeout(10)
        elif current["phase"] == "upcard":
            press(page, '#game [data-act="pass"]')
        elif current["phase"] == "draw":
            press(page, '#game [data-act="draw_stock"]')
    assert state(page)["phase"] == "discard"
    shown = page.evaluate("""() => { const li = document.querySelector('#game .g-log li:last-child');
        const r = li.getBoundingClientRect();
        return {text: li.textContent, visible: getComputedStyle(li).display !== 'none' && r.height > 0,
                wide: li.scrollWidth - li.clientWidth, tall: li.scrollHeight - li.clientHeight}; }""")
    assert shown["visible"], shown
    assert shown["wide"] <= 0 and shown["tall"] <= 0, shown  # nothing cut off


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_contents_are_a_line_each_to_tap_on_a_phone(browser, base_url, lang):
    ctx = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(base_url + "/" + lang + "/rules.html")
    sizes = page.evaluate("""() => [...document.querySelectorAll('.content .toc li a')].map(a => {
        const r = a.getBoundingClientRect(); return [r.width, r.height]; })""")
    ctx.close()
    assert len(sizes) > 10
    assert min(h for w, h in sizes) >= 32, sizes  # were 19 px, some of them 21 px wide
    assert min(w for w, h in sizes) >= 200, sizes


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [320, 360])
def test_each_pile_label_stays_inside_its_pile_on_a_phone(browser, base_url, lang, width):
    # « Défausse » ran 5 px past its pile's border at 360 px, 24 px at 320.
    ctx = browser.new_context(viewport={"width": width, "height": 740}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    open_game(page, base_url, lang, hash="#seed=4242")
    room = page.evaluate("""() => [...document.querySelectorAll('#game .g-stock, #game .g-discard')].map(box => {
        const b = box.getBoundingClientRect(), l = box.querySelector('.g-pile-label').getBoundingClientRect();
        return Math.min(b.right - l.right, l.left - b.left); })""")
    piles = page.evaluate("(() => { const p = document.querySelector('#game .g-piles'); return p.scrollWidth - p.clientWidth; })()")
    ctx.close()
    assert len(room) == 2 and min(room) >= 0 and piles <= 0, (room, piles)


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_scrolls_sideways(sized, lang):
    page = sized
    for path in PAGES:
        open_game(page, page.base, lang, path)
        wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.g-live'))
            .slice(0, 3).map(e => e.tagName + '.' + e.className)""")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (path, wide)


# Each language's letters (game.web.words.keys, from the catalogues): pass the upcard, then draw.
KEYS = {"en": ("s", "d", "x"), "fr": ("p", "t", "x"), "vi": ("q", "b", "x")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_shortcut_letters_are_the_languages_own(page, base_url, lang):
    pass_key, draw_key, _discard = KEYS[lang]
    seed = seed_dealt_by_the_computer(71)
    open_game(page, base_url, lang, hash="#seed=" + str(seed))
    assert state(page)["phase"] == "upcard"
    for other in {"s", "q", "p"} - {pass_key}:
        page.keyboard.press(other)  # another language's "pass" does not pass here
        assert state(page)["phase"] == "upcard"
    # A letter typed in a form control is the control's, never a shortcut.
    page.click('#game [data-act="menu"]')
    page.focus('#game select[data-act="level"]')
    page.keyboard.press(pass_key)
    page.keyboard.press("Escape")
    assert state(page)["phase"] == "upcard"
    page.keyboard.press(pass_key)
    page.wait_for_function("document.querySelector('#game').dataset.phase !== 'upcard' "
                           "|| document.querySelector('#game').dataset.turn !== 'me'")
    wait_idle(page)
    if state(page)["phase"] == "draw" and state(page)["turn"] == "me":
        page.keyboard.press(draw_key)
        page.wait_for_function("document.querySelector('#game').dataset.phase === 'discard'")
    assert page.console.problems() == []


@pytest.fixture
def computer_first(browser, base_url):
    """A page on a deal whose first move is the computer's, played at a pace of 4 s (time for
    the test to act first, also with a test running beside it on each core), the coach's hints
    on."""
    ctx = browser.new_context(viewport=SIZES["desktop"])
    ctx.add_init_script("localStorage.setItem('ginrummy.pace', '4000');"
                        "localStorage.setItem('ginrummy.prefs', JSON.stringify({hints: true}))")
    page = ctx.new_page()
    page.set_default_timeout(20000)
    seed = 61
    while Match.new(seed).hand.dealer != 0:  # the computer is offered the upcard first
        seed += 1
    page.goto(base_url + "/en/#seed=" + str(seed))
    page.wait_for_selector("#game[data-ready=true]")
    yield page
    ctx.close()


def test_the_focus_stays_where_the_player_put_it(computer_first):
    # A player who tabbed to Sort while the computer played was sent to a card; W (the hint)
    # pressed on a card sent the focus to the hint button, and the arrows left the hand.
    page = computer_first
    page.focus('#game [data-key="sort"]')
    assert state(page)["turn"] != "me"  # the computer has not played yet (it waits 4 s)
    page.wait_for_function("document.querySelector('#game').dataset.turn === 'me'")
    wait_idle(page)
    assert page.evaluate("document.activeElement.dataset.key") == "sort"
    card = page.get_attribute("#game .g-hand .g-card >> nth=2", "data-key")
    page.focus('#game [data-key="' + card + '"]')
    page.keyboard.press("w")
    page.wait_for_selector("#game .g-hint")
    wait_idle(page)
    assert page.evaluate("document.activeElement.dataset.key") == card
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.key") != card  # the arrows move in the hand


def test_the_menu_stays_open_while_the_computer_moves(computer_first):
    # Any move closed any dialog: a player reading the menu or the shortcuts lost it when the
    # computer played. A move of the player's own still closes it.
    page = computer_first
    page.click('#game [data-act="menu"]')
    page.wait_for_selector("#game .g-dialog-menu")
    assert state(page)["turn"] != "me"  # the computer has not played yet (it waits 4 s)
    page.wait_for_function("document.querySelector('#game').dataset.turn === 'me'")
    wait_idle(page)
    assert page.locator("#game .g-dialog-menu").count() == 1
    assert page.evaluate("!!document.activeElement.closest('.g-dialog')")
    page.keyboard.press("Escape")
    page.wait_for_selector("#game .g-dialog", state="detached")


def test_a_dialog_keeps_the_focus_and_gives_it_back(page, base_url):
    open_game(page, base_url, "en", hash="#seed=5")
    page.click('#game [data-act="menu"]')
    page.wait_for_selector("#game .g-dialog-menu")
    for _ in range(25):
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('.g-dialog')"), "Tab left the dialog"
    for _ in range(5):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("!!document.activeElement.closest('.g-dialog')")
    page.keyboard.press("Escape")
    wait_idle(page)
    assert page.evaluate("document.activeElement.dataset.key") == "menu"
    page.keyboard.press("?")
    page.wait_for_selector("#game .g-dialog")
    page.keyboard.press("Escape")
    assert focus_tag(page) != "BODY"


def test_two_players_the_next_one_starts_on_reveal_my_hand(page, base_url):
    open_game(page, base_url, "en", hash="#seed=9")
    page.click('#game [data-act="menu"]')
    page.select_option('#game select[data-act="mode"]', "duo")
    page.wait_for_function("document.querySelector('#game').dataset.mode === 'duo'")
    wait_idle(page)
    assert page.evaluate("document.activeElement.dataset.key") == "reveal"
    page.keyboard.press("Enter")
    wait_idle(page)
    assert state(page)["handover"] == "false"
    phase = state(page)["phase"]
    page.keyboard.press("s" if phase == "upcard" else "d")
    page.wait_for_function("document.querySelector('#game').dataset.handover === 'true' "
                           "|| document.querySelector('#game').dataset.phase === 'discard'")
    wait_idle(page)
    if state(page)["handover"] == "true":
        assert page.evaluate("document.activeElement.dataset.key") == "reveal"


def pass_the_upcard(page):
    """Pass the upcard (the person is offered it first) and wait until the save has the move."""
    page.keyboard.press("s")
    page.wait_for_function("JSON.parse(localStorage.getItem('ginrummy.save.cpu')).match.actions.length > 0")
    wait_idle(page)


def drag(page, source, target):
    """Press on one element, move in steps (a real drag) and release over another."""
    a = page.locator(source).first.bounding_box()
    b = page.locator(target).first.bounding_box()
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 15, y0 - 15, steps=3)
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()


def test_drag_a_card_to_reorder_the_hand_or_onto_the_discard_pile(page, base_url):
    seed = seed_dealt_by_the_computer(91)
    open_game(page, base_url, "en", hash="#seed=" + str(seed))
    before = page.eval_on_selector_all("#game .g-hand [data-card]", "els => els.map(e => e.dataset.card)")
    drag(page, '#game .g-hand li:nth-child(1) .g-card', '#game .g-hand li:nth-child(3) .g-card')
    wait_idle(page)
    after = page.eval_on_selector_all("#game .g-hand [data-card]", "els => els.map(e => e.dataset.card)")
    assert after == before[1:3] + before[:1] + before[3:]
    assert page.locator("#game .g-dialog").count() == 0  # a drag is not a tap
    page.keyboard.press("s")  # pass the upcard
    for _ in range(50):
        wait_idle(page)
        current = state(page)
        if current["turn"] == "me" and current["phase"] == "discard":
            break
        if current["turn"] == "me":
            page.keyboard.press("s" if current["phase"] == "upcard" else "d")
        page.wait_for_timeout(10)
    drag(page, "#game .g-hand .g-new", "#game .g-discard")  # dropped on the pile: discarded at once
    wait_idle(page)
    assert page.locator("#game .g-dialog").count() == 0
    assert state(page)["phase"] != "discard" or state(page)["turn"] != "me"
    assert page.console.problems() == []


def test_a_double_tap_or_click_on_a_card_discards_it_without_confirmation(sized):
    # The first tap redraws the hand, so the browser's dblclick never came (two elements): the
    # option did nothing but select and unselect. A discard asks for no confirmation by default.
    page = sized
    console = Console(page)
    open_game(page, page.base, "en", hash="#seed=" + str(seed_dealt_by_the_computer(30)))
    press(page, '#game [data-act="pile"]')  # take the upcard
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'discard'")
    wait_idle(page)
    # Enter twice on a card (a key's clicks) selects and unselects it: never a discard.
    card = '#game .g-hand .g-card:not(.g-taken) >> nth=1'
    page.focus(card)
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert page.locator("#game .g-hand [data-card]").count() == 11
    assert page.locator('#game .g-hand [aria-pressed="true"]').count() == 0
    chosen = page.get_attribute(card, "data-card")
    box = page.locator(card).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for _ in range(2):
        if page.touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
    page.wait_for_function("document.querySelector('#game').dataset.phase !== 'discard'"
                           " || document.querySelector('#game').dataset.turn !== 'me'")
    assert page.locator("#game .g-dialog").count() == 0
    assert page.locator("#game .g-hand [data-card]").count() == 10
    assert page.locator('#game .g-hand [data-card="' + chosen + '"]').count() == 0
    assert console.problems() == []


def test_a_box_ticked_low_in_the_menu_stays_in_view_on_a_phone(browser, base_url):
    # Each choice draws the menu again: it went back to its top, the box just ticked off the
    # screen (and opened again, with its motion).
    ctx = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        open_game(page, base_url, "fr", hash="#seed=5")
        page.tap('#game [data-act="menu"]')
        page.wait_for_selector("#game .g-dialog-menu")
        page.eval_on_selector("#game .g-dialog", "d => { d.scrollTop = d.scrollHeight; }")
        scrolled = page.eval_on_selector("#game .g-dialog", "d => d.scrollTop")
        assert scrolled > 100  # the menu is taller than the phone's screen
        box = '#game input[data-act="ask_discard"]'
        page.eval_on_selector("#game .g-dialog", "d => { d.testMark = 'first'; }")  # a property: not markup
        page.tap(box)
        page.wait_for_function("document.querySelector('#game input[data-act=\"ask_discard\"]').checked")
        wait_idle(page)
        # Drawn again, the menu is the same element (so not opened again, with its motion), where
        # the player scrolled it, not back at its top.
        dialog = page.eval_on_selector("#game .g-dialog", "d => [d.scrollTop, d.testMark || '']")
        assert dialog[0] > scrolled // 2 and dialog[1] == "first"
        top, bottom = page.eval_on_selector(box, "b => { const r = b.getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert 0 <= top and bottom <= 740
    finally:
        ctx.close()
