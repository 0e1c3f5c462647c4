"""Theorem-level verdicts, computed from the claim tree a theorem rests on (never typed by hand).

A proofs folder may define ``THEOREMS``: a list of :class:`Theorem` records. Each names the claims its
proof rests on (``rests_on``: the top claims; their dependencies are followed through the registry)
and the claims that test the *statement itself* (``falsified_by``: an exact computation or a
simulation of the stated object — the privacy of the stated mechanism, the risk at the stated
sizes). From the claims' verdicts:

* ``fails``    — a claim of ``falsified_by`` is refuted: the statement as stated is false (its witness
  is given);
* ``unproven`` — some claim of the proof is refuted but nothing refutes the statement: the proof has a
  gap, the statement may still be true;
* ``open``     — nothing is refuted but some claim is inconclusive or could not be run;
* ``holds``    — every claim under it is verified.

``root_failures`` are the refuted claims of the tree with no refuted claim under them. For an
asymptotic theorem, ``region`` collects where the proof survives: the conditions of the claims whose
``regime`` holds on part of the admissible region (their conjunction), and the claims that hold
nowhere.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from .claims import Verdict, readings_holding, readings_partly, readings_short_of_all
from .errors import InputError
from .registry import Registry

TheoremVerdict = Literal["holds", "fails", "unproven", "open"]
THEOREM_VERDICTS: tuple[TheoremVerdict, ...] = ("holds", "fails", "unproven", "open")


@dataclasses.dataclass(frozen=True)
class Repaired:
    """The nearest repaired statement: its LaTeX (or Statement), the changes from the paper, its claims."""

    statement: Any
    changes: tuple[str, ...]
    rests_on: tuple[str, ...]
    falsified_by: tuple[str, ...] = ()

    @property
    def latex(self) -> str:
        return self.statement if isinstance(self.statement, str) else self.statement.latex()


@dataclasses.dataclass(frozen=True)
class Theorem:
    """One theorem of the paper and the claims that decide it (see the module docstring)."""

    id: str
    title: str
    source: str
    statement: Any
    rests_on: tuple[str, ...]
    falsified_by: tuple[str, ...] = ()
    asymptotic: bool = False
    repaired: Repaired | None = None
    note: str = ""

    @property
    def latex(self) -> str:
        return self.statement if isinstance(self.statement, str) else self.statement.latex()

    def claim_ids(self) -> tuple[str, ...]:
        extra = self.repaired.rests_on + self.repaired.falsified_by if self.repaired else ()
        return tuple(dict.fromkeys(self.rests_on + self.falsified_by + extra))


def load_theorems(registry: Registry) -> list[Theorem]:
    """The ``THEOREMS`` of every module of the registry's proofs folder (load the registry first)."""
    path = Path(registry.location).resolve()
    found: list[Theorem] = []
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if file and Path(file).resolve().parent == path and hasattr(module, "THEOREMS"):
            found.extend(module.THEOREMS)
    ids = set(registry.ids)
    for theorem in found:
        missing = [c for c in theorem.claim_ids() if c not in ids]
        if missing:
            raise InputError(f"theorem {theorem.id} names unknown claims: {', '.join(missing)}")
    return sorted(found, key=lambda t: (len(t.id), t.id))


def tree(registry: Registry, roots: Sequence[str]) -> list[str]:
    """Every claim under ``roots`` (roots included), leaves first (a dependency before what uses it)."""
    order: list[str] = []
    seen: set[str] = set()

    def visit(cid: str) -> None:
        if cid in seen:
            return
        seen.add(cid)
        for dep in registry.get(cid).depends_on:
            visit(dep)
        order.append(cid)

    for root in roots:
        visit(root)
    return order


def _regions(claim_ids: Sequence[str], verdicts: Mapping[str, Verdict]) -> dict[str, Any]:
    """Where the proof survives: the conditions of the steps that hold on part of the region. A refuted step that
    holds on the whole region under another recorded reading (a slip read as the surrounding text uses it, ≤_P read as
    ≲_P, …; :func:`~theorycheck.claims.readings_holding`) is listed under ``holding_under_a_reading`` with those
    readings instead of emptying the region: the argument goes through with that step so read."""
    survives_on: list[dict[str, Any]] = []
    nowhere: list[str] = []
    everywhere: list[str] = []
    read: list[dict[str, Any]] = []
    for cid in claim_ids:
        v = verdicts.get(cid)
        regime = v.regime if v is not None else None
        if not regime:
            continue
        holding = readings_holding(v) if v is not None and v.verdict == "refuted" else ()
        # a step failing everywhere as first read, on part of the region under another recorded reading
        # (referee CD, CD2: thm1.privacy under add-remove adjacency)
        partly = readings_partly(v) if v is not None and regime.get("holds_on") == "none" else ()
        if holding:
            read.append({"claim": cid, "readings": list(holding)})
        elif partly:
            read.append({"claim": cid, "readings": list(partly), "on_part_of_the_region": True})
        elif v is not None and v.verdict == "verified" and readings_short_of_all(v):
            # it holds everywhere only under some readings (referee BE): listed with those, not as holding everywhere
            read.append({"claim": cid, "readings": list(readings_holding(v))})
        elif regime.get("holds_on") == "all":
            everywhere.append(cid)
        elif regime.get("holds_on") == "none":
            nowhere.append(cid)
        else:
            survives_on.append({"claim": cid, "conditions": list(regime.get("conditions", [])),
                                "conditions_exact": list(regime.get("conditions_exact", [])),
                                "witness": regime.get("witness")})
    reading = (f" (with {len(read)} step(s) holding only under a recorded reading, some on part of the region: "
               f"{', '.join(r['claim'] for r in read)})" if read else "")
    return {"proof_survives_on": survives_on, "claims_failing_everywhere": nowhere,
            "claims_holding_everywhere": everywhere, "holding_under_a_reading": read,
            "summary": ("nowhere (a step fails on the whole region)" if nowhere else
                        "the whole admissible region" if not survives_on else
                        f"the part of the region where the {len(survives_on)} listed conditions all hold") + reading}


