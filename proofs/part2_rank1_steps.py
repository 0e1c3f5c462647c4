r"""Part 2 §3.1 (from the first gradient display) and §3.2, relation by relation, over the whole region.

Every relation of the chain Lemma 3 → Stein → Lemma 4 → rank one → sensitivity → noise level →
w_i^1 is a :class:`~theorycheck.statement.Statement`; each checker takes the statement(s) as arguments.

* Asymptotic relations are decided on :data:`proofs.regime.ADMISSIBLE` with
  :func:`theorycheck.asymptotics.decide` (log powers included, every degree in ``DEGREES``), with a
  constant-level check at the corners where constants matter (crossover dimensions, exact tail
  probabilities by mpmath at 30 digits).
* Quantities a step treats as bounded or of an order are measured (:mod:`proofs.part2_rank1_measure`):
  seeded simulations at the five :data:`proofs.regime.CORNERS`, d = 16 … 128, fitted growth exponents
  with standard errors, compared with the exponent the step claims at that corner.
* Pointwise identities and inequalities in one real variable are checked symbolically (SymPy) and on a
  grid in python-flint ball arithmetic.

Claim families: ``lemma3.*`` (proof of Lemma 3), ``lemma4.*`` (the bias step and Lemma 4's proof lines),
``stein.*`` (the law of ⟨μ, w_i^0⟩), ``rank1.*`` (the gradient chain and its corrected limit),
``sens.*`` (§3.2: sensitivity, noise level, the final display). The top of the chain is ``sens.final``.
"""

from __future__ import annotations

import copy
import functools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

import mpmath
import numpy as np
import sympy as sp
from flint import arb, ctx

from theorycheck import Claim, inconclusive, memo, refuted, verified
from theorycheck.asymptotics import compare, decide, if_undecided, rate_terms
from theorycheck.claims import AT_MOST, Verdict, with_readings
from theorycheck.errors import InputError
from theorycheck.numerics import bisect_predicate, within_seconds
from theorycheck.statement import Rel, Statement, decides, paper_latex

from . import part2_rank1_measure as M
from .regime import ADMISSIBLE, CORNERS, constant_readings, polynomial_tail_readings, regime_outcome
from .regime import corner_point as regime_corner_point
from .symbols import (
    PRIV_32,
    PRIVACY_FACTOR,
    SENS_32,
    SIGMA_W_32,
    alpha1_star,
    b,
    d,
    delta,
    eps,
    eps_b,
    eps_n,
    eps_p,
    eta_W,
    in_powers_of_d,
    log_d,
    n,
    p,
    q,
    x,
)

# =========================================================================== shared machinery

#: log(1.25/δ)/ε² written as d^r log^ρ d (proofs.regime); the substitution δ = 1.25 e^{−R ε²}.
_DELTA_AS_R = {delta: sp.Rational(5, 4) * sp.exp(-PRIVACY_FACTOR * eps**2)}


@functools.lru_cache(maxsize=1024)  # the same sides are rewritten by decide and again for the evidence
def rewrite(expr: sp.Expr) -> sp.Expr:
    """A side in powers of d: Assumption 4 substituted, p = d^{π_p}, n = d^ν, log(1.25/δ)/ε² = d^r log^ρ d."""
    expr = sp.sympify(expr).subs(_DELTA_AS_R)
    expr = sp.powsimp(sp.expand_log(expr, force=True), force=True)
    return sp.powdenest(in_powers_of_d(sp.simplify(expr)), force=True)


def decide_on_region(statement: Statement, region=ADMISSIBLE, what: str = "") -> Verdict:
    """:func:`theorycheck.asymptotics.decide` with :func:`rewrite` (see the module docstring).

    Remembered per (statement, region, what, mpmath precision) (:func:`_decided`), a pure function of those: a
    check and its perturbed statements decide the same unperturbed relations again (tests), and a check may decide
    a relation it reports twice. Each caller gets its own deep copy (a Verdict's evidence is a mutable dict)."""
    try:
        hash((statement, region, what))
    except TypeError:  # an unhashable statement or region: decide without remembering
        return decide(statement, region, d=d, rewrite=rewrite, what=what)
    return copy.deepcopy(_decided(statement, region, what, mpmath.mp.prec))


@functools.lru_cache(maxsize=512)
def _decided(statement: Statement, region, what: str, prec: int) -> Verdict:
    """:func:`decide_on_region`'s computation (``prec``, the caller's mpmath precision in force during the call, is
    part of the key only). Statements and regions are frozen dataclasses, equal only when every field is."""
    return decide(statement, region, d=d, rewrite=rewrite, what=what)


def _exponents_at(expr: sp.Expr, point: dict[str, float]) -> tuple[float, float]:
    """(power of d, power of log d) of the dominant term of ``expr`` at a numeric parameter point."""
    terms = rate_terms(rewrite(expr), d)
    names = {str(v): v for v in ADMISSIBLE.variables + (q,)}
    subs = {names[k]: v for k, v in point.items()}
    best = None
    for t_ in terms:
        e = float(sp.sympify(t_.d_exp).subs(subs))
        k = float(sp.sympify(t_.log_exp).subs(subs))
        if best is None or (e, k) > best:
            best = (e, k)
    return best if best is not None else (-math.inf, 0.0)


def corner_point(corner: str) -> dict[str, float]:
    """The region parameters at a named corner (ε_b in the middle of its window, q = 3, (ε, δ) fixed)."""
    return {**regime_corner_point(CORNERS[corner]), "q": M.Q}


def measured_against(
    quantity: str,
    claimed: sp.Expr,
    *,
    corners: Sequence[str] = tuple(CORNERS),
    ds: Sequence[int] = M.MEASURE_DS,
    seed: int = M.SEED,
    scale: Callable | None = None,
) -> dict[str, Any]:
    """Fit the growth exponent of a measured quantity at each corner and compare it with the exponent of
    ``claimed`` there. ``excess`` = measured − claimed − (what the log powers can explain over the d range);
    a corner fails when excess > max(5·stderr, 0.15)."""
    rows, failures = [], []
    for c in corners:
        g = M.growth(quantity, c, ds, seed)
        e, k = _exponents_at(claimed, corner_point(c))
        log_allow = k * (math.log(math.log(ds[-1])) - math.log(math.log(ds[0]))) / (math.log(ds[-1]) - math.log(ds[0]))
        excess = g["exponent"] - e - max(log_allow, 0.0)
        row = {
            **g,
            "claimed_exponent": e,
            "claimed_log_power": k,
            "log_allowance": log_allow,
            "excess": excess,
            "fails": bool(excess > max(5 * g["stderr"], 0.15)),
        }
        rows.append(row)
        if row["fails"]:
            failures.append(row)
    return {"rows": rows, "failures": failures, "quantity": quantity, "claimed": paper_latex(claimed)}


#: The two readings of the paper's ≤_P, which Part 1 §2.5 does not define (referee AY F1): ≤ with probability
#: 1 − e^{−c log² d}, as the paper itself uses it where the constant matters (|b_i| ≤_P (ε_b/4) log d), the reading the
#: verdicts take; and ≲_P (a hidden constant)
LE_P_LITERAL = "≤_P as ≤ with probability 1 − e^{−c log² d} (as the paper's |b_i| ≤_P (ε_b/4) log d uses it)"
LE_P_AS_LESSSIM = "≤_P as ≲_P (a hidden constant)"


def _constant_fails_everywhere(corrected_regime: dict[str, Any], lesssim_reading: str) -> dict[str, Any]:
    """The regime of a ≤_P bound whose constant 1 fails at every point of the region (the printed statement),
    with the regime of the corrected bound kept alongside and both readings of ≤_P (``lesssim_reading``: the outcome
    of :data:`LE_P_AS_LESSSIM`, "all: …" or "none: …")."""
    return {
        "region": ADMISSIBLE.name,
        "holds_on": "none",
        "relation": r"\leq_\P",
        "conditions": [r"\text{never with constant 1 (fails with probability} \to 1\text{)}"],
        "witness": None,
        "corrected_regime": corrected_regime,
        "readings": {LE_P_LITERAL: "none: fails with probability → 1", LE_P_AS_LESSSIM: lesssim_reading},
    }


def _rel_result(key: tuple[int, str, int], verdict: str, why: str, **extra: Any) -> dict[str, Any]:
    return {"relation": list(key), "verdict": verdict, "why": why, **extra}


def _combine(results: list[dict[str, Any]]) -> str:
    kinds = {r["verdict"] for r in results}
    return "refuted" if "refuted" in kinds else ("inconclusive" if "inconclusive" in kinds else "verified")


# =========================================================================== pointwise statements in x

_GRID = [sp.Rational(k, 8) for k in range(-200, 201)]


def _arb_value(expr: sp.Expr, value: sp.Rational) -> arb:
    from theorycheck.statement import evaluator

    return evaluator(expr, (x,), "arb")(arb(f"{value.p}/{value.q}") if value.q != 1 else arb(int(value.p)))


@ctx.workprec(120)
def check_pointwise(statements: Sequence[tuple[tuple[int, str, int], Statement]], grid=_GRID) -> Verdict:
    r"""Each statement is an identity or inequality in the real variable x: an identity holds when
    ``simplify(lhs − rhs) = 0`` (rewritten in exponentials) and the arb enclosures of lhs − rhs contain 0 on
    the grid; an inequality ``lhs ≤ rhs`` holds when SymPy proves rhs − lhs ≥ 0 (or its minimum on the grid
    x ∈ [−25, 25] is certified ≥ 0 and both limits x → ±∞ are ≥ 0); a certified violation at a grid point
    refutes."""
    results = []
    for key, st in statements:
        diff = sp.simplify((st.rhs - st.lhs).rewrite(sp.exp))
        worst = None
        viol = None
        for g in grid:
            v = _arb_value(st.rhs - st.lhs, g)
            if st.rel is Rel.EQ:
                if not v.contains(0):
                    viol = (g, v)
                    break
            elif v < 0:
                viol = (g, v)
                break
            if worst is None or float(v.mid()) < float(worst[1].mid()):
                worst = (g, v)
        if viol is not None:
            results.append(
                _rel_result(
                    key,
                    "refuted",
                    f"{st.latex()} fails at x = {viol[0]}",
                    witness={"x": str(viol[0]), "rhs_minus_lhs": str(viol[1])},
                    statement=st.latex(),
                )
            )
            continue
        if st.rel is Rel.EQ:
            ok = diff == 0
            results.append(
                _rel_result(
                    key,
                    "verified" if ok else "inconclusive",
                    "symbolic: simplify(lhs − rhs) = 0; arb grid contains 0"
                    if ok
                    else "grid agrees but SymPy did not simplify the difference to 0",
                    statement=st.latex(),
                )
            )
            continue
        gap = st.rhs - st.lhs
        symbolic = bool(diff.is_nonnegative) or any(
            sp.simplify((gap - sq).rewrite(sp.exp)) == 0
            for sq in (sp.tanh(x) ** 2, sp.tanh(x) ** 2 * (1 + sp.sech(x) ** 2))
        )
        limits = [] if symbolic else [sp.limit(gap, x, s_) for s_ in (sp.oo, -sp.oo)]
        ok = symbolic or all(lim >= 0 for lim in limits)
        results.append(
            _rel_result(
                key,
                "verified" if ok else "inconclusive",
                ("symbolic: rhs − lhs = " + paper_latex(sp.simplify(st.rhs - st.lhs)) + " ≥ 0")
                if symbolic
                else "arb grid min ≥ 0 and limits at ±∞ ≥ 0",
                grid_min={"x": str(worst[0]), "value": str(worst[1])},
                limits=[str(lim) for lim in limits],
                statement=st.latex(),
            )
        )
    kind = _combine(results)
    detail = "; ".join(f"{tuple(r['relation'])}: {r['verdict']}" for r in results)
    ev = dict(relations_checked=results, grid="x = k/8, |x| ≤ 25 (arb, 120 bits)", tolerance="certified balls")
    if kind == "refuted":
        return refuted("symbolic+certified", detail, witness=[r for r in results if r["verdict"] == "refuted"][0], **ev)
    return (verified if kind == "verified" else inconclusive)("symbolic+certified", detail, **ev)


SIGMA_FACTS = (
    ((2, "P11", 1), Statement(sp.diff(sp.tanh(x), x), "=", sp.sech(x) ** 2, name="σ' = sech²")),
    ((2, "P11", 2), Statement(sp.sech(x) ** 2, r"\leq", 1, name="sech² ≤ 1")),
    ((2, "P12", 2), Statement(sp.tanh(x) ** 2, r"\leq", 1, name="|σ| ≤ 1 (squared)", lhs_latex=r"\|\sigma\|^2")),
    ((2, "P15", 4), Statement(sp.sech(x) ** 4, r"\leq", 1, name="|σ'| ≤ 1 (squared)", lhs_latex=r"\|\sigma'\|^2")),
)
SECH_FACTS = (
    ((2, "P23", 3), Statement(sp.diff(sp.tanh(x), x), "=", sp.sech(x) ** 2, name="tanh' = sech²")),
    ((2, "P23", 4), Statement(sp.sech(x) ** 2, "=", 4 / (sp.exp(x) + sp.exp(-x)) ** 2, name="sech² = 4/(eˣ+e⁻ˣ)²")),
)

# =========================================================================== Lemma 3's proof

Z_ABS = sp.Symbol("z_abs", nonnegative=True)
#: Σ_j E[z_j²‖x_j‖²], printed as the paper writes it
S_V = sp.Symbol(r"\sum_{j = 1}^n \E[z_j^2 \|x_j\|^2]", positive=True)


def check_output_bounds(
    term_bound: Statement, z_bound: Statement, corrected: Statement, ps: Sequence[int] = (2, 16, 128, 1024)
) -> Verdict:
    r"""P12.3 |a_{0,k}σ(⟨w_k,x_j⟩+b_k)| ≤ 1/√p and P12.4 |z_j| ≤ 1, z_j = Σ_k a_{0,k}σ(·).

    Each term is a_{0,k} = p^{−1/2} times |tanh| < 1: the bound is exact, and the check evaluates the claimed
    right side against sup |a_{0,k} tanh| = p^{−1/2}. For z_j the supremum over the initialisation's support is
    Σ_k |a_{0,k}| = √p, attained in the limit b_k → ∞ (witness network: W_0 = 0-column perturbation, b = 4·1,
    z = √p tanh 4). The measured max_j |z_j| at the corners is reported (typical networks)."""
    results = []
    term_ok = True
    for pv in ps:
        claimed = float(term_bound.rhs.subs(p, pv))
        if 1 / math.sqrt(pv) > claimed * (1 + 1e-12):
            term_ok = False
            results.append(
                _rel_result(
                    (2, "P12", 3),
                    "refuted",
                    f"sup_k |a_(0,k) σ| = p^(-1/2) > claimed at p = {pv}",
                    witness={"p": pv, "sup": 1 / math.sqrt(pv), "claimed": claimed},
                )
            )
            break
    if term_ok:
        results.append(
            _rel_result(
                (2, "P12", 3),
                "verified",
                "|a_{0,k} tanh(·)| < p^{-1/2} exactly (|tanh| < 1); "
                "the claimed right side is ≥ p^{-1/2} at p = " + ", ".join(map(str, ps)),
            )
        )
    witness = None
    for pv in ps:
        z = math.sqrt(pv) * math.tanh(4.0)
        claimed = float(z_bound.rhs.subs(p, pv))
        if z > claimed:
            witness = {"p": pv, "b": "4·1", "z_j": z, "claimed": claimed}
            break
    corrected_ok = all(
        math.sqrt(pv) * math.tanh(40.0) <= float(corrected.rhs.subs(p, pv)) + 1e-12 for pv in ps
    ) and bool(sp.simplify(corrected.rhs - sp.sqrt(p)) == 0 or (corrected.rhs - sp.sqrt(p)).is_nonnegative)
    meas = {c: M.growth("z_max", c) for c in CORNERS}
    if witness is not None:
        results.append(
            _rel_result(
                (2, "P12", 4), "refuted", "|z_j| reaches √p tanh 4 on the initialisation's support", witness=witness
            )
        )
    else:
        results.append(_rel_result((2, "P12", 4), "verified", "the claimed bound is ≥ √p"))
    ev = dict(
        relations_checked=results,
        measured_max_abs_z=meas,
        measured_note="typical networks: max_j |z_j| over n samples grows slowly (≈ √log n), exceeds 1 at every corner",
    )
    if _combine(results) == "refuted":
        return refuted(
            "exact+simulation",
            "; ".join(r["why"] for r in results),
            corrected=corrected if corrected_ok else None,
            witness=witness,
            **ev,
        )
    return verified("exact", "both bounds hold", **ev)


def check_zx_norm(statement: Statement, corrected: Statement) -> Verdict:
    r"""P12.5 ‖z_j x_j‖ ≤_P √d (for all j, w.h.p.). Read as printed (≤_P, constant 1, as everywhere in this
    module): both factors exceed their claimed bounds (|z_j| ≤ 1 fails, and P(‖x‖ ≤ √d) → 1/2 for each sample);
    measured max_j ‖z_j x_j‖/√d at the corners, the witness. Read as ≲_P (a constant C, at Part 1's level 1 −
    e^{−c log²d}) it fails too (referee W): given x_j, z_j = (1/√p)Σ_k tanh(⟨w_k, x_j⟩ + b_k) is a normalised sum of
    p i.i.d. bounded mean-zero terms (⟨w_k, x_j⟩ + b_k is symmetric, tanh odd) with variance → v = E tanh²(√2 G)
    (‖x_j‖²/d → 1), so z_j → N(0, v) (Lindeberg) and P(|z_j| > 2C) → 2Φ̄(2C/√v) > 0 for every C, while
    P(‖x_j‖ ≥ √d/2) → 1: one sample alone exceeds C√d with probability bounded below, ≫ e^{−c log²d} (v by mpmath,
    30 digits). The corrected ‖z_j x_j‖ ≤ log d (√d + log d)
    (Hoeffding over the initialisation given x_j: P(|z_j| > log d) ≤ 2e^{−log²d/2}; ‖x_j‖ ≤ √d + log d; a union
    bound over the n samples) is checked against the measurements and decided on the region against √d·log d."""
    meas = measured_against("z_max", sp.Integer(1))
    rows = {c: M.simulate(c, 128) for c in CORNERS}
    ratio = {c: r["z_max"] * r["x_norm_max_over_sqrt_d"] for c, r in rows.items()}
    claimed_at = {c: float(statement.rhs.subs({d: 128, p: rows[c]["p"]}) / sp.sqrt(128)) for c in CORNERS}
    worst = max(ratio, key=ratio.get)
    reg = decide_on_region(Statement(sp.sqrt(d) * log_d, r"\lesssim", corrected.rhs))
    corrected_at = {c: float(corrected.rhs.subs({d: 128, p: rows[c]["p"]}) / sp.sqrt(128)) for c in CORNERS}
    # a correction is attached only if it covers every measurement and holds on the region (referee W)
    corrected_ok = all(ratio[c] <= corrected_at[c] for c in CORNERS) and reg.verdict == "verified"
    with mpmath.workdps(30):
        v_limit = float(mpmath.quad(lambda g: mpmath.tanh(mpmath.sqrt(2) * g) ** 2 * mpmath.npdf(g),
                                    [-mpmath.inf, 0, mpmath.inf]))
        tail_c1 = float(mpmath.erfc(1 / mpmath.sqrt(2 * v_limit)))  # 2Φ̄(1/√v): P(|z| > 1) in the limit
    ev = dict(
        max_over_j_of_norm_over_sqrt_d_at_d128=ratio,
        claimed_over_sqrt_d=claimed_at,
        corrected_over_sqrt_d=corrected_at,
        corrected_covers_the_measurements=all(ratio[c] <= corrected_at[c] for c in CORNERS),
        z_growth=meas["rows"],
        corrected_regime=reg.regime,
        readings={r"\leq_\P (constant 1, as printed)": "refuted" if ratio[worst] > claimed_at[worst] else "not refuted",
                  r"\lesssim_\P (a constant C)": f"refuted at Part 1's level: z_j → N(0, v), v = {v_limit:.6f}, so "
                                                   "P(‖z_1x_1‖ > C√d) stays bounded below for every C"},
        z_limit_variance=v_limit,
        z_tail_for_C_1=tail_c1,
        corrected_checked=corrected_ok,
        seed=M.SEED,
    )
    if ratio[worst] > claimed_at[worst]:
        return refuted(
            "simulation+exact",
            f"max_j ‖z_j x_j‖ = {ratio[worst]:.2f}·√d > √d at d = 128 ({worst}); "
            "≤_P with constant 1 fails (each factor exceeds its bound); read as ≲_P it fails too at Part 1's level: "
            f"given x_j, z_j → N(0, v) over the initialisation (v = E tanh²(√2G) = {v_limit:.4f}), so P(|z_j| > 2C) "
            f"→ 2Φ̄(2C/√v) > 0 for every C (at C = 1/2: {tail_c1:.3f}), ≫ e^{{−c log²d}}"
            + ("" if corrected_ok else "; the proposed correction does not cover the measurements or the region, so "
               "none is given"),
            corrected=corrected if corrected_ok else None,
            regime=_constant_fails_everywhere(reg.regime, "none: z_j → N(0, v) over the initialisation, so "
                                              "P(|z_j| > 2C) stays bounded below for every C, ≫ e^{−c log² d}"),
            witness={"corner": worst, "d": 128, "max_norm_over_sqrt_d": ratio[worst]},
            **ev,
        )
    return inconclusive("simulation", "no sample exceeded the claimed bound", regime=reg.regime, **ev)


