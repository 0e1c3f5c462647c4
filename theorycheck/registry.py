"""Discover claims from a proofs directory and resolve ids.

A proofs directory is a folder of Python modules, one per paper section; each
module defines ``CLAIMS``: a list of :class:`~theorycheck.claims.Claim`. The
folder may define ``PAPER`` (the paper's title) in its ``__init__.py``. By
default the installed ``theorycheck_proofs`` package of this project (the folder ``proofs/``) is used; ``--proofs
DIR`` points the same engine at another paper.
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import hashlib
import importlib
import importlib.util
import os
import pkgutil
import sys
import traceback
import types
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from .claims import Claim
from .errors import InputError, UnknownClaimError


@dataclasses.dataclass(frozen=True)
class Registry:
    """The claims of one paper, in the order their modules and lists give them."""

    paper: str
    claims: tuple[Claim, ...]
    location: str

    def __post_init__(self) -> None:
        seen: dict[str, Claim] = {}
        for claim in self.claims:
            if claim.id in seen:
                raise InputError(f"claim id {claim.id!r} is registered twice")
            seen[claim.id] = claim
        for claim in self.claims:
            for dep in claim.depends_on:
                if dep not in seen:
                    raise InputError(f"claim {claim.id!r} depends on unknown claim {dep!r}")

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.claims]

    def get(self, claim_id: str) -> Claim:
        for claim in self.claims:
            if claim.id == claim_id:
                return claim
        raise UnknownClaimError(claim_id, difflib.get_close_matches(claim_id, self.ids, n=3, cutoff=0.5))

    def select(self, wanted: Sequence[str]) -> list[Claim]:
        """Claims matching the given ids or id prefixes (``"fourier."``), in registry order.

        An empty selection means every claim. A pattern that matches nothing raises
        :class:`UnknownClaimError` naming the closest ids.
        """
        if not wanted:
            return list(self.claims)
        chosen: set[str] = set()
        for pattern in wanted:
            hits = [
                c.id for c in self.claims if c.id == pattern or (pattern.endswith(".") and c.id.startswith(pattern))
            ]
            if not hits:
                # "fourier" without the dot is also accepted as a prefix of whole words
                hits = [c.id for c in self.claims if c.id.startswith(pattern + ".")]
            if not hits:
                candidates = self.ids + sorted({c.id.split(".")[0] + "." for c in self.claims})
                raise UnknownClaimError(pattern, difflib.get_close_matches(pattern, candidates, n=3, cutoff=0.5))
            chosen.update(hits)
        return [c for c in self.claims if c.id in chosen]

    def dependencies(self, claim_id: str, premises: Callable[[str], Sequence[str]] | None = None) -> list[str]:
        """Every claim ``claim_id`` rests on, directly or through others (depth-first order); ``premises(claim)``
        gives a claim's direct premises (default: its ``depends_on``; :func:`theorycheck.runner.taint` gives a claim
        decided without its paper premises the premises of its own route instead)."""
        direct = premises or (lambda cid: self.get(cid).depends_on)
        out: list[str] = []
        stack = list(direct(claim_id))
        while stack:
            dep = stack.pop(0)
            if dep in out or dep == claim_id:
                continue
            out.append(dep)
            stack.extend(direct(dep))
        return out


def _module_file(package: types.ModuleType, name: str) -> str:
    """The file a module of the proofs folder comes from (for messages: not the internal module name)."""
    for folder in getattr(package, "__path__", []):
        for candidate in (Path(folder) / f"{name}.py", Path(folder) / name / "__init__.py"):
            if candidate.exists():
                return str(candidate)
    return f"{name}.py"


def _import_error(file: str, exc: BaseException) -> InputError:
    """A one-line :class:`InputError` for a module that fails to import: file and line, what went wrong."""
    if isinstance(exc, SyntaxError):
        where = f"{exc.filename or file}:{exc.lineno}" if exc.lineno else (exc.filename or file)
        return InputError(f"{where}: syntax error: {exc.msg}; fix the module or leave it out of --proofs")
    # the innermost frame inside the file, else the outermost frame of the proofs folder, else the file
    frames = traceback.extract_tb(exc.__traceback__)
    folder = str(Path(file).resolve().parent)
    mine = [f for f in frames if f.filename and str(Path(f.filename).resolve()) == str(Path(file).resolve())]
    inside = [f for f in frames if f.filename and str(Path(f.filename).resolve()).startswith(folder + os.sep)]
    chosen = mine or inside
    frame = chosen[-1] if chosen else None
    where = f"{frame.filename}:{frame.lineno}" if frame else file
    message = " ".join(str(exc).split())
    what = "importing it" if frame is not None and frame in mine else f"importing {file}"
    return InputError(f"{where}: {what} raised {type(exc).__name__}"
                      + (f": {message}" if message else "") + "; fix the module or leave it out of --proofs")


def _claims_line(file: str) -> str:
    """``file:line`` of the ``CLAIMS =`` assignment, for messages about it."""
    import ast

    try:
        tree = ast.parse(Path(file).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return file
    for node in ast.walk(tree):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id == "CLAIMS" for t in targets):
            return f"{file}:{getattr(node, 'lineno', 0)}"
    return file


def _collect(package: types.ModuleType, module_names: Iterable[str]) -> list[Claim]:
    """Every module's ``CLAIMS``, in order. A module that fails to import, a ``CLAIMS`` that is not a
    list of :class:`Claim`, or an id defined twice is an :class:`InputError` naming the file (and line)."""
    claims: list[Claim] = []
    origin: dict[str, str] = {}
    for name in module_names:
        file = _module_file(package, name)
        try:
            # what a module prints while it is imported goes to standard error: standard output may be JSON
            with contextlib.redirect_stdout(sys.stderr):
                module = importlib.import_module(f"{package.__name__}.{name}")
        except InputError:
            raise
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - any failure of a user's module is bad input
            raise _import_error(file, exc) from None
        found = getattr(module, "CLAIMS", None)
        if found is None:
            continue
        if isinstance(found, (str, bytes, dict, Claim)) or not isinstance(found, Iterable):
            raise InputError(f"{_claims_line(file)}: CLAIMS must be a list of theorycheck.Claim, "
                             f"got {type(found).__name__}")
        for k, claim in enumerate(found):
            if not isinstance(claim, Claim):
                shown = repr(claim)
                shown = shown if len(shown) <= 60 else shown[:59] + "…"
                raise InputError(f"{_claims_line(file)}: CLAIMS[{k}] is {shown} ({type(claim).__name__}), "
                                 f"not a theorycheck.Claim")
            if claim.id in origin:
                first = origin[claim.id]
                where = f"in {file} twice" if first == file else f"in {first} and in {file}"
                raise InputError(f"claim id {claim.id!r} is defined {where}; ids must be unique")
            origin[claim.id] = file
            _check_latex(claim, file)
            claims.append(claim)
    for claim in claims:
        for dep in claim.depends_on:
            if dep not in origin:
                close = difflib.get_close_matches(dep, list(origin), n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise InputError(f"{origin[claim.id]}: claim {claim.id!r} depends on unknown claim {dep!r}{hint}")
    return claims


def _check_latex(claim: Claim, file: str) -> None:
    """A claim's text statement and assumptions must be LaTeX whose groups close
    (:func:`~theorycheck.latex.unbalanced`): one that does not would break every claim's ``theorycheck latex``
    document (referee CR, LOW-8). A statement generated from SymPy is not read here (its printing is deferred;
    SymPy's LaTeX closes its groups)."""

    from .latex import unbalanced

    for field in ("statement", "assumptions") if claim.formula is None else ("assumptions",):
        fault = unbalanced(getattr(claim, field))
        if fault:
            raise InputError(f"{file}: claim {claim.id!r}: the LaTeX of its {field} cannot be set as math "
                             f"({fault})")


#: The import name this project's ``proofs/`` folder is installed under (pyproject.toml's package-dir).
DEFAULT_PACKAGE = "theorycheck_proofs"


def _module_names(path: Path) -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules([str(path)]) if not info.name.startswith("_"))


