r"""Part 2, §3.3: Theorem 6's approximation error and Step 1 (claim family ``thm6.*``).

The formula claims are :class:`~theorycheck.statement.Statement` objects (the window chain of display (2, 25)
is a :class:`~proofs.part2_fourier_common.Chain` of three relations, each checked); the checkers evaluate
them (mpmath evaluators at 30–60 digits, python-flint ``arb`` evaluators for the certified interval cover,
SymPy for the exact parts). ``thm6.step1-sup-bound`` is stated in words around a sup and keeps its text.
"""

from __future__ import annotations

import decimal
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
from theorycheck.asymptotics import one_sided_limit
from theorycheck.claims import Verdict
from theorycheck.numerics import tanh_derivative_variation, within_seconds
from theorycheck.statement import Expect, Rel, decides, evaluator, paper_latex
from theorycheck.target import PolynomialTarget, gaussian_expectation, gaussian_moment

from .part2_certificate import PROVED_SUP_BOUND, PROVED_SUP_BOUND_IMAGINARY, SUP_BOUND, with_polynomial
from .part2_fourier_common import DPS, PI, Chain, Statement, fmt, instance, rel_diff, side_function, to_mpf
from .symbols import b, eta, gamma, k, q, x, z

_f = sp.Function("f")
_f_gamma = sp.Function("f_gamma")
_a = sp.Function("a")
_sigma = sp.Function("sigma")

#: E_x[(1 − e^{−γx²})²] for x ~ N(0, 1)
WINDOW_E = Expect((1 - sp.exp(-gamma * x**2)) ** 2, x)
_IDENTITY = 1 - 2 / sp.sqrt(1 + 2 * gamma) + 1 / sp.sqrt(1 + 4 * gamma)
_INTERMEDIATE = 1 - 1 / sp.sqrt(1 + 2 * gamma)
#: Step 1, display (2, 25): E_x[(1 − e^{−γx²})²] = 1 − 2/√(1+2γ) + 1/√(1+4γ) < 1 − 1/√(1+2γ) < 2γ.
GAUSSIAN_WINDOW = Chain(
    (
        Statement(WINDOW_E, "=", _IDENTITY, variables=(gamma,)),
        Statement(_IDENTITY, "<", _INTERMEDIATE, variables=(gamma,)),
        Statement(_INTERMEDIATE, "<", 2 * gamma, variables=(gamma,)),
    )
)

#: Theorem 6, display (2, 23): E_z[(f(z) − f_γ(z))²] < 2γ.
APPROXIMATION_ERROR = Statement(
    Expect((_f(z) - _f_gamma(z)) ** 2, z), "<", 2 * gamma, variables=(gamma,), name="thm6.approximation-error"
)
#: from 0 ≤ 1 − e^{−u} ≤ min(u, 1): E[(f − f_γ)²] ≤ min(γ² E[z⁴f(z)²], E[f(z)²])
APPROXIMATION_ERROR_CORRECT = sp.Min(gamma**2 * Expect(z**4 * _f(z) ** 2, z), Expect(_f(z) ** 2, z))

#: Step 1, display (2, 24)'s second line corrected (referee EG: none was given): 0 ≤ 1 − e^{−γx²} ≤ min(γx², 1), so
#: E_x[(f(1 − e^{−γx²}))²] ≤ min(γ² E_x[x⁴f(x)²], E_x[f(x)²]) — no sup of φf², whose weight the printed line
#: counts twice
STEP1_SUP_CORRECTED = Statement(
    Expect((_f(x) * (1 - sp.exp(-gamma * x**2))) ** 2, x), "<=",
    sp.Min(gamma**2 * Expect(x**4 * _f(x) ** 2, x), Expect(_f(x) ** 2, x)), variables=(gamma,))

#: Step 1, display (2, 26): E_b[a(b)σ(ηz − b)] = −E_b[a(b)σ(−ηz + b)].
SIGN_FLIP = Statement(
    Expect(_a(b) * _sigma(eta * z - b), b),
    "=",
    -Expect(_a(b) * _sigma(-eta * z + b), b),
    variables=(eta, z, b),
    name="thm6.sign-flip",
)


# =============================================================================== Step 1 (Theorem 6, first inequality)


def _window_cover(chain: Chain, lo_exp: int = -8, hi_exp: int = 8, per_decade: int = 20) -> tuple[Any, Any]:
    """On each [a, b] of a geometric cover of [10^lo, 10^hi]: sup E ≤ E(b) < inf inter = inter(a) and
    sup inter = inter(b) < inf bound = bound(a), using that E, the intermediate and the bound increase in γ.
    Every side is the chain's ``arb`` evaluator (certified balls). Returns (status, witness): status True
    (certified), False (a failing point, witness given) or None (undecided)."""
    _, second, third = chain.links
    E_f = second.evaluator("lhs", backend="arb")
    inter_f = second.evaluator("rhs", backend="arb")
    bound_f = third.evaluator("rhs", backend="arb")
    with ctx.workprec(80):
        n = (hi_exp - lo_exp) * per_decade
        ten = arb(10)
        for kk in range(n):
            lo = ten ** (arb(lo_exp) + arb(kk) / per_decade)
            hi = ten ** (arb(lo_exp) + arb(kk + 1) / per_decade)
            if not (E_f(hi) < inter_f(lo) and inter_f(hi) < bound_f(lo)):
                for pt in (lo, hi):
                    E_p, ip, bp = E_f(pt), inter_f(pt), bound_f(pt)
                    if E_p > ip or ip > bp:
                        return False, (
                            fr.ball_str(pt, 10),
                            fr.ball_str(E_p, 12),
                            fr.ball_str(ip, 12),
                            fr.ball_str(bp, 12),
                        )
                return None, None
    return True, None


@functools.lru_cache(maxsize=1)
def _window_closed_form() -> sp.Expr:
    """E(γ) = E_{x∼N(0,1)}[(1 − e^{−γx²})²] in closed form, integrated and simplified by SymPy (γ > 0). A fixed
    expression, independent of the claimed chain: remembered in-process (SymPy expressions are immutable), so the
    paper's and each perturbed chain pay the symbolic integration once."""
    return sp.simplify(
        sp.integrate((1 - sp.exp(-gamma * x**2)) ** 2 * sp.exp(-(x**2) / 2), (x, -sp.oo, sp.oo)) / sp.sqrt(2 * sp.pi)
    )


def _link_gap(link: Statement, lhs: sp.Expr | None = None) -> tuple[sp.Expr, bool] | None:
    """The gap of a window link and whether it must be strict: the link holds at γ iff the gap is > 0 (strict) or
    ≥ 0 there — rhs − lhs for < and ≤, lhs − rhs for > and ≥ (referee EF, EF-9: the relation had never been read);
    None for = (an identity). ``lhs`` replaces the link's left side (the closed form of E for the first link)."""
    left = link.lhs if lhs is None else lhs
    if link.rel in (Rel.LT, Rel.LE):
        return link.rhs - left, link.rel is Rel.LT
    if link.rel in (Rel.GT, Rel.GE):
        return left - link.rhs, link.rel is Rel.GT
    return None


#: rational γ at which a gap is tested for being identically 0, at 50 digits
_ZERO_TEST_GAMMAS = (sp.Rational(1, 7), sp.Rational(2, 3), sp.Integer(3), sp.Integer(41))


def _zero_with_radicals_split(expr: sp.Expr) -> bool:
    """Whether ``expr`` is 0 for every γ > 0 once each radical of a product is split — √((2γ+1)(4γ+1)) =
    √(2γ+1)·√(4γ+1), valid as every factor is positive for γ > 0 (checked, else left whole) — and the whole is put over
    one denominator: its numerator expands to 0. (SymPy's simplify merges the radicals back: the identity's closed
    form minus the paper's does not simplify to 0 otherwise.)"""
    def split(power: sp.Pow) -> sp.Expr:
        constant, factors = sp.factor_list(power.base)
        if len(factors) < 2 and not (factors and factors[0][1] > 1):
            return power
        if not (sp.sympify(constant).is_positive and all(f.is_positive for f, _ in factors)):
            return power
        return sp.sympify(constant) ** power.exp * sp.Mul(*(f ** (m * power.exp) for f, m in factors))

    try:
        parted = expr.replace(lambda e: e.is_Pow and e.exp.is_Rational and not e.exp.is_integer
                              and e.base.has(gamma), split)
        numerator, _ = sp.fraction(sp.together(parted))
        return sp.expand(numerator) == 0
    except (sp.PolynomialError, TypeError, ValueError):
        return False


def _identically_zero(expr: sp.Expr) -> tuple[bool | None, Any]:
    """(True, None) when ``expr`` is 0 for every γ exactly (SymPy's simplify or equals); (False, γ) when a certified
    ball at a γ of _ZERO_TEST_GAMMAS excludes 0; else (None, None): never decided on a magnitude (referee EH, EH-8:
    a gap of 10⁻⁴⁵ had been called identically 0 below an absolute 1e-40)."""
    if sp.simplify(expr) == 0 or expr.equals(0) is True or _zero_with_radicals_split(expr):
        return True, None
    f = evaluator(expr, (gamma,), backend="arb")
    for g in _ZERO_TEST_GAMMAS:
        try:
            with ctx.workprec(400):
                ball = f(arb(g.p) / g.q)
        except (TypeError, ValueError, ZeroDivisionError):
            continue
        if ball.is_finite() and not ball.contains(0):
            return False, g
    return None, None


def _an_element(points: sp.Set) -> sp.Expr | None:
    """A positive element of a set of zeros SymPy lists but not as a finite set (an ImageSet ∩ (0, ∞), a union of
    them: referee EF, EF-4), or None."""
    parts = points.args if isinstance(points, (sp.Union, sp.Intersection)) else (points,)
    for part in parts:
        if isinstance(part, sp.ImageSet):
            for k in range(-3, 12):
                value = part.lamda(k)
                if value.is_positive and points.contains(value) is sp.true:
                    return sp.nsimplify(value)
        elif isinstance(part, (sp.Union, sp.Intersection)):
            found = _an_element(part)
            if found is not None:
                return found
    return None


def _removable(gap: sp.Expr, point: sp.Expr) -> Any:
    """The gap's limit at ``point`` when both one-sided limits are finite and equal (a removable singularity: the
    continuous extension is defined there; referee EF, EF-3), else None."""
    try:
        left, right = sp.limit(gap, gamma, point, "-"), sp.limit(gap, gamma, point, "+")
    except (NotImplementedError, ValueError, TypeError):
        return None
    return right if left == right and right.is_finite else None


