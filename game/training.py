"""Training hands: one hand dealt from chosen cards, and lessons that script a path through it.

A `Position` names both hands, the upcard and the stock in order. `Training(position)` is a
match of that one hand, dealt through the same `Hand` every match uses, so the engine checks
each move exactly as in a match: only a listed action is accepted. A training is one hand (no
next hand) and has no save: it is rebuilt from its position, and the page never stores it.

A `Lesson` is a position with a script: the actions of a good path through the hand, the
learner's and the computer's, each step with the key of the words that explain it (the page
words it; this module holds no sentence). The computer's steps are what the computer player
of `lesson.level` chooses there: its decisions are a function of (seed, view), so a fixed deal
fixes them (tests/game/test_training.py replays every script against the real player).
`progress(lesson, actions)` says which step the learner is at, or where the hand left the
script: the script is keyed by the position, that is by the actions played so far.
"""

from game.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, GIN, KNOCK, TAKE_UPCARD, Action
from game.cards import DECK, parse_cards
from game.errors import IllegalAction
from game.hand import Hand
from game.match import Match
from game.melds import best_arrangement, deadwood_after_each_discard, min_deadwood
from game.rng import Rng
from game.rules import PRESETS, Rules

LEARNER = 0  # the learner's seat in every lesson; the computer deals, so the learner starts


class BadPosition(ValueError):
    """Cards that make no training position; `reason` names the problem for a UI to word:
    "cards" (not two hands of 10 distinct cards), "rules" (an unknown variant), "no_knock"
    (the knocker's cards cannot knock under those rules)."""

    def __init__(self, message, reason):
        super().__init__(message)
        self.reason = reason


class Position:
    """hands (two tuples of 10 cards, seat 0 and 1, in the order dealt), upcard, stock (top card
    first), dealer, rules, seed (the computer player's randomness)."""

    __slots__ = ("hands", "upcard", "stock", "dealer", "rules", "seed")

    def __init__(self, hands, upcard, stock, dealer, rules, seed):
        self.hands = (tuple(hands[0]), tuple(hands[1]))
        self.upcard = upcard
        self.stock = tuple(stock)
        self.dealer = dealer
        self.rules = rules
        self.seed = seed
        _check(self)

    def deck(self):
        """The deck, top card first, that the deal turns into these hands: one card at a time,
        the non-dealer first (so deck[2i] is the non-dealer's i-th card), then the upcard."""
        first, second = self.hands[1 - self.dealer], self.hands[self.dealer]
        deck = []
        for i in range(10):
            deck.append(first[i])
            deck.append(second[i])
        return deck + [self.upcard] + list(self.stock)


def position(hands, upcard, dealer=1, rules=None, seed=1, stock_top=()):
    """A checked Position: the stock is `stock_top` (top card first), then the other cards
    shuffled by `Rng(seed, 1)`."""
    used = set(hands[0]) | set(hands[1]) | {upcard} | set(stock_top)
    rest = [card for card in DECK if card not in used]
    Rng(seed, 1).shuffle(rest)
    return Position(hands, upcard, list(stock_top) + rest, dealer, rules or Rules.preset("classic"), seed)


def _check(pos):
    cards = list(pos.hands[0]) + list(pos.hands[1]) + [pos.upcard] + list(pos.stock)
    if len(pos.hands[0]) != 10 or len(pos.hands[1]) != 10:
        raise BadPosition("each hand holds 10 cards", "cards")
    if len(cards) != 52 or len(set(cards)) != 52 or not all(card in DECK for card in cards):
        raise BadPosition("the hands, the upcard and the stock must be the 52 cards, each once", "cards")
    if pos.dealer not in (0, 1):
        raise BadPosition("the dealer is player 0 or 1", "cards")


