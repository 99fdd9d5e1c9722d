"""Every table of these tests is dealt from a fixed seed (`server.deals.Randomness`): a test
never depends on chance. (A random deal once ended a whole match in three moves, and a test
that assumed more failed on a fresh clone.) Servers started as processes get `--test-seed`."""

import pytest

import server.deals


@pytest.fixture(autouse=True)
def fixed_randomness(monkeypatch):
    monkeypatch.setattr(server.deals, "SYSTEM", server.deals.Randomness(seed=1))