def check_variance_proxy(
    trace_step: Statement, nd_step: Statement, corrected: Statement, seed: int = M.SEED
) -> Verdict:
    r"""D7.1 v ≤ Σ_j E[z_j²‖x_j‖²] (an operator norm of a PSD matrix is at most its trace; the scalar term is the
    trace) and D7.2 Σ_j E[z_j²‖x_j‖²] ≤ nd (uses |z_j| ≤ 1). D7.1 is checked on a Monte-Carlo estimate of both
    matrices (d = 16, 4000 samples): any PSD matrix works, so the check compares ‖Σ̂‖ with tr Σ̂ and the claimed
    right side. D7.2, read given the initialisation (the reading matrix Bernstein needs: its summands z_j x_j are
    independent only given W^0, b), is evaluated at a network in the support (b = 4·1, so z_j ≈ √p), at
    :data:`VARIANCE_SCAN_INITS` typical initialisations at d = p = 64 (:func:`_variance_proxy_scan`: a share of
    them exceed nd by far more than the Monte-Carlo error) and at the corners (measured E z²‖x‖²/d); read with the
    expectation over the initialisation too, it holds (the scan's mean, recorded). The corrected bound npd is
    exact (z_j² ≤ p)."""
    rng = np.random.default_rng([seed, 7])
    dd, pp, nn = 16, 16, 4000
    from theorycheck.first_layer import initialise, model_output

    W0, bb, a0 = initialise(dd, pp, rng)
    X = rng.standard_normal((nn, dd))
    z = model_output(W0, bb, a0, X)
    S = (X * (z**2)[:, None]).T @ X / nn
    op, tr = float(np.linalg.norm(S, 2)), float(np.trace(S))
    mult = float(trace_step.rhs / S_V)  # the claimed multiple of the trace
    results = []
    results.append(
        _rel_result(
            (2, "D7", 1),
            "verified" if op <= mult * tr + 1e-12 else "refuted",
            f"‖Σ̂‖ = {op:.4g} ≤ tr Σ̂ = {tr:.4g} (PSD); claimed factor {mult:g}",
            operator_norm=op,
            trace=tr,
        )
    )
    z_w = math.sqrt(pp) * math.tanh(4.0)  # b = 4·1: z ≈ √p
    lhs_w = z_w**2 * dd  # E[z²‖x‖²] with z ≈ const
    claimed = float(nd_step.rhs.subs({n: 1, d: dd, p: pp}))
    scan = _variance_proxy_scan(float(nd_step.rhs.subs({n: 1, d: 64, p: 64})) / 64, seed)  # the claim per sample, /d
    typical = {c: M.simulate(c, 64)["z2x2_over_d"] for c in CORNERS}
    if scan["exceeding"]:
        w = scan["largest"]
        results.append(
            _rel_result(
                (2, "D7", 2),
                "refuted",
                f"given the initialisation, {len(scan['exceeding'])} of {scan['inits']} typical initialisations at "
                f"d = p = {scan['d']} have E_x z²‖x‖² above the claimed d per sample by more than 5 Monte-Carlo "
                f"standard errors (largest {w['ratio']:.3f}·d ± {w['stderr']:.3f}·d); an extreme network in the "
                f"support (b = 4·1, p = d = {dd}) gives {lhs_w:.1f} against {claimed:g}",
                witness={**w, "extreme": {"p": pp, "d": dd, "b": "4·1", "E_z2x2": lhs_w, "claimed": claimed}},
            )
        )
    elif lhs_w > claimed:
        results.append(
            _rel_result(
                (2, "D7", 2),
                "refuted",
                f"at b = 4·1 (p = {pp}, d = {dd}) E z²‖x‖² ≈ {lhs_w:.1f} > claimed {claimed:g} per sample",
                witness={"p": pp, "d": dd, "b": "4·1", "E_z2x2": lhs_w, "claimed": claimed},
            )
        )
    else:
        results.append(_rel_result((2, "D7", 2), "verified", "claimed bound covers the witness network"))
    corr_ok = float(corrected.rhs.subs({n: 1, d: dd, p: pp})) >= pp * dd
    ev = dict(
        relations_checked=results,
        typical_initialisations=scan,
        typical_E_z2x2_over_d_at_d64=typical,
        seed=seed,
        note="E z²‖x‖²/d is O(1) at the corners' networks (d = 64, above), but above 1 at a share of typical "
        "initialisations (typical_initialisations): E_x z² ≈ Var + (p^{-1/2} Σ_k E tanh(z + b_k))²",
    )
    if _combine(results) == "refuted":
        v = refuted(
            "exact+simulation",
            "; ".join(f"{tuple(r['relation'])}: {r['verdict']}" for r in results),
            corrected=corrected if corr_ok else None,
            witness=results[-1].get("witness"),
            regime={"region": "every initialisation in the support and every n, d, p", "holds_on": "none",
                    "conditions": [], "witness": results[-1].get("witness")},
            **ev,
        )
        if results[0]["verdict"] != "verified":  # the readings are (2, D7, 2)'s: D7.1 fails under both
            return v
        return with_readings(v, _variance_proxy_readings(scan, results[-1]["verdict"]))
    return verified("exact+simulation", "both steps hold", **ev)


def _variance_proxy_readings(scan: dict[str, Any], given_init: str) -> dict[str, str]:
    """(2, D7, 2)'s E read given the initialisation (matrix Bernstein's summands are independent only given W^0, b)
    or over the initialisation too (referee CM, F6). The second is proved for a claimed constant ≥ 1: a_0 = 1/√p·1
    and (w_k, b_k) → (−w_k, −b_k) is a symmetry of the independent neurons, so E_init[z² | x] = (1/p)Σ_k
    E tanh²(w_kᵀx + b_k) ≤ 1 (the cross terms vanish) and E z²‖x‖² ≤ E‖x‖² = d; below 1 the scan's mean over the
    initialisations decides it (5 standard errors) or leaves it undecided."""
    claimed, mean = scan["claimed_over_d"], scan["mean_ratio"]
    se = scan["mean_stderr"]
    if claimed >= 1:
        over_init = (f"all: E_init[z² | x] = (1/p)Σ_k E tanh²(w_kᵀx + b_k) ≤ 1 (a_0 = 1/√p·1; (w, b) → (−w, −b) "
                     f"makes the cross terms vanish), so E z²‖x‖² ≤ E‖x‖² = d; measured {mean:.3f}·d ± {se:.3f}·d "
                     f"over {scan['inits']} initialisations at d = p = {scan['d']}")
    elif mean - claimed > 5 * se:
        over_init = (f"none: the mean over {scan['inits']} initialisations at d = p = {scan['d']} is {mean:.3f}·d ± "
                     f"{se:.3f}·d, above the claimed {claimed:g}·d")
    else:
        over_init = f"undecided: the mean {mean:.3f}·d ± {se:.3f}·d is within 5 standard errors of {claimed:g}·d"
    return {"given the initialisation (what matrix Bernstein needs)":
            "none: see the witness" if given_init == "refuted" else "all",
            "in expectation over the initialisation too": over_init}


#: Typical initialisations scanned by :func:`_variance_proxy_scan` (d = p = 64, 20000 samples each).
VARIANCE_SCAN_INITS = 60


def _variance_proxy_scan(claimed_per_d: float, seed: int, dv: int = 64, inits: int = VARIANCE_SCAN_INITS,
                         samples: int = 20000) -> dict[str, Any]:
    """E_x[z²‖x‖²]/d (z = f^0(x), the network's initial output) at ``inits`` typical initialisations with p = d,
    each a Monte-Carlo mean over ``samples`` inputs with its standard error; ``exceeding`` the seeds where it is
    above ``claimed_per_d`` by more than 5 standard errors."""
    rows = _variance_proxy_rows(seed, dv, inits, samples)
    exceeding = [r for r in rows if r["ratio"] - claimed_per_d > 5 * r["stderr"]]
    largest = max(rows, key=lambda r: r["ratio"])
    return {"d": dv, "p": dv, "inits": inits, "samples": samples, "seed": [seed, 7], "claimed_over_d": claimed_per_d,
            "exceeding": [r["init"] for r in exceeding], "largest": {**largest, "d": dv, "p": dv, "seed": [seed, 7]},
            "mean_ratio": float(np.mean([r["ratio"] for r in rows])),
            "mean_stderr": float(np.std([r["ratio"] for r in rows], ddof=1) / math.sqrt(len(rows)))}


@memo.remembered(maxsize=4)
def _variance_proxy_rows(seed: int, dv: int, inits: int, samples: int) -> list[dict[str, float]]:
    """:func:`_variance_proxy_scan`'s measurement, which does not depend on the claimed bound: per initialisation
    k (seeded [seed, 7, k]) the Monte-Carlo mean of z²‖x‖²/d over ``samples`` inputs and its standard error.
    Remembered in-process, so a perturbed statement is judged on the same draws without drawing them again."""
    from theorycheck.first_layer import initialise, model_output

    rows = []
    for k in range(inits):
        rng = np.random.default_rng([seed, 7, k])
        W0, bb, a0 = initialise(dv, dv, rng)
        X = rng.standard_normal((samples, dv))
        values = model_output(W0, bb, a0, X) ** 2 * np.sum(X**2, axis=1) / dv
        rows.append({"init": k, "ratio": float(values.mean()), "stderr": float(values.std() / math.sqrt(samples))})
    return rows


def bernstein_rhs_printed(nv, dv, t_):
    """Display 8 as printed: (d+1) exp(−½n²t²/(nd + t√d/3))."""
    return (dv + 1) * mpmath.exp(-mpmath.mpf(1) / 2 * nv**2 * t_**2 / (nv * dv + t_ * mpmath.sqrt(dv) / 3))


def bernstein_rhs_tropp(nv, dv, t_):
    """Tropp (2015) Thm 6.1.1 for S = Σ_j X_j, ‖X_j‖ ≤ L = √d, v ≤ nd, at s = nt: (d+1) exp(−½(nt)²/(nd + √d·nt/3))."""
    return (dv + 1) * mpmath.exp(-((nv * t_) ** 2) / 2 / (nv * dv + mpmath.sqrt(dv) * nv * t_ / 3))


def population_zx(W0: np.ndarray, bb: np.ndarray, a0: np.ndarray) -> np.ndarray:
    """E[z x] = Σ_k a_{0,k} w_k E[sech²(‖w_k‖Z + b_k)] (Stein's lemma; 1-D Gauss–Hermite, 120 nodes)."""
    nodes, weights = np.polynomial.hermite_e.hermegauss(120)
    weights = weights / math.sqrt(2 * math.pi)
    norms = np.linalg.norm(W0, axis=0)
    e = (weights[:, None] / np.cosh(nodes[:, None] * norms[None, :] + bb[None, :]) ** 2).sum(axis=0)
    return W0 @ (a0 * e)


def check_bernstein_display(
    claimed_rhs: Callable = bernstein_rhs_printed,
    dv: int = 8,
    pv: int = 8,
    nv: int = 100_000,
    reps: int = 20,
    seed: int = M.SEED,
) -> Verdict:
    r"""D8.1: P(‖(1/n)Σ z_j x_j‖ ≥ t) ≤ (d+1)exp(−½n²t²/(nd + t√d/3)), for the given W_0, b (any n, d).

    The display is a finite-sample inequality, so it can be tested at any (d, n): at d = p = 8 and n = 10⁵
    the summands z_j x_j have mean m = E[z x] = Σ_k a_{0,k} w_k E[sech²(‖w_k‖Z + b_k)] ≠ 0 (Stein; exact
    1-D quadrature). At t = m/2 the event happens in every one of ``reps`` seeded repetitions, while the
    display bounds its probability by (d+1)e^{−Θ(n)}: refuted (Bernstein needs centred summands). Also
    reported: Tropp's theorem at s = nt has range term √d·nt/3, not t√d/3 (a factor n is missing), and the
    measured ‖(1/n)Σ z_j x_j‖ at the corners (flat in d)."""
    from theorycheck.first_layer import initialise, model_output

    rng = np.random.default_rng([seed, 8])
    W0, bb, a0 = initialise(dv, pv, rng)
    m = population_zx(W0, bb, a0)
    mnorm = float(np.linalg.norm(m))
    t_ = mnorm / 2
    hits, norms = 0, []
    for r_ in range(reps):
        X = np.random.default_rng([seed, 8, r_]).standard_normal((nv, dv))
        z = model_output(W0, bb, a0, X)
        val = float(np.linalg.norm((z / nv) @ X))
        norms.append(val)
        hits += val >= t_
    with mpmath.workdps(30):
        bound = claimed_rhs(mpmath.mpf(nv), mpmath.mpf(dv), mpmath.mpf(t_))
        tropp = bernstein_rhs_tropp(mpmath.mpf(nv), mpmath.mpf(dv), mpmath.mpf(t_))
        # probability of `hits` successes in `reps` trials if each had probability ≤ bound
        p_obs = bound**hits if bound < 1 else mpmath.mpf(1)
    growth = [M.growth("zx_mean_norm", c) for c in CORNERS]
    ev = dict(
        d=dv,
        p=pv,
        n=nv,
        reps=reps,
        seed=seed,
        population_mean_norm=mnorm,
        t=t_,
        measured_norms=norms,
        claimed_probability_bound=mpmath.nstr(bound, 6),
        tropp_bound_same_t=mpmath.nstr(tropp, 6),
        probability_of_observation_under_claim=mpmath.nstr(p_obs, 6),
        measured_growth_at_corners=growth,
        missing_factor="Tropp's range term at s = nt is L·s/3 = √d·nt/3; the display has t√d/3",
        centring="E[z_j x_j] = Σ_k a_{0,k} w_k E[σ'(⟨w_k,x⟩+b_k)] ≠ 0 (Stein)",
    )
    if hits == reps and p_obs < mpmath.mpf("1e-10"):
        return refuted(
            "simulation+numeric",
            f"‖(1/n)Σ z_j x_j‖ ≥ t = {t_:.3f} in {hits}/{reps} seeded runs (d = p = {dv}, "
            f"n = {nv}; its mean has norm {mnorm:.3f}), while the display bounds that probability by "
            f"{mpmath.nstr(bound, 3)}: the summands are not centred; the range term also misses a factor n",
            witness={
                "d": dv,
                "p": pv,
                "n": nv,
                "t": t_,
                "hits": hits,
                "reps": reps,
                "claimed_bound": mpmath.nstr(bound, 6),
            },
            **ev,
        )
    return inconclusive(
        "simulation+numeric",
        f"{hits}/{reps} runs exceeded t; the bound {mpmath.nstr(bound, 3)} is not contradicted",
        **ev,
    )


T_CHOICE = sp.sqrt(d / n) * log_d


def check_bernstein_tail(t_choice: sp.Expr = T_CHOICE, target: float = 1e-2) -> Verdict:
    r"""P14.1 (the choice t = √(d/n) log d "completes the proof"): the printed tail (d+1)exp(−½n²t²/(nd + t√d/3))
    at that t. Exactly, ½n²t²/(nd + t√d/3) = ½log²d/(1 + log d/(3n^{3/2})) ≥ (3/2)log²d/(3 + log d) for every
    n ≥ 1, so the tail → 0 for every point of the region (decided: it is (d+1)·e^{−ω(log d)}); the constant-level
    crossover (smallest d with tail ≤ ``target``) is computed at the corners and at n = d (worst ν)."""
    tail = (d + 1) * sp.exp(-sp.Rational(1, 2) * n**2 * t_choice**2 / (n * d + t_choice * sp.sqrt(d) / 3))
    st = Statement(tail, r"\leq", sp.exp(-sp.Symbol("c", positive=True) * log_d**2))
    # ½n²t²/(nd + t√d/3) = (nt²/2d)/(1 + t/(3n√d)). The proof is of a ≤_P bound (Part 1 §2.5: probability
    # 1 − e^{−c log² d}, some c > 0; referee AU F2: only → 0 had been decided): the tail is ≤ e^{−c log² d} iff
    # log² d ≲ nt²/d and t ≲ n√d (then the correction 1 + t/(3n√d) is bounded and log(d + 1) ≪ log² d); both
    # decided on the region. The weaker "tail → 0" (log d ≪ nt²/d) is recorded.
    # With A = nt²/(2d) and B = t/(3n√d) the exponent is A/(1 + B), within a factor 2 of min(A, A/B) =
    # min(nt²/(2d), 3n²t/(2√d)); so the tail is ≤ e^{−c log² d} iff log² d ≲ nt²/d and log² d ≲ n²t/√d, each decided
    # (referee AX F7: t ≲ n√d, sufficient but not necessary, had been required; t = d^{10} was refuted)
    reg = compare(rewrite(log_d**2), Rel.LESSSIM, rewrite(n * t_choice**2 / d), ADMISSIBLE, d=d)
    reg_large_t = compare(rewrite(log_d**2), Rel.LESSSIM, rewrite(n**2 * t_choice / sp.sqrt(d)), ADMISSIBLE, d=d)
    weak = compare(rewrite(log_d), Rel.LL, rewrite(n * t_choice**2 / d), ADMISSIBLE, d=d)
    weak_large_t = compare(rewrite(log_d), Rel.LL, rewrite(n**2 * t_choice / sp.sqrt(d)), ADMISSIBLE, d=d)
    if reg.holds_on == "all" and not reg.undecided and (reg_large_t.holds_on != "all" or reg_large_t.undecided):
        reg = reg_large_t
    if weak.holds_on == "all" and not weak.undecided:
        weak = weak_large_t
    f = sp.lambdify((d, n), tail, "mpmath")
    cross = {}
    with mpmath.workdps(30):
        for c in list(CORNERS) + ["n = d (ν = 1)"]:
            nu_v = 1.0 if c.startswith("n = d") else M.sizes(c, 64)["nu"]
            dd = 2
            while f(mpmath.mpf(dd), mpmath.mpf(dd) ** nu_v) > target and dd < 10**9:
                dd = int(dd * 1.05) + 1
            # the geometric search overshoots by up to 5 %: step back to the first d below the target on the
            # integers searched down from there (referee EI, EI-2: 69 had been reported where it is 67 or 68)
            while dd > 2 and f(mpmath.mpf(dd - 1), mpmath.mpf(dd - 1) ** nu_v) <= target:
                dd -= 1
            cross[c] = {
                "nu": nu_v,
                "first_d_with_tail_below_target": dd,
                "tail_at_d": mpmath.nstr(f(mpmath.mpf(dd), mpmath.mpf(dd) ** nu_v), 5),
                "tail_at_1e6": mpmath.nstr(f(mpmath.mpf(10**6), mpmath.mpf(10) ** (6 * nu_v)), 5),
            }
    ev = dict(
        statement=st.latex(),
        crossover=cross,
        target=target,
        exact_reduction=r"\tfrac12 n^2t^2/(nd + t\sqrt d/3) = \tfrac12\log^2 d/(1 + \log d/(3n^{3/2}))",
        note="a statement about the printed display; the display itself does not apply (lemma3.bernstein-display)",
        tail_vanishes=weak.holds_on,
    )
    t_text = paper_latex(t_choice)
    if (undecided := if_undecided(reg, st.latex(), **ev)) is not None:
        return undecided
    if reg.holds_on == "all":
        # the printed denominator nd + t√d/3 mistypes Bernstein's (lemma3.bernstein-display); with Tropp's, for the sum
        # at level nt with ‖z_jx_j‖ ≲ √d, nd + √d·nt/3, the exponent is (nt²/2d)/(1 + t/(3√d)): ≳ log² d iff also
        # log² d ≲ nt/√d, decided on the region (referee CW, CW-3: only the printed one had been decided)
        tropp = compare(rewrite(log_d**2), Rel.LESSSIM, rewrite(n * t_choice / sp.sqrt(d)), ADMISSIBLE, d=d)
        ev["corrected_denominator"] = {"exponent": r"\tfrac12 n^2t^2/(nd + \sqrt d\,nt/3)",
                                       "at_t": r"\tfrac12\log^2 d/(1 + \log d/(3\sqrt n))",
                                       "holds_on": tropp.holds_on, "undecided": bool(tropp.undecided)}
        corrected = ("all: the exponent (nt²/2d)/(1 + t/(3√d)) ≳ log² d on the whole region"
                     if tropp.holds_on == "all" and not tropp.undecided else
                     f"{'undecided' if tropp.undecided else tropp.holds_on}: log² d ≲ nt/√d decided on "
                     f"{tropp.holds_on} of the region")
        return with_readings(verified(
            "exact+numeric",
            f"the tail at t = {t_text} is ≤ e^{{−c log² d}} on the whole region (the exponent ≳ log² d beats "
            f"log(d+1)), Part 1's ≤_P level; tail ≤ {target} from d ≈ "
            + ", ".join(f"{v['first_d_with_tail_below_target']} ({k})" for k, v in cross.items()),
            regime=reg.regime(),
            **ev,
        ), {"the display as printed, denominator nd + t√d/3": "all",
            "Bernstein's denominator for the sum at level nt, nd + √d·nt/3 (Tropp, Thm 6.1.1)": corrected})
    level = (f"; it still tends to 0 where log d ≪ min(nt²/d, n²t/√d) ({weak.holds_on} of the region), which is not "
             "the probability 1 − e^{−c log² d} that ≤_P asks" if weak.holds_on != "none" else "")
    return refuted(
        "exact", f"the tail at t = {t_text} is not ≤ e^{{−c log² d}} (some c > 0) on the whole region{level}",
        regime=reg.regime(), witness=reg.witness, **ev
    )


def chi_tail_all(dv: int, nv: float, slack: mpmath.mpf) -> mpmath.mpf:
    """P(∃ j ≤ n: ‖x_j‖ > √d + slack), exact (χ²_d tail by the regularised incomplete gamma), 30 digits."""
    thr = (mpmath.sqrt(dv) + slack) ** 2
    one = mpmath.gammainc(mpmath.mpf(dv) / 2, thr / 2, mpmath.inf, regularized=True)
    return -mpmath.expm1(nv * mpmath.log1p(-one))


def check_sample_norms(statement: Statement, corrected: Statement, assumption: Statement) -> Verdict:
    r"""P16.1 x_j ~ N(0, I) (Assumption 1; the simulator's sample covariance is checked) and P16.3
    ‖x_j‖ ≤_P √d for all j ≤ n. Exactly, P(‖x‖ ≤ √d) → 1/2 (χ_d median ≈ √d), so P(all n) → 0: the literal
    statement fails. Corrected: ‖x_j‖ ≤ √d + log d for all j, with P(failure) ≤ n e^{−log²d/2} (Gaussian
    concentration), evaluated exactly at the corners; the measured max_j ‖x_j‖/√d → 1."""
    rows = {}
    slack_claim = sp.simplify(statement.rhs - sp.sqrt(d))
    slack_corr = sp.simplify(corrected.rhs - sp.sqrt(d))
    with mpmath.workdps(30):
        for c in CORNERS:
            nu_v = M.sizes(c, 64)["nu"]
            out = {}
            for dv in (64, 10**3, 10**6):
                nv = mpmath.mpf(dv) ** nu_v
                out[str(dv)] = {
                    "P_fail_claimed": mpmath.nstr(chi_tail_all(dv, nv, mpmath.mpf(float(slack_claim.subs(d, dv)))), 5),
                    "P_fail_corrected": mpmath.nstr(chi_tail_all(dv, nv, mpmath.mpf(float(slack_corr.subs(d, dv)))), 5),
                }
            rows[c] = out
    cov_err = []
    rng = np.random.default_rng([M.SEED, 16])
    Xs = rng.standard_normal((20000, 8))
    cov_err = float(np.max(np.abs(Xs.T @ Xs / 20000 - np.eye(8))))
    meas = {c: M.growth("x_norm_max_over_sqrt_d", c) for c in CORNERS}
    fails = [(c, dv) for c, o in rows.items() for dv, v in o.items() if mpmath.mpf(v["P_fail_claimed"]) > 0.5]
    corr_ok = all(mpmath.mpf(o["1000000"]["P_fail_corrected"]) < 1e-10 for o in rows.values())
    reg = decide_on_region(Statement(sp.sqrt(d) + log_d, r"\lesssim", sp.sqrt(d)))
    ev = dict(
        exact_failure_probabilities=rows,
        measured_max_norm_over_sqrt_d=meas,
        sample_covariance_max_error=cov_err,
        P16_1=f"{assumption.latex()}: Assumption 1 restated; sample covariance of 20000 draws within "
        f"{cov_err:.3f} of I",
        seed=M.SEED,
    )
    if fails:
        c, dv = fails[0]
        return refuted(
            "exact+simulation",
            f"P(some ‖x_j‖ > √d) = {rows[c][dv]['P_fail_claimed']} at {c}, d = {dv}: the "
            "bound without slack fails with probability → 1; √d + log d holds w.p. ≥ 1 − n e^{−log²d/2} "
            "and is ≲ √d on the whole region (read as ≲_P, the bound holds)",
            corrected=corrected if corr_ok else None,
            regime=_constant_fails_everywhere(reg.regime, f"all: √d + log d ≲ √d ({reg.verdict} on the region), "
                                              "with probability ≥ 1 − n e^{−log²d/2}: n polynomial in d "
                                              "(part1.size-reading; log n = O(d) suffices for a constant on √d)"
                                              if reg.verdict == "verified" else f"undecided: {reg.detail}"),
            witness={"corner": c, "d": dv, **rows[c][dv]},
            **ev,
        )
    return verified("exact", "the claimed bound holds with probability → 1 at every corner", regime=reg.regime, **ev)


