"""Training hands in the page, in each language: the guided first hand followed step by step to
its end, a position opened from a worked example of the rules guide and settled as the guide
shows it, a move off the script, and bad training links; the player's own saved match is never
touched and comes back as it was."""

import json

import pytest

from game.cards import parse_cards
from game.scoring import settle
from game.training import GUIDED
from game.web.play import lesson as lessons
from game.web.words import text as T
from tests.browser.test_game import catalog, open_game, state, wait_idle

pytestmark = pytest.mark.browser


def saved(page):
    return page.evaluate("localStorage.getItem('ginrummy.save.cpu')")


def own_match(page, base_url, lang):
    """A match of the player's own, in progress and saved, to check a lesson leaves it alone."""
    open_game(page, base_url, lang, hash="#seed=4242")
    if state(page)["turn"] == "me":
        page.click('#game [data-act="pass"]')
    wait_idle(page)
    raw = saved(page)
    assert raw and json.loads(raw)["match"]["seed"] == 4242
    return raw


def learner_turn(page):
    """Wait until the learner must move (or the hand is over); return the phase."""
    page.wait_for_function("""() => { const g = document.querySelector('#game');
        return g.dataset.busy !== 'true' && (g.dataset.turn === 'me' || g.dataset.phase !== 'upcard'
            && g.dataset.phase !== 'draw' && g.dataset.phase !== 'discard'); }""")
    return state(page)["phase"]


def play_suggested(page):
    """Play the move the panel suggests, as a person would: the outlined card, then the
    outlined button, then the confirmation; or the outlined button or pile."""
    acts = page.eval_on_selector_all("#game .g-suggest", "els => els.map(e => e.dataset.act)")
    assert acts, "a step outlines its move"
    if "card" in acts:
        page.click("#game .g-card.g-suggest")
        button = [a for a in acts if a != "card"][0]
        page.click('#game .g-act[data-act="' + button + '"]')
        if button != "discard":  # a discard is made at once; knock and gin are confirmed
            page.wait_for_selector("#game .g-dialog")
            page.click('#game .g-dialog [data-act="confirm_knock"]')
    else:
        page.click('#game .g-suggest.g-act, #game [data-act="draw_stock"].g-suggest, #game [data-act="pile"].g-suggest')


def follow_script(page, lesson, view_words):
    """Follow a lesson's steps to the end of the hand; each learner's step shows its words."""
    for number, step in enumerate(lesson.steps):
        if step.say is None:
            continue
        learner_turn(page)
        page.wait_for_selector('#game .g-lesson-step[data-step="' + str(number) + '"]')
        shown = page.inner_text("#game .g-lesson-step")
        assert shown.startswith(view_words(number)), (number, shown)
        play_suggested(page)
    page.wait_for_selector('#game .g-lesson-step[data-step="' + str(len(lesson.steps)) + '"]')
    assert state(page)["phase"] == "hand_over"


def first_words(site, page, lesson):
    """The opening words (up to the first card, named with its article) of each learner step, in the
    page's language."""
    catalog(site, page)

    def words(number):
        text = lessons.words(lesson.steps[number], None)
        return text.split(T.the_card(lesson.steps[number].cards[0]))[0].strip()
    return words


@pytest.mark.parametrize("lang", ["vi"])  # behaviour: one language (conftest.py)
def test_the_guided_hand_from_the_play_page_to_the_end_leaves_the_own_match_alone(page, site, base_url, lang):
    before = own_match(page, base_url, lang)
    # The Play page's text links to the guided hand (the game opens it on the same page).
    page.click('main a[href="index.html#train=guided"]')
    page.wait_for_selector("#game .g-lesson")
    assert state(page)["seed"] == str(GUIDED.position.seed)
    catalog(site, page)
    assert page.inner_text("#game .g-lesson h2") == lessons.title(GUIDED)
    follow_script(page, GUIDED, first_words(site, page, GUIDED))
    assert page.locator('#game [data-act="next_hand"]').count() == 0  # a training is one hand
    assert saved(page) == before
    page.click('#game [data-act="lesson_leave"]')
    page.wait_for_function("() => document.querySelector('#game').dataset.seed === '4242'")
    assert page.locator("#game .g-lesson").count() == 0
    assert page.evaluate("location.hash") == "#seed=4242"
    assert saved(page) == before
    assert not page.console.problems()


@pytest.mark.parametrize("lang", ["fr"])  # behaviour: one language (conftest.py)
def test_a_worked_example_opens_from_the_rules_guide_and_settles_as_shown(page, site, base_url, lang):
    before = own_match(page, base_url, lang)
    page.goto(base_url + "/" + lang + "/rules.html")
    links = page.eval_on_selector_all(".example-play a", "els => els.map(e => e.getAttribute('href'))")
    assert len(links) == 5
    page.click(".example-play a >> nth=1")  # "A knock"
    page.wait_for_selector("#game[data-ready=true] .g-lesson")
    code = links[1].split("#train=")[1]
    lesson = lessons.open_lesson(code)
    catalog(site, page)
    assert page.inner_text("#game .g-lesson h2") == lessons.title(lesson)
    assert page.evaluate("location.hash") == "#train=" + code
    follow_script(page, lesson, first_words(site, page, lesson))
    _rules, knocker, defender = code.split(".")
    pairs = [parse_cards(" ".join(h[i:i + 2] for i in range(0, 20, 2))) for h in (knocker, defender)]
    points = settle(pairs[0], pairs[1]).points
    assert str(points) in page.inner_text("#game .g-scoreline")
    assert saved(page) == before
    # Start again deals the position afresh.
    page.click('#game [data-act="lesson_restart"]')
    page.wait_for_selector('#game .g-lesson-step[data-step="0"]')
    assert state(page)["phase"] == "upcard"
    assert not page.console.problems()
