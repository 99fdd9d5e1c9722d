"""What the worker sends the page's shim (static/game-shim.js): one frame at the end of each of
the worker's tasks, gathering what the task changed.

A frame is a plain dict, every part optional (docs/architecture.md, "The shim's frames"):
`html` the game area's markup (patched), or `keep_first` (the build's first screen is this
drawing: nothing to patch); `attrs` #game's attributes; `classes` {name: on}; `focus`
{take, keep, keys, selectors} where the focus goes after the drawing; `focus_only` the key of
the one control the focus moves to, nothing drawn; `live` the live region's text; `log` the
visible log's items; `reveal` a selector brought into view once the knock's cards are placed;
`hash` the address's fragment; `scroll` "game" (bring the game area to the top) or
"game-if-above"; `store` the storage's changes in order, each a write {key, text (None:
remove), expect?} or a clearing {clear: a key prefix, keep: [keys]};
`download` {name, text, type}; `clear_offline`; `keys` {letter: command}; `ready`; `done` how
many inputs this task answered; `decision` the computer's decision time (ms, the benchmark's).
Within a task a later value of a part replaces an earlier one, but for the writes, kept in order.
"""


class Frame:
    """The frame being gathered; `flush` sends it (when anything is in it) through `post`."""

    def __init__(self, post):
        self.post = post
        self.parts = {}
        self.sent = {}  # #game's attributes as last sent: an unchanged one is not sent again

    def set(self, name, value):
        self.parts[name] = value

    def attrs(self, values):
        self.parts.setdefault("attrs", {}).update(values)

    def store(self, key, text, expect=None, check=False):
        """Write `text` under `key` (None: remove it); with `check`, only over `expect` (the
        text this worker last saw there; None: nothing stored)."""
        write = {"key": key, "text": text}
        if check:
            write["expect"] = expect
        self.parts.setdefault("store", []).append(write)

    def clear(self, prefix, keep):
        """Remove every stored key starting with `prefix`, but those in `keep`."""
        self.parts.setdefault("store", []).append({"clear": prefix, "keep": list(keep)})

    def answered(self):
        """One more message of the shim's answered in this task (it counts those in flight)."""
        self.parts["done"] = self.parts.get("done", 0) + 1

    def flush(self):
        attrs = self.parts.get("attrs")
        if attrs is not None:
            for name in list(attrs):
                if self.sent.get(name) == attrs[name]:
                    del attrs[name]
            self.sent.update(attrs)
            if not attrs:
                del self.parts["attrs"]
        if self.parts:
            parts, self.parts = self.parts, {}
            self.post(parts)
