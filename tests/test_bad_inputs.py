"""Bad input, as a new user types it: a one-line message naming the problem, exit code 2, no
traceback, and nothing lost (issue 15). Every case runs the real command, `python -m theorycheck`, in a forked
copy of the test process (tests/forked_cli.py); a full disk at exit runs it in a new interpreter."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import sympy as sp
from conftest import PAPER_DIR
from forked_cli import run_cli


def _part_file(t) -> str:
    """A paper part with one display no claim covers: errata checks its --output before it would find that out."""
    path = t / "part1-setting.md"
    path.write_text("# Part 1\n\n$$\na = b\n$$\n", encoding="utf-8")
    return str(path)

CLAIM = """
from theorycheck import Claim, verified

def ok():
    return verified("exact", "1 = 1 exactly", compared=[1, 1])

CLAIMS = [Claim("tiny.one", "One equals one", "Tiny §1", "1 = 1", "none", ok)]
"""


def run(
    *args: str, cwd: Path | None = None, env: dict | None = None, timeout: float = 180
) -> subprocess.CompletedProcess:
    """``python -m theorycheck *args`` in a forked copy of this process (tests/forked_cli.py: the command's own
    streams, files, environment and exit code, without a new interpreter's imports)."""
    return run_cli(*args, cwd=cwd, env={**os.environ, "THEORYCHECK_NO_CACHE": "1", **(env or {})}, timeout=timeout)


def folder(root: Path, name: str, files: dict[str, str]) -> str:
    """A proofs folder ``root/name`` holding ``files`` (name -> source)."""
    path = root / name
    path.mkdir()
    for file, text in files.items():
        (path / file).write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def assert_one_line_error(out: subprocess.CompletedProcess, *needles: str) -> str:
    assert "Traceback" not in out.stderr, out.stderr
    assert out.returncode == 2, (out.returncode, out.stderr)
    lines = out.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("theorycheck: error: "), lines
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


# Each case: (name, function of tmp_path -> (argv, needles in the message)). A tiny proofs folder keeps the
# runs that get as far as running a check fast; runs on this project's claims select one fast claim.
CASES = {
    "no command": lambda t: ([], ["give a command", "check, show", "`theorycheck check` runs the audit"]),
    "audit --seed 1.5": lambda t: (["audit", "--seed", "1.5", "--runs", "20", "--no-progress"], ["[0, 2^128)", "1.5"]),
    "check --timeout inf": lambda t: (["check", "lemma4.parity", "--timeout", "inf"], ["--timeout", "inf"]),
    "check --timeout nan": lambda t: (["check", "lemma4.parity", "--timeout", "nan"], ["--timeout"]),
    "check --timeout 1e300": lambda t: (["check", "lemma4.parity", "--timeout", "1e300"], ["--timeout"]),
    "check --jobs 0": lambda t: (["check", "lemma4.parity", "--jobs", "0"], ["--jobs"]),
    "unknown subcommand": lambda t: (["frobnicate"], ["frobnicate"]),
    # the destination is checked before any check runs (referee AD: theorem and errata checked it after the audit)
    "theorem unwritable --output": lambda t: (["theorem", "1", "--output", "/proc/x.json", "--no-progress"],
                                              ["--output /proc/x.json"]),
    "errata unwritable --output": lambda t: (["errata", _part_file(t), "--output", "/proc/errx", "--no-progress"],
                                             ["--output /proc/errx"]),
    "audit --seed -1": lambda t: (["audit", "--seed", "-1", "--runs", "20", "--no-progress"], ["--seed", "-1"]),
    "audit --d too big": lambda t: (
        ["audit", "--d", "100000000", "--runs", "20", "--layer", "second", "--no-progress"],
        ["d = 100000000", "smaller d"],
    ),
    "privacy tiny noise out of range": lambda t: (
        ["privacy", "--noise-multiplier", "1e-300", "--steps", "10", "--delta", "1e-5"],
        ["outside the range", "1e-300", "μ = √T/Z = 3.16e+300", "at most 1e100"],
    ),
    "privacy huge epsilon": lambda t: (
        ["privacy", "--noise-multiplier", "1", "--steps", "10", "--delta", "1e-5", "--epsilon", "1e308"],
        ["outside the range", "ε = 1e+308"],
    ),
    "audit huge epsilon": lambda t: (
        ["audit", "--epsilon", "1e308", "--runs", "20", "--d", "4", "--layer", "second", "--no-progress"],
        ["overflows", "ε"],
    ),
    "check -o EXISTING_DIR": lambda t: (["check", "lemma4.parity", "-o", str(t), "--no-progress"], [str(t), "folder"]),
    "check -o under a file": lambda t: (
        ["check", "lemma4.parity", "-o", str(_file(t) / "out.json"), "--no-progress"],
        ["not a folder"],
    ),
    "check -o unwritable place": lambda t: (
        ["check", "lemma4.parity", "-o", "/proc/no-such-dir/out.json", "--no-progress"],
        ["/proc/no-such-dir"],
    ),
    "report --output EXISTING_FILE": lambda t: (
        ["report", "lemma4.parity", "--no-paper", "--no-progress", "--output", str(_file(t))],
        ["is a file"],
    ),
    "latex -o EXISTING_DIR": lambda t: (["latex", "lemma4.parity", "-o", str(t), "--no-progress"], ["folder"]),
    "--proofs missing folder": lambda t: (["--proofs", str(t / "nope"), "list"], ["no such directory"]),
    "--proofs a file": lambda t: (["--proofs", str(_file(t)), "list"], ["is a file"]),  # referee AS
    "--proofs empty": lambda t: (["--proofs", "", "list"], ["empty folder name"]),
    "--proofs import fails": lambda t: (
        ["--proofs", folder(t, "p", {"broken.py": "import os\n\nraise RuntimeError('no data')\n"}), "list"],
        ["broken.py:3", "RuntimeError", "no data"],
    ),
    "--proofs missing dependency": lambda t: (
        ["--proofs", folder(t, "p", {"dep.py": "import no_such_module_xyz\n"}), "list"],
        ["dep.py:1", "no_such_module_xyz"],
    ),
    "--proofs syntax error": lambda t: (
        ["--proofs", folder(t, "p", {"syn.py": "x = 1\ny = (\n"}), "list"],
        ["syn.py:2", "syntax error"],
    ),
    "--proofs CLAIMS holds a non-Claim": lambda t: (
        ["--proofs", folder(t, "p", {"mal.py": "\nCLAIMS = [1, 2]\n"}), "list"],
        ["mal.py:2", "CLAIMS[0]", "not a theorycheck.Claim"],
    ),
    "--proofs CLAIMS not a list": lambda t: (
        ["--proofs", folder(t, "p", {"mal.py": "CLAIMS = 'tiny.one'\n"}), "list"],
        ["mal.py:1", "CLAIMS must be a list"],
    ),
    "--proofs bad claim id": lambda t: (
        ["--proofs", folder(t, "p", {"bad.py": CLAIM.replace('"tiny.one"', '"tiny one"')}), "list"],
        ["bad.py", "tiny one"],
    ),
    "--proofs duplicate ids": lambda t: (
        ["--proofs", folder(t, "p", {"a.py": CLAIM, "b.py": CLAIM}), "list"],
        ["'tiny.one'", "a.py", "b.py"],
    ),
    # referee CR, LOW-8: a statement whose LaTeX cannot compile had passed `check` and broken the whole `latex`
    "--proofs statement with an unclosed brace": lambda t: (
        ["--proofs", folder(t, "p", {"a.py": CLAIM.replace('"1 = 1", "none"', 'r"\\frac{1}{2 = x", "none"')}),
         "check"],
        ["a.py", "'tiny.one'", "statement", "a { is never closed"],
    ),
    "--proofs assumptions with an unopened \\end": lambda t: (
        ["--proofs", folder(t, "p", {"a.py": CLAIM.replace('"1 = 1", "none"', 'r"1 = 1", r"x \\end{cases}"')}),
         "list"],
        ["a.py", "assumptions", r"\end{cases} has no \begin"],
    ),
    "--proofs unknown dependency": lambda t: (
        [
            "--proofs",
            folder(t, "p", {"a.py": CLAIM.replace('"none", ok)', '"none", ok, depends_on=("tiny.onne",))')}),
            "list",
        ],
        ["a.py", "'tiny.onne'", "did you mean 'tiny.one'"],
    ),
    "--proofs __init__ fails": lambda t: (
        ["--proofs", folder(t, "p", {"__init__.py": "PAPER = 1 / 0\n", "a.py": CLAIM}), "list"],
        ["__init__.py:1", "ZeroDivisionError"],
    ),
    "--proofs internal name not shown": lambda t: (
        ["--proofs", folder(t, "p", {"mal.py": "CLAIMS = [None]\n"}), "list"],
        ["mal.py"],
    ),
    "coverage binary file": lambda t: (["coverage", str(_binary(t))], ["paper.md", "UTF-8"]),
    # errata reads its paper files as coverage does (it had taken a JSON file for part 1 and said only that no claim
    # covered it)
    "errata binary file": lambda t: (["errata", str(_binary(t)), "--output", str(t / "e")], ["paper.md", "UTF-8"]),
    "errata JSON file": lambda t: (["errata", str(_json(t)), "--output", str(t / "e")],
                                   ["part1-audit.json", "no displayed equation"]),
    "coverage JSON file": lambda t: (["coverage", str(_json(t))], ["part1-audit.json", "no displayed equation"]),
    # claims name displays by (part, ordinal): two files of one part would share the keys (referee AJ)
    "coverage two files of one part": lambda t: (["coverage", _part_file(t), str(_copy(t))], ["both part 1"]),
    "coverage directory": lambda t: (["coverage", str(t)], [str(t), "is a folder"]),
    "coverage missing file": lambda t: (["coverage", str(t / "nope.md")], ["no such file"]),
    "show a prefix": lambda t: (["show", "fourier."],
                                ["'fourier.' matches", "show takes one id, e.g. theorycheck show fourier."]),
    "show unknown id": lambda t: (["show", "fourier.nope"], ["unknown claim id"]),
    "check unknown id": lambda t: (["check", "no.such.claim"], ["unknown claim id"]),
}


def _file(tmp: Path) -> Path:
    path = tmp / "existing.txt"
    path.write_text("keep me\n")
    return path


def _copy(tmp: Path) -> Path:
    path = tmp / "part1-copy.md"
    path.write_text("# Part 1\n\n$$\nc = d\n$$\n", encoding="utf-8")
    return path


def _json(tmp: Path) -> Path:
    path = tmp / "part1-audit.json"
    path.write_text('{"claims": []}\n')
    return path


def _binary(tmp: Path) -> Path:
    path = tmp / "paper.md"
    path.write_bytes(b"\x00\xff\xfe\x80 not text")
    return path


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_is_one_line_exit_two(name, tmp_path):
    argv, needles = CASES[name](tmp_path)
    out = run(*argv, cwd=tmp_path)
    line = assert_one_line_error(out, *needles)
    assert "_theorycheck_proofs_" not in line  # the internal module name is never shown
    if name == "report --output EXISTING_FILE":
        assert (tmp_path / "existing.txt").read_text() == "keep me\n"  # validated before anything ran
    if name.startswith("errata"):
        assert not (tmp_path / "e").exists() and not Path("/proc/errx").exists()  # nothing half-written


def test_show_prefix_lists_the_matching_ids():
    out = run("show", "fourier.")
    ids = [line.split()[0] for line in out.stdout.splitlines()]
    assert "fourier.sech" in ids and "fourier.tanh" in ids and all(i.startswith("fourier.") for i in ids)


def test_write_failure_at_the_end_keeps_the_results(tmp_path):
    """-o /dev/full passes the checks before running (it opens) but the write fails: the results go to a
    fallback file in the working directory, and the message says where."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    proofs = folder(tmp_path, "p", {"a.py": CLAIM})
    work = tmp_path / "work"
    work.mkdir()
    out = run("--proofs", proofs, "check", "--format", "json", "-o", "/dev/full", "--no-progress", cwd=work)
    line = assert_one_line_error(out, "/dev/full", "saved to")
    [saved] = list(work.glob("theorycheck-results-*.json"))
    assert str(saved.name) in line
    assert json.loads(saved.read_text())["claims"][0]["verdict"] == "verified"


def test_a_report_that_cannot_be_written_leaves_the_old_report_whole(tmp_path):
    """Referee CR, LOW-6: report.json made a folder, a new report failed half-way and left new plots and report.md
    beside the old index.html. The files are now written as a set: the old report stays whole (same bytes), nothing
    staged is left behind, and the results go to the fallback file. The perturbation: with the obstacle gone the same
    command replaces every file."""
    proofs = folder(tmp_path, "p", {"a.py": CLAIM})
    work = tmp_path / "work"
    work.mkdir()
    rep = tmp_path / "rep"
    assert run("--proofs", proofs, "report", "--no-paper", "--no-progress", "-o", str(rep), cwd=work).returncode == 0
    (rep / "report.json").unlink()
    (rep / "report.json").mkdir()
    before = {p.name: p.read_bytes() for p in rep.iterdir() if p.is_file()}
    assert {"index.html", "report.md", "verdicts.png"} <= set(before)
    (rep / "index.html").write_bytes(b"the old page")
    before["index.html"] = b"the old page"
    out = run("--proofs", proofs, "report", "--no-paper", "--no-progress", "--rerun", "-o", str(rep), cwd=work)
    assert_one_line_error(out, "cannot write the report", "saved to")
    assert {p.name: p.read_bytes() for p in rep.iterdir() if p.is_file()} == before
    assert sorted(p.name for p in rep.iterdir() if p.name.startswith(".")) == []  # no staging folder left
    (rep / "report.json").rmdir()
    again = run("--proofs", proofs, "report", "--no-paper", "--no-progress", "-o", str(rep), cwd=work)
    assert again.returncode == 0 and (rep / "index.html").read_bytes() != b"the old page"
    assert json.loads((rep / "report.json").read_text())["claims"][0]["id"] == "tiny.one"


def test_write_set_moves_nothing_until_every_file_is_written(tmp_path, monkeypatch):
    """outputs.write_set: a write failing on the second file (a full disk) leaves the folder as it was."""
    from theorycheck import outputs

    (tmp_path / "a.txt").write_bytes(b"old a")
    (tmp_path / "stale.png").write_bytes(b"old")
    real = Path.write_bytes

    def full_disk(self, data):
        if self.name == "b.txt":
            raise OSError(28, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    with pytest.raises(OSError, match="No space"):
        outputs.write_set(tmp_path, {"a.txt": b"new a", "b.txt": b"new b"}, remove=["stale.png"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "stale.png"]
    assert (tmp_path / "a.txt").read_bytes() == b"old a"
    monkeypatch.setattr(Path, "write_bytes", real)
    outputs.write_set(tmp_path, {"a.txt": b"new a", "b.txt": b"new b"}, remove=["stale.png"])
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {"a.txt": b"new a", "b.txt": b"new b"}


def test_write_set_puts_back_what_it_moved_when_a_move_fails(tmp_path, monkeypatch):
    """Referee CY, CY-3: a move failing half-way (EPERM: an immutable index.html) had left the new report.md beside
    the old index.html; the moved files are put back. A staging folder a killed run left an hour ago is removed."""
    import os
    import time

    from theorycheck import outputs

    (tmp_path / "report.md").write_bytes(b"old md")
    (tmp_path / "index.html").write_bytes(b"old page")
    stale = tmp_path / ".tmp-set-killed"
    stale.mkdir()
    (stale / "x").write_bytes(b"")
    os.utime(stale, (time.time() - 2 * outputs.STALE_STAGING_SECONDS,) * 2)
    fresh = tmp_path / ".tmp-set-running"  # another run's, still at work: kept
    fresh.mkdir()
    real = os.replace

    def immutable(src, dst):
        if str(dst).endswith("index.html") and ".old" not in str(src):
            raise PermissionError(1, "Operation not permitted")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", immutable)
    with pytest.raises(PermissionError):
        outputs.write_set(tmp_path, {"report.md": b"new md", "new.png": b"png", "index.html": b"new page"})
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == {
        "report.md": b"old md", "index.html": b"old page"}
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == [".tmp-set-running"]
    monkeypatch.setattr(os, "replace", real)  # the perturbation: nothing in the way, every file replaced
    outputs.write_set(tmp_path, {"report.md": b"new md", "index.html": b"new page"})
    assert (tmp_path / "report.md").read_bytes() == b"new md" and (tmp_path / "index.html").read_bytes() == b"new page"
    # referee DE, DE-3: when putting a moved file back fails too, the error names it and the earlier version is kept

    def stuck(src, dst):
        if str(dst).endswith("index.html") or (".old" in str(src) and str(dst).endswith("report.md")):
            raise PermissionError(1, "Operation not permitted")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", stuck)
    with pytest.raises(OSError, match="report.md could not be put back: the earlier versions of report.md are in") \
            as caught:
        outputs.write_set(tmp_path, {"report.md": b"third md", "index.html": b"third page"})
    kept = Path(str(caught.value).rsplit("are in ", 1)[1])
    assert (kept / "report.md").read_bytes() == b"new md"
    # kept where the clean-up of a killed run's staging folders (.tmp-set-*) never looks (referee DF, DF-7)
    assert kept.name.startswith(".theorycheck-kept-")
    assert [p.name for p in tmp_path.glob(".tmp-set-*")] == [".tmp-set-running"]  # this run's staging is gone


def test_write_set_holds_ctrl_c_until_the_set_is_moved(tmp_path, monkeypatch):
    """Referee DF, DF-7: a Ctrl-C arriving during the moves is delivered after them (the set whole, the old one's
    stale file removed), not half-way; without the hold the same interrupt leaves a mixed set (the perturbation)."""
    import os
    import signal

    from theorycheck import outputs

    if not hasattr(signal, "pthread_sigmask"):
        pytest.skip("no pthread_sigmask on this platform")
    real = os.replace

    def interrupted(src, dst):  # Ctrl-C (SIGINT to this process) right after the first file is moved
        real(src, dst)
        if str(dst).endswith("a.txt") and ".old" not in str(src):
            os.kill(os.getpid(), signal.SIGINT)

    def fresh(folder):
        folder.mkdir()
        for name in ("a.txt", "b.txt", "stale.png"):
            (folder / name).write_bytes(b"old")

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        monkeypatch.setattr(os, "replace", interrupted)
        fresh(held := tmp_path / "held")
        with pytest.raises(KeyboardInterrupt):
            outputs.write_set(held, {"a.txt": b"new", "b.txt": b"new"}, remove=["stale.png"])
        assert {p.name: p.read_bytes() for p in held.iterdir()} == {"a.txt": b"new", "b.txt": b"new"}
        # the perturbation: the same interrupt with the hold taken away stops the moves half-way
        monkeypatch.setattr(outputs, "_signals_held", contextlib.nullcontext)
        fresh(bare := tmp_path / "bare")
        with pytest.raises(KeyboardInterrupt):
            outputs.write_set(bare, {"a.txt": b"new", "b.txt": b"new"}, remove=["stale.png"])
        assert (bare / "a.txt").read_bytes() == b"new" and (bare / "b.txt").read_bytes() == b"old"
    finally:
        signal.signal(signal.SIGINT, previous)


def test_write_set_delivers_every_held_signal(tmp_path, monkeypatch):
    """Referee EE, EE-1: a SIGTERM held together with a Ctrl-C had been lost (the Ctrl-C's KeyboardInterrupt left
    the delivery loop); now both handlers run after the moves, and the KeyboardInterrupt is raised last."""
    import os
    import signal
    import threading

    from theorycheck import outputs

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set from the main thread only")
    real, ran = os.replace, []

    def interrupted(src, dst):
        real(src, dst)
        if str(dst).endswith("a.txt") and ".old" not in str(src):
            os.kill(os.getpid(), signal.SIGINT)
            os.kill(os.getpid(), signal.SIGTERM)

    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda signum, frame: ran.append(signum))
    try:
        monkeypatch.setattr(os, "replace", interrupted)
        (tmp_path / "a.txt").write_bytes(b"old")
        with pytest.raises(KeyboardInterrupt):
            outputs.write_set(tmp_path, {"a.txt": b"new", "b.txt": b"new"})
        assert ran == [signal.SIGTERM] and (tmp_path / "b.txt").read_bytes() == b"new"
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the caller's handlers are back
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def test_write_set_a_failed_move_wins_over_a_held_ctrl_c(tmp_path, monkeypatch):
    """Referee EF, EF-1: a Ctrl-C held while a move failed and the put-back failed too had replaced the OSError that
    says where the earlier versions were kept (the user saw only "interrupted"); the OSError is raised, and the
    caller's SIGINT handler is back. Without a failure the held Ctrl-C is still delivered (the other test)."""
    import os
    import signal
    import threading

    from theorycheck import outputs

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set from the main thread only")
    (tmp_path / "report.md").write_bytes(b"old md")
    (tmp_path / "index.html").write_bytes(b"old page")
    real = os.replace

    def stuck(src, dst):
        if str(dst).endswith("report.md") and ".old" not in str(src):
            real(src, dst)
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C during the moves
            return None
        if str(dst).endswith("index.html") or (".old" in str(src) and str(dst).endswith("report.md")):
            raise PermissionError(1, "Operation not permitted")
        return real(src, dst)

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        monkeypatch.setattr(os, "replace", stuck)
        with pytest.raises(OSError, match="could not be put back: the earlier versions of report.md are in"):
            outputs.write_set(tmp_path, {"report.md": b"new md", "index.html": b"new page"})
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


def test_privacy_classical_overflow_is_not_defined():
    out = run("privacy", "--noise-multiplier", "0.005", "--steps", "10", "--delta", "1e-5")
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert "not defined" in out.stdout
    data = json.loads(
        run("privacy", "--noise-multiplier", "0.005", "--steps", "10", "--delta", "1e-5", "--format", "json").stdout
    )
    assert data["classical"]["epsilon"] is None and "not defined" in data["classical"]["note"]


def test_coverage_same_file_twice_warns_and_counts_once():
    if not PAPER_DIR.is_dir():
        pytest.skip("the paper sources are not present")
    part = str(sorted(PAPER_DIR.glob("part1*.md"))[0])
    once = run("coverage", part, "--format", "json")
    twice = run("coverage", part, part, "--format", "json")
    assert once.returncode == twice.returncode == 0 and "Traceback" not in twice.stderr
    assert "given more than once" in twice.stderr
    assert json.loads(once.stdout) == json.loads(twice.stdout)


def test_a_check_that_prints_does_not_corrupt_json(tmp_path):
    noisy = CLAIM.replace(
        "    return verified(",
        '    import os\n    print("chatter from the check")\n    os.write(1, b"raw chatter\\n")\n    return verified(',
    )
    proofs = folder(tmp_path, "p", {"a.py": 'print("loading the claims")\n' + noisy})
    out = run("--proofs", proofs, "check", "--format", "json", "--no-progress")
    assert "loading the claims" in out.stderr
    assert out.returncode == 0, out.stderr
    [entry] = json.loads(out.stdout)["claims"]  # stdout is pure JSON (the module's own print goes to stderr)
    assert "chatter from the check" in entry["evidence"]["captured_stdout"]
    assert "raw chatter" in entry["evidence"]["captured_stdout"]
    assert entry["evidence"]["compared"] == [1, 1]


def test_check_table_fits_120_columns(session_cache_dir):
    # the real claims' rows, through the session's verdict cache (tests/conftest.py): the lemma4 checks run
    # unmodified, so they are shared with the notebooks. The first run's rows are fresh or cached (whichever test
    # reached them first); the second run's are all cached: both renderings are measured.
    session_cache = {"COLUMNS": "120", "THEORYCHECK_NO_CACHE": "0", "THEORYCHECK_CACHE_DIR": str(session_cache_dir)}
    for _ in (1, 2):
        out = run("check", "lemma4.", "--no-progress", env=session_cache)
        assert out.returncode == 0, out.stderr
        lines = out.stdout.splitlines()
        rows = [line for line in lines if "lemma4." in line]
        assert any("lemma4.parity" in line for line in rows)
        assert max(len(line) for line in lines) <= 120, max(lines, key=len)
    assert rows and all("cached" in line for line in rows), rows  # the second run: every row from the cache


def test_show_evidence_is_readable_and_json_is_the_raw_record(tmp_path):
    proofs = folder(tmp_path, "p", {"a.py": CLAIM.replace("compared=[1, 1]", 'compared=[1, 1], note="η ≤ ε"')})
    out = run("--proofs", proofs, "show", "tiny.one")
    assert out.returncode == 0, out.stderr
    assert "  compared: [1, 1]" in out.stdout and "  note: η ≤ ε" in out.stdout
    assert "\\u" not in out.stdout
    assert all(line == line.rstrip() for line in out.stdout.splitlines())
    raw = json.loads(run("--proofs", proofs, "show", "tiny.one", "--json").stdout)
    assert raw["id"] == "tiny.one" and raw["evidence"]["note"] == "η ≤ ε" and "root_failures" in raw


def test_grammar_one_check_one_claim(tmp_path):
    proofs = folder(tmp_path, "p", {"a.py": CLAIM})
    out = run("--proofs", proofs, "check")
    assert "running 1 check " in out.stderr
    assert "1 claim:" in out.stdout and "1 claims" not in out.stdout


def test_root_failures_are_the_refuted_premises_without_refuted_premises():
    from theorycheck import Claim, refuted, verified
    from theorycheck.registry import Registry
    from theorycheck.runner import root_failures, taint

    def ok():
        return verified("exact", "ok")

    claims = (
        Claim("c.a", "a", "s", "1=1", "none", ok),
        Claim("c.b", "b", "s", "1=1", "none", ok, depends_on=("c.a",)),
        Claim("c.c", "c", "s", "1=1", "none", ok, depends_on=("c.b",)),
        Claim("c.d", "d", "s", "1=1", "none", ok, depends_on=("c.c", "c.x")),
        Claim("c.x", "x", "s", "1=1", "none", ok),
    )
    registry = Registry("toy", claims, ".")
    bad = refuted("exact", "no", witness={"x": 1})
    verdicts = {"c.a": bad, "c.b": bad, "c.c": ok(), "c.d": ok(), "c.x": bad}
    assert set(taint(registry, verdicts)["c.d"]) == {"c.b", "c.a", "c.x"}  # every refuted ancestor
    roots = root_failures(registry, verdicts)
    assert set(roots["c.d"]) == {"c.a", "c.x"} and roots["c.c"] == ("c.a",) and roots["c.b"] == ("c.a",)
    assert roots["c.a"] == () and roots["c.x"] == ()


@pytest.mark.parametrize("argv", [["list"], ["privacy", "-z", "1", "-T", "10", "--delta", "1e-5", "--format", "json"]])
def test_full_standard_output_is_one_line(argv, tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        out = subprocess.run(
            [sys.executable, "-m", "theorycheck", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            cwd=tmp_path,
            env={**os.environ, "THEORYCHECK_NO_CACHE": "1"},
        )
    assert_one_line_error(out, "No space left")


@pytest.mark.parametrize("extra, needles", [
    (("--d", "1000000000"), ("GiB of memory available",)),  # referee AN: took 7 GB, deaf to Ctrl-C
    (("--q", "1000"), ("--q must be between 1 and 128",)),  # referee AN: never returned
    (("--target", "9^9^9^9"), ("out of range",)),  # referee AN: hung inside SymPy
])
def test_simulate_refuses_runs_it_cannot_finish_before_starting(tmp_path, extra, needles):
    out = run("simulate", "--seeds", "1", "--no-progress", "--output", str(tmp_path / "out"),
              *(("--d", "16") if "--d" not in extra else ()), *extra)
    assert_one_line_error(out, *needles)
    assert not (tmp_path / "out").exists()  # nothing half-done


def test_jobs_above_four_per_cpu_is_refused():
    """Referee AN: --jobs 1000 would fork a process per claim."""
    out = run("check", "lemma4.parity", "--jobs", str(4 * (os.cpu_count() or 1) + 1))
    assert_one_line_error(out, "--jobs", "give at most")


def test_report_checks_paper_files_before_any_check_or_folder(tmp_path):
    """Referee AN: a binary --paper was refused after the whole audit, and an empty folder was left."""
    binary = tmp_path / "bin.md"
    binary.write_bytes(b"\x00\xff\xfe")
    out = run("report", "lemma4.parity", "--paper", str(binary), "-o", str(tmp_path / "r"), "--no-progress")
    assert_one_line_error(out, "not a UTF-8 text file")
    assert not (tmp_path / "r").exists() and "running" not in out.stderr


def test_errata_unknown_claim_leaves_no_folder(tmp_path, paper_dir):
    out = run("errata", *map(str, sorted(paper_dir.glob("part*.md"))), "-o", str(tmp_path / "e"), "--claims", "nosuch")
    assert_one_line_error(out, "unknown claim id")
    assert not (tmp_path / "e").exists()


def test_report_into_a_folder_with_an_undecodable_name_is_written_whole(tmp_path):
    """Referee AN: the page embeds the folder's name; a surrogate-escaped name crashed the write after the file had
    been opened, leaving index.html empty. Now every result file is written whole (atomically), the name escaped."""
    folder = Path(os.fsdecode(os.fsencode(str(tmp_path)) + b"/rep\xff"))
    out = run("report", "lemma4.parity", "-o", str(folder), "--no-paper", "--no-progress")
    assert out.returncode == 0, out.stderr
    page = (folder / "index.html").read_bytes()
    assert len(page) > 1000 and b"rep\\udcff" in page  # the name, escaped


def test_simulate_resume_with_damaged_files_is_a_clear_error_or_a_rerun(tmp_path):
    """Referee AN: undecodable bytes in runs.jsonl or an empty sweep.json gave tracebacks."""
    out_dir = tmp_path / "s"
    first = run("simulate", "--d", "8", "--seeds", "1", "--no-progress", "--no-baselines", "--output", str(out_dir))
    assert first.returncode == 0, first.stderr
    with open(out_dir / "runs.jsonl", "ab") as fh:
        fh.write(b"\xff\xfe garbage\n")
    again = run("simulate", "--d", "8", "--seeds", "1", "--no-progress", "--no-baselines", "--resume", str(out_dir))
    assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr
    (out_dir / "sweep.json").write_text("", encoding="utf-8")
    broken = run("simulate", "--d", "8", "--seeds", "1", "--no-progress", "--no-baselines", "--resume", str(out_dir))
    assert_one_line_error(broken, "sweep.json is damaged")
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))
    assert {"python", "platform", "packages"} <= set(summary["environment"])  # versions recorded (referee AN)


def test_an_unwritable_cache_folder_is_said_once_and_the_checks_still_run(tmp_path):
    """Referee AN: THEORYCHECK_CACHE_DIR naming a file had silently turned the cache off."""
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "THEORYCHECK_NO_CACHE"} | {"THEORYCHECK_CACHE_DIR": str(afile)}
    out = run_cli("check", "lemma4.parity", "--no-progress", env=env, timeout=180)
    assert out.returncode == 0, out.stderr
    assert "verdict cache folder" in out.stderr and "running without the cache" in out.stderr


