"""Where a family of checks spends its time: run the selected claims' checks one after another in this process
(as one check process of the audit runs a family) under cProfile, print each check's wall time and the total as
JSON on standard error, and the profile's top functions by cumulative time on standard output.

Usage: python benchmarks/profile_checks.py [ID or PREFIX ...] [--top 40] [--stats FILE]

Without ids every claim runs (several minutes). The times include cProfile's overhead (about 1.5–2× on SymPy-heavy
checks): compare runs of this command with each other, not with the audit's figures.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time

from theorycheck import registry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ids", nargs="*", help="claim ids or id prefixes such as 'thm2.' (default: all)")
    parser.add_argument("--top", type=int, default=40, help="functions to list (default 40)")
    parser.add_argument("--stats", help="also write the raw profile to this file (pstats format)")
    args = parser.parse_args()
    claims = registry.load().select(args.ids)
    profile = cProfile.Profile()
    seconds = {}
    start = time.perf_counter()
    for claim in claims:
        t0 = time.perf_counter()
        profile.enable()
        try:
            claim.check()
        finally:
            profile.disable()
        seconds[claim.id] = round(time.perf_counter() - t0, 2)
    total = round(time.perf_counter() - start, 2)
    json.dump({"claims": len(claims), "total_seconds": total, "seconds": seconds}, sys.stderr, indent=1)
    sys.stderr.write("\n")
    if args.stats:
        profile.dump_stats(args.stats)
    pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
