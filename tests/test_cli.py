"""The command line, run as a user runs it: `python -m theorycheck ...`, in a forked copy of the test process
(tests/forked_cli.py: its own streams, exit code, environment; tests/test_forked_cli.py shows it gives what a
new interpreter gives), and once in a new interpreter through each entry point."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from forked_cli import run_cli


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return run_cli(*args, timeout=timeout)


@pytest.mark.parametrize("entry", ["python -m theorycheck", "theorycheck"])
def test_each_entry_point_starts_the_cli_in_a_new_interpreter(entry, toy_proofs):
    command = [sys.executable, "-m", "theorycheck"] if entry.startswith("python") else [shutil.which("theorycheck")]
    if command[0] is None:
        pytest.skip("the theorycheck console script is not on PATH (pip install -e .)")
    out = subprocess.run([*command, "--proofs", str(toy_proofs), "check", "toy.true", "--format", "json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["claims"][0]["verdict"] == "verified"


def test_toy_true_verified_and_false_refuted_with_witness(toy_proofs):
    out = run("--proofs", str(toy_proofs), "check", "toy.true", "toy.false", "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    verdicts = {c["id"]: c for c in data["claims"]}
    assert verdicts["toy.true"]["verdict"] == "verified"
    assert verdicts["toy.false"]["verdict"] == "refuted"
    assert "witness" in verdicts["toy.false"]["evidence"]
    assert data["paper"] == "Toy paper"


def test_progress_is_a_line_per_check_on_a_non_terminal_stderr(toy_proofs):
    out = run("--proofs", str(toy_proofs), "check", "toy.true", "toy.false", "--format", "json")
    lines = out.stderr.splitlines()
    assert lines[0].startswith("theorycheck: running 2 checks")
    assert sorted(line.split("]")[0] for line in lines[1:]) == ["[1/2", "[2/2"]
    assert any("toy.false: refuted" in line for line in lines[1:])
    json.loads(out.stdout)  # stdout stays pure JSON
    quiet = run("--proofs", str(toy_proofs), "check", "toy.true", "--format", "json", "--no-progress")
    assert quiet.stderr == ""


def test_strict_exits_one_on_refuted(toy_proofs):
    assert run("--proofs", str(toy_proofs), "check", "toy.false", "--strict").returncode == 1
    assert run("--proofs", str(toy_proofs), "check", "toy.false").returncode == 0


def test_crashing_check_exits_one_and_others_still_run(toy_proofs):
    out = run("--proofs", str(toy_proofs), "check", "--format", "markdown")
    assert out.returncode == 1
    assert "check raised RuntimeError: boom" in out.stdout
    assert "| `toy.true` |" in out.stdout


def test_table_output_lists_claims(toy_proofs):
    out = run("--proofs", str(toy_proofs), "check")
    assert "toy.true" in out.stdout and "verified" in out.stdout and "root failures: toy.false" in out.stdout


def test_unknown_id_is_a_clear_error_with_suggestions(toy_proofs):
    out = run("--proofs", str(toy_proofs), "check", "toy.flase")
    assert out.returncode == 2
    assert "unknown claim id 'toy.flase'" in out.stderr and "toy.false" in out.stderr
    assert "Traceback" not in out.stderr
    out = run("--proofs", str(toy_proofs), "show", "toy.tru")
    assert out.returncode == 2 and "toy.true" in out.stderr


@pytest.mark.parametrize(
    "args", [("check", "--jobs", "0"), ("check", "--timeout", "-1"), ("check", "--format", "xml"), ("frobnicate",)]
)
def test_bad_arguments_exit_two(args, toy_proofs):
    assert run("--proofs", str(toy_proofs), *args).returncode == 2


def test_show_list_latex(toy_proofs, tmp_path):
    out = run("--proofs", str(toy_proofs), "show", "toy.false")
    assert out.returncode == 0 and "refuted" in out.stdout and "Corrected statement" in out.stdout
    out = run("--proofs", str(toy_proofs), "list")
    assert "toy.crash" in out.stdout
    tex = tmp_path / "audit.tex"
    out = run("--proofs", str(toy_proofs), "latex", "--output", str(tex))
    assert out.returncode == 0 and tex.read_text().startswith("\\documentclass")


def test_output_file_and_timeout_option(toy_proofs, tmp_path):
    target = tmp_path / "r.json"
    out = run(
        "--proofs", str(toy_proofs), "check", "toy.true", "--format", "json", "--output", str(target), "--timeout", "30"
    )
    assert out.returncode == 0 and json.loads(target.read_text())["summary"]["verified"] == 1


def test_missing_proofs_dir(tmp_path):
    out = run("--proofs", str(tmp_path / "none"), "list")
    assert out.returncode == 2 and "no such directory" in out.stderr


def test_parser_choices_are_the_librarys_own():
    """Building the parser imports neither the audit nor the privacy module (NumPy, mpmath: ~0.3 s of every
    start-up), so their choices are spelled out or read from theorycheck.vocabulary: the same tuples."""
    import argparse

    from theorycheck import audit, privacy
    from theorycheck.cli import build_parser
    from theorycheck.commands import audit as audit_command

    assert audit_command.MECHANISMS == audit.MECHANISMS
    [sub] = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    choices = {(command, option): tuple(action.choices) for command, parser in sub.choices.items()
               for action in parser._actions if action.choices is not None for option in action.option_strings}
    assert choices[("audit", "--mechanism")] == audit.MECHANISMS
    assert choices[("privacy", "--adjacency")] == privacy.ADJACENCIES
    assert choices[("privacy", "--aggregate")] == privacy.AGGREGATES


UNDECIDED_PROOFS = '''
from theorycheck import Claim, verified
from theorycheck.claims import inconclusive, refuted


def undecided():
    return inconclusive("numeric", "open", x=1)


def holds():
    return verified("numeric", "ok", x=1)


def fails():
    return refuted("numeric", "no", witness=1)


CLAIMS = [
    Claim("u.open", "An undecided premise", "Toy §1", r"1 = 1", "none", undecided),
    Claim("u.mid", "Verified on it", "Toy §2", r"1 = 1", "none", holds, depends_on=("u.open",)),
    Claim("u.top", "Verified on it through u.mid", "Toy §3", r"1 = 1", "none", holds, depends_on=("u.mid",)),
    Claim("u.no", "Refuted on it", "Toy §4", r"1 = 2", "none", fails, depends_on=("u.open",)),
]
'''


def test_check_and_show_name_the_undecided_premise_of_a_verified_claim(tmp_path):
    """Through the command line (cli.run_audit, the path of check, show and report): the JSON carries every claim's
    undecided premises; the table, the summary and show name them for verified claims only (referee Q)."""
    folder = tmp_path / "proofs"
    folder.mkdir()
    (folder / "undecided.py").write_text(UNDECIDED_PROOFS)
    env_args = ("--proofs", str(folder))
    env = {**os.environ, "THEORYCHECK_NO_CACHE": "0", "THEORYCHECK_CACHE_DIR": str(tmp_path / "cache"),
           "COLUMNS": "200"}
    out = run_cli(*env_args, "check", "--format", "json", env=env)
    assert out.returncode == 0, out.stderr
    claims = {c["id"]: c for c in json.loads(out.stdout)["claims"]}
    assert claims["u.top"]["rests_on_undecided"] == ["u.open"] and claims["u.no"]["rests_on_undecided"] == ["u.open"]
    assert claims["u.open"]["rests_on_undecided"] == []
    table = run_cli(*env_args, "check", env=env)
    assert "2 of the verified rest on an undecided (inconclusive or error) premise" in table.stdout
    rows = {line.split("│")[1].strip(): line for line in table.stdout.splitlines() if line.count("│") > 3}
    assert "[rests on undecided: u.open]" in rows["u.top"] and "undecided" not in rows["u.no"]
    shown = run_cli(*env_args, "show", "u.top", env=env)
    assert "Rests on undecided: u.open (inconclusive" in shown.stdout, shown.stdout
    assert "Rests on undecided" not in run_cli(*env_args, "show", "u.no", env=env).stdout


SLEEPER = '''
import os, time
from theorycheck import Claim, verified

def sleep_long():
    with open(os.environ["PIDFILE"], "w") as fh:
        fh.write(str(os.getpid()))
    time.sleep(60)
    return verified("numeric", "never")

CLAIMS = [Claim("sleeper.one", "A check that sleeps", "Toy", r"1 = 1", "none", sleep_long)]
'''


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, waiting for init to reap it, counts as gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            return not any(line.startswith("State:") and "Z" in line.split()[1] for line in fh)
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_stops_the_check_processes_and_exits_143(tmp_path):
    """Referee CR, LOW-11: SIGTERM (a CI job's timeout) ended the runner with no message and left its check process
    running, orphaned, until the check ended (up to --timeout). Now it is handled as Ctrl-C: "terminated", exit 143,
    and the check process is gone at once. The perturbation: the same run left alone is still running after the
    moment the TERM was sent."""
    import signal
    import time

    (tmp_path / "proofs").mkdir()
    (tmp_path / "proofs" / "sleeper.py").write_text(SLEEPER)
    pidfile = tmp_path / "worker.pid"
    env = dict(os.environ, PIDFILE=str(pidfile), THEORYCHECK_CACHE_DIR=str(tmp_path / "cache"))
    command = [sys.executable, "-m", "theorycheck", "--proofs", str(tmp_path / "proofs"), "check", "--jobs", "1",
               "--no-progress"]

    def started() -> tuple[subprocess.Popen, int]:
        pidfile.unlink(missing_ok=True)
        proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(600):
            if pidfile.exists() and pidfile.read_text():
                return proc, int(pidfile.read_text())
            time.sleep(0.1)
        proc.kill()
        raise AssertionError("the check never started")

    proc, worker = started()
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 143 and "theorycheck: terminated" in err, (proc.returncode, err)
    for _ in range(50):
        if not _alive(worker):
            break
        time.sleep(0.1)
    assert not _alive(worker), "the check process outlived the runner"
    # left alone, the same run is still checking 1 s later
    proc, worker = started()
    time.sleep(1)
    try:
        assert proc.poll() is None and _alive(worker)
    finally:
        proc.kill()
        proc.communicate()
        for _ in range(50):  # SIGKILL of the runner: the kernel ends the check process too (PR_SET_PDEATHSIG)
            if not _alive(worker):
                break
            time.sleep(0.1)
    assert not _alive(worker), "the check process outlived a killed runner"


def test_the_progress_line_of_an_error_says_why(toy_proofs, tmp_path):
    """Referee CR, LOW-3 (CY-8: untested): a check that errs says why on its progress line, not only 'error (0.0 s)'."""
    out = run("--proofs", str(toy_proofs), "check", "toy.crash", "toy.true", "--jobs", "1")
    line = next(x for x in out.stderr.splitlines() if "toy.crash:" in x)
    assert line.endswith("check raised RuntimeError: boom") and " error (" in line, out.stderr
    assert not any(x.endswith("boom") for x in out.stderr.splitlines() if "toy.true:" in x)
