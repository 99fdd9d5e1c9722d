"""What the browser keeps between visits, in `window.localStorage` (JSON through the browser's
own `javascript.JSON`, not the `json` module): the preferences, each mode's saved match with the
player's card order, and the computer's pace.

Keys and formats: `ginrummy.prefs` holds `{level, four, sort, rules, mode}`;
`ginrummy.save.cpu` and `ginrummy.save.duo` hold `{match: Match.to_dict(), order: {seat: [codes]}}`;
`ginrummy.pace` holds milliseconds between the computer's moves (tests speed it up).

A write the browser refuses (its storage full, or blocked for the site) is reported, never
swallowed: the page tells the player their progress is not being kept. A save is written only
over the one this tab last read or wrote: another tab of the same site may have played on since
(`SAVE_STALE`), and its progress must not be overwritten by this tab's older match.
"""

import javascript
from browser import window

from game.cards import DECK
from game.errors import CorruptSave
from game.match import Match
from game.rules import PRESETS
from game.web.play.state import LEVELS, MODES, PACES, SORTS
from game.web.play.tables import LocalTable

JSON = javascript.JSON
SAVE_KEYS = {"cpu": "ginrummy.save.cpu", "duo": "ginrummy.save.duo"}
PREFS_KEY = "ginrummy.prefs"
PACE_KEY = "ginrummy.pace"  # milliseconds between the computer's moves (tests speed it up)
PACE = 900  # the computer's pace when PACE_KEY is not set


SAVED, SAVE_REFUSED, SAVE_STALE = "saved", "refused", "stale"  # what `save_match` did
seen = {}  # save key -> the stored text this tab last read or wrote there (None: nothing stored)


def store_get(key):
    try:
        raw = window.localStorage.getItem(key)
    except Exception:
        return None
    return text_or_none(raw)


def text_or_none(raw):
    """A stored string, or None for the browser's null or undefined (nothing stored)."""
    if raw is None or raw is javascript.NULL or raw is javascript.UNDEFINED:
        return None
    return raw


def store_set(key, value):
    """Store `value` as JSON: the text written, or None when the browser refused it (storage
    full, blocked for this site, or no storage at all)."""
    text = JSON.stringify(value)
    try:
        window.localStorage.setItem(key, text)
    except Exception:
        return None
    return text


def store_remove(key):
    try:
        window.localStorage.removeItem(key)
    except Exception:
        pass


def parse(raw):
    """The JSON value of a stored string; CorruptSave when it is not JSON."""
    try:
        return JSON.parse(raw)
    except JavascriptError:  # noqa: F821 (a Brython builtin: what a failed JS call raises)
        raise CorruptSave("not JSON") from None


# --- preferences -------------------------------------------------------------------------------

def load_prefs(prefs):
    """Update `prefs` in place from the saved preferences (values of the right type only), then
    put back the default of any value that is not one of the choices. True when preferences
    were saved but cannot be read at all (the defaults are back: the player is told)."""
    raw = store_get(PREFS_KEY)
    unreadable = False
    if raw is not None:
        try:
            saved = parse(raw)
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


def newcomer():
    """Whether this browser has never played here: no preferences, no saved match, no
    statistics, no daily deal (the first visit is welcomed: `features.welcome`)."""
    for key in (PREFS_KEY, SAVE_KEYS["cpu"], SAVE_KEYS["duo"], "ginrummy.stats", "ginrummy.daily"):
        if store_get(key) is not None:
            return False
    return True


def save_prefs(prefs):
    store_set(PREFS_KEY, prefs)


# --- saved matches -----------------------------------------------------------------------------

def load_table(mode, seats, clock):
    """(LocalTable, order) of this mode's save, or (None, None) when there is none.

    `order` maps each seat saved with a list of codes to its card indexes in the player's order.
    An unreadable save raises CorruptSave saying what is wrong (not JSON, not a save, anything
    `Match.from_dict` refuses); any other error is a bug, and reaches the console as one.
    """
    raw = seen[SAVE_KEYS[mode]] = store_get(SAVE_KEYS[mode])
    if raw is None:
        return None, None
    data = parse(raw)
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


def save_match(mode, saved, order):
    """Keep `saved` (a `Match.to_dict()`) and each seat's card order as this mode's save:
    SAVED; SAVE_REFUSED when the browser would not store it; SAVE_STALE, writing nothing, when
    the stored save is no longer the one this tab last read or wrote (another tab played on)."""
    key = SAVE_KEYS[mode]
    stored = store_get(key)
    if stored is not None and key in seen and stored != seen[key]:
        return SAVE_STALE
    codes = {}
    for seat in (0, 1):
        codes[str(seat)] = [DECK[i].code for i in order[seat]]
    text = store_set(key, {"match": saved, "order": codes})
    if text is None:
        return SAVE_REFUSED
    seen[key] = text
    return SAVED


def changed_elsewhere(mode, key, text):
    """Whether a `storage` event (another tab wrote `text` under `key`) changed this mode's save
    to other than what this tab last read or wrote: this tab's match is then out of date."""
    return mode in SAVE_KEYS and key == SAVE_KEYS[mode] and text_or_none(text) is not None \
        and text_or_none(text) != seen.get(key)


def pace(prefs):
    """Milliseconds between the computer's moves: the player's choice, unless PACE_KEY (tests) says."""
    raw = store_get(PACE_KEY)
    if raw is not None and str(raw).isdigit():
        return int(str(raw))
    return PACES.get(prefs.get("pace"), PACE)


def clear_all():
    """Forget everything this site keeps in the browser under "ginrummy.": preferences, saves,
    card orders (and any later key of ours); the pace override of the tests stays."""
    try:
        store = window.localStorage
        keys = [store.key(i) for i in range(store.length)]
        for key in keys:
            if isinstance(key, str) and key.startswith("ginrummy.") and key != PACE_KEY:
                store.removeItem(key)
    except Exception:
        pass
    window.gameClearOffline()  # the offline copies of the site too (game-start.js)


# --- statistics and the daily deal's results ---------------------------------------------------------
# `ginrummy.stats` holds `game.web.play.stats.to_dict()`, `ginrummy.daily` `game.web.play.daily.to_dict()`.
# Neither is ever allowed to break the page: an unreadable value reads as empty (the statistics
# say so in their dialog) and is replaced at the next record.

STATS_KEY = "ginrummy.stats"
DAILY_KEY = "ginrummy.daily"


def load_stats():
    """(statistics, unreadable): the stored statistics, or empty ones and True when the stored
    value is not JSON or not statistics this version reads."""
    from game.web.play import stats

    raw = store_get(STATS_KEY)
    if raw is None:
        return stats.empty(), False
    try:
        return stats.from_dict(parse(raw)), False
    except (CorruptSave, stats.StatsError):
        return stats.empty(), True


def save_stats(value):
    from game.web.play import stats

    store_set(STATS_KEY, stats.to_dict(value))


def load_daily():
    """The daily deal's record (an empty one when the stored value cannot be read)."""
    from game.web.play import daily

    raw = store_get(DAILY_KEY)
    if raw is None:
        return daily.empty()
    try:
        return daily.from_dict(parse(raw))
    except (CorruptSave, ValueError):
        return daily.empty()


def save_daily(record):
    from game.web.play import daily

    store_set(DAILY_KEY, daily.to_dict(record))