def _gap_sign_for_all_gamma(gap: sp.Expr, strict: bool = True) -> dict[str, Any]:
    """Is ``gap`` > 0 (``strict``) or ≥ 0 for every γ > 0? Exactly (SymPy): its zeros (solveset) and its
    singularities on (0, ∞) (referee ED, ED-3: a gap with a pole changes sign without a zero). A pole refutes the
    link there (a side undefined); a zero refutes a strict link (referee EE, EE-2); otherwise the sign at a point of
    every piece between the zeros and removable singularities decides (a tangential zero of a ≤ link holds:
    referee EF, EF-9). A removable singularity is recorded (``removable``: the link as written is undefined there,
    its continuous extension is not). Sets SymPy cannot list: undecided, unless a listed element refutes."""
    from sympy.calculus.util import continuous_domain

    positive = sp.Interval.open(0, sp.oo)
    zero, _ = _identically_zero(gap)
    if zero is True:
        return {"holds": not strict, "zeros": "every γ", "at": "1", "why": "the gap is 0 for every γ"
                + (": the strict relation fails" if strict else "")}
    zeros = sp.solveset(sp.simplify(gap), gamma, positive)
    try:
        breaks = positive - continuous_domain(gap, gamma, positive)  # where the gap is not continuous
    except (NotImplementedError, ValueError, TypeError):
        breaks = None
    if breaks is None or not isinstance(breaks, (sp.FiniteSet, type(sp.S.EmptySet))):
        return {"holds": None, "zeros": str(zeros)[:200], "at": None, "singularities": "not listed by SymPy"}
    removable = {z: value for z in breaks if (value := _removable(gap, z)) is not None}
    poles = [z for z in breaks if z not in removable]
    if poles:
        pole = min(poles, key=lambda z: float(z))
        return {"holds": False, "poles": [str(z) for z in poles], "zeros": "not listed (a pole decides)",
                "at": str(pole), "why": "a side is undefined there"}
    if not isinstance(zeros, (sp.FiniteSet, type(sp.S.EmptySet))):
        element = _an_element(zeros)
        if element is not None and strict:
            return {"holds": False, "zeros": str(zeros)[:200], "at": str(element),
                    "why": "the gap is 0 there: the strict relation fails"}
        text = str(zeros)
        return {"holds": None, "zeros": text if len(text) < 200 else text[:200] + " …", "at": None}
    listed = sorted(zeros, key=lambda z: float(z))
    if listed and strict:
        return {"holds": False, "zeros": [str(z) for z in listed], "at": str(listed[0]),
                "why": "the gap is 0 there: the strict relation fails"}
    # the sign on every piece between the zeros and the removable points (γ = 1 when there are none)
    marks = sorted([*listed, *removable], key=lambda z: float(z))
    tests = ([marks[0] / 2] + [(a + b) / 2 for a, b in zip(marks, marks[1:])] + [marks[-1] + 1]) if marks else [1]
    record: dict[str, Any] = {"zeros": [str(z) for z in listed] or "none", "at": "1" if not marks else None}
    if removable:
        record["removable"] = {str(z): str(v) for z, v in removable.items()}
    for point in tests:
        value = sp.N(gap.subs(gamma, point), 50)
        if not (value.is_real and value > 0):
            return {**record, "holds": False, "at": str(point), "why": f"the gap is {sp.N(value, 6)} there"}
    for point, value in removable.items():  # the continuous extension at a removable point
        if not (value > 0 or (not strict and value == 0)):
            return {**record, "holds": False, "at": str(point), "why": "the gap's limit there is not positive"}
    return {**record, "holds": True}


#: the time each limit kept as evidence may take (:func:`theorycheck.numerics.within_seconds`)
LIMIT_SECONDS = 10.0


def _holds_at_point(rel: Rel, left: Any, right: Any, tol: Any) -> bool:
    """``left rel right`` at one point (mpmath values) allowing ``tol`` (relative) of rounding: = within it; an
    inequality fails only with a gap of the wrong sign beyond it (a strict one's zero gap is left to the exact step,
    referee EH, EH-7); a complex value fails (no order)."""
    if isinstance(left, mpmath.mpc) or isinstance(right, mpmath.mpc):
        return False
    slack = tol * max(abs(left), abs(right))
    if rel is Rel.EQ:
        return bool(abs(left - right) <= slack)
    gap = right - left if rel in (Rel.LT, Rel.LE) else left - right
    return bool(gap >= -slack)


def _gap_status(gap: sp.Expr, strict: bool | None, point: str, digits: int) -> tuple[str, str]:
    """("holds" | "fails" | "undecided", why) for a gap at γ = ``point`` (a decimal string): > 0 (``strict``), ≥ 0,
    or = 0 (``strict`` None, an equality's rhs − lhs), in a python-flint ball at ``digits`` digits — it fails only
    when the ball is certainly on the wrong side (for =, when it excludes 0: referee EH, EH-7 — exact mpmath
    comparisons had refuted true links on rounding; referee EF, EF-2 the same beyond the cover) — or, when ball
    arithmetic cannot evaluate it, when a side is not real or undefined at ``digits`` and 2·``digits`` digits alike
    (mpmath; referee EF, EF-6 and EH, EH-9: a complex side had crashed). The grid rows and the probes beyond the
    cover both decide a point here."""
    try:
        with ctx.workprec(int(digits * 3.33) + 16):
            ball = evaluator(gap, (gamma,), backend="arb")(arb(point))
    except (TypeError, ValueError, ZeroDivisionError):
        ball = None
    if isinstance(ball, acb):  # a complex ball: not real where its imaginary part excludes 0
        if ball.imag.is_finite() and not ball.imag.contains(0):
            return "fails", f"a side is not real there (imaginary part {fr.ball_str(ball.imag, 6)})"
        ball = ball.real if ball.imag == 0 else None
    if ball is not None and ball.is_finite():
        shown = fr.ball_str(ball, 12)
        if strict is None:
            return ("holds", shown) if ball == 0 else ("fails", f"rhs − lhs ∈ {shown} ≠ 0") if 0 not in ball else (
                "undecided", shown)
        if ball < 0:
            return "fails", f"the gap ∈ {shown} < 0 (a certified ball)"
        return ("holds", shown) if (ball > 0 or (not strict and ball >= 0)) else ("undecided", shown)
    kinds = []
    for dps in (digits, 2 * digits):
        with mpmath.workdps(dps):
            try:
                value = evaluator(gap, (gamma,), backend="mpmath")(mpmath.mpf(point))
            except (TypeError, ValueError, ZeroDivisionError):
                value = mpmath.nan
            if isinstance(value, mpmath.mpc) and abs(value.imag) > mpmath.mpf(10) ** -20 * abs(value):
                kinds.append("not real")
            elif not mpmath.isfinite(value):
                kinds.append("undefined (±∞ or no value)")
            else:
                kinds.append("finite")
    if kinds[0] == kinds[1] != "finite":
        return "fails", f"a side is {kinds[0]} there (at {digits} and {2 * digits} digits)"
    return "undecided", "not evaluated in ball arithmetic"


def _link_at_point(link: Statement, g: str) -> tuple[str, str]:
    """:func:`_gap_status` of one link (its gap as the relation reads) at γ = ``g``, 2·DPS digits."""
    oriented = _link_gap(link)
    gap, strict = (link.rhs - link.lhs, None) if oriented is None else oriented
    return _gap_status(gap, strict, g, 2 * DPS)


