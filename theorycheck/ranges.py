r"""Where a symbol a statement leaves free may range, by its name: the one table the deciders read.

A step of the paper often leaves a symbol free that the regime confines: δ ∈ (0, 1) (Part 1, Assumption 3), the
privacy factor's power r ≤ 0 (``log(1.25/δ)/ε² = d^r log^ρ d``), γ = d^{−ε_p/(4(q+1))} ∈ (0, 1), a degree q ≥ 1.
A witness found outside that range is none (referee EL, EL-6: true steps had been refuted at δ ≥ 1, r > 0, γ > 1),
and a relation read with δ as a positive constant misses that log δ < 0 (EL-3), so every decider asks here:

* :func:`grid` — admissible sample values of a symbol (witness searches on a grid);
* :func:`typical` — the value a printed number uses when a point leaves the symbol free (δ = 10⁻⁵, not 1: EL-19);
* :func:`positive_form` — the symbol written through a positive one (δ = 1/(1 + u), u > 0), so that SymPy's
  assumptions see the range.

A symbol not in the table takes the positive grid when SymPy knows it positive, else one with negative values too.

>>> import sympy as sp
>>> delta = sp.Symbol("delta", positive=True)
>>> grid(delta)[0], typical(delta), (sp.log(positive_form(delta)) < 0) is sp.true
(1/1000, 1/100000, True)
>>> grid(sp.Symbol("x", real=True))[0], typical(sp.Symbol("x"))
(-3, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import sympy as sp

__all__ = ["SymbolRange", "RANGES", "grid", "positive_form", "typical"]


@dataclasses.dataclass(frozen=True)
class SymbolRange:
    """A named symbol's admissible range: its text, sample values inside it, a typical value, and (when the range is
    an interval SymPy's assumptions cannot state) the symbol written through a positive one."""

    text: str
    grid: tuple[sp.Rational, ...]
    typical: sp.Rational
    through_positive: Callable[[sp.Symbol], sp.Expr] | None = None


_UNIT_INTERVAL = (sp.Rational(1, 1000), sp.Rational(1, 7), sp.Rational(1, 2), sp.Rational(999, 1000))

#: the table, by symbol name (the names :mod:`proofs.symbols` gives the paper's symbols)
RANGES: dict[str, SymbolRange] = {
    "delta": SymbolRange("δ ∈ (0, 1) (Assumption 3)", _UNIT_INTERVAL, sp.Rational(1, 10**5),
                         lambda u: 1 / (1 + u)),
    "r": SymbolRange("r ≤ 0 (Assumption 3: log(1.25/δ)/ε² = d^r log^ρ d)",
                     (sp.Integer(-3), sp.Integer(-1), sp.Rational(-1, 2), sp.Integer(0)), sp.Integer(0)),
    "gamma": SymbolRange("γ ∈ (0, 1) (γ = d^{−ε_p/(4(q+1))})", _UNIT_INTERVAL, sp.Rational(1, 2),
                         lambda u: 1 / (1 + u)),
    "q": SymbolRange("q ≥ 1 (the target's degree)", (sp.Integer(1), sp.Integer(2), sp.Integer(3), sp.Integer(5)),
                     sp.Integer(3)),
}

POSITIVE_GRID = (sp.Rational(1, 7), sp.Rational(1, 2), sp.Integer(1), sp.Integer(3), sp.Integer(17), sp.Integer(10**3))
REAL_GRID = (sp.Integer(-3), sp.Rational(-1, 2), sp.Integer(0), *POSITIVE_GRID)


def grid(symbol: sp.Symbol) -> tuple[sp.Rational, ...]:
    """Admissible sample values of ``symbol``: its table entry's, else positive values (a symbol SymPy knows positive)
    or values of both signs."""
    entry = RANGES.get(symbol.name)
    if entry is not None:
        return entry.grid
    return POSITIVE_GRID if symbol.is_positive else REAL_GRID


def typical(symbol: sp.Symbol) -> sp.Rational:
    """The value of ``symbol`` a printed number uses when a point leaves it free: its table entry's, else 1 (a hidden
    constant)."""
    entry = RANGES.get(symbol.name)
    return entry.typical if entry is not None else sp.Integer(1)


def positive_form(symbol: sp.Symbol) -> sp.Expr:
    """``symbol`` written through a fresh positive symbol so that SymPy sees its range (δ = 1/(1 + u), u > 0), or
    the symbol itself when its range needs no such form."""
    entry = RANGES.get(symbol.name)
    if entry is None or entry.through_positive is None:
        return symbol
    return entry.through_positive(sp.Dummy(f"u_{symbol.name}", positive=True))
