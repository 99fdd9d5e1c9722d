"""Melds and deadwood: sets, runs, the exact minimum-deadwood arrangement of a hand.

A hand of n cards is searched over bitmasks of hand positions. Cards that belong to no possible
meld are deadwood in every arrangement, so the search only covers the others; it branches on the
lowest remaining card (deadwood, or one of the melds that start with it) and memoizes by mask.
Written with plain loops and no closures or itertools: under Brython this is the hot path.

With 11 cards (a player who has just drawn) the deadwood is the minimum over the 11 possible
discards, computed exactly, not by dropping the highest leftover of the best 11-card arrangement.
"""

from game.cards import DECK, Card
from game.errors import IllegalAction

_DECK = frozenset(DECK)


class Arrangement:
    """Melds (lists of cards), the deadwood cards and their points; `discard` for 11-card hands."""

    __slots__ = ("melds", "deadwood", "deadwood_points", "discard")

    def __init__(self, melds, deadwood, discard=None):
        self.melds = melds
        self.deadwood = deadwood
        self.deadwood_points = 0
        for card in deadwood:
            self.deadwood_points += card.value
        self.discard = discard

    def __repr__(self):
        groups = " | ".join(" ".join(c.code for c in meld) for meld in self.melds)
        dead = " ".join(c.code for c in self.deadwood)
        return "Arrangement([" + groups + "] dead [" + dead + "] = " + str(self.deadwood_points) + ")"


def is_set(cards):
    """Three or four cards of one rank, each of another suit."""
    if len(cards) < 3 or len(cards) > 4:
        return False
    rank = cards[0].rank
    suits = 0
    for card in cards:
        if card.rank != rank or suits & (1 << card.suit):
            return False
        suits |= 1 << card.suit
    return True


def is_run(cards):
    if len(cards) < 3:
        return False
    suit = cards[0].suit
    ranks = []
    for card in cards:
        if card.suit != suit:
            return False
        ranks.append(card.rank)
    ranks.sort()
    for k in range(1, len(ranks)):
        if ranks[k] != ranks[k - 1] + 1:
            return False
    return True


def is_meld(cards):
    return is_set(cards) or is_run(cards)


def _candidate_melds(cards):
    """Every set and run (as position bitmasks) that can be formed from the cards."""
    n = len(cards)
    by_rank = [[] for _ in range(14)]
    grid = [[-1] * 15 for _ in range(4)]  # grid[suit][rank] -> position; ranks 0 and 14 stay empty
    for i in range(n):
        card = cards[i]
        by_rank[card.rank].append(i)
        grid[card.suit][card.rank] = i
    melds = []
    for rank in range(1, 14):
        group = by_rank[rank]
        if len(group) >= 3:
            full = 0
            for i in group:
                full |= 1 << i
            melds.append(full)
            if len(group) == 4:
                for i in group:
                    melds.append(full & ~(1 << i))
    for suit in range(4):
        line = grid[suit]
        for start in range(1, 12):
            if line[start] < 0 or line[start + 1] < 0:
                continue
            mask = (1 << line[start]) | (1 << line[start + 1])
            end = start + 2
            while line[end] >= 0:
                mask |= 1 << line[end]
                melds.append(mask)
                end += 1
    return melds


