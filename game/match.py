"""A match: hands until a player reaches the target, the score sheet, views and saves.

A match is fully determined by its deals, its rules and its actions: each hand's deck and the
first dealer come from a deal source (`game.deals`): `SeededDeals(seed)` for the page's matches
(`Rng(seed, hand number)` shuffles each deck), a secret one for an online table.
"""

from game.actions import DISCARD, NEXT_HAND, Action, Event, is_kind
from game.deals import SeededDeals, check_seed, next_dealer
from game.errors import IllegalAction, described
from game.hand import Hand
from game.rules import Rules
from game.scoring import final_totals

# Discards a player may take back in one turn: enough for second thoughts, and a bound on what
# a seat looping discard / undo makes a table do (each undo replays the hand and adds an event).
UNDOS_PER_TURN = 3


class Match:
    def __init__(self, seed, rules, sheet, deals=None):
        self.deals = SeededDeals(seed) if deals is None else deals
        self.seed = self.deals.seed  # None when the deals are a secret (an online table)
        self.rules = rules
        self.first_dealer = self.deals.first_dealer()
        self.previous = list(sheet)  # score-sheet lines of the hands before the current one
        self.actions = []  # the current hand's actions (what a save replays)
        self.logged = []  # the same as plain dicts, each made once (a save is made every move)
        self.hand = Hand(self.deals.deck(len(sheet) + 1), self._dealer_after(sheet), rules)
        # The public events since this Match object was made, as plain values: views hand each
        # seat those it has not seen yet (`view(player, since)`).
        self.events = [self._deal_event()]
        self.undone = 0  # discards taken back in this turn (`before_last`; not in a save)

    @classmethod
    def new(cls, seed, rules=None):
        """A new match: `seed` an int from 0 to MAX_SEED, `rules` a Rules value (default
        classic). Anything else raises TypeError or ValueError: a match is never made that
        its own save would refuse."""
        check_seed(seed)
        if rules is None:
            rules = Rules.preset("classic")
        if type(rules) is not Rules:
            raise TypeError("rules are a Rules value, e.g. Rules.preset(\"classic\"), got " + described(rules))
        return cls(seed, rules, [])

    @classmethod
    def dealt(cls, deals, rules):
        """A new match dealt by `deals` (game.deals): a source other than a public seed."""
        return cls(deals.seed, rules, [], deals)

    def _dealer_after(self, lines):
        dealer = self.first_dealer
        for line in lines:
            dealer = next_dealer(dealer, line["kind"])
        return dealer

    # --- state -------------------------------------------------------------------------------

    @property
    def sheet(self):
        """One line per finished hand: hand, dealer, kind, knocker, winner, points, totals."""
        if self.hand.phase != "over":
            return list(self.previous)
        return self.previous + [self._line()]

    def _line(self):
        hand = self.hand
        scores = _scores(self.previous)
        winner = hand.winner()
        if winner is not None:
            scores[winner] += hand.points()
        return {
            "hand": len(self.previous) + 1,
            "dealer": hand.dealer,
            "kind": hand.end["kind"],
            "knocker": hand.end["knocker"],
            "winner": winner,
            "points": hand.points(),
            "scores": scores,
        }

    @property
    def scores(self):
        """Hand points of each player so far (end-of-match bonuses excluded)."""
        return _scores(self.sheet)

    @property
    def hands_won(self):
        won = [0, 0]
        for line in self.sheet:
            if line["winner"] is not None:
                won[line["winner"]] += 1
        return won

    @property
    def is_over(self):
        return self.hand.phase == "over" and max(self.scores) >= self.rules.target

    @property
    def winner(self):
        """The player who reached the target, once the match is over; else None."""
        if not self.is_over:
            return None
        scores = self.scores
        return 0 if scores[0] > scores[1] else 1

    @property
    def totals(self):
        """End-of-match totals with the bonuses the rules give (None before the end)."""
        if not self.is_over:
            return None
        return final_totals(self.rules, self.scores, self.hands_won)

    @property
    def current_player(self):
        """Who must act now; None between hands (anyone may deal the next) and at the end."""
        if self.hand.phase == "over":
            return None
        return self.hand.turn

    @property
    def phase(self):
        if self.hand.phase != "over":
            return self.hand.phase
        return "match_over" if self.is_over else "hand_over"

    # --- play --------------------------------------------------------------------------------

    def legal_actions(self):
        if self.hand.phase == "over":
            return [] if self.is_over else [Action(NEXT_HAND)]
        return list(self.hand.legal_actions())

    def apply(self, action):
        """Apply an action of the player to move (or, between hands, NEXT_HAND); returns the
        public events. Only a listed action is accepted: anything else raises IllegalAction
        with a named reason and changes nothing."""
        if isinstance(action, Action) and is_kind(action.kind) and action.kind == NEXT_HAND:
            if action.card is not None:
                raise IllegalAction("dealing the next hand plays no card", "no_card_here")
            if action.melds is not None:
                raise IllegalAction("only a knock, gin or big gin declares melds", "no_melds_here")
            return self._next_hand()
        # The engine keeps its own copy: the caller may change its action (or its melds) later.
        accepted = self.hand.accept(action)
        events = self.hand.play(accepted)
        self.actions.append(accepted)
        self.logged.append(accepted.to_dict())
        if accepted.kind != DISCARD:  # a draw starts a turn (a discard again may follow an undo)
            self.undone = 0
        if self.hand.phase == "over":
            line = self._line()
            events.append(Event("hand_over", None, None, {"line": line}))
            if self.is_over:
                events.append(Event("match_over", None, None, {"winner": self.winner, "totals": self.totals}))
        self.events.extend(_public(event) for event in events)
        return events

    def undoable(self):
        """(player, card) of the discard its player may still take back: the last action of the
        hand in play, the other side not having moved since; None otherwise. Taking it back
        (`game.table.Table.undo`) reveals nothing: the card drawn before it stays in that hand,
        and nothing is drawn again. A knock or a gin is never taken back (it ends the hand), nor
        a discard that left the hand dead, nor more than UNDOS_PER_TURN discards in one turn."""
        hand = self.hand
        if hand.phase == "over" or not self.actions or self.actions[-1].kind != DISCARD \
                or self.undone >= UNDOS_PER_TURN:
            return None
        return 1 - hand.turn, self.actions[-1].card

    def before_last(self):
        """A new match as this one was before the last action of its hand (a discard taken
        back: `undoable`): the hand dealt again and its other actions replayed by the engine,
        so it holds no trace of that action; the public events stay this match's (readers keep
        their place in them)."""
        match = self._dealt_again()
        for action in self.actions[:-1]:
            match.apply(action)
        match.events = list(self.events)
        match.undone = self.undone + 1
        return match

    def _dealt_again(self):
        return Match(self.seed, self.rules, self.previous, self.deals)

    def check_declaration(self, action):
        """The melds of a knock / gin / big gin action of the player to move, checked without
        playing it (for a knock dialog). Returns the Arrangement or raises IllegalAction, with
        the reason apply would give."""
        return self.hand.check_declaration(action)

    def _next_hand(self):
        if self.hand.phase != "over":
            raise IllegalAction("the hand is still being played", "hand_in_play")
        if self.is_over:
            raise IllegalAction("the match is over", "match_over")
        self.previous.append(self._line())
        self.actions = []
        self.logged = []
        number = len(self.previous) + 1
        self.hand = Hand(self.deals.deck(number), self._dealer_after(self.previous), self.rules)
        event = self._deal_event()
        self.events.append(event)
        return [event]

    def _deal_event(self):
        return Event("deal", None, None, {"dealer": self.hand.dealer, "hand": len(self.previous) + 1})

    # --- what a player sees, and saves ---------------------------------------------------------

    def view(self, player, since=None):
        """What `player` may know now; with `since` (a count of events this seat has seen),
        also the public events after those."""
        from game.view import View

        return View.of(self, player, since)

    def to_dict(self):
        from game.save import match_to_dict

        return match_to_dict(self)

    @classmethod
    def from_dict(cls, data, deals=None):
        """The match `to_dict` saved; `deals` when its hands are not dealt from a seed (an
        online table's secret, which its log never holds)."""
        from game.save import match_from_dict

        return match_from_dict(cls, data, deals)


def _public(event):
    # The log keeps plain values only: the settlement of a knock or gin is in the hand's result.
    if "settlement" in event.data:
        return Event(event.kind, event.player, event.card)
    return event


def _scores(lines):
    scores = [0, 0]
    for line in lines:
        if line["winner"] is not None:
            scores[line["winner"]] += line["points"]
    return scores
