"""Part 3, the remaining steps of §4.2 (risk decomposition, population ridge, McDiarmid, variance term) and
§4.3 (accumulated noise, S_1, S_2, S_3).

Matrices come from the cached paper-preset runs of :mod:`proofs.part3_second_layer` (Assumption 4 verbatim,
ε_n = 1/5, ε_p = 1, σ_* = He_3 + He_1, seed 0). Population quantities (f_H, a_H, E_x) are Monte-Carlo
averages over fresh Gaussian inputs drawn with an explicit seed; because the inequalities checked here hold
sample by sample, the same sample is used on both sides. Where a step assumes the contraction
‖I − η_aL‖ < 1 (false under Assumption 4's η_a at feasible d, see ``dpgd.contraction``), the step is tested
with the stable step size η_a = 1/(2(λ_max(K_n)+λ)), as ``dpgd.recursion`` does; the evidence says so.
Algebraic links are checked with SymPy.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from functools import cache
from typing import Any

import mpmath
import numpy as np
import sympy as sp

from theorycheck import Claim, inconclusive, memo, refuted, verified
from theorycheck.claims import AT_MOST, Verdict
from theorycheck.errors import InputError
from theorycheck.statement import Expect, Norm, Prob, Statement

from . import symbols as S
from .part3_common import EPS_N, SEED, replacement_move_growth, run_corner
from .part3_common import brief as _brief
from .part3_common import phi_matrix as _phi
from .part3_common import replace_one as _replace_one
from .part3_common import run_paper as _run

POP_SEED = 101
N_POP = 2**16
REL = 1e-9

d_, n_, p_, en = sp.symbols("d n p varepsilon_n", positive=True)
LOGD = sp.log(d_)


def _features(run, X: np.ndarray) -> np.ndarray:
    res = run["_result"]
    return np.tanh(X @ res.W1 + res.b)


@cache
def _population(d: int, seed: int = POP_SEED, N: int = N_POP, corner: str | None = None):
    """Monte-Carlo population sample for run d (the paper's corner, or a named corner of
    :data:`proofs.part3_common.SIMULATED_CORNERS`): features F (N×p), f_* values, Gram G, b = E[φ f_*],
    a_H = (G + λI)^{-1} b (the minimiser of E(f_a − f_*)² + λ‖a‖² on the sample)."""
    run = _run(d) if corner is None else run_corner(corner, d)
    rng = np.random.default_rng([seed, d] if corner is None else [seed, d, *corner.encode()])
    X = rng.standard_normal((N, d))
    fstar = run["_problem"].target(X @ run["_problem"].mu)
    F = _features(run, X)
    G = F.T @ F / N
    bvec = F.T @ fstar / N
    lam = run["hp_lam"]
    a_H = np.linalg.solve(G + lam * np.eye(run["p"]), bvec)
    return run, F, fstar, G, bvec, a_H


@cache
@memo.shared
def _moments(d: int, batches: int = 4, seed: int = POP_SEED):
    """Population moments for run d from ``batches`` × 2^18 fresh inputs, accumulated in chunks (nothing N×p kept):
    per batch G = E[φφᵀ], b = E[φ f_*], m = E[φ]. Returns (run, a_H, err, G, m), err = 4 standard errors of a_H
    from the batch estimates."""
    run = _run(d)
    p, lam = run["p"], run["hp_lam"]
    mu, target = run["_problem"].mu, run["_problem"].target
    prng = np.random.default_rng([seed, d, 1])
    Gs, bs, ms = [], [], []
    for _ in range(batches):
        G, b, m = np.zeros((p, p)), np.zeros(p), np.zeros(p)
        for _ in range(4):
            X = prng.standard_normal((2**16, d))
            F = _features(run, X)
            G += F.T @ F
            b += F.T @ target(X @ mu)
            m += F.sum(axis=0)
        Gs.append(G / 2**18)
        bs.append(b / 2**18)
        ms.append(m / 2**18)
    per_batch = np.array([np.linalg.solve(G + lam * np.eye(p), b) for G, b in zip(Gs, bs)])
    G, b, m = sum(Gs) / batches, sum(bs) / batches, sum(ms) / batches
    a_H = np.linalg.solve(G + lam * np.eye(p), b)
    err = 4 * float(np.linalg.norm(per_batch.std(axis=0, ddof=1))) / math.sqrt(batches)
    return run, a_H, err, G, m


# ---------------------------------------------------------------------------------------------
# (3, 2): R(f_RR) ≲ E(f_H − f_*)² + E(f_RR − f_H)²
# ---------------------------------------------------------------------------------------------


#: runs the decomposition's sharpest constant is also measured at, as evidence (not admissible: σ_W = 0 there)
DECOMPOSITION_LIMIT_RUNS: tuple[tuple[str, int], ...] = (("aligned limit", 32),)


def check_risk_decomposition(constant: float = 2.0, ds=(32, 64),
                             limit_runs: tuple[tuple[str, int], ...] = DECOMPOSITION_LIMIT_RUNS) -> Verdict:
    """E(f_RR − f_*)² ≤ C[E(f_H − f_*)² + E(f_RR − f_H)²]. The step uses nothing about f_RR but f_RR ∈ H, so
    besides the measured f_RR the check computes the sharpest constant over all f ∈ H,
    c* = 1 + ‖P_H(f_H − f_*)‖/‖f_H − f_*‖ (attained at f = f_H + t P_H(f_H − f_*)), and evaluates that f directly.

    C ≥ 2 holds for every f by (u + v)² ≤ 2u² + 2v² (pointwise, exact): verified unless a run contradicts it. A
    C < 2 is refuted by a run where the measured f_RR or the extremal f exceeds it; otherwise undecided, since c*
    depends on W_1 and λ and nothing bounds it below 2 on the whole region (referee X: C = 1.5 passed at the paper's
    corner, c* = 1.24, while the σ_W → 0 limit of ν > 2 + ε_b reaches c* ≈ 1.8; ``limit_runs`` measure it there)."""
    rows = []
    samples = [(d, None) for d in ds] + [(d, corner) for corner, d in limit_runs]
    for d, corner in samples:
        run, F, fstar, G, _, a_H = _population(d, corner=corner)
        f_H = F @ a_H
        f_RR = F @ run["_a_rr"]
        v = f_H - fstar
        A = float(np.mean(v**2))
        risk = float(np.mean((f_RR - fstar) ** 2))
        B = float(np.mean((f_RR - f_H) ** 2))
        c_proj = np.linalg.solve(G, F.T @ v / len(v))  # P_H v = F c_proj
        Pv = F @ c_proj
        t = math.sqrt(A / float(np.mean(Pv**2)))
        f_w = f_H + t * Pv  # the extremal element of H
        ratio_w = float(np.mean((f_w - fstar) ** 2)) / (A + float(np.mean((f_w - f_H) ** 2)))
        c_star = 1 + math.sqrt(float(np.mean(Pv**2)) / A)
        rows.append(
            {
                **_brief(run),
                "corner": corner or "paper",
                "limit": corner is not None,
                "risk_f_RR": risk,
                "first_term": A,
                "second_term": B,
                "ratio_f_RR": risk / (A + B),
                "sharp_constant_over_H": c_star,
                "ratio_at_extremal_f": ratio_w,
                "cos_angle_PHv_v": c_star - 1,
            }
        )
    admissible = [r for r in rows if not r["limit"]]
    worst = max(admissible, key=lambda r: r["ratio_at_extremal_f"])
    ev = {
        "runs": rows,
        "constant": constant,
        "tolerance": REL,
        "pop_seed": POP_SEED,
        "seed": SEED,
        "pop_samples": N_POP,
        "reading": "E_x[(f_a − f_*)^2] (the square inside the expectation)",
        "note": "(u+v)² ≤ 2u² + 2v² pointwise, so C = 2 holds for every f; the Monte-Carlo sample serves "
        "both sides, so the inequality is tested exactly on it",
    }
    bad = [r for r in admissible if r["ratio_f_RR"] > constant * (1 + REL)]
    if bad:
        return refuted(
            "simulation+numeric",
            f"at d = {bad[0]['d']} the measured f_RR has R/(A+B) = {bad[0]['ratio_f_RR']:.6g} > {constant}",
            witness=bad[0],
            **ev,
        )
    if worst["ratio_at_extremal_f"] > constant * (1 + REL):
        return refuted(
            "simulation+numeric",
            f"the step holds for every f ∈ H only with C ≥ 1 + cos θ = "
            f"{worst['sharp_constant_over_H']:.6f} (d = {worst['d']}); f = f_H + tP_H(f_H − f_*) gives "
            f"R/(A+B) = {worst['ratio_at_extremal_f']:.6f} > {constant}",
            witness=worst,
            **ev,
        )
    limit_top = max((r["sharp_constant_over_H"] for r in rows if r["limit"]), default=None)
    measured = (f"the measured f_RR (ratio {max(r['ratio_f_RR'] for r in admissible):.4f}) and the extremal f ∈ H "
                f"(ratio {worst['ratio_at_extremal_f']:.4f}) at the paper's corner"
                + (f"; c* = {limit_top:.4f} at the σ_W → 0 limit corner" if limit_top is not None else ""))
    if constant >= 2:
        return verified(
            "exact+simulation",
            f"(u + v)² ≤ 2u² + 2v² pointwise gives R(f) ≤ 2[E(f_H−f_*)² + E(f−f_H)²] for every f, hence for C = "
            f"{constant:g}; checked on {measured}",
            **ev,
        )
    return inconclusive(
        "simulation",
        f"C = {constant:g} < 2 holds for {measured}, but the sharpest constant over H, c* = 1 + cos θ, depends on W_1 "
        "and λ, and nothing here bounds it by C on the whole region"
        + (f" (the limit corner reaches {limit_top:.3f} > C)"
           if limit_top is not None and limit_top > constant else ""),
        **ev,
    )


# ---------------------------------------------------------------------------------------------
# (3, 3): the population ridge chain
# ---------------------------------------------------------------------------------------------


def _objective(F, fstar, a, lam, reading):
    if reading == "square-inside":
        return float(np.mean((F @ a - fstar) ** 2)) + lam * float(a @ a)
    return float(np.mean(F @ a - fstar)) ** 2 + lam * float(a @ a)  # literal: (E_x[f_a − f_*])²


def _minimiser(F, fstar, lam, reading):
    p = F.shape[1]
    if reading == "square-inside":
        return np.linalg.solve(F.T @ F / len(fstar) + lam * np.eye(p), F.T @ fstar / len(fstar))
    m, c = F.mean(axis=0), float(fstar.mean())
    return np.linalg.solve(np.outer(m, m) + lam * np.eye(p), m * c)


def check_population_chain(
    relations: tuple[str, str, str] = ("<=", "==", "<="),
    readings=("square-inside", "literal"),
    ds=(32, 64),
    candidates: int = 8,
) -> Verdict:
    """Display (3, 3), links 1–3: E(f_H−f_*)² [rel1] E(f_H−f_*)² + λ‖a_H‖² [rel2] min_a{E(f_a−f_*)² + λ‖a‖²}
    [rel3] E(f^W−f_*)² + λ‖ā‖² for any ā (tested on a_RR, a_0-like constant vector, and random ā).
    ``readings``: the paper prints E_x[(f_a − f_*)]², which read literally is the squared mean; f_H is then the
    minimiser of that objective. The minimum is computed in closed form (min value b-free formula checked
    against a direct evaluation)."""
    ops = {"<=": lambda a, b, s: a <= b + s, "==": lambda a, b, s: abs(a - b) <= s, ">=": lambda a, b, s: a >= b - s}
    unknown = [r for r in relations if r not in ops]
    if unknown:  # referee EK, EK-L4: a KeyError; a strict relation is not what the tolerance-s comparison decides
        raise InputError(f"check_population_chain decides <=, ==, >= between the links, not {', '.join(unknown)}")
    out = {}
    witness = None
    for reading in readings:
        rows = []
        for d in ds:
            run, F, fstar, G, bvec, _ = _population(d)
            lam, p = run["hp_lam"], run["p"]
            a_H = _minimiser(F, fstar, lam, reading)
            f_H_risk = float(np.mean((F @ a_H - fstar) ** 2))  # the first line is E[(f_H − f_*)²] in every reading
            pen = f_H_risk + lam * float(a_H @ a_H)
            # the minimum over a of the objective: closed form for the square-inside reading,
            # E f_*² − bᵀ(G+λI)^{-1}b; for the literal reading c² − c² mᵀ(mmᵀ+λI)^{-1}m
            if reading == "square-inside":
                minval = float(np.mean(fstar**2) - bvec @ np.linalg.solve(G + lam * np.eye(p), bvec))
            else:
                m, c = F.mean(axis=0), float(fstar.mean())
                minval = c**2 - c**2 * float(m @ np.linalg.solve(np.outer(m, m) + lam * np.eye(p), m))
            rng = np.random.default_rng([SEED, d, 7])
            abars = [("a_RR", run["_a_rr"]), ("constant p^{-1/2}", np.ones(p) / math.sqrt(p))]
            abars += [(f"random #{k}", rng.standard_normal(p) / math.sqrt(p)) for k in range(candidates)]
            vals = [(name, _objective(F, fstar, a, lam, reading)) for name, a in abars]
            scale = max(1.0, abs(pen), abs(minval))
            tol = 1e-9 * scale
            link1 = ops[relations[0]](f_H_risk, pen, tol)
            link2 = ops[relations[1]](pen, minval, tol)
            worst3 = min(vals, key=lambda x: x[1])
            link3 = all(ops[relations[2]](minval, v, tol) for _, v in vals)
            rows.append(
                {
                    **_brief(run),
                    "E(f_H-f*)^2": f_H_risk,
                    "plus_penalty": pen,
                    "min_objective": minval,
                    "smallest_objective_at_abar": worst3[1],
                    "abar": worst3[0],
                    "link1": link1,
                    "link2": link2,
                    "link3": link3,
                    "tolerance": tol,
                    "link2_discrepancy": abs(pen - minval),
                }
            )
            if witness is None and not (link1 and link2 and link3):
                witness = {"reading": reading, **rows[-1]}  # the first failing link (a witness if refuted)
        out[reading] = rows
    holds = {r: all(x["link1"] and x["link2"] and x["link3"] for x in rows) for r, rows in out.items()}
    ev = {
        "readings": out,
        "holds": holds,
        "relations": list(relations),
        "pop_seed": POP_SEED,
        "seed": SEED,
        "pop_samples": N_POP,
        "final_line": "the last equality (= O_P(Theorem 2's rate)) is Theorem 2 with λ‖ā‖² "
        "absorbed (thm2.rate, thm2.penalty-absorbed); not re-checked here",
    }
    if holds.get("square-inside"):
        extra = (
            ""
            if "literal" not in holds
            else (
                "; read literally (squared mean) the equality fails"
                if not holds["literal"]
                else "; also read literally"
            )
        )
        # the readings in a regime record, where the count of reading-qualified verdicts reads them (referee AX F2)
        readings = {"E_x[(f_a − f_*)²] (the square inside)": "all: links 1–3 at every run"}
        if "literal" in holds:
            readings["(E_x[f_a − f_*])² (the square outside, literally)"] = (
                "all: links 1–3 at every run" if holds["literal"] else
                f"none: a link fails at d = {witness['d']} (failure_in_other_reading)" if witness else "none")
        return verified(
            "simulation+numeric",
            "links 1–3 hold with E_x[(f_a−f_*)²]: λ‖a_H‖² ≥ 0, the objective at a_H "
            "equals its closed-form minimum, and no tested ā does better" + extra,
            # the links are a definition, a minimisation and ā's feasibility: every W₁ and λ > 0; the runs are evidence
            # (referee CU, CU-7: the region had read as a finite-sample verification)
            regime={"region": "every W₁ and λ > 0 (the links are a definition, a minimisation and ā's feasibility; "
                    "measured at the simulated runs d = " + ", ".join(str(r["d"]) for r in out["square-inside"])
                    + ")", "holds_on": "all", "conditions": [], "readings": readings},
            failure_in_other_reading=witness,
            **ev,
        )
    return refuted(
        "simulation+numeric",
        f"a link fails in reading '{witness['reading']}' at d = {witness['d']}: "
        f"link1 {witness['link1']}, link2 {witness['link2']}, link3 {witness['link3']}",
        witness=witness,
        **ev,
    )


# ---------------------------------------------------------------------------------------------
# (3, 8): the variance term E_x(f_RR − f_H)²
# ---------------------------------------------------------------------------------------------


def _redraw_a_rr(run, reps: int, seed: int) -> np.ndarray:
    """a_RR on ``reps`` fresh copies of the second-layer data set (W_1, b fixed). The checks read it through
    :func:`_redrawn_a_rr` (rows remembered); kept as the reference."""
    d, n, p, lam = run["d"], run["n"], run["p"], run["hp_lam"]
    mu, target = run["_problem"].mu, run["_problem"].target
    rng = np.random.default_rng([seed, d])
    A = np.empty((reps, p))
    for r in range(reps):
        X = rng.standard_normal((n, d))
        F = _features(run, X)
        A[r] = np.linalg.solve(F.T @ F / n + lam * np.eye(p), F.T @ target(X @ mu) / n)
    return A


#: per (id of the run dict, seed): (the run, kept alive so its id stays its own; the generator, left where the last
#: redrawn row ended; the rows redrawn so far, (k, p))
_REDRAWN: dict[tuple[int, int], tuple[dict, np.random.Generator, np.ndarray]] = {}


def _redrawn_a_rr(run: dict, reps: int, seed: int) -> np.ndarray:
    """:func:`_redraw_a_rr` (a new array of ``reps`` rows), each row computed once per process and run.

    Row r of :func:`_redraw_a_rr` depends only on the run, the seed and r (the generator's stream is drawn row by
    row, one data set per row), not on ``reps``: so the first 200 rows of ``ridge.mcdiarmid``'s 400 redraws at
    d = 32 are ``risk.variance-term``'s 200, and a perturbed statement checked again (tests) redraws nothing.
    The rows redrawn so far and the generator where they ended are kept; a longer request continues the same
    stream. Bit-identical to :func:`_redraw_a_rr` (tests/test_part3_risk_steps_claims.py compares them)."""
    key = (id(run), seed)
    if key not in _REDRAWN:
        _REDRAWN[key] = (run, np.random.default_rng([seed, run["d"]]), np.empty((0, run["p"])))
    kept, rng, rows = _REDRAWN[key]
    if reps > len(rows):
        rows = np.concatenate([rows, _redraw_rows(run, reps - len(rows), rng)])
        _REDRAWN[key] = (kept, rng, rows)
    return rows[:reps].copy()


def _redraw_rows(run: dict, reps: int, rng: np.random.Generator) -> np.ndarray:
    """``reps`` rows of :func:`_redraw_a_rr`'s loop, drawing from ``rng`` (advanced)."""
    n, p, lam = run["n"], run["p"], run["hp_lam"]
    mu, target = run["_problem"].mu, run["_problem"].target
    A = np.empty((reps, p))
    for r in range(reps):
        X = rng.standard_normal((n, run["d"]))
        F = _features(run, X)
        A[r] = np.linalg.solve(F.T @ F / n + lam * np.eye(p), F.T @ target(X @ mu) / n)
    return A


