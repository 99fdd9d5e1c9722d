"""The words of the game UI, in the page's language (the `game` gettext domain).

Pure Python (no `browser`): the sentences the page shows and announces are built here from
the engine's data, so CPython tests can check them. Numbers and deadwood come from the
engine's settlement; nothing is computed here but words.
"""

from game import cardnames
from game.web.i18n import N_, _, fmt, ngettext, pgettext

# --- who plays -------------------------------------------------------------------------------------

class Who:
    """Who sits in a seat, as the sentences need it: `kind` is "you", "computer", "friend" (an
    online table) or "player" (two players on one device, `number` 1 or 2). A sentence about
    "you" is a message of its own; the others are named with `name()` inside a sentence, or
    have a message of their own where a language joins the name to a preposition (fr « au
    joueur 2 », « du joueur 2 »)."""

    __slots__ = ("kind", "number")

    def __init__(self, kind, number=None):
        self.kind = kind
        self.number = number

    def __eq__(self, other):
        return isinstance(other, Who) and (self.kind, self.number) == (other.kind, other.number)

    def __repr__(self):
        return "Who(" + repr(self.kind) + ("" if self.number is None else ", " + str(self.number)) + ")"


def name(who):
    """A player other than "you", inside a sentence ("the computer", fr « le joueur 2 »)."""
    if who.kind == "computer":
        # Translators: the computer opponent inside a sentence ("The computer discarded the 7 of
        # hearts.", "+10 for the computer"); the page capitalises it at the start of a sentence.
        return _("the computer")
    if who.kind == "friend":
        # Translators: the other player of an online table inside a sentence ("Your friend
        # discarded the 7 of hearts."); the page capitalises it at the start of a sentence.
        return _("your friend")
    # Translators: one of two players on one device, inside a sentence ("Player 2 discarded the
    # 7 of hearts.", "+10 for Player 2"); {number} is 1 or 2. With its article where the
    # language needs one (fr « le joueur {number} »).
    return fmt(pgettext("player in a sentence", "Player {number}"), number=who.number)


def label(who):
    """A player as a heading or a column of the score sheet ("You", "The computer", "Player 2")."""
    if who.kind == "you":
        return pgettext("player label", "You")
    if who.kind == "computer":
        return pgettext("player label", "The computer")
    if who.kind == "friend":
        return pgettext("player label", "Your friend")
    # Translators: a player of a two-player game on one device, as a heading or a column of the
    # score sheet; {number} is 1 or 2.
    return fmt(pgettext("player label", "Player {number}"), number=who.number)


def capital(text):
    return text[:1].upper() + text[1:]


def card_name(card):
    return cardnames.card_name(card, pgettext)


def card_button_name(card):
    """A card's name on a button: "Q, queen of diamonds" (`cardnames.card_button_name`)."""
    return cardnames.card_button_name(card, pgettext)


def the_card(card):
    """A card's name with its article, for a sentence ("the queen of diamonds", vi "lá Q rô")."""
    return cardnames.card_with_article(card, pgettext)


def card_label(card):
    return cardnames.card_label(card, pgettext)


def points_text(n):
    # Translators: a number of points ("25 points"), used inside other sentences.
    return fmt(ngettext("{n} point", "{n} points", n), n=n)


def cards_count(n):
    # Translators: a number of cards ("31 cards"), used in the stock's label and the opponent's heading.
    return fmt(ngettext("{n} card", "{n} cards", n), n=n)


# --- rules ----------------------------------------------------------------------------------------

def preset_title(preset):
    """A preset's name as the game shows it. The key "modern" is kept (saved games and tables
    store it); players know its scoring, with box and game bonuses, as the traditional one."""
    if preset == "classic":
        return pgettext("rules", "Classic")
    if preset == "modern":
        return pgettext("rules", "Traditional")
    if preset == "oklahoma":
        return pgettext("rules", "Oklahoma")
    if preset == "straight":
        return pgettext("rules", "Straight gin")
    if preset == "short":
        return pgettext("rules", "Short game")
    return pgettext("rules", "Custom")


