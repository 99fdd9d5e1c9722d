"""The coach in the page: the "What would Hard play?" hint, the review of a hand, and a reviewed
position shown again on the table.

Commands (declared in `game.web.play.registry`) and the markup they need, drawn from the
View on screen and the UI state (`Ui.coach`): `hint` (the position it was asked in, Hard's move
and its sentence), `used` ({hand number: [hints of seat 0, of seat 1]}, kept with the match and
shown on the score sheet), `review` (the decisions of the hand that Hard would have made
otherwise, and the one shown on the table). The coach (`game.ai.coach`, `game.ai.review`) reads only Views;
the review's Views are rebuilt by the engine from the table's saved actions (the adapter asks
the table for them: effect REVIEW). Pure Python (no `browser`).

When: hints only when the player turned them on in the menu (`prefs["hints"]`, off by default)
and never at an online table (the friend's sheet would not show them); the review only against
the computer (two players on one device would see each other's play), once the hand is over.
"""

from game.web.play.effects import RECORD_HINT, REVIEW
from game.web.play.registry import declare
from game.web.table.hints import hard_label, hints_allowed, position_key, shown_hint
from game.web.table.markup import button, card_html, esc
from game.web.table.table import render_fan
from game.web.words import coachtext as W
from game.web.words import text as T
from game.web.words.i18n import _, fmt, pgettext

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def review_allowed(ui, view):
    return ui.mode == "cpu" and view is not None and view.phase in ("hand_over", "match_over")


# --- commands ----------------------------------------------------------------------------------

def hint(ui, view, arg):
    """What would Hard play here? Its move and the reason, for the seat on screen only."""
    from game.web.play.effects import FOCUS_ONLY
    from game.web.play.outcome import Outcome

    if not hints_allowed(ui):
        if ui.mode == "online":
            return Outcome(say=_("Hints are not offered at an online table."))
        return Outcome(say=_("Hints are off: you can turn them on in the menu."))
    if view.turn != view.player or not view.legal_actions or ui.handover:
        return Outcome(say=_("Hints are available only on your turn."))
    shown = shown_hint(view, ui)
    # The focus stays where the player is (on a card, the arrows still move in the hand): the
    # hint is said, and drawn under the prompt.
    if shown is not None:  # asked again in the same position: said again, counted once
        return Outcome(say=W.plain(shown["text"]), effects=(FOCUS_ONLY,))
    from game.ai.coach import suggest

    suggestion = suggest(view)
    card = suggestion.action.card
    ui.coach["hint"] = {"at": position_key(view), "text": W.hint_text(suggestion),
                        "card": card.index if card is not None else None, "kind": suggestion.action.kind}
    counts = ui.coach["used"].setdefault(str(view.hand_number), [0, 0])
    counts[view.player] += 1
    return Outcome(say=W.plain(ui.coach["hint"]["text"]), effects=(RECORD_HINT,))


def review(ui, view, arg):
    """Open the review of the hand just ended (worked out once per hand by the adapter)."""
    from game.web.play.outcome import Outcome

    if not review_allowed(ui, view):
        return None
    back = ui.focus
    current = ui.coach["review"]
    if current is not None and current["hand"] == view.hand_number:
        back = current.get("return", back)
        current["step"] = None
        ui.dialog = {"kind": "review", "return": back, "focus": "review_close"}
        return None
    ui.coach["review"] = {"hand": view.hand_number, "items": None, "total": 0, "step": None, "return": back}
    ui.dialog = {"kind": "review", "return": back, "focus": "review_close"}
    return Outcome(effects=(REVIEW,))


def show_step(ui, view, number):
    """Show the reviewed decision `number` (its place in the list) on the table."""
    current = ui.coach["review"]
    if current is None or not current["items"] or number is None:
        return None
    if not 0 <= number < len(current["items"]):
        return None
    current["step"] = number
    ui.dialog = None
    ui.focus = "review_next" if number + 1 < len(current["items"]) else "review_list"
    return None


def step_by(delta):
    def handler(ui, view, arg):
        current = ui.coach["review"]
        if current is None or current["step"] is None:
            return None
        show_step(ui, view, current["step"] + delta)
        ui.focus = "review_prev" if delta < 0 else "review_next"
        if not 0 <= current["step"] + delta < len(current["items"]):
            ui.focus = "review_list"
        return None
    return handler


def close_review(ui, view, arg):
    """Back to the end of the hand."""
    current = ui.coach["review"]
    if current is not None:
        current["step"] = None
        ui.focus = current.get("return")
    ui.dialog = None
    return None


