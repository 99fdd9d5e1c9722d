"""The page's input: one delegated click and change listener on `#game`, one keydown listener
on the document. Each turns a DOM event into a command name and its argument
(`game.web.play.commands`) and hands it to the adapter (`App.input`: answered on the screen in the
same frame, carried out once that frame is painted); nothing here decides a move.

Focus: arrows move along the hand (one card in the tab order), Alt or Shift with an arrow moves
the card itself (the sort becomes "custom"), Escape closes a dialog or drops the selection, and
Tab stays inside an open dialog. Form controls keep their own keys: no shortcut reaches them.
"""

from browser import document, window

from game.web.words.keys import shortcuts

# The choices (selects, checkboxes, radio buttons) and how each reads its new value.
CHOICES = {
    "level": lambda target: target.value,
    "four": lambda target: bool(target.checked),
    "ask_discard": lambda target: bool(target.checked),
    "hints": lambda target: bool(target.checked),
    "welcome_level": lambda target: target.value,
    "welcome_hints": lambda target: bool(target.checked),
    "pace": lambda target: target.value,
    "pick_sort": lambda target: target.value,
    "mode": lambda target: target.value,
    "group": lambda target: (int(target.attrs["data-card"]), int(target.value)),
    "pick_rules": lambda target: target.value,
    "pick_mode": lambda target: target.value,
    "lobby_rules": lambda target: target.value,
    "lobby_code": lambda target: target.value,
    "import_stats": lambda target: target.files[0] if target.files.length else None,
}

# A second click or tap on the same card within this many milliseconds is a double one. Told
# from the clicks, not by the browser's dblclick: the first click redraws the hand, and a
# double click over two different elements fires no dblclick.
DOUBLE_MS = 500

FOCUSABLE = 'button:not([disabled]), select, input, [tabindex="0"]'
FORM_TAGS = ("INPUT", "SELECT", "TEXTAREA", "OPTION")


def closest(el, selector):
    """The element's nearest ancestor (or itself) matching `selector`, or None (Brython's
    `closest` raises KeyError when there is none)."""
    if el is None:
        return None
    try:
        return el.closest(selector)
    except KeyError:
        return None


def on_change(app, ev):
    """A select, checkbox or radio button changed: options, knock groups, new-game choices."""
    target = ev.target
    act = target.attrs["data-act"] if "data-act" in target.attrs else None
    if act in CHOICES:
        app.input(act, CHOICES[act](target), target)


def on_click(app, ev):
    """A click on anything with `data-act` inside `#game` (not disabled): a card or a command.
    A move that cannot be made now (the stock on the other side's turn, Knock over the limit)
    is shown `aria-disabled`, not disabled: its click still runs the command, which says why."""
    target = closest(ev.target, "[data-act]")
    if target is None or not app.root.contains(target):
        return
    if target.tagName in FORM_TAGS:
        return
    if "disabled" in target.attrs:
        return
    if getattr(app, "dragged", False):
        app.dragged = False
        return
    act = target.attrs["data-act"]
    if act == "card":
        index = int(target.attrs["data-card"])
        last = app.last_click
        pointer = ev.detail > 0  # a key's click has detail 0: Enter twice is select, unselect
        double = pointer and last is not None and last[0] == index and ev.timeStamp - last[1] < DOUBLE_MS
        # A pair is used up: a third click starts another.
        app.last_click = (index, ev.timeStamp) if pointer and not double else None
        app.input("quick_discard" if double else "card", index, target)
        return
    app.last_click = None
    if "data-arg" in target.attrs:  # a numbered item (a step of the hand review)
        app.input(act, int(target.attrs["data-arg"]), target)
    else:
        app.input(act, None, target)


