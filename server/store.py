"""SQLite storage that loses nothing and fails safe: one row per table, written whole.

A table's row holds its seats, the new-game offer, the deal secret and the table's log
(`game.table.Table.to_log()`: rules, the score sheet and this hand's actions, as a saved match
in the page), so every committed write is a whole, replayable table: a failed write leaves the
previous one, never a log with a hole. WAL journal with synchronous=NORMAL: a commit is in the
WAL file when it returns, so `kill -9` loses nothing (a power cut may lose the last ones).

Every call here is blocking: the server makes them on its storage thread (`server.storage`),
never on the event loop. Faults raise StoreError with one readable line; a second server on the
same file is refused at open (an exclusive lock beside it), and the schema is migrated in
order by `PRAGMA user_version`.
"""

import fcntl
import json
import os
import sqlite3
from dataclasses import dataclass, field

import orjson

from server.migrations import MIGRATIONS, VERSION

CHECK_WHOLE = 64 * 2**20  # bytes of database checked whole at start (integrity_check); past it, quick_check
BUSY_TIMEOUT_MS = 250  # a lock held elsewhere (a backup, a sqlite3 shell) fails a write this fast


class StoreError(Exception):
    """A storage fault, as one line for the log or the terminal."""


@dataclass
class Record:
    """A stored table, as the room rebuilds it."""

    code: str
    level: str  # the computer level that takes over a seat
    seats: list  # [{"key_hash": str or None, "computer": bool}, x2]
    restart_by: int | None  # the seat that offered a new game
    created: float
    active: float  # last activity, seconds since the epoch
    log: dict  # Table.to_log()
    secret: str | None  # hex of the deal secret (None: the log's seed deals, before version 2)
    # Per seat taken over by the computer: {"moves", "hands"} it played there (told on return).
    away: list = field(default_factory=lambda: [None, None])


_COLUMNS = "code, level, seats, restart_by, created, active, log, secret, away"


