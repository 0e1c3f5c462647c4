"""Plots for the audit report, drawn with matplotlib alone (no graphviz binary).

Every function returns a :class:`matplotlib.figure.Figure`; :func:`png_base64`
and :func:`svg_text` turn a figure into something a self-contained HTML page can
embed. The Agg backend is used, so no display is needed.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import FancyArrowPatch  # noqa: E402

from .claims import VERDICT_KINDS  # noqa: E402

#: Colours of the four verdicts (colour-blind-safe-ish, and readable on white).
VERDICT_COLOURS = {"verified": "#2e7d32", "refuted": "#c62828", "inconclusive": "#f9a825", "error": "#6a1b9a"}
COVERAGE_COLOURS = {"covered": "#2e7d32", "definition": "#4fa3d1", "uncovered": "#d9d9d9"}


def png_bytes(fig: Figure, dpi: int = 110) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def png_base64(fig: Figure, dpi: int = 110) -> str:
    """The figure as a ``data:image/png;base64,…`` URI (the figure is closed)."""
    return "data:image/png;base64," + base64.b64encode(png_bytes(fig, dpi)).decode("ascii")


def svg_text(fig: Figure) -> str:
    """The figure as inline SVG markup (the figure is closed)."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.find("<svg"):]


def verdict_summary(counts: Mapping[str, int]) -> Figure:
    """A horizontal bar per verdict with its count."""
    fig, ax = plt.subplots(figsize=(6.0, 1.9))
    kinds = list(VERDICT_KINDS)
    values = [counts.get(k, 0) for k in kinds]
    bars = ax.barh(kinds[::-1], values[::-1], color=[VERDICT_COLOURS[k] for k in kinds[::-1]])
    for bar, value in zip(bars, values[::-1]):
        ax.text(bar.get_width() + max(values + [1]) * 0.01, bar.get_y() + bar.get_height() / 2, str(value),
                va="center", fontsize=9)
    ax.set_xlim(0, max(values + [1]) * 1.12)
    ax.set_xlabel("claims")
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_title(f"{sum(values)} claims by verdict", fontsize=10)
    fig.tight_layout()
    return fig


def _layers(nodes: Sequence[str], parents: Mapping[str, Sequence[str]]) -> dict[str, int]:
    """Longest-path layering: a claim sits one layer right of the deepest claim it rests on."""
    depth: dict[str, int] = {}

    def visit(node: str, trail: frozenset[str]) -> int:
        if node in depth:
            return depth[node]
        deps = [p for p in parents.get(node, ()) if p in nodes and p not in trail]
        depth[node] = 0 if not deps else 1 + max(visit(p, trail | {node}) for p in deps)
        return depth[node]

    for n in nodes:
        visit(n, frozenset())
    return depth


