"""Discover claims from a proofs directory and resolve ids.

A proofs directory is a folder of Python modules, one per paper section; each
module defines ``CLAIMS``: a list of :class:`~theorycheck.claims.Claim`. The
folder may define ``PAPER`` (the paper's title) in its ``__init__.py``. By
default the installed ``proofs`` package of this project is used; ``--proofs
DIR`` points the same engine at another paper.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import importlib
import importlib.util
import pkgutil
import sys
import types
from collections.abc import Iterable, Sequence
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
            hits = [c.id for c in self.claims if c.id == pattern or (pattern.endswith(".") and c.id.startswith(pattern))]
            if not hits:
                # "fourier" without the dot is also accepted as a prefix of whole words
                hits = [c.id for c in self.claims if c.id.startswith(pattern + ".")]
            if not hits:
                candidates = self.ids + sorted({c.id.split(".")[0] + "." for c in self.claims})
                raise UnknownClaimError(pattern, difflib.get_close_matches(pattern, candidates, n=3, cutoff=0.5))
            chosen.update(hits)
        return [c for c in self.claims if c.id in chosen]

    def dependencies(self, claim_id: str) -> list[str]:
        """Every claim ``claim_id`` rests on, directly or through others (depth-first order)."""
        out: list[str] = []
        stack = list(self.get(claim_id).depends_on)
        while stack:
            dep = stack.pop(0)
            if dep in out or dep == claim_id:
                continue
            out.append(dep)
            stack.extend(self.get(dep).depends_on)
        return out


def _collect(package: types.ModuleType, module_names: Iterable[str]) -> list[Claim]:
    claims: list[Claim] = []
    for name in module_names:
        module = importlib.import_module(f"{package.__name__}.{name}")
        found = getattr(module, "CLAIMS", None)
        if found is None:
            continue
        for claim in found:
            if not isinstance(claim, Claim):
                raise InputError(f"{module.__name__}.CLAIMS holds {claim!r}, which is not a Claim")
            claims.append(claim)
    return claims


def _module_names(path: Path) -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules([str(path)]) if not info.name.startswith("_"))


def load(proofs_dir: str | Path | None = None) -> Registry:
    """Load the registry from ``proofs_dir``, or from the installed ``proofs`` package."""
    if proofs_dir is None:
        try:
            package = importlib.import_module("proofs")
        except ImportError:
            raise InputError("no 'proofs' package is installed; pass --proofs DIR") from None
        path = Path(next(iter(package.__path__)))
    else:
        path = Path(proofs_dir).resolve()
        if not path.is_dir():
            raise InputError(f"--proofs {proofs_dir}: no such directory")
        if not _module_names(path):
            raise InputError(f"--proofs {proofs_dir}: the directory holds no Python modules")
        name = "_theorycheck_proofs_" + hashlib.sha1(str(path).encode()).hexdigest()[:10]
        package = sys.modules.get(name)
        if package is None:
            init = path / "__init__.py"
            if init.exists():
                spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(path)])
                assert spec and spec.loader
                package = importlib.util.module_from_spec(spec)
                sys.modules[name] = package
                spec.loader.exec_module(package)
            else:
                package = types.ModuleType(name)
                package.__path__ = [str(path)]  # type: ignore[attr-defined]
                sys.modules[name] = package
    claims = _collect(package, _module_names(path))
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
