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

# Numerical properties are slow per example: no deadline; CI runs a fixed, derandomised set.
settings.register_profile("default", deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", deadline=None, max_examples=25, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The verdict cache (theorycheck/cache.py) stays off in tests, so no test depends on which test ran before
# it (under xdist the order differs from run to run); tests/test_cache.py turns it on in its subprocesses.
os.environ["THEORYCHECK_NO_CACHE"] = "1"

if "numpy" in __import__("sys").modules:  # too late for the variables above: set the loaded library
    from theorycheck import blas as _blas

    _blas.limit(int(_BLAS_THREADS) if _BLAS_THREADS.isdigit() else 1)

REPO = Path(__file__).resolve().parents[1]
PAPER_DIR = REPO.parent / "shared" / "paper"
TOY_PROOFS = Path(__file__).resolve().parent / "fixtures" / "toy_proofs"


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
