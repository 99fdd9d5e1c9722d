"""The coach's estimates: deals of the unseen cards that agree with what the seat knows, the real
settlement of a knock against them, exact averages of a stock draw, and a sampler whose undercut
rates match those of engine-played hands."""

from game.actions import KNOCK, NEXT_HAND, Action
from game.ai import estimate, make_player
from game.cards import DECK
from game.match import Match
from game.melds import best_arrangement, is_meld, min_deadwood
from game.rng import Rng
from game.rules import Rules
from game.scoring import settle
from tests.ai.helpers import drive
from tests.ai.test_players import _public, _shuffle_hidden

CLASSIC = Rules.preset("classic")


def shuffled(seed):
    deck = list(DECK)
    Rng(seed, 5).shuffle(deck)
    return deck


def test_a_knock_is_settled_as_the_engine_settles_it():
    # At engine-played knocks, against the opponent's real cards and each deal's: undercuts on a
    # tie (classic), none on a tie (custom rules), Oklahoma's doubled spade hands; the
    # estimate's points are settle()'s, signed for the knocker.
    checked = {"knock": 0, "undercut": 0}
    for rules in (CLASSIC, Rules(undercut_on_tie=False), Rules.preset("oklahoma")):
        for match, view in knock_positions((("medium", "simple"),), 3, rules):
            least = view.best_discard_deadwood
            card = next(c for c in view.hand if view.discard_deadwood.get(c.index) == least)
            kept = [c for c in view.hand if c is not card]
            melds = best_arrangement(kept).melds
            upcard = view.upcard if rules.oklahoma else None
            for defender in [list(match.hand.hands[1 - view.player])] + estimate.Deals(view, count=4).opponent_hands:
                result = settle(kept, defender, rules, melds, upcard=upcard)
                points = estimate.knock_points(melds, least, defender, rules, rules.multiplier_for(view.upcard))
                assert points == (-result.points if result.kind == "undercut" else result.points)
                checked[result.kind] += 1
    assert checked["knock"] > 100 and checked["undercut"] > 10, checked


def test_a_card_added_to_ten_is_judged_exactly():
    for seed in range(600):
        deck = shuffled(seed)
        kept = estimate.Kept(deck[:10])
        for card in deck[10:16]:
            melds, dead = kept.with_card(card)
            assert dead == min_deadwood(deck[:10] + [card])
            melded = [c for meld in melds for c in meld]
            assert all(is_meld(meld) for meld in melds) and len(set(melded)) == len(melded)
            left = [c for c in deck[:10] + [card] if c not in melded]
            # The melds leave exactly `dead` after the discard of the highest card outside them.
            assert sum(c.value for c in left) - max(c.value for c in left) == dead


def positions(seeds=range(6), per_seed=60, rules=CLASSIC):
    for seed in seeds:
        for match, view, _action in drive("medium", rules, seed, per_seed):
            yield match, view


def test_the_deals_agree_with_what_the_seat_knows_and_nothing_else():
    rng = Rng(3, 4)
    checked = 0
    for match, view in positions():
        deals = estimate.Deals(view, count=12)
        unseen = set(view.unseen)
        for hand in deals.opponent_hands:
            assert len(hand) == view.opponent_count and len(set(hand)) == len(hand)
            assert set(view.opponent_known) <= set(hand)
            assert set(hand) - set(view.opponent_known) <= unseen
        # The same public position with other hidden cards: the same deals (seeded by it alone).
        twin = _shuffle_hidden(match, view.player, rng).view(view.player)
        assert _public(twin) == _public(view)
        assert [[c.code for c in h] for h in estimate.Deals(twin, count=12).opponent_hands] == \
            [[c.code for c in h] for h in deals.opponent_hands]
        checked += 1
    assert checked > 200


