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
    HASHED,
    IMMUTABLE,
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
    assert headers["Strict-Transport-Security"].startswith("max-age=63072000")
    assert headers["Permissions-Policy"] == "camera=(), microphone=(), geolocation=(), payment=(), usb=()"
    assert headers["Cross-Origin-Opener-Policy"] == headers["Cross-Origin-Resource-Policy"] == "same-origin"


def test_connect_src_adds_an_origin_for_the_table_server():
    policy = directives(content_security_policy(connect_src="ws://127.0.0.1:8001"))
    assert policy["connect-src"] == "'self' ws://127.0.0.1:8001"
    assert directives(content_security_policy())["connect-src"] == "'self'"


def test_the_meta_policy_is_the_header_less_what_a_meta_cannot_carry():
    header, meta = directives(content_security_policy()), directives(meta_policy())
    assert "frame-ancestors" not in meta  # browsers ignore it in <meta> and log an error
    assert meta == {k: v for k, v in header.items() if k != "frame-ancestors"}


def test_the_build_writes_the_headers_file(project):
    (project / "site_templates" / "static" / "extra.0123456789.css").write_text("p{}\n")
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    text = (site / "_headers").read_text(encoding="utf-8")
    assert text.startswith("/*\n")
    for name, value in security_headers().items():
        assert f"\n  {name}: {value}\n" in text
    # Each file named by its hash gets a year's cache; an unhashed one (site.css) none.
    hashed = sorted(p.name for p in (site / "static").iterdir() if re.search(HASHED, p.name))
    assert hashed and all(f"\n/static/{name}\n  Cache-Control: {IMMUTABLE}\n" in text for name in hashed)
    assert "/static/site.css" not in text and text.count("Cache-Control") == len(hashed)
    assert text == headers_file(["static/" + name for name in hashed])


def test_nginx_with_the_guide_s_lines_sends_the_headers_and_caches_hashed_files(tmp_path):
    """Debian's nginx, configured as docs/deploy.md says: every header on a page and on a
    hashed file (nginx drops inherited add_header lines in a block with its own), and the long
    cache on the hashed file only."""
    import os
    import socket
    import subprocess
    import time
    import urllib.error
    import urllib.request

    from server.cluster import NGINX, _user_name

    site = tmp_path / "site"
    (site / "static").mkdir(parents=True)
    (site / "index.html").write_text("<p>home</p>")
    (site / "static" / "game.0123456789.js").write_text("1")
    run = tmp_path / "run"
    run.mkdir()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    temp = "".join(f"{name}_temp_path {run}/{name};\n" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = f"user {_user_name()};\n" if os.geteuid() == 0 else ""
    conf = run / "nginx.conf"
    conf.write_text(f"{user}pid {run}/nginx.pid;\nerror_log stderr crit;\nevents {{}}\nhttp {{\n"
                    f"include /etc/nginx/mime.types;\naccess_log off;\n{temp}server {{\n"
                    f"listen 127.0.0.1:{port};\nroot {site};\n{nginx_snippet()}}}\n}}\n")
    os.chmod(tmp_path, 0o755)
    nginx = subprocess.Popen([NGINX, "-p", str(run), "-c", str(conf), "-g", "daemon off;"])
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).headers
        script = urllib.request.urlopen(f"http://127.0.0.1:{port}/static/game.0123456789.js", timeout=5).headers
    finally:
        nginx.terminate()
        nginx.wait(timeout=10)
    for name, value in security_headers().items():
        assert (page[name], script[name]) == (value, value), name
    assert script["Cache-Control"] == IMMUTABLE and page["Cache-Control"] is None


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
