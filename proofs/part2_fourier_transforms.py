r"""Part 2, §3.3 (Theorem 6), Step 1–3: the Fourier transforms (claim family ``fourier.*``).

Every claim is a :class:`~theorycheck.statement.Statement` written once below; the checker takes it as its
first argument and evaluates its sides (``side_function`` → mpmath at ≥ 30 digits; ``claimed_ball`` →
python-flint balls), against the transform computed from its definition in :mod:`theorycheck.fourier`.
A corrected statement is the same statement with the library's closed form as right side
(:data:`theorycheck.fourier.SECH_TRANSFORM`, …), attached only when the same check verified it.

Fourier convention: ĥ(t) = ∫ h(x) e^{−2πitx} dx (the paper's). H_n are physicists' Hermite polynomials.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from functools import partial
from typing import Any

import mpmath
import sympy as sp
from flint import arb, ctx

from theorycheck import Claim, inconclusive, refuted, verified
from theorycheck import fourier as fr
from theorycheck.claims import Verdict
from theorycheck.errors import InputError
from theorycheck.numerics import ball_cache, floats_exact, within_seconds
from theorycheck.statement import Rel, decides

from .part2_fourier_common import (
    AGAINST_CORRECTED,
    DPS,
    PI,
    EvalBetween,
    Statement,
    ball_mid,
    balls_disjoint,
    claimed_ball,
    compare_table,
    discrepancy_and_error,
    fmt,
    rel_diff,
    side_function,
    to_mpf,
)
from .symbols import a_scale, b, eta, gamma, n_H, t, x, y

# =============================================================================== the statements (one home each)

#: Step 2, display (2, 32): ŝech(t) = π sech(π²t).
SECH_TRANSFORM = Statement(
    sp.Symbol("sech_hat"),
    "=",
    sp.pi * sp.sech(sp.pi**2 * t),
    variables=(t,),
    lhs_latex=r"\widehat{\sech}(t)",
    name="fourier.sech",
)

#: Step 2, display (2, 28): |sech x| = 2e^{−|x|}/(1 + e^{−2|x|}) ≤ 2e^{−|x|}.
SECH_BOUND = Statement(sp.Abs(sp.sech(x)), "<=", 2 * sp.exp(-sp.Abs(x)), variables=(x,), name="fourier.sech-bound")
#: the middle expression of display (2, 28), an identity checked with the bound
SECH_BOUND_MIDDLE = 2 * sp.exp(-sp.Abs(x)) / (1 + sp.exp(-2 * sp.Abs(x)))

#: Step 2, displays (2, 30)–(2, 31): ∮ 2cos(2πtz)/(e^z+e^{−z}) dz = 2πi Res_{iπ/2} g
#: = 2π lim_{z→iπ/2} (z − iπ/2) g(z) = π(e^{π²t} + e^{−π²t}); the middle link's printed factor is
#: :data:`SECH_RESIDUE_LIMIT_FACTOR` (2π; 2πi is what 2πi·Res gives).
SECH_RESIDUE = Statement(
    sp.Symbol("J"),
    "=",
    sp.pi * (sp.exp(sp.pi**2 * t) + sp.exp(-(sp.pi**2) * t)),
    variables=(t,),
    lhs_latex=r"\oint_{C_R}\frac{2\cos(2\pi t z)}{e^z+e^{-z}}\,dz = 2\pi i\operatorname{Res}_{z=i\pi/2} g"
    r" = 2\pi \lim_{z \to \frac{\pi}{2}i} \left(z - \frac{\pi}{2}i\right) g(z)",
    name="fourier.sech-residue",
)
#: the largest |t| at which check_sech_residue's R = 20 rectangle meets its tolerance (vertical sides ~ e^{2π²|t| − 20})
SECH_RESIDUE_MAX_T = 1.0
#: the factor display (2, 30) prints before lim_{z→iπ/2}(z − iπ/2)g(z) (that limit is Res_{iπ/2} g)
SECH_RESIDUE_LIMIT_FACTOR = 2 * sp.pi
#: the factor that makes the middle link equal 2πi·Res
SECH_RESIDUE_LIMIT_FACTOR_CORRECTED = 2 * sp.pi * sp.I

#: the integrand of I(t) (display (2, 33))
SECH_CONVOLUTION_INTEGRAND = sp.sech(sp.pi**2 * (t - y)) * sp.sech(sp.pi**2 * y)
#: Step 2, display (2, 33): I(t) = ∫ sech(π²(t−y)) sech(π²y) dy = 4t csch(π²t).
SECH_CONVOLUTION = Statement(
    sp.Integral(SECH_CONVOLUTION_INTEGRAND, (y, -sp.oo, sp.oo)),
    "=",
    4 * t * sp.csch(sp.pi**2 * t),
    variables=(t,),
    name="fourier.sech-convolution",
)

#: Step 2, display (2, 34): the antiderivative F(y) = π^{−2} csch(π²t) ln(csch(π²y)/csch(π²(y−t))) and its limits.
SECH_CONVOLUTION_PV = Statement(
    EvalBetween(
        sp.csch(sp.pi**2 * t) / sp.pi**2 * sp.log(sp.csch(sp.pi**2 * y) / sp.csch(sp.pi**2 * (y - t))), y, -sp.oo, sp.oo
    ),
    "=",
    4 * t * sp.csch(sp.pi**2 * t),
    variables=(t,),
    name="fourier.sech-convolution-pv",
)
#: derived: the antiderivative π^{−2} csch(π²t) ln(cosh(π²y)/cosh(π²(y−t))) of the sech product
CORRECTED_ANTIDERIVATIVE = (
    sp.csch(sp.pi**2 * t) / sp.pi**2 * sp.log(sp.cosh(sp.pi**2 * y) / sp.cosh(sp.pi**2 * (y - t)))
)

#: Step 2, last sentence: \widehat{tanh}(t) = −4i csch(π²t) (t ≠ 0, as a distribution).
TANH_TRANSFORM = Statement(
    sp.Symbol("tanh_hat"),
    "=",
    -4 * sp.I * sp.csch(sp.pi**2 * t),
    variables=(t,),
    lhs_latex=r"\widehat{\tanh}(t)",
    name="fourier.tanh",
)

#: Step 2's last sentence derives \widehat{tanh} from the convolution I "dividing by it": the printed rule I/(it),
#: against the convolution theorem's \widehat{tanh} = \widehat{sech²}/(2πit) = ŝech⋆ŝech/(2πit) = π²I/(2πit)
#: (ŝech = π sech(π²·), so ŝech⋆ŝech = π²I; tanh' = sech²) (referee BX, BX4)
I_CONV = sp.Symbol("I")
TANH_FROM_I_PRINTED = I_CONV / (sp.I * t)
TANH_FROM_I = sp.pi**2 * I_CONV / (2 * sp.pi * sp.I * t)


def division_step(claimed: Statement, printed_rule: sp.Expr = TANH_FROM_I_PRINTED) -> dict[str, Any]:
    r"""Relation (2, P54, 1) taken apart, exactly (SymPy): the printed rule applied to the printed I (display (2, 34),
    4t csch(π²t)) against the claim; the printed rule applied to the true I = 2t csch(π²t) against the true
    \widehat{tanh}; the convolution theorem's rule applied to the true I against it (it must give it)."""
    true_i, printed_i = fr.SECH_CONVOLUTION, SECH_CONVOLUTION_PV.rhs
    rule_ratio = sp.simplify(printed_rule.subs(I_CONV, true_i) / fr.TANH_TRANSFORM)
    return {
        "printed_rule": sp.latex(printed_rule),
        "theorem_rule": sp.latex(TANH_FROM_I),
        "printed_rule_on_printed_I_gives_the_claim":
            sp.simplify(printed_rule.subs(I_CONV, printed_i) - claimed.rhs) == 0,
        "printed_rule_on_true_I_over_truth": str(rule_ratio),
        "theorem_rule_on_true_I_is_the_truth": sp.simplify(TANH_FROM_I.subs(I_CONV, true_i) - fr.TANH_TRANSFORM) == 0,
        "rule_fails_on_its_own": rule_ratio != 1,
    }


_X_N_GAUSS = r"\widehat{x^n e^{-\gamma x^2}}(t)"
#: Step 1, display (2, 27), last line: √(π/γ) (−i/2π)^n H_n(πt/√γ) e^{−π²t²/γ}.
GAUSSIAN_POLYNOMIAL = Statement(
    sp.Symbol("gp_hat"),
    "=",
    sp.sqrt(sp.pi / gamma)
    * (-sp.I / (2 * sp.pi)) ** n_H
    * sp.hermite(n_H, sp.pi * t / sp.sqrt(gamma))
    * sp.exp(-(sp.pi**2) * t**2 / gamma),
    variables=(n_H, gamma, t),
    lhs_latex=_X_N_GAUSS,
    name="fourier.gaussian-polynomial",
)

