"""The refusal reasons docs/engine.md documents: the first column of its table of reasons."""

import re
from pathlib import Path

ENGINE_DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def documented_reasons():
    return frozenset(re.findall(r"^\| `([a-z_]+)` \|", ENGINE_DOC.read_text(encoding="utf-8"), re.MULTILINE))


DOCUMENTED = documented_reasons()
