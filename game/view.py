"""What one player may know: their own hand and the public information, nothing more.

A `View` is the one read model of the game: the page draws it and the computer players decide
from it, and neither reads anything else. Everything a screen needs is worked out here once by
the engine (legal actions, the deadwood left by each legal discard, the best arrangement of the
hand, the hand's result), so no reader re-derives a rule. `to_dict()` / `View.from_dict()` turn
it into plain, versioned JSON with card codes, so a view crosses a worker or a network unchanged.
"""

from game.actions import Action, Event
from game.cards import DECK, cards_of, codes, parse_card
from game.errors import described
from game.melds import Arrangement
from game.rules import Rules
from game.scoring import Settlement

FORMAT = "gin-rummy-view"
VERSION = 1


class View:
    """A player's view of a match, as plain attributes.

    Before a hand is over it never holds the opponent's hidden cards or the stock order: only the
    opponent's card count and the cards they took from the discard pile and still hold.

    player, rules, phase (upcard, draw, discard, hand_over, match_over), turn (who must act;
    None between hands), dealer, hand_number; hand (this player's cards, in the engine's order),
    drawn (the card this player has just drawn, while they must discard), taken (the card just
    taken from the pile: it may not be discarded), discard_pile (bottom first), upcard (the
    hand's first upcard), stock_count, opponent_count, opponent_known, knock_limit (this hand's),
    history (public (player, kind, card or None) of this hand); legal_actions (what this player
    may do now); discard_deadwood ({card index: deadwood left} for each legal discard, while this
    player must discard); arrangement (the best arrangement of the hand as held: melds, deadwood);
    scores, hands_won, sheet, totals, winner; end_kind (how the hand ended, once over), knocker
    (who ended it; None for a dead hand), result (a knock's or gin's Settlement, once over), opponent_hand and opponent_arrangement (once over);
    undo (the card on top of the pile while the player who discarded it, the one not to move,
    may still take it back: `Match.undoable`; public, as the discard was; else None);
    events (the public events since the `since` given) and event_count (the next `since`);
    unseen (derived: the cards this player cannot locate).
    """

    def __init__(self, fields):
        for key in _FIELDS:
            setattr(self, key, fields[key])
        self._unseen = None

    @property
    def unseen(self):
        """The cards this player cannot locate (in the stock or the opponent's hidden hand);
        worked out when a computer player first asks (the table server never does)."""
        if self._unseen is None:
            self._unseen = _unseen(self)
        return self._unseen

    @classmethod
    def of(cls, match, player, since=None):
        """The view of seat `player` (0 or 1); `since` None, or a count of events from 0 to
        len(match.events). ValueError for anything else (True is not a seat, "0" not a count)."""
        if type(player) is not int or (player != 0 and player != 1):
            raise ValueError("a view is of player 0 or 1, got " + described(player))
        if since is not None and (type(since) is not int or since < 0 or since > len(match.events)):
            raise ValueError("since counts the events already seen, from 0 to " + str(len(match.events))
                             + ", got " + described(since))
        hand = match.hand
        opponent = 1 - player
        over = hand.phase == "over"
        mine = hand.turn == player and not over
        legal = match.legal_actions() if match.current_player in (player, None) else []
        discard_deadwood = {}
        if mine and hand.phase == "discard":
            after = hand.deadwood_after()
            cards = hand.hands[player]
            for i in range(len(cards)):
                if cards[i] is not hand.taken:
                    discard_deadwood[cards[i].index] = after[i]
        settlement = hand.end["settlement"] if over else None
        events = match.events[since:] if since is not None else []
        undo = match.undoable()
        return cls({
            "player": player, "rules": match.rules, "phase": match.phase, "turn": match.current_player,
            "dealer": hand.dealer, "hand_number": len(match.previous) + 1,
            "hand": list(hand.hands[player]),
            "drawn": hand.drawn if mine else None, "taken": hand.taken if mine else None,
            "discard_pile": list(hand.discard), "upcard": hand.upcard,
            "stock_count": len(hand.stock), "opponent_count": len(hand.hands[opponent]),
            "opponent_known": list(hand.known[opponent]), "knock_limit": hand.knock_limit,
            "history": list(hand.history), "legal_actions": legal, "discard_deadwood": discard_deadwood,
            "arrangement": hand.arrangement(player),
            "scores": match.scores, "hands_won": match.hands_won, "sheet": match.sheet,
            "totals": match.totals, "winner": match.winner,
            "end_kind": hand.end["kind"] if over else None,
            "knocker": hand.end["knocker"] if over else None, "result": settlement,
            "opponent_hand": list(hand.hands[opponent]) if over else None,
            "opponent_arrangement": hand.arrangement(opponent) if over else None,
            "events": list(events), "event_count": len(match.events),
            "undo": undo[1] if undo is not None else None,
        })

    @property
    def best_discard_deadwood(self):
        """The least deadwood a legal discard leaves (None unless this player must discard)."""
        if not self.discard_deadwood:
            return None
        return min(self.discard_deadwood.values())

    def to_dict(self):
        return {
            "format": FORMAT, "version": VERSION,
            "player": self.player, "rules": self.rules.to_dict(), "phase": self.phase, "turn": self.turn,
            "dealer": self.dealer, "hand_number": self.hand_number,
            "hand": codes(self.hand), "drawn": _code(self.drawn), "taken": _code(self.taken),
            "discard_pile": codes(self.discard_pile), "upcard": self.upcard.code,
            "stock_count": self.stock_count, "opponent_count": self.opponent_count,
            "opponent_known": codes(self.opponent_known), "knock_limit": self.knock_limit,
            "history": [[p, kind, _code(card)] for p, kind, card in self.history],
            "legal_actions": [action.to_dict() for action in self.legal_actions],
            "discard_deadwood": [[DECK[i].code, n] for i, n in sorted(self.discard_deadwood.items())],
            "arrangement": _arrangement_dict(self.arrangement),
            "scores": list(self.scores), "hands_won": list(self.hands_won),
            "sheet": [dict(line, scores=list(line["scores"])) for line in self.sheet],
            "totals": self.totals, "winner": self.winner, "end_kind": self.end_kind,
            "knocker": self.knocker, "result": self.result.to_dict() if self.result is not None else None,
            "opponent_hand": codes(self.opponent_hand) if self.opponent_hand is not None else None,
            "opponent_arrangement": _arrangement_dict(self.opponent_arrangement),
            "events": [event.to_dict() for event in self.events], "event_count": self.event_count,
            "undo": _code(self.undo),
        }

    @classmethod
    def from_dict(cls, data):
        """The view written by to_dict; raises ValueError on anything malformed (a wrong format
        or version, a bad card code, a missing field)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a Gin Rummy view")
        if data.get("version") != VERSION:
            raise ValueError("a view of version " + repr(data.get("version")) + ", expected " + str(VERSION))
        try:
            return cls({
                "player": data["player"], "rules": Rules.from_dict(data["rules"]), "phase": data["phase"],
                "turn": data["turn"], "dealer": data["dealer"], "hand_number": data["hand_number"],
                "hand": cards_of(data["hand"]), "drawn": _card(data["drawn"]), "taken": _card(data["taken"]),
                "discard_pile": cards_of(data["discard_pile"]), "upcard": parse_card(data["upcard"]),
                "stock_count": data["stock_count"], "opponent_count": data["opponent_count"],
                "opponent_known": cards_of(data["opponent_known"]), "knock_limit": data["knock_limit"],
                "history": [(p, kind, _card(code)) for p, kind, code in data["history"]],
                "legal_actions": [Action.from_dict(action) for action in data["legal_actions"]],
                "discard_deadwood": {parse_card(code).index: n for code, n in data["discard_deadwood"]},
                "arrangement": _arrangement(data["arrangement"]),
                "scores": data["scores"], "hands_won": data["hands_won"], "sheet": data["sheet"],
                "totals": data["totals"], "winner": data["winner"], "end_kind": data["end_kind"],
                "knocker": data["knocker"],
                "result": Settlement.from_dict(data["result"]) if data["result"] is not None else None,
                "opponent_hand": cards_of(data["opponent_hand"]) if data["opponent_hand"] is not None else None,
                "opponent_arrangement": _arrangement(data["opponent_arrangement"]),
                "events": [Event.from_dict(event) for event in data["events"]],
                "event_count": data["event_count"],
                # Absent from the views of pages and servers made before it: nothing to take back.
                "undo": _card(data.get("undo")),
            })
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError("a malformed view: " + repr(exc)) from None


_FIELDS = (
    "player", "rules", "phase", "turn", "dealer", "hand_number", "hand", "drawn", "taken",
    "discard_pile", "upcard", "stock_count", "opponent_count", "opponent_known", "knock_limit",
    "history", "legal_actions", "discard_deadwood", "arrangement", "scores", "hands_won", "sheet",
    "totals", "winner", "end_kind", "knocker", "result", "opponent_hand", "opponent_arrangement", "events",
    "event_count", "undo",
)


def _unseen(view):
    # Cards this player cannot locate: in the stock or hidden in the opponent's hand.
    seen = set(view.hand)
    seen.update(view.discard_pile)
    seen.update(view.opponent_known)
    return [card for card in DECK if card not in seen]


def _code(card):
    return None if card is None else card.code


def _card(code):
    return None if code is None else parse_card(code)


def _arrangement_dict(arrangement):
    if arrangement is None:
        return None
    return {"melds": [codes(meld) for meld in arrangement.melds], "deadwood": codes(arrangement.deadwood)}


def _arrangement(data):
    if data is None:
        return None
    return Arrangement([cards_of(meld) for meld in data["melds"]], cards_of(data["deadwood"]))
