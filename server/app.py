"""The Starlette application: the built site, the table API and the tables' WebSockets, on one
origin (so the page needs no CORS and the CSP's connect-src names exactly this server)."""

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocketDisconnect

from game.ai import LEVELS
from game.rules import PRESETS
from generator.headers import security_headers
from server.hub import Client, Hub
from server.limits import Bucket
from server.protocol import error_message, handle
from server.room import RoomError
from server.static import PrecompressedFiles
from server.store import Store
from server.tables import Settings, Tables

MAX_BODY = 1024  # bytes of a POST body
# WebSocket close codes after an error message: the page reads them (no table, wrong key).
CLOSE_CODES = {"no_such_table": 4404, "bad_key": 4403}
HTTP_STATUS = {"no_such_table": 404, "table_full": 409, "too_many_tables": 429,
               "too_many_requests": 429, "bad_origin": 403, "too_big": 413}


@dataclass
class Config:
    site: Path
    db: Path
    origins: tuple  # allowed Origin values, the first the server's public origin
    settings: Settings = field(default_factory=Settings)
    tick: float = 1.0  # seconds between takeover checks
    sweep_every: float = 3600.0
    clock: object = time.time
    dev: object = None  # a server.dev.DevLoop: rebuild on changes, reload open pages (--dev)


def create_app(config):
    store = Store(config.db)
    tables = Tables(store, config.clock, config.settings)
    hub = Hub()

    async def status(request):
        return JSONResponse({"tables": True, "rules": list(PRESETS), "levels": list(LEVELS),
                             "grace": config.settings.grace})

    async def open_table(request):
        body, refused = await _json_body(request, config.origins)
        if refused:
            return refused
        lang = body.get("lang", "en")
        try:
            room, key = tables.open(body.get("rules"), body.get("level"), _ip(request))
        except RoomError as exc:
            return _refusal(exc)
        code = room.record.code
        # Asked each time: in dev mode a rebuild may publish a new language.
        languages = {path.parent.name for path in Path(config.site).glob("*/index.html")}
        lang = lang if lang in languages else "en"
        return JSONResponse({"code": code, "seat": 0, "key": key,
                             "invite": "/" + lang + "/#table=" + code}, status_code=201)

    async def join_table(request):
        _, refused = await _json_body(request, config.origins, optional=True)
        if refused:
            return refused
        try:
            room, seat, key = tables.join(request.path_params["code"], _ip(request))
        except RoomError as exc:
            return _refusal(exc)
        hub.changed(room)
        return JSONResponse({"seat": seat, "key": key})

    async def table_socket(websocket):
        if websocket.headers.get("origin") not in config.origins:
            await websocket.send_denial_response(_refusal(RoomError("bad_origin")))
            return
        room = tables.find(websocket.path_params["code"])
        seat = None if room is None else room.seat_of(websocket.query_params.get("key"))
        if seat is None:
            # Accepted only to say why, then closed: nothing of the table is sent.
            await websocket.accept()
            reason = "no_such_table" if room is None else "bad_key"
            await websocket.send_text(json.dumps({"type": "error", "reason": reason}))
            await websocket.close(CLOSE_CODES[reason])
            return
        await websocket.accept()
        settings = config.settings
        client = Client(websocket, room, seat,
                        Bucket(settings.messages_per_second, settings.messages_burst, config.clock()))
        hub.add(client)
        room.connect(seat, config.clock())
        hub.changed(room)
        writer = asyncio.create_task(client.write())
        try:
            await _read(websocket, client, hub, config.clock)
        finally:
            hub.remove(client)
            room.disconnect(seat, config.clock())
            hub.changed(room)
            writer.cancel()

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
            store.close()

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
    if config.dev is not None:
        from server.dev import DevPages  # the generator is loaded in dev mode only

        app = DevPages(app, config.dev)
    return SecurityHeaders(app, config.origins[0])


async def _read(websocket, client, hub, clock):
    room = client.room
    while True:
        try:
            message = await websocket.receive()
        except WebSocketDisconnect:
            return
        if message["type"] == "websocket.disconnect":
            return
        now = clock()
        if not client.bucket.take(now):
            client.send({"type": "error", "reason": "too_many_messages"})
            continue
        text = message.get("text")
        try:
            if text is None:
                raise RoomError("malformed_json", expected="text frames of JSON")
            handle(room, client.seat, text, now)
        except RoomError as exc:
            client.send(error_message(exc))
            continue
        hub.changed(room)


async def _timers(tables, hub, config):
    """Computer takeovers when their grace period ends; the expiry sweep every so often."""
    last_sweep = None
    while True:
        for room in tables.tick():
            hub.changed(room)
        now = config.clock()
        if last_sweep is None or now - last_sweep >= config.sweep_every:
            tables.sweep()
            last_sweep = now
        await asyncio.sleep(config.tick)


async def _json_body(request, origins, optional=False):
    """(body dict, None) or (None, refusal response). A cross-site page is refused."""
    origin = request.headers.get("origin")
    if origin is not None and origin not in origins:
        return None, _refusal(RoomError("bad_origin"))
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None, _refusal(RoomError("too_big", limit=MAX_BODY))
    if optional and not body.strip():
        return {}, None
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return None, _refusal(RoomError("bad_request", expected="a JSON object"))
    return data, None


def _refusal(exc):
    return JSONResponse(dict(exc.details, error=exc.reason), status_code=HTTP_STATUS.get(exc.reason, 400))


def _ip(request):
    return request.client.host if request.client else "unknown"


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
