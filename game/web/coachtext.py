"""The coach's words: the reason of a hint, the lines of a hand review, hints on the score sheet.

One whole sentence per kind of reason (`game.ai.coach.suggest` names the kinds), short, with one
number at most, in the page's language; the cards and numbers are the coach's facts, nothing
is worked out here but words. A chance is said as "about 1 time in 8" (`chance_parts`).

A term of the guide's glossary is marked in a message as `[deadwood](deadwood)`: the words a
reader sees, then the English term's key. `plain` keeps the words (the announcement read by
screen readers); `linked` makes the first use of each term in a panel a link to its entry in
the glossary of the page's language (the build adds each language's links to the catalogue:
`generator.anchors.glossary_links`, context `GLOSSARY_LINK`). Pure Python (no `browser`, no
`re`), tested in CPython.
"""

from game.actions import Event
from game.web import text as T
from game.web.i18n import _, fmt, ngettext, pgettext
from game.web.markup import esc

GLOSSARY_LINK = "glossary link"  # the catalogue's context of a term's link ("deadwood" -> its entry)

# A chance is said as the nearest of these (k times in n); below the first, "almost never".
FRACTIONS = ((1, 40), (1, 30), (1, 25), (1, 20), (1, 15), (1, 12), (1, 10), (1, 8), (1, 7), (1, 6), (1, 5),
             (1, 4), (1, 3), (2, 5), (1, 2), (3, 5), (2, 3), (3, 4), (4, 5), (9, 10), (19, 20))
RARE = 1 / 50.0  # under this, a chance is "almost never"
SURE = 0.96  # over this, "almost always"


def chance_parts(p):
    """(k, n) of the fraction k/n nearest to the chance `p`, compared as odds (1 in 30 and 1 in
    40 are told apart, 48 % and 50 % are not)."""
    if p <= 0:
        return FRACTIONS[0]
    if p >= 1:
        return FRACTIONS[-1]
    odds = p / (1 - p)
    best = FRACTIONS[0]
    distance = -1.0
    for k, n in FRACTIONS:
        ratio = odds / (k / (n - k))
        gap = ratio if ratio >= 1 else 1 / ratio
        if distance < 0 or gap < distance:
            best = (k, n)
            distance = gap
    return best


def number_text(x):
    """A whole number of points, rounded ("about 4 points")."""
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


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


def _card(facts, key="card"):
    return T.the_card(facts[key])


def _take_meld(f):
    shape = f["shape"]
    if shape == "run":
        # Translators: a hint. {card} is a card with its article ("the 9 of clubs"); {after} deadwood points.
        return fmt(_("Take {card}: it makes a run, and your [deadwood](deadwood) falls to {after}."),
                   card=_card(f), after=f["after"])
    if shape == "set":
        # Translators: a hint. {card} is a card with its article; {after} deadwood points.
        return fmt(_("Take {card}: it makes a set, and your [deadwood](deadwood) falls to {after}."),
                   card=_card(f), after=f["after"])
    if shape == "longer_run":
        # Translators: a hint. {card} is a card with its article; {after} deadwood points.
        return fmt(_("Take {card}: it adds to your run, and your [deadwood](deadwood) falls to {after}."),
                   card=_card(f), after=f["after"])
    # Translators: a hint. {card} is a card with its article; {after} deadwood points.
    return fmt(_("Take {card}: it makes a set of four, and your [deadwood](deadwood) falls to {after}."),
               card=_card(f), after=f["after"])


def _take_knock(f):
    # Translators: a hint. {card} is a card with its article; {after} deadwood points.
    return fmt(_("Take {card}: your [deadwood](deadwood) falls to {after}, low enough to knock."),
               card=_card(f), after=f["after"])


def _take_lower(f):
    # Translators: a hint. {card} is a card with its article; {after} deadwood points.
    return fmt(_("Take {card}: your [deadwood](deadwood) falls to {after}, lower than a card from the stock "
                 "leaves on average."), card=_card(f), after=f["after"])


