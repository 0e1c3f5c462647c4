"""Speed-ups of the first-layer claims (proofs/part2_first_layer.py, proofs/part2_rank1_steps.py) and of
theorycheck.gaussian / theorycheck.hermite: each fast path equals the computation it replaced bit for bit. The
replaced computations are kept here, written out as they were, as the references."""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest

from theorycheck import first_layer as FL
from theorycheck import gaussian as G
from theorycheck import hermite as H
from theorycheck_proofs import part2_first_layer as P
from theorycheck_proofs import part2_rank1_steps as S

# ----------------------------------------------------------------------------------------------- references


def _plain_tensor_weights(kind: str, size: float) -> np.ndarray:
    _, w = G.quadrature_rule(kind, size)
    return w[:, None] * w[None, :]


def plain_expect_pair(F, rho, w_norm2, *, kind="trapezoid", size=0.1, with_z=False):
    """theorycheck.gaussian.expect_pair before the speed-ups (weights formed per call, × ones always)."""
    s = G.pair_geometry(float(rho), float(w_norm2))
    z, w = G.quadrature_rule(kind, size)
    u = z[:, None]
    zz = z[None, :]
    vals = np.asarray(F(u, rho * u + s * zz), dtype=float) * np.ones((1, 1))
    W = w[:, None] * w[None, :]
    total = float(np.sum(vals * W))
    if not with_z:
        return total
    return total, float(np.sum(vals * u * W)), float(np.sum(vals * zz * W))


def plain_expect_vector(F, mu, w, *, kind="trapezoid", size=0.1):
    mu = np.asarray(mu, dtype=float)
    w = np.asarray(w, dtype=float)
    rho = float(mu @ w)
    s = G.pair_geometry(rho, float(w @ w))
    _, eu, ez = plain_expect_pair(F, rho, float(w @ w), kind=kind, size=size, with_z=True)
    out = eu * mu
    if s > 0:
        out = out + ez * (w - rho * mu) / s
    return out


def plain_tanh_d(k, v):
    """proofs.part2_first_layer._tanh_d before the speed-ups (tanh formed for every k)."""
    t = np.tanh(v)
    if k == 0:
        return t
    s = 1.0 / np.cosh(v) ** 2
    return s if k == 1 else -2.0 * t * s


def plain_population_scan(seed, neurons, ds, target_alpha):
    """proofs.part2_first_layer._population_scan_at before the speed-ups (two quadratures per neuron)."""
    target = P.target_from_hermite(target_alpha)
    a1 = float(Fraction(target_alpha[1]))
    rng = np.random.default_rng(seed)
    out = {}
    for d in ds:
        W = rng.standard_normal((d, neurons)) / math.sqrt(d)
        b = rng.standard_normal(neurons)
        mu = np.zeros(d)
        mu[0] = 1.0
        alpha1 = H.alpha_tanh_fast(1, b)[1]
        s2, g_res = [], []
        for i in range(neurons):
            w = W[:, i]
            rho, r2 = float(w[0]), float(w @ w)
            s2.append(abs(plain_expect_pair(lambda u, v: target(u) * plain_tanh_d(2, v + b[i]), rho, r2, size=0.2)))
            g = plain_expect_vector(lambda u, v: target(u) * plain_tanh_d(1, v + b[i]), mu, w, size=0.2)
            g_res.append(float(np.linalg.norm(g - alpha1[i] * a1 * mu)))
        out[d] = (np.array(s2), np.array(g_res))
    return out


def plain_initial_output_measurements(seed, ds, ratios, pop_ds):
    """proofs.part2_first_layer._initial_output_measurements before the speed-ups: every column of T1 and ĝ
    (gradient_terms), and the vector and scalar population readings by the library's two functions."""
    target = P.target_from_hermite(P.SIM_TARGET_ALPHA)
    idx = np.arange(P.POP_NEURONS)
    measured, pops, pops_scalar = [], {}, {}
    for d in ds:
        W0, b, a0, mu = P._network(d, seed)
        pop = FL.population_initial_output(W0, b, a0, idx, step=P.POP_STEP)
        pops[d] = float(np.median(np.linalg.norm(pop, axis=0)))
        pops_scalar[d] = float(np.median(np.abs(FL.population_initial_output_scalar(W0, b, a0, idx, step=P.POP_STEP))))
        rows = []
        for ratio in ratios:
            X, y = P._data(d, ratio, seed, target)
            T1, _ = FL.gradient_terms(W0, b, a0, X, y)
            norms = np.linalg.norm(T1[:, idx], axis=0)
            dist = np.linalg.norm(T1[:, idx] - pop, axis=0)
            scalar = (FL.model_output(W0, b, a0, X) / len(y)) @ (1 / np.cosh(X @ W0[:, idx] + b[idx]) ** 2)
            rows.append((ratio * d, float(np.median(norms)), float(np.median(dist)), float(np.median(np.abs(scalar)))))
        measured.append(tuple(rows))
    for d in pop_ds:
        W0, b, a0, mu = P._network(d, seed)
        pops[d] = float(
            np.median(np.linalg.norm(FL.population_initial_output(W0, b, a0, idx, step=P.POP_STEP), axis=0))
        )
    return tuple(measured), tuple(pops.items()), tuple(pops_scalar.items())


