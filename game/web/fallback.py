"""The simplest computer player, used only if `game.ai` cannot be loaded in the page.

It reads its `View` only and plays one of `view.legal_actions`: pass the upcard, draw from the
stock, knock or go gin when the engine offers it, else discard the card that leaves the least
deadwood (computed by `game.melds`).
"""

from game.actions import BIG_GIN, DISCARD, DRAW_STOCK, GIN, KNOCK, NEXT_HAND, PASS
from game.melds import deadwood_after_each_discard


class FallbackPlayer:
    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view):
        actions = view.legal_actions
        kinds = {}
        for action in actions:
            kinds.setdefault(action.kind, action)
        for kind in (BIG_GIN, NEXT_HAND, PASS, DRAW_STOCK):
            if kind in kinds:
                return kinds[kind]
        best = None
        for kind in (GIN, KNOCK):
            for action in actions:
                if action.kind == kind:
                    return action
        after = deadwood_after_each_discard(view.hand)
        for i in range(len(view.hand)):
            card = view.hand[i]
            if card is view.taken:
                continue
            if best is None or after[i] < after[best] or (after[i] == after[best] and card.value > view.hand[best].value):
                best = i
        for action in actions:
            if action.kind == DISCARD and action.card is view.hand[best]:
                return action
        return actions[0]


def make_player(level, seed=0):
    return FallbackPlayer(seed)
