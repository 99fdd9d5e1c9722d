"""What the table shows of the coach's hint (`game.web.play.coach`): the "What would Hard play?"
button among the moves, the hint under the prompt and the card it names.

Apart from the coach because the table is drawn before the coach is in the page (the coach is
in the page's second bundle, generator/modules.py); a hint itself is only ever asked once
it is. Pure Python (no `browser`).
"""

from game.web.table.markup import button, esc, kbd
from game.web.words.i18n import _
from game.web.words.keys import key_for


def position_key(view):
    """What identifies the position on screen (a hint is shown only in the position it was asked in)."""
    return [view.hand_number, len(view.history), view.player]


def hints_allowed(ui):
    return ui.prefs.get("hints", False) and ui.mode in ("cpu", "duo")


def shown_hint(view, ui):
    """The hint of the position on screen, or None."""
    hint = ui.coach["hint"]
    if hint is None or view is None or hint["at"] != position_key(view) or not hints_allowed(ui):
        return None
    return hint


def hint_button(view, ui):
    """The "What would Hard play?" button among the moves, when hints are on (dimmed while it
    is not the player's turn: the moves do not jump about; pressed then, it says why)."""
    if not hints_allowed(ui):
        return ""
    mine = view.turn == view.player and not ui.handover
    key = key_for("hint")
    return button("hint", classes="g-btn g-act g-hint-btn",
                  attrs=(("aria-keyshortcuts", key or None), ("aria-disabled", None if mine else "true")),
                  inner=esc(_("What would Hard play?")) + kbd(key))


def hints_toggle(view, ui):
    """The hints' switch on the table, beside the moves (the menu has the same setting): a
    checkbox, so turning hints on is one tap from the table. Never online (no hints there)."""
    if ui.mode not in ("cpu", "duo"):
        return ""
    on = ui.prefs.get("hints", False)
    # Translators: the checkbox on the table that shows the "What would Hard play?" button.
    return ('<label class="g-field g-check g-hints-toggle"><input type="checkbox" data-act="hints" data-key="hints_table"'
            + (' checked' if on else '') + '> <span>' + esc(_("Hints")) + '</span></label>')


def render_hint(view, ui):
    """The hint of the position on screen, under the prompt ("" when none): its first use of a
    glossary term links to the term's entry (`coachtext.linked`)."""
    shown = shown_hint(view, ui)
    if shown is None:
        return ""
    from game.web.words.coachtext import (
        linked,  # the hint is only ever shown once the coach is in the page
    )

    return ('<p class="g-hint">' + hard_label() + '<span class="g-hint-text">' + linked([shown["text"]])[0]
            + '</span></p>')


def hard_label():
    """The label over Hard's sentence, on its own line (the sentence starts with its capital)."""
    return '<strong class="g-hint-label">' + esc(_("Hard's move")) + '</strong>'


def hint_move(view, ui):
    """The kind of move the hint names ("draw_stock", "pass", ...), or None: a draw marks its
    pile, a pass the Pass button, as a discard marks its card."""
    shown = shown_hint(view, ui)
    return shown["kind"] if shown is not None else None


def hinted_class(move, kinds):
    """" g-suggested" on a pile or button when the hint's `move` (`hint_move`) is one of `kinds`."""
    return " g-suggested" if move in kinds else ""


def hint_card(view, ui):
    """The index of the card the hint names (marked in the hand), or None."""
    shown = shown_hint(view, ui)
    return shown["card"] if shown is not None else None
