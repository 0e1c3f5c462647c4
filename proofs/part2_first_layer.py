"""Part 2, §3.1: the first gradient step — Lemma 3, Stein's lemma, the Hermite series, Lemma 4, rank one.

Every checker takes the claimed statement as an argument (a callable, a constant, an exponent)
so that tests can feed a perturbed statement. Both sides are computed independently: the left
side from its definition (mpmath quadrature, python-flint arb enclosures, two-dimensional
Gaussian quadrature in the plane span(μ, w), or simulation of the first step with the paper's
initialisation), the right side from the paper's formula.

Library: :mod:`theorycheck.hermite`, :mod:`theorycheck.gaussian`, :mod:`theorycheck.first_layer`.
(§3.2's privacy claims are checked by the privacy module; its displays are not claimed here.)
"""

from __future__ import annotations

import dataclasses as _dc
import functools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial

import mpmath
import numpy as np
import sympy as sp
from flint import acb, arb, ctx

from theorycheck import Claim, inconclusive, memo, refuted, verified
from theorycheck.claims import Verdict
from theorycheck.first_layer import (
    feature_weighted_sum,
    first_layer_gradient,
    initialise,
    model_output,
    normalise_columns,
    population_initial_output,
    population_target_term,
)
from theorycheck.gaussian import expect_pair, expect_vector, pair_geometry, pair_vector
from theorycheck.hermite import alpha_tanh, alpha_tanh_fast
from theorycheck.numerics import ball_cache, tanh_derivative, tanh_derivative_polynomial
from theorycheck.statement import Expect, Norm, Statement
from theorycheck.target import PolynomialTarget, he_coefficients

from . import symbols as _S
from .regime import ADMISSIBLE, as_printed_and_intended
from .symbols import b as _b
from .symbols import d as _d
from .symbols import eps_b as _eps_b
from .symbols import log_d as _log_d
from .symbols import n as _n
from .symbols import q as _q
from .symbols import x as _x

# --------------------------------------------------------------------------- shared helpers


def target_from_hermite(alpha: Sequence[object], **kw) -> PolynomialTarget:
    """σ_* = Σ_k alpha[k] He_k as a :class:`PolynomialTarget` (exact rationals)."""
    coeffs = [Fraction(0)] * len(alpha)
    for k, a in enumerate(alpha):
        for i, h in enumerate(he_coefficients(k)):
            coeffs[i] += Fraction(str(a)) * h
    return PolynomialTarget.from_coefficients(coeffs, **kw)


#: Target with several non-zero Hermite coefficients (α*_0 = 0, α*_1 ≠ 0: Assumption 1).
SERIES_TARGET_ALPHA = ("0", "1", "1/2", "-1/3", "1/4")
#: Target of the simulations: He_1 + He_2/2 + He_3/6 (q = 3).
SIM_TARGET_ALPHA = ("0", "1", "1/2", "1/6")
SIM_SEED = 20261122


def _tanh_d(k: int, v):
    """σ^{(k)}(v) for σ = tanh, k = 0, 1, 2 (σ' = 1/cosh², σ'' = −2 tanh · σ'); tanh is not formed for k = 1."""
    if k == 1:
        return 1.0 / np.cosh(v) ** 2
    t = np.tanh(v)
    if k == 0:
        return t
    return -2.0 * t * (1.0 / np.cosh(v) ** 2)


def _deriv_target(target: PolynomialTarget) -> PolynomialTarget:
    return PolynomialTarget(target.derivative())


def _fit_slope(x: Sequence[float], y: Sequence[float]) -> tuple[float, float]:
    """Least-squares slope of log y on log x and its standard error."""
    lx, ly = np.log(np.asarray(x, float)), np.log(np.asarray(y, float))
    A = np.vstack([lx, np.ones_like(lx)]).T
    coef, res, *_ = np.linalg.lstsq(A, ly, rcond=None)
    dof = max(len(lx) - 2, 1)
    resid = ly - A @ coef
    s2 = float(resid @ resid) / dof
    se = math.sqrt(s2 / float(((lx - lx.mean()) ** 2).sum()))
    return float(coef[0]), se


# =========================================================================== Lemma 4

LEMMA4_BS = ("0", "0.5", "-1.25", "3", "-7", "10")


def paper_ibp_rhs(b) -> mpmath.mpf:
    r"""Part 2, Lemma 4 proof, last line: (1/√2π) ∫ 4/(e^{x+b} + e^{−x−b})² e^{−x²/2} dx (mpmath).

    Remembered per (b read at the working precision, working precision) (:func:`_paper_ibp_rhs_at`): the check
    and its perturbed statements ask for the same b at the same precision (an mpmath quad, about a second)."""
    b = mpmath.mpf(b)
    return _paper_ibp_rhs_at(b, mpmath.mp.prec)


@functools.lru_cache(maxsize=64)
def _paper_ibp_rhs_at(b: mpmath.mpf, prec: int) -> mpmath.mpf:
    """:func:`_paper_ibp_rhs` remembered; ``prec`` (the caller's working precision, in force during the call, on
    which the quadrature's answer depends) is part of the key only. b is an mpf already rounded to ``prec``,
    compared by exact value; the answer (an mpf) is immutable."""
    return _paper_ibp_rhs(b)


def _paper_ibp_rhs(b: mpmath.mpf) -> mpmath.mpf:
    """The computation of :func:`paper_ibp_rhs` at the working precision (the reference of its memo in
    tests/test_part2_first_layer_claims.py)."""
    f = lambda x: 4 / (mpmath.exp(x + b) + mpmath.exp(-x - b)) ** 2 * mpmath.exp(-(x**2) / 2)  # noqa: E731
    return mpmath.quad(f, [-mpmath.inf, -b - 4, -b, -b + 4, mpmath.inf]) / mpmath.sqrt(2 * mpmath.pi)


def check_integration_by_parts(
    claimed_rhs: Callable[[mpmath.mpf], mpmath.mpf] = paper_ibp_rhs, bs: Sequence[str] = LEMMA4_BS, dps: int = 30
) -> Verdict:
    """α_1^b from its definition (1/√2π)∫σ(x+b) x e^{−x²/2} dx against the claimed right side."""
    tol = mpmath.mpf(10) ** (-(dps - 5))
    rows = []
    with mpmath.workdps(dps + 10):
        for b in bs:
            lhs = alpha_tanh(1, b, dps=dps + 10, method="definition")
            rhs = claimed_rhs(mpmath.mpf(b))
            err = abs(lhs - rhs)
            rows.append(
                {
                    "b": b,
                    "definition": mpmath.nstr(lhs, dps),
                    "claimed": mpmath.nstr(rhs, dps),
                    "abs_error": mpmath.nstr(err, 3),
                }
            )
            if err > tol * max(1, abs(lhs)):
                return refuted(
                    "numeric",
                    f"the claimed right side differs from α_1^b at b = {b}",
                    witness=rows[-1],
                    tolerance=str(tol),
                    digits=dps,
                    rows=rows,
                    corrected=r"\alpha^b_1 = \E[\sech^2(Z+b)]",
                )
    worst = max(mpmath.mpf(r["abs_error"]) for r in rows)
    return verified(
        "numeric",
        f"α_1^b (definition, mpmath quad) equals the claimed E[sech²(x+b)] to {dps} digits "
        f"at {len(bs)} values of b, |b| ≤ 10",
        rows=rows,
        tolerance=str(tol),
        achieved_error=str(worst),
        digits=dps,
    )


def check_parity(
    claimed_sign: int = 1,
    n: int = 1,
    bs: Sequence[str] = ("0.5", "-1.25", "3", "10"),
    dps: int = 30,
    general_orders: int = 3,
) -> Verdict:
    """α_n^{−b} = claimed_sign · α_n^b at several b (30 digits); also reports the general rule for n ≤ 5. For every
    b ∈ ℝ (referee AB): α_n^b ∝ ∫ tanh(x + b) He_n(x) e^{−x²/2} dx, and SymPy checks that the integrand of α_n^{−b}
    at −x is claimed_sign times that of α_n^b at x (tanh odd, He_n of parity n, the weight even), so the integrals
    agree at every b."""
    xs, bs_ = sp.Symbol("x", real=True), sp.Symbol("b", real=True)

    def integrand(b_: sp.Expr) -> sp.Expr:
        return sp.tanh(xs + b_) * sp.hermite_prob(n, xs) * sp.exp(-xs**2 / 2)

    every_b = sp.simplify(integrand(-bs_).subs(xs, -xs) - claimed_sign * integrand(bs_)) == 0
    tol = mpmath.mpf(10) ** (-(dps - 5))
    rows = []
    for b in bs:
        neg = b[1:] if b.startswith("-") else "-" + b
        plus, minus = alpha_tanh(n, b, dps=dps), alpha_tanh(n, neg, dps=dps)
        with mpmath.workdps(dps + 10):  # int * mpf would otherwise round to the default 15 digits
            err = abs(minus - claimed_sign * plus)
        rows.append(
            {
                "b": b,
                "alpha_b": mpmath.nstr(plus, 20),
                "alpha_minus_b": mpmath.nstr(minus, 20),
                "abs_error": mpmath.nstr(err, 3),
            }
        )
        if err > tol * max(1, abs(plus)):
            with mpmath.workdps(dps + 10):
                right_sign = abs(minus - (-1) ** (n + 1) * plus) <= tol * max(1, abs(plus))
            return refuted(
                "numeric",
                f"α_{n}^(-b) ≠ {claimed_sign}·α_{n}^b at b = {b}",
                witness=rows[-1],
                tolerance=str(tol),
                corrected=rf"\alpha^{{-b}}_{n} = {'' if n % 2 else '-'}\alpha^b_{n}" if right_sign else None,
            )
    general = {}
    for m in range(general_orders + 1):
        a, a_ = alpha_tanh(m, "1.7", dps=20, method="derivative"), alpha_tanh(m, "-1.7", dps=20, method="derivative")
        with mpmath.workdps(30):
            general[m] = mpmath.nstr(abs(a_ - (-1) ** (m + 1) * a), 3)
    sign = "" if claimed_sign == 1 else "−"
    if not every_b:
        return inconclusive("numeric", f"α_{n}^(-b) = {sign}α_{n}^b at the {len(bs)} values of b tried, but the "
                            "integrands do not match under x → −x, so not for every b", rows=rows, tolerance=str(tol))
    return verified(
        "numeric+symbolic",
        f"α_{n}^(-b) = {sign}α_{n}^b for every b ∈ ℝ (SymPy: the integrand of α_{n}^(-b) at −x is {sign or '+'}1 "
        f"times that of α_{n}^b at x) and numerically at {len(bs)} values of b to {dps} digits (tanh is "
        f"odd; generally α_n^(-b) = (-1)^(n+1) α_n^b, checked for n ≤ {general_orders} at b = 1.7)",
        regime={"region": "b ∈ ℝ", "holds_on": "all", "conditions": [], "witness": None},
        rows=rows,
        tolerance=str(tol),
        general_rule_errors=general,
        digits=dps,
    )


@ctx.workprec(100)
def paper_lemma4_constant() -> arb:
    r"""(1/√2π) ∫_0^∞ e^{−x²/2 − 2x} dx, certified: arb integral on [0, 40] plus the tail ≤ e^{−800}."""
    g = lambda x, analytic: (-(x * x) / 2 - 2 * x).exp()  # noqa: E731
    core = acb.integral(g, 0, 40).real
    tail = arb(0, arb(-800).exp().upper())  # ∫_40^∞ e^{-x²/2-2x} ≤ e^{-800}
    return (core + tail) / (2 * arb.pi()).sqrt()


@ball_cache(maxsize=1024)
@ctx.workprec(80)
def _alpha1_arb(b: float, L: int = 14) -> arb:
    """Certified enclosure of a *lower bound* of α_1^b: ∫_{−L}^{L} sech²(x+b) φ(x) dx (integrand ≥ 0).

    A pure function of (b, L) (its own 80-bit precision, whatever the caller's): remembered within a check per
    exact (b, L) and their types (:func:`theorycheck.numerics.ball_cache`), since lemma4.lower-bound,
    lemma4.bias-range and their perturbed statements ask for the same grid of b (an arb integral each); the
    enclosure (an arb) is immutable. ``_alpha1_arb.__wrapped__`` computes."""
    bb = acb(b)
    f = lambda x, analytic: (x + bb).sech() ** 2 * (-(x * x) / 2).exp()  # noqa: E731
    return acb.integral(f, -L, L).real / (2 * arb.pi()).sqrt()


def _alpha1_upper(b: float) -> arb:
    """Certified upper bound: the truncated integral plus the Gaussian tail mass beyond 14 (≤ e^{−98})."""
    return _alpha1_arb(b) + arb(0, arb(-98).exp().upper())


@ctx.workprec(80)
def _lower_bound_tail(C: arb, rate: float, b_max: float) -> dict[str, object]:
    r"""α_1^b ≥ C e^{−rate·b} decided for every b > b_max from two closed-form bounds (referee AH, F1: the grid alone
    let a false rate 1.9 pass): e^{−2|y|} ≤ sech²y ≤ 4e^{−2y}, so e^{2−2b}Φ̄(2 − b) ≤ α_1^b ≤ 4e^{2−2b}.

    * rate ≥ 2: α_1^b e^{rate·b} ≥ e²Φ̄(2 − b)e^{(rate−2)b}, non-decreasing in b ≥ 0; ≥ C at b_max proves the tail;
    * rate < 2: 4e^{2−2b} < C e^{−rate·b} once b > log(4e²/C)/(2 − rate): refuted there (a certified witness b)."""
    r = arb(str(rate))
    if not C > 0:
        return {"verdict": "verified", "detail": "C ≤ 0: α_1^b > 0 exceeds it", "from_b": b_max}
    if rate >= 2:
        at = arb(2).exp() * ((arb(2) - b_max) / arb(2).sqrt()).erfc() / 2 * ((r - 2) * b_max).exp()
        ok = bool(at >= C)
        return {"verdict": "verified" if ok else "undecided", "from_b": b_max, "lower_bound_at_b_max": str(at),
                "detail": f"e²Φ̄(2−b)e^((r−2)b) at b = {b_max}: {at.str(8)} {'≥' if ok else 'is not ≥'} C"}
    start = (4 * arb(2).exp() / C).log() / (2 - r)
    witness = max(math.ceil(float(start.upper())) + 1, math.ceil(b_max) + 1)
    upper = 4 * (arb(2) - 2 * arb(witness)).exp()
    claimed = C * (-r * witness).exp()
    if upper < claimed:
        return {"verdict": "refuted", "from_b": float(start.upper()), "witness_b": witness,
                "upper_at_witness": upper.str(10), "claimed_at_witness": claimed.str(10)}
    return {"verdict": "undecided", "from_b": b_max, "detail": "the upper bound's crossing was not certified"}


def check_lower_bound(
    claimed_constant: Callable[[], arb] = paper_lemma4_constant,
    claimed_rate: float = 2.0,
    b_max: float = 30.0,
    step: float = 0.25,
) -> Verdict:
    r"""α_1^b ≥ C e^{−rate·|b|} for every b (Lemma 4), certified on |b| ≤ b_max.

    Pointwise: arb enclosures of α_1^{b_k} (lower) and C e^{−rate b_k}. Between grid points:
    α_1^b is decreasing on b ≥ 0 (d/db α_1^b = −2E[sech² tanh(x+b)] < 0) and the bound too, so
    α_1^{b_{k+1}} ≥ C e^{−rate b_k} proves the bound on [b_k, b_{k+1}]. b < 0 by parity.
    """
    C = claimed_constant()
    C_closed = arb(2).exp() * arb(2).sqrt().erfc() / 2
    # the proof's pointwise step, symbolically: (2e^y)² − (e^y + e^{−y})² = (e^y − e^{−y})(3e^y + e^{−y}) ≥ 0 for y ≥ 0,
    # i.e. 2/(e^y + e^{−y}) ≥ e^{−y}; checked as a polynomial identity in t = e^y.
    t = sp.Symbol("t", positive=True)
    pointwise_identity = sp.expand((2 * t) ** 2 - (t + 1 / t) ** 2 - (t - 1 / t) * (3 * t + 1 / t)) == 0
    grid = [k * step for k in range(int(round(b_max / step)) + 1)]
    lows = [_alpha1_arb(b) for b in grid]
    for b, lo in zip(grid, lows):
        up = lo + arb(0, arb(-98).exp().upper())
        bound = C * (arb(-claimed_rate) * b).exp()
        if up < bound:
            return refuted(
                "certified",
                f"α_1^b < C e^(-{claimed_rate}|b|) at b = {b}",
                witness={"b": b, "alpha1_b_enclosure": str(up), "claimed_bound": str(bound)},
                tolerance="certified arb enclosures (disjoint balls)",
            )
    tail = _lower_bound_tail(C, claimed_rate, grid[-1])
    if tail["verdict"] == "refuted":
        return refuted(
            "certified",
            f"α_1^b < C e^(-{claimed_rate}|b|) for every b > {tail['from_b']:.4g} (α_1^b ≤ 4e^(2−2b), since "
            f"sech²y ≤ 4e^(−2y), falls faster than the claimed rate {claimed_rate} < 2); at b = {tail['witness_b']}: "
            f"{tail['upper_at_witness']} < {tail['claimed_at_witness']}",
            witness={"b": tail["witness_b"], "alpha1_b_upper": tail["upper_at_witness"],
                     "claimed_bound": tail["claimed_at_witness"]},
            tolerance="certified arb enclosures (disjoint balls)",
            tail=tail,
        )
    gaps = []
    for k in range(len(grid) - 1):
        ok = lows[k + 1] > C * (arb(-claimed_rate) * grid[k]).exp()
        if not ok:
            gaps.append(grid[k])
    ratios = {}
    for b in (0, 1, 2, 3, 5, 10, 20, 30):
        v = _alpha1_arb(float(b))
        ratios[str(b)] = float((v / (C * (arb(-claimed_rate) * b).exp())).mid())
    limit = 4 / ((arb(2).sqrt().erfc()) / 2)  # 4e²/C0 with C0 = e² erfc(√2)/2
    sharp = {str(b): float((_alpha1_arb(float(b)) * (arb(2) * b).exp()).mid()) for b in (0, 1, 5, 10, 20, 30)}
    evidence = dict(
        constant=str(C),
        constant_closed_form="e^2 erfc(sqrt 2)/2 = " + str(C_closed),
        pointwise_step_identity_checked=bool(pointwise_identity),
        closed_form_overlaps=bool(C.overlaps(C_closed)),
        grid=f"b = 0..{b_max} step {step}",
        ratio_alpha_over_bound=ratios,
        ratio_limit_b_to_inf=str(limit),
        alpha1_times_e2b=sharp,
        alpha1_times_e2b_limit="4e^2 = " + str(4 * arb(2).exp()),
        tail=tail,
        tolerance="certified (arb, 80 bits)",
    )
    if gaps:
        return inconclusive(
            "certified",
            "no point violates the bound, but the monotone interval argument did not "
            "close between some grid points (refine the grid)",
            open_intervals_start=gaps[:10],
            **evidence,
        )
    if not pointwise_identity:
        return inconclusive("certified", "the symbolic check of the proof's pointwise step failed", **evidence)
    if tail["verdict"] != "verified":
        return inconclusive(
            "certified",
            f"certified on |b| ≤ {b_max}, but beyond it the tail bound α_1^b e^(rb) ≥ e²Φ̄(2−b)e^((r−2)b) does not "
            f"reach the claimed constant at b = {b_max} ({tail['detail']})",
            **evidence,
        )
    return verified(
        "certified+symbolic",
        f"certified on |b| ≤ {b_max} (arb enclosures + monotonicity, parity for b < 0) and for |b| > {b_max} by "
        f"α_1^b e^({claimed_rate}b) ≥ e²Φ̄(2−b)e^(({claimed_rate}−2)b) (sech²y ≥ e^(−2|y|) on x ≥ −b), increasing in b "
        f"and ≥ C at b = {b_max}; the proof's "
        "pointwise step 2/(e^y+e^-y) ≥ e^-y for y ≥ 0 holds for every b. The rate e^(-2|b|) is sharp: "
        "α_1^b e^(2|b|) → 4e² ≈ 29.56, so the constant is loose by ≈ 176× as |b| → ∞ (≈ 3.6× at b = 0)",
        **evidence,
    )