# Hint and review run Hard in the page: the computer players' bundle is loaded first.
declare("hint", hint, players=True)
declare("review", review, players=True)
declare("review_list", review, players=True)
declare("review_step", show_step)
declare("review_prev", step_by(-1))
declare("review_next", step_by(1))
declare("review_close", close_review)


def fill_review(ui, view, decisions):
    """Keep the review of the hand: the player's decisions [(View, Action)], rebuilt by the engine."""
    from game.ai.review import review as judge

    current = ui.coach["review"]
    if current is None:
        return
    current["items"] = judge(decisions)
    current["total"] = len(decisions)


# --- saving the hints used ----------------------------------------------------------------------

def used_data(ui, seed):
    """The hints used in the match `seed`, as saved beside it."""
    return {"seed": seed, "used": ui.coach["used"]}


def read_used(data, seed):
    """{hand: [n0, n1]} from saved data of the match `seed` (anything else: no hint used)."""
    if not isinstance(data, dict) or data.get("seed") != seed or not isinstance(data.get("used"), dict):
        return {}
    found = {}
    for hand, counts in data["used"].items():
        if str(hand).isdigit() and isinstance(counts, list) and len(counts) == 2 \
                and all(type(n) is int and 0 <= n < 1000 for n in counts):
            found[str(hand)] = [counts[0], counts[1]]
    return found


# --- markup --------------------------------------------------------------------------------------

def hints_in_match(ui, seat):
    """How many hints `seat` asked for in the match on the table."""
    return sum(counts[seat] for counts in ui.coach["used"].values())


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


def review_button(view, ui):
    """"Review this hand" at the end of a hand against the computer."""
    if not review_allowed(ui, view):
        return ""
    return button("review", _("Review this hand"))


def render_review_dialog(view, ui):
    """(title, body) of the review: the decisions Hard would have made otherwise, each with its
    cost and a button showing it on the table."""
    current = ui.coach["review"]
    title = _("Review of the hand")
    out = []
    items = current["items"] if current is not None else None
    if items is None:
        out.append('<p>' + esc(_("Working out the review…")) + '</p>')
    else:
        out.append('<p class="g-review-summary">' + esc(W.review_summary(items, current["total"])) + '</p>')
        names = ui.names()
        # The first use of each term in the whole list links to the glossary.
        words = W.linked([text for item in items for text in item_texts(item, names)])
        out.append('<ol class="g-review">')
        for k in range(len(items)):
            item = items[k]
            out.append('<li class="g-review-item">' + render_item(item, words[3 * k:3 * k + 3])
                       + '<div class="g-actions">' + button("review_step", _("Show on the table"),
                                                          key="review_step-" + str(k), attrs=(("data-arg", str(k)),))
                       + '</div></li>')
        out.append('</ol>')
    out.append('<div class="g-actions">' + button("review_close", _("Close"), "g-btn g-primary") + '</div>')
    return title, "".join(out)


def item_texts(item, names):
    """The three sentences of a reviewed decision, marks included: what the player did, Hard's
    move and why, what Hard's move was worth more."""
    return [W.played_text(item, names), W.hint_text(item.suggestion), W.cost_text(item)]


def render_item(item, words):
    """One reviewed decision: what was decided, then its three sentences (`item_texts`) as
    markup."""
    return ('<h3>' + esc(W.decision_title(item)) + '</h3>'
            + '<p>' + words[0] + '</p>'
            + '<p class="g-hint-of">' + hard_label() + '<span class="g-hint-text">' + words[1] + '</span></p>'
            + '<p class="g-cost">' + words[2] + '</p>')


def reviewing(view, ui):
    """The reviewed decision shown on the table, or None."""
    current = ui.coach["review"]
    if current is None or current["step"] is None or not review_allowed(ui, view):
        return None
    if current["hand"] != view.hand_number or not current["items"]:
        return None
    return current["items"][current["step"]]