def plain_alpha_tanh(n, b=0, *, dps=30, scale=1, method="definition"):
    """theorycheck.hermite.alpha_tanh before the speed-ups (mpmath.npdf at every node, nothing remembered)."""
    n, b, r = H._validate_b_r(n, b, scale)
    with mpmath.workdps(dps + n + 15):
        b, r = mpmath.mpf(b), mpmath.mpf(r)
        if method == "definition":
            he = [int(c) for c in H.sp.Poly(H.sp.hermite_prob(n, H._X), H._X).all_coeffs()[::-1]]
            f = lambda z: mpmath.tanh(r * z + b) * H._poly_eval(he, z) * mpmath.npdf(z)  # noqa: E731
            val = mpmath.quad(f, H._breakpoints(b, r)) / mpmath.factorial(n)
        else:
            P_ = H.tanh_derivative_poly(n)
            f = lambda z: H._poly_eval(P_, mpmath.tanh(r * z + b)) * mpmath.npdf(z)  # noqa: E731
            val = r**n * mpmath.quad(f, H._breakpoints(b, r)) / mpmath.factorial(n)
    with mpmath.workdps(dps):
        return +val


def plain_expected_norm_times_target(dd):
    """proofs.part2_rank1_steps._expected_norm_times_target before the speed-up (scipy's frozen chi pdf)."""
    from scipy import integrate, stats

    target = S.M._target()
    nodes, weights = np.polynomial.hermite_e.hermegauss(120)
    weights = weights / math.sqrt(2 * math.pi)
    chi = stats.chi(dd - 1)
    inner = [
        integrate.quad(lambda r_, u=u: math.sqrt(u * u + r_ * r_) * chi.pdf(r_), 0, 30, epsabs=1e-12)[0] for u in nodes
    ]
    return float(np.sum(weights * np.abs(target(nodes)) * np.array(inner)))


# ----------------------------------------------------------------------------------------------- gaussian


def _batch(m, seed):
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((m, 3))
    C = A @ A.T / 3 + 0.1 * np.eye(m)
    return C, rng.standard_normal(m)


@pytest.mark.parametrize("size", [0.4, 0.2])
def test_expect_cov_default_block_equals_block_256(size):
    C, bk = _batch(97, 0)

    def F(v1, v2, k):
        x1, x2 = v1 + bk[k], v2 + 0.3
        c2 = np.cosh(x2) ** 2
        return (1.0 / np.cosh(x1) ** 2) * (1.0 / c2), np.tanh(x1) * (-2.0 * np.tanh(x2) / c2)

    args = (F, np.diag(C), C[:, 5], np.full(97, C[5, 5]))
    ref = G.expect_cov(*args, size=size, block=256)
    for block in (None, 1, 7, 32):
        got = G.expect_cov(*args, size=size, block=block)
        assert all(a.tobytes() == g.tobytes() for a, g in zip(ref, got))


def test_tensor_weights_are_the_per_call_products():
    for kind, size in (("trapezoid", 0.1), ("trapezoid", 0.4), ("gauss-hermite", 40)):
        assert G._tensor_weights(kind, size).tobytes() == _plain_tensor_weights(kind, size).tobytes()


def test_expect_pair_and_vector_equal_the_plain_forms_and_tuples_equal_separate_calls():
    rng = np.random.default_rng(2)
    mu = np.zeros(9)
    mu[0] = 1.0
    w = rng.standard_normal(9) / 3
    f = lambda u, v: (u**3 - u) * plain_tanh_d(2, v - 0.7)  # noqa: E731
    g = lambda u, v: u * plain_tanh_d(1, v - 0.7)  # noqa: E731
    const = lambda u, v: 2.5  # noqa: E731 - broadcast to the grid
    rho, r2 = float(w[0]), float(w @ w)
    for F in (f, g, const):
        for with_z in (False, True):
            assert G.expect_pair(F, rho, r2, size=0.2, with_z=with_z) == plain_expect_pair(
                F, rho, r2, size=0.2, with_z=with_z
            )
        assert G.expect_vector(F, mu, w, size=0.2).tobytes() == plain_expect_vector(F, mu, w, size=0.2).tobytes()
    both = G.expect_pair(lambda u, v: (f(u, v), g(u, v)), rho, r2, size=0.2, with_z=True)
    assert both == (
        plain_expect_pair(f, rho, r2, size=0.2, with_z=True),
        plain_expect_pair(g, rho, r2, size=0.2, with_z=True),
    )


# ----------------------------------------------------------------------------------------------- part2_first_layer


