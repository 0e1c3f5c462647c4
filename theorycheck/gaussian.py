r"""Expectations over correlated Gaussians by two-dimensional quadrature (Part 2 §3.1).

For x ~ N(0, I_d), a unit vector μ and any w ∈ ℝ^d, the pair (U, V) = (⟨μ, x⟩, ⟨w, x⟩) is
jointly normal with Var U = 1, Var V = ‖w‖², Cov(U, V) = ⟨μ, w⟩ =: ρ. Writing
V = ρ U + s Z with s = √(‖w‖² − ρ²) and Z ~ N(0, 1) independent of U,

.. math:: E[F(U, V)] = E_{U, Z}[F(U, ρU + sZ)],

a two-dimensional integral against the standard Gaussian, computed by a tensor trapezoid rule
(exponentially convergent for integrands analytic in a strip, such as tanh(· + b) and its
derivatives, whose poles lie at distance π/2 from the real axis) or tensor Gauss–Hermite.

For d-dimensional *vector* expectations E[F(U, V) x] the orthogonal complement of span(μ, w)
contributes nothing (it is independent of (U, V) and centred), so with e₁ = μ and
e₂ = (w − ρμ)/s:

.. math:: E[F(U, V)\,x] = e₁ E[F U] + e₂ E[F Z].

>>> import numpy as np
>>> round(float(expect_pair(lambda u, v: u * v, rho=0.3, w_norm2=2.0)), 12)
0.3
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np

from .errors import InputError
from .numerics import read_only

__all__ = ["quadrature_rule", "expect_pair", "expect_vector", "expect_cov", "pair_geometry", "pair_vector"]


@functools.lru_cache(maxsize=16)
def quadrature_rule(kind: str = "trapezoid", size: float = 0.1) -> tuple[np.ndarray, np.ndarray]:
    """Nodes and weights (summing to 1 up to 1e-16) for E over N(0, 1).

    ``kind="trapezoid"``: step ``size`` on [−12, 12] (Gaussian tail beyond 12 is < 1e-32);
    ``kind="gauss-hermite"``: ``int(size)`` nodes.
    """
    if kind == "trapezoid":
        h = float(size)
        if not 0 < h <= 1:
            raise InputError(f"trapezoid step must lie in (0, 1], got {size!r}")
        z = np.arange(-12.0, 12.0 + h / 2, h)
        return read_only(z, h * np.exp(-z**2 / 2) / math.sqrt(2 * math.pi))
    if kind == "gauss-hermite":
        m = int(size)
        if not 1 <= m <= 250:
            raise InputError(f"Gauss–Hermite size must lie in 1..250, got {size!r}")
        z, w = np.polynomial.hermite_e.hermegauss(m)
        return read_only(z, w / math.sqrt(2 * math.pi))
    raise InputError(f"quadrature kind must be 'trapezoid' or 'gauss-hermite', got {kind!r}")


@functools.lru_cache(maxsize=16)
def _tensor_weights(kind: str, size: float) -> np.ndarray:
    """w_a w_b on the N×N tensor grid of :func:`quadrature_rule` (read-only; the same products every call
    computed before, formed once per rule instead of once per expectation)."""
    _, w = quadrature_rule(kind, size)
    (W,) = read_only(w[:, None] * w[None, :])
    return W


#: Elements per (block, N, N) array of :func:`expect_cov` when ``block`` is not given: about 512 KiB of float64, so
#: the dozen temporaries an integrand makes stay in cache (block 256 at N = 121 made 30 MB arrays, measured twice as
#: slow). The batch is split into blocks only for memory: every result is the same bit for bit whatever the block
#: (each row is reduced on its own; tests/test_first_layer_speedups.py).
BLOCK_ELEMENTS = 2**16


def pair_geometry(rho: float, w_norm2: float) -> float:
    """s = √(‖w‖² − ρ²) ≥ 0, validating Cauchy–Schwarz |ρ| ≤ ‖w‖ (with ‖μ‖ = 1)."""
    if not (math.isfinite(rho) and math.isfinite(w_norm2)) or w_norm2 < 0:
        raise InputError(f"need finite ρ and ‖w‖² >= 0, got ρ = {rho!r}, ‖w‖² = {w_norm2!r}")
    gap = w_norm2 - rho * rho
    if gap < -1e-12 * max(1.0, w_norm2):
        raise InputError(f"|⟨μ, w⟩| = {abs(rho)} exceeds ‖w‖ = {math.sqrt(w_norm2)} (μ must be a unit vector)")
    return math.sqrt(max(gap, 0.0))


def expect_pair(F: Callable[[np.ndarray, np.ndarray], np.ndarray], rho: float, w_norm2: float, *,
                kind: str = "trapezoid", size: float = 0.1, with_z: bool = False):
    r"""E[F(U, V)] with (U, V) jointly normal, Var U = 1, Var V = ‖w‖² (``w_norm2``), Cov = ρ.

    ``F`` is called once on broadcast 2-D arrays (u, v). With ``with_z=True`` also returns
    (E[F U], E[F Z]) where V = ρU + sZ — the two coordinates of E[F x] in the basis (e₁, e₂).
    F may return a tuple of arrays (several integrands sharing work on the same nodes, e.g. one σ'(v + b)): then
    the result is a tuple with one entry per integrand, each exactly what a separate call with that integrand returns.
    """
    s = pair_geometry(float(rho), float(w_norm2))
    z, _ = quadrature_rule(kind, size)
    u = z[:, None]
    zz = z[None, :]
    got = F(u, rho * u + s * zz)
    W = _tensor_weights(kind, size)
    if isinstance(got, tuple):
        return tuple(_pair_moments(g, u, zz, W, with_z) for g in got)
    return _pair_moments(got, u, zz, W, with_z)


def _pair_moments(values, u: np.ndarray, zz: np.ndarray, W: np.ndarray, with_z: bool):
    """Σ F W (and Σ F u W, Σ F z W) on the tensor grid, F broadcast to its N×N shape."""
    vals = np.asarray(values, dtype=float)
    if vals.shape != W.shape:  # broadcast a constant or one-variable integrand (× 1 changes no number)
        vals = vals * np.ones((1, 1))
    total = float(np.sum(vals * W))
    if not with_z:
        return total
    return total, float(np.sum(vals * u * W)), float(np.sum(vals * zz * W))


def pair_vector(mu: np.ndarray, w: np.ndarray, rho: float, s: float, eu: float, ez: float) -> np.ndarray:
    r"""e₁ E[F U] + e₂ E[F Z] ∈ ℝ^d with e₁ = μ, e₂ = (w − ρμ)/s (the vector of :func:`expect_vector` from the
    moments ``expect_pair(..., with_z=True)`` returns; ρ = ⟨μ, w⟩, s from :func:`pair_geometry`)."""
    out = eu * mu
    if s > 0:
        out = out + ez * (w - rho * mu) / s
    return out


def expect_vector(F: Callable[[np.ndarray, np.ndarray], np.ndarray], mu: np.ndarray, w: np.ndarray, *,
                  kind: str = "trapezoid", size: float = 0.1) -> np.ndarray:
    r"""E_x[F(⟨μ, x⟩, ⟨w, x⟩)\,x] ∈ ℝ^d for x ~ N(0, I_d) and unit μ, by the 2-D reduction
    e₁ E[F U] + e₂ E[F Z] (module docstring)."""
    mu = np.asarray(mu, dtype=float)
    w = np.asarray(w, dtype=float)
    if mu.shape != w.shape or mu.ndim != 1:
        raise InputError(f"μ and w must be vectors of the same length, got shapes {mu.shape}, {w.shape}")
    if abs(np.linalg.norm(mu) - 1) > 1e-12:
        raise InputError(f"μ must be a unit vector (Part 1, Assumption 1), got ‖μ‖ = {np.linalg.norm(mu)}")
    rho = float(mu @ w)
    s = pair_geometry(rho, float(w @ w))
    _, eu, ez = expect_pair(F, rho, float(w @ w), kind=kind, size=size, with_z=True)
    return pair_vector(mu, w, rho, s, eu, ez)


def expect_cov(F: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray], var1: np.ndarray, cov: np.ndarray,
               var2: np.ndarray, *, kind: str = "trapezoid", size: float = 0.1, block: int | None = None) -> np.ndarray:
    r"""E[F(V₁, V₂, k)] for a batch of m bivariate normals (index k = 0..m−1) with variances
    ``var1``, ``var2`` and covariances ``cov`` (arrays of length m), vectorised over the batch.

    F receives (v1, v2, k) with shapes (m', N, 1), (m', N, N) and (m', 1, 1) (k indexes the batch,
    e.g. to pick a bias b_k). V₁ = √var1 · Z₁, V₂ = (cov/√var1) Z₁ + √(var2 − cov²/var1) Z₂.
    F may return a tuple of arrays (several integrands sharing work on the same nodes): then the
    result is a tuple of arrays, each exactly what a separate call with that integrand returns.
    ``block`` batch entries are integrated at a time (default: :data:`BLOCK_ELEMENTS` grid values per block); the
    results do not depend on it.
    """
    var1, cov, var2 = (np.atleast_1d(np.asarray(a, dtype=float)) for a in (var1, cov, var2))
    if not (var1.shape == cov.shape == var2.shape):
        raise InputError("var1, cov, var2 must have the same length")
    if np.any(var1 <= 0) or np.any(var2 < 0):
        raise InputError("variances must be positive")
    resid = var2 - cov**2 / var1
    if np.any(resid < -1e-12 * np.maximum(1, var2)):
        raise InputError("covariance matrix is not positive semidefinite")
    resid = np.maximum(resid, 0)
    z, _ = quadrature_rule(kind, size)
    W = _tensor_weights(kind, size)[None]
    if block is None:
        block = max(1, BLOCK_ELEMENTS // (z.size * z.size))
    outs: list[np.ndarray] | None = None
    several = False
    for s0 in range(0, var1.size, block):
        sl = slice(s0, s0 + block)
        a = np.sqrt(var1[sl])[:, None, None]
        c = (cov[sl] / np.sqrt(var1[sl]))[:, None, None]
        e = np.sqrt(resid[sl])[:, None, None]
        v1 = a * z[None, :, None]
        v2 = c * z[None, :, None] + e * z[None, None, :]
        k = np.arange(var1.size)[sl][:, None, None]
        got = F(v1, v2, k)
        several = isinstance(got, tuple)
        values = got if several else (got,)
        if outs is None:
            outs = [np.empty(var1.size) for _ in values]
        for out, vals in zip(outs, values):
            out[sl] = np.sum(vals * W, axis=(1, 2))
    assert outs is not None
    return tuple(outs) if several else outs[0]  # type: ignore[return-value]  # one array or a tuple, as F gives
