"""Claim and verdict records: the data every check produces and every report reads.

A :class:`Claim` is one displayed statement of a paper (a lemma, an identity, a
bound, a rate) together with the callable that checks it. A :class:`Verdict` is
what that callable returns. Both are frozen: reports, the LaTeX export and the
dependency graph are generated from these records, never kept by hand.

Convention for checks
---------------------
The callable stored in ``Claim.check`` takes no arguments. It is built (usually
with :func:`functools.partial`) from a *checker* function that takes the claimed
statement as an argument -- a callable for the claimed right-hand side, a
constant, an exponent -- so that tests can feed the same checker a perturbed
statement and assert that it is rejected.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from .prose import readable
from .vocabulary import VerdictKind, allowed, check, check_method  # vocabularies checked in one place

VERDICT_KINDS: tuple[VerdictKind, ...] = allowed("verdict")  # type: ignore[assignment]  # the Literal's values

#: Methods a check may report, alone or joined with "+" (e.g. "numeric+certified").
METHODS = allowed("method")


def jsonable(value: Any) -> Any:
    """Convert ``value`` into plain JSON types, keeping full precision.

    mpmath and python-flint numbers become decimal strings (their ``str``), so
    30-digit values survive the round trip; NumPy scalars and arrays become
    Python floats and lists; non-finite floats become the strings ``"inf"``,
    ``"-inf"`` and ``"nan"`` (JSON has no such numbers).
    """
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return jsonable(dataclasses.asdict(value))
    module = type(value).__module__ or ""
    if module.startswith("numpy"):
        if hasattr(value, "tolist"):
            return jsonable(value.tolist())
        return jsonable(value.item())
    if isinstance(value, complex):
        return {"re": jsonable(value.real), "im": jsonable(value.imag)}
    # mpmath (mpf/mpc), flint (arb/acb/fmpq), sympy objects: their text is exact enough.
    return str(value)


#: Where a regime's relation holds: on the whole region, on part of it (it fails somewhere, holds somewhere),
#: nowhere, or not decided (asymptotics.compare: left terms of opposite signs that may cancel, an exact fallback too
#: large; a witness, when there is one, is still a point where it fails).
HOLDS_ON = ("all", "part", "none", "undecided")
#: a regime's optional ``conditions_bound``: "at most" when its conditions bound where the relation holds from above (a
#: measured obstruction: it fails outside them, and inside them it is not decided); absent when they say exactly where
#: it holds ("part", "none") or at least where ("undecided")
AT_MOST = "at most"
#: a regime's conditions, read: where it holds at most, at least, or exactly (see :func:`conditions_reading`)
AT_LEAST, EXACTLY = "at least", "exactly"


def conditions_reading(regime: Mapping[str, Any]) -> str:
    """What a regime record's conditions say, for every output that reads them (``show``'s lines, the regime slices):

    - :data:`AT_MOST` — it fails outside the conditions and is not decided inside them (``holds_on`` "part" with
      ``conditions_bound`` "at most": a measured obstruction; referee BP, C2);
    - :data:`AT_LEAST` — it holds inside them and is not decided outside (an "undecided" regime, or conditions that
      :func:`~theorycheck.asymptotics.compare` could not make complete, ``conditions_complete`` False: a term may make
      it hold elsewhere; referee BR);
    - :data:`EXACTLY` — it holds inside them and fails outside ("all" and "none" are decided whatever
      ``conditions_complete`` says; a "part" regime's ``undecided`` list, when given, is a part inside them that
      was not decided)."""
    holds_on = regime.get("holds_on")
    if holds_on == "part" and regime.get("conditions_bound") == AT_MOST:
        return AT_MOST
    if holds_on == "undecided" or (holds_on == "part" and regime.get("conditions_complete") is False):
        return AT_LEAST
    return EXACTLY


def relation_label(key: Sequence[Any]) -> str:
    """A relation's key (part, display, position) as a reader writes it: ``(3, D19, 5)``."""
    return "(" + ", ".join(map(str, key)) + ")"


def corrected_latex(statement: Any) -> str:
    r"""How a corrected Statement is printed as checked: its LaTeX and, when it holds under assumptions, ``\quad
    \text{where }`` them (referee CO, HIGH-1: dpgd.contraction-regime's "‖I − η_aL‖ < 1" had lost the region it
    holds on)."""
    given = statement.assumptions_latex() if hasattr(statement, "assumptions_latex") else ""
    return statement.latex() + (rf"\quad \text{{where }} {given}" if given else "")


