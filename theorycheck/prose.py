"""A verdict's detail as a reader reads it: SymPy's plain text and Python dict reprs made readable.

Checks write their one-sentence detail with f-strings, so SymPy expressions and parameter points arrive as SymPy's
``str`` (``x**5 - 3*x``, ``Abs(z)``, ``oo``) and Python reprs (``{'eps_n': '1/4', 'q': 1}``). :func:`readable` turns
them into what a paper's reader writes (``x^5 - 3·x``, ``|z|``, ``∞``, ``ε_n = 1/4, q = 1``); LaTeX inside the text
(a backslash command, ``$…$``) is left alone. It is idempotent, so a verdict read back from the cache or from JSON
is unchanged by it.

>>> readable("fails at {'eps_n': '1/4', 'pi_p': '1', 'q': 1}: x**3 - 2*x, |σ|/(z**2*Abs(z)) → oo, d*(eps_n) <= 2")
'fails at ε_n = 1/4, π_p = 1, q = 1: x^3 - 2·x, |σ|/(z^2·|z|) → ∞, d*(ε_n) ≤ 2'
>>> readable(r"\\frac{3 \\varepsilon_p}{16} < \\varepsilon_n, α*_0 = 0")
'\\\\frac{3 \\\\varepsilon_p}{16} < \\\\varepsilon_n, α*_0 = 0'
"""

from __future__ import annotations

import ast
import re

#: Parameter names of the proofs as a reader writes them (whole words not preceded by a backslash or a letter).
GREEK: dict[str, str] = {
    "varepsilon_n": "ε_n", "varepsilon_p": "ε_p", "varepsilon_b": "ε_b", "eps_n": "ε_n", "eps_p": "ε_p",
    "eps_b": "ε_b", "pi_p": "π_p", "eps": "ε", "nu": "ν", "rho": "ρ", "gamma": "γ", "delta": "δ", "eta": "η",
    "lambda": "λ", "sigma": "σ", "mu": "μ",
}
_NAME = re.compile(r"(?<![\\\w])(" + "|".join(sorted(GREEK, key=len, reverse=True)) + r")(?!\w)")
#: a Python dict repr with string keys and no nested braces: a parameter point
_DICT = re.compile(r"\{'[^{}]*\}")
_POWER = re.compile(r"(?<=[\w)\]])\*\*(?=[\w(\-])")
#: a product SymPy prints as ``2*x``; not before "(" (``d*(ε_n)`` is prose: d-star of ε_n)
_TIMES = re.compile(r"(?<=[A-Za-z0-9)\]])\*(?=[A-Za-z0-9])")
_COMPARE = {" <= ": " ≤ ", " >= ": " ≥ "}
_ABS = re.compile(r"\bAbs\(([^()]*)\)")
_INFINITY = re.compile(r"(?<![\w\\])(-?)oo(?!\w)")


def _point(match: re.Match[str]) -> str:
    try:
        value = ast.literal_eval(match.group(0))
    except (ValueError, SyntaxError):
        return match.group(0)
    if not isinstance(value, dict) or not value or not all(isinstance(k, str) for k in value):
        return match.group(0)
    if not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value.values()):
        return match.group(0)
    return ", ".join(f"{k} = {v}" for k, v in value.items())


def _outside_math(text: str, rewrite) -> str:
    """``rewrite`` applied to the parts of ``text`` outside ``$…$`` (LaTeX a renderer typesets)."""
    pieces = re.split(r"(\$[^$]*\$)", text)
    return "".join(p if p.startswith("$") and p.endswith("$") and len(p) > 1 else rewrite(p) for p in pieces)


def _plain(text: str) -> str:
    text = _DICT.sub(_point, text)
    text = _POWER.sub("^", text)
    text = _TIMES.sub("·", text)
    text = _ABS.sub(r"|\1|", text)
    for ascii_op, sign in _COMPARE.items():
        text = text.replace(ascii_op, sign)
    text = _INFINITY.sub(lambda m: ("−" if m.group(1) else "") + "∞", text)
    return _NAME.sub(lambda m: GREEK[m.group(1)], text)


def readable(text: str) -> str:
    """``text`` with SymPy's plain text and dict reprs made readable (see the module docstring); idempotent."""
    if not isinstance(text, str) or not text:
        return text
    return _outside_math(text, _plain)