#: Step 1, display (2, 27), third line: √(π/γ) (i/2π)^n dⁿ/dtⁿ e^{−π²t²/γ}.
GAUSSIAN_POLYNOMIAL_DERIVATIVE = Statement(
    sp.Symbol("gp_hat"),
    "=",
    sp.sqrt(sp.pi / gamma) * (sp.I / (2 * sp.pi)) ** n_H * sp.Derivative(sp.exp(-(sp.pi**2) * t**2 / gamma), (t, n_H)),
    variables=(n_H, gamma, t),
    lhs_latex=_X_N_GAUSS,
    name="fourier.gaussian-polynomial-derivative",
)

#: Step 3, display (2, 41): the inverse transform of e^{−(at−b)²} is (√π/a) e^{−π²x²/a² + i2πbx}.
SHIFTED_GAUSSIAN_INVERSE = Statement(
    sp.Symbol("sg_check"),
    "=",
    sp.sqrt(sp.pi) / a_scale * sp.exp(-(sp.pi**2) * x**2 / a_scale**2 + 2 * sp.I * sp.pi * b * x),
    variables=(a_scale, b, x),
    lhs_latex=r"\mathcal F^{-1}\left[e^{-(at-b)^2}\right](x)",
    name="fourier.shifted-gaussian-inverse",
)

#: Step 3, display (2, 42): the special case a = π/√γ, b = π√γ/(2η): √(γ/π) e^{−γx² + iπ²√γ/η}.
SHIFTED_GAUSSIAN_SPECIAL = Statement(
    sp.Symbol("sgs_check"),
    "=",
    sp.sqrt(gamma / sp.pi) * sp.exp(-gamma * x**2 + sp.I * sp.pi**2 * sp.sqrt(gamma) / eta),
    variables=(gamma, eta, x),
    lhs_latex=r"\mathcal F^{-1}\left[e^{-\left[\frac{\pi "
    r"t}{\sqrt\gamma}-\frac{\pi\sqrt\gamma}{2\eta}\right]^2}\right](x)",
    name="fourier.shifted-gaussian-inverse-special",
)
#: derived: the special case of the corrected (2, 41): √(γ/π) e^{−γx² + iπγx/η}
SHIFTED_GAUSSIAN_SPECIAL_CORRECT = sp.sqrt(gamma / sp.pi) * sp.exp(-gamma * x**2 + sp.I * sp.pi * gamma * x / eta)


# =============================================================================== checkers


def _sech_convention_readings(claimed: Statement, at: str = "0.3") -> dict[str, str]:
    """The statement under the three usual Fourier conventions (referee AH, F7): the transform of sech computed from
    each definition at t = ``at`` (mpmath quadrature) against the statement's right side there."""
    with mpmath.workdps(DPS):
        tv, rhs = to_mpf(at), side_function(claimed)(to_mpf(at))
        cosine = lambda k: 2 * mpmath.quad(lambda u: mpmath.sech(u) * mpmath.cos(k * u), [0, mpmath.inf])  # noqa: E731
        values = {"e^{−2πitx} (the paper's, Part 2 §3.3)": cosine(2 * PI * tv), "e^{−itx}": cosine(tv),
                  "e^{−itx}/√(2π) (unitary)": cosine(tv) / mpmath.sqrt(2 * PI)}
        out = {}
        for name, value in values.items():
            gap = abs(value - rhs) / abs(value)
            out[name] = (f"holds at t = {at} (relative gap {fmt(gap, 2)})" if gap < mpmath.mpf("1e-20") else
                         f"fails at t = {at}: the transform is {fmt(value, 12)}, the right side {fmt(rhs, 12)}")
        return out


@decides("=")
def check_sech_transform(
    claimed: Statement = SECH_TRANSFORM,
    ts: Sequence[str] = ("-0.7", "0", "0.3"),
    certified_ts: Sequence[str] = ("0.3", "-1.1", "3"),
    tol: str = "1e-20",
    offer_correction: bool = True,
) -> Verdict:
    """ŝech(t) from the definition 2∫_0^∞ sech x cos(2πtx) dx (mpmath, 30 digits) against the statement's right
    side (mpmath evaluator), and certified acb balls of the definition against the right side's own arb ball
    (including t = 3, where the value is ~1e-13 and a float csch/sech would lose it).

    The displays the claim covers besides P52.1 (referee BX, BX6): (2, 29), ∫sech(x)e^{−2πitx}dx =
    ∫sech(x)cos(2πtx)dx, exactly (the sine part's integrand sech(x)sin(2πtx) is odd: SymPy); and (2, 32),
    ½(e^{π²t} + e^{−π²t})²·ŝech(t) = π(e^{π²t} + e^{−π²t}), with ŝech from the definition at the same points."""
    with mpmath.workdps(DPS):
        rhs = side_function(claimed)
        definition = {v: fr.sech_transform_definition(to_mpf(v), dps=DPS) for v in ts}
        by_point = {(to_mpf(v),): value for v, value in definition.items()}
        rows, worst = compare_table(list(by_point), lambda u: by_point[(u,)], rhs)
        odd = sp.simplify(sp.sech(-x) * sp.sin(-2 * sp.pi * t * x) + sp.sech(x) * sp.sin(2 * sp.pi * t * x)) == 0
        d32 = []
        for v in ts:
            e_ = mpmath.exp(PI**2 * to_mpf(v))
            left, right = (e_ + 1 / e_) ** 2 / 2 * definition[v], PI * (e_ + 1 / e_)
            d32.append({"t": v, "lhs": fmt(left), "rhs": fmt(right), "rel_discrepancy": fmt(rel_diff(left, right), 3)})
        d32_ok = all(mpmath.mpf(r["rel_discrepancy"]) <= to_mpf(tol) for r in d32)
        balls, disjoint = {}, None
        for v in certified_ts:
            ball = fr.sech_transform_certified(v, prec=200)
            cb = claimed_ball(claimed, v)
            excluded = balls_disjoint(ball, cb)
            balls[v] = {"ball": fr.ball_str(ball), "claimed_ball": fr.ball_str(cb), "disjoint": excluded}
            if excluded and disjoint is None:
                disjoint = v
        ev = dict(points=rows, certified=balls, tolerance=tol, achieved_error=fmt(worst[0], 3), digits=DPS,
                  convention="ĥ(t) = ∫ h(x) e^{−2πitx} dx (the paper's, Part 2 §3.3)",
                  readings=_sech_convention_readings(claimed),
                  display_29_sine_part_odd=odd, display_32=d32)
        if not odd or not d32_ok:
            bad = next((r for r in d32 if mpmath.mpf(r["rel_discrepancy"]) > to_mpf(tol)), None)
            return refuted("numeric", "display (2, 29)'s sine part is not odd" if not odd else
                           f"display (2, 32) fails at t = {bad['t']} (relative discrepancy {bad['rel_discrepancy']})",
                           witness=bad or {"display": "(2, 29)"}, **ev)
        if worst[0] > to_mpf(tol) or disjoint is not None:
            e, p, left, right = worst
            corrected = claimed.perturb(rhs=fr.SECH_TRANSFORM)
            ok = (
                offer_correction
                and check_sech_transform(
                    corrected, ts=ts[:2], certified_ts=certified_ts[:1], offer_correction=False
                ).verdict
                == "verified"
            )
            return refuted(
                "numeric+certified",
                f"the claimed transform differs from the definition at t = {p[0]} "
                + (f"(relative discrepancy {fmt(e, 3)} > {tol})" if e > to_mpf(tol) else
                   f"(relative discrepancy {fmt(e, 3)}, below the quadrature's {tol}: decided by the balls)")
                + (f"; the certified balls at t = {disjoint} are disjoint" if disjoint else ""),
                witness={"t": str(p[0]), "lhs_definition": fmt(left), "claimed": fmt(right)},
                corrected=corrected if ok else None,
                **ev,
            )
        return verified(
            "numeric+certified",
            "under the paper's convention ĥ(t) = ∫h(x)e^{−2πitx}dx (under "
            + ", ".join(f"{k}: {'holds' if v.startswith('holds') else 'fails'}" for k, v in ev["readings"].items())
            + f") it matches the definition (mpmath) at t = {', '.join(ts)} to "
            f"{fmt(worst[0], 2)} relative, and its arb balls meet the certified balls at t = "
            f"{', '.join(certified_ts)} (at these points: the classical identity, not proved here for every t); "
            "display (2, 29) holds exactly (the sine part's integrand is odd) and (2, 32) at the same points",
            **ev,
        )


#: the largest degree in u = e^{|x|} whose exact real roots :func:`_sign_for_every_x` computes (SymPy's real_roots of
#: a degree-20 polynomial with 10^30-sized coefficients ran for minutes)
MAX_SIGN_DEGREE = 12


