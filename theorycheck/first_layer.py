"""The first gradient step of Algorithm 1 (Part 1 §2.2) and the terms of Part 2 §3.1.

Model (Part 1, eq. "model"): f(x) = a^T σ(W^T x + b), σ = tanh, W ∈ R^{d×p}, b ∈ R^p, a ∈ R^p.
Initialisation (Part 1, Algorithm 1): (W_0)_{ij} ~ N(0, 1/d), b ~ N(0, I_p), a_0 = p^{-1/2}(1, …, 1).

Gradient of the square loss with respect to the i-th column w_i of W::

    ∇_{w_i} L = a_{0,i} · c · Σ_j (f^0(x_j) − y_j) σ'(⟨w_i, x_j⟩ + b_i) x_j,

with c = 2/n for L = (1/n) Σ_j (f(x_j) − y_j)^2 (``reduction="mean"``) and c = 2 for
L = Σ_j (f(x_j) − y_j)^2 (``reduction="sum"``).

Where the paper is ambiguous, each reading is an explicit option:

* **Factor 2 of the square loss.** Part 1 defines ℓ = (f − y)^2, whose gradient carries a
  factor 2; Part 2 §3.1 (display 2) writes a_{0,i}/n without it. ``square_loss_factor=2.0``
  (default, the derivative of the loss as defined) or ``1.0`` (Part 2's display).
* **Sum or mean.** Algorithm 1 updates W_1 ← W_0 − η_W Σ_i g^C_W(x_i, y_i) (a *sum* of
  per-sample gradients) while Part 2's display has a 1/n. ``reduction="mean"`` (default,
  Part 2's display and the definition of L) or ``"sum"`` (Algorithm 1's line). The two differ by
  a factor n in the effective step size.
* **Clipping.** Algorithm 1 writes g^C_W, but defines clipping only for the second layer (and
  there as g·max(1, ‖g‖/C), which enlarges gradients; the usual DP-SGD clipping is
  g·min(1, C/‖g‖)). ``clip=None`` (default: no clipping, as in Part 2's analysis) or a number C:
  each per-sample gradient g_j = c_j r_j x_j (a_0 ⊙ σ'(W^T x_j + b))^T is scaled by
  min(1, C/‖g_j‖_F), with ‖g_j‖_F = |c_j r_j| ‖x_j‖ ‖a_0 ⊙ σ'_j‖ computed in O(d + p) per
  sample (a rank-one "ghost norm"; the n×d×p tensor is never formed). Clipping acts on the gradient
  of the per-sample loss ℓ_j = (f(x_j) − y_j)² (c_j = ``square_loss_factor``), *before* the 1/n of
  ``reduction="mean"``, as in DP-SGD.
* **Index typos.** Part 2's display 2 writes σ'(⟨w_i^0, x_j⟩ + b_j) and, in its second line and
  in the definition of ĝ, a trailing x_j inside a sum over k. Only b_i (the bias of neuron i)
  and x_k (the summed sample) give a well-defined d-vector for general n ≠ p; that is what is
  computed here (no option: the literal readings are not defined).

Memory is O(chunk·(d + p) + d·p): samples are processed ``chunk`` at a time.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from .errors import InputError
from .numerics import tanh_derivative
from .validate import positive, positive_int

Reduction = Literal["mean", "sum"]

__all__ = [
    "initialise",
    "model_output",
    "feature_weighted_sum",
    "first_layer_gradient",
    "first_step",
    "normalise_columns",
    "gradient_terms",
    "population_initial_output",
    "population_target_term",
    "population_initial_output_scalar",
]


def _check_params(W0: np.ndarray, b: np.ndarray, a0: np.ndarray) -> tuple[int, int]:
    W0 = np.asarray(W0)
    if W0.ndim != 2:
        raise InputError(f"W0 must be a d×p matrix, got shape {W0.shape}")
    d, p = W0.shape
    positive_int("d", d)
    positive_int("p", p)
    if np.shape(b) != (p,):
        raise InputError(f"b must have shape ({p},) to match W0 of shape {W0.shape}, got {np.shape(b)}")
    if np.shape(a0) != (p,):
        raise InputError(f"a0 must have shape ({p},) to match W0 of shape {W0.shape}, got {np.shape(a0)}")
    return d, p


def _check_data(X: np.ndarray, y: np.ndarray | None, d: int) -> int:
    X = np.asarray(X)
    if X.ndim != 2 or X.shape[1] != d:
        raise InputError(f"X must be an n×d matrix with d = {d}, got shape {X.shape}")
    n = X.shape[0]
    positive_int("n (number of samples)", n)
    if y is not None and np.shape(y) != (n,):
        raise InputError(f"y must have shape ({n},), got {np.shape(y)}")
    return n


def _reduction_factor(reduction: str, n: int, square_loss_factor: float) -> float:
    if reduction == "mean":
        return square_loss_factor / n
    if reduction == "sum":
        return float(square_loss_factor)
    raise InputError(f"reduction must be 'mean' or 'sum', got {reduction!r}")


def initialise(d: int, p: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Part 1 Algorithm 1: W0 (d×p) entries N(0, 1/d), b ~ N(0, I_p), a0 = 1/√p (1,…,1).

    Draw order (fixed, so a seed reproduces the same network): W0 first (row-major d×p
    standard normals divided by √d), then b.

    >>> W0, b, a0 = initialise(4, 3, np.random.default_rng(0))
    >>> W0.shape, b.shape, round(float(a0 @ a0), 12)
    ((4, 3), (3,), 1.0)
    """
    d = positive_int("d", d)
    p = positive_int("p", p)
    W0 = rng.standard_normal((d, p)) / np.sqrt(d)
    b = rng.standard_normal(p)
    a0 = np.full(p, 1.0 / np.sqrt(p))
    return W0, b, a0


