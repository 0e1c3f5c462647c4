"""theorycheck.memo: a simulation shared by several checks is computed once per audit, and only reused when
the same code computed it from the same arguments."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from theorycheck import memo

SIM = """
import os
import pickle

from theorycheck import memo


@memo.shared
def simulate(d, seed=0):
    with open(os.environ["COUNT_FILE"], "a") as fh:
        fh.write(f"{d},{seed}\\n")
    return {"d": d, "value": d * 10 + seed}
"""

CLAIMS = """
from theorycheck import Claim, verified

from .sim import simulate


def uses(d):
    return verified("numeric", "ran", value=simulate(d)["value"])


CLAIMS = [Claim(f"toy.c{k}", "uses the shared simulation", "T", "1 = 1", "", (lambda: uses(8))) for k in range(3)]
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch) -> Path:
    proofs = tmp_path / "paper" / "proofs_memo"
    proofs.mkdir(parents=True)
    (proofs / "__init__.py").write_text("")
    (proofs / "sim.py").write_text(SIM)
    (proofs / "claims.py").write_text(CLAIMS)
    monkeypatch.setenv("COUNT_FILE", str(tmp_path / "count.txt"))
    return proofs


def _count(folder: Path) -> list[str]:
    path = folder.parent.parent / "count.txt"
    return path.read_text().split() if path.exists() else []


def _store_for(folder: Path, tmp_path: Path):
    from theorycheck import cache, registry

    registry.load(folder)  # imports the folder's modules (under the registry's name for it)
    return cache.Cache(folder, tmp_path / "cache")


def _sim(folder: Path):
    from theorycheck import registry

    registry.load(folder)
    name = next(m for m in sys.modules if m.endswith(".sim") and m.startswith("_theorycheck_proofs_")
                and Path(sys.modules[m].__file__).parent == folder.resolve())
    return sys.modules[name].simulate


def test_inactive_is_an_ordinary_call(folder):
    simulate = _sim(folder)
    assert simulate(4) == simulate(4) == {"d": 4, "value": 40}
    assert _count(folder) == ["4,0", "4,0"]


def test_active_computes_once_per_arguments_and_a_code_change_misses(folder, tmp_path):
    simulate = _sim(folder)
    with memo.active(_store_for(folder, tmp_path)) as where:
        assert simulate(4) == simulate(4) == {"d": 4, "value": 40}
        assert simulate(4, seed=1)["value"] == 41
        assert simulate(5)["value"] == 50
        assert len(list(where.glob("*.pkl"))) == 3
    assert _count(folder) == ["4,0", "4,1", "5,0"]
    with memo.active(_store_for(folder, tmp_path)):  # a new audit, nothing changed: read from disk
        assert simulate(4)["value"] == 40
    assert len(_count(folder)) == 3
    (folder / "sim.py").write_text(SIM + "\n# an edit\n")  # the code that computed it changed: compute again
    with memo.active(_store_for(folder, tmp_path)):
        assert simulate(4)["value"] == 40
    assert _count(folder)[-1] == "4,0" and len(_count(folder)) == 4


def test_arguments_that_are_not_plain_values_bypass_the_memo(folder, tmp_path):
    simulate = _sim(folder)
    with memo.active(_store_for(folder, tmp_path)) as where:
        simulate(np.int64(3))
        simulate(np.int64(3))
        assert not list(where.glob("*.pkl")) if where.exists() else True
    assert _count(folder) == ["3,0", "3,0"]


def test_fresh_folder_ignores_earlier_results_and_is_removed(folder, tmp_path):
    simulate = _sim(folder)
    store = _store_for(folder, tmp_path)
    with memo.active(store):
        simulate(6)
    with memo.active(store, fresh=True) as where:
        simulate(6)
        simulate(6)  # shared within the run
        assert where.exists() and where != Path(store.directory) / "memo"
    assert not where.exists()
    assert _count(folder) == ["6,0", "6,0"]


