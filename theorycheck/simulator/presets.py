"""Hyper-parameter presets: ``paper`` (Part 1, Assumption 4) and ``calibrated`` (feasible sizes).

``paper``: as functions of d, n, p, q, ε_n, ε_b, ε, δ (natural logarithms)::

    λ = p / d^{2ε_n},  η_W = d^{3ε_n/2} √p,  η_a = d^{ε_n} log²d / p,  C_a = d^{ε_n} √p log^{q+1} d,
    T = d^{ε_n} (rounded: Options.T_rounding),  σ_W = √(d^{1+ε_b}/n) log^{q+3} d,
    σ_a = √(η_a T) √(8 log(1/δ)) / ε,  and Part 3's Σ = (2 C_a √T / n) √(8 log(1/δ)) / ε.

``calibrated`` (what a practitioner would run at feasible sizes; public data only, so the privacy
accounting stays exact): λ as in the paper; first layer clipped at C_W = a quantile of per-sample
gradient norms (computed on an independent public sample with an independent initialisation), noise
added *before* normalisation (normalisation is then post-processing), σ_W exact; second layer with
η_a = 1/(2(λ̂_max + λ)) from the largest eigenvalue λ̂_max of the kernel on public inputs (so every
eigenvalue of η_a L is ≤ 1 and DP-GD is a contraction), T = ⌈log(100)/(2η_a λ)⌉ (capped), C_a a
quantile of the per-sample gradient norms at a_0 on public data, and σ_a exact: the total budget
(ε, δ) gives μ by inverting the μ-GDP curve (theorycheck.privacy), split μ_W = μ_a = μ/√2.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import mpmath
import numpy as np

from .. import first_layer, validate
from ..errors import InputError
from ..numerics import bisect_predicate
from ..privacy import certified_private, exact_memo
from .algorithm import HyperParameters, Options
from .data import Dataset

ROUND: dict[str, Callable[[float], int]] = {"ceil": math.ceil, "round": round, "floor": math.floor}


def default_eps_b(eps_n: float, eps_p: float) -> float:
    """The midpoint of Part 2 §3.1's window 0 < ε_b < 3ε_n − ε_p/4."""
    top = 3 * eps_n - eps_p / 4
    if top <= 0:
        raise InputError(f"no ε_b fits 0 < ε_b < 3ε_n − ε_p/4 = {top:g} (ε_n = {eps_n}, ε_p = {eps_p}); "
                         "Assumption 2 needs ε_n > 3ε_p/16")
    return top / 2


def regime_sizes(d: int, eps_n: float, eps_p: float) -> tuple[int, int]:
    """The smallest n, p of Assumption 2: n = ⌈d^{1+3ε_n}⌉, p = ⌈d^{ε_p}⌉; :class:`InputError` when one overflows."""
    try:
        return math.ceil(d ** (1 + 3 * eps_n) - 1e-9), math.ceil(d ** eps_p - 1e-9)
    except OverflowError:  # referee AS: a traceback for --eps-n 1e300
        raise InputError(f"d = {d}, ε_n = {eps_n}, ε_p = {eps_p}: n = d^(1+3ε_n) or p = d^ε_p overflows; use smaller "
                         "exponents") from None


def check_budget(eps: float, delta: float) -> None:
    validate.epsilon(eps)
    validate.delta(delta)


def paper(d: int, n: int, p: int, q: int, eps_n: float, eps_b: float, eps: float, delta: float,
          options: Options | None = None) -> HyperParameters:
    """Assumption 4 (Part 1), verbatim (hidden constants 1, natural logarithms)."""
    options = options if options is not None else Options()
    d, n, p = (validate.positive_int(k, v) for k, v in (("d", d), ("n", n), ("p", p)))
    q = validate.positive_int("q", q)
    validate.positive("eps_n", eps_n)
    validate.positive("eps_b", eps_b)
    check_budget(eps, delta)
    if d < 2:
        raise InputError("the paper preset needs d >= 2 (it uses log d)")
    L = math.log(d)
    lam = p / d ** (2 * eps_n)
    eta_W = d ** (1.5 * eps_n) * math.sqrt(p)
    eta_a = d**eps_n * L**2 / p
    C_a = d**eps_n * math.sqrt(p) * L ** (q + 1)
    T = max(1, int(ROUND[options.T_rounding](d**eps_n)))
    sigma_W = math.sqrt(d ** (1 + eps_b) / n) * L ** (q + 3)
    priv = math.sqrt(8 * math.log(1 / delta)) / eps
    sigma_a = math.sqrt(eta_a * T) * priv
    Sigma = 2 * C_a * math.sqrt(T) / n * priv
    return HyperParameters(lam=lam, eta_W=eta_W, eta_a=eta_a, C_a=C_a, T=T, sigma_W=sigma_W, sigma_a=sigma_a,
                           Sigma=Sigma)