def model_output(W: np.ndarray, b: np.ndarray, a: np.ndarray, X: np.ndarray, *, chunk: int = 4096) -> np.ndarray:
    r"""f(x_j) = a^T \tanh(W^T x_j + b) for every row x_j of X (Part 1, eq. model), in chunks."""
    d, _ = _check_params(W, b, a)
    n = _check_data(X, None, d)
    chunk = positive_int("chunk", chunk)
    out = np.empty(n)
    for s in range(0, n, chunk):
        out[s:s + chunk] = np.tanh(X[s:s + chunk] @ W + b) @ a
    return out


def feature_weighted_sum(W: np.ndarray, b: np.ndarray, X: np.ndarray, weights: np.ndarray, *,
                         chunk: int = 4096) -> np.ndarray:
    r"""S = Σ_j weights_j · σ'(W^T x_j + b) ⊗ x_j as a d×p matrix: column i is
    Σ_j weights_j \sech^2(⟨w_i, x_j⟩ + b_i) x_j.

    The building block of the first-layer gradient and of Part 2's terms (Lemma 3):
    ``feature_weighted_sum(W0, b, X, f0/n)`` is the initial-output term and
    ``feature_weighted_sum(W0, b, X, y/n)`` is ĝ(w_i) for every i at once.
    """
    d, p = _check_params(W, b, np.asarray(b))
    n = _check_data(X, weights, d)
    chunk = positive_int("chunk", chunk)
    out = np.zeros((d, p))
    for s in range(0, n, chunk):
        Xc = X[s:s + chunk]
        sp = 1.0 / np.cosh(Xc @ W + b) ** 2  # σ' = sech², in (0, 1]
        out += Xc.T @ (np.asarray(weights[s:s + chunk])[:, None] * sp)
    return out