@decides("=")
def check_sample_projection(law: Statement, statement: Statement, target: float = 1e-3) -> Verdict:
    r"""P16.2 ⟨μ, x⟩ ~ N(0, 1) (variance μᵀIμ = ‖μ‖² = 1, exact) and P16.4 max_j |⟨μ, x_j⟩| ≤_P log d.
    P(∃ j: |⟨μ,x_j⟩| > log d) = 1 − (1 − erfc(log d/√2))^n ≤ n e^{−log²d/2} = e^{ν log d − log²d/2} → 0 on the whole
    region (decided: d^ν e^{−log²d/2} = o(1)); crossover d with probability ≤ ``target`` at each corner (exact)."""
    if Rel.parse(statement.rel) not in (Rel.LE_P, Rel.LESSSIM_P, Rel.LE, Rel.LESSSIM):  # referee AX F7
        raise InputError(f"max_j |⟨μ, x_j⟩| is bounded from above here (≤_P, ≲_P), not {statement.latex()}")
    var_ok = sp.simplify(law.rhs - 1) == 0
    tail = n * sp.exp(-(statement.rhs**2) / 2)
    # ≤_P's level (Part 1 §2.5: probability 1 − e^{−c log² d}, some c > 0; referee AU F2: only → 0 had been decided):
    # the failure probability lies between n·P(|z| > r) ≥ n e^{−r²/2}·2φ-Mills/r and n e^{−r²/2}, so it is
    # ≤ e^{−c log² d} iff log² d ≲ r² (r the bound; n = d^ν polynomial); the weaker → 0 (n e^{−r²/2} = o(1)) is recorded
    reg = compare(rewrite(log_d**2), Rel.LESSSIM, rewrite(statement.rhs**2), ADMISSIBLE, d=d)
    weak = compare(rewrite(tail), Rel.LITTLE_O, sp.Integer(1), ADMISSIBLE, d=d)
    f = sp.lambdify(d, statement.rhs, "mpmath")
    cross = {}
    with mpmath.workdps(30):
        for c in CORNERS:
            nu_v = M.sizes(c, 64)["nu"]
            dd = 2

            def prob(dv, nu_v=nu_v):
                return -mpmath.expm1(
                    mpmath.mpf(dv) ** nu_v * mpmath.log1p(-mpmath.erfc(f(mpmath.mpf(dv)) / mpmath.sqrt(2)))
                )

            while prob(dd) > target and dd < 10**12:
                dd = int(dd * 1.1) + 1
            cross[c] = {"nu": nu_v, "smallest_d": dd, "probability_at_d64": mpmath.nstr(prob(64), 5)}
    meas = {c: M.growth("mu_x_max", c) for c in CORNERS}
    ev = dict(
        crossover_probability_below=target,
        crossover=cross,
        measured_max_abs_projection=meas,
        variance_exact=bool(var_ok),
        probability_vanishes=weak.holds_on,
    )
    bound = paper_latex(statement.rhs)
    if (undecided := if_undecided(reg, f"max_j |<mu, x_j>| <= {bound}", **ev)) is not None:
        return undecided
    if reg.holds_on == "all" and var_ok:
        return verified(
            "exact+numeric",
            f"⟨μ,x⟩ ~ N(0,1) exactly; max_j |⟨μ,x_j⟩| ≤ {bound} fails with probability ≤ n e^{{−({bound})²/2}} "
            f"≤ e^{{−c log² d}} on the whole region (Part 1's ≤_P level); probability ≤ {target:g} from d ≈ "
            + ", ".join(f"{v['smallest_d']} ({k})" for k, v in cross.items()),
            regime=reg.regime(),
            **ev,
        )
    level = (f"; it still tends to 0 on {weak.holds_on} of the region, which is not the probability "
             "1 − e^{−c log² d} that ≤_P asks" if weak.holds_on != "none" and var_ok else "")
    return refuted(
        "exact",
        f"max_j |⟨μ,x_j⟩| ≤ {bound} does not hold with probability 1 − e^{{−c log² d}} (some c > 0) on the whole "
        f"region{level}" + ("" if var_ok else "; the variance of ⟨μ, x⟩ is not 1"),
        # a wrong law fails at every point of the region, whatever the rate's regime says
        regime=reg.regime() if var_ok else dict(reg.regime(), holds_on="none", conditions=[], conditions_exact=[]),
        witness=reg.witness or {"variance_exact": bool(var_ok)},
        **ev,
    )


def chi_pdf(df: int) -> Callable[[float], float]:
    """r ↦ ``scipy.stats.chi(df).pdf(r)`` for one float r, bit for bit, about 100 times faster.

    The same NumPy and scipy.special operations on the same length-1 arrays as scipy's ``chi._logpdf`` and
    ``_pdf`` (exp(log 2 − ½ log 2 · df − lnΓ(df/2) + xlogy(df − 1, r) − r²/2), the constant part formed once), without
    the frozen distribution's per-call argument parsing, broadcasting and support masks, which cost ~0.5 ms a call
    — 22680 calls in :func:`_expected_norm_times_target`. Outside the support r ≥ 0 the density is 0 (NaN for NaN),
    as scipy's.
    tests/test_first_layer_speedups.py compares it with scipy's pdf."""
    from scipy import special as sc

    dfa = np.atleast_1d(np.asarray(df))
    const = np.log(2) - 0.5 * np.log(2) * dfa - sc.gammaln(0.5 * dfa)
    shape = dfa - 1.0

    def pdf(r: float) -> float:
        if r != r:  # NaN: scipy's bad value
            return math.nan
        if r < 0:  # outside the support
            return 0.0
        x = np.atleast_1d(np.asarray(r, dtype=float))
        return float(np.exp(const + sc.xlogy(shape, x) - 0.5 * x**2)[0])

    return pdf


@functools.cache
def _expected_norm_times_target(dd: int) -> float:
    """E[‖x‖ |σ_*(⟨μ,x⟩)|] for x ~ N(0, I_d): ‖x‖² = U² + R², R ~ χ_{d−1} independent of U (Gauss–Hermite in U,
    adaptive quadrature in R; the χ density by :func:`chi_pdf`, scipy's ``chi(d − 1).pdf`` bit for bit)."""
    from scipy import integrate

    target = M._target()
    nodes, weights = np.polynomial.hermite_e.hermegauss(120)
    weights = weights / math.sqrt(2 * math.pi)
    pdf = chi_pdf(dd - 1)
    inner = [
        integrate.quad(lambda r_, u=u: math.sqrt(u * u + r_ * r_) * pdf(r_), 0, 30, epsabs=1e-12)[0] for u in nodes
    ]
    return float(np.sum(weights * np.abs(target(nodes)) * np.array(inner)))


@decides("≲_P")  # referee EH, EH-10: ≍ and = o of the same sides had both been verified
@decides("≲_P", "≲", param="centred")  # decided as ≲ on the region; the probe's second argument (stop 55)
@decides("≤", param="triangle")  # compared on samples as ≤
def check_target_growth(statement: Statement, centred: Statement, triangle: Statement) -> Verdict:
    r"""P16.5 |σ_*(⟨μ,x_j⟩)| ≲_P log^q d (σ_* a degree-q polynomial, |⟨μ,x_j⟩| ≤ log d), P16.6 ‖ū_j‖ ≲_P √d log^q d,
    and D9.1 ‖ū_j‖ ≤ ‖x_j‖|σ_*(⟨μ,x_j⟩)| + E[‖x_j‖|σ_*|] (triangle inequality, |σ'| ≤ 1).

    P16.5: a degree-q polynomial at |u| ≤ log d is ≤ (Σ|c_k|) log^q d for log d ≥ 1 — decided as
    log^q d ≲ (claimed) on the region. P16.6: (√d + log d) log^q d + E-term ≲ (claimed), decided. D9.1 on
    samples: ‖u_j − E u‖ against the right side with E by 2-D quadrature (d = 16, 256 samples, 4 neurons).
    Measured max_j ‖x_j σ_*(⟨μ,x_j⟩)‖ at the corners is compared with √d log^q d (claimed order)."""
    r1 = decide_on_region(Statement(log_d**q, r"\lesssim", statement.rhs))
    r2 = decide_on_region(Statement((sp.sqrt(d) + log_d) * log_d**q + sp.sqrt(d), r"\lesssim", centred.rhs))
    # D9.1 numerically
    from theorycheck.first_layer import initialise, population_target_term

    target = M._target()
    rng = np.random.default_rng([M.SEED, 9])
    dd = 16
    W0, bb, _ = initialise(dd, 4, rng)
    mu = np.eye(dd)[0]
    g = population_target_term(W0, bb, mu, target, np.arange(4), step=0.2)
    X = rng.standard_normal((256, dd))
    E_term = _expected_norm_times_target(dd)
    worst = -math.inf
    for i in range(4):
        sp_ = 1 / np.cosh(X @ W0[:, i] + bb[i]) ** 2
        u = X * (target(X[:, 0]) * sp_)[:, None]
        lhs = np.linalg.norm(u - g[:, i], axis=1)
        rhs = np.linalg.norm(X, axis=1) * np.abs(target(X[:, 0])) + E_term
        mult = float(triangle.rhs.subs(sp.Symbol("R_tri"), 1)) if triangle.rhs.free_symbols else float(triangle.rhs)
        worst = max(worst, float(np.max(lhs - mult * rhs)))
    results = [
        _rel_result((2, "P16", 5), r1.verdict, r1.detail),
        _rel_result((2, "P16", 6), r2.verdict, r2.detail),
        _rel_result(
            (2, "D9", 1),
            "verified" if worst <= 1e-9 else "refuted",
            f"max over 1024 (sample, neuron) pairs of lhs − rhs = {worst:.3g} (≤ 0 required)",
            E_term=E_term,
        ),
    ]
    meas = measured_against("u_max", sp.sqrt(d) * log_d**q)
    ev = dict(
        relations_checked=results,
        measured_u_max=meas["rows"],
        regime_P16_6=r2.regime,
        reading="u_j with σ' (the proof writes σ; both are bounded by 1 in absolute value, so the bound is the same)",
    )
    kind = _combine(results)
    if kind == "refuted":
        bad = [r for r in results if r["verdict"] == "refuted"][0]
        regime = dict((r1 if bad["relation"][2] == 5 else r2).regime or {})
        why = ""
        if tuple(bad["relation"])[:2] == (2, "P16"):
            # the upper bound failing refutes nothing by itself (referee EI, EI-14); the lower bound does, at Part
            # 1's level: where the claimed R = o(log^q d) (the ≲ above fails there), one sample alone has
            # P(|σ_*(z)| > KR) ≥ P(|z| > C(KR)^{1/q}) = e^{−o(log²d)} (Mills), ≫ e^{−c log²d} for every K, c; with
            # probability → 1 only, max_j |⟨μ, x_j⟩| ≈ √(2ν log d) makes the order log^{q/2} d
            loose = (sp.sqrt(d) if bad["relation"][2] == 6 else sp.Integer(1)) * log_d ** (q / 2)
            side = centred if bad["relation"][2] == 6 else statement
            likely = decide_on_region(Statement(loose, r"\lesssim", side.rhs))
            why = ("; at Part 1's level of ≲_P a rate R = o(log^q d) fails by the lower bound: one sample has "
                   "P(|σ_*(⟨μ, x⟩)| > KR) ≥ e^{−o(log²d)} ≫ e^{−c log²d} (Mills' ratio; ‖x_j‖ ≍ √d w.p. → 1)")
            regime["readings"] = {
                "≲_P at Part 1's level (probability ≥ 1 − e^{−c log²d})": "none: " + why[2:],
                "with probability → 1 (max_j |⟨μ, x_j⟩| ≈ √(2ν log d): the order log^{q/2} d)":
                    regime_outcome(likely.regime or {}, "the order with probability → 1"),
            }
        return refuted(
            "exact+numeric",
            "; ".join(f"{tuple(r['relation'])}: {r['verdict']}" for r in results) + why,
            regime=regime,
            witness=bad,
            **ev,
        )
    if kind == "inconclusive":
        return inconclusive(
            "exact+numeric",
            "; ".join(f"{tuple(r['relation'])}: {r['verdict']}" for r in results),
            regime=r2.regime,
            **ev,
        )
    # the constants (referee AX F1): |σ_*| ≤ Σ|c_k| log^q d is attained at ≤_P's level, like ridge.measured-labels';
    # where both bounds are ≪ the claimed sides, C = 1 serves from some d on in every reading
    slack = [decide_on_region(Statement(log_d**q, r"\ll", statement.rhs)),
             decide_on_region(Statement(sp.sqrt(d) * log_d**q, r"\ll", centred.rhs))]
    if all(v.verdict == "verified" for v in slack):
        absolute = both = ("all: both bounds are ≪ the claimed sides on the whole region (decided), so C = 1 from "
                           "some d_0 on")
    else:
        absolute, both = polynomial_tail_readings()
    return verified(
        "exact+numeric",
        "P16.5, P16.6 hold on the whole region (every degree q checked); D9.1 holds on every sample",
        regime=dict(r2.regime or {}) | {"readings": constant_readings(absolute, both)},
        **ev,
    )


# =========================================================================== Stein: the law of ⟨μ, w_i^0⟩


@decides("=")
@decides("≲_P", param="statement")  # the claim's own statement (referee EH, EH-15: only `law` had been guarded)
def check_projection_law(law: Statement, statement: Statement, hypotheses: Sequence[str] = ()) -> Verdict:
    r"""P19.3 ⟨μ, w_i^0⟩ ~ N(0, 1/d) (variance μᵀ(I/d)μ = ‖μ‖²/d exactly) and P19.4 max_i |⟨μ,w_i^0⟩| ≲_P log d/√d.
    The maximum of p = d^{π_p} such Gaussians is ≈ √(2π_p log d/d): decided √(log d)/√d ≲ (claimed) on the region
    (the reading "with probability → 1"), and at Part 1's level of ≲_P (probability ≥ 1 − e^{−c log²d}, referee W):
    log d/√d ≲ (claimed) on the region, since P(∃ i: |⟨μ,w_i⟩| > KR) ≤ 2p e^{−K²R²d/2} ≤ e^{−c log²d} exactly when
    R²d ≳ log²d, while where R = o(log d/√d) one neuron alone exceeds KR with probability 2Φ̄(KR√d) = e^{−o(log²d)}.
    Measured max_i |⟨μ,w_i^0⟩| at the corners (fitted exponents, with their standard errors, in the detail)."""
    var_ok = sp.simplify(law.rhs - 1 / d) == 0
    reg = decide_on_region(Statement(sp.sqrt(log_d) / sp.sqrt(d), r"\lesssim", statement.rhs))
    paper_level = decide_on_region(Statement(log_d / sp.sqrt(d), r"\lesssim", statement.rhs))
    meas = measured_against("mu_w_max", statement.rhs)
    ev = dict(
        variance_exact=bool(var_ok), measured=meas["rows"], probability_to_one_regime=reg.regime,
        paper_level_regime=paper_level.regime, hypotheses=list(hypotheses)
    )
    if not var_ok:
        return refuted(
            "exact",
            "the variance of ⟨μ, w⟩ is ‖μ‖²/d = 1/d, not the claimed one",
            witness={"claimed_variance": str(law.rhs), "exact": "1/d"},
            **ev,
        )
    if reg.verdict != "verified":
        return refuted("exact+simulation", "even with probability → 1 only: " + reg.detail, regime=reg.regime,
                       witness=reg.evidence.get("witness"), **ev)
    if paper_level.verdict != "verified":
        return refuted(
            "exact+simulation",
            f"it holds with probability → 1 (max over p = d^{{π_p}} neurons ≍ √(log d/d) ≲ {paper_latex(statement.rhs)}"
            " on the whole region), but not at Part 1's level 1 − e^{−c log²d}: where the bound is o(log d/√d) one "
            "neuron alone exceeds K times it with probability e^{−o(log²d)}: " + paper_level.detail,
            regime=paper_level.regime,
            witness=paper_level.evidence.get("witness"),
            **ev,
        )
    if meas["failures"]:
        return refuted("exact+simulation",
                       f"measured growth exceeds the claimed order at {meas['failures'][0]['corner']}",
                       regime=reg.regime, witness=meas["failures"][0], **ev)
    return verified(
        "exact+simulation",
        f"⟨μ,w⟩ ~ N(0,1/d) exactly; max over p = d^{{π_p}} neurons ≍ √(log d/d), and log d/√d ≲ "
        f"{paper_latex(statement.rhs)} on the whole region, so the union bound gives it at Part 1's level "
        "(probability ≥ 1 − e^{−c log²d}); measured exponents "
        + ", ".join(f"{r['exponent']:.2f} ± {r['stderr']:.2f}" for r in meas["rows"])
        + " (consistent with √(log d/d), whose effective slope over these d is about −0.38; one initialisation per "
        "d, so the fits are noisy: the verdict rests on the exact law and the union bound)",
        regime=paper_level.regime,
        **ev,
    )


# =========================================================================== Lemma 4's proof lines


@ctx.workprec(100)
def _alpha_lines(bv: float) -> dict[str, arb]:
    """The four lines of display 16 at b ≥ 0, as arb enclosures (integrals on truncated ranges + tail bounds)."""
    from flint import acb

    B = acb(bv)
    pi2 = (2 * arb.pi()).sqrt()
    full = lambda t, analytic: 4 / ((t + B).exp() + (-t - B).exp()) ** 2 * (-(t * t) / 2).exp()  # noqa: E731
    tail = arb(0, arb(-98).exp().upper())
    line0 = (acb.integral(full, -14, 14).real + tail) / pi2
    line1 = (acb.integral(full, 0, 14).real + tail) / pi2
    low = lambda t, analytic: (-2 * (t + B)).exp() * (-(t * t) / 2).exp()  # noqa: E731
    line2 = (acb.integral(low, 0, 14).real + tail) / pi2
    c0 = (acb.integral(lambda t, analytic: (-(t * t) / 2 - 2 * t).exp(), 0, 14).real + tail) / pi2
    line3 = arb(-2 * bv).exp() * c0
    return {"alpha": line0, "half_line": line1, "lower_integrand": line2, "closed": line3}


@ctx.workprec(100)
def check_lemma4_lines(bs: Sequence[float] = (0.0, 0.5, 1.0, 2.0, 4.0, 8.0), claimed_factor: float = 1.0) -> Verdict:
    r"""D16.1–3 and P24.1–3: α_1^b ≥ (1/√2π)∫_0^∞ 4/(e^{x+b}+e^{−x−b})² e^{−x²/2} ≥ (1/√2π)∫_0^∞ e^{−2(x+b)}e^{−x²/2}
    = e^{−2b}(1/√2π)∫_0^∞ e^{−x²/2−2x}; the pointwise step 2/(e^y+e^{−y}) ≥ e^{−y} for y = x + b ≥ 0 (x ≥ 0 ≥ −b).
    Each line certified (arb) at several b ≥ 0; the last equality also symbolically. ``claimed_factor`` scales
    the last line (a perturbed constant)."""
    y = sp.Symbol("y", nonnegative=True)
    pointwise = Statement(2 / (sp.exp(y) + sp.exp(-y)), r"\geq", sp.exp(-y), variables=(y,))
    tt = sp.Symbol("t", positive=True)
    identity = sp.expand((2 * tt) ** 2 - (tt + 1 / tt) ** 2 - (tt - 1 / tt) * (3 * tt + 1 / tt)) == 0
    sym_eq = sp.simplify(sp.exp(-2 * (x + b)) * sp.exp(-(x**2) / 2) - sp.exp(-2 * b) * sp.exp(-(x**2) / 2 - 2 * x)) == 0
    rows, results = [], []
    bad = None
    for bv in bs:
        L = _alpha_lines(bv)
        last = L["closed"] * arb(str(claimed_factor))
        r = {"b": bv, **{k: str(v) for k, v in L.items()}}
        checks = {
            "D16.1": bool(L["alpha"] >= L["half_line"]) or L["alpha"].overlaps(L["half_line"]),
            "D16.2": bool(L["half_line"] >= L["lower_integrand"]) or L["half_line"].overlaps(L["lower_integrand"]),
            "D16.3": L["lower_integrand"].overlaps(last),
        }
        r.update(checks)
        rows.append(r)
        if not all(checks.values()) and bad is None:
            bad = r
    results.append(
        _rel_result(
            (2, "P24", 3),
            "verified" if identity else "refuted",
            "(2e^y)² − (e^y+e^{−y})² = (e^y − e^{−y})(3e^y + e^{−y}) ≥ 0 for y ≥ 0, so "
            f"{pointwise.latex()} (y = x + b ≥ 0)",
        )
    )
    results.append(_rel_result((2, "P24", 1), "verified", "hypothesis x ≥ 0 of the step (the integration range)"))
    results.append(_rel_result((2, "P24", 2), "verified", "hypothesis 0 ≥ −b (b ≥ 0 by parity, lemma4.parity)"))
    for key, name in (((2, "D16", 1), "D16.1"), ((2, "D16", 2), "D16.2"), ((2, "D16", 3), "D16.3")):
        ok = all(r[name] for r in rows) and (sym_eq if name == "D16.3" else True)
        results.append(_rel_result(key, "verified" if ok else "refuted", f"{name} at b ∈ {list(bs)} (arb)"))
    ev = dict(relations_checked=results, rows=rows, symbolic_last_equality=bool(sym_eq), tolerance="arb 100 bits")
    if bad is not None or _combine(results) == "refuted":
        return refuted("certified+symbolic", "a line of display 16 fails", witness=bad or results, **ev)
    return verified(
        "certified+symbolic",
        "each line of display 16 holds (certified at b ∈ "
        + ", ".join(map(str, bs))
        + "; the pointwise step and the last equality symbolically)",
        **ev,
    )


def bias_max_probability(dv: float, pv: float, eps_b_v: float) -> mpmath.mpf:
    """P(max_{i ≤ p} |b_i| > (ε_b/4) log d) for b_i ~ N(0,1) i.i.d., exactly."""
    tt = mpmath.mpf(eps_b_v) / 4 * mpmath.log(dv)
    return -mpmath.expm1(mpmath.mpf(pv) * mpmath.log1p(-mpmath.erfc(tt / mpmath.sqrt(2))))


