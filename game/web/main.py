"""Entry point, imported by the start script: load the page's catalogue and start the game.

Importing the modules and starting the game are two tasks of the main thread, not one: each
is shorter than the whole, so the page answers (a scroll, a tap on a link) in between.
"""

import javascript
from browser import document, window

from game.web import i18n
from game.web.app import App


def main(*args):
    if "game" not in document:
        return None
    data = None
    text = window.__gameCatalog
    if text:
        try:
            data = javascript.JSON.parse(text)
        except Exception:
            data = None
    i18n.install(i18n.Catalog(data if isinstance(data, dict) else None))
    app = App(document["game"])
    window.__gameApp = app
    app.start()
    return app


window.setTimeout(main, 0)
