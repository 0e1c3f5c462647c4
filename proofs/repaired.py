r"""The repaired Theorem 1: Algorithm 1 with choices under which every privacy step is exact (family ``repaired.*``).

The choices (``theorycheck.simulator.presets.repaired``, all data-independent functions of d, n, p, q, ε_n, ε, δ):
first-layer per-sample gradients clipped at C_W = 2√d log d and Gaussian noise added to W_0 − η_W ḡ^C
*before* normalising (normalisation is post-processing); second layer η_a = 1/(2(p + λ)) (a contraction for
every data set, since λ_max(K_n) ≤ max_j ‖φ_j‖² ≤ p), T = ⌈(1 + d^{2ε_n})(log d + log p)⌉, per-sample
clipping at C_a = 2√p log d (the min rule) and noise η_a z with Σ = 2C_a√T/(nμ_a); the budget (ε, δ) gives μ
by inverting the exact μ-GDP curve, split μ_W = μ_a = μ/√2.

Each piece is a claim checked like the paper's: the privacy accounting exactly over Assumption 3's whole
(ε, δ) range, the sensitivities by adversarial neighbouring data sets (measured, not assumed), the
contraction and the number of steps exactly, and the risk by an end-to-end sweep whose fitted exponent
is reported with its confidence interval.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import mpmath
import numpy as np
import sympy as sp

from theorycheck import Claim, inconclusive, refuted, verified
from theorycheck.asymptotics import ratio_at
from theorycheck.claims import Verdict
from theorycheck.errors import InputError
from theorycheck.hermite import he_sympy
from theorycheck.privacy import gdp_curve_increasing_in_mu
from theorycheck.simulator.presets import repaired_steps
from theorycheck.statement import Statement, decides, paper_latex

from . import symbols as S
from .symbols import d, eps, lam, p

SEED = 0
#: (ε, δ) grid over Assumption 3: δ from 1e-30 to 0.99, ε from near the ω-boundary to near 8 log(1/δ).
BUDGETS: tuple[tuple[float, float], ...] = tuple(
    (e, dl)
    for dl in (1e-30, 1e-12, 1e-5, 0.1, 0.5, 0.9, 0.99)
    for e in (0.05, 0.5, 1.0, 4.0, 0.95 * 8 * math.log(1 / dl))
    if e < 8 * math.log(1 / dl)
)
SIZES: tuple[tuple[int, float, float], ...] = ((16, 0.2, 1.0), (128, 0.2, 1.0), (1024, 0.4, 0.5), (10**6, 0.3, 2.0))
#: the ends of Assumption 3's range beyond the grid (referee AG, F5): δ down to 1e-300 and up to 1 − 1e-12, ε from 1e-8
#: (toward the ω-boundary) up to (1 − 1e-9)·8 log(1/δ); at the smallest and the largest size
EXTREME_BUDGETS: tuple[tuple[float, float], ...] = tuple(
    (e, dl)
    for dl in (1e-300, 1e-100, 0.999, 1 - 1e-6, 1 - 1e-12)
    for e in (1e-8, 1e-3, 0.5, 0.999 * 8 * math.log(1 / dl), (1 - 1e-9) * 8 * math.log(1 / dl))
    if e < 8 * math.log(1 / dl)
) + ((1.0, 1 - 2**-52), (0.5, 0.9999999999999999), (1.0, 5e-324), (1e-300, 1e-300), (5e-324, 0.5),  # referee AJ
     (5e-324, 1e-5), (1e-300, 2e-301))  # referee AK: ε near 0, ε ≤ δ tiny (at ε = δ = 5e-324, μ ≈ 1.5e-323 and the
    # noise σ = sensitivity/μ overflows a float: not a budget the simulator can run)
EXTREME_SIZES: tuple[tuple[int, float, float], ...] = (SIZES[0], SIZES[-1])

eps_spent = sp.Symbol("epsilon_spent", positive=True)
PRIVACY = Statement(
    eps_spent,
    "<=",
    eps,
    name="ε of (W_1, a_T) at δ (sequential composition)",
    lhs_latex=r"\varepsilon_{\mathrm{exact}}(\delta;\, W_1, a_T)",
)


def _preset(d_: int, eps_n_: float, eps_p_: float, e: float, dl: float, mu_split: float = 1 / math.sqrt(2)):
    from theorycheck.simulator import presets

    n_, p_ = presets.regime_sizes(d_, eps_n_, eps_p_)
    hyper, options = presets.repaired(d_, n_, p_, 3, eps_n_, e, dl)
    if mu_split != 1 / math.sqrt(2):  # a perturbed calibration: both halves get mu_split·μ
        mu = presets.mu_for(e, dl)
        hyper = hyper.replace(
            sigma_W=hyper.sigma_W * (mu / math.sqrt(2)) / (mu_split * mu),
            Sigma=hyper.Sigma * (mu / math.sqrt(2)) / (mu_split * mu),
        )
    return n_, p_, hyper, options


def certified_delta(epsilon: float, mu_W: float, mu_a: float, prec: int = 400):
    """An arb enclosure of δ(ε) of the composed release, μ = √(μ_W² + μ_a²) composed in arb (GDP composition), by the
    library's μ-GDP curve :func:`theorycheck.privacy.gdp_delta_ball` at ``prec`` bits (the two terms cancel down to
    δ = 1e-30). Independent of the calibration, which inverts ε(δ) in mpmath's log space."""
    from flint import arb, ctx

    from theorycheck.privacy import gdp_delta_ball

    with ctx.workprec(prec):
        mu = (arb(mu_W) ** 2 + arb(mu_a) ** 2).sqrt()
    return gdp_delta_ball(epsilon, mu, prec)


@decides("≤")  # ε_spent = ε up to the calibration's inversion: a strict < is not what δ(ε) ≤ δ decides
def check_privacy(statement: Statement = PRIVACY, mu_split: float = 1 / math.sqrt(2)) -> Verdict:
    """The ε(δ) of the whole release (μ-GDP of W_1 and of the T composed steps, μ² adding: sequential composition,
    exact if both layers saw the same data) against the budget ε, for every (ε, δ) of :data:`BUDGETS` and sizes of
    :data:`SIZES`. ``mu_split`` perturbs the calibration. Algorithm 1 trains the layers on disjoint data sets X^W,
    X^a, so a record changes one release only (parallel composition, thm1.privacy) and the release's true ε is
    ε(δ; max(μ_W, μ_a)), smaller (referee Z): recorded, the verdict is on the sequential upper bound.

    The noise is calibrated by inverting ε(δ) (mpmath, log space), so ε_spent ≤ ε holds by construction up to the
    inversion's tolerance (referee A): the verdict rests on the independent direction, δ(ε) at the budget ε as a
    certified arb enclosure (:func:`certified_delta`), whose upper end must be ≤ δ."""
    from flint import ctx

    from theorycheck.privacy import decide_ball_le
    from theorycheck.simulator.algorithm import epsilon_of_mu, privacy_mu

    if statement.lhs != eps_spent:
        raise InputError(f"check_privacy reads statements ε_spent ≤ f(ε), not {statement.latex()}")
    holds = statement.evaluator("difference", variables=(eps_spent, eps))
    rows, worst = [], None
    points = [(size, budget) for size in SIZES for budget in BUDGETS]
    points += [(size, budget) for size in EXTREME_SIZES for budget in EXTREME_BUDGETS]
    for (d_, en, ep), (e, dl) in points:
        n_, p_, hyper, options = _preset(d_, en, ep, e, dl, mu_split)
        mus = privacy_mu(hyper, n_, p_, options)
        # δ read as the float's exact binary value, as the calibration (float log δ) and the certified decision read
        # it; the decimal it prints as differs by 2.2e-17 at δ = 1 − 1e-12, where δ(0) is that close to δ and the
        # decimal's ε(δ) was 4.4e-5 > ε (referee AV)
        spent = epsilon_of_mu(mus["mu_total"], mpmath.mpf(dl))
        margin = float(holds(mpmath.mpf(spent), mpmath.mpf(e)))  # ε_spent − ε: ≤ 0 when the statement holds
        claimed = float(statement.rhs.subs(eps, e))  # the ε the statement bounds ε_spent by (the budget)
        # ε_spent ≤ claimed ⟺ δ(claimed) ≤ δ, decided in arb at 400 bits, or more where the ball is too wide to
        # decide (δ near 1e-300: referee AJ), up to 2^14 bits; undecided balls make the verdict inconclusive
        decided, ball, prec = decide_ball_le(
            lambda bits: certified_delta(claimed, mus["mu_W"], mus["mu_a"], bits), dl, 400, 1 << 15)  # noqa: B023
        certain, fails = decided is True, decided is False  # in arb: every point of the ball ≤ δ (or > δ)
        with ctx.workprec(prec):  # the ball's own precision: printed and rounded outside it, its radius would
            upper = float(ball.mid() + ball.rad())  # show as the 53-bit default's ±1e-16 (referee C)
            shown, radius = ball.str(20, radius=False), float(ball.rad())
        row = {
            "d": d_,
            "n": n_,
            "p": p_,
            "eps": e,
            "delta": dl,
            "mu_W": mus["mu_W"],
            "mu_a": mus["mu_a"],
            "eps_spent": spent,
            "margin": margin,
            "delta_at_eps_certified": shown,
            "delta_enclosure_radius": radius,
            "delta_ratio_upper": upper / dl,
            "certified_holds": certain,
            "certified_fails": fails,
            "bits": prec,
        }
        rows.append(row)
        if worst is None or row["delta_ratio_upper"] > worst["delta_ratio_upper"]:
            worst = row
    increasing = gdp_curve_increasing_in_mu()
    ev = {
        "grid_points": len(rows),
        "gdp_curve_increasing_in_mu": increasing,
        "worst": worst,
        "rows": rows[:12],
        "statement": statement.latex(),
        "procedure": "sensitivities from the clipping constants, μ-GDP of each Gaussian release; decided by the "
        "certified δ(ε) of the composed μ-GDP curve at the budget ε (python-flint arb, 400 bits) against δ; the exact "
        "ε(δ) (mpmath, log space: the calibration's own inversion) is shown as ε_spent − ε (≤ 0 holds); ε and δ are "
        "read as the floats' exact binary values throughout",
        "tolerance": "none: the arb enclosure's upper end must be ≤ δ",
    }
    failing = [r for r in rows if r["certified_fails"]]
    undecided = [r for r in rows if not r["certified_holds"] and not r["certified_fails"]]
    if failing:
        w = max(failing, key=lambda r: r["delta_ratio_upper"])
        return refuted(
            "certified",
            f"the repaired release is not ({statement.rhs}, δ)-DP at ε = {w['eps']:g}, δ = {w['delta']:g}, "
            f"d = {w['d']}: its "
            f"certified δ(ε) is {w['delta_at_eps_certified']} ({w['delta_ratio_upper']:.6g}·δ); exact ε(δ) = "
            f"{w['eps_spent']:.6g}",
            witness=w,
            **ev,
        )
    if undecided:
        u = undecided[0]
        return inconclusive("certified", f"the certified δ(ε) stays undecided against δ at {len(undecided)} point(s) "
                            f"even at {u['bits']} bits, e.g. ε = {u['eps']:g}, δ = {u['delta']:g}", **ev)
    # parallel composition at a representative budget (at the worst point, δ = 0.99, ε(δ) can be 0)
    shown = next((r for r in rows if r["eps"] == 1.0 and r["delta"] == 1e-5), worst)
    parallel = float(epsilon_of_mu(max(shown["mu_W"], shown["mu_a"]), shown["delta"]))
    if not increasing or mu_split != 1 / math.sqrt(2) or statement != PRIVACY:
        return inconclusive(
            "certified",
            f"the certified δ(ε) is ≤ δ at all {len(rows)} (ε, δ, d) points tried, but "
            + ("the monotonicity of the μ-GDP curve in μ did not check" if not increasing else
               "this calibration is not the repaired one the argument for every budget covers"
               if mu_split != 1 / math.sqrt(2) else
               "the argument for every budget proves ε_spent ≤ ε, not this statement (points cannot verify it)"),
            **ev,
        )
    return verified(
        "certified",
        "at every budget of Assumption 3: the calibration's μ has δ(ε; μ) ≤ δ (the lower end of a bracket, or, where "
        "the float search misses at the range's ends, an arb-certified bisection) and the μ-GDP curve is increasing "
        "in μ (SymPy: ∂δ/∂μ = φ(ε/μ − μ/2) > 0), the two halves composing to that μ; checked: "
        f"the certified δ(ε) of the whole release at the budget ε is ≤ δ at all {len(rows)} (ε, δ, d) points of "
        f"Assumption 3's range tried (a grid with δ from 1e-30 to 0.99 and ε up to 0.95·8 log(1/δ), and its ends: δ "
        f"from 5e-324 to 1 − 2⁻⁵³, ε from 5e-324 to (1 − 1e-9)·8 log(1/δ)); largest δ(ε)/δ "
        f"{worst['delta_ratio_upper']:.12f} (the calibration spends the budget exactly under sequential composition; "
        f"ε_spent − ε at that point {worst['margin']:.2e}); with the disjoint data sets of the two layers (parallel "
        f"composition) it spends only ε = {parallel:.4g} of ε = {shown['eps']:g} at δ = {shown['delta']:g}: private "
        "with room, the noise √2 larger than it needs",
        parallel_composition={"epsilon": parallel, "budget": shown["eps"], "delta": shown["delta"], "d": shown["d"],
                              "mu": max(shown["mu_W"], shown["mu_a"])},
        **ev,
    )


