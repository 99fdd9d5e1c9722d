"""Online play in the worker, driven as the page drives it (tests/web/app/fakes.py: the host's
requests and sockets answered by hand, as the table server answers): an invitation link joins
a table, views arrive and moves go out, a lost connection is told and taken up again, a seat
refused for good is forgotten, a static host without a server leaves the player their game."""

import json

from game.actions import Action
from game.match import Match
from game.web.online import network
from game.web.words import i18n
from tests.web.app.fakes import Page
from tests.web.online.test_remote import server_view

CODE = "K7MQ2X"


def setup_function():
    i18n.install(i18n.Catalog(None))


def answer(page, status, data):
    page.host.answer(status, data)
    page.settle()


def server_answers(page):
    """The site's tables.json, asked once the features are in and again to go to a table."""
    while page.host.requests and page.host.requests[0][1] == "../tables.json":
        answer(page, 200, {"tables": True})


def joined_page(hash="#table=" + CODE, seat=1):
    """A page opened with the invitation link, the server answering: a seat taken, the socket open."""
    page = Page(hash=hash)
    method, url, body, _done = page.host.requests[0]
    assert (method, url) == ("GET", "../tables.json")  # the site's, never a join on a static host
    server_answers(page)
    method, url, body, _done = page.host.requests[0]
    assert (method, url) == ("POST", "/api/tables/" + CODE + "/join")
    answer(page, 200, {"seat": seat, "key": "secret-key"})
    socket = page.host.sockets[-1]
    assert socket.url == "wss://gin.example/ws/tables/" + CODE + "?key=secret-key"
    socket.open = True
    page.host.task(socket.on_open)()
    page.settle()
    return page, socket


def deliver(page, socket, message):
    page.host.task(lambda: socket.on_message(json.dumps(message)))()
    page.settle()


def test_an_invitation_joins_the_table_and_the_seat_key_stays_in_this_browser():
    page, socket = joined_page()
    kept = json.loads(page.shim.storage[network.TABLES_KEY])
    assert kept == {CODE: {"seat": 1, "key": "secret-key"}} and json.loads(page.shim.storage[network.LAST_KEY]) == CODE
    assert page.attrs["data-mode"] == "online" and page.shim.hash == "#table=" + CODE
    match = Match.new(9)
    deliver(page, socket, server_view(match, 1, 0))
    assert page.app.view.player == 1 and page.attrs["data-phase"] == match.view(1).phase
    assert "your friend is here" in page.shim.text()


def test_a_move_goes_to_the_server_and_its_view_answers_it():
    page, socket = joined_page(seat=0)
    match = Match.new(9)
    while match.current_player != 0:
        match = Match.new(match.seed + 1)
    deliver(page, socket, server_view(match, 0, 0))
    page.click("pass")
    assert socket.sent[-1] == {"type": "act", "action": {"kind": "pass"}}
    assert page.attrs["data-busy"] == "true"  # the server has not answered yet
    match.apply(Action.from_dict({"kind": "pass"}))
    deliver(page, socket, server_view(match, 0, 1))
    assert page.attrs["data-busy"] == "false"


def test_a_lost_connection_is_told_and_taken_up_again():
    page, socket = joined_page()
    deliver(page, socket, server_view(Match.new(9), 1, 0))
    socket.open = False
    page.host.task(lambda: socket.on_close(1006))()
    page.settle(0)
    assert "The connection to the table was lost" in page.shim.text()
    page.host.run(1000)  # the first retry
    assert len(page.host.sockets) == 2
    again = page.host.sockets[-1]
    again.open = True
    page.host.task(again.on_open)()
    deliver(page, again, server_view(Match.new(9), 1, 0))
    assert "was lost" not in page.shim.text()


def test_a_seat_refused_for_good_is_forgotten_and_the_lobby_shown():
    page, socket = joined_page()
    deliver(page, socket, {"type": "error", "reason": "no_such_table"})
    assert CODE not in json.loads(page.shim.storage[network.TABLES_KEY])
    assert page.attrs["data-phase"] == "lobby" and socket.closed


def test_a_static_host_without_tables_leaves_the_player_their_game():
    page = Page(hash="#table=" + CODE)
    while page.host.requests:
        answer(page, 404, None)
    assert "Online play is not available right now" in page.shim.text()
    assert page.attrs["data-mode"] == "cpu" and not [r for r in page.host.requests if r[0] == "POST"]


def test_without_a_network_the_player_is_told_so():
    page = Page(hash="#table=" + CODE)
    page.host.is_online = False
    while page.host.requests:
        answer(page, 0, None)
    assert page.attrs["data-mode"] == "cpu" and "needs the network, and this device is offline" in page.shim.text()


