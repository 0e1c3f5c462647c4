"""`theorycheck ...` as a new user runs it, without paying a fresh interpreter's start-up for each run.

:func:`run_cli` runs ``python -m theorycheck ARGS`` in a **forked copy of the test process**: the child
changes to ``cwd``, takes ``env`` as its whole environment, points file descriptors 0/1/2 at /dev/null and
two capture files, and executes ``theorycheck/__main__.py`` as the module ``__main__`` of the package, as
``python -m`` does; an exception that escapes is printed as the interpreter prints it (a traceback, exit 1),
``sys.exit`` gives the exit code, and the streams are flushed as at interpreter exit (a failed flush: exit 120).
What the child inherits is the parent's *imported modules* (SymPy, NumPy, the registered claims: the 1.5-2 s
a fresh ``python3 -m theorycheck`` spends importing them; SciPy and matplotlib, which a run of checks or a report
would import), nothing else the test could see: its output, its
files, its environment, ``sys.path`` (the working directory first, then a new interpreter's path with the
same ``PYTHONPATH``) and its exit code are its own, and nothing it does reaches the parent. A proofs folder
given with ``--proofs`` is imported afresh in the child. When a library or claim source file was edited
since the test process started (tests/conftest.py ``sources_edited_since_start``), its imported modules are
older than the files, so the command runs in a new interpreter instead.

What a fork cannot show, and is therefore still tested with a real ``subprocess.run`` elsewhere: the
interpreter's own start-up (``python -m theorycheck`` resolving the package, tests/test_cli.py), imports the
command does *not* make (tests/test_packaging.py), and writes to a full disk at interpreter shutdown
(tests/test_bad_inputs.py::test_full_standard_output_is_one_line).
"""

from __future__ import annotations

import importlib
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import types
from pathlib import Path

#: Modules the parent imports once (the first call), so every forked run finds them loaded: the CLI's own, and
#: the report's (matplotlib, jinja2: ~0.7 s a ``report`` run would otherwise import in each child).
PRELOAD = ("theorycheck.cli", "theorycheck.report", "theorycheck.theorems", "theorycheck.coverage",
           "theorycheck.html_report")
_preloaded = False


_BASE_PATHS: dict[str | None, list[str]] = {}


def _interpreter_path(pythonpath: str | None) -> list[str]:
    """``sys.path`` of a new interpreter with ``PYTHONPATH=pythonpath``, without its first entry (the script's
    folder or the working directory, which ``python -m`` makes the working directory)."""
    if pythonpath not in _BASE_PATHS:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if pythonpath is not None:
            env["PYTHONPATH"] = pythonpath
        done = subprocess.run([sys.executable, "-c", "import json, sys; print(json.dumps(sys.path[1:]))"],
                              capture_output=True, text=True, env=env, cwd="/", check=True, timeout=60)
        _BASE_PATHS[pythonpath] = json.loads(done.stdout)
    return _BASE_PATHS[pythonpath]


def _preload() -> None:
    global _preloaded
    if _preloaded:
        return
    for name in PRELOAD:
        importlib.import_module(name)
    from theorycheck.registry import load

    load()  # imports every module of the installed claims (theorycheck_proofs)
    # What the runner imports before it forks the checks (SciPy, ~1.5 s; theorycheck.runner.preload) once the
    # claims have loaded SymPy, as they have here: every child that runs a check would import it otherwise.
    from theorycheck import runner

    runner.preload()
    _preloaded = True


def _fresh_interpreter_state() -> None:
    """Undo what the test process may have set that a new interpreter would not have: pytest's warning capture
    (a warning must reach stderr, as it would from ``python -m``), warning filters, the library's remembered
    digests of its files and package versions, the shared-results memo's state, and the working precision
    of mpmath and python-flint (a test that leaked a precision must not change what the command computes)."""
    import warnings

    warnings.resetwarnings()  # CPython's default filters (non-debug build), no -W options
    for action, category, module in (("ignore", ResourceWarning, ""), ("ignore", ImportWarning, ""),
                                     ("ignore", PendingDeprecationWarning, ""), ("ignore", DeprecationWarning, ""),
                                     ("default", DeprecationWarning, "__main__")):
        warnings.filterwarnings(action, category=category, module=module)
    warnings.showwarning = warnings._showwarning_orig  # type: ignore[attr-defined]
    warnings._showwarnmsg_impl = lambda msg: sys.stderr.write(warnings._formatwarnmsg(msg))  # type: ignore
    # what the library remembers of files and the environment (a test may have edited either since)
    for module, function in (("theorycheck.cache", "library_digest"), ("theorycheck.cache", "versions"),
                             ("theorycheck.plots", "_drawing_code_digest")):
        if module in sys.modules:
            getattr(sys.modules[module], function).cache_clear()
    if "theorycheck.memo" in sys.modules:
        memo = sys.modules["theorycheck.memo"]
        memo._ACTIVE = None
        memo._MODULE_KEYS.clear()
    if "mpmath" in sys.modules:
        sys.modules["mpmath"].mp.dps = 15
    if "flint" in sys.modules:
        sys.modules["flint"].ctx.prec = 53
    if "numpy" in sys.modules:
        sys.modules["numpy"].seterr(all="warn", under="ignore")  # NumPy's defaults


