"""Render audit results: JSON (the stable machine format), a terminal table, Markdown, LaTeX."""

from __future__ import annotations

import datetime
import importlib.metadata
import platform
import re
from collections.abc import Sequence
from typing import Any

from .claims import VERDICT_KINDS, Claim
from .runner import ClaimResult

#: Packages whose versions every report records.
RECORDED_PACKAGES = ("theorycheck", "sympy", "mpmath", "numpy", "scipy", "python-flint", "hypothesis",
                     "matplotlib", "rich", "dp-accounting")

VERDICT_STYLE = {"verified": "green", "refuted": "bold red", "inconclusive": "yellow", "error": "magenta"}


def environment() -> dict[str, Any]:
    """Python, platform, date and the versions of the packages the numbers depend on."""
    versions = {}
    for name in RECORDED_PACKAGES:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "packages": versions,
    }


def summary(results: Sequence[ClaimResult]) -> dict[str, int]:
    counts = {kind: 0 for kind in VERDICT_KINDS}
    for r in results:
        counts[r.verdict.verdict] += 1
    return counts


def seeds(results: Sequence[ClaimResult]) -> dict[str, Any]:
    """Every seed that appears in the evidence, by claim id (keys containing 'seed')."""
    out: dict[str, Any] = {}

    def walk(obj: Any, found: dict[str, Any], prefix: str = "") -> None:
        if isinstance(obj, dict):
            for k, v in obj.items():
                if "seed" in str(k).lower():
                    found[prefix + str(k)] = v
                else:
                    walk(v, found, prefix + str(k) + ".")

    for r in results:
        found: dict[str, Any] = {}
        walk(r.verdict.evidence, found)
        if found:
            out[r.claim.id] = found
    return out


def json_report(paper: str, results: Sequence[ClaimResult]) -> dict[str, Any]:
    """The JSON report: ``{"paper", "claims": [...], "summary": {...}}`` plus ``environment`` and ``seeds``."""
    return {
        "paper": paper,
        "claims": [r.to_dict() for r in results],
        "summary": summary(results),
        "environment": environment(),
        "seeds": seeds(results),
    }


