"""The daily deal: a date's seed, its record of tries, and the result line in three languages."""

import datetime
from pathlib import Path

import pytest

from game.match import Match
from game.rules import Rules
from game.web.play.state import Ui
from game.web.progress import daily, stats
from game.web.progress.dailydialog import date_text, render_daily, share_line, signed
from game.web.words import i18n
from generator.gamecatalog import catalog_data


def new_ui():
    """The page's state with the records `progress.load` reads from the storage (none yet)."""
    ui = Ui()
    ui.stats, ui.daily_record = stats.empty(), daily.empty()
    return ui

ROOT = Path(__file__).resolve().parents[3]


def catalog_for(lang):
    return i18n.Catalog(catalog_data(ROOT / "locales" / lang / "LC_MESSAGES" / "game.po", lang))


@pytest.fixture(autouse=True)
def english():
    i18n.install(i18n.Catalog(None))


def test_days_match_the_calendar_of_datetime():
    start = datetime.date(1999, 12, 25)
    for offset in range(0, 200000, 37):
        day = start + datetime.timedelta(days=offset)
        days = daily.days_from_civil(day.year, day.month, day.day)
        assert days == (day - datetime.date(1970, 1, 1)).days
        assert daily.civil_from_days(days) == (day.year, day.month, day.day)


def test_one_seed_a_day_above_every_random_seed():
    seeds = [daily.seed_of((2026, 12, d)) for d in range(1, 32)] + [daily.seed_of((2027, 1, 1))]
    assert len(set(seeds)) == len(seeds)
    assert seeds == sorted(seeds) and seeds[1] - seeds[0] == 1
    assert min(seeds) > 2147483647  # a new game draws below 2**31
    assert daily.seed_of((2026, 12, 1)) == daily.seed_of((2026, 12, 1))
    for seed, date in zip(seeds, [(2026, 12, d) for d in range(1, 32)] + [(2027, 1, 1)], strict=True):
        assert daily.date_of(seed) == date
    assert daily.date_of(12345) is None and daily.date_of(daily.BASE - 1) is None


def test_the_same_seed_deals_the_same_cards():
    seed = daily.seed_of((2026, 12, 1))
    one, two = Match.new(seed, Rules.preset("short")), Match.new(seed, Rules.preset("short"))
    assert one.view(0).hand == two.view(0).hand
    assert one.view(0).hand != Match.new(daily.seed_of((2026, 12, 2)), Rules.preset("short")).view(0).hand


@pytest.mark.parametrize("date", [(2026, 2, 29), (2026, 13, 1), (2026, 4, 31), (1999, 12, 31), (2026, 1, 0)])
def test_a_date_that_does_not_exist_has_no_seed(date):
    with pytest.raises(ValueError):
        daily.seed_of(date)


def test_only_the_short_preset_is_the_daily_deal():
    seed = daily.seed_of((2026, 12, 1))
    assert daily.is_daily(seed, "short") == (2026, 12, 1)
    assert daily.is_daily(seed, "classic") is None
    assert daily.is_daily(77, "short") is None


def test_date_keys_sort_in_date_order_and_read_back():
    assert daily.date_key((2026, 3, 9)) == "2026-03-09"
    assert daily.date_of_key("2026-03-09") == (2026, 3, 9)
    for bad in ("2026-3-9", "2026-02-30", "tomorrow", 20260309):
        assert daily.date_of_key(bad) is None


DAY = (2026, 12, 1)


def test_a_first_finished_try_is_the_result_and_a_second_one_a_replay():
    record = daily.start_try(daily.empty(), DAY)
    daily.finish(record, DAY, False, 1, -12)
    entry = daily.day_of(record, DAY)
    assert share_line(DAY, entry) == "Gin Rummy daily, Dec 1: I won 1 hand but lost the match, with a net score of −12."
    daily.start_try(record, DAY)
    assert share_line(DAY, daily.day_of(record, DAY)) == share_line(DAY, entry)  # a try in progress says nothing new
    daily.finish(record, DAY, True, 2, 41)
    assert share_line(DAY, daily.day_of(record, DAY)) == (
        "Gin Rummy daily, Dec 1: I won 2 hands and the match, with a net score of +41. Replay: my first try's net "
        "score was −12.")