def test_opening_a_table_from_the_lobby_keeps_its_seat_and_shows_the_link_to_send():
    page = Page(storage={"ginrummy.prefs": json.dumps({"mode": "online"})})
    server_answers(page)
    assert page.attrs["data-phase"] == "lobby"
    page.change("lobby_rules", "short")
    page.click("online_open")
    method, url, body, _done = page.host.requests[0]
    assert (method, url, body) == ("POST", "/api/tables", {"rules": "short", "lang": "en"})
    answer(page, 201, {"code": CODE, "seat": 0, "key": "k0", "invite": ""})
    assert page.app.ui.online["invite"] == "https://gin.example/#table=" + CODE
    socket = page.host.sockets[-1]
    socket.open = True
    page.host.task(socket.on_open)()
    seats = [{"joined": True, "connected": True, "computer": False}, {"joined": False, "connected": False}]
    deliver(page, socket, server_view(Match.new(9), 0, 0, seats=seats))
    # The link to send, which the copy button copies in the click itself.
    assert 'data-copy="https://gin.example/#table=' + CODE + '"' in page.shim.html
    assert page.shim.frames[-1].get("scroll") == "game-if-above" or \
        any(f.get("scroll") == "game-if-above" for f in page.shim.frames[-4:])
    page.click("copy_invite", copied=True)
    assert page.shim.live == "Link copied: send it to your friend."
    page.click("copy_invite", copied=False)
    assert "select the line" in page.shim.live


def test_the_code_typed_in_the_lobby_joins_that_table():
    page = Page(storage={"ginrummy.prefs": json.dumps({"mode": "online"})})
    server_answers(page)
    page.click("online_join")
    assert "Type the code" in page.shim.live
    page.key("Enter", act="lobby_code", value=" k7-mq2x ")
    method, url, *_ = page.host.requests[0]
    assert url == "../tables.json"
    server_answers(page)
    assert page.host.requests[0][1] == "/api/tables/" + CODE + "/join"


def test_a_seat_link_from_another_device_takes_the_same_seat():
    page = Page(hash="#table=" + CODE + "&seat=0&key=abc%20d")
    server_answers(page)
    assert not [r for r in page.host.requests if r[0] == "POST"]  # the seat is the link's
    assert page.host.sockets[-1].url.endswith("?key=abc%20d")


def test_a_connection_that_stops_answering_is_told_and_taken_up_again():
    """The server holds the socket but says nothing (a network that died under it): after
    PING_EVERY seconds of quiet the page pings, and a ping not answered within ANSWER_WITHIN
    is a lost connection, taken up again."""
    from game.wire import ANSWER_WITHIN, PING_EVERY

    page, socket = joined_page()
    deliver(page, socket, server_view(Match.new(9), 1, 0))
    page.host.run(PING_EVERY * 1000 + 1000)
    assert socket.sent[-1] == {"type": "ping"}
    page.host.run(ANSWER_WITHIN * 1000 + 1000)
    assert socket.closed and "was lost" in page.shim.text()
    page.host.run(1000)  # the first retry
    again = page.host.sockets[-1]
    assert again is not socket
    again.open = True
    page.host.task(again.on_open)()
    deliver(page, again, server_view(Match.new(9), 1, 0))
    assert "was lost" not in page.shim.text()


def test_a_server_that_accepts_and_closes_at_once_is_asked_less_often_and_the_player_told():
    """Each socket opens and closes at once: the delays grow (1, 2, 4 s, less up to half of
    each: the fake host's random is 0.25), and after the third failure the player is told the
    game server is not responding."""
    page, socket = joined_page()
    attempts, said = [page.host.clock], []
    for _ in range(4):
        current = page.host.sockets[-1]
        current.open = False
        page.host.task(lambda current=current: current.on_close(1006))()
        said.append("The game server is not responding" in page.shim.text())
        before = len(page.host.sockets)
        while len(page.host.sockets) == before:
            page.host.run(100)
        attempts.append(page.host.clock)
        fresh = page.host.sockets[-1]
        fresh.open = True
        page.host.task(fresh.on_open)()
    gaps = [b - a for a, b in zip(attempts, attempts[1:], strict=False)]
    assert [round(g / 100) * 100 for g in gaps] == [700, 1300, 2500, 5000], gaps  # delay/2 + 0.25 * delay/2
    assert said == [False, False, True, True]


def test_a_move_the_server_does_not_answer_is_shown_as_sending():
    page, socket = joined_page(seat=0)
    match = Match.new(9)
    while match.current_player != 0:
        match = Match.new(match.seed + 1)
    deliver(page, socket, server_view(match, 0, 0))
    page.input(kind="click", act="pass", detail=1)
    assert "sending your move" not in page.shim.text()  # not at once: it would flash on every move
    page.host.run(300)
    assert "sending your move" in page.shim.text()
    match.apply(Action.from_dict({"kind": "pass"}))
    deliver(page, socket, server_view(match, 0, 1))
    assert "sending your move" not in page.shim.text()