def _neighbours(rng: np.random.Generator, d_: int, n_: int) -> list[tuple[str, tuple[np.ndarray, ...]]]:
    """Pairs of data sets that differ in one sample (replace-one), each (name, (X, y, X2, y2)):

    * "huge sample": the first sample replaced by a huge one (x = 50e_1, y = −10⁴);
    * "opposite labels": the same x, with labels +10⁶ and −10⁶, so that both clipped gradients reach the clip norm in
      opposite directions and their difference is the full 2C/n the accountant uses (the bound is attained: referee X,
      the first pair alone reached about 0.5 of it and let a 30 % smaller claimed sensitivity pass)."""
    X = rng.standard_normal((n_, d_))
    y = X[:, 0] ** 3 - 2 * X[:, 0]
    X2, y2 = X.copy(), y.copy()
    X2[0] = 0.0
    X2[0, 0] = 50.0
    y2[0] = -1e4
    y_up, y_down = y.copy(), y.copy()
    y_up[0], y_down[0] = 1e6, -1e6
    return [("huge sample", (X, y, X2, y2)), ("opposite labels", (X, y_up, X, y_down))]


#: the widths p = d^{π_p} of :func:`check_sensitivity`: p = d and a network wider than d (the sensitivity is a
#: per-sample clipping bound, so it must hold at every width)
SENSITIVITY_WIDTHS = (1.0, 1.5)