#: Methods whose decisions compare no floating-point numbers (exact rationals, SymPy, exact LPs)
EXACT_METHODS = frozenset({"exact", "symbolic"})
#: The tolerance an exact or symbolic decision records
EXACT_TOLERANCE = "none: decided in exact or symbolic arithmetic (no floating-point comparison)"


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The outcome of one check.

    Attributes
    ----------
    verdict:
        ``verified`` only when the check could have failed and did not;
        ``refuted`` only with a witness in ``evidence``; ``inconclusive`` when
        the evidence cannot decide; ``error`` when the check itself failed.
    method:
        How it was decided: one of :data:`METHODS` or several joined by ``+``.
    detail:
        One human sentence.
    evidence:
        JSON-serialisable facts: measured values, tolerance, achieved error,
        witness point, digits, seeds.
    corrected:
        LaTeX of a corrected statement, only when that statement was itself
        checked by the same check; otherwise ``None``. A
        :class:`~theorycheck.statement.Statement` may be passed: its LaTeX is
        generated from the object the check evaluated.
    regime:
        For an asymptotic claim, where in the admissible parameter region it
        holds: ``{"region", "holds_on": "all"|"part"|"none"|"undecided", "conditions": [LaTeX],
        "witness": {...}}`` (see :mod:`theorycheck.asymptotics`); else ``None``.
        Where the paper's convention is ambiguous, ``"readings"`` maps each reading
        to where it holds (``"all"``, or a text starting ``"none"``, ``"part"`` or
        ``"undecided"``); see :func:`with_readings` and :func:`readings_short_of_all`.
    """

    verdict: VerdictKind
    method: str
    detail: str
    evidence: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    corrected: Any = None
    regime: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        check("verdict", self.verdict)
        check_method(self.method)
        if self.verdict == "refuted" and not self.evidence:
            raise ValueError("a refuted verdict needs evidence with a witness")
        if self.corrected is not None and not isinstance(self.corrected, str):
            latex = getattr(self.corrected, "latex", None)
            if not callable(latex):
                raise TypeError("corrected must be LaTeX text or a Statement")
            object.__setattr__(self, "corrected", corrected_latex(self.corrected))
        if self.regime is not None:
            regime = jsonable(dict(self.regime))
            if regime.get("holds_on") not in HOLDS_ON:
                raise ValueError("regime['holds_on'] must be 'all', 'part', 'none' or 'undecided'")
            if regime.get("conditions_bound", AT_MOST) != AT_MOST:
                raise ValueError(f"regime['conditions_bound'] must be {AT_MOST!r} when given")
            if self.verdict == "inconclusive" and regime["holds_on"] != "undecided":
                # an inconclusive verdict decides no part of the region: "all" would be a verification, "part" or
                # "none" a failure (referee BP, F3: four inconclusive claims had said "holds on the whole region" or
                # "on part" from a sub-check); what that sub-check decided stays, under "as_decided"
                kept = {k: regime.pop(k) for k in ("holds_on", "conditions", "conditions_exact") if k in regime}
                regime = {**regime, "holds_on": "undecided", "conditions": [], "conditions_exact": [],
                          "as_decided": kept}
            elif self.verdict != "inconclusive":  # a regime built from an inconclusive sub-verdict's (referee BS, BS4)
                regime.pop("as_decided", None)
            _check_readings(regime.get("readings") or {})
            object.__setattr__(self, "regime", regime)
        object.__setattr__(self, "detail", readable(self.detail))  # SymPy's x**2, dict reprs: as a reader writes
        evidence = dict(self.evidence)
        if self.verdict != "error" and set(self.method.split("+")) <= EXACT_METHODS:
            # a decision in exact or symbolic arithmetic compares no floats: its record says so, as a numerical one
            # gives its tolerance and achieved error (referee CH, CH-6: such records had said nothing)
            evidence.setdefault("tolerance", EXACT_TOLERANCE)
            evidence.setdefault("achieved_error", 0)
        # Normalise evidence to JSON types now, so a bad value fails inside the check.
        object.__setattr__(self, "evidence", jsonable(evidence))
        json.dumps(self.evidence)

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "method": self.method,
            "detail": self.detail,
            "evidence": self.evidence,
            "corrected": self.corrected,
            "regime": self.regime,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Verdict:
        return cls(
            verdict=data["verdict"],
            method=data["method"],
            detail=data["detail"],
            evidence=data.get("evidence") or {},
            corrected=data.get("corrected"),
            regime=data.get("regime"),
        )


def with_readings(verdict: Verdict, readings: Mapping[str, str]) -> Verdict:
    """``verdict`` with ``readings`` (reading → ``"all"`` or a text starting ``"none"``, ``"part"`` or
    ``"undecided"``, with the reason) added to its regime record, which must exist: where the paper's convention is
    ambiguous, a verdict says under which readings it holds."""
    if verdict.regime is None:
        raise ValueError("readings qualify a regime record; this verdict has none")
    regime = dict(verdict.regime) | {"readings": dict(verdict.regime.get("readings") or {}) | dict(readings)}
    return dataclasses.replace(verdict, regime=regime)  # __post_init__ checks the outcomes


#: The evidence key of a verified verdict whose check decides the statement without the premises the paper's
#: proof uses (another route, e.g. risk.variance-term's resolvent bound where the paper's McDiarmid step fails): its
#: value says how. Such a claim does not rest on those premises (:func:`theorycheck.runner.taint`), nor does a claim
#: that reaches them only through it: its statement holds whatever they are (the theorem-level view still lists them
#: as claims under the theorem, the paper's chain).
DECIDED_WITHOUT_PREMISES = "decided_without_premises"


def decided_without_premises(verdict: Verdict) -> str | None:
    """How a verified ``verdict`` was decided without its premises (:data:`DECIDED_WITHOUT_PREMISES`), else None."""
    how = verdict.evidence.get(DECIDED_WITHOUT_PREMISES) if verdict.verdict == "verified" else None
    return str(how) if how else None


#: The evidence key beside :data:`DECIDED_WITHOUT_PREMISES`: the claims the check's own route rests on, which take
#: the place of the paper's premises in what the claim rests on (their failures and readings qualify it; referee CZ,
#: L3: risk.variance-term's union bound over the labels is ridge.measured-labels')
ROUTE_PREMISES = "route_premises"


def premises_of(claim: Claim, verdict: Verdict | None) -> tuple[str, ...]:
    """The direct premises a claim's verdict rests on: its route's (:data:`ROUTE_PREMISES`) when it was decided
    without the paper's (:func:`decided_without_premises`), else its ``depends_on``."""
    if verdict is not None and decided_without_premises(verdict) is not None:
        return tuple(str(c) for c in verdict.evidence.get(ROUTE_PREMISES) or ())
    return tuple(claim.depends_on)