def _take(f):
    # Translators: a hint. {card} is a card with its article; {after} deadwood points.
    return fmt(_("Take {card}: it lowers your [deadwood](deadwood) to {after}."), card=_card(f), after=f["after"])


def _useless(f):
    if f["upcard"]:
        # Translators: a hint. {card} is a card with its article ("the 9 of clubs").
        return fmt(_("Pass: {card} would not lower your [deadwood](deadwood)."), card=_card(f))
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs").
    return fmt(_("Draw from the stock: {card} would not lower your [deadwood](deadwood)."), card=_card(f))


def _stock_for_gin(f):
    if f["chance"] < RARE:
        if f["upcard"]:
            # Translators: a hint. {card} is a card with its article; {late} a number of cards (25).
            return fmt(_("Pass: {card} would let you knock, but Hard waits for gin once the stock is under {late} "
                         "cards."), card=_card(f), late=f["late"])
        # Translators: a hint. {card} is a card with its article; {late} a number of cards (25).
        return fmt(_("Draw from the stock: {card} would let you knock, but Hard waits for gin once the stock is "
                     "under {late} cards."), card=_card(f), late=f["late"])
    k, n = chance_parts(f["chance"])
    if f["upcard"]:
        # Translators: a hint. {card} is a card with its article; "{k} time in {n}" is a chance ("1 time in 12").
        return fmt(ngettext("Pass: {card} would let you knock, but Hard waits for gin. A card from the stock gives "
                            "you gin about {k} time in {n}.",
                            "Pass: {card} would let you knock, but Hard waits for gin. A card from the stock gives "
                            "you gin about {k} times in {n}.", k), card=_card(f), k=k, n=n)
    # Translators: a hint. {card} is a card with its article; "{k} time in {n}" is a chance ("1 time in 12").
    return fmt(ngettext("Draw from the stock: {card} would let you knock, but Hard waits for gin. A card from the "
                        "stock gives you gin about {k} time in {n}.",
                        "Draw from the stock: {card} would let you knock, but Hard waits for gin. A card from the "
                        "stock gives you gin about {k} times in {n}.", k), card=_card(f), k=k, n=n)


def _stock_better(f):
    if f["upcard"]:
        # Translators: a hint. {card} is a card with its article; {after} deadwood points.
        return fmt(_("Pass: {card} would bring your [deadwood](deadwood) down only to {after}. On average, a "
                     "card from the stock does better."), card=_card(f), after=f["after"])
    # Translators: a hint. {card} is a card with its article; {after} deadwood points.
    return fmt(_("Draw from the stock: {card} would bring your [deadwood](deadwood) down only to {after}. On "
                 "average, a card from the stock does better."), card=_card(f), after=f["after"])


def _stock_knock(f):
    k, n = chance_parts(f["chance"])
    if f["upcard"]:
        # Translators: a hint. {card} is a card with its article; "{k} time in {n}" is a chance ("1 time in 8").
        return fmt(ngettext("Pass: {card} would not let you knock, but a card from the stock would, about {k} "
                            "time in {n}.",
                            "Pass: {card} would not let you knock, but a card from the stock would, about {k} "
                            "times in {n}.", k), card=_card(f), k=k, n=n)
    # Translators: a hint. {card} is a card with its article; "{k} time in {n}" is a chance ("1 time in 8").
    return fmt(ngettext("Draw from the stock: {card} would not let you knock, but a card from the stock would, "
                        "about {k} time in {n}.",
                        "Draw from the stock: {card} would not let you knock, but a card from the stock would, "
                        "about {k} times in {n}.", k), card=_card(f), k=k, n=n)


def _barely(f):
    if f["upcard"]:
        # Translators: a hint. {card} is a card with its article; {after} deadwood points.
        return fmt(_("Pass: {card} would lower your [deadwood](deadwood) only to {after}. A card from the stock "
                     "does about as well on average, and shows your opponent nothing."),
                   card=_card(f), after=f["after"])
    # Translators: a hint. {card} is a card with its article; {after} deadwood points.
    return fmt(_("Draw from the stock: {card} would lower your [deadwood](deadwood) only to {after}. A card from "
                 "the stock does about as well on average, and shows your opponent nothing."),
               card=_card(f), after=f["after"])


