r"""Part 2, §3.3 (Theorem 6): the Fourier transforms and the certificate a(b), claim by claim.

Every checker takes the claimed statement as its first argument (a callable for the claimed side,
a SymPy expression, or a bound), computes the other side from its definition (mpmath quadrature
at ≥ 30 digits, python-flint certified balls, SymPy exact algebra) and compares. Refutations carry
a witness; a corrected statement is attached only when the same check verified it.

Fourier convention: ĥ(t) = ∫ h(x) e^{−2πitx} dx (the paper's). H_n are physicists' Hermite polynomials.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial

import mpmath
import sympy as sp
from flint import arb, ctx

from theorycheck import Claim, inconclusive, refuted, verified
from theorycheck.claims import Verdict
from theorycheck import certificate as cert
from theorycheck import fourier as fr

mp = mpmath
DPS = 30
PI = mpmath.pi


def _mpf(x):
    return mpmath.mpf(x)


def _s(x, n: int = 20) -> str:
    return mpmath.nstr(x, n)


def _rel(lhs, rhs):
    """|lhs − rhs| / max(|lhs|, 10^{−300})."""
    return abs(lhs - rhs) / max(abs(lhs), mpmath.mpf(10) ** -300)


def _mid(x) -> mpmath.mpf:
    """Midpoint of an arb ball as an mpf (40 digits)."""
    return mpmath.mpf(x.mid().str(40, radius=False))


def _table(points: Sequence, lhs: Callable, rhs: Callable) -> tuple[list, tuple]:
    """Evaluate both sides at every point; return rows and the worst (relative discrepancy, point, lhs, rhs)."""
    rows, worst = [], None
    for p in points:
        left, right = lhs(*p), rhs(*p)
        e = _rel(left, right)
        rows.append({"point": [str(v) for v in p], "lhs": _s(left), "claimed": _s(right), "rel_discrepancy": _s(e, 3)})
        if worst is None or e > worst[0]:
            worst = (e, p, left, right)
    return rows, worst


# =============================================================================== paper statements
# Each function below transcribes one displayed statement of Part 2 §3.3 as the paper writes it.

def paper_sech_transform(t):
    """Step 2 (display (2, 32) and the sentence after it): ŝech(t) = π sech(π²t)."""
    return PI * mpmath.sech(PI**2 * t)


def paper_sech_convolution(t):
    """Step 2, display (2, 34): I(t) = 4t csch(π²t) (limit 4/π² at t = 0)."""
    return 4 / PI**2 if t == 0 else 4 * t * mpmath.csch(PI**2 * t)


def paper_tanh_transform(t):
    """Step 2, last sentence: \\widehat{tanh}(t) = −4i csch(π²t)."""
    return -4j * mpmath.csch(PI**2 * t)


def paper_gaussian_polynomial(n, gamma, t):
    """Step 1, display (2, 27), last line: √(π/γ) (−i/2π)^n H_n(πt/√γ) e^{−π²t²/γ}."""
    g = _mpf(gamma)
    return mpmath.sqrt(PI / g) * (-1j / (2 * PI)) ** n * mpmath.hermite(n, PI * t / mpmath.sqrt(g)) \
        * mpmath.exp(-PI**2 * t**2 / g)


def paper_gaussian_polynomial_derivative(n, gamma, t):
    """Step 1, display (2, 27), third line: √(π/γ) (i/2π)^n dⁿ/dtⁿ e^{−π²t²/γ}."""
    return fr.gaussian_polynomial_transform_derivative_form(n, gamma, t)


def paper_shifted_gaussian_inverse(a, b, x):
    """Step 3, display (2, 41): inverse transform of e^{−(at−b)²} is (√π/a) e^{−π²x²/a² + i2πbx}."""
    return mpmath.sqrt(PI) / a * mpmath.exp(-PI**2 * x**2 / a**2 + 2j * PI * b * x)


def paper_shifted_gaussian_special(gamma, eta, x):
    """Step 3, display (2, 42): the inverse transform of e^{−[πt/√γ − π√γ/(2η)]²} is √(γ/π) e^{−γx² + iπ²√γ/η}."""
    g, e = _mpf(gamma), _mpf(eta)
    return mpmath.sqrt(g / PI) * mpmath.exp(-g * x**2 + 1j * PI**2 * mpmath.sqrt(g) / e)


_T, _G, _E = sp.symbols("t gamma eta", positive=True)
#: Step 3, display (2, 37): the right side of the completed square.
PAPER_COMPLETE_SQUARE_RHS = (sp.pi * _T / sp.sqrt(_G) - sp.pi * sp.sqrt(_G) / (2 * _E)) ** 2 - sp.pi**2 * _G / (4 * _E**2)

_X, _C = sp.symbols("X C", real=True)  # X = πt/√γ, C = π√γ/(2η)


def paper_hermite_shift(n: int) -> sp.Expr:
    """Step 3, display (2, 39), first line: (−1)^n Σ_k C(n,k) H_k(X − C) [−π√γ/η]^{n−k}, with π√γ/η = 2C."""
    return (-1) ** n * sum(sp.binomial(n, k) * sp.hermite(k, _X - _C) * (-2 * _C) ** (n - k) for k in range(n + 1))


def paper_hermite_shift_second_line(n: int) -> sp.Expr:
    """Step 3, display (2, 39), second line: Σ_k C(n,k) (−1)^k H_k(X − C) [π√γ/η]^{n−k}."""
    return sum(sp.binomial(n, k) * (-1) ** k * sp.hermite(k, _X - _C) * (2 * _C) ** (n - k) for k in range(n + 1))


def paper_delta_plus_completed(n, gamma, eta, t):
    """Step 3, display (2, 38): Δ^+_n = (π/√γ) e^{π²γ/4} (−i/2π)^n H_n(πt/√γ) e^{−[πt/√γ − π√γ/(2η)]²}."""
    g, e = _mpf(gamma), _mpf(eta)
    s = mpmath.sqrt(g)
    return PI / s * mpmath.exp(PI**2 * g / 4) * (-1j / (2 * PI)) ** n * mpmath.hermite(n, PI * t / s) \
        * mpmath.exp(-(PI * t / s - PI * s / (2 * e)) ** 2)


def _hermite(n: int, x):
    """Physicists' H_n(x) by the recurrence H_{k+1} = 2xH_k − 2kH_{k−1} (DLMF 18.9.1); agrees with mpmath.hermite."""
    prev, cur = 1, 2 * x
    if n == 0:
        return x * 0 + 1
    for k in range(1, n):
        prev, cur = cur, 2 * x * cur - 2 * k * prev
    return cur


def corrected_delta_plus_completed(n, gamma, eta, t):
    """Derived: display (2, 38) with e^{π²γ/(4η²)} in place of e^{π²γ/4}."""
    g, e = _mpf(gamma), _mpf(eta)
    s = mpmath.sqrt(g)
    return PI / s * mpmath.exp(PI**2 * g / (4 * e**2)) * (-1j / (2 * PI)) ** n * _hermite(n, PI * t / s) \
        * mpmath.exp(-(PI * t / s - PI * s / (2 * e)) ** 2)


def corrected_hermite_shift(n: int) -> sp.Expr:
    """H_n addition theorem (DLMF 18.18.ii): (−1)^n Σ_k C(n,k) H_k(X − C) (2C)^{n−k}."""
    return (-1) ** n * sum(sp.binomial(n, k) * sp.hermite(k, _X - _C) * (2 * _C) ** (n - k) for k in range(n + 1))


def delta_definition(sign: int, n, gamma, eta, t):
    """Step 3, displays (2, 36) and (2, 44) (the definitions): Δ^±_n(t) = (π/√γ)(−i/2π)^n H_n(πt/√γ) e^{−π²t²/γ ± π²t/η}."""
    g, e = _mpf(gamma), _mpf(eta)
    s = mpmath.sqrt(g)
    return PI / s * (-1j / (2 * PI)) ** n * _hermite(n, PI * t / s) * mpmath.exp(-PI**2 * t**2 / g + sign * PI**2 * t / e)


def paper_delta_inverse(sign: int, n, gamma, eta, x):
    """Step 3, displays (2, 43) and (2, 45): \\check{Δ^±_n}(x) = √(γ/π) e^{π²γ/4 − γx² ± iπ²√γ/η} [x ± i√γ/(2η)]^n."""
    g, e = _mpf(gamma), _mpf(eta)
    s = mpmath.sqrt(g)
    return mpmath.sqrt(g / PI) * mpmath.exp(PI**2 * g / 4 - g * x**2 + sign * 1j * PI**2 * s / e) \
        * (x + sign * 1j * s / (2 * e)) ** n


def corrected_delta_inverse(sign: int, n, gamma, eta, x):
    """Derived: \\check{Δ^±_n}(x) = √π (√γ/π)^n (x ∓ iπ/(2η))^n e^{−γ(x ∓ iπ/(2η))²}."""
    g, e = _mpf(gamma), _mpf(eta)
    w = x - sign * 1j * PI / (2 * e)
    return mpmath.sqrt(PI) * (mpmath.sqrt(g) / PI) ** n * w**n * mpmath.exp(-g * w**2)


def _sqrt(x):
    """√x for mpmath numbers and, exactly (as a ball), for python-flint ``arb``."""
    return x.sqrt() if isinstance(x, arb) else mpmath.sqrt(x)


def paper_window_identity(gamma):
    """Step 1, display (2, 25): E_x[(1 − e^{−γx²})²] = 1 − 2/√(1+2γ) + 1/√(1+4γ) (mpmath or arb argument)."""
    return 1 - 2 / _sqrt(1 + 2 * gamma) + 1 / _sqrt(1 + 4 * gamma)


def paper_window_intermediate(gamma):
    """Step 1, display (2, 25): the intermediate bound 1 − 1/√(1+2γ) (mpmath or arb argument)."""
    return 1 - 1 / _sqrt(1 + 2 * gamma)


def paper_window_bound(gamma):
    """Step 1, display (2, 25) and Theorem 6: the final bound 2γ."""
    return 2 * gamma


def paper_sup_bound(q, gamma, eta):
    """Theorem 6 / Step 4, display (2, 49): γ^{−(q−2)/2} η e^{π²γ/4} max(1, (γ/η)^{q−1})."""
    g, e = _mpf(gamma), _mpf(eta)
    return g ** (-(_mpf(q) - 2) / 2) * e * mpmath.exp(PI**2 * g / 4) * max(1, (g / e) ** (q - 1))


# =============================================================================== Fourier transforms

def check_sech_transform(claimed: Callable = paper_sech_transform,
                         ts: Sequence[str] = ("-0.7", "0", "0.3"),
                         certified_ts: Sequence[str] = ("0.3", "-1.1", "3"), tol: str = "1e-20") -> Verdict:
    """ŝech(t) from the definition 2∫_0^∞ sech x cos(2πtx) dx (mpmath, 30 digits) and certified acb balls
    (including large t = 3, where the value is ~1e-13 and a float csch/sech would lose it)."""
    with mpmath.workdps(DPS):
        tol_ = _mpf(tol)
        rows, worst = _table([(_mpf(t),) for t in ts], lambda t: fr.sech_transform_definition(t, dps=DPS), claimed)
        balls = {}
        disjoint = None
        for t in certified_ts:
            ball = fr.sech_transform_certified(t, prec=200)
            rhs = claimed(_mpf(t))
            balls[t] = {"ball": fr.ball_str(ball), "claimed": _s(rhs), "contains_claimed": fr.arb_contains(ball, rhs)}
            if not balls[t]["contains_claimed"] and disjoint is None:
                disjoint = t
        ev = dict(points=rows, certified=balls, tolerance=tol, achieved_error=_s(worst[0], 3), digits=DPS)
        if worst[0] > tol_ or disjoint is not None:
            e, p, left, right = worst
            return refuted("numeric+certified", f"the claimed transform differs from the definition at t = {p[0]} "
                           f"(relative discrepancy {_s(e, 3)} > {tol})" + (f"; certified ball at t = {disjoint} excludes it"
                                                                           if disjoint else ""),
                           witness={"t": str(p[0]), "lhs_definition": _s(left), "claimed": _s(right)},
                           corrected=r"\widehat{\operatorname{sech}}(t) = \pi\operatorname{sech}(\pi^2 t)"
                           if _ok_sech() else None, **ev)
        return verified("numeric+certified", f"matches the definition (mpmath) at t = {', '.join(ts)} to "
                        f"{_s(worst[0], 2)} relative, and lies in certified balls at t = {', '.join(certified_ts)}", **ev)


def _ok_sech() -> bool:
    """The correct ŝech (π sech π²t) against a certified ball: used before offering it as a correction."""
    ball = fr.sech_transform_certified("0.3")
    return fr.arb_contains(ball, fr.sech_transform(_mpf("0.3")))


