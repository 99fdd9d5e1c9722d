"""Where a match's cards come from: the deck of each hand and the first dealer.

A match is dealt by a deal source; the engine asks it for hand N's deck and never looks
further. The page, the daily deal and the arena deal from a public seed (`SeededDeals`):
anyone holding the seed and the engine (which every browser has) can deal every card of the
match, which is what makes a `#seed=` link replay the same match. An online table must not be
predictable by either seat, so the server deals from a secret of its own (server/deals.py),
with the same two methods.
"""

from game.hand import shuffled_deck
from game.rng import Rng


class SeededDeals:
    """Deals repeated from a seed (a non-negative integer) in CPython and Brython alike."""

    __slots__ = ("seed",)

    def __init__(self, seed):
        self.seed = seed

    def first_dealer(self):
        return Rng(self.seed, 0).below(2)

    def deck(self, number):
        """The deck of hand `number` (1, 2 ...), top card first."""
        return shuffled_deck(self.seed, number)