def check_sensitivity(clip_scale: float = 1.0, ds: tuple[int, ...] = (16, 32, 64), trials: int = 3,
                      widths: tuple[float, ...] = SENSITIVITY_WIDTHS) -> Verdict:
    """The sensitivities the accountant uses (2η_W C_W/n for W_0 − η_W ḡ^C, 2η_aC_a/n per step for a) against the
    change measured on neighbouring data sets (:func:`_neighbours`: one sample replaced by a huge one, and one
    sample's label flipped from +10⁶ to −10⁶, which attains the bound), at p = d^{π_p} for π_p in ``widths``.

    ``clip_scale`` perturbs the accountant's sensitivity (clip_scale < 1 claims a smaller one than the clipping
    gives, and must be refuted: the opposite-label pair attains the bound, so any clip_scale < 1 is)."""
    from theorycheck import first_layer
    from theorycheck.simulator import ArrayDataset, Features, clipped_gradient, presets

    rows = []
    for d_ in ds:
        for width in widths:
            n_, p_ = presets.regime_sizes(d_, 0.2, width)
            hyper, options = presets.repaired(d_, n_, p_, 3, 0.2, 1.0, 1e-5)
            for trial in range(trials):
                rng = np.random.default_rng([SEED, d_, trial] if width == 1.0 else [SEED, d_, trial, int(10 * width)])
                W0, b, a0 = first_layer.initialise(d_, p_, rng)
                a = a0

                def clipped_mean(Xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
                    # second layer: one DP-GD step's clipped mean gradient at a_0 on features of the same W0, by the
                    # simulator's own features and clipping (the code repaired.rate runs; referee CD, CD4)
                    features = Features(ArrayDataset(Xs, ys), W0, b, options.feature_cache_bytes)
                    return clipped_gradient(features, a, hyper.lam, hyper.C_a, options)[0]

                for pair, (X, y, X2, y2) in _neighbours(rng, d_, n_):
                    g1 = first_layer.first_layer_gradient(W0, b, a0, X, y, reduction="mean", clip=hyper.C_W)
                    g2 = first_layer.first_layer_gradient(W0, b, a0, X2, y2, reduction="mean", clip=hyper.C_W)
                    step_a = clipped_mean(X, y) - clipped_mean(X2, y2)
                    rows.append(
                        {
                            "d": d_,
                            "n": n_,
                            "p": p_,
                            "pi_p": width,
                            "trial": trial,
                            "pair": pair,
                            "measured_W": hyper.eta_W * float(np.linalg.norm(g1 - g2)),
                            "accounted_W": clip_scale * 2 * hyper.eta_W * hyper.C_W / n_,
                            "measured_a": hyper.eta_a * float(np.linalg.norm(step_a)),
                            "accounted_a": clip_scale * hyper.eta_a * 2 * hyper.C_a / n_,
                        }
                    )
    ratio_W = max(r["measured_W"] / r["accounted_W"] for r in rows)
    ratio_a = max(r["measured_a"] / r["accounted_a"] for r in rows)
    iterates = _iterate_drift(ds[0], clip_scale)
    ev = {
        "rows": rows,
        "iterates_of_two_runs": iterates,
        "max_ratio_W": ratio_W,
        "max_ratio_a": ratio_a,
        "by_pair": {pair: {"max_ratio_W": max(r["measured_W"] / r["accounted_W"] for r in rows if r["pair"] == pair),
                           "max_ratio_a": max(r["measured_a"] / r["accounted_a"] for r in rows if r["pair"] == pair)}
                    for pair in dict.fromkeys(r["pair"] for r in rows)},
        "seed": SEED,
        "tolerance": "measured ≤ accounted·(1 + 1e-12) (float64 rounding; referee EK, EK-4: 1e-9 had let an "
                     "accountant 1e-10 short pass); attained: the largest ratio ≥ 1 − 1e-6 (the opposite-label pair "
                     "reaches 1 − 1e-11)",
    }
    if ratio_W > 1 + 1e-12 or ratio_a > 1 + 1e-12:
        worst = max(rows, key=lambda r: max(r["measured_W"] / r["accounted_W"], r["measured_a"] / r["accounted_a"]))
        return refuted(
            "simulation",
            f"a neighbouring data set ({worst['pair']}, d = {worst['d']}, p = {worst['p']}) moves the release by "
            f"{max(ratio_W, ratio_a):.15g}× the sensitivity the accountant uses",
            witness=worst,
            **ev,
        )
    if min(ratio_W, ratio_a) < 1 - 1e-6:  # referee Y: 1e-3 let a 0.1 % overstated sensitivity pass as attained
        return inconclusive(
            "simulation",
            f"no neighbouring pair tried exceeds the accounted sensitivity, but none attains it either (largest "
            f"{ratio_W:.7f}× for W, {ratio_a:.7f}× for a): a larger sensitivity than the accountant's could go unseen",
            **ev,
        )
    drift = ", ".join(f"{r:.2f}" for r in iterates["ratios"])
    first_over = next((t for t, r in enumerate(iterates["ratios"], 1) if r > 1 + 1e-12), None)
    readings = {
        SENSITIVITY_READINGS[0]: "all",
        SENSITIVITY_READINGS[1]: (f"none: fails at d = {iterates['d']}, p = d, from t = {first_over} (measured)"
                                  if first_over else "not decided"),
    }
    return verified(
        "simulation",
        f"neighbouring data sets move W_0 − η_Wḡ^C by at most {ratio_W:.15g}× and one step of a by {ratio_a:.15g}× the "
        f"accounted sensitivity, at p = d^{{π_p}} for π_p in {list(widths)} (clipping makes both bounds hold by "
        "construction; the opposite-label pair attains them, so a smaller claimed sensitivity is refuted). Δa_t is "
        "one step's change at the same a_{t−1}, which the accountant's adaptive composition needs; read as the "
        "distance of the iterates a_t of two runs on the neighbouring data sets (the same noise), it "
        + (f"fails from t = {first_over} on" if first_over else "was not exceeded in the steps run")
        + f": {drift}× the bound at t = 1 … {len(iterates['ratios'])} (d = {iterates['d']}, the opposite-label pair"
        + (": the differences accumulate through the steps)" if first_over else ")"),
        regime={"region": "replace-one neighbours, every width", "holds_on": "all", "conditions": [],
                "readings": readings},
        **ev,
    )


#: the readings of repaired.sensitivity's Δa_t (an independent re-check of 2026-12-02: only the first was stated)
SENSITIVITY_READINGS = (
    "per step: the change of one update η_a ḡ^C_t at the same a_{t−1} (what adaptive composition needs)",
    "the iterates: ‖a_t − a'_t‖ of two runs on neighbouring data sets, with the same noise",
)


def _iterate_drift(d_: int, clip_scale: float = 1.0, steps: int = 5) -> dict[str, Any]:
    """‖a_t − a'_t‖ / (clip_scale·2η_aC_a/n) for t = 1 … ``steps``: two noiseless DP-GD runs of the repaired preset
    (p = d, the simulator's clipped gradient) on the opposite-label pair of :func:`_neighbours` from the same a_0 (the
    same noise in both runs cancels in the difference)."""
    from theorycheck import first_layer
    from theorycheck.simulator import ArrayDataset, Features, clipped_gradient, presets

    n_, p_ = presets.regime_sizes(d_, 0.2, 1.0)
    hyper, options = presets.repaired(d_, n_, p_, 3, 0.2, 1.0, 1e-5)
    rng = np.random.default_rng([SEED, d_, 99])
    W0, b, a0 = first_layer.initialise(d_, p_, rng)
    (_, (X, y_up, _, y_down)), = [pair for pair in _neighbours(rng, d_, n_) if pair[0] == "opposite labels"]
    runs = []
    for labels in (y_up, y_down):
        features = Features(ArrayDataset(X, labels), W0, b, options.feature_cache_bytes)
        a, path = a0.copy(), []
        for _ in range(steps):
            a = a - hyper.eta_a * clipped_gradient(features, a, hyper.lam, hyper.C_a, options)[0]
            path.append(a)
        runs.append(path)
    bound = clip_scale * 2 * hyper.eta_a * hyper.C_a / n_
    return {"d": d_, "n": n_, "p": p_, "seed": SEED,
            "ratios": [float(np.linalg.norm(u - v)) / bound for u, v in zip(*runs, strict=True)]}


K_MAX = sp.Symbol("lambda_max", positive=True)
#: every eigenvalue of η_a L = 2η_a(K_n + λI) is at most 1 (so I − η_a L is a contraction)
CONTRACTION = Statement(
    2 * K_MAX / (2 * (p + lam)) + 2 * lam / (2 * (p + lam)),
    "<=",
    1,
    assumptions=(K_MAX <= p,),
    name="2η_a(λ_max(K_n) + λ) ≤ 1",
    lhs_latex=r"2\eta_a\left(\lambda_{\max}(K_n) + \lambda\right)",
)


@decides("≤")
def check_contraction(statement: Statement = CONTRACTION, ds: tuple[int, ...] = (16, 32, 64)) -> Verdict:
    """Symbolically: under the statement's assumption λ_max ≤ B (here B = p: λ_max(K_n) ≤ max_j‖φ_j‖² ≤ p since
    |tanh| ≤ 1) its left side, increasing in λ_max (checked), is at most its value at λ_max = min(B, p) (a cap B ≥ p
    is never reached; a cap below p is a premise, checked at the runs), which SymPy compares
    with the right side. Measured: the statement's own left side (its η_a) evaluated at each simulated run's
    λ_max(K_n), p and λ, at two corners (referee X: it had evaluated the preset's η_a, not the statement's)."""
    from theorycheck.simulator import run_experiment

    caps = [a.rhs for a in statement.assumptions if isinstance(a, sp.core.relational.Relational)
            and a.lhs == K_MAX and a.rel_op in ("<=", "<")]
    # the cap must follow from what is proved, λ_max(K_n) ≤ max_j‖φ_j‖² ≤ p (|tanh| ≤ 1): a smaller one is a premise
    cap_proved = bool(caps) and bool(sp.simplify(caps[0] - p).is_nonnegative)
    # left − right as one function of λ_max (referee EH, EH-19: the worst case had been put into the left side only,
    # refuting a right side equal to the left)
    difference = statement.lhs - statement.rhs
    slope = sp.simplify(sp.diff(difference, K_MAX))
    increasing = bool(slope.is_nonnegative) or bool(slope.is_zero)
    # the worst case is at the smaller of the assumed cap and p, which λ_max(K_n) cannot exceed (referee Y: at a cap
    # 2p it had refuted at a λ_max the features never reach)
    reach = p if cap_proved else (caps[0] if caps else None)
    worst_case = sp.simplify(difference.subs(K_MAX, reach)) if caps else None
    symbolic_ok = (worst_case is not None and increasing
                   and (bool(worst_case <= 0) if worst_case.is_number else bool(worst_case.is_nonpositive)))
    evaluate = sp.lambdify((K_MAX, p, lam), statement.lhs - statement.rhs, "math")
    rows = []
    for d_ in ds:
        for en, ep in ((0.2, 1.0), (0.4, 0.5)):
            run = run_experiment(d_, preset="repaired", seed=SEED, eps_n=en, eps_p=ep, baselines=False, n_test=256)
            rows.append(
                {
                    "d": d_,
                    "eps_n": en,
                    "eps_p": ep,
                    "p": run["p"],
                    "lam_max_K": run["lam_max_K"],
                    "lhs_minus_rhs": float(evaluate(run["lam_max_K"], run["p"], run["hp_lam"])),
                    "preset_margin": 2 * run["hp_eta_a"] * (run["lam_max_K"] + run["hp_lam"]),
                }
            )
    worst = max(rows, key=lambda r: r["lhs_minus_rhs"])
    ev = {"worst_case_minus_one": str(worst_case), "increasing_in_lambda_max": increasing,
          "assumed_caps": [str(c) for c in caps], "cap_follows_from_lambda_max_le_p": cap_proved, "runs": rows,
          "seed": SEED}
    if caps and not cap_proved:
        cap_at = sp.lambdify(p, caps[0], "math")
        over = [r for r in rows if r["lam_max_K"] > cap_at(r["p"])]
        if over:
            return refuted("simulation", f"the assumption λ_max ≤ {caps[0]} fails at d = {over[0]['d']}: λ_max(K_n) = "
                           f"{over[0]['lam_max_K']:.4g}", witness=over[0], **ev)
        return inconclusive("symbolic+simulation", f"the assumption λ_max ≤ {caps[0]} does not follow from "
                            "λ_max(K_n) ≤ max_j‖φ_j‖² ≤ p (the bound the features give) and is not checked otherwise",
                            **ev)
    if worst["lhs_minus_rhs"] > 1e-12:
        return refuted(
            "symbolic+simulation",
            f"the statement fails at a simulated run: left − right = {worst['lhs_minus_rhs']:.4g} at d = {worst['d']}, "
            f"p = {worst['p']}, λ_max(K_n) = {worst['lam_max_K']:.4g}",
            witness=worst,
            **ev,
        )
    if worst_case is not None and increasing and not symbolic_ok:
        return refuted(
            "symbolic+simulation",
            f"at λ_max = {reach}, which the features reach (‖φ_j‖² → p as tanh saturates), left − right = "
            f"{worst_case} > 0",
            witness={"worst_case_minus_one": str(worst_case)},
            **ev,
        )
    if not symbolic_ok:
        return inconclusive("symbolic+simulation", "no assumed cap on λ_max, or a left side not increasing in it: the "
                            f"worst case is not decided (measured left − right at most {worst['lhs_minus_rhs']:.4g})",
                            **ev)
    return verified(
        "symbolic+simulation",
        "2η_a(λ_max(K_n) + λ) ≤ 1 for every data set (λ_max ≤ max‖φ_j‖² ≤ p since "
        f"|tanh| ≤ 1, the left side increasing in λ_max; SymPy: worst case − 1 = {worst_case}); the statement's left "
        f"side at the simulated runs is at most {max(r['lhs_minus_rhs'] for r in rows) + 1:.4f}",
        **ev,
    )


STEPS_BOUND = Statement(
    (1 - lam / (p + lam)) ** sp.Symbol("T_rep", positive=True), "<=", 1 / (d * p), name="(1 − 2η_aλ)^T ≤ 1/(dp)"
)


#: T = ⌈(1 + d^{2ε_n})(log d + log p)⌉ at 200 digits: the preset's own (one home: what runs is what is verified)
t_repaired = repaired_steps


@decides("≤")
def check_steps(
    statement: Statement = STEPS_BOUND, t_rule: Callable[[float, float, float], int] = t_repaired
) -> Verdict:
    """(1 − 2η_aλ)^T ≤ 1/(dp) with η_a = 1/(2(p+λ)), for the repaired T, at every (d, ε_n, π_p) of a grid (d from 3
    to 10^12, ε_n ∈ {0.05, 0.2, 1, 3}, widths p = d^{π_p} from π_p = 0.01 to 15: Assumption 2 bounds p from below
    only), in mpmath at 200 digits (1 − 2η_aλ is within 10^{−72} of 1 at the largest corner). Every width, for the
    repaired T = ⌈(1 + d^{2ε_n}) log(dp)⌉: with λ = p/d^{2ε_n} the contraction factor x = 2η_aλ = λ/(p + λ) =
    1/(1 + d^{2ε_n}) does not depend on p (SymPy), and that T is ≥ log(dp)/x, so (1 − x)^T ≤ e^{−xT} ≤ 1/(dp); another
    ``t_rule`` is checked on the grid only."""
    T_sym = sp.Symbol("T_rep", positive=True)
    f = statement.evaluator("difference", variables=(d, p, lam, T_sym))
    x_of_width = sp.simplify((lam / (p + lam)).subs(lam, S.LAMBDA))
    p_free = sp.simplify(x_of_width - 1 / (1 + d ** (2 * S.eps_n))) == 0
    rows, worst = [], None
    with mpmath.workdps(200):
        for d_ in (3, 10, 100, 10**4, 10**8, 10**12):
            for en in (0.05, 0.2, 1.0, 3.0):
                for ep in (0.01, en, 5 * en, 4.0, 12.0):
                    p_ = mpmath.mpf(d_) ** ep
                    lam_ = p_ / mpmath.mpf(d_) ** (2 * en)
                    T_ = t_rule(d_, p_, lam_)
                    diff = f(mpmath.mpf(d_), mpmath.mpf(p_), mpmath.mpf(lam_), mpmath.mpf(T_))
                    row = {"d": d_, "eps_n": en, "eps_p": ep, "T": T_, "lhs_minus_rhs": mpmath.nstr(diff, 8)}
                    rows.append(row)
                    if worst is None or diff > worst[0]:
                        worst = (diff, row)
    # the argument for every d and width proves (1 − x)^T ≤ e^{−xT} ≤ 1/(dp): it covers this statement when its
    # left side is the paper's and its right side is c/(dp) with a constant c ≥ 1 (SymPy, exactly); a right side
    # closer than that (1/(dp)·(1 − 10⁻¹⁰⁰) passes a grid whose margin at d = 10¹² is 10⁻⁷², yet fails as d → ∞)
    # is decided by the grid alone
    c = sp.simplify(statement.rhs * d * p)
    covered = bool(sp.simplify(statement.lhs - STEPS_BOUND.lhs) == 0 and c.is_number and c.is_real
                   and sp.Ge(c, 1) == sp.true)
    rhs_shown = sp.sstr(statement.rhs)
    ev = {"grid": len(rows), "worst": worst[1], "rows": rows[:10], "contraction_factor": str(x_of_width),
          "contraction_factor_free_of_p": p_free, "argument_covers_the_statement": covered}
    if worst[0] > 0:
        return refuted(
            "numeric",
            f"(1 − 2η_aλ)^T > {rhs_shown} at d = {worst[1]['d']}, ε_n = {worst[1]['eps_n']}, π_p = "
            f"{worst[1]['eps_p']}",
            witness=worst[1],
            **ev,
        )
    if not p_free:
        return inconclusive("numeric", f"(1 − 2η_aλ)^T ≤ {rhs_shown} at all {len(rows)} grid points, but 2η_aλ = "
                            f"{x_of_width} depends on p: the grid's widths do not stand for every width", **ev)
    if t_rule is not t_repaired:  # referee EK, EK-9: another rule had been verified from the grid's widths alone
        return inconclusive("numeric", f"(1 − 2η_aλ)^T ≤ {rhs_shown} at all {len(rows)} grid points (widths up to "
                            "p = d^15) for a T rule other than the repaired one, which the argument for every width "
                            "does not cover: Assumption 2 bounds p from below only, so the grid does not stand for "
                            "every width", **ev)
    if not covered:
        return inconclusive("numeric", f"{statement.latex()} at all {len(rows)} grid points, but the argument for "
                            "every d and width proves (1 − 2η_aλ)^T ≤ c/(dp) with c ≥ 1 only, which this statement "
                            "is not (SymPy): the grid does not stand for every d", **ev)
    return verified(
        "symbolic+numeric",
        f"(1 − 2η_aλ)^T ≤ {rhs_shown} at all {len(rows)} grid points (widths up to p = d^15)"
        + f", and for every d and width: 2η_aλ = {x_of_width} does not depend on p (SymPy), (1 − x)^T ≤ e^{{−xT}} "
        "and xT ≥ log(dp) by the repaired T's definition",
        **ev,
    )


#: the regime repaired.rate measures (exact, for :data:`RATE_POINT`)
RATE_EPS_N, RATE_EPS_P = sp.Rational(3, 10), sp.Integer(1)
#: the privacy budgets (ε, δ) repaired.rate runs at: the simulator's default first (the verdict had rested on it
#: without saying so: referee EC, F3), then a larger ε inside Assumption 3 (ε < 8 log(1/δ) = 92.1)
RATE_BUDGETS = ((1.0, 1e-5), (4.0, 1e-5))


def check_rate(
    ds: tuple[int, ...] = (32, 64, 128),
    seeds: int = 8,
    eps_n_: float = float(RATE_EPS_N),
    eps_p_: float = float(RATE_EPS_P),
    target: str = "x",
    predicted: float | None = None,
    claimed_slope: float = 0.0,
    budgets: tuple[tuple[float, float], ...] = RATE_BUDGETS,
) -> Verdict:
    """End to end: Algorithm 1 with the repaired choices over d and seeds; the fitted exponent of the test risk
    R(f_NN) in d with a 95 % confidence interval (scipy.stats.linregress), decided by :func:`decide_rate` against
    ``claimed_slope``.

    Eight seeds per d: with three, whether the interval excludes 0 depended on which three seeds were drawn
    (seeds 0–2 and 3–5 gave ``verified``, 6–8 and 9–11 ``inconclusive``); with eight, seeds 0–7 and 8–15 both
    exclude 0 (a referee's re-run, 2026-11-26). The evidence puts the risk beside the same run's ridge risk on the
    noisy features and the risk of predicting 0, so a reader sees what decreases: the private excess over ridge,
    not the ridge risk itself, at these d.

    At each privacy budget of ``budgets`` the same protocol is decided apart (the outcome depends on the budget:
    referee EC, F3): refuted if it is at one, verified if at all, else inconclusive, naming each budget's outcome."""
    per_budget = [_rate_at(ds, seeds, eps_n_, eps_p_, target, predicted, claimed_slope, eps, delta)
                  for eps, delta in budgets]
    if len(per_budget) == 1:
        return per_budget[0]
    outcomes = {f"ε = {eps:g}, δ = {delta:g}": v.verdict for (eps, delta), v in zip(budgets, per_budget)}
    said = "; ".join(f"at {k}: {v.verdict}: {v.detail}" for k, v in zip(outcomes, per_budget))
    first = {k: v for k, v in per_budget[0].evidence.items() if k != "witness"}  # a witness is the failing budget's
    # the top-level rows, slope and means are the first budget's, and say so (referee ED, ED-5)
    first["top_level_evidence_is_the_budget"] = f"ε = {budgets[0][0]:g}, δ = {budgets[0][1]:g} (each in by_budget)"
    ev = {**first, "by_budget": [{"epsilon": eps, "delta": delta, "verdict": v.verdict,
                                                   "detail": v.detail, **v.evidence}
                                                  for (eps, delta), v in zip(budgets, per_budget)],
          "outcome_by_budget": outcomes}
    bad = next((v for v in per_budget if v.verdict == "refuted"), None)
    if bad is not None:
        return refuted("simulation", said, witness=bad.evidence.get("witness"), **ev)
    if all(v.verdict == "verified" for v in per_budget):
        return verified("simulation", said, **ev)
    held = [k for k, v in outcomes.items() if v == "verified"]
    return inconclusive("simulation", (f"decided at {', '.join(held)} only (the finite-d statement holds there); "
                                       if held else "") + said, **ev)


def _rate_at(ds: tuple[int, ...], seeds: int, eps_n_: float, eps_p_: float, target: str, predicted: float | None,
             claimed_slope: float, eps: float, delta: float) -> Verdict:
    """:func:`check_rate`'s protocol at one privacy budget (ε, δ)."""
    from theorycheck.simulator import run_experiment

    rows = []
    for d_ in ds:
        for s in range(seeds):
            r = run_experiment(
                d_, preset="repaired", seed=s, eps=eps, delta=delta, eps_n=eps_n_, eps_p=eps_p_, target=target,
                baselines=False, n_test=2048,
            )
            rows.append(
                {
                    "d": d_,
                    "seed": s,
                    "n": r["n"],
                    "p": r["p"],
                    "risk_dpgd": r["risk_dpgd"],
                    "risk_ridge": r["risk_ridge"],
                    "risk_null": r["risk_null"],
                    "eps_spent": r["eps_total"],
                    "alignment": r["alignment_noise"],
                }
            )
    return decide_rate(
        rows,
        {
            "eps_n": eps_n_,
            "eps_p": eps_p_,
            "epsilon": eps,
            "delta": delta,
            "target": target,
            "seeds": list(range(seeds)),
            "predicted_exponent": predicted,
        },
        claimed_slope,
    )


def _beside_baselines(ev: dict) -> str:
    """The mean risks by d beside ridge on the same features and predicting 0, for the verdict's detail."""
    if "mean_by_d" not in ev:
        return ""
    cells = [
        f"d = {d}: {m['risk_dpgd']:.3f} (ridge {m['risk_ridge']:.3f}, predicting 0 {m['risk_null']:.3f})"
        for d, m in ev["mean_by_d"].items()
    ]
    return "; mean risk " + ", ".join(cells)


def _fit_ci(x: Any, values: list[float]) -> tuple[float, tuple[float, float]]:
    """Fitted exponent of ``values`` in d (``x`` = log d) and its 95 % confidence interval."""
    from scipy import stats  # imported when needed: loading the claims stays fast

    fit = stats.linregress(x, np.log(values))
    half = float(stats.t.ppf(0.975, len(values) - 2) * fit.stderr)
    return float(fit.slope), (float(fit.slope) - half, float(fit.slope) + half)


def decide_rate(rows: list[dict], context: dict, claimed_slope: float = 0.0) -> Verdict:
    """The verdict on a vanishing risk from runs ``{"d", "risk_dpgd", …}``: the fitted exponent of the risk in d
    with a 95 % CI against the claimed exponent ``claimed_slope`` (the statement "the risk falls at least like
    d^{claimed_slope}": 0, a decreasing risk, by default; the hook a perturbed rate is fed through): ``verified``
    (the risk decreases over these d) when the whole interval lies below it and, when the rows record it, ridge on
    the same features (``risk_ridge``: the minimiser DP-GD converges to) decreases too; ``inconclusive`` when only
    the private risk does (it may fall toward ridge's positive floor) or the interval straddles it; ``refuted`` when
    it lies above it. A vanishing rate (o(1)) is not claimed here: no finite range of d can decide it."""
    ds = sorted({r["d"] for r in rows})
    x = np.log([r["d"] for r in rows])
    y = np.log([r["risk_dpgd"] for r in rows])
    from scipy import stats  # imported when needed: loading the claims stays fast

    fit = stats.linregress(x, y)
    half = float(stats.t.ppf(0.975, len(rows) - 2) * fit.stderr)
    ci = (float(fit.slope) - half, float(fit.slope) + half)
    ev = {"rows": rows, "slope": float(fit.slope), "ci95": ci, "stderr": float(fit.stderr),
          "claimed_slope": claimed_slope, **context}
    compared = ("risk_dpgd", "risk_ridge", "risk_null")
    if all(k in r for r in rows for k in compared):
        ev["mean_by_d"] = {
            str(d): {k: float(np.mean([r[k] for r in rows if r["d"] == d])) for k in compared} for d in ds
        }
    note = ""
    if all("alignment" in r for r in rows):
        # E|⟨u, μ⟩| for u uniform on S^{d−1}: Γ(d/2)/(√π Γ((d+1)/2)) ≈ √(2/(πd)), what W_1's columns would show
        # without feature learning (referee B)
        chance = {str(d): math.exp(math.lgamma(d / 2) - math.lgamma((d + 1) / 2)) / math.sqrt(math.pi) for d in ds}
        seen = {str(d): float(np.mean([r["alignment"] for r in rows if r["d"] == d])) for d in ds}
        ev["alignment_by_d"], ev["alignment_of_random_directions"] = seen, chance
        if all(seen[k] < 2 * chance[k] for k in seen):
            most = max(seen[k] / chance[k] for k in seen)  # "no better than random" where it is at most 1 (new user)
            note = ("; W_1's alignment with μ (" + ", ".join(f"{seen[k]:.3f}" for k in seen) + ") is at most "
                    + (f"{most:.2f}× " if most > 1 else "") + "that of random directions ("
                    + ", ".join(f"{chance[k]:.3f}" for k in chance)
                    + "): no feature learning is visible yet at these d")
    if ci[0] > claimed_slope:
        return refuted(
            "simulation",
            (f"the repaired risk grows with d: fitted exponent {fit.slope:+.3f} (95 % CI {ci[0]:+.3f} … {ci[1]:+.3f})"
             if claimed_slope == 0 else
             f"the repaired risk falls slower than the claimed d^{claimed_slope:g}: fitted exponent {fit.slope:+.3f} "
             f"(95 % CI {ci[0]:+.3f} … {ci[1]:+.3f})"),
            witness={"ci95": ci, "claimed_slope": claimed_slope},
            **ev,
        )
    floor = _fit_ci(x, [r["risk_ridge"] for r in rows]) if all("risk_ridge" in r for r in rows) else None
    if floor is not None:
        ev["ridge_slope"], ev["ridge_ci95"] = floor
    if ci[1] < claimed_slope and floor is not None and floor[1][1] >= min(0.0, claimed_slope):
        return inconclusive(
            "simulation",
            f"the repaired risk decreases over d = {list(ds)} (fitted exponent {fit.slope:+.3f}, 95 % CI "
            f"{ci[0]:+.3f} … {ci[1]:+.3f}), but ridge on the same features, the point DP-GD converges to, does "
            f"not{f' fall faster than d^{claimed_slope:g}' if claimed_slope else ''} (fitted exponent {floor[0]:+.3f}, "
            f"95 % CI {floor[1][0]:+.3f} … {floor[1][1]:+.3f}): the decrease "
            f"may be the DP noise fading toward a positive floor, not a risk tending to 0{_beside_baselines(ev)}{note}",
            **ev,
        )
    if ci[1] < claimed_slope:
        return verified(
            "simulation",
            f"the repaired risk decreases over d = {list(ds)}"
            + (f", faster than d^{claimed_slope:g}" if claimed_slope else "")
            + f": fitted exponent {fit.slope:+.3f} (95 % CI "
            f"{ci[0]:+.3f} … {ci[1]:+.3f})"
            + ("" if floor is None else f", and so does ridge on the same features ({floor[0]:+.3f})")
            + f"{_beside_baselines(ev)}; a vanishing rate is not claimed (no finite range of d decides it)",
            **ev,
        )
    return inconclusive(
        "simulation",
        f"risk of the repaired algorithm over d = {list(ds)}: fitted exponent "
        f"{fit.slope:+.3f} (95 % CI {ci[0]:+.3f} … {ci[1]:+.3f}); d ≤ {max(ds)} cannot decide a "
        f"vanishing rate{note}",
        **ev,
    )


# ------------------------------------------------------------------------------------------------
# The first layer's noise against its signal: the width cap the repaired statement needs (referee Q item 5)
# ------------------------------------------------------------------------------------------------

#: μ of the whole release (μ-GDP, exact curve at (ε, δ)); the first layer gets μ_W = μ/√2
MU = sp.Symbol("mu", positive=True)
#: the repaired first layer (presets.repaired): clip C_W = 2√d log d, noise σ_W = (2η_W C_W/n)/μ_W on
#: W_0 − η_W ḡ^C (the mean gradient: replace-one sensitivity 2η_W C_W/n), then normalise
CLIP_W_REPAIRED = 2 * sp.sqrt(S.d) * sp.log(S.d)
SIGMA_W_REPAIRED = 2 * S.eta_W * CLIP_W_REPAIRED / S.n / (MU / sp.sqrt(2))
#: one column's noise σ_W√d against the step's μ-component η_W a_{0,i} α_1^{b_i} α_1^* (mean gradient; a_{0,i} =
#: p^{−1/2}, α_1^{b_i} ≥ d^{−ε_b}/2 by Lemma 4 with |b_i| ≤ (ε_b/4) log d, α_1^* = 1 up to a constant)
SIGNAL_W = S.eta_W / sp.sqrt(S.p) * S.d ** (-S.eps_b) / 2
NOISE_SHARE = Statement(
    SIGMA_W_REPAIRED * sp.sqrt(S.d) / SIGNAL_W,
    "ll",
    sp.Integer(1),
    name="repaired first layer: column noise-to-signal",
)
#: the width the repaired statement allows: p = d^{π_p} with π_p < 2ν − 2 − r (n = d^ν, log(1.25/δ)/ε² = d^r log^ρ d)
WIDTH_CAP: tuple[sp.Basic, ...] = (S.pi_p < 2 * S.nu - 2 - S.r,)
#: the point repaired.rate measures (p = d^{ε_p}, n = d^{1+3ε_n}: presets.regime_sizes; a fixed budget: r = ρ = 0;
#: ε_b = ε_n/3, inside its window (0, 3ε_n − ε_p/4) at this point)
RATE_POINT = {"eps_n": str(RATE_EPS_N), "eps_p": str(RATE_EPS_P), "pi_p": str(RATE_EPS_P),
              "nu": str(1 + 3 * RATE_EPS_N), "eps_b": str(RATE_EPS_N / 3), "r": "0", "rho": "0", "q": 1}
#: (d, ε_n, ε_p, ε, δ) at which the formula is compared with the simulator's preset
PRESET_POINTS = ((16, 0.2, 1.0, 1.0, 1e-5), (128, 0.3, 1.0, 0.5, 1e-12), (1024, 0.4, 0.5, 4.0, 0.5))


#: (d, widths π_p) at which the clipping premise is measured, and the targets: He_1, the simulator's default
#: He_3 + He_1, and He_2 + He_1, not odd (referee CU, CU-6: E[y z²] ≠ 0 adds the cross term m_0E[y z²] to M_1's
#: limit); all satisfy Assumption 1 (α_1^* ≠ 0; He_3 alone has α_1^* = 0 and no μ-signal to lose)
CLIP_SHARE_DS: tuple[int, ...] = (32, 64)
CLIP_SHARE_WIDTHS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0)
#: z = ⟨μ, x⟩ = x_1 (μ = e_1), the variable of the targets
Z_TARGET = sp.Symbol("z", real=True)
#: the targets as SymPy polynomials in z (their moments are exact; their evaluators generated below)
CLIP_TARGETS: dict[str, sp.Expr] = {
    "He1": he_sympy(1, Z_TARGET),
    "He3+He1": he_sympy(3, Z_TARGET) + he_sympy(1, Z_TARGET),
    "He2+He1": he_sympy(2, Z_TARGET) + he_sympy(1, Z_TARGET),
}


