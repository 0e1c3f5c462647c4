"""Simulator of Algorithm 1: closed forms, ghost-norm clipping, determinism, bad inputs, speed."""

from __future__ import annotations

import time

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from theorycheck.errors import InputError
from theorycheck.simulator import (
    ArrayDataset,
    Features,
    HyperParameters,
    Options,
    SimulationError,
    algorithm1,
    clipped_gradient,
    make_problem,
    privacy_mu,
    run_experiment,
)
from theorycheck.simulator.diagnostics import kernel_stats
from theorycheck.simulator.sweep import ABOVE_NULL, _flag_regime, risk_over_null

TARGET = "x^3 - 2*x"


def tiny(d=8, n=64, seed=0):
    prob = make_problem(d, n, TARGET, seed, n_test=256)
    return prob, prob.data_W.materialise(), prob.data_a.materialise()


def materialised_clipped_mean(F, y, a, lam, C, rule, regulariser="clipped", k=2.0, aggregate="mean"):
    """Reference: form the n×p per-sample gradients explicitly."""
    r = F @ a - y
    G = k * r[:, None] * F
    if regulariser == "clipped":
        G = G + 2 * lam * a
    norms = np.linalg.norm(G, axis=1)
    if rule == "min":
        c = np.minimum(1.0, C / np.maximum(norms, 1e-300))
    elif rule == "literal":
        c = np.maximum(1.0, norms / C)
    else:
        c = np.ones_like(norms)
    G = c[:, None] * G
    if regulariser == "unclipped":
        G = G + 2 * lam * a
    g = G.sum(axis=0)
    return g / len(y) if aggregate == "mean" else g


@given(
    seed=st.integers(0, 10**6),
    rule=st.sampled_from(["min", "literal", "none"]),
    reg=st.sampled_from(["clipped", "unclipped"]),
    agg=st.sampled_from(["mean", "sum"]),
    C=st.floats(0.01, 100),
    lam=st.floats(0, 10),
    k=st.sampled_from([1.0, 2.0]),
)
def test_ghost_norm_clipping_equals_materialised(seed, rule, reg, agg, C, lam, k):
    rng = np.random.default_rng(seed)
    n, p = 37, 11
    F = np.tanh(rng.standard_normal((n, p)))
    y = rng.standard_normal(n) * 3
    a = rng.standard_normal(p)
    opts = Options(clip_rule=rule, regulariser=reg, aggregate=agg, data_grad_factor=k)
    blocks = [
        (F[:20], y[:20], np.einsum("ij,ij->i", F[:20], F[:20])),
        (F[20:], y[20:], np.einsum("ij,ij->i", F[20:], F[20:])),
    ]
    g, stats = clipped_gradient(blocks, a, lam, C, opts)
    ref = materialised_clipped_mean(F, y, a, lam, C, rule, reg, k, agg)
    np.testing.assert_allclose(g, ref, rtol=1e-10, atol=1e-10)
    assert 0 <= stats["clipped_fraction"] <= 1


def test_dpgd_without_noise_or_clipping_converges_to_ridge():
    prob, dW, da = tiny(d=8, n=300)
    p, lam = 16, 0.5
    # find a stable step from the kernel of W1 features: run once to get W1
    base = HyperParameters(lam=lam, eta_W=5.0, eta_a=1e-3, C_a=1.0, T=1)
    res0 = algorithm1(dW, da, base, np.random.default_rng(1), p=p, sigma_W=0, sigma_a=0)
    stats = kernel_stats(Features(ArrayDataset(*da), res0.W1, res0.b, 2**30))
    lam_max = np.linalg.eigvalsh(stats.K)[-1]
    hp = base.replace(eta_a=1 / (2 * (lam_max + lam)), T=3000)
    res = algorithm1(dW, da, hp, np.random.default_rng(1), p=p, sigma_W=0, sigma_a=0, options=Options(clip_rule="none"))
    np.testing.assert_array_equal(res.W1, res0.W1)
    a_rr = stats.ridge(lam)
    assert np.linalg.norm(res.a_T - a_rr) < 1e-8 * max(1, np.linalg.norm(a_rr))
    assert res.diagnostics["mu_a"] == float("inf")  # clip_rule none: not private


def test_same_seed_bit_identical_and_streaming_matches_memory():
    prob, dW, da = tiny()
    hp = HyperParameters(lam=1.0, eta_W=3.0, eta_a=0.05, C_a=2.0, T=10, sigma_W=0.1, sigma_a=0.5)
    r1 = algorithm1(dW, da, hp, np.random.default_rng(42), p=16)
    r2 = algorithm1(dW, da, hp, np.random.default_rng(42), p=16)
    r3 = algorithm1(dW, da, hp, np.random.default_rng(43), p=16)
    for x, y in ((r1.W1, r2.W1), (r1.a_T, r2.a_T), (r1.b, r2.b)):
        assert x.tobytes() == y.tobytes()
    assert r1.a_T.tobytes() != r3.a_T.tobytes()
    streamed = make_problem(8, 64, TARGET, 0, n_test=256, in_memory=False)
    r4 = algorithm1(streamed.data_W, streamed.data_a, hp, np.random.default_rng(42), p=16)
    assert r4.a_T.tobytes() == r1.a_T.tobytes()
    a = run_experiment(16, preset="calibrated", seed=3, n_test=512)
    b = run_experiment(16, preset="calibrated", seed=3, n_test=512)
    assert {k: v for k, v in a.items() if k != "time_s"} == {k: v for k, v in b.items() if k != "time_s"}


