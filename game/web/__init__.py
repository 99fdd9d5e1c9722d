"""The game in the page, run in a Web Worker (static/game-worker.js imports `game.web.bridge.main`):
it takes the player's input as plain data from the page's shim (static/game-shim.js), plays the
engine's moves, and sends the shim the markup to draw. No rule is re-implemented here; only
`game.web.bridge` touches JavaScript (docs/architecture.md)."""
