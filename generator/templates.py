"""The Jinja2 environment: autoescaped, strict, with gettext bound to the `site` domain.

Jinja's newstyle gettext marks a translation as safe markup, so each lookup is sanitised
first (see generator.sanitize): a translator can use the inline tags of the English source,
nothing else.
"""

import traceback
from pathlib import Path

import jinja2

from generator.errors import BuildError
from generator.projectfiles import check_inside
from generator.readtext import read_text
from generator.sanitize import sanitize, source_tags


def make_environment(templates_dir, root=None):
    """Load and compile every template now, so a syntax error stops the build before writing.

    A template linked from outside the project folder `root` (by default the one holding
    `templates_dir`) is refused (generator.projectfiles)."""
    root = Path(templates_dir).absolute().parent if root is None else root
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    # Same whitespace rule as the extractor (babel.cfg `trimmed = true`), so msgids match.
    env.policies["ext.i18n.trimmed"] = True
    # Templates compile differently for newstyle gettext: set it before compiling any.
    env.install_null_translations(newstyle=True)
    for name in env.list_templates(extensions=["html", "xml"]):
        check_inside(Path(templates_dir) / name, root)
        read_text(Path(templates_dir) / name)  # UTF-8, or an error at the line
        try:
            env.get_template(name)
        except jinja2.TemplateSyntaxError as exc:
            raise BuildError("template syntax error: " + exc.message, Path(templates_dir) / name,
                             exc.lineno) from None
    return env


def install_language(env, messages):
    """Bind `_`, gettext, ngettext, pgettext, npgettext of the templates to one language."""

    def gettext(message):
        return sanitize(messages.gettext(message), source_tags(message))

    def ngettext(singular, plural, n):
        return sanitize(messages.ngettext(singular, plural, n), source_tags(singular + plural))

    def pgettext(context, message):
        return sanitize(messages.pgettext(context, message), source_tags(message))

    def npgettext(context, singular, plural, n):
        return sanitize(messages.npgettext(context, singular, plural, n),
                        source_tags(singular + plural))

    env.install_gettext_callables(gettext, ngettext, newstyle=True, pgettext=pgettext,
                                  npgettext=npgettext)


def render(env, name, context):
    """Render a template; a runtime error is reported at the template line that raised it."""
    try:
        return env.get_template(name).render(context)
    except jinja2.TemplateError as exc:
        raise _located(env, name, exc) from None
    except (TypeError, ValueError, KeyError) as exc:
        # e.g. a translation with a stray "%" breaks Jinja's %-formatting of trans blocks.
        raise _located(env, name, exc) from None


def _located(env, name, exc):
    templates_dir = Path(env.loader.searchpath[0]).resolve()
    path, line = templates_dir / name, None
    for frame in traceback.extract_tb(exc.__traceback__):
        try:
            Path(frame.filename).resolve().relative_to(templates_dir)
        except ValueError:
            continue
        path, line = frame.filename, frame.lineno
    return BuildError("template error: " + (getattr(exc, "message", None) or str(exc)), path, line)
