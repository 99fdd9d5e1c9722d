"""Training hands and a newcomer's welcome in the worker (tests/web/app/fakes.py)."""

from game.web.words import i18n
from tests.web.app.fakes import Page


def setup_function():
    i18n.install(i18n.Catalog(None))


def test_a_newcomer_is_welcomed_and_the_guided_hand_is_one_press_away():
    page = Page(storage={}, attrs={"data-lang": "en", "data-first-seed": "1001"})
    assert page.app.ui.dialog["kind"] == "welcome"
    page.change("welcome_level", "hard")
    page.click("welcome_guided")
    assert page.app.ui.lesson["code"] == "guided" and page.app.ui.prefs["level"] == "hard"
    assert "ginrummy.save.cpu" in page.shim.storage  # the own match stays, not the lesson's


def test_just_playing_deals_a_random_match_at_the_level_chosen():
    page = Page(storage={}, attrs={"data-lang": "en", "data-first-seed": "1001"})
    page.click("welcome_play")
    assert page.app.ui.dialog is None and page.attrs["data-seed"] != "1001"


def test_a_lesson_started_again_and_left():
    page = Page(hash="#train=guided")
    assert page.app.ui.lesson["code"] == "guided" and page.shim.hash == "#train=guided"
    page.click("pass")
    page.click("lesson_restart")
    assert page.app.ui.lesson["code"] == "guided" and not page.view().history
    page.click("lesson_leave")
    assert page.app.ui.lesson is None and page.shim.hash.startswith("#seed=")
