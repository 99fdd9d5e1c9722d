"""Engine figures: exact min-deadwood of 11-card hands per second (random and dense), CPython."""

import time

from game.cards import DECK
from game.melds import min_deadwood
from game.rng import Rng

DENSE = [card for card in DECK if 4 <= card.rank <= 8]  # 20 cards, 5 adjacent ranks


def hands(pool, count, seed):
    rng = Rng(seed)
    found = []
    for _ in range(count):
        cards = list(pool)
        rng.shuffle(cards)
        found.append(cards[:11])
    return found


def rate(sample, repeats=3):
    best = None
    for _ in range(repeats):
        start = time.perf_counter()
        for cards in sample:
            min_deadwood(cards)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return len(sample) / best


def main():
    for name, pool in (("random", DECK), ("dense", DENSE)):
        per_second = rate(hands(pool, 20000, 1))
        print(f"min_deadwood, 11 cards, {name:6}: {per_second:12,.0f} hands/s  (target >= 20,000 random)")


if __name__ == "__main__":
    main()
