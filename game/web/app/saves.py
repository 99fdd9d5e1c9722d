"""What the game keeps in the browser between visits, and in which form (`store.Store`, the
worker's copy of the browser's storage): the preferences, each mode's saved match with the
player's card order, the computer's pace, the statistics and the daily deal's record.

Keys and formats: `ginrummy.prefs` holds `{level, four, sort, rules, mode, pace, ask_discard,
hints}`; `ginrummy.save.cpu` and `ginrummy.save.duo` hold `{match: Match.to_dict(), order:
{seat: [codes]}}`; `ginrummy.pace` milliseconds between the computer's moves (tests speed it
up); `ginrummy.stats` and `ginrummy.daily` the statistics and the daily deal's record
(`game.web.progress.effects`).

A save is written only over the one this tab last read or wrote (`Store.write_over`): another
tab of the same site may have played on since (`SAVE_STALE`), and its progress must not be
overwritten by this tab's older match. Pure Python.
"""

from game.cards import DECK
from game.errors import CorruptSave
from game.match import Match
from game.rules import PRESETS
from game.web.play.state import LEVELS, MODES, PACES, SORTS
from game.web.play.tables import LocalTable

SAVE_KEYS = {"cpu": "ginrummy.save.cpu", "duo": "ginrummy.save.duo"}
PREFS_KEY = "ginrummy.prefs"
PACE_KEY = "ginrummy.pace"  # milliseconds between the computer's moves (tests speed it up)
STATS_KEY = "ginrummy.stats"
DAILY_KEY = "ginrummy.daily"
PACE = 900  # the computer's pace when PACE_KEY is not set

SAVED, SAVE_STALE = "saved", "stale"  # what `save_match` did


def parse(store, text):
    """The JSON value of a stored text; CorruptSave when it is not JSON."""
    try:
        return store.parse(text)
    except ValueError:
        raise CorruptSave("not JSON") from None


# --- preferences -------------------------------------------------------------------------------

def load_prefs(store, prefs):
    """Update `prefs` in place from the saved preferences (values of the right type only), then
    put back the default of any value that is not one of the choices. True when preferences
    were saved but cannot be read at all (the defaults are back: the player is told)."""
    raw = store.get(PREFS_KEY)
    unreadable = False
    if raw is not None:
        try:
            saved = parse(store, raw)
        except CorruptSave:
            saved = None
        unreadable = not isinstance(saved, dict)
        if not unreadable:
            for key in prefs:
                if key in saved and type(saved[key]) is type(prefs[key]):
                    prefs[key] = saved[key]
    if prefs["level"] not in LEVELS:
        prefs["level"] = "medium"
    if prefs["sort"] not in SORTS and prefs["sort"] != "custom":
        prefs["sort"] = "rank"
    if prefs["rules"] not in PRESETS:
        prefs["rules"] = "classic"
    if prefs["mode"] not in MODES:
        prefs["mode"] = "cpu"
    if prefs["pace"] not in PACES:
        prefs["pace"] = "normal"
    return unreadable


def newcomer(store):
    """Whether this browser has never played here: no preferences, no saved match, no
    statistics, no daily deal (the first visit is welcomed: `features.welcome`)."""
    for key in (PREFS_KEY, SAVE_KEYS["cpu"], SAVE_KEYS["duo"], STATS_KEY, DAILY_KEY):
        if store.get(key) is not None:
            return False
    return True


def save_prefs(store, prefs):
    store.set(PREFS_KEY, prefs)


def pace(store, prefs):
    """Milliseconds between the computer's moves: the player's choice, unless PACE_KEY (tests) says."""
    raw = store.get(PACE_KEY)
    if raw is not None and raw.isdigit():
        return int(raw)
    return PACES.get(prefs.get("pace"), PACE)


# --- saved matches -----------------------------------------------------------------------------

def load_table(store, mode, seats, clock):
    """(LocalTable, order) of this mode's save, or (None, None) when there is none.

    `order` maps each seat saved with a list of codes to its card indexes in the player's order.
    An unreadable save raises CorruptSave saying what is wrong (not JSON, not a save, anything
    `Match.from_dict` refuses); any other error is a bug, and reaches the console as one.
    """
    raw = store.read(SAVE_KEYS[mode])
    if raw is None:
        return None, None
    data = parse(store, raw)
    if not isinstance(data, dict) or not isinstance(data.get("match"), dict):
        raise CorruptSave("not a saved game")
    table = LocalTable(Match.from_dict(data["match"]), seats, clock)
    order = {}
    if isinstance(data.get("order"), dict):
        order = read_order(data["order"])
    return table, order


def read_order(order):
    """{seat: [card index]} from the saved {"0": [codes], "1": [codes]} (seats without a list left out)."""
    found = {}
    for seat in (0, 1):
        codes = order.get(str(seat))
        if isinstance(codes, list):
            indexes = [card.index for card in DECK if card.code in codes]
            indexes.sort(key=lambda i, codes=codes: codes.index(DECK[i].code))
            found[seat] = indexes
    return found


def save_match(store, mode, saved, order):
    """Keep `saved` (a `Match.to_dict()`) and each seat's card order as this mode's save:
    SAVED; SAVE_STALE, writing nothing, when the stored save is no longer the one this tab last
    read or wrote (another tab played on). A write the browser refuses is told later, by the
    shim (`App.on_stored`)."""
    codes = {}
    for seat in (0, 1):
        codes[str(seat)] = [DECK[i].code for i in order[seat]]
    written = store.write_over(SAVE_KEYS[mode], {"match": saved, "order": codes})
    return SAVED if written is not None else SAVE_STALE


def is_save_of(mode, key):
    """Whether `key` holds this mode's save."""
    return mode in SAVE_KEYS and key == SAVE_KEYS[mode]
