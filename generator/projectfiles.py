"""The files a build reads: the project's own, never one outside it through a symbolic link.

Git carries symbolic links, so one line in a contribution (`static/host.txt -> /etc/hostname`,
`content/notes.md -> ~/notes.md`) would publish any file of the machine: a link whose target is
outside the project is refused, naming the link. A link inside the project is followed. A
dangling link (the lock file `.#rules.md` Emacs keeps beside a buffer with unsaved changes) and
a hidden file (`.draft.md`) are not read at all.
"""

from pathlib import Path

from generator.errors import BuildError


def check_inside(path, root):
    """Raise BuildError unless `path`, links followed, is inside the project folder `root`."""
    target = Path(path).resolve()
    if not target.is_relative_to(Path(root).resolve()):
        raise BuildError("a symbolic link to " + str(target) + ", outside the project: the build "
                         "reads only the project's own files; copy the file into the project or "
                         "remove the link", path)


def is_hidden(relative):
    """A name (or folder) starting with "." anywhere in the relative path: `.draft.md`, `.#x.md`."""
    return any(part.startswith(".") for part in Path(relative).parts)


def project_files(folder, pattern, root):
    """(files, skipped): the visible regular files of `folder` matching `pattern` (a glob, e.g.
    "*.md" or "**/*"), each checked with `check_inside`, sorted; and the hidden files and
    dangling links left out (an editor's lock file is one)."""
    folder = Path(folder)
    files, skipped = [], []
    for path in sorted(folder.glob(pattern)):
        if is_hidden(path.relative_to(folder)) or not path.exists():
            if path.is_symlink() or path.is_file():
                skipped.append(path)
            continue
        if path.is_file():
            check_inside(path, root)
            files.append(path)
    return files, skipped
