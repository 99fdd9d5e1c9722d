"""The game runs our modules as compiled at build time: Brython compiles no Python of ours, in
the worker the game runs in."""

import traceback
from pathlib import Path

import pytest

from game.cards import parse_card
from generator.modules import ENTRY_MODULE, package_modules, reachable
from tests.browser.conftest import before_worker, in_worker
from tests.browser.test_game import open_game, play_until

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

# Runs in the worker before brython.js: every call of Brython's compiler (py2js) is recorded
# with its filename.
COMPILE_HOOK = """
self.__compiled = [];
var B = self.__BRYTHON__ = {};
Object.defineProperty(B, "py2js", {configurable: true, get() { return this.__py2js; },
  set(f) { this.__py2js = function (src) {
    self.__compiled.push(typeof src == "object" ? String(src.filename) : "<" + typeof src + ">");
    return f.apply(this, arguments); }; }});
"""


def test_no_module_is_compiled_in_the_worker(context, page, base_url):
    before_worker(context, COMPILE_HOOK)
    open_game(page, base_url, "en", hash="#seed=12")
    # A whole hand, so the modules imported late (dialogs, computer players) ran as well.
    play_until(page, lambda s: s["phase"] in ("hand_over", "match_over"))
    compiled = in_worker(page, "self.__compiled")
    imported = in_worker(page, "Object.keys(__BRYTHON__.imported)")
    ours = reachable(package_modules())
    assert set(ours) & set(imported), "the hook sees the game's modules"
    assert ENTRY_MODULE in imported and "game.ai.hard" in imported
    # Nothing at all is compiled (the worker imports the entry module without a line of
    # Python), and the runtime has no parser to compile with.
    assert compiled == [], compiled
    assert in_worker(page, "typeof __BRYTHON__.Parser") == "undefined"
    # Nor does our Python touch what every object inherits: Brython keeps an object's method
    # wrappers in a map on it, and one on Object.prototype is shared by all (game.web.bridge.main).
    assert in_worker(page, "Object.getOwnPropertySymbols(Object.prototype).length") == 0
    assert page.evaluate("typeof window.__BRYTHON__") == "undefined"  # the page runs no Python
    assert _problems(page) == []


def _problems(page):
    """The page's problems, less the table-server probe: on a static host `GET /api/status`
    answers 404 by design (docs/online.md); any other failed request is still listed by URL."""
    return [p for p in page.console.problems()
            if not p.startswith("Failed to load resource") and not p.endswith("/api/status")]


def test_a_traceback_names_our_file_and_line(page, base_url):
    try:
        parse_card("zz")
    except ValueError as exc:
        last = traceback.extract_tb(exc.__traceback__)[-1]
    expected = 'File "' + Path(last.filename).relative_to(ROOT).as_posix() + '", line ' + str(last.lineno) \
        + ", in " + last.name
    open_game(page, base_url, "en")
    # Called from JavaScript (nothing compiles Python), printed as the worker prints a failed
    # task: Brython's show_error.
    in_worker(page, """() => { const B = __BRYTHON__;
        try { B.$call(B.$getattr(B.imported["game.cards"], "parse_card"), "zz"); }
        catch (err) { B.show_error(err); } }""")
    page.wait_for_function("() => true")
    errors = [e for e in page.console.errors if "Traceback" in e]
    assert errors, page.console.errors
    assert expected in errors[0], errors[0]
    assert "ValueError: not a card: 'zz'" in errors[0]
