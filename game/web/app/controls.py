"""The player's input as the shim forwards it (static/game-shim.js: plain data, one message an
event), turned into a command name and its argument (`game.web.play.commands`); nothing here
decides a move.

An input is {kind, act, focus, ...}: "click" on a control with `data-act` (`card` a card of the
hand's index, `arg` a numbered item's, `detail` the click count, `time` its time in ms,
`copied` whether a control with `data-copy` copied its text), "change" of a select, checkbox,
radio button, text box or file (`value`, `checked`, `card`; a file's `value` is its text), "key"
(`key`, an arrow's `card`, `step` and `move` (Alt or Shift held), a shortcut's `act`, a text
box's `act` and `value` on Enter), "drop" of a dragged card (`card`, `target`). The shim has
already answered in the event's frame (a card lifts, a control lights; the arrows move the
focus along the hand) and kept Tab inside an open dialog. Pure Python.
"""

from game.web.words.keys import shortcuts

# The choices (selects, checkboxes, radio buttons, text boxes, files) and how each reads its
# new value from the input.
CHOICES = {
    "level": lambda i: i.get("value"),
    "four": lambda i: bool(i.get("checked")),
    "ask_discard": lambda i: bool(i.get("checked")),
    "hints": lambda i: bool(i.get("checked")),
    "welcome_level": lambda i: i.get("value"),
    "welcome_hints": lambda i: bool(i.get("checked")),
    "pace": lambda i: i.get("value"),
    "pick_sort": lambda i: i.get("value"),
    "mode": lambda i: i.get("value"),
    "group": lambda i: (_number(i.get("card")), _number(i.get("value"))),
    "pick_rules": lambda i: i.get("value"),
    "pick_mode": lambda i: i.get("value"),
    "lobby_rules": lambda i: i.get("value"),
    "lobby_code": lambda i: i.get("value"),
    "import_stats": lambda i: i.get("value"),
}

# A second click or tap on the same card within this many milliseconds is a double one. Told
# from the clicks, not by the browser's dblclick: the first click redraws the hand, and a
# double click over two different elements fires no dblclick.
DOUBLE_MS = 500

# The commands whose answer the shim has already given: the arrows move the focus along the
# hand themselves (the worker only follows, drawing nothing).
ANSWERED_BY_SHIM = ("focus_card",)


def _number(value):
    return int(value) if type(value) in (int, float) or (type(value) is str and value.isdigit()) else None


class Controls:
    """The inputs' meaning; `last_click` is (card, time) of the last pointer click on a card."""

    def __init__(self):
        self.last_click = None

    def commands(self, ui, data):
        """[(name, arg)] the input asks for, in order (none: it is ignored)."""
        kind = data.get("kind")
        handler = KINDS.get(kind)
        return handler(self, ui, data) if handler is not None else []

    def click(self, ui, data):
        act = data.get("act")
        if act == "card":
            index = _number(data.get("card"))
            if index is None:
                return []
            last = self.last_click
            time = data.get("time") or 0
            pointer = (data.get("detail") or 0) > 0  # a key's click has detail 0: Enter twice is select, unselect
            double = pointer and last is not None and last[0] == index and time - last[1] < DOUBLE_MS
            # A pair is used up: a third click starts another.
            self.last_click = (index, time) if pointer and not double else None
            return [("quick_discard" if double else "card", index)]
        self.last_click = None
        if "copied" in data:
            return [(act, bool(data["copied"]))]
        return [(act, _number(data.get("arg")) if "arg" in data else None)]

    def change(self, ui, data):
        act = data.get("act")
        return [(act, CHOICES[act](data))] if act in CHOICES else []

    def drop(self, ui, data):
        act, card = data.get("act"), _number(data.get("card"))
        if card is None:
            return []
        if act == "drop_on_pile":
            return [("drop_on_pile", card)]
        target = _number(data.get("target"))
        return [("place_card", (card, target))] if act == "place_card" and target is not None else []

    def key(self, ui, data):
        """Escape, the arrows in the hand, Enter in a text box that submits, the shortcuts."""
        key = data.get("key")
        if key == "Escape":
            return [("escape", None)] if ui.dialog or ui.selected is not None else []
        if key == "Enter" and data.get("act") == "lobby_code":  # the table's code joins the table
            return [("lobby_code", data.get("value") or ""), ("online_join", None)]
        card = _number(data.get("card"))
        if key in ("ArrowLeft", "ArrowRight") and card is not None:
            step = -1 if key == "ArrowLeft" else 1
            return [("move_card" if data.get("move") else "focus_card", (card, step))]
        name = shortcuts().get(key.lower() if type(key) is str and len(key) == 1 else key)
        # A dialog's own buttons answer while it is open; while two hidden hands wait for the
        # next player only the help works, and Undo for the player who just discarded.
        if name is None or ui.dialog or (ui.handover and name not in ("help", "undo")):
            return []
        return [(name, None)]


KINDS = {"click": Controls.click, "change": Controls.change, "key": Controls.key, "drop": Controls.drop}
