"""Random legal matches keep the engine's invariants; illegal actions change nothing."""

import pytest

from game.actions import KINDS, NEXT_HAND, Action
from game.cards import DECK
from game.errors import IllegalAction
from game.match import Match
from game.melds import deadwood_after_each_discard
from game.rng import Rng
from game.rules import PRESETS, Rules
from tests.game.reasons import DOCUMENTED


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


# --- whatever the argument's type (reliability review, E01-E11) -------------------------------

def knock_position(seed=1):
    """A match where the player to move, who has just drawn, may knock (seed 1: knock 4S)."""
    match = Match.new(seed)
    while True:
        legal = match.legal_actions()
        knocks = [a for a in legal if a.kind == "knock"]
        if knocks:
            return match, knocks[0]
        if match.hand.phase == "discard":
            hand, after = match.hand.hands[match.current_player], match.hand.deadwood_after()
            best = min((i for i in range(11) if hand[i] is not match.hand.taken), key=lambda i: after[i])
            match.apply(Action("discard", hand[best]))
        else:
            match.apply(Action("pass" if match.hand.phase == "upcard" else "draw_stock"))


def refused(match, action):
    """The reason `action` is refused; asserts that nothing changed, the save included."""
    before = snapshot(match)
    with pytest.raises(IllegalAction) as caught:
        match.apply(action)
    assert snapshot(match) == before
    return caught.value.reason


@pytest.mark.parametrize("melds", [
    5, "7H 8H 9H", [None], [["7H", "8H", "9H"]], [[1, 2, 3]], {}, {"7H": 1}, [{"7H", "8H", "9H"}],
    [[DECK[0], DECK[1], "2H"]], b"7H", [[None]],
], ids=lambda melds: repr(melds).replace(repr({"7H", "8H", "9H"}), "{7H 8H 9H}"))
def test_malformed_declared_melds_are_refused_and_keep_the_drawn_card(melds):
    match, knock = knock_position()
    drawn = match.hand.drawn
    assert drawn is not None
    assert refused(match, Action("knock", knock.card, melds)) == "not_a_meld"
    assert match.hand.drawn is drawn and match.view(match.current_player).drawn is drawn
    assert refused(match, Action("gin", knock.card, melds)) in ("not_a_meld", "not_gin")
    with pytest.raises(IllegalAction) as caught:
        match.check_declaration(Action("knock", knock.card, melds))
    assert caught.value.reason == "not_a_meld"


def test_a_generator_of_melds_is_refused_without_being_read():
    match, knock = knock_position()
    melds = match.view(match.current_player).arrangement.melds
    read = []

    def groups():
        for meld in melds:
            read.append(meld)
            yield list(meld)

    source = groups()
    assert refused(match, Action("knock", knock.card, source)) == "not_a_meld"
    assert read == [] and next(source) == list(melds[0])


def test_declared_melds_the_caller_changes_afterwards_do_not_change_the_match():
    match, knock = knock_position()
    melds = [list(meld) for meld in match.view(match.current_player).arrangement.melds]
    action = Action("knock", knock.card, melds)
    match.apply(action)
    saved = match.to_dict()
    melds[0].clear()
    melds.clear()
    action.kind, action.card = "discard", DECK[0]
    assert match.to_dict() == saved
    assert Match.from_dict(saved).to_dict() == saved
    kept = match.actions[-1]
    assert kept is not action and type(kept.melds) is tuple and all(type(m) is tuple for m in kept.melds)


def test_foreign_cards_and_empty_melds_get_the_rule_they_break():
    from game.cards import Card

    match, knock = knock_position()
    assert refused(match, Action("knock", knock.card, [])) == "over_limit"
    assert refused(match, Action("knock", knock.card, [[]])) == "not_a_meld"
    assert refused(match, Action("knock", knock.card, [[Card(7, 2), Card(8, 2), Card(9, 2)]])) == "not_in_hand"
    assert refused(match, Action("knock", Card(knock.card.rank, knock.card.suit))) == "not_in_hand"