def check_gaussian_window(
    claimed: Chain = GAUSSIAN_WINDOW, gammas: Sequence[str] = ("1e-6", "0.001", "0.1", "0.5", "1", "3", "100", "1e6")
) -> Verdict:
    r"""Display (2, 25): the chain E = identity < intermediate < bound for all γ > 0, each relation checked.

    Identity: SymPy integrates the definition symbolically (γ > 0), mpmath quadrature at 30 digits at each γ.
    Inequalities: the chain's arb evaluators at every γ of the grid and on a certified cover of [1e-8, 1e8]
    (interval arithmetic on [γ_k, γ_{k+1}] with monotone bounds), the limits γ → 0 and γ → ∞ with SymPy, and —
    for the paper's chain — the exact argument: 1/√(1+4γ) < 1/√(1+2γ); 1 − 1/√(1+2γ) < 2γ ⇔ (1+2γ)(1−2γ)² < 1 for
    γ < 1/2, i.e. 2γ(4γ² − 2γ − 1) < 0.
    """
    first, second, third = claimed.links
    if any(link.rel.asymptotic for link in claimed.links):  # ≲, ≪, O: not this check's relations
        return inconclusive("symbolic", "the window chain is decided for =, <, ≤, >, ≥ links; "
                            + ", ".join(link.rel.symbol for link in claimed.links) + " has a relation with hidden "
                            "constants or limits, which this check does not decide")
    sym = _window_closed_form()
    # each link's gap (> 0 or ≥ 0 where it holds) as its relation reads (referee EF, EF-9): the first link's left
    # side E by SymPy's closed form; None for an "=" link
    orient = [_link_gap(first, sym), _link_gap(second), _link_gap(third)]
    paper_relations = [link.rel for link in claimed.links] == [Rel.EQ, Rel.LT, Rel.LT]
    # SymPy's closed form against the claimed right side at rational γ, 50 digits (simplify cannot merge the radicals)
    gaps = [abs(sp.N((sym - first.rhs).subs(gamma, g), 50)) for g in (sp.Rational(1, 7), sp.Rational(2, 3), 3, 41)]
    identity_exact = max(gaps) < sp.Float("1e-40")
    ident_f, inter_f, bound_f = side_function(first), side_function(second), side_function(third)
    rows, bad = [], None
    with mpmath.workdps(2 * DPS):  # 1 − 2/√(1+2γ) + 1/√(1+4γ) ≈ 3γ² cancels ~2·log10(1/γ) digits
        gauss = cert.memoized(lambda u: mpmath.exp(-(u**2) / 2))  # the piece [1, ∞] has the same nodes for every γ
        for g in gammas:
            G = to_mpf(g)
            scale = 1 / mpmath.sqrt(1 + 4 * G)
            with mpmath.workdps(DPS + 5):  # expm1 keeps the integrand's relative accuracy: no cancellation here
                lhs = (
                    2
                    * mpmath.quad(lambda u, G=G: mpmath.expm1(-G * u**2) ** 2 * gauss(u), [0, scale, 1, mpmath.inf])
                    / mpmath.sqrt(2 * PI)
                )
            symv = sym.subs(gamma, sp.Rational(g) if "e" not in g else sp.Float(g, 40)).evalf(35)
            ident, inter, bound = ident_f(G), inter_f(G), bound_f(G)
            e_id = rel_diff(lhs, ident)
            rows.append(
                {
                    "gamma": g,
                    "E_quad": fmt(lhs),
                    "E_sympy": str(sp.N(symv, 20)),
                    "identity_rhs": fmt(ident),
                    "rel_err": fmt(e_id, 3),
                    "intermediate": fmt(inter),
                    "bound": fmt(bound),
                }
            )
            # the identity against the quadrature (good to ~1e-30): a failure beyond 1e-20 relative, and for an
            # inequality only a gap of the wrong sign beyond it (a strict one's zero gap is the exact step's: EH-7);
            # the other links in certified balls — a failure only when the ball is on the wrong side (referee EH,
            # EH-7: exact mpmath comparisons had refuted true links on rounding), or a side not real (EH-9)
            if bad is None and not _holds_at_point(first.rel, lhs, ident, to_mpf("1e-20")):
                bad = ("identity", g, fmt(lhs), fmt(ident))
            for name, link in (("first inequality", second), ("second inequality", third)):
                status, why = _link_at_point(link, g)
                if bad is None and status == "fails":
                    bad = (name, g, why, "the relation as stated")
    # the certified cover proves the paper's orientation (E ≤ intermediate < bound, increasing); other relations
    # are decided by the exact step alone
    cover_ok, cover_bad = None, None
    # the cover's interval bounds assume each side increases in γ: shown by SymPy (d/dγ ≥ 0) for the intermediate
    # and the bound as given — the closed form of E increases (its integrand does) — else not run (referee EH,
    # EH-16: it had been reported "certified" for 2γ + 1/γ, which decreases on (0, 1/√2))
    cover_applies = all(link.rel in (Rel.LT, Rel.LE) for link in claimed.links[1:]) and all(
        sp.diff(side, gamma).is_nonnegative for side in (second.rhs, third.rhs))
    if cover_applies:
        try:
            cover_ok, cover_bad = _window_cover(claimed)
        except (TypeError, ValueError, ZeroDivisionError):  # a side ball arithmetic cannot evaluate (EF-6: asin, erf)
            cover_ok, cover_bad = None, None
    # limits kept as evidence, each within LIMIT_SECONDS (referee EF, EF-4: SymPy's limit of an atan form ran for
    # minutes); None when it did not finish
    def limit(expr: sp.Expr, point: Any) -> Any:
        try:  # SymPy raises NotImplementedError on some (a Max side: referee EH, EH-9)
            return within_seconds(lambda: sp.limit(expr, gamma, point), LIMIT_SECONDS)
        except (NotImplementedError, ValueError, TypeError):
            return None

    small, small_inter = limit(first.rhs / gamma, 0), limit(second.rhs / gamma, 0)
    large = {"E": str(limit(first.rhs, sp.oo)), "intermediate": str(limit(second.rhs, sp.oo)),
             "bound": str(limit(third.rhs, sp.oo))}
    paper_form = (
        (second.rhs - second.lhs).equals(_INTERMEDIATE - _IDENTITY)
        and (third.rhs - 2 * gamma == 0)
        and sp.expand(third.lhs - _INTERMEDIATE) == 0
    )
    # every link for every γ > 0, computed (referee EB, F2: the argument had been a fixed string), as its relation
    # reads (referee EF, EF-9): an inequality's gap keeps its sign (_gap_sign_for_all_gamma), an equality's
    # difference is identically 0; the first link's "=" is the identity, checked against SymPy's integral above
    signs: dict[str, dict[str, Any]] = {}
    for name, link, o in (("identity", first, orient[0]), ("first inequality", second, orient[1]),
                          ("second inequality", third, orient[2])):
        if o is not None:
            signs[name] = _gap_sign_for_all_gamma(*o)
        elif name != "identity":
            zero, where = _identically_zero(link.rhs - link.lhs)
            signs[name] = {"holds": zero, "zeros": "every γ" if zero else "none" if zero is False else "not decided",
                           "at": str(where) if zero is False else None,
                           "why": "an equality: rhs − lhs is " + {True: "identically 0", False: "not 0 there (a "
                                  "certified ball)", None: "not shown to be 0"}[zero]}
    exact = all(v["holds"] is True for v in signs.values())
    ev = dict(
        points=rows,
        sympy_integral=str(sym),
        identity_vs_sympy_integral_max_gap=str(sp.N(max(gaps), 3)),
        limit_E_over_gamma_at_0=str(small),
        limit_intermediate_over_gamma_at_0=str(small_inter),
        limits_at_infinity=large,
        for_all_gamma=signs,
        exact_argument=("each inequality's gap (as its relation reads) has no pole on γ > 0 and keeps its sign "
                        "between its zeros (SymPy solveset; its sign at a point of each piece), each equality's "
                        "difference is identically 0"
                        + ("; by hand: (1+2γ)(1−2γ)² − 1 = 2γ(4γ²−2γ−1) < 0 on (0, 1/2) (positive root (1+√5)/4), "
                           "1/√(1+4γ) < 1/√(1+2γ)" if paper_form else "")) if exact else "not shown for every γ > 0",
        certified_cover=cover_ok,
        tolerance="identity 1e-20 relative; inequalities certified",
        achieved_error=max((r["rel_err"] for r in rows), key=float),
    )
    if bad is None and orient[0] is None and not identity_exact:
        bad = ("identity (SymPy's integral)", "γ ∈ {1/7, 2/3, 3, 41}", str(sym), str(first.rhs))
    for name, sign in signs.items():  # a failure anywhere on γ > 0, exactly
        if bad is None and sign["holds"] is False:
            listed = {k: v if isinstance(v, str) else ", ".join(v) for k in ("zeros", "poles") if (v := sign.get(k))}
            bad = (name, sign["at"], f"{sign.get('why', 'it fails there')} (on γ > 0: "
                   + "; ".join(f"{k} {v}" for k, v in listed.items()) + ")", "the relation as stated")
    if bad is None:  # probe beyond the cover too, γ = 10^{±9} … 10^{±40} (referee ED, ED-3), where no exact step
        # decided the link: a probe never overrides an exact proof, and refutes only on a certified ball or a side
        # undefined or not real at two precisions (referee EF, EF-2 and EF-6)
        for name, o in (("first inequality", orient[1]), ("second inequality", orient[2])):
            if o is None or signs[name]["holds"] is True:
                continue
            found = _probe_beyond_cover(o[0])
            if found is not None:
                bad = (name, found[0], found[1], "0")
                break
    if bad is None and cover_bad is not None:
        bad = (
            "cover of [1e-8, 1e8]",
            cover_bad[0],
            f"E = {cover_bad[1]}, intermediate = {cover_bad[2]}",
            f"bound = {cover_bad[3]}",
        )
    if bad is None and cover_ok is None and not exact:
        return inconclusive(
            "symbolic+numeric+certified",
            ("the interval cover could not separate the three functions on some interval"
             if cover_applies else "no exact decision for every link, and the interval cover (which needs <, ≤ "
             "links and sides shown increasing) was not run") + "; no failing point found",
            **ev,
        )
    if bad:
        return refuted(
            "symbolic+numeric+certified",
            f"the {bad[0]} fails at γ = {bad[1]}: {bad[2]} vs {bad[3]}",
            witness={"part": bad[0], "gamma": bad[1], "left": bad[2], "right": bad[3]},
            **ev,
        )
    if not exact:  # the cover holds and no probe beyond it fails, but "for all γ > 0" is not shown (referee EB, F2)
        return inconclusive(
            "symbolic+numeric+certified",
            "both inequalities hold on a certified interval cover of [1e-8, 1e8] and no probe at γ = 10^{±9} … "
            "10^{±40} shows a failure, but they are not shown for every γ > 0 (SymPy cannot list the gaps' zeros)",
            **ev,
        )
    removable = {name: sign["removable"] for name, sign in signs.items() if sign.get("removable")}
    if removable:  # as written a side is undefined there; its continuous extension holds (referee EF, EF-3)
        where = "; ".join(f"{name} at γ = {', '.join(pts)}" for name, pts in removable.items())
        point = next(iter(next(iter(removable.values()))))
        return refuted(
            "symbolic+numeric+certified",
            f"as written a side is undefined at a removable singularity ({where}); with each side's continuous "
            "extension every link holds for every γ > 0 exactly",
            witness={"part": next(iter(removable)), "gamma": point, "left": "undefined", "right": "the relation"},
            regime={"region": "γ > 0", "holds_on": "part", "conditions": [f"\\gamma \\neq {pt}" for pts in
                                                                        removable.values() for pt in pts],
                    "witness": {"gamma": point},
                    "readings": {"as written (a side undefined at " + where + ")": "none: undefined there",
                                 "each side's continuous extension": "all: every link holds for every γ > 0 "
                                 "exactly"}},
            **ev,
        )
    return verified(
        "symbolic+numeric+certified",
        ("identity equals SymPy's integral (50 digits at rational γ) and 30-digit quadrature; both inequalities"
         if paper_relations else "the links, each as its relation reads,")
        + " hold for every γ > 0 exactly (each inequality's gap has no pole and keeps its sign between its zeros: "
        "SymPy solveset, its sign on each piece)" + (" and on a certified interval cover of [1e-8, 1e8]" if cover_ok
                                                    else " (the interval cover did not decide: "
                                                    + ("it could not separate them)" if cover_applies
                                                       else "not run: it needs <, ≤ links and sides shown "
                                                       "increasing)"))
        + f" (E/γ → {small}, intermediate/γ → {small_inter} as γ → 0)",
        **ev,
    )


def _probe_beyond_cover(gap: sp.Expr) -> tuple[str, str] | None:
    """(γ, why) at the first γ = 10^{±k}, k = 9 … 40, where ``gap`` (an inequality's, > 0 or ≥ 0 where it holds)
    certainly fails (:func:`_gap_status` at 3k + 40 digits: a ball below 0, or a side not real or undefined at two
    precisions); None when no probe shows a failure. A ball that contains 0, or a gap the ball arithmetic cannot
    evaluate, decides nothing."""
    for order in range(9, 41):
        for power in (order, -order):
            status, why = _gap_status(gap, False, f"1e{power}", 3 * order + 40)
            if status == "fails":
                return f"1e{power}", why
    return None


def window_error(f_squared: sp.Poly, g: Any) -> sp.Expr:
    r"""E_z[f(z)²(1 − e^{−γz²})²] exactly, for f² given as a polynomial in z and γ = ``g`` (a number or a symbol):
    the Gaussian moments E[z^{2m} e^{−cz²}] = (2m−1)!!(1+2c)^{−m−1/2} at c = 0, γ, 2γ."""

    def moment(cc: Any) -> Any:
        return sum(
            coef * gaussian_moment(m[0]) * (1 + 2 * cc) ** (-sp.Rational(m[0] + 1, 2)) for m, coef in f_squared.terms()
        )

    return moment(0) - 2 * moment(g) + moment(2 * g)


@decides("<")  # it tests E < bound at every point (referee EL, EL-14: ">" had been refuted with a ">" witness)
def check_approximation_error(
    claimed: Statement = APPROXIMATION_ERROR,
    polys: Sequence[str] = ("2*x", "x", "x^3 - 3*x", "(x^3-3*x)/sqrt(6)"),
    gammas: Sequence[str] = ("0.01", "0.1", "0.5", "1", "4"),
) -> Verdict:
    r"""Theorem 6, first line (display (2, 23)): E_z[(f(z) − f_γ(z))²] < right side(γ) for a degree-q polynomial f.

    E[f²(1 − e^{−γz²})²] is computed exactly from Gaussian moments: E[z^{2m} e^{−cz²}] = (2m−1)!!(1+2c)^{−m−1/2}.
    The paper's Step 1 hides a constant depending on f (≲); the theorem states < 2γ without it. Since
    E[f²(1 − e^{−γz²})²] ≤ γ²E[z⁴f²], the printed bound holds for γ < γ_0(f) = 2/E[z⁴f²] (recorded exactly for each
    f): it fails only at moderate γ, above an f-dependent threshold, and §3.4's use with γ = d^{−ε_p/(4(q+1))} → 0
    is unaffected (referee I).
    """
    bound_f = side_function(claimed)
    zz = sp.Symbol("z", real=True)
    rows, bad = [], None
    for ftxt in polys:
        f = sp.sympify(ftxt.replace("x", "z").replace("^", "**"), locals={"z": zz})  # our own constant test inputs
        expr = window_error(sp.Poly(sp.expand(f**2), zz), gamma)
        for g in gammas:
            val = sp.N(expr.subs(gamma, sp.Rational(g)), 30)
            with mpmath.workdps(DPS):
                bound = bound_f(to_mpf(g))
                rows.append({"f": ftxt, "gamma": g, "E": str(sp.N(val, 15)), "bound": fmt(bound, 15)})
                if bad is None and not (mpmath.mpf(str(val)) < bound):
                    bad = {"f": ftxt, "gamma": g, "E": str(sp.N(val, 20)), "bound": fmt(bound)}
    thresholds = {}  # γ_0(f) = 2/E[z⁴f²]: below it γ²E[z⁴f²] < 2γ, so the printed bound holds
    for ftxt in polys:
        f = sp.sympify(ftxt.replace("x", "z").replace("^", "**"), locals={"z": zz})
        m4 = gaussian_expectation(zz**4 * f**2, zz)
        thresholds[ftxt] = str(sp.nsimplify(2 / m4))
    ev = dict(
        points=rows, method_note="exact Gaussian moments (SymPy), 30 digits", tolerance="exact", achieved_error="0",
        holds_below_gamma=thresholds,
    )
    if bad:
        ok = _corrected_approx_ok(polys, gammas)
        return refuted(
            "exact",
            f"for f = {bad['f']}, γ = {bad['gamma']}: E[(f − f_γ)²] = {bad['E'][:10]} ≥ "
            f"{bad['bound'][:6]}: not for every γ; it holds at least for γ < γ_0(f) = 2/E[z⁴f²] (a sufficient "
            "threshold, not the boundary: referee DB, DB-5) "
            f"(γ_0 = {thresholds[bad['f']]} for f = {bad['f']}), since E[(f − f_γ)²] ≤ γ² E[z⁴ f(z)²], so it fails "
            "only at moderate γ, and §3.4's use "
            "with γ → 0 is unaffected (the proof's f_γ = f e^{−γz²}; Theorem 6's own f_γ, for some a, is decided by "
            "thm6.existence)"
            + ("; corrected: E[(f − f_γ)²] ≤ min(γ² E[z⁴f²], E[f²]) for every γ" if ok else ""),
            corrected=claimed.perturb(rel="<=", rhs=APPROXIMATION_ERROR_CORRECT) if ok else None,
            witness=bad,
            **ev,
        )
    return verified("exact", "E[(f − f_γ)²] < bound for every f and γ tried", **ev)


