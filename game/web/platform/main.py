"""Entry point, imported by the start script: load the page's catalogue and start the game.

Importing the modules and starting the game are two tasks of the main thread, not one: each
is shorter than the whole, so the page answers (a scroll, a tap on a link) in between.
"""

import javascript
from browser import document, window

from game.web.platform.app import App
from game.web.words import i18n


class JsMessages:
    """A catalogue's messages as the browser's JSON parser made them (a JavaScript object),
    each read when `i18n.Catalog` first asks for it, then kept: turning all of them into a
    Python dict at start-up cost 15 ms (a long task on a slow phone), and a page shows a few
    dozen."""

    def __init__(self, messages):
        self.messages = messages
        self.read = {}

    def get(self, key):
        if key in self.read:
            return self.read[key]
        value = self.messages[key] if _has_own(self.messages, key) else None
        # A string, or plural forms (a JavaScript array); anything else is no translation.
        text = value if type(value) is str else list(value) if _is_array(value) else None
        self.read[key] = text
        return text


# Static functions only: Brython keeps the Python wrappers of an object's methods in a map on
# that object, so wrapping Object.prototype would give every object that one map (seen: the
# game's first classList.remove then acted on every later classList).
_has_own = window.Object.hasOwn
_is_array = window.Array.isArray


def catalog_data(text):
    """The page's catalogue (the JSON text the start script fetched) as `i18n.Catalog` reads
    it; None (English) when there is none or it cannot be read."""
    if not text:
        return None
    try:
        raw = window.JSON.parse(text)
        return {"lang": str(raw.lang), "nplurals": int(raw.nplurals),
                "plural": javascript.JSON.parse(window.JSON.stringify(raw.plural)),
                "messages": JsMessages(raw.messages)}
    except Exception:
        return None


def main(*args):
    if "game" not in document:
        return None
    i18n.install(i18n.Catalog(catalog_data(window.__gameCatalog)))
    app = App(document["game"])
    window.__gameApp = app
    app.start()
    return app


window.setTimeout(main, 0)
