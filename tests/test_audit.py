"""Empirical privacy audit (theorycheck.audit): statistics, the broken-mechanism test, the CLI."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from theorycheck import audit as A
from theorycheck.cli import main
from theorycheck.errors import InputError

BACKENDS = ["builtin"] + (["simulator"] if A.simulator_available() else [])


def test_clopper_pearson_closed_forms():
    # k = 0: upper bound 1 − α^{1/n}; k = n: 1.
    assert A.clopper_pearson_upper(0, 100, 0.025) == pytest.approx(1 - 0.025 ** (1 / 100), rel=1e-10)
    assert A.clopper_pearson_upper(10, 10, 0.025) == 1.0
    # coverage: the upper bound is >= the true rate in >= 1 − α of seeded binomial draws
    rng = np.random.default_rng(0)
    hits = sum(A.clopper_pearson_upper(int(k), 200, 0.05) >= 0.03 for k in rng.binomial(200, 0.03, size=400))
    assert hits / 400 >= 0.93


def test_epsilon_lower_bound_perfect_and_useless_tests():
    perfect = A.epsilon_lower_bound(0, 1000, 0, 1000, 1e-5, 0.05)
    assert perfect["epsilon_lb"] == pytest.approx(math.log((1 - 1e-5 - perfect["fnr_upper"]) / perfect["fpr_upper"]))
    assert perfect["epsilon_lb"] > 5
    assert A.epsilon_lower_bound(500, 1000, 500, 1000, 1e-5, 0.05)["epsilon_lb"] == 0.0


def test_lower_bound_is_valid_for_an_exact_gaussian():
    """Sampled directly from N(0,1) vs N(μ,1): the audit's threshold + CP bound stays below the exact ε."""
    from theorycheck.privacy import gdp_epsilon

    rng = np.random.default_rng(1)
    mu, delta = 2.0, 1e-5
    neg, pos = rng.normal(0, 1, 4000), rng.normal(mu, 1, 4000)
    t = A.best_threshold(neg[:2000], pos[:2000], delta)
    b = A.epsilon_lower_bound(int(np.sum(neg[2000:] > t)), 2000, int(np.sum(pos[2000:] <= t)), 2000, delta, 0.05)
    assert 0.5 < b["epsilon_lb"] <= float(gdp_epsilon(delta, mu))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("mechanism", ["no-noise", "sum-noise"])
def test_broken_mechanism_caught(backend, mechanism):
    r = A.run_audit(A.AuditConfig(seed=0, runs=300, mechanism=mechanism, layer="second", backend=backend))
    assert r.epsilon_lb > r.claimed_epsilon, r
    assert r.epsilon_lb <= r.exact_epsilon


@pytest.mark.parametrize("backend", BACKENDS)
def test_paper_second_layer_within_exact_accounting(backend):
    for eps in (1.0, 20.0):
        r = A.run_audit(
            A.AuditConfig(seed=0, runs=300, mechanism="paper", layer="second", backend=backend, epsilon=eps)
        )
        assert r.epsilon_lb <= r.exact_epsilon <= r.claimed_epsilon


def test_paper_first_layer_within_exact_but_above_claim():
    r = A.run_audit(A.AuditConfig(seed=0, runs=1000, mechanism="paper", layer="first", backend="builtin"))
    assert r.epsilon_lb <= r.exact_epsilon
    assert r.epsilon_lb > r.claimed_epsilon  # layer1.privacy refuted empirically at d = 8


def test_seeded_reproducible():
    cfg = A.AuditConfig(seed=3, runs=100, mechanism="paper", layer="second", backend="builtin", epsilon=20.0)
    r1, r2 = A.run_audit(cfg), A.run_audit(cfg)
    assert (r1.epsilon_lb, r1.threshold, r1.fpr, r1.fnr) == (r2.epsilon_lb, r2.threshold, r2.fpr, r2.fnr)


def test_first_layer_pair_attains_worst_case():
    pair = A.first_layer_extreme_pair(8, 98, 64, eps_n=0.4, seed=0)
    assert pair.ratio_to_worst_case > 0.9999


def test_corrected_clip_rows():
    G = np.array([[3.0, 4.0], [0.3, 0.4], [0.0, 0.0]])
    out = A.clip_rows(G, 1.0)
    assert np.allclose(np.linalg.norm(out, axis=1), [1.0, 0.5, 0.0])


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(runs=5),
        dict(d=1),
        dict(epsilon=0),
        dict(delta=1.5),
        dict(mechanism="broken"),
        dict(layer="third"),
        dict(alpha=0),
    ],
)
def test_config_validates(kwargs):
    with pytest.raises(InputError):
        A.AuditConfig(**kwargs)


