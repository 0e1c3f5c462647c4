"""The simulator's fast paths give bit for bit what the plain code gave.

``algorithm1`` runs its second stage on cached features through ``_cached_clipped_gradient`` /
``_second_stage_cached`` and its first stage through ``first_layer.summed_first_layer_gradient`` (no
per-call validation); the audit reuses algorithm1's cached features and replays in L2-sized run blocks.
The references below are the code as it was before those changes, kept verbatim: every output array
(W1, b, a_T, W0, a0, trajectories), every diagnostic, every error (message, step, diagnostics), every
warning and the generator's state afterwards must be identical.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import warnings
from typing import Any

import numpy as np
import pytest

from theorycheck import audit as A
from theorycheck import first_layer
from theorycheck.errors import InputError
from theorycheck.simulator import (
    ArrayDataset,
    HyperParameters,
    Options,
    SimulationError,
    algorithm1,
    clip_factors,
    clipped_gradient,
    make_problem,
    run_experiment,
)
from theorycheck.simulator import algorithm as alg

# ------------------------------------------------------------------------------------------------------------
# The reference: Algorithm 1 as written before the fast paths (verbatim apart from names)
# ------------------------------------------------------------------------------------------------------------


def _clip_factors_ref(r, fn2, fa, a, lam, C, rule, regulariser="clipped", k=2.0):
    if regulariser == "clipped":
        sq = (k * r) ** 2 * fn2 + 4 * k * lam * r * fa + 4 * lam**2 * float(a @ a)
        norms = np.sqrt(np.maximum(sq, 0.0))
    else:
        norms = np.abs(k * r) * np.sqrt(fn2)
    if rule == "none":
        return np.ones_like(norms), norms
    with np.errstate(divide="ignore", invalid="ignore"):
        if rule == "min":
            c = np.where(norms > C, C / norms, 1.0)
        else:
            c = np.maximum(1.0, norms / C)
    return c, norms


def _clipped_gradient_ref(features, a, lam, C, options):
    k = options.data_grad_factor
    grad = np.zeros_like(a)
    csum = 0.0
    n = 0
    clipped = 0
    max_norm = 0.0
    for F, y, fn2 in features:
        fa = F @ a
        r = fa - y
        c, norms = _clip_factors_ref(r, fn2, fa, a, lam, C, options.clip_rule, options.regulariser, k)
        grad += F.T @ (k * c * r)
        csum += float(c.sum())
        n += len(y)
        clipped += int(np.count_nonzero(norms > C))
        max_norm = max(max_norm, float(norms.max()))
    grad += 2 * lam * a * (csum if options.regulariser == "clipped" else n)
    if options.aggregate == "mean":
        grad /= n
    return grad, {"clipped_fraction": clipped / n, "max_grad_norm_over_C": max_norm / C}


def _check_finite_ref(name, value, step, diag):
    if not np.all(np.isfinite(value)):
        raise SimulationError(
            f"Algorithm 1 diverged at {step}: {name} has NaN or overflowed (diagnostics so far: {alg._summary(diag)})",
            step,
            diag,
        )


def _first_layer_gradient_ref(W0, b, a0, X, y, *, reduction="mean", chunk=4096, square_loss_factor=2.0, clip=None):
    d, p = W0.shape
    n = X.shape[0]
    c = square_loss_factor / n if reduction == "mean" else float(square_loss_factor)
    out = np.zeros((d, p))
    for s in range(0, n, chunk):
        Xc = X[s : s + chunk]
        pre = Xc @ W0 + b
        residual = np.tanh(pre) @ a0 - y[s : s + chunk]
        sp = 1.0 / np.cosh(pre) ** 2
        weight = square_loss_factor * residual
        if clip is not None:
            norms = np.abs(weight) * np.linalg.norm(Xc, axis=1) * np.linalg.norm(sp * a0, axis=1)
            with np.errstate(divide="ignore"):
                weight = weight * np.minimum(1.0, np.where(norms > 0, clip / norms, 1.0))
        out += Xc.T @ (weight[:, None] * sp)
    return out * (a0 * (c / square_loss_factor))


def _normalise_columns_ref(W):
    norms = np.linalg.norm(W, axis=0)
    if np.any(norms == 0):
        raise InputError("a column of W has norm 0 and cannot be normalised")
    return W / norms


def _first_stage_ref(data_W, hp, options, rng, p, mu=None, diag=None):
    diag = {} if diag is None else diag
    d = data_W.d
    W0, b, a0 = first_layer.initialise(d, p, rng)
    grad = np.zeros((d, p))
    for X, y in data_W.blocks():
        grad += _first_layer_gradient_ref(W0, b, a0, X, y, reduction="sum", clip=hp.C_W)
    if options.first_layer_reduction == "mean":
        grad /= data_W.n
    step = W0 - hp.eta_W * grad
    _check_finite_ref("W_0 − η_W ∇_W L", step, "the first-layer step", diag)
    diag["alignment_init"] = alg._alignment(W0, mu)
    diag["alignment_step"] = alg._alignment(step, mu)
    if options.first_layer_noise == "after-normalise":
        W1 = _normalise_columns_ref(step)
        if hp.sigma_W > 0:
            W1 = W1 + hp.sigma_W * rng.standard_normal((d, p))
    else:
        noisy = step + (hp.sigma_W * rng.standard_normal((d, p)) if hp.sigma_W > 0 else 0.0)
        W1 = _normalise_columns_ref(noisy)
    diag["alignment_noise"] = alg._alignment(W1, mu)
    return W0, W1, b, a0


def _second_stage_ref(features, a0, hp, options, rng, diag, *, keep_trajectory=False, n=None):
    if n is None:
        n = features.n
    std = alg.second_layer_noise_std(hp, n, options)
    a = a0.copy()
    traj = [a.copy()] if keep_trajectory else None
    diag.setdefault("clipped_fraction", [])
    diag.setdefault("max_grad_norm_over_C", [])
    p = a.shape[0]
    with np.errstate(over="ignore", invalid="ignore"):
        for t in range(1, hp.T + 1):
            g, stats = _clipped_gradient_ref(features, a, hp.lam, hp.C_a, options)
            diag["clipped_fraction"].append(stats["clipped_fraction"])
            diag["max_grad_norm_over_C"].append(stats["max_grad_norm_over_C"])
            a = a - hp.eta_a * g
            if std > 0:
                if options.noise_form == "part1-scalar":
                    a = a + std * rng.standard_normal()
                else:
                    a = a + std * rng.standard_normal(p)
            _check_finite_ref(f"a_{t}", a, f"second-layer step t={t}", diag)
            if traj is not None:
                traj.append(a.copy())
    return a, traj


def _algorithm1_ref(
    data_W, data_a, hyper, rng, *, p, options=Options(), sigma_W=None, sigma_a=None, mu=None, delta=None,
    keep_trajectory=False, calibrate=None,
):  # fmt: skip
    data_W, data_a = alg.as_dataset(data_W), alg.as_dataset(data_a)
    if sigma_W is not None:
        hyper = dataclasses.replace(hyper, sigma_W=float(sigma_W))
    diag: dict[str, Any] = {}
    W0, W1, b, a0 = _first_stage_ref(data_W, hyper, options, rng, p, mu, diag)
    _check_finite_ref("W_1", W1, "the first-layer noise", diag)
    if calibrate is not None:
        hyper = calibrate(W1, b).replace(sigma_W=hyper.sigma_W)
    if sigma_a is not None:
        noise_field = "Sigma" if options.noise_form == "part3" else "sigma_a"
        hyper = dataclasses.replace(hyper, **{noise_field: float(sigma_a)})
    features = alg.Features(data_a, W1, b, options.feature_cache_bytes)
    a_T, traj = _second_stage_ref(features, a0, hyper, options, rng, diag, keep_trajectory=keep_trajectory)
    mus = alg.privacy_mu(hyper, data_a.n, p, options)
    diag.update(mus)
    if delta is not None:
        diag["delta"] = float(delta)
        for key in ("W", "a", "total"):
            diag[f"eps_{key}"] = alg.epsilon_of_mu(mus[f"mu_{key}"], delta)
    return alg.Result(W1, b, a_T, W0, a0, hyper, options, diag, traj, features)


# ------------------------------------------------------------------------------------------------------------
# Exact comparison
# ------------------------------------------------------------------------------------------------------------


def assert_identical(x, y, path="result"):
    """Equal bit for bit: arrays by dtype, shape and bytes; floats by their bits; containers recursively."""
    assert type(x) is type(y), (path, type(x), type(y))
    if isinstance(x, np.ndarray):
        assert (x.dtype, x.shape) == (y.dtype, y.shape), path
        assert x.tobytes() == y.tobytes(), path
    elif isinstance(x, dict):
        assert list(x) == list(y), path
        for key in x:
            assert_identical(x[key], y[key], f"{path}.{key}")
    elif isinstance(x, (list, tuple)):
        assert len(x) == len(y), path
        for i, (u, v) in enumerate(zip(x, y)):
            assert_identical(u, v, f"{path}[{i}]")
    elif isinstance(x, float):
        assert np.float64(x).tobytes() == np.float64(y).tobytes(), (path, x, y)
    elif dataclasses.is_dataclass(x):
        assert_identical(dataclasses.asdict(x), dataclasses.asdict(y), path)
    else:
        assert x == y, (path, x, y)


def _outcome(fn, *args, **kwargs):
    """(result fields or the SimulationError's message/step/diagnostics, warnings, the next draws of the rng)."""
    rng = args[3]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r = fn(*args, **kwargs)
            got: Any = dict(W1=r.W1, b=r.b, a_T=r.a_T, W0=r.W0, a0=r.a0, hyper=r.hyper, diag=r.diagnostics)
            got["traj"] = r.trajectory
            got["features"] = list(r.features) if r.features is not None else None
        except SimulationError as exc:
            got = ("SimulationError", str(exc), exc.step, exc.diagnostics)
    return got, [(str(w.message), w.category) for w in caught], rng.standard_normal(4)


TARGET = "x^3-3*x+x"
HP = HyperParameters(lam=1.0, eta_W=3.0, eta_a=0.05, C_a=2.0, T=10, sigma_W=0.1, sigma_a=0.5, Sigma=0.2)
OPTIONS = [
    {},
    {"clip_rule": "literal"},
    {"clip_rule": "none"},
    {"first_layer_reduction": "sum", "first_layer_noise": "before-normalise"},
    {"noise_form": "part1-scalar"},
    {"noise_form": "part3", "aggregate": "sum"},
    {"regulariser": "unclipped", "data_grad_factor": 1.0},
    {"regulariser": "unclipped", "clip_rule": "literal", "aggregate": "sum", "data_grad_factor": 3},
    {"feature_cache_bytes": 0},  # features recomputed on every pass: the general loop
]
EXTRAS = [
    {},
    {"sigma_W": 0, "sigma_a": 0},
    {"keep_trajectory": True, "mu": "mu", "delta": 1e-5},
    {"hyper": HP.replace(C_W=0.5)},
    {"hyper": HP.replace(C_a=1e-3, lam=1e-3, T=3)},
]


@pytest.fixture(scope="module")
def problems():
    prob = make_problem(8, 64, TARGET, 3, n_test=64, n_public=64)
    streamed = make_problem(8, 64, TARGET, 3, n_test=64, n_public=64, in_memory=False)
    Xw, yw = prob.data_W.materialise()
    Xa, ya = prob.data_a.materialise()
    return {
        "mu": prob.mu,
        "in-memory": (prob.data_W, prob.data_a),
        "streamed": (streamed.data_W, streamed.data_a),
        "pairs": ((Xw, yw), (Xa, ya)),
        "blocks": (ArrayDataset(Xw, yw, block=10), ArrayDataset(Xa, ya, block=7)),
    }


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
@pytest.mark.parametrize("data", ["in-memory", "streamed", "pairs", "blocks"])
def test_algorithm1_bit_identical_to_reference(problems, option, data):
    options = Options(**option)
    dW, da = problems[data]
    for seed in (0, 1):
        for extra in EXTRAS:
            kw = dict(extra)
            hp = kw.pop("hyper", HP)
            if kw.get("mu") == "mu":
                kw["mu"] = problems["mu"]
            args = (dW, da, hp, np.random.default_rng(seed))
            new = _outcome(algorithm1, *args, p=16, options=options, **kw)
            old = _outcome(_algorithm1_ref, dW, da, hp, np.random.default_rng(seed), p=16, options=options, **kw)
            assert_identical(new, old, f"{data} seed={seed} {sorted(extra)}")


@pytest.mark.parametrize("rule", ["literal", "none"])
def test_divergence_same_error_step_diagnostics_and_draws(problems, rule):
    """A second stage that overflows raises the same SimulationError (message, step, diagnostics) at the same step,
    with the same draws taken from the generator, and the same warnings."""
    dW, da = problems["in-memory"]
    diverged = 0
    for seed in range(3):
        for T, eta in ((20, 1e30), (20, 1e100), (4, 1e100)):
            hp = HP.replace(eta_a=eta, T=T, C_a=1e6)
            options = Options(clip_rule=rule)
            new = _outcome(algorithm1, dW, da, hp, np.random.default_rng(seed), p=16, options=options)
            old = _outcome(_algorithm1_ref, dW, da, hp, np.random.default_rng(seed), p=16, options=options)
            diverged += isinstance(new[0], tuple)
            assert_identical(new, old)
    assert diverged >= 3


def test_first_layer_divergence_identical(problems):
    (Xw, yw), da = problems["pairs"][0], problems["in-memory"][1]
    args = ((Xw, yw * 1e300), da, HP.replace(eta_W=1e300))
    new = _outcome(algorithm1, *args, np.random.default_rng(0), p=16)
    old = _outcome(_algorithm1_ref, *args, np.random.default_rng(0), p=16)
    assert new[0][0] == "SimulationError" and new[0][2] == "the first-layer step"
    assert_identical(new, old)


@pytest.mark.parametrize("preset", ["paper", "calibrated", "repaired"])
def test_presets_bit_identical(preset, monkeypatch):
    """run_experiment with each preset (calibrate hook, C_W, before-normalise noise), trajectory kept."""
    new = run_experiment(5, preset=preset, seed=1, keep_trajectory=True, return_state=True, n_test=128)
    monkeypatch.setattr(importlib.import_module("theorycheck.simulator.sweep"), "algorithm1", _algorithm1_ref)
    old = run_experiment(5, preset=preset, seed=1, keep_trajectory=True, return_state=True, n_test=128)
    for record in (new, old):
        record.pop("time_s"), record.pop("_stats"), record.pop("_problem")
        record["_result"] = dataclasses.replace(record["_result"], features=None, options=None)
    assert_identical(new, old)


@pytest.mark.parametrize(
    "option", [Options(), Options(clip_rule="literal", aggregate="sum"), Options(regulariser="unclipped")]
)
def test_second_stage_on_blocks_and_clipped_gradient(option):
    """second_stage on a list of blocks (the proofs' call) and the public clipped_gradient/clip_factors."""
    data = np.random.default_rng(2)
    X, y = data.standard_normal((50, 6)), data.standard_normal(50)
    W, b = data.standard_normal((6, 16)), data.standard_normal(16)
    blocks = list(alg.Features(ArrayDataset(X, y, block=16), W, b, 2**30))
    a0 = np.full(16, 0.25)
    hp = HP.replace(lam=0.1, C_a=0.5)
    for keep in (False, True):
        outcomes = []
        for second_stage in (alg.second_stage, _second_stage_ref):
            diag: dict = {}
            try:
                got = second_stage(blocks, a0, hp, option, np.random.default_rng(4), diag, keep_trajectory=keep, n=50)
            except SimulationError as exc:
                got = (str(exc), exc.step)
            outcomes.append((got, diag))
        assert_identical(*outcomes)
    a = data.standard_normal(16)
    assert_identical(clipped_gradient(blocks, a, 0.1, 0.5, option), _clipped_gradient_ref(blocks, a, 0.1, 0.5, option))
    F, yb, fn2 = blocks[0]
    for rule in ("min", "literal", "none"):
        args = (F @ a - yb, fn2, F @ a, a, 0.1, 0.5, rule, option.regulariser, option.data_grad_factor)
        assert_identical(clip_factors(*args), _clip_factors_ref(*args))


def test_fast_second_stage_step_matches_reference_on_odd_inputs():
    """Zero and huge features, NaN labels, C below every norm: the cached step gives the reference's numbers."""
    data = np.random.default_rng(8)
    F = np.tanh(data.standard_normal((30, 8)))
    F[3] = 0.0
    F[5] = -0.0
    y = data.standard_normal(30) * 1e150
    y[7] = np.nan
    fn2 = np.einsum("ij,ij->i", F, F)
    blocks = [(F[:20], y[:20], fn2[:20]), (F[20:], y[20:], fn2[20:])]
    for option in OPTIONS[:-1]:
        options = Options(**option)
        step = alg._cached_clipped_gradient(blocks, 0.3, 1e-9, options)
        for a in (np.zeros(8), -np.zeros(8), data.standard_normal(8) * 1e200, np.full(8, np.inf)):
            with np.errstate(all="ignore"):
                g, frac, mx = step(a, a @ a)
                ref, stats = _clipped_gradient_ref(blocks, a, 0.3, 1e-9, options)
            assert_identical((g, frac, mx), (ref, stats["clipped_fraction"], stats["max_grad_norm_over_C"]))
    assert alg._cached_clipped_gradient([(F.astype(np.float32), y, fn2)], 0.3, 1.0, Options()) is None


@pytest.mark.parametrize("clip", [None, 0.3, 1e9])
@pytest.mark.parametrize("reduction", ["mean", "sum"])
@pytest.mark.parametrize("chunk", [4096, 7])
def test_first_layer_gradient_bit_identical(clip, reduction, chunk):
    data = np.random.default_rng(9)
    W0, b, a0 = first_layer.initialise(8, 16, data)
    X, y = data.standard_normal((40, 8)), data.standard_normal(40)
    X[0] = 0.0
    ref = _first_layer_gradient_ref(W0, b, a0, X, y, reduction=reduction, chunk=chunk, clip=clip)
    got = first_layer.first_layer_gradient(W0, b, a0, X, y, reduction=reduction, chunk=chunk, clip=clip)
    assert_identical(got, ref)
    if reduction == "sum" and chunk == 4096:
        assert_identical(first_layer.summed_first_layer_gradient(W0, b, a0, X, y, clip), ref)


def test_summed_first_layer_gradient_validates_what_does_not_fit():
    data = np.random.default_rng(1)
    W0, b, a0 = first_layer.initialise(4, 3, data)
    X, y = data.standard_normal((5, 4)), data.standard_normal(5)
    for bad in ((W0, b, a0, X[:, :3], y), (W0, b[:2], a0, X, y), (W0, b, a0, X, y[:-1]), (W0, b, a0, X[:0], y[:0])):
        with pytest.raises(InputError) as new:
            first_layer.summed_first_layer_gradient(*bad, None)
        with pytest.raises(InputError) as old:
            first_layer.first_layer_gradient(*bad, reduction="sum")
        assert str(new.value) == str(old.value)
    with pytest.raises(InputError, match="clip"):
        first_layer.summed_first_layer_gradient(W0, b, a0, X, y, -1.0)


def test_normalise_columns_identical():
    W = np.random.default_rng(3).standard_normal((5, 7))
    assert_identical(first_layer.normalise_columns(W), _normalise_columns_ref(W))
    W[:, 2] = 0.0
    with pytest.raises(InputError, match="norm 0"):
        first_layer.normalise_columns(W)


# ------------------------------------------------------------------------------------------------------------
# The audit
# ------------------------------------------------------------------------------------------------------------


def _noiseless_replays_ref(Phi, y, A0, *, eta, lam, clip, steps):
    """_noiseless_replays as first written: one R × n × p buffer for all runs."""
    A_ = A0.copy()
    PhiT = Phi.transpose(0, 2, 1)
    n = Phi.shape[1]
    G, sq = np.empty_like(Phi), np.empty_like(Phi)
    for _ in range(steps):
        resid = (A_[:, None, :] @ PhiT)[:, 0, :] - y[None, :]
        np.multiply((2.0 * resid)[:, :, None], Phi, out=G)
        G += (2.0 * lam * A_)[:, None, :]
        np.multiply(G, G, out=sq)
        norms = np.sqrt(np.add.reduce(sq, axis=-1, keepdims=True))
        G *= np.minimum(1.0, clip / np.maximum(norms, 1e-300))
        A_ = A_ - eta * (np.add.reduce(G, axis=1) / n)
    return A_


@pytest.mark.parametrize("block_bytes", [1, 3000, 2**19])
@pytest.mark.parametrize("R,n,p,label", [(1, 30, 7, 1e8), (13, 20, 16, 1.0), (40, 98, 64, 1e8)])
def test_noiseless_replays_blocks_bit_identical(block_bytes, R, n, p, label, monkeypatch):
    monkeypatch.setattr(A, "_REPLAY_BLOCK_BYTES", block_bytes)
    data = np.random.default_rng(R)
    Phi = np.tanh(data.standard_normal((R, n, p)))
    y = label * data.standard_normal(n)
    A0 = data.standard_normal((R, p)) / math.sqrt(p)
    kw = dict(eta=0.37, lam=0.01, clip=1.0, steps=6)
    got = A._noiseless_replays(Phi, y, A0, **kw)
    assert_identical(got, _noiseless_replays_ref(Phi, y, A0, **kw))
    one = A.dpgd_second_layer(Phi[0], y, A0[0], noise_std=0.0, runs=1, rng=None, mechanism="no-noise", **kw)[0]
    assert one.tobytes() == got[0].tobytes()


def _statistics_reference(cfg):
    """The simulator backend's statistics from the reference algorithm1, one full call and two one-run
    noiseless replays per run (the per-run path of tests/test_audit.py with the pre-fast-path algorithm1)."""
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
            res = _algorithm1_ref(dW, da, hp, rng, p=p, options=options)
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


@pytest.mark.parametrize(
    "layer,mechanism,d", [("second", "paper", 8), ("second", "sum-noise", 5), ("first", "paper", 6)]
)
def test_audit_statistics_bit_identical_to_reference_algorithm1(layer, mechanism, d, monkeypatch):
    """The audit's statistics (algorithm1's cached features as the attacker's Φ, replays in run blocks) equal
    those of the pre-fast-path algorithm1 and one-run replays, chunk and block boundaries included."""
    monkeypatch.setattr(A, "_SIMULATOR_CHUNK", 7)
    monkeypatch.setattr(A, "_REPLAY_BLOCK_BYTES", 3 * 8 * 64 * 16)
    cfg = A.AuditConfig(
        seed=3, runs=20, d=d, eta_a=0.3, mechanism=mechanism, layer=layer, backend="simulator", epsilon=20.0
    )
    new = A._statistics_simulator(cfg, None)
    old = _statistics_reference(cfg)
    assert_identical(new, old)


def test_audit_recomputes_features_that_were_not_cached(monkeypatch):
    """With algorithm1's feature cache off, the audit computes Φ itself and the statistics do not change."""
    cfg = A.AuditConfig(seed=1, runs=20, d=5, backend="simulator", epsilon=20.0)
    cached = A._statistics_simulator(cfg, None)
    real = alg.Options

    def uncached(**kw):
        return real(feature_cache_bytes=0, **kw)

    monkeypatch.setattr("theorycheck.simulator.Options", uncached)
    assert A._whole_feature_matrix(None) is None
    assert_identical(A._statistics_simulator(cfg, None), cached)