def _pop_batches(d: int) -> int:
    return 4


#: the forms of v in (K_n + λI)(a_RR − a_H) = v that :func:`resolvent_identity` can be asked about: the right one
#: (centred: E[φr] = λa_H subtracted) and the one that forgets the centring (a perturbation)
V_FORMS = ("centred", "uncentred")


def resolvent_identity(v_form: str = "centred", p: int = 3, population: int = 7, n: int = 4,
                       seed: int = SEED) -> dict[str, Any]:
    """The exact algebra of the resolvent route to display (3, D8) (referees CU, CU-1 and CV, CV-M2), in rational
    arithmetic on a finite population (``population`` points φ ∈ [−1, 1]^p with labels y, uniform; a data set of
    ``n`` of them drawn with ``seed``), λ = 1/2:

    - the population's first-order condition E[φ(y − φᵀa_H)] = λa_H, a_H = (K + λI)^{-1}E[φy];
    - (K_n + λI)(a_RR − a_H) = v with v = (1/n)Σ_j φ_j r_j − E[φr], r = y − φᵀa_H: a mean of centred i.i.d.
      vectors (``v_form="uncentred"`` drops the E[φr] term, which a test shows is rejected);
    - the objective comparison E r² + λ‖a_H‖² ≤ E y² (the ridge objective at a_H against a = 0), which gives
      E‖ξ‖² ≤ p E r² ≤ p E y² and ‖a_H‖² ≤ E y²/λ.
    Each is an identity or inequality between exact rationals: nothing is rounded."""
    if v_form not in V_FORMS:
        raise ValueError(f"v_form must be one of {V_FORMS}")
    rng = np.random.default_rng([seed, p, population, n])
    pts = [sp.Matrix([sp.Rational(int(k), 8) for k in rng.integers(-8, 9, size=p)]) for _ in range(population)]
    ys = [sp.Rational(int(k), 4) for k in rng.integers(-12, 13, size=population)]
    draw = [int(j) for j in rng.integers(0, population, size=n)]
    lam = sp.Rational(1, 2)
    eye = sp.eye(p)
    K = sum((f * f.T for f in pts), sp.zeros(p, p)) / population
    a_H = (K + lam * eye).solve(sum((f * y for f, y in zip(pts, ys)), sp.zeros(p, 1)) / population)
    res = [y - (f.T * a_H)[0] for f, y in zip(pts, ys)]
    E_phi_r = sum((f * r for f, r in zip(pts, res)), sp.zeros(p, 1)) / population
    K_n = sum((pts[j] * pts[j].T for j in draw), sp.zeros(p, p)) / n
    a_RR = (K_n + lam * eye).solve(sum((pts[j] * ys[j] for j in draw), sp.zeros(p, 1)) / n)
    mean_phi_r = sum((pts[j] * res[j] for j in draw), sp.zeros(p, 1)) / n
    v = mean_phi_r - E_phi_r if v_form == "centred" else mean_phi_r
    gap = (K_n + lam * eye) * (a_RR - a_H) - v
    E_r2 = sum(r**2 for r in res) / population
    E_y2 = sum(y**2 for y in ys) / population
    return {
        "p": p, "population": population, "n": n, "seed": seed, "lambda": str(lam), "v_form": v_form,
        "first_order_condition": E_phi_r == lam * a_H,
        "identity": gap == sp.zeros(p, 1),
        "identity_residual": [str(g) for g in gap],
        "objective_comparison": E_r2 + lam * (a_H.T * a_H)[0] <= E_y2,
        "E_r2": str(E_r2), "E_y2": str(E_y2),
        "features_in_unit_cube": all(abs(c) <= 1 for f in pts for c in f),
    }


def resolvent_route(claimed_rate: sp.Expr) -> dict[str, Any]:
    """Display (3, D8) by the resolvent and a vector Bernstein bound, without the paper's leave-one-out + McDiarmid
    (referees CU, CU-1; CV, CV-M2 — the McDiarmid display is refuted, ridge.mcdiarmid, the bound is not):

    1. a_RR − a_H = (K_n + λI)^{-1} v, v = (1/n)Σ_j ξ_j, ξ_j = φ_j r_j − E[φr] centred i.i.d. (exact:
       :func:`resolvent_identity`);
    2. ‖(K_n + λI)^{-1}‖ ≤ 1/λ = d^{2ε_n}/p (K_n ⪰ 0);
    3. E‖ξ‖² ≤ E‖φr‖² ≤ p E r² ≤ p E y² (|φ_i| = |tanh| ≤ 1; the objective comparison); on the event
       max_j |y_j| ≤ C log^q d (failure ≤ n e^{−c log²d}, still e^{−c' log²d}) ‖ξ‖ ≤ R = 2√p(C log^q d +
       d^{ε_n}√(E y²)) (|φᵀa_H| ≤ √p‖a_H‖ ≤ √(pE y²/λ)); the truncated ξ_j are centred up to a bias
       ‖E[ξ; |y| > C log^q d]‖ ≤ √p E[|r|; |y| > C log^q d] = e^{−c log²d}·poly(d), negligible against √(p/n) log d
       (referee CX, M3);
    4. Pinelis' vector Bernstein, P(‖Σξ_j‖ ≥ t) ≤ 2exp(−t²/(2(nσ² + Rt/3))), at t = √(np)·log d, σ² = pE y²:
       P(‖v‖ ≥ √(p/n) log d) ≤ 2exp(−log²d/(2E y²(1 + o(1)))) once Rt/(nσ²) ≍ (log^q d + d^{ε_n})log d/√n → 0
       — decided here on the whole region;
    5. E_x(f_RR − f_H)² = ΔᵀKΔ ≤ tr(K)‖Δ‖² ≤ p‖Δ‖² ≤ p(d^{2ε_n}/p)²(p/n)log²d = d^{4ε_n}log²d/n: the hidden
       constant is 1 and c = 1/(2E y²) − o(1) > 0 (depending on ‖σ_*‖), so the display's ≤_P holds as printed for
       d large — SymPy's algebra against ``claimed_rate``."""
    from theorycheck.asymptotics import decide

    from .regime import ADMISSIBLE

    exact = resolvent_identity()
    range_term = decide(Statement((S.d**S.eps_n + S.log_d**S.q) * S.log_d, r"\ll", sp.sqrt(S.n)), ADMISSIBLE,
                        d=S.d, rewrite=S.in_powers_of_d,
                        what="Bernstein's range term (log^q d + d^{ε_n}) log d ≪ √n")
    chain = p_ * (d_ ** (2 * en) / p_) ** 2 * (p_ / n_) * LOGD**2
    algebra = sp.simplify(chain / claimed_rate)
    return {
        "exact_identities": exact,
        "range_term": {"verdict": range_term.verdict, "detail": range_term.detail,
                       "regime": dict(range_term.regime or {})},
        "chain": "p·(d^{2ε_n}/p)²·(p/n)·log²d", "algebra_ratio": str(algebra),
        "holds": (exact["first_order_condition"] and exact["identity"] and exact["objective_comparison"]
                  and exact["features_in_unit_cube"] and range_term.verdict == "verified" and algebra == 1),
        "tail": "P(‖v‖ ≥ √(p/n) log d) ≤ 2exp(−log²d/(2E y²(1 + o(1)))) (Pinelis 1994, Thm 3.5, Hilbert space)",
    }


def _wilson(frequency: float, trials: int, side: int, z: float = 2.0) -> float:
    """Wilson's score bound (``side`` +1 upper, −1 lower, ``z`` standard errors) on a probability measured as
    ``frequency`` over ``trials``."""
    z2 = z * z
    centre, spread = frequency + z2 / (2 * trials), math.sqrt(z2 * frequency * (1 - frequency) / trials
                                                              + z2**2 / (4 * trials**2))
    return (centre + side * spread) / (1 + z2 / trials)


def pinelis_finite_d(run: dict, a_H: np.ndarray, samples: int = 2**16, seed: int = POP_SEED) -> dict[str, float]:
    """The resolvent route's step 4 evaluated at the run's d (referee CX, M3): Pinelis' vector Bernstein
    P(‖v‖ ≥ √(p/n) log d) ≤ 2exp(−t²/(2(nσ² + Rt/3))), t = √(np) log d, with σ² = E‖ξ‖² = E‖φr‖² − ‖E φr‖² and the
    range R = max‖φ_j r_j‖ + ‖E φr‖ estimated from ``samples`` fresh inputs (r = f_*(⟨μ, x⟩) − φᵀa_H; the largest of
    2^16 draws stands in for the truncation level). Since ‖a_RR − a_H‖ ≤ ‖v‖/λ and λ·d^{2ε_n}log d/√(pn) =
    √(p/n) log d, this bounds the probability that ‖a_RR − a_H‖ exceeds the display's level."""
    n, p, d = run["n"], run["p"], run["d"]
    mu, target = run["_problem"].mu, run["_problem"].target
    X = np.random.default_rng([seed, d, 2]).standard_normal((samples, d))
    F = _features(run, X)
    r = target(X @ mu) - F @ a_H
    norms = np.sqrt(np.sum(F**2, axis=1)) * np.abs(r)
    mean = F.T @ r / samples
    sigma2 = float(np.mean(norms**2)) - float(mean @ mean)
    R = float(np.max(norms)) + float(np.linalg.norm(mean))
    t = math.sqrt(n * p) * math.log(d)
    bound = min(1.0, 2 * math.exp(-(t**2) / (2 * (n * sigma2 + R * t / 3))))
    return {"sigma2": sigma2, "sigma2_over_p": sigma2 / p, "R": R, "t": t,
            "range_over_variance": R * t / (3 * n * sigma2), "bound": bound, "samples": samples}


