"""The review of a hand: the player's decisions that a measured alternative beats clearly.

`review(decisions)` takes the player's decisions of a hand as the engine rebuilt them
([(View, Action)], `game.replay.decisions`: every View is exactly the one the player had, and
none holds the opponent's cards). Where Hard's move (`game.ai.coach.suggest`) differs from the
player's, both are measured in the position, in plain numbers a player can check, and the
decision is listed only when Hard's alternative is better by a clear margin:

- where to draw: the deadwood after this turn, the pile card's exact, a stock card's average
  over the stock of the position's deals (`estimate.draw_outlook`): listed from `CLEAR_DEADWOOD` points;
- a discard: the average deadwood after the next draw of the cards kept (`draw_outlook`), and
  how often the opponent could use the card thrown (`estimate.could_use` over the position's
  deals): listed from `CLEAR_DEADWOOD` points or `CLEAR_CHANCE` more often;
- knocking or playing on: the average points of a knock now and of one more turn then a knock,
  over the same deals (`coach.KnockFacts`): listed from `CLEAR_POINTS`; a knock with another
  discard: its extra deadwood, each point off the score; a missed gin: always (its bonus).

No standard-library import: it runs in the page under Brython.
"""

from game.actions import BIG_GIN, DISCARD, DRAW_DISCARD, GIN, KNOCK, TAKE_UPCARD
from game.ai import estimate
from game.ai.coach import KnockFacts, explain, hard_move
from game.ai.common import pile_top
from game.ai.hard import pickup_values

CLEAR_DEADWOOD = 2.0  # points of deadwood, on average
CLEAR_CHANCE = 0.25  # the opponent could use the card thrown this much more often
CLEAR_POINTS = 3.0  # points of score, on average


class Decision:
    """One of the player's decisions that a measured alternative beats clearly.

    number: its place among all the player's decisions of the hand (1 first); view: the
    position as the player saw it; played: the player's action; suggestion: Hard's (a coach
    Suggestion, its reason included); what: the kind of decision ("upcard", "pickup",
    "discard", "knock"); cost and unit: by how much the alternative is better, in "deadwood"
    (points of deadwood, on average, one decimal), "chance" (how often the opponent could use
    the card thrown: `CLEAR_CHANCE` more often than Hard's), "points" (points of score on average, one decimal: knocking at
    once or a turn later), "extra" (the extra deadwood of the player's knock, each point off
    the score), "gin" (the gin or big gin bonus missed)."""

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
    """The player's decisions, [(View, Action)] in order, that Hard's move beats clearly:
    [Decision], each with what it cost and Hard's reason (compared with the player's discard)."""
    found = []
    number = 0
    for view, played in decisions:
        number += 1
        chosen = hard_move(view)
        if chosen is None or same(played, chosen):
            continue
        decision = judge(number, view, played, chosen)
        if decision is not None:
            found.append(decision)
    return found


def same(played, chosen):
    """The same move (a knock's declared melds aside: any valid declaration scores alike or
    nearly)."""
    return played.kind == chosen.kind and played.card is chosen.card


def judge(number, view, played, chosen):
    """The Decision of a move that differs from Hard's `chosen`, or None when Hard's is not
    clearly better."""
    if view.phase == "upcard" or view.phase == "draw":
        return _judge_draw(number, view, played, chosen)
    if chosen.kind == GIN or chosen.kind == BIG_GIN:
        bonus = view.rules.gin_bonus if chosen.kind == GIN else view.rules.big_gin_bonus
        return Decision(number, view, played, explain(view, chosen), "knock", bonus, "gin")
    left = view.discard_deadwood
    if chosen.kind == KNOCK and played.kind == KNOCK:  # the same ending with another discard
        extra = left[played.card.index] - left[chosen.card.index]
        if extra <= 0:
            return None
        return Decision(number, view, played, explain(view, chosen), "knock", extra, "extra")
    if chosen.kind == KNOCK or played.kind == KNOCK:
        weighed = KnockFacts(view, chosen)
        gain = weighed.now.points - weighed.wait.points
        if played.kind == KNOCK:
            gain = -gain
        if gain < CLEAR_POINTS:
            return None
        return Decision(number, view, played, explain(view, chosen, weighed=weighed), "knock", _tenth(gain),
                        "points")
    return _judge_discard(number, view, played, chosen)


def _judge_draw(number, view, played, chosen):
    top = pile_top(view)
    after = pickup_values(view, top)["after"]
    stock = estimate.draw_outlook(view.hand, estimate.Deals(view), view.knock_limit).deadwood
    took = played.kind == TAKE_UPCARD or played.kind == DRAW_DISCARD
    cost = after - stock if took else stock - after
    if cost < CLEAR_DEADWOOD:
        return None
    what = "upcard" if view.phase == "upcard" else "pickup"
    return Decision(number, view, played, explain(view, chosen), what, _tenth(cost), "deadwood")


def _judge_discard(number, view, played, chosen):
    if played.kind != DISCARD or chosen.kind != DISCARD:
        return None
    deals = estimate.Deals(view)
    mine = [c for c in view.hand if c is not played.card]
    hard = [c for c in view.hand if c is not chosen.card]
    cost = (estimate.draw_outlook(mine, deals, view.knock_limit).deadwood
            - estimate.draw_outlook(hard, deals, view.knock_limit).deadwood)
    if cost >= CLEAR_DEADWOOD:
        return Decision(number, view, played, explain(view, chosen, played.card), "discard", _tenth(cost),
                        "deadwood")
    use = estimate.could_use(played.card, deals)
    if use - estimate.could_use(chosen.card, deals) >= CLEAR_CHANCE:
        return Decision(number, view, played, explain(view, chosen, played.card), "discard", use, "chance")
    return None


def _tenth(x):
    return int(x * 10 + 0.5) / 10.0
