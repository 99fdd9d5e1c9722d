"""The translator's loop (`python -m server --dev`, what `make serve` runs): rebuild the site
whenever a source changes and reload the open pages by themselves.

- `DevLoop` builds the site in this process (`generator.build.build`, atomic: a failed build
  leaves the last good site in place and being served) and keeps the outcome as a `BuildState`:
  the number of good builds so far and the last failure's `file:line: message`, or None.
- `DevLoop.watch` waits for changes under `locales/`, `content/`, `site_templates/`, `game/`
  and `site.toml` with watchfiles (the Rust `notify` watcher uvicorn's own --reload uses: inotify
  and its equivalents, with editors' temporary files filtered out) and rebuilds after each batch.
- No service worker (generator/offline.py) in dev mode: `/sw.js` is not served, and the pages
  lose their `data-offline` attribute, so their start script unregisters any worker an earlier
  `python -m server` left on this origin and its caches: a translator always sees the latest
  build, never a cached copy.
- `DevPages` wraps the app: every HTML response gets one extra tag,
  `<script src="/__dev/reload.js" data-build="N" defer>`, and `/__dev/events` is a stream of
  Server-Sent Events, the state after each build. The script (a static file, like its
  stylesheet: the pages' CSP allows no inline code or style) reloads the page when a newer
  good build exists and shows the failure over the page while the last build failed.

The built site itself is the production site, byte for byte: nothing is added at build time,
so what a translator proofreads is what gets published, and the templates know nothing of
this. The server without --dev neither watches nor adds anything.
"""

import asyncio
import json
import re
import sys
import threading
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from starlette.responses import FileResponse, PlainTextResponse, StreamingResponse

from generator.build import build
from generator.errors import BuildError
from server import guard

WATCHED = ("locales", "content", "site_templates", "game", "site.toml", "babel.cfg")
STATIC = Path(__file__).resolve().parent / "dev_static"
FILES = {"/__dev/reload.js": "reload.js", "/__dev/reload.css": "reload.css"}
EVENTS = "/__dev/events"
WORKER = "/sw.js"  # the built site's service worker, never served in dev mode
OFFLINE = re.compile(rb' data-offline="[^"]*"')  # what makes a page register it (base.html)
# Asked again by every reload: the newest build, never a cached copy.
NO_STORE = (b"cache-control", b"no-store")
# Dropped from every request in dev mode: a conditional request could get "304 Not Modified"
# (an older build back), and the build's .br/.gz copy of a page could not take the tag.
DROPPED = (b"if-none-match", b"if-modified-since", b"accept-encoding")


@dataclass(frozen=True)
class BuildState:
    version: int = 0  # good builds since the server started; a page of an older one reloads
    error: str | None = None  # the last build's failure, `file:line: message`; None if it worked
    seconds: float = 0.0  # how long the last build took

    def to_json(self):
        return json.dumps({"version": self.version, "error": self.error})


class DevLoop:
    """Builds `root` into `site` on demand and tells the waiting event streams."""

    def __init__(self, root, site, allow_incomplete=False, out=None, err=None):
        self.root = Path(root).resolve()
        self.site = Path(site)
        self.allow_incomplete = allow_incomplete
        self.out = out or sys.stdout
        self.err = err or sys.stderr
        self.state = BuildState()
        self.watching = threading.Event()  # set once changes are being watched (tests wait on it)
        self._changed = None  # asyncio.Condition of the server's loop
        self._stop = None

    def rebuild(self):
        """Build once (blocking); returns the new BuildState. Never raises for bad input."""
        started = time.perf_counter()
        try:
            build(self.root, self.site, log=self._print, warn=self._warn,
                  allow_incomplete=self.allow_incomplete)
        except Exception as exc:  # any failure (a template's, game/'s) is reported, the site kept
            error = located(exc, self.root)
            if not isinstance(exc, BuildError):
                traceback.print_exception(exc, file=self.err)
            self._warn("error: " + error)
            self._warn("error: the last good site is still served; fix the file and save")
            state = BuildState(self.state.version, error, time.perf_counter() - started)
        else:
            state = BuildState(self.state.version + 1, None, time.perf_counter() - started)
        self.state = state
        return state

    async def start(self):
        """Called by the app's lifespan, in the server's loop."""
        self._changed = asyncio.Condition()
        self._stop = asyncio.Event()

    def stop(self):
        """End the watcher and every event stream (uvicorn waits for open responses)."""
        if self._stop is not None:
            self._stop.set()
            asyncio.ensure_future(self._notify())

    async def watch(self):
        from watchfiles import awatch

        paths = [self.root / name for name in WATCHED if (self.root / name).exists()]
        # yield_on_timeout: the first (empty) batch says the watcher is in place.
        async for changes in awatch(*paths, stop_event=self._stop, rust_timeout=1000,
                                    yield_on_timeout=True):
            if not self.watching.is_set():
                self.watching.set()
                self._print("watching " + ", ".join(_relative(path, self.root) for path in paths)
                            + " (a change rebuilds the site and reloads the open pages)")
            if not changes:
                continue
            names = sorted({_relative(Path(path), self.root) for _, path in changes})
            self._print("changed: " + ", ".join(names[:5]) + (" ..." if len(names) > 5 else ""))
            state = await asyncio.to_thread(self.rebuild)
            if state.error is None:
                self._print(f"rebuilt in {state.seconds:.2f} s; reloading the open pages")
            await self._notify()

    async def _notify(self):
        async with self._changed:
            self._changed.notify_all()

    async def events(self):
        """Server-Sent Events: the state now, then after every build, until stop()."""
        sent = None
        while not self._stop.is_set():
            state = self.state
            if state is not sent:
                sent = state
                yield "data: " + state.to_json() + "\n\n"
            async with self._changed:
                await self._changed.wait_for(lambda seen=sent: self.state is not seen
                                             or self._stop.is_set())

    def _print(self, line):
        print(line, file=self.out, flush=True)

    def _warn(self, line):
        print(line, file=self.err, flush=True)


