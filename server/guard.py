"""Every TCP connection bounded, below HTTP and WebSockets: per address, in all, and in time.

uvicorn (h11) sets no timer on a connection before its first request, and the per-address
limits of the tables apply to WebSockets only: 10,040 connections that sent nothing made
every visitor's request a 503 for as long as they were held, and at `ulimit -n 1024`, 1,100
of them took every file descriptor. Here each connection is counted from the moment it is
accepted, before anything is read:

- past `per_ip` connections of one address (an IPv6 /64 counts as one), or `in_all` of the
  process, a new one is closed at once, before it costs more than its accept;
- a connection must send a whole request's headers within `header_timeout` seconds of being
  accepted or of its last response (a keep-alive connection that stays idle is closed by
  uvicorn after `timeout_keep_alive`), and a request must be answered within
  `request_timeout` (no real one takes minutes; a client that does not read is let go);
- an upgraded connection (a WebSocket) keeps its count until it closes, and the server's
  pings close it when its peer is gone.

A trusted proxy's address (nginx in front of shards, which bounds each client itself:
docs/online.md) is not held to `per_ip`, only to `in_all`.
"""

import logging
import socket
from collections import Counter

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from server.limits import address_key

KERNEL_BACKLOG = 2048  # connections waiting in the kernel to be accepted (uvicorn's default)
KEEP_ALIVE = 5  # seconds an idle keep-alive connection is kept after a response (uvicorn's)
HTTP_HEADROOM = 32  # connections for HTTP requests past the WebSockets' cap (sockets_in_all)
ENDLESS = ("/__dev/events",)  # make serve's reload stream (--dev) lasts as long as its page
log = logging.getLogger("server")


class Guard:
    """The connections of one process, counted per address and in all."""

    def __init__(self, per_ip, in_all, trusted=("127.0.0.1",), header_timeout=10.0,
                 request_timeout=300.0):
        self.per_ip = per_ip
        self.in_all = in_all
        self.trusted = frozenset(trusted)
        self.header_timeout = header_timeout
        self.request_timeout = request_timeout
        self.ips = Counter()
        self.total = 0
        self.closed_at_once = 0  # connections refused since the start
        self.timed_out = 0  # connections closed for their slowness since the start

    @classmethod
    def of(cls, settings):
        """The guard of a server with these `server.tables.Settings`: one address holds at most
        a quarter of the process's connections, however low its file limit."""
        in_all = settings.sockets_in_all + HTTP_HEADROOM
        return cls(min(settings.connections_per_ip, max(8, in_all // 4)), in_all,
                   header_timeout=settings.header_timeout, request_timeout=settings.request_timeout)

    def admit(self, ip, moving=False):
        """Count a new connection of `ip`; False (not counted) when it must be closed at once.
        `moving`: a connection already counted that changes protocol (never refused)."""
        key = address_key(ip)
        if not moving:
            if self.total >= self.in_all:
                self._refuse("the process holds %d connections, its most", self.in_all)
                return False
            if ip not in self.trusted and self.ips[key] >= self.per_ip:
                self._refuse("one address holds %d connections, its most", self.per_ip)
                return False
        self.ips[key] += 1
        self.total += 1
        return True

    def release(self, ip):
        key = address_key(ip)
        self.ips[key] -= 1
        if self.ips[key] <= 0:
            del self.ips[key]
        self.total -= 1

    def _refuse(self, message, limit):
        self.closed_at_once += 1
        log.warning("guard: " + message + ": new ones are closed at once", limit)

    def uvicorn_options(self):
        """uvicorn.Config's options that put this guard under every connection."""
        return {"http": _http_protocol(self), "ws": _ws_protocol(self),
                "timeout_keep_alive": KEEP_ALIVE}


class Server(uvicorn.Server):
    """uvicorn's server whose listening sockets keep a long queue in the kernel while asyncio
    accepts at most `config.backlog` connections at a time: asyncio takes as many as its
    backlog in one go before the guard sees any of them, so a short one keeps a burst within
    the descriptors kept aside, and the long queue makes nobody's connect wait for a retry."""

    async def startup(self, sockets=None):
        await super().startup(sockets)
        for server in getattr(self, "servers", []):
            for listener in server.sockets:
                with socket.fromfd(listener.fileno(), listener.family, listener.type) as same:
                    same.listen(KERNEL_BACKLOG)  # the same socket (a dup): only its queue grows


def _http_protocol(guard):
    class GuardedHTTP(H11Protocol):
        """uvicorn's h11 protocol, counted and timed by the guard."""

        counted = False
        timer = None
        cycle_seen = None

        def connection_made(self, transport):
            super().connection_made(transport)
            self.ip = self.client[0] if self.client else "unknown"
            self.counted = guard.admit(self.ip)
            if not self.counted:
                transport.abort()
                return
            self._arm(guard.header_timeout)

        def data_received(self, data):
            super().data_received(data)
            self._request_started()

        def on_response_complete(self):
            super().on_response_complete()
            if not self._request_started() and not self.transport.is_closing():
                self._arm(guard.header_timeout)  # the next request's headers, in time

        def handle_websocket_upgrade(self, event):
            self._disarm()
            if self.counted:  # the WebSocket protocol counts it from now on
                self.counted = False
                guard.release(self.ip)
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc):
            super().connection_lost(exc)
            self._disarm()
            if self.counted:
                self.counted = False
                guard.release(self.ip)

        def _request_started(self):
            """A new request's headers are in: it has `request_timeout` to be answered."""
            if self.cycle is None or self.cycle is self.cycle_seen or self.cycle.response_complete:
                return False
            self.cycle_seen = self.cycle
            if self.scope.get("path") in ENDLESS:
                self._disarm()
            else:
                self._arm(guard.request_timeout)
            return True

        def _arm(self, seconds):
            self._disarm()
            self.timer = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self):
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None

        def _too_slow(self):
            self.timer = None
            if not self.transport.is_closing():
                guard.timed_out += 1
                self.transport.abort()

    return GuardedHTTP


def _ws_protocol(guard):
    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol, keeping the guard's count of its connection."""

        counted = False

        def connection_made(self, transport):
            super().connection_made(transport)
            self.ip = self.client[0] if self.client else "unknown"
            self.counted = guard.admit(self.ip, moving=True)

        def connection_lost(self, exc):
            super().connection_lost(exc)
            if self.counted:
                self.counted = False
                guard.release(self.ip)

    return GuardedWebSocket