def _rational_strictly_between(lo: sp.Expr, hi: sp.Expr) -> sp.Rational | None:
    """A rational r with lo < r < hi (exact comparisons: lo, hi rationals or CRootOf), from the decimal midpoint at
    60, 120, … digits; None when the gap is below 10^-900."""
    for digits in (60, 120, 240, 480, 960):
        r = sp.Rational(str(sp.N((lo + hi) / 2, digits)))
        if lo < r < hi:
            return r
    return None


#: the time SymPy may take to bring rhs − lhs to a rational function of u = e^{|x|} (then not decided this way)
SIGN_SECONDS = 20


def _sign_for_every_x(claimed: Statement, strict: bool = False) -> tuple[bool | None, sp.Expr | None]:
    r"""Whether rhs − lhs ≥ 0 for every real x, decided exactly (referee AH, F4: the grid and the limit had verified a
    right side negative at x = 5): for x = ±log u, u ≥ 1, the difference is a rational function num/den of u when both
    sides are built from e^{±|x|} (as sech and the paper's bound are). With rational coefficients and no pole in
    [1, ∞), the numerator's distinct real roots there are exact (CRootOf), the sign is constant between them, and it
    is evaluated exactly (rationals) at u = 1, at a rational point strictly between consecutive roots and beyond the
    last (referee AI: a float probe rounded by ``nsimplify`` had verified a dip of −1e-32; referee AJ: touching
    isolation intervals had put a probe on a root). ``strict``: rhs − lhs > 0 is asked (a root fails it).
    Returns (True, None) proved, (False, x) with a point x where it fails, (None, None) when not decided this way
    (not rational in u, irrational coefficients, a pole in [1, ∞))."""
    xp, u = sp.Symbol("xp", positive=True), sp.Symbol("u", positive=True)
    for sign in (1, -1):
        try:
            diff = floats_exact(claimed.rhs - claimed.lhs)  # a Float's exact binary value
            diff = diff.subs(x, sign * xp).rewrite(sp.exp)
            # e^{kx} becomes u^k: a k with a large denominator makes the rational function's degree huge, and SymPy's
            # factor runs for minutes with gigabytes (referee EJ, EJ-3: k = 1 ± 10⁻¹⁰): not decided this way
            rates = [sp.expand(e.args[0]).coeff(xp) for e in diff.atoms(sp.exp)]
            if any(not (k.is_Rational and k.q <= MAX_SIGN_DEGREE) for k in rates):
                return None, None
            rewritten = diff.subs(xp, sp.log(u))
            diff = within_seconds(lambda: sp.factor(sp.together(sp.simplify(rewritten))), SIGN_SECONDS)  # noqa: B023
            if diff is None:
                return None, None
            num, den = sp.fraction(diff)
            if not (num.is_polynomial(u) and den.is_polynomial(u)) or (num.free_symbols | den.free_symbols) - {u}:
                return None, None
            pn, pd = sp.Poly(num, u), sp.Poly(den, u)
            if pn.get_domain() not in (sp.ZZ, sp.QQ) or pd.get_domain() not in (sp.ZZ, sp.QQ):
                return None, None  # irrational coefficients: the exact roots below need rationals
            if max(pn.degree(), pd.degree()) > MAX_SIGN_DEGREE:
                return None, None  # exact real roots of high degree can take minutes (referee AK): not decided here
            if any(r >= 1 for r in pd.real_roots()):
                return None, None  # a pole of the difference at some x (u ≥ 1): not this procedure's case
            # the distinct real roots of the numerator in [1, ∞), exact (CRootOf), in increasing order; the sign is
            # constant between them: one exact rational point strictly inside each gap (referee AJ: touching
            # isolation intervals had put a probe on a root), u = 1 itself, and a point beyond the last root
            roots: list[sp.Expr] = []
            for r in pn.real_roots():
                if r >= 1 and (not roots or r != roots[-1]):
                    roots.append(r)
            probes = [sp.Integer(1)]
            ends = [sp.Integer(1), *roots] if not roots or roots[0] != 1 else roots
            for lo, hi in zip(ends, ends[1:]):
                probe = _rational_strictly_between(lo, hi)
                if probe is None:
                    return None, None
                probes.append(probe)
            probes.append(sp.ceiling(sp.N(ends[-1], 30)) + 1)
            for m in probes:
                value = sp.Rational(pn.eval(m)) / sp.Rational(pd.eval(m))
                if value < 0 or (strict and value == 0):
                    return False, sign * sp.log(m)
            if strict and roots:
                return False, sign * sp.log(roots[0])  # rhs = lhs there: a strict < fails
        except (NotImplementedError, TypeError, ValueError, sp.PolynomialError):
            return None, None  # SymPy cannot isolate these roots or compare these values: not decided here
    return True, None


@decides("≤", "<")  # referee AJ: ≥, = and > had been decided as ≤
def check_sech_bound(claimed: Statement = SECH_BOUND, middle: sp.Expr = SECH_BOUND_MIDDLE) -> Verdict:
    """Display (2, 28): |sech x| = middle ≤ rhs for all real x (used for the tail bounds).

    The identity |sech x| = ``middle``: SymPy (rewritten in exponentials, x > 0 and x < 0) and arb balls on a grid.
    The bound: the ratio lhs/rhs in arb balls on a grid of x up to 40, and its limit as |x| → ∞ (SymPy); when the
    limit exceeds 1 a point with ratio > 1 is searched and certified (the witness)."""
    xs = ["0", "0.5", "1", "3", "10", "40"]
    proved, failing_x = _sign_for_every_x(claimed, strict=claimed.rel == Rel.LT)
    if failing_x is not None:
        xs.append(str(sp.N(failing_x, 30)))
    xp = sp.Symbol("xp", positive=True)
    identity_sym = all(sp.simplify((claimed.lhs - middle).subs(x, s * xp).rewrite(sp.exp)) == 0 for s in (1, -1))
    lim = sp.limit((claimed.lhs / claimed.rhs).subs(x, xp).rewrite(sp.exp), xp, sp.oo)
    with ctx.workprec(120):
        lhs_b = claimed.evaluator("lhs", backend="arb")
        rhs_b = claimed.evaluator("rhs", backend="arb")
        ratios = {v: lhs_b(arb(v)) / rhs_b(arb(v)) for v in xs}
        mid_b = Statement(middle, "=", 0, variables=(x,)).evaluator("lhs", backend="arb")
        identity_grid = all((lhs_b(arb(v)) - mid_b(arb(v))).contains(0) for v in xs)
        # a certified lhs − rhs > 0 (≥ 0 for a strict <), not a ratio above 1: a negative right side fails too
        gaps = {v: lhs_b(arb(v)) - rhs_b(arb(v)) for v in xs}
        bad = [v for v, g in gaps.items() if (g >= 0 if claimed.rel == Rel.LT else g > 0)]
        witness = None
        if not bad and lim > 1:  # the ratio tends to lim > 1: a point with ratio > 1 exists; find and certify it
            for k in range(1, 200):
                r = lhs_b(arb(k)) / rhs_b(arb(k))
                if r > 1:
                    witness = (str(k), r)
                    break
        ev = dict(
            ratios_lhs_over_rhs={v: fr.ball_str(r) for v, r in ratios.items()},
            identity_sympy=identity_sym,
            identity_grid=identity_grid,
            limit_ratio_at_infinity=str(lim),
            every_x_decided_exactly={True: "holds", False: "fails", None: "not rational in e^{|x|}: not decided"}[
                proved],
            tolerance="exact (arb balls)",
            achieved_error="ball radii ≤ 1e-30",
            statement=claimed.latex(),
        )
        if bad:
            v = bad[0]
            return refuted(
                "certified",
                f"lhs − rhs at x = {v} is {fr.ball_str(gaps[v], 12)} {'≥' if claimed.rel == Rel.LT else '>'} 0 "
                f"(lhs/rhs = {fr.ball_str(ratios[v], 12)})",
                witness={"x": v, "lhs_minus_rhs": fr.ball_str(gaps[v]), "ratio": fr.ball_str(ratios[v])},
                **ev,
            )
        if witness is not None:
            return refuted(
                "certified",
                f"lhs/rhs → {lim} > 1 as |x| → ∞; at x = {witness[0]} it is {fr.ball_str(witness[1], 12)}",
                witness={"x": witness[0], "ratio": fr.ball_str(witness[1])},
                **ev,
            )
        if not (identity_sym and identity_grid):
            return refuted("certified", "the displayed identity fails", witness={"xs": xs}, **ev)
        if lim > 1:
            return inconclusive("certified", "the ratio tends to a limit > 1 but no certified point was found", **ev)
        if proved is False:  # the exact sign analysis found a failing point that the 120-bit balls cannot certify
            return inconclusive(
                "certified",
                f"{claimed.latex()}: the exact sign analysis finds rhs < lhs at x = {failing_x}, but the arb balls at "
                "120 bits do not separate the two sides there (a difference below their width)",
                **ev,
            )
        if proved is None:  # not decided between the grid points (a failure there would have been certified)
            return inconclusive(
                "certified",
                f"{claimed.latex()}: lhs/rhs ≤ 1 on the grid {xs} with limit {lim} as |x| → ∞, but the bound is not "
                "decided between the grid points (its sides are not rational in e^{|x|} with rational coefficients)",
                **ev,
            )
        return verified(
            "certified+symbolic",
            f"{claimed.latex()}: the identity holds (SymPy, arb grid) and rhs − lhs ≥ 0 for every real x (exactly: a "
            f"rational function of e^{{|x|}}, its sign decided between its real roots), lhs/rhs ≤ 1 on the grid, limit "
            f"{lim} as |x| → ∞",
            **ev,
        )


