"""`make serve`'s loop in a real browser: an open page reloads by itself after a catalogue is
saved, shows a broken catalogue's file:line over the last good page, and clears it once the
file is fixed (the reload script runs under the pages' CSP: no console error)."""

import pytest
from playwright.sync_api import expect

from tests.server.dev_helpers import TIMEOUT, Catalogue, copy_project, running_dev

pytestmark = pytest.mark.browser
WAIT = TIMEOUT * 1000  # ms: a rebuild takes a second or two on a loaded machine


def test_an_open_page_follows_the_catalogue(page, tmp_path):
    project = copy_project(tmp_path / "project")
    catalogue = Catalogue(project)
    skip = page.locator("a.skip")
    overlay = page.locator("#dev-build-error")
    with running_dev(project, tmp_path / "site", tmp_path / "tables.sqlite3") as server:
        page.goto(server.origin + "/fr/rules.html")
        expect(skip).to_have_text("Aller au contenu")
        page.evaluate("window.notReloaded = true")

        catalogue.skip_link("Aller au texte")
        expect(skip).to_have_text("Aller au texte", timeout=WAIT)
        assert page.evaluate("window.notReloaded") is None  # the page was reloaded
        page.evaluate("window.notReloaded = true")

        catalogue.break_it()
        expect(overlay).to_be_visible(timeout=WAIT)
        expect(overlay.locator("pre")).to_contain_text(
            f"locales/fr/LC_MESSAGES/site.po:{catalogue.line}: invalid .po syntax")
        assert page.evaluate("window.notReloaded")  # the last good page stays
        expect(skip).to_have_text("Aller au texte")

        catalogue.skip_link("Aller au contenu principal")
        expect(skip).to_have_text("Aller au contenu principal", timeout=WAIT)
        expect(overlay).to_have_count(0)
    assert page.console.problems() == []


_VISIBILITY = """hidden => {
    Object.defineProperty(document, "hidden", {get: () => hidden, configurable: true});
    document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_a_hidden_page_waits_until_it_is_shown(page, tmp_path):
    # A hidden tab holds no stream (a browser opens 6 connections per server at most).
    project = copy_project(tmp_path / "project")
    catalogue = Catalogue(project)
    skip = page.locator("a.skip")
    with running_dev(project, tmp_path / "site", tmp_path / "tables.sqlite3") as server:
        page.goto(server.origin + "/fr/")
        expect(skip).to_have_text("Aller au contenu")
        page.evaluate("window.notReloaded = true")
        page.evaluate(_VISIBILITY, True)
        with server.events() as events:
            assert next(events)["version"] == 1
            catalogue.skip_link("Aller au texte")
            while next(events)["version"] == 1:
                pass
        assert page.evaluate("window.notReloaded")  # the build is done, the hidden page waits
        expect(skip).to_have_text("Aller au contenu")
        page.evaluate(_VISIBILITY, False)
        expect(skip).to_have_text("Aller au texte", timeout=WAIT)
    assert page.console.problems() == []
