"""The deals of an online table: from a 256-bit secret only the server holds.

A seat sees its own ten cards, the upcard and the discards; with the public engine's
`SeededDeals`, a 32-bit state behind every deck let a seat search all 2**32 decks and find the
one that matches its cards (about ten minutes on a laptop), then read the other hand and the
stock. Here each hand's deck is a Fisher-Yates shuffle fed by HMAC-SHA256(secret, hand number,
counter): nothing a seat is sent narrows the other cards beyond what the rules reveal, and the
same secret deals the same match again (a restart, a replayed log). The secret is stored with
the table and never sent (docs/online.md, "Security").
"""

import hashlib
import hmac
import secrets

from game.cards import DECK

SECRET_BYTES = 32


def new_secret():
    """A fresh secret, as hex text (how the store keeps it)."""
    return secrets.token_hex(SECRET_BYTES)


class Randomness:
    """Where a server's chance comes from: each game's deal secret and the seeds of the
    computer players that take over a seat. `Randomness()` is the system's (`secrets`), the
    only one a public server uses. `Randomness(seed)` derives both from one fixed seed,
    HMAC-SHA256(seed, kind + counter), so a test deals the same cards on every run (a test
    never depends on chance; a random deal once ended a test's match in three moves)."""

    def __init__(self, seed=None):
        self.key = None if seed is None else hashlib.sha256(b"tests %s" % str(seed).encode()).digest()
        self.counter = 0

    @property
    def fixed(self):
        return self.key is not None

    def deal_secret(self):
        """A new game's deal secret, as hex text."""
        return new_secret() if self.key is None else self._next(b"deal").hex()

    def player_seed(self):
        """A computer player's seed (its own choices owe nothing to the deal)."""
        return secrets.randbits(32) if self.key is None else int.from_bytes(self._next(b"player")[:4], "big")

    def _next(self, kind):
        self.counter += 1
        return hmac.new(self.key, kind + b" %d" % self.counter, hashlib.sha256).digest()


SYSTEM = Randomness()


class SecretDeals:
    """The same two methods as game.deals.SeededDeals; `seed` is None: there is none to tell."""

    __slots__ = ("key",)
    seed = None

    def __init__(self, secret):
        self.key = bytes.fromhex(secret)
        if len(self.key) < 16:
            raise ValueError("a deal secret holds at least 128 bits")

    def first_dealer(self):
        return _Stream(self.key, b"first dealer").below(2)

    def deck(self, number):
        deck = list(DECK)
        stream = _Stream(self.key, b"hand %d" % number)
        for i in range(len(deck) - 1, 0, -1):
            j = stream.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        return deck


class _Stream:
    """32-bit numbers from HMAC-SHA256(key, label + counter), eight a block."""

    def __init__(self, key, label):
        self.key = key
        self.label = label
        self.counter = 0
        self.words = []

    def next32(self):
        if not self.words:
            block = hmac.new(self.key, self.label + b" %d" % self.counter, hashlib.sha256).digest()
            self.counter += 1
            self.words = [int.from_bytes(block[k:k + 4], "big") for k in range(28, -1, -4)]
        return self.words.pop()

    def below(self, n):
        """A number in range(n), unbiased (rejection sampling)."""
        limit = 2**32 - 2**32 % n
        while True:
            x = self.next32()
            if x < limit:
                return x % n
