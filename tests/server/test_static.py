"""The table server sends the build's precompressed copies with their headers."""

import gzip
import urllib.request

import brotli

from generator.bundle import _hashed
from generator.precompressed import IMMUTABLE, compress_files
from tests.server.helpers import TIMEOUT, running

TEXT = ("var line = 'the same, again and again';\n" * 300).encode()


def _get(server, path, encoding=None):
    request = urllib.request.Request(server.origin + path)
    if encoding:
        request.add_header("Accept-Encoding", encoding)
    with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
        return dict(answer.headers), answer.read()


def test_the_accepted_copy_is_sent_with_its_headers(tmp_path):
    with running(tmp_path) as server:
        site = tmp_path / "site"
        (site / "static").mkdir()
        name = _hashed("game.js", TEXT)
        (site / "static" / name).write_bytes(TEXT)
        compress_files([site / "static" / name])
        headers, body = _get(server, "/static/" + name, "gzip, br")
        assert headers["content-encoding"] == "br" and brotli.decompress(body) == TEXT
        assert "javascript" in headers["content-type"]
        assert headers["cache-control"] == IMMUTABLE and headers["vary"] == "Accept-Encoding"
        assert "content-security-policy" in headers  # the server's own headers still added
        headers, body = _get(server, "/static/" + name, "gzip")
        assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == TEXT
        headers, body = _get(server, "/static/" + name)
        assert "content-encoding" not in headers and body == TEXT
        headers, body = _get(server, "/fr/", "br")  # no copy: sent as it is, not cached for long
        assert b"<title>fr</title>" in body and "content-encoding" not in headers
        assert "cache-control" not in headers
