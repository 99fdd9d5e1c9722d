"""The coach's reasons in words: one whole short sentence per kind of reason of the hint
(`game.ai.coach.suggest` names the kinds, `REASONS` words each), in the page's language, with
one number at most; a chance is said as "about 1 time in 8" (`chance_parts`). The cards and
numbers are the coach's facts: nothing is worked out here but words. A term of the guide's
glossary is marked `[words](term)` (`game.web.words.coachtext` links or unmarks it). Pure Python (no
`browser`), tested in CPython.
"""

from game.web.words import text as T
from game.web.words.i18n import _, fmt, ngettext

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