def test_noise_switches_and_sum_aggregate():
    prob, dW, da = tiny()
    hp = HyperParameters(lam=1.0, eta_W=3.0, eta_a=0.05, C_a=2.0, T=10, sigma_W=0.3, sigma_a=0.5)
    quiet = [algorithm1(dW, da, hp, np.random.default_rng(s), p=16, sigma_W=0, sigma_a=0) for s in (0, 0)]
    assert quiet[0].a_T.tobytes() == quiet[1].a_T.tobytes()
    mean = privacy_mu(hp, 64, 16, Options())
    summed = privacy_mu(hp, 64, 16, Options(aggregate="sum"))
    assert summed["mu_a"] == pytest.approx(64 * mean["mu_a"])
    assert privacy_mu(hp, 64, 16, Options(noise_form="part1-scalar"))["mu_a"] == float("inf")
    assert privacy_mu(hp, 64, 16, Options(clip_rule="literal"))["mu_a"] == float("inf")
    res = algorithm1(dW, da, hp, np.random.default_rng(0), p=16, options=Options(aggregate="sum"), delta=1e-5)
    assert (
        res.diagnostics["eps_a"]
        > algorithm1(dW, da, hp, np.random.default_rng(0), p=16, delta=1e-5).diagnostics["eps_a"]
    )


def test_paper_noise_rule_accounting():
    """Algorithm 1's σ_a = √(η_a T)√(8 log(1/δ))/ε gives μ_a = 2ε/√(8 log(1/δ)) exactly (per-step Δ = 2η_aC/n)."""
    from theorycheck.simulator import presets

    hp = presets.paper(64, 777, 64, 3, 0.2, 0.175, 1.0, 1e-5)
    mu = privacy_mu(hp, 777, 64, Options())["mu_a"]
    assert mu == pytest.approx(2 * 1.0 / np.sqrt(8 * np.log(1e5)), rel=1e-12)


def test_calibrated_spends_the_budget():
    row = run_experiment(32, preset="calibrated", seed=0, eps=0.5, delta=1e-6, n_test=512)
    assert row["regime_flags"] == "" and row["status"].startswith("ok")
    assert row["eps_total"] == pytest.approx(0.5, rel=1e-6)
    assert row["stability_margin"] < 1.2  # η_a from the public kernel: every eigenvalue of η_a L is about <= 1


def test_divergence_names_the_step():
    prob, dW, da = tiny()
    hp = HyperParameters(lam=1.0, eta_W=3.0, eta_a=1e140, C_a=1e300, T=50)
    with pytest.raises(SimulationError) as info:
        algorithm1(dW, da, hp, np.random.default_rng(0), p=16, sigma_W=0, sigma_a=0, options=Options(clip_rule="none"))
    assert "second-layer step t=" in str(info.value)
    assert info.value.diagnostics["clipped_fraction"]


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(d=0),
        dict(d=-3),
        dict(n=0),
        dict(p=0),
        dict(eps=0),
        dict(eps=-1),
        dict(delta=0),
        dict(delta=1),
        dict(delta=1.5),
        dict(target="sin(x)"),
        dict(target="x^2 - 1"),
        dict(target="x^2 + x"),
        dict(target="0"),
        dict(preset="nope"),
        dict(eps_n=0),
        dict(eps_p=-1),
    ],
)
def test_bad_inputs(kwargs):
    args = dict(d=8, n=None, p=None, eps=1.0, delta=1e-5, target=TARGET, preset="calibrated", eps_n=0.2, eps_p=1.0)
    args.update(kwargs)
    d = args.pop("d")
    with pytest.raises(InputError):
        run_experiment(d, **args)


@pytest.mark.parametrize(
    "field,value",
    [
        ("lam", 0),
        ("eta_W", -1),
        ("eta_a", 0),
        ("C_a", -2),
        ("T", 0),
        ("sigma_a", -1),
        ("sigma_W", float("nan")),
        ("C_W", 0),
    ],
)
def test_bad_hyper_parameters(field, value):
    base = dict(lam=1.0, eta_W=1.0, eta_a=0.1, C_a=1.0, T=3)
    base[field] = value
    with pytest.raises(InputError):
        HyperParameters(**base)


