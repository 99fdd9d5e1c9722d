"""Statistics and the daily deal in the page, in English, French and Vietnamese: a daily match
finished, its result line copied, the statistics kept across reloads, corrupt storage that
never breaks the page, export and import."""

import json

import pytest

from game.actions import NEXT_HAND, Action
from game.ai import make_player
from game.match import Match
from game.rules import Rules
from game.web.progress import daily
from game.web.progress import stats as S
from game.web.progress.dailydialog import share_line
from tests.browser.conftest import LANGS, before_worker
from tests.browser.test_game import axe_problems, catalog, open_game, state, wait_idle

pytestmark = pytest.mark.browser

TODAY = (2026, 12, 1)
# The page's clock starts on TODAY at 10:00 and runs. Only Date is set: Playwright's
# clock.set_fixed_time also stops the time the page's scripts measure, and each page load then
# waited about 6 s for its timers' fallbacks (a third of this file's time).
CLOCK = """(() => {
  const Real = Date, start = Real.now(), at = new Real(2026, 11, 1, 10, 0, 0).getTime();
  class Today extends Real {
    constructor(...args) { if (args.length) { super(...args); } else { super(Today.now()); } }
    static now() { return at + (Real.now() - start); }
  }
  globalThis.Date = Today;
})();"""


def on_today(page):
    """The page and its game's worker both on TODAY's clock."""
    page.add_init_script(CLOCK)
    before_worker(page, CLOCK)


def finished_by_the_person(date):
    """(actions, match) of a daily match played by two Hard players whose last move is seat 0's
    gin: the page is given the match before that move, and the person makes it."""
    seed = daily.seed_of(date)
    match = Match.new(seed, Rules.preset(daily.PRESET))
    players = [make_player("hard", seed + 1), make_player("hard", seed)]
    actions = []
    while match.phase != "match_over":
        seat = match.current_player
        action = Action(NEXT_HAND) if seat is None else players[seat].choose(match.view(seat))
        actions.append((seat, action))
        match.apply(action)
    return actions, match


def near_the_end(date):
    """A saved daily match (the page's `ginrummy.save.cpu`) one gin of the person before its end,
    the card to discard, and the match as it ends."""
    actions, final = finished_by_the_person(date)
    seat, last = actions[-1]
    assert seat == 0 and last.kind == "gin", "choose a date whose daily match ends on the person's gin"
    match = Match.new(daily.seed_of(date), Rules.preset(daily.PRESET))
    for _seat, action in actions[:-1]:
        match.apply(action)
    return json.dumps({"match": match.to_dict()}), last.card, final


def stored(page, key):
    raw = page.evaluate("k => localStorage.getItem(k)", key)
    return json.loads(raw) if raw else None


def open_dialog(page, act):
    page.click('#game [data-act="menu"]')
    page.click('#game [data-act="' + act + '"]')
    page.wait_for_selector("#game .g-dialog-" + act)


def reload(page):
    """Open the page again without its address's #seed= (which would offer that deal instead)."""
    page.goto(page.url.split("#")[0])
    page.wait_for_selector("#game[data-ready=true]")
    wait_idle(page)


@pytest.mark.parametrize("lang", ["vi"])  # behaviour: one language (conftest.py)
def test_a_daily_match_finished_gives_its_line_and_counts_in_the_statistics(context, page, base_url, lang, site):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    on_today(page)
    save, card, final = near_the_end(TODAY)
    open_game(page, base_url, lang)
    catalog(site, page)
    page.evaluate("s => localStorage.setItem('ginrummy.save.cpu', s)", save)
    page.evaluate("localStorage.setItem('ginrummy.prefs', JSON.stringify({hints: true}))")
    reload(page)
    assert state(page)["seed"] == str(daily.seed_of(TODAY))
    assert page.locator("#game .g-daily-tag").count() == 1
    # The person asks for a hint (the line to share will say so), then goes gin with the card
    # the Hard player chose, and the daily match is over.
    page.click('#game [data-act="hint"]')
    page.wait_for_selector("#game .g-hint")
    page.click('#game .g-hand [data-card="' + str(card.index) + '"]')
    page.click('#game [data-act="gin"]')
    page.click('#game [data-act="confirm_knock"]')
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'match_over'")
    me, them = final.totals[0]["total"], final.totals[1]["total"]
    entry = {"tries": 1, "first": None, "last": {"won": True, "hands": final.hands_won[0], "net": me - them, "try": 1,
                                                 "hints": 1}}
    line = share_line(TODAY, entry)
    assert line != share_line(TODAY, dict(entry, last=dict(entry["last"], hints=0)))  # it says the hint
    assert page.inner_text("#game .g-daily-end .g-share") == line
    page.click('#game .g-daily-end [data-act="copy_daily"]')
    said = "Result copied: paste it into a message to your friends."
    page.wait_for_function("t => document.querySelector('#game .g-live').textContent === t",
                           arg=catalog(site, page)["messages"].get(said, said))
    # The copied line carries the link to the daily deal (this page, opening its dialog).
    assert page.evaluate("navigator.clipboard.readText()") == line + " " + page.url.split("#")[0] + "#daily"
    # The statistics counted the match and the hand played in the page (the earlier hands came
    # with the save) under Hard and the short game.
    record = stored(page, "ginrummy.stats")["records"]["hard/short"]
    assert record["games"] == 1 and record["wins"] == 1 and record["best_streak"] == 1
    assert record["hands"] == 1 and record["hands_won"] == 1 and record["gins"] == 1
    assert record["points"] == final.sheet[-1]["points"]
    # They survive a reload, and the dialog shows them with the chart of one match.
    reload(page)
    assert stored(page, "ginrummy.stats")["records"]["hard/short"] == record
    open_dialog(page, "stats")
    assert page.locator("#game .g-dialog svg.g-chart rect.g-chart-win").count() == 1
    figures = page.eval_on_selector_all("#game .g-figures dd", "els => els.map(e => e.textContent)")
    assert figures[:2] == ["1", "1"]  # games, wins
    page.click('#game [data-act="cancel"]')
    # The daily deal's dialog shows the line again; playing again makes the next line a replay.
    open_dialog(page, "daily")
    assert page.inner_text("#game .g-dialog .g-share") == line
    page.click('#game [data-act="play_daily"]')
    page.wait_for_function("s => document.querySelector('#game').dataset.seed === s", arg=str(daily.seed_of(TODAY)))
    wait_idle(page)
    assert stored(page, "ginrummy.daily")["days"]["2026-12-01"]["tries"] == 2
    assert page.console.problems() == []


