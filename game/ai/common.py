"""Helpers shared by the computer players: what the View says, public knowledge, randomness.

Everything here reads only a player's `View` (never the match), imports nothing from the
standard library (it runs in the page under Brython) and is written with plain loops: no
closures, no lambda sorts, no `dict.get`, no exceptions on the hot paths.

The View already holds what the engine worked out for the position: the deadwood each legal
discard leaves (`view.discard_deadwood`) and the knock or gin each discard allows
(`view.legal_actions`). The players read them through `discards`, `least_deadwood`, `ending`
and `can_knock`, and search hands only for what the View cannot hold: a hand with a card it
might take, the hands after a draw, the opponent's.
"""

from game.actions import (
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    NEXT_HAND,
    PASS,
    TAKE_UPCARD,
    Action,
)
from game.melds import HandSearch
from game.rng import Rng

MASK32 = 0xFFFFFFFF


def view_rng(seed, view, salt):
    """A PRNG fixed by the player's seed and public data of the view only.

    The stream mixes the hand number, the length of the public history, the seat and a salt;
    never the match seed, which would let a player rebuild the deck.
    """
    stream = (view.hand_number * 1000003 + len(view.history) * 7919 + view.player * 104729 + salt) & MASK32
    return Rng(seed, stream)


class Player:
    """A computer player. Every level shares this decision skeleton and differs in `wants`
    (take the upcard or the top of the discard pile?) and `discard` (discard, knock, gin or big
    gin); between hands the next one is dealt."""

    name = ""

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view):
        actions = view.legal_actions
        if not actions:
            return None
        phase = view.phase
        if phase == "upcard":
            return Action(TAKE_UPCARD) if self.wants(view, view.upcard) else Action(PASS)
        if phase == "draw":
            if find(actions, DRAW_DISCARD) is not None and self.wants(view, pile_top(view)):
                return Action(DRAW_DISCARD)
            return Action(DRAW_STOCK)
        if phase == "discard":
            return self.discard(view)
        return find(actions, NEXT_HAND) or actions[0]


def find(actions, kind):
    """The first action of this kind, or None."""
    for action in actions:
        if action.kind == kind:
            return action
    return None


def pile_top(view):
    if view.discard_pile:
        return view.discard_pile[-1]
    return None


def melded_in_best(cards, card):
    """True when `card` lies in a meld of some minimum-deadwood arrangement of all the cards."""
    s = HandSearch(cards)
    pos = -1
    for i in range(len(cards)):
        if cards[i] is card:
            pos = i
    if pos < 0 or not (s.meldable >> pos) & 1:
        return False
    target = s.best(s.meldable)
    bit = 1 << pos
    # A meld holding the card, with the rest arranged optimally, reaches the minimum.
    for low in range(len(cards)):
        for meld in s.by_low[low]:
            if meld & bit:
                if s.best(s.meldable ^ meld) == target:
                    return True
    return False


def completers(cards):
    """52-bit mask of the cards that would join a meld with two or more of `cards`."""
    grid = [0, 0, 0, 0]
    count = [0] * 14
    for card in cards:
        grid[card.suit] |= 1 << card.rank
        count[card.rank] += 1
    mask = 0
    for rank in range(1, 14):
        if count[rank] >= 2:
            for suit in range(4):
                if not (grid[suit] >> rank) & 1:
                    mask |= 1 << (suit * 13 + rank - 1)
    for suit in range(4):
        line = grid[suit]
        for rank in range(1, 14):
            if (line >> rank) & 1:
                continue
            # rank-2,rank-1 / rank-1,rank+1 / rank+1,rank+2 held
            lo2 = rank >= 3 and (line >> (rank - 2)) & 1 and (line >> (rank - 1)) & 1
            mid = rank >= 2 and rank <= 12 and (line >> (rank - 1)) & 1 and (line >> (rank + 1)) & 1
            hi2 = rank <= 11 and (line >> (rank + 1)) & 1 and (line >> (rank + 2)) & 1
            if lo2 or mid or hi2:
                mask |= 1 << (suit * 13 + rank - 1)
    return mask


def discards(view):
    """(card, the deadwood discarding it leaves) for each card that may be discarded now, in the
    hand's order ([] unless this player must discard): the View's own figures."""
    left = view.discard_deadwood
    out = []
    for card in view.hand:
        if card.index in left:
            out.append((card, left[card.index]))
    return out


def least_deadwood(view):
    """The least deadwood a legal discard leaves (None unless this player must discard)."""
    return view.best_discard_deadwood


def ending(view, card):
    """The gin or knock the View lists for discarding `card`, or None (over the limit, or no
    knock under these rules)."""
    for action in view.legal_actions:
        if action.card is card and (action.kind == KNOCK or action.kind == GIN):
            return action
    return None


def can_knock(view):
    """True when some discard allows a knock (not gin: that is `ending` with no deadwood)."""
    return find(view.legal_actions, KNOCK) is not None


class Knowledge:
    """What the public record of this hand says, from one player's seat.

    - `dead`: 52 flags, cards out of play for the opponent (in the discard pile below the top,
      or in our hand);
    - `opp_known`: cards the opponent took from the pile and still holds;
    - `opp_discarded`, `opp_passed`: cards the opponent let go, or refused on the pile;
    - `unseen`: cards we cannot locate; `hidden`: how many of them the opponent holds.
    """

    __slots__ = ("me", "opp", "opp_known", "opp_discarded", "opp_passed", "unseen", "hidden",
                 "stock", "in_pile", "mine", "my_discarded")

    def __init__(self, view):
        me = view.player
        opp = 1 - me
        self.me = me
        self.opp = opp
        self.opp_known = list(view.opponent_known)
        self.unseen = list(view.unseen)
        self.stock = view.stock_count
        self.hidden = view.opponent_count - len(view.opponent_known)
        in_pile = [False] * 52
        for card in view.discard_pile:
            in_pile[card.index] = True
        self.in_pile = in_pile
        mine = [False] * 52
        for card in view.hand:
            mine[card.index] = True
        self.mine = mine
        # Replay the public history to learn what the opponent refused and let go.
        pile = []
        if view.upcard is not None:
            pile.append(view.upcard)
        discarded = []
        passed = []
        my_discarded = []
        for entry in view.history:
            who = entry[0]
            kind = entry[1]
            card = entry[2]
            if kind == PASS:
                if who == opp:
                    passed.append(card)
            elif kind == TAKE_UPCARD or kind == DRAW_DISCARD:
                if pile:
                    pile.pop()
            elif kind == DRAW_STOCK:
                if who == opp and pile:
                    passed.append(pile[-1])
            elif kind == DISCARD:
                pile.append(card)
                if who == opp:
                    discarded.append(card)
                else:
                    my_discarded.append(card)
        self.opp_discarded = discarded
        self.opp_passed = passed
        self.my_discarded = my_discarded
