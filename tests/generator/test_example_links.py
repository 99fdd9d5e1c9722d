"""Every worked example of the guide links to its training position: the link opens the Play
page of the same language, its code is the example's cards, and the engine builds from it the
lesson that settles the example as the page shows it. An example that makes no position
fails the build, naming the file and the line."""

import re

import pytest

from game.cards import parse_cards
from game.training import from_code
from generator import build
from generator.errors import BuildError
from tests.generator.conftest import quiet
from tests.generator.test_bad_input import edit, line_of
from tests.generator.test_build import build_site

LINK = re.compile(r'<p class="example-play"><a href="([^"]+)">([^<]+)</a></p>')


def examples_of(markdown):
    """The (knocker, defender) codes of each gin-example block, in page order."""
    found = []
    for block in re.findall(r"```gin-example\n(.*?)```", markdown, re.S):
        fields = dict(line.split(":", 1) for line in block.strip().splitlines())
        found.append((parse_cards(fields["knocker"]), parse_cards(fields["defender"])))
    return found


@pytest.mark.parametrize("lang", ["en", "fr", "vi"])
def test_each_example_links_to_its_position_on_the_play_page(project, lang):
    site = build_site(project)
    page = (site / lang / "rules.html").read_text(encoding="utf-8")
    examples = examples_of((project / "content" / "rules.md").read_text(encoding="utf-8"))
    links = LINK.findall(page)
    assert examples and len(links) == len(examples)
    assert (site / lang / "index.html").is_file()  # the link's target, a sibling page
    for (href, label), (knocker, defender) in zip(links, examples, strict=True):
        target, _sep, code = href.partition("#train=")
        assert target == "index.html"
        lesson = from_code(code)
        held = set(lesson.position.hands[0]) | {lesson.position.upcard}
        assert held - set(knocker) == {lesson.steps[-1].action.card}  # the knocker's cards and one to discard
        assert list(lesson.position.hands[1]) == defender
        assert label == ("Play this position" if lang == "en" else "[" + lang + "] Play this position")


def test_an_example_with_no_position_fails_the_build(project):
    page = project / "content" / "rules.md"
    # Oklahoma: the upcard sets the knock limit, and no card of these melds allows 9 points.
    edit(page, "knocker: 4S 5S 6S KH KD KC JH JD JC 3H\ndefender: 3S 7S",
         "rules: oklahoma\nknocker: AS 2S 3S AH AD AC 2H 2D 2C 9C\ndefender: 4H 7S")
    with pytest.raises(BuildError) as info:
        build.build(project, project / "site", log=quiet, warn=quiet)
    assert info.value.line == line_of(page, "```gin-example")
    assert "cannot be played as a training position" in str(info.value)
