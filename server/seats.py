"""What one seat is sent: its own View as plain JSON, never the other seat's hidden cards.

Stand-in until `View.to_dict()` lands on main: `seat_view` uses it when it exists, else builds
the same kind of dict from the View's attributes. Either way the match seed is dropped: a seat
that knew it could deal the whole deck.
"""

from game.cards import Card

_FIELDS = (
    "player", "phase", "current_player", "dealer", "hand_number", "hand", "discard_pile",
    "stock_count", "opponent_count", "opponent_known", "taken", "upcard", "knock_limit",
    "history", "scores", "hands_won", "sheet", "opponent_hand", "end", "winner", "totals",
)
SECRET = ("seed",)


def seat_view(match, seat):
    view = match.view(seat)
    if hasattr(view, "to_dict"):
        data = view.to_dict()
    else:
        data = {name: plain(getattr(view, name)) for name in _FIELDS}
        data["rules"] = view.rules.to_dict()
        data["legal_actions"] = [action.to_dict() for action in view.legal_actions]
    for name in SECRET:
        data.pop(name, None)
    return data


def plain(value):
    """JSON-able copy: cards as their codes, tuples as lists, slotted objects as dicts."""
    if isinstance(value, Card):
        return value.code
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    slots = getattr(type(value), "__slots__", None)
    if slots:
        return {name: plain(getattr(value, name)) for name in slots}
    raise TypeError("cannot send " + type(value).__name__)


def read_view(data):
    """A View-like object from a seat's view dict, for a client that lets the computer choose
    (the load benchmark, the tests). Stand-in for `View.from_dict()` until it lands."""
    from types import SimpleNamespace

    from game.actions import Action
    from game.cards import DECK, parse_card
    from game.rules import Rules

    def card(code):
        return None if code is None else parse_card(code)

    def cards(codes):
        return None if codes is None else [parse_card(code) for code in codes]

    view = SimpleNamespace(**data)
    for name in ("hand", "discard_pile", "opponent_known", "opponent_hand"):
        setattr(view, name, cards(data[name]))
    view.taken = card(data["taken"])
    view.upcard = card(data["upcard"])
    view.rules = Rules.from_dict(data["rules"])
    view.legal_actions = [Action.from_dict(action) for action in data["legal_actions"]]
    view.history = [(player, kind, card(code)) for player, kind, code in data["history"]]
    seen = set(view.hand) | set(view.discard_pile) | set(view.opponent_known)
    view.unseen = [each for each in DECK if each not in seen]
    return view
