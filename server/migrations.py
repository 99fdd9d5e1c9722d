"""The schema of the tables' database, as ordered migrations (`PRAGMA user_version`).

Each migration takes the database from the version before it to its number, inside one
transaction (server.store runs them at open). A database is never read by a server that does
not know its version.
"""

import json

from game.actions import Action
from game.errors import CorruptSave, IllegalAction
from game.match import Match
from game.rules import Rules


def _version_1(db):
    # The first schema (servers before user_version was kept: their files say 0): a row per
    # table with its seed, and a row per action of the current game.
    db.execute("""CREATE TABLE IF NOT EXISTS tables (
        code TEXT PRIMARY KEY, rules TEXT NOT NULL, level TEXT NOT NULL, seed INTEGER NOT NULL,
        seats TEXT NOT NULL, restart_by INTEGER, created REAL NOT NULL, active REAL NOT NULL)""")
    db.execute("""CREATE TABLE IF NOT EXISTS actions (
        code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE, n INTEGER NOT NULL,
        action TEXT NOT NULL, PRIMARY KEY (code, n)) WITHOUT ROWID""")


def _version_2(db):
    # One row per table, written whole: the table's log (a saved match: rules, the score sheet,
    # this hand's actions) replaces the action rows, so a failed write can never leave a hole;
    # the deal secret (NULL for the tables converted here: their seed deals on until their next
    # new game); tables that cannot be replayed are kept aside.
    db.execute("ALTER TABLE tables RENAME TO tables_v1")
    db.execute("""CREATE TABLE tables (
        code TEXT PRIMARY KEY,
        level TEXT NOT NULL,        -- the computer level that takes over a seat
        seats TEXT NOT NULL,        -- JSON [{"key_hash": str or null, "computer": bool}, x2]
        restart_by INTEGER,         -- the seat that offered a new game, or NULL
        created REAL NOT NULL,
        active REAL NOT NULL,       -- last activity, seconds since the epoch
        log TEXT NOT NULL,          -- game.table.Table.to_log() as JSON
        secret TEXT,                -- hex of the deal secret; NULL: the log's seed deals
        away TEXT NOT NULL DEFAULT '[null, null]')  -- per seat, what the computer played meanwhile
        """)
    db.execute("CREATE INDEX tables_active ON tables(active)")
    db.execute("""CREATE TABLE broken_tables (
        code TEXT PRIMARY KEY, row TEXT NOT NULL, reason TEXT NOT NULL, at REAL NOT NULL)""")
    rows = db.execute("SELECT code, rules, level, seed, seats, restart_by, created, active"
                      " FROM tables_v1").fetchall()
    for code, rules, level, seed, seats, restart_by, created, active in rows:
        actions = [text for (text,) in db.execute(
            "SELECT action FROM actions WHERE code = ? ORDER BY n", (code,))]
        try:
            log = _replayed(json.loads(rules), seed, actions)
        except (CorruptSave, IllegalAction, ValueError, TypeError) as exc:
            row = {"code": code, "rules": rules, "level": level, "seed": seed, "seats": seats,
                   "restart_by": restart_by, "created": created, "active": active, "actions": actions}
            db.execute("INSERT INTO broken_tables VALUES (?, ?, ?, ?)",
                       (code, json.dumps(row), "its action log does not replay: " + str(exc), active))
            continue
        db.execute("INSERT INTO tables (code, level, seats, restart_by, created, active, log, secret)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
                   (code, level, seats, restart_by, created, active, json.dumps(log)))
    db.execute("DROP TABLE actions")
    db.execute("DROP TABLE tables_v1")


def _replayed(rules, seed, actions):
    match = Match.new(seed, Rules.from_dict(rules))
    for number, text in enumerate(actions):
        try:
            match.apply(Action.from_dict(json.loads(text)))
        except IllegalAction as exc:
            raise CorruptSave("action " + str(number) + " (" + text + "): " + str(exc)) from None
    return match.to_dict()


MIGRATIONS = {1: _version_1, 2: _version_2}
VERSION = max(MIGRATIONS)
