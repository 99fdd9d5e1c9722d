"""Card names in the reader's language, for the page UI and the guide's card chips.

The words live in the `game` gettext domain; callers pass their own `pgettext`, so the same
code serves the generator (Babel catalogues) and the browser (a JSON catalogue).
"""

from game.cards import SUITS

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def rank_name(rank, pgettext):
    """The spoken name of a rank: "ace", "7", "queen" (translated)."""
    if rank == 1:
        return pgettext("card rank", "ace")
    if rank == 11:
        return pgettext("card rank", "jack")
    if rank == 12:
        return pgettext("card rank", "queen")
    if rank == 13:
        return pgettext("card rank", "king")
    return str(rank)


def rank_symbol(rank, pgettext):
    """The rank as printed on the card: "A", "7", "10", "Q" (French decks print R, D, V)."""
    if rank == 1:
        return pgettext("rank symbol", "A")
    if rank == 11:
        return pgettext("rank symbol", "J")
    if rank == 12:
        return pgettext("rank symbol", "Q")
    if rank == 13:
        return pgettext("rank symbol", "K")
    return str(rank)


def suit_name(suit, pgettext):
    """The name of a suit as used in a card's name: "hearts" ("7 of hearts")."""
    letter = SUITS[suit]
    if letter == "C":
        return pgettext("card suit", "clubs")
    if letter == "D":
        return pgettext("card suit", "diamonds")
    if letter == "H":
        return pgettext("card suit", "hearts")
    return pgettext("card suit", "spades")


def card_name(card, pgettext):
    """The accessible name of a card: "7 of hearts", "7 de cœur", "7 cơ"."""
    # Translators: a playing card's name; {rank} is e.g. "7" or "queen", {suit} e.g. "hearts".
    template = pgettext("card name", "{rank} of {suit}")
    return template.replace("{rank}", rank_name(card.rank, pgettext)).replace("{suit}", suit_name(card.suit, pgettext))


def card_button_name(card, pgettext):
    """The accessible name of a card one can press: its name, led by the letter printed in its
    corner when that letter is not the rank's word ("Q, queen of diamonds", "7 of hearts",
    "Q rô"), so that a speech-input user can say the letter they see and a screen reader still
    says the card once (WCAG 2.5.3, Label in Name)."""
    symbol = rank_symbol(card.rank, pgettext)
    name = card_name(card, pgettext)
    if symbol == rank_name(card.rank, pgettext):
        return name
    # Translators: the name of a card one can press, when the letter printed in its corner is
    # not the rank's word; {symbol} is that letter ("Q", fr "D"), {name} the card's name
    # ("queen of diamonds"). Speech-input users say the letter they see, so keep {symbol} first.
    template = pgettext("card button", "{symbol}, {name}")
    return template.replace("{symbol}", symbol).replace("{name}", name)


def card_with_article(card, pgettext):
    """A card's name with its definite article, for a sentence: "the queen of diamonds",
    « la dame de carreau », « l’as de pique », « le 7 de cœur »; a language with no article
    gives the classifier a card takes in a sentence instead (vi "lá Q rô"), so its sentences
    never add it. One message per rank word, so each language gives each rank its own article
    (gender, elision)."""
    suit = suit_name(card.suit, pgettext)
    rank = card.rank
    if rank == 1:
        # Translators: the ace with its definite article; {suit} is e.g. "spades".
        # fr « l’as de {suit} »; vi, with no article, its classifier « lá át {suit} ».
        template = pgettext("card with article", "the ace of {suit}")
    elif rank == 11:
        # Translators: the jack with its definite article; {suit} is e.g. "spades".
        # vi « lá J {suit} ».
        template = pgettext("card with article", "the jack of {suit}")
    elif rank == 12:
        # Translators: the queen with its definite article; {suit} is e.g. "spades".
        # fr « la dame de {suit} »; vi « lá Q {suit} ».
        template = pgettext("card with article", "the queen of {suit}")
    elif rank == 13:
        # Translators: the king with its definite article; {suit} is e.g. "spades".
        # vi « lá K {suit} ».
        template = pgettext("card with article", "the king of {suit}")
    else:
        # Translators: a number card (2 to 10) with its definite article; {rank} is the number,
        # {suit} e.g. "spades" (fr « le {rank} de {suit} »; vi « lá {rank} {suit} »).
        template = pgettext("card with article", "the {rank} of {suit}")
    return template.replace("{rank}", str(rank)).replace("{suit}", suit)


def card_label(card, pgettext):
    """The short printed label of a card: rank symbol plus suit symbol, e.g. "Q♥"."""
    return rank_symbol(card.rank, pgettext) + SUIT_SYMBOLS[SUITS[card.suit]]