def _off_by(ratio: sp.Expr) -> str:
    """How a chain's rate and a claimed one differ, for a detail: their ratio, or that the claimed one is 0 (a
    dropped term; referee EF, EF-11)."""
    return "the claimed rate is 0, the chain's is not" if ratio.has(sp.zoo) else f"off by {ratio}"


#: the two readings of f_H's definition (§4.2 prints the square outside the expectation: referee EK, EK-6)
F_H_INSIDE = "f_H = argmin E_x[(f_a − f_*)²] + λ‖a‖² (the square inside: the population ridge minimiser)"
F_H_LITERAL = "f_H = argmin (E_x[f_a − f_*])² + λ‖a‖² (the square outside, as printed)"


def check_variance_term(
    claimed_rate: sp.Expr = d_ ** (4 * en) * LOGD**2 / n_,
    ds=(32, 64),
    reps: int = 200,
    seed: int = 7,
    region_wide: bool = True,
) -> Verdict:
    """E_x[f_RR − f_H]² ≤ ‖a_RR − a_H‖² E‖φ‖² (Cauchy–Schwarz; both readings of the bracket: E[(Δaᵀφ)²] = ΔaᵀGΔa and
    (E[Δaᵀφ])² = (mᵀΔa)², against ‖Δa‖² tr G) ≤_P d^{4ε_n}/(pn)·p log²d (measured ‖a_RR − a_H‖, with a_H's
    Monte-Carlo error, and E‖φ‖² ≤ p) = ``claimed_rate`` (SymPy), and the measured E(f_RR − f_H)² against the rate.
    The middle ≤_P is a high-probability statement: its exceedance probability P(‖a_RR − a_H‖ > d^{2ε_n}log d/√(pn))
    is measured over ``reps`` redrawn data sets (refuted if ≥ 1/2 at some d; verified if ≤ 0.1 and not increasing
    in d). Population moments from 4 × 2^18 fresh inputs."""
    product = d_ ** (4 * en) / (p_ * n_) * p_ * LOGD**2
    ratio = sp.simplify(product / claimed_rate)
    if ratio != 1:  # the chain's last "=" fails: the algebra decides alone, no simulation needed for the witness
        pt = {d_: 64, n_: 777, p_: 64, en: sp.Rational(1, 5)}
        # the bound E ≤_P claimed_rate apart from the chain (referee EC, F4): implied by the chain's own rate where
        # claimed_rate is at least of its order (the ratio bounded as d → ∞, at n = d^{1+3ε_n}, p = d), not shown
        # by this route where it is smaller
        # decided on the whole region (referee ED, ED-9: it had been decided at one point, ε_n = 1/5, p = d)
        from theorycheck.asymptotics import decide
        from theorycheck.errors import InputError

        from .regime import ADMISSIBLE

        to_region = {d_: S.d, n_: S.n, p_: S.p, en: S.eps_n}
        try:
            order = decide(Statement(product.xreplace(to_region), r"\lesssim", claimed_rate.xreplace(to_region)),
                           ADMISSIBLE, d=S.d, rewrite=S.in_powers_of_d, what="the chain's rate ≲ the claimed rate")
            where = (order.regime or {}).get("holds_on")
        except InputError:  # a rate the engine cannot read (referee EE, EE-7: it had crashed the check)
            order, where = None, None
        conditions = ", ".join(((order.regime or {}).get("conditions") or []) if order is not None else [])
        as_bound = ("implied by the chain's rate d^{4ε_n}log²d/n on the whole region (a rate of at least its order), "
                    "where the chain holds" if where == "all" else
                    f"implied by the chain's rate where {conditions} (there a rate of at least its order); elsewhere "
                    "not shown by this route" if where == "part" else
                    "not shown by this route (the claimed rate is smaller than the chain's on the whole region)"
                    if where == "none" else "not decided (the comparison with the chain's rate is undecided, or "
                    "the engine cannot read the claimed rate)")
        return refuted(
            "symbolic",
            f"the chain's last equality d^(4ε_n)/(pn)·p·log²d = {claimed_rate} fails: {_off_by(ratio)}; as a bound "
            f"E(f_RR − f_H)² ≤_P {claimed_rate} apart from the chain: {as_bound}",
            witness={"factor": str(ratio), "factor_at_d64": str(sp.N(ratio.subs(pt)))},
            algebra_ratio=str(ratio),
            claimed_rate=str(claimed_rate),
            as_a_bound=as_bound,
        )
    rows = []
    for d in ds:
        run, a_H, err, G, m = _moments(d, _pop_batches(d))
        da = run["_a_rr"] - a_H
        lhs_sq_inside = float(da @ G @ da)
        lhs_literal = float(m @ da) ** 2
        trG = float(np.trace(G))
        cs = float(da @ da) * trG
        rate = float(claimed_rate.subs({d_: d, n_: run["n"], p_: run["p"], en: sp.Rational(1, 5)}))
        level = math.sqrt(d ** (4 * EPS_N) / (run["p"] * run["n"]) * math.log(d) ** 2)
        nd = float(np.linalg.norm(da))
        hp = "holds" if nd + err <= level else ("fails" if nd - err > level else "undecided")
        redraw = np.linalg.norm(_redrawn_a_rr(run, reps, seed) - a_H, axis=1)
        exceed = float(np.mean(redraw - err > level))  # conservative in a_H's Monte-Carlo error (to refute)
        exceed_up = float(np.mean(redraw + err > level))  # the same on the holding side (referee CC, F7)
        # Wilson's upper bound (z = 2) on the exceedance probability: what the holding side decides on
        wilson_up = _wilson(exceed_up, reps, +1)
        # the route's finite-d bound on the same probability: the measured exceedance must lie below it (Wilson's
        # lower bound, z = 2, on the conservative count), else the route's chain is contradicted at this d
        pinelis = pinelis_finite_d(run, a_H)
        wilson_low = _wilson(exceed, reps, -1)
        rows.append(
            {
                **_brief(run),
                "E(f_RR-f_H)^2": lhs_sq_inside,
                "E_f_RR^2": float(run["_a_rr"] @ G @ run["_a_rr"]),  # the term when f_H ≡ 0 (the literal reading)
                "(E[f_RR-f_H])^2": lhs_literal,
                "cauchy_schwarz_rhs": cs,
                "norm_a_RR_minus_a_H": nd,
                "a_H_mc_error_4se": err,
                "level_d^(2eps_n)logd/sqrt(pn)": level,
                "E_norm_phi_sq_over_p": trG / run["p"],
                "claimed_rate": rate,
                "ratio_to_rate": lhs_sq_inside / rate,
                "hp_link_seed0": hp,
                "hp_exceedance_over_redraws": exceed,
                "hp_exceedance_upper": exceed_up,
                "hp_exceedance_upper_wilson": wilson_up,
                "hp_exceedance_lower_wilson": max(0.0, wilson_low),
                "pinelis_finite_d": pinelis,
                "pinelis_consistent": wilson_low <= pinelis["bound"],
                "cs_holds": lhs_sq_inside <= cs * (1 + 1e-12) and lhs_literal <= cs * (1 + 1e-12) and trG <= run["p"],
            }
        )
    ev = {
        "runs": rows,
        "algebra_ratio": str(ratio),
        "claimed_rate": str(claimed_rate),
        "pop_seed": POP_SEED,
        "seed": SEED,
        "redraw_seed": seed,
        "reps": reps,
        "tolerance": "1e-12 relative; a_H to 4 Monte-Carlo SE",
    }
    if ratio != 1:
        pt = {d_: 64, n_: 777, p_: 64, en: sp.Rational(1, 5)}
        return refuted(
            "symbolic",
            f"d^(4ε_n)/(pn)·p·log²d ≠ {claimed_rate}: {_off_by(ratio)}",
            witness={"factor": str(ratio), "factor_at_d64": str(sp.N(ratio.subs(pt)))},
            **ev,
        )
    bad = [r for r in rows if not r["cs_holds"]]
    if bad:
        return refuted("simulation+numeric", "Cauchy–Schwarz link fails", witness=bad[0], **ev)
    worst = max(rows, key=lambda r: r["ratio_to_rate"])
    if worst["ratio_to_rate"] > 1:
        return refuted(
            "simulation+numeric",
            f"at d = {worst['d']} E(f_RR−f_H)² = {worst['E(f_RR-f_H)^2']:.4g} exceeds "
            f"the rate {worst['claimed_rate']:.4g}",
            witness=worst,
            **ev,
        )
    ex = [r["hp_exceedance_over_redraws"] for r in rows]
    hp = ", ".join(f"{x:.3g}" for x in ex)
    if max(ex) >= 0.5:
        w = max(rows, key=lambda r: r["hp_exceedance_over_redraws"])
        return refuted(
            "simulation",
            f"at d = {w['d']}, ‖a_RR − a_H‖ > d^(2ε_n)log d/√(pn) on "
            f"{w['hp_exceedance_over_redraws']:.0%} of {reps} redrawn data sets",
            witness=w,
            **ev,
        )
    ex_up = [r["hp_exceedance_upper"] for r in rows]
    # the display's bound proved on the whole region by the resolvent and vector Bernstein (referees CU, CV): the
    # measured exceedance at d ≤ 64 is then evidence of a "for d large" statement, not what decides it
    route = resolvent_route(claimed_rate) if region_wide else None
    if route is not None:
        contradicted = [r["d"] for r in rows if not r["pinelis_consistent"]]
        route = route | {"finite_d_pinelis": {"d": [r["d"] for r in rows],
                                              "bound": [r["pinelis_finite_d"]["bound"] for r in rows],
                                              "measured_exceedance": ex, "contradicted_at": contradicted}}
        route["holds"] = route["holds"] and not contradicted
        ev["resolvent_route"] = route
    if (not (route and route["holds"]) and (max(r["hp_exceedance_upper_wilson"] for r in rows) > 0.1
                                             or any(b > a for a, b in itertools.pairwise(ex_up)))):
        return inconclusive(
            "simulation",
            "the algebra and Cauchy–Schwarz hold, but the ≤_P link's exceedance "
            f"probability ({hp} over d = {list(ds)}; Wilson upper bounds "
            + ", ".join(f"{r['hp_exceedance_upper_wilson']:.3g}" for r in rows) + ") does not yet decide it",
            **ev,
        )
    from .part3_common import Step, check_step
    from .part3_steps import VARIANCE

    alg = check_step(
        Step(
            (3, "D8", 3),
            Statement(claimed_rate.subs({d_: S.d, n_: S.n, p_: S.p, en: S.eps_n}), "O", VARIANCE),
            "asymptotic",
        )
    )
    ev["rate_on_region"] = alg
    detail = (
        "Cauchy–Schwarz holds in both readings, the algebra d^{4ε_n}/(pn)·p log²d = d^{4ε_n}log²d/n is exact, "
        f"and the measured term is {worst['ratio_to_rate']:.2g}× the rate at most (hidden constant 1); the ≤_P link "
        f"fails on {hp} of redrawn data sets (d = {list(ds)})"
    )
    if not region_wide:
        return verified("symbolic+simulation", detail, **ev)
    if route is not None and route["holds"]:
        return verified(
            "symbolic+simulation",
            "on the whole region, by a route the paper does not take (its leave-one-out + McDiarmid is refuted, "
            "ridge.mcdiarmid): a_RR − a_H = (K_n + λI)^{-1}v with v a mean of centred i.i.d. ξ_j = φ_j r_j − E[φr] "
            "(exact), ‖(K_n + λI)^{-1}‖ ≤ 1/λ, E‖ξ‖² ≤ pE y², and vector Bernstein gives ‖v‖ ≤ √(p/n) log d with "
            "probability ≥ 1 − 2e^{−log²d/(2E y²)(1 − o(1))} — its range term (log^q d + d^{ε_n})log d/√n → 0 "
            "decided on the whole region — so E_x(f_RR − f_H)² ≤ p‖a_RR − a_H‖² ≤ d^{4ε_n}log²d/n with the "
            "hidden constant 1 and c = 1/(2E y²) depending on ‖σ_*‖ (d large). What the code computes: the identities "
            "in exact rationals, the range term's exponents on the region and the rate's algebra, and Pinelis' bound "
            "at d = " + ", ".join(str(r["d"]) for r in rows) + " with σ² and R estimated from 2^16 fresh inputs ("
            + ", ".join(f"{r['pinelis_finite_d']['bound']:.3g}" for r in rows) + ": not contradicted by the "
            "measured exceedance, but weak evidence at these d, where the exponent log²d/(2σ²/p) is still small); "
            "the truncation at max_j|y_j| ≤ C log^q d with its "
            "e^{−c log²d} bias is the proof's, in resolvent_route's docstring (referee CX, M3). Measured, at "
            "ε_n = 1/5, ε_p = 1: " + detail,
            regime={**dict(alg["regime"]), "holds_on": "all",
                    "readings": {
                        "≤_P with a hidden constant and some c > 0 (Part 1's O_P)": "all: the resolvent route",
                        "≤_P with the hidden constant 1, c > 0 depending on ‖σ_*‖ only": "all: the resolvent "
                        "route's constants (d large); at d = 32, 64 the level is exceeded on " + hp + " of the "
                        "redrawn data sets",
                        # referee CX, M4: t = s√(npE y²)·log d gives c = s²/2, any c, at the constant s²E y²
                        "≤_P with c absolute and the constant depending on ‖σ_*‖": "all: Bernstein at t = "
                        "s√(npE y²)·log d gives probability 1 − 2e^{−(s²/2)(1 − o(1))log²d} at the constant s²E y²",
                        "≤_P with the constant 1 (or an absolute one) and c absolute": "undecided: the route ties "
                        "c to E y² (c = 1/(2E y²) at the constant 1); no bound free of σ_* is proved or refuted",
                        # referee EK, EK-6: a_H = (K + λI)^{-1}E[φy] is the square-inside minimiser
                        F_H_INSIDE: "all: a_H = (K + λI)^{-1}E[φy], the route's and the runs' (as "
                        "risk.population-ridge-chain reads f_H)",
                        F_H_LITERAL: "undecided: (E_x[f_a − f_*])² + λ‖a‖² = (mᵀa)² + λ‖a‖² (E f_* = α*_0 = 0) is "
                        "least at a = 0, so f_H ≡ 0 and the term is E_x f_RR² ≥ (‖f_*‖ − √R(f_RR))²: it fails wherever "
                        "ridge's risk stays below ‖f_*‖², and holds where f_RR → 0 (ridge learning nothing, as at the "
                        "runs: measured E_x f_RR² = " + ", ".join(
                            f"{r['E_f_RR^2']:.3g}" for r in rows) + " at d = " + ", ".join(str(r["d"]) for r in rows)
                        + ", against the rate " + ", ".join(f"{r['claimed_rate']:.3g}" for r in rows)
                        + "); which of the two holds where is not decided here"}},
            **ev,
            # the verdict uses neither ridge.mcdiarmid nor ridge.measured-loo-move (referee CX, M5)
            decided_without_premises="the resolvent route: exact identities, ‖(K_n + λI)^{-1}‖ ≤ 1/λ and vector "
            "Bernstein, not the leave-one-out move or McDiarmid's display",
            # what the route itself rests on: the labels' bound for the truncation (its union bound over n) and
            # ‖φ_j‖ ≤ √p (referee CZ, L3)
            # (f_H's two readings are this claim's own, recorded above: risk.population-ridge-chain's chain — W₁'s
            # approximation, Part 2's certificate — is not what the route rests on)
            route_premises=["ridge.measured-labels", "ridge.measured-phi-norm"],
        )
    return inconclusive(
        "symbolic+simulation",
        detail + ". Re-examined over the region: the ≤_P link is measured only at "
        "ε_n = 1/5, ε_p = 1 (the McDiarmid constant it rests on is refuted, ridge.mcdiarmid, and "
        "ridge.measured-loo-move cannot decide the leave-one-out move's order at d ≤ 64), so the "
        "verdict cannot be extended to the whole region; the rate's algebra holds on all of it",
        regime=dict(alg["regime"]),
        **ev,
    )