@decides("≤_P")  # referee EH, EH-10: ≍ and = o of the same sides had both been verified
def check_bias_max(statement: Statement, target: float = 0.05) -> Verdict:
    r"""P26.4 |b_i| ≤_P (ε_b/4) log d for all i ≤ p = d^{π_p}.

    Asymptotically: the maximum is ≈ √(2π_p log d) ≪ log d (decided on the region), and
    P(failure) ≤ p·e^{−ε_b² log²d/32} = exp(−c log² d) with c → ε_b²/32 (the notation's probability level).
    Constants matter: the bound holds only once √(2π_p log d) < (ε_b/4) log d, i.e. log d > 32π_p/ε_b²
    (leading order; the corners have π_p = ε_p, and a wider network only moves the crossover out). The exact
    probability is computed at the corners (ε_b mid-window and ε_b = window/10) and the crossover d (probability
    ≤ ``target``) is solved for; it is unbounded over the region (ε_b → 0)."""
    # ≤_P's level (Part 1 §2.5, probability 1 − e^{−c log² d}; referee AW F1: only the maximum's order √log d ≲ r,
    # probability → 1, had been decided): P(failure) lies between p·P(|b| > r) and p e^{−r²/2}, with
    # P(|b| > r) ≥ e^{−r²/2(1 + o(1))}, so it is ≤ e^{−c log² d} iff log d ≲ r (p = d^{π_p} polynomial). The exponent
    # c = lim r²/(2 log² d) is taken by SymPy; the weaker level (√log d ≲ r) is recorded.
    reg = decide_on_region(Statement(log_d, r"\lesssim", statement.rhs))
    weak = decide_on_region(Statement(sp.sqrt(log_d), r"\lesssim", statement.rhs))
    try:  # a power of d with a parameter in it (d^{ε_p − 1} log d) has a limit SymPy cannot sign
        rate: sp.Expr | None = sp.limit(statement.rhs**2 / (2 * log_d**2), d, sp.oo)
    except (NotImplementedError, ValueError):
        rate = None
    f_rhs = sp.lambdify((eps_b, eps_p, d), statement.rhs, "mpmath")
    cross = {}
    with mpmath.workdps(30):
        for c in CORNERS:
            s = M.sizes(c, 64)
            for label, eb in (("mid-window", s["eps_b"]), ("window/10", s["eps_b"] / 5)):

                def prob(logd, eb=eb, s=s):
                    dv = mpmath.exp(logd)
                    tt = f_rhs(eb, s["eps_p"], dv)
                    return -mpmath.expm1(dv ** s["eps_p"] * mpmath.log1p(-mpmath.erfc(tt / mpmath.sqrt(2))))

                lo, hi = mpmath.mpf(1), mpmath.mpf(10)
                while reg.verdict == "verified" and prob(hi) > target and hi < 1e6:
                    hi *= 2
                if reg.verdict != "verified" or prob(hi) > target:  # no crossover: the claim fails (or none found)
                    cross[f"{c}, eps_b {label}"] = {"eps_p": s["eps_p"], "eps_b": eb, "log10_crossover_d": "none"}
                    continue
                lo, hi = bisect_predicate(lambda L: prob(L) > target, lo, hi, halvings=50)
                cross[f"{c}, eps_b {label}"] = {
                    "eps_p": s["eps_p"],
                    "eps_b": eb,
                    "log10_crossover_d": mpmath.nstr(hi / mpmath.log(10), 5),
                    "leading_order_log10_d": mpmath.nstr(32 * s["eps_p"] / eb**2 / mpmath.log(10), 5),
                    "probability_at_d_1e6": mpmath.nstr(prob(mpmath.log(10**6)), 5),
                    "probability_at_d_1e12": mpmath.nstr(prob(mpmath.log(10**12)), 5),
                }
    meas = measured_against("b_max", sp.sqrt(log_d))
    ev = dict(
        crossover=cross,
        target_probability=target,
        measured_max_bias=meas["rows"],
        measured_note="max_i |b_i| grows like √(2π_p log d) (measured at π_p = ε_p), below (ε_b/4) log d only past "
        "the crossover",
        failure_exponent_c=str(rate),
        probability_tends_to_one=weak.verdict,
    )
    bound = paper_latex(statement.rhs)
    c_text = ("a rate SymPy's limit does not give" if rate is None
              else sp.sstr(rate).replace("eps_b", "ε_b").replace("**2", "²"))
    if reg.verdict != "verified":
        level = ("; the maximum ≍ √(π_p log d) is still below it with probability → 1, but not with probability "
                 "1 − e^{−c log² d}, which ≤_P asks" if weak.verdict == "verified" else "")
        return refuted("exact", f"max_i |b_i| ≤ {bound} at ≤_P's level: {reg.detail}{level}", regime=reg.regime,
                       witness=reg.evidence.get("witness"), **ev)
    return verified(
        "exact+numeric",
        f"asymptotically true on the whole region (max_i|b_i| ≍ √(π_p log d) ≪ log d ≲ {bound}, failure "
        f"probability ≤ e^{{−({c_text} − o(1)) log² d}}), but only from a crossover d ≈ e^{{32π_p/ε_b²}} (at "
        "the corners, π_p = ε_p): 10^"
        + ", 10^".join(f"{v['log10_crossover_d']} ({k})" for k, v in list(cross.items())[:4])
        + " …; unbounded over the region as ε_b → 0 (at feasible d the bound fails with probability ≈ 1). "
        f"Its c = {c_text} depends on ε_b: it holds with 'some c > 0' (Part 1 §2.5's notation), not with the "
        "absolute c Theorem 1 states (referee AH, F6; thm1.probability)",
        # referee AX F2: the readings had been evidence, which the count of reading-qualified verdicts does not read
        regime=dict(reg.regime or {}) | {"readings": {
            "≤_P's c may depend on ε_b (some c > 0, Part 1 §2.5)": f"all: c = {c_text} − o(1)",
            "≤_P's c absolute (Theorem 1)": f"none: the union bound's rate {c_text} is exact (Mills' lower bound: one "
                                            "bias alone exceeds the bound that often), and it → 0 as ε_b → 0 inside "
                                            "the window, so no single c serves the region"}},
        **ev,
    )


#: the orders n of α_n^b whose uniform bound :func:`hermite_ratio_bound` is recorded (the sum of display (2, 26)
#: has q terms; every order has one, the polynomial structure proves it)
RATIO_ORDERS: tuple[int, ...] = tuple(range(1, 18))
#: biases b and orders n at which the bound is checked against α_n^b/α_1^b (theorycheck.hermite.alpha_tanh_fast)
RATIO_BIASES: tuple[float, ...] = (0.0, 0.5, 3.0, 10.0, 20.0, -3.0)
RATIO_CHECKED_ORDERS: tuple[int, ...] = (2, 3, 4, 5, 8)


def hermite_ratio_bound(n: int) -> Fraction:
    r"""K_n with |α_n^b| ≤ K_n α_1^b for every b (referee BY, BY1), exactly: α_n^b = E[σ^{(n)}(Z + b)]/n! and
    σ^{(n)} = P_n(tanh) with P_n = (1 − u²)P_{n−1}' (:func:`theorycheck.numerics.tanh_derivative_polynomial`), so
    |σ^{(n)}(x)| ≤ sech²(x)·max_{[−1,1]}|P_{n−1}'| ≤ sech²(x)·Σ_i |coefficient_i of P_{n−1}'|, and
    α_1^b = E[sech²(Z + b)]. K_n = that coefficient sum over n!. (As b → ∞, α_n^b/α_1^b → (−2)^{n−1}/n!.)"""
    from theorycheck.numerics import tanh_derivative_polynomial

    prev = tanh_derivative_polynomial(n - 1)
    derivative = [i * c for i, c in enumerate(prev)][1:] or [0]
    return Fraction(sum(abs(c) for c in derivative), math.factorial(n))


def check_leading_term(literal: Statement, dominance: Statement, dominance_alt: Statement,
                       repaired: Statement) -> Verdict:
    r"""P26.9 α*_1 ≠ 0 (Assumption 1, a hypothesis) and P26.10 "thus the term with j = 0 dominates the sum" of
    display (2, 26), Σ_j (j+1)² α_{j+1}^{b_i} α*_{j+1} ⟨μ, w_i^0⟩^j.

    Read literally (``literal``, referee BY, BY1): the rest over the j = 0 term is at most
    Σ_{j≥1} (j+1)² K_{j+1} |α*_{j+1}/α*_1| |⟨μ, w_i^0⟩|^j with |α_n^b| ≤ K_n α_1^b for every b
    (:func:`hermite_ratio_bound`, exact), so it is O(|⟨μ, w_i^0⟩|) = O(log d/√d) uniformly in b_i
    (stein.projection-law), which ≪ 1 on the whole region; α_1^{b_i} > 0 and α*_1 ≠ 0 are all it needs, with that
    uniform bound, which the paper does not state. The bound is checked against α_n^b/α_1^b from the definition at
    :data:`RATIO_BIASES`.

    The other reading, the justification as printed (``dominance``): α_1^{b_i} ≥ d^{−ε_b/2}/2 (from
    |b_i| ≤ (ε_b/4) log d and Lemma 4; printed d^{−ε_b}/2, ``dominance_alt``) against an absolute O(log d/√d) rest,
    holds only where ε_b < 1 (ε_b < 1/2 printed), and the window allows ε_b up to 3ε_n − ε_p/4 (referee AU, F1);
    with every |b_i| ≤ κ log d, κ = 1/8, at the notation's probability level it holds by α_1^{b_i} ≳ d^{−1/4}
    (``repaired``). Both are decided on the region and recorded as readings."""
    from theorycheck.hermite import alpha_tanh_fast

    lit = decide_on_region(literal, what="the rest over the j = 0 term, O(log d/√d) uniformly in b_i, is ≪ 1")
    r1, r2, r3 = (decide_on_region(st, what=f"j = 0 term dominates with α ≳ {paper_latex(st.rhs)}")
                  for st in (dominance, dominance_alt, repaired))
    coefficients = M._target().hermite_coefficients()
    alpha1_star = coefficients[1]
    bounds = {order: hermite_ratio_bound(order) for order in RATIO_ORDERS}
    checked, worst = [], 0.0
    for b_ in RATIO_BIASES:
        alphas = alpha_tanh_fast(max(RATIO_CHECKED_ORDERS), b_)  # float, ~1e-10 relative (trapezoid rule)
        for order in RATIO_CHECKED_ORDERS:
            ratio = float(alphas[order][0] / alphas[1][0])
            worst = max(worst, abs(ratio) / float(bounds[order]))
            checked.append({"b": b_, "n": order, "alpha_n_over_alpha_1": f"{ratio:.10g}",
                            "K_n": str(bounds[order]),
                            "limit_b_to_infinity": str(Fraction((-2) ** (order - 1), math.factorial(order)))})
    constant = (sum((j + 1) ** 2 * bounds[j + 1] * abs(coefficients[j + 1] / alpha1_star)
                    for j in range(1, len(coefficients) - 1)) if alpha1_star else None)
    results = [
        _rel_result(
            (2, "P26", 9),
            "verified" if alpha1_star != 0 else "refuted",
            f"Assumption 1 (information exponent 1) is a hypothesis; checked for the target the measurements use: "
            f"α*_1 = {alpha1_star} (exact Hermite coefficient)",
        ),
        _rel_result((2, "P26", 10), lit.verdict, lit.detail, regime=lit.regime, justification_regime=r1.regime,
                    other_reading_regime=r2.regime, repaired_regime=r3.regime),
    ]
    ev = dict(
        relations_checked=results,
        uniform_bound_K_n={str(order): str(k) for order, k in bounds.items()},
        uniform_bound_checked=checked,
        largest_checked_share_of_the_bound=f"{worst:.10g}",
        rest_over_j0_constant_for_the_measured_target=str(constant),
        regime_justification_as_printed=r1.regime,
        regime_other_reading=r2.regime,
        regime_repaired=r3.regime,
        repaired_detail=r3.detail,
        lemma4_constant="C = e² erfc(√2)/2 ≈ 0.168 (lemma4.lower-bound)",
    )
    if alpha1_star == 0:
        return refuted("exact", "α*_1 = 0 for the measured target", witness={"alpha1_star": str(alpha1_star)}, **ev)
    if worst > 1 + 1e-8:  # the float values' error is ~1e-10 relative; n = 2 meets its bound as b → ∞
        # the toolkit's own bound failing is no witness against the paper (referee BZ, BZ5)
        return inconclusive("exact+numeric", f"|α_n^b|/α_1^b exceeds the bound K_n at a checked b (share "
                             f"{worst:.6g}): the uniform bound is in doubt, the step is not decided", **ev)
    paper_bound, other_bound, repaired_bound = (paper_latex(st.rhs) for st in (dominance, dominance_alt, repaired))

    readings = {
        "literal: the rest of the sum over its j = 0 term → 0 (uniformly in b_i)":
            regime_outcome(lit.regime or {}, "O(log d/√d)"),
        f"the justification as printed: α_1^{{b_i}} ≳ {paper_bound} against an absolute O(log d/√d) rest":
            regime_outcome(r1.regime or {}, "the lower bound on α_1^{b_i} must beat log d/√d"),
        f"the same with the printed α_1^{{b_i}} ≳ {other_bound}": regime_outcome(r2.regime or {}, "likewise"),
        # Part 1's "probabilist Hermite coefficient" has three usual normalisations (referee CW, CW-2); the check's
        # K_n are E[σHe_n]/n!'s, and the others multiply α_n by n!/√n! or n!, a factor of n alone
        "α_n^b = E_z[σ(z + b)He_n(z)]/n! (the check's normalisation)": "all",
        "α_n^b = E_z[σ(z + b)He_n(z)]/√n! or unnormalised": "all: α_n^b and α*_n change by factors of n alone "
        "(√n!, n!), so |α_n^b| ≤ K_n'α_1^b with K_n' = K_n·(those factors) and the rest is O(log d/√d) for a "
        "finite-degree target",
    }
    if lit.verdict == "refuted":
        return refuted("exact", f"the rest over the j = 0 term is not ≪ 1: {lit.detail}", regime=lit.regime,
                       witness=lit.evidence.get("witness"), **ev)
    # the statement's left side stands for the rest's order: the bound proves O(|⟨μ, w⟩|) = O(log d/√d), so a left
    # side below that order is not what it proves (referee EI, EI-4: 1/d and 1/√d had been verified, the j = 1 term
    # 4α_2^bα*_2⟨μ, w⟩ being ≍ 1/√d for a neuron with constant probability)
    proved = decide_on_region(Statement(log_d / sp.sqrt(d), r"\lesssim", literal.lhs),
                              what="the proved order O(log d/√d) ≲ the statement's left side")
    ev["proved_order_within_the_statement"] = {"verdict": proved.verdict, "detail": proved.detail}
    if proved.verdict != "verified":
        return inconclusive("exact", f"the statement's left side {paper_latex(literal.lhs)} is below the order the "
                            "bound proves for the rest over the j = 0 term, O(|⟨μ, w_i⟩|) = O(log d/√d) uniformly in "
                            f"b_i ({proved.detail}): this check does not decide a faster rate", regime=lit.regime, **ev)
    if lit.verdict != "verified":
        return inconclusive("exact", f"the literal step is not decided on the whole region: {lit.detail}",
                            regime=lit.regime, **ev)
    justification = ("" if r1.verdict == "verified" else
                     f"; the justification as printed (α_1^{{b_i}} ≳ {paper_bound} against an absolute O(log d/√d) "
                     f"rest) works only where " + "; ".join(r1.regime.get("conditions") or ["nowhere"])
                     + (f" (α_1^{{b_i}} ≳ {repaired_bound}, every |b_i| ≤ (1/8) log d, works everywhere)"
                        if r3.verdict == "verified" else ""))
    return with_readings(verified(
        "exact+numeric",
        "the j = 0 term dominates the sum on the whole region: |α_n^b| ≤ K_n α_1^b for every b (exact: σ^{(n)} = "
        "sech²·P_{n−1}'(tanh); K_2.." + f"K_5 = {', '.join(str(bounds[order]) for order in range(2, 6))}; checked "
        f"against α_n^b/α_1^b at b = {', '.join(f'{b_:g}' for b_ in RATIO_BIASES)}: at most {worst:.4f} of the "
        "bound, which n = 2 meets as b → ∞), so the "
        "rest over the j = 0 term is O(|⟨μ, w_i^0⟩|) = O(log d/√d) uniformly in b_i (constant "
        f"{float(constant):.3g} for the measured target); the paper's “thus” (α_1^{{b_i}} > 0, α*_1 ≠ 0) needs "
        "that uniform bound, which it does not state" + justification,
        regime=lit.regime,
        **ev,
    ), readings)


# =========================================================================== the rank-one step


def check_init_norm(statement: Statement, corrected: Statement) -> Verdict:
    r"""P27.1 ‖w_i^0‖ ≤_P 1 (all i ≤ p). ‖w_i^0‖² ~ χ²_d/d: P(‖w‖ ≤ 1) → 1/2, so the literal bound fails for some
    neuron with probability → 1 (exact, by the χ² law); the corrected ‖w_i^0‖ ≤ 1 + log d/√d fails with
    probability ≤ p e^{−log²d/2} → 0 (exact at the corners). Harmless for the proof (only ‖w_i^0‖ = O(1) is used).
    Measured max_i ‖w_i^0‖ at the corners (→ 1)."""
    rows = {}
    with mpmath.workdps(30):
        for c in CORNERS:
            ep = M.sizes(c, 64)["eps_p"]
            out = {}
            for dv in (64, 10**4, 10**8):
                pv = max(2, math.ceil(dv**ep - 1e-9))  # an integer width (referee BY, BY8), as M.sizes draws it

                def fail(bound, dv=dv, pv=pv):
                    thr = mpmath.mpf(dv) * mpmath.mpf(bound) ** 2
                    one = mpmath.gammainc(mpmath.mpf(dv) / 2, thr / 2, mpmath.inf, regularized=True)
                    return -mpmath.expm1(pv * mpmath.log1p(-one))

                out[str(dv)] = {
                    "P_fail_claimed": mpmath.nstr(fail(float(statement.rhs.subs(d, dv))), 5),
                    "P_fail_corrected": mpmath.nstr(fail(float(corrected.rhs.subs(d, dv))), 5),
                }
            rows[c] = out
    meas = {c: M.growth("w0_norm_max", c) for c in CORNERS}
    reg = decide_on_region(Statement(corrected.rhs, r"\lesssim", sp.Integer(1)))
    fails = [(c, k) for c, o in rows.items() for k, v in o.items() if mpmath.mpf(v["P_fail_claimed"]) > 0.5]
    corr_ok = all(mpmath.mpf(o[str(10**8)]["P_fail_corrected"]) < 1e-6 for o in rows.values())
    ev = dict(exact_failure_probabilities=rows, measured_max_norm=meas)
    if fails:
        c, k = fails[0]
        return refuted(
            "exact+simulation",
            f"P(some ‖w_i^0‖ > {statement.rhs}) = {rows[c][k]['P_fail_claimed']} at {c}, "
            f"d = {k}; with slack log d/√d it holds w.h.p. and is ≲ 1 on the whole region (harmless; read as ≲_P, "
            "the bound holds)",
            corrected=corrected if corr_ok else None,
            regime=_constant_fails_everywhere(reg.regime, f"all: 1 + log d/√d ≲ 1 ({reg.verdict} on the region)"
                                              if reg.verdict == "verified" else f"undecided: {reg.detail}"),
            witness={"corner": c, "d": k, **rows[c][k]},
            **ev,
        )
    return verified("exact", "the bound holds w.h.p.", regime=reg.regime, **ev)


def check_step_scale(reading_half: Statement, reading_full: Statement, positivity: Statement) -> Verdict:
    r"""P27.2 η_W α_1^{b_i} α*_1 ≳_P α*_1 d^{(3ε_n−ε_b)/2} and P27.3 α*_1 d^{(3ε_n−ε_b)/2} > 0.

    With α_1^{b_i} ≥ d^{−ε_b/2}/2 (lemma4.bias-range) and η_W = d^{3ε_n/2}√p: decided on the region for both
    readings of the garbled fraction (α ≥ d^{−ε_b/2}/2: holds everywhere; α ≥ d^{−ε_b}/2: only for ε_b ≤ π_p,
    the √p of η_W).
    P27.3 fails when α*_1 < 0 (Assumption 1 allows either sign): witness α*_1 = −1; then the step moves w_i
    towards −μ (rank1.gradient-chain)."""
    r_half = decide_on_region(reading_half, what="η_W·d^{-ε_b/2}/2 ≳ d^{(3ε_n−ε_b)/2}")
    r_full = decide_on_region(reading_full, what="η_W·d^{-ε_b}/2 ≳ d^{(3ε_n−ε_b)/2}")
    at = {eps_n: sp.Rational(1, 5), eps_b: sp.Rational(1, 10), d: 100}
    neg = positivity.lhs.subs(alpha1_star, -1).subs(at)
    literal_ok = bool(sp.simplify(neg) > 0)
    # the reading "without loss of generality α*_1 > 0": (μ, σ_*) → (−μ, σ_*(−·)) leaves f_* (so the data, the
    # algorithm and Assumption 1) unchanged and maps α*_k to (−1)^k α*_k, since He_k(−t) = (−1)^k He_k(t)
    # (SymPy, k ≤ 16); the proof takes that sign when it concludes w_i^1 → +μ
    t = sp.Symbol("t")
    symmetric = all(sp.expand(sp.hermite_prob(k, -t) - (-1) ** k * sp.hermite_prob(k, t)) == 0 for k in range(17))
    a_pos = sp.Symbol("alpha1_pos", positive=True)
    wlog_sign = positivity.lhs.subs(alpha1_star, a_pos).subs({eps_n: sp.Symbol("e_n", positive=True),
                                                              eps_b: sp.Symbol("e_b", positive=True),
                                                              d: sp.Symbol("d_", positive=True)})
    wlog_ok = symmetric and bool(wlog_sign.is_positive) and positivity.rel.value == ">" and positivity.rhs == 0
    results = [
        _rel_result(
            (2, "P27", 2),
            r_half.verdict,
            "reading d^{−ε_b/2}/2: " + r_half.detail,
            regime=r_half.regime,
            other_reading_verdict=r_full.verdict,
            other_reading_regime=r_full.regime,
        ),
        _rel_result(
            (2, "P27", 3),
            "verified" if wlog_ok else "refuted",
            "reading 'α*_1 > 0 without loss of generality' ((μ, σ_*) → (−μ, σ_*(−·)) flips α*_1's sign and keeps f_*; "
            f"He_k(−t) = (−1)^k He_k(t) for k ≤ 16: {symmetric}): the left side is "
            f"{'positive' if wlog_sign.is_positive else 'not positive'} for every α*_1 > 0; read literally (α*_1 of "
            f"either sign) it is {float(neg):.4g} at α*_1 = −1 (ε_n = 1/5, ε_b = 1/10, d = 100)",
            witness={"alpha1_star": "any positive value", "left_side": str(wlog_sign)},
            literal_reading={"holds": literal_ok, "at_alpha1_star_minus_1": float(neg)},
        ),
    ]
    readings = {"bias bound d^{−ε_b/2}/2": r_half.regime["holds_on"],
                "bias bound d^{−ε_b}/2 (as printed)": r_full.regime["holds_on"],
                "α*_1 > 0 without loss of generality": "all" if wlog_ok else "none",
                "α*_1 of either sign (literal)": "all" if literal_ok else "none"}
    ev = dict(relations_checked=results, regime_other_reading=r_full.regime)
    with_readings_ = {"readings": readings}  # in the regime (referee AX F2), where the count reads them
    if _combine(results) == "refuted":
        bad = next(r for r in results if r["verdict"] == "refuted")
        return refuted(
            "exact",
            f"{tuple(bad['relation'])} fails: {bad['why']}",
            regime=dict(r_half.regime if bad["relation"] == [2, "P27", 3] else r_full.regime) | with_readings_,
            witness=bad.get("witness") or {"relation": bad["relation"]},
            **ev,
        )
    return verified(
        "exact+symbolic",
        "P27.2 holds on the whole region under the reading α_1^{b_i} ≥ d^{−ε_b/2}/2 (only where "
        + ", ".join(r_full.regime.get("conditions") or ["nowhere"]) + " under "
        "d^{−ε_b}/2); P27.3 holds under the reading 'α*_1 > 0 without loss of generality' ((μ, σ_*) → (−μ, σ_*(−·)) "
        "keeps f_* and flips α*_1, checked on the Hermite basis), which the proof uses when it concludes w_i^1 → μ; "
        f"read literally (either sign, as Assumption 1 allows) it fails at α*_1 = −1 ({float(neg):.3g})",
        regime=dict(r_half.regime) | with_readings_,
        **ev,
    )


