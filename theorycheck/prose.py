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

#: Parameter names of the proofs as a reader writes them. A name is replaced as a whole word only: not after a
#: backslash (LaTeX), a dot or a letter-and-hyphen (claim ids such as ``cert.delta-plus``, ``thm2.eps-b-window``), not
#: before a hyphen-and-letter or "(" (a function such as SymPy's ``gamma(…)``), and never inside quotes ('small eps_p',
#: a corner's name, is the key a reader looks up in the evidence).
GREEK: dict[str, str] = {
    "varepsilon_n": "ε_n", "varepsilon_p": "ε_p", "varepsilon_b": "ε_b", "eps_n": "ε_n", "eps_p": "ε_p",
    "eps_b": "ε_b", "pi_p": "π_p", "eps": "ε", "nu": "ν", "rho": "ρ", "gamma": "γ", "delta": "δ", "eta": "η",
    "sigma": "σ", "mu": "μ",
}
_NAME = re.compile(r"(?<![\\\w.])(?<!\w-)(" + "|".join(sorted(GREEK, key=len, reverse=True)) + r")(?![\w(])(?!-\w)")
#: a quoted name: the quotes stand apart from words (an apostrophe, as in "term's", opens nothing)
_QUOTED = re.compile(r"((?<!\w)'[^'\n]*'(?!\w))")
_POWER = re.compile(r"(?<=[\w)\]])\*\*(?=[\w(\-])")
#: a product SymPy prints as ``2*x`` or ``2*(x + 1)``; not ``d*(name)`` after a lone d (``d*(ε_n)``: d-star)
_TIMES = re.compile(r"(?<=[A-Za-z0-9)\]])\*(?=[A-Za-z0-9(])")
_LONE_LETTER = re.compile(r"(?<![\w*])d$")
#: what follows d-star: a bare name in parentheses (``d*(ε_n)``), not a product's factor (``d*(q*(nu - 1) + 1)``)
_STAR_ARGUMENT = re.compile(r"\(\w+\)")
_COMPARE = {" <= ": " ≤ ", " >= ": " ≥ "}
_ABS = re.compile(r"\bAbs\(([^()]*)\)")
_INFINITY = re.compile(r"(?<![\w\\'])(-?)oo(?![\w'])")


def _point(group: str) -> str | None:
    """A flat dict repr with string keys and scalar values as ``k = v, …`` (names readable), else None."""
    try:
        value = ast.literal_eval(group)
    except (ValueError, SyntaxError):
        return None
    if not isinstance(value, dict) or not value or not all(isinstance(k, str) for k in value):
        return None
    if not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value.values()):
        return None
    return ", ".join(f"{_NAME.sub(lambda m: GREEK[m.group(1)], k)} = {v}" for k, v in value.items())


def _python_groups(text: str) -> list[tuple[int, int]]:
    """(start, end) of each outermost ``{'…}`` (a Python repr) in ``text``, braces balanced."""
    out, i = [], 0
    while (start := text.find("{'", i)) >= 0:
        depth, j = 0, start
        while j < len(text):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
            if depth == 0:
                break
        if depth:
            break
        out.append((start, j))
        i = j
    return out


def _outside_math(text: str, rewrite) -> str:
    """``rewrite`` applied to the parts of ``text`` outside ``$…$`` (LaTeX a renderer typesets)."""
    pieces = re.split(r"(\$[^$]*\$)", text)
    return "".join(p if p.startswith("$") and p.endswith("$") and len(p) > 1 else rewrite(p) for p in pieces)


def _times(match: re.Match[str]) -> str:
    before = match.string[:match.start()]
    star = _LONE_LETTER.search(before) and _STAR_ARGUMENT.match(match.string, match.end())
    return "*" if star else "·"  # referee BJ, J5: q*d*(nu - 1) and d*(q*(nu - 1) + 1) are products


def _words(text: str) -> str:
    """Operators and names outside quotes made readable."""
    pieces = _QUOTED.split(text)
    for k in range(0, len(pieces), 2):  # the odd pieces are quoted: kept
        t = _POWER.sub("^", pieces[k])
        t = _TIMES.sub(_times, t)
        t = _ABS.sub(r"|\1|", t)
        for ascii_op, sign in _COMPARE.items():
            t = t.replace(ascii_op, sign)
        t = _INFINITY.sub(lambda m: ("−" if m.group(1) else "") + "∞", t)
        pieces[k] = _NAME.sub(lambda m: GREEK[m.group(1)], t)
    return "".join(pieces)


def _plain(text: str) -> str:
    """A flat dict repr becomes ``k = v, …``; any other Python repr (nested, lists) is kept as it is."""
    out, pos = [], 0
    for start, end in _python_groups(text):
        out.append(_words(text[pos:start]))
        group = text[start:end]
        point = _point(group)
        out.append(group if point is None else point)
        pos = end
    out.append(_words(text[pos:]))
    return "".join(out)


def readable(text: str) -> str:
    """``text`` with SymPy's plain text and dict reprs made readable (see the module docstring); idempotent."""
    if not isinstance(text, str) or not text:
        return text
    return _outside_math(text, _plain)
