"""Brython's runtime as the page runs it: the installed package's brython.js, changed at build time.

`runtime_script(runtime_source(brython_source()))` is the text of `static/brython.<hash>.js`:
- without its Python compiler, code generator and the builtins' docstrings (`runtime_source`):
  every module is compiled at build time (`generator.compiler`), so the page compiles nothing;
- with an importer that runs a precompiled module given as a function (`run_module_functions`),
  how `generator.bundle` writes them; two start-up costs moved (`TIME_ZONE`, `FINALIZE_TYPES`);
- in parts, which the start script runs a few per task (`runtime_script`, `RUNNER`).

Each change replaces a text found exactly once in brython.js; a Brython upgrade that moves one
stops the build with its name rather than ship a runtime that may not start.
"""
from pathlib import Path


def brython_data_dir():
    """The `data` folder of the installed `brython` package (brython.js, brython_stdlib.js)."""
    import brython

    path = Path(brython.__file__).resolve().parent / "data"
    if not (path / "brython.js").is_file():
        raise FileNotFoundError("brython.js not found in the installed brython package: " + str(path))
    return path


def brython_source():
    """The text of the installed package's brython.js (what the runtime and the compiler come from)."""
    return (brython_data_dir() / "brython.js").read_text(encoding="utf-8")


# brython.js marks where its Python compiler (symbol table, parser, PEG grammar) begins and ends.
COMPILER_START = "// >>> brython compiler chain"
COMPILER_END = "// <<< brython compiler chain"
# Before that section, its code generator (the `to_js` of every AST node and the helpers only
# they call) runs from this function to the end of its module, just before COMPILER_START; the
# runtime's name lookups (`$B.resolve_local`, `$B.resolve_in_scopes`, ...) come before it.
CODEGEN_START = "function mark_parents(node)"
MODULE_END = "})(__BRYTHON__)"
# How Brython's importer runs a precompiled module: from its text, by `new Function`, which the
# page parses and compiles function by function as each is first called, and never caches.
# Our bundles hold each module as a function instead (`module_function`), which the importer
# calls: the browser compiles it with the rest of its file, and caches it compiled.
# Measured (Lighthouse mobile, the Play page, 3-4 runs each): total blocking time 680-800 ms
# with texts, 220-460 ms with functions and the hint.
MODULE_CALL = 'mod_js+="return "+prefix+parent_id\nvar $module=new Function(prefix+parent_id,mod_js)('
MODULE_CALL_FUNCTION = ('var $module=(typeof mod_js=="function"?mod_js:'
                        'new Function(prefix+parent_id,mod_js+"return "+prefix+parent_id))(')
# Brython works out the time zone's name at start (for its `time` module, which the game never
# imports) with Intl.DateTimeFormat, whose first use loads the locale's data: 25-35 ms measured,
# most of the runtime's first part and one long task on a phone. The runtime works it out when
# it is first read instead, as the same value. The getter is not enumerable: the runtime's own
# walk over `$B`'s properties (which marks its arrays as Python lists) would read it at start.
TIME_ZONE = """var date=new Date()
var formatter=new Intl.DateTimeFormat($B.language,{timeZoneName:'short'}),short=formatter.format(date)
formatter=new Intl.DateTimeFormat($B.language,{timeZoneName:'long'})
var long=formatter.format(date)
var ix=0,minlen=Math.min(short.length,long.length)
while(ix < minlen && short[ix]==long[ix]){ix++}
$B.tz_name=long.substr(ix).trim()"""
TIME_ZONE_ON_DEMAND = ("Object.defineProperty($B,'tz_name',{configurable:true,enumerable:false,get:function(){\n"
                       + TIME_ZONE.replace("$B.tz_name=", "var tz_name=")
                       + "\nObject.defineProperty($B,'tz_name',{value:tz_name,writable:true,configurable:true,"
                         "enumerable:true})\nreturn tz_name}})")
# Brython finalizes every builtin type in one loop (its MRO, descriptors, slot wrappers): 40 ms
# measured, the page's longest start-up task. Each type becomes a part of its own, run next
# and in the same order (RUNNER: the start script yields between parts every 8 ms).
FINALIZE_TYPES = """for(var ns of[$B.builtin_types,$B.created_types]){for(var name in ns){var cls=ns[name]
$B.finalize_type(cls)}}"""
FINALIZE_TYPES_IN_PARTS = """var types=[]
for(var ns of[$B.builtin_types,$B.created_types]){for(var name in ns){types.push(ns[name])}}
$B.$parts.unshift(...types.map(function(cls){return function(){$B.finalize_type(cls)}}))"""
# After it, the builtins' docstrings (`help()` and `__doc__` texts the game never shows).
DOCS_START, DOCS_END = "var docs={", "for(var key in docs)"


def _section(text, start, end, what):
    """(first, after) of the text from `start` up to `end`, or ValueError naming what is missing."""
    first = text.find(start)
    last = text.find(end, first) if first >= 0 else -1
    if first < 0 or last < 0:
        raise ValueError("brython.js has no '" + start + "' ... '" + end + "' section (" + what + "): "
                         "this Brython version cannot be shipped without its compiler; see "
                         "generator/runtime.py runtime_source")
    return first, last