@functools.lru_cache(maxsize=64, typed=True)
def _residue_and_contour(tv: mpmath.mpf, prec: int) -> tuple:
    """(Res_{iπ/2} g, ∫ bottom side, ∫ top side, the closed rectangle's integral, lim_{z→iπ/2}(z − iπ/2)g(z)) for
    g(z) = 2cos(2πtz)/(e^z + e^{−z})
    and R = 20, at mpmath precision ``prec`` (bits): the statement-independent part of :func:`check_sech_residue`,
    remembered in-process keyed on the exact (t, precision), so the paper's and each perturbed statement are compared
    with the same quadratures (bit for bit what a fresh computation gives; mpf/mpc are immutable)."""
    with mpmath.workprec(prec):

        def g(z):
            return 2 * mpmath.cos(2 * PI * tv * z) / (mpmath.exp(z) + mpmath.exp(-z))

        z0 = 1j * PI / 2
        res = 2 * mpmath.cos(2 * PI * tv * z0) / mpmath.diff(lambda z: mpmath.exp(z) + mpmath.exp(-z), z0)
        R = 20
        bottom = mpmath.quad(g, [-R, 0, R])
        top = mpmath.quad(lambda u: g(u + 1j * PI), [-R, 0, R])
        sides = (
            bottom
            + mpmath.quad(lambda s: g(R + 1j * s) * 1j, [0, PI])
            - top
            - mpmath.quad(lambda s: g(-R + 1j * s) * 1j, [0, PI])
        )
        limit = mpmath.limit(lambda h: h * g(z0 + h), 0)  # lim_{z→iπ/2} (z − iπ/2) g(z), from g itself
        return res, bottom, top, sides, limit


@decides("=")  # compared as an identity (referee EL, EL-15: "<" had been refuted with "="'s witness)
def check_sech_residue(
    claimed: Statement = SECH_RESIDUE,
    ts: Sequence[str] = ("0", "0.2", "-0.45"),
    limit_factor: sp.Expr = SECH_RESIDUE_LIMIT_FACTOR,
) -> Verdict:
    r"""Display (2, 30), link by link: 2πi Res_{iπ/2} g = ``limit_factor``·lim_{z→iπ/2}(z − iπ/2)g(z) =
    π(e^{π²t} + e^{−π²t}) and the contour integral; display (2, 31)'s horizontal sides ∫g(x)dx − ∫g(x + iπ)dx =
    ((2 + e^{2π²t} + e^{−2π²t})/2) ∫g(x)dx.

    The residue is numerator/(denominator)' at iπ/2 (the derivative by mpmath ``diff``), the limit (z − iπ/2)g(z)
    as z → iπ/2 by mpmath ``limit`` (extrapolated from z = iπ/2 + h), and the contour integral for R = 20 by
    quadrature along the four sides; each compared with the statement's right side. The paper prints 2π before the
    limit: it equals 2π·Res = −i·(2πi·Res), so that link is off by the factor i (the ends agree).
    (The vertical sides of display (2, 31) are garbled in the paper — e.g. e^{itx} for e^{ix} — and only their limit
    0 is used.)"""
    factor = mpmath.mpmathify(complex(sp.N(limit_factor, 30)))
    too_far = [v for v in ts if abs(float(to_mpf(v))) > SECH_RESIDUE_MAX_T]
    if too_far:
        raise InputError(
            f"t = {too_far[0]}: the R = 20 rectangle's vertical sides, of size e^(2π²|t| − 20), are negligible against "
            f"the 1e-15 tolerance only for |t| ≤ {SECH_RESIDUE_MAX_T}"
        )
    with mpmath.workdps(20):
        rhs_f = side_function(claimed)
        rows, worst = [], (0, None, None, None, "")
        worst_middle = worst_ends = numerical = mpmath.mpf(0)
        for v in ts:
            tv = to_mpf(v)
            res, bottom, top, sides, limit = _residue_and_contour(tv, mpmath.mp.prec)
            rhs = rhs_f(tv)
            horizontal = bottom - top
            # the achieved error: the two computed values against the same at 25 digits (17 more bits; referee BZ, BZ7:
            # at one precision 2πi·Res and the contour agree to the last bit, which measures nothing)
            fine = _residue_and_contour(tv, mpmath.mp.prec + 17)
            numerical = max(numerical, rel_diff(2j * PI * res, 2j * PI * fine[0]), rel_diff(sides, fine[3]))
            horizontal_claim = (2 + mpmath.exp(2 * PI**2 * tv) + mpmath.exp(-2 * PI**2 * tv)) / 2 * bottom
            middle = factor * limit
            e_middle = rel_diff(middle, rhs)
            links = {  # name: (computed, what it must equal, relative discrepancy)
                "2πi·Res": (2j * PI * res, rhs, rel_diff(2j * PI * res, rhs)),
                "the contour integral (R = 20)": (sides, rhs, rel_diff(sides, rhs)),
                "the horizontal sides of display (2, 31)": (
                    horizontal, horizontal_claim, rel_diff(horizontal, horizontal_claim)
                ),
                "the middle link": (middle, rhs, e_middle),
            }
            e_ends = max(err for name, (_, _, err) in links.items() if name != "the middle link")
            worst_middle, worst_ends = max(worst_middle, e_middle), max(worst_ends, e_ends)
            e = max(e_ends, e_middle)
            rows.append(
                {
                    "t": str(tv),
                    "two_pi_i_residue": fmt(2j * PI * res),
                    "middle_link": fmt(middle),
                    "middle_link_discrepancy": fmt(e_middle, 3),
                    "contour_R20": fmt(sides),
                    "claimed": fmt(rhs),
                    "horizontal_sides": fmt(horizontal),
                    "display_31_horizontal": fmt(horizontal_claim),
                    "rel_discrepancy": fmt(e, 3),
                }
            )
            if e > worst[0]:
                name, (value, target, _) = max(links.items(), key=lambda kv: kv[1][2])
                worst = (e, tv, value, target, name)
        ev = dict(
            points=rows,
            tolerance="1e-15 (the closed rectangle, vertical sides included, equals 2πi·Res exactly)",
            **discrepancy_and_error(worst[0], numerical, "2πi·Res (the derivative by mpmath diff) and the R = 20 "
                                    "contour integral (quadrature) at 20 digits against the same at 25"),
            digits=20,
        )
        tolerance = mpmath.mpf("1e-15")
        if worst[0] > tolerance:
            corrected, why = None, ""
            what = worst[4]
            if worst_middle > tolerance and worst_ends <= tolerance:
                what = f"the middle link {sp.latex(limit_factor)}·lim_(z→iπ/2)(z − iπ/2)g(z)"
                ratio = mpmath.chop(worst[2] / worst[3], tol=1e-12)  # the link over the right side
                re_, im_ = float(mpmath.re(ratio)), float(mpmath.im(ratio))
                shown = f"{re_:.6g}" if im_ == 0 else (f"{im_:.6g}i" if re_ == 0 else f"({re_:.6g}{im_:+.6g}i)")
                why = (f" (the link is {shown} times the right side: the limit is Res, so the factor "
                       "must be 2πi; the display's ends agree)")
                corrected = (
                    r"2\pi i\operatorname{Res}_{z=i\pi/2} g = 2\pi i \lim_{z \to \frac{\pi}{2}i} "
                    r"\left(z - \frac{\pi}{2}i\right) g(z) = \pi \left(e^{\pi^{2} t} + e^{- \pi^{2} t}\right)"
                )
            return refuted(
                "numeric",
                f"{what} differs from the claim at t = {worst[1]}: {fmt(worst[2])} against {fmt(worst[3])}" + why,
                corrected,
                witness={"t": str(worst[1]), "link": what, "computed": fmt(worst[2]), "claimed": fmt(worst[3])},
                **ev,
            )
        return verified(
            "numeric",
            "2πi·Res, the middle link and the rectangle contour integral (R = 20) all equal the right side; the "
            "horizontal sides combine as display (2, 31) says",
            **ev,
        )


