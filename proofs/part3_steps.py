r"""Part 3 (§4.2–§4.5) relation by relation, over the whole admissible region.

Every relation of Part 3's chains is a :class:`~proofs.part3_common.Step`: identities are checked with SymPy from
Assumption 4 (:mod:`proofs.symbols`), asymptotic relations with :func:`theorycheck.asymptotics.decide` over
:data:`proofs.regime.ADMISSIBLE` (log powers included), inequalities that hold for every positive value by the
sign of the factored difference. Quantities that a step treats as being of some order (spectra of K_n, feature
norms, the inner product of §4.3.2, ‖a_RR‖, leave-one-out moves, ‖z'_i‖, clipped fractions) are measured on
paper-preset runs at the corners of the region (:data:`proofs.regime.CORNERS`), with growth exponents fitted by
``scipy.stats.linregress`` and compared with the order the step uses; the asymptotic steps then use the
measured orders (named in each step's note).

Corrections propagate: ``dpgd.noise-corrected`` (η_a‖z'_i‖ with C_a's d^{ε_n} and ‖z‖ ≈ Σ√p),
``clip.s3-corrected`` (the p the S_3 chain drops, and S_3 = η_a × the sum),
``dpgd.contraction-regime`` (where ‖I − η_aL‖ < 1 at all),
``risk.summary-corrected`` (the variance term the summary drops) feed ``risk.final-chain-corrected`` and
``thm1.rate-corrected``; ``part3.final-risk`` is the top claim of Part 3's chain (every claim the final risk
chain uses is reachable from it through ``depends_on``).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import replace as _dc_replace
from functools import cache, partial
from typing import Any

import mpmath
import numpy as np
import sympy as sp

from theorycheck import Claim, inconclusive, memo, refuted, verified
from theorycheck.asymptotics import decide
from theorycheck.claims import AT_MOST, Verdict, with_readings
from theorycheck.errors import InputError
from theorycheck.statement import Norm, Rel, Statement, decides, held, paper_latex

from . import symbols as S
from .part3_common import (
    COMMON_MODE_UNDECIDED,
    EPS_N,
    EPS_P,
    SEED,
    SIMULATED_CORNERS,
    TARGET_Q,
    Step,
    check_steps,
    fit_growth,
    phi_matrix,
    replace_one,
    replacement_move_growth,
    run_corner,
    run_paper,
    run_point,
    to_rates,
    worst_replacement,
)
from .regime import (
    ADMISSIBLE,
    ALL_CORNERS,
    CORNERS,
    HIDING_A_CONSTANT,
    LIMIT_CORNERS,
    absolute_constant_outcome,
    as_printed_and_intended,
    constant_readings,
    corner_point,
    eps_b_middle,
    polynomial_tail_readings,
)

d, n, p, en, ep, eb, q = S.d, S.n, S.p, S.eps_n, S.eps_p, S.eps_b, S.q
L = S.log_d
lam, eta_a, C_a, T, Sigma, eps, delta = S.lam, S.eta_a, S.C_a, S.T, S.Sigma, S.eps, S.delta
PRIV = sp.sqrt(8 * sp.log(1 / delta)) / eps
PRIV_125 = sp.log(sp.Rational(5, 4) / delta) / eps**2
HALF = sp.Rational(1, 2)
FIVE_HALVES, SEVEN_HALVES, ZERO = sp.Rational(5, 2), sp.Rational(7, 2), sp.Integer(0)

# measured quantities (their orders are measured in the claims of the "measured" family below)
lam_min_K = sp.Symbol(r"\lambda_{\min}", positive=True)
lam_max_K = sp.Symbol(r"\lambda_{\max}", positive=True)
phi_norm = sp.Symbol(r"\left\|\varphi\right\|", positive=True)
psi = sp.Symbol(r"\psi", positive=True)
rho_M = sp.Symbol(r"\rho", positive=True)
s_phi = sp.Symbol(r"s", positive=True)
M_SQ = sp.Symbol("m", positive=True)
a_rr_norm = sp.Symbol("norm_a_RR", positive=True)  # printed ‖a_RR‖ (statement.PAPER_SYMBOL_LATEX)
y_abs = sp.Symbol("abs_y_j", positive=True)  # printed |y_j|

#: the rates of the paper: D9 of Part 3 (the ridge risk), Theorem 1, the variance term (3, D8)
RATE_D9 = d ** (-ep / (8 * (q + 1))) + d ** (1 + eb + ep / 4) / n * L ** (2 * q + 6) * PRIV_125
RATE_THM1 = d ** (-ep / (8 * q)) + d ** (1 + en) / n * PRIV_125
RATE_PART3_LAST = d ** (-ep / (8 * (q + 1))) + d ** (1 + en) / n * PRIV_125
VARIANCE = d ** (4 * en) / n * L**2
#: the orders measured below: ‖a_RR‖ = O(1) (measured slopes ≤ 0 at every corner), λ_max(K_n) = Θ(1)
A_RR_MEASURED = sp.Integer(1)


def _st(lhs, rel, rhs, **kw) -> Statement:
    return Statement(lhs, rel, rhs, **kw)


#: the order of λ_max(K_n) that dpgd.contraction-regime substitutes (an audit premise; the paper states no order):
#: K_n = ΦΦᵀ/n (Φ is p × n) with tanh features of nearly random directions has
#: λ_max ≈ (2/π)(1 + √(p/d))² ≍ 1 + p/d, i.e. Θ(1)
#: only for ε_p ≤ 1 (measured: ridge.measured-spectrum, with a corner at ε_p = 1.5)
LAMBDA_MAX_ORDER = 1 + p / d

#: the order of ‖m̄‖² = ‖E_x φ(x)‖², the features' mean mode. Column k of W_1 is a unit vector plus noise of norm
#: ≈ σ_W√d, so ‖w_k‖² ≈ 1 + σ_W²d and m̄_k = E tanh(‖w_k‖Z + b_k) ≈ √(2/π) b_k/‖w_k‖ when ‖w_k‖ is large, Θ(1) when
#: it is not: ‖m̄‖² ≍ p/(1 + σ_W²d) (measured exactly at every corner, :func:`mean_mode_failure`). Since
#: λ_max(K_n) ≥ vᵀK_nv = mean_j(φ_jᵀv)² → E(φᵀv)² ≥ ‖m̄‖² for the unit v ∥ m̄, λ_max(K_n) ≳ ‖m̄‖² too: where
#: p ≫ σ_W²d the features are far from the random directions LAMBDA_MAX_ORDER assumes
MEAN_MODE_ORDER = p / (1 + S.sigma_W**2 * d)
#: the order of the cosine ‖m̄‖/√(E‖φ‖²) between a feature vector's mean and its typical size: 1/√(1 + σ_W²d)
MEAN_MODE_COS_ORDER = 1 / sp.sqrt(1 + S.sigma_W**2 * d)
#: the measured steps between a quantity and its mean-mode proxy (recorded with the proxy)
MEAN_MODE_LINKS = {"mean_mode_sq": ("mean_mode_rayleigh",)}
#: each order above as the smaller of its two regimes (1 + σ_W²d ≍ max(1, σ_W²d)): the form the region's comparison
#: reads (:func:`theorycheck.asymptotics.compare` bounds no sum inside a negative power)
MIN_TERMS: dict[sp.Expr, tuple[sp.Expr, ...]] = {
    MEAN_MODE_ORDER: (p, p / (S.sigma_W**2 * d)),
    MEAN_MODE_COS_ORDER: (sp.Integer(1), 1 / (S.sigma_W * sp.sqrt(d))),
}


#: the ridge test risk E_x[(f_RR(x) − f_*(x))²] of display (3, D9)
RIDGE_RISK = sp.Symbol(r"\E_x[(f_{\mathrm{RR}} - f_*)^2]")


def summary_corrected_steps() -> tuple[Step, ...]:
    """Display (3, D9) with the estimation term kept: risk.decomposition bounds the risk by 2[approximation +
    estimation]; the approximation term is O_P(RATE_D9) (Theorem 2: thm2.rate, risk.approximation-rate) and the
    estimation term O_P(d^{4ε_n} log² d / n) (display (3, D8): risk.variance-term). The step checked here is their
    sum against the stated rate: a rate that drops either term (the paper's drops the second) fails on part of the
    region. Its premises carry their own verdicts (depends_on)."""
    return (
        Step(
            (3, "D9", 1),
            _st(2 * (RATE_D9 + VARIANCE), "O_P", RATE_D9 + VARIANCE),
            "asymptotic",
            note="2[approximation + estimation] (risk.decomposition) with approximation ≲_P RATE_D9 (thm2.rate) and "
            "estimation ≲_P d^{4ε_n} log² d / n (risk.variance-term)",
        ),
    )


def span_obstructed(rate: sp.Expr) -> tuple[list[str], dict[str, Any]]:
    """The corners where Theorem 2's span obstruction (thm2.statement: E_x[(f − f_*)²] ≥ α_1^{*2}‖P_{col(W_1)^⊥}μ‖²
    for every f = Σ_i a_i σ(w_iᵀx + b_i) on W_1's features, measured exactly on the paper's W_1) rules out
    ``rate`` at (ε, δ) fixed: π_p < 1, σ_W²d/p → ∞, the bound does not decay and the rate → 0 there; and the record."""
    from .part2_construction_steps import _obstructed, span_obstruction

    at_fixed_privacy = S.in_powers_of_d(rate.subs({eps: 1, delta: sp.Rational(1, 10**5)}))
    obstruction = span_obstruction()
    blocked = [k for k, w in obstruction.items() if _obstructed(w, at_fixed_privacy)]
    return blocked, {"bound": "E_x[(f − f_*)²] ≥ α_1^{*2}‖P_{col(W_1)^⊥}μ‖² for every second layer on W_1's "
                     "features (thm2.statement)", "corners": obstruction,
                     "rate_at_fixed_privacy": str(at_fixed_privacy)}


def _vanishes(rate: sp.Expr) -> dict[str, Any]:
    """Where ``rate`` → 0 ((ε, δ) fixed), for the span obstruction's regime (referees L3, M): the decision
    :func:`_decide_cached` remembers (check_final_corrected has made the same one)."""
    return dict(_decide_cached(rate, "ll", sp.Integer(1)).regime or {})


def _below_noise(rate: sp.Expr) -> dict[str, Any]:
    """Where ``rate`` ≪ σ_W²d/p ((ε, δ) fixed): with the span lemma the obstruction refutes the rate there too
    (part2_construction_steps.below_noise_regime; referee CN, M3)."""
    from .part2_construction_steps import SPAN_NOISE

    return dict(_decide_cached(rate, "ll", SPAN_NOISE).regime or {})


def check_private_risk_obstruction(rate: sp.Expr = RATE_THM1) -> Verdict:
    """Theorem 1's risk E_x[(f_DPGD − f_*)²] = O_P(``rate``): f_DPGD is a second layer on W_1's features, so Theorem
    2's span obstruction bounds its risk below by α_1^{*2}‖P_{col(W_1)^⊥}μ‖² whatever DP-GD does
    (:func:`span_obstructed`): refuted where that bound does not decay and the rate → 0 (π_p < 1, σ_W²d/p → ∞,
    (ε, δ) fixed); elsewhere a lower bound cannot confirm a rate (inconclusive)."""
    from .part2_construction_steps import obstruction_witness, span_lemma_sentence

    blocked, record = span_obstructed(rate)
    if not blocked:
        return inconclusive("simulation+exact", "the span obstruction does not rule the rate out at the measured "
                            "corners; a lower bound cannot confirm it", every_a_lower_bound=record,
                            tolerance="5 standard errors of the bound's fitted exponent")
    w, lows, witness, regime = obstruction_witness(blocked, record["corners"], _vanishes(rate),
                                                   _below_noise(rate))
    return refuted(
        "simulation+exact",
        f"Theorem 1's risk cannot reach its rate ${paper_latex(rate)}$ where π_p < 1 and σ_W²d/p → ∞ ((ε, δ) fixed): "
        "f_DPGD is a second layer on W_1's features, so E_x[(f_DPGD − f_*)²] ≥ α_1^{*2}‖P_{col(W_1)^⊥}μ‖², which "
        f"at '{blocked[0]}' (ε_n = {w['eps_n']}, ε_p = {w['eps_p']}, ν = {w['nu']:g})"
        f" is {lows} at d = {[r['d'] for r in w['rows']]} (fitted "
        f"exponent {w['fit']['exponent']:+.3f} ± {w['fit']['stderr']:.3f}: no decay), while the rate → 0"
        + span_lemma_sentence(regime),
        witness=witness,
        regime=regime,
        every_a_lower_bound=record,
        tolerance="5 standard errors of the bound's fitted exponent",
    )


def check_summary_corrected(steps: tuple[Step, ...] | None = None, rate: sp.Expr | None = None) -> Verdict:
    """risk.summary-corrected: the chain (:func:`summary_corrected_steps`: the sum of its premises' rates), and then
    whether any second layer on W_1's features can reach the stated rate at all. Theorem 2's span obstruction
    (thm2.statement, :func:`part2_construction_steps.span_obstruction`) bounds E_x[(f − f_*)²] ≥ α_1^{*2}
    ‖P_{col(W_1)^⊥}μ‖² for every f = Σ_i a_i σ(w_iᵀx + b_i), f_RR included; where π_p < 1 and σ_W²d/p → ∞ the bound
    does not decay while the rate → 0 at (ε, δ) fixed: refuted there (referee A), whatever the chain's algebra."""
    steps = steps if steps is not None else summary_corrected_steps()
    rate = rate if rate is not None else RATE_D9 + VARIANCE
    from .part2_construction_steps import (
        obstruction_witness,
        penalty_obstruction,
        penalty_regime,
        span_lemma_sentence,
        with_penalty_obstruction,
    )

    v = check_chain(steps, "ridge summary, corrected")
    blocked, record = span_obstructed(rate)
    # the chain's own witness (a step failing) is kept apart from the obstruction's (the relation probe, stop 55: a
    # flipped step had crashed with two "witness" arguments)
    ev = {k: val for k, val in v.evidence.items() if k != "witness"} | {"every_a_lower_bound": record}
    if "witness" in v.evidence:
        ev["chain_witness"] = v.evidence["witness"]
    if not blocked:
        return _dc_replace(v, evidence=ev)
    vanishes = _vanishes(rate)
    w, lows, witness, regime = obstruction_witness(blocked, record["corners"], vanishes, _below_noise(rate))
    # ridge's own penalty (referee DC, F9): ‖a_RR‖² ≤ (1/n)‖Y‖²/λ, so where μᵀCCᵀμ ≪ λ ridge learns nothing along μ
    # and R(f_RR) ≥ (α_1^* − o_P(1))², every π_p; refuted there where the rate → 0
    pen_regime, pen = penalty_regime(Rel.LL), penalty_obstruction()
    ridge_lows = [r["ridge_risk_lower_bound"] for r in pen["rows"]]
    ev["ridge_penalty_obstruction"] = {
        "bound": "R(f_RR) ≥ (α_1^* − √(μᵀCCᵀμ)‖a_RR‖)², ‖a_RR‖² ≤ (1/n)‖Y‖²/λ", "regime": pen_regime,
        "measured": {k: pen[k] for k in ("point", "seed")} | {"rows": [
            {k: r[k] for k in ("d", "p", "lambda", "m", "norm_a_RR", "ridge_risk_lower_bound", "risk_ridge",
                               "risk_ridge_standard_error", "E_y2", "risk_minus_E_y2",
                               "risk_minus_E_y2_standard_error")}
            for r in pen["rows"]]}, "risk_ridge": "on 2^15 fresh inputs, beside E y² (ridge learns nothing there)"}
    penalty_text = ""
    if min(ridge_lows) > 0.5:
        regime = with_penalty_obstruction(regime, pen_regime, vanishes)
        penalty_text = (
            "; and, for every π_p (π_p ≥ 1 included, where the span bound is 0), ridge's own penalty: ‖a_RR‖² ≤ "
            "(1/n)‖Y‖²/λ, so where μᵀCCᵀμ ≪ λ (decided: "
            + r";\ ".join(str(c) for c in pen_regime.get("conditions") or ()) + ") R(f_RR) ≥ (α_1^* − "
            "√(μᵀCCᵀμ)‖a_RR‖)² → α_1^{*2} (on the paper's W_1 at π_p = 1, with the measured ‖a_RR‖: "
            + ", ".join(f"{x:.3f}" for x in ridge_lows) + f" at d = {[r['d'] for r in pen['rows']]}; ridge's risk on "
            "fresh inputs minus E y², paired: " + ", ".join(
                f"{r['risk_minus_E_y2']:+.3f} ± {r['risk_minus_E_y2_standard_error']:.3f}" for r in pen["rows"])
            + f" (at most {max(-r['risk_minus_E_y2'] / r['E_y2'] for r in pen['rows']):.1%} of E y² learnt); "
            "referee DC, F9)")
    return refuted(
        "simulation+exact",
        f"no second layer on W_1's features, f_RR included, reaches the rate where π_p < 1, σ_W²d/p → ∞ and the "
        "rate → 0: "
        f"E_x[(f − f_*)²] ≥ α_1^{{*2}}‖P_{{col(W_1)^⊥}}μ‖², which at '{blocked[0]}' (ε_n = {w['eps_n']}, ε_p = "
        f"{w['eps_p']}, ν = {w['nu']:g}) is {lows} at d = {[r['d'] for r in w['rows']]} (fitted exponent "
        f"{w['fit']['exponent']:+.3f} ± {w['fit']['stderr']:.3f}: no decay), while the rate → 0 at (ε, δ) fixed; the "
        f"chain's own step (the sum of its premises' rates) {'holds' if v.verdict == 'verified' else v.verdict}: "
        + v.detail + span_lemma_sentence(regime)
        + penalty_text,
        witness=witness,
        regime=regime,
        **ev,
    )


#: the registered steps of risk.summary-corrected
SUMMARY_CORRECTED_STEPS = summary_corrected_steps()


# =============================================================================================== algebraic chains


def steps_ridge_algebra() -> tuple[Step, ...]:
    """(3, D6, 3), (3, D8, 3), (3, D16, 3), (3, D16, 4), (3, D17, 3), (3, D17, 4) and the McDiarmid level."""
    return (
        Step(
            (3, "D6", 3),
            _st(2 * held(sp.sqrt(p) / n) / held(p / d ** (2 * en)), "=", 2 * d ** (2 * en) / (n * sp.sqrt(p))),
            "identity",
        ),
        Step(
            (3, "D8", 3), _st(held(d ** (4 * en) / (p * n)) * p * L**2, "O", d ** (4 * en) / n * L**2), "asymptotic"
        ),
        Step(
            (3, "D16", 3),
            _st(n * s_phi / (s_phi**2 + lam * n), "<=", n * s_phi / (2 * s_phi * sp.sqrt(lam * n))),
            "inequality",
            note="AM–GM, for every s = ‖Φ‖ > 0 (checked with λn = m²)",
            subs={lam: M_SQ**2 / n},
        ),
        Step(
            (3, "D16", 4), _st(n * s_phi / (2 * s_phi * sp.sqrt(lam * n)), "=", d**en / 2 * sp.sqrt(n / p)), "identity"
        ),
        Step(
            (3, "D17", 3),
            _st(held(d**en / n) * sp.sqrt(held(n / p)) * sp.sqrt(n) * L**q, "=", d**en / sp.sqrt(p) * L**q),
            "identity",
        ),
        Step((3, "D17", 4), _st(d**en / sp.sqrt(p) * L**q, "ll", d**en * sp.sqrt(p) * L ** (q + 1) / 8), "asymptotic"),
    )


def steps_mcdiarmid_level() -> tuple[Step, ...]:
    """(3, P18, 1) as the McDiarmid exponent at t = d^{2ε_n} log d/√(pn): −2t²/(n·4d^{4ε_n}/(pn²)) = −log²d/2, so the
    tail is 2e^{−log²d/2} (a high-probability statement); the union over nothing else is needed."""
    t_ = held(d ** (2 * en) * L / sp.sqrt(p * n))
    return (
        Step(
            (3, "P18", 1),
            _st(-2 * t_**2 / held(n * held(4 * d ** (4 * en) / (p * n**2))), "=", -(L**2) / 2),
            "identity",
            note="McDiarmid's exponent at the printed level",
        ),
    )


def steps_noise_chain(exponent: sp.Expr = FIVE_HALVES) -> tuple[Step, ...]:
    """(3, D19, 2)–(3, D19, 7): the printed η_a‖z'_i‖ chain (``exponent`` is the printed power of d^{ε_n})."""
    e = exponent
    # the printed lines 2–4, each held in the paper's form (SymPy would otherwise print all three alike)
    line2 = held(1 / (2 * held(p / d ** (2 * en)))) * held(2 * C_a * sp.sqrt(T) / n) * PRIV
    line3 = held(C_a * d ** (en / 2) / n) * held(d ** (2 * en) / p) * PRIV
    line4 = C_a * held(d ** (sp.Rational(5, 2) * en) / (n * p)) * PRIV
    return (
        Step((3, "D19", 2), _st(Sigma / (2 * lam), "=", line2), "identity"),
        Step((3, "D19", 3), _st(line2, "=", line3), "identity"),
        Step((3, "D19", 4), _st(line3, "=", line4), "identity"),
        Step(
            (3, "D19", 5),
            _st(
                line4,
                "=",
                d ** (e * en) * L ** (q + 1) / (n * sp.sqrt(p)) * PRIV,
            ),
            "identity",
        ),
        Step(
            (3, "D19", 6),
            _st(
                d ** (e * en) * L ** (q + 1) / (n * sp.sqrt(p)) * PRIV,
                "lesssim",
                d ** (e * en) * L ** (q + 2) / (n * sp.sqrt(p)),
            ),
            "asymptotic",
            note="Assumption 3: √(log(1/δ))/ε = o(log d)",
        ),
        Step((3, "D19", 7), _st(d ** (e * en) * L ** (q + 2) / (n * sp.sqrt(p)), "ll", C_a / 8), "asymptotic"),
    )


def steps_s_terms(s3_p_power: sp.Expr = ZERO) -> tuple[Step, ...]:
    """S_2, S_3, S_4 and S_1 algebra and ≪ steps: (3, D22, 4), (3, D23, 2), (3, D23, 3), (3, D24, 3), (3, D24, 4),
    (3, D27, 4)–(3, D27, 6). ``s3_p_power``: the power of p the printed S_3 chain keeps (paper: none)."""
    target = d**en * L ** (q + 1) / 8
    s3_prev = sp.sqrt(p) * L * 2 * d ** (en / 2) * d**en * sp.sqrt(p) * L ** (q + 1) / n * L / (2 * eta_a * lam)
    s3_printed = d ** (sp.Rational(3, 2) * en) * L ** (q + 3) / n * p / (d**en * L**2) * d ** (2 * en) / p
    return (
        Step((3, "D22", 4), _st(sp.sqrt(p) * d**en / sp.sqrt(p) * L**q + L**q, "ll", target), "asymptotic"),
        Step((3, "D23", 2), _st(held(L**2 / sp.sqrt(p)) * sp.sqrt(p), "=", L**2), "identity"),
        Step((3, "D23", 3), _st(L**2, "ll", target), "asymptotic"),
        Step(
            (3, "D24", 3),
            _st(sp.sqrt(p) * L**q * held(d ** (2 * en) / (n * sp.sqrt(p))), "=", d ** (2 * en) / n * L**q),
            "identity",
        ),
        Step((3, "D24", 4), _st(d ** (2 * en) / n * L**q, "ll", target), "asymptotic"),
        Step(
            (3, "D27", 4),
            _st(s3_prev, "lesssim", p**s3_p_power * s3_printed),
            "asymptotic",
            note="the previous line (η_a, λ of Assumption 4) against the printed line",
        ),
        Step((3, "D27", 5), _st(s3_printed, "=", d ** (sp.Rational(5, 2) * en) * L ** (q + 1) / n), "identity"),
        Step(
            (3, "D27", 6),
            _st(p**s3_p_power * d ** (sp.Rational(5, 2) * en) * L ** (q + 1) / n, "ll", target),
            "asymptotic",
        ),
    )


def steps_s3_corrected(eta_factor: sp.Expr = eta_a) -> tuple[Step, ...]:
    """S_3 = |η_aφ_jᵀz′_i| ≤ η_a Σ_k|φ_jᵀ(I − ηL)^{k−1}z_{i−k}| (3, D26), and (3, D27) bounds that sum; its printed
    chain drops a factor p (3, D27, 4) and then compares the sum, not η_a times it, with S_3's target (3, D27, 6).
    Corrected (referee AZ F2: the η_a had been left out here too, so the p alone made the chain fail): (3, D27, 4) with
    the p, (3, D27, 5), and S_3 ≤ ``eta_factor``·p·d^{5ε_n/2} log^{q+1} d/n ≪ the target, where η_a's 1/p cancels the
    p (the perturbation hook: ``eta_factor`` = 1 is the comparison without η_a)."""
    target = d**en * L ** (q + 1) / 8
    chain = steps_s_terms(sp.Integer(1))
    return (
        *chain[-3:-1],
        Step((3, "D27", 6), _st(eta_factor * p * d ** (sp.Rational(5, 2) * en) * L ** (q + 1) / n, "ll", target),
             "asymptotic", note="S_3 = η_a × the sum, against S_3's target"),
    )


def steps_targets() -> tuple[Step, ...]:
    """The targets of §4.3: (3, D15, 2) ‖a_0‖ = 1 ≪ C_a/8, (3, P34, 3) the target C_a/(2√p) of |φ_jᵀã_i − y_j|, the
    base case (3, D20, 3)."""
    return (
        Step((3, "D15", 2), _st(sp.Integer(1), "ll", d**en * sp.sqrt(p) * L ** (q + 1) / 8), "asymptotic",
             note="the paper's target C_a/8; ‖2λã_i‖ ≤ C_a/2 needs C_a/(8λ) (clip.lambda-target)"),
        Step(
            (3, "P34", 3),
            _st(C_a / (2 * sp.sqrt(p)), "=", d**en * L ** (q + 1) / 2),
            "identity",
            note="‖(φᵀã−y)φ‖ ≤ |φᵀã−y|√p ≤ C_a/2 needs |φᵀã−y| ≤ C_a/(2√p)",
        ),
        Step((3, "D20", 3), _st(L**q, "ll", d**en * L ** (q + 1) / 2), "asymptotic",
             note="decided with the paper's left side log^q d, (3, D20, 2)'s bound on |φ_jᵀa_0 − y_j|, which rests on "
                  "|φ_jᵀa_0| ≤ 1 (refuted: clip.measured-base-case; with the measured order, clip.base-case-steps)"),
    )


def steps_union_bounds(threshold: sp.Expr = L) -> tuple[Step, ...]:
    """Simultaneous Gaussian bounds at ≤_P's level (Part 1 §2.5: probability 1 − e^{−c log² d}): (3, P30, 3)
    |⟨μ, x_i⟩| ≤ ``threshold`` (the paper: log d) for all i ≤ n, union bound n·2e^{−r²/2} ≲ e^{−c log² d}, and
    (3, D27, 1) the same for the n·T·T Gaussian terms of S_3. c is half the union bound's rate lim r²/(2 log² d)
    (SymPy; 1/4 at r = log d); where that rate is 0 no c > 0 works and the check uses c = 1/4 (referee AW F3: the bound
    ≪ 1, probability → 1 only, had been decided, and r = log^{3/4} d passed)."""
    tail = 2 * sp.exp(-(threshold**2) / 2)
    rate = sp.limit(threshold**2 / (2 * L**2), S.d, sp.oo)
    c = rate / 2 if rate.is_positive and rate.is_finite else sp.Rational(1, 4)
    level = sp.exp(-c * L**2)
    return (
        Step((3, "P30", 3), _st(n * tail, "lesssim", level), "asymptotic",
             note=f"union bound over the n samples; c = {c}"),
        Step(
            (3, "D27", 1),
            _st(n * T * T * tail, "lesssim", level),
            "asymptotic",
            note=f"union bound over j ≤ n, i ≤ T, k ≤ i; c = {c}",
        ),
    )


#: (3, D27, 1)'s readings (referee CV, CV-L2): its printed right side ‖φ_j‖Σ log d Σ_k (I − ηL)^{k−1} is a sum of
#: matrices, not a number; read with norms, Σ_k ‖I − ηL‖^{k−1}, it is (3, D26)'s per-term bound summed over k
D27_MATRIX_SUM = "(3, D27, 1) as printed: Σ_k (I − ηL)^{k−1} on the right, a matrix"
D27_NORM_SUM = "(3, D27, 1) with Σ_k ‖I − ηL‖^{k−1} (the typo read as the norms)"
D27_SUM_NORM = "(3, D27, 1) with ‖Σ_k (I − ηL)^{k−1}‖ (the norm of the printed matrix sum)"


def d27_norm_reading(p: int = 40, steps: int = 25, draws: int = 200, seed: int = 27) -> dict[str, Any]:
    """(3, D27, 1) under the norm reading on seeded instances: L = FᵀF/m PSD, η = 0.9/λ_max(L) (so ‖A‖ < 1, A = I −
    ηL), φ and z_k ~ N(0, I) (Σ = 1, threshold r = 3 in place of log d). On the event that every term obeys (3, D26)
    (|φᵀA^{k−1}z_k| ≤ ‖φᵀA^{k−1}‖r), the sum Σ_k|φᵀA^{k−1}z_k| must be ≤ ‖φ‖ r Σ_k ‖A‖^{k−1}
    (‖φᵀA^{k−1}‖ ≤ ‖φ‖‖A‖^{k−1}): counted over ``draws`` draws, with the largest ratio sum/bound. ``sum_shape``: the
    printed right side's shape (a p × p matrix)."""
    rng = np.random.default_rng(seed)
    F = rng.standard_normal((2 * p, p))
    Lm = F.T @ F / (2 * p)
    A = np.eye(p) - 0.9 / float(np.linalg.eigvalsh(Lm)[-1]) * Lm
    phi = rng.standard_normal(p)
    r = 3.0
    norm_A = float(np.linalg.norm(A, 2))
    rows = np.array([phi @ np.linalg.matrix_power(A, k - 1) for k in range(1, steps + 1)])  # φᵀA^{k−1}
    bound = float(np.linalg.norm(phi)) * r * sum(norm_A ** (k - 1) for k in range(1, steps + 1))
    on_event = violations = 0
    worst = 0.0
    for _ in range(draws):
        terms = np.abs(rows @ rng.standard_normal((p, steps))).diagonal()  # |φᵀA^{k−1}z_k|, z_k in column k
        if np.all(terms <= np.linalg.norm(rows, axis=1) * r):
            on_event += 1
            worst = max(worst, float(terms.sum()) / bound)
            violations += int(terms.sum() > bound)
    printed = sum(np.linalg.matrix_power(A, k - 1) for k in range(1, steps + 1))
    return {"p": p, "steps": steps, "draws": draws, "seed": seed, "threshold": r, "norm_A": norm_A,
            "draws_on_event": on_event, "violations": violations, "max_sum/bound": worst,
            "sum_shape": list(np.shape(printed))}


def check_union_bounds(steps: tuple[Step, ...], title: str = "") -> Verdict:
    """clip.union-bounds: the union bounds (:func:`steps_union_bounds`), and (3, D27, 1)'s inequality itself under its
    readings (:data:`D27_MATRIX_SUM`, :data:`D27_NORM_SUM`; :func:`d27_norm_reading`)."""
    v = check_chain(steps, title)
    if v.verdict != "verified" or v.regime is None:
        return v
    inst = d27_norm_reading()
    v.evidence["d27_norm_reading"] = inst
    norm_ok = inst["draws_on_event"] > 0 and inst["violations"] == 0
    return with_readings(v, {
        D27_MATRIX_SUM: f"none: a {inst['sum_shape'][0]} × {inst['sum_shape'][1]} matrix on the right of a scalar ≤ "
                        "(a typo)",
        D27_NORM_SUM: "all: (3, D26)'s per-term bound (dpgd.s3-gaussian-tail) and ‖φᵀA^{k−1}‖ ≤ ‖φ‖‖A‖^{k−1}, summed "
                      "(the proof); seeded instances as a consistency check of the code, not a test of the bound "
                      f"(referee DE, DE-8): no violation in {inst['draws_on_event']} draws on the event (largest "
                      f"sum/bound {inst['max_sum/bound']:.3g})" if norm_ok else
                      f"none: {inst['violations']} of {inst['draws_on_event']} draws on the event exceed the bound",
        # referee DD, DD-4
        D27_SUM_NORM: "part: it is the norm reading wherever the eigenvalue of A = I − η_aL of largest modulus is "
                      "≥ 0 (then ‖Σ_k A^{k−1}‖ = Σ_k ‖A‖^{k−1}); where a negative eigenvalue dominates (|λ_min(A)| > "
                      "λ_max(A), so ‖A‖ = |λ_min(A)|) the matrix sum alternates along that eigenvector, its norm falls "
                      "below Σ_k ‖A‖^{k−1}, and for φ_j along it the bound fails (referee DF, DF-4: 'an eigenvalue "
                      "near −1' alone does not)",
    })


#: what the verified "≪ C_a/8" links of §4.3 do not give the argument (referee CB, F5; referee CI, F4): the term 2λã_i
#: of the clipped gradient needs ‖ã_i‖ ≤ C_a/(4λ), which clip.lambda-target refutes where π_p > 6ε_n
C_A8_CAVEAT = ("but the argument's ‖2λã_i‖ ≤ C_a/2 needs ‖ã_i‖ ≤ C_a/(4λ), not ‖ã_i‖ ≪ C_a/8: that target, "
               "≪ C_a/(8λ), is clip.lambda-target's, refuted where π_p > 6ε_n or 2ν ≤ ε_n + π_p + r (the second "
               "only for ε_n ≥ 2 on the region)")


def check_chain(steps: tuple[Step, ...], title: str = "", corrected: Any = None, caveat: str = "") -> Verdict:
    """Each relation of ``steps`` checked separately (see :func:`proofs.part3_common.check_steps`); ``caveat``, what
    the verified relations do not give the argument, is appended to a verified detail."""
    return _with_caveat(check_steps(steps, title=title, corrected=corrected), caveat)


def _with_caveat(verdict: Verdict, caveat: str) -> Verdict:
    """``verdict`` with ``caveat`` appended to its detail when it is verified (what the relations do not give)."""
    return _dc_replace(verdict, detail=f"{verdict.detail}; {caveat}") if caveat and verdict.verdict == "verified" \
        else verdict


def check_noise_chain_corrected(exponent: sp.Expr = SEVEN_HALVES) -> Verdict:
    """The corrected η_a‖z'_i‖ chain: with C_a = d^{ε_n}√p log^{q+1}d the power is 7/2, and ‖z_k‖ ≈ Σ√p (dpgd.noise-
    accumulation) adds √p: η_a‖z'_i‖ ≲ Σ√p/(2λ) = d^{7ε_n/2} log^{q+1}d/n · √(8log(1/δ))/ε ≪ C_a/8."""
    steps = (
        Step(
            (3, "D19", 5),
            _st(sp.sqrt(p) * Sigma / (2 * lam), "=", d ** (exponent * en) * L ** (q + 1) / n * PRIV),
            "identity",
            note="corrected: ‖z‖ ≈ Σ√p and C_a's d^{ε_n}",
        ),
        Step((3, "D19", 7), _st(d ** (exponent * en) * L ** (q + 1) / n * PRIV, "ll", C_a / 8), "asymptotic"),
    )
    v = check_steps(steps, title="corrected η_a‖z'_i‖ chain")
    if v.regime is None:
        return v
    # where the chain is a bound on η_a‖z'_i‖ at all: the contraction's region, in the record as well as in the
    # claim's assumptions (referee AG, F7: the record said "all" with no condition)
    v = _with_contraction_premise(v, "η_a‖z'_i‖", "the identity and the ≪ link hold on the whole region")
    return _with_caveat(v, C_A8_CAVEAT)  # (3, D19, 7): referee CI, F4


def _with_contraction_premise(v: Verdict, bound_of: str, relations_hold: str) -> Verdict:
    """``v`` (with a regime record) naming the contraction's region as its premise: a chain through
    1/(1 − ‖I − η_aL‖) ≤ 1/(2η_aλ) bounds ``bound_of`` only where η_a(λ_max(K_n) + 2λ) ≤ 1 (then ‖I − η_aL‖ ≤
    1 − 2η_aλ; ‖I − η_aL‖ < 1 alone is not enough: referee CB, F4), which holds for d large on
    dpgd.contraction-regime's region (η_a(λ_max + λ) ≪ 1 there)."""
    regime = {**(v.regime or {}), "premise_conditions": [paper_latex(c) for c in CONTRACTION_CONDITIONS],
              "premise": f"dpgd.contraction-regime: η_a(λ_max(K_n) + 2λ) ≤ 1, so ‖I − η_aL‖ ≤ 1 − 2η_aλ "
                         f"({relations_hold}; as a bound on {bound_of} the chain needs the contraction)"}
    return _dc_replace(v, regime=regime, detail=v.detail + f" (as a bound on {bound_of}: only where η_a(λ_max(K_n) "
                       "+ 2λ) ≤ 1, for d large where "
                       + ", ".join(regime["premise_conditions"]) + "; dpgd.contraction-regime)")


def check_s3_corrected(steps: tuple[Step, ...] | None = None) -> Verdict:
    """clip.s3-corrected: :func:`steps_s3_corrected` (``steps`` perturbs it), each relation on the whole region; as a
    bound on S_3 the chain needs the contraction 1/(1 − ‖I − η_aL‖) ≤ 1/(2η_aλ) it uses, whose region the record
    names as its premise (referee BA F1, as dpgd.noise-corrected's)."""
    v = check_chain(steps_s3_corrected() if steps is None else steps, "S_3 with p and η_a")
    if v.regime is None or v.verdict != "verified":
        return v
    return _with_contraction_premise(v, "S_3", "the relations hold on the whole region")


def lambda_target_steps(exponent: sp.Expr = SEVEN_HALVES, with_lambda: bool = True) -> tuple[Step, ...]:
    """(3, P23, 5): ‖2λã_i‖ ≤_P C_a/2 needs ‖ã_i‖ ≲ C_a/(4λ), not the C_a/8 the chain (3, D15, 2), (3, D17, 4),
    (3, D19, 7) aims at (λ = d^{ε_p − 2ε_n} > 1 where ε_p > 2ε_n). Each term of ‖ã_i‖ ≤ ‖a_0‖ + 2‖a_RR‖ + η_a‖z'_i‖,
    with the corrected noise order, against C_a/(8λ)."""
    target = C_a / (8 * lam) if with_lambda else C_a / 8
    return (
        Step(
            (3, "P23", 5),
            _st(
                sp.Integer(1) + d**en * L**q / sp.sqrt(p) + d ** (exponent * en) * L ** (q + 1) / n * PRIV,
                "ll",
                target,
            ),
            "asymptotic",
            note="‖a_0‖ = 1, ‖a_RR‖ ≲ d^{ε_n}log^q d/√p, η_a‖z'_i‖ ≲ d^{7ε_n/2}log^{q+1}d √(8log(1/δ))/(εn)",
        ),
    )


# =============================================================================================== measured orders

DS_MEASURE = (16, 24, 32, 48, 64)
MEASURE_CORNERS = tuple(CORNERS)


def _runs(corners=MEASURE_CORNERS, ds=DS_MEASURE):
    for c in corners:
        for dv in ds:
            yield c, dv, run_corner(c, dv)


@memo.remembered()
@memo.shared  # the measured claims of Part 3, each checked in its own process, share one simulation
def _measure(corners: tuple[str, ...] = MEASURE_CORNERS, ds: tuple[int, ...] = DS_MEASURE, seed: int = 3) -> dict:
    """Every measured quantity of Part 3 at each corner and d: remembered per process, and shared by the audit's
    check processes through :func:`theorycheck.memo.shared`, keyed on the arguments and the import closure of this
    module (every proofs and library module the simulation can reach). Until 2026-11-27 it kept its own file in the
    cache folder, keyed on a fixed list of sources that left out library modules the simulation runs through
    (``first_layer``, ``target``, ``privacy``, …): editing one of them reused the old simulation (referee M)."""
    return _simulate(corners, ds, seed)


def _noise_measures(run, dv: int, seed: int) -> dict[str, float]:
    """‖z_k‖/Σ (median of 64 draws) and ‖z'_T‖ over the corrected bound Σ√p/(2η_aλ), on the unrolled noise
    z'_T = Σ_k (I − η_aL)^{k−1} z_{T−k} with the stable step η_a = 1/(2(λ_max(K_n)+λ)) (Assumption 4's η_a makes
    ‖I − η_aL‖ > 1 at these d), T = ⌈d^{ε_n}⌉, z_k ~ N(0, Σ²I_p)."""
    st, lam, p_ = run["_stats"], run["hp_lam"], run["p"]
    eta = 1 / (2 * (float(run["_eig"][-1]) + lam))
    M = np.eye(p_) - eta * (2 * st.K + 2 * lam * np.eye(p_))
    steps = int(math.ceil(dv ** run["eps_n"] - 1e-9))
    rng = np.random.default_rng([seed, dv, 7])
    Sigma = float(run["hp_Sigma"])
    Z = rng.standard_normal((steps, p_)) * Sigma
    zp = np.zeros(p_)
    for k in range(1, steps + 1):
        zp += np.linalg.matrix_power(M, k - 1) @ Z[steps - k]
    return {
        "median_norm_z_over_Sigma": float(np.median(np.linalg.norm(rng.standard_normal((64, p_)), axis=1))),
        "z_prime_over_corrected_bound": float(np.linalg.norm(zp) / (Sigma * math.sqrt(p_) / (2 * eta * lam))),
        # the triangle bound: ‖z'_T‖ ≤ Σ_k ‖M‖^{k−1}‖z_{T−k}‖ ≤ max_k‖z_k‖/(2η_aλ) when ‖M‖ ≤ 1 − 2η_aλ
        "z_prime_triangle_bound": float(np.linalg.norm(Z, axis=1).max() / (Sigma * math.sqrt(p_))),
        "M_norm_minus_1_minus_2_eta_lambda": float(np.abs(np.linalg.eigvalsh(M)).max() - (1 - 2 * eta * lam)),
    }


_GL_NODES, _GL_WEIGHTS = np.polynomial.legendre.leggauss(200)


def tanh_moments(r: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(E tanh(rZ + b), E tanh²(rZ + b)) for Z ~ N(0, 1), elementwise, for every r > 0 (also r in the hundreds,
    where tanh(rZ + b) is nearly a step). With t = rZ + b: E tanh = E sign(t) + E[tanh t − sign t], where
    E sign(t) = erf(b/(r√2)) and tanh t − sign t = ∓2/(e^{±2t} + 1) decays like e^{−2|t|}; E tanh² = 1 − E sech²(t).
    The two remainders are (1/r)∫ g(t) φ((t − b)/r) dt over t ∈ [−20, 0] and [0, 20] (beyond, |g| < 1e-17), by
    200-point Gauss–Legendre on each half (smooth there)."""
    from scipy.special import erf

    r, b = np.asarray(r, float)[:, None], np.asarray(b, float)[:, None]
    t = np.concatenate([10.0 * (_GL_NODES - 1), 10.0 * (_GL_NODES + 1)])  # [−20, 0] then [0, 20]
    w = np.concatenate([_GL_WEIGHTS, _GL_WEIGHTS]) * 10.0
    density = np.exp(-0.5 * ((t[None, :] - b) / r) ** 2) / (math.sqrt(2 * math.pi) * r)
    g = -np.sign(t) * 2.0 / (np.exp(2 * np.abs(t)) + 1)  # tanh t − sign t
    sech2 = 1.0 / np.cosh(t) ** 2
    mean = erf(b[:, 0] / (r[:, 0] * math.sqrt(2))) + (density * g[None, :]) @ w
    second = 1.0 - (density * sech2[None, :]) @ w
    return mean, second


def _mean_mode_measures(run, Phi: np.ndarray, u: np.ndarray) -> dict[str, float]:
    """The features' mean mode m̄ = E_x φ(x) of a run (exact, from W_1 and b), and the sample quantities it bounds:
    ‖m̄‖², the Rayleigh quotient vᵀK_nv ≤ λ_max(K_n) for v = m̄/‖m̄‖, the cosine ‖m̄‖/√(E‖φ‖²), and ⟨mean_j u_j, v⟩
    ≤ ‖mean_j u_j‖."""
    res = run["_result"]
    mean, second = tanh_moments(np.linalg.norm(res.W1, axis=0), res.b)
    norm_m = float(np.linalg.norm(mean))
    v = mean / norm_m
    return {
        "mean_mode_sq": norm_m**2,
        "mean_mode_rayleigh": float(np.mean((Phi.T @ v) ** 2)),
        "mean_mode_cos": norm_m / math.sqrt(float(second.sum())),
        "mean_u_along_mode": float(u.mean(axis=1) @ v),
    }


def _simulate(corners: tuple[str, ...], ds: tuple[int, ...], seed: int) -> dict:
    out: dict[str, dict[str, list[float]]] = {}
    for c, dv, run in _runs(corners, ds):
        row = out.setdefault(c, {})
        Phi = phi_matrix(run)  # p×n
        _X, y = run["_problem"].data_a.materialise()
        eig = run["_eig"]
        a_rr, a0 = run["_a_rr"], run["_result"].a0
        nrm = np.linalg.norm(Phi, axis=0)
        u = Phi / nrm
        v = (a0 - a_rr) / np.linalg.norm(a0 - a_rr)
        # leave-one-out: the sample with the largest ridge residual, replaced by the fresh draw of largest |y'|
        a2 = worst_replacement(run, seed)["a2"]
        ubar = float(np.linalg.norm(u.mean(axis=1)))
        vals = {
            "lambda_min_K": float(eig[0]),
            "lambda_max_K": float(eig[-1]),
            "norm_Phi": float(np.sqrt(eig[-1] * run["n"])),
            "max_norm_phi_j": float(nrm.max()),
            "max_inner_u_v": float(np.max(np.abs(u.T @ v))),
            "mean_u_norm": ubar,
            "norm_a_RR": float(np.linalg.norm(a_rr)),
            "loo_move": float(np.linalg.norm(a2 - a_rr)),
            "max_phi_a0": float(np.max(np.abs(Phi.T @ a0))),
            "norm_Y_over_sqrt_n": float(np.linalg.norm(y)) / math.sqrt(run["n"]),
            "max_abs_y": float(np.max(np.abs(y))),
            "norm_I_minus_eta_L": float(np.max(np.abs(1 - 2 * run["hp_eta_a"] * (eig + run["hp_lam"])))),
            "p": run["p"],
            "n": run["n"],
            "d": dv,
            **_noise_measures(run, dv, seed),
            **_mean_mode_measures(run, Phi, u),
            "sigma_W": float(run["hp_sigma_W"]),
            "lambda": float(run["hp_lam"]),
        }
        for key, val in vals.items():
            row.setdefault(key, []).append(val)
    return out


#: (quantity, order the step uses, relation of the measured quantity to the order, where the paper uses it)
MEASURED_ORDERS: dict[str, tuple[str, sp.Expr, str, str]] = {
    "ridge.measured-spectrum": (
        "lambda_max_K",
        LAMBDA_MAX_ORDER,
        "asymp",
        "λ_max(K_n) in ‖I − η_aL‖ (3, D13, 2): the order dpgd.contraction-regime substitutes (the paper states none)",
    ),
    "ridge.measured-lambda-min": (
        "lambda_min_K",
        sp.Integer(1),
        "gtrsim",
        "λ_min(Φ)²/n = λ_min(K_n) > 0 in (3, D13, 3) (its order ≳ 1 is measured as evidence only)",
    ),
    "ridge.measured-phi-norm": ("max_norm_phi_j", sp.sqrt(p), "lesssim", "‖φ_j‖ ≤ √p, (3, P34, 2), (3, P38, 4)"),
    "dpgd.measured-inner-product": (
        "max_inner_u_v",
        L**2 / sp.sqrt(p),
        "lesssim",
        "|⟨u, v⟩| ≤_P log²d/√p, (3, P38, 3), max over all samples j",
    ),
    "ridge.measured-a-rr": (
        "norm_a_RR",
        d**en * L**q / sp.sqrt(p),
        "lesssim",
        "‖a_RR‖ ≲_P d^{ε_n}log^q d/√p, (3, D17, 2)",
    ),
    "ridge.measured-loo-move": (
        "loo_move",
        2 * d ** (2 * en) / (n * sp.sqrt(p)),
        "lesssim",
        "‖a_RR^{(i)} − a_RR‖ ≤ 2d^{2ε_n}/(n√p), (3, D6, 2)",
    ),
    "clip.measured-base-case": ("max_phi_a0", sp.Integer(1), "lesssim", "|φ_jᵀa_0| ≤ 1, (3, P35, 4)"),
    "clip.measured-base-case-order": (
        "max_phi_a0",
        L,
        "lesssim",
        "max_j |φ_jᵀa_0| = O(log d) (a max of n sub-Gaussian sums), used in (3, D20, 2)",
    ),
    "noise.measured-z-norm": (
        "median_norm_z_over_Sigma",
        sp.Integer(1),
        "lesssim",
        "‖z_k‖ ≤_P Σ, (3, D18, 3): the printed order of one noise vector",
    ),
    "noise.measured-z-prime": (
        "z_prime_over_corrected_bound",
        sp.Integer(1),
        "lesssim",
        "‖z'_i‖ ≲_P Σ√p/(2η_aλ), the corrected (3, D18, 3)–(3, D18, 5) (stable η_a)",
    ),
    "ridge.measured-labels": ("max_abs_y", L**q, "lesssim", "|y_j| ≲_P log^q d for all j, (3, P35, 5), (3, P37, 1)"),
}


#: a measured order is verified only where its fit could have failed: the margin max(3 SE, tol) of every corner's
#: slope must stay below this (one this wide cannot tell d^a from d^{a+1/2}); else the verdict is inconclusive
DECISIVE_MARGIN = 0.5


def _measured_with_limits(corners: tuple[str, ...], limit_corners: tuple[str, ...], ds: tuple[int, ...]) -> dict:
    """The measurements at ``corners`` and at ``limit_corners`` (each set cached by :func:`_measure`), by corner."""
    data = dict(_measure(tuple(corners), tuple(ds)))
    if limit_corners:
        data.update(_measure(tuple(limit_corners), tuple(ds)))
    return data


def _corner_subs(corner: str) -> dict[sp.Symbol, sp.Expr]:
    """The region's symbols at a named corner (exact: ε_n, ε_p, π_p, ε_b, ν, r, ρ) and q, for substitution into an
    order (an order with ε_b, ν or π_p had raised a TypeError: referee ED, ED-4)."""
    from .regime import at_symbols

    return {**at_symbols(corner_point(ALL_CORNERS[corner], exact=True)), q: TARGET_Q,
            S.eps: 1, S.delta: sp.Rational(1, 10**5)}  # the corners' budget (run_corner)


def _order_at_corner(order: sp.Expr, corner: str, run_data: dict, ds: tuple[int, ...]) -> list[float]:
    """``order`` at each d of ``ds`` at a named corner: ε_n, ε_p and q substituted, n, p and σ_W the runs' own (σ_W is
    0 at a limit corner)."""
    g = sp.lambdify((d, n, p, S.sigma_W), order.subs(_corner_subs(corner)), "math")
    return [float(g(dv, nv, pv, sw)) for dv, nv, pv, sw in
            zip(ds, run_data["n"], run_data["p"], run_data["sigma_W"])]


def mean_mode_failure(claimed_order: sp.Expr, proxy: str, proxy_order: sp.Expr, data: dict, corners: tuple[str, ...],
                      ds: tuple[int, ...], tol: float, links: tuple[str, ...] = ()) -> dict[str, Any]:
    """Where the features' mean mode alone makes a quantity larger than ``claimed_order``.

    ``proxy`` is a measured population quantity of the mean mode (``mean_mode_sq`` or ``mean_mode_cos``) that the
    quantity is at least, up to sampling error (see :data:`MEAN_MODE_ORDER`); its order ``proxy_order`` (a function of
    d, n, p and σ_W) is measured first: at every corner its growth exponent over ``ds``, with the run's own σ_W (0 at
    a limit corner), must agree with the order's within max(3 SE, ``tol``), and at some corner that margin must be
    below DECISIVE_MARGIN ("validated"; else nothing is decided). Then
    ``compare(proxy_order, ≲, claimed_order)`` over the admissible region (Assumption 4's σ_W, n = d^ν, p = d^{π_p})
    decides where the mean mode stays within the claimed order: "holds_on" all (it refutes nothing), part (it
    refutes the claim outside "conditions") or none (it refutes the claim on the whole region, as d → ∞).
    ``links``: the measured quantities of the chain from the quantity down to the proxy, recorded at every corner."""
    from theorycheck.asymptotics import compare

    rows = []
    for c in corners:
        vals = data[c][proxy]
        order_vals = _order_at_corner(proxy_order, c, data[c], ds)
        fit, claimed = fit_growth(ds, vals), fit_growth(ds, order_vals)["slope"]
        margin = max(3 * fit["stderr"], tol)
        rows.append({"corner": c, "values": vals, "order_values": order_vals,
                     "ratio_to_order": [v / o for v, o in zip(vals, order_vals)], "measured_slope": fit["slope"],
                     "stderr": fit["stderr"], "order_slope": claimed, "margin": margin,
                     "consistent": abs(fit["slope"] - claimed) <= margin, "links": {k: data[c][k] for k in links}})
    # validated: consistent at every corner, and decisively (the margin below DECISIVE_MARGIN: an order off by
    # d^{1/2} would fail there) at some
    decisive = [r["corner"] for r in rows if r["margin"] < DECISIVE_MARGIN]
    validated = all(r["consistent"] for r in rows) and bool(decisive)
    if not validated:  # the measured proxy does not follow the order: nothing is decided from it
        return {"proxy": proxy, "proxy_order": str(proxy_order), "validated": False, "rows": rows,
                "holds_on": "undecided", "conditions": [], "conditions_exact": [], "asymptotic_witness": None}
    # proxy_order ≍ min of MIN_TERMS[proxy_order]: it stays ≲ the claimed order wherever one of them does
    results = [compare(S.in_powers_of_d(t), "lesssim", S.in_powers_of_d(claimed_order), ADMISSIBLE, d=d)
               for t in MIN_TERMS.get(proxy_order, (proxy_order,))]
    parts = [r for r in results if r.holds_on == "part"]
    holds_on = ("all" if any(r.holds_everywhere for r in results) else "undecided" if any(
        r.holds_on == "undecided" or r.undecided for r in results) else "part" if parts else "none")
    conditions = [" or ".join(rf"\left({', '.join(r.conditions)}\right)" for r in parts)] if parts else []
    exact = [" or ".join(f"({' and '.join(r.conditions_exact)})" for r in parts)] if parts else []
    terms = MIN_TERMS.get(proxy_order, (proxy_order,))
    witness = None
    if holds_on != "all":  # a point where every term outgrows the claimed order (referee C: not just the first)
        candidates = [r.witness["point"] for r in results if r.witness] + [
            {**corner_point(k), "q": int(TARGET_Q)} for k in ALL_CORNERS.values()]
        witness = next(({"point": {k: str(v) for k, v in pt.items()}} for pt in candidates
                        if all(_outgrows_at(t, claimed_order, pt) for t in terms)), None)
    return {"proxy": proxy, "proxy_order": str(proxy_order), "validated": True, "decisive_corners": decisive,
            "rows": rows, "holds_on": holds_on, "conditions": conditions, "conditions_exact": exact,
            "asymptotic_witness": witness, "terms": [str(t) for t in terms]}


def _outgrows_at(term: sp.Expr, claimed: sp.Expr, point: dict[str, Any]) -> bool:
    """term/claimed → ∞ as d → ∞ at a point of the region (n = d^ν, p = d^{π_p}, Assumption 4's σ_W; values by
    name, as witnesses and corners give them)."""
    ratio = S.in_powers_of_d(term / claimed)
    at = {sym: sp.nsimplify(point[sym.name]) for sym in ratio.free_symbols if sym.name in point}
    return sp.limit(ratio.subs(at), d, sp.oo) == sp.oo


#: the relations :func:`check_measured` decides between a measured quantity and its order
#: (not ≪: a slope fit cannot show a ratio → 0 against log factors, and ≪ had been decided as ≲ — referee EL, EL-8)
MEASURED_RELATIONS = ("lesssim", "asymp", "gtrsim", "exact")


@decides(*MEASURED_RELATIONS, param="relation")  # an unknown relation had been read as ≲ (referee EF, EF-9)
def check_measured(
    quantity: str,
    order: sp.Expr,
    relation: str = "lesssim",
    *,
    tol: float = 0.15,
    corners: tuple[str, ...] = MEASURE_CORNERS,
    ds: tuple[int, ...] = DS_MEASURE,
    constant: float | None = None,
    exact_bound: float | None = None,
    limit_corners: tuple[str, ...] = tuple(LIMIT_CORNERS),
    mean_mode: tuple[str, sp.Expr, str] | None = None,
) -> Verdict:
    """Fit the growth exponent in d of a measured quantity at each corner (linregress of log value on log d, with
    its standard error) and compare with the slope the claimed ``order`` has over the same d (log factors count as
    they do there). ``lesssim``: refuted when the measured slope exceeds the order's by more than max(3 SE, ``tol``)
    at some corner (and the values exceed ``constant``·order at the largest d when ``constant`` is given);
    ``asymp`` also refuted when it falls short by as much; ``gtrsim`` only then; ``exact``: only ``exact_bound``
    (a bounded ratio that approaches its bound from below grows at small d). ``exact_bound``: the step states a
    bound with no hidden constant (``≤ 1``): refuted when a measured value exceeds it.

    ``limit_corners`` (regime.LIMIT_CORNERS) are measured the same way: the sub-region ν > 2 + ε_b, which no
    simulable d reaches (σ_W√d ≥ 300 there), in the σ_W → 0 limit it tends to. A quantity consistent at the
    corners whose slope disagrees only in that limit is undecided (a finite-d slope at a limit, not an admissible
    run: referee U); an exact checker with an asymptotic argument there (a floor, the mean mode) may refute it.

    ``mean_mode`` = (proxy, proxy order, why the quantity is at least the proxy): the region where the features'
    mean mode makes the quantity exceed the order (:func:`mean_mode_failure`); when its order is validated at every
    corner and it exceeds the claimed order somewhere, the verdict is refuted there, which the corners (d ≤ 64, where
    log factors still dominate) cannot show."""
    if relation == "exact" and exact_bound is None:  # referee EH, EH-12: it had crashed formatting None
        raise InputError("relation 'exact' decides the measured values against exact_bound; give exact_bound")
    data = _measured_with_limits(corners, limit_corners, ds)
    rows, bad = [], []
    for c in (*corners, *limit_corners):
        vals = data[c][quantity]
        fit = fit_growth(ds, vals)
        margin = max(3 * fit["stderr"], tol)
        order_vals = _order_at_corner(order, c, data[c], ds)
        claimed = fit_growth(ds, order_vals)["slope"]
        ratio = [v / o for v, o in zip(vals, order_vals)]
        row = {
            "corner": c,
            **ALL_CORNERS[c],
            "limit": c in limit_corners,
            "d": list(ds),
            "values": vals,
            "order_values": order_vals,
            "ratio_to_order": ratio,
            "measured_slope": fit["slope"],
            "stderr": fit["stderr"],
            "order_slope": claimed,
            "margin": margin,
        }
        too_fast = (
            relation not in ("gtrsim", "exact")
            and fit["slope"] > claimed + margin
            and (constant is None or ratio[-1] > constant)
        )
        too_slow = relation in ("asymp", "gtrsim") and fit["slope"] < claimed - margin
        if relation != "exact":  # an exact bound is decided by its values, not by slopes
            asymptotic = _asymptotic_slope(order.subs(_corner_subs(c)), ALL_CORNERS[c])
            row["asymptotic_slope"] = asymptotic
            row["log_factors_unsettled"] = (
                relation in ("lesssim", "asymp") and fit["slope"] > asymptotic + margin
            ) or (relation in ("asymp", "gtrsim") and fit["slope"] < asymptotic - margin)
        if exact_bound is not None and max(vals) > exact_bound:
            too_fast = True
            row["exceeds_exact_bound"] = {
                "bound": exact_bound,
                "max_value": max(vals),
                "at_d": ds[int(np.argmax(vals))],
            }
        row["consistent"] = not (too_fast or too_slow)
        rows.append(row)
        if not row["consistent"]:
            bad.append(row)
    ev = {
        "quantity": quantity,
        "order": str(order),
        "relation": relation,
        "corners": rows,
        "seeds": [0, 3],
        "tolerance": f"slope within max(3 SE, {tol}) of the order's slope over the same d",
        "simulator": "run_experiment(preset='paper', ε = 1, δ = 1e-5, σ_* = He_3 + He_1) at each corner",
    }
    ev["first_layer_noise_exponents"] = first_layer_noise_exponents((*corners, *limit_corners))
    if limit_corners:
        ev["limit_corners"] = {c: ALL_CORNERS[c] for c in limit_corners}
    ok_corners = [r["corner"] for r in rows if r["consistent"]]
    regime = {
        "region": ADMISSIBLE.name + " (measured at the corners)",
        "region_latex": ADMISSIBLE.description,
        "region_exact": ADMISSIBLE.exact(),  # the slices grey out beyond it (referee CT, MEDIUM-5)
        "holds_on": "all" if not bad else ("part" if ok_corners else "none"),
        "conditions": [
            r"\text{consistent at } "
            + ", ".join(
                rf"(\varepsilon_n, \varepsilon_p, \nu - 1 - 3\varepsilon_n) = ({ALL_CORNERS[c]['eps_n']}, "
                rf"{ALL_CORNERS[c]['eps_p']}, {ALL_CORNERS[c]['extra_n']})"
                + (r"\ (\sigma_W \to 0 \text{ limit})" if c in limit_corners else "")
                for c in ok_corners
            )
        ]
        if ok_corners
        else [],
        "witness": None if not bad else {"corner": bad[0]["corner"], **ALL_CORNERS[bad[0]["corner"]]},
    }
    ev["regime_note"] = "a measurement at the named corners, not an exact decision over the region"
    if mean_mode is not None and relation in ("lesssim", "asymp"):
        mm = ev["mean_mode"] = mean_mode_failure(order, mean_mode[0], mean_mode[1], data, (*corners, *limit_corners),
                                                 ds, tol, links=(quantity, *MEAN_MODE_LINKS.get(mean_mode[0], ())))
        mm["why"] = mean_mode[2]
        if mm["validated"] and mm["holds_on"] in ("part", "none"):
            return _mean_mode_refutation(quantity, order, mm, rows, bad, regime, ev)
    exceeding = [r for r in bad if "exceeds_exact_bound" in r and not r["limit"]]  # admissible runs only (referee V)
    if exceeding:
        w = exceeding[0]
        x = w["exceeds_exact_bound"]
        return refuted(
            "simulation",
            f"{quantity}: at the corner '{w['corner']}', d = {x['at_d']}, the measured value "
            f"{x['max_value']:.4g} exceeds the stated bound {x['bound']:g}",
            witness={k: w[k] for k in ("corner", "eps_n", "eps_p", "extra_n", "values", "exceeds_exact_bound")},
            regime={**regime, "witness": {"corner": w["corner"], **ALL_CORNERS[w["corner"]]}},  # the same corner
            **ev,
        )
    if bad and all(r["limit"] for r in bad):
        # only the σ_W → 0 limit corner disagrees: a slope over d ≤ 64 at the limit of the sub-region ν > 2 + ε_b, not
        # an admissible run, with no asymptotic argument here (referee U); an exact checker may decide it
        w = max(bad, key=lambda r: abs(r["measured_slope"] - r["order_slope"]) / max(r["stderr"], 1e-12))
        loose = [r["corner"] for r in rows if not r["limit"] and r["margin"] >= DECISIVE_MARGIN]
        ev["undecided_corners"] = [r["corner"] for r in bad] + loose
        ev["disagrees_only_at_limits"] = [r["corner"] for r in bad]  # what an exact checker may decide
        gap = abs(w["measured_slope"] - w["order_slope"]) / max(w["stderr"], 1e-12)
        x = w.get("exceeds_exact_bound")
        what = (f"the measured value {x['max_value']:.4g} (d = {x['at_d']}) exceeds the stated bound {x['bound']:g}"
                if x else
                f"the measured growth exponent {w['measured_slope']:.3f} ± {w['stderr']:.3f} is not the order's "
                f"{w['order_slope']:.3f} ({gap:.1f} SE, d = {list(ds)})")
        return inconclusive(
            "simulation",
            f"{quantity}: only at the limit corner '{w['corner']}' (the paper's algorithm with σ_W = 0, the limit of "
            f"the sub-region ν > 2 + ε_b) {what}; a run at a limit, not an admissible run (at every admissible point "
            "σ_W > 0), and no asymptotic argument decides it here (a factor still rising at d ≤ 64, or "
            "log factors the order lacks, would look the same); the simulated corners agree with the order"
            + (f" too loosely to decide it at {', '.join(loose)}" if loose else ""),
            regime={**regime, "witness": None,
                    "undecided": [r"\nu > 2 + \varepsilon_b\ (\sigma_W\sqrt{d} \to 0)"]},
            **ev,
        )
    if bad:
        # the witness: the corner where the slope is furthest from the order's in standard errors (the most decisive),
        # among the admissible corners (a disagreement at the σ_W → 0 limit corner alone is undecided, above)
        admissible = [r for r in bad if not r["limit"]]
        w = max(admissible, key=lambda r: abs(r["measured_slope"] - r["order_slope"]) / max(r["stderr"], 1e-12))
        return refuted(
            "simulation",
            f"{quantity}: at the corner '{w['corner']}' the measured growth exponent "
            f"{w['measured_slope']:.3f} ± {w['stderr']:.3f} is not the order's {w['order_slope']:.3f} "
            f"(d = {list(ds)})",
            witness={
                k: w[k]
                for k in (
                    "corner", "eps_n", "eps_p", "extra_n", "limit", "measured_slope", "stderr", "order_slope", "values"
                )
            },
            regime={**regime, "witness": {"corner": w["corner"], **ALL_CORNERS[w["corner"]]}},  # the same corner
            **ev,
        )
    if relation == "exact":
        top = max(max(r["values"]) for r in rows)
        return verified(
            "simulation",
            f"{quantity}: every measured value is at most {exact_bound:g} (largest {top:.4g}) at every corner and d",
            regime=regime,
            **ev,
        )
    noisy = [r for r in rows if r["margin"] >= DECISIVE_MARGIN]
    unsettled = [r for r in rows if r["margin"] < DECISIVE_MARGIN and r.get("log_factors_unsettled")]
    if noisy or unsettled:
        ev["undecided_corners"] = [r["corner"] for r in (*noisy, *unsettled)]
        reasons = []
        if noisy:
            reasons.append(
                "the fit cannot decide it at "
                + ", ".join(f"{r['corner']} ({r['measured_slope']:.2f}±{r['stderr']:.2f} vs {r['order_slope']:.2f})"
                            for r in noisy)
                + f": the margin max(3 SE, {tol}) exceeds {DECISIVE_MARGIN} (an order off by d^{{1/2}} would pass)"
            )
        if unsettled:
            reasons.append(
                "at "
                + ", ".join(
                    f"{r['corner']} ({r['measured_slope']:.2f}±{r['stderr']:.2f} vs {r['order_slope']:.2f} over "
                    f"these d, {r['asymptotic_slope']:.2f} as d → ∞)"
                    for r in unsettled
                )
                + " the order's log factors have not settled: the measured slope agrees with the order's slope over "
                "these d, not with its slope as d → ∞"
            )
        return inconclusive(
            "simulation",
            f"{quantity}: consistent with the order at every corner, but " + "; and ".join(reasons)
            + sampled_sub_region(ev["first_layer_noise_exponents"]),
            regime=regime,
            **ev,
        )
    return verified(
        "simulation",
        f"{quantity}: measured growth exponents agree with the order at every corner ("
        + ", ".join(
            f"{r['corner']}: {r['measured_slope']:.2f}±{r['stderr']:.2f} vs {r['order_slope']:.2f}" for r in rows
        )
        + ")"
        + sampled_sub_region(ev["first_layer_noise_exponents"]),
        regime=regime,
        **ev,
    )


def _mean_mode_summary(mm: dict, regime: dict, witness: dict) -> tuple[str, dict, str]:
    """For a refutation :func:`mean_mode_failure` decided: where it holds (text), the regime record (the region it
    may still hold on, ``witness`` with the asymptotic witness point) and the proxy's measured slopes (text)."""
    where = ("on the whole region (as d → ∞)" if mm["holds_on"] == "none" else
             "on the part of the region outside " + ", ".join(mm["conditions_exact"]))
    asymptotic = mm["asymptotic_witness"]
    # the failure witness is the admissible point where the mean mode's order outgrows the claimed one (as d → ∞);
    # the simulated corner only illustrates it, and may be the σ_W → 0 limit corner (referee V)
    named = ({"point": asymptotic["point"], "illustrated_at": witness} if asymptotic
             else {**witness, "asymptotic": asymptotic})
    regime = dict(regime, holds_on="none" if mm["holds_on"] == "none" else "part",
                  conditions=[rf"\text{{at most where }} {c}" for c in mm["conditions"]],
                  conditions_exact=mm["conditions_exact"], witness=named,
                  **({"conditions_bound": AT_MOST} if mm["holds_on"] != "none" else {}))  # "none": fails everywhere
    slopes = ", ".join(f"{r['corner']} {r['measured_slope']:.2f}±{r['stderr']:.2f} vs {r['order_slope']:.2f}"
                       for r in mm["rows"])
    return where, regime, slopes


def _mean_mode_refutation(quantity: str, order: sp.Expr, mm: dict, rows: list[dict], bad: list[dict], regime: dict,
                          ev: dict) -> Verdict:
    """The refutation :func:`mean_mode_failure` decides: the region it fails on, from the validated order of the mean
    mode; the witness is the corner where the measured slope is furthest from the order's (a limit corner, where
    the mean mode dominates at the d simulated), else the corner where the mean mode is largest against the order."""
    if bad:  # an admissible corner before the σ_W → 0 limit one (referee V)
        w = max([r for r in bad if not r["limit"]] or bad,
                key=lambda r: abs(r["measured_slope"] - r["order_slope"]) / max(r["stderr"], 1e-12))
    else:
        w = max(rows, key=lambda r: max(r["ratio_to_order"]))
    where, regime, slopes = _mean_mode_summary(mm, regime, {"corner": w["corner"], **ALL_CORNERS[w["corner"]]})
    return refuted(
        "simulation+symbolic",
        f"{quantity}: the features' mean mode makes it exceed the order {order} {where}: {mm['why']}, and "
        f"{mm['proxy']} ≍ {mm['proxy_order']} (measured at every corner, the limit corners included: {slopes}"
        f"), which outgrows the order there; at '{w['corner']}' the measured growth exponent is "
        f"{w['measured_slope']:.3f} ± {w['stderr']:.3f} against the order's {w['order_slope']:.3f}"
        + ("" if w.get("consistent", True) is False else
           " (consistent at the d simulated: log factors still dominate there)"),
        witness=named_witness(mm["asymptotic_witness"], {k: w[k] for k in (
            "corner", "eps_n", "eps_p", "extra_n", "limit", "measured_slope", "stderr", "order_slope", "values")}),
        regime=regime,
        **ev,
    )


#: the exponent of d in σ_W√d under Assumption 4 (symbols.SIGMA_W, n = d^ν): (2 + ε_b − ν)/2
NOISE_EXPONENT = S.in_powers_of_d(S.SIGMA_W * sp.sqrt(d)).as_powers_dict()[d]


def first_layer_noise_exponents(corners: tuple[str, ...]) -> dict[str, float]:
    """:data:`NOISE_EXPONENT` at each corner (ε_b in the middle of its window): > 0 where the first layer's noise
    dominates its step (W_1 is then close to random directions)."""
    exponent = sp.lambdify((S.eps_n, S.eps_p, S.eps_b, S.nu), NOISE_EXPONENT, "math")
    out = {}
    for c in corners:
        k = ALL_CORNERS[c]
        nu_c = 1 + 3 * k["eps_n"] + k["extra_n"]
        out[c] = round(float(exponent(k["eps_n"], k["eps_p"], eps_b_middle(k["eps_n"], k["eps_p"]), nu_c)), 6)
    return out


def _asymptotic_slope(order: sp.Expr, corner: dict[str, float]) -> float:
    """The order's growth exponent in d as d → ∞ at a corner (n = d^ν, p = d^{ε_p}): the slope of its log between
    d = 10^400 and 10^420, where a log factor log^k d adds only k/ln d ≈ 0.001·k (mpmath: no overflow)."""
    nu = 1 + 3 * corner["eps_n"] + corner["extra_n"]
    g = sp.lambdify((d, n, p), order, "mpmath")
    with mpmath.workdps(30):
        d1, d2 = mpmath.mpf(10) ** 400, mpmath.mpf(10) ** 420

        def log_order(dv: Any) -> Any:
            return mpmath.log(abs(g(dv, dv**nu, dv ** corner["eps_p"])))

        return float((log_order(d2) - log_order(d1)) / (mpmath.log(d2) - mpmath.log(d1)))


def sampled_sub_region(noise_exponents: dict[str, float]) -> str:
    """What a verdict measured at the corners says of the sub-region it sampled (for its detail)."""
    limits = [c for c in noise_exponents if c in LIMIT_CORNERS]
    if all(e > 0 for c, e in noise_exponents.items() if c not in LIMIT_CORNERS):
        if limits:
            return (
                "; every simulated corner lies where σ_W√d → ∞; the sub-region ν > 2 + ε_b, where σ_W√d → 0, is "
                f"measured in that limit (σ_W = 0 at {', '.join(repr(c) for c in limits)})"
            )
        return (
            "; every corner lies where σ_W√d → ∞ (the first layer is dominated by its noise): the sub-region "
            "ν > 2 + ε_b, where W_1 aligns with μ, is not sampled"
        )
    return ""


#: K_n = ΦΦᵀ/n (Φ is p × n) is p × p of rank ≤ n: λ_min(K_n) > 0, which (3, D13, 3)'s strict "<" needs, needs p ≤ n
#: (ridge.measured-lambda-min; a bound λ_min ≳ 1 would need p ≪ n: at p = n it tends to 0, Marchenko–Pastur)
RANK_CONDITION = Step(
    (3, "D13", 3),
    _st(p, "lesssim", n),
    "asymptotic",
    note="K_n = ΦΦᵀ/n is p×p of rank ≤ n, so λ_min(K_n) = 0 exactly wherever p > n",
)


def check_lambda_min(
    quantity: str, order: sp.Expr, relation: str = "gtrsim", rank_step: Step = RANK_CONDITION, **measured: Any
) -> Verdict:
    """ridge.measured-lambda-min: λ_min(K_n) > 0, which display (3, D13, 3)'s strict "1 − 2η_a(λ_min + λ) <
    1 − 2η_aλ" needs (the paper states no order for λ_min).

    Decided exactly where no measurement is needed: K_n = ΦΦᵀ/n (Φ is p × n) has rank ≤ n, so λ_min(K_n) = 0
    wherever p > n (``rank_step``, p ≲ n, decided on the region: it fails where π_p > ν, at every ε_n, since
    Assumption 2 bounds the width p = d^{π_p} from below only; regime.WIDE_CORNERS' "wide (p > n)" is such a shape,
    where ridge.svd-identities runs); there the "<" is "=" and the display's conclusion (< 1) is unaffected.
    Measured at the corners (where p < n): every λ_min(K_n) > 0; the fit of its order (≳ ``order``) is recorded as
    evidence only."""
    found = check_measured(quantity, order, relation, **measured)
    rank = check_chain((rank_step,), "p ≲ n (the rank of K_n)")
    values = {r["corner"]: r["values"] for r in found.evidence["corners"]}
    smallest = min(min(v) for v in values.values())
    ev = {
        **{k: v for k, v in found.evidence.items() if k != "witness"},
        "measured_order_witness": found.evidence.get("witness"),
        "measured_order_verdict": found.verdict,
        "measured_order_detail": found.detail,
        "smallest_measured": smallest,
        "rank_condition": rank.evidence,
    }
    if rank.verdict == "refuted":
        witness = rank.evidence.get("witness") or (rank.regime or {}).get("witness")
        v = refuted(
            "exact+simulation",
            "(3, D13, 3)'s strict < needs λ_min(K_n) > 0, but λ_min(K_n) = 0 exactly wherever p > n (K_n = ΦΦᵀ/n has "
            f"rank ≤ n): {rank.detail}. There the < is =, and the conclusion ‖I − η_aL‖ < 1 is unaffected (a harmless "
            f"slip); at the measured corners (p < n) λ_min(K_n) ≥ {smallest:.3g} > 0",
            witness=witness,
            regime=rank.regime,
            **ev,
        )
        if v.regime is None:
            return v
        # the first < read as ≤ (the display needs only its final < 1): λ_min(K_n) ≥ 0 for the Gram matrix
        # K_n = ΦΦᵀ/n, every Φ; the measured values are the sanity check that K_n is built as one (referee BL)
        return as_printed_and_intended(
            v, region=v.regime["region"],
            printed=f"{v.regime['holds_on']}: only where p ≤ n (" + ", ".join(v.regime.get("conditions") or []) + ")",
            intended="the first < read as ≤ (1 − 2η_a(λ_min(K_n) + λ) ≤ 1 − 2η_aλ < 1: the display needs only its "
            "final < 1)",
            intended_holds=smallest > 0,
            why_not=f"a measured λ_min(K_n) = {smallest:.3g} < 0: K_n is not the Gram matrix ΦΦᵀ/n")
    if smallest > 0:
        return verified(
            "exact+simulation",
            f"p ≲ n on the whole region, and λ_min(K_n) ≥ {smallest:.3g} > 0 at every corner and d",
            regime=rank.regime,
            **ev,
        )
    corner = next(c for c, v in values.items() if min(v) <= 0)
    return refuted(
        "simulation",
        f"λ_min(K_n) = {min(values[corner]):.3g} ≤ 0 at the corner '{corner}'",
        witness={"corner": corner, "values": values[corner]},
        regime=rank.regime,
        **ev,
    )


#: ridge.measured-labels, exactly: y_j = σ_*(z_j) with z_j ~ N(0, 1) i.i.d., j ≤ n = d^ν (any finite ν), σ_* of
#: degree q; ≲_P holds with probability ≥ 1 − exp(−c log² d) (Part 1's notation). Upper: max_j|z_j| ≤ log d except
#: with probability ≤ 2n e^{−log²d/2} ≤ e^{−log²d/4} for large d, and there max_j|y_j| ≤ (Σ_k|c_k|) log^q d
#: (log d ≥ 1). Tight: for a < q, |y_1| > C log^a d already has probability e^{−Θ(log^{2a/q} d)} ≫ e^{−c log² d}.
#: With probability → 1 only (a weaker reading), max_j|y_j| ≍ (log d)^{q/2}: max_j|z_j| ≥ √(log n) except with
#: probability ≤ exp(−n P(|z| ≥ √(log n))).
LABELS_UPPER = L**q
LABELS_LOWER = L ** (q / 2)
_NU, _ELL = sp.Symbol("nu", positive=True), sp.Symbol("ell", positive=True)  # n = d^ν, ℓ = log d
#: log of the upper event's failure bound, 2n e^{−log²d/2}
LABELS_UPPER_TAIL = _NU * _ELL + sp.log(2) - _ELL**2 / 2
#: the rate ≲_P asks for: the upper tail must stay below e^{−c log² d} for some c > 0 (here c = 1/4)
LABELS_RATE = sp.Rational(1, 4) * _ELL**2
#: log of n·P(|z| ≥ t) at t = √(log n) by Mills' lower bound P(|z| ≥ t) ≥ 2tφ(t)/(1 + t²): the weak reading's lower
#: event fails with probability ≤ exp(−e^{this})
LABELS_LOWER_COUNT = (
    _NU * _ELL / 2 + sp.log(2 * sp.sqrt(_NU * _ELL)) - sp.log(sp.sqrt(2 * sp.pi) * (1 + _NU * _ELL))
)


@cache
def _label_event_limits() -> tuple[sp.Expr, sp.Expr]:
    """lim_{log d → ∞} of :data:`LABELS_UPPER_TAIL` + :data:`LABELS_RATE` and of :data:`LABELS_LOWER_COUNT` (−∞ and
    +∞ for every ν > 0): fixed expressions, so taken once per process."""
    return sp.limit(LABELS_UPPER_TAIL + LABELS_RATE, _ELL, sp.oo), sp.limit(LABELS_LOWER_COUNT, _ELL, sp.oo)


def check_labels(quantity: str, order: sp.Expr, relation: str = "lesssim", **measured: Any) -> Verdict:
    """ridge.measured-labels: max_j |y_j| ≲_P ``order`` (the paper: log^q d), decided exactly on the whole region
    (n = d^ν, every finite ν) under Part 1's ≲_P (probability ≥ 1 − e^{−c log² d}): SymPy limits as log d → ∞ show
    the upper event fails with probability below e^{−log² d/4}, so the claim holds where log^q d ≲ order; it fails
    where order ≪ log^q d (a single label exceeds C·order with probability ≫ e^{−c log² d}), with the sub-region and
    witness of that comparison. The weaker reading (probability → 1, where the order is (log d)^{q/2}) and the corner
    fits are recorded as evidence."""
    rel = Rel.parse(relation)
    if rel not in (*HIDING_A_CONSTANT, Rel.LL):  # referee AX F5: ≍ and ≪ had both been verified, read as ≲
        raise InputError(f"the labels' check decides upper bounds (≲, ≲_P, O, O_P, ≪), not {rel.value}: the maximum is "
                         "≍ (log d)^{q/2} with probability → 1 and reaches log^q d only at ≤_P's level")
    # the fits measure the upper bound's slope (≲); the exact argument below decides the relation itself (referee
    # EL, EL-10: ≲_P, O, O_P, ≪ had passed this guard and been refused by check_measured)
    found = check_measured(quantity, order, "lesssim", **measured)
    with_rate, lower_count = _label_event_limits()
    if with_rate != -sp.oo or lower_count != sp.oo:
        raise AssertionError(f"the label events' limits are {with_rate}, {lower_count}: the exact argument broke")
    # log^q d is attained at ≤_P's level (a single label exceeds C log^a d, a < q, too often), so "max ≪ order" is
    # log^q d ≪ order and "max ≲ order" is log^q d ≲ order
    upper = _decide_cached(LABELS_UPPER, "ll" if rel is Rel.LL else "lesssim", order)
    symbol = "≪" if rel is Rel.LL else "≲"
    weak = _decide_cached(LABELS_LOWER, "lesssim", order)
    ev = {
        **found.evidence,
        "measured_order_verdict": found.verdict,
        "measured_order_detail": found.detail,
        "upper_event": "max_j|z_j| ≤ log d; log of its failure bound 2n e^{−log²d/2}, plus log²d/4, → "
        + str(with_rate) + " for every ν > 0: probability ≥ 1 − e^{−log²d/4} for large d",
        "weak_reading": "with probability → 1 only: max_j|y_j| ≍ (log d)^{q/2} (max_j|z_j| ≥ √(log n): "
        "n P(|z| ≥ √log n) → ∞); (log d)^{q/2} ≲ order: " + weak.verdict,
        "upper_vs_order": upper.evidence,
        "scope": "n = d^ν with ν finite (Assumption 2 bounds n only from below; the argument, like (3, P30, 3), "
        "needs log n = O(log² d))",
    }
    if upper.verdict == "verified" and found.verdict == "refuted":
        return inconclusive(
            "exact+simulation",
            f"the exact argument gives max_j|y_j| ≲_P {paper_latex(order)} on the whole region, but the corner fits "
            f"refute it ({found.detail}): one of them is wrong",
            **ev,
        )
    if upper.verdict == "verified":
        fits = ("the corner fits agree with it" if found.verdict == "verified" else
                "the corner fits do not contradict it (they are inconclusive: "
                + ", ".join(ev.get("undecided_corners") or ["no corner"]) + " cannot resolve powers of log d at d ≤ "
                + f"{max(found.evidence['corners'][0]['d'])})")
        out = verified(
            "exact+simulation",
            f"max_j|y_j| ≤ (Σ|c_k|) log^q d {symbol} {paper_latex(order)} with probability ≥ 1 − e^{{−log²d/4}} for "
            f"large d, on the whole region (n = d^ν, every ν and q); log^q d is tight under the paper's ≲_P (with "
            f"probability → 1 only, the order is (log d)^{{q/2}}); {fits}",
            regime=dict(upper.regime or {}),
            **ev,
        )
        if Rel.parse(relation) not in HIDING_A_CONSTANT:
            return out
        # the constant Σ|c_k| grows with σ_*; where order ≍ log^q d (tight), C absolute needs c from the target
        # (holds) and no absolute pair (C, c) exists; where log^q d ≪ order, C = 1 serves from some d on
        slack = _decide_cached(LABELS_UPPER, "ll", order)
        if slack.verdict == "refuted" and (slack.regime or {}).get("holds_on") == "none":
            absolute, both = polynomial_tail_readings()
        else:
            absolute = both = absolute_constant_outcome(
                slack, "log^q d/order", "there C ≥ |c_q|(2c)^{q/2} (see the order log^q d), which grows with σ_*",
                tight=True)
        return with_readings(out, constant_readings(absolute, both))
    if upper.verdict == "refuted":
        return refuted(
            "exact+simulation",
            (f"max_j|y_j| ≪ {paper_latex(order)} fails: {upper.detail}; log^q d is attained at ≤_P's level "
             "(at probability 1 − e^{−c log² d} the maximum reaches about |c_q|(2c)^{q/2} log^q d)" if rel is Rel.LL
             else
             f"{paper_latex(order)} ≪ log^q d where {upper.detail}; there a single label exceeds C·order with "
             "probability e^{−Θ(log^{2a/q} d)} (a < q), far above the e^{−c log² d} that ≲_P allows"),
            witness=(upper.regime or {}).get("witness") or upper.evidence.get("witness"),
            regime=dict(upper.regime or {}),
            **ev,
        )
    return inconclusive("exact+simulation", f"log^q d {symbol} {paper_latex(order)} is undecided: {upper.detail}",
                        **ev)


def check_sphere_uniformity(
    corners: tuple[str, ...] = MEASURE_CORNERS,
    ds: tuple[int, ...] = DS_MEASURE,
    factor: float = 4.0,
    limit_corners: tuple[str, ...] = tuple(LIMIT_CORNERS),
) -> Verdict:
    """§4.3.2 says u = φ_j/‖φ_j‖ is uniform on the sphere. For n uniform unit vectors ‖mean u‖ ≈ 1/√n; refuted when the
    measured ‖mean_j u_j‖ exceeds ``factor``/√n (the directions share a mean, so u is not uniform). Measured also at
    the ``limit_corners`` (the σ_W → 0 limit of ν > 2 + ε_b, see :func:`check_measured`)."""
    data = _measured_with_limits(corners, limit_corners, ds)
    rows = []
    for c in (*corners, *limit_corners):
        m, ns = data[c]["mean_u_norm"], data[c]["n"]
        rows.append(
            {
                "corner": c,
                "limit": c in limit_corners,
                "d": list(ds),
                "mean_u_norm": m,
                "uniform_prediction": [1 / math.sqrt(x) for x in ns],
                "ratio": [a * math.sqrt(x) for a, x in zip(m, ns)],
            }
        )
    worst = max(rows, key=lambda r: max(r["ratio"]))
    ev = {"corners": rows, "factor": factor, "seeds": [0]}
    # the mean mode: ‖mean_j u_j‖ ≥ ⟨mean_j u_j, v⟩ (v the unit mean mode), whose mean is E[φᵀv/‖φ‖] ≈ ‖m̄‖/√(E‖φ‖²)
    mm = ev["mean_mode"] = mean_mode_failure(1 / sp.sqrt(n), "mean_mode_cos", MEAN_MODE_COS_ORDER, data,
                                             (*corners, *limit_corners), ds, 0.15,
                                             links=("mean_u_norm", "mean_u_along_mode"))
    mm["why"] = ("‖mean_j u_j‖ ≥ ⟨mean_j u_j, v⟩ for the unit v ∥ m̄ = E_xφ(x), whose mean is E[φᵀv/‖φ‖] ≈ "
                 "‖m̄‖/√(E‖φ‖²) (measured: mean_u_along_mode)")
    failing = [r["corner"] for r in rows if max(r["ratio"]) > factor]
    regime = {
        "region": "Assumptions 2–4 + bias window (measured at the corners of proofs.regime.CORNERS)",
        "holds_on": "all" if not failing else ("none" if len(failing) == len(rows) else "part"),
        "conditions": [
            rf"\text{{holds at the corners }} {', '.join(r['corner'] for r in rows if r['corner'] not in failing)}"
        ]
        if failing and len(failing) < len(rows)
        else [],
        "witness": {"corner": worst["corner"], "ratio": max(worst["ratio"])} if failing else None,
    }
    if mm["validated"] and mm["holds_on"] in ("part", "none"):
        where, regime, slopes = _mean_mode_summary(mm, regime, {"corner": worst["corner"],
                                                               "ratio": max(worst["ratio"])})
        return refuted(
            "simulation+symbolic",
            f"u = φ_j/‖φ_j‖ is not uniform on the sphere {where}: {mm['why']}, and mean_mode_cos ≍ "
            f"1/√(1 + σ_W²d) (measured at every corner: {slopes}), while uniform unit vectors have ‖mean u‖ ≈ 1/√n, "
            "and √n ≫ √(1 + σ_W²d) there; at "
            f"'{worst['corner']}' the mean of the u_j has norm {max(worst['mean_u_norm']):.3g}, "
            f"{max(worst['ratio']):.0f}× 1/√n (the other corners, where σ_W√d is in the hundreds at d ≤ 64, show "
            "ratios within the factor so far). The refutation is asymptotic, by the mean mode's order: at the "
            "admissible corners the simulated d are far below the d where n overtakes σ_W²d, and there the measured "
            "first moment still looks uniform (referee BV, D2)",
            witness=named_witness(mm["asymptotic_witness"], worst),
            regime=regime,
            **ev,
        )
    admissible_failing = [r for r in rows if max(r["ratio"]) > factor and not r["limit"]]
    if failing and not admissible_failing:
        # only the σ_W → 0 limit corner fails, and the mean mode decides nothing: a run at a limit, not an admissible
        # run (referee V), as in check_measured
        return inconclusive(
            "simulation",
            f"u = φ_j/‖φ_j‖: only at the limit corner '{worst['corner']}' (the paper's algorithm with σ_W = 0, the "
            "limit of the sub-region ν > 2 + ε_b) is the mean of the u_j far from uniform "
            f"({max(worst['ratio']):.0f}× 1/√n); "
            "a run at a limit, not an admissible run (σ_W > 0 at every admissible point), and the mean mode's order is "
            "not validated here, so nothing decides it as d → ∞; the simulated corners agree with uniform vectors",
            regime={**regime, "witness": None, "undecided": [r"\nu > 2 + \varepsilon_b\ (\sigma_W\sqrt{d} \to 0)"]},
            **ev,
        )
    if admissible_failing:
        worst = max(admissible_failing, key=lambda r: max(r["ratio"]))
        regime["witness"] = {"corner": worst["corner"], "ratio": max(worst["ratio"])}
        return refuted(
            "simulation",
            f"u = φ_j/‖φ_j‖ is not uniform on the sphere: at '{worst['corner']}' the mean of the "
            f"u_j has norm {max(worst['mean_u_norm']):.3g}, {max(worst['ratio']):.0f}× the 1/√n of uniform "
            "vectors (tanh features with a bias share a mean direction); |⟨u, v⟩| is measured directly in "
            "dpgd.measured-inner-product",
            witness=worst,
            regime=regime,
            **ev,
        )
    return verified(
        "simulation",
        "the mean of the u_j is as small as for uniform unit vectors at every corner (a first-moment test only; "
        "u lives in R^p, not on S^{d−1} as printed, and |⟨u, v⟩| itself is measured in "
        "dpgd.measured-inner-product)",
        regime=regime,
        **ev,
    )


# =============================================================================================== contraction regime


def contraction_steps() -> tuple[Step, ...]:
    """(3, D13, 2)'s equality needs η_a(λ_max(K_n) + λ) ≤ 1 (every eigenvalue of η_aL in [0, 2]... and the printed
    minimum to be the norm); with the measured λ_max(K_n) ≍ 1 + p/d it is η_a(1 + p/d) ≪ 1 and 2η_aλ ≪ 1; (3, D13, 3)
    drops λ_min > 0."""
    return (
        Step(
            (3, "D13", 2),
            _st(eta_a * (lam_max_K + lam), "ll", sp.Integer(1)),
            "asymptotic",
            # p/(σ_W²d) for MEAN_MODE_ORDER's p/(1 + σ_W²d): the same order where σ_W√d → ∞; where it → 0 both make
            # the step fail (η_a p = d^{ε_n} log²d ≫ 1), so the decision is the same on the whole region
            subs={lam_max_K: LAMBDA_MAX_ORDER + MIN_TERMS[MEAN_MODE_ORDER][1]},
            note="λ_max(K_n) ≍ 1 + p/d for nearly random directions, and ≳ ‖E_xφ‖² ≍ p/(1 + σ_W²d) from the features' "
            "mean mode (ridge.measured-spectrum)",
        ),
        Step(
            (3, "D13", 3),
            _st(1 - 2 * eta_a * (lam_min_K + lam), "<", 1 - 2 * eta_a * lam),
            "inequality",
            note="λ_min(K_n) > 0 measured (ridge.measured-lambda-min)",
        ),
        Step((3, "D13", 4), _st(1 - 2 * d**en * L**2 / p * p / d ** (2 * en), "<", sp.Integer(1)), "inequality"),
    )


def step0_clipping_step() -> Step:
    """Where no sample can escape clipping at step 0, whatever W_1 (referee CB, F1): at a = a_0 (‖a_0‖ = 1) each
    per-sample gradient g_{0,j} = 2(φ_jᵀa_0 − y_j)φ_j + 2λa_0 has ‖g_{0,j}‖ ≥ ⟨g_{0,j}, a_0⟩ = 2(φ_jᵀa_0)² −
    2y_jφ_jᵀa_0 + 2λ ≥ 2λ − y_j²/2 (Cauchy–Schwarz; 2t² − 2yt ≥ −y²/2), and |y_j| ≲_P log^q d
    (lemma3.target-growth): no-clipping needs 2λ ≲ C_a + log^{2q} d; where 2λ ≫ C_a + log^{2q} d (π_p > 6ε_n)
    every sample is clipped at step 0 (with the halved data term, 2λ − y_j²/4: the same orders)."""
    return Step((3, "P23", 4), _st(2 * lam, "lesssim", C_a + L ** (2 * q)), "asymptotic",
                note="step 0: ‖g_{0,j}‖ ≥ 2λ − y_j²/2 with |y_j| ≲_P log^q d")


def crossover_d(eps_n_value: float, eps_p_value: float, lam_max_value: float) -> dict[str, Any]:
    """log10 of the smallest d beyond which 2η_aλ < 1, and 2η_a(λ_max + λ) < 2 (stability), with λ_max(K_n) at its
    measured value and p = d^{ε_p} (scanned in log d up to d = 10^650); ``None`` when it never holds there."""
    x = np.arange(1.0, 1500.0, 0.05)  # x = log d
    two_eta_lam = 2 * x**2 * np.exp(-eps_n_value * x)
    margin = 2 * x**2 * np.exp((eps_n_value - eps_p_value) * x) * lam_max_value + two_eta_lam
    out: dict[str, Any] = {}
    for name, vals, level in (
        ("2 eta_a lambda < 1", two_eta_lam, 1.0),
        ("2 eta_a (lambda_max + lambda) < 2", margin, 2.0),
    ):
        bad = np.nonzero(vals >= level)[0]
        if len(bad) == 0:
            out[name] = 0.0
        elif bad[-1] >= len(x) - 20:
            out[name] = None
        else:
            out[name] = round(float(x[bad[-1] + 1] / math.log(10)), 3)
    return out


def check_contraction_regime(
    steps: tuple[Step, ...] | None = None, corners: tuple[str, ...] = MEASURE_CORNERS, ds: tuple[int, ...] = DS_MEASURE
) -> Verdict:
    """Relations (3, D13, 2)–(3, D13, 4) over the region, with the crossover dimensions at each corner computed from
    the measured λ_max(K_n) (no quantity treated as bounded that is not measured)."""
    steps = steps if steps is not None else contraction_steps()
    data = _measure(tuple(corners), tuple(ds))
    cross = {}
    for c in corners:
        lm = max(data[c]["lambda_max_K"])
        cross[c] = {
            "lambda_max_K_measured_max": lm,
            "norm_I_minus_eta_L_measured": data[c]["norm_I_minus_eta_L"],
            "d": list(ds),
            "log10_crossover_d": crossover_d(CORNERS[c]["eps_n"], CORNERS[c]["eps_p"], lm),
        }

    def extra():
        return {
            "crossovers": cross,
            "reading": "‖I − η_aL‖ = max_i |1 − 2η_a(λ_i(K_n) + λ)|; it equals the printed "
            "1 − 2η_a(λ_min + λ) and is < 1 only when 2η_a(λ_max + λ) ≤ 2 − 2η_a(λ_min+λ)",
        }

    corrected = _st(Norm(sp.Symbol("I") - eta_a * sp.Symbol("L")), "<", sp.Integer(1),
                    assumptions=CONTRACTION_CONDITIONS)
    v = check_steps(steps, title="contraction of I − η_aL", extra=extra, corrected=corrected)
    if not v.regime:
        return v
    # the "holds" side rests on the upper order of λ_max(K_n), measured at the corners only (referee CQ, F4)
    return _dc_replace(v, regime={**v.regime, "premise": LAMBDA_MAX_PREMISE})


#: what dpgd.contraction-regime's decision substitutes for λ_max(K_n): its lower side is proved (tr K_n ≥ p E tanh²,
#: the features' mean mode), its upper side only measured (ridge.measured-spectrum leaves it undecided there)
LAMBDA_MAX_PREMISE = (r"\lambda_{\max}(K_n) \lesssim 1 + p/d + p/(1 + \sigma_W^2 d)\ \text{(measured at the corners, "
                      r"ridge.measured-spectrum; the lower side is proved)}")


#: Where ‖I − η_aL‖ < 1 for d large (dpgd.contraction-regime's corrected statement, decided there on the region).
CONTRACTION_CONDITIONS = (sp.StrictLessThan(en, S.pi_p), sp.StrictLessThan(en, 1), sp.LessThan(S.nu, 2 + eb - en))


# =============================================================================================== summary & final chain


def summary_steps(variance: sp.Expr = VARIANCE) -> tuple[Step, ...]:
    """(3, D9, 1): R(f_RR) ≲ (D3's rate) + (D8's variance term) = O_P(D9's rate) needs the variance term ≲ the rate."""
    return (
        Step(
            (3, "D9", 1),
            _st(RATE_D9 + variance, "O_P", RATE_D9),
            "asymptotic",
            note="first term: Theorem 2's rate (3, D3, 4); second: (3, D8, 3)",
        ),
    )


def final_chain_steps() -> tuple[Step, ...]:
    """§4.5 as printed: (3, D28, 2), (3, P45, 1), (3, D29, 3)–(3, D29, 7)."""
    noise = d ** (sp.Rational(5, 2) * en) * L ** (q + 1) / (n * sp.sqrt(p)) * sp.sqrt(sp.log(1 / delta)) / eps
    corrected_noise = d ** (sp.Rational(7, 2) * en) * L ** (q + 1) / n * sp.sqrt(sp.log(1 / delta)) / eps
    first = d ** (5 * en) * L ** (2 * q + 2) / (n**2 * p) * sp.log(1 / delta) / eps**2 * p
    first_printed = held(d ** (5 * en) * L ** (2 * q + 2) / (n**2 * p)) * held(sp.log(1 / delta) / eps**2) * p
    return (
        Step(
            (3, "D28", 2),
            _st(corrected_noise + sp.exp(-2 * L**2), "lesssim", noise + sp.exp(-2 * L**2)),
            "asymptotic",
            note="left: ‖I−η_aL‖^T‖a_0−a_RR‖ + η_a‖z'_T‖ with the measured ‖z‖ ≈ Σ√p and C_a's d^{ε_n} "
            "(dpgd.noise-corrected); right: the printed bound",
            inherited="it follows from the printed (3, D19) and (3, D13) and fails because (3, D19) does "
            "(dpgd.noise-corrected); with (3, D19) corrected it holds",
            inherited_subs={noise: corrected_noise},
        ),
        Step((3, "P45", 1), _st((1 - 2 * L**2 / d**en) ** T, "=", (1 - 2 * L**2 / d**en) ** (d**en)), "identity"),
        Step(
            (3, "D29", 4),
            _st(RATE_D9 + VARIANCE, "ll", 1 / L),
            "asymptotic",
            note="R(f_RR) = O_P(1/log d): the corrected ridge rate (3, D9, 1) + variance against 1/log d",
        ),
        Step(
            (3, "D29", 5),
            _st(held(noise) ** 2 * p, "=", first_printed),
            "identity",
            note="‖a_T − a_RR‖²E‖φ‖² with (3, D28, 2)'s bound and E‖φ‖² ≤ p",
        ),
        Step(
            (3, "D29", 5),
            _st(RATE_D9, "O", d ** (-ep / (8 * (q + 1))) * d ** (1 + eb + ep / 4) / n * L ** (2 * q + 6) * PRIV_125),
            "asymptotic",
            note="the second summand as printed is the product of D9's two terms, not their sum; read as their sum "
            "(a typo for +) it is D9's rate itself, and the line is (3, D29, 6), decided below",
        ),
        Step((3, "D29", 6), _st(first + RATE_D9, "O_P", RATE_D9), "asymptotic"),
        Step((3, "D29", 7), _st(RATE_D9, "O_P", RATE_PART3_LAST), "asymptotic"),
    )


#: the final risk with every correction of Part 3: ridge (D9 + variance), DP noise p(η_a‖z'_T‖)², early stopping
RATE_CORRECTED = RATE_D9 + VARIANCE + d ** (7 * en) * L ** (2 * q + 2) / n**2 * PRIV_125 * p + p * sp.exp(-4 * L**2)
#: where the premises of Part 3's chain hold: the contraction's region (:data:`CONTRACTION_CONDITIONS`). Until
#: referee AZ (F2) this asked ε_n < π_p and π_p + 3ε_n/2 < ν (S_3's chain with the dropped p); but S_3 = η_a × the
#: sum, and η_a's 1/p cancels that p (clip.s3-corrected), so S_3 ≪ its target holds wherever the contraction does
PREMISES = ADMISSIBLE.restrict(*CONTRACTION_CONDITIONS, name="Assumptions 2–4 ∩ the contraction's region")


@cache
def _decide_cached(lhs: sp.Expr, rel: str, rhs: sp.Expr, region_name: str = "ADMISSIBLE") -> Verdict:
    region = ADMISSIBLE if region_name == "ADMISSIBLE" else PREMISES
    return decide(_st(lhs, rel, rhs), region, d=d, rewrite=to_rates)


#: A point inside the corrected chain's premises (ε_n < ε_p, the contraction region; also ε_p + 3ε_n/2 < ν) where
#: Theorem 2's span obstruction applies (π_p < 1, σ_W²d/p = d^{2+ε_b−ν−π_p}log^{2q+6}d → ∞ at the middle ε_b):
#: (ε_n, ε_p, ν − 1 − 3ε_n) (referee J)
PREMISE_OBSTRUCTION_POINT = (0.2, 0.3, 0.0)


def rate_obstruction_in_premises(rate: sp.Expr) -> dict[str, Any] | None:
    """The span obstruction's record at :data:`PREMISE_OBSTRUCTION_POINT` when it rules out R(f_NN) = O_P(``rate``)
    there ((ε, δ) fixed: the lower bound α_1^{*2}‖P_{col(W_1)^⊥}μ‖² on every second layer on W_1's features does not
    decay while the rate → 0; part2_construction_steps._obstructed), else None."""
    from .part2_construction_steps import _obstructed, span_obstruction_at

    record = span_obstruction_at(*PREMISE_OBSTRUCTION_POINT)
    at_fixed_privacy = S.in_powers_of_d(rate.subs({eps: 1, delta: sp.Rational(1, 10**5)}))
    return record if _obstructed(record, at_fixed_privacy) else None


def _obstruction_text(record: dict[str, Any]) -> str:
    from .part2_construction_steps import obstruction_witness

    _, lows, _, _ = obstruction_witness(["premise point"], {"premise point": record})
    where = f"({record['eps_n']}, {record['eps_p']}, {record['nu']:g})"
    fit = f"{record['fit']['exponent']:+.3f} ± {record['fit']['stderr']:.3f}"
    return (f"at (ε_n, ε_p, ν) = {where}, inside the chain's premises, every second layer on W_1's features, f_NN "
            "included, has E_x[(f − f_*)²] ≥ α_1^{*2}‖P_{col(W_1)^⊥}μ‖² = "
            f"{lows} at d = {[r['d'] for r in record['rows']]} (fitted exponent {fit}: no decay; ε_p < 1 and "
            "σ_W²d/p → ∞ there), while the rate → 0 (slowly: its d^{−ε_p/(8(q+1))} is itself near 1 at these d, so the "
            "rows show a floor that does not decay, not a counterexample at finite d; there σ_W ≫ 1 and W_1's "
            "columns are noise, so the rows show the random-subspace value 1 − p/d; as d → ∞ the bound rests on "
            "the span lemma, s/(s + (1 + σ_W)²) with "
            "s = σ_W²d/p → ∞, not on the fit: referee DB, DB-9)")


def _obstruction_regime(record: dict[str, Any], bound_regime: dict[str, Any], rate: sp.Expr) -> dict[str, Any]:
    """The regime of R(f_NN) = O_P(rate) when the span obstruction rules it out (referee K): the obstruction's own
    record (part2_construction_steps.obstruction_witness: not refuted, undecided, where π_p ≥ 1 or σ_W²d/p ↛ ∞, and
    where ``rate`` is not o(1), since a risk bounded below refutes only a vanishing rate: referee L3),
    with the measured point inside the premises as its witness; ``bound_regime`` (where the rate is o(1), or within
    another rate: a comparison of upper bounds) is kept beside it, never as where the claim holds."""
    from .part2_construction_steps import obstruction_witness

    _, _, _, regime = obstruction_witness(["premise point"], {"premise point": record}, _vanishes(rate),
                                          _below_noise(rate))
    return {
        **regime,
        "region_latex": ADMISSIBLE.description,
        "relation": bound_regime.get("relation"),
        "witness": {"point": {k: record[k] for k in ("eps_n", "eps_p", "eps_b", "nu")}, "rows": record["rows"]},
        "upper_bound_regime": bound_regime,
    }


def _obstruction_witness(record: dict[str, Any]) -> dict[str, Any]:
    return {"span_obstruction": {k: record[k] for k in ("eps_n", "eps_p", "nu", "eps_b", "rows", "fit")}}


def check_final_corrected(rate: sp.Expr = RATE_CORRECTED) -> Verdict:
    """Where the corrected final risk is o(1): decided on the whole region (the exact conditions are the regime); and
    whether R(f_NN) = O_P(rate) can hold where it is: the span obstruction at a point inside the chain's premises
    (:func:`rate_obstruction_in_premises`) rules it out there, so the rate is an upper bound the corrected chain
    would give, not a corrected statement (referee J)."""
    v = _decide_cached(rate, "ll", sp.Integer(1))
    blocked = rate_obstruction_in_premises(rate)
    ev = {"rate": str(rate), "rate_latex": _st(sp.Symbol("R"), "O_P", rate).latex(),
          **{k: val for k, val in v.evidence.items() if k != "witness"},
          "o1_witness": v.evidence.get("witness"), "span_obstruction_in_premises": blocked}
    if v.verdict == "verified" and blocked is None:
        return verified("exact", "the corrected final risk is o(1) on the whole region", regime=dict(v.regime), **ev)
    o1 = ("o(1) on the whole region" if v.verdict == "verified" else
          "o(1) only on part of the region: " + "; ".join(v.regime["conditions"]))
    if blocked is not None:
        from .part2_construction_steps import span_lemma_sentence

        regime = _obstruction_regime(blocked, dict(v.regime), rate)
        return refuted(
            "simulation+exact",
            "with every correction (variance term d^{4ε_n}log²d/n, DP noise p d^{7ε_n}log^{2q+2}d R/n²) the rate is "
            f"{o1}; but it is no bound on R(f_NN) where it is: {_obstruction_text(blocked)}"
            + span_lemma_sentence(regime) + "; no corrected statement is offered",
            witness=_obstruction_witness(blocked),
            regime=regime,
            **ev,
        )
    return refuted(
        "exact",
        "with every correction (variance term d^{4ε_n}log²d/n, DP noise p d^{7ε_n}log^{2q+2}d R/n²), "
        "R(f_NN) = O_P(rate) is " + o1,
        corrected=_st(sp.Symbol(r"\mathcal{R}(f_{\text{NN}})"), "O_P", rate),
        regime=dict(v.regime),
        **ev,
    )


def check_theorem_rate(rate: sp.Expr = RATE_CORRECTED, claimed: sp.Expr = RATE_THM1) -> Verdict:
    """Theorem 1's rate against the corrected chain: its first term d^{−ε_p/(8q)} against the chain's d^{−ε_p/(8(q+1))},
    and the whole corrected rate against the rate with the first exponent corrected (where the rest survives)."""
    first = decide(_st(d ** (-ep / (8 * (q + 1))), "O", d ** (-ep / (8 * q))), ADMISSIBLE, d=d, rewrite=to_rates)
    rest = (
        _decide_cached(rate, "O_P", RATE_PART3_LAST) if claimed == RATE_THM1 else _decide_cached(rate, "O_P", claimed)
    )
    corrected = _st(sp.Symbol(r"\mathcal{R}(f_{\text{NN}})"), "O_P", rate)
    ev = {
        "first_term": dict(first.regime),
        "rest_of_rate": dict(rest.regime),
        "corrected_rate": str(rate),
        "claimed_rate": str(claimed),
    }
    blocked = rate_obstruction_in_premises(rate)
    ev["span_obstruction_in_premises"] = blocked
    if claimed == RATE_THM1 and first.verdict != "verified":
        return refuted(
            "exact",
            "Theorem 1's first term d^{-ε_p/(8q)} is never implied by the chain's d^{-ε_p/(8(q+1))}; "
            "with that exponent corrected, the rest holds only where " + "; ".join(rest.regime["conditions"])
            + ("" if blocked is None else "; the corrected chain's rate is offered as no corrected Theorem 1: "
               + _obstruction_text(blocked)),
            corrected=corrected if blocked is None else None,
            regime=dict(first.regime),
            witness=first.evidence.get("witness"),
            **ev,
        )
    if rest.verdict == "verified":
        return verified(
            "exact",
            "the claimed rate follows from the corrected chain on the whole region",
            regime=dict(rest.regime),
            **ev,
        )
    return refuted(
        "exact",
        "the corrected rate exceeds the claimed one on part of the region: " + rest.detail,
        corrected=corrected,
        regime=dict(rest.regime),
        witness=rest.evidence.get("witness"),
        **ev,
    )


def check_final_risk(rate: sp.Expr = RATE_CORRECTED, claimed: sp.Expr = RATE_PART3_LAST) -> Verdict:
    """The paper's final statement (3, D29, 7) R(f_NN) = O_P(d^{−ε_p/(8(q+1))} + d^{1+ε_n}R/n) against the corrected
    final risk over the whole region: the top claim of Part 3's chain."""
    v = _decide_cached(rate, "O_P", claimed)
    corrected = _st(sp.Symbol(r"\mathcal{R}(f_{\text{NN}})"), "O_P", rate)
    ev = {
        "relations_checked": [
            {
                "relation": [3, "D29", 7],
                "kind": "asymptotic",
                "holds": v.verdict == "verified",
                "latex": _st(sp.Symbol(r"\mathcal{R}(f_{\text{NN}})"), "O_P", claimed).latex(),
            }
        ],
        "corrected_rate": str(rate),
        "claimed_rate": str(claimed),
        **{k: val for k, val in v.evidence.items() if k != "witness"},
    }
    blocked = rate_obstruction_in_premises(claimed)
    ev["span_obstruction_in_premises"] = blocked
    if v.verdict == "verified" and blocked is None:
        return verified(
            "exact",
            "Part 3's final rate follows from the corrected chain on the whole region",
            regime=dict(v.regime),
            **ev,
        )
    within = ("the corrected chain's bound is within Part 3's rate " + (
        "on the whole region" if v.verdict == "verified" else "only where " + "; ".join(v.regime["conditions"])))
    if blocked is not None:
        from .part2_construction_steps import span_lemma_sentence

        regime = _obstruction_regime(blocked, dict(v.regime), claimed)
        return refuted(
            "simulation+exact",
            f"{within} (a comparison of upper bounds); Part 3's conclusion itself fails: {_obstruction_text(blocked)}"
            + span_lemma_sentence(regime),
            regime=regime,
            witness=_obstruction_witness(blocked),
            **ev,
        )
    return refuted(
        "exact",
        "Part 3's final rate holds only on part of the region once every step is corrected: "
        + "; ".join(v.regime["conditions"]),
        corrected=corrected,
        regime=dict(v.regime),
        witness=v.evidence.get("witness"),
        **ev,
    )


# =============================================================================================== claims

RELATION_DEFINITIONS = {
    (3, "P9", 1): "the space H of second-layer functions",
    (3, "P9", 2): "f_H, the population ridge minimiser (notation)",
    (3, "P10", 1): "the feature matrix Φ",
    (3, "P10", 2): "the kernel K_n",
    (3, "D1", 1): "f_RR, the ridge estimator",
    (3, "D1", 2): "names the empirical loss L (Part 1, D4)",
    (3, "P11", 1): "f_RR written with a_RR",
    (3, "P11", 3): "the label vector Y",
    (3, "D2", 1): "the risk R(f_RR)",
    (3, "P14", 1): "the replacement sample x' (notation; N(0, 1) should read N(0, I_d))",
    (3, "P14", 2): "the data set X^{(i)}",
    (3, "P14", 3): "f^{(i)}_RR",
    (3, "P21", 1): "f_i, the network at iterate ã_i",
    (3, "P22", 1): "the noise z_i",
    (3, "P22", 2): "Σ of §4.3",
    (3, "P22", 4): "L = 2K_n + 2λI",
    (3, "P23", 2): "φ_j (x should read x_j)",
    (3, "P25", 1): "the SVD of Φ",
    (3, "D12", 1): "L = 2K_n + 2λI (restated)",
    (3, "P30", 1): "the data distribution (Assumption 1)",
    (3, "P30", 2): "⟨μ, x_i⟩ ~ N(0, 1) for a unit μ (Assumption 1)",
    (3, "P30", 4): "y_i = σ_*(⟨μ, x_i⟩) (Assumption 1)",
    (3, "P35", 1): "the base case i = 0",
    (3, "P35", 2): "ã_0 = a_0",
    (3, "P35", 3): "a_0 of Algorithm 1",
    (3, "P38", 1): "ψ, v: polar form of a_0 − a_RR^{(i)}",
    (3, "P38", 2): "ν, u: polar form of φ_j",
    (3, "D29", 1): "f_NN = f_T",
    (3, "D29", 2): "the risk of f_T",
    (3, "P49", 1): "§5 remark (conclusion, not used by the proof)",
    (3, "P50", 1): "§5 remark: α_0 = 0 for tanh",
    (3, "P50", 2): "§5 remark: α_1 ≠ 0 for tanh",
    (3, "P55", 1): "§5 remark: an alternative η_W",
}


#: quantities whose step states a bound without hidden constant
EXACT_BOUNDS = {"clip.measured-base-case": 1.0}


def aligned_witness(corner: str, *conditions: sp.Basic) -> dict[str, Any]:
    """The failure witness of a refutation decided in the σ_W → 0 limit of the sub-region ν > 2 + ε_b: the limit
    corner's own parameters (ε_b in the middle of its window, a fixed budget, q = TARGET_Q) with the paper's σ_W > 0,
    an admissible point where σ_W√d → 0 as d → ∞ and so W_1's columns align; the σ_W = 0 run only illustrates it
    (referee V). ``conditions`` (the sub-region's, e.g. ν > 2 + ε_b) must hold there, else no point is named."""
    point = {**corner_point(ALL_CORNERS[corner], exact=True), "q": int(TARGET_Q)}
    at = {**{sym: point[str(sym)] for sym in ADMISSIBLE.variables}, S.q: point["q"]}
    for c in conditions:
        if not c.free_symbols <= set(at):
            raise ValueError(f"a sub-region condition may use only {', '.join(sorted(map(str, at)))}, not {c}")
    inside = ADMISSIBLE.contains(point) and all(bool(c.subs(at)) for c in (S.nu > 2 + S.eps_b, *conditions))
    illustration = {"corner": corner, **ALL_CORNERS[corner]}
    if not inside:
        return {**illustration, "no_admissible_point": "the corner's parameters leave the sub-region"}
    return {"point": {k: str(v) for k, v in point.items()}, "as": "d → ∞", "illustrated_at": illustration}


def named_witness(asymptotic: dict[str, Any] | None, run: dict[str, Any]) -> dict[str, Any]:
    """A refutation's own witness (Verdict.evidence["witness"], which the theorem records, the pytest plugin and the
    HTML report show): the admissible point where it fails as d → ∞ (``asymptotic``, from :func:`aligned_witness`
    or a mean mode's order), the simulated ``run`` (possibly the σ_W = 0 limit corner, which no admissible point
    has) under ``illustrated_at`` (referee Y); the run alone, with ``asymptotic`` None, if no point is named."""
    if asymptotic and asymptotic.get("point"):
        return {"point": asymptotic["point"], "as": asymptotic.get("as", "d → ∞"),
                "illustrated_at": {**asymptotic.get("illustrated_at", {}), **run}}
    return {**run, "asymptotic": asymptotic}


@cache
def aligned_cosine(z: float) -> float:
    """c(z) = E_b tanh(z + b)/√(E_b tanh²(z + b)), b ~ N(0, 1) (mpmath, 30 digits): the cosine between a sample's
    feature vector u = φ/‖φ‖ and a_0/‖a_0‖ = (1, …, 1)/√p when W_1's columns all equal μ (the σ_W → 0 limit) and
    p → ∞, for the sample with ⟨μ, x⟩ = z (the mean over the p biases b_k tends to the expectation). It does not
    depend on p or d."""
    with mpmath.workdps(30):
        second = mpmath.quad(lambda b: mpmath.tanh(z + b) ** 2 * mpmath.npdf(b), [-mpmath.inf, -z, mpmath.inf])
        return aligned_mean(z) / float(mpmath.sqrt(second))


@decides("lesssim", param="relation")
def check_inner_product(quantity: str, order: sp.Expr, relation: str = "lesssim", **measured: Any) -> Verdict:
    """dpgd.measured-inner-product: max_j |⟨u_j, v⟩| ≲ log²d/√p, with v = (a_0 − a_RR)/‖a_0 − a_RR‖.

    :func:`check_measured` first. Where it is undecided only because the order's log factors have not settled at a
    limit corner (over d ≤ 64 log²d/√p still grows; as d → ∞ it decays like p^{−1/2}), the limit decides it: there
    W_1's columns align, ‖a_RR‖ → 0 (measured) so v → a_0/‖a_0‖, and max_j|⟨u_j, v⟩| ≥ c(z_max) with c
    (:func:`aligned_cosine`) increasing in z and z_max = max_j|⟨μ, x_j⟩| ≥ 1 with probability → 1, if the columns were
    all μ: the quantity would stay ≥ c(1) > 0 at every p and d, while C log²d/√p → 0 for every constant C (ε_p > 0).
    The columns are the normalised steps, aligned but not identical (referee EN: pairwise |cos| 0.78–0.93 at
    σ_W = 0), so c(1) is the idealisation's floor; the measured maxima at the limit corner must be ≥ c(1) (they
    could fail) and carry the verdict."""
    v = check_measured(quantity, order, relation, **measured)
    undecided = v.evidence.get("undecided_corners", [])
    limits = [r for r in v.evidence.get("corners", []) if r["limit"]]
    if v.verdict != "inconclusive" or not undecided or set(undecided) != {r["corner"] for r in limits}:
        return v
    data = _measured_with_limits((), tuple(undecided), tuple(limits[0]["d"]))
    floor = aligned_cosine(1.0)
    rows = []
    for r in limits:
        a_rr = data[r["corner"]]["norm_a_RR"]
        rows.append({"corner": r["corner"], "max_inner_u_v": r["values"], "norm_a_RR": a_rr,
                     "norm_a_RR_slope": fit_growth(r["d"], a_rr)["slope"],
                     "above_c1": all(x >= floor for x in r["values"])})
    dd = sp.Symbol("d", positive=True)
    # c(1) against the order given (not the paper's), at each limit corner's exponents: it refutes only if → ∞
    ratio_limit = {r["corner"]: str(sp.limit((floor / order.subs(_corner_subs(r["corner"]))
                                              .subs(p, d ** ep).subs(_corner_subs(r["corner"]))).subs(d, dd),
                                             dd, sp.oo)) for r in limits}
    ev = dict(v.evidence, aligned_limit={"c(1)": floor, "c(median |z| = 0.6745)": aligned_cosine(0.6745),
                                         "rows": rows, "c1_over_order_as_d_to_infinity": ratio_limit})
    if not all(r["above_c1"] and r["norm_a_RR_slope"] < 0 for r in rows) or any(
            x != "oo" for x in ratio_limit.values()):
        return inconclusive("simulation", v.detail + "; the aligned limit's bound c(1) does not decide it (the "
                            "measured maxima fall below c(1), ‖a_RR‖ does not decay, or the order does not vanish "
                            "there)", regime=v.regime, **ev)
    w = limits[0]
    point = aligned_witness(w["corner"], S.pi_p > 2 * S.eps_n)
    regime = dict(v.regime, holds_on="part",
                  conditions=[r"\text{at most where } \nu \le 2 + \varepsilon_b \text{ or } "
                              r"\pi_p \le 2\varepsilon_n"],
                  conditions_exact=["nu - eps_b - 2 <= 0 or pi_p - 2*eps_n <= 0"],  # or/and text (referee BS, BS3)
                  conditions_bound=AT_MOST, witness=point | {"c(1)": floor})
    return refuted(
        "simulation+symbolic",
        f"{quantity}: where ν > 2 + ε_b (σ_W√d → 0, W_1's columns align) and π_p > 2ε_n (so that ‖a_RR‖ ≲ "
        "d^{ε_n} log^q d/√p → 0, ridge.measured-a-rr, and v → a_0/‖a_0‖) the quantity would stay ≥ c(1) = "
        f"{floor:.4f} at every p and d if W_1's columns were all μ (c(z) = E_b tanh(z+b)/√E_b tanh²(z+b)); they are "
        "the normalised steps, aligned but not identical, so c(1) is that idealisation's floor, not a proved one, and "
        f"the measured maxima at '{w['corner']}' are {', '.join(f'{x:.4f}' for x in w['values'])} (above it, no "
        "decay) while ‖a_RR‖ decays; C log²d/√p → 0 for every C (c(1)/(log²d/√p) → ∞): the order fails there as "
        "d → ∞ (the measured level extrapolated), which the d ≤ 64 simulated cannot show "
        "(log²d/√p > 1 there); it likely fails also where π_p > 2 + ε_b − ν (the features' mode along μ; not decided "
        "here); at the other corners the measured slopes agree with the order's"
        + sampled_sub_region(v.evidence["first_layer_noise_exponents"]),
        witness=named_witness(point, {"corner": w["corner"], **ALL_CORNERS[w["corner"]], "values": w["values"],
                                      "c(1)": floor, "c1_over_order_as_d_to_infinity": ratio_limit[w["corner"]]}),
        regime=regime,
        **ev,
    )


def _runs_behind(v: Verdict) -> tuple[list[str], dict]:
    """The corners of a :func:`check_measured` verdict and the raw per-run measurements behind it (the same cached
    measurement: its corners and limit corners, at its d)."""
    corners = [r["corner"] for r in v.evidence["corners"]]
    data = {r["corner"]: r for r in v.evidence["corners"]}
    raw = _measured_with_limits(tuple(c for c in corners if not data[c]["limit"]),
                                tuple(c for c in corners if data[c]["limit"]), tuple(v.evidence["corners"][0]["d"]))
    return corners, raw


@decides("lesssim", param="relation")
def check_a_rr(quantity: str, order: sp.Expr, relation: str = "lesssim", **measured: Any) -> Verdict:
    """ridge.measured-a-rr: ‖a_RR‖ ≲_P d^{ε_n} log^q d/√p (3, D17, 2). The fit alone is too loose to decide it (its
    margins exceed DECISIVE_MARGIN); the bound decides it (referee B): a_RR = (K_n + λI)^{-1}ΦY/n, and
    (K_n + λI)^{-1}Φ/√n has singular values s/(s² + λ) ≤ 1/(2√λ) (AM–GM, every data set: ridge.resolvent-norm), so
    ‖a_RR‖ ≤ ‖Y‖/(2√(nλ)) ≤ max_j|y_j|/(2√λ), which is checked at every run (it could fail); with λ = p/d^{2ε_n}
    (Assumption 4) and max_j|y_j| ≲_P log^q d (ridge.measured-labels) it is ≲_P d^{ε_n} log^q d/(2√p), compared
    with the order over the region."""
    from theorycheck.asymptotics import compare

    v = check_measured(quantity, order, relation, **measured)
    if v.verdict == "refuted":
        return v
    corners, raw = _runs_behind(v)
    runs, worst = [], 0.0
    for c in corners:
        for norm, y, lam in zip(raw[c]["norm_a_RR"], raw[c]["max_abs_y"], raw[c]["lambda"]):
            bound = y / (2 * math.sqrt(lam))
            worst = max(worst, norm / bound)
            runs.append({"corner": c, "norm_a_RR": norm, "bound": bound})
    rate = compare(S.in_powers_of_d(L**q / (2 * sp.sqrt(S.lam))), "lesssim", S.in_powers_of_d(order), ADMISSIBLE,
                   d=d)
    ev = dict(v.evidence, bound_runs=runs, largest_ratio_to_bound=worst, bound_rate=rate.regime())
    if worst > 1 + 1e-12 or rate.holds_on != "all":
        return inconclusive("simulation+symbolic", v.detail + f"; the bound max|y|/(2√λ) does not decide it (largest "
                            f"ratio {worst:.3g}, its rate holds on {rate.holds_on} of the region)", regime=v.regime,
                            **ev)
    return verified(
        "simulation+symbolic",
        f"{quantity} ≤ max_j|y_j|/(2√λ) at every run and corner (largest ratio {worst:.3f}; AM–GM on the singular "
        "values of (K_n + λI)^{-1}Φ/√n), and with max_j|y_j| ≲_P log^q d (ridge.measured-labels) and λ = p/d^{2ε_n} "
        f"that is ≲ d^{{ε_n}} log^q d/√p ≲ {paper_latex(order)} on all of the region (the fits alone are too loose "
        "to decide it)",
        regime=rate.regime(),
        **ev,
    )


def check_z_prime(quantity: str, order: sp.Expr, relation: str = "lesssim", **measured: Any) -> Verdict:
    r"""noise.measured-z-prime: ‖z'_T‖ ≲_P Σ√p/(2η_aλ) with the stable step η_a = 1/(2(λ_max + λ)) (the corrected
    (3, D18, 3)–(3, D18, 5)). :func:`check_measured` first (the fitted slopes against the order 1); then the proof:
    with L = 2(K_n + λI), M = I − η_aL has ‖M‖ ≤ 1 − 2η_aλ (its eigenvalues lie in [0, 1 − 2η_aλ]; measured at
    every run), so ‖z'_T‖ ≤ Σ_k ‖M‖^{k−1}‖z_{T−k}‖ ≤ max_k‖z_k‖/(2η_aλ): the ratio is at most max_k‖z_k‖/(Σ√p),
    checked at every run (it could fail). ‖·‖ is 1-Lipschitz and E‖z_k‖ ≤ Σ√p, so P(max_k‖z_k‖ > Σ(√p + log d)) ≤
    T e^{−log²d/2} with T = d^{ε_n}: the ratio is ≤ 1 + log d/√p → 1 with the paper's probability (SymPy limits).
    Read literally as ≤ 1 (no constant) it is not a theorem: where κ = λ_max/λ → 0 the ratio tends to
    ‖z_{T−1}‖/(Σ√p(1 + κ)), which exceeds 1 with probability → P(χ²_p > p) → ½ when κ√p → 0.

    A lower bound refutes an order that is too small (referee AL: no order could be refuted): z'_T = Σ_k M^{k−1}z_{T−k}
    is Gaussian with covariance Σ²Σ_k M^{2(k−1)} ⪰ Σ²I (the k = 1 term), so ‖z'_T‖ ≥ Σ√p/2 except with probability
    P(χ²_p ≤ p/4) ≤ e^{−9p/64}; and 2η_aλ = λ/(λ_max + λ) ≥ 1/(1 + d^{2ε_n}), since λ_max(K_n) ≤ tr K_n ≤ p (|φ| ≤ 1)
    and λ = p/d^{2ε_n}. So the ratio is ≥ 1/(2(1 + d^{2ε_n})) with the paper's probability, and a claimed order g with
    d^{−2ε_n} not ≲ g somewhere on the region is refuted there."""
    from theorycheck.asymptotics import compare

    try:  # the upper bound and the floor below decide ≲-type orders only (referee AO: the relation was not read)
        rel = Rel.parse(relation)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if rel not in (Rel.LESSSIM, Rel.LESSSIM_P, Rel.LE_P, Rel.BIG_O, Rel.BIG_O_P):
        raise InputError(f"noise.measured-z-prime decides an upper order of the ratio (≲, ≲_P, O, O_P), "
                         f"not {rel.value}")
    # the fits are evidence only: a ratio bounded by ≈ 1 that approaches its bound from below grows at small d (0.17 ±
    # 0.03 at 'largest eps_p'), so the slopes cannot refute an order-1 bound here; a stated exact bound still can
    stated = measured.pop("exact_bound", None)
    v = check_measured(quantity, order, "exact", exact_bound=math.inf if stated is None else stated, **measured)
    if v.verdict == "refuted":
        return v
    corners, raw = _runs_behind(v)
    rate = compare(S.in_powers_of_d(1 + S.log_d / sp.sqrt(S.p)), "lesssim", S.in_powers_of_d(order), ADMISSIBLE, d=d)
    floor = compare(d ** (-2 * S.eps_n), "lesssim", S.in_powers_of_d(order), ADMISSIBLE, d=d)
    if floor.holds_on != "all" and not floor.undecided:
        lower = {"bound": "ratio ≥ 1/(2(1 + d^{2ε_n})) except with probability e^{−9p/64}",
                 "why": "Cov z'_T ⪰ Σ²I; λ_max(K_n) ≤ tr K_n ≤ p, λ = p/d^{2ε_n}", "regime": floor.regime()}
        return refuted("symbolic", f"the ratio is at least 1/(2(1 + d^{{2ε_n}})) with the paper's probability (Cov "
                       f"z'_T ⪰ Σ²I; λ_max(K_n) ≤ tr K_n ≤ p), and d^{{−2ε_n}} ≲ {order} holds on "
                       f"{floor.holds_on} of the region", regime=floor.regime(), witness=floor.witness,
                       **dict(v.evidence, lower_bound=lower))
    worst_ratio, worst_gap, runs = 0.0, -math.inf, []
    for c in corners:
        for ratio, bound, gap in zip(raw[c][quantity], raw[c]["z_prime_triangle_bound"],
                                     raw[c]["M_norm_minus_1_minus_2_eta_lambda"]):
            worst_ratio, worst_gap = max(worst_ratio, ratio / bound), max(worst_gap, gap)
            runs.append({"corner": c, "ratio": ratio, "triangle_bound": bound})
    slack = S.log_d / sp.sqrt(S.p)  # 1 + log d/√p: the bound with probability ≥ 1 − T e^{−log²d/2}
    ell = sp.Symbol("ell", positive=True)  # log d
    slack_limit = sp.limit(S.in_powers_of_d(slack).subs(d, sp.exp(ell)), ell, sp.oo)
    failure_exponent = sp.limit(sp.log(S.in_powers_of_d(d**S.eps_n * sp.exp(-S.log_d**2 / 2))).subs(d, sp.exp(ell))
                                / ell**2, ell, sp.oo)
    with mpmath.workdps(30):
        p_half = {pv: mpmath.nstr(mpmath.gammainc(pv / 2, pv / 2, regularized=True), 6) for pv in (4, 64, 1024)}
    ev = dict(v.evidence, triangle_runs=runs, largest_ratio_to_triangle_bound=worst_ratio,
              largest_contraction_gap=worst_gap, slack="log d/√p", slack_limit=str(slack_limit),
              failure_probability_log_over_log2d=str(failure_exponent),
              literal_reading={"statement": "‖z'_T‖ ≤ Σ√p/(2η_aλ) (no constant)",
                               "P(chi2_p > p)": p_half,
                               "why": "where κ = λ_max/λ → 0, ‖z'_T‖/(Σ√p(1+κ)) → ‖z_{T−1}‖/(Σ√p), above 1 with "
                                      "probability → ½ (κ√p → 0)",
                               "where": "κ√p ≍ λ_max d^{2ε_n − π_p/2} (λ = p/d^{2ε_n}) → 0 needs π_p > 4ε_n and λ_max "
                                        "≍ 1, e.g. ε_n = 0.1, ε_p = 0.45, ν = 1.35, ε_b = 0.1 (referee F): κ√p ≍ "
                                        "d^{−0.025}"})
    ev["bound_rate"] = rate.regime()
    if (worst_ratio > 1 + 1e-9 or worst_gap > 1e-9 or slack_limit != 0 or failure_exponent != -sp.Rational(1, 2)
            or rate.holds_on != "all"):
        return inconclusive("simulation+symbolic", v.detail + f"; the triangle bound does not decide it (largest ratio "
                            f"{worst_ratio:.3g}, contraction gap {worst_gap:.2g}, slack → {slack_limit}, its rate "
                            f"1 + log d/√p ≲ {order} on {rate.holds_on} of the region)", regime=rate.regime(), **ev)
    # the region's name says that Assumption 4's η_a is replaced (referee AT: it had read "Assumptions 2–4")
    regime = {"region": f"{ADMISSIBLE.name}, with the stable step η_a = 1/(2(λ_max(K_n) + λ)) for Assumption 4's η_a",
              "holds_on": "all", "conditions": [],
              "readings": {"≲_P (the paper's ≲; the bound up to 1 + log d/√p → 1)": "all",
                           "≤ 1 literally (no constant)": "none where κ√p → 0 (probability → ½)",
                           # the region's name replaces the step; the reading says what Assumption 4's own η_a gives
                           # (referee CV, CV-L4)
                           "Assumption 4's η_a = d^{ε_n}log²d/p": "part: the argument holds where η_a(λ_max(K_n) + "
                           "2λ) ≤ 1 (the contraction region, dpgd.contraction-regime); where η_a(λ_max + λ) > 1 an "
                           "eigenvalue of I − η_aL is below −1 and ‖z'_T‖ grows like |1 − 2η_a(λ_max + λ)|^{T−1}, "
                           "T = d^{ε_n}, so the ratio to Σ√p/(2η_aλ) → ∞ (dpgd.noise-accumulation); on the strip "
                           "between, the argument does not apply (not decided; referee CX, L2)"}}
    return verified(
        "simulation+symbolic",
        f"{quantity} ≤ max_k‖z_k‖/(Σ√p) at every run and corner (largest ratio {worst_ratio:.3f}; ‖M‖ − (1 − 2η_aλ) "
        f"≤ {worst_gap:.2g}), and max_k‖z_k‖ ≤ Σ(√p + log d) except with probability d^{{ε_n}}e^{{−log²d/2}}, so the "
        "ratio is ≤ 1 + log d/√p → 1: ≲_P holds on all of the region; read literally as ≤ 1 it fails with "
        "probability → ½ where κ = λ_max/λ → 0 with κ√p → 0",
        regime=regime,
        **ev,
    )


@decides("lesssim", param="relation")
def check_phi_norm(quantity: str, order: sp.Expr, relation: str = "lesssim", **measured: Any) -> Verdict:
    """ridge.measured-phi-norm: max_j ‖φ_j‖ ≲ ``order`` (the paper: √p), decided exactly at every width:
    φ_j = tanh(W_1ᵀx_j + b) ∈ [−1, 1]^p, so ‖φ_j‖ ≤ √p for every run, data set and p (checked on every measured
    value against its run's √p); √p ≲ ``order`` is decided on the whole region (p = d^{π_p}, every π_p ≥ ε_p: the
    corners alone have π_p = ε_p, referee T). The corner fits are evidence; a smaller order fails both (the norms are
    ≍ √p: ‖φ_j‖² averages p independent tanh² terms given the data, each of mean ≥ E_b tanh²(b) > 0)."""
    from .part3_common import corner_sizes

    found = check_measured(quantity, order, relation, **measured)
    over = [
        {"corner": r["corner"], "d": dv, "value": v, "sqrt_p": math.sqrt(corner_sizes(r["corner"], dv)[1])}
        for r in found.evidence["corners"] for dv, v in zip(r["d"], r["values"])
    ]
    worst = max(over, key=lambda o: o["value"] / o["sqrt_p"])
    bound = _decide_cached(sp.sqrt(p), "lesssim", order)
    ev = {**found.evidence, "measured_order_verdict": found.verdict, "measured_order_detail": found.detail,
          "deterministic_bound": "‖φ_j‖ ≤ √p (|tanh| ≤ 1)", "largest_value_over_sqrt_p": worst,
          "bound_vs_order": bound.evidence}
    if worst["value"] > worst["sqrt_p"] * (1 + 1e-12):
        return refuted("simulation", f"a feature norm exceeds √p: {worst}", witness=worst, **ev)
    if bound.verdict == "verified":
        return verified(
            "exact+simulation",
            f"max_j‖φ_j‖ ≤ √p ≲ {paper_latex(order)} for every run and width (|tanh| ≤ 1; largest measured ‖φ_j‖/√p "
            f"{worst['value'] / worst['sqrt_p']:.3f}), decided on the whole region (p = d^{{π_p}}, every π_p ≥ ε_p); "
            f"the corner fits agree ({found.verdict})",
            regime=dict(bound.regime or {}),
            **ev,
        )
    if found.verdict == "refuted":  # the fits' witness (a corner) first, else the bound's (a point of the region)
        witness = ev.pop("witness", None) or bound.evidence.get("witness")
        return refuted("exact+simulation", f"{found.detail}; and √p ≲ {paper_latex(order)} fails: {bound.detail}",
                       regime=dict(bound.regime or {}), witness=witness, **ev)
    return inconclusive("exact+simulation", f"the bound √p does not give {paper_latex(order)} ({bound.detail}); the "
                        f"corner fits do not refute it ({found.verdict})", regime=dict(bound.regime or {}), **ev)


#: (d, π_p) at which the corrected noise-norm bound's tail is compared with its exact χ²_p tail
Z_NORM_TAIL_POINTS = tuple((dd, pi) for dd in (16, 256, 4096, 2**20) for pi in (0.05, 0.5, 1.0, 2.0))


@memo.remembered()
def z_norm_tail_ratio(points: tuple = Z_NORM_TAIL_POINTS, log_factor: float = 1.0) -> dict[str, Any]:
    """The corrected (3, D18, 3), ‖z_k‖ ≤ Σ(√p + log d) with probability ≥ 1 − e^{−log²d/2} (the norm of a standard
    Gaussian in ℝ^p is 1-Lipschitz with mean ≤ √p): at each (d, p = ⌈d^{π_p}⌉) the exact tail P(χ²_p > (√p +
    c log d)²) (30 digits, c = ``log_factor``, 1 as stated; tests feed others) over e^{−log²d/2}; the largest
    ratio (≤ 1 where the bound holds at every point)."""
    worst, rows = 0.0, []
    with mpmath.workdps(30):
        for dd, pi in points:
            pp = math.ceil(dd**pi)
            ld = mpmath.log(dd)
            edge = (mpmath.sqrt(pp) + log_factor * ld) ** 2 / 2
            exact = mpmath.gammainc(mpmath.mpf(pp) / 2, edge, mpmath.inf, regularized=True)
            ratio = float(exact / mpmath.exp(-(ld**2) / 2))
            rows.append({"d": dd, "p": pp, "exact_over_bound": ratio})
            worst = max(worst, ratio)
    return {"largest_ratio": worst, "points": rows}


#: the corrected (3, D18, 3): one noise vector's norm carries √p
#: (z_k ~ N(0, Σ²I_p); ≤_P at the paper's probability 1 − e^{−log²d/2})
Z_NORM_CORRECTED = Statement(Norm(sp.Symbol("z_k")), "<=_P", S.Sigma * (sp.sqrt(p) + L))


@decides("lesssim", "gtrsim", "asymp", param="relation")
def check_z_norm(quantity: str, order: sp.Expr, relation: str = "lesssim", **measured: Any) -> Verdict:
    """noise.measured-z-norm: ‖z_k‖/Σ ≲_P ``order`` (the paper's (3, D18, 3): 1), decided exactly at every width
    (referee AC: a slope fit had carried it). z_k ~ N(0, Σ²I_p), so ‖z_k‖/Σ is the norm of a standard Gaussian in
    ℝ^p: at most √p + log d with probability ≥ 1 − e^{−log²d/2} (1-Lipschitz, E ≤ √p) and at least √p/2 with
    probability → 1 (χ²_p/p → 1). So it is ≲_P ``order`` exactly where √p ≲ ``order`` (the constant absorbs
    1 + log d/√p), decided on the whole region (p = d^{π_p}, every π_p ≥ ε_p). The corner fits are evidence."""
    if relation == "gtrsim":  # ‖z_k‖/Σ ≥ √p/2 w.p. → 1: ≳ order exactly where order ≲ √p (referee EH, EH-17)
        below = _decide_cached(order, "lesssim", sp.sqrt(p))
        ev = {"law": "‖z_k‖/Σ = ‖g‖, g ~ N(0, I_p): √p/2 ≤ ‖g‖ ≤ √p + log d with probability → 1",
              "order_vs_sqrt_p": below.evidence}
        regime = dict(below.regime or {})
        if below.verdict == "verified":
            return verified("exact", f"‖z_k‖/Σ ≥ √p/2 with probability → 1 (χ²_p/p → 1) and {paper_latex(order)} ≲ √p "
                            "on the whole region", regime=regime, **ev)
        if below.verdict == "refuted":
            return refuted("exact", f"‖z_k‖/Σ ≤ √p + log d ≲ √p with probability → 1, and {paper_latex(order)} ≲ √p "
                           f"fails: {below.detail}", regime=regime, witness=below.evidence.get("witness"), **ev)
        return inconclusive("exact", f"{paper_latex(order)} ≲ √p is not decided ({below.detail})", regime=regime, **ev)
    if relation == "asymp":  # both sides: ≍ holds where both bounds do
        upper = check_z_norm(quantity, order, "lesssim", **measured)
        lower = check_z_norm(quantity, order, "gtrsim", **measured)
        verdicts = {upper.verdict, lower.verdict}
        pick = upper if upper.verdict == "refuted" else lower
        decide = refuted if "refuted" in verdicts else verified if verdicts == {"verified"} else inconclusive
        return decide("exact+simulation", f"≲: {upper.detail}; ≳: {lower.detail}", regime=pick.regime,
                      **({"witness": pick.evidence.get("witness")} if "refuted" in verdicts else {}))
    found = check_measured(quantity, order, relation, **measured)
    bound = _decide_cached(sp.sqrt(p), "lesssim", order)
    ev = {**found.evidence, "measured_order_verdict": found.verdict, "measured_order_detail": found.detail,
          "law": "‖z_k‖/Σ = ‖g‖, g ~ N(0, I_p): √p/2 ≤ ‖g‖ ≤ √p + log d with probability → 1",
          "sqrt_p_vs_order": bound.evidence}
    regime = dict(bound.regime or {})
    if bound.verdict == "verified":
        return verified("exact+simulation", f"‖z_k‖/Σ ≤ √p + log d ≲ {paper_latex(order)} on the whole region (the "
                        f"norm of a standard Gaussian in ℝ^p); the corner fits agree ({found.verdict})", regime=regime,
                        **ev)
    if bound.verdict == "refuted":
        witness = bound.evidence.get("witness")
        ev["measured_witness"] = ev.pop("witness", None)  # the fits' corner, kept; the verdict's is the region's point
        # the corrected bound (referee EG, LOW: none was given), its tail against the exact χ²_p tail
        tail = z_norm_tail_ratio()
        ev["corrected_tail"] = tail
        return refuted("exact+simulation", f"‖z_k‖/Σ ≥ √p/2 with probability → 1 (z_k ~ N(0, Σ²I_p), χ²_p/p → 1), and "
                       f"√p ≲ {paper_latex(order)} fails: {bound.detail} (measured: {found.detail}); corrected: "
                       f"‖z_k‖ ≤ Σ(√p + log d) with probability ≥ 1 − e^{{−log²d/2}} (Gaussian concentration; the "
                       f"exact χ²_p tail at most {tail['largest_ratio']:.3g} × that at {len(tail['points'])} (d, p))",
                       corrected=Z_NORM_CORRECTED if tail["largest_ratio"] <= 1 else None,
                       regime=regime, witness=witness, **ev)
    return inconclusive("exact+simulation", f"√p ≲ {paper_latex(order)} is not decided ({bound.detail}); the corner "
                        f"fits: {found.verdict}", regime=regime, **ev)


#: measured claims whose region the features' mean mode decides (:func:`mean_mode_failure`): (proxy, its order, why
#: the quantity is at least the proxy)
MEAN_MODE_BOUNDS: dict[str, tuple[str, sp.Expr, str]] = {
    "ridge.measured-spectrum": (
        "mean_mode_sq",
        MEAN_MODE_ORDER,
        "λ_max(K_n) ≥ vᵀK_nv = mean_j (φ_jᵀv)² for the unit v ∥ m̄ = E_xφ(x), whose mean E(φᵀv)² ≥ ‖m̄‖² "
        "(measured: mean_mode_rayleigh)",
    ),
}


def _measured_claim(cid: str, title: str, relations: tuple, depends: tuple = ()) -> Claim:
    quantity, order, relation, where = MEASURED_ORDERS[cid]
    rel = {"asymp": "asymp", "gtrsim": ">=", "lesssim": "lesssim", "exact": "<="}[relation]
    if cid in EXACT_BOUNDS:
        rel = "<="
    measured = sp.Symbol(r"\text{" + quantity.replace("_", " ") + "}")
    # "≳ order" is shown as "order ≲ quantity" (the relations have no ≳)
    stmt = _st(order, "lesssim", measured) if relation == "gtrsim" else _st(measured, rel, order)
    checker, statement_of = EXACT_CHECKERS.get(cid, (check_measured, None))
    if statement_of is not None:
        stmt = statement_of(measured)
    return Claim(
        cid,
        title,
        "Part 3, §4.2–§4.3 (measured)",
        stmt,
        where,
        partial(checker, quantity, order, relation, exact_bound=EXACT_BOUNDS.get(cid),
                **({"mean_mode": MEAN_MODE_BOUNDS[cid]} if cid in MEAN_MODE_BOUNDS else {})),
        depends_on=depends,
        relations=relations,
    )


def _chain_claim(
    cid: str, title: str, source: str, steps: tuple[Step, ...], assumptions: str, depends: tuple = (), caveat: str = ""
) -> Claim:
    return Claim(
        cid,
        title,
        source,
        steps[-1].statement,
        assumptions,
        partial(check_chain, steps, title, caveat=caveat),
        depends_on=depends,
        relations=tuple(s.key for s in steps),
    )


#: (3, D20, 2) and (3, D22, 3) with the measured orders substituted
BASE_CASE_STEPS: tuple[Step, ...] = (
    Step(
        (3, "D20", 2),
        _st(L + L**q, "lesssim_P", L**q),
        "asymptotic",
        note="|φ_jᵀa_0| = O(log d) measured (clip.measured-base-case-order); |y_j| ≲ log^q d measured",
    ),
    Step(
        (3, "D22", 3),
        _st(
            phi_norm * a_rr_norm + y_abs,
            "lesssim_P",
            sp.sqrt(p) * held(d**en / sp.sqrt(p)) * L**q + L**q,
        ),
        "asymptotic",
        note="‖φ_j‖ ≤ √p, ‖a_RR‖ ≲ d^{ε_n}log^q d/√p, |y_j| ≲ log^q d, each measured (substituted)",
        subs={phi_norm: sp.sqrt(p), a_rr_norm: d**en / sp.sqrt(p) * L**q, y_abs: L**q},
    ),
)


@cache
def aligned_mean(z: float) -> float:
    """E_b tanh(z + b), b ~ N(0, 1) (mpmath, 30 digits): the mean over p → ∞ biases of a sample's features when
    W_1's columns all equal μ (the σ_W → 0 limit) and ⟨μ, x⟩ = z; with a_0 = (1, …, 1)/√p,
    φᵀa_0 → √p·E_b tanh(z + b)."""
    with mpmath.workdps(30):
        return float(mpmath.quad(lambda b: mpmath.tanh(z + b) * mpmath.npdf(b), [-mpmath.inf, -z, mpmath.inf]))


def aligned_floor(bound: sp.Expr) -> tuple[float, list[dict], list[dict]]:
    """In the σ_W → 0 limit of ν > 2 + ε_b (regime.LIMIT_CORNERS), were W_1's columns all μ, max_j|φ_jᵀa_0| ≥
    √p·E_b tanh(1 + b) (:func:`aligned_mean`; z_max = max_j|⟨μ, x_j⟩| ≥ 1 with probability → 1); the columns are the
    normalised steps, aligned but not identical, so the measured maxima carry it (referee EN): (the floor's
    constant, a row per limit corner with the measured maxima against the floor (they could fall below it) and the
    limit of floor·√p/``bound``, the rows where the maxima are above the floor and that limit is ∞, i.e. where
    ``bound`` fails as d → ∞)."""
    floor = aligned_mean(1.0)
    data = _measured_with_limits((), tuple(LIMIT_CORNERS), DS_MEASURE)
    rows, dd = [], sp.Symbol("d", positive=True)
    for c in LIMIT_CORNERS:
        vals, ps = data[c]["max_phi_a0"], data[c]["p"]
        at = _corner_subs(c)
        ratio = sp.limit((floor * sp.sqrt(p) / bound).subs(at).subs(p, d**ep).subs(at).subs(d, dd), dd, sp.oo)
        rows.append({"corner": c, "max_phi_a0": vals, "floor": [floor * math.sqrt(x) for x in ps], "p": ps,
                     "above_floor": all(x >= floor * math.sqrt(y) for x, y in zip(vals, ps)),
                     "floor_over_bound_as_d_to_infinity": str(ratio)})
    return floor, rows, [r for r in rows if r["above_floor"] and r["floor_over_bound_as_d_to_infinity"] == "oo"]


@decides("lesssim", param="relation")
def check_base_case_order(quantity: str, order: sp.Expr, relation: str = "lesssim", **measured: Any) -> Verdict:
    """clip.measured-base-case-order: max_j|φ_jᵀa_0| ≲ ``order``. :func:`check_measured` first; where only the limit
    corner disagrees (a slope, inconclusive there), the aligned floor decides it (:func:`aligned_floor`): the maxima
    stay ≥ √p·E_b tanh(1 + b) in the σ_W → 0 limit of ν > 2 + ε_b (the floor were the columns all μ; measured above
    it), so an order o(√p) fails there as d → ∞."""
    v = check_measured(quantity, order, relation, **measured)
    if v.verdict != "inconclusive" or not v.evidence.get("disagrees_only_at_limits"):
        return v
    floor, rows, failing = aligned_floor(order)
    ev = dict(v.evidence, aligned_limit={"E_b tanh(1+b)": floor, "rows": rows})
    if not failing:
        return inconclusive("simulation", v.detail + "; the aligned floor does not decide it (the maxima fall below "
                            "it, or it is within the order)", regime=v.regime, **ev)
    w = failing[0]
    return refuted(
        "simulation+symbolic",
        f"{quantity} ≲ ${paper_latex(order)}$ fails where ν > 2 + ε_b (σ_W√d → 0, W_1's columns align): there "
        f"max_j|φ_jᵀa_0| ≥ √p·E_b tanh(1 + b) = {floor:.4f}√p if the columns were all μ (they are the normalised "
        f"steps, aligned but not identical: the idealisation's floor, not a proved one; at '{w['corner']}' the "
        f"measured maxima {', '.join(f'{x:.3g}' for x in w['max_phi_a0'])} lie above it, "
        f"{', '.join(f'{x:.3g}' for x in w['floor'])}), and √p/order → ∞" + _corners_caveat(),
        witness=named_witness(aligned_witness(w["corner"]), {
            "corner": w["corner"], **ALL_CORNERS[w["corner"]], "max_phi_a0": w["max_phi_a0"], "floor": w["floor"],
            "floor_over_bound_as_d_to_infinity": w["floor_over_bound_as_d_to_infinity"]}),
        # where ν > 2 + ε_b it is now refuted, not undecided as check_measured had left it
        regime=dict(v.regime or {}, holds_on="part", conditions=[r"\text{at most where } \nu \le 2 + \varepsilon_b"],
                    conditions_exact=["eps_b - nu + 2 >= 0"], conditions_bound=AT_MOST,
                    undecided=[COMMON_MODE_UNDECIDED], common_mode_corners=common_mode_corners(),
                    witness=aligned_witness(w["corner"])),
        **ev,
    )


def common_mode_corners() -> list[str]:
    """The simulated corners (:data:`CORNERS`) inside the common-mode sub-region π_p > 2 + ε_b − ν (σ_W²d ≪ p,
    decided exactly at each corner's point), where |φ_jᵀa_0| ≍ √(p/(1 + σ_W²d)) likely breaks an O(log d) order
    far beyond the simulable d (referee CQ, F9)."""
    from .regime import at_symbols

    return [name for name, c in CORNERS.items()
            if bool(S.NOISE_TO_WIDTH_EXPONENT.subs(at_symbols(corner_point(c, exact=True))) < 0)]


def _corners_caveat() -> str:
    inside = common_mode_corners()
    return (f"; the simulated corners agree with the order at d ≤ 64, but {len(inside)} of the {len(CORNERS)} "
            f"({', '.join(inside)}) lie where π_p > 2 + ε_b − ν, where W_1's common mode likely breaks it beyond the "
            "simulable d (undecided)") if inside else "; the simulated corners agree with the order"


#: measured claims decided by an exact argument, the fits kept as evidence: (checker, statement of the measured
#: symbol or None for the table's order) per claim id (read by :func:`_measured_claim` when the claims are built);
#: for λ_min the paper's relation is λ_min > 0 (its strict <), not an order
#: the sub-region where the worst-sample leave-one-out move outgrows every constant times 2d^{2ε_n}/(n√p) (referee
#: EC, F2): λ = p/d^{2ε_n} ≫ λ_max(K_n) and the fitted values max_j|φ_jᵀa_RR| ≤ d^{2ε_n}√(λ_max(K_n)/p)‖Y‖/√n → 0,
#: with ridge.measured-spectrum's order λ_max(K_n) ≍ 1 + p/d + p/(σ_W²d + 1)
LOO_WORST_REGION = (S.pi_p > 4 * S.eps_n, S.eps_n < sp.Rational(1, 4), S.nu < 2 + S.eps_b - 4 * S.eps_n)
#: the simulated point of it: (ε_n, ε_p, ν − 1 − 3ε_n, π_p), ε_b the simulator's (1/8 there)
LOO_WORST_POINT = (0.1, 0.2, 0.0, 1.0)
LOO_WORST_DS = (32, 64, 128, 256, 512)


def worst_sample_loo(d_: int, order: sp.Expr, seed: int = SEED) -> dict[str, float]:
    """The claim's worst-sample leave-one-out move at :data:`LOO_WORST_POINT` (the sample of largest ridge residual
    replaced by the largest-|y'| of 32 fresh draws, as ``loo_move`` is measured) beside its exact bounds, for every
    data set: with r = y − φᵀa_RR and v = (φ'r' − φ_i r_i)/n, a' − a = (K_n' + λI)^{−1}v, so
    ‖v‖/(λ + λ_max(K_n')) ≤ ‖a' − a‖ ≤ √p(|r'| + |r_i|)/(nλ) = order·(|r'| + |r_i|)/2 (λ = p/d^{2ε_n}); and the
    premises of the lower bound's growth: κ = λ_max(K_n')/λ, max_j|φ_jᵀa_RR|, max_j|y_j|, the cosine of φ', φ_i;
    ``move_over_order`` against the claimed ``order`` (a SymPy expression in d, n, p, ε_n) at the run."""
    e_n, e_p, extra, pi = LOO_WORST_POINT
    run = run_point(e_n, e_p, extra, d_, seed, None, pi)
    n_, p_, lam = run["n"], run["p"], run["hp_lam"]
    w = worst_replacement(run, seed)
    Phi, y, a, a2, phi_new, resid, i = w["Phi"], w["y"], w["a"], w["a2"], w["phi_new"], w["resid"], w["i"]
    xs, ys, k = w["xs"], w["ys"], w["k"]
    fitted = Phi.T @ a
    r_new = float(ys[k] - phi_new @ a)
    v = (phi_new * r_new - Phi[:, i] * resid[i]) / n_
    K2 = run["_stats"].K + (np.outer(phi_new, phi_new) - np.outer(Phi[:, i], Phi[:, i])) / n_
    lmax = float(np.linalg.eigvalsh(K2)[-1])
    # every symbol at the run (referee ED, ED-4; EE, EE-6): the budget ε = 1, δ = 1e-5 is fixed, so r = ρ = 0
    claimed = float(order.subs({d: d_, n: n_, p: p_, en: e_n, S.q: TARGET_Q, S.eps_b: run.get("eps_b"),
                                S.nu: 1 + 3 * e_n + extra, S.pi_p: pi, S.eps_p: e_p, S.r: 0, S.rho: 0, S.eps: 1,
                                S.delta: sp.Rational(1, 10**5)}))
    per_residual = math.sqrt(p_) / (n_ * lam)  # √p/(nλ): the upper bound per unit of residual
    move = float(np.linalg.norm(a2 - a))
    lower = float(np.linalg.norm(v)) / (lam + lmax)
    # a typical sample beside it: the one of median |residual| replaced by the first fresh draw (referee ED, ED-12)
    median = int(np.argsort(np.abs(resid))[len(resid) // 2])
    _, a_typ, _ = replace_one(run, median, xs[0], float(ys[0]))
    return {"d": d_, "n": n_, "p": p_, "lambda": lam, "eps_b": run.get("eps_b"), "order": claimed, "move": move,
            "typical_move_over_order": float(np.linalg.norm(a_typ - a)) / claimed,
            "lower_bound": lower, "upper_bound": per_residual * (abs(r_new) + abs(float(resid[i]))),
            "move_over_order": move / claimed,
            "lower_over_half_residual": lower / (per_residual * abs(float(resid[i]))),
            "kappa": lmax / lam, "max_abs_fitted": float(np.max(np.abs(fitted))), "max_abs_y": float(np.max(np.abs(y))),
            "abs_r_i": abs(float(resid[i])),
            "cos": float(abs(phi_new @ Phi[:, i]) / (np.linalg.norm(phi_new) * np.linalg.norm(Phi[:, i])))}


def _worst_sample_decision(order: sp.Expr) -> dict[str, Any]:
    """:func:`worst_sample_loo` over :data:`LOO_WORST_DS` and what it decides: the exact bounds hold at every d, and
    move/order ≥ lower/order = (|r_i|/2)·(lower_over_half_residual) with |r_i| ≥ max_j|y_j| − max_j|φ_jᵀa_RR|, where
    max_j|y_j| → ∞ (n → ∞ draws of a non-constant polynomial label) while the fitted values stay bounded and κ → 0 on
    :data:`LOO_WORST_REGION` (given λ_max(K_n)'s measured order): no absolute constant bounds the move there."""
    rows = [worst_sample_loo(x, order) for x in LOO_WORST_DS]
    exact = all(r["lower_bound"] <= r["move"] * (1 + 1e-9) and r["move"] <= r["upper_bound"] * (1 + 1e-9) for r in rows)
    first, last = rows[0], rows[-1]
    premises = {
        "lower bound ≈ √p|r_i|/(nλ) (factor within [1/2, 2] at every d)":
            all(0.5 <= r["lower_over_half_residual"] <= 2 for r in rows),
        "κ = λ_max(K_n')/λ falls, below 0.1 at the largest d": last["kappa"] < min(first["kappa"], 0.1),
        "max_j|φ_jᵀa_RR| falls, below 1 at the largest d": last["max_abs_fitted"] < min(first["max_abs_fitted"], 1.0),
        "max_j|y_j| grows": last["max_abs_y"] > first["max_abs_y"],
        "move/order at least doubles over the d range": last["move_over_order"] >= 2 * first["move_over_order"],
        # the argument's scale: move ≳ √p|r_i|/(nλ) = d^{2ε_n}|r_i|/(n√p), so it decides a constant multiple of it
        # with p = d^{π_p}, n = d^ν written out, a factor free of d (referee EE, EE-6: √p/d^{π_p/2} had not counted)
        # and free of the budget: on the region ε and δ vary with d (log(1.25/δ)/ε² = d^r log^ρ d; referee EF, EF-5:
        # a factor 1/ε² had counted as constant, at the runs' fixed budget)
        "the order is a constant multiple of 2d^{2ε_n}/(n√p)": not ({d, S.eps, S.delta, S.r, S.rho} & sp.simplify(
            sp.powsimp((order / MEASURED_ORDERS["ridge.measured-loo-move"][1]).subs({p: d**S.pi_p, n: d**S.nu}),
                       force=True)).free_symbols),
    }
    return {"rows": rows, "exact_bounds_hold": exact, "premises": premises,
            "decided": exact and all(premises.values()),
            "point": dict(zip(("eps_n", "eps_p", "extra_n", "pi_p"), LOO_WORST_POINT), nu=1 + 3 * LOO_WORST_POINT[0]
                          + LOO_WORST_POINT[2], eps_b=first["eps_b"])}


def check_loo_move(quantity: str, order: sp.Expr, relation: str = "lesssim", **measured: Any) -> Verdict:
    """ridge.measured-loo-move: the order of the leave-one-out move (≲, hidden constant) by the fits of
    :func:`check_measured`, and what the same measurements say of the display's ≤ with its constant 2 (referee BV,
    D1: the record had said "consistent" at every corner while every measured move exceeds 2d^{2ε_n}/(n√p)). The
    printed ≤ is refuted at an admissible point by ridge.loo-stability (the derivation drops the factor |u + v − 2y|
    of (u − y)² − (v − y)², a residual up to log^q d); here the ratios are reported, and the ≤ reading recorded."""
    if relation == "exact":  # the move is an order (≲); "exact" would decide ≤ exact_bound, not the order (EH-12)
        raise InputError("ridge.measured-loo-move is an order: relation must be one of lesssim, ll, asymp, gtrsim")
    v = check_measured(quantity, order, relation, **measured)
    admissible = [r for r in v.evidence.get("corners", []) if not r["limit"]]
    ratios = [x for r in admissible for x in r["ratio_to_order"]]
    if not ratios or v.regime is None:
        return v
    above = sum(x > 1 for x in ratios)
    said = (f"; with its constant the display's ≤ {order} is exceeded at {above} of the {len(ratios)} admissible "
            f"measurements (ratio {min(ratios):.3g} to {max(ratios):.3g}): the printed ≤ is refuted at an admissible "
            "point by ridge.loo-stability (the derivation drops a residual factor, up to log^q d, which this order "
            "lacks too)")
    # McDiarmid's bounded difference is a sup over the replacing sample: measured along ⟨μ, x'⟩ = s (referee CC, F2)
    run = run_paper(32)
    at_run = {d: run["d"], n: run["n"], p: run["p"], en: EPS_N, S.q: TARGET_Q, S.eps_b: run.get("eps_b"),
              S.eps_p: EPS_P, S.nu: sp.log(run["n"]) / sp.log(run["d"]), S.pi_p: sp.log(run["p"]) / sp.log(run["d"]),
              S.r: 0, S.rho: 0, S.eps: 1, S.delta: sp.Rational(1, 10**5)}  # the fixed budget (referee EE, EE-6)
    along = replacement_move_growth(run, float(order.subs(at_run)))  # every symbol at the run (referee ED, ED-4)
    first, last = along["rows"][0], along["rows"][-1]
    typical = (f"exceeded at {above} of {len(ratios)} admissible measurements (ratio {min(ratios):.3g} to "
               f"{max(ratios):.3g}; refuted at an admissible point by ridge.loo-stability)")
    readings = {
        "as printed: ≤ with its constant 2, for every sample and replacement (McDiarmid's bounded differences, a "
        "sup over x_i, x')": (
            f"none: the sup is infinite (the label y' = σ_*(⟨μ, x'⟩) is unbounded, the features are not, and the "
            f"move grows like |y'|: move/|y'| ∈ [{along['move_over_label'][0]:.3g}, {along['move_over_label'][1]:.3g}]"
            f"); measured at d = {run['d']}: {first['over_bound']:.3g}× to {last['over_bound']:.3g}× the printed "
            f"bound as ⟨μ, x'⟩ = {first['mu_x_prime']:g} → {last['mu_x_prime']:g}")
        if along["unbounded"] else "undecided: the measured move does not grow with ⟨μ, x'⟩",
        "≤ with its constant 2 for a typical (Gaussian) replacement": (
            f"none at the measured points: {typical}" if above == len(ratios) else f"part: {typical}" if above
            else "undecided: not exceeded at the measured points"),
        "≲ (a hidden constant), as this claim reads it": f"{v.regime['holds_on']}: by the fits ({v.verdict})"}
    worst = _worst_sample_decision(order)  # the worst-sample sweep (referee EC, F2), a typical sample beside it
    typical_ratios = [r["typical_move_over_order"] for r in worst["rows"]]
    readings["≲ (a hidden constant) for a typical sample (the one of median residual replaced by a fresh draw)"] = (
        "undecided: an O_P statement; measured at the worst-sample sweep's point, move/order "
        + ", ".join(f"{x:.2g}" for x in typical_ratios) + f" over d = {LOO_WORST_DS[0]} … {LOO_WORST_DS[-1]} (flat)")
    # the claim's own quantity, the worst sample's move, on a sub-region where its growth is decided (referee EC, F2)
    region = r",\ ".join(paper_latex(c) for c in LOO_WORST_REGION)
    said_region = ", ".join(str(c).replace("*", "").replace("pi_p", "π_p").replace("eps_n", "ε_n")
                            .replace("eps_b", "ε_b").replace("nu", "ν") for c in LOO_WORST_REGION)
    wr = worst["rows"]
    readings["≤ 2d^{2ε_n}/(n√p)·(|r'| + |r_i|)/2, the residual factor kept (r the ridge residuals at a_RR)"] = (
        "all: proved for every data set (a' − a = (K_n' + λI)^{−1}(φ'r' − φ_ir_i)/n, ‖φ‖ ≤ √p, λ = p/d^{2ε_n}); "
        + ("held at every run of the worst-sample sweep" if worst["exact_bounds_hold"] else "FAILED at a run (a bug)"))
    ev = {**v.evidence, "ratio_to_printed_bound": {"above_1": above, "of": len(ratios), "smallest": min(ratios),
                                                   "largest": max(ratios)},
          "replacement_along_mu": along, "worst_sample": worst}
    if relation not in ("lesssim", "asymp"):  # the worst-sample sweep refutes ≲ (and ≍) only (referee EF, EF-9)
        worst = {**worst, "decided": False, "premises": {**worst["premises"], f"the relation is ≲ or ≍ ({relation})":
                                                         False}}
    if not worst["decided"]:
        readings["≲ (a hidden constant) for the worst sample, where " + said_region] = (
            "undecided: the sweep's premises did not all hold (" + ", ".join(k for k, ok in worst["premises"].items()
                                                                              if not ok) + ")")
        return dataclasses.replace(v, detail=v.detail + said, regime={**v.regime, "readings": readings}, evidence=ev)
    growth = ", ".join(f"{r['move_over_order']:.3g}" for r in wr)
    readings["≲ (a hidden constant), as this claim reads it"] = (
        f"none where {said_region} (the worst sample, decided by the sweep at d = {wr[0]['d']} … {wr[-1]['d']}); "
        f"elsewhere {v.regime['holds_on']} by the fits")
    outside = " or ".join(str(sp.Not(c)) for c in LOO_WORST_REGION)  # the regime's condition syntax
    detail = (
        f"the worst sample's move (the largest ridge residual replaced) is not ≲ {order} where {said_region}: on every "
        "data "
        "set ‖v‖/(λ + λ_max(K_n')) ≤ ‖a' − a‖ (v = (φ'r' − φ_ir_i)/n, r = y − φᵀa_RR), and this lower bound is "
        f"√p|r_i|/(nλ) = d^{{2ε_n}}|r_i|/(n√p) up to a factor {min(r['lower_over_half_residual'] for r in wr):.3g} … "
        f"{max(r['lower_over_half_residual'] for r in wr):.3g} (measured) where λ_max(K_n') ≪ λ = p/d^{{2ε_n}}; there "
        "|r_i| ≥ max_j|y_j| − max_j|φ_jᵀa_RR| with max_j|y_j| → ∞ (n draws of a non-constant polynomial label) and "
        "max_j|φ_jᵀa_RR| ≤ d^{2ε_n}√(λ_max(K_n)/p)‖Y‖/√n → 0, given λ_max(K_n)'s measured order 1 + p/d + "
        "p/(σ_W²d + 1) (ridge.measured-spectrum: a premise measured, not proved), so move/order → ∞; measured at "
        f"(ε_n, ε_p, ν, π_p) = ({LOO_WORST_POINT[0]}, {LOO_WORST_POINT[1]}, {worst['point']['nu']:.3g}, "
        f"{LOO_WORST_POINT[3]}), ε_b = {worst['point']['eps_b']:.3g}, d = {wr[0]['d']} … {wr[-1]['d']}: "
        f"move/order = {growth}, κ = λ_max/λ {wr[0]['kappa']:.3g} → {wr[-1]['kappa']:.3g}, max|fitted| "
        f"{wr[0]['max_abs_fitted']:.3g} → {wr[-1]['max_abs_fitted']:.3g}, max|y| {wr[0]['max_abs_y']:.3g} → "
        f"{wr[-1]['max_abs_y']:.3g}; with the "
        "residual factor kept the bound holds for every data set (proved); elsewhere: " + v.detail + said)
    regime = {**v.regime, "holds_on": "part", "conditions": [r"\text{at most where not all of } " + region],
              "conditions_exact": [outside], "conditions_bound": AT_MOST,
              "undecided": list(v.regime.get("undecided") or []) + [r"\text{outside } " + region],
              "witness": {"point": worst["point"], "move_over_order": [r["move_over_order"] for r in wr],
                          "d": [r["d"] for r in wr]},
              "readings": readings,
              # the extension from the simulated point to all of the sub-region is given λ_max's measured upper
              # order, which ridge.measured-spectrum leaves undecided (referee ED, ED-1)
              "premise": LAMBDA_MAX_PREMISE}
    return refuted("simulation+exact", detail, witness=regime["witness"], regime=regime, **ev)


EXACT_CHECKERS: dict[str, tuple[Any, Any]] = {
    "ridge.measured-loo-move": (check_loo_move, None),
    "ridge.measured-phi-norm": (check_phi_norm, None),
    "noise.measured-z-prime": (check_z_prime, None),
    "noise.measured-z-norm": (check_z_norm, None),
    "ridge.measured-a-rr": (check_a_rr, None),
    "dpgd.measured-inner-product": (check_inner_product, None),
    "ridge.measured-lambda-min": (check_lambda_min, lambda measured: _st(sp.Integer(0), "<", measured)),
    "ridge.measured-labels": (check_labels, None),
    "clip.measured-base-case-order": (check_base_case_order, None),
}


def check_base_case(steps: tuple[Step, ...] | None = None) -> Verdict:
    """clip.base-case-steps: the chain with the measured orders substituted (|φ_jᵀa_0| = O(log d) from
    clip.measured-base-case-order), then (3, D20, 2)'s own quantity where W_1's columns align (referee A): in the
    σ_W → 0 limit of ν > 2 + ε_b, max_j|φ_jᵀa_0| ≥ √p·E_b tanh(1 + b) were the columns all μ (:func:`aligned_mean`;
    z_max = max_j|⟨μ, x_j⟩| ≥ 1 with probability → 1), checked against the limit corner's measured maxima (it could
    fail), while the step's bound (log^q d) is o(√p): refuted there as d → ∞."""
    steps = steps if steps is not None else BASE_CASE_STEPS
    v = check_chain(steps, "The ≲_P steps of the base case and of S_4")
    bound = steps[0].statement.rhs
    floor, rows, failing = aligned_floor(bound)
    ev = dict(v.evidence, aligned_limit={"E_b tanh(1+b)": floor, "rows": rows})
    if v.verdict != "verified" or not failing:
        return _dc_replace(v, evidence=ev)
    w = failing[0]
    return refuted(
        "simulation+symbolic",
        f"(3, D20, 2) |φ_jᵀa_0| + |y_j| ≲_P ${paper_latex(bound)}$ fails where ν > 2 + ε_b (σ_W√d → 0, W_1's "
        "columns align): there "
        f"max_j|φ_jᵀa_0| ≥ √p·E_b tanh(1 + b) = {floor:.4f}√p if the columns were all μ (a_0 = (1, …, 1)/√p; the "
        "columns are the normalised steps, aligned but not identical: the idealisation's floor, not a proved one; "
        f"at '{w['corner']}' the measured maxima are {', '.join(f'{x:.3g}' for x in w['max_phi_a0'])} against the "
        "floor "
        f"{', '.join(f'{x:.3g}' for x in w['floor'])}), and √p/log^q d → ∞ (it likely fails also where "
        "π_p > 2 + ε_b − ν, "
        "the features' mode along μ; not decided here). The chain's steps hold only with |φ_jᵀa_0| = O(log d) "
        "substituted, the premise clip.measured-base-case-order refutes where ν > 2 + ε_b, so (3, D20, 2) about the "
        "actual quantity fails there (referee DC, F7); with that premise substituted: " + v.detail,
        witness=named_witness(aligned_witness(w["corner"]), {
            "corner": w["corner"], **ALL_CORNERS[w["corner"]], "max_phi_a0": w["max_phi_a0"], "floor": w["floor"],
            "floor_over_bound_as_d_to_infinity": w["floor_over_bound_as_d_to_infinity"]}),
        regime=dict(v.regime or {}, holds_on="part",
                    conditions=[r"\text{at most where } \nu \le 2 + \varepsilon_b"],
                    conditions_exact=["eps_b - nu + 2 >= 0"], conditions_bound=AT_MOST,
                    undecided=[COMMON_MODE_UNDECIDED], common_mode_corners=common_mode_corners(),
                    witness=aligned_witness(w["corner"])),
        **ev,
    )


CLAIMS = [
    _chain_claim(
        "ridge.algebra-steps",
        "Algebra and ≪ steps of §4.2–§4.3.1 (ridge)",
        "Part 3, §4.2–§4.3.1",
        steps_ridge_algebra(),
        "Assumptions 2–4, whole region",
        depends=("ridge.measured-a-rr",),
        caveat=C_A8_CAVEAT,  # (3, D17, 4) ‖a_RR‖ ≪ C_a/8 (referee CI, F4)
    ),
    _chain_claim(
        "ridge.mcdiarmid-level",
        "The McDiarmid level d^{2ε_n}log d/√(pn)",
        "Part 3, §4.2",
        steps_mcdiarmid_level(),
        "Assumption 4",
        depends=("ridge.mcdiarmid",),
    ),
    Claim(
        "dpgd.noise-chain-steps",
        "The η_a‖z'_i‖ chain, line by line",
        "Part 3, §4.3.1",
        steps_noise_chain()[3].statement,
        "Assumptions 2–4, whole region",
        partial(check_chain, steps_noise_chain(), "η_a‖z'_i‖ chain"),
        depends_on=("dpgd.noise-accumulation",),
        relations=tuple(s.key for s in steps_noise_chain()),
    ),
    Claim(
        "dpgd.noise-corrected",
        "Corrected η_a‖z'_i‖: d^{7ε_n/2} and ‖z‖ ≈ Σ√p",
        "Part 3, §4.3.1 (corrected)",
        _st(sp.sqrt(p) * Sigma / (2 * lam), "=", d ** (sp.Rational(7, 2) * en) * L ** (q + 1) / n * PRIV),
        # the identity holds everywhere; as a bound on η_a‖z'_i‖ it needs the contraction (referee A: where DP-GD
        # diverges the noise grows without bound)
        "Assumptions 2–4 (the identity: whole region); it bounds η_a‖z'_i‖ only where η_a(λ_max(K_n) + 2λ) ≤ 1 "
        "(dpgd.contraction-regime: ε_n < π_p, ε_n < 1, ν ≤ 2 + ε_b − ε_n)",
        check_noise_chain_corrected,
        depends_on=(
            "dpgd.noise-chain-steps",
            "dpgd.noise-accumulation",
            "dpgd.contraction-regime",
            "noise.measured-z-norm",
            "noise.measured-z-prime",
        ),
    ),
    _chain_claim(
        "clip.lambda-target",
        "The target ‖ã_i‖ ≪ C_a/(4λ) that ‖2λã_i‖ ≤ C_a/2 needs",
        "Part 3, §4.3 (corrected target)",
        lambda_target_steps(),
        "Assumptions 2–4, whole region",
        depends=("dpgd.noise-corrected", "dpgd.a0-norm", "ridge.measured-a-rr", "clip.targets"),
    ),
    _chain_claim(
        "clip.s-term-steps",
        "Algebra and ≪ steps of S_1–S_4",
        "Part 3, §4.3.2",
        steps_s_terms(),
        "Assumptions 2–4, whole region",
        depends=("dpgd.s1-bound", "dpgd.s2-bound", "dpgd.s3-chain", "ridge.measured-a-rr"),
    ),
    Claim(
        "clip.s3-corrected",
        "S_3 = η_a × the sum (3, D27) bounds, with the dropped p restored: ≪ S_3's target",
        "Part 3, §4.3.2 (corrected)",
        steps_s3_corrected()[-1].statement,
        # referee J found the dropped p; referee AZ (F2) that the chain compares the sum, not S_3 = η_a × the sum,
        # with the target: with both corrections the chain concludes (η_a's 1/p cancels the p), given the
        # contraction 1/(1 − ‖I − η_aL‖) ≤ 1/(2η_aλ) it uses (dpgd.contraction)
        "Assumptions 2–4 (the relations: whole region); it bounds S_3 only where η_a(λ_max(K_n) + 2λ) ≤ 1 "
        "(dpgd.contraction-regime: ε_n < π_p, ε_n < 1, ν ≤ 2 + ε_b − ε_n)",
        partial(check_s3_corrected, steps_s3_corrected()),
        depends_on=("clip.s-term-steps", "dpgd.contraction", "dpgd.contraction-regime"),
        relations=((3, "D27", 4), (3, "D27", 6)),
    ),
    _chain_claim(
        "clip.targets", "The clipping targets of §4.3", "Part 3, §4.3", steps_targets(),
        "Assumptions 2–4, whole region; (3, D20, 3)'s left side is the base case's bound |φ_jᵀa_0| + |y_j| ≲ log^q d",
        # (3, D20, 3) takes its left side from the base case's |φ_jᵀa_0| ≤ 1, refuted (referee AG, F1)
        depends=("clip.measured-base-case", "clip.base-case-steps"),
        caveat=C_A8_CAVEAT,  # referee CB, F5: the verified target C_a/8 is not the one the argument uses
    ),
    Claim(
        "clip.union-bounds",
        "Simultaneous Gaussian bounds over samples and steps",
        "Part 3, §4.3",
        steps_union_bounds()[-1].statement,
        "Assumptions 1–4, whole region (n, p polynomial in d: part1.size-reading)",
        partial(check_union_bounds, steps_union_bounds(), "Simultaneous Gaussian bounds over samples and steps"),
        depends_on=("part1.size-reading", "dpgd.s3-gaussian-tail"),
        relations=tuple(s.key for s in steps_union_bounds()),
    ),
    Claim(
        "dpgd.contraction-regime",
        "Where ‖I − η_aL‖ < 1 holds in the region",
        "Part 3, §4.3.1",
        contraction_steps()[0].statement,
        "Assumption 4; λ_max(K_n) ≍ 1 + p/d + p/(1 + σ_W²d): the lower side proved (the features' mean mode), the "
        "upper side measured at the corners (ridge.measured-spectrum)",
        check_contraction_regime,
        depends_on=("ridge.measured-spectrum", "ridge.measured-lambda-min", "dpgd.contraction"),
        relations=tuple(s.key for s in contraction_steps()),
    ),
    _measured_claim(
        "ridge.measured-spectrum",
        "Growth of λ_max(K_n) across the region (≍ 1 + p/d: the order the contraction regime substitutes)",
        ((3, "D13", 1),),
    ),
    _measured_claim("ridge.measured-lambda-min", "λ_min(K_n) > 0, as (3, D13, 3)'s strict < needs", ()),
    _measured_claim(
        "ridge.measured-phi-norm",
        "Feature norms ‖φ_j‖ across the region",
        ((3, "P34", 1), (3, "P34", 2), (3, "P37", 2), (3, "P38", 4), (3, "P42", 1)),
    ),
    _measured_claim(
        "dpgd.measured-inner-product",
        "|⟨u, v⟩| of the S_1 bound across the region",
        ((3, "P38", 3),),
        depends=("dpgd.u-uniformity",),
    ),
    _measured_claim("ridge.measured-a-rr", "‖a_RR‖ across the region", ((3, "D17", 2),),
                    depends=("ridge.resolvent-norm", "ridge.measured-labels")),
    _measured_claim("ridge.measured-loo-move", "Leave-one-out move of a_RR across the region", ((3, "D6", 2),)),
    _measured_claim("clip.measured-base-case", "|φ_jᵀa_0| in the base case, across the region", ((3, "P35", 4),)),
    _measured_claim("noise.measured-z-norm", "‖z_k‖/Σ across the region", ((3, "D18", 3),)),
    _measured_claim("noise.measured-z-prime", "‖z'_T‖ against the corrected bound Σ√p/(2η_aλ)", ()),
    _measured_claim("clip.measured-base-case-order", "Order of |φ_jᵀa_0| across the region", ()),
    Claim(
        "clip.base-case-steps",
        "The ≲_P steps of the base case and of S_4",
        "Part 3, §4.3.2",
        BASE_CASE_STEPS[-1].statement,
        "Assumptions 1–4, measured orders",
        partial(check_base_case, BASE_CASE_STEPS),
        depends_on=(
            "clip.measured-base-case-order",
            "ridge.measured-labels",
            "ridge.measured-phi-norm",
            "ridge.measured-a-rr",
        ),
        relations=tuple(s_.key for s_ in BASE_CASE_STEPS),
    ),
    _measured_claim(
        "ridge.measured-labels",
        "Largest label |y_j| across the region",
        ((3, "P30", 6), (3, "P30", 7), (3, "P35", 5), (3, "P37", 1)),
        depends=("part1.size-reading",),  # n polynomial in d: with n = d^{log d} the union bound fails
    ),
    Claim(
        "dpgd.u-uniformity",
        "u = φ_j/‖φ_j‖ has no common mean direction (first-moment test of uniformity)",
        "Part 3, §4.3.2",
        _st(sp.Symbol(r"\|\bar u\|"), "lesssim", 1 / sp.sqrt(n)),
        "uniform unit vectors have ‖mean‖ ≈ 1/√n",
        check_sphere_uniformity,
    ),
    Claim(
        "risk.approximation-rate",
        "The approximation term's rate (Theorem 2) vanishes",
        "Part 3, §4.2",
        _st(RATE_D9, "ll", sp.Integer(1)),
        "Assumptions 2–4, whole region",
        partial(
            check_chain,
            (
                Step(
                    (3, "D3", 4),
                    _st(RATE_D9, "ll", sp.Integer(1)),
                    "asymptotic",
                    note="the rate is Theorem 2's (thm2.rate); here: it is o(1) on the region",
                ),
            ),
            "approximation rate",
        ),
        # the term is Theorem 2's quantity: its bound is thm2.statement (referee AT: only thm2.rate, the final
        # simplification, had been a premise, so the first layer's obstruction never reached this claim)
        depends_on=("thm2.statement", "thm2.rate", "thm2.penalty-absorbed", "risk.population-ridge-chain"),
        # not tagged with (3, D3, 4): that relation, the O_P bound, is thm2.statement's (refuted); this claim checks
        # only that its rate → 0, which the paper never prints as a relation (referee CC, F9)
        displays=((3, 3),),
    ),
    Claim(
        "risk.summary",
        "The ridge risk summary (3, D9)",
        "Part 3, §4.2",
        summary_steps()[0].statement,
        "Assumptions 2–4, whole region",
        partial(check_chain, summary_steps(), "ridge summary"),
        depends_on=("risk.decomposition", "risk.approximation-rate", "risk.variance-term", "thm2.rate"),
        relations=((3, "D9", 1),),
    ),
    Claim(
        "thm1.risk-obstruction",
        "No second layer on W_1's features reaches Theorem 1's rate where π_p < 1 and σ_W²d/p → ∞",
        "Part 1, §2.2, Theorem 1 (risk)",
        _st(sp.Symbol(r"\E_x[(f_{\mathrm{DPGD}} - f_*)^2]"), "O_P", RATE_THM1),
        "Assumptions 1–4, (ε, δ) fixed; f_DPGD = Σ_i a_{T,i} σ(w_iᵀx + b_i) on the released W_1",
        check_private_risk_obstruction,
        # the lower bound is measured on the released W_1 itself (span_obstructed) and holds for every second layer:
        # it uses no step of Theorem 2's chain, so its cause is its own — σ_W's noise swamping W_1's columns — not
        # Part 2's failures, which thm2.statement had passed on as its root failures (referee CN, M2)
        depends_on=(),
        relations=((1, "P4", 1),),
    ),
    Claim(
        "risk.summary-corrected",
        "The ridge risk with the variance term kept",
        "Part 3, §4.2 (corrected)",
        _st(RIDGE_RISK, "O_P", RATE_D9 + VARIANCE),
        "Assumptions 2–4",
        partial(check_summary_corrected, SUMMARY_CORRECTED_STEPS),
        depends_on=(
            "thm2.statement",
            "risk.summary",
            "risk.decomposition",
            "risk.approximation-rate",
            "risk.variance-term",
            "thm2.rate",
            "thm2.statement",
        ),
        relations=((3, "D9", 1),),
    ),
    _chain_claim(
        "risk.final-chain-steps",
        "The final risk chain of §4.5, line by line",
        "Part 3, §4.5",
        final_chain_steps(),
        "Assumptions 2–4, whole region",
        depends=("dpgd.noise-corrected", "dpgd.early-stopping", "risk.summary-corrected", "risk.decomposition"),
    ),
    Claim(
        "risk.final-chain-corrected",
        "The final risk with every correction",
        "Part 3, §4.5 (corrected)",
        _st(sp.Symbol(r"\mathcal{R}(f_{\text{NN}})"), "O_P", RATE_CORRECTED),
        r"premises: \varepsilon_n < \varepsilon_p,\ \varepsilon_p + \tfrac32\varepsilon_n < \nu",
        check_final_corrected,
        depends_on=(
            "risk.final-chain-steps",
            "risk.summary-corrected",
            "dpgd.noise-corrected",
            "clip.s3-corrected",
            "dpgd.contraction-regime",
            "dpgd.early-stopping",
            "dpgd.no-clipping",
            "clip.targets",
            "clip.union-bounds",
            "clip.s-term-steps",
            "ridge.measured-labels",
            "clip.measured-base-case",
            "dpgd.measured-inner-product",
            "ridge.measured-phi-norm",
            "ridge.loo-chain",
            "dpgd.recursion-steps",
            "clip.per-sample-gradient",
            "clip.iterate-chain",
            "clip.lambda-target",
        ),
        relations=((3, "D29", 6),),
    ),
    Claim(
        "thm1.rate-corrected",
        "Theorem 1's rate against the corrected Part 3 chain",
        "Part 1 Theorem 1; Part 3 §4.5",
        _st(RATE_CORRECTED, "O_P", RATE_THM1),
        "premises of the corrected chain",
        check_theorem_rate,
        depends_on=("risk.final-chain-corrected", "thm1.exponent-consistency"),
        relations=((1, "D9", 2),),
    ),
    Claim(
        "part3.final-risk",
        "Part 3's conclusion R(f_NN) = O_P(d^{-ε_p/(8(q+1))} + d^{1+ε_n}R/n)",
        "Part 3, §4.5",
        _st(RATE_CORRECTED, "O_P", RATE_PART3_LAST),
        "Assumptions 2–4, whole region",
        check_final_risk,
        depends_on=(
            "risk.final-chain-corrected",
            "thm1.rate-corrected",
            "risk.final-chain-steps",
            "thm1.exponent-consistency",
        ),
        relations=((3, "D29", 7),),
    ),
]


# =============================================================================================== numeric relations
# Matrix identities, triangle and Cauchy–Schwarz links checked on paper-preset runs at three corners (d = 32).

#: the corners of the numeric relations: three of the region's, and one with p > n (regime.WIDE_CORNERS): these
#: relations are identities or inequalities in Φ that must hold at every width (referee T)
NUM_CORNERS = ("large eps_p", "small eps_n", "large n", "wide (p > n)")
NUM_D = 32
#: a relation holds when its relative error is ≤ NUM_TOL: the float64 runs achieve ≤ 4e-15 (evidence `worst`), so a
#: constant off by more than 1e-12 is refuted (referee EK, EK-4: at 1e-8 a factor 1 ± 1e-10 had been verified)
NUM_TOL = 1e-12


def _rel_err(a, b) -> float:
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.linalg.norm(a - b) / max(float(np.linalg.norm(b)), 1e-300))


def _numeric_verdict(title: str, results: list[dict], ev: dict,
                     witness_of: Callable[[dict], object] | None = None) -> Verdict:
    """``results``: one dict per relation with ``relation``, ``holds`` and the worst case (``worst``, else
    ``witness_of(the first failing result)`` is the witness)."""
    failed = [r for r in results if not r["holds"]]
    ev = {"relations_checked": results, **ev}
    if failed:
        f = failed[0]
        return refuted(
            "simulation+numeric",
            f"{title}: relation {tuple(f['relation'])} fails ({f.get('why', '')}); "
            f"{len(failed)} of {len(results)} fail",
            witness=witness_of(f) if witness_of is not None else f.get("worst"),
            failing_relations=[r["relation"] for r in failed],
            **ev,
        )
    return verified("simulation+numeric", f"{title}: all {len(results)} relations hold on every corner", **ev)


def check_closed_form(factor: float = 1.0, corners=NUM_CORNERS, dv: int = NUM_D) -> Verdict:
    """(3, P11, 2) = (3, P22, 3): a_RR = factor·(1/n)(K_n + λI)^{-1}ΦY is the minimiser of L: ∇L(a_RR) = 2(K_n a − ΦY/n)
    + 2λa = 0, relative to ‖2ΦY/n‖; and, independently of K_n and ΦY/n (referee AB: the gradient reuses them), a_RR
    against the least-squares solution of the stacked system [Φᵀ/√n; √λ I] a = [Y/√n; 0] computed from the raw
    features and labels (numpy lstsq, an SVD): L(a) is exactly that system's squared residual."""
    worst = None
    for c in corners:
        run = run_corner(c, dv)
        st, lam, p = run["_stats"], run["hp_lam"], run["p"]
        a = factor * np.linalg.solve(st.K + lam * np.eye(p), st.PhiY)
        g = 2 * (st.K @ a - st.PhiY) + 2 * lam * a
        err = float(np.linalg.norm(g) / np.linalg.norm(2 * st.PhiY))
        Phi, (_, Y) = phi_matrix(run), run["_problem"].data_a.materialise()
        nn = Phi.shape[1]
        stacked = np.vstack([Phi.T / np.sqrt(nn), np.sqrt(lam) * np.eye(p)])
        a_ls = np.linalg.lstsq(stacked, np.concatenate([Y / np.sqrt(nn), np.zeros(p)]), rcond=None)[0]
        independent = float(np.linalg.norm(a - a_ls) / np.linalg.norm(a_ls))
        if worst is None or max(err, independent) > max(worst["relative_gradient"], worst["relative_to_lstsq"]):
            worst = {"corner": c, "d": dv, "relative_gradient": err, "relative_to_lstsq": independent}
    ok = max(worst["relative_gradient"], worst["relative_to_lstsq"]) <= NUM_TOL
    res = [
        {"relation": key, "holds": ok, "worst": worst, "why": "∇L(a_RR) ≠ 0"} for key in ((3, "P11", 2), (3, "P22", 3))
    ]
    return _numeric_verdict(
        "ridge closed form", res, {"factor": factor, "tolerance": NUM_TOL, "corners": list(corners)}
    )


def check_svd_identities(two: float = 2.0, corners=NUM_CORNERS, dv: int = NUM_D) -> Verdict:
    """(3, D12, 2) L = two·U(Λ²/n + λI)Uᵀ, (3, D12, 3) I − η_aL = U[I − two·η_a(Λ²/n + λI)]Uᵀ, (3, D13, 1) its
    eigenvalues 1 − two·η_a(λ_i²/n + λ), (3, D16, 1) (K_n + λI)^{-1}Φ = nU(Λ² + λnI)^{-1}ΛVᵀ, with Φ = UΛVᵀ
    (the full SVD: U p×p, Λ p×n, V n×n, Λ² read as ΛΛᵀ, so every width, p > n included; the thin SVD makes D12,2
    false where p > n, since U Uᵀ ≠ I there)."""
    errs = {k: (0.0, None) for k in ("D12,2", "D12,3", "D13,1", "D16,1")}
    for c in corners:
        run = run_corner(c, dv)
        Phi, lam, eta, nn, p = phi_matrix(run), run["hp_lam"], run["hp_eta_a"], run["n"], run["p"]
        U, s, Vt = np.linalg.svd(Phi, full_matrices=True)
        Lam = np.zeros((p, nn))
        Lam[: s.size, : s.size] = np.diag(s)
        squares = np.zeros(p)  # the diagonal of ΛΛᵀ: λ_i² and, where p > n, p − n zeros
        squares[: s.size] = s**2
        K = Phi @ Phi.T / nn
        Lm = 2 * K + 2 * lam * np.eye(p)
        mid = np.diag(squares / nn + lam)
        got = {
            "D12,2": (Lm, two * U @ mid @ U.T),
            "D12,3": (np.eye(p) - eta * Lm, U @ (np.eye(p) - two * eta * mid) @ U.T),
            "D13,1": (np.sort(np.linalg.eigvalsh(np.eye(p) - eta * Lm)),
                      np.sort(1 - two * eta * (squares / nn + lam))),
            "D16,1": (np.linalg.solve(K + lam * np.eye(p), Phi),
                      nn * U @ np.diag(1 / (squares + lam * nn)) @ Lam @ Vt),
        }
        for k, (a, b) in got.items():
            e = _rel_err(a, b)
            if e > errs[k][0]:
                errs[k] = (e, {"corner": c, "d": dv, "relative_error": e})
    res = [
        {
            "relation": (3, k.split(",")[0], int(k.split(",")[1])),
            "holds": e <= NUM_TOL,
            "worst": w,
            "why": f"relative error {e:.3g}",
        }
        for k, (e, w) in errs.items()
    ]
    v = _numeric_verdict("SVD identities", res, {"tolerance": NUM_TOL, "corners": list(corners)})
    if v.verdict != "verified":
        return v
    # the paper writes only Φ = UΛVᵀ and Λ²: the thin SVD (U p×min(p, n)) is a reading too, and where p > n it misses
    # 2λ(I − UUᵀ) in (3, D12, 2) (referee CU, CU-5: said only in this docstring)
    thin = _thin_svd_gap()
    v = dataclasses.replace(v, evidence=dict(v.evidence) | {"thin_svd_where_p_exceeds_n": thin})
    return Verdict(v.verdict, v.method, v.detail, v.evidence, v.corrected, {
        "region": f"the simulated corners ({', '.join(corners)}), d = {dv}", "holds_on": "all", "conditions": [],
        "readings": {"the full SVD (U p×p, Λ p×n, Λ² read as ΛΛᵀ)": "all: every relation at every corner",
                     "the thin SVD (U p×min(p, n))": "part: where p ≤ n it is the full one; where p > n (admissible: p "
                     "has no upper bound) (3, D12, 2) misses 2λ(I − UUᵀ), off by exactly 2λ in norm "
                     f"({thin['norm_gap']:.6g} = 2λ = {2 * thin['lambda']:.6g} at p = {thin['p']}, n = {thin['n']}), "
                     "(3, D12, 3) misses (1 − 2ηλ)(I − UUᵀ) (off by "
                     f"{thin['norm_gap_D12_3']:.6g} = |1 − 2ηλ| at η = {thin['eta']}), and (3, D13, 1) lists n of "
                     f"the p eigenvalues, missing {thin['eigenvalues_not_listed_D13_1']} = p − n that all equal "
                     "1 − 2ηλ"}})


def _thin_svd_gap(p: int = 40, n: int = 25, lam: float = 0.7, eta: float = 0.1, seed: int = 5) -> dict[str, Any]:
    """The three relations with the thin SVD of a seeded Φ (p × n, p > n), where I − UUᵀ is a projection of rank
    p − n ≥ 1: ‖L − 2U(Λ²/n + λI)Uᵀ‖ = 2λ exactly (3, D12, 2); ‖(I − ηL) − U[I − 2η(Λ²/n + λI)]Uᵀ‖ = |1 − 2ηλ|
    (3, D12, 3; the missing (1 − 2ηλ)(I − UUᵀ)); and (3, D13, 1) lists n eigenvalues where I − ηL has p, the p − n
    it misses all 1 − 2ηλ (an independent re-check of 2026-12-02: only the first had been said)."""
    phi = np.tanh(np.random.default_rng(seed).standard_normal((p, n)))
    U, s, _ = np.linalg.svd(phi, full_matrices=False)
    L = 2 * phi @ phi.T / n + 2 * lam * np.eye(p)
    mid = np.diag(s**2 / n + lam)
    gap = float(np.linalg.norm(L - 2 * U @ mid @ U.T, 2))
    gap_3 = float(np.linalg.norm(np.eye(p) - eta * L - U @ (np.eye(n) - 2 * eta * mid) @ U.T, 2))
    listed = np.sort(1 - 2 * eta * (s**2 / n + lam))
    actual = np.sort(np.linalg.eigvalsh(np.eye(p) - eta * L))
    unlisted = [float(v) for v in actual if not np.any(np.abs(listed - v) < 1e-9)]
    return {"p": p, "n": n, "lambda": lam, "eta": eta, "seed": seed, "norm_gap": gap,
            "equals_2_lambda": abs(gap - 2 * lam) < 1e-9, "norm_gap_D12_3": gap_3,
            "equals_one_minus_2_eta_lambda": abs(gap_3 - abs(1 - 2 * eta * lam)) < 1e-9,
            "eigenvalues_not_listed_D13_1": len(unlisted),
            "all_equal_one_minus_2_eta_lambda": all(abs(v - (1 - 2 * eta * lam)) < 1e-9 for v in unlisted)}


def _trajectory(corner: str, dv: int, steps: int, seed: int, eta_rule: str = "stable"):
    run = run_corner(corner, dv)
    st, lam, p = run["_stats"], run["hp_lam"], run["p"]
    eta = run["hp_eta_a"] if eta_rule == "paper" else 1 / (2 * (float(run["_eig"][-1]) + lam))
    Lm = 2 * st.K + 2 * lam * np.eye(p)
    M = np.eye(p) - eta * Lm
    rng = np.random.default_rng([seed, dv])
    Z = rng.standard_normal((steps + 1, p)) * run["hp_Sigma"]
    a = [run["_result"].a0.copy()]
    for i in range(steps):
        a.append(a[-1] - eta * (Lm @ a[-1] - 2 * st.PhiY) + eta * Z[i])
    return run, eta, Lm, M, Z, a


def paper_z_prime(M: np.ndarray, Z: np.ndarray, i: int) -> np.ndarray:
    """(3, P23, 1) as printed: z'_i = Σ_{j=1}^{i} z_j (the noises z_0 … z_{i−1} of the first i steps)."""
    return Z[:i].sum(axis=0)


def unrolled_z_prime(M: np.ndarray, Z: np.ndarray, i: int) -> np.ndarray:
    """z'_i = Σ_{k=1}^{i} (I − η_aL)^{k−1} z_{i−k}, what the recursion (3, D11, 5) needs."""
    out = np.zeros(M.shape[0])
    for k in range(1, i + 1):
        out += np.linalg.matrix_power(M, k - 1) @ Z[i - k]
    return out


def check_recursion_steps(
    z_prime=paper_z_prime, two: float = 2.0, corners=NUM_CORNERS, dv: int = NUM_D, steps: int = 5, seed: int = 21
) -> Verdict:
    """(3, D11, 1)–(3, D11, 3) and (3, D11, 5) with (3, P23, 1)'s z'_i, on noisy unclipped trajectories (stable η_a):
    each printed right side against the simulated ã_{i+1} (D11,1–3) or ã_{i+1} − a_RR (D11,5).

    With the printed z'_i, a refutation records the reading of z'_i that §4.3.2 itself uses (η_aφ_jᵀz'_i =
    η_aΣ_k φ_jᵀ(I − η_aL)^{k−1}z_{i−k}: :func:`unrolled_z_prime`), decided by the same simulation (referee BL)."""
    worst = {k: (0.0, None) for k in ("D11,1", "D11,2", "D11,3", "D11,5")}
    by_step = [0.0] * steps  # D11,5's largest relative error at each step
    for c in corners:
        run, eta, Lm, M, Z, a = _trajectory(c, dv, steps, seed)
        st, lam, p, a_rr = run["_stats"], run["hp_lam"], run["p"], run["_a_rr"]
        KI = st.K + lam * np.eye(p)
        for i in range(steps):
            nxt = a[i + 1]
            rhs = {
                "D11,1": a[i] - eta * (Lm @ a[i] - two * KI @ np.linalg.solve(KI, st.PhiY)) + eta * Z[i],
                "D11,2": a[i] - eta * (Lm @ a[i] - Lm @ a_rr) + eta * Z[i],
                "D11,3": (np.eye(p) - eta * Lm) @ a[i] + eta * Lm @ a_rr + eta * Z[i],
                "D11,5": np.linalg.matrix_power(M, i + 1) @ (a[0] - a_rr) + eta * z_prime(M, Z, i + 1) + a_rr,
            }
            for k, v in rhs.items():
                e = _rel_err(v, nxt)
                if k == "D11,5":
                    by_step[i] = max(by_step[i], e)
                if e > worst[k][0]:
                    worst[k] = (e, {"corner": c, "d": dv, "i": i, "relative_error": e})
    res = [
        {
            "relation": (3, k.split(",")[0], int(k.split(",")[1])) if k != "D11,5" else (3, "D11", 5),
            "holds": e <= NUM_TOL,
            "worst": w,
            "why": f"relative error {e:.3g}",
        }
        for k, (e, w) in worst.items()
    ]
    res.append(
        {
            "relation": (3, "P23", 1),
            "holds": res[-1]["holds"],
            "worst": worst["D11,5"][1],
            "why": "the definition of z'_i used in (3, D11, 5)",
        }
    )
    v = _numeric_verdict(
        "recursion of ã_i",
        res,
        {
            "tolerance": NUM_TOL,
            "seed": seed,
            "steps": steps,
            "step_size": "η_a = 1/(2(λ_max(K_n)+λ)) (stable)",
            "corners": list(corners),
            "z_prime": getattr(z_prime, "__name__", str(z_prime)),
            "d11_5_relative_error_by_step": by_step,
        },
    )
    if v.verdict != "refuted" or z_prime is not paper_z_prime or any(not r["holds"] for r in res[:3]):
        return v
    intended = check_recursion_steps(unrolled_z_prime, two, corners, dv, steps, seed)
    failing = [i + 1 for i, e in enumerate(by_step) if e > NUM_TOL]
    return as_printed_and_intended(
        v, region=f"every step of a noisy unclipped run (the simulated corners, {steps} steps)",
        printed=f"{'part' if len(failing) < steps else 'none'}: (3, D11, 5) fails at the steps i + 1 = "
        f"{', '.join(map(str, failing))} (relative error up to {max(by_step):.3g}); z'_1 = z_0 in every reading",
        intended="z'_i = Σ_{k=1}^{i} (I − η_aL)^{k−1} z_{i−k}, as §4.3.2 uses it (η_aφ_jᵀz'_i = "
        "η_aΣ_k φ_jᵀ(I − η L)^{k−1}z_{i−k})",
        intended_holds=intended.verdict == "verified", why_not=intended.detail)


def check_loo_chain(
    d52_factor=lambda pv: 2 * math.sqrt(pv), squared: bool = False, corners=NUM_CORNERS, dv: int = NUM_D, seed: int = 23
) -> Verdict:
    """(3, P15, 1), (3, P15, 2), (3, D4, 1), (3, D4, 2), (3, D5, 1), (3, D5, 2) on one replaced sample per corner (the
    largest ridge residual, replaced by the fresh x' with the largest |y'| of 32 draws). ``squared``: check (3, D4, 1)
    with the squared differences of the correct decomposition instead of the printed linear ones."""
    checks: dict[str, list] = {k: [] for k in ("P15,1", "P15,2", "D4,1", "D4,2", "D5,1", "D5,2")}
    rows: list[dict] = []
    for c in corners:
        run = run_corner(c, dv)
        _X, y = run["_problem"].data_a.materialise()
        nn, p, lam = run["n"], run["p"], run["hp_lam"]
        w = worst_replacement(run, seed)
        Phi, a, a2, phi_new, i, ys, k = w["Phi"].T, w["a"], w["a2"], w["phi_new"], w["i"], w["ys"], w["k"]
        Phi2, y2 = Phi.copy(), y.copy()
        Phi2[i], y2[i] = phi_new, ys[k]

        def loss(F, Y, v, lam=lam):
            return float(np.mean((F @ v - Y) ** 2) + lam * v @ v)

        lhs = loss(Phi, y, a2) - loss(Phi, y, a)
        bracket = loss(Phi2, y2, a2) - loss(Phi2, y2, a)
        f, f2 = (lambda v, w=phi_new: float(w @ v)), (lambda v, w=Phi[i]: float(w @ v))
        lin = (f(a) - f(a2) + f2(a2) - f2(a)) / nn
        sq = ((f2(a2) - y[i]) ** 2 - (f(a2) - ys[k]) ** 2 - (f2(a) - y[i]) ** 2 + (f(a) - ys[k]) ** 2) / nn
        absd = (abs(f(a) - f(a2)) + abs(f2(a2) - f2(a))) / nn
        da = float(np.linalg.norm(a - a2))
        scale = max(abs(lhs), 1e-300)
        row = {
            "corner": c,
            "d": dv,
            "i": i,
            "lhs_loss_difference": lhs,
            "bracket": bracket,
            "printed_linear": lin,
            "squared_terms": sq,
            "abs_terms": absd,
            "norm_delta_a": da,
        }
        rows.append(row)
        # each relation: (holds, its left side, its right side) on this replacement
        checks["P15,1"].append(
            (abs(abs(f(a) - f(a2)) - abs(float((a - a2) @ phi_new))) <= 1e-12 * max(abs(f(a)), 1), row,
             abs(f(a) - f(a2)), abs(float((a - a2) @ phi_new)))
        )
        checks["P15,2"].append((abs(f(a) - f(a2)) <= da * math.sqrt(p) * (1 + 1e-12), row, abs(f(a) - f(a2)),
                                da * math.sqrt(p)))
        terms = sq if squared else lin
        checks["D4,1"].append((abs(lhs - bracket - terms) <= 1e-8 * scale, row, lhs, bracket + terms))
        checks["D4,2"].append((bracket <= 1e-12 * max(abs(bracket), 1e-300), row, bracket, 0.0))
        checks["D5,1"].append((lhs <= absd * (1 + 1e-12), row, lhs, absd))
        checks["D5,2"].append((absd <= d52_factor(p) / nn * da * (1 + 1e-12), row, absd, d52_factor(p) / nn * da))
    res = []
    for k, found in checks.items():
        bad = [entry for entry in found if not entry[0]]
        # the failing replacement, else the tightest (largest left − right relative to the sides)
        _, row, left, right = bad[0] if bad else max(found, key=lambda e: (e[2] - e[3]) / max(abs(e[2]), abs(e[3]),
                                                                                               1e-300))
        res.append(
            {
                "relation": (3, k.split(",")[0], int(k.split(",")[1])),
                "holds": not bad,
                "compares": LOO_RELATIONS[k] if not (squared and k == "D4,1") else
                LOO_RELATIONS[k].replace("printed linear", "squared"),
                "left": left,
                "right": right,
                "at": {"corner": row["corner"], "d": row["d"], "i": row["i"]},
                "why": "the loss difference is not the bracket plus the printed terms" if k == "D4,1" else
                LOO_RELATIONS[k],
            }
        )
    return _numeric_verdict(
        "leave-one-out chain",
        res,
        {"seed": seed, "corners": list(corners), "squared": squared, "reading": "y_i inside the bracket read as y_j",
         "replacements": rows},
        witness_of=lambda failed: next(r for r in rows if (r["corner"], r["i"]) == (failed["at"]["corner"],
                                                                                     failed["at"]["i"])),
    )


#: what each relation of the leave-one-out chain compares (left side, right side), for its evidence (referee CC, F8:
#: each relation had repeated one block of numbers, its "why" being its key)
LOO_RELATIONS = {
    "P15,1": "|f(a) − f(a')| = |⟨a − a', φ(x')⟩|",
    "P15,2": "|f(a) − f(a')| ≤ ‖a − a'‖√p",
    "D4,1": "L(a') − L(a) = the replaced loss's bracket + the printed linear terms",
    "D4,2": "the bracket L'(a') − L'(a) ≤ 0 (a' minimises the replaced loss L')",
    "D5,1": "L(a') − L(a) ≤ the absolute terms (|f(a) − f(a')| + |f'(a') − f'(a)|)/n",
    "D5,2": "the absolute terms ≤ 2√p/n · ‖a − a'‖",
}


def check_iterate_chain(eta_rule: str = "paper", corners=NUM_CORNERS, dv: int = NUM_D, seed: int = 25,
                        last_coefficients: tuple[float, float] = (2.0, 1.0)) -> Verdict:
    """(3, D14, 1)–(3, D14, 3) on noisy unclipped iterates for T = ⌈d^{ε_n}⌉ steps with η_a of Assumption 4 (``paper``)
    or the stable one: ‖ã_i‖ ≤ ‖a_RR‖ + ‖ã_i − a_RR‖ ≤ ‖a_RR‖ + ‖I−η_aL‖^i‖a_0 − a_RR‖ + η_a‖z'_i‖ ≤ ‖a_0‖ + 2‖a_RR‖ +
    η_a‖z'_i‖ (z'_i unrolled). ``last_coefficients`` (the 2 of ‖a_RR‖ and the 1 of η_a‖z'_i‖ in the last right side)
    is the hook a perturbed chain is fed through."""
    c_rr, c_noise = last_coefficients
    checks: dict[str, list] = {"D14,1": [], "D14,2": [], "D14,3": []}
    for c in corners:
        steps = math.ceil(dv ** SIMULATED_CORNERS[c]["eps_n"] - 1e-9)
        run, eta, _Lm, M, Z, a = _trajectory(c, dv, steps, seed, eta_rule)
        a_rr = run["_a_rr"]
        rho = float(np.linalg.norm(M, 2))
        for i in range(1, steps + 1):
            nz = eta * float(np.linalg.norm(unrolled_z_prime(M, Z, i)))
            l0 = float(np.linalg.norm(a[i]))
            l1 = float(np.linalg.norm(a_rr)) + float(np.linalg.norm(a[i] - a_rr))
            l2 = float(np.linalg.norm(a_rr)) + rho**i * float(np.linalg.norm(a[0] - a_rr)) + nz
            l3 = float(np.linalg.norm(a[0])) + c_rr * float(np.linalg.norm(a_rr)) + c_noise * nz
            row = {"corner": c, "d": dv, "i": i, "norm_I_minus_eta_L": rho, "values": [l0, l1, l2, l3], "eta_a": eta}
            checks["D14,1"].append((l0 <= l1 * (1 + 1e-10), row))
            checks["D14,2"].append((l1 <= l2 * (1 + 1e-10), row))
            checks["D14,3"].append((l2 <= l3 * (1 + 1e-10), row))
    res = []
    for k, rows in checks.items():
        bad = [r for ok, r in rows if not ok]
        res.append(
            {
                "relation": (3, "D14", int(k[-1])),
                "holds": not bad,
                "worst": bad[0] if bad else rows[0][1],
                "why": k if k != "D14,3" else ("‖I − η_aL‖^i‖a_0 − a_RR‖ > ‖a_0‖ + ‖a_RR‖ (‖I − η_aL‖ > 1)"
                                               if (c_rr, c_noise) == (2.0, 1.0) else
                                               f"the middle exceeds ‖a_0‖ + {c_rr:g}‖a_RR‖ + {c_noise:g}η_a‖z'_i‖"),
            }
        )
    ev = {"seed": seed, "eta_rule": eta_rule, "corners": list(corners), "last_coefficients": [c_rr, c_noise]}
    measured = _numeric_verdict("‖ã_i‖ chain", res, ev)
    d14_3 = next(r for r in res if r["relation"] == (3, "D14", 3))
    if eta_rule != "paper" or d14_3["holds"] or [r for r in res if not r["holds"] and r is not d14_3]:
        return measured
    return _iterate_chain_asymptotic(d14_3, res, ev)


def _iterate_chain_asymptotic(d14_3: dict, res: list[dict], ev: dict) -> Verdict:
    """(3, D14, 3) ‖I−η_aL‖^i‖a_0 − a_RR‖ ≤ ‖a_0‖ + ‖a_RR‖ follows from ‖I − η_aL‖ ≤ 1 (the triangle inequality), and
    fails for large i where ‖I − η_aL‖ > 1 (ρ^i grows; a_0 ≠ a_RR): for d large it holds exactly where the contraction
    does (dpgd.contraction-regime, whose regime and asymptotic witness it takes, referee J). A failure measured at
    d = NUM_D at a corner inside that region is a finite-size one (d below the crossover dimension the contraction
    check computes from the measured λ_max(K_n)): recorded, never the witness."""
    contraction = check_contraction_regime()
    reg = contraction.regime
    worst = d14_3["worst"]
    point = corner_point(SIMULATED_CORNERS[worst["corner"]])
    inside = ADMISSIBLE.restrict(*CONTRACTION_CONDITIONS).contains({**point, "q": 1})
    crossover = contraction.evidence["crossovers"].get(worst["corner"], {}).get("log10_crossover_d", {})
    largest = max((v for v in crossover.values() if v is not None), default=None)
    ev = {**ev, "relations_checked": res, "contraction_regime": reg,
          "measured_failure": {**worst, "corner_inside_the_contraction_region": inside, "crossover": crossover}}
    rho_at = worst["norm_I_minus_eta_L"]
    finite = (f"at d = {worst['d']} it fails at '{worst['corner']}' (‖I − η_aL‖ = {rho_at:.3g}), "
              + (f"a corner inside that region, where d is far below the crossover d ≈ 10^{largest:g} (from the "
                 "measured λ_max(K_n)): a finite-size failure, not a witness" if inside and largest is not None else
                 "a corner inside that region: a finite-size failure" if inside else "a corner outside that region"))
    if reg["holds_on"] == "all":
        return verified("simulation+exact", "(3, D14, 1)–(3, D14, 3) hold for d large on the whole region (the "
                        f"contraction holds there); {finite}", regime=reg, **ev)
    return refuted(
        "simulation+exact",
        "(3, D14, 1) and (3, D14, 2) hold at every corner and step; (3, D14, 3) needs ‖I − η_aL‖ ≤ 1, so for d large "
        f"it holds exactly where the contraction does ({', '.join(reg['conditions'])}, dpgd.contraction-regime) and "
        f"fails off it, e.g. at {reg['witness']['point']} (ρ > 1, ρ^i grows); {finite}",
        witness=reg["witness"],
        regime=reg,
        failing_relations=[(3, "D14", 3)],
        **ev,
    )


#: the relations of §4.3.2's induction split, as (display, index)
INDUCTION_SPLIT_KEYS = ("D20,1", "D21,1", "D21,2", "D21,3", "D21,4", "D21,5", "D21,6", "D22,1", "D22,2", "D28,1")


def _induction_split_failures(corners, dv: int, steps: int, seed: int, z_prime, eta_rule: str) -> dict[str, Any]:
    """The relations of :data:`INDUCTION_SPLIT_KEYS` that fail on the noisy trajectories of ``corners`` with the step
    size ``eta_rule`` ("stable" or Assumption 4's "paper"), each with where it first failed."""
    bad: dict[str, Any] = {}
    for c in corners:
        run, eta, _Lm, M, Z, a = _trajectory(c, dv, steps, seed, eta_rule)
        Phi = phi_matrix(run).T
        _, y = run["_problem"].data_a.materialise()
        a_rr, a0 = run["_a_rr"], run["_result"].a0
        rng = np.random.default_rng([seed, dv, 1])
        j = int(np.argmax(np.abs(Phi @ a_rr - y)))
        xj = rng.standard_normal(dv)
        _, a_loo, _ = replace_one(run, j, xj, float(run["_problem"].target(np.array([xj @ run["_problem"].mu]))[0]))
        for i in range(steps + 1):
            zp = z_prime(M, Z, i)  # every relation that uses z′_i reads the one given (referee AG, F4)
            Mi = np.linalg.matrix_power(M, i)
            ph, yy = Phi[:, :], y
            v = np.abs(ph @ a[i] - yy)
            t1 = np.abs(ph @ (a[i] - a_rr))
            t2 = np.abs(ph @ a_rr - yy)
            vals = {
                "D20,1": (v, np.abs(ph @ a[i]) + np.abs(yy)),
                "D21,1": (v, np.abs(ph @ a[i] - ph @ a_rr + ph @ a_rr - yy)),
                "D21,2": (v, np.abs(ph @ a[i] - ph @ a_rr) + t2),
                "D21,3": (np.abs(ph @ a[i] - ph @ a_rr) + t2, t1 + t2),
                "D21,4": (t1 + t2, np.abs(ph @ (Mi @ (a0 - a_rr) + eta * zp)) + t2),
                "D21,5": (t1 + t2, np.abs(ph @ (Mi @ (a0 - a_rr))) + np.abs(eta * (ph @ zp)) + t2),
                "D21,6": (
                    np.abs(ph @ (Mi @ (a0 - a_rr))) + np.abs(eta * (ph @ zp)) + t2,
                    np.abs(ph @ (Mi @ (a0 - a_loo)))
                    + np.abs(ph @ (Mi @ (a_loo - a_rr)))
                    + np.abs(eta * (ph @ zp))
                    + t2,
                ),
                "D22,1": (t2, np.abs(ph @ a_rr) + np.abs(yy)),
                "D22,2": (
                    np.abs(ph @ a_rr) + np.abs(yy),
                    np.linalg.norm(ph, axis=1) * np.linalg.norm(a_rr) + np.abs(yy),
                ),
                "D28,1": (
                    np.array([np.linalg.norm(a[i] - a_rr)]),
                    np.array([np.linalg.norm(M, 2) ** i * np.linalg.norm(a0 - a_rr) + eta * np.linalg.norm(zp)]),
                ),
            }
            equal = {"D21,1", "D21,3", "D21,4"}
            for k, (lhs, rhs) in vals.items():
                ok = (
                    np.allclose(lhs, rhs, rtol=1e-8, atol=1e-10)
                    if k in equal
                    else bool(np.all(lhs <= rhs * (1 + 1e-10) + 1e-12))
                )
                if not ok and k not in bad:
                    bad[k] = {"corner": c, "d": dv, "i": i}
    return bad


def check_induction_split(
    corners=NUM_CORNERS, dv: int = NUM_D, steps: int = 4, seed: int = 27, z_prime=unrolled_z_prime
) -> Verdict:
    """The identities and triangle inequalities of §4.3.2 on noisy trajectories (stable η_a), every sample j, i ≤ steps:
    (3, D20, 1), (3, D21, 1)–(3, D21, 6) (a^{(i)}_RR: sample j replaced), (3, D22, 1), (3, D22, 2), (3, D28, 1)."""
    keys = list(INDUCTION_SPLIT_KEYS)
    bad = _induction_split_failures(corners, dv, steps, seed, z_prime, "stable")
    res = [
        {"relation": (3, k.split(",")[0], int(k.split(",")[1])), "holds": k not in bad, "worst": bad.get(k), "why": k}
        for k in keys
    ]
    reading = ("z′_i = Σ_k (I − η_aL)^{k−1} z_{i−k} (unrolled, as §4.3.2's S_3 display uses it)"
               if z_prime is unrolled_z_prime else getattr(z_prime, "__name__", "the z′_i given"))
    v = _numeric_verdict(
        f"§4.3.2 induction split (read with {reading} and a stable η_a = 1/(2(λ_max(K_n)+λ)), not Assumption 4's)",
        res,
        {"seed": seed, "steps": steps, "corners": list(corners), "step_size": "η_a = 1/(2(λ_max(K_n)+λ)) (stable)",
         "z_prime_reading": reading},
    )
    if v.verdict != "verified":
        return v
    # each relation is an identity (±φ_jᵀa_RR inserted, the unrolled recursion) or a triangle / Cauchy–Schwarz
    # inequality, and (3, D28, 1)'s ‖M^i‖ ≤ ‖M‖^i holds for every M: no contraction is used, so Assumption 4's η_a,
    # outside the contraction region on part of it, changes nothing — run with it too (referee CV, CV-L5: recorded
    # "undecided: not run")
    paper_bad = _induction_split_failures(corners, dv, steps, seed, z_prime, "paper")
    paper_step = ("all: the relations are identities and triangle or Cauchy–Schwarz inequalities, ‖M^i‖ ≤ ‖M‖^i for "
                  "every M, so no contraction is used; they hold at every corner and step with Assumption 4's η_a too"
                  if not paper_bad else
                  f"part: {', '.join(sorted(paper_bad))} fail with Assumption 4's η_a (first at "
                  f"{next(iter(paper_bad.values()))})")
    v = dataclasses.replace(v, evidence=dict(v.evidence) | {"with_assumption4_step": {"failing": paper_bad}})
    # the readings in a regime record (referee AX F2: as evidence the count of reading-qualified verdicts missed them)
    return Verdict(v.verdict, v.method, v.detail, v.evidence, v.corrected, {
        "region": f"the simulated corners ({', '.join(corners)}), {steps} steps", "holds_on": "all", "conditions": [],
        "readings": {f"z′_i read as {reading}, stable η_a = 1/(2(λ_max(K_n)+λ))": "all: every relation at every "
                     "corner",
                     "z′_i as printed, (3, P23, 1)'s Σ_j z_j": "none: (3, D21, 4) fails with it (dpgd.recursion)",
                     "Assumption 4's η_a": paper_step}})


# the per-sample gradient (3, P23, 3) and the label bound (3, P30, 5)
_a1, _a2, _f1, _f2, _y = sp.symbols("a_1 a_2 varphi_1 varphi_2 y", real=True)
PER_SAMPLE_LOSS = (_f1 * _a1 + _f2 * _a2 - _y) ** 2 + lam * (_a1**2 + _a2**2)
GRADIENT_PRINTED = (_f1 * _a1 + _f2 * _a2 - _y) * _f1 + 2 * lam * _a1


#: the square loss's other normalisation, ½(φᵀa − y)², with λ‖a‖² kept (referee BL: it gives the printed g_{i,j}; §4.3's
#: L = 2K_n + 2λI is the Hessian of the unhalved loss, so this reading is local to the g_{i,j} line)
HALVED_DATA_LOSS = (_f1 * _a1 + _f2 * _a2 - _y) ** 2 / 2 + lam * (_a1**2 + _a2**2)
PER_SAMPLE_GRADIENT_TITLE = "The per-sample gradient g_{i,j}"


def gradient_steps(printed: sp.Expr = GRADIENT_PRINTED, loss: sp.Expr = PER_SAMPLE_LOSS) -> tuple[Step, ...]:
    """(3, P23, 3): the first coordinate of ∇_a ``loss`` (default (φᵀa − y)² + λ‖a‖²; p = 2 suffices) against the
    printed g_{i,j}."""
    return (Step((3, "P23", 3), _st(sp.diff(loss, _a1), "=", printed), "identity"),)


def check_per_sample_gradient(printed: sp.Expr = GRADIENT_PRINTED) -> Verdict:
    """(3, P23, 3) with Part 1's loss (φᵀa − y)² + λ‖a‖², and, when that fails, under the other normalisation of the
    square loss, ½(φᵀa − y)² + λ‖a‖², decided by the same identity check."""
    v = check_chain(gradient_steps(printed), PER_SAMPLE_GRADIENT_TITLE)
    if v.verdict != "refuted":
        return v
    halved = check_chain(gradient_steps(printed, HALVED_DATA_LOSS), PER_SAMPLE_GRADIENT_TITLE)
    return as_printed_and_intended(
        v, region="every a, φ_j, y_j, λ",
        printed="part: only where (φ_jᵀa − y_j)φ_j = 0 (∇_a[(φ_jᵀa − y_j)² + λ‖a‖²] has the data term "
        "2(φ_jᵀa − y_j)φ_j)",
        intended="the data term halved, ½(φ_jᵀa − y_j)² + λ‖a‖² (the square loss's 1/(2n) convention; §4.3's "
        "L = 2K_n + 2λI is the unhalved loss's Hessian)",
        intended_holds=halved.verdict == "verified", why_not=halved.detail)


def check_label_polynomial(bound: sp.Expr | None = None, target: sp.Expr | None = None) -> Verdict:
    """(3, P30, 5): |σ_*(z)| ≲ |z|^q as a pointwise bound (hidden constant free): the supremum of |σ_*(z)|/``bound``
    over z must be finite. σ_* = He_3 + He_1 = z³ − 2z (q = 3); default bound |z|^q (printed), corrected 1 + |z|^q."""
    zz = S.z
    target = zz**3 - 2 * zz if target is None else target
    bound = sp.Abs(zz) ** 3 if bound is None else bound
    lim0 = sp.limit(sp.Abs(target) / bound, zz, 0, "+")
    liminf = sp.limit(sp.Abs(target) / bound, zz, sp.oo)
    grid = [float(k) / 100 for k in range(-1000, 1001) if k != 0]
    f = sp.lambdify(zz, sp.Abs(target) / bound, "math")
    sup = max(f(x) for x in grid)
    ev = {
        "target": str(target),
        "bound": str(bound),
        "limit_at_0": str(lim0),
        "limit_at_infinity": str(liminf),
        "sup_on_grid_|z|<=10": sup,
    }
    stmt_rel = [(3, "P30", 5)]
    if lim0 in (sp.oo, -sp.oo) or liminf in (sp.oo, -sp.oo):
        printed = bound == sp.Abs(zz) ** 3 and sp.expand(target - (zz**3 - 2 * zz)) == 0  # the paper's case
        fixed = printed and check_label_polynomial(1 + sp.Abs(zz) ** 3, target).verdict == "verified"
        at_zero = lim0 in (sp.oo, -sp.oo)
        where = ("as z → 0: σ_*(z) has a term of degree below q, so |σ_*(z)| ≲ |z|^q fails near 0 (the conclusion "
                 "|y_i| ≲ log^q d still holds: |σ_*(z)| ≲ 1 + |z|^q)") if at_zero else \
            "as z → ∞: σ_*(z) grows faster than the bound"
        v = refuted(
            "symbolic",
            f"|σ_*(z)|/({bound}) → {lim0 if at_zero else liminf} {where} (σ_*(z) = {target})",
            corrected=_st(sp.Abs(sp.Symbol(r"\sigma_*(z)")), "lesssim", 1 + sp.Abs(zz) ** q) if fixed else None,
            witness={"z": "0+" if at_zero else "+oo", "ratio_limit": str(lim0 if at_zero else liminf)},
            relations=stmt_rel,
            **ev,
        )
        if not printed:
            return v
        return as_printed_and_intended(  # referee AZ F5: the use (|y_i| ≲ log^q d) needs only |z| ≥ 1 or the + 1
            v, region="every real z", printed="part: fails only near z = 0 (|σ_*(z)|/|z|^q → ∞)",
            intended="|σ_*(z)| ≲ 1 + |z|^q (equivalently ≲ |z|^q for |z| ≥ 1, all that |y_i| ≲ log^q d uses)",
            intended_holds=fixed, why_not="the bound 1 + |z|^q failed the same check")
    return verified(
        "symbolic+numeric",
        f"sup |σ_*(z)|/({bound}) is finite (≈ {sup:.3g} on |z| ≤ 10; limits {lim0}, {liminf})",
        relations=stmt_rel,
        **ev,
    )


CLAIMS += [
    Claim(
        "ridge.closed-form",
        "The closed form of a_RR",
        "Part 3, §4.2",
        r"a_\RR = \frac{1}{n} \left(K_n + \lambda \id\right)^{-1} \Phi Y",
        "Φ, K_n of §4.2",
        check_closed_form,
        relations=((3, "P11", 2), (3, "P22", 3)),
    ),
    Claim(
        "ridge.svd-identities",
        "SVD identities of §4.3.1",
        "Part 3, §4.3.1",
        r"L = 2U(\tfrac1n\Lambda^2+\lambda\id)U^\intercal,\ (K_n+\lambda\id)^{-1}\Phi = nU(\Lambda^2+\lambda n\id)^{-1}"
        r"\Lambda V^\intercal",
        "Φ = UΛVᵀ",
        check_svd_identities,
        relations=((3, "D12", 2), (3, "D12", 3), (3, "D13", 1), (3, "D16", 1)),
    ),
    Claim(
        "dpgd.recursion-steps",
        "The recursion of ã_i line by line (with the printed z'_i)",
        "Part 3, §4.3",
        r"\tilde a_{i+1} - a_\RR = (\id - \eta_a L)^{i+1}(a_0 - a_\RR) + \eta_a z'_{i+1},\ z'_i = \sum_{j=1}^i z_j",
        "no clipping",
        check_recursion_steps,
        depends_on=("dpgd.recursion",),
        relations=((3, "D11", 1), (3, "D11", 2), (3, "D11", 3), (3, "D11", 5), (3, "P23", 1)),
    ),
    Claim(
        "ridge.loo-chain",
        "The leave-one-out loss comparison",
        "Part 3, §4.2",
        r"\mathcal L(f^{(i)}_\RR) - \mathcal L(f_\RR) \le \frac1n[|f_\RR(x') - f^{(i)}_\RR(x')| + |f^{(i)}_\RR(x_i) - "
        r"f_\RR(x_i)|] \le 2\frac{\sqrt p}{n}\|a_\RR - a^{(i)}_\RR\|",
        "one sample replaced",
        check_loo_chain,
        relations=((3, "P15", 1), (3, "P15", 2), (3, "D4", 1), (3, "D4", 2), (3, "D5", 1), (3, "D5", 2)),
    ),
    Claim(
        "clip.iterate-chain",
        "The ‖ã_i‖ chain under Assumption 4's η_a",
        "Part 3, §4.3.1",
        r"\|\tilde a_i\| \le \|a_\RR\| + \|\id-\eta_aL\|^i\|a_0-a_\RR\| + \eta_a\|z'_i\| \le \|a_0\| + 2\|a_\RR\| + "
        r"\eta_a\|z'_i\|",
        "Assumption 4, T = d^{ε_n} steps",
        check_iterate_chain,
        depends_on=("dpgd.contraction-regime",),
        relations=((3, "D14", 1), (3, "D14", 2), (3, "D14", 3)),
    ),
    Claim(
        "clip.induction-split",
        "Identities and triangle inequalities of §4.3.2 and §4.5",
        "Part 3, §4.3.2, §4.5",
        r"|\varphi_j^\intercal\tilde a_i - y_j| \le S_1 + S_2 + S_3 + S_4",
        "stable η_a, no clipping",
        check_induction_split,
        depends_on=("dpgd.recursion-steps",),
        relations=(
            (3, "D20", 1),
            (3, "D21", 1),
            (3, "D21", 2),
            (3, "D21", 3),
            (3, "D21", 4),
            (3, "D21", 5),
            (3, "D21", 6),
            (3, "D22", 1),
            (3, "D22", 2),
            (3, "D28", 1),
        ),
    ),
    Claim(
        "clip.per-sample-gradient",
        PER_SAMPLE_GRADIENT_TITLE,
        "Part 3, §4.3",
        gradient_steps()[-1].statement,
        "the loss (φᵀa − y)² + λ‖a‖² of Part 1",
        check_per_sample_gradient,
        relations=tuple(s.key for s in gradient_steps()),
    ),
    Claim(
        "ridge.label-polynomial-bound",
        "|σ_*(z)| ≲ |z|^q",
        "Part 3, §4.3.1",
        _st(sp.Abs(S.z**3 - 2 * S.z), "lesssim", sp.Abs(S.z) ** 3),
        "σ_* = He_3 + He_1 (q = 3)",
        check_label_polynomial,
        relations=((3, "P30", 5),),
    ),
]
