"""What one player may know: their own hand and the public information, nothing more."""

from game.cards import DECK


class View:
    """A player's view of a match, as plain attributes (the UI and the computer read these).

    Before a hand is over it never holds the opponent's hidden cards or the stock order: only the
    opponent's card count and the cards they took from the discard pile and still hold.
    """

    def __init__(self, match, player):
        hand = match.hand
        opponent = 1 - player
        self.player = player
        self.rules = match.rules
        self.seed = match.seed
        self.phase = match.phase  # upcard, draw, discard, hand_over, match_over
        self.current_player = match.current_player
        self.dealer = hand.dealer
        self.hand_number = len(match.previous) + 1
        self.hand = list(hand.hands[player])
        self.discard_pile = list(hand.discard)  # bottom first; the top card is the last
        self.stock_count = len(hand.stock)
        self.opponent_count = len(hand.hands[opponent])
        self.opponent_known = list(hand.known[opponent])
        self.taken = hand.taken if hand.turn == player else None  # may not be discarded this turn
        self.upcard = hand.upcard
        self.knock_limit = hand.knock_limit
        self.history = list(hand.history)  # public (player, kind, card or None) of this hand
        self.scores = match.scores
        self.hands_won = match.hands_won
        self.sheet = match.sheet
        self.legal_actions = match.legal_actions() if match.current_player in (player, None) else []
        self.unseen = self._unseen(hand, player)
        # Revealed once the hand is over: both hands and how the hand was settled.
        self.opponent_hand = list(hand.hands[opponent]) if hand.phase == "over" else None
        self.end = hand.end if hand.phase == "over" else None
        self.winner = match.winner
        self.totals = match.totals

    def _unseen(self, hand, player):
        # Cards this player cannot locate: in the stock or hidden in the opponent's hand.
        seen = set(hand.hands[player])
        seen.update(hand.discard)
        seen.update(hand.known[1 - player])
        return [card for card in DECK if card not in seen]
