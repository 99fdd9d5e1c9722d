"""The worker's facilities and the page's shim, by hand, for the App in CPython.

`FakeHost` is `game.web.app.ports.Host` with a clock the test moves: tasks and timers run when
the test says (`run`), in time order, each followed by the App's flush, as the browser runs
them. `FakeShim` applies the frames the App sends as static/game-shim.js does where it matters
to the game: #game's attributes, the markup, the focus asked for, the live region and the log,
the address, and the browser's storage (a write over another tab's is not made, and told).
`Page` ties them: a page of the site with the game in its worker.
"""

import json
import urllib.parse
from html.parser import HTMLParser

from game.web.app.app import App
from game.web.app.store import PREFIX
from generator.modules import later_roots, package_modules


def import_features():
    """Import the modules marked BUNDLE = "later" (the second bundle's), as the worker does
    once that bundle is in: they declare the features' commands, effects, screens and hooks."""
    import importlib

    for name in later_roots(package_modules()):
        importlib.import_module(name)


class FakeSocket:
    def __init__(self, url, on_open, on_message, on_close):
        self.url = url
        self.on_open, self.on_message, self.on_close = on_open, on_message, on_close
        self.open = False
        self.closed = False
        self.sent = []

    def is_open(self):
        return self.open and not self.closed

    def send(self, text):
        self.sent.append(json.loads(text))

    def close(self):
        self.closed = True


class FakeHost:
    """`after` runs after every task (the App's flush)."""

    def __init__(self, today=(2026, 12, 7), random=0.25):
        self.after = lambda: None
        self.clock = 0.0
        self.timers = {}  # handle -> [due, then, every]
        self.next_handle = 0
        self.today_value = today
        self.random_value = random
        self.is_online = True
        self.warnings = []
        self.requests = []  # [method, url, body (JSON value), done]
        self.sockets = []
        self.scripts = []  # URLs loaded
        self.unloadable = set()  # URLs whose loading fails

    # --- tasks and timers ---

    def _add(self, then, ms, every=None):
        self.next_handle += 1
        self.timers[self.next_handle] = [self.clock + ms, then, every]
        return self.next_handle

    def task(self, then):
        def run(*args):
            try:
                then()
            finally:
                self.after()
        return run

    def next_task(self, then):
        self._add(then, 0)

    def later(self, then, ms):
        return self._add(then, ms)

    def every(self, then, ms):
        return self._add(then, ms, ms)

    def cancel(self, handle):
        self.timers.pop(handle, None)

    def run(self, ms=0, limit=5000):
        """Run every task and timer due within `ms` from now, in time order (the clock moves to
        each); the clock ends `ms` on."""
        end = self.clock + ms
        for _ in range(limit):
            due = [(timer[0], handle) for handle, timer in self.timers.items() if timer[0] <= end]
            if not due:
                break
            when, handle = min(due)
            timer = self.timers.pop(handle)
            self.clock = max(self.clock, when)
            if timer[2] is not None:
                self.timers[handle] = [self.clock + timer[2], timer[1], timer[2]]
            self.task(timer[1])()
        else:
            raise AssertionError("still running after " + str(limit) + " tasks")
        self.clock = max(self.clock, end)

    def pending(self, once=False):
        """How long until each timer (`once`: those that do not repeat), soonest first."""
        return sorted(timer[0] - self.clock for timer in self.timers.values() if not once or timer[2] is None)

    # --- the rest of the port ---

    def now(self):
        return self.clock

    def today(self):
        return self.today_value

    def random(self):
        return self.random_value

    def online(self):
        return self.is_online

    def to_json(self, value, indent=None):
        if indent is None:
            return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        return json.dumps(value, ensure_ascii=False, indent=indent)

    def from_json(self, text):
        try:
            return json.loads(text)
        except (TypeError, json.JSONDecodeError):
            raise ValueError("not JSON") from None

    def warn(self, text):
        self.warnings.append(text)

    def markup_hash(self, text):
        from game.web.table.render import markup_hash

        return markup_hash(text)

    def absolute(self, url, base):
        return urllib.parse.urljoin(base, url)

    def encode_uri(self, text):
        return urllib.parse.quote(text, safe="-_.!~*'()")

    def decode_uri(self, text):
        return urllib.parse.unquote(text)

    def fetch(self, method, url, body, done):
        self.requests.append([method, url, json.loads(body) if body is not None else None, done])

    def answer(self, status, data, index=0):
        """Answer the request at `index` (of those not answered yet)."""
        method, url, body, done = self.requests.pop(index)
        self.task(lambda: done(status, json.dumps(data) if data is not None else None))()

    def socket(self, url, on_open, on_message, on_close):
        socket = FakeSocket(url, on_open, on_message, on_close)
        self.sockets.append(socket)
        return socket

    def import_later(self):
        """The second bundle's roots, as the worker runs them once it is loaded."""
        import_features()

    def load_script(self, url, loaded, failed):
        """Every module is importable in CPython: a bundle "loads" in a task of its own."""
        self.scripts.append(url)
        self.next_task(failed if url in self.unloadable else loaded)


