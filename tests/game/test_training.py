"""Training positions (game.training): a hand dealt from given cards, one hand only, never saved,
and the lessons' scripts: every suggested move legal where it is suggested, every computer
step what the real computer player chooses there, each script played to the end of the hand."""

import pytest

from game.actions import DISCARD, DRAW_STOCK, GIN, KNOCK, NEXT_HAND, PASS, TAKE_UPCARD, Action
from game.ai import make_player
from game.cards import DECK, parse_cards
from game.errors import IllegalAction
from game.rules import Rules
from game.scoring import settle
from game.training import (
    GUIDED,
    LEARNER,
    BadPosition,
    Position,
    Training,
    example_code,
    from_code,
    from_example,
    position,
    progress,
)

# The worked examples of content/rules.md (knocker, defender).
EXAMPLES = [
    ("4S 5S 6S 7S QH QD QC AH 3D 2C", "8S JH JD JC 6H 7D KC 5D 9C 2S"),
    ("2H 3H 4H 7C 7D 7S KS KH KD 9C", "AS AD 2S 5H 6D 6C 6S QS QD QC"),
    ("9H 9S 9D 3C 4C 5C JS QS KS 7D", "2C 4H 4S 4D 8H 8C 8S AH AS 5H"),
    ("2D 3D 4D 5D 7S 7H 7C JH QH KH", "6D AS AC AH 9C 9D 9H KS 4S 2C"),
    ("4S 5S 6S KH KD KC JH JD JC 3H", "3S 7S 7H 7D 7C 8S KS QD 9D 5C"),
]


def cards(text):
    return parse_cards(text)


def play_script(lesson):
    """Play a lesson's script on its own training match: the learner's steps must be listed,
    the computer's must be what its player chooses. Returns the match at the end."""
    match = lesson.start()
    computer = make_player(lesson.level, lesson.position.seed)
    for number, step in enumerate(lesson.steps):
        assert progress(lesson, match.actions) == (True, number)
        if match.current_player == LEARNER:
            assert step.say is not None, "a learner's step has words"
            assert step.action in match.legal_actions(), (number, step)
            action = step.action
        else:
            assert step.say is None, "the computer's steps are not explained"
            action = computer.choose(match.view(1 - LEARNER))
            assert (action.kind, action.card) == (step.action.kind, step.action.card), (number, action, step)
        match.apply(action)
    assert progress(lesson, match.actions) == (True, len(lesson.steps))
    return match


# --- the position and its deal ---------------------------------------------------------------------

def test_the_deal_gives_the_position_hands_upcard_and_stock():
    mine, theirs = cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC"), cards("AD 2D 3D 4D 5D 6D 7D 8D 9D TD")
    for dealer in (0, 1):
        hands = (mine, theirs)
        pos = position(hands, cards("KS")[0], dealer=dealer, stock_top=cards("QS JS"))
        match = Training(pos)
        assert match.hand.hands == [list(mine), list(theirs)]
        assert match.hand.upcard is cards("KS")[0] and match.hand.discard == cards("KS")
        assert match.hand.stock[:2] == cards("QS JS") and len(match.hand.stock) == 31
        assert match.hand.dealer == dealer and match.current_player == 1 - dealer
        assert sorted(pos.deck()) == sorted(DECK)


