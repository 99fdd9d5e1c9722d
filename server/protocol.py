"""The WebSocket messages: what a client may send, what each seat is sent (docs/online.md).

Client -> server (text frames of JSON, at most MAX_MESSAGE bytes):
    {"type": "act", "action": <Action.to_dict()>}
    {"type": "new_game", "accept": true}    offer a new game, or accept the other's offer
    {"type": "new_game", "accept": false}   refuse the other's offer, or withdraw one's own
    {"type": "leave"}                       give the seat up for good
    {"type": "undo"}                        take back this seat's discard (the other has not moved)
    {"type": "ping"}                        answered by {"type": "pong"}
Server -> client:
    {"type": "view", "version": N, "view": <that seat's view>, "table": <code, seats, offer>}
    {"type": "while_away", "moves": N, "hands": N}   what the computer played for this seat
    {"type": "error", "reason": "<code>", ...}   nothing was changed
"""

import orjson

from game.wire import ACT, LEAVE, MAX_MESSAGE, NEW_GAME, PING, UNDO, VIEW
from server.room import RoomError


def parse(text):
    """The message dict of a text frame; RoomError (too_big, malformed_json, unknown_type)."""
    if text is None:
        raise RoomError("malformed_json", expected="text frames of JSON")
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8")) > MAX_MESSAGE:
        raise RoomError("too_big", limit=MAX_MESSAGE)
    try:
        message = orjson.loads(text)
    except (ValueError, RecursionError):  # orjson refuses ~1,000 nested brackets as malformed
        raise RoomError("malformed_json") from None
    if not isinstance(message, dict):
        raise RoomError("malformed_json")
    if _deeper_than(message, MAX_DEPTH):
        raise RoomError("malformed_json", expected=f"at most {MAX_DEPTH} levels of nesting")
    if not isinstance(message.get("type"), str) or message["type"] not in TYPES:
        raise RoomError("unknown_type", types=sorted(TYPES))
    return message


MAX_DEPTH = 6  # the deepest real message, a knock with melds: message > action > melds > meld


def _deeper_than(value, depth):
    if isinstance(value, dict):
        value = list(value.values())
    elif not isinstance(value, list):
        return False
    if depth == 0:
        return True
    return any(_deeper_than(item, depth - 1) for item in value)


def handle(room, seat, message, now):
    """Apply one parsed message that changes the table, for `seat`; RoomError if refused
    (nothing changed). Pings are the connection's and are answered before this."""
    HANDLERS[message["type"]](room, seat, message, now)


def _act(room, seat, message, now):
    room.act(seat, message.get("action"), now)


def _new_game(room, seat, message, now):
    accept = message.get("accept")
    if not isinstance(accept, bool):
        raise RoomError("malformed_message", expected="accept: true or false")
    room.new_game(seat, accept, now)


def _leave(room, seat, message, now):
    room.leave(seat, now)


def _undo(room, seat, message, now):
    room.undo(seat, now)


HANDLERS = {ACT: _act, NEW_GAME: _new_game, LEAVE: _leave, UNDO: _undo}
TYPES = set(HANDLERS) | {PING}


def view_message(room, seat, reader):
    """The view message of `seat`, with the public events `reader` has not been sent yet (none
    in a connection's first view: the page draws the table as it is)."""
    return {
        "type": VIEW,
        "version": room.version,
        "view": reader.view().to_dict(),
        "table": {
            "code": room.code,
            "seat": seat,
            "level": room.record.level,
            "seats": [room.seat_state(0), room.seat_state(1)],
            "new_game_offered_by": room.restart_by,
            "grace": room.grace,
        },
    }


def error_message(exc):
    return dict(exc.details, type="error", reason=exc.reason)
