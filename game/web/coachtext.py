"""The coach's words: the reason of a hint, the lines of a hand review, hints on the score sheet.

One whole sentence per kind of reason (`game.ai.coach.suggest` names the kinds), in the page's
language; the cards and numbers come from the coach's facts, nothing is worked out here but
words. Pure Python (no `browser`), tested in CPython.
"""

from game.actions import Event
from game.web import text as T
from game.web.i18n import _, fmt, ngettext, pgettext


def number_text(x):
    """A number with at most one decimal, written as the language writes decimals (2.5, 2,5)."""
    tenths = int(x * 10 + (0.5 if x >= 0 else -0.5))
    whole, rest = divmod(abs(tenths), 10)
    sign = "-" if tenths < 0 else ""
    if rest == 0:
        return sign + str(whole)
    # Translators: the decimal separator of numbers such as "2.5" (French and Vietnamese: ",").
    return sign + str(whole) + pgettext("decimal separator", ".") + str(rest)


def hint_text(hint):
    """The hint's sentence: Hard's move and its reason ("Discard the 9 of clubs: it leaves ...")."""
    return REASONS[hint.kind](hint.facts)


def _card(facts, key="card"):
    return T.the_card(facts[key])


# Each kind of reason (game.ai.coach.suggest) and its sentence; `upcard` kinds are said while
# the first upcard is offered, the others when drawing.
def _take_meld(f):
    if f.get("upcard"):
        # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {now} and {after} are deadwood points
        # (without the card, and with it after the best discard).
        return fmt(_("Take the upcard, {card}: it completes a meld, and your deadwood falls from {now} to "
                     "{after} after your best discard."), card=_card(f), now=f["now"], after=f["after"])
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {now} and {after} are deadwood points.
    return fmt(_("Take {card} from the discard pile: it completes a meld, and your deadwood falls from {now} "
                 "to {after} after your best discard."), card=_card(f), now=f["now"], after=f["after"])


def _take_lower(f):
    if f.get("upcard"):
        # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {now} and {after} are deadwood points.
        return fmt(_("Take the upcard, {card}: after your best discard your deadwood falls from {now} to "
                     "{after}, more than a card from the stock is likely to do."), card=_card(f), now=f["now"],
                   after=f["after"])
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {now} and {after} are deadwood points.
    return fmt(_("Take {card} from the discard pile: after your best discard your deadwood falls from {now} "
                 "to {after}, more than a card from the stock is likely to do."), card=_card(f), now=f["now"],
               after=f["after"])


def _useless(f):
    if f.get("upcard"):
        # Translators: a hint. {card} is a card with its article ("the 9 of clubs").
        return fmt(_("Pass: {card} would not lower your deadwood."), card=_card(f))
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs").
    return fmt(_("Draw from the stock: {card} would not lower your deadwood."), card=_card(f))


def _stock_better(f):
    expected = number_text(f["expected"])
    if f.get("upcard"):
        # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {after} deadwood points; {expected} the
        # average deadwood after a card from the stock, with one decimal ("11.5").
        return fmt(_("Pass: with {card} your deadwood would only fall to {after}, and a card from the stock "
                     "leaves {expected} on average."), card=_card(f), after=f["after"], expected=expected)
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {after} deadwood points; {expected} the
    # average deadwood after a card from the stock, with one decimal ("11.5").
    return fmt(_("Draw from the stock: with {card} your deadwood would only fall to {after}, and a card from "
                 "the stock leaves {expected} on average."), card=_card(f), after=f["after"], expected=expected)


def _stock_chances(f):
    if f.get("upcard"):
        # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {after} deadwood points.
        return fmt(_("Pass: with {card} your deadwood would only fall to {after}, and the stock gives you "
                     "better chances of a knock or gin."), card=_card(f), after=f["after"])
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {after} deadwood points.
    return fmt(_("Draw from the stock: with {card} your deadwood would only fall to {after}, and the stock "
                 "gives you better chances of a knock or gin."), card=_card(f), after=f["after"])


def _stock_only(f):
    return _("Draw from the stock: after both players passed the upcard, it is the only move.")


def _big_gin(f):
    return _("Go big gin: all eleven cards are in melds.")


def _gin(f):
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs").
    return fmt(_("Go gin by discarding {card}: every other card is in a meld."), card=_card(f))


def _knock_early(f):
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {n} deadwood points; {stock} a number of cards.
    return fmt(ngettext("Knock by discarding {card}: you keep {n} point of deadwood, and with {stock} cards "
                        "still in the stock the opponent is unlikely to undercut you.",
                        "Knock by discarding {card}: you keep {n} points of deadwood, and with {stock} cards "
                        "still in the stock the opponent is unlikely to undercut you.", f["n"]),
               card=_card(f), n=f["n"], stock=f["stock"])


