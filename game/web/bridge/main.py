"""The worker's entry (static/game-worker.js imports it): install the page's catalogue, make the
App on the worker's facilities (`host.JsHost`) and return the function that hands it each
message of the shim's. Every message is a task of the App's: its frame goes to the shim at the
end (`App.flush`), even when the task raised (the traceback is on the console).
"""

import javascript
from browser import self as scope

from game.web.app.app import App
from game.web.bridge.host import JsHost
from game.web.words import i18n


class JsMessages:
    """A catalogue's messages as the browser's JSON parser made them (a JavaScript object),
    each read when `i18n.Catalog` first asks for it, then kept: turning all of them into a
    Python dict at start-up cost 15 ms, and a page shows a few dozen."""

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
# that object, so wrapping Object.prototype would give every object that one map.
_has_own = scope.Object.hasOwn
_is_array = scope.Array.isArray


def catalog_data(text):
    """The page's catalogue (the JSON text fetched with the start) as `i18n.Catalog` reads it;
    None (English) when there is none or it cannot be read."""
    if not text:
        return None
    try:
        raw = scope.JSON.parse(text)
        return {"lang": str(raw.lang), "nplurals": int(raw.nplurals),
                "plural": javascript.JSON.parse(scope.JSON.stringify(raw.plural)),
                "messages": JsMessages(raw.messages)}
    except Exception:
        return None


def main(start_text, catalog_text):
    """Start the game from the shim's start message (JSON text) and the catalogue's text; the
    function returned takes each later message (JSON text)."""
    i18n.install(i18n.Catalog(catalog_data(catalog_text)))
    holder = []
    host = JsHost(lambda: holder[0].flush())
    app = App(host, lambda frame: scope.postMessage(javascript.JSON.stringify(frame)),
              javascript.JSON.parse(start_text))
    holder.append(app)
    host.task(app.start)()

    def receive(text):
        message = javascript.JSON.parse(text)
        host.task(lambda: app.receive(message))()

    return receive
