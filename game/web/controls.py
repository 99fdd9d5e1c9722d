"""The player's input: one delegated click listener and one change listener on `#game`, one
keydown listener on the document, and the commands they give (buttons and shortcuts alike).

Each handler takes the `App` first. Selecting a card plays nothing; Discard, Knock, Gin and Big
gin open a confirmation; every move is sent only as one of the engine's legal actions
(`App.legal`). Focus: arrows move along the hand (one card in the tab order), Alt or Shift with an
arrow moves the card itself (the sort becomes "custom"), Escape closes a dialog or drops the
selection.
"""

from game.actions import (
    BIG_GIN,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    NEXT_HAND,
    PASS,
    TAKE_UPCARD,
    Action,
)
from game.cards import DECK
from game.rules import Rules
from game.web import text as T
from game.web.dialogs import declared, prefill
from game.web.i18n import _, fmt
from game.web.storage import SORTS
from game.web.table import analysis, level_name

# Single keys (case-insensitive, without Ctrl, Meta or Alt) -> commands; listed in the help dialog.
SHORTCUTS = {"d": "draw_stock", "p": "draw_discard", "u": "take_upcard", "s": "pass", "x": "discard",
             "k": "knock", "g": "gin", "o": "sort", "n": "next_hand", "h": "show_pile", "?": "help"}


def on_change(app, ev):
    """A select, checkbox or radio button changed: options, knock groups, new-game choices."""
    target = ev.target
    act = target.attrs["data-act"] if "data-act" in target.attrs else None
    if act == "level":
        app.prefs["level"] = target.value
        app.save_prefs()
        app.player = None
        app.focus = "level"
        app.render()
        app.announce(fmt(_("Computer level: {level}."), level=level_name(target.value)))
    elif act == "four":
        app.prefs["four"] = bool(target.checked)
        app.save_prefs()
        app.focus = "four"
        app.render()
    elif act == "mode":
        app.switch_mode(target.value)
    elif act == "group" and app.dialog:
        app.dialog["groups"][int(target.attrs["data-card"])] = int(target.value)
        app.dialog["focus"] = "g" + target.attrs["data-card"]
        app.render()
    elif act == "pick_rules" and app.dialog:
        app.dialog["rules"] = target.value
        app.dialog["focus"] = "rules-" + target.value
    elif act == "pick_mode" and app.dialog:
        app.dialog["mode"] = target.value
        app.dialog["focus"] = "mode-" + target.value


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
        toggle(app, int(target.attrs["data-card"]))
    else:
        command(app, act)


def toggle(app, index):
    """Select or unselect a card of the hand (and say the deadwood left after discarding it)."""
    if app.handover or app.dialog:
        return
    app.selected = None if app.selected == index else index
    app.focus = "c" + str(index)
    app.render()
    if app.selected is not None:
        seat = app.seat()
        hand = app.match.hand.hands[seat]
        melded, live, after = analysis(hand)
        message = fmt(_("Selected: {card}."), card=T.card_name(DECK[index]))
        if index in after:
            message += " " + fmt(_("Deadwood after discarding it: {n}."), n=after[index])
        app.announce(message)


# Buttons and shortcuts that play one move with no card: the engine's kinds to try, in order
# (the pile takes the upcard during the offer, the top discard afterwards).
PLAIN_MOVES = {
    "draw_stock": (DRAW_STOCK,), "pile": (TAKE_UPCARD, DRAW_DISCARD), "take_upcard": (TAKE_UPCARD,),
    "draw_discard": (DRAW_DISCARD,), "pass": (PASS,),
}


