"""A small bar chart as inline SVG markup: one bar per match, up for a win, down for a loss,
its height the match's point difference. Pure string building (no chart library, no DOM), so
CPython tests read the markup; the page's stylesheet colours the classes.

The drawing scales with its box (a viewBox, no fixed size): it fits a 360 px phone and a desk
screen alike. The words (the chart's name, each bar's title, the axis labels) come from the
caller, already in the page's language.
"""

from game.web.table.markup import esc

WIDTH = 300  # viewBox units
HEIGHT = 120
TOP, BOTTOM = 8, 8  # room above the tallest bar and below the deepest
SLOTS = 20  # a slot per match: the last 20 fill the width
MIN_BAR = 2  # a match won or lost by 0 points still shows a sliver


def _num(value):
    """A coordinate with at most one decimal, as SVG reads it."""
    tenths = int(round(value * 10))
    whole, rest = divmod(abs(tenths), 10)
    text = str(whole) + ("." + str(rest) if rest else "")
    return "-" + text if tenths < 0 else text


def bars_svg(games, label, older, newer):
    """The chart of `games`, a list of (won, net, title) oldest first (at most SLOTS are drawn,
    the newest); `label` names the chart for screen readers, `older` and `newer` mark its ends."""
    games = games[-SLOTS:]
    scale = max([abs(net) for _won, net, _title in games] + [1])
    half = (HEIGHT - TOP - BOTTOM) / 2
    axis = TOP + half
    slot = WIDTH / SLOTS
    out = ['<svg class="g-chart" viewBox="0 0 ' + str(WIDTH) + ' ' + str(HEIGHT + 14) + '" role="img" '
           'aria-label="' + esc(label) + '" xmlns="http://www.w3.org/2000/svg">']
    out.append('<line class="g-chart-axis" x1="0" y1="' + _num(axis) + '" x2="' + str(WIDTH) + '" y2="' + _num(axis) + '"/>')
    first = SLOTS - len(games)  # the newest bar is always the rightmost, under "newer"
    for number in range(len(games)):
        won, net, title = games[number]
        height = max(MIN_BAR, abs(net) * half / scale)
        y = axis - height if won else axis
        out.append('<rect class="' + ("g-chart-win" if won else "g-chart-loss") + '" x="' + _num((first + number) * slot + slot * 0.15)
                   + '" y="' + _num(y) + '" width="' + _num(slot * 0.7) + '" height="' + _num(height) + '">'
                   '<title>' + esc(title) + '</title></rect>')
    base = HEIGHT + 10
    out.append('<text class="g-chart-label" x="0" y="' + str(base) + '">' + esc(older) + '</text>')
    out.append('<text class="g-chart-label" x="' + str(WIDTH) + '" y="' + str(base) + '" text-anchor="end">'
               + esc(newer) + '</text>')
    out.append('</svg>')
    return "".join(out)
