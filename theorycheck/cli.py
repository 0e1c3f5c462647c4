"""The ``theorycheck`` command.

Core subcommands live here (``check``, ``show``, ``list``, ``latex``). Further
subcommands are modules of :mod:`theorycheck.commands`, discovered at start-up:
each defines ``register(subparsers)`` which adds its parser and sets
``func=<callable(args) -> exit code>``.

Exit codes: 0 every check ran; 1 a check ended in ``error`` or timed out (with
``--strict``, also a ``refuted`` claim); 2 bad arguments or input.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import os
import pkgutil
import re
import signal
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from . import __version__, validate
from .claims import AT_LEAST, AT_MOST, conditions_reading, decided_without_premises, premises_of, relation_label
from .errors import InputError, Terminated
from .prose import readable
from .registry import Registry, load
from .runner import DEFAULT_TIMEOUT, ClaimResult, audit


def _console(file=None):
    from rich.console import Console

    file = file or sys.stdout
    width = None if file.isatty() else _columns()
    return Console(file=file, width=width, soft_wrap=False, highlight=False)


def _columns() -> int:
    """Width for output that is not a terminal: ``COLUMNS`` when set (at least 40), else 120."""
    try:
        return max(40, int(os.environ.get("COLUMNS", "")))
    except ValueError:
        return 120


def _write(text: str, output: str | None, suffix: str = ".txt") -> None:
    """Write to ``output`` or standard output; if that fails, keep the text in a fallback file
    (:func:`theorycheck.outputs.write_text`)."""
    from .outputs import write_text

    write_text(text, output, suffix=suffix)


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (``theorycheck: error: ...``, exit 2) instead of usage + error."""

    def error(self, message: str):  # argparse's returns NoReturn; this exits too
        self.exit(2, f"theorycheck: error: {message} (see '{self.prog} --help')\n")


#: The largest --timeout (seconds): beyond it the operating system's wait overflows.
MAX_TIMEOUT = 1e6


def _timeout(text: str) -> float:
    value = _positive_float(text)
    if not value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"expected a number of seconds in (0, {MAX_TIMEOUT:g}], got {text!r}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return value


#: the most check processes --jobs may ask for, per CPU (:data:`theorycheck.validate.PER_CPU`)
JOBS_PER_CPU = validate.PER_CPU


def _jobs(text: str) -> int:
    """--jobs: a whole number from 1 to JOBS_PER_CPU × the CPUs (each check process may use up to 6 GiB)."""
    value = _positive_int(text)
    most = validate.most_per_cpu()
    if value > most:
        raise argparse.ArgumentTypeError(f"{value} check processes on {os.cpu_count() or 1} CPU(s): give at most "
                                         f"{most} (checks are CPU-bound; more only shares the same CPUs)")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number > 0, got {text!r}") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"expected a finite number > 0, got {text!r}")
    return value


class AuditResults(list):
    """The results of :func:`run_audit` (a list of :class:`ClaimResult`, in registry order) with the
    run's wall and CPU time (this process and its check processes), how many rows came from the
    cache and, with ``changed``, how many fresh claims were left out."""

    wall: float = 0.0
    cpu: float = 0.0
    cached: int = 0
    skipped_fresh: int = 0
    cache_dir: str | None = None
    #: premises of the selected claims that were neither selected nor fresh in the cache: their verdicts are unknown,
    #: so the taint (and which refuted premise is a root failure) is only as complete as the cache
    unknown_premises: tuple[str, ...] = ()
    #: the same per selected claim (what its own verdict rests on)
    unknown_by_claim: Mapping[str, tuple[str, ...]] = MappingProxyType({})


def _cpu_seconds() -> float:
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _writable_folder(path: Path) -> bool:
    """Whether ``path`` is, or can be made, a folder this process can write in (:func:`outputs.check_folder`)."""
    from .outputs import check_folder

    try:
        check_folder(path, "THEORYCHECK_CACHE_DIR")
    except InputError:
        return False
    return True