def plural(count: int, noun: str) -> str:
    """``1 claim``, ``2 claims``, ``0 claims``."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


def one_line(text: str, width: int = 110) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return " ".join(value.split()) if "\n" not in value else value.rstrip()
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def evidence_lines(evidence: Any, prefix: str = "", max_items: int = 12) -> list[str]:
    """Evidence as readable ``key: value`` lines (Unicode as is, nested keys dotted, long lists cut
    with a pointer to ``--json``); no trailing spaces."""
    out: list[str] = []
    if isinstance(evidence, dict):
        if not evidence and prefix:
            out.append(f"{prefix}: {{}}")
        for key, value in evidence.items():
            out.extend(evidence_lines(value, f"{prefix}.{key}" if prefix else str(key), max_items))
    elif isinstance(evidence, list) and any(isinstance(v, (dict, list)) for v in evidence):
        for k, value in enumerate(evidence[:max_items]):
            out.extend(evidence_lines(value, f"{prefix}[{k}]", max_items))
        if len(evidence) > max_items:
            out.append(f"{prefix}: … {len(evidence) - max_items} more (theorycheck show ID --json)")
    elif isinstance(evidence, list):
        items = [_scalar(v) for v in evidence[:max_items]]
        more = f", … {len(evidence) - max_items} more" if len(evidence) > max_items else ""
        out.append(f"{prefix}: [{', '.join(items)}{more}]")
    else:
        text = _scalar(evidence)
        if "\n" in text:
            out.append(f"{prefix}:")
            out.extend("    " + line.rstrip() for line in text.splitlines())
        else:
            out.append(f"{prefix}: {text}")
    return [line.rstrip() for line in out]


def rich_table(results: Sequence[ClaimResult], title: str | None = None, width: int | None = None):
    """A rich Table of id, verdict, the detail cut to one line (the full text is in ``theorycheck
    show ID``) after the root failures it rests on, and seconds; with ``width`` (the console's)
    the detail is cut so that the table fits in that many columns."""
    from rich.markup import escape
    from rich.table import Table

    rows = []
    for r in results:
        roots = getattr(r, "root_failures", ()) or ()
        if r.rests_on_refuted and not roots:  # results built without root failures: show every refuted premise
            roots = r.rests_on_refuted
        prefix = f"[rests on refuted: {', '.join(roots)}] " if roots else ""
        seconds = "cached" if getattr(r, "cached", False) else f"{r.seconds:.1f}"
        rows.append((r, prefix, " ".join(str(r.verdict.detail).split()), seconds))
    budget = 300
    if width is not None and rows:
        id_w = max(2, max(len(r.claim.id) for r, *_ in rows))
        verdict_w = max(7, max(len(r.verdict.verdict) for r, *_ in rows))
        s_w = max(1, max(len(sec) for *_, sec in rows))
        budget = max(20, width - id_w - verdict_w - s_w - 13)  # 5 rules + 2 spaces of padding per column
    table = Table(title=title, show_lines=False, expand=False)
    table.add_column("id", no_wrap=True)
    table.add_column("verdict", no_wrap=True)
    table.add_column("detail (full text: theorycheck show ID)", no_wrap=True, overflow="ellipsis", max_width=budget)
    table.add_column("s", justify="right", no_wrap=True)
    for r, prefix, detail, seconds in rows:
        kind = r.verdict.verdict
        text = one_line(prefix + detail, budget)
        if prefix and text.startswith(prefix):
            cell = f"[dim]{escape(prefix)}[/]" + escape(text[len(prefix):])
        else:
            cell = escape(text)
        table.add_row(escape(r.claim.id), f"[{VERDICT_STYLE[kind]}]{kind}[/]", cell,
                      "[dim]cached[/]" if seconds == "cached" else seconds)
    return table


def summary_line(results: Sequence[ClaimResult], wall: float | None = None, cpu: float | None = None) -> str:
    """Counts by verdict, then the run's wall and CPU time when given (else the sum of the checks' own
    times) and how many rows came from the verdict cache."""
    counts = summary(results)
    cached = sum(1 for r in results if getattr(r, "cached", False))
    if wall is not None:
        timing = f"wall {wall:.1f} s, CPU {cpu:.1f} s" if cpu is not None else f"wall {wall:.1f} s"
    else:
        timing = f"sum of check times {sum(r.seconds for r in results):.1f} s"
    if cached:
        timing += f"; {cached} cached"
    return (plural(len(results), "claim") + ": " + ", ".join(
        plural(counts[k], k) if k == "error" else f"{counts[k]} {k}" for k in VERDICT_KINDS) + f"  ({timing})")


def _md_escape(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown_table(paper: str, results: Sequence[ClaimResult]) -> str:
    lines = [f"# Audit of “{paper}”", "", summary_line(results), "",
             "| id | source | verdict | method | detail | seconds | rests on refuted |",
             "|---|---|---|---|---|---:|---|"]
    for r in results:
        lines.append("| " + " | ".join(_md_escape(x) for x in (
            f"`{r.claim.id}`", r.claim.source, f"**{r.verdict.verdict}**", r.verdict.method,
            one_line(r.verdict.detail, 300), f"{r.seconds:.1f}", ", ".join(r.rests_on_refuted))) + " |")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------- LaTeX

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
"""

_TEX_SPECIALS = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
                 "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def tex_text(text: str) -> str:
    """Escape plain text for LaTeX (math in the text is not kept as math)."""
    return "".join(_TEX_SPECIALS.get(ch, ch) for ch in str(text))


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
    """A statement as a display; a statement that mixes prose and $...$ math is set as text."""
    s = statement.strip()
    if "$" in s:
        return s + "\n"
    return "\\[\n" + s + "\n\\]\n"


