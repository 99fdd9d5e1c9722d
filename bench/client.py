"""What a benchmark's client plays at an online table: a move from the view's own figures (it
runs no rule and no player), used over sockets (`bench.tables`) and in process
(`bench.roomcost`)."""

ENDINGS = ("gin", "big_gin", "knock")


def client_move(seat, message):
    """The client's message for a view (None: nothing to send)."""
    view, table = message["view"], message["table"]
    if not all(state["connected"] for state in table["seats"]):
        return None
    if view["phase"] == "match_over":  # seat 0 offers a new game, seat 1 accepts
        offered = table["new_game_offered_by"]
        if (seat, offered) in ((0, None), (1, 0)):
            return {"type": "new_game", "accept": True}
        return None
    legal = view["legal_actions"]
    if not legal or (view["turn"] is None and seat != 0):
        return None
    return {"type": "act", "action": _choose(view, legal)}


def _choose(view, legal):
    for kind in ENDINGS:
        for action in legal:
            if action["kind"] == kind:
                return action
    if view["discard_deadwood"]:
        card = min(view["discard_deadwood"], key=lambda entry: entry[1])[0]
        return {"kind": "discard", "card": card}
    for kind in ("draw_stock", "pass", "next_hand"):
        for action in legal:
            if action["kind"] == kind:
                return action
    return legal[0]
