"""Security headers: one table (generator.headers) for `make serve`, `_headers`, nginx and <meta>."""

import functools
import http.server
import re
import threading
import urllib.error
import urllib.request

import pytest

from generator import build, cli
from generator.headers import (
    content_security_policy,
    headers_file,
    meta_policy,
    nginx_snippet,
    security_headers,
)
from tests.generator.conftest import REPO, quiet


def directives(policy):
    return dict(part.strip().split(" ", 1) for part in policy.split(";"))


def test_the_policy_forbids_framing_base_and_foreign_forms():
    headers = security_headers()
    policy = directives(headers["Content-Security-Policy"])
    assert policy["frame-ancestors"] == "'none'"
    assert policy["base-uri"] == "'none'"
    assert policy["form-action"] == "'self'"
    assert policy["script-src"] == "'self' 'unsafe-eval'" and "unsafe-inline" not in str(policy)
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"


def test_connect_src_adds_an_origin_for_the_table_server():
    policy = directives(content_security_policy(connect_src="ws://127.0.0.1:8001"))
    assert policy["connect-src"] == "'self' ws://127.0.0.1:8001"
    assert directives(content_security_policy())["connect-src"] == "'self'"


def test_the_meta_policy_is_the_header_less_what_a_meta_cannot_carry():
    header, meta = directives(content_security_policy()), directives(meta_policy())
    assert "frame-ancestors" not in meta  # browsers ignore it in <meta> and log an error
    assert meta == {k: v for k, v in header.items() if k != "frame-ancestors"}


def test_the_build_writes_the_headers_file(project):
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    text = (site / "_headers").read_text(encoding="utf-8")
    assert text == headers_file()
    assert text.startswith("/*\n")
    for name, value in security_headers().items():
        assert f"\n  {name}: {value}\n" in text


def test_the_deploy_guide_shows_the_current_nginx_snippet():
    guide = (REPO / "docs" / "deploy.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```nginx\n(.*?)```", guide, flags=re.S)
    assert blocks[0] == nginx_snippet()  # the 404 rules follow (tests/generator/test_notfound.py)


@pytest.fixture
def served(tmp_path):
    (tmp_path / "index.html").write_text("<p>home</p>")
    (tmp_path / "404.html").write_text("<p>lost</p>")

    class Quiet(cli._Handler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(Quiet, directory=str(tmp_path)))
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_serve_sends_the_headers_on_pages_and_on_404(served):
    with urllib.request.urlopen(served) as response:
        for name, value in security_headers().items():
            assert response.headers[name] == value
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(served + "nowhere")
    assert info.value.code == 404 and info.value.read() == b"<p>lost</p>"
    assert info.value.headers["Content-Security-Policy"] == content_security_policy()
