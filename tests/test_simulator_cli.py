"""`theorycheck simulate` and the crossover table."""

from __future__ import annotations

import csv

import mpmath
import pytest

from theorycheck.cli import main
from theorycheck.errors import InputError
from theorycheck.simulator import crossover
from theorycheck.target import PolynomialTarget


def test_simulate_writes_csv_plot_and_crossover(tmp_path, capsys):
    out = tmp_path / "sim"
    code = main(
        ["simulate", "--preset", "calibrated", "--d", "8", "16", "--seeds", "2", "--no-progress", "--output", str(out)]
    )
    assert code == 0
    rows = list(csv.DictReader((out / "runs.csv").open()))
    assert len(rows) == 4 and {r["d"] for r in rows} == {"8", "16"}
    for key in (
        "alignment_init",
        "alignment_step",
        "alignment_noise",
        "lam_max_K",
        "lam_min_K",
        "stability_margin",
        "clipped_fraction",
        "dist_aT_aRR",
        "risk_dpgd",
        "risk_ridge",
        "risk_rf",
        "risk_null",
        "eps_total",
    ):
        assert rows[0][key] not in ("", None), key
    assert (out / "risk_vs_d.png").read_bytes()[:4] == b"\x89PNG"
    assert len((out / "runs.jsonl").read_text().splitlines()) == 4
    printed = " ".join(capsys.readouterr().out.split())  # rich wraps long lines at the console width
    assert "Crossover" in printed and "10^" in printed and "Theorem 1 predicts" in printed


def test_simulate_paper_preset_and_bad_input(tmp_path, capsys):
    assert main(["simulate", "--d", "8", "--seeds", "1", "--no-progress", "--output", str(tmp_path)]) == 0
    assert (
        main(["simulate", "--d", "8", "--seeds", "1", "--no-progress", "--target", "x^2-1", "--output", str(tmp_path)])
        == 2
    )
    assert (
        main(["simulate", "--d", "8", "--seeds", "1", "--no-progress", "--delta", "2", "--output", str(tmp_path)]) == 2
    )
    assert (
        main(
            [
                "simulate",
                "--d",
                "8",
                "--seeds",
                "1",
                "--no-progress",
                "--q",
                "2",
                "--target",
                "x^3",
                "--output",
                str(tmp_path),
            ]
        )
        == 2
    )


@pytest.mark.parametrize("bad", [["--eps-b", "5"], ["--delta", "1.5"], ["--sigma-W", "-1"], ["--target", "1e400*x"],
                                 ["--preset", "repaired", "--eps-b", "5"], ["--target", "x^ 999999999"],
                                 ["--target", "1e200*x^3-2e200*x"]])
def test_simulate_bad_input_leaves_no_folder(tmp_path, capsys, bad):
    """Every input error before a folder or a row exists (referee AD: --eps-b 5 ran the sweep and wrote its files
    first, --delta 1.5 left a half-written folder, a 1e400 coefficient crashed after the sweep)."""
    out = tmp_path / "sim"
    assert main(["simulate", "--d", "8", "--seeds", "1", "--no-progress", "--output", str(out), *bad]) == 2
    assert not out.exists()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("theorycheck: error: ")


def test_simulate_resume_with_other_d_fits_only_its_runs(tmp_path, capsys):
    """A folder resumed with another --d keeps every row; the fit, plot and summary use this sweep's (referee AD)."""
    import json

    out = tmp_path / "sim"
    assert main(["simulate", "--d", "8", "16", "--seeds", "1", "--no-progress", "--output", str(out)]) == 0
    capsys.readouterr()
    assert main(["simulate", "--d", "12", "--seeds", "1", "--no-progress", "--resume", str(out)]) == 0
    err = capsys.readouterr().err
    assert "also holds 2 runs of other d" in err
    assert "--d [12] replaces the sweep's [8, 16]" in err  # said as the run starts (referee DG, M4)
    # the same grid again is no replacement (referee DH, DH-9; a reordered --d compares as a set)
    assert main(["simulate", "--d", "12", "--seeds", "1", "--no-progress", "--resume", str(out)]) == 0
    assert "replaces" not in capsys.readouterr().err
    assert len((out / "runs.jsonl").read_text().splitlines()) == 3
    assert json.loads((out / "summary.json").read_text())["d"] == [12]
    # a finished sweep is never replaced silently: --output on it is refused (continue it with --resume)
    before = (out / "runs.jsonl").read_text()
    assert main(["simulate", "--d", "8", "--seeds", "1", "--no-progress", "--output", str(out)]) == 2
    assert "--resume" in capsys.readouterr().err and (out / "runs.jsonl").read_text() == before
    # result files get an ordinary file's mode, not mkstemp's 0600 (referee AD)
    import os

    umask = os.umask(0)
    os.umask(umask)
    assert (out / "runs.csv").stat().st_mode & 0o777 == 0o666 & ~umask
    # a target beyond the degrees the checks use is refused at once (x^1001 had hung in parsing)
    assert main(["simulate", "--d", "8", "--target", "x + x^1001", "--output", str(tmp_path / "big")]) == 2