@exact_memo
def mu_for(eps: float, delta: float) -> float:
    """The μ whose μ-GDP curve gives exactly ε at δ, from below to relative 1e-12: the lower end of a cell
    [μ_lo, μ_hi] of a fixed lattice in log μ (μ_hi/μ_lo = 1 + 1e-12) with log δ(ε; μ_lo) < log δ ≤ log δ(ε; μ_hi)
    (log δ is increasing in μ). The cell is found by :func:`theorycheck.numerics.newton_bracket_decreasing` and
    :func:`theorycheck.numerics.snap_to_lattice` at a fixed precision, so the answer depends only on (ε, δ).

    Memoised (:func:`theorycheck.privacy.exact_memo`, keyed on the exact (ε, δ)): a root finder of about 10
    evaluations of log δ, asked for the same budget at every size of a grid and by every run of the simulator's
    ``calibrated`` and ``repaired`` presets."""
    from ..numerics import newton_bracket_decreasing, snap_to_lattice
    from ..privacy import BASE_DPS, gdp_log_delta

    check_budget(eps, delta)
    step = math.log1p(1e-12)
    root_l = math.sqrt(-2 * math.log(delta))  # −log δ: 1/δ overflows for a subnormal δ
    start = 2 * eps / (math.sqrt(root_l**2 + 2 * eps) + root_l)  # = √(r² + 2ε) − r without the cancellation
    if not start > 0 or start < 1e-300:  # ε near 0 (down to 5e-324): the float search cannot start (referee AK)
        return _certified_mu(eps, delta, 1.0)
    with mpmath.workdps(BASE_DPS):
        target = mpmath.log(mpmath.mpf(float(delta)))  # the float's exact binary value (not its shortest decimal)
        g = lambda mu: float(target - gdp_log_delta(eps, mu))  # noqa: E731 - decreasing in μ
        # the μ at which the zCDP bound μ²/2 + μ√(2 log(1/δ)) equals ε is below the exact one (that bound is
        # above the exact ε(μ)): a close lower end
        lo = start
        g_lo = g(lo)
        while not g_lo > 0:  # only through rounding at the root itself: step down until private
            lo /= 2
            g_lo = g(lo)
        hi = 2 * lo
        while (g_hi := g(hi)) > 0:
            lo, g_lo, hi = hi, g_hi, 2 * hi
        h = lambda t: g(math.exp(t))  # noqa: E731

        def h_slope(t: float) -> tuple[float, float | None]:
            """h(t) (the value g gives at μ = e^t) and its slope −μ φ(a)/δ (dδ/dμ = φ(a), since φ(a) = e^ε φ(b))."""
            mu = math.exp(t)
            log_delta = gdp_log_delta(eps, mu)
            a = mpmath.mpf(mu) / 2 - mpmath.mpf(eps) / mu
            slope = -float(mpmath.exp(t - a * a / 2 - mpmath.log(2 * mpmath.pi) / 2 - log_delta))
            return float(target - log_delta), slope if math.isfinite(slope) else None

        t_lo, t_hi = newton_bracket_decreasing(h_slope, math.log(lo), math.log(hi), lambda a, b: step / 2,
                                               f_lo=g_lo, f_hi=g_hi)
        t_lo, _ = snap_to_lattice(h, t_lo, t_hi, step)
    mu = math.exp(t_lo)  # the slightly more private end
    return mu if certified_private(eps, mu, delta) else _certified_mu(eps, delta, mu)


