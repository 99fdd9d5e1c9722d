"""Layoffs: how a defender gets rid of deadwood on the knocker's melds after an ordinary knock.

A 3-card set takes its 4th card; a run takes cards at both ends, chained to any depth (after 8
and 9 go on 5-6-7, the 10 may follow). The defender's best settlement is found by the meld
search itself: each possible layoff onto one knocker meld is one more "group" that clears its
cards, so own melds and layoffs are chosen together (breaking an own meld when laying off its
cards leaves less deadwood), and a card that fits two places goes where it frees the most.
Two layoff groups on the same run are always disjoint ends whose union is a group too, so the
search needs no extra bookkeeping per knocker meld.
"""

from game.cards import DECK
from game.errors import IllegalAction
from game.melds import _build, _search_for, is_run, is_set


def layoff_groups(knocker_melds, defender):
    """Every group of defender cards that can be laid off on one knocker meld.

    Returns (mask over defender positions, meld index, cards in the order they are laid off).
    """
    position = {}
    for i in range(len(defender)):
        position[defender[i]] = i
    groups = []
    for target in range(len(knocker_melds)):
        meld = knocker_melds[target]
        if is_set(meld):
            if len(meld) == 3:
                suits = [card.suit for card in meld]
                for suit in range(4):
                    card = DECK[suit * 13 + meld[0].rank - 1]
                    if suit not in suits and card in position:
                        groups.append((1 << position[card], target, [card]))
            continue
        suit = meld[0].suit
        ranks = [card.rank for card in meld]
        below = _chain(position, suit, min(ranks) - 1, -1)
        above = _chain(position, suit, max(ranks) + 1, 1)
        for down in range(len(below) + 1):
            for up in range(len(above) + 1):
                if down == 0 and up == 0:
                    continue
                cards = below[:down] + above[:up]
                mask = 0
                for card in cards:
                    mask |= 1 << position[card]
                groups.append((mask, target, cards))
    return groups


def _chain(position, suit, rank, step):
    # The defender's cards that continue a run outward, nearest first.
    cards = []
    while 1 <= rank <= 13:
        card = DECK[suit * 13 + rank - 1]
        if card not in position:
            break
        cards.append(card)
        rank += step
    return cards


class Defence:
    """The defender's side of a knock: own melds, layoffs as (card, knocker meld index), deadwood."""

    __slots__ = ("melds", "layoffs", "deadwood", "deadwood_points")

    def __init__(self, melds, layoffs, deadwood):
        self.melds = melds
        self.layoffs = layoffs
        self.deadwood = deadwood
        self.deadwood_points = 0
        for card in deadwood:
            self.deadwood_points += card.value


def _check_melds(knocker_melds, defender):
    seen = set()
    for meld in knocker_melds:
        if not (is_set(meld) or is_run(meld)):
            raise ValueError("not a meld: " + " ".join(getattr(card, "code", repr(card)) for card in meld))
        for card in meld:
            if card in seen:
                raise ValueError("card " + card.code + " appears twice")
            seen.add(card)
    for card in defender:
        if card in seen:
            raise ValueError("card " + getattr(card, "code", repr(card)) + " appears twice")
        seen.add(card)


def defence_search(knocker_melds, defender):
    """The meld search of the defender's cards in which each possible layoff is one more group
    (and the layoff groups): its least deadwood is the defender's after the best settlement."""
    groups = layoff_groups(knocker_melds, defender)
    return _search_for(defender, [mask for mask, _, _ in groups]), groups


def defence_deadwood(knocker_melds, defender):
    """The defender's deadwood after the best own melds and layoffs: `best_defence(...)
    .deadwood_points`, without building the melds and layoffs (the coach's estimates settle
    a knock against many deals)."""
    search = defence_search(knocker_melds, defender)[0]
    return search.free_points + search.best(search.meldable)


def best_defence(knocker_melds, defender):
    """The defender's optimal settlement: the least deadwood after own melds and layoffs.
    Raises ValueError when a knocker's meld is not a set or a run, or a card appears twice."""
    _check_melds(knocker_melds, defender)
    search, groups = defence_search(knocker_melds, defender)
    meld_masks, dead = search.arrangements(search.meldable, True)[0]
    by_mask = {}
    for mask, target, cards in groups:
        if mask not in by_mask:
            by_mask[mask] = (target, cards)
    own = []
    layoffs = []
    for mask in meld_masks:
        cards = [search.cards[i] for i in range(len(search.cards)) if (mask >> i) & 1]
        if mask in by_mask and not (is_set(cards) or is_run(cards)):
            target, laid = by_mask[mask]
            for card in laid:
                layoffs.append((card, target))
        else:
            own.append(mask)
    arrangement = _build(search, own, dead, -1)
    return Defence(arrangement.melds, layoffs, arrangement.deadwood)


def check_defence(knocker_melds, defender, melds, layoffs):
    """A defender's explicit choice, validated: own melds, then layoffs applied in order.

    `layoffs` is a list of (card, knocker meld index); each card must extend that meld as it
    stands after the previous layoffs. Raises IllegalAction naming the first problem.
    """
    from game.melds import check_arrangement

    arrangement = check_arrangement(defender, melds)
    free = set(arrangement.deadwood)
    extended = [list(meld) for meld in knocker_melds]
    for card, target in layoffs:
        if card not in free:
            raise IllegalAction("the card " + card.code + " is not free in the defender's hand")
        if not 0 <= target < len(extended):
            raise IllegalAction("there is no knocker meld number " + str(target))
        grown = extended[target] + [card]
        if not (is_set(grown) or is_run(grown)):
            raise IllegalAction(card.code + " does not fit on " + " ".join(c.code for c in extended[target]))
        extended[target] = grown
        free.discard(card)
    return Defence(arrangement.melds, list(layoffs), sorted(free))