def _knock_match(f):
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {n} deadwood points; {need} the points still
    # needed to win the match.
    return fmt(ngettext("Knock by discarding {card}: you keep {n} point of deadwood, and you need only {need} "
                        "points to win the match.",
                        "Knock by discarding {card}: you keep {n} points of deadwood, and you need only {need} "
                        "points to win the match.", f["n"]), card=_card(f), n=f["n"], need=f["need"])


def _play_on(f):
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {n} deadwood points; {stock} a number of cards.
    return fmt(_("Discard {card} and play on: you could knock with {n}, but with only {stock} cards left in "
                 "the stock a knock is often undercut, so keep your deadwood low and aim for gin."),
               card=_card(f), n=f["n"], stock=f["stock"])


def _least(f):
    # Translators: a hint. {card} and {other} are cards with their article; {n} deadwood points; {k} how many
    # points more the other discard would leave.
    return fmt(ngettext("Discard {card}: it leaves {n} point of deadwood, {k} less than the next best "
                        "discard, {other}.",
                        "Discard {card}: it leaves {n} points of deadwood, {k} less than the next best "
                        "discard, {other}.", f["n"]), card=_card(f), n=f["n"], k=f["k"],
               other=_card(f, "other"))


def _least_only(f):
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {n} deadwood points.
    return fmt(ngettext("Discard {card}: it leaves {n} point of deadwood, the least you can keep.",
                        "Discard {card}: it leaves {n} points of deadwood, the least you can keep.", f["n"]),
               card=_card(f), n=f["n"])


def _tie_chances(f):
    # Translators: a hint. {card} and {other} are cards with their article; {n} deadwood points.
    return fmt(ngettext("Discard {card}: it leaves {n} point of deadwood, as {other} would, but the cards "
                        "you keep have more ways to make melds.",
                        "Discard {card}: it leaves {n} points of deadwood, as {other} would, but the cards "
                        "you keep have more ways to make melds.", f["n"]), card=_card(f), n=f["n"],
               other=_card(f, "other"))


def _tie_safer(f):
    # Translators: a hint. {card} and {other} are cards with their article; {n} deadwood points.
    return fmt(ngettext("Discard {card}: it leaves {n} point of deadwood, as {other} would, and the "
                        "opponent is less likely to use it.",
                        "Discard {card}: it leaves {n} points of deadwood, as {other} would, and the "
                        "opponent is less likely to use it.", f["n"]), card=_card(f), n=f["n"],
               other=_card(f, "other"))


def _chances(f):
    # Translators: a hint. {card} and {other} are cards with their article; {n} deadwood points; {k} how many
    # points less the other discard would leave.
    return fmt(ngettext("Discard {card}: it leaves {n} point of deadwood, {k} more than {other}, but the "
                        "cards you keep are more likely to make melds.",
                        "Discard {card}: it leaves {n} points of deadwood, {k} more than {other}, but the "
                        "cards you keep are more likely to make melds.", f["n"]), card=_card(f), n=f["n"],
               k=f["k"], other=_card(f, "other"))


def _safer(f):
    # Translators: a hint. {card} and {other} are cards with their article; {k} how many points less the other
    # discard would leave.
    return fmt(_("Discard {card}: {other} would leave {k} less deadwood, but the opponent is likely to "
                 "use it."), card=_card(f), other=_card(f, "other"), k=f["k"])


def _safer_pickup(f):
    # Translators: a hint. {card}, {other} and {pickup} are cards with their article; {k} how many points less
    # the other discard would leave; {pickup} is a card the opponent took from the discard pile.
    return fmt(_("Discard {card}: {other} would leave {k} less deadwood, but the opponent took "
                 "{pickup} and could use it."), card=_card(f), other=_card(f, "other"), k=f["k"],
               pickup=_card(f, "pickup"))


REASONS = {
    "take_meld": _take_meld, "take_lower": _take_lower, "useless": _useless, "stock_better": _stock_better,
    "stock_chances": _stock_chances, "stock_only": _stock_only, "big_gin": _big_gin, "gin": _gin,
    "knock_early": _knock_early, "knock_match": _knock_match, "play_on": _play_on, "least": _least,
    "least_only": _least_only, "tie_chances": _tie_chances, "tie_safer": _tie_safer, "chances": _chances,
    "safer": _safer, "safer_pickup": _safer_pickup,
}


# --- the review of a hand -------------------------------------------------------------------------