def target_evaluators(targets: dict[str, sp.Expr]) -> dict[str, Callable[[np.ndarray], np.ndarray]]:
    """NumPy evaluators of the targets, generated from their SymPy polynomials."""
    return {name: sp.lambdify(Z_TARGET, expr, "numpy") for name, expr in targets.items()}


CLIP_SHARE_TARGETS: dict[str, Callable[[np.ndarray], np.ndarray]] = target_evaluators(CLIP_TARGETS)
#: samples for the share clipped (every width)
CLIP_SHARE_SAMPLES = 1000


def clipped_share(samples: int = CLIP_SHARE_SAMPLES) -> list[dict]:
    """The share of samples whose first-layer gradient g_W(x) = 2(f^0(x) − y) x (a_0 ⊙ σ'(W_0ᵀx + b))ᵀ has
    ‖g_W(x)‖_F = 2|f^0 − y|‖x‖‖a_0 ⊙ σ'‖ > C_W = 2√d log d, at initialisation, for widths p = d^{π_p} up to d²
    (seeded): how often the clip acts. What it removes from the step's μ-component is :func:`clipped_signal`'s."""
    from theorycheck import first_layer

    rows = []
    for d_ in CLIP_SHARE_DS:
        clip = 2 * math.sqrt(d_) * math.log(d_)
        for k, width in enumerate(CLIP_SHARE_WIDTHS):
            p_ = max(1, round(d_**width))
            rng = np.random.default_rng([SEED, d_, k])
            W0, b, a0 = first_layer.initialise(d_, p_, rng)
            X = rng.standard_normal((samples, d_))
            F = np.tanh(X @ W0 + b)
            f0 = F @ a0
            scale = np.linalg.norm(X, axis=1) * np.linalg.norm((1 - F**2) * a0[None, :], axis=1)
            for name, target in CLIP_SHARE_TARGETS.items():
                y = target(X[:, 0])  # μ = e_1
                share = float(np.mean(2 * np.abs(f0 - y) * scale > clip))
                rows.append({"d": d_, "pi_p": width, "p": p_, "target": name, "share_clipped": share,
                             "sd_f0": float(f0.std())})
    return rows


