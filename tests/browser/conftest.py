"""One built site, one local HTTP server and one headless Chromium per test session.

Chromium is Debian's (/usr/bin/chromium), driven by Playwright for Python; never
`playwright install`. Without it the browser tests fail (they never skip): `make test`
installs it first when it can (tests/ensure-system).
"""

import contextlib
import functools
import os
import socketserver
import sys
import threading
from pathlib import Path

import pytest

from generator import cli

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = ROOT / "tests" / "screenshots"
# Which languages a test runs in. A test of words, of what fits on a screen or of a language's
# own pages runs in each (LANGS). A test of what the game does runs in one, marked
# `# behaviour: one language`: the same code runs whatever the catalogue, and each of the
# languages takes its turn among those tests, so each is still played through every screen.
# (Three times each whole-hand scenario was a third of the browser suite's time.)
LANGS = ("en", "fr", "vi")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            # Once more after a failure (pytest-rerunfailures): a browser and a page's timers on
            # a loaded 2-core machine miss a wait now and then. A bug fails twice; the summary
            # names every rerun, and a test seen rerun is made steady (git log: "under load").
            item.add_marker(pytest.mark.flaky(reruns=1))


def _need_browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(CHROMIUM + " is missing and the browser tests need it; run: "
                    "sudo apt-get install chromium", pytrace=False)
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.fail("playwright (Python) is not installed; run: make install", pytrace=False)


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    _need_browser()
    from generator.build import build

    out = tmp_path_factory.mktemp("browser-site") / "site"
    build(ROOT, out, log=lambda *a, **k: None, warn=lambda *a, **k: None)
    return out


class _Quiet(cli._Handler):
    """`make serve`'s handler (security headers, 404 page), without the request log."""

    def log_message(self, *args):
        pass


class _Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True  # a test may serve another site on the same port right after

    def handle_error(self, request, client_address):
        # A page closed while a file was on its way (a test ends, a context closes): not a
        # fault of the site; its traceback only buried the run's output.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serving(folder, handler=_Quiet, port=0):
    """An HTTP server on 127.0.0.1 and `port` (0: a free one) for `folder`; yields its base URL."""
    server = _Server(("127.0.0.1", port), functools.partial(handler, directory=str(folder)))
    server.daemon_threads = True
    # Polled every 50 ms (not 0.5 s): a shutdown waits for one poll, at the end of each test
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:" + str(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def base_url(site):
    with serving(site) as url:
        yield url


# A browser that has played here before (empty preferences, the defaults): the tests play the
# game without its first-visit welcome, unless a context asks to be a newcomer's.
RETURNING = "try { if (localStorage.getItem('ginrummy.prefs') === null) localStorage.setItem('ginrummy.prefs', '{}'); } catch (e) {}"


class _Browser:
    """Chromium whose new contexts are a returning player's (`newcomer=True`: a first visit's)."""

    def __init__(self, chromium):
        self._chromium = chromium

    def __getattr__(self, name):
        return getattr(self._chromium, name)

    def new_context(self, newcomer=False, **options):
        context = self._chromium.new_context(**options)
        if not newcomer:
            context.add_init_script(RETURNING)
        return context


@pytest.fixture(scope="session")
def browser():
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield _Browser(chromium)
        chromium.close()


def in_worker(page, expression, arg=None):
    """Evaluate `expression` in the page's game worker (static/game-worker.js), where the game's
    Python runs (`__BRYTHON__` is there, never on the page)."""
    page.wait_for_function("document.querySelector('#game') && document.querySelector('#game').dataset.ready")
    workers = [w for w in page.workers if "game-worker" in w.url]
    assert workers, "the page runs no game worker"
    return workers[0].evaluate(expression, arg)


def before_worker(target, script):
    """Run `script` in the game's worker before its own (a route of the page's or the
    context's puts it first)."""
    def prefixed(route):
        response = route.fetch()
        route.fulfill(response=response, body=script + "\n" + response.text())
    target.route("**/static/game-worker.*.js", prefixed)


def store(page, key, value):
    """Write the browser's storage (`value` None: remove the key) as another tab of the site
    would: the game, in its worker, hears of it through the page's `storage` event (a page's
    own writes fire none)."""
    page.evaluate("""([k, v]) => { if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v);
        window.dispatchEvent(new StorageEvent('storage', {key: k, newValue: v, storageArea: localStorage})); }""",
                  [key, value])


class Console:
    """Console errors, uncaught page errors and failed requests of one page."""

    def __init__(self, page):
        self.errors = []
        self.bad = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append("pageerror: " + str(exc)))
        page.on("response", self._response)

    def _console(self, message):
        if message.type == "error":
            self.errors.append(message.text)

    def _response(self, response):
        if response.status >= 400:
            self.bad.append(response.url)

    def problems(self):
        return self.errors + ["HTTP error: " + url for url in self.bad]


@pytest.fixture
def context(browser):
    # No service worker here (tests/browser/test_offline.py has its own contexts): once one
    # controls a page, Playwright's routes no longer see that page's requests.
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    # The computer plays fast in tests (its pacing is for people).
    ctx.add_init_script("try { localStorage.setItem('ginrummy.pace', '15'); } catch (e) {}")
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    page.console = Console(page)
    page.set_default_timeout(20000)
    return page
