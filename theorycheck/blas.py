"""How many threads the BLAS library under NumPy/SciPy may use, set at run time.

Checks run in parallel processes (``--jobs``, one per core by default); a multi-threaded BLAS inside
each of them oversubscribes the cores, and OpenBLAS's spinning threads then make a product like
``F.T @ F`` (65536×64) about 80× slower on a loaded 2-core machine (1.24 s against 0.016 s measured
here). Each check process therefore runs its BLAS on :func:`threads_per_check` threads (1 by default;
``THEORYCHECK_BLAS_THREADS=N`` overrides it).

The limit is set after ``fork`` with OpenBLAS's own ``*_set_num_threads`` (found among the loaded
shared libraries), or with ``threadpoolctl`` when that is installed.

Numbers: a product like ``F.T @ F`` comes out bit for bit the same on 1 or 2 threads, but some LAPACK
routines (solves, eigen- and singular values of the larger matrices) block their work by thread count:
against the default 2 threads on this machine, 4 of the 17 slowest claims (``ridge.*``) show evidence
numbers that differ in the last bits (at most 1.1e-15 relative), with the same verdicts. A fixed thread
count makes the evidence independent of the machine's number of cores, which OpenBLAS's default is not.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
from collections.abc import Iterator
from typing import Any

#: The setter's names in OpenBLAS builds (plain, 64-bit-integer and SciPy's own symbol prefixes).
_SETTERS = ("openblas_set_num_threads", "openblas_set_num_threads64_", "scipy_openblas_set_num_threads64_",
            "scipy_openblas_set_num_threads")


def _threads_setting() -> tuple[str | None, int | None]:
    """``THEORYCHECK_BLAS_THREADS`` as set (None when unset) and its value when it is a whole number from 1 to
    :func:`theorycheck.validate.most_per_cpu` (else None)."""
    from .validate import most_per_cpu

    value = os.environ.get("THEORYCHECK_BLAS_THREADS")
    try:
        threads = int(value) if value is not None else None
    except ValueError:
        threads = None
    return value, threads if threads is not None and 1 <= threads <= most_per_cpu() else None


def threads_per_check() -> int:
    """``THEORYCHECK_BLAS_THREADS`` when set to a whole number from 1 to 4 per CPU, else 1 (the command line refuses
    other values up front: :func:`check_environment`)."""
    return _threads_setting()[1] or 1


def check_environment() -> None:
    """:class:`~theorycheck.errors.InputError` for a ``THEORYCHECK_BLAS_THREADS`` that is not a whole number from 1 to
    4 per CPU (referee AS: ``abc``, ``0`` and ``-1`` had silently become 1)."""
    from .errors import InputError
    from .validate import most_per_cpu

    value, threads = _threads_setting()
    if value is not None and threads is None:
        raise InputError(f"THEORYCHECK_BLAS_THREADS={value!r}: give a whole number from 1 to {most_per_cpu()} (BLAS "
                         "threads per check)")


def _loaded_openblas() -> list[str]:
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as fh:
            paths = {line.split()[-1] for line in fh if "openblas" in line.lower() and "/" in line}
    except OSError:
        return []
    return sorted(p for p in paths if os.path.isfile(p))


def limit(threads: int) -> bool:
    """Limit the loaded BLAS libraries to ``threads`` threads; True when one was found and set."""
    try:
        from threadpoolctl import threadpool_limits

        threadpool_limits(limits=threads, user_api="blas")
        return True
    except Exception:  # noqa: BLE001 - not installed or unusable: set OpenBLAS directly
        pass
    done = False
    for _, setter in _openblas_pairs():
        setter(ctypes.c_int(threads))
        done = True
    return done


def _openblas_pairs() -> Iterator[tuple[Any, Any]]:
    """(``*_get_num_threads``, ``*_set_num_threads``) of each loaded OpenBLAS that has both."""
    for path in _loaded_openblas():
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for name in _SETTERS:
            getter, setter = getattr(lib, name.replace("_set_", "_get_"), None), getattr(lib, name, None)
            if getter is not None and setter is not None:
                yield getter, setter
                break


def counts() -> list[int]:
    """The thread count of each loaded OpenBLAS (NumPy and SciPy each load their own), in a fixed order."""
    return [int(getter()) for getter, _ in _openblas_pairs()]


def current() -> int | None:
    """The thread count of the first loaded OpenBLAS that reports one (``openblas_get_num_threads``), else None."""
    return next(iter(counts()), None)


@contextlib.contextmanager
def limited(threads: int) -> Iterator[None]:
    """Run a block on ``threads`` BLAS threads and give each library its own count back afterwards (a notebook's
    kernel runs a check as a check process would, then goes on with all its threads). With threadpoolctl
    installed, its context manager does both; else each loaded OpenBLAS is set and restored directly.

    Only the libraries loaded on entry are reached: one first loaded inside the block runs on its own default
    count there (and keeps it), so load them first, as the notebook does with :func:`theorycheck.runner.preload`
    (SciPy's own OpenBLAS)."""
    try:
        from threadpoolctl import threadpool_limits

        limits = threadpool_limits(limits=threads, user_api="blas")
    except Exception:  # noqa: BLE001 - not installed or unusable: set OpenBLAS directly
        limits = None
    if limits is not None:
        with limits:  # restores every library's own limit on exit
            yield
        return
    saved = [(setter, int(getter())) for getter, setter in _openblas_pairs()]
    for setter, _ in saved:
        setter(ctypes.c_int(threads))
    try:
        yield
    finally:
        for setter, before in saved:
            setter(ctypes.c_int(before))
