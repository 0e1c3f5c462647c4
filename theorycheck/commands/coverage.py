"""``theorycheck coverage PAPER_FILE ...``: which displayed equations (default) or which single
relations (``--level relation``) of the paper the claims cover."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..registry import load


def definitions_of(registry_location: str) -> dict[tuple[int, int], str]:
    """Displays the proofs folder marks as definitions: ``DEFINITIONS = {(part, ordinal): "what it defines"}``
    in any of its modules (collected by :func:`theorycheck.registry.load_definitions`)."""
    from ..registry import load_definitions

    return load_definitions(registry_location)


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def run_relations(args: argparse.Namespace) -> int:
    from ..coverage import (
        audited_display_texts,
        changed_displays,
        changed_relations,
        load_relation_definitions,
        read_paper,
        read_relations,
        relation_coverage,
        relation_dangling,
        summarise_relations,
    )

    registry = load(args.proofs)
    relations = read_relations(args.paper)
    displays = read_paper(args.paper)      # same files; validates them the same way as the display level
    definitions = load_relation_definitions(registry.location)
    reference = audited_relation_reference(args.proofs)
    moved = [x.key for x in changed_displays(displays, audited_display_texts())] if reference else []
    changed = changed_relations(relations, reference, moved)
    if changed:
        first = changed[0]
        print(f"theorycheck coverage: warning: {len(changed)} relation(s) differ from the paper the claims were "
              f"checked against, from Part {first.part}, {first.location}.{first.index} (line {first.line}) on: no "
              "claim is applied to them (a relation inserted, removed or edited shifts or changes them)",
              file=sys.stderr)
    rows = relation_coverage(relations, registry.claims, definitions, [r.key for r in changed])
    loose = relation_dangling(relations, registry.claims, definitions)
    warn_dangling([(owner, f"relation {key}") for owner, key in loose])
    if args.target:
        rows = [r for r in rows if r.relation.target]
    listed = [r for r in rows if not args.uncovered or r.status == "uncovered"]
    total = summarise_relations(rows, "part")
    summary = {k: sum(c[k] for c in total.values()) for k in ("covered", "definitions", "uncovered", "total")}
    if args.format == "json":
        data = {
            "relations": [{"part": r.relation.part, "location": r.relation.location, "index": r.relation.index,
                           "latex": r.relation.latex, "status": r.status, "claims": list(r.claims),
                           "definition": r.definition, "symbol": r.relation.symbol, "line": r.relation.line,
                           "section": r.relation.section, "target": r.relation.target} for r in listed],
            "summary": summary,
            "per_part": {str(k): v for k, v in total.items()},
            "per_target": summarise_relations([r for r in rows if r.relation.target], "target"),
            "per_section": summarise_relations(rows, "section"),
            "dangling": [{"owner": owner, "relation": list(key)} for owner, key in loose],
        }
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return 0
    if args.format == "markdown":
        out = ["| part | location | # | line | section | status | claims / definition | relation |",
               "|---|---|---|---|---|---|---|---|"]
        for r in listed:
            rel = r.relation
            out.append(f"| {rel.part} | {rel.location} | {rel.index} | {rel.line} | {_md(rel.section)} | {r.status} | "
                       f"{_md(', '.join(r.claims) or (r.definition or ''))} | `{_md(rel.latex)}` |")
        out.append("")
        if args.target:
            for name, c in summarise_relations(rows, "target").items():
                out.append(f"- {name}: {c['covered']} covered, {c['definitions']} definitions, "
                           f"{c['uncovered']} uncovered of {c['total']}")
            out.append("")
        out.append(f"{summary['total']} relations: {summary['covered']} covered by claims, "
                   f"{summary['definitions']} definitions, {summary['uncovered']} uncovered")
        sys.stdout.write("\n".join(out) + "\n")
        return 0
    from rich.markup import escape
    from rich.table import Table

    from ..cli import make_console

    console = make_console()
    for part, c in total.items():
        title = (f"Part {part}: {c['covered']} covered, {c['definitions']} definitions, "
                 f"{c['uncovered']} uncovered of {c['total']} relations")
        if args.uncovered and not any(r.relation.part == part for r in listed):
            console.print(f"{title}: nothing to list")  # no empty table
            continue
        table = Table(title=title)
        for col in ("where", "line", "section", "status", "claims / definition", "relation"):
            table.add_column(col)
        for r in listed:
            if r.relation.part != part:
                continue
            style = {"covered": "green", "definition": "cyan", "uncovered": "yellow"}[r.status]
            table.add_row(f"{r.relation.location}.{r.relation.index}", str(r.relation.line),
                          escape(r.relation.section[:40]), f"[{style}]{r.status}[/]",
                          escape(", ".join(r.claims) or (r.definition or "")), escape(r.relation.latex[:90]))
        console.print(table)
    if args.target:
        for name, c in summarise_relations(rows, "target").items():
            console.print(f"{name}: {c['covered']} covered, {c['definitions']} definitions, "
                          f"{c['uncovered']} uncovered of {c['total']}")
    console.print(f"{summary['total']} relations: {summary['covered']} covered by claims, "
                  f"{summary['definitions']} definitions, {summary['uncovered']} uncovered")
    return 0


def _is_this_projects_proofs(proofs: str) -> bool:
    """Whether ``--proofs`` names this project's own proofs folder (the installed ``theorycheck_proofs``)."""
    try:
        import theorycheck_proofs
    except ImportError:
        return False
    return Path(proofs).resolve() == Path(theorycheck_proofs.__file__).resolve().parent