class Training(Match):
    """A match of one hand dealt from a Position. Everything else is the Match's: views, events,
    legal actions, apply; after the hand no next hand is dealt, no match is won (even past the
    target), and nothing is saved."""

    def __init__(self, position):
        self.position = position
        self.seed = position.seed
        self.rules = position.rules
        self.first_dealer = position.dealer
        self.previous = []
        self.actions = []
        self.logged = []
        self.hand = Hand(position.deck(), position.dealer, position.rules)
        self.events = [self._deal_event()]

    @property
    def is_over(self):
        # One hand and no match around it: whatever it scores, its end is a hand's end
        # ("hand_over"), never a match won (no winner, no totals to count).
        return False

    def legal_actions(self):
        if self.hand.phase == "over":
            return []
        return list(self.hand.legal_actions())

    def _next_hand(self):
        raise IllegalAction("a training position is a single hand", "training_over")

    def _dealt_again(self):
        return Training(self.position)

    def to_dict(self):
        # A save replays a match from its seed, which would deal other cards: a training is
        # rebuilt from its position instead.
        raise TypeError("a training position is not saved; rebuild it from its position")


class Step:
    """One action of a lesson's script. `say` names the words the page shows before the
    learner's move (None for the computer's); `cards` are the cards those words name."""

    __slots__ = ("action", "say", "cards")

    def __init__(self, action, say=None, cards=()):
        self.action = action
        self.say = say
        self.cards = tuple(cards)

    def __repr__(self):
        return "Step(" + repr(self.action) + ", " + repr(self.say) + ")"


class Lesson:
    """name (how the page's address names it), position, steps (the script, to the end of the
    hand), level (the computer player), done (the key of the words once the script is played)."""

    __slots__ = ("name", "position", "steps", "level", "done")

    def __init__(self, name, position, steps, level, done):
        self.name = name
        self.position = position
        self.steps = tuple(steps)
        self.level = level
        self.done = done

    def start(self):
        return Training(self.position)


def progress(lesson, actions):
    """How far `actions` (the hand's actions so far) follow the script: (on the script, the
    number of its steps they match). On the script, that number is the index of the next step
    (the number of steps once the script is played to its end); off it, the step where the
    hand left it. Actions match by kind and card (declared melds may differ)."""
    steps = lesson.steps
    matched = 0
    for action in actions:
        if matched == len(steps):
            return False, matched
        expected = steps[matched].action
        if action.kind != expected.kind or action.card is not expected.card:
            return False, matched
        matched += 1
    return True, matched


# --- the first guided hand ------------------------------------------------------------------------

def _guided():
    # Each move teaches one thing, and the computer (Easy) replies the same way every time:
    # tests/game/test_training.py replays the script against the real player.
    c = _card
    mine = parse_cards("7H 8H 5C 5S 2D 3D KS JC JD 9S")
    theirs = parse_cards("AC 2C 4H 6D 6S TC TD JS QH KC")
    pos = position((mine, theirs), c("9H"), dealer=1, seed=7, stock_top=parse_cards("8C 3S 4D"))
    steps = [
        Step(Action(TAKE_UPCARD), "run", [c("9H"), c("7H"), c("8H")]),
        Step(Action(DISCARD, c("KS")), "high", [c("KS")]),
        Step(Action(DRAW_STOCK)),
        Step(Action(DISCARD, c("JS"))),
        Step(Action(DRAW_DISCARD), "set", [c("JS"), c("JC"), c("JD")]),
        Step(Action(DISCARD, c("9S")), "not_taken", [c("9S"), c("JS")]),
        Step(Action(DRAW_STOCK)),
        Step(Action(DISCARD, c("TD"))),
        Step(Action(DRAW_STOCK), "no_use", [c("TD")]),
        Step(Action(KNOCK, c("5S")), "low", [c("5S"), c("2D"), c("3D"), c("4D"), c("5C")]),
    ]
    return Lesson("guided", pos, steps, "easy", "done_guided")


def _card(code):
    return parse_cards(code)[0]


# --- a worked example of the guide as a position --------------------------------------------------

