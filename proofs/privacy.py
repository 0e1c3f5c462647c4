"""Privacy claims of the paper: Theorem 5 (classical Gaussian mechanism), the second layer's DP-GD
(Part 3 §4.1/§4.3 and Algorithm 1's noise line), Algorithm 1's clipping rule, and the privacy of
the released first layer W₁ (Part 2 §3.2 with Assumption 4).

Every check computes the privacy of the mechanism from the exact Gaussian curve
(:mod:`theorycheck.privacy`: analytic Gaussian mechanism / μ-GDP, log space, ≥ 40 digits) and
compares with the claimed statement, which is passed to the checker as an argument.
Conventions: adjacency replace-one (the paper's "changing one sample", Part 1 §2.1) unless a
checker is told otherwise; the noise multiplier is always noise std / true ℓ₂ sensitivity.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import mpmath
import numpy as np
import sympy as sp

from theorycheck import Claim, Verdict, inconclusive, refuted, verified
from theorycheck import privacy as P
from theorycheck.claims import AT_MOST, HOLDS_ON, reading_outcome, with_readings
from theorycheck.numerics import bisect_predicate, largest_holding
from theorycheck.statement import Statement, decides, paper_latex

from . import symbols as S
from .regime import CORNERS, as_printed_and_intended

# ------------------------------------------------------------------------------------------------
# The formulas, as Statement objects (what a reader sees is what the checkers evaluate)
# ------------------------------------------------------------------------------------------------

#: log(1/δ) and the Part 3 / Part 1 noise formulas in the generic symbols (Assumption 4 not substituted)
LOG_INV_DELTA = sp.log(1 / S.delta)
#: Part 2, Theorem 5: σ ≥ cΔ₂/ε with c² = 2 log(1.25/δ) (checked at the boundary c² = 2 log(1.25/δ))
THEOREM5 = Statement(
    S.sigma,
    ">=",
    sp.sqrt(2 * sp.log(sp.Rational(5, 4) / S.delta)) * S.Delta_2 / S.eps,
    variables=(S.Delta_2, S.eps, S.delta),
    assumptions=(r"\varepsilon \in (0, 1)", r"\delta \in (0, 1)"),
    name="Theorem 5",
)
#: Theorem 5's calibration applied on Assumption 3's ε range (σ_W's use of it; referee CD, CD7: the claim had
#: displayed Theorem 5's own ε ∈ (0, 1))
THEOREM5_ASSUMPTION3 = THEOREM5.perturb(
    assumptions=(r"\varepsilon \in (0, 8\log(1/\delta))\ (\text{Assumption 3})", r"\delta \in (0, 1)"),
    name="Theorem 5 on Assumption 3's range")
#: Part 3 §4.3: the std Σ of z_i (the noise on a per step is η_a z_i)
SIGMA_PART3_GENERIC = 2 * S.C_a * sp.sqrt(S.T) / S.n * sp.sqrt(8 * LOG_INV_DELTA) / S.eps
DPGD_STATEMENT = Statement(
    S.Sigma,
    "=",
    SIGMA_PART3_GENERIC,
    variables=(S.eps, S.delta, S.T, S.C_a, S.n),
    assumptions=(r"z_i \sim \mathcal{N}(0, \Sigma^2 \mathrm{Id})", r"\varepsilon \in (0, 8\log(1/\delta))",
                 r"T \in \mathbb{N} \text{ the number of steps run}"),
    name="Part 3 Σ",
)
#: Assumption 4: σ_a = √(η_a T) √(8 log(1/δ))/ε, used in Algorithm 1's line √η_a (C_a/n) σ_a N(0, ·)
SIGMA_A_GENERIC = sp.sqrt(S.eta_a * S.T) * sp.sqrt(8 * LOG_INV_DELTA) / S.eps
ALG1_NOISE_STATEMENT = Statement(
    S.sigma_a,
    "=",
    SIGMA_A_GENERIC,
    variables=(S.eps, S.delta, S.T, S.eta_a),
    assumptions=(
        r"a_t \gets a_{t-1} - \eta_a g_a + \sqrt{\eta_a}\frac{C_a}{n}"
        r"\sigma_a \mathcal{N}(0, \mathrm{Id})",
        r"\varepsilon \in (0, 8\log(1/\delta))",
    ),
    name="σ_a",
)
#: the corrected σ_a (twice Assumption 4's): Algorithm 1's noise then equals Part 3's η_a Σ
ALG1_NOISE_CORRECTED = ALG1_NOISE_STATEMENT.scale(2)
#: Assumption 4: σ_W (Part 2 §3.2 adds it to the unit columns of W₁)
SIGMA_W_STATEMENT = Statement(
    S.sigma_W,
    "=",
    S.SIGMA_W,
    variables=(S.d, S.n, S.eps_b, S.q),
    assumptions=(
        r"w_i^1 \gets \frac{w_i^1}{\|w_i^1\|} + \sigma_W \mathcal{N}(0, \mathrm{Id})",
        r"\text{Assumptions 2, 3}",
    ),
    name="σ_W",
)
#: the corrected σ_W: the worst-case sensitivity 2√p calibrated with Part 3's rule (valid on all of Assumption 3)
SIGMA_W_CORRECTED = Statement(
    S.sigma_W,
    "=",
    2 * sp.sqrt(S.p) * sp.sqrt(8 * LOG_INV_DELTA) / S.eps,
    variables=(S.d, S.n, S.eps_b, S.q, S.p, S.eps, S.delta),
    name="σ_W corrected",
)
#: Part 2 §3.2's per-neuron sensitivity premise (with the extra log): Δ₂ ≤ √(d^{1+ε_b}/n) log^{q+2} d
COLUMN_PREMISE = Statement(
    S.Delta_2,
    r"\lesssim",
    sp.sqrt(S.d ** (1 + S.eps_b) / S.n) * sp.log(S.d) ** (S.q + 2),
    variables=(S.d, S.n, S.eps_b, S.q),
    name="per-neuron Δ₂",
)
#: the premise as §3.2 derives it, before the extra log (referee BY, BY5): Δ₂ ≲_P √(d^{1+ε_b}/n) log^{q+1} d
COLUMN_PREMISE_DERIVED = COLUMN_PREMISE.perturb(rhs=sp.sqrt(S.d ** (1 + S.eps_b) / S.n) * sp.log(S.d) ** (S.q + 1))


_EVALUATORS: dict = {}


def _evaluate(statement: Statement, variables, values) -> float:
    """The right side of ``statement`` at ``values`` (mpmath, 40 digits), as a float."""
    key = (statement, tuple(variables))
    if key not in _EVALUATORS:
        _EVALUATORS[key] = statement.evaluator("rhs", "mpmath", variables=tuple(variables))
    f = _EVALUATORS[key]
    with mpmath.workdps(40):
        return float(f(*[P._mpf(v) if not isinstance(v, int) else v for v in values]))


def noise_on_a(noise) -> Callable:
    """The std of the noise added to a per step, as ``fn(ε, δ, T, C, n, η)``, from a Statement
    (lhs Σ: Part 3, noise η Σ; lhs σ_a: Algorithm 1, noise √η (C/n) σ_a) or a callable (kept as is)."""
    if not isinstance(noise, Statement):
        return noise
    if noise.lhs == S.Sigma:
        return lambda e, dl, T, C, n, eta: eta * _evaluate(noise, (S.eps, S.delta, S.T, S.C_a, S.n), (e, dl, T, C, n))
    if noise.lhs == S.sigma_a:
        return lambda e, dl, T, C, n, eta: (
            math.sqrt(eta) * C / n * _evaluate(noise, (S.eps, S.delta, S.T, S.eta_a), (e, dl, T, eta))
        )
    raise ValueError(f"a noise statement must have Σ or σ_a on its left, not {noise.lhs}")


def noise_on_a_expr(noise: Statement) -> sp.Expr:
    """The per-step noise std on a as a SymPy expression of (ε, δ, T, C_a, n, η_a)."""
    if noise.lhs == S.Sigma:
        return S.eta_a * noise.rhs
    if noise.lhs == S.sigma_a:
        return sp.sqrt(S.eta_a) * S.C_a / S.n * noise.rhs
    raise ValueError(f"a noise statement must have Σ or σ_a on its left, not {noise.lhs}")


def sigma_w_fn(sigma_w) -> Callable:
    """σ_W as ``fn(d, n, eps_b, q, eps=, delta=, p=)`` from a Statement (or a callable, kept)."""
    if not isinstance(sigma_w, Statement):
        return sigma_w

    def fn(d, n, eps_b, q, eps=None, delta=None, p=None):
        names = {S.d: d, S.n: n, S.eps_b: eps_b, S.q: q, S.eps: eps, S.delta: delta, S.p: p}
        free = sorted(sigma_w.rhs.free_symbols, key=lambda s: s.name)
        return _evaluate(sigma_w, free, [names[s] for s in free])

    return fn


DEFINITIONS = {
    (1, 1): "Definition 1: (ε, δ)-differential privacy",
}

#: relative tolerance when comparing an exact δ(ε) (≥ 30 correct digits) with a claimed δ, or an
#: exact ε(δ) (bisection to 1e-15 relative) with a claimed ε.
REL_TOL = 1e-12


# ------------------------------------------------------------------------------------------------
# gaussmech.classical -- Part 2, Theorem 5
# ------------------------------------------------------------------------------------------------


def paper_c_squared(delta: float) -> float:
    """Theorem 5's threshold: c² > 2 log(1.25/δ)."""
    return 2 * math.log(1.25 / delta)


#: δ across all of (0, 1): close to 1 (where log(1/δ) → 0) down to 1e-100
#: what the privacy checks' exact curves achieve (referee Z: they had claimed ≥ 30 digits throughout)
CURVE_PRECISION = ("exact Gaussian curve: log δ(ε) evaluated at ≥ 40 digits (precision raised against the "
                   "cancellation), compared after rounding to 53-bit floats (relative error ≤ 1e-15)")
CLASSICAL_DELTAS = (0.999999, 0.999, 0.99, 0.9, 0.5, 0.1, 1e-2, 1e-3, 1e-5, 1e-8, 1e-12, 1e-20, 1e-30, 1e-100)
CLASSICAL_EPS = (1e-6, 1e-3, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999999)
OUTSIDE_EPS = (1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 50.0)
#: fractions of Assumption 3's upper end 8 log(1/δ) (ε near the top of the range and small ε)
A3_FRACTIONS = (1e-6, 1e-3, 0.01, 0.1, 0.5, 0.9, 0.999, 0.999999)
#: d for the ω-boundary points ε = √(log(1/δ))/log d of Assumption 3
A3_OMEGA_D = (1e3, 1e6)
A3_REGION = (
    r"Assumption 3: \delta \in (0,1),\ \varepsilon \in (0, 8\log(1/\delta)),\ "
    r"\varepsilon/\sqrt{\log(1/\delta)} = \omega(1/\log d)"
)


def assumption3_grid(deltas=CLASSICAL_DELTAS, fractions=A3_FRACTIONS) -> list[tuple[float, float]]:
    """(ε, δ) points of Assumption 3: ε = fraction · 8 log(1/δ) and the ω-boundary ε = √L/log d (when < 8L)."""
    pts = []
    for delta in deltas:
        L = math.log(1 / delta)
        pts += [(f * 8 * L, delta) for f in fractions]
        pts += [(math.sqrt(L) / math.log(dd), delta) for dd in A3_OMEGA_D if math.sqrt(L) / math.log(dd) < 8 * L]
    return pts


def _c_squared_of(statement) -> Callable[[float], float]:
    """c²(δ) = (σ ε/Δ₂)² of a Theorem 5-type Statement (σ ≥ rhs), or the callable itself."""
    if not isinstance(statement, Statement):
        return statement
    return lambda delta: (_evaluate(statement, (S.Delta_2, S.eps, S.delta), (1.0, 1.0, delta))) ** 2


#: Theorem 5's square is proved in two parts: δ ≤ CLASSICAL_TAIL_DELTA by a Mills-ratio bound, the rest by boxes
CLASSICAL_TAIL_DELTA = 0.5
#: the boxes start as this grid of ε × δ ∈ [CLASSICAL_TAIL_DELTA, 1] and a box whose bound is not < 1 is split in four,
#: at most this many times in all (a calibration that fails somewhere is refuted by the grid, not by this)
CLASSICAL_BOXES, CLASSICAL_MAX_SPLITS = (8, 16), 2000


def classical_square_proof(statement: Statement, eps_upper: float = 1.0) -> dict:
    r"""A proof that σ ≥ c(δ)Δ/ε (c = the statement's σε/Δ, a function of δ alone) is (ε, δ)-DP for every
    ε ∈ (0, E], δ ∈ (0, 1), E = ``eps_upper`` (referee CI, F2: the grid had decided the interior). With μ = Δ/σ the
    mechanism is μ-GDP; (ε, δ)-DP iff δ(ε; μ) = Φ(−ε/μ + μ/2) − e^εΦ(−ε/μ − μ/2) ≤ δ, and

    * δ(ε; μ) increases in μ and decreases in ε (SymPy: :func:`~theorycheck.privacy.gdp_curve_increasing_in_mu`,
      :func:`~theorycheck.privacy.gdp_curve_decreasing_in_epsilon`), so σ = cΔ/ε is the worst case and on a box
      [ε₀, ε₁] × [δ₀, δ₁], δ(ε; ε/c(δ))/δ ≤ δ(ε₀; ε₁/c_lo)/δ₀ with c_lo a lower end of c over [δ₀, δ₁] (c evaluated
      on the ball [δ₀, δ₁], python-flint arb): every box of [0, E] × [δ_T, 1] is shown < 1 (split where it is not);
    * for δ ≤ δ_T (u = log(1/δ) ≥ u_T): δ(ε; ε/c) ≤ Φ(−x), x = c − E/(2c) > 0, ≤ φ(x)/x (Mills), and
      −x²/2 ≤ −c²/2 + E/2, so the ratio is ≤ e^{g(u) + E/2}/(√(2π)x) with g(u) = u − c²/2; where SymPy finds
      g' ≤ 0 and (c²)' > 0 on u ≥ u_T, that is ≤ its value at u_T (x increases with c), shown < 1 in arb.

    Returns ``proved`` (True, or False with the reason it did not go through: c depends on ε or Δ, SymPy could not
    decide a sign, a box or the tail bound not < 1) and the pieces."""
    from flint import arb, ctx

    from theorycheck.statement import evaluator

    out: dict = {"monotone_in_mu": P.gdp_curve_increasing_in_mu(),
                 "monotone_in_epsilon": P.gdp_curve_decreasing_in_epsilon(), "tail_delta": CLASSICAL_TAIL_DELTA}
    c_expr = sp.simplify(statement.rhs * S.eps / S.Delta_2)
    if c_expr.free_symbols != {S.delta} or statement.lhs != S.sigma or statement.rel.value not in (r"\geq", ">"):
        return {**out, "proved": False, "why": f"σ ≥ c(δ)Δ/ε is not the statement's form (c = {c_expr})"}
    u, v = sp.Symbol("u", positive=True), sp.Symbol("v", nonnegative=True)
    u_tail = sp.log(1 / sp.nsimplify(CLASSICAL_TAIL_DELTA))
    c2_u = sp.expand_log(sp.expand((c_expr**2).subs(S.delta, sp.exp(-u))), force=True)
    g_slope = sp.simplify(sp.diff(u - c2_u / 2, u).subs(u, u_tail + v))
    c2_slope = sp.simplify(sp.diff(c2_u, u).subs(u, u_tail + v))
    out.update(c=str(c_expr), c_squared_in_u=str(c2_u), g_slope=str(g_slope), c_squared_slope=str(c2_slope))
    if not (g_slope.is_nonpositive and c2_slope.is_positive):
        return {**out, "proved": False, "why": "SymPy could not show g' ≤ 0 and (c²)' > 0 for δ ≤ δ_T"}
    c_ball = evaluator(c_expr, (S.delta,), "arb")
    g_tail = evaluator(u - c2_u / 2, (u,), "arb")
    big_e = arb(eps_upper)
    with ctx.workprec(128):
        c_t = c_ball(arb(CLASSICAL_TAIL_DELTA))
        x_t = c_t - big_e / (2 * c_t)
        tail = (g_tail(arb(u_tail.evalf(40))) + big_e / 2).exp() / ((2 * arb.pi()).sqrt() * x_t)
        out["tail_bound"] = tail.str(6, radius=False)
        if not x_t > 0:
            return {**out, "proved": False, "why": f"x = c − E/(2c) is not > 0 at δ_T (c = {c_t.str(6)})"}
        if not tail < 1:
            return {**out, "proved": False, "why": f"the tail bound at δ_T is {tail.str(6)}, not < 1"}

        def bound(e0: float, e1: float, d0: float, d1: float) -> arb:
            c_lo = c_ball(arb(d0).union(arb(d1))).lower()
            if not c_lo > 0:
                return arb("inf")
            return P.gdp_delta_ball(e0, (arb(e1) / c_lo).upper(), 128) / arb(d0)

        ne, nd = CLASSICAL_BOXES
        cut = [CLASSICAL_TAIL_DELTA + (1 - CLASSICAL_TAIL_DELTA) * j / nd for j in range(nd + 1)]
        todo = [(eps_upper * i / ne, eps_upper * (i + 1) / ne, lo, hi)
                for i in range(ne) for lo, hi in zip(cut, cut[1:], strict=False)]
        boxes, splits, worst = 0, 0, None
        while todo:
            box = todo.pop()
            b = bound(*box)
            if b < 1:
                boxes += 1
                if worst is None or b.upper() > worst[0].upper():
                    worst = (b, box)
                continue
            if splits >= CLASSICAL_MAX_SPLITS:
                return {**out, "proved": False, "boxes": boxes,
                        "why": f"the box ε ∈ [{box[0]:.8g}, {box[1]:.8g}], δ ∈ [{box[2]:.8g}, {box[3]:.8g}] is not "
                        f"shown < 1 (bound {b.str(6)}) after {splits} splits"}
            splits += 1
            em, dm = (box[0] + box[1]) / 2, (box[2] + box[3]) / 2
            todo += [(e0, e1, d0, d1) for e0, e1 in ((box[0], em), (em, box[1]))
                     for d0, d1 in ((box[2], dm), (dm, box[3]))]
    assert worst is not None
    return {**out, "proved": bool(out["monotone_in_mu"] and out["monotone_in_epsilon"]), "boxes": boxes,
            "splits": splits, "largest_box_bound": worst[0].upper().str(6, radius=False),
            "at_box": {"epsilon": list(worst[1][:2]), "delta": list(worst[1][2:])}}


