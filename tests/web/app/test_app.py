"""The App in the worker, driven as the shim drives it (tests/web/app/fakes.py): start-up, a
move from the tap to the frame, the focus, the busy mark, the second bundle and the computer."""

from game.match import Match
from game.web.words import i18n
from generator.firstscreen import first_screens
from tests.web.app.fakes import Page


def setup_function():
    i18n.install(i18n.Catalog(None))


def test_the_first_frame_draws_the_match_and_says_the_game_is_ready():
    page = Page(hash="#seed=4242")
    first = page.shim.frames[0]
    assert first["ready"] is True and first["keys"]["d"] == "draw_stock"
    assert page.attrs["data-seed"] == "4242" and page.attrs["data-phase"] == "upcard"
    assert sorted(page.shim.hand()) == sorted(c.index for c in Match.new(4242).view(0).hand)
    assert page.shim.hash == "#seed=4242"


def test_the_build_s_first_screen_is_kept_when_the_first_drawing_is_made_of_the_same_inputs():
    screen = first_screens(None, count=1)[0]
    page = Page(storage={"ginrummy.prefs": "{}"}, attrs={"data-lang": "en", "data-first-seed": str(screen.seed),
                                                          **screen.attributes})
    first = page.shim.frames[0]
    assert first.get("keep_first") is True and "html" not in first
    # Its next drawing is drawn.
    page.click("pass")
    assert page.shim.html is not None


def test_a_frame_answers_each_input_and_the_busy_mark_falls_when_the_computer_has_moved():
    page = Page(hash="#seed=4242")
    page.input(kind="click", act="pass", detail=1)
    assert page.shim.frames[-1]["done"] == 1
    assert page.attrs["data-busy"] == "true"  # the computer's move is paced
    page.settle()
    assert page.attrs["data-busy"] == "false"
    assert page.attrs["data-turn"] in ("me", "none")
