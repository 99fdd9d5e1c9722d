"""What a command's handler returns, and the pieces the handlers share: the `Outcome` (the
Action to send, the sentence to say, the effects asked of the page), the dialogs they open
(and where the focus goes then), a move sent for the table to refuse in the engine's words.
Pure Python."""

from game.actions import BIG_GIN, GIN, KNOCK
from game.cards import DECK

# Where the focus goes when each dialog opens.
FIRST_FOCUS = {"discard": "confirm_discard", "knock": "confirm_knock", "gin": "confirm_knock",
               "big_gin": "confirm_knock", "pile": "cancel", "sheet": "cancel", "help": "cancel",
               "new": "start", "replay": "confirm_replay", "menu": "cancel", "clear": "cancel",
               "seed": "confirm_seed", "stats": "cancel", "daily": "play_daily", "leave": "leave_for_now",
               "welcome": "welcome_guided"}


class Outcome:
    __slots__ = ("action", "say", "effects")

    def __init__(self, action=None, say=None, effects=()):
        self.action = action
        self.say = say
        self.effects = effects


NOTHING = Outcome()


def try_move(action):
    """An Outcome sending a move the View does not list: the table refuses it, changing
    nothing, and its reason (the engine's) is what the player is told."""
    return Outcome(action=action)


def selected_card(ui):
    return DECK[ui.selected] if ui.selected is not None else None


def open_dialog(ui, kind, view=None, **extra):
    """Open a dialog (the knock dialog starts from the engine's best arrangement). Closing it
    returns the focus to what opened it (a dialog opened from the menu: to the menu button)."""
    back = ui.dialog["return"] if ui.dialog else ui.focus
    ui.dialog = {"kind": kind, "return": back, "focus": FIRST_FOCUS[kind]}
    ui.dialog.update(extra)
    if kind in (KNOCK, GIN, BIG_GIN):
        from game.web.play.knock import prefill

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
