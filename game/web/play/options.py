"""The commands of the menu and the dialogs: close or escape, start a new match, open a shared
deal, reveal the next player's hand, the settings (level, pace, sort, four colours, opponent)
(each declared beside its handler: `game.web.play.registry`). Pure Python."""

from game.rules import PRESETS
from game.web.play.effects import (
    CLEAR_DATA,
    FOCUS_ONLY,
    LEVEL,
    NEW_MATCH,
    OPEN_SEED,
    REPLAY,
    SAVE_PREFS,
    SWITCH_MODE,
)
from game.web.play.hand import cancel_selection
from game.web.play.outcome import Outcome, closing, open_dialog, opener
from game.web.play.registry import command, declare
from game.web.play.state import LEVELS, LOCAL_MODES, MODES, PACES, SORTS
from game.web.words import text as T
from game.web.words.i18n import _, fmt


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
    """The next player's hand shown: what they see and hear says it is their turn (the
    hand-over's "Pass the device to ..." is done, and leaves the visible log)."""
    ui.handover = False
    ui.focus = None
    handed = T.pass_device(view.turn + 1) if view.turn is not None else None
    ui.log = [entry.replace(handed, "").strip() for entry in ui.log if entry != handed] if handed else ui.log
    return Outcome(say=T.turn_text(view, ui.mode, False))


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


def preference(name, choices=None, control=None):
    """The handler of a menu setting kept in the preferences and nothing else: a choice among
    `choices` (another value does nothing), or a switch when `choices` is None; the focus stays
    on its `control` (the setting's own name when None)."""
    def handler(ui, view, value):
        if choices is None:
            value = bool(value)
        elif value not in choices:
            return None
        ui.prefs[name] = value
        ui.focus = control or name
        return Outcome(effects=(SAVE_PREFS,))
    return handler


declare("pace", preference("pace", PACES), while_hidden=True)
declare("ask_discard", preference("ask_discard"), while_hidden=True, in_lobby=True)
declare("pick_sort", preference("sort", SORTS + ("custom",), "pick_sort"), while_hidden=True)
declare("four", preference("four"), while_hidden=True, in_lobby=True)


@command("hints")
def hints(ui, view, checked):
    """Offer the hint button (the coach's): the menu's setting, and the switch on the table (in
    the first bundle: the table draws it)."""
    ui.prefs["hints"] = bool(checked)
    ui.focus = "hints" if ui.dialog else "hints_table"  # the menu's box, or the table's
    return Outcome(effects=(SAVE_PREFS,))


@command("mode", while_hidden=True, in_lobby=True)
def mode(ui, view, value):
    if value not in MODES or value == ui.mode:
        return None
    ui.mode = ui.prefs["mode"] = value
    ui.fresh_hand()
    ui.focus = "menu"
    return Outcome(effects=(SAVE_PREFS, SWITCH_MODE))


# Dialogs: each opened from the bar, the menu or a key, drawn by the second bundle; the new game
# dialog's radio buttons (the argument is the value chosen).
declare("show_pile", opener("pile"))
declare("sheet", opener("sheet"), while_hidden=True)
declare("help", opener("help"), while_hidden=True, in_lobby=True)
declare("new", opener("new"), while_hidden=True)
declare("replay", opener("replay"), while_hidden=True)
declare("confirm_replay", closing(REPLAY), while_hidden=True)
declare("menu", opener("menu"), while_hidden=True, in_lobby=True)
declare("clear", opener("clear"), while_hidden=True, in_lobby=True)
declare("confirm_clear", closing(CLEAR_DATA), while_hidden=True, in_lobby=True)
declare("pick_rules", pick("rules", PRESETS), while_hidden=True)
declare("pick_mode", pick("mode", LOCAL_MODES), while_hidden=True)