def runtime_source(brython_js):
    """brython.js without its compiler: what a page needs to run modules compiled at build time.

    Three parts go: the compiler chain brython.js marks (symbol table, parser, grammar), the
    code generator just before it, and the builtins' docstrings. Measured on the site: 84 KB
    less gzip (286 -> 203 KB) and 45 % less script for the page to parse and run. The page
    cannot compile Python any more (no `exec`, no `<script type="text/python">`), so the start
    script imports the entry module by Brython's `$B.$__import__`, which compiles nothing.
    Its importer runs the bundles' modules as functions (`run_module_functions`).
    After a Brython upgrade that moves a marker the build stops here, saying which, rather than
    ship a runtime that may not start (tests/browser/test_precompiled.py plays a hand on it)."""
    start, end = _section(brython_js, COMPILER_START, COMPILER_END, "the compiler chain")
    codegen, _ = _section(brython_js, CODEGEN_START, COMPILER_START, "the code generator")
    module_end = brython_js.rfind(MODULE_END, codegen, start)
    if module_end < 0 or codegen > start:
        raise ValueError("brython.js: the code generator ('" + CODEGEN_START + "') does not end before '"
                         + COMPILER_START + "'; see generator/runtime.py runtime_source")
    runtime = brython_js[:codegen] + brython_js[module_end:start] + brython_js[end:]
    docs, docs_end = _section(runtime, DOCS_START, DOCS_END, "the builtins' docstrings")
    docs_end = runtime.index("\n", docs_end)
    runtime = run_module_functions(runtime[:docs] + runtime[docs_end:])
    runtime = _replace_once(runtime, TIME_ZONE, TIME_ZONE_ON_DEMAND, "TIME_ZONE",
                            "its time zone name is no longer worked out at start")
    return _replace_once(runtime, FINALIZE_TYPES, FINALIZE_TYPES_IN_PARTS, "FINALIZE_TYPES",
                         "it no longer finalizes its builtin types in one loop")


def _replace_once(text, old, new, name, what):
    """`text` with `old`, found exactly once, replaced by `new`; else ValueError naming it."""
    if text.count(old) != 1:
        raise ValueError("brython.js: " + what + " ('" + old[:60].replace("\n", " ") + "...'): this "
                         "runtime cannot be patched; see generator/runtime.py " + name)
    return text.replace(old, new)


def run_module_functions(brython_js):
    """brython.js whose importer runs a precompiled module given as a function (`MODULE_CALL`);
    one given as a text (none of ours) still runs as before."""
    return _replace_once(brython_js, MODULE_CALL, MODULE_CALL_FUNCTION, "MODULE_CALL",
                         "its importer no longer runs a precompiled module with this line, so "
                         "the bundles' modules cannot be functions")


# brython.js joins its source files with a line holding a lone ";" (checked: each part compiles
# on its own, tests/generator/test_bundle.py); the first one starts the runtime proper.
PART_SEPARATOR = "\n;\n"
FIRST_PART = "\n(function($B){"

# Appended to the runtime: `__BRYTHON__.$game`, how the start script runs the runtime part by
# part and how a bundle that arrives before the runtime has run waits for it.
RUNNER = r"""
// generator/runtime.py: the runtime above is in parts, run in order by $game.run, a few per
// task when a budget (ms) is given, so the page's main thread is never held long; a game
// bundle that comes first ($game.add) is loaded once they have run.
(function (B) {
  var waiting = [], script = typeof document == "undefined" ? null : document.currentScript;
  // Where brython.js is, as its first part would read it from document.currentScript, which
  // is gone once the parts run in tasks of their own.
  if (script && B.brython_path === undefined) {
    B.brython_path = script.src.slice(0, script.src.lastIndexOf("/") + 1);
  }
  B.$game = {
    order: [],
    add: function (vfs, code, order) {
      var load = function () { B.loadBrythonPackage(vfs); Object.assign(B.precompiled, code); };
      B.$game.order = B.$game.order.concat(order || []);
      if (B.$parts) { waiting.push(load); } else { load(); }
    },
    run: function (budget, schedule, done) {
      var step = function () {
        var until = performance.now() + budget;
        while (B.$parts.length) {
          B.$parts.shift()();
          if (budget && performance.now() > until && B.$parts.length) { schedule(step); return; }
        }
        B.$parts = null;
        waiting.splice(0).forEach(function (load) { load(); });
        done();
      };
      if (B.$parts) { step(); } else { done(); }
    }
  };
})(__BRYTHON__);
"""


def runtime_script(runtime):
    """The runtime as the page runs it: its first lines as they are (they make `__BRYTHON__`),
    then every later part of brython.js wrapped in a function of `__BRYTHON__.$parts`, then
    `RUNNER`. Loading the file only defines the parts; running them is the start script's (a
    few per task: the page's longest start-up task was Brython's whole runtime, 100-150 ms on
    this machine, four times that on Lighthouse's phone) or the worker's (all at once)."""
    first = runtime.find(FIRST_PART)
    if first < 0:
        raise ValueError("brython.js has no '" + FIRST_PART.strip() + "' at the start of a line: its runtime "
                         "cannot be split into parts; see generator/runtime.py runtime_script")
    head, rest = runtime[: first + 1], runtime[first + 1:]
    parts = [part for part in rest.split(PART_SEPARATOR) if part.strip()]
    wrapped = ",\n".join("function () {\n" + part + "\n}" for part in parts)
    return head + "__BRYTHON__.$parts = [\n" + wrapped + "];\n" + RUNNER

# No compile hint (`//# allFunctionsCalledOnLoad`) on these files any more: it made Chrome compile
# every function of a file while the page downloaded it, off the main thread, when the page ran
# Brython. The game's worker loads them with `importScripts`, which compiles on the worker's
# thread as it runs them: with the hint, every function at once (measured: the runtime and the
# first bundle took 460-500 ms to load in the worker, 105-190 ms without).