def first_layer_gradient(W0: np.ndarray, b: np.ndarray, a0: np.ndarray, X: np.ndarray, y: np.ndarray, *,
                         reduction: Reduction = "mean", chunk: int = 4096, square_loss_factor: float = 2.0,
                         clip: float | None = None) -> np.ndarray:
    r"""∇_W of the square loss at (W0, b, a0) on data X (n×d), y (n,).

    Column i is

    .. math:: a_{0,i} \cdot c \cdot \sum_j (f^0(x_j) - y_j)\,\sigma'(\langle w_i, x_j\rangle + b_i)\, x_j,

    with c = 2/n (``reduction="mean"``, L = (1/n) Σ (f − y)^2) or c = 2 (``"sum"``), where the
    2 is ``square_loss_factor`` (Part 2's display 2 omits it: pass 1.0 for that reading).
    ``clip=C`` scales each per-sample gradient by min(1, C/‖g_j‖_F) (Algorithm 1's undefined
    g^C_W; see the module docstring). Computed in chunks of samples so memory is
    O(chunk·(d+p) + d·p).
    """
    d, p = _check_params(W0, b, a0)
    n = _check_data(X, y, d)
    chunk = positive_int("chunk", chunk)
    positive("square_loss_factor", square_loss_factor)
    c = _reduction_factor(reduction, n, square_loss_factor)
    if clip is not None:
        positive("clip", clip)
    return _first_layer_gradient(W0, b, a0, X, y, d, p, n, chunk, square_loss_factor, c, clip)


def summed_first_layer_gradient(W0: np.ndarray, b: np.ndarray, a0: np.ndarray, X: np.ndarray, y: np.ndarray,
                                clip: float | None) -> np.ndarray:
    """``first_layer_gradient(W0, b, a0, X, y, reduction="sum", clip=clip)`` (chunk 4096, factor 2), bit for bit.

    For callers that already hold validated inputs (the simulator's first stage, once per block of every run
    of the privacy audit): float64 arrays W0 (d×p), b and a0 (p,), X (n×d) with n ≥ 1, y (n,), clip None or
    > 0. Shapes that do not fit go through :func:`first_layer_gradient` (and its error messages); what is
    skipped is only its per-call validation (a dozen Python-level checks, paid per run of the audit).
    """
    if not (type(W0) is np.ndarray and type(X) is np.ndarray and type(y) is np.ndarray and W0.ndim == 2
            and X.ndim == 2 and y.ndim == 1 and X.shape[1] == W0.shape[0] and 0 < X.shape[0] == y.shape[0]
            and np.shape(b) == np.shape(a0) == (W0.shape[1],)):
        return first_layer_gradient(W0, b, a0, X, y, reduction="sum", clip=clip)
    if clip is not None:
        positive("clip", clip)
    d, p = W0.shape
    return _first_layer_gradient(W0, b, a0, X, y, d, p, X.shape[0], 4096, 2.0, 2.0, clip)  # c = float(2.0) of "sum"


def _first_layer_gradient(W0: np.ndarray, b: np.ndarray, a0: np.ndarray, X: np.ndarray, y: np.ndarray, d: int,
                          p: int, n: int, chunk: int, square_loss_factor: float, c: float,
                          clip: float | None) -> np.ndarray:
    """The arithmetic of :func:`first_layer_gradient` on validated inputs (c from ``_reduction_factor``)."""
    out = np.zeros((d, p))
    for s in range(0, n, chunk):
        Xc = X[s:s + chunk]
        pre = Xc @ W0 + b
        residual = np.tanh(pre) @ a0 - y[s:s + chunk]
        sp = 1.0 / np.cosh(pre) ** 2
        weight = square_loss_factor * residual  # per-sample gradient g_j = weight_j x_j (a0 ⊙ σ'_j)^T of ℓ_j
        if clip is not None:
            # ‖g_j‖_F = |weight_j| ‖x_j‖ ‖a0 ⊙ σ'_j‖ (rank one), so no d×p per-sample tensor is formed.
            norms = np.abs(weight) * np.linalg.norm(Xc, axis=1) * np.linalg.norm(sp * a0, axis=1)
            with np.errstate(divide="ignore"):
                weight = weight * np.minimum(1.0, np.where(norms > 0, clip / norms, 1.0))
        out += Xc.T @ (weight[:, None] * sp)
    return out * (a0 * (c / square_loss_factor))  # c/s = 1/n ("mean") or 1 ("sum")