def check_gradient_chain(
    absorb_remainder: Statement, absorb_T1: Statement, drop_w0: Statement, drop_w0_printed: Statement
) -> Verdict:
    r"""D18: ∇_{w_i}L = −a_{0,i}[α_1^{b_i}α*_1μ + O_P(√(d/n) log^{q+1} d)] ⇒ w_i^0 − η_W∇ = w_i^0 + η_W a_{0,1}[…]
    = η_W α α*μ + η_W O_P(√(d/n) log^{q+1} d).

    D18.1 absorbs (a) D17's remainder O_P(log d/√d) (decided: only where ν ≤ 2, i.e. n ≤ d²) and (b) Lemma 3's
    initial-output term (measured ≍ 1 at every corner, decided 1 ≲ √(d/n)log^{q+1}d: nowhere); the loss's
    factor 2 is also missing (rank1.gradient-formula). D18.2: a_{0,1} = a_{0,i} = p^{−1/2} (Algorithm 1's a_0 is
    constant, so the typo is harmless) and the sign (−η_W·(−a) = +η_W a) are checked symbolically. D18.3 drops
    a_{0,i} (a missing factor p^{−1/2}) and w_i^0: with the factor kept, ‖w_i^0‖ ≈ 1 is absorbed in
    η_W a_{0,i}·√(d/n)log^{q+1}d only where ν ≤ 1 + 3ε_n (the smallest n); the printed form (without a_{0,i})
    absorbs it only where ν ≤ 1 + 3ε_n + π_p (ν is unbounded above on the region; referee BT, D4: this text had said
    "everywhere", while the check decides "part")."""
    r_rem = decide_on_region(absorb_remainder, what="O(log d/√d) ⊂ O(√(d/n) log^{q+1} d)")
    r_T1 = decide_on_region(absorb_T1, what="initial-output term (measured ≍ 1) ⊂ O(√(d/n) log^{q+1} d)")
    meas = measured_against("T1_emp", absorb_T1.rhs)
    r_w0 = decide_on_region(drop_w0, what="‖w_i^0‖ ≲ η_W a_{0,i} √(d/n) log^{q+1} d")
    r_w0p = decide_on_region(drop_w0_printed, what="‖w_i^0‖ ≲ η_W √(d/n) log^{q+1} d (printed, a_{0,i} dropped)")
    a0i, a01 = 1 / sp.sqrt(p), 1 / sp.sqrt(p)  # Algorithm 1: a_0 = p^{-1/2}(1,…,1)
    Gsym, Esym, w0 = sp.symbols("G E w0")
    sign_ok = sp.simplify((w0 - eta_W * (-a0i * (Gsym + Esym))) - (w0 + eta_W * a01 * (Gsym + Esym))) == 0
    d18_1 = _combine([{"verdict": r_T1.verdict}, {"verdict": r_rem.verdict}])
    results = [
        _rel_result(
            (2, "D18", 1),
            d18_1,
            f"remainder: {r_rem.regime['holds_on']} of the region "
            f"({'; '.join(r_rem.regime['conditions'])}); initial-output term: measured exponents "
            + ", ".join(f"{r['corner']}: {r['exponent']:.2f}±{r['stderr']:.2f}" for r in meas["rows"])
            + f" vs claimed; decided {r_T1.regime['holds_on']}",
            regime_remainder=r_rem.regime,
            regime_T1=r_T1.regime,
        ),
        _rel_result(
            (2, "D18", 2),
            "verified" if sign_ok else "refuted",
            "a_{0,1} = a_{0,i} = p^{-1/2} under Algorithm 1; −η_W·(−a_{0,i}[…]) = +η_W a_{0,i}[…] (SymPy)",
        ),
        _rel_result(
            (2, "D18", 3),
            r_w0.verdict,
            "drops the factor a_{0,i} = p^{-1/2} and w_i^0: with the factor, w_i^0 is absorbed only where "
            + "; ".join(r_w0.regime["conditions"])
            + f" ({r_w0.regime['holds_on']}); printed form: "
            + r_w0p.regime["holds_on"],
            regime=r_w0.regime,
            regime_printed=r_w0p.regime,
        ),
    ]
    ev = dict(
        relations_checked=results,
        measured_initial_output=meas["rows"],
        note="the factor 2 of the square loss is missing in every line (rank1.gradient-formula)",
    )
    if _combine(results) == "refuted":
        return refuted(
            "exact+simulation",
            "D18.1 drops an O(1) term (measured) and absorbs O(log d/√d) only for n ≤ d²; "
            "D18.3 drops a_{0,i} and absorbs w_i^0 only at the smallest n",
            regime=r_T1.regime,
            witness={
                "initial_output": meas["rows"][0],
                "remainder_witness": r_rem.evidence.get("witness"),
                "w0_witness": r_w0.evidence.get("witness"),
            },
            **ev,
        )
    if _combine(results) == "inconclusive":
        return inconclusive(
            "exact+simulation",
            "; ".join(f"D18.{r['relation'][2]}: {r['verdict']}" for r in results),
            regime=r_T1.regime,
            **ev,
        )
    return verified("exact", "every line holds", regime=r_T1.regime, **ev)


#: ‖w_i^1 − v_i‖ at n = ∞ is at least what the normalised step keeps of w_i^0: with U = w_i^0 + η_W·2a_{0,i}(g − T_1)
#: and v_i ∥ g − T_1, ‖U/‖U‖ − v_i‖ ≥ sin∠(U, v_i) = ‖w_⊥^0‖/‖U‖ ≥ ‖w_⊥^0‖/(‖w_i^0‖ + η_W·2a_{0,i}‖g − T_1‖), where
#: η_W·2a_{0,i} = 2d^{3ε_n/2} (Assumption 4, a_0 = 1/√p), ‖w_⊥^0‖/‖w_i^0‖ → 1 and
#: ‖g − T_1‖ ≤ √E[y²] + √E[(f^0)²] = O_P(1) (Cauchy–Schwarz, |σ'| ≤ 1). So the floor is ≳ d^{−3ε_n/2}, whatever n:
#: a rate below it is false.
DIRECTION_FLOOR = d ** (-3 * eps_n / 2)
#: the floor with the bias in it (referee BY, BY2): ‖g − T_1‖ ∝ α_1^{b_i} (:func:`bias_floor_table`), so the floor
#: is d^{−3ε_n/2}/α_1^{b_i} ≤ 2d^{(ε_b − 3ε_n)/2} where |b_i| ≤ (ε_b/4) log d (lemma4.bias-range: α_1^b e^{2|b|} ≥
#: 0.6057 ≥ 1/2, stronger than Lemma 4's 0.168; probability 1 − e^{−ε_b² log² d/32}, ≤_P's level with c = ε_b²/32)
DIRECTION_FLOOR_BIASED = d ** ((eps_b - 3 * eps_n) / 2)


def without_logs(expr: sp.Expr) -> sp.Expr:
    """``expr`` with n and p written as powers of d and every logarithm set to 1, after expanding the logs of powers
    (log n = ν log d, log d² = 2 log d): what is left is its power of d, so ``1 ≪ without_logs(x)`` tests that x grows
    by a power of d (referee BZ, BZ1: "≫ log^{q+1} d" had let a floor with more logs through; referee CA, CA1: setting
    only log d to 1 had let log n, log p and log d² through)."""
    powers = sp.expand_log(in_powers_of_d(expr), force=True)
    return powers.replace(lambda e: isinstance(e, sp.log), lambda e: sp.Integer(1))


def with_biased_floor(rate: sp.Expr) -> sp.Expr:
    """``rate`` with its floor term d^{−3ε_n/2} replaced by :data:`DIRECTION_FLOOR_BIASED` (added when it has none):
    the correction :func:`corrected_direction_distance` offers."""
    terms = sp.Add.make_args(rate)
    kept = [t for t in terms if t != DIRECTION_FLOOR]
    return sp.Add(*kept, DIRECTION_FLOOR_BIASED)


#: biases β at which :func:`bias_floor_table` computes the population step ‖g − T_1‖ of one neuron (b_i set to β)
FLOOR_BIASES: tuple[float, ...] = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0)
#: the corner and dimensions of that computation, and the samples of its fourth moment E[(y − f^0)⁴]
FLOOR_CORNER, FLOOR_DS, FLOOR_SAMPLES = "small eps_n", (32, 64), 100_000
#: the constants c of ≤_P's level 1 − e^{−c log² d} at which the witness's growth is tabulated (|b_i| ≥ √c log d has
#: probability ≈ e^{−c log² d/2}, more than the level allows), and the dimensions
FLOOR_LEVELS: tuple[str, ...] = ("1/16", "1/256")
FLOOR_LOG10_DS: tuple[int, ...] = (8, 32, 128, 512, 2048, 8192)


def bias_floor_table(corner: str = FLOOR_CORNER, ds: Sequence[int] = FLOOR_DS,
                     biases: Sequence[float] = FLOOR_BIASES) -> dict[str, Any]:
    r"""How the n → ∞ floor of ‖w_i^1 − v_i‖ depends on the neuron's bias (referee BY, BY2). The floor is at least
    ‖w_⊥^0‖/(‖w_i^0‖ + 2d^{3ε_n/2}‖g − T_1‖) (:data:`DIRECTION_FLOOR`), and the step shrinks with |b_i|:

    ‖g − T_1‖ = sup_{‖e‖=1} E[(y − f^0)σ'(u)⟨x, e⟩] ≤ E[(y − f^0)⁴]^{1/4}·3^{1/4}·E[σ'(u)²]^{1/2} (Cauchy–Schwarz
    twice, E⟨x, e⟩⁴ = 3) and E[σ'(u)²] ≤ E sech²(‖w‖Z + β) ≤ 8e^{2‖w‖²}e^{−2|β|} (sech² s ≤ 4e^{−2|s|},
    |aZ + β| ≥ |β| − a|Z|, E e^{2a|Z|} ≤ 2e^{2a²}): ‖g − T_1‖ ≤ K e^{−|β|} with K = E[(y − f^0)⁴]^{1/4} 3^{1/4} √8
    e^{‖w‖²}. At the corner's seeded initialisation (neuron 0, its bias set to β), the population ‖g − T_1‖ (2-D
    quadratures, :mod:`theorycheck.first_layer`) is compared with that bound at each β (a relation the computation
    must satisfy) and with α_1^β (≍: the step is ∝ α_1^{b_i}); E[(y − f^0)⁴] (an O_P(1) quantity) is measured by
    Monte Carlo at each d, seeded."""
    from theorycheck.first_layer import initialise, population_initial_output, population_target_term
    from theorycheck.hermite import alpha_tanh_fast

    key = list(CORNERS).index(corner)
    target = M._target()
    rows, moments = [], []
    for dv in ds:
        sz = M.sizes(corner, dv)
        W0, b0, a0 = initialise(dv, sz["p"], np.random.default_rng([M.SEED, dv, key]))
        mu = np.zeros(dv)
        mu[0] = 1.0
        w = W0[:, 0]
        X = np.random.default_rng([M.SEED, dv, key, 7]).standard_normal((FLOOR_SAMPLES, dv))
        y = target(X[:, 0])
        pre = X @ W0  # the pre-activations without bias: only b_0 changes with β
        for beta in biases:
            b_ = b0.copy()
            b_[0] = beta
            T1 = population_initial_output(W0, b_, a0, [0], step=0.2)[:, 0]
            g = population_target_term(W0, b_, mu, target, [0], step=0.1)[:, 0]
            step = float(np.linalg.norm(g - T1))
            m4 = float(np.mean((y - np.tanh(pre + b_) @ a0) ** 4))
            moments.append(m4)
            bound = m4**0.25 * 3**0.25 * math.sqrt(8) * math.exp(float(w @ w)) * math.exp(-abs(beta))
            alpha1 = float(alpha_tanh_fast(1, beta)[1][0])
            v_dir = (g - T1) / step
            sine = float(np.linalg.norm(w - v_dir * (v_dir @ w)) / np.linalg.norm(w))
            rows.append({"d": dv, "beta": beta, "alpha_1": alpha1, "step_norm": step, "step_over_alpha_1":
                         step / alpha1, "cauchy_schwarz_bound": bound, "E(y-f0)^4": m4, "w_norm2": float(w @ w),
                         "sine_w_v": sine})
    return {"rows": rows, "bound_holds": all(r["step_norm"] <= r["cauchy_schwarz_bound"] for r in rows),
            "largest_fourth_moment": max(moments), "smallest_sine": min(r["sine_w_v"] for r in rows),
            "corner": corner, "seed": M.SEED, "samples": FLOOR_SAMPLES,
            "note": "E[(y − f^0)⁴] is O(1) with probability → 1 (at ≤_P's level 1 − e^{−c log² d} only O(log⁴ d): "
                    "subpolynomial, so the growth stands); the constants are this corner's (q = 3), one seed"}


def bias_floor_growth(rate: sp.Expr, point: dict[str, Any], fourth_moment: float,
                      sine: float = 1.0) -> list[dict[str, Any]]:
    r"""At a region point where the rate is not polynomially above d^{−3ε_n/2}: the floor's lower bound for a neuron
    with |b_i| = √c·log d, s/(1 + 2√2 d^{3ε_n/2}K d^{−√c}) (s = ‖w_⊥^0‖/‖w_i^0‖, a constant below 1, ``sine``;
    ‖w_i^0‖ ≥ 1/√2 and ‖w‖² ≤ 2, which fail with probability → 0; K of :func:`bias_floor_table`), over the rate, at
    d = 10^k (mpmath, 30 digits). Such a bias has probability ≈ e^{−c log² d/2}, more than ≤_P's e^{−c log² d}.
    Illustrative: the constants are measured at one corner, not at ``point``; the decision is the exponent's."""
    rate = in_powers_of_d(rate)  # n = d^ν, p = d^{π_p}
    subs = {sym: sp.Rational(str(point[str(sym)])) for sym in rate.free_symbols if str(sym) in point}
    rate_d = sp.lambdify(d, rate.subs(subs), "mpmath")
    k_const = mpmath.mpf(fourth_moment) ** 0.25 * mpmath.mpf(3) ** 0.25 * mpmath.sqrt(8) * mpmath.e**2
    en = mpmath.mpf(sp.Rational(str(point["eps_n"])))
    rows = []
    with mpmath.workdps(30):
        for c_ in FLOOR_LEVELS:
            kappa = mpmath.sqrt(mpmath.mpf(sp.Rational(c_)))
            for k10 in FLOOR_LOG10_DS:
                dv = mpmath.mpf(10) ** k10
                floor = sine / (1 + 2 * mpmath.sqrt(2) * dv ** (3 * en / 2) * k_const * dv ** (-kappa))
                rows.append({"c": c_, "log10_d": k10, "floor_at_least": mpmath.nstr(floor, 6),
                             "rate": mpmath.nstr(rate_d(dv), 6), "ratio": mpmath.nstr(floor / rate_d(dv), 6)})
    return rows


def corrected_direction_distance(statement: Statement) -> Verdict:
    r"""The corrected limit of display 19 (a consequence of lemma3.initial-output): w_i^1 = v_i + O_P(rate) with
    v_i = (g(w_i^0) − E[f^0σ'(⟨w_i^0,x⟩+b_i)x])/‖·‖, and ‖v_i − μ‖ ≍ 1.

    ‖w_i^1 − v_i‖ has two parts: the sampling error of the step (claimed √(d^{1+ε_b}/n)·log^{q+1} d) and, at n = ∞,
    the floor :data:`DIRECTION_FLOOR` ≍ d^{−3ε_n/2} that w_i^0 leaves (a lower bound, see there).

    * Refuted when the statement's rate does not cover the floor somewhere on the region (decided exactly; the
      witness point is where the rate falls below d^{−3ε_n/2}), provided the measurements confirm the bound's
      premises at every corner and d: the n → ∞ distance is at least ``pop_floor_bound`` (the per-neuron sine
      bound, an inequality the simulation must satisfy), and ‖g − T_1‖ (``pop_step_norm``) does not grow.
    * Otherwise inconclusive: the measured ‖w_i^1 − v_i‖ is compared with the rate at every corner, but a fit over
      d ≤ 128 cannot confirm a rate with log^{q+1} d (its allowance is about 1 in the exponent), and the sampling
      term rests on lemma3.gradient-concentration and lemma3.initial-output-centred (their own verdicts: the second
      is proved only where p ≲ d).

    Recorded too: ‖w_i^1 − μ‖ (display 19's μ-limit fails: flat in d) and ‖v_i − μ‖ (population, flat)."""
    dist_mu = measured_against("dist_mu", sp.sqrt(d / n) * log_d ** (q + 1))
    dist_v = measured_against("dist_corrected", statement.rhs)
    floor = {c: M.growth("pop_dist_corrected", c) for c in CORNERS}
    bound = {c: M.growth("pop_floor_bound", c) for c in CORNERS}
    step = measured_against("pop_step_norm", sp.Integer(1))
    bound_holds = all(
        f >= b * (1 - 1e-9) for c in CORNERS for f, b in zip(floor[c]["values"], bound[c]["values"])
    )
    premises = bound_holds and not step["failures"]
    covers = decide_on_region(
        Statement(DIRECTION_FLOOR, r"\lesssim", statement.rhs),
        what="the n → ∞ floor d^{−3ε_n/2} of ‖w_i^1 − v_i‖ ≲ the claimed rate",
    )
    pop = {c: M.growth("pop_dist_mu", c) for c in CORNERS}
    align = {c: M.growth("align", c) for c in CORNERS}
    printed = decide_on_region(
        Statement(sp.Integer(1), r"\lesssim", sp.sqrt(d / n) * log_d ** (q + 1)),
        what="‖w_i^1 − μ‖ (measured ≍ 1) ≲ √(d/n) log^{q+1} d",
    )
    ev = dict(
        distance_to_mu=dist_mu["rows"],
        distance_to_corrected=dist_v["rows"],
        floor_at_infinite_n=floor,
        floor_lower_bound=bound,
        floor_bound_holds=bound_holds,
        step_norm=step["rows"],
        population_distance=pop,
        alignment=align,
        regime_printed_mu=printed.regime,
    )
    # referee BY, BY2: the floor carries 1/‖g − T_1‖ ∝ 1/α_1^{b_i}, which grows like e^{2|b_i|}; at ≤_P's level a
    # bias |b_i| ≥ √c log d is not excluded (probability e^{−c log² d/2}), so the rate must beat d^{−3ε_n/2} by a power
    beats = decide_on_region(
        Statement(sp.Integer(1), r"\ll", without_logs(statement.rhs * d ** (3 * eps_n / 2))),
        what="the rate over d^{−3ε_n/2} grows like a power of d (above the floor a bias |b_i| ≍ √c log d leaves)",
    )
    bias = bias_floor_table()
    ev["bias_floor"] = bias
    ev["regime_rate_beats_the_bias_floor"] = beats.regime
    pop_min = min(min(g["values"]) for g in pop.values())
    smallest = min(min(g["values"]) for g in bound.values())
    biggest = max(max(g["values"]) for g in bound.values())
    largest_step = max(max(r["values"]) for r in step["rows"])
    if covers.verdict == "refuted" and premises:
        where = "; ".join(covers.regime["conditions"])
        return refuted(
            "exact+simulation",
            f"‖w_i^1 − v_i‖ ≥ ‖w_⊥^0‖/(‖w^0‖ + 2d^(3ε_n/2)‖g − T_1‖) ≍ d^(−3ε_n/2) whatever n (what the normalised "
            f"step keeps of w_i^0; at n = ∞ the distance is above this bound at every corner and d, and ‖g − T_1‖ ≤ "
            f"{largest_step:.2f} does not grow): the claimed rate covers it only where {where}; it fails at "
            f"{covers.regime['witness']['point']}",
            statement.perturb(rhs=with_biased_floor(statement.rhs)),
            witness=covers.regime["witness"],
            regime=covers.regime,
            **ev,
        )
    witness = beats.regime.get("witness") if beats.verdict == "refuted" else None
    growth = (bias_floor_growth(statement.rhs, witness["point"], bias["largest_fourth_moment"], bias["smallest_sine"])
              if witness and bias["bound_holds"] and premises else [])
    if growth:
        ev["witness_growth"] = growth
        where = "; ".join(beats.regime.get("conditions") or ["nowhere"])
        ratio_span = [r["step_over_alpha_1"] for r in bias["rows"]]
        last = [r for r in growth if r["c"] == FLOOR_LEVELS[-1]][-1]
        return refuted(
            "exact+simulation",
            "the floor of ‖w_i^1 − v_i‖ carries 1/‖g − T_1‖ ∝ 1/α_1^{b_i}, not a constant: ‖g − T_1‖ ≤ K e^{−|b_i|} "
            "(Cauchy–Schwarz; the population step over α_1^{b_i} stays within "
            f"{min(ratio_span):.2f}–{max(ratio_span):.2f} for b_i = {FLOOR_BIASES[0]:g}…{FLOOR_BIASES[-1]:g}), and at "
            "≤_P's level 1 − e^{−c log² d} a bias |b_i| ≥ √c log d (probability ≈ e^{−c log² d/2}) is not excluded, "
            "whatever c > 0; it lifts the floor to ≳ d^{√c − 3ε_n/2}, so the rate must exceed d^{−3ε_n/2} by a power "
            f"of d: only where {where}; at {witness['point']} the floor over the rate grows like d^√c/polylog d "
            f"(illustrative, with constants measured at the '{FLOOR_CORNER}' corner: {last['ratio']} at "
            f"d = 10^{last['log10_d']}, c = {last['c']}). With every neuron (max_i |b_i| ≍ "
            "√(2π_p log d)) it fails there too; a typical neuron (b_i = O_P(1), probability → 1) leaves the floor "
            "at d^{−3ε_n/2}, undecided. The floor is d^{−3ε_n/2}/α_1^{b_i} ≲ d^{(ε_b − 3ε_n)/2} where |b_i| ≤ (ε_b/4) "
            "log d (probability 1 − e^{−ε_b² log² d/32}, Lemma 4: ≤_P's level with c = ε_b²/32, a reading): corrected, "
            "not confirmed (it rests on ‖g − T_1‖ ≍ α_1^{b_i}, measured above, not proved, and its sampling term on "
            "lemma3.gradient-concentration and lemma3.initial-output-centred; proposed_correction, not a checked "
            "corrected statement: referee CO, MEDIUM-1)",
            regime={**beats.regime, "conditions_bound": AT_MOST, "readings": {
                "≤_P at Part 1's level (1 − e^{−c log² d}, some c > 0), one neuron":
                    f"part: fails where {where} does not hold (a bias ≥ √c log d is allowed); elsewhere undecided",
                "every neuron i ≤ p": f"part: fails where {where} does not hold (max_i |b_i| ≍ √(2π_p log d))",
                "a typical neuron, with probability → 1": "undecided: b_i = O_P(1) keeps the floor at d^{−3ε_n/2}; "
                                                           "the measured distances are consistent with the rate",
            }},
            witness={"point": witness["point"], "growth": [r for r in growth if r["c"] == FLOOR_LEVELS[-1]]},
            proposed_correction=statement.perturb(rhs=with_biased_floor(statement.rhs)).latex(),
            **ev,
        )
    if covers.verdict == "refuted":
        return inconclusive(
            "exact+simulation",
            "the claimed rate falls below d^(−3ε_n/2) on part of the region, but the measurements do not confirm "
            f"the floor's premises (bound holds: {bound_holds}; ‖g − T_1‖ growing at "
            f"{[r['corner'] for r in step['failures']]})",
            regime=covers.regime,
            **ev,
        )
    consistent = "consistent with" if not dist_v["failures"] else "above"
    return inconclusive(
        "simulation+exact",
        f"the rate covers the floor d^(−3ε_n/2) on the whole region (the n → ∞ distance is at least its sine bound, "
        f"{smallest:.2f} to {biggest:.2f}, at every corner and d); the measured ‖w_i^1 − v_i‖ is {consistent} the "
        "rate at every corner "
        "(fitted exponents "
        + ", ".join(f"{r['exponent']:.2f}±{r['stderr']:.2f}" for r in dist_v["rows"])
        + "), but fits over d ≤ 128 cannot confirm a rate with log^{q+1} d, and its sampling term rests on "
        "lemma3.gradient-concentration and lemma3.initial-output-centred (see their verdicts); v_i stays at "
        f"distance ≥ {pop_min:.2f} from μ (flat in d): "
        "w_i^1 = μ + O_P(1), not μ + o(1)",
        regime=covers.regime,
        **ev,
    )


def _simulated_networks(corners: Sequence[str], ds: Sequence[int], seed: int):
    """(corner, its index, d, n, p, W0, b, a0) for every corner and d: the network :func:`part2_rank1_measure.simulate`
    draws there (seeded [seed, d, corner index]), for the certificates that check their bounds against its runs."""
    from theorycheck.first_layer import initialise

    for c in corners:
        key = list(CORNERS).index(c)
        for dv in ds:
            sz = M.sizes(c, dv)
            W0, b, a0 = initialise(dv, sz["p"], np.random.default_rng([seed, dv, key]))
            yield c, key, dv, sz["n"], sz["p"], W0, b, a0