#: (d, widths π_p, samples) at which the μ-component the clipped step keeps is measured
CLIP_SIGNAL_DS: tuple[int, ...] = (32, 64, 128)
CLIP_SIGNAL_WIDTHS: tuple[float, ...] = (0.5, 1.0)
CLIP_SIGNAL_SAMPLES = 20_000
#: a measured factor of the loss bound counts as tied to its exact d → ∞ limit within this factor (the d ≤ 128
#: values sit 0.7–1.4× their limits: ‖x‖²/d, the correlations of z with W_0ᵀx and f^0 fluctuate at O(1/√d))
CLIP_LIMIT_FACTOR = 2.0


#: the key of E[σ'(√2 Z)] in :func:`clipped_signal_limits`
SIGMA1 = "E[sigma'(sqrt2 Z)]"


def gaussian_expectation(poly: sp.Expr) -> sp.Rational:
    """E[poly(Z)] for Z ~ N(0, 1), poly in :data:`Z_TARGET` (:func:`theorycheck.target.gaussian_expectation`)."""
    from theorycheck.target import gaussian_expectation as expectation

    return expectation(poly, Z_TARGET)


def clipped_signal_limits(target: sp.Expr) -> dict[str, Any]:
    """The d → ∞ limits of the factors of :func:`check_clipped_signal`'s loss bound, for a target y = f(z), z = x_1.

    At initialisation (W_0 entries N(0, 1/d), b ~ N(0, I_p), a_0 = p^{−1/2}1), as d → ∞ z is independent of each
    u_i = w_iᵀx + b_i ~ N(0, ‖x‖²/d + 1) → N(0, 2), and E_x[f^0 z σ'_i] = O_P(d^{−1/2}) (Stein: ∂_z brings a W_0
    entry). So, with r = 2(f^0 − y), G = E_x[r z Σ_i a_{0,i}σ'_i]:

    * |G|/√p → 2|E[y z]|·E[σ'(√2 Z)] (E[y z] is y's He_1 coefficient, exact; E[σ'(√2 Z)] to 30 digits);
    * M_1 = E_x[r² z²] → 4(v + E[y² z²]) and M_2 = E_x[r²‖x‖²/d] → 4(v + E[y²]), v = E_x[(f^0)²] = O_P(1):
      its mean over the initialisation is E[tanh²(√2 Z)] (the cross terms E[tanh u_i tanh u_j] vanish by the
      symmetry (w, b) → −(w, b)).
    """
    from theorycheck.hermite import tanh_derivative_expectation

    with mpmath.workdps(30):
        sigma1 = tanh_derivative_expectation(1, 0, scale=mpmath.sqrt(2))
        v_mean = mpmath.quad(lambda t: mpmath.tanh(mpmath.sqrt(2) * t) ** 2 * mpmath.npdf(t),
                             [-mpmath.inf, 0, mpmath.inf])
    z = Z_TARGET
    return {"E[y z]": gaussian_expectation(target * z), "E[y^2 z^2]": gaussian_expectation(target**2 * z**2),
            "E[y^2]": gaussian_expectation(target**2), "E[y z^2]": gaussian_expectation(target * z**2),
            "E[y]": gaussian_expectation(target), SIGMA1: sigma1, "E[v] = E[tanh^2(sqrt2 Z)]": v_mean}


