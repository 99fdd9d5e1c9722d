"""Where a match's cards come from: the deck of each hand and the first dealer.

A match is dealt by a deal source; the engine asks it for hand N's deck and never looks
further. The page, the daily deal and the arena deal from a public seed (`SeededDeals`):
anyone holding the seed and the engine (which every browser has) can deal every card of the
match, which is what makes a `#seed=` link replay the same match. An online table must not be
predictable by either seat, so the server deals from a secret of its own (server/deals.py),
with the same two methods.
"""

from game.errors import described
from game.hand import shuffled_deck
from game.rng import Rng

# The largest seed: JavaScript numbers hold every integer up to it exactly, so a seed saved in
# the page or sent over the network comes back the same.
MAX_SEED = 2 ** 53 - 1


def check_seed(seed):
    """Refuse what is not a seed: TypeError unless an int (not a bool), ValueError unless
    0 <= seed <= MAX_SEED."""
    if type(seed) is not int:
        raise TypeError("a seed is an integer from 0 to " + str(MAX_SEED) + ", got " + described(seed))
    if seed < 0 or seed > MAX_SEED:
        raise ValueError("a seed is an integer from 0 to " + str(MAX_SEED) + ", got " + described(seed))


def next_dealer(dealer, kind):
    """The dealer of the next hand after a hand that ended so (`kind`, as on the score sheet):
    the other player after a scored hand, the same after a dead hand."""
    return dealer if kind == "dead" else 1 - dealer


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