def classical_crossing(c_squared: Callable[[float], float], delta: float, hi: float) -> float | None:
    """Largest ε ≤ hi at which σ = cΔ/ε (c² = c_squared(δ)) is still (ε, δ)-DP (bisection on the exact log δ(ε);
    the premise of one change holds → fails is counted on a grid by the caller)."""
    c = math.sqrt(c_squared(delta))
    holds = lambda e: P.gdp_log_delta(e, P._mpf(e) / c) <= mpmath.log(delta) + REL_TOL  # noqa: E731
    return largest_holding(holds, min(1e-6, hi / 2), hi, halvings=45)


def _arb_gaussian_delta(eps: float, mu: mpmath.mpf):
    """Certified enclosure (python-flint arb) of Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ)."""
    import flint

    with flint.ctx.workprec(256):
        e, m = flint.arb(repr(float(eps))), flint.arb(mpmath.nstr(mu, 60))
        s2 = flint.arb(2).sqrt()

        def ncdf(x):
            return (-x / s2).erfc() / 2

        return ncdf(m / 2 - e / m) - e.exp() * ncdf(-m / 2 - e / m)


@decides("≥", ">", "=")
def check_classical_gaussian(
    statement=THEOREM5,
    eps_upper: float = 1.0,
    deltas=CLASSICAL_DELTAS,
    epsilons=CLASSICAL_EPS,
    eps_range: str = "theorem5",
):
    """Theorem 5 at its boundary: σ = cΔ/ε with c² = (σε/Δ)² read off the statement (the exact δ(ε)
    increases with Δ/σ, so the boundary is the worst case of "c² > ..., σ ≥ cΔ/ε").

    ``eps_range="theorem5"``: every ε < eps_upper of the grid, every δ of the grid (δ from 1 − 1e-6 to 1e-100).
    ``eps_range="assumption3"``: the same rule over Assumption 3's ε ∈ (0, 8 log(1/δ)) (where Part 2 §3.2
    uses it for σ_W): the exact crossing ε*(δ) per δ, and the δ below which it fails inside the range."""
    c_squared = _c_squared_of(statement)
    if eps_range == "assumption3":
        return _classical_on_assumption3(c_squared, deltas)
    rows, worst = [], None
    for delta in deltas:
        c2 = c_squared(delta)
        if not c2 > 0:
            continue
        c = math.sqrt(c2)
        for eps in [e for e in epsilons if e < eps_upper] + [e for e in OUTSIDE_EPS if e < eps_upper]:
            mu = P._mpf(eps) / mpmath.sqrt(c2)  # Δ/σ = ε/c
            exact = P.gdp_delta(eps, mu)
            ratio = exact / delta
            rows.append({"epsilon": eps, "delta": delta, "c": c, "exact_delta": exact, "ratio": ratio})
            if worst is None or ratio > worst["ratio"]:
                worst = rows[-1]
    # the corner (ε, δ) → (eps_upper, 1), where the ratio's supremum over the square is approached (referee CD, CD8:
    # the grid alone had stood for "all"): evaluated just inside it, in the same exact curve
    corner_eps, corner_delta = eps_upper * (1 - 1e-12), 1 - 1e-12
    c2_corner = c_squared(corner_delta)
    if c2_corner > 0:
        exact = P.gdp_delta(corner_eps, P._mpf(corner_eps) / mpmath.sqrt(c2_corner))
        rows.append({"epsilon": corner_eps, "delta": corner_delta, "c": math.sqrt(c2_corner), "exact_delta": exact,
                     "ratio": exact / corner_delta, "corner": True})
        if worst is None or rows[-1]["ratio"] > worst["ratio"]:
            worst = rows[-1]
    # along the edge ε → eps_upper, every δ of a fine grid: past ε ≈ 3.5 the supremum leaves the corner δ → 1
    # (referee EJ, EJ-6: a rule false at ε = 4.5, δ = 0.5 had been left inconclusive for eps_upper = 5)
    for k in range(1, 200):
        edge_delta = k / 200
        c2_edge = c_squared(edge_delta)
        if not c2_edge > 0:
            continue
        exact = P.gdp_delta(corner_eps, P._mpf(corner_eps) / mpmath.sqrt(c2_edge))
        if exact / edge_delta > worst["ratio"]:
            rows.append({"epsilon": corner_eps, "delta": edge_delta, "c": math.sqrt(c2_edge), "exact_delta": exact,
                         "ratio": exact / edge_delta, "edge": True})
            worst = rows[-1]
    outside = []
    for delta in deltas:
        c2 = paper_c_squared(delta)
        for eps in OUTSIDE_EPS:
            exact = P.gdp_delta(eps, P._mpf(eps) / mpmath.sqrt(c2))
            if exact > delta:
                outside.append({"epsilon": eps, "delta": delta, "exact_delta": exact, "ratio": exact / delta})
    first_out = {}
    for r in outside:
        first_out.setdefault(r["delta"], r)
    common = dict(
        points=len(rows),
        tolerance=f"relative {REL_TOL}",
        achieved_error=CURVE_PRECISION + " (cross-checked against dp_accounting in tests)",
        epsilon_range=f"(0, {eps_upper})",
        delta_grid=list(deltas),
        paper_statement_outside_eps_lt_1={str(k): v for k, v in first_out.items()},
    )
    region = rf"\varepsilon \in (0, {eps_upper:g}),\ \delta \in (0, 1)"
    if worst["ratio"] > 1 + REL_TOL:
        w = {"epsilon": worst["epsilon"], "delta": worst["delta"]}
        return refuted(
            "numeric",
            f"σ = cΔ/ε at the boundary c² = c_squared(δ) is not (ε, δ)-DP at ε = "
            f"{worst['epsilon']}, δ = {worst['delta']:g}: exact δ(ε) = "
            f"{mpmath.nstr(worst['exact_delta'], 6)} ({mpmath.nstr(worst['ratio'], 4)} × δ)",
            regime={"region": region, "holds_on": "part", "conditions": [], "witness": w},
            witness=worst,
            **common,
        )
    enclosure = _arb_gaussian_delta(worst["epsilon"], P._mpf(worst["epsilon"]) / mpmath.mpf(worst["c"]))
    certified = bool(enclosure < worst["delta"])
    proof = classical_square_proof(statement, eps_upper) if isinstance(statement, Statement) else None
    proved = bool(proof and proof["proved"])
    square = (f"proved over the whole square (referee CI, F2): δ(ε; μ) increases in μ and decreases in ε (SymPy), so "
              f"{proof['boxes']} boxes of ε ∈ [0, {eps_upper:g}] × δ ∈ [{CLASSICAL_TAIL_DELTA:g}, 1] each bound the "
              f"ratio below 1 (arb; the largest bound {proof['largest_box_bound']}), and for δ ≤ "
              f"{CLASSICAL_TAIL_DELTA:g} a Mills-ratio bound does ({proof['tail_bound']})") if proved else (
        "over the rest of the square it is decided by the grid, not proved (Dwork & Roth's Theorem A.1 proves it"
        + (f"; the box proof did not go through: {proof['why']}" if proof else "") + ")")
    # verified only with the proof over the square: a grid holding is no proof (referee CO, MEDIUM-4: a calibration
    # with a narrow dip in c near δ = 0.7, not DP there, passed every grid point)
    decide = verified if proved and certified else inconclusive
    return decide(
        ("numeric+certified+symbolic" if proved else "numeric+certified") if certified else "numeric",
        ("" if proved else "the grid holds but the square is not proved, so nothing is decided between its points: ")
        + f"exact δ(ε) ≤ δ on all {len(rows)} grid points with ε < {eps_upper} and δ from 1 − 1e-6 down to "
        f"1e-100, and at the corner (ε, δ) → ({eps_upper:g}, 1); the largest ratio δ(ε)/δ is "
        f"{mpmath.nstr(worst['ratio'], 4)} (ε = {worst['epsilon']}, "
        f"δ = {mpmath.nstr(mpmath.mpf(worst['delta']), 15)}), "
        "certified with arb; "
        f"{square}; outside ε < 1 the same rule fails (e.g. ε = 10, δ = 1e-5: see gaussmech.assumption3-range)",
        regime={"region": region, "holds_on": "all", "conditions": [r"\varepsilon < 1"], "witness": None,
                "decided_by": ("a proof over the square: monotonicity of the exact curve (SymPy), boxes bounded in "
                               "arb, a Mills-ratio tail; the grid and the corner (ε, δ) → (1, 1) beside it")
                if proved else "a grid of (ε, δ) and the corner (ε, δ) → (1, 1) where the grid's ratio is largest; "
                               "exact curves, the worst point certified with arb; no proof over the square"},
        worst=worst,
        arb_enclosure_at_worst=str(enclosure),
        proof_over_the_square=proof,
        **common,
    )


#: the δ grid above the whole-range threshold on which :func:`whole_range_delta` confirms it (1 − δ from 0.3·(1 −
#: δ_0) down to 1e-6, geometric)
WHOLE_RANGE_CHECKS = 12


def whole_range_delta(whole: Callable[[float], bool], lo: float = 0.3, hi: float = 0.999999) -> dict[str, Any] | None:
    """The δ from which a calibration is private on the whole of Assumption 3's ε-range (0, 8 log(1/δ)) (referee CQ,
    F3: the records named δ ≥ e^{−1/8}, Theorem 5's own range, as if the whole range began there): bisection of
    ``whole(δ)`` between ``lo`` (where it fails) and ``hi`` (where it holds), 30 halvings, then ``whole`` checked at
    :data:`WHOLE_RANGE_CHECKS` δ between the threshold and ``hi`` (evidence that it holds on all of [δ_0, 1), not a
    proof). None when it fails at ``hi`` or holds at ``lo`` (no threshold in the bracket)."""
    if not whole(hi) or whole(lo):
        return None
    fails, holds = bisect_predicate(lambda dl: not whole(dl), lo, hi, halvings=30)
    gap = 1 - holds
    n = WHOLE_RANGE_CHECKS
    checked = [1 - gap * 0.3 * (1e-6 / (gap * 0.3)) ** (k / (n - 1)) for k in range(n)]
    return {"delta_0": holds, "fails_just_below": fails, "checked_above": checked,
            "whole_range_at_every_checked_delta": all(whole(dl) for dl in checked)}


#: δ at which the multiplier reading of Theorem 5's calibration on Assumption 3's range is checked (1e-300 … 1 − 1e-6)
MULTIPLIER_DELTAS = tuple(10.0 ** -k for k in (300, 200, 100, 50, 30, 20, 12, 8, 5, 3, 2, 1)) + (
    0.3, 0.5, 0.7, 0.9, 0.99, 0.999999)
#: the multipliers tried, smallest first (the paper's σ_W has K = log d/C → ∞ over the calibration)
MULTIPLIERS = (1.5, 2.0, 3.0, 4.0, 8.0)


def multiplier_on_assumption3(c_squared: Callable[[float], float], deltas=MULTIPLIER_DELTAS,
                              multipliers=MULTIPLIERS) -> dict[str, Any]:
    """The smallest K of ``multipliers`` such that σ = K·cΔ/ε (c² = c_squared(δ)) is (ε, δ)-DP on the whole of
    Assumption 3's range (0, 8 log(1/δ)) at every δ of ``deltas`` (the exact crossing per δ; δ(ε) decreases in σ,
    so every larger K is private there too), and the δ where the next smaller K fails. Part 2 §3.2 sets σ_W with
    the Δ₂ bound times log d/C ("the extra log d factor guarantees that Theorem 5 applies"): over the true Δ₂
    bound the calibration carries K = log d/C → ∞ (referee EG, MEDIUM: that reading was not recorded). As δ → 0 at
    the top of the range the Gaussian tail needs (K − 2/K)² ≥ 1, i.e. K ≥ 2, for the paper's c."""
    fails: dict[float, list[float]] = {}
    smallest = None
    for k in multipliers:
        bad = []
        for delta in deltas:
            top = 8 * math.log(1 / delta)
            cross = classical_crossing(lambda dl, k=k: k * k * c_squared(dl), delta, top)
            if cross is None or cross < top:
                bad.append(delta)
        fails[k] = bad
        if not bad:
            smallest = k
            break
    below = [k for k in multipliers if smallest is not None and k < smallest]
    return {"smallest_multiplier": smallest, "deltas": list(deltas),
            "fails_at": {str(k): v for k, v in fails.items() if v},
            "next_smaller": below[-1] if below else None}