def audited_reference(proofs: str | None, command: str) -> dict[tuple[int, int], str]:
    """The display texts of the paper the claims were checked against (``../shared/paper`` for this project's
    claims), to compare the given files with; ``{}`` (position only, said in one warning line) for claims of another
    ``--proofs`` folder or when that paper is not found."""
    from ..coverage import audited_display_texts

    if proofs is not None and not _is_this_projects_proofs(proofs):
        print(f"theorycheck {command}: warning: claims from --proofs {proofs}: no audited paper is known for them, so "
              "displays are matched to claims by position only"
              + ("; no display is replaced, each correction is noted beside it" if command == "errata" else ""),
              file=sys.stderr)
        return {}
    reference = audited_display_texts()
    if not reference:
        print(f"theorycheck {command}: warning: the paper the claims were checked against (../shared/paper beside "
              "the repository) is not found: displays are matched to claims by position only"
              + ("; no display is replaced, each correction is noted beside it" if command == "errata" else ""),
              file=sys.stderr)
    return reference


def audited_relation_reference(proofs: str | None) -> dict[tuple[int, str, int], str]:
    """The relation texts of the audited paper, under the same rule as :func:`audited_reference` (its warnings are
    printed by the display-level read of the same files, so none here)."""
    from ..coverage import audited_relation_texts

    if proofs is not None and not _is_this_projects_proofs(proofs):
        return {}
    return audited_relation_texts()


def warn_dangling(loose: list[tuple[str, str]], listed: bool = True) -> None:
    """One warning line for the claims naming displays or relations the given paper does not have (referee AN: one
    line each had flooded the terminal with 73 lines); ``listed``: every pair is in the JSON output."""
    if loose:
        owners = sorted({owner for owner, _ in loose})
        shown = ", ".join(f"{owner} names {what}" for owner, what in loose[:2])
        print(f"theorycheck coverage: warning: {len(loose)} reference(s) of {len(owners)} claim(s) to what the paper "
              f"does not have ({shown}{', …' if len(loose) > 2 else ''}"
              f"{'; all in --format json' if listed and len(loose) > 2 else ''})", file=sys.stderr)


def warn_changed(changed: list, command: str) -> None:
    """One warning line for the displays whose text differs from the audited paper's at their position: claims name
    displays by (part, ordinal), so none is applied to them."""
    if changed:
        first = changed[0]
        print(f"theorycheck {command}: warning: {len(changed)} display(s) differ from the paper the claims were "
              f"checked against, from Part {first.part}, display {first.ordinal} (line {first.line}) on: no claim is "
              "applied to them (a display inserted, removed or edited shifts or changes them)", file=sys.stderr)