def rules_line(view):
    """The preset and the knock limit of the hand on screen, for the bar above the table
    (Oklahoma: the limit this hand's upcard set)."""
    rules = view.rules
    variant = preset_title(rules.name)
    limit = view.knock_limit if rules.oklahoma else rules.knock_limit
    if rules.oklahoma and limit == 0:
        # Translators: {variant} is a preset's name ("Oklahoma"); this hand's upcard is an ace.
        return fmt(_("{variant}: gin only this hand"), variant=variant)
    if rules.oklahoma:
        # Translators: {variant} is a preset's name ("Oklahoma"); {n} is the knock limit this
        # hand's upcard set.
        return fmt(ngettext("{variant}: knock with {n} point or less this hand",
                            "{variant}: knock with {n} points or less this hand", limit), variant=variant, n=limit)
    if limit == 0:
        # Translators: {variant} is a preset's name ("Straight gin").
        return fmt(_("{variant}: gin only, no knocking"), variant=variant)
    # Translators: {variant} is a preset's name ("Classic"); {n} is the knock limit, e.g. 10.
    return fmt(ngettext("{variant}: knock with {n} point or less", "{variant}: knock with {n} points or less", limit),
               variant=variant, n=limit)


def end_bonuses(rules):
    """The end-of-match bonuses the rules give, as keys of the engine's totals
    (`game.scoring.final_totals`): "box", "game", "shutout"; none under the simple scoring."""
    given = {"box": rules.box_bonus > 0, "game": rules.game_bonus > 0, "shutout": rules.shutout != "none"}
    return [key for key in ("box", "game", "shutout") if given[key]]


# --- events -----------------------------------------------------------------------------------------

def event_text(event, view, names):
    """The announcement of one public event the View brings, for the seat on screen
    (`view.player`: "you"); `names[p]` is who plays seat p (`Who`). The card this seat has
    just drawn from the stock is named to it alone; the end of a hand and of the match are scored."""
    if event.kind == "hand_over":
        return score_line(view, names)
    if event.kind == "match_over":
        return match_result(view, names)
    return move_text(event, names, view.player, view.drawn)


def move_text(event, names, me, my_new_card=None):
    """A move or a deal in words; `me` is the seat on screen (its own stock draw of
    `my_new_card` is named)."""
    kind = event.kind
    seat = event.player
    card = the_card(event.card) if event.card is not None else ""
    # Two players on one device share the screen: their moves are named ("Player 1 passed"),
    # but the card just drawn from the stock is told to the person at the screen alone.
    mine = seat is not None and names[seat].kind == "you"
    player = capital(name(names[seat])) if seat is not None and not mine else ""
    if kind == "take_upcard":
        if mine:
            # Translators: {card} is a card's name with its article ("the queen of hearts").
            return fmt(_("You took the upcard, {card}."), card=card)
        # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
        # card's name with its article ("the queen of hearts").
        return fmt(_("{player} took the upcard, {card}."), player=player, card=card)
    if kind == "pass":
        if mine:
            return _("You passed the upcard.")
        # Translators: {player} is "The computer", "Your friend" or "Player 2".
        return fmt(_("{player} passed the upcard."), player=player)
    if kind == "draw_stock":
        if seat == me and my_new_card is not None:
            # Translators: {card} is a card's name with its article ("the queen of hearts").
            return fmt(_("You drew {card} from the stock."), card=the_card(my_new_card))
        if mine:
            return _("You drew a card from the stock.")
        # Translators: {player} is "The computer", "Your friend" or "Player 2".
        return fmt(_("{player} drew a card from the stock."), player=player)
    if kind == "draw_discard":
        if mine:
            # Translators: {card} is a card's name with its article ("the queen of hearts").
            return fmt(_("You took {card} from the discard pile."), card=card)
        # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
        # card's name with its article ("the queen of hearts").
        return fmt(_("{player} took {card} from the discard pile."), player=player, card=card)
    if kind == "discard":
        if mine:
            # Translators: {card} is a card's name with its article ("the queen of hearts").
            return fmt(_("You discarded {card}."), card=card)
        # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
        # card's name with its article ("the queen of hearts").
        return fmt(_("{player} discarded {card}."), player=player, card=card)
    if kind in ("knock", "undercut"):
        if mine:
            # Translators: {card} is a card's name with its article ("the queen of hearts").
            return fmt(_("You discarded {card} and knocked."), card=card)
        # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
        # card's name with its article ("the queen of hearts").
        return fmt(_("{player} discarded {card} and knocked."), player=player, card=card)
    if kind == "gin":
        if mine:
            # Translators: {card} is a card's name with its article ("the queen of hearts").
            return fmt(_("You discarded {card} and went gin."), card=card)
        # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
        # card's name with its article ("the queen of hearts").
        return fmt(_("{player} discarded {card} and went gin."), player=player, card=card)
    if kind == "big_gin":
        if mine:
            return _("You went big gin.")
        # Translators: {player} is "The computer", "Your friend" or "Player 2".
        return fmt(_("{player} went big gin."), player=player)
    if kind == "dead_hand":
        return _("Dead hand: only two cards are left in the stock.")
    if kind == "deal":
        dealer = event.data.get("dealer")
        number = event.data.get("hand")
        if names[dealer].kind == "you":
            # Translators: {number} is the number of the hand in the match (1, 2, ...).
            return fmt(_("Hand {number}: you deal."), number=number)
        # Translators: {number} is the number of the hand in the match; {player} is "the
        # computer", "your friend" or "Player 2" (inside the sentence).
        return fmt(_("Hand {number}: {player} deals."), number=number, player=name(names[dealer]))
    return ""


