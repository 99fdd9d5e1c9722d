"""Lighthouse scores of every page in every language (printed, not asserted):
`python -m bench lighthouse [--pages PATH ...] [--runs N]`.

Lighthouse is an npm package, not a dependency of the project: the first run installs the
pinned version below into `.cache/lighthouse/` with npm (Lighthouse 13 needs Node 22; 12.2.3
runs on Debian's Node 20), outside `make test`. The site is built and served by the table
server as `make serve` runs it (without the reload tag of `--dev`), and Lighthouse drives
Debian's Chromium (`CHROME_PATH`) with its mobile defaults: simulated slow 4G and 4x CPU
slowdown. Per page: the four category scores, the largest contentful paint, the total
blocking time; the median of `--runs` runs (default 1) per page; under it, the audits that
cost points in accessibility, best practices or SEO (in any run).

Targets (issue 14): Performance >= 90, Accessibility, Best Practices and SEO 100, a guide
page's largest contentful paint <= 2.5 s.
"""

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.pages import ARGS, CHROMIUM, ROOT

VERSION = "12.2.3"
CACHE = ROOT / ".cache" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PAGES = ("index.html", "rules.html", "faq.html", "play.html")


def lighthouse_bin():
    """The pinned Lighthouse's command, installed on first use."""
    binary = CACHE / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        if not shutil.which("npm"):
            raise SystemExit("lighthouse: npm is missing (sudo apt-get install npm)")
        CACHE.mkdir(parents=True, exist_ok=True)
        print(f"installing lighthouse {VERSION} into {CACHE} (once)", flush=True)
        subprocess.run(["npm", "install", "--prefix", str(CACHE), "--no-audit", "--no-fund",
                        "--save-exact", "lighthouse@" + VERSION], check=True)
    return binary


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(url, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("lighthouse: the server did not answer at " + url)


def _audit(binary, url, out):
    flags = " ".join(["--headless=new"] + ARGS)
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    subprocess.run([str(binary), url, "--quiet", "--output=json", "--output-path=" + str(out),
                    "--only-categories=" + ",".join(CATEGORIES), "--chrome-flags=" + flags],
                   check=True, env=env, stdout=subprocess.DEVNULL)
    report = json.loads(out.read_text(encoding="utf-8"))
    scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES}
    audits = report["audits"]
    failing = sorted({ref["id"] for c in CATEGORIES if c != "performance"
                      for ref in report["categories"][c]["auditRefs"]
                      if ref.get("weight") and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1})
    return (scores, audits["largest-contentful-paint"]["numericValue"], audits["total-blocking-time"]["numericValue"],
            failing)


def main(argv=()):
    parser = argparse.ArgumentParser(prog="python -m bench lighthouse")
    parser.add_argument("--pages", nargs="*", help="paths under the site, e.g. en/index.html (default: every page)")
    parser.add_argument("--runs", type=int, default=1)
    options = parser.parse_args(list(argv))
    if not os.path.exists(CHROMIUM):
        print("lighthouse: skipped (" + CHROMIUM + " is missing)")
        return
    binary = lighthouse_bin()
    from generator.build import build
    from generator.config import load_config

    work = Path(tempfile.mkdtemp(prefix="bench-lighthouse-"))
    site = work / "site"
    build(ROOT, site, log=lambda *a, **k: None, warn=lambda *a, **k: None)
    langs = [lang.code for lang in load_config(ROOT).languages]
    pages = options.pages or [lang + "/" + page for lang in langs for page in PAGES if (site / lang / page).exists()]
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
                               "--site", str(site), "--db", str(work / "tables.sqlite3")],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    try:
        _wait(base + pages[0])
        print(f"{'page':<20} {'perf':>5} {'a11y':>5} {'best':>5} {'seo':>5} {'LCP ms':>8} {'TBT ms':>8}")
        for path in pages:
            runs = [_audit(binary, base + path, work / "report.json") for _ in range(options.runs)]
            scores = {c: statistics.median(r[0][c] for r in runs) for c in CATEGORIES}
            lcp = statistics.median(r[1] for r in runs)
            tbt = statistics.median(r[2] for r in runs)
            print(f"{path:<20} {scores['performance']:>5.0f} {scores['accessibility']:>5.0f} "
                  f"{scores['best-practices']:>5.0f} {scores['seo']:>5.0f} {lcp:>8.0f} {tbt:>8.0f}", flush=True)
            failing = sorted({audit for r in runs for audit in r[3]})
            if failing:
                print(f"{'':<20} failing: {', '.join(failing)}", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