def _classical_on_assumption3(c_squared, deltas):
    """Theorem 5's calibration σ = cΔ/ε used for ε ∈ (0, 8 log(1/δ)) (Assumption 3): where does it hold?"""
    rows, fails = [], []
    for eps, delta in assumption3_grid(deltas):
        c = math.sqrt(c_squared(delta))
        ld = P.gdp_log_delta(eps, P._mpf(eps) / c)
        row = {
            "epsilon": eps,
            "delta": delta,
            "theorem5_applies": eps < 1,
            "log_exact_delta_minus_log_delta": ld - mpmath.log(delta),
        }
        rows.append(row)
        if ld > mpmath.log(delta) + REL_TOL:
            fails.append(row)
    crossings = {}
    for delta in deltas:
        L = math.log(1 / delta)
        cross = classical_crossing(c_squared, delta, 8 * L)
        crossings[str(delta)] = {
            "eight_log_inv_delta": 8 * L,
            "holds_up_to_epsilon": cross,
            "whole_range": cross is not None and cross >= 8 * L,
        }
    # the δ above which Assumption 3's ε < 8 log(1/δ) < 1: Theorem 5 applies to the whole range
    applies_all = math.exp(-1 / 8)

    def whole(dl: float) -> bool:
        cross = classical_crossing(c_squared, dl, 8 * math.log(1 / dl))
        return cross is not None and cross >= 8 * math.log(1 / dl)

    threshold = whole_range_delta(whole)
    multiplier = multiplier_on_assumption3(c_squared)
    k0 = multiplier["smallest_multiplier"]
    readings = {
        "as stated: σ = cΔ/ε with Theorem 5's c": "all" if not fails else
        "part: up to the exact crossing ε*(δ) (the conditions)",
        "as used for σ_W (Part 2 §3.2: the Δ₂ bound times log d/C, a multiplier K = log d/C → ∞ over the calibration; "
        "given sens.delta2's bound, refuted as printed)":
        (f"all for log d/C ≥ {k0:g}: K = {k0:g} is private on the whole range at every δ checked "
         f"({len(multiplier['deltas'])}, from 1e-300 to 1 − 1e-6; every larger K too"
         + (f"; K = {smaller:g} fails at δ = {multiplier['fails_at'][str(smaller)][0]:g}"
            if (smaller := multiplier["next_smaller"]) is not None else "") + ")") if k0 is not None else
        f"undecided: no K ≤ {MULTIPLIERS[-1]:g} is private on the whole range at every δ checked",
    }
    common = dict(
        points=len(rows),
        crossings=crossings,
        delta_grid=list(deltas),
        fractions=list(A3_FRACTIONS),
        omega_boundary_d=list(A3_OMEGA_D),
        theorem5_covers_whole_range_for_delta_at_least=applies_all,
        multiplier_reading=multiplier,
        whole_range_private_for_delta_at_least=threshold,
        outside_theorem5=sum(not r["theorem5_applies"] for r in rows),
        tolerance=f"log δ(ε) ≤ log δ + {REL_TOL}",
        achieved_error=CURVE_PRECISION,
    )
    conditions = [
        r"\varepsilon < 1\ (\text{Theorem 5})",
        r"\varepsilon \leq \varepsilon^*(\delta)\ (\text{exact crossing, tabulated in crossings})",
        r"\delta \geq e^{-1/8} \Rightarrow 8\log(1/\delta) \leq 1\ (\text{Theorem 5's own range})",
    ] + ([rf"\text{{all of }}(0, 8\log(1/\delta))\text{{ for }}\delta \geq \delta_0 = {threshold['delta_0']:.4f}"
          r"\ (\text{bisection; checked at 12 } \delta \text{ above})"]
         if threshold and threshold["whole_range_at_every_checked_delta"] else [])
    if fails:
        w = min(fails, key=lambda r: r["epsilon"])
        w = {
            **w,
            "exact_delta": P.gdp_delta(w["epsilon"], P._mpf(w["epsilon"]) / math.sqrt(c_squared(w["delta"]))),
            "exact_epsilon": P.gdp_epsilon(
                w["delta"], P._mpf(w["epsilon"]) / math.sqrt(c_squared(w["delta"])), rel_tol=1e-12
            ),
        }
        return refuted(
            "numeric",
            f"Theorem 5 is stated for ε < 1, but Assumption 3 allows ε up to 8 log(1/δ) and the "
            f"same calibration σ = √(2 log(1.25/δ)) Δ/ε is not (ε, δ)-DP there: at ε = "
            f"{w['epsilon']:.6g}, δ = {w['delta']:g} the exact δ(ε) is "
            f"{mpmath.nstr(w['exact_delta'], 4)} (exact ε at δ: {mpmath.nstr(w['exact_epsilon'], 5)}); "
            f"it holds up to ε*(δ) = "
            + ", ".join(f"{v['holds_up_to_epsilon']:.4g} (δ={k})" for k, v in crossings.items() if not v["whole_range"])
            + "; on the whole range at δ = "
            + ", ".join(k for k, v in crossings.items() if v["whole_range"])
            + f" (for δ ≥ e^(-1/8) ≈ {applies_all:.4f}, 8 log(1/δ) ≤ 1 and Theorem 5 applies"
            + (f"; the exact boundary, by bisection: the whole range is private for δ ≥ {threshold['delta_0']:.4f}"
               if threshold and threshold["whole_range_at_every_checked_delta"] else "") + ")"
            + (f"; as Part 2 uses it for σ_W, with the extra log d/C over the Δ₂ bound (a multiplier → ∞), it is "
               f"private on the whole range once log d/C ≥ {k0:g} (at every δ checked), given sens.delta2's bound"
               if k0 is not None else ""),
            regime={"region": A3_REGION, "holds_on": "part", "conditions": conditions, "witness": w,
                    "readings": readings},
            witness=w,
            **common,
        )
    return verified(
        "numeric",
        f"the calibration is (ε, δ)-DP on all {len(rows)} points of Assumption 3's range",
        regime={"region": A3_REGION, "holds_on": "all", "conditions": conditions, "witness": None,
                "readings": readings},
        **common,
    )


# ------------------------------------------------------------------------------------------------
# dpgd.privacy (Part 3) and alg1.noise (Part 1 Algorithm 1 + Assumption 4)
# ------------------------------------------------------------------------------------------------


def part3_noise_on_a(eps, delta, steps, clip, n, eta):
    """Part 3: ã_{i+1} = ã_i − η ∇ + η z_i, z_i ~ N(0, Σ² I), Σ = (2C√T/n) sqrt(8 log(1/δ))/ε:
    the std of the noise on a per step is η Σ."""
    return eta * P.paper_sigma_part3(eps, delta, steps, clip, n)


def part1_noise_on_a(eps, delta, steps, clip, n, eta):
    """Part 1 Algorithm 1: a_t ← a_{t−1} − η g + √η (C/n) σ_a N(0, I_p), σ_a = sqrt(ηT) sqrt(8 log(1/δ))/ε
    (N(0, 1) read as N(0, I_p); the scalar reading is checked separately)."""
    return P.paper_noise_std_part1(eps, delta, steps, clip, n, eta)


def corrected_part1_noise_on_a(eps, delta, steps, clip, n, eta):
    """Algorithm 1's line with σ_a doubled: σ_a = 2 sqrt(ηT) sqrt(8 log(1/δ))/ε (equals Part 3)."""
    return 2 * P.paper_noise_std_part1(eps, delta, steps, clip, n, eta)


DPGD_DELTAS = CLASSICAL_DELTAS
DPGD_FRACTIONS = A3_FRACTIONS  # ε = fraction · 8 log(1/δ), plus the ω-boundary points
DPGD_STEPS = (1, 100, 10_000)
DPGD_SETUPS = ((1.0, 100, 0.01), (37.5, 100_000, 1.0))  # (C, n, η)


def _holds(noise_fn, eps, delta, adjacency, clip=1.0, n=100, eta=0.01, steps=10) -> bool:
    sens = eta * P.sensitivity(clip, n, "mean", adjacency)
    mu = P.gdp_mu(steps, sens, noise_fn(eps, delta, steps, clip, n, eta))
    return P.gdp_log_delta(eps, mu) <= mpmath.log(delta) + REL_TOL


def _crossing(noise_fn, delta, adjacency, lo, hi, clip=1.0, n=100, eta=0.01, steps=10) -> float | None:
    """Largest ε in [lo, hi] with exact ε ≤ claimed ε (bisection on log δ_exact(ε) − log δ; the
    claim holds at ε iff δ_exact(ε) ≤ δ)."""
    holds = lambda e: _holds(noise_fn, e, delta, adjacency, clip, n, eta, steps)  # noqa: E731
    return largest_holding(holds, lo, hi, halvings=32)


def dpgd_certificate(noise: Statement, adjacency: str = "replace-one") -> dict:
    r"""A proof over all of Assumption 3 for a noise Statement, in SymPy.

    The T-fold composition of the per-step Gaussian release is μ-GDP with μ = √T·Δ/std (Δ = η_a·2C_a/n
    replace-one, η_a C_a/n add-remove). If μ = k(L)·ε with L = log(1/δ) (no T, C_a, n, η_a left), then
    a(ε) = μ/2 − ε/μ = εk/2 − 1/k increases in ε and δ(ε) ≤ Φ(a(ε)) ≤ Φ(a(8L)). If a(8L) ≤ −√(2L) for every
    L > 0, the Chernoff bound Φ(−x) ≤ e^{−x²/2}/2 gives δ(ε) ≤ e^{−L}/2 = δ/2 for every ε < 8 log(1/δ),
    every δ ∈ (0, 1) and every T, C_a, n, η_a."""
    mu, k = _mu_and_k(noise, adjacency)
    out = {"mu": str(mu), "invariant_in_T_C_n_eta": not (mu.free_symbols & {S.T, S.C_a, S.n, S.eta_a})}
    out["k_of_L"] = str(k)
    if not out["invariant_in_T_C_n_eta"] or S.eps in k.free_symbols:
        out["proved"] = False
        return out
    gap = sp.simplify(sp.sqrt(2 * _L) + 4 * _L * k - 1 / k)  # a(8L) + √(2L)
    out["a_at_top_plus_sqrt_2L"] = str(gap)
    out["proved"] = bool(gap == 0 or gap.is_nonpositive)
    return out


#: L = log(1/δ) for the search below the grid's δ = 1e-100 (e^{−L} is not a float there), and the fractions of
#: Assumption 3's range 8L searched at each (referee EK, EK-3: Σ × (1 − 10⁻⁶) fails only from L ≈ 10⁸)
LOG_SPACE_L = tuple(10**k for k in (3, 4, 5, 6, 8, 10, 12, 15, 20))
LOG_SPACE_FRACTIONS = ("0.9", "0.999", "0.999999", "0.999999999999")
_L = sp.Symbol("L", positive=True)


def _mu_and_k(noise: Statement, adjacency: str) -> tuple[sp.Expr, sp.Expr]:
    """μ = √T·Δ/std of the composed release (Δ = η_a·2C_a/n replace-one, η_a C_a/n add-remove) and k = μ/ε with
    δ = e^{−L} (SymPy): the one derivation :func:`dpgd_certificate` and :func:`_log_space_failure` read."""
    expr = noise_on_a_expr(noise)
    sens = S.eta_a * (2 if adjacency == "replace-one" else 1) * S.C_a / S.n
    mu = sp.simplify(sp.sqrt(S.T) * sens / expr)
    return mu, sp.simplify(sp.simplify(mu.subs(S.delta, sp.exp(-_L))) / S.eps)


def _log_space_failure(noise: Statement, adjacency: str, eps_upper: Callable[[float], float]) -> dict | None:
    """A budget of Assumption 3 below the grid (δ = e^{−L}, L up to 10²⁰, ε = f·8L) where the exact δ(ε) exceeds
    δ, found in log space (μ = k(L)ε in mpmath; log δ(ε) by :func:`theorycheck.privacy.gdp_log_delta`), or None.
    Only for a noise whose μ/ε depends on L alone (the certificate's shape)."""
    mu, k = _mu_and_k(noise, adjacency)
    if mu.free_symbols & {S.T, S.C_a, S.n, S.eta_a} or S.eps in k.free_symbols or k.free_symbols - {_L}:
        return None
    k_of = sp.lambdify(_L, k, "mpmath")
    with mpmath.workdps(60):
        for big_l in LOG_SPACE_L:
            for f in LOG_SPACE_FRACTIONS:
                eps = mpmath.mpf(f) * eps_upper(mpmath.mpf(big_l))
                m = k_of(mpmath.mpf(big_l)) * eps
                gap = P.gdp_log_delta(eps, m, dps=60) + big_l  # log δ_exact − log δ
                if gap > REL_TOL:
                    return {"log_inv_delta": big_l, "delta": f"e^(-{big_l})", "fraction_of_range": f,
                            "epsilon": mpmath.nstr(eps, 20), "mu": mpmath.nstr(m, 20),
                            "log_delta_exact_minus_log_delta": mpmath.nstr(gap, 10)}
    return None


def _dpgd_grid(noise_fn, adjacency, eps_upper):
    rows = []
    for delta in DPGD_DELTAS:
        L = math.log(1 / delta)
        top = eps_upper(L)
        points = [f * top for f in DPGD_FRACTIONS]
        points += [math.sqrt(L) / math.log(dd) for dd in A3_OMEGA_D if math.sqrt(L) / math.log(dd) < top]
        for eps in points:
            for steps in DPGD_STEPS:
                for clip, n, eta in DPGD_SETUPS if steps == 100 else DPGD_SETUPS[:1]:
                    sens = eta * P.sensitivity(clip, n, "mean", adjacency)
                    std = noise_fn(eps, delta, steps, clip, n, eta)
                    mu = P.gdp_mu(steps, sens, std)
                    gap = P.gdp_log_delta(eps, mu) - mpmath.log(delta)
                    rows.append(
                        {
                            "epsilon": eps,
                            "delta": delta,
                            "fraction_of_range": eps / (8 * L),
                            "T": steps,
                            "C": clip,
                            "n": n,
                            "eta": eta,
                            "mu": mu,
                            "log_delta_ratio": gap,
                        }
                    )
    return rows


#: the step-count readings of T (referee Z): Assumption 4 sets T = d^{ε_n}, rarely an integer; (d, ε_n) per point
STEP_COUNT_POINTS = ((32, 0.1), (32, 0.3), (1000, 0.5))
STEP_COUNT_DELTAS = (1e-5, 1e-30)


#: where the own-size reading is decided: the ray (ε_n, ν, π_p) and the sizes d along it (m = p⌊T⌋ ≤ 4·10^5, where
#: mpmath's incomplete gamma converges)
OWN_SIZE_RAYS = {"beyond (π_p + ε_n > 2ν)": (0.2, 1.6, 3.5), "at the tie": (0.2, 1.6, 3.0),
                 "below (π_p + ε_n < 2ν)": (0.2, 1.6, 2.5)}
OWN_SIZE_DS = (8, 16, 32)
#: a ray beyond the tie, a = π_p + ε_n − 2ν = 0.1, with a budget that tightens with d: ε = d^{1/2}, δ = e^{−d^{0.6}}
#: (log(1/δ)/ε² = d^{0.6}/d, so r = −0.4 < −a): the test must not separate there (referee CX, M1)
OWN_SIZE_TIGHTENING = {"ray": (0.2, 1.6, 3.1), "eps_power": 0.5, "log_inv_delta_power": 0.6, "ds": (32, 64, 128)}
#: a ray below the tie with a large budget, ε = d², log(1/δ) = d⁴ (r = 0; Assumption 3 bounds ε only by
#: 8 log(1/δ)): the χ² tail's δ(ε) ≈ e^{−nε/2} beats δ = e^{−Rε²} once ε ≫ n/R (referee CZ, M1)
OWN_SIZE_LARGE_BUDGET = {"ray": (0.2, 1.6, 2.5), "eps_power": 2, "log_inv_delta_power": 4, "ds": (32, 64, 128)}


def own_size_reading(eps: float = 1.0, delta: float = 0.01) -> dict[str, Any]:
    """Add-remove adjacency with Σ ∝ 1/n read off the data set's own size (referee CV, CV-M1; docs/privacy.md offers
    n as the actual size for the mean): removing a record changes the noise scale by κ = n/(n − 1), and the
    m = p⌊T⌋ noise coordinates DP-GD releases reveal it once √m/n → ∞, i.e. wherever π_p + ε_n > 2ν (p = d^{π_p},
    T = d^{ε_n}, n = d^ν): the statistic ‖z‖²/Σ² moves by m(κ² − 1) ≈ 2m/n against its spread √(2m), so the two
    distributions separate and δ(ε) → 1 at every fixed ε. Assumption 2 bounds p from below only, so that part of
    the region is admissible. Exact δ(ε) along three rays: beyond the tie it grows
    (a witness against (ε, δ)-DP at a budget inside Assumption 3's range), at the tie it stays of order 1, below it
    falls. A data set of n equal records and the same with one removed have the same mean gradient at every
    iterate, so the variance test's δ(ε) (:func:`theorycheck.privacy.scale_change_delta`, κ = n/(n − 1), m = p⌊T⌋)
    bounds the mechanism's from below. The mean's part is not re-derived below the tie: there the reading is not
    decided."""
    from .regime import ADMISSIBLE

    rows = []
    for where, (e_n, nu, pi_p) in OWN_SIZE_RAYS.items():
        for d in OWN_SIZE_DS:
            n, p, steps = round(d**nu), round(d**pi_p), math.floor(d**e_n)
            rows.append({"ray": where, "d": d, "n": n, "p": p, "steps": steps, "m": p * steps,
                         "m_over_n2": p * steps / n**2,
                         "delta_exact": float(P.scale_change_delta(eps, p * steps, mpmath.mpf(n) / (n - 1)))})
    point = {"eps_n": sp.Rational(1, 5), "eps_p": sp.Rational(1, 2), "eps_b": sp.Rational(1, 10),
             "nu": sp.Rational(8, 5), "pi_p": sp.Rational(7, 2), "r": 0, "rho": 0, "q": 1}
    beyond = [r for r in rows if r["ray"].startswith("beyond")]
    below = [r for r in rows if r["ray"].startswith("below")]
    witness = max(beyond, key=lambda r: r["delta_exact"])
    fails = (ADMISSIBLE.contains(point) and witness["delta_exact"] > delta and eps < 8 * math.log(1 / delta)
             and all(a["delta_exact"] < b["delta_exact"] for a, b in zip(beyond, beyond[1:])))
    # a budget that tightens with d (r < 0): the statistic's separation μ ≍ √(2m)/n = √2·d^{a/2} must beat
    # ε/√log(1/δ) ≍ d^{−r/2}, so the reading fails where a + r > 0 only (referee CX, M1); on this ray a + r < 0 and the
    # exact δ(ε) falls below δ as d grows
    tightening, large = _own_size_ray(OWN_SIZE_TIGHTENING), _own_size_ray(OWN_SIZE_LARGE_BUDGET)
    margins = [r["log_delta_exact"] - r["log_delta"] for r in tightening]  # log δ_var − log δ
    large_margins = [r["log_delta_exact"] - r["log_delta"] for r in large]
    return {"rows": rows, "epsilon": eps, "delta": delta, "admissible_point": {k: str(v) for k, v in point.items()},
            "witness": witness, "fails_beyond_the_tie": fails,
            # ⌊T⌋ makes the rows uneven (d = 8 still exceeds δ = 0.01): first against last, the trend only
            "falls_below_the_tie": below[-1]["delta_exact"] < below[0]["delta_exact"],
            "tightening_budget": {"rows": tightening, "holds_from_d": next(
                (r["d"] for r, g in zip(tightening, margins) if g < 0), None),
                "separates_less_as_d_grows": margins[-1] < margins[0]},
            # below the tie too, a budget with ε ≫ n/R breaks it: at every point of the region (referee CZ, M1)
            "large_budget": {"rows": large, "fails_at_every_d": all(g > 0 for g in large_margins),
                             "gap_widens": large_margins[-1] > large_margins[0]},
            "condition": "pi_p + eps_n + r - 2*nu > 0",
            "tolerance": "regularised incomplete gammas at 40 digits, raised until two precisions agree to 1e-10"}