def test_simulate_checks_settings_without_refusing_valid_ones(tmp_path):
    """The up-front check refuses what run_experiment would, and nothing else (referee AE: the calibrated preset at
    d = 1 had been refused with the paper preset's message); an empty runs.jsonl (a run stopped before any row) does
    not count as a sweep to protect."""
    from theorycheck.simulator.sweep import check_experiment

    check_experiment(1, preset="calibrated", sigma_W=None)
    with pytest.raises(InputError, match="sigma_W"):
        check_experiment(8, preset="calibrated", overrides={"sigma_W": -1.0})
    out = tmp_path / "sim"
    out.mkdir()
    (out / "runs.jsonl").write_text("")
    assert main(["simulate", "--d", "8", "--seeds", "1", "--no-progress", "--output", str(out)]) == 0


def test_crossover_matches_closed_forms():
    rows = {r["condition"]: r for r in crossover.table()}
    # S_3 (corrected): 8 p d^{3ε_n/2} < n with p = d, n = d^{1.6}: d^{0.3} > 8, i.e. d > 1024 exactly
    assert (
        rows["S_3 ≪ d^{ε_n}log^{q+1}d/8 (corrected, with p)"]["d"] == 1025
        or rows["S_3 ≪ d^{ε_n}log^{q+1}d/8 (corrected, with p)"]["d"] == 1024
    )
    # 2 log²d / d^{1/5} = 1: solve with mpmath independently
    L = mpmath.findroot(lambda L: 2 * L**2 - mpmath.exp(L / 5), 40)
    assert rows["step size: 2η_aλ < 1"]["log10_d"] == pytest.approx(float(L / mpmath.log(10)), rel=1e-9)
    assert rows["stability: η_a(λ_max(K_n)+λ) < 1, λ_max = p"]["crossover"].startswith("never")
    assert crossover.target_variance(PolynomialTarget.parse("x^3 - 3*x + x")) == 7


def test_crossover_bad_input():
    with pytest.raises(InputError):
        crossover.table(delta=0)
    with pytest.raises(InputError):
        crossover.table(eps_n=0.05, eps_p=1.0)  # empty ε_b window
    with pytest.raises(InputError):
        crossover.table(target="x^2")


def test_simulate_resume_alone_continues_the_sweep_it_names(tmp_path, capsys):
    """Referee BQ: `--resume DIR` without --d/--seeds had run the default grid (32 64 128 × 5 seeds) instead of the
    interrupted sweep. The folder now records its grid; the perturbation: an explicit --d still wins, and a folder
    without the record (an older sweep) asks for --d and --seeds instead of guessing."""
    import json

    out = tmp_path / "sim"
    assert main(["simulate", "--d", "8", "12", "--seeds", "1", "--no-progress", "--output", str(out)]) == 0
    grid = json.loads((out / "grid.json").read_text())
    assert (grid["d"], grid["seeds"], grid["settings"]["preset"], grid["settings"]["eps"]) == ([8, 12], 1, "paper", 1.0)
    rows = (out / "runs.jsonl").read_text().splitlines()
    (out / "runs.jsonl").write_text(rows[0] + "\n")  # as if interrupted after one run
    capsys.readouterr()
    assert main(["simulate", "--no-progress", "--resume", str(out)]) == 0
    assert "1 of 2 runs already there" in capsys.readouterr().err
    assert json.loads((out / "summary.json").read_text())["d"] == [8, 12]
    assert len((out / "runs.jsonl").read_text().splitlines()) == 2
    (out / "grid.json").write_text('{"d": [], "seeds": 2}')  # a damaged record is refused (referee BS, BS9)
    assert main(["simulate", "--no-progress", "--resume", str(out)]) == 2
    assert "damaged" in capsys.readouterr().err
    (out / "grid.json").unlink()
    assert main(["simulate", "--no-progress", "--resume", str(out)]) == 2
    assert "give them as the sweep was started" in capsys.readouterr().err


