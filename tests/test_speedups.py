"""Speed-ups that must not change a number: each fast path equals the plain one bit for bit."""

from __future__ import annotations

import numpy as np

from theorycheck import first_layer as FL
from theorycheck.gaussian import expect_cov


def test_expect_cov_with_several_integrands_equals_separate_calls():
    rng = np.random.default_rng(0)
    var1, var2 = rng.uniform(0.5, 2, 7), rng.uniform(0.5, 2, 7)
    cov = 0.3 * np.sqrt(var1 * var2)
    f = lambda v1, v2, k: np.tanh(v1) * np.cos(v2)  # noqa: E731
    g = lambda v1, v2, k: v1 * v2**2 + k  # noqa: E731
    both = expect_cov(lambda v1, v2, k: (f(v1, v2, k), g(v1, v2, k)), var1, cov, var2, size=0.2, block=3)
    assert isinstance(both, tuple) and len(both) == 2
    assert both[0].tobytes() == expect_cov(f, var1, cov, var2, size=0.2, block=3).tobytes()
    assert both[1].tobytes() == expect_cov(g, var1, cov, var2, size=0.2, block=3).tobytes()


def test_population_initial_output_equals_the_two_integrand_form_bit_for_bit():
    rng = np.random.default_rng(5)
    d, p = 16, 12
    W0, b, a0 = FL.initialise(d, p, rng)
    fast = FL.population_initial_output(W0, b, a0, np.arange(4), step=0.25)
    G = W0.T @ W0
    plain = np.empty((d, 4))
    for col, i in enumerate(range(4)):
        var1, cov, var2 = np.diag(G), G[:, i], np.full(p, G[i, i])

        def F1(v1, v2, k, bi=b[i]):
            return FL._tanh_d(1, v1 + b[k]) * FL._tanh_d(1, v2 + bi)

        def F2(v1, v2, k, bi=b[i]):
            return FL._tanh_d(0, v1 + b[k]) * FL._tanh_d(2, v2 + bi)

        e1, e2 = expect_cov(F1, var1, cov, var2, size=0.25), expect_cov(F2, var1, cov, var2, size=0.25)
        plain[:, col] = W0 @ (a0 * e1) + W0[:, i] * float(a0 @ e2)
    assert fast.tobytes() == plain.tobytes()


def test_blas_limit_finds_the_loaded_openblas_and_keeps_products_exact():
    from theorycheck import blas

    F = np.tanh(np.random.default_rng(1).standard_normal((4096, 32)))
    before = F.T @ F
    assert blas.threads_per_check() >= 1
    if blas.limit(1):
        assert (F.T @ F).tobytes() == before.tobytes()
