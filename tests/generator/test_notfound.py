"""Each language has its own 404 page, and every server and host config sends the one of the
address's language (generator.notfound)."""

import functools
import http.server
import re
import threading
import urllib.error
import urllib.request

import pytest

from generator import build, cli
from generator.config import load_config
from generator.notfound import nginx_snippet, not_found_page, redirects_file
from tests.generator.conftest import REPO, quiet


@pytest.fixture
def site(project):
    build.build(project, project / "site", log=quiet, warn=quiet)
    return project / "site"


def test_each_language_has_its_own_404_page_in_its_language(site):
    for lang, title in (("en", "<h1>Page not found</h1>"), ("fr", "<h1>[fr] Page not found</h1>"),
                        ("vi", "<h1>[vi] Page not found</h1>")):
        page = (site / lang / "404.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in page and title in page


def test_the_build_writes_netlifys_rules_for_the_languages(site):
    text = (site / "_redirects").read_text(encoding="utf-8")
    assert text == redirects_file(["en", "fr", "vi"], "/")
    assert text.splitlines() == ["/en/*  /en/404.html  404", "/fr/*  /fr/404.html  404",
                                 "/vi/*  /vi/404.html  404"]
    assert redirects_file(["fr"], "/gin/") == "/gin/fr/*  /gin/fr/404.html  404\n"


def test_the_page_is_chosen_by_the_first_folder(site):
    assert not_found_page(site, "/vi/luat.html") == site / "vi" / "404.html"
    assert not_found_page(site, "fr/a/b/c") == site / "fr" / "404.html"
    for path in ("/nope.html", "/vi", "/static/gone.js", "/de/x.html", "/../vi/x", "/./x/y"):
        assert not_found_page(site, path) == site / "404.html", path
    assert not_found_page(site / "nowhere", "/vi/x") is None


@pytest.fixture
def served(site):
    class Quiet(cli._Handler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("path, lang", [("/vi/luat.html", "vi"), ("/fr/x/y", "fr"), ("/nope", "en")])
def test_the_dev_server_sends_the_addresss_language_404_page(served, site, path, lang):
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(served + path)
    assert info.value.code == 404
    assert f'<html lang="{lang}"'.encode() in info.value.read()


def test_the_deploy_guide_shows_the_current_nginx_rules():
    guide = (REPO / "docs" / "deploy.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```nginx\n(.*?)```", guide, flags=re.S)
    config = load_config(REPO)
    assert nginx_snippet([lang.code for lang in config.languages], config.base_path) in blocks