def run_audit(registry: Registry, ids: list[str], *, jobs: int, timeout: float, progress: bool,
              rerun: bool = False, changed: bool = False, use_cache: bool = True) -> AuditResults:
    """Run the selected checks, reporting progress on stderr unless ``progress`` is false:
    a rich progress bar on a terminal, otherwise one plain line per finished check (logs, pipes).

    Fresh verdicts in the cache (:mod:`theorycheck.cache`) are reused unless ``rerun``; every verdict
    run here is stored as soon as its check finishes. With ``changed`` only the stale claims are
    returned (the fresh ones still count for the dependency taint)."""
    import time

    from . import cache as cache_mod
    from . import memo
    from .runner import resting_on, root_failures, taint, undecided, under_reading

    started, cpu0 = time.perf_counter(), _cpu_seconds()
    selected = registry.select(ids)
    store = cache_mod.Cache(registry.location) if use_cache and cache_mod.enabled() else None
    if store is not None and not _writable_folder(store.directory):  # referee AN: a bad cache folder was silent
        print(f"theorycheck: warning: the verdict cache folder {store.directory} cannot be written (is "
              "THEORYCHECK_CACHE_DIR a file or a read-only place?): running without the cache", file=sys.stderr)
        store = None
    fresh: dict[str, cache_mod.Entry] = {}
    if store is not None and not rerun:
        for claim in selected:
            entry = store.lookup(claim)
            if entry is not None:
                fresh[claim.id] = entry
    to_run = [c for c in selected if c.id not in fresh]
    chosen = {c.id for c in selected}

    def record(claim, verdict, seconds):
        if store is not None:
            store.store(claim, verdict, seconds)

    def finish(ran: list[ClaimResult]) -> AuditResults:
        by_id = {r.claim.id: r for r in ran}
        verdicts = {cid: e.verdict for cid, e in fresh.items()}
        verdicts.update({cid: r.verdict for cid, r in by_id.items()})
        # the premises of the selected claims that are not selected themselves (``show ID``, ``check prefix.``),
        # walked as taint walks them (a route's own premises for a claim decided without the paper's: referee ED,
        # ED-8): their fresh cached verdicts count for the taint, so a verdict resting on a refuted premise says so
        seen, stack, known = set(chosen), list(chosen), set(registry.ids)
        while stack:
            cid = stack.pop()
            for dep in premises_of(registry.get(cid), verdicts.get(cid)):
                if dep in seen or dep not in known:
                    continue
                seen.add(dep)
                stack.append(dep)
                if dep not in verdicts and store is not None and (entry := store.lookup(registry.get(dep))):
                    verdicts[dep] = entry.verdict
        tainted = taint(registry, verdicts)
        roots = root_failures(registry, verdicts)
        open_premises = undecided(registry, verdicts)
        qualified = under_reading(registry, verdicts)
        out = AuditResults()
        for claim in selected:
            if claim.id in by_id:
                out.append(dataclasses.replace(by_id[claim.id], rests_on_refuted=tainted[claim.id],
                                               root_failures=roots[claim.id],
                                               rests_on_undecided=open_premises[claim.id],
                                               under_reading=qualified[claim.id]))
            elif not changed:
                entry = fresh[claim.id]
                out.append(ClaimResult(claim, entry.verdict, entry.seconds, tainted[claim.id], cached=True,
                                       root_failures=roots[claim.id], rests_on_undecided=open_premises[claim.id],
                                       under_reading=qualified[claim.id]))
        out.cached = sum(1 for r in out if r.cached)
        # per claim, the premises its verdict rests on whose verdicts are still unknown (neither run nor cached)
        walk = resting_on(registry, verdicts)
        out.unknown_by_claim = {c.id: tuple(dep for dep in walk(c.id) if dep not in verdicts) for c in selected}
        out.unknown_premises = tuple(dict.fromkeys(dep for deps in out.unknown_by_claim.values() for dep in deps))
        out.skipped_fresh = len(fresh) if changed else 0
        out.cache_dir = str(store.directory) if store is not None else None
        out.wall, out.cpu = time.perf_counter() - started, _cpu_seconds() - cpu0
        return out

    def run(on_done) -> list[ClaimResult]:
        # checks share expensive simulations through the memo (theorycheck.memo) in the cache's folder; a
        # --rerun gets a fresh one of its own, so nothing computed before this run is reused
        with memo.active(store, fresh=rerun):
            return audit(registry, to_run, jobs=jobs, timeout=timeout, on_done=on_done)

    cached_note = f", {len(fresh)} fresh in the cache" if fresh else ""
    if not progress or not to_run:
        return finish(run(record) if to_run else [])
    if not sys.stderr.isatty():
        noun = "check" if len(to_run) == 1 else "checks"
        print(f"theorycheck: running {len(to_run)} {noun} ({jobs} at a time){cached_note}", file=sys.stderr, flush=True)
        finished = 0

        def line(claim, verdict, seconds):
            nonlocal finished
            finished += 1
            record(claim, verdict, seconds)
            # an error says why on its line (referee CR, LOW-3: only "error (0.5 s)" had been shown)
            why = f": {' '.join(str(verdict.detail).split())[:100]}" if verdict.verdict == "error" else ""
            print(f"[{finished}/{len(to_run)}] {claim.id}: {verdict.verdict} ({seconds:.1f} "
                  f"s){why}", file=sys.stderr, flush=True)

        return finish(run(line))
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("[bold]checking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.description}"), console=_console(sys.stderr), transient=True) as bar:
        task = bar.add_task(cached_note.lstrip(", "), total=len(to_run))

        def done(claim, verdict, seconds):
            record(claim, verdict, seconds)
            bar.update(task, advance=1, description=f"{claim.id}: {verdict.verdict}")

        return finish(run(done))


