"""Scoring: settle one hand (gin, big gin, knock, undercut) and total a finished match."""

from game.cards import cards_of, codes, parse_card, points
from game.errors import IllegalAction
from game.layoffs import best_defence, check_defence
from game.melds import arrange_all, best_arrangement, check_arrangement
from game.rules import Rules


class Breakdown:
    """How a hand's points are made: (base + bonus) x multiplier = points.

    `base` is the deadwood difference (knock, undercut) or the defender's deadwood (gin, big
    gin); `bonus` the undercut, gin or big gin bonus of the rules (0 for a plain knock).
    """

    __slots__ = ("base", "bonus", "multiplier", "points")

    def __init__(self, base, bonus, multiplier):
        self.base = base
        self.bonus = bonus
        self.multiplier = multiplier
        self.points = (base + bonus) * multiplier

    def __eq__(self, other):
        return isinstance(other, Breakdown) and self.to_dict() == other.to_dict()

    def __repr__(self):
        return "Breakdown(" + str(self.base) + " + " + str(self.bonus) + ") x " + str(self.multiplier)

    def to_dict(self):
        return {"base": self.base, "bonus": self.bonus, "multiplier": self.multiplier, "points": self.points}


def breakdown(kind, knocker_deadwood, defender_deadwood, rules, multiplier=1):
    """The one place a hand's points are worked out, from the facts of its result."""
    if kind == "knock":
        return Breakdown(defender_deadwood - knocker_deadwood, 0, multiplier)
    if kind == "undercut":
        return Breakdown(knocker_deadwood - defender_deadwood, rules.undercut_bonus, multiplier)
    if kind == "gin":
        return Breakdown(defender_deadwood, rules.gin_bonus, multiplier)
    if kind == "big_gin":
        return Breakdown(defender_deadwood, rules.big_gin_bonus, multiplier)
    raise ValueError("no points for a hand ended by " + repr(kind))


class Settlement:
    """How a hand ended: the facts (kind, winner "knocker"/"defender", melds, deadwood, layoffs
    as (card, knocker meld index)) and their `breakdown` under the rules (points = its points)."""

    __slots__ = (
        "kind", "winner", "knock_limit", "breakdown",
        "knocker_melds", "knocker_deadwood_cards", "knocker_deadwood",
        "defender_melds", "defender_deadwood_cards", "defender_deadwood",
        "layoff_targets",
    )

    def __init__(self, **fields):
        for key in self.__slots__:
            setattr(self, key, fields[key])

    @property
    def points(self):
        return self.breakdown.points

    @property
    def multiplier(self):
        return self.breakdown.multiplier

    @property
    def layoffs(self):
        """The cards laid off, in the order they were laid off."""
        return [card for card, _ in self.layoff_targets]

    def __repr__(self):
        return "Settlement(" + self.kind + ", " + self.winner + ", " + str(self.points) + ")"

    def to_dict(self):
        """Plain JSON: card codes, melds as lists of codes, layoffs as [code, meld index]."""
        return {
            "kind": self.kind, "winner": self.winner, "knock_limit": self.knock_limit,
            "breakdown": self.breakdown.to_dict(),
            "knocker_melds": [codes(meld) for meld in self.knocker_melds],
            "knocker_deadwood_cards": codes(self.knocker_deadwood_cards),
            "defender_melds": [codes(meld) for meld in self.defender_melds],
            "defender_deadwood_cards": codes(self.defender_deadwood_cards),
            "layoffs": [[card.code, target] for card, target in self.layoff_targets],
        }

    @classmethod
    def from_dict(cls, data):
        """The settlement written by to_dict; raises ValueError (or KeyError, TypeError) on
        anything malformed. Deadwood points are recounted from the cards."""
        parts = data["breakdown"]
        if data["kind"] not in ("knock", "undercut", "gin", "big_gin") or data["winner"] not in ("knocker", "defender"):
            raise ValueError("not a hand result: " + repr(data.get("kind")))
        knocker_dead = cards_of(data["knocker_deadwood_cards"])
        defender_dead = cards_of(data["defender_deadwood_cards"])
        return cls(
            kind=data["kind"], winner=data["winner"], knock_limit=_int(data["knock_limit"]),
            breakdown=Breakdown(_int(parts["base"]), _int(parts["bonus"]), _int(parts["multiplier"])),
            knocker_melds=[cards_of(meld) for meld in data["knocker_melds"]],
            knocker_deadwood_cards=knocker_dead, knocker_deadwood=points(knocker_dead),
            defender_melds=[cards_of(meld) for meld in data["defender_melds"]],
            defender_deadwood_cards=defender_dead, defender_deadwood=points(defender_dead),
            layoff_targets=[(parse_card(code), _int(target)) for code, target in data["layoffs"]],
        )


def _int(value):
    if type(value) is not int:
        raise ValueError("expected an integer, got " + repr(value))
    return value


