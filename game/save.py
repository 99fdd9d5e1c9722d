"""Save and restore a match as plain, versioned JSON-able data.

The save holds the seed, the rules, the score sheet of the finished hands and the actions of
the current hand; restoring deals the current hand again from the seed and replays the actions
through the engine. So no card is ever trusted from the save: a restored match always has 52
distinct cards, legal hand sizes and a reachable phase, and anything that does not replay
raises CorruptSave saying what is wrong.
"""

from game.actions import Action
from game.errors import CorruptSave, IllegalAction
from game.rules import Rules

FORMAT = "gin-rummy-match"
VERSION = 1
_KINDS = ("knock", "undercut", "gin", "big_gin", "dead")


def match_to_dict(match):
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": match.seed,
        "rules": match.rules.to_dict(),
        "sheet": [dict(line, scores=list(line["scores"])) for line in match.previous],
        "actions": [action.to_dict() for action in match.actions],
    }


def match_from_dict(cls, data, deals=None):
    if not isinstance(data, dict):
        raise CorruptSave("a saved match is an object, got " + type(data).__name__)
    if data.get("format") != FORMAT:
        raise CorruptSave("not a saved Gin Rummy match")
    if data.get("version") != VERSION:
        raise CorruptSave("saved by an incompatible version (" + repr(data.get("version")) + ", expected " + str(VERSION) + ")")
    seed = data.get("seed")
    if deals is not None:
        if seed is not None:
            raise CorruptSave("a match dealt from a secret has no seed")
    elif type(seed) is not int or seed < 0:
        raise CorruptSave("the seed must be a non-negative integer")
    try:
        rules = Rules.from_dict(data.get("rules"))
    except (TypeError, ValueError) as exc:
        raise CorruptSave("bad rules: " + str(exc)) from None
    sheet = data.get("sheet")
    actions = data.get("actions")
    if not isinstance(sheet, list) or not isinstance(actions, list):
        raise CorruptSave("the sheet and the actions must be lists")
    _check_sheet(sheet, rules)
    match = cls(seed, rules, sheet, deals)
    for number, entry in enumerate(actions, 1):
        try:
            match.apply(Action.from_dict(entry))
        except (IllegalAction, ValueError) as exc:
            raise CorruptSave("action " + str(number) + " of the current hand does not replay: " + str(exc)) from None
        if match.hand.phase == "over" and number < len(actions):
            raise CorruptSave("actions after the end of the hand")
    return match


def _check_sheet(sheet, rules):
    scores = [0, 0]
    for number, line in enumerate(sheet, 1):
        where = "score sheet line " + str(number) + ": "
        if not isinstance(line, dict):
            raise CorruptSave(where + "not an object")
        kind, winner, points = line.get("kind"), line.get("winner"), line.get("points")
        if kind not in _KINDS:
            raise CorruptSave(where + "unknown kind " + repr(kind))
        if line.get("hand") != number:
            raise CorruptSave(where + "hand numbers must run 1, 2, 3 ...")
        if type(points) is not int or points < 0:
            raise CorruptSave(where + "points must be a non-negative integer")
        if kind == "dead":
            if winner is not None or points != 0 or line.get("knocker") is not None:
                raise CorruptSave(where + "a dead hand has no winner and no points")
        elif winner not in (0, 1) or line.get("knocker") not in (0, 1):
            raise CorruptSave(where + "winner and knocker must be player 0 or 1")
        if winner is not None:
            scores[winner] += points
        if line.get("scores") != scores:
            raise CorruptSave(where + "running scores do not add up")
        if max(scores) >= rules.target:
            raise CorruptSave(where + "the match was already over")