def check_sech_bound(claimed_constant: str = "2") -> Verdict:
    """Display (2, 28): |sech x| = 2e^{−|x|}/(1 + e^{−2|x|}) ≤ C e^{−|x|} with C = 2 (used for the tail bounds).

    Exact: sech x · e^{|x|} = 2/(1 + e^{−2|x|}) is increasing in |x| with limit 2, so the best constant is 2.
    Numeric: the ratio at a grid of x up to 40 (certified arb values); the sup of the ratio is 2 (not attained).
    """
    C = arb(claimed_constant)
    old = ctx.prec
    ctx.prec = 120
    try:
        xs = ["0", "0.5", "1", "3", "10", "40"]
        ratios = {x: arb(x).exp() / arb(x).cosh() for x in xs}
        identity_ok = all(((1 / arb(x).cosh()) - 2 * (-arb(x)).exp() / (1 + (-2 * arb(x)).exp())).contains(0) for x in xs)
        bad = [x for x, r in ratios.items() if r > C]
        ev = dict(ratios={x: fr.ball_str(r) for x, r in ratios.items()}, identity_holds=identity_ok,
                  argument="sech(x)e^{|x|} = 2/(1+e^{-2|x|}) increases to 2 as |x| → ∞", tolerance="exact (arb balls)",
                  achieved_error="ball radii ≤ 1e-30")
        if bad:
            x = bad[0]
            return refuted("certified", f"sech(x)e^{{|x|}} at x = {x} is {fr.ball_str(ratios[x], 12)} > {claimed_constant}",
                           witness={"x": x, "ratio": fr.ball_str(ratios[x])}, **ev)
        if C < 2:  # ratio → 2 > C: a point with ratio > C exists even if the grid missed it
            xw = str(int(math.ceil(-0.5 * math.log((2 - float(C.mid())) / float(C.mid())))) + 1)
            r = (1 / arb(xw).cosh()) * arb(xw).exp()
            return refuted("certified", f"sech(x)e^{{|x|}} → 2 > {claimed_constant}; at x = {xw} it is {fr.ball_str(r, 12)}",
                           witness={"x": xw, "ratio": fr.ball_str(r)}, **ev)
        if not identity_ok:
            return refuted("certified", "the displayed identity fails", witness={"xs": xs}, **ev)
        return verified("certified", f"|sech x| ≤ {claimed_constant}e^{{−|x|}}: the identity holds and the ratio "
                        "2/(1+e^{−2|x|}) < 2 (checked in arb on a grid; monotone by the formula)", **ev)
    finally:
        ctx.prec = old


def check_sech_residue(claimed: Callable | None = None, ts: Sequence[str] = ("0", "0.2", "-0.45")) -> Verdict:
    r"""Display (2, 30): ∮_{C_R} 2cos(2πtz)/(e^z + e^{−z}) dz = 2πi Res_{iπ/2} g = π(e^{π²t} + e^{−π²t}); and the
    horizontal sides of display (2, 31): ∫_{−R}^{R} g(x)dx − ∫_{−R}^{R} g(x + iπ)dx = ((2 + e^{2π²t} + e^{−2π²t})/2) ∫_{−R}^{R} g(x)dx.

    The residue is numerator/(denominator)' at iπ/2 (the derivative by mpmath ``diff``) and the contour integral for
    R = 20 by quadrature along the four sides; both compared with the claimed value. (The vertical sides of
    display (2, 31) are garbled in the paper — e.g. e^{itx} for e^{ix} — and only their limit 0 is used.)
    """
    claimed = claimed or (lambda t: PI * (mpmath.exp(PI**2 * t) + mpmath.exp(-PI**2 * t)))
    with mpmath.workdps(20):
        rows, worst = [], (0, None, None, None)
        for t in ts:
            t = _mpf(t)
            g = lambda z: 2 * mpmath.cos(2 * PI * t * z) / (mpmath.exp(z) + mpmath.exp(-z))  # noqa: E731
            z0 = 1j * PI / 2
            # simple pole: Res = numerator / (denominator)'(z0), the derivative taken numerically
            res = 2 * mpmath.cos(2 * PI * t * z0) / mpmath.diff(lambda z: mpmath.exp(z) + mpmath.exp(-z), z0)
            R = 20
            sides = (mpmath.quad(g, [-R, 0, R]) + mpmath.quad(lambda y: g(R + 1j * y) * 1j, [0, PI])
                     - mpmath.quad(lambda x: g(x + 1j * PI), [-R, 0, R]) - mpmath.quad(lambda y: g(-R + 1j * y) * 1j, [0, PI]))
            rhs = claimed(t)
            bottom = mpmath.quad(g, [-R, 0, R])
            horizontal = bottom - mpmath.quad(lambda x: g(x + 1j * PI), [-R, 0, R])
            horizontal_claim = (2 + mpmath.exp(2 * PI**2 * t) + mpmath.exp(-2 * PI**2 * t)) / 2 * bottom
            e = max(_rel(2j * PI * res, rhs), _rel(sides, rhs), _rel(horizontal, horizontal_claim))
            rows.append({"t": str(t), "two_pi_i_residue": _s(2j * PI * res), "contour_R20": _s(sides), "claimed": _s(rhs),
                         "horizontal_sides": _s(horizontal), "display_31_horizontal": _s(horizontal_claim),
                         "rel_discrepancy": _s(e, 3)})
            if e > worst[0]:
                worst = (e, t, 2j * PI * res, rhs)
        ev = dict(points=rows, tolerance="1e-15 (the closed rectangle, vertical sides included, equals 2πi·Res exactly)",
                  achieved_error=_s(worst[0], 3), digits=20)
        if worst[0] > mpmath.mpf("1e-15"):
            return refuted("numeric", f"residue/contour value differs from the claim at t = {worst[1]}",
                           witness={"t": str(worst[1]), "computed": _s(worst[2]), "claimed": _s(worst[3])}, **ev)
        return verified("numeric", "2πi·Res and the rectangle contour integral (R = 20) both equal π(e^{π²t}+e^{−π²t}); the "
                        "horizontal sides combine as display (2, 31) says", **ev)


def check_sech_convolution(claimed: Callable = paper_sech_convolution,
                           ts: Sequence[str] = ("-0.6", "0", "0.05", "0.3", "1", "2"), tol: str = "1e-20") -> Verdict:
    """I(t) = ∫ sech(π²(t−y)) sech(π²y) dy from the definition (mpmath) and a certified ball at t = 0.3."""
    with mpmath.workdps(DPS):
        pts = [(_mpf(t),) for t in ts]
        lhs_cache = {p: fr.sech_convolution_definition(p[0], dps=DPS) for p in pts}
        rows, worst = _table(pts, lambda t: lhs_cache[(t,)], claimed)
        _, worst_corr = _table(pts, lambda t: lhs_cache[(t,)], fr.sech_convolution)
        ball = fr.sech_convolution_certified("0.3")
        rhs = claimed(_mpf("0.3"))
        # convolution theorem consistency: π² I(t) = \widehat{sech²}(t) (definition) at t = 0.3
        conv_thm = _rel(PI**2 * lhs_cache[(_mpf("0.3"),)], fr.sech2_transform_definition(_mpf("0.3")))
        ev = dict(points=rows, certified_t="0.3", certified_ball=fr.ball_str(ball), claimed_at_certified=_s(rhs),
                  certified_excludes_claimed=fr.arb_disjoint(ball, rhs), tolerance=tol, achieved_error=_s(worst[0], 3),
                  corrected_max_rel_error=_s(worst_corr[0], 3),
                  convolution_theorem_rel_error=_s(conv_thm, 3), digits=DPS)
        corrected_ok = worst_corr[0] < _mpf(tol) and fr.arb_contains(ball, fr.sech_convolution(_mpf("0.3")))
        if worst[0] > _mpf(tol) or fr.arb_disjoint(ball, rhs):
            e, p, left, right = worst
            return refuted("numeric+certified", f"at t = {p[0]} the integral is {_s(left, 12)} but the claim gives "
                           f"{_s(right, 12)} (ratio {_s(right / left, 6) if left else 'inf'}); I(t) = 2t csch(π²t)",
                           corrected=r"I(t) = \int_{\mathbb R}\operatorname{sech}(\pi^2(t-y))\operatorname{sech}(\pi^2 y)\,dy"
                                     r" = 2t\operatorname{csch}(\pi^2 t)" if corrected_ok else None,
                           witness={"t": str(p[0]), "integral": _s(left), "claimed": _s(right)}, **ev)
        return verified("numeric+certified", f"matches the integral at {len(ts)} points and the certified ball at t = 0.3", **ev)


def paper_sech_convolution_antiderivative(t, y):
    """Display (2, 34): F(y) = π^{−2} csch(π²t) ln(csch(π²y)/csch(π²(y−t)))."""
    return mpmath.csch(PI**2 * t) / PI**2 * mpmath.log(mpmath.csch(PI**2 * y) / mpmath.csch(PI**2 * (y - t)))


def corrected_sech_convolution_antiderivative(t, y):
    """Derived: F(y) = π^{−2} csch(π²t) ln(cosh(π²y)/cosh(π²(y−t))), from tanh u − tanh(u−a) = sinh a · sech u sech(u−a)."""
    return mpmath.csch(PI**2 * t) / PI**2 * mpmath.log(mpmath.cosh(PI**2 * y) / mpmath.cosh(PI**2 * (y - t)))


def check_sech_convolution_pv(claimed_antiderivative: Callable = paper_sech_convolution_antiderivative,
                              claimed_value: Callable = paper_sech_convolution, ts: Sequence[str] = ("0.3", "-0.8"),
                              tol: str = "1e-15") -> Verdict:
    r"""Display (2, 34): the antiderivative F(y) and its limits F(+∞) − F(−∞) = claimed_value(t).

    F'(y) (mpmath ``diff``) is compared with the integrand sech(π²(t−y))sech(π²y) at two points y, and
    F(Y) − F(−Y) for Y = 8 + |t| (the limits are reached to e^{−2π²·8}) with the claimed value and with the
    integral I(t) computed from its definition. (The paper's F differentiates to csch(π²(y−t))csch(π²y).)
    """
    with mpmath.workdps(DPS):
        rows, fail = [], None
        for t in ts:
            t = _mpf(t)
            F = partial(claimed_antiderivative, t)
            for y0 in (t + _mpf("0.37"), -_mpf("0.41") - abs(t)):
                dF = mpmath.diff(F, y0)
                sech_int = mpmath.sech(PI**2 * (t - y0)) * mpmath.sech(PI**2 * y0)
                csch_int = mpmath.csch(PI**2 * (y0 - t)) * mpmath.csch(PI**2 * y0)
                rows.append({"t": str(t), "y": _s(y0, 6), "dF_dy": _s(dF), "sech_integrand": _s(sech_int),
                             "csch_integrand": _s(csch_int)})
                if fail is None and _rel(sech_int, dF) > _mpf(tol):
                    fail = dict(rows[-1], part="F' is not the integrand")
            Y = 8 + abs(t)
            limit = F(Y) - F(-Y)
            integral = fr.sech_convolution_definition(t, dps=DPS)
            rows.append({"t": str(t), "F(+inf)-F(-inf)": _s(limit), "claimed": _s(claimed_value(t)), "I_definition": _s(integral)})
            if fail is None and (_rel(integral, limit) > _mpf(tol) or _rel(integral, claimed_value(t)) > _mpf(tol)):
                fail = dict(rows[-1], part="limits / value")
        ev = dict(points=rows, tolerance=tol, achieved_error="see rows", digits=DPS)
        if fail:
            return refuted("numeric", "the displayed antiderivative differentiates to csch(π²(y−t))csch(π²y), not the sech "
                           "product, and its limits give −2t csch(π²t); neither that nor 4t csch(π²t) is I(t) = 2t csch(π²t)"
                           if claimed_antiderivative is paper_sech_convolution_antiderivative else
                           f"fails: {fail['part']} at t = {fail['t']}",
                           corrected=r"I = \left.\frac{\operatorname{csch}(\pi^2 t)}{\pi^2}\ln\frac{\cosh(\pi^2 y)}{\cosh(\pi^2(y-t))}"
                                     r"\right|_{y=-\infty}^{\infty} = 2t\operatorname{csch}(\pi^2 t)"
                           if _antiderivative_ok() else None, witness=fail, **ev)
        return verified("numeric", "F' equals the integrand and F(∞) − F(−∞) equals the integral and the claimed value", **ev)


def _antiderivative_ok() -> bool:
    """The corrected antiderivative passes the same check (run with it)."""
    return check_sech_convolution_pv(corrected_sech_convolution_antiderivative, fr.sech_convolution, ts=("0.3",)).verdict == "verified"


def check_tanh_transform(claimed: Callable = paper_tanh_transform,
                         ts: Sequence[str] = ("-0.9", "-0.05", "0.02", "0.3"), certified_ts: Sequence[str] = ("0.3", "-2.5"),
                         tol: str = "1e-20") -> Verdict:
    """\\widehat{tanh}(t), t ≠ 0, as a principal-value distribution by two independent routes:
    (tanh − sign) + sign, and \\widehat{sech²}(t)/(2πit); plus a certified ball of the first at t = 0.3."""
    with mpmath.workdps(DPS):
        pts = [(_mpf(t),) for t in ts]
        pv = {p: fr.tanh_transform_definition(p[0], dps=DPS) for p in pts}
        via = {p: fr.tanh_transform_via_sech2(p[0], dps=DPS) for p in pts if abs(p[0]) < 1}
        route_gap = max(_rel(pv[p], via[p]) for p in via)
        rows, worst = _table(pts, lambda t: pv[(t,)], claimed)
        _, worst_corr = _table(pts, lambda t: pv[(t,)], fr.tanh_transform)
        # distribution pairing ⟨\hat{tanh}, ψ⟩ = ⟨tanh, \hat ψ⟩ with ψ(t) = t e^{−πt²}, \hat ψ(x) = −i x e^{−πx²}
        # (odd test function: the 1/t singularity of the transform is cancelled, no principal value needed)
        pair_true = -1j * 2 * mpmath.quad(lambda x: x * mpmath.tanh(x) * mpmath.exp(-PI * x**2), [0, 1, 3, mpmath.inf])
        pair_claim = 2 * mpmath.quad(lambda t: claimed(t) * t * mpmath.exp(-PI * t**2), [0, _mpf("0.1"), 1, 3, mpmath.inf])
        pair_err = _rel(pair_true, pair_claim)
        balls = {t: fr.tanh_minus_sign_certified(t, prec=200) for t in certified_ts}
        excluded = [t for t, b in balls.items() if fr.arb_disjoint(b, claimed(_mpf(t)))]
        corrected_ok = worst_corr[0] < _mpf(tol) and all(fr.arb_contains(b, fr.tanh_transform(_mpf(t))) for t, b in balls.items())
        ev = dict(points=rows, routes_max_rel_gap=_s(route_gap, 3),
                  pairing={"test_function": "t e^{-pi t^2}", "<tanh, psi_hat>": _s(pair_true), "<claimed, psi>": _s(pair_claim),
                           "rel_discrepancy": _s(pair_err, 3)},
                  certified={t: {"ball": fr.ball_str(b), "claimed": _s(claimed(_mpf(t)))} for t, b in balls.items()},
                  certified_excludes_claimed_at=excluded, tolerance=tol, achieved_error=_s(worst[0], 3),
                  corrected_max_rel_error=_s(worst_corr[0], 3), digits=DPS,
                  small_t_check="t·\\widehat{tanh}(t) → −i/π as t → 0 (the sign function's transform)")
        if route_gap > _mpf(tol):
            return inconclusive("numeric", "the two routes to \\widehat{tanh} disagree; cannot decide", **ev)
        if worst[0] > _mpf(tol) or excluded or pair_err > _mpf(tol):
            e, p, left, right = worst
            return refuted("numeric+certified", f"at t = {p[0]} the transform is {_s(left, 12)} but the claim gives "
                           f"{_s(right, 12)} (ratio {_s(mpmath.im(right) / mpmath.im(left), 8)}); certified balls exclude the "
                           f"claim at t = {', '.join(excluded) or 'none'}; the pairing with t e^{{−πt²}} is off by {_s(pair_err, 3)} relative; "
                           "\\widehat{tanh}(t) = −iπ csch(π²t)",
                           corrected=r"\widehat{\tanh}(t) = -i\pi\operatorname{csch}(\pi^2 t)\quad(t\neq0,\ \text{principal value})"
                           if corrected_ok else None,
                           witness={"t": str(p[0]), "transform": _s(left), "claimed": _s(right)}, **ev)
        return verified("numeric+certified", f"matches both routes at every t, the certified balls at t = {', '.join(certified_ts)}, "
                        "and the distribution pairing with t e^{−πt²}", **ev)


