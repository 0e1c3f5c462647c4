"""Find quadratures whose small results are less accurate than they look: run the selected claims' checks (all by
default, about 3 minutes) with every ``mpmath.quad`` call watched; a result below 10^{-25} in size is computed again
with the integrand scaled by 1/|result|, and a call whose two values differ by more than 10^{-15} relative is listed
(claim, calling line, count, worst relative difference, the two values).

Why: mpmath.quad stops once its error estimate is below 10^{-dps} *absolute*, so an integral of 10^{-400} at 30
digits can come back with 3 or 4 digits (stop 56: construct.tail-finf, construct.tail-fp;
``theorycheck.numerics.tail_integral`` is the remedy). A value that is 0 by symmetry shows up as rounding noise on
both runs (a relative difference of order 1 between two values near 10^{-48}): that is not a finding.

Usage: python benchmarks/probe_small_quadratures.py [ID or PREFIX ...]
"""

from __future__ import annotations

import collections
import sys
import time
import traceback

import mpmath

from theorycheck import registry

_QUAD = type(mpmath.mp).quad
_SMALL = mpmath.mpf(10) ** -25
_DIFFERENT = mpmath.mpf(10) ** -15


def main() -> None:
    counts: collections.Counter = collections.Counter()
    worst: dict = {}
    state = {"claim": None, "inside": False}

    def watched(ctx, f, *intervals, **options):
        out = _QUAD(ctx, f, *intervals, **options)
        if state["inside"]:
            return out
        value = out[0] if isinstance(out, tuple) else out
        size = abs(value)
        if not (0 < size < _SMALL) or not mpmath.isfinite(size):
            return out
        state["inside"] = True
        try:
            plain = {k: v for k, v in options.items() if k != "error"}
            again = _QUAD(ctx, lambda *a: f(*a) / size, *intervals, **plain) * size
        finally:
            state["inside"] = False
        difference = abs(again - value) / max(abs(again), abs(value))
        if difference > _DIFFERENT:
            frame = [fr for fr in traceback.extract_stack()[:-1] if "benchmarks" not in fr.filename][-1]
            key = (state["claim"], f"{frame.filename}:{frame.lineno}")
            counts[key] += 1
            if key not in worst or difference > worst[key][0]:
                worst[key] = (float(difference), mpmath.nstr(value, 6), mpmath.nstr(again, 6))
        return out

    type(mpmath.mp).quad = watched
    mpmath.quad = lambda *a, **k: watched(mpmath.mp, *a, **k)
    started = time.perf_counter()
    for claim in registry.load().select(sys.argv[1:]):
        state["claim"] = claim.id
        claim.check()
    for key, n in counts.most_common():
        print(*key, n, *worst[key])
    print(f"{len(counts)} call sites listed; {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
