"""What the player's buttons, keys and choices do: `run` finds the command's handler (declared
beside it in `game.web.play.registry` by the modules that hold them) and carries it out.

A handler takes the UI state, the View on screen and the command's argument (a card index, a
chosen value), changes the UI state, and returns an `Outcome` (`game.web.play.outcome`): the
Action to send to the table (always one the View lists), a sentence to announce, and effects for
the page's adapter (start a match, save the preferences, ...). Pure Python, tested in CPython.

The table's own commands are the hand's (`hand`), the moves (`moves`) and the menu's and
dialogs' (`options`); the features of the page's second bundle declare theirs in
`game.web.play.morecommands` and `game.web.play.coach`. The single-key shortcuts are in
`game.web.words.keys` (one letter per command, from the catalogue).
"""

from game.web.play import hand, moves, options  # noqa: F401 (declaring their commands)
from game.web.play.outcome import NOTHING
from game.web.play.registry import find


def run(name, ui, view, arg=None):
    """Carry out the command `name` (declared in `game.web.play.registry`); unknown names do
    nothing, and so does anything but what works there beside two hidden hands or on the
    online lobby."""
    found = find(name)
    if found is None or (ui.handover and not found.while_hidden):
        return NOTHING
    if view is None and not found.in_lobby:
        return NOTHING
    return found.handler(ui, view, arg) or NOTHING

