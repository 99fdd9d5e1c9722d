"""Estimates for one position, by dealing the cards this seat cannot see many times.

The coach's reasons (and Hard's choice between knocking and playing on) are numbers worked out
in the position, never a template chosen by a threshold. Each estimate reads only the View:

- `Deals(view)`: the unseen cards dealt `count` times in agreement with what this seat knows.
  The opponent holds the cards they took from the pile (certain) and hidden cards from the
  unseen ones; since a player keeps the better cards of what they draw, each deal also gives
  the opponent the cards of up to `IMPROVE` of their draws from the stock this hand and lets
  them throw back the cards leaving the most deadwood, as they would have. The rest is the
  stock, in a random order. Calibrated on engine-played hands (docs/ai.md, "The coach's
  estimates"): the undercut rates it predicts are within a few points of those seen.
- `knock_now`: the real settlement (`game.layoffs.best_defence` and `game.scoring.breakdown`,
  as `game.scoring.settle` applies them) of a knock now against each deal: how often the
  opponent undercuts, the average points, how often the knock wins at least `need` points.
- `play_on`: discard and play one more turn against each deal (the opponent takes the discard
  when it goes into a meld, else draws; goes gin or knocks as soon as it can), then knock or go
  gin with the card drawn: the average points, how often the next card gives gin.
- `could_use`: how often the opponent could meld a card with two of their own.

Sampling is bounded (`SAMPLES` deals) and deterministic: the random numbers are seeded from the
position's public facts (`position_seed`), so the same position always gets the same numbers
and the same words. No standard-library import: it runs in the page under Brython.
"""

from game.actions import DRAW_STOCK
from game.ai.common import completers
from game.layoffs import defence_deadwood
from game.melds import HandSearch, best_arrangement, min_deadwood
from game.rng import Rng
from game.scoring import breakdown

SAMPLES = 48  # deals per estimate: a hint's time in the page is bounded by this
IMPROVE = 5  # at most this many of the opponent's draws are replayed in each deal ...
HEAD_START = 2  # ... counting this many more than their stock draws of the hand
DEAD_HAND = 2  # the hand ends without a score when the stock is down to this many cards


def position_seed(view):
    """A number made of the position's public facts only (never the match seed): the hand,
    the discard pile, the cards the opponent took, the history's length, the hand number."""
    value = 0x2545F491 + view.hand_number * 7919 + len(view.history) * 104729 + view.player
    for card in view.hand:
        value = (value * 31 + card.index + 1) & 0x7FFFFFFF
    for card in view.discard_pile:
        value = (value * 37 + card.index + 7) & 0x7FFFFFFF
    for card in view.opponent_known:
        value = (value * 41 + card.index + 3) & 0x7FFFFFFF
    return value


class Deals:
    """`opponent_hands[k]`: the opponent's cards in deal k (their pickups first); `unseen`: the cards
    this seat cannot locate (the stock is those no deal's hand holds); `count`."""

    __slots__ = ("opponent_hands", "unseen", "count", "stock_count", "_arrangements")

    def __init__(self, view, count=SAMPLES, stream=1):
        rng = Rng(position_seed(view), stream)
        known = list(view.opponent_known)
        unseen = list(view.unseen)
        hidden = view.opponent_count - len(known)
        draws = 0
        for entry in view.history:
            if entry[0] != view.player and entry[1] == DRAW_STOCK:
                draws += 1
        size = len(unseen)
        extra = min(draws + HEAD_START, IMPROVE, size - hidden)
        self.opponent_hands = []
        self.unseen = unseen
        self.count = count
        self.stock_count = view.stock_count
        self._arrangements = [None] * count
        for _ in range(count):
            pool = list(unseen)
            # A partial Fisher-Yates: the first `hidden + extra` places are the deal's.
            for k in range(hidden + extra):
                j = k + rng.below(size - k)
                pool[k], pool[j] = pool[j], pool[k]
            self.opponent_hands.append(_keep_best(known + pool[:hidden + extra], len(known), len(known) + hidden))

    def arrangement(self, k):
        """The best arrangement of the opponent's cards in deal k (worked out once)."""
        if self._arrangements[k] is None:
            self._arrangements[k] = best_arrangement(self.opponent_hands[k])
        return self._arrangements[k]


class Outcome:
    """Averages over the deals: `points` (for this seat, an undercut counting against it),
    `undercut` (share of deals where the opponent undercuts the knock), `wins` (share where
    the knock wins at least `need` points), `gin` (share where the next card gives gin)."""

    __slots__ = ("points", "undercut", "wins", "gin", "count")

    def __init__(self, points, undercut, wins, gin, count):
        self.points = points
        self.undercut = undercut
        self.wins = wins
        self.gin = gin
        self.count = count

    def __repr__(self):
        return ("Outcome(points " + str(round(self.points, 2)) + ", undercut " + str(round(self.undercut, 3))
                + ", wins " + str(round(self.wins, 3)) + ", gin " + str(round(self.gin, 3)) + ")")


