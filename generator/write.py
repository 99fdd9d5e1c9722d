"""Atomic, non-destructive output: build into a temporary folder next to the target, swap it in.

A build that fails leaves the previous site exactly as it was; readers of the folder never see
a half-written site, nor no site: the new folder and the old one trade places in one step
(Linux `renameat2(RENAME_EXCHANGE)`), so a server always finds one of them, and two builds
swapping at the same moment each succeed. Where that call is missing (another system, a file
system without it) the swap is two renames, which builds in the same folder take turns for
(a lock on the parent folder); a reader may then miss the site between them.

A build only ever replaces a folder it made itself: every site it writes holds a marker file
(MARKER), and `check_target` refuses anything else that is not empty, the project and the
folders holding its sources, $HOME and /, before anything is touched.
"""

import contextlib
import ctypes
import errno
import os
import shutil
import stat
import tempfile
from pathlib import Path

from generator.errors import BuildError

MARKER = ".generator-site"
_MARKER_TEXT = "Made by `python -m generator build`; the next build replaces this folder.\n"
# Folders of the project a site must never replace or be written into; so is any hidden
# folder of the project (.ci, .cache) and any holding Python modules.
SOURCE_FOLDERS = ("content", "locales", "site_templates", "game", "generator", "server", "tests",
                  "docs", "bench", ".ci", ".git", ".venv")


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
    if target.is_relative_to(root):
        top = root / target.relative_to(root).parts[0]
        if _is_source(top):
            raise BuildError("refusing to build into the project's " + top.name + "/ folder: "
                             "choose a new folder, e.g. --out " + str(root / "site"), target)
    ancestor = next(folder for folder in (target, *target.parents) if folder.exists())
    if ancestor != target and not ancestor.is_dir():
        raise BuildError("--out is inside " + str(ancestor) + ", which is a file, not a folder: "
                         "choose another folder", target)
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


def _is_source(folder):
    """A folder of the project's top level that holds its sources (see SOURCE_FOLDERS)."""
    if folder.name in SOURCE_FOLDERS or folder.name.startswith("."):
        return True
    return folder.is_dir() and not (folder / MARKER).is_file() and any(folder.glob("*.py"))


@contextlib.contextmanager
def atomic_folder(target, warn=None):
    """Yield a fresh folder; on success it replaces `target`, on any error it is deleted.

    Call `check_target` first. Leftovers of builds that were killed midway are removed; the
    previous site, once swapped out, is deleted (`warn` names it if it cannot be)."""
    target = Path(target).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale(target)
    work = Path(tempfile.mkdtemp(prefix=target.name + ".build-", dir=target.parent))
    # Held until the swap is done: a parallel build sees the folder is in use (remove_stale);
    # the system drops it when the process ends, however it ends.
    with _lock(work, wait=True):
        try:
            (work / MARKER).write_text(_MARKER_TEXT, encoding="utf-8")
            yield work
            work.chmod(0o755)  # mkdtemp makes it private; a site folder is served to everyone
            with _lock(target.parent, wait=True):
                old = _swap(work, target)
        except BaseException:
            _remove(work)
            raise
    if old is not None and not _remove(old) and warn is not None:
        warn("warning: the previous site, moved to " + str(old) + ", could not be deleted: "
             "delete it yourself (the next build tries again)")


def _swap(work, target):
    """Put `work` at `target`; return where the previous site now is (to delete), or None.
    Builds in one folder take turns for it (the caller holds the folder's lock)."""
    try:
        os.rename(work, target)  # no site there yet (or an empty folder)
        return None
    except OSError as exc:
        if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
            raise
    if exchange(work, target):
        return work
    old = Path(tempfile.mkdtemp(prefix=target.name + ".old-", dir=target.parent))
    try:
        os.replace(target, old / "site")
    except BaseException:
        old.rmdir()
        raise
    os.replace(work, target)
    return old


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def exchange(first, second):
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    if renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(second))


@contextlib.contextmanager
def _lock(folder, wait):
    """An advisory lock on a folder (flock), held for the block: with `wait`, taken when the
    holder lets go; else yields False at once when another holds it (True: taken)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no locks, builds do not run side by side
        yield True
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except FileNotFoundError:
        yield False
        return
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(descriptor)


def _remove(folder):
    """Delete a folder of ours, read-only parts included; True when it is gone."""
    def writable_and_retry(function, path, error):
        if function not in (os.rmdir, os.unlink, os.remove) or isinstance(error[1], FileNotFoundError):
            return  # gone already (a parallel build deleted it too)
        for each in (os.path.dirname(path), path):
            with contextlib.suppress(OSError):
                os.chmod(each, os.stat(each, follow_symlinks=False).st_mode | stat.S_IWUSR | stat.S_IXUSR)
        with contextlib.suppress(OSError):
            function(path)

    shutil.rmtree(folder, onerror=writable_and_retry)
    return not os.path.lexists(folder)


def remove_stale(target):
    """Delete `<target>.build-*` / `.old-*` folders left by killed builds: only those holding
    our marker (never someone else's folder) and no running build's (it holds the folder's
    lock), and the empty `.old-*` folders a swap that failed midway left."""
    for kind, marker in ((".build-", MARKER), (".old-", "site/" + MARKER)):
        for path in target.parent.glob(target.name + kind + "*"):
            if not path.is_dir():
                continue
            with _lock(path, wait=False) as free:
                if free and (path / marker).is_file():
                    _remove(path)
                    continue
            if kind == ".old-":
                with _lock(target.parent, wait=True), contextlib.suppress(OSError):
                    path.rmdir()  # only when empty; a swap makes and fills one under the lock


def write_text(root, relative, text):
    path = Path(root) / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


def write_bytes(root, relative, data):
    path = Path(root) / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
