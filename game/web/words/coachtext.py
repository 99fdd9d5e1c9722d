"""The coach's words: the reason of a hint (`game.web.words.reasons`, one sentence per kind), the lines
of a hand review, hints on the score sheet, and the glossary terms in them. Short sentences
with one number at most, in the page's language; the cards and numbers are the coach's facts,
nothing is worked out here but words.

A term of the guide's glossary is marked in a message as `[deadwood](deadwood)`: the words a
reader sees, then the English term's key. `plain` keeps the words (the announcement read by
screen readers); `linked` makes the first use of each term in a panel a link to its entry in
the glossary of the page's language (the build adds each language's links to the catalogue:
`generator.anchors.glossary_links`, context `GLOSSARY_LINK`). Pure Python (no `browser`, no
`re`), tested in CPython.
"""

from game.actions import Event
from game.web.words import events as EV
from game.web.words import text as T
from game.web.words.escaping import esc
from game.web.words.i18n import _, fmt, ngettext, pgettext
from game.web.words.reasons import REASONS, chance_parts, number_text

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

GLOSSARY_LINK = "glossary link"  # the catalogue's context of a term's link ("deadwood" -> its entry)


# --- glossary terms -----------------------------------------------------------------------------

def _marks(text):
    """[(start, end, words, key)] of the `[words](key)` marks of a message, in order."""
    found = []
    start = text.find("[")
    while start >= 0:
        middle = text.find("](", start)
        end = text.find(")", middle + 2) if middle >= 0 else -1
        if middle < 0 or end < 0:
            break
        found.append((start, end + 1, text[start + 1:middle], text[middle + 2:end]))
        start = text.find("[", end + 1)
    return found


def plain(text):
    """The message as read: each `[words](key)` mark is its words."""
    out = []
    position = 0
    for start, end, words, _key in _marks(text):
        out.append(text[position:start])
        out.append(words)
        position = end
    out.append(text[position:])
    return "".join(out)


def linked(texts):
    """The messages as markup, escaped; the first mark of each term among them is a link to its
    glossary entry in the page's language (when the catalogue has one), the others plain words."""
    seen = {}
    result = []
    for text in texts:
        out = []
        position = 0
        for start, end, words, key in _marks(text):
            out.append(esc(text[position:start]))
            href = pgettext(GLOSSARY_LINK, key)
            if key in seen or href == key:
                out.append(esc(words))
            else:
                seen[key] = True
                out.append('<a class="g-term" href="' + esc(href) + '">' + esc(words) + "</a>")
            position = end
        out.append(esc(text[position:]))
        result.append("".join(out))
    return result


def terms(text):
    """The term keys a message marks, in order (for the checks of translations)."""
    return [key for _start, _end, _words, key in _marks(text)]


# --- the hint ------------------------------------------------------------------------------------

def hint_text(hint):
    """The hint's sentence, marks included: Hard's move and its reason."""
    return REASONS[hint.kind](hint.facts)


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
            return fmt(ngettext("You discarded {card}, which left {n} point of [deadwood](deadwood).",
                                "You discarded {card}, which left {n} points of [deadwood](deadwood).", n),
                       card=T.the_card(card), n=n)
        # Translators: in the hand review; {card} is a card with its article, {n} deadwood points.
        return fmt(ngettext("You knocked by discarding {card}, with {n} point of [deadwood](deadwood).",
                            "You knocked by discarding {card}, with {n} points of [deadwood](deadwood).", n),
                   card=T.the_card(card), n=n)
    if action.kind in ("take_upcard", "draw_discard"):
        card = view.discard_pile[-1]
    return EV.move_text(Event(action.kind, view.player, card), names, view.player)


