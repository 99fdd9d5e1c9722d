"""The rule knobs of a match, one immutable value, and the presets the site offers."""

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


class Rules:
    """Immutable rule settings; `Rules.preset("modern")`, `rules.replace(target=50)`."""

    __slots__ = ("name",) + tuple(_KNOBS)

    def __init__(self, name="custom", **knobs):
        for key in knobs:
            if key not in _KNOBS:
                raise ValueError("unknown rule " + repr(key) + "; known rules: " + ", ".join(_KNOBS))
        values = dict(_KNOBS)
        values.update(knobs)
        _check(values)
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
        return Rules("custom", **values)

    def to_dict(self):
        data = {"name": self.name}
        for key in _KNOBS:
            data[key] = getattr(self, key)
        return data

    @classmethod
    def from_dict(cls, data):
        knobs = dict(data)
        name = knobs.pop("name", "custom")
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
        if type(value) is not int or value < 0:
            raise ValueError("rule " + key + " must be a non-negative integer, got " + repr(value))
    if values["knock_limit"] > 10:
        raise ValueError("rule knock_limit must be between 0 and 10")
    if values["target"] < 1:
        raise ValueError("rule target must be at least 1")
    big = values["big_gin_bonus"]
    if big is not None and (type(big) is not int or big < 0):
        raise ValueError("rule big_gin_bonus must be a non-negative integer or None")
    for key in ("undercut_on_tie", "oklahoma", "oklahoma_spade_double"):
        if type(values[key]) is not bool:
            raise ValueError("rule " + key + " must be true or false")
    if values["shutout"] not in SHUTOUT_MODES:
        raise ValueError("rule shutout must be one of " + ", ".join(SHUTOUT_MODES))
    if values["oklahoma_ace"] not in OKLAHOMA_ACE:
        raise ValueError("rule oklahoma_ace must be one of " + ", ".join(OKLAHOMA_ACE))
