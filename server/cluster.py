"""`python -m server.cluster --shards 3 --port 8000 --site site --db-dir tables`: past one process.

Tables are independent, so the server scales by shards: N `python -m server` processes, each
with its own database and its own code prefix (`--code-prefix`), behind nginx, which serves the
static site itself (each language's own 404 page) and sends everything of a table (its
WebSocket, its joins) to the shard whose prefix its code starts with, once the code's leading
spaces and dashes are skipped; openings go round-robin. No state is shared between shards.

The per-address limits are held once for the whole cluster, the documented numbers of one
server: nginx counts what it can see for every shard at once (tables opened, WebSockets opened
and held, by `limit_req` and `limit_conn` on the client's address, answered with the server's
own JSON refusals), and each shard gets 1/N of the budgets only a shard can count (refused
guesses, messages: `--of-shards N`). nginx closes a connection that has not sent its request
within 10 s, an idle keep-alive one after 5 s.

This command writes that configuration (`nginx_conf`), starts the shards and Debian's nginx in
the foreground and supervises them for ever: a process that stops is started again after a
delay that doubles from 0.5 s up to a minute while it keeps failing (a crash loop, a damaged
database), and nginx and the other shards serve meanwhile. Ctrl+C stops everything.
`make cluster` runs it on the built site.
"""

import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from game.wire import ALPHABET
from generator.headers import security_headers
from generator.notfound import PAGE
from server.tables import Settings

NGINX = "/usr/sbin/nginx"
ROOT = Path(__file__).resolve().parent.parent
PREFIXES = ALPHABET[8:]  # A, B, C ...: each shard's first code character
STEADY = 60.0  # seconds a process must run to count as started well (its delay starts again)


@dataclass(frozen=True)
class Limits:
    """The per-address limits nginx holds for the whole cluster (server.tables.Settings')."""

    opens_per_minute: float = Settings.opens_per_minute
    opens_burst: int = Settings.opens_burst
    connects_per_minute: float = Settings.connects_per_ip_per_minute
    connects_burst: int = Settings.connects_per_ip_burst
    sockets: int = Settings.sockets_per_ip


