"""Honest coverage: the build reports the real share per language and domain (as `make stats`)
and does not publish a language below min_coverage unless asked to."""

import re

import pytest

from generator import build, stats, workflow
from generator.config import load_config
from generator.errors import BuildError
from tests.generator.conftest import quiet

HEADER_ONLY = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
               '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n')


def run(project, **options):
    logs, warnings = [], []
    reports = build.build(project, project / "site", log=logs.append, warn=warnings.append, **options)
    return reports, logs, warnings


def published(site):
    return sorted(p.name for p in site.iterdir() if p.is_dir() and p.name != "static")


def test_a_header_only_catalogue_counts_as_untranslated_and_the_language_is_not_published(project):
    (project / "locales" / "fr" / "LC_MESSAGES" / "game.po").write_text(HEADER_ONLY, encoding="utf-8")
    reports, logs, warnings = run(project)
    site = project / "site"
    assert published(site) == ["en", "vi"]
    fr = next(r for r in reports if r.code == "fr")
    assert fr.pages == 0 and fr.percent < 80
    [line] = [w for w in warnings if w.startswith("warning: fr: not published")]
    game = stats.coverage(load_config(project), "fr", "game")
    assert f"game 0/{game.total}" in line and "min_coverage = 80" in line
    assert "--allow-incomplete" in line
    # No trace of fr anywhere on the site: switcher, hreflang, sitemap, root page.
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert 'hreflang="fr"' not in text and 'href="../fr/' not in text and '"fr/"' not in text, path
    assert "/fr/" not in (site / "sitemap.xml").read_text(encoding="utf-8")
    assert not list((site / "static").glob("*-fr.json"))


def test_allow_incomplete_publishes_it_and_the_log_tells_the_real_share(project):
    (project / "locales" / "fr" / "LC_MESSAGES" / "game.po").write_text(HEADER_ONLY, encoding="utf-8")
    reports, logs, warnings = run(project, allow_incomplete=True)
    assert published(project / "site") == ["en", "fr", "vi"]
    [line] = [entry for entry in logs if entry.startswith("fr:")]
    assert re.search(r"game 0\.0% \(0/\d+\)", line), line
    assert any("game.po: " in w and "are missing" in w for w in warnings)


def test_the_build_log_and_make_stats_agree(project):
    po = project / "locales" / "vi" / "LC_MESSAGES" / "site.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "[vi] Skip to content"', 'msgstr ""'), encoding="utf-8")
    _, logs, _ = run(project)
    table = []
    stats.stats(project, log=table.append)
    for lang in ("fr", "vi"):
        [line] = [entry for entry in logs if entry.startswith(lang + ":")]
        for row in table[1:]:
            if row.startswith("en "):
                continue
            code, domain, translated, fuzzy, untranslated, percent = row.split()
            if code != lang or domain == "total":
                continue
            total = int(translated) + int(fuzzy) + int(untranslated)
            assert f"{domain} {percent} ({translated}/{total})" in line, (line, row)
        total_row = next(r.split() for r in table if r.split()[:2] == [lang, "total"])
        assert line.split(", ", 1)[1].startswith(total_row[-1] + " translated"), line


def test_a_new_language_with_nothing_translated_is_not_published(project):
    workflow.init_language(project, "de", log=quiet)
    reports, _, warnings = run(project)
    assert "de" not in published(project / "site")
    assert any(w.startswith("warning: de: not published: 0.0% translated") for w in warnings)
    assert "Deutsch" not in (project / "site" / "en" / "rules.html").read_text(encoding="utf-8")


def set_min_coverage(project, value):
    text = (project / "site.toml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^min_coverage = .*$", "", text)
    (project / "site.toml").write_text(text + "\nmin_coverage = " + value + "\n", encoding="utf-8")


def test_min_coverage_comes_from_site_toml(project):
    (project / "locales" / "fr" / "LC_MESSAGES" / "game.po").write_text(HEADER_ONLY, encoding="utf-8")
    set_min_coverage(project, "10")
    run(project)
    assert published(project / "site") == ["en", "fr", "vi"]


@pytest.mark.parametrize("value", ["'high'", "120", "-1", "true"])
def test_a_bad_min_coverage_is_an_error(project, value):
    set_min_coverage(project, value)
    with pytest.raises(BuildError, match="min_coverage must be a percentage"):
        run(project)
