"""The audit report a person opens: one self-contained HTML page and a Markdown twin.

``write_report(out_dir, registry, results, paper_files)`` writes

* ``index.html`` -- no network needed: plots are embedded as base64 PNG, formulas
  are MathML converted in Python by ``latex2mathml`` (Chromium and Firefox render
  MathML natively); a formula that cannot be converted is shown as its escaped
  LaTeX source and counted in the page's "Formulas" note;
* ``report.md`` -- the same content as Markdown (formulas as ``$…$``), with the
  plots as PNG files beside it;
* ``report.json`` -- the check JSON of :func:`theorycheck.report.json_report`
  (with the coverage added when the paper was read).

The page holds: summary counts, the table of claims (verdict, method, one line
of evidence), the corrected formulas as math with their LaTeX ready to paste,
what rests on each refuted claim and the dependency graph as a picture, the
coverage of the paper per part, any crossover table the simulator provides,
every claim in detail with its evidence, and the environment (package versions,
seeds, date).
"""

from __future__ import annotations

import base64
import dataclasses
import html
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from . import __version__, plots
from .claims import VERDICT_KINDS, readings_short_of_all
from .coverage import DisplayCoverage, coverage, dangling, read_paper, summarise
from .outputs import as_utf8, prune_least_recent, use_started, write_set
from .registry import Registry, load_definitions
from .report import environment, json_report, one_line, seeds, summary, summary_qualifiers
from .runner import ClaimResult

#: The paper's \newcommand macros (Part 1 preamble) plus a few commands latex2mathml lacks.
MATH_MACROS = {
    "P": r"\mathbb{P}", "R": r"\mathbb{R}", "E": r"\mathbb{E}", "N": r"\mathcal{N}", "H": r"\mathcal{H}",
    "L": r"\mathcal{L}", "RR": r"\text{RR}", "he": r"\text{He}", "h": r"\text{H}",
    "sech": r"\operatorname{sech}", "csch": r"\operatorname{csch}", "id": r"\text{Id}", "intercal": r"\top",
    "arg": r"\operatorname{arg}", "vert": "|", "Vert": r"\|", "dfrac": r"\frac", "tfrac": r"\frac",
    "coth": r"\operatorname{coth}", "artanh": r"\operatorname{artanh}", "erf": r"\operatorname{erf}",
    "sign": r"\operatorname{sign}", "Var": r"\operatorname{Var}", "poly": r"\operatorname{poly}",
}
_MACRO = re.compile(r"\\(" + "|".join(sorted(MATH_MACROS, key=len, reverse=True)) + r")(?![A-Za-z])")
_WORDS = re.compile(r"(?<![\\A-Za-z{])([A-Za-z]{3,}(?:[ ~]+(?:[A-Za-z]{2,}|\d+(?:--\d+)?:?))*)")
_RAW_COMMAND = re.compile(r">[^<]*\\[A-Za-z]+[^<]*<")


def prepare_latex(tex: str) -> str:
    """Expand the paper's macros and drop what MathML has no use for (labels, equation wrappers)."""
    tex = re.sub(r"\\label\{[^}]*\}", "", tex)
    tex = re.sub(r"\\(begin|end)\{(equation|align)\*?\}", "", tex)
    tex = re.sub(r"\\(tag|nonumber|notag)(\{[^}]*\})?", "", tex)
    return _MACRO.sub(lambda m: MATH_MACROS[m.group(1)], tex).strip()


def words_as_text(tex: str) -> str:
    """LaTeX with runs of plain words ("Assumption 2", "all real") wrapped in ``\\text{}`` (upright, spaced)."""
    pieces = re.split(r"(\\(?:text|mathrm|operatorname|mbox|textrm)\{[^{}]*\})", tex)
    out = "".join(p if i % 2 else _WORDS.sub(lambda m: r"\text{" + m.group(1).replace("--", "–") + r"}\ ", p)
                  for i, p in enumerate(pieces))
    return re.sub(r"\\ \s*$", "", out)


def markdown_math(text: str, display: bool = True) -> str:
    """A statement for a Markdown cell (Jupyter renders ``$…$`` itself): ``$$…$$`` around pure LaTeX,
    prose with ``$…$`` kept as it is, words in formulas set as text, the paper's macros expanded."""
    text = " ".join(str(text).split())
    if "$" in text:
        return text
    if not re.search(r"[\\^_=<>]", text):
        return text
    tex = prepare_latex(words_as_text(text))
    return f"$${tex}$$" if display else f"${tex}$"


