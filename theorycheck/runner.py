"""Run checks: each in its own forked process, under a timeout, several at once.

A check that raises, dies or runs out of time becomes an ``error`` verdict with
the reason; the other checks go on. Results come back over a pipe as plain JSON
data, so a check cannot corrupt the parent's state.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import multiprocessing
import multiprocessing.connection
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any, cast

from .claims import Claim, Verdict
from .numerics import interpreter_precision
from .registry import Registry

DEFAULT_TIMEOUT = 300.0

#: Modules many checks import when they run, but loading the claims does not (so that commands which only
#: read claims start fast): imported once in the parent before the first fork, every forked check inherits
#: them — when the claims loaded SymPy (they use the math stack; a folder of plain checks is not slowed down).
PRELOAD = ("scipy.optimize", "scipy.stats", "scipy.linalg", "scipy.special", "sympy.physics.units")


@dataclasses.dataclass(frozen=True)
class ClaimResult:
    """A claim's verdict, how long it took, and the refuted claims it rests on."""

    claim: Claim
    verdict: Verdict
    seconds: float
    rests_on_refuted: tuple[str, ...] = ()
    #: True when the verdict was read from the cache (see :mod:`theorycheck.cache`), not run now.
    cached: bool = False
    #: The refuted claims among ``rests_on_refuted`` that rest on no refuted claim themselves
    #: (see :func:`root_failures`): the failures to look at first.
    root_failures: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The claim's entry in the JSON report (see README, "JSON report")."""
        return {
            "id": self.claim.id,
            "title": self.claim.title,
            "source": self.claim.source,
            "verdict": self.verdict.verdict,
            "method": self.verdict.method,
            "detail": self.verdict.detail,
            "evidence": self.verdict.evidence,
            "corrected": self.verdict.corrected,
            "depends_on": list(self.claim.depends_on),
            "seconds": round(self.seconds, 3),
            "cached": self.cached,
            "rests_on_refuted": list(self.rests_on_refuted),
            "root_failures": list(self.root_failures),
            "displays": [list(d) for d in self.claim.displays],
            "relations": [list(r) for r in self.claim.relations],
            "statement": self.claim.statement,
            "statement_source": self.claim.statement_source,
            "regime": self.verdict.regime,
        }


def run_inline(claim: Claim) -> Verdict:
    """Run one check in this process, turning an exception into an ``error`` verdict."""
    try:
        with interpreter_precision():  # what the caller set (a notebook's mp.dps = 50) does not reach the check
            verdict = claim.check()
        if not isinstance(verdict, Verdict):
            raise TypeError(f"check returned {type(verdict).__name__}, not a Verdict")
        return verdict
    except Exception as exc:  # noqa: BLE001 - every failure of a check is reported, none escapes
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{os.path.basename(tb[-1].filename)}:{tb[-1].lineno}" if tb else "?"
        return Verdict("error", "none", f"check raised {type(exc).__name__}: {exc}",
                       {"exception": type(exc).__name__, "message": str(exc), "where": where})


#: At most this many characters of a check's standard output are kept in its evidence.
MAX_CAPTURED = 20_000


def _run_capturing_stdout(claim: Claim) -> Verdict:
    """Run the check with file descriptor 1 sent to a temporary file, so a check that prints (from
    Python or from C) cannot corrupt the parent's standard output (``--format json``); what it
    printed goes into the evidence as ``captured_stdout``."""
    import io
    import sys
    import tempfile

    try:
        sys.stdout.flush()
    except Exception:  # noqa: BLE001
        pass
    saved = os.dup(1)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), 1)
        old_stdout = sys.stdout
        sys.stdout = io.TextIOWrapper(os.fdopen(os.dup(1), "wb"), encoding="utf-8", errors="replace",
                                      line_buffering=False)
        try:
            verdict = run_inline(claim)
        finally:
            try:
                sys.stdout.flush()
            except Exception:  # noqa: BLE001
                pass
            sys.stdout = old_stdout
            os.dup2(saved, 1)
            os.close(saved)
        tmp.seek(0)
        data = tmp.read(4 * MAX_CAPTURED + 4)
    if not data:
        return verdict
    text = data.decode("utf-8", errors="replace")
    if len(text) > MAX_CAPTURED:
        text = text[:MAX_CAPTURED] + f"\n[... cut at {MAX_CAPTURED} characters]"
    return dataclasses.replace(verdict, evidence={**verdict.evidence, "captured_stdout": text})