def step_count_readings(noise_fn, adjacency: str = "replace-one", top_fraction: float = 0.999) -> dict:
    """Σ computed with the real T = d^{ε_n} while the loop runs ⌊T⌋ or ⌈T⌉ steps (Algorithm 1 runs an integer
    number of steps; the paper does not say which): the exact log δ(ε)/δ at ε = ``top_fraction``·8 log(1/δ), where
    the certificate is tight (δ_exact ≈ δ/√(4π log(1/δ))). ⌊T⌋ steps compose fewer releases (μ smaller: holds);
    ⌈T⌉ steps make μ larger by √(⌈T⌉/T), which fails there when ⌈T⌉/T is far from 1."""
    clip, n, eta = DPGD_SETUPS[0]
    sens = eta * P.sensitivity(clip, n, "mean", adjacency)
    rows = []
    for d, eps_n in STEP_COUNT_POINTS:
        T = d**eps_n
        for delta in STEP_COUNT_DELTAS:
            eps = top_fraction * 8 * math.log(1 / delta)
            std = noise_fn(eps, delta, T, clip, n, eta)
            for name, steps in (("floor", math.floor(T)), ("ceil", math.ceil(T))):
                gap = P.gdp_log_delta(eps, P.gdp_mu(steps, sens, std)) - mpmath.log(delta)
                rows.append({"d": d, "eps_n": eps_n, "T": T, "steps": steps, "reading": name, "delta": delta,
                             "epsilon": eps, "log_delta_ratio": float(gap), "holds": bool(gap <= REL_TOL)})
    fails = [r for r in rows if not r["holds"]]
    return {"rows": rows, "floor_holds": all(r["holds"] for r in rows if r["reading"] == "floor"),
            "ceil_holds": all(r["holds"] for r in rows if r["reading"] == "ceil"),
            "witness": max(fails, key=lambda r: r["log_delta_ratio"]) if fails else None}


def scalar_noise_shape(p: int) -> list[list[int]]:
    """Algorithm 1's N(0, 1) read literally: one scalar z added to every coordinate, Cov = 11ᵀ."""
    return [[1] * p for _ in range(p)]


def isotropic_noise_shape(p: int) -> list[list[int]]:
    """N(0, Id_p): Cov = I."""
    return [[int(i == j) for j in range(p)] for i in range(p)]


SHAPE_DIMENSIONS = (2, 3, 8)


def _shaped_noise(noise_fn, adjacency: str, shape: Callable[[int], list]) -> dict:
    """For p in SHAPE_DIMENSIONS: the exact rank and null space of M = shape(p) (rational arithmetic) and,
    when M is singular, the witness pair: per-step difference Δ = sens·v/‖v‖ with Mv = 0, so the two
    output distributions live on disjoint parallel affine subspaces and δ(ε) = P_D(S) − e^ε P_D'(S) = 1 − 0.
    When every M is non-singular: the smallest eigenvalue over p (mpmath, 40 digits)."""
    import sympy

    shapes, lam_min = [], None
    for p in SHAPE_DIMENSIONS:
        M = sympy.Matrix(shape(p))
        if M.shape != (p, p) or M != M.T:
            raise ValueError(f"noise_shape({p}) must be a symmetric {p}×{p} matrix")
        rank = M.rank()
        null = M.nullspace()
        shapes.append({"p": p, "rank": int(rank)})
        if null:
            v = null[0]
            norm = sympy.sqrt(sum(x**2 for x in v))
            clip, n, eta, steps = 1.0, 100, 0.01, 10
            delta = DPGD_DELTAS[2]
            eps = 0.5 * 8 * math.log(1 / delta)
            std = float(noise_fn(eps, delta, steps, clip, n, eta))
            sens = eta * P.sensitivity(clip, n, "mean", adjacency)
            diff = [float(x / norm) * sens for x in v]
            # component of the difference of the T-step outputs along v, and the noise variance along v
            along_v = steps * sens
            var_along_v = std**2 * float((v.T * M * v)[0, 0] / norm**2)
            if not (var_along_v == 0 and along_v != 0):
                raise ValueError("a null direction of M must carry no noise")  # cannot happen for Mv = 0
            # S = {a : ⟨a − a₀, v⟩ = ⟨update(D), v⟩}: under D the output is in S surely, under D' never
            p_d, p_d2 = 1, 0
            exact_delta = p_d - math.exp(eps) * p_d2
            if not exact_delta > delta:
                continue
            return {
                "shapes": shapes,
                "lambda_min": None,
                "singular": {
                    "p": p,
                    "rank": int(rank),
                    "null_direction": [str(x) for x in v],
                    "T": steps,
                    "clip": clip,
                    "n": n,
                    "eta": eta,
                    "epsilon": eps,
                    "delta": delta,
                    "noise_std": std,
                    "difference_of_updates_per_step": diff,
                    "difference_along_null_direction": along_v,
                    "noise_variance_along_it": var_along_v,
                    "event_S": "{a : ⟨a − a₀, v⟩ = ⟨update(D), v⟩}",
                    "P_D(S)": p_d,
                    "P_D'(S)": p_d2,
                    "exact_delta": exact_delta,
                },
            }
        with mpmath.workdps(40):
            eig = mpmath.eigsy(
                mpmath.matrix(
                    [[mpmath.mpf(sympy.Rational(x).p) / sympy.Rational(x).q for x in row] for row in M.tolist()]
                )
            )[0]
            low = min(eig[i] for i in range(p))
        shapes[-1]["lambda_min"] = low
        # an exact lower bound: the 40-digit eigenvalue's simplest rational, when M − λI is PSD exactly (rational
        # LDLᵀ) — c·I and I + 11ᵀ give c and 1 exactly, which a certificate tight at λ = 1 needs
        candidate = sympy.nsimplify(sympy.Float(str(low), 40), rational=True, tolerance=sympy.Rational(1, 10**30))
        shapes[-1]["lambda_min_exact"] = (str(candidate) if (M - candidate * sympy.eye(p)).is_positive_semidefinite
                                          else None)
        lam_min = low if lam_min is None else min(lam_min, low)
    if not lam_min > 0:
        raise ValueError("noise_shape must be positive semi-definite")
    exact = [s["lambda_min_exact"] for s in shapes]
    return {"shapes": shapes, "lambda_min": float(lam_min), "singular": None,
            "lambda_min_exact": min(sympy.Rational(e) for e in exact) if all(exact) else None}


#: the reading of :func:`own_size_reading`
OWN_SIZE_KEY = "add-remove adjacency with n in Σ the data set's own size (n − 1 after a removal)"


def _own_size_ray(ray: dict[str, Any]) -> list[dict[str, Any]]:
    """The exact log δ(ε) of the variance test (:func:`theorycheck.privacy.scale_change_delta`) against log δ along
    ``ray``: (ε_n, ν, π_p), ε = d^{eps_power}, log(1/δ) = d^{log_inv_delta_power}, at its d values."""
    e_n, nu, pi_p = ray["ray"]
    rows = []
    for d in ray["ds"]:
        n, p, steps = round(d**nu), round(d**pi_p), math.floor(d**e_n)
        e_d, log_inv_delta = d ** ray["eps_power"], d ** ray["log_inv_delta_power"]
        value = P.scale_change_delta(e_d, p * steps, mpmath.mpf(n) / (n - 1))
        rows.append({"d": d, "n": n, "p": p, "steps": steps, "epsilon": e_d, "log_delta": -log_inv_delta,
                     "log_delta_exact": float(mpmath.log(value)) if value > 0 else float("-inf")})
    return rows


def own_size_outcome(reading: dict[str, Any]) -> str:
    """:func:`own_size_reading` as a reading's outcome text."""
    w = reading["witness"]
    if not reading["fails_beyond_the_tie"]:
        return "undecided: the variance test did not separate the neighbours at the sizes tried"
    large = reading["large_budget"]
    big = large["rows"][-1]
    everywhere = large["fails_at_every_d"] and large["gap_widens"]
    return (("none: at every point of the region some admissible budget breaks it — Assumption 3 bounds ε only by "
             "8 log(1/δ), and once ε ≫ n/R (R = log(1/δ)/ε²) the χ² tail gives δ(ε) ≈ e^{−nε/2} ≫ δ = e^{−Rε²} "
             f"(below the tie, ε = d², log(1/δ) = d⁴: log δ(ε) = {big['log_delta_exact']:.4g} > log δ = "
             f"{big['log_delta']:.4g} at d = {big['d']}, the gap widening); and, with ε bounded, " if everywhere else
             "part: fails ")
            + "wherever π_p + ε_n + r > 2ν (admissible: p has no upper bound) — the noise scale Σ ∝ 1/n reveals the "
            "removal through the variance of the p⌊T⌋ noise coordinates the released trajectory carries: the "
            "statistic separates the neighbours by μ ≍ √(2p⌊T⌋)/n against ε/√log(1/δ) ≍ d^{−r/2}; exact δ(ε = "
            f"{reading['epsilon']:g}) = {w['delta_exact']:.4g} > δ = {reading['delta']:g} at d = {w['d']}, n = "
            f"{w['n']}, p = {w['p']}, ⌊T⌋ = {w['steps']}, growing along the ray")


#: Definition 1's "adjacent", which it leaves undefined: the readings a privacy claim is decided under
ADJACENCY_READINGS = {
    "replace-one": "replace-one adjacency (one record replaced; n fixed)",
    "add-remove": "add-remove adjacency with the public normaliser n (one record added or removed)",
}


def reading_outcome_of(verdict: Verdict) -> str:
    """A privacy verdict of :func:`check_dpgd_privacy` as a reading's outcome text (``"all: …"``, ``"part: …"``)."""
    if verdict.verdict == "verified":
        steps = verdict.evidence.get("step_count_readings") or {}
        proved = (verdict.evidence.get("symbolic_certificate") or {}).get("proved")
        return ("all: the exact privacy curve (μ-GDP, T steps composed) is ≤ δ on Assumption 3's whole grid"
                + (", and the SymPy certificate proves it for every (ε, δ) of the range" if proved else "")
                + ("; with T the integer number of steps σ uses (⌈T⌉ > T steps fail on part of the range, its top "
                   "included)"
                   if steps.get("witness") else ""))
    holds = (verdict.regime or {}).get("holds_on", "none")
    outcome = holds if holds in HOLDS_ON else "none"
    return f"{outcome}: {verdict.detail.split(';')[0]}"


def _singular_noise_refutation(decided: dict[str, Any], given: Any, adjacency: str, eps_upper: Callable[[float], float],
                               readings: bool) -> Verdict:
    """:func:`check_dpgd_privacy`'s verdict for a noise std·ξ with a singular Cov ξ = M: refuted, δ(ε) = 1 along M's
    null direction; with ``readings``, N(0, 1) read as N(0, I_p) (the isotropic mechanism) under both adjacencies."""
    w = decided["singular"]
    per_coordinate = {}
    if readings:  # N(0, 1) read as N(0, I_p), one draw per coordinate: the isotropic mechanism, both adjacencies
        per_coordinate = {
            f"N(0, 1) read as N(0, I_p), {ADJACENCY_READINGS[a]}": reading_outcome_of(check_dpgd_privacy(
                given, a, eps_upper, beyond_range=False, readings=False))
            for a in ("replace-one", "add-remove")}
    result = refuted(
        "exact",
        f"the noise covariance std²·M is singular (rank {w['rank']} < p = {w['p']}): two "
        f"adjacent datasets whose clipped mean gradients differ along the null direction "
        f"v = {w['null_direction']} of M give outputs that differ by a deterministic "
        "amount along v (exactly so at T = 1; for any T, take the differing records' features "
        "along v and the others' orthogonal to it: the noise, in M's range, and the other "
        "records' gradients never reach the v-component, which evolves deterministically: "
        "referee Z), "
        f"so the exact δ(ε) is 1 for every ε (at ε = {w['epsilon']:.4g}, "
        f"claimed δ = {w['delta']:g}, per-step noise std {w['noise_std']:.4g})",
        regime={
            "region": A3_REGION,
            "holds_on": "none",
            "conditions": [r"\operatorname{rank} M = p"],
            "witness": {"epsilon": w["epsilon"], "delta": w["delta"], "p": w["p"]},
        },
        witness=w,
        tolerance="exact (rank and null space in rational arithmetic)",
        achieved_error=0,
        shapes_checked=decided["shapes"],
    )
    if not per_coordinate:
        return result
    return with_readings(result, {"as printed: one scalar N(0, 1) added to every coordinate":
                                  "none: the noise covariance is singular", **per_coordinate})


def _shaped_mechanism(decided: dict[str, Any], noise_fn: Callable[..., float], given: Any, statement: Statement | None,
                      ) -> tuple[Callable[..., float], dict[str, Any], Statement | None, Any]:
    """A noise std·ξ with a full-rank Cov ξ = M as its mechanism: the worst adjacent pair differs along M's smallest
    eigenvector, so it is the isotropic mechanism with std·√λ_min. Returns that noise function, the evidence fields,
    the Statement to certify (with a rational λ below λ_min from 40-digit eigenvalues, or λ_min itself when exact)
    and the one to search (a λ above it: a failure of more noise than the mechanism's is a failure of the mechanism);
    referee EM, EM-1: the certificate and the search had been run on the unscaled noise."""
    lam = decided["lambda_min"]

    def scaled(*args: Any) -> float:
        return noise_fn(*args) * math.sqrt(lam)

    shaped = {"noise_shape_lambda_min": lam, "shapes_checked": decided["shapes"],
              "widths_checked": list(SHAPE_DIMENSIONS)}
    search_noise = None
    if statement is not None:
        low, high = (sp.Rational(lam) * (1 + k * sp.Rational(1, 10**12)) for k in (-1, 1))
        exact = decided["lambda_min_exact"]
        search_noise = given.scale(sp.sqrt(exact if exact is not None else high))
        statement = given.scale(sp.sqrt(exact if exact is not None else low))
    return scaled, shaped, statement, search_noise


