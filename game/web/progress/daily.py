"""The daily deal: one short match a day, the same deals for everyone, with no server.

What it is (docs/statistics.md): a match of the "short" preset (to 50 points) against the Hard
computer, dealt from a seed made from the calendar date. The date is the player's LOCAL date,
as a daily puzzle's is: "the deal of 1 Dec" is the same deal in Paris and in Hanoi, each
playing it during their own 1 December. A seed is `BASE` + the days since 2000-01-01, above
every seed a new game draws at random (below 2**31), so a daily match is known from its seed
alone, after a reload too. The computer decides from its View with a generator seeded by the
match seed, so the same moves meet the same answers.

A result is kept per date (`ginrummy.daily`): the number of tries (a try is every start of
that day's deal: the menu, Replay, its link), the result of the first try (once finished) and
the last finished result with its try's number, so a result of a second try always says it
is a replay (`game.web.progress.dailydialog.share_line`).
`{"format": "gin-rummy-daily", "version": 1, "days": {"2026-12-01": {"tries": 1,
"first": RESULT or null, "last": RESULT or null}}}`, RESULT = {"won", "hands", "net", "try",
"hints"} (`hints`: the coach's hints the player asked for in that try; 0 when a record from
before it has none).
Pure Python, tested in CPython.
"""

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

PRESET = "short"
LEVEL = "hard"
BASE = 3000000000
FORMAT = "gin-rummy-daily"
VERSION = 1
KEPT = 40  # days kept in the record


def days_from_civil(year, month, day):
    """Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's algorithm:
    no `datetime` in the page)."""
    year -= 1 if month <= 2 else 0
    era = (year if year >= 0 else year - 399) // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(days):
    """(year, month, day) of a count of days from 1970-01-01 (the inverse of `days_from_civil`)."""
    days += 719468
    era = (days if days >= 0 else days - 146096) // 146097
    doe = days - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + (3 if mp < 10 else -9)
    return yoe + era * 400 + (1 if month <= 2 else 0), month, day


EPOCH = days_from_civil(2000, 1, 1)
LAST = 100000  # days after 2000-01-01 that have a daily seed (beyond the year 2270)


def valid_date(year, month, day):
    return (type(year) is int and type(month) is int and type(day) is int and 2000 <= year <= 2200
            and 1 <= month <= 12 and 1 <= day <= 31 and civil_from_days(days_from_civil(year, month, day)) == (year, month, day))


def seed_of(date):
    """The seed of the daily deal of `date`, a (year, month, day)."""
    if not valid_date(*date):
        raise ValueError("not a date of the daily deal: " + repr(date))
    return BASE + days_from_civil(*date) - EPOCH


def date_of(seed):
    """The (year, month, day) whose daily deal `seed` is, or None for any other seed."""
    if type(seed) is not int or not BASE <= seed < BASE + LAST:
        return None
    return civil_from_days(seed - BASE + EPOCH)


def date_key(date):
    """"2026-12-01" for (2026, 12, 1): the record's key, sorted as text in date order."""
    year, month, day = date
    return str(year) + "-" + ("0" if month < 10 else "") + str(month) + "-" + ("0" if day < 10 else "") + str(day)


def date_of_key(key):
    parts = key.split("-") if isinstance(key, str) else []
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    date = (int(parts[0]), int(parts[1]), int(parts[2]))
    return date if valid_date(*date) and date_key(date) == key else None


def is_daily(seed, rules_name):
    """The date of the daily deal a match is (its seed and its preset), or None."""
    if rules_name != PRESET:
        return None
    return date_of(seed)


# --- the record of tries and results -------------------------------------------------------------

def empty():
    return {"format": FORMAT, "version": VERSION, "days": {}}


def day_of(record, date):
    """The entry of `date` (a fresh one, not stored, when that day was never tried)."""
    return record["days"].get(date_key(date)) or {"tries": 0, "first": None, "last": None}


def start_try(record, date):
    """Count a start of `date`'s deal; only the KEPT latest days are kept."""
    key = date_key(date)
    entry = day_of(record, date)
    entry = {"tries": entry["tries"] + 1, "first": entry["first"], "last": entry["last"]}
    record["days"][key] = entry
    for old in sorted(record["days"])[:-KEPT]:
        del record["days"][old]
    return record


def finish(record, date, won, hands, net, hints=0):
    """Keep the result of a finished try with its number and the hints used in it: the result
    of try 1 stays `first` (a first try left unfinished makes every later result a replay)."""
    entry = day_of(record, date)
    tries = max(1, entry["tries"])
    result = {"won": bool(won), "hands": hands, "net": net, "try": tries, "hints": hints}
    first = result if tries == 1 else entry["first"]
    record["days"][date_key(date)] = {"tries": tries, "first": first, "last": result}
    return record


def _result(value):
    if value is None:
        return None
    if (isinstance(value, dict) and type(value.get("won")) is bool and type(value.get("hands")) is int
            and value["hands"] >= 0 and type(value.get("net")) is int and type(value.get("try")) is int
            and value["try"] >= 1 and type(value.get("hints", 0)) is int and value.get("hints", 0) >= 0):
        return {"won": value["won"], "hands": value["hands"], "net": value["net"], "try": value["try"],
                "hints": value.get("hints", 0)}
    raise ValueError("not a daily result")


def from_dict(data):
    """The record from stored JSON; ValueError when it is not one (the page then starts afresh)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError("not a daily record")
    days = data.get("days")
    if not isinstance(days, dict):
        raise ValueError("not a daily record")
    record = empty()
    for key in days:
        entry = days[key]
        if date_of_key(key) is None or not isinstance(entry, dict) or type(entry.get("tries")) is not int:
            raise ValueError("not a daily record")
        record["days"][key] = {"tries": max(0, entry["tries"]), "first": _result(entry.get("first")),
                               "last": _result(entry.get("last"))}
    return record


def to_dict(record):
    return {"format": FORMAT, "version": VERSION, "days": {key: dict(record["days"][key]) for key in record["days"]}}
