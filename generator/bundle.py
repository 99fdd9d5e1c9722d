"""The game bundle stage: what every page needs to run the `game` package in the browser.

The game's Python runs in a Web Worker; the page's main thread runs only the start script and
the shim, which draws what the worker sends (docs/architecture.md). `build_game_assets(out_dir,
languages, game_messages)` writes, under `out_dir/static/`:

- `brython.<hash>.js`: Brython's runtime, from the brython.js of the installed `brython` PyPI
  package (never committed to git) less its Python compiler (`generator.runtime`): every module is
  compiled at build time, so nothing is compiled in the browser;
- `game.<hash>.js`: ONE site-wide bundle (`__BRYTHON__.$game.add(vfs, modules, order)`, see
  `generator.runtime.RUNNER`) holding, each compiled module as a JavaScript function, what the
  game needs to be ready (the engine, the table and its input) and the few standard-library
  modules the game imports (`STDLIB_MODULES`, copied from `brython_stdlib.js`); one file for
  every page and language;
- `game-more.<hash>.js`: the second bundle, the same format: the features the first screen does
  not need (the modules marked `BUNDLE = "later"`, generator/modules.py: dialogs, end of a hand,
  coach, lessons, statistics, daily deal, online play), which the worker loads once the game is
  ready (`game.web.app.app.App.need`);
- `game-ai.<hash>.js`: the computer players' bundle, the same format (`PLAYERS`), which the
  worker loads before the computer's first move (`game.web.app.thinker`);
- `game-worker.<hash>.js`: the Web Worker the game runs in (it loads brython.js and the first
  bundle, then `game.web.bridge.main`);
- `game-start.<hash>.js`, `game-shim.<hash>.js` and `game.<hash>.css`: the start script (every
  page), the shim it loads when the game may start (it owns the game area's DOM and starts the
  worker) and the game's stylesheet, copied from the templates' `static/` folder by the pipeline
  and renamed here (no inline script, so the pages run under `script-src 'self' 'unsafe-eval'`);
- `game-<lang>.<hash>.json`: per language, the `game` gettext domain as JSON, with its number
  of plural forms and its plural rule as a small expression tree (`generator.gamecatalog`,
  `generator.plurals`: evaluated by `game.web.words.i18n` without `eval`, in the build too).

Every name carries a hash of the file's content, so browsers may cache them forever and a
second language only downloads its catalogue. The function returns a `GameAssets` whose
paths are relative to the site root (e.g. `static/game.1a2b3c4d5e.js`); templates prefix them
with the page's path to the root. Two builds of the same inputs are byte-identical.
"""

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from generator import compiler, firstscreen
from generator.gamecatalog import page_catalog
from generator.modules import (
    ENTRY_MODULE,
    Module,
    import_order,
    later_roots,
    package_modules,
    reachable,
    split,
)
from generator.runtime import (
    brython_data_dir,
    brython_source,
    runtime_script,
    runtime_source,
)

ROOT = Path(__file__).resolve().parent.parent
GAME_DIR = ROOT / "game"

# The standard-library modules the game imports, copied into the bundle. Each one costs
# start-up time (importing `json` alone costs 0.67 s cold in Brython): keep this list short.
# `browser` and `javascript` are built into brython.js and need no entry.
# tests/browser/test_game.py fails when the page loads a module that is not listed here.
STDLIB_MODULES = ()

# Modules the page may hold that are built into brython.js (not copied from the stdlib file).
BUILTIN_MODULES = ("browser", "browser.html", "browser.aio", "javascript", "_sys", "sys",
                   "_importlib", "builtins", "__main__", "_warnings", "_suggestions")

@dataclass
class GameAssets:
    """Site-root-relative paths of the game's files (templates prefix them with the root).

    `styles` go into every page's head, and the `start` script (`defer`), which loads the
    `shim` when the game may start (site_templates/page.html); the shim starts the `worker`,
    which loads `worker_scripts` (the runtime and the first bundle), then the second bundle
    (`more`) and the computer players' (`players`) once the game is ready. The page's `#game`
    names them and its language's catalogue (`catalogs[lang]`)."""

    brython: str
    bundle: str
    start: str
    css: str
    catalogs: dict = field(default_factory=dict)  # lang code -> path of its JSON catalogue
    worker: str = ""
    players: str = ""
    first_screens: dict = field(default_factory=dict)  # lang code -> [FirstScreen] (generator.firstscreen)
    more: str = ""  # the second bundle, loaded by the worker once the game is ready ("": none)
    shim: str = ""

    @property
    def worker_scripts(self):
        return [self.brython, self.bundle]

    @property
    def styles(self):
        return [self.css]