@decides("=", "≥", ">")
def check_dpgd_privacy(
    noise_fn=DPGD_STATEMENT,
    adjacency: str = "replace-one",
    eps_upper: Callable[[float], float] = lambda L: 8 * L,
    scalar_noise: bool = False,
    corrected_fn=None,
    corrected_tex=None,
    noise_shape: Callable[[int], list] | None = None,
    beyond_range: bool = True,
    readings: bool = True,
):
    """T steps of clipped-mean gradient descent with per-step noise on a given by ``noise_fn``: a Statement
    (Σ = … of Part 3 or σ_a = … of Assumption 4 / Algorithm 1) or a callable ``(ε, δ, T, C, n, η) -> std``.

    1. Exact: over Assumption 3's (ε, δ) grid (δ from 1 − 1e-6 to 1e-100, ε from 1e-6·8L to (1 − 1e-6)·8L and
       the ω-boundary ε = √L/log d), T up to 1e4 and two (C, n, η): is δ_exact(ε) ≤ δ (μ-GDP, composed exactly)?
    2. For a Statement: the SymPy certificate :func:`dpgd_certificate` (all of Assumption 3 at once).
    3. Per δ, the largest ε where it holds (the regime record), and beyond the range when it holds on all of it.

    ``scalar_noise=True`` (or ``noise_shape``): the noise per step is std·ξ with Cov ξ = ``noise_shape(p)``
    (default :func:`scalar_noise_shape`, 11ᵀ: one scalar added to every coordinate). A singular shape
    gives δ(ε) = 1 along its null direction (refuted with that pair as witness); a full-rank one is
    the isotropic mechanism with std·√λ_min and goes through the same grid.

    ``readings``: a refutation under replace-one records the readings of Definition 1's undefined "adjacent" (the
    same check under add-remove with the public normaliser n), and the scalar reading those of N(0, 1) read as
    N(0, I_p) (referee BL: both had been named in the detail, never decided)."""
    given = noise_fn
    statement = noise_fn if isinstance(noise_fn, Statement) else None
    noise_fn = noise_on_a(noise_fn)
    if corrected_tex is None and isinstance(corrected_fn, Statement):
        corrected_tex = corrected_fn
    shaped: dict[str, Any] = {}
    search_noise = None
    if scalar_noise or noise_shape is not None:
        # The noise per step is std·ξ with Cov ξ = M (scalar reading: ξ = z·1, M = 11ᵀ, rank one).
        decided = _shaped_noise(noise_fn, adjacency, noise_shape or scalar_noise_shape)
        if decided["singular"] is not None:
            return _singular_noise_refutation(decided, given, adjacency, eps_upper, readings)
        noise_fn, shaped, statement, search_noise = _shaped_mechanism(decided, noise_fn, given, statement)
    certificate = dpgd_certificate(statement, adjacency) if statement is not None else None
    rows = _dpgd_grid(noise_fn, adjacency, eps_upper)
    worst = max(rows, key=lambda r: r["log_delta_ratio"])
    mus = {}
    for r in rows:
        mus.setdefault((r["epsilon"], r["delta"]), set()).add(mpmath.nstr(r["mu"], 10))
    t_invariant = all(len(s) == 1 for s in mus.values())
    def crossing_at(dl: float) -> float | None:  # the largest private ε of the range at δ = dl
        return _crossing(noise_fn, dl, adjacency, min(1e-6 * math.log(1 / dl), 1e-8), eps_upper(math.log(1 / dl)))

    crossings = {}
    for delta in DPGD_DELTAS:
        L = math.log(1 / delta)
        cross = crossing_at(delta)
        crossings[str(delta)] = {
            "eight_log_inv_delta": eps_upper(L),
            "holds_up_to_epsilon": cross,
            "fraction_of_range": cross / eps_upper(L) if cross else None,
        }

    def whole_at(dl: float) -> bool:
        return crossing_at(dl) == eps_upper(math.log(1 / dl))

    threshold = whole_range_delta(whole_at) if any(v["fraction_of_range"] != 1 for v in crossings.values()) else None
    common = dict(
        points=len(rows),
        adjacency=adjacency,
        steps_grid=list(DPGD_STEPS),
        delta_grid=list(DPGD_DELTAS),
        fractions_of_8_log_inv_delta=list(DPGD_FRACTIONS),
        omega_boundary_d=list(A3_OMEGA_D),
        setups_C_n_eta=[list(s) for s in DPGD_SETUPS],
        mu_independent_of_T_C_n_eta=t_invariant,
        holds_up_to=crossings,
        whole_range_private_for_delta_at_least=threshold,
        symbolic_certificate=certificate,
        tolerance=f"log δ_exact(ε) ≤ log δ + {REL_TOL}",
        achieved_error=CURVE_PRECISION + "; the witness's δ_exact at 40 digits; ε(δ) there by bisection to 1e-15",
        **shaped,
    )
    fails = [r for r in rows if r["log_delta_ratio"] > REL_TOL]
    # Definition 1 leaves "adjacent" undefined: the same noise under add-remove, on the whole range (a reading of a
    # refutation and of a verification alike)
    add_remove = reading_outcome_of(check_dpgd_privacy(
        given, "add-remove", eps_upper, scalar_noise=scalar_noise, noise_shape=noise_shape, beyond_range=False,
        readings=False)) if adjacency == "replace-one" and readings else None
    if fails:
        smallest = min(fails, key=lambda r: r["fraction_of_range"])
        for row in (smallest, worst):
            with mpmath.workdps(40):  # not exp of the 53-bit gap: at δ = 1e-100 that printed δ = 1.00000000000001
                row["exact_delta"] = +mpmath.exp(P.gdp_log_delta(row["epsilon"], row["mu"]))
            row["exact_epsilon"] = P.gdp_epsilon(row["delta"], row["mu"], rel_tol=1e-15)
            row["ratio"] = row["exact_epsilon"] / row["epsilon"]
        corrected = None
        extra = {}
        if add_remove is not None:
            extra["add_remove_reading"] = add_remove
        if adjacency == "replace-one":
            # the same noise under add-remove (sensitivity C/n): is the witness point private there?
            w = smallest
            sens_ar = w["eta"] * P.sensitivity(w["C"], w["n"], "mean", "add-remove")
            mu_ar = P.gdp_mu(w["T"], sens_ar, noise_fn(w["epsilon"], w["delta"], w["T"], w["C"], w["n"], w["eta"]))
            eps_ar = P.gdp_epsilon(w["delta"], mu_ar, rel_tol=1e-15)
            extra["same_noise_under_add_remove"] = {
                "exact_epsilon": eps_ar,
                "claimed": w["epsilon"],
                "holds": bool(eps_ar <= w["epsilon"] * (1 + REL_TOL)),
            }
        if corrected_fn is not None:
            sub = check_dpgd_privacy(
                corrected_fn,
                adjacency,
                eps_upper,
                scalar_noise=scalar_noise,
                noise_shape=noise_shape,
                beyond_range=False,
            )
            extra["corrected_check"] = {"verdict": sub.verdict, "detail": sub.detail}
            if sub.verdict == "verified":
                corrected = corrected_tex
        whole = [k for k, v in crossings.items() if v["fraction_of_range"] == 1]
        # the verdict rests on the adjacency notion (Definition 1 leaves "adjacent" undefined): say so in the detail
        ar = extra.get("same_noise_under_add_remove")
        adjacency_note = (
            (
                " (replace-one adjacency, the fixed-n reading of Definition 1, which leaves 'adjacent' "
                "undefined; under add-remove the same noise is "
                + ("private" if ar["holds"] else "not private")
                + f" at this witness: exact ε {mpmath.nstr(ar['exact_epsilon'], 6)}"
                + (f"; under add-remove it holds on {reading_outcome(extra['add_remove_reading'])} of the range "
                   "(the readings below)" if "add_remove_reading" in extra else "")
                + ")"
            )
            if ar
            else f" ({adjacency} adjacency)"
        )
        regime = {
            "region": A3_REGION,
            "holds_on": "part" if any(v["holds_up_to_epsilon"] for v in crossings.values()) else "none",
            "conditions": [
                r"\varepsilon \leq \varepsilon^*(\delta)\ (\text{exact crossing per }\delta"
                r"\text{, evidence holds\_up\_to})"
            ]
            + (
                [r"\text{all of }(0, 8\log(1/\delta))\text{ at }\delta \in \{" + ", ".join(whole) + r"\}"]
                if whole
                else []
            )
            + ([rf"\text{{all of }}(0, 8\log(1/\delta))\text{{ for }}\delta \geq \delta_0 = "
                rf"{threshold['delta_0']:.4f}\ (\text{{bisection; checked at 12 }} \delta \text{{ above}})"]
               if threshold and threshold["whole_range_at_every_checked_delta"] else []),
            "witness": {k: smallest[k] for k in ("epsilon", "delta", "T", "fraction_of_range", "exact_epsilon")},
        }
        if "add_remove_reading" in extra:
            holds = regime["holds_on"]
            regime["readings"] = {
                ADJACENCY_READINGS["replace-one"]: ("part: ε ≤ ε*(δ) (evidence holds_up_to)" if holds == "part"
                                                    else "none: fails at every δ of the grid"),
                ADJACENCY_READINGS["add-remove"]: extra["add_remove_reading"]}
        return refuted(
            "numeric",
            f"the claimed noise is not (ε, δ)-DP inside Assumption 3's range: at ε = "
            f"{smallest['epsilon']:.6g} ({smallest['fraction_of_range']:.3g} × 8 log(1/δ)), "
            f"δ = {smallest['delta']:g}, T = {smallest['T']} the exact ε is "
            f"{mpmath.nstr(smallest['exact_epsilon'], 6)} ({mpmath.nstr(smallest['ratio'], 4)} × "
            f"claimed; up to {mpmath.nstr(worst['ratio'], 3)} × at ε = {worst['epsilon']:.4g}, "
            f"δ = {worst['delta']:g}); it holds up to ε*(δ) = "
            + ", ".join(
                f"{v['holds_up_to_epsilon']:.4g} (δ={k})" if v["holds_up_to_epsilon"] else f"— (δ={k})"
                for k, v in crossings.items()
                if k not in whole
            )
            + (f"; on the whole range at δ = {', '.join(whole)}" if whole else "")
            + (f" (the exact boundary, by bisection: the whole range is private for δ ≥ {threshold['delta_0']:.4f}; "
               "referee DB, DB-3)" if threshold and threshold["whole_range_at_every_checked_delta"] else "")
            + adjacency_note,
            corrected=corrected,
            regime=regime,
            witness=smallest,
            worst=worst,
            **common,
            **extra,
        )
    beyond = {}
    for delta in DPGD_DELTAS if beyond_range else ():
        L = math.log(1 / delta)
        lo, hi = eps_upper(L), 1000 * eps_upper(L)
        cross = _crossing(noise_fn, delta, adjacency, lo, hi)
        # the bisection assumes one holds→fails change: count changes on a geometric grid
        flags = [_holds(noise_fn, e, delta, adjacency) for e in np.geomspace(1e-3 * L, 50 * eps_upper(L), 30)]
        changes = sum(a != b for a, b in zip(flags, flags[1:]))
        # 32 halvings of [lo, hi]: the crossing is known to (hi − lo)/2^32, a lower bracket; printed to that
        # accuracy, and a crossing at the search cap says so (referee CV, CV-L6: 17 digits had been printed)
        width = (hi - lo) / 2**32
        beyond[str(delta)] = {
            "holds_up_to_epsilon": float(f"{cross:.7g}") if cross else None,
            "as_multiple_of_range": float(f"{cross / eps_upper(L):.7g}") if cross else None,
            "bisection_width": width,
            "at_search_cap": bool(cross is not None and cross >= hi - 2 * width),
            "holds_fails_changes_on_grid": changes,
        }
    proved = bool(certificate and certificate.get("proved"))
    worst_ratio = mpmath.exp(worst["log_delta_ratio"])
    if not proved:
        # the grid's δ ≥ 1e-100 does not stand for every δ ∈ (0, 1) (referee EK, EK-3: Σ × 0.999 and × (1 − 10⁻⁶)
        # had been verified from the grid; they fail from log(1/δ) ≈ 10³ and 10⁸): search below it, else undecided
        below = (_log_space_failure(search_noise if shaped else given, adjacency, eps_upper)
                 if statement is not None else None)
        # it holds at every grid point (δ ≥ 1e-100), so a failure below the grid leaves it holding on part of the
        # region (referee EM, EM-12: "none" had been recorded), with the adjacency readings where they were decided
        unproved: dict[str, Any] = {"region": A3_REGION, "holds_on": "part" if below else "undecided",
                                    "conditions": [r"\varepsilon < 8\log(1/\delta),\ \delta \geq 10^{-100}"
                                                   r"\ (\text{the grid; not a boundary})"] if below else
                                    [r"\varepsilon < 8\log(1/\delta)"], "witness": below}
        if add_remove is not None:
            unproved["readings"] = {
                ADJACENCY_READINGS["replace-one"]: ("part: fails below the grid (witness)" if below else
                                                    "undecided: holds at every grid point, not proved"),
                ADJACENCY_READINGS["add-remove"]: add_remove}
        if below is not None:
            return refuted(
                "numeric",
                f"the claimed noise is not (ε, δ)-DP on all of Assumption 3's range: it holds at every grid point "
                f"(δ ≥ 1e-100), but at δ = {below['delta']}, ε = {below['fraction_of_range']} × 8 log(1/δ) the "
                f"exact log δ(ε) exceeds log δ by {below['log_delta_exact_minus_log_delta']} (μ = {below['mu']}, "
                "in log space at 60 digits); the certificate a(8L) ≤ −√(2L) fails"
                f" ({(certificate or {}).get('a_at_top_plus_sqrt_2L')})",
                regime=unproved, witness=below, worst=worst, **common)
        return inconclusive(
            "numeric",
            f"exact δ(ε) ≤ δ on all {len(rows)} grid points (δ from 1 − 1e-6 to 1e-100; largest δ_exact/δ = "
            f"{mpmath.nstr(worst_ratio, 4)}), but not proved on all of Assumption 3: "
            + (("μ depends on T, C_a, n or η_a: no certificate, no search below the grid (referee EM, EM-5)"
                if not certificate.get("invariant_in_T_C_n_eta") else
                f"the certificate a(8L) ≤ −√(2L) fails ({certificate.get('a_at_top_plus_sqrt_2L')}) and no failure "
                f"was found in log space (L = log(1/δ) up to {LOG_SPACE_L[-1]:.0e}, ε up to "
                f"{LOG_SPACE_FRACTIONS[-1]} × 8L: a noise short by less than about a third of 1 − that fraction is "
                "beyond this search's reach, referee EM, EM-4)")
               if statement is not None and certificate else "the noise is not a Statement the certificate reads")
            + " (points cannot verify a statement about every δ ∈ (0, 1))",
            regime=unproved, worst=worst, **common)
    if shaped and noise_shape is not isotropic_noise_shape:
        # the shape is a function of p, checked at SHAPE_DIMENSIONS only: a proof there is not one for every width
        # (referee EM, EM-2: a shape ⪰ I at p = 2, 3, 8 and below I from p = 17 had been "proved on all of
        # Assumption 3")
        return inconclusive(
            "symbolic+numeric",
            f"proved at the widths p ∈ {list(SHAPE_DIMENSIONS)} where the noise shape was checked: its smallest "
            f"eigenvalue there, {shaped['noise_shape_lambda_min']:.6g}, makes the mechanism the isotropic one with "
            "std·√λ_min, which the certificate proves private on all of Assumption 3; the shape is a function of p, "
            "so the other widths are not decided",
            regime={"region": A3_REGION + f", p ∈ {list(SHAPE_DIMENSIONS)}", "holds_on": "undecided",
                    "conditions": [r"\varepsilon < 8\log(1/\delta)"], "witness": None},
            worst=worst, **common)
    steps_read = step_count_readings(noise_fn, adjacency)
    ceil_w = steps_read["witness"]
    step_note = (
        "; T is read as the number of steps Σ uses (an integer): with T = d^{ε_n} in Σ and ⌊T⌋ steps it "
        + ("holds" if steps_read["floor_holds"] else "fails")
        + ", with ⌈T⌉ steps "
        + (f"it fails on part of the range (witness at its top: d = {ceil_w['d']}, "
           f"ε_n = {ceil_w['eps_n']}: T = {ceil_w['T']:.4g}, "
           f"{ceil_w['steps']} steps, δ = {ceil_w['delta']:g}, ε = 0.999·8 log(1/δ): δ_exact = "
           f"{math.exp(ceil_w['log_delta_ratio']):.4g}·δ)" if ceil_w else "it holds at the points tried")
    )
    regime = {
        "region": A3_REGION,
        "holds_on": "all",
        "conditions": [r"\varepsilon < 8\log(1/\delta)"]
        + (
            [
                r"\delta_{\mathrm{exact}}(\varepsilon) \leq \Phi(a) \leq \tfrac{1}{2}e^{-\log(1/\delta)} = \delta/2,\ "
                r"a = \tfrac{\mu}{2} - \tfrac{\varepsilon}{\mu} \leq -\sqrt{2\log(1/\delta)}"
            ]
            if proved
            else []
        ),
        "witness": None,
    }
    if add_remove is not None:  # the readings the verdict rests on, decided (referee CB, F3)
        regime["readings"] = {
            ADJACENCY_READINGS["replace-one"]: "all" if proved else "undecided: holds at every grid point, not "
            "proved",
            ADJACENCY_READINGS["add-remove"]: add_remove,
            # ⌊T⌋ ≤ T releases with Σ(T): μ = √⌊T⌋·Δ/std(T) ≤ √T·Δ/std(T), the μ the certificate covers for any T
            # (δ(ε) increases with μ), so where it is proved this reading holds on the whole range (referee CE, F3)
            "T = d^{ε_n} in Σ, ⌊T⌋ steps run": (
                "all: ⌊T⌋ ≤ T releases give μ' = √(⌊T⌋/T)·μ ≤ μ, and δ(ε) increases with μ (∂δ/∂μ = "
                "φ(μ/2 − ε/μ) > 0), so the certificate's bound at μ covers it" if proved
                and steps_read["floor_holds"] else "undecided: holds at the points of step_count_readings, not proved"
                if steps_read["floor_holds"] else "part: fails at a point of step_count_readings"),
            "T = d^{ε_n} in Σ, ⌈T⌉ steps run": "all: at every point of step_count_readings" if not ceil_w else
            (f"part: fails on part of the range (witness at its top: "
             f"d = {ceil_w['d']}, ε_n = {ceil_w['eps_n']}, δ = "
             f"{ceil_w['delta']:g}: δ_exact = {math.exp(ceil_w['log_delta_ratio']):.4g}·δ)"),
            OWN_SIZE_KEY: own_size_outcome(own_size_reading()),
            "clipping as Algorithm 1 prints it, g·max(1, ‖g^C‖/C_a)": "none: it bounds no per-sample gradient, "
            "so no sensitivity exists (decided by alg1.clipping, not here); the clipping meant, g·min(1, C_a/‖g‖), "
            "is assumed here",
        }
    return verified(
        "symbolic+numeric" if proved else "numeric",
        (
            f"proved on all of Assumption 3 (any T, C_a, n, η_a): μ = {certificate['mu']} gives "
            f"a = μ/2 − ε/μ ≤ −√(2 log(1/δ)) at ε ≤ 8 log(1/δ), so δ_exact(ε) ≤ Φ(a) ≤ δ/2; "
            if proved
            else ""
        )
        + f"exact δ(ε) ≤ δ on all {len(rows)} grid points (δ from 1 − 1e-6 to 1e-100, ε from the ω-boundary "
        f"to (1 − 1e-6)·8 log(1/δ), T up to 1e4); largest δ_exact/δ = {mpmath.nstr(worst_ratio, 4)} at "
        f"ε = {worst['epsilon']:.4g}, δ = {worst['delta']:g}. Beyond the range it holds up to "
        + ", ".join(f"{v['as_multiple_of_range']:.3g}" for v in beyond.values() if v["as_multiple_of_range"])
        + " × 8 log(1/δ)"
        + step_note,
        regime=regime,
        worst=worst,
        beyond_range=beyond,
        step_count_readings=steps_read,
        **common,
    )