_GP_POINTS = [(n, g, t) for n in range(6) for g, t in (("0.3", "-0.7"), ("2.5", "0.45"), ("1", "0"))]


def check_gaussian_polynomial(claimed: Callable = paper_gaussian_polynomial, points: Sequence = _GP_POINTS,
                              tol: str = "1e-20") -> Verdict:
    """\\widehat{x^n e^{−γx²}}(t): certified acb balls (finite range + proved Gaussian tail) at every point,
    mpmath quadrature of the definition at three points as an independent check; compared with the claim."""
    with mpmath.workdps(DPS):
        balls, rows, worst, worst_corr, excl = {}, [], (0, None, None, None), 0, None
        for n, g, t in points:
            ball = fr.gaussian_polynomial_transform_certified(n, g, t)
            mid = mpmath.mpc(_mid(ball.real), _mid(ball.imag))
            rhs = claimed(n, _mpf(g), _mpf(t))
            e = _rel(mid, rhs) if abs(mid) > 1e-30 else abs(mid - rhs)
            ec = abs(mid - fr.gaussian_polynomial_transform(n, _mpf(g), _mpf(t)))
            worst_corr = max(worst_corr, ec)
            rows.append({"n": n, "gamma": g, "t": t, "ball": fr.ball_str(ball, 18), "claimed": _s(rhs),
                         "rel_discrepancy": _s(e, 3), "claimed_outside_ball": fr.arb_disjoint(ball, rhs)})
            if fr.arb_disjoint(ball, rhs) and excl is None:
                excl = (n, g, t, fr.ball_str(ball), _s(rhs))
            if e > worst[0]:
                worst = (e, (n, g, t), mid, rhs)
        quad_gap = max(abs(fr.gaussian_polynomial_transform_definition(n, _mpf(g), _mpf(t), dps=DPS)
                           - fr.gaussian_polynomial_transform(n, _mpf(g), _mpf(t))) for n, g, t in ((3, "0.3", "-0.7"), (5, "2.5", "0.45"), (4, "1", "0")))
        ev = dict(points=rows, quad_vs_closed_form_abs_gap=_s(quad_gap, 3), tolerance=tol,
                  achieved_error=_s(worst[0], 3), corrected_max_abs_error=_s(worst_corr, 3), digits=DPS)
        corrected_ok = worst_corr < _mpf("1e-20") and quad_gap < _mpf("1e-20")
        if excl is not None or worst[0] > _mpf(tol):
            n, g, t = worst[1]
            return refuted("certified+numeric", f"for n = {n}, γ = {g}, t = {t} the transform is {_s(worst[2], 12)} but the "
                           f"claim gives {_s(worst[3], 12)}: the last line drops the factor (π/√γ)^n of the chain rule",
                           corrected=r"\widehat{x^n e^{-\gamma x^2}}(t) = \sqrt{\frac{\pi}{\gamma}}\left(-\frac{i}{2\sqrt{\gamma}}"
                                     r"\right)^n H_n\!\left(\frac{\pi t}{\sqrt\gamma}\right)e^{-\pi^2 t^2/\gamma}" if corrected_ok else None,
                           witness={"n": n, "gamma": g, "t": t, "transform": _s(worst[2]), "claimed": _s(worst[3]),
                                    "certified": excl}, **ev)
        return verified("certified+numeric", f"inside the certified ball at all {len(points)} (n, γ, t), n = 0..5", **ev)


def check_shifted_gaussian_inverse(claimed: Callable = paper_shifted_gaussian_inverse,
                                   points: Sequence = (("2", "0.5", "0.3"), ("0.7", "-1.2", "-0.8"), ("1", "0.3", "0.5"),
                                                       ("3", "2", "1.1")), tol: str = "1e-20") -> Verdict:
    """Inverse transform of e^{−(at−b)²} (a > 0) from the definition ∫ e^{−(at−b)²} e^{2πitx} dt (mpmath), and a certified
    ball at the first point (acb.integral on [b/a − L, b/a + L], tail ≤ e^{−(aL)²}/(a²L))."""
    with mpmath.workdps(DPS):
        pts = [tuple(_mpf(v) for v in p) for p in points]
        lhs = {p: fr.shifted_gaussian_inverse_definition(*p, dps=DPS) for p in pts}
        rows, worst = _table(pts, lambda a, b, x: lhs[(a, b, x)], claimed)
        _, worst_corr = _table(pts, lambda a, b, x: lhs[(a, b, x)], fr.shifted_gaussian_inverse)
        a, b, x = points[0]
        A, B = arb(a), arb(b)
        Lh = 12
        tail = (-(A * Lh) ** 2).exp() / (A * A * Lh)
        ball = fr.inverse_gaussian_certified(lambda t: (-(A * t - B) ** 2).exp(), x, center=float(b) / float(a),
                                             half_width=Lh, tail=tail)
        rhs = claimed(*pts[0])
        corrected_ok = worst_corr[0] < _mpf(tol) and fr.arb_contains(ball, fr.shifted_gaussian_inverse(*pts[0]))
        ev = dict(points=rows, certified_point=list(points[0]), certified_ball=fr.ball_str(ball),
                  certified_excludes_claimed=fr.arb_disjoint(ball, rhs), tolerance=tol, achieved_error=_s(worst[0], 3),
                  corrected_max_rel_error=_s(worst_corr[0], 3), digits=DPS)
        if worst[0] > _mpf(tol) or fr.arb_disjoint(ball, rhs):
            e, p, left, right = worst
            return refuted("numeric+certified", f"at (a, b, x) = {tuple(str(v) for v in p)} the inverse transform is "
                           f"{_s(left, 12)}, the claim gives {_s(right, 12)}: the phase is 2πbx/a, not 2πbx (equal only for a = 1)",
                           corrected=r"\int_{\mathbb R} e^{-(at-b)^2} e^{2\pi i t x}\,dt = \frac{\sqrt\pi}{a}"
                                     r"e^{-\frac{\pi^2 x^2}{a^2} + \frac{2\pi i b x}{a}}\quad(a>0)" if corrected_ok else None,
                           witness={"a": str(p[0]), "b": str(p[1]), "x": str(p[2]), "inverse": _s(left), "claimed": _s(right)}, **ev)
        return verified("numeric+certified", "matches the definition at every (a, b, x) and the certified ball", **ev)


def check_shifted_gaussian_special(claimed: Callable = paper_shifted_gaussian_special,
                                   points: Sequence = (("1", "1", "0.4"), ("0.5", "2", "-0.7"), ("2", "0.8", "1.3")),
                                   tol: str = "1e-20") -> Verdict:
    """Display (2, 42): inverse transform of e^{−[πt/√γ − π√γ/(2η)]²} from the definition vs the paper's special case."""
    def lhs(g, e, x):
        a, b = PI / mpmath.sqrt(g), PI * mpmath.sqrt(g) / (2 * e)
        return fr.shifted_gaussian_inverse_definition(a, b, x, dps=DPS)

    def corrected(g, e, x):
        return mpmath.sqrt(g / PI) * mpmath.exp(-g * x**2 + 1j * PI * g * x / e)

    with mpmath.workdps(DPS):
        pts = [tuple(_mpf(v) for v in p) for p in points]
        cache = {p: lhs(*p) for p in pts}
        rows, worst = _table(pts, lambda *p: cache[p], claimed)
        _, worst_corr = _table(pts, lambda *p: cache[p], corrected)
        ev = dict(points=rows, tolerance=tol, achieved_error=_s(worst[0], 3), corrected_max_rel_error=_s(worst_corr[0], 3),
                  digits=DPS)
        if worst[0] > _mpf(tol):
            e, p, left, right = worst
            return refuted("numeric", f"at (γ, η, x) = {tuple(str(v) for v in p)} the inverse transform is {_s(left, 12)}, the "
                           f"claim gives {_s(right, 12)} (the phase must be iπγx/η; the display drops x and a factor √γ/π)",
                           corrected=r"\mathcal F^{-1}\left[e^{-\left(\frac{\pi t}{\sqrt\gamma}-\frac{\pi\sqrt\gamma}{2\eta}\right)^2}\right](x)"
                                     r" = \sqrt{\frac{\gamma}{\pi}}\,e^{-\gamma x^2 + i\pi\gamma x/\eta}"
                           if worst_corr[0] < _mpf(tol) else None,
                           witness={"gamma": str(p[0]), "eta": str(p[1]), "x": str(p[2]), "inverse": _s(left), "claimed": _s(right)},
                           **ev)
        return verified("numeric", "matches the definition at every (γ, η, x)", **ev)


def check_gaussian_polynomial_derivative(claimed: Callable = paper_gaussian_polynomial_derivative,
                                         points: Sequence = tuple(p for p in _GP_POINTS if p[0] in (0, 1, 2, 5)),
                                         tol: str = "1e-18") -> Verdict:
    """Display (2, 27), third line: \\widehat{x^n e^{−γx²}}(t) = √(π/γ)(i/2π)^n dⁿ/dtⁿ e^{−π²t²/γ}; the left side from certified balls."""
    with mpmath.workdps(DPS):
        rows, worst, excl = [], (0, None, None, None), None
        for n, g, t in points:
            ball = fr.gaussian_polynomial_transform_certified(n, g, t)
            mid = mpmath.mpc(_mid(ball.real), _mid(ball.imag))
            rhs = claimed(n, _mpf(g), _mpf(t))
            e = _rel(mid, rhs) if abs(mid) > 1e-30 else abs(mid - rhs)
            rows.append({"n": n, "gamma": g, "t": t, "ball": fr.ball_str(ball, 18), "claimed": _s(rhs), "rel_discrepancy": _s(e, 3)})
            if e > worst[0]:
                worst = (e, (n, g, t), mid, rhs)
        ev = dict(points=rows, tolerance=tol, achieved_error=_s(worst[0], 3), digits=DPS,
                  note="the derivative is taken numerically by mpmath.diff (~25 digits), hence the 1e-18 tolerance")
        if worst[0] > _mpf(tol):
            n, g, t = worst[1]
            return refuted("certified+numeric", f"for n = {n}, γ = {g}, t = {t}: transform {_s(worst[2], 12)} vs claim {_s(worst[3], 12)}",
                           witness={"n": n, "gamma": g, "t": t, "transform": _s(worst[2]), "claimed": _s(worst[3])}, **ev)
        return verified("certified+numeric", "the derivative form matches the certified transform at every (n, γ, t)", **ev)


# =============================================================================== Step 3 algebra

def check_complete_square(claimed_rhs: sp.Expr = PAPER_COMPLETE_SQUARE_RHS) -> Verdict:
    """Display (2, 37): π²t²/γ − π²t/η = claimed_rhs, by exact SymPy expansion (t, γ, η > 0)."""
    lhs = sp.pi**2 * _T**2 / _G - sp.pi**2 * _T / _E
    diff = sp.simplify(sp.expand(lhs - claimed_rhs))
    ev = dict(difference=str(diff), tolerance="exact", achieved_error="0" if diff == 0 else str(diff))
    if diff == 0:
        return verified("symbolic", "the two sides expand to the same expression", **ev)
    point = {_T: sp.Rational(1, 3), _G: sp.Rational(1, 2), _E: 2}
    corrected_ok = sp.simplify(sp.expand(lhs - PAPER_COMPLETE_SQUARE_RHS)) == 0
    return refuted("symbolic", f"the sides differ by {diff}", witness={"point": {str(k): str(v) for k, v in point.items()},
                                                                       "difference": str(diff.subs(point))},
                   corrected=r"\frac{\pi^2 t^2}{\gamma} - \frac{\pi^2 t}{\eta} = \left(\frac{\pi t}{\sqrt\gamma} - "
                             r"\frac{\pi\sqrt\gamma}{2\eta}\right)^2 - \frac{\pi^2\gamma}{4\eta^2}" if corrected_ok else None, **ev)