class HandSearch:
    """The memoized search over one hand; built once, queried for several sub-hands.

    Public for callers that ask many questions of one hand (the computer players): `best(mask)`
    is the least deadwood of the meldable cards in `mask` (positions in `cards`), `free` and
    `free_points` the cards no meld can use, `best_discard()` the 11-card answer.
    """

    __slots__ = ("cards", "values", "by_low", "memo", "free", "free_points", "meldable")

    def __init__(self, cards, extra_melds=()):
        n = len(cards)
        self.cards = cards
        self.values = [card.value for card in cards]
        # extra_melds: other groups that clear their cards, e.g. a defender's layoffs.
        melds = _candidate_melds(cards) + list(extra_melds)
        by_low = [[] for _ in range(n)]
        meldable = 0
        for mask in melds:
            meldable |= mask
            by_low[(mask & -mask).bit_length() - 1].append(mask)
        self.by_low = by_low
        self.meldable = meldable
        self.memo = {0: 0}
        free = []
        free_points = 0
        for i in range(n):
            if not (meldable >> i) & 1:
                free.append(i)
                free_points += self.values[i]
        self.free = free
        self.free_points = free_points

    def best(self, mask):
        """Minimum deadwood of the meldable cards in mask."""
        memo = self.memo
        if mask in memo:
            return memo[mask]
        low = mask & -mask
        i = low.bit_length() - 1
        rest = mask ^ low
        result = self.values[i] + self.best(rest)
        for meld in self.by_low[i]:
            if meld & mask == meld and result > 0:
                value = self.best(mask ^ meld)
                if value < result:
                    result = value
        memo[mask] = result
        return result

    def best_discard(self):
        """(deadwood after the best discard, position of that discard) for this hand."""
        best_value = -1
        best_pos = -1
        if self.free:
            top = self.free[0]
            for i in self.free:
                if self.values[i] > self.values[top]:
                    top = i
            best_value = self.free_points - self.values[top] + self.best(self.meldable)
            best_pos = top
        mask = self.meldable
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            mask ^= low
            value = self.free_points + self.best(self.meldable ^ low)
            if best_pos < 0 or value < best_value:
                best_value = value
                best_pos = i
        return best_value, best_pos

    def arrangements(self, mask, prefer_one):
        """Optimal (melds, dead) position lists for mask: all of them, or just one."""
        if mask == 0:
            return [([], [])]
        target = self.best(mask)
        low = mask & -mask
        i = low.bit_length() - 1
        found = []
        for meld in self.by_low[i]:
            if meld & mask == meld and self.best(mask ^ meld) == target:
                for melds, dead in self.arrangements(mask ^ meld, prefer_one):
                    found.append(([meld] + melds, dead))
                    if prefer_one:
                        return found
        if self.values[i] + self.best(mask ^ low) == target:
            for melds, dead in self.arrangements(mask ^ low, prefer_one):
                found.append((melds, [i] + dead))
                if prefer_one:
                    return found
        return found


def _sorted_meld(cards):
    cards = list(cards)
    if is_set(cards):
        cards.sort(key=_suit_of)
    else:
        cards.sort(key=_rank_of)
    return cards


def _rank_of(card):
    return card.rank


def _suit_of(card):
    return card.suit


def _meld_order(meld):
    return (meld[0].rank, meld[0].suit, len(meld))


def _build(search, meld_masks, dead_positions, skip):
    cards = search.cards
    melds = []
    for mask in meld_masks:
        melds.append(_sorted_meld([cards[i] for i in range(len(cards)) if (mask >> i) & 1]))
    melds = _merge_runs(melds)
    melds.sort(key=_meld_order)
    dead = [cards[i] for i in dead_positions]
    for i in search.free:
        if i != skip:
            dead.append(cards[i])
    dead.sort()
    return Arrangement(melds, dead, None if skip < 0 else cards[skip])


def _merge_runs(melds):
    """Join runs of one suit that touch (3-4-5 and 6-7-8 are one run of six)."""
    runs = []
    others = []
    for meld in melds:
        (others if is_set(meld) else runs).append(meld)
    runs.sort(key=_meld_order)
    merged = []
    for run in runs:
        last = merged[-1] if merged else None
        if last is not None and last[-1].suit == run[0].suit and last[-1].rank + 1 == run[0].rank:
            merged[-1] = last + run
        else:
            merged.append(run)
    return others + merged


def _search_for(cards, extra_melds=()):
    cards = list(cards)
    if len(cards) > 11:
        raise ValueError("a hand has at most 11 cards, got " + str(len(cards)))
    seen = set()
    for card in cards:
        if card in seen:
            raise ValueError("card " + card.code + " appears twice")
        seen.add(card)
    return HandSearch(cards, extra_melds)


def min_deadwood(cards):
    """Exact minimum deadwood: of the hand, or for 11 cards after the best discard."""
    search = _search_for(cards)
    if len(search.cards) == 11:
        return search.best_discard()[0]
    return search.free_points + search.best(search.meldable)


