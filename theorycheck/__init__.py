"""theorycheck: machine-check a theory paper claim by claim.

The engine (:mod:`claims`, :mod:`registry`, :mod:`runner`, :mod:`report`,
:mod:`cli`) knows nothing of any particular paper; a paper's claims live in a
proofs folder (this project's is the folder ``proofs/``, installed as the package ``theorycheck_proofs``).
"""

__version__ = "0.1.0"

import os as _os

#: SymPy keeps one LRU cache per cached function (``sympy.core.cache.cacheit``), sized when SymPy loads from
#: ``SYMPY_CACHE_SIZE`` (default 1000): too small for the audit, whose checks rebuild the same subexpressions in
#: simplify, subs and limits again and again. 100000 entries per function cost a check process about 20 MB and
#: made the SymPy-heavy families (thm2., construct.) about 7 % faster (benchmarks/bench_sympy_cache.py; figures in
#: benchmarks/HISTORY.md; one pair of runs each), the test suite about as much. No value depends on it: a cold audit
#: at 100000 gave every record of one at 1000 (the one claim whose check had changed in between aside). Set only
#: where SymPy has not loaded yet (the CLI, the pytest plugin, a notebook or a proofs package that imports
#: theorycheck first), never over a user's own setting; the reports record the size in force
#: (:func:`theorycheck.report.environment`).
SYMPY_CACHE_SIZE = "100000"
_os.environ.setdefault("SYMPY_CACHE_SIZE", SYMPY_CACHE_SIZE)

from .claims import Claim, Verdict, inconclusive, refuted, verified  # noqa: E402

__all__ = ["Claim", "Verdict", "verified", "refuted", "inconclusive", "__version__"]