def claim_markdown(claim) -> str:
    """A claim as a notebook states it: id, title, source, the statement as math, the assumptions."""
    out = f"**`{claim.id}`** — {claim.title} *({claim.source})*\n\n{markdown_math(claim.statement)}\n\n"
    out += f"*Assumptions:* {markdown_math(claim.assumptions, display=False)}"
    if claim.depends_on:
        out += "  \n*Rests on:* " + ", ".join(f"`{d}`" for d in claim.depends_on)
    return out


def _mathtext_svg(tex: str) -> str | None:
    """A formula drawn by matplotlib's mathtext as base64 SVG (the fallback without latex2mathml), or None."""
    import base64
    import io

    from matplotlib import mathtext

    if "\n" in tex or "\\begin" in tex:
        return None
    buf = io.BytesIO()
    try:
        mathtext.math_to_image(f"${tex}$", buf, format="svg", prop=None)
    except Exception:  # noqa: BLE001 - mathtext knows a subset of LaTeX; the rest is shown as source
        return None
    return base64.b64encode(buf.getvalue()).decode("ascii")


class MathRenderer:
    """LaTeX → MathML (latex2mathml), counting the formulas it could not convert (shown as escaped LaTeX
    source). Without latex2mathml, formulas that matplotlib's mathtext can draw become inline SVG images."""

    def __init__(self) -> None:
        try:
            from latex2mathml.converter import convert as _convert

            convert: Any = _convert
        except ImportError:  # the page still works: every formula is shown as its source
            convert = None
        self._convert = convert
        self.rendered = 0
        self.as_svg = 0
        self.failed: list[str] = []

    @property
    def available(self) -> bool:
        return self._convert is not None

    def formula(self, tex: str, display: bool = False) -> str:
        tex = str(tex)
        if self._convert is not None:
            try:
                mathml = self._convert(prepare_latex(tex), display="block" if display else "inline")
                if not _RAW_COMMAND.search(mathml):  # an unknown command left as text is a failure too
                    self.rendered += 1
                    return f'<span class="math{" display" if display else ""}">{mathml}</span>'
            except Exception:  # noqa: BLE001 - any converter failure falls back to the source
                pass
        else:
            svg = _mathtext_svg(prepare_latex(tex))
            if svg is not None:
                self.as_svg += 1
                return (f'<span class="math{" display" if display else ""}"><img class="mathtext" '
                        f'alt="{html.escape(tex)}" '
                        f'src="data:image/svg+xml;base64,{svg}"></span>')
        self.failed.append(tex)
        return f'<code class="tex-source" title="LaTeX source (not rendered)">{html.escape(tex)}</code>'

    def mixed(self, text: str, display: bool = False) -> str:
        """Text that is LaTeX as a whole, or prose with ``$…$`` math inside."""
        text = str(text)
        if "$" not in text:
            return self.formula(text, display)
        out = []
        for i, piece in enumerate(re.split(r"\$\$?", text)):
            out.append(self.formula(piece) if i % 2 else html.escape(piece))
        return "".join(out)

    def auto(self, text: str) -> str:
        """Assumptions are LaTeX, plain text, or LaTeX with words in it ("Assumption 2, \\varepsilon_b > 0"):
        math when they look like math, with runs of words set upright as text."""
        text = str(text)
        if "$" in text:
            return self.mixed(text)
        if not re.search(r"[\\^_=<>]", text):
            return html.escape(text)
        return self.formula(words_as_text(text))

    def note(self) -> str:
        total = self.rendered + self.as_svg + len(self.failed)
        if not self.available:
            return (f"latex2mathml is not installed (pip install latex2mathml renders formulas as MathML): "
                    f"{self.as_svg} of {total} formulas drawn as images by matplotlib's mathtext, "
                    f"{len(self.failed)} shown as LaTeX source.")
        if not self.failed:
            return f"All {total} formulas rendered as MathML."
        return (f"{self.rendered} of {total} formulas rendered as MathML; {len(self.failed)} could not be "
                "converted and are shown as LaTeX source.")


# ------------------------------------------------------------------------------------------- evidence

_EVIDENCE_KEYS = ("achieved_error", "error", "discrepancy", "tolerance", "witness", "digits", "exponent",
                  "fitted_exponent", "slope", "ratio", "max_ratio", "p_value", "seed")


