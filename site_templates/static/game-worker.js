// The game's Web Worker: the game's Python runs here, never on the page's main thread, which
// only draws (game-shim.js). The shim's first message, {type: "start"}, names the scripts to
// load (brython.js without its compiler, then the game's first bundle, as absolute URLs) and
// the language's catalogue, which is fetched meanwhile; the worker then imports
// game.web.bridge.main, compiled at build time like every module, whose `main` returns the
// function that takes each later message. Messages both ways are JSON text (the frames the
// shim applies, the inputs it forwards: docs/architecture.md). What came before the game was
// ready waits, in its order. A start that fails says {failed} with what went wrong.
// A static file (no blob: URL), so it runs under the site's Content-Security-Policy.
"use strict";
var ENTRY = "game.web.bridge.main";
var deliver = null, waiting = [], starting = false;
self.onmessage = function (ev) {
  if (deliver !== null) { deliver(ev.data); return; }
  if (!starting) { starting = true; start(ev.data); return; }
  waiting.push(ev.data);
};

function start(text) {
  var data = JSON.parse(text), B = null;
  var catalog = data.catalog ? fetch(data.catalog).then(function (r) {
    if (!r.ok) { throw new Error("catalogue " + r.status); }
    return r.text();
  }).catch(function () { return null; }) : Promise.resolve(null);
  try {
    importScripts.apply(self, data.scripts);
    B = self.__BRYTHON__;
    B.$game.run(0, null, function () {});  // the runtime's parts, all at once, then the bundle
    self.brython({ debug: 0, indexeddb: false, ids: [] });
    B.$__import__(ENTRY, B.builtins.None, B.builtins.None, []);
  } catch (err) {
    fail(B, err);
    return;
  }
  catalog.then(function (catalogText) {
    try {
      var receive = B.$call(B.$getattr(B.imported[ENTRY], "main"), text, catalogText === null ? "" : catalogText);
      // The bundles loaded since (game-more.js) name their modules to run (generator/bundle.py).
      self.gameImportLater = function () {
        B.$game.order.forEach(function (name) {
          if (!B.imported[name]) { B.$__import__(name, B.builtins.None, B.builtins.None, []); }
        });
      };
      deliver = function (message) {
        try { B.$call(receive, message); } catch (err) { report(B, err); }
      };
      waiting.splice(0).forEach(deliver);
    } catch (err) {
      fail(B, err);
    }
  });
}

// Once the game runs, an error in one of its tasks is the game's bug, said on the console with
// its Python traceback (Brython shows it): the game goes on, and the page is not told the
// worker failed (it would give up on the game).
self.addEventListener("error", function (ev) { if (deliver !== null) { ev.preventDefault(); } });

function report(B, err) {
  console.error(describe(B, err));
}

function fail(B, err) {
  self.postMessage(JSON.stringify({ failed: "the worker could not start: " + describe(B, err) }));
  self.close();
}

function describe(B, err) {
  try {
    if (B && B.error_trace && err && err.__class__) { return B.error_trace(B.exception(err)); }
  } catch (ignored) {}
  return String(err && err.message || err);
}