def knock_points(melds, dead, defender, rules, multiplier):
    """The points of a knock with these declared melds and `dead` deadwood against the
    defender's 10 cards, as `game.scoring.settle` settles it: positive for the knocker,
    negative when the defender undercuts."""
    held = defence_deadwood(melds, defender)
    if held < dead or (held == dead and rules.undercut_on_tie):
        return -breakdown("undercut", dead, held, rules, multiplier).points
    return breakdown("knock", dead, held, rules, multiplier).points


def gin_points(kind, defender, rules, multiplier):
    """The points of gin (or big gin) against the defender's cards: no layoffs."""
    return breakdown(kind, 0, min_deadwood(defender), rules, multiplier).points


def knock_now(view, melds, dead, deals, need=0):
    """Knock now, declaring `melds` with `dead` deadwood: the Outcome over the deals."""
    rules = view.rules
    multiplier = view.rules.multiplier_for(view.upcard)
    total = 0
    undercuts = 0
    wins = 0
    for hand in deals.opponent_hands:
        points = knock_points(melds, dead, hand, rules, multiplier)
        total += points
        if points < 0:
            undercuts += 1
        elif points >= need:
            wins += 1
    n = deals.count
    return Outcome(total / n, undercuts / n, wins / n, 0.0, n)


def play_on(view, card, deals):
    """Discard `card` (a card whose discard allows a knock) and play one more turn against each
    deal: the opponent takes the discard when it makes a meld with two of their cards, else
    draws, and goes gin or knocks as soon as it can; then we draw and knock, or go gin, with our
    best discard. The Outcome over the deals (a hand that runs out of stock scores nothing;
    `gin`: the share of deals where our next card gives gin)."""
    rules = view.rules
    limit = view.knock_limit
    multiplier = rules.multiplier_for(view.upcard)
    mine = Kept([c for c in view.hand if c is not card])
    rng = Rng(position_seed(view), 7)
    unseen = deals.unseen
    size = len(unseen)
    stock = deals.stock_count
    total = 0
    gins = 0
    for k in range(deals.count if stock > DEAD_HAND else 0):
        hand = deals.opponent_hands[k]
        held = [False] * 52
        for other in hand:
            held[other.index] = True
        first = unseen[rng.below(size)]
        while held[first.index]:
            first = unseen[rng.below(size)]
        # The opponent's turn: our discard if it makes a meld with two of theirs, else the stock.
        took = melds_with(card, hand)
        theirs = hand + [card if took else first]
        left, worst = _best_discard(HandSearch(theirs), 0, 10 if took else -1)
        kept = []
        for i in range(11):
            if i != worst:
                kept.append(theirs[i])
        if left == 0:
            total -= breakdown("gin", 0, mine.deadwood, rules, multiplier).points
            continue
        if left <= limit:
            total -= knock_points(best_arrangement(kept).melds, left, mine.cards, rules, multiplier)
            continue
        if (stock if took else stock - 1) <= DEAD_HAND:
            continue  # their discard left two cards in the stock: a dead hand
        # Our turn: the next card of the stock, then the best ending.
        drawn = first
        if not took:
            held[first.index] = True
            while held[drawn.index]:
                drawn = unseen[rng.below(size)]
        melds, dead = mine.with_card(drawn)
        if dead == 0:
            gins += 1
            total += breakdown("gin", 0, left, rules, multiplier).points
        else:
            total += knock_points(melds, dead, kept, rules, multiplier)
    n = deals.count
    return Outcome(total / n, 0.0, 0.0, gins / n, n)


class Kept:
    """Our 10 cards after a discard, and the best ending with one more card: worked out once,
    since most cards drawn join no meld (then the best discard is that card or our highest
    deadwood, with the melds we have)."""

    __slots__ = ("cards", "melds", "deadwood", "join", "without", "_melds_without")

    def __init__(self, cards):
        self.cards = cards
        arrangement = best_arrangement(cards)
        self.melds = arrangement.melds
        self.deadwood = arrangement.deadwood_points
        self.join = completers(cards)
        search = HandSearch(cards)
        self.without = []  # the deadwood of the cards but the one at each position
        for i in range(len(cards)):
            if (search.meldable >> i) & 1:
                self.without.append(search.free_points + search.best(search.meldable ^ (1 << i)))
            else:
                self.without.append(search.free_points - search.values[i] + search.best(search.meldable))
        self._melds_without = {}

    def with_card(self, card):
        """(melds, deadwood) of the best 10 of these cards and `card`."""
        if (self.join >> card.index) & 1:
            arrangement = best_arrangement(self.cards + [card])
            return arrangement.melds, arrangement.deadwood_points
        # The card joins no meld: it is deadwood wherever it is kept.
        best = self.deadwood
        out = -1
        for i in range(len(self.cards)):
            if self.without[i] + card.value < best:
                best = self.without[i] + card.value
                out = i
        if out < 0:
            return self.melds, best
        if out not in self._melds_without:
            rest = []
            for i in range(len(self.cards)):
                if i != out:
                    rest.append(self.cards[i])
            self._melds_without[out] = best_arrangement(rest).melds
        return self._melds_without[out], best


