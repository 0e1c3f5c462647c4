"""Algorithm 1 of Part 1, end to end, with every ambiguity of its pseudo-code an explicit option.

Stage 1 (first layer) uses :mod:`theorycheck.first_layer` (initialisation, gradient, normalisation);
stage 2 (second layer) is full-batch DP-GD on a with per-sample clipping computed from residuals and
feature norms ("ghost norms"): the per-sample gradient of (φ_jᵀa − y_j)² + λ‖a‖² is
g_j = k r_j φ_j + 2λ a (k = 2, r_j = φ_jᵀa − y_j), so

    ‖g_j‖² = k² r_j² ‖φ_j‖² + 4kλ r_j ⟨φ_j, a⟩ + 4λ² ‖a‖²,

and the clipped mean is (k/n) Φ(c ∘ r) + 2λ a · mean(c) with c_j the clipping factors — no n×p
per-sample tensor is ever formed. Features are cached when n·p·8 bytes fit in
``Options.feature_cache_bytes``, otherwise recomputed block by block on every pass (memory
O(block·(d + p) + p² + d·p)).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from .. import first_layer, validate
from ..errors import InputError
from ..vocabulary import (  # the closed vocabularies, checked in one place
    Aggregate,
    ClipRule,
    FirstLayerNoise,
    NoiseForm,
    Reduction,
    Regulariser,
    Rounding,
)
from ..vocabulary import check as check_vocabulary
from .data import ArrayDataset, Dataset


class SimulationError(InputError):
    """A run produced NaN or overflow; ``step`` names where and ``diagnostics`` holds what was recorded."""

    def __init__(self, message: str, step: str, diagnostics: dict[str, Any]):
        super().__init__(message)
        self.step = step
        self.diagnostics = diagnostics


@dataclasses.dataclass(frozen=True)
class HyperParameters:
    """The inputs Algorithm 1 "requires" (Part 1): ridge λ, step sizes, clipping, noise, T.

    ``sigma_W``/``sigma_a`` are the paper's noise levels (Algorithm 1: w ← w/‖w‖ + σ_W N(0, I_d);
    a ← a − η_a g + √η_a (C_a/n) σ_a ξ). ``Sigma`` is Part 3's std of z_i (used only with
    ``Options.noise_form="part3"``: a ← a − η_a g + η_a z). ``C_W`` clips first-layer per-sample
    gradients (Algorithm 1 writes g^C_W but never defines it; None = no clipping).
    """

    lam: float
    eta_W: float
    eta_a: float
    C_a: float
    T: int
    sigma_W: float = 0.0
    sigma_a: float = 0.0
    Sigma: float = 0.0
    C_W: float | None = None

    def __post_init__(self) -> None:
        for name in ("lam", "eta_W", "eta_a", "C_a"):
            validate.positive(name, getattr(self, name))
        object.__setattr__(self, "T", validate.positive_int("T", self.T))
        for name in ("sigma_W", "sigma_a", "Sigma"):
            value = float(getattr(self, name))
            if not (value >= 0) or math.isinf(value):
                raise InputError(f"{name} must be a finite number >= 0, got {getattr(self, name)!r}")
        if self.C_W is not None:
            validate.positive("C_W", self.C_W)

    def replace(self, **changes: Any) -> HyperParameters:
        return dataclasses.replace(self, **{k: v for k, v in changes.items() if v is not None})


@dataclasses.dataclass(frozen=True)
class Options:
    """Readings of Algorithm 1 where the paper is ambiguous or self-inconsistent (defaults first).

    clip_rule
        ``"min"``: g·min(1, C/‖g‖) (standard DP-SGD clipping; the only reading with bounded
        sensitivity). ``"literal"``: g·max(1, ‖g‖/C), as printed in Algorithm 1 (it *enlarges*
        large gradients, and refers to ‖g^C‖ on its own right side; we use ‖g‖). ``"none"``.
    first_layer_reduction
        ``"mean"`` (Part 2 §3.1's 1/n and the definition of L) or ``"sum"`` (Algorithm 1's line
        W_1 ← W_0 − η_W Σ_i g_W).
    first_layer_noise
        ``"after-normalise"`` (Algorithm 1: w/‖w‖ + σ_W N(0, I)) or ``"before-normalise"``
        (noise on W_0 − η_W ḡ, then normalise: this toolkit's private order, not Part 3 §5.2's, which normalises
        before the noise; with ``C_W`` the release is
        an exactly accountable Gaussian mechanism and normalisation is post-processing).
    noise_form
        ``"part1"``: √η_a (C_a/n) σ_a ξ with ξ ~ N(0, I_p) (Algorithm 1, N(0,1) read per coordinate).
        ``"part1-scalar"``: the literal N(0, 1): one scalar added to every coordinate (not private).
        ``"part3"``: η_a z with z ~ N(0, Σ² I_p) (Part 3 §4.3).
    aggregate
        ``"mean"``: a ← a − η_a (1/n) Σ g^C_j + noise (Algorithm 1). ``"sum"``: the noise goes on
        the *sum* a ← a − η_a Σ g^C_j + noise with the same noise — sensitivity n times larger than
        the noise was set for (the privacy audit's broken mechanism; scale η_a by 1/n yourself).
    regulariser
        ``"clipped"``: 2λa is part of each per-sample gradient and clipped with it (Algorithm 1
        puts λ‖a‖² inside g_a). ``"unclipped"``: clip k r_j φ_j only, add 2λa afterwards.
    data_grad_factor
        k in g_j = k r_j φ_j + 2λa: 2 is the derivative of the square loss (Algorithm 1);
        Part 3 §4.3 writes g_{i,j} = (φ_jᵀa − y_j)φ_j + 2λa, i.e. k = 1.
    T_rounding
        T = d^{ε_n} is not an integer: ``"ceil"``, ``"round"`` or ``"floor"`` (used by presets).

    Readings with no option: a_{i−1} in the second-layer gradient is read as a_{t−1} (the printed
    index i runs over samples, and no per-sample update of a is defined); b_j in Part 2's gradient
    is b_i (the bias of neuron i); a_0 = p^{−1/2}(1, …, 1) as in Algorithm 1.
    """

    clip_rule: ClipRule = "min"
    first_layer_reduction: Reduction = "mean"
    first_layer_noise: FirstLayerNoise = "after-normalise"
    noise_form: NoiseForm = "part1"
    aggregate: Aggregate = "mean"
    regulariser: Regulariser = "clipped"
    data_grad_factor: float = 2.0
    T_rounding: Rounding = "ceil"
    feature_cache_bytes: int = 2**30

    def __post_init__(self) -> None:
        for name in ("clip_rule", "first_layer_reduction", "first_layer_noise", "noise_form", "aggregate",
                     "regulariser", "T_rounding"):
            try:
                check_vocabulary(name, getattr(self, name))
            except InputError as exc:
                raise InputError(f"option {exc}") from None
        validate.positive("data_grad_factor", self.data_grad_factor)


def as_dataset(data: Dataset | tuple[np.ndarray, np.ndarray]) -> Dataset:
    if isinstance(data, Dataset):
        return data
    try:
        X, y = data
    except (TypeError, ValueError):
        raise InputError("a dataset must be a Dataset or a pair (X, y)") from None
    return ArrayDataset(X, y)


# ---------------------------------------------------------------------------------------------
# Features
# ---------------------------------------------------------------------------------------------


class Features:
    """Blocks (Φ_blockᵀ, y_block, ‖φ_j‖²) of σ(W1ᵀx + b) over a dataset, cached if small enough."""

    def __init__(self, data: Dataset, W: np.ndarray, b: np.ndarray, cache_bytes: int):
        self.data, self.W, self.b = data, W, b
        self.n, self.p = data.n, W.shape[1]
        self._cache: list[tuple[np.ndarray, np.ndarray, np.ndarray]] | None = None
        if self.n * self.p * 8 <= cache_bytes:
            self._cache = list(self._compute())

    def _compute(self) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        for X, y in self.data.blocks():
            F = np.tanh(X @ self.W + self.b)
            yield F, y, np.einsum("ij,ij->i", F, F)

    def __iter__(self) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        return iter(self._cache) if self._cache is not None else self._compute()


def clip_factors(r: np.ndarray, fn2: np.ndarray, fa: np.ndarray, a: np.ndarray, lam: float, C: float,
                 rule: ClipRule, regulariser: str = "clipped", k: float = 2.0) -> tuple[np.ndarray, np.ndarray]:
    """Clipping factors c_j and per-sample gradient norms ‖g_j‖ from residuals and feature norms.

    g_j = k r_j φ_j + 2λa (``regulariser="clipped"``) or k r_j φ_j (``"unclipped"``).
    """
    if regulariser == "clipped":
        sq = (k * r) ** 2 * fn2 + 4 * k * lam * r * fa + 4 * lam**2 * float(a @ a)
        norms = np.sqrt(np.maximum(sq, 0.0))
    else:
        norms = np.abs(k * r) * np.sqrt(fn2)
    if rule == "none":
        return np.ones_like(norms), norms
    with np.errstate(divide="ignore", invalid="ignore"):
        if rule == "min":
            c = np.where(norms > C, C / norms, 1.0)
        else:  # literal: max(1, ‖g‖/C)
            c = np.maximum(1.0, norms / C)
    return c, norms


def clipped_gradient(features: Features | list, a: np.ndarray, lam: float, C: float, options: Options
                     ) -> tuple[np.ndarray, dict[str, float]]:
    """The aggregated clipped gradient of Algorithm 1 (mean or sum) and per-step clipping statistics."""
    k = options.data_grad_factor
    grad = np.zeros_like(a)
    csum = 0.0
    n = 0
    clipped = 0
    max_norm = 0.0
    for F, y, fn2 in features:
        fa = F @ a
        r = fa - y
        c, norms = clip_factors(r, fn2, fa, a, lam, C, options.clip_rule, options.regulariser, k)
        grad += F.T @ (k * c * r)
        csum += float(c.sum())
        n += len(y)
        clipped += int(np.count_nonzero(norms > C))
        max_norm = max(max_norm, float(norms.max()))
    grad += 2 * lam * a * (csum if options.regulariser == "clipped" else n)
    if options.aggregate == "mean":
        grad /= n
    return grad, {"clipped_fraction": clipped / n, "max_grad_norm_over_C": max_norm / C}


def _is_float64(x: object) -> bool:
    return type(x) is np.ndarray and x.dtype == np.float64


def _cached_clipped_gradient(blocks: list, lam: float, C: float, options: Options
                             ) -> Callable[[np.ndarray, np.floating], tuple[np.ndarray, float, float]] | None:
    """:func:`clipped_gradient` for fixed, in-memory float64 blocks as a function (a, a @ a) ↦ (grad, clipped
    fraction, max ‖g_j‖/C), or None when the blocks are not plain float64 arrays (then use :func:`clipped_gradient`).

    Why: the privacy audit runs Algorithm 1 thousands of times on tiny problems (n = 98, p = 64, T = 10),
    where NumPy's per-call overhead (``zeros_like``, ``errstate``, the ``sum``/``max`` wrappers, the stats
    dict), not arithmetic, dominates. What: the same IEEE operations on the same operands in the same order
    as :func:`clipped_gradient` and :func:`clip_factors` (so bit-identical results; tests/
    test_simulator_fastpath.py keeps the plain loop as reference), with the step-invariant work done once:
    the scalar prefixes 4kλ, 4λ², 2λ (Python evaluates them first in the original expressions), √‖φ_j‖²
    of the unclipped regulariser, and ‖a‖² = a @ a passed in (once per step, not once per block); the mask
    ‖g_j‖ > C is shared by the clipping and the count, and ``np.add.reduce``/``np.maximum.reduce`` are what
    ``c.sum()`` and ``norms.max()`` call. The caller holds ``np.errstate(divide="ignore", invalid="ignore")``
    (the only division, C/‖g_j‖, is the one :func:`clip_factors` guards; the others divide by C > 0 or n ≥ 1)."""
    prepared = []
    for block in blocks:
        if not (isinstance(block, tuple) and len(block) == 3):
            return None
        F, y, fn2 = block
        if not (_is_float64(F) and _is_float64(y) and _is_float64(fn2) and F.ndim == 2 and y.ndim == 1
                and fn2.ndim == 1):
            return None
        prepared.append((F, F.T, y, fn2, np.sqrt(fn2)))
    k = options.data_grad_factor
    rule = options.clip_rule
    ghost = options.regulariser == "clipped"
    mean = options.aggregate == "mean"
    c_fa, c_aa, c_reg = 4 * k * lam, 4 * lam**2, 2 * lam
    n = 0
    for _, _, y, _, _ in prepared:
        n += len(y)

    def step(a: np.ndarray, a_dot_a: np.floating) -> tuple[np.ndarray, float, float]:
        grad = np.zeros(a.shape)
        csum = 0.0
        clipped = 0
        max_norm = 0.0
        aa = c_aa * float(a_dot_a) if ghost else 0.0
        for F, FT, y, fn2, root_fn2 in prepared:
            fa = F @ a
            r = fa - y
            kr = k * r
            if ghost:
                norms = np.sqrt(np.maximum(kr**2 * fn2 + c_fa * r * fa + aa, 0.0))
            else:
                norms = np.abs(kr) * root_fn2
            over = norms > C
            if rule == "none":
                c = np.ones(norms.shape)
            elif rule == "min":
                c = np.where(over, C / norms, 1.0)
            else:  # literal: max(1, ‖g‖/C)
                c = np.maximum(1.0, norms / C)
            grad += FT @ (k * c * r)
            csum += float(np.add.reduce(c))
            clipped += int(np.count_nonzero(over))
            max_norm = max(max_norm, float(np.maximum.reduce(norms)))
        grad += c_reg * a * (csum if ghost else n)
        if mean:
            grad /= n
        return grad, clipped / n, max_norm / C

    return step


# ---------------------------------------------------------------------------------------------
# Privacy accounting (exact, μ-GDP; theorycheck.privacy)
# ---------------------------------------------------------------------------------------------


def second_layer_noise_std(hp: HyperParameters, n: int, options: Options) -> float:
    """Standard deviation per coordinate of the noise added to a_t."""
    if options.noise_form == "part3":
        return hp.eta_a * hp.Sigma
    return math.sqrt(hp.eta_a) * hp.C_a / n * hp.sigma_a


def privacy_mu(hp: HyperParameters, n: int, p: int, options: Options, n_W: int | None = None) -> dict[str, float]:
    """μ-GDP of the W_1 release, of a_T (T composed steps) and of both (μ² adds); inf = not private. ``n`` is X^a's
    size, ``n_W`` X^W's (default ``n``: Algorithm 1 prints one n for both; the first layer's mean divides by its own
    set's size — referee EK, EK-8: with |X^W| ≠ |X^a| the first layer's μ had used |X^a|)."""
    n_W = n if n_W is None else n_W
    inf = float("inf")
    # first layer
    if options.first_layer_noise == "after-normalise":
        sens_W = 2 * math.sqrt(p)  # unit columns: each moves by at most 2 (worst case, exact)
    elif hp.C_W is not None:
        sens_W = 2 * hp.eta_W * hp.C_W / (n_W if options.first_layer_reduction == "mean" else 1)
    else:
        sens_W = inf  # unclipped gradient of Gaussian data: unbounded sensitivity
    mu_W = inf if hp.sigma_W == 0 else sens_W / hp.sigma_W
    # second layer
    std = second_layer_noise_std(hp, n, options)
    if options.clip_rule != "min" or options.noise_form == "part1-scalar" or std == 0:
        mu_a = inf
    else:
        sens_a = hp.eta_a * 2 * hp.C_a / (n if options.aggregate == "mean" else 1)
        mu_a = math.sqrt(hp.T) * sens_a / std
    return {"mu_W": mu_W, "mu_a": mu_a, "mu_total": math.hypot(mu_W, mu_a)}


def epsilon_of_mu(mu: float, delta: float) -> float:
    """Exact ε(δ) of μ-GDP (theorycheck.privacy.gdp_epsilon); inf for μ = inf."""
    from ..privacy import gdp_epsilon

    if not math.isfinite(mu):
        return float("inf")
    return float(gdp_epsilon(delta, mu, rel_tol=1e-12))


# ---------------------------------------------------------------------------------------------
# Algorithm 1
# ---------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Result:
    """What Algorithm 1 releases (W1, b, a_T) and what was recorded on the way."""

    W1: np.ndarray
    b: np.ndarray
    a_T: np.ndarray
    W0: np.ndarray
    a0: np.ndarray
    hyper: HyperParameters
    options: Options
    diagnostics: dict[str, Any]
    trajectory: list[np.ndarray] | None = None
    features: Features | None = dataclasses.field(default=None, repr=False)  # σ(W1ᵀx + b) on X^a (cached if small)


def _alignment(W: np.ndarray, mu: np.ndarray | None) -> float | None:
    if mu is None:
        return None
    cos = np.abs(mu @ W) / np.linalg.norm(W, axis=0)
    return float(np.mean(cos))


def check_finite(name: str, value: np.ndarray, step: str, diag: dict[str, Any]) -> None:
    """Raise :class:`SimulationError` naming ``step`` and the diagnostics ``diag`` when ``value`` has a NaN or an
    overflow (Algorithm 1 diverged); the audit's first-layer path calls it where :func:`algorithm1` does."""
    if not np.isfinite(value).all():  # what np.all(np.isfinite(value)) computes, without its Python wrapper
        raise SimulationError(f"Algorithm 1 diverged at {step}: {name} has NaN or overflowed "
                              f"(diagnostics so far: {_summary(diag)})", step, diag)


