"""The tables of the guide and of How to play wrap between words only (site.css): at a phone's
width and on a desktop, in every language, no cell breaks a word or a number across two lines
(« Défense/ur », "Kh|ôn|g", "2" above "5"), and a table too wide for the screen scrolls in its
own box (page.html) instead of widening the page."""

import pytest

from tests.browser.conftest import LANGS

pytestmark = pytest.mark.browser

WIDTHS = (320, 360, 1280)
PAGES = ("rules.html", "play.html")

# Every word (a run of characters between ordinary spaces: "25 points" in French holds a no-break
# space and is one word) of every cell, with the lines its text stands on: one line each, or the
# word was broken. Also the page's width against the screen's.
WORDS = """() => {
  const words = [];
  for (const cell of document.querySelectorAll('.content th, .content td, .content caption')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const pattern = /[^ \\t\\n\\r]+/g;
      for (let m = pattern.exec(node.data); m; m = pattern.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        words.push([m[0], lines.size]);
      }
    }
  }
  return {words, pageWidth: document.documentElement.scrollWidth, screenWidth: window.innerWidth,
          boxes: document.querySelectorAll('.content .table-scroll[tabindex="0"][role=group][aria-labelledby] > table').length,
          tables: document.querySelectorAll('.content table').length};
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_no_table_cell_breaks_inside_a_word(browser, base_url, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    context.route("**/game-start.*.js", lambda route: route.abort())  # the text alone is measured
    page = context.new_page()
    broken, checked = [], 0
    try:
        for lang in LANGS:
            for path in PAGES:
                page.goto(base_url + "/" + lang + "/" + path, wait_until="load")
                seen = page.evaluate(WORDS)
                assert seen["tables"] and seen["boxes"] == seen["tables"], (lang, path)
                assert seen["pageWidth"] <= seen["screenWidth"], (lang, path, "the page scrolls sideways")
                checked += len(seen["words"])
                broken += [(lang, path, word) for word, lines in seen["words"] if lines != 1]
    finally:
        context.close()
    assert checked > 1000  # the guide's tables were there to measure
    assert broken == []
