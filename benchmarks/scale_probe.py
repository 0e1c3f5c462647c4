"""Which registered checks verify an identity that is off by a hair? For every claim whose check takes a Statement
with "=" (each Statement argument in turn, as benchmarks/relation_probe.py finds them), multiply the right side by
1 + 10⁻ᵏ (k = 12 and 40 by default), run the check and print one JSON line per run. The scaled identity is false
wherever the right side is not 0, so "verified" is a check that could not have failed at that scale (referee EH,
EH-21: a right side × (1 + 10⁻¹⁰) had been verified); "inconclusive" is honest (numerics that cannot see it),
"refuted" needs a witness beyond the numerical error (an exact comparison). A review tool, not a timing.

Usage: python benchmarks/scale_probe.py [--k 12 40] [CLAIM_ID ...]
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import time

import sympy as sp
from relation_probe import statement_arguments, with_flipped

from theorycheck import cache as cache_mod
from theorycheck import memo
from theorycheck.registry import load
from theorycheck.statement import Rel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--k", nargs="+", type=int, default=[12, 40])
    options = parser.parse_args()
    registry = load()
    counts: collections.Counter[str] = collections.Counter()
    with memo.active(cache_mod.Cache(registry.location)):
        for claim in registry.claims:
            if options.ids and claim.id not in options.ids:
                continue
            found = [f for f in statement_arguments(claim.check) if f[2].rel == Rel.EQ and f[2].rhs != 0]
            check = claim.check
            fn = check.func if isinstance(check, functools.partial) else check
            base_args = list(check.args) if isinstance(check, functools.partial) else []
            base_kw = dict(check.keywords) if isinstance(check, functools.partial) else {}
            for (kind, where, statement), k in ((f, k) for f in found for k in options.k):
                scaled = statement.perturb(rhs=statement.rhs * (1 + sp.Rational(1, 10**k)))
                args, kw = with_flipped(base_args, base_kw, kind, where, scaled)
                started = time.perf_counter()
                try:
                    verdict = fn(*args, **kw)
                    outcome, detail = verdict.verdict, verdict.detail
                except ValueError as exc:  # InputError included
                    outcome, detail = "refused", str(exc)
                except Exception as exc:  # noqa: BLE001 — a crash is a finding too
                    outcome, detail = "crash", f"{type(exc).__name__}: {exc}"
                counts[outcome] += 1
                print(json.dumps({"id": claim.id, "check": fn.__name__, "argument": str(where), "k": k,
                                  "outcome": outcome, "seconds": round(time.perf_counter() - started, 1),
                                  "detail": detail[:200]}, ensure_ascii=False), flush=True)
    print(json.dumps({"summary": dict(counts)}), flush=True)


if __name__ == "__main__":
    main()
