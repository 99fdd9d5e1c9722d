"""Hands with chosen cards, for scenario tests: a deck stacked so the deal gives them."""

from game.cards import DECK, parse_cards
from game.hand import Hand
from game.rules import Rules


def stacked_deck(non_dealer, dealer, upcard, stock=""):
    """Top-first deck: the non-dealer and dealer get these 10 cards each (dealt alternately),
    then the upcard, then the stock starts with `stock` and goes on with the unused cards."""
    first, second, up, top = (parse_cards(non_dealer), parse_cards(dealer), parse_cards(upcard), parse_cards(stock))
    assert len(first) == 10 and len(second) == 10 and len(up) == 1
    deck = []
    for a, b in zip(first, second, strict=True):
        deck += [a, b]
    deck += up + top
    deck += [card for card in DECK if card not in deck]
    assert len(deck) == len(set(deck)) == 52, "a card is dealt twice"
    return deck


def stacked_hand(non_dealer, dealer, upcard, stock="", rules=None, dealer_seat=1):
    """A Hand where player `dealer_seat` deals; player 1 - dealer_seat is the non-dealer."""
    return Hand(stacked_deck(non_dealer, dealer, upcard, stock), dealer_seat, rules or Rules.preset("classic"))
