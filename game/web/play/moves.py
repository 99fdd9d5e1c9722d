"""The commands that make a move: take the upcard or pass, draw, discard, take a discard back,
knock, go gin, deal the next hand (each declared beside its handler: `game.web.play.registry`).
A move is one the View lists. A turn is two taps: the stock or the pile draws; a card, then the
pile or Discard, discards (a drag onto the pile, or a double tap, too), with no dialog unless the
player asked for one (`ask_discard`); Undo takes the discard back until the other side moves.
Knock, Gin and Big gin open their confirmation. A move that cannot be made says why. Pure
Python."""

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
from game.web.play.effects import UNDO
from game.web.play.hand import toggle
from game.web.play.outcome import Outcome, open_dialog, selected_card, try_move
from game.web.play.registry import command, declare
from game.web.play.state import can_undo, legal, not_yet
from game.web.words import text as T
from game.web.words.i18n import _, fmt, ngettext


def plain_move(*kinds):
    """A move with no card: the first of `kinds` the View lists (the pile takes the upcard
    during the offer, the top discard afterwards)."""
    def handler(ui, view, arg):
        for kind in kinds:
            action = legal(ui, view, kind)
            if action:
                return Outcome(action=action)
        return try_move(Action(kinds[-1]))
    return handler


@command("discard", alone=True)
def discard(ui, view, arg):
    """Discard the selected card: at once, or after a confirmation when the player asked for
    one (and the dialogs are in the page: without them a discard is made at once)."""
    card = selected_card(ui)
    if card is None:
        return Outcome(say=not_yet(view) or _("Select a card first."))
    action = legal(ui, view, DISCARD, card)
    if action and ui.prefs["ask_discard"] and ui.more != "failed":
        open_dialog(ui, "discard", card=card.index)
        return None
    if action:
        return Outcome(action=action)
    return try_move(Action(DISCARD, card))


def take_from_pile(ui, view, arg):
    return plain_move(TAKE_UPCARD, DRAW_DISCARD)(ui, view, arg)


@command("pile", alone=True)
def pile(ui, view, arg):
    """The discard pile pressed: it takes its top card (the upcard during the offer); when the
    player must discard, it is where the selected card goes (with none selected: said)."""
    if view.phase == "discard" and view.turn == view.player and legal(ui, view, DISCARD) is not None:
        if ui.selected is None:
            return Outcome(say=_("You have drawn: now select a card, then tap the pile."))
        return discard(ui, view, arg)
    return take_from_pile(ui, view, arg)


@command("drop_on_pile", alone=True)
def drop_on_pile(ui, view, index):
    """A card dragged onto the discard pile: discard it (at once, unless the player asked for a
    confirmation)."""
    if ui.dialog or ui.handover:
        return None
    ui.selected = index
    ui.focus = "c" + str(index)
    return discard(ui, view, None)


@command("undo", alone=True, while_hidden=True)
def undo(ui, view, arg):
    """Take back the discard just made, while the other side has not moved (the table rebuilds
    the match without it: `game.table.Table.undo`); two players on one device: from the
    hand-over screen, by the one who discarded."""
    if ui.dialog:
        return None
    if not can_undo(ui, view):
        return Outcome(say=T.refusal("nothing_to_undo", {}))
    ui.selected = None
    return Outcome(effects=(UNDO,))


@command("quick_discard", alone=True)
def quick_discard(ui, view, index):
    """The second tap or click of a double one on a card: discard it at once, when the player
    may discard it and did not ask for a confirmation of each discard; else it is a second tap
    (it unselects the card the first one selected)."""
    if ui.dialog:
        return None
    action = legal(ui, view, DISCARD, DECK[index]) if not ui.prefs["ask_discard"] else None
    if action is None:
        return toggle(ui, view, index)
    ui.selected = index
    return Outcome(action=action)


@command("confirm_discard", alone=True)
def confirm_discard(ui, view, arg):
    if not ui.dialog or ui.dialog.get("card") is None:
        return None
    action = legal(ui, view, DISCARD, DECK[ui.dialog["card"]])
    ui.dialog = None
    return Outcome(action=action) if action else None


