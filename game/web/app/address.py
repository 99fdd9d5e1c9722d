"""What the page's address says (a shared deal `#seed=`, a training hand `#train=`, an online
table `#table=`, the daily deal `#daily`) and what it shows (`shown`: the match on the table).
Pure Python over the fragment's text, which the shim sends with the start and at every change.
"""

from game.web.words.i18n import _


def hash_seed(text):
    """The deal a `#seed=N` address names (at most 15 digits), else None."""
    if text.startswith("#seed="):
        digits = text[6:]
        if digits.isdigit() and len(digits) <= 15:
            return int(digits)
    return None


def bad_seed_link(text):
    """Whether the address names a deal that cannot be one (`#seed=-1`, `#seed=<script>`, 16
    digits and more): the page then deals its own and says why the link's is not shown."""
    return text.startswith("#seed=") and hash_seed(text) is None


def bad_seed_notice():
    # Translators: the link's "#seed=..." (the number its deals come from) is not a valid number.
    return _("This link does not name a valid match, so your own match is shown.")


def lesson_code(text):
    """The training hand the address names (`#train=...`), else None. (Read here, not in
    game.web.play.lesson: a page without one never loads the lessons.)"""
    if text.startswith("#train="):
        return text[7:][:80]
    return None


def names_a_table(text):
    return "#table=" in text


def shown(ui, table):
    """The fragment that names what the table shows: the lesson, the online table or the deal,
    so that a reload or a shared link comes back to it."""
    if ui.lesson is not None:
        return "#train=" + ui.lesson["code"]
    if ui.mode == "online":
        return "#table=" + ui.online["code"] if ui.online else " "
    return "#seed=" + str(table.seed)
