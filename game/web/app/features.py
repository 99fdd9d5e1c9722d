"""The App's side of the features of the second bundle: lessons (the guided hand, the rules
guide's positions), the coach's record of hints and its review of a hand, online tables, the
other commands that are not the table's own, and links opened in a tab that already shows the
game.

Functions of the App (`game.web.app.app.App`), which imports this module once the second bundle
is in (`App.need`): the first screen needs none of it. Pure Python.
"""

from game.errors import CorruptSave
from game.rules import Rules
from game.web.app import progress, saves, session
from game.web.app.address import bad_seed_link, bad_seed_notice, hash_seed, lesson_code
from game.web.play import effects as E
from game.web.play.outcome import open_dialog
from game.web.play.registry import effect
from game.web.play.state import default_prefs, in_progress
from game.web.play.tables import TrainingTable
from game.web.words import moretext as MT
from game.web.words import text as T
from game.web.words.i18n import _, fmt, ngettext

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

HINTS_KEY = "ginrummy.hints."  # + the mode: {seed, used: {hand: [hints of seat 0, of seat 1]}}


def hash_changed(app):
    """The address changed in a tab that shows the game: open the lesson, the table or the deal
    it names (a deal over a match in progress is offered first)."""
    from game.web.app import network as online

    text = app.hash
    if text == "#daily":  # the daily deal's link: its dialog, over the match on the table
        progress.open_daily_link(app)
        return
    lesson = lesson_code(text)
    if lesson is not None:
        if app.ui.lesson is None or app.ui.lesson["code"] != lesson:
            app.cancel_timer()
            if not open_lesson(app, lesson):
                session.load_mode(app)
                app.schedule()
            # A link in the page's text (below the table) opened it: bring the table into view.
            app.frame.set("scroll", "game")
        return
    if app.ui.lesson is not None and hash_seed(text) is not None:  # a shared deal opened over a lesson
        app.ui.mode = app.ui.prefs["mode"]
        app.cancel_timer()
        session.load_mode(app, hash_seed(text))
        app.schedule()
        return
    code = online.table_from_hash(text)
    if code is not None and (app.ui.online is None or app.ui.online["code"] != code):
        app.cancel_timer()
        app.ui.mode = "online"
        session.load_mode(app)
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
    session.use(app, TrainingTable(lesson, app.host.now))
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


def load_hints(app):
    """The hints already used in the restored match (unreadable: none)."""
    from game.web.play import coach

    data = None
    raw = app.store.get(HINTS_KEY + app.ui.mode)
    if raw is not None:
        try:
            data = saves.parse(app.store, raw)
        except CorruptSave:
            data = None  # unreadable: no hint recorded (the match itself is untouched)
    app.ui.coach["used"] = coach.read_used(data, app.table.seed)


def save_hints(app):
    from game.web.play import coach

    # A training hand is never saved, and its hints must not replace those of the own match.
    if app.ui.mode in saves.SAVE_KEYS and not app.table.training:
        app.store.set(HINTS_KEY + app.ui.mode, coach.used_data(app.ui, app.table.seed))


@effect(E.RECORD_HINT)
def record_hint(app, outcome):
    save_hints(app)


@effect(E.REVIEW)
def review(app, outcome):
    """Work out the hand's review after the dialog saying so is drawn (replaying the hand and
    judging each decision takes a moment in the page)."""
    app.host.later(lambda: fill_review(app), 0)


def fill_review(app):
    from game.web.play import coach
    from game.web.words import coachtext as W

    view = app.view
    if view is None or app.table is None or not coach.review_allowed(app.ui, view):
        return
    from game import replay

    coach.fill_review(app.ui, view, app.table.hand_decisions(view.player, replay))
    app.show(view, True)
    current = app.ui.coach["review"]
    if current is not None and current["items"] is not None:
        app.announce(W.review_summary(current["items"], current["total"]))


def start_linked(app):
    """Start-up with a lesson's link or an online table (drawn by this bundle): open it, else
    the player's own match; then the App draws it (`App.ready`)."""
    code = lesson_code(app.hash)
    if code is None or not open_lesson(app, code):
        session.load_mode(app, hash_seed(app.hash), ask=True, first=app.first_seed())
    app.ready()


def server_answered(app, available):
    """A table server answered (or not): offer playing online, or leave that mode."""
    ui = app.ui
    ui.online_available = available
    if ui.mode == "online" and not available:
        computer_instead(app, MT.online_problem("offline") if not app.host.online() else
                         _("Online play is not available right now: the game server is not responding."))
    elif ui.dialog is not None or ui.mode == "online":
        app.show(app.view)  # only the menu and the online screens say whether a server answered


def computer_instead(app, notice):
    """Online play cannot be had (no server, no network): say why and play the computer."""
    app.ui.mode = app.ui.prefs["mode"] = "cpu"
    app.ui.notice = notice
    session.load_mode(app)
    app.schedule()


def go_online(app, code):
    """Join the table `code` (None: the lobby, to open or join one)."""
    from game.web.app import network as online

    app.table = None
    app.view = None
    if not code:
        app.ui.lobby["last"] = online.last_table(app.store)  # a seat kept here: "Back to table ..."
        session.set_hash(app)
        app.show(None)
        return
    app.show(None)
    # The site's tables.json first: a static host has no table server, and is never sent a
    # join it cannot answer (it would log a failed request for every invitation opened there).
    online.check_server(app.host, app.site_root(), lambda available: join_if_served(app, code, available))


