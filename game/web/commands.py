"""What the player's buttons, keys and choices do: one small handler per command, each declared
beside it (`game.web.registry`: its name and where it works).

A handler takes the UI state, the View on screen and the command's argument (a card index, a
chosen value), changes the UI state, and returns an `Outcome`: the Action to send to the table
(always one the View lists), a sentence to announce, and effects for the page's adapter (start
a match, save the preferences, ...). Pure Python, tested in CPython. Selecting a card plays
nothing; Discard, Knock, Gin and Big gin open a confirmation first.

The commands here are the table's own and those of its menu and dialogs; the features of the
page's second bundle declare theirs in `game.web.morecommands` and `game.web.coach`.
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
from game.rules import PRESETS
from game.web import text as T
from game.web.effects import (
    CLEAR_DATA,
    FOCUS_ONLY,
    LEVEL,
    NEW_MATCH,
    OPEN_SEED,
    REPLAY,
    SAVE,
    SAVE_PREFS,
    SWITCH_MODE,
)
from game.web.i18n import _, fmt, ngettext
from game.web.registry import command, declare, find
from game.web.state import LEVELS, LOCAL_MODES, MODES, PACES, SORTS, legal

# Where the focus goes when each dialog opens.
FIRST_FOCUS = {"discard": "confirm_discard", "knock": "confirm_knock", "gin": "confirm_knock",
               "big_gin": "confirm_knock", "pile": "cancel", "sheet": "cancel", "help": "cancel",
               "new": "start", "replay": "confirm_replay", "menu": "cancel", "clear": "cancel",
               "seed": "confirm_seed", "stats": "cancel", "daily": "play_daily", "leave": "leave_for_now"}

# The single-key shortcuts are in game.web.keys (one letter per command, from the catalogue).



class Outcome:
    __slots__ = ("action", "say", "effects")

    def __init__(self, action=None, say=None, effects=()):
        self.action = action
        self.say = say
        self.effects = effects


NOTHING = Outcome()


def run(name, ui, view, arg=None):
    """Carry out the command `name` (declared in `game.web.registry`); unknown names do
    nothing, and so does anything but what works there beside two hidden hands or on the
    online lobby."""
    found = find(name) or later_command(name)
    if found is None or (ui.handover and not found.while_hidden):
        return NOTHING
    if view is None and not found.in_lobby:
        return NOTHING
    return found.handler(ui, view, arg) or NOTHING


def try_move(action):
    """An Outcome sending a move the View does not list: the table refuses it, changing
    nothing, and its reason (the engine's) is what the player is told."""
    return Outcome(action=action)


def selected_card(ui):
    return DECK[ui.selected] if ui.selected is not None else None


# --- the hand --------------------------------------------------------------------------------------

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


@command("drop_on_pile", alone=True)
def drop_on_pile(ui, view, index):
    """A card dragged onto the discard pile: discard it (after the confirmation, unless skipped)."""
    if ui.dialog or ui.handover:
        return None
    ui.selected = index
    ui.focus = "c" + str(index)
    return discard(ui, view, None)


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
    def handler(ui, view, arg):
        if ui.selected is None:
            return None
        outcome = move_card(ui, view, (ui.selected, step))
        ui.focus = "move_left" if step < 0 else "move_right"
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


# --- moves -------------------------------------------------------------------------------------------

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


def not_yet(view):
    """Why the seat on screen can neither discard, knock nor go gin now (the upcard's offer,
    before its draw, the other player's turn, the hand over), in the engine's words; None in
    its discard phase."""
    if view.turn is None:
        reason = "match_over" if view.phase == "match_over" else "hand_over"
    elif view.turn != view.player:
        reason = "not_your_turn"
    elif view.phase in ("upcard", "draw"):
        reason = "upcard_offer" if view.phase == "upcard" else "draw_first"
    else:
        return None
    return T.refusal(reason, {})


@command("discard", alone=True)
def discard(ui, view, arg):
    card = selected_card(ui)
    if card is None:
        return Outcome(say=not_yet(view) or _("Select a card first."))
    action = legal(ui, view, DISCARD, card)
    # Without the dialogs (the page's second bundle could not be loaded) a discard is made at once.
    if action and (ui.prefs["quick"] or ui.more == "failed"):
        return Outcome(action=action)
    if action:
        open_dialog(ui, "discard", card=card.index)
        return None
    return try_move(Action(DISCARD, card))


@command("quick_discard", alone=True)
def quick_discard(ui, view, index):
    """The second tap or click of a double one on a card: discard it at once, when the player
    chose to discard without confirmation and may discard it; else it is a second tap (it
    unselects the card the first one selected)."""
    if ui.dialog:
        return None
    action = legal(ui, view, DISCARD, DECK[index]) if ui.prefs["quick"] else None
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


@command("best")
def best(ui, view, arg):
    from game.web.dialogs import prefill

    if ui.dialog and "groups" in ui.dialog:
        prefill(view, ui.dialog)
        ui.dialog["focus"] = "best"
    return None


@command("confirm_knock")
def confirm_knock(ui, view, arg):
    d = ui.dialog
    if not d or d["kind"] not in (KNOCK, GIN, BIG_GIN):
        return None
    from game.web.dialogs import declared

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


# --- dialogs, matches, modes, options ---------------------------------------------------------------

def open_dialog(ui, kind, view=None, **extra):
    """Open a dialog (the knock dialog starts from the engine's best arrangement). Closing it
    returns the focus to what opened it (a dialog opened from the menu: to the menu button)."""
    back = ui.dialog["return"] if ui.dialog else ui.focus
    ui.dialog = {"kind": kind, "return": back, "focus": FIRST_FOCUS[kind]}
    ui.dialog.update(extra)
    if kind in (KNOCK, GIN, BIG_GIN):
        from game.web.dialogs import prefill

        prefill(view, ui.dialog)


def opener(kind):
    def handler(ui, view, arg):
        open_dialog(ui, kind)
    return handler


def closing(effect):
    """A command that closes the dialog (or panel) it was pressed in and asks for `effect`."""
    def handler(ui, view, arg):
        ui.dialog = None
        ui.focus = None
        return Outcome(effects=(effect,))
    return handler


@command("cancel", alone=True, while_hidden=True, in_lobby=True)
def cancel(ui, view, arg):
    if ui.dialog:
        ui.focus = ui.dialog.get("return", ui.focus)
    ui.dialog = None


@command("escape", alone=True, while_hidden=True, in_lobby=True)
def escape(ui, view, arg):
    """Escape closes a dialog, or else drops the selection."""
    if ui.dialog:
        return cancel(ui, view, arg)
    return cancel_selection(ui, view, arg)


@command("start", while_hidden=True)
def start(ui, view, arg):
    if not ui.dialog:
        return None
    ui.prefs["rules"] = ui.dialog.get("rules", ui.prefs["rules"])
    mode = ui.dialog.get("mode", ui.mode)
    ui.mode = ui.prefs["mode"] = mode
    ui.dialog = None
    ui.focus = None
    return Outcome(effects=(SAVE_PREFS, NEW_MATCH))


@command("confirm_seed", while_hidden=True)
def confirm_seed(ui, view, arg):
    if not ui.dialog or ui.dialog["kind"] != "seed":
        return None
    ui.dialog = None
    ui.focus = None
    return Outcome(effects=(OPEN_SEED,))


@command("offer_seed", while_hidden=True)
def offer_seed(ui, view, seed):
    """A shared link's seed over a match in progress: ask before replacing it."""
    ui.dialog = None
    open_dialog(ui, "seed", seed=seed)


@command("reveal", alone=True, while_hidden=True)
def reveal(ui, view, arg):
    ui.handover = False
    ui.focus = None


@command("dismiss", alone=True, while_hidden=True, in_lobby=True)
def dismiss(ui, view, arg):
    ui.notice = None
    ui.focus = None


def pick(field, choices):
    """A radio button of the new-game dialog."""
    def handler(ui, view, value):
        if ui.dialog and value in choices:
            ui.dialog[field] = value
            ui.dialog["focus"] = field + "-" + value
            return Outcome(effects=(FOCUS_ONLY,))
        return None
    return handler


@command("group")
def group(ui, view, arg):
    """A card's group in the knock dialog: arg is (card index, group number)."""
    if ui.dialog and "groups" in ui.dialog:
        index, number = arg
        ui.dialog["groups"][index] = number
        ui.dialog["focus"] = "g" + str(index)


@command("level", in_lobby=True)
def level(ui, view, value):
    if value not in LEVELS:
        return None
    ui.prefs["level"] = value
    ui.focus = "level"
    # Translators: {level} is "Easy", "Medium" or "Hard".
    return Outcome(say=fmt(_("Computer level: {level}."), level=T.level_name(value)), effects=(SAVE_PREFS, LEVEL))


@command("pace", while_hidden=True)
def pace(ui, view, value):
    if value not in PACES:
        return None
    ui.prefs["pace"] = value
    ui.focus = "pace"
    return Outcome(effects=(SAVE_PREFS,))


@command("quick", while_hidden=True, in_lobby=True)
def quick(ui, view, checked):
    ui.prefs["quick"] = bool(checked)
    ui.focus = "quick"
    return Outcome(effects=(SAVE_PREFS,))


@command("pick_sort", while_hidden=True)
def pick_sort(ui, view, value):
    if value not in SORTS and value != "custom":
        return None
    ui.prefs["sort"] = value
    ui.focus = "pick_sort"
    return Outcome(effects=(SAVE_PREFS,))


@command("four", while_hidden=True, in_lobby=True)
def four(ui, view, checked):
    ui.prefs["four"] = bool(checked)
    ui.focus = "four"
    return Outcome(effects=(SAVE_PREFS,))


@command("mode", while_hidden=True, in_lobby=True)
def mode(ui, view, value):
    if value not in MODES or value == ui.mode:
        return None
    ui.mode = ui.prefs["mode"] = value
    ui.fresh_hand()
    ui.focus = "menu"
    return Outcome(effects=(SAVE_PREFS, SWITCH_MODE))


# The commands made by the factories above.
declare("move_left", move_selected(-1), alone=True)
declare("move_right", move_selected(1), alone=True)
declare("draw_stock", plain_move(DRAW_STOCK), alone=True)
declare("pile", plain_move(TAKE_UPCARD, DRAW_DISCARD), alone=True)
declare("take_upcard", plain_move(TAKE_UPCARD), alone=True)
declare("draw_discard", plain_move(DRAW_DISCARD), alone=True)
declare("pass", plain_move(PASS), alone=True)
declare("knock", end_hand(KNOCK))
declare("gin", end_hand(GIN))
# Dialogs: each opened from the bar, the menu or a key, drawn by the second bundle.
declare("show_pile", opener("pile"))
declare("sheet", opener("sheet"), while_hidden=True)
declare("help", opener("help"), while_hidden=True, in_lobby=True)
declare("new", opener("new"), while_hidden=True)
declare("replay", opener("replay"), while_hidden=True)
declare("confirm_replay", closing(REPLAY), while_hidden=True)
declare("menu", opener("menu"), while_hidden=True, in_lobby=True)
declare("clear", opener("clear"), while_hidden=True, in_lobby=True)
declare("confirm_clear", closing(CLEAR_DATA), while_hidden=True, in_lobby=True)
# The new game dialog's radio buttons: the argument is the value chosen.
declare("pick_rules", pick("rules", PRESETS), while_hidden=True)
declare("pick_mode", pick("mode", LOCAL_MODES), while_hidden=True)




def later_command(name):
    """A command of the features of the page's second bundle (online tables, statistics, the
    daily deal, training hands: game.web.morecommands; the coach: game.web.coach): their
    modules declare them when imported, so they are imported for a name not declared yet."""
    from game.web import coach, morecommands  # noqa: F401 (declaring their commands)

    return find(name)
