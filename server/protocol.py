"""The WebSocket messages: what a client may send, what each seat is sent.

Client -> server (text frames of JSON, at most MAX_MESSAGE bytes):
    {"type": "act", "action": <Action.to_dict()>}
    {"type": "new_game", "accept": true}    offer a new game, or accept the other's offer
    {"type": "new_game", "accept": false}   refuse the other's offer, or withdraw one's own
Server -> client:
    {"type": "view", "version": N, "view": <that seat's view>, "table": <code, seats, offer>}
    {"type": "error", "reason": "<code>", ...}   nothing was changed
"""

import json

from server.room import RoomError

MAX_MESSAGE = 4096  # bytes; the longest real message (a knock declaring melds) is ~200


def handle(room, seat, text, now):
    """Apply one client message for `seat`; RoomError if refused (nothing changed)."""
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8")) > MAX_MESSAGE:
        raise RoomError("too_big", limit=MAX_MESSAGE)
    try:
        message = json.loads(text)
    except ValueError:
        raise RoomError("malformed_json") from None
    if not isinstance(message, dict):
        raise RoomError("malformed_json")
    handler = HANDLERS.get(message.get("type")) if isinstance(message.get("type"), str) else None
    if handler is None:
        raise RoomError("unknown_type", types=sorted(HANDLERS))
    handler(room, seat, message, now)


def _act(room, seat, message, now):
    room.act(seat, message.get("action"), now)


def _new_game(room, seat, message, now):
    accept = message.get("accept")
    if not isinstance(accept, bool):
        raise RoomError("malformed_message", expected="accept: true or false")
    room.new_game(seat, accept, now)


HANDLERS = {"act": _act, "new_game": _new_game}


def view_message(room, seat, since=None):
    """The view message of `seat`, with the public events after the first `since` (None: none,
    for a first view; the page draws the table as it is)."""
    record = room.record
    return {
        "type": "view",
        "version": room.version,
        "view": room.match.view(seat, since).to_dict(),
        "table": {
            "code": record.code,
            "seat": seat,
            "level": record.level,
            "seats": [room.seat_state(0), room.seat_state(1)],
            "new_game_offered_by": record.restart_by,
        },
    }


def error_message(exc):
    return dict(exc.details, type="error", reason=exc.reason)