def cost_text(decision):
    """What Hard's alternative was worth more, measured, in a sentence (marks included)."""
    unit, cost, hard = decision.unit, decision.cost, decision.suggestion.action
    if unit == "deadwood":
        x = number_text(cost)
        if decision.what == "discard":
            # Translators: in the hand review; {card} is a card with its article; {x} points (2 or more).
            return fmt(ngettext("Discarding {card} instead would have left you about {x} point less "
                                "[deadwood](deadwood) after your next draw, on average.",
                                "Discarding {card} instead would have left you about {x} points less "
                                "[deadwood](deadwood) after your next draw, on average.", x),
                       card=T.the_card(hard.card), x=x)
        if hard.kind in ("take_upcard", "draw_discard"):
            # Translators: in the hand review; {card} is a card with its article; {x} points (2 or more).
            return fmt(ngettext("Taking {card} would have left you about {x} point less [deadwood](deadwood) than "
                                "a card from the stock, on average.",
                                "Taking {card} would have left you about {x} points less [deadwood](deadwood) than "
                                "a card from the stock, on average.", x),
                       card=T.the_card(decision.view.discard_pile[-1]), x=x)
        # Translators: in the hand review; {x} points (2 or more).
        return fmt(ngettext("A card from the stock would have left you about {x} point less [deadwood](deadwood), "
                            "on average.",
                            "A card from the stock would have left you about {x} points less [deadwood](deadwood), "
                            "on average.", x), x=x)
    if unit == "chance":
        k, n = chance_parts(cost)
        # Translators: in the hand review; {played} and {card} are cards with their article; "{k} time in {n}"
        # is a chance ("1 time in 2").
        return fmt(ngettext("Your opponent could use {played} in a meld about {k} time in {n}; {card} was safer.",
                            "Your opponent could use {played} in a meld about {k} times in {n}; {card} was safer.",
                            k), played=T.the_card(decision.played.card), card=T.the_card(hard.card), k=k, n=n)
    if unit == "points":
        x = number_text(cost)
        if hard.kind == "knock":
            # Translators: in the hand review; {x} points of score (3 or more).
            return fmt(ngettext("On average, knocking at once was worth about {x} point more than knocking a turn "
                                "later.",
                                "On average, knocking at once was worth about {x} points more than knocking a turn "
                                "later.", x), x=x)
        # Translators: in the hand review; {x} points of score (3 or more).
        return fmt(ngettext("On average, knocking a turn later was worth about {x} point more than knocking at "
                            "once.",
                            "On average, knocking a turn later was worth about {x} points more than knocking at "
                            "once.", x), x=x)
    if unit == "extra":
        # Translators: in the hand review; {card} is a card with its article; {n} points of deadwood.
        return fmt(ngettext("Knocking by discarding {card} would have kept {n} point less [deadwood](deadwood), "
                            "and every point counts in the score.",
                            "Knocking by discarding {card} would have kept {n} points less [deadwood](deadwood), "
                            "and every point counts in the score.", cost), card=T.the_card(hard.card), n=cost)
    if hard.kind == "big_gin":
        # Translators: in the hand review; {n} is the big gin bonus of these rules, in points.
        return fmt(_("Going big gin would have scored the {n}-point big gin bonus plus your opponent's "
                     "[deadwood](deadwood)."), n=cost)
    # Translators: in the hand review; {n} is the gin bonus of these rules, in points.
    return fmt(_("Going gin would have scored the {n}-point gin bonus plus your opponent's [deadwood](deadwood), "
                 "with no [layoffs](lay-off)."), n=cost)


def review_summary(found, total):
    """The first line of the review: for how many decisions Hard found a clearly better move."""
    if total == 0:
        return _("You made no decision in this hand.")
    if total == 1:
        if found:
            return _("Hard found a clearly better move for your only decision of this hand.")
        return _("Hard found no clearly better move for your only decision of this hand.")
    if not found:
        # Translators: {n} is the number of the player's decisions in the hand (2 or more).
        return fmt(ngettext("Hard found no clearly better move for any of your {n} decisions.",
                            "Hard found no clearly better move for any of your {n} decisions.", total), n=total)
    # Translators: {k} is for how many of the player's decisions Hard found a clearly better move;
    # {n} is how many decisions the player made in the hand (2 or more).
    return fmt(ngettext("Hard found a clearly better move for {k} of your {n} decisions.",
                        "Hard found a clearly better move for {k} of your {n} decisions.", total),
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
