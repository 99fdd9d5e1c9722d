"""The page's own state, apart from the match: what is selected, which dialog is open, where
the focus goes, the player's preferences and card order, the announcements. A plain value,
changed only by the commands (`game.web.play.commands`) and read by the render (`game.web.table.render`).
"""

from game.web.words import text as T

LEVELS = ("easy", "medium", "hard")
SORTS = ("rank", "suit", "melds")  # the sort button's cycle; "custom" once the player reorders
MODES = ("cpu", "duo", "online")  # the opponent choices, in the order offered
LOCAL_MODES = ("cpu", "duo")  # the matches the page itself holds (a new game may be one of these)
# The dialogs a move of the other side (the computer, a friend online) leaves open: none of
# them is about the position (the player reading the menu or the shortcuts kept losing it
# when the computer moved). A move of the player's own closes any dialog.
LASTING_DIALOGS = ("pile", "sheet", "help", "new", "replay", "menu", "clear", "seed", "stats", "daily", "welcome")
PACES = {"slow": 1500, "normal": 900, "fast": 350}  # the computer's pace: ms between its moves


def default_prefs():
    """ask_discard: a discard asks for a confirmation first (off: a tap on the card, then on
    the pile or Discard, plays it, and so does a double tap on the card; the Undo takes it back
    until the other side moves); hints: offer the "What would Hard play?" button (off: a match
    that counts has none). The "quick" of older saves (discard without confirmation, off by
    default) is not read: its default was what every player had, not a choice."""
    return {"level": "medium", "four": False, "sort": "rank", "rules": "classic", "mode": "cpu",
            "pace": "normal", "ask_discard": False, "hints": False}


def card_of_key(key):
    """The card index of a hand card's focus key ("c12" -> 12), else None."""
    if key and key[0] == "c" and key[1:].isdigit():
        return int(key[1:])
    return None


def in_progress(view):
    """Whether the match on screen has been played at all and is not over (asked before it is replaced)."""
    return view is not None and view.phase != "match_over" and (view.hand_number > 1 or bool(view.history))


def legal(ui, view, kind, card=None):
    """The View's legal action of this kind (and card), if the person on screen may take it
    (not while both hands are hidden, nor before the friend of an online table has joined)."""
    if ui.handover or waiting_for_friend(ui):
        return None
    for action in view.legal_actions:
        if action.kind == kind and (card is None or action.card is card):
            return action
    return None


def not_yet(view):
    """Why the seat on screen can neither discard, knock nor go gin now (the upcard's offer,
    before its draw, the other player's turn, the hand over), in the engine's words; None in
    its discard phase."""
    if view.turn is None:
        reason = "match_over" if view.phase == "match_over" else "hand_over"
    elif view.turn != view.player:
        reason = "not_your_turn"
    elif view.phase in ("upcard", "draw"):
        reason = "upcard_offer" if view.phase == "upcard" else "draw_first"
    else:
        return None
    return T.refusal(reason, {})


def can_undo(ui, view):
    """Whether the person at this screen may take back the discard on top of the pile now
    (the View's `undo`: the other side has not moved): their own, against the computer or a
    friend online; two players on one device, the one who discarded, until the hand-over
    screen is left (the next player's hand revealed)."""
    if view is None or view.undo is None or view.turn is None:
        return False
    if ui.mode == "duo":
        return ui.handover
    return view.turn != view.player and ui.is_human(view.player) and not waiting_for_friend(ui)


def waiting_for_friend(ui):
    """An online table whose other seat nobody has taken yet: nothing can be played."""
    return ui.online is not None and ui.online.get("opponent") == "waiting"


