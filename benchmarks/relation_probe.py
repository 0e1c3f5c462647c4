"""Which registered checks ignore their statement's relation? For every claim whose check takes a Statement (an
argument of its partial, else its first Statement default), flip the relation (= → <, ≤ → >, < → >, ≥ → <), run the
check, and print one JSON line per claim; a flipped statement that comes back "verified" is a checker that ignored
its relation (a review tool, not a timing: several minutes on the 2-core machine).

Usage: python benchmarks/relation_probe.py [CLAIM_ID ...]

At 52a4b86 (2026-12-01, before theorycheck.statement.decides) 21 of the 60 checks verified the flipped statement;
at 233f2e6 none does: the flipped statements are refuted, inconclusive, or refused (an InputError or ValueError
naming the relations the check decides).
"""

from __future__ import annotations

import collections
import functools
import inspect
import json
import sys
import time

from theorycheck import cache as cache_mod
from theorycheck import memo
from theorycheck.registry import load
from theorycheck.statement import Rel, Statement

FLIP = {Rel.EQ: Rel.LT, Rel.LT: Rel.GT, Rel.LE: Rel.GT, Rel.GT: Rel.LT, Rel.GE: Rel.LT}


def statement_argument(check) -> tuple[str, object, Statement] | None:
    """("arg", index, statement) or ("kw", name, statement): where the check's statement is passed, or None."""
    fn = check.func if isinstance(check, functools.partial) else check
    args = list(check.args) if isinstance(check, functools.partial) else []
    kw = dict(check.keywords) if isinstance(check, functools.partial) else {}
    for i, a in enumerate(args):
        if isinstance(a, Statement):
            return "arg", i, a
    for k, a in kw.items():
        if isinstance(a, Statement):
            return "kw", k, a
    try:
        parameters = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return None
    return next((("kw", name, p.default) for name, p in parameters.items()
                 if isinstance(p.default, Statement) and name not in kw), None)


def main() -> None:
    registry = load()
    only = set(sys.argv[1:])
    counts: collections.Counter[str] = collections.Counter()
    with memo.active(cache_mod.Cache(registry.location)):
        for claim in registry.claims:
            if only and claim.id not in only:
                continue
            found = statement_argument(claim.check)
            if found is None or found[2].rel not in FLIP:
                continue
            kind, where, statement = found
            check = claim.check
            fn = check.func if isinstance(check, functools.partial) else check
            args = list(check.args) if isinstance(check, functools.partial) else []
            kw = dict(check.keywords) if isinstance(check, functools.partial) else {}
            flipped = statement.perturb(rel=FLIP[statement.rel])
            if kind == "arg":
                args[where] = flipped
            else:
                kw[where] = flipped
            started = time.perf_counter()
            try:
                verdict = fn(*args, **kw)
                outcome, detail = verdict.verdict, verdict.detail
            except ValueError as exc:  # InputError (theorycheck.statement.decides) and the older ValueError guards
                outcome, detail = "refused", str(exc)
            counts[outcome] += 1
            print(json.dumps({"id": claim.id, "check": fn.__name__, "relation": statement.rel.symbol,
                              "flipped": FLIP[statement.rel].symbol, "outcome": outcome,
                              "seconds": round(time.perf_counter() - started, 1), "detail": detail[:160]},
                             ensure_ascii=False), flush=True)
    print(json.dumps({"summary": dict(counts)}), flush=True)


if __name__ == "__main__":
    main()
