"""The verdict cache: reused only when nothing it depends on changed; `check --rerun/--changed`;
`show`, `latex` and `report` read it; the summary reports wall and CPU time.

Each test works on its own copy of a small proofs folder and its own cache folder, in subprocesses
(editing a module and re-importing it in one process would test Python's module cache, not ours).
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap
from pathlib import Path

import pytest
from forked_cli import run_cli

from theorycheck.cache import claims_dir

HELPER = """
import mpmath


def square(coefficient):
    with mpmath.workdps(30):
        x = mpmath.mpf(3)
        return (x + 1) ** 2 - (x**2 + coefficient * x + 1)
"""

ALPHA = """
import functools

from theorycheck import Claim, refuted, verified

from .helper import square


def check(coefficient):
    gap = square(coefficient)
    if gap != 0:
        return refuted("numeric", f"gap {gap}", witness={"x": 3, "gap": gap})
    return verified("numeric", "exact at x = 3", x=3)


CLAIMS = [
    Claim("alpha.true", "true", "A §1", "(x+1)^2 = x^2+2x+1", "x real", functools.partial(check, 2)),
    Claim("alpha.false", "false", "A §1", "(x+1)^2 = x^2+3x+1", "x real", functools.partial(check, 3)),
    Claim("alpha.uses", "uses the false one", "A §2", "x = x", "none", functools.partial(check, 2),
          depends_on=("alpha.false",)),
]
"""

BETA = """
from theorycheck import Claim, verified


def check():
    # keys out of alphabetical order: a cached verdict must read back in the order the fresh one had
    return verified("numeric", "one equals one", value=1, zeta=2, alpha=3,
                    regime={"region": "R", "holds_on": "all", "conditions": [], "readings": {"z reading": "all",
                                                                                              "a reading": "all"}})


def crash():
    raise RuntimeError("boom")


CLAIMS = [
    Claim("beta.one", "one", "B §1", "1 = 1", "none", check),
    Claim("beta.crash", "raises", "B §2", "1 = 1", "none", crash),
]
"""

DYNAMIC = """
import importlib

from theorycheck import Claim, verified


def check():
    importlib.import_module(__package__ + ".beta")
    return verified("numeric", "loaded", value=1)


CLAIMS = [Claim("gamma.dynamic", "dynamic import", "C §1", "1 = 1", "none", check)]
"""


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    """A proofs folder: alpha (imports helper), beta (independent), and its cache folder."""
    folder = tmp_path / "paper" / "proofs"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text('PAPER = "Cache paper"\n')
    (folder / "helper.py").write_text(HELPER)
    (folder / "alpha.py").write_text(ALPHA)
    (folder / "beta.py").write_text(BETA)
    return folder


def tc(
    folder: Path, *args: str, cache: Path | None = None, env_extra: dict | None = None
) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("THEORYCHECK_NO_CACHE", "THEORYCHECK_CACHE_DIR")}
    if cache is not None:
        env["THEORYCHECK_CACHE_DIR"] = str(cache)
    env.update(env_extra or {})
    return run_cli("--proofs", str(folder), *args, env=env, timeout=120)  # forked: tests/forked_cli.py


def claims_json(folder: Path, *args: str, cache: Path | None = None, **kw) -> dict[str, dict]:
    out = tc(folder, "check", "--format", "json", "--no-progress", *args, cache=cache, **kw)
    assert out.returncode in (0, 1), out.stderr
    return {c["id"]: c for c in json.loads(out.stdout)["claims"]}


def append_comment(path: Path) -> None:
    path.write_text(path.read_text() + "\n# an edit that changes the source\n")


def test_second_run_reads_the_cache_and_errors_are_never_cached(paper, tmp_path):
    cache = tmp_path / "cache"
    first = claims_json(paper, cache=cache)
    assert not any(c["cached"] for c in first.values())
    assert first["alpha.false"]["verdict"] == "refuted" and first["beta.crash"]["verdict"] == "error"
    second = claims_json(paper, cache=cache)
    assert {cid for cid, c in second.items() if c["cached"]} == {"alpha.true", "alpha.false", "alpha.uses", "beta.one"}
    assert not second["beta.crash"]["cached"]  # a crash or a timeout runs again
    for cid in first:  # the same verdict, evidence and taint
        for field in ("verdict", "method", "detail", "evidence", "corrected", "rests_on_refuted"):
            assert first[cid][field] == second[cid][field], (cid, field)
    assert second["alpha.uses"]["rests_on_refuted"] == ["alpha.false"]  # taint from a cached verdict
    # the record from the cache is the fresh one, in the same order (the cache had stored sorted keys)
    for field in ("evidence", "regime"):
        assert json.dumps(first["beta.one"][field]) == json.dumps(second["beta.one"][field]), field
    assert sorted(p.name for p in claims_dir(cache, paper).glob("*.json")) == [
        "alpha.false.json",
        "alpha.true.json",
        "alpha.uses.json",
        "beta.one.json",
    ]


FORMULA = """
import sympy as sp

