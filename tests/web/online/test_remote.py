"""The online table in CPython: a RemoteTable fed the server's messages (docs/online.md)."""

import pytest

from game.actions import PASS, Action
from game.match import Match
from game.web.online import words as MT
from game.web.online.lobby import render_banner, render_lobby
from game.web.online.remote import RemoteTable
from game.web.play import effects as E
from game.web.play.commands import run
from game.web.play.state import Ui
from game.web.table.render import render
from game.web.words import i18n
from game.web.words import text as T


@pytest.fixture(autouse=True)
def english():
    i18n.install(i18n.Catalog(None))


def server_view(match, seat, version, since=None, seats=None, offer=None):
    return {"type": "view", "version": version, "view": match.view(seat, since).to_dict(),
            "table": {"code": "K7MQ2X", "seat": seat, "level": "medium", "new_game_offered_by": offer,
                      "seats": seats or [{"joined": True, "connected": True, "computer": False}] * 2}}


def remote(seat=1):
    sent = []
    table = RemoteTable("K7MQ2X", seat, sent.append)
    heard = []
    table.listen(lambda: heard.append(table.version))
    refusals = []
    table.on_refusal(lambda reason, details: refusals.append((reason, details)))
    return table, sent, heard, refusals


def test_views_arrive_in_order_and_older_or_foreign_ones_change_nothing():
    match = Match.new(9)
    table, sent, heard, _ = remote(seat=1)
    table.receive(server_view(match, 1, 3))
    assert heard == [3] and table.view(1).player == 1
    table.receive(server_view(match, 1, 2))  # older
    table.receive(server_view(match, 0, 9))  # the other seat's: never shown
    table.receive({"type": "view", "version": 10, "view": {"format": "nope"}})
    table.receive("not a dict")
    assert heard == [3] and table.version == 3


def test_events_are_handed_out_once():
    match = Match.new(9)
    table, sent, heard, _ = remote(seat=match.current_player)
    seat = table.seat
    table.receive(server_view(match, seat, 1, since=len(match.events)))
    match.apply(Action(PASS))
    table.receive(server_view(match, seat, 2, since=len(match.events) - 1))
    assert [e.kind for e in table.view(seat).events] == ["pass"]
    assert table.view(seat).events == []


def test_an_action_is_sent_as_the_protocol_says_and_refusals_carry_the_engines_rule():
    match = Match.new(9)
    table, sent, heard, refusals = remote(seat=0)
    table.act(0, Action("discard", match.hand.hands[0][0]))
    assert sent == [{"type": "act", "action": {"kind": "discard", "card": match.hand.hands[0][0].code}}]
    table.receive({"type": "error", "reason": "illegal_action", "rule": "upcard_offer", "details": {}})
    table.receive({"type": "error", "reason": "not_your_turn"})
    assert [r for r, _ in refusals] == ["upcard_offer", "not_your_turn"]
    assert T.refusal("upcard_offer", {}) == "Take the upcard or pass first."
    table.offer_new_game(False)
    assert sent[-1] == {"type": "new_game", "accept": False}
    table.undo(0)
    assert sent[-1] == {"type": "undo"} and table.waiting


@pytest.mark.parametrize("seats, expected", [
    ([{"joined": True, "connected": True, "computer": False}, {"joined": False}], "waiting"),
    ([{"joined": True, "connected": True, "computer": False}, {"joined": True, "connected": False, "computer": False}], "away"),
    ([{"joined": True, "connected": True, "computer": False}, {"joined": True, "connected": False, "computer": True}], "computer"),
])
def test_the_friends_presence_comes_from_the_servers_seats(seats, expected):
    table, *_ = remote(seat=0)
    table.receive(server_view(Match.new(4), 0, 1, seats=seats, offer=1))
    assert table.opponent() == expected and table.offer() == "theirs"


def test_the_lobby_and_the_banner_are_drawn_from_the_ui_state():
    ui = Ui()
    ui.mode = "online"
    ui.online_available = True
    html = render(None, ui)
    assert 'data-act="online_open"' in html and 'data-act="online_join"' in html
    assert render_lobby(ui) in html
    ui.online = {"code": "K7MQ2X", "seat": 1, "status": "lost", "opponent": "waiting", "offer": "theirs",
                 "answer": None, "invite": "http://127.0.0.1:8000/en/#table=K7MQ2X"}
    banner = render_banner(ui)
    assert "K7MQ2X" in banner and "reconnecting" in banner and 'data-act="accept_new"' in banner
    assert ui.names() == [T.Who("friend"), T.Who("you")] and ui.seat(0) == 1
    # Until the friend joins, the banner says so in words, beside the link to send.
    assert "Table K7MQ2X · waiting for your friend" in banner and "Send this link" in banner
    ui.online["opponent"] = "here"
    banner = render_banner(ui)
    assert "Table K7MQ2X · your friend is here" in banner and "Send this link" not in banner


def test_every_online_reason_of_the_protocol_has_a_sentence():
    from game import wire

    # What the page can meet: the HTTP refusals of joining (opening's own are the page's
    # choices: no rules or level it does not offer), every socket close and message refusal.
    reasons = (set(wire.HTTP_STATUS) - {"no_such_rules", "no_such_level", "bad_request"}) \
        | set(wire.CLOSE_CODES) | (set(wire.MESSAGE_REFUSALS) - {wire.ENGINE_REFUSAL}) | {"not_connected"}
    for reason in sorted(reasons):
        assert reason in T.ONLINE_PROBLEMS or reason in T.REFUSALS, reason