def test_a_deal_gives_the_opponent_the_better_cards_of_their_draws():
    # Late in a hand the opponent has drawn many cards and kept the better ones: the deals' hands
    # hold less deadwood than hands drawn at random from the same unseen cards.
    dealt, random = [], []
    rng = Rng(8, 8)
    for _match, view in positions(seeds=range(4), per_seed=120):
        if view.stock_count > 15 or view.phase != "discard":
            continue
        deals = estimate.Deals(view, count=8)
        for hand in deals.opponent_hands:
            dealt.append(min_deadwood(hand))
            pool = list(view.unseen)
            rng.shuffle(pool)
            random.append(min_deadwood(list(view.opponent_known) + pool[:len(hand) - len(view.opponent_known)]))
    assert len(dealt) > 100
    assert sum(dealt) / len(dealt) < sum(random) / len(random) - 10


def test_the_outlook_of_a_draw_is_exact_over_the_stock_of_each_deal():
    checked = 0
    for _match, view in positions(seeds=range(3)):
        if view.phase != "draw":
            continue
        deals = estimate.Deals(view, count=6)
        outlook = estimate.draw_outlook(view.hand, deals, view.knock_limit)
        total = knock = gin = 0.0
        for hand in deals.opponent_hands:  # each deal's stock: the unseen cards the opponent lacks
            stock = [c for c in view.unseen if c not in hand]
            for card in stock:
                dead = min_deadwood(view.hand + [card])
                total += dead / len(stock) / deals.count
                knock += (0 < dead <= view.knock_limit) / len(stock) / deals.count
                gin += (dead == 0) / len(stock) / deals.count
        assert abs(outlook.deadwood - total) < 1e-9
        assert abs(outlook.knock - knock) < 1e-9 and abs(outlook.gin - gin) < 1e-9
        checked += 1
    assert checked > 20


def melds_with_two(card, cards):
    """Brute force: does `card` make a meld with two of `cards`?"""
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            if is_meld([card, cards[i], cards[j]]):
                return True
    return False


def test_live_cards_and_the_opponents_use_are_counted_as_melds_are():
    for _match, view in positions(seeds=range(3), per_seed=30):
        cards = view.hand[:10]
        join = [c for c in view.unseen if melds_with_two(c, cards)]
        assert estimate.live_for_melds(cards, view) == len(join)
        deals = estimate.Deals(view, count=10)
        for card in view.hand:
            expected = sum(melds_with_two(card, hand) for hand in deals.opponent_hands) / 10
            assert estimate.could_use(card, deals) == expected


def knock_positions(pairs, matches, rules=CLASSIC):
    """(match, view) at every legal knock (with deadwood) of engine-played matches."""
    for pair in pairs:
        for seed in range(matches):
            match = Match.new(9000 + seed, rules)
            players = [make_player(pair[0], seed), make_player(pair[1], seed + 7)]
            while match.phase != "match_over":
                if match.phase == "hand_over":
                    match.apply(Action(NEXT_HAND))
                    continue
                seat = match.current_player
                view = match.view(seat)
                if view.phase == "discard" and view.best_discard_deadwood and any(
                        a.kind == KNOCK for a in view.legal_actions):
                    yield match, view
                match.apply(players[seat].choose(view))


def test_the_undercut_rates_estimated_are_those_of_engine_played_hands():
    # Calibration: at every legal knock of engine-played matches (both seats), the knock with the
    # least deadwood is settled against the opponent's real cards, and against the deals.
    predicted, seen = {}, {}
    for match, view in knock_positions((("hard", "simple"), ("medium", "simple"), ("hard", "medium")), 5):
        least = view.best_discard_deadwood
        card = next(c for c in view.hand if view.discard_deadwood.get(c.index) == least)
        melds = best_arrangement([c for c in view.hand if c is not card]).melds
        outcome = estimate.knock_now(view, melds, least, estimate.Deals(view))
        real = estimate.knock_points(melds, least, list(match.hand.hands[1 - view.player]), view.rules, 1)
        band = "early" if view.stock_count >= 20 else "late"
        predicted.setdefault(band, []).append(outcome.undercut)
        seen.setdefault(band, []).append(real < 0)
    for band in ("early", "late"):
        n = len(seen[band])
        assert n > 60, band
        mean_predicted, observed = sum(predicted[band]) / n, sum(seen[band]) / n
        assert abs(mean_predicted - observed) < 0.08, (band, n, mean_predicted, observed)