def cmd_check(args: argparse.Namespace) -> int:
    from . import report
    from .outputs import check_file

    if args.changed and args.rerun:  # referee AS: --rerun had silently emptied --changed's selection
        raise InputError("--changed runs only the stale claims and --rerun runs every one again: give one")
    check_file(args.output)  # before minutes of checks, not after
    registry = load(args.proofs)
    registry.select(args.ids)  # an unknown id is an error before anything runs
    results = run_audit(registry, args.ids, jobs=args.jobs, timeout=args.timeout,
                        progress=not args.no_progress, rerun=args.rerun, changed=args.changed)
    if args.changed and not results:
        print(f"theorycheck: nothing changed: all {results.skipped_fresh} selected claims are fresh in the cache "
              f"({results.cache_dir}); --rerun runs them again", file=sys.stderr)
        if args.output is not None and str(args.output) != "-":  # referee AS: an empty report replaced the file
            print(f"theorycheck: {args.output} left as it was", file=sys.stderr)
            return 0
    unknown = results.unknown_premises
    # a selection on a cold cache: premises outside it were neither run nor cached, so "on a refuted premise" and the
    # root failures may be incomplete, and the output says so (referee EA, EA-4: it had shown such claims as clean);
    # so may the readings a verified claim holds under (referee EI, EI-10: a family run had shown 11 of 17)
    named = f"({', '.join(unknown[:5])}{', …' if len(unknown) > 5 else ''})"
    # with the cache off (THEORYCHECK_NO_CACHE, or a folder that cannot be written) the premises are not read from it,
    # and a whole audit would not make a later selection see them (referee EF, EF-10): select them too
    note = "" if not unknown else (
        f"{report.plural(len(unknown), 'premise')} of the selected claims not run {named}: the cache is off, so "
        "their verdicts are not read from it and are unknown; the claims resting on a refuted or undecided premise, "
        "the root failures and the readings the verified claims hold under ([under a reading]) may be incomplete — "
        "select the premises too (`theorycheck check ID PREMISE …`)"
        if results.cache_dir is None else
        f"{report.plural(len(unknown), 'premise')} of the selected claims neither run nor fresh in the cache "
        f"{named}: their verdicts are unknown, so the claims resting on a refuted or undecided premise, the root "
        "failures and the readings the verified claims hold under ([under a reading]) may be incomplete; "
        "`theorycheck check` without ids runs them")
    if args.format == "json":
        data = report.json_report(registry.paper, results, registry.location)
        if unknown:
            data["premises_not_in_cache"] = list(unknown)
            for record in data["claims"]:
                record["premises_not_in_cache"] = list(results.unknown_by_claim.get(record["id"], ()))
        _write(json.dumps(data, indent=2) + "\n", args.output, ".json")
    elif args.format == "markdown":
        _write(report.markdown_table(registry.paper, results) + (f"\n{note}\n" if note else ""), args.output, ".md")
    else:
        import io

        if args.output or not sys.stdout.isatty():
            console = _console(io.StringIO())  # rendered first, written at once (or kept on failure)
        else:
            console = _console()
        console.print(report.rich_table(results, title=f"theorycheck: {registry.paper}", width=console.width))
        console.print(report.summary_line(results, wall=results.wall, cpu=results.cpu))
        if note:
            console.print(note, markup=False)
        if isinstance(console.file, io.StringIO):
            _write(console.file.getvalue(), args.output, ".txt")
    failed = any(r.verdict.verdict == "error" for r in results)
    refuted = any(r.verdict.verdict == "refuted" for r in results)
    return 1 if failed or (args.strict and refuted) else 0


