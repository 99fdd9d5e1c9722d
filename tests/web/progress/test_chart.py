"""The SVG chart as markup: one bar per match, up for a win, down for a loss, to scale."""

import re
import xml.etree.ElementTree as ET

from game.web.progress.chart import HEIGHT, SLOTS, bars_svg

SVG = "{http://www.w3.org/2000/svg}"


def bars(markup):
    root = ET.fromstring(markup)
    return root, [(r.get("class"), float(r.get("y")), float(r.get("height")), r.find(SVG + "title").text)
                  for r in root.iter(SVG + "rect")]


def test_wins_go_up_losses_down_heights_to_scale():
    root, found = bars(bars_svg([(True, 40, "a"), (False, -20, "b"), (True, 10, "c")], "three", "old", "new"))
    axis = float(root.find(SVG + "line").get("y1"))
    (k1, y1, h1, t1), (k2, y2, h2, t2), (k3, _y3, h3, _t3) = found
    assert (k1, k2, k3) == ("g-chart-win", "g-chart-loss", "g-chart-win")
    assert y1 + h1 == axis and y2 == axis  # up from the axis, down from it
    assert h1 == 2 * h2 and abs(h1 - 4 * h3) < 0.2
    assert (t1, t2) == ("a", "b")
    assert root.get("role") == "img" and root.get("aria-label") == "three"
    assert [t.text for t in root.iter(SVG + "text")] == ["old", "new"]


def test_the_tallest_bar_fits_and_a_draw_still_shows():
    _root, found = bars(bars_svg([(True, 500, "x"), (False, 0, "y")], "", "", ""))
    assert found[0][1] >= 0 and found[0][2] <= HEIGHT
    assert found[1][2] > 0


def test_only_the_last_twenty_are_drawn_and_words_are_escaped():
    games = [(True, n, "game " + str(n)) for n in range(1, 26)]
    _root, found = bars(bars_svg(games, 'a "quoted" <label>', "<", ">"))
    assert len(found) == SLOTS and found[0][3] == "game 6"
    markup = bars_svg([(True, 1, "<b>")], '"', "&", "")
    assert "<b>" not in markup and "&lt;b&gt;" in markup and "&quot;" in markup and "&amp;" in markup


def test_no_style_attribute_for_the_page_policy():
    assert not re.search(r"\sstyle=", bars_svg([(True, 3, "t"), (False, -2, "u")], "l", "o", "n"))


def test_the_newest_match_is_the_rightmost_bar():
    root = ET.fromstring(bars_svg([(True, 5, "old"), (False, -5, "new")], "", "", ""))
    rects = list(root.iter(SVG + "rect"))
    width = float(root.get("viewBox").split()[2])
    assert float(rects[0].get("x")) < float(rects[1].get("x"))
    assert float(rects[1].get("x")) + float(rects[1].get("width")) > width * (SLOTS - 1) / SLOTS
