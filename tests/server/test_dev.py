"""The translator's loop (`python -m server --dev`, `make serve`): a change rebuilds the site, a
failed build keeps the last good one served and reports its file and line, open pages hear of
both; without --dev the server adds nothing."""

import io

from server.dev import DevLoop, inject, located
from tests.server.dev_helpers import (
    Catalogue,
    copy_project,
    page_build,
    running_dev,
)
from tests.server.helpers import running


def _until(events, wanted):
    for event in events:
        if wanted(event):
            return event
    raise AssertionError("the event stream ended")


def test_a_failed_rebuild_keeps_the_last_good_site_and_says_where(tmp_path):
    project = copy_project(tmp_path / "project")
    site = tmp_path / "site"
    catalogue = Catalogue(project)
    loop = DevLoop(project, site, out=io.StringIO(), err=io.StringIO())
    assert loop.rebuild().version == 1
    catalogue.skip_link("Aller au texte")
    state = loop.rebuild()
    assert (state.version, state.error) == (2, None)
    good = (site / "fr" / "index.html").read_bytes()
    assert b"Aller au texte" in good

    catalogue.break_it()
    state = loop.rebuild()
    assert state.version == 2  # no new good build
    assert state.error.startswith(f"locales/fr/LC_MESSAGES/site.po:{catalogue.line}: invalid .po syntax")
    assert (site / "fr" / "index.html").read_bytes() == good
    assert f"error: locales/fr/LC_MESSAGES/site.po:{catalogue.line}:" in loop.err.getvalue()

    catalogue.skip_link("Aller au contenu principal")
    state = loop.rebuild()
    assert (state.version, state.error) == (3, None)
    assert b"Aller au contenu principal" in (site / "fr" / "index.html").read_bytes()


def test_errors_other_than_build_errors_are_located_too(tmp_path):
    error = SyntaxError("invalid syntax", (str(tmp_path / "game" / "melds.py"), 12, 4, "def ("))
    assert located(error, tmp_path) == "game/melds.py:12: SyntaxError: invalid syntax"
    try:
        exec(compile("1 / 0", str(tmp_path / "game" / "rules.py"), "exec"))
    except ZeroDivisionError as exc:
        assert located(exc, tmp_path) == "game/rules.py:1: ZeroDivisionError: division by zero"


def test_the_reload_tag_goes_at_the_end_of_the_head():
    page = b"<html><head><title>t</title></head><body></body></html>"
    assert inject(page, 7) == (b'<html><head><title>t</title><script src="/__dev/reload.js" '
                               b'data-build="7" defer></script>\n</head><body></body></html>')
    assert inject(b"<p>no head</p>", 1).startswith(b"<p>no head</p><script ")


def test_dev_mode_serves_no_service_worker(tmp_path):
    # The built site has one, but a translator must always see the latest build: the page
    # loses the attribute that registers it (its start script then unregisters any worker).
    page = b'<!DOCTYPE html>\n<html lang="fr" data-offline="../sw.js" data-assets="abc">\n<head></head>'
    assert inject(page, 1).startswith(b'<!DOCTYPE html>\n<html lang="fr" data-assets="abc">\n<head>')
    project = copy_project(tmp_path / "project")
    with running_dev(project, tmp_path / "site", tmp_path / "tables.sqlite3") as server:
        assert (tmp_path / "site" / "sw.js").is_file()
        status, _, _ = server.get("/sw.js")
        assert status == 404
        status, _, body = server.get("/fr/rules.html")
        assert status == 200 and b"data-offline" not in body and b"data-assets" in body


def test_a_saved_catalogue_rebuilds_and_the_event_stream_tells_the_pages(tmp_path):
    project = copy_project(tmp_path / "project")
    catalogue = Catalogue(project)
    with running_dev(project, tmp_path / "site", tmp_path / "tables.sqlite3") as server:
        status, headers, body = server.get("/fr/")
        assert status == 200 and page_build(body) == 1
        assert "script-src 'self' 'unsafe-eval'" in headers["content-security-policy"]
        with server.events() as events:
            assert next(events) == {"version": 1, "error": None}

            catalogue.skip_link("Aller au texte")
            event = _until(events, lambda event: event["version"] > 1)
            assert event["error"] is None
            _, _, body = server.get("/fr/")
            assert b"Aller au texte" in body and page_build(body) == event["version"]

            catalogue.break_it()
            failed = _until(events, lambda event: event["error"])
            assert failed["version"] == event["version"]
            assert failed["error"].startswith(f"locales/fr/LC_MESSAGES/site.po:{catalogue.line}: ")
            status, _, body = server.get("/fr/")  # the last good site, still served
            assert status == 200 and b"Aller au texte" in body

            catalogue.skip_link("Aller au contenu principal")
            fixed = _until(events, lambda event: event["version"] > failed["version"])
            assert fixed["error"] is None
            _, _, body = server.get("/fr/")
            assert b"Aller au contenu principal" in body
        # The stream stays open until the server stops: stopping must end it (checked on exit).
        with server.events() as events:
            assert next(events) == fixed


def test_dev_pages_come_whole_with_the_script_and_its_files(tmp_path):
    project = copy_project(tmp_path / "project")
    with running_dev(project, tmp_path / "site", tmp_path / "tables.sqlite3") as server:
        # As a browser asks: the build's .br/.gz copies could not take the tag.
        status, headers, body = server.get("/fr/rules.html", {"Accept-Encoding": "br, gzip"})
        assert "content-encoding" not in headers and body.lower().startswith(b"<!doctype html")
        etag = headers.get("etag")
        assert page_build(body) == 1 and int(headers["content-length"]) == len(body)
        assert headers["cache-control"] == "no-store" and etag is None
        # A browser's conditional request still gets the page (a 304 would keep an old build).
        status, _, again = server.get("/fr/rules.html", {"If-Modified-Since": headers["date"]})
        assert status == 200 and again == body
        status, _, missing = server.get("/fr/no-such-page.html")
        assert status == 404 and page_build(missing) == 1  # the site's 404 page reloads too
        for path, kind in (("/__dev/reload.js", "javascript"), ("/__dev/reload.css", "text/css")):
            status, headers, _ = server.get(path)
            assert status == 200 and kind in headers["content-type"]
            assert "content-security-policy" in headers
        status, _, css = server.get("/static/site.css")  # only HTML gets the tag
        assert status == 200 and css == (tmp_path / "site" / "static" / "site.css").read_bytes()


def test_without_dev_the_server_adds_nothing(tmp_path):
    with running(tmp_path) as server:
        status, _, body = server.get("/")
        assert status == 200 and b"__dev" not in body
        for path in ("/__dev/reload.js", "/__dev/events"):
            assert server.get(path)[0] == 404