def check_bias_range(
    claimed_constant: float = 0.5, claimed_power: float = 0.5, step: float = 0.02, analytic_from: float = 0.6
) -> Verdict:
    r"""Part 2 §3.1 after Lemma 4: |b| ≤ (ε_b/4) log d ⇒ α_1^b ≥ c · d^{−k ε_b} (c = claimed_constant,
    k = claimed_power; the paper's garbled ``\frac{d^{-ε_b}{2}}`` read as d^{−ε_b/2}/2, i.e. k = 1/2).

    The worst d for a given β = |b| is (ε_b/4) log d = β, where d^{−k ε_b} = e^{−4kβ}; so the claim for all
    d and ε_b is exactly α_1^β ≥ c e^{−4kβ} for all β ≥ 0. Decided by certified arb enclosures on
    [0, analytic_from] (monotone grid) and, for β ≥ analytic_from, by the analytic bound
    α_1^β ≥ e^{2−2β} Φ̄(2 − β) (the Lemma 4 argument integrated over x ≥ −β instead of x ≥ 0),
    certified at β = analytic_from and increasing in β after multiplying by e^{4kβ} for k ≥ 1/2.
    """
    c = arb(str(claimed_constant))
    rate = 4 * arb(str(claimed_power))
    grid = [k * step for k in range(int(round(analytic_from / step)) + 1)]
    lows = [_alpha1_arb(b) for b in grid]
    for b, lo in zip(grid, lows):
        up = lo + arb(0, arb(-98).exp().upper())
        if up < c * (-rate * b).exp():
            return refuted(
                "certified",
                f"α_1^b < {claimed_constant}·e^(-{4 * claimed_power}|b|) at |b| = {b}, i.e. at "
                f"the d with (ε_b/4) log d = |b| the claimed α_1^b ≥ {claimed_constant}·d^(-{claimed_power}ε_b) fails",
                witness={"b": b, "alpha1_b_enclosure": str(up), "claimed": str(c * (-rate * b).exp())},
                tolerance="certified arb enclosures",
                lemma4_constant=str(paper_lemma4_constant()),
            )
    closes = all(lows[k + 1] > c * (-rate * grid[k]).exp() for k in range(len(grid) - 1))
    beta = arb(str(analytic_from))
    # e^{2−2β} Φ̄(2 − β), with Φ̄(t) = erfc(t/√2)/2
    analytic = (2 - 2 * beta).exp() * ((2 - beta) / arb(2).sqrt()).erfc() / 2
    tail_ok = bool(analytic * (rate * beta).exp() > c) and float(claimed_power) >= 0.5
    C0 = paper_lemma4_constant()
    # the probability step: P(max_i |b_i| > (ε_b/4) log d) = 1 − (1 − erfc(t/√2))^p, exactly (b_i ~ N(0, 1))
    prob = {}
    for d_, p_, eb in ((256, 256, 0.5), (10**6, 10**3, 0.5), (10**12, 10**3, 0.5), (10**40, 10**3, 0.5)):
        t = eb / 4 * math.log(d_)
        prob[f"d={d_:.0e},p={p_},eps_b={eb}"] = float(
            -mpmath.expm1(p_ * mpmath.log1p(-mpmath.erfc(t / mpmath.sqrt(2))))
        )
    evidence = dict(
        alpha1_at_0=str(lows[0]),
        lemma4_constant=str(C0),
        probability_some_bias_outside_range=prob,
        lemma4_alone_suffices=bool(C0 > c),
        analytic_bound_at=str(analytic_from),
        analytic_bound_times_rate=str(analytic * (rate * beta).exp()),
        tolerance="certified arb",
    )
    if not closes or not tail_ok:
        # a rate 4k < 2 (a power k < 1/2) is refuted beyond the grid by α_1^b ≤ 4e^{2−2b} (referee CH, CH-2: it had
        # been "inconclusive"); the same closed-form tail as check_lower_bound's
        tail = _lower_bound_tail(c, 4 * float(claimed_power), analytic_from)
        if tail["verdict"] == "refuted":
            return refuted(
                "certified",
                f"α_1^b < {claimed_constant}·e^(-{4 * claimed_power}|b|) for every |b| > {tail['from_b']:.4g} "
                f"(α_1^b ≤ 4e^(2−2|b|), since sech²y ≤ 4e^(−2y), falls faster than the rate {4 * claimed_power} < 2): "
                f"at |b| = {tail['witness_b']}, i.e. at the d with (ε_b/4) log d = |b|, {tail['upper_at_witness']} < "
                f"{tail['claimed_at_witness']}",
                witness={"b": tail["witness_b"], "alpha1_b_upper": tail["upper_at_witness"],
                         "claimed": tail["claimed_at_witness"]},
                tail=tail,
                **evidence,
            )
    if closes and tail_ok:
        return verified(
            "certified",
            f"α_1^b ≥ {claimed_constant}·e^(-{4 * claimed_power}|b|) for every b (certified grid "
            f"on [0, {analytic_from}], analytic bound beyond), so the step holds for every d and ε_b; "
            "it does not follow from Lemma 4's constant alone (≈ 0.168 < 1/2). The event that every "
            "|b_i| ≤ (ε_b/4) log d fails with probability ≈ 1 at feasible sizes (p = 1000, ε_b = 1/2: "
            "still 0.42 at d = 1e12; see probability_some_bias_outside_range)",
            **evidence,
        )
    return inconclusive("certified", "no violation found, but the certificate did not close", **evidence)


# =========================================================================== Stein's lemma and the series

STEIN_CASES = (  # (seed, d, ‖w‖, b)
    (11, 40, 1.0, 0.3),
    (12, 40, 0.7, -1.1),
    (13, 40, 1.4, 2.0),
    (14, 7, 1.0, -0.4),
)


def _stein_case(seed: int, d: int, norm: float):
    rng = np.random.default_rng(seed)
    mu = rng.standard_normal(d)
    mu /= np.linalg.norm(mu)
    w = rng.standard_normal(d) / math.sqrt(d)
    w = w / np.linalg.norm(w) * norm
    # tilt w toward μ so that ρ = ⟨μ, w⟩ is not tiny (the series terms with j ≥ 2 must matter)
    w = 0.6 * norm * mu + 0.8 * w
    w = w / np.linalg.norm(w) * norm
    return mu, w