@pytest.mark.parametrize("argv, needle", [
    (["privacy", "-z", "1", "--clip", "1", "--steps", "10", "--delta", "1e-5"], "only go with --noise-std"),
    (["privacy", "-z", "1", "--aggregate", "sum", "--steps", "10", "--delta", "1e-5"], "only go with --noise-std"),
    (["latex", "--no-run", "--rerun"], "give one"),
    # referee AS: accepted and ignored
    (["latex", "--no-run", "-j", "1"], "--no-run runs none"),
    (["latex", "--no-run", "--timeout", "5", "--no-progress"], "--timeout and --no-progress set how"),
    (["check", "--changed", "--rerun", "lemma4.parity"], "give one"),
    (["report", "lemma4.parity", "--paper", "x.md", "--no-paper"], "give one"),
    (["simulate", "--d", "8", "--T", "3", "--T-rounding", "floor"], "give one"),
    (["simulate", "--d", "8", "8", "--seeds", "1"], "given more than once"),
    (["simulate", "--d", "8", "--output", ""], "empty folder name"),
    (["--proofs", "tests", "privacy", "-z", "1", "--steps", "1", "--delta", "0.1"], "drop it"),
    (["--proofs", "tests", "audit", "--runs", "20"], "drop it"),
])
def test_contradictory_or_ignored_options_are_refused(argv, needle):
    """Referee AN L3: these had been accepted and silently ignored."""
    assert_one_line_error(run(*argv), needle)


