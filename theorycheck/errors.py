"""Errors the toolkit raises for bad input."""

from __future__ import annotations


class InputError(ValueError):
    """Bad user input: the message says which value is wrong and what to fix.

    The CLI turns it into exit code 2 with the message and no traceback.
    """


class UnknownClaimError(InputError):
    """A claim id (or prefix) that matches no registered claim."""

    def __init__(self, wanted: str, suggestions: list[str]):
        self.wanted = wanted
        self.suggestions = suggestions
        hint = f"; closest: {', '.join(suggestions)}" if suggestions else ""
        super().__init__(f"unknown claim id {wanted!r}{hint} (run 'theorycheck list' for all ids)")


class Terminated(KeyboardInterrupt):
    """SIGTERM (a CI job's timeout, ``kill PID``): handled as Ctrl-C is — the check processes stopped, nothing
    half-written kept — and the CLI exits 143 (referee CR, LOW-11)."""