def _run_main(path: str) -> None:
    """Execute ``theorycheck/__main__.py`` as ``python -m theorycheck`` does: as the module ``__main__`` of the
    package ``theorycheck`` (runpy's module lookup would go through pytest's import hook here)."""
    main = types.ModuleType("__main__")
    main.__file__, main.__package__, main.__builtins__ = path, "theorycheck", __builtins__  # type: ignore[attr-defined]
    sys.modules["__main__"] = main
    exec(compile(Path(path).read_text(encoding="utf-8"), path, "exec"), main.__dict__)


def _child(args: list[str], cwd: str | None, env: dict[str, str], out_path: str, err_path: str,
           path: list[str]) -> int:
    """Run in the forked child: the command's exit status (never returns to the test)."""
    if cwd is not None:
        os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    sys.path[:] = [os.getcwd(), *path]  # python -m: the working directory first, then a new interpreter's path
    # a proofs folder loaded with --proofs DIR is imported again from its files, as a new interpreter does (the
    # test process may have imported it before an edit); the installed claims are the preloaded, unedited ones
    for name in [m for m in sys.modules if m.startswith("_theorycheck_proofs_")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    for fd, path in ((1, out_path), (2, err_path)):
        target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(target, fd)
        os.close(target)
    # fresh text streams on the redirected descriptors, as a new interpreter has (UTF-8: the test env's locale)
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="strict",
                                  line_buffering=False)
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                  errors="backslashreplace", line_buffering=True)
    sys.__stdout__, sys.__stderr__, sys.__stdin__ = sys.stdout, sys.stderr, sys.stdin
    _fresh_interpreter_state()
    sys.argv = [str(Path(__file__).resolve().parents[1] / "theorycheck" / "__main__.py"), *args]
    signal.signal(signal.SIGINT, signal.default_int_handler)
    status = 0
    try:
        _run_main(sys.argv[0])
    except SystemExit as exc:
        code = exc.code
        if code is None:
            status = 0
        elif isinstance(code, int):
            status = code
        else:  # sys.exit("message"): printed to stderr, exit 1
            print(code, file=sys.stderr)
            status = 1
    except BaseException:  # noqa: BLE001 - what the interpreter does with an uncaught exception
        traceback.print_exc()
        status = 1
    try:
        sys.stdout.flush()
    except Exception:  # noqa: BLE001 - CPython: "Exception ignored ... " and exit status 120
        print("Exception ignored on flushing sys.stdout:", file=sys.stderr)
        traceback.print_exc()
        status = 120
    try:
        sys.stderr.flush()
    except Exception:  # noqa: BLE001
        status = 120
    return status


def run_cli(*args: str, cwd: str | Path | None = None, env: dict[str, str] | None = None,
            timeout: float = 180) -> subprocess.CompletedProcess:
    """``python -m theorycheck *args`` in a forked copy of this process; the same result as
    ``subprocess.run([sys.executable, "-m", "theorycheck", *args], capture_output=True, text=True,
    cwd=cwd, env=env, timeout=timeout)`` (``env`` is the whole environment; default: this process's)."""
    environment = dict(os.environ if env is None else env)
    environment.pop("PYTEST_XDIST_WORKER", None)  # as a subprocess of a plain shell sees it
    from conftest import sources_edited_since_start

    if sources_edited_since_start():  # this process runs older code than the files: a new interpreter it is
        return subprocess.run([sys.executable, "-m", "theorycheck", *args], capture_output=True, text=True,
                              cwd=cwd, env=environment, timeout=timeout)
    _preload()
    path = _interpreter_path(environment.get("PYTHONPATH"))
    with tempfile.TemporaryDirectory(prefix="theorycheck-cli-") as scratch:
        out_path, err_path = os.path.join(scratch, "stdout"), os.path.join(scratch, "stderr")
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: run the command, then leave without the parent's atexit handlers
            status = 1
            try:
                status = _child(list(args), None if cwd is None else str(cwd), environment, out_path, err_path,
                                path)
            finally:
                os._exit(status)
        deadline = time.monotonic() + timeout
        while True:
            done, wait_status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise subprocess.TimeoutExpired(["theorycheck", *args], timeout)
            time.sleep(0.005)
        returncode = os.waitstatus_to_exitcode(wait_status)
        # as text=True reads a pipe: UTF-8 here (the tests' locale), universal newlines
        read = lambda path: Path(path).read_bytes().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
        return subprocess.CompletedProcess(["theorycheck", *args], returncode, read(out_path), read(err_path))