#: Unicode that appears in details and titles, set as LaTeX (declared with \\DeclareUnicodeCharacter).
UNICODE_TEX = {
    "α": r"\alpha", "β": r"\beta", "γ": r"\gamma", "δ": r"\delta", "ε": r"\varepsilon", "η": r"\eta",
    "θ": r"\theta", "λ": r"\lambda", "μ": r"\mu", "ν": r"\nu", "π": r"\pi", "ρ": r"\rho", "σ": r"\sigma",
    "τ": r"\tau", "φ": r"\phi", "χ": r"\chi", "ψ": r"\psi", "ω": r"\omega", "Δ": r"\Delta", "Σ": r"\Sigma",
    "Φ": r"\Phi", "Ω": r"\Omega", "Γ": r"\Gamma", "Λ": r"\Lambda", "ξ": r"\xi", "ζ": r"\zeta", "κ": r"\kappa",
    "≤": r"\le", "≥": r"\ge", "≠": r"\ne", "≈": r"\approx", "≪": r"\ll", "≫": r"\gg", "≲": r"\lesssim",
    "≳": r"\gtrsim", "≍": r"\asymp", "→": r"\to", "⇒": r"\Rightarrow", "∞": r"\infty", "√": r"\surd",
    "∫": r"\int", "∑": r"\sum", "Σ": r"\Sigma", "∈": r"\in", "∉": r"\notin", "×": r"\times", "·": r"\cdot",
    "±": r"\pm", "−": r"-", "∂": r"\partial", "∇": r"\nabla", "‖": r"\|", "⟨": r"\langle", "⟩": r"\rangle",
    "²": r"^2", "³": r"^3", "⁴": r"^4", "¹": r"^1", "⁰": r"^0", "₀": r"_0", "₁": r"_1", "₂": r"_2",
    "ⁿ": r"^n", "∘": r"\circ", "≡": r"\equiv", "∀": r"\forall", "∃": r"\exists", "∅": r"\emptyset",
    "⊂": r"\subset", "∪": r"\cup", "∩": r"\cap", "ℓ": r"\ell", "ℝ": r"\mathbb{R}", "ĥ": r"\hat{h}", "ā": r"\bar{a}", "ŷ": r"\hat{y}", "ĝ": r"\hat{g}",
    "…": r"\ldots", "′": r"'", "∗": r"*",
}
_TEXT_UNICODE = {"—": "---", "–": "--", "“": "``", "”": "''", "’": "'", "‘": "`", "§": r"\S{}", "é": r"\'e",
                 "è": r"\`e", "ü": r'\"u', "ö": r'\"o', "ä": r'\"a', " ": "~"}


def _unicode_declarations(document: str) -> str:
    """\\DeclareUnicodeCharacter lines (LaTeX kernel, no extra package) for every non-ASCII character of ``document`` (unknown ones shown as [U+XXXX])."""
    lines = []
    for ch in sorted({c for c in document if ord(c) > 127}):
        if ch in UNICODE_TEX:
            lines.append(r"\DeclareUnicodeCharacter{%04X}{\ensuremath{%s}}" % (ord(ch), UNICODE_TEX[ch]))
        elif ch in _TEXT_UNICODE:
            lines.append(r"\DeclareUnicodeCharacter{%04X}{%s}" % (ord(ch), _TEXT_UNICODE[ch]))
        else:
            lines.append(r"\DeclareUnicodeCharacter{%04X}{\texttt{[U+%04X]}}" % (ord(ch), ord(ch)))
    return "\n".join(lines)


def latex_document(paper: str, claims: Sequence[Claim], results: dict[str, ClaimResult]) -> str:
    """A standalone LaTeX document: each claim's statement, its verdict, and any checked correction."""
    out = [LATEX_PREAMBLE, r"\title{Machine check of ``" + tex_text(paper) + "''}",
           r"\author{theorycheck}", r"\date{" + tex_text(datetime.date.today().isoformat()) + "}",
           r"\begin{document}", r"\maketitle"]
    if results:
        counts = summary(list(results.values()))
        out.append(tex_text(", ".join(f"{counts[k]} {k}" for k in VERDICT_KINDS)) + ".\n")
    for claim in claims:
        out.append(r"\subsection*{\texttt{" + tex_text(claim.id) + "}: " + tex_text(claim.title) + "}")
        out.append(r"\textit{" + tex_text(claim.source) + "}. Claimed under: " + tex_inline_math(claim.assumptions) + ".\n")
        out.append(_tex_math(claim.statement))
        result = results.get(claim.id)
        if result is None:
            continue
        kind = result.verdict.verdict
        out.append(r"\noindent\textbf{\textcolor{" + kind + "}{" + kind + "}} (" + tex_text(result.verdict.method)
                   + "): " + tex_text(result.verdict.detail) + "\n")
        if result.rests_on_refuted:
            out.append(r"\noindent Rests on refuted: \texttt{" + tex_text(", ".join(result.rests_on_refuted)) + "}.\n")
        if result.verdict.corrected:
            out.append(r"\noindent Corrected statement (checked):" + "\n" + _tex_math(result.verdict.corrected))
    out.append(r"\end{document}")
    body = "\n".join(out[1:]) + "\n"
    # after \documentclass and packages: declare every non-ASCII character the document uses
    return out[0] + _unicode_declarations(body) + "\n" + body


def strip_ansi(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)