def _one_claim(registry: Registry, wanted: str):
    """The claim ``wanted`` names: an exact id, or a prefix (``fourier.``) that selects one claim.
    A prefix that selects several lists them on standard output and is an :class:`InputError`."""
    from .errors import UnknownClaimError

    try:
        return registry.get(wanted)
    except UnknownClaimError:
        hits = registry.select([wanted])  # raises UnknownClaimError with suggestions when nothing matches
        if len(hits) == 1:
            return hits[0]
        width = max(len(c.id) for c in hits)
        sys.stdout.write("".join(f"{c.id.ljust(width)}  {c.title}\n" for c in hits))
        sys.stdout.flush()
        raise InputError(f"{wanted!r} matches {len(hits)} claims (listed above); show takes one id, "
                         f"e.g. theorycheck show {hits[0].id}") from None


def regime_lines(regime: dict | None) -> list[str]:
    """Where an asymptotic claim holds, as plain lines: the region, all/part/none, each exact condition, the witness."""
    if not regime:
        return []
    where = {"all": "on the whole region", "part": "on part of the region", "none": "nowhere in the region",
             "undecided": "on a part of the region not decided"}
    holds_on = str(regime.get("holds_on"))
    undecided = regime.get("undecided") or []
    exact = regime.get("conditions_exact") or [c for c in regime.get("conditions") or [] if c not in undecided]
    reading = conditions_reading(regime)
    at_most = reading == AT_MOST  # referee BS, BS2
    if at_most:
        # a measured obstruction: it fails outside its conditions, and inside them it is not decided (referee BP, C2)
        exact = regime.get("conditions_exact") or [re.sub(r"^\\text\{at most where \}\s*", "", c)
                                                   for c in regime.get("conditions") or []]
    if (holds_on == "part" and not exact and undecided) or at_most:
        # e.g. a measured obstruction: refuted where it was measured, and its conditions only say where it is not
        # refuted (undecided) — no part of the region where it is shown to hold (referee L)
        out = [f"Regime: fails on part of the region, undecided on the rest ({regime.get('region', '')})"]
    else:
        out = [f"Regime: holds {where.get(holds_on, holds_on)} ({regime.get('region', '')})"]
    if exact and holds_on != "all" and not (at_most and list(exact) == list(undecided)):  # said once, below
        if at_most:
            header = "  holds at most where (fails elsewhere):"
        elif holds_on == "none":
            header = "  would hold where (nowhere in the region):"
        elif holds_on == "undecided":
            header = "  holds at least where:"
        elif undecided:  # the undecided part lies inside where it would hold (referee BP, F7)
            header = "  holds where (but for the undecided part below):"
        elif reading == AT_LEAST:  # a term may make it hold outside them (referee BR)
            header = "  holds at least where:"
        else:
            header = "  holds where:"
        out.append(header)
        out += [f"    {readable(c)}" for c in exact]
    elif holds_on == "all" and regime.get("conditions") and not regime.get("conditions_exact"):
        # conditions stated beside the region (ε < 1, d large enough; referee CT, LOW-4); exact conditions of an
        # "all" record hold on the whole region and are not repeated
        out.append("  with:")
        out += [f"    {readable(c)}" for c in regime["conditions"]]
    if regime.get("decides"):
        out.append(f"  of the relation: {regime['decides']}")
    if regime.get("premise"):
        out.append(f"  given: {regime['premise']}")
    if regime.get("failing_without_a_regime"):  # a chain's identity that fails: it places no failure on the region
        out.append("  fails as an identity: " + ", ".join(map(relation_label, regime["failing_without_a_regime"])))
    if undecided:
        out.append("  undecided:")
        out += [f"    {readable(u)}" for u in undecided]
    witness = regime.get("witness")
    if witness:
        point = witness.get("point", witness) if isinstance(witness, dict) else witness
        text = ", ".join(f"{k} = {v}" for k, v in point.items()) if isinstance(point, dict) else str(point)
        out.append(f"  fails at: {readable(text)}")
        if isinstance(witness, dict) and witness.get("term") and isinstance(witness.get("term_exponents"), dict):
            # which term fails there (new-user trial: dpgd.s1-bound's witness is its contraction premise's, unsaid)
            sides = witness.get("right_side_exponents") or []
            right = " + ".join(_order(e) for e in sides if isinstance(e, dict)) or "?"
            out.append(f"    there the term {readable(witness['term'])} grows like {_order(witness['term_exponents'])}"
                       f", the right side like {right}")
    if regime.get("readings"):
        out.append("  readings:")
        out += [f"    {reading}: {readable(str(where))}" for reading, where in regime["readings"].items()]
    return out