def test_bad_datasets_and_options():
    hp = HyperParameters(lam=1.0, eta_W=1.0, eta_a=0.1, C_a=1.0, T=3)
    X = np.zeros((5, 3))
    with pytest.raises(InputError):
        algorithm1((X, np.zeros(4)), (X, np.zeros(5)), hp, np.random.default_rng(0), p=4)
    with pytest.raises(InputError):
        algorithm1((X, np.zeros(5)), (np.zeros((5, 2)), np.zeros(5)), hp, np.random.default_rng(0), p=4)
    with pytest.raises(InputError):
        algorithm1((X, np.zeros(5)), (X, np.full(5, np.nan)), hp, np.random.default_rng(0), p=4)
    with pytest.raises(InputError):
        algorithm1((X, np.zeros(5)), (X, np.zeros(5)), hp, 0, p=4)
    with pytest.raises(InputError):
        Options(clip_rule="max")


def test_tiny_runs_are_fast():
    """The privacy audit calls algorithm1 thousands of times at d=8, p=16, n=64, T=10."""
    prob, dW, da = tiny()
    hp = HyperParameters(lam=1.0, eta_W=3.0, eta_a=0.05, C_a=2.0, T=10, sigma_W=0.1, sigma_a=0.5)
    algorithm1(dW, da, hp, np.random.default_rng(0), p=16)
    start = time.perf_counter()
    for s in range(200):
        algorithm1(dW, da, hp, np.random.default_rng(s), p=16)
    per_call = (time.perf_counter() - start) / 200
    assert per_call < 0.02, per_call


def test_a_run_whose_risk_overflows_is_diverged_not_ok():
    """Iterate entries near 1e200 are finite, but the distance to ridge and the risk overflow: the row's status says
    diverged (referee CF, F2: it had read "ok" with risk_dpgd = inf, after NumPy's overflow warnings)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # no raw NumPy overflow warning either
        row = run_experiment(16, preset="calibrated", overrides={"eta_a": 1e200}, options=Options(noise_form="part3"),
                             baselines=False)
    assert row["status"].startswith("diverged (found after the last second-layer step") and "risk_dpgd" in row["status"]
    assert not np.isfinite(row["risk_dpgd"])
    fine = run_experiment(16, preset="calibrated", baselines=False)
    assert fine["status"].startswith("ok") and np.isfinite(fine["risk_dpgd"])


def test_a_huge_finite_risk_is_marked_like_an_overflow():
    """Referee CG, M1: at η_a = 10^150 the risk (~6·10^302) is finite and the run had read plain "ok"; it is the same
    kind of run as the overflowing one, and its status says its DP-GD risk is above the null predictor's."""
    row = run_experiment(16, preset="calibrated", overrides={"eta_a": 1e150}, options=Options(noise_form="part3"),
                         baselines=False)
    assert np.isfinite(row["risk_dpgd"]) and row["risk_over_null"] > 1e300
    assert row["status"].startswith("ok (outside regime:") and row["status"].endswith(f"; {ABOVE_NULL})")
    overflowed = run_experiment(16, preset="calibrated", overrides={"eta_a": 1e200},
                                options=Options(noise_form="part3"), baselines=False)
    assert overflowed["risk_over_null"] == np.inf and overflowed["status"].startswith("diverged")
    # a run doing better than predicting 0 carries no note; the ratio is the two risks' quotient
    assert risk_over_null(3.0, 6.0) == 0.5 and risk_over_null(float("inf"), 6.0) == np.inf
    assert np.isnan(risk_over_null(3.0, 0.0))
    row = {"d": 64, "n": 4096, "p": 64, "eps": 1.0, "eps_total": 0.5, "status": "ok", "risk_over_null": 0.9}
    _flag_regime(row)
    assert row["status"] == "ok"
    row.update(status="ok", risk_over_null=1.1)
    _flag_regime(row)
    assert row["status"] == f"ok ({ABOVE_NULL})"
    _flag_regime(row)  # once
    assert row["status"] == f"ok ({ABOVE_NULL})"
    # a status written otherwise is left as it is (referee CL, CL-3: a cut one had lost its last character)
    for status in ("ok (outside regime: x", "diverged (found after the last second-layer step)", "failed: X"):
        row.update(status=status)
        _flag_regime(row)
        assert row["status"] == status


def test_first_layer_privacy_uses_its_own_data_sets_size():
    """Referee EK, EK-8: the first layer averages over X^W, so its sensitivity is 2η_W C_W/|X^W|; with |X^W| = 64 and
    |X^a| = 256 the reported μ_W had used |X^a| (4× too small, ε under-reported 3.3×)."""
    _, dW, _ = tiny(d=8, n=64)
    _, _, da = tiny(d=8, n=256, seed=1)
    hp = HyperParameters(lam=1.0, eta_W=3.0, eta_a=0.05, C_a=2.0, T=2, sigma_W=0.5, sigma_a=0.5, C_W=1.0)
    options = Options(first_layer_noise="before-normalise")  # the Gaussian mechanism on the clipped mean step
    res = algorithm1(dW, da, hp, np.random.default_rng(0), p=8, options=options)
    assert res.diagnostics["mu_W"] == pytest.approx(2 * 3.0 * 1.0 / 64 / 0.5, rel=1e-12)