def clipped_signal(ds: tuple[int, ...] = CLIP_SIGNAL_DS, samples: int = CLIP_SIGNAL_SAMPLES,
                   targets: dict[str, sp.Expr] | None = None, clip: sp.Expr = CLIP_W_REPAIRED) -> list[dict]:
    """The fraction of the unclipped mean gradient's μ-component (μ = e_1: Σ_i of 2(f^0 − y)x_1σ'_i a_{0,i}) that the
    gradient clipped at C_W (``clip``, a SymPy expression in d; the repaired 2√d log d) keeps (each sample scaled by
    min(1, C_W/‖g_W‖_F)), at initialisation, seeded, for ``targets`` (default :data:`CLIP_TARGETS`) and widths
    :data:`CLIP_SIGNAL_WIDTHS`, with the terms of the loss bound :func:`check_clipped_signal` reads: with
    r = 2(f^0 − y), S = Σ_i a_{0,i}σ'_i and G = E[r z S] (z = x_1),

    lost = |G − G^C| ≤ tail = √p E[|r||z|1{|r|‖x‖ > C_W}] ≤ cs = √p √M_1 √P ≤ markov = √p √M_1 √(M_2 d)/C_W,

    M_1 = E[r²z²], M_2 = E[r²‖x‖²/d], P = P(|r|‖x‖ > C_W) (empirical expectations over the samples).
    The clipped samples carry large |y|, which carry much of E[y x_1 σ'] (referee AG: the share alone hid this)."""
    from theorycheck import first_layer

    targets = CLIP_TARGETS if targets is None else targets
    evaluators = target_evaluators(targets)
    clip_at = sp.lambdify(S.d, clip, "math")
    rows = []
    for d_ in ds:
        clip_d = float(clip_at(d_))
        for k, width in enumerate(CLIP_SIGNAL_WIDTHS):
            p_ = max(1, round(d_**width))
            W0, b, a0 = first_layer.initialise(d_, p_, np.random.default_rng([SEED, d_, k]))
            X = np.random.default_rng([SEED, d_, k, 1]).standard_normal((samples, d_))
            F = np.tanh(X @ W0 + b)
            sp_a0 = (1 - F**2) * a0[None, :]
            x_norm = np.linalg.norm(X, axis=1)
            norm = x_norm * np.linalg.norm(sp_a0, axis=1)
            z_, S_, f0 = X[:, 0], sp_a0.sum(axis=1), F @ a0
            for name, target in evaluators.items():
                resid = 2 * (f0 - target(z_))
                factor = np.minimum(1.0, clip_d / np.maximum(np.abs(resid) * norm, 1e-300))
                per_full = (resid * z_) @ sp_a0  # each column's μ-component (repaired.noise-share's, referee CD)
                per_kept = (resid * factor * z_) @ sp_a0
                per_se = np.sqrt(((resid * z_) ** 2) @ sp_a0**2)  # its Monte-Carlo error (a sum over samples)
                decided = np.abs(per_full) > 5 * per_se  # columns whose μ-component is measured apart from 0
                per_ratio = per_kept[decided] / per_full[decided]
                widest = int(np.argmax(np.where(decided, np.abs(b), -np.inf))) if decided.any() else None
                full = float(np.sum(per_full))
                kept = float(np.sum(per_kept))
                G = float(np.mean(resid * z_ * S_))
                beyond = np.abs(resid) * x_norm > clip_d
                m1, m2 = float(np.mean(resid**2 * z_**2)), float(np.mean(resid**2 * x_norm**2 / d_))
                share_beyond = float(np.mean(beyond))
                root_p = math.sqrt(p_)
                rows.append({
                    "d": d_, "pi_p": width, "p": p_, "target": name, "mu_component_kept": kept / full,
                    "per_column_kept_min": float(per_ratio.min()) if per_ratio.size else None,
                    "per_column_decided": int(decided.sum()),
                    "largest_bias_column": None if widest is None else {
                        "b": float(b[widest]), "kept": float(per_kept[widest] / per_full[widest])},
                    "share_clipped": float(np.mean(factor < 1)),
                    "G_over_sqrt_p": G / root_p, "M1": m1, "M2": m2, "v": float(np.mean(f0**2)),
                    "m0": float(np.mean(f0)),
                    "lost": abs(full - kept) / samples,
                    "tail": root_p * float(np.mean(np.abs(resid * z_) * beyond)),
                    "cs": root_p * math.sqrt(m1 * share_beyond),
                    "markov": root_p * math.sqrt(m1 * m2 * d_) / clip_d,
                })
    return rows


def check_clipped_signal(claimed_floor: float | None = None, targets: dict[str, sp.Expr] | None = None,
                         clip: sp.Expr = CLIP_W_REPAIRED) -> Verdict:
    r"""The premise of :func:`check_noise_share`'s signal: the clipped first-layer step keeps a fraction of the
    unclipped step's μ-component bounded away from 0 as d → ∞.

    The argument, each relation checked on every simulated sample set (:func:`clipped_signal`), each factor measured
    across d against its exact limit (:func:`clipped_signal_limits`):

    1. ‖a_0 ⊙ σ'‖ ≤ ‖a_0‖ = 1, so the clip acts only where |r|‖x‖ > C_W; 0 ≤ 1 − min(1, ·) ≤ 1 and
       0 ≤ S = Σ_i a_{0,i}σ'_i ≤ √p give |G − G^C| ≤ √p E[|r||z|1{|r|‖x‖ > C_W}];
    2. Cauchy–Schwarz: ≤ √p √M_1 √P; Markov on r²‖x‖²: P ≤ M_2 d/C_W²;
    3. so 1 − G^C/G ≤ √M_1 √M_2 · (√d/C_W) / (|G|/√p), whose factors tend to finite limits, |G|/√p's nonzero
       exactly when E[y z] ≠ 0, and √d/C_W → 0 (= 1/(2 log d) for the repaired clip): the ratio → 1 in probability.

    ``claimed_floor`` (a number: at least that fraction at every measured d) is the hook a perturbed statement is
    fed through: a measured fraction below it refutes it. ``targets`` and ``clip`` feed other targets and clips (a
    target without He_1 component has no limit signal; a clip ≍ √d gives a loss bound that does not vanish)."""
    targets = CLIP_TARGETS if targets is None else targets
    rows = clipped_signal(targets=targets, clip=clip)
    low = min(rows, key=lambda r: r["mu_component_kept"])
    trend = {}
    for name in targets:
        for width in CLIP_SIGNAL_WIDTHS:
            sel = [r for r in rows if r["target"] == name and r["pi_p"] == width]
            trend[f"{name}, pi_p = {width}"] = [round(r["mu_component_kept"], 3) for r in sel]
    shrink = sp.limit(sp.sqrt(S.d) / clip, S.d, sp.oo)
    limits = {name: clipped_signal_limits(expr) for name, expr in targets.items()}
    # each relation of the chain on each sample set (exact inequalities of the empirical measure, up to rounding)
    chain_slack = max(max(r["lost"] - r["tail"], r["tail"] - r["cs"], r["cs"] - r["markov"])
                      / max(r["markov"], 1e-300) for r in rows)
    ties = []
    for r in rows:
        lim = limits[r["target"]]
        g_lim = 2 * abs(lim["E[y z]"]) * lim[SIGMA1]
        # the cross terms E[f^0 y z²] → m_0 E[y z²] and E[f^0 y] → m_0 E[y] (f^0 and z independent in the limit,
        # m_0 = E_x f^0 = O_P(1) the initialisation's offset, as v; referee CU, CU-6: they had been dropped, which
        # held only for odd targets)
        m1_lim = 4 * (r["v"] - 2 * r["m0"] * float(lim["E[y z^2]"]) + float(lim["E[y^2 z^2]"]))
        m2_lim = 4 * (r["v"] - 2 * r["m0"] * float(lim["E[y]"]) + float(lim["E[y^2]"]))
        ratios = {"|G|/sqrt(p)": abs(r["G_over_sqrt_p"]) / float(g_lim) if g_lim else math.inf,
                  "M1": r["M1"] / float(m1_lim), "M2": r["M2"] / float(m2_lim)}
        # the same ratio without the cross term, beside it (referee DD, DD-2: the factor-2 tie accepts both; this
        # says which the measurement supports)
        m1_odd = 4 * (r["v"] + float(lim["E[y^2 z^2]"]))
        ties.append({"d": r["d"], "pi_p": r["pi_p"], "target": r["target"], **ratios,
                     "M1 without the cross term": r["M1"] / m1_odd})
    worst_tie = max(max(max(t[k], 1 / t[k]) if t[k] else math.inf for k in ("|G|/sqrt(p)", "M1", "M2"))
                    for t in ties)
    crossover = {}
    for name, lim in limits.items():
        g_lim = 2 * abs(lim["E[y z]"]) * lim[SIGMA1]
        if g_lim and shrink == 0:
            v = lim["E[v] = E[tanh^2(sqrt2 Z)]"]
            # the bound at the limits, times √d/C_W's inverse: it is < 1 once C_W/√d exceeds this
            crossover[name] = float(mpmath.sqrt(4 * (v + lim["E[y^2 z^2]"])) * mpmath.sqrt(4 * (v + lim["E[y^2]"]))
                                    / g_lim)
    ev = {"rows": rows, "smallest": low, "kept_by_d": trend, "ds": list(CLIP_SIGNAL_DS), "seed": SEED,
          "samples": CLIP_SIGNAL_SAMPLES, "clip": f"C_W = {paper_latex(clip)}",
          "limits": {n: {k: str(v) if isinstance(v, sp.Basic) else mpmath.nstr(v, 20) for k, v in lim.items()}
                     for n, lim in limits.items()},
          "sqrt_d_over_clip_limit": str(shrink), "chain_largest_relative_slack": chain_slack,
          "measured_over_limit": ties, "measured_over_limit_worst_factor": worst_tie, "tie_factor": CLIP_LIMIT_FACTOR,
          "bound_below_1_once_C_W_over_sqrt_d_exceeds": crossover,
          "argument": "1 − G^C/G ≤ √p E[|r||z|1{|r|‖x‖ > C_W}]/|G| (‖a_0⊙σ'‖ ≤ 1, Σ_i a_{0,i}σ'_i ≤ √p) ≤ "
          "√p√M_1√P/|G| (Cauchy–Schwarz) ≤ √M_1√M_2 (√d/C_W)/(|G|/√p) (Markov)"}
    if claimed_floor is not None and low["mu_component_kept"] < claimed_floor:
        return refuted("simulation", f"the clipped step keeps only {low['mu_component_kept']:.3f} of the μ-component "
                       f"at d = {low['d']} ({low['target']}, π_p = {low['pi_p']}), below the claimed "
                       f"{claimed_floor:g}", witness=low, **ev)
    measured = ("measured at d = " + f"{list(CLIP_SIGNAL_DS)}: " + "; ".join(f"{k}: {v}" for k, v in trend.items()))
    if chain_slack > 1e-9:
        return inconclusive("simulation", f"a relation of the loss bound fails on a sample set (relative slack "
                            f"{chain_slack:.3g}): the argument does not apply as written; {measured}", **ev)
    no_signal = [n for n, lim in limits.items() if lim["E[y z]"] == 0]
    if no_signal:
        return inconclusive("simulation", f"{', '.join(no_signal)}: E[y z] = 0, so the unclipped step's μ-component "
                            f"|G|/√p → 0 and the loss bound says nothing about the ratio; {measured}", **ev)
    if shrink != 0:
        return inconclusive("simulation", f"√d/C_W → {shrink}, not 0: the loss bound does not vanish as d → ∞, and "
                            f"no finite d decides the limit; {measured}", **ev)
    if worst_tie > CLIP_LIMIT_FACTOR:
        return inconclusive("simulation", f"a measured factor of the loss bound lies {worst_tie:.2f}× from its exact "
                            f"limit (more than {CLIP_LIMIT_FACTOR:g}×): its boundedness is not corroborated; "
                            f"{measured}", **ev)
    g_text = ", ".join(f"{n}: {mpmath.nstr(2 * abs(lim['E[y z]']) * lim[SIGMA1], 4)}" for n, lim in limits.items())
    cross_text = ", ".join(f"{n}: C_W/√d > {c:.1f}" for n, c in crossover.items())
    # referee BZ, BZ4: the factors are O(1) with probability → 1 over the initialisation; at ≤_P's level
    # 1 − e^{−c log² d} (Part 1 §2.5) (f^0)²'s moments are only O(c log² d), and the bound, O(c log d), does not vanish
    # each row's smallest per-column kept fraction, and its widest-bias column's, against the row's aggregate
    per_column_ratio = [r["per_column_kept_min"] / r["mu_component_kept"] for r in rows
                        if r["per_column_kept_min"] is not None and r["mu_component_kept"] > 0]
    widest_ratio = [r["largest_bias_column"]["kept"] / r["mu_component_kept"] for r in rows
                    if r["largest_bias_column"] is not None and r["mu_component_kept"] > 0]
    # every polynomial target (referee CU, CU-6; it had been odd targets only, referee CQ, F8): an even component adds
    # the cross terms m_0E[y z²], m_0E[y] to M_1's and M_2's limits, m_0 = E_x f^0 the initialisation's O_P(1) offset
    regime = {"region": "d → ∞ at initialisation (the targets checked, odd and not; its clip; every width)",
              "holds_on": "all",
              "conditions": [], "witness": None, "readings": {
                  "with probability → 1 over the initialisation": "all: the loss is O_P(√d/C_W) = O_P(1/log d)",
                  "at ≤_P's level 1 − e^{−c log² d} (Part 1 §2.5)":
                      "undecided: there f^0's mean offset reaches ≍ √c log d, M_1 and M_2 are O(c log² d), and the "
                      "bound O(c log d) says nothing",
                  # referee CD, CD9: repaired.noise-share compares one column's noise with that column's signal
                  "column by column (each column's μ-component, as repaired.noise-share uses it)": (
                      "all, with probability → 1 (argued, not computed; referee EC, F5): the loss bound per column "
                      "divides by E[rzσ'_i] ≍ E[σ'(u + b_i)] ≍ e^{−2|b_i|} and says nothing for the largest |b_i|, but "
                      "the clip factor depends on x through z, f^0 and ‖a_0⊙σ'‖‖x‖, in which column i enters with "
                      "weight O(1/√p), and u_i = w_iᵀx is independent of z up to O(1/√d): column i's kept fraction "
                      "E[c r z σ'_i]/E[r z σ'_i] → E[c r z]/E[r z], the aggregate's, for every b_i (relative "
                      "corrections O(d^{−1/2}e^{2|b_i|}) = d^{−1/2+o(1)} for |b_i| ≲ √(2π_p log d)); measured, the "
                      "smallest per-column kept fraction is "
                      + f"{min(per_column_ratio):.2f}× the aggregate's at its row (the column of largest |b_i|: "
                      f"{min(widest_ratio):.2f}× to {max(widest_ratio):.2f}×)")
                  if per_column_ratio and min(per_column_ratio) >= 0.5 else
                  "undecided: no column's μ-component was measured apart from 0, or a column kept less than half the "
                  "aggregate's fraction at a measured row"}}
    return verified(
        "symbolic+simulation",
        "with probability → 1 over the initialisation, the clipped step keeps a fraction of the μ-component → 1: "
        "1 − G^C/G ≤ √M_1√M_2·(√d/C_W)/(|G|/√p) (the clip acts only where |r|‖x‖ > C_W, Σ_i a_{0,i}σ'_i ≤ √p, "
        "Cauchy–Schwarz, Markov; recomputed on every simulated sample set as a check of the code, since they hold on "
        f"any measure), √d/C_W → {shrink}, and the factors tend to finite limits (for every polynomial target: "
        "f^0 and z are independent in the limit, so the cross terms are m_0E[y z²] and m_0E[y], m_0 = E_x f^0 = "
        "O_P(1); the targets checked include He2+He1, not odd) "
        f"with |G|/√p → 2|E[y z]|E[σ'(√2 Z)] = {g_text} > 0 (exact E[y z], E[y²z²], E[y²], E[y z²], E[y]; M_1, M_2 "
        f"through v = E_x(f^0)² and m_0, O_P(1)), measured within {worst_tie:.2f}× of them at every d and width; "
        "the loss is "
        f"O_P(√d/C_W), so the decay is slow: the bound is below 1 only once {cross_text}, and the kept fraction is "
        f"{low['mu_component_kept']:.2f} or more {measured}; at ≤_P's level 1 − e^{{−c log² d}} the bound does not "
        "vanish (undecided there)",
        regime=regime,
        **ev,
    )


