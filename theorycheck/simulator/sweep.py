"""One experiment (data → Algorithm 1 → diagnostics) and sweeps over d and seeds."""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import validate
from ..errors import InputError
from ..numerics import slope_fit
from ..target import PolynomialTarget
from . import presets
from .algorithm import Features, HyperParameters, Options, SimulationError, algorithm1, epsilon_of_mu, privacy_mu
from .crossover import target_variance
from .data import as_target, make_problem
from .diagnostics import kernel_stats, null_risk, risk

DEFAULT_TARGET = "x^3 - 3*x + x"  # He_3 + He_1: information exponent 1, degree 3


def theorem1_exponent(eps_n: float, eps_p: float, q: int, n_exponent: float | None = None) -> float:
    """Theorem 1's predicted exponent of the risk in d when n = d^{n_exponent} (default 1 + 3ε_n):
    max(−ε_p/(8q), 1 + ε_n − n_exponent) (log factors and constants dropped)."""
    n_exponent = 1 + 3 * eps_n if n_exponent is None else n_exponent
    return max(-eps_p / (8 * q), 1 + eps_n - n_exponent)


def _settings(d: int, preset: str, eps: float, delta: float, eps_n: float, eps_p: float, eps_b: float | None,
              target: str | PolynomialTarget, n: int | None, p: int | None
              ) -> tuple[int, PolynomialTarget, int, int, int, int, float]:
    """The checked settings of one experiment, shared by :func:`check_experiment` and :func:`run_experiment`:
    (d, target, n0, p0, n, p, ε_b), n0 and p0 Assumption 2's sizes; raises :class:`InputError`."""
    d = validate.positive_int("d", d)
    validate.positive("eps_n", eps_n)
    validate.positive("eps_p", eps_p)
    validate.epsilon(eps)
    validate.delta(delta)
    if preset not in ("paper", "calibrated", "repaired"):
        raise InputError(f"preset must be 'paper', 'calibrated' or 'repaired', got {preset!r}")
    parsed = as_target(target)
    n0, p0 = presets.regime_sizes(d, eps_n, eps_p)
    n = validate.positive_int("n", n) if n is not None else n0
    p = validate.positive_int("p", p) if p is not None else p0
    eps_b = presets.default_eps_b(eps_n, eps_p) if eps_b is None else float(validate.positive("eps_b", eps_b))
    return d, parsed, n0, p0, n, p, eps_b


def estimated_bytes(d: int, n: int, p: int, options: Options, n_test: int = 8192, n_public: int = 4096) -> int:
    """A rough upper estimate of one run's peak memory in bytes: the test and public sets (n_test, n_public × d), the
    two training sets when they are held in memory (n·d ≤ 2^24, :func:`~theorycheck.simulator.data.make_problem`),
    a few d × p and p × p matrices (W, its gradient and noise; kernels), blocks of 4096 samples (d + p wide), the
    feature cache (at most ``options.feature_cache_bytes``) and 256 MiB for the interpreter and libraries. The
    README's O(block·(d+p) + p² + dp), with its constants; Algorithm 1 at d = 1024 peaks at 0.85 GB (this gives
    1.2 GiB)."""
    words = (n_test + min(n, n_public)) * d + (2 * n * d if n * d <= 2**24 else 0) + 6 * d * p + 4 * p * p \
        + 4 * 4096 * (d + p)
    return 8 * words + min(options.feature_cache_bytes, 8 * n * p) + 256 * 2**20


