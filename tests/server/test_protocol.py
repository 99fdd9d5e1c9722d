"""What a seat is sent: its own view, never the other seat's hidden cards, the stock or the
deal secret; and the events since its last view."""

import json

import pytest

from game.ai import make_player
from game.cards import DECK
from game.view import View
from server.protocol import view_message
from server.store import Store
from tests.server.test_room import commit, seated

CODES = {card.code for card in DECK}


def codes_in(value):
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} & CODES
    if isinstance(value, dict):
        return set().union(set(), *(codes_in(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(codes_in(item) for item in value))
    return set()


def hidden_from(match, seat):
    """The stock, and until the hand is over the opponent's cards not taken from the pile."""
    hand = match.hand
    hidden = {card.code for card in hand.stock}
    if hand.phase != "over":
        opponent = 1 - seat
        hidden |= {card.code for card in hand.hands[opponent]} - {card.code for card in hand.known[opponent]}
    return hidden


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path / "tables.sqlite3")
    yield store
    store.close()


@pytest.mark.parametrize("rules", ["classic", "modern", "oklahoma"])
def test_no_message_holds_a_hidden_card_or_the_secret(store, rules):
    room = seated(store, rules=rules)
    players = [make_player("medium", 1), make_player("hard", 2)]
    readers = [room.table.reader(0), room.table.reader(1)]
    secret = room.secret
    for step in range(2000):
        match = room.match
        for seat in (0, 1):
            text = json.dumps(view_message(room, seat, readers[seat]))
            assert not codes_in(json.loads(text)) & hidden_from(match, seat), (rules, step, seat)
            assert secret[:16] not in text and secret[-16:] not in text
        if match.is_over:
            break
        mover = 0 if match.current_player is None else match.current_player
        room.act(mover, players[mover].choose(match.view(mover)).to_dict(), float(step))
        commit(room, store)
    assert room.match.is_over
    assert '"seed": null' in json.dumps(room.table.to_log())


def test_each_view_carries_the_events_since_the_last_one(store):
    room = seated(store)
    reader = room.table.reader(0)
    first = view_message(room, 0, reader)["view"]
    assert first["events"] == []
    mover = room.match.current_player
    action = room.match.legal_actions()[0]
    room.act(mover, action.to_dict(), 1.0)
    after = view_message(room, 0, reader)["view"]
    assert [event["kind"] for event in after["events"]] == [action.kind]
    assert View.from_dict(after).legal_actions == room.match.view(0).legal_actions
    assert view_message(room, 0, reader)["view"]["events"] == []  # each event handed out once


def test_the_deepest_real_message_parses_and_deeper_ones_are_malformed():
    from server.protocol import parse
    from server.room import RoomError

    knock = {"type": "act", "action": {"kind": "knock", "card": "KS",
                                       "melds": [["7H", "8H", "9H"], ["2C", "2D", "2S"]]}}
    assert parse(json.dumps(knock)) == knock
    for deep in ('{"type": "act", "action": {"kind": "knock", "melds": [[[[["AS"]]]]]}}',
                 '{"type": "act", "action": ' + "[" * 900 + "]" * 900 + "}"):
        with pytest.raises(RoomError) as refused:
            parse(deep)
        assert refused.value.reason == "malformed_json"