def _summary(diag: dict[str, Any]) -> str:
    items = []
    for key, value in diag.items():
        if isinstance(value, list):
            value = value[-3:]
        items.append(f"{key}={value}")
    return ", ".join(items)


def first_stage(data_W: Dataset, hp: HyperParameters, options: Options, rng: np.random.Generator, p: int,
                mu: np.ndarray | None = None, diag: dict[str, Any] | None = None
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Initialisation, one full-batch gradient step on W, normalisation and σ_W noise. Returns (W0, W1, b, a0)."""
    diag = {} if diag is None else diag
    d = data_W.d
    W0, b, a0 = first_layer.initialise(d, p, rng)
    grad = np.zeros((d, p))
    for X, y in data_W.blocks():
        # per-sample clipping at C_W works block by block with reduction "sum" (each g_j = 2 r_j ...).
        grad += first_layer.summed_first_layer_gradient(W0, b, a0, X, y, hp.C_W)  # reduction "sum", unvalidated
    if options.first_layer_reduction == "mean":
        grad /= data_W.n
    step = W0 - hp.eta_W * grad
    check_finite("W_0 − η_W ∇_W L", step, "the first-layer step", diag)
    diag["alignment_init"] = _alignment(W0, mu)
    diag["alignment_step"] = _alignment(step, mu)
    if options.first_layer_noise == "after-normalise":
        W1 = first_layer.normalise_columns(step)
        if hp.sigma_W > 0:
            W1 = W1 + hp.sigma_W * rng.standard_normal((d, p))
    else:
        noisy = step + (hp.sigma_W * rng.standard_normal((d, p)) if hp.sigma_W > 0 else 0.0)
        W1 = first_layer.normalise_columns(noisy)
    diag["alignment_noise"] = _alignment(W1, mu)
    return W0, W1, b, a0


def second_stage(features: Features | list, a0: np.ndarray, hp: HyperParameters, options: Options,
                 rng: np.random.Generator, diag: dict[str, Any], *, keep_trajectory: bool = False,
                 n: int | None = None) -> tuple[np.ndarray, list[np.ndarray] | None]:
    """T steps of full-batch DP-GD on a (clipping from ghost norms, Gaussian noise)."""
    if n is None:
        if isinstance(features, list):
            raise InputError("second_stage: pass n when the features are given as a list of blocks")
        n = features.n
    std = second_layer_noise_std(hp, n, options)
    a = a0.copy()
    traj = [a.copy()] if keep_trajectory else None
    diag.setdefault("clipped_fraction", [])
    diag.setdefault("max_grad_norm_over_C", [])
    p = a.shape[0]
    cached = features if isinstance(features, list) else features._cache if isinstance(features, Features) else None
    step = None
    if cached is not None and _is_float64(a) and a.ndim == 1:
        step = _cached_clipped_gradient(cached, hp.lam, hp.C_a, options)
    if step is not None:
        return _second_stage_cached(step, a, std, hp, options, rng, diag, traj)
    with np.errstate(over="ignore", invalid="ignore"):
        for t in range(1, hp.T + 1):
            g, stats = clipped_gradient(features, a, hp.lam, hp.C_a, options)
            diag["clipped_fraction"].append(stats["clipped_fraction"])
            diag["max_grad_norm_over_C"].append(stats["max_grad_norm_over_C"])
            a = a - hp.eta_a * g
            if std > 0:
                if options.noise_form == "part1-scalar":
                    a = a + std * rng.standard_normal()
                else:
                    a = a + std * rng.standard_normal(p)
            check_finite(f"a_{t}", a, f"second-layer step t={t}", diag)
            if traj is not None:
                traj.append(a.copy())
    return a, traj


def _second_stage_cached(step: Callable[[np.ndarray, np.floating], tuple[np.ndarray, float, float]], a: np.ndarray,
                         std: float, hp: HyperParameters, options: Options, rng: np.random.Generator,
                         diag: dict[str, Any], traj: list[np.ndarray] | None
                         ) -> tuple[np.ndarray, list[np.ndarray] | None]:
    """The loop of :func:`second_stage` on cached features (``step`` from :func:`_cached_clipped_gradient`):
    the same updates, draws and checks in the same order, without the per-step stats dict, and with the
    finiteness check of a_t read from a_t @ a_t, which the next step needs anyway (finite ⇒ every entry is
    finite; otherwise :func:`check_finite` decides, as before, and only then formats its message), under
    one ``np.errstate`` that also holds the clipping's ``divide="ignore"`` (see
    :func:`_cached_clipped_gradient`). Bit-identical to the general loop (tests/test_simulator_fastpath.py)."""
    fractions = diag["clipped_fraction"]
    maxima = diag["max_grad_norm_over_C"]
    eta = hp.eta_a
    p = a.shape[0]
    noisy = std > 0
    scalar = options.noise_form == "part1-scalar"
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        a_dot_a = a @ a
        for t in range(1, hp.T + 1):
            g, fraction, max_over_C = step(a, a_dot_a)
            fractions.append(fraction)
            maxima.append(max_over_C)
            a = a - eta * g
            if noisy:
                if scalar:
                    a = a + std * rng.standard_normal()
                else:
                    a = a + std * rng.standard_normal(p)
            a_dot_a = a @ a  # a sum of squares: finite only if every entry is
            if not math.isfinite(a_dot_a):
                check_finite(f"a_{t}", a, f"second-layer step t={t}", diag)
            if traj is not None:
                traj.append(a.copy())
    return a, traj


def algorithm1(data_W: Dataset | tuple[np.ndarray, np.ndarray], data_a: Dataset | tuple[np.ndarray, np.ndarray],
               hyper: HyperParameters, rng: np.random.Generator, *, p: int, options: Options = Options(),
               sigma_W: float | None = None, sigma_a: float | None = None, mu: np.ndarray | None = None,
               delta: float | None = None, keep_trajectory: bool = False,
               calibrate: Callable[[np.ndarray, np.ndarray], HyperParameters] | None = None) -> Result:
    """Run Algorithm 1 (Part 1) on (X^W, y^W) and (X^a, y^a) and return W1, b, a_T and diagnostics.

    ``sigma_W`` / ``sigma_a`` override the hyper-parameters' noise (0 switches it off; with
    ``noise_form="part3"`` ``sigma_a`` overrides Σ). ``mu`` (optional) enables alignment
    diagnostics; ``delta`` enables the exact ε spent. ``calibrate(W1, b) -> HyperParameters`` lets
    a preset choose second-layer hyper-parameters after the first layer is released (the
    ``calibrated`` preset uses public data only). Draw order from ``rng``: W0, b, the σ_W noise,
    then one noise vector per second-layer step.
    """
    if not isinstance(rng, np.random.Generator):
        raise InputError("rng must be a numpy.random.Generator (np.random.default_rng(seed))")
    data_W, data_a = as_dataset(data_W), as_dataset(data_a)
    p = validate.positive_int("p", p)
    if data_W.d != data_a.d:
        raise InputError(f"the two datasets have different dimensions {data_W.d} and {data_a.d}")
    if sigma_W is not None:
        hyper = dataclasses.replace(hyper, sigma_W=float(sigma_W))
    diag: dict[str, Any] = {}
    W0, W1, b, a0 = first_stage(data_W, hyper, options, rng, p, mu, diag)
    check_finite("W_1", W1, "the first-layer noise", diag)
    if calibrate is not None:
        hyper = calibrate(W1, b).replace(sigma_W=hyper.sigma_W)
    if sigma_a is not None:
        noise_field = "Sigma" if options.noise_form == "part3" else "sigma_a"
        hyper = dataclasses.replace(hyper, **{noise_field: float(sigma_a)})  # type: ignore[arg-type]  # a float field
    features = Features(data_a, W1, b, options.feature_cache_bytes)
    a_T, traj = second_stage(features, a0, hyper, options, rng, diag, keep_trajectory=keep_trajectory)
    mus = privacy_mu(hyper, data_a.n, p, options, n_W=data_W.n)
    diag.update(mus)
    if delta is not None:
        validate.delta(delta)
        diag["delta"] = float(delta)
        for key in ("W", "a", "total"):
            diag[f"eps_{key}"] = epsilon_of_mu(mus[f"mu_{key}"], delta)
    return Result(W1, b, a_T, W0, a0, hyper, options, diag, traj, features)