def join_if_served(app, code, available):
    from game.web.app import network as online

    if not available or app.ui.mode != "online":
        server_answered(app, available)
        return
    app.ui.online_available = True
    online.join_table(app.host, app.store, app.hash, code, lambda *answer: joined(app, *answer))


def joined(app, code, seat=None, key=None, invite=None):
    """A seat at the table `code` (or None, and the reason in `seat`): connect to it."""
    from game.web.app import network as online

    ui = app.ui
    if code is None and seat == "offline":
        computer_instead(app, MT.online_problem(seat))
        return
    if code is None:
        ui.notice = MT.online_problem(seat)
        app.show(None)
        return
    # The link names no language: the site's root page sends the friend to theirs.
    root = app.host.absolute(app.site_root(), app.page.get("href") or "")
    ui.online = {"code": code, "seat": seat, "status": "connecting", "opponent": "waiting",
                 "offer": None, "answer": None, "grace": 60, "invite": root + "#table=" + code,
                 "seat_link": root + "#table=" + code + "&seat=" + str(seat) + "&key=" + str(key)}
    ui.fresh_hand()
    app.connection = online.Connection(app.host, app.store, app.page, code, seat, key,
                                       lambda status: online_status(app, status),
                                       lambda reason: online_final(app, reason))
    session.use(app, app.connection.table)
    app.connection.table.on_refusal(lambda reason, details: refused(app, reason, details))
    app.connection.table.on_away = lambda moves, hands: told_away(app, moves, hands)
    session.set_hash(app)
    # The lobby was taller than the table: the player tapped "Open a table" low on a phone's
    # screen and would be left looking below the banner with the link to send.
    app.frame.set("scroll", "game-if-above")


def told_away(app, moves, hands):
    """Back at the table after the computer played this seat: say what it did."""
    # Translators: {n} is how many moves the computer made for a player who was away.
    said = fmt(ngettext("While you were away, the computer played {n} move for you.",
                        "While you were away, the computer played {n} moves for you.", moves), n=moves)
    if hands:
        # Translators: after "While you were away, the computer played N moves for you."
        said += " " + fmt(ngettext("It finished {n} hand.", "It finished {n} hands.", hands), n=hands)
    app.ui.notice = said
    app.show(app.view)
    app.announce(said)


def online_status(app, status):
    """The connection to the table changed (connecting, connected, lost...)."""
    if app.ui.online is not None:
        app.ui.online["status"] = status
        app.show(app.view)


def online_final(app, reason):
    """The server refused this seat for good (its key, or the table is gone)."""
    app.ui.online = None
    app.ui.notice = MT.online_problem(reason)
    app.table = None
    go_online(app, None)


def refused(app, reason, details):
    """The server refused a move: say why (a next hand the friend dealt first needs no word)."""
    app.schedule()  # no longer waiting for the server
    if reason == "hand_in_play":
        return
    app.announce(T.refusal(reason, details))


@effect(E.NEW_MATCH)
def new_match(app, outcome):
    session.new_match(app, None, Rules.preset(app.ui.prefs["rules"]))
    return True


@effect(E.REPLAY)
def replay(app, outcome):
    """The same deals again (in a lesson: the lesson from its first step)."""
    if app.ui.lesson is not None:
        return restart_lesson(app, outcome)
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
    progress.load(app)
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


# Online tables: each effect says what the command said (a link copied, a seat left).

def online(name):
    """Declare an online table's effect: it is carried out, then the command's words said."""
    def declaring(carry_out):
        def perform(app, outcome):
            if carry_out(app) is False:
                return False
            app.announce(outcome.say)
            return True
        return effect(name)(perform)
    return declaring


@online(E.OPEN_TABLE)
def open_table(app):
    from game.web.app import network as net

    net.open_table(app.host, app.store, app.ui.lobby["rules"], app.lang(), lambda *answer: joined(app, *answer))


@online(E.JOIN_TABLE)
def join_table(app):
    from game.web.app import network as net

    code = net.normal_code(app.ui.lobby["code"])
    if code:
        go_online(app, code)
    else:
        app.announce(MT.online_problem("no_such_table"))


@online(E.OFFER)
def offer(app):
    if app.table is None:
        return False
    app.table.offer_new_game(app.ui.online["answer"])


@online(E.LEAVE)
def leave(app):
    """For now: the key is kept, the link brings the player back."""
    session.leave_online(app)
    go_online(app, None)


@online(E.GIVE_UP)
def give_up(app):
    if app.table is None:
        return False
    app.table.give_up_seat()  # the server closes the seat's sockets: online_final follows


@online(E.COPY)
def copy_invite(app):
    """The shim copied the link in the click (`data-copy`): the focus stays on the button."""
    if app.ui.online is None:
        return False
    app.move_focus()


@online(E.COPY_SEAT)
def copy_seat(app):
    """The shim copied the seat's link in the click (`data-copy`)."""
    if app.ui.online is None:
        return False
