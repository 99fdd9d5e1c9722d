"""The real server on a free 127.0.0.1 port with real WebSocket clients."""

import json
import sqlite3

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from server.tables import Settings
from tests.server.helpers import (
    TIMEOUT,
    play_match,
    receive,
    refused_socket,
    running,
    seated,
    view_after,
    wait_for,
)


@pytest.fixture
def server(tmp_path):
    with running(tmp_path) as server:
        yield server


FAST = Settings(messages_per_second=1000.0, messages_burst=1000)  # computers play faster than people


def test_two_clients_play_a_whole_match_through_their_sockets(tmp_path):
    with running(tmp_path, FAST) as server:
        _play_a_whole_match(server)


def _play_a_whole_match(server):
    code, key0, key1 = server.table("short")
    with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1:
        views = seated(seat0, seat1)
        assert [view["table"]["seat"] for view in views] == [0, 1]
        assert views[0]["table"]["seats"][1] == {"joined": True, "connected": True, "computer": False}
        views, sent = play_match([seat0, seat1], views)
    assert sent > 20
    final = views[0]["view"]
    assert final["winner"] in (0, 1) and max(final["scores"]) >= 50
    assert views[1]["view"]["totals"] == final["totals"]
    room = server.room(code)
    assert room.match.is_over
    assert server.store.load(code).log == room.table.to_log() == room.record.log


def test_the_other_seats_presence_is_sent(server):
    code, key0, key1 = server.table()
    with server.socket(code, key0) as seat0:
        view = receive(seat0)
        assert view["table"]["seats"][1]["connected"] is False
        with server.socket(code, key1):
            assert receive(seat0)["table"]["seats"][1]["connected"] is True
        assert receive(seat0)["table"]["seats"][1]["connected"] is False


def test_opening_and_joining_over_http(server):
    status, opened = server.post("/api/tables", {"rules": "oklahoma", "lang": "vi"})
    assert status == 201
    assert opened["seat"] == 0 and len(opened["key"]) >= 22
    # The link names no language: the root page sends the friend to theirs.
    assert opened["invite"] == "/#table=" + opened["code"]
    status, joined = server.post(f"/api/tables/{opened['code'].lower()}/join")
    assert status == 200 and joined["seat"] == 1 and joined["key"] != opened["key"]
    assert server.post(f"/api/tables/{opened['code']}/join") == (409, {"error": "table_full"})
    assert server.post("/api/tables/ZZZZZZ/join") == (404, {"error": "no_such_table"})
    assert server.post("/api/tables", {"rules": "classic", "lang": {"a": 1}})[0] == 201  # ignored


@pytest.mark.parametrize("body, raw, reason", [
    ({"rules": "chess"}, None, "no_such_rules"),
    ({"rules": "classic", "level": "genius"}, None, "no_such_level"),
    (None, b"{not json", "bad_request"),
    (None, b"[1, 2]", "bad_request"),
    (None, b'{"rules": "' + b"x" * 2000 + b'"}', "too_big"),
    (None, b"[" * 1000, "bad_request"),  # RecursionError in json.loads
    (None, b'{"rules": ' + b"[" * 500 + b"]" * 500 + b"}", "no_such_rules"),
    ({"rules": ["classic"]}, None, "no_such_rules"),
    ({"rules": {"name": "classic"}}, None, "no_such_rules"),
    ({"rules": "classic", "level": ["hard"]}, None, "no_such_level"),
])
def test_bad_openings_are_refused_with_a_reason(server, body, raw, reason):
    status, answer = server.post("/api/tables", body, raw=raw)
    assert answer["error"] == reason and status in (400, 413)
    assert server.tables.rooms == {}