def check_delta_plus_completed(claimed: Callable = paper_delta_plus_completed,
                               points: Sequence = ((2, "0.5", "1", "0.3"), (3, "0.5", "2", "0.3"), (1, "1.5", "0.7", "-0.4")),
                               tol: str = "1e-25") -> Verdict:
    """Display (2, 38) against the definition (2, 36) of Δ^+_n, numerically (η = 1 and η ≠ 1)."""
    corrected = corrected_delta_plus_completed

    with mpmath.workdps(DPS):
        pts = [(n, _mpf(g), _mpf(e), _mpf(t)) for n, g, e, t in points]
        rows, worst = _table(pts, partial(delta_definition, 1), claimed)
        _, worst_corr = _table(pts, partial(delta_definition, 1), corrected)
        ev = dict(points=rows, tolerance=tol, achieved_error=_s(worst[0], 3), corrected_max_rel_error=_s(worst_corr[0], 3))
        if worst[0] > _mpf(tol):
            e_, p, left, right = worst
            return refuted("numeric", f"at (n, γ, η, t) = {tuple(str(v) for v in p)} the definition gives {_s(left, 12)}, the display "
                           f"{_s(right, 12)}: completing the square gives e^{{π²γ/(4η²)}}, not e^{{π²γ/4}} (equal only for η = 1)",
                           corrected=r"\Delta^+_n = \frac{\pi}{\sqrt\gamma}e^{\frac{\pi^2\gamma}{4\eta^2}}\left(-\frac{i}{2\pi}\right)^n"
                                     r"H_n\!\left(\frac{\pi t}{\sqrt\gamma}\right)e^{-\left[\frac{\pi t}{\sqrt\gamma}-\frac{\pi\sqrt\gamma}{2\eta}\right]^2}"
                           if worst_corr[0] < _mpf(tol) else None,
                           witness={"n": p[0], "gamma": str(p[1]), "eta": str(p[2]), "t": str(p[3]), "definition": _s(left),
                                    "claimed": _s(right)}, **ev)
        return verified("numeric", "the display equals the definition of Δ^+_n at every point", **ev)


def check_hermite_shift(claimed: Callable[[int], sp.Expr] = paper_hermite_shift, degrees: Sequence[int] = range(7)) -> Verdict:
    """Display (2, 39), first line: (−1)^n H_n(X) = claimed(n), X = πt/√γ, C = π√γ/(2η), exactly in SymPy for n = 0..6.

    Reference: H_n(x + y) = Σ_k C(n,k) H_k(x)(2y)^{n−k} (DLMF 18.18.ii, addition theorem) with x = X − C, y = C.
    Also reports whether the second line equals the first (the algebra between them).
    """
    failures, rows = [], []
    for n in degrees:
        lhs = (-1) ** n * sp.hermite(n, _X)
        d = sp.expand(lhs - claimed(n))
        lines_equal = sp.expand(paper_hermite_shift(n) - paper_hermite_shift_second_line(n)) == 0
        corrected = sp.expand(lhs - (-1) ** n * sum(sp.binomial(n, k) * sp.hermite(k, _X - _C) * (2 * _C) ** (n - k)
                                                   for k in range(n + 1))) == 0
        rows.append({"n": n, "difference": str(sp.factor(d)), "second_line_equals_first": lines_equal,
                     "corrected_holds": corrected})
        if d != 0:
            failures.append((n, d))
    ev = dict(degrees=list(degrees), rows=rows, tolerance="exact", achieved_error="0" if not failures else "nonzero polynomials")
    corrected_ok = all(r["corrected_holds"] for r in rows)
    if failures:
        n, d = failures[0]
        return refuted("symbolic", f"for n = {n} the sides differ by {sp.factor(d)} (C = π√γ/(2η)): the shift factor must be "
                       "[+π√γ/η]^{n−k}, not [−π√γ/η]^{n−k}",
                       corrected=r"(-1)^n H_n\!\left(\frac{\pi t}{\sqrt\gamma}\right) = (-1)^n\sum_{k=0}^n\binom{n}{k}"
                                 r"H_k\!\left(\frac{\pi t}{\sqrt\gamma}-\frac{\pi\sqrt\gamma}{2\eta}\right)\left[\frac{\pi\sqrt\gamma}{\eta}\right]^{n-k}"
                       if corrected_ok else None,
                       witness={"n": n, "difference": str(sp.factor(d)), "point": {"X": "1", "C": "1"},
                                "value": str(d.subs({_X: 1, _C: 1}))}, **ev)
    return verified("symbolic", f"exact identity for n = {min(degrees)}..{max(degrees)}", **ev)


def check_delta_inverse(claimed_plus: Callable = partial(paper_delta_inverse, 1),
                        claimed_minus: Callable = partial(paper_delta_inverse, -1),
                        points: Sequence = ((1, "0.5", "2", "-0.4"), (2, "1", "0.8", "0.6")),
                        tol: str = "1e-20") -> Verdict:
    """Displays (2, 43) and (2, 45): \\check{Δ^±_n}(x) from the definitions (2, 36)/(2, 44) by quadrature vs the displays."""
    with mpmath.workdps(DPS):
        rows, worst, worst_corr = [], (0, None), 0
        for sign, claimed in ((1, claimed_plus), (-1, claimed_minus)):
            for n, g, e, x in points:
                g_, e_, x_ = _mpf(g), _mpf(e), _mpf(x)
                center = sign * g_ / (2 * e_)
                lhs = fr.inverse_transform_definition(lambda t: delta_definition(sign, n, g_, e_, t), x_,
                                                      scale=mpmath.sqrt(g_) / PI, center=center, dps=DPS)
                rhs = claimed(n, g_, e_, x_)
                err = _rel(lhs, rhs)
                worst_corr = max(worst_corr, _rel(lhs, corrected_delta_inverse(sign, n, g_, e_, x_)))
                rows.append({"sign": "+" if sign > 0 else "-", "n": n, "gamma": g, "eta": e, "x": x, "inverse": _s(lhs),
                             "claimed": _s(rhs), "rel_discrepancy": _s(err, 3)})
                if err > worst[0]:
                    worst = (err, rows[-1])
        ev = dict(points=rows, tolerance=tol, achieved_error=_s(worst[0], 3), corrected_max_rel_error=_s(worst_corr, 3), digits=DPS)
        if worst[0] > _mpf(tol):
            w = worst[1]
            return refuted("numeric", f"\\check{{Δ^{w['sign']}_{w['n']}}} at γ = {w['gamma']}, η = {w['eta']}, x = {w['x']} is {w['inverse']}, "
                           f"the display gives {w['claimed']} (the display lost the factor (√γ/π)^n, the η in e^{{π²γ/(4η²)}}, the "
                           "x in the phase and the shift iπ/(2η))",
                           corrected=r"\check{\Delta}^{\pm}_n(x) = \sqrt{\pi}\left(\frac{\sqrt\gamma}{\pi}\right)^n\left(x \mp \frac{i\pi}{2\eta}\right)^n"
                                     r"e^{-\gamma\left(x\mp\frac{i\pi}{2\eta}\right)^2}" if worst_corr < _mpf(tol) else None,
                           witness=worst[1], **ev)
        return verified("numeric", "both inverse transforms match the displays", **ev)


# =============================================================================== the closed form of a(b)φ(b)

#: Test polynomials f (degree 1–5, neither even nor odd, so every reading is distinguished).
CERT_POLYS = ("x + 1/2", "x^2 - x/3 + 1/5", "x^3 - 2*x + 1/4", "x^4 + x^3/2 - x", "x^5 - x^2 + 2/3*x")
CERT_PARAMS = (("1", "1"), ("0.5", "2"), ("2", "0.75"), ("0.25", "0.5"))
CERT_ZS = ("0.3", "-1.2", "2")


def check_closed_form(claimed_family: Callable = cert.paper_a_phi_function, polys: Sequence[str] = CERT_POLYS,
                      params: Sequence = CERT_PARAMS, zs: Sequence[str] = CERT_ZS, tol: str = "1e-20") -> Verdict:
    r"""Does the claimed a(b)φ(b) reconstruct f_γ? Every reading of :data:`theorycheck.certificate.READINGS` is tried.

    The reconstruction ∫ g(b) tanh(·) db is a certified acb ball (``acb.integral`` + proved Gaussian tail), for every
    f of degree 1–5, (γ, η) and z; mpmath quadrature at 30 digits repeats two of them independently. The corrected
    closed form (1/π) Im f_γ((iπ/2 − b)/η) is run through the same check.
    """
    def run(family, form_name, readings=tuple(cert.READINGS)):
        per_reading = {}
        for reading in readings:
            mode, flipped, desc = cert.READINGS[reading]
            worst, witness, certified_bad = _mpf(0), None, False
            for f in polys:
                for g, e in params:
                    for z in zs:
                        if form_name == "claimed":
                            val, target = _claimed_ball(family, f, g, e, z, mode, flipped)
                        else:
                            val, target = cert.certified_reconstruction(f, g, e, z, form="corrected", mode=mode, flipped=flipped)
                        old_prec = ctx.prec
                        ctx.prec = 200  # subtract the balls at full precision (not the default 53 bits)
                        try:
                            diff = val - target
                        finally:
                            ctx.prec = old_prec
                        mid = abs(_mid(diff.real))
                        rad = float(diff.real.rad())
                        disjoint = not diff.real.contains(0)
                        mid = mid + _mpf(rad)  # |residual| ≤ |mid| + radius: a certified upper bound
                        if mid > worst:
                            worst = mid
                            witness = {"f": f, "gamma": g, "eta": e, "z": z, "reconstruction": fr.ball_str(val.real),
                                       "f_gamma_z": fr.ball_str(target.real), "certified_disjoint": disjoint,
                                       "ball_radius": f"{rad:.2e}"}
                        certified_bad |= disjoint
                        if form_name == "claimed" and disjoint and mid > 1e-3:
                            break  # this reading already fails with a certified witness
                    else:
                        continue
                    break
                else:
                    continue
                break
            per_reading[reading] = {"description": desc, "max_abs_residual": _s(worst, 3), "certified_mismatch": certified_bad,
                                    "holds": (not certified_bad) and worst < _mpf(tol), "worst": witness,
                                    "note": "max_abs_residual is a certified upper bound |mid| + radius"}
        return per_reading

    with mpmath.workdps(DPS):
        claimed_res = run(claimed_family, "claimed")
        corrected_res = run(None, "corrected", readings=("plus",))  # the corrected form is for Theorem 6's reading
        # independent mpmath quadrature of the corrected form (reading plus) and of the claim (reading plus)
        f0, (g0, e0) = polys[-1], params[min(2, len(params) - 1)]
        quad_corr = cert.reading_residuals(cert.corrected_a_phi_function, f0, g0, e0, ["0.3"], scale=_mpf(e0) / mpmath.sqrt(_mpf(g0)),
                                           dps=DPS, readings=("plus",))["plus"][0]
        g1, e1 = params[min(1, len(params) - 1)]
        quad_claim = cert.reading_residuals(claimed_family, polys[0], g1, e1, ["0.3"],
                                            scale=max(_mpf(e1), 1) / mpmath.sqrt(_mpf(g1)), dps=25, readings=("plus",))["plus"][0]
        corrected_ok = corrected_res["plus"]["holds"] and abs(quad_corr[3]) < _mpf(tol)
        ev = dict(readings=claimed_res, corrected_readings=corrected_res,
                  quad_check_corrected={"f": f0, "gamma": g0, "eta": e0, "z": "0.3", "residual": _s(quad_corr[3], 3)},
                  quad_check_claimed={"f": polys[0], "gamma": g1, "eta": e1, "z": "0.3",
                                      "reconstruction": _s(quad_claim[1]), "f_gamma": _s(quad_claim[2])},
                  polynomials=list(polys), params=[list(p) for p in params], zs=list(zs), tolerance=tol,
                  achieved_error=min((r["max_abs_residual"] for r in claimed_res.values()), key=lambda s: float(s)), digits=DPS)
        holding = [r for r, v in claimed_res.items() if v["holds"]]
        if holding:
            return verified("certified+numeric", f"the closed form reconstructs f_γ under the reading(s) {', '.join(holding)} "
                            f"for every f (degree 1–5), (γ, η), z", **ev)
        first = next(iter(claimed_res.values()))
        return refuted("certified+numeric", "under none of the readings (σ(ηz+b); σ(ηz−b); f → −f(−x); σ(η(z−b))) does the closed "
                       "form reconstruct f_γ (certified disjoint balls); the corrected form (1/π) Im f_γ((iπ/2 − b)/η) does, "
                       f"to < {tol} for every f of degree 1–5, (γ, η) and z",
                       corrected=cert.CORRECTED_LATEX if corrected_ok else None, witness=first["worst"], **ev)


def _claimed_ball(family, f, g, e, z, mode, flipped):
    """Certified reconstruction for a claimed family: the paper's own form has a certified evaluator; any other
    claimed family (tests' perturbations) is integrated by mpmath at 30 digits (not certified: radius set to 1e-25,
    the size of mpmath's quadrature error on these smooth integrands)."""
    if family is cert.paper_a_phi_function:
        return cert.certified_reconstruction(f, g, e, z, form="paper", mode=mode, flipped=flipped, prec=80)
    if family is cert.corrected_a_phi_function:
        return cert.certified_reconstruction(f, g, e, z, form="corrected", mode=mode, flipped=flipped)
    pf = cert.parse_polynomial(f)
    src = cert.flip(pf) if flipped else pf
    gfun = family(src, _mpf(g), _mpf(e))
    rec = cert.reconstruct(gfun, _mpf(e), _mpf(z), scale=max(_mpf(e), 1) / mpmath.sqrt(_mpf(g)), mode=mode, dps=30,
                           degree=pf.degree)
    target = cert.f_gamma(pf, _mpf(g), _mpf(z))
    from flint import acb
    old = ctx.prec
    ctx.prec = 200
    try:
        return acb(arb(mpmath.nstr(rec, 35), "1e-25")), acb(arb(mpmath.nstr(target, 35)))
    finally:
        ctx.prec = old


