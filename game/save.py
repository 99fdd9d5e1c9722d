"""Save and restore a match as plain, versioned JSON-able data.

The save holds the seed, the rules, the score sheet of the finished hands and the actions of
the current hand; restoring deals the current hand again from the seed and replays the actions
through the engine. So no card is ever trusted from the save: a restored match always has 52
distinct cards, legal hand sizes and a reachable phase, and anything that does not replay
raises CorruptSave saying what is wrong. Every field is checked for its exact type (JSON's
`true` is not the number 1, `1.0` is not a seat), and the match keeps its own copy of the
sheet, never the caller's objects.
"""

from game.actions import Action
from game.deals import SeededDeals, check_seed, next_dealer
from game.errors import CorruptSave, IllegalAction, described
from game.rules import Rules

FORMAT = "gin-rummy-match"
VERSION = 1
_FIELDS = ("format", "version", "seed", "rules", "sheet", "actions")
_LINE_FIELDS = frozenset(("hand", "dealer", "kind", "knocker", "winner", "points", "scores"))
_KINDS = ("knock", "undercut", "gin", "big_gin", "dead")
_SEATS = (0, 1)


def match_to_dict(match):
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": match.seed,
        "rules": match.rules.to_dict(),
        "sheet": [dict(line, scores=list(line["scores"])) for line in match.previous],
        "actions": [_copied(action) for action in match.logged],
    }


def _copied(logged):
    # The save is the caller's to change: the match's own dicts (and melds) stay its own.
    if "melds" in logged:
        return dict(logged, melds=[list(meld) for meld in logged["melds"]])
    return dict(logged)


def match_from_dict(cls, data, deals=None):
    if type(data) is not dict:
        raise CorruptSave("a saved match is an object, got " + described(data))
    unknown = [key for key in data if key not in _FIELDS]
    if unknown:
        raise CorruptSave("a saved match has no field " + described(unknown[0]))
    if type(data.get("format")) is not str or data["format"] != FORMAT:
        raise CorruptSave("not a saved Gin Rummy match")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise CorruptSave("saved by an incompatible version (" + described(version) + ", expected " + str(VERSION) + ")")
    seed = data.get("seed")
    if deals is not None:  # an online table's: its log holds no seed
        if seed is not None:
            raise CorruptSave("a match dealt from a secret has no seed")
    else:
        try:
            check_seed(seed)
        except (TypeError, ValueError) as exc:
            raise CorruptSave("bad seed: " + str(exc)) from None
        deals = SeededDeals(seed)
    try:
        rules = Rules.from_dict(data.get("rules"))
    except ValueError as exc:
        raise CorruptSave("bad rules: " + str(exc)) from None
    sheet = data.get("sheet")
    actions = data.get("actions")
    if type(sheet) is not list or type(actions) is not list:
        raise CorruptSave("the sheet and the actions must be lists")
    match = cls(seed, rules, _checked_sheet(sheet, rules, deals.first_dealer()), deals)
    for number, entry in enumerate(actions, 1):
        try:
            match.apply(Action.from_dict(entry))
        except (IllegalAction, ValueError) as exc:
            raise CorruptSave("action " + str(number) + " of the current hand does not replay: " + str(exc)) from None
        if match.hand.phase == "over" and number < len(actions):
            raise CorruptSave("actions after the end of the hand")
    return match


def _checked_sheet(sheet, rules, dealer):
    # The sheet's lines, checked, as new dicts of plain values.
    scores = [0, 0]
    lines = []
    for number, line in enumerate(sheet, 1):
        where = "score sheet line " + str(number) + ": "
        if type(line) is not dict:
            raise CorruptSave(where + "not an object")
        if set(line) != _LINE_FIELDS:
            raise CorruptSave(where + "the fields are hand, dealer, kind, knocker, winner, points and scores")
        kind, winner, knocker, points = line["kind"], line["winner"], line["knocker"], line["points"]
        if type(kind) is not str or kind not in _KINDS:
            raise CorruptSave(where + "unknown kind " + described(kind))
        if not _is_int(line["hand"]) or line["hand"] != number:
            raise CorruptSave(where + "hand numbers must run 1, 2, 3 ...")
        if not _is_int(line["dealer"]) or line["dealer"] != dealer:
            raise CorruptSave(where + "the dealer of this hand was player " + str(dealer)
                              + " (drawn from the seed, then alternating after each scored hand)")
        if not _is_int(points) or points < 0:
            raise CorruptSave(where + "points must be a non-negative integer")
        _check_result(where, kind, winner, knocker, points, rules)
        if winner is not None:
            scores[winner] += points
        kept = line["scores"]
        if type(kept) is not list or len(kept) != 2 or not _is_int(kept[0]) or not _is_int(kept[1]) or kept != scores:
            raise CorruptSave(where + "running scores do not add up")
        if max(scores) >= rules.target:
            raise CorruptSave(where + "the match was already over")
        lines.append({"hand": number, "dealer": dealer, "kind": kind, "knocker": knocker,
                      "winner": winner, "points": points, "scores": list(scores)})
        dealer = next_dealer(dealer, kind)
    return lines


def _check_result(where, kind, winner, knocker, points, rules):
    # Who ended the hand and who scored, as the kind and the rules allow.
    if kind == "dead":
        if winner is not None or knocker is not None or points != 0:
            raise CorruptSave(where + "a dead hand has no winner and no points")
        return
    if not _is_seat(winner) or not _is_seat(knocker):
        raise CorruptSave(where + "winner and knocker must be player 0 or 1")
    if (winner != knocker) != (kind == "undercut"):
        raise CorruptSave(where + "the defender wins an undercut, the knocker any other hand")
    if kind == "big_gin" and rules.big_gin_bonus is None:
        raise CorruptSave(where + "big gin is not played under these rules")
    if kind in ("knock", "undercut") and rules.knock_limit == 0 and not rules.oklahoma:
        raise CorruptSave(where + "only gin ends a hand under these rules")


def _is_int(value):
    return type(value) is int


def _is_seat(value):
    return type(value) is int and value in _SEATS
