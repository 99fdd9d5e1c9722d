"""Playing offline and from the home screen (generator/offline.py, site_templates/sw.js): after a
first visit every page of the language and the whole game work with the network off; a build
deployed while a page is open reaches the next page opened, never the match in play; the
manifest makes an installable app; `make serve` and the kill switch leave no worker behind."""

import shutil
import socket

import pytest
from playwright.sync_api import expect

from generator.build import build
from tests.browser.conftest import ARGS, CHROMIUM, LANGS, SCREENSHOTS, Console, serving
from tests.browser.test_game import PAGES, open_game, play_until, state, wait_idle
from tests.browser.test_progress import open_dialog
from tests.server.dev_helpers import copy_project, running_dev

pytestmark = pytest.mark.browser

OFFLINE_NOISE = "ERR_INTERNET_DISCONNECTED"  # the page asks whether a table server answers


def offline_context(browser, **options):
    """A context whose pages may register the service worker (the `context` fixture blocks it,
    so the other tests see the network as they always did)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow",
                              **options)
    ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
    return ctx


def new_page(ctx):
    page = ctx.new_page()
    page.console = Console(page)
    page.set_default_timeout(20000)
    return page


def problems(page):
    return [line for line in page.console.problems() if OFFLINE_NOISE not in line]


def controlled(page):
    """Wait until the service worker, its cache filled, controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)


# Nothing of the site's left in the browser: no worker, no cache of ours.
NOTHING_LEFT = """navigator.serviceWorker.getRegistrations().then(r => r.length === 0 ? caches.keys() : ['left'])
    .then(names => names.length === 0)"""


def eventually(page, script, seconds=20):
    """Wait until the promise `script` gives true (wait_for_function would take the promise
    itself for true): asked again every 100 ms, for `seconds` at most."""
    for _ in range(seconds * 10):
        if page.evaluate(script) is True:
            return
        page.wait_for_timeout(100)
    raise AssertionError("never true: " + script)


def cache_names(page):
    return page.evaluate("caches.keys()")


def registrations(page):
    return page.evaluate("navigator.serviceWorker.getRegistrations().then(all => all.map(r => r.scope))")


@pytest.mark.parametrize("lang", LANGS)
def test_after_a_first_visit_every_page_and_the_game_work_offline(browser, base_url, lang):
    ctx = offline_context(browser)
    page = new_page(ctx)
    open_game(page, base_url, lang)
    controlled(page)
    assert registrations(page) == [base_url + "/" + lang + "/"]  # the language's folder only
    ctx.set_offline(True)
    for path in PAGES:
        open_game(page, base_url, lang, path)
        assert page.get_attribute("#game", "data-lang") == lang
        assert page.evaluate("navigator.serviceWorker.controller !== null")
    # A whole hand against the computer (its Web Worker and the second bundle from the cache).
    open_game(page, base_url, lang, hash="#seed=77")
    final = play_until(page, lambda s: s["phase"] in ("hand_over", "match_over"))
    assert final["phase"] in ("hand_over", "match_over")
    assert page.locator("#game .g-end .g-scoreline").inner_text().strip()
    # Statistics, the daily deal, a lesson, two players on one device.
    open_dialog(page, "stats")
    page.keyboard.press("Escape")
    open_dialog(page, "daily")
    page.click('#game [data-act="play_daily"]')
    wait_idle(page)
    open_game(page, base_url, lang, hash="#train=guided")
    page.wait_for_selector("#game .g-lesson")
    page.click('#game [data-act="lesson_leave"]')
    page.click('#game [data-act="menu"]')
    page.select_option('#game select[data-act="mode"]', "duo")
    page.wait_for_function("document.querySelector('#game').dataset.mode === 'duo'")
    # The online table's invitation link says it needs the network and plays the computer.
    page.goto(base_url + "/" + lang + "/#table=ABC234")
    page.wait_for_selector("#game .g-notice")
    page.wait_for_function("document.querySelector('#game').dataset.mode === 'cpu'")
    assert page.evaluate("navigator.onLine") is False
    assert problems(page) == []
    ctx.close()


@pytest.mark.parametrize("lang, words", [("fr", "Page introuvable"), ("vi", "Không tìm thấy trang")])
def test_offline_a_mistyped_address_shows_the_language_s_404_page(browser, base_url, lang, words):
    ctx = offline_context(browser)
    page = new_page(ctx)
    open_game(page, base_url, lang)
    controlled(page)
    ctx.set_offline(True)
    response = page.goto(base_url + "/" + lang + "/nope.html")
    assert response.status == 404 and response.from_service_worker
    assert page.get_attribute("html", "lang") == lang
    expect(page.locator("h1")).to_have_text(words)
    # Online the server answers (its own 404 page, passed on by the worker).
    ctx.set_offline(False)
    response = page.goto(base_url + "/" + lang + "/nope.html?online")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text(words)
    ctx.close()


