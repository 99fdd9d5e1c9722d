"""What the player's buttons, keys and choices do: one small handler per command, in a table.

A handler takes the UI state, the View on screen and the command's argument (a card index, a
chosen value), changes the UI state, and returns an `Outcome`: the Action to send to the table
(always one the View lists), a sentence to announce, and effects for the page's adapter (start
a match, save the preferences, ...). Pure Python, tested in CPython. Selecting a card plays
nothing; Discard, Knock, Gin and Big gin open a confirmation first.
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
from game.web.i18n import _, fmt, ngettext
from game.web.state import LEVELS, LOCAL_MODES, MODES, PACES, SORTS, legal

# Where the focus goes when each dialog opens.
FIRST_FOCUS = {"discard": "confirm_discard", "knock": "confirm_knock", "gin": "confirm_knock",
               "big_gin": "confirm_knock", "pile": "cancel", "sheet": "cancel", "help": "cancel",
               "new": "start", "replay": "confirm_replay", "menu": "cancel", "clear": "cancel",
               "seed": "confirm_seed", "stats": "cancel", "daily": "play_daily", "leave": "leave_for_now"}

# The single-key shortcuts are in game.web.keys (one letter per command, from the catalogue).

# Effects the adapter carries out after a command (besides drawing the screen again).
NEW_MATCH = "new_match"  # a new match with prefs["rules"] in ui.mode (replay: the same seed)
REPLAY = "replay"
SWITCH_MODE = "switch_mode"  # ui.mode changed: restore that mode's saved match
SAVE_PREFS = "save_prefs"
SAVE = "save"  # the card order changed: save it with the match
LEVEL = "level"  # the computer's level changed
CLEAR_DATA = "clear_data"  # forget every save and preference, then start afresh
OPEN_SEED = "open_seed"  # deal the seed of a shared link (ui.dialog said which) over the match
FOCUS_ONLY = "focus_only"  # nothing to draw again: only move the focus to ui.focus
# Online tables (the adapter talks to the server).
OPEN_TABLE = "open_table"  # with ui.lobby["rules"]
JOIN_TABLE = "join_table"  # with ui.lobby["code"]
OFFER = "offer"  # a new game: Outcome.say carries nothing; ui.online["answer"] says accept or not
LEAVE = "leave"  # back to the lobby; the seat key is kept (`GIVE_UP` forgets it)
GIVE_UP = "give_up"  # leave the table for good: the server frees the seat, the key is forgotten
COPY = "copy"  # copy the invitation link
COPY_SEAT = "copy_seat"  # copy a link holding this seat's key (to play it on another device)


class Outcome:
    __slots__ = ("action", "say", "effects")

    def __init__(self, action=None, say=None, effects=()):
        self.action = action
        self.say = say
        self.effects = effects


NOTHING = Outcome()


def run(name, ui, view, arg=None):
    """Carry out the command `name` (a key of COMMANDS); unknown names do nothing, and so does
    any move while a two-player screen hides the hands."""
    handler = COMMANDS.get(name) or later_command(name)
    if handler is None or (ui.handover and name not in WHILE_HIDDEN):
        return NOTHING
    if view is None and name not in IN_THE_LOBBY:
        return NOTHING
    return handler(ui, view, arg) or NOTHING


def try_move(action):
    """An Outcome sending a move the View does not list: the table refuses it, changing
    nothing, and its reason (the engine's) is what the player is told."""
    return Outcome(action=action)


def selected_card(ui):
    return DECK[ui.selected] if ui.selected is not None else None


# --- the hand --------------------------------------------------------------------------------------

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


def drop_on_pile(ui, view, index):
    """A card dragged onto the discard pile: discard it (after the confirmation, unless skipped)."""
    if ui.dialog or ui.handover:
        return None
    ui.selected = index
    ui.focus = "c" + str(index)
    return discard(ui, view, None)


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


def big_gin(ui, view, arg):
    if legal(ui, view, BIG_GIN):
        open_dialog(ui, BIG_GIN, view, card=None)
    return None


def best(ui, view, arg):
    from game.web.dialogs import prefill

    if ui.dialog and "groups" in ui.dialog:
        prefill(view, ui.dialog)
        ui.dialog["focus"] = "best"
    return None


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


def cancel(ui, view, arg):
    if ui.dialog:
        ui.focus = ui.dialog.get("return", ui.focus)
    ui.dialog = None


def escape(ui, view, arg):
    """Escape closes a dialog, or else drops the selection."""
    if ui.dialog:
        return cancel(ui, view, arg)
    return cancel_selection(ui, view, arg)


def start(ui, view, arg):
    if not ui.dialog:
        return None
    ui.prefs["rules"] = ui.dialog.get("rules", ui.prefs["rules"])
    mode = ui.dialog.get("mode", ui.mode)
    ui.mode = ui.prefs["mode"] = mode
    ui.dialog = None
    ui.focus = None
    return Outcome(effects=(SAVE_PREFS, NEW_MATCH))


def confirm_seed(ui, view, arg):
    if not ui.dialog or ui.dialog["kind"] != "seed":
        return None
    ui.dialog = None
    ui.focus = None
    return Outcome(effects=(OPEN_SEED,))


def offer_seed(ui, view, seed):
    """A shared link's seed over a match in progress: ask before replacing it."""
    ui.dialog = None
    open_dialog(ui, "seed", seed=seed)


def reveal(ui, view, arg):
    ui.handover = False
    ui.focus = None


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


def group(ui, view, arg):
    """A card's group in the knock dialog: arg is (card index, group number)."""
    if ui.dialog and "groups" in ui.dialog:
        index, number = arg
        ui.dialog["groups"][index] = number
        ui.dialog["focus"] = "g" + str(index)


def level(ui, view, value):
    if value not in LEVELS:
        return None
    ui.prefs["level"] = value
    ui.focus = "level"
    # Translators: {level} is "Easy", "Medium" or "Hard".
    return Outcome(say=fmt(_("Computer level: {level}."), level=T.level_name(value)), effects=(SAVE_PREFS, LEVEL))


def pace(ui, view, value):
    if value not in PACES:
        return None
    ui.prefs["pace"] = value
    ui.focus = "pace"
    return Outcome(effects=(SAVE_PREFS,))


def quick(ui, view, checked):
    ui.prefs["quick"] = bool(checked)
    ui.focus = "quick"
    return Outcome(effects=(SAVE_PREFS,))


def pick_sort(ui, view, value):
    if value not in SORTS and value != "custom":
        return None
    ui.prefs["sort"] = value
    ui.focus = "pick_sort"
    return Outcome(effects=(SAVE_PREFS,))


def four(ui, view, checked):
    ui.prefs["four"] = bool(checked)
    ui.focus = "four"
    return Outcome(effects=(SAVE_PREFS,))


def mode(ui, view, value):
    if value not in MODES or value == ui.mode:
        return None
    ui.mode = ui.prefs["mode"] = value
    ui.fresh_hand()
    ui.focus = "menu"
    return Outcome(effects=(SAVE_PREFS, SWITCH_MODE))


COMMANDS = {
    "card": toggle, "quick_discard": quick_discard, "place_card": place_card, "drop_on_pile": drop_on_pile,
    "move_card": move_card, "focus_card": focus_card,
    "move_left": move_selected(-1), "move_right": move_selected(1),
    "draw_stock": plain_move(DRAW_STOCK), "pile": plain_move(TAKE_UPCARD, DRAW_DISCARD),
    "take_upcard": plain_move(TAKE_UPCARD), "draw_discard": plain_move(DRAW_DISCARD),
    "pass": plain_move(PASS),
    "discard": discard, "confirm_discard": confirm_discard,
    "knock": end_hand(KNOCK), "gin": end_hand(GIN), "big_gin": big_gin,
    "best": best, "confirm_knock": confirm_knock, "next_hand": next_hand,
    "sort": sort, "show_pile": opener("pile"), "sheet": opener("sheet"), "help": opener("help"),
    "new": opener("new"), "start": start, "replay": opener("replay"), "confirm_replay": closing(REPLAY),
    "reveal": reveal, "dismiss": dismiss, "cancel": cancel, "escape": escape,
    "menu": opener("menu"), "clear": opener("clear"), "confirm_clear": closing(CLEAR_DATA),
    "offer_seed": offer_seed, "confirm_seed": confirm_seed,
    # Choices (selects, checkboxes, radio buttons): the argument is the new value.
    "level": level, "four": four, "mode": mode, "group": group, "pace": pace, "quick": quick,
    "pick_sort": pick_sort,
    "pick_rules": pick("rules", PRESETS), "pick_mode": pick("mode", LOCAL_MODES),
}

# What still works while a two-player screen hides both hands.
WHILE_HIDDEN = ("reveal", "help", "sheet", "cancel", "escape", "new", "start", "replay", "confirm_replay",
                "dismiss", "four", "mode", "pick_rules", "pick_mode", "menu", "clear", "confirm_clear",
                "offer_seed", "confirm_seed", "pace", "quick", "pick_sort")


# --- the commands of the second bundle's features (their handlers: game.web.morecommands) ---------

# What works on the screen that opens or joins an online table (there is no View yet).
IN_THE_LOBBY = ("lobby_rules", "lobby_code", "online_open", "online_join", "back_to_table", "mode", "four",
                "quick", "level", "dismiss", "cancel", "escape", "menu", "help", "clear", "confirm_clear")

# Statistics and the daily deal (game.web.stats, game.web.daily).
SAVE_STATS = "save_stats"  # ui.stats changed: store it
EXPORT_STATS = "export_stats"  # offer ui.stats as a JSON file
READ_STATS_FILE = "read_stats_file"  # read the file chosen (ui.dialog["file"]), then "stats_file"
OPEN_DAILY = "open_daily"  # read today's date, then open the daily deal's dialog
PLAY_DAILY = "play_daily"  # deal today's daily match
COPY_DAILY = "copy_daily"  # copy the result line of the daily match


# The statistics and the daily deal are offered on every screen: beside two hidden hands, and
# on the online lobby (the daily deal is played against the computer).
STATS_AND_DAILY = ("stats", "reset_stats", "keep_stats", "confirm_reset_stats", "export_stats", "import_stats",
                   "stats_file", "daily", "play_daily", "copy_daily")
WHILE_HIDDEN += STATS_AND_DAILY
IN_THE_LOBBY += STATS_AND_DAILY

# Training hands (game.web.lesson).
RESTART_LESSON = "restart_lesson"  # deal the lesson on screen again from its first step
LEAVE_LESSON = "leave_lesson"  # back to the player's own match (restored as it was saved)
GUIDED_HAND = "guided_hand"  # open the first guided hand (the menu's button)


def later_command(name):
    """A command of the features of the page's second bundle (online tables, statistics, the
    daily deal, training hands: game.web.morecommands; the coach: game.web.coach), so looked
    up only for a name this table does not hold."""
    from game.web.coach import COMMANDS as COACH_COMMANDS
    from game.web.morecommands import COMMANDS as MORE_COMMANDS

    return MORE_COMMANDS.get(name) or COACH_COMMANDS.get(name)


# The commands the page's first bundle carries out alone (generator/bundle.py LATER): the
# table's own moves and the hand. Any other command waits until the second bundle is in the
# page (`game.web.app.App.need`), as does drawing a screen of its modules (a dialog, the end
# of a hand: `render.needs_more`).
ALONE = ("card", "quick_discard", "place_card", "drop_on_pile", "move_card", "focus_card", "move_left",
         "move_right", "draw_stock", "pile", "take_upcard", "draw_discard", "pass", "discard",
         "confirm_discard", "next_hand", "sort", "reveal", "dismiss", "cancel", "escape")