def side(who):
    """Which score-line sentences fit a seat: "you", or "named" (the computer, a friend), or
    "player" (two players on one device: nobody is "you")."""
    return "you" if who.kind == "you" else ("player" if who.kind == "player" else "named")


def score_line(view, names):
    """How the hand in `view` was settled, in words, from the engine's result and its breakdown
    (knock: the difference; undercut: bonus + difference, a tie the bonus alone; gin: bonus +
    deadwood). One whole sentence per result and per point of view: you knocked (or went gin),
    you defended, or (one device) two named players. The defender's deadwood is after layoffs."""
    if view.end_kind is None:
        return ""
    if view.end_kind == "dead":
        # After the event's "Dead hand: only two cards are left in the stock." and under the title "Dead hand".
        return _("No score. The same dealer deals again.")
    result = view.result
    knocker, defender = names[view.knocker], names[1 - view.knocker]
    parts = result.breakdown
    kd, dd = result.knocker_deadwood, result.defender_deadwood
    values = {"knocker": name(knocker) if knocker.kind != "you" else "",
              "defender": name(defender) if defender.kind != "you" else "",
              "kd": kd, "dd": dd, "bonus": parts.bonus, "diff": parts.base,
              "points": points_text(parts.base + parts.bonus)}
    view_of = "you_knocked" if knocker.kind == "you" else ("you_defended" if defender.kind == "you" else "players")
    kind = "tie" if result.kind == "undercut" and parts.base == 0 else result.kind
    # The plural follows the number it is said with: the knocker's deadwood, the defender's after gin.
    text = fmt(SCORE_LINES[kind][view_of](dd if kind in ("gin", "big_gin") else kd), **values)
    if parts.multiplier != 1:
        # Translators: a sentence added after a score line in Oklahoma; {points} is "50 points".
        text += " " + fmt(_("The spade upcard doubles the points: {points}."), points=points_text(result.points))
    return capital(text)


