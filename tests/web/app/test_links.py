"""What the address asks, at the start and later (the App's `on_hash`, the features' "link"
hook): a shared deal (offered first over a match in progress), a lesson, the daily deal; and
the second bundle and the computer players the App loads once the game is ready."""

from game.web.words import i18n
from tests.web.app.fakes import Page
from tests.web.app.test_session import play


def setup_function():
    i18n.install(i18n.Catalog(None))


def test_a_shared_deal_over_a_match_in_progress_is_offered_first():
    page = Page(hash="#seed=81")
    play(page, 1)  # the match is in progress
    page.send({"type": "hash", "hash": "#seed=82"})
    page.settle()
    assert page.app.ui.dialog["kind"] == "seed"
    page.click("cancel")
    assert page.attrs["data-seed"] == "81" and page.shim.hash == "#seed=81"  # the address names the match shown
    page.send({"type": "hash", "hash": "#seed=82"})
    page.settle()
    page.click("confirm_seed")
    assert page.attrs["data-seed"] == "82"


def test_a_shared_deal_over_a_match_not_begun_is_dealt_at_once():
    page = Page(hash="#seed=81")
    page.send({"type": "hash", "hash": "#seed=83"})
    page.settle()
    assert page.attrs["data-seed"] == "83" and page.app.ui.dialog is None


def test_a_page_opened_over_a_saved_match_in_progress_with_another_deal_asks():
    page = Page(hash="#seed=81")
    play(page, 1)
    again = Page(storage=page.shim.storage, hash="#seed=1234")
    assert again.app.ui.dialog["kind"] == "seed" and again.attrs["data-seed"] == "81"
    assert again.shim.ready


def test_a_lesson_link_opens_the_lesson_and_leaving_it_restores_the_own_match():
    page = Page(hash="#seed=81")
    play(page, 1)
    own = page.shim.storage["ginrummy.save.cpu"]
    page.send({"type": "hash", "hash": "#train=guided"})
    page.settle()
    assert page.app.ui.lesson["code"] == "guided" and page.shim.hash == "#train=guided"
    assert page.shim.frames[-1].get("scroll") == "game" or any(f.get("scroll") == "game" for f in page.shim.frames[-3:])
    assert "Guided hand" in page.shim.text()
    page.click("lesson_leave")
    assert page.app.ui.lesson is None and page.shim.storage["ginrummy.save.cpu"] == own
    assert page.attrs["data-seed"] == "81"


def test_a_bad_lesson_link_is_refused_in_words_and_the_own_game_shown():
    page = Page(hash="#train=nothing.here")
    assert page.app.ui.lesson is None and "does not lead to a training position" in page.shim.text()


def test_the_daily_deal_s_link_opens_its_dialog_over_the_own_match():
    page = Page(hash="#daily", attrs={"data-lang": "en", "data-first-seed": "1001"})
    assert page.app.ui.dialog["kind"] == "daily" and page.shim.focus["take"]


def test_without_the_second_bundle_a_notice_says_so_and_the_table_plays_on():
    from tests.web.app.fakes import FakeHost

    host = FakeHost()
    host.unloadable.add("static/game-more.js")
    page = Page(hash="#seed=81", host=host)
    assert page.attrs["data-more-state"] == "failed" and "could not be loaded" in page.shim.text()
    assert host.warnings
    page.click("menu")  # a command of the second bundle: said again, nothing opens
    assert page.app.ui.dialog is None and page.attrs["data-busy"] == "false"
    play(page, 3)
    assert page.view().history


def test_without_the_computer_players_the_page_says_so_and_is_not_busy_for_ever():
    from tests.web.app.fakes import FakeHost

    host = FakeHost()
    host.unloadable.add("static/game-ai.js")
    page = Page(hash="#seed=81", host=host)
    play(page, 1)  # the computer's turn comes
    assert "The computer player could not be loaded" in page.shim.text()
    assert page.attrs["data-busy"] == "false"


def test_the_second_bundle_and_the_players_are_loaded_once_the_game_is_ready():
    page = Page(hash="#seed=81", start=False)
    page.host.task(page.app.start)()
    assert page.shim.ready and page.host.scripts == []  # drawn before anything is loaded
    page.settle()
    assert page.host.scripts == ["static/game-more.js", "static/game-ai.js"]
    assert page.attrs["data-more-state"] == "loaded"
