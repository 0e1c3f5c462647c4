"""A sweep of Algorithm 1 over d and seeds on a local Dask cluster with 1 and with 2 workers: prints JSON
with the wall time of each (cluster start-up apart), their ratio, the peak traced memory per task, and
whether the rows agree with each other (results identical row for row; time and memory differ).

Usage: python benchmarks/bench_sweep.py [--d 32 64 128] [--seeds 2] [--preset calibrated] [--workers 1 2]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

from theorycheck.claims import jsonable
from theorycheck.simulator.sweep import MEASURED_FIELDS, make_client, stream_sweep


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--d", type=int, nargs="+", default=[32, 64, 128])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--preset", choices=("paper", "calibrated"), default="calibrated")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    tasks = [(d, s) for d in args.d for s in range(args.seeds)]
    kwargs = {"preset": args.preset}
    out: dict = {
        "command": "python benchmarks/bench_sweep.py --d "
        + " ".join(map(str, args.d))
        + f" --seeds {args.seeds} --preset {args.preset}",
        "tasks": len(tasks),
        "runs": {},
    }
    rows_by_workers = {}
    load_before = os.getloadavg()
    for workers in args.workers:
        t0 = time.perf_counter()
        client, cluster = make_client("local", workers)
        started = time.perf_counter()
        try:
            rows = stream_sweep(tasks, kwargs, client=client)
        finally:
            wall = time.perf_counter() - started
            client.close()
            cluster.close()
        rows_by_workers[workers] = [jsonable({k: v for k, v in r.items() if k not in MEASURED_FIELDS}) for r in rows]
        out["runs"][str(workers)] = {
            "wall_s": round(wall, 2),
            "cluster_start_s": round(started - t0, 2),
            "peak_mem_mb_max": max(r.get("peak_mem_mb") or 0 for r in rows),
            "statuses": sorted({str(r["status"]) for r in rows}),
        }
    if len(args.workers) >= 2:
        a, b = args.workers[0], args.workers[1]
        out["speedup_" + f"{b}_over_{a}"] = round(out["runs"][str(a)]["wall_s"] / out["runs"][str(b)]["wall_s"], 2)
        out["rows_identical"] = rows_by_workers[a] == rows_by_workers[b]
    out.update(
        load_average_before=[round(x, 2) for x in load_before],
        load_average_after=[round(x, 2) for x in os.getloadavg()],
        cpus=os.cpu_count(),
        python=platform.python_version(),
    )
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
