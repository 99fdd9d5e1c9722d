"""The Starlette application: the built site, the table API and the tables' WebSockets, on one
origin (so the page needs no CORS and the CSP's connect-src names exactly this server)."""

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocketDisconnect

from game.ai import LEVELS
from game.rules import PRESETS
from game.wire import CLOSE_CODES, HTTP_STATUS, LEAVE, PING, POLICY_CLOSE, PONG, normalize
from generator.headers import security_headers
from server.clock import Clock
from server.hub import Client, Hub
from server.limits import Bucket, address_key
from server.protocol import error_message, handle, parse
from server.room import RoomError
from server.static import PrecompressedFiles
from server.storage import Storage
from server.store import Store
from server.tables import Settings, Tables

MAX_BODY = 1024  # bytes of a POST body
log = logging.getLogger("server")


@dataclass
class Config:
    site: Path
    db: Path
    origins: tuple  # allowed Origin values, the first the server's public origin
    settings: Settings = field(default_factory=Settings)
    tick: float = 1.0  # seconds between takeover checks
    sweep_every: float = 3600.0
    clock: object = None  # a server.clock.Clock (None: the system's clocks); tests fake it
    randomness: object = None  # server.deals.Randomness: None is the system's; tests fix a seed
    dev: object = None  # a server.dev.DevLoop: rebuild on changes, reload open pages (--dev)


