"""What the menu and the address do to the match on the table, once the second bundle is in: a
new match, a replay, another mode, clearing what the browser keeps, a shared deal opened over
the match, a link opened in a tab that already shows the game. Effects and functions of the
App. Pure Python.
"""

from game.rules import Rules
from game.web.app import hooks, saves, session
from game.web.app.address import bad_seed_link, bad_seed_notice, hash_seed
from game.web.play import effects as E
from game.web.play import registry
from game.web.play.registry import effect
from game.web.play.state import default_prefs, in_progress
from game.web.words.i18n import _

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def hash_changed(app):
    """The address changed in a tab that shows the game: open the lesson, the table or the deal
    it names (a deal over a match in progress is offered first): the features take theirs
    (the "link" hook), the App a shared deal."""
    text = app.hash
    if hooks.taken("link", app, text):  # the daily deal, a lesson, an online table
        return
    if app.ui.lesson is not None and hash_seed(text) is not None:  # a shared deal opened over a lesson
        app.ui.mode = app.ui.prefs["mode"]
        app.cancel_timer()
        session.load_mode(app, hash_seed(text))
        app.schedule()
        return
    seed = hash_seed(text)
    if seed is None and bad_seed_link(text) and app.table is not None and app.ui.mode != "online":
        app.ui.notice = bad_seed_notice()
        session.set_hash(app)
        app.show(app.view)
        return
    if seed is None or app.table is None or seed == app.table.seed:
        return
    if in_progress(app.view):
        app.command("offer_seed", seed)
        return
    app.cancel_timer()
    session.load_mode(app, seed)
    app.schedule()


@effect(E.NEW_MATCH)
def new_match(app, outcome):
    session.new_match(app, None, Rules.preset(app.ui.prefs["rules"]))
    return True


@effect(E.REPLAY)
def replay(app, outcome):
    """The same deals again (in a lesson: the lesson from its first step)."""
    if app.ui.lesson is not None:
        return registry.EFFECTS[E.RESTART_LESSON](app, outcome)
    session.new_match(app, app.table.seed, app.table.rules)
    return True


@effect(E.SWITCH_MODE)
def switch_mode(app, outcome):
    app.cancel_timer()
    session.load_mode(app)
    app.schedule()
    app.take_focus()
    return True


@effect(E.CLEAR_DATA)
def clear_data(app, outcome):
    ui = app.ui
    session.leave_online(app)  # its seat key goes with the rest
    # Everything kept under "ginrummy." (the pace of the tests stays), and the offline copies
    # of the site (game-start.js).
    app.store.clear(keep=(saves.PACE_KEY,))
    app.frame.set("clear_offline", True)
    hooks.run("loaded", app)
    ui.prefs = default_prefs()
    ui.mode = ui.prefs["mode"]
    session.new_match(app, None, Rules.preset(ui.prefs["rules"]), announce=False)
    app.take_focus()
    app.announce(_("Saved data cleared. A new game has started."))
    return True


@effect(E.OPEN_SEED)
def open_seed(app, outcome):
    app.cancel_timer()
    session.load_mode(app, hash_seed(app.hash))
    app.schedule()
    app.take_focus()
    return True
