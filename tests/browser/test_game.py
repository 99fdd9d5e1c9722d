"""The game in the page, in English, French and Vietnamese, driven through headless Chromium."""

import json
import re

import pytest

from game.cards import DECK
from game.match import Match
from game.web.words import events as EV
from game.web.words import i18n
from game.web.words import text as T
from generator.bundle import BUILTIN_MODULES, STDLIB_MODULES
from tests.browser.conftest import LANGS, SCREENSHOTS, in_worker, store

pytestmark = pytest.mark.browser

PAGES = ("", "rules.html", "faq.html", "play.html")


# --- helpers ----------------------------------------------------------------------------------

# axe with the rules Lighthouse turns on beyond axe's defaults (its accessibility gatherer,
# core/gather/gatherers/accessibility.js): tap targets of 24 px (WCAG 2.5.8, off by default), the
# visible label inside the accessible name (WCAG 2.5.3, "experimental" in axe 4.12), and three
# more. Lighthouse's score is only 100 when none of them fails.
AXE_OPTIONS = {"resultTypes": ["violations"],
               "rules": {rule: {"enabled": True} for rule in (
                   "target-size", "label-content-name-mismatch", "identical-links-same-purpose",
                   "table-fake-caption", "td-has-header")}}


def axe_problems(page, where):
    """axe's violations on the page as it is, one line each: where, impact, rule, first nodes."""
    from axe_playwright_python.sync_playwright import Axe

    return [where + ": " + str(v["impact"]) + " " + v["id"] + " " + repr([n["target"] for n in v["nodes"]][:3])
            for v in Axe().run(page, options=AXE_OPTIONS).response["violations"]]

def open_game(page, base_url, lang, path="", hash=""):
    page.goto(base_url + "/" + lang + "/" + path + hash)
    page.locator("#game").scroll_into_view_if_needed()  # a guide page starts the game near it
    page.wait_for_selector("#game[data-ready=true]")
    wait_idle(page)


def wait_idle(page):
    page.wait_for_function("document.querySelector('#game').dataset.busy !== 'true'")


def state(page):
    return page.evaluate("""() => { const g = document.querySelector('#game');
        return {phase: g.dataset.phase, turn: g.dataset.turn, seed: g.dataset.seed,
                handover: g.dataset.handover}; }""")


def open_menu(page):
    """Open the menu, where every setting is."""
    page.click('#game [data-act="menu"]')
    page.wait_for_selector("#game .g-dialog-menu")


def choose(page, act, value):
    """Choose a setting of the menu (the menu closes when the opponent changes)."""
    open_menu(page)
    page.select_option('#game select[data-act="' + act + '"]', value)


def hand_cards(page):
    return [int(x) for x in page.eval_on_selector_all(
        "#game .g-hand [data-card]", "els => els.map(e => e.dataset.card)")]


def confirm_shared_deal(page, seed):
    """A shared link over a match in progress asks first (test_game_flow checks both answers):
    open the deal."""
    page.wait_for_function("""s => document.querySelector('#game').dataset.seed === s
        || document.querySelector('#game [data-act="confirm_seed"]')""", arg=str(seed))
    if page.locator('#game [data-act="confirm_seed"]').count():
        page.click('#game [data-act="confirm_seed"]')
    page.wait_for_function("s => document.querySelector('#game').dataset.seed === s", arg=str(seed))


def saved_match(page, mode="cpu"):
    raw = page.evaluate("m => localStorage.getItem('ginrummy.save.' + m)", mode)
    return Match.from_dict(json.loads(raw)["match"])


def catalog(site, page):
    """The page's JSON catalogue, installed for the CPython copy of the UI's words."""
    name = page.get_attribute("#game", "data-catalog")
    data = json.loads((site / "static" / name).read_text(encoding="utf-8"))
    i18n.install(i18n.Catalog(data))
    return data


