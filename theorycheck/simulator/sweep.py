"""One experiment (data → Algorithm 1 → diagnostics) and sweeps over d and seeds."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import validate
from ..errors import InputError
from ..target import PolynomialTarget
from . import presets
from .algorithm import Features, HyperParameters, Options, SimulationError, algorithm1, epsilon_of_mu, privacy_mu
from .data import as_target, make_problem
from .crossover import target_variance
from .diagnostics import kernel_stats, null_risk, risk

DEFAULT_TARGET = "x^3 - 3*x + x"  # He_3 + He_1: information exponent 1, degree 3


def theorem1_exponent(eps_n: float, eps_p: float, q: int, n_exponent: float | None = None) -> float:
    """Theorem 1's predicted exponent of the risk in d when n = d^{n_exponent} (default 1 + 3ε_n):
    max(−ε_p/(8q), 1 + ε_n − n_exponent) (log factors and constants dropped)."""
    n_exponent = 1 + 3 * eps_n if n_exponent is None else n_exponent
    return max(-eps_p / (8 * q), 1 + eps_n - n_exponent)


def run_experiment(d: int, *, preset: str = "paper", seed: int = 0, eps: float = 1.0, delta: float = 1e-5,
                   eps_n: float = 0.2, eps_p: float = 1.0, eps_b: float | None = None,
                   target: str | PolynomialTarget = DEFAULT_TARGET, n: int | None = None, p: int | None = None,
                   n_test: int | None = None, overrides: dict[str, float] | None = None,
                   options: Options | None = None, baselines: bool = True, keep_trajectory: bool = False,
                   return_state: bool = False) -> dict[str, Any]:
    """Draw data (seed), run Algorithm 1 with a preset (+ overrides) and record every diagnostic.

    Returns a flat dict (one CSV row). With ``return_state`` the dict also holds ``_result``
    (the :class:`Result`), ``_stats`` (kernel statistics) and ``_problem`` (not for CSV).
    """
    d = validate.positive_int("d", d)
    validate.positive("eps_n", eps_n)
    validate.positive("eps_p", eps_p)
    validate.epsilon(eps)
    validate.delta(delta)
    if preset not in ("paper", "calibrated"):
        raise InputError(f"preset must be 'paper' or 'calibrated', got {preset!r}")
    target = as_target(target)
    q = target.degree
    n0, p0 = presets.regime_sizes(d, eps_n, eps_p)
    n = validate.positive_int("n", n) if n is not None else n0
    p = validate.positive_int("p", p) if p is not None else p0
    eps_b = presets.default_eps_b(eps_n, eps_p) if eps_b is None else float(validate.positive("eps_b", eps_b))
    problem = make_problem(d, n, target, seed, n_test=n_test)
    started = time.perf_counter()
    calibrate = None
    if preset == "paper":
        options = options or Options()
        hyper = presets.paper(d, n, p, q, eps_n, eps_b, eps, delta, options)
    else:
        lam = (overrides or {}).get("lam")  # the calibrated η_a and T depend on λ: pass it in
        hyper, options, calibrate = presets.calibrated(d, n, p, q, eps_n, eps, delta, problem.public,
                                                       seed=seed, options=options, lam=lam)
    overrides = {k: v for k, v in (overrides or {}).items() if v is not None}
    if overrides:
        try:
            hyper = hyper.replace(**overrides)
        except TypeError as exc:
            raise InputError(f"unknown hyper-parameter override: {exc}") from None
        if calibrate is not None:
            base = calibrate
            calibrate = lambda W1, b: base(W1, b).replace(**overrides)  # noqa: E731
    record: dict[str, Any] = {"preset": preset, "d": d, "n": n, "p": p, "q": q, "seed": seed, "eps": eps,
                              "delta": delta, "eps_n": eps_n, "eps_p": eps_p, "eps_b": eps_b,
                              "target": str(target), "status": "ok",
                              "assumption2_holds": bool(eps_n > 3 * eps_p / 16 and n >= n0 and p >= p0),
                              "assumption3_holds": bool(eps < 8 * math.log(1 / delta))}
    rng = np.random.default_rng([seed, 1])
    try:
        result = algorithm1(problem.data_W, problem.data_a, hyper, rng, p=p, options=options, mu=problem.mu,
                            delta=delta, keep_trajectory=keep_trajectory, calibrate=calibrate)
    except SimulationError as exc:
        record.update(status=f"diverged at {exc.step}", **_flatten(exc.diagnostics))
        record.update(_hyper_fields(hyper))
        mus = privacy_mu(hyper, n, p, options)
        record.update(mus, eps_total=epsilon_of_mu(mus["mu_total"], delta))
        record["time_s"] = time.perf_counter() - started
        return record
    hyper = result.hyper
    record.update(_hyper_fields(hyper))
    diag = result.diagnostics
    record.update(_flatten(diag))
    features = result.features or Features(problem.data_a, result.W1, result.b, options.feature_cache_bytes)
    stats = kernel_stats(features)
    result.features = None  # release the cache before the baseline's pass
    del features
    eig = stats.eig()
    lam = hyper.lam
    a_rr = stats.ridge(lam)
    record.update(lam_max_K=float(eig[-1]), lam_min_K=float(eig[0]),
                  stability_margin=2 * hyper.eta_a * (float(eig[-1]) + lam),
                  contraction_paper=1 - 2 * hyper.eta_a * (float(eig[0]) + lam),
                  contraction_actual=float(np.max(np.abs(1 - 2 * hyper.eta_a * (eig + lam)))),
                  dist_aT_aRR=float(np.linalg.norm(result.a_T - a_rr)), norm_a_RR=float(np.linalg.norm(a_rr)))
    coefs = {"dpgd": result.a_T, "ridge": a_rr}
    risks = risk(problem.test, result.W1, result.b, coefs)
    record.update(risk_dpgd=risks["dpgd"], risk_ridge=risks["ridge"], risk_null=null_risk(problem.test),
                  var_y=float(target_variance(target)))
    if baselines:
        rf = kernel_stats(Features(problem.data_a, result.W0, result.b, options.feature_cache_bytes))
        record["risk_rf"] = risk(problem.test, result.W0, result.b, {"rf": rf.ridge(lam)})["rf"]
    record["time_s"] = time.perf_counter() - started
    if return_state:
        record.update(_result=result, _stats=stats, _problem=problem, _a_rr=a_rr, _eig=eig)
    return record


def _hyper_fields(hyper: HyperParameters) -> dict[str, Any]:
    return {f"hp_{k}": v for k, v in hyper.__dict__.items()}


def _flatten(diag: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in diag.items():
        if isinstance(value, list):
            out[key] = json.dumps([float(v) for v in value])
            out[f"{key}_max"] = max(value) if value else None
        else:
            out[key] = value
    return out


def sweep(ds: Sequence[int], seeds: int | Sequence[int], *, progress: Callable[[dict[str, Any]], None] | None = None,
          **kwargs: Any) -> list[dict[str, Any]]:
    """``run_experiment`` for every d and seed (seeds 0..k−1 if an int), in order."""
    seed_list = list(range(seeds)) if isinstance(seeds, int) else list(seeds)
    rows = []
    for d in ds:
        for s in seed_list:
            row = run_experiment(d, seed=s, **kwargs)
            rows.append(row)
            if progress:
                progress(row)
    return rows


def fit_slope(ds: Sequence[float], values: Sequence[float]) -> float | None:
    """Least-squares slope of log(value) against log(d) (finite positive values only)."""
    pts = [(math.log(d), math.log(v)) for d, v in zip(ds, values) if v is not None and math.isfinite(v) and v > 0]
    if len({x for x, _ in pts}) < 2:
        return None
    x, y = np.array(pts).T
    return float(np.polyfit(x, y, 1)[0])