def _stock(f):
    if f["upcard"]:
        # Translators: a hint. {card} is a card with its article; {after} deadwood points.
        return fmt(_("Pass: {card} would lower your [deadwood](deadwood) to {after}, but taking it shows your "
                     "opponent which cards you collect."), card=_card(f), after=f["after"])
    # Translators: a hint. {card} is a card with its article; {after} deadwood points.
    return fmt(_("Draw from the stock: {card} would lower your [deadwood](deadwood) to {after}, but taking it "
                 "shows your opponent which cards you collect."), card=_card(f), after=f["after"])


def _stock_only(f):
    return _("Draw from the stock: both players passed the upcard, so this is your only move.")


def _big_gin(f):
    return _("Go big gin: all eleven cards are in melds.")


def _gin(f):
    # Translators: a hint. {card} is a card with its article ("the 9 of clubs").
    return fmt(_("Go gin by discarding {card}: every other card is in a meld."), card=_card(f))


def _knock(f):
    if f["undercut"] < RARE:
        # Translators: a hint. {card} is a card with its article ("the 9 of clubs").
        return fmt(_("Knock by discarding {card}: your opponent can almost never [undercut](undercut) this "
                     "knock."), card=_card(f))
    k, n = chance_parts(f["undercut"])
    # Translators: a hint. {card} is a card with its article; "{k} time in {n}" is a chance ("1 time in 8").
    return fmt(ngettext("Knock by discarding {card}: your opponent could [undercut](undercut) this knock about {k} "
                        "time in {n}.",
                        "Knock by discarding {card}: your opponent could [undercut](undercut) this knock about {k} "
                        "times in {n}.", k), card=_card(f), k=k, n=n)


def _knock_match(f):
    if f["wins"] > SURE:
        # Translators: a hint. {card} is a card with its article ("the 9 of clubs").
        return fmt(_("Knock by discarding {card}: this knock almost always wins the match."), card=_card(f))
    k, n = chance_parts(f["wins"])
    # Translators: a hint. {card} is a card with its article; "{k} time in {n}" is a chance ("9 times in 10").
    return fmt(ngettext("Knock by discarding {card}: this knock wins the match about {k} time in {n}.",
                        "Knock by discarding {card}: this knock wins the match about {k} times in {n}.", k),
               card=_card(f), k=k, n=n)


def _play_on_undercut(f):
    k, n = chance_parts(f["undercut"])
    # Translators: a hint. {card} is a card with its article; "{k} time in {n}" is a chance ("1 time in 3").
    return fmt(ngettext("Discard {card} and play on: your opponent could [undercut](undercut) a knock now about "
                        "{k} time in {n}.",
                        "Discard {card} and play on: your opponent could [undercut](undercut) a knock now about "
                        "{k} times in {n}.", k), card=_card(f), k=k, n=n)


def _play_on_wait(f):
    x = number_text(f["wait"])
    # Translators: a hint. {card} is a card with its article; {x} a number of points (1 or more).
    return fmt(ngettext("Discard {card} and play on: on average, knocking a turn later is worth about {x} point "
                        "more than knocking now.",
                        "Discard {card} and play on: on average, knocking a turn later is worth about {x} points "
                        "more than knocking now.", x), card=_card(f), x=x)


def _play_on_gin(f):
    m = f["gin_cards"]
    # Translators: a hint. {card} is a card with its article; {m} a number of cards (1 or more).
    return fmt(ngettext("Discard {card} and play on for gin: {m} card still in play would give you gin.",
                        "Discard {card} and play on for gin: {m} cards still in play would give you gin.", m),
               card=_card(f), m=m)