def _hashed(name, data):
    stem, dot, ext = name.rpartition(".")
    digest = hashlib.sha256(data).hexdigest()[:10]
    return stem + "." + digest + dot + ext


def _write(static_dir, name, data):
    hashed = _hashed(name, data)
    (static_dir / hashed).write_bytes(data)
    return "static/" + hashed


# --- the game package ---------------------------------------------------------------------------

def _fingerprint(static_dir, name, minify=None):
    """Give a file the pipeline copied from the templates' static folder its content-hashed
    name (one cached copy for every page; no second, unhashed copy left behind), passed
    through `minify` (text -> text) if given."""
    source = static_dir / name
    data = source.read_bytes()
    source.unlink()
    if minify is not None:
        data = minify(data.decode("utf-8")).encode("utf-8")
    return _write(static_dir, name, data)


def stdlib_modules(names=None):
    """These modules (default `STDLIB_MODULES`) as found in the installed brython_stdlib.js: a
    `Module` for one written in Python, its VFS entry (kept as it is) for one in JavaScript."""
    names = STDLIB_MODULES if names is None else names
    if not names:
        return {}
    text = (brython_data_dir() / "brython_stdlib.js").read_text(encoding="utf-8")
    vfs = json.loads(text[text.index("{"): text.rindex("}") + 1])
    missing = [name for name in names if name not in vfs]
    if missing:
        raise KeyError("not in brython_stdlib.js: " + ", ".join(missing))
    found = {}
    for name in names:
        entry = vfs[name]
        if entry[0] == ".py":
            is_package = len(entry) > 3
            path = "Lib/" + name.replace(".", "/") + ("/__init__.py" if is_package else ".py")
            found[name] = Module(name, path, entry[1], tuple(entry[2]), is_package, tuple(entry[2]))
        else:
            found[name] = entry
    return found


# A function's `frame.positions`: the column span of each operation, for the carets (^^^) a
# traceback draws under the line's source text. The page has no source to draw them under
# (none is shipped), and Brython reads the list only where it may be missing (tracebacks, code
# objects), so it goes: 12 % of the compiled bundle's gzip. Tracebacks keep their files and lines.
_POSITIONS = re.compile(r"^[ \t]*frame\.positions *= *\[[\d,\[\]]*\][ \t]*\n", re.M)


def drop_positions(code):
    """The compiled module without its `frame.positions` lines (only lists of numbers match)."""
    return _POSITIONS.sub("", code)


def minify_js(code):
    """JavaScript without its comments, indentation and blank lines (rjsmin: strings, regexes
    and the line breaks JavaScript needs are kept). Measured on the compiled game: 15 % fewer
    characters, about 17 % less time for the page to parse them (`new Function`), 8 % less
    gzip and 5 % less brotli. brython.js itself is shipped as it is: minified the same way it
    loses 1 % of its bytes and no time."""
    import rjsmin

    return rjsmin.jsmin(code)


def _json(value):
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Bundles:
    """The texts of the three bundles (no Python source, every module compiled)."""

    first: str
    more: str
    players: str


