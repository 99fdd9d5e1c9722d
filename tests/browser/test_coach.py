"""The coach in the page, in English, French and Vietnamese: the hint (off by default, on from the
menu, its own key, counted on the score sheet) and the review of a hand, each position shown on
the table; the words are the CPython coach's for the same saved match."""

import json

import pytest

from game.ai.coach import suggest
from game.ai.review import review
from game.replay import decisions
from game.web.words import coachtext as W
from game.web.words import i18n
from game.web.words import text as T
from tests.browser.test_game import (
    axe_problems,
    catalog,
    open_game,
    open_menu,
    play_until,
    saved_match,
    seed_where_i_start,
    shortcut,
    state,
    wait_idle,
)

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def ambient_catalogue():
    """Each test installs its page's catalogue for the CPython copy of the words; the one before
    comes back after it (the build's tests expect English)."""
    previous = i18n.current()
    yield
    i18n.install(previous)


def my_discard(current):
    return current["turn"] == "me" and current["phase"] == "discard"


def hand_over(current):
    return current["phase"] in ("hand_over", "match_over")


def names_in(page, selector):
    return page.eval_on_selector_all(selector, "els => els.map(e => e.getAttribute('aria-label'))")


@pytest.mark.parametrize("lang", ["fr"])  # behaviour: one language (conftest.py)
def test_the_hint_from_its_setting_and_key_and_on_the_score_sheet(page, base_url, lang, site):
    open_game(page, base_url, lang, hash="#seed=" + str(seed_where_i_start(60)))
    catalog(site, page)
    play_until(page, my_discard)
    # Off by default: no button, and the key says how to turn hints on.
    assert page.locator('#game [data-act="hint"]').count() == 0
    open_menu(page)
    page.check('#game .g-dialog input[data-act="hints"]')  # the menu's (the table has its own)
    page.wait_for_function("(JSON.parse(localStorage.getItem('ginrummy.prefs')) || {}).hints === true")
    page.keyboard.press("Escape")
    page.wait_for_selector('#game [data-act="hint"]')
    page.keyboard.press(shortcut(page, "hint"))
    page.wait_for_selector("#game .g-hint")
    view = saved_match(page).view(0)
    hint = suggest(view)
    assert page.inner_text("#game .g-hint .g-hint-label").strip() == i18n._("Hard's move")
    assert page.inner_text("#game .g-hint .g-hint-text").strip() == W.plain(W.hint_text(hint))
    assert page.inner_text("#game .g-live").strip() == W.plain(W.hint_text(hint))
    # Its first glossary term links to that term's entry in this language's guide.
    terms = W.terms(W.hint_text(hint))
    if terms:
        href = page.get_attribute("#game .g-hint a.g-term", "href")
        assert href == i18n.pgettext(W.GLOSSARY_LINK, terms[0]) and href.startswith("rules.html#")
        guide = (site / lang / "rules.html").read_text(encoding="utf-8")
        assert 'id="' + href.split("#")[1] + '"' in guide
    if hint.action.card is not None:
        marked = page.get_attribute("#game .g-hand .g-suggested", "data-card")
        assert int(marked) == hint.action.card.index
    # Asked again in the same position: counted once.
    page.click('#game [data-act="hint"]')
    stored = json.loads(page.evaluate("localStorage.getItem('ginrummy.hints.cpu')"))
    assert stored == {"seed": view_seed(page), "used": {"1": [1, 0]}}
    # Play on (the hinted card, then the keyboard) to the end of the hand: the sheet says it.
    page.click('#game .g-hand [data-card="' + str((hint.action.card or view.hand[0]).index) + '"]')
    play_until(page, hand_over)
    assert W.hints_used_text(0, 1, "cpu") in page.inner_text("#game .g-sheet")
    # A reload keeps the count (it is saved beside the match).
    page.reload()
    page.wait_for_selector("#game[data-ready=true]")
    wait_idle(page)
    assert W.hints_used_text(0, 1, "cpu") in page.inner_text("#game .g-sheet")
    assert page.console.problems() == []


