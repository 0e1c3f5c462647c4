"""Where the default test suite's CPU and wall time go, on this machine: prints JSON.

Runs the default ``python3 -m pytest`` once (about 5 minutes on the 2-core machine) with two probes that
change no test, put on ``PYTHONPATH`` from a scratch folder:

- a ``sitecustomize`` module: every Python process that starts with that ``PYTHONPATH`` records, when it
  ends (at exit, or at ``os._exit`` for a forked child, whose CPU counters start at zero at the fork), its own
  CPU time, its time in the garbage collector, its command line and the test that was running;
- a pytest plugin (``-p``): each pytest process (the xdist controller and its workers) records when it was
  configured, when collection finished, its first and last test, and, in the controller, when each worker
  went down and when the session finished.

The JSON gives the suite's wall and CPU time, the CPU by kind of process (xdist workers, notebook kernels,
forked children, Dask's spawned workers, ``python -m theorycheck`` and ``python -m pytest`` subprocesses),
the CPU no probe saw (processes started with an environment of their own, and non-Python programs),
each worker's collection and busy time, the session's end (last worker down to the controller's end), and
the tests whose forked children used the most CPU. The probes cost CPU of their own (the collector's timer
runs at every collection: 571 s of CPU with them against 502 s without, the same morning), so the wall and CPU
times here are not the suite's figures (``bench_suite.py`` gives those); the shares are what this is for.

Usage: python benchmarks/bench_suite_breakdown.py [PYTEST_ARG ...]
"""

from __future__ import annotations

import collections
import json
import os
import sys
import tempfile
from pathlib import Path

from bench_suite import REPO, run_pytest  # benchmarks/ is the script's folder, first on sys.path

SITECUSTOMIZE = '''
import atexit, gc, json, os, resource, sys, time
_LOG = os.path.join(os.environ["BENCH_BREAKDOWN_DIR"], "processes.jsonl")
_started = os.environ.get("PYTEST_CURRENT_TEST", "")
_gc = {"seconds": 0.0, "t": 0.0}
def _gc_timer(phase, info):
    if phase == "start":
        _gc["t"] = time.perf_counter()
    else:
        _gc["seconds"] += time.perf_counter() - _gc["t"]
gc.callbacks.append(_gc_timer)
def _record(how):
    try:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        row = {"how": how, "pid": os.getpid(), "argv": list(getattr(sys, "orig_argv", sys.argv))[:6],
               "cpu_s": usage.ru_utime + usage.ru_stime, "gc_s": _gc["seconds"], "ended": time.time(),
               "test": os.environ.get("PYTEST_CURRENT_TEST", "") or _started}
        with open(_LOG, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(row) + "\\n")
    except Exception:
        pass
atexit.register(_record, "exit")
_os_exit = os._exit
def _exit_recorded(code):
    _record("_exit")
    _os_exit(code)
os._exit = _exit_recorded
def _in_child():
    _gc["seconds"] = 0.0
os.register_at_fork(after_in_child=_in_child)
'''

PLUGIN = '''
import json, os, time
_NAME = "pytest-" + os.environ.get("PYTEST_XDIST_WORKER", "controller") + ".jsonl"
_LOG = os.path.join(os.environ["BENCH_BREAKDOWN_DIR"], _NAME)
def _event(name, **more):
    with open(_LOG, "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"event": name, "t": time.time(), "pid": os.getpid(), **more}) + "\\n")
def pytest_configure(config):
    _event("configured")
def pytest_collection_finish(session):
    _event("collected")
def pytest_runtest_logstart(nodeid, location):
    _event("test_start", test=nodeid)
def pytest_runtest_logfinish(nodeid, location):
    _event("test_finish", test=nodeid)
def pytest_testnodedown(node, error):
    _event("worker_down", worker=node.gateway.id)
def pytest_sessionfinish(session, exitstatus):
    _event("session_finish")
'''


