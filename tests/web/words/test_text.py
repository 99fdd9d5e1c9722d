"""The UI's sentences, built in CPython from the engine's results (English source strings)."""

from types import SimpleNamespace

import pytest

from game.actions import Action, Event
from game.cards import parse_card, parse_cards
from game.errors import IllegalAction
from game.rules import Rules
from game.scoring import check_declaration, settle
from game.web.words import dialogtext as MT
from game.web.words import events as EV
from game.web.words import i18n
from game.web.words import text as T

NAMES = [T.Who("you"), T.Who("computer")]
DUO = [T.Who("player", 1), T.Who("player", 2)]


@pytest.fixture(autouse=True)
def english():
    i18n.install(i18n.Catalog(None))


def end_of(knocker_cards, defender_cards, rules=None):
    """The fields of a View that the score line reads, for a hand the computer (seat 1) ended."""
    result = settle(parse_cards(knocker_cards), parse_cards(defender_cards), rules)
    return SimpleNamespace(end_kind=result.kind, knocker=1, result=result)


def test_score_lines_explain_the_points():
    knock = end_of("5H 6H 7H AS AD AC 2C 3C 4C 6D", "KS KD KC QS QD QC JS JD JC 9D")
    assert EV.score_line(knock, NAMES) == (
        "The computer knocked with 6 points of deadwood against your 9 after layoffs and scores the difference, "
        "3 points.")
    under = end_of("5H 6H 7H AS AD AC 2C 3C 4C 6D", "KS KD KC QS QD QC JS JD JC 5S")
    assert EV.score_line(under, NAMES) == (
        "The computer knocked with 6 points of deadwood, but after layoffs you had only 5. That is an undercut: "
        "you score the 25-point undercut bonus plus the difference of 1, 26 points in all.")
    tie = end_of("5H 6H 7H AS AD AC 2C 3C 4C 6D", "KS KD KC QS QD QC JS JD JC 6S")
    assert EV.score_line(tie, NAMES) == (
        "The computer knocked with 6 points of deadwood, and after layoffs you had 6 too. A tie is an undercut: "
        "you score the undercut bonus, 25 points.")
    gin = end_of("5H 6H 7H AS AD AC 2C 3C 4C 8H", "9H TH 2D 3S 4D KS QS JC 9S 8C")
    assert EV.score_line(gin, NAMES) == (
        "The computer's gin scores 100 points: the 25-point gin bonus plus your 75 points of deadwood.")
    # Said after the event's "Dead hand: only two cards are left…", under the title "Dead hand":
    # it says what follows, without "Dead hand" a second time.
    dead = EV.score_line(SimpleNamespace(end_kind="dead", knocker=None, result=None), NAMES)
    assert dead.startswith("No score") and "Dead hand" not in dead


def test_score_lines_have_a_sentence_for_each_point_of_view():
    """You knocked, you defended, two players on one device: three whole sentences, never a
    name where "you" belongs ("Points for you")."""
    gin = end_of("5H 6H 7H AS AD AC 2C 3C 4C 8H", "9H TH 2D 3S 4D KS QS JC 9S 8C")
    mine = EV.score_line(gin, [T.Who("computer"), T.Who("you")])  # seat 1, the knocker, is you
    assert mine == "Your gin scores 100 points: the 25-point gin bonus plus the computer's 75 points of deadwood."
    assert EV.score_line(gin, DUO) == (
        "Player 2's gin scores 100 points: the 25-point gin bonus plus Player 1's 75 points of deadwood.")
    one = end_of("5H 6H 7H KS KD KC 2C 3C 4C AD", "QS QD QC JS JD JC 9D 9S 8D 8S")
    assert EV.score_line(one, [T.Who("computer"), T.Who("you")]).startswith("You knocked with 1 point of deadwood against the computer's 34 after")


def test_names_inside_sentences_and_as_headings():
    assert [T.name(w) for w in (T.Who("computer"), T.Who("friend"), T.Who("player", 2))] == [
        "the computer", "your friend", "Player 2"]
    assert [T.label(w) for w in (T.Who("you"), T.Who("computer"), T.Who("player", 1))] == [
        "You", "The computer", "Player 1"]
    assert T.pass_device(2) == "Pass the device to Player 2."


def test_rules_summary_names_only_what_the_preset_has():
    assert MT.rules_summary(Rules.preset()) == (
        "Knock with 10 points of deadwood or less. Gin scores a bonus of 25. An undercut scores a bonus of 25. "
        "The match is played to 100 points. No end-of-match bonuses.")
    straight = MT.rules_summary(Rules.preset("straight"))
    assert "undercut" not in straight and straight.startswith("No knocking: only gin")
    modern = MT.rules_summary(Rules.preset("modern"))
    assert "Big gin scores a bonus of 31." in modern and "Each hand won adds 25" in modern
    assert "No bonus" not in modern
    assert T.preset_title("modern") == "Traditional"


def test_declaration_problems_are_worded_from_the_engine_reason():
    cards = parse_cards("AS 2S 3S 5D 5H 5C 9C 8C 7C KH")
    with pytest.raises(IllegalAction) as over:
        check_declaration(cards, [parse_cards("AS 2S 3S")], "knock", 10)
    assert MT.declaration_problem(over.value, []) == "You would keep 49 points of deadwood, over the knock limit of 10."
    melds = [parse_cards("AS 2S 5D")]
    with pytest.raises(IllegalAction) as bad:
        check_declaration(cards, melds, "knock", 10)
    assert MT.declaration_problem(bad.value, melds) == "Meld 1 is neither a set nor a run."
    with pytest.raises(IllegalAction) as one:
        check_declaration(parse_cards("AS 2S 3S 5D 5H 5C 9C 8C 7C AH"), None, "gin", 10)
    assert MT.declaration_problem(one.value, []) == "Gin needs every card in a meld; 1 point of deadwood is left."


def test_announcements_never_name_the_opponents_stock_card():
    draw = Event("draw_stock", 1)
    assert EV.move_text(draw, NAMES, 0) == "The computer drew a card from the stock."
    assert EV.move_text(Event("draw_stock", 0), NAMES, 0, parse_card("7H")) == "You drew the 7 of hearts from the stock."
    assert EV.move_text(Event("discard", 1, parse_card("AS")), NAMES, 0) == "The computer discarded the ace of spades."
    assert EV.move_text(Event("deal", None, None, {"dealer": 0, "hand": 2}), NAMES, 0) == "Hand 2: you deal."
    assert EV.move_text(Event("deal", None, None, {"dealer": 1, "hand": 3}), NAMES, 0) == "Hand 3: the computer deals."


def test_two_players_on_one_device_are_named_and_only_the_screens_draw_is_told():
    assert EV.move_text(Event("pass", 0), DUO, 0) == "Player 1 passed the upcard."
    assert EV.move_text(Event("draw_stock", 0), DUO, 0, parse_card("KD")) == "You drew the king of diamonds from the stock."
    assert EV.move_text(Event("draw_stock", 1), DUO, 0) == "Player 2 drew a card from the stock."
    assert EV.move_text(Event("deal", None, None, {"dealer": 0, "hand": 2}), DUO, 0) == "Hand 2: Player 1 deals."


def test_a_choice_of_discards_is_said_as_a_choice():
    cards = parse_cards("9C 5H KS")
    view = SimpleNamespace(legal_actions=[Action("knock", c) for c in cards],
                           discard_deadwood={c.index: 4 for c in cards})
    assert T.possible_endings(view) == [
        "You can knock by discarding one of these cards: the 5 of hearts, the 9 of clubs or the king of spades."]
