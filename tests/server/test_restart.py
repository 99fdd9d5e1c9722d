"""`python -m server` killed with SIGKILL mid-hand and started again: every table resumes."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from game.ai import make_player
from game.view import View
from tests.server.helpers import TIMEOUT, Running, make_site, receive, seated, view_after

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(site, db, port):
    process = subprocess.Popen(
        [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
         "--site", str(site), "--db", str(db), "--test-seed", "1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert "serving" in process.stdout.readline()
    deadline = time.monotonic() + TIMEOUT
    while True:  # the line is printed just before uvicorn binds the port
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=TIMEOUT)
            return process
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)


class Client(Running):
    def __init__(self, port):
        self.port = port
        self.origin = f"http://127.0.0.1:{port}"


def test_a_server_killed_mid_hand_resumes_every_table(tmp_path):
    site, db, port = make_site(tmp_path / "site"), tmp_path / "tables.sqlite3", free_port()
    process = start(site, db, port)
    try:
        client = Client(port)
        tables = [client.table("classic") for _ in range(3)]
        players = [make_player("easy", 1), make_player("easy", 2)]
        before = []
        for number, (code, key0, key1) in enumerate(tables):
            with client.socket(code, key0) as seat0, client.socket(code, key1) as seat1:
                sockets = (seat0, seat1)
                views = seated(seat0, seat1)
                sent = 0
                # Mid-hand, each table elsewhere (a hand the easy players end early goes on).
                while sent < 8 + 5 * number or views[0]["view"]["phase"] not in ("draw", "discard"):
                    sent += 1
                    mover = views[0]["view"]["turn"] or 0
                    action = players[mover].choose(View.from_dict(views[mover]["view"]))
                    sockets[mover].send(json.dumps({"type": "act", "action": action.to_dict()}))
                    version = max(view["version"] for view in views)
                    views = [view_after(seat, version) for seat in sockets]
                before.append([views[0]["view"], views[1]["view"]])
        process.send_signal(signal.SIGKILL)
        process.wait(TIMEOUT)

        process = start(site, db, port)
        for (code, key0, key1), seen in zip(tables, before, strict=True):
            with client.socket(code, key0) as seat0, client.socket(code, key1) as seat1:
                after = [message["view"] for message in seated(seat0, seat1)]
                # The same table; a first view lists no past events, and the count of events
                # starts again at this hand's (the log holds the score sheet and this hand).
                assert [dict(view, events=[], event_count=0) for view in after] == \
                    [dict(view, events=[], event_count=0) for view in seen]
                # And play goes on from there.
                mover = after[0]["turn"]
                action = players[mover].choose(View.from_dict(after[mover]))
                (seat0, seat1)[mover].send(json.dumps({"type": "act", "action": action.to_dict()}))
                assert len(receive((seat0, seat1)[1 - mover])["view"]["history"]) > len(seen[0]["history"])
    finally:
        process.kill()
        process.wait(TIMEOUT)
        process.stdout.close()

