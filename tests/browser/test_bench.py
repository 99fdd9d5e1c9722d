"""The benchmark's player (`python -m bench browser`) plays the game as it is now: a control it
relies on that changes would otherwise break `make bench` unseen (the discard's confirmation,
no longer asked by default, stopped it for a session)."""

from bench.pages import play_hands
from tests.browser.test_game import open_game, state


def test_the_benchmarks_player_plays_a_whole_hand(page, base_url):
    open_game(page, base_url, "en", hash="#seed=5")
    decisions = play_hands(page, 1)
    assert state(page)["phase"] in ("hand_over", "match_over")
    assert decisions and all(ms >= 0 for ms in decisions)  # the computer's decisions were timed
