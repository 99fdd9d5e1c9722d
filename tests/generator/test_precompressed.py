"""Precompressed copies written by the build, and which one a request gets with which headers."""

import functools
import gzip
import http.client
import http.server
import threading

import brotli
import pytest

from generator.bundle import _hashed
from generator.cli import _Handler
from generator.precompressed import IMMUTABLE, accepted, choose, compress_site

TEXT = ("function f() { return 'the same line, again and again'; }\n" * 200).encode()


@pytest.fixture
def site(tmp_path):
    (tmp_path / "static").mkdir()
    (tmp_path / "en").mkdir()
    (tmp_path / "static" / _hashed("game.js", TEXT)).write_bytes(TEXT)
    (tmp_path / "static" / "lang.js").write_bytes(TEXT)
    (tmp_path / "static" / "tiny.css").write_bytes(b"a{}")
    (tmp_path / "static" / "logo.png").write_bytes(TEXT)  # not a text file: left alone
    (tmp_path / "en" / "index.html").write_bytes(b"<!doctype html><p>" + TEXT)
    compress_site(tmp_path)
    return tmp_path


def test_every_text_file_gets_smaller_copies_that_decompress_to_it(site):
    for path in (site / "static" / "lang.js", site / "en" / "index.html"):
        data = path.read_bytes()
        br = path.with_name(path.name + ".br").read_bytes()
        gz = path.with_name(path.name + ".gz").read_bytes()
        assert brotli.decompress(br) == data and gzip.decompress(gz) == data
        assert len(br) < len(data) and len(gz) < len(data)
    assert not (site / "static" / "tiny.css.br").exists(), "a copy no smaller is not written"
    assert not (site / "static" / "logo.png.gz").exists()


def test_copies_are_the_same_every_build(site, tmp_path_factory):
    other = tmp_path_factory.mktemp("again")
    (other / "lang.js").write_bytes(TEXT)
    compress_site(other)
    for suffix in (".br", ".gz"):
        assert (other / ("lang.js" + suffix)).read_bytes() == (site / "static" / ("lang.js" + suffix)).read_bytes()


@pytest.mark.parametrize("header, encoding", [
    ("gzip, deflate, br", "br"),
    ("gzip", "gzip"),
    ("br;q=0, gzip", "gzip"),
    ("gzip;q=1, br;q=0.5", "gzip"),
    ("*", "br"),
    ("identity", None),
    ("", None),
    (None, None),
])
def test_the_accepted_encoding_is_chosen(site, header, encoding):
    path = site / "static" / "lang.js"
    choice = choose(path, header)
    headers = dict(choice.headers)
    assert headers.get("Content-Encoding") == encoding
    suffix = {"br": ".br", "gzip": ".gz", None: ""}[encoding]
    assert choice.path == path.with_name("lang.js" + suffix)
    assert headers["Vary"] == "Accept-Encoding"  # caches must key on the header either way
    assert "javascript" in choice.media_type and "Cache-Control" not in headers


def test_hashed_assets_are_cached_for_a_year_and_others_not(site):
    hashed = site / "static" / _hashed("game.js", TEXT)
    assert dict(choose(hashed, "br").headers)["Cache-Control"] == IMMUTABLE
    assert "Cache-Control" not in dict(choose(site / "en" / "index.html", "br").headers)
    tiny = choose(site / "static" / "tiny.css", "br")
    assert tiny.path.name == "tiny.css" and dict(tiny.headers) == {}
    assert tiny.media_type == "text/css; charset=utf-8"


def test_accept_encoding_is_parsed_with_its_weights():
    assert accepted(" GZip ;q=0.8, br , x;q=bad") == {"gzip": 0.8, "br": 1.0, "x": 0.0}


def _get(port, path, encoding=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Accept-Encoding": encoding} if encoding else {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response, body


def test_generator_serve_sends_the_copies_with_their_headers(site):
    handler = functools.partial(type("Quiet", (_Handler,), {"log_message": lambda *a: None}),
                                directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    port = server.server_address[1]
    try:
        name = _hashed("game.js", TEXT)
        response, body = _get(port, "/static/" + name, "gzip, br")
        assert response.getheader("Content-Encoding") == "br"
        assert brotli.decompress(body) == TEXT
        assert int(response.getheader("Content-Length")) == len(body)
        assert "javascript" in response.getheader("Content-Type")
        assert response.getheader("Cache-Control") == IMMUTABLE
        response, body = _get(port, "/en/", "gzip")  # a folder: its index.html
        assert response.getheader("Content-Encoding") == "gzip"
        assert gzip.decompress(body).startswith(b"<!doctype html>")
        assert response.getheader("Content-Type") == "text/html; charset=utf-8"
        response, body = _get(port, "/static/lang.js")
        assert response.getheader("Content-Encoding") is None and body == TEXT
        assert response.getheader("Vary") == "Accept-Encoding"
        response, _ = _get(port, "/en", "br")
        assert response.status == 301
        response, _ = _get(port, "/missing.js", "br")
        assert response.status == 404 and response.getheader("Content-Encoding") is None
    finally:
        server.shutdown()
        server.server_close()

