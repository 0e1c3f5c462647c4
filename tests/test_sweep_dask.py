"""Sweeps as tasks: on Dask the rows are identical, row for row, to the in-process sweep with the same
seeds; rows stream to disk as they finish; an interrupted sweep resumes; a failing task is a row."""

from __future__ import annotations

import importlib.util
import json

import pytest

from theorycheck.cli import main
from theorycheck.simulator.sweep import ABOVE_NULL, MEASURED_FIELDS, RowLog, regime_flags, run_experiment, stream_sweep

# found, not imported: dask.distributed takes about a second to import, paid only by the process running these
pytestmark = pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                reason="Dask is needed: pip install 'dask[distributed]'")

KWARGS = dict(preset="calibrated", eps_n=0.2, eps_p=1.0, baselines=True)
TASKS = [(8, 0), (8, 1), (16, 0), (16, 1)]


def result_fields(row: dict) -> dict:
    return {k: v for k, v in row.items() if k not in MEASURED_FIELDS}


def read_rows(path) -> list[dict]:
    return [json.loads(line) for line in (path / "runs.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def in_process_rows() -> list[dict]:
    from theorycheck.claims import jsonable

    return [jsonable(r) for r in stream_sweep(TASKS, KWARGS)]


def test_local_cluster_rows_equal_the_in_process_rows(in_process_rows):
    from distributed import Client, LocalCluster

    from theorycheck import blas
    from theorycheck.claims import jsonable

    # the two workers are threads of this process: each calls OpenBLAS at once, which crashed the process once
    # (a segmentation fault in a product of _first_layer_gradient, CI at d3b79eb) while OpenBLAS ran its own thread
    # pool; on one BLAS thread each call runs in its caller's thread
    with (
        blas.limited(1),
        LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        seen = []
        rows = stream_sweep(TASKS, KWARGS, client=client, on_row=lambda row, k, n: seen.append((k, n)))
    assert [(r["d"], r["seed"]) for r in rows] == TASKS
    assert [result_fields(jsonable(r)) for r in rows] == [result_fields(r) for r in in_process_rows]
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]  # progress: finished / total
    assert all(r["peak_mem_mb"] >= 0 and r["status"] in ("ok", f"ok ({ABOVE_NULL})") for r in rows)


@pytest.mark.slow  # ~20 s: two Dask worker processes start and import the simulator
def test_cli_with_two_worker_processes_matches_the_in_process_cli(tmp_path, in_process_rows):
    # the in-process CLI's rows are in_process_rows (test_rows_stream_to_disk_and_an_interrupted_sweep_resumes
    # shows it for these arguments), so the Dask CLI is compared with those, without a third identical sweep
    args = ["simulate", "--preset", "calibrated", "--d", "8", "16", "--seeds", "2", "--no-progress"]
    assert main([*args, "--workers", "2", "--output", str(tmp_path / "dask")]) == 0
    here, there = in_process_rows, read_rows(tmp_path / "dask")
    assert [result_fields(r) for r in here] == [result_fields(r) for r in there]
    assert {r["worker"] for r in there} != {r["worker"] for r in here}  # really ran elsewhere
    assert all(r["peak_mem_mb"] > 0 for r in here + there)
    csv_lines = (tmp_path / "dask" / "runs.csv").read_text().splitlines()
    assert len(csv_lines) == 5 and "peak_mem_mb" in csv_lines[0]


def test_rows_stream_to_disk_and_an_interrupted_sweep_resumes(tmp_path, in_process_rows, capsys, monkeypatch):
    import sys

    out = tmp_path / "sweep"
    args = ["simulate", "--preset", "calibrated", "--d", "8", "16", "--seeds", "2", "--no-progress"]
    sweep_mod = sys.modules["theorycheck.simulator.sweep"]  # (the package exports a function named sweep)
    original = sweep_mod.stream_sweep

    def interrupted(tasks, kwargs, log=None, **kw):  # Ctrl-C after two rows: those two are on disk already
        def on_row(row, finished, total):
            if finished == 2:
                raise KeyboardInterrupt

        return original(tasks, kwargs, log, on_row=on_row, on_start=kw.get("on_start"), client=kw.get("client"))

    with monkeypatch.context() as m:
        m.setattr(sweep_mod, "stream_sweep", interrupted)
        assert main([*args, "--output", str(out)]) == 130
    assert [(r["d"], r["seed"]) for r in read_rows(out)] == TASKS[:2]
    assert len((out / "runs.csv").read_text().splitlines()) == 3
    # a half-written line (killed mid-write) is ignored and that run is done again
    with (out / "runs.jsonl").open("a") as fh:
        fh.write('{"d": 16, "seed": 0, "sta')
    capsys.readouterr()
    assert main([*args, "--resume", str(out)]) == 0
    assert "resuming" in capsys.readouterr().err
    rows = read_rows(out)
    assert [(r["d"], r["seed"]) for r in rows] == TASKS
    assert [result_fields(r) for r in rows] == [result_fields(r) for r in in_process_rows]
    # other settings in the same folder: refused before anything runs
    assert main([*args, "--eps", "2", "--resume", str(out)]) == 2
    said = capsys.readouterr().err  # both values and how to continue (referee CF, F3)
    assert "eps: 1.0 there, 2.0 here" in said and "give them as the sweep was started" in said
    assert main([*args, "--resume", str(tmp_path / "nowhere")]) == 2


def test_a_failing_task_is_a_row_and_the_sweep_goes_on(tmp_path):
    def kwargs_for(d):
        return {**KWARGS, "options": "not an Options object"} if d == 8 else KWARGS

    log = RowLog(tmp_path, {"test": 1})
    rows = stream_sweep([(8, 0), (16, 0)], kwargs_for, log)
    assert rows[0]["status"].startswith("failed: AttributeError") and rows[1]["status"].startswith("ok")
    assert [r["status"].split(" ")[0].rstrip(":") for r in read_rows(tmp_path)] == ["failed", "ok"]


def test_output_that_is_a_file_is_refused_before_running(tmp_path, capsys):
    target = tmp_path / "file.txt"
    target.write_text("keep me")
    assert main(["simulate", "--d", "8", "--seeds", "1", "--no-progress", "--output", str(target)]) == 2
    assert target.read_text() == "keep me"


def test_runs_outside_the_presets_regime_are_flagged():
    small = run_experiment(2, preset="paper", seed=0, baselines=False)
    assert small["status"].startswith("ok (outside regime:") and "ε spent" in small["status"]
    assert "d = 2 < 3" in small["regime_flags"]
    inside = run_experiment(16, preset="paper", seed=0, baselines=False)
    # inside the regime; the paper preset's DP-GD risk (~4.7·10^4) is above the null predictor's (5.9)
    assert inside["status"] == f"ok ({ABOVE_NULL})" and inside["regime_flags"] == ""
    assert regime_flags({"d": 64, "n": 10, "p": 64, "eps": 1.0, "eps_total": 0.5}) == ["n = 10 ≤ p = 64"]
    # a run that is not private at all (ε = ∞: no noise, or an unbounded sensitivity) is flagged (referee CR, M-4)
    assert regime_flags({"d": 64, "n": 100, "p": 8, "eps": 1.0, "eps_total": float("inf")}) == [
        "not private: ε spent = ∞ (a noise of 0 or an unbounded sensitivity)"]
    from theorycheck.simulator.algorithm import Options

    unclipped = run_experiment(16, preset="paper", seed=0, baselines=False,
                               options=Options(first_layer_noise="before-normalise"))
    assert "not private" in unclipped["status"], unclipped["status"]
