import pytest

from game.cards import DECK, card_at, format_cards, parse_card, parse_cards, points


def test_notation_round_trips_for_every_card():
    assert len(DECK) == 52 and len({card.code for card in DECK}) == 52
    for card in DECK:
        assert parse_card(str(card)) is card
        assert card_at(card.index) is card


def test_parse_accepts_ten_lower_case_and_commas():
    cards = parse_cards("AS 2c, 10H td JH")
    assert format_cards(cards) == "AS 2C TH TD JH"
    assert [str(card) for card in cards] == ["AS", "2C", "TH", "TD", "JH"]


@pytest.mark.parametrize("bad", ["1S", "AX", "11H", "", "KHH"])
def test_parse_rejects_bad_codes_with_a_message(bad):
    with pytest.raises(ValueError, match="not a card"):
        parse_card(bad)


def test_values_ace_low_faces_ten():
    assert points(parse_cards("AS 2C 9D TH JH QS KC")) == 1 + 2 + 9 + 10 + 10 + 10 + 10


def test_cards_survive_copy_as_the_same_object():
    import copy
    import pickle

    card = parse_card("7H")
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize("bad", [7, None, ["7H"], b"7H"])
def test_parse_of_what_is_not_text_says_so(bad):
    # Weak 13 of the reliability review: AttributeError ('int' object has no attribute 'strip').
    with pytest.raises(TypeError, match="card codes are text"):
        parse_card(bad)
    with pytest.raises(TypeError, match="card codes are text"):
        parse_cards(bad)
