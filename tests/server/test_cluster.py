"""Past one process, for real: shards behind Debian's nginx with the configuration of
docs/online.md. Whole hands are played through the proxy on tables of different shards; a
shard killed leaves the others playing, and comes back with its tables, even killed again
and again while it restarts; the per-address limits hold once for the whole cluster."""

import contextlib
import json
import os
import signal
import threading
import time

import pytest
from websockets.exceptions import InvalidStatus

from server.cluster import NGINX, Cluster, nginx_conf
from tests.server.helpers import TIMEOUT, make_site, receive, seated, view_after
from tests.server.test_restart import Client, free_port
from tests.server.test_store import damaged


@contextlib.contextmanager
def running_cluster(tmp_path, supervised=False, before=None):
    """A cluster of three shards on free ports; `supervised`: its watch runs meanwhile (with
    short delays), `before(db_dir)` prepares the shards' databases."""
    if not os.access(NGINX, os.X_OK):
        pytest.fail(f"{NGINX} is missing and the cluster test needs it; run: make test "
                    "(it installs nginx-light as root) or sudo apt-get install nginx-light",
                    pytrace=False)
    site = make_site(tmp_path / "site")
    (site / "fr" / "404.html").write_text('<!doctype html><html lang="fr"><title>introuvable</title>')
    ports = [free_port() for _ in range(4)]
    if before is not None:
        (tmp_path / "db").mkdir()
        before(tmp_path / "db")
    with open(tmp_path / "nginx-errors", "w") as errors:
        cluster = Cluster(3, ports[0], site, tmp_path / "db", tmp_path / "run", ports=ports[1:],
                          nginx_errors=errors, server_args=["--test-seed", "1"], delays=(0.1, 0.8))
        watching = threading.Thread(target=cluster.watch, kwargs={"every": 0.05}, daemon=True)
        try:
            answered = cluster.start(wait=30.0 if before is None else 3.0)
            assert answered or before is not None, "the cluster did not start"
            if supervised:
                watching.start()
            yield cluster, Client(ports[0])
        finally:
            cluster.stop()
            if supervised:
                watching.join(TIMEOUT)


@pytest.fixture
def cluster(tmp_path):
    with running_cluster(tmp_path) as running:
        yield running


def play(client, code, keys, moves):
    """`moves` moves of the first legal action at a table, through the proxy."""
    with client.socket(code, keys[0]) as seat0, client.socket(code, keys[1]) as seat1:
        sockets = (seat0, seat1)
        views = seated(seat0, seat1)
        for _ in range(moves):
            view = views[0]["view"]
            mover = view["turn"] if view["turn"] is not None else 0
            action = views[mover]["view"]["legal_actions"][0]
            sockets[mover].send(json.dumps({"type": "act", "action": action}))
            version = max(message["version"] for message in views)
            views = [view_after(socket, version) for socket in sockets]
        return views[0]["view"]


def test_tables_of_every_shard_play_through_the_proxy_and_a_dead_shard_stays_alone(cluster):
    cluster, client = cluster
    tables = [client.table("short") for _ in range(6)]
    prefixes = {code[0] for code, _, _ in tables}
    assert prefixes == {"A", "B", "C"}  # openings went round-robin to every shard
    for code, key0, key1 in tables:  # each move answered by a newer view to both seats
        play(client, code, (key0, key1), 30)
    # A lower-case code reaches its shard too.
    code, key0, _ = tables[0]
    with client.socket(code.lower(), key0) as socket:
        assert receive(socket)["table"]["code"] == code

    dead = tables[0][0][0]
    process = cluster.processes[dead].process
    process.send_signal(signal.SIGKILL)
    process.wait(TIMEOUT)
    for code, key0, key1 in tables:
        if code[0] == dead:
            with pytest.raises(InvalidStatus) as refused:
                client.socket(code, key0)
            assert refused.value.response.status_code == 502
        else:  # the other shards do not notice
            play(client, code, (key0, key1), 4)
    assert client.post("/api/tables", {"rules": "classic"})[0] == 201  # opened elsewhere

    cluster.start_shard(dead, dict(cluster.shards)[dead])
    code, key0, key1 = next(table for table in tables if table[0][0] == dead)
    play(client, code, (key0, key1), 2)  # its table resumes from the shard's database
    # nginx logged the refused sockets (a dead upstream) without their seat keys.
    logged = (cluster.run.parent / "nginx-errors").read_text()
    assert not [key for table in tables for key in table[1:] if key in logged], logged[-2000:]


