"""`python -m server` as an operator starts it: one line for a database it cannot use, a
second server on the same file refused, and a client holding every socket it can neither
takes the file descriptors of the process nor floods the log."""

import contextlib
import resource
import socket
import subprocess
import sys
import time

from websockets.exceptions import InvalidStatus

from tests.server.helpers import TIMEOUT, make_site, receive
from tests.server.test_restart import ROOT, Client, free_port
from tests.server.test_store import damaged


def command(site, db, port, *extra):
    return [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
            "--site", str(site), "--db", str(db), "--test-seed", "1", *extra]


def started(site, db, port, files=None):
    limit = None if files is None else (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files)))
    process = subprocess.Popen(command(site, db, port), cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=limit)
    assert "serving" in process.stdout.readline()
    client = Client(port)
    deadline = time.monotonic() + TIMEOUT
    while True:
        with contextlib.suppress(OSError):
            if client.get("/api/status")[0] == 200:
                return process, client
        assert process.poll() is None and time.monotonic() < deadline, process.stderr.read()
        time.sleep(0.02)


def stopped(process):
    process.kill()
    process.wait(TIMEOUT)
    process.stdout.close()
    err = process.stderr.read()
    process.stderr.close()
    return err


def test_a_second_server_on_the_same_database_refuses_to_start(tmp_path):
    site, db = make_site(tmp_path / "site"), tmp_path / "tables.sqlite3"
    first, _ = started(site, db, free_port())
    try:
        second = subprocess.run(command(site, db, free_port()), cwd=ROOT, capture_output=True,
                                text=True, timeout=TIMEOUT)
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: another server (pid ")
    finally:
        stopped(first)


def test_a_file_that_is_not_a_database_is_one_line(tmp_path):
    site, db = make_site(tmp_path / "site"), tmp_path / "tables.sqlite3"
    db.write_bytes(b"SQLite format 3\0" + b"\xff" * 4000)
    result = subprocess.run(command(site, db, free_port()), cwd=ROOT, capture_output=True,
                            text=True, timeout=TIMEOUT)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be used" in lines[0], result.stderr


def test_a_damaged_database_stops_the_server_in_one_line(tmp_path):
    site, db = make_site(tmp_path / "site"), tmp_path / "tables.sqlite3"
    damaged(db)
    result = subprocess.run(command(site, db, free_port()), cwd=ROOT, capture_output=True,
                            text=True, timeout=TIMEOUT)
    assert result.returncode == 2 and "serving" not in result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "is damaged" in lines[0], result.stderr


def test_a_client_holding_sockets_cannot_exhaust_the_server(tmp_path):
    files = 160  # the process's file limit: about 100 sockets for the tables, the rest kept
    site, db = make_site(tmp_path / "site"), tmp_path / "tables.sqlite3"
    process, client = started(site, db, free_port(), files=files)
    try:
        seats = [(code, key) for code, key0, key1 in (client.table() for _ in range(19))
                 for key in (key0, key1)]
        held, refused = 0, 0
        with contextlib.ExitStack() as stack:
            for code, key in seats * 4:  # four sockets per seat, the most a seat may hold
                try:
                    receive(stack.enter_context(client.socket(code, key)))
                    held += 1
                except InvalidStatus as exc:
                    assert exc.response.status_code == 503
                    refused += 1
            # Refused in words (503) before the descriptors run out: the server still answers.
            assert held + refused == 152 and refused > 0 and held < files - 50
            assert client.get("/api/status")[0] == 200
        assert client.get("/api/status")[0] == 200
        assert client.post("/api/tables", {"rules": "classic"})[0] == 201
    finally:
        err = stopped(process)
    assert "Too many open files" not in err and len(err.splitlines()) < 40, err[-2000:]


def test_the_seat_cap_comes_first_for_one_seat(tmp_path):
    site, db = make_site(tmp_path / "site"), tmp_path / "tables.sqlite3"
    process, client = started(site, db, free_port())
    try:
        code, key0, _ = client.table()
        with contextlib.ExitStack() as stack:
            for _ in range(4):
                receive(stack.enter_context(client.socket(code, key0)))
            with client.socket(code, key0) as fifth:
                assert '"too_many_connections"' in fifth.recv(timeout=TIMEOUT)
    finally:
        stopped(process)


def test_idle_connections_of_one_address_take_neither_descriptors_nor_service(tmp_path):
    # D1 at the docs' own `ulimit -n 1024`, here 256: 1,100 connections that send nothing
    # took every descriptor, and every request and handshake of everyone timed out.
    site, db = make_site(tmp_path / "site"), tmp_path / "tables.sqlite3"
    process, client = started(site, db, free_port(), files=256)
    try:
        with contextlib.ExitStack() as stack:
            for _ in range(1100):
                stack.enter_context(socket.create_connection(
                    ("127.0.0.1", client.port), timeout=TIMEOUT, source_address=("127.0.0.2", 0)))
            honest = client.at("127.0.0.3")
            assert honest.get("/api/status")[0] == 200
            code, key0, _ = honest.table()
            with honest.socket(code, key0) as seat0:
                assert receive(seat0)["table"]["seat"] == 0
            assert honest.get("/en/")[0] == 200
    finally:
        err = stopped(process)
    assert "Too many open files" not in err and len(err.splitlines()) < 40, err[-2000:]