def _child(claim: Claim, conn: multiprocessing.connection.Connection) -> None:
    from . import blas

    blas.limit(blas.threads_per_check())  # checks run side by side: no oversubscribed BLAS threads
    try:
        verdict = _run_capturing_stdout(claim)
    except Exception:  # noqa: BLE001 - capturing failed (no fd 1?): run as before
        verdict = run_inline(claim)
    try:
        conn.send(verdict.to_dict())
    except Exception as exc:  # noqa: BLE001
        conn.send(Verdict("error", "none", f"verdict could not be sent: "
                                           f"{exc}", {"exception": type(exc).__name__}).to_dict())
    conn.close()


def _preload() -> None:
    if "sympy" not in sys.modules:
        return
    for name in PRELOAD:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def run_claims(
    claims: Sequence[Claim],
    *,
    jobs: int = 1,
    timeout: float = DEFAULT_TIMEOUT,
    on_done: Callable[[Claim, Verdict, float], None] | None = None,
) -> dict[str, tuple[Verdict, float]]:
    """Run every check in a forked child; at most ``jobs`` at once, each for at most ``timeout`` seconds."""
    if claims:
        _preload()
    ctx = multiprocessing.get_context("fork")
    pending = list(claims)
    running: dict[Any, tuple[Claim, Any, Any, float]] = {}
    results: dict[str, tuple[Verdict, float]] = {}

    def finish(claim: Claim, verdict: Verdict, started: float) -> None:
        seconds = time.perf_counter() - started
        results[claim.id] = (verdict, seconds)
        if on_done:
            on_done(claim, verdict, seconds)

    while pending or running:
        while pending and len(running) < max(1, jobs):
            claim = pending.pop(0)
            parent, child = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_child, args=(claim, child), daemon=True)
            proc.start()
            child.close()
            running[parent] = (claim, proc, parent, time.perf_counter())
        now = time.perf_counter()
        deadline = min(started + timeout for (_, _, _, started) in running.values())
        ready = multiprocessing.connection.wait(list(running), timeout=max(0.0, deadline - now))
        for conn in ready:
            claim, proc, _, started = running.pop(conn)
            try:
                verdict = Verdict.from_dict(cast(Connection, conn).recv())
            except EOFError:
                proc.join(1)
                verdict = Verdict("error", "none", f"check process died (exit code {proc.exitcode})",
                                  {"exitcode": proc.exitcode})
            proc.join(5)
            cast(Connection, conn).close()
            finish(claim, verdict, started)
        now = time.perf_counter()
        for conn, (claim, proc, _, started) in list(running.items()):
            if now - started >= timeout:
                proc.kill()
                proc.join(5)
                conn.close()
                del running[conn]
                finish(claim, Verdict("error", "none", f"check timed out after {timeout:g} s",
                                      {"timeout_seconds": timeout}), started)
    return results


def taint(registry: Registry, verdicts: dict[str, Verdict]) -> dict[str, tuple[str, ...]]:
    """For each claim, the refuted claims it rests on, directly or through others.

    Its own verdict is unchanged; this only says which of its premises failed.
    Claims not run in this session count by their verdict if known, else not at all.
    """
    out: dict[str, tuple[str, ...]] = {}
    for claim in registry.claims:
        out[claim.id] = tuple(dep for dep in registry.dependencies(claim.id)
                              if dep in verdicts and verdicts[dep].verdict == "refuted")
    return out


def root_failures(registry: Registry, verdicts: dict[str, Verdict]) -> dict[str, tuple[str, ...]]:
    """For each claim, the refuted claims it rests on that rest on no refuted claim themselves.

    Of a chain a → b → c with b and c refuted, c's root failures are (b,) only if b has no refuted
    premise; the table shows these instead of the whole list of refuted ancestors."""
    tainted = taint(registry, verdicts)
    return {cid: tuple(dep for dep in deps if not tainted.get(dep)) for cid, deps in tainted.items()}


def audit(
    registry: Registry,
    selected: Sequence[Claim],
    *,
    jobs: int = 1,
    timeout: float = DEFAULT_TIMEOUT,
    on_done: Callable[[Claim, Verdict, float], None] | None = None,
) -> list[ClaimResult]:
    """Run the selected claims and attach the dependency taint, in registry order."""
    raw = run_claims(selected, jobs=jobs, timeout=timeout, on_done=on_done)
    verdicts = {cid: v for cid, (v, _) in raw.items()}
    tainted = taint(registry, verdicts)
    roots = root_failures(registry, verdicts)
    return [ClaimResult(c, raw[c.id][0], raw[c.id][1], tainted[c.id], root_failures=roots[c.id]) for c in selected]