def test_online_words_for_no_network(browser, base_url, site):
    ctx = offline_context(browser)
    page = new_page(ctx)
    open_game(page, base_url, "fr")
    controlled(page)
    ctx.set_offline(True)
    page.goto(base_url + "/fr/#table=ABC234")
    notice = page.locator("#game .g-notice p")
    expect(notice).to_contain_text("demande une connexion à Internet")
    assert state(page)["phase"]  # the computer's table is drawn under it
    ctx.close()


def test_the_worker_never_answers_the_api_or_another_language(browser, base_url):
    ctx = offline_context(browser)
    page = new_page(ctx)
    open_game(page, base_url, "en")
    controlled(page)
    served = []
    page.on("response", lambda r: served.append((r.url, r.from_service_worker)))
    page.evaluate("fetch('/api/tables').catch(() => null)")
    page.evaluate("fetch('/tables.json').catch(() => null)")
    page.evaluate("fetch('/static/site.css')")
    page.wait_for_timeout(200)
    by_url = dict(served)
    assert by_url[base_url + "/api/tables"] is False
    assert by_url[base_url + "/tables.json"] is False
    assert by_url[base_url + "/static/site.css"] is True
    names = cache_names(page)
    assert len(names) == 1 and names[0].startswith("ginrummy-en-")
    ctx.set_offline(True)
    response = None
    try:
        response = page.goto(base_url + "/fr/rules.html")
    except Exception:  # noqa: BLE001 -- offline and never cached: the browser's own error
        pass
    assert response is None
    ctx.close()


def test_clear_saved_data_clears_the_offline_copies(browser, base_url):
    ctx = offline_context(browser)
    page = new_page(ctx)
    open_game(page, base_url, "en")
    controlled(page)
    assert cache_names(page)
    open_dialog(page, "clear")
    page.click('#game [data-act="confirm_clear"]')
    eventually(page, NOTHING_LEFT)
    ctx.close()


def _project_with(tmp_path, change):
    project = copy_project(tmp_path / "project")
    change(project)
    return project


def _quiet(*args, **kwargs):
    pass


def test_a_new_build_reaches_the_next_page_never_the_match_in_play(browser, site, tmp_path):
    served = tmp_path / "served"
    shutil.copytree(site, served)
    with serving(served) as url:
        ctx = offline_context(browser)
        page = new_page(ctx)
        open_game(page, url, "en", hash="#seed=5")
        controlled(page)
        old_assets = page.get_attribute("html", "data-assets")
        start = 'script[src*="game-start."]'
        old_start = page.get_attribute(start, "src").removeprefix("../")  # static/game-start.<hash>.js

        def restyled(project):  # a new stylesheet and a new start script
            static = project / "site_templates" / "static"
            for name, line in (("game.css", ".g-new-build { color: #123456; }"),
                               ("game-start.js", "window.gameNewBuild = true;")):
                text = (static / name).read_text(encoding="utf-8")
                (static / name).write_text(text + "\n" + line + "\n", encoding="utf-8")

        build(_project_with(tmp_path, restyled), served, log=_quiet, warn=_quiet)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        note = page.locator(".update-note p")
        expect(note).to_have_text("A new version of the game is ready: the next page you open uses it.",
                                  timeout=60000)
        # The open page keeps its build: its files are still at hand though the server's are
        # gone, and the match goes on.
        assert not (served / old_start).exists()
        # (no-store: past the HTTP cache, which may hold it too, to the worker's previous cache)
        assert page.evaluate("u => fetch(u, {cache: 'no-store'}).then(r => r.status)", "../" + old_start) == 200
        assert page.evaluate("window.gameNewBuild") is None
        before = state(page)
        play_until(page, lambda s: s != before and s["turn"] in ("me", "other"), limit=50)
        assert page.get_attribute("html", "data-assets") == old_assets
        page.click('.update-note button:text("Later")')  # it covered the table's buttons
        expect(page.locator(".update-note")).to_be_empty()
        seed = state(page)["seed"]
        # The next page opened is the new build's, and restores the same match.
        open_game(page, url, "en", "rules.html")
        assert page.get_attribute("html", "data-assets") != old_assets
        assert page.get_attribute(start, "src").removeprefix("../") != old_start
        assert page.evaluate("window.gameNewBuild") is True
        assert state(page)["seed"] == seed
        css = page.evaluate("[...document.styleSheets].map(s => s.href).filter(Boolean)")
        assert any("game." in href and (served / "static" / href.rsplit("/", 1)[1]).exists() for href in css)
        # Offline, the new build's pages come from its cache.
        ctx.set_offline(True)
        open_game(page, url, "en", "faq.html")
        assert page.get_attribute("html", "data-assets") != old_assets
        assert problems(page) == []
        ctx.close()