BAD_STATS = ["{not json", json.dumps([1, 2]), json.dumps({"format": "gin-rummy-stats", "version": 99, "records": {}}),
             json.dumps({"format": "gin-rummy-stats", "version": 1, "records": {"hard/classic": {"games": -3}}})]


@pytest.mark.parametrize("lang", ["vi"])  # behaviour: one language (conftest.py)
def test_export_then_a_bad_import_changes_nothing_and_a_good_one_replaces(page, base_url, lang, site):
    mine = S.empty()
    for won in (True, False, True):
        S.record_match(mine, "medium/classic", won, 30 if won else -12)
    theirs = S.empty()
    S.record_match(theirs, "easy/oklahoma", True, 77)
    open_game(page, base_url, lang)
    data = catalog(site, page)
    page.evaluate("s => localStorage.setItem('ginrummy.stats', s)", json.dumps(S.to_dict(mine)))
    reload(page)
    open_dialog(page, "stats")
    with page.expect_download() as download:
        page.click('#game [data-act="export_stats"]')
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert S.from_dict(exported) == mine
    assert download.value.suggested_filename.startswith("gin-rummy-statistics-")
    words = {said: data["messages"].get(said, said) for said in (
        "This file is not a statistics file of this game: nothing was changed.",
        "This statistics file is damaged (the value at {field} is wrong): nothing was changed.")}
    refusal = words["This file is not a statistics file of this game: nothing was changed."]
    damaged = words["This statistics file is damaged (the value at {field} is wrong): nothing was changed."]
    bad = S.to_dict(theirs)
    bad["records"]["easy/oklahoma"]["wins"] = 5
    for payload, problem in ((b"{oops", refusal), (json.dumps({"a": 1}).encode(), refusal),
                             (json.dumps(bad).encode(), damaged.replace("{field}", "records › easy/oklahoma"))):
        page.set_input_files('#game [data-act="import_stats"]',
                             files=[{"name": "stats.json", "mimeType": "application/json", "buffer": payload}])
        # The problem of this file (the last file's stays until this one is read).
        page.wait_for_function("t => (document.querySelector('#game .g-dialog .g-problem') || {}).innerText === t",
                               arg=problem)
        wait_idle(page)
        assert S.from_dict(stored(page, "ginrummy.stats")) == mine
    page.set_input_files('#game [data-act="import_stats"]',
                         files=[{"name": "stats.json", "mimeType": "application/json",
                                 "buffer": json.dumps(S.to_dict(theirs)).encode()}])
    page.wait_for_selector("#game .g-dialog .g-done")
    assert S.from_dict(stored(page, "ginrummy.stats")) == theirs
    assert page.locator("#game .g-dialog .g-stat h3").count() == 2  # the chart and one record
    assert page.console.problems() == []


@pytest.mark.parametrize("width", [360, 1280])
def test_accessibility_audit_of_the_statistics_and_the_daily_deal(page, base_url, width):
    """axe finds nothing in the statistics dialog with a chart, the daily deal's dialog with a
    result line and the end of a daily match, in every language."""
    page.set_viewport_size({"width": width, "height": 800})
    on_today(page)
    mine = S.empty()
    for won, key in ((True, "hard/classic"), (False, "medium/short"), (True, "hard/classic")):
        S.record_hand(mine, key, {"won": won, "gin": won, "undercut_given": False, "undercut_suffered": False,
                                  "points": 30 if won else -8})
        S.record_match(mine, key, won, 30 if won else -8)
    record = daily.finish(daily.start_try(daily.empty(), TODAY), TODAY, True, 2, 41)
    save, card, _final = near_the_end(TODAY)
    problems = []

    def audit(where):
        problems.extend(axe_problems(page, where))

    for lang in LANGS:
        open_game(page, base_url, lang)
        page.evaluate("([s, d]) => { localStorage.setItem('ginrummy.stats', s); localStorage.setItem('ginrummy.daily', d); }",
                      [json.dumps(S.to_dict(mine)), json.dumps(daily.to_dict(record))])
        reload(page)
        open_dialog(page, "stats")
        audit(lang + " statistics")
        page.click('#game [data-act="cancel"]')
        open_dialog(page, "daily")
        audit(lang + " daily deal")
        page.click('#game .g-dialog [data-act="cancel"]')
    page.evaluate("s => { localStorage.setItem('ginrummy.save.cpu', s); localStorage.removeItem('ginrummy.daily'); }", save)
    reload(page)
    page.click('#game .g-hand [data-card="' + str(card.index) + '"]')
    page.click('#game [data-act="gin"]')
    page.click('#game [data-act="confirm_knock"]')
    page.wait_for_selector("#game .g-daily-end")
    audit("end of the daily match")
    assert problems == [], "\n".join(problems)