def _certified_mu(eps: float, delta: float, start: float) -> float:
    """The calibration where :func:`mu_for`'s float search misses (budgets at the ends of Assumption 3's range:
    δ within 2⁻⁵³ of 1, subnormal δ, ε near 0; referees AJ, AK): from ``start``, halve (or double) μ until δ(ε; μ) ≤ δ
    is certified in arb at one end and not at the other, down to the smallest float, then bisect in log μ (60
    steps), keeping the certified end. So the μ returned always has a certified δ(ε; μ) ≤ δ."""
    mu = start if start > 0 else 1.0
    if certified_private(eps, mu, delta):
        lo, hi = mu, 2 * mu
        while certified_private(eps, hi, delta) and hi < 1e300:
            lo, hi = hi, 2 * hi
    else:
        hi, lo = mu, mu / 2
        while not certified_private(eps, lo, delta):
            hi, lo = lo, lo / 2
            if lo == 0:
                raise InputError(f"no noise level calibrates (ε = {eps!r}, δ = {delta!r}): δ(ε; μ) ≤ δ is not "
                                 "certified even at the smallest positive μ")
    # the midpoint in log space: √(lo·hi) underflows below 1e-162
    lo, hi = bisect_predicate(lambda m: certified_private(eps, m, delta), lo, hi, halvings=60,
                              midpoint=lambda a, b: math.exp((math.log(a) + math.log(b)) / 2))
    # a relative margin like the fast path's lattice cell, so that splitting μ between the layers (rounded in floats)
    # cannot push the composed μ above the certified one (δ(ε; μ) is increasing in μ)
    return lo * (1 - 1e-12)


