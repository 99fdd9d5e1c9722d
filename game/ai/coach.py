"""The coach's hint: what Hard would play in a position, and why, in numbers worked out there.

`suggest(view)` returns Hard's move for the View's seat and the reason as data (a kind and its
facts: cards and numbers), never words: the page words each kind in the player's language
(`game.web.words.coachtext`). Every fact is computed in the position, and a kind is chosen by which
computed fact holds, never by a threshold of the rules of thumb: the deadwood figures are the
engine's (`view.discard_deadwood`, a meld search); the average after a stock draw and the
chances of a knock or gin after it are exact over the cards of the stock of each deal
(`estimate.draw_outlook`);
the chance that a knock is undercut, the average points of knocking now or after one more
turn, and the chance that the opponent could use a card come from dealing the unseen cards
many times (`estimate.Deals`, seeded from the position: the same position always gets the same
numbers). `game.ai.review` judges a hand's decisions with the same measures.

Everything here reads only the View of the player's seat, exactly as the computer players do
(`tests/web/test_boundaries.py` and `tests/ai/test_coach.py` check it), so a hint shows nothing
the player could not know. No standard-library import: it runs in the page under Brython.
"""

from game.actions import BIG_GIN, DRAW_DISCARD, GIN, KNOCK, TAKE_UPCARD, Action
from game.ai import estimate
from game.ai.common import can_knock, discards, least_deadwood, pile_top
from game.ai.hard import (
    LATE_STOCK,
    HardPlayer,
    Model,
    discard_score,
    knocks_for_the_match,
    pickup_values,
    utility_table,
)
from game.cards import parse_card
from game.melds import HandSearch, best_arrangement, is_run, is_set

_hard = HardPlayer(0)  # Hard draws no random number: its seed plays no part

BARELY = 1.0  # a pile card within this much of the stock's average deadwood "barely" differs
CLEARLY = 0.05  # a chance this much higher is said to be higher
EDGE = 0.5  # an average this much lower (points of deadwood) is said to be lower
SAFER = 0.25  # the opponent "could use" the other card at least this often, for Hard to keep it
UNDERCUT = 0.1  # playing on "because a knock could be undercut" at least this often ...
WAIT = 1.0  # ... or because waiting a turn is worth this many points more on average


# The reason kinds of each phase (`suggest` says what each means).
DRAW_KINDS = ("take_meld", "take_knock", "take_lower", "take", "useless", "stock_for_gin", "stock_better",
              "stock_knock", "barely", "stock")
REASONS_BY_PHASE = {
    "upcard": DRAW_KINDS,
    "draw": DRAW_KINDS + ("stock_only",),
    "discard": ("big_gin", "gin", "knock", "knock_match", "play_on_undercut", "play_on_wait", "play_on_gin",
                "play_on", "least", "less", "tie_live", "tie_draw", "tie_safer", "tie", "keep_safer",
                "keep_draw", "keep_live", "keep_knock", "keep"),
}


CARD_FACTS = ("card", "other", "pickup")  # the facts that are cards (the others are numbers, flags, words)


class Suggestion:
    """Hard's move (`action`, one the View lists or a knock with melds) and its reason: `kind`
    (see `suggest`) and `facts` (cards and numbers the sentence of that kind names). Plain
    JSON both ways (`to_dict`, `from_dict`: card codes), so a hint worked out in the computer's
    Web Worker crosses to the page (game.web.app.thinker)."""

    __slots__ = ("action", "kind", "facts")

    def __init__(self, action, kind, facts):
        self.action = action
        self.kind = kind
        self.facts = facts

    def to_dict(self):
        facts = {}
        for key in self.facts:
            value = self.facts[key]
            facts[key] = value.code if key in CARD_FACTS else value
        return {"action": self.action.to_dict(), "kind": self.kind, "facts": facts}

    @classmethod
    def from_dict(cls, data):
        facts = {}
        for key in data["facts"]:
            value = data["facts"][key]
            facts[key] = parse_card(value) if key in CARD_FACTS else value
        return cls(Action.from_dict(data["action"]), data["kind"], facts)

    def __repr__(self):
        return "Suggestion(" + repr(self.action) + ", " + self.kind + ", " + repr(self.facts) + ")"