def keyboard_turn(page):
    """One keyboard step of the person's turn: pass the upcard, draw, or discard the new card."""
    phase = state(page)["phase"]
    if phase == "upcard":
        page.keyboard.press(shortcut(page, "pass"))
    elif phase == "draw":
        page.keyboard.press(shortcut(page, "stock"))
    elif phase == "discard":
        # Focus is on the card just drawn: select it, discard it (two keys, no dialog).
        if page.evaluate("document.activeElement.getAttribute('aria-pressed')") != "true":
            page.keyboard.press("Enter")
        page.keyboard.press(shortcut(page, "discard"))
    wait_idle(page)  # the move is drawn (and the computer's answer, if it plays)


def shortcut(page, key):
    """The page's own letter for a control (its aria-keyshortcuts: each language has its own)."""
    return page.get_attribute('#game [data-key="' + key + '"]', "aria-keyshortcuts").split()[0].lower()


def play_until(page, done, limit=300):
    for _ in range(limit):
        wait_idle(page)
        current = state(page)
        if done(current):
            return current
        if current["turn"] == "me":
            keyboard_turn(page)
        page.wait_for_timeout(10)
    raise AssertionError("the hand did not reach the expected state: " + repr(state(page)))


def hidden_cards(match, seat):
    """Cards the seat may not see: the stock and the opponent's cards not taken from the pile."""
    hand = match.hand
    known = set(hand.known[1 - seat])
    hidden = [c for c in hand.hands[1 - seat] if c not in known]
    return hidden + list(hand.stock)


def assert_no_hidden_card(page, match, seat):
    html = page.eval_on_selector("#game", "e => e.outerHTML")
    shown = set(hand_cards(page))
    for card in hidden_cards(match, seat):
        assert card.index not in shown
        for text in (T.card_name(card), T.card_label(card)):
            pattern = r"(?<![\w])" + re.escape(text) + r"(?![\w])"
            found = re.search(pattern, html)
            assert not found, "hidden card in the DOM: " + text + " in " + html[max(0, found.start() - 200):found.end() + 50]


# --- tests ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_page_loads_the_game_without_console_error(page, base_url, lang):
    for path in PAGES + ("404.html",):
        if path == "404.html":
            page.goto(base_url + "/" + lang + "/" + path)  # no game on the 404 page
            page.wait_for_load_state("load")
        else:
            open_game(page, base_url, lang, path)
            assert page.get_attribute("#game", "data-lang") == lang
        csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
        assert "script-src 'self' 'unsafe-eval'" in csp and "'unsafe-inline'" not in csp
        assert page.locator("script:not([src])").count() == 0, "no inline script"
    assert page.console.problems() == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_full_hand_with_the_keyboard_only(page, base_url, lang, site):
    open_game(page, base_url, lang, hash="#seed=77")
    catalog(site, page)
    final = play_until(page, lambda s: s["phase"] in ("hand_over", "match_over"))
    assert final["phase"] in ("hand_over", "match_over")
    assert page.locator("#game .g-end .g-scoreline").inner_text().strip()
    assert page.locator("#game .g-sheet tbody tr").count() >= 1
    match = saved_match(page)
    line = EV.score_line(match.view(0), [T.Who("you"), T.Who("computer")])
    assert page.locator("#game .g-end .g-scoreline").inner_text().strip() == line
    # Next hand with N.
    page.keyboard.press(shortcut(page, "next_hand"))
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'upcard'")
    assert len(hand_cards(page)) in (10, 0)
    assert page.console.problems() == []


@pytest.mark.parametrize("lang", LANGS)
def test_ui_text_is_in_the_page_language(page, base_url, lang, site):
    open_game(page, base_url, lang, hash="#seed=5")
    data = catalog(site, page)
    messages = data["messages"]
    open_menu(page)
    assert page.locator('#game [data-act="new"]').first.inner_text().strip() == messages.get("New game", "New game")
    assert page.locator('#game [data-act="replay"]').first.inner_text().strip() == messages.get("Replay", "Replay")
    page.keyboard.press("Escape")
    # Card names come from game.cardnames in the page's language (a button's name leads with an
    # ace's or a court card's printed letter).
    match = Match.new(5)
    labels = page.eval_on_selector_all("#game .g-hand [data-card]",
                                       "els => els.map(e => [e.dataset.card, e.getAttribute('aria-label')])")
    for index, label in labels:
        assert label.startswith(T.card_button_name(DECK[int(index)]))
    assert {int(i) for i, _ in labels} == {c.index for c in match.view(0).hand}
    if lang != "en":
        # A translated page shows translated words, not the English source.
        assert T.card_name(DECK[0]) != "ace of clubs"
        translated = [key for key in ("New game", "Score sheet", "Shortcuts") if key in messages]
        assert translated, "the " + lang + " catalogue translates the game's buttons"
        assert "Your hand" not in page.inner_text("#game") or "Your hand" not in messages


