"""The server's bounds through the real server and real WebSocket clients (server/limits.py's
buckets, the caps on sockets and addresses, bad input, floods, a clock set back)."""

import contextlib
import json
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.wire import MAX_MESSAGE
from server.tables import Settings
from tests.server.helpers import (
    TIMEOUT,
    FakeTime,
    receive,
    refused_socket,
    running,
    seated,
    view_after,
)


@pytest.fixture
def server(tmp_path):
    with running(tmp_path) as server:
        yield server


def test_refused_sockets_count_against_the_address_like_joins(tmp_path):
    with running(tmp_path, Settings(joins_burst=5, joins_per_minute=0.001)) as server:
        code, key0, _ = server.table()
        for _ in range(5):
            assert refused_socket(server, "ZZZZZZ", "A" * 22) == ("no_such_table", 4404)
        # Locked: no more guesses answered (the existing table gets the same answer) ...
        assert refused_socket(server, code, "B" * 22) == ("too_many_requests", 4430)
        assert server.post(f"/api/tables/{code}/join")[1] == {"error": "too_many_requests"}
        # ... but the key of a seat still opens it: a guesser only locks out its own guesses.
        with server.socket(code, key0) as seat0:
            assert receive(seat0)["table"]["seat"] == 0


BAD_INPUTS = [
    ("not json", "malformed_json"),
    ("[" * 1000, "malformed_json"),  # RecursionError in json.loads
    ('{"type": "act", "action": ' + "[" * 995 + "]" * 995 + "}", "malformed_json"),
    ('{"type": "new_game", "accept": ' + "[" * 995 + "]" * 995 + "}", "malformed_json"),
    ('{"type": ["act"]}', "unknown_type"),
    ("[1, 2, 3]", "malformed_json"),
    ('{"kind": "draw_stock"}', "unknown_type"),
    ('{"type": "shout"}', "unknown_type"),
    ('{"type": "act"}', "malformed_action"),
    ('{"type": "act", "action": {"kind": "fly"}}', "malformed_action"),
    ('{"type": "act", "action": {"kind": "discard", "card": "QQ"}}', "malformed_action"),
    ('{"type": "new_game", "accept": "yes"}', "malformed_message"),
    ('{"type": "new_game", "accept": false}', "no_offer"),
    ('{"type": "act", "action": {"kind": "draw_stock"}}', "illegal_action"),  # upcard on offer
    ('{"type": "act", "action": {"kind": "pass"}, "pad": "' + "x" * MAX_MESSAGE + '"}', "too_big"),
]


def test_every_bad_input_gets_its_reason_and_changes_nothing(server):
    code, key0, key1 = server.table()
    room = server.room(code)
    with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1:
        views = dict(enumerate(seated(seat0, seat1)))
        mover = views[0]["view"]["turn"]
        sockets = {0: seat0, 1: seat1}
        before = (room.table.to_log(), room.version)
        legal = views[1 - mover]["view"]["legal_actions"]
        assert legal == []
        inputs = BAD_INPUTS + [
            (json.dumps({"type": "act", "action": {"kind": "take_upcard"}}), "not_your_turn", 1 - mover),
        ]
        for entry in inputs:
            text, reason = entry[0], entry[1]
            seat = entry[2] if len(entry) > 2 else mover
            sockets[seat].send(text)
            answer = json.loads(sockets[seat].recv(timeout=TIMEOUT))
            assert answer["type"] == "error" and answer["reason"] == reason, (text, answer)
            assert (room.table.to_log(), room.version) == before, text
        seat0.send(b"\x00binary")
        assert json.loads(seat0.recv(timeout=TIMEOUT))["reason"] == "malformed_json"
        # The engine's own reason comes along with an illegal action.
        sockets[mover].send('{"type": "act", "action": {"kind": "draw_stock"}}')
        answer = json.loads(sockets[mover].recv(timeout=TIMEOUT))
        assert answer["rule"] == "upcard_offer" and "upcard" in answer["message"]
        # A legal action still works after all that, and both seats see it.
        sockets[mover].send(json.dumps({"type": "act", "action": views[mover]["view"]["legal_actions"][0]}))
        assert receive(sockets[mover])["version"] > views[mover]["version"]
        assert len(room.record.log["actions"]) >= 1


def test_too_many_messages_are_refused_once_and_a_flood_is_closed(tmp_path):
    settings = Settings(messages_per_second=0.001, messages_burst=5, refused_in_a_row=50)
    with running(tmp_path, settings) as server:
        code, key0, _ = server.table()
        with server.socket(code, key0) as seat0:
            receive(seat0)
            try:
                for _ in range(100):
                    seat0.send('{"type": "shout"}')
            except ConnectionClosed:
                pass  # closed while the flood was still going out: the answers before it are kept
            answers = []
            with pytest.raises(ConnectionClosed):
                while True:
                    answers.append(json.loads(seat0.recv(timeout=TIMEOUT))["reason"])
            # One refusal for the whole streak (not one queued per frame), then closed.
            assert answers == ["unknown_type"] * 5 + ["too_many_messages"]
            assert seat0.close_code == 1008