def _correction_moments(f_squared: Callable, phi: Callable, nodes: list) -> tuple[Any, Any]:
    """(E[z⁴f²], E[f²]) by quadrature on ``nodes``: the two terms of the corrected bound min(γ²E[z⁴f²], E[f²]) that
    thm6.approximation-error and thm6.step1-sup-bound report (from 0 ≤ 1 − e^{−u} ≤ min(u, 1))."""
    return (mpmath.quad(lambda u: u**4 * f_squared(u) * phi(u), nodes),
            mpmath.quad(lambda u: f_squared(u) * phi(u), nodes))


def _corrected_approx_ok(polys: Sequence[str], gammas: Sequence[str]) -> bool:
    """E[f²(1−e^{−γz²})²] ≤ min(γ² E[z⁴f²], E[f²]) (from 0 ≤ 1 − e^{−u} ≤ min(u, 1)), checked by quadrature."""
    with mpmath.workdps(15):

        @cert.memoized  # every quadrature below runs on [−∞, 0, ∞] at one precision: the same nodes
        def phi(u: Any) -> Any:
            return mpmath.exp(-(u**2) / 2) / mpmath.sqrt(2 * PI)

        for ftxt in polys:
            if "sqrt" in ftxt:
                continue
            cs = cert.parse_polynomial(ftxt).coefficients

            @cert.memoized
            def fv(u: Any, cs: Any = cs) -> Any:
                return sum(mpmath.mpf(co.numerator) / co.denominator * u**i for i, co in enumerate(cs))

            # the two moments of the bound do not depend on γ: computed once per f
            m4, m0 = _correction_moments(lambda u, fv=fv: fv(u) ** 2, phi, [-mpmath.inf, 0, mpmath.inf])
            for g in list(gammas)[::2]:
                G = to_mpf(g)
                E = mpmath.quad(
                    lambda u, G=G: fv(u) ** 2 * mpmath.expm1(-G * u**2) ** 2 * phi(u), [-mpmath.inf, 0, mpmath.inf]
                )
                B = min(G**2 * m4, m0)
                if E > B:
                    return False
    return True


def check_step1_sup_bound(
    claimed_factor: Callable | None = None,
    polys: Sequence[str] = ("1", "x", "x^3 - 3*x"),
    gammas: Sequence[str] = ("0.05", "0.5", "2"),
    corrected_scale: str = "1",
) -> Verdict:
    r"""Display (2, 24), second line: E_x[f²(1−e^{−γx²})²] ≤ S_f · E_x[(1−e^{−γx²})²] with the paper's factor
    S_f = sup_x (2π)^{−1/2}|f(x)|² e^{−x²/2} (``claimed_factor=None``; otherwise ``claimed_factor(f)`` gives S_f).
    Both sides by quadrature (30 digits); the sup by a grid plus golden-section refinement. (For this to hold one
    needs ∫ (1−e^{−γx²})² dx, which is infinite.) The correction :data:`STEP1_SUP_CORRECTED` is checked at the same
    points (its right side × ``corrected_scale``, which tests perturb) before it is reported."""
    rows, bad, corrected_ok = [], None, True
    excess = numerical = mpmath.mpf(0)
    with mpmath.workdps(DPS):

        @cert.memoized  # every quadrature below runs on [−∞, −1, 0, 1, ∞] at one precision: the same nodes
        def phi(u: Any) -> Any:
            return mpmath.exp(-(u**2) / 2) / mpmath.sqrt(2 * PI)

        windows: dict = {}  # γ -> (u -> (e^{−γu²} − 1)², remembered at the nodes; E[(1 − e^{−γx²})²])
        for g in gammas:
            G = to_mpf(g)
            window = cert.memoized(lambda u, G=G: mpmath.expm1(-G * u**2) ** 2)
            w2, w2_err = mpmath.quad(lambda u, w=window: w(u) * phi(u), [-mpmath.inf, -1, 0, 1, mpmath.inf],
                                     error=True)
            windows[g] = window, w2
            numerical = max(numerical, w2_err / abs(w2))

        for ftxt in polys:
            cs = [mpmath.mpf(co.numerator) / co.denominator for co in cert.parse_polynomial(ftxt).coefficients]

            def fv(u: Any, cs: list = cs) -> Any:
                return sum(co * u**i for i, co in enumerate(cs))

            S = claimed_factor(fv) if claimed_factor is not None else _sup_phi_f2(fv)
            fv2 = cert.memoized(lambda u, fv=fv: fv(u) ** 2)
            # the correction's moments E[x⁴f²] and E[f²] (its right side's two terms), by quadrature
            m4, m0 = _correction_moments(fv2, phi, [-mpmath.inf, -1, 0, 1, mpmath.inf])
            for g in gammas:
                window, w2 = windows[g]
                lhs, lhs_err = mpmath.quad(lambda u, w=window: fv2(u) * w(u) * phi(u),
                                           [-mpmath.inf, -1, 0, 1, mpmath.inf], error=True)
                rhs = S * w2
                numerical = max(numerical, lhs_err / abs(lhs))
                excess = max(excess, (lhs - rhs) / max(abs(lhs), abs(rhs)))
                fixed = to_mpf(corrected_scale) * min(to_mpf(g) ** 2 * m4, m0)
                corrected_ok &= bool(lhs <= fixed * (1 + to_mpf("1e-20")))
                rows.append({"f": ftxt, "gamma": g, "lhs": fmt(lhs), "rhs": fmt(rhs), "sup_factor": fmt(S),
                             "corrected_rhs": fmt(fixed)})
                if bad is None and lhs > rhs * (1 + to_mpf("1e-20")):
                    bad = rows[-1]
    ev = dict(points=rows, tolerance="1e-20 relative", largest_relative_excess=fmt(excess, 3),
              achieved_error=fmt(numerical, 3),
              achieved_error_from="mpmath.quad's error estimates, relative, largest over the quadratures (30 digits)")
    if bad:
        return refuted(
            "numeric",
            f"for f = {bad['f']}, γ = {bad['gamma']}: E[f²(1−e^{{−γx²}})²] = {bad['lhs'][:10]} > "
            f"{bad['rhs'][:10]} (the sup of φf² times E[(1−e^{{−γx²}})²] double-counts the Gaussian weight); "
            + ("corrected: E[f²(1−e^{−γx²})²] ≤ min(γ²E[x⁴f²], E[f²]) (0 ≤ 1 − e^{−u} ≤ min(u, 1)), met at every f "
               "and γ tried" if corrected_ok else "the correction min(γ²E[x⁴f²], E[f²]) fails at a point tried"),
            corrected=STEP1_SUP_CORRECTED if corrected_ok else None,
            witness=bad,
            **ev,
        )
    return verified("numeric", "the inequality holds at every f and γ tried", **ev)


def _sup_phi_f2(fv: Callable) -> Any:
    def g(u: Any) -> Any:
        return fv(u) ** 2 * mpmath.exp(-(u**2) / 2) / mpmath.sqrt(2 * PI)

    return cert.sup_abs(g, scale=1, points=241, span=8, dps=DPS)[0]


def _integrands(claimed: Statement) -> tuple[sp.Expr, sp.Expr]:
    """Both sides with every E_b[·] replaced by its integrand (E is linear), σ = tanh and a(b) a free symbol A:
    the equality of expectations for every integrable a follows from the pointwise identity of the integrands."""
    A = sp.Symbol("A", real=True)

    def strip(expr: sp.Expr) -> sp.Expr:
        expr = expr.replace(lambda e: isinstance(e, Expect), lambda e: e.args[0])
        return expr.replace(_a, lambda arg: A).replace(_sigma, sp.tanh)

    return strip(claimed.lhs), strip(claimed.rhs)


@decides("=")
def check_sign_flip(
    claimed: Statement = SIGN_FLIP, points: Sequence = (("0.3", "1.7", "2"), ("-1", "0.4", "0.5"), ("2", "-3", "1"))
) -> Verdict:
    """Display (2, 26): the two expectations agree for every integrable a when their integrands agree pointwise
    (σ = tanh): checked exactly in SymPy and at sample points (mpmath, a ≡ 1)."""
    left, right = _integrands(claimed)
    exact = sp.simplify((left - right).rewrite(sp.exp)) == 0
    A = sp.Symbol("A", real=True)
    lf = sp.lambdify((z, b, eta), left.subs(A, 1), "mpmath")
    rf = sp.lambdify((z, b, eta), right.subs(A, 1), "mpmath")
    rows = []
    with mpmath.workdps(DPS):
        for zv, bv, ev_ in points:
            lv, rv = lf(to_mpf(zv), to_mpf(bv), to_mpf(ev_)), rf(to_mpf(zv), to_mpf(bv), to_mpf(ev_))
            rows.append(
                {"z": zv, "b": bv, "eta": ev_, "lhs": fmt(lv), "rhs": fmt(rv), "abs_diff": fmt(abs(lv - rv), 3)}
            )
    ok = exact and all(mpmath.mpf(r["abs_diff"]) < mpmath.mpf("1e-25") for r in rows)
    reduction = sign_flip_reduction()
    ev = dict(points=rows, sympy_identity=exact, reduction=reduction, tolerance="exact; the reduction's quadrature "
              "to 1e-20", achieved_error="0" if ok else "O(1)")
    if not ok:
        return refuted("symbolic+numeric", f"the integrands differ: {left} vs {right}", witness=rows[0], **ev)
    if not reduction["holds"]:
        return refuted("numeric", "the reduction f ↦ −f(−x) does not reconstruct f_γ in the σ(ηz − b) form",
                       witness=reduction["rows"][0], **ev)
    return verified("symbolic+numeric", "tanh is odd, so the two expectations agree for every integrable a; and the "
                    "reduction the paper draws from it (\"changing f(x) with −f(−x)\") holds: the a that Theorem 6's "
                    "form gives for g(x) = −f(−x) reconstructs f_γ in the σ(ηz − b) form, E_b[a_g(b)σ(ηz − b)] = "
                    "−g_γ(−z) = f_γ(z), checked by quadrature (referee CW, CW-4)", **ev)


def sign_flip_reduction(f: str = "x^2 + x", gamma: str = "0.1", eta: str = "1", zs: Sequence[str] = ("0.3", "-1.2"),
                        flip: bool = True) -> dict[str, Any]:
    """The use the paper makes of (2, 26): with g(x) = −f(−x) (``flip``; else g = f, a perturbation), the corrected
    a·φ of Theorem 6's form for g, put in the σ(ηz − b) form, gives E_b[a_g(b)σ(ηz − b)] = ∫ a_gφ(b) tanh(ηz − b) db,
    compared with f_γ(z) = f(z)e^{−γz²} at each z (mpmath quadrature, 30 digits)."""
    coeffs = list(cert.parse_polynomial(f).coefficients)
    g_coeffs = [(-1) ** (k + 1) * c for k, c in enumerate(coeffs)] if flip else coeffs
    rows = []
    with mpmath.workdps(30):
        G, E = to_mpf(gamma), to_mpf(eta)
        a_phi = cert.corrected_a_phi_function(g_coeffs, G, E)
        for ztxt in zs:
            zv = to_mpf(ztxt)
            value = mpmath.quad(lambda b_: a_phi(b_) * mpmath.tanh(E * zv - b_), [-mpmath.inf, 0, mpmath.inf])
            target = cert.f_gamma(coeffs, G, zv)
            rows.append({"z": ztxt, "sigma_eta_z_minus_b_form": fmt(value), "f_gamma": fmt(target),
                         "abs_diff": fmt(abs(value - target), 3)})
    return {"f": f, "gamma": gamma, "eta": eta, "flip": flip, "rows": rows,
            "holds": all(mpmath.mpf(r["abs_diff"]) < mpmath.mpf("1e-20") for r in rows)}


# =============================================================================== Theorem 6 as one statement


#: m_k = E_z[f^{(k)}(z)] for z ~ N(0, 1) and V_k = ∫_ℝ |σ^{(k)}(x)| dx for σ = tanh (the obstruction's constants)
m_k = sp.Symbol("m_k", real=True)
V_k = sp.Symbol("V_k", positive=True)