def located(exc, root):
    """`file:line: message` of a failed build, the file relative to the project when inside it."""
    if isinstance(exc, BuildError):
        where, line, message = exc.path, exc.line, exc.message
    elif isinstance(exc, SyntaxError) and exc.filename:
        where, line, message = exc.filename, exc.lineno, "SyntaxError: " + str(exc.msg)
    else:
        frames = [frame for frame in traceback.extract_tb(exc.__traceback__)
                  if _inside(Path(frame.filename), root)] or traceback.extract_tb(exc.__traceback__)
        where, line = (frames[-1].filename, frames[-1].lineno) if frames else (None, None)
        message = type(exc).__name__ + ": " + str(exc)
    if where is None:
        return message
    return _relative(Path(where), root) + (f":{line}" if line else "") + ": " + message


def _inside(path, root):
    try:
        path.resolve().relative_to(root)
    except ValueError:
        return False
    return True


def _relative(path, root):
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path)


class DevPages:
    """ASGI wrapper of the app in dev mode: the reload script, its event stream, and the tag
    that loads it added to every HTML response."""

    def __init__(self, app, loop):
        self.app = app
        self.loop = loop

    @property
    def state(self):
        return self.app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path in FILES:
            response = FileResponse(STATIC / FILES[path], headers={"Cache-Control": "no-store"})
            await response(scope, receive, send)
            return
        if path == WORKER:
            await PlainTextResponse("no service worker in dev mode", status_code=404)(scope, receive, send)
            return
        if path == EVENTS:
            response = StreamingResponse(self.loop.events(), media_type="text/event-stream",
                                         headers={"Cache-Control": "no-store"})
            await response(scope, receive, send)
            return
        scope = dict(scope, headers=[(name, value) for name, value in scope["headers"]
                                     if name not in DROPPED])
        await self.app(scope, receive, _Injecting(send, self.loop, scope["method"] == "HEAD"))


class _Injecting:
    """The `send` of one response: an HTML body is held, given the reload tag, then sent."""

    def __init__(self, send, loop, head):
        self.send = send
        self.loop = loop
        self.head = head
        self.start = None  # the held http.response.start of an HTML response
        self.body = []

    async def __call__(self, message):
        if message["type"] == "http.response.start":
            headers = dict(message.get("headers", []))
            if headers.get(b"content-type", b"").startswith(b"text/html") and not self.head:
                self.start = message
                return
        elif message["type"] == "http.response.body" and self.start is not None:
            self.body.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = inject(b"".join(self.body), self.loop.state.version)
            headers = [(name, value) for name, value in self.start.get("headers", [])
                       if name not in (b"content-length", b"etag", b"last-modified", b"cache-control")]
            headers += [(b"content-length", str(len(body)).encode()), NO_STORE]
            await self.send(dict(self.start, headers=headers))
            await self.send({"type": "http.response.body", "body": body})
            return
        await self.send(message)


def inject(html, version):
    """The page with the reload script's tag at the end of its <head> (or at its end), and
    without the attribute that registers the service worker."""
    html = OFFLINE.sub(b"", html, count=1)
    tag = f'<script src="/__dev/reload.js" data-build="{version}" defer></script>\n'.encode()
    at = html.lower().find(b"</head>")
    return html + tag if at < 0 else html[:at] + tag + html[at:]


class Server(guard.Server):
    """uvicorn's server that ends the event streams before it waits for open responses to
    finish (an event stream never finishes by itself)."""

    def __init__(self, config, loop):
        super().__init__(config)
        self.dev_loop = loop

    async def shutdown(self, sockets=None):
        self.dev_loop.stop()
        await super().shutdown(sockets)
