"""tests/forked_cli.py's `run_cli` gives what a new interpreter gives: the same exit code, standard output and
standard error as ``subprocess.run([sys.executable, "-m", "theorycheck", ...])`` on every kind of run the
CLI tests use it for (success, bad input, a toy proofs folder, an uncaught exception, a warning, a check
that prints), and a leaked precision or warning filter in the test process does not reach the command."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import mpmath
import pytest
from forked_cli import run_cli

TOY = """
import warnings

import mpmath

from theorycheck import Claim, verified


def ok():
    return verified("exact", "1 = 1 exactly", compared=[1, 1])


def noisy():
    print("a check that prints")
    warnings.warn("a warning from a check", UserWarning)
    return verified("exact", f"mpmath works at {mpmath.mp.dps} digits", dps=mpmath.mp.dps)


def broken():
    raise RuntimeError("this check fails")


CLAIMS = [
    Claim("toy.ok", "One equals one", "Toy §1", "1 = 1", "none", ok),
    Claim("toy.noisy", "A check that prints and warns", "Toy §2", "1 = 1", "none", noisy),
    Claim("toy.broken", "A check that raises", "Toy §3", "1 = 1", "none", broken),
]
"""


def subprocess_cli(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "theorycheck", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=180)


@pytest.fixture
def toy(tmp_path) -> Path:
    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / "toy.py").write_text(textwrap.dedent(TOY), encoding="utf-8")
    return folder


CASES = {
    "list": lambda toy: ["--proofs", str(toy), "list"],
    "check json": lambda toy: ["--proofs", str(toy), "check", "--format", "json", "--no-progress", "--jobs", "1"],
    "show a warning check": lambda toy: ["--proofs", str(toy), "show", "toy.noisy", "--json"],
    "bad input": lambda toy: ["--proofs", str(toy), "show", "toy.nothing"],
    "unknown subcommand": lambda toy: ["frobnicate"],
    "no such folder": lambda toy: ["--proofs", str(toy / "missing"), "list"],
    "help": lambda toy: ["--help"],
    "privacy": lambda toy: ["privacy", "-z", "1", "-T", "10", "--delta", "1e-5", "--format", "json"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_forked_run_equals_a_new_interpreter(case, toy, tmp_path):
    env = {**os.environ, "THEORYCHECK_NO_CACHE": "1", "COLUMNS": "100"}
    args = CASES[case](toy)
    forked = run_cli(*args, cwd=tmp_path, env=env)
    fresh = subprocess_cli(*args, cwd=tmp_path, env=env)
    normal = lambda text: re.sub(r'("seconds"|"date"): [^,\n]*', r"\1: …", text)  # timings and the clock
    assert (forked.returncode, normal(forked.stdout), forked.stderr) == (fresh.returncode, normal(fresh.stdout),
                                                                       fresh.stderr)


def test_an_uncaught_exception_is_a_traceback_and_exit_one(monkeypatch, tmp_path):
    """What the interpreter does: the traceback on stderr, exit status 1 (here from a command whose main raises)."""
    import theorycheck.cli

    def boom(argv=None):
        raise RuntimeError("escaped the CLI")

    monkeypatch.setattr(theorycheck.cli, "main", boom)
    out = run_cli("list", cwd=tmp_path)
    assert out.returncode == 1 and out.stderr.startswith("Traceback") and "RuntimeError: escaped the CLI" in out.stderr


def test_the_test_process_state_does_not_reach_the_command(toy, tmp_path):
    """A leaked mpmath precision and pytest's warning capture stay in the test process: the command computes at
    a new interpreter's 15 digits and its warning is printed on stderr."""
    import warnings

    with mpmath.workdps(50), warnings.catch_warnings(record=True):
        warnings.simplefilter("error")
        out = run_cli("--proofs", str(toy), "show", "toy.noisy", "--json", cwd=tmp_path,
                      env={**os.environ, "THEORYCHECK_NO_CACHE": "1"})
    assert out.returncode == 0, out.stderr
    assert '"dps": 15' in out.stdout and "UserWarning: a warning from a check" in out.stderr
    assert mpmath.mp.dps == 15  # and the parent's own state is untouched


def test_nothing_of_the_run_reaches_the_test_process(toy, tmp_path):
    before = (os.getcwd(), dict(os.environ), sorted(m for m in sys.modules if m.startswith("_theorycheck_proofs_")))
    out = run_cli("--proofs", str(toy), "list", cwd=tmp_path, env={"PATH": os.environ["PATH"], "MARK": "x"})
    assert out.returncode == 0, out.stderr
    after = (os.getcwd(), dict(os.environ), sorted(m for m in sys.modules if m.startswith("_theorycheck_proofs_")))
    assert after == before


def test_a_command_past_its_timeout_is_killed(tmp_path, monkeypatch):
    import time

    import theorycheck.cli

    monkeypatch.setattr(theorycheck.cli, "main", lambda argv=None: time.sleep(60))
    with pytest.raises(subprocess.TimeoutExpired):
        run_cli("list", cwd=tmp_path, timeout=1)


def test_after_a_source_edit_the_command_runs_in_a_new_interpreter(monkeypatch, tmp_path):
    """This process's modules are older than the files once a source is edited: run_cli then starts a new
    interpreter (which does not see this process's patched main)."""
    import conftest

    import theorycheck.cli

    monkeypatch.setattr(theorycheck.cli, "main", lambda argv=None: 7)
    assert run_cli("--help", cwd=tmp_path).returncode == 7  # forked: the patched main
    monkeypatch.setattr(conftest, "sources_edited_since_start", lambda: ["theorycheck/cli.py"])
    fresh = run_cli("--help", cwd=tmp_path)
    assert fresh.returncode == 0 and "usage" in fresh.stdout.lower()