def dependency_graph(claims: Sequence[tuple[str, str, Sequence[str]]], max_nodes: int = 70) -> tuple[Figure, str]:
    """Draw the claims that take part in a dependency, coloured by verdict.

    ``claims`` holds ``(id, verdict, depends_on)`` triples (verdict ``""`` when not run).
    An arrow goes from a claim to each claim that rests on it; a claim resting on
    a refuted claim (directly or through others) gets a thick red outline. Claims
    with no dependency either way are left out. When more than ``max_nodes``
    remain, only the refuted claims, what rests on them and what they rest on are
    drawn. Returns the figure and a one-sentence caption saying what was drawn.
    """
    verdict = {cid: v for cid, v, _ in claims}
    parents = {cid: [d for d in deps if d in verdict] for cid, _, deps in claims}
    children: dict[str, list[str]] = {cid: [] for cid in verdict}
    for cid, deps in parents.items():
        for d in deps:
            children[d].append(cid)

    def closure(start: Sequence[str], edges: Mapping[str, Sequence[str]]) -> set[str]:
        seen: set[str] = set()
        stack = list(start)
        while stack:
            n = stack.pop()
            for m in edges.get(n, ()):
                if m not in seen:
                    seen.add(m)
                    stack.append(m)
        return seen

    refuted = [cid for cid, v in verdict.items() if v == "refuted"]
    tainted = closure(refuted, children)
    linked = [cid for cid in verdict if parents[cid] or children[cid]]
    caption = f"{len(linked)} of {len(verdict)} claims take part in a dependency"
    nodes = linked
    if len(nodes) > max_nodes:
        keep = set(refuted) | tainted | closure(refuted, parents) | closure(list(tainted), parents)
        nodes = [cid for cid in linked if cid in keep]
        caption += f"; drawn: the {len(nodes)} around the refuted claims"
    caption += f"; {len(tainted)} rest on a refuted claim (red outline)."
    if not nodes:
        fig, ax = plt.subplots(figsize=(6, 1.2))
        ax.axis("off")
        ax.text(0.5, 0.5, "no claim declares a dependency", ha="center", va="center", fontsize=11)
        return fig, caption

    node_set = set(nodes)
    depth = _layers(nodes, parents)
    columns: dict[int, list[str]] = {}
    for n in nodes:
        columns.setdefault(depth[n], []).append(n)
    tallest = max(len(c) for c in columns.values())
    width = max(6.0, 2.9 * len(columns))
    height = max(1.6, 0.42 * tallest + 0.8)
    fig, ax = plt.subplots(figsize=(width, height))
    pos: dict[str, tuple[float, float]] = {}
    for col, members in columns.items():
        members.sort(key=lambda n: (min((pos[p][1] for p in parents[n] if p in pos), default=0.0), n))
        top = (len(members) - 1) / 2
        for i, n in enumerate(members):
            pos[n] = (float(col), top - i)
    for n in nodes:
        for p in parents[n]:
            if p in node_set:
                x0, y0 = pos[p]
                x1, y1 = pos[n]
                bad = verdict.get(p) == "refuted" or p in tainted
                ax.add_patch(FancyArrowPatch((x0 + 0.36, y0), (x1 - 0.36, y1), arrowstyle="-|>", mutation_scale=10,
                                             color="#c62828" if bad else "#888888", lw=1.6 if bad else 0.9,
                                             connectionstyle="arc3,rad=0.0", zorder=1))
    for n in nodes:
        x, y = pos[n]
        colour = VERDICT_COLOURS.get(verdict[n], "#bdbdbd")
        edge = "#c62828" if n in tainted else "#333333"
        ax.text(x, y, n, ha="center", va="center", fontsize=8, color="white" if verdict[n] in ("verified", "refuted", "error") else "black",
                zorder=2, bbox=dict(boxstyle="round,pad=0.3", fc=colour, ec=edge, lw=2.4 if n in tainted else 0.8))
    ax.set_xlim(-0.6, max(columns) + 0.6)
    ax.set_ylim(-tallest / 2 - 0.2, tallest / 2 + 0.2)
    ax.axis("off")
    handles = [plt.Line2D([], [], marker="s", ls="", ms=9, color=VERDICT_COLOURS[k], label=k) for k in VERDICT_KINDS]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=4, fontsize=8, frameon=False)
    ax.set_title("Dependency graph: an arrow points from a claim to the claims resting on it", fontsize=10)
    fig.tight_layout()
    return fig, caption


def coverage_bars(per_part: Mapping[int, Mapping[str, int]]) -> Figure:
    """Stacked horizontal bars per paper part: displays covered by claims, definitions, uncovered."""
    parts = sorted(per_part)
    fig, ax = plt.subplots(figsize=(6.5, 0.55 * len(parts) + 1.0))
    left = [0] * len(parts)
    labels = [f"Part {p}" for p in parts]
    for status in ("covered", "definition", "uncovered"):
        values = [per_part[p].get(status, 0) for p in parts]
        ax.barh(labels, values, left=left, color=COVERAGE_COLOURS[status], label=status)
        for i, v in enumerate(values):
            if v:
                ax.text(left[i] + v / 2, i, str(v), ha="center", va="center", fontsize=8)
        left = [a + b for a, b in zip(left, values)]
    ax.invert_yaxis()
    ax.set_xlabel("displayed equations")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.35 if len(parts) < 3 else -0.25), ncol=3, fontsize=8,
              frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_title("Paper coverage per part", fontsize=10)
    fig.tight_layout()
    return fig


def check_times(results: Sequence[tuple[str, str, float]], top: int = 15) -> Figure:
    """The slowest checks: ``(id, verdict, seconds)`` triples, longest first."""
    rows = sorted(results, key=lambda r: -r[2])[:top]
    fig, ax = plt.subplots(figsize=(6.5, 0.28 * max(len(rows), 1) + 0.9))
    ax.barh([r[0] for r in rows][::-1], [r[2] for r in rows][::-1],
            color=[VERDICT_COLOURS.get(r[1], "#999999") for r in rows][::-1])
    ax.set_xlabel("seconds")
    ax.tick_params(axis="y", labelsize=8)
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_title(f"Check times (slowest {len(rows)})", fontsize=10)
    fig.tight_layout()
    return fig
