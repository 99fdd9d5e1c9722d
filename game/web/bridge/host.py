"""The worker's facilities as the App takes them (`game.web.app.ports.Host`), on the browser's
worker scope: timers and tasks, the clock and the date, JSON, `fetch`, WebSockets, scripts
loaded from the site. Every callback it runs is a task of the App's: `after` (the App's
`flush`: its frame goes to the shim) runs once it returns, even when it raised (the traceback
is on the console; the worker goes on).
"""

import javascript
from browser import self as scope

JSON = javascript.JSON


class JsSocket:
    """A WebSocket, as `game.web.online.network.Connection` uses it."""

    def __init__(self, socket):
        self.socket = socket

    def is_open(self):
        return self.socket.readyState == 1  # OPEN

    def send(self, text):
        self.socket.send(text)

    def close(self):
        """Close without hearing of it (a connection closed on purpose is not a drop)."""
        self.socket.onopen = self.socket.onmessage = self.socket.onclose = None
        self.socket.close()


class JsHost:
    def __init__(self, after):
        self.after = after
        self.tasks = []  # what `next_task` runs, in order
        channel = scope.MessageChannel.new()  # a task of its own, without setTimeout's 4 ms clamp
        channel.port1.onmessage = self.task(self.run_next)
        self.port = channel.port2

    def task(self, then):
        """`then` as a callback of the browser's: a task of the App's."""
        def run(*args):
            try:
                then()
            finally:
                self.after()
        return run

    def run_next(self):
        self.tasks.pop(0)()

    def next_task(self, then):
        self.tasks.append(then)
        self.port.postMessage(0)

    def later(self, then, ms):
        return scope.setTimeout(self.task(then), ms)

    def every(self, then, ms):
        return scope.setInterval(self.task(then), ms)

    def cancel(self, handle):
        scope.clearTimeout(handle)  # and an interval's: both share the browser's list of timers

    def now(self):
        return scope.performance.now()

    def today(self):
        """The player's local date, (year, month, day): the daily deal follows their calendar."""
        now = scope.Date.new()
        return int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate())

    def random(self):
        return scope.Math.random()

    def online(self):
        return bool(scope.navigator.onLine)

    def to_json(self, value, indent=None):
        if indent is None:
            return JSON.stringify(value)
        return JSON.stringify(value, javascript.NULL, indent)

    def from_json(self, text):
        try:
            return JSON.parse(text)
        except Exception:
            raise ValueError("not JSON") from None

    def markup_hash(self, text):
        """`game.web.table.render.markup_hash`, in JavaScript (game-worker.js): the same FNV-1a
        over UTF-16 code units, without a Python call per character."""
        return str(scope.gameMarkupHash(text))

    def warn(self, text):
        scope.console.warn(text)

    def absolute(self, url, base):
        return str(scope.URL.new(url, base).href)

    def encode_uri(self, text):
        return str(scope.encodeURIComponent(text))

    def decode_uri(self, text):
        try:
            return str(scope.decodeURIComponent(text))
        except Exception:
            return ""

    def fetch(self, method, url, body, done):
        """`done(status, text)` once answered; `done(0, None)` when nothing answered."""
        options = {"method": method, "headers": {"Content-Type": "application/json"}}
        if body is not None:
            options["body"] = body

        def answered(response):
            status = response.status
            response.text().then(lambda text: self.task(lambda: done(status, str(text)))(),
                                 lambda *args: self.task(lambda: done(0, None))())

        scope.fetch(url, options).then(answered, lambda *args: self.task(lambda: done(0, None))())

    def socket(self, url, on_open, on_message, on_close):
        socket = scope.WebSocket.new(url)
        socket.onopen = lambda ev: self.task(on_open)()
        socket.onmessage = lambda ev: self.task(lambda: on_message(ev.data))()
        socket.onclose = lambda ev: self.task(lambda: on_close(ev.code))()
        return JsSocket(socket)

    def import_later(self):
        """Run the modules of the bundles loaded since the start (the second bundle's roots):
        they declare the features' commands, effects, screens and hooks."""
        scope.gameImportLater()

    def load_script(self, url, loaded, failed):
        """Run the script at `url` in the worker's global scope (a bundle of the game's: it adds
        its modules), fetched first so the worker is never held while it downloads."""
        def got(response):
            if not response.ok:
                self.task(failed)()
                return
            response.text().then(ran, lambda *args: self.task(failed)())

        def ran(text):
            try:
                scope.eval(text)  # indirect: the global scope, as a script's
            except Exception:
                self.task(failed)()
                return
            self.task(loaded)()

        scope.fetch(url).then(got, lambda *args: self.task(failed)())
