"""``theorycheck errata PAPER_FILE ... --output DIR``: the paper with its refuted displays corrected, a diff, and
a standalone ``errata.tex`` (see :mod:`theorycheck.errata`). Verdicts come from the cache when fresh
(:mod:`theorycheck.cache`), otherwise the checks are run (and stored)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..errors import InputError
from ..report import plural


def run(args: argparse.Namespace) -> int:
    from ..cli import run_audit
    from ..coverage import read_paper
    from ..errata import pronoun, write_errata
    from ..outputs import check_folder
    from ..registry import load
    from .coverage import audited_reference, audited_relation_reference, check_paper_files, warn_changed

    registry = load(args.proofs)
    # the same checks as `coverage`: a folder, a missing, binary or display-free file is an error, each file once
    args.paper = check_paper_files(args.paper)
    parts = {display.part for display in read_paper(args.paper)}
    wanted = registry.select(args.claims) if args.claims else registry.claims  # unknown ids before the folder (AN)
    check_folder(args.output)  # after the inputs, before any check runs (referees AD, AE)
    _refuse_overwriting_inputs(args.paper, args.output)
    # claims on a display, on a relation (in running text or inside a display) or on no printed formula (a
    # measured order, a proof's route: listed in errata.tex) of these parts (referee BQ)
    ids = [c.id for c in wanted if any(d[0] in parts for d in c.displays)
           or any(r[0] in parts for r in c.relations) or not (c.displays or c.relations)]
    if not ids:
        raise InputError("no selected claim covers a display of these paper files")
    results = run_audit(registry, ids, jobs=args.jobs, timeout=args.timeout, progress=not args.no_progress,
                        rerun=args.rerun)
    verdicts = {r.claim.id: r.verdict for r in results}
    written = write_errata(args.paper, [r.claim for r in results], verdicts, args.output, paper=registry.paper,
                           reference=audited_reference(args.proofs, "errata"),
                           relation_reference=audited_relation_reference(args.proofs))
    warn_changed(list(written.changed), "errata")
    if written.changed_relations:
        print(f"theorycheck errata: warning: {written.changed_relations} relations differ from the audited paper's at "
              "their position; no relation-level erratum is placed on them", file=sys.stderr)
    corrected = sum(1 for e in written.errata if e.has_correction and not e.partial)
    partial = sum(1 for e in written.errata if e.partial)
    in_text = written.text_errata
    print(f"{len(written.errata)} refuted displays ({corrected} replaced by a checked correction, {partial} annotated "
          f"with a checked correction, {len(written.errata) - corrected - partial} "
          f"annotated without one); {len(in_text)} paragraphs or displays with refuted "
          f"relations of relation-level claims ({sum(e.has_correction for e in in_text)} with a checked correction), "
          "annotated; wrote "
          f"{plural(len(written.patched), 'patched part')}, {written.diff} and {written.tex}", file=sys.stderr)
    if written.removed:
        print(f"theorycheck errata: removed the earlier run's patched {_parts(written.removed)}: as that run wrote "
              f"{pronoun(written.removed)}, and not written by this one", file=sys.stderr)
    if written.kept:
        print(f"theorycheck errata: warning: kept the earlier run's patched {_parts(written.kept)}: changed since that "
              f"run wrote {pronoun(written.kept)}, and not written by this one", file=sys.stderr)
    return 0


def _parts(names: tuple[str, ...]) -> str:
    return ("part " if len(names) == 1 else "parts ") + ", ".join(names)



def _refuse_overwriting_inputs(paper: list[str], output: str) -> None:
    """:class:`InputError` when a patched part (``OUTPUT/<the part's file name>``) would be written over a paper file
    given (referee AS: ``-o`` the paper's own folder replaced the paper with its patched copy), or when a file to be
    written is a folder (or anything but a file)."""
    from ..errata import PARTS_LIST, edited_parts, refusal

    edited = edited_parts(Path(output), [Path(f).name for f in paper])
    if edited:  # writing them again would lose the edits (referee DF, DF-6)
        raise InputError("--output " + refusal(Path(output), edited))
    inputs = {os.path.realpath(f) for f in paper}
    for f in paper:
        target = Path(output) / Path(f).name
        if os.path.realpath(target) in inputs:
            raise InputError(f"--output {output}: the patched {Path(f).name} would replace the paper file {f}; "
                             f"give another folder")
    for name in [Path(f).name for f in paper] + ["errata.diff", "errata.tex", PARTS_LIST]:
        target = Path(output) / name
        if target.exists() and not target.is_file():  # found before the checks, not after them (referee AS)
            raise InputError(f"--output {output}: {target} exists and is not a file; give another folder")


def register(sub: argparse._SubParsersAction) -> None:
    from ..cli import add_run_options

    p = sub.add_parser("errata", help="the paper with refuted displays replaced by checked corrections, a diff and "
                                      "errata.tex")
    p.add_argument("paper", nargs="+", metavar="PAPER_FILE", help="paper parts (part<N>-*.md)")
    p.add_argument("--output", "-o", metavar="DIR", required=True, help="folder for the patched parts, errata.diff, "
                                                                        "errata.tex")
    p.add_argument("--claims", nargs="+", metavar="ID", help="only these claim ids or id prefixes (default: every "
                                                             "claim)")
    add_run_options(p)
    p.set_defaults(func=run)
