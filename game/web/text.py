"""The words of the game UI, in the page's language (the `game` gettext domain).

Pure Python (no `browser`): the sentences the page shows and announces are built here from
the engine's data, so CPython tests can check them. Numbers and deadwood come from the
engine's settlement; nothing is computed here but words.
"""

from game import cardnames
from game.web.i18n import N_, _, fmt, ngettext, pgettext

# Player names. Translators: names used inside sentences such as "Points for {player}".


def name_you():
    # Translators: the human player, as used inside sentences ("Points for you").
    return _("you")


def name_computer():
    # Translators: the computer opponent, as used inside sentences ("Points for the computer").
    return _("the computer")


def name_friend():
    # Translators: the other player of an online table, as used inside sentences
    # ("Points for your friend").
    return _("your friend")


def name_player(number):
    # Translators: a player of a two-player game on one device; {number} is 1 or 2.
    return fmt(_("Player {number}"), number=number)


def capital(text):
    return text[:1].upper() + text[1:]


def card_name(card):
    return cardnames.card_name(card, pgettext)


def card_label(card):
    return cardnames.card_label(card, pgettext)


def points_text(n):
    return fmt(ngettext("{n} point", "{n} points", n), n=n)


def cards_count(n):
    return fmt(ngettext("{n} card", "{n} cards", n), n=n)


# --- rules ----------------------------------------------------------------------------------------

def preset_title(name):
    if name == "classic":
        return pgettext("rules", "Classic")
    if name == "modern":
        return pgettext("rules", "Modern")
    if name == "oklahoma":
        return pgettext("rules", "Oklahoma")
    if name == "straight":
        return pgettext("rules", "Straight")
    if name == "short":
        return pgettext("rules", "Short game")
    return pgettext("rules", "Custom")


def rules_summary(rules):
    """The numbers of a rule set, in words: knock limit, bonuses, target."""
    parts = []
    if rules.oklahoma:
        parts.append(_("knock limit: the upcard's value (ace: gin only)"))
    elif rules.knock_limit == 0:
        parts.append(_("gin only, no knocking"))
    else:
        parts.append(fmt(_("knock with {n} or less"), n=rules.knock_limit))
    parts.append(fmt(_("gin {n}"), n=rules.gin_bonus))
    if rules.big_gin_bonus is not None:
        parts.append(fmt(_("big gin {n}"), n=rules.big_gin_bonus))
    if rules.oklahoma or rules.knock_limit > 0:  # no knock, no undercut
        parts.append(fmt(_("undercut {n}"), n=rules.undercut_bonus))
    parts.append(fmt(_("game to {n}"), n=rules.target))
    if rules.box_bonus:
        parts.append(fmt(_("{n} per hand won"), n=rules.box_bonus))
    if rules.game_bonus:
        parts.append(fmt(_("game bonus {n}"), n=rules.game_bonus))
    if rules.shutout == "double":
        parts.append(_("shutout doubles"))
    elif rules.shutout == "bonus":
        parts.append(fmt(_("shutout bonus {n}"), n=rules.shutout_bonus))
    if rules.oklahoma and rules.oklahoma_spade_double:
        parts.append(_("spade upcard doubles"))
    # Translators: the separator between the parts of a rules summary ("gin 25; game to 100").
    return pgettext("list separator", "; ").join(parts)


# --- events -----------------------------------------------------------------------------------------

def event_text(event, view, mode, names):
    """The announcement of one public event the View brings, for the seat on screen
    (`view.player`: "you"); `names[p]` is player p's name. The card this seat has just drawn
    from the stock is named to it alone; the end of a hand and of the match are scored."""
    if event.kind == "hand_over":
        return score_line(view, names)
    if event.kind == "match_over":
        return match_result(view, mode, names)
    return move_text(event, names, view.player, view.drawn)