# The score line of each result, from each point of view; the lambda's argument chooses the plural.
SCORE_LINES = {
    "knock": {
        # Translators: {kd} is your deadwood, {dd} the other player's after layoffs; {defender} is
        # "the computer" or "your friend"; {points} is "3 points".
        "you_knocked": lambda kd: ngettext(
            "You knocked with {kd} point of deadwood against {defender}'s {dd} after layoffs and score the "
            "difference, {points}.",
            "You knocked with {kd} points of deadwood against {defender}'s {dd} after layoffs and score the "
            "difference, {points}.", kd),
        # Translators: {knocker} is "the computer" or "your friend"; {kd} is its deadwood, {dd}
        # yours after layoffs; {points} is "3 points".
        "you_defended": lambda kd: ngettext(
            "{knocker} knocked with {kd} point of deadwood against your {dd} after layoffs and scores the "
            "difference, {points}.",
            "{knocker} knocked with {kd} points of deadwood against your {dd} after layoffs and scores the "
            "difference, {points}.", kd),
        # Translators: two players on one device; {knocker} and {defender} are "Player 1" and
        # "Player 2"; {kd} is the knocker's deadwood, {dd} the other's after layoffs.
        "players": lambda kd: ngettext(
            "{knocker} knocked with {kd} point of deadwood against {defender}'s {dd} after layoffs and scores "
            "the difference, {points}.",
            "{knocker} knocked with {kd} points of deadwood against {defender}'s {dd} after layoffs and scores "
            "the difference, {points}.", kd),
    },
    "undercut": {
        # Translators: {defender} is "the computer" or "your friend"; {kd} is your deadwood, {dd}
        # the defender's after layoffs (lower); {bonus} the undercut bonus (25), {diff} the
        # difference, {points} "30 points".
        "you_knocked": lambda kd: ngettext(
            "You knocked with {kd} point of deadwood, but after layoffs {defender} had only {dd}. That is an "
            "undercut: {defender} scores the {bonus}-point undercut bonus plus the difference of {diff}, {points} "
            "in all.",
            "You knocked with {kd} points of deadwood, but after layoffs {defender} had only {dd}. That is an "
            "undercut: {defender} scores the {bonus}-point undercut bonus plus the difference of {diff}, {points} "
            "in all.", kd),
        # Translators: {knocker} is "the computer" or "your friend"; {kd} is its deadwood, {dd}
        # yours after layoffs (lower); {bonus} the undercut bonus (25), {diff} the difference,
        # {points} "30 points".
        "you_defended": lambda kd: ngettext(
            "{knocker} knocked with {kd} point of deadwood, but after layoffs you had only {dd}. That is an "
            "undercut: you score the {bonus}-point undercut bonus plus the difference of {diff}, {points} in all.",
            "{knocker} knocked with {kd} points of deadwood, but after layoffs you had only {dd}. That is an "
            "undercut: you score the {bonus}-point undercut bonus plus the difference of {diff}, {points} in all.",
            kd),
        # Translators: two players on one device; {knocker} and {defender} are "Player 1" and
        # "Player 2"; {bonus} the undercut bonus (25), {diff} the difference, {points} "30 points".
        "players": lambda kd: ngettext(
            "{knocker} knocked with {kd} point of deadwood, but after layoffs {defender} had only {dd}. That is "
            "an undercut: {defender} scores the {bonus}-point undercut bonus plus the difference of {diff}, "
            "{points} in all.",
            "{knocker} knocked with {kd} points of deadwood, but after layoffs {defender} had only {dd}. That is "
            "an undercut: {defender} scores the {bonus}-point undercut bonus plus the difference of {diff}, "
            "{points} in all.", kd),
    },
    "tie": {
        # Translators: an undercut on a tie; {defender} is "the computer" or "your friend"; {kd}
        # and {dd} are the same deadwood; {points} is the undercut bonus ("25 points").
        "you_knocked": lambda kd: ngettext(
            "You knocked with {kd} point of deadwood, and after layoffs {defender} had {dd} too. A tie is an "
            "undercut: {defender} scores the undercut bonus, {points}.",
            "You knocked with {kd} points of deadwood, and after layoffs {defender} had {dd} too. A tie is an "
            "undercut: {defender} scores the undercut bonus, {points}.", kd),
        # Translators: an undercut on a tie; {knocker} is "the computer" or "your friend"; {kd}
        # and {dd} are the same deadwood; {points} is the undercut bonus ("25 points").
        "you_defended": lambda kd: ngettext(
            "{knocker} knocked with {kd} point of deadwood, and after layoffs you had {dd} too. A tie is an "
            "undercut: you score the undercut bonus, {points}.",
            "{knocker} knocked with {kd} points of deadwood, and after layoffs you had {dd} too. A tie is an "
            "undercut: you score the undercut bonus, {points}.", kd),
        # Translators: two players on one device, an undercut on a tie; {knocker} and {defender}
        # are "Player 1" and "Player 2"; {points} is the undercut bonus ("25 points").
        "players": lambda kd: ngettext(
            "{knocker} knocked with {kd} point of deadwood, and after layoffs {defender} had {dd} too. A tie is "
            "an undercut: {defender} scores the undercut bonus, {points}.",
            "{knocker} knocked with {kd} points of deadwood, and after layoffs {defender} had {dd} too. A tie is "
            "an undercut: {defender} scores the undercut bonus, {points}.", kd),
    },
    "gin": {
        # Translators: {points} is "47 points"; {bonus} the gin bonus (25); {defender} is "the
        # computer" or "your friend", {dd} its deadwood (no layoffs after gin).
        "you_knocked": lambda dd: ngettext(
            "Your gin scores {points}: the {bonus}-point gin bonus plus {defender}'s {dd} point of deadwood.",
            "Your gin scores {points}: the {bonus}-point gin bonus plus {defender}'s {dd} points of deadwood.", dd),
        # Translators: {knocker} is "the computer" or "your friend"; {points} is "47 points";
        # {bonus} the gin bonus (25); {dd} your deadwood (no layoffs after gin).
        "you_defended": lambda dd: ngettext(
            "{knocker}'s gin scores {points}: the {bonus}-point gin bonus plus your {dd} point of deadwood.",
            "{knocker}'s gin scores {points}: the {bonus}-point gin bonus plus your {dd} points of deadwood.", dd),
        # Translators: two players on one device; {knocker} and {defender} are "Player 1" and
        # "Player 2"; {points} is "47 points"; {bonus} the gin bonus (25); {dd} the defender's deadwood.
        "players": lambda dd: ngettext(
            "{knocker}'s gin scores {points}: the {bonus}-point gin bonus plus {defender}'s {dd} point of deadwood.",
            "{knocker}'s gin scores {points}: the {bonus}-point gin bonus plus {defender}'s {dd} points of "
            "deadwood.", dd),
    },
    "big_gin": {
        # Translators: {points} is "53 points"; {bonus} the big gin bonus (31); {defender} is "the
        # computer" or "your friend", {dd} its deadwood (no layoffs after big gin).
        "you_knocked": lambda dd: ngettext(
            "Your big gin scores {points}: the {bonus}-point big gin bonus plus {defender}'s {dd} point of "
            "deadwood.",
            "Your big gin scores {points}: the {bonus}-point big gin bonus plus {defender}'s {dd} points of "
            "deadwood.", dd),
        # Translators: {knocker} is "the computer" or "your friend"; {points} is "53 points";
        # {bonus} the big gin bonus (31); {dd} your deadwood (no layoffs after big gin).
        "you_defended": lambda dd: ngettext(
            "{knocker}'s big gin scores {points}: the {bonus}-point big gin bonus plus your {dd} point of deadwood.",
            "{knocker}'s big gin scores {points}: the {bonus}-point big gin bonus plus your {dd} points of "
            "deadwood.", dd),
        # Translators: two players on one device; {knocker} and {defender} are "Player 1" and
        # "Player 2"; {points} is "53 points"; {bonus} the big gin bonus (31); {dd} the defender's deadwood.
        "players": lambda dd: ngettext(
            "{knocker}'s big gin scores {points}: the {bonus}-point big gin bonus plus {defender}'s {dd} point "
            "of deadwood.",
            "{knocker}'s big gin scores {points}: the {bonus}-point big gin bonus plus {defender}'s {dd} points "
            "of deadwood.", dd),
    },
}


