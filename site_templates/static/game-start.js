// Starts the game: Brython runs `import game.web.main` from the site-wide bundle.
// A static file (no inline script), so pages run under script-src 'self' 'unsafe-eval'.
// Loaded with `defer` after brython.js and the bundle; the language's JSON catalogue is
// fetched in parallel with opening Brython's compiled-module cache (indexedDB).
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
  var cache = (B.idb_open_promise && window.indexedDB)
    ? B.idb_open_promise().catch(function () { return null; }) : Promise.resolve(null);
  function start(results) {
    window.__gameCatalog = results[0];
    B.runPythonSource("import game.web.main", { id: "__game_main__" });
  }
  // brython() parses the options; no <script type="text/python"> is run (ids: []).
  window.brython({ debug: 0, indexeddb: true, ids: [] });
  Promise.all([catalog, cache]).then(start);
})();