def move_text(event, names, me, my_new_card=None):
    """A move or a deal in words; `me` is the seat on screen (its own stock draw of
    `my_new_card` is named)."""
    kind = event.kind
    who = event.player
    card = card_name(event.card) if event.card is not None else ""
    mine = who is not None and who == me
    player = capital(names[who]) if who is not None else ""
    if kind == "take_upcard":
        if mine:
            return fmt(_("You took the upcard, the {card}."), card=card)
        return fmt(_("{player} took the upcard, the {card}."), player=player, card=card)
    if kind == "pass":
        if mine:
            return _("You passed the upcard.")
        return fmt(_("{player} passed the upcard."), player=player)
    if kind == "draw_stock":
        if mine and my_new_card is not None:
            return fmt(_("You drew the {card} from the stock."), card=card_name(my_new_card))
        if mine:
            return _("You drew a card from the stock.")
        return fmt(_("{player} drew a card from the stock."), player=player)
    if kind == "draw_discard":
        if mine:
            return fmt(_("You took the {card} from the discard pile."), card=card)
        return fmt(_("{player} took the {card} from the discard pile."), player=player, card=card)
    if kind == "discard":
        if mine:
            return fmt(_("You discarded the {card}."), card=card)
        return fmt(_("{player} discarded the {card}."), player=player, card=card)
    if kind in ("knock", "undercut"):
        if mine:
            return fmt(_("You knocked, discarding the {card}."), card=card)
        return fmt(_("{player} knocked, discarding the {card}."), player=player, card=card)
    if kind == "gin":
        if mine:
            return fmt(_("You went gin, discarding the {card}."), card=card)
        return fmt(_("{player} went gin, discarding the {card}."), player=player, card=card)
    if kind == "big_gin":
        if mine:
            return _("You went big gin.")
        return fmt(_("{player} went big gin."), player=player)
    if kind == "dead_hand":
        return _("Dead hand: only two cards are left in the stock.")
    if kind == "deal":
        dealer = event.data.get("dealer")
        number = event.data.get("hand")
        if dealer == me:
            return fmt(_("Hand {number}: you deal."), number=number)
        return fmt(_("Hand {number}: {player} deals."), number=number, player=names[dealer])
    return ""


def declaration_problem(problem, melds):
    """Why the engine refused the melds declared in the knock dialog, in the page's language."""
    if problem.reason == "not_a_meld":
        number = 1
        for k in range(len(melds)):
            if melds[k] == problem.details["meld"]:
                number = k + 1
        return fmt(_("Meld {n} is neither a set nor a run."), n=number)
    return refusal(problem.reason, problem.details)


def score_line(view, names):
    """How the hand in `view` was settled, in words, from the engine's result and its breakdown
    (knock: the difference; undercut: bonus + difference; gin: bonus + deadwood)."""
    if view.end_kind is None:
        return ""
    if view.end_kind == "dead":
        return _("Dead hand: no score. The same dealer deals again.")
    result = view.result
    knocker = view.knocker
    winner = knocker if result.winner == "knocker" else 1 - knocker
    parts = result.breakdown
    values = {
        "knocker": names[knocker], "defender": names[1 - knocker], "winner": names[winner],
        "kd": result.knocker_deadwood, "dd": result.defender_deadwood,
        "bonus": parts.bonus, "diff": parts.base, "points": parts.base + parts.bonus,
    }
    if result.kind == "knock":
        # Translators: {knocker} etc. are player names such as "you" or "the computer".
        text = fmt(_("Knock by {knocker}: deadwood {kd} against {dd}. "
                     "Points for {winner}: the difference, {points}."), **values)
    elif result.kind == "undercut":
        text = fmt(_("Knock by {knocker}: deadwood {kd} against {dd}, an undercut! "
                     "Points for {winner}: the undercut bonus {bonus} plus the difference {diff}, "
                     "{points} in all."), **values)
    elif result.kind == "gin":
        text = fmt(_("Gin by {knocker}. Points for {winner}: the gin bonus {bonus} plus the "
                     "deadwood of {defender}, {dd}: {points} in all."), **values)
    else:
        text = fmt(_("Big gin by {knocker}. Points for {winner}: the big gin bonus {bonus} plus "
                     "the deadwood of {defender}, {dd}: {points} in all."), **values)
    if parts.multiplier != 1:
        text += " " + fmt(_("Doubled by the spade upcard: {points}."), points=result.points)
    return capital(text)


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
        return fmt(_("The deadwood ({n}) is over the knock limit ({limit})."),
                   n=details.get("deadwood"), limit=details.get("limit"))
    if reason == "not_gin":
        n = details.get("deadwood") or 0
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
    "no_card_here": N_("That move plays no card."),
    "no_melds_here": N_("Only a knock or gin declares melds."),
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
        return fmt(_("Pass the device to {player}."), player=name_player(turn + 1))
    return fmt(_("{player}, your turn."), player=name_player(turn + 1)) + " " + prompt(view)


