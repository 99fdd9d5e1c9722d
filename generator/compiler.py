"""Brython's own compiler, run at build time in an embedded V8 (`mini-racer`), no browser or Node.

`compile_modules({module: (filename, source, is_package)})` returns `{module: javascript}`: the
exact text the page's Brython would produce for that module (`$B.py2js(...).to_js()`, what
Brython keeps in `__BRYTHON__.precompiled`), from the brython.js of the installed `brython`
package, so compiler and runtime are always the same version. The page then runs the modules
without compiling them (see generator/bundle.py).

`filename` is what tracebacks name (e.g. `game/melds.py`); the source keeps its line numbers.

Deterministic: brython.js names some temporaries with `Math.random()`, which is replaced by a
fixed-seed generator in the embedded engine, and modules are compiled in sorted order in a fresh
engine, so two builds give byte-identical JavaScript. These names only need to be unique inside
one module; the page's own random ones cannot collide with them.
"""

import json

from generator import cache

# Just enough of a browser for brython.js to load (it checks for a window, a document and URL;
# the compiler itself touches none of them). Math.random: a fixed-seed mulberry32.
_PRELUDE = r"""
var self = globalThis, window = globalThis;
var console = {log() {}, info() {}, warn() {}, error() {}, debug() {}};
function addEventListener() {}
class URL {
  constructor(url) {
    var m = /^(\w+):\/\/([^\/]*)(\/[^?#]*)?(\?[^#]*)?(#.*)?$/.exec(url);
    if (!m) { throw new TypeError("not a URL: " + url); }
    this.href = url; this.pathname = m[3] || "/"; this.search = m[4] || ""; this.hash = m[5] || "";
  }
}
Math.random = (function (seed) {
  return function () {
    seed = (seed + 0x6D2B79F5) | 0;
    var t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})(14);
"""

# What Brython's importer does before running a module's source (run_py in brython.js), minus
# running it. url2name maps the filename to the module name, which names the module's namespace
# (`locals_game_melds`), the name the page's loader returns.
_COMPILE = r"""
(function (name, filename, src, isPackage) {
  var B = __BRYTHON__;
  if (!B.options_parsed) { B.parse_options(); }
  var parts = name.split(".");
  var pkg = isPackage ? name : parts.slice(0, -1).join(".");
  var mod = B.module.$factory(name, "", pkg);
  B.module_setattr(mod, "__file__", filename);
  B.url2name[filename] = name;
  try {
    return B.py2js({src: src, filename: filename, imported: true}, mod, name,
                   B.builtins_scope).to_js();
  } catch (err) {
    var where = err.lineno ? ", line " + err.lineno : "";
    throw new Error(filename + where + ": " + (err.msg || err.message || String(err)));
  } finally {
    delete B.url2name[filename];
  }
})
"""


class CompileError(Exception):
    """A module Brython's compiler refused (the message names the file and line)."""


def compile_modules(modules, brython_js):
    """{module: (filename, source, is_package)} -> {module: JavaScript}, with this brython.js text.

    The whole set is compiled at once, in name order (Brython's compiler keeps counters across
    modules, so one module's code may depend on those compiled before it); the result is kept
    in the build cache (generator.cache) under the hash of all the inputs, so a rebuild that
    changed no module (a catalogue, a page) starts no V8 at all."""
    names = sorted(modules)
    digest = cache.key(brython_js, *[part for name in names for part in (name, *map(str, modules[name]))])
    found = cache.get("compiled", digest)
    if found is not None:
        return json.loads(found)
    compiled = _compile(modules, names, brython_js)
    cache.put("compiled", digest, json.dumps(compiled, sort_keys=True).encode("utf-8"))
    return compiled


def _compile(modules, names, brython_js):
    from py_mini_racer import JSEvalException, MiniRacer

    engine = MiniRacer()
    try:
        engine.eval(_PRELUDE)
        engine.eval(brython_js)
        compile_one = engine.eval(_COMPILE)
        compiled = {}
        for name in names:
            filename, source, is_package = modules[name]
            try:
                compiled[name] = compile_one(name, filename, source, bool(is_package))
            except JSEvalException as exc:
                raise CompileError(_message(exc, filename)) from None
        return compiled
    finally:
        engine.close()  # left to the garbage collector, the engine can hang the exit


def _message(exc, filename):
    """The thrown Error's own line out of mini-racer's report (which adds the JS position)."""
    for line in str(exc).splitlines():
        if filename in line:
            return line[line.index(filename):]
    return filename + ": " + str(exc)
