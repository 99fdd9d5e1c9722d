"""Random legal matches keep the engine's invariants; illegal actions change nothing."""

import pytest

from game.actions import KINDS, NEXT_HAND, Action
from game.cards import DECK
from game.errors import IllegalAction
from game.match import Match
from game.melds import deadwood_after_each_discard
from game.rng import Rng
from game.rules import PRESETS, Rules


def snapshot(match):
    hand = match.hand
    return (
        [list(h) for h in hand.hands], list(hand.stock), list(hand.discard), hand.phase, hand.turn,
        hand.passes, hand.taken, hand.drawn, match.to_dict(),
    )


def check_invariants(match, last_scores):
    hand = match.hand
    cards = hand.hands[0] + hand.hands[1] + hand.stock + hand.discard
    assert len(cards) == 52 and set(cards) == set(DECK)
    sizes = sorted(len(h) for h in hand.hands)
    if hand.phase == "discard":
        assert sizes == [10, 11] and len(hand.hands[hand.turn]) == 11
    elif hand.phase in ("upcard", "draw"):
        assert sizes == [10, 10]
    else:
        assert sizes in ([10, 10], [10, 11])
    assert len(hand.stock) >= 2
    scores = match.scores
    assert scores[0] >= last_scores[0] and scores[1] >= last_scores[1]
    return scores


def candidate_actions(match):
    """Every simple action there is: each kind, with each card where a card goes."""
    found = []
    for kind in KINDS:
        if kind in ("discard", "knock", "gin"):
            found += [Action(kind, card) for card in DECK]
        else:
            found.append(Action(kind))
    return found


def half_greedy(match, legal, rng):
    """Random play that still ends matches: mostly the best discard, mostly ending the hand."""
    ending = [a for a in legal if a.kind in ("knock", "gin", "big_gin", NEXT_HAND)]
    if ending and rng.below(3):
        return ending[rng.below(len(ending))]
    if match.hand.phase == "discard" and rng.below(4):
        hand = match.hand.hands[match.current_player]
        after = deadwood_after_each_discard(hand)
        allowed = [i for i in range(11) if hand[i] is not match.hand.taken]
        best = min(allowed, key=lambda i: after[i])
        return Action("discard", hand[best])
    return legal[rng.below(len(legal))]


def play(seed, rules, check_illegal=False, check_save=False):
    match = Match.new(seed, rules)
    rng = Rng(seed, 1234)
    scores = [0, 0]
    steps = 0
    while not match.is_over:
        legal = match.legal_actions()
        assert legal
        if check_illegal:
            before = snapshot(match)
            for action in candidate_actions(match):
                if action not in legal:
                    with pytest.raises(IllegalAction):
                        match.apply(action)
                    assert snapshot(match) == before, action
        match.apply(half_greedy(match, legal, rng))
        scores = check_invariants(match, scores)
        if check_save:
            saved = match.to_dict()
            restored = Match.from_dict(saved)
            assert restored.to_dict() == saved
            assert snapshot(restored) == snapshot(match)
        steps += 1
        assert steps < 30000, "a match must end"
    assert match.winner in (0, 1) and max(match.scores) >= rules.target
    assert match.legal_actions() == []
    return match


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_matches_keep_invariants_under_every_preset(preset):
    # Half-greedy play rarely goes gin: the gin-only preset plays to a lower target.
    rules = Rules.preset(preset)
    if preset == "straight":
        rules = rules.replace(target=25)
    for seed in range(200):  # 1,000 matches over the five presets
        match = play(seed, rules)
        assert match.sheet[-1]["scores"] == match.scores


def test_illegal_actions_are_refused_and_change_nothing():
    for seed in (1, 2):
        play(seed, Rules.preset("modern").replace(target=40), check_illegal=True)


def test_save_round_trips_at_every_step():
    for seed in (3, 4):
        play(seed, Rules.preset("short"), check_save=True)


def test_same_seed_and_actions_give_the_same_match():
    a = play(77, Rules.preset())
    b = play(77, Rules.preset())
    assert a.sheet == b.sheet and a.to_dict() == b.to_dict()
    assert Match.new(77).hand.hands != Match.new(78).hand.hands


def test_first_dealer_drawn_from_the_seed():
    dealers = {Match.new(seed).hand.dealer for seed in range(20)}
    assert dealers == {0, 1}


def test_next_hand_only_between_hands():
    match = Match.new(1)
    with pytest.raises(IllegalAction, match="still being played"):
        match.apply(Action(NEXT_HAND))
    with pytest.raises(IllegalAction, match="not an action"):
        match.apply("draw")