def test_the_stock_rest_is_shuffled_by_the_seed():
    hands = (cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC"), cards("AD 2D 3D 4D 5D 6D 7D 8D 9D TD"))
    one, two = position(hands, DECK[51], seed=1), position(hands, DECK[51], seed=2)
    assert one.stock != two.stock and sorted(one.stock) == sorted(two.stock)
    assert position(hands, DECK[51], seed=1).stock == one.stock


@pytest.mark.parametrize("hands, upcard", [
    ((cards("AC 2C 3C 4C 5C 6C 7C 8C 9C"), cards("AD 2D 3D 4D 5D 6D 7D 8D 9D TD")), "KS"),  # 9 cards
    ((cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC"), cards("AC 2D 3D 4D 5D 6D 7D 8D 9D TD")), "KS"),  # AC twice
    ((cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC"), cards("AD 2D 3D 4D 5D 6D 7D 8D 9D TD")), "TD"),  # upcard dealt
])
def test_a_position_that_is_not_52_distinct_cards_is_refused(hands, upcard):
    with pytest.raises(BadPosition) as caught:
        position(hands, cards(upcard)[0])
    assert caught.value.reason == "cards"


def test_a_stock_that_misses_a_card_is_refused():
    hands = (cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC"), cards("AD 2D 3D 4D 5D 6D 7D 8D 9D TD"))
    good = position(hands, DECK[51])
    with pytest.raises(BadPosition):
        Position(hands, DECK[51], good.stock[:-1], 1, good.rules, 1)


# --- the engine still accepts exactly what it lists -------------------------------------------------

def test_a_training_accepts_only_listed_actions():
    match = GUIDED.start()
    assert match.legal_actions() == [Action(TAKE_UPCARD), Action(PASS)]
    for action in (Action(DRAW_STOCK), Action(DISCARD, cards("KS")[0]), Action(NEXT_HAND), "take"):
        with pytest.raises(IllegalAction):
            match.apply(action)
    assert match.actions == [] and match.hand.phase == "upcard"
    match.apply(Action(TAKE_UPCARD))
    taken = cards("9H")[0]
    with pytest.raises(IllegalAction) as caught:
        match.apply(Action(DISCARD, taken))
    assert caught.value.reason == "taken_card"


def test_a_training_is_one_hand_and_is_not_saved():
    match = play_script(GUIDED)
    assert match.phase == "hand_over" and match.legal_actions() == []
    with pytest.raises(IllegalAction) as caught:
        match.apply(Action(NEXT_HAND))
    assert caught.value.reason == "training_over"
    with pytest.raises(TypeError):
        match.to_dict()
    view = match.view(LEARNER)
    assert view.legal_actions == [] and view.result.kind == "knock"


def test_a_training_past_the_target_is_still_only_a_hand():
    # A gin worth more than a short game's target: the hand ends, no match is won.
    lesson = from_example(cards("2D 3D 4D 5D 7S 7H 7C JH QH KH"), cards("6D AS AC AH 9C 9D 9H KS 4S 2C"),
                          Rules.preset("classic").replace(target=30))
    match = play_script(lesson)
    assert match.hand.points() >= lesson.position.rules.target
    assert match.phase == "hand_over" and match.winner is None and match.totals is None
    assert match.view(LEARNER).winner is None


# --- the guided hand ----------------------------------------------------------------------------------

def test_the_guided_script_holds_against_the_real_computer_and_ends_the_hand():
    match = play_script(GUIDED)
    assert match.hand.phase == "over"
    result = match.hand.end["settlement"]
    assert match.hand.end["knocker"] == LEARNER and result.winner == "knocker" and result.kind == "knock"


def test_the_guided_hand_s_words_name_what_is_true_on_the_table():
    # The cards each learner's step names: the meld it makes, the card to discard.
    match = GUIDED.start()
    computer = make_player(GUIDED.level, GUIDED.position.seed)
    for step in GUIDED.steps:
        if match.current_player != LEARNER:
            match.apply(computer.choose(match.view(1)))
            continue
        view = match.view(LEARNER)
        if step.say in ("run", "set"):  # the card to take and the cards it melds with
            taken = view.discard_pile[-1]
            assert step.cards[0] is taken and all(card in view.hand for card in step.cards[1:])
        if step.say == "high":  # a card worth its points that melds with nothing after the discard
            assert step.cards[0] is step.action.card
        if step.say == "no_use":
            assert step.cards[0] is view.discard_pile[-1]
        if step.say == "low":
            assert view.discard_deadwood[step.action.card.index] == step.cards[-1].value <= view.knock_limit
        match.apply(step.action)


def test_leaving_the_script_is_allowed_and_said():
    match = GUIDED.start()
    match.apply(Action(PASS))  # not the suggested move: the engine takes it, the script is left
    assert progress(GUIDED, match.actions) == (False, 0)


# --- the guide's worked examples ------------------------------------------------------------------------

@pytest.mark.parametrize("knocker, defender", EXAMPLES)
def test_an_example_position_settles_as_the_example(knocker, defender):
    knocker, defender = cards(knocker), cards(defender)
    lesson = from_example(knocker, defender)
    held = lesson.position.hands[LEARNER]
    assert lesson.position.upcard in knocker and lesson.position.upcard not in held
    assert len(set(held) & set(knocker)) == 9
    assert list(lesson.position.hands[1 - LEARNER]) == defender
    match = play_script(lesson)
    expected = settle(knocker, defender, Rules.preset("classic"))
    got = match.hand.end["settlement"]
    assert (got.kind, got.points, got.knocker_deadwood, got.defender_deadwood) == (
        expected.kind, expected.points, expected.knocker_deadwood, expected.defender_deadwood)
    assert sorted(match.hand.hands[LEARNER]) == sorted(knocker)


def test_each_example_step_says_what_the_upcard_makes():
    gin = from_example(cards("2D 3D 4D 5D 7S 7H 7C JH QH KH"), cards("6D AS AC AH 9C 9D 9H KS 4S 2C"))
    assert gin.steps[-1].action.kind == GIN and gin.steps[0].say == "run"
    three = from_example(cards(EXAMPLES[0][0]), cards(EXAMPLES[0][1]))
    assert three.steps[0].say == "set" and [c.rank for c in three.steps[0].cards] == [12, 12, 12]
    four = from_example(cards("QH QD QC QS 5S 6S 7S AD 2H 3D"), cards("8S JH JD JC 6D 5C KC 5D 9C 2C"))
    assert four.steps[0].say == "four" and len(four.steps[0].cards) == 4
    assert four.steps[-1].action.kind == KNOCK


def test_an_example_that_cannot_knock_is_refused():
    with pytest.raises(BadPosition) as caught:
        from_example(cards("2D 3D 4D 5D 7S 7H 8C JH QH KH"), cards("6D AS AC AH 9C 9D 9H KS 4S 2C"))
    assert caught.value.reason == "no_knock"


def test_oklahoma_chooses_an_upcard_whose_limit_allows_the_knock():
    knocker, defender = cards("4S 5S 6S 7S QH QD QC AH 3D 2C"), cards("8S JH JD JC 6H 7D KC 5D 9C 2S")
    lesson = from_example(knocker, defender, Rules.preset("oklahoma"))
    assert lesson.position.upcard.value >= 6  # the knocker's deadwood is 6
    play_script(lesson)


# --- the address code -------------------------------------------------------------------------------------

def test_an_example_code_names_the_same_lesson():
    knocker, defender = cards(EXAMPLES[0][0]), cards(EXAMPLES[0][1])
    code = example_code(knocker, defender, Rules.preset("classic"))
    assert code == "classic.4S5S6S7SQHQDQCAH3D2C.8SJHJDJC6H7DKC5D9C2S"
    lesson = from_code(code)
    assert lesson.position.hands[1 - LEARNER] == tuple(defender)
    assert from_code("guided") is GUIDED


@pytest.mark.parametrize("code, reason", [
    ("", "unknown"), ("nothing", "unknown"), ("a.b.c.d", "unknown"),
    ("poker.4S5S6S7SQHQDQCAH3D2C.8SJHJDJC6H7DKC5D9C2S", "rules"),
    ("classic.4S5S6S7SQHQDQCAH3D.8SJHJDJC6H7DKC5D9C2S", "cards"),  # 9 cards
    ("classic.4S5S6S7SQHQDQCAH3D2C.8SJHJDJC6H7DKC5D9C2Z", "cards"),  # no such card
    ("classic.4S5S6S7SQHQDQCAH3D2C.4SJHJDJC6H7DKC5D9C2S", "cards"),  # 4S twice
    ("classic.2D3D4D5D7S7H8CJHQHKH.6DASACAH9C9D9HKS4S2C", "no_knock"),
])
def test_a_bad_code_is_refused_with_its_reason(code, reason):
    with pytest.raises(BadPosition) as caught:
        from_code(code)
    assert caught.value.reason == reason


@pytest.mark.parametrize("code", [None, 5, ["guided"], b"guided"])
def test_a_code_that_is_not_text_is_a_bad_position(code):
    # Weak 13: AttributeError, where docs/engine.md promises BadPosition.
    with pytest.raises(BadPosition) as refused:
        from_code(code)
    assert refused.value.reason == "unknown"
