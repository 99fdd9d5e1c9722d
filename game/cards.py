"""Cards: 52 immutable values, their notation (`AS 2C TD JH`, also `10H`) and point values.

Every card is one of the 52 objects of `DECK`, so cards compare by identity and hash cheaply.
`Card.index` (0-51) orders the deck by suit then rank; the meld code works on these indexes.
"""

RANKS = "A23456789TJQK"
SUITS = "CDHS"  # clubs, diamonds, hearts, spades


class Card:
    __slots__ = ("rank", "suit", "index", "value", "code")

    def __init__(self, rank, suit):
        self.rank = rank  # 1 (ace) .. 13 (king)
        self.suit = suit  # index in SUITS
        self.index = suit * 13 + rank - 1
        self.value = rank if rank < 10 else 10
        self.code = RANKS[rank - 1] + SUITS[suit]

    def __str__(self):
        return self.code

    def __repr__(self):
        return "Card(" + self.code + ")"

    def __lt__(self, other):
        return self.index < other.index

    def __reduce__(self):
        # Keep the one-object-per-card invariant through copy and pickle.
        return (card_at, (self.index,))


DECK = tuple(Card(rank, suit) for suit in range(4) for rank in range(1, 14))
_BY_CODE = {card.code: card for card in DECK}


def card_at(index):
    """The card with this deck index (0-51)."""
    return DECK[index]


def parse_card(text):
    """One card from its code: `7H`, `TD`, `10d`, `as`. Raises ValueError on anything else (a
    TypeError for what is not text)."""
    if not isinstance(text, str):
        raise TypeError("card codes are text, such as '7H', got " + type(text).__name__)
    code = text.strip().upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    if code in _BY_CODE:
        return _BY_CODE[code]
    raise ValueError("not a card: " + repr(text) + " (expected a rank A 2-9 T/10 J Q K and a suit C D H S, e.g. 7H)")


def parse_cards(text):
    """Cards from space- or comma-separated codes: `parse_cards("AS 2C TD JH")`."""
    if not isinstance(text, str):
        raise TypeError("card codes are text, such as 'AS 2C', got " + type(text).__name__)
    return [parse_card(part) for part in text.replace(",", " ").split()]


def format_cards(cards):
    """The codes of the cards, space-separated (the inverse of `parse_cards`)."""
    return " ".join(card.code for card in cards)


def codes(cards):
    """The codes of the cards as a list (how cards travel in JSON)."""
    return [card.code for card in cards]


def cards_of(items):
    """The cards of a list of codes (the inverse of `codes`); raises ValueError on anything else."""
    if not isinstance(items, list):
        raise ValueError("expected a list of card codes, got " + repr(items))
    found = []
    for code in items:
        if not isinstance(code, str) or code not in _BY_CODE:
            raise ValueError("not a card code: " + repr(code))
        found.append(_BY_CODE[code])
    return found


def points(cards):
    """Total point value: ace 1, two to ten face value, jack, queen and king 10."""
    total = 0
    for card in cards:
        total += card.value
    return total