def _order(exponents: Mapping[str, Any]) -> str:
    """``{"d": "1/24", "log_d": "2"}`` → ``d^(1/24) log² d``; zero exponents are left out (``1`` if both are)."""
    from .prose import latex_to_text

    d, log_d = str(exponents.get("d", "0")), str(exponents.get("log_d", "0"))
    parts = ([latex_to_text(f"d^{{{d}}}")] if d != "0" else []) + ([latex_to_text(f"\\log^{{{log_d}}} d")]
                                                                   if log_d != "0" else [])
    return " ".join(parts) or "1"


def cmd_show(args: argparse.Namespace) -> int:
    from rich.markup import escape
    from rich.panel import Panel

    from .report import VERDICT_STYLE, evidence_lines

    registry = load(args.proofs)
    claim = _one_claim(registry, args.id)
    if getattr(args, "json", False):
        results = run_audit(registry, [claim.id], jobs=1, timeout=args.timeout, progress=False,
                            rerun=getattr(args, "rerun", False))
        [result] = results
        # premises whose verdicts are unknown (not in the cache): rests_on_refuted and root_failures may be incomplete
        record = {**result.to_dict(), "premises_not_in_cache": list(results.unknown_premises)}
        _write(json.dumps(record, indent=2, ensure_ascii=False) + "\n", None, ".json")
        return 1 if result.verdict.verdict == "error" else 0
    import io

    console = _console() if sys.stdout.isatty() else _console(io.StringIO())  # not a terminal: strip line ends
    console.print(Panel.fit(f"[bold]{escape(claim.id)}[/]: {escape(claim.title)}\n[dim]{escape(claim.source)}[/]"))
    console.print("[bold]Statement[/] (LaTeX):")
    console.print(claim.statement, markup=False)
    console.print(f"[bold]Assumptions:[/] {escape(claim.assumptions)}")
    if claim.depends_on:
        console.print(f"[bold]Depends on:[/] {escape(', '.join(claim.depends_on))}")
    if claim.sympy is not None:
        console.print(f"[bold]SymPy:[/] {escape(str(claim.sympy))}")
    results = run_audit(registry, [claim.id], jobs=1, timeout=args.timeout, progress=False,
                        rerun=getattr(args, "rerun", False))
    [result] = results

    kind = result.verdict.verdict
    console.print(f"[bold]Verdict:[/] [{VERDICT_STYLE[kind]}]{kind}[/] ({result.verdict.method}, {result.seconds:.1f} s"
                  + (", from the cache: `--rerun` runs it again" if result.cached else "") + ")")
    console.print(result.verdict.detail, markup=False)
    unknown = list(results.unknown_by_claim.get(claim.id, ()))
    if result.rests_on_refuted:
        roots = set(result.root_failures) if not unknown else set()  # roots need every premise's verdict
        shown = [f"{dep} (root failure)" if dep in roots else dep for dep in result.rests_on_refuted]
        from .theorems import load_theorems

        falsifies = [t.id for t in load_theorems(registry) if claim.id in t.falsified_by]
        console.print(f"[bold]Rests on refuted:[/] {escape(', '.join(shown))}"
                      + (" (the verdict is the step's own, given these premises; the regime below is where it holds "
                         "given them)" if kind == "verified" else "")
                      + (f" (a falsifier of Theorem {', '.join(falsifies)}: its refutation computes the stated "
                         "object from the definitions, as its evidence says, and does not use these premises)"
                         if kind == "refuted" and falsifies else ""))
    if (how := decided_without_premises(result.verdict)) is not None:
        premises = ", ".join(claim.depends_on) or "none"
        route = ", ".join(premises_of(claim, result.verdict)) or "none"
        console.print(f"[bold]Decided without its premises[/] ({escape(premises)}, which the paper's proof uses): "
                      f"{escape(how)}; its route rests on: {escape(route)}")
    if result.verified_given:
        console.print(f"[bold]Rests on undecided:[/] {escape(', '.join(result.verified_given))} (inconclusive, or "
                      "their check raised an error: the verdict is the step's own, given these premises)")
    if result.verified_under_reading:
        # the claim itself reads as "its own readings" (referee BE: it had named itself as if it were a premise)
        whose = ["its own readings" if cid == result.claim.id else cid for cid in result.verified_under_reading]
        console.print(f"[bold]Holds only under a reading of:[/] {escape(', '.join(whose))} "
                      "(a reading of the paper's convention fails or is undecided there; `theorycheck show ID` "
                      "lists the readings)")
    if result.refuted_holding_under:
        console.print(f"[bold]Refuted as printed, holds under another reading:[/] "
                      f"{escape('; '.join(result.refuted_holding_under))} (the Regime line below is the printed "
                      "reading's)")
    if unknown:
        from . import cache as cache_mod

        off = not cache_mod.enabled()  # referee EF, EF-10: with the cache off a whole audit would not help `show`
        console.print(f"[bold]Premises not {'read (the cache is off)' if off else 'in the cache'}:[/] {len(unknown)} "
                      f"({escape(', '.join(unknown[:5]))}{', …' if len(unknown) > 5 else ''}): their verdicts are "
                      "unknown here, so the refuted and undecided premises above may be incomplete; "
                      + ("`theorycheck check ID PREMISE …` runs them with the claim" if off else
                         "`theorycheck check` runs them"))
    console.print("[bold]Evidence:[/] (raw record: theorycheck show ID --json)")
    for line in evidence_lines(result.verdict.evidence):
        console.print("  " + line, markup=False)
    if result.verdict.corrected:
        console.print("[bold]Corrected statement[/] (checked):")
        console.print(result.verdict.corrected, markup=False)
    for line in regime_lines(result.verdict.regime):
        if kind == "verified" and result.rests_on_refuted and line.startswith("Regime: holds"):
            line += " — given its premises, of which some are refuted (above)"
        elif result.verified_given and line.startswith("Regime: holds"):
            line += " — given its premises, of which some are undecided (above)"
        elif result.verified_under_reading and line.startswith("Regime: holds"):
            line += " — under a reading (the readings below, or a premise's: above)"
        console.print(line, markup=False)
    if isinstance(console.file, io.StringIO):
        _write("".join(line.rstrip() + "\n" for line in console.file.getvalue().splitlines()), None)
    return 1 if kind == "error" else 0


