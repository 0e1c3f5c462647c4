"""The cold audit against the audit of the commit before issue 14 was filed, alternating on this machine: prints JSON.

- ``now``: ``theorycheck check`` of this tree with an empty verdict cache (``THEORYCHECK_CACHE_DIR`` a fresh
  folder), what ``bench_audit.py`` calls "cold";
- ``then``: ``python -m theorycheck check`` of commit ``--then`` (default ``2867f11``, the last commit before
  issue 14 was filed: 88 claims, no verdict cache) from a git worktree with its own code first on ``PYTHONPATH``,
  in this environment as a user runs it;
- ``then_blas1`` (``--blas-one``): the same with ``OPENBLAS_NUM_THREADS=1``. The commit of then does not limit
  BLAS threads, so its two check processes may each start several OpenBLAS threads on the 2 cores; its wall time
  then varies from run to run, and this line shows what it takes without that contention;
- ``now_then_claims`` (``--then-claims``): this tree's cold audit of only the claims of then that still exist (the
  same ids; their checks may have grown since), a like-for-like line beside ``now``'s full audit.

The lines run one after the other, ``--pairs`` times (now, then, now, then, ...). The JSON gives every run, the
median and the fastest of each line, and the ratios now/then of the medians and of the fastest runs. The cold
audit target of issue 14 (at most 80 % of then) is judged on these ratios. About 7 minutes for two pairs.

Usage: python benchmarks/bench_audit_then.py [--then COMMIT] [--pairs N] [--blas-one] [--then-claims]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from bench_audit import timed  # benchmarks/ is the script's folder, first on sys.path
from bench_suite import REPO, worktree


def run(name: str, cmd: list[str], env: dict[str, str], cwd) -> dict:
    load = os.getloadavg()[0]
    out = timed(cmd, env, cwd)
    lines = out["stdout"].strip().splitlines() or [""]
    # the summary (from "N claims" on; the table wraps it at the terminal's width)
    start = max((i for i, line in enumerate(lines) if re.search(r"\d+ claims", line)), default=len(lines) - 1)
    tail = " ".join(line.strip() for line in lines[start:])
    claims = re.search(r"(\d+) claims", tail)
    row = {"line": name, "wall_s": out["wall_s"], "cpu_s": out["cpu_s"], "claims": int(claims.group(1)) if claims
           else None, "summary": tail.strip(), "load_before": round(load, 2)}
    print(f"{name}: {row['wall_s']} s wall, {row['cpu_s']} s CPU, {tail.strip()}", file=sys.stderr, flush=True)
    return row


def claim_ids(env: dict[str, str], cwd) -> list[str]:
    """The claim ids that the ``theorycheck`` importable with ``env`` registers (then's or this tree's)."""
    code = "from theorycheck.registry import load; print('\\n'.join(c.id for c in load().claims))"
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout.split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--then", default="2867f11", help="the commit whose audit is the baseline")
    parser.add_argument("--pairs", type=int, default=2, help="how many (now, then) pairs to run")
    parser.add_argument("--blas-one", action="store_true", help="also run then once with OPENBLAS_NUM_THREADS=1")
    parser.add_argument("--then-claims", action="store_true",
                        help="also run this tree's cold audit of then's claims only, in each pair")
    opts = parser.parse_args()
    if opts.pairs < 1:
        raise SystemExit("--pairs must be at least 1")
    base = {k: v for k, v in os.environ.items() if k not in ("THEORYCHECK_NO_CACHE", "THEORYCHECK_CACHE_DIR")}
    runs: list[dict] = []
    with worktree(opts.then) as old:
        then_env = {**base, "PYTHONPATH": str(old), "THEORYCHECK_NO_CACHE": "1"}
        then_cmd = [sys.executable, "-m", "theorycheck", "check"]
        now_cmd = [sys.executable, "-m", "theorycheck", "check", "--no-progress"]
        shared_ids: list[str] = []
        if opts.then_claims:
            shared_ids = [i for i in claim_ids(then_env, old) if i in set(claim_ids(base, REPO))]
        for _ in range(opts.pairs):
            with tempfile.TemporaryDirectory(prefix="bench-audit-then-cache-") as cache:
                runs.append(run("now", now_cmd, {**base, "THEORYCHECK_CACHE_DIR": cache}, REPO))
            runs.append(run("then", then_cmd, then_env, old))
            if shared_ids:
                with tempfile.TemporaryDirectory(prefix="bench-audit-then-cache-") as cache:
                    runs.append(run("now_then_claims", now_cmd + shared_ids, {**base, "THEORYCHECK_CACHE_DIR": cache},
                                    REPO))
        if opts.blas_one:
            runs.append(run("then_blas1", then_cmd, {**then_env, "OPENBLAS_NUM_THREADS": "1"}, old))
    lines: dict[str, dict] = {}
    for name in dict.fromkeys(r["line"] for r in runs):
        walls = [r["wall_s"] for r in runs if r["line"] == name]
        lines[name] = {"runs": len(walls), "median_wall_s": round(statistics.median(walls), 2),
                       "fastest_wall_s": min(walls), "slowest_wall_s": max(walls)}
    out = {
        "then_commit": opts.then, "cpus": os.cpu_count(), "runs": runs, "lines": lines,
        "now_over_then_median": round(lines["now"]["median_wall_s"] / lines["then"]["median_wall_s"], 3),
        "now_over_then_fastest": round(lines["now"]["fastest_wall_s"] / lines["then"]["fastest_wall_s"], 3),
        "finished": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
    if "now_then_claims" in lines:
        out["then_claims_still_present"] = len(shared_ids)
        out["now_then_claims_over_then_median"] = round(lines["now_then_claims"]["median_wall_s"]
                                                        / lines["then"]["median_wall_s"], 3)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
