"""Training hands in the page: the guided first hand and the positions of the rules guide.

The page's address names the lesson (`#train=guided`, or `#train=<rules>.<knocker>.<defender>`
for a worked example, see `game.training.from_code`); the engine builds it, and this module
words it: the panel above the table (what the hand is, the step to play and why, or that the
hand has left the script), the sentences of each step, and the refusals of a bad address.

A lesson is played on a `game.web.play.tables.TrainingTable`: a local table against the lesson's
computer player that is never saved (the player's own match stays as it was) and is marked as
training, so nothing counts it as a normal match. Pure Python (no `browser`), tested in CPython.
"""

from game.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, GIN, KNOCK, TAKE_UPCARD, Action
from game.training import LEARNER, from_code, progress
from game.web.words import text as T
from game.web.words.i18n import N_, _, fmt, ngettext

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def open_lesson(code):
    """The Lesson the code names; raises game.training.BadPosition (worded by `bad_link`)."""
    return from_code(code)


# What a bad training link gets (game.training.BadPosition's reasons); the player's own game
# is shown instead.
BAD_LINKS = {
    "unknown": N_("This link does not lead to a training position, so your own game is shown instead."),
    "cards": N_("The cards in this training link are not two hands of ten different cards, so your own game is "
                "shown instead."),
    "rules": N_("This training link names rules that the game does not know, so your own game is shown instead."),
    "no_knock": N_("The knocker's hand in this training link cannot knock under these rules, so your own game is "
                   "shown instead."),
}


def bad_link(reason):
    return _(BAD_LINKS.get(reason, BAD_LINKS["unknown"]))


def title(lesson):
    if lesson.name == "guided":
        return _("Guided hand")
    return _("A position from the rules guide")


def step_text(lesson, view):
    """What the panel says now: the step to play and why, the computer's turn, the end of the
    script, or that the hand left it (`suggestion` recalls the step it left)."""
    on_script, index = progress(lesson, view_actions(view))
    if not on_script:
        return off_script(lesson)
    if index == len(lesson.steps):
        return DONE[lesson.done]()
    if view.turn != LEARNER:
        return _("The computer is playing its turn; your next step will follow.")
    return words(lesson.steps[index], view)


def step_news(state, view):
    """The panel's sentence to announce after a move (`state` is the UI's lesson: its lesson and
    the sentence last announced), or "" when it is that sentence again: off the script, the
    panel says the same after each of the computer's moves, and a screen reader hears it once."""
    text = step_text(state["lesson"], view)
    if text == state.get("said"):
        return ""
    state["said"] = text
    return text


def suggestion(lesson, view):
    """The step the hand left, in words (None while it follows the script)."""
    on_script, index = progress(lesson, view_actions(view))
    if on_script or index >= len(lesson.steps) or lesson.steps[index].say is None:
        return None
    return words(lesson.steps[index], None)


def view_actions(view):
    """The hand's actions so far, as the View's public history has them (the learner's seat
    sees every kind and every card played face up; a card drawn from the stock is not named,
    and no step names one). Matched by `progress` as the match's own actions would be."""
    actions = []
    for _player, kind, card in view.history:
        kind = KNOCK if kind == "undercut" else kind  # the history names a knock by its result
        actions.append(Action(kind, card if kind in (DISCARD, KNOCK, GIN) else None))
    return actions


def off_script(lesson):
    if lesson.name == "guided":
        return _("You played a different move, which is fine: the hand carries on as a normal hand against the "
                 "computer, without the guide. Press Start again to follow the guided hand from the beginning.")
    return _("You played a different move, which is fine: the hand carries on as a normal hand against the "
             "computer. Press Start again to see the example's result.")


def _done_guided():
    # Translators: "Back to your game" and "Start again" are the two buttons under this text.
    return _("That was a whole hand: you built three melds, kept your deadwood low and knocked before "
             "the computer. Press Back to your game to play on, or Start again to play this hand once more.")


def _done_example():
    return _("This is the example's result, worked out by the same engine as in the rules guide.")


DONE = {"done_guided": _done_guided, "done_example": _done_example}


def words(step, view):
    """The sentence of one learner's step: what to do and why (`view` gives the figures; None
    when the step is only recalled after the hand left the script)."""
    return WORDS[(step.action.kind, step.say)](step, view)


def _names(cards):
    """Card names with their articles, as a list whose last two are joined by "and" ("the 7 of
    hearts and the 8 of hearts"; `text.cards_with_articles` joins the others)."""
    if len(cards) < 2:
        return T.cards_with_articles(cards)
    # Translators: the end of a list of cards with their articles: {cards} is the list
    # but its last card, with the list separator ("the 2 of diamonds, the 3 of
    # diamonds"); {last} is the last card ("the 4 of diamonds").
    return fmt(_("{cards} and {last}"), cards=T.cards_with_articles(cards[:-1]), last=T.the_card(cards[-1]))


def _take_upcard_run(step, view):
    # Translators: {card} is a card with its article ("the 9 of hearts"); {cards} is a
    # list of cards with their articles ("the 7 of hearts and the 8 of hearts").
    return fmt(_("Take the upcard, {card}: with {cards} in your hand, it makes a run."),
               card=T.the_card(step.cards[0]), cards=_names(step.cards[1:]))