class Drag:
    """A card of the hand being dragged (pointer events: mouse, pen and touch alike): it follows
    the pointer, and dropped on the discard pile it is discarded, on another card it takes that
    card's place. A short move is a tap, left to the click listener."""

    THRESHOLD = 8  # px before a press becomes a drag

    def __init__(self, app, el, ev):
        self.app, self.el = app, el
        self.index = int(el.attrs["data-card"])
        self.x0, self.y0 = ev.clientX, ev.clientY
        self.moving = False
        document.bind("pointermove", self.move)
        document.bind("pointerup", self.up)
        document.bind("pointercancel", self.cancel)

    def move(self, ev):
        dx, dy = ev.clientX - self.x0, ev.clientY - self.y0
        if not self.moving and dx * dx + dy * dy < self.THRESHOLD * self.THRESHOLD:
            return
        self.moving = True
        self.el.classList.add("g-dragging")
        self.el.style.transform = "translate(" + str(dx) + "px, " + str(dy) + "px)"  # CSSOM: allowed by the CSP

    def up(self, ev):
        self.stop()
        if not self.moving:
            return
        # The click that may follow this pointerup (same task) is not a tap; the next one is.
        self.app.dragged = True
        window.setTimeout(self.forget_drag, 0)
        under = document.elementFromPoint(ev.clientX, ev.clientY)
        self.el.classList.remove("g-dragging")
        self.el.style.transform = ""
        if under is None:
            return
        if closest(under, ".g-discard") is not None:
            self.app.input("drop_on_pile", self.index, self.el)
            return
        card = closest(under, ".g-hand [data-card]")
        if card is not None:
            self.app.input("place_card", (self.index, int(card.attrs["data-card"])), self.el)

    def forget_drag(self, *args):
        self.app.dragged = False

    def cancel(self, ev):
        self.stop()
        self.el.classList.remove("g-dragging")
        self.el.style.transform = ""

    def stop(self):
        document.unbind("pointermove", self.move)
        document.unbind("pointerup", self.up)
        document.unbind("pointercancel", self.cancel)


def on_pointerdown(app, ev):
    """A press on a card of the hand may start a drag (main button or a touch only)."""
    if ev.button != 0 or app.ui.dialog or app.ui.handover:
        return
    target = closest(ev.target, ".g-hand [data-card]")
    if target is None or not app.root.contains(target):
        return
    app.dragged = False
    Drag(app, target, ev)


def trap_tab(app, ev):
    """Tab and Shift+Tab cycle inside the open dialog (the page behind it is never reached)."""
    found = app.main.select(".g-dialog")
    if not found:
        return
    items = [el for el in found[0].select(FOCUSABLE)]
    if not items:
        return
    active = document.activeElement
    inside = found[0].contains(active)
    if ev.shiftKey and (not inside or active == items[0]):
        ev.preventDefault()
        items[-1].focus()
    elif not ev.shiftKey and (not inside or active == items[-1]):
        ev.preventDefault()
        items[0].focus()


def on_key(app, ev):
    """Tab in a dialog, Escape, arrows in the hand, and the single-key shortcuts (`game.web.words.keys`)."""
    if ev.ctrlKey or ev.metaKey:
        return
    key = ev.key
    if key == "Tab":
        if app.ui.dialog:
            trap_tab(app, ev)
        return
    target = ev.target
    tag = target.tagName if target else ""
    inside = target is not None and app.root.contains(target)
    if not inside and tag != "BODY":
        return
    # What a key does may hang on what the inputs still waiting will do (an Escape before it
    # closes the dialog a letter would be ignored in): it is decided when its turn comes.
    if key == "Escape":
        ev.preventDefault()
        app.input(when_escape)
        return
    if key == "Enter" and tag == "INPUT" and target.getAttribute("data-act") == "lobby_code":
        ev.preventDefault()  # Enter in the table code's box joins that table
        app.input("lobby_code", target.value)
        app.input("online_join")
        return
    if tag in FORM_TAGS:
        return
    if key in ("ArrowLeft", "ArrowRight") and target is not None and "data-card" in target.attrs:
        ev.preventDefault()
        step = -1 if key == "ArrowLeft" else 1
        index = int(target.attrs["data-card"])
        app.input("move_card" if ev.altKey or ev.shiftKey else "focus_card", (index, step), target)
        return
    if ev.altKey:
        return
    lower = key.lower() if len(key) == 1 else key
    table = shortcuts()
    if lower in table:
        ev.preventDefault()
        app.input(shortcut(table[lower]))


def when_escape(ui):
    """Escape closes a dialog or drops the selection; else it does nothing."""
    return ("escape", None) if ui.dialog or ui.selected is not None else None


when_escape.command = "escape"


def shortcut(name):
    """A shortcut letter's command, unless a dialog is open (its own buttons answer then) or
    two hidden hands wait for the next player (only the help works, and Undo for the player
    who just discarded)."""
    def decide(ui):
        if ui.dialog or (ui.handover and name not in ("help", "undo")):
            return None
        return (name, None)
    decide.command = name  # the control it lights at once (`App.press`)
    return decide