def paper_fourier_a_phi(f, gamma, eta, t):
    """Display (2, 35): \\widehat{aφ}(t) = η(i/8)√(π/γ) Σ c_n (−i/2π)^n H_n(πt/√γ) e^{−π²t²/γ}(e^{π²t/η} − e^{−π²t/η})."""
    g, e = _mpf(gamma), _mpf(eta)
    cs = cert._coeffs(f)
    s = sum(c * (-1j / (2 * PI)) ** n * _hermite(n, PI * t / mpmath.sqrt(g)) for n, c in enumerate(cs))
    return e * 1j / 8 * mpmath.sqrt(PI / g) * s * mpmath.exp(-PI**2 * t**2 / g) * (mpmath.exp(PI**2 * t / e) - mpmath.exp(-PI**2 * t / e))


def corrected_fourier_a_phi(f, gamma, eta, t):
    """Derived, reading (aφ * σ_η)(z) = f_γ(z) of display (2, 27): \\widehat{aφ}(t) = (iη/π) sinh(π²t/η) \\hat f_γ(t)."""
    g, e = _mpf(gamma), _mpf(eta)
    fh = sum(c * fr.gaussian_polynomial_transform(n, g, t) for n, c in enumerate(cert._coeffs(f)))
    return 1j * e / PI * mpmath.sinh(PI**2 * t / e) * fh


def check_fourier_a_phi(claimed: Callable = paper_fourier_a_phi,
                        points: Sequence = (("x^2 - x/3 + 1/5", "0.5", "2", "-0.3"), ("x + 1/2", "1", "1", "0.2")),
                        tol: str = "1e-20") -> Verdict:
    r"""Display (2, 35): the transform of a·φ. The left side is the transform, from the definition (a certified acb ball),
    of the a·φ that actually solves the equation the paper transforms, under two readings: ``scaled``
    (aφ * σ_η = f_γ, display 27 literally; a·φ = (η/π) Im f_γ(x + iπ/(2η))) and ``minus`` (E_b[a(b)σ(ηz − b)] = f_γ(z);
    a·φ = (1/π) Im f_γ((b + iπ/2)/η)). Each a·φ is first confirmed to reconstruct f_γ at one z (mpmath, 30 digits)."""
    families = {"scaled": (cert.corrected_a_phi_scaled_function, "scaled", lambda g, e: 1 / mpmath.sqrt(g)),
                "minus": (cert.corrected_a_phi_minus_function, "minus", lambda g, e: e / mpmath.sqrt(g))}
    with mpmath.workdps(DPS):
        per, recon = {}, {}
        for name, (fam, mode, scale) in families.items():
            rows, worst, worst_corr = [], (0, None), 0
            for f, g, e, t in points:
                G, E, T = _mpf(g), _mpf(e), _mpf(t)
                h = fam(f, G, E)
                if not recon.setdefault(name, {}):  # confirm the family once (cert.closed-form checks it widely)
                    r = cert.reconstruct(h, E, _mpf("0.3"), scale=scale(G, E), mode=mode, dps=DPS)
                    recon[name][(f, g, e)] = _s(abs(r - cert.f_gamma(f, G, _mpf("0.3"))), 3)
                ball = cert.certified_transform_a_phi(f, g, e, t, reading=name)
                lhs = mpmath.mpc(_mid(ball.real), _mid(ball.imag))
                rhs = claimed(f, G, E, T)
                outside = fr.arb_disjoint(ball, rhs)
                err = _rel(lhs, rhs)
                if name == "scaled":
                    worst_corr = max(worst_corr, _rel(lhs, corrected_fourier_a_phi(f, G, E, T)))
                rows.append({"f": f, "gamma": g, "eta": e, "t": t, "transform": fr.ball_str(ball), "claimed": _s(rhs), "rel": _s(err, 3),
                             "certified_excludes_claimed": outside})
                if err > worst[0]:
                    worst = (err, rows[-1])
            per[name] = {"rows": rows, "max_rel": _s(worst[0], 3), "holds": worst[0] < _mpf(tol), "worst": worst[1],
                         **({"corrected_max_rel": _s(worst_corr, 3)} if name == "scaled" else {})}
        ev = dict(readings=per, reconstruction_residual_at_z_0_3={k: {str(kk): vv for kk, vv in v.items()} for k, v in recon.items()},
                  tolerance=tol, achieved_error=min(per["scaled"]["max_rel"], per["minus"]["max_rel"], key=float), digits=DPS)
        holding = [k for k, v in per.items() if v["holds"]]
        if holding:
            return verified("certified+numeric", f"matches the transform of the reconstructing a·φ under the reading(s) {', '.join(holding)}", **ev)
        corrected_ok = _mpf(per["scaled"]["corrected_max_rel"]) < _mpf(tol)
        return refuted("certified+numeric", "under neither reading is the display the transform of an a·φ that reconstructs f_γ: it carries "
                       "i/8 (from −4i csch) instead of i/π and the wrong Gaussian-polynomial transform",
                       corrected=r"\widehat{a\cdot\phi}(t) = \frac{i\eta}{\pi}\sinh\!\left(\frac{\pi^2 t}{\eta}\right)\widehat{f_\gamma}(t)"
                                 r"\quad\text{for } (a\phi\star\sigma_\eta)(z) = f_\gamma(z)" if corrected_ok else None,
                       witness=per["scaled"]["worst"], **ev)


# =============================================================================== Step 4: the sup bound

