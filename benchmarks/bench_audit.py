"""The incremental audit, end to end, as a user runs it: prints JSON with the wall (and CPU) time of

- ``cold``: ``theorycheck check`` with an empty verdict cache (every check runs);
- ``warm``: the same command again, nothing changed (every verdict from the cache);
- ``edited``: after appending a comment to one proofs module (``--edit``, default
  ``part2_construction.py``): only the claims that can reach that module run again;
- ``report_after_check``: ``theorycheck report`` right after, reading the cache (with the coverage
  section when the paper's sources are in ``../shared/paper``; ``--no-paper`` leaves it out).

Everything runs on a copy of the repository's ``theorycheck`` and ``proofs`` folders in a temporary
directory with its own cache (``THEORYCHECK_CACHE_DIR``), so the working tree and its cache are never
touched. The copy's ``theorycheck`` is imported first (``PYTHONPATH``); the JSON names it.

Usage: python benchmarks/bench_audit.py [--ids ID ...] [--jobs N] [--edit MODULE.py] [--keep DIR] [--source DIR]
       [--no-paper]
(``--ids`` limits the audit to some claims or prefixes, for a quick run; default: every claim.)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def children_cpu() -> float:
    usage = os.times()
    return usage.children_user + usage.children_system


def timed(cmd: list[str], env: dict[str, str], cwd: Path) -> dict:
    cpu0, t0 = children_cpu(), time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - t0, children_cpu() - cpu0
    if done.returncode not in (0, 1):  # 1: a check ended in error; still a timing
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    return {
        "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),
        "stdout": done.stdout,
        "stderr": done.stderr,
        "exit": done.returncode,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", nargs="*", default=[], help="claim ids or prefixes (default: all claims)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--edit", default="part2_construction.py", help="the proofs module to edit in the copy")
    parser.add_argument("--keep", default=None, help="keep the copy (and its cache) in this folder")
    parser.add_argument(
        "--no-paper",
        action="store_true",
        help="report without the coverage section (default: with it when ../shared/paper exists)",
    )
    parser.add_argument(
        "--source",
        default=str(REPO),
        help="the tree to copy theorycheck/ and proofs/ from (default: this repository; e.g. an exported commit)",
    )
    args = parser.parse_args()

    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-audit-"))
    work.mkdir(parents=True, exist_ok=True)
    for name in ("theorycheck", "proofs"):
        shutil.rmtree(work / name, ignore_errors=True)
        shutil.copytree(Path(args.source) / name, work / name, ignore=shutil.ignore_patterns("__pycache__"))
    cache = work / "cache"
    shutil.rmtree(cache, ignore_errors=True)
    env = {
        **os.environ,
        "PYTHONPATH": str(work) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        "THEORYCHECK_CACHE_DIR": str(cache),
    }
    env.pop("THEORYCHECK_NO_CACHE", None)
    imported = subprocess.run(
        [sys.executable, "-c", "import theorycheck; print(theorycheck.__file__)"],
        env=env,
        cwd=work,  # as the timed commands run: from the copy, not from a checkout whose folder would shadow it
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not imported.startswith(str(work)):
        raise SystemExit(f"the copy is not the theorycheck imported ({imported})")
    tc = [sys.executable, "-m", "theorycheck", "--proofs", str(work / "proofs")]
    check = [*tc, "check", *args.ids, "--jobs", str(args.jobs), "--no-progress", "--format", "json"]
    load_before = os.getloadavg()

    cold = timed(check, env, work)
    claims = json.loads(cold["stdout"])["claims"]
    warm = timed(check, env, work)
    warm_claims = json.loads(warm["stdout"])["claims"]

    edited_file = work / "proofs" / args.edit
    edited_file.write_text(edited_file.read_text(encoding="utf-8") + "\n# bench_audit: an edit\n", encoding="utf-8")
    edited = timed(check, env, work)
    edited_claims = json.loads(edited["stdout"])["claims"]

    paper = sorted((REPO.parent / "shared" / "paper").glob("part*.md"))
    paper_args = ["--paper", *map(str, paper)] if paper and not args.no_paper else ["--no-paper"]
    report = timed(
        [
            *tc,
            "report",
            *args.ids,
            "--jobs",
            str(args.jobs),
            "--no-progress",
            *paper_args,
            "--output",
            str(work / "report"),
        ],
        env,
        work,
    )
    summary = re.search(r"(\d+) of (\d+) verdicts from the cache", report["stderr"])

    out = {
        "command": "python benchmarks/bench_audit.py" + (" --ids " + " ".join(args.ids) if args.ids else ""),
        "claims": len(claims),
        "jobs": args.jobs,
        "cold": {
            "wall_s": cold["wall_s"],
            "cpu_s": cold["cpu_s"],
            "errors": sum(c["verdict"] == "error" for c in claims),
            "slowest": sorted(((c["id"], c["seconds"]) for c in claims), key=lambda x: -x[1])[:6],
        },
        "warm": {
            "wall_s": warm["wall_s"],
            "cpu_s": warm["cpu_s"],
            "cached": sum(c["cached"] for c in warm_claims),
            "ran": sum(not c["cached"] for c in warm_claims),
        },
        "edited": {
            "module": args.edit,
            "wall_s": edited["wall_s"],
            "cpu_s": edited["cpu_s"],
            "ran": sorted(c["id"] for c in edited_claims if not c["cached"]),
            "cached": sum(c["cached"] for c in edited_claims),
        },
        "report_after_check": {
            "wall_s": report["wall_s"],
            "cpu_s": report["cpu_s"],
            "coverage_section": paper_args[0] == "--paper",
            "from_cache": f"{summary.group(1)} of {summary.group(2)}" if summary else "none",
        },
        "same_verdicts_cold_and_warm": all(
            (a["id"], a["verdict"], a["evidence"]) == (b["id"], b["verdict"], b["evidence"])
            for a, b in zip(claims, warm_claims)
            if a["verdict"] != "error"
        ),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "imported": imported,
    }
    print(json.dumps(out, indent=2))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