#: the clipped step's μ-component over the unclipped one's, bounded away from 0 (some c > 0)
CLIPPED_SIGNAL = Statement(
    sp.Symbol("kappa_clip"), ">", sp.Integer(0), name="clipped step keeps the μ-signal",
    lhs_latex=r"\liminf_{d\to\infty} \frac{\langle \bar g^{C}_W, \mu\rangle}{\langle \bar g_W, \mu\rangle}",
)


def width_cap_latex(cap: tuple[sp.Basic, ...]) -> str:
    """The cap as the repaired statement prints it (generated from :data:`WIDTH_CAP`)."""
    return r",\ ".join(sp.latex(c) for c in cap)


def check_noise_share(
    statement: Statement = NOISE_SHARE, cap: tuple[sp.Basic, ...] = WIDTH_CAP, rate_point: dict | None = None
) -> Verdict:
    """Where is the repaired first layer's column noise ≪ the step's μ-component? Decided exactly on the admissible
    region intersected with the repaired statement's width ``cap`` (LPs over every degree, for some ε_b > 0:
    :func:`proofs.part1_setting.decide_noise_share`), with three ties to the algorithm that runs:

    * the statement's σ_W (its left side times the signal :data:`SIGNAL_W` over √d) equals the simulator's
      ``presets.repaired`` σ_W at :data:`PRESET_POINTS`;
    * the exact μ (``presets.mu_for``) is ≥ the certified μ_cert = ε/√(8 log(1/δ)) at every budget of
      :data:`BUDGETS` (the asymptotic decision substitutes μ_cert, so it bounds the ratio from above);
    * ``rate_point`` (repaired.rate's measured regime) lies inside the cap.

    A failure inside the cap refutes only where the budget is fixed (r = ρ = 0: μ is then a constant, so the
    exact calibration cannot rescue it); elsewhere μ_cert may understate μ, and the verdict is inconclusive. The
    region without the cap is decided too and recorded, with a fixed-budget witness."""
    from theorycheck.simulator import presets

    from .part1_setting import decide_noise_share
    from .regime import ADMISSIBLE, FIXED_BUDGET

    rate_point = RATE_POINT if rate_point is None else rate_point
    sigma_of_statement = sp.simplify(statement.lhs * SIGNAL_W / sp.sqrt(S.d)).subs(S.eta_W, S.ETA_W)
    sigma = sp.lambdify((S.d, S.n, S.p, S.eps_n, MU, S.eps_b), sigma_of_statement, "mpmath")
    ties = []
    for d_, en, ep, e, dl in PRESET_POINTS:
        n_, p_ = presets.regime_sizes(d_, en, ep)
        hyper, _ = presets.repaired(d_, n_, p_, 3, en, e, dl)
        mu_used = presets.mu_for(e, dl) * (1 - 1e-9)
        formula = float(sigma(d_, n_, p_, en, mu_used, 0.1))  # ε_b cancels (a statement where it does not fails)
        ties.append({"d": d_, "eps_n": en, "eps_p": ep, "eps": e, "delta": dl, "preset": hyper.sigma_W,
                     "formula": formula, "relative_gap": abs(formula - hyper.sigma_W) / hyper.sigma_W})
    mus = [{"eps": e, "delta": dl, "mu_exact": presets.mu_for(e, dl),
            "mu_cert": e / math.sqrt(8 * math.log(1 / dl))} for e, dl in BUDGETS]
    low = min(mus, key=lambda m: m["mu_exact"] / m["mu_cert"])
    mu_cert = S.eps / sp.sqrt(8 * sp.log(1 / S.delta))
    expr = statement.lhs.subs(MU, mu_cert).subs(sp.log(1 / S.delta), S.PRIVACY_FACTOR * S.eps**2)
    rhs = S.in_powers_of_d(statement.rhs)
    width = S.d**S.pi_p
    capped = ADMISSIBLE.restrict(*cap, name="Assumptions 2–4 + bias window ∩ the repaired width cap")
    fixed_budget = FIXED_BUDGET
    every, some, _, lhs = decide_noise_share(expr, statement.rel, rhs, capped, width)
    _, uncapped, _, _ = decide_noise_share(expr, statement.rel, rhs, ADMISSIBLE, width)
    # is each constraint of the cap needed? Off it (the others kept), at a fixed budget, the ratio must fail
    # everywhere; where it still holds there, the cap is stricter than the noise requires (true, but not tight)
    tight = {}
    for k, constraint in enumerate(cap):
        others = cap[:k] + cap[k + 1:]
        off = ADMISSIBLE.restrict(*others, sp.Not(constraint), *fixed_budget)
        tight[paper_latex(constraint)] = decide_noise_share(expr, statement.rel, rhs, off, width)[1].holds_on == "none"
    _, uncapped_fixed, _, _ = decide_noise_share(expr, statement.rel, rhs, ADMISSIBLE.restrict(*fixed_budget), width)
    inside = capped.contains(rate_point)
    clipping = clipped_share()
    ev = {
        "statement": statement.latex(),
        "cap": width_cap_latex(cap),
        "lhs_in_powers_of_d": str(lhs),
        "preset_ties": ties,
        "mu_exact_over_cert_min": low["mu_exact"] / low["mu_cert"],
        "mu_exact_over_cert_min_at": {"eps": low["eps"], "delta": low["delta"]},
        "rate_point": rate_point,
        "rate_point_inside_cap": inside,
        "every_eps_b_of_the_window_in_the_cap": every.holds_on,
        "cap_is_tight": tight,
        "without_the_cap": uncapped.regime(),
        "without_the_cap_fixed_budget_witness": uncapped_fixed.witness,
        "premises": "clipping at C_W = 2√d log d touches a vanishing share of samples (‖g_W(x)‖_F ≤ 2|f^0 − y|‖x‖ "
        "with ‖a_0 ⊙ σ'‖ ≤ 1; |f^0 − y| ≤ log d − 1 and ‖x‖ ≤ √d + 1 fail with probability → 0: |y| a polynomial of "
        "N(0, 1), f^0 = O_P(1) at every width, measured in clipped_share); α_1^{b_i} ≥ d^{−ε_b}/2 (Lemma 4, "
        "|b_i| ≤ (ε_b/4) log d: lemma4.bias-range)",
        "clipped_share": clipping,
        "clipped_share_max": max(r["share_clipped"] for r in clipping),
        "clipping_premise": "the clipped step keeps a fraction of the μ-component bounded away from 0: "
        "repaired.clipped-signal",
        "sd_f0_max": max(r["sd_f0"] for r in clipping),
        "not_decided_here": "where the columns go: the step's initial-output term E[f^0σ'x] is Θ(1) and off μ "
        "(rank1.alignment, rank1.corrected-direction); the risk (repaired.rate)",
        "procedure": "σ_W from the SymPy formula, tied to the preset; μ ≥ μ_cert (measured on the budget grid, proved "
        "by the dpgd.privacy certificate); exact LPs on the region ∩ cap at each checked degree, and for every q "
        "where theorycheck.asymptotics.every_degree proves it",
    }
    if uncapped_fixed.witness:
        point = uncapped_fixed.witness["point"]
        ev["without_the_cap_ratio_at_witness"] = ratio_at(lhs.subs(S.eps_b, 0), sp.Integer(1), point, S.d)
    gap = max(t["relative_gap"] for t in ties)
    # a left side whose σ_W is not the preset's (a constant factor, a log power: referee EK, EK-5) is decided as
    # written: the tie says whether the statement is about the algorithm that runs, not whether it holds
    tied = gap <= 1e-9
    ev["statement_sigma_W_is_the_presets"] = tied
    tie_text = (f"the formula's σ_W is the preset's to {gap:.1e}" if tied else
                f"decided as written: its σ_W is not the repaired preset's (relative gap {gap:.3g}), so it is not the "
                "noise share of the algorithm that runs")
    if low["mu_exact"] < low["mu_cert"]:
        return inconclusive("numeric", f"the exact μ is below μ_cert at ε = {low['eps']}, δ = {low['delta']}: the "
                            "asymptotic decision's bound does not apply", **ev)
    if not inside:
        return refuted("exact", f"repaired.rate's measured regime {rate_point} lies outside the width cap "
                       f"{ev['cap']}: its risk says nothing about the capped statement", witness=rate_point, **ev)
    cond = ", ".join(uncapped.conditions) or "nowhere"
    loose = [c for c, ok in tight.items() if not ok]
    tightness = ("the cap is tight (off it the ratio fails at every fixed budget)" if not loose else
                 f"the cap is stricter than the noise needs ({', '.join(loose)}: off it the ratio still vanishes "
                 "somewhere)")
    if some.holds_on == "all" and some.undecided:
        # numeric too: the σ_W gap and μ_exact ≥ μ_cert are float comparisons (referee CP, HIGH-1)
        return inconclusive("symbolic+exact+numeric", "the noise share holds at every checked degree, but not proved "
                            "for every q: " + "; ".join(some.undecided), **ev)
    if some.holds_on == "all":
        return verified(
            "symbolic+exact+numeric",
            "given its clipping premise (repaired.clipped-signal): "
            f"the repaired first layer's column noise is o(the step's μ-component) for some ε_b > 0 on the whole "
            f"region within the cap {ev['cap']} ({some.degrees_phrase().strip()}; {tie_text}, and the exact "
            f"μ ≥ μ_cert at all {len(mus)} budgets); without the cap it holds only where "
            f"{cond} (the ratio grows like √p), and {tightness}; repaired.rate's point lies inside; the clipping "
            "premise: at most "
            f"{ev['clipped_share_max']:.3f} of samples clipped at d = {list(CLIP_SHARE_DS)}, p up to d² (sd of f^0 "
            f"≤ {ev['sd_f0_max']:.2f}); given that the clipped step keeps a fraction of the μ-component bounded away "
            "from 0 (repaired.clipped-signal; a constant factor does not move ≪ 1)",
            regime=some.regime(),
            **ev,
        )
    _, fixed, _, _ = decide_noise_share(expr, statement.rel, rhs, capped.restrict(*fixed_budget), width)
    if fixed.witness:
        return refuted(
            "symbolic+exact+numeric",
            f"within the cap {ev['cap']} the column noise is not o(the step's μ-component) at a fixed budget: holds "
            f"only where {', '.join(some.conditions)}; fails at {fixed.witness['point']} (μ is a constant there)"
            + ("" if tied else f"; {tie_text}"),
            regime=some.regime(),
            witness=fixed.witness,
            ratio_at_witness=ratio_at(lhs.subs(S.eps_b, 0), sp.Integer(1), fixed.witness["point"], S.d),
            **ev,
        )
    return inconclusive(
        "symbolic+exact+numeric",
        f"within the cap the ratio with μ_cert is not o(1) where {', '.join(some.conditions)}, all at r < 0, where "
        "the exact μ may exceed μ_cert: undecided",
        regime=some.regime(),
        **ev,
    )


