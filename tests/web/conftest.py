"""The game in the page, tested in CPython: as in the worker once its second bundle is in, every
feature's module is imported (they declare their commands, effects, screens and hooks)."""

from tests.web.app.fakes import import_features

import_features()
