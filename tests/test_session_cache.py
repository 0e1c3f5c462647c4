"""The verdict cache where tests and notebooks share work (issue 14): theorycheck.notebook.ClaimWalk reads and
stores it, and the test session's `registered_verdict` fixture (tests/conftest.py) runs each registered check
at most once per session, while a perturbed check never goes through it."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest
from imported_on_use import installed

from theorycheck import cache as cache_mod
from theorycheck.claims import Claim, Verdict, verified
from theorycheck.notebook import ClaimWalk
from theorycheck.registry import Registry, load

# found, not imported (the process that only collects this file does not pay for IPython's import)
pytestmark = pytest.mark.skipif(not installed("IPython"),
                                reason="ClaimWalk displays through IPython (pip install -e .[test])")

CHEAP = "cert.complete-square"  # a registered claim whose check takes well under a second

CALLS: list[str] = []


def counted_check() -> Verdict:
    """A check that records each time it runs."""
    CALLS.append("ran")
    return verified("symbolic", "the toy identity holds", tolerance="0")


def counted_registry(toy_proofs: Path) -> Registry:
    claim = Claim("toy.counted", "A counted identity", "Toy §2", r"1 + 1 = 2", "none", counted_check)
    return Registry(paper="Toy paper", claims=(claim,), location=str(toy_proofs))


@pytest.fixture
def cache_on(tmp_path, monkeypatch) -> Path:
    """The verdict cache on, in a folder of this test's own (not the session's)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("THEORYCHECK_NO_CACHE", "0")
    monkeypatch.setenv("THEORYCHECK_CACHE_DIR", str(folder))
    CALLS.clear()
    return folder


def test_claimwalk_stores_then_reuses(cache_on, toy_proofs, capsys):
    first = ClaimWalk(registry=counted_registry(toy_proofs))
    v1 = first.check("toy.counted")
    assert CALLS == ["ran"]
    assert (cache_mod.claims_dir(cache_on, toy_proofs) / "toy.counted.json").is_file()
    out = capsys.readouterr().out
    assert "verdict: VERIFIED  (symbolic, " in out and "cached" not in out

    second = ClaimWalk(registry=counted_registry(toy_proofs))  # a second run of the notebook: a new kernel
    v2 = second.check("toy.counted")
    assert CALLS == ["ran"], "the second walk ran the check again instead of reading the cache"
    assert v2 == v1 and second.verdicts == {"toy.counted": v2}
    assert "verdict: VERIFIED  (cached; symbolic, checked in " in capsys.readouterr().out


def test_claimwalk_slow_shows_a_cached_verdict_without_counting_it(cache_on, toy_proofs, capsys):
    walk = ClaimWalk(registry=counted_registry(toy_proofs))
    assert walk.slow("toy.counted", 30) is None and CALLS == []
    assert "verdict: not run here" in capsys.readouterr().out
    walk.check("toy.counted")
    fresh = ClaimWalk(registry=counted_registry(toy_proofs))
    assert fresh.slow("toy.counted", 30) is None and fresh.verdicts == {} and CALLS == ["ran"]
    assert "verdict: VERIFIED  (cached from an earlier run" in capsys.readouterr().out


def test_claimwalk_without_the_cache_runs_every_time(cache_on, toy_proofs, monkeypatch):
    monkeypatch.setenv("THEORYCHECK_NO_CACHE", "1")
    for _ in range(2):
        ClaimWalk(registry=counted_registry(toy_proofs)).check("toy.counted")
    ClaimWalk(registry=counted_registry(toy_proofs), use_cache=False).check("toy.counted")
    assert CALLS == ["ran"] * 3 and not cache_on.exists()