def _fit(xs, ys):
    """Least-squares slope of ys on xs with its standard error."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    resid = [y - my - slope * (x - mx) for x, y in zip(xs, ys)]
    se = math.sqrt(sum(r * r for r in resid) / max(n - 2, 1) / sxx)
    return slope, se


def proved_sup_bound(coefficients: Sequence, gamma, eta):
    r"""A proved upper bound on sup_b |a(b)φ(b)| for the corrected a (f = Σ c_n x^n):
    (1/π) e^{π²γ/(4η²)} Σ_n |c_n| 2^n max[(n/(2eγ))^{n/2}, (π/(2η))^n].

    Proof: |aφ(b)| ≤ |f_γ(w)|/π with w = (iπ/2 − b)/η; |e^{−γw²}| = e^{π²γ/(4η²)} e^{−γb²/η²};
    |w|^n ≤ 2^n max(|b|/η, π/(2η))^n; and sup_b e^{−γb²/η²}(|b|/η)^n = (n/(2eγ))^{n/2}.
    """
    g, e = mpmath.mpf(gamma), mpmath.mpf(eta)
    total = 0
    for n, c in enumerate(coefficients):
        if c:
            first = (n / (2 * mpmath.e * g)) ** (mpmath.mpf(n) / 2) if n else mpmath.mpf(1)
            total += abs(mpmath.mpf(c)) * 2**n * max(first, (PI / (2 * e)) ** n)
    return mpmath.exp(PI**2 * g / (4 * e**2)) / PI * total


PROVED_SUP_BOUND_LATEX = (r"\sup_b|a(b)\phi(b)| \le \frac{e^{\pi^2\gamma/(4\eta^2)}}{\pi}\sum_{n=0}^{q}|c_n|\,2^n"
                          r"\max\left[\left(\frac{n}{2e\gamma}\right)^{n/2},\left(\frac{\pi}{2\eta}\right)^{n}\right]"
                          r"\ \text{for the } a \text{ with } \mathbb E_b[a(b)\tanh(\eta z+b)] = f_\gamma(z)")


def check_sup_bound(claimed_bound: Callable = paper_sup_bound, degrees: Sequence[int] = (1, 2, 3, 4, 5),
                    gammas: Sequence[float] = tuple(10 ** (-k / 2) for k in range(2, 12)), eta: float = 1.0,
                    etas: Sequence[float] = (4, 2, 1, 0.5, 0.35, 0.25), gamma_for_eta: float = 1.0) -> Verdict:
    r"""Measure sup_b |a(b)φ(b)| for the a that reconstructs f_γ (the corrected closed form; the paper's does not
    reconstruct) with f = x^q, q = 1..5, on a grid of γ → 0 (η fixed) and of η (γ fixed); fit log-log slopes.

    Refuted when the ratio sup / claimed bound grows without limit: a fitted γ-exponent of the ratio that is
    negative by more than 10 standard errors and more than 0.1, with the ratio growing over ≥ 2 decades, or a
    ratio growing by more than 10 decades along the η grid. Inconclusive otherwise (an asymptotic ≲ cannot be
    verified numerically). Exact fact used as a certified witness: the corrected a gives
    a(0)φ(0) = (1/π) e^{π²γ/(4η²)} Im f(iπ/(2η)), which for f = x is e^{π²γ/(4η²)}/(2η).
    """
    rows_gamma, fits, violation = {}, {}, None
    proved_worst = -math.inf  # max over the grids of log10(sup / proved bound): must be ≤ 0
    for q in degrees:
        f = [0] * q + [1]
        logs_sup, logs_claim, logs_ratio, lg = [], [], [], []
        for g in gammas:
            gfun = cert.corrected_a_phi_function(f, mpmath.mpf(g), mpmath.mpf(eta))
            sup, arg = cert.sup_abs(gfun, scale=mpmath.mpf(eta) / mpmath.sqrt(g))
            bound = claimed_bound(q, mpmath.mpf(g), mpmath.mpf(eta))
            lg.append(math.log10(g))
            logs_sup.append(float(mpmath.log10(sup)))
            logs_claim.append(float(mpmath.log10(bound)))
            logs_ratio.append(logs_sup[-1] - logs_claim[-1])
            proved_worst = max(proved_worst, logs_sup[-1] - float(mpmath.log10(proved_sup_bound(f, g, eta))))
        tail = slice(len(gammas) // 2, None)  # the small-γ half
        s_sup, se_sup = _fit(lg[tail], logs_sup[tail])
        s_claim, _ = _fit(lg[tail], logs_claim[tail])
        s_ratio, se_ratio = _fit(lg[tail], logs_ratio[tail])
        drift = abs(_fit(lg[tail][:3], logs_sup[tail][:3])[0] - _fit(lg[tail][-3:], logs_sup[tail][-3:])[0])
        unc = se_sup + drift
        fits[q] = {"measured_gamma_exponent": round(s_sup, 4), "uncertainty": f"{unc:.1e}",
                   "claimed_gamma_exponent_fitted": round(s_claim, 4), "ratio_exponent": round(s_ratio, 4),
                   "log10_ratio_range": [round(min(logs_ratio), 2), round(max(logs_ratio), 2)],
                   "predicted_exponent": -(q - 1) / 2}
        # side evidence: how the paper's own (non-reconstructing) closed form scales
        paper_logs = []
        for g in gammas[tail]:
            pfun = cert.paper_a_phi_function(f, mpmath.mpf(g), mpmath.mpf(eta))
            paper_logs.append(float(mpmath.log10(cert.sup_abs(pfun, scale=1 / mpmath.sqrt(g), points=121)[0])))
        fits[q]["paper_form_gamma_exponent"] = round(_fit(lg[tail], paper_logs)[0], 4)
        rows_gamma[q] = [{"gamma": f"{g:.3g}", "log10_sup": round(s, 6), "log10_claimed": round(c, 6)}
                         for g, s, c in zip(gammas, logs_sup, logs_claim)]
        grows = logs_ratio[-1] - min(logs_ratio) >= 2
        if violation is None and s_ratio < -0.1 and -s_ratio > 10 * (se_ratio + drift) and grows:
            violation = ("gamma", q, gammas[-1], logs_ratio[-1], s_sup, unc, s_claim)
    # η sweep, f = x^q, γ fixed
    rows_eta = {}
    eta_violation = None
    for q in degrees:
        f = [0] * q + [1]
        rr = []
        for e in etas:
            gfun = cert.corrected_a_phi_function(f, mpmath.mpf(gamma_for_eta), mpmath.mpf(e))
            sup, _ = cert.sup_abs(gfun, scale=mpmath.mpf(e) / mpmath.sqrt(gamma_for_eta))
            sup = max(sup, abs(gfun(mpmath.mpf(0))))
            lr = float(mpmath.log10(sup) - mpmath.log10(claimed_bound(q, mpmath.mpf(gamma_for_eta), mpmath.mpf(e))))
            rr.append({"eta": e, "log10_sup": round(float(mpmath.log10(sup)), 4), "log10_ratio": round(lr, 4)})
            proved_worst = max(proved_worst, float(mpmath.log10(sup) - mpmath.log10(proved_sup_bound(f, gamma_for_eta, e))))
        rows_eta[q] = rr
        if eta_violation is None and rr[-1]["log10_ratio"] - min(r["log10_ratio"] for r in rr) > 10:
            eta_violation = (q, rr[-1])
    # certified witness value for q = 1 at the smallest η: a(0)φ(0) = e^{π²γ/(4η²)}/(2η)
    old = ctx.prec
    ctx.prec = 100
    try:
        G, E = arb(str(gamma_for_eta)), arb(str(etas[-1]))
        a0 = (arb.pi() ** 2 * G / (4 * E * E)).exp() / (2 * E)
        witness_ball = fr.ball_str(a0)
    finally:
        ctx.prec = old
    ev = dict(eta_fixed=eta, gamma_fits=fits, gamma_grid=rows_gamma, eta_grid=rows_eta, gamma_for_eta_sweep=gamma_for_eta,
              certified_a0_phi0_q1=witness_ball, tolerance="violation: ratio exponent < −0.1 by > 10σ over ≥ 2 decades; or "
              "> 10 decades of ratio growth along η", achieved_error=str({q: fits[q]["uncertainty"] for q in fits}),
              note="sup measured for the corrected a (the unique integrable a with E_b[a(b)tanh(ηz+b)] = f_γ(z)); "
                   "the paper's closed form does not reconstruct f_γ (cert.closed-form)",
              proved_bound_max_log10_ratio_on_grids=round(proved_worst, 4))
    measured_ok = all(abs(fits[q]["measured_gamma_exponent"] + (q - 1) / 2) < 0.01 for q in fits)
    corrected = PROVED_SUP_BOUND_LATEX if proved_worst <= 0 and measured_ok else None
    if violation or eta_violation:
        parts = []
        if violation:
            _, q, g, lr, s, unc, sc = violation
            parts.append(f"for f = x^{q}, η = {eta}: sup|aφ| ~ γ^{{{s:.3f} ± {unc:.1e}}} as γ → 0 against the claimed γ^{{{sc:.3f}}}; "
                         f"sup/bound reaches 10^{lr:.2f} at γ = {g:.1e} and keeps growing (all q: measured exponents "
                         + ", ".join(f"{fits[k]['measured_gamma_exponent']:+.3f}" for k in fits) + " vs claimed "
                         + ", ".join(f"{fits[k]['claimed_gamma_exponent_fitted']:+.3f}" for k in fits) + ")")
        if eta_violation:
            q, r = eta_violation
            parts.append(f"for f = x^{q}, γ = {gamma_for_eta}: at η = {r['eta']} sup/bound = 10^{r['log10_ratio']:.1f} "
                         f"(the true sup carries e^{{π²γ/(4η²)}}, the bound only e^{{π²γ/4}})")
        witness = {"gamma_direction": violation and {"q": violation[1], "gamma": violation[2], "log10_ratio": violation[3],
                                                     "measured_exponent": violation[4], "uncertainty": violation[5],
                                                     "claimed_exponent": violation[6]},
                   "eta_direction": eta_violation and {"q": eta_violation[0], **eta_violation[1],
                                                       "certified_a0_phi0_q1": witness_ball}}
        if corrected:
            parts.append("a proved bound (1/π)e^{π²γ/(4η²)} Σ|c_n|2^n max[(n/(2eγ))^{n/2}, (π/(2η))^n] holds on every grid point "
                         f"(max log10 sup/bound = {proved_worst:.2f}); it is loose by γ^{{1/2}} as γ → 0")
        return refuted("numeric+certified", "; ".join(parts), witness=witness, corrected=corrected, **ev)
    return inconclusive("numeric", "the measured sup stays within a bounded factor of the claimed bound on the grid; an "
                        "asymptotic ≲ cannot be verified numerically", **ev)


# =============================================================================== Step 1 (Theorem 6, first inequality)

def check_gaussian_window(claimed_identity: Callable = paper_window_identity,
                          claimed_intermediate: Callable = paper_window_intermediate,
                          claimed_bound: Callable = paper_window_bound,
                          gammas: Sequence[str] = ("1e-6", "0.001", "0.1", "0.5", "1", "3", "100", "1e6")) -> Verdict:
    r"""Display (2, 25): E_x[(1 − e^{−γx²})²] = 1 − 2/√(1+2γ) + 1/√(1+4γ) < 1 − 1/√(1+2γ) < 2γ for all γ > 0.

    Identity: SymPy integrates the definition symbolically (γ > 0), mpmath quadrature at 30 digits at each γ.
    Inequalities: certified arb evaluation at every γ of the grid and on a certified cover of (0, ∞)
    (interval arithmetic on [γ_k, γ_{k+1}] with monotone bounds), the limits γ → 0 and γ → ∞ with SymPy, and the
    exact argument: 1/√(1+4γ) < 1/√(1+2γ); 1 − 1/√(1+2γ) < 2γ ⇔ (1+2γ)(1−2γ)² < 1 for γ < 1/2, i.e. 2γ(4γ² − 2γ − 1) < 0.
    """
    gs = sp.Symbol("gamma", positive=True)
    x = sp.Symbol("x", real=True)
    sym = sp.simplify(sp.integrate((1 - sp.exp(-gs * x**2)) ** 2 * sp.exp(-x**2 / 2), (x, -sp.oo, sp.oo)) / sp.sqrt(2 * sp.pi))
    rows, bad = [], None
    with mpmath.workdps(2 * DPS):  # 1 − 2/√(1+2γ) + 1/√(1+4γ) ≈ 3γ² cancels ~2·log10(1/γ) digits
        for g in gammas:
            G = _mpf(g)
            scale = 1 / mpmath.sqrt(1 + 4 * G)
            with mpmath.workdps(DPS + 5):  # expm1 keeps the integrand's relative accuracy: no cancellation here
                lhs = 2 * mpmath.quad(lambda x: mpmath.expm1(-G * x**2) ** 2 * mpmath.exp(-x**2 / 2), [0, scale, 1, mpmath.inf]) \
                    / mpmath.sqrt(2 * PI)
            symv = sym.subs(gs, sp.Rational(g) if "e" not in g else sp.Float(g, 40)).evalf(35)
            ident = claimed_identity(G)
            inter = claimed_intermediate(G)
            bound = claimed_bound(G)
            e_id = _rel(lhs, ident)
            rows.append({"gamma": g, "E_quad": _s(lhs), "E_sympy": str(sp.N(symv, 20)), "identity_rhs": _s(ident),
                         "rel_err": _s(e_id, 3), "intermediate": _s(inter), "bound": _s(bound)})
            if bad is None and e_id > _mpf("1e-20"):
                bad = ("identity", g, _s(lhs), _s(ident))
            elif bad is None and not (lhs < inter):
                bad = ("first inequality", g, _s(lhs), _s(inter))
            elif bad is None and not (inter < bound):
                bad = ("second inequality", g, _s(inter), _s(bound))
    # certified cover of γ ∈ [1e-8, 1e8] by intervals, plus the limits; exact argument for the rest
    cover_ok, cover_bad = _window_cover(claimed_intermediate, claimed_bound)
    small = sp.limit(paper_window_identity_sym(gs) / gs, gs, 0)
    small_inter = sp.limit((1 - 1 / sp.sqrt(1 + 2 * gs)) / gs, gs, 0)
    poly_roots = sp.solve(4 * gs**2 - 2 * gs - 1, gs)
    large = {"E": str(sp.limit(paper_window_identity_sym(gs), gs, sp.oo)),
             "intermediate": str(sp.limit(1 - 1 / sp.sqrt(1 + 2 * gs), gs, sp.oo)),
             "sqrt(gamma)*(intermediate - E)": str(sp.limit(sp.sqrt(gs) * (1 / sp.sqrt(1 + 2 * gs) - 1 / sp.sqrt(1 + 4 * gs)), gs, sp.oo))}
    ev = dict(points=rows, sympy_integral=str(sym), limit_E_over_gamma_at_0=str(small),
              limit_intermediate_over_gamma_at_0=str(small_inter), limits_at_infinity=large,
              exact_argument="(1+2γ)(1−2γ)^2 − 1 = 2γ(4γ²−2γ−1) < 0 on (0, 1/2) (positive root (1+√5)/4); 1/√(1+4γ) < 1/√(1+2γ)",
              positive_root=str(poly_roots), certified_cover=cover_ok, tolerance="identity 1e-20 relative; inequalities certified",
              achieved_error=max((r["rel_err"] for r in rows), key=float))
    if bad is None and cover_bad is not None:
        bad = ("cover of [1e-8, 1e8]", cover_bad[0], f"E = {cover_bad[1]}, intermediate = {cover_bad[2]}", f"bound = {cover_bad[3]}")
    if bad is None and cover_ok is None:
        return inconclusive("symbolic+numeric+certified", "the interval cover could not separate the three functions on some "
                            "interval; no failing point found", **ev)
    if bad:
        return refuted("symbolic+numeric+certified", f"the {bad[0]} fails at γ = {bad[1]}: {bad[2]} vs {bad[3]}",
                       witness={"part": bad[0], "gamma": bad[1], "left": bad[2], "right": bad[3]}, **ev)
    paper = claimed_intermediate is paper_window_intermediate and claimed_bound is paper_window_bound
    cover = "a certified" if cover_ok is True else "a numeric (the claimed functions are not arb-capable)"
    return verified("symbolic+numeric+certified", "identity matches SymPy's integral and 30-digit quadrature; both inequalities hold "
                    f"on {cover} interval cover of [1e-8, 1e8]"
                    + (" and by the exact argument for all γ > 0 " if paper else " (outside it: not checked) ")
                    + f"(E/γ → {small}, (1 − 1/√(1+2γ))/γ → {small_inter} as γ → 0)", **ev)


def paper_window_identity_sym(g):
    return 1 - 2 / sp.sqrt(1 + 2 * g) + 1 / sp.sqrt(1 + 4 * g)


def _window_cover(claimed_intermediate, claimed_bound, lo_exp: int = -8, hi_exp: int = 8, per_decade: int = 20):
    """On each [a, b] of a geometric cover of [10^lo, 10^hi]: sup E ≤ E(b) < inf inter = inter(a) and
    sup inter = inter(b) < inf bound = bound(a), using that E, the intermediate and the bound increase in γ.
    E is evaluated in arb; the claimed functions are called with ``arb`` arguments. If a claimed function
    does not return an ``arb`` (it went through mpmath), its value is widened by 1e-25 relative and the
    cover is reported as numeric, not certified. Returns (status, witness): status True (certified),
    "numeric", False (a failing point, witness given) or None (undecided)."""
    old = ctx.prec
    ctx.prec = 80
    certified = True

    def as_ball(v):
        nonlocal certified
        if isinstance(v, arb):
            return v
        certified = False
        m = mpmath.mpf(v)
        return arb(mpmath.nstr(m, 30), mpmath.nstr(abs(m) * mpmath.mpf("1e-25") + mpmath.mpf("1e-60"), 5))

    try:
        n = (hi_exp - lo_exp) * per_decade
        ten = arb(10)
        for k in range(n):
            a = ten ** (arb(lo_exp) + arb(k) / per_decade)
            b = ten ** (arb(lo_exp) + arb(k + 1) / per_decade)
            E_b = 1 - 2 / (1 + 2 * b).sqrt() + 1 / (1 + 4 * b).sqrt()
            inter_a, inter_b = as_ball(claimed_intermediate(a)), as_ball(claimed_intermediate(b))
            bound_a = as_ball(claimed_bound(a))
            if not (E_b < inter_a and inter_b < bound_a):
                for pt in (a, b):
                    E_p = 1 - 2 / (1 + 2 * pt).sqrt() + 1 / (1 + 4 * pt).sqrt()
                    ip, bp = as_ball(claimed_intermediate(pt)), as_ball(claimed_bound(pt))
                    if E_p > ip or ip > bp:
                        return False, (fr.ball_str(pt, 10), fr.ball_str(E_p, 12), fr.ball_str(ip, 12), fr.ball_str(bp, 12))
                return None, None
        return (True if certified else "numeric"), None
    finally:
        ctx.prec = old


def check_approximation_error(claimed_bound: Callable = paper_window_bound,
                              polys: Sequence[str] = ("2*x", "x", "x^3 - 3*x", "(x^3-3*x)/sqrt(6)"),
                              gammas: Sequence[str] = ("0.01", "0.1", "0.5", "1", "4")) -> Verdict:
    r"""Theorem 6, first line (display (2, 23)): E_z[(f(z) − f_γ(z))²] < 2γ for a degree-q polynomial f.

    E[f²(1 − e^{−γz²})²] is computed exactly from Gaussian moments: E[z^{2m} e^{−cz²}] = (2m−1)!!(1+2c)^{−m−1/2}.
    The paper's Step 1 hides a constant depending on f (≲); the theorem states < 2γ without it.
    """
    gs = sp.Symbol("gamma", positive=True)
    z = sp.Symbol("z", real=True)
    rows, bad = [], None
    for ftxt in polys:
        f = sp.sympify(ftxt.replace("x", "z").replace("^", "**"), locals={"z": z})
        poly = sp.Poly(sp.expand(f**2), z)

        def E(c):
            return sum(coef * (sp.factorial2(m[0] - 1) if m[0] % 2 == 0 else 0) * (1 + 2 * c) ** (-sp.Rational(m[0] + 1, 2))
                       for m, coef in poly.terms())
        expr = E(0) - 2 * E(gs) + E(2 * gs)
        for g in gammas:
            val = sp.N(expr.subs(gs, sp.Rational(g)), 30)
            bound = claimed_bound(_mpf(g))
            rows.append({"f": ftxt, "gamma": g, "E": str(sp.N(val, 15)), "bound": _s(bound, 15)})
            if bad is None and not (mpmath.mpf(str(val)) < bound):
                bad = {"f": ftxt, "gamma": g, "E": str(sp.N(val, 20)), "bound": _s(bound)}
    ev = dict(points=rows, method_note="exact Gaussian moments (SymPy), 30 digits", tolerance="exact", achieved_error="0")
    if bad:
        return refuted("exact", f"for f = {bad['f']}, γ = {bad['gamma']}: E[(f − f_γ)²] = {bad['E'][:10]} ≥ {bad['bound'][:6]}; "
                       "the bound needs a constant depending on f (e.g. E[(f − f_γ)²] ≤ γ² E[z⁴ f(z)²])",
                       corrected=r"\mathbb E_z[(f(z)-f_\gamma(z))^2] \le \min\left(\gamma^2\,\mathbb E[z^4 f(z)^2],\ \mathbb E[f(z)^2]\right)",
                       witness=bad, **ev) if _corrected_approx_ok(polys, gammas) else \
            refuted("exact", f"for f = {bad['f']}, γ = {bad['gamma']}: E[(f − f_γ)²] = {bad['E'][:10]} ≥ {bad['bound'][:6]}",
                    witness=bad, **ev)
    return verified("exact", "E[(f − f_γ)²] < bound for every f and γ tried", **ev)


def _corrected_approx_ok(polys, gammas) -> bool:
    """E[f²(1−e^{−γz²})²] ≤ min(γ² E[z⁴f²], E[f²]) (from 0 ≤ 1 − e^{−u} ≤ min(u, 1)), checked by quadrature."""
    gammas = list(gammas)[::2]
    with mpmath.workdps(15):
        for ftxt in polys:
            f = cert.parse_polynomial(ftxt) if "sqrt" not in ftxt else None
            if f is None:
                continue
            for g in gammas:
                G = _mpf(g)
                phi = lambda x: mpmath.exp(-x**2 / 2) / mpmath.sqrt(2 * PI)  # noqa: E731
                fv = lambda x: cert._poly(cert._coeffs(f), x)  # noqa: E731
                E = mpmath.quad(lambda x: fv(x) ** 2 * mpmath.expm1(-G * x**2) ** 2 * phi(x), [-mpmath.inf, 0, mpmath.inf])
                B = min(G**2 * mpmath.quad(lambda x: x**4 * fv(x) ** 2 * phi(x), [-mpmath.inf, 0, mpmath.inf]),
                        mpmath.quad(lambda x: fv(x) ** 2 * phi(x), [-mpmath.inf, 0, mpmath.inf]))
                if E > B:
                    return False
    return True


def check_step1_sup_bound(claimed_factor: Callable | None = None, polys: Sequence[str] = ("1", "x", "x^3 - 3*x"),
                          gammas: Sequence[str] = ("0.05", "0.5", "2")) -> Verdict:
    r"""Display (2, 24), second line: E_x[f²(1−e^{−γx²})²] ≤ S_f · E_x[(1−e^{−γx²})²] with the paper's factor
    S_f = sup_x (2π)^{−1/2}|f(x)|² e^{−x²/2} (``claimed_factor=None``; otherwise ``claimed_factor(f)`` gives S_f). Both sides by quadrature (30 digits); the sup by a grid
    plus golden-section refinement. (For this to hold one needs ∫ (1−e^{−γx²})² dx, which is infinite.)"""
    claimed_factor = claimed_factor or (lambda fv: _sup_phi_f2(fv))
    rows, bad = [], None
    with mpmath.workdps(DPS):
        phi = lambda x: mpmath.exp(-x**2 / 2) / mpmath.sqrt(2 * PI)  # noqa: E731
        for ftxt in polys:
            f = cert.parse_polynomial(ftxt)
            cs = cert._coeffs(f)
            fv = lambda x, cs=cs: cert._poly(cs, x)  # noqa: E731
            S = claimed_factor(fv)
            for g in gammas:
                G = _mpf(g)
                lhs = mpmath.quad(lambda x: fv(x) ** 2 * mpmath.expm1(-G * x**2) ** 2 * phi(x), [-mpmath.inf, -1, 0, 1, mpmath.inf])
                w2 = mpmath.quad(lambda x: mpmath.expm1(-G * x**2) ** 2 * phi(x), [-mpmath.inf, -1, 0, 1, mpmath.inf])
                rhs = S * w2
                rows.append({"f": ftxt, "gamma": g, "lhs": _s(lhs), "rhs": _s(rhs), "sup_factor": _s(S)})
                if bad is None and lhs > rhs * (1 + _mpf("1e-20")):
                    bad = rows[-1]
    ev = dict(points=rows, tolerance="1e-20 relative", achieved_error="violations are O(1)")
    if bad:
        return refuted("numeric", f"for f = {bad['f']}, γ = {bad['gamma']}: E[f²(1−e^{{−γx²}})²] = {bad['lhs'][:10]} > "
                       f"{bad['rhs'][:10]} (the sup of φf² times E[(1−e^{{−γx²}})²] double-counts the Gaussian weight)",
                       witness=bad, **ev)
    return verified("numeric", "the inequality holds at every f and γ tried", **ev)


def _sup_phi_f2(fv):
    g = lambda x: fv(x) ** 2 * mpmath.exp(-x**2 / 2) / mpmath.sqrt(2 * PI)  # noqa: E731
    return cert.sup_abs(g, scale=1, points=241, span=8, dps=DPS)[0]


def check_sign_flip(claimed_sign: int = -1, points: Sequence = (("0.3", "1.7", "2"), ("-1", "0.4", "0.5"), ("2", "-3", "1"))) -> Verdict:
    """Display (2, 26): E_b[a(b)σ(ηz − b)] = −E_b[a(b)σ(−ηz + b)]; pointwise σ(ηz − b) = s·σ(−ηz + b) with s = −1 (tanh odd),
    checked exactly in SymPy and at sample points; the expectation then follows for any integrable a."""
    u = sp.Symbol("u", real=True)
    exact = sp.simplify(sp.tanh(u) - claimed_sign * sp.tanh(-u)) == 0
    rows = []
    for z, b, e in points:
        zz, bb, ee = _mpf(z), _mpf(b), _mpf(e)
        rows.append({"z": z, "b": b, "eta": e, "lhs": _s(mpmath.tanh(ee * zz - bb)), "rhs": _s(claimed_sign * mpmath.tanh(-ee * zz + bb))})
    ok = exact and all(r["lhs"] == r["rhs"] for r in rows)
    ev = dict(points=rows, sympy_identity=exact, tolerance="exact", achieved_error="0" if ok else "O(1)")
    if not ok:
        return refuted("symbolic+numeric", f"tanh(ηz − b) ≠ {claimed_sign}·tanh(−ηz + b)", witness=rows[0], **ev)
    return verified("symbolic+numeric", "tanh is odd, so the two expectations agree for every integrable a", **ev)


def paper_convolution_form(g, eta, z):
    """Display (2, 27) read literally: E_b[a(b)σ(ηz − b)] = (aφ * σ_η)(z) = ∫ g(b) tanh(η(z − b)) db."""
    return cert.reconstruct(g, eta, z, scale=1, mode="scaled", dps=25, degree=0)


def corrected_convolution_form(g, eta, z):
    """E_b[a(b)σ(ηz − b)] = (aφ * σ)(ηz) = ∫ g(b) tanh(ηz − b) db written as a convolution at ηz."""
    return cert.reconstruct(g, 1, eta * z, scale=1, mode="scaled", dps=25, degree=0)


def check_convolution_form(claimed: Callable = paper_convolution_form,
                           points: Sequence = (("1", "0.4"), ("2", "0.4"), ("0.5", "-1"))) -> Verdict:
    r"""Display (2, 27), first lines: with σ_η(x) = σ(ηx), \widehat{σ_η}(t) = η^{−1}\hat σ(t/η) (time scaling) and
    E_b[a(b)σ(ηz − b)] = (aφ * σ_η)(z), so that \widehat{aφ}·\widehat{σ_η} = \widehat{f_γ}.

    Time scaling is checked on sech (integrable) from the definition. The convolution form is checked with
    g = a·φ a test Gaussian g(b) = e^{−(b−1/2)²}: ∫ g(b) tanh(ηz − b) db against ∫ g(b) tanh(η(z − b)) db.
    """
    with mpmath.workdps(25):
        # time scaling on sech at η = 2.5, t = 0.3
        e_, t_ = _mpf("2.5"), _mpf("0.3")
        scaled = 2 * mpmath.quad(lambda x: mpmath.sech(e_ * x) * mpmath.cos(2 * PI * t_ * x), [0, 5, 20, 60])
        ts_err = _rel(scaled, fr.sech_transform(t_ / e_) / e_)
        g = lambda b: mpmath.exp(-(b - _mpf("0.5")) ** 2)  # noqa: E731
        rows, bad, corrected_err = [], None, _mpf(0)
        for e, z in points:
            E, Z = _mpf(e), _mpf(z)
            lhs = cert.reconstruct(g, E, Z, scale=1, mode="minus", dps=25, degree=0)
            rhs = claimed(g, E, Z)
            right = corrected_convolution_form(g, E, Z)
            rows.append({"eta": e, "z": z, "E_b[g σ(ηz−b)]": _s(lhs), "claimed_(g*σ_η)(z)": _s(rhs), "(g*σ)(ηz)": _s(right)})
            corrected_err = max(corrected_err, _rel(lhs, right))
            if bad is None and _rel(lhs, rhs) > _mpf("1e-15"):
                bad = rows[-1]
    ev = dict(points=rows, time_scaling_rel_error=_s(ts_err, 3), corrected_max_rel_error=_s(corrected_err, 3), tolerance="1e-15",
              achieved_error=_s(ts_err, 3))
    if bad:
        return refuted("numeric", f"at η = {bad['eta']}, z = {bad['z']}: ∫ g(b)σ(ηz − b)db = {bad['E_b[g σ(ηz−b)]'][:12]} but "
                       f"(g * σ_η)(z) = {bad['claimed_(g*σ_η)(z)'][:12]}; the expectation is (g * σ)(ηz) (time scaling holds, "
                       "but the bias b is not scaled by η)",
                       corrected=r"\mathbb E_b[a(b)\sigma(\eta z-b)] = (a\phi\star\sigma)(\eta z)"
                       if corrected_err < _mpf("1e-15") else None,
                       witness=bad, **ev)
    return verified("numeric", "E_b[a(b)σ(ηz − b)] = (aφ * σ_η)(z) at every point; time scaling holds", **ev)


def paper_gaussian_monomial_max(k, gamma):
    """Display (2, 48): sup_x e^{−γx²}x^k = (k/(2eγ))^{k/2}."""
    return (k / (2 * mpmath.e * gamma)) ** (mpmath.mpf(k) / 2)


def check_gaussian_monomial_max(claimed: Callable = paper_gaussian_monomial_max, ks: Sequence[int] = (1, 2, 3, 5, 8),
                                gammas: Sequence[str] = ("0.01", "0.3", "1", "7")) -> Verdict:
    r"""Display (2, 48): sup_{x} e^{−γx²} x^k = (k/(2eγ))^{k/2} (attained at x = √(k/(2γ))), and the γ-power
    γ^{i − (n−1)/2} of the next line. The left side by a grid + golden-section maximisation; the closed form compared."""
    rows, bad = [], None
    with mpmath.workdps(DPS):
        for k in ks:
            for g in gammas:
                G = _mpf(g)
                fn = lambda x: mpmath.exp(-G * x**2) * x**k  # noqa: E731
                sup, arg = cert.sup_abs(fn, scale=1 / mpmath.sqrt(G), points=201, span=4, dps=DPS)
                rhs = claimed(k, G)
                e = _rel(sup, rhs)
                rows.append({"k": k, "gamma": g, "sup": _s(sup), "claimed": _s(rhs), "argmax": _s(arg, 10), "rel": _s(e, 3)})
                if bad is None and e > _mpf("1e-12"):
                    bad = rows[-1]
    # the exponent arithmetic of the next line: γ^{-(n-1-i)/2} · γ^{i/2} = γ^{i - (n-1)/2}
    n, i = sp.symbols("n i")
    power_ok = sp.simplify(-(n - 1 - i) / 2 + i / 2 - (i - (n - 1) / 2)) == 0
    ev = dict(points=rows, exponent_arithmetic_holds=power_ok, tolerance="1e-12 relative (golden section on |g|)",
              achieved_error=max((r["rel"] for r in rows), key=float),
              note="the display writes (√(k/2γ))^n: a typo for ^k (the equality with (k/(2eγ))^{k/2} needs n = k)")
    if bad or not power_ok:
        return refuted("numeric+symbolic", f"sup at k = {bad['k']}, γ = {bad['gamma']} is {bad['sup'][:12]}, claim {bad['claimed'][:12]}"
                       if bad else "the exponent arithmetic fails", witness=bad or {"power": "fails"}, **ev)
    return verified("numeric+symbolic", "sup e^{−γx²}x^k = (k/(2eγ))^{k/2} at every (k, γ) (reading ^k for the typo ^n); "
                    "the γ-power arithmetic is exact", **ev)


def paper_step4_modulus_rhs(cs, G, E, X):
    """Display (2, 47), first line: (η√γ/8π) e^{π²γ/4−γx²} Σ|c_n| ||x+√γ/(2η)|^n − |x−√γ/(2η)|^n|."""
    d = mpmath.sqrt(G) / (2 * E)
    return E * mpmath.sqrt(G) / (8 * PI) * mpmath.exp(PI**2 * G / 4 - G * X**2) * \
        sum(abs(c) * abs(abs(X + d) ** n - abs(X - d) ** n) for n, c in enumerate(cs))


def valid_step4_modulus_rhs(cs, G, E, X):
    """A valid bound for the paper's form: (η√γ/4π) e^{π²γ/4−γx²} Σ|c_n| (|x| + √γ/(2η))^n (|e^{iθ}w^n − e^{−iθ}conj(w)^n| ≤ 2|w|^n)."""
    d = mpmath.sqrt(G) / (2 * E)
    return E * mpmath.sqrt(G) / (4 * PI) * mpmath.exp(PI**2 * G / 4 - G * X**2) * \
        sum(abs(c) * (abs(X) + d) ** n for n, c in enumerate(cs))


