"""SQLite storage that loses nothing: one row per table, one row per action.

WAL journal with synchronous=NORMAL: every committed action is in the WAL file before the
player's view is sent, so a process killed with `kill -9` loses nothing (only a power cut could
lose the last transactions). A match is never stored as state: it is replayed from the seed and
the action log of the current game (every hand's actions, next_hand included), as saves are.
"""

import json
import sqlite3
from dataclasses import dataclass, field

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    rules TEXT NOT NULL,        -- Rules.to_dict() as JSON
    level TEXT NOT NULL,        -- the computer level that takes over a seat
    seed INTEGER NOT NULL,      -- of the current game
    seats TEXT NOT NULL,        -- JSON [{"key_hash": str or null, "computer": bool}, x2]
    restart_by INTEGER,         -- the seat that offered a new game, or NULL
    created REAL NOT NULL,
    active REAL NOT NULL        -- last activity, seconds since the epoch
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    n INTEGER NOT NULL,         -- 0, 1, 2 ... in the current game
    action TEXT NOT NULL,       -- Action.to_dict() as JSON
    PRIMARY KEY (code, n)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tables_active ON tables(active);
"""


@dataclass
class Record:
    """A stored table, as the room rebuilds it."""

    code: str
    rules: dict
    level: str
    seed: int
    seats: list  # [{"key_hash", "computer"}, {"key_hash", "computer"}]
    restart_by: int | None
    created: float
    active: float
    actions: list = field(default_factory=list)  # action dicts of the current game


class Store:
    def __init__(self, path):
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self):
        self.db.close()

    def exists(self, code):
        return self.db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is not None

    def insert(self, record):
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (record.code, json.dumps(record.rules), record.level, record.seed,
                 json.dumps(record.seats), record.restart_by, record.created, record.active))

    def load(self, code):
        row = self.db.execute(
            "SELECT code, rules, level, seed, seats, restart_by, created, active FROM tables"
            " WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        actions = [json.loads(text) for (text,) in self.db.execute(
            "SELECT action FROM actions WHERE code = ? ORDER BY n", (code,))]
        return Record(row[0], json.loads(row[1]), row[2], row[3], json.loads(row[4]), row[5],
                      row[6], row[7], actions)

    def save(self, record, first_new_action=None):
        """Write the table's row, and its actions from index `first_new_action` on (None: the
        log is unchanged; 0 after a new game: the whole log is rewritten)."""
        with self._transaction():
            self.db.execute(
                "UPDATE tables SET seed = ?, seats = ?, restart_by = ?, active = ? WHERE code = ?",
                (record.seed, json.dumps(record.seats), record.restart_by, record.active, record.code))
            if first_new_action is None:
                return
            if first_new_action == 0:
                self.db.execute("DELETE FROM actions WHERE code = ?", (record.code,))
            self.db.executemany(
                "INSERT INTO actions VALUES (?, ?, ?)",
                [(record.code, n, json.dumps(record.actions[n]))
                 for n in range(first_new_action, len(record.actions))])

    def idle(self, before):
        """Codes of the tables whose last activity is older than `before`."""
        return [code for (code,) in self.db.execute(
            "SELECT code FROM tables WHERE active < ?", (before,))]

    def delete(self, codes):
        with self._transaction():
            self.db.executemany("DELETE FROM tables WHERE code = ?", [(code,) for code in codes])

    def _transaction(self):
        return _Transaction(self.db)


class _Transaction:
    # Explicit BEGIN/COMMIT (autocommit connection): one fsync-free WAL commit per change.
    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, traceback):
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        return False