#: How a reading's outcome text starts (see :func:`with_readings`): one of these words, alone or followed by a
#: space or punctuation ("all: the ratio → 0", "none where κ√p → 0"; not "allegedly").
READING_OUTCOMES = ("all", "none", "part", "undecided")
_OUTCOME = re.compile(r"(all|none|part|undecided)(?![\w-])")


def reading_outcome(where: Any) -> str:
    """The outcome word a reading's text starts with (:data:`READING_OUTCOMES`); ValueError if none."""
    found = _OUTCOME.match(str(where))
    if found is None:
        raise ValueError(f"a reading's outcome {where!r} must start with one of {READING_OUTCOMES} (a word)")
    return found.group(1)


def _check_readings(readings: Mapping[str, Any]) -> None:
    for reading, where in readings.items():
        try:
            reading_outcome(where)
        except ValueError as exc:
            raise ValueError(f"reading {reading!r}: {exc}") from None


def _readings_where(verdict: Verdict, outcomes: tuple[str, ...]) -> tuple[str, ...]:
    """The readings recorded in ``verdict``'s regime whose outcome is one of ``outcomes``."""
    readings = (verdict.regime or {}).get("readings") or {}
    return tuple(reading for reading, where in readings.items() if reading_outcome(where) in outcomes)


def readings_short_of_all(verdict: Verdict) -> tuple[str, ...]:
    """The readings recorded in ``verdict``'s regime under which it does not hold on the whole region (their
    outcome is not ``all``): a verified verdict with any holds only under the others."""
    return _readings_where(verdict, ("none", "part", "undecided"))


def readings_holding(verdict: Verdict) -> tuple[str, ...]:
    """The readings recorded in ``verdict``'s regime under which it holds on the whole region (outcome ``all``): a
    refuted verdict with any fails only under its other readings."""
    return _readings_where(verdict, ("all",))


def readings_partly(verdict: Verdict) -> tuple[str, ...]:
    """The readings recorded in ``verdict``'s regime under which it holds on at least part of the region (outcome
    ``all`` or ``part``)."""
    return _readings_where(verdict, ("all", "part"))


def verified(method: str, detail: str, corrected: Any = None, *, regime: Mapping[str, Any] | None = None,
             **evidence: Any) -> Verdict:
    """Shorthand for ``Verdict("verified", ...)`` with evidence as keywords."""
    return Verdict("verified", method, detail, evidence, corrected, regime)


