"""Safe formula parsing and polynomial targets (Part 1, Assumption 1)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from theorycheck.errors import InputError
from theorycheck.expr import parse_formula
from theorycheck.target import PolynomialTarget, gaussian_moment, he_coefficients


def test_parse_keeps_exact_rationals_and_power_precedence():
    import sympy as sp

    x = sp.Symbol("x", real=True)
    assert parse_formula("x^3 - 3*x") == x**3 - 3 * x
    assert parse_formula("0.1*x") == sp.Rational(1, 10) * x
    assert parse_formula("-x^2") == -(x**2)


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os').system('true')",
        "x.real",
        "x[0]",
        "lambda: 1",
        "open('f')",
        "x if x else 1",
        "y + 1",
        "",
        "   ",
        "x +",
        "exp(x=1)",
    ],
)
def test_parse_rejects_anything_but_arithmetic(text):
    with pytest.raises(InputError):
        parse_formula(text)


def test_hermite_polynomials_match_the_rodrigues_definition():
    # Part 1 §2.5: He_n = (-1)^n e^{x^2/2} d^n/dx^n e^{-x^2/2}
    import sympy as sp

    x = sp.Symbol("x")
    for n in range(8):
        rodrigues = sp.expand(sp.simplify((-1) ** n * sp.exp(x**2 / 2) * sp.diff(sp.exp(-(x**2) / 2), x, n)))
        assert sp.Poly(rodrigues, x).all_coeffs()[::-1] == he_coefficients(n)


def test_gaussian_moments():
    assert [gaussian_moment(k) for k in range(9)] == [1, 0, 1, 0, 3, 0, 15, 0, 105]


def test_hermite_coefficients_of_he3_plus_he1():
    # z^3 - 2z = He_3 + He_1 exactly
    target = PolynomialTarget.parse("z^3 - 2*z")
    assert target.hermite_coefficients() == (0, 1, 0, 1)
    assert target.information_exponent() == 1
    assert target.normalised_hermite_coefficients()[3] == pytest.approx(math.sqrt(6))


@given(st.lists(st.integers(-5, 5), min_size=2, max_size=6))
def test_hermite_expansion_reconstructs_the_polynomial(coeffs):
    if not any(coeffs):
        return
    target = PolynomialTarget.from_coefficients(coeffs, require_information_exponent_one=False)
    alpha = target.hermite_coefficients()
    rebuilt = [Fraction(0)] * len(alpha)
    for k, a in enumerate(alpha):
        for j, h in enumerate(he_coefficients(k)):
            rebuilt[j] += a * h
    assert tuple(rebuilt) == target.coefficients


@pytest.mark.parametrize(
    "text, message",
    [
        ("x^2 - 1", "information exponent is 2"),
        ("x^2", "α\\*_0"),
        ("exp(x)", "not a polynomial"),
        ("x*z", "one variable"),
        ("sqrt(2)*x", "rational"),
        ("0*x", "identically zero"),
    ],
)
def test_bad_targets_are_reported_clearly(text, message):
    with pytest.raises(InputError, match=message):
        PolynomialTarget.parse(text)


def test_target_evaluates_on_arrays():
    target = PolynomialTarget.parse("x^3 - 2*x")
    z = np.linspace(-2, 2, 5)
    np.testing.assert_allclose(target(z), z**3 - 2 * z)
    assert target(2.0) == 4.0
    assert target.derivative() == (-2, 0, 3)


def test_he3_alone_has_information_exponent_three():
    with pytest.raises(InputError, match="information exponent is 3"):
        PolynomialTarget.parse("x^3 - 3*x")


@pytest.mark.parametrize("text, column", [("x^^3", 3), ("x^3 +* 2", 6), ("x^2 ^ ^ x", 7)])
def test_parse_errors_quote_the_formula_as_written(text, column):
    """A syntax error names the user's text and the column in it, not the text after ^ was read as **."""
    with pytest.raises(InputError) as err:
        parse_formula(text)
    message = str(err.value)
    assert repr(text) in message and "**" not in message and f"at column {column}" in message
    assert text[column - 1] in "^*"


def test_parse_errors_name_the_written_piece_and_the_end():
    """The piece not allowed is quoted as written (^, not **); a formula that ends too early says so; a multi-line
    formula gets its line (referee AI)."""
    with pytest.raises(InputError, match=r"contains '\(x\^2\)\[0\]'"):
        parse_formula("(x^2)[0] + 1")
    with pytest.raises(InputError, match="at the end$"):
        parse_formula("x^3 +")
    with pytest.raises(InputError, match=r"contains '\[1\]'"):  # columns past a non-ASCII letter (UTF-8 bytes)
        parse_formula("é + x^2 + [1]", variables=("x", "é"))
    with pytest.raises(InputError, match=r"contains '\[1\]'"):  # a bare carriage return breaks a line too
        parse_formula("(x +\r [1])")  # deliberate control character
    with pytest.raises(InputError, match="at line 2, column 4"):
        parse_formula("(x^2 +\n1 ^* 3)")


@pytest.mark.parametrize("text", ["9^9^9^9", "x*10^(10^7)", "x^1025", "(2^1000)^1000*x", "1" * 500 + "*x",
                                  "x" + "+x" * 6000, "x\udcff", "x*1e999999999", "1e9999", "0x10*x"])
def test_formulas_that_would_exhaust_time_or_memory_are_refused_at_once(text):
    """Referee AN: SymPy evaluates numeric powers eagerly; 9^9^9^9 hung the parser, deaf to Ctrl-C."""
    from theorycheck.errors import InputError
    from theorycheck.expr import parse_formula

    with pytest.raises(InputError):  # refused before anything large is built (else this test would hang)
        parse_formula(text)


def test_hermite_coefficients_closed_form_is_the_double_sum():
    """α*_k by E[Z^i He_k] = i!/(2^m m!) (O(q²)) against the definition's double sum over both polynomials."""
    import math
    import random
    from fractions import Fraction

    from theorycheck.target import PolynomialTarget, gaussian_moment, he_coefficients

    rng = random.Random(7)
    for _ in range(40):
        q = rng.randint(1, 14)
        cs = [Fraction(rng.randint(-9, 9), rng.randint(1, 6)) for _ in range(q + 1)]
        cs[-1] = cs[-1] or Fraction(1)
        t = PolynomialTarget.from_coefficients(cs, require_information_exponent_one=False)
        reference = tuple(Fraction(sum(c * h * gaussian_moment(i + j) for i, c in enumerate(t.coefficients)
                                       for j, h in enumerate(he_coefficients(k))), math.factorial(k))
                          for k in range(t.degree + 1))
        assert t.hermite_coefficients() == reference
