"""Run checks in forked check processes, each under a timeout, several at once.

A check process runs one check after another, the checks of one family (one proofs module) together, so that
they share what the process computed and cached; every check starts at a new interpreter's precision with FLINT's
caches freed (:func:`theorycheck.numerics.interpreter_precision`), so its evidence does not depend on the checks
run before it. A check that raises becomes an ``error`` verdict with the reason; one that dies or runs out of
time takes its process with it, becomes an ``error`` verdict, and a fresh process runs the rest. Results come
back over a pipe as plain JSON data, so a check cannot corrupt the parent's state.
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

from .claims import Claim, Verdict, premises_of, readings_holding, readings_short_of_all
from .numerics import interpreter_precision
from .registry import Registry

DEFAULT_TIMEOUT = 300.0

#: Modules many checks import when they run, but loading the claims does not (so that commands which only
#: read claims start fast): imported once in the parent before the first fork, every forked check inherits
#: them — when the claims loaded SymPy (they use the math stack; a folder of plain checks is not slowed down).
PRELOAD = ("scipy.optimize", "scipy.stats", "scipy.linalg", "scipy.special", "sympy.physics.units")

#: The cyclic garbage collector's thresholds in a check process (Python's default is (700, 10, 10)): the checks
#: allocate millions of small SymPy and mpmath objects, and at the default a full collection walks the whole heap
#: (every module the parent imported) again and again. With these it runs far less often; what a collection frees
#: is the same, and no result depends on when it runs. Each check process also freezes what it inherited at the
#: fork (``gc.freeze``: the parent's imports and the loaded claims), which no collection needs to walk.
GC_THRESHOLDS = (50_000, 20, 100)

#: A check process whose private resident memory passes this (KiB) after a check is replaced by a fresh one.
RECYCLE_KIB = 6 * 2**20


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
    #: The premises, direct or through others, whose check decided nothing (``inconclusive``) or could not run
    #: (``error``), see :func:`undecided`: a verified claim resting on one is verified only given it.
    rests_on_undecided: tuple[str, ...] = ()

    #: The verified claims, this one or its premises (direct or through others), that record a reading of the
    #: paper's convention under which they do not hold on the whole region (see :func:`under_reading`).
    under_reading: tuple[str, ...] = ()

    @property
    def verified_under_reading(self) -> tuple[str, ...]:
        """:attr:`under_reading` of a verified claim, which holds only under the other readings of those claims."""
        return self.under_reading if self.verdict.verdict == "verified" else ()

    @property
    def refuted_holding_under(self) -> tuple[str, ...]:
        """The readings under which a refuted claim holds on the whole region (its regime's readings with outcome
        ``all``; :func:`~theorycheck.claims.readings_holding`): refuted as printed, holding as the text uses it."""
        return readings_holding(self.verdict) if self.verdict.verdict == "refuted" else ()

    @property
    def verified_given(self) -> tuple[str, ...]:
        """The undecided premises the views name: those of a verified claim, which holds only given them (a refuted
        or inconclusive verdict says the same without them); the JSON keeps ``rests_on_undecided`` for every claim."""
        return self.rests_on_undecided if self.verdict.verdict == "verified" else ()

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
            "rests_on_undecided": list(self.rests_on_undecided),
            "under_reading": list(self.under_reading),
            "holds_under_reading": list(self.refuted_holding_under),
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


def _private_kib() -> int:
    """This process's private resident memory in KiB (what replacing it frees: pages still shared with the parent
    after the fork do not count), from Linux's ``/proc/self/smaps_rollup``; elsewhere its peak resident set."""
    try:
        with open("/proc/self/smaps_rollup", encoding="ascii") as fh:
            return sum(int(line.split()[1]) for line in fh if line.startswith(("Private_Clean:", "Private_Dirty:")))
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak // 1024 if sys.platform == "darwin" else peak  # bytes on macOS, KiB on Linux


def _worker(claims: Sequence[Claim], tasks: Connection, results: Connection, inherited: Sequence[Connection]) -> None:
    """A check process: run the claims whose indices arrive on ``tasks`` one after the other, each verdict (and
    this process's private memory) back on ``results``, until ``None`` or the parent is gone.

    ``inherited`` are the parent's ends of the pipes, its own and the other check processes', which the fork
    copied here: closed first, so that the task pipe reads end-of-file once the parent has exited or been
    killed, and the process ends instead of waiting for ever."""
    import gc
    import signal

    from . import blas

    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    for conn in inherited:
        conn.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops this process
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler: a TERM sent here ends this process
    _die_with_parent()
    while True:
        try:
            index = tasks.recv()
        except (EOFError, OSError):
            break
        if index is None:
            break
        blas.limit(blas.threads_per_check())  # checks run side by side: no oversubscribed BLAS threads
        claim = claims[index]
        try:
            verdict = _run_capturing_stdout(claim)
        except Exception:  # noqa: BLE001 - capturing failed (no fd 1?): run as before
            verdict = run_inline(claim)
        if not _send(results, verdict):
            break
    results.close()