# ------------------------------------------------------------------------------------------------
# alg1.clipping
# ------------------------------------------------------------------------------------------------


def paper_clip(g, clip):
    """Algorithm 1 as written (with ‖g‖ for the self-referential ‖g^C‖): g · max(1, ‖g‖/C)."""
    return g * max(mpmath.mpf(1), mpmath.norm(g) / clip)


def corrected_clip(g, clip):
    """g · min(1, C/‖g‖) (g unchanged when ‖g‖ ≤ C)."""
    nrm = mpmath.norm(g)
    return g if nrm == 0 else g * min(mpmath.mpf(1), clip / nrm)


def _literal_fixed_points(norm_g: mpmath.mpf, clip: mpmath.mpf) -> list[str]:
    """Solutions r = ‖g^C‖ of the literal rule g^C = g · max(1, ‖g^C‖/C): r = ‖g‖ max(1, r/C)."""
    sols = []
    if norm_g <= clip:
        sols.append(f"r = ‖g‖ = {mpmath.nstr(norm_g, 6)} (branch r ≤ C)")
    if norm_g == clip:
        sols.append("every r > C (branch r > C: r = ‖g‖ r/C)")
    return sols


def check_clipping(rule: Callable = paper_clip, seed: int = 0, samples: int = 200, dim: int = 5):
    """Does rule(g, C) satisfy ‖rule(g, C)‖ ≤ C (and leave g unchanged when ‖g‖ ≤ C)? Checked at 30
    digits on seeded random vectors of norms from 1e-3 C to 1e3 C and on edge cases."""
    rng = np.random.default_rng(seed)
    tol = mpmath.mpf(10) ** -25
    with mpmath.workdps(30):
        cases = [(mpmath.matrix([2, 0, 0]), mpmath.mpf(1))]  # the simplest witness first: g = 2C e₁
        for _k in range(samples):
            clip = mpmath.mpf(float(10 ** rng.uniform(-2, 2)))
            direction = rng.normal(size=dim)
            scale = mpmath.mpf(float(10 ** rng.uniform(-3, 3)))
            g = mpmath.matrix([mpmath.mpf(float(x)) for x in direction])
            g = g * (scale * clip / mpmath.norm(g))
            cases.append((g, clip))
        for edge in (1, 2, mpmath.mpf("1.000000001"), mpmath.mpf(10) ** 6):
            cases.append((mpmath.matrix([edge, 0, 0]), mpmath.mpf(1)))
        cases.append((mpmath.matrix([0, 0, 0]), mpmath.mpf(1)))
        for g, clip in cases:
            out = rule(g, clip)
            norm_out, norm_g = mpmath.norm(out), mpmath.norm(g)
            if norm_out > clip * (1 + tol):
                lit = mpmath.matrix([2 * clip, 0])
                fixed = _corrected_summary(seed, samples, dim) if rule is paper_clip else None
                v = refuted(
                    "numeric+exact",
                    f"‖g^C‖ = {mpmath.nstr(norm_out, 8)} > C = {mpmath.nstr(clip, 8)} for "
                    f"‖g‖ = {mpmath.nstr(norm_g, 8)}"
                    + (": the rule multiplies large gradients by ‖g‖/C ≥ 1 (‖g^C‖ = ‖g‖²/C) instead of shrinking "
                       "them (reading ‖g‖ for the printed ‖g^C‖); read as printed, g^C = g·max(1, ‖g^C‖/C) defines "
                       "g^C by itself and has no solution when ‖g‖ > C (r = ‖g^C‖ ≤ C forces r = ‖g‖, r > C forces "
                       "‖g‖ = C): neither reading clips" if rule is paper_clip else ""),
                    corrected=r"g^C_a = g_a \cdot \min\left(1, \frac{C_a}{\|g_a\|}\right)",
                    witness={
                        "g": [str(x) for x in g],
                        "C": clip,
                        "norm_gC": norm_out,
                        "simple_witness": "g = 2C e₁ gives ‖g^C‖ = 4C",
                    },
                    literal_self_referential_rule={
                        "statement": "g^C = g·max(1, ‖g^C‖/C) (Algorithm 1 writes ‖g^C‖ on the right)",
                        "fixed_points_for_g=2C·e1": _literal_fixed_points(mpmath.norm(lit), clip),
                        "conclusion": "no solution when ‖g‖ > C: r ≤ C forces r = ‖g‖ > C, r > C forces ‖g‖ = C",
                    },
                    corrected_check=fixed if fixed is not None else _corrected_summary(seed, samples, dim),
                    tolerance="1e-25 relative",
                    achieved_error="30-digit arithmetic",
                )
                if fixed is None:
                    return v
                # a slip (referee AZ F5): the rule intended shrinks g to norm C
                return as_printed_and_intended(
                    v, region="every gradient g and clip norm C > 0",
                    printed="part: ‖g^C‖ ≤ C only where ‖g‖ ≤ C (where there is nothing to clip)",
                    intended="g^C_a = g_a·min(1, C_a/‖g_a‖) (= g_a/max(1, ‖g_a‖/C_a), the clipping rule meant)",
                    intended_holds=fixed["verdict"] == "verified", why_not=fixed["detail"])
            if norm_g <= clip and mpmath.norm(out - g) > tol * (norm_g + 1):
                return refuted(
                    "numeric",
                    "the rule changes a gradient that is already within the clip norm",
                    witness={"g": [str(x) for x in g], "C": clip, "norm_change": mpmath.norm(out - g)},
                    tolerance="1e-25 relative",
                )
    return verified(
        "numeric",
        f"‖g^C‖ ≤ C(1 + 1e-25) and g unchanged when ‖g‖ ≤ C on {len(cases)} vectors "
        f"(norms 1e-3 C … 1e3 C, edge cases ‖g‖ = C, 0)",
        seed=seed,
        cases=len(cases),
        tolerance="1e-25 relative",
        achieved_error="30-digit arithmetic",
    )


def _corrected_summary(seed, samples, dim):
    v = check_clipping(corrected_clip, seed, samples, dim)
    return {"verdict": v.verdict, "detail": v.detail}


# ------------------------------------------------------------------------------------------------
# layer1.privacy -- Part 2 §3.2 + Assumptions 2-4
# ------------------------------------------------------------------------------------------------


#: Assumption 3's full range in the rates' variables: R = log(1.25/δ)/ε² = d^r log^ρ d.
#: With g = ε/√log(1/δ) = ω(1/log d)
#: and ε < 8 log(1/δ), R < 1/g² + 64 log(1.25)/g⁴ = o(log⁴ d) (the sup is approached as δ → 1): ρ < 4, not ρ < 2
#: (log(1/δ)/ε² < 1/g² = o(log² d) is the factor with ρ < 2). See part1_setting's part1.privacy-factor.
def full_privacy_region():
    """The admissible region with Assumption 3's full (ε, δ) range (ρ < 4): :data:`proofs.regime.ADMISSIBLE`."""
    from .regime import ADMISSIBLE

    return ADMISSIBLE


#: a reduced Assumption 3 grid for the d-dependent checks
LAYER1_DELTAS = (0.99, 0.5, 1e-5, 1e-30)
LAYER1_FRACTIONS = (1e-3, 0.1, 0.5, 0.999)


def _mu_grid(mu_by_d: dict) -> dict:
    """For each d: on how many points of the reduced Assumption 3 grid is μ-GDP with μ = mu_by_d[d] (ε, δ)-DP?"""
    out = {}
    for dd, mu in mu_by_d.items():
        pts = assumption3_grid(LAYER1_DELTAS, LAYER1_FRACTIONS)
        ok = [P.gdp_log_delta(e, P._mpf(mu)) <= mpmath.log(dl) + REL_TOL for e, dl in pts]
        fail = next(((e, dl) for (e, dl), good in zip(pts, ok) if not good), None)
        out[str(dd)] = {
            "mu": mu,
            "points": len(pts),
            "holds_at": sum(ok),
            "first_failure": {"epsilon": fail[0], "delta": fail[1]} if fail else None,
        }
    return out


def _asymptotic_regime(mu_squared: sp.Expr, relation: str = "ll") -> dict:
    """Where μ² · log(1.25/δ)/ε² ≪ 1 on the full region: sufficient for a Gaussian release with GDP parameter μ to be
    (ε, δ)-DP for ε < 8 log(1/δ) (dpgd.privacy: μ = ε/√(8 log(1/δ)) suffices), and up to constants necessary. Where
    the ratio is Θ(1) DP depends on its constant (at ratio 1 the exact curve fails), so the boundary is not counted
    as holding (referee Z: with ≲ the record had called ρ = 2 private for layer1.columns). ``relation="lesssim"``
    gives where the ratio stays bounded, the necessary side: for a μ that is only a lower bound on the release's, the
    region outside it is where DP fails (its boundary, where DP depends on constants, stays inside; review of
    stop 60)."""
    from theorycheck.asymptotics import compare

    lhs = S.in_powers_of_d(mu_squared) * S.PRIVACY_FACTOR
    result = compare(lhs, relation, sp.Integer(1), full_privacy_region(), d=S.d)
    return {
        **result.regime(),
        "statement": r"\mu^2\,\frac{\log(1.25/\delta)}{\varepsilon^2} " + (r"\ll" if relation == "ll" else r"\lesssim")
        + " 1",
        "lhs_in_powers_of_d": str(lhs),
    }


def clipped_flip_regime(sigma_w: sp.Expr) -> dict:
    """Where a first layer with noise ``sigma_w`` (free of ε, δ) can be private under the clipped reading of g^C_W: a
    column still flips (Δ_2(W_1) ≥ 2, sens.delta2's clipped reading), so μ ≥ 2/σ_W, and it is private at most where
    μ²·log(1.25/δ)/ε² stays bounded (the necessary side; layer1.privacy and thm1.privacy's reading)."""
    flip = _asymptotic_regime(4 / sigma_w**2, "lesssim")
    return {**flip, "conditions_bound": AT_MOST} if flip["holds_on"] == "part" else flip


def paper_sigma_w(d, n, eps_b, q, eps=None, delta=None, p=None):
    """Assumption 4: σ_W = sqrt(d^{1+ε_b}/n) log^{q+3} d."""
    return P.layer1_sigma_w(d, n, eps_b, q)


def calibrated_sigma_w(d, n, eps_b, q, eps=None, delta=None, p=None):
    """Noise calibrated to the worst-case sensitivity 2√p with Theorem 5's constant
    (valid for ε < 1): σ_W = 2√p sqrt(2 log(1.25/δ))/ε."""
    return 2 * math.sqrt(p) * math.sqrt(2 * math.log(1.25 / delta)) / eps


#: Witness regime (Assumption 2: 3ε_p/16 < ε_n, p ≥ d^{ε_p}, n ≥ d^{1+3ε_n}; §3.2: 0 < ε_b < 3ε_n − ε_p/4).
LAYER1_WITNESS = {"d": 32, "eps_n": 0.4, "eps_p": 2.0, "eps_b": 0.1, "q": 1}
LAYER1_FAMILY_D = (10, 32, 100, 1_000, 10_000, 10**6)
#: where a pair of model-produced records (y = f_*(x)) is built (p = 8 ≤ d − 2: π_p = 1/2 < 1; n = d^ν with ν = 2.8
#: ≥ 1 + 3ε_n, where σ_W is small enough for the pair to break (ε, δ)-DP at this d; referee BY, BY4)
LAYER1_MODEL_WITNESS = {"d": 64, "eps_n": 0.4, "eps_p": 0.5, "eps_b": 0.1, "q": 1, "nu": 2.8}


def _model_records_reading(regime: dict | None, fraction: float) -> dict[str, str]:
    """The readings of Dom(A) for layer1.privacy's regime: any records (Definition 1's worst case, the extreme pair's
    label ±Y at x* = e₂ is not f_*(e₂) = 0), and only records the model produces, where a model pair reaches
    ``fraction`` of 2√p whenever p ≤ d − 2 (π_p < 1) and none is known where π_p ≥ 1 (no model record is orthogonal
    to every w_i^0 there)."""
    if not regime:
        return {}
    from .regime import regime_outcome

    holds = regime.get("holds_on", "undecided")
    where = "; ".join(regime.get("conditions") or [])
    main = regime_outcome(regime, "the regime as decided")
    model = (f"{'part' if holds in ('part', 'none') else 'undecided'}: where π_p < 1 a model pair reaches "
             f"{fraction:.5f} of 2√p, so there the regime is the same"
             + (f" (holds only where {where})" if where else "")
             + "; where π_p ≥ 1 no record the model produces is orthogonal to every w_i^0, and the sensitivity is not "
             "decided (referee CA, CA7)")
    return {"any records (Definition 1's worst case over all datasets)": main,
            "only records the model produces (y = f_*(x))": model}


def _regime(d, eps_n, eps_p, eps_b, q):
    if not (3 * eps_p / 16 < eps_n and 0 < eps_b < 3 * eps_n - eps_p / 4):
        raise ValueError("witness violates Assumption 2 / the range of ε_b")
    return math.ceil(d ** (1 + 3 * eps_n)), math.ceil(d**eps_p)


