"""A polynomial target evaluates in its argument's arithmetic, without losing precision."""

from fractions import Fraction

import flint
import mpmath

from theorycheck.target import PolynomialTarget


def test_mpmath_argument_keeps_working_precision(fixed_precision):
    target = PolynomialTarget((Fraction(0), Fraction(1, 3), Fraction(0), Fraction(1, 7)))
    exact = Fraction(1, 3) * 2 + Fraction(1, 7) * 8  # 38/21
    value = target(mpmath.mpf(2))
    assert abs(value - mpmath.mpf(38) / 21) < mpmath.mpf(10) ** (-(mpmath.mp.dps - 2))
    assert abs(float(value) - float(exact)) < 1e-15


def test_arb_argument_encloses_the_exact_value(fixed_precision):
    target = PolynomialTarget((Fraction(1, 5), Fraction(-2, 3)))
    value = target(flint.arb(3))
    assert value.overlaps(flint.arb(flint.fmpq(-9, 5)))
    assert float(value.rad()) < 1e-14
    assert not value.overlaps(flint.arb(flint.fmpq(-9, 5)) + flint.arb("1e-10"))
