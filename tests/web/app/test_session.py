"""What the game keeps in the browser, as the worker keeps it (tests/web/app/fakes.py: the shim's
storage, written frame by frame): the save after every move, a reload that restores it, a save
or preferences that cannot be read, a browser that will not store, two tabs on one save."""

import json

from game.match import Match
from game.web.words import i18n
from tests.web.app.fakes import Page

UNSAVED = ("Your progress is not being saved: this browser will not store it (its storage may be "
           "full, or blocked for this site). You can play on, but closing or reloading this page "
           "will lose the match.")
ELSEWHERE = "This match went on in another tab, so this tab now shows it as it stands there."


def setup_function():
    i18n.install(i18n.Catalog(None))


def saved(page, mode="cpu"):
    return Match.from_dict(json.loads(page.shim.storage["ginrummy.save." + mode])["match"])


def play(page, moves):
    """The person's plain moves (pass, draw, discard the card drawn), `moves` of them."""
    for _ in range(moves):
        view = page.view()
        kinds = [a.kind for a in view.legal_actions]
        if "pass" in kinds:
            page.click("pass")
        elif "draw_stock" in kinds:
            page.click("draw_stock")
        elif "next_hand" in kinds:
            page.click("next_hand")
        else:
            discard = next(a for a in view.legal_actions if a.kind == "discard")
            page.click("card", card=discard.card.index)
            page.click("discard")


def position(page):
    """The View on screen, but the events it brought (each view brings those since the last)."""
    return {k: v for k, v in page.view().to_dict().items() if k != "events"}


def reload(page):
    """The same browser opens the page again: a new worker, what the storage holds."""
    return Page(storage=page.shim.storage, hash=page.shim.hash)


def test_every_move_is_saved_and_a_reload_restores_the_same_position():
    page = Page(hash="#seed=4242")
    play(page, 3)
    match = saved(page)
    assert match.seed == 4242 and match.actions == page.app.table.match.actions
    again = reload(page)
    assert position(again) == position(page) and again.shim.hand() and not again.shim.kept_first
    assert again.attrs["data-seed"] == "4242"


def test_a_save_that_cannot_be_read_gives_a_notice_and_a_fresh_game():
    page = Page(storage={"ginrummy.prefs": "{}", "ginrummy.save.cpu": '{"match": {"seed": "x"}}'})
    assert "could not be restored" in page.shim.text()
    assert page.host.warnings and "not restored" in page.host.warnings[0]
    assert json.loads(page.shim.storage["ginrummy.save.cpu"])["match"]["seed"] != "x"  # replaced


def test_preferences_that_cannot_be_read_are_reset_and_said():
    page = Page(storage={"ginrummy.prefs": "{not json"})
    assert "Your settings could not be read" in page.shim.text()


def test_a_browser_that_refuses_to_store_is_told_once_and_the_game_plays_on():
    page = Page(hash="#seed=4242")
    kept = page.shim.storage["ginrummy.save.cpu"]
    refused = []

    def full(frame, apply=page.shim.apply):  # every write refused, as a full storage does
        for write in frame.get("store", ()):
            if "key" in write and write["key"].startswith("ginrummy.save"):
                refused.append({"type": "stored", "key": write["key"], "refused": True,
                                "current": page.shim.storage.get(write["key"])})
        frame = dict(frame, store=[w for w in frame.get("store", ()) if not w.get("key", "").startswith("ginrummy.save")])
        apply(frame)
    page.app.frame.post = full
    for _ in range(3):
        play(page, 1)
        while refused:
            page.send(refused.pop(0))
        page.settle()
    assert UNSAVED in page.shim.text()
    assert page.shim.storage["ginrummy.save.cpu"] == kept
    page.click("dismiss")
    play(page, 2)
    while refused:
        page.send(refused.pop(0))
    assert UNSAVED not in page.shim.text()  # told once


def test_a_second_tab_catches_up_and_never_overwrites_the_first():
    first = Page(hash="#seed=4242")
    second = Page(storage=first.shim.storage, hash="#seed=4242")
    play(first, 2)
    moved = first.shim.storage["ginrummy.save.cpu"]
    # The browser tells the other tab (a storage event): it shows the match as it stands now.
    second.shim.storage["ginrummy.save.cpu"] = moved
    second.send({"type": "storage", "key": "ginrummy.save.cpu", "value": moved})
    second.settle()
    assert ELSEWHERE in second.shim.text()
    assert position(second) == position(first)
    assert second.app.pacer.following  # the other tab plays the computer's moves meanwhile
    play(second, 1)  # the player plays here: this tab drives the match again
    assert not second.app.pacer.following and second.shim.storage["ginrummy.save.cpu"] != moved


def test_a_tab_that_missed_the_news_writes_nothing_over_the_other_tab():
    first = Page(hash="#seed=4242")
    second = Page(storage=first.shim.storage, hash="#seed=4242")
    play(first, 2)
    moved = first.shim.storage["ginrummy.save.cpu"]
    second.shim.storage["ginrummy.save.cpu"] = moved  # written by the first tab, no event heard yet
    play(second, 1)
    assert second.shim.storage["ginrummy.save.cpu"] == moved  # the shim did not write over it
    assert ELSEWHERE in second.shim.text()
    assert position(second) == position(first)


def test_another_tab_clearing_the_storage_changes_nothing_here_until_written():
    page = Page(hash="#seed=4242")
    page.send({"type": "storage", "key": None, "value": None})
    page.settle()
    play(page, 1)
    assert "ginrummy.save.cpu" in page.shim.storage


def test_a_link_with_an_invalid_deal_says_so_and_shows_the_own_match():
    for text in ("#seed=-1", "#seed=1e999", "#seed=9999999999999999", "#seed=%3Cimg%20src=x%3E"):
        page = Page(hash=text)
        assert "This link does not name a valid match" in page.shim.text(), text
        assert page.shim.hash.startswith("#seed=") and page.shim.hash != text


def test_the_pace_set_by_another_tab_or_a_test_is_read_when_written():
    page = Page(hash="#seed=4242", pace=None)
    assert page.app.pacer.pace() == 900  # the normal pace
    page.shim.storage["ginrummy.pace"] = "50"
    page.send({"type": "storage", "key": "ginrummy.pace", "value": "50"})
    assert page.app.pacer.pace() == 50
