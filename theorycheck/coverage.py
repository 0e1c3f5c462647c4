"""Paper coverage: which displayed equations of the paper the claims check.

Displays are enumerated per part, in order: every ``\\begin{equation}`` block,
and every other display math block (``$$ … $$`` on lines of their own, or
``\\[ … \\]``) that is not only ``\\newcommand`` definitions. Their 1-based
ordinal within a part is what a claim's ``displays`` field names: ``(2, 5)`` is
the fifth display of Part 2.
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


def enumerate_displays(text: str, part: int) -> list[PaperDisplay]:
    """Every displayed equation of one part, in order (see module docstring)."""
    out: list[PaperDisplay] = []
    for match in _BLOCK.finditer(text):
        body = match.group("dollar") or match.group("bracket") or match.group("bare") or ""
        if match.group("dollar") is not None:
            # inline $$…$$ inside a sentence is not a display: it must start its own line
            start = text.rfind("\n", 0, match.start()) + 1
            end = text.find("\n", match.end())
            after = text[match.end(): len(text) if end < 0 else end].strip()
            if text[start:match.start()].strip() or after.strip(".,;") :
                continue
        stripped = re.sub(r"\\newcommand\{[^}]*\}(\[\d\])?\{(?:[^{}]|\{[^{}]*\})*\}", "", body).strip()
        if not stripped:
            continue
        label = re.search(r"\\label\{([^}]*)\}", body)
        out.append(PaperDisplay(part, len(out) + 1, text.count("\n", 0, match.start()) + 1, body.strip(),
                                label.group(1) if label else None))
    return out


def read_paper(paths: Sequence[str | Path]) -> list[PaperDisplay]:
    displays: list[PaperDisplay] = []
    for path in paths:
        p = Path(path)
        if not p.is_file():
            raise InputError(f"{path}: no such file")
        text = p.read_text(encoding="utf-8")
        displays.extend(enumerate_displays(text, part_number(p, text)))
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
             definitions: dict[tuple[int, int], str]) -> list[DisplayCoverage]:
    by_display: dict[tuple[int, int], list[str]] = {}
    for claim in claims:
        for key in claim.displays:
            by_display.setdefault(tuple(key), []).append(claim.id)
    return [DisplayCoverage(d, tuple(by_display.get(d.key, ())), definitions.get(d.key)) for d in displays]


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
    out = [(c.id, tuple(k)) for c in claims for k in c.displays if k[0] in parts and tuple(k) not in keys]
    out += [("DEFINITIONS", tuple(k)) for k in (definitions or {}) if k[0] in parts and tuple(k) not in keys]
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