def decision_title(decision):
    """The heading of one reviewed decision: its number and what was decided."""
    n = decision.number
    if decision.what == "upcard":
        # Translators: a heading of the hand review; {n} counts the player's decisions of the hand.
        return fmt(_("Decision {n}: the upcard"), n=n)
    if decision.what == "pickup":
        # Translators: a heading of the hand review: the choice between the stock and the discard pile.
        return fmt(_("Decision {n}: where to draw"), n=n)
    if decision.what == "discard":
        # Translators: a heading of the hand review; {n} counts the player's decisions of the hand.
        return fmt(_("Decision {n}: the discard"), n=n)
    # Translators: a heading of the hand review: whether to knock (or go gin) or play on.
    return fmt(_("Decision {n}: knock or play on"), n=n)


def played_text(decision, names):
    """What the player did, as the game announced it ("You discarded the 7 of hearts.")."""
    view, action = decision.view, decision.played
    card = action.card
    if action.kind in ("discard", "knock") and card.index in view.discard_deadwood:
        n = view.discard_deadwood[card.index]
        if action.kind == "discard":
            # Translators: in the hand review; {card} is a card with its article, {n} deadwood points.
            return fmt(ngettext("You discarded {card}, which left {n} point of deadwood.",
                                "You discarded {card}, which left {n} points of deadwood.", n),
                       card=T.the_card(card), n=n)
        # Translators: in the hand review; {card} is a card with its article, {n} deadwood points.
        return fmt(ngettext("You knocked by discarding {card}, with {n} point of deadwood.",
                            "You knocked by discarding {card}, with {n} points of deadwood.", n),
                   card=T.the_card(card), n=n)
    if action.kind in ("take_upcard", "draw_discard"):
        card = view.discard_pile[-1]
    return T.move_text(Event(action.kind, view.player, card), names, view.player)


def cost_text(decision):
    """What the player's choice cost by Hard's evaluation, in a sentence."""
    unit, cost = decision.unit, decision.cost
    if unit == "deadwood":
        if cost < 1:
            return _("By Hard's evaluation this cost you less than one point of expected deadwood.")
        if cost < 1.05:
            return _("By Hard's evaluation this cost you about one point of expected deadwood.")
        # Translators: {x} is a number with one decimal, 1.1 or more ("2.5"): the points of
        # deadwood the player can expect to hold, more than after Hard's choice. The form is
        # chosen by the whole part of {x} (French: "1,5 point", "2,5 points").
        return fmt(ngettext("By Hard's evaluation this cost you about {x} points of expected deadwood.",
                            "By Hard's evaluation this cost you about {x} points of expected deadwood.", int(cost)),
                   x=number_text(cost))
    if unit == "points":
        if decision.suggestion.kind in ("gin", "big_gin"):
            # Translators: {n} is the gin (or big gin) bonus of these rules, in points.
            return fmt(_("Going gin would have scored the {n}-point bonus and the opponent's whole deadwood, "
                         "with no layoffs."), n=cost)
        # Translators: {n} is a number of points: the extra deadwood kept by the player's knock.
        return fmt(ngettext("Your knock kept {n} more point of deadwood, and each one counts in the score.",
                            "Your knock kept {n} more points of deadwood, and each one counts in the score.", cost),
                   n=cost)
    if unit == "undercut":
        # Translators: {n} is the undercut bonus of these rules, in points.
        return fmt(_("Knocking this late risks an undercut: the opponent would score the {n}-point bonus and the "
                     "difference."), n=cost)
    return _("Playing on gave the opponent more turns to knock or go gin first.")


def review_summary(found, total):
    """The first line of the review: how many decisions Hard would have made differently."""
    if total == 0:
        return _("You made no decision in this hand.")
    if total == 1:
        if found:
            return _("Hard would have made your only decision of the hand differently.")
        return _("Hard would have made your only decision of the hand the same way.")
    if not found:
        # Translators: {n} is the number of the player's decisions in the hand (2 or more).
        return fmt(ngettext("Hard would have made each of your {n} decisions the same way.",
                            "Hard would have made each of your {n} decisions the same way.", total), n=total)
    # Translators: {k} is how many of the player's decisions Hard would have made otherwise; {n}
    # is how many decisions the player made in the hand (2 or more).
    return fmt(ngettext("Hard would have chosen differently in {k} of your {n} decisions.",
                        "Hard would have chosen differently in {k} of your {n} decisions.", total),
               k=len(found), n=total)


def hints_used_text(seat, count, mode):
    """A line of the score sheet: the hints a seat used in that hand."""
    if mode != "duo":
        # Translators: on the score sheet; {n} is how many hints the player asked for in a hand.
        return fmt(ngettext("You used {n} hint.", "You used {n} hints.", count), n=count)
    # Translators: on the score sheet of two players on one device; {number} is 1 or 2, {n} a
    # number of hints.
    return fmt(ngettext("Player {number} used {n} hint.", "Player {number} used {n} hints.", count),
               number=seat + 1, n=count)
