"""Part 3 (§4.2–§4.5, second layer) and the consistency of Theorem 1's rate with it.

Numerical claims are checked on matrices and runs of the simulator (:mod:`theorycheck.simulator`)
with the ``paper`` preset (Assumption 4 verbatim, hidden constants 1, natural logs) in the regime of
Assumption 2 (n = ⌈d^{1+3ε_n}⌉, p = ⌈d^{ε_p}⌉, ε_n = 1/5, ε_p = 1, σ_* = He_3 + He_1, so q = 3,
ε = 1, δ = 1e-5). Seeds and measured figures are in the evidence. Algebraic chains are checked
with SymPy; asymptotic inequalities with mpmath in log space.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable

import mpmath
import numpy as np
import sympy as sp

from theorycheck import Claim, inconclusive, refuted, verified
from theorycheck.claims import AT_MOST, Verdict
from theorycheck.numerics import bisect_predicate, floats_exact
from theorycheck.statement import Norm, Statement, paper_latex

from . import symbols as S
from .part3_common import (
    EPS_N,
    SEED,
    SIMULATED_CORNERS,
    brief,
    phi_matrix,
    replace_one,
    run_corner,
    run_paper,
)
from .regime import as_printed_and_intended, constant_readings

DS = (32, 64, 128)
REL_TOL = 1e-9

# the module's historical names for the shared helpers (proofs.part3_common holds them, public)
_run = run_paper
_phi = phi_matrix
_brief = brief
_replace_one = replace_one


# ---------------------------------------------------------------------------------------------
# §4.3.1: the resolvent (K_n + λI)^{-1} Φ
# ---------------------------------------------------------------------------------------------


#: (3, 16)'s bound on the resolvent: ‖(K_n + λI)^{-1}Φ‖ ≤ (d^{ε_n}/2)√(n/p)
RESOLVENT_BOUND = S.d**S.eps_n / 2 * sp.sqrt(S.n / S.p)
#: its source: with K_n = ΦΦᵀ/n the norm is max_s ns/(s² + λn) over Φ's singular values s ≤ √n/(2√λ) (AM–GM), for
#: every Φ; with Assumption 4's λ = p/d^{2ε_n} that is (d^{ε_n}/2)√(n/p)
AM_GM_BOUND = sp.sqrt(S.n) / (2 * sp.sqrt(S.LAMBDA))
#: corners the resolvent is also measured at (d = 32): ε_p ≠ 5ε_n, so that bounds that swap p and d differ there
#: (referee X: at the paper's p = d they coincide), and a network wider than n
RESOLVENT_CORNERS: tuple[tuple[str, int], ...] = (("small eps_p", 32), ("small eps_n", 32), ("wide (p > n)", 32))


def check_resolvent_norm(
    bound: sp.Expr = RESOLVENT_BOUND, ds=DS, sigma_Ws=(None, 0.0), corners=RESOLVENT_CORNERS
) -> Verdict:
    """‖(K_n + λI)^{-1}Φ‖ ≤ ``bound`` (a SymPy expression in d, n, p, ε_n; paper: (d^{ε_n}/2)√(n/p)).

    Proved for every Φ when bound/(√n/(2√λ)) (:data:`AM_GM_BOUND`, Assumption 4's λ) simplifies to a constant ≥ 1;
    measured (the spectral norm computed directly from the matrix) on paper-preset runs (Assumption 4's σ_W and the
    first-layer noise off) and at :data:`RESOLVENT_CORNERS`: refuted when a run exceeds the bound; inconclusive when
    neither decides (a bound below the AM–GM one need not be exceeded: the maximum over s need not be attained)."""
    evaluate = sp.lambdify((S.d, S.n, S.p, S.eps_n), bound, "math")
    ratio = sp.simplify(bound / AM_GM_BOUND)
    proved = bool(ratio.is_number and ratio >= 1)
    runs = [(_run(d, SEED, sW), d, EPS_N) for d in ds for sW in sigma_Ws]
    runs += [(run_corner(corner, d), d, SIMULATED_CORNERS[corner]["eps_n"]) for corner, d in corners]
    rows = []
    for run, d, en in runs:
        Phi, n, p, lam = _phi(run), run["n"], run["p"], run["hp_lam"]
        M = np.linalg.solve(run["_stats"].K + lam * np.eye(p), Phi)
        norm = float(np.linalg.norm(M, 2))
        value = float(evaluate(d, n, p, en))
        rows.append(
            {
                **_brief(run),
                "eps_n": en,
                "measured_norm": norm,
                "claimed_bound": value,
                "ratio": norm / value,
                "sqrt_n_over_2sqrt_lambda": math.sqrt(n) / (2 * math.sqrt(lam)),
            }
        )
    worst = max(rows, key=lambda r: r["ratio"])
    ev = {"bound": str(bound), "bound_over_am_gm": str(ratio), "runs": rows, "tolerance": REL_TOL,
          "worst_ratio": worst["ratio"], "seed": SEED, "corners": [c for c, _ in corners]}
    if worst["ratio"] > 1 + REL_TOL:
        return refuted(
            "simulation+numeric",
            f"‖(K_n+λI)^(-1)Φ‖ = {worst['measured_norm']:.4g} exceeds the claimed bound ${paper_latex(bound)}$ = "
            f"{worst['claimed_bound']:.4g} at d = {worst['d']}, n = {worst['n']}, p = {worst['p']}",
            witness=worst,
            **ev,
        )
    if proved:
        return verified(
            "simulation+numeric",
            f"${paper_latex(bound)}$ = {sp.latex(ratio)}·√n/(2√λ) with Assumption 4's λ, and ‖(K_n+λI)^{{-1}}Φ‖ = "
            "max_s ns/(s² + λn) ≤ √n/(2√λ) (AM–GM) for every Φ; the measured norm stays below it on every run "
            f"(worst ratio {worst['ratio']:.5f}; p = d, and at {', '.join(c for c, _ in corners)})",
            **ev,
        )
    return inconclusive(
        "simulation+numeric",
        f"no run exceeds ${paper_latex(bound)}$ (worst ratio {worst['ratio']:.5f}), but it is {sp.latex(ratio)} times "
        "the AM–GM bound √n/(2√λ), not provably above it: the norm max_s ns/(s² + λn) may still exceed it at some Φ",
        **ev,
    )


def paper_resolvent_middle(s: np.ndarray, lam: float, n: int) -> float:
    """The chain's middle term n‖Φ‖/(‖Φ‖² + λn): the SVD expression evaluated at s = ‖Φ‖ = s_max."""
    return n * s[0] / (s[0] ** 2 + lam * n)


def corrected_resolvent_middle(s: np.ndarray, lam: float, n: int) -> float:
    """max_i n s_i/(s_i² + λn) over the singular values s_i of Φ."""
    return float(np.max(n * s / (s**2 + lam * n)))


def check_resolvent_chain(
    claimed: Callable[[np.ndarray, float, int], float] = paper_resolvent_middle,
    ds=DS,
    sigma_Ws=(None, 0.0),
    corners: tuple[tuple[str, int], ...] = (("small eps_p", 32), ("small eps_p", 64)),
) -> Verdict:
    """The chain's middle equality ‖(K_n+λI)^{-1}Φ‖ = n‖Φ‖/(‖Φ‖²+λn) against the directly computed norm.

    Runs with Assumption 4's σ_W (``None``) are in the paper's region; σ_W = 0 (no first-layer noise) is side
    evidence. ``corners`` adds runs at named corners of the region (:data:`proofs.regime.CORNERS`, Assumption 4's
    σ_W). The witness is the worst failing run in the region when there is one."""
    rows = []
    runs = [(_run(d, SEED, sW), sW is None) for d in ds for sW in sigma_Ws]
    runs += [(run_corner(corner, d), True) for corner, d in corners]
    for run, in_region in runs:
        Phi, n, p, lam = _phi(run), run["n"], run["p"], run["hp_lam"]
        s = np.linalg.svd(Phi, compute_uv=False)
        norm = float(np.linalg.norm(np.linalg.solve(run["_stats"].K + lam * np.eye(p), Phi), 2))
        claim = float(claimed(s, lam, n))
        rows.append(
            {
                **_brief(run),
                "measured_norm": norm,
                "claimed": claim,
                "rel_error": abs(claim - norm) / norm,
                "corrected_max_formula": corrected_resolvent_middle(s, lam, n),
                "s_max": float(s[0]),
                "s_attaining": float(s[int(np.argmax(n * s / (s**2 + lam * n)))]),
                "s_min": float(s[-1]),
                "sqrt_lambda_n": math.sqrt(lam * n),
                "in_region": in_region,
            }
        )
    worst = max(rows, key=lambda r: r["rel_error"])
    ev = {"runs": rows, "tolerance": REL_TOL, "achieved_error": worst["rel_error"], "seed": SEED}
    failing_in_region = [r for r in rows if r["in_region"] and r["rel_error"] > REL_TOL]
    if failing_in_region:
        worst = max(failing_in_region, key=lambda r: r["rel_error"])
    if worst["rel_error"] > REL_TOL:
        ok = all(abs(r["corrected_max_formula"] - r["measured_norm"]) / r["measured_norm"] < REL_TOL for r in rows)
        return refuted(
            "simulation+numeric",
            f"at d = {worst['d']}, ε_n = {worst['eps_n']:g}, ε_p = {worst['eps_p']:g} (σ_W = {worst['sigma_W']:.3g}"
            + (", Assumption 4's" if worst["in_region"] else ", outside Assumption 4: no first-layer noise")
            + f") the norm is "
            f"{worst['measured_norm']:.6g} but n‖Φ‖/(‖Φ‖²+λn) = {worst['claimed']:.6g}: the norm is max_i "
            f"ns_i/(s_i²+λn), and s ↦ ns/(s²+λn) decreases beyond √(λn) = {worst['sqrt_lambda_n']:.4g} < ‖Φ‖ = "
            f"{worst['s_max']:.4g}, so the maximum is at the singular value s = {worst['s_attaining']:.4g}, not ‖Φ‖; "
            "the conclusion §4.3 uses, ‖(K_n + λI)^{−1}Φ‖ ≤ √n/(2√λ) = (d^{ε_n}/2)√(n/p), holds (ns/(s² + λn) ≤ "
            "√n/(2√λ) for every s, AM–GM; referee DC, F6)",
            corrected=(
                r"\|(K_n+\lambda I)^{-1}\Phi\| = \max_i \frac{n s_i}{s_i^2+\lambda n} \le "
                r"\frac{\sqrt n}{2\sqrt\lambda}"
            )
            if ok
            else None,
            witness=worst,
            **ev,
        )
    return verified(
        "simulation+numeric",
        f"the middle equality matches the direct norm to {worst['rel_error']:.1e} on every run",
        **ev,
    )


# ---------------------------------------------------------------------------------------------
# §4.2: leave-one-out stability of ridge regression and the strong convexity step
# ---------------------------------------------------------------------------------------------


def paper_loo_bound(d: float, n: float, p: float, eps_n: float) -> float:
    """2 d^{2ε_n} / (n √p)."""
    return 2 * d ** (2 * eps_n) / (n * math.sqrt(p))


#: the leave-one-out bound with the residual factor kept: ‖a_RR^{(i)} − a_RR‖ ≤ d^{2ε_n}(|r_i| + |r'|)/(n√p), r the
#: ridge residuals y − φᵀa_RR at the replaced sample and at the new one (r' with a_RR, before the refit)
_r_i, _r_new = sp.Symbol("r_i", real=True), sp.Symbol("r'", real=True)
LOO_CORRECTED = Statement(Norm(sp.Symbol(r"a^{(i)}_{RR} - a_{RR}")), "<=",
                          S.d ** (2 * S.eps_n) * (sp.Abs(_r_i) + sp.Abs(_r_new)) / (S.n * sp.sqrt(S.p)))
#: its evaluator, generated from the statement (one formula, one home): (d, n, p, ε_n, r_i, r') → the bound
LOO_CORRECTED_BOUND = sp.lambdify((S.d, S.n, S.p, S.eps_n, _r_i, _r_new), LOO_CORRECTED.rhs, "math")


def check_loo_stability(
    claimed: Callable[[float, float, float, float], float] = paper_loo_bound, ds=DS, candidates: int = 64,
    corrected_bound: Callable[..., float] = LOO_CORRECTED_BOUND,
) -> Verdict:
    """Replace one sample (the largest ridge residual; and a random one) by a fresh x' (the largest |y'| among
    ``candidates`` fresh draws) and compare ‖a_RR^{(i)} − a_RR‖ with the claim. Also checks the intermediate
    |f(x') − f^{(i)}(x')| ≤ ‖Δa‖ √p, and the corrected bound (:data:`LOO_CORRECTED`; ``corrected_bound`` its
    evaluator, which tests perturb) at every run."""
    rows = []
    intermediate_ok = True
    for d in ds:
        run = _run(d)
        X, y = run["_problem"].data_a.materialise()
        mu, target = run["_problem"].mu, run["_problem"].target
        res = run["_result"]
        resid = np.tanh(X @ res.W1 + res.b) @ run["_a_rr"] - y
        rng = np.random.default_rng([SEED, d, 11])
        Xn = rng.standard_normal((candidates, d))
        yn = target(Xn @ mu)
        j = int(np.argmax(np.abs(yn)))
        for label, i in (("largest residual", int(np.argmax(np.abs(resid)))), ("random", int(rng.integers(run["n"])))):
            a, a2, phi_new = _replace_one(run, i, Xn[j], float(yn[j]))
            delta = float(np.linalg.norm(a2 - a))
            bound = float(claimed(d, run["n"], run["p"], EPS_N))
            df = abs(float(phi_new @ (a - a2)))
            intermediate_ok &= df <= delta * math.sqrt(run["p"]) * (1 + 1e-12)
            # the corrected bound d^{2ε_n}(|r_i| + |r'|)/(n√p), r' = y' − φ'ᵀa_RR the new sample's residual
            r_new = float(yn[j]) - float(phi_new @ a)
            bound_kept = float(corrected_bound(d, run["n"], run["p"], EPS_N, float(resid[i]), r_new))
            rows.append(
                {
                    **_brief(run),
                    "replaced": label,
                    "i": i,
                    "residual_i": float(resid[i]),
                    "y_new": float(yn[j]),
                    "norm_delta_a": delta,
                    "claimed_bound": bound,
                    "ratio": delta / bound,
                    "f_diff_at_x_new": df,
                    "norm_delta_a_sqrt_p": delta * math.sqrt(run["p"]),
                    "residual_new": r_new,
                    "corrected_bound": bound_kept,
                    "ratio_to_corrected": delta / bound_kept,
                }
            )
    worst = max(rows, key=lambda r: r["ratio"])
    # referee EG (LOW): the refutation gave no correction; the bound with the residual factor kept is proved for
    # every data set (a' − a = (K_n' + λI)^{−1}(φ'r' − φ_ir_i)/n, ‖φ‖ ≤ √p, λ = p/d^{2ε_n}) and checked at every run
    corrected_holds = all(r["ratio_to_corrected"] <= 1 + REL_TOL for r in rows)
    ev = {
        "runs": rows,
        "seed": SEED,
        "candidates": candidates,
        "intermediate_cauchy_schwarz_holds": intermediate_ok,
        "note": "the derivation compares the losses linearly: (u−y)² − (v−y)² = (u−v)(u+v−2y) loses the factor "
        "|u+v−2y| (residuals of size up to log^q d), which the measured ratio reflects",
    }
    if worst["ratio"] > 1 + REL_TOL:
        return refuted(
            "simulation+numeric",
            f"replacing sample {worst['i']} ({worst['replaced']}) at d = {worst['d']} "
            f"moves a_RR by {worst['norm_delta_a']:.4g}, {worst['ratio']:.1f}× the claimed "
            f"2d^(2ε_n)/(n√p) = {worst['claimed_bound']:.3g}; with the residual factor kept, ‖a^(i) − a‖ ≤ "
            f"d^(2ε_n)(|r_i| + |r'|)/(n√p) for every data set (proved), "
            + (f"which every run meets (largest ratio {max(r['ratio_to_corrected'] for r in rows):.3f})"
               if corrected_holds else "which a run does not meet"),
            corrected=LOO_CORRECTED if corrected_holds else None,
            witness=worst,
            **ev,
        )
    return verified(
        "simulation+numeric",
        f"every replacement moves a_RR by at most the bound (worst ratio {worst['ratio']:.3f})",
        **ev,
    )


#: corners strong convexity is also measured at: a network wider than n, where λ_min(K_n) = 0 and the bound is attained
#: (referee X: at the paper's corner λ_min(K_n)/λ ≈ 0.02, so a constant c slightly above 1 passed there)
CONVEXITY_CORNERS: tuple[tuple[str, int], ...] = (("wide (p > n)", 32),)


#: the relative tolerance on L(a_RR + v) − L(a_RR) ≥ cλ‖v‖² (float64 loss differences)
STRONG_CONVEXITY_TOL = 1e-12


def check_strong_convexity(growth_constant: float = 1.0, ds=DS, directions: int = 20,
                           corners=CONVEXITY_CORNERS) -> Verdict:
    """L(a) − L(a_RR) ≥ c λ ‖a − a_RR‖² (paper: c = 1, from 2λ-strong convexity); exact identity
    L(a) − L(a_RR) = Δᵀ(K_n + λI)Δ, tested on random directions and on the λ_min(K_n) eigenvector, at the paper's
    corner (p = d) and at ``corners`` (p > n there: λ_min(K_n) = 0, so the gap along its eigenvector is λ‖Δ‖² exactly
    and any c > 1 fails)."""
    runs = [_run(d) for d in ds] + [run_corner(corner, d) for corner, d in corners]
    rows = []
    for run in runs:
        d = run["d"]
        st, lam, a_rr = run["_stats"], run["hp_lam"], run["_a_rr"]
        eig, vec = np.linalg.eigh(st.K)
        rng = np.random.default_rng([SEED, d, 3])
        dirs = [vec[:, 0]] + [v / np.linalg.norm(v) for v in rng.standard_normal((directions, len(a_rr)))]
        worst = None
        for k, v in enumerate(dirs):
            gap = st.loss(a_rr + v, lam) - st.loss(a_rr, lam)
            ratio = gap / (growth_constant * lam)
            if worst is None or ratio < worst[0]:
                worst = (ratio, k, gap)
        rows.append(
            {
                **_brief(run),
                "min_gap_over_c_lambda": worst[0],
                "direction": "λ_min eigenvector" if worst[1] == 0 else f"random #{worst[1]}",
                "gap": worst[2],
                "lambda_min_K": float(eig[0]),
            }
        )
    bad = min(rows, key=lambda r: r["min_gap_over_c_lambda"])
    # the float loss difference is good to ~1e-14 here (the smallest ratio at c = 1 is 1 − O(1e-15)): a constant off
    # by 1e-10 is seen (referee EK, EK-4: the tolerance 1e-9 had verified c = 1 + 1e-10 where c = 1 is attained)
    ev = {"runs": rows, "seed": SEED, "growth_constant": growth_constant, "tolerance": STRONG_CONVEXITY_TOL,
          "corners": [c for c, _ in corners]}
    if bad["min_gap_over_c_lambda"] < 1 - STRONG_CONVEXITY_TOL:
        return refuted(
            "simulation+numeric",
            f"along the {bad['direction']} at d = {bad['d']}, p = {bad['p']}, n = {bad['n']}, L(a_RR+v) − L(a_RR) = "
            f"{bad['gap']:.15g} < {growth_constant}·λ = {growth_constant * bad['lambda']:.15g}",
            witness=bad,
            **ev,
        )
    tight = min(rows, key=lambda r: r["lambda_min_K"])
    return verified(
        "simulation+numeric",
        "L(a) − L(a_RR) = Δᵀ(K_n+λI)Δ ≥ λ‖Δ‖² on every tested direction "
        f"(smallest ratio {bad['min_gap_over_c_lambda']:.15g}; at p = {tight['p']}, n = {tight['n']} the smallest "
        f"λ_min(K_n) is {tight['lambda_min_K']:.2g}, 0 up to rounding where p > n: the constant 1 is attained there)",
        **ev,
    )


# ---------------------------------------------------------------------------------------------
# §4.3.1: contraction of I − η_a L
# ---------------------------------------------------------------------------------------------


def paper_contraction(eta: float, lam: float, lam_min: float, lam_max: float) -> float:
    """1 − 2η_a(λ_min(Φ)²/n + λ) = 1 − 2η_a(λ_min(K_n) + λ)."""
    return 1 - 2 * eta * (lam_min + lam)


def corrected_contraction(eta: float, lam: float, lam_min: float, lam_max: float) -> float:
    return max(abs(1 - 2 * eta * (lam_min + lam)), abs(1 - 2 * eta * (lam_max + lam)))


def _contraction_fails_as_d_grows(rows: list[dict]) -> dict:
    """Where π_p < ε_n the step is unstable as d → ∞ (referee AZ F1: the d = 128 witness alone is a finite-d value
    of an identity that holds for large d at that corner): L = 2K_n + 2λI and λ_max(K_n) ≥ tr(K_n)/p, the mean of
    tanh²(⟨w_k, x_j⟩ + b_k), which tends to at least c₀ = E tanh²(Z) (Anderson's inequality: E tanh²(sZ + b) ≥
    E tanh²(sZ) ≥ E tanh²(Z) for s ≥ 1, the columns' norm after the normalisation); so with Assumption 4's
    η_a = d^{ε_n}log²d/p, η_aλ_max(L) ≥ 2c₀ d^{ε_n−π_p} log² d → ∞, and ‖I − η_aL‖ ≥ η_aλ_max(L) − 1 while the
    claimed 1 − 2η_a(λ_min + λ) ≤ 1. At the admissible point ε_n = 1/8, ε_p = π_p = 1/12, ν = 1 + 3ε_n (30 digits);
    the runs' smallest tr(K_n)/p ≤ λ_max(K_n) is recorded beside."""
    from fractions import Fraction

    en, pi = Fraction(1, 8), Fraction(1, 12)
    assert Fraction(3, 16) * pi < en and pi < en  # admissible (Assumption 2, ε_p = π_p) and unstable
    with mpmath.workdps(30):
        c0 = mpmath.quad(lambda z: mpmath.tanh(z) ** 2 * mpmath.npdf(z), [-mpmath.inf, 0, mpmath.inf])
        values = [2 * c0 * mpmath.mpf(10) ** (k * (en - pi)) * (k * mpmath.log(10)) ** 2 for k in (8, 64)]
    return {"point": f"ε_n = {en}, ε_p = π_p = {pi}, ν = 1 + 3ε_n", "exponent_of_d": str(en - pi),
            "c0": mpmath.nstr(c0, 10), "lower_bound_at_d": [mpmath.nstr(v, 6) for v in values], "ds": ["1e8", "1e64"],
            "measured_lambda_max_K_min": min(r["lambda_max_K"] for r in rows)}


def check_contraction(
    claimed: Callable[[float, float, float, float], float] = paper_contraction, ds=DS, require_contraction: bool = True
) -> Verdict:
    """‖I − η_a L‖ (L = 2K_n + 2λI; spectral norm computed directly) under Assumption 4's η_a, λ vs the claim,
    and whether it is < 1."""
    rows = []
    for d in ds:
        run = _run(d)
        st, lam, eta, p = run["_stats"], run["hp_lam"], run["hp_eta_a"], run["p"]
        L = 2 * st.K + 2 * lam * np.eye(p)
        direct = float(np.linalg.norm(np.eye(p) - eta * L, 2))
        eig = run["_eig"]
        claim = float(claimed(eta, lam, float(eig[0]), float(eig[-1])))
        rows.append(
            {
                **_brief(run),
                "norm_direct": direct,
                "claimed": claim,
                "rel_error": abs(claim - direct) / direct,
                "lambda_min_K": float(eig[0]),
                "lambda_max_K": float(eig[-1]),
                "stability_margin_2eta(lmax+lam)": 2 * eta * (float(eig[-1]) + lam),
                "two_eta_lambda": 2 * eta * lam,
                "contracts": direct < 1,
            }
        )
    worst = max(rows, key=lambda r: r["rel_error"])
    asymptotic = _contraction_fails_as_d_grows(rows)
    ok_corr = all(
        abs(corrected_contraction(r["eta_a"], r["lambda"], r["lambda_min_K"], r["lambda_max_K"]) - r["norm_direct"])
        / r["norm_direct"]
        < REL_TOL
        for r in rows
    )
    ev = {
        "runs": rows,
        "seed": SEED,
        "tolerance": REL_TOL,
        "achieved_error": worst["rel_error"],
        "condition": "the equality needs every eigenvalue of η_a L in [0, 1], i.e. η_a(λ_max+λ_min+2λ) ≤ 1; "
        "Assumption 4 gives 2η_aλ = 2log²d/d^{ε_n} > 1 until d ≈ 10^18 (ε_n = 1/5)",
        "as_d_grows": asymptotic,
    }
    if worst["rel_error"] > REL_TOL or (require_contraction and not all(r["contracts"] for r in rows)):
        return refuted(
            "simulation+numeric",
            f"at d = {worst['d']} ‖I − η_a L‖ = {worst['norm_direct']:.4g} (stability margin "
            f"2η_a(λ_max+λ) = {worst['stability_margin_2eta(lmax+lam)']:.3g} > 2: DP-GD diverges) but the claim "
            f"gives {worst['claimed']:.4g} (the printed identity fails exactly at this d; for d large it holds where "
            "η_a(λ_max + λ_min + 2λ) ≤ 1, and where that fails as d → ∞ is decided by dpgd.contraction-regime). It "
            f"fails as d → ∞ too, where π_p < ε_n: at {asymptotic['point']}, η_aλ_max(L) ≥ 2c₀d^{{ε_n−π_p}}log²d "
            f"(c₀ = E tanh²(Z) = {asymptotic['c0']}) is {asymptotic['lower_bound_at_d'][-1]} at d = 10^64, while the "
            "claimed value is ≤ 1",
            corrected=(
                r"\|\mathrm{Id}-\eta_a L\| = \max\left(|1-2\eta_a(\lambda_{\min}(K_n)+\lambda)|,\ "
                r"|1-2\eta_a(\lambda_{\max}(K_n)+\lambda)|\right)"
            )
            if ok_corr
            else None,
            witness=worst,
            **ev,
        )
    return verified(
        "simulation+numeric",
        "‖I − η_a L‖ equals the claimed expression on every run" + (" and is < 1" if require_contraction else ""),
        **ev,
    )


# ---------------------------------------------------------------------------------------------
# §4.3: no clipping under Assumption 4
# ---------------------------------------------------------------------------------------------


def check_no_clipping(
    C_a: Callable[[int], float] | None = None, ds=DS, seeds=(0, 1), regime_wide: bool = True
) -> Verdict:
    """See :func:`_no_clipping`; ``regime_wide``: a verdict that is not a refutation at step 1 is combined with where
    the proof's premise ‖I − η_aL‖ < 1 holds over the region (dpgd.contraction-regime), and the clipped fractions at the
    corners of the region are measured (paper preset, d = 32, 64)."""
    v = _no_clipping(C_a, ds, seeds)
    if not regime_wide or (v.verdict == "refuted" and "first step" in v.detail):
        return v
    import json as _json

    from .part3_common import check_step, merge_regimes, run_corner, with_common_mode_undecided
    from .part3_steps import MEASURE_CORNERS, contraction_steps, step0_clipping_step

    prem = check_step(contraction_steps()[0])
    step0 = check_step(step0_clipping_step())
    corners = {}
    for c in MEASURE_CORNERS:
        corners[c] = {
            str(dv): [float(x) for x in _json.loads(run_corner(c, dv)["clipped_fraction"])] for dv in (32, 64)
        }
    clipping = sum(any(max(fr[1:], default=0.0) > 0 for fr in runs.values()) for runs in corners.values())
    ev = {**v.evidence, "clipped_fraction_at_corners": corners, "premise": prem, "step0_lower_bound": step0}
    regime = with_common_mode_undecided(merge_regimes([prem, step0]) or dict(prem["regime"]))
    mode = ("; undecided where π_p > 2 + ε_b − ν (σ_W²d ≪ p): W_1's common mode makes the step-0 gradient "
            "≍ √(p/(1 + σ_W²d))‖φ_j‖, above C_a where that exceeds d^{2ε_n} (referee J; not reached by the "
            "simulable d)")
    if prem["holds"] and step0["holds"]:
        return Verdict(v.verdict, v.method + "+exact", v.detail + mode, ev, v.corrected, regime)
    contraction = ("the no-clipping argument needs ‖I − η_aL‖ < 1, which with Assumption 4's η_a and the "
                   "measured λ_max(K_n) = Θ(1) fails wherever π_p ≤ ε_n (η_aλ_max ≍ d^{ε_n−π_p}log²d → ∞): the "
                   "iterates grow geometrically there and the per-sample gradients exceed C_a. "
                   if not prem["holds"] else "")
    at_zero = ("At step 0, whatever W_1, ‖g_{0,j}‖ ≥ 2λ − y_j²/2 with |y_j| ≲_P log^q d: every sample is clipped "
               "where 2λ ≫ C_a + log^{2q} d (π_p > 6ε_n; referee CB). " if step0["holds"] is False else "")
    return refuted(
        "simulation+exact",
        contraction + at_zero + "Holds (asymptotically) at most on "
        + ", ".join(regime["conditions"]) + mode + f". Measured: {clipping} of {len(corners)} corners clip after "
        "step 1 at d = 32 or 64 — evidence only (at the corners inside the contraction region those d lie far "
        "below its crossover), not the witness",
        # necessary premises only: fails outside them, not decided inside (referee CQ, F1)
        regime={**regime, "conditions_bound": AT_MOST},
        **{**ev, "witness": regime["witness"], "numeric_verdict": v.detail},
    )


def _no_clipping(C_a: Callable[[int], float] | None = None, ds=DS, seeds=(0, 1)) -> Verdict:
    """Clipped fraction per step of DP-GD under Assumption 4 (paper preset; ``C_a(d)`` overrides the clipping
    constant). Clipping at step 1 (a = a_0: no premise of the proof involved) refutes; clipping only after the
    iterates have grown (stability margin > 2) is pre-asymptotic: inconclusive."""
    rows = []
    for d in ds:
        for seed in seeds:
            run = _run(d, seed, None, None if C_a is None else float(C_a(d)))
            fr = [float(x) for x in json.loads(run["clipped_fraction"])]
            mx = [float(x) for x in json.loads(run["max_grad_norm_over_C"])]
            margin = 2 * run["hp_eta_a"] * (float(run["_eig"][-1]) + run["hp_lam"])
            rows.append(
                {
                    **_brief(run),
                    "clipped_fraction_per_step": fr,
                    "max_grad_norm_over_C_per_step": mx,
                    "stability_margin": margin,
                }
            )
    ev = {"runs": rows, "seeds": list(seeds)}
    first = [r for r in rows if r["clipped_fraction_per_step"][0] > 0]
    if first:
        w = first[0]
        return refuted(
            "simulation",
            f"at d = {w['d']}, seed {w['seed']}, {w['clipped_fraction_per_step'][0]:.1%} of the "
            "per-sample gradients are clipped already at the first step (a = a_0)",
            witness=w,
            **ev,
        )
    later = [r for r in rows if max(r["clipped_fraction_per_step"]) > 0]
    if later:
        w = later[0]
        if all(r["stability_margin"] > 2 for r in later):
            return inconclusive(
                "simulation",
                f"no clipping at step 1, but at d = {w['d']} (seed {w['seed']}) up to "
                f"{max(w['clipped_fraction_per_step']):.0%} are clipped later: with Assumption 4's η_a the "
                f"stability margin is {w['stability_margin']:.3g} > 2, so the iterates grow until clipping "
                "bites — the proof's premise ‖I − η_a L‖ < 1 only holds for d ≳ 10^18",
                witness=w,
                **ev,
            )
        return refuted("simulation", f"clipping at d = {w['d']} although DP-GD is stable there", witness=w, **ev)
    return verified("simulation", "no per-sample gradient is clipped at any step of any run", **ev)


# ---------------------------------------------------------------------------------------------
# Symbolic chains
# ---------------------------------------------------------------------------------------------

d_, n_, p_, en, ep, eb, q_, Ld, eps_, dl = sp.symbols(
    "d n p varepsilon_n varepsilon_p varepsilon_b q L epsilon delta", positive=True
)
LOGD = sp.log(d_)


_FIVE_HALVES, _ZERO = sp.Rational(5, 2), sp.Integer(0)


def check_noise_chain(claimed_exponent: sp.Expr = _FIVE_HALVES) -> Verdict:
    """Display (3, 19): η_a‖z'_i‖ ≲ Σ/(2λ) = … = d^{(claimed) ε_n} log^{q+1}d/(n√p) · √(8log(1/δ))/ε.

    Each printed equality is compared with SymPy under Assumption 4 (λ = p/d^{2ε_n}, T = d^{ε_n},
    C_a = d^{ε_n}√p log^{q+1}d, Σ = 2C_a√T/n · √(8 log(1/δ))/ε)."""
    priv = sp.sqrt(8 * sp.log(1 / dl)) / eps_
    lam = p_ / d_ ** (2 * en)
    T = d_**en
    C_a = d_**en * sp.sqrt(p_) * LOGD ** (q_ + 1)
    Sigma = 2 * C_a * sp.sqrt(T) / n_ * priv
    steps = [
        ("Σ/(2λ)", Sigma / (2 * lam)),
        ("1/(2p/d^{2ε_n}) · 2C_a√T/n · √(8log(1/δ))/ε", 1 / (2 * lam) * 2 * C_a * sp.sqrt(T) / n_ * priv),
        ("C_a d^{ε_n/2}/n · d^{2ε_n}/p · √(8log(1/δ))/ε", C_a * d_ ** (en / 2) / n_ * d_ ** (2 * en) / p_ * priv),
        ("C_a d^{5ε_n/2}/(np) · √(8log(1/δ))/ε", C_a * d_ ** (sp.Rational(5, 2) * en) / (n_ * p_) * priv),
        (
            f"d^{{{claimed_exponent} ε_n}} log^{{q+1}}d/(n√p) · √(8log(1/δ))/ε",
            d_ ** (claimed_exponent * en) * LOGD ** (q_ + 1) / (n_ * sp.sqrt(p_)) * priv,
        ),
    ]
    checked = []
    for (name_a, a), (name_b, b) in itertools.pairwise(steps):
        ratio = sp.simplify(sp.powsimp(sp.expand_power_base(b / a, force=True), force=True))
        checked.append({"from": name_a, "to": name_b, "ratio": str(ratio)})
        if ratio != 1:
            point = {
                d_: 1024,
                n_: 1024**1.6,
                p_: 1024,
                en: sp.Rational(1, 5),
                q_: 3,
                eps_: 1,
                dl: sp.Rational(1, 10**5),
            }
            return refuted(
                "symbolic",
                f"the step '{name_a}' = '{name_b}' is off by the factor {ratio} (C_a = "
                "d^{ε_n}√p log^{q+1} d contributes d^{ε_n}, so the exponent is 7/2, not 5/2); with 7/2 the chain's "
                "conclusion η_a‖z'_i‖ ≪ C_a/8 still holds on the whole region where the contraction does "
                "(dpgd.noise-corrected; referee DC, F7)",
                corrected=(
                    r"\frac{\Sigma}{2\lambda} = \frac{d^{\frac{7}{2}\varepsilon_n}\log^{q+1}d}{n\sqrt p}"
                    r"\frac{\sqrt{8\log(1/\delta)}}{\varepsilon}"
                )
                if sp.simplify(
                    steps[-2][1] - d_ ** (sp.Rational(7, 2) * en) * LOGD ** (q_ + 1) / (n_ * sp.sqrt(p_)) * priv
                )
                == 0
                else None,
                witness={
                    "step": name_b,
                    "factor": str(ratio),
                    "factor_at": {str(k): str(v) for k, v in point.items()},
                    "factor_value": str(sp.N(ratio.subs(point))),
                },
                steps=checked,
            )
    return verified("symbolic", "every equality of the chain holds identically", steps=checked)


def check_s3_chain(claimed_p_power: sp.Expr = _ZERO) -> Verdict:
    """Display (3, 27): √p log d · 2d^{ε_n/2}C_a/n · log d · 1/(2η_aλ) = p^{(claimed)} d^{5ε_n/2} log^{q+1}d/n
    (the paper prints no power of p), then ≪ d^{ε_n}log^{q+1}d/8 under Assumption 2."""
    eta = d_**en * LOGD**2 / p_
    lam = p_ / d_ ** (2 * en)
    C_a = d_**en * sp.sqrt(p_) * LOGD ** (q_ + 1)
    lhs = sp.sqrt(p_) * LOGD * 2 * d_ ** (en / 2) * C_a / n_ * LOGD / (2 * eta * lam)
    printed = p_**claimed_p_power * d_ ** (sp.Rational(5, 2) * en) * LOGD ** (q_ + 1) / n_
    ratio = sp.simplify(sp.powsimp(sp.expand_power_base(lhs / printed, force=True), force=True))
    ev = {"lhs": str(lhs), "printed": str(printed), "ratio": str(ratio)}
    if ratio != 1 and sp.simplify(ratio.diff(p_)) != 0:
        # the final "≪ d^{ε_n}log^{q+1}d/8" compares the sum (not S_3 = η_a × it): with the p, p d^{3ε_n/2} ≪ n
        w = {"eps_n": "2/5", "eps_p": 2, "p": "d^2", "n": "d^(1+3ε_n)"}
        exponent = 2 + sp.Rational(3, 2) * sp.Rational(2, 5) - (1 + 3 * sp.Rational(2, 5))
        return refuted(
            "symbolic",
            f"the chain drops a factor {ratio}: √p·√p = p from ‖φ_j‖ ≤ √p and C_a; with it, the sum is "
            "≪ d^{ε_n}log^{q+1}d/8 only where p d^{3ε_n/2} ≪ n, which fails in Assumption 2's regime "
            f"(at ε_n = 2/5, p = d^2: exponent {exponent} > 0). S_3 is η_a times the sum, and η_a's 1/p cancels "
            "that p: S_3 ≪ its target still holds where the contraction does (clip.s3-corrected; referee AZ)",
            # the algebra with the p (checked: claimed_p_power = 1 gives ratio 1), and the bound it serves with its
            # premise: 1/(1 − ‖I − η_aL‖) ≤ 1/(2η_aλ) needs the contraction (referee DC, F10: the printed correction
            # had dropped it; off the contraction region the k = i term alone grows like ‖I − η_aL‖^{i−1})
            corrected=(r"\sqrt p\log d\,\frac{2C_a\sqrt T}{n}\log d\,\frac{1}{2\eta_a\lambda} = "
                       r"\frac{p\, d^{\frac52\varepsilon_n}\log^{q+1}d}{n},\ \text{so } "
                       r"\sum_k|\varphi_j^\intercal(\mathrm{Id}-\eta_a L)^{k-1}z_{i-k}| \lesssim_\P "
                       r"\frac{p\, d^{\frac52\varepsilon_n}\log^{q+1}d}{n}\quad\text{where } "
                       r"\eta_a(\lambda_{\max}(K_n) + 2\lambda) \le 1\ \text{(the contraction region, "
                       r"dpgd.contraction-regime)}")
            if sp.simplify(sp.powsimp(sp.expand_power_base(lhs / (p_ * printed / p_**claimed_p_power), force=True),
                                      force=True)) == 1 else None,
            corrected_premise="1/(1 − ‖I − η_aL‖) ≤ 1/(2η_aλ) holds only where η_a(λ_max(K_n) + 2λ) ≤ 1 (then "
            "‖I − η_aL‖ ≤ 1 − 2η_aλ); off the contraction region (dpgd.contraction-regime) the sum grows "
            "geometrically in i",
            witness={"factor": str(ratio), "regime_point": w, "exponent_of_d_in_ratio_to_target": str(exponent)},
            **ev,
        )
    if ratio != 1:
        return refuted(
            "symbolic", f"the chain is off by the constant factor {ratio}", witness={"factor": str(ratio)}, **ev
        )
    return verified("symbolic", "the chain's algebra holds identically", **ev)


def check_exponent_consistency(theorem1_first: sp.Expr = -ep / (8 * q_), theorem1_second: sp.Expr = 1 + en) -> Verdict:
    """Theorem 1's rate O(d^{first} + d^{second}/n · log(1.25/δ)/ε²) against Part 3 §4.5's final display
    O(d^{−ε_p/(8(q+1))} + d^{1+ε_b+ε_p/4}/n log^{2q+6}d · log(1.25/δ)/ε²) (its penultimate line; the last line
    rewrites the second term as d^{1+ε_n}/n)."""
    part3_first = -ep / (8 * (q_ + 1))
    part3_second = 1 + eb + ep / 4
    diff1 = sp.simplify(theorem1_first - part3_first)
    ev = {
        "theorem1_first_exponent": str(theorem1_first),
        "part3_first_exponent": str(part3_first),
        "difference": str(diff1),
        "theorem1_second": str(theorem1_second),
        "part3_second": str(part3_second),
    }
    point = {ep: 1, q_: 3, en: sp.Rational(1, 5), eb: sp.Rational(3, 10)}
    regimes = _exponent_regimes(theorem1_first, theorem1_second)
    ev["regime_first_term"], ev["regime_second_term"] = regimes
    if diff1 != 0:
        return refuted(
            "symbolic",
            f"Theorem 1 states d^({theorem1_first}) but §4.5 derives d^({part3_first}); at ε_p = 1, "
            f"q = 3 these are d^({theorem1_first.subs(point)}) vs d^({part3_first.subs(point)}): Theorem 1 "
            "claims a faster rate than the proof gives. No corrected statement: §4.5's rate "
            "(part3_rate_as_derived) is what the argument gives from its premises, and as a bound on R(f_NN) it is "
            "refuted where π_p < 1 and σ_W²d/p → ∞ (thm1.risk-obstruction, part3.final-risk; referee CN, HIGH-1)",
            part3_rate_as_derived=paper_latex(S.PART3_RATE),
            witness={
                k2: str(v)
                for k2, v in {
                    "eps_p": 1,
                    "q": 3,
                    "theorem1": theorem1_first.subs(point),
                    "part3": part3_first.subs(point),
                }.items()
            },
            regime=regimes[0],
            **ev,
        )
    # second term: d^{1+ε_b+ε_p/4} log^{2q+6} d ≲ d^{theorem1_second} needs ε_b + ε_p/4 < theorem1_second − 1
    gap = sp.simplify(part3_second - theorem1_second)
    # sup over ε_b's window 0 < ε_b < 3ε_n − ε_p/4 (Part 2 §3.1): 1 + 3ε_n − theorem1_second
    sup_gap = sp.simplify(gap.subs(eb, 3 * en - ep / 4))
    ev["sup_gap_over_eps_b_window"] = str(sup_gap)
    if gap != 0 and sup_gap.subs(point) >= 0:
        return refuted(
            "symbolic",
            f"the second terms differ: d^({part3_second}) log^(2q+6) d is not O(d^({theorem1_second})) "
            f"when ε_b + ε_p/4 ≥ {theorem1_second - 1} (ε_b = 3/10, ε_p = 1, ε_n = 1/5 lies in ε_b's window "
            "0 < ε_b < 3ε_n − ε_p/4)",
            witness={str(k): str(v) for k, v in point.items()},
            regime=regimes[1],
            **ev,
        )
    if regimes[1].get("holds_on") != "all":  # a gap below 0 at one point is not the region (referee BS, BS8)
        return refuted("exact", "the second terms' powers of d agree only on part of the region", regime=regimes[1],
                       witness=regimes[1].get("witness") or {}, **ev)
    return verified("symbolic", "Theorem 1's exponents agree with §4.5's", regime=regimes[1], **ev)


def _exponent_regimes(theorem1_first: sp.Expr, theorem1_second: sp.Expr) -> tuple[dict, dict]:
    """Where §4.5's terms are O(Theorem 1's), decided over the region (exact LPs): d^{−ε_p/(8(q+1))} against
    d^{first}, and d^{1+ε_b+ε_p/4}log^{2q+6}d/n · R against d^{second}log^{2q+6}d/n · R: the powers of d only, as
    this claim compares exponents (against Theorem 1's printed d^{second}/n · R, without the log, a tie in the power of
    d fails by log^{2q+6} d: that is thm1.rate's full comparison). The second regime says so (referee BP, F5)."""
    from theorycheck.asymptotics import decide

    from .part3_common import to_rates
    from .regime import ADMISSIBLE

    to_s = {ep: S.eps_p, q_: S.q, en: S.eps_n, eb: S.eps_b}
    r125 = S.PRIVACY_125
    first = decide(
        Statement(S.d ** (-S.eps_p / (8 * (S.q + 1))), "O", S.d ** theorem1_first.subs(to_s)),
        ADMISSIBLE,
        d=S.d,
        rewrite=to_rates,
    )
    second = decide(
        Statement(
            S.d ** (1 + S.eps_b + S.eps_p / 4) / S.n * S.log_d ** (2 * S.q + 6) * r125,
            "O",
            S.d ** theorem1_second.subs(to_s) / S.n * S.log_d ** (2 * S.q + 6) * r125,
        ),
        ADMISSIBLE,
        d=S.d,
        rewrite=to_rates,
    )
    return dict(first.regime), dict(second.regime, decides="the powers of d only: log^{2q+6} d is set aside on both "
                                    "sides (the full terms are compared in thm1.rate)")


def check_a0_norm(claimed: Callable[[int], float] = lambda p: 1.0, ps=(1, 7, 64, 1000)) -> Verdict:
    """Display (3, 15): ‖a_0‖ = 1 for a_0 = p^{-1/2}(1,…,1) (exact: p·(1/√p)² = 1) and 1 ≪ C_a/8 for d ≥ 2."""
    from theorycheck.first_layer import initialise

    rows = []
    for p in ps:
        _, _, a0 = initialise(3, p, np.random.default_rng(SEED))
        exact = sp.sqrt(p * sp.Rational(1, 1) * (1 / sp.sqrt(p)) ** 2)
        rows.append({"p": p, "numeric": float(np.linalg.norm(a0)), "exact": str(exact), "claimed": claimed(p)})
    # the claimed value as the number it holds: a float's exact binary value (referee EK, EK-4: nsimplify had snapped
    # 1 + 1e-10 to 1)
    bad = [r for r in rows if sp.simplify(sp.sympify(r["exact"]) - floats_exact(r["claimed"])) != 0]
    ev = {"rows": rows, "seed": SEED}
    if bad:
        return refuted(
            "exact+numeric",
            f"‖a_0‖ = {bad[0]['exact']} at p = {bad[0]['p']}, not {bad[0]['claimed']}",
            witness=bad[0],
            **ev,
        )
    return verified("exact+numeric", "‖a_0‖ = 1 exactly for every p (and numerically from the simulator's a_0)", **ev)


def printed_early_stopping_rhs(L: mpmath.mpf) -> mpmath.mpf:
    """§4.5's right side in log space: log exp(−2 log²d) = −2L², L = log d (the one the symbolic argument proves)."""
    return -2 * L**2


def check_early_stopping(
    claimed_log_rhs: Callable[[mpmath.mpf], mpmath.mpf] = printed_early_stopping_rhs,
    eps_ns: tuple[float, ...] = (EPS_N, 0.01, 0.05, 0.1, 0.3, 1.0, 3.0),
) -> Verdict:
    """§4.5: (1 − 2log²d/d^{ε_n})^{d^{ε_n}} ≤ exp(−2 log² d), for each ε_n of ``eps_ns`` (the region puts no bound on
    ε_n; the corners' values and a small and a large one). In log space with mpmath: where the base is in [0, 1],
    T log(1 − x) ≤ −xT = −2log²d (log(1−x) ≤ −x, an argument valid for every ε_n > 0); below the crossover
    d*(ε_n) the base is negative. The regime record says: holds on the whole region for d ≥ d*(ε_n)."""
    from .regime import ADMISSIBLE

    with mpmath.workdps(DPS_EARLY):
        results = [(e, _early_stopping(claimed_log_rhs, e)) for e in eps_ns]
    first = results[0][1]
    crossovers = {str(e): v.evidence["crossover_log10_d"] for e, v in results}
    bad = [(e, v) for e, v in results if v.verdict != "verified"]
    regime = {
        "region": ADMISSIBLE.name,
        "region_latex": ADMISSIBLE.description,
        "holds_on": "all" if not bad else "part",
        # where the base is in [0, 1]: beyond d* and below the band (no d* at all where ε_n > √8/e: referee ED, ED-7);
        # a condition on d, not on the region's parameters: "all" holds for d large, so it is not among "conditions"
        # (referee EK, EK-L2: "all" beside a condition had read as a contradiction)
        "conditions": [] if not bad else [r"d^{\varepsilon_n} \geq 2\log^2 d"],
        "for_d_large": r"d^{\varepsilon_n} \geq 2\log^2 d",
        "witness": None if not bad else {"eps_n": bad[0][0], **bad[0][1].evidence.get("witness", {})},
    }
    # the argument for every ε_n, symbolically: g(x) = −x − log(1 − x) has g(0) = 0 and g'(x) = x/(1 − x) ≥ 0 on [0, 1)
    x_ = sp.Symbol("x")
    g = -x_ - sp.log(1 - x_)
    log_bound = bool(g.subs(x_, 0) == 0 and sp.simplify(sp.diff(g, x_) - x_ / (1 - x_)) == 0)
    ev = {**first.evidence, "crossover_log10_d_per_eps_n": crossovers, "eps_ns": list(eps_ns),
          "log1m_bound_checked": log_bound}
    if bad:
        e, v = bad[0]
        return refuted(
            "numeric", f"at ε_n = {e}: {v.detail}", regime=regime, **{**ev, "witness": v.evidence["witness"]}
        )
    if not log_bound:
        return inconclusive("numeric", "holds at every ε_n tried, but the symbolic check of log(1 − x) ≤ −x failed",
                            regime=regime, **ev)
    tried = ("holds for every ε_n tried wherever d^{ε_n} ≥ 2 log² d, in particular once d ≥ d*(ε_n) (log10 d* = "
             + ", ".join(f"{k}: {v}" for k, v in crossovers.items())
             + ("; none: no crossover, x < 1 for every d)" if "none" in crossovers.values() else ")"))
    if claimed_log_rhs is not printed_early_stopping_rhs:  # the argument T log(1−x) ≤ −xT = −2L² is the printed one's
        return inconclusive(
            "numeric",
            tried + ", but the argument for every ε_n > 0 (log(1−x) ≤ −x) proves the printed right side −2 log²d only; "
            "the region bounds ε_n by nothing, so sampled ε_n cannot verify this one (referee AI)",
            regime=regime,
            **ev,
        )
    return verified(
        "numeric+symbolic",
        tried + "; log(1−x) ≤ −x makes it hold for every ε_n > 0 wherever the base is in [0, 1]; it is negative only "
        "on the band of d where d^{ε_n} < 2 log² d",
        regime=regime,
        **ev,
    )


DPS_EARLY = 150


def _early_stopping(claimed_log_rhs, eps_n: float) -> Verdict:
    e = mpmath.mpf(eps_n)

    def x_of(L):  # L = log d
        return 2 * L**2 / mpmath.exp(e * L)

    hump = mpmath.mpf(2) / e  # x(L) = 2L²e^{−ε_nL} is largest at L = 2/ε_n: 8/(ε_n e)²
    band = x_of(hump) > 1  # else x < 1 for every d > 1: no crossover (ε_n > √8/e; referee EC, F1)
    if band:  # the base 1 − x is negative exactly on (L_lo, L*), the two roots of x = 1 around the hump
        L_lo, _ = bisect_predicate(lambda L: x_of(L) <= 1, mpmath.mpf(10) ** -6, hump, halvings=200)
        _, L_star = bisect_predicate(lambda L: x_of(L) > 1, hump, mpmath.mpf(10**4), halvings=200)
    else:
        L_lo = L_star = mpmath.log(2)  # sampled from d = 2 up
    rows = []
    worst = None
    below = [L_lo * mpmath.mpf(k + 1) / 20 for k in range(20)] if band else []  # d ≤ d_lo: the base in (0, 1) too
    for k in range(-len(below), 300):
        # relative to the crossover (up to 15 L*), which lies beyond d = 10^400 where ε_n ≤ 0.015 (referee AG, F6)
        L = below[k] if k < 0 else L_star * (1 + mpmath.mpf(k) / 20) if k < 100 else L_star * mpmath.mpf(k) / 20
        x = x_of(L)
        T = mpmath.exp(e * L)
        lhs = mpmath.mpf("-inf") if x >= 1 else T * mpmath.log1p(-x)
        rhs = claimed_log_rhs(L)
        slack = rhs - lhs
        if worst is None or slack < worst[0]:
            worst = (slack, L, lhs, rhs)
        if k % 40 == 0 or k == -len(below):
            rows.append(
                {
                    "log10_d": mpmath.nstr(L / mpmath.log(10), 8),
                    "log_lhs": mpmath.nstr(lhs, 12),
                    "log_rhs": mpmath.nstr(rhs, 12),
                }
            )
    ev = {
        "eps_n": eps_n,
        "crossover_log10_d": mpmath.nstr(L_star / mpmath.log(10), 10) if band else "none",
        "samples": rows,
        "below_crossover": (
            f"the base 1 − 2log²d/d^{{ε_n}} is negative exactly where d^{{ε_n}} < 2 log² d, the band log10 d ∈ "
            f"({mpmath.nstr(L_lo / mpmath.log(10), 6)}, {mpmath.nstr(L_star / mpmath.log(10), 6)}) (e.g. ε_n = 1/5, "
            "d = 64: base ≈ −14): the inequality is meaningless there; below the band the base is in (0, 1) and the "
            "inequality holds (sampled)") if band else (
            f"x = 2log²d/d^{{ε_n}} ≤ 8/(ε_n e)² = {mpmath.nstr(x_of(hump), 6)} < 1 for every d > 1: no crossover, the "
            "base is in (0, 1) everywhere"),
        "digits": DPS_EARLY,
    }
    tol = mpmath.mpf(10) ** (-(DPS_EARLY - 20))
    ev["tolerance"] = f"relative 1e-{DPS_EARLY - 20}"
    if worst[0] < -tol * abs(worst[3]):
        return refuted(
            "numeric",
            f"at log10 d = {mpmath.nstr(worst[1] / mpmath.log(10), 8)}, log LHS = "
            f"{mpmath.nstr(worst[2], 12)} > claimed log RHS {mpmath.nstr(worst[3], 12)}",
            witness={
                "log10_d": mpmath.nstr(worst[1] / mpmath.log(10), 12),
                "log_lhs": str(worst[2]),
                "log_rhs": str(worst[3]),
            },
            **ev,
        )
    return verified(
        "numeric+symbolic",
        ("holds for every d with d^{ε_n} ≥ 2 log² d (T log(1−x) ≤ −xT = −2log²d since log(1−x) ≤ −x on [0, 1)): "
         + (f"d ≥ d* ≈ 10^{mpmath.nstr(L_star / mpmath.log(10), 4)} and below the band where the base is negative"
            if band else "every d > 1 (no crossover: the base is in (0, 1) everywhere)")),
        **ev,
    )


# ---------------------------------------------------------------------------------------------
# §4.3: the recursion of the DP-GD iterates, and the size of a_RR
# ---------------------------------------------------------------------------------------------


def paper_recursion_lhs(a_next: np.ndarray, a_prev: np.ndarray, a_rr: np.ndarray) -> np.ndarray:
    """The printed left side ã_{i+1} − ã_i of display (3, 11)'s fourth line."""
    return a_next - a_prev


def corrected_recursion_lhs(a_next: np.ndarray, a_prev: np.ndarray, a_rr: np.ndarray) -> np.ndarray:
    return a_next - a_rr


def check_recursion(
    claimed_lhs: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray] = paper_recursion_lhs,
    d: int = 32,
    steps: int = 5,
) -> Verdict:
    """Display (3, 11): with z_i = 0 (noise off) and no clipping, the simulator's DP-GD iterates satisfy
    ã_{i+1} − a_RR = (I − η_a L)(ã_i − a_RR); the printed left side is ã_{i+1} − ã_i. Both compared with
    (I − η_a L)(ã_i − a_RR) along a trajectory (η_a = 1/(2(λ_max+λ)) so the iterates stay bounded)."""
    import dataclasses

    from theorycheck.simulator import Features, Options
    from theorycheck.simulator.algorithm import second_stage

    run = _run(d)
    st, lam, p = run["_stats"], run["hp_lam"], run["p"]
    eta = 1 / (2 * (float(run["_eig"][-1]) + lam))
    hp = run["_result"].hyper.replace(eta_a=eta, T=steps)
    feats = Features(run["_problem"].data_a, run["_result"].W1, run["_result"].b, 2**30)
    hp = dataclasses.replace(hp, sigma_a=0.0, Sigma=0.0)
    _, traj = second_stage(
        feats, run["_result"].a0, hp, Options(clip_rule="none"), np.random.default_rng(SEED), {}, keep_trajectory=True
    )
    M = np.eye(p) - eta * (2 * st.K + 2 * lam * np.eye(p))
    a_rr = run["_a_rr"]
    errs = []
    for i in range(steps):
        rhs = M @ (traj[i] - a_rr)
        lhs = claimed_lhs(traj[i + 1], traj[i], a_rr)
        errs.append(float(np.linalg.norm(lhs - rhs) / max(np.linalg.norm(rhs), 1e-300)))
    worst = int(np.argmax(errs))
    ev = {**_brief(run), "eta_a_used": eta, "relative_errors": errs, "tolerance": 1e-8, "seed": SEED}
    if errs[worst] > 1e-8:
        # the corrected left side ã_{i+1} − a_RR, on the same trajectory (a correction is offered only when checked)
        fixed = [float(np.linalg.norm((traj[i + 1] - a_rr) - M @ (traj[i] - a_rr))
                       / max(np.linalg.norm(M @ (traj[i] - a_rr)), 1e-300)) for i in range(steps)]
        # with the noise on (what Theorem 1's proof iterates): the update adds η_a z_i to the step whose gradient the
        # noiseless run matched, L(ã_i − a_RR); SymPy with 2×2 symbolic L, ã_i, a_RR, z_i (referee BD, M1)
        Ls, ai, arr, zi = (sp.Matrix(2, 2, sp.symbols(f"{c}1:5")) if c == "l" else sp.Matrix(sp.symbols(f"{c}1:3"))
                           for c in ("l", "a", "r", "z"))
        eta_s = sp.Symbol("eta_a", positive=True)
        nxt = ai - eta_s * Ls * (ai - arr) + eta_s * zi
        noisy = sp.simplify(nxt - arr - ((sp.eye(2) - eta_s * Ls) * (ai - arr) + eta_s * zi)) == sp.zeros(2, 1)
        ok = max(fixed) <= 1e-8 and noisy
        v = refuted(
            "simulation+numeric",
            f"at step i = {worst} of a noiseless run (d = {d}) the printed left side "
            f"differs from (I − η_aL)(ã_i − a_RR) by {errs[worst]:.3g} (relative): the recursion is for "
            "ã_{i+1} − a_RR, not ã_{i+1} − ã_i",
            corrected=(r"\tilde a_{i+1} - a_{RR} = (\mathrm{Id}-\eta_a L)(\tilde a_i - a_{RR}) + \eta_a z_i"
                       if ok else None),
            witness={"step": worst, "relative_error": errs[worst]},
            corrected_relative_errors=fixed,
            corrected_with_noise_symbolic=noisy,
            **ev,
        )
        if claimed_lhs is not paper_recursion_lhs:
            return v
        return as_printed_and_intended(  # a slip (referee AZ F5)
            v, region="every step i of a noiseless run",
            printed=(f"{'none' if all(e > 1e-8 for e in errs) else 'part'}: ã_{{i+1}} − ã_i differs from "
                     f"(I − η_aL)(ã_i − a_RR) at {sum(e > 1e-8 for e in errs)} of {steps} steps"),
            intended="ã_{i+1} − a_RR on the left (what (3, 12)–(3, 14) iterate; the noiseless run to 1e-8, the noise "
                     "term η_a z_i exactly, SymPy)", intended_holds=ok,
            why_not=f"the corrected left side is off by {max(fixed):.3g} (noise term exact: {noisy})")
    return verified(
        "simulation+numeric", f"the recursion holds along the trajectory (max relative error {max(errs):.1e})", **ev
    )


