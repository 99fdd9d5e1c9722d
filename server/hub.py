"""The open connections of each table, their outgoing queues, and the caps that bound them.

A connection's writer sends views built when they leave, not when the change happened: several
changes in a row cost one view, and a seat always receives the table as it is now. What else
waits to be sent (refusals, pongs) is bounded: a client that does not read what it is sent is
closed (1013), never buffered without end. The number of connections is bounded per seat, per
address and in all (so a client cannot take every file descriptor of the process).
"""

import asyncio
from collections import Counter, deque

import orjson

from game.wire import TRY_LATER_CLOSE
from server.protocol import view_message

MAX_QUEUED = 32  # messages waiting for one slow reader before it is closed
_VIEW = object()  # queued marker: send this seat's current view


class Client:
    def __init__(self, websocket, room, seat, ip, bucket):
        self.websocket = websocket
        self.room = room
        self.seat = seat
        self.ip = ip
        self.bucket = bucket  # the connection's message rate limit
        self.reader = room.table.reader(seat)  # its place in the table's events
        self.queue = deque()
        self.wake = asyncio.Event()
        self.view_queued = False
        self.closing = None  # the close code once the connection is being closed
        self.refused_in_a_row = 0  # messages refused for their rate since the last accepted one
        self.sent_version = None  # the room's version in the last view sent

    def want_view(self):
        if not self.view_queued and self.closing is None:
            self.view_queued = True
            self._put(_VIEW)

    def send(self, message):
        if self.closing is None:
            self._put(message)

    def close(self, code):
        """Close after what is queued has gone (the close is the last thing sent)."""
        if self.closing is None:
            self.closing = code
            self.queue.append(None)
            self.wake.set()

    def _put(self, item):
        if len(self.queue) >= MAX_QUEUED:
            # The client reads nothing of what it is sent: drop it all and close.
            self.queue.clear()
            self.close(TRY_LATER_CLOSE)
            return
        self.queue.append(item)
        self.wake.set()

    async def write(self):
        """Send the queue in order until closed (run as the connection's writer task)."""
        while True:
            while not self.queue:
                self.wake.clear()
                await self.wake.wait()
            item = self.queue.popleft()
            if item is None:
                await self.websocket.close(self.closing)
                return
            if item is _VIEW:
                self.view_queued = False
                async with self.room.lock:  # never a view of a change not stored yet
                    if self.room.version == self.sent_version:
                        continue  # this connection has the table as it is
                    self.sent_version = self.room.version
                    item = view_message(self.room, self.seat, self.reader)
            await self.websocket.send_text(orjson.dumps(item).decode())


class Hub:
    def __init__(self, per_seat, per_ip, in_all):
        self.clients = {}  # table code -> [Client]
        self.per_seat = per_seat
        self.per_ip = per_ip
        self.in_all = in_all
        self.ips = Counter()
        self.total = 0

    def refusal(self, ip):
        """Why a new connection from `ip` is refused before anything else ("server_busy",
        "too_many_connections"), or None."""
        if self.total >= self.in_all:
            return "server_busy"
        if self.ips[ip] >= self.per_ip:
            return "too_many_connections"
        return None

    def seat_full(self, room, seat):
        return sum(1 for client in self.clients.get(room.code, ()) if client.seat == seat) >= self.per_seat

    def add(self, client):
        self.clients.setdefault(client.room.code, []).append(client)
        self.ips[client.ip] += 1
        self.total += 1

    def remove(self, client):
        code = client.room.code
        clients = self.clients.get(code, [])
        if client in clients:
            clients.remove(client)
            self.ips[client.ip] -= 1
            if not self.ips[client.ip]:
                del self.ips[client.ip]
            self.total -= 1
        if not clients:
            self.clients.pop(code, None)

    def changed(self, room):
        """Every seat of this table gets the new view."""
        for client in self.clients.get(room.code, ()):
            client.want_view()

    def of_seat(self, room, seat):
        return [client for client in self.clients.get(room.code, ()) if client.seat == seat]

