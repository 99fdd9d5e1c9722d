"""The page's patience with the game server (game.web.online.patience), on a fake clock and a
seeded random source: the delays grow, with jitter, even when every socket opens and closes at
once; the player is told in words; a move waiting for its answer is shown waiting."""

import random

import pytest

from game.web.online import patience
from game.web.online.lobby import render_banner, render_lobby
from game.web.online.patience import Reconnection, pending_shown
from game.web.play.state import Ui


def attempts(reconnection, count, lasted=0.0):
    """The delays after `count` connections that each opened and closed after `lasted` s."""
    now, delays = 0.0, []
    for _ in range(count):
        reconnection.opened(now)
        now += lasted
        delays.append(reconnection.closed(now))
        now += delays[-1]
    return delays


def test_a_server_that_accepts_and_closes_at_once_is_asked_less_and_less_often():
    # Weak 7: every socket that opened set the delay back to 1 s, for ever (13 in 14 s).
    delays = attempts(Reconnection(random.Random(1).random), 8)
    whole = [1, 2, 4, 8, 16, 30, 30, 30]
    assert all(top / 2 <= delay <= top for delay, top in zip(delays, whole, strict=True)), delays
    assert sum(delays[:4]) >= 7.5  # four attempts take at least 7.5 s, not 4
    assert len(set(delays)) == len(delays)  # jitter: no two waits alike


def test_a_connection_that_lasted_starts_the_delays_over():
    reconnection = Reconnection(random.Random(2).random)
    attempts(reconnection, 5)
    assert reconnection.status() == "not_answering"
    delay = attempts(reconnection, 1, lasted=patience.STEADY)[0]
    assert 0.5 <= delay <= 1.0 and reconnection.status() == "lost"


def test_a_socket_that_never_opened_counts_as_a_failure_too():
    reconnection = Reconnection(lambda: 1.0)
    assert [reconnection.closed(t) for t in (0, 1, 3)] == [1.0, 2.0, 4.0]


def test_the_player_is_told_after_a_few_failures_in_a_row():
    reconnection = Reconnection(random.Random(3).random)
    said = []
    for _ in range(4):
        reconnection.closed(0.0)
        said.append(reconnection.status())
    assert said == ["lost", "lost", "not_answering", "not_answering"]


def test_a_server_that_asks_to_wait_is_left_alone_a_while():
    reconnection = Reconnection(lambda: 0.0)
    reconnection.asked_to_wait()
    assert reconnection.closed(0.0) == patience.WAIT_ASKED / 2
    assert reconnection.closed(0.0) == 1.0  # said once: the next delay is the doubling one's


def test_pages_with_other_random_sources_do_not_come_back_in_step():
    first = attempts(Reconnection(random.Random(10).random), 6)
    second = attempts(Reconnection(random.Random(11).random), 6)
    assert all(a != b for a, b in zip(first, second, strict=True))
    assert attempts(Reconnection(random.Random(10).random), 6) == first  # seeded: the same


@pytest.mark.parametrize("waiting, sent_at, now, shown", [
    (True, 0.0, 0.1, False), (True, 0.0, patience.PENDING_AFTER, True), (False, 0.0, 5.0, False),
    (True, None, 5.0, False),
])
def test_a_move_is_shown_waiting_once_its_answer_is_late(waiting, sent_at, now, shown):
    assert pending_shown(waiting, sent_at, now) is shown


def online(status):
    ui = Ui()
    ui.online = {"code": "K7MQ2X", "seat": 0, "status": status, "opponent": "here", "offer": None,
                 "grace": 60, "invite": "/#table=K7MQ2X"}
    return ui


def test_the_words_for_each_state_of_the_connection():
    assert "sending your move…" in render_banner(online("sending"))
    assert "sending" not in render_banner(online("open"))
    assert "The game server is not responding" in render_banner(online("not_answering"))
    assert "reconnecting" in render_banner(online("lost"))
    # Before the table's first view the lobby is shown: it says which table it waits for.
    assert "Connecting to table K7MQ2X…" in render_lobby(online("open"))
    assert "The game server is not responding" in render_lobby(online("not_answering"))
    assert "g-notice" not in render_lobby(Ui())