from theorycheck.statement import Statement

x = sp.Symbol("x", positive=True)
SQUARE = Statement((x + 1) ** 2, "=", x**2 + 2 * x + 1)
"""

DELTA = """
from theorycheck import Claim, verified

from .formula import SQUARE


def check():
    return verified("numeric", "checked", value=1)


CLAIMS = [Claim("delta.square", "square", "D §1", SQUARE, "x > 0", check)]
"""


def test_two_proofs_folders_sharing_a_cache_keep_their_own_entries(paper, tmp_path):
    """Referee BQ, F13: one file per claim id had made two proofs folders with the same ids evict each other in a
    shared $THEORYCHECK_CACHE_DIR; each folder now has its own subfolder of claims/."""
    import shutil

    cache = tmp_path / "cache"
    other = tmp_path / "copy" / "proofs"
    shutil.copytree(paper, other)
    append_comment(other / "beta.py")  # the copy's beta differs: its key does too
    claims_json(paper, cache=cache)
    claims_json(other, cache=cache)
    again = claims_json(paper, cache=cache)
    assert again["beta.one"]["cached"] and again["alpha.true"]["cached"]
    assert claims_dir(cache, paper) != claims_dir(cache, other)
    assert {p.name for p in claims_dir(cache, other).glob("*.json")} == {p.name for p in
                                                                        claims_dir(cache, paper).glob("*.json")}


def test_clear_removes_this_folders_entries_and_the_old_flat_layout(paper, tmp_path):
    """Cache.clear() removes this proofs folder's entries and the flat claims/*.json of the layout before
    claims_dir (referee CA, CA6), not another folder's."""
    from theorycheck.cache import Cache

    cache = tmp_path / "cache"
    claims_json(paper, cache=cache)
    legacy = cache / "claims" / "alpha.true.json"
    legacy.write_text("{}")
    other = claims_dir(cache, tmp_path / "elsewhere" / "proofs")
    other.mkdir(parents=True)
    (other / "alpha.true.json").write_text("{}")
    removed = Cache(paper, directory=cache).clear()
    assert removed == 5 and not legacy.exists() and not list(claims_dir(cache, paper).glob("*.json"))
    assert (other / "alpha.true.json").exists()


def test_a_statements_latex_is_kept_with_its_verdict_and_printed_again_when_its_source_changes(paper, tmp_path):
    cache = tmp_path / "cache"
    (paper / "formula.py").write_text(FORMULA)
    (paper / "delta.py").write_text(DELTA)
    first = claims_json(paper, cache=cache)["delta.square"]
    assert first["statement_source"] == "sympy" and "x^{2}" in first["statement"]
    stored = json.loads((claims_dir(cache, paper) / "delta.square.json").read_text())
    assert stored["statement"] == first["statement"]
    # the warm run shows the kept text rather than printing it: mark the kept text to see which one it shows
    stored["statement"] = "KEPT"
    (claims_dir(cache, paper) / "delta.square.json").write_text(json.dumps(stored))
    warm = claims_json(paper, cache=cache)["delta.square"]
    assert warm["cached"] and warm["statement"] == "KEPT"
    # the formula's module is part of the key: an edited formula is printed (and checked) again
    (paper / "formula.py").write_text(FORMULA.replace("x**2 + 2 * x + 1", "x**3 + 2 * x + 1"))
    edited = claims_json(paper, cache=cache)["delta.square"]
    assert not edited["cached"] and "x^{3}" in edited["statement"] and edited["statement"] != "KEPT"


