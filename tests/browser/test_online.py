"""Two browsers play a friend online through the real table server (the built site, one origin)."""

import socket
import threading
import time

import pytest
import uvicorn

from server.app import Config, create_app
from server.deals import Randomness
from server.tables import Settings
from tests.browser.test_game import keyboard_turn, open_menu, state, wait_idle

pytestmark = pytest.mark.browser
GRACE = 2.0  # seconds before the computer plays for a player who left


class TableServer:
    """The table server on one 127.0.0.1 port, serving the built site; it can be stopped and
    started again on the same port and database (a restart, as after a crash)."""

    def __init__(self, site, db):
        self.site, self.db = site, db
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = None

    def start(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        # A fixed seed: the same deals on every run (a test never depends on chance).
        config = Config(site=self.site, db=self.db, origins=(self.url,), settings=Settings(grace=GRACE),
                        tick=0.2, randomness=Randomness(seed=1))
        self.app = create_app(config)
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", access_log=False,
                                                    lifespan="on"))
        self.listener = listener
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [listener]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the table server did not start"
            time.sleep(0.02)

    def stop(self):
        self.server.should_exit = True
        self.thread.join(10)
        self.listener.close()


@pytest.fixture
def tables(site, tmp_path):
    server = TableServer(site, tmp_path / "tables.sqlite3")
    server.start()
    yield server
    server.stop()


def go_online(page):
    """Choose "A friend online" in the menu, once the page has found the table server."""
    page.click('#game [data-act="menu"]')
    page.wait_for_selector('#game select[data-act="mode"] option[value="online"]', state="attached")
    page.select_option('#game select[data-act="mode"]', "online")
    page.wait_for_selector('#game [data-act="online_open"]')


def my_turn_or_over(page):
    page.wait_for_function("""() => { const g = document.querySelector('#game');
        return g.dataset.turn === 'me' || ['hand_over', 'match_over'].includes(g.dataset.phase); }""")


def play_a_hand(pages):
    """Each page plays its own turns by keyboard until the hand is over."""
    for _ in range(200):
        phases = [state(p)["phase"] for p in pages]
        if any(ph in ("hand_over", "match_over") for ph in phases):
            return
        for p in pages:
            wait_idle(p)  # an online page is busy until the server answers its move
            if state(p)["turn"] == "me":
                keyboard_turn(p)
                p.wait_for_timeout(50)
    raise AssertionError("the hand did not end")

# What the guest's screen shows of their seat: the hand's cards, or the end of the hand (the
# computer may finish the hand while the guest is away).
# Once the game is ready: before, #game holds the first screen the build drew (a deal against
# the computer, not the online table), which the game replaces with the table's own screens.
SEAT_SHOWN = "#game[data-ready=true] .g-hand [data-card], #game[data-ready=true] .g-end .g-scoreline"


def seat_shown(page):
    if page.locator("#game .g-end .g-scoreline").count():
        return page.inner_text("#game .g-end .g-scoreline")
    return page.eval_on_selector_all("#game .g-hand [data-card]", "els => els.map(e => e.dataset.card).sort()")