def test_coverage_target_at_display_level_is_refused(paper_dir):
    out = run("coverage", "--target", *map(str, sorted(paper_dir.glob("part*.md"))))
    assert_one_line_error(out, "--level relation")


@pytest.mark.parametrize("extra, needle", [
    (("--d", "8", "--n", str(10**12)), "multiply-adds"),  # referee AQ: passed the memory estimate, ran for ever
    (("--d", "8", "--seeds", str(10**11)), "at most 100000"),  # referee AQ: the task list ran out of memory
])
def test_simulate_refuses_sweeps_too_long_to_finish(tmp_path, extra, needle):
    out = run("simulate", "--no-progress", "--output", str(tmp_path / "out"), *(("--seeds", "1") if "--seeds" not in
              extra else ()), *extra)
    assert_one_line_error(out, needle)
    assert not (tmp_path / "out").exists()


def test_errata_into_the_papers_own_folder_is_refused_and_the_paper_kept(tmp_path):
    """Referee AS (high): ``-o`` the paper's folder wrote the patched part over the paper itself."""
    part = Path(_part_file(tmp_path))
    before = part.read_bytes()
    out = run("errata", str(part), "-o", str(tmp_path), "--no-progress", cwd=tmp_path)
    assert_one_line_error(out, "would replace the paper file")
    assert part.read_bytes() == before
    relative = run("errata", part.name, "-o", ".", "--no-progress", cwd=tmp_path)  # the same through another name
    assert_one_line_error(relative, "would replace the paper file")
    (tmp_path / "e" / "errata.tex").mkdir(parents=True)  # a file to be written is a folder: refused before the checks
    assert_one_line_error(run("errata", str(part), "-o", str(tmp_path / "e"), "--no-progress"), "is not a file")