def test_a_seat_holds_a_few_sockets_and_no_more(server):
    code, key0, _ = server.table()
    with contextlib.ExitStack() as stack:
        opened = [stack.enter_context(server.socket(code, key0)) for _ in range(4)]
        for socket in opened:
            assert receive(socket)["table"]["seat"] == 0
        assert refused_socket(server, code, key0) == ("too_many_connections", 4429)


@pytest.mark.parametrize("settings, status, reason", [
    (Settings(sockets_per_ip=3), 429, "too_many_connections"),
    (Settings(sockets_in_all=3), 503, "server_busy"),
])
def test_one_address_and_the_whole_server_have_a_cap(tmp_path, settings, status, reason):
    with running(tmp_path, settings) as server, contextlib.ExitStack() as stack:
        code, key0, key1 = server.table()
        for key in (key0, key0, key1):
            stack.enter_context(server.socket(code, key))
        with pytest.raises(InvalidStatus) as refused:
            server.socket(code, key1)
        assert refused.value.response.status_code == status
        assert json.loads(refused.value.response.body) == {"error": reason}


def pong_after_views(websocket):
    """The views a socket receives before the answer to a ping sent now (everything the server
    queued for it before the ping goes out first)."""
    websocket.send('{"type": "ping"}')
    views = 0
    while (message := json.loads(websocket.recv(timeout=TIMEOUT)))["type"] != "pong":
        assert message["type"] == "view", message
        views += 1
    return views


def until(condition):
    """Wait for the server's state to reach `condition` (a few ms: it is the server's thread)."""
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        assert time.monotonic() < deadline, "the server did not get there"
        time.sleep(0.005)


def test_reconnecting_in_a_loop_costs_no_write_and_sends_the_other_seat_nothing(tmp_path):
    # D4: each reconnection was a stored write and a view to the other seat (118 a second).
    with running(tmp_path, Settings(connects_per_seat_burst=10, connects_per_seat_per_minute=0.001)) as server:
        code, key0, key1 = server.table()
        room = server.room(code)
        writes = []
        real = server.store.save_all
        server.store.save_all = lambda records: (writes.append(len(records)), real(records))
        with server.socket(code, key0) as seat0, server.socket(code, key1) as victim:
            seated(seat0, victim)
            assert pong_after_views(victim) == 0
            refused = []
            for _ in range(12):
                with server.socket(code, key0) as again:
                    message = json.loads(again.recv(timeout=TIMEOUT))
                    if message["type"] == "error":
                        refused.append(message["reason"])
                        with pytest.raises(ConnectionClosed):
                            again.recv(timeout=TIMEOUT)
                        assert again.close_code == 4430
            until(lambda: room.connections == [1, 1])
            assert pong_after_views(victim) == 0  # seat 0 never stopped being connected
            assert writes == []
            # Connects per seat are rate-limited: 10 at once (the burst), then refused.
            assert refused == ["too_many_requests"] * 3
            assert pong_after_views(seat0) == 0  # the first connection is still there
        assert writes == []  # nor did anyone leaving change anything stored


def test_connects_per_address_are_rate_limited(tmp_path):
    with running(tmp_path, Settings(connects_per_ip_burst=3, connects_per_ip_per_minute=0.001)) as server:
        code, key0, key1 = server.table()
        with contextlib.ExitStack() as stack:
            for key in (key0, key1, key0):
                receive(stack.enter_context(server.socket(code, key)))
            assert refused_socket(server, code, key1) == ("too_many_requests", 4430)


def test_the_sockets_of_one_address_share_a_message_budget(tmp_path):
    settings = Settings(messages_per_ip_per_second=0.001, messages_per_ip_burst=5)
    with running(tmp_path, settings) as server:
        code, key0, key1 = server.table()
        with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1:
            seated(seat0, seat1)
            answers = []
            for socket in (seat0, seat1, seat0, seat1, seat0, seat1):
                socket.send('{"type": "ping"}')
                answers.append(json.loads(socket.recv(timeout=TIMEOUT))["type"])
            assert answers == ["pong"] * 5 + ["error"]


def test_a_clock_set_back_does_not_freeze_the_sockets(tmp_path):
    # Weak 1: the buckets read the wall clock, and 120 s back dropped every message for 120 s.
    clock = FakeTime()
    with running(tmp_path, clock=clock) as server:
        code, key0, key1 = server.table()
        with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1:
            views = seated(seat0, seat1)
            clock.wall_now -= 120
            until(lambda: clock() == clock.wall_now)  # the server's timers followed the step
            for _ in range(3):
                seat0.send('{"type": "ping"}')
                assert json.loads(seat0.recv(timeout=TIMEOUT)) == {"type": "pong"}
            mover = views[0]["view"]["turn"]
            (seat0, seat1)[mover].send(json.dumps({"type": "act", "action": views[mover]["view"]["legal_actions"][0]}))
            assert view_after((seat0, seat1)[1 - mover], views[0]["version"])["view"]["events"]