def paper_stein_rhs(target: PolynomialTarget, mu: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    """Part 2 display 10 (with the +b in σ'' that the issue's statement has): μ E[f_*'σ'] + w E[f_*σ'']."""
    dt = _deriv_target(target)
    rho, r2 = float(mu @ w), float(w @ w)
    e1 = expect_pair(lambda u, v: dt(u) * _tanh_d(1, v + b), rho, r2)
    e2 = expect_pair(lambda u, v: target(u) * _tanh_d(2, v + b), rho, r2)
    return mu * e1 + w * e2


def printed_stein_rhs(target: PolynomialTarget, mu: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    """Part 2 display 10 exactly as printed: σ''(⟨w, x⟩) without the bias."""
    dt = _deriv_target(target)
    rho, r2 = float(mu @ w), float(w @ w)
    e1 = expect_pair(lambda u, v: dt(u) * _tanh_d(1, v + b), rho, r2)
    e2 = expect_pair(lambda u, v: target(u) * _tanh_d(2, v), rho, r2)
    return mu * e1 + w * e2


def check_stein_decomposition(
    claimed_rhs: Callable = paper_stein_rhs, cases=STEIN_CASES, target_alpha=SERIES_TARGET_ALPHA, tol: float = 1e-11
) -> Verdict:
    """g(w) = E[f_*(x) σ'(⟨w,x⟩+b) x] from its definition (2-D reduction, no Stein) against the claimed right side."""
    target = target_from_hermite(target_alpha)
    rows, worst = [], 0.0
    for seed, d, norm, b in cases:
        mu, w = _stein_case(seed, d, norm)
        lhs = expect_vector(lambda u, v: target(u) * _tanh_d(1, v + b), mu, w)
        rhs = np.asarray(claimed_rhs(target, mu, w, b))
        err = float(np.linalg.norm(lhs - rhs))
        worst = max(worst, err)
        printed = float(np.linalg.norm(lhs - printed_stein_rhs(target, mu, w, b)))
        rows.append(
            {
                "seed": seed,
                "d": d,
                "norm_w": norm,
                "b": b,
                "rho": float(mu @ w),
                "norm_g": float(np.linalg.norm(lhs)),
                "error": err,
                "printed_display_error": printed,
            }
        )
        if err > tol * max(1.0, float(np.linalg.norm(lhs))):
            # the corrected display (σ'' with the bias) is offered for the printed display only, and only if the same
            # check passes it (another wrong right side gets the diagnosis of its own error, not the display's)
            printed = claimed_rhs is printed_stein_rhs
            fixed = printed and (check_stein_decomposition(paper_stein_rhs, cases, target_alpha, tol).verdict
                                 == "verified")
            v = refuted(
                "numeric",
                f"claimed right side differs from g(w) by {err:.3g} (seed {seed}, d = {d}, b = {b})"
                + (": the display writes σ''(⟨w,x⟩) without the bias, which is right only at b = 0" if printed else ""),
                witness=rows[-1],
                tolerance=tol,
                target=str(target),
                corrected=STEIN_CORRECTED if fixed else None,
            )
            if not printed:
                return v
            # a slip: the next display and the conclusion write σ''(⟨w, x⟩ + b) (referee AY, 4)
            return as_printed_and_intended(
                v, region="every w, μ and bias b", printed="part: right only at b = 0",
                intended="σ''(⟨w, x⟩ + b), as the next display (2, 12) and the conclusion write it",
                intended_holds=fixed, why_not="the corrected display failed the same check")
    return verified(
        "numeric",
        "g(w) computed from its definition (2-D quadrature in span(μ, w); the orthogonal part "
        "vanishes exactly) equals μE[f_*'σ'] + wE[f_*σ''] for 4 (μ, w, b) with ‖w‖ ∈ {0.7, 1, 1.4}; the "
        "printed display (σ'' without +b) fails at b ≠ 0 (printed_display_error)",
        rows=rows,
        tolerance=tol,
        achieved_error=worst,
        target=str(target),
        seeds=[c[0] for c in cases],
    )


SERIES_POINTS = (  # (b, ρ, ‖w‖)
    (0.8, 0.6, 1.0),
    (-1.3, -0.7, 1.0),
    (0.0, 0.5, 1.0),
    (2.5, 0.4, 1.0),
    (0.8, 0.6, 1.3),
    (-0.5, 0.3, 0.75),
)


def paper_series_sigma2_term(j: int, A: Callable[[int], float], As: Callable[[int], float], rho: float) -> float:
    """Part 2 display 11: (j+1)(j+2) α^b_{j+2} α*_j ρ^j."""
    return (j + 1) * (j + 2) * A(j + 2) * As(j) * rho**j


def paper_series_sigma1_term(j: int, A: Callable[[int], float], As: Callable[[int], float], rho: float) -> float:
    """Part 2 display 13: (j+1)² α^b_{j+1} α*_{j+1} ρ^j."""
    return (j + 1) ** 2 * A(j + 1) * As(j + 1) * rho**j


def corrected_sigma2_term(j, A, As, rho):
    """(j+2)! α^b_{j+2} α*_j ρ^j (unnormalised coefficients, ‖w‖ = 1)."""
    return math.factorial(j + 2) * A(j + 2) * As(j) * rho**j


def corrected_sigma1_term(j, A, As, rho):
    """(j+1)!(j+1) α^b_{j+1} α*_{j+1} ρ^j (unnormalised coefficients, ‖w‖ = 1)."""
    return math.factorial(j + 1) * (j + 1) * A(j + 1) * As(j + 1) * rho**j


#: Readings: (name, coefficient convention, scale-aware?). Conventions for the n-th Hermite coefficient of f:
#: "unnormalised" α_n = E[f He_n]/n! (the expansion coefficients, f = Σ α_n He_n), "normalised" c_n = E[f He_n]/√n!
#: (orthonormal basis), "inner product" E[f He_n] (Part 1 §2.5's "n-th Hermite coefficient" and Lemma 4's
#: α_1^b = E[σ(Z+b)Z] read literally; referee W). "scaled" = coefficients of σ(‖w‖·+b) and ρ/‖w‖.
READINGS = (
    ("unnormalised α, ρ = ⟨μ,w⟩, α^b of σ(·+b)", "unnormalised", False),
    ("normalised c, ρ = ⟨μ,w⟩, c^b of σ(·+b)", "normalised", False),
    ("inner-product E[f He_n], ρ = ⟨μ,w⟩, of σ(·+b)", "inner product", False),
    ("unnormalised α, ρ/‖w‖, α^{b,‖w‖} of σ(‖w‖·+b)", "unnormalised", True),
    ("normalised c, ρ/‖w‖, c^{b,‖w‖} of σ(‖w‖·+b)", "normalised", True),
    ("inner-product E[f He_n], ρ/‖w‖, of σ(‖w‖·+b)", "inner product", True),
)


#: Readings that mix the conventions (referee DA, M1): α^b in the first, α* in the second. Part 1 §2.5 defines α*
#: "likewise" (the same convention as α^b), so these are not readings of the paper as written; they are reported
#: (where one makes a display exact, the authors likely derived it that way) and do not decide the verdict.
MIXED_READINGS = tuple(
    (f"α^b {cb}, α* {cs}, ρ = ⟨μ,w⟩, of σ(·+b)", cb, cs)
    for cb in ("unnormalised", "normalised", "inner product")
    for cs in ("unnormalised", "normalised", "inner product")
    if cb != cs
)

_CONVENTION_POWER = {"unnormalised": 0.0, "normalised": 0.5, "inner product": 1.0}


def _series_value(term, target_alpha, b, rho, r, convention, scaled, q, star_convention=None):
    """The series ``term`` summed under a reading: α^b in ``convention``, α* in ``star_convention`` (default the
    same: Part 1's "likewise"); each is α_n·(n!)^power with power 0, 1/2, 1 (:data:`_CONVENTION_POWER`)."""
    alpha_star = [float(Fraction(a)) for a in target_alpha]
    scale = r if scaled else 1.0
    coeffs = alpha_tanh_fast(q + 3, [b], scale=scale)[:, 0]
    n_max = max(q + 4, len(alpha_star))
    power_b = _CONVENTION_POWER[convention]
    power_star = _CONVENTION_POWER[star_convention or convention]
    coeffs = coeffs * np.array([math.factorial(k) ** power_b for k in range(n_max)][: q + 4])
    alpha_star = [a * math.factorial(k) ** power_star for k, a in enumerate(alpha_star)]
    A = lambda n: float(coeffs[n]) if n < len(coeffs) else 0.0  # noqa: E731
    As = lambda n: alpha_star[n] if n < len(alpha_star) else 0.0  # noqa: E731
    x = rho / r if scaled else rho
    return sum(term(j, A, As, x) for j in range(q + 1))


def _general_corrected(which: str, target_alpha, b, rho, r, q):
    """Σ_j α*_j ρ^j E[σ^{(j+2)}(‖w‖Y+b)] (sigma2) or Σ_j (j+1) α*_{j+1} ρ^j E[σ^{(j+1)}(‖w‖Y+b)] (sigma1),
    with E[σ^{(n)}(rY+b)] = n! α^{b,r}_n / r^n."""
    alpha_star = [float(Fraction(a)) for a in target_alpha] + [0.0] * 3
    co = alpha_tanh_fast(q + 3, [b], scale=r)[:, 0]
    E = lambda n: math.factorial(n) * co[n] / r**n  # noqa: E731
    if which == "sigma2":
        return sum(alpha_star[j] * rho**j * E(j + 2) for j in range(q + 1))
    return sum((j + 1) * alpha_star[j + 1] * rho**j * E(j + 1) for j in range(q + 1))


def check_series(
    which: str, claimed_term: Callable, points=SERIES_POINTS, target_alpha=SERIES_TARGET_ALPHA, tol: float = 1e-10
) -> Verdict:
    """A Hermite series for E[f_* σ''] (``which="sigma2"``) or E[f_*' σ'] (``"sigma1"``) under each reading,
    against the 2-D expectation computed from its definition."""
    target = target_from_hermite(target_alpha)
    q = target.degree
    dt = _deriv_target(target)
    lhs_fn = (
        (lambda b: lambda u, v: target(u) * _tanh_d(2, v + b))
        if which == "sigma2"
        else (lambda b: lambda u, v: dt(u) * _tanh_d(1, v + b))
    )
    corrected = corrected_sigma2_term if which == "sigma2" else corrected_sigma1_term
    results = {name: {"holds": True, "max_error": 0.0, "witness": None} for name, _, _ in READINGS}
    mixed = {name: {"holds": True, "max_error": 0.0, "witness": None} for name, _, _ in MIXED_READINGS}
    corr = {"unit": 0.0, "general": 0.0}
    table = []
    for b, rho, r in points:
        lhs = expect_pair(lhs_fn(b), rho, r * r)
        row = {"b": b, "rho": rho, "norm_w": r, "definition": lhs}
        for name, convention, scaled in READINGS:
            val = _series_value(claimed_term, target_alpha, b, rho, r, convention, scaled, q)
            err = abs(val - lhs)
            row[name] = val
            res = results[name]
            res["max_error"] = max(res["max_error"], err)
            if err > tol * max(1.0, abs(lhs)) and res["holds"]:
                res["holds"] = False
                res["witness"] = {"b": b, "rho": rho, "norm_w": r, "definition": lhs, "series": val, "error": err}
        if r == 1.0:
            for name, cb, cs in MIXED_READINGS:
                err = abs(_series_value(claimed_term, target_alpha, b, rho, r, cb, False, q, cs) - lhs)
                res = mixed[name]
                res["max_error"] = max(res["max_error"], err)
                if err > tol * max(1.0, abs(lhs)) and res["holds"]:
                    res["holds"] = False
                    res["witness"] = {"b": b, "rho": rho, "norm_w": r, "definition": lhs, "error": err}
            corr["unit"] = max(
                corr["unit"], abs(_series_value(corrected, target_alpha, b, rho, r, "unnormalised", False, q) - lhs)
            )
        corr["general"] = max(corr["general"], abs(_general_corrected(which, target_alpha, b, rho, r, q) - lhs))
        table.append(row)
    holding = [name for name, res in results.items() if res["holds"]]
    fast_check = float(abs(alpha_tanh(3, "0.8", dps=20) - alpha_tanh_fast(3, [0.8])[3, 0]))
    evidence = dict(
        target=str(target),
        target_hermite=list(target_alpha),
        readings=results,
        table=table,
        tolerance=tol,
        corrected_unit_norm_max_error=corr["unit"],
        corrected_general_norm_max_error=corr["general"],
        alpha_fast_vs_mpmath_at_n3_b08=fast_check,
        mixed_readings_unit_norm=mixed,
    )
    if holding:
        return verified("numeric", f"the series holds under: {', '.join(holding)}", **evidence)
    mixed_holding = [name for name, res in mixed.items() if res["holds"]]
    # the readings as a regime record (points checked: the series is an identity in b and ρ at ‖w‖ = 1)
    regime = {"region": "the points (b, ρ, ‖w‖) checked, target Σ α*_j He_j of degree 4", "holds_on": "none",
              "conditions": [], "witness": results[READINGS[0][0]]["witness"],
              "readings": {"one convention for α^b and α* (Part 1 §2.5's 'likewise'), each of "
                           + str(len(READINGS)): "none: no single convention matches the definition",
                           **{f"mixed (not Part 1's): {name} (‖w‖ = 1)":
                              f"all: exact to {tol:g} at every point with ‖w‖ = 1" if res["holds"] else
                              f"none: off by {res['max_error']:.3g}" for name, res in mixed.items()}}}
    mixed_text = (f"; under a mixed convention Part 1's 'likewise' excludes it is exact at ‖w‖ = 1: "
                  f"{', '.join(mixed_holding)} (referee DA, M1; display (2, 13), stein.series-sigma1, holds under no "
                  "convention, mixed or not)" if mixed_holding else
                  "; nor does any mixed convention (α^b and α* normalised differently)")
    corrected_ok = corr["unit"] <= tol * 10 and corr["general"] <= tol * 10
    if which == "sigma2":
        corrected_tex = (
            r"\E[f_*\sigma''(\langle w,x\rangle+b)] = \sum_j (j+2)!\,\alpha^{b}_{j+2}\alpha^*_j\langle\mu,w\rangle^j"
            r" \ (\|w\|=1);\ \text{generally } \sum_j \alpha^*_j \langle\mu,w\rangle^j\,\E[\sigma^{(j+2)}(\|w\|Z+b)]"
            r"\quad(\alpha_n = \E[f\,He_n]/n!\text{, the expansion coefficients})"
        )
    else:
        corrected_tex = (
            r"\E[f_*'\sigma'(\langle w,x\rangle+b)] = \sum_j (j+1)!\,(j+1)\,\alpha^{b}_{j+1}\alpha^*_{j+1}"
            r"\langle\mu,w\rangle^j \ (\|w\|=1);\ \text{generally } \sum_j (j+1)\alpha^*_{j+1}\langle\mu,w\rangle^j"
            r"\,\E[\sigma^{(j+1)}(\|w\|Z+b)]\quad(\alpha_n = \E[f\,He_n]/n!\text{, the expansion coefficients})"
        )
    w0 = results[READINGS[0][0]]["witness"]
    fix = (
        "the unnormalised reading misses a factor j!, the normalised one needs √((j+1)(j+2)) instead of (j+1)(j+2)"
        if which == "sigma2"
        else "the unnormalised reading misses a factor j!, the normalised one needs (j+1) instead of (j+1)²"
    )
    return refuted(
        "numeric",
        f"no reading with one convention for α^b and α* (Part 1's 'likewise') matches the expectation computed "
        f"from its definition ({fix}){mixed_text}; "
        "under α_n = E[f He_n]/n! the printed series is right only when α*_j = 0 for j ≥ "
        + ("2" if which == "sigma2" else "3")
        + " (the other two readings differ from the definition for more targets: referee CM, F8); ‖w‖ ≠ 1 needs the "
        "coefficients of σ(‖w‖·+b)",
        corrected=corrected_tex if corrected_ok else None,
        witness=w0,
        regime=regime,
        **evidence,
    )


# =========================================================================== population scaling (displays 12, 17)

POP_DS = (16, 64, 256, 1024, 4096)


def _population_scan(seed: int = SIM_SEED, neurons: int = 128, ds=POP_DS, target_alpha=SERIES_TARGET_ALPHA):
    """For w ~ N(0, I/d), b ~ N(0,1): |E[f_*σ''(⟨w,x⟩+b)]| and ‖g(w) − α_1^b α*_1 μ‖ by 2-D quadrature.

    The scan does not depend on the claimed rate: it is computed once per (seed, neurons, ds, target_alpha) in a
    process (:func:`_population_scan_at`) and each call gets its own copies of the arrays."""
    scan = _population_scan_at(seed, neurons, tuple(ds), tuple(target_alpha))
    return {d: (s2.copy(), g.copy()) for d, (s2, g) in scan.items()}


@memo.remembered(maxsize=4)
def _population_scan_at(seed: int, neurons: int, ds: tuple, target_alpha: tuple) -> dict:
    target = target_from_hermite(target_alpha)
    a1 = float(Fraction(target_alpha[1]))
    out = {}
    for d, W, b in _population_draws(seed, neurons, ds):
        mu = np.zeros(d)
        mu[0] = 1.0
        alpha1 = alpha_tanh_fast(1, b)[1]
        s2, g_res = [], []
        for i in range(neurons):
            w = W[:, i]
            e2, g = _sigma2_and_target_term(target, mu, w, float(b[i]))
            s2.append(abs(e2))
            g_res.append(float(np.linalg.norm(g - alpha1[i] * a1 * mu)))
        out[d] = (np.array(s2), np.array(g_res))
    return out


def _sigma2_and_target_term(target: PolynomialTarget, mu: np.ndarray, w: np.ndarray, b: float) -> tuple:
    r"""(E[f_*σ''(⟨w,x⟩+b)], g(w) = E[f_*σ'(⟨w,x⟩+b)x]) with μ = e_1, trapezoid step 0.2: bit for bit
    ``expect_pair(f_*·σ''(·+b), w[0], ‖w‖², size=0.2)`` and ``expect_vector(f_*·σ'(·+b), μ, w, size=0.2)``.

    Both integrands are evaluated on the same nodes in one call (when ⟨μ, w⟩ is exactly w[0], as for μ = e_1), so
    f_*(u), tanh and cosh of the N×N grid are formed once instead of twice; the same operations in the same order
    as the two separate integrands (tests/test_first_layer_speedups.py keeps the two-call form as the reference)."""
    rho, r2 = float(w[0]), float(w @ w)
    if float(mu @ w) != rho:  # not μ = e_1: the node sets differ, evaluate each integrand on its own
        e2 = expect_pair(lambda u, v: target(u) * _tanh_d(2, v + b), rho, r2, size=0.2)
        return e2, expect_vector(lambda u, v: target(u) * _tanh_d(1, v + b), mu, w, size=0.2)

    def both(u, v):
        x = v + b
        t, s = np.tanh(x), 1.0 / np.cosh(x) ** 2
        tu = target(u)
        return tu * (-2.0 * t * s), tu * s

    (e2, _, _), (_, eu, ez) = expect_pair(both, rho, r2, size=0.2, with_z=True)
    return e2, pair_vector(mu, w, rho, pair_geometry(rho, r2), eu, ez)


def _rate_verdict(name: str, ds, values, claimed_exponent: float, claimed_log_power: float, evidence: dict) -> Verdict:
    """Compare the d-scaling of a population quantity with the claimed d^{exponent} log^k d."""
    med = [float(np.median(v)) for v in values]
    slope, se = _fit_slope(ds, med)
    ratio = [m / (d**claimed_exponent * math.log(d) ** claimed_log_power) for m, d in zip(med, ds)]
    evidence = dict(
        evidence,
        d=list(ds),
        median=med,
        fitted_exponent=slope,
        exponent_se=se,
        claimed_exponent=claimed_exponent,
        median_over_claimed_rate=ratio,
    )
    # a power slower than claimed, beyond what log factors can explain over this range of d
    log_allow = (
        claimed_log_power
        * (math.log(math.log(ds[-1])) - math.log(math.log(ds[0])))
        / (math.log(ds[-1]) - math.log(ds[0]))
    )
    # the margin: 5 standard errors, at least 0.075 for the fit's own curvature over the range (referee EA, EA-2: a
    # floor of 0.1 had let a claimed d^{−3/4} log d pass a measured −0.476 ± 0.010; referee ED, ED-11: at 0.05 a
    # true d^{−1/2} came within 0.006 of the threshold at some seeds, the median's slope biased by up to +0.044)
    margin = max(5 * se, 0.075)
    evidence["screen_threshold"] = claimed_exponent + log_allow + margin
    if slope > claimed_exponent + log_allow + margin:
        i = int(np.argmax(ratio))
        return refuted(
            "numeric",
            f"{name} decays like d^{slope:.2f}±{se:.2f}, slower than the claimed "
            f"d^{claimed_exponent} (log factors allow at most +{log_allow:.2f}); the ratio to the claimed "
            "rate grows with d",
            witness={"d": ds[i], "median": med[i], "ratio": ratio[i], "ratio_at_smallest_d": ratio[0]},
            **evidence,
        )
    return inconclusive(
        "numeric",
        f"{name}: fitted exponent {slope:.3f} ± {se:.3f}, within the claimed {claimed_exponent} plus what its log "
        f"factors allow over this range (+{log_allow:.2f}) and a margin of {margin:.2f}: not refuted by the slope; an "
        "O_P statement as d → ∞ cannot be decided at finite d",
        **evidence,
    )


# ----------------------------------------------------------------- Displays 12 and 17 proved (Mehler + tails)
#
# With r = ‖w‖, u = ⟨w,x⟩/r and z = ⟨μ,x⟩ (standard normals of correlation ρ = ⟨μ,w⟩/r) and f_* = Σ_j α*_j He_j,
# Mehler's formula gives E[He_j(z) h(u)] = ρ^j E[He_j(u) h(u)], and Cauchy–Schwarz |E[He_j(u) h(u)]| ≤ ‖h‖_∞ √j!
# (E[He_j²] = j!). So, for every w and b,
#   |E[f_*σ''(⟨w,x⟩+b)]| ≤ ‖σ''‖_∞ Σ_j |α*_j| √j! |ρ|^j                                      (B₂, needs α*_0 = 0)
# and, with Stein's lemma in its corrected form g(w) = μ E[f_*'σ'(⟨w,x⟩+b)] + w E[f_*σ''(⟨w,x⟩+b)] (stein.decomposition
# with the bias kept) and α_1^b = E[σ'(Z+b)] (unit variance),
#   ‖g(w) − α_1^b α*_1 μ‖ ≤ |α*_1| ‖σ''‖_∞ √(2/π) |r − 1| + ‖σ'‖_∞ Σ_{k≥2} k|α*_k| √(k−1)! |ρ|^{k−1} + r B₂   (B_g)
# (the first term: |E[σ'(rZ+b)] − E[σ'(Z+b)]| ≤ |r − 1| sup_s |E[σ''(sZ+b)Z]| ≤ |r − 1| ‖σ''‖_∞ E|Z|).
# Both are ≤ K·max(|ρ|, |r − 1|) when |r − 1| ≤ 1. At initialisation w/‖w‖ is uniform on the sphere, so ρ² ~
# Beta(1/2, (d−1)/2), and d r² ~ χ²_d: the tails P(|ρ| > s) ≤ 2e^{−ds²/2} and P(|r − 1| > s) ≤ 2e^{−ds²/8}
# (s ≤ 1) make max(|ρ|, |r − 1|) = O_P(1/√d) for one neuron and, by a union bound over p = d^{π_p} neurons (every
# width Assumption 2 allows, the constant depending on π_p), O_P(√(log d / d)) for all of them at once.

#: quadrature error allowed when a measured value is compared with its bound (the scan's trapezoid step 0.2 is
#: accurate to ~1e-10 here; POP_STEP's comment)
STEIN_BOUND_TOL = 1e-7
#: d at which the exact tails are compared with their sub-Gaussian bounds and the union bound is evaluated
STEIN_TAIL_DS = (16, 64, 256, 1024, 4096, 2**16, 2**20, 2**30)


@functools.cache
def _activation_sup_norms() -> tuple[sp.Expr, sp.Expr]:
    """(‖σ'‖_∞, ‖σ''‖_∞) for σ = tanh, exactly: as functions of t = tanh(v) ∈ (−1, 1), σ' = 1 − t² and
    σ'' = −2t(1 − t²); SymPy maximises their absolute values over [−1, 1] (:func:`_tanh_derivative_sup`: 1 and
    4√3/9 = 4/(3√3))."""
    return sp.nsimplify(_tanh_derivative_sup(1)), sp.radsimp(_tanh_derivative_sup(2))


def stein_bounds(target_alpha: Sequence[object], rho: np.ndarray, r: np.ndarray, *,
                 sup_norms: tuple[float, float] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(B₂, B_g) above for correlations ``rho`` = ⟨μ,w⟩/‖w‖ and norms ``r`` = ‖w‖ (arrays of one shape);
    ``sup_norms`` replaces (‖σ'‖_∞, ‖σ''‖_∞) (tests feed wrong constants)."""
    s1, s2 = sup_norms if sup_norms is not None else (float(v) for v in _activation_sup_norms())
    a = [abs(float(Fraction(str(x)))) for x in target_alpha]
    arho = np.abs(rho)
    b2 = s2 * sum(a[j] * math.sqrt(math.factorial(j)) * arho**j for j in range(len(a)))
    mu_part = s1 * sum(k * a[k] * math.sqrt(math.factorial(k - 1)) * arho ** (k - 1) for k in range(2, len(a)))
    bias_part = (a[1] if len(a) > 1 else 0.0) * s2 * math.sqrt(2 / math.pi) * np.abs(r - 1)
    return b2, bias_part + mu_part + r * b2


@memo.remembered(maxsize=4)
def _population_geometry(seed: int, neurons: int, ds: tuple) -> dict:
    """d -> (ρ_i, r_i) of the neurons :func:`_population_scan_at` draws (:func:`_population_draws`)."""
    out = {}
    for d, W, _biases in _population_draws(seed, neurons, ds):
        r = np.linalg.norm(W, axis=0)
        out[d] = (W[0] / r, r)
    return out


def _population_draws(seed: int, neurons: int, ds: tuple):
    """(d, W, b) for each d: w_i ~ N(0, I/d) (columns of W), b ~ N(0, 1), from one generator in this order."""
    rng = np.random.default_rng(seed)
    for d in ds:
        W = rng.standard_normal((d, neurons)) / math.sqrt(d)
        yield d, W, rng.standard_normal(neurons)


def _exact_tails(d: int, s: float) -> tuple[mpmath.mpf, mpmath.mpf]:
    """(P(|ρ| > s), P(|r − 1| > s)) exactly (30 digits): ρ² ~ Beta(1/2, (d−1)/2), d r² ~ χ²_d."""
    with mpmath.workdps(30):
        s_ = mpmath.mpf(s)
        rho_tail = mpmath.betainc(0.5, (d - 1) / mpmath.mpf(2), min(s_**2, 1), 1, regularized=True)
        upper = mpmath.gammainc(d / mpmath.mpf(2), d * (1 + s_) ** 2 / 2, mpmath.inf, regularized=True)
        if s_ >= 1:
            return rho_tail, upper
        with mpmath.workdps(60):  # 1 − the upper tail: 30 digits survive the cancellation down to 1e-30
            lower = 1 - mpmath.gammainc(d / mpmath.mpf(2), d * (1 - s_) ** 2 / 2, mpmath.inf, regularized=True)
        return rho_tail, upper + lower


@memo.remembered()
def _tail_inequalities_hold() -> dict:
    """The sub-Gaussian tail bounds above against the exact tails, at every d of STEIN_TAIL_DS and s√d ∈
    {0.5, 1, 2, 4, 8} (s ≤ 1): the worst ratio exact/bound for each (≤ 1 when the inequality holds there)."""
    worst = {"rho": 0.0, "norm": 0.0}
    for d in STEIN_TAIL_DS:
        for t in (0.5, 1.0, 2.0, 4.0, 8.0):
            s = t / math.sqrt(d)
            if s > 1:
                continue
            rho_tail, norm_tail = _exact_tails(d, s)
            worst["rho"] = max(worst["rho"], float(rho_tail / (2 * mpmath.exp(-d * s * s / 2))))
            worst["norm"] = max(worst["norm"], float(norm_tail / (2 * mpmath.exp(-d * s * s / 8))))
    return worst


#: the union-bound reading's name: every neuron at once, at every width p = d^{π_p} (π_p ≥ ε_p, unbounded above)
EVERY_NEURON = "every neuron (p = d^{π_p}, any π_p)"
#: the reading at Part 1's own level of O_P (part1-setting §2.5: probability ≥ 1 − e^{−c log²d}), every neuron
PAPER_LEVEL = "every neuron, probability ≥ 1 − e^{−c log²d} (Part 1's O_P)"


#: each reading of "X_d = O_P(R)" with the power m of log d that decides it: the upper bound proves it iff
#: √d·R(d)/log^m d stays away from 0, the lower bound refutes it iff that → 0 (:func:`_reading_limits`)
READING_LOG_POWERS = {"one neuron": sp.Integer(0), EVERY_NEURON: sp.Rational(1, 2), PAPER_LEVEL: sp.Integer(1)}


@functools.lru_cache(maxsize=64)
def _reading_limits(claimed_exponent: float, claimed_log_power: float) -> dict[str, sp.Expr]:
    """lim_{d→∞} √d·R(d)/log^m d for R = d^e log^k d and each reading's m (SymPy limits), the one quantity both
    bounds decide a reading by.

    Upper bound (proves), with a constant K (× the bound's constant): one neuron — P(X_d > K R) ≤ 4 e^{−K² d R²/8}
    → small for K large iff d R² stays away from 0; every neuron at once, p = d^{π_p} of them — the union bound
    4 d^{π_p} e^{−K² d R²/8} → 0 for some K (depending on π_p, as the O_P constant may) iff d R²/log d stays away
    from 0: then K² > 8(π_p + 1)/lim works for every width (a width cap such as p ≤ d is not assumed); at Part 1's
    level (referee W: the readings above ask only that the failure probability → 0) — 4 d^{π_p} e^{−K² d R²/8} ≤
    e^{−c log²d} for some K, c > 0 iff d R²/log²d stays away from 0 (the rate log d/√d, not √(log d/d)).
    Lower bound (refutes, :data:`LOWER_READING_ARGUMENT`): one neuron where √d R → 0, every neuron where
    √d R/√log d → 0, Part 1's level where √d R/log d → 0."""
    d = sp.Symbol("d", positive=True)
    e, k = sp.nsimplify(claimed_exponent), sp.nsimplify(claimed_log_power)
    root_r = sp.sqrt(d) * d**e * sp.log(d) ** k
    return {reading: sp.limit(root_r / sp.log(d) ** m, d, sp.oo) for reading, m in READING_LOG_POWERS.items()}


def _readings_proved(claimed_exponent: float, claimed_log_power: float) -> dict[str, bool]:
    """Which readings of "X_d = O_P(d^e log^k d)" the upper bound proves: √d R/log^m d stays away from 0."""
    return {reading: bool(limit.is_positive) or limit == sp.oo
            for reading, limit in _reading_limits(claimed_exponent, claimed_log_power).items()}


# ------------------------------------------------------ Displays 12 and 17 bounded below (refutes faster rates)
#
# The j = 1 term of Mehler's series is exact: E[He_1(z)σ''(ru + b)] = ρ E[uσ''(ru + b)] = ρ r E[σ'''(rZ + b)] (Stein),
# and the others are bounded as in B₂, so for every w and b
#   |E[f_*σ''(⟨w,x⟩+b)]| ≥ |α*_1| |ρ| r |h(b, r)| − ‖σ''‖_∞ Σ_{j≥2} |α*_j| √j! |ρ|^j,   h(b, r) = E[σ'''(rZ + b)]   (L₂)
# and, as g(w) − α_1^b α*_1 μ = μ(E[f_*'σ'] − α_1^b α*_1) + w E[f_*σ''] (Stein), its part orthogonal to μ has norm
# r√(1 − ρ²)|E[f_*σ'']|:  ‖g(w) − α_1^b α*_1 μ‖ ≥ r√(1 − ρ²) L₂                                                  (L_g)
# On the event A_d = {s ≤ √d|ρ| ≤ S, |r − 1| ≤ t, |b| ≤ β} (ρ, r, b independent) |h| ≥ c_h > 0 (certified on the box
# below), so √d·X ≥ |α*_1| s (1 − t) c_h [× (1 − t) for L_g] − O(1/√d), while P(A_d) → (erf(S/√2) − erf(s/√2))
# erf(β/√2) > 0 (√d ρ → N(0, 1), r → 1). Hence X is not O_P(R) for any rate R with √d R(d) → 0, even for one neuron
# (the weakest reading: the others imply it).

#: the event A_d: s ≤ √d|ρ| ≤ S, |‖w‖ − 1| ≤ t, |b| ≤ β
LOWER_EVENT = {"s": 0.5, "S": 3.0, "t": 0.25, "beta": 0.5}
#: the grid step on which |h(b, r)| is evaluated over the box [−β, β] × [1 − t, 1 + t] (a Lipschitz slack ≈ 0.02)
LOWER_GRID_STEP = 0.01


@functools.cache
def _tanh_derivative_sup(k: int) -> sp.Expr:
    """‖σ^{(k)}‖_∞ for σ = tanh, exactly: σ^{(k)} = P_k(tanh v) (numerics.tanh_derivative_polynomial), |P_k|
    maximised over t ∈ [−1, 1] by SymPy."""
    t = sp.Symbol("t", real=True)
    f = sp.Add(*(c * t**i for i, c in enumerate(tanh_derivative_polynomial(k))))
    interval = sp.Interval(-1, 1)
    return sp.Max(sp.maximum(f, t, interval), sp.maximum(-f, t, interval))


def _sigma3_mean(b: np.ndarray, r: np.ndarray) -> np.ndarray:
    """h(b, r) = E[σ'''(rZ + b)] for σ = tanh (numerics.tanh_derivative), Gauss–Hermite with 200 nodes (σ''' is
    analytic in the strip |Im v| < π/2: within ~1e-10 of mpmath at r ≤ 1.25, cross-checked at 30 digits in
    :func:`_sigma3_box_minimum`), elementwise over arrays of one shape."""
    from theorycheck.gaussian import quadrature_rule

    z, w = quadrature_rule("gauss-hermite", 200)
    v = np.asarray(r, float)[..., None] * z + np.asarray(b, float)[..., None]
    return tanh_derivative(3)(v) @ w


def _sigma3_mean_mp(b: float, r: float) -> mpmath.mpf:
    """h(b, r) by mpmath quadrature at the working precision (the cross-check of :func:`_sigma3_mean`), σ''' =
    P_3(tanh) (numerics.tanh_derivative_polynomial) at mpmath's precision."""
    coeffs = list(reversed(tanh_derivative_polynomial(3)))

    def f(u):
        return mpmath.polyval(coeffs, mpmath.tanh(r * u + b)) * mpmath.exp(-(u**2) / 2)

    return mpmath.quad(f, [-mpmath.inf, -3, 0, 3, mpmath.inf]) / mpmath.sqrt(2 * mpmath.pi)


@memo.remembered()
def _sigma3_box_minimum(beta: float, t: float, step: float = LOWER_GRID_STEP) -> dict:
    """A lower bound of |h(b, r)| over [−β, β] × [1 − t, 1 + t]: when h keeps one sign on the grid, its least |h|
    there less ‖σ''''‖_∞ (step/2 + √(2/π) step/2) (|∂_b h| ≤ ‖σ''''‖_∞, |∂_r h| = |E[Zσ''''(rZ + b)]| ≤
    ‖σ''''‖_∞ E|Z|), else 0; h at the box's corners, edges' midpoints and centre also by mpmath at 30 digits (the
    largest difference is recorded)."""
    bs = np.linspace(-beta, beta, int(round(2 * beta / step)) + 1)
    rs = np.linspace(1 - t, 1 + t, int(round(2 * t / step)) + 1)
    values = _sigma3_mean(*np.meshgrid(bs, rs))
    sup4 = _tanh_derivative_sup(4)
    slack = float(sup4) * (step / 2 + math.sqrt(2 / math.pi) * step / 2)
    points = [(b0, r0) for b0 in (-beta, 0.0, beta) for r0 in (1 - t, 1.0, 1 + t)]
    with mpmath.workdps(30):
        check = max(abs(float(_sigma3_mean_mp(mpmath.mpf(b0), mpmath.mpf(r0))) - float(_sigma3_mean(b0, r0)))
                    for b0, r0 in points)
    one_sign = bool(np.all(values < 0) or np.all(values > 0))
    least = float(np.min(np.abs(values)))
    return {"grid_min_abs_h": least, "lipschitz_slack": slack, "sup_sigma4": str(sup4), "grid": [len(bs), len(rs)],
            "certified_min_abs_h": least - slack - check if one_sign else 0.0, "mpmath_check_max_error": check}


def _event_probability(d: int, s: float, S: float, t: float, beta: float) -> float:
    """P(A_d) exactly (30 digits): ρ² ~ Beta(1/2, (d − 1)/2), d r² ~ χ²_d and b ~ N(0, 1), independent."""
    with mpmath.workdps(30):
        lo, hi = mpmath.mpf(s) ** 2 / d, min(mpmath.mpf(S) ** 2 / d, 1)
        # as a difference of upper tails: betainc over [lo, hi] directly takes seconds at d = 2^20 (mpmath's series)
        tail = partial(mpmath.betainc, 0.5, (d - 1) / mpmath.mpf(2), x2=1, regularized=True)
        p_rho = tail(lo) - tail(hi) if lo < 1 else 0
        # 1 − the two tails (the interval form, and the upper tail from the lower end, take seconds at d = 2^20)
        half = mpmath.mpf(d) / 2
        p_r = (1 - mpmath.gammainc(half, d * (1 + mpmath.mpf(t)) ** 2 / 2, mpmath.inf, regularized=True)
               - mpmath.gammainc(half, 0, d * max(1 - mpmath.mpf(t), 0) ** 2 / 2, regularized=True))
        return float(p_rho * p_r * mpmath.erf(mpmath.mpf(beta) / mpmath.sqrt(2)))


def _rate_below_inverse_root(claimed_exponent: float, claimed_log_power: float) -> bool:
    """√d·d^e log^k d → 0 as d → ∞ (SymPy's limit): the claimed rate is faster than 1/√d."""
    d = sp.Symbol("d", positive=True)
    e, k = sp.nsimplify(claimed_exponent), sp.nsimplify(claimed_log_power)
    return bool(sp.limit(sp.sqrt(d) * d**e * sp.log(d) ** k, d, sp.oo) == 0)


def population_lower_bounds(target_alpha: Sequence[object], rho: np.ndarray, r: np.ndarray, b: np.ndarray, *,
                            h_scale: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """(L₂, L_g) above for correlations ``rho``, norms ``r`` and biases ``b`` (arrays of one shape); ``h_scale``
    multiplies h (tests feed a wrong constant)."""
    s2 = float(_activation_sup_norms()[1])
    a = [abs(float(Fraction(str(x)))) for x in target_alpha]
    arho = np.abs(rho)
    first = (a[1] if len(a) > 1 else 0.0) * arho * r * np.abs(h_scale * _sigma3_mean(b, r))
    rest = s2 * sum(a[j] * math.sqrt(math.factorial(j)) * arho**j for j in range(2, len(a)))
    low2 = first - rest
    return low2, r * np.sqrt(1 - rho**2) * low2


def _lower_bound_facts(which: int, target_alpha: Sequence[object], scan: dict, *,
                       h_scale: float = 1.0) -> dict[str, object] | None:
    """What the lower bounds L₂ / L_g (above) give, whatever the claimed rate: the event, the box bound c_h on |h|,
    the limit c of √d·X on the event and the d from which √d·X ≥ c/2 there, P(event) (its limit and exact values),
    and the bound against every measured neuron (``worst``: the first neuron where it fails, else None). None when
    α*_1 = 0 or the box bound is not positive."""
    alpha = [abs(float(Fraction(str(x)))) for x in target_alpha]
    if len(alpha) < 2 or alpha[1] == 0:
        return None
    ev = LOWER_EVENT
    box = _sigma3_box_minimum(ev["beta"], ev["t"])
    c_h = box["certified_min_abs_h"]
    if c_h <= 0:
        return None
    ds = sorted(scan)
    geometry = _population_geometry(SIM_SEED, 128, tuple(ds))
    biases = {d: b for d, _W, b in _population_draws(SIM_SEED, 128, tuple(ds))}
    rows, worst = [], None
    for d in ds:
        rho, r = geometry[d]
        low = population_lower_bounds(target_alpha, rho, r, biases[d], h_scale=h_scale)[which]
        measured = scan[d][which]
        gap = low - measured
        i = int(np.argmax(gap))
        if gap[i] > STEIN_BOUND_TOL and worst is None:
            worst = {"d": d, "neuron": i, "measured": float(measured[i]), "lower_bound": float(low[i])}
        root_rho = math.sqrt(d) * np.abs(rho)
        inside = (root_rho >= ev["s"]) & (root_rho <= ev["S"]) & (np.abs(r - 1) <= ev["t"]) & (
            np.abs(biases[d]) <= ev["beta"])
        rows.append({"d": d, "neurons_in_event": int(inside.sum()),
                     "min_sqrt_d_X_in_event": float(np.min(math.sqrt(d) * measured[inside])) if inside.any() else None,
                     "min_measured_minus_lower": float(np.min(measured - low))})
    s2 = float(_activation_sup_norms()[1])

    def root_d_bound(d: mpmath.mpf) -> mpmath.mpf:
        """√d·X ≥ this on A_d: |α*_1| s (1 − t) c_h less √d × the j ≥ 2 terms at |ρ| = S/√d, × (1 − t)√(1 − S²/d)
        for L_g (mpmath: d may be far beyond floating point, for a small α*_1: referee EH, EH-14)."""
        first = alpha[1] * ev["s"] * (1 - ev["t"]) * c_h
        rest = s2 * sum(alpha[j] * math.sqrt(math.factorial(j)) * (ev["S"] / mpmath.sqrt(d)) ** j
                        for j in range(2, len(alpha)))
        scale = (1 - ev["t"]) * mpmath.sqrt(max(1 - ev["S"] ** 2 / d, 0)) if which == 1 else 1
        return scale * (first - mpmath.sqrt(d) * rest)

    c = alpha[1] * ev["s"] * (1 - ev["t"]) * c_h * ((1 - ev["t"]) if which == 1 else 1.0)  # the limit of root_d_bound
    with mpmath.workdps(30):
        d_big = mpmath.mpf(2)
        while root_d_bound(d_big) < c / 2:
            d_big *= 2
        log_d_from = float(mpmath.log(d_big))
        d_from: int | str = int(d_big) if d_big < 2**62 else f"2^{round(float(mpmath.log(d_big, 2)))}"
    limit_p = float((mpmath.erf(ev["S"] / mpmath.sqrt(2)) - mpmath.erf(ev["s"] / mpmath.sqrt(2)))
                    * mpmath.erf(ev["beta"] / mpmath.sqrt(2)))
    exact_p = {str(d): _event_probability(d, **ev) for d in STEIN_TAIL_DS}
    least = min(row["min_measured_minus_lower"] for row in rows)
    return {"ev": ev, "box": box, "c_h": c_h, "c": c, "d_from": d_from, "log_d_from": log_d_from,
            "limit_p": limit_p, "exact_p": exact_p,
            "rows": rows, "worst": worst, "least": least, "ds": ds}


def _lower_bound_refutation(which: int, name: str, claimed_exponent: float, claimed_log_power: float,
                            target_alpha: Sequence[object], scan: dict, evidence: dict, *,
                            h_scale: float = 1.0) -> Verdict | None:
    """Displays 12 and 17 at a claimed rate faster than 1/√d: refuted by the lower bounds L₂ / L_g on the event A_d
    (above), checked against every measured neuron (they could fail); None when the rate is not faster than 1/√d,
    α*_1 = 0, or the box bound on |h| is not positive."""
    if not _rate_below_inverse_root(claimed_exponent, claimed_log_power):
        return None
    facts = _lower_bound_facts(which, target_alpha, scan, h_scale=h_scale)
    if facts is None:
        return None
    ev, box, c_h, c, d_from = facts["ev"], facts["box"], facts["c_h"], facts["c"], facts["d_from"]
    limit_p, exact_p, rows, worst, least, ds = (facts[k] for k in ("limit_p", "exact_p", "rows", "worst", "least",
                                                                   "ds"))
    # an illustration of the limit: a d (doubling log d from d_from) where √d·R(d) < c/2, so that there
    # P(X > R) ≥ P(A_d) ≈ limit_p (K = 1); log-space, as d may be far beyond floating point
    log_d = facts["log_d_from"]
    while (0.5 + claimed_exponent) * log_d + claimed_log_power * math.log(log_d) >= math.log(c / 2) and log_d < 1e15:
        log_d *= 2
    crossing = round(log_d / math.log(10), 1) if log_d < 1e15 else None
    kept = {k: v for k, v in evidence.items() if k != "witness"}  # the screen's witness, if any, is not this one
    out = dict(kept, lower_event=ev, h_box=box, lower_constant=c, lower_from_d=d_from, limit_P_event=limit_p,
               exact_P_event=exact_p, lower_rows=rows, tolerance=STEIN_BOUND_TOL)
    if worst is not None:
        return inconclusive("symbolic+numeric", f"{name}: the lower bound fails at a measured neuron ({worst}), "
                            "so it cannot refute the claimed rate", **out)
    rate = f"d^{{{claimed_exponent:g}}} log^{{{claimed_log_power:g}}} d"
    last = rows[-1]
    return refuted(
        "symbolic+numeric",
        f"{name} is not O_P({rate}), not even for one neuron: √d·{name} ≥ {c / 2:.3g} on the event s ≤ √d|ρ| ≤ S, "
        f"|‖w‖ − 1| ≤ t, |b| ≤ β (s, S, t, β = {ev['s']}, {ev['S']}, {ev['t']}, {ev['beta']}) for d ≥ {d_from} "
        f"(Mehler's j = 1 term exactly, ρ r E[σ'''(rZ + b)] with |E[σ''']| ≥ {c_h:.3g} on the box, the others ≤ "
        f"‖σ''‖_∞ Σ|α*_j|√j!|ρ|^j), P(event) → {limit_p:.3f} > 0 (exactly {exact_p[str(STEIN_TAIL_DS[-1])]:.3f} at "
        f"d = 2^30), and √d·{rate} → 0 ("
        + (f"below {c / 2:.3g} by d = 10^{crossing}, where P(X > {rate}) ≥ P(event)" if crossing is not None else
           f"below {c / 2:.3g} only beyond d = e^(10^15)")
        + "); "
        f"the lower bound holds at all {len(ds)}×128 measured neurons (least measured "
        f"− bound {least:.2g}), {last['neurons_in_event']} of 128 in the event at d = {last['d']}",
        witness={"event": ev, "sqrt_d_X_at_least": c / 2, "from_d": d_from, "limit_P_event": limit_p,
                 "log10_d_where_rate_below_that": crossing},
        **out,
    )


def _proved_rate_verdict(which: int, name: str, claimed_exponent: float, claimed_log_power: float,
                         target_alpha: Sequence[object] = SERIES_TARGET_ALPHA) -> Verdict:
    """Displays 12 (``which`` = 0) and 17 (``which`` = 1): the measured d-scaling can refute the claimed rate; else
    the bounds B₂ / B_g, checked against every measured neuron (they could fail), prove it on the readings
    :func:`_readings_proved` decides."""
    scan = _population_scan(target_alpha=target_alpha)
    ds = sorted(scan)
    evidence = {"seed": SIM_SEED, "neurons": 128, "target_hermite": [str(a) for a in target_alpha],
                "max_over_neurons": [float(scan[d][which].max()) for d in ds]}
    measured = _rate_verdict(f"median_i {name}", ds, [scan[d][which] for d in ds], claimed_exponent,
                             claimed_log_power, evidence)
    # a rate faster than 1/√d: decided by the lower bound first (referee EA, EA-2 / ED-11: the slope screen cannot
    # see an exponent error below ~0.3 once a log factor's allowance is granted; referee EH, EH-1: a finite-range
    # fit must not stand in for the argument)
    lower = _lower_bound_refutation(which, name, claimed_exponent, claimed_log_power, target_alpha, scan,
                                    measured.evidence)
    if lower is not None:
        return lower
    if measured.verdict == "refuted":
        if _rate_below_inverse_root(claimed_exponent, claimed_log_power):  # no lower bound here (α*_1 = 0): the fit
            return measured
        # a rate with √d·R(d) not → 0 is decided by the upper bound below, whatever the fit over d ≤ 4096 says
        # (referee EH, EH-1: a negative log power's allowance had refuted O_P(log^{−20} d), which is true)
        measured = inconclusive("numeric", f"{name}: fitted exponent {measured.evidence['fitted_exponent']:.3f} ± "
                                f"{measured.evidence['exponent_se']:.3f} over d = {ds[0]} … {ds[-1]}; the slope screen "
                                "does not decide a rate with √d·R(d) not → 0 (the bound does)", **measured.evidence)
    geometry = _population_geometry(SIM_SEED, 128, tuple(ds))
    slack, worst = [], None
    for d in ds:
        bound = stein_bounds(target_alpha, *geometry[d])[which]
        gap = scan[d][which] - bound
        i = int(np.argmax(gap))
        slack.append(float(np.min(bound - scan[d][which])))
        if gap[i] > STEIN_BOUND_TOL and worst is None:
            worst = {"d": d, "neuron": i, "measured": float(scan[d][which][i]), "bound": float(bound[i])}
    s1, s2 = _activation_sup_norms()
    tails = _tail_inequalities_hold()
    readings = _readings_proved(claimed_exponent, claimed_log_power)
    ev = dict(measured.evidence, sup_sigma1=str(s1), sup_sigma2=str(s2), tolerance=STEIN_BOUND_TOL,
              min_bound_minus_measured=slack, tail_ratio_exact_over_bound=tails, readings_proved=readings)
    # (α*_0 = 0, which B₂ needs, holds for every target: PolynomialTarget refuses a target that is not centred)
    if worst is not None or max(tails.values()) > 1:
        why = f"the bound fails at {worst}" if worst is not None else f"a tail inequality fails on the grid ({tails})"
        return inconclusive("numeric", f"{measured.detail}; the proof does not apply: {why}", **ev)
    held = [k for k, v in readings.items() if v]
    rate = f"d^{{{claimed_exponent:g}}} log^{{{claimed_log_power:g}}} d"
    if len(held) == len(readings):
        return verified(
            "symbolic+numeric",
            f"{name} ≤ K·max(|ρ_i|, |‖w_i‖ − 1|) for every w, b (Mehler + Cauchy–Schwarz, ‖σ''‖_∞ = {s2}; the bound "
            f"holds at all {len(ds)}×128 measured neurons, least slack {min(slack):.2g}), and max(|ρ_i|, |‖w_i‖−1|) is "
            "O(1/√d) per neuron and O(√(log d/d)) over p = d^{π_p} neurons with probability → 1, and O(log d/√d) "
            "over every neuron with probability ≥ 1 − e^{−c log²d} (Part 1's O_P), every width (exact Beta/χ² "
            "tails within their "
            f"sub-Gaussian bounds on the grid): the claimed O_P({rate}) holds on every reading; measured exponent "
            f"{measured.evidence['fitted_exponent']:.3f}",
            # the bound is the check's own route (Mehler's series, Cauchy–Schwarz, the χ²/Beta tails), not Stein's
            # display (stein.decomposition, refuted as printed): the claim does not rest on it (referee EA, EA-1)
            decided_without_premises="Mehler's series and Cauchy–Schwarz for every w, b, with the exact tails of ρ_i "
            "and ‖w_i‖, not Stein's decomposition (2, 12)",
            route_premises=["part1.size-reading"],
            **ev,
        )
    # the readings the upper bound does not prove, decided by the lower bound where it holds at every measured
    # neuron (referee EH, EH-3: "= O_P(1/√d)" had been left "not proved" on the every-neuron reading, which fails)
    facts = _lower_bound_facts(which, target_alpha, scan)
    refutes = _readings_refuted(claimed_exponent, claimed_log_power) if facts and facts["worst"] is None else {}
    failing = [k for k, v in readings.items() if not v and refutes.get(k)]
    if failing:
        texts = {k: ("all: proved by the upper bound" if v else
                     f"none: {LOWER_READING_ARGUMENT[k]}" if refutes.get(k) else "undecided: neither bound decides it")
                 for k, v in readings.items()}
        return refuted(
            "symbolic+numeric",
            f"{name} is not O_P({rate}) on the reading{'s' if len(failing) > 1 else ''} {', '.join(failing)}: "
            + "; ".join(LOWER_READING_ARGUMENT[k] for k in failing)
            + f" (Mehler's lower bound, |E[σ''']| ≥ {facts['c_h']:.3g} on the box, held at every measured neuron); "
            f"it holds for {', '.join(held) or 'no reading'} (the upper bound)",
            witness={"failing_readings": failing, "rate": rate},
            readings=texts, lower_constant=facts["c"], lower_rows=facts["rows"], **ev,
        )
    return inconclusive(
        "symbolic+numeric",
        f"{name}: the bound proves O_P({rate}) for {', '.join(held) or 'no reading'}, not for "
        f"{', '.join(k for k, v in readings.items() if not v)}; {measured.detail}",
        **ev,
    )


#: why the lower bound refutes a reading (its limit condition in :func:`_readings_refuted`)
LOWER_READING_ARGUMENT = {
    "one neuron": "√d·R(d) → 0 while √d·X ≥ c/2 on an event of probability → 0.235",
    EVERY_NEURON: "√d·R(d)/√log d → 0 while, of the p = d^{π_p} independent neurons, a fraction → P(|b| ≤ β)·P(|r − 1| "
                  "≤ t) > 0 lies in the box and the largest √d|ρ_i| among them exceeds √(π_p log d) with probability "
                  "→ 1, so max_i X_i ≥ c·√(π_p log d/d)/2 (the j ≥ 2 terms are O(log d/d))",
    PAPER_LEVEL: "√d·R(d)/log d → 0 while for one neuron P(√d|ρ| ≥ u) ≥ e^{−u²(1+o(1))/2}·const (ρ² ~ Beta(1/2, "
                 "(d−1)/2)), so P(X > K·R(d)) ≥ e^{−C K² d R(d)²} ≫ e^{−c log²d} for every K, c",
}


def _readings_refuted(claimed_exponent: float, claimed_log_power: float) -> dict[str, bool]:
    """Which readings of "X_d = O_P(d^e log^k d)" the lower bound refutes: √d R/log^m d → 0."""
    return {reading: limit == 0 for reading, limit in _reading_limits(claimed_exponent, claimed_log_power).items()}


def check_sigma2_order(claimed_exponent: float = -0.5, claimed_log_power: float = 1.0,
                       target_alpha: Sequence[object] = SERIES_TARGET_ALPHA) -> Verdict:
    """Display 12: E[f_*σ''(⟨w_i^0,x⟩+b_i)] = O_P(log d/√d), population value by quadrature across d, and the bound
    B₂ (above) that proves it."""
    return _proved_rate_verdict(0, "|E[f_*σ''(⟨w_i,x⟩+b_i)]|", claimed_exponent, claimed_log_power, target_alpha)


def check_population_gradient(claimed_exponent: float = -0.5, claimed_log_power: float = 1.0,
                              target_alpha: Sequence[object] = SERIES_TARGET_ALPHA) -> Verdict:
    """Display 17: g(w_i^0) = α_1^{b_i} α*_1 μ + O_P(log d/√d), g by 2-D quadrature from its definition, and the
    bound B_g (above) that proves it."""
    return _proved_rate_verdict(1, "‖g(w_i) − α_1^{b_i}α*_1 μ‖", claimed_exponent, claimed_log_power, target_alpha)


# =========================================================================== Lemma 3 and the first step (simulation)

SIM_DS = (32, 64, 128)
SIM_RATIOS = (4, 16, 64)
POP_NEURONS = 16


def _network(d: int, seed: int):
    """The paper's initialisation (p = d) for dimension d; μ = e_1 (the problem is rotation invariant)."""
    W0, b, a0 = initialise(d, d, np.random.default_rng([seed, d, 0]))
    mu = np.zeros(d)
    mu[0] = 1.0
    return W0, b, a0, mu


def _data(d: int, ratio: int, seed: int, target: PolynomialTarget):
    """n = ratio·d fresh samples x ~ N(0, I_d) and labels y = σ_*(⟨μ, x⟩) with μ = e_1."""
    X = np.random.default_rng([seed, d, ratio]).standard_normal((ratio * d, d))
    return X, target(X[:, 0])


POP_STEP = 0.4  # trapezoid step of the population quadratures: error ≈ 4e-8 against step 0.1 (measured at d = 256)


def _population_initial_output_both(
    W0: np.ndarray, b: np.ndarray, a0: np.ndarray, neurons: np.ndarray, *, step: float
) -> tuple[np.ndarray, np.ndarray]:
    r"""``(population_initial_output(W0, b, a0, neurons, step=step), population_initial_output_scalar(W0, b, a0,
    neurons, step=step))`` of :mod:`theorycheck.first_layer`, bit for bit, in one pass over the quadrature nodes.

    Both readings integrate against the same bivariate normals (V_k, V_i) and need σ'(V_i + b_i) = 1/cosh² on the
    same N×N grid: the scalar reading's integrand σ(V_k + b_k)σ'(V_i + b_i) is a third output of the vector
    reading's two (:func:`theorycheck.gaussian.expect_cov` with a tuple), so the grid's cosh is formed once instead
    of twice. Each integrand is formed by the same operations, in the same order, as in the library functions
    (tests/test_first_layer_speedups.py compares with them)."""
    from theorycheck.gaussian import expect_cov

    d, p = W0.shape
    G = W0.T @ W0
    vec = np.empty((d, neurons.size))
    scalar = np.empty(neurons.size)
    for col, i in enumerate(neurons):

        def F(v1, v2, k, bi=b[i]):
            x1, x2 = v1 + b[k], v2 + bi
            c2 = np.cosh(x2) ** 2
            r2 = 1.0 / c2
            t1 = np.tanh(x1)
            return (1.0 / np.cosh(x1) ** 2) * r2, t1 * (-2.0 * np.tanh(x2) / c2), t1 * r2

        e1, e2, e3 = expect_cov(F, np.diag(G), G[:, i], np.full(p, G[i, i]), size=step)
        vec[:, col] = W0 @ (a0 * e1) + W0[:, i] * float(a0 @ e2)
        scalar[col] = float(a0 @ e3)
    return vec, scalar


@memo.shared
def _population_output_computed(d: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    W0, b, a0, _ = _network(d, seed)
    return _population_initial_output_both(W0, b, a0, np.arange(POP_NEURONS), step=POP_STEP)


@functools.lru_cache(maxsize=16, typed=True)
def _population_output_at(d: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The n → ∞ initial-output term of the first POP_NEURONS neurons of ``_network(d, seed)`` at step POP_STEP,
    vector and scalar readings (:func:`_population_initial_output_both`). Independent of any claimed statement and
    measured by both lemma3.initial-output and rank1.alignment (the same networks): remembered in-process and, during
    an audit, on disk for the other check (:func:`theorycheck.memo.shared`). Read-only arrays."""
    vec, scalar = _population_output_computed(d, seed)
    vec.setflags(write=False)
    scalar.setflags(write=False)
    return vec, scalar


@functools.lru_cache(maxsize=4, typed=True)
def _initial_output_measurements(seed: int, ds: tuple, ratios: tuple, pop_ds: tuple) -> tuple:
    """The simulations and population values of :func:`check_initial_output`, which do not depend on the claimed
    exponent: remembered in-process, returned as tuples of floats. ((for each d in ds: for each ratio:
    (n, median norm, median distance to the population value, median |scalar reading|)), ((d, population median
    norm), ...) over ds then pop_ds, ((d, population median |scalar reading|), ...) over ds).

    T1 is formed for the POP_NEURONS neurons that are measured only, from f^0 of the whole network: column i of
    ``gradient_terms(W0, b, a0, X, y)[0]`` depends on the network only through f^0 (the same numbers,
    tests/test_first_layer_speedups.py), and ĝ is not needed here."""
    target = target_from_hermite(SIM_TARGET_ALPHA)
    idx = np.arange(POP_NEURONS)
    measured, pops, pops_scalar = [], {}, {}
    for d in ds:
        W0, b, a0, mu = _network(d, seed)
        pop, pop_scalar = _population_output_at(d, seed)
        pops[d] = float(np.median(np.linalg.norm(pop, axis=0)))
        pops_scalar[d] = float(np.median(np.abs(pop_scalar)))
        rows = []
        for ratio in ratios:
            X, y = _data(d, ratio, seed, target)
            f0 = model_output(W0, b, a0, X)
            # [:, idx] picks every column again: the same fancy-indexed copy (column-major) as T1_full[:, idx],
            # so the column norms below sum in the same order
            T1 = feature_weighted_sum(W0[:, idx], b[idx], X, f0 / len(y))[:, idx]
            norms = np.linalg.norm(T1, axis=0)
            dist = np.linalg.norm(T1 - pop, axis=0)
            scalar = (f0 / len(y)) @ (1 / np.cosh(X @ W0[:, idx] + b[idx]) ** 2)
            rows.append((ratio * d, float(np.median(norms)), float(np.median(dist)), float(np.median(np.abs(scalar)))))
        measured.append(tuple(rows))
    for d in pop_ds:
        pops[d] = float(np.median(np.linalg.norm(_population_output_at(d, seed)[0], axis=0)))
    return tuple(measured), tuple(pops.items()), tuple(pops_scalar.items())


def check_initial_output(
    claimed_n_exponent: float = -0.5, seed: int = SIM_SEED, ds=SIM_DS, ratios=SIM_RATIOS, pop_ds=(256, 512)
) -> Verdict:
    r"""Lemma 3, first bound (vector reading, with x_j): ‖(1/n)Σ_j f^0(x_j)σ'(⟨w_i,x_j⟩+b_i)x_j‖ ≲_P (d/n)^{1/2} log d.

    Simulated at d ∈ ds, n/d ∈ ratios (p = d, one network per d); the n → ∞ limit E[f^0(x)σ'(⟨w_i,x⟩+b_i)x]
    by Stein's lemma and 2-D quadrature (:func:`theorycheck.first_layer.population_initial_output`) for
    the first POP_NEURONS neurons, also at the larger d in ``pop_ds``.
    """
    measured_rows, pops, pops_scalar = _initial_output_measurements(seed, tuple(ds), tuple(ratios), tuple(pop_ds))
    pops, pops_scalar = dict(pops), dict(pops_scalar)
    sims, slopes_n = [], {}
    for d, measured in zip(ds, measured_rows):
        rows = []
        for ratio, (n, median_norm, median_dist, median_scalar) in zip(ratios, measured):
            rows.append(
                {
                    "d": d,
                    "n": n,
                    "median_norm": median_norm,
                    "median_dist_to_population": median_dist,
                    "sqrt_d_over_n": math.sqrt(1 / ratio),
                    "claimed_rate_no_constant": (1 / ratio) ** (-claimed_n_exponent) * math.log(d),
                    "median_abs_scalar_reading": median_scalar,
                }
            )
        slopes_n[str(d)] = _fit_slope([r["n"] for r in rows], [r["median_norm"] for r in rows])
        sims += rows
    pop_slope, pop_se = _fit_slope(list(pops), list(pops.values()))
    last_d = [r for r in sims if r["d"] == ds[-1]]
    dist_slope = _fit_slope([r["n"] for r in last_d], [r["median_dist_to_population"] for r in last_d])
    evidence = dict(
        seed=seed,
        p="p = d",
        neurons=f"first {POP_NEURONS}",
        target_hermite=list(SIM_TARGET_ALPHA),
        simulations=sims,
        slope_in_n_of_median_norm=slopes_n,
        slope_in_n_of_distance_to_population=list(dist_slope),
        population_median_norm=pops,
        population_slope_in_d=[pop_slope, pop_se],
        population_median_abs_scalar_reading=pops_scalar,
        reading="vector reading (with the factor x_j); the printed scalar reading (no x_j) is reported as "
        "median_abs_scalar_reading and also tends to a non-zero limit, E[f^0σ'(⟨w_i,x⟩+b_i)]",
        tolerance=f"population by 2-D trapezoid quadrature, step {POP_STEP} (error ≈ 4e-8); simulation noise ∝ √(d/n)",
    )
    if claimed_n_exponent < 0 and min(pops.values()) > 0.05 and pop_slope > -0.1:
        dmax = max(pops)
        return refuted(
            "simulation+numeric",
            "the initial-output term does not vanish: it converges (distance ∝ n^"
            f"{dist_slope[0]:.2f}) to its population value E[f^0σ'x], whose median norm stays ≈ "
            f"{np.median(list(pops.values())):.2f} for d = {min(pops)}..{dmax} (fitted d-exponent "
            f"{pop_slope:.2f} ± {pop_se:.2f}), while the claimed bound → 0. The proof applies Bernstein to "
            "z_j x_j, which are not centred: E[f^0(x)x] = Σ_k a_{0,k} w_k E[σ'(⟨w_k,x⟩+b_k)] ≠ 0. The display as "
            "printed, a scalar (no x_j), fails too: |E[f^0σ'(⟨w_i,x⟩+b_i)]| has median "
            + ", ".join(f"{v:.2f}" for v in pops_scalar.values())
            + f" at d = {', '.join(str(k) for k in pops_scalar)} over the first {POP_NEURONS} neurons of one network "
            "per d: each d's value is one draw of the O(1) random common factor Σ_k a_{0,k}E[tanh(⟨w_k,x⟩+b_k)], "
            "not a trend in d (referee DB, DB-2)",
            witness={
                "d": dmax,
                "population_median_norm": pops[dmax],
                "seed": seed,
                "simulated_at": last_d[-1],
                "ratio_to_claimed_rate_grows_like_n^": 0.5 + slopes_n[str(ds[-1])][0],
            },
            **evidence,
        )
    return inconclusive(
        "simulation+numeric",
        "the data do not contradict the claimed rate "
        f"(population norm ≈ {np.median(list(pops.values())):.2f}, flat in d)",
        **evidence,
    )


def _exact_mean_square(W0, b, g, target, idx, n):
    """E‖ĝ − g‖² = (E‖u‖² − ‖g‖²)/n with E‖u‖² = E[F(U² + Z²)] + (d − 2)E[F], F = σ_*(U)²σ'(V+b)²."""
    d = W0.shape[0]
    out = []
    for k, i in enumerate(idx):
        w = W0[:, i]
        rho, r2 = float(w[0]), float(w @ w)
        s = math.sqrt(max(r2 - rho * rho, 0.0))
        F = lambda u, v, bi=b[i]: (target(u) * _tanh_d(1, v + bi)) ** 2  # noqa: E731
        tot = expect_pair(F, rho, r2, size=POP_STEP)
        euu = expect_pair(lambda u, v: F(u, v) * u * u, rho, r2, size=POP_STEP)
        ezz = expect_pair(lambda u, v: F(u, v) * ((v - rho * u) / s) ** 2, rho, r2, size=POP_STEP)
        out.append((euu + ezz + (d - 2) * tot - float(g[:, k] @ g[:, k])) / n)
    return np.array(out)


def check_gradient_concentration(
    statement: Statement | None = None, seed: int = SIM_SEED, ds=SIM_DS, ratios=SIM_RATIOS
) -> Verdict:
    r"""Lemma 3, second bound: ‖g(w_i^0) − ĝ(w_i^0)‖ ≲_P (d/n)^{1/2} log^{q+1} d (``statement``, by default the
    registered one; its right side in d, n, log d and q is what is decided), with the exact mean square
    E‖ĝ − g‖² = (E‖u‖² − ‖g‖²)/n, E‖u‖² = E[σ_*²σ'²(U² + Z²)] + (d − 2)E[σ_*²σ'²] (2-D quadrature).

    Refuted when the measured decay in n is slower than the right side's power of n, or when the exact RMS error,
    ≍ √(d/n) (its constant n E‖ĝ − g‖²/d and the median error's share of the RMS are measured at every run),
    outgrows the right side somewhere on the region (``compare``, exact); verified by a truncated Bernstein
    certificate (:func:`_bernstein_certificate`) whose rate is ≲ the right side on the whole region."""
    from theorycheck.asymptotics import compare

    statement = STATEMENTS["lemma3.gradient-concentration"] if statement is None else statement
    claimed_rate = statement.rhs
    claimed_n_exponent = float(sp.limit(sp.simplify(_n * sp.diff(sp.log(claimed_rate), _n)), _n, sp.oo))
    target = target_from_hermite(SIM_TARGET_ALPHA)
    idx = np.arange(POP_NEURONS)
    sims = []
    for d in ds:
        W0, b, a0, mu = _network(d, seed)
        g = population_target_term(W0, b, mu, target, idx, step=POP_STEP)
        exact1 = _exact_mean_square(W0, b, g, target, idx, 1)
        for ratio in ratios:
            n = ratio * d
            X, y = _data(d, ratio, seed, target)
            G = feature_weighted_sum_cols(W0, b, X, y / n, idx)
            err2 = np.sum((G - g) ** 2, axis=0)
            exact = exact1 / n
            sims.append(
                {
                    "d": d,
                    "n": n,
                    "max_error": float(np.sqrt(err2.max())),
                    "median_error": float(np.median(np.sqrt(err2))),
                    "mean_sq_error": float(err2.mean()),
                    "exact_mean_sq": float(exact.mean()),
                    "mc_ratio": float(err2.mean() / exact.mean()),
                    "sqrt_d_over_n": math.sqrt(d / n),
                }
            )
    last = [s_ for s_ in sims if s_["d"] == ds[-1]]
    slope, se = _fit_slope([s_["n"] for s_ in last], [s_["median_error"] for s_ in last])
    exact_slope = _fit_slope([s_["n"] for s_ in last], [math.sqrt(s_["exact_mean_sq"]) for s_ in last])[0]
    ratios_mc = [s_["mc_ratio"] for s_ in sims]
    evidence = dict(
        seed=seed,
        target_hermite=list(SIM_TARGET_ALPHA),
        q=3,
        neurons=f"first {POP_NEURONS}",
        simulations=sims,
        slope_in_n=[slope, se],
        exact_rms_slope_in_n=exact_slope,
        claimed_rate=str(claimed_rate),
        claimed_n_exponent=claimed_n_exponent,
        mc_ratio_range=[min(ratios_mc), max(ratios_mc)],
        reading="vector reading; ĝ with b_i and x_k (display 4's b_k, x_j are typos); u_j with σ' (the proof writes σ)",
        tolerance="mean ‖ĝ−g‖² over 16 neurons vs the exact value: the ratio is a sample mean of the "
        "heavy-tailed σ_*(U)²σ'² (degree-6 polynomial in U) shared by all neurons, so it scatters "
        "below 1 at small n (≈ 0.5 at n = 128) and approaches 1 as n grows; the slope is the test",
    )
    if exact_slope > claimed_n_exponent + 0.1 and slope > claimed_n_exponent + max(5 * se, 0.1):
        return refuted(
            "simulation+numeric",
            f"the error decays like n^{slope:.2f}±{se:.2f} (exact RMS: "
            f"n^{exact_slope:.2f}), slower than the claimed n^{claimed_n_exponent}",
            witness=last[-1],
            **evidence,
        )
    # the exact RMS error is ≍ √(d/n): n E‖ĝ − g‖²/d is measured bounded away from 0, and the error concentrates
    # at it (the median error's share of the RMS); a right side ≪ √(d/n) somewhere is below the typical error there
    rms_constant = [s_["exact_mean_sq"] * s_["n"] / s_["d"] for s_ in sims]
    median_share = [s_["median_error"] / math.sqrt(s_["exact_mean_sq"]) for s_ in sims]
    typical = compare(_S.in_powers_of_d(_SQ), "lesssim", _S.in_powers_of_d(claimed_rate), ADMISSIBLE, d=_d)
    evidence["typical_error"] = {"n_mean_sq_over_d_range": [min(rms_constant), max(rms_constant)],
                                 # per run: the median over the simulated neurons of one data draw (referee CE, F2)
                                 "median_over_rms_range": [min(median_share), max(median_share)],
                                 "median_over_rms_is": "per run, the median over its neurons of ‖ĝ − g‖ over the "
                                                       "exact RMS (one data draw per run, not a median over draws)",
                                 "rms_below_claim": typical.regime()}
    if typical.holds_on != "all" and typical.witness is not None and min(median_share) > 0.5:
        return refuted(
            "simulation+symbolic",
            f"the exact RMS error √((E‖u‖² − ‖g‖²)/n) ≍ √(d/n) (n E‖ĝ − g‖²/d ∈ [{min(rms_constant):.3g}, "
            f"{max(rms_constant):.3g}] at every run, the median error ≥ {min(median_share):.2f} of the RMS) outgrows "
            f"the claimed rate where it fails to be ≲ it (exact, on {typical.holds_on} of the region)",
            witness=typical.witness, **evidence,
        )
    cert = _bernstein_certificate(target, sims, claimed_rate)
    evidence["bernstein"] = cert
    if (cert["holds_at_every_run"] and cert["rate_holds_on"] == "all" and cert["failure_exponent"] < 0
            and cert["bias_over_rate_as_d_to_infinity"] == "0"):
        return verified(
            "symbolic+numeric",
            f"a truncated Bernstein bound in Hilbert space (Pinelis) gives ‖ĝ−g‖ ≤ √(2V log²d/n) + (2/3)M log²d/n "
            "+ bias, V = E[σ_*²U²] + (d−1)E[σ_*²] ≥ E‖u‖² (exact), M = 4√d max_{|z|≤log d}|σ_*(z)|, "
            "for every neuron at once with probability "
            f"≥ 1 − 2p e^{{−log²d}} − n P(|U| > log d or ‖x‖ > 2√d) = 1 − e^{{−(1/2 + o(1)) log²d}}; that is "
            f"≲ √(d/n) log^{{q+1}} d on all of the region, and the bound holds at every simulated run (largest "
            f"measured/bound {cert['largest_ratio']:.3f}); measured decay n^{slope:.2f}±{se:.2f}",
            # the reading it is decided under, recorded where the count of reading-qualified verdicts reads it
            # (referee EI, EI-9: it had been in the evidence only)
            regime={"region": ADMISSIBLE.name, "holds_on": "all", "conditions": [], "readings": {
                "display (2, 4) with b_i and x_k inside the sum (its b_k and x_j read as typos), u_j with σ'": "all",
                "display (2, 4) literally (a bias b_k per sample, x_j outside the sum over k)": "undecided: ĝ is then "
                "one sample x_j times a scalar mean, not an estimate of the vector g; not decided here"}},
            **evidence,
        )
    return inconclusive(
        "simulation+numeric",
        f"consistent: ‖ĝ−g‖ decays like n^{slope:.2f}±{se:.2f}; the mean square "
        f"matches the exact (E‖u‖²−‖g‖²)/n ∝ d/n (ratio {min(ratios_mc):.2f}–{max(ratios_mc):.2f}) "
        "with no log factor for typical neurons; the Bernstein bound does not decide it (holds at every run: "
        f"{cert['holds_at_every_run']}, its rate within the claim on {cert['rate_holds_on']} of the region)",
        **evidence,
    )


def _target_moments(target: PolynomialTarget) -> tuple[Fraction, Fraction]:
    """(E[σ_*(U)²], E[σ_*(U)² U²]) for U ~ N(0, 1), exactly (E[U^{2k}] = (2k − 1)!!)."""
    c = target.coefficients
    square = [Fraction(0)] * (2 * len(c) - 1)
    for i, a in enumerate(c):
        for j, b_ in enumerate(c):
            square[i + j] += a * b_

    def moment(k: int) -> int:
        return 0 if k % 2 else math.prod(range(k - 1, 0, -2))

    return (sum((a * moment(k) for k, a in enumerate(square)), Fraction(0)),
            sum((a * moment(k + 2) for k, a in enumerate(square)), Fraction(0)))


def _target_sup(target: PolynomialTarget, half_width: float) -> float:
    """max_{|z| ≤ half_width} |σ_*(z)|: at the ends or at a real critical point (SymPy's exact real roots)."""
    z = sp.Symbol("z", real=True)
    f = sum(sp.Rational(a.numerator, a.denominator) * z**k for k, a in enumerate(target.coefficients))
    points = [-half_width, half_width] + [float(r) for r in sp.Poly(sp.diff(f, z), z).real_roots()
                                          if abs(float(r)) <= half_width]
    return max(abs(float(f.subs(z, x))) for x in points)


def norm_beyond_twice_sqrt_d(d: int) -> mpmath.mpf:
    """P(‖x‖ > 2√d) = P(χ²_d > 4d) for x ~ N(0, I_d), at the caller's mpmath precision (the truncation event of the
    Lemma 3 certificates)."""
    return mpmath.gammainc(d / mpmath.mpf(2), 2 * d, mpmath.inf, regularized=True)


def _bernstein_certificate(target: PolynomialTarget, sims: list[dict], claimed: sp.Expr) -> dict:
    """Lemma 3's second bound at the paper's ≲_P (probability ≥ 1 − e^{−c log²d}, Part 1 §2.5), from a truncated
    Bernstein inequality in Hilbert space (Pinelis 1994: P(‖Σ ξ_j‖ ≥ t) ≤ 2 exp(−t²/(2σ² + 2Mt/3)) for independent
    centred ξ_j with ‖ξ_j‖ ≤ M, Σ E‖ξ_j‖² ≤ σ²). Truncate u_j = σ_*(U_j)σ'(·)x_j at |U_j| ≤ log d and ‖x_j‖ ≤ 2√d:
    ‖ξ_j‖ ≤ M = 4√d max_{|z|≤log d}|σ_*|, E‖ξ_j‖² ≤ E‖u‖² ≤ V = E[σ_*²U²] + (d − 1)E[σ_*²] (σ' ≤ 1, exact), so with
    s = log²d: ‖ĝ − g‖ ≤ t/n + bias, t = Ms/3 + √((Ms/3)² + 2nVs), bias ≤ √V √P(truncated), except with probability
    2e^{−s} + n P(truncated). Checked: the bound against every simulated run's largest error (it could fail), the
    bound's rate √(d/n) log d + √d log^{q+2}d/n against the claimed one over the region (``compare``), and the
    exponent of the failure probability in log²d (SymPy limit, every ν)."""
    from theorycheck.asymptotics import compare

    from .symbols import in_powers_of_d, nu
    from .symbols import pi_p as pi_p_sym
    from .symbols import q as q_sym

    e_f2, e_f2u2 = _target_moments(target)
    rows, worst = [], 0.0
    for sim in sims:
        d, n = sim["d"], sim["n"]
        L = math.log(d)
        V = float(e_f2u2) + (d - 1) * float(e_f2)
        M = 4 * math.sqrt(d) * _target_sup(target, L)
        s_ = L * L
        with mpmath.workdps(30):
            p_trunc = float(mpmath.erfc(L / mpmath.sqrt(2)) + norm_beyond_twice_sqrt_d(d))
        t = M * s_ / 3 + math.sqrt((M * s_ / 3) ** 2 + 2 * n * V * s_)
        bound = t / n + math.sqrt(V * p_trunc)
        worst = max(worst, sim["max_error"] / bound)
        rows.append({"d": d, "n": n, "V": V, "M": M, "bound": bound, "max_error": sim["max_error"],
                     "failure_probability": min(1.0, 2 * math.exp(-s_) + n * p_trunc)})
    q_ = len(target.coefficients) - 1
    # the rate for every degree q (referee AH, F5: it had been compared for the simulated target's q = 3 only): a
    # degree-q σ_* has max_{|z| ≤ log d}|σ_*| ≤ Σ_k|c_k| log^k d ≲ log^q d, so M ≲ √d log^q d and the bound is
    # √(d/n) log d + √d log^{q+2}d/n, decided against the claim on the region for each degree of the region
    ours = sp.sqrt(_d / _n) * _log_d + sp.sqrt(_d) * _log_d ** (q_sym + 2) / _n
    rate = compare(in_powers_of_d(ours), "lesssim", in_powers_of_d(claimed), ADMISSIBLE, d=_d)
    # the failure probability for all p = d^{π_p} neurons at once (the truncation event is shared; referee D):
    # 2p e^{−log²d} + n(P(|U| > log d) + P(‖x‖ > 2√d)) ≤ 2d^{π_p}e^{−log²d} + d^ν(e^{−log²d/2} + e^{−d/2}) (Gaussian
    # and χ² tails), whose log over log²d tends to −1/2 for every ν and π_p; and the truncation bias
    # √V √P(truncated) ≲ √d e^{−log²d/4} against the claimed rate (→ 0 for every ν)
    log_d = sp.log(_d)
    failure = 2 * _d**pi_p_sym * sp.exp(-log_d**2) + _d**nu * (sp.exp(-log_d**2 / 2) + sp.exp(-_d / 2))
    exponent = sp.limit(sp.log(failure) / log_d**2, _d, sp.oo)
    bias_ratio = sp.limit(sp.sqrt(_d) * sp.exp(-log_d**2 / 4) / in_powers_of_d(claimed).subs(q_sym, q_), _d, sp.oo)
    return {"runs": rows, "largest_ratio": worst, "holds_at_every_run": worst <= 1.0,
            "rate_holds_on": rate.holds_on, "rate_regime": rate.regime(), "failure_exponent": float(exponent),
            "bias_over_rate_as_d_to_infinity": str(bias_ratio), "readings": "every neuron at once (the bound does "
            "not depend on (w_i, b_i) and the truncation event is shared: a union bound over p costs 2p e^{−log²d})",
            "E_target_sq": str(e_f2), "E_target_sq_U_sq": str(e_f2u2)}


def feature_weighted_sum_cols(W0, b, X, weights, idx):
    """Σ_j weights_j σ'(⟨w_i, x_j⟩ + b_i) x_j for the neurons i in idx only."""
    return feature_weighted_sum(W0[:, idx], b[idx], X, weights)


def paper_gradient_factor() -> float:
    """Part 2 display 2: ∇_{w_i}L = (a_{0,i}/n) Σ_j (f^0 − f_*) σ' x_j, i.e. factor 1 in front of a_{0,i}/n."""
    return 1.0


def check_gradient_formula(
    claimed_factor: Callable[[], float] = paper_gradient_factor, seed: int = SIM_SEED
) -> Verdict:
    """Display 2 against central finite differences of L = (1/n)Σ(f − y)²
    (Part 1; the λ‖a‖² term does not involve W)."""
    rng = np.random.default_rng(seed)
    d, p, n = 6, 5, 40
    W0, b, a0 = initialise(d, p, rng)
    X = rng.standard_normal((n, d))
    target = target_from_hermite(SIM_TARGET_ALPHA)
    y = target(X[:, 0])

    def L(W):
        return float(np.mean((np.tanh(X @ W + b) @ a0 - y) ** 2))

    h = 1e-6
    fd = np.zeros_like(W0)
    for i in range(d):
        for k in range(p):
            E = np.zeros_like(W0)
            E[i, k] = h
            fd[i, k] = (L(W0 + E) - L(W0 - E)) / (2 * h)
    claimed = claimed_factor() * first_layer_gradient(W0, b, a0, X, y, square_loss_factor=1.0)
    err = float(np.max(np.abs(claimed - fd)))
    scale = float(np.max(np.abs(fd)))
    tol = 1e-6 * scale
    corrected_err = float(np.max(np.abs(first_layer_gradient(W0, b, a0, X, y) - fd)))  # factor 2
    # the square loss halved, (1/(2n))Σ(f − y)²: its gradient is exactly half of L's (referee CM, F5)
    halved_err = float(np.max(np.abs(claimed - fd / 2)))
    if err > tol:
        ratio = float(np.median(fd / claimed))
        return as_printed_and_intended(refuted(
            "numeric",
            f"the display differs from the gradient of L by a factor {ratio:.6f}",
            witness={
                "seed": seed,
                "d": d,
                "p": p,
                "n": n,
                "max_abs_error": err,
                "gradient_scale": scale,
                "median_ratio_true_over_claimed": ratio,
            },
            corrected=(
                r"\nabla_{w_i}\L = \frac{2a_{0,i}}{n}\sum_j (f^0(x_j)-y_j)\,\sigma'(\langle w_i^0,x_j\rangle+b_i)\,x_j"
                if corrected_err <= tol
                else None
            ),
            corrected_max_abs_error=corrected_err,
            halved_loss_max_abs_error=halved_err,
            tolerance=tol,
            seeds=[seed],
            note="display 2 also writes b_j and, in its second line, x_j inside a sum over k: only b_i and x_k are "
            "well defined",
        ), region="every W_0, b, a_0 and sample", printed=f"none: off by the factor {ratio:.6f} of L = (1/n)Σ(f − y)²",
            intended="the square loss halved, (1/(2n))Σ_j(f(x_j) − y_j)² (the 1/(2n) convention; Part 1 writes "
            "(1/n)Σ(f − y)², as clip.per-sample-gradient's reading)", intended_holds=halved_err <= tol,
            why_not=f"off by {halved_err:.3g} against the halved loss's finite differences")
    return verified(
        "numeric", "the display matches central finite differences of L", max_abs_error=err, tolerance=tol, seed=seed
    )


#: Lemma 3's proof corrected: |z_j| = |a_0ᵀσ(W_0ᵀx_j + b)| ≤ ‖a_0‖_1 = √p (|tanh| ≤ 1, a_0 = p^{−1/2}(1, …, 1))
OUTPUT_BOUND_CORRECTED = Statement(sp.Abs(sp.Symbol("z_j", real=True)), r"\leq", sp.sqrt(_S.p))


def check_output_bound(claimed_bound: float = 1.0, seed: int = SIM_SEED, d: int = 64, n: int = 2000) -> Verdict:
    """Lemma 3 proof: |z_j| = |a_0ᵀσ(W_0ᵀx_j + b)| ≤ 1 (the proof's claim), on simulated data."""
    rng = np.random.default_rng(seed)
    W0, b, a0 = initialise(d, d, rng)
    X = rng.standard_normal((n, d))
    z = model_output(W0, b, a0, X)
    j = int(np.argmax(np.abs(z)))
    frac = float(np.mean(np.abs(z) > claimed_bound))
    if abs(z[j]) > claimed_bound:
        # the correction (referee EG): |z_j| ≤ ‖a_0‖_1 = √p for every W_0, b, x (|tanh| ≤ 1), met by every sample
        within = bool(np.all(np.abs(z) <= OUTPUT_BOUND_CORRECTED.rhs.subs(_S.p, d) * (1 + 1e-12)))
        return refuted(
            "simulation",
            f"|z_j| = |f^0(x_j)| exceeds {claimed_bound} for {100 * frac:.1f}% of samples: a_0 has "
            "p entries 1/√p, so |z_j| ≤ Σ_k|a_{0,k}| = √p, not 1"
            + ("; corrected: |z_j| ≤ √p (every sample within it)" if within else ""),
            corrected=OUTPUT_BOUND_CORRECTED if within else None,
            witness={"seed": seed, "d": d, "p": d, "sample": j, "z_j": float(z[j])},
            fraction_exceeding=frac,
            tolerance="exact comparison",
            max_abs_z=float(abs(z[j])),
            note="display 7 (v ≤ nd) uses |z_j| ≤ 1",
        )
    return inconclusive("simulation", "no sample exceeded the bound", max_abs_z=float(abs(z[j])), seed=seed)


def check_drop_derivative(seed: int = SIM_SEED, trials: int = 2000, weights: str = "sigma_prime",
                          claimed_factor: float = 1.0) -> Verdict:
    r"""Lemma 3 proof, display 6: ‖(1/n)Σ f^0(x_j)σ'(·)x_j‖ ≤ c‖(1/n)Σ f^0(x_j)x_j‖ "since σ' ≤ 1", c =
    ``claimed_factor`` (the paper's 1; the hook a perturbed statement is fed through).

    Searched over small random instances (d = 2, p = 3, n = 3); a single instance with the left side
    larger refutes the inequality (0 ≤ σ' ≤ 1 does not allow dropping weights inside a vector norm).
    ``weights="one"`` replaces σ' by 1 (both sides then coincide: a control that cannot be refuted with c ≥ 1)."""
    rng = np.random.default_rng(seed)
    for t in range(trials):
        W0, b, _a0 = initialise(2, 3, rng)  # a_0 = p^{−1/2}𝟙, as _drop_derivative_sides takes it
        X = rng.standard_normal((3, 2))
        left, rhs = _drop_derivative_sides(W0, b, X, weights == "sigma_prime")
        lhs = float(left[0])  # neuron 0
        if lhs > claimed_factor * rhs * (1 + 1e-6):
            embedded = _embed_drop_derivative_witness(W0, b, X, weights == "sigma_prime")
            if embedded["lhs"] <= claimed_factor * embedded["rhs"] * (1 + 1e-6):
                continue  # not a witness at admissible sizes (cannot happen: both sides scale by √(3/p))
            generic = embedded.get("generic")
            return refuted(
                "simulation",
                "the inequality fails on a small instance, and on its embedding at admissible sizes (d = "
                f"{embedded['d']}, p = {embedded['p']}, n = {embedded['n']} ≥ d^{{1+3ε_n}} at ε_n = "
                f"{embedded['eps_n']}: samples repeated, zero coordinates and neurons added, both sides scaled alike)"
                + (": weights σ' ∈ (0, 1] can remove cancellation inside the norm. " + _genericity_text(generic)
                   if weights == "sigma_prime" else f" (left side {lhs:.6g} > {claimed_factor:g} × {rhs:.6g})"),
                witness={"seed": seed, "trial": t, "W0": W0, "b": b, "X": X, "lhs": lhs, "rhs": rhs,
                         "admissible_embedding": embedded},
                tolerance="relative 1e-6",
            )
    return inconclusive("simulation", f"no counterexample in {trials} trials", seed=seed)


def _genericity_text(generic: dict | None) -> str:
    """What the perturbed witness and the genuine Gaussian draws of :func:`_drop_derivative_generic` show."""
    if not generic or not generic["fails"]:
        return ("The instance is not generic (repeated samples, zero neurons): it shows the step does not follow as "
                "an inequality, not that it fails on the paper's Gaussian data (referee BV, D4)")
    text = (f"The failure is generic: with every coordinate of every sample, weight and bias moved by "
            f"{generic['perturbation_scale']:g}·N(0, 1) it persists ({generic['lhs']:.6g} > {generic['rhs']:.6g}), "
            "so it holds on an open set of inputs, of positive probability under the paper's Gaussian data")
    first = generic["first_gaussian_failure"]
    if first is None:
        return text + (f"; on {generic['gaussian_pairs']} genuine (draw, neuron) pairs at these sizes it did not "
                       "occur (referee CC, F4)")
    return text + (f"; on genuine draws at these sizes it fails in {generic['gaussian_pairs_failing']} of "
                   f"{generic['gaussian_pairs']} (draw, neuron) pairs (first: draw {first['draw']}, neuron "
                   f"{first['neuron']}, {first['lhs']:.6g} > {first['rhs']:.6g}), so the step does not hold on the "
                   "paper's data (referee CC, F4); whether it holds at ≤_P's level, as Lemma 3 uses it, is not decided "
                   "here: these draws are at d = 16 only, and a term shared by all neurons (E[f^0σ''_i]w_i, whose "
                   "factor p^{−1/2}Σ_k E tanh(Z + b_k) does not concentrate) suggests a failure probability bounded "
                   "away from 0 (referee DB, DB-1: a limit model, not a proof)")


def _embed_drop_derivative_witness(W0: np.ndarray, b: np.ndarray, X: np.ndarray, weighted: bool,
                                   d: int = 16, p: int = 16, eps_n: float = 0.2) -> dict:
    """A small instance of :func:`check_drop_derivative` (d = 2, p = 3, n = 3) at admissible sizes (referee AY: the
    stored witness lay outside Assumption 2): each sample repeated until n ≥ d^{1+3ε_n} (the averages are unchanged),
    x and W_0 padded with zero coordinates, and p − 3 neurons with w = 0, b = 0 (tanh 0 = 0) added, a_0 = p^{−1/2}𝟙 (f^0
    scales by √(3/p) on both sides). Both sides are recomputed at those sizes (σ' replaced by 1 when not ``weighted``,
    the control)."""
    n = 3 * math.ceil(d ** (1 + 3 * eps_n) / 3)
    W = np.zeros((d, p))
    W[: W0.shape[0], : W0.shape[1]] = W0
    bb = np.zeros(p)
    bb[: b.shape[0]] = b
    XX = np.zeros((n, d))
    XX[:, : X.shape[1]] = np.repeat(X, n // 3, axis=0)
    left, right = _drop_derivative_sides(W, bb, XX, weighted)
    out = {"d": d, "p": p, "n": n, "eps_n": eps_n, "n_at_least": d ** (1 + 3 * eps_n), "lhs": float(left[0]),
           "rhs": right}
    if weighted:
        out["generic"] = _drop_derivative_generic(W, bb, XX)
    return out


def _drop_derivative_sides(W: np.ndarray, b: np.ndarray, X: np.ndarray,
                           weighted: bool = True) -> tuple[np.ndarray, float]:
    """Both sides of display (2, 6), a_0 = p^{−1/2}𝟙: the left side ‖(1/n)Σ_j f^0(x_j)σ'(⟨w_i, x_j⟩ + b_i)x_j‖ for every
    neuron i at once (σ' replaced by 1 when not ``weighted``) and the right side ‖(1/n)Σ_j f^0(x_j)x_j‖."""
    n, p = X.shape[0], W.shape[1]
    f0 = model_output(W, b, np.full(p, 1 / math.sqrt(p)), X)
    weights = 1 / np.cosh(X @ W + b) ** 2 if weighted else np.ones((n, p))  # n × p: σ'(⟨w_i, x_j⟩ + b_i)
    return np.linalg.norm((f0[:, None] * weights).T @ X / n, axis=1), float(np.linalg.norm(f0 @ X / n))


def _drop_derivative_generic(W: np.ndarray, b: np.ndarray, X: np.ndarray, scale: float = 1e-3,
                             draws: int = 200) -> dict:
    """Referee CC, F4: the embedded witness has repeated samples and zero neurons, a null set of the paper's Gaussian
    data. Every coordinate of every sample, weight and bias moved by ``scale`` × an independent N(0, 1) (seeded):
    where the failure persists, the perturbed instance (distinct samples, no zero neuron) has the left side strictly
    larger, and so has every instance near it (both sides are continuous), a set of positive Gaussian probability.
    Beside it, how often the step fails on ``draws`` genuine draws at the same sizes (W_0 ~ N(0, 1/d), b, x ~ N(0, I),
    every neuron), and the first such draw."""
    rng = np.random.default_rng([SIM_SEED, 6])
    d, p = W.shape
    moved = (W + scale * rng.standard_normal(W.shape) / math.sqrt(d), b + scale * rng.standard_normal(b.shape),
             X + scale * rng.standard_normal(X.shape))
    moved_left, rhs = _drop_derivative_sides(*moved)
    lhs = float(moved_left[0])
    fails, first = 0, None
    for draw in range(draws):
        W0, b0, _a0 = initialise(d, p, rng)  # a_0 = p^{−1/2}𝟙, as _drop_derivative_sides takes it
        X0 = rng.standard_normal(X.shape)
        left, right = _drop_derivative_sides(W0, b0, X0)
        failing = np.flatnonzero(left > right * (1 + 1e-6))
        fails += failing.size
        if first is None and failing.size:
            first = {"draw": draw, "neuron": int(failing[0]), "lhs": float(left[failing[0]]), "rhs": right}
    return {"perturbation_scale": scale, "seed": [SIM_SEED, 6], "lhs": lhs, "rhs": rhs,
            "fails": bool(lhs > rhs * (1 + 1e-6)), "gaussian_draws": draws, "gaussian_pairs": draws * p,
            "gaussian_pairs_failing": fails, "first_gaussian_failure": first}


def paper_alignment_limit(population_direction: np.ndarray, mu: np.ndarray, alpha1_star: float) -> np.ndarray:
    """Display 19: w_i^1 → μ."""
    return mu


def _population_direction(W0, b, a0, mu, target, idx):
    """(g(w_i) − E[f^0σ'(⟨w_i,x⟩+b_i)x]) / ‖·‖: the n → ∞ direction of −∇_{w_i}L (2-D quadratures)."""
    v = population_target_term(W0, b, mu, target, idx, step=POP_STEP) - population_initial_output(
        W0, b, a0, idx, step=POP_STEP
    )
    return v / np.linalg.norm(v, axis=0)


@functools.lru_cache(maxsize=16, typed=True)
def _network_population_direction(d: int, seed: int, target_alpha: tuple) -> np.ndarray:
    """:func:`_population_direction` of the first POP_NEURONS neurons of ``_network(d, seed)`` for the target with
    Hermite coefficients ``target_alpha``; independent of any claimed limit, so remembered in-process. Read-only:
    callers take :func:`_population_direction_at` (a copy)."""
    W0, b, a0, mu = _network(d, seed)
    # _population_direction(W0, b, a0, mu, target, idx), with the initial-output term shared with
    # lemma3.initial-output (and with the negated target: it does not depend on the target)
    v = population_target_term(W0, b, mu, target_from_hermite(target_alpha), np.arange(POP_NEURONS), step=POP_STEP)
    v = v - _population_output_at(d, seed)[0]
    out = v / np.linalg.norm(v, axis=0)
    out.setflags(write=False)
    return out


def _population_direction_at(d: int, seed: int, target_alpha) -> np.ndarray:
    return _network_population_direction(d, seed, tuple(target_alpha)).copy()


@functools.lru_cache(maxsize=32, typed=True)
def _alignment_first_step(d: int, ratio: int, seed: int, target_alpha: tuple) -> np.ndarray:
    """Columns 0..POP_NEURONS−1 of the normalised first step on n = ratio·d seeded samples (η_W = √(n/d)·√p, p = d):
    independent of any claimed limit, remembered in-process, read-only (callers copy)."""
    W0, b, a0, mu = _network(d, seed)
    X, y = _data(d, ratio, seed, target_from_hermite(target_alpha))
    n = ratio * d
    eta = math.sqrt(n / d) * math.sqrt(d)  # η_W = d^{3ε_n/2} √p with n = d^{1+3ε_n}, p = d
    out = _first_step_subset(W0, b, a0, X, y, eta, np.arange(POP_NEURONS))
    out.setflags(write=False)
    return out


@functools.lru_cache(maxsize=4, typed=True)
def _alignment_other_widths(seed: int, target_alpha: tuple) -> tuple:
    """Median population alignment with μ at other widths p (d = 128, p ∈ {32, 512}): ((label, value), ...)."""
    target = target_from_hermite(target_alpha)
    robust = []
    for d_, p_ in ((128, 32), (128, 512)):  # other widths p (the paper only needs p ≥ d^{ε_p})
        W0_, b_, a0_ = initialise(d_, p_, np.random.default_rng([seed, d_, p_]))
        mu_ = np.eye(d_)[0]
        direction = _population_direction(W0_, b_, a0_, mu_, target, np.arange(POP_NEURONS))
        robust.append((f"d={d_},p={p_}", float(np.median(direction.T @ mu_))))
    return tuple(robust)


def check_alignment(
    claimed_limit: Callable = paper_alignment_limit,
    seed: int = SIM_SEED,
    ds=SIM_DS,
    ratios=SIM_RATIOS,
    pop_ds=(256, 512),
    target_alpha=SIM_TARGET_ALPHA,
) -> Verdict:
    r"""Display 19: the normalised first step (no noise) satisfies w_i^1 = μ + O_P(√(d/n) log^{q+1} d).

    η_W = d^{3ε_n/2}√p (Assumption 4) with ε_n defined by n = d^{1+3ε_n}, i.e. η_W = √(n/d)·√p; loss
    (1/n)Σ(f−y)² with its factor 2. The n → ∞ direction is (g(w_i) − E[f^0σ'x])/‖·‖ (population terms by
    quadrature), compared with the claimed limit."""
    alpha1_star = float(Fraction(target_alpha[1]))
    sims, pops = [], {}

    def limit(pop_dir, mu):
        return np.column_stack([claimed_limit(pop_dir[:, k], mu, alpha1_star) for k in range(pop_dir.shape[1])])

    for d in tuple(ds) + tuple(pop_ds):
        mu = np.zeros(d)
        mu[0] = 1.0
        pop_dir = _population_direction_at(d, seed, target_alpha)
        lim = limit(pop_dir, mu)
        pops[d] = {
            "median_population_alignment": float(np.median(pop_dir.T @ mu)),
            "median_distance_population_to_claimed": float(np.median(np.linalg.norm(pop_dir - lim, axis=0))),
        }
        if d not in ds:
            continue
        for ratio in ratios:
            n = ratio * d
            eta = math.sqrt(n / d) * math.sqrt(d)  # η_W = d^{3ε_n/2} √p with n = d^{1+3ε_n}, p = d
            W1 = _alignment_first_step(d, ratio, seed, tuple(target_alpha)).copy()
            align = W1.T @ mu
            sims.append(
                {
                    "d": d,
                    "n": n,
                    "eta_W": eta,
                    "median_alignment": float(np.median(align)),
                    "min_alignment": float(np.min(align)),
                    "median_distance_to_claimed_limit": float(np.median(np.linalg.norm(W1 - lim, axis=0))),
                    "median_distance_to_population_direction": float(np.median(np.linalg.norm(W1 - pop_dir, axis=0))),
                    "sqrt_d_over_n": math.sqrt(d / n),
                }
            )
    last = [s_ for s_ in sims if s_["d"] == ds[-1]]
    slope, se = _fit_slope(
        [s_["n"] for s_ in last], [max(s_["median_distance_to_claimed_limit"], 1e-12) for s_ in last]
    )
    pop_slope = _fit_slope([s_["n"] for s_ in last], [s_["median_distance_to_population_direction"] for s_ in last])
    dists = [v["median_distance_population_to_claimed"] for v in pops.values()]
    d_slope = _fit_slope(list(pops), [max(x, 1e-12) for x in dists])
    mu = np.zeros(ds[-1])
    mu[0] = 1.0
    neg = _population_direction_at(ds[-1], seed, [str(-Fraction(a)) for a in target_alpha])
    robust = dict(_alignment_other_widths(seed, tuple(target_alpha)))
    evidence = dict(
        seed=seed,
        target_hermite=list(target_alpha),
        neurons=f"first {POP_NEURONS}",
        simulations=sims,
        negated_target_median_population_alignment_with_mu=float(np.median(neg.T @ mu)),
        other_widths_median_population_alignment=robust,
        population=pops,
        slope_in_n_of_distance_to_claimed=[slope, se],
        slope_in_n_of_distance_to_population_direction=list(pop_slope),
        population_distance_slope_in_d=list(d_slope),
        options="reduction='mean', square_loss_factor=2, no clipping, no noise",
        tolerance=f"population directions by 2-D quadrature, step {POP_STEP} (error < 1e-7)",
    )
    if min(dists) > 0.05 and d_slope[0] > -0.1:
        dmax = max(pops)
        return refuted(
            "simulation+numeric",
            "w_i^1 does not approach the claimed limit: as n → ∞ it tends (distance ∝ n^"
            f"{pop_slope[0]:.2f}) to the population direction (g − E[f^0σ'x])/‖·‖, which stays at median "
            f"distance ≈ {np.median(dists):.2f} from the claimed limit for d = {min(pops)}..{dmax} (no decay "
            "in d): the initial-output term E[f^0σ'x] of Lemma 3 is O(1) and not along μ. With α*_1 < 0 the "
            f"step points towards −μ, not μ (negated target: median population alignment "
            f"{float(np.median(neg.T @ mu)):.2f})",
            witness={"d": dmax, **pops[dmax], "seed": seed, "simulated_at": last[-1]},
            **evidence,
        )
    return inconclusive(
        "simulation+numeric",
        f"consistent: the distance to the claimed limit decays like "
        f"n^{slope:.2f}±{se:.2f} and its population value is ≈ {np.median(dists):.2g}",
        **evidence,
    )


def _first_step_subset(W0, b, a0, X, y, eta, idx):
    """Columns idx of the normalised first step. The gradient of column i depends on the whole network
    only through f^0, so it is computed from f^0 (all p neurons) and σ' of the chosen neurons."""
    n = len(y)
    f0 = model_output(W0, b, a0, X)
    grad = 2.0 * a0[idx] * feature_weighted_sum(W0[:, idx], b[idx], X, (f0 - y) / n)
    return normalise_columns(W0[:, idx] - eta * grad)  # equals first_step(...)[:, idx] (tested)


def noise_norm_in_powers_of_d(sigma_w: sp.Expr = _S.SIGMA_W_32) -> sp.Expr:
    """σ_W√d, the norm of the noise §3.2 adds to each column, with log(1.25/δ)/ε² = d^r log^ρ d and p, n powers of d."""
    expr = (sigma_w * sp.sqrt(_d)).subs(sp.log(sp.Rational(5, 4) / _S.delta), _S.PRIVACY_FACTOR * _S.eps**2)
    return sp.powdenest(_S.in_powers_of_d(expr), force=True)


#: the point at which σ_W√d is evaluated at the simulated d (ε_n = ε_p = 1/5, ε_b = 0.275 the middle of its window
#: 0 < ε_b < 3ε_n − ε_p/4, n = d^{1+3ε_n}, a budget with log(1.25/δ)/ε² = 1; referee CA, CA5) and the target's degree
NOISE_POINT = {"eps_n": 0.2, "eps_b": 0.275, "nu": 1.6, "r": 0, "rho": 0}


def check_noisy_alignment(
    claimed_limit: Callable = paper_alignment_limit,
    seed: int = SIM_SEED,
    ds=(64, 256),
    target_alpha=SIM_TARGET_ALPHA,
    noise_draws: int = 200,
    sigma_w: sp.Expr = _S.SIGMA_W_32,
) -> Verdict:
    r"""§3.2, last display: after the noise σ_W N(0, I), w_i^1 = μ + O_P(√(d^{1+ε_b}/n) log^{q+1} d [1 + log² d ·
    √log(1.25/δ)/ε]).

    Adding independent noise ξ never brings a vector closer to μ in mean square:
    E‖w + σ_W ξ − μ‖² = ‖w − μ‖² + σ_W² d ≥ ‖w − μ‖², so ‖w_i^1 − μ‖ ≍ max(‖v_i − μ‖, σ_W√d). The noiseless n → ∞
    limit of the step (population direction, as in :func:`check_alignment`) stays at distance ≍ 1 from μ; the noise
    norm σ_W√d with §3.2's σ_W (``sigma_w``) → ∞ wherever ν < 2 + ε_b + r, and exceeds the claimed error term
    wherever r > −1 — by √2·√d/log d where log² d·√log(1.25/δ)/ε ≫ 1, by √2·d^{(1+r)/2}log^{1+ρ/2} d where it ≪ 1
    (both regions decided exactly, referee BY, BY3: the record had said only "noise cannot help"; CA4) — in ℓ2; per
    coordinate (ℓ∞) the noise is ≈ σ_W√(2 log d), within the claimed term, and the noiseless step's coordinate gap to
    the limit decides (CA3: both readings recorded). The claimed term → 0. The identity
    E‖w + σξ − μ‖² = ‖w − μ‖² + σ²d is recomputed by seeded Monte Carlo (``noise_draws`` draws, at σ = 0.05 and at
    σ_W at :data:`NOISE_POINT`) as a check of the code: it holds for any σ.
    """
    from theorycheck.asymptotics import compare

    noise = noise_norm_in_powers_of_d(sigma_w)
    claimed = sp.powdenest(_S.in_powers_of_d(STATEMENTS["rank1.noisy-alignment"].rhs.subs(
        sp.log(sp.Rational(5, 4) / _S.delta), _S.PRIVACY_FACTOR * _S.eps**2)), force=True)
    grows = compare(sp.Integer(1), "ll", noise, ADMISSIBLE, d=_d).regime()
    beyond = compare(claimed, "ll", noise, ADMISSIBLE, d=_d).regime()
    at_point = sp.lambdify(_d, noise.subs({_S.eps_n: NOISE_POINT["eps_n"], _eps_b: NOISE_POINT["eps_b"],
                                            _S.nu: NOISE_POINT["nu"], _S.r: NOISE_POINT["r"],
                                            _S.rho: NOISE_POINT["rho"], _q: len(target_alpha) - 1}), "math")
    alpha1_star = float(Fraction(target_alpha[1]))
    idx = np.arange(POP_NEURONS)
    rows = {}
    rng = np.random.default_rng([seed, 99])
    for d in ds:
        mu = np.zeros(d)
        mu[0] = 1.0
        pop_dir = _population_direction_at(d, seed, target_alpha)
        lim = np.column_stack([claimed_limit(pop_dir[:, k], mu, alpha1_star) for k in range(len(idx))])
        dist2 = np.sum((pop_dir - lim) ** 2, axis=0)
        sigma = 0.05
        noisy = pop_dir[:, :, None] + sigma * rng.standard_normal((d, len(idx), noise_draws))
        mc = np.mean(np.sum((noisy - lim[:, :, None]) ** 2, axis=0), axis=1)
        sigma_point = float(at_point(d)) / math.sqrt(d)
        noisy_w = pop_dir[:, :, None] + sigma_point * rng.standard_normal((d, len(idx), noise_draws))
        mc_w = np.mean(np.sum((noisy_w - lim[:, :, None]) ** 2, axis=0), axis=1)
        rows[d] = {
            "median_noiseless_distance": float(np.median(np.sqrt(dist2))),
            "median_noiseless_linf_distance": float(np.median(np.max(np.abs(pop_dir - lim), axis=0))),
            "median_mc_mean_sq_with_noise": float(np.median(mc)),
            "median_identity_value": float(np.median(dist2 + sigma**2 * d)),
            "sigma_W_sqrt_d_at_noise_point": sigma_point * math.sqrt(d),
            "median_distance_with_sigma_W": float(np.median(np.sqrt(mc_w))),
            "median_identity_value_with_sigma_W": float(np.median(dist2 + sigma_point**2 * d)),
        }
    dists = [r["median_noiseless_distance"] for r in rows.values()]
    identity_ok = all(
        abs(r["median_mc_mean_sq_with_noise"] - r["median_identity_value"]) <= 0.05 * r["median_identity_value"]
        and abs(r["median_distance_with_sigma_W"] ** 2 - r["median_identity_value_with_sigma_W"])
        <= 0.05 * r["median_identity_value_with_sigma_W"]
        for r in rows.values()
    )
    eps_n, eps_b = Fraction(1, 3), Fraction(1, 10)
    rhs = {
        str(d): math.sqrt(d ** (1 + float(eps_b)) / d ** (1 + 3 * float(eps_n))) * math.log(d) ** 4
        for d in (10**3, 10**6, 10**12, 10**24)
    }
    evidence = dict(
        seed=seed,
        target_hermite=list(target_alpha),
        neurons=f"first {POP_NEURONS}",
        population=rows,
        claimed_error_term_without_constants_eps_n_1_3_eps_b_1_10=rhs,
        tolerance="Monte Carlo mean square within 5% of the identity value",
        identity_ok=identity_ok,
        noise_norm=str(noise),
        noise_point=NOISE_POINT,
        regime_noise_norm_grows=grows,
        regime_noise_beyond_claimed_term=beyond,
    )
    off_limit = min(dists) > 0.05
    noise_beyond = beyond["holds_on"] in ("all", "part")
    grows_where = "; ".join(grows.get("conditions") or []) or ("everywhere" if grows["holds_on"] == "all" else
                                                                 "nowhere")
    beyond_where = "; ".join(beyond.get("conditions") or []) or ("everywhere" if beyond["holds_on"] == "all" else
                                                                   "nowhere")
    norms = ", ".join(f"{r['sigma_W_sqrt_d_at_noise_point']:.0f} at d = {d_}" for d_, r in rows.items())
    noise_text = (f"§3.2's noise norm σ_W√d → ∞ where {grows_where} ({norms} at ε_n = 1/5, n = d^(1+3ε_n), "
                  f"log(1.25/δ)/ε² = 1, q = {len(target_alpha) - 1}) and exceeds the claimed error term where "
                  f"{beyond_where}")
    dmax = max(rows)
    linf = min(r["median_noiseless_linf_distance"] for r in rows.values())
    readings = {
        "ℓ2 (the norm of w_i^1 − limit)": "none: " + ("the noiseless step stays ≍ 1 from the limit, and " if off_limit
                                                     else "") + "the noise norm σ_W√d exceeds the claimed term where "
                                                     f"{beyond_where}" if (off_limit or noise_beyond) else
        "undecided: the noiseless limit agrees and the noise does not exceed the claimed term",
        "per coordinate (ℓ∞)": (f"none: the noiseless step's largest coordinate gap to the limit stays ≈ {linf:.2f} "
                                "(flat in d) while the claimed term → 0" if linf > 0.05 else
                                "undecided: the noise per coordinate (≈ σ_W√(2 log d)) is within the claimed term, and "
                                "the noiseless step's coordinate gap to the limit is small"),
    }
    evidence["readings"] = readings
    if identity_ok and (off_limit or noise_beyond):
        limit_text = (f"the noiseless first step tends to a direction at median distance ≈ {np.median(dists):.2f} "
                      f"from the claimed limit (d = {min(rows)}..{dmax}), and " if off_limit else
                      "the noiseless step tends to the claimed limit, but ")
        return refuted(
            "simulation+numeric",
            "the noise makes it worse: E‖w + σ_Wξ − μ‖² = ‖w − μ‖² + σ_W²d, so ‖w_i^1 − μ‖ ≍ max(‖v_i − μ‖, σ_W√d); "
            + limit_text + noise_text + ", while the claimed term tends to 0 (in ℓ2; per coordinate the noise fits"
            + (f" and the noiseless coordinate gap ≈ {linf:.2f} refutes" if linf > 0.05 else ", undecided") + ")",
            # the noise exceeds the claimed term at NOISE_POINT (r = 0 > −1: referee CA, CA2 — the decision's witness
            # is a point where it does not)
            witness={"d": dmax, **rows[dmax], "seed": seed, "noise_point": NOISE_POINT},
            **evidence,
        )
    return inconclusive(
        "simulation+numeric",
        "the noiseless limit agrees with the claimed limit, and the noise norm does not exceed the claimed term "
        "anywhere on the region; the noisy rate is asymptotic",
        **evidence,
    )


def population_direction_limit(population_direction, mu, alpha1_star):
    """The limit the data support: (g(w_i) − E[f^0σ'(⟨w_i,x⟩+b_i)x]) normalised."""
    return population_direction


# =========================================================================== registry

CLAIMS = [
    Claim(
        "lemma4.integration-by-parts",
        "Lemma 4: α_1^b by integration by parts equals E sech²(x+b)",
        "Part 2, §3.1, Lemma 4 and its proof",
        r"\alpha^b_1 = \frac{1}{\sqrt{2\pi}}\int_\R \sigma(x+b)\, x e^{-x^2/2}\,dx = \frac{1}{\sqrt{2\pi}}\int_\R "
        r"\frac{4}{(e^{x+b}+e^{-x-b})^2} e^{-x^2/2}\,dx = \E[\sech^2(x+b)]",
        r"\sigma = \tanh,\ b \in \R",
        check_integration_by_parts,
        displays=((2, 14), (2, 15)),
    ),
    Claim(
        "lemma4.parity",
        "Lemma 4 proof: α_1^b is even in b",
        "Part 2, §3.1, proof of Lemma 4",
        r"\alpha^b_1 = \alpha^{-b}_1",
        r"\sigma = \tanh,\ b \in \R",
        check_parity,
    ),
    Claim(
        "lemma4.lower-bound",
        "Lemma 4: α_1^b ≥ e^{−2|b|} (1/√2π)∫_0^∞ e^{−x²/2−2x} dx",
        "Part 2, §3.1, Lemma 4",
        r"\alpha^b_1 \ge e^{-2|b|}\,\frac{1}{\sqrt{2\pi}}\int_0^\infty e^{-x^2/2-2x}\,dx",
        r"\sigma = \tanh,\ b \in \R",
        check_lower_bound,
        depends_on=("lemma4.parity", "lemma4.integration-by-parts"),
        displays=((2, 16),),
    ),
    Claim(
        "lemma4.bias-range",
        "α_1^{b_i} ≥ d^{−ε_b/2}/2 when |b_i| ≤ (ε_b/4) log d",
        "Part 2, §3.1, after Lemma 4",
        r"|b_i| \le \tfrac{\varepsilon_b}{4}\log d \Rightarrow \alpha^{b_i}_1 \ge \tfrac{1}{2} d^{-\varepsilon_b/2}"
        r"\quad(\text{printed: } \tfrac{d^{-\varepsilon_b}{2}})",
        r"\varepsilon_b > 0,\ d \ge 2",
        check_bias_range,
        depends_on=("lemma4.lower-bound",),
    ),
    Claim(
        "stein.decomposition",
        "Stein's lemma splits g(w) into a μ part and a w part",
        "Part 2, §3.1",
        r"g(w) = \E_x[f_*(x)\sigma'(\langle w,x\rangle+b)x] = \mu\,\E[f_*'\sigma'(\langle w,x\rangle+b)] + "
        r"w\,\E[f_*\sigma''(\langle w,x\rangle+b)]",
        r"x \sim \N(0,I_d),\ \|\mu\| = 1,\ w \in \R^d,\ b \in \R",
        check_stein_decomposition,
        displays=((2, 10),),
    ),
    Claim(
        "stein.series-sigma2",
        "Hermite series of E(f_* σ'')",
        "Part 2, §3.1",
        r"\E_x[f_*(x)\sigma''(\langle w,x\rangle+b)] = "
        r"\sum_{j\ge0}(j+1)(j+2)\,\alpha^{b}_{j+2}\alpha^*_j\langle\mu,w\rangle^j",
        r"w = w^0_i,\ \|\mu\| = 1",
        partial(check_series, "sigma2", paper_series_sigma2_term),
        depends_on=("stein.decomposition",),
        displays=((2, 11),),
    ),
    Claim(
        "stein.series-sigma1",
        "Hermite series of E(f_*' σ')",
        "Part 2, §3.1",
        r"\E_x[f_*'(x)\sigma'(\langle w,x\rangle+b)] = "
        r"\sum_{j\ge0}(j+1)^2\,\alpha^{b}_{j+1}\alpha^*_{j+1}\langle\mu,w\rangle^j",
        r"w = w^0_i,\ \|\mu\| = 1",
        partial(check_series, "sigma1", paper_series_sigma1_term),
        depends_on=("stein.decomposition",),
        displays=((2, 13),),
    ),
    Claim(
        "stein.sigma2-order",
        "E(f_* σ'') = O_P(log d/√d) at initialisation",
        "Part 2, §3.1",
        r"\E_x[f_*(x)\sigma''(\langle w^0_i,x\rangle+b)] = O_\P(\log d/\sqrt d)",
        r"w^0_i \sim \N(0, I/d),\ b_i \sim \N(0,1),\ \alpha^*_0 = 0",
        check_sigma2_order,
        depends_on=("stein.decomposition", "part1.size-reading"),
        displays=((2, 12),),
    ),
    Claim(
        "rank1.population-gradient",
        "The population gradient is rank one up to O_P(log d/√d)",
        "Part 2, §3.1",
        r"g(w^0_i) = \alpha^{b_i}_1\alpha^*_1\mu + O_\P(\log d/\sqrt d)",
        r"w^0_i \sim \N(0, I/d),\ b_i \sim \N(0,1),\ \text{Assumption 1}",
        check_population_gradient,
        depends_on=("stein.decomposition", "lemma4.lower-bound", "part1.size-reading"),
        displays=((2, 17),),
    ),
    Claim(
        "rank1.gradient-formula",
        "The first-layer gradient of the square loss",
        "Part 2, §3.1, first display",
        r"\nabla_{w_i}\L(f^0) = \frac{a_{0,i}}{n}\sum_j (f^0(x_j)-f_*(x_j))\,\sigma'(\langle "
        r"w^0_i,x_j\rangle+b_j)\,x_j",
        r"\L = \frac1n\sum_j (f(x_j)-y_j)^2 + \lambda\|a\|^2 \text{ (Part 1)}",
        check_gradient_formula,
        displays=((2, 2),),
    ),
    Claim(
        "lemma3.initial-output",
        "Lemma 3, first bound: the initial-output term is ≲_P √(d/n) log d",
        "Part 2, §3.1, Lemma 3",
        r"\Big\|\frac1n\sum_j f^0(x_j)\sigma'(\langle w^0_i,x_j\rangle+b_i)\,x_j\Big\| \lesssim_\P \sqrt{d/n}\,\log d",
        r"\text{Algorithm 1 initialisation, Assumptions 1–2; vector reading (factor } x_j\text{ restored)}",
        check_initial_output,
        displays=((2, 5), (2, 8)),
    ),
    Claim(
        "lemma3.gradient-concentration",
        "Lemma 3, second bound: ‖g − ĝ‖ ≲_P √(d/n) log^{q+1} d",
        "Part 2, §3.1, Lemma 3",
        r"\|g(w^0_i) - \hat g(w^0_i)\| \lesssim_\P \sqrt{d/n}\,\log^{q+1} d",
        r"\text{Algorithm 1 initialisation, Assumptions 1–2}",
        check_gradient_concentration,
        depends_on=("part1.size-reading",),
        displays=((2, 5), (2, 9)),
    ),
    Claim(
        "lemma3.proof-output-bound",
        "Lemma 3 proof: |z_j| = |f^0(x_j)| ≤ 1",
        "Part 2, §3.1, proof of Lemma 3",
        r"|z_j| = |a_0^\intercal\sigma(W_0^\intercal x_j + b)| \le 1 \ (\text{hence } v \le nd)",
        r"a_0 = p^{-1/2}(1,\dots,1)",
        check_output_bound,
        displays=((2, 7),),
    ),
    Claim(
        "lemma3.proof-drop-derivative",
        "Lemma 3 proof: dropping σ' ≤ 1 inside the norm",
        "Part 2, §3.1, proof of Lemma 3",
        r"\Big\|\frac1n\sum_j f^0(x_j)\sigma'(\langle w^0_i,x_j\rangle+b_i)x_j\Big\| \le \Big\|\frac1n\sum_j "
        r"f^0(x_j)x_j\Big\|",
        r"0 < \sigma' \le 1",
        check_drop_derivative,
        displays=((2, 6),),
    ),
    Claim(
        "rank1.alignment",
        "After the normalised first step, w_i^1 = μ + O_P(√(d/n) log^{q+1} d)",
        "Part 2, §3.1, end",
        r"w^1_i = \frac{w^0_i - \eta_W\nabla_{w_i}\L}{\|w^0_i - \eta_W\nabla_{w_i}\L\|} = \mu + "
        r"O_\P\big(\sqrt{d/n}\log^{q+1} d\big)",
        r"\eta_W = d^{3\varepsilon_n/2}\sqrt p,\ n = d^{1+3\varepsilon_n},\ \text{Assumption 1}",
        check_alignment,
        depends_on=("lemma3.initial-output", "lemma3.gradient-concentration", "rank1.population-gradient"),
        displays=((2, 18), (2, 19)),
    ),
    Claim(
        "rank1.noisy-alignment",
        "After the privacy noise, w_i^1 = μ + O_P(...)",
        "Part 2, §3.2, last display",
        r"w_i^1 = \mu + O_\P\Big(\sqrt{\tfrac{d^{1+\varepsilon_b}}{n}}\log^{q+1} d\,\big[1 + \log^2 d\,"
        r"\tfrac{\sqrt{\log(1.25/\delta)}}{\varepsilon}\big]\Big)",
        r"\sigma_W \text{ of §3.2},\ \text{Assumptions 1–4}",
        check_noisy_alignment,
        depends_on=("rank1.alignment",),
        displays=((2, 22),),
    ),
]


# =========================================================================== statements (SymPy) and regime records
#
# Issue 11: every claim's statement is a SymPy object (its LaTeX is generated), every claim lists the single
# relations it checks, and every asymptotic claim carries a regime record decided on proofs.regime.ADMISSIBLE
# against the order the check measured (the step-level relations of §3.1–§3.2 are in proofs/part2_rank1_steps.py).


_w, _mu, _xv = sp.symbols("w mu x")
_f, _fp = sp.Function("f_*"), sp.Function("f'_*")
_sigp, _sigpp = sp.Function("\\sigma'"), sp.Function("\\sigma''")


class _ip(sp.Function):
    """⟨a, b⟩ (printed as the paper does)."""

    nargs = 2

    def _latex(self, printer, exp=None):
        out = rf"\langle {printer._print(self.args[0])}, {printer._print(self.args[1])} \rangle"
        return out if exp is None else rf"{out}^{{{exp}}}"


_g = sp.Function("g")
_alpha = sp.Function("alpha_1")
_j = sp.Symbol("j", integer=True, nonnegative=True)
_A, _As = sp.IndexedBase(r"\alpha^{b_i}"), sp.IndexedBase(r"\alpha^*")
_rho = _ip(_mu, sp.Symbol("w^0_i"))
_XJ = sp.IndexedBase("x")
_SQ = sp.sqrt(_d / _n)

STEIN_CORRECTED = Statement(
    _g(_w),
    "=",
    _mu * Expect(_fp(_xv) * _sigp(_ip(_w, _xv) + _b), _xv) + _w * Expect(_f(_xv) * _sigpp(_ip(_w, _xv) + _b), _xv),
    name="Stein with the bias in σ''",
)
STEIN_PRINTED = Statement(
    _g(_w),
    "=",
    _mu * Expect(_fp(_xv) * _sigp(_ip(_w, _xv) + _b), _xv) + _w * Expect(_f(_xv) * _sigpp(_ip(_w, _xv)), _xv),
    name="display 10 as printed",
)

_IBP = sp.Integral(sp.tanh(_x + _b) * _x * sp.exp(-(_x**2) / 2), (_x, -sp.oo, sp.oo)) / sp.sqrt(2 * sp.pi)
STATEMENTS = {
    "lemma4.integration-by-parts": Statement(
        _IBP,
        "=",
        sp.Integral(4 / (sp.exp(_x + _b) + sp.exp(-_x - _b)) ** 2 * sp.exp(-(_x**2) / 2), (_x, -sp.oo, sp.oo))
        / sp.sqrt(2 * sp.pi),
        lhs_latex=r"\alpha^b_1",
    ),
    "lemma4.parity": Statement(_alpha(_b), "=", _alpha(-_b), lhs_latex=r"\alpha^b_1"),
    "lemma4.lower-bound": Statement(
        _alpha(_b),
        r"\geq",
        sp.exp(-2 * sp.Abs(_b)) * sp.Integral(sp.exp(-(_x**2) / 2 - 2 * _x), (_x, 0, sp.oo)) / sp.sqrt(2 * sp.pi),
        lhs_latex=r"\alpha^b_1",
    ),
    "lemma4.bias-range": Statement(
        _alpha(_b),
        r"\geq",
        _d ** (-_eps_b / 2) / 2,
        lhs_latex=r"\alpha^{b_i}_1",
        assumptions=(sp.Abs(_b) <= _eps_b / 4 * _log_d,),
    ),
    "stein.decomposition": STEIN_PRINTED,
    "stein.series-sigma2": Statement(
        Expect(_f(_xv) * _sigpp(_ip(_w, _xv) + _b), _xv),
        "=",
        sp.Sum((_j + 1) * (_j + 2) * _A[_j + 2] * _As[_j] * _rho**_j, (_j, 0, sp.oo)),
    ),
    "stein.series-sigma1": Statement(
        Expect(_fp(_xv) * _sigp(_ip(_w, _xv) + _b), _xv),
        "=",
        sp.Sum((_j + 1) ** 2 * _A[_j + 1] * _As[_j + 1] * _rho**_j, (_j, 0, sp.oo)),
    ),
    "stein.sigma2-order": Statement(Expect(_f(_xv) * _sigpp(_ip(_w, _xv) + _b), _xv), r"= O_\P", _log_d / sp.sqrt(_d)),
    "rank1.population-gradient": Statement(
        sp.Symbol("g_res"), r"= O_\P", _log_d / sp.sqrt(_d), lhs_latex=r"g(w^0_i) - \alpha^{b_i}_1 \alpha^*_1 \mu"
    ),
    "rank1.gradient-formula": Statement(
        sp.Symbol("grad"),
        "=",
        sp.Symbol("a_{0,i}")
        / _n
        * sp.Sum(
            (sp.Function("f^0")(_XJ[_j]) - _f(_XJ[_j]))
            * _sigp(_ip(sp.Symbol("w^0_i"), _XJ[_j]) + sp.Symbol("b_j"))
            * _XJ[_j],
            (_j, 1, _n),
        ),
        lhs_latex=r"\nabla_{w_i} \L\left(f^0\right)",
    ),
    "lemma3.initial-output": Statement(
        Norm(sp.Symbol("T_1")),
        r"\lesssim_\P",
        _SQ * _log_d,
        lhs_latex=r"\left\|\frac{1}{n}\sum_{j = 1}^n f^0(x_j) \sigma'\left(\langle "
        r"w^0_i, x_j \rangle + b_j\right)\right\|",
    ),
    "lemma3.gradient-concentration": Statement(
        Norm(sp.Symbol("g_minus_ghat")),
        r"\lesssim_\P",
        _SQ * _log_d ** (_q + 1),
        lhs_latex=r"\left\|g(w^0_i) - \hat{g}(w^0_i)\right\|",
    ),
    "lemma3.proof-output-bound": Statement(sp.Abs(sp.Symbol("z_j", real=True)), r"\leq", 1),
    "lemma3.proof-drop-derivative": Statement(
        Norm(sp.Symbol("S_sigma")),
        r"\leq",
        Norm(sp.Symbol("S_1")),
        lhs_latex=r"\left\|\frac{1}{n}\sum_{j} f^0(x_j) \sigma'(\cdot)"
        r"x_j\right\|",
    ),
    "rank1.alignment": Statement(
        sp.Symbol("w1_minus_mu"), r"= O_\P", _SQ * _log_d ** (_q + 1), lhs_latex=r"w_i^1 - \mu"
    ),
    "rank1.noisy-alignment": Statement(
        sp.Symbol("w1_minus_mu"),
        r"= O_\P",
        sp.sqrt(_d ** (1 + _eps_b) / _n)
        * _log_d ** (_q + 1)
        * (
            1
            + _log_d**2
            * sp.sqrt(sp.log(sp.Rational(5, 4) / sp.Symbol("delta", positive=True)))
            / sp.Symbol("eps", positive=True)
        ),
        lhs_latex=r"w_i^1 - \mu",
    ),
}

#: the relations each claim of this module checks (Part 2; see /work/notes/relations.md)
RELATIONS = {
    "lemma4.integration-by-parts": ((2, "P22", 1), (2, "D14", 1), (2, "D15", 1), (2, "D15", 2), (2, "D15", 3)),
    "lemma4.parity": ((2, "P23", 1), (2, "P23", 2)),
    "lemma4.lower-bound": ((2, "D14", 2),),
    "lemma4.bias-range": ((2, "P26", 7), (2, "P26", 8)),
    "stein.decomposition": ((2, "D10", 1),),
    "stein.series-sigma2": ((2, "D11", 1),),
    "stein.series-sigma1": ((2, "D13", 1),),
    "stein.sigma2-order": ((2, "D12", 1),),
    "rank1.population-gradient": ((2, "D17", 1),),
    "rank1.gradient-formula": ((2, "D2", 1), (2, "D2", 2)),
    "lemma3.initial-output": ((2, "D5", 1),),
    "lemma3.gradient-concentration": ((2, "D5", 2),),
    "lemma3.proof-output-bound": (),
    "lemma3.proof-drop-derivative": ((2, "D6", 1), (2, "D6", 2)),
    "rank1.alignment": ((2, "D19", 2),),
    "rank1.noisy-alignment": ((2, "D22", 1),),
}

#: for asymptotic claims: the order the check measures, compared on the region with the claimed order
#: (measured order, claimed order, what)
_REGIME = {
    "lemma3.initial-output": (sp.Integer(1), _SQ * _log_d, "initial-output term (measured ≍ 1) vs √(d/n) log d"),
    "lemma3.gradient-concentration": (
        _SQ * _log_d,
        _SQ * _log_d ** (_q + 1),
        "‖g − ĝ‖ for every neuron at the paper's probability (the Bernstein certificate's leading order √(d/n) log d; "
        "one neuron's exact RMS is √(d/n)) vs √(d/n) log^{q+1} d",
    ),
    "stein.sigma2-order": (
        sp.sqrt(_log_d / _d),
        _log_d / sp.sqrt(_d),
        "E[f_*σ''] (∝ max_i|⟨μ,w_i⟩| ≍ √(log d/d): the order with probability → 1; at the paper's probability "
        "1 − e^{−c log²d} the proved order is log d/√d itself) vs log d/√d",
    ),
    "rank1.population-gradient": (
        sp.sqrt(_log_d / _d),
        _log_d / sp.sqrt(_d),
        "‖g − αα*μ‖ (∝ |⟨μ,w_i⟩| + ‖w_i‖|E f_*σ''|, √(log d/d) with probability → 1; at the paper's probability "
        "the proved order is log d/√d itself) vs log d/√d",
    ),
    "rank1.alignment": (
        sp.Integer(1),
        _SQ * _log_d ** (_q + 1),
        "‖w_i^1 − μ‖ (measured ≍ 1 at every corner, rank1.corrected-direction) vs √(d/n) log^{q+1} d",
    ),
    "rank1.noisy-alignment": (
        1 + noise_norm_in_powers_of_d(),
        sp.sqrt(_d ** (1 + _eps_b) / _n) * _log_d ** (_q + 1),
        "‖w_i^1 − μ‖ ≍ max(1, σ_W√d) (§3.2's σ_W; σ_W√d → ∞ where ν < 2 + ε_b + r) vs the claimed error term",
    ),
}


def _regime_for(claim_id: str) -> dict:
    from theorycheck.asymptotics import compare

    from .symbols import in_powers_of_d

    measured, claimed, what = _REGIME[claim_id]
    res = compare(in_powers_of_d(measured), "lesssim", in_powers_of_d(claimed), ADMISSIBLE, d=_d)
    reg = res.regime()
    reg["compared"] = what
    return reg


def _with_regime(check: Callable[[], Verdict], claim_id: str) -> Verdict:
    """Run the check, then attach the regime record of the measured order against the claimed one; a verdict
    that was ``verified`` on evidence that cannot cover the whole region is reported as such in the detail."""
    v = check()
    reg = _regime_for(claim_id)
    readings = (v.regime or {}).get("readings") or v.evidence.get("readings")
    if isinstance(readings, dict) and readings and all(isinstance(w, str) for w in readings.values()):
        reg["readings"] = readings  # the check's own readings (rank1.noisy-alignment: ℓ2 and ℓ∞, referee CA, CA3)
    detail = v.detail + f" [regime: the measured order is within the claimed one on {reg['holds_on']} of the region]"
    return _dc.replace(v, regime=reg, detail=detail)


@functools.cache
def _ibp_symbolic() -> tuple[bool, bool, tuple[sp.Expr, ...]]:
    """The symbolic part of :func:`_ibp_regime_wide`, which does not depend on the check it wraps: (the integration
    by parts identity holds, sech² = 4/(e^y + e^{−y})² holds, the boundary term's limits at +∞ and −∞). Computed
    once per process (SymPy simplify and limits, seconds): the registered claim and a wrapped perturbed check
    get the same answer."""
    ident = (
        sp.simplify(
            (
                sp.tanh(_x + _b) * _x * sp.exp(-(_x**2) / 2)
                - (-sp.diff(sp.tanh(_x + _b) * sp.exp(-(_x**2) / 2), _x) + sp.sech(_x + _b) ** 2 * sp.exp(-(_x**2) / 2))
            ).rewrite(sp.exp)
        )
        == 0
    )
    yy = sp.Symbol("y", real=True)
    sech_ok = sp.simplify((sp.sech(yy) ** 2 - 4 / (sp.exp(yy) + sp.exp(-yy)) ** 2).rewrite(sp.exp)) == 0
    # at a symbolic b, as the claim says "every b" (an independent re-check of 2026-12-02: b = 1 had stood for all)
    bnd = tuple(sp.limit(sp.tanh(_x + _b) * sp.exp(-(_x**2) / 2), _x, s_) for s_ in (sp.oo, -sp.oo))
    return ident, sech_ok, bnd


def _ibp_regime_wide(check: Callable[[], Verdict]) -> Verdict:
    """lemma4.integration-by-parts for every b: the integrand identity tanh(x+b)·x·e^{−x²/2} =
    −d/dx[tanh(x+b)e^{−x²/2}] + sech²(x+b)e^{−x²/2} symbolically (every b), the boundary term
    tanh(x+b)e^{−x²/2} → 0 at ±∞ (limits), and sech² = 4/(e^y+e^{−y})² (every y); the numeric check
    (30 digits at six b) is the independent evaluation of both sides. The printed middle line writes the boundary
    term with a + sign (it is −σe^{−x²/2}); harmless since it vanishes."""
    v = check()
    ident, sech_ok, bnd = _ibp_symbolic()
    ev = dict(
        v.evidence,
        ibp_identity_symbolic=bool(ident),
        sech_identity_symbolic=bool(sech_ok),
        boundary_limits=[str(x_) for x_ in bnd],
        relations_checked={
            "P22.1": "σ = tanh (hypothesis)",
            "D14.1/D15.1": "α_1^b as (1/√2π)∫σ(x+b)x e^{-x²/2}",
            "D15.2": "integration by parts (symbolic identity, boundary → 0)",
            "D15.3": "sech² = 4/(e^y+e^{-y})² (symbolic) and the value (numeric)",
        },
    )
    if v.verdict == "verified" and not (ident and sech_ok and all(x_ == 0 for x_ in bnd)):
        return _dc.replace(v, verdict="inconclusive", evidence=ev, detail=v.detail + "; the symbolic step failed")
    return _dc.replace(
        v,
        evidence=ev,
        detail=v.detail + "; for every b: the integrand identity and sech² form symbolically, boundary terms → 0",
        regime={"region": "b ∈ ℝ", "holds_on": "all", "conditions": [], "witness": None},
    )


def _bias_range_both_readings(check: Callable[[], Verdict]) -> Verdict:
    """lemma4.bias-range under both readings of the garbled \\frac{d^{-ε_b}{2}}: d^{−ε_b/2}/2 (the claim's check)
    and d^{−ε_b}/2 (weaker); P26.8 (the bound is > 0) symbolically. The implication holds for every d and ε_b
    (deterministic in b); its premise |b_i| ≤ (ε_b/4) log d is lemma4.bias-max (only past a crossover d)."""
    v = check()
    other = check_bias_range(claimed_power=1.0)
    positive = bool((_d ** (-_eps_b / 2) / 2).is_positive) and bool((_d ** (-_eps_b) / 2).is_positive)
    ev = dict(
        v.evidence, reading_d_minus_eps_b_over_2=v.verdict, reading_d_minus_eps_b=other.verdict, P26_8_positive=positive
    )
    ok = v.verdict == other.verdict == "verified" and positive
    return _dc.replace(
        v,
        verdict=v.verdict if ok or v.verdict != "verified" else "inconclusive",
        evidence=ev,
        detail=v.detail + f"; the other reading d^(-ε_b)/2: {other.verdict}; both bounds > 0",
        regime={
            "region": ADMISSIBLE.name,
            "holds_on": "all" if ok else "part",
            "conditions": [],
            "witness": None,
            "note": "deterministic implication for every d ≥ 2 and ε_b > 0 (all β = |b| ≥ 0 "
            "certified); the premise is lemma4.bias-max",
        },
    )


_WRAP = {"lemma4.integration-by-parts": _ibp_regime_wide, "lemma4.bias-range": _bias_range_both_readings}
_EXTRA_DEPS = {
    "rank1.noisy-alignment": ("sens.delta2", "sens.sigma-W-sufficient", "sens.sigma-W-bound"),
    "lemma4.bias-range": ("lemma4.bias-max",),
}


def _upgrade(c: Claim) -> Claim:
    changes: dict = {"relations": RELATIONS.get(c.id, c.relations)}
    check = c.check
    if c.id in _WRAP:
        check = partial(_WRAP[c.id], check)
    if c.id in _REGIME:
        check = partial(_with_regime, check, c.id)
    changes["check"] = check
    if c.id in STATEMENTS:
        changes["statement"] = STATEMENTS[c.id]
    if c.id == "stein.decomposition":
        changes["check"] = partial(check_stein_decomposition, printed_stein_rhs)
    if c.id in _EXTRA_DEPS:
        changes["depends_on"] = tuple(dict.fromkeys(c.depends_on + _EXTRA_DEPS[c.id]))
    return _dc.replace(c, **changes)


CLAIMS = [_upgrade(c) for c in CLAIMS]