def normalise_columns(W: np.ndarray) -> np.ndarray:
    """Each column divided by its Euclidean norm (Algorithm 1, "Normalise the neurons")."""
    norms = np.linalg.norm(W, axis=0)
    if (norms == 0).any():  # np.any(norms == 0) without its Python wrapper
        raise InputError("a column of W has norm 0 and cannot be normalised")
    return W / norms


def first_step(W0: np.ndarray, b: np.ndarray, a0: np.ndarray, X: np.ndarray, y: np.ndarray, eta_W: float, *,
               reduction: Reduction = "mean", normalise: bool = True, chunk: int = 4096,
               square_loss_factor: float = 2.0, clip: float | None = None) -> np.ndarray:
    r"""W1 before noise: columns of W0 − η_W ∇_W, each normalised to unit norm if ``normalise``.

    Part 1 Algorithm 1 (first-layer training, without the σ_W noise) and Part 2 display 19:
    w_i^1 = (w_i^0 − η_W ∇_{w_i} L)/‖w_i^0 − η_W ∇_{w_i} L‖. ``reduction``, ``square_loss_factor``
    and ``clip`` are passed to :func:`first_layer_gradient` (the paper's ambiguities).
    """
    positive("eta_W", eta_W)
    grad = first_layer_gradient(W0, b, a0, X, y, reduction=reduction, chunk=chunk,
                                square_loss_factor=square_loss_factor, clip=clip)
    W1 = W0 - eta_W * grad
    return normalise_columns(W1) if normalise else W1


def gradient_terms(W0: np.ndarray, b: np.ndarray, a0: np.ndarray, X: np.ndarray, y: np.ndarray, *,
                   chunk: int = 4096) -> tuple[np.ndarray, np.ndarray]:
    r"""Part 2 display 2, second form: the two d×p terms (T1, ĝ) with columns

    T1_i = (1/n) Σ_j f^0(x_j) σ'(⟨w_i^0, x_j⟩ + b_i) x_j  (the initial-output term, Lemma 3 first bound,
    vector reading with the factor x_j),
    ĝ_i = (1/n) Σ_k y_k σ'(⟨w_i^0, x_k⟩ + b_i) x_k          (ĝ(w_i^0), Lemma 3 second bound).

    With these, ``first_layer_gradient(..., reduction="mean", square_loss_factor=s)`` equals
    s · a0 · (T1 − ĝ).
    """
    d, _ = _check_params(W0, b, a0)
    n = _check_data(X, y, d)
    f0 = model_output(W0, b, a0, X, chunk=chunk)
    T1 = feature_weighted_sum(W0, b, X, f0 / n, chunk=chunk)
    G = feature_weighted_sum(W0, b, X, np.asarray(y) / n, chunk=chunk)
    return T1, G


# --------------------------------------------------------------------------- population limits (n → ∞)

def _tanh_d(k: int, v: np.ndarray) -> np.ndarray:
    """σ^{(k)}(v) for σ = tanh and k = 0, 1, 2."""
    if k not in (0, 1, 2):
        raise InputError(f"only derivatives k <= 2 of tanh are needed here, got {k}")
    return tanh_derivative(k)(v)


