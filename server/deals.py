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