def check_step4_modulus(claimed_rhs: Callable = paper_step4_modulus_rhs,
                        points: Sequence = (("x + 1", "1", "1", "0"), ("x^2 + x", "0.5", "2", "0.1"), ("x^3", "2", "0.5", "1.3"))) -> Verdict:
    r"""Display (2, 47), first line: |aφ(x)| ≤ (η√γ/8π) e^{π²γ/4−γx²} Σ|c_n| ||x+√γ/(2η)|^n − |x−√γ/(2η)|^n| for the
    paper's closed form. Both sides evaluated at 30 digits; the right side is 0 at x = 0 for every n."""
    rows, bad = [], None
    with mpmath.workdps(DPS):
        for ftxt, g, e, x in points:
            G, E, X = _mpf(g), _mpf(e), _mpf(x)
            cs = cert._coeffs(ftxt)
            lhs = abs(cert.paper_a_phi(ftxt, G, E, X))
            rhs = claimed_rhs(cs, G, E, X)
            rows.append({"f": ftxt, "gamma": g, "eta": e, "x": x, "lhs": _s(lhs), "rhs": _s(rhs)})
            if bad is None and lhs > rhs * (1 + _mpf("1e-20")) + _mpf("1e-28"):
                bad = rows[-1]
    ev = dict(points=rows, tolerance="1e-20 relative", achieved_error="violations are O(1)")
    if bad:
        return refuted("numeric", f"at f = {bad['f']}, γ = {bad['gamma']}, η = {bad['eta']}, x = {bad['x']}: |aφ| = {bad['lhs'][:10]} > "
                       f"{bad['rhs'][:10]} (|e^{{iθ}}w^n − e^{{−iθ}}conj(w)^n| is not bounded by ||x+δ|^n − |x−δ|^n|)", witness=bad, **ev)
    return verified("numeric", "the modulus bound holds at every point", **ev)


