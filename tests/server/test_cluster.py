"""Past one process, for real: shards behind Debian's nginx with the configuration of
docs/online.md. Whole hands are played through the proxy on tables of different shards; a
shard killed leaves the others playing, and comes back with its tables."""

import json
import os
import signal

import pytest
from websockets.exceptions import InvalidStatus

from server.cluster import NGINX, Cluster, nginx_conf
from tests.server.helpers import TIMEOUT, make_site, receive, seated, view_after
from tests.server.test_restart import Client, free_port


@pytest.fixture
def cluster(tmp_path):
    if not os.access(NGINX, os.X_OK):
        pytest.fail(f"{NGINX} is missing and the cluster test needs it; run: make test "
                    "(it installs nginx-light as root) or sudo apt-get install nginx-light",
                    pytrace=False)
    site = make_site(tmp_path / "site")
    ports = [free_port() for _ in range(4)]
    with open(tmp_path / "nginx-errors", "w") as errors:
        cluster = Cluster(3, ports[0], site, tmp_path / "db", tmp_path / "run", ports=ports[1:],
                          nginx_errors=errors, server_args=["--test-seed", "1"])
        cluster.start()
        try:
            yield cluster, Client(ports[0])
        finally:
            cluster.stop()


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
    process = cluster.processes[dead]
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
    conf = nginx_conf(8000, [("A", 8001), ("B", 8002)], "/srv/site", "/run/x")
    assert "~*^/(?:ws|api)/tables/a  shard_A;" in conf and "~*^/(?:ws|api)/tables/b  shard_B;" in conf
    assert "upstream everyone { server 127.0.0.1:8001; server 127.0.0.1:8002; }" in conf
    assert "access_log off;" in conf  # seat keys travel in /ws/ query strings
    assert "connect-src 'self' ws://127.0.0.1:8000" in conf
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in conf