#: the dimensions at which layer1.privacy builds the clipped reading's every-column flip (where n ≥ 2dp + 1)
EVERY_COLUMN_FLIP_DS = (32, 64)


def _every_column_phrase(flips: Sequence[dict]) -> str:
    """What :func:`part2_rank1_measure.every_column_clipped_flip` adds to the clipped reading: where datasets are
    many enough (n ≥ 2dp + 1), W_1 moves by 2√p under the clip too, so the region above is not sharp there."""
    built = [f for f in flips if f.get("built")]
    ok = [f for f in built if abs(f["W1_move"] - f["two_sqrt_p"]) < 1e-9 and f["largest_record_gradient_over_clip"] < 1]
    if not built:
        return ""
    if len(ok) < len(built):
        return "; the every-column clipped flip did not build (a bug): " + ", ".join(
            f"{f['corner']} d = {f['d']}" for f in built if f not in ok)
    where = ", ".join(sorted({f"'{f['corner']}' (d = " + ", ".join(str(g["d"]) for g in ok if g["corner"] ==
                                                                   f["corner"]) + ")" for f in ok}))
    return ("; and the clip need not cut W_1's sensitivity to one column: at " + where + " a dataset of 2dp records "
            "that cancels W_0 (least squares) and one last record flips every column at once with every per-record "
            "gradient below C_W (W_1 moves by 2√p, as unclipped); the construction needs n ≥ 2dp + 1 records "
            "(ν > 1 + π_p for d large), and where it builds the clipped reading needs μ = 2√p/σ_W, so its private "
            "region is smaller still (that it builds at every large d there is not decided: the region above stays "
            "the stated upper bound)")


@decides("=", "≥", ">", param="sigma_w")
def check_layer1_privacy(
    sigma_w=SIGMA_W_STATEMENT,
    witness: dict = LAYER1_WITNESS,
    target_eps: float = 1.0,
    delta: float = 1e-5,
    label: float = 1e8,
    seed: int = 0,
    corrected_sigma=None,
):
    """The released W₁ (unit columns + σ_W N(0, I)) against the worst case over adjacent datasets.

    1. Worst-case ℓ₂ sensitivity: unit columns move by ≤ 2 each, so Δ ≤ 2√p; an adjacent pair
       attaining it to ~1e-9 is built by running Algorithm 1's first layer (extreme label ±Y).
    2. The exact (ε, δ) of the Gaussian release with that Δ and σ = sigma_w(...) at a witness in the
       paper's regime, and along a family d → ∞ with n = d^{1+3ε_n}, p = d^{ε_p}.
    """
    from theorycheck.audit import first_layer_extreme_pair

    from .part2_rank1_measure import clipped_noise_phrase, every_column_clipped_flip

    statement = sigma_w if isinstance(sigma_w, Statement) else None
    sigma_w = sigma_w_fn(sigma_w)
    d, eps_n, eps_p, eps_b, q = (witness[k] for k in ("d", "eps_n", "eps_p", "eps_b", "q"))
    n, p = _regime(d, eps_n, eps_p, eps_b, q)
    L = math.log(1 / delta)
    assert 0 < target_eps < 8 * L  # Assumption 3
    pair = first_layer_extreme_pair(d, n, p, eps_n=eps_n, label=label, seed=seed)
    bound = P.layer1_worst_sensitivity(p)
    from theorycheck.audit import first_layer_model_pair

    mw = LAYER1_MODEL_WITNESS
    _, m_p = _regime(mw["d"], mw["eps_n"], mw["eps_p"], mw["eps_b"], mw["q"])
    m_n = math.ceil(mw["d"] ** mw["nu"])
    model_pair = first_layer_model_pair(mw["d"], m_n, m_p, eps_n=mw["eps_n"], seed=seed)
    model_sigma = sigma_w(mw["d"], m_n, mw["eps_b"], mw["q"], eps=target_eps, delta=delta, p=m_p)
    model = {**mw, "n": m_n, "p": m_p, "pair": "n − 1 records x ~ N(0, I), y = ⟨x, e₁⟩; record n: (t v, ⟨t v, e₁⟩) "
             "vs (t u, ⟨t u, e₁⟩), v, u ⊥ span(W₀), ⟨v, e₁⟩ = ⟨u, e₁⟩, ⟨u, v⟩ = −cos 2θ, t = 1e6, θ = 0.01",
             "pair_distance": model_pair.distance, "fraction_of_2_sqrt_p": model_pair.ratio_to_worst_case,
             "sigma_W": model_sigma, "exact_delta_at_epsilon": P.gaussian_delta(target_eps, model_pair.distance,
                                                                                model_sigma)}
    sigma = sigma_w(d, n, eps_b, q, eps=target_eps, delta=delta, p=p)
    exact_delta_pair = P.gaussian_delta(target_eps, pair.distance, sigma)
    exact_eps_pair = P.gaussian_epsilon(delta, pair.distance, sigma)
    family = []
    for dd in LAYER1_FAMILY_D:
        nn, pp = _regime(dd, eps_n, eps_p, eps_b, q)
        s = sigma_w(dd, nn, eps_b, q, eps=target_eps, delta=delta, p=pp)
        worst_sens = P.layer1_worst_sensitivity(pp)
        # the paper's own (typical, rank-1) per-column sensitivity, composed over the p columns
        # (capped at 2 per column: a unit column cannot move further)
        typical = math.sqrt(pp) * min(2.0, math.sqrt(dd ** (1 + eps_b) / nn) * math.log(dd) ** (q + 2))
        family.append(
            {
                "d": dd,
                "n": nn,
                "p": pp,
                "sigma_W": s,
                "worst_sensitivity": worst_sens,
                "mu_worst": worst_sens / s,
                "exact_epsilon_worst": P.gaussian_epsilon(delta, worst_sens, s),
                "exact_delta_at_target_worst": P.gaussian_delta(target_eps, worst_sens, s),
                "mu_typical_all_columns": typical / s,
                "exact_epsilon_typical_all_columns": P.gaussian_epsilon(delta, typical, s),
            }
        )
    fam_fail = [f for f in family if f["exact_delta_at_target_worst"] > delta * (1 + REL_TOL)]
    grid = {}
    regime = clipped_regime = None
    all_flips: list[dict] = []
    if statement is not None and not (statement.rhs.free_symbols & {S.eps, S.delta}):
        # (ε, δ)-free σ_W: the d-family over Assumption 3's grid, and the asymptotic region (exact LP)
        grid = _mu_grid({f["d"]: f["mu_worst"] for f in family})
        regime = _asymptotic_regime(4 * S.p / statement.rhs**2)
        # the other reading of g^C_W (referee AC): clipped at C_W = 2√d log^q d, a column still flips (Δ_2(W_1) ≥ 2:
        # sens.delta2's clipped reading), so μ ≥ 2/σ_W and W_1 is private at most where that μ is covered (stop 60's
        # referee: it had been decided with Δ_2(W_1) ≲ C_W√p/n, a bound on typical data only)
        clipped_regime = clipped_flip_regime(statement.rhs)
        # and where the data are many enough, every column flips at once under the clip (the reviewer of stop 60)
        all_flips = [every_column_clipped_flip(c, dv) for c in CORNERS for dv in EVERY_COLUMN_FLIP_DS]
    elif statement is not None:
        # σ_W depends on (ε, δ): every point of the reduced Assumption 3 grid at every d of the family
        for dd in LAYER1_FAMILY_D:
            nn, pp = _regime(dd, eps_n, eps_p, eps_b, q)
            pts = assumption3_grid(LAYER1_DELTAS, LAYER1_FRACTIONS)
            bad_pts = [
                (e, dl)
                for e, dl in pts
                if P.gdp_log_delta(
                    e, P.layer1_worst_sensitivity(pp) / P._mpf(sigma_w(dd, nn, eps_b, q, eps=e, delta=dl, p=pp))
                )
                > mpmath.log(dl) + REL_TOL
            ]
            grid[str(dd)] = {
                "points": len(pts),
                "holds_at": len(pts) - len(bad_pts),
                "first_failure": {"epsilon": bad_pts[0][0], "delta": bad_pts[0][1]} if bad_pts else None,
            }
            if bad_pts:
                e, dl = bad_pts[0]
                s = sigma_w(dd, nn, eps_b, q, eps=e, delta=dl, p=pp)
                fam_fail.append(
                    {
                        "d": dd,
                        "n": nn,
                        "p": pp,
                        "epsilon": e,
                        "delta": dl,
                        "sigma_W": s,
                        "exact_delta": P.gaussian_delta(e, P.layer1_worst_sensitivity(pp), s),
                    }
                )
        regime = {
            "region": A3_REGION + r",\ d \in \{10, \ldots, 10^6\}",
            "holds_on": "part" if any(g["first_failure"] for g in grid.values()) else "all",
            "conditions": [],
            "witness": fam_fail[0] if fam_fail else None,
        }
    if regime:
        regime = {**regime, "readings": {**(regime.get("readings") or {}),
                                         **_model_records_reading(regime, model_pair.ratio_to_worst_case)}}
    common = dict(
        model_records_pair=model,
        assumption3_grid_by_d=grid,
        regime_clipped_reading=clipped_regime,
        every_column_clipped_flip=all_flips,
        witness_regime={
            **witness,
            "n": n,
            "p": p,
            "target_epsilon": target_eps,
            "delta": delta,
            "seed": seed,
            "extreme_label": label,
        },
        worst_case_bound=bound,
        constructed_pair_distance=pair.distance,
        attained_fraction_of_bound=pair.ratio_to_worst_case,
        sigma_W=sigma,
        family_n_eq_d_pow_1p3eps_n_p_eq_d_pow_eps_p=family,
        caveat="conditional on W₀ and b; with |Y| large every column of W₁ is ±x*/‖x*‖ for any W₀, "
        "so the two releases do not depend on W₀ (measured residual below) and averaging over "
        "W₀ does not help",
        tolerance=f"relative {REL_TOL}",
        achieved_error=CURVE_PRECISION,
    )
    if exact_delta_pair > delta * (1 + REL_TOL) or fam_fail:
        corrected = None
        extra = {}
        if corrected_sigma is not None:
            sub = check_layer1_privacy(corrected_sigma, witness, target_eps, delta, label, seed)
            extra["corrected_check"] = {"verdict": sub.verdict, "detail": sub.detail}
            if sub.verdict == "verified":
                corrected = (
                    corrected_sigma
                    if isinstance(corrected_sigma, Statement)
                    else (
                        r"\sigma_W \geq 2\sqrt{p}\,\frac{\sqrt{2\log(1.25/\delta)}}{\varepsilon}\ "
                        r"(\varepsilon<1;\ \Delta_2(W_1) = 2\sqrt{p}\text{ for unit columns})"
                    )
                )
        w = {
            "d": d,
            "n": n,
            "p": p,
            "eps_b": eps_b,
            "q": q,
            "epsilon": target_eps,
            "delta": delta,
            "pair": "n−1 records x ~ N(0, I), y = ⟨x, e₁⟩; record n: x* = e₂, y = +Y (D) vs −Y (D')",
            "pair_distance": pair.distance,
            "exact_delta_at_epsilon": exact_delta_pair,
            "exact_epsilon_at_delta": exact_eps_pair,
        }
        return refuted(
            "numeric+simulation",
            f"W₁'s sensitivity is 2√p (every unit column can flip; the constructed pair reaches "
            f"{pair.ratio_to_worst_case:.10f} of 2√p = {bound:g}), not the typical rank-1 deviation: with "
            f"σ_W = {sigma:.4g} at d = {d}, n = {n}, p = {p} the exact δ at ε = {target_eps} is "
            f"{mpmath.nstr(exact_delta_pair, 4)} ({'>' if exact_delta_pair > delta else '≤'} δ = {delta:g}) "
            "and the exact ε at δ is "
            f"{mpmath.nstr(exact_eps_pair, 5)} (the pair's changed label ±{label:g} at x* = e₂ is not f_*(e₂) = 0, "
            "admissible under Definition 1's worst case over all datasets; with records the model produces a pair "
            f"reaches {model_pair.ratio_to_worst_case:.5f} of 2√p where p ≤ d − 2: exact δ "
            f"{mpmath.nstr(model['exact_delta_at_epsilon'], 4)} "
            f"({'>' if model['exact_delta_at_epsilon'] > delta else '≤'} δ) at d = {mw['d']}, n = {m_n}, p = {m_p}; "
            "not decided where π_p ≥ 1); along d → ∞ μ = 2√p/σ_W grows like "
            f"d^{{(π_p + 3ε_n − ε_b)/2}}/log^{{q+3}} d"
            + (
                f"; over the region it holds only where {', '.join(regime['conditions'])} "
                f"(μ² log(1.25/δ)/ε² ≪ 1), e.g. fails at {regime['witness']['point']}"
                if regime and isinstance(regime.get("witness"), dict) and "point" in regime["witness"]
                else ""
            )
            + (
                f"; on Assumption 3's grid it fails at {regime['witness']}"
                if regime and isinstance(regime.get("witness"), dict) and "epsilon" in regime["witness"]
                else ""
            )
            + (
                "; this reads Algorithm 1's g^C_W as g_W (C_W is never defined): "
                + clipped_noise_phrase(clipped_regime) + _every_column_phrase(all_flips)
                if clipped_regime else ""
            ),
            corrected=corrected,
            witness=w,
            regime=regime,
            **common,
            **extra,
        )
    return verified(
        "numeric+simulation",
        f"with the worst-case sensitivity 2√p (attained to {pair.ratio_to_worst_case:.10f}) the exact δ "
        f"at ε = {target_eps} is {mpmath.nstr(exact_delta_pair, 4)} ≤ δ at the witness and along the "
        f"family d ∈ {list(LAYER1_FAMILY_D)}"
        + (" and on every point of Assumption 3's grid at every d" if grid else ""),
        regime=regime,
        **common,
    )


def paper_column_premise(d, n, eps_b, q):
    """Part 2 §3.2's sensitivity premise, per neuron (w_i^1 = μ + O_P(·)), with the paper's extra
    log: Δ ≤ sqrt(d^{1+ε_b}/n) log^{q+2} d (hidden constant 1)."""
    return math.sqrt(d ** (1 + eps_b) / n) * math.log(d) ** (q + 2)


LAYER1_COMPOSITION_D = (10**4, 10**5, 10**6, 10**8)