class Markup(HTMLParser):
    """The elements of a markup text as (tag, attributes) in document order, and its text."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.words = []
        self.feed(text or "")

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.words.append(data)

    def text(self):
        return " ".join(" ".join(self.words).split())


class FakeShim:
    """What the page shows and keeps, from the frames: attributes, markup, focus, words, storage."""

    def __init__(self, storage):
        self.attrs = {}
        self.html = None
        self.kept_first = False
        self.focus = None  # the last focus asked for (a frame's `focus`, or `focus_only`'s key)
        self.live = ""
        self.log = ""
        self.hash = None
        self.storage = dict(storage)
        self.told = []  # the `stored` messages for the worker (a write not made)
        self.frames = []
        self.downloads = []
        self.keys = {}
        self.ready = False

    def apply(self, frame):
        self.frames.append(frame)
        for write in frame.get("store", ()):
            if "clear" in write:
                for key in [k for k in self.storage if k.startswith(write["clear"]) and k not in write["keep"]]:
                    del self.storage[key]
            elif "expect" in write and self.storage.get(write["key"]) != write["expect"]:
                self.told.append({"type": "stored", "key": write["key"], "stale": True,
                                  "current": self.storage.get(write["key"])})
            elif write["text"] is None:
                self.storage.pop(write["key"], None)
            else:
                self.storage[write["key"]] = write["text"]
        self.keys.update(frame.get("keys", {}))
        self.attrs.update(frame.get("attrs", {}))
        if frame.get("keep_first"):
            self.kept_first = True
        if "html" in frame:
            self.html = frame["html"]
        if "focus" in frame:
            self.focus = frame["focus"]
        if "focus_only" in frame:
            self.focus = {"keys": [frame["focus_only"]], "only": True}
        for name in ("live", "log", "hash"):
            if name in frame:
                setattr(self, name, frame[name])
        if "download" in frame:
            self.downloads.append(frame["download"])
        if frame.get("ready"):
            self.ready = True

    def elements(self, act=None, key=None):
        found = Markup(self.html).elements
        return [attrs for tag, attrs in found
                if (act is None or attrs.get("data-act") == act) and (key is None or attrs.get("data-key") == key)]

    def text(self):
        return Markup(self.html).text()

    def hand(self):
        return [int(attrs["data-card"]) for attrs in self.elements() if "data-card" in attrs and "g-card" in attrs.get("class", "")]


PAGE = {"href": "https://gin.example/en/", "origin": "https://gin.example", "pathname": "/en/",
        "host": "gin.example", "protocol": "https:"}


class Page:
    """A page of the site with its game: `storage` the browser's (a returning player's by
    default), `hash` the address's fragment, `attrs` #game's data attributes."""

    def __init__(self, storage=None, hash="", attrs=None, pace=10, start=True, host=None):
        stored = {PREFIX + "prefs": "{}"} if storage is None else dict(storage)
        if pace is not None:
            stored.setdefault(PREFIX + "pace", str(pace))
        self.shim = FakeShim(stored)
        self.host = host or FakeHost()
        attrs = attrs or {"data-lang": "en", "data-catalog": "../static/game-en.json"}
        self.app = App(self.host, self.shim.apply,
                       {"attrs": attrs, "storage": dict(self.shim.storage), "hash": hash, "page": PAGE,
                        "more": "static/game-more.js", "players": "static/game-ai.js"})
        self.host.after = self.app.flush
        self.inputs = 0
        if start:
            self.host.task(self.app.start)()
            self.settle()

    def settle(self, ms=0):
        """Run what is due, and the timers set to run once within a few seconds (the computer's
        paced moves, as long as it must move); a timer that repeats (a connection's heartbeat)
        runs only as that time goes by."""
        self.host.run(ms)
        for _ in range(200):
            self.tell_stored()
            soon = self.host.pending(once=True)
            if not soon or soon[0] > 5000:
                break
            self.host.run(soon[0])

    def tell_stored(self):
        told, self.shim.told = self.shim.told, []
        for message in told:
            self.send(message)

    def send(self, message):
        self.host.task(lambda: self.app.receive(message))()

    def input(self, **data):
        self.inputs += 1
        self.send(dict(data, type="input", id=self.inputs))

    def click(self, act, detail=1, **data):
        self.input(kind="click", act=act, detail=detail, **data)
        self.settle()

    def key(self, key, **data):
        self.input(kind="key", key=key, **data)
        self.settle()

    def change(self, act, value=None, checked=False, **data):
        self.input(kind="change", act=act, value=value, checked=checked, **data)
        self.settle()

    @property
    def attrs(self):
        return self.shim.attrs

    def view(self):
        return self.app.view
