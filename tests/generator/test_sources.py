"""The code is the source of the words: the catalogues are in step with it (`make check`
fails otherwise, naming the message and its line), and coverage counts the code's messages."""

from generator import build, stats, workflow
from generator.config import load_config
from tests.generator.conftest import REPO, quiet


def test_the_checkout_s_catalogues_are_what_make_extract_and_update_po_write():
    """A message added to the code and not extracted, one removed, a moved line, a .po saved
    by a tool that wraps its own way: each is named here (run `make extract update-po`)."""
    assert workflow.drift(REPO) == []


def add_footer_words(project, words="Share this page with a friend"):
    template = project / "site_templates" / "base.html"
    text = template.read_text(encoding="utf-8")
    text = text.replace("</footer>", '<p>{{ _("' + words + '") }}</p>\n</footer>', 1)
    template.write_text(text, encoding="utf-8")
    return text[:text.index(words)].count("\n") + 1


def test_a_message_not_extracted_is_named_at_its_line_and_counted_untranslated(project):
    line = add_footer_words(project)
    where = f"site_templates/base.html:{line}: msgid 'Share this page with a friend' is not in"
    assert [entry for entry in workflow.drift(project) if entry.startswith(where)]
    warnings = []
    reports = build.build(project, project / "site", log=quiet, warn=warnings.append)
    assert [w for w in warnings if w.startswith("warning: " + where + " locales/site.pot")]
    fr = next(report for report in reports if report.code == "fr")
    site = fr.coverage[0]
    assert (site.domain, site.missing) == ("site", 1) and site.translated == site.total - 1
    assert stats.stats(project, log=quiet) == ["fr", "vi"]  # below 100 %: the code has one more
    # The page shows it, in English, in French: what the coverage says.
    assert "Share this page with a friend" in (project / "site" / "fr" / "faq.html").read_text(encoding="utf-8")
    workflow.extract(project, log=quiet)
    workflow.update(project, log=quiet)
    assert workflow.drift(project) == []
    assert stats.coverage(load_config(project), "fr", "site").untranslated == 1


def test_a_message_the_code_dropped_is_named_in_the_template(project):
    faq = project / "content" / "faq.md"
    faq.write_text(faq.read_text(encoding="utf-8").replace("No: the ace is always low.\n", ""),
                   encoding="utf-8")
    pot = (project / "locales" / "content.pot").read_text(encoding="utf-8")
    line = pot[:pot.index('msgid "No: the ace is always low."')].count("\n") + 1
    assert (f"locales/content.pot:{line}: msgid 'No: the ace is always low.' is no longer in the "
            "sources") in workflow.drift(project)


def test_a_moved_message_and_a_po_out_of_step_are_named(project):
    template = project / "site_templates" / "base.html"
    template.write_text("{# a new first line #}\n" + template.read_text(encoding="utf-8"),
                        encoding="utf-8")
    [moved, *_, advice] = workflow.drift(project)
    text = template.read_text(encoding="utf-8")
    line = text[:text.index('_("Skip to content")')].count("\n") + 1
    assert "msgid 'Skip to content': its source lines or notes changed (now " \
           f"site_templates/base.html:{line})" in moved
    assert advice == "run `make extract update-po` and commit the catalogues"
    workflow.extract(project, log=quiet)
    lines = workflow.drift(project)
    assert lines and all("make update-po would change" in line for line in lines)
    assert lines[0].startswith("locales/en/LC_MESSAGES/site.po:")
    workflow.update(project, log=quiet)
    assert workflow.drift(project) == []
