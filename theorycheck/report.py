"""Render audit results: JSON (the stable machine format), a terminal table, Markdown, LaTeX."""

from __future__ import annotations

import datetime
import functools
import importlib.metadata
import platform
import re
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .claims import VERDICT_KINDS
from .runner import ClaimResult

#: Packages whose versions every report records.
RECORDED_PACKAGES = ("theorycheck", "sympy", "mpmath", "gmpy2", "numpy", "scipy", "python-flint", "hypothesis",
                     "matplotlib", "rich", "dp-accounting")

VERDICT_STYLE = {"verified": "green", "refuted": "bold red", "inconclusive": "yellow", "error": "magenta"}


def environment(proofs_folder: str | None = None) -> dict[str, Any]:
    """Python, platform, date, the versions of the packages the numbers depend on, and the sources (:func:`sources`,
    of ``proofs_folder`` when given: the folder the claims were loaded from)."""
    versions: dict[str, str | None] = {}
    for name in RECORDED_PACKAGES:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None  # not installed
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "packages": versions,
        "mpmath_backend": _mpmath_backend(),
        "sympy_cache_size": _sympy_cache_size(),
        "sources": sources(proofs_folder),
    }


def sources(proofs_folder: str | None = None) -> dict[str, str | None]:
    """What ties a report to the code that made it (referee CR, MEDIUM-3: the version is 0.1.0 at every commit):
    SHA-256 of the library's source tree and of the proofs folder's (``proofs_folder``, the folder the claims were
    loaded from; by default the installed ``theorycheck_proofs``: referee CT, MEDIUM-2) — the digests the verdict
    cache keys on — and, in the git checkout the package is installed from, the commit (``+dirty`` with uncommitted
    changes); ``None`` where one is not available. Read afresh at each call (referee CY, CY-10: remembered for a
    process's life, a proofs module added in a long notebook session never showed as +dirty); the library's digest
    is the loaded library's (:func:`theorycheck.cache.library_digest`, taken once)."""
    from . import cache

    out: dict[str, str | None] = {"theorycheck_sha256": cache.library_digest(), "proofs_folder": None,
                                  "proofs_sha256": None, "git_commit": None}
    try:
        if proofs_folder is None:
            import theorycheck_proofs

            proofs_folder = str(Path(theorycheck_proofs.__file__).resolve().parent)
        folder = Path(proofs_folder).resolve()
        out["proofs_folder"] = str(folder)
        out["proofs_sha256"] = cache.tree_digest(folder, (f for f in folder.glob("*.py")))
    except (ImportError, OSError):
        pass
    out["git_commit"] = git_commit(Path(__file__).resolve().parent.parent)
    return out


