"""What a drawing of the table reads of (View, UI state), worked out once per drawing
(`game.web.table.render`): who plays each seat, the moves the person at the screen may make
now, whether the discard may be taken back, the hand in the player's order. The render reads
only this and the two values it holds; it changes neither, and needs no caller to have put the
UI state in step first. Pure Python.
"""

from game.cards import DECK
from game.web.play.state import can_undo, shown_order, waiting_for_friend


class Scene:
    """`view` (None: the online lobby) and `ui`; `names` (`Ui.names`); `moves` {kind: {card
    index or None: the View's legal action}} of the person at the screen (none while both hands
    are hidden or before the friend of an online table has joined); `undo`; `waiting` (an
    online table's other seat still empty); `order` (the hand's card indexes as shown);
    `selected` (the selected card, or None)."""

    __slots__ = ("view", "ui", "names", "moves", "undo", "waiting", "order", "selected")

    def __init__(self, view, ui):
        self.view = view
        self.ui = ui
        self.names = ui.names()
        self.waiting = waiting_for_friend(ui)
        moves = {}
        if view is not None and not (ui.handover or self.waiting):
            for action in view.legal_actions:
                moves.setdefault(action.kind, {})[action.card.index if action.card is not None else None] = action
        self.moves = moves
        self.undo = view is not None and can_undo(ui, view)
        self.order = shown_order(ui.prefs["sort"], ui.order[view.player], view) if view is not None else []
        self.selected = DECK[ui.selected] if ui.selected is not None else None

    def legal(self, kind, card=None):
        """The legal action of this kind (and card), if the person at the screen may take it."""
        found = self.moves.get(kind)
        if not found:
            return None
        if card is None:
            for action in found.values():
                return action
        return found.get(card.index)
