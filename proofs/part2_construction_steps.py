r"""Part 2 §3.4 (certificate construction, Theorem 2), relation by relation and over the whole admissible region.

Two kinds of checks:

* **asymptotic relations** (rates in d) are :class:`~theorycheck.statement.Statement` objects decided on
  :data:`proofs.regime.ADMISSIBLE` with :func:`theorycheck.asymptotics.decide` (log powers and the privacy
  factor ``log(1.25/δ)/ε² = d^r log^ρ d`` included), every degree of :data:`proofs.regime.DEGREES`;
* **quantities a step treats as bounded or of an order** (|I|/p, sup_{|b|≤C_b}|a(b)|, F = sup|f_p − f_∞|,
  E F, the bulk error, ‖ā‖²) are *measured*: the second layer a is the one that really reconstructs f_γ
  (:func:`theorycheck.certificate.corrected_a_phi_function`, η = 1, γ = d^{−ε_p/(4(q+1))}), the biases are a
  seeded N(0, 1) sample of size p = d^{ε_p}, and growth exponents in d are fitted with
  :func:`scipy.stats.linregress` (slope in ln d, with its standard error) at the corners of the region that
  matter for Step 2 (ε_p ∈ {0.2, 0.5, 1}: :data:`proofs.regime.CORNERS`; ε_n, ε_b and n do not enter Step 2).

Step 2 needs d only through γ, log d and p, so d itself is never materialised (d up to 10^120).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import math
from collections.abc import Sequence
from typing import Any

import mpmath
import numpy as np
import sympy as sp

from theorycheck import Claim, inconclusive, memo, refuted, verified
from theorycheck import certificate as cert
from theorycheck.asymptotics import Region, crossover_log10_d, decide, ratio_at
from theorycheck.claims import AT_MOST, Verdict, with_readings
from theorycheck.errors import InputError
from theorycheck.hermite import sech2_expectation
from theorycheck.numerics import read_only, tail_integral
from theorycheck.statement import Norm, Rel, Statement, decides, paper_latex

from .part2_fourier_common import Chain
from .regime import (
    ADMISSIBLE,
    BIAS_WINDOW,
    CORNERS,
    SYMBOLIC_DEGREES,
    at_symbols,
    constant_readings,
    corner_point,
    corner_width,
)
from .symbols import (
    LAMBDA,
    NOISE_TO_WIDTH,
    NOISE_TO_WIDTH_EXPONENT,
    PRIVACY_125,
    PRIVACY_FACTOR,
    SIGMA_W,
    c_b,
    d,
    delta,
    eps,
    eps_b,
    eps_n,
    eps_p,
    gamma,
    in_powers_of_d,
    linear_root,
    log_d,
    n,
    nu,
    p,
    pi_p,
    q,
)

DPS = 30
C_B = 1  # the fixed constant C_b of Step 2 (any fixed value; 1 as in part2_certificate_steps)
#: other fixed C_b at which check_index_set's argument is checked (referee CW, CW-1), and the p of its sample there
OTHER_C_B = (0.2, 3.0)
OTHER_C_B_P = 100_000
SEED = 20261123
#: γ's power: γ = d^{−U} (Step 1)
U = eps_p / (4 * (q + 1))
#: log(1.25/δ)/ε² as the paper prints it
PRIV = PRIVACY_125  # log(1.25/δ)/ε²
#: Step-2 corners: the distinct ε_p of proofs.regime.CORNERS (Step 2 does not involve ε_n, ε_b or n)
STEP2_EPS_P: tuple[float, ...] = tuple(sorted({c["eps_p"] for c in CORNERS.values()}))
#: σ_* used in the measurements (degrees 1 and 3)
STEP2_TARGETS: tuple[str, ...] = ("x", "x^3")
#: the measure P(|b| ≤ C_b) of the index set and the paper's c_b read as half of it (any c_b < P works)
P_CB = math.erf(C_B / math.sqrt(2))


@functools.lru_cache(maxsize=1024)  # the same sides are rewritten by decide and again for the evidence
def rewrite(expr: sp.Expr) -> sp.Expr:
    """A side in powers of d: Assumption 4 substituted, p = d^{π_p}, n = d^{ν}, log(1.25/δ)/ε² = d^r log^ρ d."""
    e = sp.sympify(expr).subs(eps, sp.sqrt(sp.log(sp.Rational(5, 4) / delta) / PRIVACY_FACTOR))
    e = sp.powdenest(sp.simplify(e), force=True)
    return in_powers_of_d(e)


def _corner_points(q_value: int = 1) -> dict[str, dict[str, str]]:
    """The named corners as exact region points (ε_b in the middle of its window, r = 0, ρ = 1).

    A fresh dict on each call, built from the remembered strings (:func:`_corner_point_items`)."""
    return {name: dict(items) for name, items in _corner_point_items(q_value)}


@functools.lru_cache(maxsize=8)
def _corner_point_items(q_value: int) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """:func:`_corner_points` as (name, ((key, value), ...)) pairs: every check that reports ratios at the corners asks
    for the same points, whose exact values SymPy derives from :data:`proofs.regime.CORNERS` (nsimplify); they depend
    on q_value only, so they are remembered in-process (strings in tuples, immutable)
    (tests/test_construction_speedups.py compares them with the inline computation)."""
    return tuple((name, tuple(pt.items())) for name, pt in _corner_points_inline(q_value).items())


def _corner_points_inline(q_value: int) -> dict[str, dict[str, str]]:
    out = {}
    for name, c in CORNERS.items():
        out[name] = {**{k: str(v) for k, v in corner_point(c, exact=True).items()}, "rho": "1", "q": str(q_value)}
    return out


def check_asymptotic(
    statement: Statement,
    *,
    region: Region = ADMISSIBLE,
    corrected: Statement | None = None,
    what: str = "",
    corner_ratios: bool = True,
    suitable_eps_b: bool = False,
    corrected_given: str = "",
    **extra: Any,
) -> Verdict:
    """Decide an asymptotic Statement on the whole region; on failure decide ``corrected`` with the same machinery.

    ``corrected_given`` names refuted premises the corrected relation's left side stands for (a chain's steps added
    up): its check is then the chain's arithmetic with those premises granted, recorded in the evidence and the detail
    but never returned as the claim's corrected statement, which the errata would print as true (referee CN, HIGH-2:
    thm2.statement refutes every vanishing bound on the risk where π_p < 1 and σ_W²d/p → ∞).

    The constant-level evidence: lhs/rhs (hidden constants 1) at every named corner for d = 10^8 … 10^128.
    With ``suitable_eps_b``, a failure is also decided under the other reading of §3.4's "by our choice of ε_b" (referee
    H): ε_b a suitable value, not every value of the window (0, 3ε_n − ε_p/4) — the statement on the region with the
    narrower window ε_b < :data:`NARROW_EPS_B_BOUND` (never empty: :func:`narrow_window_nonempty`), recorded as
    ``reading_suitable_eps_b`` and in the detail.
    """
    reduced = _drop_shared_terms(statement)
    v = decide(reduced, region, d=d, rewrite=rewrite, what=what or statement.latex())
    ev = dict(v.evidence) | extra
    if suitable_eps_b and v.verdict == "refuted":
        narrow = decide(reduced, region.restrict(eps_b < NARROW_EPS_B_BOUND, name=region.name + ", narrower ε_b"),
                        d=d, rewrite=rewrite, what=what or statement.latex())
        shifted_proof = False
        window_only = all(c in BIAS_WINDOW for c in region.constraints if getattr(c, "has", lambda *_: False)(eps_b))
        # an inconclusive verdict's regime is "undecided"; what its comparison decided is under "as_decided"
        decided = (narrow.regime or {}).get("as_decided", narrow.regime or {})
        if narrow.verdict == "inconclusive" and decided.get("holds_on") == "all" and window_only:
            # the narrower window depends on q, so every_degree cannot cover it; ε_b = ε_b' − ε_p/(8(q+1)) with ε_b' in
            # the q-free window (0, 3ε_n − ε_p/4) covers a superset of it (ε_b' > 0 is weaker than ε_b > 0): holding
            # there for every q proves the narrower reading for every q. Only where ε_b is bounded by the window alone
            # (referee AP: another bound on ε_b would not shift with it)
            shift = eps_b - eps_p / (8 * (q + 1))
            shifted = Statement(reduced.lhs.subs(eps_b, shift), reduced.rel, reduced.rhs.subs(eps_b, shift),
                                name=reduced.name)
            wide = decide(shifted, region, d=d, rewrite=rewrite, what=what or statement.latex())
            if wide.verdict == "verified":
                narrow, shifted_proof = wide, True
        nonempty = narrow_window_nonempty()
        ev["reading_suitable_eps_b"] = {"window": f"0 < eps_b < {NARROW_EPS_B_BOUND}", "verdict": narrow.verdict,
                                        "holds_on": narrow.regime["holds_on"], "window_never_empty": nonempty,
                                        "regime": narrow.regime,
                                        "every_q_by_the_shift_eps_b_minus_eps_p_over_8_q_plus_1": shifted_proof}
        if narrow.verdict == "verified" and nonempty:
            v = Verdict(v.verdict, v.method, v.detail + " (read as every ε_b of the window 0 < ε_b < 3ε_n − ε_p/4); "
                        "read as a suitable ε_b (§3.4's \"our choice of ε_b\"), it holds on the whole region for every "
                        "ε_b < 3ε_n − ε_p/4 − ε_p/(8(q+1)), a window never empty", v.evidence, v.corrected, v.regime)
        # both readings in the regime record, where the counts read them (referee AY, 7)
        if narrow.verdict == "verified" and nonempty:
            # on the stated region this reading holds only where ε_b lies in the narrower window: a repair of the
            # hypothesis, not a slip read as meant, so it is "part", never "all" (referee BD, H1)
            suitable = ("part: holds for every ε_b < 3ε_n − ε_p/4 − ε_p/(8(q+1)) (a window never empty, but narrower "
                        "than the one Part 2 l. 180 states: a repair of the hypothesis)")
        elif narrow.verdict == "refuted":
            suitable = f"{narrow.regime.get('holds_on', 'none')}: refuted on the narrower window too"
        else:  # inconclusive, or verified on a window not shown non-empty (referee BC, H2)
            suitable = f"undecided: decided {narrow.verdict} on the narrower window (never empty: {nonempty})"
        if v.regime is not None:
            v = with_readings(v, {
                "every ε_b of the window 0 < ε_b < 3ε_n − ε_p/4 (Part 2 l. 180, the only stated choice)":
                    f"{v.regime['holds_on']}: see the conditions and the witness",
                "a suitable ε_b (§3.4's \"by our choice of ε_b\")": suitable})
    if reduced is not statement:
        ev["decided_as"] = {
            "statement": reduced.latex(),
            "why": "left-side terms printed identically on the right "
            "side are dominated by themselves (≲-type relation) and were set aside",
        }
    if corner_ratios:
        lhs, rhs = rewrite(statement.lhs), rewrite(statement.rhs)
        ev["ratio_at_corners"] = {}
        for name, pt in _corner_points().items():
            try:
                ev["ratio_at_corners"][name] = ratio_at(lhs, rhs, pt, d, log10_ds=(8, 32, 128))
            except Exception as exc:  # noqa: BLE001 - a ratio that cannot be evaluated is reported, not fatal
                ev["ratio_at_corners"][name] = f"not evaluated: {type(exc).__name__}"
        if v.verdict == "verified":  # how late it shows: lhs/rhs < 1 (constants 1) from this d on (referee BF, F3)
            cross = {}
            # of the relation decided (a left term printed on the right too keeps lhs/rhs above 1 for ever)
            own_lhs, own_rhs = rewrite(reduced.lhs), rewrite(reduced.rhs)
            for name, pt in _corner_points().items():
                try:
                    cross[name] = crossover_log10_d(own_lhs, own_rhs, pt, d, size=reduced.rel in SIZE_RELATIONS)
                except Exception as exc:  # noqa: BLE001 - reported, not fatal
                    cross[name] = f"not evaluated: {type(exc).__name__}"
            ev["log10_d_from_which_lhs_below_rhs_at_corners"] = cross
            ev["crossover_reading"] = CORNER_READING + (", of the relation decided (decided_as)"
                                                        if reduced is not statement else "")
            worst = max(cross, key=lambda k: _log10_order(cross[k]))
            if _log10_order(cross[worst]) >= 3:
                said = cross[worst]
                at = (f"only from d ≈ 10^{said}" if _is_number(said)
                      else f"never (the ratio tends to {said[len('never (→ '):-1]})"
                      if said.startswith("never") else f"only from d = 10^x with x {said}")
                v = Verdict(v.verdict, v.method, v.detail + f"; with hidden constants 1 the left side is below the "
                            f"right {at} at the corner '{worst}' ({CORNER_READING}; it moves with q and toward the "
                            "region's edges; log10 d at every corner in the evidence)", v.evidence, v.corrected,
                            v.regime)
    if v.verdict == "refuted" and corrected is not None:
        cv = decide(corrected, region, d=d, rewrite=rewrite)
        ev["corrected_check"] = {
            "statement": corrected.latex(),
            "verdict": cv.verdict,
            "detail": cv.detail,
            "regime": cv.regime,
        }
        if cv.verdict == "verified" and corrected_given:
            ev["corrected_check"]["premises_granted"] = corrected_given
            return refuted(v.method, v.detail + "; the corrected relation holds on the whole region as arithmetic, its "
                           f"premises granted ({corrected_given}): not a corrected statement", regime=v.regime, **ev)
        if cv.verdict == "verified":
            return refuted(
                v.method,
                v.detail + "; the corrected relation holds on the whole region",
                corrected=corrected,
                regime=v.regime,
                **ev,
            )
    return Verdict(v.verdict, v.method, v.detail, ev, None, v.regime)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _log10_order(text: str) -> float:
    """A :func:`~theorycheck.asymptotics.crossover_log10_d` answer as a number to compare: "> top" and "never (→ c)"
    are +∞, "< 0.1" and an answer not evaluated are −∞."""
    if _is_number(text):
        return float(text)
    return math.inf if text.startswith((">", "never")) else -math.inf


#: what the named corners fix besides ε_n, ε_p, ν (:func:`_corner_points`), for texts that quote them
CORNER_READING = "q = 1, r = 0, ρ = 1, ε_b mid-window"
#: relations that bound |lhs| (the crossover compares the ratio's size)
SIZE_RELATIONS = (Rel.BIG_O, Rel.BIG_O_P, Rel.LITTLE_O, Rel.LL)


#: The narrower bias window of the "suitable ε_b" reading (referee H): ε_b < 3ε_n − ε_p/4 − ε_p/(8(q+1)), which
#: leaves room for Theorem 2's d^{−ε_p/(8(q+1))} to absorb the noise term d^{1+ε_b+ε_p/4}/n (ν ≥ 1 + 3ε_n).
NARROW_EPS_B_BOUND = 3 * eps_n - eps_p / 4 - eps_p / (8 * (q + 1))


@functools.cache
def narrow_window_nonempty() -> bool:
    """NARROW_EPS_B_BOUND > 0 at every point of the region and degree q (decided: d^{−bound} ≪ 1 everywhere)."""
    return decide(Statement(d ** (-NARROW_EPS_B_BOUND), Rel.LL, sp.Integer(1)), ADMISSIBLE, d=d,
                  rewrite=rewrite).verdict == "verified"


_LE_TYPE = (Rel.LESSSIM, Rel.LESSSIM_P, Rel.LE, Rel.LE_P, Rel.BIG_O, Rel.BIG_O_P)


def _drop_shared_terms(statement: Statement) -> Statement:
    """For a ≲-type relation A + B ≲ A + C, the equivalent B ≲ A + C (A is dominated by itself); else unchanged."""
    if statement.rel not in _LE_TYPE:
        return statement
    right = set(sp.Add.make_args(statement.rhs))
    left = sp.Add.make_args(statement.lhs)
    kept = [term for term in left if term not in right]
    if len(kept) == len(left) or not kept:
        return statement
    return statement.perturb(lhs=sp.Add(*kept), lhs_latex=None)


def order_decisions(lhs: sp.Expr, rel: Rel | str, rhs: sp.Expr) -> list[tuple[str, Verdict]]:
    """``lhs rel rhs`` on the whole region (:func:`check_asymptotic`, no corner ratios) for a relation of ≲-type or
    ≪-type, or ≍ as ≲ both ways: (``"lhs <~ rhs"`` / ``"rhs <~ lhs"``, verdict) for each direction decided."""
    rel = Rel.parse(rel)
    if rel is Rel.ASYMP:
        return [("lhs <~ rhs", check_asymptotic(Statement(lhs, Rel.LESSSIM, rhs), corner_ratios=False)),
                ("rhs <~ lhs", check_asymptotic(Statement(rhs, Rel.LESSSIM, lhs), corner_ratios=False))]
    return [("lhs <~ rhs", check_asymptotic(Statement(lhs, rel, rhs), corner_ratios=False))]


def decide_order(lhs: sp.Expr, rel: Rel | str, rhs: sp.Expr) -> Verdict:
    """One verdict for :func:`order_decisions`: the first direction not verified, else the last one."""
    decisions = [v for _, v in order_decisions(lhs, rel, rhs)]
    return next((v for v in decisions if v.verdict != "verified"), decisions[-1])


def _relation_report(name: str, verdict: Verdict) -> dict[str, Any]:
    return {
        "relation": name,
        "verdict": verdict.verdict,
        "detail": verdict.detail,
        "holds_on": (verdict.regime or {}).get("holds_on"),
    }


# ================================================================================================================
# measurements of Step 2 (shared, cached)


def _degree(target: str) -> int:
    c = cert.parse_polynomial(target).coefficients
    return max(k for k, v in enumerate(c) if v)


def _coeffs(target: str) -> list[float]:
    return [float(c) for c in cert.parse_polynomial(target).coefficients]


def _phi(x):
    return mpmath.exp(-(x**2) / 2) / mpmath.sqrt(2 * mpmath.pi)


@functools.cache
def _a_interpolant(target: str, gamma_value: float, deg: int = 48) -> tuple[Any, float]:
    """a(b) on [−C_b, C_b] (corrected closed form, 30 digits) as a Chebyshev interpolant; returns (interpolant,
    its max error at 9 check points against the closed form)."""
    nodes = C_B * np.cos(np.pi * (np.arange(deg + 1) + 0.5) / (deg + 1))
    with mpmath.workdps(DPS):
        g = cert.corrected_a_phi_function(target, mpmath.mpf(gamma_value), mpmath.mpf(1))

        def a(x: float):
            xm = mpmath.mpf(float(x))
            return g(xm) / _phi(xm)

        vals = [float(a(x)) for x in nodes]
        interp = np.polynomial.Chebyshev.fit(nodes, vals, deg, domain=[-C_B, C_B])
        checks = np.linspace(-C_B, C_B, 9) * 0.987
        err = max(abs(float(a(x)) - float(interp(x))) for x in checks)
    return interp, err


@functools.cache
def _truncated_mean_nodes(target: str, gamma_value: float, nodes: int = 64) -> tuple[np.ndarray, np.ndarray]:
    """Gauss–Legendre nodes on [−C_b, C_b] and weights × a(b)φ(b) (30-digit values): ∫_{−C_b}^{C_b} aφ h ≈ Σ w h."""
    x, w = np.polynomial.legendre.leggauss(nodes)
    with mpmath.workdps(DPS):
        g = cert.corrected_a_phi_function(target, mpmath.mpf(gamma_value), mpmath.mpf(1))
        aphi = np.array([float(g(mpmath.mpf(float(C_B * xi)))) for xi in x])
    return read_only(C_B * x, C_B * w * aphi)


def _f_gamma(target: str, gamma_value: float, zz: np.ndarray) -> np.ndarray:
    return np.polynomial.polynomial.polyval(zz, _coeffs(target)) * np.exp(-gamma_value * zz**2)


def _conditional_mean(target: str, gamma_value: float, zz: np.ndarray) -> np.ndarray:
    """m(z) = E[a(b)σ(z + b) | |b| ≤ C_b] = E[f_p(z) | |I|] (the mean of the certificate as printed)."""
    bn, wn = _truncated_mean_nodes(target, gamma_value)
    return np.tanh(zz[:, None] + bn[None, :]) @ wn / P_CB


def _gamma_of(log10_d: float, q_value: int, ep: float) -> float:
    return 10 ** (-ep * log10_d / (4 * (q_value + 1)))


@memo.remembered()
def _bias(target: str, ep: float, log10_d: float) -> dict[str, float]:
    """Deterministic lower bounds at γ = d^{−ε_p/(4(q+1))}: E F ≥ B_sup = max_{z∈Z}|f_∞(z) − m(z)| (Jensen: E sup ≥
    sup E, and E f_p = m given |I| ≥ 1) over Z = {0, ±½, ±1, ±2, z*} ⊂ H_{log d}, z* the argmax of |f_γ| on the
    whole of H_{log d} (:func:`_sup_H`; referee CM, F3: without z* the sup at |z| ≤ 2 missed F's growth), and the
    bulk bias B_1 = ∫_{−1}^{1} (f_∞ − m)² φ (32-node Gauss–Legendre)."""
    q_value = _degree(target)
    g = _gamma_of(log10_d, q_value, ep)
    zs = np.array([0, 0.5, -0.5, 1, -1, 2, -2.0])
    diff = _f_gamma(target, g, zs) - _conditional_mean(target, g, zs)
    x, w = np.polynomial.legendre.leggauss(32)
    bulk = float(
        np.sum(
            w
            * (_f_gamma(target, g, x) - _conditional_mean(target, g, x)) ** 2
            * np.exp(-(x**2) / 2)
            / np.sqrt(2 * np.pi)
        )
    )
    b_sup = max(float(np.max(np.abs(diff))), _sup_H(target, ep, log10_d)["lower"])
    return {"log10_d": log10_d, "gamma": g, "B_sup": b_sup, "B_bulk_lower": bulk}


def _mp(c) -> Any:
    """An exact rational coefficient as an mpf at the working precision."""
    return mpmath.mpf(c.numerator) / c.denominator


def proved_truncated_sup(target: str, gamma, C=C_B) -> mpmath.mpf:
    r"""A proved bound on S = sup_{|b|≤C_b}|a(b)|: √(2π) e^{C_b²/2} (1/π) e^{π²γ/4} Σ|c_n| (π²/4 + C_b²)^{n/2}.

    Proof: aφ(b) = (1/π) Im f_γ(w), w = iπ/2 − b, |e^{−γw²}| = e^{π²γ/4 − γb²} ≤ e^{π²γ/4}, |w|² = π²/4 + b², and
    1/φ(b) ≤ √(2π) e^{C_b²/2} on |b| ≤ C_b. For γ ≤ 1 it is at most its value at γ = 1: independent of d. Since
    |σ| = |tanh| ≤ 1, |f_p(z)| ≤ max_{i∈I}|a(b_i)| ≤ this bound at every z and for every draw of the biases (the
    one home of the bound: construct.summand-bound's proved S and the F bounds of :func:`_sup_H` read it)."""
    C = mpmath.mpf(C)
    total = sum(
        abs(mpmath.mpf(c.numerator) / c.denominator) * (mpmath.pi**2 / 4 + C**2) ** (mpmath.mpf(n) / 2)
        for n, c in enumerate(cert.parse_polynomial(target).coefficients)
        if c
    )
    return (mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(C**2 / 2) * mpmath.exp(mpmath.pi**2 * mpmath.mpf(gamma) / 4)
            / mpmath.pi * total)


@memo.remembered()
def _sup_H(target: str, ep: float, log10_d: float, grid: int = 4001) -> dict[str, Any]:
    r"""F = sup_{|z| ≤ log d} |f_p(z) − f_∞(z)| (H_{log d}, Part 2 l. 553) bounded from the definitions at
    γ = d^{−ε_p/(4(q+1))}, L = log d, f_∞ = f_γ (the a that reconstructs f_γ, η = 1), 30 digits:

    * M = max |f_γ| over the points of H_{log d} evaluated (a 4001-point grid of [−L, L] with both ends, and the
      grid's best point refined by findroot on f' − 2γzf, kept only inside H): M ≤ sup_H |f_γ|;
    * S̄ (:func:`proved_truncated_sup`) ≥ sup_z |f_p(z)| for every draw;
    * every draw: M − S̄ ≤ F ≤ Σ_k |c_k| L^k + S̄ (|f_γ| ≤ |f| ≤ Σ|c_k|L^k on H), so E F lies there too;
    * Jensen: E F ≥ |f_γ(z*) − m(z*)| at the evaluated argmax z*, m(z) = E[f_p(z) | |I|] (mpmath quadrature).
    d itself is never formed (γ and L from log10 d)."""
    q_value = _degree(target)
    coeffs = cert.parse_polynomial(target).coefficients
    with mpmath.workdps(DPS):
        L = mpmath.mpf(log10_d) * mpmath.log(10)
        g = mpmath.power(10, -mpmath.mpf(ep) * mpmath.mpf(log10_d) / (4 * (q_value + 1)))
        mp_coeffs = [_mp(c) for c in coeffs][::-1]  # highest degree first (mpmath.polyval)

        def fg(z):  # f_γ(z) = f(z) e^{−γz²}
            return cert.f_gamma(target, g, z)

        # locate in floats (γ may underflow to 0 there: only the location is taken from it), decide in mpmath
        zz = np.linspace(-float(L), float(L), grid)
        vals = np.abs(np.polynomial.polynomial.polyval(zz, [float(c) for c in coeffs])
                      * np.exp(-float(g) * zz**2))
        best = mpmath.mpf(float(zz[int(np.argmax(vals))]))
        cands = [best, L, -L]
        deriv = [_mp(c) * k for k, c in enumerate(coeffs)][1:]  # f'

        def crit(z):  # f_γ'(z) e^{γz²} = f'(z) − 2γ z f(z)
            return mpmath.polyval(deriv[::-1], z) - 2 * g * z * mpmath.polyval(mp_coeffs, z)

        try:
            root = mpmath.findroot(crit, best)
            if abs(mpmath.im(root)) == 0 and abs(root) <= L:
                cands.append(mpmath.re(root))
        except (ValueError, ZeroDivisionError):  # no root near the grid point (the maximum is at an end of H)
            pass
        z_star = max(cands, key=lambda z: abs(fg(z)))
        M = abs(fg(z_star))
        S_bar = proved_truncated_sup(target, g)
        upper_f = sum(abs(_mp(c)) * L**k for k, c in enumerate(coeffs))
        a_phi = cert.corrected_a_phi_function(target, g, mpmath.mpf(1))  # the a that reconstructs f_γ at η = 1
        m_star = mpmath.quad(lambda bb: a_phi(bb) * mpmath.tanh(z_star + bb), [-C_B, 0, C_B]) / mpmath.erf(
            mpmath.mpf(C_B) / mpmath.sqrt(2))
        jensen = abs(fg(z_star) - m_star)
        lower = M - S_bar
        upper = upper_f + S_bar
        return {
            "target": target,
            "eps_p": ep,
            "q": q_value,
            "log10_d": log10_d,
            "log_d": mpmath.nstr(L, 12),
            "gamma": mpmath.nstr(g, 12),
            "z_star": mpmath.nstr(z_star, 12),
            "f_gamma(z_star)": mpmath.nstr(fg(z_star), DPS),
            "E f_p(z_star)": mpmath.nstr(m_star, DPS),
            "S_bar (>= max|a| on |b|<=C_b)": mpmath.nstr(S_bar, DPS),
            "F_lower (every draw)": mpmath.nstr(lower, DPS),
            "F_upper (every draw)": mpmath.nstr(upper, DPS),
            "EF_lower_jensen": mpmath.nstr(jensen, DPS),
            "F_lower/log^q d": mpmath.nstr(lower / L**q_value, 12),
            "F_upper/log^q d": mpmath.nstr(upper / L**q_value, 12),
            "lower": float(max(lower, jensen)),  # the best lower bound of E F (and of F: M − S̄ for every draw)
            "lower_every_draw": float(lower),
            "upper": float(upper),
        }


@functools.cache
@memo.shared
def _instance(target: str, ep: float, log10_d: float, seed: int, grid: int = 801) -> dict[str, float]:
    """One seeded certificate at p = d^{ε_p}, γ = d^{−ε_p/(4(q+1))}: |I|/p, S_I = max_I|a(b_i)|, p‖ā‖²,
    F_H = max over a grid of H_{log d} of |f_p − f_∞| (a lower bound of F), the bulk error
    E[(f_∞ − f_p)² 1_{|z| ≤ log d}] (trapezoid on the grid) and the grid max of (f_∞ − f_p)² (for display (2, 60))."""
    q_value = _degree(target)
    L = log10_d * math.log(10)
    g = _gamma_of(log10_d, q_value, ep)
    p_value = max(2, int(round(10 ** (ep * log10_d))))
    a, interp_err = _a_interpolant(target, g)
    rng = np.random.default_rng(seed)
    bs = rng.standard_normal(p_value)
    kept = bs[np.abs(bs) <= C_B]
    m = len(kept)
    A = a(kept)
    zz = np.linspace(-L, L, grid)
    fp = np.tanh(zz[:, None] + kept[None, :]) @ A / m
    diff2 = (fp - _f_gamma(target, g, zz)) ** 2
    phi = np.exp(-(zz**2) / 2) / math.sqrt(2 * math.pi)
    bulk = float(np.trapezoid(diff2 * phi, zz)) if hasattr(np, "trapezoid") else float(np.trapz(diff2 * phi, zz))
    return {
        "log10_d": log10_d,
        "p": p_value,
        "seed": seed,
        "gamma": g,
        "|I|": m,
        "|I|/p": m / p_value,
        "S_I": float(np.max(np.abs(A))),
        "p*norm2": float(p_value * np.sum(A**2) / m**2),
        "F_H": float(np.sqrt(diff2.max())),
        "bulk": bulk,
        "bulk_bound_F2_mass": float(diff2.max() * np.trapezoid(phi, zz))
        if hasattr(np, "trapezoid")
        else float(diff2.max() * np.trapz(phi, zz)),
        "interp_error": interp_err,
        "sup_|f_p - m|": float(np.max(np.abs(fp - _conditional_mean(target, g, zz)))),
    }


def _sim_log10_ds(ep: float, p_lo: float = 60, p_hi: float = 4000, k: int = 5) -> list[float]:
    """log10 d such that p = d^{ε_p} runs from p_lo to p_hi."""
    lo, hi = math.log10(p_lo) / ep, math.log10(p_hi) / ep
    return [round(lo + (hi - lo) * i / (k - 1), 4) for i in range(k)]


def _det_log10_ds(q_value: int, ep: float, gammas: Sequence[float] = (0.5, 0.1, 0.02, 0.005, 0.001)) -> list[float]:
    """log10 d at which γ = d^{−ε_p/(4(q+1))} takes the given values."""
    return [round(4 * (q_value + 1) * math.log10(1 / g_) / ep, 4) for g_ in gammas]


def _fit(xs: Sequence[float], ys: Sequence[float]) -> dict[str, float]:
    """Slope of ln y against ln d (xs are log10 d) with its standard error (scipy.stats.linregress)."""
    lx = np.asarray(xs) * math.log(10)
    ly = np.log(np.asarray(ys))
    from scipy import stats  # imported when needed: loading the claims stays fast

    res = stats.linregress(lx, ly)
    return {
        "exponent": float(res.slope),
        "stderr": float(res.stderr),
        "intercept": float(res.intercept),
        "points": len(xs),
    }


def measure(
    quantity: str,
    *,
    targets: Sequence[str] = STEP2_TARGETS,
    eps_ps: Sequence[float] = STEP2_EPS_P,
    seeds: Sequence[int] = (SEED, SEED + 1, SEED + 2),
) -> dict[str, Any]:
    """Growth exponent in d of a simulated Step-2 quantity at each corner (ε_p, σ_*), seeds pooled."""
    out = {}
    for target in targets:
        for ep in eps_ps:
            rows = [_instance(target, ep, L, s) for L in _sim_log10_ds(ep) for s in seeds]
            out[f"eps_p={ep}, sigma_*={target}"] = {
                "fit": _fit([r["log10_d"] for r in rows], [r[quantity] for r in rows]),
                "rows": [{k: r[k] for k in ("log10_d", "p", "seed", "gamma", quantity)} for r in rows],
            }
    return out


def measure_bias(
    quantity: str, *, targets: Sequence[str] = STEP2_TARGETS, eps_ps: Sequence[float] = STEP2_EPS_P
) -> dict[str, Any]:
    """Growth exponent in d of a deterministic lower bound (B_sup or B_bulk_lower) at each corner,
    γ from ½ to 10^{−3}."""
    out = {}
    for target in targets:
        for ep in eps_ps:
            rows = [_bias(target, ep, L) for L in _det_log10_ds(_degree(target), ep)]
            out[f"eps_p={ep}, sigma_*={target}"] = {
                "fit": _fit([r["log10_d"] for r in rows], [r[quantity] for r in rows]),
                "rows": rows,
                "q": _degree(target),
                "eps_p": ep,
            }
    return out


# ================================================================================================================
# Step 1


STEP1_RATE = Statement(
    d ** (-2 * U),
    Rel.LESSSIM,
    2 * d ** (-U),
    name="Step 1, eventual",
    lhs_latex=r"\E_{x}\left[(f_*(x) - f_\infty(x))^2\right] \asymp \E[z^4\sigma_*(z)^2]\,\gamma^{2}",
)


def check_step1_regime(statement: Statement = STEP1_RATE, targets: Sequence[str] = ("x", "x^3", "x^2 + x - 1")
                       ) -> Verdict:
    r"""Display (2, 50) over the region: E[(f_* − f_∞)²] = E[z⁴σ_*²]γ² + O(γ³) (exact series,
    construct.step1-infinite-model) with γ = d^{−ε_p/(4(q+1))}, against 2 d^{−ε_p/(4(q+1))}.

    The statement's left side is the order of E (referee AM: it had been taken as given, so γ³ or γ^{10} passed): the
    exact series is recomputed for ``targets`` (E − m4γ² = O(γ³) with m4 = E[z⁴σ_*²] > 0, so E ≍ γ² = d^{−2U} for
    every σ_* ≠ 0), and the left side must be ≍ d^{−2U} on the whole region (≲ both ways) before the ≲ is decided."""
    from .part2_certificate_steps import _step1_moments  # imported here: that module imports this one

    series = {}
    for target in targets:
        _, m4, lead, _ = _step1_moments(target)
        series[target] = {"E[z^4 sigma^2]": str(m4), "E - m4 gamma^2 = O(gamma^3)": lead == 0}
    order = d ** (-2 * U)
    both = [check_asymptotic(Statement(statement.lhs, Rel.LESSSIM, order), corner_ratios=False),
            check_asymptotic(Statement(order, Rel.LESSSIM, statement.lhs), corner_ratios=False)]
    v = check_asymptotic(statement, what="E[(f_* − f_∞)²] ≍ γ² ≲ 2d^{−ε_p/(4(q+1))}")
    ev = dict(v.evidence) | {"series": series, "lhs_is_the_order_of_E": [b.verdict for b in both]}
    if not all(row["E - m4 gamma^2 = O(gamma^3)"] and sp.sympify(row["E[z^4 sigma^2]"]) > 0
               for row in series.values()):
        return inconclusive("exact", "the exact series of E does not start with m4γ², m4 > 0", regime=v.regime, **ev)
    wrong = next((b for b in both if b.verdict == "refuted"), None)
    if wrong is not None:
        return refuted("exact", f"E[(f_* − f_∞)²] = E[z⁴σ_*²]γ² + O(γ³) with E[z⁴σ_*²] > 0 (exact series), so E ≍ "
                       f"γ² = d^{{−2U}}, not the left side: {wrong.detail}", regime=wrong.regime,
                       witness=(wrong.evidence or {}).get("witness"), **ev)
    if any(b.verdict != "verified" for b in both):
        return inconclusive("exact", "whether the left side is E's order γ² is not decided", regime=v.regime, **ev)
    return Verdict(v.verdict, v.method, v.detail, ev, v.corrected, v.regime)


# ================================================================================================================
# Step 2: the projection, the index set, the finite model


MU_NORM = sp.Symbol("mu_norm", positive=True)
PROJECTION = Statement(
    sp.Symbol("Var_z"), Rel.EQ, 1, name="Var <mu, x>", lhs_latex=r"\operatorname{Var}\langle \mu, x\rangle"
)


@decides("=")
def check_projection(statement: Statement = PROJECTION, mu_norm_sq=1, dims: Sequence[int] = (3, 17, 64)) -> Verdict:
    r"""Relation (2, P75, 4): ⟨μ, x⟩ ~ N(0, 1) for x ~ N(0, Id) and the unit target direction μ (Assumption 1).

    ⟨μ, x⟩ is Gaussian with mean 0 and variance μᵀ Id μ = ‖μ‖²: computed exactly for rational μ of squared norm
    ``mu_norm_sq`` in several dimensions, compared with the claimed variance."""
    rows, differences = [], []
    # the claimed variance as given (referee EH, EH-21: nsimplify had rounded 1 + 10⁻¹⁰ to 1 and verified it)
    claimed = statement.rhs
    for k in dims:
        mu = [sp.Integer(0)] * k
        mu[0] = sp.sqrt(sp.nsimplify(mu_norm_sq) * sp.Rational(9, 25))
        mu[-1] = sp.sqrt(sp.nsimplify(mu_norm_sq) * sp.Rational(16, 25))
        var = sp.simplify(sum(m_ * m_ for m_ in mu))  # μᵀ Id μ
        rows.append({"dim": k, "variance": str(var), "claimed": str(claimed)})
        differences.append(sp.simplify(var - claimed))
    ev = {"rows": rows, "tolerance": "exact", "achieved_error": "0"}
    bad = next((row for row, diff in zip(rows, differences) if diff != 0), None)
    if bad:
        return refuted("symbolic", f"Var⟨μ, x⟩ = ‖μ‖² = {bad['variance']} ≠ {claimed}", witness=bad, **ev)
    return verified("symbolic", "Var⟨μ, x⟩ = μᵀ Id μ = ‖μ‖² = 1 exactly (mean 0, Gaussian as a linear image)", **ev)


INDEX_SET = Statement(
    sp.Symbol("I_size") / p,
    Rel.GE,
    sp.Rational(1, 2) * sp.erf(C_B / sp.sqrt(2)),
    name="|I|/p >=_P c_b",
    lhs_latex=r"\frac{|\mathcal{I}|}{p}",
)


@decides("≥", ">")
def check_index_set(statement: Statement = INDEX_SET) -> Verdict:
    r"""Relations (2, P76, 4–5) and (2, D59, 2): |I| ≥_P c_b p with c_b > 0 depending only on C_b, and hence
    1/√|I| ≲ 1/√p.

    |I| ~ Binomial(p, P(|b| ≤ C_b)); the claimed c_b is ``statement.rhs``. Measured: |I|/p at p = d^{ε_p} across d
    at the corners (3 seeds; fitted exponent must be 0 within 5 standard errors, values at the largest p above
    c_b); proved: Chernoff P(|I| < c_b p) ≤ exp(−p(P − c_b)²/(2P)) ≤ e^{−c log² d} when c_b < P, decided as
    log² d ≲ p on the region (≥_P's level, Part 1 §2.5).
    """
    cb = float(sp.N(statement.rhs))
    meas = measure("|I|/p")
    ev: dict[str, Any] = {
        "c_b_claimed": cb,
        "P(|b|<=C_b)": P_CB,
        "C_b": C_B,
        "measurements": meas,
        "seeds": [SEED, SEED + 1, SEED + 2],
        "tolerance": "5 standard errors",
        "achieved_error": max(v["fit"]["stderr"] for v in meas.values()),
    }
    for name, m in meas.items():
        top = [r["|I|/p"] for r in m["rows"] if r["log10_d"] == max(x["log10_d"] for x in m["rows"])]
        if (
            np.mean(top) + 5 * np.std(top, ddof=1) / math.sqrt(len(top)) + 5 / math.sqrt(max(r["p"] for r in m["rows"]))
            < cb
        ):
            return refuted(
                "simulation",
                f"at {name}, p = {max(r['p'] for r in m['rows'])}: |I|/p = {np.mean(top):.4f} "
                f"→ P(|b| ≤ C_b) = {P_CB:.4f} < c_b = {cb:.4f}",
                witness={"corner": name, "I/p": top, "limit": P_CB},
                **ev,
            )
    if not cb < P_CB:
        return refuted(
            "exact",
            f"c_b = {cb} ≥ P(|b| ≤ C_b) = {P_CB}: |I|/p → P(|b| ≤ C_b) by the law of large numbers",
            witness={"c_b": cb, "limit": P_CB},
            **ev,
        )
    # ≥_P's level (Part 1 §2.5): the failure probability exp(−p(P − c_b)²/(2P)) ≤ e^{−c log² d} needs log² d ≲ p, not
    # only p → ∞ (referee CH, CH-3: "1 ≪ p" would have accepted p = log d)
    chern = check_asymptotic(
        Statement(log_d**2, Rel.LESSSIM, p), what="Chernoff exponent p(P − c_b)²/(2P) ≳ log² d", corner_ratios=False
    )
    ev["chernoff"] = {
        "bound": "exp(-p (P - c_b)^2 / (2 P)) <= exp(-c log^2 d) iff log^2 d <~ p",
        "exponent_diverges": chern.verdict,
        "regime": chern.regime,
    }
    # the statement is the C_b = 1 instance; the paper's C_b is "some fixed constant" (referee CW, CW-1): at other C_b
    # the same argument, c_b = P(|b| ≤ C_b)/2 < P, Chernoff exponent p·P/8, and |I|/p at one seeded large p
    ev["other_C_b"] = {}
    for C in OTHER_C_B:
        P = math.erf(C / math.sqrt(2))
        share = float(np.mean(np.abs(np.random.default_rng([SEED, int(1000 * C)]).standard_normal(OTHER_C_B_P)) <= C))
        ev["other_C_b"][str(C)] = {"P(|b|<=C_b)": P, "c_b = P/2": P / 2, "chernoff_exponent": "p·P/8",
                                   "p": OTHER_C_B_P, "|I|/p": share}
        if abs(share - P) > 5 * math.sqrt(P * (1 - P) / OTHER_C_B_P):
            return inconclusive("simulation+exact", f"|I|/p = {share:.4f} is not near P(|b| ≤ {C}) = {P:.4f}", **ev)
    drift = [k for k, m in meas.items() if abs(m["fit"]["exponent"]) > 5 * m["fit"]["stderr"] + 0.01]
    if chern.verdict != "verified" or drift:
        return inconclusive("simulation+exact", f"|I|/p drifts with d at {drift}", regime=chern.regime, **ev)
    return verified(
        "simulation+exact",
        f"|I|/p → P(|b| ≤ C_b) = {P_CB:.4f} > c_b = {cb:.4f} (fitted exponents ≈ 0 at "
        "every corner) and P(|I| < c_b p) ≤ exp(−cp) ≤ e^{−c' log² d} on the whole region (log² d ≲ p = d^{π_p}, "
        f"π_p ≥ ε_p > 0: ≥_P's level), at the statement's C_b = {C_B}; for every fixed C_b > 0 the same with "
        f"c_b = P(|b| ≤ C_b)/2 (other_C_b: C_b = {', '.join(str(c) for c in OTHER_C_B)})",
        regime=chern.regime,
        **ev,
    )


A_SYM = sp.IndexedBase("a")
# Display (2, 51)'s objects: neuron i's second-layer weight ā_i, bias b_i and the indicator 1_{i∈I}; |I|; a(·)
# of Theorem 6; σ; the projection ⟨μ, x⟩ (one real number: the identity holds at each x)
_I_INDEX = sp.Symbol("i", integer=True, positive=True)
_A_BAR = sp.IndexedBase(r"\overline{a}", real=True)
_B_I = sp.IndexedBase("b", real=True)
_IN_I = sp.IndexedBase(r"\mathbb{1}_{\mathcal{I}}", real=True)
_SIZE_I = sp.Symbol(r"|\mathcal{I}|", positive=True)
_A_FN = sp.Function("a", real=True)
_SIGMA = sp.Function(r"\sigma", real=True)
_MU_X = sp.Symbol(r"\langle \mu, x \rangle", real=True)


def finite_model_weights(normalisation: sp.Expr = _SIZE_I) -> sp.Eq:
    r"""The paper's choice ā_i = 1_{i∈I} a(b_i)/|I| (Part 2, §3.4, Step 2), with ``normalisation`` for |I|."""
    return sp.Eq(_A_BAR[_I_INDEX], _IN_I[_I_INDEX] * _A_FN(_B_I[_I_INDEX]) / normalisation)


#: Display (2, 51): Σ_{i=1}^p ā_i σ(⟨μ, x⟩ + b_i) = (1/|I|) Σ_{i∈I} a(b_i) σ(⟨μ, x⟩ + b_i), the sum over I written
#: as the sum over every i with the indicator 1_{i∈I}
FINITE_MODEL = Statement(
    sp.Sum(_A_BAR[_I_INDEX] * _SIGMA(_MU_X + _B_I[_I_INDEX]), (_I_INDEX, 1, p)),
    Rel.EQ,
    sp.Sum(_IN_I[_I_INDEX] * _A_FN(_B_I[_I_INDEX]) * _SIGMA(_MU_X + _B_I[_I_INDEX]), (_I_INDEX, 1, p)) / _SIZE_I,
    assumptions=(finite_model_weights(),),
    name="f_p identity",
    lhs_latex=r"\sum_{i = 1}^p \overline{a}_i \sigma(\langle \mu, x \rangle + b_i)",
)


def finite_model_difference(statement: Statement, weights: sp.Eq) -> sp.Expr:
    """The statement's lhs − rhs with each ā_i replaced by ``weights``' right side, collected exactly (0 when the
    identity holds for every p, every b, every a(·), σ and x)."""
    def weight(e: sp.Indexed) -> sp.Expr:
        return weights.rhs.subs(_I_INDEX, e.indices[0])
    lhs = statement.lhs.replace(lambda e: isinstance(e, sp.Indexed) and e.base == _A_BAR, weight)
    return sp.simplify(sp.factor_terms(lhs - statement.rhs))


def _evaluate_indexed(expr: sp.Expr, values: dict, a: Any, at: Any = None) -> Any:
    """``expr`` (sums over i of terms in ā_i, 1_{i∈I}, b_i, |I|, ⟨μ, x⟩, a(·) and σ = tanh) at numpy ``values``
    (indexed objects as arrays indexed from 1; ⟨μ, x⟩ a row of points), with a free index i at the array ``at``:
    each sum over its index array, the rest by lambdify, so that the numbers are the statement's own, not a formula
    written again."""
    plain = {_A_BAR: sp.IndexedBase("abar"), _IN_I: sp.IndexedBase("in_I"), _B_I: sp.IndexedBase("b"),
             _SIZE_I: sp.Symbol("size_I"), _MU_X: sp.Symbol("u"), _I_INDEX: sp.Symbol("i")}
    args = tuple(plain[k] for k in (_A_BAR, _IN_I, _B_I, _SIZE_I, _MU_X)) + (p,)
    given = [values[k] for k in (_A_BAR, _IN_I, _B_I, _SIZE_I, _MU_X, p)]
    modules = [{"a": a}, "numpy"]
    sums: dict[sp.Symbol, Any] = {}

    def placeholder(term: sp.Sum) -> sp.Symbol:
        symbol = sp.Dummy()
        (index, lo, hi), = term.limits
        summand = sp.lambdify(args + (index,), term.function, modules=modules)
        ii = np.arange(int(lo.subs(p, values[p])), int(hi.subs(p, values[p])) + 1)
        sums[symbol] = np.sum(summand(*given, ii[:, None]), axis=0)
        return symbol

    outer = expr.xreplace(plain).replace(_SIGMA, sp.tanh).replace(lambda e: isinstance(e, sp.Sum), placeholder)
    free = (plain[_I_INDEX],) if at is not None else ()
    return sp.lambdify(args + free + tuple(sums), outer, modules=modules)(*given, *([at] if free else []),
                                                                          *sums.values())


@decides("=", param="statement")
def check_finite_model(
    weight_normalisation: str = "|I|",
    target: str = "x^3",
    gamma_value: float = 0.1,
    p_value: int = 500,
    seed: int = SEED,
    statement: Statement = FINITE_MODEL,
) -> Verdict:
    r"""Display (2, 51): with ā_i = 1_{i∈I} a(b_i)/|I|, Σ_{i=1}^p ā_i σ(z + b_i) = (1/|I|)Σ_{i∈I} a(b_i)σ(z + b_i).

    Exactly, in SymPy: the weights substituted into the statement's left side, lhs − rhs collects to 0 for every
    p, b, a(·), σ and x. Then the statement's two sides on a seeded instance (b_i ~ N(0, 1), I = {|b_i| ≤ C_b}, a of
    Theorem 6 for ``target``, σ = tanh, 41 points ⟨μ, x⟩ ∈ [−4, 4]; float64): the numbers behind a failure.
    ``weight_normalisation`` is the denominator of ā (the paper's |I|; "p" is the perturbation); ``statement``
    the identity claimed."""
    denominator = {"|I|": _SIZE_I, "p": p}.get(weight_normalisation)
    if denominator is None:
        raise ValueError(f"weight_normalisation must be '|I|' or 'p', got {weight_normalisation!r}")
    known = {_A_BAR, _IN_I, _B_I, _SIZE_I, _MU_X, p, _I_INDEX}
    foreign = {str(x) for x in (statement.lhs.free_symbols | statement.rhs.free_symbols)
               if x not in known and not (isinstance(x, sp.Indexed) and x.base in known)
               and not any(x == getattr(k, "label", None) for k in known)}
    foreign |= {str(f.func) for f in (statement.lhs - statement.rhs).atoms(sp.Function)
                if f.func not in (_A_FN, _SIGMA)}
    if foreign:
        raise InputError(f"display (2, 51) is in ā_i, 1_{{i∈I}}, b_i, |I|, ⟨μ, x⟩, p, a(·) and σ; the statement also "
                         f"has {sorted(foreign)}")
    # the weights: the statement's own ā_i = … (referee AO: they had been rebuilt from weight_normalisation alone)
    stated = [w for w in statement.assumptions if isinstance(w, sp.Eq) and w.lhs == _A_BAR[_I_INDEX]]
    if len(stated) > 1:
        raise InputError("the statement defines ā_i more than once")
    weights = finite_model_weights(denominator) if weight_normalisation == "p" or not stated else stated[0]
    difference = finite_model_difference(statement, weights)
    a, _ = _a_interpolant(target, gamma_value)
    rng = np.random.default_rng(seed)
    bs = np.concatenate([[np.nan], rng.standard_normal(p_value)])  # b_1 … b_p at indices 1 … p
    in_i = (np.abs(bs) <= C_B).astype(float)
    m = int(in_i[1:].sum())
    values: dict[Any, Any] = {_IN_I: in_i, _B_I: bs, _SIZE_I: float(m), _MU_X: np.linspace(-4, 4, 41)[None, :],
                              p: p_value, _A_BAR: np.zeros_like(bs)}

    def a_inside(x: Any) -> Any:  # a(b_i) is only used where 1_{i∈I} = 1: clip so that no b outside [−C_b, C_b]
        return a(np.clip(np.nan_to_num(x), -C_B, C_B))  # reaches the interpolant (its values there are multiplied by 0)

    values[_A_BAR] = _evaluate_indexed(weights.rhs, values, a_inside, at=np.arange(p_value + 1))  # ā_0 unused
    left = _evaluate_indexed(statement.lhs, values, a_inside)
    right = _evaluate_indexed(statement.rhs, values, a_inside)
    err = float(np.max(np.abs(left - right)))
    ev = {"weights": sp.latex(weights), "lhs_minus_rhs": sp.latex(difference), "seed": seed, "p": p_value,
          "|I|": m, "max_difference": err, "tolerance": "1e-12", "achieved_error": err}
    if difference != 0:
        if err > 1e-12:
            return refuted(
                "symbolic+numeric",
                f"with {sp.latex(weights)}, lhs − rhs = {sp.latex(difference)}, not 0; on a seeded instance the two "
                f"sides differ by {err:.3g}",
                witness={"seed": seed, "p": p_value, "max_difference": err}, **ev)
        return inconclusive("symbolic+numeric", f"lhs − rhs = {sp.latex(difference)} does not collect to 0, but the "
                            f"seeded instance does not separate the sides ({err:.3g})", **ev)
    if err > 1e-12:  # the exact identity holds: a numeric gap is a defect of the instance, not of the paper
        return inconclusive("symbolic+numeric", f"exact identity, but the seeded instance differs by {err:.3g}", **ev)
    return verified(
        "symbolic+numeric",
        "the sum over all i with ā_i = 1_I a(b_i)/|I| is the average over I: exactly (lhs − rhs collects to 0 for "
        "every p, b, a(·), σ and x) and on a seeded instance (float64, 41 z)", **ev
    )


# ================================================================================================================
# Step 2: bounded differences


_DF = sp.Symbol("Delta_F", nonnegative=True)
#: Display (2, 53): |F − F'| ≲ (2/|I|) d^{ε_p/8} ≤_P (2/(c_b p)) d^{ε_p/8} ≍ (1/(c_b p)) d^{ε_p/8}
BOUNDED_DIFFERENCE = Chain((
    Statement(_DF, Rel.LESSSIM, 2 / _SIZE_I * d ** (eps_p / 8), lhs_latex=r"|F - F'|", name="bounded difference"),
    Statement(2 / _SIZE_I * d ** (eps_p / 8), Rel.LE_P, 2 / (c_b * p) * d ** (eps_p / 8)),
    Statement(2 / (c_b * p) * d ** (eps_p / 8), Rel.ASYMP, 1 / (c_b * p) * d ** (eps_p / 8)),
))


def _bounded_difference_links(chain: Chain) -> tuple[dict[str, Any], list[Verdict]]:
    """The three links of display (2, 53) decided from the chain's own sides (referee AM: the statement had not been
    read). Link 1: |F − F'| ≤ 2S/min(|I|, |I'|) exactly (one b_i replaced: the average over I moves by at most S/|I|
    through the replaced term and S/|I| through the renormalisation), S = Θ(1) (construct.summand-bound) and
    |I| ≍_P p (c_b p ≤ |I| ≤ p), so the link holds iff 1/p ≲ its right side with |I| = p, on the whole region.
    Link 2: |I| ≥ c_b p, so the left side with |I| = c_b p must be at most the right side, and the left side must
    not increase with |I|. Link 3 with its own relation: ≍ as ≲ both ways, ≲ or ≪ one way, on the region.
    A failing link 1 is a refutation because the worst replacement moves F by ≳ S/|I| too: at the z* where
    |f_p − f_∞| is largest, pick i and b'_i so that a(b'_i)σ(z* + b'_i) − a(b_i)σ(z* + b_i) has the sign of
    (f_p − f_∞)(z*) and size Θ(1) (a ≠ constant on [−C_b, C_b]): F' ≥ F + Θ(1)/|I| (referee AO)."""
    one, two, three = chain.links
    le_type = (Rel.LESSSIM, Rel.LE, Rel.LESSSIM_P, Rel.LE_P, Rel.BIG_O, Rel.BIG_O_P)
    r1, r2, r3 = (Rel.parse(link.rel) for link in chain.links)
    # the relations and the left side are read, not assumed (referee AO)
    if sp.simplify(one.lhs - _DF) != 0:
        raise InputError(f"the chain must start at |F − F'| (Delta_F), not {one.lhs}")
    if r1 not in le_type + (Rel.LL,):
        raise InputError(f"link 1 is decided as ≲ or ≪ (a lower bound of |F − F'| is not a proved order), "
                         f"not {r1.value}")
    if r2 not in le_type + (Rel.LT,):
        raise InputError(f"link 2 (|I| ≥ c_b p) is an upper bound: ≤, ≤_P, ≲ or <, not {r2.value}")
    if r3 not in le_type + (Rel.LL, Rel.ASYMP):
        raise InputError(f"link 3 is decided as ≍, ≲ or ≪, not {r3.value}")
    decisions = []
    links: dict[str, Any] = {}
    link1 = check_asymptotic(Statement(1 / p, Rel.LL if r1 is Rel.LL else Rel.LESSSIM, one.rhs.subs(_SIZE_I, p)),
                             corner_ratios=False)
    links["1 |F - F'| <= 2S/|I|, S = Θ(1), |I| ≍ p"] = _relation_report("1/p ≲ rhs", link1)
    decisions.append(link1)
    u = sp.Symbol("u", positive=True)  # c_b = 1/(1 + u) ∈ (0, 1): c_b < P(|b| ≤ C_b) < 1 (construct.index-set)
    at_floor = sp.simplify(two.lhs.subs(_SIZE_I, c_b * p) - two.rhs)
    at_floor_u = sp.factor(sp.simplify(at_floor.subs(c_b, 1 / (1 + u))))
    slope = sp.simplify(sp.diff(two.lhs, _SIZE_I))
    holds2 = (at_floor_u == 0 or at_floor_u.is_nonpositive) and (slope == 0 or slope.is_nonpositive)
    fails2 = bool(at_floor_u.is_positive) or bool(slope.is_positive)
    verdict2 = "verified" if holds2 else "refuted" if fails2 else "inconclusive"
    links["2 |I| >=_P c_b p"] = {"relation": "lhs(|I| = c_b p) ≤ rhs for every c_b ∈ (0, 1), lhs non-increasing in |I|",
                                 "lhs_at_c_b_p_minus_rhs": str(at_floor), "d_lhs_d_I": str(slope),
                                 "verdict": verdict2, "holds_on": "all" if holds2 else None}
    said = f"link 2: with |I| = c_b p the left side minus the right side is {at_floor} (derivative in |I|: {slope})"
    decisions.append(verified("symbolic", "link 2") if holds2 else refuted(
        "symbolic", said + ", positive for c_b ∈ (0, 1)", witness={"lhs_minus_rhs": str(at_floor)})
        if fails2 else inconclusive("symbolic", said + ": its sign is not decided"))
    names = {"lhs <~ rhs": "3 rhs <~ next", "rhs <~ lhs": "3 next <~ rhs"}
    for direction, verdict in order_decisions(three.lhs, r3 if r3 in (Rel.LL, Rel.ASYMP) else Rel.LESSSIM, three.rhs):
        decisions.append(verdict)
        links[names[direction]] = _relation_report(names[direction], verdict)
    return links, decisions


def check_bounded_difference(
    factor: float = 2.0,
    target: str = "x^3",
    eps_p_value: float = 1.0,
    log10_d: float = 2.5,
    swaps: int = 40,
    seed: int = SEED,
    chain: Chain = BOUNDED_DIFFERENCE,
) -> Verdict:
    r"""Display (2, 53): |F − F'| ≲ (2/|I|) d^{ε_p/8} ≤_P (2/(c_b p)) d^{ε_p/8} ≍ (1/(c_b p)) d^{ε_p/8}.

    Each link decided from ``chain`` (:func:`_bounded_difference_links`: on the whole region). Link 1 at the
    constant level as well: replacing one b_i by b'_i moves f_p by at most factor·S/min(|I|, |I'|) everywhere (the
    weights 1/|I| change when b_i leaves or enters I), so |F − F'| ≤ factor·S/min(|I|,|I'|) with S = max|a| over
    both samples; checked on ``swaps`` seeded replacements (F on a common grid of H_{log d}, where the same
    inequality holds exactly); S = Θ(1) is construct.summand-bound. Link 2: |I| ≥_P c_b p (construct.index-set).
    """
    q_value = _degree(target)
    L = log10_d * math.log(10)
    g = _gamma_of(log10_d, q_value, eps_p_value)
    p_value = int(round(10 ** (eps_p_value * log10_d)))
    a, _ = _a_interpolant(target, g)
    rng = np.random.default_rng(seed)
    bs = rng.standard_normal(p_value)
    zz = np.linspace(-L, L, 401)
    finf = _f_gamma(target, g, zz)

    def F_of(sample):
        kept = sample[np.abs(sample) <= C_B]
        return (
            float(np.max(np.abs(np.tanh(zz[:, None] + kept[None, :]) @ a(kept) / len(kept) - finf))),
            len(kept),
            float(np.max(np.abs(a(kept)))),
        )

    F0, m0, S0 = F_of(bs)
    rows, worst = [], None
    for k in range(swaps):
        i = int(rng.integers(p_value))
        other = bs.copy()
        # half of the swaps move b_i across the threshold |b| = C_b (the case where |I| changes)
        other[i] = rng.uniform(-C_B, C_B) if abs(bs[i]) > C_B or k % 2 else C_B + 0.5 + rng.random()
        F1, m1, S1 = F_of(other)
        bound = factor * max(S0, S1) / min(m0, m1)
        row = {"swap": k, "i": i, "dF": abs(F0 - F1), "bound": bound, "|I|": m0, "|I'|": m1}
        rows.append(row)
        if abs(F0 - F1) > bound * (1 + 1e-12) and worst is None:
            worst = row
    links, decisions = _bounded_difference_links(chain)
    regime = next((v.regime for v in decisions if v.regime and v.regime.get("holds_on") != "all"), decisions[0].regime)
    ev = {
        "seed": seed,
        "p": p_value,
        "gamma": g,
        "rows": rows,
        "links": links,
        "F": F0,
        "|I|": m0,
        "max_ratio": max(r["dF"] / r["bound"] for r in rows),
        "tolerance": "exact inequality on the grid (float64)",
        "achieved_error": "1e-15",
    }
    if worst:
        return refuted(
            "numeric",
            f"|F − F'| = {worst['dF']:.3g} > {factor}·S/min(|I|,|I'|) = {worst['bound']:.3g}",
            witness=worst | {"seed": seed, "factor": factor},
            regime=regime,
            **ev,
        )
    bad = next((v for v in decisions if v.verdict == "refuted"), None)
    if bad is not None:
        return refuted("exact", f"a link of display (2, 53) fails: {bad.detail} (the worst measured replacement moved "
                       f"F by {ev['max_ratio']:.3f}× {factor}·S/min(|I|,|I'|): |F − F'| is of order 1/|I| at worst)",
                       regime=bad.regime,
                       witness=(bad.evidence or {}).get("witness"), **ev)
    if any(v.verdict != "verified" for v in decisions):
        return inconclusive("numeric+exact", "a link is not decided", regime=regime, **ev)
    return verified(
        "numeric+exact",
        f"every replacement moved F by at most {factor}·S/min(|I|,|I'|) (largest ratio "
        f"{ev['max_ratio']:.3f}; exactly ≤ 2S/min(|I|,|I'|) by the replaced term and the renormalisation); with S = "
        "Θ(1) and |I| ≍_P p each link holds on the whole region",
        regime=regime,
        **ev,
    )


# ================================================================================================================
# Step 2: symmetrisation (display (2, 55), third line)


@functools.lru_cache(maxsize=4)
def _symmetrization_draws(
    target: str, gamma_value: float, log_d_value: float, p_value: int, draws: int, seed: int
) -> tuple[tuple[np.ndarray, ...], tuple[float, ...], tuple[int, ...]]:
    """The seeded draws of check_symmetrization, which do not depend on the centring: for each draw, the empirical
    average (1/|I|)Σ_I a(b_i)σ(z + b_i) on the 121-point grid of H_{log d}, and the draw's right side (twice the
    grid sup of the Rademacher average plus the Lipschitz correction), with the same operations in the same order
    as the inline loop it replaces (kept in tests/test_construction_speedups.py). Remembered in-process (arrays
    made read-only), so the printed and the conditional centring are compared with the same draws; and each draw's
    |I| (the 1/p reading rescales its average by |I|/p)."""
    a, _ = _a_interpolant(target, gamma_value)
    zz = np.linspace(-log_d_value, log_d_value, 121)
    h = zz[1] - zz[0]
    rng = np.random.default_rng(seed)
    averages, rhs_draws, sizes = [], [], []
    for _ in range(draws):
        bs = rng.standard_normal(p_value)
        kept = bs[np.abs(bs) <= C_B]
        sizes.append(len(kept))
        A = a(kept)
        T = np.tanh(zz[:, None] + kept[None, :])
        average = T @ A / len(kept)
        average.setflags(write=False)
        averages.append(average)
        eps_ = rng.choice([-1.0, 1.0], size=len(kept))
        rhs_draws.append(2 * (float(np.max(np.abs(T @ (eps_ * A)) / len(kept))) + h / 2 * float(np.mean(np.abs(A)))))
    return tuple(averages), tuple(rhs_draws), tuple(sizes)


def check_symmetrization(
    centering: str = "paper",
    target: str = "x",
    gamma_value: float = 0.1,
    log_d_value: float = 3.0,
    p_value: int = 40000,
    draws: int = 24,
    seed: int = SEED,
    claimed_constant: float = 2.0,
) -> Verdict:
    r"""Display (2, 55), line 3: E_b sup_g|E_b g(b) − Ê g| ≤ 2 E_{b,ε} sup_g |(1/|I|)Σ_I ε_i g(b_i)| (the 2 is
    ``claimed_constant``: the hook a perturbed constant is fed through).

    Symmetrisation needs the centring to be the mean of the empirical average, E[g | |b| ≤ C_b]. With the printed
    centring E_b g(b) = ∫_{−C_b}^{C_b} aφσ (``centering="paper"``) the left side is at least the deterministic
    bias sup_z |E_b g_z − E[g_z | I]| = (1/P − 1) sup_z |∫_{−C_b}^{C_b} aφσ(z+·)| (Jensen), which does not shrink with
    |I|, while the right side is O(1/√|I|): its Monte Carlo estimate (grid sup over H_{log d} plus the Lipschitz
    correction h/2·mean|a|, so an upper estimate; ``draws`` seeded draws) is compared with the bias.
    ``centering="conditional"`` checks the corrected reading (left side then estimated by Monte Carlo too).
    """
    zz = np.linspace(-log_d_value, log_d_value, 121)
    m_cond = _conditional_mean(target, gamma_value, zz)
    center = m_cond * P_CB if centering == "paper" else m_cond
    averages, rhs_draws, sizes = _symmetrization_draws(target, gamma_value, log_d_value, p_value, draws, seed)
    rhs_draws = tuple(r * claimed_constant / 2 for r in rhs_draws)  # the draws are 2·sup|Rademacher average|
    lhs_draws = [float(np.max(np.abs(center - average))) for average in averages]
    lhs_mean, rhs_mean = float(np.mean(lhs_draws)), float(np.mean(rhs_draws))
    se = float(np.std(lhs_draws, ddof=1) / math.sqrt(draws) + np.std(rhs_draws, ddof=1) / math.sqrt(draws))
    bias = float(np.max(np.abs(center - m_cond)))
    ev = {
        "centering": centering,
        "claimed_constant": claimed_constant,
        "seed": seed,
        "p": p_value,
        "draws": draws,
        "gamma": gamma_value,
        "log_d": log_d_value,
        "E_lhs(grid, lower estimate)": lhs_mean,
        "E_rhs(upper estimate)": rhs_mean,
        "deterministic_bias_lower_bound": bias,
        "standard_error": se,
        "tolerance": "5 standard errors (Monte Carlo)",
        "achieved_error": se,
    }
    if lhs_mean - rhs_mean > 5 * se:
        regime = None
        if centering == "paper":  # the reading under which line 3 is the textbook lemma (referee DA, M2)
            cond = check_symmetrization("conditional", target, gamma_value, log_d_value, p_value, draws, seed,
                                        claimed_constant)
            ev["conditional_centring"] = {"verdict": cond.verdict, "detail": cond.detail,
                                          "E_lhs": cond.evidence["E_lhs(grid, lower estimate)"],
                                          "E_rhs": cond.evidence["E_rhs(upper estimate)"]}
            # Ê_b g read as (1/p)Σ_{i≤p} g(b_i), g holding the indicator 1{|b_i| ≤ C_b}: its mean is the printed
            # centring, so the lemma applies with (1/p)Σ_i ε_i g(b_i), which the printed right side (1/|I|) bounds
            # (p/|I| ≥ 1) — a re-check of 2026-12-02 found this reading unrecorded; the same draws, rescaled by |I|/p
            per_p = [float(np.max(np.abs(center - average * size / p_value))) for average, size in zip(averages, sizes)]
            per_p_mean = float(np.mean(per_p))
            per_p_se = float(np.std(per_p, ddof=1) / math.sqrt(draws) + np.std(rhs_draws, ddof=1) / math.sqrt(draws))
            per_p_holds = per_p_mean - rhs_mean <= 5 * per_p_se
            ev["one_over_p_reading"] = {"E_lhs": per_p_mean, "E_rhs": rhs_mean, "standard_error": per_p_se,
                                        "holds_at_the_instance": per_p_holds}
            regime = {"region": f"the instance (σ_* = {target}, γ = {gamma_value}, log d = {log_d_value}, "
                                f"p = {p_value}); the bias does not shrink with |I|", "holds_on": "none",
                      "conditions": [], "readings": {
                          "E_b the N(0, 1) integral over |b| ≤ C_b (as printed)": "none: the bias (1/P − 1)·sup|m| "
                          "stays while the right side is O(1/√|I|)",
                          "E_b the law of the summands b_i, i ∈ I (E[g | |b| ≤ C_b])":
                              ("all: the standard symmetrisation lemma (constant 2), no violation at the instance; "
                               "the chain's error is then line 1's centring (construct.rademacher-centering)")
                              if cond.verdict == "verified" else
                              f"{'none' if cond.verdict == 'refuted' else 'undecided'}: {cond.detail}",
                          "Ê_b the average over all p neurons, (1/p)Σ_{i≤p} g(b_i) with g's indicator 1{|b_i| ≤ C_b} "
                          "(its mean is the printed E_b g)":
                              (f"all: the standard lemma with (1/p)Σ_i ε_i g(b_i) ≤ the printed (1/|I|) average "
                               f"(p/|I| ≥ 1); at the instance {per_p_mean:.4f} ≤ {rhs_mean:.4f}")
                              if per_p_holds else
                              f"none: at the instance {per_p_mean:.4f} > {rhs_mean:.4f} (5 standard errors)"}}
        return refuted(
            "simulation",
            f"with the {'printed centring E_b g(b)' if centering == 'paper' else 'conditional centring'} the left "
            f"side is ≥ {lhs_mean:.4f} (bias {bias:.4f}, independent of |I|) but {claimed_constant:g}·E sup|Rademacher "
            f"average| ≤ {rhs_mean:.4f} at |I| ≈ {int(p_value * P_CB)} (gap {lhs_mean - rhs_mean:.3g} = "
            f"{(lhs_mean - rhs_mean) / se:.0f} standard errors)"
            + (": symmetrisation needs the centring E[g | |b| ≤ C_b]" if centering == "paper" else ""),
            witness={
                "seed": seed,
                "p": p_value,
                "gamma": gamma_value,
                "log_d": log_d_value,
                "lhs": lhs_mean,
                "rhs": rhs_mean,
                "standard_error": se,
            },
            regime=regime,
            **ev,
        )
    if centering == "conditional" and claimed_constant >= 2:
        return verified(
            "simulation",
            "the symmetrisation inequality holds at the instance (standard lemma for the conditional centring, "
            "constant 2)",
            **ev,
        )
    return inconclusive("simulation", "no violation seen at the instance" + (
        f"; the constant {claimed_constant:g} is below the standard lemma's 2, which is all that proves it"
        if centering == "conditional" else ""), **ev)


# ================================================================================================================
# Step 2: E F, F and the bulk term (measured)


EF_BOUND = Statement(
    sp.Symbol("E_F"), Rel.LESSSIM, d ** (eps_p / 8) * log_d / sp.sqrt(p), name="E F bound", lhs_latex=r"\E[F]"
)
F_RATE = Statement(sp.Symbol("F"), Rel.LE_P, d ** (-U), name="|F| rate", lhs_latex="|F|")
F_SQUARED = Statement(
    sp.Symbol("F") ** 2, Rel.LE_P, d ** (-eps_p / (2 * (q + 1))), name="|F|^2 rate", lhs_latex="|F|^2"
)
BULK_RATE = Statement(
    sp.Symbol("bulk"),
    Rel.LESSSIM_P,
    d ** (-U),
    name="bulk term",
    lhs_latex=r"\E_x[(f_\infty(x) - f_p(x))^2 \mathbb{1}_{|\langle \mu, x \rangle| \leq \log d}]",
)


def _measured_order_check(
    statement: Statement, quantity: str, *, deterministic: str, what: str, corrected: Statement | None = None
) -> Verdict:
    r"""A measured quantity against the order ``statement.rhs`` (≲-type, hidden constant free).

    The deterministic lower bound (``deterministic``: B_sup for E F and F, B_bulk_lower for the bulk term) is
    computed at γ = ½ … 10^{−3} at each corner; the relation fails at a corner when lhs_lower/rhs grows without
    bound there: fitted exponent of the ratio > 0 by more than 5 standard errors and a growth by ≥ 10× across the
    range. The simulated quantity (``quantity``) gives the measured exponent of the quantity itself (3 seeds).
    The regime record comes from deciding the measured order d^{0} (Θ(1)) against the claimed order on the region.
    """
    det = measure_bias(deterministic)
    sim = measure(quantity)
    rows, witness = {}, None
    for name, mdet in det.items():
        q_value, ep = mdet["q"], mdet["eps_p"]
        at = {q: q_value, **corner_width(sp.nsimplify(ep))}
        rhs = sp.lambdify(d, rewrite(statement.rhs).subs(at), "mpmath")
        ratios = [float(row[deterministic] / rhs(mpmath.mpf(10) ** row["log10_d"])) for row in mdet["rows"]]
        fit = _fit([row["log10_d"] for row in mdet["rows"]], ratios)
        rows[name] = {
            "lower_bound_exponent": mdet["fit"],
            "ratio_to_claimed": ratios,
            "ratio_exponent": fit,
            "simulated_exponent": sim[name]["fit"],
            "lower_bound_rows": mdet["rows"],
        }
        if witness is None and fit["exponent"] > 5 * fit["stderr"] and ratios[-1] > 10 * ratios[0]:
            last = mdet["rows"][-1]
            witness = {
                "corner": name,
                "q": q_value,
                "eps_p": ep,
                "log10_d": last["log10_d"],
                "gamma": last["gamma"],
                "lower_bound": last[deterministic],
                "claimed_order_hidden_constant_1": ratios[-1] and last[deterministic] / ratios[-1],
                "ratio_growth": ratios[-1] / ratios[0],
            }
    measured_exp = max(
        v["simulated_exponent"]["exponent"] + 3 * v["simulated_exponent"]["stderr"] for v in rows.values()
    )
    # the measured order: Θ(1) (lower bound non-decaying, simulated exponent ≈ 0); decided against the claim
    order = Statement(sp.Integer(1), statement.rel, statement.rhs)
    reg = check_asymptotic(order, corner_ratios=False)
    ev = {
        "corners": rows,
        "seeds": [SEED, SEED + 1, SEED + 2],
        "C_b": C_B,
        "measured_quantity": quantity,
        "lower_bound": deterministic,
        "max_simulated_exponent_plus_3se": measured_exp,
        "measured_order_vs_claim": {"statement": order.latex(), "verdict": reg.verdict, "regime": reg.regime},
        "tolerance": "5 standard errors of the fitted exponent",
        "achieved_error": max(v["ratio_exponent"]["stderr"] for v in rows.values()),
    }
    if witness:
        ev["simulated_rows"] = {k: v["rows"] for k, v in sim.items()}
        if corrected is not None:
            ok = all(
                v["simulated_exponent"]["exponent"] <= 5 * v["simulated_exponent"]["stderr"] + 0.01
                for v in rows.values()
            )
            ev["corrected_check"] = {
                "statement": corrected.latex(),
                "holds": ok,
                "how": "simulated exponent ≤ 0 within 5 standard errors at every corner",
            }
        return refuted(
            "simulation+numeric",
            f"{what}: at {witness['corner']}, d = 10^{witness['log10_d']:.4g} (γ = "
            f"{witness['gamma']:.3g}) the deterministic lower bound is {witness['lower_bound']:.4g}, and its "
            f"ratio to the claimed order grew {witness['ratio_growth']:.3g}× over the range (fitted exponent "
            f"of the ratio > 0 at 5 standard errors); simulated exponents of the quantity ≈ 0 (≤ "
            f"{measured_exp:.3f} at the simulated d): the truncation bias of ā does not vanish, at every point of "
            "the region (the lower bound bounds it from below only; it need not be Θ(1): referee BT, D3, measured it "
            "growing as γ → 0)",
            corrected=corrected if corrected is not None and ev["corrected_check"]["holds"] else None,
            regime=reg.regime,
            witness=witness,
            **ev,
        )
    return inconclusive("simulation+numeric", f"{what}: no growth of the ratio seen", regime=reg.regime, **ev)


#: log10 d of the rows that show F's growth beyond the γ-range of :func:`_det_log10_ds` (there γ log² d ≈ 0)
F_GROWTH_LOG10_DS: tuple[float, ...] = (1e3, 1e4, 1e5, 1e6)
#: the quantities the F checks read from a statement's left side: F (every draw) and E F (Jensen too)
F_SYMBOL, EF_SYMBOL = sp.Symbol("F"), sp.Symbol("E_F")
#: the reading of F the corrections hold under, printed with them (referee CO, MEDIUM-5: l. 570 writes the sup over
#: every x; (2, 59) and §3.4 use it over H_{log d})
F_OVER_H = r"F = \sup_{x \in H_{\log d}} |f_p(x) - f_\infty(x)|,\ H_{\log d} = \{|\langle\mu, x\rangle| \le \log d\}"
F_READINGS = ("F = sup over H_{log d} = {|⟨μ, x⟩| ≤ log d} (as display (2, 59) and §3.4 use it)",
              "F = sup over every x (l. 570 literally)")


@memo.remembered()
def F_growth(targets: Sequence[str] = STEP2_TARGETS, eps_ps: Sequence[float] = STEP2_EPS_P) -> dict[str, Any]:
    """:func:`_sup_H` at each corner (ε_p, σ_*): on the γ-range ½ … 10^{−3} of the truncation-bias rows and at
    d = 10^{10^3} … 10^{10^6}, with the fitted exponent of F's bounds in log d (slope of ln bound against ln log d
    over the last rows, scipy.stats.linregress): both → q, i.e. F ≍ log^q d."""
    from scipy import stats  # imported when needed: loading the claims stays fast

    out = {}
    for target in targets:
        q_value = _degree(target)
        for ep in eps_ps:
            rows = [_sup_H(target, ep, L) for L in (*_det_log10_ds(q_value, ep), *F_GROWTH_LOG10_DS)]
            tail = rows[-len(F_GROWTH_LOG10_DS):]
            lx = [math.log(float(r["log_d"])) for r in tail]
            fits = {}
            for key in ("lower_every_draw", "upper"):
                res = stats.linregress(lx, [math.log(r[key]) for r in tail])
                fits[key] = {"exponent_in_log_d": float(res.slope), "stderr": float(res.stderr)}
            out[f"eps_p={ep}, sigma_*={target}"] = {"q": q_value, "eps_p": ep, "rows": rows, "log_d_fit": fits}
    return out


def _F_power(statement: Statement) -> tuple[sp.Symbol, sp.Expr] | None:
    """(F or E_F, k) when the statement's left side is F^k or E_F^k (k a positive number), else None."""
    base, k = statement.lhs.as_base_exp()
    if base in (F_SYMBOL, EF_SYMBOL) and k.is_number and k > 0:
        return base, sp.nsimplify(k)
    return None


def check_F_order(statement: Statement, *, what: str, corrected: Statement | None = None) -> Verdict:
    r"""F^k or (E F)^k (the statement's left side) against the order ``statement.rhs``, from F's bounds over the
    whole of H_{log d} (referee CM, F2/F3: the truncation bias at |z| ≤ 2 had hidden F's growth).

    Proof (every draw of the biases, every σ_* of degree q ≥ 1, C_b fixed): F ≥ sup_H |f_γ| − S̄ and
    F ≤ Σ|c_k| log^k d + S̄ (:func:`_sup_H`), with S̄ bounded uniformly in γ ≤ ½; sup_H |f_γ| ≥ |f(log d)|
    e^{−γ log² d} and γ log² d = d^{−ε_p/(4(q+1))} log² d → 0 on the region (decided), so F ≍ log^q d and
    E F ≍ log^q d. The statement is then decided as log^{kq} d ``rel`` rhs on the region
    (:func:`check_asymptotic`; ≍ as ≲ both ways). A refutation also needs the numbers: at some corner the lower
    bound^k (hidden constant 1) exceeds the claimed right side and its ratio to it grows ≥ 10× over the rows;
    a verification needs the measured exponents of both bounds in log d within 0.05 of q at every corner."""
    read = _F_power(statement)
    growth = F_growth()
    gamma_log = check_asymptotic(Statement(log_d**2 * d ** (-U), Rel.LL, sp.Integer(1)), corner_ratios=False)
    ev: dict[str, Any] = {
        "definition": "F = sup_{|<mu,x>| <= log d} |f_p(x) - f_inf(x)| (H_{log d}, Part 2 l. 553), f_inf = f_gamma",
        "bounds": "every draw: max_H|f_gamma| - S_bar <= F <= sum_k |c_k| log^k d + S_bar; E F >= |f_gamma(z*) - "
        "E f_p(z*)| (Jensen); 30-digit mpmath",
        "gamma_log2_d_to_0": {"verdict": gamma_log.verdict, "detail": gamma_log.detail},
        "corners": growth,
        "C_b": C_B,
    }
    if read is None:
        return inconclusive("numeric+symbolic", f"{what}: the left side is not F^k or E[F]^k", **ev)
    base, k = read
    key = "lower" if base == EF_SYMBOL else "lower_every_draw"
    kq = "q" if k == 1 else f"{k}q"
    order = log_d ** (k * q)
    ev["true_order"] = {"statement": Statement(statement.lhs, Rel.ASYMP, order).latex(),
                        "measured": {name: c["log_d_fit"] for name, c in growth.items()}}
    if gamma_log.verdict != "verified":
        return inconclusive("numeric+symbolic", f"{what}: γ log² d → 0 on the region is not decided", **ev)
    rel = Rel.parse(statement.rel)
    decisions = order_decisions(order, rel, statement.rhs) if rel is Rel.ASYMP or rel in _LE_TYPE or rel in (
        Rel.LL, Rel.LITTLE_O) else None
    if decisions is None:
        return inconclusive("numeric+symbolic", f"{what}: relation {rel.value} is not an order relation", **ev)
    ev["decided_as"] = [{"direction": name, "statement": Statement(order, rel, statement.rhs).latex(),
                         "verdict": v.verdict, "detail": v.detail} for name, v in decisions]
    failed = next(((name, v) for name, v in decisions if v.verdict == "refuted"), None)
    open_ = next(((name, v) for name, v in decisions if v.verdict != "verified"), None)
    if failed is not None:
        name, dv = failed
        upper_fails = name == "lhs <~ rhs"
        witness = None
        for cname, c in growth.items():
            at = {q: c["q"], **corner_width(sp.nsimplify(c["eps_p"]))}
            rhs = sp.lambdify(d, rewrite(statement.rhs).subs(at), "mpmath")
            rows = c["rows"]
            with mpmath.workdps(DPS):  # ratios as mpf: at d = 10^{10^6} they leave the float range
                if upper_fails:  # lower^k / rhs must exceed 1 and grow
                    ratios = [mpmath.mpf(r[key]) ** float(k) / rhs(mpmath.mpf(10) ** r["log10_d"])
                              if r[key] > 0 else mpmath.mpf(0) for r in rows]
                else:  # rhs / upper^k must grow (the claimed order outgrows F)
                    ratios = [rhs(mpmath.mpf(10) ** r["log10_d"]) / mpmath.mpf(r["upper"]) ** float(k) for r in rows]
                first = next((x for x in ratios if x > 0), mpmath.mpf(0))
                if not (ratios[-1] > 1 and first > 0 and ratios[-1] >= 10 * first):
                    continue
                last = rows[-1]
                witness = {"corner": cname, "q": c["q"], "eps_p": c["eps_p"], "log10_d": last["log10_d"],
                           "gamma": last["gamma"], "log_d": last["log_d"], "F_lower": last["F_lower (every draw)"],
                           "F_upper": last["F_upper (every draw)"], "EF_lower_jensen": last["EF_lower_jensen"],
                           "ratio": mpmath.nstr(ratios[-1], 8),
                           "log10_ratio_growth": float(mpmath.log10(ratios[-1] / first)),
                           "ratio_is": "lower^k/rhs" if upper_fails else "rhs/upper^k",
                           "log10_ratio_growth_is": "log10 of (last ratio / first positive ratio) over the rows",
                           "region_point": (dv.regime or {}).get("witness")}
            break
        if witness is None:
            return inconclusive("numeric+symbolic", f"{what}: decided refuted ({dv.detail}) but no corner's numbers "
                                "show it", regime=dv.regime, **ev)
        ref = growth.get("eps_p=0.2, sigma_*=x", {}).get("rows", [])
        at_record = next((r for r in ref if abs(r["log10_d"] - 120) < 1e-9), None)
        ev["at_d_1e120_eps_p_0.2_sigma_x"] = at_record
        cv = None
        if corrected is not None:
            cv = check_F_order(corrected, what=corrected.latex())
            ev["corrected_check"] = {"statement": corrected.latex(), "verdict": cv.verdict, "detail": cv.detail}
        grew = f"grew 10^{witness['log10_ratio_growth']:.4g}×"
        side = (f"F's lower bound^{k} over the claimed right side (hidden constant 1) is {witness['ratio']} and {grew}"
                if upper_fails else f"the claimed right side over F's upper bound^{k} is {witness['ratio']} and {grew}")
        detail = (f"{what}: F = sup over H_{{log d}} (|z| ≤ log d) of |f_p − f_∞| with f_∞ = f_γ, Theorem 6's exact "
                  f"reconstruction as Step 1 invokes it (Step 1's L² bound alone does not reach |z| ≈ log d: referee "
                  f"DA, L4), ≍ log^q d for every draw (f_p is "
                  f"bounded by S̄, f_γ reaches ≍ log^q d on H), so the relation is log^{{{kq}}} d {rel.value} the "
                  f"right side, which fails: {dv.detail}. At {witness['corner']}, d = 10^{witness['log10_d']:g} "
                  f"(log d = {float(witness['log_d']):.5g}): {witness['F_lower'][:10]} ≤ F ≤ "
                  f"{witness['F_upper'][:10]}; {side} over the rows")
        if at_record is not None:
            detail += (f"; at ε_p = 0.2, σ_* = x, d = 10^120 (γ = 0.001): f_γ(z* = {float(at_record['z_star']):.4g}) "
                       f"= {float(at_record['f_gamma(z_star)']):.6g}, E f_p(z*) = "
                       f"{float(at_record['E f_p(z_star)']):.5g}, "
                       f"so E F ≥ {float(at_record['EF_lower_jensen']):.5g} and F ≥ "
                       f"{float(at_record['F_lower (every draw)']):.5g} for every draw")
        ok = cv is not None and cv.verdict == "verified"
        if ok:
            detail += "; the true order (corrected) is verified by the same bounds"
        v = refuted("numeric+symbolic", detail, corrected=corrected if ok else None, regime=dv.regime,
                    witness=witness, **ev)
        if v.regime is None:
            return v
        return with_readings(v, {F_READINGS[0]: "none: F ≍ log^q d (the corrected order)",
                                 F_READINGS[1]: "none: the sup over every x is at least the sup over H_{log d}, so the "
                                 "same lower bound refutes it" if upper_fails else
                                 "undecided: the sup over every x is larger; not decided here"})
    if open_ is not None:
        return inconclusive("numeric+symbolic", f"{what}: {open_[1].detail}", regime=open_[1].regime, **ev)
    off = {n: f for n, c in growth.items() for f in [c["log_d_fit"]]
           if any(abs(f[b]["exponent_in_log_d"] - c["q"]) > 0.05 for b in ("lower_every_draw", "upper"))}
    if off:
        return inconclusive("numeric+symbolic", f"{what}: decided, but the measured log-exponents of F's bounds are "
                            f"not q at {sorted(off)}", regime=decisions[-1][1].regime, **ev)
    return verified("numeric+symbolic", f"{what}: F ≍ log^q d for every draw (F ∈ [sup_H|f_γ| − S̄, Σ|c_k|log^k d + "
                    f"S̄], γ log² d → 0 decided; measured exponents of both bounds in log d within 0.05 of q at every "
                    f"corner), and log^{{{kq}}} d {rel.value} the right side holds on the whole region: "
                    f"{decisions[-1][1].detail}", regime=decisions[-1][1].regime, **ev)


def check_expected_sup_bound(statement: Statement = EF_BOUND) -> Verdict:
    r"""Display (2, 59), relation 1: E[F] ≲ d^{ε_p/8} log d/√|I| (≲ d^{ε_p/8} log d/√p). E F ≍ log^q d from F's
    bounds over H_{log d} (:func:`check_F_order`); corrected: E[F] ≍ log^q d, verified by the same check."""
    return check_F_order(
        statement,
        what="E F ≲ d^{ε_p/8} log d/√p" if statement == EF_BOUND else statement.latex(),
        corrected=Statement(EF_SYMBOL, Rel.ASYMP, log_d**q, lhs_latex=r"\E[F]", assumptions=(F_OVER_H,)),
    )


def bias_other_cb(
    target: str = "x",
    cbs: Sequence[float] = (1, 2, 3),
    gammas: Sequence[str] = ("0.01", "0.001"),
    z_values: Sequence[str] = ("0", "0.5", "2"),
) -> list[dict[str, str]]:
    """max over a few z of |f_∞(z) − E[a(b)σ(z+b) | |b| ≤ C_b]| for several fixed C_b and small γ (mpmath
    quadrature, 30 digits): the truncation bias is not an artefact of C_b = 1."""
    rows = []
    with mpmath.workdps(DPS):
        poly = cert.parse_polynomial(target)
        for g in gammas:
            gm = mpmath.mpf(g)
            a_phi = cert.corrected_a_phi_function(target, gm, mpmath.mpf(1))
            for C in cbs:
                Cm = mpmath.mpf(C)
                best = mpmath.mpf(0)
                for zt in z_values:
                    zv = mpmath.mpf(zt)
                    mean = mpmath.quad(lambda bb: a_phi(bb) * mpmath.tanh(zv + bb), [-Cm, 0, Cm]) / mpmath.erf(
                        Cm / mpmath.sqrt(2)
                    )
                    best = max(best, abs(cert.f_gamma(poly, gm, zv) - mean))
                rows.append({"C_b": str(C), "gamma": g, "max_z_bias": mpmath.nstr(best, 8), "z": list(z_values)})
    return rows


def check_F_rate(statement: Statement = F_RATE) -> Verdict:
    r"""Display (2, 59), relation 3 (the conclusion |F| ≤_P d^{−ε_p/(4(q+1))}): F ≍ log^q d for every draw
    (:func:`check_F_order`); corrected: |F| ≍ log^q d, verified by the same check. The truncation bias near z = 0
    for other C_b is kept as evidence (it is a constant: F's growth comes from f_γ on the whole of H_{log d})."""
    v = check_F_order(
        statement,
        what="|F| ≤_P d^{−ε_p/(4(q+1))}" if statement == F_RATE else statement.latex(),
        corrected=Statement(F_SYMBOL, Rel.ASYMP, log_d**q, lhs_latex="|F|", assumptions=(F_OVER_H,)),
    )
    return dataclasses.replace(v, evidence=dict(v.evidence) | {"bias_near_0_for_other_C_b": bias_other_cb()})


def check_F_squared(statement: Statement = F_SQUARED) -> Verdict:
    """Display (2, 60), relation 2: |F|² ≤_P d^{−ε_p/(2(q+1))}, with F's bounds as in :func:`check_F_rate`;
    corrected: |F|² ≍ log^{2q} d, verified by the same check."""
    return check_F_order(
        statement,
        what="|F|² ≤_P d^{−ε_p/(2(q+1))}" if statement == F_SQUARED else statement.latex(),
        corrected=Statement(F_SYMBOL**2, Rel.ASYMP, log_d ** (2 * q), lhs_latex="|F|^2", assumptions=(F_OVER_H,)),
    )


def check_bulk_rate(statement: Statement = BULK_RATE) -> Verdict:
    r"""Display (2, 63), relation 2 (the bulk part ≲_P d^{−ε_p/(4(q+1))}): the bulk error's mean part
    B_bulk ≥ ∫_{−1}^{1}(f_∞ − m)²φ (deterministic, Gauss–Legendre) and the simulated bulk error."""
    return _measured_order_check(
        statement, "bulk", deterministic="B_bulk_lower", what="E[(f_∞ − f_p)² 1_{|z|≤log d}] ≲_P d^{−ε_p/(4(q+1))}"
    )


#: seeds of the bulk-vs-F scan (referee AB: one seed per instance left the largest ratio at 0.2, so a false
#: "≤ F²/4" passed; over 40 seeds it reaches 0.479)
BULK_SEEDS = tuple(range(40))


def check_bulk_vs_F(slack: float = 1.0) -> Verdict:
    r"""Display (2, 60), relation 1: E[(f_∞ − f_p)² 1_{|z| ≤ log d}] ≤ slack·|F|² (paper: slack 1).

    Exact for slack ≥ 1: F = sup_H |f_∞ − f_p|, so the integrand is ≤ F² on H and P(H) ≤ 1 (on the simulation grid,
    where F_H is the grid maximum, ∫ g φ ≤ max g · ∫ φ holds exactly too). A smaller constant is not implied: it
    is refuted by an instance whose ratio bulk/F² exceeds it (scanned over :data:`BULK_SEEDS` at every target,
    ε_p at the smallest d; the paper's seed at the next d too), and otherwise undecided (no instance tried reaches
    it, but the pointwise argument gives only 1)."""
    rows = [
        {**_instance(tg, ep, L, s), "target": tg, "eps_p": ep}
        for tg in STEP2_TARGETS
        for ep in STEP2_EPS_P
        for i, L in enumerate(_sim_log10_ds(ep)[:2])
        for s in (BULK_SEEDS if i == 0 else (SEED,))  # the seed scan at the smallest d, where p is smallest
    ]
    for r in rows:
        r["ratio"] = r["bulk"] / r["F_H"] ** 2
    top = max(rows, key=lambda r: r["ratio"])
    bad = next((r for r in rows if r["bulk"] > slack * r["F_H"] ** 2 * (1 + 1e-12)), None)
    keys = ("target", "eps_p", "log10_d", "p", "gamma", "bulk", "F_H", "ratio", "seed")
    ev = {
        "instances": len(rows),
        "seeds": list(BULK_SEEDS),
        "largest_ratio": {k: top[k] for k in keys if k in top},
        "rows": [{k: r[k] for k in ("log10_d", "p", "gamma", "bulk", "F_H", "seed")}
                 for r in rows if r["seed"] == SEED],
        "slack": slack,
        "tolerance": "exact inequality on the grid (float64, relative 1e-12)",
        "achieved_error": "1e-15",
    }
    if bad:
        return refuted(
            "numeric",
            f"bulk {bad['bulk']:.4g} > {slack}·F² = {slack * bad['F_H'] ** 2:.4g} (ratio {bad['ratio']:.3f} at p = "
            f"{bad['p']}, seed {bad['seed']})",
            witness={k: bad[k] for k in keys if k in bad},
            **ev,
        )
    if slack >= 1:
        return verified(
            "exact+numeric",
            "|f_∞ − f_p| ≤ F pointwise on H and P(H) ≤ 1, so the bulk error is ≤ F² (the constant 1 is what the "
            f"argument gives; over {len(rows)} seeded instances the largest ratio bulk/F² is {top['ratio']:.3f})",
            **ev,
        )
    return inconclusive(
        "numeric",
        f"no instance tried exceeds {slack}·F² (largest ratio bulk/F² {top['ratio']:.3f} over {len(rows)} seeded "
        "instances), but the pointwise argument gives only the constant 1: a smaller one is not decided",
        **ev,
    )


# ================================================================================================================
# Step 2: the tail displays (P88, (2, 61))


@functools.lru_cache(maxsize=16)
def _tail_reconstruction_residuals(target: str, gammas: tuple, dps: int) -> tuple[tuple[Any, str], ...]:
    """((γ, max over z ∈ {0.7, 2.5} of |f_∞(z) − f_γ(z)| to 3 digits) for γ in gammas): the reconstruction residual
    of the corrected a (quadrature at ``dps`` digits, set here whatever the caller's precision).

    It does not depend on the claimed power, so it is remembered in-process (the values are strings, immutable): the
    paper's statement and each perturbed power are compared with the same four quadratures
    (tests/test_construction_speedups.py checks it against the inline computation it replaced)."""
    poly = cert.parse_polynomial(target)
    rec = []
    with mpmath.workdps(dps):
        for g in gammas:
            gm = mpmath.mpf(g)
            a_phi = cert.corrected_a_phi_function(target, gm, mpmath.mpf(1))
            worst = max(
                abs(cert.reconstruct(a_phi, 1, zz, scale=1 / mpmath.sqrt(gm)) - cert.f_gamma(poly, gm, zz))
                for zz in (mpmath.mpf("0.7"), mpmath.mpf("2.5"))
            )
            rec.append((g, mpmath.nstr(worst, 3)))
    return tuple(rec)


def check_tail_polynomial_bound(target: str = "x^3 - 2*x + 1", claimed_power=None, gammas=("0.1", "0.001")) -> Verdict:
    r"""Relations (2, P88, 2–4): f_∞(x) = f_γ(x) = σ_*(⟨μ,x⟩) e^{−γ⟨μ,x⟩²} and f_γ² ≲ ⟨μ,x⟩^{2q} e^{−2γ⟨μ,x⟩²} on
    |⟨μ,x⟩| > log d (≥ 1).

    (2–3) f_∞ = f_γ: the reconstruction residual of the corrected a (thm6.repaired) at two points per γ
    (quadrature, 30 digits). With the paper's closed form (2, 46), which Step 1 takes from Theorem 6, it fails
    (cert.closed-form, a premise; referee AB): its residual at γ = 0.1 is recorded beside.
    (4) sup_{|z|≥1} σ_*(z)²/z^{2k} with k = ``claimed_power`` (paper: q = deg σ_*): finite iff k ≥ q, and then
    ≤ (Σ|c_j|)² (exact: |σ_*(z)| ≤ Σ|c_j||z|^j ≤ Σ|c_j| |z|^q on |z| ≥ 1).
    """
    poly = cert.parse_polynomial(target)
    q_value = _degree(target)
    k = q_value if claimed_power is None else claimed_power
    zs = sp.Symbol("zs", positive=True)
    f = poly.sympy(zs)
    lim = sp.limit(f**2 / zs ** (2 * k), zs, sp.oo)
    bound = sum(abs(c) for c in poly.coefficients) ** 2
    rec = dict(_tail_reconstruction_residuals(target, tuple(gammas), DPS))
    ev = {
        "target": target,
        "q": q_value,
        "claimed_power_2k": 2 * k,
        "limit_sigma^2/z^{2k}": str(lim),
        "bound_(sum|c|)^2": str(bound),
        "reconstruction_residual": rec,
        "tolerance": "1e-20",
        "achieved_error": max(rec.values(), key=float),
    }
    if any(float(v) > 1e-20 for v in rec.values()):
        return inconclusive("numeric", "f_∞ = f_γ not confirmed", **ev)
    if lim == sp.oo:
        return refuted(
            "symbolic",
            f"σ_*² / z^{{{2 * k}}} → ∞ for σ_* = {target} (degree {q_value})",
            witness={"target": target, "power": 2 * k, "limit": "oo"},
            **ev,
        )
    with mpmath.workdps(DPS):  # the paper's a, for the record: f_∞ ≠ f_γ with it
        gm = mpmath.mpf("0.1")
        paper_a = cert.paper_a_phi_function(target, gm, mpmath.mpf(1))
        paper_residual = mpmath.nstr(max(
            abs(cert.reconstruct(paper_a, 1, zz, scale=1 / mpmath.sqrt(gm)) - cert.f_gamma(poly, gm, zz))
            for zz in (mpmath.mpf("0.7"), mpmath.mpf("2.5"))), 3)
    # the constant (Σ|c_j|)² grows with σ_* (referee AX F1). On |z| > log d, sup σ_*²/z^{2k} tends to the limit
    # above as d → ∞: where it is 0, C = 1 serves from some d on; where it is c_q² > 0, σ_* → Mσ_* multiplies it by M²
    absolute = (f"all: on |z| > log d, sup σ_*(z)²/z^{{{2 * k}}} → {lim} as d → ∞ (SymPy's limit), so C = 1 from some "
                "d_0 on" if lim == 0 else
                f"none: on |z| > log d, sup σ_*(z)²/z^{{{2 * k}}} → {lim} = c_q² > 0 as d → ∞ (SymPy's limit), and "
                "σ_* → Mσ_* multiplies it by M²: no absolute C")
    return verified(
        "symbolic+numeric",
        f"f_∞ = f_γ = σ_*e^{{−γz²}} with the corrected a of thm6.repaired (residual ≤ {ev['achieved_error']}; with "
        f"the paper's closed form (2, 46) the residual is {paper_residual} at γ = 0.1: cert.closed-form) and "
        f"σ_*(z)² ≤ {bound}·z^{{2q}} on |z| ≥ 1",
        regime={"region": "|⟨μ, x⟩| > log d ≥ 1, every γ > 0", "holds_on": "all", "conditions": [],
                "readings": constant_readings(absolute)},
        paper_a_residual_at_gamma_0_1=paper_residual,
        **ev,
    )


ZZ = sp.Symbol("zz", positive=True)
TAIL_AUX = ZZ**q * sp.exp(-2 * gamma * ZZ)
TAIL_DERIVATIVE = Statement(
    sp.diff(TAIL_AUX, ZZ), Rel.EQ, (q * ZZ ** (q - 1) - 2 * gamma * ZZ**q) * sp.exp(-2 * gamma * ZZ), name="f'(z)"
)
#: the points the paper names as f's critical points (one home: the check and the displayed statement read them)
TAIL_CRITICAL_POINTS: tuple[sp.Expr, ...] = (sp.Integer(0), q / (2 * gamma))
#: the sentence the claim refutes (referee BY, BY6: the claim had displayed the derivative identity, which holds):
#: f'(z) = 0 at each named point; the check reads f' from TAIL_DERIVATIVE and the points from TAIL_CRITICAL_POINTS
TAIL_CRITICAL = Statement(
    sp.Symbol("fprime_named"), Rel.EQ, sp.Integer(0), name="f'(z) = 0 when z = 0 or z = q/(2γ)",
    lhs_latex=r"f'(z)\big|_{z = " + r",\ z = ".join(sp.latex(pt) for pt in TAIL_CRITICAL_POINTS) + "}",
)


@decides("=")
def check_tail_critical_points(statement: Statement = TAIL_DERIVATIVE,
                               claimed_points: tuple[sp.Expr, ...] = TAIL_CRITICAL_POINTS) -> Verdict:
    r"""Relations (2, P88, 6–9): f'(z) = (qz^{q−1} − 2γz^q)e^{−2γz} for f(z) = z^q e^{−2γz}, and f'(z) = 0 at z = 0 or
    z = q/(2γ). The derivative is compared symbolically; each claimed critical point is substituted into f' for
    every degree q in SYMBOLIC_DEGREES (γ symbolic)."""
    diff = sp.simplify(statement.lhs - statement.rhs)
    rows, bad = [], None
    for pt in claimed_points:
        for k in SYMBOLIC_DEGREES:
            val = (
                sp.simplify(sp.diff(TAIL_AUX.subs(q, k), ZZ).subs(ZZ, sp.sympify(pt).subs(q, k)))
                if pt != 0
                else sp.limit(sp.diff(TAIL_AUX.subs(q, k), ZZ), ZZ, 0, "+")
            )
            rows.append({"point": str(pt), "q": k, "fprime": str(val)})
            if val != 0 and bad is None:
                bad = {"point": str(pt), "q": k, "fprime": str(val)}
    # the other reading of "f'(z) = 0 when z = 0 or z = q/(2γ)": only there (necessary), which is all the maximisation
    # uses (referee AC): on z > 0 the zeros of (q z^{q−1} − 2γz^q)e^{−2γz} = z^{q−1}(q − 2γz)e^{−2γz} for symbolic q
    qs, gs, zs = sp.symbols("q_pos gamma_pos z_pos", positive=True)
    zeros = sp.solve(sp.diff(zs**qs * sp.exp(-2 * gs * zs), zs), zs)
    claimed_positive = [sp.sympify(pt).subs({q: qs, gamma: gs}) for pt in claimed_points if pt != 0]
    necessary = all(any(sp.simplify(z0 - c) == 0 for c in claimed_positive) for z0 in zeros)
    ev = {
        "derivative_difference": str(diff),
        "rows": rows,
        "tolerance": "exact",
        "achieved_error": "0",
        "readings": {
            "sufficient (f'(z) = 0 at each named z)": "fails for q = 1 at z = 0" if bad else "holds",
            "necessary (f'(z) = 0 for z > 0 only at a named z; what the maximisation uses)":
                ("holds for every q > 0" if necessary else "fails") + f" (positive zeros of f': {zeros})",
        },
        "second_reading": "with w = ⟨μ,x⟩², w^q e^{−2γw} is exactly ⟨μ,x⟩^{2q}e^{−2γ⟨μ,x⟩²}: the paper's f is the "
        "right function in the variable w (sup = (q/(2eγ))^q either way)",
    }
    if diff != 0:
        return refuted("symbolic", f"f'(z) − claimed = {diff}", witness={"difference": str(diff)}, **ev)
    if bad:
        return refuted(
            "symbolic",
            f"z = {bad['point']} is not a critical point for q = {bad['q']} (f' = "
            f"{bad['fprime']}); for q = 1, f'(0) = 1 — the maximum is still at z = q/(2γ), so "
            "the bound that follows is unaffected; read as a necessary condition (f' vanishes on z > 0 only at a "
            "named point, which is what the maximisation uses) it "
            + ("holds for every q > 0" if necessary else "fails too"),
            witness=bad,
            # the readings in a regime record too, where the counts read them (referee AY, 3)
            regime={"region": "q ≥ 1, γ > 0", "holds_on": "part", "conditions": [], "witness": bad, "readings": {
                        "sufficient (f'(z) = 0 at each named z)":
                            f"part: fails for q = {bad['q']} at z = {bad['point']}",
                        "necessary (f'(z) = 0 for z > 0 only at a named z; what the maximisation uses)":
                            ("all" if necessary else "none") + f": positive zeros of f': {zeros}"}},
            **ev,
        )
    # every q at once (referee AO: a point right only for q ≤ 128 had been verified "for every degree"): each
    # positive claimed point substituted into f' with q a positive symbol
    every_q = all(pt == 0 or sp.simplify(sp.diff(TAIL_AUX.subs(q, qs), ZZ).subs(ZZ, sp.sympify(pt).subs(q, qs))) == 0
                  for pt in claimed_points)
    ev["every_q"] = every_q
    if not every_q:
        return inconclusive("symbolic", "the derivative is exact and each claimed point is critical at every degree "
                            f"checked (q ≤ {max(SYMBOLIC_DEGREES)}), but not proved for every q", **ev)
    return verified("symbolic", "derivative and critical points exact for every q > 0 (q a positive symbol) and at "
                    "each checked degree", **ev)


TAIL_FINF_ORDER = Statement(
    (q / (2 * sp.sqrt(sp.E) * gamma)) ** q, Rel.ASYMP, d ** (eps_p / 4), name="(q/(2 sqrt(e) gamma))^q ~ d^{eps_p/4}"
)


def check_tail_finf_order(statement: Statement = TAIL_FINF_ORDER) -> Verdict:
    r"""Display (2, 61), relation 3: (q/(2√eγ))^q e^{−log²d/2} ≍ d^{ε_p/4} e^{−log²d/2} with γ = d^{−ε_p/(4(q+1))}.

    The common factor e^{−log²d/2} cancels; ≍ is decided as ≲ in both directions on the region.
    (1/γ)^q = d^{qε_p/(4(q+1))} < d^{ε_p/4}: only ≲ holds (the conclusion, a super-polynomially small tail, is
    unaffected)."""
    lhs = statement.lhs.subs(gamma, d ** (-U))
    up = check_asymptotic(Statement(lhs, Rel.LESSSIM, statement.rhs), corner_ratios=False)
    down = check_asymptotic(Statement(statement.rhs, Rel.LESSSIM, lhs), corner_ratios=False)
    ev = {
        "lhs_in_d": str(lhs),
        "upper_direction": _relation_report("lhs ≲ rhs", up),
        "lower_direction": _relation_report("rhs ≲ lhs", down),
        "lower_direction_witness": (down.evidence or {}).get("witness"),
        "tolerance": "exact",
        "achieved_error": "0",
    }
    if up.verdict == "verified" and down.verdict == "verified":
        return verified("exact", "both directions hold on the whole region", regime=up.regime, **ev)
    failing = down if down.verdict != "verified" else up
    corrected = Statement(lhs, Rel.LESSSIM, statement.rhs) if up.verdict == "verified" else None
    return refuted(
        "exact",
        f"≍ fails: {failing.detail}; (q/(2√eγ))^q = (q/(2√e))^q d^{{qε_p/(4(q+1))}} is "
        "≪ d^{ε_p/4}, so only ≲ holds (enough for the tail bound)",
        corrected=corrected,
        regime=failing.regime,
        witness=ev["lower_direction_witness"] or (up.evidence or {}).get("witness"),
        **ev,
    )


def _tail_of_f_gamma_squared(poly: Any, gm: Any, L: Any) -> tuple[Any, Any]:
    """E[f_γ(z)² 1_{|z|>L}] twice: by quadrature of the definition (:func:`theorycheck.numerics.tail_integral`: the
    integrand falls like e^{−(1+4γ)L(z−L)} past L and is about e^{−aL²} there; unscaled, mpmath.quad had stopped
    at 3.5·10^{−4} relative error, stop 56's referee), and in closed form: f_γ²φ =
    Σ_m c_m z^m e^{−az²}/√(2π) with a = 2γ + 1/2, whose tails are Γ((m+1)/2, aL²)/a^{(m+1)/2} (even m; odd m cancel)
    over √(2π)."""
    a = 2 * gm + mpmath.mpf(1) / 2
    f2 = lambda zz: cert.f_gamma(poly, gm, zz) ** 2 * _phi(zz)  # noqa: E731
    tail = mpmath.mpf(0)
    for side in (f2, lambda zz: f2(-zz)):  # z > L, and z < −L mirrored
        tail += tail_integral(side, L, (1 + 4 * gm) * L, a * L**2)[0]
    coefficients = cert.mpf_coefficients(poly)
    squared = [mpmath.mpf(0)] * (2 * len(coefficients) - 1)
    for i, ci in enumerate(coefficients):
        for j, cj in enumerate(coefficients):
            squared[i + j] += ci * cj
    closed = sum(c * mpmath.gammainc((m + 1) / mpmath.mpf(2), a * L**2) / a ** ((m + 1) / mpmath.mpf(2))
                 for m, c in enumerate(squared) if m % 2 == 0) / mpmath.sqrt(2 * mpmath.pi)
    return tail, closed


def _sup_f_gamma_squared(poly: Any, gm: Any) -> Any:
    """sup_z f_γ(z)², f_γ = f e^{−γz²}: at a real root of (f_γ)'e^{γz²} = f' − 2γzf (f_γ → 0 at ±∞; where f_γ
    vanishes its square is least), or 0 for f = 0."""
    coefficients = cert.mpf_coefficients(poly)
    derivative = [k * c for k, c in enumerate(coefficients)][1:] + [mpmath.mpf(0)] * 2
    critical = [derivative[k] - 2 * gm * (coefficients[k - 1] if k >= 1 else 0) for k in range(len(coefficients) + 1)]
    while len(critical) > 1 and critical[-1] == 0:
        critical.pop()
    if len(critical) == 1:  # a constant f' − 2γzf: f = 0
        return mpmath.mpf(0)
    roots = mpmath.polyroots(critical[::-1], maxsteps=200, extraprec=2 * mpmath.mp.prec)
    real = [mpmath.re(r) for r in roots if abs(mpmath.im(r)) <= mpmath.mpf(10) ** (-(mpmath.mp.dps // 2))]
    return max(cert.f_gamma(poly, gm, z) ** 2 for z in real)


def check_tail_finf(
    target: str = "x^3", gammas: Sequence[str] = ("0.1", "0.01"), eps_p_value=1, constant: float | None = None
) -> Verdict:
    r"""Display (2, 61), relations 1–2: E[f_γ² 1_{|z|>log d}] ≤ sup f_γ² P(|z| > log d) ≲ (q/(2√eγ))^q e^{−log²d/2}.

    At γ = d^{−ε_p/(4(q+1))} (log d from γ): the tail integral (quadrature, 30 digits, against its closed form:
    :func:`_tail_of_f_gamma_squared`), sup f_γ² (at the critical points: :func:`_sup_f_gamma_squared`; a grid
    maximum had been 6·10^{−4} below it), P = erfc(log d/√2), and the bound with hidden constant ``constant`` (1 when
    None) times (Σ|c_j|)² (the constant |σ_*(z)| ≤ Σ|c_j||z|^q of relation P88.4; the paper's proof produces it).
    With the constant hidden (None), also at every γ ∈ (0, 1], q and d by the argument recorded in ``general``."""
    poly = cert.parse_polynomial(target)
    q_value = _degree(target)
    C = float(sum(abs(c) for c in poly.coefficients)) ** 2 * (1.0 if constant is None else constant)
    rows, bad = [], None
    tail_error = mpmath.mpf(0)
    with mpmath.workdps(DPS):
        for g in gammas:
            gm = mpmath.mpf(g)
            L = 4 * (q_value + 1) * mpmath.log(1 / gm) / eps_p_value
            tail, closed = _tail_of_f_gamma_squared(poly, gm, L)
            tail_error = max(tail_error, abs(tail - closed) / closed)
            sup = _sup_f_gamma_squared(poly, gm)
            P = mpmath.erfc(L / mpmath.sqrt(2))
            bound = C * (q_value / (2 * mpmath.sqrt(mpmath.e) * gm)) ** q_value * mpmath.exp(-(L**2) / 2)
            row = {
                "gamma": g,
                "log_d": mpmath.nstr(L, 8),
                "E_tail": mpmath.nstr(tail, 10),
                "sup_f^2": mpmath.nstr(sup, 10),
                "sup*P": mpmath.nstr(sup * P, 10),
                "claimed_bound": mpmath.nstr(bound, 10),
            }
            rows.append(row)
            if bad is None and not (tail <= sup * P * (1 + mpmath.mpf(10) ** -20) and sup * P <= bound):
                bad = row
    ev = {
        "target": target,
        "rows": rows,
        "constant": C,
        "tolerance": "relative 1e-20",
        "achieved_error": f"relative {mpmath.nstr(tail_error, 3)} (the tail's quadrature against its closed form); "
                          "sup f_γ² at the real roots of f' − 2γzf, exact up to the root finder's 30 digits",
        "digits": DPS,
    }
    if bad:
        return refuted("numeric", "a link of display (2, 61) fails at γ = " + bad["gamma"], witness=bad, **ev)
    # every γ = d^{−ε_p/(4(q+1))} ∈ (0, 1] and q (referee AB: two γ had carried it): sup f_γ² ≤ (Σ|c|)²·
    # max(1, (q/(2eγ))^q) (|σ_*(z)| ≤ Σ|c_j| max(1, |z|)^q, cert.gaussian-monomial-max with k = 2q), P(|z| > L) ≤
    # e^{−L²/2}, and max(1, (q/(2eγ))^q) ≤ K (q/(2√eγ))^q with K = max(1, (2√e/q)^q): SymPy checks the two logs
    qs, ts = sp.symbols("q_pos t_pos", positive=True)
    gs = 1 / (1 + ts)  # γ ∈ (0, 1]
    first = sp.simplify(sp.expand_log(qs * sp.log(qs / (2 * sp.E * gs)) - qs * sp.log(qs / (2 * sp.sqrt(sp.E) * gs)),
                                      force=True))
    second = sp.simplify(sp.expand_log(qs * sp.log(2 * sp.sqrt(sp.E) * gs / qs) - qs * sp.log(2 * sp.sqrt(sp.E) / qs),
                                       force=True))
    # a ≲ with its constant hidden (constant None); an explicit constant is checked at the γ given only
    general = constant is None and bool(first.is_nonpositive) and bool(second.is_nonpositive)
    K = max(1.0, (2 * math.sqrt(math.e) / q_value) ** q_value)
    hidden = float(sum(abs(c) for c in poly.coefficients)) ** 2 * K
    ev["general"] = {"log_ratio_first": str(first), "log_ratio_second": str(second), "proved": general,
                     "hidden_constant": f"(Σ|c|)²·max(1, (2√e/q)^q) = {hidden:.6g}"}
    # the constant is (Σ|c|)²K, quadratic in σ_*; an absolute one (Part 1 §2.5, referee AT F3) needs the ratio to
    # the bound → 0: it is at most (Σ|c|)²K·P(|z| > log d)e^{log²d/2}, and SymPy takes that factor's limit
    ell = sp.Symbol("ell", positive=True)
    mills = sp.limit(sp.erfc(ell / sp.sqrt(2)) * sp.exp(ell**2 / 2), ell, sp.oo)
    absolute = ("all: E_tail/((q/(2√eγ))^q e^{−log²d/2}) ≤ (Σ|c|)²K·erfc(log d/√2)e^{log²d/2}, whose limit as d → ∞ "
                f"is (Σ|c|)²K·{mills} (SymPy), so C = 1 from some d_0 on" if mills == 0 else
                f"undecided: the ratio's bound tends to (Σ|c|)²K·{mills}, and (Σ|c|)² grows with σ_*")
    ev["general"]["ratio_factor_limit"] = str(mills)
    if not general:  # an explicit constant, or a log ratio SymPy did not show ≤ 0: points only (referee EI, EI-13:
        # C = 0.01 had been verified at γ = 0.1, 0.01 and fails at γ = 0.9, ε_p = 0.2)
        return inconclusive("numeric", "E_tail ≤ sup f_γ²·P ≤ the bound at every γ tried ("
                            + ", ".join(gammas) + f", ε_p = {eps_p_value}), but "
                            + ("an explicit constant is checked at those γ only, not for every d"
                               if constant is not None else "SymPy did not show the bound at every γ ∈ (0, 1]"), **ev)
    return verified(
        "numeric+symbolic" if general else "numeric",
        "E_tail ≤ sup f_γ²·P ≤ (Σ|c|)²(q/(2√eγ))^q e^{−log²d/2} at every γ tried (erfc(x/√2) ≤ "
        "e^{−x²/2}, sup f_γ² ≤ (Σ|c|)²max(1, (q/(2eγ))^q))"
        + ("; and at every γ ∈ (0, 1], q and d with the hidden constant (Σ|c|)²max(1, (2√e/q)^q) (sup f_γ² ≤ "
           "(Σ|c|)²max(1, (q/(2eγ))^q); SymPy: the log ratios are " + f"{first} and {second}, ≤ 0)" if general else ""),
        regime={"region": "γ ∈ (0, 1], every q and d", "holds_on": "all", "conditions": [], "witness": None,
                "readings": constant_readings(absolute)}
        if general else None,
        **ev,
    )


# ================================================================================================================
# Step 2: the "All in all" chain, display (2, 63) links 3–4


#: Display (2, 63)'s third line, term by term: the bulk's rate, then the bounds it writes for the tails of f_∞ and f_p
ALL_IN_ALL_LINE3 = (d ** (-U), d ** (eps_p / 4) * sp.exp(-(log_d**2) / 2), sp.exp(-(log_d**2) / 2) * d ** (eps_p / 8))
ALL_IN_ALL_TAILS = Statement(
    sp.Add(*ALL_IN_ALL_LINE3),
    Rel.BIG_O_P,
    d ** (-U),
    name="All in all, last line",
)


def check_all_in_all_tails(statement: Statement = ALL_IN_ALL_TAILS,
                           line3: tuple[sp.Expr, ...] = ALL_IN_ALL_LINE3) -> Verdict:
    r"""Display (2, 63), relations 3–4. Relation 3 keeps line 2's bulk d^{−ε_p/(4(q+1))} (referee AO: it had not been
    compared) and replaces the two tail expectations by bounds: each term of line 3 must be ≳ what line 2 has or
    its premise proves (display (2, 61), construct.tail-finf: (q/(2√eγ))^q e^{−log²d/2} with γ = d^{−ε_p/(4(q+1))},
    which is ≲ d^{ε_p/4}e^{−log²d/2}, only ≲: construct.tail-finf-order; display (2, 62), construct.tail-fp's right
    side), decided ≲ on the whole region (referee AM: only relation 4 had been decided, so a copy error in line 3
    passed). Relation 4: d^{−ε_p/(4(q+1))} +
    d^{ε_p/4}e^{−log²d/2} + e^{−log²d/2}d^{ε_p/8} = O_P(d^{−ε_p/(4(q+1))}) on the whole region (e^{−log²d/2} beats every
    power). ``line3`` is the third line term by term (bulk, tail of f_∞, tail of f_p); its sum is the statement's
    left side."""
    from .part2_certificate_steps import TAIL_FP_STATEMENT  # imported here: that module imports this one

    if len(line3) != 3 or sp.simplify(sp.Add(*line3) - statement.lhs) != 0:
        raise InputError("line3 must be the statement's left side as three terms (bulk, tail of f_∞, tail of f_p)")
    premises = {
        "bulk (line 2)": (d ** (-U), line3[0]),
        "tail of f_∞ (2, 61)": (TAIL_FINF_ORDER.lhs.subs(gamma, d ** (-U)) * sp.exp(-(log_d**2) / 2), line3[1]),
        "tail of f_p (2, 62)": (TAIL_FP_STATEMENT.rhs, line3[2]),
    }
    if any(term == 0 for _, term in premises.values()):
        return inconclusive("exact", "relation 3 does not follow from its premises: line 3 drops a term of line 2")
    relation3 = {name: check_asymptotic(Statement(bound, Rel.LESSSIM, term), corner_ratios=False,
                                        what=f"the premise's bound for the {name} ≲ line 3's term")
                 for name, (bound, term) in premises.items()}
    v = check_asymptotic(statement, what="the last line of 'All in all'")
    ev = dict(v.evidence) | {"relation_3": {name: {"verdict": r.verdict, "detail": r.detail}
                                            for name, r in relation3.items()}}
    failed = {name: r for name, r in relation3.items() if r.verdict != "verified"}
    if failed:  # the premises bound the tails from above only: a smaller term is unproved, not disproved
        return inconclusive("exact", "relation 3 does not follow from its premises: " + "; ".join(
            f"line 3's term for the {name} is not ≳ what line 2 has or its premise proves ({r.detail})"
            for name, r in failed.items()), regime=next(iter(failed.values())).regime, **ev)
    return Verdict(v.verdict, v.method, "relation 3: line 3 keeps line 2's bulk and each tail is ≳ the bound its "
                   "premise proves; relation 4: " + v.detail, ev, v.corrected, v.regime)


# ================================================================================================================
# Step 3 and the final chain


THREE = sp.symbols("A_3 B_3 C_3", real=True)
TRIANGLE = Statement(
    (THREE[0] + THREE[1] + THREE[2]) ** 2,
    Rel.LE,
    3 * (THREE[0] ** 2 + THREE[1] ** 2 + THREE[2] ** 2),
    name="(a+b+c)^2 <= 3(a^2+b^2+c^2)",
    lhs_latex=r"\E_x\left[\left(f^W(x) - f_*(x)\right)^2\right]",
)


@decides("≤")
def check_triangle(statement: Statement = TRIANGLE) -> Verdict:
    r"""Display (2, 67), relation 1: E[(f^W − f_*)²] ≲ E[(f^W − f_p)²] + E[(f_p − f_∞)²] + E[(f_∞ − f_*)²], from the
    pointwise (A + B + C)² ≤ 3(A² + B² + C²) integrated in x. Decided exactly: rhs − lhs as a sum of squares; a
    failing constant gives the witness A = B = C = 1."""
    gap = sp.expand(statement.rhs - statement.lhs)
    A, B, C = THREE
    sos = sp.expand((A - B) ** 2 + (B - C) ** 2 + (A - C) ** 2)
    k = sp.simplify(gap / sos) if sos != 0 else None
    ev = {"rhs_minus_lhs": str(gap), "sum_of_squares": str(sos), "tolerance": "exact", "achieved_error": "0"}
    at_equal = gap.subs({A: 1, B: 1, C: 1})
    if at_equal < 0:
        return refuted(
            "symbolic",
            f"at A = B = C = 1 the right side is below the left by {-at_equal}",
            witness={"A": 1, "B": 1, "C": 1, "rhs_minus_lhs": str(at_equal)},
            **ev,
        )
    if k is not None and k.is_number and k >= 0:
        return verified("symbolic", f"rhs − lhs = {k}·[(A−B)² + (B−C)² + (A−C)²] ≥ 0", **ev)
    return inconclusive("symbolic", "no sum-of-squares certificate found", **ev)


STEP3_N1 = d ** (1 + eps_b + eps_p / 4) / n * log_d ** (2 * q + 2)
STEP3_N2 = d ** (1 + eps_b + eps_p / 4) / n * log_d ** (2 * q + 6) * PRIV
KEPT = d ** (-eps_p / (8 * (q + 1)))
PENALTY = LAMBDA * d ** (eps_p / 4) / p
CHAIN_SUM = Statement(
    2 * d ** (-U) + d ** (-U) + STEP3_N1 + STEP3_N2,
    Rel.BIG_O_P,
    KEPT + STEP3_N2,
    name="sum of Steps 1-3",
    lhs_latex=r"\E_x[(f^W - f_p)^2] + \E_x[(f_p - f_\infty)^2] + \E_x[(f_\infty - f_*)^2]",
)
CHAIN_SUM_CORRECTED = Statement(
    CHAIN_SUM.lhs, Rel.BIG_O_P, d ** (-U) + STEP3_N1 + STEP3_N2, lhs_latex=CHAIN_SUM.lhs_latex
)


#: What the chain's corrected sum stands on, and why it is no corrected Theorem 2 (referee CN, HIGH-2)
CHAIN_PREMISES = ("Steps 1–3's bounds, among them Step 2 (construct.step2-summary) and Step 3's w_i^1 = μ + O_P(·) "
                  "(rank1.noisy-alignment), both refuted; as a bound on the risk it fails where π_p < 1 and "
                  "σ_W²d/p → ∞, for every ā (thm2.statement's obstruction)")


def check_chain_sum(statement: Statement = CHAIN_SUM) -> Verdict:
    r"""Display (2, 67), relation 2: Steps 1–3 as printed (2d^{−ε_p/(4(q+1))}, O_P(d^{−ε_p/(4(q+1))}) and the two
    noise terms of display (2, 66)) sum to O_P(d^{−ε_p/(8(q+1))} + noise term with log^{2q+6} d · log(1.25/δ)/ε²).
    The sum really is O_P(d^{−ε_p/(4(q+1))} + both noise terms); d^{−ε_p/(8(q+1))} is weaker (harmless), but the
    log^{2q+2} d noise term is dropped, which needs log^4 d · log(1.25/δ)/ε² ≳ 1."""
    return check_asymptotic(statement, corrected=CHAIN_SUM_CORRECTED, what="the sum of Steps 1–3", suitable_eps_b=True,
                            corrected_given=CHAIN_PREMISES)


A_NORM = Statement(
    Norm(sp.Symbol("abar")) ** 2, Rel.LESSSIM, d ** (eps_p / 4) / p, name="|abar|^2", lhs_latex=r"\|\overline{a}\|^2"
)


@decides("≲")
def check_a_norm(statement: Statement = A_NORM) -> Verdict:
    r"""Relation (2, P95, 2): ‖ā‖² = Σ_I a(b_i)²/|I|² ≲ d^{ε_p/4}/p.

    Measured: p‖ā‖² at p = d^{ε_p} across d at the corners (3 seeds, fitted exponent); the claim needs the exponent
    of p‖ā‖² to be ≤ the exponent of p·rhs. Proved: ‖ā‖² ≤ S²/|I| with S bounded (construct.summand-bound) and
    |I| ≥_P c_b p, so ‖ā‖² ≲_P 1/p; decided 1/p ≲ rhs on the region."""
    meas = measure("p*norm2")
    prhs = sp.simplify(rewrite(statement.rhs * p))
    rows, bad = {}, None
    for name, m in meas.items():
        ep = float(name.split(",")[0].split("=")[1])
        qv = _degree(name.split("=")[-1])
        at = {**corner_width(sp.nsimplify(ep)), q: qv}
        claimed_exp = float(prhs.subs(at).as_base_exp()[1]) if prhs != 1 else 0.0
        rows[name] = {"fit": m["fit"], "claimed_exponent_of_p*rhs": claimed_exp}
        if m["fit"]["exponent"] - claimed_exp > 5 * m["fit"]["stderr"] + 0.01 and bad is None:
            bad = {"corner": name, **rows[name]}
    proved = check_asymptotic(Statement(1 / p, Rel.LESSSIM, statement.rhs), corner_ratios=False)
    ev = {
        "measurements": rows,
        "seeds": [SEED, SEED + 1, SEED + 2],
        "proved_order": _relation_report("1/p ≲ rhs", proved),
        "tolerance": "5 standard errors + 0.01",
        "achieved_error": max(v["fit"]["stderr"] for v in meas.values()),
    }
    if bad or proved.verdict == "refuted":
        return refuted(
            "simulation+exact",
            f"p‖ā‖² grows faster than claimed at {bad['corner'] if bad else 'a point'}",
            witness=bad or proved.evidence.get("witness"),
            regime=proved.regime,
            **ev,
        )
    fits = [v["fit"]["exponent"] for v in rows.values()]
    return verified(
        "simulation+exact",
        f"p‖ā‖² has fitted exponents {min(fits):+.3f} to {max(fits):+.3f} at the corners (≤ 0: it falls as γ = "
        "d^{−ε_p/(4(q+1))} shrinks, the mean square of a over |b| ≤ C_b falling toward its limit; its sup need not: "
        "for σ_* = x it dips near γ = 0.1, referee EA, EA-5); ‖ā‖² ≲ 1/p is proved (‖ā‖² ≤ S²/|I| "
        f"with S bounded, construct.summand-bound), and 1/p ≲ {paper_latex(statement.rhs)} on the whole region "
        "(decided), so the bound holds"
        + (" with room (the d^{ε_p/4} is not needed)" if statement.rhs == A_NORM.rhs else ""),
        regime=proved.regime,
        **ev,
    )


# ================================================================================================================
# the consequence of the corrections for Theorem 2's rate


#: Step 1 corrected (d^{−2U}) is at most the Step 2 term d^{−U} for d ≥ 1 and is folded into it (keeps the LPs small)
CORRECTED_TERMS = d ** (-U) + STEP3_N1 + STEP3_N2 + d ** (-2 * eps_n)
CORRECTED_CHAIN = Statement(
    CORRECTED_TERMS,
    Rel.BIG_O_P,
    KEPT + STEP3_N2,
    name="corrected chain vs display (2, 68)",
    lhs_latex=r"\E_x\left[\left(f^W(x) - f_*(x)\right)^2\right] + \lambda \|\overline{a}\|^2",
)
CORRECTED_CHAIN_RATE = Statement(
    CORRECTED_TERMS, Rel.BIG_O_P, d ** (-U) + STEP3_N1 + STEP3_N2, lhs_latex=CORRECTED_CHAIN.lhs_latex
)


@functools.lru_cache(maxsize=1)
def _corrected_terms_theorem2_rate() -> Verdict:
    """The corrected chain's terms against Theorem 2's O_P(1/log d), decided on the region: it does not depend on the
    statement check_corrected_chain is given, so it is decided once per process (the caller takes a deep copy, so
    no verdict shares the remembered evidence)."""
    return check_asymptotic(Statement(CORRECTED_TERMS, Rel.BIG_O_P, 1 / log_d), corner_ratios=False)


def check_corrected_chain(statement: Statement = CORRECTED_CHAIN) -> Verdict:
    r"""What the chain gives once the checked corrections are used, against the paper's final rate of display (2, 68).

    Terms: Step 1 corrected, E[z⁴σ_*²]γ² = d^{−ε_p/(2(q+1))} (construct.step1-infinite-model); Step 2 *as printed*,
    d^{−ε_p/(4(q+1))} (it fails, construct.step2-summary: this claim is conditional on a repair of Step 2); Step 3
    both noise terms (display (2, 66)); the penalty with the measured ‖ā‖² ≍ 1/p (thm2.a-norm): λ/p = d^{−2ε_n}.
    Decided on the region against O_P(d^{−ε_p/(8(q+1))} + noise term) (the paper's last line); the corrected rate
    O_P(d^{−ε_p/(4(q+1))} + both noise terms) and the consequence O_P(1/log d) (Theorem 2) are decided too.
    """
    v = check_asymptotic(statement, corrected=CORRECTED_CHAIN_RATE, what="the corrected chain against display (2, 68)",
                         suitable_eps_b=True, corrected_given=CHAIN_PREMISES)
    thm = copy.deepcopy(_corrected_terms_theorem2_rate())
    ev = dict(v.evidence) | {
        "theorem2_rate_from_corrected_chain": _relation_report("= O_P(1/log d)", thm),
        "theorem2_rate_regime": thm.regime,
        "terms": {
            "step 1 (corrected)": "d^{-eps_p/(2(q+1))}",
            "step 2 (as printed, fails)": "d^{-eps_p/(4(q+1))}",
            "step 3": "both noise terms of display (2, 66)",
            "penalty (measured |abar|^2 ~ 1/p)": "d^{-2 eps_n}",
        },
    }
    return Verdict(
        v.verdict,
        v.method,
        v.detail + f"; Theorem 2's O_P(1/log d) from the corrected chain: "
        f"{thm.verdict} ({(thm.regime or {}).get('holds_on')} of the region), conditional on Step 2 and on Step 3's "
        "premise w_i^1 = μ + O_P(·) (rank1.noisy-alignment; both refuted)",
        ev,
        v.corrected,
        v.regime,
    )


# ================================================================================================================
# Theorem 2 as a whole


THM2 = Statement(
    sp.Symbol("risk_plus_penalty"),
    Rel.BIG_O_P,
    1 / log_d,
    name="Theorem 2",
    lhs_latex=r"\E_x \left[f^W(x) - f_*(x)\right]^2 + \lambda \|\overline{a}\|^2",
)


#: The corners where :func:`span_obstruction` measures (two with ε_p < 1, one with p = d as a control).
OBSTRUCTION_CORNERS = ("small eps_p", "small eps_n", "large eps_p")
OBSTRUCTION_DS = (16, 24, 32, 48, 64)
OBSTRUCTION_SEEDS = (0, 1)
#: σ_W²d/p in powers of d (Assumption 4, n = d^ν, p = d^{π_p}: symbols.NOISE_TO_WIDTH): where its exponent is > 0
#: the noise of W_1's columns swamps their common part, and col(W_1) is a nearly random p-dimensional subspace of R^d
SPAN_NOISE = NOISE_TO_WIDTH
#: where the span obstruction applies: col(W_1) ≠ R^d (π_p < 1) and σ_W²d/p → ∞ (its power of d ≥ 0: at 0 the log
#: factor still diverges), both read from SPAN_NOISE; the obstruction leaves the rest undecided (not refuted)
SPAN_NOISE_EXPONENT = NOISE_TO_WIDTH_EXPONENT
SPAN_OBSTRUCTION: tuple[sp.Basic, ...] = (pi_p < 1, SPAN_NOISE_EXPONENT >= 0)
#: the exponent's root in ν (linear in ν)
SPAN_NOISE_ROOT = linear_root(SPAN_NOISE_EXPONENT, nu)
#: the undecided rest, as the regime records print it: π_p ≥ 1 or σ_W²d/p ↛ ∞ (ν above the root of the exponent)
SPAN_NOT_REFUTED = (r"\text{not refuted (undecided) where } " + paper_latex(pi_p >= 1) + r" \text{ or } "
                    + r"\sigma_W^2 d/p \not\to \infty\ (" + paper_latex(nu > SPAN_NOISE_ROOT) + ")")


#: the span lemma's measurement (:func:`span_noise_lemma`): d, p = ⌈d^{1/2}⌉, s = σ_W²d/p → 0 side, seeds
SPAN_LEMMA_DS = (500, 2000, 8000)
SPAN_LEMMA_S = (0.02, 0.2, 2.0)
SPAN_LEMMA_SEEDS = (0, 1)


@memo.remembered()
def span_noise_lemma(ds: tuple[int, ...] = SPAN_LEMMA_DS, ss: tuple[float, ...] = SPAN_LEMMA_S,
                     seeds: tuple[int, ...] = SPAN_LEMMA_SEEDS, factor: float = 1.0) -> dict[str, Any]:
    r"""The span lemma (referee CN, M3): for W = U + σG with U ∈ R^{d×p} of unit columns, G an independent Gaussian
    matrix and μ a unit vector, with high probability

        ‖P_{col(W)^⊥}μ‖² ≥ (1 − o(1)) · s/(s + (1 + σ)²),   s = σ²d/p,   when p → ∞ and p/d → 0,

    whatever U is (W_1 = normalised step + σ_W G: Algorithm 1's noise is drawn after, and independently of, the
    normalised columns). Proof: write W t = ⟨v, t⟩μ + A t with v = Uᵀμ + σ g_μ (g_μ = Gᵀμ) and A t ⊥ μ; then
    ‖P_{col(W)^⊥}μ‖² = 1/(1 + vᵀ(AᵀA)^{−1}v) ≥ 1/(1 + ‖v‖²/σ_min(A)²); ‖Uᵀμ‖ ≤ √p and ‖g_μ‖ ≤ √p(1 + o(1)), so
    ‖v‖ ≤ (1 + σ)√p(1 + o(1)); A = P_μ^⊥U + σ P_μ^⊥G with P_μ^⊥G independent of g_μ, and Gordon's comparison
    (min_t max_y of yᵀ(σH)t + yᵀMt) gives σ_min(A) ≥ σ(√(d − 1 − p) − √p − o(√d)) = σ√d(1 − o(1)). So where s → 0
    every second layer's risk is ≥ α_1^{*2} s(1 − o(1)) (σ² = s p/d → 0), not only where s → ∞.

    Measured here, exactly (QR, no fit): the identity and the finite-d bound on each instance, and the ratio of the
    unexplained fraction to s/(s + (1 + σ)²) for U aligned with μ (the worst case: every column spends its unit
    norm on μ; the lemma is then nearly tight), U random, and U half aligned, at p = ⌈√d⌉. ``factor`` multiplies the
    lemma's bound (the hook a perturbed lemma is fed through: 2 s/(s + (1 + σ)²) must fail)."""
    rows = []
    worst_identity = 0.0
    finite_bound_holds = True
    for dv in ds:
        pv = math.ceil(math.sqrt(dv))
        for s_value in ss:
            sigma = math.sqrt(s_value * pv / dv)
            for kind in ("aligned", "half aligned", "random"):
                ratios = []
                for seed in seeds:
                    rng = np.random.default_rng(seed)
                    mu = np.zeros(dv)
                    mu[0] = 1.0
                    raw = {"aligned": np.tile(mu[:, None], (1, pv)),
                           "half aligned": mu[:, None] + rng.standard_normal((dv, pv)) / math.sqrt(dv),
                           "random": rng.standard_normal((dv, pv))}[kind]
                    U = raw / np.linalg.norm(raw, axis=0)
                    G = rng.standard_normal((dv, pv))
                    W = U + sigma * G
                    v = W[0, :]  # ⟨W t, μ⟩ = ⟨v, t⟩ (μ = e_1)
                    A = W[1:, :]  # the part of W t orthogonal to μ
                    # ‖P_{col W} e_1‖² = e_1ᵀW(WᵀW)^{−1}Wᵀe_1 = vᵀ(WᵀW)^{−1}v: the projection, with W whole
                    fraction = 1 - float(v @ np.linalg.solve(W.T @ W, v))
                    gram = A.T @ A
                    identity = 1 / (1 + float(v @ np.linalg.solve(gram, v)))
                    worst_identity = max(worst_identity, abs(identity - fraction) / fraction)
                    smallest_sq = float(np.linalg.eigvalsh(gram)[0])  # σ_min(A)²
                    finite = 1 / (1 + float(v @ v) / smallest_sq)
                    finite_bound_holds &= fraction >= finite * (1 - 1e-9)
                    ratios.append(fraction / (factor * s_value / (s_value + (1 + sigma) ** 2)))
                rows.append({"d": dv, "p": pv, "s": s_value, "sigma": sigma, "U": kind,
                             "fraction_over_lemma": [round(r, 6) for r in ratios]})
    aligned_small_s = [min(r["fraction_over_lemma"]) for r in rows if r["U"] == "aligned" and r["s"] == min(ss)]
    lowest = min(min(r["fraction_over_lemma"]) for r in rows)
    at_largest = min(min(r["fraction_over_lemma"]) for r in rows if r["d"] == max(ds))
    # at the largest d every ratio within (p/d)^{1/2} of 1 (the o(1) there): 0.894 at d = 8000, so a bound 1.15× too
    # large fails (referee CS, LOW-8: the earlier 1 − 3d^{−1/4} let 1.3× pass)
    holds = (finite_bound_holds and worst_identity < 1e-8
             and at_largest >= 1 - math.sqrt(math.ceil(math.sqrt(max(ds))) / max(ds))
             and aligned_small_s[-1] >= aligned_small_s[0] - 0.02)  # not decaying in d at the smallest s
    return {
        "lemma": "‖P_{col(W)^⊥}μ‖² ≥ (1 − o(1)) s/(s + (1 + σ)²), s = σ²d/p, for W = U + σG, any unit-column U "
        "independent of G (p → ∞, p/d → 0); so where π_p < 1 every second layer's risk is ≥ α_1^{*2} s (1 − o(1)) "
        "when s → 0 and ≥ α_1^{*2}(1 − o(1)) when s → ∞",
        "proof": "‖P^⊥μ‖² = 1/(1 + vᵀ(AᵀA)^{−1}v) ≥ 1/(1 + ‖v‖²/σ_min(A)²), ‖v‖ ≤ (1 + σ)√p(1 + o(1)), σ_min(A) ≥ "
        "σ√d(1 − o(1)) (Gordon)",
        "rows": rows,
        "identity_relative_error": worst_identity,
        "finite_d_bound_held_on_every_instance": finite_bound_holds,
        "lowest_fraction_over_lemma": lowest,
        "lowest_at_the_largest_d": at_largest,
        "aligned_smallest_s_by_d": aligned_small_s,
        "holds": holds,
        "seeds": list(seeds),
        "tolerance": "identity to 1e-8 (relative); fraction/lemma ≥ 1 − (p/d)^{1/2} at the largest d",
    }


def _alpha1(target: Any) -> float:
    """α_1^* = E[σ_*(z) z], z ~ N(0, 1) (Gauss–Hermite, exact for a polynomial σ_*)."""
    z, w = np.polynomial.hermite_e.hermegauss(60)
    return float(np.sum(w * target(z) * z) / math.sqrt(2 * math.pi))


@functools.cache
def span_obstruction(
    corners: tuple[str, ...] = OBSTRUCTION_CORNERS,
    ds: tuple[int, ...] = OBSTRUCTION_DS,
    seeds: tuple[int, ...] = OBSTRUCTION_SEEDS,
) -> dict[str, Any]:
    r"""A lower bound on Theorem 2's risk that holds for *every* second layer ā, measured on the paper's W_1.

    E_x[(f^W − f_*)²] ≥ ‖E_x[(f^W − f_*)(x)\,x]‖² (Bessel: the degree-1 Hermite part of f^W − f_*), and
    E_x[f^W(x) x] = Σ_i ā_i E[σ'(w_iᵀx + b_i)] w_i lies in col(W_1), while E_x[f_*(x) x] = α_1^* μ; so
    E_x[(f^W − f_*)²] ≥ α_1^{*2} ‖P_{col(W_1)^⊥} μ‖², whatever ā is. Computed exactly (QR) on W_1 of the paper's
    algorithm (part3_common.run_corner) at each corner, d and seed; its fitted exponent in d, and the exponent of
    σ_W²d/p (> 0: the bound tends to α_1^{*2}(1 − p/d) → α_1^{*2} when π_p < 1)."""
    from .part3_common import run_corner

    out: dict[str, Any] = {}
    for corner in corners:
        c = CORNERS[corner]
        out[corner] = {**c, **_span_record(c["eps_n"], c["eps_p"], c["extra_n"], ds, seeds,
                                           lambda dv, seed, corner=corner: run_corner(corner, dv, seed))}
    return out


@memo.remembered()
@memo.shared  # three Part 3 claims ask for the same point, each in its own check process
def span_obstruction_at(eps_n_value: float, eps_p_value: float, extra_n: float,
                        ds: tuple[int, ...] = OBSTRUCTION_DS, seeds: tuple[int, ...] = OBSTRUCTION_SEEDS) -> dict:
    """:func:`span_obstruction`'s record at any point (ε_n, ε_p, ν = 1 + 3ε_n + extra_n) of the region
    (part3_common.run_point, the paper's preset), ε_b in the middle of its window."""
    from .part3_common import run_point

    return {"eps_n": eps_n_value, "eps_p": eps_p_value, "extra_n": extra_n,
            **_span_record(eps_n_value, eps_p_value, extra_n, ds, seeds,
                           lambda dv, seed: run_point(eps_n_value, eps_p_value, extra_n, dv, seed))}


def _span_record(en: float, ep_: float, extra_n: float, ds: tuple[int, ...], seeds: tuple[int, ...],
                 run_at: Any) -> dict[str, Any]:
    """The span bound α_1^{*2}‖P_{col(W_1)^⊥}μ‖² of the runs ``run_at(d, seed)`` at one point: rows, fit, and the
    exponent of σ_W²d/p there."""
    from .part3_common import TARGET_Q

    point = corner_point({"eps_n": en, "eps_p": ep_, "extra_n": extra_n})  # ε_b as the simulator uses
    nu_c, eb = point["nu"], point["eps_b"]
    at = {**at_symbols(point), q: TARGET_Q}
    noise_exp = float(sp.limit(sp.log(SPAN_NOISE.subs(at)) / sp.log(d), d, sp.oo))
    rows = []
    for dv in ds:
        fractions = []
        for seed in seeds:
            run = run_at(dv, seed)
            fractions.append(_unexplained_fraction(run))
            W = run["_result"].W1
        alpha1 = _alpha1(run["_problem"].target)
        rows.append(
            {
                "d": dv,
                "p": int(W.shape[1]),
                "alpha1": alpha1,
                "unexplained_fraction": fractions,
                "risk_lower_bound": alpha1**2 * float(np.mean(fractions)),
            }
        )
    fit = _fit([math.log10(r["d"]) for r in rows], [r["risk_lower_bound"] for r in rows])
    return {"nu": nu_c, "eps_b": eb, "q": TARGET_Q, "span_noise_exponent": noise_exp, "rows": rows, "fit": fit,
            "seeds": list(seeds)}


def _unexplained_fraction(run) -> float:
    """‖P_{col(W_1)^⊥}μ‖²/‖μ‖² of a run (QR of W_1)."""
    W, mu = run["_result"].W1, run["_problem"].mu
    Q, _ = np.linalg.qr(W)
    resid = mu - Q @ (Q.T @ mu)
    return float(resid @ resid) / float(mu @ mu)


#: A point of the aligned sub-region (ν = 2.4 > 2 + ε_b for ε_b < 0.4, e.g. the middle of its window, 0.2375; measured
#: in its σ_W → 0 limit, as regime.LIMIT_CORNERS) with ε_p < 1, where the span bound is not decided:
#: (ε_n, ε_p, ν − 1 − 3ε_n, σ_W)
ALIGNED_SPAN_POINT = (0.2, 0.5, 0.8, 0.0)


@memo.remembered()
def span_aligned_probe(ds: tuple[int, ...] = OBSTRUCTION_DS, seeds: tuple[int, ...] = OBSTRUCTION_SEEDS) -> dict:
    """The span bound's unexplained fraction ‖P_{col(W_1)^⊥}μ‖² in the aligned limit at ε_p = 0.5 (evidence for the
    undecided sub-region: there W_1's columns share the direction α*_1μ − u of the first step, u the initial output's
    Θ(1) term, so the fraction plausibly stays Θ(1); a fit over these d cannot separate that from a slowly vanishing
    rate such as Theorem 2's)."""
    from .part3_common import TARGET_Q, run_point

    en, ep_, extra, sw = ALIGNED_SPAN_POINT
    rows = [{"d": dv, "unexplained_fraction": [_unexplained_fraction(run_point(en, ep_, extra, dv, s, sw))
                                               for s in seeds]} for dv in ds]
    fit = _fit([math.log10(r["d"]) for r in rows], [float(np.mean(r["unexplained_fraction"])) for r in rows])
    return {"eps_n": en, "eps_p": ep_, "nu": 1 + 3 * en + extra, "sigma_W": sw, "q": TARGET_Q, "seeds": list(seeds),
            "rows": rows, "fit": fit, "decides": "nothing (evidence only)"}


def _obstructed(corner: dict[str, Any], rhs: sp.Expr) -> bool:
    """The bound rules out O_P(rhs) at this corner: π_p < 1 and σ_W²d/p → ∞ (:data:`SPAN_OBSTRUCTION`; the bound →
    α_1^{*2} > 0, exact), the measured bound does not decay (exponent > −5 SE − 0.01) and rhs → 0 there (decided)."""
    fit = corner["fit"]
    at = {eps_n: corner["eps_n"], **corner_width(corner["eps_p"]), eps_b: corner["eps_b"], nu: corner["nu"],
          q: corner["q"]}
    rhs_limit = sp.limit(sp.sympify(rhs).subs(at), d, sp.oo)
    return (
        all(bool(condition.subs(at)) for condition in SPAN_OBSTRUCTION)
        and fit["exponent"] > -5 * fit["stderr"] - 0.01
        and rhs_limit == 0
    )


def vanishing_regime(rate: sp.Expr, rewrite_side=rewrite) -> dict[str, Any]:
    """Where ``rate`` → 0 on the admissible region: the regime record of rate ≪ 1, decided exactly."""
    return dict(decide(Statement(rate, Rel.LL, sp.Integer(1)), ADMISSIBLE, d=d, rewrite=rewrite_side).regime or {})


def below_noise_regime(rate: sp.Expr, rewrite_side=rewrite) -> dict[str, Any]:
    """Where ``rate`` ≪ σ_W²d/p (:data:`SPAN_NOISE`) on the admissible region, decided exactly: with
    :func:`span_noise_lemma`, where π_p < 1 every second layer's risk is ≳ min(1, σ_W²d/p), so a rate that is o(1)
    and o(σ_W²d/p) is refuted there (referee CN, M3: also where σ_W²d/p → 0 slower than the rate)."""
    return dict(decide(Statement(rate, Rel.LL, SPAN_NOISE), ADMISSIBLE, d=d, rewrite=rewrite_side).regime or {})


def _span_not_refuted(below_noise: dict[str, Any] | None) -> tuple[str, dict[str, Any]]:
    """The undecided rest of the span obstruction as the regime records print it, and the evidence it rests on: with
    the span lemma (it held on its instances) and ``below_noise`` (where the rate ≪ σ_W²d/p), π_p ≥ 1 or the rate
    not o(σ_W²d/p); without them, π_p ≥ 1 or σ_W²d/p ↛ ∞ (:data:`SPAN_NOT_REFUTED`)."""
    if below_noise is None or below_noise.get("holds_on") not in ("all", "part"):
        return SPAN_NOT_REFUTED, {}
    lemma = span_noise_lemma()
    # the lemma adds a strip only where the rate ≪ σ_W²d/p is weaker than σ_W²d/p ↛ 0 (not for 1/log d: referee CS)
    extends = list(below_noise.get("conditions_exact") or []) != [str(SPAN_NOISE_EXPONENT >= 0)]
    evidence = {"span_lemma": {k: v for k, v in lemma.items() if k != "rows"}, "rate_below_noise_regime": below_noise,
                "span_lemma_extends_the_refuted_part": extends}
    if not lemma["holds"]:
        return SPAN_NOT_REFUTED, evidence
    head = r"\text{not refuted (undecided) where } " + paper_latex(pi_p >= 1)
    if below_noise["holds_on"] == "all":
        return head, evidence
    return (head + r" \text{ or the rate is not } o(\sigma_W^2 d/p)\text{, i.e. not all of: } "
            + r";\ ".join(str(c) for c in below_noise.get("conditions") or ()), evidence)


def span_lemma_sentence(regime: dict[str, Any]) -> str:
    """The clause a refuted detail adds when its regime rests on :func:`span_noise_lemma` (empty otherwise)."""
    if not ((regime.get("span_lemma") or {}).get("holds") and regime.get("span_lemma_extends_the_refuted_part")):
        return ""
    return ("; and, since ‖P_{col(W_1)^⊥}μ‖² ≥ (1 − o(1)) s/(s + (1 + σ_W)²) with s = σ_W²d/p for any columns "
            "(the span lemma, checked on aligned, half-aligned and random columns), also where π_p < 1 and s → 0 "
            "slower than the rate (the regime's conditions)")


def obstruction_witness(blocked: list[str], obstruction: dict[str, Any], vanishes: dict[str, Any] | None = None,
                        below_noise: dict[str, Any] | None = None) -> tuple[dict, str, dict, dict]:
    """For a rate :func:`_obstructed` rules out at the corners ``blocked``: the first blocked corner's record, its
    measured lower bounds as text, the witness and the regime record (the sub-region the obstruction leaves
    undecided) — shared by every claim the span obstruction refutes (thm2.statement, risk.summary-corrected,
    thm1.risk-obstruction, the Part 3 rates). ``vanishes`` is where the refuted rate → 0
    (:func:`vanishing_regime`): a risk bounded below refutes R = O(rate) only there, so where the rate is not o(1)
    is undecided too (referees L3, M). ``below_noise`` is where the rate ≪ σ_W²d/p (:func:`below_noise_regime`):
    with :func:`span_noise_lemma` the refuted part reaches there too (referee CN, M3)."""
    w = obstruction[blocked[0]]
    lows = ", ".join(f"{r['risk_lower_bound']:.3f}" for r in w["rows"])
    witness = {"corner": blocked[0], **{k: w[k] for k in ("eps_n", "eps_p", "nu", "eps_b", "rows", "fit")}}
    rest, lemma_evidence = _span_not_refuted(below_noise)
    not_refuted = [rest]
    regime = {
        "region": ADMISSIBLE.name,
        "holds_on": "part",
        # the conditions are where the claim may survive (a theorem's proof survives only there); "undecided" says
        # that it is not shown to hold there either (cli.regime_lines: "fails on part, undecided on the rest")
        "conditions": not_refuted,
        "undecided": list(not_refuted),
        # refuted outside the conditions, not decided inside: never "holds there" (referee CQ, F2)
        "conditions_bound": AT_MOST,
        "witness": {"corner": blocked[0]},
        **lemma_evidence,
    }
    if vanishes is not None and vanishes.get("holds_on") != "all":
        off = (r"\text{where the rate is not } o(1)\text{, i.e. not all of: } "
               + r";\ ".join(str(c) for c in vanishes.get("conditions") or ()))
        # either sub-region may hold the claim: one condition "A or B" (a list of conditions reads "all of")
        either = [not_refuted[0] + r"\ \text{or } " + off]
        regime |= {"conditions": either, "undecided": list(either), "rate_vanishes_regime": vanishes}
    return w, lows, witness, regime


#: Theorem 2's penalty obstruction (referee DC, F9): for every ā,
#:   E_x[(f^W − f_*)²] + λ‖ā‖² ≥ min_a ‖Ca − α_1^*μ‖² + λ‖a‖² = α_1^{*2}λ μᵀ(CCᵀ + λI)^{−1}μ ≥ α_1^{*2} λ/(λ + m),
#: C = [E σ'(w_iᵀx + b_i) w_i]_i (Bessel on the degree-1 part and Stein), m = μᵀCCᵀμ (Cauchy–Schwarz:
#: (μᵀA^{−1}μ)(μᵀAμ) ≥ 1). With w_i = unit + σ_W g_i, E σ'(‖w_i‖Z + b_i) ≤ 2/(√(2π)‖w_i‖) and ⟨w_i, μ⟩² ≤ 2(1 + σ_W²
#: (g_iᵀμ)²), so m = O_P(p(1 + σ_W²)/(1 + σ_W²d)) = O_P(p/(σ_W²d)) (σ_W² → 0 on the region: ν ≥ 1 + 3ε_n > 1 + ε_b):
#: the left side stays ≳ α_1^{*2} wherever m ≲ λ = p/d^{2ε_n}, i.e. where d^{2ε_n} ≲ σ_W²d — for every π_p, where
#: the span bound is 0 (π_p ≥ 1) too.
PENALTY_CURVATURE = Statement(d ** (2 * eps_n), Rel.LESSSIM, SIGMA_W**2 * d,
                              name="μᵀCCᵀμ ≲ λ (the penalty dominates the curvature along μ)")
#: a point of the region where π_p = ε_p = 1 (col(W_1) = R^d: the span bound is 0) and the penalty obstruction applies:
#: (ε_n, ε_p, ν − 1 − 3ε_n); ε_b in the middle of its window (0.175): 2 + ε_b − ν = 0.575 ≥ 2ε_n = 0.4
PENALTY_POINT = (0.2, 1.0, 0.0)
PENALTY_DS: tuple[int, ...] = (32, 64, 128)


def penalty_regime(rel: Rel = Rel.LESSSIM) -> dict[str, Any]:
    """Where :data:`PENALTY_CURVATURE` holds on the admissible region (decided exactly): there every ā leaves
    Theorem 2's left side ≥ α_1^{*2}λ/(λ + m) ≍ α_1^{*2}, whatever π_p. With ``rel=Rel.LL``, where m ≪ λ: there
    ridge learns nothing along μ (‖a_RR‖² ≤ (1/n)‖Y‖²/λ, so |μᵀCa_RR| ≤ √(m/λ)·O_P(1) → 0 and
    R(f_RR) ≥ (α_1^* − o_P(1))², referee DC, F9)."""
    st = PENALTY_CURVATURE if rel is Rel.LESSSIM else Statement(PENALTY_CURVATURE.lhs, rel, PENALTY_CURVATURE.rhs)
    return dict(decide(st, ADMISSIBLE, d=d, rewrite=rewrite, what=f"d^{{2ε_n}} {rel.value} σ_W²d").regime or {})


def with_penalty_obstruction(regime: dict[str, Any], pen_regime: dict[str, Any],
                             vanishes: dict[str, Any] | None = None) -> dict[str, Any]:
    """An obstruction's regime (:func:`obstruction_witness`: "not refuted (undecided) where …") with the penalty
    obstruction's region (``pen_regime``, :func:`penalty_regime`) taken out of its undecided rest — only where the
    refuted rate → 0 (``vanishes``, its regime; None: everywhere)."""
    if pen_regime.get("holds_on") not in ("all", "part"):
        return regime
    also = [] if vanishes is None or vanishes.get("holds_on") == "all" else list(vanishes.get("conditions") or ())
    if pen_regime["holds_on"] == "all" and not also:
        return {**regime, "holds_on": "none", "conditions": [], "undecided": [], "penalty_regime": pen_regime}
    parts = [str(c) for c in pen_regime.get("conditions") or ()] + [str(c) for c in also]
    # bracketed: the old rest as a whole, and outside the penalty obstruction (referee DF, DF-3)
    rest = [r"\left[" + c + r"\right]\text{, and outside the penalty obstruction, i.e. not all of: } "
            + r";\ ".join(parts) for c in regime["conditions"]]
    return {**regime, "conditions": rest, "undecided": list(rest), "penalty_regime": pen_regime}


@memo.remembered()
def penalty_obstruction(ds: tuple[int, ...] = PENALTY_DS, seed: int = SEED) -> dict[str, Any]:
    """The penalty bound measured on the paper's W_1 at :data:`PENALTY_POINT` (π_p = 1): per d, λ = p/d^{2ε_n},
    C = [E σ'(‖w_i‖Z + b_i) w_i]_i (:func:`theorycheck.hermite.sech2_expectation`), m = μᵀCCᵀμ and m/λ, the bound
    α_1^{*2}λ/(λ + m), and what it must not exceed (the Cauchy–Schwarz step, which could fail): the exact minimum of
    the degree-1 part, α_1^{*2}λμᵀ(CCᵀ + λI)^{−1}μ (referee DD, DD-1: a Monte-Carlo minimum of the whole penalised risk
    had been compared, which is ≈ E f_*² with errors near 0.8 and could not tell a wrong bound). Ridge on the run's
    data: ‖a_RR‖, the bound (α_1^* − √m‖a_RR‖)² on its risk (with the measured ‖a_RR‖), and its risk and E y² on
    2^15 fresh inputs (evidence)."""
    from .part3_common import run_point

    en, ep_, extra = PENALTY_POINT
    rows = []
    for dv in ds:
        run = run_point(en, ep_, extra, dv, seed)
        W, b = run["_result"].W1, run["_result"].b
        mu, target = run["_problem"].mu, run["_problem"].target
        p_ = W.shape[1]
        lam = p_ / dv ** (2 * en)
        C = W * sech2_expectation(np.linalg.norm(W, axis=0), b)  # columns E σ'(w_iᵀx + b_i)·w_i
        Ct_mu = C.T @ mu
        m = float(Ct_mu @ Ct_mu)
        alpha1 = _alpha1(target)
        bound = alpha1**2 * lam / (lam + m)
        degree1_min = alpha1**2 * lam * float(mu @ np.linalg.solve(C @ C.T + lam * np.eye(dv), mu))
        ridge_bound = max(0.0, abs(alpha1) - math.sqrt(m) * float(run["norm_a_RR"])) ** 2
        # ridge's risk on 2^15 fresh inputs (referee DF, DF-1: the run's 64 test points had given 1.4–9.2 for ≈ 7)
        X = np.random.default_rng([seed, dv, 11]).standard_normal((2**15, dv))
        y = target(X @ mu)
        sq_err = (np.tanh(X @ W + b) @ run["_a_rr"] - y) ** 2
        gain = sq_err - y**2  # the paired difference, what "it learns nothing" rests on (referee DH, DH-11)
        rows.append({"d": dv, "p": p_, "n": run["n"], "lambda": lam, "m": m, "m_over_lambda": m / lam,
                     "alpha1": alpha1, "lower_bound": bound, "lower_bound_over_alpha1_sq": bound / alpha1**2,
                     "degree1_minimum": degree1_min, "risk_ridge": float(np.mean(sq_err)),
                     "risk_ridge_standard_error": float(np.std(sq_err) / math.sqrt(len(y))),
                     "E_y2": float(np.mean(y**2)), "risk_minus_E_y2": float(np.mean(gain)),
                     "risk_minus_E_y2_standard_error": float(np.std(gain) / math.sqrt(len(y))),
                     "norm_a_RR": float(run["norm_a_RR"]), "ridge_risk_lower_bound": ridge_bound})
    return {"point": {"eps_n": en, "eps_p": ep_, "pi_p": ep_, "nu": 1 + 3 * en + extra}, "seed": seed, "rows": rows,
            "bound_below_the_minimum": all(r["lower_bound"] <= r["degree1_minimum"] * (1 + 1e-12) for r in rows)}


def check_theorem2_statement(statement: Statement = THM2) -> Verdict:
    r"""Theorem 2 (display (2, 1)) as established by §3.4: the chain with every step's rate *as it really stands*.

    Step 1: γ² = d^{−ε_p/(2(q+1))} (construct.step1-regime); Step 2: the measured order of E_x[(f_∞ − f_p)²] (its
    deterministic lower bound B_bulk at γ → 0, fitted exponent; Θ(1) when it does not decay); Step 3: display (2, 66);
    penalty d^{ε_p/4 − 2ε_n}. Their sum is decided against ``statement.rhs`` on the whole region. ``verified`` when
    every step holds and the sum is within the claimed rate everywhere; otherwise the proof does not establish the
    claim where it fails: ``inconclusive`` (a failing proof is no witness against the theorem — another ā might
    work), with the sub-region where the chain would survive if Step 2 were repaired.
    """
    det = measure_bias("B_bulk_lower")
    slopes = {k: v["fit"] for k, v in det.items()}
    decays = all(v["exponent"] < -5 * v["stderr"] - 0.01 for v in slopes.values())
    step2_measured = sp.Integer(1) if not decays else d ** (-U)
    actual = d ** (-2 * U) + step2_measured + STEP3_N1 + STEP3_N2 + PENALTY
    chain = check_asymptotic(Statement(actual, statement.rel, statement.rhs), corner_ratios=False)
    as_printed = check_asymptotic(
        Statement(d ** (-2 * U) + d ** (-U) + STEP3_N1 + STEP3_N2 + PENALTY, statement.rel, statement.rhs),
        corner_ratios=False,
    )
    ev = {
        "step2_lower_bound_exponents": slopes,
        "step2_order_used": str(step2_measured),
        "chain_with_measured_step2": _relation_report("actual chain", chain),
        "chain_if_step2_held_as_printed": _relation_report("conditional chain", as_printed),
        "conditional_regime": as_printed.regime,
        "tolerance": "5 standard errors of the fitted exponent",
        "achieved_error": max(v["stderr"] for v in slopes.values()),
    }
    obstruction = span_obstruction()
    ev["every_a_lower_bound"] = {
        "bound": "E_x[(f^W − f_*)²] ≥ α_1^{*2} ‖P_{col(W_1)^⊥} μ‖² for every second layer ā (Bessel on the degree-1 "
        "Hermite part; E_x[f^W(x) x] ∈ col(W_1))",
        "corners": obstruction,
        "aligned_limit_undecided": span_aligned_probe(),
        "reading": "the risk E_x[(f^W − f_*)²] (Part 1's ℛ, the square inside the expectation); read literally as "
        "(E_x[f^W − f_*])², Theorem 2 holds trivially (ā = 0 gives (E f_*)² + 0 = α_0^{*2} = 0 under Assumption 1) and "
        "says nothing Part 3 can use",
    }
    blocked = [k for k, v in obstruction.items() if _obstructed(v, statement.rhs)]
    if blocked:
        vanishes = vanishing_regime(statement.rhs)
        w, lows, witness, regime = obstruction_witness(blocked, obstruction, vanishes,
                                                       below_noise_regime(statement.rhs))
        fractions = [f for r in ev["every_a_lower_bound"]["aligned_limit_undecided"]["rows"]
                     for f in r["unexplained_fraction"]]
        aligned_lo, aligned_hi = min(fractions), max(fractions)
        # the display's own penalty λ‖ā‖² (referee DC, F9): every ā leaves the left side ≳ α_1^{*2} where the penalty
        # dominates the curvature along μ, for every π_p; the rate 1/log d → 0 everywhere
        pen_regime, pen = penalty_regime(), penalty_obstruction()
        ev["penalty_obstruction"] = {"bound": "E_x[(f^W − f_*)²] + λ‖ā‖² ≥ α_1^{*2}λ/(λ + μᵀCCᵀμ) for every ā",
                                     "regime": pen_regime, "measured": pen}
        lows_pen = [r["lower_bound_over_alpha1_sq"] for r in pen["rows"]]
        # a bound ≍ α_1^{*2} refutes the rate only where it → 0: taken where it does on the whole region
        penalty_applies = (pen_regime.get("holds_on") in ("all", "part") and pen["bound_below_the_minimum"]
                           and min(lows_pen) > 0.5 and vanishes.get("holds_on") == "all")
        if penalty_applies:
            regime = with_penalty_obstruction(regime, pen_regime)
        pt = pen["point"]
        penalty_text = (
            "; where π_p ≥ 1 (col(W_1) = R^d) the span bound is 0, but the display's penalty decides much of it: for "
            "every ā, E_x[(f^W − f_*)²] + λ‖ā‖² ≥ α_1^{*2}λ/(λ + μᵀCCᵀμ) (Bessel and Stein on the degree-1 part, "
            "C = [E σ'(w_iᵀx + b_i)w_i]), which is ≍ α_1^{*2} wherever d^{2ε_n} ≲ σ_W²d (decided: "
            + r";\ ".join(str(c) for c in pen_regime.get("conditions") or ()) + f"; referee DC, F9) — on the paper's "
            f"W_1 at π_p = 1 (ε_n = {pt['eps_n']}, ν = {pt['nu']:g}) the bound is "
            + ", ".join(f"{x:.3f}" for x in lows_pen) + f" × α_1^{{*2}} at d = {[r['d'] for r in pen['rows']]}, "
            "below the exact minimum of the degree-1 part (" + ", ".join(f"{r['degree1_minimum']:.3f}"
                                                                      for r in pen["rows"])
            + "); elsewhere with π_p ≥ 1 the proof's failure (Step 2) is all that is known"
            if penalty_applies else
            "; where π_p ≥ 1 (col(W_1) = R^d) the bound is 0 and the proof's failure (Step 2) is all that is known")
        return refuted(
            "simulation+exact",
            "no second layer gives Theorem 2's rate where π_p < 1 and σ_W²d/p → ∞: for every ā, "
            "E_x[(f^W − f_*)²] ≥ α_1^{*2}‖P_{col(W_1)^⊥}μ‖² (the linear part of f^W lies in the span of W_1's "
            f"columns); at '{blocked[0]}' (ε_n = {w['eps_n']}, ε_p = {w['eps_p']}, ν = {w['nu']:g}, ε_b = "
            f"{w['eps_b']:g}; σ_W²d/p ∝ d^{{{w['span_noise_exponent']:g}}}·polylog d → ∞, so the span is a nearly "
            f"random p-dimensional subspace and the bound → α_1^{{*2}}) the paper's W_1 gives {lows} at d = "
            f"{[r['d'] for r in w['rows']]} (fitted exponent {w['fit']['exponent']:+.3f} ± {w['fit']['stderr']:.3f}: "
            f"no decay), while {statement.rhs} → 0" + penalty_text + "; in the aligned limit (ν > 2 + ε_b, σ_W → 0) "
            f"at ε_p = 0.5 the unexplained fraction is {aligned_lo:.2f}–{aligned_hi:.2f} at d ≤ {OBSTRUCTION_DS[-1]}, "
            "which a fit cannot separate from the claimed rate: undecided there" + span_lemma_sentence(regime),
            witness=witness,
            regime=regime,
            **ev,
        )
    if chain.verdict == "verified":
        return verified(
            "simulation+exact",
            "with every step's measured/decided rate the chain gives the claimed rate on the whole region",
            regime=chain.regime,
            **ev,
        )
    return inconclusive(
        "simulation+exact",
        "the proof does not establish Theorem 2's rate: Step 2's error "
        "E_x[(f_∞ − f_p)²] does not decay (truncation bias of ā, measured exponent ≈ 0 at every corner), "
        f"so the chain gives only O_P(1), not {statement.latex()}, "
        f"{'anywhere' if chain.regime and chain.regime.get('holds_on') == 'none' else 'everywhere'} in "
        "the region; if Step 2 held as printed the rest of the chain would give the rate on "
        f"{(as_printed.regime or {}).get('holds_on')} of the region. No witness against the statement "
        "itself",
        regime=chain.regime,
        **ev,
    )


# ================================================================================================================

_S = "Part 2, §3.4"

CLAIMS = [
    Claim(
        "construct.step1-regime",
        "Step 1 over the region: E[(f_* − f_∞)²] ≍ γ² ≲ 2d^{−ε_p/(4(q+1))}",
        f"{_S}, Step 1",
        STEP1_RATE,
        r"\text{Assumptions 1--4},\ \gamma = d^{-\varepsilon_p/(4(q+1))}",
        check_step1_regime,
        depends_on=("construct.step1-infinite-model",),
        relations=((2, "D50", 1),),
    ),
    Claim(
        "construct.projection",
        "⟨μ, x⟩ ~ N(0, 1)",
        f"{_S}, Step 1",
        PROJECTION,
        r"x \sim \N(0, \id),\ \|\mu\| = 1",
        check_projection,
        relations=((2, "P75", 4),),
    ),
    Claim(
        "construct.index-set",
        "|I| ≥_P c_b p (measured at the corners)",
        f"{_S}, Step 2",
        INDEX_SET,
        r"b_i \sim \N(0,1)\ \text{i.i.d.},\ p = d^{\pi_p} \geq d^{\varepsilon_p},\ C_b = 1,\ c_b = P(|b| \le C_b)/2",
        check_index_set,
        relations=((2, "P76", 4), (2, "P76", 5), (2, "D59", 2)),
    ),
    Claim(
        "construct.finite-model",
        "The finite model as an average over I",
        f"{_S}, Step 2",
        FINITE_MODEL,
        r"\overline{a}_i = \mathbb 1_{i\in\mathcal I}a(b_i)/|\mathcal I|",
        check_finite_model,
        relations=((2, "D51", 1),),
    ),
    Claim(
        "construct.bounded-difference",
        "Bounded differences of F",
        f"{_S}, Step 2",
        BOUNDED_DIFFERENCE,
        r"F' = F \text{ with } b'_i \text{ for } b_i,\ 0 < c_b < 1",
        check_bounded_difference,
        depends_on=("construct.summand-bound", "construct.index-set"),
        displays=((2, 53),),
        relations=((2, "D53", 1), (2, "D53", 2), (2, "D53", 3)),
    ),
    Claim(
        "construct.symmetrization",
        "Symmetrisation with the printed centring",
        f"{_S}, Step 2",
        r"\E_b \left[\sup_{g \in \mathcal{G}} \left| \E_b(g(b)) - \hat{E}_b g(b)\right|\right] \leq 2\E_{b, "
        r"\varepsilon} "
        r"\left[\sup_{g \in \mathcal{G}} \left| \frac{1}{|\mathcal{I}|} \sum_{i \in \mathcal{I}} \varepsilon_i "
        r"g(b_i)\right|\right]",
        r"g_x(b) = a(b)\mathbb 1_{|b|\le C_b}\sigma(\langle\mu,x\rangle+b)",
        check_symmetrization,
        depends_on=("construct.rademacher-centering",),
        relations=((2, "D55", 3),),
    ),
    Claim(
        "construct.expected-sup-bound",
        "E[F] ≲ d^{ε_p/8} log d/√p (measured)",
        f"{_S}, Step 2",
        EF_BOUND,
        r"p = d^{\pi_p} \geq d^{\varepsilon_p},\ \gamma = d^{-\varepsilon_p/(4(q+1))},\ C_b = 1",
        check_expected_sup_bound,
        depends_on=("construct.lipschitz-step", "construct.rademacher-mean", "construct.summand-bound"),
        relations=((2, "D59", 1),),
    ),
    Claim(
        "construct.F-rate",
        "|F| ≤_P d^{−ε_p/(4(q+1))} (measured)",
        f"{_S}, Step 2",
        F_RATE,
        r"p = d^{\pi_p} \geq d^{\varepsilon_p},\ \gamma = d^{-\varepsilon_p/(4(q+1))},\ C_b = 1",
        check_F_rate,
        depends_on=("construct.expected-sup", "construct.mcdiarmid", "construct.expected-sup-bound"),
        relations=((2, "D59", 3),),
    ),
    Claim(
        "construct.F-squared",
        "|F|² ≤_P d^{−ε_p/(2(q+1))} (measured)",
        f"{_S}, Step 2",
        F_SQUARED,
        r"p = d^{\pi_p} \geq d^{\varepsilon_p},\ \gamma = d^{-\varepsilon_p/(4(q+1))}",
        check_F_squared,
        depends_on=("construct.F-rate",),
        displays=((2, 60),),
        relations=((2, "D60", 2),),
    ),
    Claim(
        "construct.bulk-vs-F",
        "The bulk error is at most F²",
        f"{_S}, Step 2",
        r"\E_x[(f_\infty(x) - f_p(x))^2 \mathbb{1}_{|\langle \mu, x \rangle| \leq \log d}] \leq |F|^2",
        r"F = \sup_x |f_p(x) - f_\infty(x)|",
        check_bulk_vs_F,
        displays=((2, 60),),
        relations=((2, "D60", 1), (2, "P77", 1)),
    ),
    Claim(
        "construct.tail-polynomial",
        "f_∞ = σ_*e^{−γz²} and f_γ² ≲ z^{2q}e^{−2γz²} on the tail",
        f"{_S}, Step 2",
        r"f_\gamma(x) = \sigma_*(\langle \mu, x \rangle) e^{-\gamma \langle \mu, x \rangle^2},\quad f^2_\gamma(x) "
        r"\lesssim "
        r"\langle \mu, x \rangle^{2q} e^{-2\gamma \langle \mu, x \rangle^2}",
        r"|\langle\mu,x\rangle| > \log d \ge 1",
        check_tail_polynomial_bound,
        relations=((2, "P88", 1), (2, "P88", 2), (2, "P88", 3), (2, "P88", 4)),
        depends_on=("cert.closed-form",),  # f_∞ = f_γ needs an a that reconstructs f_γ; the paper's does not
    ),
    Claim(
        "construct.tail-critical-points",
        "Critical points of z^q e^{−2γz} (the derivative f' = (qz^{q−1} − 2γz^q)e^{−2γz} is checked with them)",
        f"{_S}, Step 2",
        TAIL_CRITICAL,
        r"q \ge 1,\ \gamma > 0",
        check_tail_critical_points,
        relations=((2, "P88", 6), (2, "P88", 7), (2, "P88", 8), (2, "P88", 9)),
    ),
    Claim(
        "construct.tail-finf",
        "The tail of f_∞ beyond |⟨μ,x⟩| > log d",
        f"{_S}, Step 2",
        r"\E\left[f_\gamma (x)^2 \mathbb{1}_{|\langle \mu, x \rangle| > \log d}\right] \leq \sup_x f_\gamma(x)^2 "
        r"\P(|\langle \mu, x \rangle| > \log d) "
        r"\lesssim \left(\frac{q}{2\sqrt{e}\gamma}\right)^q e^{-\frac{\log^2 d}{2}}",
        r"\gamma = d^{-\varepsilon_p/(4(q+1))}",
        check_tail_finf,
        depends_on=("construct.tail-maximum",),
        relations=((2, "D61", 1), (2, "D61", 2)),
    ),
    Claim(
        "construct.tail-finf-order",
        "(q/(2√eγ))^q ≍ d^{ε_p/4}",
        f"{_S}, Step 2",
        TAIL_FINF_ORDER,
        r"\gamma = d^{-\varepsilon_p/(4(q+1))}",
        check_tail_finf_order,
        relations=((2, "D61", 3),),
    ),
    Claim(
        "construct.all-in-all-bulk",
        "The bulk part of 'All in all' is ≲_P d^{−ε_p/(4(q+1))} (measured)",
        f"{_S}, Step 2",
        BULK_RATE,
        r"p = d^{\pi_p} \geq d^{\varepsilon_p},\ \gamma = d^{-\varepsilon_p/(4(q+1))}",
        check_bulk_rate,
        depends_on=("construct.F-squared", "construct.bulk-vs-F"),
        relations=((2, "D63", 2),),
    ),
    Claim(
        "construct.all-in-all-tails",
        "The tail terms of 'All in all' are absorbed",
        f"{_S}, Step 2",
        ALL_IN_ALL_TAILS,
        r"\text{Assumptions 2--4}",
        check_all_in_all_tails,
        depends_on=("construct.tail-finf", "construct.tail-fp"),
        relations=((2, "D63", 3), (2, "D63", 4)),
    ),
    Claim(
        "thm2.chain-triangle",
        "Final chain: the three-term split",
        f"{_S}, Step 3",
        TRIANGLE,
        r"A = f^W - f_p,\ B = f_p - f_\infty,\ C = f_\infty - f_*",
        check_triangle,
        relations=((2, "D67", 1),),
    ),
    Claim(
        "thm2.chain-sum",
        "Final chain: the sum of Steps 1–3",
        f"{_S}, Step 3",
        CHAIN_SUM,
        r"\text{Assumptions 1--4},\ 0 < \varepsilon_b < 3\varepsilon_n - \varepsilon_p/4",
        check_chain_sum,
        depends_on=("construct.step1-regime", "construct.step2-summary", "thm2.step3-summary", "thm2.chain-triangle"),
        relations=((2, "D67", 2),),
    ),
    Claim(
        "thm2.a-norm",
        "‖ā‖² ≲ d^{ε_p/4}/p (measured)",
        f"{_S}, Step 3",
        A_NORM,
        r"\overline{a}_i = \mathbb 1_{|b_i|\le C_b}a(b_i)/|\mathcal I|",
        check_a_norm,
        depends_on=("construct.a-bound", "construct.index-set"),
        relations=((2, "P95", 2),),
    ),
    Claim(
        "thm2.corrected-chain",
        "Theorem 2's rate with the checked corrections (conditional on Step 2)",
        f"{_S}, Step 3",
        CORRECTED_CHAIN,
        r"\text{Assumptions 1--4},\ 0 < \varepsilon_b < 3\varepsilon_n - \varepsilon_p/4",
        check_corrected_chain,
        depends_on=(
            "construct.step1-regime",
            "construct.step2-summary",
            "thm2.step3-summary",
            "thm2.chain-sum",
            "thm2.a-norm",
            "thm2.rate-simplification",
        ),
        relations=((2, "D67", 2), (2, "D68", 2)),
    ),
    Claim(
        "thm2.statement",
        "Theorem 2 as established by §3.4 (the whole chain)",
        "Part 2, Theorem 2 and §3.4",
        THM2,
        r"\text{Assumptions 1--4},\ 0 < \varepsilon_b < 3\varepsilon_n - \varepsilon_p/4",
        check_theorem2_statement,
        depends_on=(
            "construct.step1-infinite-model",
            "construct.step1-regime",
            "construct.step2-summary",
            "construct.all-in-all-bulk",
            "thm2.step3-chain",
            "thm2.step3-summary",
            "thm2.chain-sum",
            "thm2.rate-simplification",
            "thm2.penalty-absorbed",
            "thm2.a-norm",
            "thm2.rate",
            "thm2.corrected-chain",
            "rank1.noisy-alignment",
            "thm6.approximation-error",
            "cert.sup-bound",
            # not thm6.existence: §3.4 uses |a(b_i)| ≲ γ^{−q/2} (display "bound on a"), which its obstruction allows
        ),
        # Theorem 2's bound wherever the paper states it: the theorem, the chain's conclusion (2, D68, 1) and Part 3's
        # "by Theorem 2" (3, D3, 4) (referee AT: those two were covered only by claims deciding their right sides)
        relations=((2, "D1", 1), (2, "D68", 1), (3, "D3", 4)),
    ),
]
