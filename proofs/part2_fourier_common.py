r"""Shared pieces of the Part 2 §3.3 (Theorem 6) claim modules: numerics helpers and notation.

The claims themselves live with their checkers, one module per claim-id family:
:mod:`proofs.part2_fourier_transforms` (``fourier.*``), :mod:`proofs.part2_certificate` (``cert.*``) and
:mod:`proofs.part2_theorem6` (``thm6.*``). This module registers no claims.

Fourier convention: ĥ(t) = ∫ h(x) e^{−2πitx} dx (the paper's). H_n are physicists' Hermite polynomials.

>>> from theorycheck_proofs.symbols import t
>>> s = Statement(sp.Symbol("I"), "=", 2 * t, variables=(t,))
>>> with mpmath.workdps(20):
...     print(side_function(s)(mpmath.mpf(3)))
6.0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import mpmath
import sympy as sp

from theorycheck.statement import Rel, Statement, paper_latex

from .symbols import pm

DPS = 30
PI = mpmath.pi


def to_mpf(x: Any) -> mpmath.mpf:
    return mpmath.mpf(x)


def fmt(x: Any, n: int = 20) -> str:
    return mpmath.nstr(x, n)


def rel_diff(lhs: Any, rhs: Any) -> Any:
    """|lhs − rhs| / max(|lhs|, 10^{−300})."""
    return abs(lhs - rhs) / max(abs(lhs), mpmath.mpf(10) ** -300)


#: how :func:`discrepancy_and_error` measures the achieved error of a table compared with a correct display too
AGAINST_CORRECTED = ("the corrected display against the same computed values: the two independent computations agree "
                     "to this")


def discrepancy_and_error(discrepancy: Any, error: Any, how: str) -> dict[str, Any]:
    """The two numbers a numeric comparison reports, kept apart (referee BX, BX5: the discrepancy had been recorded
    as the achieved error): ``max_rel_discrepancy``, the statement's sides' largest relative gap (a refutation needs
    it far beyond the error), and ``achieved_error``, the numerical error of the values compared, with
    ``achieved_error_from`` saying how it was measured (0: equal to the last bit of the working precision)."""
    shown = fmt(error, 3) if error else f"0 (equal at the working precision, {mpmath.mp.dps} digits)"
    return {"max_rel_discrepancy": fmt(discrepancy, 3), "achieved_error": shown, "achieved_error_from": how}


def ball_mid(x: Any) -> mpmath.mpf:
    """Midpoint of an arb ball as an mpf (40 digits)."""
    return mpmath.mpf(x.mid().str(40, radius=False))


def compare_table(points: Sequence, lhs: Callable, rhs: Callable) -> tuple[list, tuple]:
    """Evaluate both sides at every point; return rows and the worst (relative discrepancy, point, lhs, rhs)."""
    rows: list[dict[str, Any]] = []
    worst: tuple = (mpmath.mpf(-1), None, None, None)
    for p in points:
        left, right = lhs(*p), rhs(*p)
        e = rel_diff(left, right)
        rows.append(
            {"point": [str(v) for v in p], "lhs": fmt(left), "claimed": fmt(right), "rel_discrepancy": fmt(e, 3)}
        )
        if e > worst[0]:
            worst = (e, p, left, right)
    return rows, worst


# ------------------------------------------------------------------------------------ statements -> functions


def instance(statement: Statement, values: Mapping[sp.Basic, Any], sides: Sequence[str] = ("lhs", "rhs")) -> Statement:
    """The statement with some symbols fixed (integers such as a degree n, a sign ±) and sums/derivatives done.

    Only the ``sides`` named are worked out (``doit``); another side keeps its expression with the values
    substituted (:func:`side_function` works out only the side it evaluates: ``doit`` on an integral side can
    take seconds of SymPy).

    >>> from theorycheck_proofs.symbols import n_H, x
    >>> instance(Statement(sp.Symbol("S"), "=", sp.Sum(x**n_H, (n_H, 0, 2)), variables=(x,)), {}).rhs
    x**2 + x + 1
    """

    def work_out(expr: Any, which: str) -> Any:
        expr = expr.subs(values) if values else expr
        return expr.doit() if which in sides else expr

    lhs, rhs = work_out(statement.lhs, "lhs"), work_out(statement.rhs, "rhs")
    variables = tuple(v for v in statement.variables if v not in values)
    return dataclasses.replace(statement, lhs=lhs, rhs=rhs, variables=variables)


def unrolled(expr: sp.Expr) -> sp.Expr:
    """``expr`` with every sum whose limits are integers written out term by term, outer sums first (an inner
    limit may be the outer index): ``doit`` would close a geometric sum of symbolic ratio into a ``Piecewise``.

    >>> from theorycheck_proofs.symbols import x
    >>> n, i = sp.symbols("n i", integer=True)
    >>> unrolled(sp.Sum(x**i, (i, 0, n - 1), (n, 1, 2)))
    x + 2
    """
    if isinstance(expr, sp.Sum):
        *inner, (var, low, high) = expr.limits
        body = sp.Sum(expr.function, *inner) if inner else expr.function
        return sp.Add(*(unrolled(body.subs(var, k)) for k in range(int(low), int(high) + 1)))
    if not expr.args:
        return expr
    return expr.func(*(unrolled(a) for a in expr.args))


def side_function(
    statement: Statement,
    which: str = "rhs",
    fixed: Mapping[sp.Basic, Any] | None = None,
    variables: Sequence[sp.Symbol] | None = None,
) -> Callable[..., Any]:
    """An mpmath function of the remaining variables evaluating one side of ``statement`` (``fixed`` substituted).

    At a removable singularity (``0·∞``, e.g. ``4t\\,csch(π²t)`` at t = 0) the value is the limit, taken by SymPy
    (one-variable sides only).
    """
    sides = ("lhs", "rhs") if which in ("difference", "ratio") else (which,)
    inst = instance(statement, dict(fixed or {}), sides=sides)
    variables = tuple(inst.variables if variables is None else variables)
    expr = inst.side(which)
    f = inst.evaluator(which, backend="mpmath", variables=variables)

    def g(*args: Any) -> Any:
        try:
            value = f(*args)
            if mpmath.isfinite(value):
                return value
        except (ZeroDivisionError, ValueError, OverflowError):
            pass
        if len(variables) != 1:
            raise ValueError(f"{paper_latex(expr)} has no value at {args}")
        point = sp.nsimplify(str(args[0]))
        limit = sp.limit(expr, variables[0], point)
        return mpmath.mpmathify(sp.N(limit, mpmath.mp.dps + 5))

    return g


def claimed_ball(statement: Statement, *args: str, which: str = "rhs", prec: int = 200) -> Any:
    """A certified python-flint ball for one side of ``statement`` at decimal arguments (its ``arb`` evaluator)."""
    from flint import arb, ctx

    f = statement.evaluator(which, backend="arb")
    with ctx.workprec(prec):
        return f(*(arb(a) for a in args))


def balls_disjoint(a: Any, b: Any) -> bool:
    """True when two ``arb``/``acb`` balls cannot hold the same number: a proved mismatch."""
    from flint import acb, ctx

    with ctx.workprec(240):
        a, b = acb(a), acb(b)
        return not (a.real.overlaps(b.real) and a.imag.overlaps(b.imag))


# ------------------------------------------------------------------------------------ notation


class EvalBetween(sp.Function):
    r"""``EvalBetween(F, y, a, b)`` is :math:`F\big|_{y=a}^{b}` = F(b) − F(a), unevaluated (printed as the paper
    does)."""

    nargs = 4

    def _latex(self, printer: Any) -> str:
        F, y, a, b = self.args
        return (
            rf"\left. {printer._print(F)} \right|_{{{printer._print(y)}={printer._print(a)}}}^{{{printer._print(b)}}}"
        )


@dataclasses.dataclass(frozen=True)
class Chain:
    r"""A chain of relations ``A rel₁ B rel₂ C …`` as consecutive :class:`Statement` links (each link's rhs is the
    next link's lhs). Its LaTeX is generated from the links; each link is checked on its own.

    >>> from theorycheck_proofs.symbols import x
    >>> ch = Chain((Statement(x**2, "<=", x**2 + 1), Statement(x**2 + 1, "<", x**2 + 2)))
    >>> ch.latex()
    'x^{2} \\leq x^{2} + 1 < x^{2} + 2'
    """

    links: tuple[Statement, ...]

    def __post_init__(self) -> None:
        if not self.links:
            raise ValueError("a chain needs at least one relation")
        for left, right in zip(self.links, self.links[1:]):
            if sp.simplify(left.rhs - right.lhs) != 0:
                raise ValueError(f"chain links do not meet: {paper_latex(left.rhs)} vs {paper_latex(right.lhs)}")

    def latex(self) -> str:
        first = self.links[0]
        parts = [first.lhs_latex if first.lhs_latex is not None else paper_latex(first.lhs)]
        parts += [f"{link.rel.value} {paper_latex(link.rhs)}" for link in self.links]
        return " ".join(parts)

    def plain_latex(self) -> str:
        return " ".join([sp.latex(self.links[0].lhs)] + [f"{lk.rel.value} {sp.latex(lk.rhs)}" for lk in self.links])

    @property
    def variables(self) -> tuple[sp.Symbol, ...]:
        seen: dict[sp.Symbol, None] = {}
        for link in self.links:
            seen.update(dict.fromkeys(link.variables))
        return tuple(seen)

    def replace_link(self, index: int, **fields: Any) -> Chain:
        """The chain with one link changed (a perturbation); the next link's lhs follows a changed rhs."""
        links = list(self.links)
        links[index] = links[index].perturb(**fields)
        if "rhs" in fields and index + 1 < len(links):
            links[index + 1] = links[index + 1].perturb(lhs=fields["rhs"])
        return Chain(tuple(links))

    def to_dict(self) -> dict[str, Any]:
        return {"links": [link.to_dict() for link in self.links], "latex": self.latex()}


def both_signs(statement: Statement) -> tuple[Statement, Statement]:
    """The ``+`` and ``−`` instances of a statement written with :data:`proofs.symbols.pm`."""
    return instance(statement, {pm: 1}), instance(statement, {pm: -1})


__all__ = [
    "DPS",
    "PI",
    "Chain",
    "EvalBetween",
    "Rel",
    "Statement",
    "ball_mid",
    "balls_disjoint",
    "both_signs",
    "claimed_ball",
    "compare_table",
    "fmt",
    "instance",
    "rel_diff",
    "side_function",
    "to_mpf",
]