def level_name(level):
    if level == "easy":
        return pgettext("level", "Easy")
    if level == "medium":
        return pgettext("level", "Medium")
    return pgettext("level", "Hard")


# --- refusals --------------------------------------------------------------------------------------

def refusal(reason, details):
    """The player's sentence for the engine's, a table's or the table server's reason for
    refusing a move."""
    if reason == "over_limit":
        n = details.get("deadwood") or 0
        # Translators: {n} is the deadwood the knock would keep, {limit} the knock limit.
        return fmt(ngettext("You would keep {n} point of deadwood, over the knock limit of {limit}.",
                            "You would keep {n} points of deadwood, over the knock limit of {limit}.", n),
                   n=n, limit=details.get("limit"))
    if reason == "not_gin":
        n = details.get("deadwood") or 0
        # Translators: {n} is the deadwood count left.
        return fmt(ngettext("Gin needs every card in a meld; {n} point of deadwood is left.",
                            "Gin needs every card in a meld; {n} points of deadwood are left.", n), n=n)
    # A table server's own reasons (docs/online.md) have their sentences too.
    return _(REFUSALS.get(reason) or ONLINE_PROBLEMS.get(reason) or REFUSALS["illegal"])


# One sentence per reason the engine or a table gives (game.hand, game.scoring, game.web.tables).
REFUSALS = {
    "illegal": N_("That move is not allowed now."),
    "not_an_action": N_("That move is not allowed now."),
    "not_your_turn": N_("Wait for your turn."),
    "hand_over": N_("The hand is over: deal the next one."),
    "match_over": N_("The match is over."),
    "hand_in_play": N_("The hand is still being played."),
    "upcard_offer": N_("Take the upcard or pass first."),
    "draw_first": N_("Draw a card first, from the stock or the discard pile."),
    "stock_only": N_("Both players passed the upcard: draw from the stock."),
    "already_drew": N_("You have drawn: now discard a card, or knock."),
    "not_in_hand": N_("That card is not in your hand."),
    "taken_card": N_("You may not discard the card you just took from the discard pile."),
    "is_gin": N_("This discard leaves no deadwood: that is gin, not a knock."),
    "gin_only": N_("Only gin ends a hand under these rules."),
    "no_big_gin": N_("Big gin is not played under these rules."),
    "not_big_gin": N_("Big gin needs all eleven cards in melds."),
    "no_card_here": N_("That move does not take a card."),
    "no_melds_here": N_("Only a knock or gin can declare melds."),
    "card_twice": N_("A card is in two melds."),
    "not_a_meld": N_("These melds are not valid."),
}