def available_bytes() -> int | None:
    """The memory available to a new run (Linux: MemAvailable of /proc/meminfo); None where it cannot be read."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def check_experiment(d: int, *, preset: str = "paper", eps: float = 1.0, delta: float = 1e-5, eps_n: float = 0.2,
                     eps_p: float = 1.0, eps_b: float | None = None, target: str | PolynomialTarget = DEFAULT_TARGET,
                     n: int | None = None, p: int | None = None, overrides: dict[str, float] | None = None,
                     options: Options | None = None, **_unused: Any) -> None:
    """Raise the :class:`InputError` that :func:`run_experiment` would raise for these settings, before any data is
    drawn or file written (``theorycheck simulate`` calls it for every d before it creates its folder; referee AD:
    a bad --delta or --sigma-W had left a half-written folder). The calibrated preset's hyper-parameters depend on
    the data; its overrides are checked against the paper preset's."""
    d, target, n0, p0, n, p, eps_b = _settings(d, preset, eps, delta, eps_n, eps_p, eps_b, target, n, p)
    need, have = estimated_bytes(d, n, p, options or Options()), available_bytes()
    if have is not None and need > have:  # before anything is drawn (referee AN: --d 1e9 took 7 GB, deaf to Ctrl-C)
        raise InputError(f"--d {d}: a run (n = {n}, p = {p}) needs about {need / 2**30:.3g} GiB, more than the "
                         f"{have / 2**30:.3g} GiB of memory available; give a smaller d (or --n, --p)")
    q = target.degree
    if preset == "repaired":
        hyper, _ = presets.repaired(d, n, p, q, eps_n, eps, delta)
    elif preset == "paper":
        hyper = presets.paper(d, n, p, q, eps_n, eps_b, eps, delta, options or Options())
    else:  # calibrated: its values come from the data; each override is checked against a neutral base
        hyper = HyperParameters(lam=1.0, eta_W=1.0, eta_a=1.0, C_a=1.0, T=1)
    overrides = {k: v for k, v in (overrides or {}).items() if v is not None}
    if overrides:
        try:
            hyper = hyper.replace(**overrides)
        except TypeError as exc:
            raise InputError(f"unknown hyper-parameter override: {exc}") from None
    steps = int(getattr(hyper, "T", 1) or 1)
    work = estimated_work(d, n, p, steps)
    if work > MAX_WORK:  # referee AQ: --d 8 --n 10^12 passed the memory estimate and then ran for ever, silently
        raise InputError(f"--d {d}: a run (n = {n}, p = {p}, T = {steps}) needs about {work:.2g} multiply-adds, more "
                         f"than {MAX_WORK:.0e} (hours on one machine); give a smaller d, --n, --p or --T")


#: the most multiply-adds one run may need: about 1.5 hours at the 1.7·10^10 a second measured for d = 2048 (2.5·10^12
#: in 149 s, README's benchmarks); d = 4096 (3·10^13) is allowed, --d 8 --n 10^12 (2·10^14) is not
MAX_WORK = 1e14


def estimated_work(d: int, n: int, p: int, steps: int) -> float:
    """A rough count of one run's multiply-adds: the first-layer step and the features (n·d·p each), the T DP-GD
    steps over the features (n·p each), and the diagnostics' kernels (p²·n)."""
    return float(n) * (2.0 * d * p + (steps + 2) * p + p * p)


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
    d, target, n0, p0, n, p, eps_b = _settings(d, preset, eps, delta, eps_n, eps_p, eps_b, target, n, p)
    q = target.degree
    problem = make_problem(d, n, target, seed, n_test=n_test)
    started = time.perf_counter()
    calibrate = None
    if preset == "paper":
        options = options or Options()
        hyper = presets.paper(d, n, p, q, eps_n, eps_b, eps, delta, options)
    elif preset == "repaired":
        hyper, options = presets.repaired(d, n, p, q, eps_n, eps, delta)
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
            calibrate = lambda W1, b: base(W1, b).replace(**overrides)
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
        _flag_regime(record)
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
    # an iterate whose entries are finite (~1e200) but whose norm or risk overflows has diverged too (referee CF,
    # F2: such a run had been recorded "ok" with risk_dpgd = inf, after NumPy's overflow warnings)
    with np.errstate(over="ignore", invalid="ignore"):
        record.update(lam_max_K=float(eig[-1]), lam_min_K=float(eig[0]),
                      stability_margin=2 * hyper.eta_a * (float(eig[-1]) + lam),
                      contraction_paper=1 - 2 * hyper.eta_a * (float(eig[0]) + lam),
                      contraction_actual=float(np.max(np.abs(1 - 2 * hyper.eta_a * (eig + lam)))),
                      dist_aT_aRR=float(np.linalg.norm(result.a_T - a_rr)), norm_a_RR=float(np.linalg.norm(a_rr)))
        coefs = {"dpgd": result.a_T, "ridge": a_rr}
        risks = risk(problem.test, result.W1, result.b, coefs)
    record.update(risk_dpgd=risks["dpgd"], risk_ridge=risks["ridge"], risk_null=null_risk(problem.test),
                  var_y=float(target_variance(target)))
    record["risk_over_null"] = risk_over_null(record["risk_dpgd"], record["risk_null"])
    overflowed = [k for k in ("dist_aT_aRR", "risk_dpgd") if not math.isfinite(record[k])]
    if overflowed:
        record["status"] = f"diverged (found after the last second-layer step; overflow: {', '.join(overflowed)})"
    if baselines:
        rf = kernel_stats(Features(problem.data_a, result.W0, result.b, options.feature_cache_bytes))
        record["risk_rf"] = risk(problem.test, result.W0, result.b, {"rf": rf.ridge(lam)})["rf"]
    record["time_s"] = time.perf_counter() - started
    _flag_regime(record)
    if return_state:
        record.update(_result=result, _stats=stats, _problem=problem, _a_rr=a_rr, _eig=eig)
    return record


