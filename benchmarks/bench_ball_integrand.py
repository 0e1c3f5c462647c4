"""The compiled quadrature integrands (:func:`theorycheck.statement.ball_integrand`) against mpmath's own: prints JSON.

For each line, a fresh interpreter loads the claims and runs the selected claims' checks one after another (as one
check process of the audit runs a family): ``compiled`` as the library runs them, ``mpmath`` with
``ball_integrand`` replaced by one that compiles nothing (every Statement Integral then integrates mpmath's
lambdified integrand, as before d0ec5a4). The two lines alternate, ``--rounds`` times; the JSON gives every run,
the fastest and the median of each, and whether the verdicts agree.

Usage: python benchmarks/bench_ball_integrand.py [ID ...] [--rounds 4]
(default claims: the six whose checks integrate a Statement's Integral; about 15 s per run on the 2-core machine)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

#: the claims whose checks integrate a Statement's Integral (counted with a wrapped ball_integrand at d0ec5a4)
CLAIMS = ("cert.step3-delta-links", "thm6.step1-window-links", "cert.step1-fourier-links", "thm6.step1-residual",
          "fourier.step2-contour-sides", "fourier.step2-product-convolution")

CHILD = r"""
import json, sys, time
from theorycheck import registry, statement
if sys.argv[1] == "mpmath":
    statement.ball_integrand = lambda *args, **kwargs: None
claims = registry.load().select(sys.argv[2:])
t0, c0 = time.perf_counter(), time.process_time()
verdicts = {c.id: c.check().verdict for c in claims}
print(json.dumps({"line": sys.argv[1], "claims": len(claims), "wall_s": round(time.perf_counter() - t0, 2),
                  "cpu_s": round(time.process_time() - c0, 2), "verdicts": verdicts}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ids", nargs="*", default=list(CLAIMS), help="claim ids (default: the six above)")
    parser.add_argument("--rounds", type=int, default=4, help="runs of each line, alternating (default 4)")
    args = parser.parse_args()
    runs = []
    for _ in range(args.rounds):
        for line in ("mpmath", "compiled"):
            out = subprocess.run([sys.executable, "-c", CHILD, line, *args.ids], capture_output=True, text=True,
                                 check=True)
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    lines = {}
    for line in ("mpmath", "compiled"):
        walls = [r["wall_s"] for r in runs if r["line"] == line]
        lines[line] = {"runs": len(walls), "fastest_wall_s": min(walls), "median_wall_s": statistics.median(walls)}
    verdicts = {json.dumps(r["verdicts"], sort_keys=True) for r in runs}
    print(json.dumps({"claims": list(args.ids), "runs": runs, "lines": lines,
                      "compiled_over_mpmath_fastest": round(lines["compiled"]["fastest_wall_s"]
                                                            / lines["mpmath"]["fastest_wall_s"], 3),
                      "same_verdicts": len(verdicts) == 1}, indent=1))


if __name__ == "__main__":
    main()
