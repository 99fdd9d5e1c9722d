"""The open connections of each table, and each connection's outgoing queue.

A connection's writer sends views built when they leave, not when the change happened: several
changes in a row cost one view, and a seat always receives the table as it is now.
"""

import asyncio
import json

from server.protocol import view_message

_VIEW = object()  # queued marker: send this seat's current view
_CLOSE = object()


class Client:
    def __init__(self, websocket, room, seat, bucket):
        self.websocket = websocket
        self.room = room
        self.seat = seat
        self.bucket = bucket  # the connection's message rate limit
        self.queue = asyncio.Queue()
        self.view_queued = False
        self.match = None  # the match of the last view sent, and how many of its events it held
        self.events_seen = None

    def want_view(self):
        if not self.view_queued:
            self.view_queued = True
            self.queue.put_nowait(_VIEW)

    def send(self, message):
        self.queue.put_nowait(message)

    def close(self, code):
        self.queue.put_nowait((_CLOSE, code))

    async def write(self):
        """Send the queue in order until closed (run as the connection's writer task)."""
        while True:
            item = await self.queue.get()
            if item is _VIEW:
                self.view_queued = False
                item = self._view()
            elif isinstance(item, tuple) and item[0] is _CLOSE:
                await self.websocket.close(item[1])
                return
            await self.websocket.send_text(json.dumps(item, separators=(",", ":")))


    def _view(self):
        # Each view carries the events this connection has not been sent yet; a new game is a
        # new match, whose events all are new.
        match = self.room.match
        if self.match is None:
            since = None
        else:
            since = self.events_seen if match is self.match else 0
        message = view_message(self.room, self.seat, since)
        self.match, self.events_seen = match, message["view"]["event_count"]
        return message


class Hub:
    def __init__(self):
        self.clients = {}  # table code -> [Client]

    def add(self, client):
        self.clients.setdefault(client.room.record.code, []).append(client)

    def remove(self, client):
        code = client.room.record.code
        clients = self.clients.get(code, [])
        if client in clients:
            clients.remove(client)
        if not clients:
            self.clients.pop(code, None)

    def changed(self, room):
        """Every seat of this table gets the new view."""
        for client in self.clients.get(room.record.code, ()):
            client.want_view()
