"""Expensive quantities shared by several checks, computed once per audit.

The checks run in several forked processes (:mod:`theorycheck.runner`: one family of claims per process at a
time), so an in-process cache (``functools.cache``) cannot carry a simulation from a check in one process to a
check in another, nor from one audit to the next. A function decorated
with :func:`shared` keeps its results on disk, in the verdict cache's folder (``memo/``), while an audit
has activated the memo (:func:`active`, done by ``theorycheck check`` and the commands that run checks);
outside an audit (tests, notebooks, a check called by hand) it is an ordinary call.

A stored result is reused only when it was computed by the same code from the same arguments, keyed on:

- the function's module and qualified name, and its arguments — only plain values (int, float, str, bool,
  None and tuples/lists/dicts of them) are accepted; any other argument makes the call an ordinary one;
- the digests of the function's module and of every proofs and library module it imports, transitively
  (the same import analysis as the verdict cache, :func:`theorycheck.cache.closure`);
- the versions of Python and of the numerical packages and the BLAS threads of a check (as the verdict cache:
  :func:`theorycheck.cache.versions`), and mpmath's working precision at the call.

``--rerun`` gives the audit a fresh, empty memo folder (removed afterwards; one left by a killed audit is
removed by the next ``--rerun`` on the same host): nothing computed before is reused, while checks of the same
run still share their simulations. Results are pickled; one that fails to
load is computed again, and one larger than :data:`MAX_BYTES` is not stored.

Every edit of a module makes new keys, so old results would pile up (a day of editing left 516 MB): when an
audit ends, the folder is cut to :data:`MAX_FOLDER_BYTES` by removing the results used longest ago (a read
refreshes a file's time), never one this audit used. A removed result is only computed again when asked for.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import json
import os
import pickle
import shutil
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from .outputs import mark_used, prune_least_recent, use_started, write_atomic

F = TypeVar("F", bound=Callable[..., Any])

#: Results whose pickle is larger than this are computed again rather than stored.
MAX_BYTES = 200 * 2**20
#: The memo folder is cut to this size when an audit ends (least recently used first; a full audit stores ~60 MB).
MAX_FOLDER_BYTES = 256 * 2**20

#: (folder, cache) while an audit has activated the memo; inherited by the forked check processes.
_ACTIVE: tuple[Path, Any] | None = None
_MODULE_KEYS: dict[str, Any] = {}


def _plain(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, (tuple, list)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


def _module_key(module: str) -> Any:
    """Digests of ``module`` and of every proofs/library module it reaches (see :mod:`theorycheck.cache`)."""
    if module not in _MODULE_KEYS:
        from . import cache as cache_mod

        assert _ACTIVE is not None
        store = _ACTIVE[1]
        roots = [(t, name) for t, tree in enumerate((store.folder, store.library))
                 if (name := tree.module_of(module)) is not None]
        # not a module of either tree: no sound key (None); else as the verdict cache keys a claim's modules
        _MODULE_KEYS[module] = (None if not roots else
                                {**cache_mod.source_parts(store.folder, store.library, roots),
                                 "versions": cache_mod.versions()})
    return _MODULE_KEYS[module]


def _tagged(value: Any) -> Any:
    """A JSON form that tells apart what json.dumps merges: a tuple from a list, dict orders, bool from int."""
    if isinstance(value, tuple):
        return ["tuple", [_tagged(v) for v in value]]
    if isinstance(value, list):
        return ["list", [_tagged(v) for v in value]]
    if isinstance(value, dict):
        return ["dict", [[k, _tagged(v)] for k, v in value.items()]]
    return [type(value).__name__, value]


def _key(fn: Callable[..., Any], args: tuple, kwargs: dict) -> str | None:
    if not (_plain(list(args)) and _plain(kwargs)):
        return None
    module_key = _module_key(fn.__module__)
    if module_key is None:
        return None
    mp = sys.modules.get("mpmath")
    prec = mp.mp.prec if mp is not None else None
    parts = {"function": f"{fn.__module__}.{fn.__qualname__}", "args": _tagged(args), "kwargs": _tagged(kwargs),
             "mpmath_prec": prec, **module_key}
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=repr).encode()).hexdigest()


def shared(fn: F) -> F:
    """Keep ``fn``'s results on disk while an audit runs, for the other checks that call it with the same
    arguments (see the module docstring for the key). ``fn`` must be a pure function of its arguments."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if _ACTIVE is None:
            return fn(*args, **kwargs)
        key = _key(fn, args, kwargs)
        if key is None:
            return fn(*args, **kwargs)
        path = _ACTIVE[0] / f"{fn.__qualname__.replace('<', '').replace('>', '')}-{key[:24]}.pkl"
        try:
            value = pickle.loads(path.read_bytes())
        except Exception:  # noqa: BLE001 - missing, partly written or unloadable: compute it
            pass
        else:
            mark_used(path)  # its time is its last use: prune keeps what is used
            return value
        value = fn(*args, **kwargs)
        if _ACTIVE[1].unchanged(_module_key(fn.__module__)):  # not when its code was edited while it ran
            _store(path, value)
        return value

    return wrapper  # type: ignore[return-value]


