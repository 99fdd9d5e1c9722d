"""A seat is never sent the other seat's hidden cards, the stock or the seed."""

import json

from game.ai import make_player
from game.cards import DECK
from game.match import Match
from game.rules import Rules
from server.seats import read_view, seat_view

CODES = {card.code for card in DECK}


def codes_in(value):
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} & CODES
    if isinstance(value, dict):
        return set().union(*(codes_in(item) for item in value.values()), set())
    if isinstance(value, list):
        return set().union(*(codes_in(item) for item in value), set())
    return set()


def hidden_from(match, seat):
    """The cards `seat` may not see: the stock, and the opponent's cards not taken from the pile."""
    hand = match.hand
    if hand.phase == "over":
        return {card.code for card in hand.stock}
    opponent = 1 - seat
    held = {card.code for card in hand.hands[opponent]} - {card.code for card in hand.known[opponent]}
    return held | {card.code for card in hand.stock}


def test_no_view_holds_a_hidden_card_or_the_seed():
    for seed, rules in ((3, "classic"), (11, "modern"), (29, "oklahoma")):
        match = Match.new(seed, Rules.preset(rules))
        players = [make_player("medium", 1), make_player("hard", 2)]
        steps = 0
        while not match.is_over and steps < 400:
            for seat in (0, 1):
                data = seat_view(match, seat)
                text = json.dumps(data)
                assert "seed" not in data
                assert not codes_in(json.loads(text)) & hidden_from(match, seat), (seed, steps, seat)
            mover = 0 if match.current_player is None else match.current_player
            match.apply(players[mover].choose(match.view(mover)))
            steps += 1
        assert match.is_over


def test_the_view_read_back_leads_the_computer_to_the_same_choice():
    match = Match.new(5)
    player = make_player("hard", 9)
    for _ in range(60):
        mover = 0 if match.current_player is None else match.current_player
        chosen = player.choose(read_view(json.loads(json.dumps(seat_view(match, mover)))))
        assert chosen == player.choose(match.view(mover))
        match.apply(chosen)