def render_position(view, ui):
    """A reviewed decision on the table: the position as the player saw it then (the View the
    engine rebuilt), the player's card and Hard's marked, the words, and the way back."""
    current = ui.coach["review"]
    item = reviewing(view, ui)
    seen = item.view
    names = ui.names()
    count = len(current["items"])
    step = current["step"]
    out = ['<section class="g-review-bar" aria-labelledby="g-review-title">']
    # Translators: {n} is the place of the decision shown in the review's list, {count} the list's length.
    out.append('<h2 class="g-title" id="g-review-title">' + esc(fmt(_("Review of the hand: {n} of {count}"),
                                                                      n=step + 1, count=count)) + '</h2>')
    out.append(render_item(item, W.linked(item_texts(item, names))))
    out.append('<p class="g-legend">' + esc(_("On the table, Hard's choice has a blue ring; yours has a dashed "
                                             "outline.")) + '</p>')
    out.append('<div class="g-actions">')
    out.append(nav_button("review_prev", pgettext("review", "Previous"), step > 0))
    out.append(nav_button("review_next", pgettext("review", "Next"), step + 1 < count))
    out.append(nav_button("review_list", _("Back to the list"), True))
    out.append(nav_button("review_close", _("Back to the end of the hand"), True, True))
    out.append('</div></section>')
    other = 1 - seen.player
    out.append('<section class="g-opponent" aria-label="' + esc(T.label(names[other])) + '">')
    out.append('<h2 class="g-title">' + esc(T.label(names[other])) + ' · ' + esc(T.cards_count(seen.opponent_count))
               + '</h2>' + render_fan(seen.opponent_count, seen.opponent_known))
    out.append('</section><section class="g-piles" aria-label="' + esc(_("Stock and discard pile")) + '">')
    classes, flags = marks(item, ("draw_stock",))
    stock = fmt(_("Stock: {count}"), count=T.cards_count(seen.stock_count))
    out.append('<div class="g-stock' + classes + '" role="img" aria-label="' + esc(", ".join([stock] + flags))
               + '"><span class="g-back g-pile-card" aria-hidden="true"></span><span class="g-pile-label" '
               'aria-hidden="true">' + esc(stock) + '</span></div>')
    if seen.discard_pile:
        top = seen.discard_pile[-1]
        classes, flags = marks(item, PICKUPS)
        label = fmt(_("Discard pile: {card}"), card=T.card_name(top))
        out.append('<div class="g-discard">' + card_html(top, "g-pile-card" + classes, ", ".join([label] + flags))
                   + '<span class="g-pile-label" aria-hidden="true">' + esc(_("Discard pile")) + '</span></div>')
    classes, flags = marks(item, ("pass",))
    if classes:  # a pass is marked on the Pass button, drawn for it (it plays nothing here)
        out.append('<span class="g-btn g-act g-pass-mark' + classes + '" role="img" aria-label="'
                   + esc(", ".join([_("Pass")] + flags)) + '">' + esc(_("Pass")) + '</span>')
    out.append('</section>')
    out.append(render_review_hand(item, seen))
    return "".join(out)


PICKUPS = ("take_upcard", "draw_discard")


def marks(item, kinds):
    """(classes, words) of a pile or the Pass button whose move is one of `kinds`: marked when
    it is the player's move (a dashed outline) or Hard's (a blue ring), and said so in words."""
    classes, flags = "", []
    if item.played.kind in kinds:
        classes += " g-played"
        flags.append(_("your choice"))
    if item.suggestion.action.kind in kinds:
        classes += " g-suggested"
        flags.append(_("Hard's choice"))
    return classes, flags


def nav_button(act, label, enabled, primary=False):
    return button(act, label, "g-btn g-primary" if primary else "g-btn", disabled=not enabled)


def render_review_hand(item, seen):
    """The hand as it was, in rank order, the player's card and Hard's card marked in words too."""
    mine = item.played.card.index if item.played.card is not None else None
    hard = item.suggestion.action.card.index if item.suggestion.action.card is not None else None
    cards = sorted(seen.hand, key=lambda c: (c.rank, c.suit))
    out = ['<section class="g-hand-area" aria-label="' + esc(_("Your hand")) + '"><ul class="g-hand g-placed g-n'
           + str(len(cards)) + '">']
    for place, card in enumerate(cards):
        classes, flags = [], []
        if card.index == mine:
            classes.append("g-played")
            flags.append(_("your choice"))
        if card.index == hard:
            classes.append("g-suggested")
            flags.append(_("Hard's choice"))
        label = T.card_name(card) + (", " + ", ".join(flags) if flags else "")
        out.append('<li class="g-at' + str(place) + '">' + card_html(card, " ".join(classes), label) + '</li>')
    if len(seen.hand) == 11 and seen.best_discard_deadwood is not None:
        line = fmt(_("Deadwood after your best discard: {n}"), n=seen.best_discard_deadwood)
    else:
        line = fmt(_("Deadwood: {n}"), n=seen.arrangement.deadwood_points)
    out.append('</ul><p class="g-deadwood">' + esc(line) + '</p></section>')
    return "".join(out)

