"""The coach: what Hard would play in a position, why, and what the player's other choices cost.

`suggest(view)` returns Hard's move for the View's seat and the reason as data (a kind and its
facts: cards and numbers), never words: the page words each kind in the player's language
(`game.web.coachtext`). `review(decisions)` takes the player's decisions of a hand, as the
engine rebuilt them ([(View, Action)], `game.replay.decisions`), and keeps those where Hard's
evaluation chooses differently, with what the player's choice cost by that evaluation.

Everything here reads only the View of the player's seat, exactly as the computer players do
(`tests/web/test_boundaries.py` and `tests/ai/test_coach.py` check it), so a hint or a review
shows nothing the player could not know at that moment. Hard is deterministic, so its move is
a function of the View; the numbers come from the same functions Hard decides with
(`game.ai.hard`). No standard-library import: it runs in the page under Brython.
"""

from game.actions import BIG_GIN, DRAW_DISCARD, GIN, KNOCK, TAKE_UPCARD
from game.ai.common import can_knock, least_deadwood, melded_in_best, pile_top
from game.ai.hard import (
    LATE_STOCK,
    TAKE_MARGIN,
    HardPlayer,
    Model,
    discard_score,
    expected_after_draw,
    pickup_values,
    utility_table,
)

# A choice is listed in a review only when Hard's evaluation rates it worse by more than this
# (in points of expected deadwood): closer than that, the two choices are as good as equal.
NOTICEABLE = 0.05
PLAIN = [float(n) for n in range(120)]  # utility = deadwood: what the reasons quote as "expected"

_hard = HardPlayer(0)  # Hard draws no random number: its seed plays no part


class Suggestion:
    """Hard's move (`action`, one the View lists or a knock with melds) and its reason: `kind`
    (see `suggest`) and `facts` (cards and numbers the sentence of that kind names)."""

    __slots__ = ("action", "kind", "facts")

    def __init__(self, action, kind, facts):
        self.action = action
        self.kind = kind
        self.facts = facts

    def __repr__(self):
        return "Suggestion(" + repr(self.action) + ", " + self.kind + ", " + repr(self.facts) + ")"


def suggest(view):
    """Hard's move for this View, with its reason; None when the seat has no move to make.

    Reason kinds, by phase. The upcard offer and the draw (`facts`: card, and after / now: the
    deadwood after the best discard with the card and the deadwood without it):
    "take_meld" (the card completes a meld), "take_lower" (it lowers the deadwood more than the
    stock is likely to), "useless" (it does not lower the deadwood), "stock_better" (the stock
    is expected to leave less: `expected`, one decimal), "stock_chances" (the stock gives better
    chances of a knock or gin). The discard (`facts`: card, n = the deadwood it leaves):
    "big_gin", "gin", "knock_early" (stock), "knock_match" (need: points to the target),
    "play_on" (could knock with n; stock), "least" (other: the next best discard, k: how much
    more it leaves), "least_only", "tie_chances" / "tie_safer" (other leaves as much), "chances"
    (other leaves k less, but the cards kept make melds more easily), "safer" / "safer_pickup"
    (other leaves k less, but the opponent could use it; pickup: the card they took that shows it).
    """
    if not view.legal_actions or view.turn != view.player:
        return None
    phase = view.phase
    if phase == "upcard" or phase == "draw":
        return _draw_reason(view, _hard.choose(view))
    if phase == "discard":
        return _discard_reason(view, _hard.choose(view))
    return None


def _draw_reason(view, action):
    top = pile_top(view)
    if top is None or len(view.legal_actions) < 2:  # after both passes: the stock only
        return Suggestion(action, "stock_only", {})
    values = pickup_values(view, top)
    facts = {"card": top, "after": values["after"], "now": values["now"], "upcard": view.phase == "upcard"}
    if action.kind == TAKE_UPCARD or action.kind == DRAW_DISCARD:
        kind = "take_meld" if melded_in_best(view.hand + [top], top) else "take_lower"
        return Suggestion(action, kind, facts)
    if not values["helps"]:
        return Suggestion(action, "useless", facts)
    expected = expected_after_draw(view.hand, Model(view), PLAIN)
    if expected <= values["after"]:
        facts["expected"] = _one_decimal(expected)
        return Suggestion(action, "stock_better", facts)
    return Suggestion(action, "stock_chances", facts)


def _discard_reason(view, action):
    kind = action.kind
    if kind == BIG_GIN:
        return Suggestion(action, "big_gin", {})
    hand = view.hand
    left = view.discard_deadwood
    card = action.card
    n = left[card.index]
    if kind == GIN:
        return Suggestion(action, "gin", {"card": card})
    if kind == KNOCK:
        if view.stock_count >= LATE_STOCK:
            return Suggestion(action, "knock_early", {"card": card, "n": n, "stock": view.stock_count})
        need = view.rules.target - view.scores[view.player]
        return Suggestion(action, "knock_match", {"card": card, "n": n, "need": need})
    least = least_deadwood(view)
    if can_knock(view):
        return Suggestion(action, "play_on", {"card": card, "n": least, "stock": view.stock_count})
    model = Model(view)
    util = utility_table(view)
    others = [c for c in hand if c is not card and c is not view.taken]
    if n == least:
        twins = [c for c in others if left[c.index] == n]
        if twins:
            other = _best_of(twins, hand, model, util)
            rest = [c for c in hand if c is not card]
            rest_other = [c for c in hand if c is not other]
            if expected_after_draw(rest, model, util) <= expected_after_draw(rest_other, model, util):
                return Suggestion(action, "tie_chances", {"card": card, "n": n, "other": other})
            return Suggestion(action, "tie_safer", {"card": card, "n": n, "other": other})
        if not others:
            return Suggestion(action, "least_only", {"card": card, "n": n})
        nearest = _lowest(others, left)
        return Suggestion(action, "least", {"card": card, "n": n, "other": nearest,
                                            "k": left[nearest.index] - n})
    # Hard keeps a card that would leave less deadwood: for its chances or to starve the opponent.
    lows = [c for c in others if left[c.index] == least]
    other = _best_of(lows, hand, model, util)
    facts = {"card": card, "n": n, "other": other, "k": n - least}
    kept = [c for c in hand if c is not card]
    kept_other = [c for c in hand if c is not other]
    if expected_after_draw(kept, model, util) > expected_after_draw(kept_other, model, util):
        # On the cards kept alone the other discard is better: the danger decided.
        pickup = _pickup_near(view, other)
        if pickup is not None:
            facts["pickup"] = pickup
            return Suggestion(action, "safer_pickup", facts)
        return Suggestion(action, "safer", facts)
    return Suggestion(action, "chances", facts)


