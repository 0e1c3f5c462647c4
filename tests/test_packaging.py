"""The project's claims install under a namespaced import name (``theorycheck_proofs``), not a generic
top-level ``proofs`` that could collide with another project's; the folder stays ``proofs/`` and its modules
import each other relatively, so the same folder also loads through ``--proofs DIR`` under any name."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import theorycheck_proofs
from theorycheck import registry

REPO = Path(__file__).resolve().parents[1]
PROOFS = REPO / "proofs"


def test_installed_name_is_the_proofs_folder():
    assert Path(next(iter(theorycheck_proofs.__path__))).resolve() == PROOFS
    assert registry.DEFAULT_PACKAGE == "theorycheck_proofs"


def _absolute_imports_of_the_folder(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        found += [f"{path.name}:{node.lineno}: {name}" for name in names
                  if name.split(".")[0] in {"proofs", "theorycheck_proofs"}]
    return found


def test_proofs_modules_import_each_other_relatively():
    offenders = [hit for file in sorted(PROOFS.glob("*.py")) for hit in _absolute_imports_of_the_folder(file)]
    assert offenders == []


def test_a_detector_of_absolute_imports_finds_one(tmp_path):
    """The scan above can fail: a module with `from proofs.symbols import t` is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text("import math\nfrom proofs.symbols import t\nimport theorycheck_proofs.regime as R\n")
    assert _absolute_imports_of_the_folder(bad) == ["bad.py:2: proofs.symbols", "bad.py:3: theorycheck_proofs.regime"]


def test_default_registry_never_imports_a_top_level_proofs(tmp_path):
    """From a directory without a proofs/ folder on the path, the default registry loads every claim and no
    module called ``proofs`` (or ``proofs.*``) is imported."""
    code = (
        "import sys\n"
        "from theorycheck import registry\n"
        "reg = registry.load()\n"
        "bad = sorted(m for m in sys.modules if m == 'proofs' or m.startswith('proofs.'))\n"
        "print(len(reg.claims), bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    count, bad = out.stdout.strip().split(" ", 1)
    assert int(count) > 100 and bad == "[]"


def test_the_folder_loads_through_proofs_dir_without_the_installed_copy(tmp_path):
    """`--proofs DIR` on a copy of the folder: its modules import each other inside the copy, never the
    installed ``theorycheck_proofs``."""
    code = (
        "import sys\n"
        "from theorycheck import registry\n"
        f"reg = registry.load({str(PROOFS)!r})\n"
        "print(len(reg.claims), sorted(m for m in sys.modules if m.startswith('theorycheck_proofs')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    count, installed = out.stdout.strip().split(" ", 1)
    assert int(count) > 100 and installed == "[]"
