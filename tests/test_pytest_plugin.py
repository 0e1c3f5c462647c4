"""The pytest plugin (theorycheck/pytest_plugin.py): claims as test items, run as a user's CI runs
pytest, in a subprocess on a tiny proofs folder."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from theorycheck.pytest_plugin import expected_toml, load_expected

CLAIMS = """
from theorycheck import Claim, inconclusive, refuted, verified

def square(coefficient):
    x = 3
    if (x + 1) ** 2 != x * x + coefficient * x + 1:
        return refuted("exact", f"fails at x = {x}", witness={"x": x, "lhs": (x + 1) ** 2,
                       "rhs": x * x + coefficient * x + 1})
    return verified("exact", "holds at x = 3 exactly")

def undecided():
    return inconclusive("numeric", "the rate fits at feasible sizes but cannot be proved")

CLAIMS = [
    Claim("tiny.true", "A true identity", "Tiny §1", "(x+1)^2 = x^2+2x+1", "x real", lambda: square(2)),
    Claim("tiny.false", "A false identity", "Tiny §1", "(x+1)^2 = x^2+3x+1", "x real", lambda: square(3)),
    Claim("tiny.rate", "A rate", "Tiny §2", "f(d) = O(d^{-1})", "d large", undecided),
]
"""


def _entry_point_installed() -> bool:
    return any(ep.value == "theorycheck.pytest_plugin" for ep in importlib.metadata.entry_points(group="pytest11"))


def make_project(folder: Path) -> Path:
    """A paper repository in ``folder``: a proofs folder, one ordinary test, its own pytest.ini (its own root)."""
    (folder / "pytest.ini").write_text("[pytest]\n")
    (folder / "paper_proofs").mkdir()
    (folder / "paper_proofs" / "claims.py").write_text(textwrap.dedent(CLAIMS))
    (folder / "test_ordinary.py").write_text("def test_ordinary():\n    assert True\n")
    return folder


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path)


def pytest_run(project: Path, *args: str, proofs: bool = True, autoload: bool = False) -> subprocess.CompletedProcess:
    """pytest in a new interpreter in ``project``. ``autoload``: as installed, every plugin of the environment
    loaded from its entry point, this one included (about 1 s of start-up: hypothesis, xdist, benchmark, ...);
    otherwise only this plugin, named with ``-p`` and plugin autoloading off (the user's other plugins are not
    what these tests are about)."""
    if autoload and not _entry_point_installed():
        pytest.skip("the theorycheck pytest11 entry point is not installed (pip install -e .)")
    plugin = [] if autoload else ["-p", "theorycheck.pytest_plugin"]
    extra = ["--theorycheck-proofs", "paper_proofs"] if proofs else []
    env = {**os.environ, "THEORYCHECK_NO_CACHE": "1"}
    env.pop("PYTEST_ADDOPTS", None)
    env.pop("PYTEST_XDIST_WORKER", None)
    if autoload:
        env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    else:
        env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", *plugin, "-rA", "-p", "no:randomly", *args, *extra],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def outcomes(out: subprocess.CompletedProcess) -> dict[str, str]:
    """nodeid -> PASSED/FAILED/SKIPPED/XFAIL from the -rA short summary."""
    found = {}
    for line in out.stdout.splitlines():
        parts = line.split(" ", 2)
        if len(parts) >= 2 and parts[0] in ("PASSED", "FAILED", "SKIPPED", "XFAIL", "XPASS", "ERROR"):
            node = parts[1]
            if parts[0] == "SKIPPED" and len(parts) > 2:  # SKIPPED [1] file:line: reason
                node = parts[2].split(":", 1)[0] if "theorycheck" not in parts[2] else "theorycheck::tiny.rate"
            found[node] = parts[0]
    return found


def test_inert_without_the_option(project):
    """Installed, the plugin loads in every pytest run of the environment: without its options it does nothing."""
    out = pytest_run(project, "-q", proofs=False, autoload=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed" in out.stdout and "theorycheck::" not in out.stdout


@pytest.mark.parametrize("autoload", [True, False], ids=["entry point", "-p"])
def test_each_claim_is_an_item_named_by_its_id(project, autoload):
    out = pytest_run(project, "--theorycheck", "--collect-only", "-q", autoload=autoload)
    assert out.returncode == 0, out.stdout + out.stderr
    ids = [line for line in out.stdout.splitlines() if line.startswith("theorycheck::")]
    assert ids == ["theorycheck::tiny.true", "theorycheck::tiny.false", "theorycheck::tiny.rate"]
    assert "test_ordinary.py::test_ordinary" in out.stdout


def test_theorycheck_only_collects_no_test_file(project):
    (project / "test_broken.py").write_text("raise RuntimeError('would fail at import')\n")
    out = pytest_run(project, "--theorycheck-only", "--collect-only", "-q")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "theorycheck::tiny.true" in out.stdout and "test_ordinary" not in out.stdout


def test_broken_proofs_folder_is_one_collection_error(project):
    (project / "paper_proofs" / "broken.py").write_text("x = (\n")
    out = pytest_run(project, "--theorycheck-only")
    assert out.returncode != 0 and "broken.py:1: syntax error" in out.stdout
    assert "INTERNALERROR" not in out.stdout + out.stderr and "Traceback" not in out.stdout


@pytest.fixture(scope="module")
def claims_run(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """``pytest --theorycheck -m theorycheck --junitxml junit.xml`` on a fresh project, run once: its terminal
    output and its JUnit file are read by the two tests below (the XML report adds a line to the output, nothing
    else)."""
    project = make_project(tmp_path_factory.mktemp("claims_run"))
    return project, pytest_run(project, "--theorycheck", "-m", "theorycheck", "--junitxml", "junit.xml")


def test_verdicts_become_outcomes_with_detail_and_witness(claims_run):
    _, out = claims_run
    assert out.returncode == 1
    got = outcomes(out)
    assert got["theorycheck::tiny.true"] == "PASSED"
    assert got["theorycheck::tiny.false"] == "FAILED"
    assert got["theorycheck::tiny.rate"] == "SKIPPED"
    assert "fails at x = 3" in out.stdout and '"lhs": 16' in out.stdout  # detail and witness in the message
    assert "inconclusive: the rate fits at feasible sizes" in out.stdout
    assert "test_ordinary" not in out.stdout  # -m theorycheck: claims only


def test_k_selects_by_id_and_lf_reruns_the_failed_claim(project):
    out = pytest_run(project, "--theorycheck", "-k", "tiny.true", "-q", "-p", "cacheprovider")
    assert out.returncode == 0 and "1 passed" in out.stdout, out.stdout
    pytest_run(project, "--theorycheck", "-m", "theorycheck", "-p", "cacheprovider")
    out = pytest_run(project, "--theorycheck", "--lf", "-p", "cacheprovider")
    assert list(outcomes(out)) == ["theorycheck::tiny.false"], out.stdout


def test_x_stops_at_the_first_refuted_claim(project):
    out = pytest_run(project, "--theorycheck", "-m", "theorycheck", "-x")
    got = outcomes(out)
    assert got.get("theorycheck::tiny.false") == "FAILED" and "theorycheck::tiny.rate" not in got


def test_expectations_file_turns_known_refutations_into_xfail(project):
    (project / "theorycheck-expected.toml").write_text(
        '[expected]\n"tiny.false" = { verdict = "refuted", reason = "the paper\'s Lemma 1 is wrong" }\n'
        '"tiny.rate" = "inconclusive"\n'
    )
    out = pytest_run(project, "--theorycheck", "-m", "theorycheck")
    assert out.returncode == 0, out.stdout
    got = outcomes(out)
    assert got["theorycheck::tiny.false"] == "XFAIL" and "the paper's Lemma 1 is wrong" in out.stdout
    # a verdict change is red: the file says tiny.true is refuted, it is verified
    (project / "theorycheck-expected.toml").write_text(
        '[expected]\n"tiny.true" = "refuted"\n"tiny.false" = "refuted"\n'
    )
    out = pytest_run(project, "--theorycheck", "-m", "theorycheck")
    assert out.returncode == 1
    assert outcomes(out)["theorycheck::tiny.true"] == "FAILED" and "verdict changed" in out.stdout


def test_unlisted_claim_is_expected_verified_and_path_is_configurable(project):
    (project / "exp.json").write_text('{"expected": {"tiny.false": "refuted"}}')
    out = pytest_run(project, "--theorycheck", "-m", "theorycheck", "--theorycheck-expected", "exp.json")
    got = outcomes(out)
    assert got["theorycheck::tiny.false"] == "XFAIL"
    assert (
        got["theorycheck::tiny.rate"] == "FAILED" and "verdict changed" in out.stdout
    )  # not listed: expected verified


def test_update_expected_writes_the_verdicts_seen(project):
    out = pytest_run(project, "--theorycheck", "-m", "theorycheck", "--theorycheck-update-expected")
    written = load_expected(project / "theorycheck-expected.toml")
    assert {k: v["verdict"] for k, v in written.items()} == {"tiny.false": "refuted", "tiny.rate": "inconclusive"}, (
        out.stdout
    )
    out = pytest_run(project, "--theorycheck", "-m", "theorycheck")
    assert out.returncode == 0, out.stdout


def test_junit_xml_has_a_testcase_per_claim(claims_run):
    project, _ = claims_run
    names = [case.get("name") for case in ET.parse(project / "junit.xml").iter("testcase")]
    assert names == ["tiny.true", "tiny.false", "tiny.rate"]


def test_bad_expectations_file_is_a_usage_error(project):
    (project / "theorycheck-expected.toml").write_text('[expected]\n"tiny.false" = "wrong"\n')
    out = pytest_run(project, "--theorycheck")
    assert out.returncode != 0 and "expected verdict must be one of" in (out.stdout + out.stderr)
    assert "Traceback" not in out.stdout + out.stderr


def test_binary_expectations_file_and_bad_timeout_are_usage_errors(project):
    """Referee AN: a binary expectations file gave a traceback; a timeout of −5 failed every claim as timed out."""
    (project / "theorycheck-expected.toml").write_bytes(b"\x00\xff\xfe")
    out = pytest_run(project, "--theorycheck")
    assert out.returncode != 0 and "not a UTF-8 text file" in (out.stdout + out.stderr)
    assert "Traceback" not in out.stdout + out.stderr
    (project / "theorycheck-expected.toml").unlink()
    for bad in ("-5", "0", "nan"):
        out = pytest_run(project, "--theorycheck", f"--theorycheck-timeout={bad}")
        assert out.returncode != 0 and "expected a finite number > 0" in (out.stdout + out.stderr)


def test_expected_toml_round_trip(tmp_path):
    data = {"a.b": {"verdict": "refuted", "reason": 'says "x" ≤ y'}, "c-d.e": {"verdict": "error", "reason": ""}}
    path = tmp_path / "e.toml"
    path.write_text(expected_toml(data))
    assert load_expected(path) == data


def test_shipped_expectations_name_registered_claims_only():
    """The shipped theorycheck-expected.toml lists registered claims with a verdict other than verified (referee AD:
    it had gone stale; regenerate it with the command in its header whenever a verdict changes)."""
    from theorycheck.registry import load

    shipped = load_expected(Path(__file__).resolve().parents[1] / "theorycheck-expected.toml")
    ids = set(load().ids)
    assert set(shipped) <= ids, sorted(set(shipped) - ids)
    assert all(entry["verdict"] in ("refuted", "inconclusive", "error") for entry in shipped.values())


def test_update_expected_into_a_folder_or_a_missing_folder_is_a_usage_error(project):
    """Referee AS: a bad --theorycheck-expected path with --theorycheck-update-expected ended in a traceback after the
    session (written even when collection had failed)."""
    (project / "afile").write_text("x")
    for bad in (str(project / "afile" / "x.toml"), str(project)):
        out = pytest_run(project, "--theorycheck", "--theorycheck-update-expected", f"--theorycheck-expected={bad}")
        text = out.stdout + out.stderr
        assert out.returncode != 0 and "Traceback" not in text, text
        assert "--theorycheck-expected" in text and "give a file in an existing folder" in text
    assert not (project / "theorycheck-expected.toml").exists()
