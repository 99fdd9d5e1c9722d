"""The coach's screens: the review of a hand (a dialog listing the decisions Hard would have
made otherwise) and a reviewed position shown again on the table, each registered with the
render (`game.web.table.render.piece`). Drawn from the View on screen and the UI state
(`Ui.coach`, `game.web.play.coaching`). Pure Python.
"""

from game.web.play.coaching import reviewing
from game.web.table.hints import hard_label
from game.web.table.markup import button, card_html, esc
from game.web.table.pieces import piece
from game.web.table.table import render_fan
from game.web.words import coachtext as W
from game.web.words import text as T
from game.web.words.i18n import _, fmt, pgettext

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


@piece("dialog:review")
def render_review_dialog(view, ui):
    """(title, body) of the review: the decisions Hard would have made otherwise, each with its
    cost and a button showing it on the table."""
    current = ui.coach["review"]
    title = _("Review of the hand")
    out = []
    items = current["items"] if current is not None else None
    if items is None:
        out.append('<p>' + esc(_("Working out the review…")) + '</p>')
    else:
        out.append('<p class="g-review-summary">' + esc(W.review_summary(items, current["total"])) + '</p>')
        names = ui.names()
        # The first use of each term in the whole list links to the glossary.
        words = W.linked([text for item in items for text in item_texts(item, names)])
        out.append('<ol class="g-review">')
        for k in range(len(items)):
            item = items[k]
            out.append('<li class="g-review-item">' + render_item(item, words[3 * k:3 * k + 3])
                       + '<div class="g-actions">' + button("review_step", _("Show on the table"),
                                                          key="review_step-" + str(k), attrs=(("data-arg", str(k)),))
                       + '</div></li>')
        out.append('</ol>')
    out.append('<div class="g-actions">' + button("review_close", _("Close"), "g-btn g-primary") + '</div>')
    return title, "".join(out)


def item_texts(item, names):
    """The three sentences of a reviewed decision, marks included: what the player did, Hard's
    move and why, what Hard's move was worth more."""
    return [W.played_text(item, names), W.hint_text(item.suggestion), W.cost_text(item)]


def render_item(item, words):
    """One reviewed decision: what was decided, then its three sentences (`item_texts`) as
    markup."""
    return ('<h3>' + esc(W.decision_title(item)) + '</h3>'
            + '<p>' + words[0] + '</p>'
            + '<p class="g-hint-of">' + hard_label() + '<span class="g-hint-text">' + words[1] + '</span></p>'
            + '<p class="g-cost">' + words[2] + '</p>')



@piece("position")
def render_position(view, ui):
    """A reviewed decision on the table: the position as the player saw it then (the View the
    engine rebuilt), the player's card and Hard's marked, the words, and the way back."""
    current = ui.coach["review"]
    item = reviewing(view, ui)
    seen = item.view
    names = ui.names()
    count = len(current["items"])
    step = current["step"]
    out = ['<section class="g-review-bar" aria-labelledby="g-review-title">']
    # Translators: {n} is the place of the decision shown in the review's list, {count} the list's length.
    out.append('<h2 class="g-title" id="g-review-title">' + esc(fmt(_("Review of the hand: {n} of {count}"),
                                                                      n=step + 1, count=count)) + '</h2>')
    out.append(render_item(item, W.linked(item_texts(item, names))))
    out.append('<p class="g-legend">' + esc(_("On the table, Hard's choice has a blue ring; yours has a dashed "
                                             "outline.")) + '</p>')
    out.append('<div class="g-actions">')
    out.append(nav_button("review_prev", pgettext("review", "Previous"), step > 0))
    out.append(nav_button("review_next", pgettext("review", "Next"), step + 1 < count))
    out.append(nav_button("review_list", _("Back to the list"), True))
    out.append(nav_button("review_close", _("Back to the end of the hand"), True, True))
    out.append('</div></section>')
    other = 1 - seen.player
    out.append('<section class="g-opponent" aria-label="' + esc(T.label(names[other])) + '">')
    out.append('<h2 class="g-title">' + esc(T.label(names[other])) + ' · ' + esc(T.cards_count(seen.opponent_count))
               + '</h2>' + render_fan(seen.opponent_count, seen.opponent_known))
    out.append('</section><section class="g-piles" aria-label="' + esc(_("Stock and discard pile")) + '">')
    classes, flags = marks(item, ("draw_stock",))
    stock = fmt(_("Stock: {count}"), count=T.cards_count(seen.stock_count))
    out.append('<div class="g-stock' + classes + '" role="img" aria-label="' + esc(", ".join([stock] + flags))
               + '"><span class="g-back g-pile-card" aria-hidden="true"></span><span class="g-pile-label" '
               'aria-hidden="true">' + esc(stock) + '</span></div>')
    if seen.discard_pile:
        top = seen.discard_pile[-1]
        classes, flags = marks(item, PICKUPS)
        label = fmt(_("Discard pile: {card}"), card=T.card_name(top))
        out.append('<div class="g-discard">' + card_html(top, "g-pile-card" + classes, ", ".join([label] + flags))
                   + '<span class="g-pile-label" aria-hidden="true">' + esc(_("Discard pile")) + '</span></div>')
    classes, flags = marks(item, ("pass",))
    if classes:  # a pass is marked on the Pass button, drawn for it (it plays nothing here)
        out.append('<span class="g-btn g-act g-pass-mark' + classes + '" role="img" aria-label="'
                   + esc(", ".join([_("Pass")] + flags)) + '">' + esc(_("Pass")) + '</span>')
    out.append('</section>')
    out.append(render_review_hand(item, seen))
    return "".join(out)


PICKUPS = ("take_upcard", "draw_discard")


def marks(item, kinds):
    """(classes, words) of a pile or the Pass button whose move is one of `kinds`: marked when
    it is the player's move (a dashed outline) or Hard's (a blue ring), and said so in words."""
    classes, flags = "", []
    if item.played.kind in kinds:
        classes += " g-played"
        flags.append(_("your choice"))
    if item.suggestion.action.kind in kinds:
        classes += " g-suggested"
        flags.append(_("Hard's choice"))
    return classes, flags


def nav_button(act, label, enabled, primary=False):
    return button(act, label, "g-btn g-primary" if primary else "g-btn", disabled=not enabled)


def render_review_hand(item, seen):
    """The hand as it was, in rank order, the player's card and Hard's card marked in words too."""
    mine = item.played.card.index if item.played.card is not None else None
    hard = item.suggestion.action.card.index if item.suggestion.action.card is not None else None
    cards = sorted(seen.hand, key=lambda c: (c.rank, c.suit))
    out = ['<section class="g-hand-area" aria-label="' + esc(_("Your hand")) + '"><ul class="g-hand g-placed g-n'
           + str(len(cards)) + '">']
    for place, card in enumerate(cards):
        classes, flags = [], []
        if card.index == mine:
            classes.append("g-played")
            flags.append(_("your choice"))
        if card.index == hard:
            classes.append("g-suggested")
            flags.append(_("Hard's choice"))
        label = T.card_name(card) + (", " + ", ".join(flags) if flags else "")
        out.append('<li class="g-at' + str(place) + '">' + card_html(card, " ".join(classes), label) + '</li>')
    if len(seen.hand) == 11 and seen.best_discard_deadwood is not None:
        line = fmt(_("Deadwood after your best discard: {n}"), n=seen.best_discard_deadwood)
    else:
        line = fmt(_("Deadwood: {n}"), n=seen.arrangement.deadwood_points)
    out.append('</ul><p class="g-deadwood">' + esc(line) + '</p></section>')
    return "".join(out)
