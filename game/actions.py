"""Actions a player sends to the engine and the public events the engine answers with."""

from game.cards import Card, parse_card
from game.errors import described

TAKE_UPCARD = "take_upcard"  # take the first upcard when it is offered
PASS = "pass"  # refuse the first upcard
DRAW_STOCK = "draw_stock"
DRAW_DISCARD = "draw_discard"  # take the top card of the discard pile
DISCARD = "discard"  # card
KNOCK = "knock"  # card (the discard) and optionally the declared melds
GIN = "gin"  # card (the discard) and optionally the declared melds
BIG_GIN = "big_gin"  # no discard; optionally the declared melds of all 11 cards
NEXT_HAND = "next_hand"  # deal the next hand once the score of the last one is shown

KINDS = (TAKE_UPCARD, PASS, DRAW_STOCK, DRAW_DISCARD, DISCARD, KNOCK, GIN, BIG_GIN, NEXT_HAND)
WITH_CARD = (DISCARD, KNOCK, GIN)  # the kinds that play a card; no other kind has one
DECLARING = (KNOCK, GIN, BIG_GIN)  # the kinds that may declare melds; no other kind has them


class Action:
    """One move: a kind, the card it plays (discard, knock, gin) and declared melds (optional).

    Knock, gin and big gin without melds use the best arrangement of the hand.
    """

    __slots__ = ("kind", "card", "melds")

    def __init__(self, kind, card=None, melds=None):
        self.kind = kind
        self.card = card
        self.melds = melds

    def __eq__(self, other):
        return (
            isinstance(other, Action)
            and self.kind == other.kind
            and self.card is other.card
            and _meld_key(self.melds) == _meld_key(other.melds)
        )

    def __hash__(self):
        return hash((self.kind, self.card))

    def __repr__(self):
        # Also for the malformed actions a caller may build (the engine refuses them by name):
        # nothing is iterated that is not a list or a tuple.
        if not is_kind(self.kind):
            return "Action(" + ", ".join(described(field) for field in (self.kind, self.card, self.melds)) + ")"
        text = self.kind
        if self.card is not None:
            text += " " + _code(self.card)
        if self.melds is not None:
            text += " " + _melds_text(self.melds)
        return "Action(" + text + ")"

    def to_dict(self):
        data = {"kind": self.kind}
        if self.card is not None:
            data["card"] = self.card.code
        if self.melds is not None:
            data["melds"] = [[card.code for card in meld] for meld in self.melds]
        return data

    @classmethod
    def from_dict(cls, data):
        """The action written by to_dict; raises ValueError on anything else (an unknown kind,
        a field that does not go with the kind, a missing card, a malformed meld)."""
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError("not an action: " + repr(data))
        kind = data["kind"]
        allowed = ["kind"]
        if kind in WITH_CARD:
            allowed.append("card")
        if kind in DECLARING:
            allowed.append("melds")
        for key in data:
            if key not in allowed:
                raise ValueError("an action " + kind + " has no field " + repr(key))
        card = None
        if kind in WITH_CARD:
            if not isinstance(data.get("card"), str):
                raise ValueError("action " + kind + " needs a card")
            card = parse_card(data["card"])
        melds = None
        if "melds" in data and data["melds"] is not None:
            if not isinstance(data["melds"], list):
                raise ValueError("melds are a list of melds")
            melds = []
            for group in data["melds"]:
                if not isinstance(group, list) or not all(isinstance(code, str) for code in group):
                    raise ValueError("a meld is a list of card codes")
                melds.append([parse_card(code) for code in group])
        return cls(kind, card, melds)


def is_kind(kind):
    """Whether `kind` is one of the action kinds (a string of KINDS, nothing that equals one)."""
    return type(kind) is str and kind in KINDS


def _code(card):
    return card.code if type(card) is Card else described(card)


def _melds_text(melds):
    if type(melds) is not list and type(melds) is not tuple:
        return described(melds)
    groups = []
    for meld in melds:
        groups.append(" ".join(_code(c) for c in meld) if type(meld) is list or type(meld) is tuple else described(meld))
    return "[" + " | ".join(groups) + "]"


def _meld_key(melds):
    # Equal melds are the same groups in any order; malformed ones equal only themselves.
    if melds is None:
        return None
    if type(melds) is not list and type(melds) is not tuple:
        return ("malformed", id(melds))
    groups = []
    for meld in melds:
        if (type(meld) is not list and type(meld) is not tuple) or not all(type(c) is Card for c in meld):
            return ("malformed", id(melds))
        groups.append(tuple(sorted(card.index for card in meld)))
    groups.sort()
    return tuple(groups)


class Event:
    """Something that happened, public to both players (a card drawn from the stock is not shown).

    kind: deal, take_upcard, pass, draw_stock, draw_discard, discard, knock, gin, big_gin,
    dead_hand, hand_over, match_over; undo (a table's: `player` took back their discard, `card`,
    which is in their hand again: game.table.Table.undo). `player` is who acted (None for deal /
    match events).
    """

    __slots__ = ("kind", "player", "card", "data")

    def __init__(self, kind, player=None, card=None, data=None):
        self.kind = kind
        self.player = player
        self.card = card
        self.data = data or {}

    def __repr__(self):
        return "Event(" + self.kind + ", " + repr(self.player) + ", " + (self.card.code if self.card else "-") + ")"

    def __eq__(self, other):
        return isinstance(other, Event) and self.to_dict() == other.to_dict()

    def to_dict(self):
        """Plain JSON: kind, player, card code, and the event's data (JSON values already)."""
        data = {"kind": self.kind, "player": self.player}
        if self.card is not None:
            data["card"] = self.card.code
        if self.data:
            data["data"] = self.data
        return data

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError("not an event: " + repr(data))
        player = data.get("player")
        if player not in (None, 0, 1):
            raise ValueError("an event's player is 0, 1 or null")
        card = parse_card(data["card"]) if "card" in data else None
        extra = data.get("data") or {}
        if not isinstance(extra, dict):
            raise ValueError("an event's data is an object")
        return cls(data["kind"], player, card, extra)