# --- whose turn, what to do -----------------------------------------------------------------------

def turn_text(view, mode, handover):
    """Whose turn it is and what to do, for the seat on screen (`mode` "cpu" or "duo")."""
    turn = view.turn
    if turn is None:
        if view.phase == "match_over":
            return _("The match is over.")
        return _("The hand is over.")
    if mode == "cpu" or mode == "online":
        if turn != view.player:
            return _("The computer's turn.") if mode == "cpu" else _("Your friend's turn.")
        return _("Your turn.") + " " + prompt(view)
    if handover:
        return pass_device(turn + 1)
    # Translators: two players on one device; {number} is 1 or 2 ("Player 2, your turn.").
    return fmt(_("Player {number}, your turn."), number=turn + 1) + " " + prompt(view)


def pass_device(number):
    """The hand-over sentence (two players on one device)."""
    # Translators: two players on one device; {number} is 1 or 2 (fr « Passez l’appareil au joueur {number}. »).
    return fmt(_("Pass the device to Player {number}."), number=number)


def prompt(view):
    """What the player to move may do now, from the View's phase and legal actions."""
    phase = view.phase
    if phase == "upcard":
        # Translators: {card} is a card's name without article ("queen of hearts").
        return fmt(_("Take the upcard ({card}) or pass."), card=card_name(view.discard_pile[-1]))
    if phase == "draw":
        if "draw_discard" not in [action.kind for action in view.legal_actions]:
            return _("Draw a card from the stock.")
        return _("Draw a card from the stock or the discard pile.")
    if phase == "discard":
        return " ".join([_("Select a card, then discard it.")] + possible_endings(view))
    return ""


def possible_endings(view):
    """Sentences saying which endings the View lists now, with the discards that allow them
    (the lowest deadwood first): big gin, gin, a knock."""
    said = []
    by_kind = {}
    for action in view.legal_actions:
        by_kind.setdefault(action.kind, []).append(action.card)
    if "big_gin" in by_kind:
        said.append(_("Big gin is possible: all eleven cards are in melds."))
    after = view.discard_deadwood
    if "gin" in by_kind:
        cards = by_kind["gin"]
        if len(cards) == 1:
            # Translators: {card} is a card's name with its article ("the 9 of clubs").
            said.append(fmt(_("Gin is possible by discarding {card}."), card=the_card(cards[0])))
        else:
            # Translators: {cards} is a list of card names with their articles ("the 9 of clubs or the king of spades").
            said.append(fmt(_("Gin is possible by discarding one of these cards: {cards}."), cards=cards_or(cards)))
    if "knock" in by_kind:
        cards = sorted(by_kind["knock"], key=lambda c: (after.get(c.index, 99), c.rank, c.suit))
        if len(cards) == 1:
            # Translators: {card} is a card's name with its article ("the 9 of clubs").
            said.append(fmt(_("You can knock by discarding {card}."), card=the_card(cards[0])))
        else:
            # Translators: {cards} is a list of card names with their articles ("the 9 of clubs or the king of spades").
            said.append(fmt(_("You can knock by discarding one of these cards: {cards}."), cards=cards_or(cards)))
    return said


