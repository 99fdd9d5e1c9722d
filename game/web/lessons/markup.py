"""A lesson's panel above the table (registered with the render: `game.web.table.render.piece`).
Pure Python."""

from game.training import progress
from game.web.play.lesson import step_text, suggestion, title, view_actions
from game.web.table.markup import button, esc
from game.web.table.pieces import piece
from game.web.words.i18n import _

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


@piece("panel")
def render_lesson(view, ui):
    """The panel above the table: what this hand is (training, not saved, not counted), the
    step and why; then the buttons to start again or go back to the player's own game."""
    lesson = ui.lesson["lesson"]
    out = ['<section class="g-lesson" aria-labelledby="g-lesson-title"><div class="g-lesson-head">',
           '<h2 class="g-title" id="g-lesson-title">' + esc(title(lesson)) + '</h2>',
           '<p class="g-lesson-note">' + esc(_("Training: this hand is not saved and does not count in your statistics."))
           + '</p></div>']
    on_script, index = progress(lesson, view_actions(view))
    out.append('<p class="g-lesson-step" data-step="' + (str(index) if on_script else "off") + '">'
               + esc(step_text(lesson, view)) + '</p>')
    was = suggestion(lesson, view)
    if was:
        out.append('<p class="g-lesson-was"><strong>' + esc(_("The suggested move was:")) + '</strong> ' + esc(was) + '</p>')
    out.append('</section>')
    # Beside the panel, not in it: during the hand, on a phone, the stylesheet moves them under
    # the table, so the step and the hand share the screen (at the end they stay on top).
    over = ' g-lesson-over' if view.turn is None else ''
    out.append('<div class="g-actions g-lesson-actions' + over + '">'
               + button("lesson_restart", _("Start again")) + button("lesson_leave", _("Back to your game")) + '</div>')
    return "".join(out)
