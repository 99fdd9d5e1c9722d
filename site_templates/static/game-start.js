// Starts the game: Brython imports game.web.main from the site-wide bundle, whose modules
// were compiled to JavaScript at build time (nothing is compiled here, and Brython's
// indexedDB cache of compiled modules is not needed: opening it cost ~50 ms of a warm load).
// A static file (no inline script), so pages run under script-src 'self' 'unsafe-eval'.
// Loaded with `defer` after brython.js and the bundle; the language's JSON catalogue is
// fetched first.
(function () {
  "use strict";
  var root = document.getElementById("game");
  if (!root || !window.__BRYTHON__) { return; }
  var B = window.__BRYTHON__;
  window.gameDecisionTimes = [];  // the computer's decision times (ms), read by the benchmark
  window.gameRecordDecision = function (ms) { window.gameDecisionTimes.push(ms); };
  var here = document.currentScript ? document.currentScript.src : location.href;
  var base = here.slice(0, here.lastIndexOf("/") + 1);
  var name = root.getAttribute("data-catalog");
  var catalog = name ? fetch(base + name).then(function (r) {
    if (!r.ok) { throw new Error("catalogue " + r.status); }
    return r.text();
  }).catch(function () { return null; }) : Promise.resolve(null);
  // brython() parses the options; no <script type="text/python"> is run (ids: []). brython.js
  // calls brython() again at the window's load event with its defaults (debug 1, indexeddb on):
  // harmless here, as no module is left to compile or cache by then.
  window.brython({ debug: 0, indexeddb: false, ids: [] });
  catalog.then(function (text) {
    window.__gameCatalog = text;
    // `import game.web.main` without compiling that line: the site's brython.js has no compiler.
    try {
      B.$__import__("game.web.main", B.builtins.None, B.builtins.None, []);
    } catch (err) {
      B.show_error(err);  // the Python traceback, on the console
    }
  });
})();