def bundle_sources(package_dir=GAME_DIR, brython_js=None):
    """The game's three bundles (`Bundles`).

    The first holds the game modules the entry module reaches without the modules marked
    `BUNDLE = "later"`, and the stdlib modules; the second what only those reach (`split`);
    both leave out the computer players (`PLAYERS`), which are the third (not e.g.
    `game.ai.arena`, which nothing reaches). Each Python module gets an empty VFS entry
    (Brython's importer finds modules there) and its compiled code, as a function, in
    `__BRYTHON__.precompiled`, which the importer calls instead of compiling. All are compiled
    in one go (Brython's compiler numbers names across modules). Deterministic (see
    generator.compiler)."""
    if brython_js is None:
        brython_js = brython_source()
    modules = package_modules(package_dir)
    page = dict(stdlib_modules())
    first, more = split(modules)
    page.update(first)
    everything = dict(page)
    everything.update(more)
    everything.update(reachable(modules, (ENTRY_MODULE,) + later_roots(modules)))
    players = {name: m for name, m in everything.items() if name not in page and name not in more}
    python = {name: m for name, m in everything.items() if isinstance(m, Module)}
    compiled = compiler.compile_modules(
        {name: (m.filename, m.source, m.is_package) for name, m in python.items()}, brython_js)
    return Bundles(_bundle_text(page, compiled, "the game package, what the table needs to be ready",
                                import_order(page)),
                   # Its roots are run once it is loaded (game-worker.js gameImportLater): they
                   # declare the features' commands, effects, screens and hooks.
                   _bundle_text(more, compiled, "the game package, the features loaded once the table is ready",
                                sorted(later_roots(modules))),
                   _bundle_text(players, compiled, "the computer players"))


def bundle_source(package_dir=GAME_DIR, brython_js=None):
    """The page's first bundle alone (see bundle_sources)."""
    return bundle_sources(package_dir, brython_js).first


def _bundle_text(found, compiled, what, order=()):
    vfs, precompiled = {}, {}
    for name, module in found.items():
        if not isinstance(module, Module):
            vfs[name] = module  # a JavaScript module of the stdlib, run as it is
            continue
        function = module_function(name, minify_js(drop_positions(compiled[name])))
        vfs[name] = [".py", "", [], 1] if module.is_package else [".py", "", []]
        precompiled[name] = "[" + function + "]" if module.is_package else function
    modules = ",\n".join(_json(name) + ":" + precompiled[name] for name in sorted(precompiled))
    # `$game.add` (RUNNER) loads it, once the runtime has run.
    return (
        "// Gin Rummy: " + what + ", compiled to JavaScript at build time by Brython's compiler.\n"
        "__BRYTHON__.$game.add(\n"
        + _json(vfs) + ",\n{" + modules + "},\n" + _json(list(order)) + ");\n"
    )


def module_function(name, code):
    """A compiled module as the function the importer calls (MODULE_CALL): the code makes the
    module's namespace, `locals_<name>` (Brython's `$B.scope_name`), which the function returns."""
    namespace = "locals_" + re.sub(r"[^\w$]", "_", name)
    return "function(" + namespace + "){\n" + code + "\nreturn " + namespace + "}"


def _lang_code(language):
    return language if isinstance(language, str) else language.code


def build_game_assets(out_dir, languages, game_messages, glossary=None):
    """Write the game's files into `out_dir/static/` and return their paths (`GameAssets`).

    `languages`: language codes or `generator.config.Language` values; `game_messages`: each
    language's checked `game` messages (generator.catalogs.Messages, as the build loaded them),
    which become its JSON catalogue (generator.gamecatalog.page_catalog), with `glossary`'s
    links of that language ({code: generator.anchors.glossary_links}).
    """
    static_dir = Path(out_dir) / "static"
    static_dir.mkdir(parents=True, exist_ok=True)
    runtime = brython_source()
    brython = _write(static_dir, "brython.js", runtime_script(runtime_source(runtime)).encode("utf-8"))
    texts = bundle_sources(brython_js=runtime)
    bundle = _write(static_dir, "game.js", texts.first.encode("utf-8"))
    more = _write(static_dir, "game-more.js", texts.more.encode("utf-8"))
    players = _write(static_dir, "game-ai.js", texts.players.encode("utf-8"))
    # The scripts are written for their readers, comments and all: the pages get them without
    # (the start script is 3.3 -> 1.5 KB gzip, and every first page loads it).
    start = _fingerprint(static_dir, "game-start.js", minify_js)
    shim = _fingerprint(static_dir, "game-shim.js", minify_js)
    worker_js = _fingerprint(static_dir, "game-worker.js", minify_js)
    css = _fingerprint(static_dir, "game.css")
    paths, screens = {}, {}
    for language in languages:
        code = _lang_code(language)
        data = page_catalog(code, game_messages[code], (glossary or {}).get(code))
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        paths[code] = _write(static_dir, "game-" + code + ".json", text.encode("utf-8"))
        screens[code] = firstscreen.first_screens(data)
    return GameAssets(brython, bundle, start, css, paths, worker_js, players, screens, more, shim)
