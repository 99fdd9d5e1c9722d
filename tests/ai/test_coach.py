"""The coach's hint: Hard's move with its reason, from the View only; each fact of the reason is
the position's own number (the engine's, or worked out again here by brute force)."""

from game.actions import DISCARD, DRAW_DISCARD, KNOCK, TAKE_UPCARD
from game.ai import estimate, make_player
from game.ai.coach import REASONS_BY_PHASE, KnockFacts, gin_cards, meld_shape, suggest
from game.ai.hard import LATE_STOCK
from game.cards import parse_cards
from game.melds import min_deadwood
from game.rng import Rng
from game.rules import Rules
from game.view import View
from tests.ai.helpers import assert_legal, drive
from tests.ai.test_players import _public, _shuffle_hidden

CLASSIC = Rules.preset("classic")


def positions(level="medium", seeds=range(10), per_seed=60, rules=CLASSIC):
    """(match, view) where `level` must decide, from matches against a noisy opponent."""
    for seed in seeds:
        for match, view, _action in drive(level, rules, seed, per_seed):
            if view.turn == view.player:
                yield match, view


def test_the_hint_is_hards_move_and_legal():
    hard = make_player("hard")
    count = 0
    for preset in ("classic", "oklahoma", "modern", "straight"):
        for _match, view in positions(rules=Rules.preset(preset), seeds=range(5)):
            hint = suggest(view)
            assert hint.action == hard.choose(view)
            assert_legal(view, hint.action)
            assert hint.kind in REASONS_BY_PHASE[view.phase], (hint.kind, view.phase)
            count += 1
    assert count > 800


def test_the_facts_of_a_draw_are_the_positions_numbers():
    seen = set()
    for _match, view in positions(seeds=range(12)):
        if view.phase not in ("upcard", "draw"):
            continue
        hint = suggest(view)
        facts, kind = hint.facts, hint.kind
        seen.add(kind)
        if kind == "stock_only":
            continue
        top = view.discard_pile[-1]
        assert facts["card"] is top and facts["now"] == min_deadwood(view.hand)
        assert facts["after"] == min(min_deadwood([c for c in view.hand + [top] if c is not out])
                                     for out in view.hand)
        assert facts["stock"] == estimate.draw_outlook(view.hand, estimate.Deals(view), view.knock_limit).deadwood
        took = hint.action.kind in (TAKE_UPCARD, DRAW_DISCARD)
        assert took == (kind in ("take_meld", "take_knock", "take_lower", "take"))
        if kind == "take_meld":
            assert facts["shape"] == meld_shape(view.hand + [top], top)
        if kind == "take_knock":
            assert facts["after"] <= view.knock_limit < facts["now"]
        if kind == "take_lower":
            assert facts["after"] < facts["stock"]
        if kind == "useless":
            assert facts["after"] >= facts["now"]
        if kind == "stock_for_gin":
            assert facts["after"] <= view.knock_limit and view.stock_count < LATE_STOCK
        if kind == "stock_better":
            assert facts["stock"] <= facts["after"] - 1
        if kind == "barely":
            assert abs(facts["stock"] - facts["after"]) < 1
    assert {"take_meld", "useless", "stock_better", "stock_only"} <= seen


def test_what_a_card_does_in_a_meld():
    cases = {  # hand with the card, the card, what it does
        ("TC JC QC 7H JS JD AH 5S 7C 8H KC", "KC"): "longer_run",
        ("7D 7S 7H 2C 3C 9S KD QH 4H 5D 7C", "7C"): "four",
        ("5H 6H 2C 3C 9S KD QH 4S TD 8C 7H", "7H"): "run",
        ("9S 9D 2C 3C 7S KD QH 4H 5D JC 9C", "9C"): "set",
        ("5H 8H 2C 3C 9S KD QH 4S TD 8C KS", "KS"): None,
    }
    for (hand, card), shape in cases.items():
        cards = parse_cards(hand)
        assert meld_shape(cards, parse_cards(card)[0]) == shape, (hand, card)