def _initial_output_certificate(claimed: sp.Expr, corners: Sequence[str] = tuple(CORNERS),
                                ds: Sequence[int] = M.MEASURE_DS, seed: int = M.SEED) -> dict[str, Any]:
    r"""A proof of ‖T_1 − E ξ‖ ≲_P √(d/n)(log d + √(p/d)), ξ = f^0(x)σ'(⟨w_i, x⟩ + b_i)x, at the paper's probability,
    checked against every simulated network (it could fail) and compared with ``claimed`` over the region.

    Given the initialisation: f^0 is L-Lipschitz with L = ‖W^0‖_op (∇f^0 = W^0(a_0 ∘ σ'), ‖a_0‖ = 1, |σ'| ≤ 1), so
    P(|f^0 − E f^0| > t) ≤ 2e^{−t²/(2L²)}, Var f^0 ≤ L² (Poincaré) and E(f^0 − Ef^0)⁴ ≤ 16L⁴. With m = |E f^0| (exact,
    :func:`proofs.part3_steps.tanh_moments`): E‖ξ‖² ≤ E[f²‖x‖²] = dEf² + 2E‖∇f‖² + 2E[fΔf] ≤ V = d(m² + L²) + 2L² +
    2‖Δf‖_∞√(m² + L²), ‖Δf‖_∞ ≤ √p (4√3/9) max_k‖w_k‖²; the weak variance sup_v E⟨v, ξ⟩² ≤ √3 √(E f⁴) ≤ σ_w² =
    √3 √(8(m⁴ + 16L⁴)). Truncate at |f − Ef| ≤ L log d, ‖x‖ ≤ 2√d (probability π of leaving it; on it ‖ξ‖ ≤
    M_0 = 2√d(m + L log d), centred ≤ M = 2M_0). Bousquet's inequality for Z = ‖Σζ_j‖ = sup_v Σ⟨v, ζ_j⟩ with
    EZ ≤ √(nV), s = log²d: with probability ≥ 1 − e^{−s} − nπ, ‖T_1 − Eξ‖ ≤ [√(nV) + √(2s(nσ_w² + 2M√(nV))) +
    Ms/3]/n + √(Vπ). Over the initialisation: m ≤ log d (Hoeffding: f^0's mean is p^{−1/2}Σ_k of i.i.d. centred
    terms in [−1, 1], b_k symmetric) and L ≤ 1 + √(p/d) + log d/√d (Gordon), each except with probability
    ≤ 2e^{−log²d/2}. So the rate is √(d/n)(log d + √(p/d)) plus terms of lower order, failing with probability
    e^{−(1/2 + o(1)) log²d} (SymPy limit, n and p polynomial in d: part1.size-reading)."""
    from .part2_first_layer import norm_beyond_twice_sqrt_d
    from .part3_steps import tanh_moments
    from .symbols import nu

    sigma2_sup = 4 * math.sqrt(3) / 9  # ‖σ''‖_∞ for σ = tanh (stein.sigma2-order)
    rows, worst = [], 0.0
    for c, _key, dv, n_, p_, W0, bias, a0 in _simulated_networks(corners, ds, seed):
        mean, _ = tanh_moments(np.linalg.norm(W0, axis=0), bias)
        m = abs(float(a0 @ mean))
        L = float(np.linalg.norm(W0, 2))
        lap = math.sqrt(p_) * sigma2_sup * float(np.max(np.sum(W0**2, axis=0)))
        V = dv * (m**2 + L**2) + 2 * L**2 + 2 * lap * math.sqrt(m**2 + L**2)
        sw2 = math.sqrt(3) * math.sqrt(8 * (m**4 + 16 * L**4))
        ld = math.log(dv)
        s_ = ld * ld
        Mc = 4 * math.sqrt(dv) * (m + L * ld)
        with mpmath.workdps(30):
            pi_out = float(2 * mpmath.exp(-s_ / 2) + norm_beyond_twice_sqrt_d(dv))
        bound = ((math.sqrt(n_ * V) + math.sqrt(2 * s_ * (n_ * sw2 + 2 * Mc * math.sqrt(n_ * V))) + Mc * s_ / 3)
                 / n_ + math.sqrt(V * pi_out))
        measured = float(M.simulate(c, dv, seed, True)["T1_dist_max"])  # the bound holds for every neuron
        worst = max(worst, measured / bound)
        rows.append({"corner": c, "d": dv, "n": n_, "p": p_, "m": m, "L": L, "V": V, "bound": bound,
                     "measured_max": measured})
    # each term of the bound with m ≤ log d, L ≲ 1 + √(p/d) (√(a + b) ≤ √a + √b): √(V/n) (its d- and Δf-parts), the
    # weak-variance term, the Bousquet cross term and M s/n
    root_p = sp.sqrt(p / d)
    ours = (sp.sqrt(d / n) * (log_d + root_p) + p ** sp.Rational(1, 4) * (sp.sqrt(log_d) + root_p ** sp.Rational(1, 2))
            / sp.sqrt(n) + log_d * (log_d + root_p) / sp.sqrt(n) + sp.sqrt(d) * log_d**3 * (1 + root_p) / n
            + log_d**2 * sp.sqrt(d) * (1 + root_p) / n ** sp.Rational(3, 4))
    rate = compare(in_powers_of_d(ours), "lesssim", in_powers_of_d(claimed), ADMISSIBLE, d=d)
    failure = (sp.exp(-log_d**2) + d**nu * (2 * sp.exp(-log_d**2 / 2) + sp.exp(-d / 2))
               + 3 * sp.exp(-log_d**2 / 2))
    exponent = sp.limit(sp.log(failure) / log_d**2, d, sp.oo)
    bias = sp.limit(sp.sqrt(d) * log_d * sp.exp(-log_d**2 / 4) / in_powers_of_d(claimed), d, sp.oo)
    return {"runs": rows, "largest_ratio": worst, "holds_at_every_run": worst <= 1.0, "rate": str(ours),
            "rate_holds_on": rate.holds_on, "rate_regime": rate.regime(), "failure_exponent": str(exponent),
            "bias_over_claimed": str(bias)}


#: Monte Carlo points for the premises of :func:`_initial_output_hoeffding` at each simulated network (fresh x, seeded)
PREMISE_POINTS = 5_000


def _initial_output_hoeffding(claimed: sp.Expr, corners: Sequence[str] = tuple(CORNERS),
                              ds: Sequence[int] = M.MEASURE_DS, seed: int = M.SEED) -> dict[str, Any]:
    r"""A proof of ‖T_1 − E ξ‖ ≲_P √(d/n) log d at every width p (ξ = f^0(x)σ'(⟨w_i, x⟩ + b_i)x), where
    :func:`_initial_output_certificate`'s Lipschitz bound (Var f^0 ≤ ‖W^0‖²_op ≈ p/d) is loose (referee AC, F3).

    For fixed x, f^0(x) = p^{−1/2} Σ_k tanh(⟨w_k, x⟩ + b_k) is a sum over the initialisation of independent terms in
    [−1, 1] with mean 0 ((w, b) → (−w, −b)), so P(|f^0(x)| > t) ≤ 2e^{−t²/2} (Hoeffding) for every x and p. With
    t = log d: E_{init}E_x[f⁴1{|f| > t}] ≤ 2t⁴e^{−t²/2} + 8(t² + 2)e^{−t²/2} and E_{init}P_x(|f| > t) ≤ 2e^{−t²/2},
    so (Markov over the initialisation) E_x f⁴ ≤ F_4 = t⁴ + 1 and P_x(|f| > t) ≤ e^{−t²/4}, and (a union over the
    samples) max_j |f^0(x_j)| ≤ t, except with probability ≤ (2t⁴ + 8t² + 16)e^{−t²/2} + 2e^{−t²/4} + 2ne^{−t²/2}.
    Then E‖ξ‖² ≤ V = √(F_4(d² + 2d)) and sup_v E⟨v, ξ⟩² ≤ σ_w² = √(3F_4) (Cauchy–Schwarz, |σ'| ≤ 1); truncated at
    |f| ≤ t, ‖x‖ ≤ 2√d, ‖ξ‖ ≤ M_0 = 2√d t, centred ≤ M = 2M_0, and Bousquet's inequality with s = log²d gives
    ‖T_1 − Eξ‖ ≤ [√(nV) + √(2s(nσ_w² + 2M√(nV))) + Ms/3]/n + √(Vπ), π = e^{−t²/4} + P(‖x‖ > 2√d), except with
    probability e^{−s} + nP(‖x‖ > 2√d) more. No factor depends on p.

    Checked (each could fail): at every simulated network, the premises E_x f⁴ ≤ F_4 and P_x(|f^0| > t) ≤ e^{−t²/4}
    (Monte Carlo over :data:`PREMISE_POINTS` fresh x) and the bound against the measured ‖T_1 − Eξ‖ (the largest over
    the measured neurons); the bound's rate against ``claimed`` on the whole region (``compare``); the failure
    probability's exponent in log²d and the truncation bias over ``claimed`` (SymPy limits, every ν)."""
    from theorycheck.first_layer import model_output

    from .part2_first_layer import norm_beyond_twice_sqrt_d
    from .symbols import nu

    rows, worst, premises_hold = [], 0.0, True
    for c, key, dv, n_, p_, W0, bias, a0 in _simulated_networks(corners, ds, seed):
        t = math.log(dv)
        f = model_output(W0, bias, a0, np.random.default_rng([seed, dv, key, 1]).standard_normal((PREMISE_POINTS, dv)))
        f4, tail = float(np.mean(f**4)), float(np.mean(np.abs(f) > t))
        F4 = t**4 + 1
        V = math.sqrt(F4 * (dv * dv + 2 * dv))
        sw2 = math.sqrt(3 * F4)
        s_ = t * t
        Mc = 4 * math.sqrt(dv) * t
        with mpmath.workdps(30):
            pi_out = float(mpmath.exp(-s_ / 4) + norm_beyond_twice_sqrt_d(dv))
        bound = ((math.sqrt(n_ * V) + math.sqrt(2 * s_ * (n_ * sw2 + 2 * Mc * math.sqrt(n_ * V))) + Mc * s_ / 3)
                 / n_ + math.sqrt(V * pi_out))
        measured = float(M.simulate(c, dv, seed, True)["T1_dist_max"])
        held = f4 <= F4 and tail <= math.exp(-s_ / 4)
        premises_hold = premises_hold and held
        worst = max(worst, measured / bound)
        rows.append({"corner": c, "d": dv, "n": n_, "p": p_, "E_x_f4": f4, "F4": F4, "P_x_tail": tail,
                     "tail_premise": math.exp(-s_ / 4), "premises_hold": held, "bound": bound,
                     "measured_max": measured})
    ours = (sp.sqrt(d / n) * log_d + log_d**2 / sp.sqrt(n) + sp.sqrt(d) * log_d**2 / n ** sp.Rational(3, 4)
            + sp.sqrt(d) * log_d**3 / n)
    rate = compare(in_powers_of_d(ours), "lesssim", in_powers_of_d(claimed), ADMISSIBLE, d=d)
    t_ = log_d
    failure = (sp.exp(-log_d**2) + (2 * t_**4 + 8 * t_**2 + 16) * sp.exp(-t_**2 / 2) + 2 * sp.exp(-t_**2 / 4)
               + d**nu * (2 * sp.exp(-t_**2 / 2) + sp.exp(-d / 2)))
    exponent = sp.limit(sp.log(failure) / log_d**2, d, sp.oo)
    bias = sp.limit(sp.sqrt(d) * log_d**2 * sp.exp(-t_**2 / 8) / in_powers_of_d(claimed), d, sp.oo)
    return {"runs": rows, "largest_ratio": worst, "holds_at_every_run": worst <= 1.0, "premises_hold": premises_hold,
            "premise_points": PREMISE_POINTS, "rate": str(ours), "rate_holds_on": rate.holds_on,
            "rate_regime": rate.regime(), "failure_exponent": str(exponent), "bias_over_claimed": str(bias)}


@decides("≲_P")  # referee EH, EH-10: ≍ and = o of the same sides had both been verified
@decides("≍", param="order_one")  # measured flat both ways (≍): another relation had been ignored (stop 55's probe)
def check_initial_output_centred(statement: Statement, order_one: Statement) -> Verdict:
    r"""The corrected Lemma 3 first bound (lemma3.initial-output is refuted): the initial-output term concentrates
    around its population value, ‖T_1 − E[f^0σ'(⟨w_i,x⟩+b_i)x]‖ ≲_P √(d/n) log d, while ‖E[f^0σ'x]‖ ≍ 1 (it does
    not vanish). Measured at every corner: ‖T_1 − T_1^pop‖ (exponent vs (1 − ν)/2 + logs) and ‖T_1^pop‖ (flat);
    the regime record decides the measured order √(d/n) against the corrected rate."""
    dist = measured_against("T1_dist", statement.rhs)
    pop = measured_against("T1_pop", order_one.rhs)
    reg = decide_on_region(Statement(sp.sqrt(d / n), r"\lesssim", statement.rhs))
    pop_min = min(min(r["values"]) for r in pop["rows"])
    ev = dict(distance_to_population=dist["rows"], population_norm=pop["rows"], population_min=pop_min)
    if dist["failures"]:
        f = dist["failures"][0]
        return refuted(
            "simulation",
            f"‖T_1 − T_1^pop‖ decays slower than claimed at {f['corner']}",
            witness=f,
            regime=reg.regime,
            **ev,
        )
    every_width = _initial_output_hoeffding(statement.rhs)
    ev["proof_every_width"] = every_width
    exponent = sp.Rational(every_width["failure_exponent"]) if every_width["failure_exponent"] not in ("nan", "oo",
                                                                                                        "-oo") else None
    if (pop_min > 0.1 and not pop["failures"] and every_width["holds_at_every_run"] and every_width["premises_hold"]
            and exponent is not None and exponent < 0 and every_width["bias_over_claimed"] == "0"
            and every_width["rate_holds_on"] == "all"):
        return verified(
            "simulation+symbolic",
            "proved at the paper's probability at every width p (Hoeffding over the initialisation for f^0(x) at each "
            "x, Markov for E_x f⁴ ≤ log⁴d + 1 and P_x(|f^0| > log d) ≤ e^{−log²d/4}, then Bousquet's inequality for "
            f"the norm; failure probability e^{{({exponent} + o(1)) log²d}}): the bound holds at every simulated "
            f"network (largest measured/bound {every_width['largest_ratio']:.3f}, its premises measured at each), its "
            f"rate {every_width['rate']} is within the claim on all of the region; ‖E[f^0σ'x]‖ ≥ {pop_min:.2f}, "
            "flat in d",
            regime=every_width["rate_regime"],
            # the correction of lemma3.initial-output, proved on its own (referee EA, EA-1): it does not rest on the
            # refuted display it replaces
            decided_without_premises="a proof of its own (Hoeffding, Markov, Bousquet), not lemma3.initial-output's "
            "Bernstein step, which it corrects",
            route_premises=["part1.size-reading"],
            **ev,
        )
    cert = _initial_output_certificate(statement.rhs)
    ev["proof"] = cert
    proved = (cert["holds_at_every_run"] and cert["failure_exponent"] == "-1/2" and cert["bias_over_claimed"] == "0")
    if pop_min > 0.1 and not pop["failures"] and proved and cert["rate_holds_on"] == "all":
        return verified(
            "simulation+symbolic",
            f"proved at the paper's probability (Bousquet's inequality for the norm, f^0 Lipschitz with ‖W^0‖_op): "
            f"the bound holds at every simulated network (largest measured/bound {cert['largest_ratio']:.3f}) and its "
            f"rate is within the claim on all of the region; ‖E[f^0σ'x]‖ ≥ {pop_min:.2f}, flat in d",
            regime=cert["rate_regime"],
            decided_without_premises="a proof of its own (Bousquet's inequality), not lemma3.initial-output's "
            "Bernstein step, which it corrects",
            route_premises=["part1.size-reading"],
            **ev,
        )
    if pop_min > 0.1 and not pop["failures"] and proved and cert["rate_holds_on"] == "part":
        where = cert["rate_regime"]["conditions"]  # compare lists only those the region does not imply
        regime = {k: v for k, v in cert["rate_regime"].items() if k != "witness"}
        regime["undecided"] = [r"\text{the rest of the region (where } \varepsilon_p > 1\text{): the proof's bound "
                               r"Var}\, f^0 \le \|W^0\|_{op}^2 \approx p/d \text{ is loose there}"]
        return inconclusive(
            "simulation+symbolic",
            f"‖E[f^0σ'x]‖ ≥ {pop_min:.2f}, flat in d at every corner (the term is O_P(1)); the concentration "
            "T_1 − E[f^0σ'x] = O_P(√(d/n) log d) is proved at the paper's probability where "
            + " and ".join(where)
            + f" (Bousquet's inequality for the norm, f^0 Lipschitz with ‖W^0‖_op ≈ 1 + √(p/d); the bound holds at "
            f"every simulated network, largest measured/bound {cert['largest_ratio']:.3f}, the measured value the "
            "largest over the measured neurons), i.e. where p ≲ d; beyond, the proof gives only √(p/n) + √(d/n) "
            "log d (its Var f^0 ≤ ‖W^0‖²_op ≈ p/d is loose), and the fits, consistent at every corner, are noisy (one "
            "network per d): undecided there",
            regime=regime,
            **ev,
        )
    tight = all(r["stderr"] < 0.15 for r in dist["rows"])
    if pop_min > 0.1 and not pop["failures"] and not tight:
        return inconclusive(
            "simulation",
            f"‖E[f^0σ'x]‖ ≥ {pop_min:.2f}, flat in d at every corner (the term is O_P(1)); the concentration "
            f"T_1 − E[f^0σ'x] = O_P({statement.rhs}) is consistent at every corner but the fits are noisy (one network "
            "per d): stderr up to " + f"{max(r['stderr'] for r in dist['rows']):.2f}",
            regime=reg.regime,
            **ev,
        )
    if pop_min > 0.1 and not pop["failures"]:
        fits = ", ".join(
            f"{r['corner']}: {r['exponent']:.2f}±{r['stderr']:.2f} vs {r['claimed_exponent']:.2f}" for r in dist["rows"]
        )
        return verified(
            "simulation+exact",
            f"T_1 = E[f^0σ'x] + O_P({statement.rhs}) at every corner (fitted exponents {fits}), and "
            f"‖E[f^0σ'x]‖ ≥ {pop_min:.2f}, flat in d: the term is O_P(1), not O_P(√(d/n) log d)",
            regime=reg.regime,
            **ev,
        )
    return inconclusive(
        "simulation", "the population term is not clearly of order 1 at every corner", regime=reg.regime, **ev
    )


def check_theorem2_input(statement: Statement) -> Verdict:
    r"""Consequence for Theorem 2: §3.4's construction uses w_i^1 = μ + o_P(1) for the noisy neurons. Decided with the
    measured orders: the noiseless part ‖v_i − μ‖ ≍ 1 (rank1.corrected-direction) — nowhere o(1); the noise part
    σ_W√d → 0 only on part of the region. So the input Theorem 2's rate O_P(1/log d) rests on holds nowhere in the
    region; where σ_W√d → 0 the neurons tend to v_i ≠ μ, elsewhere they are dominated by noise."""
    pop = {c: M.growth("pop_dist_mu", c) for c in CORNERS}
    r1 = decide_on_region(
        Statement(sp.Integer(1), statement.rel, statement.rhs), what="noiseless ‖v_i − μ‖ (measured ≍ 1) = o(1)"
    )
    sigma_w = SENS * log_d ** (q + 2) * PRIV
    r2 = decide_on_region(Statement(sigma_w * sp.sqrt(d), statement.rel, statement.rhs), what="σ_W√d = o(1)")
    ev = dict(population_distance=pop, regime_noise=r2.regime)
    pop_min = min(min(g["values"]) for g in pop.values())
    if r1.verdict == "refuted" and pop_min > 0.2:
        return refuted(
            "exact+simulation",
            f"‖w_i^1 − μ‖ ≥ ‖v_i − μ‖ − o(1) with ‖v_i − μ‖ ≥ {pop_min:.2f} at every corner (flat in d): holds "
            f"{r1.regime['holds_on']}; the noise vanishes only on {r2.regime['holds_on']} of the region ("
            + "; ".join(r2.regime["conditions"])
            + ")",
            regime=r1.regime,
            witness={"population_distance": pop_min, "region_witness": r1.evidence.get("witness")},
            **ev,
        )
    return inconclusive("exact+simulation", "the input of Theorem 2 is not contradicted", regime=r1.regime, **ev)


# =========================================================================== §3.2


#: the dimensions at which :func:`_clipped_reading` builds the clipped reading's flip at every corner
CLIPPED_FLIP_DS = (32, 64)


def _clipped_reading(statement: Statement, worst: Verdict | None = None) -> dict[str, Any]:
    r"""The other reading of Algorithm 1's g^C_W (referee AC): per-sample gradients clipped in Frobenius norm at
    C_W = 2√d log^q d (:data:`part1_setting.CLIP_W`, the clipped reading's constant; the repaired preset clips at
    2√d log d, the same power of d; the paper never defines C_W).

    Clipping bounds the move of the step u_i = w_i^0 − η_W∇L (by 2η_W C_W/n), not of the released column
    w_i^1 = u_i/‖u_i‖: the bound 4η_W C_W/(n‖u_i‖) is exact (measured ratio ≤ 1 on typical data) but ‖u_i(D)‖ is not
    bounded below over datasets, and Δ_2 (Definition 2) is a supremum over adjacent datasets. A dataset whose step
    is small (κw_i^0, κ > 0 as small as the clip needs, at every d) flips the column with every per-record gradient
    below C_W (:func:`M.clipped_flip`, built at every
    corner and d of :data:`CLIPPED_FLIP_DS`: a move of 2, W_1's at least that), so Δ_2 ≥ 2 under this reading too
    and the claimed bound is decided as 1 ≲ claimed (stop 60's referee: this reading had been decided with
    Δ_2 ≲ C_W√p/n, from the premise ‖u_i‖ ≳ η_W/√p measured on typical data). The typical-data bound is kept as
    evidence (``typical_data``): what the clip gives where the steps stay away from 0."""
    from .part1_setting import CLIP_W

    flips = [M.clipped_flip(c, dv) for c in CORNERS for dv in CLIPPED_FLIP_DS]
    flipped = all(abs(f["column_change"] - 2) < 1e-9 and f["largest_record_gradient_over_clip"] < 1 for f in flips)
    ratio = measured_against("clipped_over_bound_max", sp.Integer(1))
    exact_ok = all(max(r["values"]) <= 1 + 1e-9 for r in ratio["rows"])
    premise = [M.growth("step_norm_min", c) for c in CORNERS]
    premise_ok = all(g["exponent"] > -max(5 * g["stderr"], 0.15) for g in premise)
    typical = decide_on_region(Statement(CLIP_W * sp.sqrt(p) / n, r"\lesssim", statement.rhs),
                               what="clipped reading on typical data: C_W√p/n ≲ the claimed Δ_2")
    if worst is None:  # check_sensitivity passes its own decision of 1 ≲ claimed (the same statement)
        worst = decide_on_region(Statement(sp.Integer(1), r"\lesssim", statement.rhs),
                                 what="clipped reading: Δ_2 ≥ 2 (a flip) ≲ the claimed Δ_2")
    regime = (worst if flipped else typical).regime or {}
    where = ("on the whole region" if regime.get("holds_on") == "all" else "nowhere" if regime.get("holds_on") ==
             "none" else "only where " + ", ".join(regime.get("conditions", [])))
    smallest = min(f["column_change"] for f in flips)
    summary = (
        "read as clipped at C_W = 2√d log^q d (the clipped reading's constant), the clip bounds the move of the step "
        "u_i (≤ 2η_W C_W/n) but not of w_i^1 = u_i/‖u_i‖: n copies of the record (w_i^0/‖w_i^0‖, y), y tuned so that "
        "u_i(D) = κw_i^0, and the last label changed so that u_i(D') = −κw_i^0, flip column i with every per-record "
        f"gradient below C_W (nothing clipped; a move of {smallest:.12g} at every corner and d = "
        f"{', '.join(map(str, CLIPPED_FLIP_DS))}), so Δ_2 ≥ 2 under this reading too and the claimed bound holds "
        f"{where} (κ > 0 can be taken as small as the clip needs at every d; at the simulable d the clip's own bound "
        "4η_W C_W/(n‖u_i‖) exceeds 2 on these datasets, so the builds check the construction, not a size); that bound "
        "gives C_W√p/n only on data whose steps stay ≳ η_W/√p (measured on typical data), not over the adjacent "
        "datasets Definition 2 takes"
        if flipped else "the clipped reading's flip did not build (a bug): its construction fails at a run")
    return {"summary": summary if exact_ok else "the clipped reading's exact bound fails at a run (a bug)",
            "flips": flips, "flipped_at_every_corner": flipped, "regime": regime,
            "clip_constant": "C_W = 2√d log^q d",
            "typical_data": {"exact_bound_ratio": ratio["rows"], "premise_step_norm_min": premise,
                             "premise_holds": premise_ok, "regime": typical.regime,
                             "measured_clipped_change": measured_against("delta_adversarial_clipped",
                                                                         statement.rhs)["rows"]}}