class Ui:
    """mode ("cpu", "duo" or "online"), prefs, selected (a card index), focus (the data-key to focus
    after drawing), dialog (the open dialog's dict: its kind, the focus to return to, its own
    fields), order (seat -> card indexes in the order shown), handover (two players: both hands
    hidden until the next player is ready), notice (a message to dismiss), log (the last
    announcements), last_seat (the seat that moved last: whose hand a two-player screen shows),
    online (playing a friend online: the table's code, invitation link, the friend's presence,
    a new-game offer, the connection's state; None otherwise), lobby (the choices of the screen
    that opens or joins an online table), online_available (a table server answered), motion
    (the move just made, animated once)."""

    def __init__(self, prefs=None):
        self.prefs = prefs or default_prefs()
        self.mode = self.prefs["mode"]
        self.selected = None
        self.focus = None
        self.dialog = None
        self.order = {0: [], 1: []}
        self.handover = False
        self.notice = None
        self.unsaved_told = False  # the player was told their progress is not being saved
        self.log = []
        self.last_seat = 0
        self.taking_back = False  # a discard is being taken back: the same person plays on
        # The move just made ("draw" or "discard"), for the render's short animations: set by
        # the adapter when the table changes, forgotten at the next command.
        self.motion = None
        self.online = None
        self.lobby = {"rules": self.prefs["rules"], "code": "", "last": None}
        self.online_available = False
        # The coach (game.web.play.coach): the hint shown, the hints used per hand, the hand's review.
        self.coach = {"hint": None, "used": {}, "review": None}
        # Statistics and the daily deal (game.web.progress.stats, game.web.progress.daily): the statistics, whether
        # the stored ones could not be read, the daily record (both None until read from the
        # storage: `progress.load`), today's (year, month, day), and the date of the daily deal
        # on the table (None for any other match).
        self.stats = None
        self.stats_problem = False
        self.daily_record = None
        self.today = (2000, 1, 1)
        self.daily = None
        # Whether a match against the computer was set aside for the daily deal (kept in the
        # storage until "Back to your match" restores it: `platform.progress`).
        self.aside = False
        # Whether the page's second bundle (the modules marked BUNDLE = "later": the dialogs, the end of a
        # hand, the coach, lessons, statistics, online play) is in the page: "waiting", "loaded"
        # or "failed" (it could not be loaded: what the first bundle holds still works).
        # Set by the adapter (`App.need`); CPython has every module: "loaded".
        self.more = "loaded"
        # A training hand (game.web.play.lesson): {"code": the address's code, "lesson": the Lesson};
        # None in a normal match.
        self.lesson = None
        # The page's address without its fragment (the daily deal's link is this page's): set
        # with the second bundle's progress (`progress.load`), after the first drawing, which
        # is the build's (generator/firstscreen.py).
        self.here = ""

    def my_seat(self):
        """The seat of the person at this screen (two players on one device: None, both)."""
        if self.mode == "online":
            return self.online["seat"] if self.online else 0
        return None if self.mode == "duo" else 0

    def names(self):
        """Who plays each seat (`text.Who`), for the sentences and headings that name them."""
        if self.mode == "duo":
            return [T.Who("player", 1), T.Who("player", 2)]
        other = T.Who("computer" if self.mode == "cpu" else "friend")
        return [T.Who("you"), other] if self.my_seat() == 0 else [other, T.Who("you")]

    def seat(self, turn):
        """The seat whose hand is on screen, given whose turn it is (None between hands)."""
        if self.mode != "duo":
            return self.my_seat()
        return self.last_seat if turn is None else turn

    def is_human(self, seat):
        """Whether the person (or people) at this screen play `seat`."""
        return self.mode == "duo" or seat == self.my_seat()

    def seats(self):
        """The table's seats for this mode: "human" or the computer's level."""
        if self.mode == "cpu":
            return ["human", self.prefs["level"]]
        return ["human", "human"]

    def fresh_hand(self):
        """Forget the selection and the card order (a new hand or a new match)."""
        self.selected = None
        self.dialog = None
        self.order = {0: [], 1: []}

    def say(self, message):
        """Keep an announcement in the visible log (the last four)."""
        if message:
            self.log = (self.log + [message])[-4:]

    def sync_order(self, view):
        """Put the hand of the seat on screen in the player's order (before drawing it)."""
        self.order[view.player] = shown_order(self.prefs["sort"], self.order[view.player], view)


def shown_order(sort, order, view):
    """The indexes of the view's hand in the player's order: sorted by `sort` ("melds": the
    engine's best arrangement, melds first), or (custom) as they arranged them in `order`,
    new cards at the end."""
    hand = view.hand
    if sort == "melds":
        ordered = []
        for meld in view.arrangement.melds:
            ordered.extend(meld)
        ordered.extend(sorted(view.arrangement.deadwood, key=_by_rank))
        return [c.index for c in ordered]
    if sort == "rank":
        return [c.index for c in sorted(hand, key=_by_rank)]
    if sort == "suit":
        return [c.index for c in sorted(hand, key=_by_suit)]
    indexes = [c.index for c in hand]
    kept = [i for i in order if i in indexes]
    for i in indexes:
        if i not in kept:
            kept.append(i)
    return kept


def _by_rank(card):
    return (card.rank, card.suit)


def _by_suit(card):
    return (card.suit, card.rank)
