"""The rule knobs of a match, one immutable value, and the presets the site offers."""

from game.errors import described

SHUTOUT_MODES = ("none", "double", "bonus")
OKLAHOMA_ACE = ("gin", "one")

# name -> (default, check); every knob is an int, a bool or one of a few words.
_KNOBS = {
    "knock_limit": 10,  # highest deadwood a player may knock with; 0 means gin only
    "gin_bonus": 25,
    "big_gin_bonus": None,  # None: big gin is not played
    "undercut_bonus": 25,
    "undercut_on_tie": True,  # a defender who ties the knocker undercuts
    "target": 100,  # hand points that end the match
    "box_bonus": 0,  # per hand won, added at the end of the match
    "game_bonus": 0,  # to the winner of the match
    "shutout": "none",  # when the loser won no hand: "double" the winner's hand points, or a "bonus"
    "shutout_bonus": 0,
    "oklahoma": False,  # the upcard's value sets the knock limit of the hand
    "oklahoma_ace": "gin",  # an ace upcard means gin only ("gin") or a limit of 1 ("one")
    "oklahoma_spade_double": True,  # a spade upcard doubles the hand's score (Oklahoma only)
}

_MODERN = {"big_gin_bonus": 31, "box_bonus": 25, "game_bonus": 100, "shutout": "double"}

PRESETS = {
    "classic": {},
    "modern": _MODERN,
    "oklahoma": dict(_MODERN, big_gin_bonus=None, oklahoma=True, target=150),
    "straight": {"knock_limit": 0},
    "short": {"target": 50},
}


# The name of rules that are no preset's (the page shows them as "Custom" and the statistics do
# not count them).
CUSTOM = "custom"
# The largest value of a point knob (bonuses, target): far above any real game's.
MAX_POINTS = 10000


class Rules:
    """Immutable rule settings; `Rules.preset("modern")`, `rules.replace(target=50)`.

    `name` is a preset's name, and then the knobs are exactly that preset's, or CUSTOM: a
    Rules value that says "classic" always plays classic.
    """

    __slots__ = ("name",) + tuple(_KNOBS)

    def __init__(self, name=CUSTOM, **knobs):
        for key in knobs:
            if key not in _KNOBS:
                raise ValueError("unknown rule " + repr(key) + "; known rules: " + ", ".join(_KNOBS))
        values = dict(_KNOBS)
        values.update(knobs)
        _check(values)
        if type(name) is not str or (name != CUSTOM and name not in PRESETS):
            raise ValueError("rules are named after a preset (" + ", ".join(PRESETS) + ") or "
                             + repr(CUSTOM) + ", got " + described(name))
        if name != CUSTOM and values != dict(_KNOBS, **PRESETS[name]):
            raise ValueError("rules named " + repr(name) + " must be that preset's; other rules are "
                             + repr(CUSTOM))
        object.__setattr__(self, "name", name)
        for key in _KNOBS:
            object.__setattr__(self, key, values[key])

    def __setattr__(self, key, value):
        raise AttributeError("Rules are immutable; use rules.replace(" + key + "=...)")

    def __reduce__(self):
        # copy and pickle rebuild the value through the constructor (setattr is refused).
        return (Rules.from_dict, (self.to_dict(),))

    @classmethod
    def preset(cls, name="classic"):
        if name not in PRESETS:
            raise ValueError("unknown rule preset " + repr(name) + "; presets: " + ", ".join(PRESETS))
        return cls(name, **PRESETS[name])

    def replace(self, **knobs):
        values = self.to_dict()
        values.pop("name")
        values.update(knobs)
        return Rules(CUSTOM, **values)

    def to_dict(self):
        data = {"name": self.name}
        for key in _KNOBS:
            data[key] = getattr(self, key)
        return data

    @classmethod
    def from_dict(cls, data):
        """The rules written by to_dict: an object with the name and every knob, each of its
        type; ValueError for anything else (nothing is filled in with a default)."""
        if type(data) is not dict:
            raise ValueError("rules are an object, got " + described(data))
        missing = [key for key in ("name",) + tuple(_KNOBS) if key not in data]
        if missing:
            raise ValueError("rules without " + ", ".join(missing))
        knobs = dict(data)
        name = knobs.pop("name")
        return cls(name, **knobs)

    def __eq__(self, other):
        return isinstance(other, Rules) and self.to_dict() == other.to_dict()

    def __hash__(self):
        return hash(tuple(sorted(self.to_dict().items(), key=_first)))

    def __repr__(self):
        return "Rules(" + repr(self.name) + ")"

    def knock_limit_for(self, upcard):
        """The knock limit of a hand whose first upcard was `upcard` (Oklahoma reads it)."""
        if not self.oklahoma:
            return self.knock_limit
        if upcard.rank == 1:
            return 0 if self.oklahoma_ace == "gin" else 1
        return upcard.value

    def multiplier_for(self, upcard):
        """2 when an Oklahoma spade upcard doubles the hand's score, else 1."""
        if self.oklahoma and self.oklahoma_spade_double and upcard.suit == 3:
            return 2
        return 1


def _first(item):
    return item[0]


def _check(values):
    for key in ("knock_limit", "gin_bonus", "undercut_bonus", "target", "box_bonus", "game_bonus", "shutout_bonus"):
        value = values[key]
        if type(value) is not int or value < 0 or value > MAX_POINTS:
            raise ValueError("rule " + key + " must be an integer from 0 to " + str(MAX_POINTS)
                             + ", got " + described(value))
    if values["knock_limit"] > 10:
        raise ValueError("rule knock_limit must be between 0 and 10")
    if values["target"] < 1:
        raise ValueError("rule target must be at least 1")
    big = values["big_gin_bonus"]
    if big is not None and (type(big) is not int or big < 0 or big > MAX_POINTS):
        raise ValueError("rule big_gin_bonus must be an integer from 0 to " + str(MAX_POINTS) + ", or None")
    for key in ("undercut_on_tie", "oklahoma", "oklahoma_spade_double"):
        if type(values[key]) is not bool:
            raise ValueError("rule " + key + " must be true or false")
    if type(values["shutout"]) is not str or values["shutout"] not in SHUTOUT_MODES:
        raise ValueError("rule shutout must be one of " + ", ".join(SHUTOUT_MODES))
    if type(values["oklahoma_ace"]) is not str or values["oklahoma_ace"] not in OKLAHOMA_ACE:
        raise ValueError("rule oklahoma_ace must be one of " + ", ".join(OKLAHOMA_ACE))
