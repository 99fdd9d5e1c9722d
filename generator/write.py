"""Atomic output: build into a temporary folder next to the target, swap it in at the end.

A build that fails leaves the previous site exactly as it was; readers of the folder
never see a half-written site.
"""

import contextlib
import os
import shutil
import tempfile
from pathlib import Path


@contextlib.contextmanager
def atomic_folder(target):
    """Yield a fresh folder; on success it replaces `target`, on any error it is deleted."""
    target = Path(target).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=target.name + ".build-", dir=target.parent))
    try:
        yield work
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    work.chmod(0o755)  # mkdtemp makes it private; a site folder is served to everyone
    old = None
    if target.exists():
        old = Path(tempfile.mkdtemp(prefix=target.name + ".old-", dir=target.parent))
        os.replace(target, old / "site")
    os.replace(work, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def write_text(root, relative, text):
    path = Path(root) / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


def copy_tree(source, destination):
    """Copy static files byte for byte, in a stable order."""
    for path in sorted(Path(source).rglob("*")):
        if path.is_file():
            out = Path(destination) / path.relative_to(source)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(path.read_bytes())
