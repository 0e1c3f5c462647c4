"""Which registered checks ignore their statement's relation? For every claim whose check takes Statements (the
arguments of its partial and the Statement defaults it leaves, each in turn), flip the relation (= → <, ≤ → >,
< → >, ≥ → <, the asymptotic ones as in FLIPS), run the check, and print one JSON line per flip; a flipped
statement that comes back "verified" (or with the original's detail) is a checker that ignored its relation (a
review tool, not a timing: several minutes on the 2-core machine).

Usage: python benchmarks/relation_probe.py [CLAIM_ID ...]

At 52a4b86 (2026-12-01, before theorycheck.statement.decides) 21 of the 60 checks verified the flipped statement;
at 233f2e6 none does: the flipped statements are refuted, inconclusive, or refused (an InputError or ValueError
naming the relations the check decides).
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import inspect
import json
import sys
import time

from theorycheck import cache as cache_mod
from theorycheck import memo
from theorycheck.registry import load
from theorycheck.statement import Rel, Statement

#: the flips tried for each relation (referee EH, EH-4 and EH-10: = → ≤ shows a refuted "=" that a ≤ would not
#: change; the asymptotic relations had not been flipped at all)
FLIPS = {Rel.EQ: (Rel.LT, Rel.LE), Rel.LT: (Rel.GT,), Rel.LE: (Rel.GT, Rel.LT), Rel.GT: (Rel.LT,),
         Rel.GE: (Rel.LT,), Rel.LESSSIM: (Rel.ASYMP, Rel.LITTLE_O), Rel.LESSSIM_P: (Rel.LITTLE_O,),
         Rel.LE_P: (Rel.GT,), Rel.BIG_O_P: (Rel.LITTLE_O,), Rel.BIG_O: (Rel.LITTLE_O,), Rel.LL: (Rel.ASYMP,),
         Rel.ASYMP: (Rel.LITTLE_O,), Rel.LITTLE_O: (Rel.ASYMP, Rel.BIG_O)}


def statement_arguments(check) -> list[tuple[str, object, Statement]]:
    """Every place the check's statements are passed: ("arg", index, statement) for its partial's positional
    arguments, ("kw", name, statement) for its keywords and for the Statement defaults the partial leaves (referee
    EH: a checker's second Statement parameter — a corrected statement, a premise — had not been flipped)."""
    fn = check.func if isinstance(check, functools.partial) else check
    args = list(check.args) if isinstance(check, functools.partial) else []
    kw = dict(check.keywords) if isinstance(check, functools.partial) else {}
    found: list[tuple[str, object, Statement]] = [("arg", i, a) for i, a in enumerate(args) if isinstance(a, Statement)]
    found += [("kw", k, a) for k, a in kw.items() if isinstance(a, Statement)]
    try:
        parameters = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return found
    found += [("kw", p.name, p.default) for i, p in enumerate(parameters)
              if i >= len(args) and p.name not in kw and isinstance(p.default, Statement)]
    # the relations inside a chain of steps (Part 3's Step tuples: referee EK, EK-1 — the probe had never reached
    # them): ("step-arg", (index, position), statement) and ("step-kw", (name, position), statement)
    for kind, items in (("step-arg", enumerate(args)), ("step-kw", kw.items())):
        for where, value in items:
            if isinstance(value, (tuple, list)):
                found += [(kind, (where, j), step.statement) for j, step in enumerate(value)
                          if dataclasses.is_dataclass(step) and isinstance(getattr(step, "statement", None), Statement)]
    return found


def with_flipped(args: list, kw: dict, kind: str, where: object, flipped: Statement) -> tuple[list, dict]:
    """The check's arguments with the statement at (kind, where) replaced by ``flipped``."""
    args, kw = list(args), dict(kw)
    if kind == "arg":
        args[where] = flipped
    elif kind == "kw":
        kw[where] = flipped
    else:
        outer, j = where
        holder = args if kind == "step-arg" else kw
        steps = list(holder[outer])
        steps[j] = dataclasses.replace(steps[j], statement=flipped)
        holder[outer] = type(holder[outer])(steps)
    return args, kw


def main() -> None:
    registry = load()
    only = set(sys.argv[1:])
    counts: collections.Counter[str] = collections.Counter()
    with memo.active(cache_mod.Cache(registry.location)):
        for claim in registry.claims:
            if only and claim.id not in only:
                continue
            found = [f for f in statement_arguments(claim.check) if f[2].rel in FLIPS]
            if not found:
                continue
            check = claim.check
            fn = check.func if isinstance(check, functools.partial) else check
            base_args = list(check.args) if isinstance(check, functools.partial) else []
            base_kw = dict(check.keywords) if isinstance(check, functools.partial) else {}
            original = claim.check()
            for (kind, where, statement), rel in ((f, rel) for f in found for rel in FLIPS[f[2].rel]):
                args, kw = with_flipped(base_args, base_kw, kind, where, statement.perturb(rel=rel))
                started = time.perf_counter()
                try:
                    verdict = fn(*args, **kw)
                    outcome, detail = verdict.verdict, verdict.detail
                except ValueError as exc:  # InputError (statement.decides) and the older ValueError guards
                    outcome, detail = "refused", str(exc)
                except Exception as exc:  # noqa: BLE001 — a crash is a finding too (the probe goes on)
                    outcome, detail = "crash", f"{type(exc).__name__}: {exc}"
                # the same detail for both relations: the check did not read the relation
                same = outcome != "refused" and detail == original.detail
                counts[outcome + (" (same detail)" if same else "")] += 1
                print(json.dumps({"id": claim.id, "check": fn.__name__, "argument": str(where),
                                  "relation": statement.rel.symbol,
                                  "flipped": rel.symbol, "outcome": outcome, "same_detail_as_original": same,
                                  "original": original.verdict, "seconds": round(time.perf_counter() - started, 1),
                                  "detail": detail[:160]}, ensure_ascii=False), flush=True)
    print(json.dumps({"summary": dict(counts)}), flush=True)


if __name__ == "__main__":
    main()
