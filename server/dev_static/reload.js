// The dev server's reload client (python -m server --dev, what `make serve` runs); the server
// adds it to every page it sends, with data-build = the good build that page comes from.
// It listens to the build events: a newer good build reloads the page; a failed build shows
// its "file:line: message" over the page (the page itself stays the last good build).
// A static file with its own stylesheet: the pages' CSP allows no inline script or style.
(function () {
  "use strict";
  var built = document.currentScript.getAttribute("data-build");
  var overlay = null;

  var style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = "/__dev/reload.css";
  document.head.appendChild(style);

  function show(error) {
    if (overlay === null) {
      overlay = document.createElement("div");
      overlay.id = "dev-build-error";
      overlay.setAttribute("role", "alert");
      var title = document.createElement("p");
      title.className = "dev-build-error-title";
      title.textContent = "The site could not be rebuilt";
      var text = document.createElement("pre");
      var hint = document.createElement("p");
      hint.textContent = "This page is the last good build. Fix the file and save it: " +
        "the page reloads by itself.";
      overlay.append(title, text, hint);
      document.body.appendChild(overlay);
    }
    overlay.querySelector("pre").textContent = error;
  }

  function hide() {
    if (overlay !== null) {
      overlay.remove();
      overlay = null;
    }
  }

  function onBuild(event) {
    var state = JSON.parse(event.data);
    if (state.error) {
      show(state.error);
    } else if (String(state.version) !== built) {
      pause();
      location.reload();
    } else {
      hide();
    }
  }

  // Only a visible page listens: a browser opens at most 6 connections to one server, so six
  // background tabs each holding a stream would stall every other request, and a hidden page
  // need not reload on every save. Shown again, it hears the current state at once (and
  // reloads if a newer build exists). EventSource reconnects by itself when the server
  // restarts (a new server counts its builds from 1 again, so the page reloads then too).
  var events = null;
  function listen() {
    if (events === null) {
      events = new EventSource("/__dev/events");
      events.onmessage = onBuild;
    }
  }
  function pause() {
    if (events !== null) {
      events.close();
      events = null;
    }
  }
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      pause();
    } else {
      listen();
    }
  });
  if (!document.hidden) {
    listen();
  }
}());
