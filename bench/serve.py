"""`make serve`'s loop: how long the dev server takes to rebuild the site after one file is
saved (in its warm process, as `python -m server --dev` does), per kind of file, and from the
save to the event that reloads the open pages."""

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

from server.dev import DevLoop

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5
EDITS = (  # what a translator (or a maintainer) saves
    ("one language's content.po", "locales/fr/LC_MESSAGES/content.po"),
    ("one language's site.po", "locales/fr/LC_MESSAGES/site.po"),
    ("one language's game.po", "locales/fr/LC_MESSAGES/game.po"),
    ("a content page", "content/faq.md"),
    ("a template", "site_templates/base.html"),
    ("a game module", "game/melds.py"),
)


def _touch(path):
    path.write_bytes(path.read_bytes())  # saved again: what the watcher sees


def main(argv=()):
    sys.path.insert(0, str(ROOT))
    from tests.server.dev_helpers import copy_project, running_dev

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        project = copy_project(tmp / "project")
        loop = DevLoop(project, tmp / "site", out=io.StringIO(), err=io.StringIO())
        started = time.perf_counter()
        loop.rebuild()
        print(f"first build in the server's process: "
              f"{time.perf_counter() - started:.2f} s")
        for label, relative in EDITS:
            times = []
            for _ in range(RUNS):
                _touch(project / relative)
                state = loop.rebuild()
                assert state.error is None, state.error
                times.append(state.seconds)
            print(f"rebuild after saving {label:26s} median {statistics.median(times):.2f} s, "
                  f"worst {max(times):.2f} s ({RUNS} runs)")
        catalogue = project / EDITS[0][1]
        with running_dev(project, tmp / "served", tmp / "tables.sqlite3") as server:
            with server.events() as events:
                version = next(events)["version"]
                times = []
                for _ in range(RUNS):
                    started = time.perf_counter()
                    _touch(catalogue)
                    while next(events)["version"] == version:
                        pass
                    version += 1
                    times.append(time.perf_counter() - started)
        print(f"save of {EDITS[0][0]} -> reload event: median {statistics.median(times):.2f} s, "
              f"worst {max(times):.2f} s ({RUNS} runs)")


if __name__ == "__main__":
    main(sys.argv[1:])
