"""Helpers for the per-part notebooks: state a claim, run its check live, show the verdict."""

from __future__ import annotations

import time

from .claims import Verdict
from .registry import Registry, load


class ClaimWalk:
    """Walks a paper's claims in a notebook; ``verdicts`` collects what was run.

    ``run_slow`` decides whether :meth:`slow` runs a long check or only states the claim.
    """

    def __init__(self, run_slow: bool = False, registry: Registry | None = None):
        self.registry = registry or load()
        self.run_slow = run_slow
        self.verdicts: dict[str, Verdict] = {}

    def check(self, claim_id: str) -> Verdict:
        """State the claim, run its check here, print the verdict (an `error` verdict stops the notebook)."""
        from IPython.display import Markdown, display

        from .html_report import claim_markdown, markdown_math

        claim = self.registry.get(claim_id)
        display(Markdown(claim_markdown(claim)))
        started = time.perf_counter()
        verdict = claim.check()
        seconds = time.perf_counter() - started
        if verdict.verdict == "error":
            raise RuntimeError(f"the check of {claim_id} failed: {verdict.detail}")
        self.verdicts[claim_id] = verdict
        print(f"verdict: {verdict.verdict.upper()}  ({verdict.method}, {seconds:.1f} s)\n{verdict.detail}")
        if verdict.corrected:
            display(Markdown("Checked correction: " + markdown_math(verdict.corrected)))
        return verdict

    def slow(self, claim_id: str, seconds: float) -> Verdict | None:
        """A claim whose check takes about ``seconds``: run only with ``run_slow``, otherwise say how to run it."""
        if self.run_slow:
            return self.check(claim_id)
        from IPython.display import Markdown, display

        from .html_report import claim_markdown

        display(Markdown(claim_markdown(self.registry.get(claim_id))))
        print(f"verdict: not run here (the check takes about {seconds} s): set RUN_SLOW = True, "
              f"or run `theorycheck show {claim_id}`")
        return None
