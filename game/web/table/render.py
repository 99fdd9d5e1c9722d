"""The whole game area, drawn from (View, UI state): the markup and the root's data attributes.

A pure function: it reads the View of the seat on screen and the UI state and changes neither,
so every screen can be drawn (and tested) in CPython. The screens: the table of a hand in play
(`table`), the two-player hand-over screen (`table`), the end of a hand (`endofhand`) and the
dialogs (`dialogs`), under the bar and an optional notice.

The table and the hand-over screen are in the first bundle; the other screens come with the
second (the modules marked BUNDLE = "later"), whose modules register them here as pieces
(`piece`: the dialogs by kind, the end of a hand, a reviewed position, the online lobby and
banner, a lesson's panel, the daily deal's marks): `needs_more` says which screens those are,
and the App draws them once that bundle is in.
"""

from game.web.play.coaching import reviewing
from game.web.play.scene import Scene
from game.web.table.markup import button, esc
from game.web.table.pieces import drawn
from game.web.table.table import render_bar, render_handover, render_table
from game.web.words import i18n
from game.web.words.i18n import _

END_PHASES = ("hand_over", "match_over")


def needs_more(view, ui):
    """Whether this screen is drawn by modules of the page's second bundle: a dialog, the online
    screens, a lesson's panel, the end of a hand (and its review)."""
    return bool(ui.dialog) or ui.mode == "online" or ui.lesson is not None \
        or (view is not None and view.phase in END_PHASES)


def attributes(view, ui):
    """The `data-*` attributes of `#game` the page's CSS and the tests read."""
    if view is None:  # an online table not opened or joined yet
        return {"data-mode": ui.mode, "data-phase": "lobby", "data-turn": "none", "data-handover": "false"}
    turn = view.turn
    if turn is None:
        whose = "none"
    elif ui.is_human(turn):
        whose = "me"
    else:
        whose = "other"
    return {"data-mode": ui.mode, "data-phase": view.phase, "data-turn": whose,
            "data-handover": "true" if ui.handover else "false"}


def render(view, ui):
    """The markup of the game area: bar, notice, the current screen, and the open dialog (the
    rest is inert under it, so neither pointer nor Tab reaches it). `view` is None on the screen
    that opens or joins an online table."""
    inert = ' inert' if ui.dialog else ''
    parts = ['<div class="g-screen"' + inert + '>', render_bar(view, ui)]
    if ui.notice:
        parts.append('<div class="g-notice" role="alert"><p>' + esc(ui.notice) + '</p>'
                     + button("dismiss", _("Dismiss")) + '</div>')
    if ui.mode == "online":
        if view is None:
            parts.append('<div class="g-table g-lobby-screen">' + drawn("lobby", ui) + '</div></div>')
        else:
            parts.append(drawn("banner", ui))
    if view is not None and ui.lesson is not None:
        parts.append(drawn("panel", view, ui))
    if view is not None:
        scene = Scene(view, ui)  # what the table reads, worked out once
        parts.append('<div class="g-table g-' + screen_name(view, ui) + '">' + render_screen(scene) + '</div></div>')
    if ui.dialog:
        parts.append(render_dialog(view, ui))
    return "".join(parts)


def render_dialog(view, ui):
    """The open dialog over the table: its title and body are its kind's piece's
    ("dialog:" + kind, registered by the module that draws it)."""
    kind = ui.dialog["kind"]
    title, body = drawn("dialog:" + kind, view, ui, missing=("", ""))
    # Keyed by its kind: another dialog is another element (it opens with its own motion and
    # scroll), the same one drawn again stays the same element (where the player scrolled it).
    return ('<div class="g-overlay" data-key="dialog-' + kind + '"><div class="g-dialog g-dialog-' + kind
            + '" role="dialog" aria-modal="true" aria-labelledby="g-dialog-title"><h2 class="g-title" id="g-dialog-title">'
            + esc(title) + '</h2>' + body + '</div></div>')