def test_views_never_hold_hidden_cards():
    match = Match.new(8)
    rng = Rng(8, 5)
    while not match.is_over:
        for player in (0, 1):
            view = match.view(player)
            hidden = set(match.hand.hands[1 - player]) - set(match.hand.known[1 - player])
            hidden |= set(match.hand.stock)
            public = set(view.hand) | set(view.discard_pile) | set(view.opponent_known)
            if match.hand.phase != "over":
                assert not hidden & public
                assert view.opponent_hand is None and view.result is None and view.end_kind is None
                assert not hasattr(view, "stock")
            else:
                assert sorted(view.opponent_hand) == sorted(match.hand.hands[1 - player])
            assert view.stock_count == len(match.hand.stock)
            assert view.opponent_count == len(match.hand.hands[1 - player])
            assert (view.legal_actions != []) == (match.current_player in (player, None) and not match.is_over)
        match.apply(half_greedy(match, match.legal_actions(), rng))


# --- the engine accepts exactly what it lists ------------------------------------------------

def gin_position():
    """A position where the player to move can go gin with some discard."""
    from game.rules import Rules as R

    rng = Rng(3, 3)
    for seed in range(400):
        match = Match.new(seed, R.preset())
        while not match.is_over and match.hand.phase != "over":
            legal = match.legal_actions()
            gins = [a for a in legal if a.kind == "gin"]
            if gins:
                return match, gins[0]
            match.apply(half_greedy(match, [a for a in legal if a.kind not in ("knock", "gin", "big_gin")] or legal, rng))
    raise AssertionError("no gin position found")


def test_a_knock_where_only_gin_is_listed_is_refused():
    match, gin = gin_position()
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refused:
        match.apply(Action("knock", gin.card))
    assert refused.value.reason == "is_gin"
    assert snapshot(match) == before


@pytest.mark.parametrize("action, reason", [
    (Action("draw_stock", DECK[0]), "no_card_here"),
    (Action("pass", DECK[0]), "no_card_here"),
    (Action(NEXT_HAND, DECK[0]), "no_card_here"),
])
def test_a_card_where_none_goes_is_refused(action, reason):
    match = Match.new(1)
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refused:
        match.apply(action)
    assert refused.value.reason in (reason, "upcard_offer")
    assert snapshot(match) == before


def test_melds_on_a_discard_are_refused_and_nothing_unsavable_is_accepted():
    match = Match.new(2)
    rng = Rng(2, 9)
    while match.hand.phase != "discard":
        match.apply(match.legal_actions()[0])
    hand = match.hand.hands[match.current_player]
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refused:
        match.apply(Action("discard", hand[0], [hand[:3]]))
    assert refused.value.reason == "no_melds_here"
    assert snapshot(match) == before
    # Whatever is accepted, declared melds included, saves and restores.
    for _ in range(300):
        if match.is_over:
            break
        legal = match.legal_actions()
        choice = legal[rng.below(len(legal))]
        if choice.kind in ("knock", "gin"):
            choice = Action(choice.kind, choice.card, [list(m) for m in match.view(match.current_player).arrangement.melds])
        try:
            match.apply(choice)
        except IllegalAction:
            continue
        assert Match.from_dict(match.to_dict()).to_dict() == match.to_dict()


@pytest.mark.parametrize("data", [
    {"kind": "discard", "card": "7H", "extra": 1},
    {"kind": "draw_stock", "card": "7H"},
    {"kind": "pass", "melds": []},
    {"kind": "discard", "card": "7H", "melds": [["7C", "7D", "7S"]]},
])
def test_actions_with_fields_that_do_not_go_are_malformed(data):
    with pytest.raises(ValueError):
        Action.from_dict(data)


def test_every_refusal_names_its_reason():
    match = Match.new(6)
    reasons = set()
    for action in candidate_actions(match):
        if action not in match.legal_actions():
            with pytest.raises(IllegalAction) as refused:
                match.apply(action)
            reasons.add(refused.value.reason)
    assert "illegal" not in reasons and reasons


def test_a_knock_whose_declared_melds_do_not_hold_changes_nothing():
    match, gin = gin_position()
    assert match.hand.drawn is not None
    before = snapshot(match)
    hand = [c for c in match.hand.hands[match.current_player] if c is not gin.card]
    with pytest.raises(IllegalAction) as refused:
        match.apply(Action("gin", gin.card, [hand[:2] + hand[-1:]]))
    assert refused.value.reason in ("not_a_meld", "not_gin")
    assert snapshot(match) == before