def cmd_list(args: argparse.Namespace) -> int:
    from rich.table import Table

    registry = load(args.proofs)
    from .report import plural

    table = Table(title=f"{plural(len(registry.claims), 'claim')} of “{registry.paper}”")
    for column in ("id", "source", "title"):
        table.add_column(column)
    for claim in registry.claims:
        table.add_row(claim.id, claim.source, claim.title)
    _console().print(table)
    return 0


def cmd_latex(args: argparse.Namespace) -> int:
    from .outputs import check_file
    from .report import latex_document

    check_file(args.output)
    if args.no_run and args.rerun:  # referee AN: accepted and ignored
        raise InputError("--rerun runs the checks and --no-run writes the statements without them: give one")
    if args.no_run and getattr(args, "given", ()):  # referee AS: accepted and ignored
        raise InputError(f"{' and '.join(dict.fromkeys(args.given))} set how the checks run, and --no-run runs none: "
                         "drop one")
    registry = load(args.proofs)
    selected = registry.select(args.ids)
    results = run_audit(registry, args.ids, jobs=args.jobs, timeout=args.timeout,
                        progress=not args.no_progress, rerun=args.rerun) if not args.no_run else []
    from .html_report import theorem_verdicts

    theorems = theorem_verdicts(registry, results) if results and not args.ids else []
    text = latex_document(registry.paper, selected, {r.claim.id: r for r in results}, theorems, registry.location)
    _write(text, args.output, ".tex")
    return 0