def drawing_key(view, ui):
    """What the drawing of (view, ui) is made of, as one text: the View, every field of the UI
    state and the language. `render` is a pure function of them, so two equal keys draw the
    same markup: the page keeps the first screen the build drew, without drawing it again,
    when its key is the build's (generator/firstscreen.py, game.web.app.screen). A field
    that has no plain text (an object) never matches: that drawing is simply made."""
    out = []
    _plain(view.to_dict() if view is not None else None, out)
    _plain(vars(ui), out)
    out.append(i18n.current().lang)
    return "".join(out)


def markup_hash(text):
    """FNV-1a (32 bits) over the text's UTF-16 code units, as 8 hex digits: the first screen the
    build drew names the hash of its markup and of its drawing's inputs (generator/firstscreen.py),
    and the page compares its first drawing's (the shim the markup's, in JavaScript). The product
    is taken modulo 2**32 in two parts, each below 2**53: Brython's numbers stay small integers."""
    value = 0x811C9DC5
    for char in text:
        code = ord(char)
        if code > 0xFFFF:  # two code units, as UTF-16 writes it
            code -= 0x10000
            value = _fnv(value ^ (0xD800 | (code >> 10)))
            code = 0xDC00 | (code & 0x3FF)
        value = _fnv(value ^ code)
    return ("0000000" + format(value, "x"))[-8:]


def _fnv(value):
    """value * 0x01000193 modulo 2**32 (0x01000193 = 2**24 + 0x193)."""
    return (((value & 0xFF) << 24) + value * 0x193) & 0xFFFFFFFF


def _plain(value, out):
    """Append a value of dicts, lists, strings, numbers, booleans and None to `out` as text, the
    same in CPython and Brython (a dict in its order: both make it the same way). Each item
    says its type and length, so no two values give the same text; anything else is written
    by its type and str(), which the build's plain values never equal. Type tests and loops,
    not isinstance and generators: this runs before the page is ready, where Brython is slowest."""
    kind = type(value)
    if kind is dict:
        out.append("{")
        for key in value:
            _plain(key, out)
            _plain(value[key], out)
        out.append("}")
    elif kind is list or kind is tuple:
        out.append("[")
        for item in value:
            _plain(item, out)
        out.append("]")
    else:
        text = value if kind is str else str(value)
        out.append(kind.__name__ + str(len(text)) + ":" + text)


def screen_name(view, ui):
    if ui.handover:
        return "hidden"
    if view.phase in END_PHASES and ui.more != "failed":
        return "play g-reviewing" if reviewing(view, ui) is not None else "end"
    return "play"


def fallback_focus(view, ui):
    """Where the focus goes when the control it was on is gone (a card discarded, a dialog
    closed): the dialog's own, the hand-over button, the end of hand's main button, else the
    hand's focusable card (CSS selectors, tried in order)."""
    if ui.dialog:
        return ['[data-key="' + str(ui.dialog.get("focus")) + '"]', ".g-dialog button"]
    if ui.handover:
        return ['[data-key="reveal"]']
    return [".g-end .g-primary", '.g-hand [tabindex="0"]', '.g-act:not([disabled]):not([aria-disabled="true"])',
            '[data-key="menu"]']


def render_screen(scene):
    view, ui = scene.view, scene.ui
    if ui.handover:
        return render_handover(scene)
    # Without the page's second bundle (it could not be loaded), the end of a hand stays on the
    # table: its prompt says the hand is over, the log gives the result, N deals the next one.
    if view.phase in END_PHASES and ui.more != "failed":
        if reviewing(view, ui) is not None:  # a decision of the hand review, on the table
            return drawn("position", view, ui)
        return drawn("end", view, ui)
    return render_table(scene)


def motion(view):
    """The move the View's events bring, for one short animation: "draw" (this seat drew from
    the stock), "their_draw" (the opponent drew), "discard" (a card reached the pile), "reveal"
    (the hand ended: it is played out on the table, `game.web.table.reveal`)."""
    found = None
    for event in view.events:
        if event.kind == "hand_over":
            found = "reveal"
        elif event.kind == "discard":
            found = "discard"
        elif event.kind in ("draw_stock", "draw_discard", "take_upcard"):
            found = "draw" if event.player == view.player and view.drawn is not None else "their_draw"
    return found
