"""Speed-ups that must not change a number: each fast path equals the plain one bit for bit, or (root finders)
returns what the slow method returned to the same tolerance."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

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


# ---------------------------------------------------------------------------------------------------------------
# The bracketing root finder behind gdp_epsilon and presets.mu_for: the same answer as the bisection it
# replaced (the private end of a bracket no wider than the tolerance), in fewer evaluations.


@given(c=st.floats(0.01, 100), k=st.integers(1, 7), scale=st.floats(1e-6, 1e6),
       slope_factor=st.sampled_from([1.0, 0.1, 10.0, -1.0, 0.0, None]))
def test_newton_bracket_keeps_a_bracket_narrower_than_the_tolerance_whatever_the_slope(c, k, scale, slope_factor):
    """The bracket is decided by signs only: a slope too small, too large, of the wrong sign or missing costs
    evaluations, never a wrong bracket."""
    from theorycheck.numerics import newton_bracket_decreasing

    f = lambda x: c - (x / scale) ** k  # noqa: E731 - root scale·c^{1/k}
    slope = lambda x: -k * (x / scale) ** (k - 1) / scale  # noqa: E731

    def f_slope(x):
        return f(x), None if slope_factor is None else slope_factor * slope(x)

    hi = scale * (c + 1)
    lo, hi = newton_bracket_decreasing(f_slope, 0.0, hi, lambda a, b: 1e-10 * b)
    assert f(lo) > 0 >= f(hi) and hi - lo <= 1e-10 * hi
    root = scale * c ** (1 / k)
    assert lo <= root * (1 + 1e-12) and hi >= root * (1 - 1e-12)


def test_newton_bracket_rejects_a_non_bracket_and_counts_fewer_steps_than_bisection():
    from theorycheck.numerics import newton_bracket_decreasing

    with pytest.raises(ValueError, match="not a bracket"):
        newton_bracket_decreasing(lambda x: (1 - x, -1.0), 2.0, 3.0, lambda a, b: 1e-9)
    calls = []
    f = lambda x: calls.append(x) or (math.exp(-x) - 0.3, -math.exp(-x))  # noqa: E731
    newton_bracket_decreasing(f, 0.0, 10.0, lambda a, b: 1e-15)
    assert len(calls) < 12  # bisection needs log2(10/1e-15) ≈ 53


@pytest.mark.parametrize("delta", [1e-30, 1e-5, 0.3, 0.999])
@pytest.mark.parametrize("mu", [1e-3, 0.5, 3.0, 40.0])
def test_gdp_epsilon_is_the_smallest_private_epsilon_to_its_tolerance(delta, mu):
    """δ(ε) ≤ δ at the returned ε, and δ(ε(1 − 2·rel_tol)) > δ: what the bisection returned, to its tolerance."""
    import mpmath

    from theorycheck import privacy as P

    for rel_tol in (1e-20, 1e-12):
        eps = P.gdp_epsilon(delta, mu, rel_tol=rel_tol)
        with mpmath.workdps(40):
            target = mpmath.log(P._mpf(delta))
            if eps == 0:
                assert P.gdp_log_delta(0, mu) <= target
                continue
            assert P.gdp_log_delta(eps, mu, 40) <= target
            assert P.gdp_log_delta(eps * (1 - 2 * mpmath.mpf(rel_tol)), mu, 40) > target


@pytest.mark.parametrize("eps", [0.001, 0.5, 8.0, 50.0])
@pytest.mark.parametrize("delta", [1e-30, 1e-5, 0.5, 0.99])
def test_mu_for_is_the_largest_private_mu_to_its_tolerance(eps, delta):
    import mpmath

    from theorycheck.privacy import gdp_log_delta
    from theorycheck.simulator.presets import mu_for

    mu = mu_for(eps, delta)
    target = mpmath.log(delta)
    assert gdp_log_delta(eps, mu) < target <= gdp_log_delta(eps, mu * (1 + 2e-12))


@given(shift=st.floats(-0.49, 0.49), width=st.floats(1e-6, 0.99))
def test_snap_to_lattice_gives_one_cell_for_every_bracket_of_the_root(shift, width):
    """Brackets of √2 of any width ≤ the step, anywhere around it, snap to the same lattice cell."""
    from theorycheck.numerics import snap_to_lattice

    f = lambda x: 2 - x * x  # noqa: E731
    root, step = 2**0.5, 0.01
    lo = root - width * step * (0.5 + shift)
    hi = lo + width * step
    assert snap_to_lattice(f, lo, hi, step) == (1.41, 1.42)


def test_privacy_root_finders_do_not_depend_on_the_working_precision_around_them():
    import mpmath

    from theorycheck import privacy as P
    from theorycheck.simulator.presets import mu_for

    seen = set()
    for dps in (10, 15, 30, 60):
        with mpmath.workdps(dps):
            seen.add((mu_for(1.0, 1e-5), float(P.gdp_epsilon(1e-5, 0.9, rel_tol=1e-12)),
                      mpmath.nstr(P.gdp_epsilon(1e-7, 2.5), 35)))
    assert len(seen) == 1


def test_blas_limited_gives_the_threads_back():
    """A notebook's kernel runs a check on the check processes' BLAS threads (the count enters the cache key) and
    gets its own count back afterwards (theorycheck.blas.limited)."""
    import ctypes

    import numpy as np  # noqa: F401  (loads OpenBLAS)
    import scipy.linalg  # noqa: F401  (loads SciPy's own OpenBLAS)

    from theorycheck import blas

    before = blas.current()
    if before is None:
        pytest.skip("no OpenBLAS that reports its threads is loaded")
    blas.limit(2)
    try:
        with blas.limited(1):
            assert blas.current() == 1 and set(blas.counts()) == {1}
        assert blas.current() == 2
        # each library gets its own count back, not the first one's (referee N)
        pairs = list(blas._openblas_pairs())
        if len(pairs) < 2:
            pytest.skip("one OpenBLAS loaded: nothing to tell apart")
        own = [2] + [1] * (len(pairs) - 1)
        for (_, setter), n in zip(pairs, own):
            setter(ctypes.c_int(n))
        with blas.limited(1):
            assert set(blas.counts()) == {1}
        assert blas.counts() == own
    finally:
        blas.limit(before)
    assert blas.current() == before


def test_sympy_cache_size_is_set_before_sympy_loads_and_a_users_setting_wins():
    """theorycheck enlarges SymPy's per-function caches when it loads before SymPy (the CLI, the tests, a notebook,
    and the proofs package, which imports it first); a user's SYMPY_CACHE_SIZE is kept; the environment records the
    size in force, "off" when SymPy's cache is off."""
    import os
    import subprocess
    import sys

    import theorycheck

    probe = ("import sys, {first}; import sympy.core.cache as c; from theorycheck.report import _sympy_cache_size; "
             "print(c.SYMPY_CACHE_SIZE, _sympy_cache_size())")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SYMPY_")}

    def run(first: str, **extra: str) -> str:
        return subprocess.run([sys.executable, "-c", probe.format(first=first)], env={**env, **extra},
                              capture_output=True, text=True, check=True).stdout.strip()

    size = theorycheck.SYMPY_CACHE_SIZE
    assert run("theorycheck") == f"{size} {size}"
    assert run("theorycheck_proofs.part2_certificate_steps") == f"{size} {size}"  # the proofs load SymPy themselves
    assert run("theorycheck", SYMPY_CACHE_SIZE="7") == "7 7"
    assert run("sympy, theorycheck") == "1000 1000"  # SymPy first: its own default stays, and is what is recorded
    assert run("theorycheck", SYMPY_USE_CACHE="no").endswith(" off")
