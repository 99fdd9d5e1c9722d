"""One plural evaluator: the tree the page evaluates (game.web.words.i18n.plural_index over
generator.plurals.parse) gives, for every n from 0 to 1000, the form gettext itself gives
(gettext.c2py), for every catalogue of the project and for generated C expressions."""

import gettext
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.web.words.i18n import plural_index
from generator.catalogs import read_catalog
from generator.plurals import CHECKED, PluralError, parse, plural_function

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted((ROOT / "locales").glob("*/LC_MESSAGES/*.po"))


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: "/".join(p.parts[-3::2]))
def test_every_catalogues_rule_is_evaluated_as_gettext_does(path):
    catalog = read_catalog(path, path.parts[-3], path.stem)
    tree, oracle = parse(catalog.plural_expr), gettext.c2py(catalog.plural_expr)
    assert [plural_index(tree, n) for n in CHECKED] == [oracle(n) for n in CHECKED]


def expressions():
    """Plural rules of the gettext grammar as translators write them: arithmetic on n (no
    division: dividing by zero is refused by the checks, never evaluated), comparisons, the
    logic of comparisons (Python's gettext returns an operand for || and && where C returns
    1 or 0; plural rules only join comparisons, where the two agree), and conditionals that
    choose a form. C's precedence is tested by leaving some parentheses out."""
    number = st.integers(0, 120).map(str)
    arithmetic = st.recursive(st.one_of(st.just("n"), number), lambda inner: st.tuples(
        inner, st.sampled_from(["+", "-", "*", "%"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        max_leaves=4)
    comparison = st.tuples(arithmetic, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]),
                           arithmetic).map(lambda t: f"{t[0]} {t[1]} {t[2]}")
    logic = st.recursive(comparison, lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["&&", "||"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        inner.map(lambda e: f"!({e})")), max_leaves=4)
    return st.recursive(logic, lambda inner: st.tuples(logic, inner, inner).map(
        lambda t: f"{t[0]} ? {t[1]} : {t[2]}"), max_leaves=3)


@settings(max_examples=300, deadline=None)
@given(expressions())
def test_generated_expressions_are_evaluated_as_gettext_does(expression):
    tree, oracle = parse(expression), gettext.c2py(expression)
    for n in range(0, 1001, 7):
        if "%" in expression:  # gettext raises on x % 0 where the page's evaluator says 0
            try:
                expected = oracle(n)
            except ZeroDivisionError:
                continue
        else:
            expected = oracle(n)
        assert plural_index(tree, n) == expected, (expression, n)


def test_a_rule_that_divides_by_zero_or_leaves_the_forms_is_refused():
    with pytest.raises(PluralError, match="divides by zero for n = 0"):
        plural_function("(n % n)", 2)
    with pytest.raises(PluralError, match="gives form 2 for n = 0"):
        plural_function("(n == 0 ? 2 : 0)", 2)
    with pytest.raises(PluralError, match="does not parse"):
        plural_function("(n > ", 2)
    assert plural_function("(n > 1)", 2)(2) == 1