def _take_upcard_set(step, view):
    # Translators: {card} is a card with its article ("the queen of clubs"); {cards} is
    # a list of cards with their articles ("the queen of hearts and the queen of
    # diamonds").
    return fmt(_("Take the upcard, {card}: with {cards} in your hand, it makes a set of three."),
               card=T.the_card(step.cards[0]), cards=_names(step.cards[1:]))


def _take_upcard_four(step, view):
    # Translators: {card} is a card with its article ("the queen of clubs"); {cards} is
    # a list of three cards with their articles ("the queen of hearts, the queen of
    # diamonds and the queen of spades").
    return fmt(_("Take the upcard, {card}: with {cards} in your hand, it makes a set of four."),
               card=T.the_card(step.cards[0]), cards=_names(step.cards[1:]))


def _take_pile_set(step, view):
    # Translators: {card} is a card with its article ("the jack of spades"); {cards} is
    # a list of cards with their articles ("the jack of clubs and the jack of
    # diamonds").
    return fmt(_("Take {card} from the discard pile: with {cards} in your hand, it makes a set of three."),
               card=T.the_card(step.cards[0]), cards=_names(step.cards[1:]))


def _discard_high(step, view):
    card = step.cards[0]
    # Translators: {card} is a card with its article ("the king of spades"); {n} is its
    # value in points.
    return fmt(ngettext("Discard {card}: it counts {n} point, and none of your cards can make a meld with it.",
                        "Discard {card}: it counts {n} points, and none of your cards can make a meld with it.",
                        card.value), card=T.the_card(card), n=card.value)


def _discard_not_taken(step, view):
    # Translators: {card} is a card with its article ("the 9 of spades"); {taken} is the
    # card just taken from the discard pile, with its article ("the jack of spades").
    return fmt(_("Discard {card}, your highest loose card. Keep {taken}: you have just taken it, so you may not "
                 "discard it this turn anyway."),
               card=T.the_card(step.cards[0]), taken=T.the_card(step.cards[1]))


def _draw_no_use(step, view):
    # Translators: {card} is the card on top of the discard pile, with its article
    # ("the 10 of diamonds").
    return fmt(_("Draw from the stock: {card} on the discard pile would make no meld with your cards."),
               card=T.the_card(step.cards[0]))


def _knock_low(step, view):
    card, run, loose = step.cards[0], step.cards[1:-1], step.cards[-1]
    n = view.discard_deadwood.get(card.index, loose.value) if view is not None else loose.value
    limit = view.knock_limit if view is not None else 10
    # Translators: {card} is the card to discard, with its article ("the 5 of spades");
    # {run} is a list of cards with their articles ("the 2 of diamonds, the 3 of
    # diamonds and the 4 of diamonds"); {loose} is a card with its article ("the 5 of
    # clubs"); {n} its points; {limit} the knock limit of the hand (10).
    return fmt(ngettext("Knock, discarding {card}: {run} make a run, and your only loose card, "
                        "{loose}, counts {n} point, within the knock limit of {limit}.",
                        "Knock, discarding {card}: {run} make a run, and your only loose card, "
                        "{loose}, counts {n} points, within the knock limit of {limit}.", n),
               card=T.the_card(card), run=_names(run), loose=T.the_card(loose), n=n, limit=limit)


def _knock_example(step, view):
    card = step.cards[0]
    if view is None:
        # Translators: {card} is the card to discard, with its article ("the king of
        # diamonds").
        return fmt(_("Knock, discarding {card}: the ten cards you keep are the knocker's hand of the example."),
                   card=T.the_card(card))
    n = view.discard_deadwood.get(card.index, 0)
    # Translators: {card} is the card to discard, with its article ("the king of
    # diamonds"); {n} is the deadwood left, in points.
    return fmt(ngettext("Knock, discarding {card}: the ten cards you keep are the knocker's hand of the "
                        "example, with {n} point of deadwood.",
                        "Knock, discarding {card}: the ten cards you keep are the knocker's hand of the "
                        "example, with {n} points of deadwood.", n), card=T.the_card(card), n=n)


def _gin_example(step, view):
    # Translators: {card} is the card to discard, with its article ("the king of clubs").
    return fmt(_("Go gin, discarding {card}: the ten cards you keep are the hand of the example, all in melds."),
               card=T.the_card(step.cards[0]))


# The words of each kind of learner's step: (action kind, Step.say) -> sentence.
WORDS = {
    (TAKE_UPCARD, "run"): _take_upcard_run, (TAKE_UPCARD, "set"): _take_upcard_set,
    (TAKE_UPCARD, "four"): _take_upcard_four, (DRAW_DISCARD, "set"): _take_pile_set,
    (DISCARD, "high"): _discard_high, (DISCARD, "not_taken"): _discard_not_taken,
    (DRAW_STOCK, "no_use"): _draw_no_use, (KNOCK, "low"): _knock_low,
    (KNOCK, "example"): _knock_example, (GIN, "example"): _gin_example,
}


def suggested(lesson, view):
    """The learner's suggested move now, as (action kind, card index or None), else None: the
    table marks that card or control."""
    on_script, index = progress(lesson, view_actions(view))
    if not on_script or index >= len(lesson.steps) or view.turn != LEARNER:
        return None
    action = lesson.steps[index].action
    return action.kind, (action.card.index if action.card is not None else None)