#: Theorem 6, display (2, 23), both lines for one a: the least sup_b|a(b)φ(b)| over the a whose network
#: f_γ(z) = E_b[a(b)σ(ηz + b)] is within 2γ of f is ≲ the right side of cert.sup-bound (the same SymPy object).
EXISTENCE = Statement(
    sp.Symbol("M_min"),
    r"\lesssim",
    SUP_BOUND.rhs,
    variables=(q, gamma, eta),
    lhs_latex=r"\inf_{a:\ \E_z[(f - f_\gamma)^2] < 2\gamma}\ \sup_b|a(b)\phi(b)|",
    name="thm6.existence",
)

#: The obstruction (proved in :func:`check_existence`): every a with E_z[(f − f_γ)²] < 2γ has, for k = 1..q,
#: sup_b|a(b)φ(b)| ≥ (|m_k| − √(2γ k!)) / (η^k V_k).
OBSTRUCTION = Statement(
    sp.Symbol("M"),
    ">=",
    (sp.Abs(m_k) - sp.sqrt(2 * gamma * sp.factorial(k))) / (eta**k * V_k),
    variables=(k, gamma, eta, m_k, V_k),
    lhs_latex=r"\sup_b|a(b)\phi(b)|",
    name="thm6.obstruction",
)

#: the readings of the constant hidden in Theorem 6's ≲
EXISTENCE_READINGS = {
    "eta-fixed": "the constant may depend on f and η, not on γ (γ → 0 at fixed η)",
    "uniform": "the constant depends on f only, or on f and γ but not η (also η → 0 and η → ∞ at fixed γ)",
}


def derivative_mean(coefficients: Sequence[Fraction], order: int) -> Fraction:
    """m_k = E_z[f^{(k)}(z)], z ~ N(0, 1), for f = Σ c_n zⁿ (coefficients lowest degree first): exact,
    Σ_n c_n n!/(n−k)! E[z^{n−k}]."""
    return sum(
        (co * math.perm(n, order) * gaussian_moment(n - order) for n, co in enumerate(coefficients) if n >= order),
        Fraction(0),
    )


def hermite_projection(coefficients: Sequence[Fraction], order: int) -> Fraction:
    """E_z[f(z) He_k(z)] = k!·α_k, from :meth:`theorycheck.target.PolynomialTarget.hermite_coefficients`: equal to
    :func:`derivative_mean` by Gaussian integration by parts (an independent computation of the same number)."""
    if not any(coefficients):
        return Fraction(0)
    target = PolynomialTarget.from_coefficients(list(coefficients), require_information_exponent_one=False)
    alpha = target.hermite_coefficients()
    return alpha[order] * math.factorial(order) if order < len(alpha) else Fraction(0)


@functools.cache
def _obstruction_side(order: int) -> Callable:
    """The ``arb`` evaluator of :data:`OBSTRUCTION`'s right side at k = ``order``, a function of (γ, η, m_k, V_k):
    built once per k (SymPy substitution and the tree walk's closure are pure)."""
    return instance(OBSTRUCTION, {k: order}).evaluator("rhs", backend="arb", variables=(gamma, eta, m_k, V_k))


def _obstruction_ball(coeffs: Sequence[Fraction], order: int, g: sp.Rational, e: sp.Rational, prec: int) -> arb:
    """The right side of :data:`OBSTRUCTION` at k = ``order`` (a certified ball, at ``prec`` bits)."""
    side = _obstruction_side(order)
    m = derivative_mean(coeffs, order)
    with ctx.workprec(prec):
        args = (arb(g.p) / g.q, arb(e.p) / e.q, arb(m.numerator) / m.denominator)
        return side(*args, tanh_derivative_variation(order, prec))


def _lower_end(ball: arb) -> float:
    """A float at or below every point of the ball (what the constant must at least be)."""
    return math.nextafter(float(ball.lower()), -math.inf)


def _at_least(value: float, digits: int = 10) -> str:
    """``value`` printed with ``digits`` significant digits, rounded down (a printed lower bound stays one)."""
    return str(decimal.Context(prec=digits, rounding=decimal.ROUND_FLOOR).create_decimal(value))


def fourth_moment_weight(coefficients: Sequence[Fraction]) -> Fraction:
    """E_z[z⁴ f(z)²] for f = Σ c_n zⁿ (coefficients lowest degree first), exactly
    (:func:`theorycheck.target.gaussian_expectation`)."""
    f = sum(sp.Rational(c.numerator, c.denominator) * z**k_ for k_, c in enumerate(coefficients))
    value = gaussian_expectation(z**4 * f**2, z)
    return Fraction(int(value.p), int(value.q))


#: where :func:`wider_window_construction` measures the repaired a's sup against the proved bounds (γ', η): the
#: bounds are proved above, the measurement (a grid maximum, below the true sup) is the check that could fail
WIDER_WINDOW_PROBES: tuple[tuple[str, str], ...] = (("1/100", "1"), ("1/10000", "1/2"), ("1/1000000", "2"))


def wider_window_construction(coefficients: Sequence[Fraction], bound: sp.Expr,
                              proved_bounds: Sequence[Statement] | None = None) -> dict:
    """An upper route for the ``eta-fixed`` reading (referee BX, BX1): the repaired a (thm6.repaired) built for the
    wider window γ' = √(γ/E[z⁴f²]) has error E[f²(1 − e^{−γ'z²})²] ≤ γ'²E[z⁴f²] = γ < 2γ ((1 − e^{−u})² ≤ u²) and
    size at most a proved bound at γ': thm6.repaired's, |aφ| ≤ |f_γ(w)|/π (of order γ'^{−q/2}), and the sharper one
    through the imaginary part (:data:`PROVED_SUP_BOUND_IMAGINARY`, of order γ'^{−(q−1)/2}; it decides q = 3: the
    re-check of 2026-12-02). Each bound's ratio to the claimed ``bound`` (q substituted) as γ → 0, with η a positive
    symbol (every η at once): finite means Theorem 6 holds for f with a constant depending on f and η; ∞ for both
    means this route proves nothing (the obstruction decides the other way, or neither does). Each bound is also
    held against the measured sup of the repaired a at :data:`WIDER_WINDOW_PROBES` (a bound below it is wrong)."""
    m4 = fourth_moment_weight(coefficients)
    wider = sp.sqrt(gamma / sp.Rational(m4.numerator, m4.denominator))
    with mpmath.workdps(DPS):  # the repaired a's measured sup at each probe, once for every bound held against it
        sups = {}
        for gtxt, etxt in WIDER_WINDOW_PROBES:
            g, e = to_mpf(gtxt), to_mpf(etxt)
            sups[gtxt, etxt] = cert.sup_abs(cert.corrected_a_phi_function(list(coefficients), g, e),
                                            scale=e / mpmath.sqrt(g), period=cert.a_phi_period(g, e))[0]
    routes = {}
    for statement in proved_bounds if proved_bounds is not None else (PROVED_SUP_BOUND, PROVED_SUP_BOUND_IMAGINARY):
        proved = with_polynomial(statement, list(coefficients)).rhs.doit()
        limit = one_sided_limit(proved.subs(gamma, wider) / bound, gamma, 0)
        at = evaluator(proved, (gamma, eta))
        probes = []
        with mpmath.workdps(DPS):
            for (gtxt, etxt), sup in sups.items():
                value = at(to_mpf(gtxt), to_mpf(etxt))
                probes.append({"gamma": gtxt, "eta": etxt, "measured_sup": fmt(sup), "bound": fmt(value),
                               "holds": bool(sup <= value)})
        routes[_route_name(statement)] = {
            "limit_of_size_over_bound": str(limit),
            "finite": limit is not None and bool(limit.is_finite) and all(p_["holds"] for p_ in probes),
            "probes": probes,
        }
    finite = any(r["finite"] for r in routes.values())
    wrong = [name for name, r in routes.items() if not all(p_["holds"] for p_ in r["probes"])]
    return {"E[z^4 f^2]": str(m4), "window": paper_latex(wider), "routes": routes,
            "finite_for_every_eta": finite and not wrong, **({"bound_below_the_measured_sup": wrong} if wrong else {})}


def _route_name(statement: Statement) -> str:
    return ("|f_γ(w)|/π (thm6.repaired)" if statement is PROVED_SUP_BOUND else
            "the imaginary part, (y/π) sup|F'|" if statement is PROVED_SUP_BOUND_IMAGINARY else "a given bound")


#: the L of :func:`quadratic_tail_obstruction`'s table (the lower bound on sup|aφ| grows like L ∝ √log(1/γ))
TAIL_LS: tuple[int, ...] = (4, 8, 16, 32)


def _arb_of(value: Fraction) -> arb:
    """An exact rational as an arb ball (at the working precision)."""
    return arb(value.numerator) / value.denominator


def quadratic_tail_obstruction(coefficients: Sequence[Fraction], bound: sp.Expr, etas: Sequence[sp.Rational],
                               prec: int) -> dict | None:
    """For f of degree 2 (referee BX, BX1), a second obstruction, from growth: f_a(z) = ∫a(b)φ(b)σ(ηz + b)db is
    K-Lipschitz with K = 2ηM (M = sup|aφ|), while f grows quadratically. With c_2 > 0 (else −f), g = f − f(0),
    u = f_a(0) − f(0) and K ≤ κ = c_2L/4: on [L, 2L], f − f_a ≥ A − u with A = c_2L² − 2|c_1|L − 2κL; on [−1, 1],
    f − f_a ≤ B − u with B = c_2 + |c_1| + κ. If A > B, whatever u, |f − f_a| ≥ (A − B)/2 on one of the two
    intervals, so E[(f − f_a)²] ≥ Φ(L) = ((A − B)/2)²·min(P(L ≤ z ≤ 2L), P(|z| ≤ 1)). Hence every a with error
    < 2γ ≤ Φ(L) has K > κ: M > c_2L/(8η). As γ → 0, L can grow (Φ(L) → 0), so M → ∞, while the claimed bound at
    q = 2 has a finite limit: no constant depending on f and η serves. The table: at each η and L, γ_L = Φ(L)/2
    (a certified lower end) and the constant the ≲ needs there, c_2L/(8η) over the bound at (γ_L, η). None unless
    deg f = 2."""
    if len(coefficients) != 3:
        return None
    _, c1, c2 = (abs(c) for c in coefficients)
    rows, limits = [], {}
    bound_ball = evaluator(bound, (gamma, eta), backend="arb")
    for e in etas:
        limits[str(e)] = str(one_sided_limit(bound.subs(eta, e), gamma, 0))
        for L in TAIL_LS:
            kappa = Fraction(c2) * L / 4
            a_, b_ = c2 * L * L - 2 * c1 * L - 2 * kappa * L, c2 + c1 + kappa
            if a_ <= b_:
                continue
            with ctx.workprec(prec):
                half = _arb_of(Fraction(a_ - b_)) / 2
                tail = (arb(L) / arb(2).sqrt()).erfc() / 2 - (arb(2 * L) / arb(2).sqrt()).erfc() / 2
                middle = 1 - (arb(1) / arb(2).sqrt()).erfc()
                if not tail.upper() < middle.lower():  # the minimum not certified: no row
                    continue
                shown = _at_least(_lower_end(half * half * tail / 2), 6)  # a decimal γ ≤ Φ(L)/2
                g_at = sp.Rational(shown)
                needed = _arb_of(Fraction(c2) * L / 8 / Fraction(e.p, e.q)) / bound_ball(arb(g_at.p) / g_at.q,
                                                                                         arb(e.p) / e.q)
            rows.append({"eta": str(e), "L": L, "gamma": shown, "sup_at_least": str(Fraction(c2) * L / 8 / e),
                         "constant_needed": _at_least(_lower_end(needed))})
    finite = all(v not in ("oo", "None", "0", "-oo") and not v.startswith("zoo") for v in limits.values())
    grows = all(float(r2["constant_needed"]) > float(r1["constant_needed"])
                for r1, r2 in zip(rows, rows[1:], strict=False) if r1["eta"] == r2["eta"])
    return {"limit_of_bound": limits, "table": rows, "refutes": finite and grows and bool(rows)}