# ---------------------------------------------------------------------------------------------
# (3, 7): McDiarmid for ‖a_RR − a_H‖
# ---------------------------------------------------------------------------------------------


def paper_mcdiarmid_bound(t: float, d: int, n: int, p: int, eps_n: float) -> float:
    """2 exp(−2t² / (n · 4d^{4ε_n}/(p n²)))."""
    return 2 * math.exp(-2 * t**2 / (n * 4 * d ** (4 * eps_n) / (p * n**2)))


def check_mcdiarmid(
    claimed: Callable[[float, int, int, int, float], float] = paper_mcdiarmid_bound,
    d: int = 32,
    reps: int = 400,
    seed: int = 7,
    pop_batches: int = 4,
) -> Verdict:
    """Redraw the second-layer data set X^a (W_1, b fixed from the run) ``reps`` times, compute a_RR each time, and
    compare (i) E_X[a_RR] with a_H (the display's first equality) and (ii) the empirical tail of ‖a_RR − a_H‖ with
    the claimed bound on a grid of t (a violation counts when the empirical frequency of ‖a_RR − a_H‖ − err ≥ t,
    err = 4 Monte-Carlo standard errors of a_H, exceeds the bound by more than 3 binomial standard errors)."""
    run, a_H, a_H_err, _, _ = _moments(d, pop_batches)
    n, p = run["n"], run["p"]
    A = _redrawn_a_rr(run, reps, seed)
    dist = np.linalg.norm(A - a_H, axis=1)
    mean_a = A.mean(axis=0)
    se = A.std(axis=0, ddof=1) / math.sqrt(reps)
    bias = float(np.linalg.norm(mean_a - a_H))
    bias_z = float(np.max(np.abs(mean_a - a_H) / se))
    ts = np.quantile(dist, [0.5, 0.75, 0.9, 0.95, 0.99])
    grid = []
    worst = None
    for t in ts:
        freq = float(np.mean(dist - a_H_err >= t))  # conservative: ‖a_RR − a_H(true)‖ ≥ dist − err
        bound = float(claimed(float(t), d, n, p, EPS_N))
        sd = math.sqrt(max(freq * (1 - freq), 1 / reps) / reps)
        excess = (freq - bound) / sd
        grid.append({"t": float(t), "empirical_tail": freq, "claimed_bound": bound, "excess_in_se": excess})
        if worst is None or excess > worst["excess_in_se"]:
            worst = grid[-1]
    # the reading McDiarmid actually gives for g = ‖a_RR − a_H‖: P(g − E g ≥ t) ≤ exp(−2t²/Σc_i²) (≤ the claim)
    centred = dist - dist.mean()
    grid_c = []
    for t in np.quantile(centred, [0.75, 0.9, 0.95, 0.99]):
        if t <= 0:
            continue
        freq = float(np.mean(centred - a_H_err >= t))
        bound = float(claimed(float(t), d, n, p, EPS_N))
        sd = math.sqrt(max(freq * (1 - freq), 1 / reps) / reps)
        grid_c.append(
            {"t": float(t), "empirical_tail": freq, "claimed_bound": bound, "excess_in_se": (freq - bound) / sd}
        )
    centred_holds = all(g["excess_in_se"] <= 3 for g in grid_c)
    ev = {
        **_brief(run),
        "reps": reps,
        "seed": seed,
        "pop_seed": POP_SEED,
        "grid": grid,
        "a_H_mc_error_4se": a_H_err,
        "centred_reading_grid": grid_c,
        "centred_reading_holds": centred_holds,
        "pop_samples": pop_batches * 2**18,
        "norm_mean_a_RR_minus_a_H": bias,
        "max_coordinate_z_of_bias": bias_z,
        "median_norm_a_RR_minus_a_H": float(np.median(dist)),
        "bounded_difference_used": "c_i = 2d^{2ε_n}/(n√p) from (3, 6) (ridge.loo-stability, refuted)",
        "tolerance": "3 binomial standard errors",
    }
    # McDiarmid needs a finite bounded difference, a sup over the replaced sample and its replacement: under
    # Gaussian data there is none (the move grows like the unbounded label |y'|; referee CC, F3)
    from .part3_steps import MEASURED_ORDERS

    loo_order = MEASURED_ORDERS["ridge.measured-loo-move"][1]  # the c_i of (3, 6), one home
    along = replacement_move_growth(run, float(loo_order.subs({S.d: d, S.n: n, S.p: p, S.eps_n: EPS_N})))
    unbounded = along["unbounded"]
    first, last = along["rows"][0], along["rows"][-1]
    ev["bounded_difference_sup"] = {
        "replacement_along_mu": along, "unbounded": unbounded,
        "note": "no finite c_i under Gaussian data: McDiarmid's inequality does not apply as used; a route through "
                "it needs a truncation (e.g. on max_j |⟨μ, x_j⟩| ≤ log d, whose failure probability is ≤_P's), which "
                "changes c_i by the labels' size there, up to log^q d (not checked)"}
    why = (f"; McDiarmid does not apply as used: the bounded difference is a sup over the replacement, and the move "
           f"is {first['over_bound']:.3g}× to {last['over_bound']:.3g}× the printed c_i as ⟨μ, x'⟩ = "
           f"{first['mu_x_prime']:g} → {last['mu_x_prime']:g} (it grows like |y'|: no finite c_i)"
           if unbounded else "")
    if worst["excess_in_se"] > 3:
        return refuted(
            "simulation",
            f"at d = {d}, P(‖a_RR − a_H‖ ≥ {worst['t']:.4g}) ≈ {worst['empirical_tail']:.3f} "
            f"over {reps} redrawn data sets, but the bound gives {worst['claimed_bound']:.3g} "
            f"({worst['excess_in_se']:.0f} standard errors above), with σ_* = {run['target']} (q = {run['q']}); the "
            "printed bound has no label scale while ‖a_RR − a_H‖ is linear in σ_*, so it fails for cσ_* with c large "
            "at every d, and may hold for a small-scale target (referee DC, F1); the centred reading P(g − Eg ≥ t) "
            f"{'holds' if centred_holds else 'fails too'}" + why,
            witness=worst,
            **ev,
        )
    note = f"; E_X[a_RR] differs from a_H by {bias:.3g} (max |z| = {bias_z:.1f})" if bias_z > 4 else ""
    return verified(
        "simulation",
        f"the empirical tail stays below the bound on the grid (largest excess {worst['excess_in_se']:.1f} SE){note}"
        + (f" (at d = {d} only; not by McDiarmid{why.split('McDiarmid does not apply as used', 1)[1]})" if why else ""),
        **ev,
    )


# ---------------------------------------------------------------------------------------------
# (3, 18): the accumulated noise z'_i
# ---------------------------------------------------------------------------------------------


def _stable_setup(d: int):
    run = _run(d)
    st, lam, p = run["_stats"], run["hp_lam"], run["p"]
    eta = 1 / (2 * (float(run["_eig"][-1]) + lam))
    M = np.eye(p) - eta * (2 * st.K + 2 * lam * np.eye(p))
    return run, eta, M


def paper_z_power(i: int, k: int) -> int:
    """The printed power of (I − η_aL) in the k-th term of z'_i: i − 1."""
    return i - 1


#: link 3 of (3, 18) as printed, read generously: ‖z_k‖ ≤_P Σ·log d (the printed factor 1 times the paper's Gaussian
#: tail allowance log d), as a bound on ‖z_k‖/Σ
Z_NORM_PRINTED = S.log_d
#: the corrected link 3: ‖z_k‖ ≤_P (√p + log d)Σ (the norm is 1-Lipschitz and E‖g‖ ≤ √p)
Z_NORM_CORRECTED = sp.sqrt(S.p) + S.log_d
#: widths π_p (p = d^{π_p}) at which a bound on ‖z‖/Σ is decided exactly (rational π_p: SymPy's limit is reliable):
#: every π_p > 0 is admissible (π_p ≥ ε_p > 0, no upper bound)
Z_NORM_WIDTHS = (sp.Rational(1, 1000), sp.Rational(1, 100), sp.Rational(1, 10), sp.Rational(1, 4), sp.Rational(1, 2),
                 sp.Rational(3, 4), sp.Integer(1), sp.Rational(3, 2), sp.Integer(2), sp.Integer(4), sp.Integer(16),
                 sp.Integer(64), sp.Integer(1000))


def _rate_monomials(bound: sp.Expr, width: sp.Symbol) -> list[tuple[sp.Expr, sp.Expr, sp.Expr]] | None:
    """bound − √p with p = d^{π_p} as a sum of monomials c(π_p)·d^{a + bπ_p}·log^k d (read by
    :func:`theorycheck.asymptotics.rate_terms`, equal monomials combined), returned as (c, k, a + bπ_p); None when
    it is not such a sum with a, b, k rational (a nested root, an exponent that grows with d, super-polynomial
    factors, a function other than log)."""
    from theorycheck.asymptotics import rate_terms
    from theorycheck.errors import InputError

    try:
        terms = rate_terms(sp.expand_log(bound.subs(S.p, S.d**width) - S.d ** (width / 2), force=True), S.d)
    except InputError:
        return None
    out: dict[tuple[sp.Expr, sp.Expr], sp.Expr] = {}
    for t in terms:
        slope = sp.expand(t.d_exp)
        if (not t.log_exp.is_Rational or not slope.is_polynomial(width) or slope.free_symbols - {width}
                or sp.degree(slope, width) > 1 or any(not c.is_Rational for c in sp.Poly(slope, width).all_coeffs())):
            return None
        key = (t.log_exp, slope)
        out[key] = sp.expand(out.get(key, 0) + t.coeff)
    return [(c, k, slope) for (k, slope), c in out.items() if c != 0]


def _rational_between(low: sp.Expr, high: sp.Expr) -> sp.Rational:
    """A rational strictly between two real numbers low < high (exact: CRootOf and surds compared by SymPy)."""
    if (low + high) / 2 == sp.nsimplify((low + high) / 2) and ((low + high) / 2).is_Rational:
        return (low + high) / 2
    k = 1
    while True:
        q = sp.Rational(sp.floor(low * 10**k) + 1, 10**k)
        if bool(q > low) and bool(q < high):
            return q
        k += 1


def _monomial_breakpoints(terms: list[tuple[sp.Expr, sp.Expr, sp.Expr]], width: sp.Symbol) -> list[sp.Expr] | None:
    """The widths π_p > 0 at which the dominant monomial of ``terms`` can change: ties of two exponents a + bπ_p and
    positive roots of a coefficient, and zeros of an exponent. Between two consecutive breakpoints the dominant
    monomial, so the sign and kind of the limit, is constant. None when a coefficient is not a polynomial in π_p
    with rational coefficients (its roots would not be exact)."""
    points: set[sp.Expr] = set()
    slopes = {s for _, _, s in terms} | {sp.Integer(0)}  # a monomial's limit changes kind where its exponent is 0
    for s1 in slopes:
        for s2 in slopes:
            tie = sp.solve(sp.Eq(s1, s2), width) if s1 != s2 else []
            points.update(t for t in tie if t.is_positive)
    for c, _, _ in terms:
        if c.has(width):  # a polynomial in π_p: its positive real roots, exactly (CRootOf) when rational
            poly = sp.Poly(c, width)
            if not all(k.is_Rational for k in poly.all_coeffs()):
                return None  # irrational coefficients: SymPy's root finding can hang (π³ − 3π + √2); not exact
            points.update(r for r in poly.real_roots() if r.is_positive)
    return sorted(points, key=lambda t: float(t))


