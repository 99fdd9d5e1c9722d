"""Worked examples: the hands written in a ```gin-example block, settled by the game engine.

The result (melds, deadwood, layoffs, kind of win, points) is computed, never typed, so the
guide cannot contradict the engine. An example is language-neutral; templates word it. Each one
can also be played: `play` is the code of its training position (`game.training.from_example`),
which the example's "Play this position" link puts in the Play page's address (`#train=`).
"""

from dataclasses import dataclass

from generator.errors import BuildError

_KEYS = ("knocker", "defender", "rules", "knocker_melds")


@dataclass(frozen=True)
class Example:
    knocker: tuple  # the cards as typed
    defender: tuple
    rules: object  # game.rules.Rules
    settlement: object  # game.scoring.Settlement
    play: str  # the training position's code (game.training.example_code)


def compute_example(fence, path):
    """Settle the example of one gin-example Fence; bad cards or an illegal knock are errors."""
    from game.cards import parse_cards
    from game.rules import Rules
    from game.scoring import settle
    from game.training import BadPosition, example_code, from_example

    fields, lines = {}, {}
    for offset, line in enumerate(fence.body.splitlines(), start=1):
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        where = (path, fence.line + offset)
        if not sep or key not in _KEYS:
            raise BuildError("gin-example lines are `key: value` with key one of " + ", ".join(_KEYS)
                             + "; got " + repr(line.strip()), *where)
        if key in lines:
            raise BuildError("gin-example: `" + key + ":` twice (first at line " + str(lines[key])
                             + "): keep one", *where)
        lines[key] = where[1]
        try:
            if key == "rules":
                fields[key] = Rules.preset(value.strip())
            elif key == "knocker_melds":
                fields[key] = [parse_cards(group) for group in value.split("|")]
            else:
                fields[key] = parse_cards(value)
        except ValueError as exc:
            raise BuildError("gin-example: " + str(exc), *where) from None
    for key in ("knocker", "defender"):
        if key not in fields:
            raise BuildError("gin-example needs a `" + key + ":` line", path, fence.line)
    cards = fields["knocker"] + fields["defender"]
    if len(set(cards)) != len(cards):
        raise BuildError("gin-example deals the same card twice", path, fence.line)
    rules = fields.get("rules") or Rules.preset("classic")
    held = len(fields["knocker"])
    if held == 11 and rules.big_gin_bonus is None:
        raise BuildError("gin-example: the knocker holds 11 cards, but a knocker holds 10 after "
                         "discarding (11 only for big gin, which these rules do not play): "
                         "remove the card they discard", path, lines["knocker"])
    try:
        result = settle(fields["knocker"], fields["defender"], rules=rules,
                        knocker_melds=fields.get("knocker_melds"))
    except Exception as exc:  # the engine's IllegalAction/ValueError say what is wrong
        raise BuildError("gin-example cannot be settled: " + str(exc), path, fence.line) from None
    try:  # the position its link opens must exist
        from_example(fields["knocker"], fields["defender"], rules)
    except BadPosition as exc:
        raise BuildError("gin-example cannot be played as a training position: " + str(exc), path, fence.line) from None
    code = example_code(fields["knocker"], fields["defender"], rules)
    return Example(tuple(fields["knocker"]), tuple(fields["defender"]), rules, result, code)
