"""A content-addressed cache of the build's slow, pure steps (compiling a module to JavaScript,
compressing a file): the same input always gives the same output, so a result found under the
hash of its input is reused. It turns a rebuild after editing one .po file from seconds into
well under one (Brotli at quality 11 on brython.js alone takes seconds).

The cache lives in `.cache/build/` of the project (gitignored); deleting it is always safe.
`GINRUMMY_BUILD_CACHE=off` turns it off (the benchmark of a cold build does).
"""

import hashlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE_DIR = ROOT / ".cache" / "build"


def key(*parts):
    """The hash of these inputs (bytes or text), one cache entry's name."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def enabled():
    return os.environ.get("GINRUMMY_BUILD_CACHE", "on") != "off"


def get(kind, name):
    """The bytes stored for `name` (a `key`) of this kind, or None."""
    if not enabled():
        return None
    try:
        return (CACHE_DIR / kind / name).read_bytes()
    except OSError:
        return None


def put(kind, name, data):
    """Keep `data` for `name`; a cache that cannot be written is simply not used."""
    if not enabled():
        return
    folder = CACHE_DIR / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / (name + ".part" + str(os.getpid()))
        partial.write_bytes(data)
        os.replace(partial, folder / name)  # whole or absent, even with two builds at once
    except OSError:
        pass


def cached(kind, name, compute):
    """`compute()` (bytes), or what it gave last time for the same `name`."""
    found = get(kind, name)
    if found is None:
        found = compute()
        put(kind, name, found)
    return found