def remembered(maxsize: int | None = None) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)`` for a function returning a mutable result (a dict of measurements,
    rows): each call hands out a deep copy of the remembered value, so a caller that edits what it got (adds a
    key, sorts a list) cannot change what the next caller reads. ``cache_clear``/``cache_info`` are kept.

    >>> @remembered()
    ... def rows(n: int) -> dict:
    ...     return {"values": list(range(n))}
    >>> first = rows(3); first["values"].append(99); rows(3)
    {'values': [0, 1, 2]}
    """

    def decorate(fn: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(fn)

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return copy.deepcopy(cached(*args, **kwargs))

        wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        wrapper.cache_info = cached.cache_info  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return decorate


def _store(path: Path, value: Any) -> None:
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an unpicklable result is simply not shared
        return
    if len(data) > MAX_BYTES:
        return
    with contextlib.suppress(OSError):
        write_atomic(path, data)  # atomic: a reader sees the whole file or none


def _rerun_prefix(pid: int | None = None) -> str:
    """The name prefix of a ``--rerun`` memo folder: the host and process that own it."""
    return f"memo-rerun-{socket.gethostname()}-{os.getpid() if pid is None else pid}-"


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by another user
        return True
    return True


def _remove_abandoned_rerun_folders(parent: Path) -> list[Path]:
    """Remove the ``--rerun`` memo folders of this host whose process is gone (a killed audit cannot remove its
    own); folders of other hosts (a shared cache folder) and of live processes are kept. Returns the removed."""
    removed = []
    host_prefix = f"memo-rerun-{socket.gethostname()}-"
    for folder in parent.glob(host_prefix + "*"):
        pid_text = folder.name[len(host_prefix):].split("-", 1)[0]
        if folder.is_dir() and pid_text.isdigit() and not _process_alive(int(pid_text)):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def prune(folder: Path, limit: int, *, keep_since: float = float("inf")) -> list[Path]:
    """The results (``*.pkl``) of ``folder`` used longest ago removed until the rest take at most ``limit`` bytes,
    none used at or after ``keep_since`` (:func:`theorycheck.outputs.prune_least_recent`). Removing is always safe:
    a result that is gone is computed again when a check asks for it."""
    return prune_least_recent(folder, "*.pkl", limit, keep_since=keep_since)


def _remove_legacy_files(parent: Path) -> None:
    """Part 3's measurements were kept in ``data/part3_measure_*.json`` before they moved to this memo (2963cb4);
    nothing reads those files any more."""
    legacy = parent / "data"
    for path in legacy.glob("part3_measure_*.json"):
        with contextlib.suppress(OSError):
            path.unlink()
    with contextlib.suppress(OSError):
        legacy.rmdir()  # only when empty


@contextlib.contextmanager
def active(store: Any, *, fresh: bool = False) -> Iterator[Path | None]:
    """Activate the memo in the folder of the verdict cache ``store`` (a :class:`theorycheck.cache.Cache`;
    None: stay inactive). ``fresh``: a new empty folder for this run only, removed on exit."""
    global _ACTIVE
    if store is None:
        yield None
        return
    previous = _ACTIVE
    base = Path(store.directory) / "memo"
    folder = base
    if fresh:
        base.parent.mkdir(parents=True, exist_ok=True)
        _remove_abandoned_rerun_folders(base.parent)
        folder = Path(tempfile.mkdtemp(prefix=_rerun_prefix(), dir=base.parent))
    _ACTIVE = (folder, store)
    _MODULE_KEYS.clear()
    started = use_started()  # what this audit writes or reads counts as used
    try:
        yield folder
    finally:
        _ACTIVE = previous
        _MODULE_KEYS.clear()
        if fresh:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            prune(folder, MAX_FOLDER_BYTES, keep_since=started)
            _remove_legacy_files(base.parent)