@pytest.mark.parametrize("body", ["{not json", "[1, 2]", '{"lang": "fr", "nplurals": 2}',
                                  '{"lang": "fr", "nplurals": 2, "plural": ["!=", "n", 1],'
                                  ' "messages": {"Score sheet": 5, "{n} card": {"one": "carte"}}}'])
def test_a_catalogue_that_cannot_be_read_leaves_the_game_in_english(context, page, base_url, body):
    # The page reads its catalogue where the browser parsed it (game.web.bridge.main.catalog_data):
    # broken JSON, another shape, missing messages or a message that is not text are English,
    # never a page that fails.
    context.route("**/static/game-fr.*.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=body))
    open_game(page, base_url, "fr", hash="#seed=5")
    i18n.install(i18n.Catalog())
    assert page.locator('#game [data-act="sheet"]').inner_text().strip() == "Score sheet"
    stock = page.locator("#game [data-act=draw_stock]").inner_text()
    assert T.cards_count(Match.new(5).view(0).stock_count) in stock  # a plural form, in English
    assert page.console.problems() == []


@pytest.mark.parametrize("lang", ["fr"])  # behaviour: one language (conftest.py)
def test_reload_in_mid_hand_restores_the_same_state(page, base_url, lang):
    open_game(page, base_url, lang, hash="#seed=31")
    steps = {"n": 0}

    def after_some_moves(current):
        steps["n"] += 1
        return current["turn"] == "me" and current["phase"] == "discard"

    play_until(page, after_some_moves)
    before = (state(page), sorted(hand_cards(page)), page.inner_text("#game .g-piles"))
    saved = page.evaluate("localStorage.getItem('ginrummy.save.cpu')")
    page.reload()
    page.wait_for_selector("#game[data-ready=true]")
    wait_idle(page)
    after = (state(page), sorted(hand_cards(page)), page.inner_text("#game .g-piles"))
    assert after == before
    assert page.evaluate("localStorage.getItem('ginrummy.save.cpu')") == saved
    assert page.console.problems() == []


@pytest.mark.parametrize("lang", ["en"])  # behaviour: one language (conftest.py)
def test_same_seed_same_cards_as_cpython_and_on_replay(page, base_url, lang, site):
    seed = 4242
    open_game(page, base_url, lang, hash="#seed=" + str(seed))
    catalog(site, page)
    view = Match.new(seed).view(0)
    expected = sorted(c.index for c in view.hand)
    assert int(state(page)["seed"]) == seed
    assert sorted(hand_cards(page)) == expected
    top = page.get_attribute("#game button.g-discard", "aria-label")
    assert top == i18n.fmt(i18n._("Discard pile: {card}"), card=T.card_name(view.discard_pile[-1]))
    # A shared link opened in the same tab (only the hash changes) deals that seed.
    other = 5151
    page.goto(base_url + "/" + lang + "/#seed=" + str(other))
    confirm_shared_deal(page, other)
    wait_idle(page)
    assert sorted(hand_cards(page)) == sorted(c.index for c in Match.new(other).view(0).hand)
    page.goto(base_url + "/" + lang + "/#seed=" + str(seed))
    confirm_shared_deal(page, seed)
    wait_idle(page)
    # Play a little, then Replay: the same deal again.
    play_until(page, lambda s: s["turn"] == "me" and s["phase"] == "discard")
    open_menu(page)
    page.click('#game [data-act="replay"]')
    page.click('#game [data-act="confirm_replay"]')
    wait_idle(page)
    assert sorted(hand_cards(page)) == expected
    assert page.url.endswith("#seed=" + str(seed))
    assert page.console.problems() == []


@pytest.mark.parametrize("lang", ["vi"])  # behaviour: one language (conftest.py)
def test_no_hidden_card_in_the_dom(page, base_url, lang, site):
    open_game(page, base_url, lang, hash="#seed=808")
    catalog(site, page)
    for _ in range(40):
        wait_idle(page)
        current = state(page)
        if current["phase"] in ("hand_over", "match_over"):
            break
        assert_no_hidden_card(page, saved_match(page), 0)
        if current["turn"] == "me":
            keyboard_turn(page)
    assert page.console.problems() == []


def test_only_allowed_stdlib_modules_are_loaded(page, base_url):
    open_game(page, base_url, "en", hash="#seed=12")
    play_until(page, lambda s: s["phase"] in ("hand_over", "match_over"))
    names = in_worker(page, "Object.keys(__BRYTHON__.imported)")
    allowed = set(BUILTIN_MODULES) | set(STDLIB_MODULES)
    ours = [n for n in names if n == "game" or n.startswith("game.") ]
    others = sorted(set(names) - set(ours) - allowed)
    assert ours, "the worker imported none of the game's modules"
    assert others == [], ("the page loaded standard-library modules not in generator.bundle.STDLIB_MODULES "
                          "(each costs start-up time): " + ", ".join(others))


# The game's own states are audited in one language a width, the guided hand in Vietnamese.
STATES_IN = {360: "fr", 1280: "en"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [360, 1280])
def test_accessibility_audit_of_every_page_type(page, base_url, width, lang):
    """axe finds nothing, at any impact level, on every page in every language, at both widths,
    and in the game's own states (a dialog, the menu, the end of a hand, the hand-over screen).
    One test a language and width, so that the two test processes share the audits evenly."""
    page.set_viewport_size({"width": width, "height": 800})
    problems = []

    def audit(where):
        problems.extend(axe_problems(page, where))

    for path in PAGES + ("404.html",):
        if path == "404.html":
            page.goto(base_url + "/" + lang + "/" + path)
            page.wait_for_load_state("load")
        else:
            open_game(page, base_url, lang, path)
        audit(lang + "/" + path)
    if lang == "vi":
        open_game(page, base_url, "vi", hash="#train=guided")
        audit("guided hand")
    if lang == STATES_IN[width]:
        audit_the_games_states(page, base_url, lang, audit)
    assert problems == [], "\n".join(problems)


def audit_the_games_states(page, base_url, lang, audit):
    """The dialogs, the menu, the table with Undo, the end of a hand, the hand-over screen, and
    the site's root page."""
    open_game(page, base_url, lang, hash="#seed=3")
    page.keyboard.press("?")
    page.wait_for_selector("#game .g-dialog")
    audit("shortcuts dialog")
    page.keyboard.press("Escape")
    for act, kind in (("show_pile", "pile"), ("sheet", "sheet")):
        page.click('#game [data-act="' + act + '"]')
        page.wait_for_selector("#game .g-dialog-" + kind)
        audit(kind + " dialog")
        page.keyboard.press("Escape")
    open_menu(page)
    audit("menu")
    page.click('#game [data-act="new"]')
    page.wait_for_selector("#game .g-dialog-new")
    audit("new game dialog")
    page.keyboard.press("Escape")
    play_until(page, lambda s: s["phase"] == "discard" and s["turn"] == "me")
    store(page, "ginrummy.pace", "600000")  # the computer waits: Undo stays
    page.click("#game .g-hand .g-card:not(.g-taken) >> nth=0")
    page.click('#game [data-act="discard"]')
    page.wait_for_selector('#game [data-act="undo"]')
    audit("the table with Undo")
    page.click('#game [data-act="undo"]')
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'discard'")
    open_menu(page)
    page.check('#game input[data-act="ask_discard"]')
    page.keyboard.press("Escape")
    page.click("#game .g-hand .g-card:not(.g-taken) >> nth=0")
    page.click('#game [data-act="discard"]')
    page.wait_for_selector("#game .g-dialog-discard")
    audit("discard dialog")
    page.keyboard.press("Escape")
    open_menu(page)
    page.uncheck('#game input[data-act="ask_discard"]')  # the default again: two keys a discard
    page.keyboard.press("Escape")
    wait_idle(page)
    store(page, "ginrummy.pace", "15")
    play_until(page, lambda s: s["phase"] in ("hand_over", "match_over"))
    audit("end of hand")
    choose(page, "mode", "duo")
    audit("hand-over screen")
    page.goto(base_url + "/index.html")
    audit("root")


def seed_where_i_start(seed):
    """The first seed from `seed` on whose first hand the person (seat 0) gets to discard before
    the computer (Medium, as in the page) ends it: the table screenshot then shows play."""
    from game.actions import DRAW_STOCK, PASS, Action
    from game.ai import make_player

    while True:
        match = Match.new(seed)
        computer = make_player("medium", seed)
        while match.hand.phase != "over":
            if match.current_player == 1:
                match.apply(computer.choose(match.view(1)))
            elif match.hand.phase == "discard":
                return seed
            else:
                match.apply(Action(PASS if match.hand.phase == "upcard" else DRAW_STOCK))
        seed += 1


@pytest.mark.parametrize("lang", LANGS)
def test_screenshots(page, base_url, lang):
    """Screenshots at 360 px and 1280 px (tests/screenshots/, to look at)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (360, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        open_game(page, base_url, lang, hash="#seed=" + str(seed_where_i_start(20 + width)))
        play_until(page, lambda s: (s["turn"] == "me" and s["phase"] == "discard")
                   or s["phase"] in ("hand_over", "match_over"))
        if state(page)["phase"] == "discard":
            page.keyboard.press("Enter")  # select the card just drawn
        page.locator("#game").screenshot(path=str(SCREENSHOTS / (lang + "-" + str(width) + "-table.png")))
        overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
        assert not overflow, "horizontal scrolling at " + str(width) + " px"
        small = page.evaluate("""() => [...document.querySelectorAll('#game button, #game select')]
            .filter(e => e.offsetParent !== null)
            .map(e => e.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length""")
        assert small == 0, "touch targets under 44 px"
        play_until(page, lambda s: s["phase"] in ("hand_over", "match_over"))
        page.screenshot(path=str(SCREENSHOTS / (lang + "-" + str(width) + "-end.png")), full_page=True)


def test_reorder_by_pointer_is_kept_after_reload(page, base_url):
    # The person is offered the upcard first: the computer does not move before the reload.
    seed = 31
    while Match.new(seed).hand.dealer != 1:
        seed += 1
    open_game(page, base_url, "en", hash="#seed=" + str(seed))
    before = hand_cards(page)
    first = before[0]
    page.click('#game .g-hand [data-card="' + str(first) + '"]')
    assert page.locator('#game [data-act="move_left"]').is_disabled()
    page.click('#game [data-act="move_right"]')
    wait_idle(page)
    page.click('#game [data-act="move_right"]')
    wait_idle(page)
    moved = hand_cards(page)
    assert moved == before[1:3] + [first] + before[3:]
    page.reload()
    page.wait_for_selector("#game[data-ready=true]")
    wait_idle(page)
    assert hand_cards(page) == moved
    assert page.console.problems() == []


@pytest.mark.parametrize("locale, expected", [("fr-FR", "fr"), ("vi", "vi"), ("de-DE", "en")])
def test_the_root_page_sends_a_visitor_to_their_language(browser, base_url, locale, expected):
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(base_url + "/#seed=12")
    page.wait_for_url("**/" + expected + "/#seed=12")
    page.wait_for_selector("#game[data-ready=true]")
    assert page.get_attribute("html", "lang") == expected
    assert page.get_attribute("#game", "data-seed") == "12"
    # A language picked in the switcher wins over the browser's next time.
    other = "vi" if expected != "vi" else "en"
    page.click('nav.languages a[data-lang="' + other + '"]')
    page.wait_for_url("**/" + other + "/**")
    page.goto(base_url + "/")
    page.wait_for_url("**/" + other + "/**")
    context.close()