@decides("=")  # compared as an identity (referee EL, EL-15: "<" had been refuted with "="'s witness)
def check_sech_convolution(
    claimed: Statement = SECH_CONVOLUTION,
    ts: Sequence[str] = ("-0.6", "0", "0.05", "0.3", "1", "2"),
    tol: str = "1e-20",
) -> Verdict:
    """I(t) = ∫ sech(π²(t−y)) sech(π²y) dy from the definition (mpmath, split quadrature) against the right side
    (limit at t = 0 by SymPy), and a certified ball at t = 0.3 against the right side's arb ball. The statement's
    own left side (a SymPy integral) is also evaluated by its generic mpmath evaluator at t = 0.3 and must agree."""
    with mpmath.workdps(DPS):
        pts = [(to_mpf(v),) for v in ts]
        lhs_cache = {p: fr.sech_convolution_definition(p[0], dps=DPS) for p in pts}
        rhs_f = side_function(claimed)
        correct = claimed.perturb(rhs=fr.SECH_CONVOLUTION)
        rows, worst = compare_table(pts, lambda u: lhs_cache[(u,)], rhs_f)
        _, worst_corr = compare_table(pts, lambda u: lhs_cache[(u,)], side_function(correct))
        ball = fr.sech_convolution_certified("0.3")
        cb, cb_corr = claimed_ball(claimed, "0.3"), claimed_ball(correct, "0.3")
        t03 = to_mpf("0.3")
        # I(0.3) is already in the table when 0.3 is one of the points (the same quadrature at the same precision)
        i03 = lhs_cache[(t03,)] if (t03,) in lhs_cache else fr.sech_convolution_definition(t03, dps=DPS)
        conv_thm = rel_diff(PI**2 * i03, fr.sech2_transform_definition(t03))
        ev = dict(
            points=rows,
            certified_t="0.3",
            certified_ball=fr.ball_str(ball),
            claimed_ball=fr.ball_str(cb),
            certified_excludes_claimed=balls_disjoint(ball, cb),
            tolerance=tol,
            **discrepancy_and_error(worst[0], worst_corr[0], AGAINST_CORRECTED),
            corrected_max_rel_error=fmt(worst_corr[0], 3),
            lhs="the statement's integral, by split quadrature (theorycheck.fourier.sech_convolution_definition)",
            convolution_theorem_rel_error=fmt(conv_thm, 3),
            digits=DPS,
        )
        corrected_ok = worst_corr[0] < to_mpf(tol) and not balls_disjoint(ball, cb_corr)
        if worst[0] > to_mpf(tol) or balls_disjoint(ball, cb):
            e, p, left, right = worst
            return refuted(
                "numeric+certified",
                f"at t = {p[0]} the integral is {fmt(left, 12)} but the claim gives "
                f"{fmt(right, 12)} (ratio {fmt(right / left, 6) if left else 'inf'}); I(t) = 2t csch(π²t)",
                corrected=correct if corrected_ok else None,
                witness={"t": str(p[0]), "integral": fmt(left), "claimed": fmt(right)},
                **ev,
            )
        return verified(
            "numeric+certified", f"matches the integral at {len(ts)} points and the certified ball at t = 0.3", **ev
        )


def check_sech_convolution_pv(
    claimed: Statement = SECH_CONVOLUTION_PV,
    ts: Sequence[str] = ("0.3", "-0.8"),
    tol: str = "1e-15",
    offer_correction: bool = True,
) -> Verdict:
    r"""Display (2, 34): the antiderivative F(y) (inside the statement's ``EvalBetween``) and its limits
    F(+∞) − F(−∞) = right side.

    F'(y) (mpmath ``diff``) is compared with the integrand sech(π²(t−y))sech(π²y) at two points y, and
    F(Y) − F(−Y) for Y = 8 + |t| (the limits are reached to e^{−2π²·8}) with the right side and with the
    integral I(t) computed from its definition. (The paper's F differentiates to csch(π²(y−t))csch(π²y).)
    """
    between = claimed.lhs
    if not isinstance(between, EvalBetween):
        raise TypeError("the statement's left side must be EvalBetween(F, y, -oo, oo)")
    F_expr = between.args[0]
    with mpmath.workdps(DPS):
        F2 = Statement(F_expr, "=", 0, variables=(t, y)).evaluator("lhs", backend="mpmath")
        rhs_f = side_function(claimed)
        rows, fail = [], None
        gaps, numerical = [mpmath.mpf(0)], mpmath.mpf(0)
        closed_form = Statement(fr.SECH_CONVOLUTION, "=", 0, variables=(t,)).evaluator("lhs", backend="mpmath")
        for v in ts:
            tv = to_mpf(v)
            F = partial(F2, tv)
            for y0 in (tv + to_mpf("0.37"), -to_mpf("0.41") - abs(tv)):
                dF = mpmath.diff(F, y0)
                sech_int = mpmath.sech(PI**2 * (tv - y0)) * mpmath.sech(PI**2 * y0)
                csch_int = mpmath.csch(PI**2 * (y0 - tv)) * mpmath.csch(PI**2 * y0)
                rows.append(
                    {
                        "t": str(tv),
                        "y": fmt(y0, 6),
                        "dF_dy": fmt(dF),
                        "sech_integrand": fmt(sech_int),
                        "csch_integrand": fmt(csch_int),
                    }
                )
                gaps.append(rel_diff(sech_int, dF))
                if fail is None and rel_diff(sech_int, dF) > to_mpf(tol):
                    fail = dict(rows[-1], part="F' is not the integrand")
            Y = 8 + abs(tv)
            limit = F(Y) - F(-Y)
            integral = fr.sech_convolution_definition(tv, dps=DPS)
            gaps += [rel_diff(integral, limit), rel_diff(integral, rhs_f(tv))]
            if tv:  # (the closed form's t = 0 value is a limit)
                numerical = max(numerical, rel_diff(integral, closed_form(tv)))
            rows.append(
                {"t": str(tv), "F(+inf)-F(-inf)": fmt(limit), "claimed": fmt(rhs_f(tv)), "I_definition": fmt(integral)}
            )
            if fail is None and (
                rel_diff(integral, limit) > to_mpf(tol) or rel_diff(integral, rhs_f(tv)) > to_mpf(tol)
            ):
                fail = dict(rows[-1], part="limits / value")
        how = ("the integral I(t) by quadrature against its closed form (theorycheck.fourier.SECH_CONVOLUTION), two "
               "computations of one number")
        ev = dict(points=rows, tolerance=tol, digits=DPS, **discrepancy_and_error(max(gaps), numerical, how))
        if fail:
            corrected = Statement(
                EvalBetween(CORRECTED_ANTIDERIVATIVE, y, -sp.oo, sp.oo),
                "=",
                fr.SECH_CONVOLUTION,
                variables=(t,),
                name=claimed.name,
            )
            ok = (
                offer_correction
                and check_sech_convolution_pv(corrected, ts=ts[:1], offer_correction=False).verdict == "verified"
            )
            return refuted(
                "numeric",
                f"fails: {fail['part']} at t = {fail['t']} (the paper's F differentiates to "
                "csch(π²(y−t))csch(π²y), not the sech product; I(t) = 2t csch(π²t))",
                corrected=corrected if ok else None,
                witness=fail,
                **ev,
            )
        return verified(
            "numeric", "F' equals the integrand and F(∞) − F(−∞) equals the integral and the right side", **ev
        )


@functools.lru_cache(maxsize=8)
def _tanh_pairing(prec: int) -> mpmath.mpc:
    """⟨tanh, ψ̂⟩ = −2i ∫_0^∞ u tanh(u) e^{−πu²} du for ψ(t) = t e^{−πt²} at mpmath precision ``prec`` (bits): the
    statement-independent side of :func:`check_tanh_transform`'s pairing, remembered in-process per precision
    (exactly the value a fresh quadrature gives)."""
    with mpmath.workprec(prec):
        return -1j * 2 * mpmath.quad(lambda u: u * mpmath.tanh(u) * mpmath.exp(-PI * u**2), [0, 1, 3, mpmath.inf])


