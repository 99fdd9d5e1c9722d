// The game's page side. The game's Python (the table, the commands, the computer, the coach,
// the markup) runs in a Web Worker (game-worker.js); this script owns #game's DOM and knows no
// rule and no word of the game. It:
// - answers a press in the event's own frame (a card of the hand lifts or drops, a button or a
//   pile lights), then forwards the event to the worker as plain data;
// - applies what the worker sends ("frames", docs/architecture.md): the game area's markup,
//   patched so only what changed is touched; #game's attributes; the focus the frame names;
//   the live region and the visible log; the address; the storage writes; a download;
// - keeps the browser's storage for the worker (a worker has no localStorage): a snapshot at
//   start, each write the worker asks for (a save only over the one it last saw: two tabs),
//   and other tabs' writes forwarded;
// - queues what the player does before the worker is ready: nothing is lost.
// Loaded by the start script (game-start.js) once the game may start; a static file, so the
// page runs under script-src 'self'.
(function () {
  "use strict";
  var root = document.getElementById("game");
  if (!root || root.getAttribute("data-shim-started")) { return; }
  root.setAttribute("data-shim-started", "true");
  var PREFIX = "ginrummy.";  // the storage keys that are the game's
  var DOUBLE_SAFE = 8;  // px a pointer moves before a press on a card becomes a drag
  var FILE_BYTES = 1048576;  // the most of a chosen file read for the worker (a statistics file)
  var FORM_TAGS = ["INPUT", "SELECT", "TEXTAREA", "OPTION"];
  var FOCUSABLE = 'button:not([disabled]), select, input, [tabindex="0"]';
  var live = root.querySelector(".g-live");
  var main = root.querySelector(".g-main");
  var firstHash = root.getAttribute("data-first-hash");  // the build's first screen, kept when equal
  if (!live || !main) {  // no first screen (a test's stand-in bundle): an empty game area
    root.textContent = "";
    live = element("div", "g-live");
    live.setAttribute("aria-live", "polite");
    live.setAttribute("role", "status");
    main = element("div", "g-main");
    root.appendChild(live);
    root.appendChild(main);
    firstHash = null;
  }
  // The first screen answers from now on: what is pressed waits for the worker.
  main.classList.remove("g-waiting");
  main.removeAttribute("inert");

  var worker = null, ready = false, queued = [], nextId = 0, unanswered = 0;
  var workerBusy = true, focusDue = null, keys = {}, dragged = false;
  var escaping = false;  // an Escape that closes a dialog is on its way to the worker
  window.gameDecisionTimes = [];  // the computer's decision times (ms), read by the benchmarks
  window.gameRecordDecision = function (ms) { window.gameDecisionTimes.push(ms); };
  markBusy();

  // --- the worker ---------------------------------------------------------------------------

  function attr(name) { return root.getAttribute(name) || ""; }
  function absolute(url) { return url ? new URL(url, location.href).href : ""; }

  // The worker the start script made (it is loading the game), else one made here.
  function start() {
    var made = window.gameWorker;
    try {
      worker = made ? made.worker : new Worker(absolute(attr("data-worker")));
    } catch (error) {
      failed("the worker could not be created: " + error);
      return;
    }
    var heard = function (text) {
      var frame = JSON.parse(text);
      if (held !== null) { held.push(frame); } else { receive(frame); }
    };
    worker.onmessage = function (ev) { heard(ev.data); };
    worker.onerror = function (ev) { failed("the worker stopped: " + (ev.message || "error")); };
    if (made) { made.early.splice(0).forEach(heard); }
    post({
      type: "start",
      scripts: attr("data-worker-scripts").split(" ").filter(Boolean).map(absolute),
      catalog: absolute(attr("data-catalog")),
      more: absolute(attr("data-more")),
      players: absolute(attr("data-players")),
      attrs: dataAttributes(),
      storage: snapshot(),
      hash: location.hash,
      page: { href: location.href, origin: location.origin, pathname: location.pathname,
              host: location.host, protocol: location.protocol }
    });
  }

  function post(message) { worker.postMessage(JSON.stringify(message)); }

  function dataAttributes() {
    var found = {};
    for (var i = 0; i < root.attributes.length; i++) {
      var a = root.attributes[i];
      if (a.name.indexOf("data-") === 0) { found[a.name] = a.value; }
    }
    return found;
  }

  function failed(why) {
    console.warn("Gin Rummy: the game could not start: " + why);
    var notice = root.querySelector(".g-fail-notice");
    if (notice) { notice.hidden = false; }
    root.setAttribute("data-ready", "failed");
    workerBusy = false;
    queued = [];
    unanswered = 0;
    markBusy();
  }

  // An input for the worker: sent now, or once it is ready (in the order they came).
  function forward(input) {
    input.type = "input";
    input.id = ++nextId;
    holdFramesUntilPainted();
    tell(input);
  }

  // A message the worker answers with a frame (an input, the address or another tab's storage
  // changed, a write not made): the page is busy until it has.
  function tell(message) {
    unanswered++;
    markBusy();
    if (ready) { post(message); } else { queued.push(message); }
  }

  // The frame that answers a press is painted before any frame of the worker's is applied: a
  // patch that came in meanwhile (the worker answers in a few ms) would hold the press's own
  // frame back by its whole cost. Frames wait for that paint, in their order.
  var held = null;
  function holdFramesUntilPainted() {
    if (held !== null) { return; }
    held = [];
    var release = function () {
      if (held === null) { return; }
      var waiting = held;
      held = null;
      waiting.forEach(receive);
    };
    requestAnimationFrame(function () { setTimeout(release, 0); });
    setTimeout(release, 100);  // a tab the browser does not paint (in the background)
  }

  // --- frames from the worker -----------------------------------------------------------------

  var OPS = {
    store: function (writes) { writes.forEach(function (w) { if ("clear" in w) { clearStorage(w); } else { store(w); } }); },
    attrs: function (attrs) {
      for (var name in attrs) {
        if (name === "data-busy") { workerBusy = attrs[name] === "true"; } else { root.setAttribute(name, attrs[name]); }
      }
    },
    classes: function (classes) { for (var name in classes) { root.classList.toggle(name, !!classes[name]); } },
    keep_first: function () { keepFirst(); },
    html: function (html, frame) { draw(html, frame); },
    live: function (text) { live.textContent = text; },
    log: function (html) {
      // Replaced, not patched: new lines are new elements, which the browser never counts as
      // a layout shift (the same lines with other words were: tests/browser/test_steady.py).
      var log = main.querySelector(".g-log");
      if (log) { log.innerHTML = html; }
    },
    hash: function (text) {
      try { history.replaceState(null, "", text); } catch (error) { /* refused in a sandbox */ }
    },
    scroll: function (how) {
      if (how === "game" || root.getBoundingClientRect().top < 0) { root.scrollIntoView({ block: "start" }); }
    },
    download: download,
    clear_offline: function () { if (window.gameClearOffline) { window.gameClearOffline(); } },
    decision: function (ms) { window.gameRecordDecision(ms); },
    keys: function (map) { keys = map; },
    warn: function (text) { console.warn(text); }
  };
  // The order a frame's parts are applied in: the markup first (the patch lets go of a focus
  // it removes while the page's style is still clean: #game's attributes, set before it, made
  // that a restyle of the whole table), the focus after it.
  var ORDER = ["store", "keys", "keep_first", "html", "attrs", "classes", "log", "live", "hash", "scroll", "download",
               "clear_offline", "decision", "warn"];

  function receive(frame) {
    if (frame.failed) { failed(frame.failed); return; }
    ORDER.forEach(function (name) { if (name in frame) { OPS[name](frame[name], frame); } });
    if (frame.focus) { focusTo(frame.focus, frame.focus_was); }
    if (frame.focus_only) { rove(frame.focus_only); }
    if (frame.ready && !ready) {
      ready = true;
      root.setAttribute("data-ready", "true");
      queued.splice(0).forEach(post);
    }
    if (frame.done) {
      unanswered = Math.max(0, unanswered - frame.done);
      if (!unanswered) { unpress(); escaping = false; }
    }
    markBusy();
    if (frame.html !== undefined && window.gameRecordDraw) { window.gameRecordDraw(); }  // bench/latency.py
  }

  // data-busy: the worker has work in hand (the computer's move, the server's answer, the
  // second bundle), an input is on its way, or a focus waits for its frame.
  function markBusy() {
    root.setAttribute("data-busy", workerBusy || unanswered > 0 || focusDue !== null ? "true" : "false");
  }

  // The markup of the game area. The first drawing keeps the build's first screen when it is
  // the same markup (its hash; the worker says so itself when the drawing's inputs are the
  // build's, `keep_first`): the page's largest paint stays the first one.
  function keepFirst() {
    firstHash = null;
    root.setAttribute("data-first-screen", "kept");
  }

  function draw(html, frame) {
    var same = firstHash !== null && hash(html) === firstHash;
    firstHash = null;
    if (same) { return; }  // drawn again by the worker: the very same markup
    frame.focus_was = focusState();
    patch(main, html);
    // The knock played out: its cards measured and placed in the next frame, before it is
    // painted (the browser lays the page out once, not also in this task).
    if (frame.reveal) { requestAnimationFrame(function () { placeFrom(); bringIntoView(frame.reveal); }); }
  }

  // FNV-1a (32 bits) over UTF-16 code units, as generator/firstscreen.py markup_hash.
  function hash(text) {
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return ("0000000" + h.toString(16)).slice(-8);
  }

  // --- the storage ------------------------------------------------------------------------------

  function snapshot() {
    var found = {};
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (key && key.indexOf(PREFIX) === 0) { found[key] = localStorage.getItem(key); }
      }
    } catch (error) { /* no storage for this site: the worker starts with none */ }
    return found;
  }

  // {key, text} writes (text null: remove); with `expect`, only over that stored text (null:
  // nothing stored): another tab may have written since the worker last saw it. A write that
  // cannot be made is told to the worker, with what is stored.
  function store(write) {
    var current = null;
    try {
      current = localStorage.getItem(write.key);
      if ("expect" in write && current !== write.expect) {
        tell({ type: "stored", key: write.key, stale: true, current: current });
        return;
      }
      if (write.text === null) { localStorage.removeItem(write.key); } else { localStorage.setItem(write.key, write.text); }
    } catch (error) {
      tell({ type: "stored", key: write.key, refused: true, current: current });
    }
  }

  function clearStorage(spec) {
    try {
      var gone = [];
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (key && key.indexOf(spec.clear) === 0 && spec.keep.indexOf(key) < 0) { gone.push(key); }
      }
      gone.forEach(function (key) { localStorage.removeItem(key); });
    } catch (error) { /* nothing stored for this site */ }
  }

  window.addEventListener("storage", function (ev) {
    if (ev.key === null || ev.key.indexOf(PREFIX) === 0) {
      if (worker) { tell({ type: "storage", key: ev.key, value: ev.newValue }); }
    }
  });

  window.addEventListener("hashchange", function () {
    if (worker) { tell({ type: "hash", hash: location.hash }); }
  });

  function download(file) {
    var url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
    var link = document.createElement("a");
    link.href = url;
    link.download = file.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }

  // --- input -------------------------------------------------------------------------------------

  function closest(node, selector) {
    return node && node.closest ? node.closest(selector) : null;
  }

  function keyOfActive() {
    var active = document.activeElement;
    return active && main.contains(active) ? active.getAttribute("data-key") : null;
  }

  // The screen's answer in the event's frame: a card of the hand (a toggle: aria-pressed) lifts
  // or drops, the others drop; any other control lights until the worker's frame puts the table
  // right.
  function press(target) {
    if (!target || FORM_TAGS.indexOf(target.tagName) >= 0) { return; }
    if (target.hasAttribute("aria-pressed") && target.hasAttribute("data-card")) {
      var chosen = target.getAttribute("aria-pressed") !== "true";
      main.querySelectorAll('[data-card][aria-pressed="true"]').forEach(function (el) {
        el.classList.remove("g-selected");
        el.setAttribute("aria-pressed", "false");
      });
      if (chosen) {
        target.classList.add("g-selected");
        target.setAttribute("aria-pressed", "true");
      }
      return;
    }
    target.classList.add("g-pressed");
  }

  function unpress() {
    main.querySelectorAll(".g-pressed").forEach(function (el) { el.classList.remove("g-pressed"); });
  }

  root.addEventListener("click", function (ev) {
    var target = closest(ev.target, "[data-act]");
    if (!target || !root.contains(target) || FORM_TAGS.indexOf(target.tagName) >= 0 || target.hasAttribute("disabled")) {
      return;
    }
    if (dragged) { dragged = false; return; }  // the click that ends a drag is not a tap
    var input = { kind: "click", act: target.getAttribute("data-act"), focus: keyOfActive(),
                  detail: ev.detail, time: ev.timeStamp };
    if (target.hasAttribute("data-card")) { input.card = Number(target.getAttribute("data-card")); }
    if (target.hasAttribute("data-arg")) { input.arg = Number(target.getAttribute("data-arg")); }
    press(target);
    // A control with data-copy copies its text now, in the click (a browser gives the
    // clipboard only there), and the worker hears whether it could.
    var text = target.getAttribute("data-copy");
    if (text === null) { forward(input); return; }
    var told = function (ok) { input.copied = ok; forward(input); };
    try {
      navigator.clipboard.writeText(text).then(function () { told(true); }, function () { told(false); });
    } catch (error) {
      told(false);
    }
  });

  root.addEventListener("change", function (ev) {
    var target = ev.target;
    if (!target.hasAttribute || !target.hasAttribute("data-act")) { return; }
    var input = { kind: "change", act: target.getAttribute("data-act"), value: target.value,
                  checked: !!target.checked, focus: keyOfActive() };
    if (target.hasAttribute("data-card")) { input.card = Number(target.getAttribute("data-card")); }
    if (target.type !== "file") { forward(input); return; }
    var file = target.files && target.files[0];
    input.value = null;
    if (!file || file.size > FILE_BYTES) { forward(input); return; }
    file.text().then(function (text) { input.value = text; forward(input); }, function () { forward(input); });
  });

  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey) { return; }
    var key = ev.key, target = ev.target, tag = target && target.tagName ? target.tagName : "";
    if (key === "Tab") { trapTab(ev); return; }
    if (!(target && root.contains(target)) && tag !== "BODY") { return; }
    var input = { kind: "key", key: key, focus: keyOfActive() };
    if (key === "Escape") {
      ev.preventDefault();
      escaping = escaping || !!main.querySelector(".g-dialog");
      forward(input);
      return;
    }
    if (key === "Enter" && tag === "INPUT" && target.hasAttribute("data-submit")) {
      ev.preventDefault();  // Enter in a text box that submits (the table's code joins the table)
      input.act = target.getAttribute("data-act");
      input.value = target.value;
      forward(input);
      return;
    }
    // A form control keeps its keys, but one in a dialog an Escape on its way closes: the
    // keys typed after the Escape are the table's (the worker takes them in their order).
    if (FORM_TAGS.indexOf(tag) >= 0 && !(escaping && closest(target, ".g-dialog"))) { return; }
    if ((key === "ArrowLeft" || key === "ArrowRight") && target.hasAttribute("data-card")) {
      ev.preventDefault();
      input.card = Number(target.getAttribute("data-card"));
      // The arrow's way on the screen: right to left, the hand's order runs leftwards.
      var leftwards = getComputedStyle(target).direction === "rtl";
      input.step = (key === "ArrowLeft") === leftwards ? 1 : -1;
      input.move = ev.altKey || ev.shiftKey;
      if (!input.move) { roveBy(target, input.step); }  // the focus moves along the hand at once
      forward(input);
      return;
    }
    if (ev.altKey) { return; }
    var letter = key.length === 1 ? key.toLowerCase() : key;
    if (Object.prototype.hasOwnProperty.call(keys, letter)) {
      ev.preventDefault();
      var control = main.querySelector('[data-act="' + keys[letter] + '"]');
      if (control && !root.querySelector(".g-dialog")) { press(control); }
      input.act = keys[letter];
      forward(input);
    }
  });

  // Tab and Shift+Tab cycle inside an open dialog: the page behind it is never reached.
  function trapTab(ev) {
    var dialog = main.querySelector(".g-dialog");
    if (!dialog) { return; }
    var items = dialog.querySelectorAll(FOCUSABLE);
    if (!items.length) { return; }
    var active = document.activeElement, inside = dialog.contains(active);
    if (ev.shiftKey && (!inside || active === items[0])) {
      ev.preventDefault();
      items[items.length - 1].focus();
    } else if (!ev.shiftKey && (!inside || active === items[items.length - 1])) {
      ev.preventDefault();
      items[0].focus();
    }
  }

  // A card of the hand dragged (pointer events: mouse, pen and touch alike) follows the
  // pointer; dropped on the discard pile or on another card, the worker hears it. A short move
  // is a tap, left to the click listener.
  root.addEventListener("pointerdown", function (ev) {
    var card = closest(ev.target, ".g-hand [data-card]");
    if (ev.button !== 0 || !card || !root.contains(card) || closest(card, "[inert]")) { return; }
    dragged = false;
    var x0 = ev.clientX, y0 = ev.clientY, moving = false;
    var move = function (e) {
      var dx = e.clientX - x0, dy = e.clientY - y0;
      if (!moving && dx * dx + dy * dy < DOUBLE_SAFE * DOUBLE_SAFE) { return; }
      moving = true;
      card.classList.add("g-dragging");
      card.style.transform = "translate(" + dx + "px, " + dy + "px)";  // the CSSOM: allowed by the CSP
    };
    var stop = function () {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", up);
      document.removeEventListener("pointercancel", cancel);
      card.classList.remove("g-dragging");
      card.style.transform = "";
    };
    var up = function (e) {
      stop();
      if (!moving) { return; }
      dragged = true;  // the click that may follow this pointerup (same task) is not a tap
      setTimeout(function () { dragged = false; }, 0);
      var under = document.elementFromPoint(e.clientX, e.clientY);
      var index = Number(card.getAttribute("data-card"));
      if (closest(under, ".g-discard")) {
        forward({ kind: "drop", act: "drop_on_pile", card: index });
        return;
      }
      var other = closest(under, ".g-hand [data-card]");
      if (other) { forward({ kind: "drop", act: "place_card", card: index, target: Number(other.getAttribute("data-card")) }); }
    };
    var cancel = function () { stop(); };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", up);
    document.addEventListener("pointercancel", cancel);
  });

  // --- the focus ---------------------------------------------------------------------------------

  // Where the focus was before a drawing: in the game (and on which control), or elsewhere.
  function focusState() {
    var active = document.activeElement;
    var inside = !!active && root.contains(active);
    return { inside: inside, key: inside ? active.getAttribute("data-key") : null };
  }

  // The focus after a drawing (docs/game-ui.md): a command of the player's (`take`), or a
  // focus that was in the game, goes to the control it was on when that is still there and the
  // frame keeps it (`keep`: no dialog opened, no hand hidden), else to the first of the frame's
  // keys and selectors found. It moves with the next frame, before it is painted (focusing
  // forces the browser to lay the page out at once, which the frame does anyway), but for a
  // focus the drawing removed, given back at once.
  function focusTo(spec, was) {
    was = was || focusState();
    if (!spec.take && !was.inside) { return; }
    var keys = [];
    if (spec.keep && was.inside && was.key && !spec.take) { keys.push(was.key); }
    keys = keys.concat(spec.keys || []);
    var selectors = keys.map(function (k) { return '[data-key="' + CSS.escape(k) + '"]'; }).concat(spec.selectors || []);
    for (var i = 0; i < selectors.length; i++) {
      var found = main.querySelectorAll(selectors[i]);
      for (var j = 0; j < found.length; j++) {
        if (!found[j].hasAttribute("disabled")) {
          // A focus the drawing took away goes back at once: a screen reader would announce the
          // page's body it was left on (the layout this forces, the frame would do anyway).
          var lost = was.inside && !root.contains(document.activeElement);
          if (lost) { focusDue = null; focus(found[j]); } else { inFrame(found[j]); }
          return;
        }
      }
    }
  }

  function inFrame(el) {
    if (el === document.activeElement) { focusDue = null; return; }
    if (focusDue === null) {
      var done = false;
      var once = function () {
        if (done) { return; }
        done = true;
        var due = focusDue;
        focusDue = null;
        if (due && due.isConnected) { focus(due); }
        markBusy();
      };
      requestAnimationFrame(once);
      setTimeout(once, 100);  // a tab the browser does not paint (in the background)
    }
    focusDue = el;
  }

  // Without scrolling the page (the table is in view), and not the element that has it already
  // (focusing makes the browser lay the page out at once).
  function focus(el) {
    if (el !== document.activeElement) { el.focus({ preventScroll: true }); }
  }

  // Only the focus moves (the arrows in the hand, a radio button): to the control keyed `key`;
  // a card of the hand becomes the hand's one card in the tab order.
  function rove(key) {
    var el = main.querySelector('[data-key="' + CSS.escape(key) + '"]');
    if (!el) { return; }
    var hand = el.hasAttribute("data-card") ? closest(el, ".g-hand") : null;
    if (hand) {
      hand.querySelectorAll("[data-card]").forEach(function (card) {
        card.setAttribute("tabindex", "-1");
      });
    }
    el.setAttribute("tabindex", "0");
    focus(el);
  }

  function roveBy(card, step) {
    var cards = Array.prototype.slice.call(closest(card, ".g-hand").querySelectorAll("[data-card]"));
    var next = cards[cards.indexOf(card) + step];
    if (next) { rove(next.getAttribute("data-key")); }
  }

  // --- the knock played out (game.web.table.reveal) --------------------------------------------

  // Each card laid off starts from the place it leaves in the defender's row: its offset is
  // given to the stylesheet's motion as custom properties (the CSSOM: allowed by the CSP).
  // Measured without the transforms in play: the card from its offset parent, the place it
  // leaves by its slot (the element keyed by its data-from).
  function placeFrom() {
    main.querySelectorAll("[data-from]").forEach(function (card) {
      var left = main.querySelector('[data-key="' + CSS.escape(card.getAttribute("data-from")) + '"]');
      var parent = card.offsetParent;
      if (!left || !parent) { return; }
      var slot = left.parentElement.getBoundingClientRect(), box = parent.getBoundingClientRect();
      card.style.setProperty("--g-rv-x", Math.round(slot.left - box.left - parent.clientLeft - card.offsetLeft) + "px");
      card.style.setProperty("--g-rv-y", Math.round(slot.top - box.top - parent.clientTop - card.offsetTop) + "px");
    });
  }

  // Scroll the page up to the element's top when it starts above the screen.
  function bringIntoView(selector) {
    var found = main.querySelector(selector);
    if (found) {
      var top = found.getBoundingClientRect().top;
      if (top < 0) { window.scrollBy(0, top - 8); }
    }
  }

  // --- the keyed patch ---------------------------------------------------------------------------

  // Make `target`'s children those of `html`, keeping every element that stays: children are
  // matched by data-key (or id) wherever they moved, else by position and tag; attributes and
  // text are changed in place, and a subtree already equal is left alone.
  function patch(target, html) {
    var fresh = document.createElement("template");
    fresh.innerHTML = html;
    // The focused control gone from the new markup (the card just discarded, the table at the
    // end of a hand) lets go of the focus first, while the page's style is clean: removed in
    // the middle of the patch, it made the browser restyle the half-patched table at once to
    // move the focus (5-10 ms a discard on a laptop, four times that on a phone).
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
      var nodeKey = keyOf(node);
      var match = null;
      if (nodeKey !== null) {
        match = keyed.get(nodeKey) || null;
        if (match && match.nodeName !== node.nodeName) { match = null; }
        if (match) { keyed.delete(nodeKey); }
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

  function element(tag, className) {
    var el = document.createElement(tag);
    el.className = className;
    return el;
  }

  start();
})();
