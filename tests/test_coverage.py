"""Paper coverage: enumerating the displays, matching claims and definitions, the `coverage` command."""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest
from forked_cli import run_cli

from theorycheck import Claim, verified
from theorycheck.coverage import (
    coverage,
    dangling,
    default_paper_files,
    enumerate_displays,
    part_number,
    read_paper,
    summarise,
)
from theorycheck.errors import InputError


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -m theorycheck *args`` in a forked copy of this process (tests/forked_cli.py)."""
    return run_cli(*args, timeout=timeout)


def _ok():
    return verified("exact", "trivially")


SAMPLE = textwrap.dedent(r"""
    # Part 4: a sample
    $$
    \newcommand{\R}{\mathbb{R}}
    $$
    Inline $$x^2$$ in a sentence is not a display, nor is $$y$$.

    $$
    \begin{equation}
        \label{eq:first}
        a = b
    \end{equation}
    $$

    \[ c = d \]

    $$e = f$$

    \begin{equation}
    g = h
    \end{equation}
""")


def test_enumerate_displays_in_order_skipping_inline_math_and_macros():
    displays = enumerate_displays(SAMPLE, 4)
    assert [d.key for d in displays] == [(4, 1), (4, 2), (4, 3), (4, 4)]
    assert [d.snippet() for d in displays] == ["a = b", "c = d", "e = f", "g = h"]
    assert displays[0].label == "eq:first"
    assert displays[0].line == SAMPLE.splitlines().index("$$", 5) + 1


def test_part_number_from_name_or_title(tmp_path):
    assert part_number("x/part2-first-layer.md", "") == 2
    assert part_number("notes.md", "title: Private feature learning (part 3)") == 3
    with pytest.raises(InputError, match="cannot tell which part"):
        part_number("notes.md", "no number here")
    with pytest.raises(InputError, match="no such file"):
        read_paper([tmp_path / "part9.md"])


def test_coverage_statuses_summary_and_dangling_displays():
    displays = enumerate_displays(SAMPLE, 4)
    claims = [
        Claim("a.one", "t", "s", "a=b", "none", _ok, displays=((4, 1),)),
        Claim("a.two", "t", "s", "a=b", "none", _ok, displays=((4, 1), (4, 9), (5, 1))),
    ]
    rows = coverage(displays, claims, {(4, 2): "defines c", (4, 1): "also a definition"})
    assert [r.status for r in rows] == ["covered", "definition", "uncovered", "uncovered"]
    assert rows[0].claims == ("a.one", "a.two")
    assert summarise(rows) == {4: {"covered": 1, "definition": 1, "uncovered": 2, "total": 4}}
    # (4, 9) does not exist; Part 5 was not read, so (5, 1) is not dangling
    assert dangling(displays, claims, {(4, 7): "x"}) == [("a.two", (4, 9)), ("DEFINITIONS", (4, 7))]


# ------------------------------------------------------------------------------------------------ the paper

#: Display counts per part. Claims name displays by these ordinals: a change here renumbers them.
PAPER_DISPLAYS = {1: 10, 2: 68, 3: 29}


@pytest.fixture(scope="module")
def paper_files(paper_dir) -> list[Path]:
    files = sorted(paper_dir.glob("part*.md"))
    assert len(files) == 3
    return files


def test_paper_displays_are_enumerated_with_stable_ordinals(paper_files):
    displays = read_paper(paper_files)
    counts = {p: sum(d.part == p for d in displays) for p in PAPER_DISPLAYS}
    assert counts == PAPER_DISPLAYS
    by_key = {d.key: d for d in displays}
    assert by_key[(1, 2)].label == "eq:model" and "a^\\intercal \\sigma(W^\\intercal x + b)" in by_key[(1, 2)].latex
    assert "\\mathcal{R}(f_{\\text{NN}})" in by_key[(1, 9)].latex  # Theorem 1
    assert "\\widehat{\\sech}(t)" in by_key[(2, 32)].latex  # the sech transform, Part 2 §3.3
    assert "\\Omega(e^{-2|b|})" in by_key[(2, 14)].latex  # Lemma 4
    assert "\\tilde{a}_{i+1}" in by_key[(3, 10)].latex  # the noisy step on the second layer
    # lines are 1-based and increasing within a part
    for part in PAPER_DISPLAYS:
        lines = [d.line for d in displays if d.part == part]
        assert lines == sorted(lines) and lines[0] >= 1


def test_definitions_of_this_project_name_real_displays(paper_files):
    from theorycheck_proofs.definitions import DEFINITIONS

    displays = read_paper(paper_files)
    assert not dangling(displays, [], DEFINITIONS)
    assert all(isinstance(v, str) and v.strip() for v in DEFINITIONS.values())
    assert {p for p, _ in DEFINITIONS} == {1, 2, 3}
    assert (1, 9) not in DEFINITIONS  # Theorem 1 is a claim, not a definition


def test_coverage_command_on_the_paper(paper_files, toy_proofs):
    out = run("--proofs", str(toy_proofs), "coverage", *map(str, paper_files))
    assert out.returncode == 0, out.stderr
    for part, total in PAPER_DISPLAYS.items():
        assert f"Part {part}: 0 covered, 0 definitions, {total} uncovered of {total} displays" in out.stdout
    assert "107 displays: 0 covered by claims, 0 definitions, 107 uncovered" in out.stdout


def test_coverage_command_json_with_claims_definitions_and_a_dangling_display(paper_files, tmp_path):
    proofs = tmp_path / "proofs_cov"
    proofs.mkdir()
    (proofs / "mod.py").write_text(
        textwrap.dedent("""
        from theorycheck import Claim, verified
        def ok():
            return verified("exact", "trivially")
        CLAIMS = [Claim("c.sech", "sech", "Part 2", "x", "none", ok, displays=((2, 32), (2, 99))),
                  Claim("c.thm1", "Theorem 1", "Part 1", "x", "none", ok, displays=((1, 9),))]
        DEFINITIONS = {(1, 2): "the model", (3, 1): "ridge"}
    """)
    )
    out = run("--proofs", str(proofs), "coverage", *map(str, paper_files), "--format", "json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert len(rows) == sum(PAPER_DISPLAYS.values())
    by_key = {(r["part"], r["ordinal"]): r for r in rows}
    assert by_key[(2, 32)]["status"] == "covered" and by_key[(2, 32)]["claims"] == ["c.sech"]
    assert by_key[(1, 2)]["status"] == "definition" and by_key[(1, 2)]["definition"] == "the model"
    assert by_key[(1, 1)]["status"] == "uncovered"
    assert "c.sech names display (2, 99)" in out.stderr
    table = run("--proofs", str(proofs), "coverage", *map(str, paper_files), "--uncovered")
    assert "Part 1: 1 covered, 1 definitions, 8 uncovered of 10 displays" in table.stdout
    assert "the model" not in table.stdout  # --uncovered lists only uncovered displays


def test_coverage_command_bad_input(tmp_path, toy_proofs):
    out = run("--proofs", str(toy_proofs), "coverage", str(tmp_path / "part1.md"))
    assert out.returncode == 2 and "no such file" in out.stderr
    (tmp_path / "notes.md").write_text("no part number")
    out = run("--proofs", str(toy_proofs), "coverage", str(tmp_path / "notes.md"))
    assert out.returncode == 2 and "cannot tell which part" in out.stderr


def test_default_paper_files(paper_dir):
    assert [p.name for p in default_paper_files()] == sorted(p.name for p in paper_dir.glob("part*.md"))


def test_this_projects_claims_name_only_real_displays(paper_files):
    """Every `displays` entry of this project's claims exists in the paper (and the command says so)."""
    out = run("coverage", *map(str, paper_files))
    assert out.returncode == 0, out.stderr
    assert "warning" not in out.stderr, out.stderr
    assert "Part 1:" in out.stdout and "Part 3:" in out.stdout
