"""`simple`: the published yardstick player used in Gin Rummy research (the EAAI-2021 baseline).

Takes the upcard or the top discard only when that card lies in a meld of a best arrangement of
the hand with it; otherwise draws from the stock. Discards at random among the cards that leave
the least deadwood (never the card just taken), and knocks (or goes gin) as soon as it may.
"""

from game.actions import BIG_GIN, DISCARD, Action
from game.ai.common import Player, discards, ending, find, least_deadwood, melded_in_best, view_rng


class SimplePlayer(Player):
    name = "simple"

    def wants(self, view, card):
        return melded_in_best(view.hand + [card], card)

    def discard(self, view):
        big = find(view.legal_actions, BIG_GIN)
        if big is not None:
            return big
        least = least_deadwood(view)
        best = []
        for card, dead in discards(view):
            if dead == least:
                best.append(card)
        card = best[view_rng(self.seed, view, 1).below(len(best))]
        return ending(view, card) or Action(DISCARD, card)