def suggest(view):
    """Hard's move for this View, with its reason; None when the seat has no move to make.
    (`explain` gives the reason of a move already chosen.)

    Reason kinds, by phase. Drawing (facts: card, the pile's top; after, the deadwood with it
    after the best discard; now, without it; stock, the average deadwood after a stock draw;
    upcard, True during the upcard offer): "take_meld" (shape: "run", "set", "longer_run",
    "four": the meld the card makes or extends), "take_knock" (it brings the deadwood within
    the knock limit), "take_lower" (it lowers the deadwood more than a stock card does on
    average), "take" (it lowers the deadwood), "useless" (it does not), "stock_better" (a stock
    card leaves less on average), "stock_knock" (chance: a stock card lets you knock or go gin
    at once that often; the card does not), "barely" (the card lowers the deadwood about as
    much as a stock card on average), "stock" (none of these: the card lowers the deadwood,
    and Hard keeps its plans hidden), "stock_only".

    Discarding (facts: card, n = the deadwood it leaves): "big_gin", "gin"; with a knock
    allowed, Hard's choice weighed over deals of the unseen cards (undercut: the chance the
    opponent undercuts a knock now; points: a knock's average points; wait: how many points
    more, on average, playing one more turn then knocking is worth; gin_cards: the cards still
    in play that would give gin): "knock", "knock_match" (wins: the chance this knock wins the
    match; need); Hard plays on (it does once the stock is under `late` cards) and the reason
    is the first that holds: "play_on_undercut" (a knock now is undercut 1 time in 10 or more
    often), "play_on_wait" (waiting a turn is worth a point or more), "play_on_gin" (cards still
    in play give gin), "play_on" (none: `points`, what a knock now wins on average). Otherwise,
    other being the best other discard: "least" (the only least), "tie_live" / "tie_draw" /
    "tie_safer" / "tie" (other leaves as much; the cards kept after card are completed by more
    live cards: live; or your next draw leaves less on average; or the opponent could use other
    more often: chance; or none of these), "keep_safer" (other leaves less, but the opponent
    could use it: chance; pickup: the card they took next to it, if any), "keep_draw" (other
    leaves less now, but after your next draw the cards kept leave less on average),
    "keep_live" (more live cards complete the cards kept: live), "keep_knock" (a knock after
    the next draw is likelier: chance), "keep" (Hard's value of the next draws, danger
    included, prefers card).
    """
    if not view.legal_actions or view.turn != view.player or view.phase not in ("upcard", "draw", "discard"):
        return None
    return explain(view, hard_move(view))


def hard_move(view):
    """Hard's move in this View (deterministic: its seed plays no part)."""
    return _hard.choose(view)


def explain(view, action, versus=None, weighed=None):
    """The Suggestion of Hard's `action` in this View. `versus`: a card the player discarded
    instead, which the reason then compares with (a review names the player's own choice);
    `weighed`: the position's KnockFacts, when already worked out."""
    if view.phase == "upcard" or view.phase == "draw":
        return _draw_reason(view, action)
    return _discard_reason(view, action, versus, weighed)


# --- drawing ------------------------------------------------------------------------------------

