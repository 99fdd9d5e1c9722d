"""Small pieces of HTML shared by every screen: escaping, a card, a meld of cards.

The screens are HTML strings; every text from the catalogue or the engine goes through `esc`.
A card face is drawn by the stylesheet from three spans: the corner index (rank over suit,
repeated upside down in the opposite corner) and the centre pip (a court card: its letter).
"""

from game.web.words import text as T
from game.web.words.escaping import esc
from game.web.words.i18n import _


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


def button(act, label=None, classes="g-btn", key=None, attrs=(), disabled=False, inner=None):
    """A button of the game, escaped by construction: `label` is plain text (or `inner`, markup
    this module made: a card's face, a key's letter); `attrs` more attributes as (name, value)
    pairs, each value escaped (a value of None: the attribute is left out). `data-act` names the
    command it runs (None: a button that runs nothing, shown disabled), `data-key` (default: the
    act; "" for none) is how the focus finds it again."""
    out = ['<button type="button" class="' + esc(classes) + '"']
    if act is not None:
        out.append(' data-act="' + esc(act) + '"')
    key = act if key is None else key
    if key:  # "" for none
        out.append(' data-key="' + esc(key) + '"')
    for name, value in attrs:
        if value is not None:
            out.append(" " + name + '="' + esc(value) + '"')
    if disabled:
        out.append(" disabled")
    out.append(">" + (inner if inner is not None else esc(label)) + "</button>")
    return "".join(out)


def kbd(letter):
    """A shortcut letter shown on a button (hidden from screen readers: the button's
    aria-keyshortcuts says it)."""
    return ' <kbd aria-hidden="true">' + esc(letter) + '</kbd>' if letter else ""


def card_html(card, extra_class="", label=None, key=None, act=None, attrs=()):
    """A face-up card: a button when it does something (`act`), else an image with its name;
    `attrs` more attributes, as `button`'s. A button's name leads with the printed letter of an ace or a court card
    (`T.card_button_name`)."""
    cls = "g-card " + suit_class(card) + (" " + extra_class if extra_class else "")
    if act:
        return button(act, classes=cls, key=key or "", attrs=(("aria-label", label or T.card_button_name(card)),) + attrs,
                      inner=card_face(card))
    label = label or T.card_name(card)
    more = "".join(" " + name + '="' + esc(value) + '"' for name, value in attrs if value is not None)
    return ('<span class="' + cls + '" role="img"' + (' data-key="' + key + '"' if key else '') + more
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
