"""One full run of Algorithm 1 with the paper preset (Assumption 4) at n = ⌈d^{1+3ε_n}⌉ (d^{1.6}), p = d,
inside the experiment of `theorycheck simulate` (K_n, eigenvalues, ridge, test risks, random-features
baseline). Reports the wall time of algorithm1 alone and of the whole experiment, and the peak memory
of the process (ru_maxrss; with --trace also tracemalloc's peak of Python/NumPy allocations).

Usage: python benchmarks/bench_algorithm1.py --d 1024 [--cache-gb 1] [--no-baselines] [--trace]
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import resource
import time
import tracemalloc

from theorycheck.simulator import presets
from theorycheck.simulator.algorithm import Options

sweep = importlib.import_module("theorycheck.simulator.sweep")  # the module (the package exports a function `sweep`)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--d", type=int, default=1024)
    ap.add_argument("--eps-n", type=float, default=0.2)
    ap.add_argument("--eps-p", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cache-gb", type=float, default=1.0, help="feature cache limit (Options.feature_cache_bytes)")
    ap.add_argument("--trace", action="store_true", help="tracemalloc peak (slows NumPy-heavy code slightly)")
    ap.add_argument("--no-baselines", action="store_true")
    args = ap.parse_args()
    d = args.d
    n, p = presets.regime_sizes(d, args.eps_n, args.eps_p)
    if args.trace:
        tracemalloc.start()
    timing = {}
    original = sweep.algorithm1

    def timed(*a, **k):
        t = time.perf_counter()
        out = original(*a, **k)
        timing["algorithm1_s"] = time.perf_counter() - t
        return out

    sweep.algorithm1 = timed
    t = time.perf_counter()
    row = sweep.run_experiment(
        d,
        preset="paper",
        seed=args.seed,
        eps_n=args.eps_n,
        eps_p=args.eps_p,
        baselines=not args.no_baselines,
        options=Options(feature_cache_bytes=int(args.cache_gb * 2**30)),
    )
    t_exp = time.perf_counter() - t
    peak_trace = tracemalloc.get_traced_memory()[1] if args.trace else None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    out = {
        "d": d,
        "n": n,
        "p": p,
        "T": row.get("hp_T"),
        "features_cached": n * p * 8 <= args.cache_gb * 2**30,
        **timing,
        "experiment_s": t_exp,
        "peak_tracemalloc_GB": None if peak_trace is None else peak_trace / 1e9,
        "peak_rss_GB": rss / 1e9,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "status": row.get("status"),
        "risk_dpgd": row.get("risk_dpgd"),
        "risk_ridge": row.get("risk_ridge"),
        "risk_rf": row.get("risk_rf"),
        "risk_null": row.get("risk_null"),
        "clipped_fraction": row.get("clipped_fraction"),
        "stability_margin": row.get("stability_margin"),
        "alignment_step": row.get("alignment_step"),
        "alignment_noise": row.get("alignment_noise"),
        "eps_total": row.get("eps_total"),
    }
    print(json.dumps(out, indent=2, default=str))


if __name__ == "__main__":
    main()
