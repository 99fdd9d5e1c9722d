"""The page's input: one delegated click listener and one change listener on `#game`, one
keydown listener on the document. Each turns a DOM event into a command name and its argument
(`game.web.commands`) and hands it to the adapter (`App.command`); nothing here decides a move.

Focus: arrows move along the hand (one card in the tab order), Alt or Shift with an arrow moves
the card itself (the sort becomes "custom"), Escape closes a dialog or drops the selection.
"""

from game.web.commands import SHORTCUTS

# The choices (selects, checkboxes, radio buttons) and how each reads its new value.
CHOICES = {
    "level": lambda target: target.value,
    "four": lambda target: bool(target.checked),
    "mode": lambda target: target.value,
    "group": lambda target: (int(target.attrs["data-card"]), int(target.value)),
    "pick_rules": lambda target: target.value,
    "pick_mode": lambda target: target.value,
    "lobby_rules": lambda target: target.value,
    "lobby_code": lambda target: target.value,
}


def on_change(app, ev):
    """A select, checkbox or radio button changed: options, knock groups, new-game choices."""
    target = ev.target
    act = target.attrs["data-act"] if "data-act" in target.attrs else None
    if act in CHOICES:
        app.command(act, CHOICES[act](target))


def on_click(app, ev):
    """A click on anything with `data-act` inside `#game` (not disabled): a card or a command."""
    target = ev.target.closest("[data-act]")
    if target is None or not app.root.contains(target):
        return
    if target.tagName in ("SELECT", "INPUT", "OPTION"):
        return
    if "disabled" in target.attrs or target.getAttribute("aria-disabled") == "true":
        return
    act = target.attrs["data-act"]
    if act == "card":
        app.command("card", int(target.attrs["data-card"]))
    else:
        app.command(act)


def on_key(app, ev):
    """Escape, arrows in the hand, and the single-key shortcuts (`SHORTCUTS`)."""
    if ev.ctrlKey or ev.metaKey:
        return
    target = ev.target
    tag = target.tagName if target else ""
    inside = target is not None and app.root.contains(target)
    if not inside and tag != "BODY":
        return
    key = ev.key
    if key == "Escape":
        if app.ui.dialog or app.ui.selected is not None:
            ev.preventDefault()
            app.command("escape")
        return
    if key == "Enter" and tag == "INPUT" and target.getAttribute("data-act") == "lobby_code":
        ev.preventDefault()  # Enter in the table code's box joins that table
        app.command("lobby_code", target.value)
        app.command("online_join")
        return
    if app.ui.dialog or tag in ("INPUT", "SELECT", "TEXTAREA"):
        return
    if key in ("ArrowLeft", "ArrowRight") and target is not None and "data-card" in target.attrs:
        ev.preventDefault()
        step = -1 if key == "ArrowLeft" else 1
        index = int(target.attrs["data-card"])
        app.command("move_card" if ev.altKey or ev.shiftKey else "focus_card", (index, step))
        return
    if ev.altKey:
        return
    lower = key.lower() if len(key) == 1 else key
    if lower in SHORTCUTS:
        if app.ui.handover and lower != "?":
            return
        ev.preventDefault()
        app.command(SHORTCUTS[lower])