def z_norm_decision(bound: sp.Expr) -> dict[str, Any]:
    """Whether ‖g‖ ≤ bound(p, d) for g ~ N(0, I_p) holds ≤_P (probability ≥ 1 − e^{−c log²d}, Part 1's level), for
    p = d^{π_p} at every π_p > 0 (union over the T = d^{ε_n} steps adds only a factor d^{ε_n}).

    With ℓ = log d and m = lim_{ℓ→∞} (bound − √p)/ℓ: if m > 0, P(‖g‖ > bound) ≤ e^{−(bound − √p)²/2} ≤ e^{−cℓ²}
    (Gaussian concentration of the 1-Lipschitz norm, E‖g‖ ≤ √p): it holds. If m ≤ 0 (or −∞), bound ≤ √p + o(ℓ) and
    P(‖g‖ > bound) ≥ e^{−o(ℓ²)} (‖g‖ − √p tends to N(0, 1/2) in law, and the χ²_p upper tail is at least
    c·e^{−Cx²/p} at p + x, Zhang & Zhou 2020), far above e^{−cℓ²}: it fails. The limit is taken exactly at rational
    widths (a width where it is not a real number is undecided, not failing). When bound − √p is a sum of monomials
    c(π_p)ℓ^k e^{(a + bπ_p)ℓ} (:func:`_rate_monomials`) the sign of m is constant between the breakpoints of
    :func:`_monomial_breakpoints`, and deciding each breakpoint, a width inside each interval and one beyond the last
    decides every π_p > 0: "all", "none" or "part" (method "exact"). Otherwise only :data:`Z_NORM_WIDTHS` are
    decided: a failure there is a witness ("part"/"none"), and no failure gives "sampled" (inconclusive): referee Y
    found d^{600 log d/(log d + 1000)} + log d, which passes every sampled width and fails beyond π_p = 1200. A
    bound in symbols other than p and d is an error (its order would depend on them)."""
    ell = sp.Symbol("ell", positive=True)
    width = sp.Symbol("pi_p", positive=True)
    # a float is read as the decimal it prints (0.3 = 3/10): with binary floats a cancelling coefficient leaves
    # 5.55e-17 and the exact method would decide that residue (referee AA)
    bound = sp.nsimplify(sp.sympify(bound), rational=True)
    extra = bound.free_symbols - {S.p, S.d}
    if extra:
        raise ValueError(f"a bound on ‖z‖/Σ may use only p and d, not {', '.join(sorted(map(str, extra)))}")

    def margin(pi: sp.Expr) -> sp.Expr:
        f = bound.subs({S.p: sp.exp(pi * ell), S.d: sp.exp(ell)})
        return sp.expand_log(f - sp.exp(pi * ell / 2), force=True)

    def margin_limit(pi: sp.Expr) -> sp.Expr:
        try:
            return sp.limit(margin(pi) / ell, ell, sp.oo)
        except (NotImplementedError, ValueError, TypeError):
            return sp.nan

    terms = _rate_monomials(bound, width)
    cuts = _monomial_breakpoints(terms, width) if terms is not None else None
    if cuts is not None:
        inner = [_rational_between(a, b) for a, b in zip(cuts, cuts[1:])]
        first = [_rational_between(sp.Integer(0), cuts[0])] if cuts else [sp.Integer(1)]
        last = [sp.floor(cuts[-1]) + 1] if cuts else []
        widths = sorted({*first, *cuts, *inner, *last}, key=lambda t: float(t))
        method = "exact"
    else:
        widths, method = list(Z_NORM_WIDTHS), "sampled"
    limits = {str(pi): margin_limit(pi) for pi in widths}
    real = {k: v for k, v in limits.items() if v.is_extended_real and v.is_number and not v.has(sp.AccumBounds)}
    failing = [k for k, v in real.items() if not v > 0]
    if failing:  # "none" only when decided exactly: sampled widths can miss an interval where it holds
        holds = "none" if len(failing) == len(limits) and method == "exact" else "part"
    elif method == "exact" and len(real) == len(limits):
        holds = "all"
    else:
        holds = "sampled"
    if len(set(limits.values())) == 1:
        shown: Any = str(next(iter(limits.values())))  # the same limit at every width
    else:
        shown = {k: str(v) for k, v in limits.items()}
    return {"margin_limit": shown, "holds": holds, "method": method, "widths": [str(w) for w in widths],
            "failing_widths": failing, "undecided_widths": [k for k in limits if k not in real]}


def _z_norm_witness(width: str) -> dict[str, str]:
    """An admissible point of the region with p = d^{width} (ε_n = 1/5, ε_p = min(1/5, width))."""
    from .regime import CORNERS, corner_point

    pi = sp.nsimplify(width)
    corner = {**CORNERS["small eps_p"], "eps_p": min(sp.Rational(1, 5), pi), "pi_p": pi}
    return {k: str(v) for k, v in corner_point(corner, exact=True).items()}


def check_noise_accumulation(
    power: Callable[[int, int], int] = paper_z_power,
    z_norm_bound: sp.Expr = Z_NORM_PRINTED,
    ds=(32, 64, 128),
    steps: int = 8,
    draws: int = 200,
    seed: int = 5,
    _try_correction: bool = True,
) -> Verdict:
    """Display (3, 18) link by link, with z'_i = Σ_{k=1}^i (I−η_aL)^{k−1} z_{i−k} (the unrolled recursion (3, 11)),
    z_k ~ N(0, Σ²I_p), Σ from Assumption 4, and a stable η_a: (1) ‖z'_i‖ ≤ Σ_k ‖(I−η_aL)^{power(i,k)} z_{i−k}‖;
    (2) ≤ Σ_k ‖I−η_aL‖^{power}‖z_{i−k}‖; (3) ‖z_k‖ ≤_P z_norm_bound(p, d)·Σ (paper: factor 1, read generously
    with the allowance log d), decided on the whole region by :func:`z_norm_decision` (referee W: a fraction of
    draws at d ≤ 128 and an order guessed from one value had verified 3 log d and 0.7√p + log d), the draws kept as
    evidence; (4) Σ_k ρ^{power} ≤ 1/(1−ρ); (5) 1/(1−ρ) ≤ 1/(2η_aλ), which needs ρ ≤ 1 − 2η_aλ, i.e. no overshoot:
    η_a(λ_max(K_n) + 2λ) ≤ 1 (a premise ‖I − η_aL‖ < 1 does not give; the stable η_a = 1/(2(λ_max + λ)) run here
    satisfies it, and an exact counterexample without it is recorded)."""
    link3 = z_norm_decision(z_norm_bound)
    bound_of = sp.lambdify((S.p, S.d), z_norm_bound, "math")
    rows, fails = [], []
    for d in ds:
        run, eta, M = _stable_setup(d)
        p, lam, Sigma = run["p"], run["hp_lam"], run["hp_Sigma"]
        rho = float(np.linalg.norm(M, 2))
        rng = np.random.default_rng([seed, d])
        Z = rng.standard_normal((steps, p)) * Sigma
        powers = [np.linalg.matrix_power(M, e) for e in range(steps + 1)]
        l1 = l2 = l4 = True
        worst1 = None
        for i in range(1, steps + 1):
            zp = sum(powers[k - 1] @ Z[i - k] for k in range(1, i + 1))
            r1 = sum(float(np.linalg.norm(powers[power(i, k)] @ Z[i - k])) for k in range(1, i + 1))
            r2 = sum(rho ** power(i, k) * float(np.linalg.norm(Z[i - k])) for k in range(1, i + 1))
            geo = sum(rho ** power(i, k) for k in range(1, i + 1))
            lhs = float(np.linalg.norm(zp))
            if lhs > r1 * (1 + 1e-12):
                l1 = False
                if worst1 is None or lhs / r1 > worst1["ratio"]:
                    worst1 = {"d": d, "i": i, "norm_z_prime": lhs, "printed_sum": r1, "ratio": lhs / r1}
            l2 &= r1 <= r2 * (1 + 1e-12)
            l4 &= geo <= 1 / (1 - rho) * (1 + 1e-12)
        norms = np.linalg.norm(rng.standard_normal((draws, p)), axis=1)  # ‖z‖/Σ over fresh draws
        bound_value = float(bound_of(p, d))
        l3_frac = float(np.mean(norms > bound_value))  # evidence: the decision is link3's
        l5 = 1 / (1 - rho) <= 1 / (2 * eta * lam) * (1 + 1e-12)
        row = {
            **_brief(run),
            "eta_a_used": eta,
            "rho": rho,
            "Sigma": Sigma,
            "link1": l1,
            "link2": l2,
            "link4": l4,
            "link5": l5,
            "min_norm_z_over_Sigma": float(norms.min()),
            "median_norm_z_over_Sigma": float(np.median(norms)),
            "sqrt_p": math.sqrt(p),
            "log_d": math.log(d),
            "claimed_bound": bound_value,
            "fraction_of_draws_above": l3_frac,
            "link1_witness": worst1,
        }
        rows.append(row)
        if not l1:
            fails.append(("link 1", row, worst1))
        for name, ok in (("link 2", l2), ("link 4", l4), ("link 5", l5)):
            if not ok:
                fails.append((name, row, row))
    if link3["holds"] not in ("all", "sampled"):
        # π_p = 1 (p = d, where the draws are) if it fails, else the widest rational failing width (every interval
        # of the exact method has a rational point)
        failing = [w for w in link3["failing_widths"] if sp.sympify(w).is_Rational]
        point = _z_norm_witness("1" if "1" in failing else max(failing, key=lambda w: float(sp.Rational(w))))
        fails.append(("link 3", rows[-1], {"bound": str(z_norm_bound), "margin_limit": link3["margin_limit"],
                                           "point": point, "measured": [
                                               {"d": r["d"], "p": r["p"], "claimed_bound": r["claimed_bound"],
                                                "median_norm_z_over_Sigma": r["median_norm_z_over_Sigma"],
                                                "fraction_of_draws_above": r["fraction_of_draws_above"]}
                                               for r in rows]}))
    ev = {
        "runs": rows,
        "seed": seed,
        "draws": draws,
        "steps": steps,
        "tolerance": 1e-12,
        "step_size": "η_a = 1/(2(λ_max(K_n)+λ)) (stable; Assumption 4's η_a makes ‖I−η_aL‖ > 1)",
        "link3_bound": str(z_norm_bound),
        "link3_decision": link3,
        "link5_premise": _link5_premise(),
    }
    if fails:
        names = sorted({f[0] for f in fails})
        first = {f[0]: f[2] for f in fails}
        detail = []
        if "link 1" in first:
            w = first["link 1"]
            which = "the printed power i − 1" if power is paper_z_power else "the power given"
            detail.append(
                f"link 1 with {which}: at d = {w['d']}, i = {w['i']}, ‖z'_i‖ = {w['norm_z_prime']:.4g}"
                f" > Σ_k‖(I−η_aL)^{{power}}z_{{i−k}}‖ = {w['printed_sum']:.4g} (the power must be k − 1; measured at "
                "the stable step η = 1/(2(λ_max(K_n) + λ)), not Assumption 4's η_a, which makes ‖I − η_aL‖ > 1 at "
                "these d; with η_a, link 1 fails as d → ∞ in the contraction region, at i = T, where z'_T holds "
                "z_{T−1} with power 0 and the printed sum only (1 − 2η_aλ)^{T−1} ≈ e^{−2log²d} of it: referee DC, F5)"
            )
        if "link 3" in first:
            w = first["link 3"]
            where = ("at every width p = d^{π_p}" if link3["holds"] == "none" else
                     f"at the widths π_p = {', '.join(link3['failing_widths'])}" + (
                         " (one width per interval between the breakpoints, where the sign is constant)"
                         if link3["method"] == "exact" else " at least (the widths sampled)"))
            limit = w["margin_limit"] if isinstance(w["margin_limit"], str) else "a limit ≤ 0 there"
            last = w["measured"][-1]
            detail.append(
                f"link 3: z ~ N(0, Σ²I_p) has ‖z‖ = Σ(√p + O_P(1)), and ‖z‖/Σ ≤ {z_norm_bound} fails at the paper's "
                f"level {where}: (bound − √p)/log d → {limit}, "
                "so a single step exceeds it with probability e^{−o(log²d)} (measured at p = "
                f"{last['p']}: median ‖z‖/Σ {last['median_norm_z_over_Sigma']:.3g} against the bound "
                f"{last['claimed_bound']:.3g}, {last['fraction_of_draws_above']:.0%} of draws above)"
            )
        final = _final_bound_regime()
        detail.append(
            "the links fail, but the conclusion ‖z'_i‖ ≲ Σ/(2η_aλ) itself holds, given λ_min(K_n) ≳ 1 (not established "
            "here), where " + ", ".join(final["conditions"]) + " (the contraction region, exact second moment of the "
            "Gaussian z'_i); it fails off the contraction region (z'_i grows geometrically) and "
            + ("on the rest of it too, whatever K_n (2π_p ≥ 3ε_n: (‖z'_T‖2η_aλ/Σ)² ≥ (1 − o(1))pη_aλ²/(1 + λ) → ∞ "
               "by Jensen on tr K_n ≤ p)" if final["rest_of_contraction_region"]["fails"] else
               "is undecided on the rest of it")
        )
        return refuted(
            "simulation+numeric",
            "; ".join(detail) or f"{names} fail",
            witness=first,
            failing_links=names,
            regime=final,
            corrected=(
                r"\|z'_i\| \le \sum_{k=1}^i \|\mathrm{Id}-\eta_aL\|^{k-1}\|z_{i-k}\| \le_\P "
                r"\frac{(\sqrt p+\log d)\Sigma}{1-\|\mathrm{Id}-\eta_aL\|} \le "
                r"\frac{(\sqrt p+\log d)\Sigma}{2\eta_a\lambda}\quad"
                r"\text{where } \eta_a(\lambda_{\max}(K_n) + 2\lambda) \le 1\ "
                r"\text{(then } \|\mathrm{Id}-\eta_aL\| \le 1 - 2\eta_a\lambda < 1\text{: every link needs it; off "
                r"the contraction region the chain fails, dpgd.contraction-regime)}"
            )
            if _try_correction and _noise_corrected_ok(ds, steps, draws, seed)
            else None,
            **ev,
        )
    if link3["holds"] == "sampled":  # no width fails, but the widths decided do not cover every width
        undecided = link3["undecided_widths"]
        return inconclusive(
            "simulation+numeric+symbolic",
            f"links 1, 2, 4, 5 hold on every run and step; link 3, ‖z_k‖ ≤_P ({z_norm_bound})Σ, holds at the widths "
            f"π_p = {', '.join(w for w in link3['widths'] if w not in undecided)}"
            + (f" (the limit is not decided at π_p = {', '.join(undecided)})" if undecided else "")
            + ", but the bound is not a sum of monomials c·d^{a + bπ_p}log^k d with rational a, b and a coefficient c "
            "polynomial in π_p with rational coefficients, so these widths do not decide every π_p",
            **ev,
        )
    return verified(
        "simulation+numeric+symbolic",
        f"links 1, 2, 4, 5 hold on every run and step; link 3, ‖z_k‖ ≤_P ({z_norm_bound})Σ, holds at every width "
        f"((bound − √p)/log d → {link3['margin_limit']}; exact: decided at the {len(link3['widths'])} widths where "
        "the dominant monomial can change and between them); "
        "link 5 under its premise η_a(λ_max(K_n) + 2λ) ≤ 1, which the stable step size satisfies",
        regime={"region": "every width p = d^{π_p}", "holds_on": "all", "conditions": [], "witness": None},
        **ev,
    )