def kind_of(row: dict) -> str:
    """The kind of process a record comes from, read from its command line."""
    argv = " ".join(row["argv"])
    if row["how"] == "_exit":
        return "forked children"
    if "exec(eval(sys.stdin.readline()))" in argv:
        return "xdist workers"
    if "ipykernel_launcher" in argv:
        return "notebook kernels"
    if "multiprocessing.spawn" in argv or "multiprocessing.forkserver" in argv:
        return "spawned workers (Dask)"
    if "-m theorycheck" in argv or row["argv"][1:2] and row["argv"][1].endswith("/theorycheck"):  # or its script
        return "theorycheck CLI subprocesses"
    if "-m pytest" in argv:
        return "pytest processes (controller and the plugin's tests)"
    return "other Python processes"


def timeline(folder: Path, exits: dict[int, float]) -> dict:
    """Each worker's collection and busy time, how long it took from its session's end to its interpreter's exit
    (pytest's unconfigure: its garbage collections, fixtures' finalisers), and the session's end, from the
    plugin's events and the processes' exit times (``exits``: pid -> time of its ``atexit``)."""
    workers, controller = {}, {}
    for path in sorted(folder.glob("pytest-*.jsonl")):
        events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        first = {e["event"]: e["t"] for e in reversed(events)}
        last = {e["event"]: e["t"] for e in events}
        name = path.stem.removeprefix("pytest-")
        if name == "controller":
            controller = {"configured": first.get("configured"), "last_worker_down": last.get("worker_down"),
                          "session_finish": last.get("session_finish")}
        elif "collected" in first:
            workers[name] = {"collection_s": round(first["collected"] - first["configured"], 1),
                             "busy_s": round(last.get("test_finish", first["collected"]) - first["collected"], 1),
                             "tests": sum(e["event"] == "test_finish" for e in events),
                             "session_end_to_exit_s": (round(exits[events[0]["pid"]] - last["session_finish"], 1)
                                                       if events[0]["pid"] in exits and "session_finish" in last
                                                       else None)}
    finish, down = controller.get("session_finish"), controller.get("last_worker_down")
    end = round(finish - down, 1) if finish is not None and down is not None else None
    return {"workers": workers, "session_end_after_last_worker_s": end}


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-breakdown-") as scratch:
        folder = Path(scratch)
        (folder / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
        (folder / "bench_breakdown_plugin.py").write_text(PLUGIN, encoding="utf-8")
        env = {**os.environ, "BENCH_BREAKDOWN_DIR": scratch,
               "PYTHONPATH": os.pathsep.join(filter(None, [scratch, os.environ.get("PYTHONPATH")]))}
        suite = run_pytest(["-p", "bench_breakdown_plugin", *sys.argv[1:]], REPO, env)
        rows = [json.loads(line) for line in (folder / "processes.jsonl").read_text(encoding="utf-8").splitlines()]
        times = timeline(folder, {row["pid"]: row["ended"] for row in rows if row["how"] == "exit"})

    by_kind: dict[str, dict] = collections.defaultdict(lambda: {"processes": 0, "cpu_s": 0.0, "gc_s": 0.0})
    forked_by_test: collections.Counter[str] = collections.Counter()
    for row in rows:
        entry = by_kind[kind_of(row)]
        entry["processes"] += 1
        entry["cpu_s"] += row["cpu_s"]
        entry["gc_s"] += row["gc_s"]
        if row["how"] == "_exit":
            forked_by_test[row["test"].rsplit(" (", 1)[0] or "(no test running)"] += row["cpu_s"]
    seen = sum(row["cpu_s"] for row in rows)
    print(json.dumps({
        "suite": {k: suite[k] for k in ("wall_s", "cpu_s", "summary", "exit", "load_before", "load_after")},
        "cpu_by_kind": {k: {"processes": v["processes"], "cpu_s": round(v["cpu_s"], 1), "gc_s": round(v["gc_s"], 1)}
                        for k, v in sorted(by_kind.items(), key=lambda kv: -kv[1]["cpu_s"])},
        "cpu_not_seen_by_the_probe_s": round(suite["cpu_s"] - seen, 1),
        **times,
        "forked_children_cpu_by_test_top10": {t: round(s, 1) for t, s in forked_by_test.most_common(10)},
        "python": sys.version.split()[0],
        "blas_threads_env": os.environ.get("OPENBLAS_NUM_THREADS"),
        "pythondontwritebytecode": os.environ.get("PYTHONDONTWRITEBYTECODE"),
    }, indent=2))


if __name__ == "__main__":
    main()