def test_cli_audit_json(capsys):
    argv = [
        "audit",
        "--runs",
        "100",
        "--backend",
        "builtin",
        "--mechanism",
        "no-noise",
        "--layer",
        "second",
        "--no-progress",
        "--format",
        "json",
    ]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["epsilon_lb"] > data[0]["claimed_epsilon"]
    assert {"python", "platform", "packages"} <= set(data[0]["environment"])  # referee AN: versions recorded


def test_cli_audit_table(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # the 13-column table wraps its headers at 120 columns
    assert main(["audit", "--runs", "60", "--backend", "builtin", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "ε lower bound" in out and "first" in out and "second" in out


@pytest.mark.parametrize("argv", [["--runs", "3"], ["--d", "1"], ["--epsilon", "-1"], ["--delta", "2"]])
def test_cli_audit_bad_input(argv, capsys):
    assert main(["audit", "--no-progress", *argv]) == 2
    assert "error" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS)
def test_paper_second_layer_bound_is_meaningful(backend):
    """At a large claimed ε the audit's bound is well above 0 and below the exact ε (4000 runs)."""
    r = A.run_audit(A.AuditConfig(seed=0, runs=4000, mechanism="paper", layer="second", backend=backend, epsilon=20.0))
    assert 2.0 < r.epsilon_lb <= r.exact_epsilon


@pytest.mark.slow
def test_simulator_first_layer_above_claim():
    if "simulator" not in BACKENDS:
        pytest.skip("simulator not available")
    r = A.run_audit(A.AuditConfig(seed=0, runs=2000, mechanism="paper", layer="first", backend="simulator"))
    assert r.claimed_epsilon < r.epsilon_lb <= r.exact_epsilon


@pytest.mark.skipif("simulator" not in BACKENDS, reason="simulator not available")
@pytest.mark.parametrize("mechanism", ["paper", "sum-noise"])
def test_accounting_agrees_with_simulator(mechanism):
    """The audit's accounted μ (computed here) equals the simulator's privacy_mu for the same run."""
    from theorycheck.simulator import HyperParameters, Options
    from theorycheck.simulator.algorithm import privacy_mu

    cfg = A.AuditConfig(mechanism=mechanism)
    n, p = cfg.sizes
    sum_noise = mechanism == "sum-noise"
    hp = HyperParameters(
        lam=cfg.lam,
        eta_W=cfg.eta_w,
        eta_a=cfg.eta_a / n if sum_noise else cfg.eta_a,
        C_a=cfg.clip,
        T=cfg.T,
        sigma_W=cfg.sigma_w,
        Sigma=cfg.Sigma,
    )
    mus = privacy_mu(hp, n, p, Options(noise_form="part3", aggregate="sum" if sum_noise else "mean"))
    assert mus["mu_a"] == pytest.approx(cfg.accounted_mu(), rel=1e-12)
    first = A.AuditConfig(mechanism=mechanism, layer="first")
    assert mus["mu_W"] == pytest.approx(first.accounted_mu(), rel=1e-12)


def _statistics_simulator_per_run(cfg):
    """The simulator backend's statistics as first written (the reference for the batched path): one full
    ``algorithm1`` call per run and, for the second layer, two one-run noiseless replays per run."""
    from theorycheck.simulator import HyperParameters, Options, algorithm1

    n, p = cfg.sizes
    XW, yW, Xa, ya = A._data(cfg)
    eta_a = cfg.eta_a / n if cfg.mechanism == "sum-noise" else cfg.eta_a
    options = Options(noise_form="part3", aggregate="sum" if cfg.mechanism == "sum-noise" else "mean")
    off = cfg.mechanism == "no-noise"
    hp = HyperParameters(
        lam=cfg.lam,
        eta_W=cfg.eta_w,
        eta_a=eta_a,
        C_a=cfg.clip,
        T=cfg.T,
        sigma_W=0.0 if off else cfg.sigma_w,
        Sigma=0.0 if off else cfg.Sigma,
    )
    xstar = np.zeros(cfg.d)
    xstar[1] = 1.0
    out = {}
    for k, name in enumerate(("D", "D'")):
        if cfg.layer == "first":
            dW, da = A._pair(XW, yW, cfg.label)[k], (Xa, ya)
        else:
            dW, da = (XW, yW), A._pair(Xa, ya, cfg.label)[k]
        rng = np.random.default_rng([cfg.seed, A.LAYERS.index(cfg.layer), k])
        s = np.empty(cfg.runs)
        for r in range(cfg.runs):
            res = algorithm1(dW, da, hp, rng, p=p, options=options)
            if cfg.layer == "first":
                s[r] = float(xstar @ res.W1 @ np.ones(p))
            else:
                ref = []
                for X_, y_ in A._pair(Xa, ya, cfg.label):
                    Phi = np.tanh(X_ @ res.W1 + res.b)
                    kw = dict(eta=cfg.eta_a, lam=cfg.lam, clip=cfg.clip, steps=cfg.T, noise_std=0.0, runs=1)
                    ref.append(A.dpgd_second_layer(Phi, y_, res.a0, rng=rng, mechanism="no-noise", **kw)[0])
                v = ref[0] - ref[1]
                s[r] = float((res.a_T - (ref[0] + ref[1]) / 2) @ v / max(np.linalg.norm(v), 1e-300))
        out[name] = s
    return out


@pytest.mark.skipif("simulator" not in BACKENDS, reason="simulator not available")
@pytest.mark.parametrize(
    "layer,mechanism,d",
    [
        ("second", "paper", 8),
        ("second", "no-noise", 8),
        ("second", "sum-noise", 5),
        ("first", "paper", 8),
        ("first", "no-noise", 5),
    ],
)
def test_simulator_statistics_bit_identical_to_per_run_path(layer, mechanism, d, monkeypatch):
    """The simulator backend's batched replays / first-stage-only first layer give exactly (bit for bit) the
    statistics of one full algorithm1 call and two one-run replays per run, chunk boundaries included."""
    monkeypatch.setattr(A, "_SIMULATOR_CHUNK", 7)
    cfg = A.AuditConfig(seed=5, runs=20, d=d, mechanism=mechanism, layer=layer, backend="simulator", epsilon=20.0)
    calls = []
    new = A._statistics_simulator(cfg, calls.append)
    old = _statistics_simulator_per_run(cfg)
    assert sum(calls) == 2 * cfg.runs
    for name in ("D", "D'"):
        assert new[name].tobytes() == old[name].tobytes(), (name, np.max(np.abs(new[name] - old[name])))


def _dpgd_second_layer_plain(Phi, y, a0, *, eta, lam, clip, steps, noise_std, runs, rng, mechanism="paper"):
    """dpgd_second_layer as first written (the reference for its blocked, in-place loop)."""
    n, p = Phi.shape
    if runs > 256:
        return np.concatenate(
            [
                _dpgd_second_layer_plain(
                    Phi,
                    y,
                    a0,
                    eta=eta,
                    lam=lam,
                    clip=clip,
                    steps=steps,
                    noise_std=noise_std,
                    runs=min(256, runs - s),
                    rng=rng,
                    mechanism=mechanism,
                )
                for s in range(0, runs, 256)
            ]
        )
    A_ = np.tile(a0, (runs, 1))
    for _ in range(steps):
        resid = A_ @ Phi.T - y[None, :]
        G = 2.0 * resid[:, :, None] * Phi[None, :, :] + 2.0 * lam * A_[:, None, :]
        G = A.clip_rows(G, clip)
        if mechanism == "paper":
            gbar = G.mean(axis=1) + noise_std * rng.standard_normal((runs, p))
        elif mechanism == "sum-noise":
            gbar = (G.sum(axis=1) + noise_std * rng.standard_normal((runs, p))) / n
        else:
            gbar = G.mean(axis=1)
        A_ = A_ - eta * gbar
    return A_


@pytest.mark.parametrize("mechanism", A.MECHANISMS)
@pytest.mark.parametrize("runs,n,p,label", [(1, 98, 64, 1e8), (45, 30, 7, 1e8), (300, 20, 16, 1.0)])
def test_dpgd_second_layer_bit_identical_to_plain_loop(mechanism, runs, n, p, label):
    """The blocked, in-place DP-GD gives bit for bit the releases of the plain per-step loop (same draws)."""
    data = np.random.default_rng(11)
    Phi = np.tanh(data.standard_normal((n, p)))
    y = label * data.standard_normal(n)
    a0 = np.full(p, 1 / math.sqrt(p))
    kw = dict(eta=0.5, lam=0.01, clip=1.0, steps=6, noise_std=0.3, runs=runs, mechanism=mechanism)
    new = A.dpgd_second_layer(Phi, y, a0, rng=np.random.default_rng(3), **kw)
    old = _dpgd_second_layer_plain(Phi, y, a0, rng=np.random.default_rng(3), **kw)
    assert new.tobytes() == old.tobytes()