def test_a_hand_played_online_then_a_friend_leaves_and_comes_back(browser, tables):
    url = tables.url
    host = browser.new_context(viewport={"width": 1280, "height": 900})
    guest = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        a = host.new_page()
        a.goto(url + "/en/")
        a.wait_for_selector("#game[data-ready=true]")
        go_online(a)
        a.check('#game input[data-key="lobby-rules-short"]')
        a.click('#game [data-act="online_open"]')
        invite = a.locator("#game .g-invite a").get_attribute("href")
        assert "#table=" in invite and "key" not in invite

        assert "Short game" in a.inner_text("#game .g-bar")  # the variant chosen in the lobby
        code = invite.split("=")[1]

        # The guest types the code (any case, with a space) and presses Enter.
        b = guest.new_page()
        b.goto(tables.url + "/en/")
        b.wait_for_selector("#game[data-ready=true]")
        go_online(b)
        b.fill('#game input[data-act="lobby_code"]', code[:3].lower() + " " + code[3:])
        b.press('#game input[data-act="lobby_code"]', "Enter")
        b.wait_for_selector("#game .g-hand [data-card]")
        a.wait_for_function("!document.querySelector('#game .g-invite')")  # the friend is here
        assert len(a.locator("#game .g-hand [data-card]").all()) >= 10
        mine = set(a.eval_on_selector_all("#game .g-hand [data-card]", "els => els.map(e => e.dataset.card)"))
        theirs = set(b.eval_on_selector_all("#game .g-hand [data-card]", "els => els.map(e => e.dataset.card)"))
        assert mine and theirs and not mine & theirs

        play_a_hand([a, b])
        assert state(a)["phase"] in ("hand_over", "match_over")
        a.wait_for_selector("#game .g-end .g-scoreline")
        b.wait_for_selector("#game .g-end .g-scoreline")
        assert a.inner_text("#game .g-scoreline") != ""

        # The guest leaves; after the grace period the computer plays their seat.
        b.close()
        a.keyboard.press("n")  # deal the next hand
        a.wait_for_function("document.querySelector('#game .g-online').textContent.includes('computer')",
                            timeout=GRACE * 1000 + 15000)
        for _ in range(6):  # the host keeps playing against the computer in the guest's seat
            my_turn_or_over(a)
            wait_idle(a)
            if state(a)["phase"] in ("hand_over", "match_over"):
                break
            keyboard_turn(a)
        # The guest comes back with the key kept in their browser, and is told what was played.
        b = guest.new_page()
        b.goto(invite)
        b.wait_for_selector(SEAT_SHOWN)  # the hand, or its end if the computer finished it
        b.wait_for_function("document.querySelector('#game .g-notice') && document.querySelector("
                            "'#game .g-notice').textContent.includes('While you were away, the computer played')")
        a.wait_for_function("document.querySelector('#game .g-online').textContent.includes('is here')")
        assert b.evaluate("Object.keys(JSON.parse(localStorage.getItem('ginrummy.tables')))") == [code]

        # A reload and a server restart lose nothing: both pages come back to the same table.
        hand = seat_shown(b)
        b.reload()
        b.wait_for_selector(SEAT_SHOWN)
        assert seat_shown(b) == hand
        tables.stop()
        a.wait_for_function("document.querySelector('#game .g-online').textContent.includes('reconnecting')")
        tables.start()
        a.wait_for_function("!document.querySelector('#game .g-online').textContent.includes('reconnecting')",
                            timeout=30000)
        assert seat_shown(b) == hand

        # A new game needs both: the host offers (in the menu), the guest accepts.
        a.click('#game [data-act="menu"]')
        # The menu's (the end of a hand has one too, inert under the menu: seen picked first).
        a.click('#game .g-dialog-menu [data-act="offer_new"]')
        b.wait_for_selector('#game [data-act="accept_new"]')
        b.click('#game [data-act="accept_new"]')
        a.wait_for_function("document.querySelector('#game .g-score').textContent.includes('You: 0 · Your friend: 0')")
    finally:
        host.close()
        guest.close()


def test_a_table_opened_low_on_a_phone_shows_its_banner(browser, tables):
    # The lobby is taller than the table: opening a table from the bottom of a phone's screen
    # left the banner with the link to send above the top of the screen.
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(tables.url + "/en/")
        page.wait_for_selector("#game[data-ready=true]")
        go_online(page)
        page.locator('#game [data-act="online_open"]').scroll_into_view_if_needed()
        page.tap('#game [data-act="online_open"]')
        page.wait_for_selector("#game .g-invite a")
        top = page.evaluate("document.querySelector('#game .g-online').getBoundingClientRect().top")
        assert 0 <= top < 740, top
    finally:
        ctx.close()



# The contrast of each text element of the lobby with the felt's two ends (#237049 at the
# centre, #154630 at the rim); under 4.5:1 for small text is a problem, as in WCAG 1.4.3.
LOW_CONTRAST = r"""() => {
  const lum = rgb => { const c = rgb.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92
                                                  : Math.pow((v + 0.055) / 1.055, 2.4); });
                       return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  const felts = [[0x23, 0x70, 0x49], [0x15, 0x46, 0x30]];
  const low = [];
  for (const el of document.querySelectorAll('#game .g-lobby *')) {
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const rgb = getComputedStyle(el).color.match(/[\d.]+/g).slice(0, 3).map(Number);
    let backs = felts;  // unless the text sits on a colour of its own (a button, a field)
    for (let up = el; up && !up.classList.contains('g-lobby'); up = up.parentElement) {
      const bg = getComputedStyle(up).backgroundColor.match(/[\d.]+/g).map(Number);
      if (bg.length < 4 || bg[3] > 0.5) { backs = [bg.slice(0, 3)]; break; }
    }
    for (const felt of backs) {
      const [a, b] = [lum(rgb), lum(felt)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5) { low.push(el.className + ' ' + ratio.toFixed(1) + ':1'); break; }
    }
  }
  return low;
}"""


def open_table(page, tables, lang="en"):
    page.goto(tables.url + "/" + lang + "/")
    page.wait_for_selector("#game[data-ready=true]")
    go_online(page)
    page.click('#game [data-act="online_open"]')
    return page.locator("#game .g-invite a").get_attribute("href").split("#table=")[1]


def join(page, tables, code, lang="en"):
    page.goto(tables.url + "/" + lang + "/#table=" + code)
    page.wait_for_selector("#game .g-hand [data-card]")


