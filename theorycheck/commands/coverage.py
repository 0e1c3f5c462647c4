"""``theorycheck coverage PAPER_FILE ...``: which displayed equations the claims cover."""

from __future__ import annotations

import argparse
import json
import sys

from ..coverage import coverage, dangling, read_paper, summarise
from ..registry import load


def definitions_of(registry_location: str) -> dict[tuple[int, int], str]:
    """Displays the proofs folder marks as definitions: ``DEFINITIONS = {(part, ordinal): "what it defines"}``
    in any of its modules (collected by :func:`theorycheck.registry.load_definitions`)."""
    from ..registry import load_definitions

    return load_definitions(registry_location)


def run(args: argparse.Namespace) -> int:
    from rich.markup import escape
    from rich.table import Table

    from ..cli import _console

    registry = load(args.proofs)
    displays = read_paper(args.paper)
    definitions = definitions_of(registry.location)
    rows = coverage(displays, registry.claims, definitions)
    loose = dangling(displays, registry.claims, definitions)
    for owner, key in loose:
        print(f"theorycheck coverage: warning: {owner} names display {key}, which the paper does not have",
              file=sys.stderr)
    if args.format == "json":
        data = [{"part": r.display.part, "ordinal": r.display.ordinal, "line": r.display.line,
                 "status": r.status, "claims": list(r.claims), "definition": r.definition,
                 "latex": r.display.snippet(200)} for r in rows]
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return 0
    console = _console()
    counts = summarise(rows)
    for part, c in counts.items():
        mine = [r for r in rows if r.display.part == part and (not args.uncovered or r.status == "uncovered")]
        table = Table(title=f"Part {part}: {c['covered']} covered, {c['definition']} definitions, "
                            f"{c['uncovered']} uncovered of {c['total']} displays")
        for col in ("#", "line", "status", "claims / definition", "display"):
            table.add_column(col)
        for r in mine:
            style = {"covered": "green", "definition": "cyan", "uncovered": "yellow"}[r.status]
            table.add_row(str(r.display.ordinal), str(r.display.line), f"[{style}]{r.status}[/]",
                          escape(", ".join(r.claims) or (r.definition or "")), escape(r.display.snippet(70)))
        console.print(table)
    total = len(rows)
    covered = sum(r.status == "covered" for r in rows)
    defs = sum(r.status == "definition" for r in rows)
    console.print(f"{total} displays: {covered} covered by claims, {defs} definitions, {total - covered - defs} uncovered")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("coverage", help="which displayed equations of the paper the claims cover")
    p.add_argument("paper", nargs="+", metavar="PAPER_FILE", help="the paper's source files, e.g. ../shared/paper/part*.md")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--uncovered", action="store_true", help="list only the displays no claim covers")
    p.set_defaults(func=run)
