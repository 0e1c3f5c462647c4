"""Tests of theorycheck.gaussian: 2-D quadrature for correlated Gaussians and the d-dim reduction."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from theorycheck.errors import InputError
from theorycheck.gaussian import expect_cov, expect_pair, expect_vector, quadrature_rule


@given(st.floats(-0.9, 0.9), st.floats(0.85, 2.0))
def test_moments_exact(rho, r2):
    """E[UV] = ρ, E[V²] = ‖w‖², E[U²V²] = ‖w‖² + 2ρ² (Isserlis)."""
    assert abs(expect_pair(lambda u, v: u * v, rho, r2) - rho) < 1e-13
    assert abs(expect_pair(lambda u, v: v * v, rho, r2) - r2) < 1e-13
    assert abs(expect_pair(lambda u, v: u * u * v * v, rho, r2) - (r2 + 2 * rho**2)) < 1e-12


def _conditional_mp(k: int, b: float, rho: float, r2: float) -> mpmath.mpf:
    """E[U^k tanh''(V + b)] at 25 digits by conditioning on V: U | V ~ N(mV, τ²), m = ρ/‖w‖², τ² = 1 − ρ²/‖w‖²
    (a 1-D mpmath integral: an independent route to the same number)."""
    with mpmath.workdps(25):
        m, tau2, r = mpmath.mpf(rho) / r2, 1 - mpmath.mpf(rho) ** 2 / r2, mpmath.sqrt(r2)

        def cond_moment(v):  # E[(mv + τZ)^k]
            return sum(
                mpmath.binomial(k, i)
                * (m * v) ** (k - i)
                * tau2 ** (mpmath.mpf(i) / 2)
                * (mpmath.fac2(i - 1) if i % 2 == 0 else 0)
                for i in range(k + 1)
            )

        def f(y):
            v = r * y
            t = mpmath.tanh(v + b)
            return cond_moment(v) * (-2 * t * (1 - t * t)) * mpmath.npdf(y)

        return mpmath.quad(f, [-mpmath.inf, -b / r, mpmath.inf])


@pytest.mark.parametrize("k,b,rho,r2", [(3, 0.7, 0.4, 1.3), (1, -2.0, -0.6, 1.0), (4, 0.0, 0.2, 0.5)])
def test_tanh_integrand_against_conditional_mpmath(k, b, rho, r2):
    val = expect_pair(lambda u, v: u**k * (-2 * np.tanh(v + b) / np.cosh(v + b) ** 2), rho, r2)
    ref = float(_conditional_mp(k, b, rho, r2))
    assert abs(val - ref) < 1e-13


def test_gauss_hermite_rule_agrees():
    F = lambda u, v: u**2 / np.cosh(v + 0.3) ** 2  # noqa: E731
    assert abs(expect_pair(F, 0.5, 1.2) - expect_pair(F, 0.5, 1.2, kind="gauss-hermite", size=150)) < 1e-9


def test_vector_expectation_against_monte_carlo():
    """E[F(⟨μ,x⟩,⟨w,x⟩) x] in d = 10 vs 400 000 seeded samples; tolerance 5 standard errors per coordinate."""
    rng = np.random.default_rng(7)
    d = 10
    mu = rng.standard_normal(d)
    mu /= np.linalg.norm(mu)
    w = rng.standard_normal(d) / math.sqrt(d)
    F = lambda u, v: (u + 0.5 * (u * u - 1)) / np.cosh(v + 0.4) ** 2  # noqa: E731
    exact = expect_vector(F, mu, w)
    X = rng.standard_normal((400_000, d))
    vals = F(X @ mu, X @ w)[:, None] * X
    mc, se = vals.mean(0), vals.std(0) / math.sqrt(len(X))
    assert np.all(np.abs(mc - exact) < 5 * se)


def test_vector_orthogonal_component_vanishes_and_parallel_case():
    d = 6
    mu = np.eye(d)[0]
    w = 0.8 * mu  # s = 0: V = 0.8 U
    out = expect_vector(lambda u, v: u * np.tanh(v), mu, w)
    assert np.allclose(out[1:], 0)
    assert abs(out[0] - expect_pair(lambda u, v: u * u * np.tanh(v), 0.8, 0.64)) < 1e-13


def test_expect_cov_matches_expect_pair():
    F = lambda v1, v2, k: np.tanh(v1 + 0.2) / np.cosh(v2 - 0.5) ** 2  # noqa: E731
    got = expect_cov(F, np.array([1.0, 1.0]), np.array([0.3, -0.2]), np.array([1.5, 0.7]))
    for j, (c, v2) in enumerate([(0.3, 1.5), (-0.2, 0.7)]):
        ref = expect_pair(lambda u, v: np.tanh(u + 0.2) / np.cosh(v - 0.5) ** 2, c, v2)
        assert abs(got[j] - ref) < 1e-13


def test_quadrature_weights_sum_to_one():
    for kind, size in [("trapezoid", 0.1), ("trapezoid", 0.3), ("gauss-hermite", 60)]:
        z, w = quadrature_rule(kind, size)
        assert abs(w.sum() - 1) < 1e-14


@pytest.mark.parametrize(
    "call",
    [
        lambda: expect_pair(lambda u, v: u, 1.5, 1.0),  # |ρ| > ‖w‖
        lambda: expect_pair(lambda u, v: u, 0.1, -1.0),
        lambda: expect_vector(lambda u, v: u, np.ones(3), np.ones(3)),  # μ not a unit vector
        lambda: expect_vector(lambda u, v: u, np.eye(3)[0], np.ones(2)),
        lambda: quadrature_rule("simpson", 0.1),
        lambda: quadrature_rule("trapezoid", 0.0),
        lambda: expect_cov(lambda a, b, k: a, [1.0], [2.0], [1.0]),  # not positive semidefinite
    ],
)
def test_bad_input(call):
    with pytest.raises(InputError):
        call()


@given(
    st.lists(st.integers(-3, 3), min_size=1, max_size=5),
    st.floats(-3, 3),
    st.floats(-0.8, 0.8),
    st.floats(0.5, 1.5),
    st.integers(0, 2**32 - 1),
)
def test_stein_lemma_on_random_polynomials(coeffs, b, tilt, norm, seed):
    """E[P(⟨μ,x⟩) σ'(⟨w,x⟩+b) x] = μ E[P'σ'] + w E[Pσ''] (Gaussian integration by parts) for random
    integer polynomials P, biases, norms and angles; left side from the 2-D reduction of the definition."""
    from theorycheck.target import PolynomialTarget
    from theorycheck_proofs.part2_first_layer import paper_stein_rhs

    if all(c == 0 for c in coeffs):
        coeffs = [0, 1]
    P = PolynomialTarget.from_coefficients(coeffs, require_information_exponent_one=False)
    rng = np.random.default_rng(seed)
    d = 5
    mu = rng.standard_normal(d)
    mu /= np.linalg.norm(mu)
    v = rng.standard_normal(d)
    v -= (v @ mu) * mu
    v /= np.linalg.norm(v)
    w = norm * (tilt * mu + math.sqrt(1 - tilt**2) * v)
    lhs = expect_vector(lambda u, vv: P(u) / np.cosh(vv + b) ** 2, mu, w)
    rhs = paper_stein_rhs(P, mu, w, b)
    assert np.linalg.norm(lhs - rhs) <= 1e-10 * max(1.0, np.linalg.norm(lhs))