def check_sensitivity(statement: Statement, corrected: Statement) -> Verdict:
    r"""P34.1 Δ_2 ≲_P √(d^{1+ε_b}/n) log^{q+1} d (Δ_2 of the map D ↦ w_i^1, Definition 2: a sup over adjacent D, D').

    Measured from neighbouring datasets at every corner: a typical neighbour (one sample redrawn) moves w_i^1
    by ≈ √d/n (well inside the claim), but a record (R v, σ_*(⟨μ,Rv⟩)) with v ⊥ w_i^0, μ, R = ±10⁶ — a valid
    record of the model — moves it by ≍ 1, flat in d. Since w_i^1 is a unit vector, Δ_2 ≤ 2 exactly; so Δ_2 ≍ 1
    (per column; 2√p-scale for W_1), and the claimed bound → 0: decided 1 ≲ claimed: nowhere in the region.
    Sensitivity is a supremum, not a probability statement: "≲_P" does not apply."""
    adv = measured_against("delta_adversarial", statement.rhs)
    # the exact limit R → ±∞ of a record (R v, σ_*(0)) with v ⊥ w_i^0, μ, u_i(D): √2 at every run whose record's
    # limit residual is not 0, so Δ_2 ≥ √2 at every d — a construction, not a fit (referee DB, DB-8)
    limit = measured_against("delta_adversarial_limit", statement.rhs)
    limit_min = min(min(r["values"]) for r in limit["rows"])
    finite = measured_against("delta_adversarial_finite", statement.rhs)  # the real update at R = ±10¹⁰ (DF-8)
    finite_min = min(min(r["values"]) for r in finite["rows"])
    typ = measured_against("delta_typical", statement.rhs)
    reg = decide_on_region(
        Statement(sp.Integer(1), r"\lesssim", statement.rhs),
        what="Δ_2 (≍ 1: measured, ≤ 2 exactly) ≲ √(d^{1+ε_b}/n) log^{q+1} d",
    )
    lows = {r["corner"]: min(r["values"]) for r in adv["rows"]}
    corr_ok = float(corrected.rhs) >= 2 and min(lows.values()) > 0.5
    clipped = _clipped_reading(statement, reg)
    ev = dict(
        adversarial_neighbour=adv["rows"],
        adversarial_limit=limit["rows"],
        adversarial_at_R_1e10=finite["rows"],
        typical_neighbour=typ["rows"],
        upper_bound="‖u − u'‖ ≤ 2 for unit vectors",
        seed=M.SEED,
        neighbour="the last sample replaced by (R v, σ_*(⟨μ, R v⟩)), v ⊥ w_i^0, μ, R = ±1e6",
        clipped_reading=clipped,
    )
    worst = min(lows, key=lows.get)
    if reg.verdict == "refuted":
        return refuted(
            "simulation+exact",
            (f"Δ_2 ≥ √2 at every d: a record (R v, σ_*(0)) with v ⊥ w_i^0, μ and the column u_i(D) moves w_i^1 to ±v "
             f"as R → ±∞, by √2 (the limit computed exactly at every corner and d: smallest {limit_min:.15g}; the "
             f"update itself at R = ±10¹⁰ along the same v: smallest {finite_min:.10g}); "
             if limit_min > math.sqrt(2) - 1e-9 else "")
            + f"neighbouring datasets with R = ±10⁶ move w_i^1 by ≥ {min(lows.values()):.2f} at every "
            "corner and d (flat in d), while the claimed sensitivity → 0; Δ_2 ≍ 1 (≤ 2 exactly), reading Algorithm 1's "
            "g^C_W as g_W (C_W is never defined); " + clipped["summary"],
            corrected=corrected if corr_ok else None,
            regime=reg.regime,
            witness={
                "corner": worst,
                "min_adversarial_change": lows[worst],
                "region_witness": reg.evidence.get("witness"),
            },
            **ev,
        )
    return inconclusive("simulation", "the measured sensitivity does not contradict the claim", regime=reg.regime, **ev)


@decides("<", "≤")  # as written for d large (compare's literal reading; EH-19: ≤ had been decided as <)
def check_log_slack(statement: Statement) -> Verdict:
    r"""P34.2 √(d^{1+ε_b}/n) log^{q+1} d < √(d^{1+ε_b}/n) log^{q+2} d "for d large enough": the ratio is
    log^{q+1}/log^{q+2} = 1/log d, so it holds exactly for d > e (and the ≲_P of P34.1 with a hidden constant C
    needs log d > C). Decided on the region as written, for d large (:func:`theorycheck.asymptotics.compare`'s
    literal reading: a constant ratio exactly, lhs ≪ rhs proves it, a failing ≲ refutes it — referee EJ, EJ-5: a
    right side (1 + 10⁻¹⁰)× the left had been refuted for having the same log power), and the threshold solved."""
    reg = decide_on_region(statement)
    ratio = sp.simplify(statement.lhs / statement.rhs)
    at_q = ratio.subs(q, 3)
    sol = within_seconds(lambda: sp.solve(sp.Eq(at_q, 1), d), 20) or []
    thr = [float(s_) for s_ in sol if s_.is_real]
    ev = dict(ratio=paper_latex(ratio), threshold_d=thr, threshold_at="q = 3" if ratio.has(q) else "every q")
    if reg.verdict == "verified":
        where = (f"; lhs/rhs = 1 at d = {thr[0]:.6g}" + (" (at q = 3)" if ratio.has(q) else "") if thr else "")
        return verified("exact", f"lhs/rhs = {paper_latex(ratio)}: the left side is below the right side for d large "
                        f"on the whole region{where}", regime=reg.regime, **ev)
    if reg.verdict == "refuted":
        return refuted("exact", f"the left side is not eventually below the right side: {reg.detail}",
                       regime=reg.regime, witness=reg.evidence.get("witness") or {"ratio": paper_latex(ratio)}, **ev)
    return inconclusive("exact", f"lhs/rhs = {paper_latex(ratio)}: {reg.detail}", regime=reg.regime, **ev)


def check_noise_sufficient(statement: Statement, needed: Statement, needed_matrix: Statement) -> Verdict:
    r"""D21.1 σ_W = √(d^{1+ε_b}/n) log^{q+2} d·√(2log(1.25/δ))/ε suffices for Theorem 5 (σ ≥ cΔ_2/ε, c² > 2log(1.25/δ),
    ε < 1), where the released object is W_1 (§3.2's title, Theorem 2), while Definition 2 speaks of values in R^d
    (one column). One replaced record can move every column, so Δ_2(W_1) = (Σ_i Δ_i²)^{1/2} lies between one
    column's Δ_2 (≍ 1 measured, sens.delta2) and 2√p (unit columns).

    * Necessary: σ_W ≳ √(2log(1.25/δ))/ε (``needed``, from Δ_2(W_1) ≥ Δ_2 ≍ 1); decided on the region. Failing
      it refutes the claim under either reading.
    * Sufficient for W_1: σ_W > 2√p·√(2log(1.25/δ))/ε (``needed_matrix``, Theorem 5's, for ε < 1); holding on the
      whole region verifies it. The corrected statement is σ_W ≥ 2√p·√(8 log(1/δ))/ε (the same order), private
      on all of Assumption 3 by the GDP certificate (Theorem 5's c fails at ε = 4.99, δ = ½: referee U).
    * Otherwise inconclusive (between the two: whether Δ_2(W_1) reaches √p is not measured here).

    Recorded: under the paper's own Δ_2 bound per column (a refuted premise) the noise would cover one column (the
    extra log d makes c > √(2log(1.25/δ)) for d > e^C), but the bound it gives for W_1, √p times that, nowhere
    (short by √p/log d = d^{ε_p/2}/log d)."""
    from .part1_setting import _gdp_certificate

    paper_column = sp.sqrt(d ** (1 + eps_b) / n) * log_d ** (q + 1)
    # the corrected statement, proved private on all of Assumption 3 (GDP certificate, μ = Δ_2(W_1)/σ_W)
    corrected = ST["sigmaW.corrected"]
    certificate = _gdp_certificate(2 * sp.sqrt(p) / corrected.rhs)
    necessary = decide_on_region(Statement(needed.rhs, r"\lesssim", statement.rhs),
                                 what="σ needed for Δ_2 ≍ 1 ≲ σ_W")
    sufficient = decide_on_region(Statement(needed_matrix.rhs, r"\lesssim", statement.rhs),
                                  what="σ sufficient for Δ_2(W_1) ≤ 2√p ≲ σ_W")
    given = decide_on_region(Statement(needed.rhs * paper_column, r"\lesssim", statement.rhs),
                             what="σ needed for the paper's Δ_2 (one column) ≲ σ_W")
    given_matrix = decide_on_region(Statement(needed.rhs * sp.sqrt(p) * paper_column, r"\lesssim", statement.rhs),
                                    what="σ for W_1 with √p times the paper's Δ_2 per column ≲ σ_W")
    # the other reading of g^C_W (referee AC): clipped at C_W = 2√d log^q d, a column still flips (Δ_2 ≥ 2:
    # sens.delta2's clipped reading), so the noise Δ_2 ≍ 1 needs is needed under it too (stop 60's referee: it had
    # been decided with Δ_2(W_1) ≲ C_W√p/n, a bound on typical data only)
    clipped = necessary
    ev = dict(needed=needed.latex(), sufficient_for_W1=needed_matrix.latex(),
              regime_necessary=necessary.regime, regime_sufficient_for_W1=sufficient.regime,
              regime_with_paper_delta=given.regime, regime_with_paper_delta_for_W1=given_matrix.regime,
              regime_clipped_reading=clipped.regime)
    c_reg = clipped.regime or {}
    clip_text = "; " + M.clipped_noise_phrase(c_reg) if c_reg else ""
    paper = (f"under the paper's Δ_2 bound per column it would cover one column ({given.regime['holds_on']}) but "
             f"not the bound √p times that it gives for W_1 ({given_matrix.regime['holds_on']}: short by √p/log d)")
    if necessary.verdict == "refuted":
        return refuted(
            "exact",
            "with Δ_2 ≍ 1 per column (sens.delta2), and Δ_2(W_1) at least that, the Gaussian mechanism needs "
            f"σ_W ≳ √(2log(1.25/δ))/ε, which the chosen σ_W → 0 is not (holds: {necessary.regime['holds_on']}); "
            f"W_1 released whole needs up to 2√p times that (Δ_2(W_1) ≤ 2√p); {paper}" + clip_text,
            regime=necessary.regime,
            witness=necessary.evidence.get("witness"),
            corrected=corrected if certificate["proved"] else None,
            corrected_certificate=certificate,
            **ev,
        )
    if sufficient.verdict == "verified":
        # the order is right; the constant must make it private too (referee V: a tenth of the noise has the same
        # order): the GDP certificate for μ = 2√p/σ_W, or, where μ still has d in it, μ/ε → 0 as d → ∞ for every δ
        mu = sp.simplify(2 * sp.sqrt(p) / statement.rhs)
        if d in mu.free_symbols:
            vanishing = sp.limit(sp.simplify(mu / eps), d, sp.oo) == 0
            own = {"mu": str(mu), "mu_over_eps_as_d_to_infinity_is_0": vanishing, "proved": vanishing}
        else:
            own = _gdp_certificate(mu)
        ev["own_certificate"] = own
        if own["proved"]:
            return verified("exact", "the noise covers W_1's Δ_2 ≤ 2√p on the whole region (each column's too), "
                            "and its constant makes it private on all of Assumption 3 (GDP certificate"
                            + (", for d large" if d in mu.free_symbols else "") + ")", regime=sufficient.regime, **ev)
        return inconclusive("exact", "the noise has the order W_1's Δ_2 ≤ 2√p needs on the whole region, but its "
                            f"constant is not shown to make it private on all of Assumption 3 (μ = {own['mu']})",
                            regime=sufficient.regime, **ev)
    return inconclusive(
        "exact",
        f"the noise covers one column's Δ_2 ≍ 1 ({necessary.regime['holds_on']}) but not W_1's bound 2√p "
        f"({sufficient.regime['holds_on']}); whether Δ_2(W_1) reaches √p is not measured here",
        regime=sufficient.regime,
        **ev,
    )


def privacy_factor_path(dv: mpmath.mpf) -> dict[str, mpmath.mpf]:
    """A point of Assumption 3 at dimension d with log(1.25/δ)/ε² ≫ log² d: log(1/δ) = K/log²d, ε = 4K/log²d,
    K = log log d (ε < 8log(1/δ) and ε/√log(1/δ) = 4√K/log d = ω(1/log d))."""
    L = mpmath.log(dv)
    K = mpmath.log(L)
    logdelta = K / L**2
    e_ = 4 * K / L**2
    return {
        "d": dv,
        "log_1_over_delta": logdelta,
        "delta": mpmath.exp(-logdelta),
        "eps": e_,
        "eps_over_sqrt_log": e_ / mpmath.sqrt(logdelta),
        "one_over_log_d": 1 / L,
        "factor": mpmath.sqrt(2 * (mpmath.log(mpmath.mpf(5) / 4) + logdelta)) / e_,
        "log_d": L,
    }


@decides("<")  # the "<" family only (referee EL, EL-14: ">", "=", "≤" had been given "<"'s verdict and text)
def check_noise_level_bound(statement: Statement) -> Verdict:
    r"""D21.2 σ_W = √(d^{1+ε_b}/n)log^{q+2}d·√(2log(1.25/δ))/ε < √(d^{1+ε_b}/n)log^{q+3}d ⇔ √(2log(1.25/δ))/ε < log d.

    (i) Decided on :data:`ADMISSIBLE` (log(1.25/δ)/ε² = d^r log^ρ d, r ≤ 0, ρ < 4): it holds only where r < 0 or
    ρ ≤ 2. (ii) For fixed (ε, δ) it holds only from d* = exp(√(2log(1.25/δ))/ε) (table). (iii) Assumption 3
    constrains log(1/δ)/ε², not log(1.25/δ)/ε² = (log(1/δ) + log 1.25)/ε²: along δ → 1 (log(1/δ) = K/log²d,
    ε = 4K/log²d, K = log log d: every condition of Assumption 3 holds) the factor is ≈ 0.17 log²d/log log d ≫ log d
    (exact values at d = 1e8 … 1e512), the witness path behind the region's ρ up to 4."""
    reg = decide_on_region(Statement(statement.lhs, r"\lesssim", statement.rhs))
    ratio = sp.simplify(statement.lhs / statement.rhs)
    f = sp.lambdify((d, eps, delta, q), ratio, "mpmath")
    table = {}
    with mpmath.workdps(30):
        for e_, dl in ((1.0, 1e-5), (0.5, 1e-5), (0.1, 1e-5), (1.0, 1e-12), (4.0, 0.5), (0.05, 1e-9)):
            fac = mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / mpmath.mpf(dl))) / e_
            table[f"eps={e_}, delta={dl}"] = {
                "factor": mpmath.nstr(fac, 6),
                "log10_d_star": mpmath.nstr(fac / mpmath.log(10), 6),
                "ratio_at_d_1e6": mpmath.nstr(f(mpmath.mpf(10**6), e_, dl, 3), 6),
            }
        path = {}
        for k in (8, 32, 128, 512):
            pt = privacy_factor_path(mpmath.mpf(10) ** k)
            path[f"1e{k}"] = {kk: mpmath.nstr(v, 6) for kk, v in pt.items() if kk != "d"}
            path[f"1e{k}"]["ratio"] = mpmath.nstr(f(mpmath.mpf(10) ** k, pt["eps"], pt["delta"], 3), 6)
    fails_path = all(mpmath.mpf(v["ratio"]) > 1 for v in path.values())
    ev = dict(
        fixed_budget_crossover=table,
        assumption3_path=path,
        regime_on_ADMISSIBLE=reg.regime,
        condition=r"\sqrt{2\log(1.25/\delta)}/\varepsilon < \log d",
    )
    regime = {
        "region": "Assumption 3, full (ε, δ) range (log(1.25/δ)/ε² unrestricted by the region's ρ < 2)",
        "holds_on": "part",
        "conditions": [r"\frac{\log(1.25/\delta)}{\varepsilon^2} < \frac{\log^2 d}{2}"],
        "conditions_exact": ["log(1.25/delta)/eps**2 < log(d)**2/2"],
        "witness": {
            "point": {k: path["1e32"][k] for k in ("delta", "eps", "log_1_over_delta")},
            "d": "1e32",
            "ratio": path["1e32"]["ratio"],
        },
    }
    if reg.verdict == "verified" and fails_path:
        return refuted(
            "exact+numeric",
            "holds on the region where log(1.25/δ)/ε² = d^r log^ρ d with ρ < 2 (decided) and, "
            "for fixed (ε, δ), only from d* = e^{√(2log(1.25/δ))/ε} (1e21 at ε = 0.1, δ = 1e-5); it fails "
            "for all large d along δ → 1 with ε = 4 log(1/δ) (Assumption 3 holds there): ratio "
            + ", ".join(f"{v['ratio']} at d = {k}" for k, v in path.items()),
            regime=regime,
            witness=regime["witness"],
            **ev,
        )
    if reg.verdict == "verified":
        return verified("exact", "holds on the region and along the δ → 1 path", regime=reg.regime, **ev)
    path_text = ", ".join(f"{v['ratio']} at d = {k}" for k, v in path.items())
    # the printed strict < with its constant: lhs/rhs = c·(log(1.25/δ)/ε²)^{1/2}/log d with c = √2 ≥ 1, so where the
    # orders tie (r = 0, ρ = 2) it fails, as under ≪; read as ≲ (a hidden constant) the tie holds (referee BP, F2: the
    # regime had been the ≲ reading's alone, "holds at ρ = 2")
    lead = sp.simplify(ratio * eps * log_d / sp.sqrt(sp.log(sp.Rational(5, 4) / delta)))
    regime_out = reg.regime
    if lead.is_number and bool(lead >= 1):
        strict = decide_on_region(Statement(statement.lhs, "ll", statement.rhs))

        def where(v: Verdict) -> str:
            said = v.regime["holds_on"]
            return said + (": holds where " + "; ".join(v.regime["conditions_exact"])
                           if said == "part" and v.regime.get("conditions_exact") else "")

        constant = sp.pretty(lead, use_unicode=True)
        regime_out = dict(strict.regime, readings={
            f"< as printed, its constant {constant} ≥ 1 included (where the orders tie it fails)": where(strict),
            "< read as ≲ (a hidden constant: where the orders tie it holds)": where(reg)})
    return refuted(
        "exact+numeric",
        "holds only where log(1.25/δ)/ε² ≲ log² d (r < 0, or r = 0 and ρ < 2; at ρ = 2 the hidden constant decides: "
        "with log(1.25/δ)/ε² = K log² d the strict < holds iff K < 1/2 (referee DB, DB-4), and read as ≲ it holds); "
        "Assumption 3, which bounds log(1/δ)/ε², not log(1.25/δ)/ε², allows up "
        "to o(log⁴ d) only as δ → 1 (the region's ρ < 4): for δ bounded away from 1 it holds for d large. Along "
        "log(1/δ) = K/log²d, ε = 4K/log²d, K = log log d the "
        f"ratio lhs/rhs is {path_text}; for fixed (ε, δ) it holds only from d* = e^(√(2log(1.25/δ))/ε) "
        "(≈ 1e21 at ε = 0.1, δ = 1e-5). Region witness: " + reg.detail.split("fails at")[-1].strip(),
        regime=regime_out,
        witness=reg.evidence.get("witness"),
        **ev,
    )


def check_final(statement: Statement, noise_l2: Statement, noise_linf: Statement) -> Verdict:
    r"""D22.1 w_i^1 = μ + O_P(√(d^{1+ε_b}/n) log^{q+1} d [1 + log²d √log(1.25/δ)/ε]) — the top of §3.1–§3.2's chain.

    Three parts: (i) the noiseless step: ‖w_i^1 − μ‖ measured ≍ 1 at every corner (rank1.corrected-direction),
    decided 1 ≲ claimed: nowhere; (ii) the noise σ_W N(0, I_d) has ℓ2 norm ≍ σ_W√d (exact χ_d law), not σ_W log d:
    decided σ_W√d ≲ claimed: nowhere; per coordinate (ℓ∞) it is ≍ σ_W√(log d) ≲ claimed (everywhere);
    (iii) consequence: the noisy neuron is dominated by noise unless σ_W√d → 0, i.e. where
    n ≫ d^{2+ε_b} log^{2q+4} d·log(1.25/δ)/ε² (decided on the region: only part)."""
    r_noise = decide_on_region(noise_l2, what="‖σ_W ξ‖_2 ≍ σ_W √d ≲ claimed")
    r_linf = decide_on_region(noise_linf, what="‖σ_W ξ‖_∞ ≍ σ_W √(log d) ≲ claimed")
    r_noiseless = decide_on_region(
        Statement(sp.Integer(1), r"\lesssim", statement.rhs), what="noiseless ‖w_i^1 − μ‖ (measured ≍ 1) ≲ claimed"
    )
    sigma_W_32 = sp.sqrt(d ** (1 + eps_b) / n) * log_d ** (q + 2) * sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta)) / eps
    r_vanish = decide_on_region(Statement(sigma_W_32 * sp.sqrt(d), "= o", sp.Integer(1)), what="noise norm σ_W√d → 0")
    dist = measured_against("dist_mu", statement.rhs)
    ev = dict(
        noiseless_distance=dist["rows"],
        regime_noise_l2=r_noise.regime,
        regime_noise_linf=r_linf.regime,
        regime_noiseless=r_noiseless.regime,
        regime_noise_vanishes=r_vanish.regime,
        chi_law="E‖ξ‖² = d for ξ ~ N(0, I_d); ‖ξ‖ = √d(1 + O_P(log d/√d))",
    )
    if r_noiseless.verdict == "refuted" or r_noise.verdict == "refuted":
        return refuted(
            "exact+simulation",
            "w_i^1 does not tend to μ: the noiseless step stays at distance ≍ 1 "
            f"(measured at every corner; {r_noiseless.regime['holds_on']}), and the noise's ℓ2 norm σ_W√d "
            f"exceeds the claimed term by √d/log d ({r_noise.regime['holds_on']}; the per-coordinate "
            f"reading holds: {r_linf.regime['holds_on']}); σ_W√d → 0 only where "
            + "; ".join(r_vanish.regime["conditions"])
            + f" ({r_vanish.regime['holds_on']})",
            regime=r_noiseless.regime,
            witness={"noiseless": dist["rows"][0], "noise_witness": r_noise.evidence.get("witness")},
            **ev,
        )
    return verified("exact+simulation", "holds", regime=r_noiseless.regime, **ev)


# =========================================================================== statements

SQ = sp.sqrt(d / n)
RATE = SQ * log_d ** (q + 1)
SENS = SENS_32
PRIV = PRIV_32
ALPHA_HALF = d ** (-eps_b / 2) / 2
ALPHA_FULL = d ** (-eps_b) / 2

