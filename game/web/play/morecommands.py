"""The commands of the features in the page's second bundle (its modules are marked BUNDLE = "later": generator/modules.py):
playing a friend online, the statistics and the daily deal, training hands. Handlers as in
`game.web.play.commands`, each declared beside it (`game.web.play.registry`; `game.web.play.commands` imports
this module for a name not declared yet): they take the UI state, the View and the argument,
and return an `Outcome` with effects for the adapter.
"""

from game.rules import PRESETS
from game.web.play.effects import (
    BACK_TO_MATCH,
    COPY,
    COPY_SEAT,
    EXPORT_STATS,
    FOCUS_ONLY,
    GIVE_UP,
    GUIDED_HAND,
    JOIN_TABLE,
    LEAVE,
    LEAVE_LESSON,
    LEVEL,
    NEW_MATCH,
    OFFER,
    OPEN_DAILY,
    OPEN_TABLE,
    PLAY_DAILY,
    READ_STATS_FILE,
    RESTART_LESSON,
    SAVE_PREFS,
    SAVE_STATS,
)
from game.web.play.outcome import Outcome, closing, open_dialog
from game.web.play.registry import declare
from game.web.play.state import LEVELS
from game.web.words.i18n import _

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

# --- playing a friend online ----------------------------------------------------------------------

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
    from game.web.screens.dailydialog import copy_refused

    ui.focus = "copy_invite"
    said = _("Link copied: send it to your friend.") if copied else copy_refused()
    return Outcome(say=said, effects=(COPY, FOCUS_ONLY))


def copy_seat(ui, view, copied):
    """As `copy_invite`, the link that holds this seat's key."""
    from game.web.screens.dailydialog import copy_refused

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


# --- statistics and the daily deal (game.web.play.stats, game.web.play.daily) -------------------------------

def stats_dialog(ui, view, arg):
    open_dialog(ui, "stats")


def stats_step(field, value, focus):
    """A step inside the statistics dialog (ask before a reset, or not)."""
    def handler(ui, view, arg):
        if ui.dialog and ui.dialog["kind"] == "stats":
            ui.dialog.update({field: value, "focus": focus, "message": None, "problem": None})
    return handler


def confirm_reset_stats(ui, view, arg):
    from game.web.play import stats

    if not ui.dialog or ui.dialog["kind"] != "stats":
        return None
    ui.stats = stats.empty()
    ui.stats_problem = False
    ui.dialog.update({"confirm": False, "focus": "reset_stats", "message": _("Statistics reset."), "problem": None})
    return Outcome(effects=(SAVE_STATS,))


def export_stats(ui, view, arg):
    return Outcome(effects=(EXPORT_STATS, FOCUS_ONLY))


def import_stats(ui, view, chosen):
    """A file was chosen in the statistics dialog: the adapter reads it (then "stats_file")."""
    if not ui.dialog or ui.dialog["kind"] != "stats" or chosen is None:
        return None
    ui.dialog["file"] = chosen
    return Outcome(effects=(READ_STATS_FILE,))


def stats_file(ui, view, data):
    """The imported file's JSON (None: not JSON): it replaces ui.stats when it is valid, and
    changes nothing otherwise (the dialog says why)."""
    from game.web.play import stats
    from game.web.screens.statsdialog import import_problem

    if not ui.dialog or ui.dialog["kind"] != "stats":
        return None
    ui.dialog["file"] = None
    ui.dialog["focus"] = "import_stats"
    try:
        if data is None:
            raise stats.StatsError("not_stats")
        ui.stats = stats.from_dict(data)
    except stats.StatsError as error:
        ui.dialog.update({"problem": import_problem(error if data is not None else None), "message": None})
        return Outcome(say=ui.dialog["problem"])
    ui.stats_problem = False
    ui.dialog.update({"message": _("Statistics imported."), "problem": None})
    return Outcome(say=ui.dialog["message"], effects=(SAVE_STATS,))


def daily_dialog(ui, view, arg):
    return Outcome(effects=(OPEN_DAILY,))


def copy_daily(ui, view, copied):
    """The shim copied the result line in the click (`data-copy`): said whether it could."""
    from game.web.screens.dailydialog import copied as copied_text, copy_refused

    ui.focus = "copy_daily"
    return Outcome(say=copied_text() if copied else copy_refused(), effects=(FOCUS_ONLY,))


# Offered on every screen: beside two hidden hands, and on the online lobby (the daily deal is
# played against the computer).
for _name, _handler in (("stats", stats_dialog), ("reset_stats", stats_step("confirm", True, "confirm_reset_stats")),
                        ("keep_stats", stats_step("confirm", False, "reset_stats")),
                        ("confirm_reset_stats", confirm_reset_stats), ("export_stats", export_stats),
                        ("import_stats", import_stats), ("stats_file", stats_file), ("daily", daily_dialog),
                        ("play_daily", closing(PLAY_DAILY)), ("copy_daily", copy_daily),
                        ("back_to_match", closing(BACK_TO_MATCH))):
    declare(_name, _handler, while_hidden=True, in_lobby=True)


# --- training hands (game.web.play.lesson) ----------------------------------------------------------------

def in_lesson(effect):
    """A command of the lesson panel (start again, back to your game): only while a lesson is on."""
    close = closing(effect)

    def handler(ui, view, arg):
        return close(ui, view, arg) if ui.lesson is not None else None
    return handler


declare("lesson_restart", in_lesson(RESTART_LESSON))
declare("lesson_leave", in_lesson(LEAVE_LESSON))
declare("guided", closing(GUIDED_HAND))


# --- the first visit (game.web.app.features.welcome) -----------------------------------------

def welcome_pick(field):
    """The welcome's level or hints: kept in the dialog until the newcomer chooses how to start."""
    def handler(ui, view, value):
        d = ui.dialog
        if not d or d["kind"] != "welcome" or (field == "level" and value not in LEVELS):
            return None
        d[field] = value if field == "level" else bool(value)
        d["focus"] = "welcome_" + field
        return Outcome(effects=(FOCUS_ONLY,))
    return handler


def welcome_start(guided):
    """Play a guided hand, or just play: the level and hints chosen become the preferences; just
    playing deals a random first match (a shared deal's link keeps its deal, at that level)."""
    def handler(ui, view, arg):
        d = ui.dialog
        if not d or d["kind"] != "welcome":
            return None
        ui.prefs["level"] = d["level"]
        ui.prefs["hints"] = d["hints"]
        ui.dialog = None
        ui.focus = None
        if guided:
            return Outcome(effects=(SAVE_PREFS, GUIDED_HAND))
        return Outcome(effects=(SAVE_PREFS, LEVEL) if d.get("keep") else (SAVE_PREFS, NEW_MATCH))
    return handler


declare("welcome_level", welcome_pick("level"))
declare("welcome_hints", welcome_pick("hints"))
declare("welcome_guided", welcome_start(True))
declare("welcome_play", welcome_start(False))
