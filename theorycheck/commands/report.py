"""``theorycheck report [--output DIR] [IDS...]``: run the checks and write the audit a person reads.

Fresh verdicts are read from the cache (see :mod:`theorycheck.cache`): after a ``theorycheck check``
only missing or stale claims run; ``--rerun`` runs every check again.

Writes ``DIR/index.html`` (self-contained: open it in any browser, no network
needed), ``DIR/report.md`` with its PNG plots, and ``DIR/report.json``. The
paper's coverage is included when its sources are found (``../shared/paper``
beside the repository by default, or ``--paper FILES``).

Exit codes as for ``check``: 0 when every check ran, 1 when one ended in
``error`` (the report is written all the same), 2 on bad input.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path


def run(args: argparse.Namespace) -> int:
    from ..cli import run_audit
    from ..coverage import default_paper_files, read_paper
    from ..errors import InputError
    from ..html_report import write_report
    from ..outputs import check_folder
    from ..registry import load
    from .coverage import check_paper_files

    if args.no_paper and args.paper:  # referee AS: --paper was ignored
        raise InputError("--paper FILE adds the coverage of FILE and --no-paper leaves coverage out: give one")
    registry = load(args.proofs)
    if args.no_paper:
        paper_files: list[Path] = []
    elif args.paper:
        # read and checked before any check runs and before the folder exists (referee AN: a binary --paper was
        # refused only after the whole audit, leaving an empty folder)
        paper_files = [Path(p) for p in check_paper_files([str(p) for p in args.paper])]
        read_paper(paper_files)
    else:
        paper_files = default_paper_files()
    check_folder(args.output)  # before the checks run, not after
    results = run_audit(registry, args.ids, jobs=args.jobs, timeout=args.timeout,
                        progress=not args.no_progress, rerun=args.rerun)
    if results.cached:
        print(f"{results.cached} of {len(results)} verdicts from the cache ({results.cache_dir}); "
              f"--rerun runs every check again", file=sys.stderr)
    command = "theorycheck " + " ".join(shlex.quote(a) for a in (args.argv or ["report"]))
    # the simulator's crossover table belongs to this project's paper: only with its own proofs package
    try:
        written = write_report(args.output, registry, results, paper_files, command=command,
                               simulator=args.proofs is None, jobs=args.jobs)
    except OSError as exc:  # keep the results: the checks may have taken minutes
        import json

        from ..outputs import save_fallback
        from ..report import json_report

        save_fallback(json.dumps(json_report(registry.paper, results, registry.location), indent=2) + "\n", ".json",
                      f"--output {args.output}: cannot write the report ({exc.strerror or exc})")
    print(f"wrote {written['html']} (open it in a browser), {written['markdown']} and {written['json']}",
          file=sys.stderr)
    if not paper_files and not args.no_paper:
        print("no paper sources found: the report has no coverage section (pass --paper FILES)", file=sys.stderr)
    total = written["math_rendered"] + written["math_svg"] + written["math_failed"]
    if not written["math_available"]:
        print(f"latex2mathml is not installed: {written['math_svg']} of {total} formulas drawn as images by "
              f"matplotlib, {written['math_failed']} shown as LaTeX source (pip install latex2mathml)", file=sys.stderr)
    elif written["math_failed"]:
        print(f"{written['math_failed']} of {total} formulas could not be rendered and are shown as LaTeX source",
              file=sys.stderr)
    return 1 if any(r.verdict.verdict == "error" for r in results) else 0


def register(sub: argparse._SubParsersAction) -> None:
    from ..cli import add_run_options

    p = sub.add_parser("report", help="run the checks and write a self-contained HTML report (and Markdown, JSON)")
    p.add_argument("ids", nargs="*", metavar="ID", help="claim ids or id prefixes such as 'fourier.' (default: all)")
    p.add_argument("--output", "-o", metavar="DIR", default="report",
                   help="folder for index.html, report.md and report.json (default: %(default)s)")
    p.add_argument("--paper", nargs="+", metavar="FILE",
                   help="the paper's source files for the coverage section (default: ../shared/paper/part*.md)")
    p.add_argument("--no-paper", action="store_true", help="leave out the coverage section")
    add_run_options(p)
    p.set_defaults(func=run, argv=sys.argv[1:])