def _draw_reason(view, action):
    top = pile_top(view)
    if top is None or len(view.legal_actions) < 2:  # after both passes: the stock only
        return Suggestion(action, "stock_only", {})
    values = pickup_values(view, top)
    after, now = values["after"], values["now"]
    outlook = estimate.draw_outlook(view.hand, estimate.Deals(view), view.knock_limit)
    facts = {"card": top, "after": after, "now": now, "upcard": view.phase == "upcard",
             "stock": outlook.deadwood}
    if action.kind == TAKE_UPCARD or action.kind == DRAW_DISCARD:
        shape = meld_shape(view.hand + [top], top)
        if shape is not None:
            facts["shape"] = shape
            return Suggestion(action, "take_meld", facts)
        if after <= view.knock_limit < now:
            return Suggestion(action, "take_knock", facts)
        return Suggestion(action, "take_lower" if after < outlook.deadwood else "take", facts)
    if not values["helps"]:
        return Suggestion(action, "useless", facts)
    if after <= view.knock_limit and view.stock_count < LATE_STOCK:  # Hard plays for gin
        facts["late"] = LATE_STOCK
        facts["chance"] = outlook.gin
        return Suggestion(action, "stock_for_gin", facts)
    if outlook.deadwood <= after - BARELY:
        return Suggestion(action, "stock_better", facts)
    if after > view.knock_limit and outlook.knock + outlook.gin >= CLEARLY:
        facts["chance"] = outlook.knock + outlook.gin
        return Suggestion(action, "stock_knock", facts)
    if outlook.deadwood < after + BARELY:
        return Suggestion(action, "barely", facts)
    return Suggestion(action, "stock", facts)


def meld_shape(cards, card):
    """What `card` does in a least-deadwood arrangement of all `cards` (a hand with it, before
    the discard) where it is in a meld: "run" or "set" (it makes one with cards that made
    none), "longer_run" or "four" (it extends a meld already there); None when no such
    arrangement puts it in a meld."""
    search = HandSearch(cards)
    pos = cards.index(card)
    if not (search.meldable >> pos) & 1:
        return None
    target = search.best(search.meldable)
    for low in range(len(cards)):
        for meld in search.by_low[low]:
            if (meld >> pos) & 1 and search.best(search.meldable ^ meld) == target:
                group = [cards[i] for i in range(len(cards)) if (meld >> i) & 1]
                rest = [c for c in group if c is not card]
                if is_set(group):
                    return "four" if is_set(rest) else "set"
                return "longer_run" if is_run(rest) else "run"
    return None


# --- discarding ---------------------------------------------------------------------------------

def _discard_reason(view, action, versus, weighed):
    if action.kind == BIG_GIN:
        return Suggestion(action, "big_gin", {})
    if action.kind == GIN:
        return Suggestion(action, "gin", {"card": action.card})
    if can_knock(view):
        return _knock_reason(view, action, weighed or KnockFacts(view, action))
    return _keep_reason(view, action, versus)


class KnockFacts:
    """Knocking now against playing one more turn, in a position where the View lists a knock
    (and no gin), weighed over the same deals of the unseen cards: the `card` a knock discards
    and the `melds` it declares (Hard's, when Hard's `action` is the knock; else a best
    arrangement of a discard leaving the least deadwood), that deadwood `least`, the Outcomes
    `now` and `wait` (game.ai.estimate), the `deals`, the points `need`ed to win the match."""

    __slots__ = ("card", "melds", "least", "now", "wait", "deals", "need")

    def __init__(self, view, action):
        self.least = least_deadwood(view)
        if action.kind == KNOCK and action.melds is not None:
            self.card, self.melds = action.card, action.melds
        else:
            self.card = action.card if view.discard_deadwood[action.card.index] == self.least else None
            for card, dead in discards(view):
                if self.card is None and dead == self.least:
                    self.card = card
            self.melds = best_arrangement([c for c in view.hand if c is not self.card]).melds
        self.deals = estimate.Deals(view)
        self.need = view.rules.target - view.scores[view.player]
        self.now = estimate.knock_now(view, self.melds, self.least, self.deals, self.need)
        self.wait = estimate.play_on(view, self.card, self.deals)