def _existence_for(
    coeffs: Sequence[Fraction], bound: sp.Expr, etas: Sequence[sp.Rational], gammas: Sequence[sp.Rational], prec: int
) -> dict:
    """Both readings for one f: the exact limits that decide them and certified tables of what the constant
    must exceed. ``bound`` is the claimed right side with q = deg f substituted."""
    deg = len(coeffs) - 1
    orders = [kk for kk in range(1, deg + 1) if derivative_mean(coeffs, kk) != 0]  # m_q = q!c_q ≠ 0 always
    bound_ball = evaluator(bound, (gamma, eta), backend="arb")

    def needed(g: sp.Rational, e: sp.Rational) -> tuple[float, int]:
        """max_k obstruction_k / bound at (γ, η): the least constant the ≲ can carry there, and its k."""
        best = (-math.inf, 0)
        with ctx.workprec(prec):
            claimed = bound_ball(arb(g.p) / g.q, arb(e.p) / e.q)
            for kk in orders:
                best = max(best, (_lower_end(_obstruction_ball(coeffs, kk, g, e, prec) / claimed), kk))
        return best

    out: dict = {"q": deg, "m_k": {kk: str(derivative_mean(coeffs, kk)) for kk in range(1, deg + 1)}}
    def row(g: sp.Rational, e: sp.Rational) -> dict:
        value, kk = needed(g, e)
        return {"gamma": str(g), "eta": str(e), "k": kk, "constant_needed": _at_least(value), "value": value}

    gamma_path = []
    for e in etas:
        limit = one_sided_limit(bound.subs(eta, e), gamma, 0)
        gamma_path.append({"eta": str(e), "limit_of_bound": str(limit), "table": [row(g, e) for g in gammas]})
    eta_path = []  # η → 0 and η → ∞ at a fixed γ₀ where L_k ≥ |m_k|/(2η^k V_k)
    for kk in orders:
        m = derivative_mean(coeffs, kk)
        g0 = min(sp.Rational(1, 100), sp.Rational(m.numerator**2, 8 * m.denominator**2 * math.factorial(kk)))
        for point, etas_along in ((0, (sp.Rational(1, 2), sp.Rational(1, 16), sp.Rational(1, 256))),
                                  (sp.oo, (2, 16, 256))):
            limit = one_sided_limit(eta**kk * bound.subs(gamma, g0), eta, point, "+" if point == 0 else "-")
            eta_path.append(
                {"k": kk, "gamma": str(g0), "eta_to": str(point), "limit_of_eta^k_bound": str(limit),
                 "table": [row(g0, sp.Rational(e)) for e in etas_along]}
            )
    fixed_fails = [row for row in gamma_path if row["limit_of_bound"] == "0"]
    uniform_fails = fixed_fails + [row for row in eta_path if row["limit_of_eta^k_bound"] == "0"]
    construction = wider_window_construction(coeffs, bound)
    tail = quadratic_tail_obstruction(coeffs, bound, etas, prec)
    fixed_holds = not fixed_fails and construction["finite_for_every_eta"]
    tail_refutes = bool(tail and tail["refutes"])
    undecided = [row for row in gamma_path if row["limit_of_bound"] == "None"]
    undecided += [row for row in eta_path if row["limit_of_eta^k_bound"] == "None"]
    out.update(
        gamma_to_0=gamma_path,
        eta_to_0=eta_path,
        wider_window_construction=construction,
        **({"quadratic_tail_obstruction": tail} if tail else {}),
        readings={
            "eta-fixed": "refuted" if fixed_fails or tail_refutes else "holds" if fixed_holds else "not refuted",
            "uniform": "refuted" if uniform_fails or tail_refutes else "not refuted",
        },
        undecided_limits=len(undecided),
    )
    return out


def _obstruction_on_a_construction(points: Sequence[tuple[str, str, str]], prec: int) -> list[dict]:
    """The obstruction tried on actual second layers: the corrected closed form a of Step 3, which reconstructs
    f_γ = f e^{−γz²} exactly (cert.closed-form). Its sup|aφ| (measured, :func:`theorycheck.certificate.sup_abs`)
    must be at least the obstruction with 2γ replaced by its own error E[f²(1 − e^{−γz²})²] (exact): a ratio
    below 1 would mean the obstruction is wrong. For f = x the ratio tends to 1: the obstruction is sharp."""
    zz = sp.Symbol("z", real=True)
    rows = []
    for ftxt, gtxt, etxt in points:
        coeffs = list(cert.parse_polynomial(ftxt).coefficients)
        f = sum(co * zz**n for n, co in enumerate(coeffs))
        err = window_error(sp.Poly(sp.expand(f**2), zz), sp.Rational(gtxt))
        with mpmath.workdps(DPS):
            g, e, error = to_mpf(gtxt), to_mpf(etxt), to_mpf(sp.N(err, DPS))
            sup, _arg = cert.sup_abs(cert.corrected_a_phi_function(coeffs, g, e), scale=e / mpmath.sqrt(g),
                                     period=cert.a_phi_period(g, e))
            obstruction = -mpmath.inf
            for kk in range(1, len(coeffs)):
                m = derivative_mean(coeffs, kk)
                v_k = to_mpf(tanh_derivative_variation(kk, prec).mid().str(DPS, radius=False))
                gap = abs(mpmath.mpf(m.numerator) / m.denominator) - mpmath.sqrt(error * math.factorial(kk))
                obstruction = max(obstruction, gap / (e**kk * v_k))
            rows.append(
                {
                    "f": ftxt,
                    "gamma": gtxt,
                    "eta": etxt,
                    "error": str(sp.N(err, 6)),
                    "sup_a_phi": fmt(sup, 10),
                    "obstruction": fmt(obstruction, 10),
                    "ratio": fmt(sup / obstruction, 8),
                }
            )
    return rows


def check_existence(
    claimed: Statement = EXISTENCE,
    polys: Sequence[str] = ("x", "2*x - 1", "x^2 + x", "x^2", "x^3 - 3*x", "x^4 - x", "x^5 + x"),
    etas: Sequence[str] = ("1", "1/2", "4"),
    gammas: Sequence[str] = ("1/100", "1/10000", "1/100000000", "1/1000000000000"),
    sharpness: Sequence[tuple[str, str, str]] = (("x", "1/100", "1"), ("x", "1/10000", "1"), ("x^2", "1/100", "1")),
    prec: int = 128,
) -> Verdict:
    r"""Theorem 6 (display (2, 23)) as one statement: some a has both E_z[(f − f_γ)²] < 2γ and
    sup_b|a(b)φ(b)| ≤ C·bound(q, γ, η), with C not depending on γ (reading ``eta-fixed``) or on γ and η
    (``uniform``).

    The obstruction (a short proof, checked on actual a below). Let M = sup_b|a(b)φ(b)| < ∞ and g = f − f_γ.
    Since ∫|σ(ηz + b) − σ(ηz' + b)| db = 2η|z − z'|, f_γ is 2ηM-Lipschitz; more generally
    |f_γ^{(k)}| ≤ η^k M V_k with V_k = ∫|σ^{(k)}| (:func:`theorycheck.numerics.tanh_derivative_variation`;
    V_1 = V_2 = 2). Gaussian integration by parts and Cauchy–Schwarz give
    |E f^{(k)}| − η^k V_k M ≤ |E[g^{(k)}]| = |E[g He_k]| ≤ √(k! E[g²]) < √(2γ k!), hence
    M ≥ (|m_k| − √(2γ k!))/(η^k V_k) =: L_k (:data:`OBSTRUCTION`). So C ≥ L_k/bound at every (γ, η).

    Decided exactly: L_k(γ, η) → |m_k|/(η^k V_k) > 0 as γ → 0, so under ``eta-fixed`` the statement fails
    for f as soon as bound(γ) → 0 as γ → 0 at some η (a SymPy limit through the Max,
    :func:`theorycheck.asymptotics.one_sided_limit`); under ``uniform`` also as soon as η^k·bound(γ₀, η) → 0
    as η → 0 for a k with m_k ≠ 0 (γ₀ ≤ m_k²/(8k!), so L_k ≥ |m_k|/(2η^k V_k)). Certified python-flint
    tables give the least constant at the grid points. Refuted when some f fails under both readings;
    inconclusive otherwise (an obstruction cannot prove existence; cert.sup-bound measures the paper's a).
    """
    bound = claimed.rhs
    rats = [sp.Rational(g) for g in gammas]
    erats = [sp.Rational(e) for e in etas]
    per_f = {}
    for ftxt in polys:
        coeffs = list(cert.parse_polynomial(ftxt).coefficients)
        if len(coeffs) < 2:
            raise ValueError(f"check_existence needs a non-constant f, got {ftxt!r}")
        for kk in range(1, len(coeffs)):
            if derivative_mean(coeffs, kk) != hermite_projection(coeffs, kk):
                raise AssertionError(f"E f^({kk}) ≠ E[f He_{kk}] for f = {ftxt}: Gaussian integration by parts broken")
        per_f[ftxt] = _existence_for(coeffs, bound.subs(q, len(coeffs) - 1), erats, rats, prec)
    sharp = _obstruction_on_a_construction(sharpness, prec)
    lemma_ok = all(mpmath.mpf(row["ratio"]) >= 1 for row in sharp)
    sub_regions = {
        reading: {
            "refuted_for_q": sorted({r["q"] for r in per_f.values() if r["readings"][reading] == "refuted"}),
            "not_refuted_for_q": sorted({r["q"] for r in per_f.values() if r["readings"][reading] != "refuted"}),
            "holds_for_q": sorted({r["q"] for r in per_f.values() if r["readings"][reading] == "holds"}),
        }
        for reading in EXISTENCE_READINGS
    }
    ev = dict(
        readings=EXISTENCE_READINGS,
        per_polynomial=per_f,
        sub_regions=sub_regions,
        obstruction_on_the_corrected_construction=sharp,
        V_k={kk: fr.ball_str(tanh_derivative_variation(kk, prec), 15) for kk in range(1, 6)},
        method_note="exact SymPy limits (through Max) decide; python-flint balls at "
        f"{prec} bits for the tables; 30-digit sups for the construction",
        tolerance="exact (limits); certified (tables)",
        achieved_error="0",
    )
    if not lemma_ok:
        return inconclusive(
            "exact+certified",
            "the obstruction failed on a computed second layer (sup|aφ| below it): the check itself is in doubt",
            **ev,
        )
    both = [f for f, r in per_f.items() if all(v == "refuted" for v in r["readings"].values())]
    by_limit = [f for f in both if any(path["limit_of_bound"] == "0" for path in per_f[f]["gamma_to_0"])]
    if both and not by_limit:  # refuted by growth alone (degree 2: quadratic_tail_obstruction)
        f0 = both[0]
        row = max(per_f[f0]["quadratic_tail_obstruction"]["table"], key=lambda r: float(r["constant_needed"]))
        return refuted(
            "exact+certified",
            f"for f = {f0} (q = 2): f_a(z) = ∫a(b)φ(b)σ(ηz + b)db is 2η·sup|aφ|-Lipschitz and f is quadratic, so every "
            f"a with E[(f − f_a)²] < 2γ ≤ Φ(L) has sup|aφ| > c_2L/(8η): at η = {row['eta']}, γ = {row['gamma']} the "
            f"constant in ≲ must exceed {row['constant_needed']}, and it grows like √log(1/γ) as γ → 0, while the "
            "bound tends to a finite limit. Refuted under both readings for q ∈ "
            f"{sub_regions['eta-fixed']['refuted_for_q']}",
            witness={"f": f0, **row},
            **ev,
        )
    if both:
        f0 = by_limit[0]
        r0 = per_f[f0]
        path = next(path for path in r0["gamma_to_0"] if path["limit_of_bound"] == "0")
        worst = max(path["table"], key=lambda row: row["value"])
        shown = (
            f"must exceed {worst['constant_needed']} at γ = {worst['gamma']} (k = {worst['k']}) and grows without limit"
            if worst["value"] > 0
            else "grows without limit (the grid's γ are too large for the obstruction to be positive yet)"
        )
        # the η directions in which η^k·bound → 0 at fixed γ (the uniform reading's failures beyond γ → 0)
        eta_dirs = sorted({row["eta_to"] for r in per_f.values() for row in r["eta_to_0"]
                           if row["limit_of_eta^k_bound"] == "0"})
        eta_text = " or ".join("η → ∞" if e == "oo" else f"η → {e}" for e in eta_dirs) or "γ → 0 alone"
        fixed = sub_regions["eta-fixed"]
        undecided_q = sorted(set(fixed["not_refuted_for_q"]) - set(fixed["holds_for_q"]))
        tail_rows = [row for r in per_f.values() if r.get("quadratic_tail_obstruction", {}).get("refutes")
                     for row in r["quadratic_tail_obstruction"]["table"]]
        tail_row = max(tail_rows, key=lambda row: float(row["constant_needed"])) if tail_rows else None
        sharp_x = sorted((row for row in sharp if row["f"] == "x"), key=lambda row: sp.Rational(row["gamma"]))
        sharp_text = (
            f" The obstruction is sharp: the corrected construction's sup|aφ| is {sharp_x[0]['ratio'][:6]} times the "
            f"obstruction taken at that construction's own error E[(f − f_γ)²] = {sharp_x[0]['error']} in place of 2γ "
            f"(f = x, γ = {sharp_x[0]['gamma']}, η = {sharp_x[0]['eta']})"
            if sharp_x
            else ""
        )
        return refuted(
            "exact+certified",
            f"for f = {f0} (q = {r0['q']}), η = {path['eta']}: every a with E[(f − f_γ)²] < 2γ has sup_b|aφ| ≥ "
            "(|E f^(k)| − √(2γ k!))/(η^k V_k) for each k, which stays positive as γ → 0, while the bound tends to 0: "
            f"the constant in ≲ {shown}. Refuted under both readings for q ∈ "
            f"{sub_regions['eta-fixed']['refuted_for_q']}; with a constant free of η (even one depending on γ) for "
            f"q ∈ {sub_regions['uniform']['refuted_for_q']} ({eta_text} at fixed γ)"
            + (f"; at q = 2 also by growth (f_a is 2η·sup|aφ|-Lipschitz, f quadratic: sup|aφ| > c_2L/(8η) once "
               f"2γ ≤ Φ(L), so the constant must exceed {tail_row['constant_needed']} at γ = {tail_row['gamma']}, "
               f"η = {tail_row['eta']}, growing like √log(1/γ), while the bound tends to a finite limit)"
               if tail_row else "")
            + ". With the constant depending on η (and on f: scaling f by M scales sup|aφ| by M while the bound does "
            "not see f, so under the paper's absolute constants it fails for every q; referee CM, F4) it holds as "
            "γ → 0 for q ∈ "
            + f"{sub_regions['eta-fixed']['holds_for_q']} (the "
            "repaired a for the wider window γ' = √(γ/E[z⁴f²]): error ≤ γ, and a proved size bound at γ' — "
            "thm6.repaired's |f_γ(w)|/π, or at q = 3 the tighter one through the imaginary part, sup|(f_γ)′|/(2η) "
            "on the segment from w down to the real axis — over the claimed one has a finite limit as γ → 0 for "
            "every η > 0, exactly)" + (f" and is not decided here for q ∈ {undecided_q}" if undecided_q else "") + "."
            + sharp_text,
            witness={"f": f0, "eta": path["eta"], "gamma": worst["gamma"], "k": worst["k"],
                     "constant_needed": worst["constant_needed"], "limit_of_bound": "0"},
            **ev,
        )
    refuted_somewhere = [
        reading for reading in EXISTENCE_READINGS if sub_regions[reading]["refuted_for_q"]
    ]
    return inconclusive(
        "exact+certified",
        "the obstruction does not refute the bound under every reading"
        + (f" (refuted only under: {', '.join(refuted_somewhere)})" if refuted_somewhere else "")
        + "; an obstruction cannot prove existence",
        **ev,
    )


