"""The commands of the hand: select a card, move it, drag it, sort the hand (each declared beside
its handler: `game.web.play.registry`). Selecting a card plays nothing. Pure Python."""

from game.cards import DECK
from game.web.play.effects import FOCUS_ONLY, SAVE, SAVE_PREFS
from game.web.play.outcome import Outcome
from game.web.play.registry import command, declare
from game.web.play.state import SORTS, not_yet
from game.web.words import text as T
from game.web.words.i18n import _, fmt


@command("card", alone=True)
def toggle(ui, view, index):
    """Select or unselect a card of the hand (and say the deadwood left after discarding it)."""
    if ui.handover or ui.dialog:
        return None
    ui.selected = None if ui.selected == index else index
    ui.focus = "c" + str(index)
    if ui.selected is None:  # the same card again: said, or "Selected: …" would stay the last word
        return Outcome(say=_("Selection canceled."))
    # Translators: {card} is a card's name without article ("queen of hearts").
    message = fmt(_("Selected: {card}."), card=T.card_name(DECK[index]))
    if index in view.discard_deadwood:
        # Translators: after "Selected: …"; {n} is the deadwood left if this card is discarded.
        message += " " + fmt(_("Deadwood after discarding it: {n}."), n=view.discard_deadwood[index])
    else:  # it cannot be discarded now: what comes first, or why not this card
        message += " " + (not_yet(view) or T.refusal("taken_card", {}))
    return Outcome(say=message)


@command("move_card", alone=True)
def move_card(ui, view, arg):
    """Move a card one place in the order shown: arg is (card index, -1 left or +1 right)."""
    index, step = arg
    order = ui.order[view.player]
    if index not in order:
        return None
    pos = order.index(index)
    new = pos + step
    if new < 0 or new >= len(order):
        return None
    order[pos], order[new] = order[new], order[pos]
    ui.prefs["sort"] = "custom"
    ui.focus = "c" + str(index)
    # Translators: {card} is a card's name with its article ("the queen of hearts"), {n} its new place in the hand.
    return Outcome(say=fmt(_("Moved {card} to position {n}."), card=T.the_card(DECK[index]), n=new + 1),
                   effects=(SAVE_PREFS, SAVE))


@command("place_card", alone=True)
def place_card(ui, view, arg):
    """A card dragged onto another card of the hand takes its place: arg is (card, target)."""
    index, target = arg
    order = ui.order[view.player]
    if index not in order or target not in order or index == target:
        return None
    rightwards = order.index(index) < order.index(target)
    order.remove(index)
    order.insert(order.index(target) + (1 if rightwards else 0), index)
    ui.prefs["sort"] = "custom"
    ui.focus = "c" + str(index)
    # Translators: {card} is a card's name with its article ("the queen of hearts"), {n} its new place in the hand.
    return Outcome(say=fmt(_("Moved {card} to position {n}."), card=T.the_card(DECK[index]), n=order.index(index) + 1),
                   effects=(SAVE_PREFS, SAVE))


@command("focus_card", alone=True)
def focus_card(ui, view, arg):
    """Move the focus to the next card of the hand shown (the arrows): arg is (index, step)."""
    index, step = arg
    order = ui.order[view.player]
    if index not in order:
        return None
    new = order.index(index) + step
    if 0 <= new < len(order):
        ui.focus = "c" + str(order[new])
        return Outcome(effects=(FOCUS_ONLY,))
    return None


def move_selected(step):
    """The arrow buttons: the selected card one place left or right (with none selected, or
    at that end already: said)."""
    def handler(ui, view, arg):
        if ui.selected is None:
            return Outcome(say=_("Select a card first, then move it with the arrows."))
        outcome = move_card(ui, view, (ui.selected, step))
        ui.focus = "move_left" if step < 0 else "move_right"
        if outcome is None:
            card = T.capital(T.the_card(DECK[ui.selected]))
            if step < 0:
                # Translators: an arrow button pressed; {card} is a card's name with its article
                # ("The 7 of hearts"), at the start of the sentence.
                return Outcome(say=fmt(_("{card} is already first in your hand."), card=card))
            # Translators: as "… is already first in your hand.", at the other end.
            return Outcome(say=fmt(_("{card} is already last in your hand."), card=card))
        return outcome
    return handler


def cancel_selection(ui, view, arg):
    if ui.selected is None:
        return None
    ui.focus = "c" + str(ui.selected)
    ui.selected = None
    return Outcome(say=_("Selection canceled."))


@command("sort", alone=True)
def sort(ui, view, arg):
    current = ui.prefs["sort"]
    ui.prefs["sort"] = SORTS[(SORTS.index(current) + 1) % len(SORTS)] if current in SORTS else "rank"
    ui.focus = ui.focus or "sort"
    said = {"rank": _("Sorted by rank."), "suit": _("Sorted by suit."), "melds": _("Sorted by melds.")}
    return Outcome(say=said[ui.prefs["sort"]], effects=(SAVE_PREFS,))


declare("move_left", move_selected(-1), alone=True)
declare("move_right", move_selected(1), alone=True)