def test_claimwalk_stale_entry_runs_again(cache_on, toy_proofs):
    ClaimWalk(registry=counted_registry(toy_proofs)).check("toy.counted")
    path = cache_mod.claims_dir(cache_on, toy_proofs) / "toy.counted.json"
    data = json.loads(path.read_text())
    data["key"] = "0" * 64  # as if a source it depends on had changed since
    path.write_text(json.dumps(data))
    ClaimWalk(registry=counted_registry(toy_proofs)).check("toy.counted")
    assert CALLS == ["ran", "ran"]


# ----------------------------------------------------------------------------- the test session's shared cache


def test_the_session_folder_is_the_controllers(session_cache_dir, pytestconfig):
    """One folder for the whole session, created by the xdist controller (or the only process), which
    every worker sees; the rest of the suite keeps the cache off and does not see the folder."""
    marker = json.loads((session_cache_dir / "session.json").read_text())
    workerinput = getattr(pytestconfig, "workerinput", None)
    if workerinput is None:
        assert marker["pid"] == os.getpid()
    else:
        assert workerinput["theorycheck_session_cache"] == str(session_cache_dir)
        assert marker["pid"] == os.getppid() != os.getpid()  # xdist's workers are the controller's children
    assert not cache_mod.enabled()
    assert os.environ.get("THEORYCHECK_CACHE_DIR") != str(session_cache_dir)


def test_registered_verdict_is_the_direct_runs(registered_verdict, session_cache_dir, why_not_fresh):
    registry = load()
    claim = registry.get(CHEAP)
    via_helper = registered_verdict(CHEAP)
    direct = claim.check()
    assert via_helper.to_dict() == json.loads(json.dumps(direct.to_dict()))
    assert registered_verdict(claim) == via_helper  # by the Claim object too: a hit now
    store = cache_mod.Cache(registry.location, directory=session_cache_dir)  # as another process sees it
    assert why_not_fresh(store, claim) is None
    assert store.lookup(claim) is None or store.lookup(claim).verdict == via_helper


def test_a_perturbed_check_never_goes_through_the_session_cache(registered_verdict, session_cache_dir):
    registered = load().get(CHEAP)
    registered_verdict(CHEAP)  # the registered claim's entry is in the cache
    ran: list[str] = []

    def perturbed_check() -> Verdict:
        ran.append("perturbed")
        return verified("symbolic", "a perturbed statement", tolerance="0")

    perturbed = dataclasses.replace(registered, check=perturbed_check)
    assert perturbed == registered  # Claim equality ignores the check: only identity tells them apart
    with pytest.raises(ValueError, match="not the registered claim"):
        registered_verdict(perturbed)
    stored = json.loads((cache_mod.claims_dir(session_cache_dir, load().location) / f"{CHEAP}.json").read_text())
    assert ran == [] and "perturbed" not in stored["verdict"]["detail"]
    with pytest.raises(Exception, match="unknown|no claim|not found|toy.nothing"):
        registered_verdict("toy.nothing")


def test_registered_verdict_by_call_matches_only_the_registered_call(registered_verdict):
    """``registered_verdict(m.check_x, *args)`` is the registered claim's verdict for exactly its check call;
    a call with other arguments (a perturbed statement) is refused, so it can only be run directly."""
    from theorycheck_proofs import part1_setting as m

    claim = load().get("part1.assumption2-consistent")
    assert claim.check.func is m.check_regime_consistent  # the registered check is a partial of this function
    assert registered_verdict(m.check_regime_consistent, *claim.check.args) == registered_verdict(claim.id)
    perturbed = claim.check.args[0].perturb(rhs=claim.check.args[0].rhs + 1)
    with pytest.raises(ValueError, match="no registered claim's check is this call"):
        registered_verdict(m.check_regime_consistent, perturbed)
    with pytest.raises(ValueError, match="no registered claim's check is this call"):
        registered_verdict(m.check_regime_consistent)
    with pytest.raises(TypeError, match="no further arguments"):
        registered_verdict(claim.id, perturbed)