#: Below this d, log d < 1 and the paper preset's log factors (log² d in η_a, log^{q+3} d in σ_W, …)
#: shrink instead of grow: the preset is not meant for it (e.g. d = 2 spends ε ≈ 720 for a budget of 1).
MIN_REGIME_D = 3


def regime_flags(record: dict[str, Any]) -> list[str]:
    """Why a run lies outside the regime its preset is meant for (empty when it lies inside):
    d < 3 (log d < 1), the accounted ε above the budget, n ≤ p, Assumption 2 or 3 failing."""
    flags = []
    d, n, p, eps = record["d"], record["n"], record["p"], record["eps"]
    if d < MIN_REGIME_D:
        flags.append(f"d = {d} < {MIN_REGIME_D} (log d < 1)")
    spent = record.get("eps_total")
    if isinstance(spent, (int, float)) and math.isinf(spent):  # referee CR, MEDIUM-4: had passed as "ok"
        flags.append("not private: ε spent = ∞ (a noise of 0 or an unbounded sensitivity)")
    elif isinstance(spent, (int, float)) and math.isfinite(spent) and spent > eps * (1 + 1e-6):
        flags.append(f"ε spent {spent:.4g} > budget ε = {eps:g}")
    if n <= p:
        flags.append(f"n = {n} ≤ p = {p}")
    if not record.get("assumption2_holds", True):
        flags.append("Assumption 2 fails")
    if not record.get("assumption3_holds", True):
        flags.append("Assumption 3 fails")
    return flags


def risk_over_null(risk_dpgd: Any, risk_null: Any) -> float:
    """The DP-GD test risk over the null predictor's (predicting 0): above 1, DP-GD does worse than predicting 0.
    Infinite when the risk overflowed; NaN when either risk is missing or the null risk is 0."""
    if not (isinstance(risk_dpgd, (int, float)) and isinstance(risk_null, (int, float))) or not risk_null > 0:
        return float("nan")
    return float(risk_dpgd) / float(risk_null) if math.isfinite(risk_dpgd) else math.inf


#: the status note of a finished run whose DP-GD risk exceeds the null predictor's
ABOVE_NULL = "DP-GD risk above the null predictor's"


def _flag_regime(record: dict[str, Any]) -> None:
    """Record the regime flags and annotate an ``ok`` run's status: ``ok (outside regime: …)`` when it lies outside
    the regime its preset is meant for, ``ok (DP-GD risk above the null predictor's)`` when its DP-GD risk exceeds
    predicting 0's, both separated by "; ". A huge but finite risk is a run of the same kind as one whose risk
    overflowed ("diverged"): the note says so whatever the floating-point size (referee CG, M1: a risk of
    6·10^302 against a null risk of 5.9 had read plain "ok" and entered the fits unmarked)."""
    flags = regime_flags(record)
    record["regime_flags"] = "; ".join(flags)
    if flags and record.get("status") == "ok":
        record["status"] = "ok (outside regime: " + "; ".join(flags) + ")"
    mark_above_null(record)


