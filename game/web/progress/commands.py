"""The commands of the statistics and the daily deal (`game.web.progress.stats`,
`game.web.progress.daily`): their dialogs, a reset, an export and an import, playing today's
deal, copying its result. Offered on every screen: beside two hidden hands, and on the online
lobby (the daily deal is played against the computer). Pure Python.
"""

from game.web.play.effects import (
    BACK_TO_MATCH,
    EXPORT_STATS,
    FOCUS_ONLY,
    OPEN_DAILY,
    PLAY_DAILY,
    READ_STATS_FILE,
    SAVE_STATS,
)
from game.web.play.outcome import Outcome, closing, open_dialog
from game.web.play.registry import declare
from game.web.words.i18n import _

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def stats_dialog(ui, view, arg):
    open_dialog(ui, "stats")


def stats_step(field, value, focus):
    """A step inside the statistics dialog (ask before a reset, or not)."""
    def handler(ui, view, arg):
        if ui.dialog and ui.dialog["kind"] == "stats":
            ui.dialog.update({field: value, "focus": focus, "message": None, "problem": None})
    return handler


def confirm_reset_stats(ui, view, arg):
    from game.web.progress import stats

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
    from game.web.progress import stats
    from game.web.progress.statsdialog import import_problem

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
    from game.web.words.dialogtext import copied as copied_text
    from game.web.words.dialogtext import copy_refused

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