# =============================================================================== Theorem 6 repaired


#: The repaired Theorem 6: for f = Σ_{n≤q} c_n xⁿ and η, γ > 0, the second layer a(b)φ(b) = (1/π) Im f_γ((iπ/2 − b)/η)
#: with f_γ = f e^{−γz²} reconstructs f_γ (E_b[a(b)σ(ηz + b)] = f_γ(z)), its error obeys
#: APPROXIMATION_ERROR_CORRECT and its size obeys PROVED_SUP_BOUND (cert.sup-bound's proved bound: the same object).
REPAIRED_SIZE = PROVED_SUP_BOUND
REPAIRED_LATEX = (
    r"a(b)\phi(b) = \frac{1}{\pi}\operatorname{Im} f_\gamma\!\left(\frac{i\pi/2 - b}{\eta}\right),\ "
    r"f_\gamma = f e^{-\gamma z^2}:\quad \E_b[a(b)\sigma(\eta z + b)] = f_\gamma(z),\quad "
    + r"\E_z[(f - f_\gamma)^2] \le "
    + paper_latex(APPROXIMATION_ERROR_CORRECT)
    + r",\quad "
    + REPAIRED_SIZE.latex()
)


def _expect_polynomial(expr: sp.Expr, f_of_z: sp.Expr) -> sp.Rational:
    """E_z[expr] for an expression polynomial in z and f(z), with f(z) replaced by the polynomial ``f_of_z``: exact,
    from the Gaussian moments."""
    return gaussian_expectation(expr.subs(_f(z), f_of_z), z)


#: certified reconstruction: a gap whose real part is certified below this agrees; one certified above it refutes
RECONSTRUCTION_TOL = 1e-15


def _reconstruction_status(ftxt: str, gtxt: str, etxt: str, ztxt: str) -> tuple[str, float]:
    """("ok" | "fails" | "undecided", certified upper end of |Re(reconstruction − f_γ(z))|). The imaginary part of
    the reconstruction is identically 0 (f is real) and is not compared; the ball is recomputed at 256 bits when
    96 bits leave it undecided (the polynomial growth of aφ costs digits at small γ)."""
    for prec in (96, 256):
        recon, target = cert.certified_reconstruction(ftxt, gtxt, etxt, ztxt, form="corrected", prec=prec)
        gap = (recon - target).real
        upper = float(abs(gap).upper())
        if upper < RECONSTRUCTION_TOL:
            return "ok", upper
        if not gap.contains(0) and float(abs(gap).lower()) > RECONSTRUCTION_TOL:
            return "fails", upper
    return "undecided", upper


def _a_phi_direct(coeffs: Sequence[Fraction], g: Any, e: Any, b_: Any) -> Any:
    """(1/π) Im[f(w) e^{−γw²}] at w = (iπ/2 − b)/η, straight from the definition (mpmath, complex arithmetic): an
    independent value of the library's corrected a·φ."""
    w = (1j * mpmath.pi / 2 - b_) / e
    fw = sum(mpmath.mpf(co.numerator) / co.denominator * w**n for n, co in enumerate(coeffs))
    return mpmath.im(fw * mpmath.exp(-g * w**2)) / mpmath.pi


@functools.cache
def _modulus_identity_gap() -> sp.Expr:
    """|e^{−γw²}| − e^{γ(π²/4 − b²)/η²} at w = (iπ/2 − b)/η, simplified by SymPy (0 when the identity holds): the
    size bound's one non-trivial step, independent of the statement checked, so worked out once per process."""
    bb, ee, gg = sp.symbols("b_r eta_r gamma_r", positive=True)
    w = (sp.I * sp.pi / 2 - bb) / ee
    return sp.simplify(sp.Abs(sp.exp(-gg * w**2)) - sp.exp(gg * (sp.pi**2 / 4 - bb**2) / ee**2))


@functools.lru_cache(maxsize=1)
def _reconstruction_proof_steps() -> dict[str, bool]:
    r"""The residue proof that a(b)φ(b) = (1/π) Im F((iπ/2 − b)/η), F = f e^{−γz²}, reconstructs f_γ for every real
    polynomial f and all γ, η > 0 (referee AH, F2), its algebraic steps checked by SymPy:

    * ``conjugate_symmetry``: F(w̄) = conj F(w) for real coefficients, so with H(y) = F(y/η),
      aφ(b) = (H(−b + iπ/2) − H(−b − iπ/2))/(2πi);
    * ``coth_shift``: coth(x ∓ iπ/2) = tanh x, so ∫aφ(b)tanh(ηz + b)db is (1/2πi)(∫_{Im w = π/2} − ∫_{Im w = −π/2})
      H(w)coth(ηz − w)dw;
    * ``simple_pole_residue``: (w − ηz)coth(ηz − w) → −1 as w → ηz (series; SymPy's ``residue`` returns 0 for coth at
      its pole, a SymPy bug, so the limit is used), and the only zero of sinh(ηz − w) in |Im w| < π/2 is w = ηz.

    With the rectangle's vertical ends vanishing (|H(w)| ≤ |f(w/η)|e^{γ(π²/4 − Re w²)/η²} on the strip), the
    difference of the two line integrals is minus the positively oriented rectangle's, −2πi·Res_{w=ηz} = −2πi·(−H(ηz)),
    so the integral is H(ηz) = f_γ(z)."""
    x_ = sp.Symbol("x", real=True)
    u, v, g, et = sp.symbols("u v gamma_s eta_s", real=True)
    coeffs = sp.symbols("c0:5", real=True)
    w0 = u + sp.I * v

    def F(zz: sp.Expr) -> sp.Expr:
        return sum(c * zz**k for k, c in enumerate(coeffs)) * sp.exp(-g * zz**2)

    t = sp.Symbol("t")
    kdeg = sp.Symbol("k", integer=True, nonnegative=True)
    series = sp.series(t * sp.coth(-t), t, 0, 3).removeO()
    # the error bound's inequality 0 ≤ 1 − e^{−u} ≤ min(u, 1) for u ≥ 0: h = 1 − e^{−u} has h(0) = 0 and
    # h' = e^{−u} > 0, so h ≥ 0; u − h has value 0 at 0 and derivative h ≥ 0, so h ≤ u; 1 − h = e^{−u} > 0, so h ≤ 1
    uu, kk = sp.Symbol("u", nonnegative=True), sp.Symbol("k", nonnegative=True)
    h = 1 - sp.exp(-uu)
    error_inequality = bool(h.subs(uu, 0) == 0 and sp.diff(h, uu).is_positive and (uu - h).subs(uu, 0) == 0
                            and sp.simplify(sp.diff(uu - h, uu) - h) == 0 and (1 - h).is_positive)
    # the size bound's |w| ≤ 2 max(|b|, π/2)/η at w = (iπ/2 − b)/η: η²|w|² = b² + π²/4 ≤ 2 max(b², π²/4) (≤ 4 max²),
    # in its two cases b² = π²/4 + k and b² = π²/4 − k (k ≥ 0)
    bb = sp.Symbol("b", real=True)
    quarter = sp.pi**2 / 4
    modulus_of_w = bool(sp.expand(sp.Abs(sp.I * sp.pi / 2 - bb) ** 2 - (bb**2 + quarter)) == 0
                        and (2 * (quarter + kk) - (quarter + kk) - quarter).is_nonnegative
                        and (2 * quarter - (quarter - kk) - quarter).is_nonnegative)
    return {
        "error_inequality": error_inequality,
        "modulus_of_w": modulus_of_w,
        # for every degree: each monomial w^k e^{−γw²} (k a symbolic natural number) commutes with conjugation, and
        # a real combination of them does too (the degree-4 instance below is the same identity written out)
        "conjugate_symmetry": sp.simplify(sp.conjugate(w0**kdeg * sp.exp(-g * w0**2))
                                          - sp.conjugate(w0) ** kdeg * sp.exp(-g * sp.conjugate(w0) ** 2)) == 0
        and sp.simplify(sp.expand(F(sp.conjugate(w0)) - sp.conjugate(F(w0)))) == 0,
        "coth_shift": all(sp.simplify((sp.coth(x_ - s * sp.I * sp.pi / 2) - sp.tanh(x_)).rewrite(sp.exp)) == 0
                          for s in (1, -1)),
        "simple_pole_residue": series.subs(t, 0) == -1 and sp.limit(t * sp.coth(-t), t, 0) == -1,
    }


