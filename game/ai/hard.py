"""`hard`: tracks every public card, models the opponent's hand, and values each discard by the
hand's exact expected deadwood after the next draw plus the danger of feeding the opponent.

See docs/ai.md for the reasoning. Reads only the player's View; no standard-library import.
"""

from game.actions import (
    BIG_GIN,
    DISCARD,
    GIN,
    KNOCK,
    Action,
)
from game.ai.common import Knowledge, Player, can_knock, completers, discards, find, least_deadwood
from game.cards import DECK
from game.layoffs import layoff_groups
from game.melds import HandSearch, all_best_arrangements, deadwood_after_each_discard

# Tuned with the arena (see docs/ai.md).
KNOCK_BONUS = 6.0  # utility of reaching a knockable hand, in deadwood points
GIN_BONUS = 6.0  # extra utility of gin
LATE_KNOCK_BONUS = 2.0  # the same once Hard plays on for gin
LATE_GIN_BONUS = 20.0
DANGER_WEIGHT = 4.0  # cost of a discard the opponent surely wants, in deadwood points
TAKE_MARGIN = 1.0  # a pile card must beat the stock's expectation by this much
CANDIDATE_SLACK = 9  # discards leaving more than min + this much deadwood are not considered
MAX_CANDIDATES = 6  # at most this many discards are valued (the ones leaving least deadwood)
LATE_STOCK = 25  # with fewer cards than this in the stock ...
LATE_MAX = 0  # ... knock only with this much deadwood or less (0: play on for gin)
MATCH_POINT = 10  # when a knock win of this many points would end the match ...
CLOSE_MAX = 3  # ... knock with this much deadwood or less at any time


class Model:
    """Probabilities over the unseen cards: in the opponent's hand, next off the stock."""

    __slots__ = ("know", "opp", "draw", "unseen", "total_draw")

    def __init__(self, view):
        know = Knowledge(view)
        self.know = know
        unseen = know.unseen
        self.unseen = unseen
        weight = [1.0] * 52
        for card in know.opp_discarded:
            _scale_around(weight, card, 0.55, 0.65, 0.85)
        for card in know.opp_passed:
            _scale_around(weight, card, 0.7, 0.75, 0.9)
        for card in know.opp_known:
            _scale_around(weight, card, 1.8, 1.7, 1.3)
        opp = [0.0] * 52
        for card in know.opp_known:
            opp[card.index] = 1.0
        hidden = know.hidden
        total = 0.0
        for card in unseen:
            total += weight[card.index]
        if total > 0 and hidden > 0:
            scale = hidden / total
            for card in unseen:
                p = weight[card.index] * scale
                if p > 0.95:
                    p = 0.95
                opp[card.index] = p
        self.opp = opp
        draw = [0.0] * 52
        total_draw = 0.0
        for card in unseen:
            q = 1.0 - opp[card.index]
            draw[card.index] = q
            total_draw += q
        if total_draw > 0:
            for card in unseen:
                draw[card.index] = draw[card.index] / total_draw
        self.draw = draw
        self.total_draw = total_draw


def _scale_around(weight, card, same_rank, next_rank, gap_rank):
    rank = card.rank
    for suit in range(4):
        if suit != card.suit:
            weight[suit * 13 + rank - 1] *= same_rank
    base = card.suit * 13
    if rank > 1:
        weight[base + rank - 2] *= next_rank
    if rank < 13:
        weight[base + rank] *= next_rank
    if rank > 2:
        weight[base + rank - 3] *= gap_rank
    if rank < 12:
        weight[base + rank + 1] *= gap_rank


def danger(model, card):
    """Probability-like measure that the opponent can meld `card` with cards they hold."""
    opp = model.opp
    rank = card.rank
    others = []
    for suit in range(4):
        if suit != card.suit:
            others.append(opp[suit * 13 + rank - 1])
    miss = 1.0
    miss *= 1.0 - others[0] * others[1]
    miss *= 1.0 - others[0] * others[2]
    miss *= 1.0 - others[1] * others[2]
    base = card.suit * 13
    p = [0.0] * 5  # ranks rank-2 .. rank+2 in the suit
    for k in range(5):
        r = rank - 2 + k
        if 1 <= r <= 13:
            p[k] = opp[base + r - 1]
    miss *= 1.0 - p[0] * p[1]
    miss *= 1.0 - p[1] * p[3]
    miss *= 1.0 - p[3] * p[4]
    return 1.0 - miss


def utility_table(view):
    """Utility of each deadwood count (lower is better): before the late phase a knockable hand
    earns a bonus; later only gin does, since Hard then plays on for gin."""
    limit = view.knock_limit
    knock_bonus = KNOCK_BONUS
    gin_bonus = GIN_BONUS
    if view.stock_count < LATE_STOCK + 2:
        knock_bonus = LATE_KNOCK_BONUS
        gin_bonus = LATE_GIN_BONUS
    table = []
    for dead in range(120):
        value = float(dead)
        if dead <= limit:
            value -= knock_bonus
        if dead == 0:
            value -= gin_bonus
        table.append(value)
    return table