def _public_features(public: Dataset, W: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    X, y = public.materialise()
    return np.tanh(X @ W + b), y


def calibrated(
    d: int,
    n: int,
    p: int,
    q: int,
    eps_n: float,
    eps: float,
    delta: float,
    public: Dataset,
    *,
    lam: float | None = None,
    clip_quantile: float = 0.9,
    first_clip_quantile: float = 0.99,
    T_max: int = 500,
    seed: int = 0,
    options: Options | None = None,
) -> tuple[HyperParameters, Options, Callable[[np.ndarray, np.ndarray], HyperParameters]]:
    """Hyper-parameters for feasible sizes with exact privacy (see the module docstring).

    Returns (first-stage hyper-parameters, options, ``calibrate(W1, b)`` for the second stage).
    """
    d, n, p = (validate.positive_int(k, v) for k, v in (("d", d), ("n", n), ("p", p)))
    check_budget(eps, delta)
    if not 0 < clip_quantile <= 1:
        raise InputError(f"clip_quantile must lie in (0, 1], got {clip_quantile}")
    lam = p / d ** (2 * eps_n) if lam is None else float(validate.positive("lam", lam))
    mu = mu_for(eps, delta)
    mu_W = mu_a = mu / math.sqrt(2)
    options = Options(first_layer_noise="before-normalise") if options is None else options
    eta_W = d ** (1.5 * eps_n) * math.sqrt(p)
    # C_W: quantile of first-layer per-sample gradient norms at an independent (public) initialisation.
    Xp, yp = public.materialise()
    W0p, bp, a0p = first_layer.initialise(d, p, np.random.default_rng([seed, 7]))
    pre = Xp @ W0p + bp
    r = np.tanh(pre) @ a0p - yp
    norms_W = 2 * np.abs(r) * np.linalg.norm(Xp, axis=1) * np.linalg.norm(a0p / np.cosh(pre) ** 2, axis=1)
    C_W = float(np.quantile(norms_W, first_clip_quantile)) or 1.0
    sens_W = 2 * eta_W * C_W / (n if options.first_layer_reduction == "mean" else 1)
    sigma_W = sens_W / mu_W
    first = HyperParameters(lam=lam, eta_W=eta_W, eta_a=1.0, C_a=1.0, T=1, sigma_W=sigma_W, C_W=C_W)

    def calibrate(W1: np.ndarray, b: np.ndarray) -> HyperParameters:
        F, y = _public_features(public, W1, b)
        lam_max = float(np.linalg.eigvalsh(F.T @ F / F.shape[0])[-1])
        eta_a = 1.0 / (2 * (1.05 * lam_max + lam))
        T = int(min(T_max, max(1, math.ceil(math.log(100) / (2 * eta_a * lam)))))
        a0 = np.full(p, 1 / math.sqrt(p))
        fa = F @ a0
        k = options.data_grad_factor
        g2 = (k * (fa - y)) ** 2 * np.einsum("ij,ij->i", F, F) + 4 * k * lam * (fa - y) * fa + 4 * lam**2
        C_a = float(np.quantile(np.sqrt(np.maximum(g2, 0)), clip_quantile)) or 1.0
        sens = eta_a * 2 * C_a / (n if options.aggregate == "mean" else 1)
        std = math.sqrt(T) * sens / mu_a  # per-coordinate noise std on a_t
        sigma_a = std * n / (math.sqrt(eta_a) * C_a)
        return HyperParameters(lam=lam, eta_W=eta_W, eta_a=eta_a, C_a=C_a, T=T, sigma_W=sigma_W, sigma_a=sigma_a,
                               Sigma=std / eta_a, C_W=C_W)

    return first, options, calibrate



def repaired_steps(d: float, p: float, lam: float) -> int:
    """The repaired T = ⌈(1 + d^{2ε_n})(log d + log p)⌉, written with (p + λ)/λ = 1 + d^{2ε_n} and computed at 200
    digits: in floats the product loses its last digits and the ceiling can fall short at d^{2ε_n} ≈ 10^{48}, where
    (1 − 2η_aλ)^T would then exceed 1/(dp) (referee CD, CD10). The one T the preset runs and repaired.steps verifies."""
    with mpmath.workdps(200):
        d_m, p_m, lam_m = mpmath.mpf(d), mpmath.mpf(p), mpmath.mpf(lam)
        return int(mpmath.ceil((p_m + lam_m) / lam_m * (mpmath.log(d_m) + mpmath.log(p_m))))

def repaired(d: int, n: int, p: int, q: int, eps_n: float, eps: float, delta: float
             ) -> tuple[HyperParameters, Options]:
    r"""The repaired theorem's choices (``proofs/repaired.py``): data-independent, exactly accountable.

    Every constant is a function of (d, n, p, q, ε_n, ε, δ) only — no data, public or private::

        λ = p/d^{2ε_n},  η_W = d^{3ε_n/2}√p  (as Assumption 4)
        C_W = 2√d log d                first-layer per-sample gradients clipped in Frobenius norm
        σ_W = (2η_W C_W/n)/μ_W         Gaussian noise on W_0 − η_W ḡ^C, then normalise (post-processing)
        η_a = 1/(2(p + λ))             λ_max(K_n) ≤ max_j‖φ_j‖² ≤ p, so every eigenvalue of η_a L is ≤ 1
        T = ⌈(1 + d^{2ε_n}) (log d + log p)⌉   so (1 − 2η_aλ)^T ≤ 1/(dp)
        C_a = 2√p log d                per-sample second-layer gradients clipped (min rule)
        Σ = 2C_a√T/(n μ_a)             Gaussian noise η_a z, z ~ N(0, Σ²I), on each mean-gradient step

    with μ the μ-GDP parameter whose exact curve gives ε at δ, split μ_W = μ_a = μ/√2, so the whole
    release (W_1, a_T) is μ-GDP and hence (ε, δ)-DP (replace-one adjacency) by sequential composition, exact
    if both layers saw the same data; the two layers train on disjoint data sets, so by parallel composition the
    release is in fact ε(δ; μ/√2)-DP, with room to spare.
    """
    d, n, p = (validate.positive_int(k, v) for k, v in (("d", d), ("n", n), ("p", p)))
    q = validate.positive_int("q", q)
    validate.positive("eps_n", eps_n)
    check_budget(eps, delta)
    if d < 3:
        raise InputError("the repaired preset needs d >= 3 (it uses log d > 1)")
    L = math.log(d)
    lam = p / d ** (2 * eps_n)
    eta_W = d ** (1.5 * eps_n) * math.sqrt(p)
    mu = mu_for(eps, delta) * (1 - 1e-9)  # the exact curve at μ(1 − 1e−9) is strictly inside the budget
    mu_W = mu_a = mu / math.sqrt(2)
    C_W = 2 * math.sqrt(d) * L
    sigma_W = 2 * eta_W * C_W / n / mu_W
    eta_a = 1.0 / (2 * (p + lam))
    T = max(1, repaired_steps(d, p, lam))
    C_a = 2 * math.sqrt(p) * L
    Sigma = 2 * C_a * math.sqrt(T) / (n * mu_a)
    if not (math.isfinite(sigma_W) and math.isfinite(Sigma)):
        raise InputError(f"the budget ε = {eps!r}, δ = {delta!r} needs μ = {mu:.3g}, whose noise (σ_W = sensitivity/μ) "
                         "is beyond floating point: choose a larger ε or δ")
    options = Options(clip_rule="min", first_layer_reduction="mean", first_layer_noise="before-normalise",
                      noise_form="part3", aggregate="mean", regulariser="clipped")
    hyper = HyperParameters(lam=lam, eta_W=eta_W, eta_a=eta_a, C_a=C_a, T=T, sigma_W=sigma_W, Sigma=Sigma, C_W=C_W)
    return hyper, options