def nginx_conf(port, shards, site, run, host="127.0.0.1", limits=Limits(), languages=(),
               files=20000):
    """The nginx configuration: `shards` is [(prefix, port)], `run` a folder nginx may write,
    `languages` the site's language folders (each with its own 404 page), `files` the file
    descriptors nginx may hold (a proxied connection holds two)."""
    origin = f"http://{host}:{port}"
    headers = "".join(f'    add_header {name} "{value}" always;\n'
                      for name, value in security_headers(connect_src="ws://" + origin[7:]).items())
    # $uri is decoded: a code typed " -k7mq2x" reaches K's shard, as the shard would read it.
    routes = "".join(f'        "~*^/(?:ws|api)/tables/[-\\s]*{prefix.lower()}"  shard_{prefix};\n'
                     for prefix, _ in shards)
    # A shard that failed is tried again after a second (nginx's default waits 10 s, and a
    # shard restarted by the supervision answers within one or two).
    upstreams = "".join(f"upstream shard_{prefix} {{ server 127.0.0.1:{shard_port} fail_timeout=1s; }}\n"
                        for prefix, shard_port in shards)
    everyone = " ".join(f"server 127.0.0.1:{shard_port} fail_timeout=1s;" for _, shard_port in shards)
    proxy = ("proxy_http_version 1.1; proxy_set_header Host $host; "
             "proxy_set_header X-Forwarded-For $remote_addr;")
    temp = "".join(f"    {name}_temp_path {run}/{name};\n"
                   for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    not_found = "".join(f"        location /{code}/ {{ error_page 404 /{code}/{PAGE}; }}\n"
                        for code in languages)
    # nginx's burst is the requests past the first one: Settings' burst counts them all.
    opens = f"limit_req zone=opens burst={max(0, limits.opens_burst - 1)} nodelay;"
    connects = (f"limit_req zone=connects burst={max(0, limits.connects_burst - 1)} nodelay; "
                f"limit_conn sockets {limits.sockets};")
    # nginx started as root runs its workers as another user, who may not read a private site.
    user = f"user {_user_name()};\n" if os.geteuid() == 0 else ""
    return f"""# Written by python -m server.cluster (docs/online.md, "Past one process").
{user}worker_processes 1;
worker_rlimit_nofile {files};
pid {run}/nginx.pid;
error_log stderr crit;  # an error names its request, whose /ws/ query string holds a seat key
events {{ worker_connections {max(512, files // 2 - 64)}; }}
http {{
    include /etc/nginx/mime.types;
    log_not_found off;
    access_log off;  # never log /ws/ query strings: they hold seat keys
{temp}    gzip_static on;
    client_header_timeout 10s; client_body_timeout 10s; send_timeout 30s; keepalive_timeout 5s;
    client_max_body_size 4k; reset_timedout_connection on;
    limit_req_zone $binary_remote_addr zone=opens:4m rate={_per_minute(limits.opens_per_minute)};
    limit_req_zone $binary_remote_addr zone=connects:4m rate={_per_minute(limits.connects_per_minute)};
    limit_conn_zone $binary_remote_addr zone=sockets:4m;
    limit_req_status 429; limit_conn_status 429;
    map $uri $shard {{  # the first character of the table code
{routes}        default  shard_{shards[0][0]};
    }}
    {upstreams.replace(chr(10), chr(10) + '    ').rstrip()}
    upstream everyone {{ {everyone} }}
    server {{
        listen {host}:{port};
        root {site};
{headers}        location = /api/tables {{
            {opens} error_page 429 = @too_many_tables;
            proxy_pass http://everyone; proxy_next_upstream error timeout; {proxy}
        }}
        location = /api/status {{ proxy_pass http://everyone; proxy_next_upstream error timeout; {proxy} }}
        location = /tables.json {{ proxy_pass http://everyone; proxy_next_upstream error timeout; {proxy} }}
        location /ws/ {{
            {connects} error_page 429 = @too_many_connections;
            proxy_pass http://$shard; {proxy}
            proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection upgrade;
            proxy_read_timeout 1h;
        }}
        location /api/ {{ proxy_pass http://$shard; {proxy} }}
        location @too_many_tables {{ default_type application/json; return 429 '{{"error": "too_many_tables"}}'; }}
        location @too_many_connections {{
            default_type application/json; return 429 '{{"error": "too_many_connections"}}';
        }}
        error_page 404 /{PAGE};
{not_found}    }}
}}
"""


def _per_minute(rate):
    """nginx's rate: whole requests a minute, or a second past 60 a minute."""
    return f"{round(rate)}r/m" if rate < 60 or rate % 60 else f"{round(rate / 60)}r/s"


def _user_name():
    import pwd

    return pwd.getpwuid(os.geteuid()).pw_name


class Supervised:
    """One process of the cluster, started again after a doubling delay whenever it stops."""

    def __init__(self, name, command, ready_url, first_delay, longest_delay, **popen):
        self.name = name
        self.command = command
        self.ready_url = ready_url
        self.first_delay = first_delay
        self.longest_delay = longest_delay
        self.popen = popen
        self.process = None
        self.started = None  # monotonic time of the last start
        self.ready = False  # it answered since its last start
        self.failures = 0  # stops in a row that came before STEADY seconds of running
        self.due = 0.0  # monotonic time of the next start, while it is stopped
        self.started_at = []  # monotonic time of every start

    @property
    def starts(self):
        return len(self.started_at)

    def start(self):
        if self.process is not None and self.process.poll() is None:
            return  # running already: a second one would be left behind, unsupervised
        self.process = subprocess.Popen(self.command, cwd=ROOT, **self.popen)
        self.started, self.ready = time.monotonic(), False
        self.started_at.append(self.started)

    def step(self, now):
        """Look after it once: note that it answers, or start it again when it is due."""
        if self.process is None:
            if now >= self.due:
                self.start()
            return
        code = self.process.poll()
        if code is None:
            if not self.ready and _answers(self.ready_url):
                self.ready = True
                if self.starts > 1:
                    _say(f"{self.name} answers again")
            return
        self.failures = 1 if now - self.started >= STEADY else self.failures + 1
        delay = min(self.longest_delay, self.first_delay * 2 ** (self.failures - 1))
        _say(f"{self.name} stopped with code {code}: starting it again in {delay:g} s")
        self.process, self.due = None, now + delay

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Cluster:
    def __init__(self, shards, port, site, db_dir, run, server_args=(), host="127.0.0.1",
                 ports=None, nginx_errors=None, limits=Limits(), delays=(0.5, 60.0)):
        self.port = port
        self.host = host
        self.site = Path(site).resolve()
        self.db_dir = Path(db_dir)
        self.run = Path(run)
        self.server_args = list(server_args)
        self.limits = limits
        ports = ports or [port + 1 + n for n in range(shards)]
        self.shards = [(PREFIXES[n], ports[n]) for n in range(shards)]
        self.processes = {prefix: Supervised(
            f"cluster: shard {prefix} (port {shard_port})", self.shard_command(prefix, shard_port),
            f"http://127.0.0.1:{shard_port}/api/status", *delays, stdout=subprocess.DEVNULL)
            for prefix, shard_port in self.shards}
        conf = self.run / "nginx.conf"
        self.nginx = Supervised("cluster: nginx", [NGINX, "-p", str(self.run), "-c", str(conf),
                                                   "-g", "daemon off;"],
                                f"http://{host}:{port}/", *delays, stderr=nginx_errors)
        self.stopping = False

    def shard_command(self, prefix, shard_port):
        limits = self.limits
        return [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(shard_port),
                "--site", str(self.site), "--db", str(self.db_dir / f"shard-{prefix}.sqlite3"),
                "--code-prefix", prefix, "--origin", f"http://{self.host}:{self.port}",
                "--of-shards", str(len(self.shards)),
                "--opens-per-minute", str(limits.opens_per_minute),
                "--connects-per-ip-per-minute", str(limits.connects_per_minute),
                "--sockets-per-ip", str(limits.sockets), *self.server_args]

    def languages(self):
        return sorted(folder.name for folder in self.site.iterdir()
                      if (folder / PAGE).is_file() and not folder.name.startswith("."))

    def start(self, wait=30.0):
        """Start every shard, then nginx; waits up to `wait` s for them to answer, but a shard
        that does not is only left to its supervision (nginx that cannot start is an error).
        Returns whether every process answered."""
        if not os.access(NGINX, os.X_OK):
            raise SystemExit(f"error: {NGINX} is missing; run: sudo apt-get install nginx-light")
        self.db_dir.mkdir(parents=True, exist_ok=True)
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.run / name).mkdir(parents=True, exist_ok=True)
        (self.run / "nginx.conf").write_text(nginx_conf(self.port, self.shards, self.site, self.run,
                                                        self.host, self.limits, self.languages(),
                                                        _files()))
        deadline = time.monotonic() + wait
        for shard in self.processes.values():
            shard.start()
        while not all(shard.ready for shard in self.processes.values()) and time.monotonic() < deadline:
            self.step(self.processes.values())
            time.sleep(0.05)
        self.nginx.start()
        while not self.nginx.ready:
            if self.nginx.process.poll() is not None:
                raise SystemExit(f"error: nginx did not start (code {self.nginx.process.poll()}): "
                                 f"is port {self.port} taken?")
            if time.monotonic() > deadline + 10:
                raise SystemExit("error: nginx did not answer within 10 s")
            self.step()
            time.sleep(0.05)
        return all(shard.ready for shard in self.processes.values())

    def start_shard(self, prefix, shard_port=None):
        """Start a shard now (a test that killed it, say), whatever its delay."""
        self.processes[prefix].start()
        _wait_for(self.processes[prefix].ready_url)

    def step(self, which=None):
        if self.stopping:
            return
        now = time.monotonic()
        for supervised in which or [*self.processes.values(), self.nginx]:
            supervised.step(now)

    def watch(self, every=0.2):
        """Supervise every process until `stop`: never returns because one of them fails."""
        while not self.stopping:
            self.step()
            time.sleep(every)

    def stop(self):
        self.stopping = True
        for supervised in [self.nginx, *self.processes.values()]:
            supervised.stop()