def _play_on(f):
    x = number_text(f["points"])
    if x < 1:
        # Translators: a hint. {card} is a card with its article; {late} a number of cards (25).
        return fmt(_("Discard {card} and play on: Hard waits for gin once the stock is under {late} cards."),
                   card=_card(f), late=f["late"])
    # Translators: a hint, two sentences. {card} is a card with its article; {late} a number of cards (25); {x}
    # the points a knock now wins on average.
    return fmt(ngettext("Discard {card} and play on: Hard waits for gin once the stock is under {late} cards. "
                        "A knock now would win about {x} point on average.",
                        "Discard {card} and play on: Hard waits for gin once the stock is under {late} cards. "
                        "A knock now would win about {x} points on average.", x),
               card=_card(f), late=f["late"], x=x)


def _least(f):
    # Translators: a hint. {card} is a card with its article; {n} deadwood points.
    return fmt(ngettext("Discard {card}: it leaves the least [deadwood](deadwood), {n} point.",
                        "Discard {card}: it leaves the least [deadwood](deadwood), {n} points.", f["n"]),
               card=_card(f), n=f["n"])


def _less(f):
    # Translators: a hint, in the hand review: {card} is Hard's discard, {other} the player's (cards with their
    # article); {k} how many points of deadwood less {card} leaves.
    return fmt(ngettext("Discard {card}: it leaves {k} point less [deadwood](deadwood) than {other}.",
                        "Discard {card}: it leaves {k} points less [deadwood](deadwood) than {other}.", f["k"]),
               card=_card(f), other=_card(f, "other"), k=f["k"])


def _tie_live(f):
    # Translators: a hint. {card} and {other} are cards with their article; {n} deadwood points.
    return fmt(ngettext("Discard {card} rather than {other}: both leave {n} point of [deadwood](deadwood), but "
                        "more cards still in play make melds with the cards you keep.",
                        "Discard {card} rather than {other}: both leave {n} points of [deadwood](deadwood), but "
                        "more cards still in play make melds with the cards you keep.", f["n"]),
               card=_card(f), other=_card(f, "other"), n=f["n"])


def _tie_draw(f):
    # Translators: a hint. {card} and {other} are cards with their article; {n} deadwood points.
    return fmt(ngettext("Discard {card} rather than {other}: both leave {n} point of [deadwood](deadwood), but on "
                        "average your next draw leaves you less this way.",
                        "Discard {card} rather than {other}: both leave {n} points of [deadwood](deadwood), but on "
                        "average your next draw leaves you less this way.", f["n"]),
               card=_card(f), other=_card(f, "other"), n=f["n"])


def _tie_safer(f):
    # Translators: a hint. {card} and {other} are cards with their article; {n} deadwood points.
    return fmt(ngettext("Discard {card} rather than {other}: both leave {n} point of [deadwood](deadwood), but "
                        "your opponent could use {other} in a meld more often.",
                        "Discard {card} rather than {other}: both leave {n} points of [deadwood](deadwood), but "
                        "your opponent could use {other} in a meld more often.", f["n"]),
               card=_card(f), other=_card(f, "other"), n=f["n"])


def _tie(f):
    # Translators: a hint. {card} and {other} are cards with their article; {n} deadwood points.
    return fmt(ngettext("Discard {card}: it leaves the least [deadwood](deadwood), {n} point, as {other} would.",
                        "Discard {card}: it leaves the least [deadwood](deadwood), {n} points, as {other} would.",
                        f["n"]), card=_card(f), other=_card(f, "other"), n=f["n"])


