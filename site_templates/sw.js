// The site's service worker: after a first visit, a language's pages and the game are played
// from the browser's cache, network or none (docs/deploy.md, "Playing offline").
// generator/offline.py writes it as sw.js at the site's root, OFFLINE filled in by the build:
//   build: the key of this build (a hash of every file below), which names its cache;
//   assets: the key of the static files alone, which the pages carry (data-assets);
//   shared: the files every language needs (static/...); languages: {code: its pages, as a
//   visitor addresses them ("fr/", "fr/rules.html"), its 404 page (shown offline for an
//   address of the folder it does not keep), its manifest and its catalogue};
//   retire: the kill switch (site.toml offline = false): delete the caches and unregister.
// Each language's pages register it with their folder as the scope, so it keeps that
// language's pages only. It answers only the files listed here and the files named by their
// hash: anything else, the table server's /api/ and /ws/ or make serve's /__dev/ above all,
// goes to the network as if no worker were here, and nothing else is ever put in its cache.
// Plain JavaScript, no library; minified by the build.
(function () {
  "use strict";
  var OFFLINE = /*OFFLINE*/null;
  var PREFIX = "ginrummy-";  // every cache of ours (Clear saved data deletes them too)
  // How long a page waits for the network before the cached copy is served: online, a new
  // build is seen at once; on a train with a signal that comes and goes, the table still opens.
  var TIMEOUT = 3000;
  var HASHED = /\.[0-9a-f]{10}\.[A-Za-z0-9]+$/;  // name.<hash>.ext: never changes (generator.bundle)
  var base = new URL("./", self.location.href).href;  // the site's root
  var scope = self.registration.scope;
  var lang = scope.indexOf(base) === 0 ? scope.slice(base.length).replace(/\/$/, "") : "";

  if (OFFLINE.retire) {
    self.addEventListener("install", function () { self.skipWaiting(); });
    self.addEventListener("activate", function (event) {
      event.waitUntil(dropCaches(function () { return true; })
        .then(function () { return self.registration.unregister(); }));
    });
    return;
  }

  var files = OFFLINE.languages[lang];
  var CACHE = PREFIX + lang + "-" + OFFLINE.build;
  var STAMP = base + "__offline__/built";  // when this cache was filled; no file has this name
  var listed = {};
  if (files) { OFFLINE.shared.concat(files).forEach(function (path) { listed[path] = true; }); }

  self.addEventListener("install", function (event) {
    // Only a language folder: a worker registered anywhere else keeps nothing and fails.
    if (!files) { throw new Error("sw.js: not a language's folder: " + scope); }
    // Active as soon as its cache is complete: open pages keep the scripts they run (the
    // previous build's cache is kept, below), and the next page opened is this build's.
    event.waitUntil(fill().then(function () { return self.skipWaiting(); }));
    // Chromium's static routes: a file named by its hash comes from the cache (any of ours,
    // the network when none holds it) without this script being started or asked, as the
    // fetch handler below would answer it; a browser without them asks the handler.
    if (event.addRoutes && self.URLPattern) {
      var hashed = new URLPattern({ pathname: new URL(base).pathname + "static/:file([^/]+\\.[0-9a-f]{10}\\.[A-Za-z0-9]+)" });
      event.waitUntil(event.addRoutes({ condition: { urlPattern: hashed }, source: "cache" })
        .catch(function (error) { console.warn("sw.js: no static route: " + error); }));
    }
  });

  // Every file of the build, all or nothing: a hashed file already kept by an earlier build
  // is copied (it cannot have changed), the others are fetched and revalidated.
  function fill() {
    return caches.open(CACHE).then(function (cache) {
      return Promise.all(Object.keys(listed).map(function (path) {
        var url = base + path;
        var kept = HASHED.test(path) ? caches.match(url) : Promise.resolve(undefined);
        return kept.then(function (response) {
          if (response) { return cache.put(url, response); }
          return fetch(url, { cache: HASHED.test(path) ? "default" : "no-cache" }).then(function (got) {
            if (!got.ok) { throw new Error("sw.js: " + url + ": " + got.status); }
            return cache.put(url, plain(got));
          });
        });
      })).then(function () { return cache.put(STAMP, new Response(String(Date.now()))); });
    });
  }

  // A response that followed a redirect cannot answer a navigation: keep its body only.
  function plain(response) {
    if (!response.redirected) { return response; }
    return new Response(response.body, { status: response.status, statusText: response.statusText,
                                         headers: response.headers });
  }

  self.addEventListener("activate", function (event) {
    event.waitUntil(keepTwo().then(function () { return self.clients.claim(); }).then(tell));
  });

  // This build's cache and the one filled last before it (the pages still open run that
  // build: its scripts must stay at hand); older ones of this language go.
  function keepTwo() {
    return caches.keys().then(function (names) {
      var others = names.filter(function (name) {
        return name.indexOf(PREFIX + lang + "-") === 0 && name !== CACHE;
      });
      return Promise.all(others.map(function (name) {
        return caches.open(name).then(function (cache) { return cache.match(STAMP); })
          .then(function (stamp) { return stamp ? stamp.text() : "0"; })
          .then(function (when) { return { name: name, when: Number(when) || 0 }; });
      })).then(function (found) {
        found.sort(function (a, b) { return b.when - a.when; });
        return Promise.all(found.slice(1).map(function (old) { return caches.delete(old.name); }));
      });
    });
  }

  // Tell the open pages: a page of another build says "a new version is ready".
  function tell() {
    return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (pages) {
      pages.forEach(function (page) { page.postMessage({ offline: "ready", assets: OFFLINE.assets }); });
    });
  }

  function dropCaches(which) {
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name.indexOf(PREFIX) === 0 && which(name); })
        .map(function (name) { return caches.delete(name); }));
    });
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") { return; }
    var url = new URL(request.url);
    var href = url.origin + url.pathname;
    if (href.indexOf(base) !== 0) { return; }
    var path = href.slice(base.length);
    if (request.mode === "navigate" && path === lang + "/index.html") { path = lang + "/"; }
    // A file named by its hash never changes: from whichever cache holds it (a page still open
    // after an update asks for its own build's files, which the previous cache keeps).
    if (HASHED.test(path)) { event.respondWith(cacheFirst(base + path, request)); return; }
    if (listed[path]) { event.respondWith(networkFirst(base + path, request.url)); return; }
    // Offline, a mistyped or stale address in this language's folder: the language's own 404
    // page, not the browser's "no internet" one. Online the server answers, as with no worker.
    if (request.mode === "navigate" && path.indexOf(lang + "/") === 0) {
      event.respondWith(fetch(request).then(null, function (error) { return notFound(error); }));
    }
  });

  function notFound(error) {
    return caches.open(CACHE).then(function (cache) { return cache.match(base + lang + "/404.html"); })
      .then(function (page) {
        if (!page) { throw error; }
        return new Response(page.body, { status: 404, statusText: "Not Found", headers: page.headers });
      });
  }

  function cacheFirst(url, request) {
    return caches.match(url).then(function (response) { return response || fetch(request); });
  }

  // The server's answer if it comes within TIMEOUT, else this build's copy; offline, the copy
  // at once. The server is always asked (no-cache: revalidated, never a copy the HTTP cache
  // deems fresh, which a host sending no Cache-Control gets for a while: a new build would
  // not be seen at once, and a page of the site served before make serve on the same address
  // came back under it). A page from the network is never put in the cache: a cache holds
  // one build.
  function networkFirst(url, address) {
    return new Promise(function (resolve, reject) {
      var settled = false;
      var finish = function (response) {
        if (!settled && response) { settled = true; resolve(response); }
        return response;
      };
      var cached = function () {
        return caches.open(CACHE).then(function (cache) { return cache.match(url); });
      };
      var timer = setTimeout(function () { cached().then(finish); }, TIMEOUT);
      fetch(address, { cache: "no-cache", credentials: "same-origin" }).then(function (response) {
        clearTimeout(timer);
        response = plain(response);
        finish(response);
      }, function (error) {
        clearTimeout(timer);
        cached().then(function (response) { if (!finish(response) && !settled) { reject(error); } });
      });
    });
  }
})();