@pytest.mark.parametrize("width", [360, 1280])
def test_the_lobby_reads_well_on_the_felt_in_every_language(browser, tables, width):
    from tests.browser.test_game import axe_problems

    ctx = browser.new_context(viewport={"width": width, "height": 800})
    try:
        page = ctx.new_page()
        problems = []
        for lang in ("en", "fr", "vi"):
            page.goto(tables.url + "/" + lang + "/")
            page.wait_for_selector("#game[data-ready=true]")
            go_online(page)
            page.keyboard.press("Escape")  # the menu closed: the lobby itself
            page.wait_for_selector("#game .g-lobby")
            problems += axe_problems(page, lang + " lobby " + str(width))
            # axe cannot see through the felt's gradient (it leaves such text "to review"):
            # every text of the lobby against the felt's darkest and lightest colours.
            problems += [lang + " " + str(width) + ": " + low for low in page.evaluate(LOW_CONTRAST)]
        assert problems == []
    finally:
        ctx.close()


def test_leaving_for_now_keeps_the_seat_and_giving_it_up_frees_it_for_the_link(browser, tables):
    host, guest = browser.new_context(), browser.new_context()
    try:
        a, b = host.new_page(), guest.new_page()
        code = open_table(a, tables)
        join(b, tables, code)
        a.wait_for_function("!document.querySelector('#game .g-invite')")
        # For now: the key stays in this browser; the lobby offers the way back.
        open_menu(b)
        b.click('#game [data-act="leave"]')
        b.wait_for_selector('#game [data-act="give_up_seat"]')
        b.click('#game [data-act="leave_for_now"]')
        b.wait_for_selector('#game [data-act="back_to_table"]')
        assert b.evaluate("Object.keys(JSON.parse(localStorage.getItem('ginrummy.tables')))") == [code]
        a.wait_for_function("document.querySelector('#game .g-online').textContent.includes('away')")
        b.click('#game [data-act="back_to_table"]')
        b.wait_for_selector("#game .g-hand [data-card]")
        a.wait_for_function("document.querySelector('#game .g-online').textContent.includes('is here')")
        # For good: the friend is told, the key goes, and the link gives the seat to a newcomer.
        open_menu(b)
        b.click('#game [data-act="leave"]')
        b.click('#game [data-act="give_up_seat"]')
        b.wait_for_function("document.querySelector('#game .g-notice') && document.querySelector("
                            "'#game .g-notice').textContent.includes('You gave up your seat')")
        assert b.evaluate("Object.keys(JSON.parse(localStorage.getItem('ginrummy.tables') || '{}'))") == []
        a.wait_for_function("document.querySelector('#game .g-online').textContent.includes('gave up their seat')")
        c = browser.new_context().new_page()
        join(c, tables, code)  # a third person takes the free seat
        a.wait_for_function("document.querySelector('#game .g-online').textContent.includes('is here')")
        c.context.close()
    finally:
        host.close()
        guest.close()


def test_a_discard_taken_back_online_until_the_friend_moves(browser, tables):
    host = browser.new_context(viewport={"width": 1280, "height": 900})
    guest = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        a, b = host.new_page(), guest.new_page()
        code = open_table(a, tables)
        join(b, tables, code)
        a.wait_for_function("!document.querySelector('#game .g-invite')")
        pages = [a, b]
        for _ in range(20):  # first moves until someone must discard
            for p in pages:
                wait_idle(p)
            mover = next((p for p in pages if state(p)["turn"] == "me"), None)
            if mover is not None and state(mover)["phase"] == "discard":
                break
            if mover is not None:
                keyboard_turn(mover)
        other = b if mover is a else a
        card = mover.get_attribute("#game .g-hand .g-card:not(.g-taken) >> nth=0", "data-card")
        mover.click('#game .g-hand [data-card="' + card + '"]')
        mover.click('#game [data-act="pile"]')  # two taps
        mover.wait_for_selector('#game [data-act="undo"]')
        other.wait_for_function("document.querySelector('#game').dataset.turn === 'me'")
        assert other.locator('#game [data-act="undo"]').count() == 0  # not theirs
        mover.click('#game [data-act="undo"]')
        mover.wait_for_function("document.querySelector('#game').dataset.turn === 'me'")
        mover.wait_for_selector('#game .g-hand [data-card="' + card + '"]')
        other.wait_for_function("document.querySelector('#game').dataset.turn === 'other'")
        other.wait_for_function("document.querySelector('#game .g-live').textContent.includes('took back')")
        # Discarded again; the friend draws: Undo is gone for good.
        mover.click('#game .g-hand [data-card="' + card + '"]')
        mover.click('#game [data-act="discard"]')
        mover.wait_for_selector('#game [data-act="undo"]')
        other.wait_for_function("document.querySelector('#game').dataset.turn === 'me'")
        wait_idle(other)
        other.keyboard.press("d")
        mover.wait_for_function("!document.querySelector('#game [data-act=\"undo\"]')")
    finally:
        host.close()
        guest.close()