def _keep_safer(f):
    k, n = chance_parts(f["chance"])
    if "pickup" in f:
        # Translators: a hint. {card}, {other} and {pickup} are cards with their article ({pickup}: a card the
        # opponent took from the discard pile); "{k} time in {n}" is a chance ("1 time in 3").
        return fmt(ngettext("Discard {card}: {other} would leave less [deadwood](deadwood), but your opponent took "
                            "{pickup} and could use {other} in a meld about {k} time in {n}.",
                            "Discard {card}: {other} would leave less [deadwood](deadwood), but your opponent took "
                            "{pickup} and could use {other} in a meld about {k} times in {n}.", k),
                   card=_card(f), other=_card(f, "other"), pickup=_card(f, "pickup"), k=k, n=n)
    # Translators: a hint. {card} and {other} are cards with their article; "{k} time in {n}" is a chance.
    return fmt(ngettext("Discard {card}: {other} would leave less [deadwood](deadwood), but your opponent could use "
                        "{other} in a meld about {k} time in {n}.",
                        "Discard {card}: {other} would leave less [deadwood](deadwood), but your opponent could use "
                        "{other} in a meld about {k} times in {n}.", k),
               card=_card(f), other=_card(f, "other"), k=k, n=n)


def _keep_draw(f):
    # Translators: a hint. {card} and {other} are cards with their article.
    return fmt(_("Discard {card}: {other} would leave less [deadwood](deadwood) now, but on average your next draw "
                 "leaves you less this way."), card=_card(f), other=_card(f, "other"))


def _keep_live(f):
    m = f["live"]
    # Translators: a hint. {card} and {other} are cards with their article; {m} a number of cards.
    return fmt(ngettext("Discard {card}: {other} would leave less [deadwood](deadwood), but with {other} kept, {m} "
                        "card still in play would make a meld.",
                        "Discard {card}: {other} would leave less [deadwood](deadwood), but with {other} kept, {m} "
                        "cards still in play would make a meld.", m),
               card=_card(f), other=_card(f, "other"), m=m)


def _keep_knock(f):
    k, n = chance_parts(f["chance"])
    # Translators: a hint. {card} and {other} are cards with their article; "{k} time in {n}" is a chance.
    return fmt(ngettext("Discard {card}: {other} would leave less [deadwood](deadwood), but this way your next "
                        "draw lets you knock about {k} time in {n}.",
                        "Discard {card}: {other} would leave less [deadwood](deadwood), but this way your next "
                        "draw lets you knock about {k} times in {n}.", k),
                   card=_card(f), other=_card(f, "other"), k=k, n=n)


def _keep(f):
    # Translators: a hint. {card} and {other} are cards with their article.
    return fmt(_("Discard {card}: {other} would leave less [deadwood](deadwood), but Hard keeps it for the cards "
                 "you may draw and the cards your opponent may want."), card=_card(f), other=_card(f, "other"))


REASONS = {
    "take_meld": _take_meld, "take_knock": _take_knock, "take_lower": _take_lower, "take": _take,
    "useless": _useless, "stock_for_gin": _stock_for_gin, "stock_better": _stock_better, "stock_knock": _stock_knock, "barely": _barely,
    "stock": _stock, "stock_only": _stock_only, "big_gin": _big_gin, "gin": _gin, "knock": _knock,
    "knock_match": _knock_match, "play_on_undercut": _play_on_undercut, "play_on_wait": _play_on_wait,
    "play_on_gin": _play_on_gin, "play_on": _play_on, "least": _least, "less": _less, "tie_live": _tie_live,
    "tie_draw": _tie_draw, "tie_safer": _tie_safer, "tie": _tie, "keep_safer": _keep_safer,
    "keep_draw": _keep_draw, "keep_live": _keep_live, "keep_knock": _keep_knock, "keep": _keep,
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
            return fmt(ngettext("You discarded {card}, which left {n} point of [deadwood](deadwood).",
                                "You discarded {card}, which left {n} points of [deadwood](deadwood).", n),
                       card=T.the_card(card), n=n)
        # Translators: in the hand review; {card} is a card with its article, {n} deadwood points.
        return fmt(ngettext("You knocked by discarding {card}, with {n} point of [deadwood](deadwood).",
                            "You knocked by discarding {card}, with {n} points of [deadwood](deadwood).", n),
                   card=T.the_card(card), n=n)
    if action.kind in ("take_upcard", "draw_discard"):
        card = view.discard_pile[-1]
    return T.move_text(Event(action.kind, view.player, card), names, view.player)


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
