"""The worker's bridge to JavaScript: the only room that imports `browser` or `javascript`
(tests/web/test_boundaries.py). `main` is the module static/game-worker.js imports: it makes
the App with the host's facilities (`host.JsHost`: timers, tasks, the network, scripts, JSON)
and hands it every message of the shim's. Thin by design: everything it wires is tested in
CPython (tests/web/app/), this room through the browser (tests/browser/)."""
