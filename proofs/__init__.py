"""Claims of "Private feature learning for single-index models" (Nguyen Doan Dai), one module per paper section.

Each module defines ``CLAIMS``, a list of :class:`theorycheck.Claim`. The paper
itself lives in ``../shared/paper/`` beside this repository and is not shipped.
"""

import theorycheck  # noqa: F401  (first: it sizes SymPy's caches before the claim modules load SymPy)

PAPER = "Private feature learning for single-index models"
