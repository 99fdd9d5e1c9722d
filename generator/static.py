"""Which files of `site_templates/static/` are published: an explicit list of web file types.

Everything else stays out of the site and is named in the build log, so a stray `.env`, an
editor backup (`site.css~`, `.bak`, `.swp`) or a dotfile folder (`.git/`) is never served.
To publish a new kind of asset, add its pattern to PUBLISHED.
"""

from fnmatch import fnmatchcase
from pathlib import Path

from generator.errors import BuildError
from generator.projectfiles import check_inside

# No *.json or *.txt: a stray `service-account.json` or `notes.txt` would be served to everyone
# (the site's own JSON and text files, tables.json, robots.txt, are written by the build).
PUBLISHED = ("*.css", "*.js", "*.svg", "*.png", "*.webp", "*.ico", "*.woff2")
# The files the game bundle stage (generator.bundle) takes from here, and what each one is.
REQUIRED = {"game-start.js": "the game's start script", "game-worker.js": "the computer's worker",
            "game.css": "the game's stylesheet"}


def is_published(relative):
    """True for a file whose every path part is visible and whose name matches PUBLISHED."""
    parts = Path(relative).parts
    return (not any(part.startswith(".") for part in parts)
            and any(fnmatchcase(parts[-1], pattern) for pattern in PUBLISHED))


def minify_css(text):
    """A stylesheet without its comments and needless spaces (rcssmin, PyPI: made for this, and
    it keeps strings, `url()`s and hacks as they are). Measured on the game's stylesheet: 26 %
    less gzip (7.0 -> 5.2 KB), what a first page needs before the game is ready."""
    import rcssmin

    return rcssmin.cssmin(text)


def copy_static(source, destination, root):
    """Copy the published files in a stable order, stylesheets minified, the others byte for
    byte; return the paths of the files left out. A link whose target is outside the project
    folder `root` is refused (generator.projectfiles); a dangling one is skipped."""
    for name, what in REQUIRED.items():
        if not (Path(source) / name).is_file():
            path = Path(source) / name
            shown = path.relative_to(root) if path.is_relative_to(root) else path
            raise BuildError(what + " is missing: restore it (git checkout -- " + str(shown) + ")", path)
    left_out = []
    for path in sorted(Path(source).rglob("*")):
        if not path.is_file():
            continue
        relative = path.relative_to(source)
        if not is_published(relative):
            left_out.append(path)
            continue
        check_inside(path, root)
        out = Path(destination) / relative
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".css":
            out.write_text(minify_css(path.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            out.write_bytes(path.read_bytes())
    return left_out
