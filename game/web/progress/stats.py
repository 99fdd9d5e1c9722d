"""The player's statistics against the computer: a plain, JSON-able value, recorded from Views.

What counts (docs/statistics.md): every finished hand and every finished match that the person
plays against the computer in the page, the daily deal and replays included, filed under the
computer's level and the rules preset ("hard/classic"). A match left before its end counts its
finished hands, not a game. Two players on one device and online tables are not counted: there
is no "you" against the computer there. Training hands (the guided hand, the guide's positions)
are not counted either: their deal is chosen, not dealt (`counts`).

The value, as stored (`ginrummy.stats`) and exported:
`{"format": "gin-rummy-stats", "version": 1, "records": {"<level>/<preset>": RECORD}, "recent": [GAME]}`
with RECORD = {games, wins, streak, best_streak, hands, hands_won, gins, undercuts_given,
undercuts_suffered, points} (non-negative counts; `points` is the person's points minus the
computer's over those hands, of any sign; `streak` the matches won in a row up to the last)
and GAME = {"key", "won", "net"} for the last 20 matches, oldest first (`net`: the person's
final total minus the computer's). Pure Python, tested in CPython.
"""

from game.rules import PRESETS

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

FORMAT = "gin-rummy-stats"
VERSION = 1
RECENT = 20  # matches kept for the chart
LEVELS = ("easy", "medium", "hard")
COUNTS = ("games", "wins", "streak", "best_streak", "hands", "hands_won", "gins",
          "undercuts_given", "undercuts_suffered")
SIGNED = ("points",)


class StatsError(ValueError):
    """A statistics value this version cannot read: `reason` ("not_stats", "newer", "bad_value")
    and `field`, the place of the bad value ("records › hard/classic › wins")."""

    def __init__(self, reason, field=""):
        ValueError.__init__(self, reason + (": " + field if field else ""))
        self.reason = reason
        self.field = field


def empty():
    return {"format": FORMAT, "version": VERSION, "records": {}, "recent": []}


def counts(mode, table):
    """Whether the match on the table counts: against the computer, under a preset's rules, and
    not a training hand (whose deal is chosen for the lesson)."""
    return (mode == "cpu" and table is not None and table.rules.name in PRESETS
            and not table.training)


def key_of(level, preset):
    return level + "/" + preset


def split_key(key):
    """(level, preset) of a record's key, or None when it is not one."""
    level, _slash, preset = key.partition("/")
    if level in LEVELS and preset in PRESETS:
        return level, preset
    return None


def new_record():
    record = {}
    for name in COUNTS + SIGNED:
        record[name] = 0
    return record


def _record(stats, key):
    records = stats["records"]
    if key not in records:
        records[key] = new_record()
    return records[key]


# --- recording ----------------------------------------------------------------------------------

def hand_outcome(view):
    """What a finished hand counts, from the View of the person's seat (None while it is played):
    {won, gin, undercut_given, undercut_suffered, points} with `points` signed (+ for the person)."""
    if view.end_kind is None:
        return None
    me = view.player
    line = view.sheet[-1]
    mine = line["winner"] == me
    points = line["points"] if line["winner"] is not None else 0
    return {
        "won": mine,
        "gin": view.end_kind in ("gin", "big_gin") and view.knocker == me,
        "undercut_given": view.end_kind == "undercut" and view.knocker != me,
        "undercut_suffered": view.end_kind == "undercut" and view.knocker == me,
        "points": points if mine else -points,
    }


def match_outcome(view):
    """(won, net) of a finished match, from the View of the person's seat (None before the end)."""
    if view.winner is None or view.totals is None:
        return None
    me = view.player
    return view.winner == me, view.totals[me]["total"] - view.totals[1 - me]["total"]


def record_hand(stats, key, outcome):
    """Count one finished hand (a `hand_outcome`) under `key`."""
    record = _record(stats, key)
    record["hands"] += 1
    record["hands_won"] += 1 if outcome["won"] else 0
    record["gins"] += 1 if outcome["gin"] else 0
    record["undercuts_given"] += 1 if outcome["undercut_given"] else 0
    record["undercuts_suffered"] += 1 if outcome["undercut_suffered"] else 0
    record["points"] += outcome["points"]
    return stats


