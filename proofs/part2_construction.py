"""Part 2, §3.1 and §3.4 (certificate construction, Theorem 2) and Part 1's Theorem 1: the exponent algebra.

Every asymptotic relation is a :class:`~theorycheck.statement.Statement` decided on the whole admissible region
(:data:`proofs.regime.ADMISSIBLE`, every degree of :data:`proofs.regime.DEGREES`, log powers and the privacy
factor ``log(1.25/δ)/ε² = d^r log^ρ d`` included) by :func:`theorycheck.asymptotics.decide`, through
:func:`proofs.part2_construction_steps.check_asymptotic` (which adds lhs/rhs at the named corners). Identities
are compared symbolically; the sizes a step treats as bounded (sup_{|b|≤C_b}|a(b)|) are measured across d at the
corners (:mod:`proofs.part2_construction_steps`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import mpmath
import numpy as np
import sympy as sp

from theorycheck import Claim, inconclusive, refuted, verified
from theorycheck.asymptotics import Region
from theorycheck.claims import Verdict
from theorycheck.statement import Rel, Statement, decides, held, paper_latex

from . import part2_construction_steps as steps
from .part2_construction_steps import KEPT, STEP3_N2, U, check_asymptotic, rewrite
from .regime import SYMBOLIC_DEGREES
from .symbols import LAMBDA, THEOREM1_RATE, d, eps_b, eps_n, eps_p, gamma, log_d, p, q

# names kept for the tests and notebooks of earlier rounds
EPS_N, EPS_P, EPS_B, Q, D = eps_n, eps_p, eps_b, q, d


def _report(name: str, v: Verdict) -> dict:
    return {
        "relation": name,
        "verdict": v.verdict,
        "detail": v.detail,
        "holds_on": (v.regime or {}).get("holds_on"),
        "witness": (v.evidence or {}).get("witness"),
    }


# ---------------------------------------------------------------------------------------------------- ε_b window

EPS_B_WINDOW_STATEMENT = Statement(
    d ** (eps_p / 4 - 3 * eps_n),
    Rel.LL,
    sp.Integer(1),
    name="bias window",
    lhs_latex=r"d^{\frac{\varepsilon_p}{4} - 3\varepsilon_n}",
)


def check_eps_b_window(
    lower_coefficient: sp.Rational = sp.Rational(3, 16), statement: Statement = EPS_B_WINDOW_STATEMENT
) -> Verdict:
    """Part 2 §3.1: a fixed ε_b with 0 < ε_b < 3ε_n − ε_p/4 exists iff 3ε_n − ε_p/4 > 0, i.e. d^{ε_p/4 − 3ε_n} ≪ 1,
    at every point of Assumption 2 (ε_n > c ε_p with c = 3/16; ``lower_coefficient`` is c). Decided exactly on the
    region (LP + rational witness)."""
    region = Region(
        f"Assumption 2 (ε_n > {lower_coefficient} ε_p)",
        (eps_n, eps_p),
        (eps_n > sp.Rational(lower_coefficient) * eps_p,),
    )
    return check_asymptotic(statement, region=region, corner_ratios=False, what="the window 3ε_n − ε_p/4 > 0 for ε_b")


# ---------------------------------------------------------------------------------------------------- |a(b_i)|

_EXPO = sp.Add(q, -1, -(q - 2) / 2, evaluate=False)  # q − 1 − (q−2)/2 as printed
A_EXPONENT = Statement(_EXPO, Rel.EQ, q / 2, name="q-1-(q-2)/2 = q/2")
A_GROWTH = Statement(sp.Symbol("S_a"), Rel.LESSSIM, (d**U) ** _EXPO, name="|a(b_i)| bound", lhs_latex=r"|a(b_i)|")
A_LL = Statement((d**U) ** (q / 2), Rel.LL, d ** (eps_p / 8), name="(d^U)^{q/2} << d^{eps_p/8}")
#: the power Theorem 6 gives once corrected (cert.sup-bound: sup|aφ| ~ γ^{−(q−1)/2})
A_LL_CORRECTED_THM6 = Statement((d**U) ** ((q - 1) / 2), Rel.LL, d ** (eps_p / 8), name="corrected Theorem 6 power")


def measure_sup_a(targets=steps.STEP2_TARGETS, eps_ps=steps.STEP2_EPS_P) -> dict:
    """S = sup_{|b|≤C_b}|a(b)| (corrected a, 201-point grid of the 30-digit Chebyshev interpolant) at γ = ½ … 10^{−3}
    converted to d at each corner, and its fitted exponent in d."""
    out = {}
    grid = np.linspace(-steps.C_B, steps.C_B, 201)
    for target in targets:
        qv = steps._degree(target)
        for ep in eps_ps:
            rows = []
            for L in steps._det_log10_ds(qv, ep):
                g = steps._gamma_of(L, qv, ep)
                a, err = steps._a_interpolant(target, g)
                rows.append({"log10_d": L, "gamma": g, "S": float(np.max(np.abs(a(grid)))), "interp_error": err})
            out[f"eps_p={ep}, sigma_*={target}"] = {
                "fit": steps._fit([r["log10_d"] for r in rows], [r["S"] for r in rows]),
                "rows": rows,
                "q": qv,
                "eps_p": ep,
            }
    return out


@decides("=")
def check_a_bound(
    exponent: Statement = A_EXPONENT,
    growth: Statement = A_GROWTH,
    ll: Statement = A_LL,
    corrected_thm6: Statement = A_LL_CORRECTED_THM6,
) -> Verdict:
    """Part 2 §3.4 Step 2, display (2, 52), each link over the whole region:

    (1) |a(b_i)σ(·)| ≤ |a(b_i)|: |tanh| ≤ 1 (checked on a grid, exact inequality);
    (2) |a(b_i)| ≲ (d^{ε_p/(4(q+1))})^{q−1−(q−2)/2}: S = sup_{|b|≤C_b}|a| is measured at the corners (fitted exponent
        in d ≈ 0; proved d-independent bracket in construct.summand-bound), so the link holds iff the claimed power is
        ≥ the measured order d^0 on the whole region (decided: 1 ≲ claimed power);
    (3) q − 1 − (q−2)/2 = q/2 (symbolic);
    (4) (d^{ε_p/(4(q+1))})^{q/2} ≪ d^{ε_p/8} (decided on the region); and with the corrected Theorem 6 power
        (q−1)/2 (cert.sup-bound) the same comparison.
    """
    links = {}
    grid = np.linspace(-3, 3, 601)
    links["1 |a sigma| <= |a|"] = {"max(|tanh|) on grid": float(np.max(np.abs(np.tanh(grid)))), "holds": True}
    meas = measure_sup_a()
    drift = {k: v["fit"] for k, v in meas.items() if v["fit"]["exponent"] > 5 * v["fit"]["stderr"] + 0.01}
    v2 = check_asymptotic(Statement(sp.Integer(1), growth.rel, growth.rhs), corner_ratios=False)
    links["2 |a(b_i)| <~ (d^U)^(q-1-(q-2)/2)"] = _report("measured Θ(1) ≲ claimed power", v2) | {
        "measured_exponents": {k: v["fit"] for k, v in meas.items()},
        "non_decaying_but_growing": drift,
    }
    diff = sp.simplify(exponent.lhs - exponent.rhs)
    eq = diff == 0 or (False if any(diff.subs(q, k) != 0 for k in SYMBOLIC_DEGREES) else None)
    links["3 exponent arithmetic"] = {"lhs": str(exponent.lhs), "rhs": str(exponent.rhs), "holds": eq}
    v4 = check_asymptotic(ll, corner_ratios=True)
    links["4 (d^U)^(q/2) << d^(eps_p/8)"] = _report("≪", v4)
    v5 = check_asymptotic(corrected_thm6, corner_ratios=False)
    links["with corrected Theorem 6 power (q-1)/2"] = _report("≪", v5)
    ev = {
        "links": links,
        "sup_a_rows": {k: v["rows"] for k, v in meas.items()},
        "C_b": steps.C_B,
        "theorem6_as_printed_power": "γ^{−(q−2)/2}·max(1, γ^{q−1}) = γ^{−(q−2)/2} (γ < 1): for q = 1 this → 0, "
        "below the measured S ≥ |a(0)| > 0 (Theorem 6's bound is too small there)",
        "tolerance": "exact (LP) + 5 standard errors on fitted exponents",
        "achieved_error": max(v["fit"]["stderr"] for v in meas.values()),
    }
    if eq is False:
        k = next(k for k in SYMBOLIC_DEGREES if diff.subs(q, k) != 0)
        return refuted(
            "symbolic",
            f"q − 1 − (q−2)/2 simplifies to q/2, not {exponent.rhs}",
            witness={"q": k, "lhs": str(exponent.lhs.subs(q, k)), "rhs": str(exponent.rhs.subs(q, k))},
            **ev,
        )
    for name, v in (("link 2", v2), ("link 4", v4)):
        if v.verdict == "refuted":
            return refuted(
                "exact+simulation",
                f"{name} fails: {v.detail}",
                regime=v.regime,
                witness=(v.evidence or {}).get("witness"),
                **ev,
            )
    if drift:
        return inconclusive("exact+simulation", f"S grows with d at {list(drift)}", regime=v4.regime, **ev)
    if v2.verdict != "verified" or v4.verdict != "verified" or eq is not True:
        return inconclusive("exact+simulation", "a link was not decided", regime=v4.regime, **ev)
    return verified(
        "exact+simulation",
        "each link holds on the whole region for every degree checked: |tanh| ≤ 1; S = "
        f"sup_{{|b|≤C_b}}|a| is Θ(1) (measured exponents ≈ 0 at every corner at C_b = {steps.C_B}; the proved bracket "
        "holds for every fixed C_b, construct.summand-bound) ≲ the claimed "
        "power (≥ d^0) — for the reconstructing a of Step 1, not \"by Theorem 6\" as the paper argues: its printed "
        "bound gives (d^U)^{(q−2)/2}, below S for q = 1 (theorem6_as_printed_power; referee CH, CH-5); "
        "q−1−(q−2)/2 = q/2; d^{ε_p q/(8(q+1))} ≪ d^{ε_p/8}; with the corrected Theorem 6 "
        f"power (q−1)/2 the last link also holds ({v5.verdict})",
        regime=v4.regime,
        **ev,
    )


# ---------------------------------------------------------------------------------------------------- McDiarmid

P_S, T_S, CB_S = sp.symbols("p_s t_s c_b", positive=True)  # free p, t, c_b of the identity
MCD_SUM = P_S * 4 / (CB_S**2 * P_S**2) * d ** (eps_p / 4)  # Σ c_i² with c_i = 2 d^{ε_p/8}/(c_b p)
MCDIARMID_EQ = Statement(
    -2 * T_S**2 / held(P_S * held(4 / (CB_S**2 * P_S**2)) * d ** (eps_p / 4)),
    Rel.EQ,
    -(CB_S**2) * P_S * T_S**2 / (2 * d ** (eps_p / 4)),
    name="McDiarmid exponent",
)
T_CHOICE = d ** (-eps_p / (4 * q))
#: The tail 2exp(−c_b²pt²/(2d^{ε_p/4})) at ≤_P's level (Part 1 §2.5: 1 − e^{−c log² d}): the exponent ≳ log² d
#: (referee AW F2: "→ ∞", i.e. probability → 1, had been decided; t = d^{ε_p/8} log^{3/4} d/√p passed)
MCD_TAIL = Statement(
    log_d**2, Rel.LESSSIM, p * T_CHOICE**2 / d ** (eps_p / 4), name="tail exponent >~ log^2 d",
    lhs_latex=r"\log^2 d",
)
MCD_T = Statement(T_CHOICE, Rel.LESSSIM, d ** (-U), name="t <~ d^{-U}")
#: McDiarmid's extension to differences bounded off an exceptional event B = {|I| < c_b p} (Combes 2015, "An extension
#: of McDiarmid's inequality"): P(|F − E F| ≥ t) ≤ P(B) + 2exp(−2(t − p·c̄·P(B))²/Σc_i²), c̄ = 2 sup|a| = Θ(1) the
#: worst one-swap move, P(B) ≤ exp(−2(P(|b| ≤ C_b) − c_b)² p) (Hoeffding). Negligible iff the mean shift
#: p·c̄·P(B) ≪ t (in logs: log d ≪ p, since log t and log p are O(log d)) and P(B) ≪ the printed tail (its exponent
#: c_b²p t²/(2d^{ε_p/4}) ≪ p)
MCD_SHIFT = Statement(log_d, Rel.LL, p, name="log d << p (the exceptional event's mean shift << t)")
MCD_EVENT = Statement(p * T_CHOICE**2 / d ** (eps_p / 4), Rel.LL, p, name="tail exponent << p (P(B) << the tail)")


@decides("=")
def check_mcdiarmid(
    claimed: Statement = MCDIARMID_EQ, tail: Statement = MCD_TAIL, t_vs_rate: Statement = MCD_T,
    shift: Statement = MCD_SHIFT, event: Statement = MCD_EVENT,
) -> Verdict:
    """Part 2 §3.4 Step 2, display (2, 54) and the sentence after it, each relation:

    (1) McDiarmid with bounded differences c_i = 2d^{ε_p/8}/(c_b p) (display (2, 53)): 2exp(−2t²/Σc_i²) with
        Σc_i² = p·4/(c_b²p²)·d^{ε_p/4} — the printed denominator is compared with Σc_i² symbolically. The c_i hold
        only off B = {|I| < c_b p}, so the display is read through McDiarmid's extension (:data:`MCD_SHIFT`,
        :data:`MCD_EVENT`): t shifted by p·c̄·P(B) and P(B) added, both decided negligible on the region (referee AT:
        this had been asserted in prose);
    (2) the equality of the two exponents (symbolic);
    (3) |F − E F| ≤_P d^{−ε_p/(4(q+1))}: with t = d^{−ε_p/(4q)} the exponent c_b²pt²/(2d^{ε_p/4}) is ≳ log² d, so
        the tail is ≤ e^{−c log² d} (≤_P's level; decided: log² d ≲ p t²/d^{ε_p/4} on the region) and
        t ≲ d^{−ε_p/(4(q+1))} (decided).
    """
    diff = sp.simplify(claimed.lhs - claimed.rhs)
    den_ok = sp.simplify(-2 * T_S**2 / MCD_SUM - claimed.lhs) == 0
    v_tail = check_asymptotic(tail, corner_ratios=True)
    v_t = check_asymptotic(t_vs_rate, corner_ratios=False)
    v_shift = check_asymptotic(shift, corner_ratios=False)
    v_event = check_asymptotic(event, corner_ratios=False)
    ev = {
        "links": {
            "1 McDiarmid denominator = sum c_i^2": {"holds": den_ok, "sum_c_i^2": str(MCD_SUM)},
            "1b exceptional event B = {|I| < c_b p}": {
                "reading": "(2, 54) through McDiarmid's extension: P(|F − EF| ≥ t) ≤ P(B) + 2exp(−2(t − p·c̄·P(B))²/"
                           "Σc_i²), c̄ = Θ(1), P(B) ≤ exp(−2(P(|b| ≤ C_b) − c_b)² p) (Hoeffding, c_b < P(|b| ≤ C_b))",
                "mean shift p·c̄·P(B) << t": _report("log d ≪ p", v_shift),
                "P(B) << the printed tail": _report("p t²/d^{ε_p/4} ≪ p", v_event),
            },
            "2 exponent equality": {"difference": str(diff)},
            "3a tail exponent >~ log^2 d (≤_P's level)": _report("log² d ≲ p t²/d^{ε_p/4}", v_tail),
            "3b t <~ d^{-eps_p/(4(q+1))}": _report("t ≲ d^{-U}", v_t),
        },
        "tail_power_of_d": str(sp.simplify(rewrite(tail.rhs))),
        "tolerance": "exact",
        "achieved_error": "0",
    }
    if diff != 0:
        pt = {P_S: 4, T_S: 1, CB_S: 1, d: 2, eps_p: 1}
        return refuted(
            "symbolic",
            "the exponent does not simplify to the claimed one",
            witness={str(k): v for k, v in pt.items()} | {"difference": str(sp.N(diff.subs(pt), 10))},
            **ev,
        )
    if not den_ok:
        return refuted(
            "symbolic",
            "the printed denominator is not Σc_i² of display (2, 53)",
            witness={"printed": str(claimed.lhs), "sum_c_i^2": str(MCD_SUM)},
            **ev,
        )
    links = (("the tail exponent", v_tail), ("t versus d^{−ε_p/(4(q+1))}", v_t),
             ("the exceptional event's mean shift", v_shift), ("the exceptional event against the tail", v_event))
    for name, v in links:
        if v.verdict == "refuted":
            return refuted(
                "exact", f"{name}: {v.detail}", regime=v.regime, witness=(v.evidence or {}).get("witness"), **ev
            )
    if any(v.verdict != "verified" for _, v in links):
        return inconclusive("exact", "a link was not decided", **ev)
    return verified(
        "symbolic+exact",
        "the exponent simplifies exactly and is Σc_i² of display (2, 53); with p = d^{π_p} (π_p ≥ ε_p), "
        f"t = d^{{−ε_p/(4q)}} it is $-\\tfrac{{c_b^2}}{{2}}{paper_latex(sp.simplify(rewrite(tail.rhs)))}$, ≳ log² d "
        "(≤_P's level) "
        "and t ≲ d^{−ε_p/(4(q+1))} on the whole region, every degree checked; the bounded differences hold off "
        "|I| < c_b p, an event whose mean shift and probability are negligible there (McDiarmid's extension)",
        regime=v_tail.regime,
        **ev,
    )


# ---------------------------------------------------------------------------------------------------- E F ⇒ |F|

EXPECTED_SUP = Statement(d ** (eps_p / 8) * log_d / sp.sqrt(p), Rel.LL, d ** (-U), name="E F bound << d^{-U}")


def check_expected_sup(statement: Statement = EXPECTED_SUP) -> Verdict:
    """Part 2 §3.4, display (2, 59), relation 3 read as the implication: E F ≲ d^{ε_p/8} log d/√p and
    |F − E F| ≤_P d^{−ε_p/(4(q+1))} (construct.mcdiarmid) give |F| ≤_P d^{−ε_p/(4(q+1))} iff
    d^{ε_p/8} log d/√p ≪ d^{−ε_p/(4(q+1))}, i.e. ε_p/8 − ε_p/2 < −ε_p/(4(q+1)) for every q (decided on the region,
    log d included). Whether E F really is that small is construct.expected-sup-bound (measured)."""
    return check_asymptotic(statement, what="E F's bound is o(d^{−ε_p/(4(q+1))})")


# ---------------------------------------------------------------------------------------------------- tail maximum

ZP = sp.Symbol("zp", positive=True)
GP = sp.Symbol("gamma", positive=True)
TAIL_MAX = Statement(
    sp.Symbol("sup_f"),
    Rel.LE,
    (q / (2 * gamma)) ** q * sp.exp(-q / 2),
    name="sup z^q e^{-2 gamma z}",
    lhs_latex=r"\sup_{z > 0} z^q e^{-2\gamma z}",
)
TAIL_MAX_EQ = Statement((q / (2 * gamma)) ** q * sp.exp(-q / 2), Rel.EQ, (q / (2 * sp.sqrt(sp.E) * gamma)) ** q)


@functools.cache  # one entry per degree: a bound below len(SYMBOLIC_DEGREES) evicted every entry
def _tail_maxima(k: int) -> tuple[sp.Expr, sp.Expr]:
    """For degree k: the maximum of z^k e^{−2γz} over its critical points, and z^{2k}e^{−2γz²} at z = √(k/(2γ)),
    each simplified (SymPy). They do not depend on the claimed bound or identity: remembered in-process (SymPy
    expressions are immutable), so the paper's and each perturbed statement are compared with the same values
    (the inline computation is kept as a reference in tests/test_construction_speedups.py). Unbounded: the checks
    ask for every degree of SYMBOLIC_DEGREES in turn, so a bound smaller than len(SYMBOLIC_DEGREES) would evict
    each entry before its next use."""
    f = ZP**k * sp.exp(-2 * GP * ZP)
    crit = sp.solve(sp.Eq(sp.diff(f, ZP), 0), ZP)
    value = sp.simplify(max((f.subs(ZP, c) for c in crit), key=lambda e: sp.N(e.subs(GP, 1))))
    value2 = sp.simplify((ZP ** (2 * k) * sp.exp(-2 * GP * ZP**2)).subs(ZP, sp.sqrt(sp.Rational(k, 2) / GP)))
    return value, value2


def _simplified(expr: sp.Expr) -> sp.Expr:
    """``sp.simplify(expr)``, remembered in-process per expression: SymPy expressions are immutable and simplify is a
    pure function of its argument, so a remembered result is the one a fresh call returns. The key holds the
    expression and its ``srepr`` (which spells out every number exactly, a Float with its precision, that equality
    alone may not tell apart). check_tail_maximum's ratio depends only on the claimed bound and its identity
    difference only on the claimed identity, so a statement perturbed in one of them reuses the other's
    simplification."""
    return _simplified_keyed(expr, sp.srepr(expr))


@functools.lru_cache(maxsize=256)
def _simplified_keyed(expr: sp.Expr, spelled: str) -> sp.Expr:
    return sp.simplify(expr)


#: a log gap counts as a failure only beyond this, at 30 and at 60 digits alike (referee ED, ED-6: bounds equal to
#: the maximum in a form SymPy does not simplify had been refuted on rounding of 1e-31)
LOG_GAP_TOL = mpmath.mpf(10) ** -20


def _log_gap_fails(gap_at: Callable[..., Any], *args: Any) -> tuple[bool, Any]:
    """Whether ``gap_at(*args)`` (a log max − log bound, an mpmath function) is clearly positive — or complex, the log
    of a bound ≤ 0 — and its value: a cheap look at 30 digits first, then confirmed at 60, 120 and 240 digits, the
    value beyond :data:`LOG_GAP_TOL` at each and the last two agreeing to 1e-6 relative (referee EE, EE-4: a fixed
    tolerance at 60 digits had refuted a true bound whose rounding error a factor γ³ = 10⁴⁸ magnified)."""
    values = []
    for dps in (30, 60, 120, 240):
        with mpmath.workdps(dps):
            value = gap_at(*(mpmath.mpf(a) for a in args))
            if isinstance(value, mpmath.mpc) and abs(value.imag) <= LOG_GAP_TOL:
                value = value.real  # a complex value with a clear imaginary part: the log of a bound ≤ 0, a failure
            if not isinstance(value, mpmath.mpc) and not value > LOG_GAP_TOL:
                return False, value
            values.append(value)
    before, last = values[-2:]
    if isinstance(before, mpmath.mpc) or isinstance(last, mpmath.mpc):  # both complex: a failure; mixed: unstable
        return isinstance(before, mpmath.mpc) and isinstance(last, mpmath.mpc), last
    return bool(abs(last - before) <= mpmath.mpf(10) ** -6 * abs(last)), last


#: the relations check_tail_maximum decides, sup REL bound, each as (log max − log bound holds it for every q, γ
#: exactly; it fails it for every q, γ exactly), by SymPy's assumptions on the log gap
_TAIL_RELATIONS: dict[Rel, tuple[Callable[[sp.Expr], bool], Callable[[sp.Expr], bool]]] = {
    Rel.LE: (lambda g: bool(g.is_nonpositive), lambda g: bool(g.is_positive)),
    Rel.LT: (lambda g: bool(g.is_negative), lambda g: bool(g.is_nonnegative)),
    Rel.GE: (lambda g: bool(g.is_nonnegative), lambda g: bool(g.is_negative)),
    Rel.GT: (lambda g: bool(g.is_positive), lambda g: bool(g.is_nonpositive)),
    Rel.EQ: (lambda g: g == 0, lambda g: bool(g.is_nonzero)),
}


def _ratio_holds(rel: Rel, ratio: sp.Expr, r: Any) -> bool:
    """max/claimed (``ratio``, exact; ``r`` its 50-digit value) against 1 as ``rel`` reads, with a rounding margin
    of 1e-40 where ``ratio`` is not exactly 1 (a bound ≤ 0 gives r ≤ 0: referee AE)."""
    margin = sp.Float("1e-40", 50)
    exact_one = ratio == 1
    if r.is_extended_real is not True:  # a complex bound: no order (referee EH, EH-11: `r > 0` had crashed)
        return False
    if not r > 0:  # a bound ≤ 0: the sup (> 0) is above it
        return rel in (Rel.GE, Rel.GT)
    return {Rel.LE: r <= 1 + margin, Rel.LT: not exact_one and r < 1 + margin,
            Rel.GE: r >= 1 - margin, Rel.GT: not exact_one and r > 1 - margin,
            Rel.EQ: exact_one or abs(r - 1) <= margin}[rel]


def _directed(gap_at: Callable[..., Any], rel: Rel) -> Callable[..., Any]:
    """The log gap as a failure reads for ``rel``: positive where sup ≤ bound fails (≤, <), negated for ≥ and >,
    its absolute value for = (a failure either way)."""
    if rel in (Rel.LE, Rel.LT):
        return gap_at
    if rel is Rel.EQ:
        return lambda *a: abs(gap_at(*a))

    def reversed_gap(*a: Any) -> Any:
        value = gap_at(*a)
        if isinstance(value, mpmath.mpc) and abs(value.imag) > LOG_GAP_TOL:  # a bound ≤ 0: the sup is above it
            return mpmath.mpf(-1)
        return -value

    return reversed_gap


@decides("=", param="identity")  # compared as an identity (stop 55's probe: "<", "≍" had been verified)
def check_tail_maximum(statement: Statement = TAIL_MAX, identity: Statement = TAIL_MAX_EQ) -> Verdict:
    """Part 2 §3.4, relations (2, P88, 10–11): for f(z) = z^q e^{−2γz}, f ≤ (q/(2γ))^q e^{−q/2} = (q/(2√eγ))^q.

    The maximum is computed from the definition (critical point and value, SymPy) for every degree of
    SYMBOLIC_DEGREES and compared with the claimed bound exactly (ratio ≤ 1); also for the function the tail needs,
    z^{2q}e^{−2γz²} (its sup is the same (q/(2eγ))^q). The identity is compared symbolically for each degree. For
    every q > 0 at once (referee AB: the degrees are finitely many): log f = q log z − 2γz is strictly concave with
    its critical point at q/(2γ), so max f = (q/(2γ))^q e^{−q}, and SymPy decides the sign of log max − log bound
    (e.g. −q/2).
    """
    rel = statement.rel
    if rel not in _TAIL_RELATIONS:
        return inconclusive("symbolic", f"the tail maximum is decided for ≤, <, ≥, > and = against the bound; "
                            f"{rel.symbol} is not one of them")
    qs = sp.Symbol("q_pos", positive=True)
    log_f = qs * sp.log(ZP) - 2 * GP * ZP
    log_max = log_f.subs(ZP, qs / (2 * GP))
    log_gap = sp.simplify(sp.expand_log(log_max - sp.log(statement.rhs.subs({q: qs, gamma: GP})), force=True))
    ident_all = sp.simplify(identity.lhs.subs({q: qs, gamma: GP}) - identity.rhs.subs({q: qs, gamma: GP}))
    # the relation read (referee EF, EF-9: "≥", "=" and "<" against the sup itself had been verified): sup REL bound
    # ⟺ log max − log bound REL' 0 (≤ 0, < 0, ≥ 0, > 0, = 0)
    every_q = bool(sp.diff(log_f, ZP, 2).is_negative) and _TAIL_RELATIONS[rel][0](log_gap) and ident_all == 0
    rows, bad, undecided = [], None, []
    for k in SYMBOLIC_DEGREES:
        value, value2 = _tail_maxima(k)
        claimed = statement.rhs.subs({q: k, gamma: GP})
        ratio = _simplified(value / claimed)
        ident = _simplified(identity.lhs.subs({q: k, gamma: GP}) - identity.rhs.subs({q: k, gamma: GP}))
        rows.append(
            {
                "q": k,
                "max": str(value),
                "max_of_z^{2q}e^{-2gamma z^2}": str(value2),
                "max/claimed": str(ratio),
                "identity_difference": str(ident),
            }
        )
        # max/claimed: in (0, 1] when the bound holds (a bound ≤ 0 gives r ≤ 0: referee AE); 50 digits, a rounding
        # margin of 1e-40 (referee EE: at 15 digits a factor 1 − 10⁻²⁵ too small had passed)
        r = sp.N(ratio, 50)
        if not r.is_number:
            undecided.append(k)
        elif bad is None and (not _ratio_holds(rel, ratio, r) or ident != 0):
            bad = rows[-1]
    ev = {"rows": rows, "relation": rel.value,
          "tolerance": "per degree: max/claimed at 50 digits, a rounding margin of 1e-40 (an exact 1 decides a strict "
                       "relation); every q: SymPy's sign of log max − log bound (exact); the search for a failing "
                       "(q, γ): a log gap beyond 1e-20 at 30, 60, 120 and 240 digits, stable",
          "achieved_error": "1e-50 (the 50-digit ratios)",
          "every_q": {"log_max_minus_log_bound": str(log_gap), "identity_difference": str(ident_all),
                      "proved": every_q}}
    # a gap of the wrong sign for every q and γ exactly (referee EF, EF-7: a bound short by a factor 1 − 10⁻⁴⁵ was
    # left inconclusive though SymPy had the sign)
    if bad is None and _TAIL_RELATIONS[rel][1](log_gap):
        return refuted(
            "symbolic",
            f"log max − log bound = {log_gap}, which fails {rel.symbol} 0 exactly for every q, γ > 0: the maximum "
            f"(q/(2eγ))^q is not {rel.symbol} the claimed bound",
            witness={"q": 1, "gamma": 1, "log_max_minus_log_bound": str(log_gap)},
            corrected=Statement(statement.lhs, Rel.LE, (q / (2 * sp.E * gamma)) ** q, lhs_latex=statement.lhs_latex),
            **ev,
        )
    if bad:
        return refuted(
            "symbolic",
            f"for q = {bad['q']}: max/claimed = {bad['max/claimed']}, identity difference {bad['identity_difference']}",
            witness=bad,
            corrected=Statement(statement.lhs, Rel.LE, (q / (2 * sp.E * gamma)) ** q, lhs_latex=statement.lhs_latex),
            **ev,
        )
    if not every_q and log_gap.free_symbols <= {qs}:
        # a bound that fails only at large degrees: look for one (q = 2^j, j ≤ 400; log_gap > 0 is a failure)
        gap_at = _directed(sp.lambdify(qs, log_gap, "mpmath"), rel)

        far, value = next(((2**j, v) for j in range(401) for fails, v in [_log_gap_fails(gap_at, 2**j)] if fails),
                          (None, None))
        if far is not None:
            return refuted(
                "symbolic",
                f"for q = 2^{far.bit_length() - 1}: log max − log bound = {log_gap} = {mpmath.nstr(value, 8)}"
                + (" (complex: the bound is ≤ 0 or not real there)" if isinstance(value, mpmath.mpc) else " > 0 there")
                + (f" (it holds at every degree of {list(SYMBOLIC_DEGREES)})" if far > max(SYMBOLIC_DEGREES) else ""),
                witness={"q": str(far), "log_max_minus_log_bound": str(log_gap), "value": mpmath.nstr(value, 15)},
                **ev,
            )
    if not every_q and GP in log_gap.free_symbols and log_gap.free_symbols <= {qs, GP}:
        # a bound that fails on a range of γ (referee EA, EA-3: §3.4 takes γ = d^{−ε_p/(4(q+1))} → 0): look for a
        # (q, γ) with log max − log bound > 0, γ = 10^j from 10^{−30} to 10^{30}
        gap_qg = _directed(sp.lambdify((qs, GP), log_gap, "mpmath"), rel)

        hit = next(((k, j, v) for k in (1, 2, 3, 5, 10, 100) for j in sorted(range(-30, 31), key=abs)
                    for fails, v in [_log_gap_fails(gap_qg, k, f"1e{j}")] if fails), None)
        if hit is not None:
            k, j, value = hit
            return refuted(
                "symbolic",
                f"at q = {k}, γ = 1e{j}: log max − log bound = {log_gap} = {mpmath.nstr(value, 8)}"
                + (" (complex: the bound is ≤ 0 or not real there)" if isinstance(value, mpmath.mpc) else
                   " > 0 there (the maximum (q/(2eγ))^q exceeds the claimed bound)"),
                witness={"q": k, "gamma": f"1e{j}", "log_max_minus_log_bound": str(log_gap),
                         "value": mpmath.nstr(value, 15)},
                **ev,
            )
    if not every_q or undecided:
        return inconclusive(
            "symbolic",
            (f"max/bound depends on γ at the degrees {undecided} (not decided there), and " if undecided else
             f"the bound and the identity hold at every degree of {list(SYMBOLIC_DEGREES)}, but ")
            + "not for every q symbolically "
            f"(log max − log bound = {log_gap}, identity difference {ident_all})",
            **ev,
        )
    return verified(
        "symbolic",
        f"for every q > 0 the maximum (q/(2eγ))^q is {rel.symbol} the claimed {statement.rhs} (log max − log bound = "
        f"{log_gap}"
        + (": loose by e^{q/2}, e^{−2γz} at z = q/(2γ) is e^{−q}, not e^{−q/2}" if log_gap == -qs / 2 else "")
        + "); the identity holds for every q; at each degree checked the same, and z^{2q}e^{−2γz²} has the same "
        "maximum",
        regime={"region": "q > 0, γ > 0", "holds_on": "all", "conditions": [], "witness": None},
        **ev,
    )


# ---------------------------------------------------------------------------------------------------- final chain

RATE_SIMPLIFICATION = Statement(KEPT + STEP3_N2, Rel.BIG_O_P, KEPT, name="drop the noise term")
RATE_SIMPLIFICATION_CORRECTED = Statement(KEPT + STEP3_N2, Rel.BIG_O_P, KEPT + STEP3_N2)


def check_final_simplification(statement: Statement = RATE_SIMPLIFICATION) -> Verdict:
    """Part 2 §3.4, display (2, 67), relation 3: O_P(d^{−ε_p/(8(q+1))} + d^{1+ε_b+ε_p/4}/n log^{2q+6} d
    log(1.25/δ)/ε²) = O_P(d^{−ε_p/(8(q+1))}), decided on the whole region (n = d^ν, ν ≥ 1 + 3ε_n, privacy factor
    d^r log^ρ d). The regime record gives the exact sub-region where the noise term is absorbed."""
    return check_asymptotic(statement, corrected=RATE_SIMPLIFICATION_CORRECTED, what="dropping the noise term",
                            suitable_eps_b=True)


PENALTY_ALGEBRA = Statement(LAMBDA * d ** (eps_p / 4) / p, Rel.EQ, d ** (eps_p / 4 - 2 * eps_n), name="λ‖ā‖² bound")
PENALTY_SUM = Statement(
    KEPT + STEP3_N2 + d ** (eps_p / 4 - 2 * eps_n), Rel.BIG_O_P, KEPT + STEP3_N2, name="drop the penalty"
)


@decides("=")
def check_penalty_absorbed(algebra: Statement = PENALTY_ALGEBRA, absorbed: Statement = PENALTY_SUM) -> Verdict:
    """Part 2 §3.4, display (2, 68): (1) λ‖ā‖² ≲ (p/d^{2ε_n})·d^{ε_p/4}/p = d^{ε_p/4 − 2ε_n} (symbolic, Assumption 4's
    λ), so the risk plus penalty is O_P(… + d^{ε_p/4 − 2ε_n}); (2) the penalty term is absorbed (decided on the
    region: ε_p/4 − 2ε_n < −ε_p/8 < −ε_p/(8(q+1)) by Assumption 2)."""
    diff = sp.simplify(sp.powsimp(algebra.lhs - algebra.rhs, force=True))
    v = check_asymptotic(absorbed, what="the penalty d^{ε_p/4 − 2ε_n} is absorbed")
    ev = dict(v.evidence) | {
        "algebra_difference": str(diff),
        "links": {"1 algebra": str(diff) == "0", "2 absorbed": _report("absorbed", v)},
    }
    if diff != 0:
        pt = {d: 10, eps_p: 1, eps_n: sp.Rational(1, 5), p: 100}
        return refuted(
            "symbolic",
            f"λ·d^{{ε_p/4}}/p − claimed = {diff}",
            regime=v.regime,
            witness={str(k): str(x) for k, x in pt.items()} | {"difference": str(sp.N(diff.subs(pt), 8))},
            **ev,
        )
    return Verdict(v.verdict, v.method, v.detail, ev, v.corrected, v.regime)


THM2_RATE = Statement(KEPT + STEP3_N2, Rel.BIG_O_P, 1 / log_d, name="final rate is O_P(1/log d)")


def check_theorem2_rate(statement: Statement = THM2_RATE) -> Verdict:
    """Part 2, Theorem 2 (display (2, 1)) from the last line of display (2, 68) only: d^{−ε_p/(8(q+1))} +
    d^{1+ε_b+ε_p/4}/n log^{2q+6} d log(1.25/δ)/ε² = O_P(1/log d), decided on the whole region (the bias window
    makes the noise term's power of d negative; log powers included). Whether the steps before it hold is
    thm2.statement."""
    return check_asymptotic(statement, what="the final bound of display (2, 68) is O_P(1/log d)")


THM1_RATE = Statement(THEOREM1_RATE, Rel.LITTLE_O, sp.Integer(1), name="Theorem 1's rate")


def check_theorem1_vanishes(statement: Statement = THM1_RATE) -> Verdict:
    """Part 1 Theorem 1, display (1, 9): O(d^{−ε_p/(8q)} + d^{1+ε_n}/n · log(1.25/δ)/ε²) = o(1), decided on the whole
    region: n = d^ν with ν ≥ 1 + 3ε_n and every privacy factor Assumption 3 allows (d^r log^ρ d, r ≤ 0, ρ < 4 for
    log(1.25/δ)/ε², δ anywhere in (0, 1): proofs.regime.ADMISSIBLE)."""
    return check_asymptotic(statement, what="Theorem 1's rate vanishes")


CLAIMS = [
    Claim(
        "thm2.eps-b-window",
        "The window for ε_b is non-empty under Assumption 2",
        "Part 2, §3.1 (after Lemma 4)",
        EPS_B_WINDOW_STATEMENT,
        r"Assumption 2: \tfrac{3}{16}\varepsilon_p < \varepsilon_n,\ \varepsilon_p > 0",
        check_eps_b_window,
        relations=((2, "P26", 2),),
    ),
    Claim(
        "construct.a-bound",
        "Bound on |a(b_i)| in the finite certificate, each link",
        "Part 2, §3.4, Step 2",
        A_LL,
        r"\gamma = d^{-\varepsilon_p/(4(q+1))},\ \eta = 1,\ |b_i| \le C_b,\ q \ge 1",
        check_a_bound,
        depends_on=("cert.sup-bound",),
        displays=((2, 52),),
        relations=((2, "D52", 1), (2, "D52", 2), (2, "D52", 3), (2, "D52", 4)),
    ),
    Claim(
        "construct.mcdiarmid",
        "McDiarmid tail for F",
        "Part 2, §3.4, Step 2",
        MCDIARMID_EQ,
        r"t = d^{-\varepsilon_p/(4q)},\ p = d^{\pi_p} \geq d^{\varepsilon_p},\ "
        r"c_i = \tfrac{2}{c_b p}d^{\varepsilon_p/8}",
        check_mcdiarmid,
        depends_on=("construct.a-bound", "construct.bounded-difference"),
        displays=((2, 54),),
        relations=((2, "D54", 1), (2, "D54", 2), (2, "P81", 1)),
    ),
    Claim(
        "construct.expected-sup",
        "E F ≲ d^{ε_p/8} log d/√p would give |F| ≤_P d^{−ε_p/(4(q+1))} (the implication)",
        "Part 2, §3.4, Step 2",
        EXPECTED_SUP,
        r"p = d^{\pi_p} \geq d^{\varepsilon_p}",
        check_expected_sup,
        depends_on=("construct.mcdiarmid",),
        displays=((2, 59),),
        relations=((2, "D59", 3),),
    ),
    Claim(
        "construct.tail-maximum",
        "Maximum of z^q e^{−2γz}",
        "Part 2, §3.4, Step 2",
        TAIL_MAX,
        r"q \ge 1,\ \gamma > 0,\ z > 0",
        check_tail_maximum,
        displays=((2, 61),),
        relations=((2, "P88", 10), (2, "P88", 11)),
    ),
    Claim(
        "thm2.rate-simplification",
        "Dropping the noise term in Theorem 2's rate",
        "Part 2, §3.4, Step 3",
        RATE_SIMPLIFICATION,
        r"Assumptions 2--4,\ 0 < \varepsilon_b < 3\varepsilon_n - \varepsilon_p/4",
        check_final_simplification,
        depends_on=("thm2.chain-sum",),
        displays=((2, 67),),
        relations=((2, "D67", 3),),
    ),
    Claim(
        "thm2.penalty-absorbed",
        "The ridge penalty λ‖ā‖² is absorbed",
        "Part 2, §3.4, Step 3",
        PENALTY_SUM,
        r"Assumption 2,\ \lambda = p/d^{2\varepsilon_n},\ \|\overline{a}\|^2 \lesssim d^{\varepsilon_p/4}/p",
        check_penalty_absorbed,
        depends_on=("thm2.a-norm",),
        displays=((2, 68),),
        # (2, D68, 1), the bound on E_x[(f^W − f_*)²] + λ‖ā‖², is thm2.statement's (referee AT: this claim decides the
        # algebra of relation 2 only, and had been the one claim covering relation 1)
        relations=((2, "D68", 2),),
    ),
    Claim(
        "thm2.rate",
        "Theorem 2's rate: the final bound of display (2, 68) is O_P(1/log d) (final simplification only)",
        "Part 2, Theorem 2",
        THM2_RATE,
        r"Assumptions 1--4,\ 0 < \varepsilon_b < 3\varepsilon_n - \varepsilon_p/4",
        check_theorem2_rate,
        displays=((2, 1),),
        relations=((2, "D1", 1),),
    ),
    Claim(
        "thm1.rate-vanishes",
        "Theorem 1's rate is o(1)",
        "Part 1, §2.2, Theorem 1",
        THM1_RATE,
        r"Assumption 2 (n \ge d^{1+3\varepsilon_n}),\ Assumption 3\ (\delta \in (0,1))",
        check_theorem1_vanishes,
        displays=((1, 9), (1, 7)),
        relations=((1, "D9", 3),),
    ),
]
