"""The game's events in words: each move or deal as the seat on screen is told it, the score of
a hand (one sentence per way a hand ends, from the engine's settlement) and the match's result.
Pure Python: the sentences are built from the engine's data, nothing is computed here but words.
"""

from game.web.words.i18n import N_, _, fmt, ngettext
from game.web.words.text import (
    capital,
    cards_with_articles,
    end_bonuses,
    name,
    points_text,
    the_card,
)


def event_text(event, view, names):
    """The announcement of one public event the View brings, for the seat on screen
    (`view.player`: "you"); `names[p]` is who plays seat p (`Who`). The card this seat has
    just drawn from the stock is named to it alone; the end of a hand and of the match are scored."""
    if event.kind == "hand_over":
        laid = layoff_text(view, names)
        return (laid + " " if laid else "") + score_line(view, names)
    if event.kind == "match_over":
        return match_result(view, names)
    return move_text(event, names, view.player, view.drawn)


# A move in words, by the kind of its event: (the seat on screen's own, another's). {card} is a
# card's name with its article; {player} "The computer", "Your friend" or "Player 2". Two
# players on one device share the screen: their moves are named ("Player 1 passed").
MOVES = {
    # Translators: {card} is a card's name with its article ("the queen of hearts").
    "take_upcard": (N_("You took the upcard, {card}."),
                    # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
                    # card's name with its article ("the queen of hearts").
                    N_("{player} took the upcard, {card}.")),
    "pass": (N_("You passed the upcard."),
             # Translators: {player} is "The computer", "Your friend" or "Player 2".
             N_("{player} passed the upcard.")),
    "draw_stock": (N_("You drew a card from the stock."),
                   # Translators: {player} is "The computer", "Your friend" or "Player 2".
                   N_("{player} drew a card from the stock.")),
    # Translators: {card} is a card's name with its article ("the queen of hearts").
    "draw_discard": (N_("You took {card} from the discard pile."),
                     # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
                     # card's name with its article ("the queen of hearts").
                     N_("{player} took {card} from the discard pile.")),
    # Translators: {card} is a card's name with its article ("the queen of hearts").
    "discard": (N_("You discarded {card}."),
                # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
                # card's name with its article ("the queen of hearts").
                N_("{player} discarded {card}.")),
    # Translators: {card} is a card's name with its article ("the queen of hearts").
    "knock": (N_("You discarded {card} and knocked."),
              # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
              # card's name with its article ("the queen of hearts").
              N_("{player} discarded {card} and knocked.")),
    # Translators: {card} is a card's name with its article ("the queen of hearts").
    "gin": (N_("You discarded {card} and went gin."),
            # Translators: {player} is "The computer", "Your friend" or "Player 2"; {card} is a
            # card's name with its article ("the queen of hearts").
            N_("{player} discarded {card} and went gin.")),
    # Translators: the player took back the discard just made (the other side had not
    # moved); {card} is a card's name with its article ("the queen of hearts").
    "undo": (N_("You took back {card}."),
             # Translators: {player} is "Your friend" or "Player 2" (never the computer); {card} is a
             # card's name with its article ("the queen of hearts"), taken back into their hand.
             N_("{player} took back {card}.")),
    "big_gin": (N_("You went big gin."),
                # Translators: {player} is "The computer", "Your friend" or "Player 2".
                N_("{player} went big gin.")),
}
MOVES["undercut"] = MOVES["knock"]  # the knock's event, when the defender undercut


def move_text(event, names, me, my_new_card=None):
    """A move or a deal in words; `me` is the seat on screen (its own stock draw of
    `my_new_card` is named)."""
    kind = event.kind
    seat = event.player
    if kind == "deal":
        return deal_text(event, names)
    if kind == "dead_hand":
        return _("Dead hand: only two cards are left in the stock.")
    if kind == "draw_stock" and seat == me and my_new_card is not None:
        # The card just drawn from the stock is told to the person at the screen alone.
        # Translators: {card} is a card's name with its article ("the queen of hearts").
        return fmt(_("You drew {card} from the stock."), card=the_card(my_new_card))
    if kind not in MOVES or seat is None:
        return ""
    yours, theirs = MOVES[kind]
    card = the_card(event.card) if event.card is not None else ""
    if names[seat].kind == "you":
        return fmt(_(yours), card=card)
    return fmt(_(theirs), player=capital(name(names[seat])), card=card)


def deal_text(event, names):
    """A new hand: its number and who deals."""
    dealer = event.data.get("dealer")
    number = event.data.get("hand")
    if names[dealer].kind == "you":
        # Translators: {number} is the number of the hand in the match (1, 2, ...).
        return fmt(_("Hand {number}: you deal."), number=number)
    # Translators: {number} is the number of the hand in the match; {player} is "the
    # computer", "your friend" or "Player 2" (inside the sentence).
    return fmt(_("Hand {number}: {player} deals."), number=number, player=name(names[dealer]))


def layoff_text(view, names):
    """The defender's layoffs after a knock, in the order laid off ("" for none): what the end
    of the hand plays out on the table, said in words."""
    result = view.result
    if result is None or not result.layoff_targets:
        return ""
    cards = result.layoffs
    if len(cards) == 1:
        listed = the_card(cards[0])
    else:
        # Translators: the end of a list of cards with their articles: {cards} is the list
        # but its last card, with the list separator ("the 2 of diamonds, the 3 of
        # diamonds"); {last} is the last card ("the 4 of diamonds").
        listed = fmt(_("{cards} and {last}"), cards=cards_with_articles(cards[:-1]), last=the_card(cards[-1]))
    defender = names[1 - view.knocker]
    if defender.kind == "you":
        # Translators: said at the end of a hand; {cards} are card names with their articles
        # ("the 8 of spades and the 9 of spades"), laid off on the knocker's melds.
        return fmt(_("You laid off {cards}."), cards=listed)
    # Translators: said at the end of a hand; {player} is "The computer", "Your friend" or
    # "Player 2"; {cards} are card names with their articles ("the 8 of spades").
    return fmt(_("{player} laid off {cards}."), player=capital(name(defender)), cards=listed)


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
