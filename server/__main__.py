"""`python -m server --host 127.0.0.1 --port 8000 --site site --db tables.sqlite3 [--dev]`."""

import argparse
import resource
import sys
from pathlib import Path

import uvicorn

from game.ai import LEVELS
from game.wire import ALPHABET, MAX_MESSAGE
from server import logs
from server.app import Config, create_app
from server.deals import Randomness
from server.guard import Guard, Server
from server.store import StoreError
from server.tables import Settings

PROJECT_ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = ("127.0.0.1", "localhost", "::1")


# No access log: it would print each WebSocket URL, seat key included. Pings every 5 s, answered
# within 5 s: a player whose network died is "away" for the other within 10 s. No per-message
# compression: a view is about 3 KB, and zlib took about 12 % of the server's CPU per move and a
# compressor's memory per socket (measured with bench tables: 490 against 555 us a move, 61
# against 79 MiB at 200 tables). Every connection is counted and timed from its accept
# (server/guard.py): per address, in all (below the file limit, so the process never runs out
# of descriptors: accept would fail for everyone), and in time (headers, answers, keep-alive).
UVICORN = {"access_log": False, "log_level": "warning", "ws_max_size": 16 * MAX_MESSAGE,
           "ws_ping_interval": 5, "ws_ping_timeout": 5, "ws_per_message_deflate": False}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--site", type=Path, required=True, help="the built site to serve")
    parser.add_argument("--db", type=Path, required=True, help="SQLite file of the tables")
    parser.add_argument("--origin", action="append",
                        help="public origin of the site, e.g. https://play.example.org (repeatable;"
                             " default http://HOST:PORT, and http://localhost:PORT on loopback)")
    parser.add_argument("--grace", type=float, default=Settings.grace,
                        help="seconds before the computer plays for a player who left (default 60)")
    parser.add_argument("--level", default=Settings.level, help="default computer level")
    parser.add_argument("--opens-per-minute", type=float, default=Settings.opens_per_minute,
                        help="tables one IP address may open per minute (default 10, burst 20)")
    parser.add_argument("--joins-per-minute", type=float, default=Settings.joins_per_minute,
                        help="joins (and code guesses) per IP address per minute (default 30)")
    parser.add_argument("--messages-per-second", type=float, default=Settings.messages_per_second,
                        help="messages one connection may send per second (default 20, burst 40)")
    parser.add_argument("--messages-per-ip-per-second", type=float,
                        default=Settings.messages_per_ip_per_second,
                        help="messages all the connections of one IP address may send per second "
                             "(default 200, burst 400)")
    parser.add_argument("--connects-per-ip-per-minute", type=float,
                        default=Settings.connects_per_ip_per_minute,
                        help="WebSockets one IP address may open per minute (default 200, burst 200)")
    parser.add_argument("--sockets-per-ip", type=int, default=Settings.sockets_per_ip,
                        help="WebSockets one IP address may hold at once (default 200: a school "
                             "behind one address)")
    parser.add_argument("--of-shards", type=int, default=1, metavar="N",
                        help="this process is one of N shards behind one proxy (server.cluster): "
                             "the per-address budgets it alone counts (guesses, messages) are "
                             "divided by N, so an address has the documented budget in all")
    parser.add_argument("--code-prefix", default="",
                        help="first character(s) of every code this process opens, when several"
                             " processes share the tables behind a proxy (docs/online.md)")
    parser.add_argument("--test-seed", type=int, metavar="N",
                        help="deal every table from this fixed seed, the same cards on every run "
                             "(tests only: whoever knows N can compute every deck)")
    parser.add_argument("--dev", nargs="?", type=Path, const=PROJECT_ROOT, metavar="ROOT",
                        help="build the project at ROOT (default: this checkout) into --site, "
                             "rebuild it on every change to its sources and reload the open pages"
                             " (make serve); never in production")
    parser.add_argument("--allow-incomplete", action="store_true",
                        help="with --dev: also publish languages translated below min_coverage")
    args = parser.parse_args(argv)
    if args.level not in LEVELS:
        parser.error("--level must be one of " + ", ".join(LEVELS))
    if len(args.code_prefix) > 2 or any(char not in ALPHABET for char in args.code_prefix):
        parser.error("--code-prefix takes at most 2 characters of " + ALPHABET)
    dev = None
    if args.dev is not None:
        from server.dev import DevLoop

        dev = DevLoop(args.dev, args.site, allow_incomplete=args.allow_incomplete)
        dev.rebuild()  # a failure is printed; the previous site (if any) is served meanwhile
    elif args.allow_incomplete:
        parser.error("--allow-incomplete goes with --dev (python -m generator build has it too)")
    if not (args.site / "index.html").is_file():
        hint = "fix the error above and start again" if dev else "run `make site` first"
        print(f"error: {args.site} holds no built site (index.html); {hint}", file=sys.stderr)
        return 2
    origins = tuple(args.origin or default_origins(args.host, args.port))
    connections, backlog = file_budget()
    if args.of_shards < 1:
        parser.error("--of-shards takes 1 or more")
    share = args.of_shards
    settings = Settings(grace=args.grace, level=args.level,
                        opens_per_minute=args.opens_per_minute,
                        opens_burst=burst(Settings.opens_burst, args.opens_per_minute),
                        joins_per_minute=args.joins_per_minute / share,
                        joins_burst=max(1, burst(Settings.joins_burst, args.joins_per_minute) // share),
                        messages_per_second=args.messages_per_second,
                        messages_burst=burst(Settings.messages_burst, 2 * args.messages_per_second),
                        messages_per_ip_per_second=args.messages_per_ip_per_second / share,
                        messages_per_ip_burst=max(
                            1, burst(Settings.messages_per_ip_burst, 2 * args.messages_per_ip_per_second) // share),
                        connects_per_ip_per_minute=args.connects_per_ip_per_minute,
                        connects_per_ip_burst=burst(Settings.connects_per_ip_burst,
                                                    args.connects_per_ip_per_minute),
                        sockets_per_ip=args.sockets_per_ip, sockets_in_all=connections,
                        code_prefix=args.code_prefix)
    logs.setup()
    try:
        randomness = None if args.test_seed is None else Randomness(args.test_seed)
        app = create_app(Config(site=args.site, db=args.db, origins=origins, settings=settings,
                                dev=dev, randomness=randomness))
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"serving {args.site} and the tables ({args.db}) on {origins[0]}/ (Ctrl+C stops)",
          flush=True)
    guard = Guard.of(settings)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_config=None, backlog=backlog,
                            limit_concurrency=guard.in_all, **UVICORN, **guard.uvicorn_options())
    if dev is None:
        Server(config).run()
    else:
        from server.dev import Server as DevServer

        DevServer(config, dev).run()
    return 0


RESERVE = 64  # file descriptors kept for the database, the site's files, logs and HTTP requests


def file_budget():
    """(WebSockets this process may hold, its accept backlog), from its file limit raised to
    the hard limit. asyncio accepts up to `backlog` connections at a time before the guard
    sees any (server/guard.py), so the backlog is kept out of the budget too: a burst of
    connections closed at once never takes the last descriptors."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    soft = min(soft, 1_000_000)
    backlog = max(16, min(2048, soft // 8))
    return max(16, min(Settings.sockets_in_all, soft - RESERVE - backlog)), backlog


def burst(default, rate):
    """A bucket's burst for a rate raised on the command line: the default, or the rate."""
    return max(default, int(rate))


def default_origins(host, port):
    origins = [f"http://{host}:{port}"]
    if host in LOOPBACK:
        origins += [f"http://{name}:{port}" for name in ("127.0.0.1", "localhost") if name != host]
    return origins


if __name__ == "__main__":
    sys.exit(main())
