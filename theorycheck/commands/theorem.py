"""``theorycheck theorem [1|2|5|6|all]``: each theorem's verdict as stated, computed from its claim tree."""

from __future__ import annotations

import argparse
import json


def theorem_records(registry, wanted: str, *, jobs: int, timeout: float, progress: bool,
                    rerun: bool = False) -> list[dict]:
    """Run (or read from the cache, unless ``rerun``) every claim the wanted theorems rest on; their records."""
    from ..cli import run_audit
    from ..errors import InputError
    from ..theorems import load_theorems, records, tree

    theorems = load_theorems(registry)
    if not theorems:
        raise InputError(f"the proofs folder {registry.location} defines no THEOREMS")
    if wanted != "all":
        chosen = [t for t in theorems if t.id == wanted]
        if not chosen:
            raise InputError(f"no theorem {wanted!r}; the proofs define: {', '.join(t.id for t in theorems)}, all")
        theorems = chosen
    ids = list(dict.fromkeys(cid for t in theorems for cid in tree(registry, t.claim_ids())))
    results = run_audit(registry, ids, jobs=jobs, timeout=timeout, progress=progress, rerun=rerun)
    return records(registry, {r.claim.id: r.verdict for r in results}, theorems)


def run(args: argparse.Namespace) -> int:
    from ..cli import make_console, write_output
    from ..outputs import check_file
    from ..registry import load
    from ..report import VERDICT_STYLE
    from ..theorems import markdown

    check_file(args.output)  # before any check runs (referee AD: it was checked after the audit)
    if args.output == "-":  # standard output, as for the other writers (referee AE: it wrote a file named "-")
        args.output = None
    registry = load(args.proofs)
    records = theorem_records(registry, args.which, jobs=args.jobs, timeout=args.timeout,
                              progress=not args.no_progress, rerun=args.rerun)
    if args.format == "json":
        write_output(json.dumps(records if args.which == "all" else records[0], indent=2, ensure_ascii=False) + "\n",
               args.output, ".json")
        return 0
    if args.format == "markdown":
        write_output(markdown(records), args.output, ".md")
        return 0
    from rich.markup import escape
    from rich.table import Table

    style = {"holds": VERDICT_STYLE["verified"], "fails": VERDICT_STYLE["refuted"], "unproven": "yellow",
             "open": VERDICT_STYLE["inconclusive"]}
    import io

    # the table is rendered to text, then written through write_output (referee AN: a full disk had been reported as
    # "standard output" and the table lost; write_output saves to theorycheck-results-* when --output fails)
    buffer = io.StringIO() if args.output else None
    console = make_console(buffer)
    table = Table(title="Theorems: verdict as stated, from their claim trees")
    titles = [f"{r['theorem']}: {r['title']}" for r in records]
    ids = [i for r in records for i in r["root_failures"]]
    for column, width in zip(("theorem", "verdict", "root failures", "claims v/r/i", "repaired"),
                             _column_widths(console.width, titles, ids)):
        table.add_column(column, overflow="fold", width=width)
    for r in records:
        c = r["counts"]
        rep = r["repaired"]["verdict"] if r.get("repaired") else "—" if r["verdict"] == "holds" else "none stated"
        table.add_row(escape(f"{r['theorem']}: {r['title']}"), f"[{style[r['verdict']]}]{r['verdict']}[/]",
                      escape("\n".join(r["root_failures"])), f"{c['verified']}/{c['refuted']}/{c['inconclusive']}",
                      escape(rep))
    console.print(table)
    for r in records:
        console.print(f"[bold]Theorem {escape(r['theorem'])}[/] ({escape(r['source'])}): {escape(r['explanation'])}")
        region = r.get("region")
        if region:  # also when it is empty: which steps empty it, and which hold only under a reading (referee BE)
            console.print(f"  proof survives on {escape(region['summary'])}"
                          + (":" if region["proof_survives_on"] else ""))
            for item in region["proof_survives_on"][:8]:
                console.print(escape(survival_line(item)))
            if region.get("claims_failing_everywhere"):
                failing = ", ".join(region["claims_failing_everywhere"])
                console.print("  failing on the whole region: " + escape(failing))
            for item in region.get("holding_under_a_reading", [])[:8]:
                how = "holds on part of the region under" if item.get("on_part_of_the_region") else "holds under"
                console.print(escape(f"    {item['claim']} {how}: {'; '.join(item['readings'])}"[:220]))
        if r.get("repaired"):
            rep = r["repaired"]
            console.print(f"  repaired statement: [{style[rep['verdict']]}]{rep['verdict']}[/]; changes: "
                          + escape("; ".join(rep["changes"])))
            if rep.get("explanation"):
                console.print("  " + escape(rep["explanation"]))
    if buffer is not None:
        write_output(buffer.getvalue(), args.output, ".txt")
    return 0


def _column_widths(console_width: int, titles: list[str], ids: list[str]) -> list[int | None]:
    """Widths of the theorem table's columns (theorem, verdict, root failures, claims, repaired; None: rich's
    own) on a console narrower than the table: the root failures (one per line) as wide as the longest id when
    there is room, the titles wrapped in what is left, but never narrower than their longest word; on a console
    too narrow even for that, rich's own widths (ids fold)."""
    fixed = [len("verdict") + 1, len("claims v/r/i"), len("repaired")]  # "unproven" is the widest verdict
    rules = 16  # 6 rules and 2 spaces of padding per column
    longest_id = max(map(len, ids), default=0)
    natural = max(map(len, titles), default=0) + longest_id + sum(fixed) + rules
    if natural <= console_width:
        return [None] * 5
    left = console_width - rules - sum(fixed)
    shortest_title = max((len(w) for t in titles for w in t.split()), default=0)
    id_width = min(longest_id, left - shortest_title)
    if id_width < len("failures"):
        return [None] * 5
    return [left - id_width, fixed[0], id_width, fixed[1], fixed[2]]


def register(sub: argparse._SubParsersAction) -> None:
    from ..cli import add_run_options

    p = sub.add_parser("theorem", help="each theorem's verdict as stated (holds/fails/unproven/open), from its claims")
    p.add_argument("which", nargs="?", default="all", metavar="N", help="theorem number (1, 2, 5, 6) or 'all'")
    p.add_argument("--format", choices=("table", "json", "markdown"), default="table",
                   help="a table with each theorem's explanation (default), JSON records, or Markdown")
    p.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")
    add_run_options(p)
    p.set_defaults(func=run)


#: how much of a claim's conditions a survival line shows (the JSON has them all)
SURVIVAL_CHARS = 150


def survival_line(item: dict) -> str:
    """One claim of "proof survives on": its exact conditions, else (a regime without inequalities, such as a
    measured obstruction's) the conditions in words."""
    from ..prose import readable

    said = "; ".join(readable(c) for c in item.get("conditions_exact") or item.get("conditions")
                     or ["(no condition recorded)"])
    if len(said) > SURVIVAL_CHARS:  # cut at a condition's or a word's end, not mid-token (referee BE)
        cut = said.rfind("; ", 0, SURVIVAL_CHARS)
        cut = cut if cut > 0 else said.rfind(" ", 0, SURVIVAL_CHARS)
        said = said[:cut if cut > 0 else SURVIVAL_CHARS] + " …"
    return f"    {item['claim']}: {said}"
