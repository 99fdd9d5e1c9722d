"""Every table of these tests is dealt from a fixed seed (`server.deals.Randomness`): a test
never depends on chance. (A random deal once ended a whole match in three moves, and a test
that assumed more failed on a fresh clone.) Servers started as processes get `--test-seed`."""

import asyncio
import threading

import pytest

import server.deals
from tests.server.helpers import FakeTime, registry


@pytest.fixture(autouse=True)
def fixed_randomness(monkeypatch):
    monkeypatch.setattr(server.deals, "SYSTEM", server.deals.Randomness(seed=1))


@pytest.fixture
def clock():
    """The server's clock on fake time (tests.server.helpers.FakeTime)."""
    return FakeTime()


@pytest.fixture
def loop():
    """A loop on a thread of its own: the browser tests' Playwright keeps a loop marked running
    on the main thread for the whole session, and a second loop cannot run there."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


@pytest.fixture
def tables(tmp_path, clock, loop):
    """A registry of tables on fake time, its coroutines run to their end (helpers.Sync)."""
    tables = registry(tmp_path / "tables.sqlite3", clock, loop)
    yield tables
    tables.storage.close()
