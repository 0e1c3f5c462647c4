"""The test suite's wall time against the suite as it was when issue 14 was filed, on this machine: prints JSON.

- ``now``: the default ``python3 -m pytest`` of the working tree, run as the README orders it: after the audit
  command (``python3 -m theorycheck check``, run first and timed apart as ``audit_before_now``), whose fresh
  verdicts the suite reuses instead of running those checks again (tests/conftest.py);
- ``now_clean``: the same suite reusing nothing (``THEORYCHECK_TEST_REUSE_AUDIT=0``), as ``.ci/run`` runs it on a
  clean checkout;
- ``then``: the suite of commit ``--then`` (default ``2867f11``, the last commit before issue 14 was filed,
  497 tests), run from a git worktree of that commit with its own code first on ``PYTHONPATH``, its own
  ``pyproject.toml`` options, and the paper's sources linked beside it as ``../shared/paper``;
- ``then_tests_now``: today's code and options, restricted to the test ids that existed then and still exist
  (the same tests, as they read today).

Each line runs alone, one after the other, with the machine's load average recorded before and after. The
suite's figures in the README come from this script. It takes about 16 minutes on the 2-core machine.

Usage: python benchmarks/bench_suite.py [--then COMMIT] [--only now|then|then_tests_now ...]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench_audit import children_cpu  # benchmarks/ is the script's folder, first on sys.path

REPO = Path(__file__).resolve().parents[1]
PAPER = REPO.parent / "shared"


def run_pytest(args: list[str], cwd: Path, env: dict[str, str]) -> dict:
    load_before = os.getloadavg()[0]
    cpu0, t0 = children_cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=cwd,
                          env=env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - t0, children_cpu() - cpu0
    tail = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    counts = {k: int(v) for v, k in re.findall(r"(\d+) (passed|failed|skipped|errors?|xfailed)", tail)}
    return {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "exit": done.returncode, "summary": tail,
            "counts": counts, "load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2)}


def collect(cwd: Path, env: dict[str, str], extra: list[str]) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *extra],
                          cwd=cwd, env=env, capture_output=True, text=True)
    return [line for line in done.stdout.splitlines() if "::" in line]


@contextlib.contextmanager
def worktree(commit: str) -> Iterator[Path]:
    """A git worktree of ``commit`` in a scratch folder, with the paper's sources linked beside it as
    ``../shared/paper``; removed on exit (also used by bench_audit_then.py)."""
    with tempfile.TemporaryDirectory(prefix="bench-then-") as scratch:
        old = Path(scratch) / "then"
        subprocess.run(["git", "worktree", "add", "--detach", "-f", str(old), commit], cwd=REPO, check=True,
                       capture_output=True)
        try:
            if PAPER.is_dir():
                (Path(scratch) / "shared").symlink_to(PAPER)  # ../shared/paper beside the worktree
            yield old
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=REPO, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--then", default="2867f11", help="the commit whose suite is the baseline")
    parser.add_argument("--only", nargs="*", choices=("now", "now_clean", "then", "then_tests_now"),
                        default=["now", "now_clean", "then", "then_tests_now"])
    opts = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    out: dict = {"machine": {"cpus": os.cpu_count(), "load": os.getloadavg()}, "then_commit": opts.then,
                 "now_commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                                              text=True).stdout.strip()}
    with worktree(opts.then) as old:
        old_env = {**env, "PYTHONPATH": str(old)}
        then_ids = collect(old, old_env, ["-p", "no:xdist"])
        now_ids = set(collect(REPO, env, ["-n", "0"]))
        common = [i for i in then_ids if i in now_ids]
        out["tests"] = {"then": len(then_ids), "now": len(now_ids), "then_still_present": len(common)}
        for name in opts.only:
            if name == "now":
                t0 = time.perf_counter()
                subprocess.run([sys.executable, "-m", "theorycheck", "check", "--no-progress"], cwd=REPO, env=env,
                               capture_output=True, check=False)
                out["audit_before_now"] = {"wall_s": round(time.perf_counter() - t0, 1)}
                out[name] = run_pytest([], REPO, env)
            elif name == "now_clean":
                out[name] = run_pytest([], REPO, {**env, "THEORYCHECK_TEST_REUSE_AUDIT": "0"})
            elif name == "then":
                out[name] = run_pytest([], old, old_env)
            else:
                ids = old.parent / "ids.txt"
                ids.write_text("\n".join(common) + "\n", encoding="utf-8")
                out[name] = run_pytest([f"@{ids}"], REPO, env)
            print(f"{name}: {out[name]['wall_s']} s wall, {out[name]['summary']}", file=sys.stderr, flush=True)
    if "now" in out and "then" in out:
        out["now_over_then"] = round(out["now"]["wall_s"] / out["then"]["wall_s"], 3)
    if "now_clean" in out and "then" in out:
        out["now_clean_over_then"] = round(out["now_clean"]["wall_s"] / out["then"]["wall_s"], 3)
    if "then_tests_now" in out and "then" in out:
        out["then_tests_now_over_then"] = round(out["then_tests_now"]["wall_s"] / out["then"]["wall_s"], 3)
    out["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
