"""Polynomial single-index targets σ_* with exact rational coefficients.

Part 1, Assumption 1: y = σ_*(⟨μ, x⟩) with σ_* a degree-q polynomial of
information exponent 1, i.e. α*_0 = 0 and α*_1 ≠ 0 where α*_k are the
(probabilist) Hermite coefficients of σ_*.

Hermite convention used throughout theorycheck (README, "Conventions"):
``σ_*(z) = Σ_k α*_k He_k(z)`` with ``α*_k = E[σ_*(Z) He_k(Z)] / k!`` (unnormalised);
the normalised coefficients are ``c_k = E[σ_*(Z) He_k(Z)] / √k! = √k! α*_k``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from fractions import Fraction

import mpmath
import sympy as sp

from .errors import InputError
from .expr import parse_formula

_Z = sp.Symbol("z", real=True)


def gaussian_moment(k: int) -> int:
    """E[Z^k] for Z ~ N(0, 1): (k-1)!! for even k, 0 for odd k."""
    if k % 2:
        return 0
    return math.prod(range(k - 1, 0, -2)) if k else 1


def gaussian_expectation(poly: sp.Expr, z: sp.Symbol = _Z) -> sp.Rational:
    """E[poly(Z)] for Z ~ N(0, 1), exactly: Σ_k c_k E[Z^k] (:func:`gaussian_moment`), for a polynomial in ``z`` with
    rational coefficients.

    >>> zz = sp.Symbol("z", real=True)
    >>> gaussian_expectation((zz**3 - 2 * zz) ** 2 * zz**2, zz), gaussian_expectation(zz**3 + zz, zz)
    (57, 0)
    """
    terms = sp.Poly(sp.expand(poly), z).terms()
    return sp.Rational(sum(sp.Rational(c) * gaussian_moment(m[0]) for m, c in terms))


def he_coefficients(n: int) -> list[int]:
    """Monomial coefficients of the probabilists' Hermite polynomial He_n (lowest degree first).

    Recurrence He_{n+1}(x) = x He_n(x) - n He_{n-1}(x) (DLMF 18.9.1 with He_0 = 1, He_1 = x).
    """
    prev, cur = [1], [0, 1]
    if n == 0:
        return prev
    for m in range(1, n):
        nxt = [0] + cur
        for i, c in enumerate(prev):
            nxt[i] -= m * c
        prev, cur = cur, nxt
    return cur


def _degree_bound(expr: sp.Expr, var: sp.Symbol) -> int:
    """An upper bound on the degree in ``var`` of a polynomial expression, read from its tree without expanding it
    (sums: the largest, products: the sum, integer powers: the multiple); exact unless terms cancel."""
    if not expr.has(var):
        return 0
    if expr == var:
        return 1
    if isinstance(expr, sp.Add):
        return max(_degree_bound(a, var) for a in expr.args)
    if isinstance(expr, sp.Mul):
        return sum(_degree_bound(a, var) for a in expr.args)
    if isinstance(expr, sp.Pow) and expr.exp.is_Integer and expr.exp >= 0:
        return _degree_bound(expr.base, var) * int(expr.exp)
    return int(sp.degree(sp.expand(expr), var))


#: the largest degree of a target σ_* (proofs.regime.DEGREES ends at 128; referee AD: parsing x^1001 hung)
MAX_TARGET_DEGREE = 128


@dataclasses.dataclass(frozen=True)
class PolynomialTarget:
    """A polynomial link function σ_*(z) = Σ_k coefficients[k] z^k (exact rationals).

    Construct with :meth:`from_coefficients` or :meth:`parse`; both validate.
    ``require_information_exponent_one`` (default True) enforces Assumption 1.
    """

    coefficients: tuple[Fraction, ...]

    @classmethod
    def from_coefficients(
        cls, coefficients: Sequence[object], *, require_information_exponent_one: bool = True
    ) -> PolynomialTarget:
        try:
            coeffs = [Fraction(str(c)) if not isinstance(c, (int, Fraction)) else Fraction(c) for c in coefficients]
        except (ValueError, ZeroDivisionError):
            raise InputError(f"target coefficients must be rational numbers, got {list(coefficients)!r}") from None
        while coeffs and coeffs[-1] == 0:
            coeffs.pop()
        if not coeffs:
            raise InputError("target polynomial is identically zero")
        target = cls(tuple(coeffs))
        if require_information_exponent_one:
            target.require_information_exponent_one()
        return target

    @classmethod
    def parse(cls, text: str, *, require_information_exponent_one: bool = True) -> PolynomialTarget:
        """Parse a polynomial such as ``"x^3 - 3*x"`` (variable x or z) with :func:`parse_formula` (no eval)."""
        expr = parse_formula(text, variables=("x", "z"))
        free = expr.free_symbols
        if len(free) > 1:
            raise InputError(f"target {text!r} must be a polynomial in one variable, found {sorted(map(str, free))}")
        var = next(iter(free)) if free else sp.Symbol("x")
        if not expr.is_polynomial(var):
            raise InputError(f"target {text!r} is not a polynomial in {var}; the paper assumes a polynomial σ_* "
                             f"(Assumption 1)")
        bound = _degree_bound(expr, var)  # before expanding: x^999999999 would build a dense polynomial (referee AE)
        if bound > MAX_TARGET_DEGREE:
            raise InputError(f"target {text!r} has degree up to {bound}; give one of degree at most "
                             f"{MAX_TARGET_DEGREE} (the largest the checks use)")
        poly = sp.Poly(sp.expand(expr), var)
        coeffs = poly.all_coeffs()[::-1]
        if any(not c.is_rational for c in coeffs):
            raise InputError(f"target {text!r} must have rational coefficients, got {coeffs}")
        return cls.from_coefficients([Fraction(int(c.p), int(c.q)) for c in coeffs],
                                     require_information_exponent_one=require_information_exponent_one)

    @property
    def degree(self) -> int:
        return len(self.coefficients) - 1

    def hermite_coefficients(self) -> tuple[Fraction, ...]:
        """α*_k = E[σ_*(Z) He_k(Z)] / k! for k = 0..q, exactly (Part 1, §2.5).

        With E[Z^i He_k(Z)] = i!/(2^m m!) when i − k = 2m ≥ 0 (else 0; Gaussian integration by parts k times),
        α*_k = Σ_m c_{k+2m} (k+2m)!/(k! 2^m m!): O(q²) exact operations (the double sum over both polynomials'
        coefficients, O(q³), took a minute at q = 128: referee AN). The double sum is the reference in
        tests/test_target.py."""
        q = self.degree
        cs = self.coefficients
        return tuple(
            sum((cs[k + 2 * m] * Fraction(math.factorial(k + 2 * m), math.factorial(k) * 2**m * math.factorial(m))
                 for m in range((q - k) // 2 + 1)), Fraction(0))
            for k in range(q + 1))

    def normalised_hermite_coefficients(self) -> tuple[float, ...]:
        """c_k = E[σ_*(Z) He_k(Z)] / √k! (floats: √k! is irrational)."""
        return tuple(float(a) * math.sqrt(math.factorial(k)) for k, a in enumerate(self.hermite_coefficients()))

    def information_exponent(self) -> int:
        """Smallest k ≥ 1 with α*_k ≠ 0 (the paper's definition, Part 1 Assumption 1, after Ben Arous et al.)."""
        for k, a in enumerate(self.hermite_coefficients()):
            if k >= 1 and a != 0:
                return k
        raise InputError("target is constant: it has no information exponent")

    def require_information_exponent_one(self) -> None:
        alpha = self.hermite_coefficients()[:2]
        if alpha[0] != 0:
            # suggest the subtraction only where it leaves a valid target (a new user followed it into the next error)
            fix = (f" (subtract {alpha[0]})" if len(alpha) > 1 and alpha[1] != 0 else
                   "; and α*_1 = E[σ_*(Z) Z] = 0 too: it also needs information exponent 1 (a linear term)")
            raise InputError(f"target has α*_0 = E[σ_*(Z)] = {alpha[0]} ≠ 0; Part 1 Assumption 1 needs a centred "
                             f"target{fix}")
        if len(alpha) < 2 or alpha[1] == 0:
            raise InputError(f"target has α*_1 = E[σ_*(Z) Z] = 0: its information exponent is "
                             f"{self.information_exponent()}, but Part 1 Assumption 1 needs information exponent 1")

    def sympy(self, var: sp.Symbol = _Z) -> sp.Expr:
        return sum(
            (sp.Rational(c.numerator, c.denominator) * var**k for k, c in enumerate(self.coefficients)), sp.Integer(0)
        )

    def __call__(self, z):
        """Evaluate by Horner's rule on floats, NumPy arrays, mpf/mpc and arb/acb.

        Coefficients enter in the argument's own arithmetic: exact rationals become
        mpf at the working precision for mpmath arguments, floats otherwise.
        """
        if isinstance(z, (mpmath.mpf, mpmath.mpc)):
            coefficients = [mpmath.mpf(c.numerator) / c.denominator for c in self.coefficients]
        elif type(z).__module__.startswith("flint"):
            coefficients = [type(z)(c.numerator) / c.denominator for c in self.coefficients]
        else:
            coefficients = [float(c) for c in self.coefficients]
        acc = 0 * z
        for c in reversed(coefficients):
            acc = acc * z + c
        return acc

    def derivative(self) -> tuple[Fraction, ...]:
        return tuple(k * c for k, c in enumerate(self.coefficients))[1:] or (Fraction(0),)

    def __str__(self) -> str:
        return str(self.sympy(sp.Symbol("z")))
