"""The game in the page: the only code that imports `browser` (Brython's DOM module).

`game.web.platform.main` is the entry the start script imports; it renders the engine's views in
`#game` and sends the player's actions to the engine. No rule is re-implemented here.
"""