def test_the_line_says_the_hints_used_and_an_older_record_has_none():
    record = daily.finish(daily.start_try(daily.empty(), DAY), DAY, True, 2, 41, hints=3)
    assert share_line(DAY, daily.day_of(record, DAY)) == (
        "Gin Rummy daily, Dec 1: I won 2 hands and the match, with a net score of +41. I used 3 hints.")
    assert daily.from_dict(daily.to_dict(record)) == record
    older = {"format": "gin-rummy-daily", "version": 1, "days": {"2026-12-01": {
        "tries": 1, "first": None, "last": {"won": True, "hands": 2, "net": 41, "try": 1}}}}
    assert share_line(DAY, daily.day_of(daily.from_dict(older), DAY)).endswith("the match, with a net score of +41.")
    for hints in (-1, "2", 1.5):
        older["days"]["2026-12-01"]["last"]["hints"] = hints
        with pytest.raises(ValueError):
            daily.from_dict(older)


def test_a_first_try_left_unfinished_makes_the_next_result_a_replay():
    record = daily.start_try(daily.empty(), DAY)
    assert share_line(DAY, daily.day_of(record, DAY)) is None
    daily.start_try(record, DAY)
    daily.finish(record, DAY, True, 3, 50)
    assert share_line(DAY, daily.day_of(record, DAY)).endswith("Replay: I did not finish my first try.")


def test_the_record_keeps_the_latest_days_and_reads_back():
    record = daily.empty()
    for offset in range(daily.KEPT + 5):
        date = daily.date_of(daily.seed_of((2026, 1, 1)) + offset)
        daily.start_try(record, date)
    assert len(record["days"]) == daily.KEPT
    assert "2026-01-01" not in record["days"]
    assert daily.from_dict(daily.to_dict(record)) == record
    for bad in ([], {"format": "gin-rummy-daily", "version": 1, "days": {"soon": {"tries": 1}}},
                {"format": "gin-rummy-daily", "version": 1,
                 "days": {"2026-12-01": {"tries": 1, "first": {"won": "yes", "hands": 1, "net": 3}}}}):
        with pytest.raises(ValueError):
            daily.from_dict(bad)


def test_signed_points_use_a_true_minus():
    assert (signed(41), signed(-22), signed(0)) == ("+41", "−22", "0")


@pytest.mark.parametrize("lang, first, other, line", [
    ("fr", "1er déc.", "24 déc.",
     "Gin rami, partie du 1er déc.\u00a0: j’ai gagné 2 manches et la partie (écart de points\u00a0: +41)."),
    ("vi", "1/12", "24/12", "Gin Rummy – thử thách ngày 1/12: tôi thắng 2 ván và thắng trận, cách biệt +41 điểm."),
])
def test_dates_and_the_line_in_french_and_vietnamese(lang, first, other, line):
    i18n.install(catalog_for(lang))
    assert date_text((2026, 12, 1)) == first
    assert date_text((2026, 12, 24)) == other
    record = daily.finish(daily.start_try(daily.empty(), DAY), DAY, True, 2, 41)
    assert share_line(DAY, daily.day_of(record, DAY)) == line


def test_the_dialog_offers_to_play_then_shows_the_line_to_copy():
    ui = new_ui()
    ui.today = DAY
    ui.dialog = {"kind": "daily"}
    title, body = render_daily(None, ui)
    assert title == "Daily deal" and 'data-act="play_daily"' in body and "copy_daily" not in body
    daily.finish(daily.start_try(ui.daily_record, DAY), DAY, True, 2, 41)
    _title, body = render_daily(None, ui)
    assert "I won 2 hands and the match, with a net score of +41." in body and 'data-act="copy_daily"' in body
    assert "replay" in body  # playing again is offered, and says what it will be


def test_one_main_button_and_no_button_twice():
    ui = new_ui()
    ui.today = DAY
    ui.dialog = {"kind": "daily"}
    for step in ("fresh", "on the table", "finished"):
        if step == "on the table":
            ui.daily = DAY
            daily.start_try(ui.daily_record, DAY)
        if step == "finished":
            ui.daily = None
            daily.finish(ui.daily_record, DAY, True, 2, 41)
        table = Match.new(daily.seed_of(DAY), Rules.preset("short")).view(0) if step == "on the table" else None
        _title, body = render_daily(table, ui)
        assert body.count("g-primary") == 1, step
        assert ("Back to the table" in body) == (step == "on the table")
        keys = [part.split('"')[0] for part in body.split('data-key="')[1:]]
        assert len(keys) == len(set(keys)), step