def load(proofs_dir: str | Path | None = None) -> Registry:
    """Load the registry from ``proofs_dir``, or from the installed :data:`DEFAULT_PACKAGE`."""
    if proofs_dir is None:
        try:
            package = importlib.import_module(DEFAULT_PACKAGE)
        except ImportError:
            raise InputError(f"no {DEFAULT_PACKAGE!r} package is installed; pass --proofs DIR") from None
        path = Path(next(iter(package.__path__)))
    else:
        if not str(proofs_dir).strip():  # referee AS: "" was read as the working directory
            raise InputError("--proofs: empty folder name; give the folder of claim modules")
        path = Path(proofs_dir).resolve()
        if path.exists() and not path.is_dir():
            raise InputError(f"--proofs {proofs_dir}: is a file; give the folder of claim modules")
        if not path.is_dir():
            raise InputError(f"--proofs {proofs_dir}: no such directory")
        if not _module_names(path):
            raise InputError(f"--proofs {proofs_dir}: the directory holds no Python modules")
        name = "_theorycheck_proofs_" + hashlib.sha1(str(path).encode()).hexdigest()[:10]
        cached = sys.modules.get(name)
        if cached is not None:
            package = cached
        else:
            init = path / "__init__.py"
            if init.exists():
                spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(path)])
                assert spec and spec.loader
                package = importlib.util.module_from_spec(spec)
                sys.modules[name] = package
                try:
                    spec.loader.exec_module(package)
                except (Exception, SystemExit) as exc:  # noqa: BLE001
                    del sys.modules[name]
                    raise _import_error(str(init), exc) from None
            else:
                package = types.ModuleType(name)
                package.__path__ = [str(path)]
                sys.modules[name] = package
    claims = _collect(package, _module_names(path))
    # a folder of other scripts, no module defining CLAIMS at all: say so instead of "0 claims" (referee DG, M3); an
    # explicit CLAIMS = [] is a proofs folder with no claims yet, as before (referee DH, DH-5)
    if not claims and not any(hasattr(sys.modules.get(f"{package.__name__}.{name}"), "CLAIMS")
                              for name in _module_names(path)):
        where = f"--proofs {proofs_dir}" if proofs_dir is not None else f"the installed {DEFAULT_PACKAGE!r}"
        raise InputError(f"{where}: no module defines CLAIMS (a claim module defines CLAIMS = [Claim(...), ...]; "
                         "modules whose names start with _ are not read); give the folder of claim modules")
    paper = getattr(package, "PAPER", path.name)
    return Registry(paper=paper, claims=tuple(claims), location=str(path))


def load_definitions(location: str | Path) -> dict[tuple[int, int], str]:
    """Displays that a proofs folder marks as definitions, from each module's ``DEFINITIONS`` dict.

    ``DEFINITIONS = {(1, 4): "square loss"}`` says display 4 of Part 1 defines
    something and asserts nothing to check. Call after :func:`load` of the same folder.
    """
    path = Path(location).resolve()
    out: dict[tuple[int, int], str] = {}
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if file and Path(file).resolve().parent == path and hasattr(module, "DEFINITIONS"):
            out.update({tuple(k): v for k, v in module.DEFINITIONS.items()})
    return out
