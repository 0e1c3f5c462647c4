"""Tests of theorycheck.first_layer: initialisation, the chunked gradient against autograd-free
finite differences and a dense formula, the options the paper leaves ambiguous, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from theorycheck.errors import InputError
from theorycheck.first_layer import (
    feature_weighted_sum,
    first_layer_gradient,
    first_step,
    gradient_terms,
    initialise,
    model_output,
    normalise_columns,
)


def _loss(W, b, a, X, y, reduction="mean"):
    r = np.tanh(X @ W + b) @ a - y
    return np.mean(r**2) if reduction == "mean" else np.sum(r**2)


def _problem(d=5, p=4, n=37, seed=1):
    rng = np.random.default_rng(seed)
    W0, b, a0 = initialise(d, p, rng)
    X = rng.standard_normal((n, d))
    y = X[:, 0] ** 3 - 3 * X[:, 0] + X[:, 0]
    return W0, b, a0, X, y


def test_initialise_shapes_and_distribution():
    d, p = 200, 300
    W0, b, a0 = initialise(d, p, np.random.default_rng(0))
    assert W0.shape == (d, p) and b.shape == (p,) and a0.shape == (p,)
    assert np.allclose(a0, 1 / np.sqrt(p))
    # Var of W0 entries = 1/d: 60 000 samples, relative s.e. of a variance sqrt(2/N) = 0.6 %; allow 5 s.e.
    assert abs(W0.var() * d - 1) < 5 * np.sqrt(2 / W0.size)
    assert abs(b.var() - 1) < 5 * np.sqrt(2 / p) + 0.05
    # same seed, same network
    W0b, bb, _ = initialise(d, p, np.random.default_rng(0))
    assert np.array_equal(W0, W0b) and np.array_equal(b, bb)


@pytest.mark.parametrize("reduction", ["mean", "sum"])
def test_gradient_matches_finite_differences(reduction):
    W0, b, a0, X, y = _problem()
    G = first_layer_gradient(W0, b, a0, X, y, reduction=reduction, chunk=7)
    h = 1e-6
    num = np.zeros_like(W0)
    for i in range(W0.shape[0]):
        for k in range(W0.shape[1]):
            E = np.zeros_like(W0)
            E[i, k] = h
            num[i, k] = (_loss(W0 + E, b, a0, X, y, reduction) - _loss(W0 - E, b, a0, X, y, reduction)) / (2 * h)
    # central differences: error O(h^2 · third derivative) + rounding O(eps·L/h) ≈ 1e-9 relative
    assert np.max(np.abs(G - num)) <= 1e-6 * max(1.0, np.max(np.abs(num)))


def test_chunking_does_not_change_result_and_terms_decompose():
    W0, b, a0, X, y = _problem(n=101)
    G1 = first_layer_gradient(W0, b, a0, X, y, chunk=1)
    G2 = first_layer_gradient(W0, b, a0, X, y, chunk=10_000)
    assert np.allclose(G1, G2, rtol=1e-12, atol=1e-14)
    T1, ghat = gradient_terms(W0, b, a0, X, y, chunk=13)
    assert np.allclose(G2, 2 * a0 * (T1 - ghat), rtol=1e-12, atol=1e-14)
    # Part 2's display (no factor 2) is half of it
    G_paper = first_layer_gradient(W0, b, a0, X, y, square_loss_factor=1.0)
    assert np.allclose(G_paper, G2 / 2)


def test_dense_formula_column_by_column():
    W0, b, a0, X, y = _problem(n=20)
    f0 = model_output(W0, b, a0, X)
    n = len(y)
    for i in range(W0.shape[1]):
        col = sum((f0[j] - y[j]) / np.cosh(X[j] @ W0[:, i] + b[i]) ** 2 * X[j] for j in range(n))
        assert np.allclose(first_layer_gradient(W0, b, a0, X, y)[:, i], a0[i] * 2 / n * col)
        assert np.allclose(first_layer_gradient(W0, b, a0, X, y, reduction="sum")[:, i], a0[i] * 2 * col)


def test_clipping_bounds_each_per_sample_gradient():
    W0, b, a0, X, y = _problem(n=30)
    C = 0.05
    G = first_layer_gradient(W0, b, a0, X, y, reduction="sum", clip=C)
    # dense per-sample gradients, clipped by hand
    f0 = model_output(W0, b, a0, X)
    ref = np.zeros_like(W0)
    for j in range(len(y)):
        gj = 2 * (f0[j] - y[j]) * np.outer(X[j], a0 / np.cosh(X[j] @ W0 + b) ** 2)
        ref += gj * min(1.0, C / np.linalg.norm(gj))
    assert np.allclose(G, ref, rtol=1e-12, atol=1e-15)
    # "mean" clips the per-sample gradient first, then divides by n
    assert np.allclose(first_layer_gradient(W0, b, a0, X, y, reduction="mean", clip=C), ref / len(y), rtol=1e-12)
    assert np.allclose(first_layer_gradient(W0, b, a0, X, y, clip=1e9), first_layer_gradient(W0, b, a0, X, y))


def test_first_step_normalises_and_matches_definition():
    W0, b, a0, X, y = _problem()
    W1 = first_step(W0, b, a0, X, y, eta_W=3.0)
    assert np.allclose(np.linalg.norm(W1, axis=0), 1)
    raw = first_step(W0, b, a0, X, y, eta_W=3.0, normalise=False)
    assert np.allclose(raw, W0 - 3.0 * first_layer_gradient(W0, b, a0, X, y))
    assert np.allclose(normalise_columns(raw), W1)


@given(st.integers(1, 6), st.integers(1, 5), st.integers(1, 9), st.integers(0, 2**32 - 1))
def test_feature_weighted_sum_is_linear_in_weights(d, p, n, seed):
    rng = np.random.default_rng(seed)
    W, b, _ = initialise(d, p, rng)
    X = rng.standard_normal((n, d))
    u, v = rng.standard_normal(n), rng.standard_normal(n)
    lhs = feature_weighted_sum(W, b, X, 2 * u - v, chunk=2)
    rhs = 2 * feature_weighted_sum(W, b, X, u) - feature_weighted_sum(W, b, X, v)
    assert np.allclose(lhs, rhs, atol=1e-12)


@pytest.mark.parametrize("d,p", [(0, 3), (3, 0), (-1, 2), (2.5, 2)])
def test_bad_sizes_raise_input_error(d, p):
    with pytest.raises(InputError):
        initialise(d, p, np.random.default_rng(0))


def test_bad_shapes_and_options_raise_input_error():
    W0, b, a0, X, y = _problem()
    with pytest.raises(InputError):
        first_layer_gradient(W0, b, a0, X[:, :3], y)
    with pytest.raises(InputError):
        first_layer_gradient(W0, b[:2], a0, X, y)
    with pytest.raises(InputError):
        first_layer_gradient(W0, b, a0, X, y[:-1])
    with pytest.raises(InputError):
        first_layer_gradient(W0, b, a0, X[:0], y[:0])
    with pytest.raises(InputError):
        first_layer_gradient(W0, b, a0, X, y, reduction="median")
    with pytest.raises(InputError):
        first_step(W0, b, a0, X, y, eta_W=0.0)
    with pytest.raises(InputError):
        first_layer_gradient(W0, b, a0, X, y, chunk=0)


# ----------------------------------------------------------------------------- population limits


def test_population_terms_against_large_sample():
    """T1_pop (Stein + 2-D quadrature) and g (2-D reduction) vs 80 000 seeded samples: the distance
    must be of the Monte Carlo size √(d/n) ≈ 0.02 (allow 3×; 2.5× more for σ_*'s larger variance)."""
    from theorycheck.first_layer import population_initial_output, population_target_term
    from theorycheck.target import PolynomialTarget

    rng = np.random.default_rng(3)
    d = p = 32
    W0, b, a0 = initialise(d, p, rng)
    mu = np.eye(d)[0]
    target = PolynomialTarget.parse("z + (z^2 - 1)/2")
    idx = [0, 1, 2]
    T1p = population_initial_output(W0, b, a0, idx, step=0.4)
    gp = population_target_term(W0, b, mu, target, idx, step=0.4)
    n = 80_000
    X = rng.standard_normal((n, d))
    T1, G = gradient_terms(W0, b, a0, X, target(X[:, 0]))
    mc = np.sqrt(d / n)
    assert np.all(np.linalg.norm(T1[:, idx] - T1p, axis=0) < 3 * mc)
    assert np.all(np.linalg.norm(G[:, idx] - gp, axis=0) < 3 * 2.5 * mc)  # σ_*² has variance ≈ 2.5
    assert np.all(np.linalg.norm(T1p, axis=0) > 0.1)  # the initial-output limit is O(1), not 0
    from theorycheck.first_layer import model_output, population_initial_output_scalar

    scalar = (model_output(W0, b, a0, X) / n) @ (1 / np.cosh(X @ W0[:, idx] + b[idx]) ** 2)
    assert np.all(np.abs(scalar - population_initial_output_scalar(W0, b, a0, idx, step=0.4)) < 3 / np.sqrt(n))


def test_population_quadrature_step_error():
    from theorycheck.first_layer import population_initial_output

    W0, b, a0 = initialise(64, 64, np.random.default_rng(4))
    fine = population_initial_output(W0, b, a0, [0, 5], step=0.1)
    coarse = population_initial_output(W0, b, a0, [0, 5], step=0.4)
    assert np.max(np.abs(fine - coarse)) < 1e-7
