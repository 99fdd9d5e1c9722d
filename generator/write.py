"""Atomic, non-destructive output: build into a temporary folder next to the target, swap it in.

A build that fails leaves the previous site exactly as it was; readers of the folder never see
a half-written site. A build only ever replaces a folder it made itself: every site it writes
holds a marker file (MARKER), and `check_target` refuses anything else that is not empty, the
project and the folders holding its sources, $HOME and /, before anything is touched.
"""

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from generator.errors import BuildError

MARKER = ".generator-site"
_MARKER_TEXT = ("Made by `python -m generator build`; the next build replaces this folder.\n"
                "pid {pid}\n")
# Folders of the project a site must never replace or be written into.
SOURCE_FOLDERS = ("content", "locales", "site_templates", "game", "generator", "tests", "docs",
                  "bench", ".git")


def check_target(target, root):
    """Raise BuildError unless `target` is new, empty, or a site this generator made."""
    target = Path(target).resolve()
    root = Path(root).resolve()
    protected = {Path("/"), Path.home().resolve()}
    if target in protected:
        raise BuildError("refusing to build into " + str(target) + ": choose a new folder, "
                         "e.g. --out site", target)
    if target == root or root.is_relative_to(target):
        raise BuildError("refusing to build into a folder holding the project: choose a new "
                         "folder, e.g. --out " + str(root / "site"), target)
    for name in SOURCE_FOLDERS:
        if target.is_relative_to(root / name):
            raise BuildError("refusing to build into the project's " + name + "/ folder: choose "
                             "a new folder, e.g. --out " + str(root / "site"), target)
    if not target.exists():
        return
    if not target.is_dir():
        raise BuildError("--out names a file, not a folder: choose a new folder", target)
    if (target / MARKER).is_file() or not any(target.iterdir()):
        return
    hint = " (a site built before this check? `make clean` removes it)" if target == root / "site" else ""
    raise BuildError("refusing to replace a folder this build did not make (no " + MARKER
                     + " in it): choose a new or empty folder, or delete this one yourself" + hint,
                     target)


@contextlib.contextmanager
def atomic_folder(target):
    """Yield a fresh folder; on success it replaces `target`, on any error it is deleted.

    Call `check_target` first. Leftovers of builds that were killed midway are removed.
    """
    target = Path(target).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale(target)
    work = Path(tempfile.mkdtemp(prefix=target.name + ".build-", dir=target.parent))
    (work / MARKER).write_text(_MARKER_TEXT.format(pid=os.getpid()), encoding="utf-8")
    try:
        yield work
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    (work / MARKER).write_text(_MARKER_TEXT.format(pid="-"), encoding="utf-8")  # reproducible
    work.chmod(0o755)  # mkdtemp makes it private; a site folder is served to everyone
    old = None
    if target.exists():
        old = Path(tempfile.mkdtemp(prefix=target.name + ".old-", dir=target.parent))
        os.replace(target, old / "site")
    os.replace(work, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def remove_stale(target):
    """Delete `<target>.build-*` / `.old-*` folders left by killed builds: only those holding
    our marker (never someone else's folder) and whose build is no longer running."""
    for kind, marker in ((".build-", MARKER), (".old-", "site/" + MARKER)):
        for path in target.parent.glob(target.name + kind + "*"):
            if path.is_dir() and (path / marker).is_file() and not _running(path / marker):
                shutil.rmtree(path, ignore_errors=True)


def _running(marker):
    """True while the build that wrote `marker` may still be running (a parallel build)."""
    words = marker.read_text(encoding="utf-8", errors="replace").split()
    pid = words[-1] if words else "-"
    if not pid.isdigit() or int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def write_text(root, relative, text):
    path = Path(root) / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
