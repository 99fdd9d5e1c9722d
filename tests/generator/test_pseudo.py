"""Right to left from the language's own data, and the two pseudo-locales (generator/pseudo.py):
every message changed but its placeholders, chips, link targets and tags; built only when
asked, beside the real languages, never into the published site."""

import re

import pytest

from generator import build, workflow
from generator.checkers import found_placeholders
from generator.config import language
from generator.pseudo import PDF, RLO, accented, mirrored
from tests.generator.conftest import quiet

SAMPLES = [
    "Discard {card}?",
    "Read the [rules](rules.html#melds), press [[key:draw_stock]] or open `#seed=123`.",
    "%(count)s points, 100%% sure",
    "A run such as [[5H 6H 7H]] is a <kbd>meld</kbd> &amp; more\n",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_a_pseudo_translation_keeps_what_is_not_words(text):
    for transform in (accented, mirrored):
        out = transform(text)
        assert found_placeholders(out) == found_placeholders(text)
        for kept in re.findall(r"\]\([^)]*\)|`[^`]*`|<[^>]*>|&\w+;", text):
            assert kept in out
        assert out.endswith("\n") == text.endswith("\n")


def test_en_xa_has_no_ascii_letter_left_and_is_about_40_percent_longer():
    text = "Take the upcard or pass: the other player may then take it."
    out = accented(text)
    assert not re.search(r"[A-Za-z]", out)
    assert 1.35 <= len(out) / len(text) <= 1.6
    assert out.startswith("⟦") and out.endswith("⟧")


def test_ar_xb_puts_every_word_in_a_right_to_left_override():
    out = mirrored("Knock with {card}: 7 points.")
    assert out == f"{RLO}Knock{PDF} {RLO}with{PDF} {{card}}: 7 {RLO}points{PDF}."


def test_the_direction_comes_from_the_language_s_data():
    assert language("ar").dir == "rtl" and language("he").dir == "rtl"
    assert language("fr").dir == "ltr" and language("vi").dir == "ltr"


def test_a_right_to_left_language_gets_rtl_pages(project):
    workflow.init_language(project, "ar", log=quiet)
    build.build(project, project / "site", log=quiet, warn=quiet, allow_incomplete=True)
    site = project / "site"
    for page in ("index.html", "rules.html", "404.html"):
        html = (site / "ar" / page).read_text(encoding="utf-8")
        assert re.search(r'<html lang="ar" dir="rtl"', html), page
    assert '<html lang="fr" dir="ltr"' in (site / "fr" / "faq.html").read_text(encoding="utf-8")
    # The language switcher names Arabic in its own direction on a left-to-right page.
    assert re.search(r'<a [^>]*lang="ar" dir="rtl"', (site / "fr" / "faq.html").read_text(encoding="utf-8"))


def test_pseudo_locales_are_built_only_when_asked_and_beside_the_site(project):
    reports = build.build(project, log=quiet, warn=quiet, pseudo=True)
    pseudo = project / build.PSEUDO_SITE
    assert {r.code for r in reports} == {"en", "fr", "vi", "en-XA", "ar-XB"}
    assert all(r.percent == 100 for r in reports if r.code in ("en-XA", "ar-XB"))
    faq = (pseudo / "en-XA" / "faq.html").read_text(encoding="utf-8")
    assert '<html lang="en-XA" dir="ltr"' in faq and "⟦" in faq
    assert '<html lang="ar-XB" dir="rtl"' in (pseudo / "ar-XB" / "faq.html").read_text(encoding="utf-8")
    assert not (project / "site").exists()
    build.build(project, log=quiet, warn=quiet)
    assert sorted(p.name for p in (project / "site").iterdir() if p.is_dir()) == ["en", "fr", "static", "vi"]