def command(app, act):
    """A button or a shortcut; every move still needs the engine's legal action."""
    sel = DECK[app.selected] if app.selected is not None else None
    if act in ("move_left", "move_right"):
        if sel is not None:
            move_focus(app, sel.index, -1 if act == "move_left" else 1, True)
            app.focus = act
            app.render()
    elif act in PLAIN_MOVES:
        for kind in PLAIN_MOVES[act]:
            action = app.legal(kind)
            if action:
                app.act(action)
                return
    elif act == "discard":
        if sel is None:
            app.announce(_("Select a card first."))
        elif app.legal(DISCARD, sel):
            app.open_dialog("discard", card=sel.index)
        else:
            app.announce(_("You may not discard the card you just took from the discard pile."))
    elif act == "confirm_discard":
        card = DECK[app.dialog["card"]]
        action = app.legal(DISCARD, card)
        app.dialog = None
        if action:
            app.act(action)
    elif act in ("knock", "gin"):
        kind = KNOCK if act == "knock" else GIN
        if sel is None:
            app.announce(_("Select the card to discard first."))
        elif app.legal(kind, sel):
            app.open_dialog(act, card=sel.index)
        elif act == "knock" and app.legal(GIN, sel):
            app.open_dialog("gin", card=sel.index)
        else:
            app.announce(_("You cannot do that with this discard."))
    elif act == "big_gin":
        if app.legal(BIG_GIN):
            app.open_dialog("big_gin", card=None)
    elif act == "best" and app.dialog:
        prefill(app.match, app.dialog)
        app.dialog["focus"] = "best"
        app.render()
    elif act == "confirm_knock" and app.dialog:
        d = app.dialog
        melds, problem, arrangement = declared(app.match, d)
        if problem:
            return
        kinds = {"knock": KNOCK, "gin": GIN, "big_gin": BIG_GIN}
        card = DECK[d["card"]] if d.get("card") is not None else None
        app.dialog = None
        app.act(Action(kinds[d["kind"]], card, melds))
    elif act == "next_hand":
        if app.match.phase == "hand_over":
            app.focus = None
            app.act(Action(NEXT_HAND))
    elif act == "sort":
        app.prefs["sort"] = SORTS[(SORTS.index(app.prefs["sort"]) + 1) % len(SORTS)] if app.prefs["sort"] in SORTS else "rank"
        app.save_prefs()
        app.focus = app.focus or "sort"
        app.render()
        names = {"rank": _("Sorted by rank."), "suit": _("Sorted by suit."), "melds": _("Sorted by melds.")}
        app.announce(names[app.prefs["sort"]])
    elif act == "show_pile":
        app.open_dialog("pile")
    elif act == "sheet":
        app.open_dialog("sheet")
    elif act == "help":
        app.open_dialog("help")
    elif act == "new":
        app.open_dialog("new")
    elif act == "start" and app.dialog:
        rules = app.dialog.get("rules", app.prefs["rules"])
        mode = app.dialog.get("mode", app.mode)
        app.prefs["rules"] = rules
        app.dialog = None
        if mode != app.mode:
            app.mode = mode
            app.prefs["mode"] = mode
        app.save_prefs()
        app.focus = None
        app.new_match(None, Rules.preset(rules))
    elif act == "replay":
        app.open_dialog("replay")
    elif act == "confirm_replay":
        app.dialog = None
        app.focus = None
        app.new_match(app.match.seed, app.match.rules)
    elif act == "reveal":
        app.handover = False
        app.focus = None
        app.render()
        app.announce(app.turn_text())
    elif act == "dismiss":
        app.notice = None
        app.focus = None
        app.render()
    elif act == "cancel":
        app.close_dialog()


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
        if app.dialog:
            ev.preventDefault()
            app.close_dialog()
        elif app.selected is not None:
            ev.preventDefault()
            index = app.selected
            app.selected = None
            app.focus = "c" + str(index)
            app.render()
            app.announce(_("Selection cancelled."))
        return
    if app.dialog or tag in ("INPUT", "SELECT", "TEXTAREA"):
        return
    if key in ("ArrowLeft", "ArrowRight") and target is not None and "data-card" in target.attrs:
        ev.preventDefault()
        move_focus(app, int(target.attrs["data-card"]), -1 if key == "ArrowLeft" else 1, ev.altKey or ev.shiftKey)
        return
    if ev.altKey:
        return
    lower = key.lower() if len(key) == 1 else key
    if lower in SHORTCUTS:
        if app.handover and lower != "?":
            return
        ev.preventDefault()
        command(app, SHORTCUTS[lower])


def move_focus(app, index, step, reorder):
    """Move the focus to the next card of the hand, or (`reorder`) move the card itself."""
    seat = app.seat()
    order = app.order[seat]
    if index not in order:
        return
    pos = order.index(index)
    new = pos + step
    if new < 0 or new >= len(order):
        return
    if reorder:
        order[pos], order[new] = order[new], order[pos]
        app.prefs["sort"] = "custom"
        app.save_prefs()  # the order itself is saved with the match
        app.save()
        app.focus = "c" + str(index)
        app.render()
        app.announce(fmt(_("Moved the {card} to position {n}."), card=T.card_name(DECK[index]), n=new + 1))
    else:
        app.focus = "c" + str(order[new])
        found = app.main.select('[data-key="c' + str(order[new]) + '"]')
        for el in app.main.select(".g-hand .g-card"):
            el.attrs["tabindex"] = "-1"
        if found:
            found[0].attrs["tabindex"] = "0"
            found[0].focus()
