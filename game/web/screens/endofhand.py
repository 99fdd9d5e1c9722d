"""The end of a hand: both hands laid down in their melds on the table, the layoffs moving onto
the knocker's melds (`game.web.table.reveal`), the result and the score line in words, the score
sheet; at the end of the match the winner and the final totals.

Everything shown comes from the View: the hand's result (its settlement and breakdown), both
arrangements, the score sheet and the totals.
"""

from game.web.play.coaching import review_allowed
from game.web.table.markup import button, esc, kbd
from game.web.table.pieces import drawn, piece
from game.web.table.reveal import render_reveal, result_class
from game.web.words import coachtext as W
from game.web.words import dialogtext as MT
from game.web.words import events as EV
from game.web.words import text as T
from game.web.words.i18n import _, fmt, pgettext
from game.web.words.keys import key_for

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def review_button(view, ui):
    """"Review this hand" at the end of a hand against the computer."""
    if not review_allowed(ui, view):
        return ""
    return button("review", _("Review this hand"))



def hints_used(ui, hand, names):
    """The hints used in a hand of the score sheet, as markup for its result cell ("" if none)."""
    counts = ui.coach["used"].get(str(hand))
    if not counts:
        return ""
    out = []
    for seat in (0, 1):
        if counts[seat]:
            out.append('<span class="g-hints-used">' + esc(W.hints_used_text(seat, counts[seat], ui.mode))
                       + '</span>')
    return "".join(out)



def again_buttons(ui):
    """After a match: a new one (and Replay) in the page; online, the friend must agree, so the
    button offers it (or answers the friend's offer), and there is no Replay of a server's deal."""
    if ui.mode != "online":
        return button("new", _("New game"), "g-btn g-primary", key="new-end") + button("replay", _("Replay"), key="replay-end")
    offer = ui.online.get("offer") if ui.online else None
    if offer == "theirs":
        return button("accept_new", _("Accept the new game"), "g-btn g-primary", key="accept_new-end")
    if offer == "mine":
        return button(None, _("New game offered: waiting for your friend"), "g-btn g-primary", key="offer_new-end",
                      disabled=True)
    return button("offer_new", _("Offer a new game"), "g-btn g-primary", key="offer_new-end")


@piece("end")
def render_end(view, ui):
    """The end-of-hand (or end-of-match) screen of the View on screen: both hands played out on
    the table, a banner saying who won what, Next hand; at the end of the match the winner, the
    totals and "New game"; the score sheet."""
    names = ui.names()
    over = view.phase == "match_over"
    out = ['<div class="g-end">']
    title = _("End of the match") if over else _("End of the hand")
    # The next move first, beside the title: it works at once, and on a short screen the focus
    # on it leaves the hands in view below it.
    out.append('<div class="g-end-head"><h2 class="g-title">' + esc(title) + '</h2>')
    if not over and any(action.kind == "next_hand" for action in view.legal_actions):  # a training hand has none
        key = key_for("next_hand")
        out.append('<div class="g-actions">' + button("next_hand", classes="g-btn g-primary",
                                                     attrs=(("aria-keyshortcuts", key or None),),
                                                     inner=esc(_("Next hand")) + kbd(key))
                   + review_button(view, ui) + '</div>')
    out.append('</div>')
    # The hand played out on the table (game.web.table.reveal), then the result.
    out.append(render_reveal(view, ui))
    late = " " + result_class(view) if ui.motion == "reveal" else ""
    out.append('<p class="g-banner' + late + '"><strong>' + esc(MT.hand_headline(view, names)) + '</strong>'
               '<span class="g-scoreline">' + esc(EV.score_line(view, names)) + '</span></p>')
    if over:
        out.append('<p class="g-banner"><strong>' + esc(EV.match_result(view, names)) + '</strong></p>')
        if ui.daily is not None:
            out.append(drawn("daily_end", view, ui))
        out.append(render_totals(view, names))
        out.append('<div class="g-actions">' + again_buttons(ui) + review_button(view, ui) + '</div>')
    out.append(render_sheet(view, names, ui))
    out.append('</div>')
    return "".join(out)


def render_sheet(view, names, ui=None, caption=True):
    """The score sheet: one row per finished hand (also shown in its own dialog, whose title
    names it: no caption then), with the hints each player used in it (`ui.coach["used"]`)."""
    lines = view.sheet
    kinds = {"knock": pgettext("hand result", "Knock"), "undercut": _("Undercut"), "gin": _("Gin"),
             "big_gin": _("Big gin"), "dead": _("Dead hand")}
    named = '><caption>' + esc(_("Score sheet")) + '</caption>' if caption else ' aria-labelledby="g-dialog-title">'
    out = ['<table class="g-sheet"' + named + '<thead><tr><th scope="col" class="g-num">'
           + esc(_("Hand")) + '</th><th scope="col">' + esc(_("Result")) + '</th><th scope="col" class="g-num">'
           + esc(T.label(names[0])) + '</th><th scope="col" class="g-num">' + esc(T.label(names[1])) + '</th></tr></thead><tbody>']
    for line in lines:
        winner = line["winner"]
        result = kinds.get(line["kind"], line["kind"])
        if winner is not None and names[winner].kind == "you":
            # Translators: in the score sheet's Result column, after "Knock" or "Gin"; {n} is the hand's points.
            result += " · " + fmt(_("+{n} for you"), n=line["points"])
        elif winner is not None:
            # Translators: in the score sheet's Result column; {n} is the hand's points, {player}
            # "the computer", "your friend" or "Player 2" (inside the sentence).
            result += " · " + fmt(_("+{n} for {player}"), n=line["points"], player=T.name(names[winner]))
        result = esc(result) + (hints_used(ui, line["hand"], names) if ui is not None else "")
        out.append('<tr><td class="g-num">' + str(line["hand"]) + '</td><td>' + result + '</td><td class="g-num">'
                   + str(line["scores"][0]) + '</td><td class="g-num">' + str(line["scores"][1]) + '</td></tr>')
    if not lines:
        out.append('<tr><td colspan="4">' + esc(_("No hand finished yet.")) + '</td></tr>')
    out.append('</tbody></table>')
    return "".join(out)


def render_totals(view, names):
    """The match's final totals (`View.totals`): the hand points, a row for each end-of-match
    bonus the rules in play give (box, game, shutout) and the total. Rules with none (Classic,
    Straight, Short game) have no totals to show: a line says the hand points are the score."""
    totals = view.totals
    if not totals:
        return ""
    bonuses = T.end_bonuses(view.rules)
    if not bonuses:
        return '<p>' + esc(_("These rules have no end-of-match bonuses: the hand points are the final score.")) + '</p>'
    labels = {"box": _("Box bonus"), "game": _("Game bonus"), "shutout": _("Shutout (hand points doubled)")
              if view.rules.shutout == "double" else _("Shutout bonus")}
    rows = [("points", _("Hand points"))] + [(key, labels[key]) for key in bonuses] + [("total", _("Total"))]
    out = ['<table class="g-sheet g-totals"><caption>' + esc(_("Final totals")) + '</caption><thead><tr><td></td>'
           '<th scope="col" class="g-num">' + esc(T.label(names[0])) + '</th><th scope="col" class="g-num">'
           + esc(T.label(names[1])) + '</th></tr></thead><tbody>']
    for key, label in rows:
        out.append('<tr><th scope="row">' + esc(label) + '</th><td class="g-num">' + str(totals[0][key])
                   + '</td><td class="g-num">' + str(totals[1][key]) + '</td></tr>')
    out.append('</tbody></table>')
    return "".join(out)
