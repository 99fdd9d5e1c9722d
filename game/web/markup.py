"""Small pieces of HTML shared by every screen: escaping, a card, a meld of cards.

The screens are HTML strings; every text from the catalogue or the engine goes through `esc`.
A card face is drawn by the stylesheet from three spans: the corner index (rank over suit,
repeated upside down in the opposite corner) and the centre pip (a court card: its letter).
"""

from game.web import text as T
from game.web.i18n import _


def esc(value):
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def suit_class(card):
    return "s" + "cdhs"[card.suit]


def card_face(card):
    """The face's spans. Only the first corner holds text: the other corner and the centre are
    drawn by the stylesheet from `data-` attributes, so the card's visible text is its label
    once ("Q♦", not "Q♦QQ♦"), as copied, found in the page or compared with the
    button's name by a checker of WCAG 2.5.3."""
    label = T.card_label(card)
    rank, suit = esc(label[:-1]), esc(label[-1:])
    centre = rank if card.rank > 10 else suit
    return ('<span class="g-idx" aria-hidden="true"><span class="g-rank">' + rank + '</span><span class="g-suit">'
            + suit + '</span></span>'
            '<span class="g-pip' + (' g-court' if card.rank > 10 else '') + '" aria-hidden="true" data-pip="'
            + centre + '"></span>'
            '<span class="g-idx g-idx2" aria-hidden="true" data-rank="' + rank + '" data-suit="' + suit + '"></span>')


def card_html(card, extra_class="", label=None, key=None, act=None, attrs=""):
    """A face-up card: a button when it does something (`act`), else an image with its name. A
    button's name leads with the printed letter of an ace or a court card (`T.card_button_name`)."""
    cls = "g-card " + suit_class(card) + (" " + extra_class if extra_class else "")
    if act:
        label = label or T.card_button_name(card)
        return ('<button type="button" class="' + cls + '" data-act="' + act + '"'
                + (' data-key="' + key + '"' if key else '') + ' aria-label="' + esc(label) + '"' + attrs + '>'
                + card_face(card) + '</button>')
    label = label or T.card_name(card)
    return ('<span class="' + cls + '" role="img"' + (' data-key="' + key + '"' if key else '')
            + ' aria-label="' + esc(label) + '">' + card_face(card) + '</span>')


def in_order(cards):
    """A meld's cards as a player lays them out: a run by rank, a set by suit."""
    return sorted(cards, key=lambda c: (c.rank, c.suit))


def meld_cards(cards, extra="", added=()):
    """Small cards side by side, in order (a meld, or the deadwood with `extra="g-dead"`);
    cards in `added` (layoffs) are marked as laid off."""
    out = []
    for c in in_order(cards):
        if c in added:
            # Translators: added to a card's name at the end of a hand ("7 of hearts, laid off").
            out.append(card_html(c, "g-small g-laid", T.card_name(c) + ", " + _("laid off")))
        else:
            out.append(card_html(c, "g-small"))
    return '<span class="g-meld ' + extra + '">' + "".join(out) + '</span>'


def log_items(log):
    """The last announcements as list items (the visible log under the hand)."""
    return "".join("<li>" + esc(m) + "</li>" for m in log)
