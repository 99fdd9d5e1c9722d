"""Small pieces of HTML shared by every screen: escaping, a card, a meld of cards.

The screens are HTML strings; every text from the catalogue or the engine goes through `esc`.
"""

from game.web import text as T


def esc(value):
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def suit_class(card):
    return "s" + "cdhs"[card.suit]


def card_html(card, extra_class="", label=None, key=None, act=None, attrs=""):
    """A face-up card: a button when it does something (`act`), else an image with its name."""
    cls = "g-card " + suit_class(card) + (" " + extra_class if extra_class else "")
    label = label or T.card_name(card)
    inner = ('<span class="g-rank" aria-hidden="true">' + esc(T.card_label(card)[:-1]) + '</span>'
             '<span class="g-suit" aria-hidden="true">' + esc(T.card_label(card)[-1:]) + '</span>')
    if act:
        return ('<button type="button" class="' + cls + '" data-act="' + act + '"'
                + (' data-key="' + key + '"' if key else '') + ' aria-label="' + esc(label) + '"' + attrs + '>'
                + inner + '</button>')
    return '<span class="' + cls + '" role="img" aria-label="' + esc(label) + '">' + inner + '</span>'


def meld_cards(cards, extra=""):
    """Small cards side by side (a meld, or the deadwood with `extra="g-dead"`)."""
    return '<span class="g-meld ' + extra + '">' + "".join(card_html(c, "g-small") for c in cards) + '</span>'


def log_items(log):
    """The last announcements as list items (the visible log under the hand)."""
    return "".join("<li>" + esc(m) + "</li>" for m in log)