def test_editing_a_module_reruns_only_the_claims_that_can_reach_it(paper, tmp_path):
    cache = tmp_path / "cache"
    claims_json(paper, cache=cache)
    append_comment(paper / "beta.py")
    after = claims_json(paper, cache=cache)
    assert {cid for cid, c in after.items() if not c["cached"]} == {"beta.one", "beta.crash"}
    append_comment(paper / "helper.py")  # imported by alpha only
    after = claims_json(paper, cache=cache)
    assert {cid for cid, c in after.items() if not c["cached"]} == {
        "alpha.true",
        "alpha.false",
        "alpha.uses",
        "beta.crash",
    }
    append_comment(paper / "__init__.py")  # the package runs for every module
    after = claims_json(paper, cache=cache)
    assert not any(c["cached"] for c in after.values())


def test_a_changed_check_parameter_is_a_different_key(paper, tmp_path):
    cache = tmp_path / "cache"
    claims_json(paper, cache=cache)
    text = (paper / "alpha.py").read_text().replace("functools.partial(check, 3)", "functools.partial(check, 2)")
    (paper / "alpha.py").write_text(text)
    after = claims_json(paper, cache=cache)
    assert not after["alpha.false"]["cached"] and after["alpha.false"]["verdict"] == "verified"


def test_dynamic_imports_make_a_claim_depend_on_the_whole_folder(paper, tmp_path):
    cache = tmp_path / "cache"
    (paper / "gamma.py").write_text(DYNAMIC)
    claims_json(paper, cache=cache)
    append_comment(paper / "helper.py")  # gamma never names helper, but may load anything
    after = claims_json(paper, cache=cache)
    assert not after["gamma.dynamic"]["cached"] and after["beta.one"]["cached"]


def test_rerun_ignores_the_cache_and_changed_lists_only_stale_claims(paper, tmp_path):
    cache = tmp_path / "cache"
    claims_json(paper, cache=cache)
    rerun = claims_json(paper, "--rerun", cache=cache)
    assert not any(c["cached"] for c in rerun.values())
    append_comment(paper / "beta.py")
    changed = claims_json(paper, "--changed", cache=cache)
    assert sorted(changed) == ["beta.crash", "beta.one"]
    out = tc(paper, "check", "alpha.", "--changed", "--no-progress", cache=cache)
    assert out.returncode == 0 and "nothing changed: all 3 selected claims are fresh" in out.stderr
    # an earlier full report in -o is kept, not replaced by an empty one (referee AS)
    kept = tmp_path / "full.json"
    kept.write_text("EARLIER FULL REPORT\n")
    out = tc(paper, "check", "alpha.", "--changed", "--no-progress", "--format", "json", "-o", str(kept), cache=cache)
    assert out.returncode == 0 and "left as it was" in out.stderr and kept.read_text() == "EARLIER FULL REPORT\n"


def test_table_marks_cached_rows_and_summary_has_wall_and_cpu_time(paper, tmp_path):
    cache = tmp_path / "cache"
    cold = tc(paper, "check", "--no-progress", cache=cache)
    assert "wall " in cold.stdout and "CPU " in cold.stdout and "cached" not in cold.stdout
    warm = tc(paper, "check", "--no-progress", cache=cache)
    assert "cached" in warm.stdout and "4 cached" in warm.stdout
    progress = tc(paper, "check", cache=cache)
    assert progress.stderr.splitlines()[0] == "theorycheck: running 1 check (2 at a time), 4 fresh in the cache"


def test_show_names_a_refuted_premise_from_the_cache(paper, tmp_path):
    """``show ID`` runs one claim; the verdicts of its premises come from the cache, so a verdict resting on a
    refuted premise says so — and says nothing when the premise's verdict is not known."""
    cache = tmp_path / "cache"
    alone = tc(paper, "show", "alpha.uses", cache=cache)
    assert alone.returncode == 0 and "verified" in alone.stdout and "Rests on refuted" not in alone.stdout
    assert "Premises not in the cache: 1 (alpha.false): their verdicts are unknown here" in (
        " ".join(alone.stdout.split())), alone.stdout
    assert json.loads(tc(paper, "show", "alpha.uses", "--json", cache=cache).stdout)["premises_not_in_cache"] == [
        "alpha.false"]
    assert tc(paper, "check", "alpha.false", "--no-progress", cache=cache).returncode == 0
    shown = tc(paper, "show", "alpha.uses", cache=cache)
    assert "Rests on refuted: alpha.false (root failure) (the verdict is the step's own, given these premises" in (
        " ".join(shown.stdout.split())), shown.stdout
    assert "Premises not in the cache" not in shown.stdout
    raw = json.loads(tc(paper, "show", "alpha.uses", "--json", cache=cache).stdout)
    assert raw["rests_on_refuted"] == ["alpha.false"] and raw["premises_not_in_cache"] == []


