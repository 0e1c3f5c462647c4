r"""LaTeX helpers: escaping text, assumptions as inline math, Unicode declarations, the standalone
documents (``theorycheck latex`` and the errata sheet's ``errata.tex``).

Moved here from :mod:`theorycheck.report` (which re-exports these names, so old imports keep working).

>>> tex_text("50% of a_b")
'50\\% of a\\_b'
>>> tex_inline_math(r"\gamma > 0,\ t \in \mathbb{R}")
'$\\gamma > 0,\\ t \\in \\mathbb{R}$'
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .claims import VERDICT_KINDS, Claim

if TYPE_CHECKING:
    from .runner import ClaimResult

__all__ = ["LATEX_PREAMBLE", "UNICODE_TEX", "latex_document", "standalone", "tex_inline_math", "tex_math", "tex_text",
           "unicode_declarations"]


LATEX_PREAMBLE = r"""\documentclass[11pt]{article}
\usepackage[margin=2.2cm]{geometry}
\usepackage{amsmath,amssymb}
\usepackage[T1]{fontenc}
\usepackage{xcolor}
\providecommand{\P}{\mathbb{P}}
\providecommand{\R}{\mathbb{R}}
\providecommand{\E}{\mathbb{E}}
\providecommand{\N}{\mathcal{N}}
\renewcommand{\H}{\mathcal{H}}
\renewcommand{\L}{\mathcal{L}}
\providecommand{\RR}{\mathrm{RR}}
\providecommand{\he}{\mathrm{He}}
\providecommand{\h}{\mathrm{H}}
\providecommand{\sech}{\operatorname{sech}}
\providecommand{\csch}{\operatorname{csch}}
\providecommand{\id}{\mathrm{Id}}
\providecommand{\intercal}{\top}
\definecolor{verified}{rgb}{0,0.5,0}
\definecolor{refuted}{rgb}{0.75,0,0}
\definecolor{inconclusive}{rgb}{0.7,0.5,0}
\definecolor{error}{rgb}{0.5,0,0.5}
\usepackage{graphicx}
% a display line wider than the text is scaled to its width (the last resort after the line breaks of _display_lines)
\newsavebox{\tcline}
\newcommand{\tcfit}[1]{\sbox{\tcline}{$\displaystyle #1$}% (12 pt spare: multline's gap)
  \ifdim\wd\tcline>\dimexpr\linewidth-12pt\relax\resizebox{\dimexpr\linewidth-12pt\relax}{!}{\usebox{\tcline}}%
  \else\usebox{\tcline}\fi}
% prose with long unbreakable words (identifiers, formulas in text) breaks lines rather than run into the margin
\sloppy
\emergencystretch=3em
"""

_TEX_SPECIALS = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
                 "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


#: a letter with a combining accent (S̄, Φ̄, t̂ of t̂anh, Δ̌): kept together when text is escaped character by character
MACRON_LETTER = re.compile("[^\\W\\d_][\u0302\u0303\u0304\u030c\u0301\u0300\u0308\u0307]")


def tex_text(text: str) -> str:
    """Escape plain text for LaTeX (math in the text is not kept as math); a letter with a combining accent (S̄, t̂,
    Δ̌) is set as that math accent (\\bar, \\hat, \\check) of the letter."""
    out = []
    for k, piece in enumerate(re.split(f"({MACRON_LETTER.pattern})", str(text))):
        if k % 2:  # a letter and its accent
            letter, accent = piece[0], piece[1]
            out.append(rf"\ensuremath{{{_COMBINING_ACCENTS[accent][0]}{{{UNICODE_TEX.get(letter, letter)}}}}}")
        else:
            out.append("".join(_TEX_SPECIALS.get(ch, ch) for ch in piece))
    return "".join(out)


# prose inside math: a word of 3+ letters not after a backslash (so not \log, \text), with an attached
# number or range ("Assumptions 2--4", "Assumption 3"), outside \text{...}; set upright with spaces kept
_PROSE_RUN = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{3,}(?:[ ]+(?:[A-Za-z]{2,}|\d+(?:\s*(?:--|–|-)\s*\d+)?))*"
                        r"(?![A-Za-z{])")


def _text_groups(math: str) -> list[tuple[int, int]]:
    """Spans of \\text{...}, \\mathrm{...} and similar groups (balanced braces), left as they are."""
    spans = []
    for m in re.finditer(r"\\(?:text|textrm|textit|mathrm|operatorname|mbox)\s*\{", math):
        depth, i = 1, m.end()
        while i < len(math) and depth:
            depth += {"{": 1, "}": -1}.get(math[i], 0)
            i += 1
        spans.append((m.start(), i))
    return spans


def tex_inline_math(text: str) -> str:
    """Assumptions (LaTeX math, possibly with prose) as inline math ``$...$``: prose words outside
    ``\\text{}`` are wrapped in ``\\text{}`` so they keep their spaces; text that already has ``$``
    is kept as it is; plain prose (no math at all) is escaped as text."""
    s = " ".join(str(text).split())
    if not s:
        return ""
    if "$" in s:
        return s
    if not re.search(r"[\\^_=<>{}|]|[≤≥≠∈→∞±·−]", s) and re.fullmatch(r"[A-Za-z0-9 ,.;:()'’–-]*", s):
        return tex_text(s)  # no math in it: "none", "d large"
    protected = _text_groups(s)
    out, last = [], 0
    for m in _PROSE_RUN.finditer(s):
        if any(a <= m.start() < b for a, b in protected):
            continue
        out.append(s[last:m.start()])
        space = " " if s[m.end():m.end() + 1] == " " else ""  # math mode would drop the space after it
        out.append(r"\text{" + m.group(0) + space + "}")
        last = m.end() + len(space)
    out.append(s[last:])
    return "$" + "".join(out) + "$"


def _tex_math(statement: str) -> str:
    """A statement as a display; a statement that mixes prose and $...$ math is set as text. A long one (more than
    :data:`LONG_DISPLAY` characters of LaTeX) is set as ``multline*``, broken before its relation and, where a side
    is long too, at top-level ``+``/``−`` signs (pdflatex had set one 300 pt past the margin)."""
    s = statement.strip()
    if "$" in s:
        return s + "\n"
    lines = [rf"\tcfit{{{line}}}" if len(line) > FIT_DISPLAY else line for line in _display_lines(s)]
    # a display set differently from the statement (broken over lines, scaled) carries the statement as checked, on
    # one comment line, to paste without this document's \tcfit
    pasted = "" if lines == [s] else "% as checked: " + " ".join(s.split()) + "\n"
    if len(lines) > 1:
        return pasted + "\\begin{multline*}\n" + " \\\\\n".join(lines) + "\n\\end{multline*}\n"
    return pasted + "\\[\n" + lines[0] + "\n\\]\n"


#: a display line longer than this (characters of LaTeX) is wrapped in \tcfit, which scales it to the text width
#: only when it is wider (shorter lines never are: referee CR, MEDIUM-1, 145 overfull boxes)
FIT_DISPLAY = 120


#: LaTeX longer than this (characters) is broken over lines (about a line of an 11pt page, for this paper's formulas)
LONG_DISPLAY = 240
_RELATIONS = ("=", r"\leq", r"\geq", r"\lesssim", r"\gtrsim", r"\ll", r"\asymp", "<", ">", r"\le", r"\ge")
_OPEN, _CLOSE = ("{", r"\left"), ("}", r"\right")


_CONTROL = re.compile(r"\\(?:[A-Za-z]+|.)", re.DOTALL)
_ENVIRONMENT = re.compile(r"\\(begin|end)\s*\{([^{}]*)\}")


def unbalanced(tex: str) -> str | None:
    """What keeps ``tex`` from being set as math — an unclosed or unopened brace, ``\\left`` without ``\\right``,
    ``\\begin{x}`` without ``\\end{x}``, an unescaped # or %, an unpaired $ — in words, or ``None``. A claim's text
    statement with such a fault made the whole ``theorycheck latex`` document uncompilable (referee CR, LOW-8); the
    registry refuses it, naming the claim. Not a compiler: an undefined macro or a misused ``&`` passes (referee CY,
    CY-2)."""
    stack: list[str] = []
    i = dollars = 0
    while i < len(tex):
        if tex[i] == "\\":
            env = _ENVIRONMENT.match(tex, i)
            if env:
                kind, name = env.groups()
                if kind == "begin":
                    stack.append(rf"\begin{{{name}}}")
                elif not stack or stack[-1] != rf"\begin{{{name}}}":
                    return rf"\end{{{name}}} " + (f"closes {stack[-1]}" if stack else "has no \\begin")
                else:
                    stack.pop()
                i = env.end()
                continue
            word = _CONTROL.match(tex, i)
            if word is None:  # the text's last character
                return "it ends in a lone backslash"
            i = word.end()
            if word.group(0) in (r"\left", r"\right"):
                if word.group(0) == r"\left":
                    stack.append(r"\left")
                elif not stack or stack[-1] != r"\left":
                    return r"\right " + (f"closes {stack[-1]}" if stack else r"has no \left")
                else:
                    stack.pop()
                delimiter = _CONTROL.match(tex, i) if tex.startswith("\\", i) else None
                i = delimiter.end() if delimiter else i + 1  # its delimiter (\{, \langle, ., |) is no group
            continue
        if tex[i] == "{":
            stack.append("{")
        elif tex[i] == "}":
            if not stack or stack[-1] != "{":
                return "a } " + (f"closes {stack[-1]}" if stack else "closes no {")
            stack.pop()
        elif tex[i] in "#%":  # in math, where statements and assumptions are set (referee CY, CY-2)
            return f"an unescaped {tex[i]} (\\{tex[i]} sets the character)"
        elif tex[i] == "$":  # $…$ pairs are set on purpose (_tex_math, \text{… $n$ …}); an unpaired one is not (CZ, M3)
            dollars += 1
        i += 1
    if stack:
        return f"{'a {' if stack[-1] == '{' else stack[-1]} is never closed"
    return "an unpaired $ (\\$ sets the character)" if dollars % 2 else None


def _top_positions(tex: str) -> list[int]:
    """The positions of ``tex`` outside every group: brace groups, ``\\left … \\right`` pairs (any delimiters:
    ``\\left\\{ … \\right.``), ``\\langle … \\rangle``, ``\\begin … \\end`` environments, and bare parentheses or
    brackets outside braces (the comma of ``\\max(a, b)`` or ``\\mathcal N(0, I)`` is no list's, referee BJ, J4; a
    half-open interval ``[0, 1)`` still balances; a bracket inside ``\\text{1), …}`` is text, referee CT). A control
    word or symbol is reported at its backslash. The one scanner of :func:`_top_level` and :func:`_list_lines`."""
    out, depth, parens, i = [], 0, 0, 0
    opening, closing = (r"\left", r"\langle", r"\begin"), (r"\right", r"\rangle", r"\end")
    while i < len(tex):
        ch = tex[i]
        if depth == 0 and parens == 0:
            out.append(i)
        if ch == "\\":
            word = re.match(r"\\[A-Za-z]+", tex[i:])
            if word and word.group(0) in opening:
                depth += 1
            elif word and word.group(0) in closing:
                depth = max(0, depth - 1)
            if word and word.group(0) in (r"\left", r"\right"):
                i += len(word.group(0)) + (2 if tex.startswith("\\", i + len(word.group(0))) else 1)
                continue  # its delimiter is no bracket of its own
            i += len(word.group(0)) if word else 2  # a control word, or a control symbol (\{, \,)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif ch in "([" and depth == 0:
            parens += 1
        elif ch in ")]" and depth == 0:
            parens = max(0, parens - 1)
        i += 1
    return out


def _top_level(tex: str, tokens: tuple[str, ...]) -> list[tuple[int, str]]:
    """Positions of `` token `` (space on both sides) outside every group (:func:`_top_positions`)."""
    out = []
    for i in _top_positions(tex):
        if tex[i] != " ":
            continue
        for token in tokens:
            if tex.startswith(token + " ", i + 1) and not (token[0] == "\\" and tex[i + 1 + len(token)].isalpha()):
                out.append((i + 1, token))
                break
    return out


def _display_lines(tex: str) -> list[str]:
    """``tex`` in lines for ``multline*``: broken before each top-level relation (a chain a = b = c too) and, within a
    long side, at top-level signs. One line when it is short, has no top-level relation, or is a list (a top-level
    comma or ``\\text``, as in the conditions ``C_W = …,\\ σ_W = …``, which is set as written)."""
    if len(tex) <= LONG_DISPLAY:
        return [tex]
    rel = _top_level(tex, _RELATIONS)
    listed = " " + tex.replace(r"\,", r"\;").replace(",", " , ") + " "  # a comma, not the thin space \,
    # prose at the top level (\text{…} in a subscript or a fraction is part of a symbol; referee BJ, J3)
    prose = _top_level(" " + tex.replace(r"\text{", r" PROSE \text{") + " ", ("PROSE",))
    if not rel or _top_level(listed, (",",)) or prose:
        return _list_lines(tex)
    bounds = [0, *(at for at, _ in rel), len(tex)]
    lines = []
    for k in range(len(bounds) - 1):
        side = tex[bounds[k]:bounds[k + 1]].strip()
        skip = len(rel[k - 1][1]) + 1 if k else 0  # a sign right after the relation stays on its line
        # cut at top-level signs, greedily: each piece as long as it may be
        cuts = [i for i, _ in _top_level(side, ("+", "-")) if i > skip]
        start = 0
        while len(side) - start > LONG_DISPLAY:
            fits = [i for i in cuts if start < i <= start + LONG_DISPLAY]
            later = [i for i in cuts if i > start]
            if not later:
                break
            cut = fits[-1] if fits else later[0]
            lines.append(("{} " if start else "") + side[start:cut].strip())
            start = cut
        lines.append(("{} " if start else "") + side[start:].strip())
    return lines


#: a list's line (:func:`_list_lines`): shorter than :data:`LONG_DISPLAY`, since a list is mostly \text, which sets
#: wider per character than formulas
LONG_LIST_LINE = 160


def _list_lines(tex: str) -> list[str]:
    """A long list (``C_W = …,\\ σ_W = …``, prose with ``\\quad\\text{where …}``) in lines of about
    :data:`LONG_DISPLAY` characters, broken after a top-level comma or before a top-level ``\\quad``; a comma inside
    braces, brackets or parentheses (``(\\varepsilon, \\delta)``, ``\\text{…, …}``) is no break (referee CR,
    MEDIUM-1: Theorem 1's repaired statement ran 1310 pt past the margin)."""
    top = _top_positions(tex)
    cuts = sorted([i + 1 for i in top if tex[i] == ","] + [i for i in top if i > 0 and tex.startswith(r"\quad", i)])
    lines, start = [], 0
    for k, cut in enumerate(cuts):
        following = cuts[k + 1] if k + 1 < len(cuts) else len(tex)
        if following - start > LONG_LIST_LINE and cut > start:
            lines.append(tex[start:cut].strip())
            start = cut
    lines.append(tex[start:].strip())
    return [line for line in lines if line]


#: Unicode that appears in details and titles, set as LaTeX (declared with \\DeclareUnicodeCharacter).
UNICODE_TEX = {
    "α": r"\alpha",
    "β": r"\beta",
    "γ": r"\gamma",
    "δ": r"\delta",
    "ε": r"\varepsilon",
    "η": r"\eta",
    "θ": r"\theta",
    "λ": r"\lambda",
    "μ": r"\mu",
    "ν": r"\nu",
    "π": r"\pi",
    "ρ": r"\rho",
    "σ": r"\sigma",
    "τ": r"\tau",
    "φ": r"\phi",
    "χ": r"\chi",
    "ψ": r"\psi",
    "ω": r"\omega",
    "Δ": r"\Delta",
    "Σ": r"\Sigma",
    "Φ": r"\Phi",
    "Ω": r"\Omega",
    "Γ": r"\Gamma",
    "Λ": r"\Lambda",
    "ξ": r"\xi",
    "ζ": r"\zeta",
    "κ": r"\kappa",
    "≤": r"\le",
    "≥": r"\ge",
    "≠": r"\ne",
    "≈": r"\approx",
    "≪": r"\ll",
    "≫": r"\gg",
    "≲": r"\lesssim",
    "≳": r"\gtrsim",
    "≍": r"\asymp",
    "→": r"\to",
    "⇒": r"\Rightarrow",
    "∞": r"\infty",
    "√": r"\surd",
    "∫": r"\int",
    "∑": r"\sum",
    "∈": r"\in",
    "∉": r"\notin",
    "×": r"\times",
    "·": r"\cdot",
    "±": r"\pm",
    "−": r"-",
    "∂": r"\partial",
    "∇": r"\nabla",
    "‖": r"\|",
    "⟨": r"\langle",
    "⟩": r"\rangle",
    "²": r"^2",
    "³": r"^3",
    "⁴": r"^4",
    "¹": r"^1",
    "⁰": r"^0",
    "₀": r"_0",
    "₁": r"_1",
    "₂": r"_2",
    "ⁿ": r"^n",
    "∘": r"\circ",
    "≡": r"\equiv",
    "∀": r"\forall",
    "∃": r"\exists",
    "∅": r"\emptyset",
    "⊂": r"\subset",
    "∪": r"\cup",
    "∩": r"\cap",
    "ℓ": r"\ell",
    "ℝ": r"\mathbb{R}",
    "ĥ": r"\hat{h}",
    "ā": r"\bar{a}",
    "ŷ": r"\hat{y}",
    "ĝ": r"\hat{g}",
    "…": r"\ldots",
    "′": r"'",
    "∗": r"*",
    # the rest of what the audit's prose uses (referee CF, F4: they had printed as [U+XXXX] placeholders)
    "½": r"\tfrac{1}{2}",
    "ã": r"\tilde{a}",
    "ŝ": r"\hat{s}",
    "ū": r"\bar{u}",
    "ȟ": r"\check{h}",
    "ˣ": r"^{x}",
    "Θ": r"\Theta",
    "ᵀ": r"^{\top}",
    "ᵏ": r"^{k}",
    "ḡ": r"\bar{g}",
    "⁵": r"^5",
    "⁶": r"^6",
    "⁷": r"^7",
    "⁸": r"^8",
    "⁹": r"^9",
    "ℱ": r"\mathcal{F}",
    "⁺": r"^{+}",
    "⁻": r"^{-}",
    "↦": r"\mapsto",
    "∓": r"\mp",
    "∝": r"\propto",
    "∥": r"\parallel",
    "⊥": r"\perp",
    "⋆": r"\star",
    "⌈": r"\lceil",
    "⌉": r"\rceil",
    "⌊": r"\lfloor",
    "⌋": r"\rfloor",
}
_TEXT_UNICODE = {"—": "---", "–": "--", "“": "``", "”": "''", "’": "'", "‘": "`", "§": r"\S{}", "é": r"\'e",
                 "è": r"\`e", "ü": r'\"u', "ö": r'\"o', "ä": r'\"a', " ": "~"}


#: combining accents and their (math, text) accents, for a letter the tables above do not name
_COMBINING_ACCENTS = {"\u0302": (r"\hat", r"\^"), "\u0303": (r"\tilde", r"\~"), "\u0304": (r"\bar", r"\="),
                      "\u030c": (r"\check", r"\v"), "\u0301": (r"\acute", r"\'"), "\u0300": (r"\grave", r"\`"),
                      "\u0308": (r"\ddot", r'\"'), "\u0307": (r"\dot", r"\.")}


def _accented(ch: str) -> str | None:
    """How LaTeX sets ``ch`` when it is an ASCII letter with one combining accent of :data:`_COMBINING_ACCENTS` (its
    NFD form): the math accent in math, the text accent in prose — ``\\ifmmode\\hat{u}\\else\\^{u}\\fi`` for û;
    i and j lose their dot under an accent (``\\imath``, ``\\i``); else None (referee CT, LOW-5: "Muñoz" had been
    set in math italic, ï as a dot under a diaeresis)."""
    import unicodedata

    parts = unicodedata.normalize("NFD", ch)
    if len(parts) == 2 and parts[0].isascii() and parts[0].isalpha() and parts[1] in _COMBINING_ACCENTS:
        math, text = _COMBINING_ACCENTS[parts[1]]
        letter = parts[0]
        math_letter, text_letter = (rf"\{letter}math", rf"\{letter}") if letter in "ij" else (letter, letter)
        return rf"\ifmmode{math}{{{math_letter}}}\else{text}{{{text_letter}}}\fi"
    return None


def _composed(document: str) -> str:
    """``document`` in Unicode's composed form (NFC): a letter written as two code points, u + U+0302, becomes the
    one character û that :func:`_unicode_declarations` can declare (referee CT, LOW-5: it had printed [U+0302]). The
    last letter of a control word is never composed (referee CY, CY-4: ``\\epsilon`` + U+0303 had become the
    undefined ``\\epsiloñ``): the text between control words is composed piece by piece."""
    import unicodedata

    pieces = re.split(r"(\\[A-Za-z]+)", document)
    return "".join(piece if k % 2 else unicodedata.normalize("NFC", piece) for k, piece in enumerate(pieces))


def _unicode_declarations(document: str) -> str:
    """\\DeclareUnicodeCharacter lines (LaTeX kernel, no extra package) for every non-ASCII character of
    ``document`` (unknown ones shown as [U+XXXX])."""
    lines = []
    for ch in sorted({c for c in document if ord(c) > 127}):
        if ch in UNICODE_TEX:
            lines.append(rf"\DeclareUnicodeCharacter{{{ord(ch):04X}}}{{\ensuremath{{{UNICODE_TEX[ch]}}}}}")
        elif ch in _TEXT_UNICODE:
            lines.append(rf"\DeclareUnicodeCharacter{{{ord(ch):04X}}}{{{_TEXT_UNICODE[ch]}}}")
        elif (accented := _accented(ch)) is not None:  # û, ñ, ā: a letter and its accent (referee CR, LOW-2)
            lines.append(rf"\DeclareUnicodeCharacter{{{ord(ch):04X}}}{{{accented}}}")
        else:
            lines.append(rf"\DeclareUnicodeCharacter{{{ord(ch):04X}}}{{\texttt{{[U+{ord(ch):04X}]}}}}")
    return "\n".join(lines)


def theorems_latex(records: Sequence[dict]) -> list[str]:
    """A section of theorem verdicts (:mod:`theorycheck.theorems` records): the statement, the verdict and its
    reason, and the repaired statement with its changes from the paper, ready to paste."""
    out = [r"\section*{Theorems}"]
    for r in records:
        out.append(r"\subsection*{Theorem " + tex_text(r["theorem"]) + ": " + tex_text(r["title"]) + "}")
        out.append(r"\textit{" + tex_text(r["source"]) + "}. As stated:\n" + _tex_math(r["statement"]))
        out.append(r"\noindent\textbf{" + tex_text(r["verdict"]) + "}. " + tex_text(r["explanation"]) + "\n")
        rep = r.get("repaired")
        if rep:
            out.append(r"\noindent\textbf{Repaired statement} (" + tex_text(rep["verdict"]) + "):\n"
                       + _tex_math(rep["statement"]))
            out.append(r"\noindent Changes from the paper's statement:" + "\n" + r"\begin{itemize}")
            out += [r"\item " + tex_text(change) for change in rep["changes"]]
            out.append(r"\end{itemize}")
    return out


def latex_document(paper: str, claims: Sequence[Claim], results: dict[str, ClaimResult],
                   theorems: Sequence[dict] = (), proofs_folder: str | None = None) -> str:
    """A standalone LaTeX document: the theorems' verdicts (and repaired statements) when given, then each
    claim's statement, its verdict, and any checked correction."""
    out = [LATEX_PREAMBLE, r"\title{Machine check of ``" + tex_text(paper) + "''}",
           r"\author{theorycheck}", r"\date{" + tex_text(datetime.date.today().isoformat()) + "}",
           r"\begin{document}", r"\maketitle"]
    if results:
        from .report import sources, summary, summary_qualifiers

        counts = summary(list(results.values()))
        qualifiers = "".join(f"; {q}" for q in summary_qualifiers(list(results.values())))
        out.append(tex_text(", ".join(f"{counts[k]} {k}" for k in VERDICT_KINDS) + qualifiers) + ".\n")
        src = sources(proofs_folder)  # what ties this document to the code that checked it (referee CR, MEDIUM-3)
        line = (f"Checked by git commit {src['git_commit'] or '(not a git checkout)'}; theorycheck SHA-256 "
                f"{str(src['theorycheck_sha256'])[:16]}...; proofs SHA-256 {(src['proofs_sha256'] or 'none')[:16]}...")
        out.append(r"{\footnotesize " + tex_text(line) + "}\n")
    if theorems:
        out += theorems_latex(theorems)
        out.append(r"\section*{Claims}")
    for claim in claims:
        out.append(r"\subsection*{\texttt{" + tex_text(claim.id) + "}: " + tex_text(claim.title) + "}")
        out.append(r"\textit{" + tex_text(claim.source) + "}. Claimed "
                                                          "under: " + tex_inline_math(claim.assumptions) + ".\n")
        out.append(_tex_math(claim.statement))
        result = results.get(claim.id)
        if result is None:
            continue
        kind = result.verdict.verdict
        out.append(r"\noindent\textbf{\textcolor{" + kind + "}{" + kind + "}} (" + tex_text(result.verdict.method)
                   + "): " + tex_text(result.verdict.detail) + "\n")
        if result.root_failures:
            out.append(r"\noindent Root failures: \texttt{" + tex_text(", ".join(result.root_failures)) + "}.\n")
        if result.verdict.corrected:
            out.append(r"\noindent Corrected statement (checked):" + "\n" + _tex_math(result.verdict.corrected))
    out.append(r"\end{document}")
    body = _composed("\n".join(out[1:]) + "\n")
    # after \documentclass and packages: declare every non-ASCII character the document uses
    return out[0] + _unicode_declarations(body) + "\n" + body



tex_math = _tex_math
unicode_declarations = _unicode_declarations


def standalone(body: str, preamble: str = LATEX_PREAMBLE) -> str:
    """A complete document: ``preamble``, the Unicode declarations ``body`` needs, then ``body``
    (which holds ``\\begin{document}`` … ``\\end{document}``)."""
    body = _composed(body)
    return preamble + _unicode_declarations(body) + "\n" + body
