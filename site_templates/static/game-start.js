// Starts the game: makes the Web Worker the game's Python runs in (game-worker.js, which starts
// loading the runtime and the game at once) and loads the shim (game-shim.js, named by
// #game[data-shim]), which owns the game area and starts the game in that worker; the page's main
// thread runs no Python. A static file (no inline script), so pages run under script-src 'self' 'unsafe-eval'.
//
// Every page loads it alone (`defer`); it loads the shim when the game may start:
// - on a guide page, when the table comes near the screen (or at once for a link to a deal, a
//   table or a training hand), so the text a reader came for never waits for the game;
// - on the Play page (`data-load="painted"`), as soon as the page's first frame is on the
//   screen: the page preloads the shim, so its download is not held back, but it runs after
//   that frame, never before it (the largest paint is the build's first screen).
// The table the build drew is there meanwhile. It also registers the service worker of offline
// play (`offline`).
(function () {
  "use strict";
  var started = false;  // the game is starting: the service worker waits until it is ready
  var SETTLE = 2000;  // ms after ready (or load) before the service worker may install
  offline();
  var root = document.getElementById("game");
  if (!root) { return; }
  // Opened as a file (file://), the browser refuses the worker and its scripts: the table
  // would stay inert without a word. Say so in the page's language instead.
  if (location.protocol === "file:") {
    var notice = root.querySelector(".g-file-notice");
    if (notice) { notice.hidden = false; }
    root.setAttribute("data-ready", "file");
    return;
  }
  var shim = root.getAttribute("data-shim");
  if (root.getAttribute("data-load") === "painted") {
    // The worker at once (it loads and runs the game off the main thread; the page's own
    // stylesheet is in by now), the shim once the first frame is on the screen.
    makeWorker();
    whenPainted(load);
  } else if (linked() || !("IntersectionObserver" in window)) {
    load();
  } else {
    var observer = new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; })) { begin(); }
    }, { rootMargin: "400px 0px" });
    observer.observe(root);
    window.addEventListener("hashchange", function () { if (linked()) { begin(); } });
    // A press on the table before it came near enough starts the game too.
    root.addEventListener("pointerdown", begin, { once: true });
  }

  // A link to a deal, a table or a training hand: the reader came for the game.
  function linked() { return /#(seed|table|train)=/.test(location.hash); }

  function begin() {
    if (observer) { observer.disconnect(); observer = null; load(); }
  }

  // The game's worker first (it loads the runtime and the game's first bundle while the page
  // loads the shim), then the shim, which owns the game area and starts the game.
  function load() {
    if (started || !shim) { return; }
    started = true;
    makeWorker();
    var script = document.createElement("script");
    script.src = shim;
    document.head.appendChild(script);
  }

  function makeWorker() {
    if (window.gameWorker || !shim) { return; }
    try {
      var absolute = function (url) { return url ? new URL(url, location.href).href : ""; };
      var worker = new Worker(absolute(root.getAttribute("data-worker")));
      worker.postMessage(JSON.stringify({
        type: "load",
        scripts: (root.getAttribute("data-worker-scripts") || "").split(" ").filter(Boolean).map(absolute),
        catalog: absolute(root.getAttribute("data-catalog"))
      }));
      // What the worker says before the shim listens (a start that failed) is kept for it.
      var early = [];
      worker.onmessage = function (ev) { early.push(ev.data); };
      worker.onerror = function (ev) { early.push(JSON.stringify({ failed: "the worker stopped: " + (ev.message || "error") })); };
      window.gameWorker = { worker: worker, early: early };
    } catch (error) { /* the shim makes it, and says why it cannot */ }
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
      requestAnimationFrame(function () { setTimeout(go, 0); });
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
})();
