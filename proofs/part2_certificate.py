r"""Part 2, §3.3 (Theorem 6), Steps 1, 3, 4: the certificate a(b) (claim family ``cert.*``).

The formula claims are :class:`~theorycheck.statement.Statement` objects written once below; each checker takes
the statement and evaluates its sides (symbols such as the degree n, the sign ± and the coefficients c_n of f are
substituted, sums and derivatives done by SymPy, then mpmath at ≥ 30 digits or exact SymPy algebra). Two claims
whose statement is a reading of the whole construction (``cert.convolution-form``, ``cert.closed-form``) keep
their LaTeX text and take callables. Corrections are attached only when the same check verified them.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

import mpmath
import sympy as sp
from flint import acb, arb, ctx

from theorycheck import Claim, inconclusive, refuted, verified
from theorycheck import certificate as cert
from theorycheck import fourier as fr
from theorycheck.claims import Verdict
from theorycheck.numerics import ball_cache, slope_fit
from theorycheck.statement import decides

from .part2_fourier_common import (
    AGAINST_CORRECTED,
    DPS,
    PI,
    Statement,
    ball_mid,
    discrepancy_and_error,
    fmt,
    instance,
    rel_diff,
    side_function,
    to_mpf,
)
from .symbols import c, eta, gamma, k, n_H, pm, q, t, x

_SQ = sp.sqrt(gamma)
_XH = sp.pi * t / _SQ  # πt/√γ
_SHIFT = sp.pi * _SQ / (2 * eta)  # π√γ/(2η)

# =============================================================================== the statements (one home each)

#: Step 3, display (2, 37): π²t²/γ − π²t/η = (πt/√γ − π√γ/(2η))² − π²γ/(4η²).
COMPLETE_SQUARE = Statement(
    sp.pi**2 * t**2 / gamma - sp.pi**2 * t / eta,
    "=",
    (_XH - _SHIFT) ** 2 - sp.pi**2 * gamma / (4 * eta**2),
    variables=(t, gamma, eta),
    name="cert.complete-square",
)

#: Step 3, displays (2, 36) and (2, 44), the definitions: Δ^±_n(t) = (π/√γ)(−i/2π)^n H_n(πt/√γ) e^{−π²t²/γ ± π²t/η}.
DELTA_DEFINITION = (
    sp.pi
    / _SQ
    * (-sp.I / (2 * sp.pi)) ** n_H
    * sp.hermite(n_H, _XH)
    * sp.exp(-(sp.pi**2) * t**2 / gamma + pm * sp.pi**2 * t / eta)
)

#: Step 3, display (2, 38): Δ^+_n = (π/√γ) e^{π²γ/4} (−i/2π)^n H_n(πt/√γ) e^{−[πt/√γ − π√γ/(2η)]²}.
DELTA_PLUS = Statement(
    DELTA_DEFINITION.subs(pm, 1),
    "=",
    sp.pi
    / _SQ
    * sp.exp(sp.pi**2 * gamma / 4)
    * (-sp.I / (2 * sp.pi)) ** n_H
    * sp.hermite(n_H, _XH)
    * sp.exp(-((_XH - _SHIFT) ** 2)),
    variables=(n_H, gamma, eta, t),
    lhs_latex=r"\Delta^+_n(t)",
    name="cert.delta-plus",
)


def hermite_shift_rhs(factor: sp.Expr) -> sp.Expr:
    """(−1)^n Σ_k C(n,k) H_k(πt/√γ − π√γ/(2η)) factor^{n−k}: the right side of display (2, 39) with a given factor."""
    return (-1) ** n_H * sp.Sum(sp.binomial(n_H, k) * sp.hermite(k, _XH - _SHIFT) * factor ** (n_H - k), (k, 0, n_H))


#: Step 3, display (2, 39), first line: (−1)^n H_n(πt/√γ) = (−1)^n Σ_k C(n,k) H_k(πt/√γ − π√γ/(2η)) [−π√γ/η]^{n−k}.
HERMITE_SHIFT = Statement(
    (-1) ** n_H * sp.hermite(n_H, _XH),
    "=",
    hermite_shift_rhs(-2 * _SHIFT),
    variables=(n_H, t, gamma, eta),
    name="cert.hermite-shift",
)
#: display (2, 39), second line: Σ_k C(n,k) (−1)^k H_k(πt/√γ − π√γ/(2η)) [π√γ/η]^{n−k}
HERMITE_SHIFT_SECOND_LINE = sp.Sum(
    sp.binomial(n_H, k) * (-1) ** k * sp.hermite(k, _XH - _SHIFT) * (2 * _SHIFT) ** (n_H - k), (k, 0, n_H)
)

#: Step 3, displays (2, 43) and (2, 45): \check{Δ}^±_n(x) = √(γ/π) e^{π²γ/4 − γx² ± iπ²√γ/η} [x ± i√γ/(2η)]^n.
DELTA_INVERSE = Statement(
    sp.Symbol("Delta_check"),
    "=",
    sp.sqrt(gamma / sp.pi)
    * sp.exp(sp.pi**2 * gamma / 4 - gamma * x**2 + pm * sp.I * sp.pi**2 * _SQ / eta)
    * (x + pm * sp.I * _SQ / (2 * eta)) ** n_H,
    variables=(n_H, gamma, eta, x, pm),
    lhs_latex=r"\check{\Delta}^{\pm}_n(x)",
    name="cert.delta-inverse",
)
_W = x - pm * sp.I * sp.pi / (2 * eta)
#: derived: \check{Δ}^±_n(x) = √π (√γ/π)^n (x ∓ iπ/(2η))^n e^{−γ(x ∓ iπ/(2η))²}
DELTA_INVERSE_CORRECT = sp.sqrt(sp.pi) * (_SQ / sp.pi) ** n_H * _W**n_H * sp.exp(-gamma * _W**2)

_HG = sp.Sum(c[n_H] * (-sp.I / (2 * sp.pi)) ** n_H * sp.hermite(n_H, _XH), (n_H, 0, q))
#: Step 3, display (2, 35):
#: \widehat{aφ}(t) = η(i/8)√(π/γ) Σ c_n (−i/2π)^n H_n(πt/√γ) e^{−π²t²/γ}(e^{π²t/η} − e^{−π²t/η}).
FOURIER_A_PHI = Statement(
    sp.Symbol("aphi_hat"),
    "=",
    eta
    * sp.I
    / 8
    * sp.sqrt(sp.pi / gamma)
    * _HG
    * sp.exp(-(sp.pi**2) * t**2 / gamma)
    * (sp.exp(sp.pi**2 * t / eta) - sp.exp(-(sp.pi**2) * t / eta)),
    variables=(q, gamma, eta, t),
    lhs_latex=r"\widehat{a\cdot\phi}(t)",
    name="cert.fourier-a-phi",
)
#: \hat f_γ(s), s any argument, as printed in the readings below (the name is LaTeX)
F_GAMMA_HAT = sp.Function(r"\hat{f}_{\gamma}")


def with_f_gamma_hat(expr: sp.Expr) -> sp.Expr:
    r"""``expr`` with every \hat f_γ(s) written out: Σ_n c_n \widehat{x^n e^{−γx²}}(s)
    (:data:`theorycheck.fourier.GAUSSIAN_POLYNOMIAL_TRANSFORM` at s), the form the checks evaluate."""
    return expr.replace(F_GAMMA_HAT, lambda s: sp.Sum(c[n_H] * fr.GAUSSIAN_POLYNOMIAL_TRANSFORM.subs(t, s),
                                                       (n_H, 0, q)))


#: derived (\widehat{tanh}(t) = −iπ csch(π²t), time scaling): the transform of the a·φ that reconstructs f_γ under
#: each reading of :func:`check_fourier_a_phi`, with \hat f_γ unexpanded; the one home of each formula (the checks
#: evaluate :func:`with_f_gamma_hat` of it, the records print it). ``plus`` (Theorem 6 as stated,
#: E_b[a(b)σ(ηz + b)] = f_γ(z); a·φ(b) = (1/π) Im f_γ((iπ/2 − b)/η), cert.closed-form's correction):
#: −(iη/π) sinh(π²t) \hat f_γ(−ηt). ``minus`` (the form the proof works with, E_b[a(b)σ(ηz − b)] = f_γ(z), f not
#: replaced by −f(−x)): (iη/π) sinh(π²t) \hat f_γ(ηt). ``scaled`` (display (2, 27) literally, a·φ * σ_η = f_γ: a
#: network with biases ηb, which cert.convolution-form refutes as the form of E_b[a(b)σ(ηz − b)]):
#: (iη/π) sinh(π²t/η) \hat f_γ(t).
A_PHI_TRANSFORMS: dict[str, sp.Expr] = {
    "plus": -sp.I * eta / sp.pi * sp.sinh(sp.pi**2 * t) * F_GAMMA_HAT(-eta * t),
    "minus": sp.I * eta / sp.pi * sp.sinh(sp.pi**2 * t) * F_GAMMA_HAT(eta * t),
    "scaled": sp.I * eta / sp.pi * sp.sinh(sp.pi**2 * t / eta) * F_GAMMA_HAT(t),
}
#: what each reading of :func:`check_fourier_a_phi` takes a·φ to solve
A_PHI_READINGS: dict[str, str] = {
    "plus": "Theorem 6 as stated: E_b[a(b)σ(ηz + b)] = f_γ(z)",
    "minus": "the proof's form (display (2, 26)): E_b[a(b)σ(ηz − b)] = f_γ(z), with the c_n of that f",
    "scaled": "display (2, 27) literally: (a·φ * σ_η)(z) = ∫ a(b)φ(b)σ(η(z − b)) db = f_γ(z), a network with "
              "biases ηb (not Theorem 6's: cert.convolution-form)",
}
#: the readings of Theorem 6's network (its sign of b as stated, and as the proof works with it): the claim is the
#: transform of Theorem 6's a·φ, so only these decide it; ``scaled`` is recorded, never the correction
THEOREM6_READINGS = ("plus", "minus")
#: the correction: the transform of the a·φ of Theorem 6's network as stated (reading ``plus``)
FOURIER_A_PHI_CORRECT = with_f_gamma_hat(A_PHI_TRANSFORMS["plus"])

#: Theorem 6 / Step 4, display (2, 49): sup_b|a(b)φ(b)| ≲ γ^{−(q−2)/2} η e^{π²γ/4} max(1, (γ/η)^{q−1}).
SUP_BOUND = Statement(
    sp.Symbol("S_aphi"),
    r"\lesssim",
    gamma ** (-(q - 2) / 2) * eta * sp.exp(sp.pi**2 * gamma / 4) * sp.Max(1, (gamma / eta) ** (q - 1)),
    variables=(q, gamma, eta),
    lhs_latex=r"\sup_b|a(b)\phi(b)|",
    name="cert.sup-bound",
)
#: proved for the a that reconstructs f_γ:
#: sup_b|aφ| ≤ (1/π) e^{π²γ/(4η²)} Σ_n |c_n| 2^n max[(n/(2eγ))^{n/2}, (π/(2η))^n]
#: (|aφ(b)| ≤ |f_γ(w)|/π, w = (iπ/2 − b)/η; |w|^n ≤ 2^n max(|b|/η, π/(2η))^n;
#: sup e^{−γb²/η²}(|b|/η)^n = (n/(2eγ))^{n/2})
PROVED_SUP_BOUND = Statement(
    sp.Symbol("S_aphi"),
    "<=",
    sp.exp(sp.pi**2 * gamma / (4 * eta**2))
    / sp.pi
    * sp.Sum(
        sp.Abs(c[n_H]) * 2**n_H * sp.Max((n_H / (2 * sp.E * gamma)) ** (n_H / 2), (sp.pi / (2 * eta)) ** n_H),
        (n_H, 0, q),
    ),
    variables=(q, gamma, eta),
    lhs_latex=r"\sup_b|a(b)\phi(b)|",
    name="cert.sup-bound",
)

_Y = sp.pi / (2 * eta)  # the imaginary part of w = (iπ/2 − b)/η
#: proved for the same a through its imaginary part, one power of γ^{−1/2} sharper (it decides Theorem 6 at q = 3,
#: thm6.existence): aφ(b) = (1/π) Im F(x + iy) with F = f_γ, real on ℝ, x = −b/η, y = π/(2η), so
#: |aφ| ≤ (1/π)|F(x + iy) − F(x)| ≤ (y/π) sup_{0≤t≤y} |F'(x + it)|, F' = (f' − 2γwf) e^{−γw²}, |e^{−γw²}| ≤
#: e^{γy²}e^{−γx²}, |w|^k ≤ 2^k max(|x|, y)^k and sup_x |x|^k e^{−γx²} = (k/(2eγ))^{k/2}:
#: sup_b|aφ| ≤ e^{π²γ/(4η²)}/(2η) [Σ_{n≥1} n|c_n| 2^{n−1} max((\tfrac{n−1}{2eγ})^{\frac{n−1}{2}}, y^{n−1})
#:                                 + Σ_{n≥0} γ|c_n| 2^{n+2} max((\tfrac{n+1}{2eγ})^{\frac{n+1}{2}}, y^{n+1})]
PROVED_SUP_BOUND_IMAGINARY = Statement(
    sp.Symbol("S_aphi"),
    "<=",
    sp.exp(sp.pi**2 * gamma / (4 * eta**2))
    / (2 * eta)
    * (
        sp.Sum(n_H * sp.Abs(c[n_H]) * 2 ** (n_H - 1)
               * sp.Max(((n_H - 1) / (2 * sp.E * gamma)) ** ((n_H - 1) / 2), _Y ** (n_H - 1)), (n_H, 1, q))
        + sp.Sum(gamma * sp.Abs(c[n_H]) * 2 ** (n_H + 2)
                 * sp.Max(((n_H + 1) / (2 * sp.E * gamma)) ** ((n_H + 1) / 2), _Y ** (n_H + 1)), (n_H, 0, q))
    ),
    variables=(q, gamma, eta),
    lhs_latex=r"\sup_b|a(b)\phi(b)|",
    name="cert.sup-bound",
)

_D = _SQ / (2 * eta)
#: Step 4, display (2, 47), first line: |aφ(x)| ≤ (η√γ/8π) e^{π²γ/4−γx²} Σ|c_n| ||x+√γ/(2η)|^n − |x−√γ/(2η)|^n|.
STEP4_MODULUS = Statement(
    sp.Symbol("aphi_abs"),
    "<=",
    eta
    * _SQ
    / (8 * sp.pi)
    * sp.exp(sp.pi**2 * gamma / 4 - gamma * x**2)
    * sp.Sum(sp.Abs(c[n_H]) * sp.Abs(sp.Abs(x + _D) ** n_H - sp.Abs(x - _D) ** n_H), (n_H, 0, q)),
    variables=(q, gamma, eta, x),
    lhs_latex=r"|a(x)\phi(x)|",
    name="cert.step4-modulus",
)
#: a valid bound of the paper's form: (η√γ/4π) e^{π²γ/4−γx²} Σ|c_n| (|x| + √γ/(2η))^n
#: (|e^{iθ}w^n − e^{−iθ}\bar w^n| ≤ 2|w|^n)
STEP4_MODULUS_VALID = (
    eta
    * _SQ
    / (4 * sp.pi)
    * sp.exp(sp.pi**2 * gamma / 4 - gamma * x**2)
    * sp.Sum(sp.Abs(c[n_H]) * (sp.Abs(x) + _D) ** n_H, (n_H, 0, q))
)

#: Step 4, display (2, 48): sup_x e^{−γx²} x^k = (k/(2eγ))^{k/2}.
GAUSSIAN_MONOMIAL_MAX = Statement(
    sp.Symbol("S_mono"),
    "=",
    (k / (2 * sp.E * gamma)) ** (k / 2),
    variables=(k, gamma),
    lhs_latex=r"\sup_x e^{-\gamma x^2}x^k",
    name="cert.gaussian-monomial-max",
)


def with_polynomial(statement: Statement, f: Any) -> Statement:
    """The statement for one polynomial f = Σ c_n x^n: q = deg f and every c_n substituted (exact rationals)."""
    coeffs: Sequence[Fraction] = cert.parse_polynomial(f).coefficients
    inst = instance(statement, {q: len(coeffs) - 1})
    return instance(inst, {c[i]: sp.Rational(co.numerator, co.denominator) for i, co in enumerate(coeffs)})


# =============================================================================== Step 3 algebra


@decides("=")
def check_complete_square(claimed: Statement = COMPLETE_SQUARE) -> Verdict:
    """Display (2, 37): lhs = rhs by exact SymPy expansion (t real, γ, η > 0). An identity: another relation is an
    InputError (referee AL: a true "≤" had been refuted as an unequal identity)."""
    diff = sp.simplify(sp.expand(claimed.lhs - claimed.rhs))
    ev = dict(difference=str(diff), tolerance="exact", achieved_error="0" if diff == 0 else str(diff))
    if diff == 0:
        return verified("symbolic", "the two sides expand to the same expression", **ev)
    point = {t: sp.Rational(1, 3), gamma: sp.Rational(1, 2), eta: 2}
    return refuted(
        "symbolic",
        f"the sides differ by {diff}",
        witness={"point": {str(kk): str(v) for kk, v in point.items()}, "difference": str(diff.subs(point))},
        corrected=COMPLETE_SQUARE if sp.expand(COMPLETE_SQUARE.lhs - COMPLETE_SQUARE.rhs) == 0 else None,
        **ev,
    )


def _delta_plus_table(claimed: Statement, points: Sequence) -> tuple[list, tuple]:
    rows, worst = [], (mpmath.mpf(-1), None, None, None)
    for deg, g, e, tv in points:
        args = (to_mpf(g), to_mpf(e), to_mpf(tv))
        left = side_function(claimed, "lhs", fixed={n_H: deg})(*args)
        right = side_function(claimed, "rhs", fixed={n_H: deg})(*args)
        err = rel_diff(left, right)
        rows.append({"point": [deg, g, e, tv], "lhs": fmt(left), "claimed": fmt(right), "rel_discrepancy": fmt(err, 3)})
        if err > worst[0]:
            worst = (err, (deg, g, e, tv), left, right)
    return rows, worst


@decides("=")
def check_delta_plus_completed(
    claimed: Statement = DELTA_PLUS,
    points: Sequence = ((2, "0.5", "1", "0.3"), (3, "0.5", "2", "0.3"), (1, "1.5", "0.7", "-0.4")),
    tol: str = "1e-25",
) -> Verdict:
    """Display (2, 38) against the definition (2, 36) of Δ^+_n (the statement's left side), numerically at 30 digits
    (η = 1 and η ≠ 1)."""
    corrected = claimed.perturb(
        rhs=claimed.rhs.subs(sp.exp(sp.pi**2 * gamma / 4), sp.exp(sp.pi**2 * gamma / (4 * eta**2)))
    )
    with mpmath.workdps(DPS):
        rows, worst = _delta_plus_table(claimed, points)
        _, worst_corr = _delta_plus_table(corrected, points)
        ev = dict(
            points=rows, tolerance=tol, **discrepancy_and_error(worst[0], worst_corr[0], AGAINST_CORRECTED),
            corrected_max_rel_error=fmt(worst_corr[0], 3)
        )
        if worst[0] > to_mpf(tol):
            _, p, left, right = worst
            return refuted(
                "numeric",
                f"at (n, γ, η, t) = {p} the definition gives {fmt(left, 12)}, the display "
                f"{fmt(right, 12)}: completing the square gives e^{{π²γ/(4η²)}}, not e^{{π²γ/4}} (equal only for η = "
                f"1)",
                corrected=corrected if worst_corr[0] < to_mpf(tol) else None,
                witness={
                    "n": p[0],
                    "gamma": p[1],
                    "eta": p[2],
                    "t": p[3],
                    "definition": fmt(left),
                    "claimed": fmt(right),
                },
                **ev,
            )
        return verified("numeric", "the display equals the definition of Δ^+_n at every point", **ev)


@decides("=")
def check_hermite_shift(claimed: Statement = HERMITE_SHIFT, degrees: Sequence[int] = range(7)) -> Verdict:
    """Display (2, 39), first line: lhs = rhs exactly in SymPy for n = 0..6 (n substituted, the sum done).

    Reference: H_n(x + y) = Σ_k C(n,k) H_k(x)(2y)^{n−k} (DLMF 18.18.ii, addition theorem) with x = πt/√γ − π√γ/(2η),
    y = π√γ/(2η). Also reports whether the paper's second line equals its first (the algebra between them).
    """
    corrected = claimed.perturb(rhs=hermite_shift_rhs(2 * _SHIFT))  # the addition theorem (DLMF 18.18.ii)
    failures, rows = [], []
    for deg in degrees:
        inst = instance(claimed, {n_H: deg})
        d = sp.expand(inst.lhs - inst.rhs)
        lines_equal = sp.expand((HERMITE_SHIFT.rhs - HERMITE_SHIFT_SECOND_LINE).subs(n_H, deg).doit()) == 0
        corr = instance(corrected, {n_H: deg})
        corrected_holds = sp.expand(corr.lhs - corr.rhs) == 0
        rows.append(
            {
                "n": deg,
                "difference": str(sp.factor(d)),
                "second_line_equals_first": lines_equal,
                "corrected_holds": corrected_holds,
            }
        )
        if d != 0:
            failures.append((deg, d))
    ev = dict(
        degrees=list(degrees),
        rows=rows,
        tolerance="exact",
        achieved_error="0 (exact: SymPy expands both sides)",
        discrepancy="0" if not failures else f"n = {failures[0][0]}: {sp.factor(failures[0][1])}",
    )
    if failures:
        deg, d = failures[0]
        point = {t: 1, gamma: 1, eta: 1}
        return refuted(
            "symbolic",
            f"for n = {deg} the sides differ by {sp.factor(d)}: the shift factor must be "
            "[+π√γ/η]^{n−k}, not [−π√γ/η]^{n−k}",
            corrected=corrected if all(r["corrected_holds"] for r in rows) else None,
            witness={
                "n": deg,
                "difference": str(sp.factor(d)),
                "point": {"t": "1", "gamma": "1", "eta": "1"},
                "value": str(sp.nsimplify(d.subs(point))),
            },
            **ev,
        )
    return verified("symbolic", f"exact identity for n = {min(degrees)}..{max(degrees)}", **ev)


def _delta_inverse_definition(deg, g, e, xv, sign: int):
    """\\check{Δ^±_n}(x) at (n, γ, η, x) = (deg, g, e, xv), ± = ``sign``, from the definition (2, 36)/(2, 44) by
    quadrature (:func:`theorycheck.fourier.inverse_transform_definition` at :data:`DPS` digits), at the caller's
    mpmath precision.

    It does not depend on the claimed statement, so for plain arguments (an int degree, decimal strings) it is
    remembered in-process, keyed on them and mpmath's precision (:func:`_delta_inverse_definition_at`): the paper's,
    the corrected and each perturbed display are compared with the same quadrature (mpc values are immutable)."""
    args = (deg, g, e, xv, sign, mpmath.mp.prec)
    if type(deg) is int and type(sign) is int and all(type(v) is str for v in (g, e, xv)):
        return _delta_inverse_definition_at(*args)
    return _delta_inverse_definition_at.__wrapped__(*args)


@functools.lru_cache(maxsize=64, typed=True)
def _delta_inverse_definition_at(deg, g, e, xv, sign: int, prec: int):
    """:func:`_delta_inverse_definition` at mpmath precision ``prec`` (bits)."""
    with mpmath.workprec(prec):
        definition = Statement(DELTA_DEFINITION, "=", 0, variables=(n_H, gamma, eta, t, pm))
        g_, e_, x_ = to_mpf(g), to_mpf(e), to_mpf(xv)
        h = side_function(definition, "lhs", fixed={n_H: deg, pm: sign, gamma: sp.nsimplify(g), eta: sp.nsimplify(e)})
        return fr.inverse_transform_definition(h, x_, scale=mpmath.sqrt(g_) / PI, center=sign * g_ / (2 * e_), dps=DPS)


@decides("=")
def check_delta_inverse(
    claimed: Statement = DELTA_INVERSE,
    points: Sequence = ((1, "0.5", "2", "-0.4"), (2, "1", "0.8", "0.6")),
    tol: str = "1e-20",
) -> Verdict:
    """Displays (2, 43) and (2, 45): \\check{Δ^±_n}(x) from the definitions (2, 36)/(2, 44) by quadrature against the
    statement's right side at ± = +1 and ± = −1."""
    corrected = claimed.perturb(rhs=DELTA_INVERSE_CORRECT)
    with mpmath.workdps(DPS):
        rows, worst, worst_corr = [], (0, None), to_mpf(0)
        for sign in (1, -1):
            for deg, g, e, xv in points:
                g_, e_, x_ = to_mpf(g), to_mpf(e), to_mpf(xv)
                lhs = _delta_inverse_definition(deg, g, e, xv, sign)
                rhs = side_function(claimed, fixed={n_H: deg, pm: sign})(g_, e_, x_)
                err = rel_diff(lhs, rhs)
                worst_corr = max(
                    worst_corr, rel_diff(lhs, side_function(corrected, fixed={n_H: deg, pm: sign})(g_, e_, x_))
                )
                rows.append(
                    {
                        "sign": "+" if sign > 0 else "-",
                        "n": deg,
                        "gamma": g,
                        "eta": e,
                        "x": xv,
                        "inverse": fmt(lhs),
                        "claimed": fmt(rhs),
                        "rel_discrepancy": fmt(err, 3),
                    }
                )
                if err > worst[0]:
                    worst = (err, rows[-1])
        ev = dict(
            points=rows,
            tolerance=tol,
            **discrepancy_and_error(worst[0], worst_corr, AGAINST_CORRECTED),
            corrected_max_rel_error=fmt(worst_corr, 3),
            digits=DPS,
        )
        if worst[0] > to_mpf(tol):
            w = worst[1]
            return refuted(
                "numeric",
                f"\\check{{Δ^{w['sign']}_{w['n']}}} at γ = {w['gamma']}, η = {w['eta']}, x = {w['x']} is "
                f"{w['inverse']}, the display gives {w['claimed']} (the display lost the factor (√γ/π)^n, the η in "
                "e^{π²γ/(4η²)}, the x in the phase and the shift iπ/(2η))",
                corrected=corrected if worst_corr < to_mpf(tol) else None,
                witness=worst[1],
                **ev,
            )
        return verified("numeric", "both inverse transforms match the displays", **ev)


# =============================================================================== the closed form of a(b)φ(b)

#: Test polynomials f (degree 1–5, neither even nor odd, so every reading is distinguished).
CERT_POLYS = ("x + 1/2", "x^2 - x/3 + 1/5", "x^3 - 2*x + 1/4", "x^4 + x^3/2 - x", "x^5 - x^2 + 2/3*x")
CERT_PARAMS = (("1", "1"), ("0.5", "2"), ("2", "0.75"), ("0.25", "0.5"))
CERT_ZS = ("0.3", "-1.2", "2")


def _plain_strings(*values: Any) -> bool:
    return all(type(v) is str for v in values)


def _corrected_reconstruction(f, g, e, z, mode: str, flipped: bool) -> tuple:
    """Certified balls (reconstruction, f_γ(z)) of the *corrected* closed form
    (``cert.certified_reconstruction(f, g, e, z, form="corrected", mode=mode, flipped=flipped)``).

    It does not depend on the claimed family, so for decimal-string arguments it is remembered in-process, keyed on
    them, mpmath's and python-flint's precision (both can enter it): :func:`check_closed_form` runs it for the paper's
    and every perturbed family, and for a claimed family that is the corrected one (acb balls are immutable)."""
    args = (f, g, e, z, mode, flipped, mpmath.mp.prec, ctx.prec)
    if _plain_strings(f, g, e, z, mode) and type(flipped) is bool:
        return _corrected_reconstruction_at(*args)
    return _corrected_reconstruction_at.__wrapped__(*args)


@ball_cache(maxsize=256)
def _corrected_reconstruction_at(f, g, e, z, mode, flipped, prec: int, flint_prec: int) -> tuple:
    """:func:`_corrected_reconstruction` at mpmath precision ``prec`` and python-flint precision ``flint_prec``."""
    with mpmath.workprec(prec), ctx.workprec(flint_prec):
        return cert.certified_reconstruction(f, g, e, z, form="corrected", mode=mode, flipped=flipped)


def _corrected_quad_residual(f0, g0, e0) -> tuple:
    """(z, reconstruction, f_γ(z), residual) of the corrected closed form at z = 0.3 by mpmath quadrature at
    :data:`DPS` digits (reading ``plus``): :func:`check_closed_form`'s independent check of the corrected form,
    which does not depend on the claimed family; remembered in-process for decimal-string arguments, keyed on them
    and mpmath's precision (the values are immutable mpf)."""
    args = (f0, g0, e0, mpmath.mp.prec)
    if _plain_strings(f0, g0, e0):
        return _corrected_quad_residual_at(*args)
    return _corrected_quad_residual_at.__wrapped__(*args)


@functools.lru_cache(maxsize=16, typed=True)
def _corrected_quad_residual_at(f0, g0, e0, prec: int) -> tuple:
    """:func:`_corrected_quad_residual` at mpmath precision ``prec`` (bits)."""
    with mpmath.workprec(prec):
        return tuple(
            cert.reading_residuals(
                cert.corrected_a_phi_function,
                f0,
                g0,
                e0,
                ["0.3"],
                scale=to_mpf(e0) / mpmath.sqrt(to_mpf(g0)),
                dps=DPS,
                readings=("plus",),
            )["plus"][0]
        )


def check_closed_form(
    claimed_family: Callable = cert.paper_a_phi_function,
    polys: Sequence[str] = CERT_POLYS,
    params: Sequence = CERT_PARAMS,
    zs: Sequence[str] = CERT_ZS,
    tol: str = "1e-20",
) -> Verdict:
    r"""Does the claimed a(b)φ(b) reconstruct f_γ? Every reading of :data:`theorycheck.certificate.READINGS` is tried.

    The reconstruction ∫ g(b) tanh(·) db is a certified acb ball (``acb.integral`` + proved Gaussian tail), for every
    f of degree 1–5, (γ, η) and z; mpmath quadrature at 30 digits repeats two of them independently. The corrected
    closed form (1/π) Im f_γ((iπ/2 − b)/η) is run through the same check.
    """

    def run(family, form_name, readings=tuple(cert.READINGS)):
        per_reading = {}
        for reading in readings:
            mode, flipped, desc = cert.READINGS[reading]
            worst, witness, certified_bad = to_mpf(0), None, False
            for f in polys:
                for g, e in params:
                    for z in zs:
                        if form_name == "claimed":
                            val, target = _claimed_ball(family, f, g, e, z, mode, flipped)
                        else:
                            val, target = _corrected_reconstruction(f, g, e, z, mode, flipped)
                        with ctx.workprec(200):  # subtract the balls at full precision (not the default 53 bits)
                            diff = val - target
                        mid = abs(ball_mid(diff.real))
                        rad = float(diff.real.rad())
                        disjoint = not diff.real.contains(0)
                        mid = mid + to_mpf(rad)  # |residual| ≤ |mid| + radius: a certified upper bound
                        if mid > worst:
                            worst = mid
                            witness = {
                                "f": f,
                                "gamma": g,
                                "eta": e,
                                "z": z,
                                "reconstruction": fr.ball_str(val.real),
                                "f_gamma_z": fr.ball_str(target.real),
                                "certified_disjoint": disjoint,
                                "ball_radius": f"{rad:.2e}",
                            }
                        certified_bad |= disjoint
                        if form_name == "claimed" and disjoint and mid > 1e-3:
                            break  # this reading already fails with a certified witness
                    else:
                        continue
                    break
                else:
                    continue
                break
            per_reading[reading] = {
                "description": desc,
                "max_abs_residual": fmt(worst, 3),
                "certified_mismatch": certified_bad,
                "holds": (not certified_bad) and worst < to_mpf(tol),
                "worst": witness,
                "note": "max_abs_residual is a certified upper bound |mid| + radius",
            }
        return per_reading

    with mpmath.workdps(DPS):
        claimed_res = run(claimed_family, "claimed")
        corrected_res = run(None, "corrected", readings=("plus",))  # the corrected form is for Theorem 6's reading
        # independent mpmath quadrature of the corrected form (reading plus) and of the claim (reading plus)
        f0, (g0, e0) = polys[-1], params[min(2, len(params) - 1)]
        quad_corr = _corrected_quad_residual(f0, g0, e0)
        g1, e1 = params[min(1, len(params) - 1)]
        quad_claim = cert.reading_residuals(
            claimed_family,
            polys[0],
            g1,
            e1,
            ["0.3"],
            scale=max(to_mpf(e1), 1) / mpmath.sqrt(to_mpf(g1)),
            dps=25,
            readings=("plus",),
        )["plus"][0]
        corrected_ok = corrected_res["plus"]["holds"] and abs(quad_corr[3]) < to_mpf(tol)
        ev = dict(
            readings=claimed_res,
            corrected_readings=corrected_res,
            quad_check_corrected={"f": f0, "gamma": g0, "eta": e0, "z": "0.3", "residual": fmt(quad_corr[3], 3)},
            quad_check_claimed={
                "f": polys[0],
                "gamma": g1,
                "eta": e1,
                "z": "0.3",
                "reconstruction": fmt(quad_claim[1]),
                "f_gamma": fmt(quad_claim[2]),
            },
            polynomials=list(polys),
            params=[list(p) for p in params],
            zs=list(zs),
            tolerance=tol,
            # the claim's smallest residual over the readings is the discrepancy; the corrected form's reconstruction
            # (certified, and by an independent quadrature) is what the numerics achieve
            max_abs_discrepancy=min((r["max_abs_residual"] for r in claimed_res.values()), key=lambda s: float(s)),
            achieved_error=fmt(max(to_mpf(corrected_res["plus"]["max_abs_residual"]), abs(quad_corr[3])), 3),
            achieved_error_from="the corrected form's reconstruction of f_γ: its certified residual (|mid| + radius) "
            "and an independent quadrature's",
            digits=DPS,
        )
        holding = [r for r, v in claimed_res.items() if v["holds"]]
        if holding:
            return verified(
                "certified+numeric",
                f"the closed form reconstructs f_γ under the reading(s) {', '.join(holding)} "
                f"at every f (degree 1–5), (γ, η), z of the grid",
                **ev,
            )
        first = next(iter(claimed_res.values()))
        return refuted(
            "certified+numeric",
            "under none of the readings (σ(ηz+b); σ(ηz−b); f → −f(−x); σ(η(z−b))) does the closed "
            "form reconstruct f_γ (certified disjoint balls); the corrected form (1/π) Im f_γ((iπ/2 − b)/η) does, "
            f"to < {tol} at every f (degree 1–5), (γ, η) and z of the grid",
            corrected=cert.CORRECTED_LATEX if corrected_ok else None,
            witness=first["worst"],
            **ev,
        )


def _claimed_ball(family, f, g, e, z, mode, flipped):
    """Certified reconstruction for a claimed family: the paper's own form has a certified evaluator; any other
    claimed family (tests' perturbations) is integrated by mpmath at 30 digits (not certified: radius set to 1e-25,
    the size of mpmath's quadrature error on these smooth integrands)."""
    if family is cert.paper_a_phi_function:
        return cert.certified_reconstruction(f, g, e, z, form="paper", mode=mode, flipped=flipped, prec=80)
    if family is cert.corrected_a_phi_function:
        return _corrected_reconstruction(f, g, e, z, mode, flipped)
    pf = cert.parse_polynomial(f)
    src = cert.flip(pf) if flipped else pf
    gfun = family(src, to_mpf(g), to_mpf(e))
    rec = cert.reconstruct(
        gfun,
        to_mpf(e),
        to_mpf(z),
        scale=max(to_mpf(e), 1) / mpmath.sqrt(to_mpf(g)),
        mode=mode,
        dps=30,
        degree=pf.degree,
    )
    target = cert.f_gamma(pf, to_mpf(g), to_mpf(z))
    with ctx.workprec(200):
        return acb(arb(mpmath.nstr(rec, 35), "1e-25")), acb(arb(mpmath.nstr(target, 35)))


# =============================================================================== Step 1: the convolution form


def paper_convolution_form(g, eta, z):
    """Display (2, 27) read literally: E_b[a(b)σ(ηz − b)] = (aφ * σ_η)(z) = ∫ g(b) tanh(η(z − b)) db."""
    return cert.reconstruct(g, eta, z, scale=1, mode="scaled", dps=25, degree=0)


def corrected_convolution_form(g, eta, z):
    """E_b[a(b)σ(ηz − b)] = (aφ * σ)(ηz) = ∫ g(b) tanh(ηz − b) db written as a convolution at ηz."""
    return cert.reconstruct(g, 1, eta * z, scale=1, mode="scaled", dps=25, degree=0)


@functools.lru_cache(maxsize=4)
def _time_scaling_error(prec: int):
    """Relative error of 2∫_0^60 sech(2.5x) cos(2π·0.3x) dx against ŝech(0.3/2.5)/2.5 at mpmath precision ``prec``
    (bits): the time-scaling check of :func:`check_convolution_form`, independent of the claimed form; remembered
    in-process per precision."""
    with mpmath.workprec(prec):
        e_, t_ = to_mpf("2.5"), to_mpf("0.3")
        scaled = 2 * mpmath.quad(lambda x: mpmath.sech(e_ * x) * mpmath.cos(2 * PI * t_ * x), [0, 5, 20, 60])
        return rel_diff(scaled, fr.sech_transform(t_ / e_) / e_)


def _test_gaussian() -> Callable:
    """The test a·φ g(b) = e^{−(b−1/2)²} of :func:`check_convolution_form`, remembered per (b, precision): at η = 1
    the quadratures share their break points, hence nodes (1/2 is exact at every precision)."""
    half = to_mpf("0.5")
    return cert.memoized(lambda b: mpmath.exp(-((b - half) ** 2)))


def _convolution_sides(e, z) -> tuple:
    """(∫ g(b) tanh(ηz − b) db, (g * σ)(ηz)) for the test Gaussian g at (η, z) = (e, z), at the caller's mpmath
    precision: the statement-independent sides of :func:`check_convolution_form`; remembered in-process for
    decimal-string arguments, keyed on them and mpmath's precision (mpf values; g is pure, so a fresh g gives the
    same values as one shared with the claimed form's quadrature)."""
    args = (e, z, mpmath.mp.prec)
    if _plain_strings(e, z):
        return _convolution_sides_at(*args)
    return _convolution_sides_at.__wrapped__(*args)


@functools.lru_cache(maxsize=16, typed=True)
def _convolution_sides_at(e, z, prec: int) -> tuple:
    """:func:`_convolution_sides` at mpmath precision ``prec`` (bits)."""
    with mpmath.workprec(prec):
        g = _test_gaussian()
        E, Z = to_mpf(e), to_mpf(z)
        lhs = cert.reconstruct(g, E, Z, scale=1, mode="minus", dps=25, degree=0)
        return lhs, corrected_convolution_form(g, E, Z)


def check_convolution_form(
    claimed: Callable = paper_convolution_form, points: Sequence = (("1", "0.4"), ("2", "0.4"), ("0.5", "-1"))
) -> Verdict:
    r"""Display (2, 27), first lines: with σ_η(x) = σ(ηx), \widehat{σ_η}(t) = η^{−1}\hat σ(t/η) (time scaling) and
    E_b[a(b)σ(ηz − b)] = (aφ * σ_η)(z), so that \widehat{aφ}·\widehat{σ_η} = \widehat{f_γ}.

    Time scaling is checked on sech (integrable) from the definition. The convolution form is checked with
    g = a·φ a test Gaussian g(b) = e^{−(b−1/2)²}: ∫ g(b) tanh(ηz − b) db against ∫ g(b) tanh(η(z − b)) db.
    """
    with mpmath.workdps(25):
        ts_err = _time_scaling_error(mpmath.mp.prec)
        g = _test_gaussian()
        rows, bad, corrected_err = [], None, to_mpf(0)
        for e, z in points:
            E, Z = to_mpf(e), to_mpf(z)
            lhs, right = _convolution_sides(e, z)
            rhs = claimed(g, E, Z)
            rows.append(
                {"eta": e, "z": z, "E_b[g σ(ηz−b)]": fmt(lhs), "claimed_(g*σ_η)(z)": fmt(rhs), "(g*σ)(ηz)": fmt(right)}
            )
            corrected_err = max(corrected_err, rel_diff(lhs, right))
            if bad is None and rel_diff(lhs, rhs) > to_mpf("1e-15"):
                bad = rows[-1]
    ev = dict(
        points=rows,
        time_scaling_rel_error=fmt(ts_err, 3),
        corrected_max_rel_error=fmt(corrected_err, 3),
        tolerance="1e-15",
        achieved_error=fmt(ts_err, 3),
    )
    if bad:
        return refuted(
            "numeric",
            f"at η = {bad['eta']}, z = {bad['z']}: ∫ g(b)σ(ηz − b)db = {bad['E_b[g σ(ηz−b)]'][:12]} but "
            f"(g * σ_η)(z) = {bad['claimed_(g*σ_η)(z)'][:12]}; the expectation is (g * σ)(ηz) (time scaling holds, "
            "but the bias b is not scaled by η)",
            corrected=r"\mathbb E_b[a(b)\sigma(\eta z-b)] = (a\phi\star\sigma)(\eta z)"
            if corrected_err < to_mpf("1e-15")
            else None,
            witness=bad,
            **ev,
        )
    return verified("numeric", "E_b[a(b)σ(ηz − b)] = (aφ * σ_η)(z) at every point; time scaling holds", **ev)


#: the a·φ that reconstructs f_γ under each reading of :func:`check_fourier_a_phi`: (family, mode, Gaussian width)
_A_PHI_FAMILIES: dict[str, tuple[Callable, str, Callable]] = {
    "plus": (cert.corrected_a_phi_function, "plus", lambda g, e: e / mpmath.sqrt(g)),
    "minus": (cert.corrected_a_phi_minus_function, "minus", lambda g, e: e / mpmath.sqrt(g)),
    "scaled": (cert.corrected_a_phi_scaled_function, "scaled", lambda g, e: 1 / mpmath.sqrt(g)),
}


def _a_phi_reconstruction_residual(name: str, f, g, e) -> str:
    """|reconstruction − f_γ| at z = 0.3 (mpmath, :data:`DPS` digits, formatted) of the a·φ of reading ``name``: the
    confirmation in :func:`check_fourier_a_phi`, which does not depend on the claimed statement; remembered
    in-process for decimal-string arguments, keyed on them and mpmath's precision."""
    args = (name, f, g, e, mpmath.mp.prec)
    if _plain_strings(name, f, g, e):
        return _a_phi_reconstruction_residual_at(*args)
    return _a_phi_reconstruction_residual_at.__wrapped__(*args)


@functools.lru_cache(maxsize=16, typed=True)
def _a_phi_reconstruction_residual_at(name: str, f, g, e, prec: int) -> str:
    """:func:`_a_phi_reconstruction_residual` at mpmath precision ``prec`` (bits)."""
    fam, mode, scale = _A_PHI_FAMILIES[name]
    with mpmath.workprec(prec):
        G, E = to_mpf(g), to_mpf(e)
        r = cert.reconstruct(fam(f, G, E), E, to_mpf("0.3"), scale=scale(G, E), mode=mode, dps=DPS)
        return fmt(abs(r - cert.f_gamma(f, G, to_mpf("0.3"))), 3)


def _a_phi_transform_ball(f, g, e, tv, name: str):
    """``cert.certified_transform_a_phi(f, g, e, tv, reading=name)``, the certified left side of
    :func:`check_fourier_a_phi` (independent of the claimed statement): remembered in-process for decimal-string
    arguments, keyed on them and mpmath's and python-flint's precision (acb is immutable)."""
    args = (f, g, e, tv, name, mpmath.mp.prec, ctx.prec)
    if _plain_strings(f, g, e, tv, name):
        return _a_phi_transform_ball_at(*args)
    return _a_phi_transform_ball_at.__wrapped__(*args)


@ball_cache(maxsize=32)
def _a_phi_transform_ball_at(f, g, e, tv, name: str, prec: int, flint_prec: int):
    """:func:`_a_phi_transform_ball` at mpmath precision ``prec`` and python-flint precision ``flint_prec``."""
    with mpmath.workprec(prec), ctx.workprec(flint_prec):
        return cert.certified_transform_a_phi(f, g, e, tv, reading=name)


def _a_phi_transform_by_quadrature(f, g, e, tv):
    r"""\widehat{aφ}(t) = ∫ aφ(b) e^{−2πitb} db by mpmath.quad (:data:`DPS` digits) of cert.closed-form's corrected
    aφ(b) = (1/π) Im f_γ((iπ/2 − b)/η) (:func:`theorycheck.certificate.corrected_a_phi_function`, reading ``plus``):
    a second route to the left side of :func:`check_fourier_a_phi`, through the very function cert.closed-form
    certifies, independent of the acb integrand of :func:`theorycheck.certificate.certified_transform_a_phi` and of
    every formula; remembered in-process for decimal-string arguments, keyed on them and mpmath's precision."""
    args = (f, g, e, tv, mpmath.mp.prec)
    if _plain_strings(f, g, e, tv):
        return _a_phi_transform_by_quadrature_at(*args)
    return _a_phi_transform_by_quadrature_at.__wrapped__(*args)


@functools.lru_cache(maxsize=16, typed=True)
def _a_phi_transform_by_quadrature_at(f, g, e, tv, prec: int):
    """:func:`_a_phi_transform_by_quadrature` at mpmath precision ``prec`` (bits)."""
    with mpmath.workprec(prec):
        G, E, T = to_mpf(g), to_mpf(e), to_mpf(tv)
        h = cert.corrected_a_phi_function(f, G, E)
        return fr.inverse_transform_definition(h, -T, scale=E / mpmath.sqrt(G), dps=DPS)


def check_fourier_a_phi(
    claimed: Statement = FOURIER_A_PHI,
    points: Sequence = (
        ("x^2 - x/3 + 1/5", "0.5", "2", "-0.3"),
        ("x + 1/2", "1", "1", "0.2"),
        ("x", "0.3", "0.5", "0.1"),
        ("x^3 - 2*x", "0.2", "0.6", "0.15"),
    ),
    tol: str = "1e-20",
) -> Verdict:
    r"""Display (2, 35): the transform of Theorem 6's a·φ. The left side is the transform, from the definition (a
    certified acb ball), of the a·φ that reconstructs f_γ under each reading of :data:`A_PHI_READINGS`: ``plus``
    (Theorem 6 as stated, E_b[a(b)σ(ηz + b)] = f_γ(z); a·φ = (1/π) Im f_γ((iπ/2 − b)/η), cert.closed-form's
    correction), ``minus`` (the proof's E_b[a(b)σ(ηz − b)] = f_γ(z); a·φ = (1/π) Im f_γ((b + iπ/2)/η)) and
    ``scaled`` (aφ * σ_η = f_γ, display 27 literally: biases ηb; a·φ = (η/π) Im f_γ(x + iπ/(2η))). Each a·φ is
    confirmed to reconstruct f_γ at z = 0.3 for every (f, γ, η) (mpmath, 30 digits); for ``plus`` the transform is
    also computed by quadrature of cert.closed-form's function. The right side is the statement with f's degree and
    coefficients substituted.

    The claim is the transform of Theorem 6's a·φ: it holds when it matches under ``plus`` or ``minus``
    (:data:`THEOREM6_READINGS`); ``scaled`` is another network, recorded as a reading only. Each reading's own
    formula (:data:`A_PHI_TRANSFORMS`) is compared with the same balls; the correction is ``plus``'s."""
    families = _A_PHI_FAMILIES
    formulas = {name: claimed.perturb(rhs=with_f_gamma_hat(A_PHI_TRANSFORMS[name])) for name in families}
    with mpmath.workdps(DPS):
        per: dict[str, Any] = {}
        recon: dict[str, dict] = {}
        claimed_of: dict[Any, Callable] = {}
        formula_of: dict[tuple, Callable] = {}
        quad_err = to_mpf(0)
        for name in families:
            rows, worst_corr, largest = [], to_mpf(0), to_mpf(0)
            worst: tuple = (to_mpf(-1), None, None)
            recon[name] = {}
            for f, g, e, tv in points:
                G, E, T = to_mpf(g), to_mpf(e), to_mpf(tv)
                if (f, g, e) not in recon[name]:
                    recon[name][(f, g, e)] = _a_phi_reconstruction_residual(name, f, g, e)
                ball = _a_phi_transform_ball(f, g, e, tv, name)
                lhs = mpmath.mpc(ball_mid(ball.real), ball_mid(ball.imag))
                if f not in claimed_of:  # the same function for every reading (SymPy's instance is pure)
                    claimed_of[f] = side_function(with_polynomial(claimed, f))
                rhs = claimed_of[f](G, E, T)
                if (name, f) not in formula_of:
                    formula_of[name, f] = side_function(with_polynomial(formulas[name], f))
                own = formula_of[name, f](G, E, T)
                err = rel_diff(lhs, rhs)
                largest = max(largest, err)
                worst_corr = max(worst_corr, rel_diff(lhs, own))
                row = {
                    "f": f,
                    "gamma": g,
                    "eta": e,
                    "t": tv,
                    "transform": fr.ball_str(ball),
                    "claimed": fmt(rhs),
                    "rel": fmt(err, 3),
                    "certified_excludes_claimed": fr.arb_disjoint(ball, rhs),
                    "reading_formula": fmt(own),
                    "reading_formula_rel": fmt(rel_diff(lhs, own), 3),
                }
                if name == "plus":
                    quad = _a_phi_transform_by_quadrature(f, g, e, tv)
                    row["transform_by_quadrature"] = fmt(quad)
                    quad_err = max(quad_err, rel_diff(quad, lhs), rel_diff(quad, own))
                rows.append(row)
                # the witness: the largest gap among the rows at η ≠ 1 that the ball excludes (where the readings
                # and the η-scalings differ), else the largest gap
                key = (to_mpf(e) != 1 and row["certified_excludes_claimed"], err)
                if worst[1] is None or key > worst[2]:
                    worst = (err, row, key)
            per[name] = {
                "reads": A_PHI_READINGS[name],
                "rows": rows,
                "max_rel": fmt(largest, 3),
                "holds": largest < to_mpf(tol),
                "worst": worst[1],
                "formula": Statement(sp.Symbol("aphi_hat"), "=", A_PHI_TRANSFORMS[name],
                                     lhs_latex=claimed.lhs_latex).latex(),
                "formula_max_rel": fmt(worst_corr, 3),
            }
        # a reading's formula is confirmed when its a·φ reconstructs f_γ and the formula matches that a·φ's transform
        formula_ok = {name: to_mpf(v["formula_max_rel"]) < to_mpf(tol)
                      and all(to_mpf(r) < to_mpf(tol) for r in recon[name].values()) for name, v in per.items()}
        ev = dict(
            readings=per,
            reconstruction_residual_at_z_0_3={kk: {str(a): v for a, v in d.items()} for kk, d in recon.items()},
            plus_transform_quadrature_max_rel=fmt(quad_err, 3),
            tolerance=tol,
            max_rel_discrepancy=min((per[nm]["max_rel"] for nm in THEOREM6_READINGS), key=float),
            achieved_error=fmt(max(to_mpf(per["plus"]["formula_max_rel"]), quad_err), 3),
            achieved_error_from="the corrected display (reading plus) against the certified transform of "
            "cert.closed-form's a·φ, and that transform by an independent quadrature: the largest relative gap",
            digits=DPS,
        )

        def outcome(name: str) -> str:
            v = per[name]
            formula = v["formula"] + (" (checked)" if formula_ok[name] else " (NOT confirmed)")
            if v["holds"]:
                return f"all: matches the transform of the a·φ of {v['reads']}, {formula}"
            w = v["worst"]
            return (f"none: {v['reads']}: the transform of its a·φ is {formula}; at f = {w['f']}, γ = {w['gamma']}, "
                    f"η = {w['eta']}, t = {w['t']}: {w['transform'][:22]}… vs claimed {w['claimed'][:22]}…")

        regime = {
            "region": "f a polynomial, γ, η > 0, t real",
            "holds_on": "all" if any(per[nm]["holds"] for nm in THEOREM6_READINGS) else "none",
            "conditions": [],
            "witness": None,
            "readings": {name: outcome(name) for name in families},
        }
        holding = [kk for kk in THEOREM6_READINGS if per[kk]["holds"]]
        if holding:
            return verified(
                "certified+numeric",
                f"matches the transform of Theorem 6's reconstructing a·φ under the reading(s) {', '.join(holding)}",
                regime=regime,
                **ev,
            )
        witness = per["plus"]["worst"]
        regime["witness"] = witness
        also = [kk for kk in families if kk not in THEOREM6_READINGS and per[kk]["holds"]]
        label = r",\ \text{for Theorem 6's network } \mathbb E_b[a(b)\sigma(\eta z+b)] = f_\gamma(z)"
        if also:
            why = (f"; it is the transform for display (2, 27) read literally (biases ηb; reading {', '.join(also)}), "
                   "which is not Theorem 6's network (cert.convolution-form)")
        elif claimed == FOURIER_A_PHI:
            why = (": it carries (i/8)(e^{π²t/η} − e^{−π²t/η}) = (i/4) sinh(π²t/η) (from −4i csch) instead of "
                   "(i/π) sinh(π²t) (its constant π/4 times the right one where η = 1), and the "
                   "Gaussian-polynomial transform without (π/√γ)^n (fourier.gaussian-polynomial) at t instead of "
                   "\\hat f_γ(−ηt)")
        else:
            why = ""
        return refuted(
            "certified+numeric",
            "under neither sign of Theorem 6's network (σ(ηz + b) as stated, σ(ηz − b) as the proof works) is the "
            f"display the transform of an a·φ that reconstructs f_γ{why}; the corrected display is the transform "
            "of cert.closed-form's a·φ (reading plus), the other readings' transforms are in the regime's readings",
            corrected=formulas["plus"].latex() + label if formula_ok["plus"] and quad_err < to_mpf(tol) else None,
            witness=witness,
            regime=regime,
            **ev,
        )


# =============================================================================== Step 4: the sup bound


def proved_sup_bound(coefficients: Sequence, gamma_: Any, eta_: Any) -> Any:
    r"""The right side of :data:`PROVED_SUP_BOUND` for f = Σ c_n x^n (coefficients lowest degree first), mpmath."""
    coeffs = tuple(Fraction(str(co)) if not isinstance(co, Fraction) else co for co in coefficients)
    return _proved_sup_bound_function(coeffs)(to_mpf(gamma_), to_mpf(eta_))


@functools.lru_cache(maxsize=32)
def _proved_sup_bound_function(coeffs: tuple[Fraction, ...]) -> Callable:
    """The mpmath function (γ, η) → right side of :data:`PROVED_SUP_BOUND` for f = Σ c_n x^n, built once per
    coefficient tuple (SymPy substitution and lambdify are pure; the function evaluates at the working precision of
    each call, so a remembered one returns exactly what a freshly built one does)."""
    return side_function(with_polynomial(PROVED_SUP_BOUND, list(coeffs)))


@functools.lru_cache(maxsize=256, typed=True)
def _corrected_sup(deg: int, g: float, e: float, prec: int) -> tuple:
    """sup_b |a(b)φ(b)| and its argmax (:func:`theorycheck.certificate.sup_abs`, scale η/√γ) for the corrected closed
    form with f = x^deg, γ = g, η = e, the parameters read at ``prec`` bits (the check's working precision).

    A measurement that does not depend on the claimed bound: remembered in-process (mpf, immutable), so the paper's
    and each perturbed statement measure the same sups once (tests/test_construction_speedups.py compares it with
    the inline computation)."""
    with mpmath.workprec(prec):
        gfun = cert.corrected_a_phi_function([0] * deg + [1], mpmath.mpf(g), mpmath.mpf(e))
        return cert.sup_abs(gfun, scale=mpmath.mpf(e) / mpmath.sqrt(g), period=cert.a_phi_period(g, e))


@functools.lru_cache(maxsize=256, typed=True)
def _paper_sup(deg: int, g: float, e: float, prec: int) -> tuple:
    """As :func:`_corrected_sup` for the paper's closed form (scale 1/√γ, 121 grid points): side evidence."""
    with mpmath.workprec(prec):
        pfun = cert.paper_a_phi_function([0] * deg + [1], mpmath.mpf(g), mpmath.mpf(e))
        return cert.sup_abs(pfun, scale=1 / mpmath.sqrt(g), points=121)


def check_sup_bound(*args: Any, **kwargs: Any) -> Verdict:
    """:func:`_check_sup_bound` at the module's fixed precision (DPS digits), whatever the caller's: its evidence
    (fitted exponents from sup|a·φ| on grids) would otherwise change in the last digits with the ambient precision,
    which no cache key holds (tests/test_review_speedups.py)."""
    with mpmath.workdps(DPS):
        return _check_sup_bound(*args, **kwargs)


@decides("≲")
def _check_sup_bound(
    claimed: Statement = SUP_BOUND,
    degrees: Sequence[int] = (1, 2, 3, 4, 5),
    gammas: Sequence[float] = tuple(10 ** (-kk / 2) for kk in range(2, 12)),
    eta_fixed: float = 1.0,
    etas: Sequence[float] = (4, 2, 1, 0.5, 0.35, 0.25),
    gamma_for_eta: float = 1.0,
) -> Verdict:
    r"""Measure sup_b |a(b)φ(b)| for the a that reconstructs f_γ (the corrected closed form; the paper's does not
    reconstruct) with f = x^q, q = 1..5, on a grid of γ → 0 (η fixed) and of η (γ fixed); fit log-log slopes
    (:func:`theorycheck.numerics.slope_fit`) and compare with the statement's right side (q, γ, η substituted).

    Refuted when the ratio sup / claimed bound grows without limit: a fitted γ-exponent of the ratio that is
    negative by more than 10 standard errors and more than 0.1, with the ratio growing over ≥ 2 decades, or a
    ratio growing by more than 10 decades along the η grid. Inconclusive otherwise (an asymptotic ≲ cannot be
    verified numerically). Exact fact used as a certified witness: the corrected a gives
    a(0)φ(0) = (1/π) e^{π²γ/(4η²)} Im f(iπ/(2η)), which for f = x is e^{π²γ/(4η²)}/(2η).
    """
    bound_f = side_function(claimed, variables=(q, gamma, eta))

    def fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
        res = slope_fit(xs, ys)
        return res.slope, res.stderr

    rows_gamma, fits, violation = {}, {}, None
    proved_worst = -math.inf  # max over the grids of log10(sup / proved bound): must be ≤ 0
    proved_of: dict = {}  # q -> the proved bound for f = x^q (SymPy sums worked out once, used by both sweeps)
    for deg in degrees:
        f = [0] * deg + [1]
        proved = proved_of[deg] = side_function(with_polynomial(PROVED_SUP_BOUND, f))
        logs_sup, logs_claim, logs_ratio, lg = [], [], [], []
        for g in gammas:
            sup, _arg = _corrected_sup(deg, g, eta_fixed, mpmath.mp.prec)
            bound = bound_f(deg, mpmath.mpf(g), mpmath.mpf(eta_fixed))
            lg.append(math.log10(g))
            logs_sup.append(float(mpmath.log10(sup)))
            logs_claim.append(float(mpmath.log10(bound)))
            logs_ratio.append(logs_sup[-1] - logs_claim[-1])
            proved_worst = max(
                proved_worst, logs_sup[-1] - float(mpmath.log10(proved(mpmath.mpf(g), mpmath.mpf(eta_fixed))))
            )
        tail = slice(len(gammas) // 2, None)  # the small-γ half
        s_sup, se_sup = fit(lg[tail], logs_sup[tail])
        s_claim, _ = fit(lg[tail], logs_claim[tail])
        s_ratio, se_ratio = fit(lg[tail], logs_ratio[tail])
        drift = abs(fit(lg[tail][:3], logs_sup[tail][:3])[0] - fit(lg[tail][-3:], logs_sup[tail][-3:])[0])
        unc = se_sup + drift
        fits[deg] = {
            "measured_gamma_exponent": round(s_sup, 4),
            "uncertainty": f"{unc:.1e}",
            "claimed_gamma_exponent_fitted": round(s_claim, 4),
            "ratio_exponent": round(s_ratio, 4),
            "log10_ratio_range": [round(min(logs_ratio), 2), round(max(logs_ratio), 2)],
            "predicted_exponent": -(deg - 1) / 2,
        }
        paper_logs = []  # side evidence: how the paper's own (non-reconstructing) closed form scales
        for g in gammas[tail]:
            paper_logs.append(float(mpmath.log10(_paper_sup(deg, g, eta_fixed, mpmath.mp.prec)[0])))
        fits[deg]["paper_form_gamma_exponent"] = round(fit(lg[tail], paper_logs)[0], 4)
        rows_gamma[deg] = [
            {"gamma": f"{g:.3g}", "log10_sup": round(s, 6), "log10_claimed": round(cl, 6)}
            for g, s, cl in zip(gammas, logs_sup, logs_claim)
        ]
        grows = logs_ratio[-1] - min(logs_ratio) >= 2
        if violation is None and s_ratio < -0.1 and -s_ratio > 10 * (se_ratio + drift) and grows:
            violation = ("gamma", deg, gammas[-1], logs_ratio[-1], s_sup, unc, s_claim)
    rows_eta, eta_violation = {}, None  # η sweep, f = x^q, γ fixed
    for deg in degrees:
        f = [0] * deg + [1]
        proved = proved_of[deg]
        rr = []
        for e in etas:
            gfun = cert.corrected_a_phi_function(f, mpmath.mpf(gamma_for_eta), mpmath.mpf(e))
            sup, _ = _corrected_sup(deg, gamma_for_eta, e, mpmath.mp.prec)
            sup = max(sup, abs(gfun(mpmath.mpf(0))))
            lr = float(mpmath.log10(sup) - mpmath.log10(bound_f(deg, mpmath.mpf(gamma_for_eta), mpmath.mpf(e))))
            rr.append({"eta": e, "log10_sup": round(float(mpmath.log10(sup)), 4), "log10_ratio": round(lr, 4)})
            proved_worst = max(
                proved_worst, float(mpmath.log10(sup) - mpmath.log10(proved(mpmath.mpf(gamma_for_eta), mpmath.mpf(e))))
            )
        rows_eta[deg] = rr
        if eta_violation is None and rr[-1]["log10_ratio"] - min(r["log10_ratio"] for r in rr) > 10:
            eta_violation = (deg, rr[-1])
    with ctx.workprec(100):  # certified witness value for q = 1 at the smallest η: a(0)φ(0) = e^{π²γ/(4η²)}/(2η)
        G, E = arb(str(gamma_for_eta)), arb(str(etas[-1]))
        witness_ball = fr.ball_str((arb.pi() ** 2 * G / (4 * E * E)).exp() / (2 * E))
    ev = dict(
        eta_fixed=eta_fixed,
        gamma_fits=fits,
        gamma_grid=rows_gamma,
        eta_grid=rows_eta,
        gamma_for_eta_sweep=gamma_for_eta,
        certified_a0_phi0_q1=witness_ball,
        tolerance="violation: ratio exponent < −0.1 by > 10σ over ≥ 2 decades; or > 10 decades of ratio growth along η",
        achieved_error=str({kk: fits[kk]["uncertainty"] for kk in fits}),
        note="sup measured for the corrected a (the unique integrable a with E_b[a(b)tanh(ηz+b)] = f_γ(z)); "
        "the paper's closed form does not reconstruct f_γ (cert.closed-form)",
        proved_bound_max_log10_ratio_on_grids=round(proved_worst, 4),
    )
    measured_ok = all(abs(fits[kk]["measured_gamma_exponent"] + (kk - 1) / 2) < 0.01 for kk in fits)
    corrected = PROVED_SUP_BOUND if proved_worst <= 0 and measured_ok else None
    # the claim assumes γ → 0 with η fixed: only the γ direction can refute it; the η sweep runs at γ = 1, outside
    # those assumptions (referee W), and is evidence only
    paper_form_meets = all("paper_form_gamma_exponent" in f
                           and f["paper_form_gamma_exponent"] >= f["claimed_gamma_exponent_fitted"] - 0.05
                           for f in fits.values())
    ev["paper_closed_form_meets_the_bound"] = paper_form_meets
    if violation:
        parts = []
        if violation:
            _, deg, g, lr, s, unc, sc = violation
            parts.append(
                f"for f = x^{deg}, η = {eta_fixed}: sup|aφ| ~ γ^{{{s:.3f} ± {unc:.1e}}} as γ → 0 against the claimed "
                f"γ^{{{sc:.3f}}}; sup/bound reaches 10^{lr:.2f} at γ = {g:.1e} and keeps growing (all q: measured "
                "exponents "
                + ", ".join(f"{fits[kk]['measured_gamma_exponent']:+.3f}" for kk in fits)
                + " vs claimed "
                + ", ".join(f"{fits[kk]['claimed_gamma_exponent_fitted']:+.3f}" for kk in fits)
                + "); for q = 1 this rules out every a, not only the paper's (a sup → 0 makes f_γ's slope → 0, so "
                "f_γ cannot approximate z within 2γ: thm6.existence)"
                + (f". On f = x^q at η = {eta_fixed}, the paper's own closed form scales like the bound as γ → 0 (its "
                   "fitted γ-exponents "
                   + ", ".join(f"{fits[kk]['paper_form_gamma_exponent']:+.3f}" for kk in fits)
                   + " are at least the claimed ones; measured there only, and Step 4's first inequality fails on it: "
                   "cert.step4-modulus): that closed form does not reconstruct f_γ (cert.closed-form), and the a that "
                   "does (the one measured here) outgrows the bound" if paper_form_meets else "")
            )
        if eta_violation:
            deg, r = eta_violation
            parts.append(
                f"outside the claim's assumptions, as evidence only (γ = {gamma_for_eta}, not γ → 0, where a ≡ 0 "
                f"already meets Theorem 6 for f = x^{deg}): for the a that reconstructs f_γ, at η = {r['eta']} "
                f"sup/bound = 10^{r['log10_ratio']:.1f} (the true sup carries e^{{π²γ/(4η²)}}, the bound only "
                "e^{π²γ/4})"
            )
        witness = {
            "gamma_direction": violation
            and {
                "q": violation[1],
                "gamma": violation[2],
                "log10_ratio": violation[3],
                "measured_exponent": violation[4],
                "uncertainty": violation[5],
                "claimed_exponent": violation[6],
            },
            "eta_direction": eta_violation
            and {"q": eta_violation[0], **eta_violation[1], "certified_a0_phi0_q1": witness_ball},
        }
        if corrected:
            parts.append(
                "a proved bound (1/π)e^{π²γ/(4η²)} Σ|c_n|2^n max[(n/(2eγ))^{n/2}, (π/(2η))^n] holds on every grid "
                f"point (max log10 sup/bound = {proved_worst:.2f}); it is loose by γ^{{1/2}} as γ → 0. The weaker "
                "size §3.4 uses, |a(b_i)| ≲ γ^{−q/2}, holds for this a (the measured sup is ∝ γ^{−(q−1)/2})"
            )
        return refuted(
            "numeric+certified",
            "; ".join(parts),
            witness=witness,
            corrected=corrected,
            regime=_sup_regime(fits, eta_fixed),
            **ev,
        )
    return inconclusive(
        "numeric",
        "as γ → 0 (η fixed) the measured sup stays within a bounded factor of the claimed bound on the grid; an "
        "asymptotic ≲ cannot be verified numerically"
        + (f" (along η at γ = {gamma_for_eta}, outside the claim's assumptions, sup/bound grows to "
           f"10^{eta_violation[1]['log10_ratio']:.1f}: evidence only)" if eta_violation else ""),
        regime=_sup_regime(fits, eta_fixed),
        **ev,
    )


def _sup_regime(fits: dict, eta_fixed: float) -> dict:
    """Where Theorem 6's size bound holds as γ → 0 (η fixed): per degree, the measured exponent of sup|aφ| in γ
    against the bound's (a smaller measured exponent means the sup outgrows the bound)."""
    bad = [k for k, f in fits.items() if f["measured_gamma_exponent"] < f["claimed_gamma_exponent_fitted"] - 0.05]
    return {
        "region": f"the a that reconstructs f_γ exactly (the measured one; whether some other a meets Theorem 6's "
        f"bound is thm6.existence's): f = x^q, γ → 0 with η = {eta_fixed}, degrees {sorted(fits)} (measured exponents "
        "in γ)",
        "holds_on": "all" if not bad else ("none" if len(bad) == len(fits) else "part"),
        "conditions": [rf"q \notin \{{{', '.join(map(str, bad))}\}}"] if bad and len(bad) < len(fits) else [],
        "witness": {"q": bad[0], **fits[bad[0]]} if bad else None,
    }


@decides("≤", "<")
def check_step4_modulus(
    claimed: Statement = STEP4_MODULUS,
    points: Sequence = (("x + 1", "1", "1", "0"), ("x^2 + x", "0.5", "2", "0.1"), ("x^3", "2", "0.5", "1.3")),
) -> Verdict:
    r"""Display (2, 47), first line: |aφ(x)| ≤ the right side, for the paper's closed form aφ (display (2, 46),
    :func:`theorycheck.certificate.paper_a_phi`). Both sides at 30 digits; the paper's right side is 0 at x = 0."""
    rows, bad = [], None
    excess, numerical = mpmath.mpf(0), mpmath.mpf(0)

    def sides(ftxt: str, g: str, e: str, xv: str) -> tuple[Any, Any]:
        G, E, X = to_mpf(g), to_mpf(e), to_mpf(xv)
        return abs(cert.paper_a_phi(ftxt, G, E, X)), side_function(with_polynomial(claimed, ftxt))(G, E, X)

    for ftxt, g, e, xv in points:
        with mpmath.workdps(DPS + 15):  # the same values at 45 digits: the achieved error of the 30-digit ones
            fine = sides(ftxt, g, e, xv)
        with mpmath.workdps(DPS):
            lhs, rhs = sides(ftxt, g, e, xv)
            numerical = max(numerical, *(abs(a - b) / max(abs(b), mpmath.mpf(10) ** -300)
                                          for a, b in zip((lhs, rhs), fine, strict=True) if b))
            excess = max(excess, (lhs - rhs) / max(abs(lhs), abs(rhs), mpmath.mpf(10) ** -300))
            rows.append({"f": ftxt, "gamma": g, "eta": e, "x": xv, "lhs": fmt(lhs), "rhs": fmt(rhs)})
            if bad is None and lhs > rhs * (1 + to_mpf("1e-20")) + to_mpf("1e-28"):
                bad = rows[-1]
    ev = dict(points=rows, tolerance="1e-20 relative", largest_relative_excess=fmt(excess, 3),
              achieved_error=fmt(numerical, 3), achieved_error_from="both sides at 30 against 45 digits")
    if bad:
        return refuted(
            "numeric",
            f"at f = {bad['f']}, γ = {bad['gamma']}, η = {bad['eta']}, x = {bad['x']}: |aφ| = "
            f"{bad['lhs'][:10]} > {bad['rhs'][:10]} (|e^{{iθ}}w^n − e^{{−iθ}}conj(w)^n| is not bounded by "
            "||x+δ|^n − |x−δ|^n|)",
            witness=bad,
            **ev,
        )
    return verified("numeric", "the modulus bound holds at every point", **ev)


@decides("=")
def check_gaussian_monomial_max(
    claimed: Statement = GAUSSIAN_MONOMIAL_MAX,
    ks: Sequence[int] = (1, 2, 3, 5, 8),
    gammas: Sequence[str] = ("0.01", "0.3", "1", "7"),
) -> Verdict:
    r"""Display (2, 48): sup_{x} e^{−γx²} x^k = right side (attained at x = √(k/(2γ))), and the γ-power
    γ^{i − (n−1)/2} of the next line. The left side by a grid + golden-section maximisation at the points given,
    and for every k > 0, γ > 0 symbolically (referee AB): on x > 0, log g = k log x − γx² is strictly concave
    (second derivative −k/x² − 2γ) with its only critical point at x* = √(k/(2γ)), |g(−x)| = g(x), so the sup is
    g(x*), which SymPy compares with the right side (log of the ratio simplified to 0)."""
    kp, gp, xp = sp.symbols("k_pos gamma_pos x_pos", positive=True)
    log_g = kp * sp.log(xp) - gp * xp**2
    critical = sp.solve(sp.diff(log_g, xp), xp)
    concave = bool(sp.simplify(sp.diff(log_g, xp, 2)).is_negative)
    gap = sp.simplify(sp.expand_log(log_g.subs(xp, critical[0]) - sp.log(claimed.rhs.subs({k: kp, gamma: gp})),
                                    force=True)) if len(critical) == 1 else sp.nan
    proved = concave and gap == 0
    rows, bad = [], None
    rhs_f = side_function(claimed, variables=(k, gamma))
    with mpmath.workdps(DPS):
        for kk in ks:
            for g in gammas:
                G = to_mpf(g)

                def fn(u: Any, G: Any = G, kk: int = kk) -> Any:
                    return mpmath.exp(-G * u**2) * u**kk

                sup, arg = cert.sup_abs(fn, scale=1 / mpmath.sqrt(G), points=201, span=4, dps=DPS)
                rhs = rhs_f(kk, G)
                e = rel_diff(sup, rhs)
                rows.append(
                    {
                        "k": kk,
                        "gamma": g,
                        "sup": fmt(sup),
                        "claimed": fmt(rhs),
                        "argmax_abs": fmt(abs(arg), 10),  # sup g = sup |g| at +√(k/(2γ)) (g odd for odd k; referee EB)
                        "rel": fmt(e, 3),
                    }
                )
                # a numeric witness far beyond the golden section's 1e-12: 1e-9 (closer gaps are the exact
                # comparison's to decide below: the scale probe, stop 55, had a 1.0e-12 refutation at the tolerance)
                if bad is None and e > to_mpf("1e-9"):
                    bad = rows[-1]
    nn, ii = sp.symbols("n i")
    power_ok = sp.simplify(-(nn - 1 - ii) / 2 + ii / 2 - (ii - (nn - 1) / 2)) == 0
    ev = dict(
        points=rows,
        exponent_arithmetic_holds=power_ok,
        tolerance="1e-12 relative (golden section on |g|)",
        achieved_error=max((r["rel"] for r in rows), key=float),
        note="the display writes (√(k/2γ))^n: a typo for ^k (the equality with (k/(2eγ))^{k/2} needs n = k)",
        symbolic={"critical_point": [str(c) for c in critical], "log_concave": concave,
                  "log_sup_minus_log_claim": str(gap)},
    )
    if bad or not power_ok:
        return refuted(
            "numeric+symbolic",
            f"sup at k = {bad['k']}, γ = {bad['gamma']} is {bad['sup'][:20]}, claim {bad['claimed'][:20]} (relative "
            f"difference {bad['rel']})"
            if bad
            else "the exponent arithmetic fails",
            witness=bad or {"power": "fails"},
            **ev,
        )
    if not proved and concave and gap.is_zero is False:  # an exact nonzero gap: the identity fails everywhere (EH-20)
        return refuted("numeric+symbolic", f"log sup − log claim = {gap}, not 0 for any k, γ > 0 (SymPy, exactly): the "
                       "sup is not the claimed right side (the 30-digit points cannot see a gap this small)",
                       witness={"k": 1, "gamma": 1, "log_sup_minus_log_claim": str(gap)}, **ev)
    if not proved:
        return inconclusive("numeric+symbolic", f"the sides agree to the tolerance at the {len(rows)} points tried, "
                            f"but SymPy does not prove the identity for every k, γ (log sup − log claim = {gap})", **ev)
    return verified(
        "numeric+symbolic",
        "sup e^{−γx²}x^k equals the right side for every k > 0, γ > 0 (log-concave on x > 0, critical point "
        "√(k/(2γ)); log sup − log claim simplifies to 0) and numerically at every (k, γ) tried (reading ^k for the "
        "typo ^n); the γ-power arithmetic is exact",
        regime={"region": "k > 0, γ > 0", "holds_on": "all", "conditions": [], "witness": None},
        **ev,
    )


# =============================================================================== the registry

_S = "Part 2, §3.3"
_GE = r"\gamma, \eta > 0"
CLAIMS = [
    Claim(
        "cert.convolution-form",
        "The expectation as a convolution with σ_η",
        f"{_S}, Step 1",
        r"\mathbb E_b[a(b)\sigma(\eta z - b)] = (a\phi\star\sigma_\eta)(z),\ \widehat{\sigma_\eta}(t) = "
        r"\frac1\eta\hat\sigma\left(\frac t\eta\right)",
        r"\eta > 0",
        partial(check_convolution_form, paper_convolution_form),
        displays=((2, 27),),
        relations=((2, "D27", 2),),
    ),
    Claim(
        "cert.complete-square",
        "Completing the square",
        f"{_S}, Step 3",
        COMPLETE_SQUARE,
        r"\gamma, \eta > 0,\ t \in \mathbb{R}",
        partial(check_complete_square, COMPLETE_SQUARE),
        displays=((2, 37),),
    ),
    Claim(
        "cert.delta-plus",
        "Δ^+_n after completing the square",
        f"{_S}, Step 3",
        DELTA_PLUS,
        _GE,
        partial(check_delta_plus_completed, DELTA_PLUS),
        depends_on=("cert.complete-square",),
        displays=((2, 36), (2, 38)),
    ),
    Claim(
        "cert.hermite-shift",
        "Hermite expansion around the shifted argument",
        f"{_S}, Step 3",
        HERMITE_SHIFT,
        r"n \ge 0,\ \gamma, \eta > 0",
        partial(check_hermite_shift, HERMITE_SHIFT),
        displays=((2, 39), (2, 40)),
        relations=((2, "D39", 1),),
    ),
    Claim(
        "cert.delta-inverse",
        "Inverse transforms of Δ^±_n",
        f"{_S}, Step 3",
        DELTA_INVERSE,
        r"n \ge 0,\ \gamma, \eta > 0",
        partial(check_delta_inverse, DELTA_INVERSE),
        depends_on=("cert.delta-plus", "cert.hermite-shift", "fourier.shifted-gaussian-inverse-special"),
        displays=((2, 43), (2, 44), (2, 45)),
    ),
    Claim(
        "cert.closed-form",
        "The closed form of a(x)φ(x) reconstructs f_γ",
        f"{_S}, Step 3",
        cert.PAPER_LATEX + r"\ \Rightarrow\ \mathbb E_b[a(b)\sigma(\eta z+b)] = f_\gamma(z)",
        r"f\ \text{polynomial of degree } 1..5,\ \gamma, \eta > 0,\ z \in \mathbb{R}",
        partial(check_closed_form, cert.paper_a_phi_function),
        depends_on=(
            "fourier.tanh",
            "fourier.gaussian-polynomial",
            "cert.delta-inverse",
            "cert.convolution-form",
            "cert.fourier-a-phi",
        ),
        displays=((2, 46),),
        relations=((2, "P44", 1),),
    ),
    Claim(
        "cert.fourier-a-phi",
        "The Fourier transform of a·φ",
        f"{_S}, Step 3",
        FOURIER_A_PHI,
        r"f\ \text{polynomial},\ \gamma, \eta > 0,\ t \in \mathbb{R}",
        partial(check_fourier_a_phi, FOURIER_A_PHI),
        depends_on=("fourier.tanh", "fourier.gaussian-polynomial", "cert.convolution-form"),
        displays=((2, 35),),
    ),
    Claim(
        "cert.sup-bound",
        "Size of the second layer",
        f"{_S}, Step 4 and Theorem 6",
        SUP_BOUND,
        r"f\ \text{of degree } q,\ \gamma \to 0\ (\eta\ \text{fixed}),\ \eta > 0",
        partial(check_sup_bound, SUP_BOUND),
        depends_on=("cert.closed-form",),
        displays=((2, 23), (2, 49)),
        relations=((2, "D23", 2),),
    ),
    Claim(
        "cert.step4-modulus",
        "Step 4's first bound on |a(x)φ(x)|",
        f"{_S}, Step 4",
        STEP4_MODULUS,
        r"x \in \mathbb{R}",
        partial(check_step4_modulus, STEP4_MODULUS),
        depends_on=("cert.closed-form",),
        displays=((2, 47),),
        relations=((2, "D47", 1),),
    ),
    Claim(
        "cert.gaussian-monomial-max",
        "Maximum of e^{−γx²}x^k",
        f"{_S}, Step 4",
        GAUSSIAN_MONOMIAL_MAX,
        r"k \ge 1,\ \gamma > 0",
        partial(check_gaussian_monomial_max, GAUSSIAN_MONOMIAL_MAX),
        displays=((2, 48),),
    ),
]
