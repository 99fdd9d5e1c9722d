"""The words of the dialogs and the end of a hand (the second bundle's screens: marked BUNDLE =
"later", generator/modules.py): the rules summary and the knock dialog's problems, the
computer's pace, the end of a hand's banner. Pure Python, as `game.web.words.text`, whose
helpers they use.
"""

from game.web.words import text as T
from game.web.words.i18n import _, fmt, ngettext, pgettext


def rules_summary(rules):
    """The numbers of a rule set in whole sentences: knock limit, bonuses, target, end bonuses."""
    said = []
    if rules.oklahoma:
        said.append(_("The upcard's value sets the knock limit (an ace: gin only)."))
    elif rules.knock_limit == 0:
        said.append(_("No knocking: only gin ends a hand."))
    else:
        # Translators: {n} is the knock limit, e.g. 10.
        said.append(fmt(ngettext("Knock with {n} point of deadwood or less.",
                                 "Knock with {n} points of deadwood or less.", rules.knock_limit),
                        n=rules.knock_limit))
    # Translators: {n} is a number of points, e.g. 25.
    said.append(fmt(_("Gin scores a bonus of {n}."), n=rules.gin_bonus))
    if rules.big_gin_bonus is not None:
        # Translators: {n} is a number of points, e.g. 31.
        said.append(fmt(_("Big gin scores a bonus of {n}."), n=rules.big_gin_bonus))
    if rules.oklahoma or rules.knock_limit > 0:  # no knock, no undercut
        # Translators: {n} is a number of points, e.g. 25.
        said.append(fmt(_("An undercut scores a bonus of {n}."), n=rules.undercut_bonus))
    # Translators: {n} is the target score, e.g. 100.
    said.append(fmt(_("The match is played to {n} points."), n=rules.target))
    if rules.box_bonus:
        # Translators: {n} is a number of points, e.g. 25 (the box bonus).
        said.append(fmt(_("Each hand won adds {n} at the end of the match."), n=rules.box_bonus))
    if rules.game_bonus:
        # Translators: {n} is a number of points, e.g. 100 (the game bonus).
        said.append(fmt(_("The winner of the match scores a bonus of {n}."), n=rules.game_bonus))
    if rules.shutout == "double":
        said.append(_("A shutout (the loser won no hands) doubles the winner's hand points."))
    elif rules.shutout == "bonus":
        # Translators: {n} is a number of points.
        said.append(fmt(_("A shutout (the loser won no hands) scores a bonus of {n}."), n=rules.shutout_bonus))
    if not T.end_bonuses(rules):
        said.append(_("No end-of-match bonuses."))
    if rules.oklahoma and rules.oklahoma_spade_double:
        said.append(_("A spade upcard doubles the points of the hand."))
    return " ".join(said)


def declaration_problem(problem, melds):
    """Why the engine refused the melds declared in the knock dialog, in the page's language."""
    if problem.reason == "not_a_meld":
        number = 1
        for k in range(len(melds)):
            if melds[k] == problem.details["meld"]:
                number = k + 1
        # Translators: {n} is the number of a meld in the knock dialog (1, 2 or 3).
        return fmt(_("Meld {n} is neither a set nor a run."), n=number)
    return T.refusal(problem.reason, problem.details)


def pace_name(pace):
    """A pace of the computer's moves in words (the keys of `state.PACES`)."""
    if pace == "slow":
        return pgettext("pace", "Slow")
    if pace == "fast":
        return pgettext("pace", "Fast")
    return pgettext("pace", "Normal")


def hand_headline(view, names):
    """Who won the hand on screen and how many points, in a few words ("" while it is played)."""
    if view.end_kind is None:
        return ""
    if view.end_kind == "dead":
        return _("Dead hand")
    result = view.result
    winner = names[view.knocker if result.winner == "knocker" else 1 - view.knocker]
    if winner.kind == "you":
        # Translators: the banner at the end of a hand; {points} is "25 points".
        return fmt(_("You win the hand: {points}."), points=T.points_text(result.points))
    # Translators: the banner at the end of a hand; {player} is "The computer", "Your friend" or
    # "Player 2"; {points} is "25 points".
    return fmt(_("{player} wins the hand: {points}."), player=T.capital(T.name(winner)),
               points=T.points_text(result.points))


def daily_level():
    """The menu's line in place of the computer's level during the daily deal."""
    return _("The daily deal is played against the computer at Hard level.")


def copied():
    return _("Result copied: paste it into a message to your friends.")


def copy_refused():
    return _("Your browser blocked copying: select the line and copy it yourself.")
