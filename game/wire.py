"""What crosses between the page and the table server, written once for both sides.

The page (game/web, in Brython) and the server (server/, CPython) import these names, so a
reason, a close code or a limit cannot mean one thing on one side and another on the other.
The full contract, with examples, is docs/online.md.
"""

# --- table codes -----------------------------------------------------------------------------

# No 0/O and no 1/I: a code read aloud or copied by hand cannot be mistaken.
ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6  # 32**6, about a billion codes; guessing is slowed by the per-IP limits
MAX_TYPED = 40  # characters of a code as typed (spaces and dashes included) worth reading


def normalize(text):
    """A code as typed: any case, spaces and dashes allowed; None if it cannot be a code."""
    if not isinstance(text, str) or len(text) > MAX_TYPED:
        return None
    code = text.replace(" ", "").replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(char not in ALPHABET for char in code):
        return None
    return code


# --- messages ----------------------------------------------------------------------------------

MAX_MESSAGE = 4096  # bytes of one client message; the longest real one (a knock with melds) is ~200

# Client -> server.
ACT = "act"  # {"type": "act", "action": <Action.to_dict()>}
NEW_GAME = "new_game"  # {"type": "new_game", "accept": true | false}
PING = "ping"  # {"type": "ping"}: answered by {"type": "pong"} (the page's heartbeat)
LEAVE = "leave"  # {"type": "leave"}: give the seat up for good (the link works again)
UNDO = "undo"  # {"type": "undo"}: take back this seat's discard while the other has not moved

# Server -> client.
VIEW = "view"
ERROR = "error"
PONG = "pong"

# The page's heartbeat: a ping this often while a table is open; a pong or a view not back
# within ANSWER_WITHIN (nor a move's answer) means the connection is gone, whatever the socket says.
PING_EVERY = 10.0  # seconds
ANSWER_WITHIN = 5.0  # seconds

# --- refusals ------------------------------------------------------------------------------------

# The refusal that carries the engine's own reason (`rule`: IllegalAction.reason).
ENGINE_REFUSAL = "illegal_action"

# Refusals of a message on an open socket: nothing was changed.
MESSAGE_REFUSALS = (
    "malformed_json", "unknown_type", "malformed_action", "malformed_message", "no_opponent",
    "not_your_turn", ENGINE_REFUSAL, "no_offer", "too_big", "too_many_messages", "storage",
    "server_error",
)

# The HTTP answers' refusals (`{"error": reason}`) and their status codes.
HTTP_STATUS = {
    "no_such_rules": 400, "no_such_level": 400, "bad_request": 400, "too_big": 413,
    "bad_origin": 403, "no_such_table": 404, "table_full": 409, "table_unreadable": 410,
    "too_many_tables": 429, "too_many_requests": 429, "too_many_connections": 429,
    "storage": 503, "server_busy": 503,
}

# Close codes after an error message: the page reads them and stops reconnecting for the
# ones that cannot change by waiting.
CLOSE_CODES = {
    "no_such_table": 4404,  # an unknown code, or a key that opens no seat of it: the same answer
    "table_unreadable": 4410,  # the server cannot replay this table's game: it is kept aside
    "seat_given_up": 4401,  # this seat's player left the table for good (from another window)
    "too_many_connections": 4429,  # this seat already has MAX_SEAT_SOCKETS open
    "too_many_requests": 4430,  # this address made too many refused attempts: wait a minute
    "server_busy": 4503,  # the server is short of connections: try again soon
}
FINAL_CLOSES = (4404, 4410, 4401)  # the page forgets the seat key and does not reconnect
POLICY_CLOSE = 1008  # a client that kept sending refused or too many messages
TRY_LATER_CLOSE = 1013  # a client too slow to read what it is sent