def create_app(config):
    """The application; a database that cannot be used raises StoreError (one line)."""
    storage = Storage(Store(config.db))
    settings = config.settings
    clock = config.clock or Clock()
    tables = Tables(storage, clock, settings, config.randomness)
    hub = Hub(settings.sockets_per_seat, settings.sockets_per_ip, settings.sockets_in_all)

    async def status(request):
        return JSONResponse({"tables": True, "rules": list(PRESETS), "levels": list(LEVELS),
                             "grace": settings.grace})

    async def open_table(request):
        body, refused = await _json_body(request, config.origins, settings.header_timeout)
        if refused:
            return refused
        try:
            room, key = await tables.open(body.get("rules"), body.get("level"), _ip(request))
        except RoomError as exc:
            return _refusal(exc)
        code = room.code
        # The link names no language: the site's root sends each visitor to theirs.
        return JSONResponse({"code": code, "seat": 0, "key": key, "invite": "/#table=" + code},
                            status_code=201)

    async def join_table(request):
        _, refused = await _json_body(request, config.origins, settings.header_timeout, optional=True)
        if refused:
            return refused
        try:
            room, seat, key = await tables.join(request.path_params["code"], _ip(request))
        except RoomError as exc:
            return _refusal(exc)
        hub.changed(room)
        return JSONResponse({"seat": seat, "key": key})

    async def table_socket(websocket):
        if websocket.headers.get("origin") not in config.origins:
            await websocket.send_denial_response(_refusal(RoomError("bad_origin")))
            return
        ip = _ip(websocket)
        busy = hub.refusal(ip)
        if busy is not None:
            await websocket.send_denial_response(_refusal(RoomError(busy)))
            return
        room, seat, reason = await _seat(websocket, ip)
        if reason is None and hub.seat_full(room, seat):
            reason = "too_many_connections"
        elif reason is None and not tables.may_connect(ip, room, seat):
            reason = "too_many_requests"
        await websocket.accept()
        if reason is not None:
            # Accepted only to say why, then closed: nothing of the table is sent.
            await websocket.send_text(json.dumps({"type": "error", "reason": reason}))
            await websocket.close(CLOSE_CODES[reason])
            return
        client = Client(websocket, room, seat, ip,
                        Bucket(settings.messages_per_second, settings.messages_burst, clock.monotonic()))
        hub.add(client)
        writer = asyncio.create_task(client.write())
        try:
            async with room.lock:
                away = room.connect(seat, clock())
                try:
                    await tables.commit(room)
                except RoomError as exc:  # the seat could not be handed back: try again later
                    client.send(error_message(exc))
                    client.close(CLOSE_CODES["server_busy"])
                    return
            if away is not None and away["moves"]:
                client.send({"type": "while_away", "moves": away["moves"], "hands": away["hands"]})
            hub.changed(room)
            await _read(websocket, client)
        finally:
            hub.remove(client)
            room.disconnect(seat, clock())
            hub.changed(room)
            if client.closing is None:
                writer.cancel()
            else:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 10.0)  # the refusal and the close go out

    async def _seat(websocket, ip):
        """(room, seat, None), or (None, None, reason) for a socket that opens no seat. An
        unknown code and a wrong key get the same answer, and both count against the
        address's guesses (30 a minute), like joins; an address out of guesses still opens its
        own seats (of tables in memory: it loads nothing from the store any more)."""
        guessing = tables.guess_allowed(ip)
        code = websocket.path_params["code"]
        try:
            room = await tables.find(code) if guessing else tables.rooms.get(normalize(code))
        except RoomError as exc:
            return None, None, exc.reason if exc.reason in CLOSE_CODES else "server_busy"
        seat = None if room is None else room.seat_of(websocket.query_params.get("key"))
        if seat is not None:
            return room, seat, None
        if not guessing:
            return None, None, "too_many_requests"
        tables.refused(ip)
        return None, None, "no_such_table"

    async def _read(websocket, client):
        room = client.room
        while client.closing is None:
            try:
                message = await websocket.receive()
            except WebSocketDisconnect:
                return
            if message["type"] == "websocket.disconnect":
                return
            mono = clock.monotonic()
            if not (client.bucket.take(mono) and tables.ip_messages.take(client.ip, mono)):
                # One refusal a streak, and a client that keeps on is closed: a flood of
                # frames costs the server neither memory nor a line per frame.
                client.refused_in_a_row += 1
                if client.refused_in_a_row == 1:
                    client.send({"type": "error", "reason": "too_many_messages"})
                elif client.refused_in_a_row >= settings.refused_in_a_row:
                    client.close(POLICY_CLOSE)
                continue
            client.refused_in_a_row = 0
            try:
                parsed = parse(message.get("text"))
                if parsed["type"] == PING:
                    client.send({"type": PONG})
                    continue
                async with room.lock:
                    try:
                        handle(room, client.seat, parsed, clock())
                    except RoomError:
                        raise
                    except Exception:  # a bug: the table goes back to what is stored
                        log.exception("table %s: a %s message failed", room.code, parsed["type"])
                        room.rollback()
                        raise RoomError("server_error") from None
                    await tables.commit(room)
            except RoomError as exc:
                client.send(error_message(exc))
                continue
            if parsed["type"] == LEAVE:
                for other in hub.of_seat(room, client.seat):
                    other.send({"type": "error", "reason": "seat_given_up"})
                    other.close(CLOSE_CODES["seat_given_up"])
            hub.changed(room)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        tasks = [asyncio.create_task(_timers(tables, hub, config))]
        if config.dev is not None:
            await config.dev.start()
            tasks.append(asyncio.create_task(config.dev.watch()))
        try:
            yield
        finally:
            if config.dev is not None:
                config.dev.stop()
            for task in tasks:
                task.cancel()
            storage.close()

    routes = [
        Route("/api/status", status, methods=["GET"]),
        # The path a page asks (the built site holds {"tables": false} there for static hosts).
        Route("/tables.json", status, methods=["GET"]),
        Route("/api/tables", open_table, methods=["POST"]),
        Route("/api/tables/{code}/join", join_table, methods=["POST"]),
        WebSocketRoute("/ws/tables/{code}", table_socket),
        Mount("/", PrecompressedFiles(directory=str(config.site), html=True)),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.tables = tables
    app.state.hub = hub
    if config.dev is not None:
        from server.dev import DevPages  # the generator is loaded in dev mode only

        app = DevPages(app, config.dev)
    return SecurityHeaders(app, config.origins[0])


async def _timers(tables, hub, config):
    """Every tick: the clock's check and the computer takeovers that are due; every minute
    the unloading of idle rooms; every `sweep_every` the expiry of idle tables."""
    clock = tables.clock
    last_unload = last_expiry = None
    while True:
        try:
            step = clock.check()
            if step:
                await tables.clock_moved(step)
            for room in await tables.tick():
                hub.changed(room)
            mono = clock.monotonic()
            if last_unload is None or mono - last_unload >= UNLOAD_EVERY:
                tables.unload()
                last_unload = mono
            if last_expiry is None or mono - last_expiry >= config.sweep_every:
                await tables.expire()
                last_expiry = mono
        except Exception as exc:  # a storage fault must not stop the takeovers for good
            log.warning("timers: %s: %s", type(exc).__name__, exc)
        await asyncio.sleep(config.tick)


UNLOAD_EVERY = 60.0  # seconds between two unloadings of idle rooms


async def _json_body(request, origins, within, optional=False):
    """(body dict, None) or (None, refusal response). A cross-site page is refused, and so is
    a body not sent within `within` seconds."""
    origin = request.headers.get("origin")
    if origin is not None and origin not in origins:
        return None, _refusal(RoomError("bad_origin"))
    body = b""
    try:
        async with asyncio.timeout(within):  # a body sent a byte at a time holds nothing long
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    return None, _refusal(RoomError("too_big", limit=MAX_BODY))
    except TimeoutError:
        return None, _refusal(RoomError("bad_request", expected=f"the body within {within:g} s"))
    if optional and not body.strip():
        return {}, None
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        return None, _refusal(RoomError("bad_request", expected="a JSON object"))
    return data, None


def _refusal(exc):
    return JSONResponse(dict(exc.details, error=exc.reason), status_code=HTTP_STATUS.get(exc.reason, 400))


def _ip(connection):
    """The address the per-address limits count (behind a trusted proxy, the client's)."""
    return address_key(connection.client.host) if connection.client else "unknown"


class SecurityHeaders:
    """ASGI wrapper: every HTTP response carries the site's security headers (one table,
    generator.headers), the CSP's connect-src allowing this server's origin only ('self', and
    its ws:/wss: form for browsers that do not map 'self' to it)."""

    def __init__(self, app, origin):
        self.app = app
        socket_origin = origin.replace("https://", "wss://", 1).replace("http://", "ws://", 1)
        self.headers = [(name.lower().encode(), value.encode())
                        for name, value in security_headers(connect_src=socket_origin).items()]

    @property
    def state(self):
        return self.app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + self.headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
