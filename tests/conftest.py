"""Shared pytest set-up: hypothesis profiles, the paper's location, and the `slow` marker."""

from __future__ import annotations

import os
from pathlib import Path

# One BLAS thread per test process: pytest-xdist runs a worker per core, and the notebooks' kernels run
# side by side; multi-threaded OpenBLAS in each oversubscribes the cores (its spinning threads made a
# 65536×64 product 80× slower on a loaded 2-core machine). Set before NumPy loads; theorycheck.blas
# covers the case where something imported NumPy first. THEORYCHECK_TEST_BLAS_THREADS overrides.
_BLAS_THREADS = os.environ.get("THEORYCHECK_TEST_BLAS_THREADS", "1")
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, _BLAS_THREADS)

import pytest  # noqa: E402  (after the BLAS thread variables above: they must be set before NumPy loads)
from hypothesis import HealthCheck, settings  # noqa: E402  (same reason)

# Numerical properties are slow per example: no deadline. Every profile but "explore" draws a fixed, derandomised set
# (the same examples on every run: referee CR, LOW-9 — the README's test command had drawn new ones each run);
# HYPOTHESIS_PROFILE=explore draws fresh random examples to look for new counterexamples.
settings.register_profile("default", deadline=None, max_examples=40, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", deadline=None, max_examples=25, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", deadline=None, max_examples=200, derandomize=False,  # "default" is the parent
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The verdict cache (theorycheck/cache.py) stays off in tests, so no test depends on which test ran before
# it (under xdist the order differs from run to run); tests/test_cache.py turns it on in its subprocesses.
# Two exceptions share one fresh folder per test session (see "the session's verdict cache" below): the
# `registered_verdict` fixture (registered claims' checks run unmodified) and the notebooks' kernels.
os.environ["THEORYCHECK_NO_CACHE"] = "1"

if "numpy" in __import__("sys").modules:  # too late for the variables above: set the loaded library
    from theorycheck import blas as _blas

    _blas.limit(int(_BLAS_THREADS) if _BLAS_THREADS.isdigit() else 1)

REPO = Path(__file__).resolve().parents[1]
PAPER_DIR = REPO.parent / "shared" / "paper"
TOY_PROOFS = Path(__file__).resolve().parent / "fixtures" / "toy_proofs"


def _source_signature() -> dict[str, tuple[int, int]]:
    """(mtime, size) of every source file of the library and of the claims."""
    return {str(path): (path.stat().st_mtime_ns, path.stat().st_size)
            for folder in (REPO / "theorycheck", REPO / "proofs") for path in sorted(folder.rglob("*.py"))}


#: The sources as this test process found them when it started (before it imported the claims or the library's
#: modules, apart from the pytest plugin): the code it runs, unless a file was edited since.
_SOURCES_AT_START = _source_signature()


def sources_edited_since_start() -> list[str]:
    """Library or claim source files edited (or added, removed) since this test process started: its imported
    code is then older than the files, so nothing it computes may be stored under the files' keys, and a forked
    copy of it is not what a new interpreter would run (tests/forked_cli.py then starts one)."""
    now = _source_signature()
    return sorted(f for f in now.keys() | _SOURCES_AT_START.keys() if now.get(f) != _SOURCES_AT_START.get(f))


FILE_SECONDS = Path(__file__).resolve().parent / "file_seconds.json"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Hand the files to the workers longest first, by each file's recorded seconds (``tests/file_seconds.json``,
    written by ``benchmarks/record_file_seconds.py``); files not recorded (new ones) after them, most tests first;
    the files' own order kept on ties and within a file. Nothing is deselected or changed: only the order.

    Under ``--dist loadfile`` pytest-xdist hands the files to the workers in this order (``--no-loadscope-reorder``
    in pyproject.toml keeps it), and longest first is the classic remedy for two workers: the many short files at
    the end fill the gaps. The earlier rule (files with a ``slow`` test first, by number of tests) let one worker
    idle 21 s at the end while the other ran its last long file (bench_suite_breakdown.py, 2026-11-27).

    A file with a ``late`` test (the notebooks: their kernels show registered claims' verdicts, and read those the
    claim tests stored in the session's cache) goes as late as it can while the files after it still hold at
    least twice its own recorded time, so that the other worker stays busy while it runs."""
    import json
    from collections import Counter

    def file_of(item: pytest.Item) -> str:
        return item.nodeid.split("::", 1)[0]

    try:
        seconds: dict[str, float] = json.loads(FILE_SECONDS.read_text(encoding="utf-8"))["seconds"]
    except (OSError, ValueError, KeyError):
        seconds = {}
    size = Counter(file_of(item) for item in items)
    first_seen = {f: i for i, f in reversed(list(enumerate(file_of(item) for item in items)))}
    files = sorted(size, key=lambda f: (f not in seconds, -seconds.get(f, 0.0), -size[f], first_seen[f]))
    late_files = {file_of(item) for item in items if item.get_closest_marker("late") is not None}
    for f in [f for f in files if f in late_files]:
        files.remove(f)
        after, k = 0.0, len(files)
        while k > 0 and after < 2 * seconds.get(f, 0.0):
            k -= 1
            after += seconds.get(files[k], 0.0)
        files.insert(k, f)
    rank = {f: i for i, f in enumerate(files)}
    position = {id(item): i for i, item in enumerate(items)}
    items.sort(key=lambda item: (rank[file_of(item)], position[id(item)]))


@pytest.fixture(scope="session")
def paper_dir() -> Path:
    """The paper's sources (../shared/paper beside the repository); tests needing it skip without it."""
    if not PAPER_DIR.is_dir():
        pytest.skip("the paper sources ../shared/paper are not present")
    return PAPER_DIR


@pytest.fixture(scope="session")
def toy_proofs() -> Path:
    return TOY_PROOFS


@pytest.fixture
def fixed_precision():
    """Run a test at mpmath 30 digits and python-flint's default 53 bits, whatever other tests left behind
    (idempotent, so hypothesis may share it between examples). Use with ``pytest.mark.usefixtures``."""
    import mpmath
    from flint import ctx

    with ctx.workprec(53), mpmath.workdps(30):
        yield


# ----------------------------------------------------------------------------- the session's verdict cache
#
# Several tests run a registered claim's check exactly as the audit does (the notebooks walk ~65 claims, the
# claim test files run each module's registered checks). They share one verdict cache per test session, so
# such a check runs once per session, not once per test that wants its verdict. The folder is created once,
# by the xdist controller (or by the single process under -n 0), before any worker starts; workers get it
# through the environment they inherit and through their `workerinput` (which wins, and must agree), and
# the controller removes it at the end. It is fresh each session, so nothing outlives the session, and
# a cached verdict is keyed (theorycheck/cache.py) on the claim's check and parameters, the sources it
# reaches and the package versions: a hit is the verdict the same check gives here. Only the unperturbed
# registered claim can go through `registered_verdict` (it refuses any other Claim object), and every
# verdict it returns has been through the cache's JSON form, so a test sees the same value whether its
# check ran or was read: no outcome depends on which test ran first.

#: Environment variable holding the session's shared cache folder (not THEORYCHECK_CACHE_DIR: the CLI runs
#: of other tests must not find it; the notebooks' kernels get it as their THEORYCHECK_CACHE_DIR).
SESSION_CACHE_VAR = "THEORYCHECK_TEST_CACHE_DIR"
_SESSION_MARKER = "session.json"


def pytest_configure(config: pytest.Config) -> None:
    import gc
    import json
    import tempfile

    from theorycheck.runner import GC_THRESHOLDS

    # the audit's check processes' collector thresholds (theorycheck/runner.py): the tests allocate the same
    # SymPy and mpmath objects, and at Python's default a full collection walks every imported module often
    gc.set_threshold(*GC_THRESHOLDS)

    workerinput = getattr(config, "workerinput", None)
    if workerinput is None:  # the controller, or the only process: a fresh folder for this session
        folder = tempfile.mkdtemp(prefix="theorycheck-test-cache-")
        Path(folder, _SESSION_MARKER).write_text(json.dumps({"pid": os.getpid()}), encoding="utf-8")
        _seed_from_the_audit_cache(Path(folder))
        config._theorycheck_session_cache = folder  # type: ignore[attr-defined]
        os.environ[SESSION_CACHE_VAR] = folder  # before xdist starts its workers: they inherit it
    else:
        folder = workerinput.get("theorycheck_session_cache")
        inherited = os.environ.get(SESSION_CACHE_VAR)
        if folder is None or inherited != folder or not Path(folder, _SESSION_MARKER).is_file():
            raise pytest.UsageError(f"xdist worker without the session's verdict cache folder: workerinput "
                                    f"{folder!r}, environment {inherited!r}")


#: Set to 0 to start the session's verdict cache empty (every registered check runs in the session).
REUSE_AUDIT_VAR = "THEORYCHECK_TEST_REUSE_AUDIT"


def _seed_from_the_audit_cache(folder: Path) -> None:
    """Copy the installed proofs' verdict cache (the one `theorycheck check` fills) into the session's folder, so a
    check the audit already ran on this very code is not paid for again (issue 14). Sound for the same reason the
    audit's reuse is: an entry is read only when its key (the claim's check and parameters, every source it
    reaches, the package versions, the BLAS threads) equals the key this session computes, so an entry of other
    code or another machine is never a hit. The copy is read-only for the audit's cache; a clean checkout (CI)
    has none and runs every check. ``THEORYCHECK_TEST_REUSE_AUDIT=0`` skips it."""
    import importlib.util
    import shutil

    if os.environ.get(REUSE_AUDIT_VAR, "1") in ("", "0"):
        return
    spec = importlib.util.find_spec("theorycheck_proofs")  # finds the package without importing the proofs
    if spec is None or not spec.submodule_search_locations:
        return
    from theorycheck.cache import default_dir

    source = default_dir(next(iter(spec.submodule_search_locations))) / "claims"
    if source.is_dir():
        shutil.copytree(source, folder / "claims")


def pytest_collection_finish(session: pytest.Session) -> None:
    import gc

    gc.freeze()  # what collection imported (the library, SymPy, the proofs) is never garbage: no collection walks it


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # pytest-xdist, controller side: hand each worker the folder
    node.workerinput["theorycheck_session_cache"] = node.config._theorycheck_session_cache


def pytest_unconfigure(config: pytest.Config) -> None:
    import shutil

    folder = getattr(config, "_theorycheck_session_cache", None)
    if folder is not None:  # the process that created it
        shutil.rmtree(folder, ignore_errors=True)
        if os.environ.get(SESSION_CACHE_VAR) == folder:
            del os.environ[SESSION_CACHE_VAR]


@pytest.fixture(scope="session")
def session_cache_dir() -> Path:
    """The session's shared verdict-cache folder (see above)."""
    return Path(os.environ[SESSION_CACHE_VAR])


@pytest.fixture(scope="session")
def registered_verdict(session_cache_dir):
    """``registered_verdict(claim_or_id) -> Verdict``: the verdict of a *registered* claim's check, run
    unmodified, read from the session's cache when fresh, else run here (an exception propagates, as from
    ``claim.check()``) and stored. A Claim object that is not the registered one (a perturbed check, a
    changed parameter) raises ValueError: perturbed statements are always run directly by their tests.

    ``registered_verdict(m.check_x, *args, **keywords)`` is the same for the call ``m.check_x(*args, **keywords)``
    when it is exactly a registered claim's check (the same function and the same argument objects, as the
    claim's ``functools.partial`` holds them); any other call raises ValueError. So a test writes the paper's
    statement as ``registered_verdict(m.check_x)`` and its perturbations as ``m.check_x(claimed=...)``.

    A check that runs here runs at a new interpreter's precision (mpmath 15 digits, flint 53 bits), as in the
    audit's forked check processes. When a library or claim source was edited since this process started, the
    cache is neither read nor written (this process runs the older code). Never call it while a fixture has
    monkeypatched the claim's module: a miss would store the patched run."""
    import functools
    import json
    import time
    from collections.abc import Callable
    from fractions import Fraction

    from theorycheck.cache import Cache
    from theorycheck.claims import Claim, Verdict
    from theorycheck.numerics import interpreter_precision
    from theorycheck.registry import load

    registry = load()  # imports every proofs module first: the cache keys need to know where claims live
    store = Cache(registry.location, directory=session_cache_dir)

    checks = {}  # (function, args, keywords) of each registered check -> its claim
    for registered_claim in (registry.get(i) for i in registry.ids):
        f = registered_claim.check
        call = (f.func, f.args, tuple(sorted(f.keywords.items()))) if isinstance(f, functools.partial) else (f, (), ())
        checks.setdefault(call[0], []).append((call[1], call[2], registered_claim))

    def same_argument(registered_arg, arg) -> bool:
        """The same object, or an equal plain scalar (a statement, array or dict must be the very object)."""
        scalar = (bool, int, float, str, Fraction)
        return registered_arg is arg or (type(registered_arg) is type(arg) and isinstance(arg, scalar)
                                         and registered_arg == arg)

    def claim_of_call(function, args: tuple, keywords: dict) -> Claim:
        """The registered claim whose check is exactly ``function(*args, **keywords)`` (same function object,
        the same argument objects); a call with any other argument is not a registered check."""
        for r_args, r_keywords, registered_claim in checks.get(function, ()):
            if (len(r_args) == len(args) and all(map(same_argument, r_args, args))
                    and len(r_keywords) == len(keywords)
                    and all(k in keywords and same_argument(v, keywords[k]) for k, v in r_keywords)):
                return registered_claim
        name = getattr(function, "__qualname__", function)
        raise ValueError(f"registered_verdict({name}, ...): no registered claim's check is this call (a "
                         "perturbed or re-parametrised check is run directly, never through the shared cache)")

    def verdict_of(claim: Claim | str | Callable[..., Verdict], *args, **keywords) -> Verdict:
        if callable(claim) and not isinstance(claim, Claim):  # registered_verdict(m.check_x, m.STATEMENT)
            claim = claim_of_call(claim, args, keywords)
        elif args or keywords:
            raise TypeError("registered_verdict(claim_or_id) takes no further arguments")
        registered = registry.get(claim if isinstance(claim, str) else claim.id)
        if not isinstance(claim, str) and claim is not registered:
            raise ValueError(f"registered_verdict({claim.id!r}): not the registered claim (a perturbed check "
                             "is run directly, never through the shared cache)")
        edited = sources_edited_since_start()  # this process runs older code than the files: bypass the cache
        entry = None if edited else store.lookup(registered)
        if entry is not None:
            return entry.verdict
        started = time.perf_counter()
        with interpreter_precision():  # a new interpreter's precision, as the audit runs it
            verdict = registered.check()
        if not isinstance(verdict, Verdict):
            raise TypeError(f"the check of {registered.id} returned {type(verdict).__name__}, not a Verdict")
        if not edited:
            store.store(registered, verdict, time.perf_counter() - started)
        return Verdict.from_dict(json.loads(json.dumps(verdict.to_dict())))  # as a hit gives it

    return verdict_of


@pytest.fixture(scope="session")
def why_not_fresh(session_cache_dir):
    """``why_not_fresh(store, claim) -> str | None``: None when the shared cache ``store`` holds a fresh entry
    for ``claim``, or a stale one whose only differences are source files edited during this session (the
    process that stored it read the sources before the edit: a miss, never a wrong hit); else why not."""
    import re

    from theorycheck.cache import _LIBRARY

    started = (session_cache_dir / _SESSION_MARKER).stat().st_mtime

    def why(store, claim) -> str | None:
        if store.lookup(claim) is not None:
            return None
        reason = store.why_stale(claim)
        m = re.fullmatch(r"(library )?changed: (.*)", reason)
        if m is None:
            return reason
        root = _LIBRARY.parent if m.group(1) else store.folder.root
        edited = [f for f in m.group(2).split(", ") if not (root / f).exists() or (root / f).stat().st_mtime > started]
        return None if len(edited) == len(m.group(2).split(", ")) else reason

    return why