def _decide(roots: Sequence[str], falsifiers: Sequence[str], registry: Registry,
            verdicts: Mapping[str, Verdict]) -> dict[str, Any]:
    ids = tree(registry, list(roots) + list(falsifiers))
    kinds = {cid: (verdicts[cid].verdict if cid in verdicts else "not run") for cid in ids}
    refuted = [cid for cid in ids if kinds[cid] == "refuted"]
    refuted_set = set(refuted)
    falsified = [cid for cid in falsifiers if kinds.get(cid) == "refuted"]
    # a refuted falsifier computes the stated object from the definitions: its refutation rests on no premise, so it
    # is a root failure whatever its depends_on (referee CD, CD1); then the refuted claims resting on nothing refuted
    roots_failed = falsified + [cid for cid in refuted if cid not in falsified
                                and not any(dep in refuted_set for dep in registry.dependencies(cid))]
    if falsified:
        verdict: TheoremVerdict = "fails"
    elif refuted:
        verdict = "unproven"
    elif any(k != "verified" for k in kinds.values()):
        verdict = "open"
    else:
        verdict = "holds"
    witnesses = {}
    for cid in falsified:
        ev = verdicts[cid].evidence
        witnesses[cid] = {"detail": verdicts[cid].detail,
                          "witness": ev.get("witness", {k: ev[k] for k in list(ev)[:6]}),
                          # the readings under which this falsifier holds after all (referee CD, CD2)
                          "holds_under_reading": list(readings_holding(verdicts[cid]))}
    chain = [{"id": cid, "verdict": kinds[cid], "depends_on": list(registry.get(cid).depends_on),
              "title": registry.get(cid).title} for cid in ids]
    # root failures whose check also checked a corrected statement (Verdict.corrected: a typo or a local fix,
    # where what rests on it may stand with the correction)
    corrected = [cid for cid in roots_failed if cid in verdicts and verdicts[cid].corrected is not None]
    return {"verdict": verdict, "root_failures": roots_failed, "corrected_root_failures": corrected,
            "falsified_by": falsified, "witnesses": witnesses,
            "chain": chain, "counts": {k: sum(1 for v in kinds.values() if v == k)
                                       for k in ("verified", "refuted", "inconclusive", "error", "not run")},
            "region": _regions(ids, verdicts)}


def evaluate(theorem: Theorem, registry: Registry, verdicts: Mapping[str, Verdict]) -> dict[str, Any]:
    """The theorem's verdict record (the JSON of ``theorycheck theorem``)."""
    decided = _decide(theorem.rests_on, theorem.falsified_by, registry, verdicts)
    out: dict[str, Any] = {"theorem": theorem.id, "title": theorem.title, "source": theorem.source,
                           "verdict": decided["verdict"], "statement": theorem.latex,
                           "root_failures": decided["root_failures"],
                           "corrected_root_failures": decided["corrected_root_failures"],
                           "falsified_by": decided["falsified_by"],
                           "witnesses": decided["witnesses"], "chain": decided["chain"],
                           "counts": decided["counts"], "region": decided["region"] if theorem.asymptotic else None,
                           "note": theorem.note, "repaired": None}
    out["explanation"] = explain(out)
    if theorem.repaired is not None:
        rep = _decide(theorem.repaired.rests_on, theorem.repaired.falsified_by, registry, verdicts)
        out["repaired"] = {"theorem": f"{theorem.id} (repaired)", "statement": theorem.repaired.latex,
                           "changes": list(theorem.repaired.changes),
                           "verdict": rep["verdict"], "root_failures": rep["root_failures"],
                           "corrected_root_failures": rep["corrected_root_failures"],
                           "falsified_by": rep["falsified_by"], "witnesses": rep["witnesses"],
                           "chain": rep["chain"], "counts": rep["counts"], "region": rep["region"]}
        # why, as for the statement itself: its falsifiers' witnesses when refuted (referee CE, F7)
        out["repaired"]["explanation"] = explain(out["repaired"])
    return out