def odd_values():
    from game.cards import Card

    return [5, 7.0, True, "7H", Card(7, 2), [DECK[0]], {"card": "7H"}, b"7H", float("nan"), 10 ** 5000]


def positions():
    """A match in each phase: upcard offer, draw, discard, between hands, over."""
    offer = Match.new(4)
    draw = Match.new(4)
    draw.apply(Action("pass"))
    draw.apply(Action("pass"))
    discard = Match.new(4)
    discard.apply(Action("take_upcard"))
    between, knock = knock_position()
    between.apply(knock)
    over = play(5, Rules.preset("short"))
    return {"upcard": offer, "draw": draw, "discard": discard, "hand_over": between, "match_over": over}


@pytest.mark.parametrize("phase", ["upcard", "draw", "discard", "hand_over", "match_over"])
def test_kinds_that_are_not_kinds_are_not_actions_in_every_phase(phase):
    match = positions()[phase]
    assert match.phase == phase
    for kind in (None, 7, ["discard"], "cheat", "Discard", b"discard", ("pass",), {"kind": "pass"}, 10 ** 5000):
        for card in [None] + odd_values() + [match.hand.hands[0][0]]:
            assert refused(match, Action(kind, card)) == "not_an_action", (kind, card)


@pytest.mark.parametrize("phase", ["upcard", "draw", "discard", "hand_over", "match_over"])
def test_odd_cards_on_every_kind_are_refused_by_a_documented_reason(phase):
    match = positions()[phase]
    for kind in KINDS:
        for card in odd_values():
            assert refused(match, Action(kind, card)) in DOCUMENTED, (kind, card)


def test_between_hands_and_after_the_match_the_reasons_are_the_phase():
    between, over = positions()["hand_over"], positions()["match_over"]
    assert refused(between, Action(NEXT_HAND, None, [])) == "no_melds_here"
    assert refused(between, Action("knock", DECK[0])) == "hand_over"
    assert refused(over, Action(NEXT_HAND)) == "match_over"
    for match in (between, over):
        with pytest.raises(IllegalAction) as caught:
            match.check_declaration(Action("knock", DECK[0]))
        assert caught.value.reason == "hand_over"


def test_check_declaration_gives_the_reasons_apply_gives():
    match, knock = knock_position()
    before = snapshot(match)
    assert match.check_declaration(knock).deadwood_points <= 10
    for action in (Action("discard", knock.card), Action(None), "knock", Action("knock", knock.card, 5)):
        with pytest.raises(IllegalAction) as caught:
            match.check_declaration(action)
        assert caught.value.reason in ("no_melds_here", "not_an_action", "not_a_meld")
    offer = Match.new(4)
    with pytest.raises(IllegalAction) as caught:
        offer.check_declaration(Action("knock", offer.hand.hands[0][0]))
    assert caught.value.reason == "upcard_offer"
    assert snapshot(match) == before


@pytest.mark.parametrize("seed, error", [
    (1.5, TypeError), (True, TypeError), ("12", TypeError), (None, TypeError), ([1], TypeError),
    (-1, ValueError), (2 ** 53, ValueError), (10 ** 30, ValueError),
])
def test_a_match_is_never_made_from_a_seed_its_save_refuses(seed, error):
    with pytest.raises(error, match="seed"):
        Match.new(seed)


def test_the_largest_seed_makes_a_match_that_saves():
    from game.deals import MAX_SEED

    match = Match.new(MAX_SEED)
    assert Match.from_dict(match.to_dict()).hand.hands == match.hand.hands


@pytest.mark.parametrize("rules", ["classic", {}, {"name": "classic"}, 0, Rules])
def test_rules_that_are_not_a_rules_value_are_refused_at_creation(rules):
    with pytest.raises(TypeError, match="Rules value"):
        Match.new(1, rules)