def _final_bound_regime() -> dict:
    r"""Where the display's conclusion ‖z'_i‖ ≲ Σ/(2η_aλ) itself holds (referees J, K), whatever its links. Where the
    step contracts (every ρ_j = 1 − 2η_a(κ_j + λ) ∈ (−1, 1), κ_j the eigenvalues of K_n: dpgd.contraction-regime's
    region), z'_i is Gaussian with E‖z'_i‖² = Σ² Σ_j (1 − ρ_j^{2i})/(1 − ρ_j²) ≤ Σ² p/(2η_a(λ_min(K_n) + λ)), and
    ‖z'_i‖ concentrates at that scale (its largest variance is p times smaller); so, given λ_min(K_n) ≳ 1 (a premise
    not established here: measured ≥ 1e-3 at the corners, ridge.measured-lambda-min), (‖z'_i‖ 2η_aλ/Σ)² ≲ 2pη_aλ² =
    2d^{2ε_p−3ε_n}log²d → 0 where 2ε_p < 3ε_n (decided on the contraction region). Off the contraction region some
    |ρ_j| > 1 and E‖z'_i‖² grows geometrically in i ≤ T = d^{ε_n}: it fails there (the contraction's witness). On the
    rest of the contraction region it fails too, with no premise (referee CQ, F10): tr K_n ≤ p (|tanh| ≤ 1) and
    x ↦ 1/(x + λ) convex give Σ_j 1/(κ_j + λ) ≥ p/(1 + λ) for every K_n (Jensen), and for a step that does not
    overshoot (ρ_j ∈ [0, 1); a term with ρ_j < 0 or |ρ_j| ≥ 1 is ≥ 1 and only adds) 1 − ρ_j² ≤ 4η_a(κ_j + λ) and
    1 − ρ_j^{2T} ≥ 1 − e^{−4Tη_aλ} = 1 − e^{−4log²d}, so (E‖z'_T‖²)^{1/2} 2η_aλ/Σ ≥ (1 − o(1)) (pη_aλ²/(1 + λ))^{1/2}
    ≍ min(pη_aλ², pη_aλ)^{1/2} → ∞ where 2π_p ≥ 3ε_n (π_p > ε_n there); ‖z'_T‖² concentrates (its largest variance
    is ≤ 8(1 + λ)/(pλ) of the sum) — decided exactly, the floor (all κ_j = 1, Jensen's minimiser) evaluated at
    50 digits (:func:`_noise_floor_rows`)."""
    from theorycheck.asymptotics import decide

    from .part3_steps import CONTRACTION_CONDITIONS
    from .regime import ADMISSIBLE_LOG1

    contraction = _contraction_premise()["regime"]
    region = ADMISSIBLE_LOG1.restrict(*CONTRACTION_CONDITIONS, name=ADMISSIBLE_LOG1.name + " ∩ contraction")
    inside = decide(Statement(2 * S.p * S.eta_a * S.lam**2, r"\lesssim", sp.Integer(1)), region, d=S.d,
                    rewrite=S.in_powers_of_d, what="2pη_aλ² ≲ 1 on the contraction region (given λ_min(K_n) ≳ 1)")
    rest = ADMISSIBLE_LOG1.restrict(*CONTRACTION_CONDITIONS, sp.GreaterThan(2 * S.pi_p, 3 * S.eps_n),
                                    name=ADMISSIBLE_LOG1.name + " ∩ contraction ∩ 2π_p ≥ 3ε_n")
    floors = {label: decide(Statement(sp.Integer(1), r"\ll", expr), rest, d=S.d, rewrite=S.in_powers_of_d,
                            what=f"1 ≪ {label} on the rest of the contraction region")
              for label, expr in (("pη_aλ²", S.p * S.eta_a * S.lam**2), ("pη_aλ", S.p * S.eta_a * S.lam))}
    rest_fails = all(v.verdict == "verified" for v in floors.values())
    rows = _noise_floor_rows()
    grows = [[v for v in r["floor_ratio_sq"] if isinstance(v, float)] for r in rows if r["where"] == "rest"]
    rest_fails = rest_fails and all(len(g) >= 2 and g[-1] > g[0] > 1 for g in grows)
    undecided = ([r"\text{the premise } \lambda_{\min}(K_n) \gtrsim 1 \text{ where the conditions hold}"]
                 if rest_fails else
                 [r"\text{the rest of the contraction region } (2\pi_p \ge 3\varepsilon_n)\text{: the "
                  r"bound grows there; and the premise } \lambda_{\min}(K_n) \gtrsim 1"])
    return {
        "region": ADMISSIBLE_LOG1.name,
        "region_latex": ADMISSIBLE_LOG1.description,
        "holds_on": "part",
        "relation": r"\lesssim",
        "conditions": list(contraction["conditions"]) + list(inside.regime["conditions"]),
        "conditions_exact": list(contraction["conditions_exact"]) + list(inside.regime["conditions_exact"]),
        "witness": contraction["witness"],
        "premise": r"\lambda_{\min}(K_n) \gtrsim 1",
        # referee L: the slice must grey out the inadmissible; the region this record is named after (referee CQ, F5)
        "region_exact": ADMISSIBLE_LOG1.exact(),
        "degrees_checked": contraction.get("degrees_checked", []),
        "undecided": undecided,
        "rest_of_contraction_region": {
            "fails": rest_fails,
            "lower_bound": "(‖z'_T‖ 2η_aλ/Σ)² ≥ (1 − o(1)) pη_aλ²/(1 + λ) for every K_n (tr K_n ≤ p, Jensen)",
            "decided": {k: {"verdict": v.verdict, "holds_on": (v.regime or {}).get("holds_on")}
                        for k, v in floors.items()},
            "floor_rows": rows,
        },
    }


#: the points of :func:`_noise_floor_rows`: (ε_n, π_p, where), ν = 1 + 3ε_n (inside the contraction region)
NOISE_FLOOR_POINTS = ((0.2, 0.35, "rest"), (0.2, 0.3, "rest"), (0.2, 0.29, "holds"))
NOISE_FLOOR_LOG_DS = (100, 200, 400, 800)


def _noise_floor_rows() -> list[dict[str, Any]]:
    """E‖z'_T‖²(2η_aλ/Σ)² at its floor over K_n (every κ_j = 1: Jensen's minimiser under tr K_n ≤ p), exactly:
    (2η_aλ)² p (1 − ρ^{2T})/(1 − ρ²), ρ = 1 − 2η_a(1 + λ), T = d^{ε_n}, Assumption 4's η_a, λ; 50 digits, d = e^L
    (ρ^{2T} = |ρ|^{2T}: an even power, where a small d still overshoots)."""
    rows = []
    with mpmath.workdps(50):
        for en_v, pp, where in NOISE_FLOOR_POINTS:
            values = []
            for L in NOISE_FLOOR_LOG_DS:
                dd = mpmath.exp(mpmath.mpf(L))
                pw, lam_v = dd ** mpmath.mpf(pp), dd ** (mpmath.mpf(pp) - 2 * mpmath.mpf(en_v))
                eta = dd ** mpmath.mpf(en_v) * mpmath.mpf(L) ** 2 / pw
                rho = 1 - 2 * eta * (1 + lam_v)
                steps = dd ** mpmath.mpf(en_v)
                value = (2 * eta * lam_v) ** 2 * pw * -mpmath.expm1(2 * steps * mpmath.log(abs(rho))) / (1 - rho**2)
                values.append(float(value) if mpmath.isfinite(float(value)) else "overflow (|ρ| > 1 at this d)")
            rows.append({"eps_n": en_v, "pi_p": pp, "where": where, "log_d": list(NOISE_FLOOR_LOG_DS),
                         "floor_ratio_sq": values})
    return rows


def _link5_premise() -> dict[str, Any]:
    """Link 5 of (3, 18), 1/(1 − ‖I − η_aL‖) ≤ 1/(2η_aλ), needs ‖I − η_aL‖ ≤ 1 − 2η_aλ, i.e. η_a(λ_max + 2λ) ≤ 1 (no
    overshoot), not only ‖I − η_aL‖ < 1: an exact counterexample (referee W's), K_n = I, λ = 1/2, η_a = 16/25."""
    k_max, lam_, eta = sp.Integer(1), sp.Rational(1, 2), sp.Rational(16, 25)
    rho = sp.Max(sp.Abs(1 - 2 * eta * (k_max + lam_)), sp.Abs(1 - 2 * eta * lam_))
    return {"premise": "η_a(λ_max(K_n) + 2λ) ≤ 1",
            "counterexample": {"K_n": "I", "lambda": str(lam_), "eta_a": str(eta), "norm_I_minus_eta_L": str(rho),
                               "1/(1-rho)": str(1 / (1 - rho)), "1/(2 eta lambda)": str(1 / (2 * eta * lam_)),
                               "link5_holds": bool(1 / (1 - rho) <= 1 / (2 * eta * lam_))}}


def _noise_corrected_ok(ds, steps, draws, seed) -> bool:
    """The corrected chain (power k − 1, ‖z‖ ≤ (√p + log d)Σ with no further allowance) under the same check."""
    return (
        check_noise_accumulation(
            lambda i, k: k - 1,
            Z_NORM_CORRECTED,
            ds,
            steps,
            draws,
            seed,
            _try_correction=False,
        ).verdict
        == "verified"
    )


# ---------------------------------------------------------------------------------------------
# (3, 23)–(3, 26): the terms S_1, S_2, S_3 of §4.3.2 (stable step size)
# ---------------------------------------------------------------------------------------------

TRAJ_STEPS = 6


def _replaced(run, j: int, seed: int):
    """a_RR^{(j)}: ridge with sample j replaced by a fresh Gaussian x' (labels from σ_*)."""
    rng = np.random.default_rng([seed, run["d"], j])
    x_new = rng.standard_normal(run["d"])
    y_new = float(run["_problem"].target(np.array([x_new @ run["_problem"].mu]))[0])
    return _replace_one(run, j, x_new, y_new)[1]


def _asymptotic_ll(lhs: sp.Expr, rhs: sp.Expr) -> tuple[bool, str]:
    """lhs ≪ rhs as d → ∞ at ε_n = 1/5, q = 3, n = d^{1+3ε_n}, p = d (Assumption 2 at ε_p = 1)."""
    pt = {en: sp.Rational(1, 5), n_: d_ ** (1 + 3 * sp.Rational(1, 5)), p_: d_}
    lim = sp.limit(sp.simplify((lhs / rhs).subs(pt)), d_, sp.oo)
    return lim == 0, str(lim)


def _contraction_premise() -> dict:
    """Where the step's premise ‖I − η_aL‖ ≤ 1 holds over the region (dpgd.contraction-regime's relation (3, D13, 2),
    with the measured λ_max(K_n) = Θ(1))."""
    from .part3_common import check_step
    from .part3_steps import contraction_steps

    return check_step(contraction_steps()[0])


def _regime_wide(v: Verdict, what: str, common_mode: bool = False) -> Verdict:
    """A numeric verdict of an S-term (measured with the stable step size) made regime-wide: the bound also needs
    ‖(I − η_aL)^i‖ ≤ 1 under Assumption 4's η_a, which holds only where the contraction does. ``common_mode``: the
    term grows with the features' common mode where π_p > 2 + ε_b − ν (part3_common.COMMON_MODE_UNDECIDED), which the
    measurements cannot reach: that sub-region is undecided."""
    if v.verdict != "verified":
        return v
    from .part3_common import with_common_mode_undecided

    prem = _contraction_premise()
    regime = dict(prem["regime"])
    mode = ""
    if common_mode:
        regime = with_common_mode_undecided(regime)
        mode = ("; undecided where π_p > 2 + ε_b − ν (σ_W²d ≪ p: W_1's common mode makes |φ_jᵀa_0| ≍ "
                "√(p/(1 + σ_W²d)) grow; not reached by the simulable d)")
    if prem["holds"]:
        return Verdict(v.verdict, v.method + "+exact", v.detail + mode, v.evidence, v.corrected, regime)
    return refuted(
        v.method + "+exact",
        f"{what} holds with a contracting step (measured), but under Assumption 4's η_a "
        "the premise ‖I − η_aL‖ ≤ 1 fails where π_p ≤ ε_n (η_aλ_max(K_n) ≍ d^{ε_n−π_p}log²d → ∞ with the "
        "measured λ_max(K_n) = Θ(1)): then ‖(I − η_aL)^i‖ grows geometrically and so does the term; holds at most on "
        + ", ".join(regime["conditions"]) + mode,
        # the contraction premise is necessary, not sufficient: fails outside, not decided inside (referee CQ, F1)
        regime={**regime, "conditions_bound": AT_MOST},
        **{**v.evidence, "witness": regime["witness"], "numeric_verdict_stable_step": v.detail},
    )


def paper_s1_inner(d: int, p: int) -> float:
    return math.log(d) ** 2 / math.sqrt(p)


def paper_s1_bound(d: int, p: int) -> float:
    return math.log(d) ** 2


def check_s1(
    inner: Callable[[int, int], float] = paper_s1_inner,
    bound: Callable[[int, int], float] = paper_s1_bound,
    ds=(32, 64, 128),
    steps: int = TRAJ_STEPS,
    top: int = 16,
    seed: int = 9,
    regime_wide: bool = True,
) -> Verdict:
    v = _check_s1(inner, bound, ds, steps, top, seed)
    return _regime_wide(v, "S_1 ≤_P log²d", common_mode=True) if regime_wide else v


