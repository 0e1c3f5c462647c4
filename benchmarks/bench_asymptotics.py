"""theorycheck.asymptotics.compare on paper-sized cases: the admissible region (6 parameters, 10 degrees),
2–3 terms per side, privacy factor d^r log^ρ d included. Prints JSON with the verdict and the wall time
of each call (a cold call: the module's caches are cleared first, then a warm repeat).

Usage: python benchmarks/bench_asymptotics.py [--repeat 1]
"""

from __future__ import annotations

import argparse
import json
import time

import sympy as sp

from theorycheck import asymptotics
from theorycheck_proofs.regime import ADMISSIBLE
from theorycheck_proofs.symbols import (
    CLIP_A,
    ETA_A,
    PRIVACY_FACTOR,
    SIGMA_W,
    STEPS,
    d,
    eps_b,
    eps_n,
    eps_p,
    in_powers_of_d,
    nu,
    q,
)

L = sp.log(d)
CASES = {
    "eta_a T << 1": (in_powers_of_d(ETA_A * STEPS), "ll", sp.Integer(1)),
    "sigma_W sqrt(d) R <~ 3 terms": (
        in_powers_of_d(SIGMA_W * sp.sqrt(d)) * PRIVACY_FACTOR,
        "lesssim",
        d ** (-eps_n) + d ** (eps_p / (8 * (q + 1)) - eps_b) * L**2 + d ** (1 - nu / 2),
    ),
    "clip sqrt(T)/n R + d^-eps_n << 1": (
        in_powers_of_d(CLIP_A * sp.sqrt(STEPS) / sp.Symbol("n", positive=True)) * PRIVACY_FACTOR + d ** (-eps_n),
        "ll",
        sp.Integer(1),
    ),
    "3 vs 3 with q": (
        d ** (eps_b - 3 * eps_n) * L ** (q + 1) + d ** (-eps_p / 4) + PRIVACY_FACTOR * d ** (-eps_n),
        "lesssim",
        d ** (-eps_p / (8 * (q + 1))) + L**2 * d ** (eps_b - 3 * eps_n) + d ** (-eps_n),
    ),
    "3 vs 2 fails in a corner": (
        d ** (eps_p / 2 - 2 * eps_n) + d ** (-eps_b) + PRIVACY_FACTOR * d ** (-1),
        "ll",
        d ** (-eps_b / 2) + d ** (-eps_n / 4) * L,
    ),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    out = {}
    for name, (lhs, rel, rhs) in CASES.items():
        lhs = lhs.subs(sp.Symbol("n", positive=True), d**nu)
        times = []
        for _ in range(args.repeat):
            asymptotics._linear.cache_clear()
            asymptotics._ROWS_CACHE.clear()
            asymptotics._symbolic_linear.cache_clear()
            sp.core.cache.clear_cache()
            t0 = time.perf_counter()
            result = asymptotics.compare(lhs, rel, rhs, ADMISSIBLE, d=d)
            times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        asymptotics.compare(lhs, rel, rhs, ADMISSIBLE, d=d)
        warm = time.perf_counter() - t0
        out[name] = {
            "holds_on": result.holds_on,
            "witness": (result.witness or {}).get("point"),
            "cold_s": round(min(times), 3),
            "warm_s": round(warm, 3),
        }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