class _Given(argparse.Action):
    """Store the value and remember that the option was given (``namespace.given``), so that a command can refuse
    an option its other options make pointless (``latex --no-run --jobs 4``: nothing runs)."""

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, True if self.nargs == 0 else values)
        namespace.given = (*getattr(namespace, "given", ()), option_string)


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", "-j", type=_jobs, default=min(2, os.cpu_count() or 1), action=_Given,
                        help=f"checks run in parallel processes (default: %(default)s; at most {JOBS_PER_CPU} per CPU)")
    parser.add_argument("--timeout", type=_timeout, default=DEFAULT_TIMEOUT, action=_Given,
                        help="seconds each check may take before it is stopped as an error (default: %(default)s)")
    parser.add_argument("--no-progress", action=_Given, nargs=0, default=False,
                        help="no progress on standard error (a bar on a terminal, otherwise a line per finished check)")
    parser.add_argument("--rerun", action="store_true",
                        help="run every selected check again, ignoring cached verdicts (fresh results are still "
                             "stored)")


#: Public names of the helpers the subcommand modules (theorycheck/commands/*) share with this module.
make_console = _console
write_output = _write
positive_int_arg = _positive_int
positive_float_arg = _positive_float
add_run_options = _add_run_options


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="theorycheck",
                                     description="Machine-check a theory paper claim by claim.")
    parser.add_argument("--version", action="version", version=f"theorycheck {__version__}")
    parser.add_argument("--proofs", metavar="DIR", default=None,
                        help="folder of claim modules to audit "
                             "(default: this project's proofs/, installed as theorycheck_proofs)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("check", help="run the checks and print a table of verdicts")
    p.add_argument("ids", nargs="*", metavar="ID", help="claim ids or id prefixes such as 'fourier.' (default: all)")
    p.add_argument("--format", choices=("table", "json", "markdown"), default="table",
                   help="a table on the terminal (default), the JSON record of every claim, or Markdown")
    p.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE instead of standard output")
    p.add_argument("--strict", action="store_true", help="also exit 1 when a claim is refuted")
    p.add_argument("--changed", action="store_true",
                   help="run and list only the claims whose cached verdict is missing or stale")
    _add_run_options(p)
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("show", help="statement, assumptions, evidence and correction of one claim")
    p.add_argument("id", metavar="ID", help="a claim id (theorycheck list shows them)")
    p.add_argument("--timeout", type=_timeout, default=DEFAULT_TIMEOUT,
                   help="seconds the check may take before it is stopped as an error (default: %(default)s)")
    p.add_argument("--rerun", action="store_true", help="run the check again even if its cached verdict is fresh")
    p.add_argument("--json", action="store_true", help="print the raw JSON record of the claim (as in check --format "
                                                       "json)")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("list", help="list claim ids, sources and titles")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("latex", help="write a standalone LaTeX document of statements, verdicts and corrections")
    p.add_argument("ids", nargs="*", metavar="ID", help="claim ids or id prefixes such as 'fourier.' (default: all)")
    p.add_argument("--output", "-o", metavar="FILE", help="write the .tex file here (default: standard output)")
    p.add_argument("--no-run", action="store_true", help="statements only, without running the checks")
    _add_run_options(p)
    p.set_defaults(func=cmd_latex)

    from . import commands

    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


#: errno values of a failed write (full disk, I/O error, quota).
_WRITE_ERRNOS = {28, 5, 122}


def _silence_stdout() -> None:
    """Point standard output at the null device, so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


#: the commands that read no claim module (``--proofs`` has nothing to choose for them)
COMMANDS_WITHOUT_CLAIMS = ("simulate", "audit", "privacy")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # point at the subcommand's help, not the top level's (referee AN)
        where = f"theorycheck {args.command}" if getattr(args, "command", None) else "theorycheck"
        parser.exit(2, f"theorycheck: error: unrecognized arguments: {' '.join(extra)} (see '{where} --help')\n")
    if not getattr(args, "func", None):  # one line, not the whole usage (new-user trial)
        commands = ", ".join(next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices)
        print(f"theorycheck: error: give a command ({commands}); `theorycheck check` runs the audit, "
              "`theorycheck --help` describes each", file=sys.stderr)
        return 2
    previous = _raise_on_sigterm()
    try:
        from . import blas, cache

        blas.check_environment()  # the environment is input too (referee AS)
        cache.check_environment()
        if args.proofs is not None and args.command in COMMANDS_WITHOUT_CLAIMS:  # referee AS: accepted and ignored
            raise InputError(f"--proofs chooses the claims to check; `theorycheck {args.command}` checks none: drop it")
        return int(args.func(args) or 0)
    except InputError as exc:
        print(f"theorycheck: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head: nothing left to say
        _silence_stdout()
        return 1
    except OSError as exc:  # standard output or a file the command writes: full disk, I/O error, ...
        _silence_stdout()
        where = f" ({exc.filename})" if exc.filename else " (standard output)" if exc.errno in _WRITE_ERRNOS else ""
        print(f"theorycheck: error: {exc.strerror or exc}{where}; free space or choose another destination",
              file=sys.stderr)
        return 2
    except Terminated:
        print("theorycheck: terminated", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("theorycheck: interrupted", file=sys.stderr)
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _raise_on_sigterm() -> Any:
    """Make SIGTERM raise :class:`~theorycheck.errors.Terminated` (a KeyboardInterrupt: every clean-up Ctrl-C runs,
    runs for it) while a command runs; the handler it replaces, or None where none was installed (not the main
    thread, or a handler other than the default is already in place)."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGTERM) != signal.SIG_DFL:
        return None

    def terminated(signum: int, frame: Any) -> None:
        raise Terminated()

    return signal.signal(signal.SIGTERM, terminated)


if __name__ == "__main__":
    sys.exit(main())
