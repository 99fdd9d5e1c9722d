"""The coach's commands: the "What would Hard play?" hint, the review of a hand and its steps
shown on the table (declared in `game.web.play.registry`). Hints only when the player turned
them on in the menu (`prefs["hints"]`, off by default) and never at an online table (the
friend's sheet would not show them). The coach (`game.ai.coach`, `game.ai.review`) reads only
Views; the review's Views are rebuilt by the engine from the table's saved actions (the App asks
the table for them: effect REVIEW, `game.web.coach.record`). Pure Python.
"""

from game.web.play.coaching import review_allowed
from game.web.play.effects import RECORD_HINT, REVIEW
from game.web.play.registry import declare
from game.web.table.hints import hints_allowed, position_key, shown_hint
from game.web.words import coachtext as W
from game.web.words.i18n import _

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def hint(ui, view, arg):
    """What would Hard play here? Its move and the reason, for the seat on screen only."""
    from game.web.play.effects import FOCUS_ONLY
    from game.web.play.outcome import Outcome

    if not hints_allowed(ui):
        if ui.mode == "online":
            return Outcome(say=_("Hints are not offered at an online table."))
        return Outcome(say=_("Hints are off: you can turn them on in the menu."))
    if view.turn != view.player or not view.legal_actions or ui.handover:
        return Outcome(say=_("Hints are available only on your turn."))
    shown = shown_hint(view, ui)
    # The focus stays where the player is (on a card, the arrows still move in the hand): the
    # hint is said, and drawn under the prompt.
    if shown is not None:  # asked again in the same position: said again, counted once
        return Outcome(say=W.plain(shown["text"]), effects=(FOCUS_ONLY,))
    from game.ai.coach import suggest

    suggestion = suggest(view)
    card = suggestion.action.card
    ui.coach["hint"] = {"at": position_key(view), "text": W.hint_text(suggestion),
                        "card": card.index if card is not None else None, "kind": suggestion.action.kind}
    counts = ui.coach["used"].setdefault(str(view.hand_number), [0, 0])
    counts[view.player] += 1
    return Outcome(say=W.plain(ui.coach["hint"]["text"]), effects=(RECORD_HINT,))


def review(ui, view, arg):
    """Open the review of the hand just ended (worked out once per hand by the adapter)."""
    from game.web.play.outcome import Outcome

    if not review_allowed(ui, view):
        return None
    back = ui.focus
    current = ui.coach["review"]
    if current is not None and current["hand"] == view.hand_number:
        back = current.get("return", back)
        current["step"] = None
        ui.dialog = {"kind": "review", "return": back, "focus": "review_close"}
        return None
    ui.coach["review"] = {"hand": view.hand_number, "items": None, "total": 0, "step": None, "return": back}
    ui.dialog = {"kind": "review", "return": back, "focus": "review_close"}
    return Outcome(effects=(REVIEW,))


def show_step(ui, view, number):
    """Show the reviewed decision `number` (its place in the list) on the table."""
    current = ui.coach["review"]
    if current is None or not current["items"] or number is None:
        return None
    if not 0 <= number < len(current["items"]):
        return None
    current["step"] = number
    ui.dialog = None
    ui.focus = "review_next" if number + 1 < len(current["items"]) else "review_list"
    return None


def step_by(delta):
    def handler(ui, view, arg):
        current = ui.coach["review"]
        if current is None or current["step"] is None:
            return None
        show_step(ui, view, current["step"] + delta)
        ui.focus = "review_prev" if delta < 0 else "review_next"
        if not 0 <= current["step"] + delta < len(current["items"]):
            ui.focus = "review_list"
        return None
    return handler


def close_review(ui, view, arg):
    """Back to the end of the hand."""
    current = ui.coach["review"]
    if current is not None:
        current["step"] = None
        ui.focus = current.get("return")
    ui.dialog = None
    return None


# Hint and review run Hard in the page: the computer players' bundle is loaded first.
declare("hint", hint, players=True)
declare("review", review, players=True)
declare("review_list", review, players=True)
declare("review_step", show_step)
declare("review_prev", step_by(-1))
declare("review_next", step_by(1))
declare("review_close", close_review)