def test_check_of_a_selection_names_premises_neither_run_nor_cached(paper, tmp_path):
    """Referee EA, EA-4: ``check ID`` on a cold cache showed a claim resting on a refuted premise (not run, not
    cached) as clean, saying nothing; now the table, Markdown and JSON name the premises whose verdicts are unknown.
    With the premise in the cache the note is gone and the taint is there (the perturbation)."""
    cache = tmp_path / "cache"
    cold = tc(paper, "check", "alpha.uses", "--no-progress", cache=cache)
    said = " ".join(cold.stdout.split())
    assert cold.returncode == 0 and "1 premise of the selected claims neither run nor fresh in the cache " \
        "(alpha.false): their verdicts are unknown" in said, cold.stdout
    assert "the readings the verified claims hold under ([under a reading]) may be incomplete" in said  # EI-10
    md = tc(paper, "check", "alpha.uses", "--no-progress", "--format", "markdown", cache=cache).stdout
    assert "neither run nor fresh in the cache (alpha.false)" in md
    raw = json.loads(tc(paper, "check", "alpha.uses", "--no-progress", "--format", "json", cache=cache).stdout)
    assert raw["premises_not_in_cache"] == ["alpha.false"]
    assert raw["claims"][0]["premises_not_in_cache"] == ["alpha.false"] and raw["claims"][0]["rests_on_refuted"] == []
    assert tc(paper, "check", "alpha.false", "--no-progress", cache=cache).returncode == 0
    warm = tc(paper, "check", "alpha.uses", "--no-progress", "--format", "json", cache=cache)
    raw = json.loads(warm.stdout)
    assert "premises_not_in_cache" not in raw and raw["claims"][0]["rests_on_refuted"] == ["alpha.false"]
    assert "neither run nor fresh" not in tc(paper, "check", "alpha.uses", "--no-progress", cache=cache).stdout
    # referee EF, EF-10: with the cache off the premises are not read from it, and the note says so (not "run the
    # whole audit", which would not help a later selection)
    off = " ".join(tc(paper, "check", "alpha.uses", "--no-progress", cache=cache,
                      env_extra={"THEORYCHECK_NO_CACHE": "1"}).stdout.split())
    assert "not run (alpha.false): the cache is off" in off and "select the premises too" in off
    assert "neither run nor fresh" not in off


ROUTE = """
from theorycheck import Claim, verified


def check():
    return verified("numeric", "by a route of its own", decided_without_premises="its own route",
                    route_premises=["alpha.false"])


CLAIMS = [Claim("route.own", "decided without its premise", "R §1", "x = x", "none", check,
                depends_on=("alpha.true",))]
"""


def test_selection_walks_a_routes_own_premises(paper, tmp_path):
    """Referee ED, ED-8: for a claim decided without its paper premises the premises that matter are its route's:
    the note named the paper's (which it does not rest on) and never loaded the route's cached verdicts. Now the note
    names the route's premise, and once that is cached the claim shows it rests on it (the perturbation: before it
    was cached, the taint is empty)."""
    (paper / "route.py").write_text(ROUTE)
    cache = tmp_path / "cache"
    raw = json.loads(tc(paper, "check", "route.own", "--no-progress", "--format", "json", cache=cache).stdout)
    assert raw["premises_not_in_cache"] == ["alpha.false"] and raw["claims"][0]["rests_on_refuted"] == []
    assert tc(paper, "check", "alpha.true", "alpha.false", "--no-progress", cache=cache).returncode == 0
    raw = json.loads(tc(paper, "check", "route.own", "--no-progress", "--format", "json", cache=cache).stdout)
    assert "premises_not_in_cache" not in raw and raw["claims"][0]["rests_on_refuted"] == ["alpha.false"]
    shown = json.loads(tc(paper, "show", "route.own", "--json", cache=cache).stdout)
    assert shown["rests_on_refuted"] == ["alpha.false"] and shown["premises_not_in_cache"] == []


