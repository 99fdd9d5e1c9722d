"""The statistics dialog: per computer level and rules preset, the figures of `game.web.progress.stats`;
the chart of the last 20 matches (`game.web.progress.chart`); reset, export and import.

Pure Python (no `browser`): drawn from the UI state (`ui.stats`, `ui.stats_problem` when the
stored value could not be read, and the dialog's own `confirm`, `message`, `problem`).
"""

from game.web.progress import stats as S
from game.web.progress.chart import bars_svg
from game.web.progress.dailydialog import MINUS
from game.web.table.markup import button, esc
from game.web.table.pieces import piece
from game.web.words import text as T
from game.web.words.i18n import _, fmt, ngettext, pgettext

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def percent(n):
    # Translators: a percentage; {n} is a whole number (French: « {n} % » with a narrow
    # non-breaking space).
    return fmt(_("{n}%"), n=n)


def tenths(n):
    """A signed number given in tenths, with the language's decimal separator ("+3.4", "−0.5")."""
    whole, rest = divmod(abs(n), 10)
    # Translators: the decimal separator of numbers such as 3.4 (French and Vietnamese: a comma).
    text = str(whole) + pgettext("decimal separator", ".") + str(rest)
    if n > 0:
        return "+" + text
    return (MINUS + text) if n < 0 else text


def record_title(level, preset):
    # Translators: the heading of one group of statistics; {variant} is a rules preset
    # ("Classic"), {level} the computer's level ("Hard").
    return fmt(_("{variant}, {level} computer"), variant=T.preset_title(preset), level=T.level_name(level))


def figures(record):
    """(label, value) of a record's figures, in the order shown."""
    rate, per_hand = S.win_percent(record), S.points_per_hand(record)
    return [
        (_("Matches"), str(record["games"])),
        (_("Wins"), str(record["wins"])),
        (_("Win rate"), percent(rate) if rate is not None else "–"),
        (_("Hands played"), str(record["hands"])),
        (_("Hands won"), str(record["hands_won"])),
        (_("Gins"), str(record["gins"])),
        (_("Undercuts you scored"), str(record["undercuts_given"])),
        (_("Times you were undercut"), str(record["undercuts_suffered"])),
        (_("Net points per hand"), tenths(per_hand) if per_hand is not None else "–"),
        (_("Best winning streak"), str(record["best_streak"])),
    ]


def render_record(level, preset, record):
    out = ['<section class="g-stat"><h3>' + esc(record_title(level, preset)) + '</h3><dl class="g-figures">']
    for label, value in figures(record):
        out.append('<div><dt>' + esc(label) + '</dt><dd>' + esc(value) + '</dd></div>')
    out.append('</dl></section>')
    return "".join(out)


def bar_title(game):
    pair = S.split_key(game["key"])
    variant, level = T.preset_title(pair[1]), T.level_name(pair[0])
    n = abs(game["net"])
    if game["won"]:
        # Translators: one bar of the chart; {n} is the points by which the match was won,
        # {variant} a rules preset ("Classic"), {level} the computer's level ("Hard").
        return fmt(ngettext("Won by {n} point: {variant}, {level} computer.",
                            "Won by {n} points: {variant}, {level} computer.", n), n=n, variant=variant, level=level)
    # Translators: one bar of the chart; {n} is the points by which the match was lost.
    return fmt(ngettext("Lost by {n} point: {variant}, {level} computer.",
                        "Lost by {n} points: {variant}, {level} computer.", n), n=n, variant=variant, level=level)


def render_chart(recent):
    """The heading and chart of the last matches."""
    n = len(recent)
    won = len([g for g in recent if g["won"]])
    # Translators: {n} is how many matches the chart shows (at most 20).
    heading = fmt(ngettext("Your last match", "Your last {n} matches", n), n=n)
    # Translators: what the chart shows, for screen readers; {won} and {lost} are counts of matches.
    label = fmt(ngettext("The last match against the computer: {won} won, {lost} lost.",
                         "The last {n} matches against the computer: {won} won, {lost} lost.", n),
                n=n, won=won, lost=n - won)
    svg = bars_svg([(g["won"], g["net"], bar_title(g)) for g in recent], label,
                   pgettext("chart", "Oldest"), pgettext("chart", "Latest"))
    legend = ('<p class="g-chart-legend"><span><span class="g-key-win"></span> ' + esc(_("won (bar up)"))
              + '</span> <span><span class="g-key-loss"></span> ' + esc(_("lost (bar down)")) + '</span></p>')
    return '<section class="g-stat g-stat-chart"><h3>' + esc(heading) + '</h3>' + svg + legend + '</section>'


@piece("dialog:stats")
def render_stats(view, ui):
    """(title, body) of the statistics dialog."""
    d = ui.dialog
    out = []
    if d.get("confirm"):
        out.append('<p>' + esc(_("Reset every statistic kept in this browser? This cannot be undone.")) + '</p>'
                   '<div class="g-actions">' + button("confirm_reset_stats", _("Reset the statistics"), "g-btn g-primary")
                   + button("keep_stats", _("Keep them")) + '</div>')
        return _("Statistics"), "".join(out)
    if ui.stats_problem:
        out.append('<p class="g-warn">' + esc(_("Your saved statistics could not be read, so they have been reset to zero."))
                   + '</p>')
    if d.get("message"):
        out.append('<p class="g-done" role="status">' + esc(d["message"]) + '</p>')
    if d.get("problem"):
        out.append('<p class="g-problem" role="alert">' + esc(d["problem"]) + '</p>')
    out.append('<p>' + esc(_("Only matches against the computer are counted, grouped by level and rules; two-player "
                             "and online games are not.")) + '</p>')
    found = S.rows(ui.stats)
    if ui.stats["recent"]:
        out.append(render_chart(ui.stats["recent"]))
    if found:
        out.append('<div class="g-stats">' + "".join(render_record(*row) for row in found) + '</div>')
    else:
        out.append('<p>' + esc(_("No hand against the computer has been finished yet.")) + '</p>')
    out.append('<p>' + esc(_("Importing a file replaces the statistics kept in this browser.")) + '</p>')
    out.append('<div class="g-actions">' + button("export_stats", _("Export to a file"))
               + '<label class="g-btn g-file"><span>' + esc(_("Import from a file")) + '</span>'
               '<input type="file" accept=".json,application/json" class="g-visually-hidden" data-act="import_stats" '
               'data-key="import_stats"></label>'
               + button("reset_stats", _("Reset")) + '</div>'
               '<div class="g-actions">' + button("cancel", _("Close"), "g-btn g-primary") + '</div>')
    return _("Statistics"), "".join(out)


def import_problem(error):
    """Why an imported file was refused (a `StatsError`, or None: the file is not JSON)."""
    if error is None or error.reason == "not_stats":
        return _("This file is not a statistics file of this game: nothing was changed.")
    if error.reason == "newer":
        return _("This file comes from a newer version of the game: nothing was changed.")
    # Translators: {field} says where the bad value is in the file ("records › hard/classic › wins").
    return fmt(_("This statistics file is damaged (the value at {field} is wrong): nothing was changed."),
               field=error.field)
