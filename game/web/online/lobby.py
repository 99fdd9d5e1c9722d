"""Playing a friend online, the page's side: the screen that opens or joins a table, and the
banner over an online table (the code and invitation link, the friend's presence, a new-game
offer, a lost connection). Pure render from the UI state (`Ui.online`, `Ui.lobby`), like
`game.web.table.render`; the network is the App's (`game.web.online.network`).
"""

from game.rules import PRESETS
from game.web.screens.dialogs import preset_text
from game.web.table.markup import button, esc
from game.web.table.pieces import piece
from game.web.words.i18n import _, fmt, ngettext

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


@piece("lobby")
def render_lobby(ui):
    """No table yet: open one (choose the variant) or join one by its code."""
    chosen = ui.lobby["rules"]
    out = ['<div class="g-lobby"><h2 class="g-title">' + esc(_("Play a friend online")) + '</h2>']
    if ui.online:  # a table's seat, whose first view has not come yet
        out.append('<p class="g-notice" role="status">' + esc(connection_text(ui.online)) + '</p>')
    out.append('<p>' + esc(_("Open a table and send the link to your friend, or type the code of "
                             "the table your friend opened.")) + '</p>')
    last = ui.lobby.get("last")
    if last:
        # Translators: {code} is the code of the table whose seat this browser still holds.
        back = fmt(_("Back to table {code}"), code=last)
        out.append('<p>' + button("back_to_table", back, "g-btn g-primary") + '</p>')
    out.append('<section class="g-lobby-open" aria-labelledby="g-open-title"><h3 id="g-open-title">'
               + esc(_("Open a table")) + '</h3><fieldset><legend>' + esc(_("Rules")) + '</legend>')
    for name in PRESETS:
        out.append('<label class="g-radio"><input type="radio" name="g-lobby-rules" value="' + name
                   + '" data-act="lobby_rules" data-key="lobby-rules-' + name + '"'
                   + (' checked' if name == chosen else '') + '> ' + preset_text(name) + '</label>')
    out.append('</fieldset>' + button("online_open", _("Open a table"), "g-btn g-primary") + '</section>')
    out.append('<section class="g-lobby-join" aria-labelledby="g-join-title"><h3 id="g-join-title">'
               + esc(_("Join a table")) + '</h3><label class="g-field">' + esc(_("Table code"))
               + ' <input type="text" data-act="lobby_code" data-key="lobby_code" data-submit="online_join" autocomplete="off" '
               'autocapitalize="characters" spellcheck="false" maxlength="12" value="' + esc(ui.lobby["code"])
               + '"></label> ' + button("online_join", _("Join")) + '</section></div>')
    return "".join(out)


@piece("banner")
def render_banner(ui):
    """Over an online table: the invitation while the friend has not joined, who plays the
    other seat, a new-game offer, a lost connection."""
    online = ui.online
    out = ['<div class="g-online" role="region" aria-label="' + esc(_("Online table")) + '">']
    if online.get("status") in ("lost", "not_answering"):
        out.append('<p class="g-notice">' + esc(connection_text(online)) + '</p>')
    presence = online.get("opponent")
    # Translators: {code} is the table's code, six letters and digits such as K7MQ2X.
    line = esc(fmt(_("Table {code}"), code=online["code"])) + ' · ' + esc(presence_text(presence, online.get("grace", 60)))
    if online.get("status") == "sending":  # in the line, so the table below does not move
        # Translators: shown after "Table K7MQ2X · your friend is here" while a move waits for the
        # game server's answer.
        line += ' · <span class="g-pending">' + esc(_("sending your move…")) + '</span>'
    out.append('<p>' + line + '</p>')
    if presence in ("waiting", "gone"):  # said plainly: nobody holds the other seat
        out.append('<p>' + esc(_("Send this link to your friend, who will join you from their own device.")) + '</p>')
        out.append('<p class="g-invite"><a href="' + esc(online["invite"]) + '" data-key="invite">'
                   + esc(online["invite"]) + '</a> ' + button("copy_invite", _("Copy the link"),
                                                            attrs=(("data-copy", online["invite"]),)) + '</p>')
    offer = online.get("offer")
    if offer == "theirs":
        out.append('<p>' + esc(_("Your friend offers a new game.")) + ' '
                   + button("accept_new", _("Accept"), "g-btn g-primary") + ' ' + button("refuse_new", _("Decline"))
                   + '</p>')
    elif offer == "mine":
        out.append('<p>' + esc(_("You offered a new game: waiting for your friend's answer.")) + ' '
                   + button("refuse_new", _("Withdraw the offer")) + '</p>')
    out.append('</div>')
    return "".join(out)


def connection_text(online):
    """The connection to the table, in words: connecting, lost, or a server that keeps failing
    (`game.web.online.patience`: the page tries again less and less often)."""
    status = online.get("status")
    if status == "not_answering":
        return _("The game server is not responding. The page keeps trying, less and less often; "
                 "your seat is kept.")
    if status == "lost":
        return _("The connection to the table was lost: reconnecting…")
    # Translators: {code} is the table's code, six letters and digits such as K7MQ2X.
    return fmt(_("Connecting to table {code}…"), code=online["code"])


def presence_text(presence, grace):
    """Who plays the other seat (the server's seat states, read by `RemoteTable.opponent`), in
    words; an away friend's time is the server's own grace period (`grace`, seconds)."""
    if presence == "away":
        if grace >= 60 and grace % 60 == 0:
            minutes = int(grace // 60)
            # Translators: {n} is the server's grace period in minutes (1, 2 ...).
            return fmt(ngettext("your friend is away: the computer will play for them if they are not "
                                "back within {n} minute",
                                "your friend is away: the computer will play for them if they are not "
                                "back within {n} minutes", minutes), n=minutes)
        seconds = int(round(grace))
        # Translators: {n} is the server's grace period in seconds (5, 30, 90 ...).
        return fmt(ngettext("your friend is away: the computer will play for them if they are not "
                            "back within {n} second",
                            "your friend is away: the computer will play for them if they are not "
                            "back within {n} seconds", seconds), n=seconds)
    return PRESENCE.get(presence, PRESENCE["here"])()


# Who plays the other seat, but an away friend (`presence_text`).
PRESENCE = {
    "here": lambda: _("your friend is here"),
    "computer": lambda: _("your friend is away: the computer plays for them until they come back"),
    "gone": lambda: _("your friend gave up their seat: the computer plays it, and the invitation link "
                      "gives it to whoever opens it next"),
    "waiting": lambda: _("waiting for your friend"),
}


@piece("dialog:leave")
def render_leave(view, ui):
    """The choice behind "Leave the table": for now (the seat stays this browser's) or for good."""
    grace = int(round(ui.online.get("grace", 60))) if ui.online else 60
    # Translators: {n} is the server's grace period in seconds.
    now = fmt(ngettext("Leave for now: your seat stays yours. After {n} second the computer plays it "
                       "until you open the link again.",
                       "Leave for now: your seat stays yours. After {n} seconds the computer plays it "
                       "until you open the link again.", grace), n=grace)
    return _("Leave the table"), ('<p>' + esc(now) + '</p><p>' + esc(_("Give up your seat: the computer plays it for your friend "
                                                 "at once, and whoever opens the invitation link next takes it. "
                                                 "You cannot come back to it."))
            + '</p><div class="g-actions">' + button("leave_for_now", _("Leave for now"), "g-btn g-primary")
            + button("give_up_seat", _("Give up my seat")) + button("cancel", _("Stay")) + '</div>')
