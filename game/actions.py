"""Actions a player sends to the engine and the public events the engine answers with."""

from game.cards import parse_card

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
WITH_CARD = (DISCARD, KNOCK, GIN)


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
        return hash((self.kind, None if self.card is None else self.card.index))

    def __repr__(self):
        text = self.kind
        if self.card is not None:
            text += " " + self.card.code
        if self.melds is not None:
            text += " [" + " | ".join(" ".join(c.code for c in meld) for meld in self.melds) + "]"
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
        """The action saved by to_dict; raises ValueError on anything malformed."""
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError("not an action: " + repr(data))
        kind = data["kind"]
        card = None
        if kind in WITH_CARD:
            if not isinstance(data.get("card"), str):
                raise ValueError("action " + kind + " needs a card")
            card = parse_card(data["card"])
        melds = None
        if "melds" in data and data["melds"] is not None:
            if kind not in (KNOCK, GIN, BIG_GIN) or not isinstance(data["melds"], list):
                raise ValueError("melds only go with knock, gin or big gin")
            melds = []
            for group in data["melds"]:
                if not isinstance(group, list) or not all(isinstance(code, str) for code in group):
                    raise ValueError("a meld is a list of card codes")
                melds.append([parse_card(code) for code in group])
        return cls(kind, card, melds)


def _meld_key(melds):
    if melds is None:
        return None
    groups = [tuple(sorted(card.index for card in meld)) for meld in melds]
    groups.sort()
    return tuple(groups)


class Event:
    """Something that happened, public to both players (a card drawn from the stock is not shown).

    kind: deal, take_upcard, pass, draw_stock, draw_discard, discard, knock, gin, big_gin,
    dead_hand, hand_over, match_over. `player` is who acted (None for deal / match events).
    """

    __slots__ = ("kind", "player", "card", "data")

    def __init__(self, kind, player=None, card=None, data=None):
        self.kind = kind
        self.player = player
        self.card = card
        self.data = data or {}

    def __repr__(self):
        return "Event(" + self.kind + ", " + repr(self.player) + ", " + (self.card.code if self.card else "-") + ")"