def best_card(view, kind):
    """The discard with the least deadwood among those the View lists for `kind`, or None."""
    after = view.discard_deadwood
    cards = [a.card for a in view.legal_actions if a.kind == kind]
    cards.sort(key=lambda c: (after.get(c.index, 99), c.rank, c.suit))
    return cards[0] if cards else None


def end_hand(kind):
    """Knock or gin with the selected card: the dialog of declared melds (a knock that would be
    gin opens the gin dialog). Without a selected card that allows it, the View's best discard
    for that ending is selected (for a knock, the best gin's when only gin is possible); with
    none, the player is told why."""
    def handler(ui, view, arg):
        card = selected_card(ui)
        ending = GIN if kind == KNOCK and best_card(view, KNOCK) is None and best_card(view, GIN) else kind
        if card is not None and legal(ui, view, kind, card):
            open_dialog(ui, kind, view, card=card.index)
        elif card is not None and kind == KNOCK and legal(ui, view, GIN, card):
            open_dialog(ui, GIN, view, card=card.index)
        elif best_card(view, ending) is not None and not ui.handover:
            ui.selected = best_card(view, ending).index
            open_dialog(ui, ending, view, card=ui.selected)
        elif card is None:
            return Outcome(say=not_yet(view) or no_ending(view, kind))
        else:
            return try_move(Action(kind, card))
        return None
    return handler


def no_ending(view, kind):
    """Why no discard allows a knock (or gin) in the discard phase."""
    if kind == GIN:
        return _("You cannot go gin: whichever card you discard, some deadwood is left.")
    if view.knock_limit == 0:
        return T.refusal("gin_only", {})
    # Translators: {limit} is the knock limit (10 in the classic rules).
    return fmt(ngettext("You cannot knock: no card you may discard leaves {limit} point of deadwood or less.",
                        "You cannot knock: no card you may discard leaves {limit} points of deadwood or less.",
                        view.knock_limit), limit=view.knock_limit)


@command("big_gin")
def big_gin(ui, view, arg):
    if legal(ui, view, BIG_GIN):
        open_dialog(ui, BIG_GIN, view, card=None)
        return None
    return Outcome(say=not_yet(view) or T.refusal("not_big_gin", {}))


@command("best")
def best(ui, view, arg):
    from game.web.play.knock import prefill

    if ui.dialog and "groups" in ui.dialog:
        prefill(view, ui.dialog)
        ui.dialog["focus"] = "best"
    return None


@command("change_melds")
def change_melds(ui, view, arg):
    """The knock dialog's "Change melds": the meld editor, the focus on its first card's group."""
    from game.web.play.knock import knock_cards

    if ui.dialog and "groups" in ui.dialog:
        ui.dialog["edit"] = True
        cards = sorted(knock_cards(view, ui.dialog), key=lambda c: (ui.dialog["groups"].get(c.index, 0) or 9, c.rank, c.suit))
        ui.dialog["focus"] = "g" + str(cards[0].index) if cards else "best"
    return None


@command("confirm_knock")
def confirm_knock(ui, view, arg):
    d = ui.dialog
    if not d or d["kind"] not in (KNOCK, GIN, BIG_GIN):
        return None
    from game.web.play.knock import declared

    melds, problem, _arrangement = declared(view, d)
    card = DECK[d["card"]] if d.get("card") is not None else None
    if problem or not legal(ui, view, d["kind"], card):
        return None
    ui.dialog = None
    return Outcome(action=Action(d["kind"], card, melds))


@command("next_hand", alone=True)
def next_hand(ui, view, arg):
    action = legal(ui, view, NEXT_HAND)
    if action is None:
        return None
    ui.focus = None
    ui.fresh_hand()
    return Outcome(action=action)


declare("draw_stock", plain_move(DRAW_STOCK), alone=True)
declare("take_upcard", plain_move(TAKE_UPCARD), alone=True)
declare("draw_discard", plain_move(DRAW_DISCARD), alone=True)
declare("pass", plain_move(PASS), alone=True)
declare("knock", end_hand(KNOCK))
declare("gin", end_hand(GIN))