def record_match(stats, key, won, net):
    """Count one finished match under `key`, and keep it among the last RECENT for the chart."""
    record = _record(stats, key)
    record["games"] += 1
    if won:
        record["wins"] += 1
        record["streak"] += 1
        record["best_streak"] = max(record["best_streak"], record["streak"])
    else:
        record["streak"] = 0
    stats["recent"] = (stats["recent"] + [{"key": key, "won": bool(won), "net": net}])[-RECENT:]
    return stats


# --- figures shown ---------------------------------------------------------------------------------

def win_percent(record):
    """Matches won in percent, rounded (None before the first match)."""
    if not record["games"]:
        return None
    return (record["wins"] * 100 + record["games"] // 2) // record["games"]


def points_per_hand(record):
    """The person's points minus the computer's per hand, in tenths (None before the first hand)."""
    hands = record["hands"]
    if not hands:
        return None
    tenths = abs(record["points"]) * 10
    rounded = (tenths + hands // 2) // hands
    return rounded if record["points"] >= 0 else -rounded


def rows(stats):
    """(level, preset, record) of every record with something in it, by level then preset."""
    found = []
    for key in stats["records"]:
        record = stats["records"][key]
        pair = split_key(key)
        if pair is not None and (record["games"] or record["hands"]):
            found.append((LEVELS.index(pair[0]), list(PRESETS).index(pair[1]), pair[0], pair[1], record))
    found.sort(key=lambda row: (row[0], row[1]))
    return [(level, preset, record) for _a, _b, level, preset, record in found]


# --- reading a stored or imported value --------------------------------------------------------------

def _count(value, field, signed=False):
    if type(value) is not int or (value < 0 and not signed):
        raise StatsError("bad_value", field)
    return value


def from_dict(data):
    """A statistics value from stored or imported JSON, checked in full: StatsError says what is
    wrong, and nothing of a bad value is kept."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError("not_stats")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise StatsError("bad_value", "version")
    if version > VERSION:
        raise StatsError("newer")
    records = data.get("records")
    if not isinstance(records, dict):
        raise StatsError("bad_value", "records")
    stats = empty()
    for key in records:
        where = "records › " + str(key)
        if not isinstance(key, str) or split_key(key) is None or not isinstance(records[key], dict):
            raise StatsError("bad_value", where)
        given = records[key]
        record = {}
        for name in COUNTS + SIGNED:
            record[name] = _count(given.get(name, 0), where + " › " + name, name in SIGNED)
        if (record["wins"] > record["games"] or record["hands_won"] > record["hands"]
                or record["best_streak"] > record["wins"] or record["streak"] > record["best_streak"]
                or record["gins"] > record["hands_won"]
                or record["undercuts_given"] > record["hands_won"]
                or record["undercuts_suffered"] > record["hands"] - record["hands_won"]):
            raise StatsError("bad_value", where)
        stats["records"][key] = record
    recent = data.get("recent", [])
    if not isinstance(recent, list) or len(recent) > RECENT:
        raise StatsError("bad_value", "recent")
    for number in range(len(recent)):
        game = recent[number]
        where = "recent › " + str(number + 1)
        if (not isinstance(game, dict) or not isinstance(game.get("key"), str) or split_key(game["key"]) is None
                or type(game.get("won")) is not bool):
            raise StatsError("bad_value", where)
        stats["recent"].append({"key": game["key"], "won": game["won"], "net": _count(game.get("net"), where, True)})
    return stats


def to_dict(stats):
    """The JSON-able value to store or export (a copy: changing it changes nothing here)."""
    return {"format": FORMAT, "version": VERSION,
            "records": {key: dict(stats["records"][key]) for key in stats["records"]},
            "recent": [dict(game) for game in stats["recent"]]}
