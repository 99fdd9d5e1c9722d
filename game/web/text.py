"""The words of the game UI, in the page's language (the `game` gettext domain).

Pure Python (no `browser`): the sentences the page shows and announces are built here from
the engine's data, so CPython tests can check them. Numbers and deadwood come from the
engine's settlement; nothing is computed here but words.
"""

from game import cardnames
from game.web.i18n import _, fmt, ngettext, pgettext

# Player names. Translators: names used inside sentences such as "Points for {player}".


def name_you():
    # Translators: the human player, as used inside sentences ("Points for you").
    return _("you")


def name_computer():
    # Translators: the computer opponent, as used inside sentences ("Points for the computer").
    return _("the computer")


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

def event_text(event, names, me, my_new_card=None):
    """The announcement of one engine event. `names[p]` is player p's name; `me` is the seat
    shown on this screen (its own stock draws are named, the opponent's are not)."""
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
    reason = problem.reason
    details = problem.details
    if reason == "not_a_meld":
        number = 1
        for k in range(len(melds)):
            if melds[k] == details["meld"]:
                number = k + 1
        return fmt(_("Meld {n} is neither a set nor a run."), n=number)
    if reason == "not_gin":
        n = details["deadwood"]
        return fmt(ngettext("Gin needs every card in a meld; {n} point of deadwood is left.",
                            "Gin needs every card in a meld; {n} points of deadwood are left.", n), n=n)
    if reason == "gin_only":
        return _("Only gin ends a hand under these rules.")
    if reason == "over_limit":
        return fmt(_("The deadwood ({n}) is over the knock limit ({limit})."),
                   n=details["deadwood"], limit=details["limit"])
    return _("These melds are not valid.")


def score_line(end, names, rules):
    """How the hand was settled, in words (knock: difference; undercut: bonus + difference;
    gin: bonus + deadwood), from the engine's settlement."""
    if end is None:
        return ""
    if end["kind"] == "dead":
        return _("Dead hand: no score. The same dealer deals again.")
    result = end["settlement"]
    knocker = end["knocker"]
    winner = knocker if result.winner == "knocker" else 1 - knocker
    values = {
        "knocker": names[knocker], "defender": names[1 - knocker], "winner": names[winner],
        "kd": result.knocker_deadwood, "dd": result.defender_deadwood,
        "points": result.points // result.multiplier,
    }
    if result.kind == "knock":
        # Translators: {knocker} etc. are player names such as "you" or "the computer".
        text = fmt(_("Knock by {knocker}: deadwood {kd} against {dd}. "
                     "Points for {winner}: the difference, {points}."), **values)
    elif result.kind == "undercut":
        values["bonus"] = bonus_of(result.kind, rules)
        values["diff"] = values["points"] - values["bonus"]
        text = fmt(_("Knock by {knocker}: deadwood {kd} against {dd}, an undercut! "
                     "Points for {winner}: the undercut bonus {bonus} plus the difference {diff}, "
                     "{points} in all."), **values)
    elif result.kind == "gin":
        values["bonus"] = bonus_of(result.kind, rules)
        text = fmt(_("Gin by {knocker}. Points for {winner}: the gin bonus {bonus} plus the "
                     "deadwood of {defender}, {dd}: {points} in all."), **values)
    else:
        values["bonus"] = bonus_of(result.kind, rules)
        text = fmt(_("Big gin by {knocker}. Points for {winner}: the big gin bonus {bonus} plus "
                     "the deadwood of {defender}, {dd}: {points} in all."), **values)
    if result.multiplier != 1:
        text += " " + fmt(_("Doubled by the spade upcard: {points}."), points=result.points)
    return capital(text)


def bonus_of(kind, rules):
    """The bonus part of a settled hand, for the score line (read from the rules)."""
    if kind == "undercut":
        return rules.undercut_bonus
    if kind == "gin":
        return rules.gin_bonus
    if kind == "big_gin":
        return rules.big_gin_bonus or 0
    return 0