def test_show_latex_and_report_read_the_cache(paper, tmp_path):
    cache = tmp_path / "cache"
    claims_json(paper, cache=cache)
    shown = tc(paper, "show", "alpha.false", cache=cache)
    assert shown.returncode == 0 and "from the cache" in shown.stdout and "refuted" in shown.stdout
    shown = tc(paper, "show", "alpha.false", "--rerun", cache=cache)
    assert "from the cache" not in shown.stdout
    out = tc(paper, "report", "alpha.", "--no-paper", "--no-progress", "--output", str(tmp_path / "rep"), cache=cache)
    assert out.returncode == 0, out.stderr
    assert "3 of 3 verdicts from the cache" in out.stderr
    data = json.loads((tmp_path / "rep" / "report.json").read_text())
    assert {c["id"]: c["verdict"] for c in data["claims"]} == {
        "alpha.true": "verified",
        "alpha.false": "refuted",
        "alpha.uses": "verified",
    }
    tex = tmp_path / "a.tex"
    out = tc(paper, "latex", "alpha.", "--no-progress", "--output", str(tex), cache=cache)
    assert out.returncode == 0 and "refuted" in tex.read_text()


def test_no_cache_environment_variable_turns_it_off(paper, tmp_path):
    cache = tmp_path / "cache"
    claims_json(paper, cache=cache, env_extra={"THEORYCHECK_NO_CACHE": "1"})
    assert not (cache / "claims").exists()


def test_default_place_is_beside_the_proofs_folder_and_git_ignores_it(paper):
    out = claims_json(paper)
    assert not any(c["cached"] for c in out.values())
    where = paper.parent / ".theorycheck"
    assert (claims_dir(where, paper) / "beta.one.json").is_file()
    assert (where / ".gitignore").read_text().strip().endswith("*")
    assert claims_json(paper)["beta.one"]["cached"]


def test_key_covers_versions_library_and_modules(paper, monkeypatch):
    """In-process: the key's parts, and why_stale names what changed."""
    from theorycheck import cache as C
    from theorycheck.registry import load

    registry = load(paper)
    store = C.Cache(registry.location, paper.parent / "c")
    claim = registry.get("alpha.true")
    parts = store.parts(claim)
    assert set(parts["modules"]) == {"__init__.py", "alpha.py", "helper.py"}
    assert {"claims.py", "runner.py", "__init__.py"} <= set(parts["library"])
    assert "html_report.py" not in parts["library"]  # rendering code cannot change a verdict
    assert parts["versions"]["numpy"] and parts["versions"]["mpmath"] and parts["versions"]["python"]
    assert "partial(args=(2,)" in parts["check"]
    assert store.why_stale(claim) == "not in the cache"
    verdict = claim.check()
    assert store.store(claim, verdict, 0.1) and store.lookup(claim).verdict == verdict
    fresh = C.Cache(registry.location, paper.parent / "c")
    monkeypatch.setattr(C, "versions", lambda: {**parts["versions"], "numpy": "0.0"})
    assert fresh.lookup(claim) is None and fresh.why_stale(claim) == "versions changed: numpy"


def test_describe_check_drops_memory_addresses():
    import functools

    from theorycheck.cache import describe_check

    f = functools.partial(print, object())
    text = describe_check(f)
    assert "0x" not in text and text.startswith("builtins.print")


def test_import_analysis_resolves_relative_and_absolute_forms(tmp_path):
    from theorycheck.cache import SourceTree, closure

    root = tmp_path / "pkgx"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "a.py").write_text("from . import b\nfrom .sub.c import f\n")
    (root / "b.py").write_text("def g():\n    import pkgx.d\n")
    (root / "sub" / "__init__.py").write_text("")
    (root / "sub" / "c.py").write_text("from ..e import h\n")
    for name in ("d", "e", "unused"):
        (root / f"{name}.py").write_text("x = 1\n")
    tree = SourceTree(root, ("pkgx",))
    tree.trees = [tree]
    [mods] = closure([tree], [(0, "a")])
    assert set(mods) == {"__init__.py", "a.py", "b.py", "d.py", "e.py", "sub/__init__.py", "sub/c.py"}
    (root / "unused.py").write_text(
        textwrap.dedent("""
        import importlib
        def load(name):
            return importlib.import_module(name)
    """)
    )
    tree = SourceTree(root, ("pkgx",))
    tree.trees = [tree]
    assert closure([tree], [(0, "unused")]) == [None]