def records(registry: Registry, verdicts: Mapping[str, Verdict], theorems: Sequence[Theorem] | None = None
            ) -> list[dict[str, Any]]:
    """The verdict records of ``theorems`` (default: every theorem of the registry's proofs folder) from the
    claims' verdicts; claims without a verdict count as "not run"."""
    chosen = load_theorems(registry) if theorems is None else theorems
    return [evaluate(t, registry, verdicts) for t in chosen]


def explain(record: Mapping[str, Any]) -> str:
    """One paragraph: the verdict, why, and what would change it."""
    verdict, roots = record["verdict"], record["root_failures"]
    n = sum(record["counts"].values())
    if verdict == "holds":
        return (f"Theorem {record['theorem']} holds: "
                + (f"all {n} claims it rests on are verified." if n != 1 else "the claim it rests on is verified."))
    if verdict == "open":
        pending = [c["id"] for c in record["chain"] if c["verdict"] != "verified"]
        return (f"Theorem {record['theorem']} is open: nothing under it is refuted, but {len(pending)} of {n} claims "
                f"{'is' if len(pending) == 1 else 'are'} not verified ({', '.join(pending[:6])}"
                f"{'…' if len(pending) > 6 else ''}).")
    text = (f"Theorem {record['theorem']} " + ("fails as stated" if verdict == "fails" else "is unproven") + ": ")
    if verdict == "fails":
        witnesses = record["witnesses"]
        outright = [cid for cid, w in witnesses.items() if not w.get("holds_under_reading")]
        first = witnesses[(outright or list(witnesses))[0]]["detail"]
        first = first.split("; ")[0].split(" (")[0]
        text += (f"{', '.join(record['falsified_by'])} "
                 + ("compute" if len(record["falsified_by"]) > 1 else "computes")
                 + f" the stated object and refute{'' if len(record['falsified_by']) > 1 else 's'} it "
                 f"({_short(first, 240)}; witnesses in the chain). ")
        falsifier_readings = {cid: w["holds_under_reading"] for cid, w in witnesses.items()
                              if w.get("holds_under_reading")}
        if falsifier_readings:  # a falsifier holding under another reading refutes only the statement so read (CD2)
            text += ("Under another recorded reading " + "; ".join(f"{cid} holds ({', '.join(r)})"
                                                                 for cid, r in falsifier_readings.items())
                     + (f"; {', '.join(outright)} {'is' if len(outright) == 1 else 'are'} not shown to hold on the "
                        f"whole region under any of {'its' if len(outright) == 1 else 'their'} recorded readings. "
                        if outright
                        else ": the statement fails only as first read. "))
    else:
        text += "its proof has gaps but no computation refutes the statement itself, so it may still be true. "
    text += (f"{record['counts']['refuted']} of {n} claims under it are refuted; the root failures (the refuted "
             f"falsifiers, then the refuted claims resting on nothing refuted) are "
             f"{', '.join(roots) if roots else 'none'}.")
    fixed = record.get("corrected_root_failures") or []
    if fixed:
        text += (f" Of these, {len(fixed)} come with a corrected statement their check also checked (a typo or a "
                 f"local fix; `theorycheck show ID` prints it and where it holds): {', '.join(fixed)}.")
    under = [r for r in (record.get("region") or {}).get("holding_under_a_reading", []) if r["claim"] in roots]
    read = [r["claim"] for r in under if not r.get("on_part_of_the_region")]
    partly = [r["claim"] for r in under if r.get("on_part_of_the_region")]
    if read:
        text += (f" {len(read)} of the root failures {'holds' if len(read) == 1 else 'hold'} under another recorded "
                 f"reading (a slip, a notation or a "
                 f"range read as the text uses it; `theorycheck show ID` lists the readings): {', '.join(read)}.")
    if partly:
        one = len(partly) == 1
        text += (f" {len(partly)} {'fails' if one else 'fail'} on the whole region as first read but "
                 f"{'holds' if one else 'hold'} on part of it under another recorded reading: {', '.join(partly)}.")
    return text


def _short(text: str, width: int) -> str:
    """``text`` cut at a word boundary to at most ``width`` characters (with … when cut)."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    return text[: width - 1].rsplit(" ", 1)[0] + "…"


def markdown(records: Sequence[Mapping[str, Any]]) -> str:
    """The theorem verdicts as Markdown: a table and a paragraph each."""
    lines = ["| theorem | verdict | root failures | claims (verified/refuted/inconclusive) | repaired |",
             "|---|---|---|---|---|"]
    for r in records:
        c = r["counts"]
        rep = r["repaired"]["verdict"] if r.get("repaired") else "—" if r["verdict"] == "holds" else "none stated"
        lines.append(f"| {r['theorem']}: {r['title']} | **{r['verdict']}** | {', '.join(r['root_failures'])} | "
                     f"{c['verified']}/{c['refuted']}/{c['inconclusive']} | {rep} |")
    lines.append("")
    for r in records:
        lines += [f"**Theorem {r['theorem']}** ({r['source']}). {r['explanation']}", ""]
    return "\n".join(lines) + "\n"
