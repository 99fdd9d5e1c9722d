"""The coach's record in the UI state (`Ui.coach`), read by the table, the end of a hand and
the statistics: `hint` (the position it was asked in, Hard's move and its sentence), `used`
({hand number: [hints of seat 0, of seat 1]}, kept with the match and shown on the score
sheet), `review` (the decisions of the hand that Hard would have made otherwise, and the one
shown on the table). The coach's commands and screens are `game.web.coach`'s. Pure Python.

When: the review only against the computer (two players on one device would see each other's
play), once the hand is over.
"""


def review_allowed(ui, view):
    return ui.mode == "cpu" and view is not None and view.phase in ("hand_over", "match_over")



def reviewing(view, ui):
    """The reviewed decision shown on the table, or None."""
    current = ui.coach["review"]
    if current is None or current["step"] is None or not review_allowed(ui, view):
        return None
    if current["hand"] != view.hand_number or not current["items"]:
        return None
    return current["items"][current["step"]]



def fill_review(ui, view, decisions):
    """Keep the review of the hand: the player's decisions [(View, Action)], rebuilt by the engine."""
    from game.ai.review import review as judge

    current = ui.coach["review"]
    if current is None:
        return
    current["items"] = judge(decisions)
    current["total"] = len(decisions)


def used_data(ui, seed):
    """The hints used in the match `seed`, as saved beside it."""
    return {"seed": seed, "used": ui.coach["used"]}


def read_used(data, seed):
    """{hand: [n0, n1]} from saved data of the match `seed` (anything else: no hint used)."""
    if not isinstance(data, dict) or data.get("seed") != seed or not isinstance(data.get("used"), dict):
        return {}
    found = {}
    for hand, counts in data["used"].items():
        if str(hand).isdigit() and isinstance(counts, list) and len(counts) == 2 \
                and all(type(n) is int and 0 <= n < 1000 for n in counts):
            found[str(hand)] = [counts[0], counts[1]]
    return found


def hints_in_match(ui, seat):
    """How many hints `seat` asked for in the match on the table."""
    return sum(counts[seat] for counts in ui.coach["used"].values())
