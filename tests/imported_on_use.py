"""A module imported at its first attribute access, for test dependencies that are slow to import and used by
only some tests of a file (dp-accounting takes about a second): under pytest-xdist every worker collects every
file, and only the worker that runs those tests should pay for the import."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any


class ImportedOnUse:
    """``ImportedOnUse("dp_accounting.rdp").RdpAccountant`` imports ``dp_accounting.rdp`` then; names starting
    with ``_`` or ``pytest`` are not forwarded (pytest's collector probes module attributes for those)."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("_") or attr.startswith("pytest"):
            raise AttributeError(attr)
        return getattr(importlib.import_module(self._name), attr)


def installed(name: str) -> bool:
    """Whether ``name`` can be imported (found, not imported)."""
    return importlib.util.find_spec(name) is not None
