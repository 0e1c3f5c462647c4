r"""Statements as data: one SymPy object per formula, its LaTeX and its evaluators generated from it.

A :class:`Statement` holds ``lhs REL rhs`` as SymPy expressions, the variables it quantifies over
and its assumptions. Everything a reader sees or a check evaluates comes from that one object:

* :meth:`Statement.latex` prints it with :class:`PaperLatexPrinter`, which knows the paper's
  notation (``\E``, ``\P``, ``\sech``, ``\csch``, ``\varepsilon_n``, ``\log^{q+1} d``);
* :meth:`Statement.evaluator` turns a side into a function for ``mpmath``, ``numpy`` or python-flint
  balls (``"arb"``: an exact tree walk, so rationals stay exact and the result is a certified ball);
* :meth:`Statement.perturb` returns a modified copy (a wrong constant, exponent, sign, a dropped term),
  which the perturbed-statement tests feed back to the same checker.

>>> from sympy import Symbol, sech, pi
>>> t = Symbol("t", real=True)
>>> s = Statement(Symbol("I"), "=", pi * sech(pi**2 * t), variables=(t,), name="I(t)")
>>> s.latex()
'I = \\pi \\sech{\\left(\\pi^{2} t \\right)}'
>>> import mpmath
>>> with mpmath.workdps(30):
...     print(mpmath.nstr(s.evaluator("rhs")(mpmath.mpf("0.1")), 12))
2.05616781574
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import sympy as sp
from sympy.printing.latex import LatexPrinter


class Rel(str, enum.Enum):
    """The relations a paper statement uses; the value is its LaTeX."""

    EQ = "="
    LE = r"\leq"
    LT = "<"
    GE = r"\geq"
    GT = ">"
    LESSSIM = r"\lesssim"
    LESSSIM_P = r"\lesssim_\P"
    LE_P = r"\leq_\P"
    LL = r"\ll"
    ASYMP = r"\asymp"
    BIG_O = "= O"
    BIG_O_P = r"= O_\P"
    LITTLE_O = "= o"

    @classmethod
    def parse(cls, value: str | Rel) -> Rel:
        """Accept the enum, its LaTeX, or a short name (``"<="``, ``"lesssim"``, ``"O_P"``)."""
        if isinstance(value, Rel):
            return value
        aliases = {"==": cls.EQ, "<=": cls.LE, ">=": cls.GE, "lesssim": cls.LESSSIM, "lesssim_P": cls.LESSSIM_P,
                   "<=_P": cls.LE_P, "ll": cls.LL, "<<": cls.LL, "asymp": cls.ASYMP, "O": cls.BIG_O,
                   "O_P": cls.BIG_O_P, "o": cls.LITTLE_O, "≤": cls.LE, "≥": cls.GE, "≲": cls.LESSSIM, "≪": cls.LL,
                   "≲_P": cls.LESSSIM_P, "≤_P": cls.LE_P, "≍": cls.ASYMP}
        for member in cls:
            if value == member.value:
                return member
        if value in aliases:
            return aliases[value]
        raise ValueError(f"unknown relation {value!r}; use one of {[m.value for m in cls]}")

    @property
    def symbol(self) -> str:
        """The relation as plain text for a detail a reader sees (≤, ≲, O_P …); its LaTeX is ``value``."""
        symbols = {"LE": "≤", "LT": "<", "GE": "≥", "GT": ">", "EQ": "=", "LESSSIM": "≲", "LESSSIM_P": "≲_P",
                   "LE_P": "≤_P", "LL": "≪", "ASYMP": "≍", "BIG_O": "= O", "BIG_O_P": "= O_P", "LITTLE_O": "= o"}
        return symbols[self.name]

    @property
    def asymptotic(self) -> bool:
        """True for relations with hidden constants or limits (≲, ≲_P, ≪, ≍, O, o)."""
        return self in (Rel.LESSSIM, Rel.LESSSIM_P, Rel.LE_P, Rel.LL, Rel.ASYMP, Rel.BIG_O, Rel.BIG_O_P,
                        Rel.LITTLE_O)


# ------------------------------------------------------------------------------------------------ notation


class Expect(sp.Function):
    r"""The expectation :math:`\E_{v}[X]` as an unevaluated SymPy function: ``Expect(X, v)``."""

    nargs = (1, 2)

    def _latex(self, printer: Any, exp: str | None = None) -> str:
        body = printer._print(self.args[0])
        if len(self.args) == 2:
            out = rf"\E_{{{printer._print(self.args[1])}}}\left[{body}\right]"
        else:
            out = rf"\E\left[{body}\right]"
        return out if exp is None else rf"\left({out}\right)^{{{exp}}}"


class Prob(sp.Function):
    r"""A probability :math:`\P[\cdot]` as an unevaluated SymPy function."""

    nargs = 1

    def _latex(self, printer: Any, exp: str | None = None) -> str:
        out = rf"\P\left[{printer._print(self.args[0])}\right]"
        return out if exp is None else rf"\left({out}\right)^{{{exp}}}"


class Norm(sp.Function):
    r"""The Euclidean / operator norm :math:`\|X\|`."""

    nargs = 1

    def _latex(self, printer: Any, exp: str | None = None) -> str:
        out = rf"\left\|{printer._print(self.args[0])}\right\|"
        return out if exp is None else f"{out}^{{{exp}}}"


def notation(name: str, latex: str, doc: str, *, module: str | None = None) -> type[sp.Function]:
    r"""A one-argument SymPy function that stands for a quantity of the paper and prints as ``latex`` (the
    argument is not printed): notation a check evaluates by other means, e.g. ``∇_a L``. ``module``: where the
    class is defined (its ``__module__``), for srepr and pickling.

    >>> GradL = notation("GradL", r"\nabla_a \mathcal{L}", "∇_a L")
    >>> paper_latex(GradL(sp.Symbol("a")))
    '\\nabla_a \\mathcal{L}'
    """

    def _latex(self: Any, printer: Any) -> str:
        return latex

    cls = type(name, (sp.Function,), {"nargs": 1, "_latex": _latex, "__doc__": doc})
    if module is not None:
        cls.__module__ = module
    return cls


#: Symbol names printed as the paper writes them (SymPy's own printer handles Greek letters).
PAPER_SYMBOL_LATEX: dict[str, str] = {
    "eps_n": r"\varepsilon_n", "eps_p": r"\varepsilon_p", "eps_b": r"\varepsilon_b", "eps": r"\varepsilon",
    "epsilon": r"\varepsilon", "delta": r"\delta", "eta_W": r"\eta_W", "eta_a": r"\eta_a", "C_a": "C_a",
    "sigma_W": r"\sigma_W", "sigma_a": r"\sigma_a", "lam": r"\lambda", "lambda": r"\lambda", "C_b": "C_b",
    "c_b": "c_b", "alpha1_star": r"\alpha^*_1", "Sigma": r"\Sigma", "nu": r"\nu", "rho": r"\rho",
    "alpha1_b": r"\alpha^{b_i}_1",
    "log_d": r"\log d", "gamma": r"\gamma", "eta": r"\eta",
    "pm": r"\pm",
    "abs_y_j": r"\left|y_j\right|", "norm_a_RR": r"\left\|a_{\mathrm{RR}}\right\|",
}


#: the ± of a display stated for both signs (the paper-symbols module's ``pm``, evaluated at 1 and −1)
_PM = sp.Symbol("pm", real=True)


class PaperLatexPrinter(LatexPrinter):
    r"""SymPy's LaTeX printer with the paper's macros.

    * ``sech``/``csch`` print as ``\sech``/``\csch`` (the paper's ``\newcommand``s);
    * a power of a logarithm prints as ``\log^{k} d`` rather than ``\log{\left(d \right)}^{k}``;
    * symbols named in :data:`PAPER_SYMBOL_LATEX` print as the paper writes them.

    >>> d, q = sp.symbols("d q", positive=True)
    >>> paper_latex(sp.log(d) ** (q + 1) / sp.sqrt(d))
    '\\frac{\\log^{q + 1} d}{\\sqrt{d}}'
    """

    printmethod = "_latex"

    def _print_Symbol(self, expr: sp.Symbol, style: str = "plain") -> str:
        if expr.name in PAPER_SYMBOL_LATEX:
            return PAPER_SYMBOL_LATEX[expr.name]
        return super()._print_Symbol(expr, style=style)

    def _print_sech(self, expr: sp.Expr, exp: str | None = None) -> str:
        return self._hyperbolic(r"\sech", expr, exp)

    def _print_csch(self, expr: sp.Expr, exp: str | None = None) -> str:
        return self._hyperbolic(r"\csch", expr, exp)

    def _hyperbolic(self, macro: str, expr: sp.Expr, exp: str | None) -> str:
        arg = self._print(expr.args[0])
        head = macro if exp is None else f"{macro}^{{{exp}}}"
        return rf"{head}{{\left({arg} \right)}}"

    def _print_log(self, expr: sp.Expr, exp: str | None = None) -> str:
        arg = expr.args[0]
        head = r"\log" if exp is None else rf"\log^{{{exp}}}"
        if arg.is_Symbol:
            return f"{head} {self._print(arg)}"
        return rf"{head}{{\left({self._print(arg)} \right)}}"

    def _print_Mul(self, expr: sp.Mul) -> str:
        if _PM in expr.args:  # ± first, as the paper writes it (SymPy would print i π ± / (2η)); ∓ for a negative rest
            rest = expr / _PM
            sign, rest = (r"\mp", -rest) if rest.could_extract_minus_sign() else (r"\pm", rest)
            body = self._print(rest)
            return f"{sign} " + (rf"\left({body}\right)" if rest.is_Add else body)
        if not expr.has(sp.UnevaluatedExpr):
            return super()._print_Mul(expr)
        return self._held_fraction(expr)

    def _print_Add(self, expr: sp.Add, order: str | None = None) -> str:
        tex = super()._print_Add(expr, order=order)
        # a term ±X (or ∓X) after a sign: "x - \pm X" reads "x \mp X"
        for before, after in (("- \\pm ", "\\mp "), ("- \\mp ", "\\pm "), ("+ \\pm ", "\\pm "), ("+ \\mp ", "\\mp ")):
            tex = tex.replace(before, after)
        return tex

    def _held_fraction(self, expr: sp.Mul) -> str:
        r"""A product holding paper forms (:func:`held`) as the paper prints it: one ``\frac`` of the factors with a
        non-negative power over those with a negative one, each factor kept whole (SymPy would print a held
        denominator as ``(\dots)^{-1}``)."""
        coeff, factors = expr.as_coeff_mul()
        sign = ""
        if coeff.is_negative:
            sign, coeff = "- ", -coeff
        if coeff.is_Rational:
            numer = [self._print(sp.Integer(coeff.p))] if coeff.p != 1 else []
            denom = [self._print(sp.Integer(coeff.q))] if coeff.q != 1 else []
        else:
            numer, denom = [self._print(coeff)], []
        for factor in factors:
            base, exponent = factor.as_base_exp()
            if exponent.could_extract_minus_sign():
                denom.append(self._held_factor(base if exponent == -1 else sp.Pow(base, -exponent)))
            else:
                numer.append(self._held_factor(factor))
        top = " ".join(numer) or "1"
        return sign + (rf"\frac{{{top}}}{{{' '.join(denom)}}}" if denom else top)

    def _held_factor(self, factor: sp.Expr) -> str:
        tex = self._print(factor)
        inner = factor.args[0] if isinstance(factor, sp.UnevaluatedExpr) else factor
        return rf"\left({tex}\right)" if inner.is_Add else tex

    def _print_UnevaluatedExpr(self, expr: sp.UnevaluatedExpr) -> str:
        inner = expr.args[0]
        if inner.is_Mul or (inner.is_Pow and inner.exp.could_extract_minus_sign()):
            return self._held_fraction(inner)  # a held p/d^{2ε_n} prints as the paper's fraction, not p d^{-2ε_n}
        return self._print(inner)

    def _print_Pow(self, expr: sp.Pow) -> str:
        base, exponent = expr.as_base_exp()
        if isinstance(base, sp.log) and exponent.is_positive is not False and exponent != sp.Rational(1, 2):
            if exponent.is_Rational and exponent < 0:
                return super()._print_Pow(expr)
            return self._print_log(base, exp=self._print(exponent))
        return super()._print_Pow(expr)


def _paper_latex_uncached(expr: Any) -> str:
    """:func:`paper_latex` without the memo: a fresh :class:`PaperLatexPrinter` prints ``expr``."""
    return PaperLatexPrinter({"mul_symbol": None, "ln_notation": False}).doprint(expr)


@functools.lru_cache(maxsize=8192)
def _paper_latex_memo(expr: sp.Basic) -> str:
    return _paper_latex_uncached(expr)


def paper_latex(expr: Any) -> str:
    """LaTeX of a SymPy expression in the paper's notation (see :class:`PaperLatexPrinter`).

    Remembered per SymPy expression (``lru_cache``): a claim's formula is printed when the claim is built, again
    by the checks, reports and tests that show it, and SymPy's printer costs milliseconds per expression. The
    memo is exact: SymPy's ``==`` on expressions is structural (same classes, same symbol names and assumptions,
    ``2`` ≠ ``2.0``), so equal keys print identically, and the printer's settings are fixed here (this project
    never changes SymPy's global printer settings). Anything not a hashable SymPy object is printed afresh.
    """
    if isinstance(expr, sp.Basic):
        try:
            hash(expr)
        except TypeError:  # an unhashable argument somewhere inside the expression
            return _paper_latex_uncached(expr)
        return _paper_latex_memo(expr)
    return _paper_latex_uncached(expr)


# ------------------------------------------------------------------------------------------------ evaluators

_ARB_FUNCTIONS: dict[type, str] = {}


def _arb_eval(expr: sp.Expr, env: Mapping[sp.Symbol, Any]) -> Any:
    """Evaluate a SymPy expression tree in python-flint ball arithmetic (``arb``/``acb``).

    Integers and rationals enter exactly; π and e as certified balls; every operation is the ball
    operation, so the result is a certified enclosure at the working precision (``flint.ctx``).
    """
    import flint

    if expr in env:
        value = env[expr]
        return value if isinstance(value, (flint.arb, flint.acb)) else flint.arb(value)
    if expr.is_Integer:
        return flint.arb(int(expr))
    if expr.is_Rational:
        return flint.arb(flint.fmpq(int(expr.p), int(expr.q)))
    if expr.is_Float:  # the binary value the Float holds, exactly
        return _arb_eval(sp.Rational(expr), env)
    if expr is sp.pi:
        return flint.arb.pi()
    if expr is sp.E:
        return flint.arb(1).exp()
    if expr is sp.I:
        return flint.acb(0, 1)
    if expr.is_Add:
        out = _arb_eval(expr.args[0], env)
        for term in expr.args[1:]:
            out = out + _arb_eval(term, env)
        return out
    if expr.is_Mul:
        out = _arb_eval(expr.args[0], env)
        for factor in expr.args[1:]:
            out = out * _arb_eval(factor, env)
        return out
    if expr.is_Pow:
        base, exponent = expr.args
        b = _arb_eval(base, env)
        if exponent.is_Integer:
            return b ** int(exponent)
        if exponent == sp.Rational(1, 2):
            return b.sqrt()
        return b ** _arb_eval(exponent, env)
    unary = {sp.exp: "exp", sp.log: "log", sp.tanh: "tanh", sp.cosh: "cosh", sp.sinh: "sinh",
             sp.sin: "sin", sp.cos: "cos", sp.atan: "atan"}
    for func, method in unary.items():
        if isinstance(expr, func):
            return getattr(_arb_eval(expr.args[0], env), method)()
    if isinstance(expr, sp.sech):
        return 1 / _arb_eval(expr.args[0], env).cosh()
    if isinstance(expr, sp.csch):
        return 1 / _arb_eval(expr.args[0], env).sinh()
    if isinstance(expr, sp.Abs):
        return abs(_arb_eval(expr.args[0], env))
    if isinstance(expr, sp.Max):
        vals = [_arb_eval(a, env) for a in expr.args]
        out = vals[0]
        for v in vals[1:]:
            out = out.max(v) if hasattr(out, "max") else (out if out > v else v)
        return out
    raise TypeError(f"cannot evaluate {expr.func.__name__} in ball arithmetic")


#: the functions :func:`ball_integrand` compiles, as acb methods (mpmath's lambdify maps the same SymPy functions
#: to mpmath's; sech and csch as 1/cosh and 1/sinh, as :data:`_MPMATH_MODULES` does)
_BALL_METHODS: dict[type, str] = {sp.exp: "exp", sp.log: "log", sp.sin: "sin", sp.cos: "cos", sp.tan: "tan",
                                  sp.tanh: "tanh", sp.cosh: "cosh", sp.sinh: "sinh", sp.atan: "atan"}
#: bits the ball evaluation carries beyond mpmath's working precision; a value whose ball has lost more than these
#: (cancellation) is evaluated by mpmath instead (at 16, 40 % of a Fourier transform's points fell back)
_BALL_GUARD_BITS = 64


class _NotCompiled(Exception):
    """A node :func:`ball_integrand` does not compile (the integrand then stays mpmath's)."""


def _ball_source(expr: sp.Expr, names: dict[sp.Basic, str], constants: list[sp.Expr], real: bool) -> str:
    """Python source evaluating ``expr`` in acb arithmetic: symbols by ``names``, every constant subexpression a new
    entry of ``constants`` (evaluated once per precision by :func:`_arb_eval`). With ``real`` (an expression without
    I), a square root, logarithm or non-integer power is compiled only where SymPy proves its argument ≥ 0 (> 0 for
    the logarithm): elsewhere mpmath's value turns complex on a negative argument, and the result's type with it,
    whatever the imaginary part ends as (cos(√t) at t < 0 is an mpc(v, 0) there: a re-check of 2026-12-02)."""
    def src(e: sp.Expr) -> str:
        return _ball_source(e, names, constants, real)

    if expr in names:
        return names[expr]
    if expr.is_number:
        constants.append(expr)
        names[expr] = f"k[{len(constants) - 1}]"
        return names[expr]
    if expr.is_Add:
        return "(" + " + ".join(src(a) for a in expr.args) + ")"
    if expr.is_Mul:
        return "(" + "*".join(src(a) for a in expr.args) + ")"
    if expr.is_Pow:
        base, exponent = src(expr.base), expr.exp
        if exponent.is_Integer:  # every node in brackets: a0**2.exp() would not parse, a0**k[0].exp() mean e^{k}
            return f"({base}**{int(exponent)})"
        if real and expr.base.is_nonnegative is not True:
            raise _NotCompiled(f"{expr}: a base not known to be ≥ 0")
        if exponent == sp.S.Half:
            return f"{base}.sqrt()"
        if exponent == -sp.S.Half:
            return f"{base}.rsqrt()"
        return f"({base}**{src(exponent)})"
    if real and isinstance(expr, sp.log) and expr.args[0].is_positive is not True:
        raise _NotCompiled(f"{expr}: an argument not known to be > 0")
    if type(expr) in _BALL_METHODS and len(expr.args) == 1:
        return f"{src(expr.args[0])}.{_BALL_METHODS[type(expr)]}()"
    if isinstance(expr, (sp.sech, sp.csch)):
        return f"(1/{src(expr.args[0])}.{'cosh' if isinstance(expr, sp.sech) else 'sinh'}())"
    raise _NotCompiled(type(expr).__name__)


def ball_integrand(function: sp.Expr, variables: Sequence[sp.Symbol], parameters: Sequence[sp.Symbol],
                   fallback: Callable[..., Any]) -> Callable[[Sequence[Any]], Callable[..., Any]] | None:
    """``function`` compiled to python-flint's acb arithmetic, as a drop-in for ``fallback`` (its mpmath
    lambdification, a function of ``(*variables, *parameters)``) inside ``mpmath.quad``: ``ball_integrand(...)(values)``
    is the integrand in ``variables`` at the parameters' ``values``; called with mpf arguments, it returns an mpf or
    mpc at mpmath's working precision, of the type mpmath's gives: an mpc where the expression has I; otherwise an
    expression is compiled only if SymPy proves every square root's, non-integer power's and logarithm's argument
    ≥ 0 (> 0), so mpmath's value is an mpf, and a point whose imaginary part is more than rounding (a parameter
    given against its assumption) is mpmath's own.

    Each call evaluates one acb ball at mpmath's precision plus :data:`_BALL_GUARD_BITS` and returns its midpoint
    rounded to mpmath's precision; where the ball is not accurate to mpmath's precision (not finite, or
    cancellation ate the guard bits: 1 − 2e^{−γx²} + e^{−2γx²} at γ = 10⁻⁶, the phase e^{2πitx} at the far tails,
    t = 10³³), or an argument is not a number acb reads, that call is ``fallback``'s. Elsewhere the value is as
    accurate as mpmath's or more (tests/test_statement.py: against mpmath at 40 more digits). The code is the
    integrand's common-subexpression form, as ``lambdify(..., cse=True)`` prints it, run in C: on the paper's
    Gaussian–Hermite transforms about 5× faster per point and 3× per quadrature (a fifth of the points falling
    back); the six claims whose checks integrate a Statement's Integral, one after another in one process, 15.8 →
    10.7 s (``python3 benchmarks/bench_ball_integrand.py --rounds 3``, the fastest of three alternating runs each).
    ``None`` when the expression has a node it does not compile (Piecewise, Abs, Max, special functions, a nested
    quadrature's call): the caller keeps ``fallback``."""
    import flint
    import mpmath
    from mpmath.libmp import from_man_exp

    names: dict[sp.Basic, str] = {v: f"a{i}" for i, v in enumerate((*variables, *parameters))}
    constants: list[sp.Expr] = []
    complex_valued = function.has(sp.I)
    lines = []
    try:
        # the argument tests read the SymPy assumptions of the original expression, before CSE's symbols stand in
        if not complex_valued:
            _ball_source(function, dict(names), [], True)
        replacements, (reduced,) = sp.cse(function)
        for i, (symbol, value) in enumerate(replacements):
            lines.append(f"    s{i} = {_ball_source(value, names, constants, False)}")
            names[symbol] = f"s{i}"
        lines.append(f"    return {_ball_source(reduced, names, constants, False)}")
        for c in constants:  # each once now: one the ball evaluator does not read (a nested quadrature) keeps mpmath
            _arb_eval(c, {})
    except (_NotCompiled, TypeError):
        return None
    arguments = ", ".join(names[v] for v in (*variables, *parameters))
    namespace: dict[str, Any] = {}
    exec(compile(f"def ball({arguments}, k):\n" + "\n".join(lines), "<ball integrand>", "exec"),  # noqa: S102
         namespace)  # the source is printed above from the SymPy tree, never from a user's string
    ball = namespace["ball"]
    acb, make_mpf, make_mpc, ctx = flint.acb, mpmath.mp.make_mpf, mpmath.mp.make_mpc, flint.ctx
    constant_balls: dict[int, list[Any]] = {}

    def tiny(prec: int) -> Any:
        return flint.arb(2) ** (-prec)

    def to_mpf(x: Any, prec: int) -> Any:
        man, exp = x.mid().man_exp()
        return make_mpf(from_man_exp(int(man), int(exp), prec, "n"))

    def bind(values: Sequence[Any]) -> Callable[..., Any]:
        parameter_balls: dict[int, list[Any]] = {}

        def at(prec: int, args: tuple[Any, ...]) -> Any:
            k = constant_balls.get(prec)
            if k is None:
                k = constant_balls[prec] = [acb(_arb_eval(c, {})) for c in constants]
            try:
                given = parameter_balls.get(prec)
                if given is None:
                    given = parameter_balls[prec] = [acb(v) for v in values]
                z = ball(*(acb(a) for a in args), *given, k)
            except (TypeError, ValueError):  # an argument acb does not read
                return fallback(*args, *values)
            if z.rel_accuracy_bits() < prec:  # not finite, or cancellation ate the guard bits: mpmath's value
                return fallback(*args, *values)
            real = to_mpf(z.real, prec)
            if complex_valued:
                return make_mpc((real._mpf_, to_mpf(z.imag, prec)._mpf_))
            # no I and every root's and log's argument ≥ 0 by assumption: mpmath's value is an mpf, unless a
            # parameter's value breaks its assumption (then the imaginary part is no rounding, and mpmath decides)
            if not z.imag.is_zero() and not z.imag.abs_upper() <= z.real.abs_lower() * tiny(prec):
                return fallback(*args, *values)
            return real

        def integrand(*args: Any) -> Any:
            prec = mpmath.mp.prec
            if ctx.prec == prec + _BALL_GUARD_BITS:
                return at(prec, args)
            with ctx.workprec(prec + _BALL_GUARD_BITS):
                return at(prec, args)

        return integrand

    return bind


def positive_lower_bound(expr: sp.Expr, var: sp.Symbol, low: sp.Expr, high: sp.Expr, *, pieces: int = 64,
                         halvings: int = 10, prec: int = 128) -> sp.Rational | None:
    """A certified c > 0 with ``expr`` ≥ c for every ``var`` in [low, high], or ``None`` (not shown).

    [low, high] is cut into ``pieces`` intervals, each evaluated as one ball (:func:`_arb_eval`, python-flint at
    ``prec`` bits): a ball whose enclosure is finite and > 0 bounds ``expr`` below on its whole interval; one that is
    not is halved, up to ``halvings`` times, before the search gives up. The bound is the least of the pieces' lower
    ends, rounded down to a rational. Sound for any expression the ball evaluator reads (a pole inside a piece
    gives an infinite ball, so it is never passed); other free symbols than ``var`` make it ``None``.

    >>> x = sp.Symbol("x")
    >>> c = positive_lower_bound(2 + sp.sin(x) + sp.sin(2 * x), x, 0, 2 * sp.pi)  # the minimum is 0.2398…
    >>> sp.Rational(18, 100) < c < sp.Rational(2398, 10000)
    True
    >>> positive_lower_bound(1 + sp.sin(x), x, 0, 2 * sp.pi) is None
    True
    """
    import flint

    if expr.free_symbols - {var}:
        return None
    with flint.ctx.workprec(prec):
        try:
            ends = _arb_eval(sp.sympify(low), {}), _arb_eval(sp.sympify(high), {})
        except TypeError:
            return None
        width = (ends[1] - ends[0]) / pieces
        todo = [(ends[0] + i * width, ends[0] + (i + 1) * width, 0) for i in range(pieces)]
        least: Any = None
        while todo:
            a, b, depth = todo.pop()
            try:
                value = _arb_eval(expr, {var: a.union(b)})
            except (TypeError, ZeroDivisionError, ValueError):
                return None
            if isinstance(value, flint.acb):
                if not value.imag.is_zero():
                    return None
                value = value.real
            if value.is_finite() and value.lower() > 0:
                least = value.lower() if least is None else least.min(value.lower())
                continue
            if depth == halvings:
                return None
            middle = (a + b) / 2
            todo += [(a, middle, depth + 1), (middle, b, depth + 1)]
        # the least lower end as the binary number it is, times 1 − 2^−30: a rational strictly below it
        mantissa, exponent = least.lower().mid().man_exp()
        return sp.Rational(int(mantissa)) * sp.Integer(2) ** int(exponent) * (1 - sp.Rational(1, 2**30))


_MPMATH_MODULES: list[Any] = [{"sech": lambda x: 1 / __import__("mpmath").cosh(x),
                                "csch": lambda x: 1 / __import__("mpmath").sinh(x)}, "mpmath"]


def _quadrature_call(integral: sp.Integral) -> sp.Expr:
    """``integral`` as a call of a function of its free symbols that runs ``mpmath.quad`` — the same call, on the
    same interval, with the same (tanh-sinh) method, that :func:`sympy.lambdify` prints for it — on an integrand
    compiled once with common subexpressions eliminated (``cse=True``: the integrand is evaluated a few thousand
    times per integral, and the paper's integrands repeat their shifted argument inside every Hermite term).
    Integrals inside the integrand were replaced before (:func:`_quadratures` works from the innermost out).

    The interval is split where the integrand has a kink or jump that is linear in the integration variable (a
    Piecewise condition, Abs, Max/Min, sign, Heaviside; referee CP: a kink inside the interval cost 24 of the 30
    digits), and a quadrature whose own error estimate exceeds 10^{−dps/2} of its value and of ∫|f| raises
    :class:`QuadratureError` (a kink or singularity not found), rather than returning a value with a few digits."""
    import mpmath
    from sympy.utilities.lambdify import implemented_function

    if any(len(limit) != 3 for limit in integral.limits):
        raise ValueError(f"an integral needs a lower and an upper limit for every variable: {integral}")
    # a bound variable that also stands free in a limit (∫_0^x e^{−x} dx) is renamed, so the two are not one argument
    renamed = {v: sp.Dummy(str(v)) for v, *ends in integral.limits}
    function = integral.function.xreplace(renamed)
    free = tuple(sorted(integral.free_symbols, key=sp.default_sort_key))
    names = tuple(renamed[limit[0]] for limit in integral.limits)
    body = sp.lambdify((*names, *free), function, modules=_MPMATH_MODULES, cse=True)
    ball = ball_integrand(function, names, free, body)
    ends = [sp.lambdify(free, sp.Tuple(*limit[1:]), modules=_MPMATH_MODULES) for limit in integral.limits]
    kinks = [[sp.lambdify(free, k, modules=_MPMATH_MODULES) for k in _kinks(function, renamed[limit[0]])]
             for limit in integral.limits]

    def quad(*args: Any) -> Any:
        intervals = [_split(*end(*args), *_points(kink, args)) for end, kink in zip(ends, kinks)]
        integrand = (lambda *s: body(*s, *args)) if ball is None else ball(args)
        with _ball_precision(ball):  # the precision the integrand's balls take inside mpmath.quad, set once
            value, error = mpmath.quad(integrand, *intervals, error=True)
        # half the digits, relative to the integral of |f| (referees CS, CT: relative to max(1, |value|), or with an
        # absolute floor of 10^{−0.9 dps}, a small kinked integral had passed with 5 digits); |f|'s integral, computed
        # only when the value alone does not settle it, lets an integral that is 0 by cancellation pass; below the
        # working precision's unit 10^{−dps} the estimate itself is rounding (a smooth integral of size 1e-33 at 30
        # digits estimates a relative 3e-6), so an error that small is accepted: integrals far below 10^{−dps/2} are
        # decided to 10^{−dps} absolute
        tol = mpmath.mpf(10) ** (-(mpmath.mp.dps // 2))
        if (error > mpmath.mpf(10) ** -mpmath.mp.dps and error > tol * abs(value)
                and error > tol * mpmath.quad(lambda *s: abs(integrand(*s)), *intervals)):
            raise QuadratureError(f"{integral} at {dict(zip(free, args))}: mpmath.quad estimates its error at "
                                  f"{mpmath.nstr(error, 3)} (value {mpmath.nstr(value, 10)}): a kink or "
                                  "singularity inside the interval; split the integral there")
        return value

    return implemented_function(sp.Function(f"_quad_{next(_QUAD_NAMES)}"), quad)(*free)


def _ball_precision(ball: Any) -> Any:
    """The scope in which a compiled integrand runs inside ``mpmath.quad`` without entering a precision scope of
    its own at each point (mpmath.quad works at 20 bits beyond the caller's precision)."""
    import contextlib

    import flint
    import mpmath

    return contextlib.nullcontext() if ball is None else flint.ctx.workprec(mpmath.mp.prec + 20 + _BALL_GUARD_BITS)


class QuadratureError(ArithmeticError):
    """A quadrature that cannot reach half the working digits (its own error estimate says so)."""


def _kinks(function: sp.Expr, var: sp.Symbol) -> list[sp.Expr]:
    """Where ``function`` may be non-smooth in ``var``, as expressions free of ``var``: the zeros, linear in ``var``,
    of Piecewise conditions, Abs/sign/Heaviside arguments and Max/Min differences."""
    candidates: list[sp.Expr] = []
    for node in sp.preorder_traversal(function):
        if isinstance(node, sp.Piecewise):
            for _, condition in node.args:
                candidates += [r.lhs - r.rhs for r in condition.atoms(sp.core.relational.Relational)]
        elif isinstance(node, (sp.Abs, sp.sign, sp.Heaviside)):
            candidates.append(node.args[0])
        elif isinstance(node, (sp.Max, sp.Min)):
            candidates += [a - b for a, b in itertools.combinations(node.args, 2)]
    points = []
    for candidate in candidates:
        if not candidate.has(var):
            continue
        poly = sp.Poly(candidate, var) if candidate.is_polynomial(var) else None
        if poly is not None and poly.degree() == 1:
            slope, intercept = poly.all_coeffs()
            points.append(sp.simplify(-intercept / slope))
    return list(dict.fromkeys(points))


def _points(kinks: list[Callable[..., Any]], args: tuple) -> list[Any]:
    """The kinks at this call's arguments; one whose slope vanishes here (a division by 0) is no kink here."""
    out = []
    for kink in kinks:
        try:
            out.append(kink(*args))
        except (ZeroDivisionError, ValueError):  # referee CS: ∫|xy − 1| dy at x = 0
            continue
    return out


def _split(low: Any, high: Any, *kinks: Any) -> list[Any]:
    """[low, the real kinks strictly between low and high in the direction low → high, high]."""
    import mpmath

    inside = [k for k in kinks if mpmath.isfinite(k) and mpmath.im(k) == 0
              and min(low, high) < mpmath.re(k) < max(low, high)]
    return [low, *sorted((mpmath.re(k) for k in inside), reverse=bool(high < low)), high]


_QUAD_NAMES = itertools.count()


def _quadratures(expr: sp.Expr) -> sp.Expr:
    """``expr`` with every integral, innermost first, replaced by :func:`_quadrature_call` (an integral of several
    limits as nested one-dimensional ones), so that an integrand holds only calls, never an unevaluated integral."""
    if not expr.args or not expr.has(sp.Integral):
        return expr
    if isinstance(expr, sp.Integral):
        # ∫∫ f dy dx as ∫(∫ f dy) dx, the first limit innermost (SymPy's order): an inner limit may then depend on an
        # outer variable, which one mpmath.quad over a box cannot express (referee CO). The inner call is no
        # Integral, so SymPy does not flatten the two back into one.
        out = _quadratures(expr.function)
        for limit in expr.limits:
            out = _quadrature_call(sp.Integral(out, limit))
        return out
    return expr.func(*(_quadratures(a) for a in expr.args))


#: the most factors a Product the evaluator writes out may have
PRODUCT_FACTORS = 10_000


def _products_written_out(expr: sp.Expr) -> sp.Expr:
    """``expr`` with every Product of whole-number bounds written out as its factors (SymPy's printers have no
    Product); a Product with a symbolic bound is refused."""
    def written_out(product: sp.Product) -> sp.Expr:
        out = product.function
        for index, low, high in product.limits:
            if not (low.is_Integer and high.is_Integer):
                raise TypeError(f"cannot evaluate {product}: a product needs whole-number bounds")
            a, b = int(low), int(high)
            if abs(b - a) > PRODUCT_FACTORS:
                raise TypeError(f"cannot evaluate {product}: more than {PRODUCT_FACTORS} factors")
            # SymPy's convention (Karr): for b < a − 1 the product is 1/∏_{b+1}^{a−1}, for b = a − 1 it is 1
            factors = [out.xreplace({index: sp.Integer(i)}) for i in range(min(a, b + 1), max(b, a - 1) + 1)]
            out = sp.Mul(*factors) if b >= a else 1 / sp.Mul(*factors)
        return out
    return expr.replace(lambda e: isinstance(e, sp.Product), written_out)


def evaluator(expr: sp.Expr, variables: Sequence[sp.Symbol], backend: str = "mpmath") -> Callable[..., Any]:
    """A function of ``variables`` that evaluates ``expr`` with the given backend.

    ``"mpmath"`` and ``"numpy"`` use :func:`sympy.lambdify` (mpmath keeps rationals as ``mpf``
    quotients at the working precision); ``"arb"`` walks the tree in python-flint ball arithmetic.
    """
    variables = tuple(variables)
    if backend == "arb":
        def f(*args: Any) -> Any:
            if len(args) != len(variables):
                raise TypeError(f"expected {len(variables)} arguments {variables}, got {len(args)}")
            return _arb_eval(expr, dict(zip(variables, args)))
        return f
    if expr.has(sp.Product):
        expr = _products_written_out(expr)
    if backend == "mpmath":
        if expr.has(sp.Integral):
            expr = _quadratures(expr)
        return sp.lambdify(variables, expr, modules=_MPMATH_MODULES)
    if backend == "numpy":
        import numpy as np

        return sp.lambdify(variables, expr, modules=[{"sech": lambda x: 1 / np.cosh(x),
                                                      "csch": lambda x: 1 / np.sinh(x)}, "numpy"])
    raise ValueError(f"backend must be 'mpmath', 'numpy' or 'arb', got {backend!r}")


# ------------------------------------------------------------------------------------------------ statement


def _sym(value: Any) -> sp.Expr:
    return value if isinstance(value, sp.Basic) else sp.sympify(value, strict=True)


def held(expr: Any) -> sp.Expr:
    r"""``expr`` kept as one factor, as the paper prints it, inside a :class:`Statement` side.

    SymPy evaluates a product at construction, so the paper's
    ``\frac{2\frac{\sqrt{p}}{n}}{\frac{p}{d^{2\varepsilon_n}}}`` would print as its own right side, and an
    identity would read ``X = X``. A side written with ``held`` pieces
    is displayed in the paper's form and checked as :func:`release` of it (the same expression, evaluated).

    >>> p, n = sp.symbols("p n", positive=True)
    >>> s = Statement(2 * held(sp.sqrt(p) / n) / held(p / n), "=", 2 / sp.sqrt(p))
    >>> s.latex(), s.lhs
    ('\\frac{2 \\frac{\\sqrt{p}}{n}}{\\frac{p}{n}} = \\frac{2}{\\sqrt{p}}', 2/sqrt(p))
    """
    return sp.UnevaluatedExpr(_sym(expr))


def release(expr: sp.Expr) -> sp.Expr:
    """``expr`` with every :func:`held` piece let go (SymPy evaluates the rebuilt products and powers)."""
    return expr.replace(sp.UnevaluatedExpr, lambda inner: inner) if expr.has(sp.UnevaluatedExpr) else expr


def _side_and_form(value: Any, form: sp.Expr | None, side: str) -> tuple[sp.Expr, sp.Expr | None]:
    """A side as checked and its printed form: a side with :func:`held` pieces is its own form; a form given with
    a plain side must evaluate to that side (a form left over from another side is an error, not a display)."""
    value = _sym(value)
    if value.has(sp.UnevaluatedExpr):
        return release(value), value
    if form is None:
        return value, None
    released = release(form)
    if released != value and sp.simplify(released - value) != 0:
        raise ValueError(f"the printed form of the {side} ({form}) does not evaluate to the {side} ({value})")
    return value, form


@dataclasses.dataclass(frozen=True)
class Statement:
    r"""One formula of the paper: ``lhs rel rhs`` over ``variables`` under ``assumptions``.

    Attributes
    ----------
    lhs, rhs:
        SymPy expressions (numbers are converted strictly: ``int``/``Fraction``-like only, never text).
    rel:
        A :class:`Rel` (or its LaTeX / short name).
    variables:
        The free variables it quantifies over, in the order evaluators take them (default: the free
        symbols of both sides, sorted by name).
    assumptions:
        SymPy relationals or sets describing the domain (``t > 0``, ``Contains(b, Reals)``), or LaTeX text.
    name:
        Optional short name used in messages.
    lhs_latex:
        Optional LaTeX for a left side that is a notation rather than a computable expression
        (``\widehat{\sech}(t)``); the checked object is still ``lhs``.
    lhs_form, rhs_form:
        The side as the paper prints it, when SymPy's evaluation would change it (set from a side written with
        :func:`held` pieces: the side is then :func:`release` of it). Only :meth:`latex` reads them.

    >>> x = sp.Symbol("x", real=True)
    >>> s = Statement(sp.exp(-x), "<=", 1, assumptions=(x > 0,))
    >>> s.latex(), s.assumptions_latex()
    ('e^{- x} \\leq 1', 'x > 0')
    >>> s.perturb(rhs=sp.Rational(1, 2)).latex()
    'e^{- x} \\leq \\frac{1}{2}'
    """

    lhs: Any
    rel: Any
    rhs: Any
    variables: tuple[sp.Symbol, ...] = ()
    assumptions: tuple[Any, ...] = ()
    name: str | None = None
    lhs_latex: str | None = None
    lhs_form: sp.Expr | None = None
    rhs_form: sp.Expr | None = None

    def __post_init__(self) -> None:
        for side in ("lhs", "rhs"):
            value, form = _side_and_form(getattr(self, side), getattr(self, f"{side}_form"), side)
            object.__setattr__(self, side, value)
            object.__setattr__(self, f"{side}_form", form)
        object.__setattr__(self, "rel", Rel.parse(self.rel))
        if not self.variables:
            free = (self.lhs.free_symbols | self.rhs.free_symbols)
            object.__setattr__(self, "variables", tuple(sorted(free, key=lambda s: s.name)))
        object.__setattr__(self, "variables", tuple(self.variables))
        object.__setattr__(self, "assumptions", tuple(self.assumptions))

    # -- text -------------------------------------------------------------------------------------
    def latex(self) -> str:
        """The statement in the paper's notation, generated from the SymPy objects."""
        left = self.lhs_latex if self.lhs_latex is not None else paper_latex(self._printed("lhs"))
        right = paper_latex(self._printed("rhs"))
        rel = self.rel.value
        if self.rel in (Rel.BIG_O, Rel.BIG_O_P, Rel.LITTLE_O):
            return rf"{left} {rel}\left({right}\right)"
        return f"{left} {rel} {right}"

    def _printed(self, side: str) -> sp.Expr:
        form = getattr(self, f"{side}_form")
        return getattr(self, side) if form is None else form

    def assumptions_latex(self) -> str:
        """The assumptions as LaTeX, joined by commas (text assumptions are kept as written)."""
        return ", ".join(a if isinstance(a, str) else paper_latex(a) for a in self.assumptions)

    def plain_latex(self, side: str = "both") -> str:
        """SymPy's default LaTeX (no paper macros), for round trips through SymPy's LaTeX parser."""
        if side == "lhs":
            return sp.latex(self.lhs)
        if side == "rhs":
            return sp.latex(self.rhs)
        return f"{sp.latex(self.lhs)} {self.rel.value} {sp.latex(self.rhs)}"

    # -- evaluation -------------------------------------------------------------------------------
    def side(self, which: str) -> sp.Expr:
        if which not in ("lhs", "rhs", "difference", "ratio"):
            raise ValueError(f"side must be 'lhs', 'rhs', 'difference' or 'ratio', got {which!r}")
        if which == "difference":
            return self.lhs - self.rhs
        if which == "ratio":
            return self.lhs / self.rhs
        return getattr(self, which)

    def evaluator(self, which: str = "rhs", backend: str = "mpmath",
                  variables: Sequence[sp.Symbol] | None = None) -> Callable[..., Any]:
        """A function of the statement's variables evaluating one side (see :func:`evaluator`)."""
        return evaluator(self.side(which), self.variables if variables is None else variables, backend)

    def subs(self, values: Mapping[Any, Any]) -> Statement:
        """The statement with some variables fixed (e.g. a regime's parameters)."""
        def side(name: str) -> sp.Expr:  # a printed form is substituted into, and the side re-derived from it
            form = getattr(self, f"{name}_form")
            return (getattr(self, name) if form is None else form).subs(values)

        return dataclasses.replace(self, lhs=side("lhs"), rhs=side("rhs"), lhs_form=None, rhs_form=None,
                                   variables=tuple(v for v in self.variables if v not in values))

    def holds_symbolically(self) -> bool | None:
        """For ``=``: True if ``simplify(lhs − rhs) == 0``, False if it is a non-zero constant, else None."""
        if self.rel is not Rel.EQ:
            return None
        diff = sp.simplify(self.lhs - self.rhs)
        if diff == 0:
            return True
        if diff.is_number and diff != 0:
            return False
        return None

    # -- perturbation -----------------------------------------------------------------------------
    def perturb(self, **changes: Any) -> Statement:
        """A copy with some fields replaced (``rhs=2*s.rhs``, ``rel="<"``): for perturbed-statement tests.
        A replaced side drops its printed form (the perturbed side prints as it is)."""
        for side in ("lhs", "rhs"):
            if side in changes:
                changes.setdefault(f"{side}_form", None)
        return dataclasses.replace(self, **changes)

    def scale(self, factor: Any) -> Statement:
        """The statement with its right side multiplied by ``factor`` (a wrong constant)."""
        return self.perturb(rhs=self.rhs * _sym(factor))

    def to_dict(self) -> dict[str, Any]:
        printed = {f"{side}_as_printed": sp.srepr(form) for side in ("lhs", "rhs")
                   if (form := getattr(self, f"{side}_form")) is not None}
        return {"lhs": sp.srepr(self.lhs), "rel": self.rel.value, "rhs": sp.srepr(self.rhs), **printed,
                "variables": [v.name for v in self.variables], "latex": self.latex(),
                "assumptions": self.assumptions_latex()}


_CheckF = Any  # a checker function (typed loosely: its signature is kept by functools.wraps)


#: relations a measured checker decides that are not a :class:`Rel`: an order from below, a bound with no hidden
#: constant (``exact``); each spelling a user may type, mapped to the checker's word
RELATION_WORDS = {"gtrsim": "gtrsim", "≳": "gtrsim", r"\gtrsim": "gtrsim", "exact": "exact"}


def relation_key(value: Rel | str) -> Rel | str:
    """One key per relation, whatever its spelling: the :class:`Rel` :meth:`Rel.parse` reads (``"≲"``,
    ``"lesssim"`` and ``r"\\lesssim"`` alike), else the word of :data:`RELATION_WORDS`; anything else is a one-line
    :class:`~theorycheck.errors.InputError`.

    >>> relation_key("≲") == relation_key("lesssim") == Rel.LESSSIM, relation_key("≳")
    (True, 'gtrsim')
    """
    from .errors import InputError

    if not isinstance(value, Rel) and value in RELATION_WORDS:
        return RELATION_WORDS[value]
    try:
        return Rel.parse(value)
    except ValueError:
        raise InputError(f"unknown relation {value!r}; use one of {[m.value for m in Rel] + sorted(RELATION_WORDS)}"
                         ) from None


def decides(*relations: Rel | str, param: str | None = None) -> Callable[[_CheckF], _CheckF]:
    """Mark a checker that decides its statement under ``relations`` only: called with a statement of another
    relation it raises :class:`~theorycheck.errors.InputError` (one line: what it decides, what it was given)
    instead of returning a verdict that ignored the relation (referee EF, EF-9: checkers that compare the two sides
    as an identity, or prove a ≤, had verified the same statement with "<", ">" or "=").

    ``param`` names the checker's statement parameter (default: its first parameter). It may also be a relation
    given as a string (the measured checkers' ``relation="lesssim"``): any spelling of an allowed relation
    (:func:`relation_key`: ``"≲"`` for ``"lesssim"``) reaches the checker as the spelling listed here. A strict
    relation proved implies its non-strict one, which the caller lists when the check proves it.

    >>> @decides("=")
    ... def check(claimed):
    ...     return "checked"
    >>> check(Statement(sp.Integer(1), "=", sp.Integer(1)))
    'checked'
    >>> check(Statement(sp.Integer(1), "<", sp.Integer(2)))
    Traceback (most recent call last):
    ...
    theorycheck.errors.InputError: check decides its statement for = only; this one reads <
    """
    import inspect

    from .errors import InputError

    allowed = tuple(relation_key(r) for r in relations)
    spelling = dict(zip(allowed, relations, strict=True))
    shown = ", ".join(r.symbol if isinstance(r, Rel) else {"gtrsim": "≳"}.get(r, r) for r in allowed)

    def wrap(fn: _CheckF) -> _CheckF:
        signature = inspect.signature(fn)
        name = param if param is not None else next(iter(signature.parameters))
        # a relation given by name (its default a string): anything but a string there is refused, not read as the
        # checker's default relation (referee EL, EL-9: None, 5, a Statement had been read as ≲)
        by_name = isinstance(signature.parameters[name].default, str)

        @functools.wraps(fn)
        def checked(*args: Any, **kwargs: Any) -> Any:
            bound = signature.bind_partial(*args, **kwargs)
            bound.apply_defaults()
            given = bound.arguments.get(name)
            if isinstance(given, Statement) and given.rel not in allowed:
                raise InputError(f"{fn.__name__} decides its statement for {shown} only; "
                                 f"this one reads {given.rel.symbol}")
            if by_name and not isinstance(given, str):
                raise InputError(f"{fn.__name__} takes its relation by name ({shown}); got {given!r}")
            if isinstance(given, str):  # a relation given by name (a Rel is a str too)
                key = relation_key(given)
                if key not in allowed:
                    raise InputError(f"{fn.__name__} decides its statement for {shown} only; this one reads {given}")
                bound.arguments[name] = spelling[key]
                return fn(*bound.args, **bound.kwargs)
            return fn(*args, **kwargs)

        checked.decides = allowed  # type: ignore[attr-defined]
        checked.decides_param = name  # type: ignore[attr-defined]
        return checked

    return wrap
