"""The table server sends the build's precompressed copies with their headers."""

import gzip
import urllib.error
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


def test_an_unknown_address_gets_its_languages_404_page(tmp_path):
    with running(tmp_path) as server:
        site = tmp_path / "site"
        for lang in ("fr", "vi"):
            (site / lang / "404.html").write_text(f"<!doctype html><title>404 {lang}</title>")
        compress_files([site / "vi" / "404.html"])
        for path, title in (("/vi/luat.html", b"404 vi"), ("/fr/a/b/c", b"404 fr"),
                            ("/en/nope.html", b"not here"), ("/nope.html", b"not here"),
                            ("/static/gone.js", b"not here"), ("/de/x.html", b"not here")):
            status, headers, body = server.get(path)
            assert (status, title) == (404, body.split(b"<title>")[1].split(b"</title>")[0]), path
            assert "content-security-policy" in headers, path
        request = urllib.request.Request(server.origin + "/vi/gone/", headers={"Accept-Encoding": "br"})
        try:
            urllib.request.urlopen(request, timeout=TIMEOUT)
        except urllib.error.HTTPError as error:
            assert error.code == 404 and error.headers["content-encoding"] == "br"
            assert b"404 vi" in brotli.decompress(error.read())
        else:
            raise AssertionError("no 404")
        assert server.get("/vi/")[0] == 200
