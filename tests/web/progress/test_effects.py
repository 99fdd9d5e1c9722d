"""The statistics and the daily deal in the worker (tests/web/app/fakes.py): a hand and a match
counted, a daily match set aside and brought back, the daily result copied by the page, the
statistics exported as a download and imported from a file's text, a corrupt record that
never breaks the page."""

import json

from game.actions import NEXT_HAND, Action
from game.ai import make_player
from game.match import Match
from game.rules import Rules
from game.web.progress import daily
from game.web.progress import stats as S
from game.web.words import i18n
from tests.web.app.fakes import FakeHost, Page
from tests.web.app.test_session import play

TODAY = (2026, 12, 1)


def setup_function():
    i18n.install(i18n.Catalog(None))


def near_the_end(date):
    """(save, card, final): a daily match played by two Hard players to seat 0's last move,
    that move's card and the match once it is made (the page is given the save)."""
    seed = daily.seed_of(date)
    match = Match.new(seed, Rules.preset(daily.PRESET))
    players = [make_player("hard", seed + 1), make_player("hard", seed)]
    while True:
        seat = match.current_player
        if seat is None:
            match.apply(Action(NEXT_HAND))
            continue
        action = players[seat].choose(match.view(seat))
        before = match.to_dict()
        match.apply(action)
        if match.phase == "match_over":
            return {"match": before, "order": {}}, action, match
        if seat == 1 and match.phase == "match_over":
            break


def test_a_match_played_here_counts_its_hands_in_the_statistics():
    page = Page(hash="#seed=4242")
    for _ in range(300):
        if page.view().phase in ("hand_over", "match_over"):
            break
        play(page, 1)
    record = json.loads(page.shim.storage["ginrummy.stats"])["records"]["medium/classic"]
    assert record["hands"] == 1


def test_a_daily_match_finished_gives_its_line_and_counts():
    save, action, final = near_the_end(TODAY)
    host = FakeHost(today=TODAY)
    page = Page(storage={"ginrummy.prefs": json.dumps({"hints": True}), "ginrummy.save.cpu": json.dumps(save)},
                host=host)
    assert page.app.ui.daily == TODAY and "g-daily-tag" in page.shim.html
    if action.card is not None:
        page.click("card", card=action.card.index)
    page.click(action.kind)
    if page.app.ui.dialog:
        page.click("confirm_knock")
    assert page.view().phase == "match_over"
    entry = json.loads(page.shim.storage["ginrummy.daily"])["days"]["2026-12-01"]
    assert entry["last"]["won"] == (final.totals[0]["total"] > final.totals[1]["total"])
    # The page copies the line in the click (the button holds it, with the daily deal's link).
    assert 'data-copy="Gin Rummy daily' in page.shim.html and "https://gin.example/en/#daily" in page.shim.html
    page.click("copy_daily", copied=True)
    assert page.shim.live == "Result copied: paste it into a message to your friends."
    record = json.loads(page.shim.storage["ginrummy.stats"])["records"]["hard/short"]
    assert record["games"] == 1


def test_the_daily_deal_keeps_the_match_in_progress_and_gives_it_back():
    page = Page(hash="#seed=321", host=FakeHost(today=TODAY))
    play(page, 1)
    before = json.loads(page.shim.storage["ginrummy.save.cpu"])
    page.click("daily")
    assert "Your match in progress is kept" in page.shim.text()
    page.click("play_daily")
    assert page.attrs["data-seed"] == str(daily.seed_of(TODAY)) and "ginrummy.aside" in page.shim.storage
    page.click("menu")
    page.click("back_to_match")
    assert page.attrs["data-seed"] == "321" and "ginrummy.aside" not in page.shim.storage
    after = json.loads(page.shim.storage["ginrummy.save.cpu"])
    assert after["match"]["actions"][:len(before["match"]["actions"])] == before["match"]["actions"]


def test_a_match_set_aside_that_was_tampered_with_is_dropped():
    page = Page(hash="#seed=321", host=FakeHost(today=TODAY))
    play(page, 1)
    page.click("daily")
    page.click("play_daily")
    daily_seed = page.attrs["data-seed"]
    page.shim.storage["ginrummy.aside"] = '["not a match"]'
    page.send({"type": "storage", "key": "ginrummy.aside", "value": '["not a match"]'})
    page.click("menu")
    page.click("back_to_match")
    assert "ginrummy.aside" not in page.shim.storage and page.attrs["data-seed"] == daily_seed


def test_corrupt_statistics_never_break_the_page_and_are_replaced():
    page = Page(storage={"ginrummy.prefs": "{}", "ginrummy.stats": "{oops", "ginrummy.daily": "[1]"},
                hash="#seed=4242")
    page.click("stats")
    assert page.app.ui.stats_problem and page.app.ui.dialog["kind"] == "stats"
    page.click("cancel")
    page.click("daily")
    assert page.app.ui.dialog["kind"] == "daily"


def test_export_is_a_download_and_an_import_replaces_only_valid_statistics():
    mine = S.empty()
    S.record_match(mine, "hard/classic", True, 30)
    page = Page(storage={"ginrummy.prefs": "{}", "ginrummy.stats": json.dumps(S.to_dict(mine))}, hash="#seed=4242")
    page.click("stats")
    page.click("export_stats")
    download = page.shim.downloads[-1]
    assert download["name"] == "gin-rummy-statistics-2026-12-07.json" and download["type"] == "application/json"
    assert S.from_dict(json.loads(download["text"])) == mine
    page.change("import_stats", "not json")
    assert page.app.ui.dialog["problem"] and S.from_dict(json.loads(page.shim.storage["ginrummy.stats"])) == mine
    theirs = S.empty()
    S.record_match(theirs, "easy/short", False, -9)
    page.change("import_stats", json.dumps(S.to_dict(theirs)))
    assert page.app.ui.dialog["message"] == "Statistics imported."
    assert S.from_dict(json.loads(page.shim.storage["ginrummy.stats"])) == theirs
    page.click("reset_stats")
    page.click("confirm_reset_stats")
    assert S.from_dict(json.loads(page.shim.storage["ginrummy.stats"])) == S.empty()