#: (3, 17)'s rate: ‖a_RR‖ ≲_P d^{ε_n} log^q d/√p
A_RR_RATE = S.d**S.eps_n / sp.sqrt(S.p) * S.log_d**S.q
#: (3, 17)'s middle term with its premises substituted: (1/n)·(d^{ε_n}/2)√(n/p) (ridge.resolvent-norm)·√n log^q d
#: (‖Y‖ ≲ √n log^q d, ridge.measured-labels)
A_RR_CHAIN = S.d**S.eps_n / (2 * S.n) * sp.sqrt(S.n / S.p) * sp.sqrt(S.n) * S.log_d**S.q


def check_a_rr_norm(rate: sp.Expr = A_RR_RATE, ds=DS) -> Verdict:
    """Display (3, 17): ‖a_RR‖ ≤ (1/n)‖(K_n+λI)^{-1}Φ‖‖Y‖ (exact inequality, checked at every run: it could fail) and
    (1/n)‖(K_n+λI)^{-1}Φ‖‖Y‖ ≲ ``rate`` (paper: d^{ε_n} log^q d/√p) with the premises substituted
    (:data:`A_RR_CHAIN` ≲ rate, decided on the whole region by :func:`_a_rr_regime`; it fails for a rate of the
    wrong order). Both measured sides against the rate (hidden constant 1) are recorded as evidence, at the paper's
    corner (ε_n = 1/5, p = d); ‖a_RR‖ is measured at every corner by ridge.measured-a-rr."""
    evaluate = sp.lambdify((S.d, S.p, S.eps_n, S.q), rate, "math")
    rows = []
    for d in ds:
        run = _run(d)
        _X, y = run["_problem"].data_a.materialise()
        Phi, n, p, lam = _phi(run), run["n"], run["p"], run["hp_lam"]
        res_norm = float(np.linalg.norm(np.linalg.solve(run["_stats"].K + lam * np.eye(p), Phi), 2))
        a_norm = float(np.linalg.norm(run["_a_rr"]))
        middle = res_norm * float(np.linalg.norm(y)) / n
        value = float(evaluate(d, p, EPS_N, run["q"]))
        rows.append(
            {
                **_brief(run),
                "norm_a_RR": a_norm,
                "submultiplicative_bound": middle,
                "rate": value,
                "first_holds": a_norm <= middle * (1 + 1e-12),
                "ratio_to_rate": a_norm / value,
                "middle_ratio_to_rate": middle / value,
            }
        )
    regime_verdict = _a_rr_regime(rate)
    regime = regime_verdict.regime
    ev = {
        "rate": str(rate),
        "runs": rows,
        "seed": SEED,
        "chain_decision": regime_verdict.detail,
        "region_note": "the runs are at ε_n = 1/5, ε_p = 1 (evidence, hidden constant 1); the chain's order is decided "
        "on the whole region (regime) and ‖a_RR‖ is measured at every corner by ridge.measured-a-rr",
    }
    bad = [r for r in rows if not r["first_holds"]]
    if bad:
        return refuted(
            "simulation+numeric", "‖a_RR‖ exceeds (1/n)‖(K_n+λI)^{-1}Φ‖‖Y‖", witness=bad[0], regime=regime, **ev
        )
    if regime_verdict.verdict != "verified":
        make = refuted if regime_verdict.verdict == "refuted" else inconclusive
        return make(
            "simulation+symbolic",
            f"(1/n)‖(K_n+λI)^{{-1}}Φ‖‖Y‖ ≤ (1/n)(d^{{ε_n}}/2)√(n/p)·√n log^q d is not ≲ {paper_latex(rate)}: "
            + regime_verdict.detail,
            **({"witness": regime.get("witness")} if make is refuted else {}),
            regime=regime,
            **ev,
        )
    top_a = max(r["ratio_to_rate"] for r in rows)
    top_middle = max(r["middle_ratio_to_rate"] for r in rows)
    return verified(
        "simulation+symbolic",
        f"‖a_RR‖ ≤ (1/n)‖(K_n+λI)^{{-1}}Φ‖‖Y‖ on every run (exact link); the chain's order (d^ε_n/n)·√(n/p)·√n·log^q d "
        f"≲ {paper_latex(rate)} holds on the whole region; measured at the paper's corner, ‖a_RR‖ and the middle term "
        f"are at most {top_a:.3g} and {top_middle:.3g} times the rate; ‖Y‖ ≲ √n "
        "log^q d by max_j|y_j| ≤ (Σ|c_k|) log^q d (ridge.measured-labels), not by the paper's |σ_*(z)| ≲ |z|^q "
        "(refuted near 0: ridge.label-polynomial-bound)",
        regime=dict(regime or {}) | {"readings": _a_rr_constant_readings(rate)},
        **ev,
    )