def settle(knocker, defender, rules=None, knocker_melds=None, upcard=None,
           defender_melds=None, defender_layoffs=None):
    """Settle a hand: the knocker's final cards (10; 11 for big gin) against the defender's 10.

    `knocker_melds` is the knocker's declared arrangement (default: a best one); the knock must
    meet the limit with exactly those melds. `upcard` is the hand's first upcard (Oklahoma).
    `defender_melds` / `defender_layoffs` give an explicit defender choice, validated; by
    default the defender gets the optimal settlement. Raises IllegalAction for an illegal knock.
    """
    rules = rules or Rules.preset("classic")
    knocker = list(knocker)
    defender = list(defender)
    limit = rules.knock_limit if upcard is None else rules.knock_limit_for(upcard)
    multiplier = 1 if upcard is None else rules.multiplier_for(upcard)
    if len(defender) != 10:
        raise ValueError("the defender must hold 10 cards, got " + str(len(defender)))
    both = set(knocker) & set(defender)
    if both:
        raise ValueError("cards in both hands: " + " ".join(sorted(card.code for card in both)))
    if len(knocker) == 11:
        if rules.big_gin_bonus is None:
            raise IllegalAction("big gin is not played under these rules: discard a card first", "no_big_gin")
        arrangement = check_declaration(knocker, knocker_melds, "big_gin", limit)
        return _gin("big_gin", rules, arrangement, defender, limit, multiplier)
    if len(knocker) != 10:
        raise ValueError("the knocker must hold 10 cards after discarding, got " + str(len(knocker)))
    arrangement = check_declaration(knocker, knocker_melds, "knock", limit)
    dead = arrangement.deadwood_points
    if dead == 0:
        return _gin("gin", rules, arrangement, defender, limit, multiplier)
    if defender_melds is None and defender_layoffs is None:
        defence = best_defence(arrangement.melds, defender)
    else:
        defence = check_defence(arrangement.melds, defender, defender_melds or [], defender_layoffs or [])
    held = defence.deadwood_points
    if held < dead or (held == dead and rules.undercut_on_tie):
        kind, winner = "undercut", "defender"
    else:
        kind, winner = "knock", "knocker"
    return Settlement(
        kind=kind, winner=winner, knock_limit=limit, breakdown=breakdown(kind, dead, held, rules, multiplier),
        knocker_melds=arrangement.melds, knocker_deadwood_cards=arrangement.deadwood, knocker_deadwood=dead,
        defender_melds=defence.melds, defender_deadwood_cards=defence.deadwood, defender_deadwood=held,
        layoff_targets=defence.layoffs,
    )


def check_declaration(cards, melds, kind, limit):
    """The declared melds of a player ending the hand, checked; returns their Arrangement.

    `cards`: the 10 cards kept after the discard (all 11 for big gin); `melds`: the declared
    groups, or None for a best arrangement; `kind`: "knock", "gin" or "big_gin". Raises
    IllegalAction with a reason: not_in_hand, card_twice, not_a_meld, not_gin, gin_only or
    over_limit (details: deadwood, limit).
    """
    arrangement = arrange_all(cards) if melds is None else check_arrangement(cards, melds)
    dead = arrangement.deadwood_points
    if kind == "big_gin" and dead:
        raise IllegalAction("big gin needs all 11 cards in melds", "not_gin", deadwood=dead)
    if kind == "gin" and dead:
        raise IllegalAction("gin needs every card but the discard in melds", "not_gin", deadwood=dead)
    if dead > limit:
        if limit == 0:
            raise IllegalAction("only gin ends a hand under these rules; the declared melds leave "
                                + str(dead) + " points of deadwood", "gin_only", deadwood=dead, limit=limit)
        raise IllegalAction("the declared melds leave " + str(dead) + " points of deadwood; the knock limit is "
                            + str(limit), "over_limit", deadwood=dead, limit=limit)
    return arrangement


def _gin(kind, rules, arrangement, defender, limit, multiplier):
    # No layoffs after gin: the defender only arranges their own melds.
    defence = best_arrangement(defender)
    held = defence.deadwood_points
    return Settlement(
        kind=kind, winner="knocker", knock_limit=limit, breakdown=breakdown(kind, 0, held, rules, multiplier),
        knocker_melds=arrangement.melds, knocker_deadwood_cards=[], knocker_deadwood=0,
        defender_melds=defence.melds, defender_deadwood_cards=defence.deadwood,
        defender_deadwood=held, layoff_targets=[],
    )


def final_totals(rules, points, hands_won):
    """End-of-match totals for two players: hand points plus the bonuses the rules give.

    `points` and `hands_won` are per player. Returns a list of two dicts with the parts
    (hand points, doubled by a shutout; box; game; shutout bonus) and their total. The game
    bonus goes to the player who reached the target; bonuses never count toward it.
    """
    winner = 0 if points[0] >= points[1] else 1
    loser = 1 - winner
    shutout = hands_won[loser] == 0
    totals = []
    for player in (0, 1):
        hand_points = points[player]
        part = {"points": hand_points, "box": hands_won[player] * rules.box_bonus, "game": 0, "shutout": 0}
        if player == winner:
            part["game"] = rules.game_bonus
            if shutout and rules.shutout == "double":
                part["shutout"] = hand_points
            elif shutout and rules.shutout == "bonus":
                part["shutout"] = rules.shutout_bonus
        part["total"] = part["points"] + part["box"] + part["game"] + part["shutout"]
        totals.append(part)
    return totals