def population_initial_output(W0: np.ndarray, b: np.ndarray, a0: np.ndarray, neurons=None, *,
                              step: float = 0.2) -> np.ndarray:
    r"""The n → ∞ limit of the initial-output term, T1_pop,i = E_x[f^0(x) σ'(⟨w_i, x⟩ + b_i) x].

    By Stein's lemma (E[F(x) x] = E[∇F(x)] for x ~ N(0, I_d)) with F = f^0 σ'(⟨w_i, ·⟩ + b_i):

    .. math:: T1_{pop,i} = \sum_k a_{0,k} w_k E[σ'(V_k + b_k) σ'(V_i + b_i)]
                          + w_i \sum_k a_{0,k} E[σ(V_k + b_k) σ''(V_i + b_i)],

    where (V_k, V_i) = (⟨w_k, x⟩, ⟨w_i, x⟩) has covariance from W0ᵀW0; each expectation is a 2-D
    quadrature (:func:`theorycheck.gaussian.expect_cov`, trapezoid step ``step``). Returns a
    d × len(neurons) matrix (all neurons by default).
    """
    from .gaussian import expect_cov

    d, p = _check_params(W0, b, a0)
    neurons = np.arange(p) if neurons is None else np.atleast_1d(np.asarray(neurons, dtype=int))
    G = W0.T @ W0
    out = np.empty((d, neurons.size))
    kk = np.arange(p)
    for col, i in enumerate(neurons):
        var1, cov, var2 = np.diag(G), G[:, i], np.full(p, G[i, i])
        bk = b[kk]

        def F12(v1, v2, k, bk=bk, bi=b[i]):
            # σ'(v1+b_k)σ'(v2+b_i) and σ(v1+b_k)σ''(v2+b_i) on the same nodes: cosh² of the N×N grid
            # once for both, otherwise the operations of numerics.tanh_derivative (so the same numbers
            # as _tanh_d(1, ·)·_tanh_d(1, ·) and _tanh_d(0, ·)·_tanh_d(2, ·); tests/test_speedups.py)
            x1, x2 = v1 + bk[k], v2 + bi
            c2 = np.cosh(x2) ** 2
            return (1.0 / np.cosh(x1) ** 2) * (1.0 / c2), np.tanh(x1) * (-2.0 * np.tanh(x2) / c2)

        e1, e2 = expect_cov(F12, var1, cov, var2, size=step)
        out[:, col] = W0 @ (a0 * e1) + W0[:, i] * float(a0 @ e2)
    return out


def population_target_term(W0: np.ndarray, b: np.ndarray, mu: np.ndarray, target, neurons=None, *,
                           step: float = 0.1) -> np.ndarray:
    r"""g(w_i) = E_x[f_*(x) σ'(⟨w_i, x⟩ + b_i) x] (Part 2 §3.1) for each neuron, from its definition
    by the 2-D reduction of :func:`theorycheck.gaussian.expect_vector` (no Stein's lemma used).
    ``target`` is a :class:`~theorycheck.target.PolynomialTarget`. Returns d × len(neurons)."""
    from .gaussian import expect_vector

    d, p = _check_params(W0, b, np.asarray(b))
    neurons = np.arange(p) if neurons is None else np.atleast_1d(np.asarray(neurons, dtype=int))
    out = np.empty((d, neurons.size))
    for col, i in enumerate(neurons):
        def integrand(u: np.ndarray, v: np.ndarray, bi: float = b[i]) -> np.ndarray:
            return target(u) * _tanh_d(1, v + bi)

        out[:, col] = expect_vector(integrand, mu, W0[:, i], size=step)
    return out


def population_initial_output_scalar(W0: np.ndarray, b: np.ndarray, a0: np.ndarray, neurons=None, *,
                                     step: float = 0.2) -> np.ndarray:
    r"""The n → ∞ limit of Lemma 3's first display read literally (no factor x_j):
    E_x[f^0(x) σ'(⟨w_i, x⟩ + b_i)] = Σ_k a_{0,k} E[σ(V_k + b_k) σ'(V_i + b_i)] (2-D quadratures)."""
    from .gaussian import expect_cov

    _, p = _check_params(W0, b, a0)
    neurons = np.arange(p) if neurons is None else np.atleast_1d(np.asarray(neurons, dtype=int))
    G = W0.T @ W0
    out = np.empty(neurons.size)
    for col, i in enumerate(neurons):
        def F(v1, v2, k, bi=b[i]):
            return _tanh_d(0, v1 + b[k]) * _tanh_d(1, v2 + bi)
        out[col] = float(a0 @ expect_cov(F, np.diag(G), G[:, i], np.full(p, G[i, i]), size=step))
    return out
