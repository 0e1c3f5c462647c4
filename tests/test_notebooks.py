"""The notebooks (jupytext percent-format scripts in notebooks/) run end to end: a cell that raises fails the test.

The three notebooks are executed concurrently (one kernel each, nbclient's async API), so the
suite waits for the slowest one rather than for their sum; under pytest-xdist the suite's
``--dist loadfile`` (pyproject.toml) keeps this file on one worker, so they execute once per run.
The kernels use the session's shared verdict cache (tests/conftest.py): a claim whose check another
test already ran unmodified shows its cached verdict, and the checks run here are stored for the others.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = ("part1_setting.py", "part2_first_layer.py", "part2_certificate.py", "part3_second_layer.py")
#: Seconds one cell may take.
CELL_TIMEOUT = 120

# found here, imported where used: the process that only collects this file does not pay for the imports
pytestmark = [
    pytest.mark.skipif(importlib.util.find_spec(name) is None,
                       reason=f"{name} is needed to {why} (pip install -e .[test])")
    for name, why in (("jupytext", "read the percent-format notebooks"), ("nbclient", "execute the notebooks"),
                      ("ipykernel", "execute the notebooks"))
]


def kernel_name() -> str:
    """The python3 kernel; its spec is installed for the user when none is found."""
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:
        subprocess.run(
            [sys.executable, "-m", "ipykernel", "install", "--user", "--name", "python3"],
            check=True,
            capture_output=True,
            timeout=60,
        )
    return "python3"


@pytest.fixture(scope="module")
def executed(session_cache_dir) -> dict[str, tuple[object, float, BaseException | None]]:
    """Every notebook executed once, concurrently: name -> (notebook, seconds, exception or None)."""
    import jupytext
    from nbclient import NotebookClient

    kernel = kernel_name()
    # the kernels' environment: the session's verdict cache on (theorycheck.notebook.ClaimWalk reads and stores it)
    env = {**os.environ, "THEORYCHECK_NO_CACHE": "0", "THEORYCHECK_CACHE_DIR": str(session_cache_dir)}

    async def run_one(name: str):
        nb = jupytext.read(REPO / "notebooks" / name)
        client = NotebookClient(
            nb, timeout=CELL_TIMEOUT, kernel_name=kernel, resources={"metadata": {"path": str(REPO / "notebooks")}}
        )
        started = time.perf_counter()
        try:
            await client.async_execute(env=env)  # passed to the kernel manager's start_kernel
            error = None
        except Exception as exc:  # noqa: BLE001 - reported by the notebook's own test
            error = exc
        return name, (nb, time.perf_counter() - started, error)

    async def run_all():
        return dict(await asyncio.gather(*(run_one(n) for n in NOTEBOOKS)))

    return asyncio.run(run_all())


def test_every_part_has_a_notebook():
    assert sorted(p.name for p in (REPO / "notebooks").glob("*.py")) == sorted(NOTEBOOKS)


def test_every_claim_appears_in_a_notebook():
    """The notebooks walk every registered claim (keep them current as claims are added)."""
    from theorycheck.registry import load

    used: set[str] = set()
    for name in NOTEBOOKS:
        used |= set(re.findall(r'(?:check|slow)\("([^"]+)"', (REPO / "notebooks" / name).read_text()))
    ids = load().ids
    missing = [i for i in ids if i not in used]
    assert not missing, f"claims no notebook shows (add a check(...) cell where the paper states them): {missing}"
    assert not used - set(ids), f"notebook cells name unknown claims: {sorted(used - set(ids))}"


@pytest.mark.slow  # the four notebooks' execution (the `executed` fixture) takes ~40 s alone
@pytest.mark.late  # after most claim tests: the kernels read the verdicts those stored in the session's cache
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs(name, executed):
    nb, seconds, error = executed[name]
    shown = "".join(o.get("text", "") for cell in nb.cells for o in cell.get("outputs", []))
    print(f"{name}: executed in {seconds:.1f} s; {shown.count('verdict: ')} verdicts shown, "
          f"{shown.count('(cached')} read from the session's cache")
    if error is not None:
        raise error  # nbclient's CellExecutionError names the cell and shows its traceback
    assert len(nb.cells) > 5 and nb.cells[0].cell_type == "markdown"
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert [o for o in outputs if "image/png" in o.get("data", {})], f"{name} draws no plot"
    text = "".join(o.get("text", "") + str(o.get("data", {}).get("text/plain", "")) for o in outputs)
    assert "verdict: " in text


@pytest.mark.slow  # uses the notebooks' execution
def test_notebooks_share_the_session_cache(executed, session_cache_dir, why_not_fresh):
    """The kernels used the session's verdict cache: every claim a notebook showed as checked has an entry
    there (stored by the kernel, or by another test before it) that this process finds fresh, so the
    kernels and the test processes agree on the cache keys (unless a source was edited mid-session)."""
    from theorycheck.cache import Cache
    from theorycheck.registry import load

    registry = load()
    store = Cache(registry.location, directory=session_cache_dir)
    shown: set[str] = set()
    for name in NOTEBOOKS:
        nb, _, error = executed[name]
        if error is not None:
            pytest.skip(f"{name} failed (reported by test_notebook_runs)")
        for cell in nb.cells:
            if cell.cell_type == "code":
                shown |= set(re.findall(r'^(?:v = )?check\("([^"]+)"\)', cell.source, re.M))
    assert len(shown) > 20
    missing = {cid: why for cid in sorted(shown) if (why := why_not_fresh(store, registry.get(cid)))}
    assert not missing, f"checked in a notebook but not fresh in the session cache: {missing}"
    # ... and each kernel took part, claim by claim: every verdict it showed (not a slow claim's "not run here") was
    # read from that folder ("cached;") or stored there by the kernel itself ("stored in the cache") — an entry
    # someone else stored or copied from the audit's cache does not count (referees M, N). A source edited
    # mid-session makes the cache refuse to store, as the assertion above tolerates.
    from conftest import sources_edited_since_start

    if not sources_edited_since_start():
        lines = [line for name in NOTEBOOKS for cell in executed[name][0].cells if cell.cell_type == "code"
                 for o in cell.get("outputs", []) for line in o.get("text", "").splitlines()
                 if line.startswith("verdict: ") and "not run here" not in line]
        assert len(lines) >= len(shown)
        silent = [line for line in lines if "(cached;" not in line and "stored in the cache" not in line]
        assert not silent, silent[:3]


def test_notebook_text_is_printed_when_run_as_a_script(capsys):
    """Referee DG, M2: outside IPython (python3 notebooks/part2_first_layer.py) a claim's statement is printed as
    text; it had printed "<IPython.core.display.Markdown object>"."""
    from theorycheck.notebook import _show_markdown

    _show_markdown("**`x.claim`** — a statement")
    out = capsys.readouterr().out
    assert "**`x.claim`** — a statement" in out and "IPython.core.display" not in out