def test_a_cross_site_page_cannot_open_tables_or_connect(server):
    status, answer = server.post("/api/tables", {"rules": "classic"}, origin="http://evil.example")
    assert (status, answer) == (403, {"error": "bad_origin"})
    code, key0, _ = server.table()
    with pytest.raises(InvalidStatus) as refused:
        server.socket(code, key0, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    assert json.loads(refused.value.response.body) == {"error": "bad_origin"}
    assert server.room(code).connections == [0, 0]


@pytest.mark.parametrize("which", ["wrong key", "no key", "no table"])
def test_a_bad_key_or_code_is_refused_alike_and_sees_nothing(server, which):
    code, _, _ = server.table()
    target = {"wrong key": (code, "A" * 22), "no key": (code, ""), "no table": ("ZZZZZZ", "A" * 22)}
    # The same answer whether the table exists or not: the socket is no oracle of codes.
    assert refused_socket(server, *target[which]) == ("no_such_table", 4404)
    assert server.room(code).connections == [0, 0]


def test_the_page_is_served_with_a_csp_allowing_only_this_server(server):
    status, headers, body = server.get("/fr/")
    assert status == 200 and b"<title>fr</title>" in body
    policy = {part.split()[0]: part.split()[1:] for part in headers["content-security-policy"].split("; ")}
    assert policy["connect-src"] == ["'self'", f"ws://127.0.0.1:{server.port}"]
    assert headers["x-content-type-options"] == "nosniff"
    status, _, body = server.get("/no/such/page")
    assert status == 404 and b"not here" in body
    status, _, body = server.get("/api/status")
    assert status == 200 and json.loads(body)["tables"] is True


def offered_by(seat):
    def wanted(message):
        return message["table"]["new_game_offered_by"] == seat
    return wanted


def test_a_new_game_by_consent_over_the_sockets(server):
    code, key0, key1 = server.table()
    with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1:
        views = [message["view"] for message in seated(seat0, seat1)]
        mover = views[0]["turn"]
        sockets = (seat0, seat1)
        sockets[mover].send(json.dumps({"type": "act", "action": views[mover]["legal_actions"][0]}))
        assert wait_for(seat1, lambda message: len(message["view"]["history"]) == 1)
        seat0.send('{"type": "new_game", "accept": true}')
        wait_for(seat0, offered_by(0))
        wait_for(seat1, offered_by(0))
        seat1.send('{"type": "new_game", "accept": false}')
        refused = wait_for(seat0, offered_by(None))
        assert len(refused["view"]["history"]) == 1  # the game goes on
        seat1.send('{"type": "new_game", "accept": true}')
        wait_for(seat0, offered_by(1))
        seat0.send('{"type": "new_game", "accept": true}')
        fresh = wait_for(seat1, lambda message: message["view"]["history"] == [])
        assert fresh["table"]["new_game_offered_by"] is None and fresh["view"]["hand_number"] == 1


def test_the_computer_takes_over_a_player_who_left_and_gives_the_seat_back(tmp_path):
    with running(tmp_path, Settings(grace=0.3)) as server:
        code, key0, key1 = server.table()
        room = server.room(code)
        with server.socket(code, key0) as seat0:
            with server.socket(code, key1) as seat1:
                seated(seat0, seat1)
            gone = wait_for(seat0, lambda message: not message["table"]["seats"][1]["connected"])
            assert gone["table"]["seats"][1]["computer"] is False  # within the grace period
            # After it, the computer plays seat 1 at once, and seat 0 is told.
            taken = wait_for(seat0, lambda message: message["table"]["seats"][1]["computer"])
            assert taken["view"]["turn"] in (0, None)
            view = taken
            while not any(move[0] == 1 for move in view["view"]["history"][len(taken["view"]["history"]):]):
                # seat 0 plays until the computer has answered for seat 1
                assert view["view"]["turn"] == 0
                action = view["view"]["legal_actions"][0]
                seat0.send(json.dumps({"type": "act", "action": action}))
                view = view_after(seat0, view["version"])
            with server.socket(code, key1) as seat1:
                told = json.loads(seat1.recv(timeout=TIMEOUT))  # what the computer played meanwhile
                assert told["type"] == "while_away" and told["moves"] >= 1 and told["hands"] >= 0
                back = receive(seat1)
                assert back["table"]["seats"][1] == {"joined": True, "connected": True, "computer": False}
                assert back["view"]["hand"] == [card.code for card in room.match.hand.hands[1]]
                assert back["table"]["grace"] == 0.3


def test_a_write_that_fails_answers_the_mover_and_shows_the_other_seat_nothing(server):
    code, key0, key1 = server.table()
    room = server.room(code)
    with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1:
        views = seated(seat0, seat1)
        mover = views[0]["view"]["turn"]
        sockets = (seat0, seat1)
        before = room.table.to_log()
        other = sqlite3.connect(server.store.path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # a backup or an operator's shell holds the lock
        action = views[mover]["view"]["legal_actions"][0]
        sockets[mover].send(json.dumps({"type": "act", "action": action}))
        assert json.loads(sockets[mover].recv(timeout=TIMEOUT)) == {"type": "error", "reason": "storage"}
        assert server.get("/api/status")[0] == 200  # the server answers meanwhile
        other.execute("ROLLBACK")
        other.close()
        assert room.table.to_log() == before and server.store.load(code).log == before
        # The other seat was sent nothing; the same move then goes through for both.
        sockets[mover].send(json.dumps({"type": "act", "action": action}))
        after = [receive(seat) for seat in (sockets[1 - mover], sockets[mover])]
        for message in after:
            assert [e["kind"] for e in message["view"]["events"]] == [action["kind"]]


def test_the_store_runs_off_the_event_loop(server):
    import threading

    seen = []
    store = server.store
    real = store.load

    def load(code):
        seen.append(threading.get_ident())
        return real(code)

    store.load = load
    server.post("/api/tables/ZZZZZZ/join")  # an unknown code: the store is asked
    assert server.post("/api/tables/ZZZZZZ/join")[0] == 404
    store.load = real
    assert seen and all(ident != server.loop_thread for ident in seen)


def test_a_ping_is_answered(server):
    code, key0, _ = server.table()
    with server.socket(code, key0) as seat0:
        receive(seat0)
        seat0.send('{"type": "ping"}')
        assert json.loads(seat0.recv(timeout=TIMEOUT)) == {"type": "pong"}


def test_leaving_for_good_frees_the_seat_and_closes_its_other_windows(server):
    code, key0, key1 = server.table()
    with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1, \
            server.socket(code, key1) as laptop:
        seated(seat0, seat1)
        receive(laptop)
        seat1.send('{"type": "leave"}')
        for socket in (seat1, laptop):
            with pytest.raises(ConnectionClosed):
                while True:
                    message = json.loads(socket.recv(timeout=TIMEOUT))
                    if message["type"] == "error":
                        assert message["reason"] == "seat_given_up"
            assert socket.close_code == 4401
        left = wait_for(seat0, lambda m: not m["table"]["seats"][1]["joined"])
        assert left["table"]["seats"][1]["computer"] is True
        assert refused_socket(server, code, key1) == ("no_such_table", 4404)  # the key is void
        status, joined = server.post(f"/api/tables/{code}/join")  # the link works again
        assert status == 200 and joined["seat"] == 1


def test_a_table_that_cannot_be_replayed_answers_one_documented_refusal(server):
    code, key0, _ = server.table()
    log = dict(server.store.load(code).log, actions=[{"kind": "discard", "card": "AS"}])
    server.store.db.execute("UPDATE tables SET log = ? WHERE code = ?", (json.dumps(log), code))
    server.tables.rooms.clear()
    assert refused_socket(server, code, key0) == ("table_unreadable", 4410)
    assert server.post(f"/api/tables/{code}/join") == (410, {"error": "table_unreadable"})
    assert server.store.is_set_aside(code)


def test_the_deal_secret_never_leaves_the_server(tmp_path):
    with running(tmp_path, FAST) as server:
        status, opened = server.post("/api/tables", {"rules": "short"})
        status, joined = server.post(f"/api/tables/{opened['code']}/join")
        code, key0, key1 = opened["code"], opened["key"], joined["key"]
        secret = server.room(code).secret
        assert secret not in json.dumps([opened, joined])
        texts = []
        with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1:
            views, _ = play_match([seat0, seat1], seated(seat0, seat1))
            texts.append(json.dumps(views))
        assert server.room(code).match.is_over
        assert secret not in "".join(texts) and secret[:12] not in "".join(texts)
        assert '"seed": null' in json.dumps(views[0]) or "seed" not in json.dumps(views[0])


def test_views_are_sent_uncompressed_though_the_client_offers_deflate(server):
    # A view is about 3 KB: compressing it cost more server CPU per move than it saves.
    code, key0, _ = server.table()
    with server.socket(code, key0) as seat0:
        offered = seat0.request.headers.get("Sec-WebSocket-Extensions", "")
        assert "permessage-deflate" in offered
        assert "permessage-deflate" not in seat0.response.headers.get("Sec-WebSocket-Extensions", "")
        assert receive(seat0)["type"] == "view"


def test_a_discard_taken_back_over_the_socket_reaches_both_seats(server):
    code, key0, key1 = server.table("classic")
    with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1:
        sockets = (seat0, seat1)
        views = seated(seat0, seat1)
        while views[0]["view"]["phase"] != "discard":  # first listed moves up to a discard
            seat = views[0]["view"]["turn"]
            sockets[seat].send(json.dumps({"type": "act", "action": views[seat]["view"]["legal_actions"][0]}))
            version = max(view["version"] for view in views)
            views = [view_after(websocket, version) for websocket in sockets]
        seat = views[0]["view"]["turn"]
        discard = next(a for a in views[seat]["view"]["legal_actions"] if a["kind"] == "discard")
        sockets[seat].send(json.dumps({"type": "act", "action": discard}))
        version = max(view["version"] for view in views)
        views = [view_after(websocket, version) for websocket in sockets]
        assert views[seat]["view"]["undo"] == discard["card"] == views[1 - seat]["view"]["undo"]
        sockets[1 - seat].send('{"type": "undo"}')  # not theirs to take back
        refused = json.loads(sockets[1 - seat].recv(timeout=TIMEOUT))
        assert (refused["type"], refused["rule"]) == ("error", "nothing_to_undo")
        sockets[seat].send('{"type": "undo"}')
        views = [view_after(websocket, version) for websocket in sockets]
        for view in views:
            assert view["view"]["events"][-1] == {"kind": "undo", "player": seat, "card": discard["card"]}
            assert view["view"]["turn"] == seat and view["view"]["undo"] is None
        assert discard["card"] in views[seat]["view"]["hand"]
        assert server.store.load(code).log == server.room(code).table.to_log()

