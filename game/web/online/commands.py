"""The commands of online play: the lobby's (open or join a table), the table's (a new game
offered or answered, leaving, the links copied). Handlers as in `game.web.play.commands`,
each declared beside it (`game.web.play.registry`). Pure Python.
"""

from game.rules import PRESETS
from game.web.play.effects import (
    COPY,
    COPY_SEAT,
    FOCUS_ONLY,
    GIVE_UP,
    JOIN_TABLE,
    LEAVE,
    OFFER,
    OPEN_TABLE,
)
from game.web.play.outcome import Outcome, open_dialog
from game.web.play.registry import declare
from game.web.words.i18n import _

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def lobby_rules(ui, view, value):
    if value in PRESETS:
        ui.lobby["rules"] = value
        ui.focus = "lobby-rules-" + value
        return Outcome(effects=(FOCUS_ONLY,))
    return None


def lobby_code(ui, view, value):
    ui.lobby["code"] = str(value or "")[:12]
    ui.focus = "lobby_code"
    return Outcome(effects=(FOCUS_ONLY,))


def online_open(ui, view, arg):
    ui.focus = None
    ui.notice = None  # the last attempt's problem ("no table with this code") is no longer true
    return Outcome(effects=(OPEN_TABLE,))


def online_join(ui, view, arg):
    if not ui.lobby["code"].strip():
        ui.focus = "lobby_code"
        return Outcome(say=_("Type the code of your friend's table first."), effects=(FOCUS_ONLY,))
    ui.focus = None
    ui.notice = None
    return Outcome(effects=(JOIN_TABLE,))


def back_to_table(ui, view, arg):
    """The lobby's "Back to table ...": the table whose seat this browser kept."""
    if not ui.lobby.get("last"):
        return None
    ui.lobby["code"] = ui.lobby["last"]
    return online_join(ui, view, arg)


def answer_offer(accept):
    def handler(ui, view, arg):
        if ui.online is None:
            return None
        ui.online["answer"] = accept
        ui.dialog = None  # offered from the menu
        ui.focus = None
        return Outcome(effects=(OFFER,))
    return handler


def leave(ui, view, arg):
    """"Leave the table" asks first: for now, or for good (`game.web.online.lobby.render_leave`)."""
    if ui.online is None:
        return None
    open_dialog(ui, "leave")
    return None


def leave_for_now(ui, view, arg):
    ui.dialog = None
    ui.focus = "menu"
    return Outcome(say=_("You left the table for now: open its link to come back to your seat."),
                   effects=(LEAVE,))


def give_up_seat(ui, view, arg):
    ui.dialog = None
    ui.focus = "menu"
    return Outcome(effects=(GIVE_UP,))


def copy_invite(ui, view, copied):
    """The shim copied the invitation link in the click (`data-copy`); `copied` says whether
    the browser let it."""
    from game.web.words.dialogtext import copy_refused

    ui.focus = "copy_invite"
    said = _("Link copied: send it to your friend.") if copied else copy_refused()
    return Outcome(say=said, effects=(COPY, FOCUS_ONLY))


def copy_seat(ui, view, copied):
    """As `copy_invite`, the link that holds this seat's key."""
    from game.web.words.dialogtext import copy_refused

    if ui.online is None:
        return None
    ui.dialog = None
    ui.focus = "menu"
    said = _("The link to your seat is copied: open it on your other device. Anyone with "
             "this link can play your seat, so keep it to yourself.") if copied else copy_refused()
    return Outcome(say=said, effects=(COPY_SEAT,))


# The lobby's: they work there, where there is no View yet.
declare("lobby_rules", lobby_rules, in_lobby=True)
declare("lobby_code", lobby_code, in_lobby=True)
declare("online_open", online_open, in_lobby=True)
declare("online_join", online_join, in_lobby=True)
declare("back_to_table", back_to_table, in_lobby=True)
# The table's.
declare("offer_new", answer_offer(True))
declare("accept_new", answer_offer(True))
declare("refuse_new", answer_offer(False))
declare("leave", leave)
declare("leave_for_now", leave_for_now)
declare("give_up_seat", give_up_seat)
declare("copy_invite", copy_invite)
declare("copy_seat", copy_seat)
