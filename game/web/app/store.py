"""The browser's storage as the worker keeps it: a worker has no `localStorage`, so the page's
shim sends a copy of the game's keys (`ginrummy.*`) at start and every other tab's write since;
what the game writes goes into this copy at once and to the shim in the task's frame
(`frames.Frame.store`), which writes it. Values are the stored JSON texts.

Two tabs on one save: a save is written only over the text this tab last read or wrote there
(`seen`); the shim checks it again as it writes (another tab may have written meanwhile) and
tells the worker of a write it did not make (`stale`: another tab's text is there; `refused`:
the browser would not store it, its storage full or blocked for the site). Pure Python.
"""

PREFIX = "ginrummy."


class Store:
    """`texts` {key: text} as the shim found them; `frame` the frame writes go out in; `codec`
    turns values into JSON text and back (`to_json`, `from_json`: the host's, the browser's own
    parser in the page)."""

    def __init__(self, texts, frame, codec):
        self.texts = dict(texts or {})
        self.frame = frame
        self.codec = codec
        self.seen = {}  # key -> the text this tab last read or wrote there (None: nothing)

    def get(self, key):
        """The stored text, or None."""
        text = self.texts.get(key)
        return text if type(text) is str else None

    def read(self, key):
        """The stored text, remembered as the one this tab last saw there (`write_over`)."""
        text = self.seen[key] = self.get(key)
        return text

    def set(self, key, value):
        """Store `value` as JSON; the text written."""
        text = self.codec.to_json(value)
        self.texts[key] = text
        self.frame.store(key, text)
        return text

    def write_over(self, key, value):
        """Store `value` only over the text this tab last saw under `key`: the text written, or
        None (writing nothing) when another tab has written there since."""
        current = self.get(key)
        if key in self.seen and current != self.seen[key]:
            return None
        text = self.codec.to_json(value)
        self.texts[key] = self.seen[key] = text
        self.frame.store(key, text, current, check=True)
        return text

    def remove(self, key):
        self.texts.pop(key, None)
        self.frame.store(key, None)

    def clear(self, keep=()):
        """Forget every key of the game's but those in `keep`."""
        for key in list(self.texts):
            if key.startswith(PREFIX) and key not in keep:
                del self.texts[key]
        self.seen = {}
        self.frame.clear(PREFIX, keep)

    def parse(self, text):
        """The JSON value of a stored text; ValueError when it is not JSON."""
        return self.codec.from_json(text)

    def refused(self, key, current):
        """The browser would not store this tab's write under `key`: `current` is still there."""
        self.changed(key, current)
        if key in self.seen:
            self.seen[key] = self.get(key)

    def changed(self, key, text):
        """Another tab wrote `text` under `key` (None: removed it; a key None: cleared the
        storage): keep it. Whether it differs from what this tab last saw there."""
        if key is None:
            self.texts = {}
            return False
        if type(text) is str:
            self.texts[key] = text
        else:
            self.texts.pop(key, None)
        return key in self.seen and self.get(key) != self.seen[key]