def _short(value: Any, width: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    return one_line(text, width)


def evidence_line(result: ClaimResult, width: int = 170) -> str:
    """One line of evidence: the detail sentence, then the most telling evidence values."""
    ev = result.verdict.evidence or {}
    picked = [k for k in _EVIDENCE_KEYS if k in ev]
    if not picked:
        picked = [k for k in ev if k not in ("exception", "where")][:2]
    facts = "; ".join(f"{k}={_short(ev[k], 40)}" for k in picked[:3])
    text = result.verdict.detail + (f" [{facts}]" if facts else "")
    return one_line(text, width)


def report_figures(registry: Registry, results: Sequence[ClaimResult]) -> list[tuple[str, str, bytes]]:
    """Evidence plots a proofs folder offers: any of its modules may define ``REPORT_FIGURES``, a list of
    ``(claim_id_or_None, callable)``; the callable takes no argument and returns a matplotlib Figure
    (its docstring's first line is the caption). Only figures of claims in this report (or of none) are
    drawn. Returns ``(title, caption, PNG bytes)``; a figure that fails becomes a caption saying why (no bytes)."""
    wanted = {r.claim.id for r in results}
    out: list[tuple[str, str, bytes]] = []
    for module in modules_in(registry.location):
        for claim_id, make in getattr(module, "REPORT_FIGURES", ()):
            if claim_id is not None and claim_id not in wanted:
                continue
            doc = str(getattr(make, "__doc__", None) or getattr(make, "__name__", "figure")).strip().splitlines()[0]
            title = claim_id or module.__name__.rsplit(".", 1)[-1]
            try:
                out.append((title, doc, plots.png_bytes(make())))
            except Exception as exc:  # noqa: BLE001 - a broken figure must not break the report
                out.append((title, f"{doc} — not drawn: {type(exc).__name__}: {exc}", b""))
    return out


def modules_in(folder: str | Path) -> list[Any]:
    """The imported modules whose file lies directly in ``folder`` (symbolic links resolved), in ``sys.modules``
    order: those with ``Path(module.__file__).resolve().parent == Path(folder).resolve()``.

    Each distinct directory is resolved once rather than each of the ~2000 module files of a loaded session
    (0.2 s of every report); a file that is itself a symbolic link is resolved in full, so the answer is the
    same (tests/test_report.py compares it with the file-by-file reference)."""
    import os
    import sys

    location = Path(folder).resolve()
    resolved: dict[str, Path] = {}
    found = []
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if not file:
            continue
        file = os.fspath(file)
        head, tail = os.path.split(file)
        if tail in ("", ".", "..") or os.path.islink(file):
            parent = Path(file).resolve().parent
        else:
            if head not in resolved:
                resolved[head] = Path(os.path.realpath(head or os.curdir))
            parent = resolved[head]
        if parent == location:
            found.append(module)
    return found


def crossover_tables(results: Sequence[ClaimResult], simulator: bool = False) -> list[tuple[str, list[dict[str, Any]]]]:
    """Crossover tables: from any claim's evidence under a key containing "crossover" (a list of rows), and,
    with ``simulator=True`` (this project's own proofs), from ``theorycheck.simulator.crossover.table()``
    when the simulator provides it. A simulator that fails gives a one-row table saying why."""
    tables: list[tuple[str, list[dict[str, Any]]]] = []
    for r in results:
        for key, value in (r.verdict.evidence or {}).items():
            if "crossover" in key.lower() and isinstance(value, list) and value and isinstance(value[0], dict):
                tables.append((f"{r.claim.id}: {key}", value))
    if simulator:
        try:
            from .simulator import crossover
        except ImportError:
            return tables
        try:
            rows = crossover.table()
            keep = ("condition", "source", "formula", "crossover")
            rows = [{k: row.get(k, "") for k in keep} for row in rows]
            first = rows[0] if rows else {}
            params = crossover.table.__kwdefaults__ or {}
            title = ("theorycheck.simulator.crossover.table(): the smallest d from which each asymptotic condition "
                     "holds with all hidden constants 1 (" + ", ".join(f"{k}={v}" for k, v in params.items()) + ")")
            if first:
                tables.append((title, rows))
        except Exception as exc:  # noqa: BLE001 - the simulator is optional; say why the table is missing
            tables.append(("theorycheck.simulator.crossover.table()", [{"error": f"{type(exc).__name__}: {exc}"}]))
    return tables


_PART_IN_SOURCE = re.compile(r"Part\s*(\d+)")


def paper_position(claim) -> tuple[int, int]:
    """Where a claim sits in the paper: (part, ordinal of its first display), from ``displays`` or, without
    them, from "Part N" in its source (then after that part's displays); unknown parts go last."""
    if claim.displays:
        part = claim.displays[0][0]
        return part, min(o for p, o in claim.displays if p == part)
    match = _PART_IN_SOURCE.search(claim.source or "")
    return (int(match.group(1)), 10**6) if match else (10**6, 10**6)


def in_paper_order(results: Sequence[ClaimResult]) -> list[ClaimResult]:
    """The results sorted by :func:`paper_position` (stable: registry order breaks ties)."""
    return sorted(results, key=lambda r: paper_position(r.claim))


# ------------------------------------------------------------------------------------------- the data


@dataclasses.dataclass
class ReportData:
    registry: Registry
    results: list[ClaimResult]
    paper_files: list[Path]
    coverage: list[DisplayCoverage] | None
    dangling: list[tuple[str, tuple[int, int]]]
    environment: dict[str, Any]
    seeds: dict[str, Any]
    command: str = "theorycheck report"
    figures: list[tuple[str, str, bytes]] = dataclasses.field(default_factory=list)
    crossover: list[tuple[str, list[dict[str, Any]]]] = dataclasses.field(default_factory=list)
    theorems: list[dict[str, Any]] = dataclasses.field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        return summary(self.results)

    def rests_on(self, claim_id: str) -> list[str]:
        """Run claims resting (directly or through others) on ``claim_id``."""
        return [r.claim.id for r in self.results if claim_id in r.rests_on_refuted]

    def verified_given(self, claim_id: str) -> list[str]:
        """Verified claims resting (directly or through others) on the undecided claim ``claim_id``."""
        return [r.claim.id for r in self.results if claim_id in r.verified_given]

    def undecided_carriers(self) -> list[tuple[str, list[str]]]:
        """(undecided claim, the verified claims resting on it) for each inconclusive or erring claim that has some."""
        return [(r.claim.id, users) for r in self.results if r.verdict.verdict in ("inconclusive", "error")
                for users in [self.verified_given(r.claim.id)] if users]


def collect(registry: Registry, results: Sequence[ClaimResult], paper_files: Sequence[str | Path] = (),
            command: str = "theorycheck report", simulator: bool = False) -> ReportData:
    files = [Path(p) for p in paper_files]
    rows = None
    loose: list[tuple[str, tuple[int, int]]] = []
    if files:
        displays = read_paper(files)
        definitions = load_definitions(registry.location)
        rows = coverage(displays, registry.claims, definitions)
        loose = dangling(displays, registry.claims, definitions)
    return ReportData(registry, in_paper_order(results), files, rows, loose, environment(registry.location),
                      seeds(results), command,
                      report_figures(registry, results), crossover_tables(results, simulator),
                      theorem_verdicts(registry, results))


def theorem_verdicts(registry: Registry, results: Sequence[ClaimResult]) -> list[dict[str, Any]]:
    """The theorems' verdict records (:mod:`theorycheck.theorems`) from the claims run; [] when the proofs
    folder defines no ``THEOREMS`` (claims not run count as "not run")."""
    from .theorems import records

    return records(registry, {r.claim.id: r.verdict for r in results})


def coverage_json(data: ReportData) -> dict[str, Any] | None:
    if data.coverage is None:
        return None
    return {
        "files": [str(p) for p in data.paper_files],
        "summary": {str(k): v for k, v in summarise(data.coverage).items()},
        "displays": [{"part": r.display.part, "ordinal": r.display.ordinal, "line": r.display.line,
                      "status": r.status, "claims": list(r.claims), "definition": r.definition}
                     for r in data.coverage],
        "dangling": [{"owner": o, "display": list(k)} for o, k in data.dangling],
    }


# ------------------------------------------------------------------------------------------- HTML

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0 auto;max-width:1200px;
padding:1.2em 2em 4em;color:#222;line-height:1.45}
h1{font-size:1.6em;margin-bottom:.1em} h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
.meta{color:#666;font-size:.9em}
table{border-collapse:collapse;width:100%;font-size:.88em;margin:.6em 0}
th,td{border:1px solid #ddd;padding:.3em .5em;vertical-align:top;text-align:left}
th{background:#f3f3f3} tr.part-row td{background:#e8eef6;border-top:2px solid #9ab} tr:nth-child(even)
td{background:#fafafa}
td.num{text-align:right;white-space:nowrap} td.id{font-family:monospace;font-size:.9em;overflow-wrap:anywhere}
#claims-table{table-layout:fixed}
.badge{display:inline-block;padding:.05em .5em;border-radius:.7em;color:#fff;font-weight:600;font-size:.9em}
.verified{background:#2e7d32}.refuted{background:#c62828}.inconclusive{background:#f9a825;color:#222}.error{background:#6a1b9a}
.covered{color:#2e7d32;font-weight:600}.definition{color:#2b7bb9}.uncovered{color:#999}
.counts{display:flex;gap:1em;flex-wrap:wrap;margin:.8em 0}
.count{border-radius:.5em;padding:.5em 1em;color:#fff;min-width:7em}.count b{font-size:1.8em;display:block}
.count.inconclusive{color:#222}
.card{border:1px solid #ddd;border-left:6px solid #999;border-radius:.3em;padding:.6em 1em;margin:1em 0}
.card.refuted{border-left-color:#c62828;background:#fff}.card.verified{border-left-color:#2e7d32;background:#fff}
.card.inconclusive{border-left-color:#f9a825;background:#fff;color:#222}.card.error{border-left-color:#6a1b9a;background:#fff}
.math.display{display:block;overflow-x:auto;overflow-y:hidden;padding:.15em 0;margin:.3em 0} math{font-size:1.08em}
code.tex-source{background:#fff4e5;border:1px dashed #e0a040;padding:0 .3em;white-space:pre-wrap}
pre{background:#f6f8fa;padding:.6em;overflow-x:auto;font-size:.85em;white-space:pre-wrap}
img{max-width:100%} div.scroll{overflow-x:auto;border:1px solid #eee} img.natural{max-width:none}
img.mathtext{vertical-align:middle;max-width:none} figure{margin:1em 0} figcaption{color:#555;font-size:.9em}
details{margin:.4em 0} summary{cursor:pointer}
.tainted{color:#c62828;font-size:.85em} nav.toc{margin:.6em 0;font-size:.95em}
"""


def _badge(kind: str) -> str:
    return f'<span class="badge {html.escape(kind)}">{html.escape(kind)}</span>'


def _anchor(claim_id: str) -> str:
    return "claim-" + re.sub(r"[^A-Za-z0-9_.-]", "-", claim_id)


def _figure(png: bytes, alt: str, caption: str = "", scroll: bool = False) -> str:
    """An embedded PNG; ``scroll=True`` keeps it at full size in a horizontally scrolling box (wide graphs)."""
    uri = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    cap = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    if scroll:
        return (f'<figure><div class="scroll"><img class="natural" alt="{html.escape(alt)}" src="{uri}"></div>'
                f"{cap}</figure>")
    return f'<figure><img alt="{html.escape(alt)}" src="{uri}">{cap}</figure>'


def _table(rows: Sequence[dict[str, Any]]) -> str:
    columns: list[str] = []
    for row in rows:
        columns += [k for k in row if k not in columns]
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    def cell(value: Any) -> str:
        return html.escape(value if isinstance(value, str) else _short(value if value is not None else "", 80))

    body = "".join("<tr>" + "".join(f"<td>{cell(row.get(c, ''))}</td>" for c in columns) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _html(fn):
    """Wrap a function returning HTML so the template inserts its result unescaped."""
    from markupsafe import Markup

    return lambda *args, **kwargs: Markup(fn(*args, **kwargs))


def _template_environment():
    """The jinja2 environment of the report templates (``theorycheck/templates``, autoescaped)."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("theorycheck", "templates"),
                             autoescape=jinja2.select_autoescape(["html", "j2"]), keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)
    env.filters["tojson_indent"] = lambda value: json.dumps(value, indent=2)
    return env


@dataclasses.dataclass(frozen=True)
class SummaryFigures:
    """The report's summary figures as PNG bytes, drawn once and used by both the page (embedded) and the
    Markdown report (written beside it): ``coverage`` is None without a coverage section."""

    verdicts: bytes
    dependencies: bytes
    dependencies_caption: str
    coverage: bytes | None


def summary_figures(data: ReportData) -> SummaryFigures:
    """Draw the verdict bar chart, the dependency graph and the coverage bars of ``data`` (PNG, 110 dpi)."""
    run_ids = {r.claim.id: r.verdict.verdict for r in data.results}
    graph, caption = plots.dependency_graph([(c.id, run_ids.get(c.id, ""), c.depends_on) for c in data.registry.claims])
    coverage = None
    if data.coverage is not None:
        coverage = plots.png_bytes(plots.coverage_bars(summarise(data.coverage)))
    return SummaryFigures(plots.png_bytes(plots.verdict_summary(data.counts)), plots.png_bytes(graph), caption,
                          coverage)


def render_html(data: ReportData, math: MathRenderer | None = None,
                drawn: SummaryFigures | None = None) -> tuple[str, MathRenderer]:
    """The page as one string (and the renderer, which counts converted and failed formulas), from the template
    ``theorycheck/templates/report.html.j2``; figures and formulas are prepared here, the markup lives there.
    ``drawn``: the summary figures when already drawn (:func:`summary_figures`), else drawn here."""
    from markupsafe import Markup

    m = math or MathRenderer()
    drawn = drawn if drawn is not None else summary_figures(data)
    results = data.results
    sections = [("theorems", "Theorems")] if data.theorems else []
    sections += [("summary", "Summary"), ("claims", "Claims"), ("corrections", "Corrected formulas"),
                 ("dependencies", "Dependencies"), ("coverage", "Coverage")]
    if data.figures:
        sections.append(("plots", "Evidence plots"))
    if data.crossover:
        sections.append(("crossover", "Crossover"))
    sections += [("details", "Claims in detail"), ("environment", "Environment")]
    refuted_ids = [r.claim.id for r in results if r.verdict.verdict == "refuted"]
    claim_rows, current_part = [], None
    for r in results:
        part = paper_position(r.claim)[0]
        label = None
        if part != current_part:
            current_part = part
            label = f"Part {part}" if part < 10**6 else "Elsewhere"
        claim_rows.append({"r": r, "part_label": label, "evidence": evidence_line(r)})
    per_part = summarise(data.coverage) if data.coverage is not None else {}
    figures = [(title, cap, ("data:image/png;base64," + base64.b64encode(png).decode("ascii")) if png else "")
               for title, cap, png in data.figures]

    class _Math:  # the renderer's methods, their HTML inserted as is
        mixed = staticmethod(_html(m.mixed))
        formula = staticmethod(_html(m.formula))
        auto = staticmethod(_html(m.auto))
        note = staticmethod(m.note)

    context = {
        "paper": data.registry.paper, "version": __version__, "env": data.environment,
        "location": data.registry.location, "n_claims": len(data.registry.claims), "command": data.command,
        "css": Markup(CSS), "sections": sections, "theorems": data.theorems, "kinds": VERDICT_KINDS,
        "counts": data.counts, "results": results,
        "total_seconds": sum(r.seconds for r in results), "refuted_ids": refuted_ids, "anchor": _anchor,
        "badge": _html(_badge), "wbr": lambda method: Markup(html.escape(method).replace("+", "+<wbr>")),
        "summary_figure": Markup(_figure(drawn.verdicts, "bar chart of the verdict counts")),
        "qualifiers": summary_qualifiers(results), "held_under_a_reading": held_under_a_reading(results),
        "held_note": HELD_UNDER_A_READING,
        "claim_rows": claim_rows, "corrected": [r for r in results if r.verdict.corrected],
        "carriers": [(cid, data.rests_on(cid)) for cid in refuted_ids if data.rests_on(cid)],
        "alone": [cid for cid in refuted_ids if not data.rests_on(cid)],
        "undecided_carriers": data.undecided_carriers(),
        "dependency_figure": Markup(_figure(drawn.dependencies, "dependency graph of the claims",
                                            drawn.dependencies_caption + " Grey boxes: claims not "
                                            "run in this report. Scroll sideways for the whole graph.", scroll=True)),
        "coverage": data.coverage, "per_part": per_part, "paper_files": data.paper_files, "dangling": data.dangling,
        "coverage_figure": Markup(_figure(drawn.coverage, "coverage per part")) if per_part and drawn.coverage else "",
        "crossover": [(title, Markup(_table(rows))) for title, rows in data.crossover],
        "figures": figures,
        "times_figure": Markup(_figure(plots.png_bytes(plots.check_times(
            [(r.claim.id, r.verdict.verdict, r.seconds) for r in results])), "check times")) if results else "",
        "regime_html": lambda regime: Markup(plots.regime_html(regime)),  # 2-D slice of where the claim holds
        "math": _Math, "seeds": data.seeds,
    }
    page = _template_environment().get_template("report.html.j2").render(**context)
    return page, m


# ------------------------------------------------------------------------------------------- Markdown

def _md(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _md_math(text: str) -> str:
    text = " ".join(str(text).split())
    return text if "$" in text else f"$${text}$$"


HELD_UNDER_A_READING = ("Each verified claim below records a reading of the paper's convention under which it does "
                        "not hold on the whole region; the verified claims resting on it hold only under its other "
                        "readings.")


def held_under_a_reading(results: Sequence[ClaimResult]) -> list[tuple[str, dict[str, Any], list[str]]]:
    """The verified claims whose own regime records a reading that fails, each with its readings and the verified
    claims that rest on it (theorycheck.runner.under_reading): the Markdown and HTML reports' section."""
    out = []
    for r in results:
        if r.verdict.verdict == "verified" and r.verdict.regime and readings_short_of_all(r.verdict):
            users = [u.claim.id for u in results if r.claim.id in u.verified_under_reading and u.claim.id != r.claim.id]
            out.append((r.claim.id, dict((r.verdict.regime or {}).get("readings") or {}), users))
    return out


def render_markdown(data: ReportData, images: dict[str, str]) -> str:
    """The report as Markdown; ``images`` maps a plot's name to its file name beside the report."""
    results = data.results
    counts = data.counts
    env = data.environment
    out = [f"# Audit of “{data.registry.paper}”", "",
           f"theorycheck {__version__} · {env['date']} · {len(results)} of {len(data.registry.claims)} claims run · "
           f"`{data.command}`", ""]
    if data.theorems:
        from .theorems import markdown as theorems_markdown

        out += ["## Theorems", "", theorems_markdown(data.theorems)]
    out += ["## Summary", "",
            "| " + " | ".join(VERDICT_KINDS) + " |", "|" + "---:|" * len(VERDICT_KINDS),
            "| " + " | ".join(str(counts[k]) for k in VERDICT_KINDS) + " |", ""]
    qualifiers = summary_qualifiers(results)
    if qualifiers:
        out += ["Of these: " + "; ".join(qualifiers) + ".", ""]
    if "verdicts" in images:
        out += [f"![verdicts]({images['verdicts']})", ""]
    out += ["## Claims", "", "In the paper's order.", "", "| id | source | verdict | method | evidence | s | root "
                                                          "failures |",
            "|---|---|---|---|---|---:|---|"]
    current_part = None
    for r in results:
        part = paper_position(r.claim)[0]
        if part != current_part:
            current_part = part
            out.append(f"| **{'Part ' + str(part) if part < 10**6 else 'Elsewhere'}** | | | | | | |")
        out.append("| " + " | ".join(_md(x) for x in (f"`{r.claim.id}`", r.claim.source, f"**{r.verdict.verdict}**",
                                                        r.verdict.method, evidence_line(r), f"{r.seconds:.1f}",
                                                        ", ".join(r.root_failures)
                                                        + (" (verified given undecided: " + ", ".join(r.verified_given)
                                                           + ")" if r.verified_given else ""))) + " |")
    out += ["", "## Corrected formulas", ""]
    corrected = [r for r in results if r.verdict.corrected]
    if not corrected:
        out.append("No check produced a corrected statement.")
    for r in corrected:
        out += [f"### `{r.claim.id}` ({r.verdict.verdict}) — {r.claim.title}", "", f"The paper ({r.claim.source}):", "",
                _md_math(r.claim.statement), "", "Checked correction:", "", _md_math(r.verdict.corrected or ""), "",
                "```latex", r.verdict.corrected or "", "```", ""]
    out += ["", "## What rests on the refuted claims", ""]
    refuted_ids = [r.claim.id for r in results if r.verdict.verdict == "refuted"]
    for cid in refuted_ids:
        users = data.rests_on(cid)
        if users:
            out.append(f"- `{cid}` carries: " + ", ".join(f"`{u}`" for u in users))
    alone = [cid for cid in refuted_ids if not data.rests_on(cid)]
    if alone:
        out += ["", "No checked claim rests on the other refuted claims: " + ", ".join(f"`{c}`" for c in alone) + "."]
    if not refuted_ids:
        out.append("No claim was refuted.")
    undecided_carriers = data.undecided_carriers()
    if undecided_carriers:
        out += ["", "Verified only given an undecided (inconclusive or erring) premise:", ""]
    for cid, users in undecided_carriers:
        out.append(f"- `{cid}` (undecided) is a premise of the verified " + ", ".join(f"`{u}`" for u in users))
    if "dependencies" in images:
        out += ["", f"![dependency graph]({images['dependencies']})"]
    read = held_under_a_reading(results)
    if read:  # the claims whose own regime records a reading that fails (theorycheck.runner.under_reading)
        out += ["", "## Verdicts that hold only under a reading", "", HELD_UNDER_A_READING, ""]
        for cid, readings, users in read:
            out.append(f"- `{cid}`: " + "; ".join(f"{reading}: {where}" for reading, where in readings.items())
                       + (" — carries " + ", ".join(f"`{u}`" for u in users) if users else ""))
    out += ["", "## Paper coverage", ""]
    if data.coverage is None:
        out.append("The paper's source files were not found; pass `--paper FILES`.")
    else:
        out += ["| part | displays | covered | definitions | uncovered |", "|---|---:|---:|---:|---:|"]
        for part, c in summarise(data.coverage).items():
            out.append(f"| Part {part} | {c['total']} | {c['covered']} | {c['definition']} | {c['uncovered']} |")
        if "coverage" in images:
            out += ["", f"![coverage]({images['coverage']})"]
        uncovered = [r for r in data.coverage if r.status == "uncovered"]
        if uncovered:
            out += ["", "Uncovered displays (part, ordinal, line): "
                    + ", ".join(f"({r.display.part}, {r.display.ordinal}, l.{r.display.line})" for r in uncovered)]
        if data.dangling:
            out += ["", "Displays named but not in the paper: " + ", ".join(f"`{o}` → {k}" for o, k in data.dangling)]
    if data.figures:
        out += ["", "## Evidence plots", ""]
        for i, (title, caption, _png) in enumerate(data.figures):
            name = images.get(f"figure-{i}")
            out.append(f"![{caption}]({name})" + "\n\n" + f"`{title}`: {caption}" if name else f"`{title}`: {caption}")
            out.append("")
    for title, rows in data.crossover:
        cols: list[str] = []
        for row in rows:
            cols += [k for k in row if k not in cols]
        out += ["", f"## Crossover table ({title})", "", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
        out += ["| " + " | ".join(_md(row.get(c, "")) for c in cols) + " |" for row in rows]
    src = env.get("sources") or {}
    out += ["", "## Environment", "", f"Date {env['date']}; Python {env['python']}; {env['platform']}.", ""]
    if src:
        out += [f"Sources: git commit `{src['git_commit'] or 'not a git checkout'}`; theorycheck SHA-256 "
                f"`{src['theorycheck_sha256']}`; proofs SHA-256 `{src['proofs_sha256'] or 'not installed'}`.", ""]
    out += ["| package | version |", "|---|---|"]
    out += [f"| {k} | {v or 'not installed'} |" for k, v in env["packages"].items()]
    out += ["", "Seeds:", "", "```json", json.dumps(data.seeds, indent=2), "```", ""]
    return "\n".join(out)


# ------------------------------------------------------------------------------------------- writing


def write_report(out_dir: str | Path, registry: Registry, results: Sequence[ClaimResult],
                 paper_files: Iterable[str | Path] = (), command: str = "theorycheck report",
                 simulator: bool = False, jobs: int = 1) -> dict[str, Any]:
    """Write index.html, report.md (with its PNG plots) and report.json into ``out_dir``.

    ``simulator=True`` (for this project's own proofs) adds the simulator's crossover table; ``jobs``: processes
    that draw the regime slices.

    Returns the paths written and the formula counts (``math_rendered``, ``math_failed``).
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    from . import cache as cache_mod

    # regime slices are drawn once per distinct regime and kept beside the verdict cache
    plots.FIGURE_CACHE = cache_mod.default_dir(registry.location) / "figures" if cache_mod.enabled() else None
    started = use_started()  # what this report draws or reads counts as used
    # drawn in forked processes while this one collects the report's data and draws its summary figures
    slices = plots.start_regime_slices([r.verdict.regime for r in results], jobs=jobs)
    try:
        data = collect(registry, results, list(paper_files), command, simulator)
        drawn = summary_figures(data)  # once, for the page and for report.md
    except BaseException:
        slices.cancel()
        raise
    slices.wait()  # the page shows them
    page, math = render_html(data, drawn=drawn)
    if plots.FIGURE_CACHE is not None:  # slices of older code pile up otherwise
        prune_least_recent(Path(plots.FIGURE_CACHE), "regime-*.png", plots.FIGURE_CACHE_BYTES, keep_since=started)
    # every file whole (atomic), index.html last; report images an earlier report left and this one does not draw
    # are removed (referee AS: a stale coverage.png stayed beside a report without coverage)
    images: dict[str, str] = {}
    pngs = {"verdicts": ("verdicts.png", drawn.verdicts), "dependencies": ("dependencies.png", drawn.dependencies)}
    if drawn.coverage is not None:
        pngs["coverage"] = ("coverage.png", drawn.coverage)
    for i, (_title, _caption, png) in enumerate(data.figures):
        if png:
            pngs[f"figure-{i}"] = (f"figure-{i + 1}.png", png)
    files: dict[str, bytes] = {}
    for key, (name, png) in pngs.items():
        files[name] = png
        images[key] = name
    files["report.md"] = as_utf8(render_markdown(data, images))
    report = json_report(registry.paper, list(results), registry.location, env=data.environment)
    if data.theorems:
        report["theorems"] = data.theorems
    cov = coverage_json(data)
    if cov is not None:
        report["coverage"] = cov
    files["report.json"] = as_utf8(json.dumps(report, indent=2) + "\n")
    files["index.html"] = as_utf8(page)
    # as one set: a failed write leaves the old report whole, never old and new files mixed (referee CR, LOW-6)
    write_set(out, files, remove=[p.name for p in [out / "coverage.png", *out.glob("figure-*.png")]])
    return {"html": out / "index.html", "markdown": out / "report.md", "json": out / "report.json",
            "images": [out / v for v in images.values()], "math_rendered": math.rendered,
            "math_svg": math.as_svg, "math_failed": len(math.failed), "math_available": math.available}
