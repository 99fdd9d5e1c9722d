"""The security headers of `make serve` hold in a real browser: the game still runs under the
header CSP, and another origin cannot frame a page (a <meta> policy alone could not forbid it)."""

import http.server

import pytest

from tests.browser.conftest import serving
from tests.browser.test_game import open_game

pytestmark = pytest.mark.browser


class _PlainQuiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _framed(page, framer_dir, target):
    (framer_dir / "index.html").write_text('<!doctype html><iframe src="' + target + '"></iframe>')
    with serving(framer_dir, _PlainQuiet) as framer:  # another origin: another port
        page.goto(framer + "/index.html")
        page.wait_for_load_state("load")
        frame = page.frames[1]
        return frame.evaluate("document.title") if frame.url == target else None


def test_another_origin_cannot_frame_a_page(page, site, base_url, tmp_path):
    target = base_url + "/en/rules.html"
    assert _framed(page, tmp_path, target) is None
    # The same page served without the headers is framed: the test can fail.
    with serving(site, _PlainQuiet) as plain:
        assert _framed(page, tmp_path, plain + "/en/rules.html")


def test_the_game_runs_under_the_header_policy(page, base_url):
    response = page.goto(base_url + "/en/rules.html")
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    open_game(page, base_url, "en", "rules.html")
    assert page.locator("#game").count() == 1
    assert page.console.problems() == []