def expected_after_draw(cards, model, util):
    """Exact expected utility of the deadwood of a 10-card hand after one stock draw and the
    best discard, over the unseen cards weighted by their chance to be next off the stock."""
    search = HandSearch(cards)
    base = search.free_points + search.best(search.meldable)
    drop = search.best_discard()[0]  # least deadwood of the hand less one card
    join = completers(cards)
    draw = model.draw
    total = 0.0
    cap = util[base]
    for card in model.unseen:
        q = draw[card.index]
        if q == 0.0:
            continue
        if (join >> card.index) & 1:
            dead = HandSearch(cards + [card]).best_discard()[0]
            value = util[dead] if dead < base else cap
        else:
            dead = drop + card.value
            value = util[dead] if dead < base else cap
        total += q * value
    return total


def candidates(choices, least):
    """The discards worth valuing, of `choices` ((card, deadwood left), `common.discards`):
    within the slack of the least deadwood, the lowest first, at most MAX_CANDIDATES (this
    bounds the worst decision time)."""
    chosen = []
    for extra in range(CANDIDATE_SLACK + 1):
        for card, dead in choices:
            if dead == least + extra:
                chosen.append(card)
        if len(chosen) >= MAX_CANDIDATES:
            break
    return chosen[:MAX_CANDIDATES]


def pickup_values(view, top):
    """Hard's two values of a draw decision (lower is better): `take`, the utility of the hand
    with `top` after its best discard, and `stock`, the expected utility after a stock draw;
    `helps` is False when `top` does not lower the deadwood at all (Hard never takes it then);
    `after` and `now` are the deadwood with `top` after its best discard and without it.
    Hard takes the card when `helps` and take + TAKE_MARGIN < stock."""
    model = Model(view)
    util = utility_table(view)
    hand = view.hand
    cards = hand + [top]
    after = deadwood_after_each_discard(cards)
    best = 999
    for i in range(10):
        if after[i] < best:
            best = after[i]
    return {"helps": best < after[10], "after": best, "now": after[10], "take": util[best],
            "stock": expected_after_draw(hand, model, util)}


def discard_score(hand, card, model, util):
    """Hard's value of discarding `card` from the 11-card `hand` (lower is better): the exact
    expected utility of the 10 cards kept after the next draw, plus the danger of feeding the
    opponent."""
    rest = [c for c in hand if c is not card]
    return expected_after_draw(rest, model, util) + DANGER_WEIGHT * danger(model, card)


def should_knock(view, least):
    """Knock now with `least` deadwood, or play on (for gin, or to undercut an opponent who knocks)?"""
    if view.stock_count >= LATE_STOCK or least <= LATE_MAX:
        return True
    return knocks_for_the_match(view, least)


def knocks_for_the_match(view, least):
    """When a knock win of MATCH_POINT points would end the match, Hard knocks with CLOSE_MAX
    points of deadwood or less at any time."""
    need = view.rules.target - view.scores[view.player]
    return need <= MATCH_POINT and least <= CLOSE_MAX


class HardPlayer(Player):
    name = "hard"

    # --- drawing ------------------------------------------------------------------------------

    def wants(self, view, top):
        values = pickup_values(view, top)
        return values["helps"] and values["take"] + TAKE_MARGIN < values["stock"]

    # --- discarding ---------------------------------------------------------------------------

    def discard(self, view):
        actions = view.legal_actions
        big = find(actions, BIG_GIN)
        if big is not None:
            return big
        hand = view.hand
        choices = discards(view)
        least = least_deadwood(view)
        model = Model(view)
        if least == 0:
            return best_knock(model, hand, choices, least)
        if can_knock(view) and should_knock(view, least):
            return best_knock(model, hand, choices, least)
        util = utility_table(view)
        best_card = None
        best_score = 0.0
        for card in candidates(choices, least):
            score = discard_score(hand, card, model, util)
            if best_card is None or score < best_score:
                best_card = card
                best_score = score
        return Action(DISCARD, best_card)


def best_knock(model, hand, choices, least):
    """Hard's gin, or its knock: of the discards leaving the least deadwood and the best
    arrangements of the cards kept, the melds on which the opponent is expected to lay off the
    fewest cards."""
    best = None
    for card, dead in choices:
        if dead != least:
            continue
        rest = [c for c in hand if c is not card]
        if least == 0:
            return Action(GIN, card)
        for arrangement in all_best_arrangements(rest):
            exposure = layoff_exposure(arrangement.melds, model)
            if best is None or exposure < best[0]:
                best = (exposure, card, arrangement.melds)
    return Action(KNOCK, best[1], best[2])


def layoff_exposure(melds, model):
    """Expected number of cards the opponent could lay off on these melds."""
    opp = model.opp
    candidates = []
    for index in range(52):
        if opp[index] > 0.0:
            candidates.append(DECK[index])
    total = 0.0
    for _mask, _target, cards in layoff_groups(melds, candidates):
        if len(cards) == 1:
            total += opp[cards[0].index]
    return total