def test_import_analysis_is_remembered_by_digest_and_redone_for_an_edited_module(paper, tmp_path):
    cache = tmp_path / "cache"
    claims_json(paper, cache=cache)
    assert json.loads((cache / "imports.json").read_text())["modules"]  # a warm run parses nothing
    # helper now imports beta: alpha's claims must depend on beta from here on
    (paper / "helper.py").write_text(HELPER + "\nfrom . import beta  # noqa\n")
    claims_json(paper, cache=cache)
    append_comment(paper / "beta.py")
    after = claims_json(paper, cache=cache)
    assert not after["alpha.true"]["cached"] and not after["beta.one"]["cached"]


READINGS = """
from theorycheck import Claim, verified


def literal():
    region = {"region": "r", "holds_on": "all", "conditions": [],
              "readings": {"the reading taken": "all", "the literal reading": "none: it fails read literally"}}
    return verified("numeric", "holds under the reading taken", regime=region, x=1)


def plain():
    return verified("numeric", "one equals one", value=1)


CLAIMS = [
    Claim("read.literal", "a reading", "R §1", "x = x", "none", literal),
    Claim("read.uses", "uses it", "R §2", "x = x", "none", plain, depends_on=("read.literal",)),
    Claim("read.alone", "alone", "R §3", "x = x", "none", plain),
]
"""


def test_reading_qualified_verdicts_in_show_json_and_the_cached_summary(tmp_path):
    """Referee AX F12: ``show`` names the claims a verified verdict holds only under a reading of, and lists the
    readings; ``check`` counts them from run and from cached verdicts alike; the JSON names them."""
    folder = tmp_path / "readings"
    folder.mkdir()
    (folder / "__init__.py").write_text('PAPER = "Readings paper"\n')
    (folder / "read.py").write_text(READINGS)
    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if k != "THEORYCHECK_NO_CACHE"} | {"THEORYCHECK_CACHE_DIR": str(cache)}
    for attempt in ("ran", "cached"):
        out = run_cli("--proofs", str(folder), "check", "--no-progress", "--format", "json", env=env)
        assert out.returncode == 0, out.stderr
        rows = {c["id"]: c for c in json.loads(out.stdout)["claims"]}
        assert all(c["cached"] == (attempt == "cached") for c in rows.values())
        assert rows["read.uses"]["under_reading"] == ["read.literal"] and rows["read.alone"]["under_reading"] == []
        table = run_cli("--proofs", str(folder), "check", "--no-progress", env=env)
        assert "2 of the verified hold only under a reading" in " ".join(table.stdout.split()), table.stdout
    shown = run_cli("--proofs", str(folder), "show", "read.uses", env=env)
    assert "Holds only under a reading of: read.literal" in shown.stdout, shown.stdout
    literal = " ".join(run_cli("--proofs", str(folder), "show", "read.literal", env=env).stdout.split())
    assert "the reading taken: all" in literal and "the literal reading: none: it fails read literally" in literal
    assert "Regime: holds on the whole region (r) — under a reading" in literal, literal
    # its own readings are named as such, not as if the claim were its own premise (referee BE)
    assert "Holds only under a reading of: its own readings" in literal and "of: read.literal" not in literal
    assert "Holds only under" not in run_cli("--proofs", str(folder), "show", "read.alone", env=env).stdout
    # the report (from the cache): the Markdown section and the HTML rows and panels
    report = run_cli("--proofs", str(folder), "report", "--no-paper", "--no-progress", "-o", str(tmp_path / "rep"),
                     env=env, timeout=300)
    assert report.returncode == 0, report.stderr
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "## Verdicts that hold only under a reading" in md and "carries `read.uses`" in md, md
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "under a reading of: read.literal" in page and "the literal reading: none: it fails" in page
    assert json.loads((tmp_path / "rep" / "report.json").read_text())["verified_under_a_reading"] == 2
