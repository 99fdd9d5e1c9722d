"""The coach in the worker (tests/web/app/fakes.py): a hint asked, counted and kept beside the
match's save, read back with it; a hand's review worked out once its dialog is drawn, and a
reviewed position shown on the table."""

import json

from game.web.words import i18n
from tests.web.app.fakes import Page
from tests.web.app.test_session import play


def setup_function():
    i18n.install(i18n.Catalog(None))


def test_a_hint_is_said_counted_and_kept_with_the_match():
    page = Page(storage={"ginrummy.prefs": json.dumps({"hints": True})}, hash="#seed=4242")
    page.key("w")
    hint = page.app.ui.coach["hint"]
    assert hint is not None and hint["text"] and "g-hint" in page.shim.html
    assert json.loads(page.shim.storage["ginrummy.hints.cpu"]) == {"seed": 4242, "used": {"1": [1, 0]}}
    page.key("w")  # asked again in the same position: said again, counted once
    assert json.loads(page.shim.storage["ginrummy.hints.cpu"])["used"] == {"1": [1, 0]}
    again = Page(storage=page.shim.storage, hash="#seed=4242")
    assert again.app.ui.coach["used"] == {"1": [1, 0]}


def test_hints_are_off_unless_turned_on():
    page = Page(hash="#seed=4242")
    page.key("w")
    assert "Hints are off: you can turn them on in the menu." in page.shim.log


def test_the_review_of_a_hand_and_its_steps_on_the_table():
    page = Page(hash="#seed=4242")
    for _ in range(300):
        if page.view().phase in ("hand_over", "match_over"):
            break
        play(page, 1)
    page.click("review")
    current = page.app.ui.coach["review"]
    assert current["items"] is not None and page.app.ui.dialog["kind"] == "review"
    if current["items"]:
        page.click("review_step", arg=0)
        assert page.attrs["data-phase"] in ("hand_over", "match_over") and "g-reviewing" in page.shim.html
        page.click("review_close")
        assert "g-reviewing" not in page.shim.html