def from_example(knocker, defender, rules=None, seed=1):
    """The lesson of a worked example (the knocker's and the defender's 10 cards): the learner
    holds the knocker's hand but for one card of a meld, which is the upcard, and one loose
    card from the rest of the deck; taking the upcard and knocking (or going gin) with the loose
    card leaves exactly the example's hands, so the engine settles the example's result.
    Raises BadPosition when the cards make no such position."""
    rules = rules or Rules.preset("classic")
    knocker, defender = list(knocker), list(defender)
    if len(knocker) != 10 or len(defender) != 10 or len(set(knocker + defender)) != 20:
        raise BadPosition("an example is two hands of 10 distinct cards", "cards")
    deadwood = min_deadwood(knocker)
    for upcard in _upcard_choices(knocker, rules):
        limit = rules.knock_limit_for(upcard)
        if deadwood > limit:
            continue
        loose = _loose_card(knocker, defender, upcard)
        kind = GIN if deadwood == 0 else KNOCK
        mine = [card for card in knocker if card is not upcard] + [loose]
        pos = position((mine, defender), upcard, rules=rules, seed=seed)
        meld = [m for m in best_arrangement(knocker).melds if upcard in m][0]
        others = [card for card in meld if card is not upcard]
        makes = "run" if others[0].rank != upcard.rank else "four" if len(others) == 3 else "set"
        steps = [Step(Action(TAKE_UPCARD), makes, [upcard] + others), Step(Action(kind, loose), "example", [loose])]
        return Lesson("example", pos, steps, "easy", "done_example")
    raise BadPosition("the knocker's cards cannot knock under these rules", "no_knock")


def _upcard_choices(knocker, rules):
    # A card of one of the knocker's melds (taking it is the first lesson: it completes a meld),
    # the end of a run first; under Oklahoma a spade would double the score, so spades last.
    choices = []
    for meld in best_arrangement(knocker).melds:
        choices.extend(sorted(meld, key=lambda card: -card.rank))
    return sorted(choices, key=lambda card: card.suit == 3)


def _loose_card(knocker, defender, upcard):
    # The highest card of the rest of the deck that melds with nothing the knocker holds: the
    # learner's obvious discard, which leaves the example's hand.
    used = set(knocker) | set(defender)
    best = None
    for card in DECK:
        if card in used:
            continue
        after = deadwood_after_each_discard(knocker + [card])
        if after[-1] != min(after):
            continue
        if best is None or (card.value, card.rank, -card.suit) > (best.value, best.rank, -best.suit):
            best = card
    return best


def from_code(code):
    """The lesson a page address names: "guided", or "<rules>.<knocker>.<defender>" with each
    hand as 10 card codes run together ("classic.4S5S6S7SQHQDQCAH3D2C.8SJHJDJC6H7DKC5D9C2S").
    Raises BadPosition ("unknown", "cards", "rules", "no_knock") for anything else."""
    if not isinstance(code, str):
        raise BadPosition("not a lesson: a code is text, got " + type(code).__name__, "unknown")
    if code == "guided":
        return GUIDED
    parts = code.split(".")
    if len(parts) != 3:
        raise BadPosition("not a lesson: " + repr(code[:40]), "unknown")
    name, first, second = parts
    if name not in PRESETS:
        raise BadPosition("unknown rules " + repr(name[:20]), "rules")
    hands = []
    for text in (first, second):
        if len(text) != 20:
            raise BadPosition("a hand is 10 cards of two characters each", "cards")
        try:
            hands.append(parse_cards(" ".join(text[i:i + 2] for i in range(0, 20, 2))))
        except ValueError as exc:
            raise BadPosition(str(exc), "cards") from None
    return from_example(hands[0], hands[1], Rules.preset(name))


def example_code(knocker, defender, rules):
    """The address code of a worked example (the inverse of `from_code`)."""
    return rules.name + "." + "".join(card.code for card in knocker) + "." + "".join(card.code for card in defender)


GUIDED = _guided()
