// Starts the game: Brython imports game.web.main from the site-wide bundle, whose modules
// were compiled to JavaScript at build time (nothing is compiled here, and Brython's
// indexedDB cache of compiled modules is not needed: opening it cost ~50 ms of a warm load).
// A static file (no inline script), so pages run under script-src 'self' 'unsafe-eval'.
//
// On the Play page it is loaded with `defer` after brython.js and the bundle. On a guide page
// it comes alone and `#game` names those two in `data-scripts`: they are loaded when the
// table comes near the screen (or at once for a link to a deal, a table or a training hand),
// so the text a reader came for never waits for the game; the table the build drew is there
// meanwhile.
// Then the language's JSON catalogue is fetched and the game imported.
(function () {
  "use strict";
  var root = document.getElementById("game");
  if (!root) { return; }
  var here = document.currentScript ? document.currentScript.src : location.href;
  var base = here.slice(0, here.lastIndexOf("/") + 1);
  var later = (root.getAttribute("data-scripts") || "").split(" ").filter(Boolean);
  if (!later.length) {
    start();
  } else if (linked() || !("IntersectionObserver" in window)) {
    load(later, start);
  } else {
    var observer = new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; })) { begin(); }
    }, { rootMargin: "400px 0px" });
    observer.observe(root);
    window.addEventListener("hashchange", function () { if (linked()) { begin(); } });
  }

  // A link to a deal, a table or a training hand: the reader came for the game.
  function linked() { return /#(seed|table|train)=/.test(location.hash); }

  function begin() {
    if (observer) { observer.disconnect(); observer = null; load(later, start); }
  }

  // The scripts download side by side and run in their order (async = false); then done().
  function load(urls, done) {
    urls.forEach(function (url, i) {
      var script = document.createElement("script");
      script.src = url;
      script.async = false;
      if (i === urls.length - 1) { script.onload = done; }
      document.head.appendChild(script);
    });
  }

  function start() {
    var B = window.__BRYTHON__;
    if (!B) { return; }
    // FNV-1a (32 bits) over UTF-16 code units, as generator/firstscreen.py markup_hash: the
    // game keeps the first screen the build drew when its own first drawing hashes the same.
    window.gameMarkupHash = function (text) {
      var h = 0x811c9dc5;
      for (var i = 0; i < text.length; i++) {
        h ^= text.charCodeAt(i);
        h = Math.imul(h, 0x01000193) >>> 0;
      }
      return ("0000000" + h.toString(16)).slice(-8);
    };
    window.gameDecisionTimes = [];  // the computer's decision times (ms), read by the benchmark
    window.gameRecordDecision = function (ms) { window.gameDecisionTimes.push(ms); };
    var name = root.getAttribute("data-catalog");
    var catalog = name ? fetch(base + name).then(function (r) {
      if (!r.ok) { throw new Error("catalogue " + r.status); }
      return r.text();
    }).catch(function () { return null; }) : Promise.resolve(null);
    // brython() parses the options; no <script type="text/python"> is run (ids: []).
    // brython.js calls brython() again at the window's load event with its defaults (debug 1,
    // indexeddb on): harmless here, as no module is left to compile or cache by then.
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
  }
})();
