"""A copy of the project to edit, and the dev server (`python -m server --dev`) on it in a
thread on a free 127.0.0.1 port, stopped when the block ends."""

import contextlib
import http.client
import io
import json
import re
import shutil
import socket
import threading
import time
from pathlib import Path

import uvicorn

from server.app import Config, create_app
from server.dev import WATCHED, DevLoop, Server

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60  # seconds: a build takes one or two on a loaded machine
SKIP_LINK = 'msgstr "Aller au contenu"'  # fr site.po: the page's "Skip to content" link


def copy_project(dest):
    """The sources a build reads (what the dev loop watches), copied to `dest`."""
    for name in WATCHED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, dest / name)
    return dest


class Catalogue:
    """fr/site.po of a copied project, edited the way a translator's editor saves it."""

    def __init__(self, project):
        self.path = project / "locales" / "fr" / "LC_MESSAGES" / "site.po"
        self.text = self.path.read_text(encoding="utf-8")
        assert SKIP_LINK in self.text
        self.line = self.text[: self.text.index(SKIP_LINK)].count("\n") + 1

    def skip_link(self, words):
        self.path.write_text(self.text.replace(SKIP_LINK, f'msgstr "{words}"'), encoding="utf-8")

    def break_it(self):
        """An unclosed quote on the skip link's msgstr line (a syntax error at that line)."""
        self.path.write_text(self.text.replace(SKIP_LINK, 'msgstr "Aller au contenu'),
                             encoding="utf-8")


class Running:
    def __init__(self, port, loop):
        self.origin = f"http://127.0.0.1:{port}"
        self.port = port
        self.loop = loop

    def get(self, path, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        connection.request("GET", path, headers=headers or {})
        answer = connection.getresponse()
        body = answer.read()
        connection.close()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body

    @contextlib.contextmanager
    def events(self):
        """The build events, as an iterator of {"version", "error"} dicts."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        connection.request("GET", "/__dev/events")
        answer = connection.getresponse()
        assert answer.status == 200
        assert answer.getheader("content-type").startswith("text/event-stream")
        try:
            yield _read_events(answer)
        finally:
            connection.close()


def _read_events(answer):
    reader = io.TextIOWrapper(answer, encoding="utf-8")
    while True:
        line = reader.readline()
        assert line, "the event stream ended"
        if line.startswith("data: "):
            yield json.loads(line[len("data: "):])


def page_build(body):
    """The data-build of the reload tag the dev server added to a page."""
    found = re.findall(rb'<script src="/__dev/reload.js" data-build="(\d+)" defer></script>', body)
    assert len(found) == 1, body[:300]
    return int(found[0])


@contextlib.contextmanager
def running_dev(project, site, db, port=0):
    """The dev server on `project` and `port` (0: a free one), its first build done, its
    watcher in place."""
    loop = DevLoop(project, site, out=io.StringIO(), err=io.StringIO())
    assert loop.rebuild().error is None, loop.err.getvalue()
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    port = listener.getsockname()[1]
    app = create_app(Config(site=site, db=db, origins=(f"http://127.0.0.1:{port}",), dev=loop,
                            tick=0.05))
    server = Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on"), loop)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    assert loop.watching.wait(TIMEOUT), "the watcher did not start"
    try:
        yield Running(port, loop)
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)
        listener.close()
        assert not thread.is_alive(), "the dev server did not stop (an open event stream?)"