def view_seed(page):
    return int(state(page)["seed"])


@pytest.mark.parametrize("lang", ["vi"])  # behaviour: one language (conftest.py)
def test_the_review_of_a_hand_and_its_positions_on_the_table(page, base_url, lang, site):
    open_game(page, base_url, lang, hash="#seed=" + str(seed_where_i_start(90)))
    catalog(site, page)
    play_until(page, hand_over)  # the keyboard discards every card it draws: Hard would not
    match = saved_match(page)
    steps = decisions(match.to_dict(), 0)
    found = review(steps)
    assert found, "the keyboard's play has decisions Hard would make otherwise"
    page.click('#game [data-act="review"]')
    page.wait_for_selector("#game .g-review-summary")
    assert page.inner_text("#game .g-review-summary").strip() == W.review_summary(found, len(steps))
    titles = [t.strip() for t in page.locator("#game .g-review-item h3").all_inner_texts()]
    assert titles == [W.decision_title(d) for d in found]
    costs = [t.strip() for t in page.locator("#game .g-review-item .g-cost").all_inner_texts()]
    assert costs == [W.plain(W.cost_text(d)) for d in found]
    # Each step on the table: the hand as it was, the stock's count then, back and forth.
    for k in range(min(len(found), 3)):
        if k == 0:
            page.click('#game [data-act="review_step"] >> nth=0')
        else:
            page.click('#game [data-act="review_next"]')
        page.wait_for_selector("#game .g-review-bar")
        wait_idle(page)
        step = found[k]
        shown = sorted(label.split(",")[0] for label in names_in(page, "#game .g-hand .g-card"))
        assert shown == sorted(T.card_name(c) for c in step.view.hand)
        assert T.cards_count(step.view.stock_count) in page.inner_text("#game .g-piles")
        assert W.plain(W.played_text(step, [T.Who("you"), T.Who("computer")])) in page.inner_text("#game .g-review-bar")
        assert page.locator('#game .g-hand [data-act="card"]').count() == 0
    page.click('#game [data-act="review_list"]')
    page.wait_for_selector("#game .g-review-summary")
    page.click('#game [data-act="review_close"]')
    page.wait_for_selector("#game .g-end")
    assert page.locator("#game .g-review-bar").count() == 0
    # The next hand is dealt as usual (nothing of the review is left).
    page.keyboard.press(shortcut(page, "next_hand"))
    page.wait_for_function("!['hand_over', 'match_over'].includes(document.querySelector('#game').dataset.phase)")
    assert page.locator('#game [data-act="review"]').count() == 0
    assert page.console.problems() == []


@pytest.mark.parametrize("width", [360, 1280])
def test_the_coach_passes_the_accessibility_audit(page, base_url, width):
    """axe finds nothing on the hint, the review and a reviewed position, at both widths."""
    problems = []

    def audit(where):
        problems.extend(axe_problems(page, where))

    page.set_viewport_size({"width": width, "height": 800})
    page.context.add_init_script("localStorage.setItem('ginrummy.prefs', JSON.stringify({hints: true}))")
    open_game(page, base_url, "en", hash="#seed=" + str(seed_where_i_start(60)))
    play_until(page, my_discard)
    page.click('#game [data-act="hint"]')
    page.wait_for_selector("#game .g-hint")
    audit("hint")
    page.click("#game .g-hand .g-new")
    play_until(page, hand_over)
    page.click('#game [data-act="review"]')
    page.wait_for_selector("#game .g-review-summary")
    audit("review")
    if page.locator('#game [data-act="review_step"]').count():
        page.click('#game [data-act="review_step"] >> nth=0')
        page.wait_for_selector("#game .g-review-bar")
        audit("reviewed position")
    assert problems == [], "\n".join(problems)