def test_a_rerun_removes_the_folders_that_killed_reruns_of_this_host_left(folder, tmp_path):
    """A killed ``--rerun`` leaves its memo folder behind; the next one on the same host removes it, but keeps the
    folders of live processes and of other hosts (a cache folder shared between machines)."""
    store = _store_for(folder, tmp_path)
    parent = Path(store.directory)
    parent.mkdir(parents=True, exist_ok=True)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)  # that process has ended
    abandoned = parent / (memo._rerun_prefix(dead_pid) + "x1")
    live = parent / (memo._rerun_prefix(os.getppid()) + "x2")
    elsewhere = parent / f"memo-rerun-another-host-{dead_pid}-x3"
    for d in (abandoned, live, elsewhere):
        (d / "sub").mkdir(parents=True)
    with memo.active(store, fresh=True) as where:
        assert where.name.startswith(memo._rerun_prefix())
    assert not abandoned.exists()
    assert live.exists() and elsewhere.exists()
    # without the reaping (fresh=False), nothing of the kind is touched
    again = parent / (memo._rerun_prefix(dead_pid) + "x4")
    again.mkdir()
    with memo.active(store):
        pass
    assert again.exists()


def test_an_audit_runs_the_shared_simulation_once_for_three_claims(folder, tmp_path):
    """Three claims in forked processes call simulate(8): computed once; --rerun computes it once again."""
    env = {k: v for k, v in os.environ.items() if k not in ("THEORYCHECK_NO_CACHE",)}
    env["THEORYCHECK_CACHE_DIR"] = str(tmp_path / "cache")

    def check(*extra):
        out = subprocess.run([sys.executable, "-m", "theorycheck", "--proofs", str(folder), "check", "--jobs", "1",
                              "--format", "json", "--no-progress", *extra], capture_output=True, text=True,
                             env=env, timeout=120)
        assert out.returncode == 0, out.stderr
        return {c["id"]: c["evidence"]["value"] for c in json.loads(out.stdout)["claims"]}

    assert check() == {"toy.c0": 80, "toy.c1": 80, "toy.c2": 80}
    assert _count(folder) == ["8,0"]
    assert check("--rerun") == {"toy.c0": 80, "toy.c1": 80, "toy.c2": 80}
    assert _count(folder) == ["8,0", "8,0"]
    assert not list((tmp_path / "cache").glob("memo-rerun-*"))


def test_blas_threads_enter_the_keys_of_verdicts_and_shared_results(monkeypatch):
    """The BLAS thread count changes the last bits of LAPACK results: a verdict or a shared simulation computed
    with another count is not reused."""
    from theorycheck import cache

    seen = []
    for threads in ("1", "2"):
        monkeypatch.setenv("THEORYCHECK_BLAS_THREADS", threads)
        cache.versions.cache_clear()  # read once per process: the environment of a command does not change
        seen.append(dict(cache.versions()))
    cache.versions.cache_clear()
    assert [v["blas_threads"] for v in seen] == ["1", "2"] and seen[0] != seen[1]


EDITS_ITSELF = """
import os
import pickle

from theorycheck import Claim, memo, verified


@memo.shared
def simulate(d):
    with open(os.environ["COUNT_FILE"], "a") as fh:
        fh.write(f"{d}\\n")
    with open(__file__, "a") as fh:  # an edit of this module while the audit runs
        fh.write("# edited\\n")
    return d


def check():
    return verified("numeric", "ran", value=simulate(3))


CLAIMS = [Claim("edit.one", "its module is edited while it runs", "E", "1 = 1", "", check)]
"""


def test_nothing_is_stored_when_its_code_changes_while_it_runs(tmp_path, monkeypatch):
    """A verdict (and a shared result) computed while a file of its key was edited is not stored: the next
    audit runs it again instead of reading a result of one version of the code under the key of another."""
    folder = tmp_path / "paper" / "proofs_edit"
    folder.mkdir(parents=True)
    (folder / "edits.py").write_text(EDITS_ITSELF)
    count = tmp_path / "count.txt"
    env = {k: v for k, v in os.environ.items() if k != "THEORYCHECK_NO_CACHE"}
    env.update(THEORYCHECK_CACHE_DIR=str(tmp_path / "cache"), COUNT_FILE=str(count))

    def check():
        out = subprocess.run([sys.executable, "-m", "theorycheck", "--proofs", str(folder), "check", "--format",
                              "json", "--no-progress"], capture_output=True, text=True, env=env, timeout=120)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)["claims"][0]

    first, second = check(), check()
    assert first["verdict"] == second["verdict"] == "verified" and not second["cached"]
    assert count.read_text().split() == ["3", "3"]  # the shared simulation ran in both audits
    assert not list((tmp_path / "cache").glob("claims/**/*.json"))
    assert not list((tmp_path / "cache").glob("memo/*.pkl"))


