"""The real server on a free 127.0.0.1 port with real WebSocket clients."""

import json

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from server.protocol import MAX_MESSAGE
from server.tables import Settings
from tests.server.helpers import (
    TIMEOUT,
    play_match,
    receive,
    running,
    seated,
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
    room = server.tables.find(code)
    assert room.match.is_over and len(room.record.actions) == sent
    assert server.tables.store.load(code).actions == room.record.actions


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
    assert opened["invite"] == "/vi/#table=" + opened["code"]
    status, joined = server.post(f"/api/tables/{opened['code'].lower()}/join")
    assert status == 200 and joined["seat"] == 1 and joined["key"] != opened["key"]
    assert server.post(f"/api/tables/{opened['code']}/join") == (409, {"error": "table_full"})
    assert server.post("/api/tables/ZZZZZZ/join") == (404, {"error": "no_such_table"})
    assert server.post("/api/tables", {"rules": "classic", "lang": "xx"})[1]["invite"].startswith("/en/")


@pytest.mark.parametrize("body, raw, reason", [
    ({"rules": "chess"}, None, "no_such_rules"),
    ({"rules": "classic", "level": "genius"}, None, "no_such_level"),
    (None, b"{not json", "bad_request"),
    (None, b"[1, 2]", "bad_request"),
    (None, b'{"rules": "' + b"x" * 2000 + b'"}', "too_big"),
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
    assert server.tables.find(code).connections == [0, 0]


@pytest.mark.parametrize("which, reason, close_code", [
    ("wrong key", "bad_key", 4403), ("no key", "bad_key", 4403), ("no table", "no_such_table", 4404),
])
def test_a_bad_key_or_code_is_refused_and_sees_nothing(server, which, reason, close_code):
    code, _, _ = server.table()
    target = {"wrong key": (code, "A" * 22), "no key": (code, ""), "no table": ("ZZZZZZ", "A" * 22)}
    with server.socket(*target[which]) as stranger:
        assert json.loads(stranger.recv(timeout=TIMEOUT)) == {"type": "error", "reason": reason}
        with pytest.raises(ConnectionClosed):
            stranger.recv(timeout=TIMEOUT)
        assert stranger.close_code == close_code
    assert server.tables.find(code).connections == [0, 0]


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


BAD_INPUTS = [
    ("not json", "malformed_json"),
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
    room = server.tables.find(code)
    with server.socket(code, key0) as seat0, server.socket(code, key1) as seat1:
        views = dict(enumerate(seated(seat0, seat1)))
        mover = views[0]["view"]["turn"]
        sockets = {0: seat0, 1: seat1}
        before = (room.match.to_dict(), list(room.record.actions), room.version)
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
            assert (room.match.to_dict(), room.record.actions, room.version) == before, text
        seat0.send(b"\x00binary")
        assert json.loads(seat0.recv(timeout=TIMEOUT))["reason"] == "malformed_json"
        # The engine's own reason comes along with an illegal action.
        sockets[mover].send('{"type": "act", "action": {"kind": "draw_stock"}}')
        answer = json.loads(sockets[mover].recv(timeout=TIMEOUT))
        assert answer["rule"] == "upcard_offer" and "upcard" in answer["message"]
        # A legal action still works after all that, and both seats see it.
        sockets[mover].send(json.dumps({"type": "act", "action": views[mover]["view"]["legal_actions"][0]}))
        assert receive(sockets[mover])["version"] > views[mover]["version"]
        assert len(room.record.actions) >= 1


def test_too_many_messages_are_refused(tmp_path):
    settings = Settings(messages_per_second=0.001, messages_burst=5)
    with running(tmp_path, settings) as server:
        code, key0, _ = server.table()
        with server.socket(code, key0) as seat0:
            receive(seat0)
            for _ in range(8):
                seat0.send('{"type": "shout"}')
            reasons = [json.loads(seat0.recv(timeout=TIMEOUT))["reason"] for _ in range(8)]
    assert reasons == ["unknown_type"] * 5 + ["too_many_messages"] * 3


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
        room = server.tables.find(code)
        with server.socket(code, key0) as seat0:
            with server.socket(code, key1) as seat1:
                seated(seat0, seat1)
            gone = wait_for(seat0, lambda message: not message["table"]["seats"][1]["connected"])
            assert gone["table"]["seats"][1]["computer"] is False  # within the grace period
            # After it, the computer plays seat 1 at once, and seat 0 is told.
            taken = wait_for(seat0, lambda message: message["table"]["seats"][1]["computer"])
            assert taken["view"]["turn"] in (0, None)
            with server.socket(code, key1) as seat1:
                back = receive(seat1)
                assert back["table"]["seats"][1] == {"joined": True, "connected": True, "computer": False}
                assert back["view"]["hand"] == [card.code for card in room.match.hand.hands[1]]
