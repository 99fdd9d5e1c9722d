"""The game in the page's Web Worker, its composition root: `App` takes the shim's inputs as
plain data (`controls`), runs the commands, holds the table (local or remote), saves the match
(`session`, `saves` over `store`'s copy of the browser's storage) and sends the shim frames to
apply (`screen`, `frames`). Pure Python: the worker's facilities (timers, the network, the
scripts to load) are the `Host` port, the shim the `Page` port (`ports`), so every part is
tested in CPython with fakes (tests/web/app/). Only `game.web.bridge` binds them to JavaScript."""