def check_layer1_columns(
    sigma_w=SIGMA_W_STATEMENT,
    premise=COLUMN_PREMISE,
    regime: dict = LAYER1_WITNESS,
    target_eps: float = 1.0,
    delta: float = 1e-5,
):
    """Granting §3.2's per-neuron sensitivity premise exactly, is the release of all p columns
    (ε, δ)-DP? The p columns get independent noise, so their Gaussian mechanisms compose:
    μ(W₁) = sqrt(p) · Δ_col / σ_W. Evaluated along Assumption 2's family where the premise is
    non-vacuous (Δ_col < 2, the largest move of a unit column)."""
    statements = (sigma_w, premise) if isinstance(sigma_w, Statement) and isinstance(premise, Statement) else None
    sigma_w = sigma_w_fn(sigma_w)
    if isinstance(premise, Statement):
        stmt = premise
        premise = lambda d, n, eps_b, q: _evaluate(stmt, (S.d, S.n, S.eps_b, S.q), (d, n, eps_b, q))  # noqa: E731
    eps_n, eps_p, eps_b, q = (regime[k] for k in ("eps_n", "eps_p", "eps_b", "q"))
    rows = []
    for d in LAYER1_COMPOSITION_D:
        n, p = _regime(d, eps_n, eps_p, eps_b, q)
        col = premise(d, n, eps_b, q)
        if not col < 2:
            continue
        s = sigma_w(d, n, eps_b, q, eps=target_eps, delta=delta, p=p)
        mu_col = P._mpf(col) / P._mpf(s)
        mu_all = mpmath.sqrt(p) * mu_col
        rows.append(
            {
                "d": d,
                "n": n,
                "p": p,
                "column_sensitivity": col,
                "sigma_W": s,
                "mu_one_column": mu_col,
                "mu_all_columns": mu_all,
                "exact_epsilon_one_column": P.gdp_epsilon(delta, mu_col),
                "exact_epsilon_all_columns": P.gdp_epsilon(delta, mu_all),
                "exact_delta_at_target": P.gdp_delta(target_eps, mu_all),
            }
        )
    if not rows:
        return verified("numeric", "the premise is vacuous (≥ 2) at every size tried")  # pragma: no cover
    bad = [r for r in rows if r["exact_delta_at_target"] > delta * (1 + REL_TOL)]
    region = None
    grid = {}
    if statements is not None and not (statements[0].rhs.free_symbols & {S.eps, S.delta}):
        grid = _mu_grid({r["d"]: r["mu_all_columns"] for r in rows})
        region = _asymptotic_regime(S.p * statements[1].rhs ** 2 / statements[0].rhs ** 2)
        derived = _asymptotic_regime(S.p * COLUMN_PREMISE_DERIVED.rhs ** 2 / statements[0].rhs ** 2)
        # referee DA, M3: the region is the conclusion's (W₁'s release private at σ_W), not the display's; read as a
        # bound on all of W₁'s sensitivity, Δ₂(W₁) = √p·Δ_col, the display needs √p ≲ log d, false on the region
        from theorycheck.asymptotics import compare

        from .regime import regime_outcome

        whole = compare(S.in_powers_of_d(sp.sqrt(S.p)), "lesssim", S.log_d, full_privacy_region(), d=S.d)
        region = {**region, "region": "the conclusion the display serves: W₁'s release at σ_W (ε, δ)-DP, over "
                                      "Assumptions 2–3", "readings": {
            f"the premise as given, Δ₂ ≲ {paper_latex(statements[1].rhs)} (§3.2's extra log)": regime_outcome(region),
            f"the premise as §3.2 derives it, {paper_latex(COLUMN_PREMISE_DERIVED.rhs)}": regime_outcome(derived),
            "the display read as W₁'s sensitivity (all p columns: Δ₂(W₁) = √p·Δ_col)":
                "none: it needs √p ≲ log d, false everywhere (π_p ≥ ε_p > 0)" if whole.holds_on == "none"
                else f"{whole.holds_on}: √p ≲ log d holds where {', '.join(whole.conditions)}"}}
    common = dict(
        regime_point={**regime, "target_epsilon": target_eps, "delta": delta},
        family=rows,
        assumption3_grid_by_d=grid,
        tolerance=f"relative {REL_TOL}",
        achieved_error=CURVE_PRECISION,
    )
    if bad:
        w = bad[0]
        return refuted(
            "numeric",
            f"granting the per-neuron premise, one column is private (μ = 1/log d: exact ε "
            f"{mpmath.nstr(w['exact_epsilon_one_column'], 3)} at d = {w['d']}), but W₁ releases "
            f"p = {w['p']} columns: μ = √p/log d = {mpmath.nstr(w['mu_all_columns'], 5)} and the "
            f"exact ε at δ = {delta:g} is {mpmath.nstr(w['exact_epsilon_all_columns'], 5)} "
            f"(target ε = {target_eps})"
            + (f"; over the region W₁'s release at σ_W is private only where {', '.join(region['conditions'])}, "
               "and the display read as W₁'s sensitivity (√p·Δ_col) fails everywhere" if region else ""),
            witness=w,
            regime=region,
            **common,
        )
    return verified(
        "numeric",
        f"with the per-neuron premise the p-column release meets ε = {target_eps} at every "
        f"d in {[r['d'] for r in rows]}",
        **common,
    )


#: Part 2 §3.2, display (2, 21): σ_W via Theorem 5 with the per-neuron Δ₂, and the bound the paper puts on it
SIGMA_W_INEQUALITY = Statement(
    sp.sqrt(S.d ** (1 + S.eps_b) / S.n)
    * sp.log(S.d) ** (S.q + 2)
    * sp.sqrt(2 * sp.log(sp.Rational(5, 4) / S.delta))
    / S.eps,
    "<",
    sp.sqrt(S.d ** (1 + S.eps_b) / S.n) * sp.log(S.d) ** (S.q + 3),
    assumptions=(r"\text{Assumptions 2--3},\ d \text{ large enough}",),
    name="σ_W bound (2, 21)",
)
#: Part 2 §3.2, (2, P34): the extra log, log^{q+1} d < log^{q+2} d
LOG_MARGIN = Statement(
    sp.sqrt(S.d ** (1 + S.eps_b) / S.n) * sp.log(S.d) ** (S.q + 1),
    "<",
    sp.sqrt(S.d ** (1 + S.eps_b) / S.n) * sp.log(S.d) ** (S.q + 2),
    name="extra log (2, P34)",
)


def privacy_factor_rewrite(expr: sp.Expr) -> sp.Expr:
    """Assumption 4 and the sizes substituted, and log(1.25/δ)/ε² written as d^r log^ρ d (full Assumption 3)."""
    expr = expr.subs(sp.log(sp.Rational(5, 4) / S.delta), S.PRIVACY_FACTOR * S.eps**2)
    expr = sp.powdenest(sp.expand_power_base(expr, force=True), force=True)
    return sp.powdenest(S.in_powers_of_d(expr), force=True)


def _sigma_w_witness(log_power: float = -1.9):
    """A family inside Assumption 3 where √(2 log(1.25/δ))/ε > log d: log(1/δ) = log^{log_power} d, ε = 4 log(1/δ)
    (ε/√log(1/δ) = 4 log^{log_power/2} d = ω(1/log d) for log_power > −2). 30-digit ratios lhs/rhs of (2, 21)."""
    rows = []
    with mpmath.workdps(30):
        for k in (8, 16, 32, 64):
            dd = mpmath.mpf(10) ** k
            lg = mpmath.log(dd)
            L = lg**log_power
            eps = 4 * L
            delta = mpmath.exp(-L)
            ratio = mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / delta)) / eps / lg
            rows.append(
                {
                    "d": f"1e{k}",
                    "log_inv_delta": L,
                    "delta": delta,
                    "epsilon": eps,
                    "eps_over_sqrt_log_times_log_d": eps / mpmath.sqrt(L) * lg,
                    "eps_below_8_log_inv_delta": bool(eps < 8 * L),
                    "ratio_lhs_over_rhs": ratio,
                }
            )
    return rows


@decides("<")  # the "<" family only (referee EL, EL-14)
def check_sigma_w_inequality(statement: Statement = SIGMA_W_INEQUALITY, margin: Statement = LOG_MARGIN):
    """(2, 21): σ_W = Δ log^{q+2} d √(2 log(1.25/δ))/ε < Δ log^{q+3} d for d large enough,
    i.e. √(2 log(1.25/δ))/ε ≪ log d,
    decided on the full region (log(1.25/δ)/ε² = d^r log^ρ d, r ≤ 0, ρ < 4) with the exact LP comparison; and the
    extra-log step (2, P34) on the same region."""
    from theorycheck.asymptotics import compare, if_undecided, ratio_at

    region = full_privacy_region()
    lhs, rhs = privacy_factor_rewrite(statement.lhs), privacy_factor_rewrite(statement.rhs)
    main = compare(lhs, "ll", rhs, region, d=S.d)
    extra = compare(S.in_powers_of_d(margin.lhs), "ll", S.in_powers_of_d(margin.rhs), region, d=S.d)
    lead_region = compare(lhs, "ll", rhs, region.restrict(S.rho < 2, name="ρ < 2 (so ε = ω(1/log d))"), d=S.d)
    ev = {
        "lhs_in_powers_of_d": str(lhs),
        "rhs_in_powers_of_d": str(rhs),
        "extra_log_step": {"holds_on": extra.holds_on, "conditions": list(extra.conditions)},
        "on_rho_below_2": lead_region.holds_on,
        "relations": {"(2, D21, 2)": main.holds_on, "(2, P34, 2)": extra.holds_on},
        "procedure": "exact LP over the region per degree q; ratio lhs/rhs at a concrete (ε, δ) family at 30 digits",
    }
    # a comparison left undecided (no witness) refutes nothing and verifies nothing (referee BH, M2)
    for result, what in ((extra, "the extra-log step"), (main, "√(2 log(1.25/δ))/ε ≪ log d")):
        if (undecided := if_undecided(result, what, **ev)) is not None and result.witness is None:
            return undecided
    if extra.holds_on != "all":
        return refuted(
            "exact", "the extra-log step fails on the region", regime=extra.regime(), witness=extra.witness, **ev
        )
    if main.holds_everywhere:
        return verified("exact", "√(2 log(1.25/δ))/ε ≪ log d on the whole region", regime=main.regime(), **ev)
    family = _sigma_w_witness()
    point = main.witness["point"]
    return refuted(
        "exact+numeric",
        "the bound needs √(2 log(1.25/δ))/ε ≪ log d, i.e. log(1.25/δ)/ε² = o(log² d); Assumption 3 only gives "
        "log(1/δ)/ε² = o(log² d), and log(1.25/δ)/ε² reaches o(log⁴ d) as δ → 1 (log(1.25/δ) ≫ log(1/δ)). "
        f"Fails at {point} (ρ ≥ 2); concretely log(1/δ) = log^(-1.9) d, ε = 4 log(1/δ) (inside Assumption 3) "
        f"gives lhs/rhs = "
        + ", ".join(f"{mpmath.nstr(r['ratio_lhs_over_rhs'], 4)} (d = {r['d']})" for r in family)
        + f"; on ρ < 2 (so ε = ω(1/log d)) it holds on {lead_region.holds_on}",
        regime=main.regime(),
        witness={"region_point": point, "family": family},
        ratio_at_witness=ratio_at(lhs, rhs, point, S.d),
        **ev,
    )


CLAIMS = [
    Claim(
        id="gaussmech.classical",
        title="Classical Gaussian mechanism (Theorem 5)",
        source="Part 2, §3.2, Theorem 5",
        statement=THEOREM5,
        assumptions=r"\delta \in (0,1),\ \varepsilon \in (0, 1),\ c^2 = 2\log(1.25/\delta)",
        check=partial(check_classical_gaussian, THEOREM5, 1.0),
        relations=((2, "P33", 1), (2, "P33", 2)),
    ),
    Claim(
        id="gaussmech.assumption3-range",
        title="Theorem 5's calibration on Assumption 3's ε range (used for σ_W)",
        source="Part 2, §3.2 (Theorem 5 applied to σ_W) and Part 1, Assumption 3",
        statement=THEOREM5_ASSUMPTION3,
        assumptions=r"\delta \in (0,1),\ \varepsilon \in (0, 8\log(1/\delta))\ \text{(Assumption 3, not } "
        r"\varepsilon < 1)",
        check=partial(check_classical_gaussian, THEOREM5_ASSUMPTION3, eps_range="assumption3"),
        depends_on=("gaussmech.classical",),
        relations=((2, "P33", 1), (2, "P33", 2), (2, "D21", 1)),
    ),
    Claim(
        id="dpgd.privacy",
        title="Second-layer DP-GD is (ε, δ)-DP (Part 3 noise Σ), all of Assumption 3",
        # §4.1's own noise and clipping (Algorithm 1: Σ/2, the max rule) are refuted by alg1.noise-vs-sigma and
        # alg1.clipping (referee S): this claim is §4.3's Σ with clipping
        source="Part 3, §4.3 (the noise Σ, per-sample clipping at C_a); Assumption 3",
        statement=DPGD_STATEMENT,
        assumptions=r"z_i \sim \mathcal{N}(0, \Sigma^2 \mathrm{Id}),\ \varepsilon \in (0, 8\log(1/\delta)),\ "
        r"\delta \in (0, 1),\ \text{replace-one adjacency, clipped mean: } g \min(1, C_a/\|g\|)\ "
        r"\text{(Algorithm 1 prints } \max\text{: alg1.clipping)}",
        check=partial(check_dpgd_privacy, DPGD_STATEMENT, "replace-one"),
        # the sensitivity 2η_aC_a/n needs gradients shrunk to norm ≤ C_a, which the paper's printed max rule does not
        # do (referee AG, F2): read with the min rule, as the assumptions say (§4.3 clips "at C_a"; the repaired
        # theorem, whose noise-share rests on this claim, uses the min rule), not resting on alg1.clipping's max rule
        displays=((3, 10), (1, 7)),
        relations=((3, "P22", 1), (3, "P22", 2), (1, "D7", 1)),
    ),
    Claim(
        id="alg1.noise",
        title="Algorithm 1's noise line with σ_a of Assumption 4 gives (ε, δ)-DP",
        source="Part 1, Algorithm 1 (update of a_t) and Assumption 4",
        statement=ALG1_NOISE_STATEMENT,
        assumptions=r"a_t \gets a_{t-1} - \eta_a g_a + \sqrt{\eta_a}\frac{C_a}{n}\sigma_a \mathcal{N}(0, "
        r"\mathrm{Id}),\ "
        r"\varepsilon \in (0, 8\log(1/\delta)),\ \text{replace-one adjacency}",
        check=partial(check_dpgd_privacy, ALG1_NOISE_STATEMENT, "replace-one", corrected_fn=ALG1_NOISE_CORRECTED),
        depends_on=("alg1.clipping",),
        displays=((1, 8),),
        relations=((1, "P54", 1), (1, "D8", 7), (1, "P53", 1)),
    ),
    Claim(
        id="alg1.noise-scalar",
        title="Algorithm 1's noise N(0, 1) read literally (one scalar for all coordinates)",
        source="Part 1, Algorithm 1 (update of a_t)",
        statement=r"a_t \gets a_{t-1} - \eta_a g_a + \sqrt{\eta_a}\frac{C_a}{n}\sigma_a \mathcal{N}(0, 1)",
        assumptions=r"p \geq 2",
        check=partial(check_dpgd_privacy, ALG1_NOISE_STATEMENT, "replace-one", scalar_noise=True),
        relations=((1, "P54", 1),),
    ),
    Claim(
        id="alg1.clipping",
        title="Algorithm 1's clipping rule bounds the gradient norm by C_a",
        source="Part 1, Algorithm 1 (clipping step)",
        statement=r"g^C_a = g_a \cdot \max\left(1, \frac{\|g_a\|}{C_a}\right) \Rightarrow \|g^C_a\| \leq C_a",
        assumptions=r"g_a \in \mathbb{R}^p,\ C_a > 0",
        check=partial(check_clipping, paper_clip),
        displays=((1, 6),),
        relations=((1, "D6", 1),),
    ),
    Claim(
        id="layer1.privacy",
        title="W₁ is (ε, δ)-DP with σ_W of Assumption 4 (worst-case adjacent pairs)",
        source="Part 2, §3.2 (Theorem 2, Theorem 5, Definition 2) and Assumptions 2-4",
        statement=SIGMA_W_STATEMENT,
        assumptions=r"w_i^1 \gets \frac{w_i^1}{\|w_i^1\|} + \sigma_W\mathcal{N}(0,\mathrm{Id}) \Rightarrow W_1\ "
        r"(\varepsilon,\delta)\text{-DP};\ \text{Assumptions 2, 3};\ 0 < \varepsilon_b < 3\varepsilon_n - "
        r"\varepsilon_p/4",
        check=partial(check_layer1_privacy, SIGMA_W_STATEMENT, corrected_sigma=SIGMA_W_CORRECTED),
        depends_on=("gaussmech.classical", "gaussmech.assumption3-range", "dpgd.privacy"),
        displays=((2, 20), (2, 21)),
        relations=((2, "D20", 1), (2, "P34", 1), (1, "P44", 1), (1, "D8", 6)),
    ),
    Claim(
        id="layer1.columns",
        title="The per-neuron sensitivity premise makes all of W₁ private",
        source="Part 2, §3.2 (from the rank-1 approximation, display 19)",
        statement=COLUMN_PREMISE,
        assumptions=r"\text{per neuron, constant 1};\ \sigma_W = \sqrt{\frac{d^{1+\varepsilon_b}}{n}}\log^{q+3} d"
        r" \Rightarrow W_1\ (\varepsilon,\delta)\text{-DP};\ \text{Assumptions 2, 3}",
        check=partial(check_layer1_columns, SIGMA_W_STATEMENT, COLUMN_PREMISE),
        displays=((2, 19),),
        relations=((2, "P34", 1),),
    ),
    Claim(
        id="layer1.sigma-inequality",
        title="σ_W of §3.2 is below Assumption 4's σ_W (the extra log d)",
        source="Part 2, §3.2, display (2, 21) and the sentence before it",
        statement=SIGMA_W_INEQUALITY,
        assumptions=r"\text{Assumptions 2--3 (full } (\varepsilon, \delta) \text{ range)},\ d \text{ large enough}",
        check=partial(check_sigma_w_inequality, SIGMA_W_INEQUALITY, LOG_MARGIN),
        relations=((2, "D21", 2), (2, "P34", 2)),
    ),
]
