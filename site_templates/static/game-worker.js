// The game's Web Worker: the game's Python runs here, never on the page's main thread, which
// only draws (game-shim.js). Its first message, {type: "load"} from the start script
// (game-start.js, as it creates the worker), names the scripts to load (brython.js without its
// compiler, then the game's first bundle, as absolute URLs) and the language's catalogue, which
// is fetched meanwhile: the worker loads them while the page loads the shim. The shim's message
// {type: "start"} (the page's state: #game's attributes, the storage, the address) then starts
// the game: game.web.bridge.main's `main` returns the function that takes each later message.
// Messages both ways are JSON text (the frames the shim applies, the inputs it forwards:
// docs/architecture.md). What came before the game was ready waits, in its order. A start that
// fails says {failed} with what went wrong.
// A static file (no blob: URL), so it runs under the site's Content-Security-Policy.
"use strict";
var ENTRY = "game.web.bridge.main";
var B = null, loaded = null, catalog = null, deliver = null, waiting = [];

self.onmessage = function (ev) {
  if (deliver !== null) { deliver(ev.data); return; }
  var data = JSON.parse(ev.data);
  if (data.type === "load") { load(data); return; }
  if (data.type === "start") {
    if (loaded === null) { load(data); }  // a shim that made the worker itself
    if (loaded) { start(ev.data); }
    return;
  }
  waiting.push(ev.data);
};

// The runtime and the first bundle, run, and the game's entry imported (no line of Python is
// compiled: every module was, at build time).
function load(data) {
  catalog = data.catalog ? fetch(data.catalog).then(function (r) {
    if (!r.ok) { throw new Error("catalogue " + r.status); }
    return r.text();
  }).catch(function () { return null; }) : Promise.resolve(null);
  try {
    importScripts.apply(self, data.scripts);
    B = self.__BRYTHON__;
    B.$game.run(0, null, function () {});  // the runtime's parts, all at once, then the bundle
    self.brython({ debug: 0, indexeddb: false, ids: [] });
    B.$__import__(ENTRY, B.builtins.None, B.builtins.None, []);
    loaded = true;
  } catch (err) {
    loaded = false;
    fail(err);
  }
}

function start(text) {
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
        try { B.$call(receive, message); } catch (err) { report(err); }
      };
      waiting.splice(0).forEach(deliver);
    } catch (err) {
      fail(err);
    }
  });
}

// FNV-1a (32 bits) over UTF-16 code units, as game.web.table.render.markup_hash (the host's
// `markup_hash`: the first drawing's inputs, compared with the first screen the build drew).
self.gameMarkupHash = function (text) {
  var h = 0x811c9dc5;
  for (var i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return ("0000000" + h.toString(16)).slice(-8);
};

// Once the game runs, an error in one of its tasks is the game's bug, said on the console with
// its Python traceback (Brython shows it): the game goes on, and the page is not told the
// worker failed (it would give up on the game).
self.addEventListener("error", function (ev) { if (deliver !== null) { ev.preventDefault(); } });

function report(err) {
  console.error(describe(err));
}

function fail(err) {
  self.postMessage(JSON.stringify({ failed: "the worker could not start: " + describe(err) }));
  self.close();
}

function describe(err) {
  try {
    if (B && B.error_trace && err && err.__class__) { return B.error_trace(B.exception(err)); }
  } catch (ignored) {}
  return String(err && err.message || err);
}
