"""`python -m server.cluster --shards 3 --port 8000 --site site --db-dir tables`: past one process.

Tables are independent, so the server scales by shards: N `python -m server` processes, each
with its own database and its own code prefix (`--code-prefix`), behind nginx, which serves the
static site itself and sends everything of a table (its WebSocket, its joins) to the shard
whose prefix its code starts with; openings go round-robin. No state is shared between shards.
This command writes the nginx configuration of docs/online.md (`nginx_conf`), starts the shards
and Debian's nginx in the foreground, restarts a shard that dies (its tables resume from its
database), and stops everything on Ctrl+C. `make cluster` runs it on the built site.
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from game.wire import ALPHABET
from generator.headers import security_headers

NGINX = "/usr/sbin/nginx"
ROOT = Path(__file__).resolve().parent.parent
PREFIXES = ALPHABET[8:]  # A, B, C ...: each shard's first code character


def nginx_conf(port, shards, site, run, host="127.0.0.1"):
    """The nginx configuration: `shards` is [(prefix, port)], `run` a folder nginx may write."""
    origin = f"http://{host}:{port}"
    headers = "".join(f'    add_header {name} "{value}" always;\n'
                      for name, value in security_headers(connect_src="ws://" + origin[7:]).items())
    routes = "".join(f"        ~*^/(?:ws|api)/tables/{prefix.lower()}  shard_{prefix};\n"
                     for prefix, _ in shards)
    upstreams = "".join(f"upstream shard_{prefix} {{ server 127.0.0.1:{shard_port}; }}\n"
                        for prefix, shard_port in shards)
    everyone = " ".join(f"server 127.0.0.1:{shard_port};" for _, shard_port in shards)
    proxy = ("proxy_http_version 1.1; proxy_set_header Host $host; "
             "proxy_set_header X-Forwarded-For $remote_addr;")
    temp = "".join(f"    {name}_temp_path {run}/{name};\n"
                   for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    # nginx started as root runs its workers as another user, who may not read a private site.
    user = f"user {_user_name()};\n" if os.geteuid() == 0 else ""
    return f"""# Written by python -m server.cluster (docs/online.md, "Past one process").
{user}worker_processes 1;
pid {run}/nginx.pid;
error_log stderr crit;  # an error names its request, whose /ws/ query string holds a seat key
events {{ worker_connections 8192; }}
http {{
    include /etc/nginx/mime.types;
    log_not_found off;
    access_log off;  # never log /ws/ query strings: they hold seat keys
{temp}    gzip_static on;
    map $uri $shard {{  # the first character of the table code
{routes}        default  shard_{shards[0][0]};
    }}
    {upstreams.replace(chr(10), chr(10) + '    ').rstrip()}
    upstream everyone {{ {everyone} }}
    server {{
        listen {host}:{port};
        root {site};
{headers}        location = /api/tables {{ proxy_pass http://everyone; proxy_next_upstream error timeout; {proxy} }}
        location = /api/status {{ proxy_pass http://everyone; {proxy} }}
        location = /tables.json {{ proxy_pass http://everyone; {proxy} }}
        location /ws/ {{
            proxy_pass http://$shard; {proxy}
            proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection upgrade;
            proxy_read_timeout 1h;
        }}
        location /api/ {{ proxy_pass http://$shard; {proxy} }}
        error_page 404 /404.html;
    }}
}}
"""


def _user_name():
    import pwd

    return pwd.getpwuid(os.geteuid()).pw_name


class Cluster:
    def __init__(self, shards, port, site, db_dir, run, server_args=(), host="127.0.0.1",
                 ports=None, nginx_errors=None):
        self.port = port
        self.nginx_errors = nginx_errors  # where nginx's error lines go (None: this stderr)
        self.host = host
        self.site = Path(site).resolve()
        self.db_dir = Path(db_dir)
        self.run = Path(run)
        self.server_args = list(server_args)
        ports = ports or [port + 1 + n for n in range(shards)]
        self.shards = [(PREFIXES[n], ports[n]) for n in range(shards)]
        self.processes = {}  # prefix -> Popen
        self.nginx = None

    def shard_command(self, prefix, shard_port):
        return [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(shard_port),
                "--site", str(self.site), "--db", str(self.db_dir / f"shard-{prefix}.sqlite3"),
                "--code-prefix", prefix, "--origin", f"http://{self.host}:{self.port}",
                *self.server_args]

    def start_shard(self, prefix, shard_port):
        self.processes[prefix] = subprocess.Popen(self.shard_command(prefix, shard_port), cwd=ROOT,
                                                  stdout=subprocess.DEVNULL)
        _wait_for(f"http://127.0.0.1:{shard_port}/api/status", self.processes[prefix])

    def start(self):
        if not os.access(NGINX, os.X_OK):
            raise SystemExit(f"error: {NGINX} is missing; run: sudo apt-get install nginx-light")
        self.db_dir.mkdir(parents=True, exist_ok=True)
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.run / name).mkdir(parents=True, exist_ok=True)
        for prefix, shard_port in self.shards:
            self.start_shard(prefix, shard_port)
        conf = self.run / "nginx.conf"
        conf.write_text(nginx_conf(self.port, self.shards, self.site, self.run, self.host))
        self.nginx = subprocess.Popen([NGINX, "-p", str(self.run), "-c", str(conf),
                                       "-g", "daemon off;"], stderr=self.nginx_errors)
        _wait_for(f"http://{self.host}:{self.port}/api/status", self.nginx)

    def watch(self):
        """Restart a shard that died (its tables resume from its database); returns when nginx
        stops."""
        while self.nginx.poll() is None:
            for prefix, shard_port in self.shards:
                process = self.processes[prefix]
                if process.poll() is not None:
                    print(f"cluster: shard {prefix} (port {shard_port}) stopped with code "
                          f"{process.returncode}: starting it again", file=sys.stderr, flush=True)
                    self.start_shard(prefix, shard_port)
            time.sleep(0.5)

    def stop(self):
        for process in [self.nginx, *self.processes.values()]:
            if process is not None and process.poll() is None:
                process.terminate()
        for process in [self.nginx, *self.processes.values()]:
            if process is not None:
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()


def _wait_for(url, process, seconds=30.0):
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=5).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"error: {url} did not answer (process exited with "
                                 f"{process.poll()})") from None
            time.sleep(0.05)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m server.cluster", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shards", type=int, default=3)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="nginx's; shards on the next ones")
    parser.add_argument("--site", type=Path, required=True, help="the built site nginx serves")
    parser.add_argument("--db-dir", type=Path, required=True, help="one database per shard here")
    args, server_args = parser.parse_known_args(argv)
    if not 1 <= args.shards <= len(PREFIXES):
        parser.error(f"--shards takes 1 to {len(PREFIXES)}")
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site} holds no built site (index.html): run `make site` first")
    with tempfile.TemporaryDirectory(prefix="cluster-") as run:
        cluster = Cluster(args.shards, args.port, args.site, args.db_dir, run, server_args, args.host)
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
