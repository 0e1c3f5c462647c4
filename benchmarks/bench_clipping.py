"""Per-sample clipping of the second layer: ghost norms (O(np), no per-sample tensor) vs the materialised
n×p per-sample gradients. Usage: python benchmarks/bench_clipping.py [--n 20000] [--p 1024] [--repeats 5]"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

import numpy as np

from theorycheck.simulator import Options, clip_factors, clipped_gradient


def materialised(F, y, a, lam, C):
    r = F @ a - y
    G = 2 * r[:, None] * F + 2 * lam * a  # n×p per-sample gradients
    norms = np.linalg.norm(G, axis=1)
    c = np.minimum(1.0, C / norms)
    return (c[:, None] * G).sum(axis=0) / len(y)


def ghost(blocks, a, lam, C):
    return clipped_gradient(blocks, a, lam, C, Options())[0]


def best(fn, repeats):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), float(np.median(times)), out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--p", type=int, default=1024)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--block", type=int, default=4096)
    args = ap.parse_args()
    rng = np.random.default_rng(0)
    F = np.tanh(rng.standard_normal((args.n, args.p)))
    y = rng.standard_normal(args.n) * 3
    a = rng.standard_normal(args.p) / np.sqrt(args.p)
    lam, C = 1.0, 5.0
    blocks = [
        (
            F[s : s + args.block],
            y[s : s + args.block],
            np.einsum("ij,ij->i", F[s : s + args.block], F[s : s + args.block]),
        )
        for s in range(0, args.n, args.block)
    ]  # ‖φ_j‖² cached once per run, as in the simulator
    tg, tg_med, g1 = best(lambda: ghost(blocks, a, lam, C), args.repeats)
    tm, tm_med, g2 = best(lambda: materialised(F, y, a, lam, C), args.repeats)
    err = float(np.max(np.abs(g1 - g2)) / np.max(np.abs(g2)))
    # the norms alone, given the residuals (which both paths need): O(n) from r, ‖φ‖², ⟨φ, a⟩ vs forming G
    fa = F @ a
    r = fa - y
    fn2 = np.concatenate([b[2] for b in blocks])
    tn_g, _, c1 = best(lambda: clip_factors(r, fn2, fa, a, lam, C, "min")[1], args.repeats)
    tn_m, _, c2 = best(lambda: np.linalg.norm(2 * r[:, None] * F + 2 * lam * a, axis=1), args.repeats)
    norm_err = float(np.max(np.abs(c1 - c2) / c2))
    out = {
        "n": args.n,
        "p": args.p,
        "ghost_s": tg,
        "materialised_s": tm,
        "ratio": tm / tg,
        "ghost_median_s": tg_med,
        "materialised_median_s": tm_med,
        "max_rel_diff": err,
        "norms_ghost_s": tn_g,
        "norms_materialised_s": tn_m,
        "norms_ratio": tn_m / tn_g,
        "norms_max_rel_diff": norm_err,
        "machine": platform.processor() or platform.machine(),
        "numpy": np.__version__,
        "load_average": os.getloadavg(),
        "blas_threads": os.environ.get("OPENBLAS_NUM_THREADS", "default"),
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
