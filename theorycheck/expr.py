"""Parse user-supplied formulas safely (no ``eval``, no ``sympify`` of raw text).

The text is parsed with :func:`ast.parse` and the tree is walked against a
whitelist: numbers (kept exact as :class:`sympy.Rational`), the variables the
caller allows, ``+ - * / **`` (``^`` is read as a power), parentheses, and calls
of a fixed set of functions. Anything else -- attribute access, subscripts,
names not allowed, keyword arguments -- is rejected with an :class:`InputError`
that points at the offending piece.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from typing import Any

import sympy as sp

from .errors import InputError

FUNCTIONS: dict[str, Any] = {
    "exp": sp.exp, "log": sp.log, "sqrt": sp.sqrt,
    "sin": sp.sin, "cos": sp.cos, "tanh": sp.tanh, "sinh": sp.sinh, "cosh": sp.cosh,
    "sech": sp.sech, "csch": sp.csch, "abs": sp.Abs,
}
CONSTANTS: dict[str, sp.Expr] = {"pi": sp.pi, "E": sp.E, "I": sp.I}

_BINOPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.Pow: lambda a, b: a**b,
}


def parse_formula(text: str, variables: Iterable[str] = ("x",)) -> sp.Expr:
    """Parse ``text`` into a SymPy expression in the given variables.

    >>> parse_formula("x^3 - 3*x")
    x**3 - 3*x
    >>> parse_formula("0.5*x")
    x/2
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError("formula must be a non-empty string, e.g. 'x^3 - 3*x'")
    symbols = {name: sp.Symbol(name, real=True) for name in variables}
    written = text.strip()  # what the user wrote: every message quotes it, not the rewritten text
    try:
        # "x^3" as papers write it; replaced before parsing so it keeps the precedence of **.
        text = written.replace("^", "**")
        tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        where = f" at column {_written_column(written, exc.offset)}" if exc.offset else ""
        raise InputError(f"cannot parse formula {written!r}: {exc.msg}{where}") from None

    def build(node: ast.AST) -> sp.Expr:
        if isinstance(node, ast.Expression):
            return build(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return sp.Rational(ast.get_source_segment(text, node) or repr(node.value))
        if isinstance(node, ast.Name):
            if node.id in symbols:
                return symbols[node.id]
            if node.id in CONSTANTS:
                return CONSTANTS[node.id]
            allowed = ", ".join(sorted(symbols) + sorted(CONSTANTS))
            raise InputError(f"unknown name {node.id!r} in formula {written!r}; allowed: {allowed}")
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            return _BINOPS[type(node.op)](build(node.left), build(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = build(node.operand)
            return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
            if node.func.id not in FUNCTIONS:
                raise InputError(f"unknown function {node.func.id!r} in {written!r}; allowed: "
                                 f"{', '.join(sorted(FUNCTIONS))}")
            return FUNCTIONS[node.func.id](*[build(arg) for arg in node.args])
        piece = ast.get_source_segment(text, node) or type(node).__name__
        raise InputError(f"formula {written!r} contains {piece!r}, which is not allowed (only numbers, "
                         f"variables, + - * / ** ^, parentheses and {', '.join(sorted(FUNCTIONS))})")

    return build(tree)


def _written_column(written: str, offset: int) -> int:
    """The 1-based column in the user's text of column ``offset`` of the text parsed (each ``^`` there read as
    ``**``, one character longer)."""
    parsed = 0
    for col, ch in enumerate(written, start=1):
        parsed += 2 if ch == "^" else 1
        if parsed >= offset:
            return col
    return len(written) + 1
