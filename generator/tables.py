"""Each table of a page in a box that scrolls sideways, named by the table's own caption.

A table wider than a phone (the seven columns of the variants) scrolls in its box rather than
the page; a cell wraps between words only (site.css). The box is a named group a keyboard
reaches (`tabindex="0"`), so its hidden columns can be scrolled to without a pointer. Its name
is the table's caption (`aria-labelledby`), so no two boxes of a page share one: a table of the
guide written in Markdown has no caption, and gets one, for screen readers only, from the
heading of its section ("Card values"); a worked example's table is named by its caption and
the result under it ("Knock. The knocker has 5 points of deadwood...").
"""

import re

# A table, and the start of a worked example's result right after it (example.html).
_TABLE = re.compile(r'<table>(.*?)</table>(\s*<figcaption>\s*<p class="example-result")?', re.S)
_HEADING = re.compile(r"<h([2-6])\b[^>]*>(.*?)</h\1>", re.S)
_TAG = re.compile(r"<[^>]+>")


def scrolling_tables(html):
    """`html` with each `<table>` in its named scrolling box (a caption added where missing)."""
    numbers = iter(range(1, 1 << 30))

    def boxed(match):
        number, inner, result = next(numbers), match.group(1), match.group(2)
        names = [f"table-{number}"]
        if inner.lstrip().startswith("<caption>"):
            inner = inner.replace("<caption>", f'<caption id="{names[0]}">', 1)
        else:
            headings = _HEADING.findall(html, 0, match.start())
            title = _TAG.sub("", headings[-1][1]).strip() if headings else ""
            inner = f'<caption class="visually-hidden" id="{names[0]}">{title}</caption>' + inner
        if result:
            names.append(f"table-{number}-result")
            result += f' id="{names[1]}"'
        return (f'<div class="table-scroll" role="group" tabindex="0" aria-labelledby="{" ".join(names)}">'
                f"<table>{inner}</table></div>" + (result or ""))

    return _TABLE.sub(boxed, html)