def mark_above_null(record: dict[str, Any]) -> None:
    """An ``ok`` run whose ``risk_over_null`` is above 1 says so in its status, once: ``ok (DP-GD risk above the null
    predictor's)`` or, after other notes, ``ok (…; DP-GD risk above the null predictor's)``. A row written before
    the field existed gets it from its two risks first (referee CJ, CJ-6; CK, CK-5: a stored null had crashed the
    fit, and such a row had been counted above the null risk with a plain "ok")."""
    ratio = record.get("risk_over_null")
    if not isinstance(ratio, (int, float)) and "risk_dpgd" in record:
        ratio = record["risk_over_null"] = risk_over_null(record["risk_dpgd"], record.get("risk_null"))
    status = str(record.get("status"))
    well_formed = status == "ok" or (status.startswith("ok (") and status.endswith(")"))
    if not (well_formed and isinstance(ratio, (int, float)) and ratio > 1) or ABOVE_NULL in status:
        return  # a status written otherwise (damaged, "diverged", "failed: …") is left as it is (referee CL, CL-3)
    record["status"] = f"ok ({ABOVE_NULL})" if status == "ok" else f"{status[:-1]}; {ABOVE_NULL})"


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


#: Row fields that measure the run (time, memory, where it ran) rather than its result: they differ
#: between two runs of the same (d, seed); every other field is identical.
MEASURED_FIELDS = ("time_s", "peak_mem_mb", "worker")


def run_task(d: int, seed: int, kwargs: dict[str, Any]) -> dict[str, Any]:
    """One (d, seed) experiment as a sweep task: the row of :func:`run_experiment` plus its peak
    traced memory (``peak_mem_mb``: NumPy and Python allocations, by :mod:`tracemalloc`). A task that
    raises becomes a row whose status says why (bad input still raises :class:`InputError`)."""
    import os
    import tracemalloc

    started_tracing = not tracemalloc.is_tracing()
    if started_tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    started = time.perf_counter()
    try:
        row = run_experiment(d, seed=seed, **kwargs)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - a failed task is a row; the sweep goes on
        row = {"preset": kwargs.get("preset", "paper"), "d": d, "seed": seed,
               "status": f"failed: {type(exc).__name__}: {exc}", "time_s": time.perf_counter() - started}
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        if started_tracing:
            tracemalloc.stop()
    row["peak_mem_mb"] = round(peak / 2**20, 3)
    row["worker"] = f"{os.uname().nodename}:{os.getpid()}"
    return row


def row_key(row: dict[str, Any]) -> tuple[int, int]:
    return int(row["d"]), int(row["seed"])


#: at most this many damaged lines of runs.jsonl are named one by one on --resume (the rest are counted)
WARNED_LINES = 20


