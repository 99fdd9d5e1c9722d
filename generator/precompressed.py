"""Precompressed copies of the site's text files, and which copy to serve with which headers.

The build writes `name.br` (Brotli, quality 11) and `name.gz` (gzip, level 9) beside every text
file they make smaller (`compress_site`), so a server never compresses on the fly. A server
then asks `choose(path, accept_encoding)` which file to send for a request that maps to `path`
and which headers to add: `Content-Encoding` when it sends a compressed copy, `Vary:
Accept-Encoding` whenever a copy exists, and the long-cache `Cache-Control` of a hashed asset
(its name carries a hash of its content, see generator.bundle: it never changes).

Servers: `python -m generator serve` (`HandlerMixin`, for http.server) and any other (e.g. a
Starlette app: `FileResponse(c.path, media_type=c.media_type, headers=dict(c.headers))`).
"""

import gzip
import mimetypes
import os
import re
from dataclasses import dataclass
from pathlib import Path

import brotli

from generator import cache
from generator.headers import HASHED, IMMUTABLE

# Server preference among the encodings a request accepts equally: Brotli is smaller.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
TEXT_SUFFIXES = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt")
# name.<10 hex digits>.ext: the names generator.bundle gives (`_hashed`); the cache they get
# is generator.headers' (the hosts' `_headers` and nginx's too).
_HASHED = re.compile(HASHED)


def _compressors():
    return {
        ".br": lambda data: brotli.compress(data, quality=11),
        # mtime=0: no timestamp in the file, so two builds are byte-identical.
        ".gz": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
    }


def compress_site(site_dir):
    """Write the .br and .gz copies of every text file under `site_dir` that they make smaller.

    Returns the number of files written."""
    return compress_files(p for p in sorted(Path(site_dir).rglob("*"))
                          if p.is_file() and p.suffix in TEXT_SUFFIXES)


def compress_files(paths):
    """Write the .br and .gz copies of these files where they are smaller; how many were written."""
    written = 0
    compressors = _compressors()
    for path in paths:
        path = Path(path)
        data = path.read_bytes()
        digest = cache.key(data)
        for _, suffix in ENCODINGS:
            packed = cache.cached("compressed" + suffix, digest,
                                  lambda suffix=suffix, data=data: compressors[suffix](data))
            if len(packed) < len(data):
                path.with_name(path.name + suffix).write_bytes(packed)
                written += 1
    return written


@dataclass(frozen=True)
class Choice:
    """What to send for one request: this file, as this media type, with these extra headers."""

    path: Path
    media_type: str
    headers: tuple = ()  # (name, value) pairs


def accepted(accept_encoding):
    """{encoding: q} of an Accept-Encoding header (`*` included; q=0 means refused)."""
    found = {}
    for item in (accept_encoding or "").split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        found[name] = q
    return found


def choose(path, accept_encoding):
    """The file to send for a request mapped to the file `path`, given its Accept-Encoding."""
    path = Path(path)
    media_type, encoding = mimetypes.guess_type(path.name)
    if encoding or not media_type:  # e.g. a .gz copy asked for by its own name
        media_type = "application/octet-stream"
    if media_type.startswith("text/") or media_type in ("application/javascript", "application/json",
                                                          "image/svg+xml", "application/xml"):
        media_type += "; charset=utf-8"
    headers = []
    if _HASHED.search(path.name):
        headers.append(("Cache-Control", IMMUTABLE))
    variants = [(name, path.with_name(path.name + suffix)) for name, suffix in ENCODINGS]
    variants = [(name, file) for name, file in variants if file.is_file()]
    if not variants:
        return Choice(path, media_type, tuple(headers))
    headers.append(("Vary", "Accept-Encoding"))
    wanted = accepted(accept_encoding)
    best = None
    for name, file in variants:
        q = wanted.get(name, wanted.get("*", 0.0))
        if q > 0 and (best is None or q > best[0]):
            best = (q, name, file)
    if best is None:
        return Choice(path, media_type, tuple(headers))
    return Choice(best[2], media_type, tuple(headers) + (("Content-Encoding", best[1]),))


class HandlerMixin:
    """For an http.server.SimpleHTTPRequestHandler: serve the precompressed copy a request
    accepts, with `choose`'s headers. Put it before the handler class in the bases."""

    _choice = None

    def translate_path(self, path):
        found = super().translate_path(path)
        self._choice = None
        if os.path.isdir(found) and self.path.split("?", 1)[0].endswith("/"):
            found = os.path.join(found, "index.html")  # what send_head serves for a folder
        if os.path.isfile(found):
            self._choice = choose(found, self.headers.get("Accept-Encoding"))
            return str(self._choice.path)
        return found

    def guess_type(self, path):
        if self._choice is not None and str(self._choice.path) == str(path):
            return self._choice.media_type
        return super().guess_type(path)

    def end_headers(self):
        if self._choice is not None:
            for name, value in self._choice.headers:
                self.send_header(name, value)
        super().end_headers()
