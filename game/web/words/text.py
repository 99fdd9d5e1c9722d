"""The words of the game UI, in the page's language (the `game` gettext domain).

Pure Python (no `browser`): the sentences the page shows and announces are built here from
the engine's data, so CPython tests can check them. Numbers and deadwood come from the
engine's settlement; nothing is computed here but words.
"""

from game import cardnames
from game.web.words.i18n import N_, _, fmt, ngettext, pgettext

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


# One sentence per reason the engine or a table gives (game.hand, game.scoring, game.web.play.tables).
REFUSALS = {
    "illegal": N_("That move is not allowed now."),
    "not_an_action": N_("That move is not allowed now."),
    "not_your_turn": N_("Wait for your turn."),
    "nothing_to_undo": N_("There is no discard to take back now."),
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
