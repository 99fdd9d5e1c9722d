"""The UI's sentences, built in CPython from the engine's results (English source strings)."""

from types import SimpleNamespace

import pytest

from game.actions import Event
from game.cards import parse_card, parse_cards
from game.errors import IllegalAction
from game.rules import Rules
from game.scoring import check_declaration, settle
from game.web import i18n
from game.web import text as T

NAMES = ["you", "the computer"]


@pytest.fixture(autouse=True)
def english():
    i18n.install(i18n.Catalog(None))


def end_of(knocker_cards, defender_cards, rules=None):
    """The fields of a View that the score line reads, for a hand the computer (seat 1) ended."""
    result = settle(parse_cards(knocker_cards), parse_cards(defender_cards), rules)
    return SimpleNamespace(end_kind=result.kind, knocker=1, result=result)


def test_score_lines_explain_the_points():
    knock = end_of("5H 6H 7H AS AD AC 2C 3C 4C 6D", "KS KD KC QS QD QC JS JD JC 9D")
    assert T.score_line(knock, NAMES) == (
        "Knock by the computer: deadwood 6 against 9. Points for the computer: the difference, 3.")
    under = end_of("5H 6H 7H AS AD AC 2C 3C 4C 6D", "KS KD KC QS QD QC JS JD JC 6S")
    assert T.score_line(under, NAMES).endswith(
        "Points for you: the undercut bonus 25 plus the difference 0, 25 in all.")
    gin = end_of("5H 6H 7H AS AD AC 2C 3C 4C 8H", "9H TH 2D 3S 4D KS QS JC 9S 8C")
    assert T.score_line(gin, NAMES) == (
        "Gin by the computer. Points for the computer: the gin bonus 25 plus the deadwood of you, 75: 100 in all.")
    assert T.score_line(SimpleNamespace(end_kind="dead", knocker=None, result=None), NAMES).startswith("Dead hand")


def test_rules_summary_names_only_what_the_preset_has():
    assert T.rules_summary(Rules.preset()) == "knock with 10 or less; gin 25; undercut 25; game to 100"
    straight = T.rules_summary(Rules.preset("straight"))
    assert "undercut" not in straight and straight.startswith("gin only")
    assert "big gin 31" in T.rules_summary(Rules.preset("modern"))


def test_declaration_problems_are_worded_from_the_engine_reason():
    cards = parse_cards("AS 2S 3S 5D 5H 5C 9C 8C 7C KH")
    with pytest.raises(IllegalAction) as over:
        check_declaration(cards, [parse_cards("AS 2S 3S")], "knock", 10)
    assert T.declaration_problem(over.value, []) == "The deadwood (49) is over the knock limit (10)."
    melds = [parse_cards("AS 2S 5D")]
    with pytest.raises(IllegalAction) as bad:
        check_declaration(cards, melds, "knock", 10)
    assert T.declaration_problem(bad.value, melds) == "Meld 1 is neither a set nor a run."
    with pytest.raises(IllegalAction) as one:
        check_declaration(parse_cards("AS 2S 3S 5D 5H 5C 9C 8C 7C AH"), None, "gin", 10)
    assert T.declaration_problem(one.value, []) == "Gin needs every card in a meld; 1 point of deadwood is left."


def test_announcements_never_name_the_opponents_stock_card():
    draw = Event("draw_stock", 1)
    assert T.move_text(draw, NAMES, 0) == "The computer drew a card from the stock."
    assert T.move_text(Event("draw_stock", 0), NAMES, 0, parse_card("7H")) == "You drew the 7 of hearts from the stock."
    assert T.move_text(Event("deal", None, None, {"dealer": 0, "hand": 2}), NAMES, 0) == "Hand 2: you deal."
    assert T.move_text(Event("deal", None, None, {"dealer": 1, "hand": 3}), NAMES, 0) == "Hand 3: the computer deals."
