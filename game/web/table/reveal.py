"""The end of a hand played out on the table: both hands laid face up in their melds, the
defender's layoffs moving one by one onto the knocker's melds, then each side's deadwood and,
last, the result (drawn by `screens.endofhand` under it).

Drawn from the View alone: a knock's or gin's result (the settlement: both sides' melds and
deadwood, the layoffs in the order they were laid off), a dead hand's two arrangements. The
seat on screen comes first (on a phone, your own hand is what is in view); the stylesheet puts
the opponent on top on a wide screen, as at the table.

Each laid-off card starts from the place it leaves (`platform.screen.place_layoffs` measures
it; without it, from the defender's side). The motion is the stylesheet's ("the knock played out on the table", game.css): each step
has a delay class (`g-rv-t<n>`), and it plays only while `ui.motion == "reveal"` (the View that
brought the hand's end, `render.motion`). The next command draws the screen without it, so an
input during the motion finishes it at once, and nothing waits for it: the end screen's buttons
work from the first frame. With `prefers-reduced-motion: reduce` the end state is drawn.
"""

from game.web.table.markup import card_html, esc, in_order
from game.web.words import text as T
from game.web.words.i18n import _, fmt

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

STEPS = 12  # delay classes in the stylesheet: g-rv-t1 .. g-rv-t12 (later steps share the last)


def step_class(step):
    return "g-rv-t" + str(min(step, STEPS))


def render_reveal(view, ui):
    """Both hands face up in their melds; the moving class while the hand's end is news."""
    names = ui.names()
    result = view.result
    me, other = view.player, 1 - view.player
    moving = " g-revealing" if ui.motion == "reveal" else ""
    laid = {}  # a laid-off card -> its step (1, 2, ...)
    out = ['<section class="g-reveal' + moving + '" data-key="reveal-' + str(view.hand_number) + '" aria-label="'
           # Translators: the name of the end of a hand's region where both hands lie face up.
           + esc(_("Both hands, face up")) + '">']
    if result is None:  # a dead hand: each arrangement as held, nobody lays off
        hands = {me: (view.arrangement.melds, [], view.arrangement.deadwood, view.arrangement.deadwood_points),
                 other: (view.opponent_arrangement.melds, [], view.opponent_arrangement.deadwood,
                         view.opponent_arrangement.deadwood_points)}
        last = 1
    else:
        knocker = view.knocker
        step = 0
        for card, _target in result.layoff_targets:
            step += 1
            laid[card] = step
        hands = {knocker: (result.knocker_melds, [], result.knocker_deadwood_cards, result.knocker_deadwood),
                 1 - knocker: (result.defender_melds, result.layoffs, result.defender_deadwood_cards,
                               result.defender_deadwood)}
        last = step + 1
        hands[knocker] = (grown_melds(result), [], hands[knocker][2], hands[knocker][3])
    for seat in (me, other):
        melds, leaving, dead_cards, dead = hands[seat]
        out.append(render_seat(names[seat], "g-rv-me" if seat == me else "g-rv-them", melds, leaving, dead_cards, dead,
                               laid, last))
    out.append('</section>')
    return "".join(out)


def grown_melds(result):
    """The knocker's melds with the cards laid off on each (laid in their order)."""
    melds = [list(meld) for meld in result.knocker_melds]
    for card, target in result.layoff_targets:
        if 0 <= target < len(melds):
            melds[target].append(card)
    return melds


def render_seat(who, side, melds, leaving, dead_cards, dead, laid, last):
    """One side's cards: melds (on the knocker's, the cards laid off arrive at their step), the
    defender's cards that leave for them (a dashed place once gone), the deadwood, its count."""
    out = ['<div class="g-rv-seat ' + side + '"><h3 class="g-rv-name">' + esc(T.label(who)) + '</h3><div class="g-rv-row">']
    for meld in melds:
        out.append('<span class="g-meld">')
        for card in in_order(meld):
            if card in laid:  # only the knocker's melds hold laid-off cards
                # Translators: added to a card's name at the end of a hand ("7 of hearts, laid off").
                # It starts from the place it leaves in the defender's row (`data-from`: the
                # shim measures both and gives the stylesheet's motion the offset).
                out.append(card_html(card, "g-small g-laid g-rv-in " + step_class(laid[card]),
                                     T.card_name(card) + ", " + _("laid off"), key="rv-in-" + card.code,
                                     attrs=(("data-from", "rv-out-" + card.code),)))
            else:
                out.append(card_html(card, "g-small"))
        out.append('</span>')
    if leaving:  # the defender: the places the laid-off cards leave
        out.append('<span class="g-meld g-rv-off" aria-hidden="true">')
        for card in leaving:
            out.append('<span class="g-rv-slot">' + card_html(card, "g-small g-rv-out " + step_class(laid[card]),
                                                                key="rv-out-" + card.code) + '</span>')
        out.append('</span>')
    if dead_cards:
        out.append('<span class="g-meld g-dead">' + "".join(card_html(c, "g-small") for c in in_order(dead_cards))
                   + '</span>')
    out.append('</div><p class="g-rv-count g-rv-late ' + step_class(last) + '">')
    if dead_cards:
        # Translators: the declared deadwood's total; {points} is "6 points".
        out.append(esc(fmt(_("Deadwood: {points}."), points=T.points_text(dead))))
    else:
        out.append(esc(_("Deadwood: none.")))
    out.append('</p></div>')
    return "".join(out)


def result_class(view):
    """The class of what comes after the hands (the result): shown at the last step."""
    result = view.result
    last = 1 if result is None else len(result.layoff_targets) + 1
    return "g-rv-late " + step_class(last)