_PARTS = ("repaired.privacy", "repaired.sensitivity", "repaired.contraction", "repaired.steps", "repaired.rate")

CLAIMS = [
    Claim(
        id="repaired.privacy",
        title="Repaired Algorithm 1 is (ε, δ)-DP, accounted exactly",
        source="repair of Part 1 Theorem 1 (privacy); Part 2 §3.2; Part 3 §4.1",
        statement=PRIVACY,
        assumptions=r"Assumption 3: \delta \in (0,1), \varepsilon \in (0, 8\log(1/\delta)); replace-one adjacency",
        check=partial(check_privacy, PRIVACY),
    ),
    Claim(
        id="repaired.sensitivity",
        title="Clipping bounds the released quantities' sensitivities (measured)",
        source="repair of Algorithm 1 (g^C_W undefined; clipping rule)",
        statement=r"\|\Delta(W_0 - \eta_W \bar g^C)\|_F \leq 2\eta_W C_W/n,\ \|\Delta a_{t}\| \leq 2\eta_a C_a/n"
                  r"\ (\text{one step, at the same } a_{t-1})",
        assumptions="replace-one adjacency; adversarial neighbouring sample",
        check=check_sensitivity,
    ),
    Claim(
        id="repaired.contraction",
        title="η_a = 1/(2(p+λ)) makes I − η_a L a contraction for every data set",
        source="repair of Part 3 §4.3.1 (dpgd.contraction)",
        statement=CONTRACTION,
        assumptions=r"\lambda_{\max}(K_n) \leq p \ (|\tanh| \leq 1)",
        check=partial(check_contraction, CONTRACTION),
    ),
    Claim(
        id="repaired.steps",
        title="T = ⌈(1 + d^{2ε_n}) log(dp)⌉ steps shrink the initial error below 1/(dp)",
        source="repair of Part 3 §4.5 (early stopping)",
        statement=STEPS_BOUND,
        assumptions=r"\eta_a = 1/(2(p+\lambda)),\ \lambda = p/d^{2\varepsilon_n}",
        check=partial(check_steps, STEPS_BOUND, t_repaired),
    ),
    Claim(
        id="repaired.rate",
        title="Risk of the repaired algorithm decreases with d, as does ridge's on its features (fitted, 95 % CI)",
        source="repair of Part 1 Theorem 1 (rate)",
        statement=r"\frac{\partial \log \mathcal{R}(f_{\mathrm{NN}})}{\partial \log d} < 0,\ "
        r"\frac{\partial \log \mathcal{R}(f_{\mathrm{RR}})}{\partial \log d} < 0\ \text{(fitted over "
        r"} d \in \{32, 64, 128\}\text{, 95\,\% CI; repaired choices, } n = d^{1+3\varepsilon_n}"
        r"\text{, at each budget})",
        assumptions=r"\varepsilon_n = 0.3,\ \varepsilon_p = 1,\ \sigma_* = x,\ d \in \{32, 64, 128\},\ 8\ \text{seeds},"
        r"\ "
        r"(\varepsilon, \delta) \in \{(1, 10^{-5}), (4, 10^{-5})\}",
        check=check_rate,
    ),
    Claim(
        id="repaired.noise-share",
        title="The repaired first layer's column noise is o(its signal) below the width cap",
        source="repair of Part 1 Theorem 1 (first layer, noise before normalising); the width Assumption 2 allows",
        statement=NOISE_SHARE,
        assumptions=r"\text{the repaired choices},\ p = d^{\pi_p},\ n = d^{\nu},\ "
        r"\tfrac{\log(1.25/\delta)}{\varepsilon^2} = d^{r}\log^{\rho} d,\ " + width_cap_latex(WIDTH_CAP)
        # its clipping premise is measured for the targets of repaired.clipped-signal, odd and not (referee CU, CU-6)
        + r",\ f_* \text{ with } \alpha_1^* \neq 0",
        check=partial(check_noise_share, NOISE_SHARE, WIDTH_CAP),
        # the signal's premises: α_1^{b_i} ≥ d^{−ε_b}/2 (lemma4.bias-range); the clipping premise is measured and
        # argued in the check itself (f^0 = O_P(1) at every width, |y| a polynomial of a Gaussian)
        # dpgd.privacy's certificate proves the exact μ ≥ μ_cert = ε/√(8 log(1/δ)) the decision substitutes
        depends_on=("repaired.privacy", "dpgd.privacy", "lemma4.bias-range", "repaired.clipped-signal"),
    ),
    Claim(
        id="repaired.clipped-signal",
        title="The clipped first-layer step keeps a fraction of the μ-component bounded away from 0",
        source="repair of Part 1 Theorem 1 (first layer clipped at C_W = 2√d log d): the premise of "
        "repaired.noise-share's signal",
        statement=CLIPPED_SIGNAL,
        assumptions=r"\text{at initialisation (in probability over it)},\ C_W = " + paper_latex(CLIP_W_REPAIRED)
        + r",\ \text{targets } " + r",\ ".join(paper_latex(t) for t in CLIP_TARGETS.values())
        + r"\ (z = \langle \mu, x\rangle),\ p = d^{\pi_p}\ (\text{the argument holds at every width; measured at }"
        r"\pi_p \in \{1/2, 1\})",
        check=check_clipped_signal,
    ),
]
