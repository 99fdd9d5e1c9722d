"""The tables' database: one server per file, ordered migrations, faults as one line, a
table that cannot be replayed set aside."""

import json
import os
import sqlite3

import pytest

from game.actions import Action
from game.match import Match
from game.rules import Rules
from server.migrations import VERSION
from server.room import Room
from server.store import Store, StoreError, Unreadable


@pytest.fixture
def path(tmp_path):
    return tmp_path / "tables.sqlite3"


def a_room(code="ABCDEF"):
    room, _ = Room.open(code, Rules.preset("short"), "easy", 0.0, 60.0)
    return room


def test_a_second_server_on_the_same_file_is_refused(path):
    first = Store(path)
    with pytest.raises(StoreError) as refused:
        Store(path)
    assert "another server (pid " + str(os.getpid()) + ")" in str(refused.value)
    assert "--db" in str(refused.value)
    first.close()
    Store(path).close()  # free again once the first one stopped


def test_a_record_round_trips_and_a_taken_code_is_not_overwritten(path):
    store = Store(path)
    room = a_room()
    assert store.insert(room.record)
    assert not store.insert(a_room().record)  # same code: nothing written
    assert store.load("ABCDEF") == room.record
    assert store.load("ZZZZZZ") is None
    store.close()


def old_database(path, tables):
    """A file as the first server wrote it (schema 1, user_version 0): a seed per table and a
    row per action."""
    db = sqlite3.connect(str(path))
    db.executescript("""
        CREATE TABLE tables (code TEXT PRIMARY KEY, rules TEXT NOT NULL, level TEXT NOT NULL,
            seed INTEGER NOT NULL, seats TEXT NOT NULL, restart_by INTEGER, created REAL NOT NULL,
            active REAL NOT NULL);
        CREATE TABLE actions (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
            n INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (code, n)) WITHOUT ROWID;""")
    for code, seed, actions in tables:
        seats = [{"key_hash": "a" * 64, "computer": False}, {"key_hash": "b" * 64, "computer": True}]
        db.execute("INSERT INTO tables VALUES (?, ?, 'medium', ?, ?, NULL, 1.0, 2.0)",
                   (code, json.dumps(Rules.preset("classic").to_dict()), seed, json.dumps(seats)))
        db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                       [(code, n, json.dumps(a)) for n, a in enumerate(actions)])
    db.commit()
    db.close()


def played(seed, count):
    """The first `count` actions of a match of this seed, every hand's (next_hand included)."""
    match = Match.new(seed)
    actions = []
    while len(actions) < count:
        action = match.legal_actions()[0]
        match.apply(action)
        actions.append(action.to_dict())
    return match, actions


def test_a_database_of_the_first_schema_is_migrated_and_a_broken_table_set_aside(path):
    match, actions = played(7, 60)
    broken = [{"kind": "pass"}, {"kind": "discard", "card": "AS"}]
    old_database(path, [("GOOD22", 7, actions), ("BAD333", 8, broken)])
    store = Store(path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    record = store.load("GOOD22")
    assert record.secret is None and record.level == "medium" and record.seats[1]["computer"]
    assert Match.from_dict(record.log).to_dict() == match.to_dict()  # the same match, replayed
    assert Room(record, 3.0, 60.0).match.sheet == match.sheet
    assert store.load("BAD333") is None and store.is_set_aside("BAD333") and store.exists("BAD333")
    reason = store.db.execute("SELECT reason FROM broken_tables").fetchone()[0]
    assert reason.startswith("its action log does not replay: action 1")
    store.close()
    assert Store(path).load("GOOD22") == record  # migrations run once


def test_a_newer_schema_is_refused(path):
    Store(path).close()
    db = sqlite3.connect(str(path))
    db.execute(f"PRAGMA user_version={VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer server"):
        Store(path)


def test_a_file_that_is_not_a_database_is_one_line(path):
    path.write_bytes(b"\0" * 4096)
    with pytest.raises(StoreError) as refused:
        Store(path)
    assert "cannot be used" in str(refused.value) and "\n" not in str(refused.value)


def test_a_write_that_cannot_get_the_lock_fails_at_once_and_changes_nothing(path):
    store = Store(path)
    room = a_room()
    store.insert(room.record)
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # an operator's shell, a backup
    changed = room.record
    changed.active = 99.0
    with pytest.raises(StoreError, match="locked"):
        store.save(changed)
    other.execute("ROLLBACK")
    assert store.load("ABCDEF").active == 0.0
    store.save(changed)
    assert store.load("ABCDEF").active == 99.0
    store.close()


def test_an_unreadable_row_is_told_and_can_be_set_aside(path):
    store = Store(path)
    store.insert(a_room().record)
    store.db.execute("UPDATE tables SET seats = 'not json'")
    with pytest.raises(Unreadable):
        store.load("ABCDEF")
    store.set_aside("ABCDEF", "its row is not JSON", 5.0)
    assert store.load("ABCDEF") is None and store.is_set_aside("ABCDEF")
    row = json.loads(store.db.execute("SELECT row FROM broken_tables").fetchone()[0])
    assert row["seats"] == "not json"  # kept whole for an operator
    store.close()


def test_the_log_stored_is_a_saved_match(path):
    store = Store(path)
    room = a_room()
    store.insert(room.record)
    room.join(1.0)
    room.connect(0, 1.0)
    room.connect(1, 1.0)
    room.act(room.match.current_player, Action("pass").to_dict(), 2.0)
    record = room.pending()
    store.save(record)
    room.committed(record)
    log = store.load("ABCDEF").log
    assert log["format"] == "gin-rummy-match" and log["actions"] == [{"kind": "pass"}]
    store.close()


def damaged(path, tables=40):
    """A database of `tables` tables whose code index has 64 bytes overwritten (weak 5: it
    started as healthy and then answered 503 to every join and every open)."""
    store = Store(path)
    for n in range(tables):
        store.insert(a_room("ABC" + "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[n % 32] + f"{n // 32 + 22:02d}").record)
    store.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_tables_1'").fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    with open(path, "r+b") as file:
        file.seek((page - 1) * size + size - 400)  # inside its cells
        file.write(bytes((n * 97 + 13) % 256 for n in range(64)))


def test_a_damaged_database_is_refused_at_start_in_one_line(path):
    damaged(path)
    with pytest.raises(StoreError) as refused:
        Store(path)
    message = str(refused.value)
    assert "is damaged" in message and ".recover" in message and "\n" not in message
    assert len(message) < 320 + 2 * len(str(path))  # the findings cut short
    Store(path.parent / "other.sqlite3").close()  # and the lock of the damaged one is let go
    with pytest.raises(StoreError, match="is damaged"):
        Store(path)