def check_tanh_transform(
    claimed: Statement = TANH_TRANSFORM,
    ts: Sequence[str] = ("-0.9", "-0.05", "0.02", "0.3"),
    certified_ts: Sequence[str] = ("0.3", "-2.5"),
    tol: str = "1e-20",
    printed_rule: sp.Expr = TANH_FROM_I_PRINTED,
) -> Verdict:
    """\\widehat{tanh}(t), t ≠ 0, as a principal-value distribution by two independent routes:
    (tanh − sign) + sign, and \\widehat{sech²}(t)/(2πit); certified balls of the first against the right side's
    arb balls; and the pairing with the odd test function t e^{−πt²}. The step from I (``printed_rule``, "dividing
    by it") is judged on its own by :func:`division_step`."""
    with mpmath.workdps(DPS):
        pts = [(to_mpf(v),) for v in ts]
        pv = {p: fr.tanh_transform_definition(p[0], dps=DPS) for p in pts}
        via = {p: fr.tanh_transform_via_sech2(p[0], dps=DPS) for p in pts if abs(p[0]) < 1}
        route_gap = max(rel_diff(pv[p], via[p]) for p in via)
        rhs_f = side_function(claimed)
        correct = claimed.perturb(rhs=fr.TANH_TRANSFORM)
        rows, worst = compare_table(pts, lambda u: pv[(u,)], rhs_f)
        _, worst_corr = compare_table(pts, lambda u: pv[(u,)], side_function(correct))
        # ⟨\hat{tanh}, ψ⟩ = ⟨tanh, \hat ψ⟩ with ψ(t) = t e^{−πt²}, \hat ψ(x) = −i x e^{−πx²} (odd: no principal value)
        pair_true = _tanh_pairing(mpmath.mp.prec)
        pair_claim = 2 * mpmath.quad(
            lambda u: rhs_f(u) * u * mpmath.exp(-PI * u**2), [0, to_mpf("0.1"), 1, 3, mpmath.inf]
        )
        pair_err = rel_diff(pair_true, pair_claim)
        balls = {v: fr.tanh_minus_sign_certified(v, prec=200) for v in certified_ts}
        excluded = [v for v, bl in balls.items() if balls_disjoint(bl, claimed_ball(claimed, v))]
        corrected_ok = worst_corr[0] < to_mpf(tol) and not any(
            balls_disjoint(bl, claimed_ball(correct, v)) for v, bl in balls.items()
        )
        ev = dict(
            points=rows,
            routes_max_rel_gap=fmt(route_gap, 3),
            pairing={
                "test_function": "t e^{-pi t^2}",
                "<tanh, psi_hat>": fmt(pair_true),
                "<claimed, psi>": fmt(pair_claim),
                "rel_discrepancy": fmt(pair_err, 3),
            },
            certified={
                v: {"ball": fr.ball_str(bl), "claimed_ball": fr.ball_str(claimed_ball(claimed, v))}
                for v, bl in balls.items()
            },
            certified_excludes_claimed_at=excluded,
            tolerance=tol,
            **discrepancy_and_error(worst[0], worst_corr[0], AGAINST_CORRECTED),
            corrected_max_rel_error=fmt(worst_corr[0], 3),
            digits=DPS,
            small_t_check="t·\\widehat{tanh}(t) → −i/π as t → 0 (the sign function's transform)",
            division_step=division_step(claimed, printed_rule),
        )
        step = ev["division_step"]
        own = ("" if not step["rule_fails_on_its_own"] else
               f"; the step fails on its own too: with the true I = 2t csch(π²t) the printed rule "
               f"{step['printed_rule']} gives {step['printed_rule_on_true_I_over_truth']} times the truth (the "
               f"convolution theorem's rule is {step['theorem_rule']}, since ŝech⋆ŝech = π²I)"
               + (", and the printed −4i csch(π²t) is that rule applied to the doubled I of display (2, 34)"
                  if step["printed_rule_on_printed_I_gives_the_claim"] else ""))
        if route_gap > to_mpf(tol):
            return inconclusive("numeric", "the two routes to \\widehat{tanh} disagree; cannot decide", **ev)
        if worst[0] > to_mpf(tol) or excluded or pair_err > to_mpf(tol):
            e, p, left, right = worst
            return refuted(
                "numeric+certified",
                f"at t = {p[0]} the transform is {fmt(left, 12)} but the claim gives "
                f"{fmt(right, 12)}; certified balls exclude the claim at t = {', '.join(excluded) or 'none'}; "
                f"the pairing with t e^{{−πt²}} is off by {fmt(pair_err, 3)} relative; "
                "\\widehat{tanh}(t) = −iπ csch(π²t)" + own,
                corrected=correct if corrected_ok else None,
                witness={"t": str(p[0]), "transform": fmt(left), "claimed": fmt(right)},
                **ev,
            )
        return verified(
            "numeric+certified",
            f"matches both routes at every t, the certified balls at t = {', '.join(certified_ts)}, "
            "and the distribution pairing with t e^{−πt²}",
            **ev,
        )


_GP_POINTS = [(k, g, v) for k in range(6) for g, v in (("0.3", "-0.7"), ("2.5", "0.45"), ("1", "0"))]


@ball_cache(maxsize=64)
def _gp_ball(k: int, g: str, v: str):
    """The certified ball of \\widehat{x^n e^{−γx²}}(t) at (n, γ, t) = (k, g, v), remembered within a check
    (:func:`theorycheck.numerics.ball_cache`): it does not
    depend on the claimed statement (nor on mpmath's precision: ``fourier.gaussian_polynomial_transform_certified``
    works at its own arb precision), so the paper's, the corrected and each perturbed statement are compared with
    the same ball. python-flint's acb is immutable."""
    return fr.gaussian_polynomial_transform_certified(k, g, v)


@functools.lru_cache(maxsize=4, typed=True)
def _gp_quad_gap(points: tuple, dps: int):
    """max |definition by quadrature − closed form| of the transform at ``points`` ((n, γ, t) triples), at ``dps``
    digits (remembered in-process: independent of the claimed statement). An mpf."""
    with mpmath.workdps(dps):
        return max(
            abs(
                fr.gaussian_polynomial_transform_definition(k, to_mpf(g), to_mpf(v), dps=dps)
                - fr.gaussian_polynomial_transform(k, to_mpf(g), to_mpf(v))
            )
            for k, g, v in points
        )


def _gp_compare(claimed: Statement, points: Sequence, tol: str) -> tuple[list, tuple, object]:
    """Certified balls of \\widehat{x^n e^{−γx²}}(t) against the statement's right side (n substituted, sums and
    derivatives done; arb evaluator when it has one, else mpmath)."""
    rows, worst, excl = [], (0, None, None, None), None
    rhs_of: dict = {}  # the right side with n = k, worked out once per degree (SymPy's instance/doit is pure)
    for k, g, v in points:
        plain = type(k) is int and type(g) is str and type(v) is str  # else str(g) may depend on mpmath's precision
        ball = _gp_ball(k, g, v) if plain else fr.gaussian_polynomial_transform_certified(k, g, v)
        mid = mpmath.mpc(ball_mid(ball.real), ball_mid(ball.imag))
        if type(k) is not int:
            rhs_f = side_function(claimed, fixed={n_H: k})
        elif k in rhs_of:
            rhs_f = rhs_of[k]
        else:
            rhs_f = rhs_of[k] = side_function(claimed, fixed={n_H: k})
        rhs = rhs_f(to_mpf(g), to_mpf(v))
        e = rel_diff(mid, rhs) if abs(mid) > 1e-30 else abs(mid - rhs)
        outside = fr.arb_disjoint(ball, rhs)
        rows.append(
            {
                "n": k,
                "gamma": g,
                "t": v,
                "ball": fr.ball_str(ball, 18),
                "claimed": fmt(rhs),
                "rel_discrepancy": fmt(e, 3),
                "claimed_outside_ball": outside,
            }
        )
        if outside and excl is None:
            excl = (k, g, v, fr.ball_str(ball), fmt(rhs))
        if e > worst[0]:
            worst = (e, (k, g, v), mid, rhs)
    return rows, worst, excl


def check_gaussian_polynomial(
    claimed: Statement = GAUSSIAN_POLYNOMIAL, points: Sequence = _GP_POINTS, tol: str = "1e-20"
) -> Verdict:
    """\\widehat{x^n e^{−γx²}}(t): certified acb balls (finite range + proved Gaussian tail) at every point,
    mpmath quadrature of the definition at three points as an independent check; compared with the right side."""
    with mpmath.workdps(DPS):
        rows, worst, excl = _gp_compare(claimed, points, tol)
        correct = claimed.perturb(rhs=fr.GAUSSIAN_POLYNOMIAL_TRANSFORM)
        _, worst_corr, excl_corr = _gp_compare(correct, points, tol)
        quad_gap = _gp_quad_gap(((3, "0.3", "-0.7"), (5, "2.5", "0.45"), (4, "1", "0")), DPS)
        ev = dict(
            points=rows,
            quad_vs_closed_form_abs_gap=fmt(quad_gap, 3),
            tolerance=tol,
            **discrepancy_and_error(worst[0], worst_corr[0], AGAINST_CORRECTED),
            corrected_max_rel_error=fmt(worst_corr[0], 3),
            digits=DPS,
        )
        corrected_ok = worst_corr[0] < to_mpf(tol) and excl_corr is None and quad_gap < to_mpf("1e-20")
        if excl is not None or worst[0] > to_mpf(tol):
            k, g, v = worst[1]
            return refuted(
                "certified+numeric",
                f"for n = {k}, γ = {g}, t = {v} the transform is {fmt(worst[2], 12)} but the "
                f"claim gives {fmt(worst[3], 12)}: the last line drops the factor (π/√γ)^n of the chain rule",
                corrected=correct if corrected_ok else None,
                witness={
                    "n": k,
                    "gamma": g,
                    "t": v,
                    "transform": fmt(worst[2]),
                    "claimed": fmt(worst[3]),
                    "certified": excl,
                },
                **ev,
            )
        return verified("certified+numeric", f"inside the certified ball at all {len(points)} (n, γ, t)", **ev)