def test_the_facts_of_a_discard_are_the_positions_numbers():
    seen = set()
    for _match, view in positions(seeds=range(16)):
        if view.phase != "discard":
            continue
        hint = suggest(view)
        facts, kind = hint.facts, hint.kind
        seen.add(kind)
        left = view.discard_deadwood
        if "n" in facts and not kind.startswith("play_on"):
            assert facts["n"] == left[facts["card"].index]
        if kind == "least":
            assert facts["n"] == view.best_discard_deadwood
            assert [c for c in view.hand if left.get(c.index) == facts["n"]] == [facts["card"]]
        if kind.startswith("tie"):
            assert left[facts["other"].index] == facts["n"] and facts["other"] is not facts["card"]
        if kind.startswith("keep"):
            assert left[facts["other"].index] == facts["n"] - facts["k"] and facts["k"] > 0
        if kind in ("tie_live", "keep_live"):
            kept = [c for c in view.hand if c is not facts["card"]]
            kept_other = [c for c in view.hand if c is not facts["other"]]
            assert facts["live"] == estimate.live_for_melds(kept, view) > estimate.live_for_melds(kept_other, view)
        if kind == "keep_safer":
            assert facts["chance"] >= 0.25
            if "pickup" in facts:
                assert facts["pickup"] in view.opponent_known
        if kind.startswith("play_on") or kind in ("knock", "knock_match"):
            assert any(a.kind == KNOCK for a in view.legal_actions)
            assert facts["n"] == view.best_discard_deadwood
        if kind.startswith("play_on"):
            assert hint.action.kind == DISCARD and view.stock_count < LATE_STOCK
        if kind == "play_on_undercut":
            assert facts["undercut"] >= 0.1
        if kind == "play_on_wait":
            assert facts["undercut"] < 0.1 and facts["wait"] >= 1
        if kind == "play_on_gin":
            assert facts["gin_cards"] > 0
    assert {"least", "tie_live", "play_on_undercut", "knock", "gin"} <= seen, seen


def test_gin_cards_are_counted_by_a_search_of_each_card():
    checked = 0
    for _match, view in positions(level="hard", seeds=range(20)):
        if view.phase != "discard" or not any(a.kind == KNOCK for a in view.legal_actions):
            continue
        least = view.best_discard_deadwood
        if least == 0:
            continue  # gin now
        card = next(c for c in view.hand if view.discard_deadwood.get(c.index) == least)
        kept = [c for c in view.hand if c is not card]
        assert gin_cards(kept, view) == sum(min_deadwood(kept + [c]) == 0 for c in view.unseen)
        checked += 1
    assert checked > 20


def test_a_knock_is_weighed_with_the_melds_hard_declares():
    checked = 0
    for _match, view in positions(level="hard", seeds=range(20)):
        if view.phase != "discard" or not any(a.kind == KNOCK for a in view.legal_actions) \
                or view.best_discard_deadwood == 0:
            continue
        hint = suggest(view)
        weighed = KnockFacts(view, hint.action)
        if hint.action.kind == KNOCK:
            assert weighed.card is hint.action.card and weighed.melds == hint.action.melds
            checked += 1
        else:
            assert view.discard_deadwood[weighed.card.index] == view.best_discard_deadwood
        assert 0 <= weighed.now.undercut <= 1 and weighed.now.count == weighed.wait.count == estimate.SAMPLES
    assert checked > 5


def test_the_same_view_with_other_hidden_cards_gives_the_same_hint():
    rng = Rng(7, 3)
    checked = 0
    for match, view in positions(level="hard", seeds=range(100, 106), per_seed=40):
        other = _shuffle_hidden(match, view.player, rng)
        twin = other.view(view.player)
        assert _public(twin) == _public(view)
        a, b = suggest(view), suggest(twin)
        assert (a.action, a.kind, a.facts) == (b.action, b.kind, b.facts)
        # And from the View as JSON carries it: nothing but the View is read.
        c = suggest(View.from_dict(view.to_dict()))
        assert (c.action, c.kind, repr(c.facts)) == (a.action, a.kind, repr(a.facts))
        checked += 1
    assert checked > 100


def test_no_hint_without_a_move():
    for _match, view in positions(seeds=range(2), per_seed=20):
        view.turn = 1 - view.player
        assert suggest(view) is None