def test_prune_removes_the_results_used_longest_ago_down_to_the_limit(tmp_path):
    """Oldest modification time first, until the rest fit; nothing used since ``keep_since`` is removed."""
    for k, age in enumerate((50, 40, 30, 20, 10)):  # f0 is the oldest
        path = tmp_path / f"f{k}.pkl"
        path.write_bytes(b"x" * 100)
        os.utime(path, (1_000_000 - age, 1_000_000 - age))
    (tmp_path / "other.txt").write_bytes(b"y" * 1000)  # not a result: never counted, never removed
    removed = memo.prune(tmp_path, 250)
    assert sorted(p.name for p in removed) == ["f0.pkl", "f1.pkl", "f2.pkl"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f3.pkl", "f4.pkl", "other.txt"]
    assert memo.prune(tmp_path, 250) == []  # within the limit: nothing to do
    # what this audit used is kept even when the folder stays over the limit
    assert memo.prune(tmp_path, 0, keep_since=1_000_000 - 15) == [tmp_path / "f3.pkl"]
    assert [p.name for p in tmp_path.glob("*.pkl")] == ["f4.pkl"]


def test_an_audit_ends_by_cutting_the_folder_and_keeps_what_it_read(folder, tmp_path, monkeypatch):
    """A result read in this audit gets a fresh time and survives; an unused older one goes once the folder is
    over :data:`memo.MAX_FOLDER_BYTES`; a removed result is computed again. The legacy data/ files go too."""
    simulate = _sim(folder)
    store = _store_for(folder, tmp_path)
    with memo.active(store) as where:
        simulate(1)
        simulate(2)
    files = {p.read_bytes(): p for p in where.glob("*.pkl")}
    one, two = (next(p for b, p in files.items() if b"value" in b and pickle.loads(b)["d"] == d) for d in (1, 2))
    for path in (one, two):
        os.utime(path, (1_000_000, 1_000_000))  # both written long ago
    legacy = Path(store.directory) / "data"
    legacy.mkdir()
    (legacy / "part3_measure_0123.json").write_text("{}")
    monkeypatch.setattr(memo, "MAX_FOLDER_BYTES", one.stat().st_size)  # room for one result
    with memo.active(store):
        assert simulate(2)["value"] == 20  # read from disk: its time is refreshed
    assert not one.exists() and two.exists() and two.stat().st_mtime > 1_000_000
    assert not legacy.exists()
    assert _count(folder) == ["1,0", "2,0"]
    with memo.active(store):
        assert simulate(1)["value"] == 10  # removed: computed again
    assert _count(folder) == ["1,0", "2,0", "1,0"]


def test_an_audit_keeps_every_result_it_used_even_over_the_limit(folder, tmp_path, monkeypatch):
    """The end-of-audit cut passes the audit's start as ``keep_since``: two results read in this audit stay although
    together they exceed the limit (referee O: without it, the LRU cut removed one of them)."""
    simulate = _sim(folder)
    store = _store_for(folder, tmp_path)
    with memo.active(store) as where:
        simulate(1)
        simulate(2)
    paths = list(where.glob("*.pkl"))
    for path in paths:
        os.utime(path, (1_000_000, 1_000_000))
    monkeypatch.setattr(memo, "MAX_FOLDER_BYTES", min(path.stat().st_size for path in paths))
    with memo.active(store):
        simulate(1)
        simulate(2)
    assert len(paths) == 2 and all(path.exists() for path in paths)
    assert _count(folder) == ["1,0", "2,0"]  # both read from disk, never computed again