def _keep_best(cards, fixed, size):
    """The `size` of `cards` a player keeping its best cards holds: the first `fixed` (the
    opponent's known pickups, certain), then the cards of the melds of a least-deadwood
    arrangement of them all (whole melds, as long as they fit), then the lowest of the rest."""
    search = HandSearch(cards)
    keep = [False] * len(cards)
    count = fixed
    for i in range(fixed):
        keep[i] = True
    for meld in search.arrangements(search.meldable, True)[0][0]:
        new = 0
        for i in range(len(cards)):
            if (meld >> i) & 1 and not keep[i]:
                new += 1
        if count + new <= size:
            for i in range(len(cards)):
                if (meld >> i) & 1:
                    keep[i] = True
            count += new
    while count < size:
        low = -1
        for i in range(len(cards)):
            if not keep[i] and (low < 0 or cards[i].value < cards[low].value):
                low = i
        keep[low] = True
        count += 1
    return [cards[i] for i in range(len(cards)) if keep[i]]


def _best_discard(search, first, skip):
    """(deadwood, position) of the discard leaving the least deadwood, among the positions from
    `first` on (the cards before it are the opponent's known pickups, which stay) but `skip`
    (the card just taken from the pile, which may not be thrown back; -1: none)."""
    best = -1
    best_value = 0
    for i in range(first, len(search.cards)):
        if i == skip:
            continue
        if (search.meldable >> i) & 1:
            value = search.free_points + search.best(search.meldable ^ (1 << i))
        else:
            value = search.free_points - search.values[i] + search.best(search.meldable)
        if best < 0 or value < best_value:
            best = i
            best_value = value
    return best_value, best


def could_use(card, deals):
    """The share of deals in which the opponent holds two cards that meld with `card`."""
    found = 0
    for hand in deals.opponent_hands:
        if melds_with(card, hand):
            found += 1
    return found / deals.count


def melds_with(card, cards):
    """True when two of `cards` make a meld with `card`: a pair of its rank, or two of its suit
    next to it (below, around or above it)."""
    rank = card.rank
    suit = card.suit
    same = 0
    near = [False, False, False, False, False]  # ranks rank-2 .. rank+2 of its suit
    for held in cards:
        if held.rank == rank:
            if held is not card:
                same += 1
        elif held.suit == suit and -2 <= held.rank - rank <= 2:
            near[held.rank - rank + 2] = True
    return same >= 2 or (near[0] and near[1]) or (near[1] and near[3]) or (near[3] and near[4])


class Outlook:
    """What the next card from the stock does to 10 cards, on average over the unseen cards
    (each weighted by its chance to be next): `deadwood` after the best discard, the share
    that can then `knock` (deadwood within the limit, not 0), or go `gin`."""

    __slots__ = ("deadwood", "knock", "gin")

    def __init__(self, deadwood, knock, gin):
        self.deadwood = deadwood
        self.knock = knock
        self.gin = gin


def stock_weights(deals):
    """{card index: weight} of the next card from the stock: each unseen card counts the deals
    in which the opponent does not hold it (it is in the stock then, as likely as any other)."""
    weights = {}
    for card in deals.unseen:
        weights[card.index] = 0.0
    for hand in deals.opponent_hands:
        for card in deals.unseen:
            weights[card.index] += 1.0
        for card in hand:
            if card.index in weights:
                weights[card.index] -= 1.0
    return weights


def draw_outlook(cards, deals, limit):
    """The Outlook of the 10 `cards` after one stock draw: every card of the stock, exactly,
    weighted over the deals (`stock_weights`)."""
    search = HandSearch(cards)
    base = search.free_points + search.best(search.meldable)
    drop = search.best_discard()[0]  # the least deadwood of the cards less one
    join = completers(cards)
    weights = stock_weights(deals)
    total = 0.0
    weight = 0.0
    knock = 0.0
    gin = 0.0
    for card in deals.unseen:
        q = weights[card.index]
        if q == 0.0:
            continue
        if (join >> card.index) & 1:
            dead = HandSearch(cards + [card]).best_discard()[0]
        else:
            dead = drop + card.value
        if dead > base:
            dead = base  # the card drawn is thrown back
        total += q * dead
        weight += q
        if dead == 0:
            gin += q
        elif dead <= limit:
            knock += q
    if weight == 0.0:
        return Outlook(float(base), 0.0, 0.0)
    return Outlook(total / weight, knock / weight, gin / weight)


def live_for_melds(cards, view):
    """How many cards still in play (not in our hand, the discard pile or the opponent's known
    pickups) would make a meld with two or more of `cards`."""
    join = completers(cards)
    count = 0
    for card in view.unseen:
        if (join >> card.index) & 1:
            count += 1
    return count