def refuted(method: str, detail: str, corrected: Any = None, *, regime: Mapping[str, Any] | None = None,
            **evidence: Any) -> Verdict:
    """Shorthand for ``Verdict("refuted", ...)``; the evidence must hold a witness."""
    return Verdict("refuted", method, detail, evidence, corrected, regime)


def inconclusive(method: str, detail: str, corrected: Any = None, *, regime: Mapping[str, Any] | None = None,
                 **evidence: Any) -> Verdict:
    """Shorthand for ``Verdict("inconclusive", ...)``."""
    return Verdict("inconclusive", method, detail, evidence, corrected, regime)


Display = tuple[int, int]
"""A displayed equation of the paper: (part number, 1-based ordinal of the display in that part)."""

Relation = tuple[int, str, int]
"""One relation inside the paper's math: (part, location, index). ``location`` is ``"D12"`` for the
12th display of the part or ``"P40"`` for the 40th paragraph (inline math); ``index`` is the
1-based position of the relation symbol (=, ≤, <, ≲, ≪, …) inside it; see
:func:`theorycheck.coverage.enumerate_relations` and ``theorycheck coverage --level relation``."""


@dataclasses.dataclass(frozen=True)
class Claim:
    """One claim of the paper, with its check.

    Attributes
    ----------
    id:
        Stable dotted id, e.g. ``"fourier.tanh"``.
    title:
        A short human title.
    source:
        Where the paper states it, e.g. ``"Part 2, §3.3, Step 2"``.
    statement:
        The paper's claim in LaTeX, as the paper writes it; or a
        :class:`~theorycheck.statement.Statement` (SymPy), from which the LaTeX
        is generated (then ``formula`` holds the object and ``statement`` its LaTeX,
        printed on the first read).
    assumptions:
        The domain where it is claimed (LaTeX or plain text).
    check:
        Zero-argument callable returning a :class:`Verdict`.
    depends_on:
        Ids of claims this one uses.
    sympy:
        A SymPy object for the statement, where the claim is an identity.
    displays:
        The paper's displayed equations this claim covers, as (part, ordinal).
    relations:
        The single relations this claim checks, as (part, location, index); see :data:`Relation`.
    formula:
        The :class:`~theorycheck.statement.Statement` the statement was generated from (set
        automatically when ``statement`` is one), else ``None``.
    """

    id: str
    title: str
    source: str
    statement: str
    assumptions: str
    check: Callable[[], Verdict] = dataclasses.field(repr=False, compare=False)
    depends_on: tuple[str, ...] = ()
    sympy: Any = dataclasses.field(default=None, repr=False, compare=False)
    displays: tuple[Display, ...] = ()
    relations: tuple[Relation, ...] = ()
    formula: Any = dataclasses.field(default=None, repr=False, compare=False)

    @property
    def statement_source(self) -> Literal["sympy", "text"]:
        """``"sympy"`` when the statement text was generated from a SymPy object, else ``"text"``."""
        return "sympy" if self.formula is not None else "text"

    def __post_init__(self) -> None:
        if not self.id or any(not part for part in self.id.split(".")) or " " in self.id:
            raise ValueError(f"claim id {self.id!r} must be dotted words without spaces")
        if not callable(self.check):
            raise TypeError(f"claim {self.id}: check must be callable")
        object.__setattr__(self, "depends_on", tuple(self.depends_on))
        object.__setattr__(self, "displays", tuple(tuple(d) for d in self.displays))
        object.__setattr__(self, "relations", tuple((int(r[0]), str(r[1]), int(r[2])) for r in self.relations))
        if not isinstance(self.statement, str):
            latex = getattr(self.statement, "latex", None)
            if not callable(latex):
                raise TypeError(f"claim {self.id}: statement must be LaTeX text or a Statement")
            object.__setattr__(self, "formula", self.statement)
            if self.sympy is None:
                object.__setattr__(self, "sympy", self.formula)
            # its LaTeX is printed on first read (__getattr__ below): SymPy's printer takes ~6 ms a statement,
            # 1.2 s of every registry load, and a command that shows a few claims reads only theirs
            del self.__dict__["statement"]

    if not TYPE_CHECKING:  # for mypy, ``statement`` is the str field above and no other name is dynamic

        def __getattr__(self, name: str) -> Any:
            """``statement`` of a claim given as a Statement: ``formula.latex()``, printed on the first read and
            kept (Python calls this only for a name the instance lacks)."""
            formula = self.__dict__.get("formula")
            if name != "statement" or formula is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            try:
                text = formula.latex()
            except AttributeError as exc:  # not "no attribute statement": a fault of the Statement's printing
                raise RuntimeError(f"claim {self.__dict__.get('id')}: printing its statement failed: {exc}") from exc
            object.__setattr__(self, "statement", text)
            return text