def _check_s1(inner, bound, ds, steps, top, seed) -> Verdict:
    """Display (3, 23): with u = φ_j/‖φ_j‖ and v the direction of (I−η_aL)^i(a_0 − a_RR^{(j)}), |⟨u, v⟩| ≤_P
    ``inner`` (paper: log²d/√p) and S_1 = |φ_jᵀ(I−η_aL)^i(a_0 − a_RR^{(j)})| ≤_P ``bound`` (paper: log²d), for all
    samples j and steps i ≤ ``steps`` (the ``top`` worst j per i recomputed with the exact a_RR^{(j)}); then
    log²d ≪ d^{ε_n}log^{q+1}d/8 (SymPy limit)."""
    rows = []
    for d in ds:
        run, eta, M = _stable_setup(d)
        Phi = _phi(run).T  # n×p
        a0, a_rr, p = run["_result"].a0, run["_a_rr"], run["p"]
        worst_s1 = worst_in = None
        for i in range(steps + 1):
            Mi = np.linalg.matrix_power(M, i)
            approx = np.abs(Phi @ (Mi @ (a0 - a_rr)))
            for j in np.argsort(approx)[-top:]:
                w = Mi @ (a0 - _replaced(run, int(j), seed))
                s1 = abs(float(Phi[j] @ w))
                cos = s1 / (float(np.linalg.norm(Phi[j])) * float(np.linalg.norm(w)))
                if worst_s1 is None or s1 > worst_s1[0]:
                    worst_s1 = (s1, i, int(j))
                if worst_in is None or cos > worst_in[0]:
                    worst_in = (cos, i, int(j))
        rows.append(
            {
                **_brief(run),
                "eta_a_used": eta,
                "max_S1": worst_s1[0],
                "at_i_j": worst_s1[1:],
                "claimed_S1": bound(d, p),
                "max_inner": worst_in[0],
                "inner_at_i_j": worst_in[1:],
                "claimed_inner": inner(d, p),
                "inner_times_sqrt_p": worst_in[0] * math.sqrt(p),
            }
        )
    ll, lim = _asymptotic_ll(LOGD**2, d_**en * LOGD**4 / 8)
    ev = {
        "runs": rows,
        "seed": seed,
        "steps": steps,
        "ll_limit": lim,
        "step_size": "η_a = 1/(2(λ_max(K_n)+λ)) (stable)",
        "note": "φ_j ∈ [−1, 1]^p is not uniform on a sphere (and lives in R^p, not S^{d−1}); the inner product is "
        "measured directly",
        "reading": "a^{(i)}_RR read as the ridge solution with sample j replaced (the superscript (i) of §4.2; "
        "here it clashes with the step index i)",
    }
    bad_in = [r for r in rows if r["max_inner"] > r["claimed_inner"]]
    bad_s1 = [r for r in rows if r["max_S1"] > r["claimed_S1"]]
    if bad_in or bad_s1:
        w = (bad_s1 or bad_in)[0]
        return refuted(
            "simulation+numeric",
            f"at d = {w['d']}: max |⟨u, v⟩| = {w['max_inner']:.4g} (claimed "
            f"{w['claimed_inner']:.4g}), max S_1 = {w['max_S1']:.4g} (claimed {w['claimed_S1']:.4g})",
            witness=w,
            **ev,
        )
    if not ll:
        return refuted("symbolic", f"log²d/(d^(ε_n)log^(q+1)d/8) → {lim}", witness={"limit": lim}, **ev)
    return verified(
        "simulation+numeric+symbolic",
        "max_j,i |⟨u, v⟩| ≤ log²d/√p and S_1 ≤ log²d on every run "
        f"(largest S_1 {max(r['max_S1'] for r in rows):.3g}), and log²d ≪ d^(ε_n)log^(q+1)d/8",
        **ev,
    )


def check_s2(
    claimed_rate: sp.Expr = d_ ** (2 * en) * LOGD**3 / n_,
    ds=(32, 64, 128),
    steps: int = TRAJ_STEPS,
    top: int = 16,
    seed: int = 9,
    regime_wide: bool = True,
) -> Verdict:
    v = _check_s2(claimed_rate, ds, steps, top, seed)
    return _regime_wide(v, "S_2 ≲_P d^{2ε_n}log^q d/n") if regime_wide else v


def _check_s2(claimed_rate, ds, steps, top, seed) -> Verdict:
    """Display (3, 24): S_2 = |φ_jᵀ(I−η_aL)^i(a^{(j)}_RR − a_RR)| ≤ ‖φ_j‖‖(I−η_aL)^i‖‖a^{(j)}_RR − a_RR‖ (exact),
    ≲_P √p log^q d · d^{2ε_n}/(n√p) = ``claimed_rate`` (paper: d^{2ε_n}log^q d/n, q = 3; SymPy), measured S_2
    against the rate (hidden constant 1), and the rate ≪ d^{ε_n}log^{q+1}d/8 under Assumption 2."""
    product = sp.sqrt(p_) * LOGD**3 * d_ ** (2 * en) / (n_ * sp.sqrt(p_))
    ratio = sp.simplify(product / claimed_rate)
    rows = []
    cs_ok = True
    for d in ds:
        run, eta, M = _stable_setup(d)
        Phi = _phi(run).T
        a_rr, p, n = run["_a_rr"], run["p"], run["n"]
        resid = Phi @ a_rr - run["_problem"].data_a.materialise()[1]
        cand = list(np.argsort(np.abs(resid))[-top:])
        worst = None
        powers = [np.linalg.matrix_power(M, i) for i in range(steps + 1)]
        rho = float(np.max(np.abs(np.linalg.eigvalsh(M))))  # M symmetric: ‖M^i‖ = ρ^i
        for j in cand:
            da = _replaced(run, int(j), seed) - a_rr
            for i in range(steps + 1):
                Mi = powers[i]
                s2 = abs(float(Phi[j] @ (Mi @ da)))
                cs = float(np.linalg.norm(Phi[j])) * rho**i * float(np.linalg.norm(da))
                cs_ok &= s2 <= cs * (1 + 1e-12)
                if worst is None or s2 > worst[0]:
                    worst = (s2, i, int(j), cs)
        rate = float(claimed_rate.subs({d_: d, n_: n, p_: p, en: sp.Rational(1, 5)}))
        rows.append(
            {
                **_brief(run),
                "eta_a_used": eta,
                "max_S2": worst[0],
                "at_i_j": worst[1:3],
                "cauchy_schwarz_rhs": worst[3],
                "claimed_rate": rate,
                "ratio_to_rate": worst[0] / rate,
            }
        )
    ll, lim = _asymptotic_ll(claimed_rate, d_**en * LOGD**4 / 8)
    ev = {
        "runs": rows,
        "seed": seed,
        "algebra_ratio": str(ratio),
        "ll_limit": lim,
        "cauchy_schwarz_holds": cs_ok,
        "tolerance": 1e-12,
        "step_size": "η_a = 1/(2(λ_max(K_n)+λ)) (stable)",
        "candidates": f"the {top} samples with the largest ridge residual, each replaced by a fresh x'",
        "reading": "a^{(i)}_RR read as the ridge solution with sample j replaced; the printed second line puts "
        "log^q d where ‖(I−η_aL)^i‖ ≤ 1 stands, which absorbs ridge.loo-stability's ~30× excess",
    }
    if ratio != 1:
        return refuted(
            "symbolic",
            f"√p log^q d · d^(2ε_n)/(n√p) ≠ {claimed_rate}: {_off_by(ratio)}",
            witness={"factor": str(ratio)},
            **ev,
        )
    if not cs_ok:
        return refuted("numeric", "the Cauchy–Schwarz link fails", witness=rows[0], **ev)
    worst = max(rows, key=lambda r: r["ratio_to_rate"])
    if worst["ratio_to_rate"] > 1:
        return refuted(
            "simulation+numeric",
            f"at d = {worst['d']}, S_2 = {worst['max_S2']:.4g} > {worst['claimed_rate']:.4g}",
            witness=worst,
            **ev,
        )
    if not ll:
        return refuted("symbolic", f"the rate over d^(ε_n)log^(q+1)d/8 tends to {lim}", witness={"limit": lim}, **ev)
    return verified(
        "symbolic+simulation",
        "the Cauchy–Schwarz link holds, the algebra is exact, measured S_2 is at "
        f"most {worst['ratio_to_rate']:.2g}× d^(2ε_n)log^q d/n, and the rate ≪ d^(ε_n)log^(q+1)d/8",
        **ev,
    )


def _noisy_trajectory(d: int, steps: int, seed: int):
    """Noisy, unclipped full-batch GD on the ridge objective (stable η_a, Σ of Assumption 4): ã_{i+1} = ã_i −
    η_a∇L(ã_i) + η_a z_i, with ∇L(a) = 2(K_n a − ΦY/n) + 2λa from the simulator's sufficient statistics."""
    run, eta, M = _stable_setup(d)
    st, lam, p, Sigma = run["_stats"], run["hp_lam"], run["p"], run["hp_Sigma"]
    rng = np.random.default_rng([seed, d])
    Z = rng.standard_normal((steps, p)) * Sigma
    a = [run["_result"].a0.copy()]
    for i in range(steps):
        grad = 2 * (st.K @ a[-1] - st.PhiY) + 2 * lam * a[-1]
        a.append(a[-1] - eta * grad + eta * Z[i])
    return run, eta, M, Z, a


def check_s3_triangle(
    power: Callable[[int, int], int] = lambda i, k: k - 1, ds=(32, 64), steps: int = TRAJ_STEPS, seed: int = 13
) -> Verdict:
    """Display (3, 25): on a noisy trajectory, η_aφ_jᵀz'_i with z'_i := (ã_i − a_RR − (I−η_aL)^i(a_0 − a_RR))/η_a
    equals η_aΣ_k φ_jᵀ(I−η_aL)^{power(i,k)}z_{i−k} (paper: power k − 1), and the triangle inequality
    |Σ_k …| ≤ Σ_k|…| holds, for all j and i ≤ ``steps``."""
    rows, worst = [], None
    tri_ok = True
    printed_gap = 0.0  # the first "=" with (3, P23, 1)'s printed z'_i = Σ_{j ≤ i} z_j (referee CB, F2)
    for d in ds:
        run, eta, M, Z, a = _noisy_trajectory(d, steps, seed)
        Phi = _phi(run).T
        a_rr = run["_a_rr"]
        for i in range(1, steps + 1):
            zp = (a[i] - a_rr - np.linalg.matrix_power(M, i) @ (a[0] - a_rr)) / eta
            terms = np.stack([Phi @ (np.linalg.matrix_power(M, power(i, k)) @ Z[i - k]) for k in range(1, i + 1)])
            lhs = eta * (Phi @ zp)
            mid = eta * terms.sum(axis=0)
            err = float(np.max(np.abs(lhs - mid)) / max(float(np.max(np.abs(lhs))), 1e-300))
            printed = eta * (Phi @ Z[:i].sum(axis=0))
            printed_gap = max(printed_gap, float(np.max(np.abs(printed - mid)) / max(float(np.max(np.abs(mid))),
                                                                                     1e-300)))
            tri_ok &= bool(np.all(np.abs(mid) <= eta * np.abs(terms).sum(axis=0) * (1 + 1e-12)))
            if worst is None or err > worst["rel_error"]:
                worst = {"d": d, "i": i, "rel_error": err}
        rows.append({**_brief(run), "eta_a_used": eta, "Sigma": run["hp_Sigma"]})
    ev = {
        "runs": rows,
        "seed": seed,
        "steps": steps,
        "tolerance": 1e-8,
        "achieved_error": worst["rel_error"],
        "triangle_holds": tri_ok,
        "step_size": "η_a = 1/(2(λ_max(K_n)+λ)) (stable)",
    }
    if worst["rel_error"] > 1e-8:
        return refuted(
            "simulation+numeric",
            f"at d = {worst['d']}, i = {worst['i']} the printed sum differs from "
            f"η_aφ_jᵀz'_i by {worst['rel_error']:.3g} (relative)",
            witness=worst,
            **ev,
        )
    if not tri_ok:
        return refuted("numeric", "the triangle inequality fails", witness=worst, **ev)
    ev["printed_z_prime_rel_gap"] = printed_gap
    readings = {
        "z′_i as (3, 25) expands it, from the recursion: Σ_k (I − η_aL)^{k−1} z_{i−k}": "all: both relations at "
        "every j, i of the simulated trajectories",
        "z′_i as printed, (3, P23, 1)'s Σ_{j ≤ i} z_j": (
            f"none: the first '=' fails (relative gap up to {printed_gap:.3g}; dpgd.recursion-steps refutes that "
            "definition)" if printed_gap > 1e-6 else "all: it agrees with the expansion on these trajectories"),
    }
    return verified(
        "simulation+numeric",
        f"the expansion of z'_i matches the trajectory to {worst['rel_error']:.1e} and "
        "the triangle inequality holds for every j, i (z'_i read from the recursion; with the printed Σ_j z_j the "
        f"first '=' fails by up to {printed_gap:.3g}, relative)",
        regime={"region": f"simulated trajectories at d = {list(ds)}, {steps} steps, stable η_a", "holds_on": "all",
                "conditions": [], "readings": readings},
        **ev,
    )


#: the tail factor (3, 26) prints: |φ_jᵀ(I − η_aL)^{k−1}z| ≤ ‖φ_jᵀ(I − η_aL)^{k−1}‖Σ·log d
S3_TAIL_FACTOR = S.log_d


def s3_tail_decision(factor: sp.Expr) -> dict[str, str]:
    """Whether |G_{jik}| ≤ factor(d) for all j ≤ n = d^ν, k ≤ i ≤ T = d^{ε_n} (each exactly N(0, 1)) holds ≤_P,
    i.e. with probability ≥ 1 − e^{−c log²d} for some c > 0 (Part 1's notation), at every point of the region.

    With ℓ = log d and ``L`` = lim f²/ℓ² (SymPy): if L > 0 the union bound n·T²·2e^{−f²/2} = e^{(ν + 2ε_n)ℓ + log 2
    − f²/2} is ≤ e^{−Lℓ²/4} for large d, whatever the finite ν and ε_n (holds on the whole region); if L = 0 a single
    pair already fails with probability 2Φ̄(f) ≥ e^{−f²/2 (1 + o(1))} ≫ e^{−cℓ²} for every c > 0 (fails everywhere).
    The weaker reading (probability → 1 only) needs n·T²·2Φ̄(f) → 0: lim f²/(2ℓ) > ν + 2ε_n (recorded). A factor
    that is eventually negative fails everywhere (|G| ≤ f < 0 never holds; referee Y: squaring had lost the sign); a
    limit SymPy cannot take leaves it undecided; a factor in symbols other than d is an error."""
    ell = sp.Symbol("ell", positive=True)
    extra = sp.sympify(factor).free_symbols - {S.d}
    if extra:
        raise ValueError(f"the tail factor may use only d, not {', '.join(sorted(map(str, extra)))}")
    f = sp.sympify(factor).subs(S.d, sp.exp(ell))
    try:
        eventual = sp.limit(f, ell, sp.oo)
        ratio = sp.limit(f**2 / ell**2, ell, sp.oo)
        weak = sp.limit(f**2 / (2 * ell), ell, sp.oo)
    except (NotImplementedError, ValueError, TypeError) as exc:
        return {"holds": "undecided", "reason": f"SymPy cannot take the limits ({type(exc).__name__})"}
    if not all(v.is_extended_real and not v.has(sp.AccumBounds) for v in (eventual, ratio, weak)):
        return {"f2_over_log2d": str(ratio), "holds": "undecided", "reason": f"lim f = {eventual}"}
    if eventual.is_extended_negative:
        return {"f_limit": str(eventual), "holds": "none", "reason": f"f → {eventual} < 0: |G| ≤ f never holds",
                "weak_reading_lim_f2_over_2logd": "fails"}
    if ratio.is_positive or ratio == sp.oo:
        nu_, en_ = sp.Symbol("nu", positive=True), sp.Symbol("eps_n", positive=True)
        c = ratio / 4 if ratio != sp.oo else sp.Integer(1)
        log_fail = (nu_ + 2 * en_) * ell + sp.log(2) - f**2 / 2 + c * ell**2  # log(union bound) + c ℓ², → −∞
        limit = sp.limit(log_fail, ell, sp.oo)
        return {"f2_over_log2d": str(ratio), "holds": "all" if limit == -sp.oo else "undecided",
                "union_bound_plus_c_log2d_limit": str(limit), "c": str(c), "weak_reading_lim_f2_over_2logd": str(weak)}
    if ratio == 0:
        return {"f2_over_log2d": "0", "holds": "none", "weak_reading_lim_f2_over_2logd": str(weak),
                "reason": "f² = o(log²d): one term alone exceeds it with probability 2Φ̄(f) ≥ e^{−f²(1+o(1))/2}, far "
                          "above the e^{−c log²d} that ≤_P allows, for every c > 0"}
    return {"f2_over_log2d": str(ratio), "holds": "undecided", "weak_reading_lim_f2_over_2logd": str(weak)}