def _a_rr_regime(rate: sp.Expr) -> Verdict:
    """Display (3, 17)'s last links over the whole region: :data:`A_RR_CHAIN` ≲ ``rate`` (the premises
    ‖(K_n+λI)^{-1}Φ‖ ≤ (d^{ε_n}/2)√(n/p) and ‖Y‖ ≲ √n log^q d are their own claims)."""
    from theorycheck.asymptotics import decide

    from .regime import ADMISSIBLE

    return decide(
        Statement(A_RR_CHAIN, r"\lesssim", rate), ADMISSIBLE, d=S.d, rewrite=S.in_powers_of_d, what="‖a_RR‖ chain"
    )


def _a_rr_constant_readings(rate: sp.Expr) -> dict[str, str]:
    """The readings of (3, 17)'s constants (:mod:`proofs.regime`; referees AT F3, AX F3). Where the chain's order is
    ≪ ``rate`` (decided), C = 1 serves from some d on in every reading. Where it is ≍: the chain's constant is
    ridge.measured-labels' C over 2 (the resolvent's ½ is absolute), so with C absolute and c from the target it
    holds as the labels' bound does; with both absolute the labels' bound fails, and an absolute C would need
    ‖Y‖ ≪ √n log^q d, which this check does not decide."""
    from theorycheck.asymptotics import decide

    from .regime import ADMISSIBLE

    slack = decide(Statement(A_RR_CHAIN, r"\ll", rate), ADMISSIBLE, d=S.d, rewrite=S.in_powers_of_d,
                   what="‖a_RR‖ chain, ≪")
    if slack.verdict == "verified":
        return constant_readings(*["all: the chain's order/rate → 0 on the whole region (decided), so C = 1 from "
                                   "some d_0 on"] * 2)
    where = "nowhere" if (slack.regime or {}).get("holds_on") == "none" else "not on the whole region"
    return constant_readings(
        "all: the chain's constant is ½ (the resolvent's AM–GM, absolute) times max_j|y_j|'s C, absolute in this "
        "reading with c from the target (ridge.measured-labels)",
        f"undecided: the chain's order/rate → 0 {where}; max_j|y_j| ≤ C log^q d has no absolute pair (C, c) "
        "(ridge.measured-labels), and an absolute C would need ‖Y‖ ≪ √n log^q d, which is not checked")