def test_a_new_connection_numbers_its_views_afresh():
    match = Match.new(9)
    table, sent, heard, _ = remote(seat=0)
    table.receive(server_view(match, 0, 30))
    table.reconnected()  # e.g. the server restarted: its versions start again
    table.receive(server_view(match, 0, 1))
    assert heard == [30, 1]


def test_a_server_refusal_is_worded_by_the_same_function_as_the_engines():
    assert T.refusal("too_many_messages", {}) == MT.online_problem("too_many_messages")
    assert T.refusal("taken_card", {}) != T.refusal("no_such_reason", {})


def test_the_heartbeat_pings_a_quiet_server_and_gives_up_on_a_silent_one():
    from game.web.online.remote import Liveness
    from game.wire import ANSWER_WITHIN, PING_EVERY

    live = Liveness(100.0)
    assert live.due(100.0 + PING_EVERY - 0.1) is None
    assert live.due(100.0 + PING_EVERY) == "ping"
    live.asking(110.0)
    assert live.due(110.0 + ANSWER_WITHIN - 0.1) is None  # waiting for the pong
    live.heard_from(112.0)  # it came
    assert live.due(113.0) is None
    live.asking(113.0)  # a move sent
    live.asking(114.0)  # and another question: the first one's time counts
    assert live.due(113.0 + ANSWER_WITHIN) == "lost"


def test_a_returning_player_is_told_what_the_computer_played_and_the_grace_is_the_servers():
    table, _, _, _ = remote(seat=0)
    told = []
    table.on_away = lambda moves, hands: told.append((moves, hands))
    table.receive({"type": "while_away", "moves": 8, "hands": 1})
    table.receive({"type": "while_away", "moves": "8"})  # malformed: nothing
    assert told == [(8, 1)]
    assert table.grace == 60  # before any view: the default
    message = server_view(Match.new(9), 0, 1)
    message["table"]["grace"] = 5
    table.receive(message)
    assert table.grace == 5
    table.waiting = True
    table.reconnected()
    assert table.waiting is False  # the new connection's first view answers the move, if at all


def test_opening_or_joining_a_table_clears_the_last_attempts_problem():
    # A wrong code's "There is no table with this code" stayed above the table once joined.
    for command in ("online_open", "online_join"):
        ui = Ui()
        ui.mode = "online"
        ui.lobby["code"] = "K7MQ2X"
        ui.notice = MT.online_problem("no_such_table")
        run(command, ui, None)
        assert ui.notice is None


def online_ui(opponent="here", offer=None, grace=60):
    ui = Ui()
    ui.mode = "online"
    ui.online = {"code": "K7MQ2X", "seat": 0, "status": "open", "opponent": opponent, "offer": offer,
                 "answer": None, "grace": grace, "invite": "http://x/#table=K7MQ2X",
                 "seat_link": "http://x/#table=K7MQ2X&seat=0&key=k"}
    return ui


def test_the_away_notice_names_the_servers_grace_and_a_seat_given_up_is_said():
    from game.web.online.lobby import presence_text

    assert presence_text("away", 5).endswith("within 5 seconds")
    assert presence_text("away", 1).endswith("within 1 second")
    assert presence_text("away", 120).endswith("within 2 minutes")
    assert presence_text("away", 90).endswith("within 90 seconds")
    assert "gave up their seat" in presence_text("gone", 60)
    table, _, _, _ = remote(seat=0)
    message = server_view(Match.new(9), 0, 1, seats=[{"joined": True, "connected": True, "computer": False},
                                                     {"joined": False, "connected": False, "computer": True}])
    table.receive(message)
    assert table.opponent() == "gone"


def test_leaving_asks_first_and_keeps_or_gives_up_the_seat():

    ui = online_ui()
    view = Match.new(9).view(0)
    assert run("leave", ui, view).effects == () and ui.dialog["kind"] == "leave"
    page = render(view, ui)
    assert 'data-act="leave_for_now"' in page and 'data-act="give_up_seat"' in page and "60 seconds" in page
    assert run("leave_for_now", ui, view).effects == (E.LEAVE,) and ui.dialog is None
    run("leave", ui, view)
    assert run("give_up_seat", ui, view).effects == (E.GIVE_UP,)
    assert E.COPY_SEAT in run("copy_seat", ui, view).effects


def test_an_online_match_ends_on_an_offer_to_the_friend_not_on_the_local_dialog():
    from game.web.screens.endofhand import again_buttons

    for offer, act in ((None, 'data-act="offer_new"'), ("theirs", 'data-act="accept_new"'),
                       ("mine", "disabled")):
        buttons = again_buttons(online_ui(offer=offer))
        assert act in buttons and 'data-act="replay"' not in buttons and 'data-act="new"' not in buttons
    local = Ui()
    assert 'data-act="new"' in again_buttons(local) and 'data-act="replay"' in again_buttons(local)


def test_nothing_can_be_played_and_no_turn_is_promised_before_the_friend_joins():
    match = Match.new(9)
    ui = online_ui(opponent="waiting")
    ui.online["seat"] = match.current_player
    view = match.view(match.current_player)
    ui.sync_order(view)
    page = render(view, ui)
    assert "Wait for your friend to join the table." in page and "Your turn" not in page
    assert 'data-act="take_upcard" data-key="take_upcard" aria-disabled="true"' in page.replace(' aria-keyshortcuts="U"', "")