def _die_with_parent() -> None:
    """On Linux, have the kernel kill this process when the process that forked it dies, however it died (SIGKILL
    included): a check process never outlives its runner, computing for nobody (referee CR, LOW-11)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)


def _send(results: Connection, verdict: Verdict) -> bool:
    """Send the verdict and this process's private memory to the parent; False when the parent is gone. A verdict
    that cannot be pickled goes as an ``error`` verdict that says so (pickling fails before anything is written)."""
    try:
        try:
            results.send((verdict.to_dict(), _private_kib()))
        except OSError:
            raise
        except Exception as exc:  # noqa: BLE001 - not picklable
            results.send((Verdict("error", "none", f"verdict could not be sent: {exc}",
                                  {"exception": type(exc).__name__}).to_dict(), _private_kib()))
    except OSError:
        return False
    return True


def preload() -> None:
    """Import :data:`PRELOAD` (when the claims loaded SymPy): before the checks fork, and before a notebook limits
    its BLAS threads for a check (SciPy loads an OpenBLAS of its own, which the limit must reach)."""
    if "sympy" not in sys.modules:
        return
    for name in PRELOAD:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def family(claim: Claim) -> str:
    """The module that defines the claim's check (a proofs module: the claims of one step of the paper), the
    claim's id prefix when that is unknown. The runner keeps a family on one check process, where the family's
    checks share what they computed (SymPy objects, quadratures, privacy curves cached in the process)."""
    check = getattr(claim.check, "func", claim.check)  # functools.partial: the function it wraps
    module = getattr(check, "__module__", None)
    return module if isinstance(module, str) and module != "functools" else claim.id.split(".")[0]


class _Queue:
    """The claims still to run, by family in registry order: a process takes the next claim of the family it
    ran last; when that family is done, the first family nobody has started, else the next claim of the family
    with the most claims left (so that both processes finish together)."""

    def __init__(self, claims: Sequence[Claim]) -> None:
        self.families: dict[str, list[int]] = {}
        for index, claim in enumerate(claims):
            self.families.setdefault(family(claim), []).append(index)
        self.started: set[str] = set()

    def __bool__(self) -> bool:
        return any(self.families.values())

    def take(self, last: str | None) -> tuple[str, int]:
        if last is not None and self.families.get(last):
            return last, self.families[last].pop(0)
        fresh = [name for name, left in self.families.items() if left and name not in self.started]
        name = fresh[0] if fresh else max((n for n, left in self.families.items() if left),
                                          key=lambda n: len(self.families[n]))
        self.started.add(name)
        return name, self.families[name].pop(0)


@dataclasses.dataclass
class _Process:
    process: Any
    tasks: Connection
    results: Connection
    family: str | None = None
    claim: int | None = None
    started: float = 0.0


def run_claims(
    claims: Sequence[Claim],
    *,
    jobs: int = 1,
    timeout: float = DEFAULT_TIMEOUT,
    on_done: Callable[[Claim, Verdict, float], None] | None = None,
) -> dict[str, tuple[Verdict, float]]:
    """Run every check in a forked check process, at most ``jobs`` at once, each for at most ``timeout`` seconds.

    A check process runs one check after another (the claims of one family first, see :class:`_Queue`), so the
    checks of a step share what the process has computed and cached; it is replaced when its private memory
    passes :data:`RECYCLE_KIB`. A check that runs out of time or dies takes its process with it: that claim is an
    ``error`` verdict, and a new process, forked afresh, runs the rest."""
    if claims:
        preload()
    ctx = multiprocessing.get_context("fork")
    queue = _Queue(claims)
    idle: list[_Process] = []
    busy: dict[Any, _Process] = {}
    results: dict[str, tuple[Verdict, float]] = {}

    def start() -> _Process:
        task_out, task_in = ctx.Pipe(duplex=False)
        result_out, result_in = ctx.Pipe(duplex=False)
        parent_ends = [task_in, result_out, *(c for w in (*idle, *busy.values()) for c in (w.tasks, w.results))]
        proc = ctx.Process(target=_worker, args=(claims, task_out, result_in, parent_ends), daemon=True)
        proc.start()
        task_out.close()
        result_in.close()
        return _Process(proc, task_in, result_out)

    def stop(worker: _Process, *, kill: bool) -> None:
        if kill:
            worker.process.kill()
        else:
            with contextlib.suppress(OSError):
                worker.tasks.send(None)
        worker.process.join(5)
        worker.tasks.close()
        worker.results.close()

    def finish(index: int, started: float, verdict: Verdict) -> None:
        claim = claims[index]
        seconds = time.perf_counter() - started
        results[claim.id] = (verdict, seconds)
        if on_done:
            on_done(claim, verdict, seconds)

    try:
        while queue or busy:
            while queue and len(busy) < max(1, jobs):
                worker = idle.pop() if idle else start()
                worker.family, worker.claim = queue.take(worker.family)
                worker.started = time.perf_counter()
                worker.tasks.send(worker.claim)
                busy[worker.results] = worker
            now = time.perf_counter()
            deadline = min(w.started + timeout for w in busy.values())
            for conn in multiprocessing.connection.wait(list(busy), timeout=max(0.0, deadline - now)):
                worker = busy.pop(conn)
                index, started = cast(int, worker.claim), worker.started
                worker.claim = None
                try:  # the process is idle again, or stopped, before on_done runs (which may raise)
                    data, private_kib = cast(Connection, conn).recv()
                except (EOFError, OSError):  # died, before or while sending
                    stop(worker, kill=True)  # reaps it: its exit code is known after this
                    verdict = Verdict("error", "none", f"check process died (exit code {worker.process.exitcode})",
                                      {"exitcode": worker.process.exitcode})
                else:
                    if private_kib > RECYCLE_KIB:
                        stop(worker, kill=False)
                    else:
                        idle.append(worker)
                    verdict = Verdict.from_dict(data)
                finish(index, started, verdict)
            now = time.perf_counter()
            for conn, worker in list(busy.items()):
                if now - worker.started >= timeout:
                    del busy[conn]
                    stop(worker, kill=True)
                    finish(cast(int, worker.claim), worker.started,
                           Verdict("error", "none", f"check timed out after {timeout:g} s",
                                   {"timeout_seconds": timeout}))
    finally:
        for worker in idle:
            stop(worker, kill=False)
        for worker in busy.values():  # only when interrupted (Ctrl-C) or on_done raised: abandoned checks
            stop(worker, kill=True)
    return results


def _premises_judged(registry: Registry, verdicts: dict[str, Verdict],
                     kinds: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """For each claim, the claims it rests on, directly or through others, whose known verdict is one of ``kinds``.
    A claim verified without its premises (:func:`~theorycheck.claims.decided_without_premises`) rests on none of
    them, and neither does a claim that reaches them only through it: its statement holds, whatever its premises
    (referees CX, M5 and CZ, M2: risk.summary had kept ridge.loo-stability as a root failure through
    risk.variance-term)."""
    walk = resting_on(registry, verdicts)
    return {claim.id: tuple(dep for dep in walk(claim.id) if dep in verdicts and verdicts[dep].verdict in kinds)
            for claim in registry.claims}


def resting_on(registry: Registry, verdicts: dict[str, Verdict]) -> Callable[[str], list[str]]:
    """claim id → the claims its verdict rests on, directly or through others: the paper's premises, except that a
    claim decided without them rests on its own route's instead (:func:`~theorycheck.claims.premises_of`)."""
    by_id = {claim.id: claim for claim in registry.claims}

    def direct(x: str) -> Sequence[str]:
        return [c for c in premises_of(by_id[x], verdicts.get(x)) if c in by_id]

    return lambda cid: registry.dependencies(cid, premises=direct)