def test_registered_verdict_runs_at_a_new_interpreters_precision_and_skips_the_cache_after_an_edit(
        registered_verdict, monkeypatch):
    """A check whose evidence depends on the ambient precision (part1.privacy-factor's does) gives, through
    the fixture, what the audit's forked process gives at mpmath's 15 digits and flint's 53 bits, whatever the
    test around it set; and once a source file changed since the process started, the cache is bypassed."""
    import conftest
    import flint
    import mpmath

    claim = load().get("part1.privacy-factor")
    with mpmath.workdps(15), flint.ctx.workprec(53):
        expected = Verdict.from_dict(json.loads(json.dumps(claim.check().to_dict())))
    with mpmath.workdps(8), flint.ctx.workprec(30):
        assert claim.check().evidence != expected.evidence  # the ambient precision shows in the evidence
    monkeypatch.setattr(conftest, "sources_edited_since_start", lambda: ["proofs/edited.py"])
    stored: list[str] = []
    monkeypatch.setattr(cache_mod.Cache, "store", lambda self, c, *a, **k: stored.append(c.id))
    monkeypatch.setattr(cache_mod.Cache, "lookup", lambda self, c: pytest.fail("read the cache after an edit"))
    with mpmath.workdps(8), flint.ctx.workprec(30):
        got = registered_verdict(claim.id)
    assert got.evidence == expected.evidence and stored == []


def test_claimwalk_runs_a_check_at_a_new_interpreters_precision(cache_on, toy_proofs):
    import flint
    import mpmath

    def seen() -> Verdict:
        return verified("numeric", "reports its working precision", dps=mpmath.mp.dps, flint_prec=flint.ctx.prec)

    registry = Registry(paper="Toy paper", claims=(Claim("toy.prec", "P", "Toy §3", "1 = 1", "none", seen),),
                        location=str(toy_proofs))
    with mpmath.workdps(50), flint.ctx.workprec(200):
        verdict = ClaimWalk(registry=registry, use_cache=False).check("toy.prec")
    assert verdict.evidence == {"dps": 15, "flint_prec": 53}


def test_the_session_starts_from_the_audits_fresh_verdicts_only(tmp_path, monkeypatch):
    """The controller copies the audit's verdict cache into the session's folder (issue 14: the suite does not pay
    again for checks `theorycheck check` ran on this very code), and the copy is only read through the cache's
    key: an entry stored under another key (other code, other versions) is never a hit. Off with
    THEORYCHECK_TEST_REUSE_AUDIT=0, as it is for a clean checkout, which has no audit cache."""
    import conftest

    monkeypatch.delenv(conftest.REUSE_AUDIT_VAR, raising=False)  # on, whatever the session was started with
    registry = load()
    claim, other = registry.get(CHEAP), registry.get("cert.sup-bound")
    audit = tmp_path / "audit"
    monkeypatch.setenv("THEORYCHECK_CACHE_DIR", str(audit))  # where default_dir finds "the audit's" cache
    store = cache_mod.Cache(registry.location)
    assert store.directory == audit
    marked = Verdict("inconclusive", "symbolic", "stored by the audit, not run by this test")
    assert store.store(claim, marked, 0.0) and store.store(other, marked, 0.0)
    stale = json.loads(store.path(other.id).read_text())
    stale["key"] = "0" * 64  # as if stored by other code: the same file, another key
    store.path(other.id).write_text(json.dumps(stale))

    session = tmp_path / "session"
    session.mkdir()
    conftest._seed_from_the_audit_cache(session)
    seeded = cache_mod.Cache(registry.location, directory=session)
    assert seeded.lookup(claim).verdict.detail == marked.detail  # reused, not run
    assert seeded.path(other.id).is_file() and seeded.lookup(other) is None  # copied, but stale: it runs

    monkeypatch.setenv(conftest.REUSE_AUDIT_VAR, "0")
    off = tmp_path / "off"
    off.mkdir()
    conftest._seed_from_the_audit_cache(off)
    assert not (off / "claims").exists()