def test_the_kill_switch_removes_the_worker_for_every_visitor(browser, site, tmp_path):
    served = tmp_path / "served"
    shutil.copytree(site, served)
    with serving(served) as url:
        ctx = offline_context(browser)
        page = new_page(ctx)
        open_game(page, url, "fr")
        controlled(page)

        def switched_off(project):
            toml = project / "site.toml"
            toml.write_text(toml.read_text(encoding="utf-8").replace("offline = true", "offline = false"),
                            encoding="utf-8")

        build(_project_with(tmp_path, switched_off), served, log=_quiet, warn=_quiet)
        assert "retire" in (served / "sw.js").read_text(encoding="utf-8")
        open_game(page, url, "fr", "rules.html")
        eventually(page, NOTHING_LEFT)
        ctx.close()


def test_a_page_under_make_serve_unregisters_the_worker(browser, site, tmp_path):
    """The same address served first as the site (its worker registers), then by make serve
    (server --dev): the page drops the worker and its caches, and is no longer controlled."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    ctx = offline_context(browser)
    page = new_page(ctx)
    with serving(site, port=port) as url:
        open_game(page, url, "fr")
        controlled(page)
        assert cache_names(page)
    project = copy_project(tmp_path / "project")
    with running_dev(project, tmp_path / "site", tmp_path / "tables.sqlite3", port=port) as server:
        assert server.origin == url
        # The worker still answers this navigation: network first, its copy if the dev server
        # is slower than its timeout (a loaded machine, a rebuild), so a few tries at most.
        for _ in range(5):
            open_game(page, url, "fr", "rules.html")
            if page.get_attribute("html", "data-offline") is None:
                break
        assert page.get_attribute("html", "data-offline") is None  # as make serve sent it
        eventually(page, NOTHING_LEFT)
        page.goto("about:blank")  # no page of the worker's left: it is gone
        open_game(page, url, "fr")
        assert page.evaluate("navigator.serviceWorker.controller") is None
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
        # (no-store: the HTTP cache may still hold the site's sw.js from the first server)
        assert page.evaluate("fetch('/sw.js', {cache: 'no-store'}).then(r => r.status)") == 404
    ctx.close()


@pytest.fixture(scope="module")
def profile(browser, tmp_path_factory):
    """A browser with a profile on disk (Chromium installs no app in an incognito context), as
    a phone: 360x740, touch."""
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path_factory.mktemp("profile")), executable_path=CHROMIUM, args=ARGS,
        viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True)
    ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
    ctx.add_init_script("addEventListener('beforeinstallprompt', () => { window.installPrompt = true; })")
    yield ctx
    ctx.close()


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_installs_as_an_app_that_opens_the_table_offline(profile, base_url, lang):
    """Chromium's installability check passes and it offers to install (beforeinstallprompt);
    then the app is installed and launched (CDP's PWA domain) and opens the table offline. A
    screenshot of it, 360x740, is saved in tests/screenshots/ for a person to look at: headless
    Chromium draws an app's window as a plain viewport (it reports display-mode: browser), and
    no style of the site depends on the display mode, so the viewport is what the installed
    app shows full screen under the phone's status bar."""
    page = new_page(profile)
    open_game(page, base_url, lang)
    controlled(page)
    cdp = profile.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"] == base_url + "/" + lang + "/manifest.webmanifest"
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    page.wait_for_function("window.installPrompt === true")
    app = cdp.send("Page.getAppId")["appId"]
    assert app == base_url + "/" + lang + "/"  # one app per language
    cdp.send("PWA.install", {"manifestId": app, "installUrlOrBundleUrl": app})
    with profile.expect_page() as launched:
        cdp.send("PWA.launch", {"manifestId": app})
    installed = launched.value
    installed.console = Console(installed)
    profile.set_offline(True)
    try:
        installed.reload()
        installed.wait_for_selector("#game[data-ready=true]")
        wait_idle(installed)
        assert installed.url.split("#")[0] == app
        SCREENSHOTS.mkdir(exist_ok=True)
        installed.screenshot(path=str(SCREENSHOTS / f"installed-{lang}-360x740.png"))
    finally:
        profile.set_offline(False)
    assert problems(installed) == [] and problems(page) == []
    installed.close()
    page.close()