def _lowest(cards, left):
    """The card leaving the least deadwood (the lowest rank, then suit, on a tie)."""
    best = None
    for card in cards:
        if best is None or left[card.index] < left[best.index] or (
                left[card.index] == left[best.index] and (card.rank, card.suit) < (best.rank, best.suit)):
            best = card
    return best


def _best_of(cards, hand, model, util):
    """Of these discards, the one Hard values most."""
    best = None
    best_score = 0.0
    for card in cards:
        score = discard_score(hand, card, model, util)
        if best is None or score < best_score:
            best = card
            best_score = score
    return best


def _pickup_near(view, card):
    """A card the opponent took from the pile that melds with `card` (same rank, or same suit
    within two ranks), or None."""
    for known in view.opponent_known:
        if known.rank == card.rank or (known.suit == card.suit and -2 <= known.rank - card.rank <= 2):
            return known
    return None


def _one_decimal(x):
    return int(x * 10 + 0.5) / 10.0


# --- the review of a hand ---------------------------------------------------------------------

class Decision:
    """One of the player's decisions that Hard's evaluation would have made differently.

    number: its place among all the player's decisions of the hand (1 first); view: the
    position as the player saw it; played: the player's action; suggestion: Hard's; what: the
    kind of decision ("upcard", "pickup", "discard", "knock"); cost: what the choice cost by
    Hard's evaluation, `unit` saying in what: "deadwood" (expected deadwood points, one
    decimal), "points" (score points given away or missed: the knock's extra deadwood, the gin
    bonus), "undercut" (`cost` is the undercut bonus risked) or "tempo" (no number: the turns
    given to the opponent)."""

    __slots__ = ("number", "view", "played", "suggestion", "what", "cost", "unit")

    def __init__(self, number, view, played, suggestion, what, cost, unit):
        self.number = number
        self.view = view
        self.played = played
        self.suggestion = suggestion
        self.what = what
        self.cost = cost
        self.unit = unit

    def __repr__(self):
        return ("Decision(" + str(self.number) + ", " + repr(self.played) + " -> " + repr(self.suggestion.action)
                + ", " + self.what + ", " + repr(self.cost) + " " + self.unit + ")")


def review(decisions):
    """The player's decisions, [(View, Action)] in order, where Hard chooses differently:
    [Decision], each with its cost."""
    found = []
    number = 0
    for view, played in decisions:
        number += 1
        hint = suggest(view)
        if hint is None or _same(played, hint.action):
            continue
        decision = _judge(number, view, played, hint)
        if decision is not None:
            found.append(decision)
    return found


def _same(played, chosen):
    """The same move (a knock's declared melds aside: any valid declaration scores alike or
    nearly)."""
    return played.kind == chosen.kind and played.card is chosen.card


def _judge(number, view, played, hint):
    chosen = hint.action
    if view.phase == "upcard" or view.phase == "draw":
        values = pickup_values(view, pile_top(view))
        take = values["take"] + TAKE_MARGIN
        stock = values["stock"]
        cost = take - stock if played.kind in (TAKE_UPCARD, DRAW_DISCARD) else stock - take
        what = "upcard" if view.phase == "upcard" else "pickup"
        return _if_noticeable(Decision(number, view, played, hint, what, _one_decimal(cost), "deadwood"), cost)
    rules = view.rules
    if chosen.kind in (GIN, BIG_GIN):
        bonus = rules.gin_bonus if chosen.kind == GIN else rules.big_gin_bonus
        return Decision(number, view, played, hint, "knock", bonus, "points")
    left = view.discard_deadwood
    if chosen.kind == KNOCK:
        if played.kind == KNOCK:  # the same ending with another discard: its extra deadwood
            extra = left[played.card.index] - left[chosen.card.index]
            return Decision(number, view, played, hint, "knock", extra, "points") if extra > 0 else None
        return Decision(number, view, played, hint, "knock", None, "tempo")
    if played.kind == KNOCK:  # Hard plays on: an undercut is likely this late
        return Decision(number, view, played, hint, "knock", rules.undercut_bonus, "undercut")
    model = Model(view)
    util = utility_table(view)
    cost = discard_score(view.hand, played.card, model, util) - discard_score(view.hand, chosen.card, model, util)
    return _if_noticeable(Decision(number, view, played, hint, "discard", _one_decimal(cost), "deadwood"), cost)


def _if_noticeable(decision, cost):
    return decision if cost > NOTICEABLE else None
