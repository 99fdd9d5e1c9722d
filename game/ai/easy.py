"""`easy`: a beginner. Plays like `simple`, with occasional human-like mistakes: now and then it
misses a pickup that would have joined a meld, or keeps a high card and throws a lower unmatched
card instead. It never breaks a meld to do so and never plays an illegal move.
"""

from game.actions import DISCARD, DRAW_STOCK, PASS, Action
from game.ai.common import view_rng
from game.ai.simple import SimplePlayer
from game.melds import best_arrangement

MISS_PICKUP = 12  # percent of the useful pickups it misses
KEEP_HIGH = 8  # percent of the discards where it keeps its highest unmatched card


class EasyPlayer(SimplePlayer):
    name = "easy"

    def choose(self, view):
        action = SimplePlayer.choose(self, view)
        if action is None:
            return None
        rng = view_rng(self.seed, view, 2)
        if action.kind == "take_upcard" or action.kind == "draw_discard":
            if rng.below(100) < MISS_PICKUP:
                return Action(PASS) if action.kind == "take_upcard" else Action(DRAW_STOCK)
            return action
        if action.kind == DISCARD and rng.below(100) < KEEP_HIGH:
            return self.keep_high(view, action, rng)
        return action

    def keep_high(self, view, action, rng):
        # Throw a lower unmatched card and keep a high one, as beginners do.
        dead = best_arrangement(view.hand).deadwood  # unmatched cards after the best discard
        if len(dead) < 2:
            return action
        options = []
        for card in dead:
            if card is action.card or card is view.taken or card.value >= action.card.value:
                continue
            options.append(card)
        if not options:
            return action
        return Action(DISCARD, options[rng.below(len(options))])
