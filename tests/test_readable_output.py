"""Readable output (issue 15): assumptions exported to LaTeX as math, not escaped text."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from theorycheck.report import tex_inline_math


@pytest.mark.parametrize(
    "assumption, expected",
    [
        (r"t \in \mathbb{R}", r"$t \in \mathbb{R}$"),
        (r"p \geq 2", r"$p \geq 2$"),
        ("none", "none"),
        ("d large", "d large"),
        (r"\text{Assumptions 1--4},\ \gamma > 0", r"$\text{Assumptions 1--4},\ \gamma > 0$"),
        (r"Assumptions 2--4,\ 0 < \varepsilon_b", r"$\text{Assumptions 2--4},\ 0 < \varepsilon_b$"),
        (r"Assumption 2 (n \ge d),\ \mathbb{R}", r"$\text{Assumption 2 }(n \ge d),\ \mathbb{R}$"),
        (r"f\ \text{polynomial of degree } q,\ \log d", r"$f\ \text{polynomial of degree } q,\ \log d$"),
        ("prose with $x$ inline", "prose with $x$ inline"),
    ],
)
def test_assumptions_are_math(assumption, expected):
    assert tex_inline_math(assumption) == expected
    assert r"\textbackslash" not in tex_inline_math(assumption)


def test_latex_of_every_claim_compiles_with_math_assumptions(tmp_path):
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed (apt-get install texlive-latex-recommended)")
    tex = tmp_path / "claims.tex"
    out = subprocess.run(
        [sys.executable, "-m", "theorycheck", "latex", "--no-run", "-o", str(tex)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    text = tex.read_text()
    assert r"Claimed under: $" in text and r"\textbackslash{}in" not in text
    run = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=300,
    )
    errors = [line for line in run.stdout.splitlines() if line.startswith("!")]
    assert run.returncode == 0, errors[:3]
