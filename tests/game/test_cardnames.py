from game.cardnames import card_button_name, card_label, card_name
from game.cards import parse_card

FRENCH = {
    ("card name", "{rank} of {suit}"): "{rank} de {suit}", ("card rank", "queen"): "dame",
    ("card suit", "hearts"): "cœur", ("rank symbol", "Q"): "D",
}


def english(context, message):
    return message


def french(context, message):
    return FRENCH.get((context, message), message)


def test_names_and_labels_come_from_the_catalogue():
    queen = parse_card("QH")
    assert card_name(queen, english) == "queen of hearts"
    assert card_name(parse_card("TS"), english) == "10 of spades"
    assert card_label(queen, english) == "Q♥"
    assert card_name(queen, french) == "dame de cœur"
    assert card_label(queen, french) == "D♥"


VIETNAMESE = {("card name", "{rank} of {suit}"): "{rank} {suit}", ("card rank", "queen"): "Q", ("card suit", "hearts"): "cơ"}


def test_a_button_names_the_printed_letter_first_only_when_it_is_not_the_rank_word():
    queen = parse_card("QH")
    assert card_button_name(queen, english) == "Q, queen of hearts"
    assert card_button_name(parse_card("TS"), english) == "10 of spades"
    assert card_button_name(queen, french) == "D, dame de cœur"
    assert card_button_name(queen, lambda c, m: VIETNAMESE.get((c, m), m)) == "Q cơ"
