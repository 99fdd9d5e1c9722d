"""Playing a friend online, the App's side: opening or joining a table (through the table
server's HTTP calls, `game.web.online.network`), the connection to it and what it says, the
effects of the online commands, and the address or the mode that names a table (the App's
hooks: `game.web.app.hooks`). Functions of the App. Pure Python.
"""

from game.web.app import session
from game.web.app.hooks import on
from game.web.online import words as MT
from game.web.play import effects as E
from game.web.play.registry import effect
from game.web.words import text as T
from game.web.words.i18n import _, fmt, ngettext

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


@on("link")
def table_link(app, text):
    """A `#table=` invitation opened in a tab that shows the game (or at the start): join it."""
    from game.web.online import network as online

    code = online.table_from_hash(text)
    if code is None:
        return False
    if app.ui.online is None or app.ui.online["code"] != code:
        app.cancel_timer()
        app.ui.mode = "online"
        session.load_mode(app)
    return True


@on("mode")
def online_mode(app, mode):
    """The online mode's table: the invitation link's, else the last one this browser played
    (else the lobby)."""
    from game.web.online import network as online

    if mode != "online":
        return False
    go_online(app, online.table_from_hash(app.hash) or online.last_table(app.store))
    return True


@on("loaded")
def ask_the_server(app):
    """Whether a table server answers (the menu offers online play then)."""
    from game.web.online import network as online

    online.check_server(app.host, app.site_root(), lambda available: server_answered(app, available))


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
    from game.web.online import network as online

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
    from game.web.online import network as online

    if not available or app.ui.mode != "online":
        server_answered(app, available)
        return
    app.ui.online_available = True
    online.join_table(app.host, app.store, app.hash, code, lambda *answer: joined(app, *answer))


def joined(app, code, seat=None, key=None, invite=None):
    """A seat at the table `code` (or None, and the reason in `seat`): connect to it."""
    from game.web.online import network as online

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
    session.use(app, app.connection.table, "online")
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
    from game.web.online import network as net

    net.open_table(app.host, app.store, app.ui.lobby["rules"], app.lang(), lambda *answer: joined(app, *answer))


@online(E.JOIN_TABLE)
def join_table(app):
    from game.web.online import network as net

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