@decides("=")
def check_gaussian_polynomial_derivative(
    claimed: Statement = GAUSSIAN_POLYNOMIAL_DERIVATIVE,
    points: Sequence = tuple(p for p in _GP_POINTS if p[0] in (0, 1, 2, 5)),
    tol: str = "1e-20",
) -> Verdict:
    """Display (2, 27), third line: the right side with n substituted and the derivative done by SymPy (exact),
    against certified balls of the transform."""
    with mpmath.workdps(DPS):
        rows, worst, excl = _gp_compare(claimed, points, tol)
        ev = dict(
            points=rows,
            tolerance=tol,
            achieved_error=fmt(worst[0], 3),
            digits=DPS,
            note="the n-th derivative is taken exactly by SymPy before evaluation",
        )
        if worst[0] > to_mpf(tol) or excl is not None:
            k, g, v = worst[1]
            return refuted(
                "certified+numeric",
                f"for n = {k}, γ = {g}, t = {v}: transform {fmt(worst[2], 12)} vs claim {fmt(worst[3], 12)}",
                witness={"n": k, "gamma": g, "t": v, "transform": fmt(worst[2]), "claimed": fmt(worst[3])},
                **ev,
            )
        general = _derivative_form_for_every_n(claimed)
        ev["every_n"] = general
        checked = (f"the derivative form matches the certified transform at the {len(rows)} points (n, γ, t) checked, "
                   f"n ∈ {{{', '.join(sorted({str(p_[0]) for p_ in points}, key=int))}}}")
        if general["holds"]:
            return verified(
                "certified+numeric+symbolic",
                checked + "; for every n: " + general["argument"], **ev,
            )
        return inconclusive(  # verified at the points only: the display claims every n (referee ED, ED-10)
            "certified+numeric", checked + ", but not shown for every n: " + general["why"], **ev
        )


def _derivative_form_for_every_n(claimed: Statement) -> dict[str, Any]:
    r"""The display for every n ≥ 0 at once, where the claimed right side is the derivative form: with the transform
    ĥ(t) = ∫h(x)e^{−2πixt}dx, SymPy gives ĝ = √(π/γ)e^{−π²t²/γ} for g = e^{−γx²} (its integral), and the kernel
    identity x^n e^{−2πixt} = (i/2π)^n ∂_t^n e^{−2πixt} (∂_t^n e^{−2πixt} = (−2πix)^n e^{−2πixt} by induction, its
    step checked for a symbolic n, and (i/2π)^n(−2πix)^n = x^n for every integer n ≥ 0); differentiating under the
    integral sign (dominated by |x|^n e^{−γx²}, integrable) then gives \widehat{x^n g} = (i/2π)^n ĝ^{(n)}."""
    kernel = sp.exp(-2 * sp.pi * sp.I * x * t)
    g_hat = sp.simplify(sp.integrate(sp.exp(-gamma * x**2) * kernel, (x, -sp.oo, sp.oo)))
    derived = sp.sqrt(sp.pi / gamma) * (sp.I / (2 * sp.pi)) ** n_H * sp.Derivative(
        sp.exp(-(sp.pi**2) * t**2 / gamma), (t, n_H))
    g_hat_ok = sp.simplify(g_hat - sp.sqrt(sp.pi / gamma) * sp.exp(-(sp.pi**2) * t**2 / gamma)) == 0
    powers_ok = sp.powsimp((sp.I / (2 * sp.pi)) ** n_H * (-2 * sp.pi * sp.I * x) ** n_H, force=True) == x**n_H
    # ∂_t^n e^{−2πixt} = (−2πix)^n e^{−2πixt} for every n by induction: n = 0, and the step from j to j + 1 with j a
    # nonnegative integer symbol (referee EE, EE-8: it had been checked for n ≤ 8 only)
    j = sp.Symbol("j", integer=True, nonnegative=True)
    derivatives_ok = sp.simplify(sp.diff((-2 * sp.pi * sp.I * x) ** j * kernel, t)
                                 - (-2 * sp.pi * sp.I * x) ** (j + 1) * kernel) == 0
    form_ok = sp.simplify(claimed.rhs - derived) == 0
    out = {"g_hat": str(g_hat), "g_hat_is_the_closed_form": g_hat_ok, "kernel_powers_every_n": powers_ok,
           "kernel_derivatives_every_n": derivatives_ok, "claimed_is_the_derivative_form": form_ok,
           "holds": g_hat_ok and powers_ok and derivatives_ok and form_ok}
    out["argument"] = ("x^n e^{−2πixt} = (i/2π)^n ∂_t^n e^{−2πixt} (SymPy), ĝ = √(π/γ)e^{−π²t²/γ} (SymPy's integral), "
                       "and differentiation under the integral sign (dominated by |x|^n e^{−γx²}) give "
                       "\\widehat{x^n e^{−γx²}} = (i/2π)^n ĝ^{(n)}, the claimed right side")
    failed = [k for k in ("g_hat_is_the_closed_form", "kernel_powers_every_n", "kernel_derivatives_every_n")
              if not out[k]]
    out["why"] = ("the claimed right side is not the derivative form (i/2π)^n ĝ^{(n)}" if not form_ok else
                  "a step of the argument did not check: " + ", ".join(failed) if failed else
                  "every step checked (the base case n = 0 is the kernel's own closed form)")
    return out


def _shifted_gaussian_ball(a0: str, b0: str, x0: str):
    """A certified ball of the inverse transform of e^{−(at−b)²} at (a, b, x) = (a0, b0, x0) (acb.integral on
    [b/a − 12, b/a + 12], tail ≤ e^{−(12a)²}/(12a²)); a and b are read as python-flint balls at the ambient flint
    precision (as the check always did), the integral runs at its own 120 bits.

    It does not depend on the claimed statement: for decimal-string arguments it is remembered in-process, keyed on
    the strings and python-flint's precision (:func:`_shifted_gaussian_ball_at`), so the paper's, the corrected and
    each perturbed statement are compared with the same ball (acb is immutable)."""
    if all(type(v) is str for v in (a0, b0, x0)):
        return _shifted_gaussian_ball_at(a0, b0, x0, ctx.prec)
    return _shifted_gaussian_ball_at.__wrapped__(a0, b0, x0, ctx.prec)


@ball_cache(maxsize=16)
def _shifted_gaussian_ball_at(a0, b0, x0, flint_prec: int):
    """:func:`_shifted_gaussian_ball` at python-flint precision ``flint_prec`` (bits)."""
    with ctx.workprec(flint_prec):
        A, B = arb(a0), arb(b0)
        Lh = 12
        tail = (-((A * Lh) ** 2)).exp() / (A * A * Lh)
        return fr.inverse_gaussian_certified(
            lambda u: (-((A * u - B) ** 2)).exp(), x0, center=float(b0) / float(a0), half_width=Lh, tail=tail
        )


