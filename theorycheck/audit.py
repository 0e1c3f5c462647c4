"""Empirical privacy audit of Algorithm 1: mechanisms, hard adjacent pairs, a distinguishing test
and a Clopper–Pearson lower bound on ε.

Mechanisms (NumPy, vectorised over runs)
---------------------------------------
* :func:`first_layer_columns` -- the first phase of Algorithm 1 (Part 1) before the noise: one
  gradient step on W from W₀ with the summed per-sample gradients of (a₀ᵀ tanh(W₀ᵀx + b) − y)²,
  then every column normalised. The paper's ``g^C_W`` has no clipping constant anywhere (the
  Require line lists only C_a), so the step is unclipped, as the gradient of Part 2 §3.1 is written.
  The released W₁ adds σ_W N(0, I) to every column.
* :func:`dpgd_second_layer` -- the second-layer mechanism of Algorithm 1 *on fixed features*
  (Φ ∈ R^{n×p} given, the first layer frozen): per-sample gradient of
  (aᵀφ_j − y_j)² + λ‖a‖², clipped with the corrected rule g·min(1, C/‖g‖) (see claim
  ``alg1.clipping``), averaged, and the update a_{t+1} = a_t − η ḡ_t + η z_t with
  z_t ~ N(0, Σ² I_p) as Part 3 §4.3 writes it. ``mechanism`` switches the noise: ``"paper"``
  (as above), ``"no-noise"`` (z_t = 0) and ``"sum-noise"`` (the noise calibrated for the mean
  added to the sum: ḡ_t = (Σ_j g_j + z_t)/n, i.e. n times too little noise).

Audit
-----
Hard pair: n − 1 common records plus one record with an extreme label (y = +Y in D, −Y in D')
whose gradient is clipped to ∓C φ̂ at every step, so the two averaged gradients differ by the full
replace-one sensitivity 2C/n in a fixed direction φ̂. The test statistic is the projection of the
released a_T on φ̂; a threshold chosen on a separate calibration half of the runs is evaluated on
the other half. For any (ε, δ)-DP mechanism and any test, FPR + e^ε FNR ≥ 1 − δ and
FNR + e^ε FPR ≥ 1 − δ, so with Clopper–Pearson upper bounds FPR⁺, FNR⁺ (each at level 1 − α/2)

    ε ≥ max(log((1 − δ − FNR⁺)/FPR⁺), log((1 − δ − FPR⁺)/FNR⁺))   with confidence ≥ 1 − α.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable

import numpy as np

from . import privacy, validate
from .errors import InputError

MECHANISMS = ("paper", "no-noise", "sum-noise")


# ----------------------------------------------------------------------------------------------
# First layer
# ----------------------------------------------------------------------------------------------


def first_layer_columns(X: np.ndarray, y: np.ndarray, W0: np.ndarray, b: np.ndarray, a0: np.ndarray,
                        eta_w: float) -> np.ndarray:
    """Normalised columns of W₀ − η_W Σ_j ∇_W (a₀ᵀ tanh(W₀ᵀ x_j + b) − y_j)²  (d × p)."""
    Z = X @ W0 + b
    resid = 2.0 * (np.tanh(Z) @ a0 - y)
    S = 1.0 / np.cosh(Z) ** 2
    G = X.T @ (resid[:, None] * S) * a0[None, :]
    U = W0 - eta_w * G
    return U / np.linalg.norm(U, axis=0)


@dataclasses.dataclass(frozen=True)
class FirstLayerPair:
    """The extreme-label adjacent pair for the first layer and the two noiseless releases."""

    d: int
    n: int
    p: int
    label: float
    seed: int
    W_D: np.ndarray
    W_Dprime: np.ndarray

    @property
    def distance(self) -> float:
        return float(np.linalg.norm(self.W_D - self.W_Dprime))

    @property
    def ratio_to_worst_case(self) -> float:
        return self.distance / privacy.layer1_worst_sensitivity(self.p)


def first_layer_extreme_pair(d: int, n: int, p: int, *, eps_n: float, label: float = 1e8, seed: int = 0,
                             target: Callable[[np.ndarray], np.ndarray] | None = None) -> FirstLayerPair:
    """Algorithm 1's first layer on D and D': n − 1 records x ~ N(0, I_d), y = f_*(x) (default
    f_*(x) = ⟨x, μ⟩ with μ = e₁), and one record x* = e₂ with label +Y in D and −Y in D'.
    η_W = d^{3ε_n/2} √p (Assumption 4). Every column of W₁ then points along +x* in one dataset
    and −x* in the other, so ‖W₁(D) − W₁(D')‖_F → 2√p as Y grows."""
    d, n, p = (validate.positive_int(k, v) for k, v in (("d", d), ("n", n), ("p", p)))
    if d < 2:
        raise InputError("d must be >= 2 for the extreme pair")
    rng = np.random.default_rng(seed)
    W0 = rng.normal(size=(d, p)) / math.sqrt(d)
    b = rng.normal(size=p)
    a0 = np.full(p, 1 / math.sqrt(p))
    X = rng.normal(size=(n, d))
    y = target(X) if target is not None else X[:, 0].copy()
    X[-1] = 0.0
    X[-1, 1] = 1.0
    eta_w = d ** (1.5 * eps_n) * math.sqrt(p)
    y1, y2 = y.copy(), y.copy()
    y1[-1], y2[-1] = label, -label
    return FirstLayerPair(d, n, p, label, seed, first_layer_columns(X, y1, W0, b, a0, eta_w),
                          first_layer_columns(X, y2, W0, b, a0, eta_w))


def first_layer_model_pair(d: int, n: int, p: int, *, eps_n: float, scale: float = 1e6, theta: float = 0.01,
                           seed: int = 0) -> FirstLayerPair:
    """An adjacent pair whose every record the model can produce (y = f_*(x) = ⟨x, μ⟩, μ = e₁): n − 1 records
    x ~ N(0, I_d), and record n = (t v, ⟨t v, μ⟩) in D, (t u, ⟨t u, μ⟩) in D', with v, u ⊥ span(W₀), unit,
    v = sin θ m + cos θ e and u = sin θ m − cos θ e (m the unit part of μ orthogonal to span(W₀), e ⊥ m, W₀): the two
    labels are equal, ⟨u, v⟩ = −cos 2θ, and as t = ``scale`` grows every column of W₁ points along v in one
    dataset and along u in the other, so ‖W₁(D) − W₁(D')‖_F → 2 cos θ √p (referee BY, BY4: the extreme pair's label
    ±Y at e₂ is not f_*(e₂) = 0). Needs p ≤ d − 2 (room for m and e outside span(W₀)); ``label`` records t."""
    d, n, p = (validate.positive_int(k, v) for k, v in (("d", d), ("n", n), ("p", p)))
    if p > d - 2:
        raise InputError(f"the model-consistent pair needs p ≤ d − 2 (got d = {d}, p = {p})")
    rng = np.random.default_rng(seed)
    W0 = rng.normal(size=(d, p)) / math.sqrt(d)
    b = rng.normal(size=p)
    a0 = np.full(p, 1 / math.sqrt(p))
    X = rng.normal(size=(n, d))
    basis, _ = np.linalg.qr(W0)
    mu = np.zeros(d)
    mu[0] = 1.0
    m = mu - basis @ (basis.T @ mu)
    m /= np.linalg.norm(m)
    other = rng.normal(size=d)
    other -= basis @ (basis.T @ other) + m * (m @ other)
    e = other / np.linalg.norm(other)
    v, u = math.sin(theta) * m + math.cos(theta) * e, math.sin(theta) * m - math.cos(theta) * e
    X1, X2 = X.copy(), X.copy()
    X1[-1], X2[-1] = scale * v, scale * u
    eta_w = d ** (1.5 * eps_n) * math.sqrt(p)
    return FirstLayerPair(d, n, p, scale, seed, first_layer_columns(X1, X1[:, 0].copy(), W0, b, a0, eta_w),
                          first_layer_columns(X2, X2[:, 0].copy(), W0, b, a0, eta_w))


# ----------------------------------------------------------------------------------------------
# Second layer (fixed features)
# ----------------------------------------------------------------------------------------------


def clip_rows(G: np.ndarray, clip: float) -> np.ndarray:
    """Per-sample clipping g · min(1, C/‖g‖) along the last axis."""
    norms = np.linalg.norm(G, axis=-1, keepdims=True)
    return G * np.minimum(1.0, clip / np.maximum(norms, 1e-300))


def dpgd_second_layer(Phi: np.ndarray, y: np.ndarray, a0: np.ndarray, *, eta: float, lam: float, clip: float,
                      steps: int, noise_std: float, runs: int, rng: np.random.Generator,
                      mechanism: str = "paper") -> np.ndarray:
    """``runs`` independent releases of a_T (runs × p); see the module docstring."""
    if mechanism not in MECHANISMS:
        raise InputError(f"mechanism must be one of {MECHANISMS}, got {mechanism!r}")
    n, p = Phi.shape
    if runs > 256:  # bound the runs × n × p per-sample tensor; same draws in the same order
        return np.concatenate([dpgd_second_layer(Phi, y, a0, eta=eta, lam=lam, clip=clip, steps=steps,
                                                 noise_std=noise_std, runs=min(256, runs - s), rng=rng,
                                                 mechanism=mechanism) for s in range(0, runs, 256)])
    # The noise of every step first (the arithmetic draws nothing, so the stream is the same as drawing at each
    # step), then the runs in blocks of 32 that stay in cache, in place. Bit-identical to the plain loop
    # (per step: resid = A Φᵀ − y; G = 2 resid φ + 2λA; G = clip_rows(G, C); mean/sum over samples; noise),
    # which tests/test_audit.py keeps as reference: np.linalg.norm is sqrt(Σ g²) over the last axis and the
    # mean the sum divided by n, and each row of A Φᵀ does not depend on the other rows.
    noise = [rng.standard_normal((runs, p)) if mechanism != "no-noise" else np.zeros((runs, p)) for _ in range(steps)]
    out = np.tile(a0, (runs, 1))
    for lo in range(0, runs, 32):
        A = out[lo:lo + 32]
        G, sq = np.empty((A.shape[0], n, p)), np.empty((A.shape[0], n, p))
        for z in noise:
            resid = A @ Phi.T - y[None, :]                        # block × n
            np.multiply((2.0 * resid)[:, :, None], Phi[None, :, :], out=G)
            G += (2.0 * lam * A)[:, None, :]
            np.multiply(G, G, out=sq)
            G *= np.minimum(1.0, clip / np.maximum(np.sqrt(np.add.reduce(sq, axis=-1, keepdims=True)), 1e-300))
            total = np.add.reduce(G, axis=1)
            if mechanism == "paper":
                gbar = total / n + noise_std * z[lo:lo + 32]
            elif mechanism == "sum-noise":
                gbar = (total + noise_std * z[lo:lo + 32]) / n
            else:
                gbar = total / n
            A = A - eta * gbar
        out[lo:lo + 32] = A
    return out


# ----------------------------------------------------------------------------------------------
# Statistics
# ----------------------------------------------------------------------------------------------


def clopper_pearson_upper(k: int, n: int, alpha: float) -> float:
    """One-sided (1 − α) Clopper–Pearson upper bound on a binomial proportion from k of n."""
    from scipy.stats import beta

    if k >= n:
        return 1.0
    return float(beta.ppf(1 - alpha, k + 1, n - k))


def epsilon_lower_bound(fp: int, n_neg: int, fn: int, n_pos: int, delta: float, alpha: float) -> dict:
    """ε lower bound (confidence ≥ 1 − α) from a test's false positives / negatives."""
    fpr_hi = clopper_pearson_upper(fp, n_neg, alpha / 2)
    fnr_hi = clopper_pearson_upper(fn, n_pos, alpha / 2)
    cands = []
    for a, b in ((fnr_hi, fpr_hi), (fpr_hi, fnr_hi)):
        num = 1 - delta - a
        cands.append(math.log(num / b) if num > 0 and b > 0 else 0.0)
    return {"epsilon_lb": max(0.0, *cands), "fpr_upper": fpr_hi, "fnr_upper": fnr_hi,
            "fpr": fp / n_neg, "fnr": fn / n_pos}


def best_threshold(s_neg: np.ndarray, s_pos: np.ndarray, delta: float, alpha: float = 0.05) -> float:
    """Threshold t (test: "D" iff s > t) maximising the Clopper–Pearson ε lower bound *on the
    calibration samples given* (so thresholds resting on one or two tail counts are not preferred)."""
    from scipy.stats import beta

    neg, pos = np.sort(s_neg), np.sort(s_pos)
    cand = np.unique(np.concatenate([neg, pos]))
    if cand.size > 2000:
        cand = np.quantile(cand, np.linspace(0, 1, 2001))
    fp = neg.size - np.searchsorted(neg, cand, side="right")
    fn = np.searchsorted(pos, cand, side="right")
    fpr_hi = np.where(fp >= neg.size, 1.0, beta.ppf(1 - alpha / 2, fp + 1, np.maximum(neg.size - fp, 1)))
    fnr_hi = np.where(fn >= pos.size, 1.0, beta.ppf(1 - alpha / 2, fn + 1, np.maximum(pos.size - fn, 1)))
    with np.errstate(divide="ignore", invalid="ignore"):
        e1 = np.log(np.clip(1 - delta - fnr_hi, 1e-300, None) / fpr_hi)
        e2 = np.log(np.clip(1 - delta - fpr_hi, 1e-300, None) / fnr_hi)
    k = int(np.argmax(np.maximum(e1, e2)))
    best_t = float(cand[k])
    # place the threshold midway to the next sample above it: a margin for noiseless runs
    above = cand[cand > best_t]
    return (best_t + float(above.min())) / 2 if above.size else best_t


# ----------------------------------------------------------------------------------------------
# The audit
# ----------------------------------------------------------------------------------------------

LAYERS = ("second", "first")


#: a DP-GD step's fixed cost in the audit, in multiply-adds: 48 µs a step measured at d = 4
#: (`theorycheck audit --runs 20 --d 4 --layer second --steps 1000` and `--steps 10000`: 6.1 s and 23.6 s) at the
#: 1.7·10^10 a second of :data:`theorycheck.simulator.sweep.MAX_WORK`'s note
STEP_OVERHEAD = 1e6


@dataclasses.dataclass(frozen=True)
class AuditConfig:
    """Parameters of one audit. Sizes follow Assumption 2's smallest n, p for (ε_n, ε_p) unless given.

    The second-layer hyper-parameters (λ, η_a, C_a, T) are audit choices, not Assumption 4's: the
    claim's μ = √T (2C_a/n)/Σ does not depend on them, and Assumption 4's η_a makes plain GD unstable
    at small d. σ_W is Assumption 4's formula; Σ is Part 3's formula at the claimed (ε, δ)."""

    seed: int = 0
    runs: int = 2000            # per dataset (half calibrate the threshold, half evaluate it)
    d: int = 8
    eps_n: float = 0.4
    eps_p: float = 2.0
    eps_b: float = 0.1
    q: int = 1
    n: int | None = None
    p: int | None = None
    T: int = 10
    lam: float = 0.01
    eta_a: float = 0.5
    clip: float = 1.0
    epsilon: float = 1.0
    delta: float = 1e-5
    alpha: float = 0.05
    mechanism: str = "paper"
    layer: str = "second"
    label: float = 1e8
    backend: str = "auto"       # "simulator", "builtin" or "auto" (simulator if importable)

    def __post_init__(self) -> None:
        validate.positive_int("runs", self.runs)
        if self.runs < 20:
            raise InputError(f"runs must be >= 20 (half calibrate, half evaluate), got {self.runs}")
        if validate.positive_int("d", self.d) < 2:
            raise InputError(f"d must be >= 2, got {self.d}")
        validate.positive_int("T", self.T)
        validate.epsilon(self.epsilon)
        validate.delta(self.delta)
        if not 0 < float(self.alpha) < 1:  # the audit's 1 − confidence, not a privacy δ (referee AN)
            raise InputError(f"alpha (1 − the confidence of the ε lower bound) must lie in (0, 1), got {self.alpha!r}")
        for name in ("eps_n", "eps_p", "eps_b", "lam", "eta_a", "clip", "label"):
            validate.positive(name, getattr(self, name))
        if self.mechanism not in MECHANISMS:
            raise InputError(f"mechanism must be one of {MECHANISMS}, got {self.mechanism!r}")
        if self.layer not in LAYERS:
            raise InputError(f"layer must be one of {LAYERS}, got {self.layer!r}")
        if self.backend not in ("auto", "simulator", "builtin"):
            raise InputError(f"backend must be auto, simulator or builtin, got {self.backend!r}")
        from .simulator.sweep import MAX_WORK, estimated_work

        try:
            n, p = self.sizes
        except OverflowError:  # referee AS: a traceback for --d 1e20
            raise InputError(f"d = {self.d}: n = d^(1+3ε_n) overflows; give a smaller d") from None
        # the runs on each of the two datasets; a step also costs a fixed ~50 µs of interpreter time, about
        # STEP_OVERHEAD multiply-adds at the simulator's measured rate (it dominates at small d)
        work = 2 * self.runs * (estimated_work(self.d, n, p, self.T) + self.T * STEP_OVERHEAD)
        if work > MAX_WORK:  # referee AS: --steps 1e8 ran with no end in sight; --runs 1e11 blamed d
            raise InputError(f"runs = {self.runs} on each of two datasets at d = {self.d} (n = {n}, p = {p}, T = "
                             f"{self.T}) need about {work:.2g} multiply-adds, more than {MAX_WORK:.0e} (hours on one "
                             f"machine); give fewer runs, a smaller d or fewer steps")

    @property
    def sizes(self) -> tuple[int, int]:
        n = self.n if self.n is not None else math.ceil(self.d ** (1 + 3 * self.eps_n) - 1e-9)
        p = self.p if self.p is not None else math.ceil(self.d ** self.eps_p - 1e-9)
        return validate.positive_int("n", n), validate.positive_int("p", p)

    @property
    def sigma_w(self) -> float:
        n, _ = self.sizes
        return privacy.layer1_sigma_w(self.d, n, self.eps_b, self.q)

    @property
    def Sigma(self) -> float:
        n, _ = self.sizes
        return privacy.paper_sigma_part3(self.epsilon, self.delta, self.T, self.clip, n)

    @property
    def eta_w(self) -> float:
        _, p = self.sizes
        return self.d ** (1.5 * self.eps_n) * math.sqrt(p)

    def accounted_mu(self) -> float:
        """μ of the mechanism as run (worst case over adjacent pairs), inf if not private."""
        n, p = self.sizes
        if self.mechanism == "no-noise":
            return math.inf
        if self.layer == "first":
            return privacy.layer1_worst_sensitivity(p) / self.sigma_w
        mu = math.sqrt(self.T) * (2 * self.clip / n) / self.Sigma
        return mu * n if self.mechanism == "sum-noise" else mu


@dataclasses.dataclass(frozen=True)
class AuditResult:
    config: AuditConfig
    backend: str
    epsilon_lb: float
    confidence: float
    claimed_epsilon: float
    exact_epsilon: float
    mu: float
    fpr: float
    fnr: float
    fpr_upper: float
    fnr_upper: float
    threshold: float
    seconds: float
    note: str

    def to_dict(self) -> dict:
        out = dataclasses.asdict(self)
        out["config"] = dataclasses.asdict(self.config)
        return out


def _data(cfg: AuditConfig) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    n, _ = cfg.sizes
    rng = np.random.default_rng([cfg.seed, 7919])
    XW, Xa = rng.standard_normal((n, cfg.d)), rng.standard_normal((n, cfg.d))
    # Second-layer data: every label extreme (±Y, random signs). Every per-sample gradient is then
    # clipped to the constant ∓C φ̂_j whatever a_t is, so DP-GD is exactly a Gaussian mechanism and
    # D, D' differ by the full sensitivity 2C/n at every step: the worst case for the accounting.
    ya = cfg.label * np.where(rng.standard_normal(n) < 0, -1.0, 1.0)
    return XW, XW[:, 0].copy(), Xa, ya


def _pair(X: np.ndarray, y: np.ndarray, label: float):
    """(X, y) with its last record replaced by x* = e₂ and label +Y (D) or −Y (D')."""
    X = X.copy()
    X[-1] = 0.0
    X[-1, 1] = 1.0
    yD, yP = y.copy(), y.copy()
    yD[-1], yP[-1] = label, -label
    return (X, yD), (X, yP)


def simulator_available() -> bool:
    try:
        from .simulator import HyperParameters, Options, algorithm1  # noqa: F401

        Options(noise_form="part3", aggregate="sum")
        return True
    except Exception:  # not written yet, or a different API
        return False


_SIMULATOR_CHUNK = 32
"""Runs per batch of the simulator backend: algorithm1 runs whose noiseless replays are done together."""

_REPLAY_BLOCK_BYTES = 2**19
"""Bytes of one run-block × n × p buffer of :func:`_noiseless_replays` (the runs are independent, so blocking
changes no result): about L2-sized, where its six passes over the buffers run ~2× faster than at 32 runs."""


def _noiseless_replays(Phi: np.ndarray, y: np.ndarray, A0: np.ndarray, *, eta: float, lam: float, clip: float,
                       steps: int) -> np.ndarray:
    """The noiseless second-layer DP-GD for R feature matrices at once: Phi (R × n × p), A0 (R × p) -> R × p.

    Row r is bit-identical to ``dpgd_second_layer(Phi[r], y, A0[r], noise_std=0, runs=1,
    mechanism="no-noise")[0]``: the same IEEE operations in the same order (a·Φᵀ as one vector–matrix product
    per run; clip_rows' norm as sqrt(Σ g²) over the last axis, as ``np.linalg.norm`` computes it; the mean as
    the sum over samples divided by n), done in place on run-block × n × p buffers of about
    ``_REPLAY_BLOCK_BYTES`` (rows are independent: tests/test_audit.py and tests/test_simulator_fastpath.py
    check it)."""
    R, n, p = Phi.shape
    rows = max(1, min(R, _REPLAY_BLOCK_BYTES // max(1, n * p * Phi.itemsize)))
    out = []
    G, sq = np.empty((rows, n, p), dtype=Phi.dtype), np.empty((rows, n, p), dtype=Phi.dtype)
    for lo in range(0, R, rows):
        P = Phi[lo:lo + rows]
        A = A0[lo:lo + rows].copy()
        PT = P.transpose(0, 2, 1)
        m = P.shape[0]
        Gm, sqm = G[:m], sq[:m]
        for _ in range(steps):
            resid = (A[:, None, :] @ PT)[:, 0, :] - y[None, :]      # m × n
            np.multiply((2.0 * resid)[:, :, None], P, out=Gm)
            Gm += (2.0 * lam * A)[:, None, :]
            np.multiply(Gm, Gm, out=sqm)
            norms = np.sqrt(np.add.reduce(sqm, axis=-1, keepdims=True))
            Gm *= np.minimum(1.0, clip / np.maximum(norms, 1e-300))
            A = A - eta * (np.add.reduce(Gm, axis=1) / n)
        out.append(A)
    return out[0] if len(out) == 1 else np.concatenate(out)


def _whole_feature_matrix(features: object) -> np.ndarray | None:
    """tanh(X W₁ + b) of all of X^a as algorithm1 cached it (``Result.features``) when it is one block, so
    that it is ``np.tanh(X @ W1 + b)`` exactly as the attacker would compute it; else None."""
    cache = getattr(features, "_cache", None)
    if cache is None or len(cache) != 1:
        return None
    return cache[0][0]


def _statistics_simulator(cfg: AuditConfig, progress: Callable[[int], None] | None) -> dict[str, np.ndarray]:
    """One call of the simulator per run (its own draws, in its own order). First layer: the statistic needs
    only W₁, so each run calls the simulator's ``first_stage`` and then draws (and discards) the T·p normals
    of the second stage's noise, which leaves ``rng`` where ``algorithm1`` would (draw order: W0, b, the σ_W
    noise, one noise vector per second-layer step; the second stage's a_t cannot overflow here, since every
    per-sample gradient is clipped to norm C_a). Second layer: ``algorithm1`` per run, and the attacker's
    noiseless replays on D and D' batched over up to ``_SIMULATOR_CHUNK`` runs. Bit-identical to one
    ``algorithm1`` call and two one-run replays per run (tests/test_audit.py keeps that path as reference)."""
    from .simulator import HyperParameters, Options, algorithm1
    from .simulator.algorithm import as_dataset, check_finite, first_stage, second_layer_noise_std

    n, p = cfg.sizes
    XW, yW, Xa, ya = _data(cfg)
    eta_a = cfg.eta_a / n if cfg.mechanism == "sum-noise" else cfg.eta_a
    options = Options(noise_form="part3", aggregate="sum" if cfg.mechanism == "sum-noise" else "mean")
    off = cfg.mechanism == "no-noise"
    hp = HyperParameters(lam=cfg.lam, eta_W=cfg.eta_w, eta_a=eta_a, C_a=cfg.clip, T=cfg.T,
                         sigma_W=0.0 if off else cfg.sigma_w, Sigma=0.0 if off else cfg.Sigma)
    xstar = np.zeros(cfg.d)
    xstar[1] = 1.0
    pairs = _pair(Xa, ya, cfg.label)
    out = {}
    for k, name in enumerate(("D", "D'")):
        if cfg.layer == "first":
            dW = as_dataset(_pair(XW, yW, cfg.label)[k])
            da = as_dataset((Xa, ya))
        else:
            dW = as_dataset((XW, yW))
            da = as_dataset(pairs[k])
        rng = np.random.default_rng([cfg.seed, LAYERS.index(cfg.layer), k])
        s = np.empty(cfg.runs)
        if cfg.layer == "first":
            std = second_layer_noise_std(hp, da.n, options)
            ones = np.ones(p)
            for r in range(cfg.runs):
                diag: dict = {}
                _, W1, _, _ = first_stage(dW, hp, options, rng, p, diag=diag)
                check_finite("W_1", W1, "the first-layer noise", diag)  # as algorithm1 does
                if std > 0:  # T draws of p normals, in one call: the same stream, and rng ends where they leave it
                    rng.standard_normal((cfg.T, p))
                s[r] = float(xstar @ W1 @ ones)
                if progress is not None:
                    progress(1)
            out[name] = s
            continue
        for start in range(0, cfg.runs, _SIMULATOR_CHUNK):
            stop = min(cfg.runs, start + _SIMULATOR_CHUNK)
            W1s, bs, a0s, aTs = (np.empty((stop - start,) + shape) for shape in ((cfg.d, p), (p,), (p,), (p,)))
            Phi = np.empty((stop - start, n, p))
            reused = True
            for r in range(start, stop):
                res = algorithm1(dW, da, hp, rng, p=p, options=options)
                W1s[r - start], bs[r - start], a0s[r - start], aTs[r - start] = res.W1, res.b, res.a0, res.a_T
                F = _whole_feature_matrix(res.features)
                if F is None:
                    reused = False
                else:
                    Phi[r - start] = F
                if progress is not None:
                    progress(1)
            # Likelihood-ratio direction given the released (W₁, b): the attacker knows both datasets, so
            # it replays the noiseless second stage on D and D' and projects a_T − midpoint on their
            # difference (removes the run-to-run spread of W₀, b, W₁).
            # D and D' share X (they differ in one label), so the features tanh(X W₁ + b) are those algorithm1
            # computed on X^a (one block: the same operation on the same operands), else computed here
            if not reused:
                Phi = np.tanh(pairs[0][0] @ W1s + bs[:, None, :])
            ref = [_noiseless_replays(Phi, y_, a0s, eta=cfg.eta_a, lam=cfg.lam, clip=cfg.clip, steps=cfg.T)
                   for _, y_ in pairs]
            for r in range(start, stop):
                v = ref[0][r - start] - ref[1][r - start]
                mid = (ref[0][r - start] + ref[1][r - start]) / 2
                s[r] = float((aTs[r - start] - mid) @ v / max(np.linalg.norm(v), 1e-300))
        out[name] = s
    return out


def _statistics_builtin(cfg: AuditConfig, progress: Callable[[int], None] | None) -> dict[str, np.ndarray]:
    """Vectorised: the first layer released once per run from fixed (W₀, b); the second layer on the
    fixed features tanh(W₁ᵀx + b) of one first-layer release (the second-layer mechanism of Algorithm 1)."""
    n, p = cfg.sizes
    XW, yW, Xa, ya = _data(cfg)
    rng0 = np.random.default_rng([cfg.seed, 104729])
    W0 = rng0.standard_normal((cfg.d, p)) / math.sqrt(cfg.d)
    b = rng0.standard_normal(p)
    a0 = np.full(p, 1 / math.sqrt(p))
    xstar = np.zeros(cfg.d)
    xstar[1] = 1.0
    off = cfg.mechanism == "no-noise"
    out = {}
    for k, name in enumerate(("D", "D'")):
        rng = np.random.default_rng([cfg.seed, LAYERS.index(cfg.layer), k])
        if cfg.layer == "first":
            X, y = _pair(XW, yW, cfg.label)[k]
            M = first_layer_columns(X, y, W0, b, a0, cfg.eta_w)
            base = float(xstar @ M @ np.ones(p))
            noise = 0.0 if off else cfg.sigma_w * rng.standard_normal((cfg.runs, cfg.d, p))
            s = base + (0.0 if off else np.einsum("i,rij->r", xstar, noise))
        else:
            W1 = first_layer_columns(XW, yW, W0, b, a0, cfg.eta_w)
            X, y = _pair(Xa, ya, cfg.label)[k]
            Phi = np.tanh(X @ W1 + b)
            A = dpgd_second_layer(Phi, y, a0, eta=cfg.eta_a, lam=cfg.lam, clip=cfg.clip, steps=cfg.T,
                                  noise_std=0.0 if off else cfg.Sigma, runs=cfg.runs, rng=rng,
                                  mechanism="paper" if off else cfg.mechanism)
            ref = []
            for X_, y_ in _pair(Xa, ya, cfg.label):
                P_ = np.tanh(X_ @ W1 + b)
                ref.append(dpgd_second_layer(P_, y_, a0, eta=cfg.eta_a, lam=cfg.lam, clip=cfg.clip, steps=cfg.T,
                                             noise_std=0.0, runs=1, rng=rng, mechanism="no-noise")[0])
            v = ref[0] - ref[1]
            s = (A - (ref[0] + ref[1]) / 2) @ (v / max(np.linalg.norm(v), 1e-300))
        out[name] = np.broadcast_to(np.asarray(s, dtype=float), (cfg.runs,)).copy()
        if progress is not None:
            progress(cfg.runs)
    return out


def run_audit(cfg: AuditConfig, progress: Callable[[int], None] | None = None) -> AuditResult:
    """Run the mechanism ``2 × cfg.runs`` times on the hard pair and bound ε from below."""
    backend = cfg.backend
    if backend == "auto":
        backend = "simulator" if simulator_available() else "builtin"
    if backend == "simulator" and not simulator_available():
        raise InputError("the simulator (theorycheck.simulator.algorithm1 with Options(noise_form, aggregate)) "
                         "is not available; use --backend builtin")
    privacy.check_epsilon_range(cfg.epsilon)
    start = time.perf_counter()
    stats = (_statistics_simulator if backend == "simulator" else _statistics_builtin)(cfg, progress)
    half = cfg.runs // 2
    sD, sP = stats["D"], stats["D'"]
    t = best_threshold(sP[:half], sD[:half], cfg.delta, cfg.alpha)       # D' is the negative class
    evalD, evalP = sD[half:], sP[half:]
    fp = int(np.sum(evalP > t))
    fn = int(np.sum(evalD <= t))
    bound = epsilon_lower_bound(fp, evalP.size, fn, evalD.size, cfg.delta, cfg.alpha)
    mu = cfg.accounted_mu()
    exact = math.inf if not math.isfinite(mu) else float(privacy.gdp_epsilon(cfg.delta, mu, rel_tol=1e-12))
    note = {"second": "record differs in X^a (extreme label ±Y); statistic: a_T projected on the difference "
                      "of the noiseless replays on D and D' given the released W_1, b",
            "first": "record differs in X^W (extreme label ±Y); statistic x*ᵀ W_1 1"}[cfg.layer]
    if cfg.layer == "first" and cfg.mechanism == "sum-noise":
        note += "; sum-noise only changes the second layer, so this is the paper's first layer"
    return AuditResult(cfg, backend, bound["epsilon_lb"], 1 - cfg.alpha, cfg.epsilon, exact, mu,
                       bound["fpr"], bound["fnr"], bound["fpr_upper"], bound["fnr_upper"], float(t),
                       time.perf_counter() - start, note)
