"""Exact exponent comparison over linear regimes (theorycheck.exponents)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

from theorycheck.errors import InputError
from theorycheck.exponents import Regime, exponent_sup

x, y = sp.symbols("x y", real=True)
BOX = Regime((x, y), (x > 0, y > 0, x < 1, y < 1))


def test_certified_maximum_on_a_box():
    result = exponent_sup(x + 2 * y - 4, BOX)
    assert result.sup == -1 and result.certified_upper == -1 and result.witness is None


def test_positive_exponent_gets_an_exact_interior_witness():
    result = exponent_sup(x + y - Fraction(3, 2), BOX)
    assert result.witness is not None and result.witness_value > 0
    point = {x: Fraction(result.witness["x"]), y: Fraction(result.witness["y"])}
    assert BOX.contains(point)


def test_unbounded_regime_reports_unbounded_with_witness():
    result = exponent_sup(x - 5, Regime((x,), (x > 0,)))
    assert result.sup is None and result.witness is not None


def test_candidates_are_preferred_as_witnesses():
    result = exponent_sup(x - Fraction(1, 2), BOX, [{x: "3/4", y: "1/2"}])
    assert result.witness == {"x": "3/4", "y": "1/2"}


def test_nonlinear_and_empty_input_rejected():
    with pytest.raises(InputError):
        exponent_sup(x * y, BOX)
    with pytest.raises(InputError):
        Regime((x,), (x**2 > 1,)).rows()
    with pytest.raises(InputError, match="empty"):
        exponent_sup(x, Regime((x,), (x > 1, x < 0)))


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(-10, 10))
def test_sup_matches_vertex_enumeration(a, b, c):
    result = exponent_sup(a * x + b * y + c, BOX)
    vertices = [a * vx + b * vy + c for vx in (0, 1) for vy in (0, 1)]
    assert result.sup == max(vertices)
    assert result.certified_upper == max(vertices)