def test_tanh_d_equals_the_plain_form():
    v = np.random.default_rng(3).standard_normal((7, 11)) * 5
    for k in (0, 1, 2):
        assert P._tanh_d(k, v).tobytes() == plain_tanh_d(k, v).tobytes()


def test_population_scan_equals_the_two_quadrature_form():
    args = (P.SIM_SEED, 6, (16, 64), tuple(P.SERIES_TARGET_ALPHA))
    fast, plain = P._population_scan_at(*args), plain_population_scan(*args)
    assert fast.keys() == plain.keys()
    for d in plain:
        assert all(a.tobytes() == b.tobytes() for a, b in zip(fast[d], plain[d]))


def test_sigma2_and_target_term_off_the_first_axis_falls_back_to_separate_quadratures():
    rng = np.random.default_rng(4)
    mu = rng.standard_normal(8)
    mu /= np.linalg.norm(mu)
    w = rng.standard_normal(8) / 3
    target = P.target_from_hermite(P.SERIES_TARGET_ALPHA)
    e2, g = P._sigma2_and_target_term(target, mu, w, 0.4)
    rho, r2 = float(w[0]), float(w @ w)
    assert e2 == plain_expect_pair(lambda u, v: target(u) * plain_tanh_d(2, v + 0.4), rho, r2, size=0.2)
    assert (
        g.tobytes() == plain_expect_vector(lambda u, v: target(u) * plain_tanh_d(1, v + 0.4), mu, w, size=0.2).tobytes()
    )


def test_both_population_readings_equal_the_library_functions():
    rng = np.random.default_rng(5)
    W0, b, a0 = FL.initialise(20, 40, rng)
    idx = np.arange(5)
    vec, scalar = P._population_initial_output_both(W0, b, a0, idx, step=0.4)
    assert vec.tobytes() == FL.population_initial_output(W0, b, a0, idx, step=0.4).tobytes()
    assert scalar.tobytes() == FL.population_initial_output_scalar(W0, b, a0, idx, step=0.4).tobytes()


def test_initial_output_measurements_equal_the_plain_form():
    args = (P.SIM_SEED, (16, 32), (4, 16, 64), (64,))
    assert P._initial_output_measurements(*args) == plain_initial_output_measurements(*args)


def test_population_direction_with_the_shared_initial_output_term():
    for d in (16, 32):
        W0, b, a0, mu = P._network(d, P.SIM_SEED)
        target = P.target_from_hermite(P.SIM_TARGET_ALPHA)
        plain = P._population_direction(W0, b, a0, mu, target, np.arange(P.POP_NEURONS))
        fast = P._population_direction_at(d, P.SIM_SEED, P.SIM_TARGET_ALPHA)
        assert fast.tobytes() == plain.tobytes()


# ----------------------------------------------------------------------------------------------- hermite


def test_npdf_equals_mpmath_npdf():
    rng = np.random.default_rng(6)
    for dps in (20, 46, 56):
        with mpmath.workdps(dps):
            for x in rng.uniform(-40, 40, 300):
                z = mpmath.mpf(x) / 3
                assert H._npdf(z)._mpf_ == mpmath.npdf(z)._mpf_


@pytest.mark.parametrize(
    ("n", "b", "dps", "method"),
    [
        (1, "0", 40, "definition"),
        (1, "-1.25", 40, "definition"),
        (1, "0.5", 30, "definition"),
        (2, "-0.5", 30, "definition"),
        (3, "1.7", 20, "derivative"),
        (0, "-1.7", 20, "derivative"),
    ],
)
def test_alpha_tanh_equals_the_plain_form(n, b, dps, method):
    expected = plain_alpha_tanh(n, b, dps=dps, method=method)
    assert H.alpha_tanh(n, b, dps=dps, method=method)._mpf_ == expected._mpf_
    assert H.alpha_tanh(n, b, dps=dps, method=method)._mpf_ == expected._mpf_  # remembered


def test_alpha_tanh_memo_keys_on_the_callers_precision():
    with mpmath.workdps(50):
        high = H.alpha_tanh(1, "0.1", dps=20)
        assert high._mpf_ == plain_alpha_tanh(1, "0.1", dps=20)._mpf_
    low = H.alpha_tanh(1, "0.1", dps=20)  # b = "0.1" read at 15 digits: a different number
    assert low._mpf_ == plain_alpha_tanh(1, "0.1", dps=20)._mpf_
    assert low != high


# ----------------------------------------------------------------------------------------------- part2_rank1_steps


def test_chi_pdf_equals_scipy():
    from scipy import stats

    for df in (3, 15):
        pdf, ref = S.chi_pdf(df), stats.chi(df)
        xs = np.concatenate([np.linspace(0, 30, 3001), np.random.default_rng(df).uniform(0, 30, 3000), [-1.0, 0.0]])
        assert all(pdf(float(x)) == float(ref.pdf(x)) for x in xs)


def test_expected_norm_times_target_equals_the_scipy_form():
    assert S._expected_norm_times_target(16) == plain_expected_norm_times_target(16)