def check_paper_files(paths: list[str]) -> list[str]:
    """The paper files, each once: a folder, a missing or a non-UTF-8 (binary) file is an
    :class:`InputError`; a file given twice is a warning and counted once."""
    from pathlib import Path

    from ..errors import InputError

    out, seen = [], set()
    for path in paths:
        p = Path(path)
        if p.is_dir():
            raise InputError(f"{path}: is a folder; give the paper's source files, e.g. {p / 'part*.md'}")
        if not p.is_file():
            raise InputError(f"{path}: no such file")
        try:
            p.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"{path}: not a UTF-8 text file (byte {exc.start}); give the paper's Markdown/LaTeX "
                             f"sources") from None
        except OSError as exc:
            raise InputError(f"{path}: cannot read it ({exc.strerror})") from None
        key = p.resolve()
        if key in seen:
            print(f"theorycheck coverage: warning: {path} is given more than once; counted once", file=sys.stderr)
            continue
        seen.add(key)
        out.append(path)
    return out


def run(args: argparse.Namespace) -> int:
    args.paper = check_paper_files(args.paper)
    if args.level == "relation":
        return run_relations(args)
    if args.target:  # referee AN: ignored at the display level
        from ..errors import InputError

        raise InputError("--target selects relations of the target sections: use it with --level relation")
    from rich.markup import escape
    from rich.table import Table

    from ..cli import make_console
    from ..coverage import changed_displays, coverage, dangling, read_paper, summarise

    registry = load(args.proofs)
    displays = read_paper(args.paper)
    definitions = definitions_of(registry.location)
    changed = changed_displays(displays, audited_reference(args.proofs, "coverage"))
    warn_changed(changed, "coverage")
    rows = coverage(displays, registry.claims, definitions, changed=[d.key for d in changed])
    loose = dangling(displays, registry.claims, definitions)
    warn_dangling([(owner, f"display {key}") for owner, key in loose], listed=False)
    if args.format == "json":
        data = [{"part": r.display.part, "ordinal": r.display.ordinal, "line": r.display.line,
                 "status": r.status, "claims": list(r.claims), "definition": r.definition,
                 "latex": r.display.snippet(200)} for r in rows]
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return 0
    if args.format == "markdown":
        out = ["| part | # | line | status | claims / definition | display |", "|---|---|---|---|---|---|"]
        for r in rows:
            if args.uncovered and r.status != "uncovered":
                continue
            out.append(f"| {r.display.part} | {r.display.ordinal} | {r.display.line} | {r.status} | "
                       f"{_md(', '.join(r.claims) or (r.definition or ''))} | `{_md(r.display.snippet(120))}` |")
        sys.stdout.write("\n".join(out) + "\n")
        return 0
    console = make_console()
    counts = summarise(rows)
    for part, c in counts.items():
        mine = [r for r in rows if r.display.part == part and (not args.uncovered or r.status == "uncovered")]
        title = (f"Part {part}: {c['covered']} covered, {c['definition']} definitions, "
                 f"{c['uncovered']} uncovered of {c['total']} displays")
        if args.uncovered and not mine:
            console.print(f"{title}: nothing to list")  # no empty table
            continue
        table = Table(title=title)
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
    console.print(f"{total} displays: {covered} covered by claims, {defs} definitions, {total - covered - defs} "
                  f"uncovered")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("coverage", help="which displayed equations (or single relations) of the paper the claims cover")
    p.add_argument("paper", nargs="+", metavar="PAPER_FILE", help="the paper's source files, e.g. "
                                                                  "../shared/paper/part*.md")
    p.add_argument("--level", choices=("display", "relation"), default="display",
                   help="count displays (default) or every relation symbol inside the math, numbered "
                        "(part, D<display>|P<paragraph>, index)")
    p.add_argument("--format", choices=("table", "json", "markdown"), default="table",
                   help="a table per part (default), JSON rows with a summary, or Markdown")
    p.add_argument("--uncovered", action="store_true", help="list only what no claim covers (and no definition marks)")
    p.add_argument("--target", action="store_true",
                   help="relation level: only the sections issue 11 asks to cover completely "
                        "(theorycheck.coverage.TARGET_SECTIONS), with a summary per section")
    p.set_defaults(func=run)