def prompt(view):
    """What the player to move may do now, from the View's phase and legal actions."""
    phase = view.phase
    if phase == "upcard":
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
        # Translators: {cards} is a list of card names ("the 9 of clubs, the king of spades").
        said.append(fmt(_("Gin is possible by discarding: {cards}."), cards=card_list(by_kind["gin"])))
    if "knock" in by_kind:
        cards = sorted(by_kind["knock"], key=lambda c: (after.get(c.index, 99), c.rank, c.suit))
        # Translators: {cards} is a list of card names ("the 9 of clubs, the king of spades").
        said.append(fmt(_("You can knock by discarding: {cards}."), cards=card_list(cards)))
    return said


def card_list(cards):
    """Card names as a list ("9 of clubs, king of spades")."""
    # Translators: the separator between the card names of a list.
    return pgettext("list separator", ", ").join(card_name(c) for c in cards)


def limit_text(view):
    """The knock limit of the hand on screen, in words (Oklahoma: the one this upcard set)."""
    rules = view.rules
    if rules.oklahoma:
        if view.knock_limit == 0:
            return _("this hand: gin only")
        # Translators: Oklahoma gin: the knock limit the upcard set for this hand.
        return fmt(_("this hand: knock with {n} or less"), n=view.knock_limit)
    if rules.knock_limit == 0:
        return _("gin only, no knocking")
    return fmt(_("knock with {n} or less"), n=rules.knock_limit)


def mode_name(mode):
    """An opponent choice in words (the values of `state.MODES`)."""
    if mode == "duo":
        return _("Two players on this device")
    if mode == "online":
        return _("A friend online")
    return _("Against the computer")


def pace_name(pace):
    """A pace of the computer's moves in words (the keys of `state.PACES`)."""
    if pace == "slow":
        return pgettext("pace", "Slow")
    if pace == "fast":
        return pgettext("pace", "Fast")
    return pgettext("pace", "Normal")


def hand_headline(view, mode, names):
    """Who won the hand on screen and how many points, in a few words ("" while it is played)."""
    if view.end_kind is None:
        return ""
    if view.end_kind == "dead":
        return _("Dead hand")
    result = view.result
    winner = view.knocker if result.winner == "knocker" else 1 - view.knocker
    if mode == "cpu" and winner == view.player:
        # Translators: the banner at the end of a hand; {points} is "25 points".
        return fmt(_("You win the hand: {points}."), points=points_text(result.points))
    # Translators: the banner at the end of a hand; {player} is "The computer" or "Player 2",
    # {points} is "25 points".
    return fmt(_("{player} wins the hand: {points}."), player=capital(names[winner]), points=points_text(result.points))


def match_result(view, mode, names):
    """The match's result in words, once it is over ("" before)."""
    winner = view.winner
    totals = view.totals
    if winner is None or totals is None:
        return ""
    a, b = totals[winner]["total"], totals[1 - winner]["total"]
    if mode != "duo" and winner == view.player:
        return fmt(_("You win the match, {a} to {b}."), a=a, b=b)
    return fmt(_("{player} wins the match, {a} to {b}."), player=capital(names[winner]), a=a, b=b)


# --- online tables ---------------------------------------------------------------------------------

def online_problem(reason):
    """The player's sentence for a table server's refusal or a network problem."""
    return _(ONLINE_PROBLEMS.get(reason) or ONLINE_PROBLEMS["no_server"])


# One sentence per reason of docs/online.md that a player can meet (and the page's own).
ONLINE_PROBLEMS = {
    "no_server": N_("The table server does not answer. Check your connection and try again."),
    "not_connected": N_("You are not connected to the table right now: wait a moment and try again."),
    "no_such_table": N_("There is no table with this code. Check the code with your friend."),
    "table_full": N_("Both seats at this table are taken."),
    "bad_key": N_("This browser no longer holds a seat at that table."),
    "unreadable_table": N_("This table can no longer be played: open a new one."),
    "too_many_tables": N_("Too many tables were opened from your connection: wait a minute."),
    "too_many_requests": N_("Too many attempts from your connection: wait a minute."),
    "too_many_messages": N_("Too many moves at once: slow down a little."),
    "no_opponent": N_("Wait for your friend to join the table."),
    "no_offer": N_("There is no offer of a new game to answer."),
    "bad_origin": N_("This page may not use the table server."),
    "malformed_json": N_("The table server did not understand the page: reload it."),
    "unknown_type": N_("The table server did not understand the page: reload it."),
    "malformed_action": N_("The table server did not understand the page: reload it."),
    "malformed_message": N_("The table server did not understand the page: reload it."),
    "too_big": N_("The table server did not understand the page: reload it."),
}