def cards_with_articles(cards):
    """Card names with their articles, as a list ("the 9 of clubs, the king of spades")."""
    # Translators: the separator between the card names of a list.
    return pgettext("list separator", ", ").join(the_card(c) for c in cards)


def cards_or(cards):
    """Card names with their articles, the choice between them ("the 9 of clubs, the 5 of hearts
    or the king of spades")."""
    # Translators: the end of a choice between cards: {cards} is the list but its last card, with
    # the list separator ("the 9 of clubs, the 5 of hearts"); {last} is the last card.
    return fmt(_("{cards} or {last}"), cards=cards_with_articles(cards[:-1]), last=the_card(cards[-1]))


def mode_name(mode):
    """An opponent choice in words (the values of `state.MODES`)."""
    if mode == "duo":
        return _("Two players on this device")
    if mode == "online":
        return _("A friend online")
    return _("Against the computer")


def match_result(view, names):
    """The match's result in words, once it is over ("" before). With end-of-match bonuses the
    winner (who reached the target) may end with the lower total, so both scores are said."""
    winner = view.winner
    totals = view.totals
    if winner is None or totals is None:
        return ""
    mine, theirs = totals[winner], totals[1 - winner]
    values = {"a": mine["points"], "b": theirs["points"], "c": mine["total"], "d": theirs["total"],
              "player": capital(name(names[winner]))}
    you = names[winner].kind == "you"
    if not end_bonuses(view.rules):
        if you:
            # Translators: {a} is your score, {b} the other player's.
            return fmt(_("You win the match, {a} to {b}."), **values)
        # Translators: {player} is "The computer", "Your friend" or "Player 2"; {a} is the winner's
        # score, {b} the other player's.
        return fmt(_("{player} wins the match, {a} to {b}."), **values)
    if you:
        # Translators: rules with end-of-match bonuses; {a} and {b} are your hand points and the
        # other player's, {c} and {d} the final totals with the bonuses (the loser's may be higher).
        return fmt(_("You win the match, {a} to {b} in hand points; with the bonuses, the final totals are {c} to {d}."),
                   **values)
    # Translators: rules with end-of-match bonuses; {player} is "The computer", "Your friend" or
    # "Player 2"; {a} and {b} are the winner's hand points and the other player's, {c} and {d}
    # the final totals with the bonuses (the loser's may be higher).
    return fmt(_("{player} wins the match, {a} to {b} in hand points; with the bonuses, the final totals are {c} to {d}."),
               **values)


# --- online tables ---------------------------------------------------------------------------------


# One sentence per reason of docs/online.md that a player can meet (and the page's own).
ONLINE_PROBLEMS = {
    "no_server": N_("The game server is not responding. Check your connection and try again."),
    "offline": N_("Playing a friend online needs the network, and this device is offline: you are "
                  "playing the computer meanwhile."),
    "not_connected": N_("You are not connected to the table right now: wait a moment and try again."),
    "no_such_table": N_("There is no table with this code, or this browser no longer holds a seat "
                        "there. Check the code with your friend."),
    "table_full": N_("Both seats at this table are taken."),
    "table_unreadable": N_("The game server can no longer read this table's game, so it cannot go "
                           "on. Open a new table."),
    "seat_given_up": N_("You gave up your seat at this table."),
    "too_many_tables": N_("Too many tables were opened from your connection: wait a minute."),
    "too_many_requests": N_("Too many attempts from your connection: wait a minute."),
    "too_many_connections": N_("This table is open in too many windows: close the ones you do not use."),
    "server_busy": N_("The game server is busy: it will try again in a moment."),
    "storage": N_("The game server could not save your move, so it was not played. Try again."),
    "server_error": N_("The game server could not play that move because of a fault of its own. "
                       "Try again."),
    "too_many_messages": N_("Too many moves at once: slow down a little."),
    "no_opponent": N_("Wait for your friend to join the table."),
    "no_offer": N_("There is no offer of a new game to answer."),
    "bad_origin": N_("This page may not use the game server."),
    "malformed_json": N_("The game server did not understand the page: reload it."),
    "unknown_type": N_("The game server did not understand the page: reload it."),
    "malformed_action": N_("The game server did not understand the page: reload it."),
    "malformed_message": N_("The game server did not understand the page: reload it."),
    "too_big": N_("The game server did not understand the page: reload it."),
}