def check_repaired(
    size: Statement = REPAIRED_SIZE,
    error_bound: sp.Expr = APPROXIMATION_ERROR_CORRECT,
    polys: Sequence[str] = ("x", "1 - 2*x + x^3", "x^2 + x", "x^5 + x"),
    gammas: Sequence[str] = ("0.001", "0.1", "1"),
    etas: Sequence[str] = ("0.5", "1", "4"),
    zs: Sequence[str] = ("0.3", "-1.7"),
) -> Verdict:
    r"""The repaired Theorem 6 on a grid of f, γ, η, each of its three parts computed from the definitions:

    * reconstruction: E_b[a(b)tanh(ηz + b)] against f_γ(z) in certified python-flint balls
      (:func:`theorycheck.certificate.certified_reconstruction`, ``acb.integral`` plus a proved Gaussian tail),
      real parts, :data:`RECONSTRUCTION_TOL`; a ball too wide to decide makes the verdict inconclusive;
    * error: E_z[(f − f_γ)²] exactly (:func:`window_error`) against ``error_bound`` with its expectations exact
      (:func:`_expect_polynomial`; proof: 0 ≤ 1 − e^{−u} ≤ min(u, 1));
    * size: sup_b|aφ| measured (:func:`theorycheck.certificate.sup_abs` on two incommensurate grids, 241 and 317
      points, the larger kept: one grid can alias with the oscillation e^{iπγb/η²}) against ``size``'s right side;
      the library's aφ at the argmax is compared with :func:`_a_phi_direct`. The proof's one non-trivial identity,
      |e^{−γw²}| = e^{γ(π²/4 − b²)/η²} at w = (iπ/2 − b)/η, is checked by SymPy; |Im| ≤ |·|,
      |w| ≤ 2 max(|b|, π/2)/η and sup_b e^{−γb²/η²}(|b|/η)ⁿ = (n/(2eγ))^{n/2} (cert.gaussian-monomial-max) give the
      rest.

    Verified when every part holds at every point; refuted with the first failing point."""
    zz = sp.Symbol("z", real=True)
    modulus_gap = _modulus_identity_gap()
    proof_steps = _reconstruction_proof_steps()
    rows, bad, undecided = [], None, []
    for ftxt in polys:
        coeffs = list(cert.parse_polynomial(ftxt).coefficients)
        f = sum(co * zz**n for n, co in enumerate(coeffs))
        f2 = sp.Poly(sp.expand(f**2), zz)
        bound_expr = error_bound.replace(
            lambda e: isinstance(e, Expect), lambda e: _expect_polynomial(e.args[0], f.subs(zz, z))
        )
        size_f = side_function(with_polynomial(size, coeffs))
        for gtxt in gammas:
            g = sp.Rational(gtxt)
            err = sp.N(window_error(f2, g), DPS)
            allowed = sp.N(bound_expr.subs(gamma, g), DPS)
            row: dict[str, Any] = {
                "f": ftxt, "gamma": gtxt, "error": str(sp.N(err, 8)), "error_bound": str(sp.N(allowed, 8))
            }
            if bad is None and not err <= allowed:
                bad = {"part": "error", **row}
            for etxt in etas:
                with mpmath.workdps(DPS):
                    G, E = to_mpf(gtxt), to_mpf(etxt)
                    a_phi = cert.corrected_a_phi_function(coeffs, G, E)
                    sup, arg = max(
                        (cert.sup_abs(a_phi, scale=E / mpmath.sqrt(G), points=pts, period=cert.a_phi_period(G, E))
                         for pts in (241, 317)),
                        key=lambda found: found[0],
                    )
                    direct = abs(_a_phi_direct(coeffs, G, E, arg))
                    library_ok = abs(direct - sup) <= mpmath.mpf("1e-10") * max(sup, mpmath.mpf("1e-300"))
                    claimed = size_f(G, E)
                statuses = [_reconstruction_status(ftxt, gtxt, etxt, ztxt) for ztxt in zs]
                cell = {**row, "eta": etxt, "sup_a_phi": fmt(sup, 8), "size_bound": fmt(claimed, 8),
                        "a_phi_direct_at_argmax": fmt(direct, 8),
                        "reconstruction_gap": max(gap_ for _, gap_ in statuses)}
                rows.append(cell)
                if bad is None and not library_ok:
                    bad = {"part": "size (the library's aφ differs from the definition)", **cell}
                if bad is None and not sup <= claimed:
                    bad = {"part": "size", **cell}
                if bad is None and any(status == "fails" for status, _ in statuses):
                    bad = {"part": "reconstruction", **cell}
                if any(status == "undecided" for status, _ in statuses):
                    undecided.append(cell)
    worst_size = max(rows, key=lambda r: float(mpmath.mpf(r["sup_a_phi"]) / mpmath.mpf(r["size_bound"])))
    ev = dict(
        points=rows,
        modulus_identity_gap=str(modulus_gap),
        worst_size_ratio={k: worst_size[k] for k in ("f", "gamma", "eta", "sup_a_phi", "size_bound")},
        undecided_reconstructions=undecided,
        method_note="error exact (SymPy, Gaussian moments); reconstruction certified (acb.integral + tail, 96 or "
        f"256 bits); sup measured at {DPS} digits (two grids + golden section) and checked against the definition",
        tolerance=f"reconstruction: certified |Re gap| < {RECONSTRUCTION_TOL}; error and size: ≤",
        achieved_error=f"{max(r['reconstruction_gap'] for r in rows):.1e} (reconstruction, certified upper end)",
        reconstruction_proof_steps=proof_steps,
    )
    if modulus_gap != 0 and bad is None:
        bad = {"part": "the modulus identity |e^{−γw²}| = e^{γ(π²/4 − b²)/η²}", "gap": str(modulus_gap)}
    if bad:
        return refuted(
            "exact+certified+numeric", f"the repaired statement's {bad['part']} part fails at {bad}", witness=bad, **ev
        )
    if undecided:
        return inconclusive(
            "exact+certified+numeric",
            f"error and size hold at every point, but the reconstruction ball stays wider than {RECONSTRUCTION_TOL} "
            f"at 256 bits at {len(undecided)} point(s), e.g. {undecided[0]}",
            **ev,
        )
    if not all(proof_steps.values()):
        return inconclusive(
            "exact+certified+numeric",
            f"every part holds on the grid, but a step of the reconstruction's residue proof did not check: "
            f"{[k for k, ok in proof_steps.items() if not ok]}",
            **ev,
        )
    if size != REPAIRED_SIZE or error_bound != APPROXIMATION_ERROR_CORRECT:  # the proof is of the registered bounds
        # a grid cannot verify a statement about every f, γ, η (referee AI: bounds false between the grid's γ passed)
        return inconclusive(
            "exact+certified+numeric",
            "holds on the grid checked only (the proof covers the registered bounds, not these): at every "
            f"f ∈ {list(polys)}, γ ∈ {list(gammas)}, η ∈ {list(etas)} the corrected a reconstructs f_γ, and the "
            "error and size bounds given hold",
            **ev,
        )
    return verified(
        "exact+certified+numeric",
        "argued for every real polynomial f and all γ, η > 0 — the reconstruction by the residue theorem on the strip "
        "|Im w| < π/2 (the contour shift and the vanishing vertical sides are argued, not machine-checked; its "
        "algebraic steps are checked by SymPy: F(w̄) = conj F(w), coth(x ∓ iπ/2) = tanh x, a simple pole of "
        "coth(ηz − w) at w = ηz with residue −1); the error bound from 0 ≤ 1 − e^{−u} ≤ min(u, 1) and the size bound "
        "from the modulus identity and |w| ≤ 2max(|b|, π/2)/η, both checked by SymPy, and cert.gaussian-monomial-max), "
        "and confirmed from the definitions "
        f"at every f ∈ {list(polys)}, γ ∈ {list(gammas)}, η ∈ {list(etas)}: the corrected a reconstructs f_γ "
        f"(certified |gap| < {RECONSTRUCTION_TOL}), E[(f − f_γ)²] ≤ min(γ² E[z⁴f²], E[f²]) exactly, and sup|aφ| ≤ "
        f"the proved bound (largest ratio "
        f"{float(mpmath.mpf(worst_size['sup_a_phi']) / mpmath.mpf(worst_size['size_bound'])):.3f}, "
        f"f = {worst_size['f']}, γ = {worst_size['gamma']}, η = {worst_size['eta']})",
        **ev,
    )


# =============================================================================== the registry

_S = "Part 2, §3.3"
CLAIMS = [
    Claim(
        "thm6.gaussian-window",
        "The Gaussian window error",
        f"{_S}, Step 1",
        GAUSSIAN_WINDOW,
        r"\gamma > 0,\ x \sim \mathcal N(0,1)",
        partial(check_gaussian_window, GAUSSIAN_WINDOW),
        displays=((2, 25),),
        relations=((2, "D25", 5), (2, "D25", 6)),
    ),
    Claim(
        "thm6.approximation-error",
        "Theorem 6's first line for the proof's f_γ = f e^{−γz²}: E[(f − f_γ)²] < 2γ",
        # Theorem 6's f_γ is E_b[a(b)σ(ηz + b)] for *some* a; other a fit better (referee U: tanh translates reach
        # 1e-12 at f = 2x, γ = 0.1), so this refutes the proof's construction, never the theorem (thm6.existence does)
        f"{_S}, Theorem 6's first line as its proof constructs f_γ (Step 1: f_γ = f e^{{−γz²}})",
        APPROXIMATION_ERROR,
        r"f\ \text{polynomial},\ \gamma > 0",
        partial(check_approximation_error, APPROXIMATION_ERROR),
        depends_on=("thm6.gaussian-window", "thm6.step1-sup-bound"),
        displays=((2, 23),),
    ),
    Claim(
        "thm6.step1-sup-bound",
        "Step 1: pulling sup φf² out of the expectation",
        f"{_S}, Step 1",
        r"\mathbb E_x[(f(1-e^{-\gamma x^2}))^2] \le \left(\sup_x\frac{1}{\sqrt{2\pi}}|f(x)|^2e^{-x^2/2}\right)\mathbb "
        r"E_x[(1-e^{-\gamma x^2})^2]",
        r"f\ \text{polynomial},\ \gamma > 0",
        partial(check_step1_sup_bound, None),
        displays=((2, 24),),
        relations=((2, "D24", 2),),
    ),
    Claim(
        "thm6.sign-flip",
        "σ(ηz − b) versus σ(−ηz + b)",
        f"{_S}, Step 1",
        SIGN_FLIP,
        r"\sigma = \tanh,\ a\ \text{integrable}",
        partial(check_sign_flip, SIGN_FLIP),
        displays=((2, 26),),
    ),
    Claim(
        "thm6.existence",
        "Theorem 6: one a with both the error and the size bound",
        f"{_S}, Theorem 6",
        EXISTENCE,
        r"f\ \text{of degree } q \ge 1,\ \eta, \gamma > 0,\ \text{the constant in } \lesssim \text{ free of } \gamma",
        partial(check_existence, EXISTENCE),
        displays=((2, 23),),
        relations=((2, "D23", 1), (2, "D23", 2)),
    ),
    Claim(
        "thm6.repaired",
        "Theorem 6 repaired: the corrected second layer, its error and its size",
        f"{_S}, Theorem 6 (repaired)",
        REPAIRED_SIZE,
        r"f\ \text{of degree } q,\ \eta, \gamma > 0,\ a(b)\phi(b) = \tfrac{1}{\pi}\operatorname{Im} "
        r"f_\gamma((i\pi/2 - b)/\eta)",
        partial(check_repaired, REPAIRED_SIZE),
        depends_on=("cert.gaussian-monomial-max",),
        displays=((2, 23),),
    ),
]
