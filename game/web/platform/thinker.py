"""The page's side of the computer's Web Worker: it sends the worker a decision request and
hands back the Action it answers, so the page never waits while the computer thinks.

The worker (static/game-worker.js running game.web.platform.worker) loads the scripts `#game` names in
`data-worker-scripts`, the page's own, from the browser's cache. Requests and answers are JSON
text: a request from `LocalTable.decision_request` (a View inside), an answer `Action.to_dict`.
When no worker can run (no `Worker`, a start or an answer that fails, no answer in
`TIMEOUT_MS`), every decision from then on is made in the page, as `LocalTable.step` does, once
the computer players' bundle is loaded into the page (`load_players`); the console says why.
"""

import javascript
from browser import document, window

from game.actions import Action

TIMEOUT_MS = 15000  # a slow phone starts Brython in a worker in a few seconds, not fifteen


def _attr(root, name):
    return root.attrs[name] if name in root.attrs else ""


def _absolute(url):
    return str(window.URL.new(url, window.location.href).href)


class Thinker:
    def __init__(self, root):
        self.root = root
        self.worker = None
        self.ready = False
        self.broken = None  # why the worker is not used (then the page decides)
        self.waiting = []  # (id, text) sent before the worker was ready
        self.callbacks = {}  # id -> callback(action or None, ms)
        self.timers = {}  # id -> timeout
        self.next_id = 0
        self.players_loaded = False
        url = _attr(root, "data-worker")
        scripts = _attr(root, "data-worker-scripts").split()
        if not url or not scripts:
            self.fail("this page names no worker")
            return
        try:
            self.worker = window.Worker.new(_absolute(url))
        except Exception as exc:  # no Worker (an old browser), or refused by the page's policy
            self.fail("the worker could not be created (" + str(exc) + ")")
            return
        self.worker.onmessage = self.on_message
        self.worker.onerror = self.on_error
        self.worker.postMessage({"scripts": [_absolute(s) for s in scripts]})

    def ask(self, request, callback):
        """Ask for the decision of `request`; `callback(action, ms)` gets the Action and its
        time, or (None, 0) when the page must decide itself (the worker failed)."""
        if self.broken is not None:
            callback(None, 0)
            return
        self.next_id += 1
        key = self.next_id
        self.callbacks[key] = callback
        self.timers[key] = window.setTimeout(lambda *a: self.fail("no answer in " + str(TIMEOUT_MS) + " ms"),
                                             TIMEOUT_MS)
        text = javascript.JSON.stringify(request)
        if self.ready:
            self.worker.postMessage({"id": key, "request": text})
        else:
            self.waiting.append((key, text))

    def on_message(self, ev):
        data = ev.data  # a dict (Brython converts the message's plain object)
        kind = data["kind"]
        if kind == "ready":
            self.ready = True
            for key, text in self.waiting:
                self.worker.postMessage({"id": key, "request": text})
            self.waiting = []
            return
        if kind == "failed":
            self.fail(str(data["failed"]))
            return
        key = data["id"]
        callback = self.callbacks.pop(key, None)
        self._clear(key)
        if callback is not None:
            callback(Action.from_dict(javascript.JSON.parse(data["answer"])), float(data["ms"]))

    def on_error(self, ev):
        self.fail("the worker stopped (" + str(getattr(ev, "message", "") or "error") + ")")

    def fail(self, reason):
        """From now on the page decides: every waiting request is answered (None, 0)."""
        if self.broken is not None:
            return
        self.broken = reason
        window.console.warn("Gin Rummy: the computer thinks in the page, not in a worker: " + reason)
        if self.worker is not None:
            self.worker.terminate()
        callbacks = list(self.callbacks.values())
        for key in list(self.timers):
            self._clear(key)
        self.callbacks = {}
        self.waiting = []
        for callback in callbacks:
            callback(None, 0)

    def _clear(self, key):
        timer = self.timers.pop(key, None)
        if timer is not None:
            window.clearTimeout(timer)

    def load_players(self, done):
        """Load the computer players' bundle into the page (the worker's, already cached), then
        `done(True)`; `done(False)` when it cannot be loaded."""
        if self.players_loaded:
            done(True)
            return
        scripts = _attr(self.root, "data-worker-scripts").split()
        if not scripts:
            done(False)
            return
        script = document.createElement("script")

        def loaded(*args):
            self.players_loaded = True
            done(True)

        script.bind("load", loaded)
        script.bind("error", lambda *a: done(False))
        script.src = scripts[-1]
        document.head.appendChild(script)
