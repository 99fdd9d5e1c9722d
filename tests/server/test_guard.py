"""Bounded below HTTP: one address holding thousands of TCP connections that send nothing, or
send a request a byte at a time, neither takes the server from anyone else (D1). Each hostile
client connects from its own loopback address (127.0.0.2), the honest players from others."""

import contextlib
import json
import socket
import time

from server.guard import Guard
from server.limits import address_key
from server.tables import Settings
from tests.server.helpers import TIMEOUT, receive, running, seated, view_after

ATTACKER = "127.0.0.2"


def idle(port, count, source=ATTACKER):
    """`count` TCP connections from `source` that send nothing."""
    held = []
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT,
                                              source_address=(source, 0))
        held.append(connection)
    return held


def closed_by_server(connection):
    """Whether the server has closed this connection (waits up to TIMEOUT)."""
    try:
        return connection.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def until(condition):
    """Wait for the server (its own thread) to get there."""
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        assert time.monotonic() < deadline, "the server did not get there"
        time.sleep(0.01)


def play(server, moves):
    """Two honest players, each from an address of their own, play `moves` moves; returns the
    seconds from each act to the view that answers it."""
    host, guest = server.at("127.0.0.3"), server.at("127.0.0.4")
    status, opened = host.post("/api/tables", {"rules": "classic"})
    assert status == 201, opened
    status, joined = guest.post(f"/api/tables/{opened['code']}/join")
    assert status == 200, joined
    code = opened["code"]
    waits = []
    with host.socket(code, opened["key"]) as seat0, guest.socket(code, joined["key"]) as seat1:
        sockets = (seat0, seat1)
        views = seated(seat0, seat1)
        for _ in range(moves):
            mover = views[0]["view"]["turn"] or 0
            action = views[mover]["view"]["legal_actions"][0]
            started = time.monotonic()
            sockets[mover].send(json.dumps({"type": "act", "action": action}))
            version = max(view["version"] for view in views)
            views = [view_after(websocket, version) for websocket in sockets]
            waits.append(time.monotonic() - started)
    return waits


def test_two_thousand_idle_connections_of_one_address_leave_the_others_playing(tmp_path):
    settings = Settings(header_timeout=1.0)
    with running(tmp_path, settings) as server, contextlib.ExitStack() as stack:
        held = idle(server.port, 2000)
        for connection in held:
            stack.callback(connection.close)
        # The address holds its quarter at most; the rest are closed as they are accepted.
        until(lambda: server.guard.closed_at_once >= 2000 - 256)
        assert server.guard.ips[ATTACKER] <= server.guard.per_ip == 256
        waits = play(server, 30)  # meanwhile, two players from elsewhere play on
        assert len(waits) == 30
        assert server.at("127.0.0.5").get("/api/status")[0] == 200
        assert server.at("127.0.0.5").get("/en/")[0] == 200
        # And every idle one is let go once the time to send a request is over.
        assert all(closed_by_server(connection) for connection in held)
        assert server.guard.ips[ATTACKER] == 0


def test_a_request_sent_a_byte_at_a_time_is_cut_off(tmp_path):
    with running(tmp_path, Settings(header_timeout=0.5)) as server:
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT,
                                        source_address=(ATTACKER, 0))
        started = time.monotonic()
        text = b"GET /api/status HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200
        with contextlib.suppress(OSError):
            for byte in text:  # slower than the deadline allows, never finished
                slow.send(bytes([byte]))
                time.sleep(0.01)
        assert closed_by_server(slow)
        assert 0.4 < time.monotonic() - started < 4.0
        assert server.guard.timed_out == 1 and server.guard.total == 0
        slow.close()


def test_a_body_sent_slowly_is_refused_in_time(tmp_path):
    with running(tmp_path, Settings(header_timeout=0.5)) as server:
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT,
                                        source_address=(ATTACKER, 0))
        slow.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"ru")
        answer = b""
        while b"}" not in answer:  # the status line and headers may come before the body
            chunk = slow.recv(4096)
            assert chunk, answer
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 400") and b"the body within 0.5 s" in answer
        slow.close()


def test_a_websocket_keeps_its_count_until_it_closes(tmp_path):
    with running(tmp_path) as server:
        code, key0, _ = server.table()
        player = server.at(ATTACKER)
        with player.socket(code, key0) as seat0:
            receive(seat0)
            assert server.guard.ips[ATTACKER] == 1
        until(lambda: not server.guard.ips[ATTACKER])


def test_a_trusted_proxy_is_held_only_to_the_total():
    guard = Guard(per_ip=2, in_all=5)
    assert all(guard.admit("127.0.0.1") for _ in range(5))  # nginx, for many clients
    assert not guard.admit("127.0.0.1") and not guard.admit("192.0.2.7")
    guard = Guard(per_ip=2, in_all=5)
    assert [guard.admit("192.0.2.7") for _ in range(3)] == [True, True, False]
    # An IPv6 /64 is one address.
    assert [guard.admit(f"2001:db8:1:2::{n}") for n in range(1, 4)] == [True, True, False]
    assert guard.admit("2001:db8:1:3::1")
    guard.release("2001:db8:1:2::1")
    assert guard.admit("2001:db8:1:2::9")


def test_the_guard_of_a_small_file_limit_keeps_one_address_to_a_quarter():
    guard = Guard.of(Settings(sockets_in_all=100))
    assert (guard.in_all, guard.per_ip) == (132, 33)
    assert address_key("2001:db8::1") == "2001:db8::/64" and address_key("192.0.2.1") == "192.0.2.1"
