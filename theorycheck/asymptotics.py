r"""Asymptotic relations between rates d^{e(θ)} log^{k(θ)} d, decided over a whole region of parameters.

A rate is read off a SymPy expression as a sum of terms ``c · d^{e} · (log d)^{k}`` (:func:`rate_terms`);
factors like ``exp(−log² d / 2)`` are super-polynomially small (``e = −∞``). The exponents ``e`` and ``k``
are linear in the region's parameters θ (ε_n, ε_p, ε_b, ν, …) once the integer degree ``q`` is fixed.

``A ≲ B`` (for d large, hidden constants free) holds at θ iff every term of A is dominated by some term of
B in the lexicographic order on (e, k); ``A ≪ B`` iff strictly. :func:`compare` decides this on the
whole region, for each degree in ``region.q_values``:

* a **failure** is a point strictly inside the region where some term of A beats every term of B; it is
  found by linear programs (one per choice, for each term of B, of "beaten in e" or "tied in e, beaten
  in k") that maximise a common slack, and is **checked in exact rational arithmetic**;
* otherwise the relation holds on the whole region (the LPs certify that no interior failure exists).

The result carries the ``regime`` record of a verdict: ``{"region", "holds_on": "all"|"part"|"none",
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
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import sympy as sp
from scipy.optimize import linprog

from .errors import InputError
from .statement import Rel, paper_latex

INF = sp.oo


@dataclasses.dataclass(frozen=True)
class Term:
    """One term ``coeff · d^{d_exp} · (log d)^{log_exp}`` of a rate (``d_exp`` may be ±∞)."""

    coeff: sp.Expr
    d_exp: sp.Expr
    log_exp: sp.Expr

    def latex(self, d: sp.Symbol) -> str:
        if self.d_exp in (INF, -INF):
            return r"e^{\pm\log^2 d}\text{-type term}" if self.d_exp == INF else r"e^{-\omega(\log d)}"
        return paper_latex(self.coeff * d**self.d_exp * sp.log(d) ** self.log_exp)


def rate_terms(expr: sp.Expr, d: sp.Symbol) -> list[Term]:
    r"""``expr`` as a sum of terms ``c d^e \log^k d`` (see the module docstring).

    >>> d, e = sp.symbols("d e", positive=True)
    >>> sorted((str(t.d_exp), str(t.log_exp)) for t in rate_terms(sp.sqrt(d**(1 + e)) * sp.log(d)**3 + 2, d))
    [('0', '0'), ('e/2 + 1/2', '3')]
    """
    log_d = sp.log(d)
    expr = sp.powsimp(sp.expand_power_base(sp.sympify(expr), force=True), force=True)
    expr = sp.expand(expr, power_base=False, power_exp=False, log=False, multinomial=True, mul=True)
    merged: dict[tuple[sp.Expr, sp.Expr], sp.Expr] = {}
    for term in sp.Add.make_args(expr):
        coeff, d_exp, log_exp = sp.Integer(1), sp.Integer(0), sp.Integer(0)
        for factor in sp.Mul.make_args(term):
            base, exponent = factor.as_base_exp()
            if isinstance(factor, sp.exp) or base is sp.E:
                arg = sp.expand(factor.args[0] if isinstance(factor, sp.exp) else exponent)
                if d not in arg.free_symbols:
                    coeff *= factor
                    continue
                linear = sp.expand(arg / log_d)
                if not linear.has(d):
                    d_exp += linear
                    continue
                lead = sp.limit(arg / log_d, d, sp.oo)
                if lead in (sp.oo, -sp.oo):
                    d_exp += lead
                    continue
                raise InputError(f"cannot read the factor {factor} as a power of d")
            if base == d:
                d_exp += exponent
            elif base == log_d:
                log_exp += exponent
            elif d in factor.free_symbols:
                raise InputError(f"cannot read the factor {factor} as a power of d or of log d")
            else:
                coeff *= factor
        key = (sp.simplify(d_exp), sp.simplify(log_exp))
        merged[key] = merged.get(key, sp.Integer(0)) + coeff
    return [Term(sp.simplify(c), e, k) for (e, k), c in merged.items() if c != 0]


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

    def restrict(self, *constraints: Any, name: str | None = None) -> Region:
        """The sub-region with extra linear constraints."""
        return dataclasses.replace(self, name=name or self.name + " ∩ …", constraints=self.constraints + constraints,
                                   description=self.description + "".join(
                                       ", " + paper_latex(c) for c in constraints))

    def degrees(self) -> tuple[int | None, ...]:
        return self.q_values if self.q is not None and self.q_values else (None,)

    def _rows(self, subs: Mapping[sp.Symbol, Any]) -> tuple[list[list[Fraction]], list[Fraction], list[bool]]:
        rows, rhs, strict = [], [], []
        for rel in self.constraints:
            rel = rel.subs(subs) if hasattr(rel, "subs") else rel
            if rel is sp.true:
                continue
            if rel is sp.false:
                raise InputError(f"region {self.name}: a constraint is false for {subs}")
            if isinstance(rel, (sp.StrictGreaterThan, sp.GreaterThan)):
                expr = rel.rhs - rel.lhs
            elif isinstance(rel, (sp.StrictLessThan, sp.LessThan)):
                expr = rel.lhs - rel.rhs
            else:
                raise InputError(f"region {self.name}: {rel} is not an inequality")
            a, c = _linear(expr, self.variables)
            rows.append(a)
            rhs.append(-c)
            strict.append(isinstance(rel, (sp.StrictGreaterThan, sp.StrictLessThan)))
        # a constraint like ε_p > 0 on a positive symbol evaluates to True at construction: keep it as a row
        for k, v in enumerate(self.variables):
            if v.is_positive or v.is_nonnegative:
                rows.append([Fraction(-1) if m == k else Fraction(0) for m in range(len(self.variables))])
                rhs.append(Fraction(0))
                strict.append(bool(v.is_positive))
        return rows, rhs, strict

    def contains(self, point: Mapping[sp.Symbol, Any]) -> bool:
        """Exact membership (strict constraints strictly)."""
        values = {k: sp.Rational(str(v)) if isinstance(v, (Fraction, str)) else sp.nsimplify(v)
                  for k, v in point.items()}
        return all(bool(rel.subs(values)) for rel in self.constraints)


@functools.lru_cache(maxsize=65536)
def _linear(expr: sp.Expr, variables: Sequence[sp.Symbol]) -> tuple[list[Fraction], Fraction]:
    expr = sp.expand(expr)
    if expr.free_symbols - set(variables):
        raise InputError(f"{expr} depends on {expr.free_symbols - set(variables)}, not region parameters")
    poly = sp.Poly(expr, *variables) if variables else sp.Poly(expr, sp.Dummy())
    if poly.total_degree() > 1:
        raise InputError(f"{expr} is not linear in {tuple(variables)}")
    coeffs = [Fraction(str(poly.coeff_monomial(v))) for v in variables] if variables else []
    return coeffs, Fraction(str(poly.coeff_monomial(1)))


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

    @property
    def holds_everywhere(self) -> bool:
        return self.holds_on == "all" and not self.undecided

    def regime(self) -> dict[str, Any]:
        """The ``regime`` record of a verdict."""
        return {"region": self.region.name, "region_latex": self.region.description, "holds_on": self.holds_on,
                "relation": self.relation, "conditions": list(self.conditions),
                "conditions_exact": list(self.conditions_exact), "witness": self.witness,
                # the region as inequality strings, for theorycheck.plots.regime_slice (positivity included)
                "region_exact": [str(c) for c in self.region.constraints if getattr(c, "is_Relational", False)]
                + [f"{v} > 0" for v in self.region.variables if v.is_positive],
                "degrees_checked": [q for q in self.checked_degrees if q is not None],
                "undecided": list(self.undecided)}


_LE_RELS = (Rel.LESSSIM, Rel.LESSSIM_P, Rel.LE, Rel.LE_P, Rel.BIG_O, Rel.BIG_O_P, Rel.LT)
_LL_RELS = (Rel.LL, Rel.LITTLE_O)


def _lex_lp(variables: Sequence[sp.Symbol], region_rows: tuple[list[list[Fraction]], list[Fraction], list[bool]],
            strict_le: Sequence[sp.Expr], equal: Sequence[sp.Expr], nonstrict_le: Sequence[sp.Expr]
            ) -> list[Fraction] | None:
    """A rational point strictly inside the region with every ``strict_le`` expression < 0, every ``equal`` = 0
    and every ``nonstrict_le`` ≤ 0 (checked exactly), or ``None`` when the LPs find none."""
    A_reg, b_reg, strict_reg = region_rows
    nvar = len(variables)
    A_ub, b_ub, A_eq, b_eq = [], [], [], []
    for row, rhs, is_strict in zip(A_reg, b_reg, strict_reg):
        A_ub.append([float(v) for v in row] + [1.0 if is_strict else 0.0])
        b_ub.append(float(rhs))
    lin = {}
    for group in (strict_le, equal, nonstrict_le):
        for e in group:
            lin[e] = _linear(e, variables)
    for e in strict_le:
        a, c = lin[e]
        A_ub.append([float(v) for v in a] + [1.0])
        b_ub.append(float(-c))
    for e in nonstrict_le:
        a, c = lin[e]
        A_ub.append([float(v) for v in a] + [0.0])
        b_ub.append(float(-c))
    for e in equal:
        a, c = lin[e]
        A_eq.append([float(v) for v in a] + [0.0])
        b_eq.append(float(-c))
    cost = [0.0] * nvar + [-1.0]
    bounds = [(-1e4, 1e4)] * nvar + [(None, 1.0)]
    A_ub_np = np.array(A_ub) if A_ub else np.zeros((0, nvar + 1))
    A_eq_np = np.array(A_eq) if A_eq else None
    res = linprog(cost, A_ub=A_ub_np if A_ub else None, b_ub=np.array(b_ub) if b_ub else None,
                  A_eq=A_eq_np, b_eq=np.array(b_eq) if b_eq else None, bounds=bounds, method="highs")
    if res.status != 0 or res.x[-1] <= 1e-9:
        return None
    # second stage: keep half the slack, find the point of smallest |θ|_1 (a readable witness)
    slack = min(float(res.x[-1]), 1.0) / 2
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
                   bounds=[(-1e4, 1e4)] * nvar + [(slack, slack)] + [(0, None)] * nvar, method="highs")
    if res2.status == 0:
        res = res2
    for point in _rational_point(res.x[:nvar]):
        ok = all(sum(a * v for a, v in zip(row, point)) < rhs if s else sum(a * v for a, v in zip(row, point)) <= rhs
                 for row, rhs, s in zip(A_reg, b_reg, strict_reg))
        ok = ok and all(sum(a * v for a, v in zip(lin[e][0], point)) + lin[e][1] < 0 for e in strict_le)
        ok = ok and all(sum(a * v for a, v in zip(lin[e][0], point)) + lin[e][1] == 0 for e in equal)
        ok = ok and all(sum(a * v for a, v in zip(lin[e][0], point)) + lin[e][1] <= 0 for e in nonstrict_le)
        if ok:
            return point
    return None


def _beats(i: Term, others: Sequence[Term], variables: Sequence[sp.Symbol], rows: Any,
           strict: bool) -> list[Fraction] | None:
    """A point where term ``i`` is not dominated by any of ``others``: for each j, e_i > e_j, or e_i = e_j and
    k_i > k_j (k_i ≥ k_j when ``strict``: then a tie also breaks ≪)."""
    if i.d_exp == -INF:
        return None
    finite = [j for j in others if j.d_exp != -INF]
    if any(j.d_exp == INF for j in finite):
        return None
    if i.d_exp == INF:
        return _lex_lp(variables, rows, [], [], [])
    for choice in itertools.product(("e", "tie"), repeat=len(finite)):
        strict_le, equal, nonstrict_le = [], [], []
        for j, how in zip(finite, choice):
            if how == "e":
                strict_le.append(j.d_exp - i.d_exp)
            else:
                equal.append(i.d_exp - j.d_exp)
                (nonstrict_le if strict else strict_le).append(j.log_exp - i.log_exp)
        point = _lex_lp(variables, rows, strict_le, equal, nonstrict_le)
        if point is not None:
            return point
    return None


def _dominated_somewhere(lhs: Sequence[Term], rhs: Sequence[Term], variables: Sequence[sp.Symbol], rows: Any,
                         strict: bool) -> bool:
    """Is there an interior point where every lhs term is dominated by some rhs term?"""
    finite_l = [i for i in lhs if i.d_exp != -INF]
    if not finite_l:
        return True
    options = []
    for i in finite_l:
        opts = []
        for j in rhs:
            if j.d_exp == INF:
                opts.append(("inf", i, j))
            elif j.d_exp != -INF and i.d_exp != INF:
                opts.append(("e", i, j))
                opts.append(("tie", i, j))
        if not opts:
            return False
        options.append(opts)
    for combo in itertools.product(*options):
        strict_le, equal, nonstrict_le = [], [], []
        for how, i, j in combo:
            if how == "e":
                strict_le.append(i.d_exp - j.d_exp)
            elif how == "tie":
                equal.append(i.d_exp - j.d_exp)
                (strict_le if strict else nonstrict_le).append(i.log_exp - j.log_exp)
        if _lex_lp(variables, rows, strict_le, equal, nonstrict_le) is not None:
            return True
    return False


def _condition(i: Term, rhs: Sequence[Term], strict: bool) -> tuple[str, str]:
    """LaTeX and plain text of "term i is dominated": e_i < max_j e_j (ties decided by log powers)."""
    finite = [j for j in rhs if j.d_exp not in (INF, -INF)]
    if i.d_exp in (INF, -INF) or not finite:
        return ("", "")
    if len(finite) == 1:
        gap = sp.expand(finite[0].d_exp - i.d_exp)
        log_gap = sp.expand(finite[0].log_exp - i.log_exp)
        if log_gap.is_number:
            tie_ok = bool(log_gap > 0) if strict else bool(log_gap >= 0)
            op, op_text = (r"\geq", ">=") if tie_ok else (">", ">")
            return (f"{paper_latex(gap)} {op} 0", f"{gap} {op_text} 0")
        cmp = ">" if strict else r"\geq"
        tie = rf" \text{{ (or }} = 0 \text{{ and }} {paper_latex(log_gap)} {cmp} 0)"
        return (paper_latex(gap) + " > 0" + tie, f"{gap} > 0")
    exps = ", ".join(paper_latex(j.d_exp) for j in finite)
    return (rf"{paper_latex(i.d_exp)} < \max\left({exps}\right)",
            f"{i.d_exp} < Max({', '.join(str(j.d_exp) for j in finite)})")


def compare(lhs: sp.Expr, relation: str | Rel, rhs: sp.Expr, region: Region, *, d: sp.Symbol,
            point_values: Mapping[sp.Symbol, Any] | None = None) -> Comparison:
    """Decide ``lhs relation rhs`` (≲-type or ≪-type, for d → ∞) on the whole ``region``.

    Coefficients are hidden constants and must be positive (a term with a negative coefficient on the left
    only helps and is dropped; on the right it makes the comparison undecidable here: :class:`InputError`).
    """
    rel = Rel.parse(relation)
    if rel in _LE_RELS:
        strict = False
    elif rel in _LL_RELS:
        strict = True
    else:
        raise InputError(f"compare decides ≲-type and ≪-type relations, not {rel.value}")
    failure: dict[str, Any] | None = None
    holds_somewhere = False
    undecided: list[str] = []
    lhs_all = rate_terms(lhs, d)
    rhs_all = rate_terms(rhs, d)
    for q_value in region.degrees():
        subs = {} if q_value is None else {region.q: q_value}
        if point_values:
            subs.update(point_values)
        L = [Term(t.coeff.subs(subs), sp.expand(t.d_exp.subs(subs)), sp.expand(t.log_exp.subs(subs)))
             for t in lhs_all]
        R = [Term(t.coeff.subs(subs), sp.expand(t.d_exp.subs(subs)), sp.expand(t.log_exp.subs(subs)))
             for t in rhs_all]
        if any(t.coeff.is_positive is False for t in R):
            raise InputError(f"the right side {rhs} has a term with a negative coefficient")
        L = [t for t in L if t.coeff.is_positive is not False]
        rows = region._rows(subs)
        for i in L:
            point = _beats(i, R, region.variables, rows, strict)
            if point is not None and failure is None:
                witness = {str(v): str(x) for v, x in zip(region.variables, point)}
                if q_value is not None:
                    witness[str(region.q)] = q_value
                values = dict(zip(region.variables, (sp.Rational(x.numerator, x.denominator) for x in point)))
                failure = {"point": witness, "term": i.latex(d),
                           "term_exponents": {"d": str(sp.simplify(i.d_exp.subs(values))),
                                              "log_d": str(sp.simplify(i.log_exp.subs(values)))},
                           "right_side_exponents": [{"d": str(sp.simplify(j.d_exp.subs(values))),
                                                     "log_d": str(sp.simplify(j.log_exp.subs(values)))}
                                                    for j in R]}
        if _dominated_somewhere(L, R, region.variables, rows, strict):
            holds_somewhere = True
    conditions, exact = [], []
    for i in lhs_all:
        latex, text = _condition(i, rhs_all, strict)
        if latex and latex not in conditions:
            conditions.append(latex)
            exact.append(text)
    holds_on = "all" if failure is None else ("part" if holds_somewhere else "none")
    return Comparison(rel.value, holds_on, tuple(conditions), tuple(exact), failure, region, tuple(lhs_all),
                      tuple(rhs_all), region.degrees(), tuple(undecided))


def ratio_at(lhs: sp.Expr, rhs: sp.Expr, point: Mapping[str, Any], d: sp.Symbol,
             log10_ds: Sequence[int] = (8, 16, 32, 64, 128)) -> list[dict[str, str]]:
    """``lhs/rhs`` (hidden constants 1) at a parameter point for d = 10^k, with mpmath at 30 digits:
    the numbers behind a witness (a ratio that grows without bound refutes ≲)."""
    import mpmath

    names = {str(s): s for s in (lhs.free_symbols | rhs.free_symbols)}
    subs = {names[k]: sp.Rational(str(v)) for k, v in point.items() if k in names}
    ratio = sp.simplify((lhs / rhs).subs(subs))
    log_ratio = sp.expand_log(sp.log(ratio), force=True)
    f = sp.lambdify(d, log_ratio, modules="mpmath")
    out = []
    with mpmath.workdps(30):
        for k in log10_ds:
            value = f(mpmath.mpf(10) ** k)
            out.append({"d": f"1e{k}", "log10_ratio": mpmath.nstr(value / mpmath.log(10), 8)})
    return out


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
    evidence = {"lhs_in_powers_of_d": str(lhs), "rhs_in_powers_of_d": str(rhs),
                "lhs_terms": [t.latex(d) for t in result.lhs_terms], "rhs_terms": [t.latex(d) for t in result.rhs_terms],
                "procedure": "each term of the left side against the right side's terms, lexicographic in "
                             "(power of d, power of log d); LPs over the region for each degree, witness checked "
                             "in exact rationals"}
    if result.holds_on == "all":
        return verified("exact", f"{label}: holds on the whole region ({region.name}) for every degree checked",
                        regime=regime, **evidence)
    point = result.witness["point"] if result.witness else {}
    evidence["witness"] = result.witness
    evidence["ratio_at_witness"] = ratio_at(lhs, rhs, point, d)
    where = "nowhere in" if result.holds_on == "none" else "only on part of"
    return refuted("exact", f"{label}: holds {where} the region ({region.name}); fails at "
                   + ", ".join(f"{k} = {v}" for k, v in point.items()), regime=regime, **evidence)