DEFINITIONS = {
    (3, 1): "ridge regression f_RR and a_RR",
    (3, 10): "the noisy gradient descent iterates ã_i",
}


_d, _n, _p, _en, _q, _L = S.d, S.n, S.p, S.eps_n, S.q, S.log_d
_PRIV = sp.sqrt(8 * sp.log(1 / S.delta)) / S.eps


def _named(name: str) -> sp.Symbol:
    return sp.Symbol(name)


CLAIMS = [
    Claim(
        "ridge.resolvent-norm",
        "Norm of the ridge resolvent times Φ",
        "Part 3, §4.3.1",
        Statement(Norm(_named(r"(K_n+\lambda I)^{-1}\Phi")), "<=", RESOLVENT_BOUND),
        "Assumptions 2 and 4",
        check_resolvent_norm,
        displays=((3, 16),),
    ),
    Claim(
        "ridge.resolvent-chain",
        "The SVD step of the resolvent bound",
        "Part 3, §4.3.1",
        Statement(
            Norm(_named(r"(K_n+\lambda I)^{-1}\Phi")),
            "=",
            _n * _named(r"\|\Phi\|") / (_named(r"\|\Phi\|") ** 2 + S.lam * _n),
        ),
        "Φ = UΛVᵀ (any Φ)",
        check_resolvent_chain,
        displays=((3, 16),),
        relations=((3, "D16", 2),),
    ),
    Claim(
        "ridge.loo-stability",
        "Leave-one-out stability of ridge regression",
        "Part 3, §4.2",
        Statement(Norm(_named(r"a^{(i)}_{RR} - a_{RR}")), "<=", 2 * _d ** (2 * _en) / (_n * sp.sqrt(_p))),
        "Assumptions 2 and 4, one sample replaced",
        check_loo_stability,
        depends_on=("ridge.strong-convexity",),
        displays=((3, 4), (3, 5), (3, 6)),
        relations=((3, "D6", 2),),
    ),
    Claim(
        "ridge.strong-convexity",
        "Quadratic growth of the ridge objective",
        "Part 3, §4.2",
        Statement(
            _named(r"\mathcal{L}(a) - \mathcal{L}(a_{RR})"), ">=", S.lam * _named(r"\left\|a - a_{RR}\right\|^{2}")
        ),
        "L is 2λ-strongly convex",
        check_strong_convexity,
        displays=((3, 6),),
        relations=((3, "D6", 1),),
    ),
    Claim(
        "dpgd.contraction",
        "Contraction of I − η_a L",
        "Part 3, §4.3.1",
        Statement(
            Norm(_named(r"\mathrm{Id}-\eta_a L")),
            "=",
            1 - 2 * S.eta_a * (_named(r"\lambda_{\min}(\Phi)") ** 2 / _n + S.lam),
        ),
        "Assumption 4",
        check_contraction,
        displays=((3, 12), (3, 13)),
        relations=((3, "D13", 2),),
    ),
    Claim(
        "dpgd.no-clipping",
        "No per-sample gradient is clipped",
        "Part 3, §4.3",
        r"\|g_{i,j}\| \le_\P C_a \text{ for all } i \le T,\ j \le n",
        "Assumptions 1–4",
        check_no_clipping,
        depends_on=("dpgd.contraction", "dpgd.contraction-regime"),
        displays=((3, 14), (3, 20), (3, 21), (3, 22)),
        relations=((3, "P23", 4), (3, "P23", 5), (3, "P23", 6)),
    ),
    Claim(
        "dpgd.noise-chain",
        "Algebra of the η_a‖z'_i‖ bound",
        "Part 3, §4.3.1",
        Statement(
            S.Sigma / (2 * S.lam), "=", _d ** (sp.Rational(5, 2) * _en) * _L ** (_q + 1) / (_n * sp.sqrt(_p)) * _PRIV
        ),
        "Assumption 4",
        check_noise_chain,
        displays=((3, 19),),
    ),
    Claim(
        "dpgd.s3-chain",
        "Algebra of the bound on S_3",
        "Part 3, §4.3.2",
        Statement(
            sp.sqrt(_p) * _L * 2 * S.C_a * sp.sqrt(S.T) / _n * _L / (2 * S.eta_a * S.lam),
            "=",
            _d ** (sp.Rational(5, 2) * _en) * _L ** (_q + 1) / _n,
        ),
        "Assumptions 2–4",
        check_s3_chain,
        displays=((3, 27),),
        relations=((3, "D27", 2), (3, "D27", 3)),
    ),
    Claim(
        "dpgd.a0-norm",
        "Norm of the initial second layer",
        "Part 3, §4.3.1",
        Statement(Norm(_named("a_0")), "=", 1),
        r"a_0 = p^{-1/2}(1,\ldots,1)",
        check_a0_norm,
        displays=((3, 15),),
        relations=((3, "D15", 1),),
    ),
    Claim(
        "dpgd.early-stopping",
        "Contraction over T = d^{ε_n} steps",
        "Part 3, §4.5",
        Statement((1 - 2 * _L**2 / _d**_en) ** (_d**_en), "<=", sp.exp(-2 * _L**2)),
        r"d \geq d^*(\varepsilon_n),\ \text{every } \varepsilon_n \text{ tried}",
        check_early_stopping,
        displays=((3, 28),),
        relations=((3, "P45", 2),),
    ),
    Claim(
        "dpgd.recursion",
        "Recursion of the DP-GD iterates",
        "Part 3, §4.3",
        Statement(
            _named(r"\tilde{a}_{i+1} - \tilde{a}_{i}"),
            "=",
            _named(r"(\mathrm{Id}-\eta_a L)(\tilde{a}_{i} - a_{RR}) + \eta_a z_{i}"),
        ),
        "L = 2K_n + 2λI, no clipping",
        check_recursion,
        displays=((3, 11),),
        relations=((3, "D11", 4),),
    ),
    Claim(
        "ridge.a-rr-norm",
        "Size of the ridge solution",
        "Part 3, §4.3.1",
        Statement(Norm(_named("a_{RR}")), r"\lesssim_\P", A_RR_RATE),
        "Assumptions 1, 2 and 4",
        check_a_rr_norm,
        depends_on=("ridge.resolvent-norm", "ridge.measured-a-rr"),
        displays=((3, 17),),
        relations=((3, "D17", 1),),
    ),
    Claim(
        "thm1.exponent-consistency",
        "Theorem 1's rate agrees with Part 3's derivation",
        "Part 1 Theorem 1; Part 3 §4.5",
        Statement(
            S.THEOREM1_RATE,
            "=",
            S.PART3_RATE,
        ),
        "Assumptions 1–4",
        check_exponent_consistency,
        displays=((1, 9), (3, 29), (3, 9)),
    ),
]
