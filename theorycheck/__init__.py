"""theorycheck: machine-check a theory paper claim by claim.

The engine (:mod:`claims`, :mod:`registry`, :mod:`runner`, :mod:`report`,
:mod:`cli`) knows nothing of any particular paper; a paper's claims live in a
proofs folder (this project's is the folder ``proofs/``, installed as the package ``theorycheck_proofs``).
"""

__version__ = "0.1.0"

from .claims import Claim, Verdict, inconclusive, refuted, verified  # noqa: E402

__all__ = ["Claim", "Verdict", "verified", "refuted", "inconclusive", "__version__"]
