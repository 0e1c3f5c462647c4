"""Checks in one process at several sizes of SymPy's per-function caches (``SYMPY_CACHE_SIZE``): prints JSON.

For each size, a fresh interpreter with ``SYMPY_CACHE_SIZE`` set loads the claims and runs the selected claims'
checks one after another (as one check process of the audit runs a family), and reports its wall and CPU time,
its peak resident memory and the verdicts; the sizes run alternately, ``--rounds`` times. theorycheck sets 100000
(:data:`theorycheck.SYMPY_CACHE_SIZE`) where the user has not set a size; SymPy's own default is 1000.

Usage: python benchmarks/bench_sympy_cache.py [ID or PREFIX ...] [--sizes 1000 100000] [--rounds 1]
(default claims: thm2. construct.; about a minute per size and round on the 2-core machine)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

CHILD = r"""
import json, resource, sys, time
from theorycheck import registry
claims = registry.load().select(sys.argv[1:])
t0, c0 = time.perf_counter(), time.process_time()
verdicts = {c.id: c.check().verdict for c in claims}
import sympy.core.cache
print(json.dumps({"size": sympy.core.cache.SYMPY_CACHE_SIZE, "claims": len(claims),
                  "wall_s": round(time.perf_counter() - t0, 2), "cpu_s": round(time.process_time() - c0, 2),
                  "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
                  "verdicts": verdicts}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ids", nargs="*", default=["thm2.", "construct."])
    parser.add_argument("--sizes", nargs="+", default=["1000", "100000"])
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    runs = []
    for _ in range(args.rounds):
        for size in args.sizes:
            env = {**os.environ, "SYMPY_CACHE_SIZE": size, "OPENBLAS_NUM_THREADS": "1"}
            done = subprocess.run([sys.executable, "-c", CHILD, *args.ids], env=env, capture_output=True, text=True,
                                  check=True)
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(f"SYMPY_CACHE_SIZE={size}: {runs[-1]['wall_s']} s wall, {runs[-1]['cpu_s']} s CPU, "
                  f"{runs[-1]['peak_rss_mb']} MB", file=sys.stderr)
    same = len({json.dumps(r["verdicts"], sort_keys=True) for r in runs}) == 1
    print(json.dumps({"command": "python benchmarks/bench_sympy_cache.py " + " ".join(sys.argv[1:]),
                      "load_average": os.getloadavg(), "same_verdicts": same,
                      "runs": [{k: v for k, v in r.items() if k != "verdicts"} for r in runs]}, indent=1))


if __name__ == "__main__":
    main()