def test_the_table_keeps_every_number_whole_on_a_narrow_console(tmp_path, capsys, monkeypatch):
    """Numbers are never split across lines ("1.333" / "e+04") nor cropped, and the status is printed in full below
    the table (referee CF, F6: at 120 columns the numbers folded and the status column was squeezed away)."""
    import json
    import math

    monkeypatch.setenv("COLUMNS", "60")
    out = tmp_path / "narrow"
    assert main(["simulate", "--preset", "paper", "--d", "16", "--seeds", "1", "--no-progress", "--no-baselines",
                 "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    [row] = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
    for key in ("risk_ridge", "risk_null", "stability_margin"):
        value = row[key]
        assert math.isfinite(value) and f"{value:.4g}" in printed, key
    assert "status:\n  d = 16: " + row["status"] in printed


def test_a_sweep_with_huge_risks_says_so_and_plots_without_overflow_warnings(tmp_path, capsys):
    """Referee CG, M1: at η_a = 10^150 the runs' risks are ~10^302, finite: their status, the fit line and the
    DP-GD/null column say they are above the null predictor's, and plotting them raises no overflow warning."""
    import json
    import warnings

    out = tmp_path / "huge"
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        assert main(["simulate", "--preset", "calibrated", "--d", "16", "32", "--seeds", "1", "--no-progress",
                     "--no-baselines", "--eta-a", "1e150", "--noise-form", "part3", "--output", str(out)]) == 0
    printed = " ".join(capsys.readouterr().out.split())  # the console may wrap lines
    rows = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
    assert all(r["risk_over_null"] > 1e300 and r["status"].endswith("above the null predictor's)") for r in rows)
    assert "2 runs, 2 of them with a risk above the null predictor's" in printed and "DP-GD/null" in printed
    # a row written before risk_over_null existed (its status a plain "ok"), or with the field null, still counts and
    # is marked when the sweep is resumed (referee CJ, CJ-6; CK, CK-5 and CK-6)
    old = [{k: v for k, v in r.items() if k != "risk_over_null"} | {"status": "ok"} for r in rows]
    old[1]["risk_over_null"] = None
    (out / "runs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in old))
    assert main(["simulate", "--no-progress", "--resume", str(out)]) == 0
    again = " ".join(capsys.readouterr().out.split())
    assert "2 runs, 2 of them with a risk above the null predictor's" in again
    assert "d = 16: ok (DP-GD risk above the null predictor's)" in again
    assert "d = 32: ok (DP-GD risk above the null predictor's)" in again


def test_resume_alone_takes_the_sweeps_settings(tmp_path, capsys):
    """Referee CF, F3: `--resume DIR` alone on a calibrated sweep with its own flags had been refused ("other
    settings"): the settings not given are now DIR's. The perturbation: a setting given explicitly and differing is
    still refused, naming both values; a damaged setting in grid.json is refused, not run."""
    import json

    out = tmp_path / "cal"
    flags = ["--preset", "calibrated", "--noise-form", "part3", "--eta-a", "0.5", "--no-baselines"]
    assert main(["simulate", "--d", "8", "12", "--seeds", "1", "--no-progress", *flags, "--output", str(out)]) == 0
    rows = (out / "runs.jsonl").read_text().splitlines()
    (out / "runs.jsonl").write_text(rows[0] + "\n")  # as if interrupted after one run
    capsys.readouterr()
    assert main(["simulate", "--no-progress", "--resume", str(out)]) == 0
    assert "1 of 2 runs already there" in capsys.readouterr().err
    again = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
    assert [(r["preset"], r["hp_eta_a"], "risk_rf" in r) for r in again] == [("calibrated", 0.5, False)] * 2
    (out / "runs.jsonl").write_text(rows[0] + "\n")
    assert main(["simulate", "--no-progress", "--resume", str(out), "--eta-a", "0.25"]) == 2
    assert "overrides.eta_a: 0.5 there, 0.25 here" in capsys.readouterr().err
    grid = json.loads((out / "grid.json").read_text())
    grid["settings"]["noise_form"] = "part7"
    (out / "grid.json").write_text(json.dumps(grid))
    assert main(["simulate", "--no-progress", "--resume", str(out)]) == 2
    assert "damaged (unreadable setting 'noise_form')" in capsys.readouterr().err
    for key, bad in (("q", 2.5), ("n", True), ("eps", "1"), ("T", 0)):  # referee CJ, CJ-4: q = 2.5 had crashed
        grid["settings"] = {"noise_form": "part3", key: bad}
        (out / "grid.json").write_text(json.dumps(grid))
        assert main(["simulate", "--no-progress", "--resume", str(out)]) == 2
        assert f"damaged (unreadable setting '{key}')" in capsys.readouterr().err
