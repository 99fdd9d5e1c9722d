"""The game area as the worker draws it: each drawing, focus and announcement becomes part of
the task's frame (`frames.Frame`), which the page's shim applies: it patches `#game`'s
`.g-main` into the markup (`game.web.table.render`, pure), sets `#game`'s attributes, moves
the focus where the frame says, and speaks in the live region. The App (`app`) says when.
Pure Python.
"""

from game.web.table.markup import log_items
from game.web.table.render import attributes, drawing_key, fallback_focus, render


class Screen:
    """`frame` the frame being gathered; `first_key` the hash of the inputs of the first screen
    the build drew in `#game` (`data-first-key`): the first drawing made of the same inputs is
    that screen, which the page keeps without drawing it; `markup_hash` the function that
    hashes them (`render.markup_hash`; the host's, in JavaScript, is 20-30 ms faster)."""

    def __init__(self, frame, first_key=None, markup_hash=None):
        self.frame = frame
        self.first_key = first_key
        self.markup_hash = markup_hash  # `render.markup_hash`, as the host computes it

    def draw(self, view, ui, seed, take=False):
        """Draw (view, ui); the focus follows into the new markup when it was in the game (or
        `take`: a command of the player's), and is never left on the page's body."""
        values = attributes(view, ui)
        values["data-seed"] = "" if seed is None else str(seed)
        self.frame.attrs(values)
        self.frame.set("classes", {"four-colour": bool(ui.prefs["four"])})
        if self.first_key is not None and self.markup_hash(drawing_key(view, ui)) == self.first_key:
            self.frame.set("keep_first", True)
        else:
            self.frame.set("html", render(view, ui))
            self.frame.parts.pop("keep_first", None)
        self.first_key = None  # the first drawing only
        if ui.motion == "reveal":
            self.frame.set("reveal", ".g-end")
        self.focus(view, ui, take, keep=True)

    def focus(self, view, ui, take, keep=False):
        """Where the focus goes after the drawing (the shim finds the first of these that is
        there and not disabled): the control it was on when a move of the other side redrew the
        table (`keep`: a player who tabbed to Sort while the computer played stays on Sort),
        else ui.focus (a dialog: its own; two hidden hands: the button that reveals the next),
        else the screen's sensible control (`render.fallback_focus`)."""
        key = ui.focus
        if ui.dialog:
            key = ui.dialog.get("focus", key)
            keep = False
        elif ui.handover:
            key = "reveal"  # two players: the next one's first press reveals their hand
            keep = False
        self.frame.set("focus", {"take": bool(take), "keep": keep, "keys": [key] if key else [],
                                 "selectors": fallback_focus(view, ui)})

    def take_focus(self, view, ui):
        """Give the focus to the screen's control now (a command that drew by itself)."""
        self.focus(view, ui, True)

    def move_focus(self, ui):
        """Only the focus moves (a radio button, a copy button): no new drawing."""
        if ui.focus:
            self.frame.set("focus_only", ui.focus)

    def announce(self, ui, message):
        """Say `message` in the live region and keep it in the visible log."""
        if not message:
            return
        ui.say(message)
        self.frame.set("live", message)
        self.frame.set("log", log_items(ui.log))

    def forget(self):
        """Nothing said stays in the live region (another match's cards may be hidden in this one)."""
        self.frame.set("live", "")
