"""Site build speed: a cold build of every language (no build cache), a rebuild that finds the
compiled bundle and the compressed copies in the build cache, and the cost of each added language."""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXTRA_LANGUAGES = ("de", "es", "it")  # throw-away copies of fr's catalogues
RUNS = 5


def _quiet(*args, **kwargs):
    pass


def _cold_build(root, out, cache="off"):
    """Wall time of `python -m generator build` in a fresh interpreter (imports included)."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "--root", str(root), "build", "--out", str(out)],
                   cwd=ROOT, check=True, capture_output=True, env=dict(os.environ, GINRUMMY_BUILD_CACHE=cache))
    return time.perf_counter() - started


def _warm_build(root, out):
    from generator import build

    started = time.perf_counter()
    build.build(root, out, log=_quiet, warn=_quiet)
    return time.perf_counter() - started


def _project_copy(folder):
    root = Path(folder) / "project"
    root.mkdir()
    for name in ("site.toml", "babel.cfg"):
        shutil.copy(ROOT / name, root / name)
    for name in ("site_templates", "content", "locales"):
        shutil.copytree(ROOT / name, root / name)
    return root


def main():
    with tempfile.TemporaryDirectory() as folder:
        root = _project_copy(folder)
        out = Path(folder) / "site"
        cold = statistics.median(_cold_build(root, out) for _ in range(RUNS))
        languages = len(list((root / "locales").glob("*/LC_MESSAGES")))
        print(f"cold build, {languages} languages (new interpreter, imports included, no build cache): {cold:.3f} s")
        _cold_build(root, out, cache="on")  # fills the cache
        again = statistics.median(_cold_build(root, out, cache="on") for _ in range(RUNS))
        print(f"rebuild, game/ unchanged (new interpreter, the build cache used): {again:.3f} s")
        _warm_build(root, out)  # imports and first-use caches, so the slope measures languages only
        counts, times = [], []
        for extra in (None, *EXTRA_LANGUAGES):
            if extra:
                shutil.copytree(root / "locales" / "fr", root / "locales" / extra)
            counts.append(len(list((root / "locales").glob("*/LC_MESSAGES"))))
            times.append(statistics.median(_warm_build(root, out) for _ in range(RUNS)))
            print(f"in-process build, {counts[-1]} languages: {times[-1]:.3f} s")
        slope = statistics.linear_regression(counts, times).slope
        print(f"extra cost per added language: {slope * 1000:.1f} ms")


if __name__ == "__main__":
    main()