ST = {
    "z.term": Statement(
        sp.Symbol("a_sigma"), r"\leq", 1 / sp.sqrt(p), lhs_latex=r"\|a_{0, k} \sigma(\langle w^0_k, x_j \rangle + b)\|"
    ),
    "z.bound": Statement(Z_ABS, r"\leq", sp.Integer(1), lhs_latex=r"\|z_j\|"),
    "z.corrected": Statement(Z_ABS, r"\leq", sp.sqrt(p), lhs_latex=r"\|z_j\|"),
    "zx": Statement(sp.Symbol("zx"), r"\leq_\P", sp.sqrt(d), lhs_latex=r"\|z_j x_j\|"),
    # Hoeffding over the initialisation given x_j (z_j: p independent centred terms in [−p^{−1/2}, p^{−1/2}]) and
    # ‖x_j‖ ≤ √d + log d, with a union bound over the n samples (referee I; the earlier √p(√d + log d) is loose)
    "zx.corrected": Statement(sp.Symbol("zx"), r"\leq_\P", log_d * (sp.sqrt(d) + log_d), lhs_latex=r"\|z_j x_j\|"),
    "v.trace": Statement(sp.Symbol("v"), r"\leq", S_V, lhs_latex="v"),
    "v.nd": Statement(S_V, r"\leq", n * d, lhs_latex=r"\sum_{j = 1}^n \E[z_j^2 \|x_j\|^2]"),
    "v.corrected": Statement(S_V, r"\leq", n * d * p, lhs_latex=r"\sum_{j = 1}^n \E[z_j^2 \|x_j\|^2]"),
    "tail": Statement(sp.Symbol("t"), "=", T_CHOICE, lhs_latex="t"),
    "xnorm": Statement(sp.Symbol("xn"), r"\leq_\P", sp.sqrt(d), lhs_latex=r"\max_j \|x_j\|"),
    "xnorm.corrected": Statement(sp.Symbol("xn"), r"\leq_\P", sp.sqrt(d) + log_d, lhs_latex=r"\max_j \|x_j\|"),
    "x.law": Statement(sp.Symbol("Cov_x"), "=", sp.Integer(1), lhs_latex=r"x_j \sim \N(0, \id)"),
    "mux.law": Statement(sp.Symbol("Var_mux"), "=", sp.Integer(1), lhs_latex=r"\mathrm{Var}\langle \mu, x \rangle"),
    "mux.max": Statement(sp.Symbol("mux"), r"\leq_\P", log_d, lhs_latex=r"\max_j |\langle \mu, x_j \rangle|"),
    "target": Statement(
        sp.Symbol("s_star"), r"\lesssim_\P", log_d**q, lhs_latex=r"\max_j |\sigma_*(\langle \mu, x_j \rangle)|"
    ),
    "ubar": Statement(sp.Symbol("ubar"), r"\lesssim_\P", sp.sqrt(d) * log_d**q, lhs_latex=r"\max_j \|\overline{u_j}\|"),
    "triangle": Statement(
        sp.Symbol("ubar"),
        r"\leq",
        sp.Integer(1),
        lhs_latex=r"\|\overline{u_j}\| / (\|x_j\| |\sigma_*| + \E[\|x_j\| |\sigma_*|])",
    ),
    "muw.law": Statement(sp.Symbol("Var_muw"), "=", 1 / d, lhs_latex=r"\mathrm{Var}\langle \mu, w^0_i \rangle"),
    "muw.max": Statement(
        sp.Symbol("muw"), r"\lesssim_\P", log_d / sp.sqrt(d), lhs_latex=r"\max_i |\langle \mu, w^0_i \rangle|"
    ),
    "bias.max": Statement(sp.Symbol("bmax"), r"\leq_\P", eps_b / 4 * log_d, lhs_latex=r"\max_{i \leq p} |b_i|"),
    "dominance.literal": Statement(
        log_d / sp.sqrt(d), r"\ll", sp.Integer(1), name="the j = 0 term dominates the sum (rest/j0 = O(log d/√d))",
        lhs_latex=r"\sup_{b}\frac{|\sum_{j \geq 1}(j+1)^2\alpha^{b}_{j+1}\alpha^*_{j+1}\langle\mu, w^0_i\rangle^j|}"
        r"{\alpha^{b}_1|\alpha^*_1|} \lesssim \frac{\log d}{\sqrt{d}}",
    ),
    "dominance": Statement(
        log_d / sp.sqrt(d), r"\ll", ALPHA_HALF, name="j = 0 term (≥ d^{-ε_b/2}/2) dominates the O(log d/√d) rest"
    ),
    "dominance.alt": Statement(log_d / sp.sqrt(d), r"\ll", ALPHA_FULL),
    "dominance.repaired": Statement(log_d / sp.sqrt(d), r"\ll", d ** sp.Rational(-1, 4)),
    "alpha.nonzero": Statement(alpha1_star, "=", alpha1_star, lhs_latex=r"\alpha^*_1 \neq 0"),
    "w0": Statement(sp.Symbol("w0n"), r"\leq_\P", sp.Integer(1), lhs_latex=r"\max_i \|w_i^0\|"),
    "w0.corrected": Statement(sp.Symbol("w0n"), r"\leq_\P", 1 + log_d / sp.sqrt(d), lhs_latex=r"\max_i \|w_i^0\|"),
    "scale.half": Statement(d ** ((3 * eps_n - eps_b) / 2), r"\lesssim", eta_W * ALPHA_HALF),
    "scale.full": Statement(d ** ((3 * eps_n - eps_b) / 2), r"\lesssim", eta_W * ALPHA_FULL),
    "scale.positive": Statement(alpha1_star * d ** ((3 * eps_n - eps_b) / 2), ">", sp.Integer(0)),
    "chain.remainder": Statement(log_d / sp.sqrt(d), r"\lesssim", RATE),
    "chain.T1": Statement(sp.Integer(1), r"\lesssim", SQ * log_d),
    "chain.w0": Statement(sp.Integer(1), r"\lesssim", eta_W / sp.sqrt(p) * RATE),
    "chain.w0.printed": Statement(sp.Integer(1), r"\lesssim", eta_W * RATE),
    "corrected.direction": Statement(
        sp.Symbol("dist_v"),
        r"= O_\P",
        SQ * log_d ** (q + 1) * d ** (eps_b / 2) + DIRECTION_FLOOR,
        lhs_latex=r"\|w_i^1 - v_i\|",
    ),
    "sens": Statement(sp.Symbol("Delta_2"), r"\lesssim_\P", SENS * log_d ** (q + 1), lhs_latex=r"\Delta_2"),
    "sens.corrected": Statement(sp.Symbol("Delta_2"), r"\leq", sp.Integer(2), lhs_latex=r"\Delta_2(D \mapsto w_i^1)"),
    "slack": Statement(SENS * log_d ** (q + 1), "<", SENS * log_d ** (q + 2)),
    "sigmaW.def": Statement(sp.Symbol("sigma_W"), "=", SIGMA_W_32, lhs_latex=r"\sigma_W"),
    "sigmaW.needed": Statement(sp.Symbol("sigma_W"), r"\geq", PRIV, lhs_latex=r"\sigma_W"),
    # W_1 released whole: Δ_2(W_1) ≤ 2√p (unit columns); Theorem 5 with c > √(2log(1.25/δ)), for ε < 1
    "sigmaW.needed.matrix": Statement(sp.Symbol("sigma_W"), ">", 2 * sp.sqrt(p) * PRIV, lhs_latex=r"\sigma_W",
                                      assumptions=(r"\varepsilon < 1", r"\Delta_2(W_1) \le 2\sqrt{p}")),
    # the correction for all of Assumption 3 (ε up to 8 log(1/δ), where Theorem 5's c > √(2log(1.25/δ)) is not
    # enough: ε = 4.99, δ = ½, referee U): μ = Δ_2/σ_W = ε/√(8 log(1/δ)), the dpgd.privacy certificate
    "sigmaW.corrected": Statement(sp.Symbol("sigma_W"), r"\geq", 2 * sp.sqrt(p) * sp.sqrt(8 * sp.log(1 / delta)) / eps,
                                  lhs_latex=r"\sigma_W", assumptions=(r"\Delta_2(W_1) \le 2\sqrt{p}",)),
    "sigmaW.bound": Statement(SENS * log_d ** (q + 2) * PRIV, "<", SENS * log_d ** (q + 3)),
    "final": Statement(
        sp.Symbol("w1"),
        r"= O_\P",
        SENS * log_d ** (q + 1) * (1 + log_d**2 * sp.sqrt(sp.log(sp.Rational(5, 4) / delta)) / eps),
        lhs_latex=r"w_i^1 - \mu",
    ),
}
ST["T1.centred"] = Statement(
    sp.Symbol("T1c"),
    r"\lesssim_\P",
    SQ * log_d,
    lhs_latex=r"\left\|T_1 - \E_x[f^0(x)\sigma'(\langle w^0_i, x\rangle + b_i)x]\right\|",
)
ST["T1.population"] = Statement(
    sp.Symbol("T1p"),
    r"\asymp",
    sp.Integer(1),
    lhs_latex=r"\left\|\E_x[f^0(x)\sigma'(\langle w^0_i, x\rangle + b_i)x]\right\|",
)
ST["theorem2.input"] = Statement(sp.Symbol("w1mu"), "= o", sp.Integer(1), lhs_latex=r"\|w_i^1 - \mu\|")
ST["final.noise_l2"] = Statement(SENS * log_d ** (q + 2) * PRIV * sp.sqrt(d), r"\lesssim", ST["final"].rhs)
ST["final.noise_linf"] = Statement(SENS * log_d ** (q + 2) * PRIV * sp.sqrt(log_d), r"\lesssim", ST["final"].rhs)


def _reg(x_: Statement) -> Statement:
    return x_


CLAIMS = [
    Claim(
        "lemma3.sigma-bounds",
        "Lemma 3 proof: σ' = sech² ≤ 1, |σ| ≤ 1, |σ'| ≤ 1",
        "Part 2, §3.1, proof of Lemma 3",
        SIGMA_FACTS[1][1],
        r"x \in \R",
        partial(check_pointwise, SIGMA_FACTS),
        relations=tuple(k for k, _ in SIGMA_FACTS),
    ),
    Claim(
        "lemma4.sech-identities",
        "Lemma 4 proof: tanh' = sech² = 4/(eˣ+e⁻ˣ)²",
        "Part 2, §3.1, proof of Lemma 4",
        SECH_FACTS[1][1],
        r"x \in \R",
        partial(check_pointwise, SECH_FACTS),
        relations=tuple(k for k, _ in SECH_FACTS),
    ),
    Claim(
        "lemma3.output-bounds",
        "Lemma 3 proof: |a_{0,k}σ(·)| ≤ 1/√p, hence |z_j| ≤ 1",
        "Part 2, §3.1, proof of Lemma 3",
        ST["z.bound"],
        r"a_0 = p^{-1/2}(1,\dots,1),\ \sigma = \tanh",
        partial(check_output_bounds, ST["z.term"], ST["z.bound"], ST["z.corrected"]),
        relations=((2, "P12", 3), (2, "P12", 4)),
    ),
    Claim(
        "lemma3.zx-norm",
        "Lemma 3 proof: ‖z_j x_j‖ ≤_P √d",
        "Part 2, §3.1, proof of Lemma 3",
        ST["zx"],
        r"\text{for all } j \leq n",
        partial(check_zx_norm, ST["zx"], ST["zx.corrected"]),
        depends_on=("lemma3.output-bounds", "lemma3.sample-norms"),
        relations=((2, "P12", 5),),
    ),
    Claim(
        "lemma3.variance-proxy",
        "Lemma 3 proof: v ≤ Σ E[z_j²‖x_j‖²] ≤ nd",
        "Part 2, §3.1, proof of Lemma 3, display 7",
        ST["v.nd"],
        r"\text{matrix Bernstein's variance proxy}",
        partial(check_variance_proxy, ST["v.trace"], ST["v.nd"], ST["v.corrected"]),
        depends_on=("lemma3.output-bounds",),
        relations=((2, "D7", 1), (2, "D7", 2)),
    ),
    Claim(
        "lemma3.bernstein-display",
        "Lemma 3 proof: the matrix Bernstein display",
        "Part 2, §3.1, display 8",
        Statement(
            sp.Symbol("P_tail"),
            r"\leq",
            (d + 1)
            * sp.exp(-sp.Rational(1, 2) * n**2 * sp.Symbol("t") ** 2 / (n * d + sp.Symbol("t") * sp.sqrt(d) / 3)),
            lhs_latex=r"\P\left(\left\| \frac{1}{n} \sum_{j = 1}^n z_j x_j\right\| \geq t\right)",
        ),
        r"\text{Tropp (2015), Thm 6.1.1: independent centred summands, } \|X_j\| \le L",
        check_bernstein_display,
        depends_on=("lemma3.variance-proxy", "lemma3.zx-norm"),
        relations=((2, "D8", 1),),
    ),
    Claim(
        "lemma3.bernstein-tail",
        "Lemma 3 proof: at t = √(d/n) log d the Bernstein tail vanishes",
        "Part 2, §3.1, proof of Lemma 3",
        ST["tail"],
        r"(d, n) \text{ on the admissible region}",
        check_bernstein_tail,
        depends_on=("lemma3.bernstein-display",),
        relations=((2, "P14", 1),),
    ),
    Claim(
        "lemma3.sample-norms",
        "Lemma 3 proof: ‖x_j‖ ≤_P √d for all j",
        "Part 2, §3.1, proof of Lemma 3",
        ST["xnorm"],
        r"x_j \sim \N(0, \id)\ \text{i.i.d.},\ j \leq n = d^{\nu}",
        partial(check_sample_norms, ST["xnorm"], ST["xnorm.corrected"], ST["x.law"]),
        depends_on=("part1.size-reading",),  # its ≲_P reading's union bound over the n samples (a re-check of 12-02)
        relations=((2, "P16", 1), (2, "P16", 3)),
    ),
    Claim(
        "lemma3.sample-projection",
        "Lemma 3 proof: ⟨μ,x⟩ ~ N(0,1) and |⟨μ,x_j⟩| ≤_P log d",
        "Part 2, §3.1, proof of Lemma 3",
        ST["mux.max"],
        r"\|\mu\| = 1,\ j \leq n = d^{\nu}\ (n \text{ polynomial in } d)",
        partial(check_sample_projection, ST["mux.law"], ST["mux.max"]),
        depends_on=("part1.size-reading",),
        relations=((2, "P16", 2), (2, "P16", 4)),
    ),
    Claim(
        "lemma3.target-growth",
        "Lemma 3 proof: |σ_*| ≲_P log^q d, ‖ū_j‖ ≲_P √d log^q d, the triangle bound",
        "Part 2, §3.1, proof of Lemma 3",
        ST["ubar"],
        r"\sigma_* \text{ of degree } q",
        partial(check_target_growth, ST["target"], ST["ubar"], ST["triangle"]),
        depends_on=("lemma3.sample-norms", "lemma3.sample-projection", "lemma3.sigma-bounds"),
        relations=((2, "P16", 5), (2, "P16", 6), (2, "D9", 1)),
    ),
    Claim(
        "stein.projection-law",
        "⟨μ, w_i^0⟩ ~ N(0, 1/d) and |⟨μ, w_i^0⟩| ≲_P log d/√d",
        "Part 2, §3.1",
        ST["muw.max"],
        r"w^0_i \sim \N(0, \id/d),\ i \leq p = d^{\pi_p} \geq d^{\varepsilon_p}\ (p \text{ polynomial in } d)",
        partial(
            check_projection_law,
            ST["muw.law"],
            ST["muw.max"],
            (
                "P19.1: α*_0 = 0 is Assumption 1 (the simulation target has α*_0 = 0)",
                "P19.2: w_i^0 ~ N(0, I/d) is Algorithm 1's initialisation (theorycheck.first_layer.initialise)",
            ),
        ),
        depends_on=("part1.size-reading",),
        relations=((2, "P19", 1), (2, "P19", 2), (2, "P19", 3), (2, "P19", 4)),
    ),
    Claim(
        "lemma4.proof-lines",
        "Lemma 4 proof: each line of the lower-bound chain",
        "Part 2, §3.1, proof of Lemma 4",
        Statement(2 / (sp.exp(x + b) + sp.exp(-x - b)), r"\geq", sp.exp(-x - b)),
        r"x \geq 0 \geq -b",
        check_lemma4_lines,
        depends_on=("lemma4.parity",),
        relations=((2, "P24", 1), (2, "P24", 2), (2, "P24", 3), (2, "D16", 1), (2, "D16", 2), (2, "D16", 3)),
    ),
    Claim(
        "lemma4.bias-max",
        "|b_i| ≤_P (ε_b/4) log d for all i ≤ p",
        "Part 2, §3.1, after Lemma 4",
        ST["bias.max"],
        r"b_i \sim \N(0,1),\ p = d^{\pi_p} \geq d^{\varepsilon_p}\ (\text{polynomial in } d),\ "
        r"0 < \varepsilon_b < 3\varepsilon_n "
        r"- \varepsilon_p/4",
        partial(check_bias_max, ST["bias.max"]),
        depends_on=("part1.size-reading",),
        relations=((2, "P26", 1), (2, "P26", 4)),
    ),
    Claim(
        "rank1.leading-term",
        "The j = 0 term of the Hermite series dominates the sum (uniformly in b_i; the printed justification, "
        "α_1^{b_i} ≥ d^{−ε_b/2}/2 against an absolute rest, only for ε_b < 1)",
        "Part 2, §3.1, after Lemma 4",
        # the paper's sentence read literally (referee BY, BY1: the justification's comparison had been the
        # statement, refuted where ε_b ≥ 1 although the sentence holds there); the justification is a reading
        ST["dominance.literal"],
        r"\alpha^{b_i}_1 > 0,\ \alpha^*_1 \neq 0,\ |\langle\mu, w^0_i\rangle| \lesssim \log d/\sqrt d",
        partial(check_leading_term, ST["dominance.literal"], ST["dominance"], ST["dominance.alt"],
                ST["dominance.repaired"]),
        # the literal reading uses |⟨μ, w_i^0⟩| ≲ log d/√d only (referee BZ, BZ5: lemma4.bias-range, which the
        # printed justification's reading uses, had made it count as holding under lemma4.bias-max's reading)
        depends_on=("stein.projection-law",),
        relations=((2, "P26", 9), (2, "P26", 10)),
    ),
    Claim(
        "rank1.init-norm",
        "‖w_i^0‖ ≤_P 1",
        "Part 2, §3.1",
        ST["w0"],
        r"w^0_i \sim \N(0, \id/d),\ i \leq p",
        partial(check_init_norm, ST["w0"], ST["w0.corrected"]),
        relations=((2, "P27", 1),),
    ),
    Claim(
        "rank1.step-scale",
        "η_W α_1^{b_i} α*_1 ≳_P α*_1 d^{(3ε_n−ε_b)/2} > 0",
        "Part 2, §3.1",
        ST["scale.half"],
        r"\eta_W = d^{3\varepsilon_n/2}\sqrt p,\ "
        r"\alpha^{b_i}_1 \geq \tfrac{d^{-\varepsilon_b}}{2}\text{ (two readings)}",
        partial(check_step_scale, ST["scale.half"], ST["scale.full"], ST["scale.positive"]),
        depends_on=("lemma4.bias-range",),
        relations=((2, "P27", 2), (2, "P27", 3)),
    ),
    Claim(
        "rank1.gradient-chain",
        "The gradient chain: drop the initial output, the remainder, a_{0,i} and w_i^0",
        "Part 2, §3.1, display 18",
        ST["chain.T1"],
        r"\text{Assumptions 1–4, the admissible region}",
        partial(check_gradient_chain, ST["chain.remainder"], ST["chain.T1"], ST["chain.w0"], ST["chain.w0.printed"]),
        depends_on=(
            "lemma3.initial-output",
            "lemma3.gradient-concentration",
            "rank1.population-gradient",
            "rank1.step-scale",
            "rank1.init-norm",
            "rank1.gradient-formula",
        ),
        relations=((2, "D18", 1), (2, "D18", 2), (2, "D18", 3)),
    ),
    Claim(
        "rank1.corrected-direction",
        "Corrected display 19: w_i^1 → v_i = (g − E[f^0σ'x])/‖·‖ at rate √(d^{1+ε_b}/n)log^{q+1}d + d^{−3ε_n/2}, "
        "v_i at distance ≍ 1 from μ",
        "Part 2, §3.1, display 19 (correction)",
        ST["corrected.direction"],
        r"v_i = \frac{g(w^0_i) - \E[f^0\sigma'(\langle w^0_i,x\rangle+b_i)x]}{\|\cdot\|}",
        partial(corrected_direction_distance, ST["corrected.direction"]),
        # its sampling term rests on lemma3.initial-output-centred, as its detail says (declared: referee P)
        depends_on=("rank1.gradient-chain", "rank1.alignment", "lemma3.initial-output",
                    "lemma3.initial-output-centred"),
        relations=((2, "D19", 1),),
    ),
    Claim(
        "sens.delta2",
        "§3.2: Δ_2 ≲_P √(d^{1+ε_b}/n) log^{q+1} d",
        "Part 2, §3.2",
        ST["sens"],
        r"\Delta_2 \text{ of } D \mapsto w_i^1 \text{ (Definition 2)}",
        partial(check_sensitivity, ST["sens"], ST["sens.corrected"]),
        depends_on=("rank1.alignment", "rank1.corrected-direction"),
        relations=((2, "P34", 1),),
    ),
    Claim(
        "sens.log-slack",
        "§3.2: log^{q+1} d < log^{q+2} d for d large enough",
        "Part 2, §3.2",
        ST["slack"],
        r"d > e",
        partial(check_log_slack, ST["slack"]),
        relations=((2, "P34", 2),),
    ),
    Claim(
        "sens.sigma-W-sufficient",
        "§3.2: σ_W = √(d^{1+ε_b}/n)log^{q+2}d·√(2log(1.25/δ))/ε suffices (Theorem 5)",
        "Part 2, §3.2, display 21",
        ST["sigmaW.def"],
        r"\text{Theorem 5 with } \Delta_2 \text{ of sens.delta2}",
        partial(check_noise_sufficient, ST["sigmaW.def"], ST["sigmaW.needed"], ST["sigmaW.needed.matrix"]),
        depends_on=("sens.delta2", "sens.log-slack"),
        relations=((2, "D21", 1),),
    ),
    Claim(
        "sens.sigma-W-bound",
        "§3.2: σ_W < √(d^{1+ε_b}/n) log^{q+3} d",
        "Part 2, §3.2, display 21",
        ST["sigmaW.bound"],
        r"\text{Assumption 3: } \delta \in (0,1),\ \varepsilon \in (0, 8\log(1/\delta)),\ "
        r"\varepsilon/\sqrt{\log(1/\delta)} = \omega(1/\log d)",
        partial(check_noise_level_bound, ST["sigmaW.bound"]),
        relations=((2, "D21", 2),),
    ),
    Claim(
        "lemma3.initial-output-centred",
        "Corrected Lemma 3, first bound: T_1 = E[f^0σ'x] + O_P(√(d/n) log d), with ‖E[f^0σ'x]‖ ≍ 1",
        "Part 2, §3.1, Lemma 3 (correction)",
        ST["T1.centred"],
        r"T_1 = \frac1n\sum_j f^0(x_j)\sigma'(\langle w^0_i,x_j\rangle+b_i)x_j",
        partial(check_initial_output_centred, ST["T1.centred"], ST["T1.population"]),
        depends_on=("lemma3.initial-output", "part1.size-reading"),
        relations=((2, "D5", 1),),
    ),
    Claim(
        "sens.theorem2-input",
        "Consequence for Theorem 2: the noisy neurons are not μ + o_P(1) anywhere in the region",
        "Part 2, §3.2 → §3.4 / Theorem 2",
        ST["theorem2.input"],
        r"\text{§3.4 uses } w_i^1 = \mu + o_\P(1)",
        partial(check_theorem2_input, ST["theorem2.input"]),
        depends_on=("sens.final", "rank1.corrected-direction", "lemma3.initial-output-centred"),
        relations=((2, "D22", 1),),
    ),
    Claim(
        "sens.final",
        "§3.2, last display: w_i^1 = μ + O_P(…) after the privacy noise (top of §3.1–§3.2)",
        "Part 2, §3.2, display 22",
        ST["final"],
        r"\text{Assumptions 1–4, } \sigma_W \text{ of display 21}",
        partial(check_final, ST["final"], ST["final.noise_l2"], ST["final.noise_linf"]),
        depends_on=(
            "rank1.corrected-direction",
            "rank1.noisy-alignment",
            "sens.delta2",
            "sens.sigma-W-sufficient",
            "sens.sigma-W-bound",
            "rank1.gradient-chain",
            "rank1.leading-term",
            "lemma4.bias-max",
        ),
        relations=((2, "D22", 1),),
    ),
]
