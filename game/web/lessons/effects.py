"""Training hands, the App's side: a lesson opened by its link (`#train=`, the App's "link"
hook) or by a command, played on a table that is never saved; starting it again, leaving it;
and a newcomer's welcome (the "newcomer" hook), which offers the guided hand. Functions of the
App. Pure Python.
"""

from game.web.app import session
from game.web.app.address import lesson_code
from game.web.app.hooks import on
from game.web.play import effects as E
from game.web.play.outcome import open_dialog
from game.web.play.registry import effect
from game.web.play.tables import TrainingTable

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


@on("link")
def lesson_link(app, text):
    """A lesson's link, at the start or later: open it (a bad one: the player's own match, with
    a notice)."""
    code = lesson_code(text)
    if code is None:
        return False
    if app.ui.lesson is None or app.ui.lesson["code"] != code:
        app.cancel_timer()
        if not open_lesson(app, code):
            session.load_mode(app)
            app.schedule()
        if app.drawing:  # a link in the page's text (below the table): bring the table into view
            app.frame.set("scroll", "game")
    return True


def open_lesson(app, code):
    """Play the lesson the code names on a table that is never saved (the player's own match
    stays as it was); a code that names none is refused in words. True if it opened."""
    from game.training import BadPosition
    from game.web.play import lesson as lessons

    ui = app.ui
    try:
        lesson = lessons.open_lesson(code)
    except BadPosition as exc:
        ui.notice = lessons.bad_link(exc.reason)
        return False
    app.cancel_timer()
    session.forget(app)
    session.leave_online(app)
    ui.fresh_hand()
    ui.mode = "cpu"  # for this hand only: the preference is kept for the player's own game
    ui.handover = False
    ui.lesson = {"code": code, "lesson": lesson}
    session.use(app, TrainingTable(lesson, app.host.now), "lesson")
    session.set_hash(app)
    app.refresh()
    app.announce(lessons.title(lesson) + ". " + lessons.step_news(ui.lesson, app.view))
    app.schedule()
    return True


@effect(E.GUIDED_HAND)
def guided_hand(app, outcome):
    open_lesson(app, "guided")
    app.take_focus()
    return True


@on("newcomer")
def welcome(app, linked):
    """A newcomer's first visit (`storage.newcomer`): offer a guided hand or just playing, at
    Easy with hints on (both changeable there), over the first deal, where the newcomer has not
    moved yet (the computer may have: the dialog stays over its moves); just playing deals a
    random match unless a shared deal's link (`linked`) named it."""
    ui = app.ui
    view = app.view
    if ui.dialog or ui.lesson is not None or ui.mode != "cpu" or view is None or view.hand_number != 1 \
            or any(seat == view.player for seat, _kind, _card in view.history):
        return
    open_dialog(ui, "welcome", level="easy", hints=True, keep=linked)
    app.show(view)
    app.take_focus()


@effect(E.RESTART_LESSON)
def restart_lesson(app, outcome):
    if app.ui.lesson is not None:
        open_lesson(app, app.ui.lesson["code"])
        app.take_focus()
    return True


@effect(E.LEAVE_LESSON)
def leave_lesson(app, outcome):
    app.ui.mode = app.ui.prefs["mode"]
    app.cancel_timer()
    session.load_mode(app)
    app.schedule()
    app.take_focus()
    return True