def check_shifted_gaussian_inverse(
    claimed: Statement = SHIFTED_GAUSSIAN_INVERSE,
    points: Sequence = (("2", "0.5", "0.3"), ("0.7", "-1.2", "-0.8"), ("1", "0.3", "0.5"), ("3", "2", "1.1")),
    tol: str = "1e-20",
) -> Verdict:
    """Inverse transform of e^{−(at−b)²} (a > 0) from the definition ∫ e^{−(at−b)²} e^{2πitx} dt (mpmath), and a
    certified ball at the first point (acb.integral on [b/a − L, b/a + L], tail ≤ e^{−(aL)²}/(a²L)) against the
    right side's arb ball."""
    with mpmath.workdps(DPS):
        pts = [tuple(to_mpf(v) for v in p) for p in points]
        lhs = {p: fr.shifted_gaussian_inverse_definition(*p, dps=DPS) for p in pts}
        rhs_f = side_function(claimed)
        correct = claimed.perturb(rhs=fr.SHIFTED_GAUSSIAN_INVERSE)
        rows, worst = compare_table(pts, lambda *p: lhs[p], rhs_f)
        _, worst_corr = compare_table(pts, lambda *p: lhs[p], side_function(correct))
        a0, b0, x0 = points[0]
        ball = _shifted_gaussian_ball(a0, b0, x0)
        cb = claimed_ball(claimed, *points[0])
        corrected_ok = worst_corr[0] < to_mpf(tol) and not balls_disjoint(ball, claimed_ball(correct, *points[0]))
        ev = dict(
            points=rows,
            certified_point=list(points[0]),
            certified_ball=fr.ball_str(ball),
            claimed_ball=fr.ball_str(cb),
            certified_excludes_claimed=balls_disjoint(ball, cb),
            tolerance=tol,
            **discrepancy_and_error(worst[0], worst_corr[0], AGAINST_CORRECTED),
            corrected_max_rel_error=fmt(worst_corr[0], 3),
            digits=DPS,
        )
        if worst[0] > to_mpf(tol) or balls_disjoint(ball, cb):
            e, p, left, right = worst
            return refuted(
                "numeric+certified",
                f"at (a, b, x) = {tuple(str(v) for v in p)} the inverse transform is "
                f"{fmt(left, 12)}, the claim gives {fmt(right, 12)}: the phase is 2πbx/a, not 2πbx (equal only for a "
                f"= 1)",
                corrected=correct if corrected_ok else None,
                witness={"a": str(p[0]), "b": str(p[1]), "x": str(p[2]), "inverse": fmt(left), "claimed": fmt(right)},
                **ev,
            )
        return verified("numeric+certified", "matches the definition at every (a, b, x) and the certified ball", **ev)


@functools.lru_cache(maxsize=1)
def _special_is_case_of_general() -> bool:
    """Is :data:`SHIFTED_GAUSSIAN_SPECIAL_CORRECT` the general (corrected) inverse at a = π/√γ, b = π√γ/(2η)?
    An exact SymPy check of two fixed expressions (independent of the claimed statement), remembered in-process."""
    general = fr.SHIFTED_GAUSSIAN_INVERSE.subs({a_scale: sp.pi / sp.sqrt(gamma), b: sp.pi * sp.sqrt(gamma) / (2 * eta)})
    return bool(sp.simplify(general - SHIFTED_GAUSSIAN_SPECIAL_CORRECT) == 0)


def check_shifted_gaussian_special(
    claimed: Statement = SHIFTED_GAUSSIAN_SPECIAL,
    points: Sequence = (("1", "1", "0.4"), ("0.5", "2", "-0.7"), ("2", "0.8", "1.3")),
    tol: str = "1e-20",
) -> Verdict:
    """Display (2, 42): inverse transform of e^{−[πt/√γ − π√γ/(2η)]²} from the definition vs the right side."""

    def lhs(g: mpmath.mpf, e: mpmath.mpf, u: mpmath.mpf) -> mpmath.mpc:
        a, bb = PI / mpmath.sqrt(g), PI * mpmath.sqrt(g) / (2 * e)
        return fr.shifted_gaussian_inverse_definition(a, bb, u, dps=DPS)

    with mpmath.workdps(DPS):
        pts = [tuple(to_mpf(v) for v in p) for p in points]
        cache = {p: lhs(*p) for p in pts}
        correct = claimed.perturb(rhs=SHIFTED_GAUSSIAN_SPECIAL_CORRECT)
        special_exact = _special_is_case_of_general()
        rows, worst = compare_table(pts, lambda *p: cache[p], side_function(claimed))
        _, worst_corr = compare_table(pts, lambda *p: cache[p], side_function(correct))
        ev = dict(
            points=rows,
            tolerance=tol,
            **discrepancy_and_error(worst[0], worst_corr[0], AGAINST_CORRECTED),
            corrected_max_rel_error=fmt(worst_corr[0], 3),
            corrected_is_special_case_of_general_exactly=special_exact,
            digits=DPS,
        )
        if worst[0] > to_mpf(tol):
            e, p, left, right = worst
            return refuted(
                "numeric",
                f"at (γ, η, x) = {tuple(str(v) for v in p)} the inverse transform is {fmt(left, 12)}, the "
                f"claim gives {fmt(right, 12)} (the phase must be iπγx/η)",
                corrected=correct if worst_corr[0] < to_mpf(tol) and special_exact else None,
                witness={
                    "gamma": str(p[0]),
                    "eta": str(p[1]),
                    "x": str(p[2]),
                    "inverse": fmt(left),
                    "claimed": fmt(right),
                },
                **ev,
            )
        return verified("numeric", "matches the definition at every (γ, η, x)", **ev)


# =============================================================================== the registry

_S = "Part 2, §3.3"
_R = r"t \in \mathbb{R}"
CLAIMS = [
    Claim(
        "fourier.sech",
        "Fourier transform of sech",
        f"{_S}, Step 2",
        SECH_TRANSFORM,
        _R,
        partial(check_sech_transform, SECH_TRANSFORM),
        depends_on=("fourier.sech-bound",),
        displays=((2, 29), (2, 32)),
        relations=((2, "P52", 1),),
    ),
    Claim(
        "fourier.sech-bound",
        "|sech x| ≤ 2e^{−|x|}",
        f"{_S}, Step 2",
        SECH_BOUND,
        r"x \in \mathbb{R}",
        partial(check_sech_bound, SECH_BOUND),
        displays=((2, 28),),
        relations=((2, "D28", 1), (2, "D28", 2)),
    ),
    Claim(
        "fourier.sech-residue",
        "Residue of 2cos(2πtz)/(e^z+e^{−z}) at iπ/2",
        f"{_S}, Step 2",
        SECH_RESIDUE,
        r"t \in \mathbb{R},\ R\ \text{large}",
        partial(check_sech_residue, SECH_RESIDUE),
        displays=((2, 30),),
        relations=((2, "D30", 1), (2, "D30", 2), (2, "D30", 3)),  # (2, 31) is fourier.step2-contour-sides
    ),
    Claim(
        "fourier.sech-convolution",
        "The convolution integral I(t)",
        f"{_S}, Step 2",
        SECH_CONVOLUTION,
        _R,
        partial(check_sech_convolution, SECH_CONVOLUTION),
        depends_on=("fourier.sech",),
        displays=((2, 33),),
    ),
    Claim(
        "fourier.sech-convolution-pv",
        "The principal-value antiderivative for I(t)",
        f"{_S}, Step 2",
        SECH_CONVOLUTION_PV,
        r"t \neq 0",
        partial(check_sech_convolution_pv, SECH_CONVOLUTION_PV),
        depends_on=("fourier.sech-convolution",),
        displays=((2, 34),),
    ),
    Claim(
        "fourier.tanh",
        "Fourier transform of tanh (distribution)",
        f"{_S}, Step 2",
        TANH_TRANSFORM,
        r"t \neq 0,\ \text{as a distribution}",
        partial(check_tanh_transform, TANH_TRANSFORM),
        relations=((2, "P54", 1),),
        depends_on=("fourier.sech-convolution",),
    ),
    Claim(
        "fourier.gaussian-polynomial",
        "Transform of x^n e^{−γx²}",
        f"{_S}, Step 1",
        GAUSSIAN_POLYNOMIAL,
        r"n \in \{0,\dots,5\},\ \gamma > 0,\ t \in \mathbb{R}",
        partial(check_gaussian_polynomial, GAUSSIAN_POLYNOMIAL),
        displays=((2, 27),),
    ),
    Claim(
        "fourier.gaussian-polynomial-derivative",
        "Transform of x^n e^{−γx²}, derivative form",
        f"{_S}, Step 1",
        GAUSSIAN_POLYNOMIAL_DERIVATIVE,
        r"n \in \{0,\dots,5\},\ \gamma > 0,\ t \in \mathbb{R}",
        partial(check_gaussian_polynomial_derivative, GAUSSIAN_POLYNOMIAL_DERIVATIVE),
        displays=((2, 27),),
        relations=((2, "D27", 4),),
    ),
    Claim(
        "fourier.shifted-gaussian-inverse",
        "Inverse transform of e^{−(at−b)²}",
        f"{_S}, Step 3",
        SHIFTED_GAUSSIAN_INVERSE,
        r"a > 0,\ b, x \in \mathbb{R}",
        partial(check_shifted_gaussian_inverse, SHIFTED_GAUSSIAN_INVERSE),
        displays=((2, 41),),
    ),
    Claim(
        "fourier.shifted-gaussian-inverse-special",
        "Inverse transform, the special case a = π/√γ",
        f"{_S}, Step 3",
        SHIFTED_GAUSSIAN_SPECIAL,
        r"\gamma, \eta > 0",
        partial(check_shifted_gaussian_special, SHIFTED_GAUSSIAN_SPECIAL),
        depends_on=("fourier.shifted-gaussian-inverse",),
        displays=((2, 42),),
    ),
]
