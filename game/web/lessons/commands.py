"""The commands of training hands and of a newcomer's welcome: start the lesson again, back to
the player's own game, the guided hand from the menu; the welcome's level, hints and how to
start. Pure Python.
"""

from game.web.play.effects import (
    FOCUS_ONLY,
    GUIDED_HAND,
    LEAVE_LESSON,
    LEVEL,
    NEW_MATCH,
    RESTART_LESSON,
    SAVE_PREFS,
)
from game.web.play.outcome import Outcome, closing
from game.web.play.registry import declare
from game.web.play.state import LEVELS

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def in_lesson(effect):
    """A command of the lesson panel (start again, back to your game): only while a lesson is on."""
    close = closing(effect)

    def handler(ui, view, arg):
        return close(ui, view, arg) if ui.lesson is not None else None
    return handler


declare("lesson_restart", in_lesson(RESTART_LESSON))
declare("lesson_leave", in_lesson(LEAVE_LESSON))
declare("guided", closing(GUIDED_HAND))


# --- the first visit (game.web.lessons.effects.welcome) ----------------------------------------

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