def taint(registry: Registry, verdicts: dict[str, Verdict]) -> dict[str, tuple[str, ...]]:
    """For each claim, the refuted claims it rests on, directly or through others.

    Its own verdict is unchanged; this only says which of its premises failed.
    Claims not run in this session count by their verdict if known, else not at all.
    """
    return _premises_judged(registry, verdicts, ("refuted",))


def undecided(registry: Registry, verdicts: dict[str, Verdict]) -> dict[str, tuple[str, ...]]:
    """For each claim, the claims it rests on, directly or through others, whose verdict is ``inconclusive`` or
    ``error``: premises nobody has decided, so that a claim verified on them is verified only given them (as
    :func:`taint` says for refuted premises). Claims without a known verdict count not at all."""
    return _premises_judged(registry, verdicts, ("inconclusive", "error"))


def under_reading(registry: Registry, verdicts: dict[str, Verdict]) -> dict[str, tuple[str, ...]]:
    """For each claim, the verified claims among it and what it rests on (directly or through others) whose regime
    records a reading under which they do not hold on the whole region
    (:func:`~theorycheck.claims.readings_short_of_all`, e.g. Assumption 2 read without an upper bound on n, or ≲
    with an absolute constant): a claim verified on them holds only under their other readings. Claims without a
    known verdict count not at all."""
    def qualified(cid: str) -> bool:
        v = verdicts.get(cid)
        return v is not None and v.verdict == "verified" and bool(readings_short_of_all(v))

    # what a claim rests on as taint reads it: a claim decided without its premises passes on its own route's
    # readings, not theirs (referee CZ, L3 and L4)
    walk = resting_on(registry, verdicts)
    return {claim.id: tuple(cid for cid in (claim.id, *walk(claim.id)) if qualified(cid))
            for claim in registry.claims}


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
    open_premises = undecided(registry, verdicts)
    qualified = under_reading(registry, verdicts)
    return [ClaimResult(c, raw[c.id][0], raw[c.id][1], tainted[c.id], root_failures=roots[c.id],
                        rests_on_undecided=open_premises[c.id], under_reading=qualified[c.id]) for c in selected]