@pytest.mark.parametrize("argv", [
    ["check", "no.such.claim", "-o", "new/deep/out.json"],
    ["theorem", "7", "-o", "new/t.txt"],
    ["latex", "no.such.claim", "-o", "new/x.tex"],
    ["latex", "--no-run", "--rerun", "-o", "new/x.tex"],
    ["report", "no.such.claim", "--no-paper", "-o", "new/rep"],
])
def test_a_refused_run_creates_no_output_folder(tmp_path, argv):
    """Referee AS: the destination's probe created the missing folders, left empty by a later input error."""
    out = run(*argv, "--no-progress", cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    assert not (tmp_path / "new").exists()


def test_a_missing_output_folder_is_made_when_the_result_is_written(tmp_path):
    out = run("check", "lemma4.parity", "--format", "json", "-o", "a/b/out.json", "--no-progress", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads((tmp_path / "a" / "b" / "out.json").read_text())["claims"][0]["id"] == "lemma4.parity"


def test_write_text_keeps_the_old_file_when_the_write_fails(tmp_path, monkeypatch):
    """Referee AS: an "w" open emptied the earlier result before the write failed; now the old file or the whole new
    one, and the new text in a fallback file."""
    from theorycheck import outputs
    from theorycheck.errors import InputError

    old = tmp_path / "keep.tex"
    old.write_text("PRECIOUS EARLIER RESULT\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)

    def failing_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(outputs.os, "replace", failing_replace)
    with pytest.raises(InputError, match="saved to"):
        outputs.write_text("new \udcff text\n", str(old), "-o", ".tex")
    assert old.read_text(encoding="utf-8") == "PRECIOUS EARLIER RESULT\n"
    [saved] = tmp_path.glob("theorycheck-results-*.tex")
    assert saved.read_text(encoding="utf-8") == "new \\udcff text\n"
    assert not list(tmp_path.glob(".tmp-*"))


def test_an_output_pipe_nobody_reads_is_an_error_not_a_hang(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert_one_line_error(run("check", "lemma4.parity", "-o", str(fifo), "--no-progress", timeout=60), str(fifo))


@pytest.mark.parametrize("extra, needle", [
    (("--eps-n", "1e300"), "overflows"),  # referee AS: an OverflowError traceback
    (("--eps-p", "1e300"), "overflows"),
    (("--workers", "2", "--scheduler", "tcp://127.0.0.1:1"), "drop --workers"),  # had been ignored, after the folder
    (("--workers", "100000"), "at most"),
    # malformed scheduler addresses: Dask's ValueError/TypeError had come out as tracebacks, exit 1 (referee CF, F1)
    (("--scheduler", "tcp://"), "missing port"),
    (("--scheduler", "tcp://localhost"), "missing port"),
    (("--scheduler", "tcp://[::1"), "ipv6 needs brackets"),
    (("--scheduler", "tcp://host:abc"), "tcp://host:8786"),
    (("--scheduler", "http://x:8786"), "scheme http://"),
    (("--scheduler", "inproc://x"), "tcp://host:8786"),
    (("--scheduler", "ucx://x:1"), "scheme ucx://"),
    (("--scheduler", "tcp://h:0"), "port in 1..65535"),
])
def test_simulate_refuses_before_the_folder_exists(tmp_path, extra, needle):
    out = run("simulate", "--no-progress", "--d", "8", "--seeds", "1", "--output", str(tmp_path / "out"), *extra)
    assert_one_line_error(out, needle)
    assert not (tmp_path / "out").exists()


def test_simulate_resume_needs_a_sweep_folder_and_reruns_rows_without_status(tmp_path):
    """Referee AS: any folder was "resumed" (another sweep's rows counted as done), and a row without its status or
    with d = Infinity crashed."""
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("important\n", encoding="utf-8")
    assert_one_line_error(run("simulate", "--no-progress", "--d", "8", "--seeds", "1", "--resume", str(empty)),
                          "no sweep.json")
    assert sorted(p.name for p in empty.iterdir()) == ["notes.txt"]
    out_dir = tmp_path / "s"
    args = ("simulate", "--d", "8", "--seeds", "1", "--no-progress", "--no-baselines")
    assert run(*args, "--output", str(out_dir)).returncode == 0
    (out_dir / "runs.jsonl").write_text('{"d": Infinity, "seed": 0}\n{"d": 8, "seed": 0}\n', encoding="utf-8")
    again = run(*args, "--resume", str(out_dir))
    assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr
    assert "already there" not in again.stderr  # neither damaged row counted as done: the run was made again
    rows = [json.loads(line) for line in (out_dir / "runs.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["status"] for r in rows if isinstance(r.get("status"), str)]
    # referee CR, LOW-4: each line not read is said, one warning line each, and kept beside the sweep (not lost)
    warned = [line for line in again.stderr.splitlines() if line.startswith("theorycheck: warning:")]
    assert len(warned) == 2, again.stderr
    assert "line 1 is damaged (d not a whole number ≥ 1 or seed not one ≥ 0)" in warned[0]
    assert "line 2 is damaged (the run d=8, seed=0 has no status)" in warned[1]
    assert (out_dir / "runs.jsonl.damaged").read_text(encoding="utf-8").splitlines() == [
        '{"d": Infinity, "seed": 0}', '{"d": 8, "seed": 0}']
    # a resume with nothing damaged warns of nothing
    third = run(*args, "--resume", str(out_dir))
    assert third.returncode == 0 and "warning" not in third.stderr, third.stderr
    # referee CY, CY-6: a d of 8.9 or true is no run (they had been read as runs (8, ·) and (1, ·)); undecodable bytes
    # are kept as they were; a line nested past the parser's depth is damaged, not a traceback
    good = (out_dir / "runs.jsonl").read_bytes()
    bad_lines = [b'{"d": 8.9, "seed": 0, "status": "ok"}', b'{"d": true, "seed": 0, "status": "ok"}',
                 b'{"d": 8, "seed": 0, "status": "\xff\xfe"}', b"[" * 100000 + b"]" * 100000,
                 # referee CZ, L5: valid JSON in ASCII, but an escaped lone surrogate cannot be written to runs.csv
                 b'{"d": 8, "seed": 0, "status": "ok", "note": "\\ud800"}', b'{"d": 8, "seed": 0, "\\udc80": 1}']
    (out_dir / "runs.jsonl.damaged").unlink()
    (out_dir / "runs.jsonl").write_bytes(b"\n".join(bad_lines) + b"\n" + good)
    fourth = run(*args, "--resume", str(out_dir))
    assert fourth.returncode == 0 and "Traceback" not in fourth.stderr, fourth.stderr
    whys = [line.split("damaged (")[1].split(")")[0] for line in fourth.stderr.splitlines() if "damaged (" in line]
    assert whys == ["d not a whole number ≥ 1 or seed not one ≥ 0"] * 2 + ["not UTF-8", "nested too deeply"] + [
        "a lone surrogate, an escaped \\ud800 to \\udfff unpaired"] * 2
    assert (out_dir / "runs.jsonl.damaged").read_bytes() == b"\n".join(bad_lines) + b"\n"
    assert "already there" in fourth.stderr  # the good row is read


@pytest.mark.parametrize("extra", [
    ("--runs", "20", "--d", "4", "--steps", "100000000"),  # referee AS: ran with no end in sight
    ("--runs", "100000000000", "--d", "4"),  # the message had blamed --d
    ("--runs", "99999999999999999999", "--d", "4"),  # numpy's "Maximum allowed dimension exceeded" traceback
    ("--runs", "20", "--d", "99999999999999999999"),
])
def test_audit_refuses_runs_it_cannot_finish(extra):
    assert_one_line_error(run("audit", "--no-progress", *extra), "multiply-adds", "give fewer runs")


@pytest.mark.parametrize("name, value", [
    ("THEORYCHECK_BLAS_THREADS", "abc"), ("THEORYCHECK_BLAS_THREADS", "0"), ("THEORYCHECK_BLAS_THREADS", "-1"),
    ("THEORYCHECK_BLAS_THREADS", "99999999999999999999"), ("THEORYCHECK_NO_CACHE", "maybe"),
])
def test_a_bad_environment_variable_is_a_one_line_error(name, value):
    """Referee AS: these had silently become 1 thread (or the cache off)."""
    assert_one_line_error(run("list", env={name: value}), name, repr(value))


@pytest.mark.parametrize("value, on", [("false", True), ("no", True), ("0", True), ("", True), ("1", False),
                                       ("TRUE", False)])
def test_no_cache_reads_words_as_a_user_means_them(monkeypatch, value, on):
    from theorycheck import cache

    monkeypatch.setenv("THEORYCHECK_NO_CACHE", value)
    cache.check_environment()
    assert cache.enabled() is on  # "false" had turned the cache off (referee AS)


@pytest.mark.parametrize("text, needle", [
    ("x^3 + 2**-1074*x", "the exponent -1074 is out of range"),  # had said "too large" of a negative exponent
    ("x/0", "division by zero"),  # had reached the user as SymPy's zoo
    ("x/(1 - 1)", "division by zero"),
    ("x^3 - 3x", "write 3*x for 3x"),  # Python's "invalid decimal literal" alone does not say what to fix
    ("1.5e-3x + 1", "write 1.5e-3*x for 1.5e-3x"),
    # referee BU, F1: SymPy's zoo and nan had slipped through, and divisors 0 it could not see at once
    ("0**-1", "division by zero"),
    ("1/(0**-1)", "division by zero"),  # had silently become 0
    ("log(0)", "undefined"),
    ("1/((x+1)**2 - x**2 - 2*x - 1)", "division by zero"),
    ("1/(sin(x)**2 + cos(x)**2 - 1)", "division by zero"),
])
def test_formula_messages_say_what_to_fix(text, needle):
    """Referee BQ, F12. The perturbation: each formula written as meant parses."""
    from theorycheck.errors import InputError
    from theorycheck.expr import parse_formula

    with pytest.raises(InputError, match=re.escape(needle)):
        parse_formula(text)
    meant = {"x^3 + 2**-1074*x": "x^3 + 2**-10*x", "x/0": "x/2", "x/(1 - 1)": "x/(1 + 1)", "x^3 - 3x": "x^3 - 3*x",
             "1.5e-3x + 1": "1.5e-3*x + 1", "0**-1": "2**-1*x", "1/(0**-1)": "x/(2**-1)", "log(0)": "log(x)",
             "1/((x+1)**2 - x**2 - 2*x - 1)": "1/((x+1)**2 - x**2 - 2*x)",
             "1/(sin(x)**2 + cos(x)**2 - 1)": "1/(sin(x)**2 + cos(x)**2 + x)"}[text]
    assert parse_formula(meant).free_symbols == {sp.Symbol("x", real=True)}


def test_no_product_hint_for_an_exponent():
    """Referee BU, F7: '1e5 + (x' had been told to write 1*e5."""
    from theorycheck.errors import InputError
    from theorycheck.expr import parse_formula

    with pytest.raises(InputError) as caught:
        parse_formula("1e5 + (x")
    assert "write" not in str(caught.value) and "never closed" in str(caught.value)


def test_divisors_are_proved_zero_only_when_small_and_never_hang():
    """Referee BW, G1: expanding ((x+1)**16 + 1)**16 - 1 to prove it nonzero had hung the parser. A divisor with a
    value certified nonzero at a point is accepted at once; only a small divisor is proved 0 symbolically. The
    perturbations: the same shapes that are identically 0 are refused."""
    from theorycheck.errors import InputError
    from theorycheck.expr import parse_formula

    for ok in ("1/(((x+1)**16 + 1)**16 - 1)", "1/((x+1)**1024 - (x+2)**1024)",
               "1/(sin(x)**2 + cos(x)**2 - 1 + 10**-300*sin(x)**2)", "1/(exp(pi*sqrt(163)) - 640320**3 - 744)",
               "x/(x**2 - 1)", "1/log(x)", "sqrt(x)**-1"):
        assert parse_formula(ok).free_symbols <= {sp.Symbol("x", real=True)}
    for zero in ("1/(sin(x)**2 + cos(x)**2 - 1)", "1/(cosh(x)**2 - sinh(x)**2 - 1)", "(x - x)**-1"):
        with pytest.raises(InputError, match="division by zero"):
            parse_formula(zero)
    with pytest.raises(InputError) as caught:  # G4: the hint names the product, not an exponent
        parse_formula("1e5 + 2x")
    assert "write 2*x for 2x" in str(caught.value)
    with pytest.raises(InputError) as caught:
        parse_formula("3e + x")
    assert "write" not in str(caught.value)


def test_validation_of_numbers_beyond_the_floats():
    """A positive mpf/Fraction/int whose float under- or overflows is judged by its own value (no OverflowError)."""
    import fractions

    import mpmath

    from theorycheck import validate
    from theorycheck.errors import InputError

    for good in (mpmath.mpf("1e-2500"), mpmath.mpf("1e400"), fractions.Fraction(1, 10**400), 10**400):
        assert validate.positive("x", good) == good
    assert validate.positive_int("n", 10**400) == 10**400
    for bad in (mpmath.mpf("-1e-2500"), fractions.Fraction(-1, 10**400), -(10**400), mpmath.inf, 0.0):
        with pytest.raises(InputError, match="finite number > 0"):
            validate.positive("x", bad)
    # referee CS: a Fraction or SymPy Integer beyond the floats is a whole number; a bool is no number
    assert validate.positive_int("n", fractions.Fraction(10**400)) == 10**400
    assert validate.positive_int("n", sp.Integer(10**400)) == 10**400
    for bad in (True, fractions.Fraction(5, 2), float("inf"), "2.5"):
        with pytest.raises(InputError):
            validate.positive_int("n", bad)
    with pytest.raises(InputError, match="real number"):
        validate.positive("x", True)
    # referee CT, LOW-3: NumPy's truth values are no numbers either; NumPy's numbers are
    import numpy as np

    for truth in (np.True_, np.bool_(False)):
        with pytest.raises(InputError, match="real number"):
            validate.positive_int("n", truth)
        with pytest.raises(InputError, match="real number"):
            validate.positive("x", truth)
    assert validate.positive_int("n", np.int64(3)) == 3 and validate.positive("x", np.float64(0.5)) == 0.5
    # referee CY, CY-5: a 0-d array of a truth value, and complex numbers, are no real numbers either
    # referee CZ, L6: nor are NumPy's time spans, dates, strings and object arrays (only its integers and floats)
    for bad in (np.array(True), np.complex128(3 + 4j), np.complex64(2 + 5j), 3 + 4j, np.timedelta64(3),
                np.datetime64("2020-01-01"), np.array(True, dtype=object), np.str_("3"), np.array("3")):
        with pytest.raises(InputError):
            validate.positive("x", bad)
        with pytest.raises(InputError):
            validate.positive_int("n", bad)
    assert validate.positive("x", np.array(2.0)) == 2.0 and validate.positive("gamma", "0.01") == "0.01"
    # referee DE, DE-7: the message names the value given, not its conversion (1e-400 had been "got 0")
    import mpmath

    with pytest.raises(InputError, match=r"got mpf\('9\.99"):
        validate.positive_int("n", mpmath.mpf("1e-400"))


def test_proofs_folder_without_claims_is_a_clear_error(tmp_path):
    """Referee DG, M3: a --proofs folder whose modules define no claims ran "0 claims" and exited 0."""
    proofs = folder(tmp_path, "p", {"a.py": "X = 1\n"})
    assert_one_line_error(run("--proofs", proofs, "check", "--no-progress"), "no module defines CLAIMS")
    # an explicit CLAIMS = [] is a proofs folder with no claims yet: not an error (referee DH, DH-5)
    empty = folder(tmp_path, "q", {"a.py": "CLAIMS = []\n"})
    assert run("--proofs", empty, "check", "--no-progress").returncode == 0


def test_privacy_errors_name_the_flags():
    """Referee DG, L3: the privacy command's errors named the library's parameters (noise_multiplier, steps)."""
    assert_one_line_error(run("privacy", "--noise-multiplier", "-1", "--steps", "10", "--delta", "1e-5"),
                          "--noise-multiplier must be")
    assert_one_line_error(run("privacy", "--noise-multiplier", "1", "--steps", "3", "--delta", "2"), "--delta")
    # and the others (referee DH, DH-8)
    base = ("privacy", "--steps", "3", "--delta", "1e-5")
    assert_one_line_error(run(*base, "--noise-multiplier", "1", "--epsilon", "-1"), "--epsilon")
    assert_one_line_error(run(*base, "--noise-std", "1", "--clip", "0", "--n", "10"), "--clip must be")
    assert_one_line_error(run(*base, "--noise-std", "1", "--clip", "1", "--n", "0"), "--n must be")
