"""The one error a build or a translator command reports: a message about a file and line."""

import errno
from pathlib import Path


class BuildError(Exception):
    """Bad input: the site is not written; `str()` is `path:line: message` for the terminal."""

    def __init__(self, message, path=None, line=None):
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line

    def __str__(self):
        where = self.path or ""
        if self.path and self.line:
            where += ":" + str(self.line)
        return where + ": " + self.message if where else self.message


_NO_SPACE = "no space left on the disk: free some space and build again"
_MACHINE = {
    errno.ENOSPC: _NO_SPACE,
    errno.EDQUOT: _NO_SPACE.replace("no space left on the disk", "the disk quota is used up"),
    errno.EROFS: "the file system is read-only: build into another folder (--out)",
}


def machine_error(exc, out):
    """A BuildError for an OSError of the machine (space, permissions, a read-only disk) met
    while building into `out`: what to do, at the file it concerns (`out` for the site and the
    build's temporary folders beside it), instead of a traceback."""
    out = Path(out).absolute()
    name = Path(exc.filename).absolute() if exc.filename else None
    writing = name is None or _in_output(name, out)
    if exc.errno in (errno.EACCES, errno.EPERM):
        advice = ("permission denied: make the folder writable for this user, or build into "
                  "another folder (--out)") if writing else "permission denied: make the file readable"
    else:
        advice = _MACHINE.get(exc.errno, (exc.strerror or str(exc)) + ": check the folder and build again")
    return BuildError(advice + (" (the previous site is kept)" if writing else ""),
                      out if writing else name)


def _in_output(path, out):
    """True for the output folder, its parent, or the `<out>.build-*`, `<out>.old-*` folders."""
    if path == out.parent:
        return True
    for part in (path, *path.parents):
        if part.parent == out.parent and (part.name == out.name or part.name.startswith(
                (out.name + ".build-", out.name + ".old-"))):
            return True
    return False