# =============================================================================== the registry

_S = "Part 2, §3.3"
CLAIMS = [
    Claim("fourier.sech", "Fourier transform of sech", f"{_S}, Step 2",
          r"\widehat{\operatorname{sech}}(t) = \pi\operatorname{sech}(\pi^2 t)", r"t \in \mathbb{R}",
          partial(check_sech_transform, paper_sech_transform), depends_on=("fourier.sech-bound",),
          displays=((2, 29), (2, 32))),
    Claim("fourier.sech-bound", "|sech x| ≤ 2e^{−|x|}", f"{_S}, Step 2",
          r"|\operatorname{sech}(x)| = \frac{2e^{-|x|}}{1+e^{-2|x|}} \le 2e^{-|x|}", r"x \in \mathbb{R}",
          partial(check_sech_bound, "2"), displays=((2, 28),)),
    Claim("fourier.sech-residue", "Residue of 2cos(2πtz)/(e^z+e^{−z}) at iπ/2", f"{_S}, Step 2",
          r"\int_{C_R}\frac{2\cos(2\pi t z)}{e^z+e^{-z}}dz = 2\pi i\operatorname{Res}_{i\pi/2} g = \pi(e^{\pi^2 t}+e^{-\pi^2 t})",
          r"t \in \mathbb{R},\ R\ \text{large}", check_sech_residue, displays=((2, 30), (2, 31))),
    Claim("fourier.sech-convolution", "The convolution integral I(t)", f"{_S}, Step 2",
          r"I = \int_{\mathbb R}\operatorname{sech}(\pi^2(t-y))\operatorname{sech}(\pi^2 y)\,dy = 4t\operatorname{csch}(\pi^2 t)",
          r"t \in \mathbb{R}", partial(check_sech_convolution, paper_sech_convolution), depends_on=("fourier.sech",),
          displays=((2, 33),)),
    Claim("fourier.sech-convolution-pv", "The principal-value antiderivative for I(t)", f"{_S}, Step 2",
          r"I = \left(\frac{1}{\pi^2}\operatorname{csch}(\pi^2 t)\ln\frac{\operatorname{csch}(\pi^2 y)}{\operatorname{csch}(\pi^2(y-t))}\right)\Big|_{y=-\infty}^{\infty} = 4t\operatorname{csch}(\pi^2 t)",
          r"t \neq 0", partial(check_sech_convolution_pv, paper_sech_convolution_antiderivative, paper_sech_convolution),
          depends_on=("fourier.sech-convolution",),
          displays=((2, 34),)),
    Claim("fourier.tanh", "Fourier transform of tanh (distribution)", f"{_S}, Step 2",
          r"\widehat{\tanh}(t) = -4i\operatorname{csch}(\pi^2 t)", r"t \neq 0,\ \text{as a distribution}",
          partial(check_tanh_transform, paper_tanh_transform), depends_on=("fourier.sech-convolution",)),
    Claim("fourier.gaussian-polynomial", "Transform of x^n e^{−γx²}", f"{_S}, Step 1",
          r"\widehat{x^n e^{-\gamma x^2}}(t) = \sqrt{\frac{\pi}{\gamma}}\left(-\frac{i}{2\pi}\right)^n H_n\!\left(\frac{\pi t}{\sqrt\gamma}\right)e^{-\pi^2 t^2/\gamma}",
          r"n \in \{0,\dots,5\},\ \gamma > 0,\ t \in \mathbb{R}", partial(check_gaussian_polynomial, paper_gaussian_polynomial),
          displays=((2, 27),)),
    Claim("fourier.gaussian-polynomial-derivative", "Transform of x^n e^{−γx²}, derivative form", f"{_S}, Step 1",
          r"\widehat{x^n e^{-\gamma x^2}}(t) = \sqrt{\frac{\pi}{\gamma}}\left(\frac{i}{2\pi}\right)^n\frac{d^n}{dt^n}e^{-\pi^2 t^2/\gamma}",
          r"n \in \{0,\dots,5\},\ \gamma > 0,\ t \in \mathbb{R}",
          partial(check_gaussian_polynomial_derivative, paper_gaussian_polynomial_derivative), displays=((2, 27),)),
    Claim("fourier.shifted-gaussian-inverse", "Inverse transform of e^{−(at−b)²}", f"{_S}, Step 3",
          r"\mathcal F^{-1}[e^{-(at-b)^2}](x) = \frac{\sqrt\pi}{a}e^{-\frac{\pi^2}{a^2}x^2 + i2\pi b x}", r"a > 0,\ b, x \in \mathbb{R}",
          partial(check_shifted_gaussian_inverse, paper_shifted_gaussian_inverse), displays=((2, 41),)),
    Claim("fourier.shifted-gaussian-inverse-special", "Inverse transform, the special case a = π/√γ", f"{_S}, Step 3",
          r"\mathcal F^{-1}\left[e^{-\left[\frac{\pi t}{\sqrt\gamma}-\frac{\pi\sqrt\gamma}{2\eta}\right]^2}\right] = \sqrt{\frac{\gamma}{\pi}}e^{-\gamma x^2 + i\pi^2\frac{\sqrt\gamma}{\eta}}",
          r"\gamma, \eta > 0", partial(check_shifted_gaussian_special, paper_shifted_gaussian_special),
          depends_on=("fourier.shifted-gaussian-inverse",), displays=((2, 42),)),
    Claim("cert.convolution-form", "The expectation as a convolution with σ_η", f"{_S}, Step 1",
          r"\mathbb E_b[a(b)\sigma(\eta z - b)] = (a\phi\star\sigma_\eta)(z),\ \widehat{\sigma_\eta}(t) = \frac1\eta\hat\sigma\left(\frac t\eta\right)",
          r"\eta > 0", partial(check_convolution_form, paper_convolution_form), displays=((2, 27),)),
    Claim("cert.complete-square", "Completing the square", f"{_S}, Step 3",
          r"\frac{\pi^2 t^2}{\gamma} - \frac{\pi^2 t}{\eta} = \left(\frac{\pi t}{\sqrt\gamma}-\frac{\pi\sqrt\gamma}{2\eta}\right)^2 - \frac{\pi^2\gamma}{4\eta^2}",
          r"\gamma, \eta > 0,\ t \in \mathbb{R}", partial(check_complete_square, PAPER_COMPLETE_SQUARE_RHS), displays=((2, 37),)),
    Claim("cert.delta-plus", "Δ^+_n after completing the square", f"{_S}, Step 3",
          r"\Delta^+_n = \frac{\pi}{\sqrt\gamma}e^{\frac{\pi^2\gamma}{4}}\left(-\frac{i}{2\pi}\right)^n H_n\!\left(\frac{\pi t}{\sqrt\gamma}\right)e^{-\left[\frac{\pi t}{\sqrt\gamma}-\frac{\pi\sqrt\gamma}{2\eta}\right]^2}",
          r"\gamma, \eta > 0", partial(check_delta_plus_completed, paper_delta_plus_completed),
          depends_on=("cert.complete-square",), displays=((2, 36), (2, 38))),
    Claim("cert.hermite-shift", "Hermite expansion around the shifted argument", f"{_S}, Step 3",
          r"(-1)^n H_n\!\left(\frac{\pi t}{\sqrt\gamma}\right) = (-1)^n\sum_{k=0}^n\binom{n}{k}H_k\!\left(\frac{\pi t}{\sqrt\gamma}-\frac{\pi\sqrt\gamma}{2\eta}\right)\left[-\frac{\pi\sqrt\gamma}{\eta}\right]^{n-k}",
          r"n \ge 0,\ \gamma, \eta > 0", partial(check_hermite_shift, paper_hermite_shift), displays=((2, 39), (2, 40))),
    Claim("cert.delta-inverse", "Inverse transforms of Δ^±_n", f"{_S}, Step 3",
          r"\check{\Delta}^{\pm}_n = \sqrt{\frac{\gamma}{\pi}}e^{\frac{\pi^2\gamma}{4}-\gamma x^2 \pm i\pi^2\frac{\sqrt\gamma}{\eta}}\left[x \pm \frac{i\sqrt\gamma}{2\eta}\right]^n",
          r"n \ge 0,\ \gamma, \eta > 0", partial(check_delta_inverse, partial(paper_delta_inverse, 1), partial(paper_delta_inverse, -1)),
          depends_on=("cert.delta-plus", "cert.hermite-shift", "fourier.shifted-gaussian-inverse-special"),
          displays=((2, 43), (2, 44), (2, 45))),
    Claim("cert.closed-form", "The closed form of a(x)φ(x) reconstructs f_γ", f"{_S}, Step 3",
          cert.PAPER_LATEX + r"\ \Rightarrow\ \mathbb E_b[a(b)\sigma(\eta z+b)] = f_\gamma(z)",
          r"f\ \text{polynomial of degree } 1..5,\ \gamma, \eta > 0,\ z \in \mathbb{R}",
          partial(check_closed_form, cert.paper_a_phi_function),
          depends_on=("fourier.tanh", "fourier.gaussian-polynomial", "cert.delta-inverse", "cert.convolution-form",
                      "cert.fourier-a-phi"),
          displays=((2, 46),)),
    Claim("cert.fourier-a-phi", "The Fourier transform of a·φ", f"{_S}, Step 3",
          r"\widehat{a\cdot\phi}(t) = \eta\frac{i}{8}\sqrt{\frac{\pi}{\gamma}}\sum_n c_n\left(-\frac{i}{2\pi}\right)^n H_n\!\left(\frac{\pi t}{\sqrt\gamma}\right)"
          r"e^{-\pi^2 t^2/\gamma}\left(e^{\pi^2 t/\eta}-e^{-\pi^2 t/\eta}\right)",
          r"f\ \text{polynomial},\ \gamma, \eta > 0,\ t \in \mathbb{R}", partial(check_fourier_a_phi, paper_fourier_a_phi),
          depends_on=("fourier.tanh", "fourier.gaussian-polynomial", "cert.convolution-form"), displays=((2, 35),)),
    Claim("cert.sup-bound", "Size of the second layer", f"{_S}, Step 4 and Theorem 6",
          r"\sup_b|a(b)\phi(b)| \lesssim \gamma^{-\frac{q-2}{2}}\eta\, e^{\frac{\pi^2\gamma}{4}}\max\left[1,\left(\frac{\gamma}{\eta}\right)^{q-1}\right]",
          r"f\ \text{of degree } q,\ \gamma \to 0\ (\eta\ \text{fixed}),\ \eta > 0", partial(check_sup_bound, paper_sup_bound),
          depends_on=("cert.closed-form",), displays=((2, 23), (2, 49))),
    Claim("cert.step4-modulus", "Step 4's first bound on |a(x)φ(x)|", f"{_S}, Step 4",
          r"|a(x)\phi(x)| \le \frac{\eta\sqrt\gamma}{8\pi}e^{\frac{\pi^2\gamma}{4}-\gamma x^2}\sum_n|c_n|\left||x+\tfrac{\sqrt\gamma}{2\eta}|^n-|x-\tfrac{\sqrt\gamma}{2\eta}|^n\right|",
          r"x \in \mathbb{R}", partial(check_step4_modulus, paper_step4_modulus_rhs), depends_on=("cert.closed-form",),
          displays=((2, 47),)),
    Claim("cert.gaussian-monomial-max", "Maximum of e^{−γx²}x^k", f"{_S}, Step 4",
          r"\sup_x e^{-\gamma x^2}x^k = \left(\frac{k}{2e\gamma}\right)^{k/2}", r"k \ge 1,\ \gamma > 0",
          partial(check_gaussian_monomial_max, paper_gaussian_monomial_max), displays=((2, 48),)),
    Claim("thm6.gaussian-window", "The Gaussian window error", f"{_S}, Step 1",
          r"\mathbb E_x[(1-e^{-\gamma x^2})^2] = 1 - \frac{2}{\sqrt{1+2\gamma}} + \frac{1}{\sqrt{1+4\gamma}} < 1 - \frac{1}{\sqrt{1+2\gamma}} < 2\gamma",
          r"\gamma > 0,\ x \sim \mathcal N(0,1)", partial(check_gaussian_window, paper_window_identity, paper_window_intermediate,
                                                          paper_window_bound), displays=((2, 25),)),
    Claim("thm6.approximation-error", "Theorem 6: E[(f − f_γ)²] < 2γ", f"{_S}, Theorem 6",
          r"\mathbb E_{z}[(f(z)-f_\gamma(z))^2] < 2\gamma", r"f\ \text{polynomial},\ \gamma > 0",
          partial(check_approximation_error, paper_window_bound), depends_on=("thm6.gaussian-window", "thm6.step1-sup-bound"),
          displays=((2, 23),)),
    Claim("thm6.step1-sup-bound", "Step 1: pulling sup φf² out of the expectation", f"{_S}, Step 1",
          r"\mathbb E_x[(f(1-e^{-\gamma x^2}))^2] \le \left(\sup_x\frac{1}{\sqrt{2\pi}}|f(x)|^2e^{-x^2/2}\right)\mathbb E_x[(1-e^{-\gamma x^2})^2]",
          r"f\ \text{polynomial},\ \gamma > 0", partial(check_step1_sup_bound, None), displays=((2, 24),)),
    Claim("thm6.sign-flip", "σ(ηz − b) versus σ(−ηz + b)", f"{_S}, Step 1",
          r"\mathbb E_b[a(b)\sigma(\eta z-b)] = -\mathbb E_b[a(b)\sigma(-\eta z+b)]", r"\sigma = \tanh,\ a\ \text{integrable}",
          partial(check_sign_flip, -1), displays=((2, 26),)),
]