def test_the_configuration_is_the_documented_one(tmp_path):
    conf = nginx_conf(8000, [("A", 8001), ("B", 8002)], "/srv/site", "/run/x", languages=["fr"])
    assert '"~*^/(?:ws|api)/tables/[-\\s]*a"  shard_A;' in conf and "shard_B;" in conf
    assert "upstream everyone { server 127.0.0.1:8001 fail_timeout=1s; server 127.0.0.1:8002 fail_timeout=1s; }" in conf
    assert "access_log off;" in conf  # seat keys travel in /ws/ query strings
    assert "connect-src 'self' ws://127.0.0.1:8000" in conf
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in conf
    assert "location /fr/ { error_page 404 /fr/404.html; }" in conf
    assert "limit_req zone=opens burst=19 nodelay;" in conf and "rate=10r/m" in conf
    assert "limit_conn sockets 200;" in conf and "client_header_timeout 10s;" in conf


def wait_until(condition, seconds=TIMEOUT):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the cluster did not get there"
        time.sleep(0.01)


def test_a_shard_killed_again_and_again_while_it_restarts_never_stops_the_cluster(tmp_path):
    # D2: a shard killed again before it answered made the cluster exit, nginx and all.
    with running_cluster(tmp_path, supervised=True) as (cluster, client):
        tables = [client.table("short") for _ in range(3)]
        shard = cluster.processes["B"]
        for _ in range(5):
            old = shard.process
            old.send_signal(signal.SIGKILL)
            old.wait(TIMEOUT)
            wait_until(lambda old=old: shard.process is not None and shard.process is not old)
            shard.process.send_signal(signal.SIGKILL)  # before it answers
        for code, key0, key1 in tables:  # meanwhile, the other shards play on
            if code[0] != "B":
                play(client, code, (key0, key1), 2)
        assert client.get("/api/status")[0] == 200
        wait_until(lambda: shard.ready, seconds=3 * TIMEOUT)  # and B comes back, with its tables
        code, key0, key1 = next(table for table in tables if table[0][0] == "B")
        play(client, code, (key0, key1), 2)
        assert cluster.nginx.starts == 1 and not cluster.stopping


def test_a_shard_that_cannot_start_waits_longer_each_time_and_the_others_serve(tmp_path):
    def damage(db_dir):
        damaged(db_dir / "shard-B.sqlite3")

    with running_cluster(tmp_path, supervised=True, before=damage) as (cluster, client):
        shard = cluster.processes["B"]
        wait_until(lambda: shard.starts >= 5, seconds=3 * TIMEOUT)
        # Each start waits twice as long as the one before (0.1, 0.2, 0.4, 0.8 s): not a spin.
        gaps = [b - a for a, b in zip(shard.started_at, shard.started_at[1:], strict=False)]
        assert all(gap >= 0.1 * 2 ** n for n, gap in enumerate(gaps[:4])), gaps
        assert shard.failures >= 4 and not shard.ready
        codes = {client.table("short")[0][0] for _ in range(6)}
        assert codes == {"A", "C"}  # openings that reached B went on to the next shard
        assert client.get("/api/status")[0] == 200


def test_the_limits_of_an_address_hold_once_for_the_whole_cluster(cluster):
    # Weak 2: three shards counted each their own: 60 tables at once, 89 guesses.
    cluster, client = cluster
    opened = [client.post("/api/tables", {"rules": "classic"}) for _ in range(25)]
    assert [status for status, _ in opened] == [201] * 20 + [429] * 5
    assert opened[-1][1] == {"error": "too_many_tables"}
    guesses = [client.post(f"/api/tables/{prefix}ZZZZZ/join")[1]["error"]
               for _ in range(15) for prefix in "ABC"]
    assert guesses.count("no_such_table") == 30 and guesses.count("too_many_requests") == 15


def test_a_code_typed_loosely_reaches_its_shard_and_each_language_its_404(cluster):
    # Weak 3 and 4: a leading dash or space went to the first shard; /fr/ got the English 404.
    cluster, client = cluster
    codes = {}
    while set(codes) != {"A", "B", "C"}:
        status, opened = client.post("/api/tables", {"rules": "classic"})
        codes[opened["code"][0]] = opened["code"]
    for typed in ("-" + codes["B"], "%20" + codes["C"].lower(), "-%20" + codes["A"]):
        assert client.post(f"/api/tables/{typed}/join")[0] == 200, typed
    status, _, body = client.get("/fr/nope.html")
    assert status == 404 and b"introuvable" in body
    status, _, body = client.get("/nope.html")
    assert status == 404 and b"not here" in body