def _knock_reason(view, action, weighed):
    facts = {"card": action.card, "n": weighed.least, "undercut": weighed.now.undercut,
             "points": weighed.now.points, "wait": weighed.wait.points - weighed.now.points,
             "stock": view.stock_count}
    if action.kind == KNOCK:
        if view.stock_count < LATE_STOCK and knocks_for_the_match(view, weighed.least):
            facts["wins"] = weighed.now.wins
            facts["need"] = weighed.need
            return Suggestion(action, "knock_match", facts)
        return Suggestion(action, "knock", facts)
    kept = [c for c in view.hand if c is not weighed.card]
    facts["gin_cards"] = gin_cards(kept, view)
    facts["late"] = LATE_STOCK
    if weighed.now.undercut >= UNDERCUT:
        return Suggestion(action, "play_on_undercut", facts)
    if facts["wait"] >= WAIT:
        return Suggestion(action, "play_on_wait", facts)
    if facts["gin_cards"] > 0:
        return Suggestion(action, "play_on_gin", facts)
    return Suggestion(action, "play_on", facts)


def gin_cards(cards, view):
    """How many cards still in play would give gin to these 10 cards (with the best discard)."""
    kept = estimate.Kept(cards)
    count = 0
    for card in view.unseen:
        if (kept.join >> card.index) & 1 and kept.with_card(card)[1] == 0:
            count += 1
    return count


def _keep_reason(view, action, versus):
    """Why Hard discards `action.card`, with no knock allowed (compared with `versus`, the
    player's discard, when given)."""
    card = action.card
    left = view.discard_deadwood
    n = left[card.index]
    least = least_deadwood(view)
    hand = view.hand
    facts = {"card": card, "n": n}
    model = Model(view)
    if versus is not None and versus is not card and versus.index in left:
        other = versus
        if left[other.index] > n:  # the player's discard leaves more: that is the reason
            facts["other"] = other
            facts["k"] = left[other.index] - n
            return Suggestion(action, "less", facts)
    else:
        lows = [c for c, dead in discards(view) if dead == least and c is not card]
        if n == least and not lows:
            return Suggestion(action, "least", facts)
        other = best_of(lows, hand, model, utility_table(view))
    facts["other"] = other
    kept = [c for c in hand if c is not card]
    kept_other = [c for c in hand if c is not other]
    live, live_other = estimate.live_for_melds(kept, view), estimate.live_for_melds(kept_other, view)
    deals = estimate.Deals(view)
    outlook = estimate.draw_outlook(kept, deals, view.knock_limit)
    outlook_other = estimate.draw_outlook(kept_other, deals, view.knock_limit)
    use, use_other = estimate.could_use(card, deals), estimate.could_use(other, deals)
    facts["live"] = live
    facts["chance"] = use_other
    if n == left[other.index]:
        if live > live_other:
            return Suggestion(action, "tie_live", facts)
        if outlook.deadwood <= outlook_other.deadwood - EDGE:
            return Suggestion(action, "tie_draw", facts)
        if use_other >= use + CLEARLY:
            return Suggestion(action, "tie_safer", facts)
        return Suggestion(action, "tie", facts)
    facts["k"] = n - left[other.index]
    if use_other >= SAFER and use_other >= use + CLEARLY:
        pickup = pickup_near(view, other)
        if pickup is not None:
            facts["pickup"] = pickup
        return Suggestion(action, "keep_safer", facts)
    if outlook.deadwood <= outlook_other.deadwood - EDGE:
        return Suggestion(action, "keep_draw", facts)
    if live > live_other:
        return Suggestion(action, "keep_live", facts)
    chance = outlook.knock + outlook.gin
    if chance >= outlook_other.knock + outlook_other.gin + CLEARLY:
        facts["chance"] = chance
        return Suggestion(action, "keep_knock", facts)
    return Suggestion(action, "keep", facts)


def best_of(cards, hand, model, util):
    """Of these discards, the one Hard values most (the first of them on a tie)."""
    best = None
    best_score = 0.0
    for card in cards:
        score = discard_score(hand, card, model, util)
        if best is None or score < best_score:
            best = card
            best_score = score
    return best


def pickup_near(view, card):
    """A card the opponent took from the pile that melds with `card` (same rank, or same suit
    within two ranks), or None."""
    for known in view.opponent_known:
        if known.rank == card.rank or (known.suit == card.suit and -2 <= known.rank - card.rank <= 2):
            return known
    return None
