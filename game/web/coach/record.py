"""The coach, the App's side: the hints used in a match, kept beside its save (`ginrummy.hints.`
+ the mode: {seed, used: {hand: [hints of seat 0, of seat 1]}}), and the review of a hand,
worked out once its dialog is drawn. Functions of the App. Pure Python.
"""

from game.errors import CorruptSave
from game.web.app import saves
from game.web.app.hooks import on
from game.web.play import effects as E
from game.web.play.coaching import fill_review as fill_review_of
from game.web.play.coaching import read_used, review_allowed, used_data
from game.web.play.registry import effect
from game.web.words import coachtext as W

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

HINTS_KEY = "ginrummy.hints."  # + the mode


@on("match")
def kept_hints(app, table, how):
    """A new match has no hint used yet (its record is written); a restored one reads its own."""
    if how == "restored":
        load_hints(app)
    elif how == "dealt":
        save_hints(app)


def load_hints(app):
    """The hints already used in the restored match (unreadable: none)."""

    data = None
    raw = app.store.get(HINTS_KEY + app.ui.mode)
    if raw is not None:
        try:
            data = saves.parse(app.store, raw)
        except CorruptSave:
            data = None  # unreadable: no hint recorded (the match itself is untouched)
    app.ui.coach["used"] = read_used(data, app.table.seed)


def save_hints(app):

    # A training hand is never saved, and its hints must not replace those of the own match.
    if app.ui.mode in saves.SAVE_KEYS and not app.table.training:
        app.store.set(HINTS_KEY + app.ui.mode, used_data(app.ui, app.table.seed))


@effect(E.RECORD_HINT)
def record_hint(app, outcome):
    save_hints(app)


@effect(E.REVIEW)
def review(app, outcome):
    """Work out the hand's review after the dialog saying so is drawn (replaying the hand and
    judging each decision takes a moment in the page)."""
    app.host.later(lambda: fill_review(app), 0)


def fill_review(app):

    view = app.view
    if view is None or app.table is None or not review_allowed(app.ui, view):
        return
    from game import replay

    fill_review_of(app.ui, view, app.table.hand_decisions(view.player, replay))
    app.show(view, True)
    current = app.ui.coach["review"]
    if current is not None and current["items"] is not None:
        app.announce(W.review_summary(current["items"], current["total"]))