def _files():
    """The file descriptors nginx may hold: this process's hard limit (it inherits it)."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)


def _answers(url):
    try:
        urllib.request.urlopen(url, timeout=1).close()
        return True
    except OSError:
        return False


def _wait_for(url, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not _answers(url):
        if time.monotonic() > deadline:
            raise SystemExit(f"error: {url} did not answer within {seconds:g} s")
        time.sleep(0.05)


def _say(line):
    print(line, file=sys.stderr, flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m server.cluster", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shards", type=int, default=3)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="nginx's; shards on the next ones")
    parser.add_argument("--site", type=Path, required=True, help="the built site nginx serves")
    parser.add_argument("--db-dir", type=Path, required=True, help="one database per shard here")
    parser.add_argument("--opens-per-minute", type=float, default=Limits.opens_per_minute,
                        help="tables one address may open per minute, in all (default 10, burst 20)")
    parser.add_argument("--connects-per-ip-per-minute", type=float, default=Limits.connects_per_minute,
                        help="WebSockets one address may open per minute, in all (default 200)")
    parser.add_argument("--sockets-per-ip", type=int, default=Limits.sockets,
                        help="WebSockets one address may hold at once, in all (default 200)")
    args, server_args = parser.parse_known_args(argv)
    if not 1 <= args.shards <= len(PREFIXES):
        parser.error(f"--shards takes 1 to {len(PREFIXES)}")
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site} holds no built site (index.html): run `make site` first")
    limits = Limits(args.opens_per_minute, max(Limits.opens_burst, int(args.opens_per_minute)),
                    args.connects_per_ip_per_minute,
                    max(Limits.connects_burst, int(args.connects_per_ip_per_minute)), args.sockets_per_ip)
    with tempfile.TemporaryDirectory(prefix="cluster-") as run:
        cluster = Cluster(args.shards, args.port, args.site, args.db_dir, run, server_args,
                          args.host, limits=limits)
        signal.signal(signal.SIGTERM, lambda *_: cluster.stop())
        try:
            cluster.start()
            print(f"serving {args.site} on http://{args.host}:{args.port}/ through nginx, with "
                  f"{args.shards} table shards (Ctrl+C stops)", flush=True)
            cluster.watch()
        except KeyboardInterrupt:
            pass
        finally:
            cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
