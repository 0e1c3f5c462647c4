"""Exact comparison of power-of-d exponents over a regime of parameters.

Rates in the paper are products d^{e(θ)} · polylog(d) where the exponent e is
linear in parameters θ = (ε_n, ε_p, ε_b, …) restricted by linear assumptions
(Assumption 2 and the like). "A ≪ B for d large" at every θ of the regime is
then the statement that e_A(θ) − e_B(θ) < 0 on the regime (or = 0 with a
smaller power of log d).

:func:`exponent_sup` maximises a linear exponent over the closure of the regime
with a linear program and returns **exact** evidence either way:

* an upper bound certified by a dual (Farkas) certificate: rational multipliers
  y ≥ 0 with Aᵀy = c, checked in exact arithmetic, so max c·θ ≤ b·y is proved;
* or a rational witness point strictly inside the regime where the exponent is
  positive, checked exactly against every strict inequality.

The floating-point LP only proposes; exact rational arithmetic decides.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np
import sympy as sp

from .errors import InputError


@dataclasses.dataclass(frozen=True)
class Regime:
    """Parameters and the linear inequalities that define where a claim is made.

    ``constraints`` are SymPy relationals (``>``, ``>=``, ``<``, ``<=``) linear in
    ``variables``; strict ones define an open region whose closure the LP uses.
    """

    variables: tuple[sp.Symbol, ...]
    constraints: tuple[sp.core.relational.Relational, ...]

    def rows(self) -> tuple[list[list[Fraction]], list[Fraction], list[bool]]:
        """Constraints as A θ ≤ b (exact rationals), with a flag for strictness."""
        A, b, strict = [], [], []
        for rel in self.constraints:
            if rel is sp.true:
                continue  # already implied by the symbols' assumptions
            if isinstance(rel, (sp.StrictGreaterThan, sp.GreaterThan)):
                expr = rel.rhs - rel.lhs  # lhs >= rhs  <=>  rhs - lhs <= 0
            elif isinstance(rel, (sp.StrictLessThan, sp.LessThan)):
                expr = rel.lhs - rel.rhs
            else:
                raise InputError(f"constraint {rel} is not an inequality")
            poly = sp.Poly(sp.expand(expr), *self.variables)
            if poly.total_degree() > 1:
                raise InputError(f"constraint {rel} is not linear in {self.variables}")
            A.append([Fraction(str(poly.coeff_monomial(v))) for v in self.variables])
            b.append(-Fraction(str(poly.coeff_monomial(1))))
            strict.append(isinstance(rel, (sp.StrictGreaterThan, sp.StrictLessThan)))
        return A, b, strict

    def contains(self, point: Mapping[sp.Symbol, Fraction]) -> bool:
        """Exact membership test (strict inequalities strictly)."""
        return all(bool(rel.subs({v: sp.Rational(point[v].numerator, point[v].denominator) for v in self.variables}))
                   for rel in self.constraints)


@dataclasses.dataclass(frozen=True)
class ExponentSup:
    """The supremum of a linear exponent over a regime, with exact evidence.

    ``sup`` is exact when ``certified_upper`` equals it; ``attained_inside`` says whether a point strictly inside
    the regime reaches a positive value (then ``witness`` holds it, with ``witness_value``).
    """

    sup: Fraction | None  # None: unbounded above
    certified_upper: Fraction | None
    maximiser: dict[str, str] | None
    witness: dict[str, str] | None
    witness_value: Fraction | None
    constant: bool

    def evidence(self) -> dict[str, object]:
        return {"sup_over_closure": None if self.sup is None else str(self.sup),
                "certified_upper_bound": None if self.certified_upper is None else str(self.certified_upper),
                "maximiser": self.maximiser, "witness": self.witness,
                "witness_value": None if self.witness_value is None else str(self.witness_value),
                "exponent_constant_on_regime": self.constant,
                "procedure": "LP over the closure; dual certificate or interior witness checked in exact rationals"}


def _linear(expr: sp.Expr, variables: Sequence[sp.Symbol]) -> tuple[list[Fraction], Fraction]:
    poly = sp.Poly(sp.expand(expr), *variables)
    if poly.total_degree() > 1:
        raise InputError(f"exponent {expr} is not linear in {variables}")
    return [Fraction(str(poly.coeff_monomial(v))) for v in variables], Fraction(str(poly.coeff_monomial(1)))


def _rational(x: float, limit: int = 10**6) -> Fraction:
    return Fraction(x).limit_denominator(limit)


def _interior_point(A: np.ndarray, b: np.ndarray) -> np.ndarray | None:
    """Chebyshev centre (largest inscribed ball, radius capped at 1): a point strictly inside, if any."""
    norms = np.linalg.norm(A, axis=1)
    m, n = A.shape
    c = np.zeros(n + 1)
    c[-1] = -1.0
    from scipy.optimize import linprog  # imported when needed: loading the claims stays fast

    res = linprog(c, A_ub=np.hstack([A, norms[:, None]]), b_ub=b, bounds=[(None, None)] * n + [(0, 1)], method="highs")
    if res.status != 0 or res.x[-1] <= 1e-9:
        return None
    return res.x[:-1]


def exponent_sup(exponent: sp.Expr, regime: Regime,
                 candidates: Sequence[Mapping[sp.Symbol, object]] = ()) -> ExponentSup:
    """Maximise the linear ``exponent`` over the closure of ``regime``; see the module docstring.

    ``candidates`` are readable parameter sets tried first (exactly) as witnesses of a positive exponent
    strictly inside the regime; the LP's own search is the fallback.
    """
    names = [str(v) for v in regime.variables]
    A_q, b_q, _ = regime.rows()
    c_q, c0 = _linear(exponent, regime.variables)
    A = np.array([[float(x) for x in row] for row in A_q]) if A_q else np.zeros((0, len(names)))
    b = np.array([float(x) for x in b_q])
    c = np.array([float(x) for x in c_q])
    from scipy.optimize import linprog  # imported when needed: loading the claims stays fast

    res = linprog(-c, A_ub=A, b_ub=b, bounds=[(None, None)] * len(names), method="highs")
    # is the exponent constant over the region? (max == min)
    res_min = linprog(c, A_ub=A, b_ub=b, bounds=[(None, None)] * len(names), method="highs")
    centre = _interior_point(A, b)
    if res.status == 2:
        raise InputError("the regime is empty")

    certified = None
    sup = None
    maximiser = None
    if res.status == 0:
        sup_float = -res.fun + float(c0)
        maximiser_q = [_rational(x) for x in res.x]
        maximiser = dict(zip(names, map(str, maximiser_q)))
        # dual certificate: y >= 0, A^T y = c  =>  c.x <= b.y on the closure
        y = [_rational(-m) for m in res.ineqlin.marginals]
        if all(v >= 0 for v in y) and all(
            sum(A_q[i][j] * y[i] for i in range(len(y))) == c_q[j] for j in range(len(names))
        ):
            certified = sum(b_q[i] * y[i] for i in range(len(y))) + c0
        value_at_max = sum(ci * xi for ci, xi in zip(c_q, maximiser_q)) + c0
        sup = certified if certified is not None and certified == value_at_max else _rational(sup_float)
    constant = res.status == 0 and res_min.status == 0 and abs((-res.fun) - res_min.fun) < 1e-12

    witness = witness_value = None
    for candidate in candidates:
        guess = [Fraction(str(candidate[v])) for v in regime.variables]
        value = sum(ci * xi for ci, xi in zip(c_q, guess)) + c0
        if value > 0 and regime.contains(dict(zip(regime.variables, guess))):
            witness, witness_value = dict(zip(names, map(str, guess))), value
            break
    if witness is None and centre is not None and (res.status == 3 or (sup is not None and sup > 0)):
        # move from the centre towards a high point (in a box if unbounded) until the exponent is positive
        if res.status == 0:
            direction_target = res.x
        else:
            boxed = linprog(-c, A_ub=A, b_ub=b, bounds=[(-1e3, 1e3)] * len(names), method="highs")
            direction_target = boxed.x
        for t in (0.5, 0.9, 0.99, 0.999, 0.9999):
            guess = [_rational(x) for x in (1 - t) * centre + t * direction_target]
            point = dict(zip(regime.variables, guess))
            value = sum(ci * xi for ci, xi in zip(c_q, guess)) + c0
            if value > 0 and regime.contains(point):
                witness = dict(zip(names, map(str, guess)))
                witness_value = value
                break
    return ExponentSup(sup, certified, maximiser, witness, witness_value, constant)