def _run_record(raw: bytes) -> tuple[dict[str, Any] | None, str | None]:
    """(the finished run a runs.jsonl line records, None) or (None, why its bytes record none)."""
    try:
        row = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return None, "not UTF-8"
    except RecursionError:
        return None, "nested too deeply"
    except ValueError:
        return None, "not JSON"
    try:  # an escaped lone surrogate ("\\ud800") is valid JSON but cannot be written out again (referee CZ, L5)
        json.dumps(row, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return None, "a lone surrogate, an escaped \\ud800 to \\udfff unpaired"
    if not isinstance(row, dict):
        return None, "no run record (d, seed)"
    d, seed = row.get("d"), row.get("seed")
    if not (isinstance(d, int) and not isinstance(d, bool) and d >= 1
            and isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0):  # (referee CZ, L5: d = 0)
        return None, ("no run record (d, seed)" if d is None or seed is None else
                      "d not a whole number ≥ 1 or seed not one ≥ 0")
    if not isinstance(row.get("status"), str):
        return None, f"the run d={d}, seed={seed} has no status"
    return row, None


class RowLog:
    """Rows of a sweep on disk, appended as they finish: ``runs.jsonl`` (one JSON object a line,
    flushed and synced per row) and ``runs.csv`` (rewritten atomically after each row, columns the
    union over the rows). ``sweep.json`` holds the configuration, so ``--resume`` refuses a folder
    made by a different one. :meth:`finish` rewrites both files in (d, seed) order."""

    def __init__(self, directory, config: dict[str, Any], *, resume: bool = False):
        from pathlib import Path

        self.dir = Path(directory)
        self.config = config
        self.rows: dict[tuple[int, int], dict[str, Any]] = {}
        self.dir.mkdir(parents=True, exist_ok=True)
        self.jsonl, self.csv, self.meta = self.dir / "runs.jsonl", self.dir / "runs.csv", self.dir / "sweep.json"
        self.damaged = self.dir / "runs.jsonl.damaged"
        #: one line for each line of runs.jsonl that could not be read on --resume
        self.warnings: list[str] = []
        if resume:
            if self.meta.exists():
                try:
                    old = json.loads(self.meta.read_text(encoding="utf-8"))
                    if not isinstance(old, dict):
                        raise ValueError("not a JSON object")
                except (UnicodeDecodeError, ValueError) as exc:  # referee AN: a traceback
                    raise InputError(f"--resume {self.dir}: {self.meta.name} is damaged ({exc}), so the sweep's "
                                     "settings are unknown; use a new --output folder") from None
                diff = _setting_differences(old, config)
                if diff:  # name both values and how to continue, not only "start over" (referee CF, F3)
                    raise InputError(f"--resume {self.dir}: the sweep there was run with other settings ("
                                     + "; ".join(diff) + f"): give them as the sweep was started (they are in "
                                     f"{self.meta}) to continue it, or use a new --output folder")
            if self.jsonl.exists():
                self._read_rows()
        from ..outputs import save_text

        save_text(self.meta, json.dumps(config, indent=2, sort_keys=True) + "\n")
        self._rewrite(list(self.rows.values()))

    def _read_rows(self) -> None:
        """The finished runs of ``runs.jsonl``. A line that is no run record — cut by an interruption, undecodable
        (referee AN: a traceback), nested past the parser's depth, without its status (referee AS), or with a d or
        seed that is not a whole number (referee CY, CY-6: ``"d": 8.9`` and ``"d": true`` had been read as runs
        (8, ·) and (1, ·)) — is not read: its run is done again, the line is kept byte for byte in
        ``runs.jsonl.damaged`` and :attr:`warnings` says so, one line each up to :data:`WARNED_LINES` (referee CR,
        LOW-4: they had been dropped silently)."""
        from ..outputs import write_atomic

        damaged: list[bytes] = []
        for number, raw in enumerate(self.jsonl.read_bytes().split(b"\n"), 1):
            if not raw.strip():
                continue
            row, why = _run_record(raw)
            if row is not None:
                self.rows[row_key(row)] = row
                continue
            damaged.append(raw)
            if len(damaged) <= WARNED_LINES:
                self.warnings.append(f"{self.jsonl} line {number} is damaged ({why}): not read, its run is done "
                                     f"again; the line is kept in {self.damaged}")
        if len(damaged) > WARNED_LINES:
            self.warnings.append(f"{self.jsonl}: {len(damaged) - WARNED_LINES} more damaged lines, kept in "
                                 f"{self.damaged} too")
        if damaged:
            previous = self.damaged.read_bytes() if self.damaged.exists() else b""
            write_atomic(self.damaged, previous + b"".join(line + b"\n" for line in damaged))

    def done(self, d: int, seed: int) -> bool:
        return (d, seed) in self.rows

    def add(self, row: dict[str, Any]) -> None:
        import os

        from ..claims import jsonable

        clean = jsonable({k: v for k, v in row.items() if not k.startswith("_")})
        self.rows[row_key(clean)] = clean
        with self.jsonl.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(clean) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        self._write_csv(list(self.rows.values()))

    def _write_csv(self, rows: list[dict[str, Any]]) -> None:
        import csv
        import io

        from ..outputs import write_atomic

        keys: list[str] = []
        for r in rows:
            keys += [k for k in r if k not in keys]
        buf = io.StringIO(newline="")
        writer = csv.DictWriter(buf, fieldnames=keys)
        writer.writeheader()
        for r in rows:
            writer.writerow({k: r.get(k) for k in keys})
        write_atomic(self.csv, buf.getvalue().encode("utf-8"))

    def _rewrite(self, rows: list[dict[str, Any]]) -> None:
        from ..outputs import write_atomic

        write_atomic(self.jsonl, "".join(json.dumps(r) + "\n" for r in rows).encode("utf-8"))
        self._write_csv(rows)

    def finish(self, order: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
        """Both files in the sweep's (d, seed) order; the rows in that order."""
        rows = [self.rows[k] for k in order if k in self.rows]
        rows += [r for k, r in self.rows.items() if k not in set(order)]
        self._rewrite(rows)
        return rows


def _setting_differences(stored: dict[str, Any], given: dict[str, Any], prefix: str = "") -> list[str]:
    """``key: stored there, given here`` for each setting that differs (nested dicts such as ``options`` key by
    key)."""
    out = []
    for key in sorted(set(stored) | set(given)):
        was, now = stored.get(key), given.get(key)
        if was == now:
            continue
        if isinstance(was, dict) and isinstance(now, dict):
            out += _setting_differences(was, now, f"{prefix}{key}.")
        else:
            out.append(f"{prefix}{key}: {was!r} there, {now!r} here")
    return out


def make_client(scheduler: str | None, workers: int | None):
    """A ``dask.distributed`` client: ``scheduler`` is ``"local"`` (a ``LocalCluster`` of ``workers``
    single-threaded worker processes on this machine) or a scheduler address (``tcp://host:8786``).
    Returns (client, cluster or None); close both when done."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--scheduler/--workers need Dask: pip install 'theorycheck[dask]' "
                         "(or pip install 'dask[distributed]')") from None
    if workers is not None and scheduler not in (None, "local"):  # referee AS: silently ignored
        raise InputError(f"--workers starts a local cluster; the scheduler {scheduler} has its own workers: drop "
                         "--workers")
    if workers is not None and workers > validate.most_per_cpu():  # as --jobs (referee AS: no bound)
        raise InputError(f"--workers {workers}: at most {validate.most_per_cpu()} on this machine "
                         f"({os.cpu_count() or 1} CPUs)")
    if scheduler in (None, "local"):
        cluster = LocalCluster(n_workers=workers or 1, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=40)
        return Client(cluster), cluster
    _check_scheduler_address(scheduler)
    try:
        return Client(scheduler, timeout=30), None
    except (OSError, TimeoutError) as exc:
        raise InputError(f"--scheduler {scheduler}: cannot reach the Dask scheduler within 30 s ({exc})") from None
    except (ValueError, TypeError) as exc:  # an address Dask parses but cannot use (referee CF, F1)
        raise InputError(f"--scheduler {scheduler}: not a usable Dask scheduler address ({exc})") from None


#: the address schemes a Dask scheduler listens on over the network (ucx needs ucx-py, inproc is in-process only)
SCHEDULER_SCHEMES = ("tcp", "tls", "ws", "wss")


def _check_scheduler_address(scheduler: str) -> None:
    """A one-line :class:`InputError` unless ``scheduler`` is ``scheme://host:port`` (or ``host:port``, read as tcp)
    with a scheme of :data:`SCHEDULER_SCHEMES` and an integer port (referee CF, F1: Dask raised ValueError and
    TypeError tracebacks on malformed addresses)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    usage = "expected 'local' or a scheduler address such as tcp://host:8786"
    if "://" not in scheduler and ":" not in scheduler:
        raise InputError(f"--scheduler {scheduler!r}: {usage}")
    address = scheduler if "://" in scheduler else "tcp://" + scheduler
    try:
        scheme, location = parse_address(address, strict=True)
        _, port = parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise InputError(f"--scheduler {scheduler!r}: {exc}; {usage}") from None
    if scheme not in SCHEDULER_SCHEMES:
        raise InputError(f"--scheduler {scheduler!r}: the scheme {scheme}:// is not one a networked Dask scheduler "
                         f"listens on ({', '.join(s + '://' for s in SCHEDULER_SCHEMES)}); {usage}")
    if port is None or not 0 < int(port) < 65536:
        raise InputError(f"--scheduler {scheduler!r}: needs a port in 1..65535; {usage}")


def stream_sweep(tasks: Sequence[tuple[int, int]], kwargs: dict[str, Any] | Callable[[int], dict[str, Any]],
                 log: RowLog | None = None, *,
                 client=None, on_row: Callable[[dict[str, Any], int, int], None] | None = None,
                 on_start: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Run the (d, seed) ``tasks`` not already in ``log``: in this process, or on a Dask ``client``.

    ``kwargs`` are :func:`run_experiment`'s keywords, or a function of d giving them (n and p grow with d).
    Each finished row goes to ``log`` at once (so an interruption loses only running tasks) and to
    ``on_row(row, finished, total)``. A task that fails or whose worker dies is a row with its status.
    Returns the rows of every task (including those resumed from ``log``), in ``tasks`` order."""
    todo = [t for t in tasks if log is None or not log.done(*t)]
    total, finished = len(tasks), len(tasks) - len(todo)
    rows: dict[tuple[int, int], dict[str, Any]] = dict(log.rows) if log is not None else {}
    kw = kwargs if callable(kwargs) else (lambda d: kwargs)

    def arrive(row: dict[str, Any]) -> None:
        nonlocal finished
        finished += 1
        if log is not None:
            log.add(row)
        rows[row_key(row)] = row
        if on_row:
            on_row(row, finished, total)

    if client is None:
        # on the BLAS thread count Dask's workers use (its nanny sets OPENBLAS_NUM_THREADS=1): some LAPACK routines
        # block their work by thread count, and the rows must be the Dask sweep's bit for bit (referee AD: at d ≥ 64
        # 5 of 9 rows differed in the last digits)
        from .. import blas

        with blas.limited(blas.threads_per_check()):
            for d, seed in todo:
                if on_start:
                    on_start(d, seed)
                arrive(run_task(d, seed, kw(d)))
    else:
        from distributed import as_completed

        if on_start and todo:
            on_start(*todo[0])
        futures = {
            client.submit(run_task, d, seed, kw(d), pure=False, key=f"theorycheck-d{d}-s{seed}-{time.time_ns()}"): (
                d,
                seed,
            )
            for d, seed in todo
        }
        try:
            for future in as_completed(futures):
                d, seed = futures[future]
                try:
                    row = future.result()
                except InputError:
                    raise
                except Exception as exc:  # noqa: BLE001 - a worker that died: a row, the sweep goes on
                    row = {"preset": kw(d).get("preset", "paper"), "d": d, "seed": seed,
                           "status": f"failed: {type(exc).__name__}: {exc}"}
                arrive(row)
                if on_start:
                    pending = sorted(futures[f] for f in futures if not f.done())
                    if pending:
                        on_start(*pending[0])
        finally:
            for future in futures:
                future.cancel()
    return [rows[t] for t in tasks if t in rows]


def fit_slope(ds: Sequence[float], values: Sequence[float]) -> float | None:
    """Least-squares slope of log(value) against log(d) (finite positive values only)."""
    pts = [(math.log(d), math.log(v)) for d, v in zip(ds, values) if v is not None and math.isfinite(v) and v > 0]
    if len({x for x, _ in pts}) < 2:
        return None
    x, y = np.array(pts).T
    return slope_fit(x, y).slope