def best_arrangement(cards):
    """One minimum-deadwood arrangement; for 11 cards, of the 10 left after the best discard."""
    return all_best_arrangements(cards, one=True)[0]


def all_best_arrangements(cards, one=False):
    """Every minimum-deadwood arrangement (a knocker may choose among them), runs kept whole."""
    search = _search_for(cards)
    if len(search.cards) == 11:
        target = search.best_discard()[0]
        skips = [i for i in range(11) if _deadwood_without(search, i) == target]
    else:
        skips = [-1]
    result = []
    keys = set()
    for skip in skips:
        mask = search.meldable if skip < 0 else search.meldable & ~(1 << skip)
        for meld_masks, dead in search.arrangements(mask, one):
            arrangement = _build(search, meld_masks, dead, skip)
            key = _key(arrangement)
            if key not in keys:
                keys.add(key)
                result.append(arrangement)
            if one:
                return result
    return result


def deadwood_after_each_discard(cards):
    """For an 11-card hand: the exact minimum deadwood left after discarding each card."""
    search = _search_for(cards)
    return [_deadwood_without(search, i) for i in range(len(search.cards))]


def _deadwood_without(search, position):
    if (search.meldable >> position) & 1:
        return search.free_points + search.best(search.meldable ^ (1 << position))
    return search.free_points - search.values[position] + search.best(search.meldable)


def _key(arrangement):
    groups = [tuple(card.index for card in meld) for meld in arrangement.melds]
    groups.sort()
    discard = -1 if arrangement.discard is None else arrangement.discard.index
    return (discard, tuple(groups))


def arrange_all(cards):
    """A minimum-deadwood arrangement of all the cards, even 11 of them (no discard)."""
    search = _search_for(cards)
    meld_masks, dead = search.arrangements(search.meldable, True)[0]
    return _build(search, meld_masks, dead, -1)


def is_big_gin(cards):
    """All 11 cards melded at once (big gin, when the rules allow it)."""
    search = _search_for(cards)
    return len(search.cards) == 11 and not search.free and search.best(search.meldable) == 0


def declared_melds(melds):
    """Declared melds in the engine's own form: a tuple of tuples of cards.

    `melds` must be a list or tuple of lists or tuples of `Card`s (a generator, a dict, a set, a
    string or card codes are not); anything else raises IllegalAction "not_a_meld". The copy is
    what the engine keeps, so the caller's lists may change afterwards without changing it.
    """
    if type(melds) is not list and type(melds) is not tuple:
        raise IllegalAction("declared melds are a list of melds, each a list of cards; got "
                            + type(melds).__name__, "not_a_meld")
    groups = []
    for group in melds:
        if type(group) is not list and type(group) is not tuple:
            raise IllegalAction("a declared meld is a list of cards; got " + type(group).__name__, "not_a_meld")
        for card in group:
            if type(card) is not Card:
                raise IllegalAction("a declared meld holds cards; got " + type(card).__name__, "not_a_meld")
        groups.append(tuple(group))
    return tuple(groups)


def check_arrangement(hand, melds):
    """A player's declared melds, validated against their hand; returns the Arrangement.

    Raises IllegalAction naming the first problem (melds that are not lists of cards, a card not
    in the hand, a card used twice, a group that is neither a set nor a run).
    """
    in_hand = set(hand)
    used = set()
    checked = []
    for group in declared_melds(melds):
        for card in group:
            # Cards hash and compare by identity: a Card that is not one of DECK is in no hand.
            if card not in in_hand:
                name = "the card " + card.code if card in _DECK else "a card that is not one of the deck's"
                raise IllegalAction(name + " is not in the hand", "not_in_hand", card=card)
            if card in used:
                raise IllegalAction("the card " + card.code + " is in two melds", "card_twice", card=card)
            used.add(card)
        if not is_meld(group):
            raise IllegalAction(
                " ".join(c.code for c in group)
                + " is not a meld (a set is 3 or 4 cards of one rank, a run 3 or more cards in sequence of one suit, ace low)",
                "not_a_meld",
                meld=list(group),
            )
        checked.append(_sorted_meld(group))
    checked.sort(key=_meld_order)
    dead = sorted(card for card in hand if card not in used)
    return Arrangement(checked, dead)
