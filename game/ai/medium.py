"""`medium`: weighs deadwood and partial melds, takes from the pile only when it helps, avoids
feeding the cards the opponent visibly collects, and knocks as soon as it can.

Each possible discard is scored by the deadwood it leaves, minus a credit for every live card
(one not visibly out of play) that would complete a meld with the cards kept: pairs, two-card
runs and gaps count through their live completing cards. A discard that matches a card the
opponent picked up (same rank, or same suit within two) costs a penalty.
"""

from game.actions import BIG_GIN, DISCARD, Action
from game.ai.common import (
    Knowledge,
    Player,
    completers,
    discards,
    ending,
    find,
    least_deadwood,
    melded_in_best,
)
from game.melds import deadwood_after_each_discard

OUT_CREDIT = 0.6  # deadwood points credited per live completing card
FEED_PENALTY = 2  # points charged for discarding next to an opponent's pickup
SLACK = 6
LATE_STOCK = 24  # with fewer cards than this in the stock ...
LATE_MAX = 2  # ... knock only with this much deadwood or less


class MediumPlayer(Player):
    name = "medium"

    def wants(self, view, card):
        cards = view.hand + [card]
        if melded_in_best(cards, card):
            return True
        # Also take it when it lets us knock at once (the taken card may not be thrown).
        after = deadwood_after_each_discard(cards)
        least = 999
        for i in range(10):
            if after[i] < least:
                least = after[i]
        return least <= view.knock_limit and least < after[10]

    def discard(self, view):
        actions = view.legal_actions
        big = find(actions, BIG_GIN)
        if big is not None:
            return big
        choices = discards(view)
        least = least_deadwood(view)
        if least == 0 or view.stock_count >= LATE_STOCK or least <= LATE_MAX:
            for card, dead in choices:
                if dead == least and ending(view, card) is not None:
                    return ending(view, card)
        know = Knowledge(view)
        out = [False] * 52  # visibly out of play for us
        for card in view.discard_pile:
            out[card.index] = True
        for card in know.opp_known:
            out[card.index] = True
        best_card = None
        best_score = 0.0
        hand = view.hand
        for card, dead in choices:
            if dead > least + SLACK:
                continue
            rest = [c for c in hand if c is not card]
            join = completers(rest)
            live = 0
            for index in range(52):
                if (join >> index) & 1 and not out[index]:
                    live += 1
            score = dead - OUT_CREDIT * live
            for held in know.opp_known:
                if held.rank == card.rank or (held.suit == card.suit and -2 <= held.rank - card.rank <= 2):
                    score += FEED_PENALTY
                    break
            if best_card is None or score < best_score:
                best_card = card
                best_score = score
        return Action(DISCARD, best_card)
