"""`python -m generator COMMAND`: build, serve, extract, update, compile, stats, init-lang."""

import argparse
import functools
import http.server
import sys
from pathlib import Path
from urllib.parse import urlsplit

from generator import build, precompressed, stats, workflow
from generator.errors import BuildError
from generator.headers import security_headers
from generator.notfound import not_found_page

PROJECT_ROOT = Path(__file__).resolve().parent.parent
INCOMPLETE_HELP = "also publish languages translated below min_coverage (site.toml)"
PSEUDO_HELP = ("also build the pseudo-locales en-XA (accented, longer) and ar-XB (mirrored, right "
               "to left), into ROOT/site-pseudo unless --out: never the published site")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    parser.add_argument("--root", type=Path, default=PROJECT_ROOT,
                        help="project folder holding site.toml (default: this checkout)")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("build", help="build the site (default into ROOT/site)")
    command.add_argument("--out", type=Path, help="output folder (new, empty, or a site this "
                         "command made)")
    command.add_argument("--allow-incomplete", action="store_true", help=INCOMPLETE_HELP)
    command.add_argument("--pseudo", action="store_true", help=PSEUDO_HELP)
    command = commands.add_parser("serve", help="build, then serve on http://127.0.0.1:PORT/")
    command.add_argument("--port", type=int, default=8000)
    command.add_argument("--allow-incomplete", action="store_true", help=INCOMPLETE_HELP)
    command.add_argument("--pseudo", action="store_true", help=PSEUDO_HELP)
    commands.add_parser("extract", help="write locales/<domain>.pot from the sources")
    commands.add_parser("update", help="merge the .pot templates into every .po")
    commands.add_parser("compile", help="check every .po and write its .mo")
    command = commands.add_parser("stats", help="translation coverage per language")
    command.add_argument("--strict", action="store_true", help="fail below 100%% for any language")
    command = commands.add_parser("init-lang", help="start a new language: init-lang xx")
    command.add_argument("lang", help="language code, e.g. de or pt_BR")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except BuildError as exc:
        print("error: " + str(exc), file=sys.stderr)
        return 1


def _run(args):
    root = args.root
    warn = functools.partial(print, file=sys.stderr)
    if args.command == "build":
        build.build(root, args.out, warn=warn, allow_incomplete=args.allow_incomplete,
                    pseudo=args.pseudo)
    elif args.command == "serve":
        out = root / (build.PSEUDO_SITE if args.pseudo else "site")
        build.build(root, out, warn=warn, allow_incomplete=args.allow_incomplete, pseudo=args.pseudo)
        handler = functools.partial(_Handler, directory=str(out))
        with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
            print(f"serving {out} on http://127.0.0.1:{args.port}/ (Ctrl+C stops)")
            try:
                server.serve_forever()
            except KeyboardInterrupt:
                pass
    elif args.command == "extract":
        workflow.extract(root)
    elif args.command == "update":
        workflow.update(root)
    elif args.command == "compile":
        workflow.compile_catalogs(root)
    elif args.command == "stats":
        if stats.stats(root, strict=args.strict) and args.strict:
            return 1
    elif args.command == "init-lang":
        workflow.init_language(root, args.lang)
    return 0


class _Handler(precompressed.HandlerMixin, http.server.SimpleHTTPRequestHandler):
    """Serves the site's own 404 page (the address's language's: generator.notfound) and its
    security headers, as a static host would, and the build's precompressed copies with their
    headers (generator.precompressed)."""

    def end_headers(self):
        for name, value in security_headers().items():
            self.send_header(name, value)
        super().end_headers()

    def send_error(self, code, message=None, explain=None):
        page = not_found_page(self.directory, urlsplit(self.path).path) if code == 404 else None
        if page is None:
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
