"""One hand (deal) of Gin Rummy as a state machine: deal, upcard offer, turns, the end.

Phases: "upcard" (the first upcard is offered to the non-dealer, then to the dealer), "draw",
"discard" (the player to move holds 11 cards) and "over". Players are 0 and 1.
"""

from game.actions import (
    BIG_GIN,
    DECLARING,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    PASS,
    TAKE_UPCARD,
    WITH_CARD,
    Action,
    Event,
    is_kind,
)
from game.cards import DECK
from game.errors import IllegalAction, described
from game.melds import arrange_all, deadwood_after_each_discard, declared_melds, is_big_gin
from game.rng import Rng
from game.scoring import check_declaration, settle

# When a discard without a knock leaves this many cards in the stock, the hand is dead.
DEAD_STOCK = 2
# After this many draws from the discard pile in one hand, only the stock may be drawn. Two
# players who both keep taking the pile could otherwise make a hand last for ever (the stock,
# which ends it, never shrinks); no real hand comes near it (docs/engine.md, "Every hand ends").
PILE_DRAWS = 100


def shuffled_deck(seed, number):
    """The deck of hand `number` of the match with this seed, top card first."""
    deck = list(DECK)
    Rng(seed, number).shuffle(deck)
    return deck


class Hand:
    def __init__(self, deck, dealer, rules):
        """Deal from `deck` (top card first): 10 each, the 21st card up, the rest is the stock."""
        self.rules = rules
        self.dealer = dealer
        self.hands = [[], []]
        # Dealt one card at a time, the non-dealer first.
        for k in range(20):
            self.hands[(dealer + 1 + k) % 2].append(deck[k])
        self.upcard = deck[20]
        self.discard = [deck[20]]
        self.stock = deck[21:]  # stock[0] is the top card
        self.knock_limit = rules.knock_limit_for(self.upcard)
        self.phase = "upcard"
        self.turn = 1 - dealer
        self.passes = 0
        self.pile_draws = 0  # draws from the discard pile this hand (the upcard taken is not one)
        self.taken = None  # the card just taken from the discard pile: it may not be discarded
        self.drawn = None  # the card the player to move has just drawn (stock or pile)
        self.known = [[], []]  # cards each player took from the pile and still holds
        self.history = []  # public record: (player, kind, card or None)
        self.end = None  # how the hand ended: {"kind", "knocker", "settlement"}
        # Worked out once per state (apply clears them): the page, the views and the computer
        # ask several times, and in the discard phase each answer is a meld search.
        self._legal = None
        self._after = None
        # Each player's best arrangement with the cards it was worked out for: a move changes
        # one hand, and every View of both seats reads both (the table server builds two Views
        # a move), so the other hand's is not searched again.
        self._arranged = [None, None]

    # --- what may be done -------------------------------------------------------------------

    def arrangement(self, player):
        """The best arrangement of `player`'s cards as they are now (melds, deadwood)."""
        cards = self.hands[player]
        kept = self._arranged[player]
        if kept is None or kept[0] != cards:
            kept = self._arranged[player] = (list(cards), arrange_all(cards))
        return kept[1]

    def legal_actions(self):
        if self._legal is None:
            self._legal = self._list_actions()
        return self._legal

    def deadwood_after(self):
        """In the discard phase: the least deadwood left after discarding each card of the hand
        of the player to move, in the order of the hand (else None)."""
        if self.phase != "discard":
            return None
        if self._after is None:
            self._after = deadwood_after_each_discard(self.hands[self.turn])
        return self._after

    def _list_actions(self):
        if self.phase == "upcard":
            return [Action(TAKE_UPCARD), Action(PASS)]
        if self.phase == "draw":
            if (self.passes == 2 and not self._anyone_drew()) or self.pile_draws >= PILE_DRAWS:
                return [Action(DRAW_STOCK)]
            return [Action(DRAW_STOCK), Action(DRAW_DISCARD)]
        if self.phase != "discard":
            return []
        hand = self.hands[self.turn]
        after = self.deadwood_after()
        actions = []
        for i in range(len(hand)):
            card = hand[i]
            if card is self.taken:
                continue
            actions.append(Action(DISCARD, card))
            if after[i] == 0:
                actions.append(Action(GIN, card))
            elif after[i] <= self.knock_limit:
                actions.append(Action(KNOCK, card))
        if self.rules.big_gin_bonus is not None and is_big_gin(hand):
            actions.append(Action(BIG_GIN))
        return actions

    def _anyone_drew(self):
        for _, kind, _ in self.history:
            if kind == DRAW_STOCK or kind == DRAW_DISCARD:
                return True
        return False

    # --- doing it ---------------------------------------------------------------------------

    def apply(self, action):
        """Apply one action for the player to move; returns the public events.

        Only a listed action is accepted (same kind, same card; knock, gin and big gin may add
        declared melds, checked too); anything else raises IllegalAction with a named reason,
        and nothing changes.
        """
        return self.play(self.accept(action))

    def accept(self, action):
        """The engine's own copy of `action` when it is listed (declared melds copied into
        tuples); else IllegalAction with a reason. Reads each field of `action` once and changes
        nothing, whatever the fields hold."""
        if not isinstance(action, Action):
            raise IllegalAction("not an action: " + described(action), "not_an_action")
        kind, card, melds = action.kind, action.card, action.melds
        if not is_kind(kind):
            raise IllegalAction("not an action kind: " + described(kind), "not_an_action")
        if card is not None and kind not in WITH_CARD:
            raise IllegalAction("a " + kind + " plays no card", "no_card_here")
        if melds is not None and kind not in DECLARING:
            raise IllegalAction("only a knock, gin or big gin declares melds", "no_melds_here")
        for listed in self.legal_actions():
            if listed.kind == kind and listed.card is card:
                return Action(kind, card, None if melds is None else declared_melds(melds))
        message, reason, details = self._refusal(kind, card)
        raise IllegalAction(message, reason, **details)

    def play(self, action):
        """Play an action that `accept` returned (declared melds are checked here, before any
        change); returns the public events."""
        events = _HANDLERS[action.kind](self, self.turn, action)
        if self.phase != "discard":
            self.drawn = None  # only a draw, which leads to the discard phase, sets it
        self._legal = None
        self._after = None
        return events

    def _refusal(self, kind, card):
        # Why an action that is not listed is refused: (English message, reason, details).
        if self.phase == "over":
            return "this hand is over", "hand_over", {}
        if self.phase == "upcard":
            return "the upcard is on offer: take it or pass", "upcard_offer", {}
        if self.phase == "draw":
            if kind == DRAW_DISCARD and self.pile_draws >= PILE_DRAWS:
                return ("the discard pile is closed after " + str(PILE_DRAWS)
                        + " draws from it in one hand: draw from the stock", "stock_only", {})
            if kind == DRAW_DISCARD:
                return ("both players passed the upcard: the non-dealer must draw from the stock",
                        "stock_only", {})
            return "draw a card first, from the stock or the discard pile", "draw_first", {}
        if kind not in (DISCARD, KNOCK, GIN, BIG_GIN):
            return "you have drawn: discard a card (or knock) to end your turn", "already_drew", {}
        if kind == BIG_GIN:
            if self.rules.big_gin_bonus is None:
                return "big gin is not played under these rules", "no_big_gin", {}
            return "big gin needs all 11 cards in melds", "not_big_gin", {}
        hand = self.hands[self.turn]
        position = _position(hand, card)
        if position < 0:
            return "that card is not in your hand", "not_in_hand", {"card": card}
        if card is self.taken:
            return ("you may not discard the card you just took from the discard pile",
                    "taken_card", {"card": card})
        left = self.deadwood_after()[position]
        if kind == GIN:
            return "gin needs every card but the discard in melds", "not_gin", {"deadwood": left}
        if left == 0:
            return "this discard leaves no deadwood: declare gin", "is_gin", {"card": card}
        if self.knock_limit == 0:
            return "only gin ends a hand under these rules", "gin_only", {"deadwood": left, "limit": 0}
        return ("this discard leaves " + str(left) + " points of deadwood; the knock limit is "
                + str(self.knock_limit), "over_limit", {"deadwood": left, "limit": self.knock_limit})

    def _draw_stock(self, player, action):
        card = self.stock.pop(0)
        self.hands[player].append(card)
        self.taken = None
        self.drawn = card
        self.phase = "discard"
        self.history.append((player, DRAW_STOCK, None))
        return [Event(DRAW_STOCK, player)]

    def _take_upcard(self, player, action):
        return self._take_from_pile(player, TAKE_UPCARD)

    def _draw_discard(self, player, action):
        return self._take_from_pile(player, DRAW_DISCARD)

    def _pass(self, player, action):
        self.passes += 1
        self.history.append((player, PASS, self.upcard))
        if self.passes == 1:
            self.turn = self.dealer
        else:
            # Both refused: the non-dealer must draw from the stock.
            self.turn = 1 - self.dealer
            self.phase = "draw"
        return [Event(PASS, player, self.upcard)]

    def _take_from_pile(self, player, kind):
        if kind == DRAW_DISCARD:
            self.pile_draws += 1
        card = self.discard.pop()
        self.hands[player].append(card)
        self.known[player].append(card)
        self.taken = card
        self.drawn = card
        self.phase = "discard"
        self.turn = player
        self.history.append((player, kind, card))
        return [Event(kind, player, card)]

    def _remove(self, player, card):
        self.hands[player].remove(card)
        if card in self.known[player]:
            self.known[player].remove(card)

    def _discard(self, player, action):
        card = action.card
        self._remove(player, card)
        self.discard.append(card)
        self.history.append((player, DISCARD, card))
        self.taken = None
        events = [Event(DISCARD, player, card)]
        if len(self.stock) <= DEAD_STOCK:
            self.phase = "over"
            self.end = {"kind": "dead", "knocker": None, "settlement": None}
            events.append(Event("dead_hand"))
            return events
        self.turn = 1 - player
        self.phase = "draw"
        return events

    def check_declaration(self, action):
        """The melds a knock, gin or big gin action declares, checked without playing it.

        Returns the player's Arrangement; raises IllegalAction (with a reason) as apply would.
        """
        action = self.accept(action)
        if action.kind not in DECLARING:
            raise IllegalAction("only a knock, gin or big gin declares melds", "no_melds_here")
        return self._declared(action)

    def _declared(self, action):
        # The checked arrangement of an accepted knock, gin or big gin.
        hand = self.hands[self.turn]
        if action.kind == BIG_GIN:
            return check_declaration(hand, action.melds, BIG_GIN, self.knock_limit)
        rest = [c for c in hand if c is not action.card]
        return check_declaration(rest, action.melds, action.kind, self.knock_limit)

    def _knock(self, player, action):  # knock and gin
        card = action.card
        arrangement = self._declared(action)
        rest = [c for c in self.hands[player] if c is not card]
        result = settle(rest, self.hands[1 - player], self.rules, arrangement.melds, self.upcard)
        self._remove(player, card)
        self.discard.append(card)
        return self._finish(player, result, card)

    def _big_gin(self, player, action):
        arrangement = self._declared(action)
        result = settle(self.hands[player], self.hands[1 - player], self.rules, arrangement.melds, self.upcard)
        return self._finish(player, result, None)

    def _finish(self, player, result, card):
        self.phase = "over"
        self.taken = None
        self.end = {"kind": result.kind, "knocker": player, "settlement": result}
        self.history.append((player, result.kind, card))
        return [Event(result.kind, player, card, {"settlement": result})]

    # --- the result ---------------------------------------------------------------------------

    def winner(self):
        """The player who scores this hand, or None (dead hand, or not over)."""
        if self.end is None or self.end["settlement"] is None:
            return None
        knocker = self.end["knocker"]
        return knocker if self.end["settlement"].winner == "knocker" else 1 - knocker

    def points(self):
        if self.end is None or self.end["settlement"] is None:
            return 0
        return self.end["settlement"].points


def _position(cards, card):
    # Where `card` is in `cards`, by identity (so nothing that merely compares equal), or -1.
    for i in range(len(cards)):
        if cards[i] is card:
            return i
    return -1


# The action kinds and the Hand method that plays each (once accept has passed).
_HANDLERS = {
    TAKE_UPCARD: Hand._take_upcard, PASS: Hand._pass, DRAW_STOCK: Hand._draw_stock,
    DRAW_DISCARD: Hand._draw_discard, DISCARD: Hand._discard, KNOCK: Hand._knock, GIN: Hand._knock,
    BIG_GIN: Hand._big_gin,
}