def git_commit(root: Path, sources: Sequence[str] = ("theorycheck", "proofs")) -> str | None:
    """The commit checked out at ``root`` when ``root`` is a git checkout's top folder (an editable install; a
    regular install inside some other repository's folder would report that repository's HEAD: referee CT,
    MEDIUM-1), with ``+dirty`` when a tracked file has changes or a file under ``sources`` is untracked (a new
    proofs module changes the audit: referee CT); ``None`` without git or a checkout."""
    try:
        run = functools.partial(subprocess.run, cwd=root, capture_output=True, text=True, timeout=10, check=True)
        if Path(run(["git", "rev-parse", "--show-toplevel"]).stdout.strip()).resolve() != root.resolve():
            return None
        commit = run(["git", "rev-parse", "HEAD"]).stdout.strip()
        dirty = (run(["git", "status", "--porcelain", "--untracked-files=no"]).stdout.strip()
                 or run(["git", "status", "--porcelain", "--untracked-files=all", "--", *sources]).stdout.strip())
        return commit + ("+dirty" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return None  # not a git checkout, or no git: the digests still identify the sources


def _mpmath_backend() -> str:
    """``gmpy`` when mpmath runs on gmpy2's integers (same values, faster), else ``python``."""
    import mpmath.libmp

    return str(mpmath.libmp.BACKEND)


def _sympy_cache_size() -> int | str | None:
    """Entries per cached SymPy function (None: unbounded; "off" under ``SYMPY_USE_CACHE=no``), as fixed when SymPy
    loaded (see :data:`theorycheck.SYMPY_CACHE_SIZE`): it changes no value, only how much SymPy recomputes."""
    import sympy.core.cache

    return "off" if sympy.core.cache.USE_CACHE == "no" else sympy.core.cache.SYMPY_CACHE_SIZE


def summary(results: Sequence[ClaimResult]) -> dict[str, int]:
    counts: dict[str, int] = {kind: 0 for kind in VERDICT_KINDS}
    for r in results:
        counts[r.verdict.verdict] += 1
    return counts


def seeds(results: Sequence[ClaimResult]) -> dict[str, Any]:
    """Every seed that appears in the evidence, by claim id (keys containing 'seed'), inside lists too (referee AD:
    seeds in a list of rows were left out): a key under a list is written ``rows[*].seed`` and holds the distinct
    values, in order of appearance."""
    out: dict[str, Any] = {}

    def walk(obj: Any, found: dict[str, Any], prefix: str = "", listed: bool = False) -> None:
        if isinstance(obj, dict):
            for k, v in obj.items():
                key = prefix + str(k)
                if "seed" in str(k).lower():
                    if not listed:
                        found[key] = v
                    elif v not in found.setdefault(key, []):
                        found[key].append(v)
                else:
                    walk(v, found, key + ".", listed)
        elif isinstance(obj, (list, tuple)):
            for item in obj:
                walk(item, found, prefix.rstrip(".") + "[*].", True)

    for r in results:
        found: dict[str, Any] = {}
        walk(r.verdict.evidence, found)
        if found:
            out[r.claim.id] = found
    return out


def json_report(paper: str, results: Sequence[ClaimResult], proofs_folder: str | None = None,
                env: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON report: ``{"paper", "claims": [...], "summary": {...}}`` plus ``environment`` (``env`` when the caller
    has read it already: one report's files then show one reading, referee DE, DE-5) and ``seeds``."""
    return {
        "paper": paper,
        "claims": [r.to_dict() for r in results],
        "summary": summary(results),
        **dict(zip(("verified_under_a_reading", "refuted_but_holding_under_a_reading"), reading_counts(results))),
        "environment": env if env is not None else environment(proofs_folder),
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
        # the root failures among the refuted premises (show lists them all; a new user read the two lists as one)
        label = "root failures"
        if r.rests_on_refuted and not roots:  # results built without root failures: show every refuted premise
            roots, label = r.rests_on_refuted, "rests on refuted"
        # the undecided premises first: a long list of refuted ones is cut at the column's width
        prefix = f"[rests on undecided: {', '.join(r.verified_given)}] " if r.verified_given else ""
        prefix += "[under a reading] " if getattr(r, "verified_under_reading", ()) else ""
        prefix += "[holds under another reading] " if getattr(r, "refuted_holding_under", ()) else ""
        prefix += f"[{label}: {', '.join(roots)}] " if roots else ""
        if r.verdict.verdict == "error":  # nothing was decided: the reason first, premises after (referee CR, LOW-3)
            prefix = ""
        seconds = "cached" if getattr(r, "cached", False) else f"{r.seconds:.1f}"
        rows.append((r, prefix, " ".join(str(r.verdict.detail).split()), seconds))
    budget, id_budget, with_detail = 300, None, True
    verdict_w = max([7, *(len(r.verdict.verdict) for r, *_ in rows)])
    s_w = max([1, *(len(sec) for *_, sec in rows)])
    if width is not None and rows:
        # the verdict and the seconds are never cut: on a narrow terminal the detail goes first (down to 8
        # characters), then the id's end (referee BQ, F15: at 80 columns "inconclusive" had been cut, at 60 the
        # verdict hidden); 5 rules and 2 spaces of padding per column. Below that the detail column is left out
        # (4 rules; referee BU, F6: at 40 columns the seconds had been cut off)
        id_w = max(2, max(len(r.claim.id) for r, *_ in rows))
        with_detail = width >= 8 + verdict_w + s_w + 8 + 13
        id_budget = max(8 if with_detail else 4, width - verdict_w - s_w - (8 + 13 if with_detail else 10))
        budget = max(8, width - min(id_w, id_budget) - verdict_w - s_w - 13)
    table = Table(title=title, show_lines=False, expand=False)
    table.add_column("id", no_wrap=True, overflow="ellipsis", max_width=id_budget)
    table.add_column("verdict", no_wrap=True, min_width=verdict_w)
    if with_detail:
        table.add_column("detail (full text: theorycheck show ID)", no_wrap=True, overflow="ellipsis",
                         max_width=budget)
    table.add_column("s", justify="right", no_wrap=True, min_width=s_w)
    for r, prefix, detail, seconds in rows:
        kind = r.verdict.verdict
        text = one_line(prefix + detail, budget)
        if prefix and text.startswith(prefix):
            cell = f"[dim]{escape(prefix)}[/]" + escape(text[len(prefix):])
        else:
            cell = escape(text)
        table.add_row(escape(r.claim.id), f"[{VERDICT_STYLE[kind]}]{kind}[/]", *([cell] if with_detail else []),
                      "[dim]cached[/]" if seconds == "cached" else seconds)
    return table


def reading_counts(results: Sequence[ClaimResult]) -> tuple[int, int]:
    """(the verified claims that hold only under a reading, their own or a premise's: ClaimResult.under_reading;
    the refuted claims whose regime records a reading under which they hold: claims.readings_holding)."""
    verified_under = sum(1 for r in results if getattr(r, "verified_under_reading", ()))
    refuted_holding = sum(1 for r in results if getattr(r, "refuted_holding_under", ()))
    return verified_under, refuted_holding


def summary_line(results: Sequence[ClaimResult], wall: float | None = None, cpu: float | None = None) -> str:
    """Counts by verdict, how many verified claims rest on a refuted premise (their step follows from the premises,
    but a premise fails: verified only given it), on an undecided one, and hold only under a reading of the paper's
    convention (their own or a premise's: :func:`~theorycheck.runner.under_reading`), then the run's wall and CPU
    time when given (else the sum of the
    checks' own times) and how many rows came from the verdict cache."""
    counts = summary(results)
    cached = sum(1 for r in results if getattr(r, "cached", False))
    if wall is not None:
        timing = f"wall {wall:.1f} s, CPU {cpu:.1f} s" if cpu is not None else f"wall {wall:.1f} s"
    else:
        timing = f"sum of check times {sum(r.seconds for r in results):.1f} s"
    if cached:
        timing += f"; {cached} cached"
    premises = "".join(f"; {q}" for q in summary_qualifiers(results))
    return (plural(len(results), "claim") + ": " + ", ".join(
        plural(counts[k], k) if k == "error" else f"{counts[k]} {k}" for k in VERDICT_KINDS) + premises
        + f"  ({timing})")


def summary_qualifiers(results: Sequence[ClaimResult]) -> list[str]:
    """What the bare counts leave out, one phrase each (the terminal's summary line, and the HTML, Markdown and LaTeX
    summaries: referee CR, MEDIUM-2): the verified claims resting on a refuted or an undecided premise, those holding
    only under a reading (their own or a premise's), and the refuted claims holding under another reading."""
    conditional = sum(1 for r in results if r.verdict.verdict == "verified" and r.rests_on_refuted)
    unsettled = sum(1 for r in results if r.verified_given)
    reading, other = reading_counts(results)
    out = []
    if conditional:
        out.append(f"{conditional} of the verified rest on a refuted premise")
    if unsettled:
        out.append(f"{unsettled} of the verified rest on an undecided (inconclusive or error) premise")
    if reading:
        out.append(f"{reading} of the verified hold only under a reading (theirs or a premise's)")
    if other:  # referee BA F7: a refuted claim that holds under another recorded reading (theorycheck show ID)
        out.append(f"{other} of the refuted hold under another reading")
    return out


def _md_escape(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown_table(paper: str, results: Sequence[ClaimResult]) -> str:
    timing = {"wall": getattr(results, "wall", None), "cpu": getattr(results, "cpu", None)}  # cli.AuditResults
    lines = [f"# Audit of “{paper}”", "", summary_line(results, **timing), "",
             "| id | source | verdict | method | detail | seconds | rests on refuted | verified, given undecided "
             "| verified, under a reading of |",
             "|---|---|---|---|---|---:|---|---|---|"]
    for r in results:
        lines.append("| " + " | ".join(_md_escape(x) for x in (
            f"`{r.claim.id}`", r.claim.source, f"**{r.verdict.verdict}**", r.verdict.method,
            one_line(r.verdict.detail, 300), f"{r.seconds:.1f}", ", ".join(r.rests_on_refuted),
            ", ".join(r.verified_given), ", ".join(getattr(r, "verified_under_reading", ())))) + " |")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------- LaTeX
# The LaTeX helpers live in theorycheck/latex.py; re-exported here so existing imports keep working.
from .latex import (  # noqa: E402, F401
    _TEX_SPECIALS,
    LATEX_PREAMBLE,
    UNICODE_TEX,
    _tex_math,
    _text_groups,
    _unicode_declarations,
    latex_document,
    tex_inline_math,
    tex_text,
)


def strip_ansi(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)
