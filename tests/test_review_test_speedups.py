"""Review of the issue-14 test speed-ups: regressions pinned by an independent reviewer.

- tests/forked_cli.py's run_cli claims the result of ``python -m theorycheck`` in a new interpreter. Two cases where
  the forked child differed, fixed since: a proofs folder the test process already imported and then edited (the
  child reused the stale modules from sys.modules) and an import that ``python -m`` resolves from the working
  directory (sys.path[0]).
- asymptotics._limit_at_infinity (the c·log^m d shortcut of commit 157f913) on inputs at the edge of its pattern.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import sympy as sp
from forked_cli import run_cli

CLAIM = """
from theorycheck import Claim, {kind}


def check():
    return {kind}("numeric", "{kind}"{extra})


CLAIMS = [Claim("s.one", "one", "S §1", "1 = 1", "none", check)]
"""


def _proofs(root: Path, files: dict[str, str]) -> Path:
    folder = root / "proofs"
    folder.mkdir()
    (folder / "__init__.py").write_text('PAPER = "review"\n')
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def _verdict(out: subprocess.CompletedProcess) -> str:
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)["claims"][0]["verdict"]


def test_forked_cli_sees_an_edit_to_a_proofs_folder_the_test_process_loaded(tmp_path):
    from theorycheck.registry import load

    folder = _proofs(tmp_path, {"s.py": CLAIM.format(kind="verified", extra="")})
    assert load(folder).get("s.one").check().verdict == "verified"  # the test process imports the folder
    (folder / "s.py").write_text(CLAIM.format(kind="refuted", extra=', witness={"x": 1}'))  # then edits it
    args = ["--proofs", str(folder), "check", "--format", "json", "--no-progress"]
    env = {"PATH": "/usr/bin:/bin", "THEORYCHECK_NO_CACHE": "1"}
    real = subprocess.run([sys.executable, "-m", "theorycheck", *args], capture_output=True, text=True, env=env,
                          timeout=120)
    assert _verdict(real) == "refuted"
    assert _verdict(run_cli(*args, env=env)) == "refuted"  # the forked child imports the folder afresh


def test_forked_cli_imports_from_the_working_directory_as_python_m_does(tmp_path):
    _proofs(tmp_path, {"s.py": "import localhelper_review\n" + CLAIM.format(kind="verified", extra="")})
    (tmp_path / "localhelper_review.py").write_text("VALUE = 1\n")
    args = ["--proofs", "proofs", "check", "--format", "json", "--no-progress"]
    env = {"PATH": "/usr/bin:/bin", "THEORYCHECK_NO_CACHE": "1"}
    real = subprocess.run([sys.executable, "-m", "theorycheck", *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)
    assert _verdict(real) == "verified"
    assert _verdict(run_cli(*args, cwd=tmp_path, env=env)) == "verified"  # the cwd is first on sys.path


d_pos = sp.Symbol("d", positive=True)
n_pos = sp.Symbol("n", positive=True)
k_pos = sp.Symbol("k", positive=True)


@pytest.mark.parametrize(
    "expr",
    [
        sp.Rational(-3, 2) * sp.log(d_pos) ** sp.Rational(1, 3),  # negative c, non-integer m
        -(sp.log(d_pos) ** sp.Rational(7, 3)),
        sp.log(d_pos) ** sp.Rational(-1, 2),  # m < 0: not the shortcut's form
        sp.log(n_pos) ** 2,  # another variable: a constant in d
        sp.log(sp.Symbol("d")) ** 2,  # a d without the positive assumption: not the same symbol
        sp.log(d_pos) ** k_pos,  # symbolic exponent
        sp.Float(2.0) * sp.log(d_pos),  # float coefficient
        sp.sqrt(2) * sp.log(d_pos),  # irrational coefficient
        sp.log(2 * d_pos) ** 2,
        sp.log(1 / d_pos) ** 2,
        sp.log(sp.log(d_pos)) ** 2,
        sp.I * sp.log(d_pos),
        sp.S(0) * sp.log(d_pos),
    ],
)
def test_limit_shortcut_edge_inputs_agree_with_sympy(expr):
    from theorycheck.asymptotics import _limit_at_infinity

    assert _limit_at_infinity(expr, d_pos) == sp.limit(expr, d_pos, sp.oo)
