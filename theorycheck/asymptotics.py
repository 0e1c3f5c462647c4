r"""Asymptotic relations between rates d^{e(θ)} log^{k(θ)} d, decided over a whole region of parameters.

A rate is read off a SymPy expression as a sum of terms ``c · d^{e} · (log d)^{k}`` (:func:`rate_terms`);
factors like ``exp(−log² d / 2)`` are super-polynomially small (``e = −∞``). The exponents ``e`` and ``k``
are linear in the region's parameters θ (ε_n, ε_p, ε_b, ν, …) once the integer degree ``q`` is fixed.

``A ≲ B`` (for d large, hidden constants free) holds at θ iff every term of A is dominated by some term of
B in the lexicographic order on (e, k); ``A ≪ B`` iff strictly. :func:`compare` decides this on the
whole region, for each degree in ``region.q_values``:

* a **failure** is a point of the region where some term of A beats every term of B; it is searched
  depth first over the choices, for each term of B, of "beaten in e" or "tied in e, beaten in k", each
  choice a linear system (strict rows strictly, non-strict boundaries such as ν = 1 + 3ε_n included)
  solved by an LP that maximises a common slack, and the point is **checked in exact rational arithmetic**;
* "no point" is never taken from a floating-point LP: it is **proved** by a rational dual certificate
  (y ≥ 0, z with Σ y a + Σ z a = 0 and an objective ≤ 0, checked in Fractions), else decided by exact
  Fourier–Motzkin elimination (which also yields a point when there is one); only if that grows too large
  is the degree reported in ``undecided`` (and :func:`decide` is inconclusive);
* "none" / "part" are decided the same way (a point where every term of A is dominated); where A has terms of
  both signs (a negative one under ≤, ≲; any under O, o, ≪) they may cancel, and neither that nor "all" is
  decided from the terms alone: ``holds_on`` is then ``"undecided"`` (with a witness when one was found).

Super-polynomial factors (``exp(−log² d/2)``) have ``d_exp = ±∞``; two of the same sign are ordered by
their growth and, when it is the same factor, by the powers of d and log d beside it.

The result carries the ``regime`` record of a verdict: ``{"region", "holds_on": "all"|"part"|"none"|"undecided",
"conditions": [LaTeX], "conditions_exact": [...], "witness": {...}}`` where ``conditions`` are the
exact linear inequalities (symbolic in q) under which the relation holds.

>>> import sympy as sp
>>> a, d = sp.symbols("a d", positive=True)
>>> region = Region("0 < a < 1", (a,), (a > 0, a < 1))
>>> compare(d**a * sp.log(d), "lesssim", d**(a / 2 + sp.Rational(1, 4)), region, d=d).holds_on
'part'
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import sympy as sp

from . import ranges
from .errors import InputError
from .numerics import bisect_predicate, floats_exact
from .statement import Rel, paper_latex

INF = sp.oo


@dataclasses.dataclass(frozen=True)
class Term:
    """One term ``coeff · d^{d_exp} · (log d)^{log_exp}`` of a rate (``d_exp`` may be ±∞).

    A term with ``d_exp = ±∞`` carries a super-polynomial factor ``exp(growth)`` (``growth = −log² d/2``
    for ``e^{−log² d/2} d^e log^k d``, then ``poly_exp = e``, ``log_exp = k``): two such terms of the same
    sign are ordered by ``growth`` when it differs, else lexicographically by (e, k) like finite terms.
    """

    coeff: sp.Expr
    d_exp: sp.Expr
    log_exp: sp.Expr
    growth: sp.Expr = sp.Integer(0)
    poly_exp: sp.Expr = sp.Integer(0)

    def exponents(self) -> tuple[sp.Expr, sp.Expr]:
        """(e, k) of d^e log^k d, for a super-polynomial term those of the factor besides exp(growth)."""
        return (self.poly_exp if self.infinite else self.d_exp), self.log_exp

    @property
    def infinite(self) -> int:
        """+1 / −1 for a super-polynomially large / small term, 0 for d^e log^k d."""
        return 1 if self.d_exp == INF else (-1 if self.d_exp == -INF else 0)

    def latex(self, d: sp.Symbol) -> str:
        if self.infinite:
            return paper_latex(self.coeff * sp.exp(self.growth) * d**self.poly_exp * sp.log(d) ** self.log_exp)
        return paper_latex(self.coeff * d**self.d_exp * sp.log(d) ** self.log_exp)


def _limit_at_infinity(expr: sp.Expr, d: sp.Symbol) -> sp.Expr:
    """lim_{d→∞} of ``expr``: c·(log d)^m with c ≠ 0 and m > 0 rational is ±∞ (the sign of c) at once, the
    common case (super-polynomial factors exp(c log² d)); anything else goes to ``sympy.limit``, as before."""
    c, rest = sp.sympify(expr).as_coeff_Mul()
    if c.is_Rational and c != 0:
        log_d = sp.log(d)
        m = sp.Integer(1) if rest == log_d else (rest.exp if rest.is_Pow and rest.base == log_d else None)
        if m is not None and m.is_Rational and m > 0:
            return sp.oo if c > 0 else -sp.oo
    return sp.limit(expr, d, sp.oo)


def one_sided_limit(expr: sp.Expr, var: sp.Symbol, point: Any, direction: str = "+") -> sp.Expr | None:
    """lim_{var → point} of ``expr`` (one-sided), through ``Max``/``Min``, which ``sympy.limit`` cannot expand
    (its series code raises NotImplementedError for ``Max(1, γ)`` at γ → 0, see STYLE.md's SymPy pitfalls).

    Each ``Max``/``Min`` is first replaced, innermost first, by the argument that wins near the limit point: the
    one ahead of the others by a nonzero limit of their difference. Arguments whose difference tends to 0 without
    being identically 0 (a tie) are all kept as candidates: near the point the ``Max`` equals one of them at each
    argument, so when the expression has the same limit with every choice of candidates, that is its limit (at
    most 16 choices). Returns ``None`` when the choices disagree, or a limit is one SymPy cannot take.

    >>> g = sp.Symbol("g", positive=True)
    >>> one_sided_limit(sp.sqrt(g) * sp.Max(1, g), g, 0), one_sided_limit(g * sp.Max(1, 1 / g**2), g, 0)
    (0, oo)
    >>> one_sided_limit(sp.Max(g, g**2), g, 0), one_sided_limit(sp.Max(g, g**2) / g, g, 0) is None
    (0, True)
    """

    def limit(e: sp.Expr) -> sp.Expr | None:
        try:
            value = sp.limit(e, var, point, direction)
        except (NotImplementedError, ValueError, TypeError):
            return None
        return None if value.has(sp.Limit, sp.nan, sp.AccumBounds) else value

    def winners(args: Sequence[sp.Expr], take_max: bool) -> list[sp.Expr] | None:
        """The arguments that win near the point: one, or several tied ones; None when undecided."""
        best = [args[0]]
        for arg in args[1:]:
            gap = limit(arg - best[0])
            if gap is None or gap.is_extended_real is not True:  # zoo, complex
                return None
            ahead = gap > 0
            if not isinstance(ahead, (bool, sp.logic.boolalg.BooleanAtom)):  # another symbol left in the gap
                return None
            if gap == 0:
                if all(sp.simplify(arg - b) != 0 for b in best):
                    best.append(arg)  # a tie: both stay candidates
                continue
            if bool(ahead) == take_max:
                best = [arg]
        return best

    def resolve(e: sp.Expr) -> list[sp.Expr] | None:
        """The expressions ``e`` equals near the point, one per choice among tied arguments."""
        if not e.args:
            return [e]
        choices: list[list[sp.Expr]] = [[]]
        for a in e.args:
            options = resolve(a)
            if options is None:
                return None
            choices = [c + [o] for c in choices for o in options]
            if len(choices) > 16:
                return None
        out: list[sp.Expr] = []
        for args in choices:
            if isinstance(e, (sp.Max, sp.Min)):
                won = winners(args, isinstance(e, sp.Max))
                if won is None:
                    return None
                out += won
            else:
                out.append(e.func(*args))
        return out if len(out) <= 16 else None

    candidates = resolve(sp.sympify(expr))
    if candidates is None:
        return None
    values = [limit(c) for c in candidates]
    if any(v is None for v in values) or any(v != values[0] for v in values[1:]):
        return None
    return values[0]


def _read_log(arg: sp.Expr, d: sp.Symbol, what: sp.Expr) -> tuple[sp.Expr, sp.Expr, sp.Expr, sp.Expr]:
    """``exp(arg)`` as (coeff, e, k, growth): arg = c + e log d + k log log d + (pieces ≫ log d)."""
    log_d = sp.log(d)
    coeff, e, k, g = sp.Integer(1), sp.Integer(0), sp.Integer(0), sp.Integer(0)
    for piece in sp.Add.make_args(sp.expand(sp.expand_log(arg, force=True))):
        if not piece.has(d):
            coeff *= sp.exp(piece)
            continue
        ratio = piece / log_d
        if not ratio.has(d):
            e += ratio
            continue
        ratio_ll = piece / sp.log(log_d)
        if not ratio_ll.has(d):
            k += ratio_ll
            continue
        lead = _limit_at_infinity(piece / log_d, d)
        if lead in (sp.oo, -sp.oo):
            g += piece
            continue
        raise InputError(f"cannot read the factor {what} as c·d^e·log^k d (nor as a super-polynomial factor)")
    return coeff, e, k, g


def _read_factor(factor: sp.Expr, d: sp.Symbol) -> tuple[sp.Expr, sp.Expr, sp.Expr, sp.Expr]:
    """One factor of a product as (coeff, e, k, growth), see :func:`_read_log`."""
    log_d = sp.log(d)
    if not factor.has(d):
        return factor, sp.Integer(0), sp.Integer(0), sp.Integer(0)
    if factor == d:
        return sp.Integer(1), sp.Integer(1), sp.Integer(0), sp.Integer(0)
    if factor == log_d or factor == sp.Abs(log_d):  # log d > 0 as d → ∞; (log²d)^ρ reads as |log d|^{2ρ}
        return sp.Integer(1), sp.Integer(0), sp.Integer(1), sp.Integer(0)
    if isinstance(factor, sp.exp):
        return _read_log(factor.args[0], d, factor)
    if factor.is_Pow:
        base, ex = factor.args
        if ex.has(d):
            if base.has(d):
                raise InputError(f"cannot read the factor {factor} as c·d^e·log^k d (a power with d in both "
                                 "base and exponent)")
            return _read_log(ex * sp.log(base), d, factor)
        if isinstance(base, sp.Add):
            raise InputError(f"cannot read the factor {factor} as c·d^e·log^k d: a non-integer or negative power "
                             "of a sum (bound the sum by its largest term first)")
        if isinstance(base, sp.Mul):  # (2 log d)^q, which powsimp(force=True) joins back: each factor to the power
            out = [sp.Integer(1), sp.Integer(0), sp.Integer(0), sp.Integer(0)]
            for f in base.args:
                c, e, k, g = _read_factor(f, d)
                out = [out[0] * c**ex, out[1] + e * ex, out[2] + k * ex, out[3] + g * ex]
            return out[0], sp.expand(out[1]), sp.expand(out[2]), sp.expand(out[3])
        c, e, k, g = _read_factor(base, d)
        return c**ex, sp.expand(e * ex), sp.expand(k * ex), sp.expand(g * ex)
    if isinstance(factor, sp.log):
        expanded = sp.expand_log(factor, force=True)
        if expanded != factor:
            out = [sp.Integer(1), sp.Integer(0), sp.Integer(0), sp.Integer(0)]
            if isinstance(expanded, sp.Add):
                raise InputError(f"cannot read the factor {factor} as c·d^e·log^k d (expand it first)")
            for f in sp.Mul.make_args(expanded):
                c, e, k, g = _read_factor(f, d)
                out = [out[0] * c, out[1] + e, out[2] + k, out[3] + g]
            return tuple(out)
    raise InputError(f"cannot read the factor {factor} as a power of d or of log d")


def rate_terms(expr: sp.Expr, d: sp.Symbol) -> list[Term]:
    r"""``expr`` as a sum of terms ``c d^e \log^k d`` (see the module docstring).

    Products, integer powers of sums (expanded), powers of products (sqrt(d^{1+ε_b}/n)), exp(c log d) and
    super-polynomial factors exp(−c log² d) are read; anything else (sin(d), √(d + 1), log log d …) raises
    :class:`~theorycheck.errors.InputError`.

    >>> d, e = sp.symbols("d e", positive=True)
    >>> sorted((str(t.d_exp), str(t.log_exp)) for t in rate_terms(sp.sqrt(d**(1 + e)) * sp.log(d)**3 + 2, d))
    [('0', '0'), ('e/2 + 1/2', '3')]

    Remembered per (expression, d) (see :func:`_rate_terms_memo`); each call returns a new list.
    """
    expr = sp.sympify(expr)
    if isinstance(expr, sp.Basic) and isinstance(d, sp.Basic):
        try:
            hash((expr, d))
        except TypeError:  # an unhashable piece inside the expression: read it afresh
            return _rate_terms_uncached(expr, d)
        return list(_rate_terms_memo(expr, d))
    return _rate_terms_uncached(expr, d)


@functools.lru_cache(maxsize=4096)
def _rate_terms_memo(expr: sp.Basic, d: sp.Basic) -> tuple[Term, ...]:
    """:func:`_rate_terms_uncached` remembered exactly: the reading is a pure function of the expression and
    ``d`` (SymPy's ``==`` is structural: same classes, symbol names and assumptions), and its Terms are frozen.
    compare() reads both sides on every call and the claims pose the same sides again (about half of the readings
    of 30 part 1/part 3 claims' checks in one process were repeats); the expand/powsimp/limit reading costs ~15 ms
    a side or more.
    An expression that cannot be read raises each time (exceptions are not remembered)."""
    return tuple(_rate_terms_uncached(expr, d))


def _rate_terms_uncached(expr: sp.Expr, d: sp.Symbol) -> list[Term]:
    """The reading behind :func:`rate_terms`, without its memo (kept as the reference in tests)."""
    log_d = sp.log(d)
    expr = sp.sympify(expr)
    if not isinstance(expr, sp.Expr):
        raise InputError(f"{expr!r} is not an expression")
    if expr.has(sp.oo, -sp.oo, sp.zoo, sp.nan):
        raise InputError(f"{expr} contains an infinity")
    # log(d^a n) → a log d + log n (only logs of d-dependent arguments)
    expr = expr.replace(lambda x: isinstance(x, sp.log) and x.args[0].has(d) and x.args[0] != d,
                        lambda x: sp.expand_log(x, force=True))
    expr = sp.powsimp(sp.expand_power_base(expr, force=True), force=True)
    expr = sp.expand(expr, power_base=False, power_exp=False, log=False, multinomial=True, mul=True)
    merged: dict[tuple[sp.Expr, sp.Expr, sp.Expr, sp.Expr], sp.Expr] = {}
    for term in sp.Add.make_args(expr):
        coeff, d_exp, log_exp, growth = sp.Integer(1), sp.Integer(0), sp.Integer(0), sp.Integer(0)
        for factor in sp.Mul.make_args(term):
            c, e, k, g = _read_factor(factor, d)
            coeff, d_exp, log_exp, growth = coeff * c, d_exp + e, log_exp + k, growth + g
        d_exp, log_exp = sp.expand(d_exp), sp.expand(log_exp)
        if coeff.has(d) or d_exp.has(d) or log_exp.has(d):
            raise InputError(f"cannot read the term {term} as c·d^e·log^k d")
        if growth != 0:
            lead = _limit_at_infinity(growth / log_d, d)
            if lead not in (sp.oo, -sp.oo):
                raise InputError(f"cannot tell whether the factor exp({growth}) of {term} grows or decays faster "
                                 "than every power of d (its sign depends on parameters?)")
            key = (lead, log_exp, sp.expand(growth), d_exp)
        else:
            key = (d_exp, log_exp, sp.Integer(0), sp.Integer(0))
        merged[key] = merged.get(key, sp.Integer(0)) + coeff
    out = []
    for (e, k, g, poly), c in merged.items():
        c = sp.factor_terms(c)
        if c != 0:
            out.append(Term(c, e, k, g, poly))
    return out


class _EmptyRegion(Exception):
    """A constraint is false for this degree: the region is empty there."""


@dataclasses.dataclass(frozen=True)
class Region:
    r"""A region of parameters: linear constraints on ``variables`` (strict or not), degrees ``q_values``.

    ``description`` is LaTeX a reader can check by hand; ``name`` a short label for tables.
    """

    name: str
    variables: tuple[sp.Symbol, ...]
    constraints: tuple[Any, ...]
    q: sp.Symbol | None = None
    q_values: tuple[int, ...] = ()
    description: str = ""
    #: a region that is not one polyhedron: the union of these ``pieces`` (each a Region on the same variables),
    #: ``constraints`` then being a polyhedron that holds them all (their hull, on which :func:`compare` writes the
    #: conditions). Assumption 3's budget is one: r < 0 with any ρ, or r = 0 with ρ < 4 (referee EN)
    pieces: tuple[Region, ...] = ()
    #: constraints of a sub-region where :func:`compare` shows a failure when it has one (the paper's region admits
    #: exponents ≥ 1; a witness with ε_n, ε_p, ε_b in (0, 1) is admissible under either reading), and says so when
    #: the relation fails only outside it (``Comparison.fails_only_outside``)
    preferred: tuple[Any, ...] = ()

    def restrict(self, *constraints: Any, name: str | None = None) -> Region:
        """The sub-region with extra linear constraints."""
        return dataclasses.replace(self, name=name or self.name + " ∩ …", constraints=self.constraints + constraints,
                                   description=self.description + "".join(
                                       ", " + paper_latex(c) for c in constraints),
                                   pieces=tuple(p.restrict(*constraints, name=name) for p in self.pieces))

    def hull(self) -> Region:
        """The polyhedron of ``constraints`` alone (the region itself when it has no pieces)."""
        return dataclasses.replace(self, pieces=()) if self.pieces else self

    def exact(self) -> list[str]:
        """The region as inequality strings (its constraints, and the positivity of its positive variables): a regime
        record's ``region_exact``, which :func:`theorycheck.plots.regime_slice` greys out beyond. A union of pieces
        adds, for each constraint a piece has and the hull lacks, one condition: some piece's own."""
        own = ([str(c) for c in self.constraints if getattr(c, "is_Relational", False)]
               + [f"{v} > 0" for v in self.variables if v.is_positive])
        if not self.pieces:
            return own
        extra = [[str(c) for c in p.constraints if getattr(c, "is_Relational", False) and c not in self.constraints]
                 for p in self.pieces]
        if any(not e for e in extra):  # a piece is the hull itself
            return own
        return own + [" or ".join(" and ".join(e) if len(e) == 1 else "(" + " and ".join(e) + ")" for e in extra)]

    def piece_symbols(self) -> set[sp.Symbol]:
        """The variables in which the pieces differ from their hull (a statement free of them is decided on the
        first piece alone: the pieces then differ only in a factor of the region it does not see)."""
        return {v for p in self.pieces for c in p.constraints if c not in self.constraints
                for v in getattr(c, "free_symbols", ())}

    def degrees(self) -> tuple[int | None, ...]:
        return self.q_values if self.q is not None and self.q_values else (None,)

    def _rows(self, subs: Mapping[sp.Symbol, Any]) -> tuple[list[list[Fraction]], list[Fraction], list[bool]]:
        """The constraints as rows ``a·θ ≤ b`` (``<`` where strict); :class:`_EmptyRegion` when one is false."""
        # srepr, not str: str(Float(0.1)) and str(Float(0.1 + 2**-56)) agree although the values differ
        key = (self, tuple(sorted((str(k), sp.srepr(v)) for k, v in subs.items())))
        cached = _ROWS_CACHE.get(key)
        if cached is not None:
            if cached == "empty":
                raise _EmptyRegion
            return cached
        rows, rhs, strict = [], [], []
        try:
            for rel in self.constraints:
                rel = rel.subs(subs) if hasattr(rel, "subs") else rel
                if rel is sp.true or rel is True:
                    continue
                if rel is sp.false or rel is False:
                    raise _EmptyRegion
                if isinstance(rel, (sp.StrictGreaterThan, sp.GreaterThan)):
                    expr = rel.rhs - rel.lhs
                elif isinstance(rel, (sp.StrictLessThan, sp.LessThan)):
                    expr = rel.lhs - rel.rhs
                else:
                    raise InputError(f"region {self.name}: {rel} is not an inequality")
                a, c = _linear(expr, self.variables)
                rows.append(list(a))
                rhs.append(-c)
                strict.append(isinstance(rel, (sp.StrictGreaterThan, sp.StrictLessThan)))
        except _EmptyRegion:
            _ROWS_CACHE[key] = "empty"
            raise
        # a constraint like ε_p > 0 on a positive symbol evaluates to True at construction: keep it as a row
        for k, v in enumerate(self.variables):
            if v.is_positive or v.is_nonnegative:
                rows.append([Fraction(-1) if m == k else Fraction(0) for m in range(len(self.variables))])
                rhs.append(Fraction(0))
                strict.append(bool(v.is_positive))
        _ROWS_CACHE[key] = (rows, rhs, strict)
        return rows, rhs, strict

    def point(self, q_value: int | None = None) -> dict[sp.Symbol, sp.Rational] | None:
        """An exact rational point of the region (strict constraints strictly; positive symbols positive) at the
        degree ``q_value`` (the first degree when None), or None when the region is empty there (proved exactly:
        a dual certificate or Fourier–Motzkin elimination). A union: the first piece's point that exists."""
        if self.pieces:
            return next((pt for pt in (p.point(q_value) for p in self.pieces) if pt is not None), None)
        degree = q_value if q_value is not None else self.degrees()[0]
        subs = {} if degree is None or self.q is None else {self.q: degree}
        try:
            A, b, strict = self._rows(subs)
        except _EmptyRegion:
            return None
        found = _feasible(len(self.variables), [(tuple(a), r_, st) for a, r_, st in zip(A, b, strict)], [], {})
        if found is None:
            return None
        return {v: sp.Rational(x.numerator, x.denominator) for v, x in zip(self.variables, found)}

    def contains(self, point: Mapping[Any, Any]) -> bool:
        """Exact membership (strict constraints strictly; positive symbols positive). ``point`` maps symbols
        or their names to numbers (rationals as text are exact); the degree q may be given too."""
        if self.pieces:
            return any(p.contains(point) for p in self.pieces)
        names = {str(v): v for v in self.variables}
        if self.q is not None:
            names[str(self.q)] = self.q
        values = {}
        for k, v in point.items():
            sym = names.get(str(k), k) if not isinstance(k, sp.Symbol) else k
            values[sym] = sp.Rational(str(v)) if isinstance(v, (Fraction, str, int)) else _exact(v)
        for v in self.variables:
            if v not in values:
                raise InputError(f"region {self.name}: the point gives no value for {v}")
            if (v.is_positive and not values[v] > 0) or (v.is_nonnegative and not values[v] >= 0):
                return False
        if self.q is not None and self.q_values and values.get(self.q) not in self.q_values:
            return False
        for rel in self.constraints:
            value = rel.subs(values) if hasattr(rel, "subs") else rel
            if value not in (sp.true, True):
                return False
        return True


_ROWS_CACHE: dict[Any, Any] = {}


#: the most cases (one disjunct of every condition) :func:`conditions_cannot_hold` tries; past it, the conditions
#: with more than one case are left out (which only widens the set tested)
MAX_CONDITION_CASES = 4096
#: the most region tests :func:`conditions_cannot_hold` makes (nodes of its search × degrees); past it nothing is proved
MAX_REGION_TESTS = 4096
_Comparison = tuple[Any, str, Any]  # (lhs, op, rhs) with op one of "<", "<=", free of Max and Min


def _all_of(parts: Sequence[list[list[_Comparison]]]) -> list[list[_Comparison]] | None:
    """The conjunction of conditions, each a disjunction of cases: every choice of one case of each (None when more
    than :data:`MAX_CONDITION_CASES`)."""
    count = 1
    for part in parts:
        count *= len(part)
    if count > MAX_CONDITION_CASES:
        return None
    return [[c for case in choice for c in case] for choice in itertools.product(*parts)]


def _comparison_cases(lhs: Any, op: str, rhs: Any) -> list[list[_Comparison]] | None:
    """``lhs op rhs`` as a disjunction of conjunctions of comparisons ``<``/``<=`` free of Max and Min, exactly
    (``a < Max(b, c)`` is ``a < b or a < c``; ``a == b`` is ``a <= b and b <= a``); None when a Max or Min sits
    inside a formula (not a whole side)."""
    if op in (">", ">="):
        lhs, op, rhs = rhs, {">": "<", ">=": "<="}[op], lhs
    if op == "==":
        both = [b for b in (_comparison_cases(lhs, "<=", rhs), _comparison_cases(rhs, "<=", lhs)) if b is not None]
        return _all_of(both) if len(both) == 2 else None
    if isinstance(rhs, (sp.Max, sp.Min)) or isinstance(lhs, (sp.Max, sp.Min)):
        # with a Max or Min on both sides, first the side whose expansion is an "or" (lhs < Max, Min < rhs): its
        # cases then each hold one conjunction, not a product of the other side's disjunctions (referee BU, F10)
        big_side = isinstance(rhs, (sp.Max, sp.Min)) and not (isinstance(lhs, sp.Min) and isinstance(rhs, sp.Min))
        f = rhs if big_side else lhs
        parts = [p for p in (_comparison_cases(lhs, op, a) if big_side else _comparison_cases(a, op, rhs)
                             for a in f.args) if p is not None]
        if len(parts) != len(f.args):
            return None
        # lhs < Max(…): one argument suffices; lhs < Min(…): every one must; Max(…) < rhs: every one; Min(…): one
        any_one = isinstance(f, sp.Max) == big_side
        return [case for part in parts for case in part] if any_one else _all_of(parts)
    if any(getattr(side, "has", lambda *_: False)(sp.Max, sp.Min) for side in (lhs, rhs)):
        return None
    return [[(lhs, op, rhs)]]


def _condition_cases(tree: tuple[Any, ...]) -> list[list[_Comparison]] | None:
    """A condition tree (:func:`theorycheck.expr.parse_condition_tree`) as a disjunction of conjunctions of plain
    comparisons, exactly; None when it cannot be read so. A conjunct that cannot be read is left out of its
    conjunction (only widens it)."""
    if tree[0] == "rel":
        return _comparison_cases(*tree[1:])
    parts = [_condition_cases(t) for t in tree[1]]
    read = [p for p in parts if p is not None]
    if tree[0] == "or":
        return [case for p in read for case in p] if len(read) == len(parts) else None
    return _all_of(read) if read else None


def conditions_cannot_hold(conditions_exact: Sequence[str], region: Region) -> bool:
    """Whether the conditions of a regime record (``conditions_exact``, as :func:`compare` writes them: exact, tie
    rules included) cannot all hold at one point of ``region``, at any of its degrees: True only when proved exactly.

    Each condition is read as a disjunction of cases, each a conjunction of linear comparisons (``or``/``and``,
    ties ``==`` and ``Max``/``Min`` of whole sides expanded exactly; strict comparisons strict), and every choice of
    one case per condition is proved empty on the region by :meth:`Region.point` (referee BR, BR4: closures and
    skipped Max conditions had kept a "part" where the conditions could not all hold). What cannot be read so (a
    comparison that is not linear in the region's symbols, a decimal, a Max inside a formula, more than
    :data:`MAX_CONDITION_CASES` cases) is left out, which only widens the set tested. The text is read by
    :func:`theorycheck.expr.parse_condition_tree` (as the regime slices read it), never ``eval``."""
    from .expr import parse_condition_tree

    names = {str(v): v for v in region.variables}
    if region.q is not None:
        names[str(region.q)] = region.q
    own_symbols = {sp.Symbol(k, real=True): v for k, v in names.items()}

    def constraint(c: _Comparison) -> Any:
        lhs, op, rhs = c
        gap = sp.expand(rhs.xreplace(own_symbols) - lhs.xreplace(own_symbols))  # the comparison: gap > 0 (or ≥ 0)
        _linear(gap.subs(region.q, 1) if region.q is not None else gap, tuple(region.variables))
        return gap > 0 if op == "<" else gap >= 0

    conditions = []
    for text in conditions_exact:
        if re.search(r"\d\.\d|\de[-+]?\d", text):  # a decimal is not read as a rational here
            continue
        try:
            cases = _condition_cases(parse_condition_tree(text, tuple(names)))
        except InputError:
            continue
        if cases is None:
            continue
        read = []
        for case in cases:
            kept = []
            for c in case:
                try:
                    kept.append(constraint(c))
                except (InputError, sp.PolynomialError, TypeError, ValueError):  # not linear: left out of its case
                    continue
            if not kept:  # a case with nothing read may hold anywhere: so may the condition
                break
            read.append(tuple(kept))
        else:
            conditions.append(read)
    count = 1
    for options in conditions:
        count *= len(options)
    if count > MAX_CONDITION_CASES:
        conditions = [options for options in conditions if len(options) == 1]
    if not conditions:
        return False
    # depth first, the conditions with fewest cases first, at each degree on its own: a partial choice proved empty
    # is not extended (referee BU, F2: every full choice at every degree had been tried, 512 cases took 160 s)
    conditions.sort(key=len)
    # at most MAX_REGION_TESTS region tests in all (referee BW, G2: with no pruning the depth-first search had
    # tested every node at every degree); past it nothing is proved. One degree when nothing depends on q.
    budget = [MAX_REGION_TESTS]
    uses_q = region.q is not None and any(getattr(c, "has", lambda *_: False)(region.q)
                                          for c in (*region.constraints, *(c for cases in conditions
                                                                          for case in cases for c in case)))
    degrees = region.degrees() if uses_q else region.degrees()[:1]

    def some_point(q_value: int | None, k: int, chosen: tuple[Any, ...]) -> bool:
        if k:
            budget[0] -= 1
            if budget[0] < 0:
                raise _Undecided
            if region.restrict(*chosen).point(q_value) is None:
                return False
        if k == len(conditions):
            return True
        return any(some_point(q_value, k + 1, chosen + case) for case in conditions[k])

    try:
        return not any(some_point(q_value, 0, ()) for q_value in degrees)
    except (InputError, _Undecided):
        return False


@functools.lru_cache(maxsize=65536)
def _linear(expr: sp.Expr, variables: tuple[sp.Symbol, ...]) -> tuple[tuple[Fraction, ...], Fraction]:
    expr = sp.expand(expr)
    if expr.free_symbols - set(variables):
        raise InputError(f"{expr} depends on {expr.free_symbols - set(variables)}, not region parameters")
    poly = sp.Poly(expr, *variables) if variables else sp.Poly(expr, sp.Dummy())
    if poly.total_degree() > 1:
        raise InputError(f"{expr} is not linear in {tuple(variables)}")
    def fraction(c: Any) -> Fraction:  # one reader for every number: a Float by its binary value (referee BN, BN3)
        r = _exact(c)
        if not r.is_Rational:
            raise ValueError(c)
        return Fraction(int(r.p), int(r.q))

    try:
        coeffs = tuple(fraction(poly.coeff_monomial(v)) for v in variables) if variables else ()
        const = fraction(poly.coeff_monomial(1))
    except ValueError:
        raise InputError(f"{expr} has a coefficient that is not a rational number") from None
    return coeffs, const


def _rational_point(x: np.ndarray) -> list[list[Fraction]]:
    """Rational approximations of an LP solution, smallest denominators first."""
    return [[Fraction(float(v)).limit_denominator(limit) for v in x] for limit in (12, 100, 1000, 10**4, 10**6)]


@dataclasses.dataclass(frozen=True)
class Comparison:
    """The outcome of :func:`compare` (see the module docstring)."""

    relation: str
    holds_on: str
    conditions: tuple[str, ...]
    conditions_exact: tuple[str, ...]
    witness: dict[str, Any] | None
    region: Region
    lhs_terms: tuple[Term, ...]
    rhs_terms: tuple[Term, ...]
    checked_degrees: tuple[int | None, ...]
    undecided: tuple[str, ...] = ()
    #: for a region with a degree q: how a relation that holds at every checked degree is known for every q ≥ 1
    #: (:func:`every_degree`), or None when that is not proved (it then holds for the checked degrees only)
    every_degree: str | None = None
    #: whether the conditions say exactly where it holds (True) or where it holds at least (False: a left term that
    #: vanishes on a face or at a degree, or a left term of the other sign, may make it hold outside them; referee BR)
    conditions_complete: bool = True
    #: where the region has a preferred sub-region (:attr:`Region.preferred`) and the relation fails but not there:
    #: that sub-region's constraints as text (it holds on the whole of it, proved as any "all" is), else None
    fails_only_outside: str | None = None

    @property
    def holds_everywhere(self) -> bool:
        return self.holds_on == "all" and not self.undecided

    def regime(self) -> dict[str, Any]:
        """The ``regime`` record of a verdict."""
        return {"region": self.region.name, "region_latex": self.region.description, "holds_on": self.holds_on,
                "relation": self.relation, "conditions": list(self.conditions),
                "conditions_exact": list(self.conditions_exact), "witness": self.witness,
                # the region as inequality strings, for theorycheck.plots.regime_slice (positivity included)
                "region_exact": self.region.exact(),
                "degrees_checked": [q for q in self.checked_degrees if q is not None],
                "every_degree": self.every_degree,
                "undecided": list(self.undecided),
                **({} if self.conditions_complete else {"conditions_complete": False}),
                **({"fails_only_outside": self.fails_only_outside} if self.fails_only_outside else {})}

    def degrees_phrase(self) -> str:
        """How far in the degree q the verdict reaches, for a verdict's text."""
        if self.region.q is None:
            return ""
        if self.every_degree:
            return f" for every degree q ≥ 1 ({self.every_degree})"
        return " for every degree checked (q ∈ {" + ", ".join(str(q) for q in self.checked_degrees) + "}; not " \
            "proved beyond them)"


_LE_RELS = (Rel.LESSSIM, Rel.LESSSIM_P, Rel.LE, Rel.LE_P, Rel.BIG_O, Rel.BIG_O_P, Rel.LT)
_LL_RELS = (Rel.LL, Rel.LITTLE_O)
#: relations that bound the size |lhs| (O, O_P, o, ≪), not lhs from above (≤, ≲): a negative left term counts by its
#: size instead of only helping (referee BF: d^{−ν} − d^{ν} = o(1) had been verified)
_SIZE_RELS = (Rel.BIG_O, Rel.BIG_O_P, Rel.LITTLE_O, Rel.LL)

# a linear system: rows (a, b, strict) meaning a·θ < b (strict) or a·θ ≤ b, equalities (a, b) meaning a·θ = b
_Row = tuple[tuple[Fraction, ...], Fraction, bool]
_Eq = tuple[tuple[Fraction, ...], Fraction]


def _dot(a: Sequence[Fraction], x: Sequence[Fraction]) -> Fraction:
    return sum((u * v for u, v in zip(a, x)), Fraction(0))


def _satisfies(point: Sequence[Fraction], rows: Sequence[_Row], eqs: Sequence[_Eq]) -> bool:
    return (all((_dot(a, point) < b) if s else (_dot(a, point) <= b) for a, b, s in rows)
            and all(_dot(a, point) == b for a, b in eqs))


class _Undecided(Exception):
    """Neither the LP nor the exact fallback could decide a system (too many rows)."""


def _fourier_motzkin(nvar: int, rows: Sequence[_Row], eqs: Sequence[_Eq], limit: int = 3000) -> list[Fraction] | None:
    """Exact feasibility of a system with strict and non-strict rows and equalities (Fourier–Motzkin in
    rationals): a point satisfying it, or ``None`` when there is none."""
    work = [(list(a), b, s) for a, b, s in rows]
    equalities = [(list(a), b) for a, b in eqs]
    substituted: list[tuple[int, list[Fraction], Fraction]] = []
    while equalities:
        a, b = equalities.pop()
        k = next((m for m in range(nvar) if a[m] != 0), None)
        if k is None:
            if b != 0:
                return None
            continue

        def sub(ra: list[Fraction], rb: Fraction, a=a, b=b, k=k) -> tuple[list[Fraction], Fraction]:
            if ra[k] == 0:
                return ra, rb
            f = ra[k] / a[k]
            new = [x - f * y for x, y in zip(ra, a)]
            new[k] = Fraction(0)
            return new, rb - f * b

        work = [(*sub(ra, rb), s) for ra, rb, s in work]
        equalities = [sub(ea, eb) for ea, eb in equalities]
        substituted.append((k, a, b))
    done = {k for k, _, _ in substituted}
    eliminated = []
    for k in range(nvar):
        if k in done:
            continue
        pos = [r for r in work if r[0][k] > 0]
        neg = [r for r in work if r[0][k] < 0]
        new = {tuple(r[0]) + (r[1], r[2]): r for r in work if r[0][k] == 0}
        for pa, pb, ps in pos:
            for na, nb, ns in neg:
                lp, ln = pa[k], -na[k]
                comb = [x / lp + y / ln for x, y in zip(pa, na)]
                comb[k] = Fraction(0)
                row = (comb, pb / lp + nb / ln, ps or ns)
                new[tuple(comb) + (row[1], row[2])] = row
        eliminated.append((k, pos, neg))
        work = list(new.values())
        if len(work) > limit:
            raise _Undecided
    for _a, b, s in work:
        if (s and not b > 0) or (not s and not b >= 0):
            return None
    x = [Fraction(0)] * nvar
    for k, pos, neg in reversed(eliminated):
        def bound(a: list[Fraction], b: Fraction, k: int = k) -> Fraction:
            return (b - sum((a[m] * x[m] for m in range(nvar) if m != k), Fraction(0))) / a[k]

        his = [bound(a, b) for a, b, _ in pos]
        los = [bound(a, b) for a, b, _ in neg]
        hi, lo = (min(his) if his else None), (max(los) if los else None)
        if hi is not None and lo is not None:
            x[k] = (hi + lo) / 2
        elif hi is not None:
            x[k] = hi - 1
        elif lo is not None:
            x[k] = lo + 1
    for k, a, b in reversed(substituted):
        x[k] = (b - sum((a[m] * x[m] for m in range(nvar) if m != k), Fraction(0))) / a[k]
    if not _satisfies(x, rows, eqs):  # cannot happen; never trust an unchecked point
        raise _Undecided
    return x


def _dual_certificate(nvar: int, rows: Sequence[_Row], eqs: Sequence[_Eq]) -> bool:
    """An exact proof that no point satisfies the system with positive slack t in every strict row:
    y ≥ 0, z with Σ y_r a_r + Σ z_e a_e = 0, Σ_{strict} y_r ≤ 1 and Σ y_r b_r + Σ z_e b_e + (1 − Σ_strict y_r) ≤ 0
    (then every feasible (θ, t ≤ 1) has t ≤ 0). Found by an LP, checked in rationals."""
    m, p = len(rows), len(eqs)
    nv = m + p + 1
    A_eq = np.zeros((nvar + 1, nv))
    for r, (a, _, s) in enumerate(rows):
        A_eq[:nvar, r] = [float(v) for v in a]
        A_eq[nvar, r] = 1.0 if s else 0.0
    for e, (a, _) in enumerate(eqs):
        A_eq[:nvar, m + e] = [float(v) for v in a]
    A_eq[nvar, nv - 1] = 1.0
    b_eq = np.zeros(nvar + 1)
    b_eq[nvar] = 1.0
    cost = np.array([float(b) for _, b, _ in rows] + [float(b) for _, b in eqs] + [1.0])
    from scipy.optimize import linprog  # imported when needed: loading the claims stays fast

    res = linprog(cost, A_ub=-cost[None, :], b_ub=np.array([1.0]), A_eq=A_eq, b_eq=b_eq,
                  bounds=[(0, None)] * m + [(None, None)] * p + [(0, None)], method="highs")
    if res.status != 0 or res.fun > 1e-9:
        return False
    return _rational_certificate(nvar, rows, eqs, res.x[:m], res.x[m:m + p])


def _rational_certificate(nvar: int, rows: Sequence[_Row], eqs: Sequence[_Eq], y_float: Iterable[float],
                          z_float: Iterable[float]) -> bool:
    """True when floating multipliers (y for the rows, z for the equalities), rounded to rationals, are exactly
    the certificate of :func:`_dual_certificate`: y ≥ 0, Σ y_r a_r + Σ z_e a_e = 0, Σ_strict y_r ≤ 1 and
    Σ y_r b_r + Σ z_e b_e + (1 − Σ_strict y_r) ≤ 0 (checked in rationals; a false answer proves nothing)."""
    for limit in (1, 12, 1000, 10**6):
        y = [max(Fraction(0), Fraction(float(v)).limit_denominator(limit)) if v > 1e-10 else Fraction(0)
             for v in y_float]
        z = [Fraction(float(v)).limit_denominator(limit) if abs(v) > 1e-10 else Fraction(0) for v in z_float]
        w = 1 - sum((yr for yr, (_, _, s) in zip(y, rows) if s), Fraction(0))
        if w < 0:
            continue
        if any(sum((yr * a[k] for yr, (a, _, _) in zip(y, rows)), Fraction(0))
               + sum((ze * a[k] for ze, (a, _) in zip(z, eqs)), Fraction(0)) != 0 for k in range(nvar)):
            continue
        if _dot(y, [b for _, b, _ in rows]) + _dot(z, [b for _, b in eqs]) + w <= 0:
            return True
    return False


def _feasible(nvar: int, rows: Sequence[_Row], eqs: Sequence[_Eq], cache: dict[Any, Any],
              readable: bool = True) -> list[Fraction] | None:
    """An exact rational point satisfying the system (strict rows strictly), or ``None`` when there is none
    (proved exactly: a rational dual certificate, else Fourier–Motzkin). :class:`_Undecided` if neither works."""
    for a, b, s in rows:  # constant rows decide at once
        if not any(a) and ((s and not 0 < b) or (not s and not 0 <= b)):
            return None
    for a, b in eqs:
        if not any(a) and b != 0:
            return None
    rows = [r for r in rows if any(r[0])]
    eqs = [e for e in eqs if any(e[0])]
    key = (nvar, frozenset(rows), frozenset(eqs))
    if key in cache:
        return cache[key]
    solved = _solve_system(nvar, tuple(rows), tuple(eqs), readable)
    point = None if solved is None else list(solved)
    cache[key] = point
    return point


@functools.lru_cache(maxsize=16384)
def _solve_system(nvar: int, rows: tuple[_Row, ...], eqs: tuple[_Eq, ...],
                  readable: bool) -> tuple[Fraction, ...] | None:
    """:func:`_feasible`'s work on one system, remembered for the process: the same system (the same rows in the
    same order) recurs across the steps of a chain, its perturbed statements and the degrees q, and the answer is
    a deterministic function of it (HiGHS on the same input, then exact rationals). An :class:`_Undecided` is
    raised again each time (exceptions are not cached)."""
    point = _lp_point(nvar, rows, eqs, readable)
    if point is _PROVED_EMPTY:
        return None
    if point is None and not _dual_certificate(nvar, rows, eqs):
        point = _fourier_motzkin(nvar, rows, eqs)
    return None if point is None else tuple(point)


#: :func:`_lp_point`'s answer when its LP's own multipliers prove the system empty (no second LP needed)
_PROVED_EMPTY: Any = object()


def _lp_point(nvar: int, rows: Sequence[_Row], eqs: Sequence[_Eq], readable: bool = True) -> list[Fraction] | None:
    """LP search for an interior point (max common slack t in the strict rows), then a second LP for a
    readable point (smallest |θ|_1 with 1/16 of that slack); returned only if it satisfies the system exactly.
    Where the largest slack is ≤ 0, the LP's multipliers (the rows', the equalities' and the bound t ≤ 1's) are
    :func:`_dual_certificate`'s certificate: :data:`_PROVED_EMPTY` when they prove it exactly, else ``None``."""
    if not rows and not eqs:
        return [Fraction(0)] * nvar
    A_ub = [[float(v) for v in a] + [1.0 if s else 0.0] for a, _, s in rows]
    b_ub = [float(b) for _, b, _ in rows]
    A_eq = [[float(v) for v in a] + [0.0] for a, _ in eqs]
    b_eq = [float(b) for _, b in eqs]
    cost = [0.0] * nvar + [-1.0]
    from scipy.optimize import linprog

    res = linprog(cost, A_ub=np.array(A_ub) if A_ub else None, b_ub=np.array(b_ub) if b_ub else None,
                  A_eq=np.array(A_eq) if A_eq else None, b_eq=np.array(b_eq) if b_eq else None,
                  bounds=[(None, None)] * nvar + [(None, 1.0)], method="highs")
    if res.status != 0:
        return None
    if res.x[-1] <= 1e-9:
        # min −t: stationarity gives Σ y_r a_r + Σ z_e a_e = 0 and Σ_strict y_r = 1 − (t ≤ 1's multiplier) with
        # y = −(the rows' marginals) ≥ 0, z = −(the equalities'); the optimum −t* = −(Σ y_r b_r + Σ z_e b_e + (1 −
        # Σ_strict y_r)), so t* ≤ 0 is the certificate's last condition (verified in rationals)
        proved = _rational_certificate(nvar, rows, eqs, -np.asarray(res.ineqlin.marginals if rows else []),
                                       -np.asarray(res.eqlin.marginals if eqs else []))
        return _PROVED_EMPTY if proved else None
    candidates = [res.x[:nvar]]
    if not readable:
        for point in _rational_point(res.x[:nvar]):
            if _satisfies(point, rows, eqs):
                return point
        return None
    slack = min(float(res.x[-1]), 1.0) / 16
    cost2 = [0.0] * (nvar + 1) + [1.0] * nvar
    A2 = [list(row) + [0.0] * nvar for row in A_ub]
    b2 = list(b_ub)
    for k in range(nvar):
        for sign in (1.0, -1.0):
            row = [0.0] * (2 * nvar + 1)
            row[k], row[nvar + 1 + k] = sign, -1.0
            A2.append(row)
            b2.append(0.0)
    eq2 = [list(row) + [0.0] * nvar for row in A_eq] if A_eq else None
    res2 = linprog(cost2, A_ub=np.array(A2), b_ub=np.array(b2), A_eq=np.array(eq2) if eq2 else None,
                   b_eq=np.array(b_eq) if b_eq else None,
                   bounds=[(None, None)] * nvar + [(slack, slack)] + [(0, None)] * nvar, method="highs")
    if res2.status == 0:
        candidates.insert(0, res2.x[:nvar])
    for x in candidates:
        for point in _rational_point(x):
            if _satisfies(point, rows, eqs):
                return point
    return None


def _infinite_order(i: Term, j: Term, d: sp.Symbol) -> int:
    """−1, 0, +1 as exp(growth_i) ≪ exp(growth_j), equal, ≫ (two super-polynomial terms of the same sign;
    each growth is a sum of pieces ≫ log d, so a non-zero difference tends to ±∞)."""
    diff = sp.expand(i.growth - j.growth)
    if diff == 0:
        return 0
    if diff.free_symbols - {d}:
        return _order_with_parameters(diff, d, i, j)
    lim = _limit_at_infinity(diff, d)
    if lim == -sp.oo:
        return -1
    if lim == sp.oo:
        return 1
    raise InputError(f"cannot compare the super-polynomial factors exp({i.growth}) and exp({j.growth}) "
                     "(their ratio depends on the parameters)")


def _order_with_parameters(diff: sp.Expr, d: sp.Symbol, i: Term, j: Term) -> int:
    """The sign of lim diff (d → ∞) for a growth difference with parameters or constants in it: each term is c·g(d)
    with g free of them (a parameter in an exponent, log^{ν+1}d, is refused: SymPy's limit reads the parameters as
    generic, → −∞ "for every ν"; referee BI, S1), the fastest g decides, by the sign of its coefficient (the symbols
    positive) (referee BJ, J2: e^{−c log²d} with a constant c > 0, and −ν log^{3/2}d beside −log²d, are decided)."""
    refuse = InputError(f"cannot compare the super-polynomial factors exp({i.growth}) and exp({j.growth}): their "
                        "ratio depends on the parameters")
    parts: dict[sp.Expr, sp.Expr] = {}
    for term in sp.Add.make_args(diff):
        c, g = term.as_independent(d, as_Add=False)
        if g.free_symbols - {d}:
            raise refuse
        parts[g] = parts.get(g, sp.Integer(0)) + c
    parts = {g: c for g, c in parts.items() if sp.simplify(c) != 0}
    if not parts:
        return 0
    gs = list(parts)
    lead = gs[0]
    for g in gs[1:]:
        ratio = _limit_at_infinity(sp.simplify(g / lead), d)
        if ratio in (sp.oo, -sp.oo):
            lead = g
        elif ratio != 0:  # two pieces of the same order: not decided here
            raise refuse
    grows = _limit_at_infinity(lead, d)
    c = parts[lead].xreplace({s: sp.Dummy(s.name, positive=True) for s in parts[lead].free_symbols})
    if grows not in (sp.oo, -sp.oo) or not (c.is_positive or c.is_negative):
        raise refuse
    return 1 if (grows == sp.oo) == bool(c.is_positive) else -1


def _pair(i: Term, j: Term, strict: bool, d: sp.Symbol) -> str:
    """"yes" if term j dominates term i at every parameter point, "no" if at none, "lp" if it depends."""
    si, sj = i.infinite, j.infinite
    if si != sj:
        return "yes" if si < sj else "no"
    if si == 0:
        return "lp"
    order = _infinite_order(i, j, d)
    return "lp" if order == 0 else ("yes" if order < 0 else "no")


@functools.lru_cache(maxsize=8192)
def _symbolic_linear(expr: sp.Expr, variables: tuple[sp.Symbol, ...]) -> tuple[tuple[sp.Expr, ...], sp.Expr]:
    """Coefficients of a linear expression in ``variables`` (they may still contain q)."""
    expr = sp.expand(expr)
    if not variables:
        return (), expr
    poly = sp.Poly(expr, *variables)
    if poly.total_degree() > 1:
        raise InputError(f"{expr} is not linear in {tuple(variables)}")
    return tuple(poly.coeff_monomial(v) for v in variables), poly.coeff_monomial(1)


def _exact(value: Any) -> Any:
    """A number read exactly: a Float as the binary number it holds (0.3333333334 is not 1/3, as ``nsimplify`` had
    snapped it: referee BK, BK6), an exact expression SymPy proves equal to a rational as that rational; anything else
    unchanged."""
    value = floats_exact(value)  # the binary value it holds (referee BM, BM2: its 15-digit print rounds 2/3 up)
    if value.is_Rational or not value.is_number:
        return value
    guess = sp.nsimplify(value)
    return guess if guess.is_Rational and sp.simplify(value - guess) == 0 else value


def _at_q(q_value: int | None) -> str:
    """" at q = 3" in a message, nothing for a region without a degree."""
    return "" if q_value is None else f" at q = {q_value}"


def _number(c: sp.Expr, subs: Mapping[sp.Symbol, Any], what: sp.Expr) -> Fraction:
    value = c.xreplace(subs) if subs else c
    if not value.is_Rational:
        value = _exact(value) if value.is_number else value
    if not value.is_Rational:
        raise InputError(f"{what}: the coefficient {c} is not a rational number for the region's parameters "
                         f"(it depends on {sorted(map(str, value.free_symbols)) or 'an irrational number'})")
    return Fraction(int(value.p), int(value.q))


_Form = tuple[tuple[Fraction, ...], Fraction]


def _term_forms(t: Term, subs: Mapping[sp.Symbol, Any], variables: tuple[sp.Symbol, ...]) -> tuple[_Form, _Form]:
    """The exponents (e, k) of a term as exact linear forms in the region's parameters at one degree."""
    out = []
    for expr in t.exponents():
        coeffs, const = _symbolic_linear(expr, variables)
        out.append((tuple(_number(c, subs, expr) for c in coeffs), _number(const, subs, expr)))
    return out[0], out[1]


def _minus(f: _Form, g: _Form) -> _Form:
    return tuple(x - y for x, y in zip(f[0], g[0])), f[1] - g[1]


def _empty(nvar: int, rows: Sequence[_Row], eqs: Sequence[_Eq], cache: dict[Any, Any]) -> bool:
    """True only when the system is proved infeasible (a constant row violated, or a rational dual
    certificate); False means "maybe feasible" (used to prune a search, never to conclude)."""
    for a, b_, s in rows:
        if not any(a) and ((s and not 0 < b_) or (not s and not 0 <= b_)):
            return True
    for a, b_ in eqs:
        if not any(a) and b_ != 0:
            return True
    rows = [r for r in rows if any(r[0])]
    eqs = [e for e in eqs if any(e[0])]
    key = ("empty", nvar, frozenset(rows), frozenset(eqs))
    if key not in cache:
        cache[key] = _certified_empty(nvar, tuple(rows), tuple(eqs))
    return cache[key]


@functools.lru_cache(maxsize=16384)
def _certified_empty(nvar: int, rows: tuple[_Row, ...], eqs: tuple[_Eq, ...]) -> bool:
    """:func:`_dual_certificate` remembered for the process (a deterministic function of the system, see
    :func:`_solve_system`)."""
    return _dual_certificate(nvar, rows, eqs)


def _search(nvar: int, region_rows: list[_Row], options: Sequence[Sequence[tuple[list[_Row], list[_Eq]]]],
            cache: dict[Any, Any], readable: bool = True) -> list[Fraction] | None:
    """A point of the region satisfying one option (rows, equalities) of every group, or ``None`` (proved).

    Depth first over the groups; a partial choice whose system is proved empty is not extended (the
    pruning only drops choices with an exact certificate of emptiness, so no point is lost)."""
    def go(k: int, rows: list[_Row], eqs: list[_Eq]) -> list[Fraction] | None:
        if k == len(options):
            return _feasible(nvar, rows, eqs, cache, readable)
        for opt_rows, opt_eqs in options[k]:
            rows2, eqs2 = rows + opt_rows, eqs + opt_eqs
            if k + 1 < len(options) and _empty(nvar, rows2, eqs2, cache):
                continue
            point = go(k + 1, rows2, eqs2)
            if point is not None:
                return point
        return None

    return go(0, list(region_rows), [])


def _beats(i: Term, others: Sequence[Term], variables: tuple[sp.Symbol, ...], region_rows: list[_Row],
           strict: bool, d: sp.Symbol, cache: dict[Any, Any], forms: Mapping[Term, tuple[_Form, _Form]],
           also: Sequence[Term] = (), also_strict: bool = False,
           vanishing: Mapping[Term, _Eq] | None = None) -> list[Fraction] | None:
    """A point where term ``i`` is not dominated by any of ``others``: for each j, e_i > e_j, or e_i = e_j and
    k_i > k_j (k_i ≥ k_j when ``strict``: then a tie also breaks ≪); and not by any of ``also`` either, read with
    ``also_strict`` (the left terms of the other sign, below), or such a term is absent there: its coefficient is 0
    (the equality ``vanishing[j]``; referee BM, BM5)."""
    vanishing = vanishing or {}
    lp = []
    for j, s in [(j, strict) for j in others] + [(j, also_strict) for j in also]:
        how = _pair(i, j, s, d)
        if how == "yes" and any(j is t for t in also) and j in vanishing:
            how = "lp"  # it dominates i, but it vanishes where its coefficient is 0
        if how == "yes":
            return None
        if how == "lp":
            lp.append((j, s))
    nvar = len(variables)
    options, relaxed = [], list(region_rows)
    for j, s in lp:
        a, c = _minus(forms[j][0], forms[i][0])
        a2, c2 = _minus(forms[j][1], forms[i][1])
        # e_j − e_i < 0, or e_j = e_i and k_j − k_i < 0 (≤ 0 for ≪)
        option = [([(a, -c, True)], []), ([(a2, -c2, not s)], [(a, -c)])]
        if j in vanishing and any(j is t for t in also):
            option.append(([], [vanishing[j]]))  # or j's coefficient is 0 there
        else:
            relaxed.append((a, -c, False))
        options.append(option)
    if lp and _empty(nvar, relaxed, [], cache):  # e_i ≥ e_j for every j is impossible: i never wins
        return None
    return _search(nvar, region_rows, options, cache)


def _merged(terms: Sequence[Term], definite: Callable[[sp.Expr], bool]) -> list[Term]:
    """Terms of the same exponents summed where their coefficients cancel (dropped: after a degree q is substituted,
    d^ν − d^{q(ν−1)+1} is 0 at q = 1; referee BG, F5) or where ``definite`` says the sum has one sign on the whole
    region (2d^ν − d^ν is d^ν; referee BI, R4); kept apart otherwise (a sum such as (ν − 1)d^ν may vanish on the
    region's edge, where the terms apart have definite signs; referee BH, R3)."""
    groups: dict[tuple[sp.Expr, ...], list[Term]] = {}
    for t in terms:
        groups.setdefault((t.d_exp, t.log_exp, t.growth, t.poly_exp), []).append(t)
    out = []
    for key, group in groups.items():
        if len(group) == 1:
            out.append(group[0])
            continue
        total = sp.simplify(sum((t.coeff for t in group), sp.Integer(0)))
        if total == 0:
            continue
        if definite(total):
            out.append(Term(total, *key))
        else:
            out.extend(group)
    return out


def _values(variables: Sequence[sp.Symbol], point: Sequence[Fraction] | None) -> dict[sp.Symbol, sp.Rational]:
    if point is None:
        return {}
    return dict(zip(variables, (sp.Rational(x.numerator, x.denominator) for x in point)))


def _order_against(j: Term, i: Term, values: Mapping[sp.Symbol, Any], d: sp.Symbol) -> int | None:
    """−1, 0, 1 as term j is of lower, the same or higher order than term i at the point (d → ∞); None when that is
    not known here. Two super-polynomial terms of the same kind are ordered by their growths, then (equal growths) by
    the powers of d and log d beside them (referee BH, R2)."""
    if i.infinite != j.infinite:
        return 1 if j.infinite > i.infinite else -1
    if i.infinite:
        try:
            growth = _infinite_order(j, i, d)
        except InputError:
            return None
        if growth:
            return growth
    ej, kj = (_exact(x.subs(values)) for x in j.exponents())
    ei, ki = (_exact(x.subs(values)) for x in i.exponents())
    if not all(x.is_Rational for x in (ej, kj, ei, ki)):
        return None
    if (ej, kj) == (ei, ki):
        return 0
    return 1 if (ej, kj) > (ei, ki) else -1


def _beats_apart(i: Term, rivals: Sequence[Term], others: Sequence[Term], variables: tuple[sp.Symbol, ...],
                 region_rows: list[_Row], strict: bool, d: sp.Symbol, cache: dict[Any, Any],
                 forms: Mapping[Term, tuple[_Form, _Form]],
                 clear: Callable[[list[Fraction]], bool]) -> list[Fraction] | None:
    """A point where ``i`` beats ``others`` and the power of d of each of ``rivals`` (left terms of the other sign,
    under O, o, ≪) differs from i's, so nothing cancels i there (``clear`` confirms); None when none is found (at most
    3 rivals, finite terms only). Under ≤ and ≲ :func:`_beats` decides this itself (its ``also`` terms)."""
    if len(rivals) > 3 or i.infinite or any(j.infinite for j in rivals):
        return None
    for pattern in itertools.product(*[(-1, 1)] * len(rivals)):
        extra = []
        for j, side in zip(rivals, pattern):
            a, c = _minus(forms[j][0], forms[i][0])  # e_j − e_i = a·θ + c, wanted < 0 (side −1) or > 0 (side 1)
            extra.append((a, -c, True) if side < 0 else (tuple(-x for x in a), c, True))
        point = _beats(i, others, variables, list(region_rows) + extra, strict, d, cache, forms)
        if point is not None and clear(point):
            return point
    return None


def _dominated_somewhere(lhs: Sequence[Term], rhs: Sequence[Term], variables: tuple[sp.Symbol, ...],
                         region_rows: list[_Row], strict: bool, d: sp.Symbol, cache: dict[Any, Any],
                         forms: Mapping[Term, tuple[_Form, _Form]]) -> list[Fraction] | None:
    """A point where every lhs term is dominated by some rhs term, or ``None`` (proved).

    Domination is the strict (≪) or non-strict (≲) part of one total preorder on terms — lexicographic in
    (super-polynomial order, power of d, power of log d) at each point — so every lhs term is dominated by some rhs
    term at a point exactly when every one is dominated by the rhs term largest there. One search per rhs term j,
    each lhs term i dominated by j (two options: e_i < e_j, or e_i = e_j and k_i ≤ k_j, < for ≪), decides it; the
    search over every choice of a rhs term for each lhs term (2·|rhs| options each) had taken 90 s on a perturbed
    cert.step4-conclusion (21 left terms, 2 right ones)."""
    nvar = len(variables)
    if not rhs:  # nothing dominates: only an empty left side is dominated, wherever the region has a point
        return None if lhs else _search(nvar, region_rows, [], cache, readable=False)
    for j in rhs:
        options: list[list[tuple[list[_Row], list[_Eq]]]] | None = []
        for i in lhs:
            how = _pair(i, j, strict, d)
            if how == "yes":
                continue
            if how == "no":
                options = None
                break
            a, c = _minus(forms[i][0], forms[j][0])
            a2, c2 = _minus(forms[i][1], forms[j][1])
            # e_i − e_j < 0, or e_i = e_j and k_i − k_j ≤ 0 (< 0 for ≪)
            opts = [o for o in ([([(a, -c, True)], []), ([(a2, -c2, strict)], [(a, -c)])])
                    if not _empty(nvar, list(region_rows) + o[0], o[1], cache)]
            if not opts:
                options = None
                break
            assert options is not None  # set to None only right before a break
            options.append(opts)
        if options is None:
            continue
        point = _search(nvar, region_rows, options, cache, readable=False)
        if point is not None:
            return point
    return None


def _may_offset(positive: Sequence[Term], opposite: Sequence[Term], tie_only: bool, nvar: int, rows: Sequence[_Row],
                cache: dict[Any, Any], forms: Mapping[Term, tuple[_Form, _Form]]) -> bool:
    """Whether somewhere in the region a term of ``opposite`` (the other sign) may have at least the order of a term
    of ``positive`` (exactly its order, when ``tie_only``: under O, o, ≪, where only a cancellation helps): only there
    can the opposite terms make the relation hold where no point dominates every term. False only when proved."""
    for i in positive:
        for j in opposite:
            if j.infinite != i.infinite or j.infinite:
                if j.infinite < i.infinite:  # j is super-polynomially smaller than i everywhere
                    continue
                return True  # super-polynomially larger, or two growths: not ordered here
            a, c = _minus(forms[j][0], forms[i][0])  # e_j − e_i = a·θ + c
            a2, c2 = _minus(forms[j][1], forms[i][1])  # k_j − k_i
            negated = tuple(-x for x in a)
            options = ([([], [(a, -c), (a2, -c2)])] if tie_only else  # e_j = e_i and k_j = k_i
                       [([(negated, c, True)], []),  # e_j > e_i
                        ([(tuple(-x for x in a2), c2, False)], [(a, -c)])])  # e_j = e_i and k_j ≥ k_i
            try:
                if any(not _empty(nvar, list(rows) + extra, eqs, cache) for extra, eqs in options):
                    return True
            except _Undecided:
                return True
    return False


def _condition(i: Term, rhs: Sequence[Term], strict: bool, d: sp.Symbol,
               tie_in_region: Any = None) -> tuple[str, str, tuple[sp.Expr, bool] | None]:
    """LaTeX and plain text of "term i is dominated by some term of the right side", and the condition as one
    linear inequality ``(g, strict)`` meaning g > 0 (strict) or g ≥ 0, where it is one (else None).

    Right-side terms whose power of d differs from e_i by a constant are settled first (they dominate i
    everywhere, nowhere, or, with the same power, where the log-power difference is ≥ 0 / > 0: that
    inequality is the condition). Then, when the log-power differences are numbers, one right-side term j
    gives exactly ``e_j − e_i > 0`` (``≥ 0`` when a tie in e is decided for the relation by the log powers);
    several give ``e_i < Max(e_j)`` (``<=`` when every tie is decided for it; with mixed ties ``<`` is exact
    off the tie set e_i = e_j). When a log-power difference depends on
    the parameters, the region decides it when it can (on the whole tie set inside the region the log
    powers always / never favour the relation: then ``≥`` / ``>`` is exact inside the region, which is
    where conditions are read); otherwise the plain text is ``e_j − e_i > 0``, exact off the tie set, and
    the LaTeX states the tie rule (the set where the relation holds is then neither open nor closed, so no
    single inequality of continuous functions describes it).
    A term that is never dominated gives ``0 > 1``.
    """
    lp = []
    for j in rhs:
        try:
            how = _pair(i, j, strict, d)
        except InputError:
            return ("", "", None)
        if how == "yes":
            return ("", "", None)
        if how == "lp":
            lp.append(j)
    if not lp:
        return (rf"\text{{never: }} {i.latex(d)} \text{{ dominates every term of the right side}}", "0 > 1", None)
    cmp_latex, cmp_text = (">", ">") if strict else (r"\geq", ">=")

    def tie_ok(j: Term) -> bool | None:
        gap = sp.expand(j.log_exp - i.log_exp)
        if not gap.is_number:
            # decided by the region when the log powers favour one side on the whole tie set e_i = e_j
            return tie_in_region(i, j) if tie_in_region is not None else None
        return bool(gap > 0) if strict else bool(gap >= 0)

    # right-side terms whose power of d differs from e_i by a constant: they dominate i everywhere, nowhere,
    # or (same power) exactly where the log powers say so
    varying, log_only = [], []
    for j in lp:
        gap = sp.expand(j.exponents()[0] - i.exponents()[0])
        ok = tie_ok(j)
        if gap.is_number:
            if gap > 0 or (gap == 0 and ok is True):
                return ("", "", None)
            if gap < 0 or ok is False:
                continue
            log_only.append(j)
        else:
            varying.append(j)
    if not varying and not log_only:
        return (rf"\text{{never: }} {i.latex(d)} \text{{ dominates the right side}}", "0 > 1", None)
    if not varying and len(log_only) == 1:
        log_gap = sp.expand(log_only[0].log_exp - i.log_exp)
        return (f"{paper_latex(log_gap)} {cmp_latex} 0", f"{log_gap} {cmp_text} 0", (log_gap, strict))
    if len(varying) == 1 and not log_only:
        j = varying[0]
        gap = sp.expand(j.exponents()[0] - i.exponents()[0])
        ok = tie_ok(j)
        if ok is not None:
            op, op_text = (r"\geq", ">=") if ok else (">", ">")
            return (f"{paper_latex(gap)} {op} 0", f"{gap} {op_text} 0", (gap, not ok))
        log_gap = sp.expand(j.log_exp - i.log_exp)
        tie = rf" \text{{ (or }} = 0 \text{{ and }} {paper_latex(log_gap)} {cmp_latex} 0)"
        # exact with its tie rule (referee BP, F1/F2: "gap > 0" alone was false on a tie set inside the region)
        return (paper_latex(gap) + " > 0" + tie, f"{gap} > 0 or ({gap} == 0 and {log_gap} {cmp_text} 0)", None)
    ei = i.exponents()[0]
    targets = sorted(varying + log_only, key=lambda j: str(j.exponents()[0]))
    powers = list(dict.fromkeys(sp.expand(j.exponents()[0]) for j in targets))  # each power once (referee BS)
    exps = ", ".join(paper_latex(e) for e in powers)
    ties = [tie_ok(j) for j in varying]
    max_text = f"Max({', '.join(str(e) for e in powers)})"
    if not log_only and all(t is True for t in ties):
        return (rf"{paper_latex(ei)} \leq \max\left({exps}\right)", f"{ei} <= {max_text}", None)
    if not log_only and all(t is False for t in ties):
        return (rf"{paper_latex(ei)} < \max\left({exps}\right)", f"{ei} < {max_text}", None)
    # exact with the ties the log powers decide for the relation: e_i = e_j and k_j − k_i ≥ 0 (> 0 for ≪) for some j
    # (referee BP, F1: "e_i < Max(…)" alone was false on the face r = 0, where the log powers decide)
    tie_texts = []
    for j in targets:
        ok = tie_ok(j)
        if ok is False:
            continue
        gap = sp.expand(j.exponents()[0] - ei)
        log_gap = sp.expand(j.log_exp - i.log_exp)
        parts = ([] if gap == 0 else [f"{gap} == 0"]) + ([] if ok is True else [f"{log_gap} {cmp_text} 0"])
        tie_texts.append(" and ".join(parts) if len(parts) == 1 else "(" + " and ".join(parts) + ")")
    return (rf"{paper_latex(ei)} < \max\left({exps}\right) \text{{ (or equal to the power of d of a term whose "
            rf"power of }}\log d\text{{ is }}{cmp_latex}\text{{ its own)}}",
            " or ".join([f"{ei} < {max_text}"] + tie_texts), None)


def _irredundant(linear: Sequence[tuple[sp.Expr, bool] | None], degrees: Sequence[tuple[int | None, list[_Row]]],
                 region: Region, cache: dict[Any, Any]) -> list[bool]:
    """Which conditions to keep: a linear condition (``g > 0`` or ``g ≥ 0``) is dropped when, at every degree,
    the region and the other kept linear conditions imply it (the region with its negation added is proved
    empty, exactly), so the conjunction read inside the region is unchanged; in order, so of two equivalent
    conditions the first stays. A condition that is not one linear inequality (a ``max``, a tie rule) is always
    kept and never used to drop another. ``degrees`` are the region's rows at each degree q."""
    variables = tuple(region.variables)

    def row(form: tuple[sp.Expr, bool], q_value: int | None, negated: bool) -> _Row | None:
        g, strict = form
        g = g.subs(region.q, q_value) if q_value is not None and region.q is not None else g
        try:
            a, c = _linear(sp.expand(g), variables)
        except InputError:  # a symbol outside the region, an irrational coefficient: not comparable
            return None
        if negated:  # not (g > 0) is g ≤ 0; not (g ≥ 0) is g < 0
            return a, -c, not strict
        return tuple(-x for x in a), c, strict  # g > 0 is −a·θ < c

    keep = [True] * len(linear)
    if not degrees:
        return keep
    for k, form in enumerate(linear):
        if form is None:
            continue
        implied = True
        for q_value, region_rows in degrees:
            negation = row(form, q_value, negated=True)
            others = [row(f, q_value, negated=False) for m, f in enumerate(linear) if m != k and keep[m] and f]
            if negation is None or any(r is None for r in others):
                implied = False
                break
            try:
                if _feasible(len(variables), list(region_rows) + [r for r in others if r] + [negation], [],
                             cache, readable=False) is not None:
                    implied = False
                    break
            except _Undecided:
                implied = False
                break
        keep[k] = not implied
    return keep


def _substituted(t: Term, subs: Mapping[sp.Symbol, Any]) -> Term:
    if not subs:
        return t
    # sympified: xreplace of a bare symbol by a Python int returns the int (a coefficient q at q = 1: referee AP)
    return Term(sp.sympify(t.coeff.xreplace(subs)), sp.expand(t.d_exp.xreplace(subs)),
                sp.expand(t.log_exp.xreplace(subs)),
                sp.expand(t.growth.xreplace(subs)), sp.expand(t.poly_exp.xreplace(subs)))


def _zero_somewhere(c: sp.Expr, params: set[sp.Symbol], variables: tuple[sp.Symbol, ...], rows: list[_Row],
                    cache: dict[Any, Any]) -> tuple[tuple[Fraction, ...], Fraction] | None:
    """The linear form (a, k) of a coefficient c = a·θ + k of the region's parameters when c may be 0 somewhere on the
    region (one exact LP), else None (c free of them, negative for SymPy, not linear, or never 0)."""
    if not c.free_symbols & params or c.is_negative:
        return None
    try:
        slope, level = _linear(sp.expand(c), variables)
    except InputError:
        return None
    form = (tuple(slope), Fraction(level))
    zero = _feasible(len(variables), list(rows), [(form[0], -form[1])], cache, readable=False)
    return form if zero is not None else None


def _coefficient_sign(c: sp.Expr, params: set[sp.Symbol], variables: tuple[sp.Symbol, ...], rows: list[_Row],
                      cache: dict[Any, Any]) -> str:
    """"positive" / "nonpositive" on the whole region, "nonnegative" (≥ 0, and 0 somewhere: on a face), "mixed", or
    "unknown" (a sign the region cannot settle: not linear in its parameters)."""
    if c.is_positive:
        return "positive"
    if c.is_nonpositive:
        return "nonpositive"
    if not c.free_symbols & params:  # outside symbols are positive constants (the caller's: log(2/δ) for δ < 1)
        if c.is_number:
            return "unknown"
        # refused only when it cannot be positive for any positive values of them (referee AR: −x had been read as
        # positive); a sign that depends on their values (1 − x) is the caller's to know
        positive = c.xreplace({s: sp.Dummy(s.name, positive=True) for s in c.free_symbols})
        return "nonpositive" if positive.is_nonpositive else "positive"
    try:
        a, k = _linear(sp.expand(c), variables)
    except InputError:
        return "unknown"
    nvar = len(variables)
    can_be_nonpos = _feasible(nvar, list(rows) + [(a, -k, False)], [], cache, readable=False) is not None
    can_be_pos = _feasible(nvar, list(rows) + [(tuple(-x for x in a), k, True)], [], cache, readable=False) is not None
    if can_be_pos and can_be_nonpos:
        # 0 on a face but never negative (ν − 1 on [1, 2]; referee BK, BK1: it had been refused as a sign change)
        can_be_neg = _feasible(nvar, list(rows) + [(a, -k, True)], [], cache, readable=False) is not None
        return "mixed" if can_be_neg else "nonnegative"
    return "positive" if not can_be_nonpos else "nonpositive"


def _constant_sign(c: sp.Expr) -> int | None:
    """The sign of a real constant (SymPy, else 60 digits when they separate it from 0 by far), or None."""
    if c.is_zero:
        return 0
    if c.is_positive:
        return 1
    if c.is_negative:
        return -1
    try:
        value = sp.N(c, 60)
    except (TypeError, ValueError):
        return None
    if value.is_real and abs(value) > sp.Float(10) ** -45:
        return 1 if value > 0 else -1
    return None


def _literal_comparison(lhs: sp.Expr, rel: Rel, rhs: sp.Expr, region: Region, *, d: sp.Symbol,
                        point_values: Mapping[sp.Symbol, Any] | None = None) -> Comparison:
    """``lhs ≤ rhs`` (or <) as written, for d large, with the constants as they stand (referee EK, EK-2: "x < x" and
    "R ≤ R/2" had been verified as ≲): a constant ratio lhs/rhs = c (SymPy) decides it exactly (c ≤ 1, c < 1; the
    right side's coefficients are positive on the region); else lhs ≪ rhs on the whole region proves it (the ratio
    → 0, so it is < 1 for d large), lhs ≲ rhs failing at a point refutes it there (the ratio → ∞), and a ratio that
    stays bounded without → 0 is undecided (the literal relation then rests on the constants). Equal sides (0 < 0
    included: referee EL, EL-1) are the constant ratio 1; a constant ratio whose relation to 1 neither SymPy nor 60
    digits decide is undecided (EL-2: it had raised a TypeError); δ is read in (0, 1) (EL-3)."""
    from .errors import InputError

    # a symbol with a range, δ ∈ (0, 1), through a positive one (δ = 1/(1 + u): theorycheck.ranges.positive_form) so
    # that a coefficient log δ is seen to be negative (referee EL, EL-3: outside symbols are read as positive
    # constants, and 1 ≤ log d·log δ had been verified)
    lhs, rhs = sp.sympify(lhs), sp.sympify(rhs)
    ranged = {s: ranges.positive_form(s) for s in lhs.free_symbols | rhs.free_symbols}
    lhs, rhs = (side.xreplace({s: f for s, f in ranged.items() if f is not s}) for side in (lhs, rhs))
    # a Float as the binary number it holds, exactly (referee EL, EL-4: the ratio had been SymPy's rounded Float)
    lhs, rhs = floats_exact(lhs), floats_exact(rhs)
    if sp.simplify(lhs - rhs) == 0:
        ratio: sp.Expr = sp.Integer(1)
    elif sp.simplify(rhs) == 0:
        raise InputError(f"{rel.symbol} as written against a right side 0 is not a comparison of rates")
    else:
        ratio = sp.simplify(sp.powsimp(lhs / rhs, force=True))
    if ratio.is_number and ratio.is_real is not False:
        sign = _constant_sign(ratio - 1)
        base = compare(lhs, Rel.LESSSIM, rhs, region, d=d, point_values=point_values, literal=False)
        point = region.point()
        shown = {str(k): str(v) for k, v in (point or {}).items()}
        if sign is None:
            why = (f"{rel.symbol} as written: lhs/rhs is the constant {ratio}, which neither SymPy nor 60 digits tell "
                   "apart from 1")
            return dataclasses.replace(base, relation=rel.value, holds_on="undecided", conditions=(),
                                       conditions_exact=(), witness=None, undecided=(why,))
        holds = sign < 0 or (sign == 0 and rel is Rel.LE)
        witness = None if holds else {"point": shown, "constant_ratio": str(sp.N(ratio, 25)),
                                      "constant_ratio_minus_1": str(sp.N(ratio - 1, 5)),
                                      "read": "exactly (a Float as the binary number it holds)"}
        return dataclasses.replace(base, relation=rel.value, holds_on="all" if holds else "none", conditions=(),
                                   conditions_exact=(), witness=witness, undecided=())
    small = compare(lhs, Rel.LL, rhs, region, d=d, point_values=point_values)
    if small.holds_everywhere:
        return dataclasses.replace(small, relation=rel.value)
    bounded = compare(lhs, Rel.LESSSIM, rhs, region, d=d, point_values=point_values, literal=False)
    if bounded.witness is not None:
        return dataclasses.replace(bounded, relation=rel.value, conditions=(), conditions_exact=(),
                                   holds_on="none" if bounded.holds_on == "none" else "undecided")
    why = (f"{rel.symbol} as written: lhs ≲ rhs but not ≪ on the whole region, so the literal relation rests on the "
           "constants (compare them, or write ≲)")
    return dataclasses.replace(bounded, relation=rel.value, holds_on="undecided", conditions=(), conditions_exact=(),
                               undecided=(*bounded.undecided, why))


def compare(lhs: sp.Expr, relation: str | Rel, rhs: sp.Expr, region: Region, *, d: sp.Symbol,
            point_values: Mapping[sp.Symbol, Any] | None = None, literal: bool = True) -> Comparison:
    """Decide ``lhs relation rhs`` (≲-type or ≪-type, for d → ∞) on the whole ``region``.

    Coefficients are hidden constants: on the right they must be positive on the whole region (a coefficient
    linear in the region's parameters is checked exactly; otherwise :class:`InputError`); symbols outside the
    region in a coefficient are taken as positive constants. A term of the left side whose coefficient is
    ≤ 0 on the whole region only helps a ≤ or ≲ and is dropped (a failure there needs every such term strictly below
    the failing one; a tie may cancel and is left undecided); under O, O_P, o and ≪, which bound |lhs|, it counts
    by its size, and a failure where a left term of the other sign has the same order (they may cancel) is left
    undecided. A left coefficient ≥ 0 that is 0 on a face counts, its failures searched where it is > 0. A left term
    whose sign changes on the region is refused. ≤ and < are decided as written, for d large
    (:func:`_literal_comparison`: a constant ratio exactly, else ≪ proves and a failing ≲ refutes; ``literal=False``
    reads them as ≲, hidden constant free); ≤_P is read as ≲_P; a Float everywhere (exponents, coefficients, the
    region) as the binary number it holds.

    Every answer is exact: a failure is a rational point checked in exact arithmetic, and "no failure" is
    proved by a rational dual certificate of the LP (or exact Fourier–Motzkin elimination).
    """
    if region.preferred:
        return _compare_preferring(lhs, relation, rhs, region, d=d, point_values=point_values, literal=literal)
    if region.pieces:
        return _compare_on_pieces(lhs, relation, rhs, region, d=d, point_values=point_values, literal=literal)
    rel = Rel.parse(relation)
    if rel in (Rel.LE, Rel.LT) and literal:
        return _literal_comparison(lhs, rel, rhs, region, d=d, point_values=point_values)
    if rel in _LE_RELS:
        strict = False
    elif rel in _LL_RELS:
        strict = True
    else:
        raise InputError(f"compare decides ≲-type and ≪-type relations, not {rel.value}")
    size_bound = rel in _SIZE_RELS
    lhs_all = rate_terms(lhs, d)
    rhs_all = rate_terms(rhs, d)
    variables = tuple(region.variables)
    cache: dict[Any, Any] = {}
    undecided: list[str] = []
    degrees = []
    face_rows: dict[tuple[Any, Term], _Row] = {}  # a left coefficient ≥ 0 that is 0 on a face: the row "it is > 0"
    vanishing_at: dict[tuple[Any, Term], _Eq] = {}  # a dropped coefficient ≤ 0 that is 0 somewhere: "it is 0"
    for q_value in region.degrees():
        subs: dict[sp.Symbol, Any] = {} if q_value is None else {region.q: q_value}
        if point_values:
            subs.update(point_values)
        params = set(variables) | ({region.q} if region.q is not None else set())
        try:
            A, b, s = region._rows(subs)
        except _EmptyRegion:
            continue
        rows = [(tuple(a), rhs_, st) for a, rhs_, st in zip(A, b, s)]
        for k, v in enumerate(variables):  # parameters fixed by ``point_values``
            if point_values and v in point_values:
                unit = tuple(Fraction(int(m == k)) for m in range(len(variables)))
                value = _number(_exact(point_values[v]), {}, v)
                rows += [(unit, value, False), (tuple(-x for x in unit), -value, False)]
        where = "" if q_value is None else f" (q = {q_value})"

        def definite(c: sp.Expr, rows: list[_Row] = rows, params: set[sp.Symbol] = params) -> bool:
            """One sign on the whole region, never 0; with symbols outside the region (ε, δ) only where SymPy
            decides it for every positive value of them (referee BJ, J1: ε² − 1 had counted as one sign)."""
            outside = c.free_symbols - params
            if outside:
                c = c.xreplace({s: sp.Dummy(s.name, positive=True) for s in c.free_symbols})
                return bool(c.is_positive or c.is_negative)
            return "positive" in (_coefficient_sign(c, params, variables, rows, cache),
                                  _coefficient_sign(-c, params, variables, rows, cache))

        R = _merged([_substituted(t, subs) for t in rhs_all], definite)
        for t in R:
            # hidden constants must be positive; symbols outside the region (δ, ε of a privacy factor left
            # unsubstituted) are taken as the positive constants they are; a coefficient linear in the
            # region's parameters is checked on the region exactly
            if _coefficient_sign(t.coeff, params, variables, rows, cache) != "positive":
                raise InputError(f"the right side {rhs} has a term {t.latex(d)} whose coefficient {t.coeff} is not "
                                 f"positive on the whole region{where}; a rate's hidden constants must be positive")
        # L: the terms that count (under O, o, ≪ a negative one by its size: ``negative`` indexes them); dropped: the
        # negative terms ≤ and ≲ drop (they only help a bound from above, but may cancel a failing term, below)
        L, negative, dropped = [], set(), []
        for t in _merged([_substituted(t, subs) for t in lhs_all], definite):
            if t.coeff.is_zero:  # a coefficient such as q − 1 at q = 1
                continue
            sign = _coefficient_sign(t.coeff, params, variables, rows, cache)
            if sign in ("positive", "nonnegative"):  # where it is 0 a failure it gives is undecided (below)
                L.append(t)
                if sign == "nonnegative":  # its failures are searched where it is > 0
                    slope, level = _linear(sp.expand(t.coeff), variables)
                    face_rows[(q_value, t)] = (tuple(-x for x in slope), Fraction(level), True)
            elif sign == "nonpositive" and size_bound:  # counts by its size (a failure where it is 0: undecided)
                L.append(dataclasses.replace(t, coeff=-t.coeff))
                negative.add(len(L) - 1)
                # 0 on a face too? then its failures are searched where it is < 0, and where it vanishes the relation
                # may hold (referee BM, BM1: "holds nowhere" had been said)
                if (zero := _zero_somewhere(t.coeff, params, variables, rows, cache)) is not None:
                    face_rows[(q_value, L[-1])] = (zero[0], -zero[1], True)
            elif sign == "nonpositive":
                dropped.append(t)
                if (zero := _zero_somewhere(t.coeff, params, variables, rows, cache)) is not None:  # absent there
                    vanishing_at[(q_value, t)] = (zero[0], -zero[1])
            elif sign == "unknown":
                raise InputError(f"the left side {lhs} has a term {t.latex(d)} whose coefficient {t.coeff} has a sign "
                                 f"the region does not settle{where} (not linear in its parameters); bound the "
                                 "coefficient by one that is")
            else:
                raise InputError(f"the left side {lhs} has a term {t.latex(d)} whose coefficient {t.coeff} changes "
                                 f"sign on the region{where}; split the region or bound the coefficient")
        forms = {t: _term_forms(t, {}, variables) for t in L + R + dropped}
        degrees.append((q_value, L, R, rows, forms, negative, dropped))
    failure: dict[str, Any] | None = None
    holds_somewhere = skipped = False
    for q_value, L, R, rows, forms, negative, dropped in degrees:
        for index, i in enumerate(L):
            def opponents(values: Mapping[sp.Symbol, Any], index: int = index, i: Term = i, L: list[Term] = L,
                          negative: set[int] = negative) -> list[Term]:
                """Left terms of the other sign that may cancel i at the point, under O, o, ≪: one of the same order
                (a larger one beats the right side itself). (Under ≤, ≲ the search below keeps them apart itself.)"""
                return [j for k, j in enumerate(L) if k != index and (k in negative) != (index in negative)
                        and _order_against(j, i, values, d) in (0, None)]

            try:
                own = rows + ([face_rows[(q_value, i)]] if (q_value, i) in face_rows else [])
                if not size_bound and dropped:
                    # under ≤, ≲ a failure of i needs every negative left term strictly below it (then nothing cancels
                    # i); where one strictly outranks i, the left side is negative there, or another positive term
                    # larger still is the failure (its own turn); only a tie may cancel (referee BK, BK2: a negative
                    # term of higher order had left the failure "undecided, they may cancel")
                    absent = {j: vanishing_at[(q_value, j)] for j in dropped if (q_value, j) in vanishing_at}
                    point = _beats(i, R, variables, own, strict, d, cache, forms, also=dropped, also_strict=False,
                                   vanishing=absent)
                    if point is None:
                        if _beats(i, R, variables, own, strict, d, cache, forms, also=dropped,
                                  also_strict=True, vanishing=absent) is not None:
                            undecided.append(f"term {i.latex(d)}{_at_q(q_value)}: it beats the right side only where "
                                             "a left term of the other sign has its order (they may cancel)")
                            skipped = True
                        continue
                    rivals: list[Term] = []
                else:
                    point = _beats(i, R, variables, own, strict, d, cache, forms)
                    rivals = opponents(_values(variables, point)) if point is not None and size_bound else []
                if rivals:  # search again where i's order differs from theirs (referee BG, F4 and F6)
                    point = _beats_apart(i, rivals, R, variables, own, strict, d, cache, forms,
                                         lambda pt: not opponents(_values(variables, pt)))
                    if point is None:
                        undecided.append(f"term {i.latex(d)}{_at_q(q_value)}: it beats the right side only where a "
                                         "left term of the other sign has its order (they may cancel)")
                        skipped = True
                        continue
            except _Undecided:
                undecided.append(f"term {i.latex(d)}{_at_q(q_value)}: the exact fallback was too large")
                skipped = True
                continue
            if point is None:
                continue
            values = _values(variables, point)
            if _exact(i.coeff.subs(values)) == 0:  # at the point finally found, after any search apart
                # i vanishes at the witness (a coefficient ≤ 0 that is 0 on the region's edge; referee BG, F1)
                undecided.append(f"term {i.latex(d)}{_at_q(q_value)}: it beats the right side where its "
                                 "coefficient may be 0")
                skipped = True
                continue
            witness: dict[str, Any] = {str(v): str(x) for v, x in zip(variables, point)}
            if q_value is not None:
                witness[str(region.q)] = q_value
            failure = {"point": witness, "term": i.latex(d),
                       "term_exponents": _exponents_at(i, values),
                       "right_side_exponents": [_exponents_at(j, values) for j in R]}
            break
        if failure is not None:
            break
    if failure is not None or skipped:
        for q_value, L, R, rows, forms, _, _ in degrees:
            try:
                if _dominated_somewhere(L, R, variables, rows, strict, d, cache, forms) is not None:
                    holds_somewhere = True
                    break
            except _Undecided:
                undecided.append(f"where the relation holds{_at_q(q_value)}: the exact fallback was too large")
    def tie_in_region(i: Term, j: Term) -> bool | None:
        """True / False when, on every point of the region with e_i = e_j (every degree), the log powers
        decide the tie for / against the relation; None when both happen (or undecidable)."""
        seen_ok = seen_bad = False
        for q_value, _, _, rows, *_ in degrees:
            subs = {} if q_value is None else {region.q: q_value}
            try:
                fi = _term_forms(_substituted(i, subs), {}, variables)
                fj = _term_forms(_substituted(j, subs), {}, variables)
                a_, c_ = _minus(fj[0], fi[0])
                a2, c2 = _minus(fj[1], fi[1])
                # the tie set with the log powers for the relation (k_j − k_i ≥ 0, > 0 for ≪) / against it
                if not seen_ok:
                    seen_ok = _feasible(len(variables), rows + [(tuple(-x for x in a2), c2, strict)], [(a_, -c_)],
                                        cache, readable=False) is not None
                if not seen_bad:
                    seen_bad = _feasible(len(variables), rows + [(a2, -c2, not strict)], [(a_, -c_)], cache,
                                         readable=False) is not None
            except (_Undecided, InputError):
                return None
            if seen_ok and seen_bad:
                return None
        if seen_ok and seen_bad:
            return None
        return not seen_bad

    conditions: list[str] = []
    exact: list[str] = []
    linear: list[tuple[sp.Expr, bool] | None] = []
    def counted_somewhere(i: Term) -> bool:
        """Whether some checked degree counts left term ``i``: its coefficient there is not 0 and, under ≤ and ≲, not
        ≤ 0 on the region (referee BK, BK4: a term compare drops everywhere had put "never" among the conditions of a
        relation that holds on all of the region)."""
        for q_value, _, _, rows, *_ in degrees:
            c = i.coeff if q_value is None else i.coeff.subs(region.q, q_value)
            if _exact(c) == 0:
                continue
            if size_bound or _coefficient_sign(c, set(variables), variables, rows, cache) != "nonpositive":
                return True
        return False

    for i in lhs_all:
        if (i.coeff.is_positive is False and not size_bound) or not counted_somewhere(i):
            continue
        latex, text, form = _condition(i, rhs_all, strict, d, tie_in_region)
        # one condition per distinct (LaTeX, text): two terms with one power of d and different log powers share the
        # LaTeX of a Max condition but not its exact text with their tie rules (referee BS, BS1)
        if latex and (latex, text) not in zip(conditions, exact):
            conditions.append(latex)
            exact.append(text)
            linear.append(form)
    keep = _irredundant(linear, [(q_value, rows) for q_value, _, _, rows, *_ in degrees], region, cache)
    conditions = [c for c, k in zip(conditions, keep) if k]
    exact = [c for c, k in zip(exact, keep) if k]
    # a failure left undecided (terms that may cancel, an exact fallback too large) is never "all" (referee BG, F4),
    # nor "part" (referee BH, M2: it may hold everywhere); "none" only where no left terms of opposite signs could
    # cancel the failing ones somewhere (referee BH, M1: d^ν − d^{2−ν} ≲ 1 holds for ν ≤ 1, where lhs ≤ 0)
    def holds_on_a_face() -> bool:
        """Whether the relation may hold at a point where left terms whose coefficient is 0 on a face vanish: on
        each face (and each meet of faces) in the region, the rest dominated somewhere (one exact search per face;
        referee BN, BN5: any face had made a provable "none" undecided). True when not proved otherwise."""
        for q_value, L, R, rows, forms, *_ in degrees:
            faces = [(t, face_rows[(q_value, t)]) for t in L if (q_value, t) in face_rows]
            if len(faces) > 6:  # 2^6 − 1 faces and meets at most
                return True
            for size in range(1, len(faces) + 1):
                for chosen in itertools.combinations(faces, size):
                    # a row "c ≠ 0" is a·θ < b (strict); its face c = 0 is a·θ = b
                    on_face = [row for _, (a, b_, _) in chosen for row in ((a, b_, False), (tuple(-x for x in a),
                                                                                          -b_, False))]
                    rest = [t for t in L if all(t is not u for u, _ in chosen)]
                    try:
                        if _empty(len(variables), list(rows) + on_face, [], cache):
                            continue
                        if _dominated_somewhere(rest, R, variables, list(rows) + on_face, strict, d, cache,
                                                forms) is not None:
                            return True
                    except _Undecided:
                        return True
        return False

    def mixed_signs() -> bool:
        if face_rows and holds_on_a_face():  # where a left term vanishes on a face, the rest may hold
            return True
        for _, L, _, rows, forms, negative, dropped in degrees:
            positive = [t for k, t in enumerate(L) if k not in negative]
            opposite = [t for k, t in enumerate(L) if k in negative] if size_bound else dropped
            if opposite and _may_offset(positive, opposite, size_bound, len(variables), rows, cache, forms):
                return True
        return False

    if failure is None:
        holds_on = "undecided" if skipped else "all"
    elif holds_somewhere:
        holds_on = "part"
    else:
        holds_on = "undecided" if mixed_signs() else "none"
    if holds_on == "undecided":  # "holds at least where never" says nothing (referee BN, BN5)
        kept = [k for k, text in enumerate(exact) if text != "0 > 1"]
        conditions, exact = [conditions[k] for k in kept], [exact[k] for k in kept]
    proof = None
    if region.q is not None and holds_on == "all" and not undecided:
        proof = every_degree(lhs_all, rhs_all, strict, region, d, size_bound=size_bound)
        if proof is None:  # it holds at the checked degrees only: not on the whole region, where q is any q ≥ 1
            undecided.append("every checked degree q ∈ {" + ", ".join(str(k) for k in region.degrees()) + "} holds, "
                             "but no proof covers every q ≥ 1 (theorycheck.asymptotics.every_degree)")
    # the conditions are where every left term is dominated: sufficient always, and necessary unless a left term may
    # be absent somewhere (0 on a face, or at a degree) or a left term of the other sign may offset one (referee BR)
    complete = not face_rows and not vanishing_at and all(not negative and not dropped for *_, negative, dropped in
                                                          degrees)
    complete = complete and all(_exact(t.coeff if q_value is None else t.coeff.subs(region.q, q_value)) != 0
                                for t in lhs_all for q_value, *_ in degrees)
    if holds_on == "all" and not undecided:
        # where it holds is the whole region: a condition would only restate the region, and one written without
        # its tie rule is false on a face (referee BP, C1: a Max condition false wherever r = 0)
        conditions, exact = [], []
    return Comparison(rel.value, holds_on, tuple(conditions), tuple(exact), failure, region, tuple(lhs_all),
                      tuple(rhs_all), region.degrees(), tuple(undecided), proof, complete)


def _compare_preferring(lhs: sp.Expr, relation: str | Rel, rhs: sp.Expr, region: Region, *, d: sp.Symbol,
                        point_values: Mapping[sp.Symbol, Any] | None, literal: bool) -> Comparison:
    """:func:`compare` on a region with a preferred sub-region (:attr:`Region.preferred`): decided on the whole region;
    where the witness (a failure, also of an "undecided" result) lies outside the sub-region, decided again on the
    sub-region, whose witness (if any) replaces it (a point of both); where it holds on all of the sub-region,
    ``fails_only_outside`` says so. The conditions stay the whole region's. With ``point_values`` (pinned variables,
    which may lie outside the sub-region) the preference is not applied (review of stop 60)."""
    whole = dataclasses.replace(region, preferred=())
    result = compare(lhs, relation, rhs, whole, d=d, point_values=point_values, literal=literal)
    point = (result.witness or {}).get("point")
    if point_values or result.holds_on == "all" or not isinstance(point, Mapping):
        return result
    inner_region = whole.restrict(*region.preferred, name=region.name)
    try:
        if inner_region.contains(point):
            return result
    except InputError:  # a point that does not name every variable (fixed by ``point_values``): left as it is
        return result
    if all(inner_region.point(k) is None for k in inner_region.degrees()):
        return result  # no point of the region in the preferred part: nothing to prefer, and "all" there is vacuous
    inner = compare(lhs, relation, rhs, inner_region, d=d, point_values=point_values, literal=literal)
    if inner.witness is not None and inner.holds_on != "all":
        return dataclasses.replace(result, witness=inner.witness)
    if inner.holds_on == "all" and not inner.undecided:
        return dataclasses.replace(result, fails_only_outside=", ".join(str(c) for c in region.preferred))
    return result


def _compare_on_pieces(lhs: sp.Expr, relation: str | Rel, rhs: sp.Expr, region: Region, *, d: sp.Symbol,
                       point_values: Mapping[sp.Symbol, Any] | None, literal: bool) -> Comparison:
    """:func:`compare` on a union of pieces (:attr:`Region.pieces`): on the first piece alone where the statement is
    free of the variables the pieces differ in, or where only one piece is non-empty; else on every non-empty
    piece and on their hull. It holds on all of the union where it holds on every piece, nowhere where on none;
    otherwise the conditions are the hull's (exact on the hull, so on the union), the witness a failing piece's."""
    def run(part: Region) -> Comparison:
        return compare(lhs, relation, rhs, part, d=d, point_values=point_values, literal=literal)

    def non_empty(part: Region) -> bool:
        return any(part.point(k) is not None for k in part.degrees())

    seen = set().union(*(getattr(side, "free_symbols", set()) for side in (lhs, rhs)))
    if not (seen & region.piece_symbols()):  # the common case: one emptiness test at most, no second compare
        return run(next((p for p in region.pieces if non_empty(p)), region.pieces[0]))
    pieces = [p for p in region.pieces if non_empty(p)]
    if len(pieces) <= 1:
        return run(pieces[0] if pieces else region.pieces[0])
    results = [run(p) for p in pieces]
    states = [r.holds_on for r in results]
    undecided = tuple(dict.fromkeys(u for r in results for u in r.undecided))
    first = results[0]
    if all(h == "all" for h in states):
        return dataclasses.replace(first, region=region, undecided=undecided,
                                   every_degree=first.every_degree if all(r.every_degree for r in results) else None)
    failing = next((r for r in results if r.holds_on in ("part", "none")), None)
    if all(h == "none" for h in states):
        return dataclasses.replace(first, region=region, undecided=undecided)
    hull = run(region.hull())
    if failing is None or hull.holds_on != "part":
        # no piece fails outright (some undecided), or the hull did not split it: undecided on the union
        return dataclasses.replace(first, region=region, holds_on="undecided" if failing is None else "part",
                                   conditions=hull.conditions if failing is not None else (),
                                   conditions_exact=hull.conditions_exact if failing is not None else (),
                                   witness=failing.witness if failing is not None else first.witness,
                                   undecided=undecided, conditions_complete=False)
    return dataclasses.replace(hull, region=region, witness=failing.witness,
                               undecided=tuple(dict.fromkeys((*hull.undecided, *undecided))),
                               conditions_complete=hull.conditions_complete)


def _affine_in(expr: sp.Expr, q: sp.Symbol, h: sp.Symbol, q_of_h: sp.Expr) -> tuple[sp.Expr, sp.Expr] | None:
    """(A, B) with ``expr`` = A + B·h, A and B free of q, when ``expr`` written in h (q = ``q_of_h``) is affine in
    h; else None."""
    e = sp.expand(sp.simplify(expr.xreplace({q: q_of_h})))
    if e.has(q):
        return None
    a_part, b_part = e.subs(h, 0), sp.simplify(sp.diff(e, h))
    if b_part.has(h) or sp.simplify(e - a_part - b_part * h) != 0:
        return None
    return sp.simplify(a_part), b_part


def _signs_on_ray(f: sp.Expr, q: sp.Symbol) -> set[int] | None:
    """The signs (−1, 0, 1) a rational function ``f`` of ``q`` alone takes on the real ray q ≥ 1, exactly: 0 when
    its numerator has a real root there (SymPy's exact roots), and f's sign at 1, at the rational endpoints of the
    roots' isolating intervals and beyond them; None when ``f`` has other symbols, a pole on the ray, a degree above
    12, or is not rational (referee AP: SymPy's function_range had missed a zero of g at q = 250)."""
    f = sp.cancel(sp.together(sp.sympify(f)))
    if f.free_symbols - {q}:
        return None
    if not f.free_symbols:
        return {int(sp.sign(f))}
    num, den = sp.fraction(f)
    try:
        pn, pd = sp.Poly(num, q), sp.Poly(den, q)
    except sp.PolynomialError:
        return None
    if pn.degree() > 12 or pd.degree() > 12 or not all(c.is_Rational for c in pn.all_coeffs() + pd.all_coeffs()):
        return None
    if any(r >= 1 for r in sp.real_roots(pd)):
        return None
    # every sign region of the ray holds 1, an endpoint of a root's rational isolating interval (an exact rational
    # root is its own interval), a midpoint of two consecutive endpoints or the point beyond them all; a root on
    # the ray adds the sign 0
    signs = {0} if any(r >= 1 for r in sp.real_roots(pn)) else set()
    ends = sorted({sp.Integer(1)} | {sp.Rational(e) for (lo, hi), _ in pn.intervals() for e in (lo, hi) if e >= 1})
    probes = ends + [(a_ + b_) / 2 for a_, b_ in zip(ends, ends[1:])] + [ends[-1] + 1]  # between roots too
    for x in probes:
        value = sp.simplify(f.subs(q, x))
        if not value.is_number or value.is_real is not True:
            return None
        signs.add(int(sp.sign(value)))
    return signs


def _vanishing_shape(expr: sp.Expr, q: sp.Symbol) -> tuple[sp.Expr, sp.Expr, sp.Expr] | None:
    """(g, A, B) with ``expr`` = A + B·g(q), A and B free of q, g(q) → 0 as q → ∞ and g(q) between 0 (excluded) and
    g(1) for every real q ≥ 1 (decided exactly by :func:`_signs_on_ray`); None when ``expr`` has no such shape. g is
    read off the first q-dependent coefficient (of a parameter, or the constant term)."""
    expr = sp.expand(expr)
    params = sorted(expr.free_symbols - {q}, key=str)
    poly = sp.Poly(expr, *params) if params else None
    if poly is None or poly.total_degree() > 1:
        return None
    coeffs = [poly.coeff_monomial(m) for m in params] + [poly.coeff_monomial(1)]
    limits = [sp.limit(c, q, sp.oo) for c in coeffs]
    if any(not lim.is_finite for lim in limits):
        return None
    first = next((c - lim for c, lim in zip(coeffs, limits) if sp.simplify(c - lim) != 0), None)
    if first is None:
        return None
    g = sp.simplify(first)
    ratios = [sp.simplify((c - lim) / g) for c, lim in zip(coeffs, limits)]
    if any(r_.has(q) for r_ in ratios):
        return None
    # g(q)/g(1) ∈ (0, 1] on the whole ray: g never 0, of g(1)'s sign, and no larger than g(1) in size
    at_one = g.subs(q, 1)
    if at_one == 0 or _signs_on_ray(g / at_one, q) != {1} or not (_signs_on_ray(1 - g / at_one, q) or {-1}) <= {0, 1}:
        return None
    a_part = sum(lim * m for lim, m in zip(limits, params + [1]))
    b_part = sum(r_ * m for r_, m in zip(ratios, params + [1]))
    return g, a_part, b_part


@functools.lru_cache(maxsize=4096, typed=True)  # typed: a degree 2 and 2.0 are not one entry (referee BU, F8)
def _cancelled_at(x: sp.Expr, q: sp.Symbol, k: Any) -> sp.Expr:
    """``x`` at q = k as one cancelled fraction (SymPy expressions are immutable, so the answer can be remembered)."""
    return sp.cancel(sp.together(x.subs(q, k)))


def every_degree(lhs_terms: Sequence[Term], rhs_terms: Sequence[Term], strict: bool, region: Region,
                 d: sp.Symbol, size_bound: bool = False) -> str | None:
    r"""A proof that ``lhs ≲ rhs`` (``≪`` when ``strict``), known to hold at the region's checked degrees, holds for
    every degree q ≥ 1; None when this procedure finds none (referee AL: monotone exponents can change sign past
    the checked degrees).

    Each left term i must be dominated by one right term j uniformly in q, or have every exponent difference with
    the right side free of q (then its LPs, hence the checked degrees' answer, are the same at every q). With the
    differences of their exponents
    Δe = e_i − e_j (of d) and Δk = k_i − k_j (of log d), linear in the region's parameters θ for each q:

    - free of q: the pair's decision is the same at every q: one exact comparison of d^{Δe}log^{Δk} with 1;
    - Δe < 0 at every q, whatever Δk: Δe free of q and < 0 on the whole region, or Δe = A + B·g(q) with g(q) → 0
      and g(q) between 0 and g(1) for q ≥ 1 (1/q, 1/(q+1), 1/(q(q+1)) …; :func:`_vanishing_shape`): for each θ, Δe
      is affine in g, so Δe < 0 at q = 1 and Δe ≤ 0 at g = 0 (both on the whole region) give Δe < 0 at every q;
    - Δe or Δk affine in q itself (log^{2q+6} d): Δe = A_e + qB_e, Δk = A_k + qB_k with (B_e, B_k) ≤ 0 in the
      lexicographic order (power of d first) and (Δe, Δk) at q = 1 in the relation: each q ≥ 1 adds (B_e, B_k) ≤ 0.

    The region's constraints must be free of q; a super-polynomially small left term (or large right term) with
    a growth free of q dominates (is dominated by) every power of d and log d. With ``size_bound`` (O, o, ≪: |lhs|
    is bounded) a left term whose coefficient is ≤ 0 is proved like any other, not skipped."""
    q = region.q
    if q is None or any(getattr(c, "has", lambda *_: False)(q) for c in region.constraints):
        return None
    terms = list(lhs_terms) + list(rhs_terms)

    def coefficient_sign(c: sp.Expr) -> str:
        """"positive" / "nonpositive" for every q ≥ 1, else "mixed" (referee AP: a coefficient that changes sign or
        vanishes at some q between the checked degrees had been read as fixed)."""
        if not c.has(q):
            return "positive" if c.is_positive else ("nonpositive" if c.is_nonpositive else "fixed")
        signs = _signs_on_ray(c, q) if c.free_symbols <= {q} else None
        if signs is not None:
            return "positive" if signs == {1} else ("nonpositive" if signs <= {-1, 0} else "mixed")
        return "positive" if c.is_positive else ("nonpositive" if c.is_nonpositive else "mixed")

    def defined_on_ray(e: sp.Expr) -> bool:
        """A q-dependent exponent is a rational function of q with no pole at any q ≥ 1 (referee AQ: 1/(q − 17) in
        both sides' exponents cancels in their difference, but the relation is undefined at q = 17). Read before any
        cancelling, so a removable pole (q² − 289)/(q − 17) counts; any other function of q (floor, Max, Piecewise,
        (−1)^q) gives no proof (referee AR: they had slipped past, or crashed the proof search)."""
        if not e.is_rational_function(q):
            return False
        den = sp.fraction(sp.together(e))[1]
        if not den.has(q):
            return True
        signs = _signs_on_ray(den, q)
        return signs is not None and 0 not in signs

    # (a coefficient's pole or sign change is caught by coefficient_sign: it is then neither positive nor ≤ 0)
    if not all(defined_on_ray(x) for t in terms for x in (t.d_exp, t.log_exp, t.poly_exp, t.growth) if x.has(q)):
        return None
    lhs_signs = [coefficient_sign(t.coeff) for t in lhs_terms]
    if "mixed" in lhs_signs or any(coefficient_sign(t.coeff) != "positive" for t in rhs_terms if t.coeff.has(q)):
        return None
    checked = [k for k in region.degrees() if k is not None]

    def exponents_at(t: Term, k: Any) -> list[sp.Expr]:
        """t's exponents and growth at q = k, cancelled (every pair of terms asks: :func:`_cancelled_at` remembers)."""
        return [_cancelled_at(x, q, k) for x in (*t.exponents(), t.growth)]

    def unseen(i: Term) -> bool:
        """Whether some checked degree did not decide ``i`` itself (referee BK, BK7/BK8): its coefficient is 0 there
        (compare drops it), or another left term has its exponents there (compare merges the two, and they may
        cancel). The checked degrees' answer is then no answer for i: only a uniform proof (``pair``) covers it."""
        for k in checked:
            if _exact(i.coeff.subs(q, k)) == 0:
                return True
            mine = exponents_at(i, k)
            for j in lhs_terms:
                if j is i or j.infinite != i.infinite:
                    continue
                theirs = exponents_at(j, k)
                if all(sp.expand(a - b) == 0 for a, b in zip(mine, theirs)):
                    return True
        return False

    counted = [i for i, sign in zip(lhs_terms, lhs_signs) if sign != "nonpositive" or size_bound]
    unseen_terms = {id(i) for i in counted if unseen(i)}
    dropped = [j for j, sign in zip(lhs_terms, lhs_signs) if sign == "nonpositive" and not size_bound]

    def present_at_every_q(j: Term) -> bool:
        """A dropped term's coefficient is never 0 at a degree q ≥ 1 (free of q, or with no zero on the ray): where the
        checked degrees relied on it, every degree can (referee BO, BO1: (q − 1)d^x log d, checked at q = 2, is 0 at
        q = 1, where d^x ≲ 1 fails)."""
        if not j.coeff.has(q):
            return True
        signs = _signs_on_ray(j.coeff, q) if j.coeff.free_symbols <= {q} else None
        return signs is not None and 0 not in signs

    steady = all(present_at_every_q(j) for j in dropped)
    if not any(t.d_exp.has(q) or t.log_exp.has(q) or t.poly_exp.has(q) or t.growth.has(q) for t in terms) \
            and not unseen_terms and steady:
        return "no exponent depends on q; no coefficient changes sign with q"
    flat = dataclasses.replace(region, q=None, q_values=())
    h = sp.Dummy("h", positive=True)
    ll, le = ("ll", "lesssim")
    rel = ll if strict else le

    def holds(e: sp.Expr, k: sp.Expr, relation: str) -> bool:
        try:
            return compare(d**e * sp.log(d) ** k, relation, sp.Integer(1), flat, d=d).holds_everywhere
        except InputError:
            return False

    def pair(i: Term, j: Term) -> str | None:
        if i.infinite or j.infinite:
            if i.growth.has(q) or j.growth.has(q):
                return None
            if i.infinite < 0 < j.infinite or (i.infinite < 0 and not j.infinite) or (j.infinite > 0 and
                                                                                        not i.infinite):
                return "a super-polynomial factor free of q decides"
            if i.infinite != j.infinite or sp.simplify(i.growth - j.growth) != 0:
                return None
            # the same super-polynomial factor on both sides: the powers of d and log d beside it decide
        (ei, ki), (ej, kj) = i.exponents(), j.exponents()
        # cancelled first: a rational function of q may be free of q once its factors cancel
        de, dk = sp.expand(sp.cancel(sp.together(ei - ej))), sp.expand(sp.cancel(sp.together(ki - kj)))
        if not de.has(q) and not dk.has(q):
            return "exponent differences free of q" if holds(de, dk, rel) else None
        # Δe < 0 at every q: the power of d decides, whatever the powers of log d
        if not de.has(q) and holds(de, 0, ll):
            return "Δe < 0 free of q"
        vanishing = _vanishing_shape(de, q)
        if vanishing is not None:
            g, a_part, b_part = vanishing
            if holds(a_part + b_part * g.subs(q, 1), 0, ll) and holds(a_part, 0, le):
                return f"Δe affine in g(q) = {g} (between 0 and g(1) for q ≥ 1): < 0 at q = 1 and ≤ 0 as q → ∞"
        split_e = _affine_in(de, q, h, h)
        split_k = _affine_in(dk, q, h, h)
        if split_e is not None and split_k is not None:
            (ae, be), (ak, bk) = split_e, split_k
            if holds(be, bk, le) and holds(ae + be, ak + bk, rel):
                return "exponents affine in q: in the relation at q = 1, non-increasing in q"
        return None

    def free_against_all(i: Term) -> bool:
        """Every exponent difference of ``i`` with a right term (and every growth) is free of q: the LPs deciding
        ``i`` are the same at every degree, so the checked degrees' answer (``i`` dominated, by whichever right term
        wins at each point) is every degree's."""
        for j in rhs_terms:
            if i.growth.has(q) or j.growth.has(q):
                return False
            (ei, ki), (ej, kj) = i.exponents(), j.exponents()
            if any(sp.cancel(sp.together(x)).has(q) for x in (ei - ej, ki - kj)):
                return False
        return True

    def free_of_q(i: Term, j: Term) -> bool:
        if i.growth.has(q) or j.growth.has(q):
            return False
        (ei, ki), (ej, kj) = i.exponents(), j.exponents()
        return not any(sp.cancel(sp.together(x)).has(q) for x in (ei - ej, ki - kj))

    def right_alone(i: Term) -> bool:
        """i ≲ (≪) the right side at every point of the region, the comparison free of q (every difference is)."""
        if i.infinite or any(j.infinite for j in rhs_terms) or not all(free_of_q(i, j) for j in rhs_terms):
            return False
        (ei, ki) = i.exponents()
        ratio = sum(d ** sp.cancel(sp.together(j.exponents()[0] - ei)) * sp.log(d) ** sp.cancel(sp.together(
            j.exponents()[1] - ki)) for j in rhs_terms)
        try:
            return compare(sp.Integer(1), rel, ratio, flat, d=d).holds_everywhere
        except InputError:
            return False

    reasons = set()
    for i, sign in zip(lhs_terms, lhs_signs):
        if sign == "nonpositive" and not size_bound:  # dropped by compare at every degree: it only helps
            continue
        found = next((r for r in (pair(i, j) for j in rhs_terms) if r), None)
        # under ≤, ≲ with a dropped (negative) left term, the checked degrees may have found i "no failure" because
        # that term outranked it there, which another q need not repeat (referee BN, BN4): then only a uniform proof
        # ... unless i is dominated by the right side alone (one comparison free of q), or every dropped term stands to
        # i as at the checked degrees at every q (exponent differences free of q, present at every q; referee BO, BO2)
        safe = (not dropped or right_alone(i) or (steady and all(free_of_q(i, j) for j in dropped)))
        if found is None and id(i) not in unseen_terms and safe and free_against_all(i):
            found = "every exponent difference with the right side free of q"
        if found is None:
            return None
        reasons.add(found)
    return "; ".join(sorted(reasons)) if reasons else None


def _exponents_at(t: Term, values: Mapping[sp.Symbol, Any]) -> dict[str, str]:
    if t.infinite:
        return {
            "d": "oo" if t.infinite > 0 else "-oo",
            "growth": str(t.growth.subs(values)),
            "d_besides": str(sp.simplify(t.poly_exp.subs(values))),
            "log_d": str(sp.simplify(t.log_exp.subs(values))),
        }
    return {"d": str(sp.simplify(t.d_exp.subs(values))), "log_d": str(sp.simplify(t.log_exp.subs(values)))}


def ratio_at(lhs: sp.Expr, rhs: sp.Expr, point: Mapping[str, Any], d: sp.Symbol,
             log10_ds: Sequence[int] = (8, 16, 32, 64, 128)) -> list[dict[str, str]]:
    """``lhs/rhs`` (hidden constants 1) at a parameter point for d = 10^k, with mpmath at 30 digits:
    the numbers behind a witness (a ratio that grows without bound refutes ≲). A symbol outside the point (a
    constant such as ε in a squared privacy factor) takes its typical value (:func:`theorycheck.ranges.typical`: δ =
    10⁻⁵, inside (0, 1); a hidden constant 1)."""
    import mpmath

    names = {str(s): s for s in (lhs.free_symbols | rhs.free_symbols)}
    subs = {names[k]: sp.Rational(str(v)) for k, v in point.items() if k in names}
    # δ outside the point is a budget's δ, in (0, 1): 10⁻⁵, not 1 (referee EL, EL-19: log(1/δ) = 0 had printed "the
    # right side is 0" for a ratio 2)
    subs.update({s: ranges.typical(s) for s in names.values() if s not in subs and s != d})
    if sp.simplify(rhs.subs(subs)) == 0:  # X ≲ 0 (a dropped term: referee EF, EF-11 — lhs/0 had crashed lambdify)
        return [{"d": f"1e{k}", "log10_ratio": "∞ (the right side is 0)"} for k in log10_ds]
    ratio = sp.simplify((lhs / rhs).subs(subs))
    if ratio.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        return [{"d": f"1e{k}", "log10_ratio": f"not finite ({ratio})"} for k in log10_ds]
    log_ratio = sp.expand_log(sp.log(ratio), force=True)
    f = sp.lambdify(d, log_ratio, modules="mpmath")
    out = []
    with mpmath.workdps(30):
        for k in log10_ds:
            value = f(mpmath.mpf(10) ** k)
            out.append({"d": f"1e{k}", "log10_ratio": mpmath.nstr(value / mpmath.log(10), 8)})
    return out


def crossover_log10_d(lhs: sp.Expr, rhs: sp.Expr, point: Mapping[str, Any], d: sp.Symbol,
                      top: int = 100000, size: bool = False) -> str:
    """log10 of the d from which ``lhs/rhs`` (hidden constants 1, at a parameter point) stays below 1, as a string
    of 4 digits: found on a grid of log10 d from 10^{-1} to ``top`` (60 points a decade in log10 log10 d) and
    bisected between the last grid point at or above 1 and the next. The ratio is compared as it is (a negative one
    is below 1), its size with ``size`` (O, o, ≪). ``"< 0.1"`` when it is below 1 on the whole grid; ``"never (→ c)"``
    when it settles at a constant c ≥ 1 (the relation holds with a constant, never with 1); ``"> top"`` when it is
    not below 1 at the grid's end. What a reader of an asymptotic verdict asks next: how large d must be before the
    rate shows (referee BF, F3: Theorem 2's rate sets in only from d ≈ 10^58 at a corner)."""
    import mpmath

    lhs, rhs = sp.sympify(lhs), sp.sympify(rhs)
    names = {str(s): s for s in (lhs.free_symbols | rhs.free_symbols)}
    subs = {names[k]: sp.Rational(str(v)) for k, v in point.items() if k in names}
    lhs, rhs = lhs.subs(subs), rhs.subs(subs)
    f = sp.lambdify(d, lhs / rhs, modules="mpmath")
    # lhs/rhs ≥ 1 decided as (lhs − rhs)/rhs ≥ 0 (and (−lhs − rhs)/rhs ≥ 0 for the size), the difference taken by
    # SymPy first: (d − 1)/d is below 1 at every d, though 30 digits round it to 1 at d = 10^{10^5} (referee BH, C1)
    excess = [sp.lambdify(d, sp.cancel((side - rhs) / rhs), modules="mpmath") for side in ((lhs, -lhs) if size
                                                                                          else (lhs,))]
    with mpmath.workdps(30):
        def ratio(log10_d: Any) -> Any:
            value = mpmath.re(f(mpmath.power(10, log10_d)))
            return abs(value) if size else value

        def above(log10_d: Any) -> bool:
            x = mpmath.power(10, log10_d)
            return any(bool(mpmath.re(g(x)) >= 0) for g in excess)

        grid = [mpmath.power(10, mpmath.mpf(k) / 60) for k in range(-60, int(60 * mpmath.log10(top)) + 1)]
        flags = [above(x) for x in grid]
        if flags[-1]:
            a, b = ratio(grid[-2]), ratio(grid[-1])
            if abs(a - b) <= 1e-6 * abs(b):
                return f"never (→ {mpmath.nstr(b, 4)})"
            return f"> {top}"
        if not any(flags):
            return "< 0.1"
        last = max(i for i, flag in enumerate(flags) if flag)
        _, hi = bisect_predicate(above, grid[last], grid[last + 1], halvings=40)
        return mpmath.nstr(hi, 4)


def if_undecided(result: Comparison, what: str, **evidence: Any) -> Any:
    """The ``inconclusive`` verdict for a comparison left undecided somewhere (a degree q no proof covers, an exact
    fallback too large), else None: how :func:`decide` answers, for callers of :func:`compare` that word their own
    verdicts (referee AR: they read only ``holds_on``, which is "all" when every checked degree holds)."""
    from .claims import inconclusive

    if not result.undecided:
        return None
    return inconclusive("exact", f"{what}: not decided on the whole region ({result.region.name}): "
                        + "; ".join(result.undecided), regime=result.regime(), **evidence)


def decide(statement: Any, region: Region, *, d: sp.Symbol, rewrite: Any = None, what: str = "") -> Any:
    """A verdict for an asymptotic :class:`~theorycheck.statement.Statement` on the whole ``region``.

    ``rewrite`` maps each side to powers of d and log d (for example Assumption 4 substituted and
    p, n written as powers of d). ``verified`` when :func:`compare` certifies the relation at every
    point of the region (exact LP evidence for every degree); ``refuted`` with the exact witness point,
    the exponents there, and ``lhs/rhs`` at d = 10^8 … 10^128 otherwise. The verdict's ``regime`` says
    where the relation holds.
    """
    from .claims import refuted, verified

    rewrite = rewrite or (lambda e: e)
    lhs, rhs = rewrite(statement.lhs), rewrite(statement.rhs)
    result = compare(lhs, statement.rel, rhs, region, d=d)
    regime = result.regime()
    label = what or statement.latex()
    if Rel.parse(statement.rel) in (Rel.LE, Rel.LT):
        # decided as written for d large (referee EK, EK-2: it had been read as ≲, so 2d < d "held"): say so
        label += f" ({Rel.parse(statement.rel).symbol} as written, for d large)"
    elif Rel.parse(statement.rel) is Rel.LE_P:
        label += " (≤_P read as ≲_P: hidden constant free, d large)"
    evidence: dict[str, Any] = {
        "lhs_in_powers_of_d": str(lhs),
        "rhs_in_powers_of_d": str(rhs),
        "lhs_terms": [t.latex(d) for t in result.lhs_terms],
        "rhs_terms": [t.latex(d) for t in result.rhs_terms],
        "procedure": "each term of the left side against the right side's terms, lexicographic in "
        "(power of d, power of log d); LPs over the region for each degree, witness checked "
        "in exact rationals",
    }
    # an exact witness refutes, whatever else is left undecided (referee BH, M2)
    if result.witness is None and (undecided := if_undecided(result, label, **evidence)) is not None:
        return undecided
    if result.holds_on == "all":
        return verified("exact", f"{label}: holds on the whole region ({region.name})" + result.degrees_phrase(),
                        regime=regime, **evidence)
    point = result.witness["point"] if result.witness else {}
    evidence["witness"] = result.witness
    evidence["ratio_at_witness"] = ratio_at(lhs, rhs, point, d)
    where = {"none": "holds nowhere in the region", "part": "holds only on part of the region"}.get(
        result.holds_on, "does not hold on the whole region (where else it holds is not decided)")
    rest = f"; undecided: {'; '.join(result.undecided)}" if result.undecided else ""
    if result.fails_only_outside:
        rest += f"; it fails only outside {result.fails_only_outside} (it holds wherever they do)"
    return refuted("exact", f"{label}: {where} ({region.name}); fails at "
                   + ", ".join(f"{k} = {v}" for k, v in point.items()) + rest, regime=regime, **evidence)
