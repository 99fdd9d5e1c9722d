"""The table server's own work per move, without sockets: printed by `python -m bench tables`.

Plays matches through what the server does for each move, in this process: parse the client's
frame, `Room.act` (the table, the engine, the computer's replies), the stored row of the whole
record, and both seats' view messages as JSON. Its CPU time per move, next to the server's CPU
per move under load, tells how much of that goes to the engine and the views, and how much to
the network stack (uvicorn, WebSocket frames, asyncio, the storage thread).
"""

import time

import orjson

from bench.client import client_move
from game.rules import Rules
from server.protocol import handle, parse, view_message
from server.room import Room
from server.store import _row


def cost(moves=3000):
    """(moves played, CPU microseconds per move)."""
    played, start = 0, time.process_time()
    while played < moves:
        played += _one_match(moves - played)
    return played, (time.process_time() - start) * 1e6 / played


def _one_match(limit):
    room, _ = Room.open("BENCH1", Rules.preset("classic"), "medium", 0.0, 60)
    room.join(0.0)
    room.connections = [1, 1]  # both seats there: the computer never takes over
    readers = [room.table.reader(0), room.table.reader(1)]
    messages = [_sent(room, seat, readers[seat]) for seat in (0, 1)]
    for played in range(limit):
        if room.match.winner is not None:
            return played
        moves = [(seat, client_move(seat, messages[seat])) for seat in (0, 1)]
        seat, move = next(((s, m) for s, m in moves if m is not None and m["type"] == "act"))
        handle(room, seat, parse(orjson.dumps(move).decode()), 0.0)
        record = room.pending()
        _row(record)
        room.committed(record)
        messages = [_sent(room, seat, readers[seat]) for seat in (0, 1)]
    return limit


def _sent(room, seat, reader):
    # What the client receives: the message as JSON text, read back as the client reads it.
    return orjson.loads(orjson.dumps(view_message(room, seat, reader)))
