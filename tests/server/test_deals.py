"""An online table's deals cannot be worked out from what a seat is sent.

The outside probe recovered the deck from one seat's first view by trying every state of the
public generator (2**32 of them, ten minutes on a laptop). The same search runs here on a
reduced space: it finds the deal a 12-bit state made (so the search works), and finds nothing
for a table dealt from the server's secret, whatever the space searched.
"""

import pytest

from game.cards import DECK
from game.match import Match
from game.rng import Rng
from game.rules import Rules
from server.deals import Randomness, SecretDeals, new_secret

STATES = range(1, 2**12)  # the reduced space the search runs over


class StateDeals:
    """The public generator with its 32-bit state set directly: what every deck of a seeded
    match is, whatever the seed's size (the probe's model)."""

    seed = None

    def __init__(self, state):
        self.state = state

    def first_dealer(self):
        return 0

    def deck(self, number):
        return _deck_from(self.state)


def _deck_from(state):
    rng = Rng(1)
    rng.state = state
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def seat_cards(deck, dealer, seat):
    """The ten cards `seat` is dealt from `deck`, and the upcard (game.hand.Hand's order)."""
    hand = {deck[k] for k in range(20) if (dealer + 1 + k) % 2 == seat}
    return hand, deck[20]


def search(view):
    """Every state of the reduced space whose deck deals this seat its cards: the attack."""
    mine = set(view.hand)
    return [state for state in STATES
            if seat_cards(_deck_from(state), view.dealer, view.player) == (mine, view.upcard)]


def first_view(deals, seat=1):
    return Match.dealt(deals, Rules.preset("classic")).view(seat)


def test_the_search_finds_a_deal_of_the_public_generator():
    state = 2_345
    match = Match.dealt(StateDeals(state), Rules.preset("classic"))
    found = search(match.view(1))
    assert found == [state]
    # ... and with it the other hand and the stock, card for card.
    deck = _deck_from(found[0])
    assert seat_cards(deck, match.hand.dealer, 0)[0] == set(match.hand.hands[0])
    assert deck[21:26] == match.hand.stock[:5]


def test_the_search_finds_nothing_for_a_secret_deal():
    for _ in range(3):
        assert search(first_view(SecretDeals(new_secret()))) == []


def test_the_same_secret_deals_the_same_match_and_each_hand_differs():
    secret = new_secret()
    one, two = SecretDeals(secret), SecretDeals(secret)
    assert [one.deck(n) for n in (1, 2, 3)] == [two.deck(n) for n in (1, 2, 3)]
    assert one.first_dealer() == two.first_dealer()
    assert len({tuple(one.deck(n)) for n in range(1, 20)}) == 19
    assert sorted(one.deck(1)) == list(DECK)


def test_secret_deals_are_unbiased_enough_to_see():
    # Each card reaches the top of the deck about equally often over many secrets (a bias in
    # the sampling would show as a card far from 1/52).
    counts = {}
    trials = 5_200
    for n in range(trials):
        top = SecretDeals("%064x" % (n + 1)).deck(1)[0]
        counts[top] = counts.get(top, 0) + 1
    assert len(counts) == 52
    assert max(counts.values()) < 2.0 * trials / 52 and min(counts.values()) > 0.3 * trials / 52


@pytest.mark.parametrize("short", ["ab" * 15, ""])
def test_a_secret_under_128_bits_is_refused(short):
    assert SecretDeals("ab" * 16).deck(1)
    with pytest.raises(ValueError):
        SecretDeals(short)


def test_a_fixed_seed_deals_the_same_on_every_run_and_the_system_never_twice():
    first, again = Randomness(seed=7), Randomness(seed=7)
    secrets = [first.deal_secret() for _ in range(3)]
    assert secrets == [again.deal_secret() for _ in range(3)]
    assert len(set(secrets)) == 3 and all(len(bytes.fromhex(s)) == 32 for s in secrets)
    assert Randomness(seed=8).deal_secret() not in secrets
    assert [first.player_seed() for _ in range(2)] == [again.player_seed() for _ in range(2)]
    system = Randomness()
    assert not system.fixed and first.fixed
    assert system.deal_secret() != system.deal_secret()
