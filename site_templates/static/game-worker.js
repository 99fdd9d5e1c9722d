// The computer's decisions, off the page's main thread: a Web Worker started by game.web.platform.thinker.
// Its first message lists the scripts to load (brython.js without its compiler, the page's
// bundle and the computer players' bundle, as absolute URLs: the browser has them cached); it
// then imports game.web.platform.worker, compiled at build time like every module, and answers each
// later message {id, request} (the request as JSON text, a View inside) with
// {kind: "answer", id, answer, ms} (the Action as JSON text, the decision's time); it says
// {kind: "ready"} once started and {kind: "failed", failed} with what went wrong.
// A static file (no blob: URL), so it runs under the site's Content-Security-Policy.
"use strict";
var answer = null;
self.onmessage = function (ev) {
  var data = ev.data, B = self.__BRYTHON__;
  if (answer === null) {
    try {
      importScripts.apply(self, data.scripts);
      B = self.__BRYTHON__;
      B.$game.run(0, null, function () {});  // the runtime's parts, all at once, then the bundles
      self.brython({ debug: 0, indexeddb: false, ids: [] });
      B.$__import__("game.web.platform.worker", B.builtins.None, B.builtins.None, []);
      answer = B.$getattr(B.imported["game.web.platform.worker"], "answer");
      self.postMessage({ kind: "ready" });
    } catch (err) {
      self.postMessage({ kind: "failed", failed: "the worker could not start: " + describe(B, err) });
      self.close();
    }
    return;
  }
  var started = performance.now();
  try {
    var text = B.$call(answer, data.request);
    self.postMessage({ kind: "answer", id: data.id, answer: text, ms: performance.now() - started });
  } catch (err) {
    self.postMessage({ kind: "failed", id: data.id, failed: describe(B, err) });
  }
};

function describe(B, err) {
  try {
    if (B && B.error_trace && err && err.__class__) { return B.error_trace(B.exception(err)); }
  } catch (ignored) {}
  return String(err && err.message || err);
}