def check_s3_gaussian(
    factor: sp.Expr = S3_TAIL_FACTOR,
    ds=(32, 64, 128),
    steps: int = TRAJ_STEPS,
    draws: int = 200,
    seed: int = 17,
) -> Verdict:
    """Display (3, 26): φ_jᵀ(I−η_aL)^{k−1}z ~ N(0, ‖φ_jᵀ(I−η_aL)^{k−1}‖²Σ²) exactly (z independent of φ_j), so
    |…| ≤_P ‖φ_jᵀ(I−η_aL)^{k−1}‖Σ·factor(d) (paper: log d) simultaneously over j ≤ n, k ≤ T is decided exactly by
    :func:`s3_tail_decision` on the whole region (every ν: referee X; it had been a finite-d rule at one corner).
    Measured as evidence at the paper's corner: the standardised values' exceedance frequency over ``draws`` noise
    draws against 2Φ̄(factor) (a mismatch, i.e. values that are not N(0, 1), leaves it undecided), and the second link
    ‖φᵀA‖ ≤ ‖A‖‖φ‖ (exact, checked)."""
    from scipy.stats import norm as _normal  # imported when needed: loading the claims stays fast

    from .regime import ADMISSIBLE, CORNERS, corner_point

    factor_of = sp.lambdify(S.d, factor, "math")
    decision = s3_tail_decision(factor)
    rows = []
    sub_ok = True
    for d in ds:
        run, _eta, M = _stable_setup(d)
        Phi = _phi(run).T
        n, p = run["n"], run["p"]
        rng = np.random.default_rng([seed, d])
        c = float(factor_of(d))
        exceed = total = 0
        std_vals = []
        for k in range(1, steps + 1):
            A = np.linalg.matrix_power(M, k - 1)
            B = Phi @ A  # rows φ_jᵀA
            scale = np.linalg.norm(B, axis=1)
            sub_ok &= bool(np.all(scale <= float(np.linalg.norm(A, 2)) * np.linalg.norm(Phi, axis=1) * (1 + 1e-12)))
            Z = rng.standard_normal((p, draws))  # Σ cancels in the standardised ratio
            G = (B @ Z) / scale[:, None]
            exceed += int(np.sum(np.abs(G) > c))
            total += G.size
            std_vals.append(float(G.std()))
        f = exceed / total
        theory = float(2 * _normal.sf(c))
        rows.append(
            {
                **_brief(run),
                "factor": c,
                "per_pair_exceedance": f,
                "gaussian_prediction": theory,
                "binomial_se": math.sqrt(max(f * (1 - f), 1 / total) / total),
                "samples": total,
                "prob_some_j_exceeds": 1 - (1 - f) ** n,
                "standardised_std": float(np.mean(std_vals)),
            }
        )
    ev = {
        "factor": str(factor),
        "decision": decision,
        "runs": rows,
        "seed": seed,
        "draws": draws,
        "steps": steps,
        "submultiplicative_holds": sub_ok,
        "tolerance": "exceedance within 4 binomial SE of 2Φ̄(factor) (the values are N(0, 1)); the ≤_P bound decided "
        "exactly: SymPy limits as log d → ∞",
        "step_size": "η_a = 1/(2(λ_max(K_n)+λ)) (stable)",
    }
    region = {"region": ADMISSIBLE.name, "region_latex": ADMISSIBLE.description}
    if not sub_ok:
        return refuted("numeric", "‖φᵀA‖ > ‖A‖‖φ‖", witness=rows[0], regime={**region, "holds_on": "none"}, **ev)
    off = [r for r in rows if abs(r["per_pair_exceedance"] - r["gaussian_prediction"]) > 4 * r["binomial_se"]]
    if off and decision["holds"] != "none":  # an exact failure does not rest on the draws
        return inconclusive("simulation", "the standardised values do not match N(0, 1), which the exact argument "
                            "assumes", witness=off[0], **ev)
    measured = (("; measured at the paper's corner: the per-pair exceedance " + (
                 f"matches 2Φ̄({factor}) within 4 SE" if not off else "is " + ", ".join(
                     f"{r['per_pair_exceedance']:.3g}" for r in rows)) + ", and some j ≤ n exceeds with frequency ")
                + " → ".join(f"{r['prob_some_j_exceeds']:.3g}" for r in rows)
                + f" over d = {', '.join(str(r['d']) for r in rows)}; ‖φᵀA‖ ≤ ‖A‖‖φ‖ holds")
    if decision["holds"] == "all":
        return verified(
            "exact+simulation",
            f"each term is exactly N(0, 1) after standardising, so the union bound over j ≤ n = d^ν, k ≤ i ≤ T = "
            f"d^{{ε_n}} gives failure ≤ n·T²·2e^{{−f²/2}} ≤ e^{{−c log²d}} (c = {decision['c']}; f = {factor}, "
            f"lim f²/log²d = {decision['f2_over_log2d']}) for large d at every finite ν and ε_n: the whole region"
            + measured,
            regime={**region, "holds_on": "all", "conditions": [], "witness": None},
            **ev,
        )
    if decision["holds"] == "none":
        point = {k: str(v) for k, v in corner_point(CORNERS["small eps_p"], exact=True).items()}
        return refuted(
            "exact+simulation",
            f"f = {factor}: {decision['reason']}, at every point of the region (with "
            "probability → 1 only, it would need lim f²/(2 log d) > ν + 2ε_n: here "
            f"{decision['weak_reading_lim_f2_over_2logd']})"
            + measured,
            witness={"point": point, **{k: v for k, v in decision.items() if k in ("f2_over_log2d", "f_limit")}},
            regime={**region, "holds_on": "none", "conditions": [], "witness": {"point": point}},
            **ev,
        )
    return inconclusive("exact+simulation", f"the limits do not decide f = {factor}: {decision}" + measured, **ev)


_X = S.x


def _named(name: str) -> sp.Symbol:
    return sp.Symbol(name)


_t = sp.Symbol("t", positive=True)
_PRIV = sp.sqrt(8 * sp.log(1 / S.delta)) / S.eps

CLAIMS = [
    Claim(
        "risk.decomposition",
        "Splitting the ridge risk into approximation and estimation",
        "Part 3, §4.2",
        Statement(
            Expect(_named(r"(f_{RR}-f_*)^{2}"), _X),
            "<=",
            2 * Expect(_named(r"(f_{\mathcal{H}}-f_*)^{2}"), _X)
            + 2 * Expect(_named(r"(f_{RR}-f_{\mathcal{H}})^{2}"), _X),
        ),
        r"f_{RR} \in \mathcal H;\ \lesssim \text{ read with the constant } 2",
        check_risk_decomposition,
        displays=((3, 2),),
        relations=((3, "D2", 2), (3, "D29", 3)),
    ),
    Claim(
        "risk.population-ridge-chain",
        "The approximation term is at most the ridge objective at f^W",
        "Part 3, §4.2",
        r"\mathbb E_x[(f_{\mathcal H}-f_*)^2] \le \mathbb E_x[(f_{\mathcal H}-f_*)^2] + \lambda\|a_{\mathcal H}\|^2 = "
        r"\min_a \mathbb E_x[(f_a-f_*)^2] + \lambda\|a\|^2 \le \mathbb E_x[(f^W-f_*)^2] + \lambda\|\bar a\|^2",
        r"f_{\mathcal H} = \arg\min_{f_a\in\mathcal H}\mathbb E_x[(f_a-f_*)^2]+\lambda\|a\|^2;\ \text{last line "
        r"} = O_\P(\cdot) \text{ is Theorem 2}",
        check_population_chain,
        depends_on=("thm2.rate", "thm2.penalty-absorbed"),
        displays=((3, 3),),
        relations=((3, "D3", 1), (3, "D3", 2), (3, "D3", 3)),
    ),
    Claim(
        "ridge.mcdiarmid",
        "McDiarmid tail of ‖a_RR − a_H‖",
        "Part 3, §4.2",
        Statement(
            Prob(_named(r"\|a_{RR}-a_{\mathcal{H}}\| \geq t")),
            "<=",
            2 * sp.exp(-2 * _t**2 / (S.n * 4 * S.d ** (4 * S.eps_n) / (S.p * S.n**2))),
        ),
        "Assumptions 2 and 4; W_1, b fixed",
        check_mcdiarmid,
        depends_on=("ridge.loo-stability",),
        displays=((3, 7),),
        relations=((3, "D7", 1), (3, "D7", 2)),
    ),
    Claim(
        "risk.variance-term",
        "The estimation term E_x(f_RR − f_H)²",
        "Part 3, §4.2",
        Statement(
            Expect(_named(r"(f_{RR}-f_{\mathcal{H}})^{2}"), _X),
            r"\leq_\P",
            S.d ** (4 * S.eps_n) / (S.p * S.n) * S.p * S.log_d**2,
        ),
        "Assumptions 2 and 4",
        check_variance_term,
        depends_on=("ridge.mcdiarmid", "ridge.measured-loo-move"),
        displays=((3, 8),),
        relations=((3, "D8", 1), (3, "D8", 2), (3, "P18", 1)),
    ),
    Claim(
        "dpgd.noise-accumulation",
        "Size of the accumulated noise z'_i",
        "Part 3, §4.3.1",
        Statement(Norm(_named(r"z'_{i}")), "lesssim", S.Sigma / (2 * S.eta_a * S.lam)),
        r"z_k \sim \mathcal N(0,\Sigma^2\mathrm{Id}_p),\ \|\mathrm{Id}-\eta_aL\| < 1",
        check_noise_accumulation,
        depends_on=("dpgd.recursion", "dpgd.contraction"),
        displays=((3, 18),),
        relations=((3, "D18", 1), (3, "D18", 2), (3, "D18", 3), (3, "D18", 4), (3, "D18", 5), (3, "D19", 1)),
    ),
    Claim(
        "dpgd.s1-bound",
        "The term S_1",
        "Part 3, §4.3.2",
        Statement(_named(r"|S_{1}|"), r"\leq_\P", S.log_d**2 / sp.sqrt(S.p) * sp.sqrt(S.p)),
        r"S_1 = |\varphi_j^\intercal(\mathrm{Id}-\eta_aL)^i(a_0-a^{(i)}_{RR})|,\ \|\mathrm{Id}-\eta_aL\| < 1",
        check_s1,
        depends_on=(
            "dpgd.contraction",
            "dpgd.contraction-regime",
            "dpgd.a0-norm",
            "ridge.a-rr-norm",
            "dpgd.measured-inner-product",
        ),
        displays=((3, 23),),
        relations=((3, "D23", 1),),
    ),
    Claim(
        "dpgd.s2-bound",
        "The term S_2",
        "Part 3, §4.3.2",
        Statement(_named(r"|S_{2}|"), r"\lesssim_\P", S.d ** (2 * S.eps_n) / S.n * S.log_d**S.q),
        r"\|\mathrm{Id}-\eta_aL\| < 1,\ \text{Assumption 2}",
        check_s2,
        depends_on=("ridge.loo-stability", "dpgd.contraction", "dpgd.contraction-regime"),
        displays=((3, 24),),
        relations=((3, "D24", 1), (3, "D24", 2)),
    ),
    Claim(
        "dpgd.s3-expansion",
        "Expanding S_3 and the triangle inequality",
        "Part 3, §4.3.2",
        r"|\eta_a\varphi_j^\intercal z'_i| = \eta_a\left|\sum_{k=1}^i\varphi_j^\intercal(\mathrm{Id}-\eta L)^{k-1}"
        r"z_{i-k}\right| \le \eta_a\sum_{k=1}^i\left|\varphi_j^\intercal(\mathrm{Id}-\eta L)^{k-1}z_{i-k}\right|",
        "z'_i from the recursion (3, 11), no clipping",
        check_s3_triangle,
        depends_on=("dpgd.recursion-steps",),
        displays=((3, 25),),
        relations=((3, "D25", 1), (3, "D25", 2)),
    ),
    Claim(
        "dpgd.s3-gaussian-tail",
        "Gaussian tail of one term of S_3",
        "Part 3, §4.3.2",
        Statement(
            _named(r"|\varphi_j^\intercal(\mathrm{Id}-\eta L)^{k-1}z_{i-k}|"),
            r"\leq_\P",
            _named(r"\|\varphi_j^\intercal(\mathrm{Id}-\eta L)^{k-1}\|") * S.Sigma * S.log_d,
        ),
        r"z \sim \mathcal N(0,\Sigma^2\mathrm{Id}_p) \text{ independent of } \varphi_j,\ \text{all } j \le n",
        check_s3_gaussian,
        depends_on=("dpgd.s3-expansion", "part1.size-reading"),
        displays=((3, 26),),
        relations=((3, "P41", 1), (3, "D26", 1), (3, "D26", 2)),
    ),
]