class Store:
    def __init__(self, path):
        self.path = str(path)
        self._lock = _take_lock(self.path + ".lock")
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                                      timeout=BUSY_TIMEOUT_MS / 1000)
            self.db.execute("PRAGMA busy_timeout=" + str(BUSY_TIMEOUT_MS))
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
            with self._transaction():  # a file this process can read but not write fails now
                pass
            self._check()
        except sqlite3.Error as exc:
            self._lock.close()
            raise StoreError(f"the database {self.path} cannot be used: {exc}") from None
        except StoreError:
            self._lock.close()
            raise

    def _check(self):
        """Refuse to serve a damaged file (it started as healthy, then answered `storage` to
        every join and open): SQLite's integrity check, or its quicker structural check past
        CHECK_WHOLE bytes (a few seconds a gigabyte). The server stops with one line, and the
        operator keeps the file to recover its tables: serving a new file instead would hide
        them from every player who holds a key."""
        size = os.path.getsize(self.path) if os.path.exists(self.path) else 0
        pragma = "integrity_check" if size <= CHECK_WHOLE else "quick_check"
        try:
            rows = self.db.execute(f"PRAGMA {pragma}(5)").fetchall()
        except sqlite3.DatabaseError as exc:
            rows = [(str(exc),)]
        if rows != [("ok",)]:
            found = "; ".join(" ".join(str(row[0]).split()) for row in rows)
            raise StoreError(f"the database {self.path} is damaged ({pragma}: {found[:160]}); "
                             f"keep it, and recover its tables into a new file: sqlite3 {self.path}"
                             f" .recover | sqlite3 recovered.sqlite3")

    def close(self):
        self.db.close()
        self._lock.close()

    def _migrate(self):
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise StoreError(f"the database {self.path} was written by a newer server "
                             f"(schema {version}, this one knows {VERSION}): upgrade this server")
        for number in range(version + 1, VERSION + 1):
            with self._transaction():
                MIGRATIONS[number](self.db)
                self.db.execute(f"PRAGMA user_version={number}")

    # --- tables ----------------------------------------------------------------------------------

    def insert(self, record):
        """Store a new table; False (nothing written) when its code is taken already."""
        try:
            with self._transaction():
                self.db.execute(f"INSERT INTO tables ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                _row(record))
        except sqlite3.IntegrityError:
            return False
        return True

    def save(self, record):
        """Write the table whole (its row holds everything: nothing else to keep in step)."""
        self.save_all([record])

    def save_all(self, records):
        """Write these tables whole, in one transaction: all of them, or none."""
        rows = [_row(record) for record in records]
        with self._transaction():
            self.db.executemany("UPDATE tables SET level = ?, seats = ?, restart_by = ?, created = ?,"
                                " active = ?, log = ?, secret = ?, away = ? WHERE code = ?",
                                [row[1:] + (row[0],) for row in rows])

    def load(self, code):
        """The stored table, or None; a row that cannot be read raises Unreadable."""
        try:
            row = self.db.execute(f"SELECT {_COLUMNS} FROM tables WHERE code = ?", (code,)).fetchone()
        except sqlite3.Error as exc:
            raise StoreError(f"table {code} could not be read: {exc}") from None
        if row is None:
            return None
        try:
            seats, log, away = json.loads(row[2]), orjson.loads(row[6]), json.loads(row[8])
        except ValueError as exc:
            raise Unreadable(f"its row is not JSON ({exc})") from None
        if not (isinstance(seats, list) and len(seats) == 2 and all(isinstance(s, dict) for s in seats)):
            raise Unreadable("its seats are not two objects")
        if not (isinstance(away, list) and len(away) == 2):
            raise Unreadable("its away record is not two entries")
        return Record(row[0], row[1], seats, row[3], row[4], row[5], log, row[7], away)

    def set_aside(self, code, reason, now):
        """Move a table that cannot be replayed out of play, whole, for an operator to look at
        (`broken_tables`: its row as JSON and the reason); its code is never opened again."""
        with self._transaction():
            cursor = self.db.execute("SELECT * FROM tables WHERE code = ?", (code,))
            names = [column[0] for column in cursor.description]
            row = cursor.fetchone()
            if row is not None:
                self.db.execute("INSERT OR REPLACE INTO broken_tables VALUES (?, ?, ?, ?)",
                                (code, json.dumps(dict(zip(names, row, strict=True))), reason, now))
            self.db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def is_set_aside(self, code):
        return self.db.execute("SELECT 1 FROM broken_tables WHERE code = ?", (code,)).fetchone() is not None

    def exists(self, code):
        return self.db.execute("SELECT 1 FROM tables WHERE code = ? UNION ALL SELECT 1 FROM"
                               " broken_tables WHERE code = ?", (code, code)).fetchone() is not None

    def idle(self, before, limit):
        """Codes of at most `limit` tables whose last activity is older than `before`, the
        idlest first."""
        return [code for (code,) in self.db.execute(
            "SELECT code FROM tables WHERE active < ? ORDER BY active LIMIT ?", (before, limit))]

    def newest_activity(self):
        """The last activity of the table used last (None: no table)."""
        return self.db.execute("SELECT max(active) FROM tables").fetchone()[0]

    def shift_activity(self, step, upto):
        """Move by `step` seconds the activity of every table active at or before `upto` (the
        server's time followed a step of the system clock: server.clock)."""
        with self._transaction():
            self.db.execute("UPDATE tables SET active = active + ?, created = created + ?"
                            " WHERE active <= ?", (step, step, upto))

    def delete(self, codes):
        with self._transaction():
            self.db.executemany("DELETE FROM tables WHERE code = ?", [(code,) for code in codes])

    def _transaction(self):
        return _Transaction(self.db, self.path)


class Unreadable(Exception):
    """A stored table whose row cannot be turned back into a table: the reason."""


def _row(record):
    return (record.code, record.level, json.dumps(record.seats), record.restart_by, record.created,
            record.active, orjson.dumps(record.log).decode(), record.secret,
            json.dumps(record.away))


class _Transaction:
    # Explicit BEGIN/COMMIT (autocommit connection): one fsync-free WAL commit per write; any
    # SQLite fault rolls back and becomes one StoreError line.
    def __init__(self, db, path):
        self.db = db
        self.path = path

    def __enter__(self):
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreError(str(exc)) from None

    def __exit__(self, kind, value, traceback):
        if kind is None:
            try:
                self.db.execute("COMMIT")
                return False
            except sqlite3.Error as exc:
                value = exc
        try:
            self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the failed statement may have ended the transaction already
        if isinstance(value, sqlite3.IntegrityError):
            return False  # the caller's to handle (a code taken)
        if isinstance(value, sqlite3.Error):
            raise StoreError(str(value)) from None
        return False


def _take_lock(path):
    """An exclusive lock beside the database, held while this server runs: a second server on
    the same file would keep its own copy of each table and erase the other's moves."""
    try:
        handle = open(path, "a+")
    except OSError as exc:
        raise StoreError(f"cannot create the lock file {path}: {exc.strerror}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise StoreError(f"another server (pid {holder}) is using this database; stop it, or give "
                         f"this one its own --db (the lock is {path})") from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle
