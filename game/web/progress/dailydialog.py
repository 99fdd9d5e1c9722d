"""The daily deal's words and screens: the date in the page's language, the shareable result
line, the "Daily deal" dialog and the result block at the end of the daily match.

Pure Python (no `browser`): what is shown and copied is built here from the daily record
(`game.web.progress.daily`) and tested in CPython. The result line is whole sentences per language; a
try after the first adds a sentence saying it is a replay, with the first try's score.
"""

from game.web.play.state import in_progress
from game.web.progress import daily
from game.web.table.markup import button, esc
from game.web.table.pieces import piece
from game.web.words.i18n import _, fmt, ngettext, pgettext

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

MINUS = "\u2212"


def month_name(month):
    """A month's short name, as a short date writes it (1-12)."""
    # Translators: the short names of the months, as your language writes them in a short date
    # ("Dec 1"); a language that writes the month as a number (Vietnamese "1/12") gives it here.
    names = (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"),
             pgettext("month", "Apr"), pgettext("month", "May"), pgettext("month", "Jun"),
             pgettext("month", "Jul"), pgettext("month", "Aug"), pgettext("month", "Sep"),
             pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec"))
    return names[month - 1]


def date_text(date):
    """A date without its year in the page's language ("Dec 1", « 1er déc. », "1/12")."""
    _year, month, day = date
    if day == 1:
        # Translators: a short date on the first day of a month; {day} is 1, {month} the month's
        # short name (the "month" messages). French writes « {day}er {month} ».
        template = pgettext("date, first day of a month", "{month} {day}")
    else:
        # Translators: a short date; {day} is the day of the month (2-31), {month} the month's
        # short name (the "month" messages).
        template = pgettext("date", "{month} {day}")
    return fmt(template, day=day, month=month_name(month))


def signed(n):
    """Points with their sign: "+41", "−22" (a true minus sign), "0"."""
    if n > 0:
        return "+" + str(n)
    if n < 0:
        return MINUS + str(-n)
    return "0"


def result_sentence(date, result):
    """The first sentence of the result line: the date, the match, the hands won, the points."""
    when, n, points = date_text(date), result["hands"], signed(result["net"])
    if result["won"]:
        # Translators: the shareable result of the daily deal. {date} is a short date ("Dec 1"),
        # {n} the hands the player won, {points} their points minus the computer's ("+41").
        return fmt(ngettext("Gin Rummy daily, {date}: I won {n} hand and the match, with a net score of {points}.",
                            "Gin Rummy daily, {date}: I won {n} hands and the match, with a net score of {points}.", n),
                   date=when, n=n, points=points)
    if n:
        # Translators: the shareable result of a daily deal lost. {date} is a short date ("Dec 1"),
        # {n} the hands the player won, {points} their points minus the computer's ("−22").
        return fmt(ngettext("Gin Rummy daily, {date}: I won {n} hand but lost the match, with a net score of {points}.",
                            "Gin Rummy daily, {date}: I won {n} hands but lost the match, with a net score of {points}.", n),
                   date=when, n=n, points=points)
    # Translators: the shareable result of a daily deal lost without a hand won. {date} is a
    # short date ("Dec 1"), {points} the player's points minus the computer's ("−50").
    return fmt(_("Gin Rummy daily, {date}: I lost the match without winning a hand, with a net score of {points}."),
               date=when, points=points)


def share_line(date, entry):
    """The line to share for `date`'s entry of the daily record (None before a finished try):
    the last finished try, the hints used in it (a hint is the Hard computer's own move, in a
    match against it), and when it was not the first try, a sentence saying it is a replay."""
    last = entry["last"]
    if last is None:
        return None
    line = result_sentence(date, last)
    if last["hints"]:
        # Translators: added to the result line of the daily deal when the player asked the
        # coach (the Hard level's move) for hints; {n} is how many.
        line += " " + fmt(ngettext("I used {n} hint.", "I used {n} hints.", last["hints"]), n=last["hints"])
    if last["try"] == 1:
        return line
    if entry["first"] is None:
        return line + " " + _("Replay: I did not finish my first try.")
    # Translators: added to the result line of a daily deal played again; {points} is the first
    # try's points minus the computer's ("−12").
    return line + " " + fmt(_("Replay: my first try's net score was {points}."), points=signed(entry["first"]["net"]))


def about(date):
    # Translators: {date} is today's short date ("Dec 1").
    return fmt(_("Everyone gets the same deal on {date}: a short match to 50 points against the computer at Hard "
                 "level. Share your result line to show your friends how you did."), date=date_text(date))


def share_block(line, ui):
    """The result line and its copy button, which copies the line with the daily deal's link
    (this page, opening the daily deal's dialog: `#daily`)."""
    return ('<p class="g-share" data-key="share-line">' + esc(line) + '</p><div class="g-actions">'
            + button("copy_daily", _("Copy the result"), "g-btn g-primary",
                     attrs=(("data-copy", line + " " + ui.here + "#daily"),)) + '</div>')


@piece("dialog:daily")
def render_daily(view, ui):
    """(title, body) of the "Daily deal" dialog, for today (`ui.today`)."""
    today = ui.today
    entry = daily.day_of(ui.daily_record, today)
    on_table = ui.daily == today and view is not None and view.phase != "match_over"
    out = ['<p>' + esc(about(today)) + '</p>']
    line = share_line(today, entry)
    buttons = []
    if on_table:
        out.append('<p>' + esc(_("Today's deal is on the table: finish the match to get your result line.")) + '</p>')
        buttons.append(("cancel", _("Back to the table"), True))
    elif line:
        out.append(share_block(line, ui))
        if ui.aside and ui.daily is not None:
            buttons.append(("back_to_match", _("Back to your match"), False))
        buttons.append(("play_daily", _("Play it again (your result line will be marked as a replay)"), False))
    elif entry["tries"]:
        out.append('<p>' + esc(_("You started today's deal without finishing it: playing it again counts as a replay.")) + '</p>')
        buttons.append(("play_daily", _("Play today's deal again"), True))
    else:
        if in_progress(view) and ui.mode == "cpu" and ui.daily is None and ui.lesson is None:
            out.append('<p>' + esc(_("Your match in progress is kept: “Back to your match” in the menu returns to it.")) + '</p>')
        elif in_progress(view) and ui.mode != "online":
            out.append('<p class="g-warn">' + esc(_("Starting today's deal ends the match in progress.")) + '</p>')
        buttons.append(("play_daily", _("Play today's deal"), True))
    if not on_table:  # there, "Back to the table" closes the dialog
        # Close is the main button only when nothing else is (the copy button is, beside a line).
        buttons.append(("cancel", _("Close"), not line and not (buttons and buttons[0][2])))
    out.append('<div class="g-actions">' + "".join(button(act, label, "g-btn g-primary" if primary else "g-btn")
                                                   for act, label, primary in buttons) + '</div>')
    return _("Daily deal"), "".join(out)


def first_focus(ui):
    """The dialog's first control: copy a result, else play (or go back to the table)."""
    entry = daily.day_of(ui.daily_record, ui.today)
    if ui.daily == ui.today:
        return "cancel" if entry["last"] is None else "copy_daily"
    return "copy_daily" if entry["last"] is not None else "play_daily"


@piece("daily_end")
def end_block(view, ui):
    """At the end of the daily match: its date, the result line and the copy button."""
    date = ui.daily
    line = share_line(date, daily.day_of(ui.daily_record, date))
    if line is None:
        return ""
    # Translators: the heading of the daily deal's result; {date} is a short date ("Dec 1").
    back = ('<div class="g-actions">' + button("back_to_match", _("Back to your match"), key="back_to_match-end")
            + '</div>') if ui.aside else ""
    return ('<section class="g-daily-end"><h3>' + esc(fmt(_("Daily deal of {date}"), date=date_text(date)))
            + '</h3>' + share_block(line, ui) + back + '</section>')


@piece("bar_tag")
def bar_tag(ui):
    """The bar's mark of a daily match: which day's deal this is."""
    # Translators: in the bar above the table during the daily deal; {date} is a short date.
    return '<p class="g-daily-tag">' + esc(fmt(_("Daily deal of {date}"), date=date_text(ui.daily))) + '</p>'
