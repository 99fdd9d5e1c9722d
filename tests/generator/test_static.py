"""Only intended static files are published; the build names the ones it left out."""

from generator import build
from generator.static import is_published
from tests.generator.conftest import quiet


def test_the_publish_rule():
    for name in ("site.css", "lang.js", "favicon.svg", "fonts/a.woff2", "img/x.png"):
        assert is_published(name), name
    for name in (".env", "site.css~", "site.css.bak", ".site.css.swp", "site.css.swp", ".git/config",
                 ".hidden/a.css", "notes.md", "Makefile", "site.css.orig", "service-account.json",
                 "notes.txt", "creds.json"):
        assert not is_published(name), name


def test_dotfiles_and_backups_are_left_out_and_named(project):
    static = project / "site_templates" / "static"
    (static / ".env").write_text("SECRET=1")
    (static / "site.css~").write_text("old")
    (static / ".cache").mkdir()
    (static / ".cache" / "x.js").write_text("x")
    warnings = []
    site = project / "site"
    build.build(project, site, log=quiet, warn=warnings.append)
    published = sorted(p.relative_to(site / "static").as_posix() for p in (site / "static").rglob("*"))
    assert ".env" not in published and "site.css~" not in published and ".cache" not in published
    assert "site.css" in published and "lang.js" in published
    [line] = [w for w in warnings if "not published" in w]
    assert str(static / ".env") in line and str(static / "site.css~") in line
    assert str(static / ".cache" / "x.js") in line


def test_stylesheets_are_published_minified_and_other_files_as_they_are(project):
    static = project / "site_templates" / "static"
    (static / "extra.css").write_text("/* a comment */\n.a  {\n  color : red ;\n}\n.b { content: \"/* kept */\"; }\n")
    (static / "extra.js").write_text("// a comment\nvar x = 1;\n")
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    assert (site / "static" / "extra.css").read_text() == '.a{color:red}.b{content:"/* kept */"}'
    assert (site / "static" / "extra.js").read_text() == "// a comment\nvar x = 1;\n"
