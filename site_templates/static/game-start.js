// Starts the game: Brython imports game.web.platform.main from the site-wide bundle, whose modules
// were compiled to JavaScript at build time (nothing is compiled here, and Brython's
// indexedDB cache of compiled modules is not needed: opening it cost ~50 ms of a warm load).
// A static file (no inline script), so pages run under script-src 'self' 'unsafe-eval'.
//
// Every page loads it alone (`defer`), and `#game[data-scripts]` names brython.js and the
// bundle, which it loads when the game may start:
// - on a guide page, when the table comes near the screen (or at once for a link to a deal, a
//   table or a training hand), so the text a reader came for never waits for the game;
// - on the Play page (`data-load="painted"`), as soon as the page's first frame is on the
//   screen: the page preloads them, so their download is not held back, but they run after
//   that frame, never before it. Run as deferred scripts, they ran before the first frame in
//   some loads, and when that frame came late (seen under Lighthouse: the first paint 1.2 s
//   after navigation, the main thread idle meanwhile), Lighthouse counted their download as
//   holding back the largest paint (LCP 2.5-2.7 s instead of 1.1).
// The table the build drew is there meanwhile. Then the runtime and the game's modules run a
// few per task, and the language's JSON catalogue is fetched.
(function () {
  "use strict";
  var started = false;  // the game's scripts are loading: the worker waits until it is ready
  var SETTLE = 2000;  // ms after ready (or load) before the worker may install
  offline();
  var root = document.getElementById("game");
  if (!root) { return; }
  // Opened as a file (file://), the browser refuses the catalogue's fetch and Brython's
  // imports: the table would stay inert without a word. Say so in the page's language instead.
  if (location.protocol === "file:") {
    var notice = root.querySelector(".g-file-notice");
    if (notice) { notice.hidden = false; }
    root.setAttribute("data-ready", "file");
    return;
  }
  var here = document.currentScript ? document.currentScript.src : location.href;
  var base = here.slice(0, here.lastIndexOf("/") + 1);
  var later = (root.getAttribute("data-scripts") || "").split(" ").filter(Boolean);
  // The module that builds the game in #game, imported last.
  var ENTRY = "game.web.platform.main";
  // The most a task of start-up spends before it yields, in ms: the page answers (a scroll, a
  // tap on a link) in between, and none of its tasks is long even on a slow phone.
  var BUDGET = 8;
  // A task that yields to the page first: a message to ourselves (no 4 ms clamp, unlike setTimeout).
  var channel = new MessageChannel(), queued = [];
  channel.port1.onmessage = function () { queued.shift()(); };
  function yieldThen(step) { queued.push(step); channel.port2.postMessage(0); }
  if (root.getAttribute("data-load") === "painted") {
    whenPainted(function () { load(later, start); });
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
    started = true;
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
    if (!B || !B.$game) { return; }
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
    // The game draws a move by patching the table it shows into the new markup (gamePatch):
    // only what changed is touched, so the browser restyles and lays out only that, and the
    // elements that stay (the focused card, an open dialog scrolled half-way) are the same.
    window.gamePatch = patch;
    // The game's own chain of start-up tasks (game.web.platform.app next_task) uses the same channel.
    window.gameNextTask = yieldThen;
    window.gameDecisionTimes = [];  // the computer's decision times (ms), read by the benchmark
    window.gameRecordDecision = function (ms) { window.gameDecisionTimes.push(ms); };
    var name = root.getAttribute("data-catalog");
    var catalog = name ? fetch(base + name).then(function (r) {
      if (!r.ok) { throw new Error("catalogue " + r.status); }
      return r.text();
    }).catch(function () { return null; }) : Promise.resolve(null);
    // Brython's runtime runs part by part (generator/runtime.py runtime_script), then the
    // game's modules are imported one by one in the order the build wrote (each after what it
    // imports), a few per task; the entry module last, once the catalogue is there.
    whenPainted(function () { B.$game.run(BUDGET, yieldThen, imports); });

    function imports() {
      // brython() parses the options; no <script type="text/python"> is run (ids: []).
      window.brython({ debug: 0, indexeddb: false, ids: [] });
      var names = B.$game.order.filter(function (n) { return n !== ENTRY; });
      importEach(B, names, function () {
        catalog.then(function (text) {
          window.__gameCatalog = text;
          importModule(B, ENTRY);
        });
      });
    }
  }

  // Make `target`'s children those of `html`, keeping every element that stays: children are
  // matched by data-key (or id) wherever they moved, else by position and tag; attributes and
  // text are changed in place, and a subtree already equal is left alone.
  function patch(target, html) {
    var fresh = document.createElement("template");
    fresh.innerHTML = html;
    // The focused control gone from the new markup (the card just discarded, the table at the
    // end of a hand) lets go of the focus first, while the page's style is clean: removed in
    // the middle of the patch, it made the browser restyle the half-patched table at once to
    // move the focus (5-10 ms a discard on a laptop, four times that on a phone). The game
    // gives the focus its new place as soon as the table is patched (Screen.draw).
    var active = document.activeElement;
    var key = active && target.contains(active) ? active.getAttribute("data-key") : null;
    if (key !== null && !fresh.content.querySelector('[data-key="' + CSS.escape(key) + '"]')) {
      active.blur();
    }
    patchChildren(target, fresh.content);
  }

  function keyOf(node) {
    return node.nodeType === 1 ? (node.getAttribute("data-key") || node.id || null) : null;
  }

  function patchChildren(from, to) {
    var keyed = new Map();
    for (var child = from.firstElementChild; child; child = child.nextElementSibling) {
      var key = keyOf(child);
      if (key !== null && !keyed.has(key)) { keyed.set(key, child); }
    }
    var wanted = new Set();
    for (var want = to.firstElementChild; want; want = want.nextElementSibling) {
      if (keyOf(want) !== null) { wanted.add(keyOf(want)); }
    }
    var current = from.firstChild;
    var node = to.firstChild;
    while (node) {
      // A keyed element the new markup no longer has goes first: its followers stay where they
      // are (Undo taking Discard's place moved Knock and Gin, each a removal and an insertion).
      while (current && keyOf(current) !== null && !wanted.has(keyOf(current))) {
        var gone = current;
        current = current.nextSibling;
        from.removeChild(gone);
      }
      var next = node.nextSibling;
      var key = keyOf(node);
      var match = null;
      if (key !== null) {
        match = keyed.get(key) || null;
        if (match && match.nodeName !== node.nodeName) { match = null; }
        if (match) { keyed.delete(key); }
      } else if (current && current.nodeName === node.nodeName && keyOf(current) === null) {
        match = current;
      }
      if (match === null) {
        from.insertBefore(node, current);  // moved out of the template: it is new
      } else {
        if (match === current) { current = current.nextSibling; } else { from.insertBefore(match, current); }
        patchNode(match, node);
      }
      node = next;
    }
    while (current) {
      var after = current.nextSibling;
      from.removeChild(current);
      current = after;
    }
  }

  function patchNode(old, node) {
    if (old.nodeType !== 1) {
      if (old.nodeValue !== node.nodeValue) { old.nodeValue = node.nodeValue; }
      return;
    }
    if (old.isEqualNode(node)) { return; }
    var attrs = node.attributes, i;
    for (i = 0; i < attrs.length; i++) {
      if (old.getAttribute(attrs[i].name) !== attrs[i].value) { old.setAttribute(attrs[i].name, attrs[i].value); }
    }
    for (i = old.attributes.length - 1; i >= 0; i--) {
      if (!node.hasAttribute(old.attributes[i].name)) { old.removeAttribute(old.attributes[i].name); }
    }
    // What a form control shows is a property, which its attribute sets only at first: a
    // text box the player is typing in keeps its text.
    if (old.nodeName === "INPUT") {
      old.checked = node.hasAttribute("checked");
      if (old !== document.activeElement) { old.value = node.getAttribute("value") || ""; }
    } else if (old.nodeName === "OPTION") {
      old.selected = node.hasAttribute("selected");
    }
    patchChildren(old, node);
  }

  // Whether the page's first contentful frame is on the screen: its paint entry is there once
  // the frame has been presented, not merely painted on the main thread.
  function painted() { return performance.getEntriesByName("first-contentful-paint").length > 0; }

  // `then` once the first frame (the first screen the build drew) is on the screen: the Play
  // page's scripts, and on every page the runtime's first part. Started earlier, the game's
  // chain of tasks could hold that frame back until it ends (seen under Lighthouse on a loaded
  // machine: first paint 1.2 s instead of 0.2). Without paint timing, a task after the next
  // frame instead. A hidden tab paints no frame: a timer starts the game there, as it does if
  // no frame ever comes.
  function whenPainted(then) {
    var started = false;
    var go = function () { if (!started) { started = true; then(); } };
    if (painted()) { go(); return; }
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (types && types.indexOf("paint") >= 0) {
      new PerformanceObserver(function (list, observer) {
        if (painted()) { observer.disconnect(); go(); }
      }).observe({ type: "paint", buffered: true });
    } else {
      requestAnimationFrame(function () { yieldThen(go); });
    }
    setTimeout(go, document.visibilityState === "hidden" ? 500 : 3000);
  }

  // Playing offline (generator/offline.py, docs/deploy.md). A page that names the site's
  // service worker (html[data-offline]) registers it for its language's folder once it has
  // loaded, the game (when it started) is ready, SETTLE ms have passed and the page is idle:
  // the worker's install (the language's pages and the game, fetched, and the scripts compiled
  // for its cache, on a phone's other core) never competes with the start, the second bundle
  // or the computer's worker (registered at once, it slowed cold ready by a third on a 2-core
  // machine, python -m bench browser). A page that names none (the
  // kill switch, or make serve, which takes the attribute out) unregisters any it finds, so
  // no cached copy hides the latest build. Once a worker of another build took over, a note
  // says a new version is ready: this page keeps the scripts it runs, a match in play is not
  // touched, and the next page opened is the new build's. Clear saved data calls
  // gameClearOffline: the caches go, and the worker with them.
  function offline() {
    var workers = navigator.serviceWorker;
    var html = document.documentElement;
    window.gameClearOffline = function () {
      if (!workers) { return; }
      workers.getRegistrations().then(function (all) {
        all.forEach(function (registration) { registration.unregister(); });
      });
      if (window.caches) {
        caches.keys().then(function (names) {
          names.forEach(function (name) { if (name.indexOf("ginrummy-") === 0) { caches.delete(name); } });
        });
      }
    };
    if (!workers) { return; }
    var worker = html.getAttribute("data-offline");
    if (!worker) {
      workers.getRegistrations().then(function (all) {
        if (all.length) { window.gameClearOffline(); }
      });
      return;
    }
    workers.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.offline === "ready" && data.assets !== html.getAttribute("data-assets")) { newVersion(); }
    });
    var register = function () {
      workers.register(worker, { scope: "./" }).catch(function (error) {
        console.warn("offline play is not available: " + error);
      });
    };
    var settled = function () {
      setTimeout(function () {
        if (window.requestIdleCallback) { requestIdleCallback(register, { timeout: 5000 }); } else { register(); }
      }, SETTLE);
    };
    var loaded = function () {
      var game = document.getElementById("game");
      if (!game || !started || game.getAttribute("data-ready") === "true") { settled(); return; }
      new MutationObserver(function (changes, observer) {
        if (game.getAttribute("data-ready") === "true") { observer.disconnect(); settled(); }
      }).observe(game, { attributes: true, attributeFilter: ["data-ready"] });
    };
    if (document.readyState === "complete") { loaded(); } else { window.addEventListener("load", loaded); }
  }

  // The note at the foot of the screen, over the table's buttons on a phone: "Later" takes it
  // away (its words are the page's: data-text, data-button, data-later).
  function newVersion() {
    var note = document.querySelector(".update-note");
    if (!note || note.firstChild) { return; }
    var text = document.createElement("p");
    text.textContent = note.getAttribute("data-text");
    note.appendChild(text);
    [["data-button", function () { location.reload(); }],
     ["data-later", function () { note.textContent = ""; }]].forEach(function (choice) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = note.getAttribute(choice[0]);
      button.addEventListener("click", choice[1]);
      note.appendChild(button);
    });
  }

  function importEach(B, names, done) {
    var i = 0;
    var step = function () {
      var until = performance.now() + BUDGET;
      while (i < names.length) {
        if (!importModule(B, names[i++])) { return; }
        if (performance.now() > until && i < names.length) { yieldThen(step); return; }
      }
      done();
    };
    step();
  }

  // `import name` without compiling that line: the site's brython.js has no compiler.
  function importModule(B, name) {
    try {
      B.$__import__(name, B.builtins.None, B.builtins.None, []);
      return true;
    } catch (err) {
      B.show_error(err);  // the Python traceback, on the console
      return false;
    }
  }
})();
