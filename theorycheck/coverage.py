"""Paper coverage: which displayed equations of the paper the claims check.

Displays are enumerated per part, in order: every ``\\begin{equation}`` block,
and every other display math block (``$$ … $$`` on lines of their own, or
``\\[ … \\]``) that is not only ``\\newcommand`` definitions. Their 1-based
ordinal within a part is what a claim's ``displays`` field names: ``(2, 5)`` is
the fifth display of Part 2.

Relation level (``theorycheck coverage --level relation``): every top-level relation symbol inside the
math of a part is numbered ``(part, location, index)``, with ``location`` ``"D<k>"`` (the k-th display,
the ordinal above) or ``"P<k>"`` (the k-th paragraph of the part) and ``index`` its 1-based position in
reading order; claims name these in ``relations``. The exact rules are in :data:`RELATION_NUMBERING`
(also in docs/DEVELOPING.md); the numbering is frozen once claims use it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from .claims import Claim
from .errors import InputError

_BLOCK = re.compile(
    r"\$\$(?P<dollar>.*?)\$\$"           # $$ … $$
    r"|\\\[(?P<bracket>.*?)\\\]"          # \[ … \]
    r"|(?P<bare>\\begin\{equation\}.*?\\end\{equation\})",  # a bare equation environment
    re.DOTALL,
)
_PART = re.compile(r"part\s*(\d+)", re.IGNORECASE)


@dataclasses.dataclass(frozen=True)
class PaperDisplay:
    part: int
    ordinal: int
    line: int
    latex: str
    label: str | None

    @property
    def key(self) -> tuple[int, int]:
        return (self.part, self.ordinal)

    def snippet(self, width: int = 90) -> str:
        text = " ".join(self.latex.replace("\\begin{equation}", "").replace("\\end{equation}", "").split())
        text = re.sub(r"\\label\{[^}]*\}", "", text).strip()
        return text if len(text) <= width else text[: width - 1] + "…"


def part_number(path: str | Path, text: str) -> int:
    """The part a file holds: from its name (``part2-…``) or its title line."""
    for candidate in (Path(path).name, text[:400]):
        match = _PART.search(candidate)
        if match:
            return int(match.group(1))
    raise InputError(f"{path}: cannot tell which part of the paper this file is (name it part<N>-…)")


def _blocks(text: str) -> Iterable[tuple[re.Match[str], str, str]]:
    """``(match, body, kind)`` for every ``$$…$$`` / ``\\[…\\]`` / bare equation block of ``text``;
    ``kind`` is ``"display"`` (numbered), ``"newcommand"`` (only macro definitions) or ``"inline"``
    (``$$…$$`` inside a sentence, kramdown's inline math)."""
    for match in _BLOCK.finditer(text):
        body = match.group("dollar") or match.group("bracket") or match.group("bare") or ""
        if match.group("dollar") is not None:
            # inline $$…$$ inside a sentence is not a display: it must start its own line
            start = text.rfind("\n", 0, match.start()) + 1
            end = text.find("\n", match.end())
            after = text[match.end(): len(text) if end < 0 else end].strip()
            if text[start:match.start()].strip() or after.strip(".,;") :
                yield match, body, "inline"
                continue
        stripped = re.sub(r"\\newcommand\{[^}]*\}(\[\d\])?\{(?:[^{}]|\{[^{}]*\})*\}", "", body).strip()
        yield match, body, ("display" if stripped else "newcommand")


def enumerate_displays(text: str, part: int) -> list[PaperDisplay]:
    """Every displayed equation of one part, in order (see module docstring)."""
    out: list[PaperDisplay] = []
    for match, body, kind in _blocks(text):
        if kind != "display":
            continue
        label = re.search(r"\\label\{([^}]*)\}", body)
        out.append(PaperDisplay(part, len(out) + 1, text.count("\n", 0, match.start()) + 1, body.strip(),
                                label.group(1) if label else None))
    return out


def read_paper(paths: Sequence[str | Path]) -> list[PaperDisplay]:
    """The displays of the paper's part files, each part from one file only (claims name displays by (part,
    ordinal): two files of the same part would give the same keys to different displays)."""
    displays: list[PaperDisplay] = []
    seen: dict[int, str] = {}
    for path in paths:
        p = Path(path)
        if not p.is_file():
            raise InputError(f"{path}: no such file")
        try:
            text = p.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{path}: not a UTF-8 text file (a paper part is Markdown with $$…$$ displays)") from None
        part = part_number(p, text)
        if part in seen:
            raise InputError(f"{path} and {seen[part]} are both part {part} of the paper: give each part once")
        seen[part] = str(path)
        found = enumerate_displays(text, part)
        if not found:
            raise InputError(f"{path}: no displayed equation ($$…$$, \\[…\\] or an equation environment) in it: "
                             "is it a part of the paper (part<N>-….md)?")
        displays.extend(found)
    return displays


@dataclasses.dataclass(frozen=True)
class DisplayCoverage:
    display: PaperDisplay
    claims: tuple[str, ...]
    definition: str | None

    @property
    def status(self) -> str:
        return "covered" if self.claims else ("definition" if self.definition else "uncovered")


def coverage(displays: Iterable[PaperDisplay], claims: Iterable[Claim],
             definitions: dict[tuple[int, int], str],
             changed: Iterable[tuple[int, int]] = ()) -> list[DisplayCoverage]:
    """Each display with the claims (and the definition) that name its (part, ordinal); a display in ``changed``
    (its text differs from the audited paper's at that position: :func:`changed_displays`) gets none."""
    skip = set(changed)
    by_display: dict[tuple[int, int], list[str]] = {}
    for claim in claims:
        for key in claim.displays:
            by_display.setdefault(key, []).append(claim.id)
    return [DisplayCoverage(d, () if d.key in skip else tuple(by_display.get(d.key, ())),
                            None if d.key in skip else definitions.get(d.key)) for d in displays]


def normalised_latex(latex: str) -> str:
    """A display's text for comparison: ``\\label{…}`` and ``\\tag{…}`` removed, then its tokens (control words,
    control symbols, single characters) joined by one space, so whitespace does not count but ``\\le q`` is not
    ``\\leq`` (referee AJ: dropping all whitespace had merged them)."""
    text = re.sub(r"\\(?:label|tag)\{[^}]*\}", "", latex)
    # inside \text{…} (and the other text-mode boxes) a space is a character: kept as one "␣" token
    # (referee AK: "in the" is not "inthe")
    text = re.sub(r"(\\(?:text|textrm|textit|textbf|mbox)\s*\{)([^{}]*)(\})",
                  lambda m: m.group(1) + "␣".join(m.group(2).split()) + m.group(3), text)
    return " ".join(re.findall(r"\\[A-Za-z]+|\\.|\S", text))


def audited_display_texts(files: Sequence[str | Path] | None = None) -> dict[tuple[int, int], str]:
    """The normalised text of every display of the paper the claims were checked against (``files``, by default
    :func:`default_paper_files`), keyed (part, ordinal); ``{}`` when that paper is absent."""
    out = {}
    for path in (default_paper_files() if files is None else files):
        text = Path(path).read_text(encoding="utf-8")
        for d in enumerate_displays(text, part_number(path, text)):
            out[d.key] = normalised_latex(d.latex)
    return out


def changed_displays(displays: Iterable[PaperDisplay],
                     reference: dict[tuple[int, int], str] | None = None) -> list[PaperDisplay]:
    """The displays whose text differs from the audited paper's display at the same (part, ordinal), or which it
    does not have (claims name displays by position: after an inserted or edited display their verdicts must not
    be applied there; referee AI). Only parts the reference has count; no reference, nothing changed."""
    ref = audited_display_texts() if reference is None else reference
    parts = {k[0] for k in ref}
    return [d for d in displays if d.part in parts and ref.get(d.key) != normalised_latex(d.latex)]


STATUSES = ("covered", "definition", "uncovered")


def summarise(rows: Iterable[DisplayCoverage]) -> dict[int, dict[str, int]]:
    """Per part: how many displays are covered by claims, only definitions, or uncovered (and the total)."""
    out: dict[int, dict[str, int]] = {}
    for r in rows:
        counts = out.setdefault(r.display.part, {s: 0 for s in (*STATUSES, "total")})
        counts[r.status] += 1
        counts["total"] += 1
    return dict(sorted(out.items()))


def dangling(displays: Iterable[PaperDisplay], claims: Iterable[Claim],
             definitions: dict[tuple[int, int], str] | None = None) -> list[tuple[str, tuple[int, int]]]:
    """``(claim id or "DEFINITIONS", display)`` pairs naming a display the paper does not have.

    Only parts that were read count: a claim naming Part 3 is not dangling when only Part 1 was given.
    """
    displays = list(displays)
    keys = {d.key for d in displays}
    parts = {d.part for d in displays}
    out = [(c.id, k) for c in claims for k in c.displays if k[0] in parts and k not in keys]
    out += [("DEFINITIONS", k) for k in (definitions or {}) if k[0] in parts and k not in keys]
    return out


def default_paper_files(start: str | Path | None = None) -> list[Path]:
    """The paper's part files in ``../shared/paper`` beside the repository (``[]`` when absent).

    Looks beside the repository this package lives in, then beside ``start``
    (default: the working directory) and its parents.
    """
    candidates = [Path(__file__).resolve().parents[1]]
    here = Path(start or Path.cwd()).resolve()
    candidates += [here, *here.parents]
    for root in candidates:
        folder = root.parent / "shared" / "paper"
        files = sorted(folder.glob("part*.md")) if folder.is_dir() else []
        if files:
            return files
    return []


# ---------------------------------------------------------------------------------------------
# Relation level: every relation symbol inside the paper's math (``coverage --level relation``).
# The numbering is documented in the module docstring's second half (see RELATION_NUMBERING) and
# in docs/DEVELOPING.md; other modules name relations by it, so it must not change.
# ---------------------------------------------------------------------------------------------

RELATION_NUMBERING = """\
Relations are numbered ``(part, location, index)``:

* ``location`` is ``"D<k>"`` for the k-th display of the part (exactly the ordinal of
  :func:`enumerate_displays`), or ``"P<k>"`` for the k-th paragraph of the part. Paragraphs are the
  blocks of text between blank lines outside displays (a display also ends a paragraph); the YAML
  front matter and the ``\\newcommand``-only blocks are skipped; *every* other non-empty block counts
  (headings, rules, prose without math), so a paragraph's number does not depend on what the
  relation recogniser finds. Only paragraphs whose inline math (``$$…$$`` inside a sentence,
  ``$…$``, ``\\(…\\)``) holds a relation are listed.
* ``index`` is the 1-based position of a top-level relation symbol in reading order across all the
  math snippets of that display or paragraph. Relation symbols: ``=``, ``<``, ``>``, ``\\neq``,
  ``\\leq``/``\\le``, ``\\geq``/``\\ge``, ``\\lesssim``, ``\\gtrsim``, ``\\asymp``, ``\\ll``, ``\\gg``,
  ``\\approx``, ``\\sim`` (only with a left-hand side), the assignments ``\\gets``/``\\leftarrow`` of
  Algorithm 1, and the same symbols subscripted ``_\\P`` / ``_\\mathbb{P}`` (``\\leq_\\P`` is one
  relation). ``\\Rightarrow`` separates relations and is not one.
* Top-level: not inside ``{…}``, ``(…)``, ``[…]``, ``\\{…\\}``, ``|…|``, ``\\|…\\|``, ``\\langle…\\rangle``
  or ``\\left…\\right``: ``\\sum_{j = 1}^n``, ``\\mathbb{1}_{|b| \\leq C_b}`` and ``\\P(|F| \\geq t)`` hold
  no relation. A line break ``\\\\`` closes the delimiters still open on its line.
* One exception: an annotation ``\\underbrace{…}_{\\leq 0}`` (or ``\\overbrace``/``^``) on a top-level
  term whose script *starts* with a relation symbol asserts something about the braced term, so
  that symbol is a relation (``_{S_1}``, a name, is not).
"""

_RELATION_COMMANDS = frozenset({
    r"\neq", r"\ne", r"\leq", r"\le", r"\geq", r"\ge", r"\leqslant", r"\geqslant", r"\lesssim", r"\gtrsim",
    r"\asymp", r"\ll", r"\gg", r"\approx", r"\sim", r"\gets", r"\leftarrow", r"\lt", r"\gt",
})
_SEPARATORS = frozenset({r"\Rightarrow", r"\implies", r"\iff", r"\Leftrightarrow", r"\Longrightarrow", r"\quad",
                         r"\qquad"})
_OPENERS = {"(": "(", "[": "(", r"\{": r"\{", r"\langle": r"\langle", r"\lvert": "|", r"\lVert": r"\|"}
_CLOSERS = {")": "(", "]": "(", r"\}": r"\{", r"\rangle": r"\langle", r"\rvert": "|", r"\rVert": r"\|"}
_SIZERS = frozenset({r"\big", r"\Big", r"\bigg", r"\Bigg", r"\bigl", r"\Bigl", r"\biggl", r"\Biggl", r"\bigr",
                     r"\Bigr", r"\biggr", r"\Biggr", r"\bigm", r"\Bigm"})
_HEADING_MD = re.compile(r"^#{1,6}\s+(.*\S)\s*$")
_HEADING_NUMBERED = re.compile(r"^\d+(?:\.\d+)*\.?\s+\S.{0,90}$")
_LABEL = re.compile(
    r"^(?:\*\*((?:Step|Lemma|Theorem|Assumption|Definition|Corollary|Proposition|Require|Return|\$\$\\rhd\$\$)"
    r"[^*]{0,80}?)\*\*|_(Proof)\._)"
)
_INLINE = re.compile(r"\$\$(?P<dd>.+?)\$\$|\\\((?P<paren>.+?)\\\)|\$(?P<d>.+?)\$", re.DOTALL)
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---[ \t]*\n", re.DOTALL)


# The sections issue 11 asks to cover completely, in ONE place: (part, name, first line, end line).
# A relation belongs to a section when its symbol's line is at or after the first line matching
# ``start`` (``None``: the start of the file) and before the first later line matching ``end``
# (``None``: the end of the file).
TARGET_SECTIONS: tuple[tuple[int, str, str | None, str | None], ...] = (
    (1, "Algorithm 1", r"^\*\*Require\.\*\*", r"^<div align=\"center\">Algorithm 1\.</div>"),
    (1, "Assumptions 2-4", r"^\*\*Assumption 2\.\*\*", r"^Now we can formally state the main result"),
    (1, "Theorem 1", r"^\*\*Theorem 1\.\*\*", r"^## 2\.3\. Related works"),
    # §3.1 from the first gradient display (the display giving \nabla_{w_i} L(f^0)) to the end of §3.1
    (2, "§3.1 from the gradient display", r"^\s*\\nabla_\{w_i\} \\L\\left\(f\^0\\right\)", r"^### 3\.2\."),
    (2, "§3.2", r"^### 3\.2\.", r"^### 3\.3\."),
    (2, "§3.4", r"^### 3\.4\.", r"^## References"),
    (3, "the whole part", None, r"^References\s*$"),
)


def target_ranges(text: str, part: int) -> list[tuple[str, int, int]]:
    """``(name, first line, end line)`` (1-based, end exclusive) of the :data:`TARGET_SECTIONS` of ``part``."""
    lines = text.split("\n")
    out = []
    for p, name, start, end in TARGET_SECTIONS:
        if p != part:
            continue
        lo = 1 if start is None else next((k for k, ln in enumerate(lines, 1) if re.search(start, ln)), None)
        if lo is None:
            continue
        hi = next((k for k, ln in enumerate(lines, 1) if k > lo and end and re.search(end, ln)), len(lines) + 1)
        out.append((name, lo, hi))
    return out


@dataclasses.dataclass(frozen=True)
class PaperRelation:
    """One relation symbol inside the paper's math; ``key`` is what a claim's ``relations`` names.

    ``target`` names the :data:`TARGET_SECTIONS` entry it lies in (``None`` outside them)."""

    part: int
    location: str
    index: int
    symbol: str
    latex: str
    line: int
    section: str
    annotation: bool = False
    target: str | None = None

    @property
    def key(self) -> tuple[int, str, int]:
        return (self.part, self.location, self.index)


def _tokens(math: str) -> list[tuple[str, int, int]]:
    """LaTeX tokens ``(text, start, end)``: commands (``\\leq``), control symbols (``\\{``, ``\\\\``), chars."""
    out, i, n = [], 0, len(math)
    while i < n:
        c = math[i]
        if c == "\\" and i + 1 < n:
            j = i + 1
            if math[j].isalpha():
                while j < n and math[j].isalpha():
                    j += 1
            else:
                j += 1
            out.append((math[i:j], i, j))
            i = j
        else:
            out.append((c, i, i + 1))
            i += 1
    return out


def _next(tokens: list[tuple[str, int, int]], t: int) -> int:
    """Index of the next non-blank token at or after ``t`` (``len(tokens)`` when none)."""
    while t < len(tokens) and tokens[t][0].isspace():
        t += 1
    return t


def _probability_subscript(tokens: list[tuple[str, int, int]], t: int) -> int:
    """If ``tokens[t:]`` is ``_\\P``, ``_\\mathbb{P}``, ``_{\\P}`` or ``_{\\mathbb{P}}``: the index after it,
    else ``t``."""
    if t >= len(tokens) or tokens[t][0] != "_":
        return t
    seq = [tok for tok, _, _ in tokens[t + 1: t + 8]]
    for form in ([r"\P"], [r"\mathbb", "{", "P", "}"], ["{", r"\P", "}"], ["{", r"\mathbb", "{", "P", "}", "}"]):
        if seq[: len(form)] == form:
            return t + 1 + len(form)
    return t


def _pop_to(stack: list[str], kind: str, barrier: tuple[str, ...] = ("{", "{ub", "left")) -> None:
    """Close the innermost open ``kind``, unless a brace / ``\\left`` lies in between (then ignore the closer)."""
    for k in range(len(stack) - 1, -1, -1):
        if stack[k] == kind:
            del stack[k:]
            return
        if stack[k] in barrier:
            return


def relations_in_math(math: str) -> list[tuple[str, int, int, bool]]:
    """Top-level relation symbols of one math snippet: ``(symbol, start, end, annotation)`` offsets into ``math``."""
    tokens = _tokens(math)
    stack: list[str] = []
    out: list[tuple[str, int, int, bool]] = []
    underbrace_next = False      # the next "{" opens an \underbrace argument
    annotation_at = -1           # token index where an \underbrace script's relation may sit
    t = 0
    while t < len(tokens):
        tok, start, end = tokens[t]
        if tok.isspace():
            t += 1
            continue
        if t == annotation_at and (tok in _RELATION_COMMANDS or tok in "=<>"):
            after = _probability_subscript(tokens, t + 1)
            out.append((math[start: tokens[after - 1][2]], start, tokens[after - 1][2], True))
            t = after
            continue
        if tok in (r"\underbrace", r"\overbrace"):
            underbrace_next = not stack
        elif tok == "{":
            stack.append("{ub" if underbrace_next else "{")
            underbrace_next = False
        elif tok == "}":
            for k in range(len(stack) - 1, -1, -1):
                if stack[k] in ("{", "{ub"):
                    closed = stack[k]
                    del stack[k:]
                    if closed == "{ub" and not stack:
                        s = _next(tokens, t + 1)
                        if s < len(tokens) and tokens[s][0] in "_^":
                            b = _next(tokens, s + 1)
                            if b < len(tokens) and tokens[b][0] == "{":
                                annotation_at = _next(tokens, b + 1)
                    break
        elif tok == r"\left":
            stack.append("left")
            t = _next(tokens, t + 1) + 1          # the delimiter after \left
            continue
        elif tok == r"\right":
            _pop_to(stack, "left", barrier=("{", "{ub"))
            t = _next(tokens, t + 1) + 1
            continue
        elif tok in _SIZERS:
            pass
        elif tok in _OPENERS:
            stack.append(_OPENERS[tok])
        elif tok in _CLOSERS:
            _pop_to(stack, _CLOSERS[tok])
        elif tok in ("|", r"\|", r"\vert", r"\Vert"):
            kind = "|" if tok in ("|", r"\vert") else r"\|"
            if stack and stack[-1] == kind:
                stack.pop()
            else:
                stack.append(kind)
        elif tok == "\\\\":
            stack = [k for k in stack if k in ("{", "{ub")]
        elif not stack and (tok in _RELATION_COMMANDS or tok in ("=", "<", ">")):
            after = _probability_subscript(tokens, t + 1)
            stop = tokens[after - 1][2]
            prev = out[-1][2] if out else 0
            lhs = re.sub(r"\\\\|\\ |&|\s", "", math[prev:start])
            rhs = re.sub(r"\\\\|\\ |&|\s", "", math[stop:])
            # a symbol that is only mentioned ("we write $$\lesssim_\P$$", "$$O(\cdot), \lesssim$$") is no relation:
            # nothing on one side, or a comma right beside it; \sim needs a left-hand side since the last relation
            mentioned = (not out and not lhs) or not rhs or lhs.endswith(",") or rhs.startswith(",")
            if mentioned or (tok == r"\sim" and not lhs):
                t = after
                continue
            out.append((math[start:stop], start, stop, False))
            t = after
            continue
        t += 1
    return out


def _clean(latex: str) -> str:
    latex = re.sub(r"\\(?:label|begin|end)\{[^}]*\}(?:\{[^}]*\})?", " ", latex)
    latex = re.sub(r"\\phantom\{[^}]*\}", " ", latex)
    latex = latex.replace("&", " ").replace("\\\\", " ").replace("\\ ", " ")
    return " ".join(latex.split())


def _cut_points(math: str) -> list[int]:
    """Offsets in ``math`` where a relation's side ends although no relation is there: top-level
    ``\\Rightarrow``-like separators and a ``\\\\`` that starts a new statement (the next line does not
    begin with ``&`` or a relation)."""
    out = []
    for m in re.finditer(r"\\(?:Rightarrow|implies|iff|Leftrightarrow|Longrightarrow|quad|qquad)(?![A-Za-z])", math):
        out += [m.start(), m.end()]
    for m in re.finditer(r"\\\\", math):
        rest = re.sub(r"^(?:\s|\\ )+", "", math[m.end():])
        if (
            rest
            and not rest.startswith("&")
            and not re.match(r"(=|<|>|\\(?:leq?|geq?|lesssim|gtrsim|ll|gg|asymp|approx|neq?)(?![A-Za-z]))", rest)
        ):
            out += [m.start(), m.end()]
    return sorted(out)


def _snippets(math: str, found: list[tuple[str, int, int, bool]], width: int = 160) -> list[str]:
    """``lhs REL rhs`` for each relation, each side cut at the neighbouring relations / separators."""
    cuts = _cut_points(math)
    out = []
    half = max(20, (width - 10) // 2)
    for k, (symbol, start, end, _) in enumerate(found):
        left = found[k - 1][2] if k else 0
        right = found[k + 1][1] if k + 1 < len(found) else len(math)
        left = max([left] + [c for c in cuts if c <= start])
        right = min([right] + [c for c in cuts if c >= end])
        if found[k][3]:     # \underbrace{…}_{\leq 0}: the braced term against the script
            left = max(0, max(math.rfind(r"\underbrace", 0, start), math.rfind(r"\overbrace", 0, start)))
            close = math.find("}", end)
            right = len(math) if close < 0 else close
        lhs, rhs = _clean(math[left:start]), _clean(math[end:right]).rstrip(".,;")
        if len(lhs) > half:
            lhs = "…" + lhs[-(half - 1):]
        if len(rhs) > half:
            rhs = rhs[: half - 1] + "…"
        out.append(" ".join(x for x in (lhs, symbol, rhs) if x))
    return out


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of every paragraph (see :data:`RELATION_NUMBERING`), in order."""
    masked = list(text)
    front = _FRONT_MATTER.match(text)
    if front:
        masked[: front.end()] = "\n" * front.end()
    for match, _, kind in _blocks(text):
        if kind != "inline":
            # a display (or a macro block) is its own block: blank it out and fence it with blank lines
            masked[match.start(): match.end()] = "\n" * (match.end() - match.start())
    flat = "".join(masked)
    out = []
    for m in re.finditer(r"(?:[^\n]*\S[^\n]*(?:\n|$))+", flat):
        # a markdown heading line is a paragraph of its own even without blank lines around it
        block_start = m.start()
        for line in re.finditer(r"[^\n]*(?:\n|$)", m.group(0)):
            if line.group(0) and _HEADING_MD.match(line.group(0).rstrip("\n")):
                s = m.start() + line.start()
                if s > block_start and flat[block_start:s].strip():
                    out.append((block_start, s))
                out.append((s, m.start() + line.end()))
                block_start = m.start() + line.end()
        if flat[block_start: m.end()].strip():
            out.append((block_start, m.end()))
    return out


def paragraph_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of every paragraph of one part; the k-th (from 1) is location ``P{k}`` of
    :func:`enumerate_relations`."""
    return _paragraphs(text)


def _sections(text: str, paragraphs: list[tuple[int, int]]) -> list[tuple[int, str]]:
    """``(offset, "heading › label")`` where the section a relation sits under changes, in order."""
    out: list[tuple[int, str]] = []
    heading, label = "", ""
    for start, end in paragraphs:
        block = text[start:end].strip()
        first = block.split("\n", 1)[0].strip()
        md = _HEADING_MD.match(first)
        if md or ("\n" not in block and _HEADING_NUMBERED.match(first) and not text[start:end].startswith(" ")):
            heading, label = (md.group(0) if md else first), ""
        else:
            lab = _LABEL.match(block)
            if lab:
                label = (lab.group(1) or lab.group(2)).strip().rstrip(".")
                label = label.replace("$$\\rhd$$", "").strip()
            else:
                continue
        out.append((start, heading + (f" › {label}" if label else "")))
    return out


def _section_at(sections: list[tuple[int, str]], offset: int) -> str:
    name = ""
    for start, title in sections:
        if start > offset:
            break
        name = title
    return name


def _unescape_markdown(math: str) -> str:
    """kramdown escapes inside inline math: ``\\\\{`` is ``\\{``, ``\\_`` is ``_``."""
    return math.replace("\\\\{", " \\{").replace("\\\\}", " \\}").replace("\\_", "_ ")


def enumerate_relations(text: str, part: int) -> list[PaperRelation]:
    """Every top-level relation inside the math of one part, numbered as :data:`RELATION_NUMBERING` says."""
    paragraphs = _paragraphs(text)
    sections = _sections(text, paragraphs)
    markdown = bool(_FRONT_MATTER.match(text))     # Parts 1-2 are kramdown sources, Part 3 a rendered page

    def make(location: str, pieces: list[tuple[str, int]]) -> list[PaperRelation]:
        rows: list[PaperRelation] = []
        for math, offset in pieces:
            found = relations_in_math(math)
            for (symbol, start, _, note), snippet in zip(found, _snippets(math, found)):
                at = offset + start
                rows.append(PaperRelation(part, location, len(rows) + 1, symbol, snippet,
                                          text.count("\n", 0, at) + 1, _section_at(sections, at), note))
        return rows

    located: list[tuple[int, list[PaperRelation]]] = []
    ordinal = 0
    for match, body, kind in _blocks(text):
        if kind == "display":
            ordinal += 1
            start = match.start("dollar") if match.group("dollar") is not None else (
                match.start("bracket") if match.group("bracket") is not None else match.start("bare"))
            located.append((match.start(), make(f"D{ordinal}", [(body, start)])))
    for k, (start, end) in enumerate(paragraphs, 1):
        pieces = []
        for m in _INLINE.finditer(text, start, end):
            group = "dd" if m.group("dd") is not None else ("paren" if m.group("paren") is not None else "d")
            math = m.group(group)
            if r"\newcommand" in math:
                math = re.sub(
                    r"\\newcommand\{[^}]*\}(\[\d\])?\{(?:[^{}]|\{[^{}]*\})*\}", lambda x: " " * len(x.group(0)), math
                )
            if markdown:
                math = _unescape_markdown(math)      # same length: offsets stay valid
            pieces.append((math, m.start(group)))
        rows = make(f"P{k}", pieces)
        if rows:
            located.append((start, rows))
    located.sort(key=lambda item: item[0])
    ranges = target_ranges(text, part)
    return [dataclasses.replace(r, target=next((name for name, lo, hi in ranges if lo <= r.line < hi), None))
            for _, rows in located for r in rows]


def read_relations(paths: Sequence[str | Path]) -> list[PaperRelation]:
    """:func:`enumerate_relations` of each part file (bad paths raise :class:`InputError`)."""
    out: list[PaperRelation] = []
    for path in paths:
        p = Path(path)
        if not p.is_file():
            raise InputError(f"{path}: no such file")
        text = p.read_text(encoding="utf-8")
        out.extend(enumerate_relations(text, part_number(p, text)))
    return out


def load_relation_definitions(location: str | Path) -> dict[tuple[int, str, int], str]:
    """Relations that a proofs folder marks as definitions, from each module's ``RELATION_DEFINITIONS``
    (``{(2, "P77", 2): "names H_log d"}``): notation that asserts nothing. Call after
    :func:`theorycheck.registry.load` of the same folder (it imports the modules)."""
    import sys

    path = Path(location).resolve()
    out: dict[tuple[int, str, int], str] = {}
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if file and Path(file).resolve().parent == path and hasattr(module, "RELATION_DEFINITIONS"):
            for key, what in module.RELATION_DEFINITIONS.items():
                part, location, index = key
                out[(int(part), str(location), int(index))] = what
    return out


@dataclasses.dataclass(frozen=True)
class RelationCoverage:
    relation: PaperRelation
    claims: tuple[str, ...]
    definition: str | None

    @property
    def status(self) -> str:
        return "covered" if self.claims else ("definition" if self.definition else "uncovered")


def audited_relation_texts(files: Sequence[str | Path] | None = None) -> dict[tuple[int, str, int], str]:
    """The normalised text of every relation of the paper the claims were checked against (``files``, by default
    :func:`default_paper_files`), keyed as claims name them; ``{}`` when that paper is absent."""
    paths = default_paper_files() if files is None else list(files)
    return {r.key: normalised_latex(r.latex) for r in read_relations(paths)} if paths else {}


def changed_relations(relations: Iterable[PaperRelation], reference: dict[tuple[int, str, int], str],
                      changed_display_keys: Iterable[tuple[int, int]] = ()) -> list[PaperRelation]:
    """The relations whose text differs from the audited paper's relation with the same key, or which it does not
    have: claims name relations by position, so after an edit, insertion or removal none may be applied there
    (referee AN: at relation level an edited "≪" stayed covered, and a removed display passed its claims on to the
    next one). A relation's text is a snippet, so every relation of a display in ``changed_display_keys`` ((part,
    ordinal): :func:`changed_displays`, on the full text) counts too (referee AQ: an edit past the snippet). Only
    parts the reference has count; no reference, nothing changed."""
    parts = {k[0] for k in reference}
    moved = {(part, f"D{ordinal}") for part, ordinal in changed_display_keys}
    return [r for r in relations if r.part in parts and (reference.get(r.key) != normalised_latex(r.latex)
                                                          or (r.part, r.location) in moved)]


def relation_coverage(relations: Iterable[PaperRelation], claims: Iterable[Claim],
                      definitions: dict[tuple[int, str, int], str],
                      changed: Iterable[tuple[int, str, int]] = ()) -> list[RelationCoverage]:
    """Each relation with the claims covering it: a claim covers a relation it lists in ``relations``,
    and the relation of a display it lists in ``displays`` when that display holds exactly one relation.
    A relation-level definition counts only when no claim covers the relation. A relation in ``changed`` (keys:
    :func:`changed_relations`) gets neither claims nor a definition: it is uncovered."""
    relations = list(relations)
    per_display: dict[tuple[int, str], list[PaperRelation]] = {}
    for r in relations:
        per_display.setdefault((r.part, r.location), []).append(r)
    by_key: dict[tuple[int, str, int], list[str]] = {}
    for claim in claims:
        keys = set(claim.relations)
        for part, ordinal in claim.displays:
            inside = per_display.get((part, f"D{ordinal}"), [])
            if len(inside) == 1:
                keys.add(inside[0].key)
        for key in sorted(keys, key=str):
            by_key.setdefault(key, []).append(claim.id)
    blank = set(changed)
    return [RelationCoverage(r, (), None) if r.key in blank else
            RelationCoverage(r, tuple(by_key.get(r.key, ())), definitions.get(r.key)) for r in relations]


def relation_dangling(
    relations: Iterable[PaperRelation],
    claims: Iterable[Claim],
    definitions: dict[tuple[int, str, int], str] | None = None,
) -> list[tuple[str, tuple[int, str, int]]]:
    """``(claim id or "RELATION_DEFINITIONS", relation)`` pairs naming a relation the paper does not have
    (only parts that were read count)."""
    relations = list(relations)
    keys = {r.key for r in relations}
    parts = {r.part for r in relations}
    out = [(c.id, k) for c in claims for k in c.relations if k[0] in parts and k not in keys]
    out += [("RELATION_DEFINITIONS", k) for k in (definitions or {}) if k[0] in parts and k not in keys]
    return out


def summarise_relations(rows: Iterable[RelationCoverage], by: str = "part") -> dict:
    """Counts ``{"covered", "definitions", "uncovered", "total"}`` per ``part``, ``target`` or ``section``."""
    out: dict = {}
    for r in rows:
        key = {"part": r.relation.part, "target": f"Part {r.relation.part}: {r.relation.target}",
               "section": f"Part {r.relation.part}: {r.relation.section}"}[by]
        counts = out.setdefault(key, {"covered": 0, "definitions": 0, "uncovered": 0, "total": 0})
        counts["definitions" if r.status == "definition" else r.status] += 1
        counts["total"] += 1
    return out
