r"""Part 1, step by step: Assumptions 2–4, Algorithm 1 and Theorem 1, over the whole admissible region.

Every claim's statement is a :class:`~theorycheck.statement.Statement` (or prose where the paper states a
property, not a formula), passed to its checker, which evaluates that object: symbolically (SymPy identities
of Algorithm 1's lines and Assumption 4's consequences), by the exact LP comparison of rates over the region
(:func:`theorycheck.asymptotics.compare`; log powers included), and by the exact privacy curves of
:mod:`theorycheck.privacy`.

The region. Asymptotic statements are decided on :func:`proofs.privacy.full_privacy_region`: Assumption 2,
the bias window, ``n = d^ν`` with ``ν ≥ 1 + 3ε_n``, and Assumption 3's *full* range written as
``log(1.25/δ)/ε² = d^r log^ρ d`` with ``r ≤ 0, ρ < 4`` (now :data:`proofs.regime.ADMISSIBLE`). ``ρ < 2`` is right
for ``log(1/δ)/ε²`` but not for ``log(1.25/δ)/ε²`` when δ → 1 (``part1.privacy-factor``).

Top claims: ``thm1.privacy`` (Theorem 1's privacy part: both layers) and ``thm1.rate`` (Theorem 1's rate as
stated, resting on Parts 2 and 3 through ``depends_on``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache, partial
from typing import Any

import mpmath
import numpy as np
import sympy as sp
from sympy.calculus.util import maximum

from theorycheck import Claim, inconclusive, refuted, verified
from theorycheck import privacy as P
from theorycheck.asymptotics import compare, if_undecided, rate_terms, ratio_at
from theorycheck.claims import AT_MOST, Verdict, with_readings
from theorycheck.errors import InputError
from theorycheck.numerics import largest_holding, within_seconds
from theorycheck.statement import Rel, Statement, decides, held, notation, paper_latex, release

from . import privacy as PV
from . import symbols as S
from .regime import ADMISSIBLE, ASSUMPTION_2, as_printed_and_intended


def _plain(expr) -> str:
    """log(d)**4 → log^4 d for messages."""
    return (
        str(expr)
        .replace("log(d)**", "log^")
        .replace("log^2", "log² d")
        .replace("log^3", "log³ d")
        .replace("log^4", "log⁴ d")
    )


L_SYM = sp.Symbol("L", positive=True)  # log(1/δ), local to the Assumption 3 algebra (not a paper symbol)
G_SYM = sp.Symbol("g", positive=True)  # ε/√log(1/δ), the quantity Assumption 3 asks to be ω(1/log d)

# ------------------------------------------------------------------------------------------------
# Assumption 2: consistency of the regime
# ------------------------------------------------------------------------------------------------

#: Part 1, Assumption 2: 3ε_p/16 < ε_n (with ε_n, ε_p > 0, p ≥ d^{ε_p}, n ≥ d^{1+3ε_n})
ASSUMPTION2 = Statement(
    sp.Rational(3, 16) * S.eps_p,
    "<",
    S.eps_n,
    variables=(S.eps_p, S.eps_n),
    assumptions=(S.eps_n > 0, S.eps_p > 0, r"p \geq d^{\varepsilon_p}", r"n \geq d^{1 + 3\varepsilon_n}"),
    name="Assumption 2",
)


#: The union bounds behind Lemma 3 (max_j |⟨μ, x_j⟩| ≤ log d over the n samples) and Lemma 4 (max_i |b_i| ≤
#: ε_b log d/4 over the p biases), the pattern of every claim in :data:`NEEDS_POLYNOMIAL_SIZES`: their failure
#: probabilities n·P(|z| > log d) + p·P(|b| > ε_b log d/4), z, b ~ N(0, 1), must be at most exp(−c log² d) for some
#: c > 0, the level of the paper's ≤_P (Part 1 §2.5; referee AL: o(1) had been all that was checked). With n = d^ν
#: and p = d^{π_p} (:data:`proofs.symbols.SIZES`) they are.
#: The constant c of the paper's "with probability at least 1 − exp(−c log² d)": some c > 0
C_PROBABILITY = sp.Symbol("c", positive=True)
UNION_SIZES = Statement(
    S.n * sp.erfc(S.log_d / sp.sqrt(2)) + S.p * sp.erfc(S.eps_b * S.log_d / (4 * sp.sqrt(2))),
    Rel.LESSSIM,
    sp.exp(-C_PROBABILITY * S.log_d**2),
    name="union bounds at polynomial sizes",
    lhs_latex=r"n\,\P(|z| > \log d) + p\,\P\left(|b| > \tfrac{\varepsilon_b}{4}\log d\right)",
)
#: The claims whose union bounds (over the n samples or the p neurons) need polynomial sizes, and which size breaks
#: them at super-polynomial values (referees E, F); each declares ``depends_on=("part1.size-reading",)``.
NEEDS_POLYNOMIAL_SIZES: dict[str, str] = {
    "lemma3.sample-projection": "n",
    "lemma3.gradient-concentration": "n and p",
    "lemma3.initial-output-centred": "n (its proof's truncation over the samples)",
    "clip.union-bounds": "n",
    "dpgd.s3-gaussian-tail": "n",
    "ridge.measured-labels": "n (at n = e^{log³ d}: its ≲ absorbs n = d^{log d})",
    "lemma4.bias-max": "p",
    "stein.projection-law": "p",
    "stein.sigma2-order": "p (its every-neuron reading)",
    "rank1.population-gradient": "p (its every-neuron reading)",
    "lemma3.sample-norms": "n (its ≲_P reading: max_j ‖x_j‖ ≲ √d needs log n = O(d); n = d^{log d} keeps it, "
                           "n = e^{d²} breaks it)",
}
#: Assumption 2 read literally (p ≥ d^{ε_p}, n ≥ d^{1+3ε_n}, no upper bound) also admits super-polynomial sizes:
#: n = d^{log d} and p = e^{log³ d}.
SUPER_POLYNOMIAL: dict[sp.Symbol, sp.Expr] = {S.n: sp.exp(S.log_d**2), S.p: sp.exp(S.log_d**3)}


def _erfc_log_bounds(x: sp.Expr) -> tuple[sp.Expr, sp.Expr]:
    """(lower, upper) bounds of erfc(x) for x > 0: 2e^{−x²}/(√π(x + √(x² + 2))) ≤ erfc(x) ≤ e^{−x²} (Abramowitz &
    Stegun 7.1.13 and the Chernoff bound), as logarithms, so SymPy takes their limits."""
    lower = sp.log(2 / sp.sqrt(sp.pi)) - x**2 - sp.log(x + sp.sqrt(x**2 + 2))
    return lower, -(x**2)


def _union_term_decision(upper: sp.Expr, lower: sp.Expr, statement: Statement, L: sp.Symbol
                         ) -> tuple[bool | None, dict]:
    """Whether a union-bound term, with log upper and lower bounds ``upper``, ``lower`` in L = log d, is
    ``statement.rel statement.rhs``: True, False (the lower bound refutes) or None (undecided), and the record.
    The right side exp(−c log² d) with c a positive symbol means "for some c > 0"; any other right side is a rate."""
    rel = Rel.parse(statement.rel)
    rhs = statement.rhs
    if rhs.free_symbols == {C_PROBABILITY, S.d} and sp.simplify(sp.log(rhs) + C_PROBABILITY * S.log_d**2) == 0:
        if rel not in (Rel.LESSSIM, Rel.LE, Rel.BIG_O):
            raise InputError(f"against exp(−c log² d) for some c > 0 only ≲, ≤ or O are decided, not {rel.value}")
        rate_up = sp.limit(upper / L**2, L, sp.oo)
        rate_low = sp.limit(lower / L**2, L, sp.oo)
        row = {"limit": str(sp.limit(upper, L, sp.oo)), "rate": str(rate_up), "lower_rate": str(rate_low)}
        if rate_up.is_negative:
            return True, row | {"why": f"log of its bound / log² d → {rate_up} < 0"}
        if rate_low == sp.oo or rate_low.is_nonnegative:
            return False, row | {"why": f"log of its lower bound / log² d → {rate_low} ≥ 0: no c > 0 works"}
        return None, row | {"why": f"log-bound rates {rate_up} (upper), {rate_low} (lower) not decided"}
    if rel not in (Rel.LITTLE_O, Rel.LESSSIM, Rel.LE, Rel.BIG_O):
        raise InputError(f"a union bound's failure probability is decided with o, ≲, ≤ or O, not {rel.value}")
    log_rhs = sp.expand_log(sp.log(rhs).subs(S.d, sp.exp(L)), force=True)
    up = sp.limit(upper - log_rhs, L, sp.oo)
    low = sp.limit(lower - log_rhs, L, sp.oo)
    row = {"rate": str(sp.limit(upper / L**2, L, sp.oo)), "limit": str(up), "lower_limit": str(low)}
    little = rel is Rel.LITTLE_O
    if up == -sp.oo or (not little and (up.is_finite or up == -sp.oo)):
        return True, row | {"why": f"log(bound/rhs) → {up}"}
    if low == sp.oo or (little and low.is_finite):
        return False, row | {"why": f"log(lower bound/rhs) → {low}"}
    return None, row | {"why": f"log(bound/rhs) → {up}, log(lower bound/rhs) → {low}"}


#: the reading of ≤_P's level that Theorem 1 states ("c is an absolute constant"), beside the region's (some c > 0,
#: which may depend on ε_b, ν, π_p)
ABSOLUTE_C_READING = "c an absolute constant (Theorem 1: probability ≥ 1 − e^{−c log² d}, c not depending on ε_b)"


def _exp_log2_rhs(statement: Statement) -> bool:
    """Whether the statement's right side is e^{−c log² d} with c free (the ≤_P level), as
    :func:`_union_term_decision` reads it."""
    rhs = statement.rhs
    return rhs.free_symbols == {C_PROBABILITY, S.d} and sp.simplify(sp.log(rhs) + C_PROBABILITY * S.log_d**2) == 0


def _absolute_c_outcome(rows: Sequence[dict]) -> str:
    """Under an absolute c every term's rate lim log(bound)/log² d must stay below −c on the whole region: a rate
    that tends to 0 at an edge of the region (ε_b → 0, which the bias window allows) leaves no absolute c (the lower
    bound's rate is the same there: erfc's two bounds agree at the log² d scale)."""
    edges = []
    for row in rows:
        rate = sp.sympify(row.get("lower_rate", row["rate"]))
        for sym in sorted(rate.free_symbols, key=lambda s: s.name):
            if sp.limit(rate, sym, 0, "+") == 0:
                edges.append(f"{row['term']}: rate {rate} → 0 as {sym} → 0")
    if edges:
        return ("part: for a given c it holds only where every rate is < −c (" + "; ".join(edges)
                + "), so no absolute c serves the whole region")
    if all(sp.sympify(r["rate"]).is_number for r in rows):
        return "all: every term's rate is a negative number, free of the region's parameters"
    return "undecided: a rate depends on the parameters, and SymPy did not show it stays away from 0"


def check_union_sizes(statement: Statement = UNION_SIZES, sizes: dict | None = None,
                      literal: dict | None = None) -> Verdict:
    r"""The union bounds hold at the sizes ``sizes`` (default n = d^ν, p = d^{π_p}: polynomial in d, the reading of
    :data:`proofs.regime.ADMISSIBLE`) for every ν, π_p, ε_b > 0, at the level the statement asks: each term is
    bounded above by size·e^{−x²} (erfc(x) ≤ e^{−x²}) and below by A&S 7.1.13, as logarithms in L = log d, and
    compared with the statement's right side by SymPy limits (:func:`_union_term_decision`): against exp(−c log² d)
    for some c > 0 (the paper's ≤_P), the limit of log(bound)/L² must be negative (refuted when the lower bound's is
    ≥ 0); against a given rate R(d), log(bound) − log R must tend to −∞ (o) or stay bounded (≲, O, ≤), and the lower
    bound refutes when it tends to +∞ (o: does not tend to −∞). The literal reading of
    Assumption 2 (no upper bound on n or p) also admits the sizes ``literal`` (default :data:`SUPER_POLYNOMIAL`);
    there the lower bound erfc(x) ≥ 2e^{−x²}/(√π(x + √(x²+2))) makes each term → ∞, so the event fails with
    probability → 1 (P(max_j|z_j| ≤ log d) ≤ exp(−n·P(|z| > log d)), evaluated at d = 100 with mpmath, 30 digits).
    ``verified`` under the polynomial reading (each term's limit decided; the literal reading's failure recorded
    as a reading that does not hold); ``refuted`` when a term does not vanish at ``sizes``."""
    sizes = dict(S.SIZES if sizes is None else sizes)
    literal = dict(SUPER_POLYNOMIAL if literal is None else literal)
    L = sp.Symbol("L", positive=True)  # log d

    def log_bound(term: sp.Expr, at: dict, which: int) -> sp.Expr:
        """log(size) + log(erfc bound) of ``term`` at the sizes ``at``, in L = log d (which: 0 lower, 1 upper)."""
        size, rest = term.as_independent(sp.erfc)
        if not isinstance(rest, sp.erfc):  # referee AO: an IndexError
            raise InputError(f"each union-bound term must be size·erfc(threshold/√2), not {term}")
        log_size = sp.expand_log(sp.log(size.subs(at)).subs(S.d, sp.exp(L)), force=True)
        return sp.expand(log_size + _erfc_log_bounds(rest.args[0].subs(S.d, sp.exp(L)))[which])

    terms = sp.Add.make_args(sp.expand(statement.lhs))
    rows, failing, undecided, literal_rows = [], [], [], []
    for term in terms:
        upper = log_bound(term, sizes, 1)
        decision, row = _union_term_decision(upper, log_bound(term, sizes, 0), statement, L)
        rows.append({"term": str(term), "log_upper_bound": str(upper), **row})
        if decision is False:
            failing.append(rows[-1])
        elif decision is None:
            undecided.append(rows[-1])
        lower = log_bound(term, literal, 0)
        literal_rows.append({"term": str(term), "sizes": {str(k): str(v) for k, v in literal.items()},
                             "log_lower_bound": str(lower), "limit": str(sp.limit(lower, L, sp.oo))})
    sample_term = next((t for t in terms if t.has(S.n)), None)
    if sample_term is None:
        raise InputError("the union bounds need the samples' term n·P(|z| > log d)")
    with mpmath.workdps(30):
        Lv = mpmath.log(100)
        nv = mpmath.e ** sp.lambdify(L, sp.expand_log(sp.log(literal[S.n].subs(S.d, sp.exp(L))), force=True),
                                     "mpmath")(Lv)
        tail = mpmath.erfc(sp.lambdify(S.d, sample_term.as_independent(sp.erfc)[1].args[0], "mpmath")(100))
        p_max = mpmath.exp(nv * mpmath.log1p(-tail))
        witness_literal = {"d": 100, "n": mpmath.nstr(nv, 8), "P(|z| > log d)": mpmath.nstr(tail, 8),
                           "P(max_j |z_j| <= log d)": mpmath.nstr(p_max, 8)}
    ev = {
        "sizes": {str(k): str(v) for k, v in sizes.items()},
        "terms": rows,
        "bounds": "erfc(x) ≤ e^{−x²} (upper), erfc(x) ≥ 2e^{−x²}/(√π(x + √(x² + 2))) (lower; A&S 7.1.13), x ≥ 0",
        "literal_reading": {"terms": literal_rows, "at": witness_literal},
        "tolerance": "exact limits (SymPy); the witness at 30 digits",
        "achieved_error": "exact",
    }
    if failing:
        return refuted("symbolic", f"a union bound is not {statement.latex()} at n, p = {ev['sizes']}: "
                       f"{failing[0]['term']} ({failing[0]['why']})", witness=failing[0], **ev)
    if undecided:
        return inconclusive("symbolic", f"not decided at n, p = {ev['sizes']}: {undecided[0]['term']} "
                            f"({undecided[0]['why']})", **ev)
    literal_fails = all(r["limit"] == "oo" for r in literal_rows)
    readings = {"n, p polynomial in d (n = d^ν, p = d^{π_p}; the region's reading)": "all",
                "Assumption 2 literally (no upper bound: n = d^{log d}, p = e^{log³ d} admitted)":
                    "none" if literal_fails else "undecided"}
    if _exp_log2_rhs(statement):  # Theorem 1's level: "c is an absolute constant" (referee EJ, EJ-1)
        readings[ABSOLUTE_C_READING] = _absolute_c_outcome(rows)
        ev["absolute_c"] = readings[ABSOLUTE_C_READING]
    regime = {"region": ADMISSIBLE.name, "holds_on": "all", "conditions": [], "readings": readings}
    return verified(
        "symbolic",
        f"the union bounds' failure probability satisfies ${statement.latex()}$ "
        + "(each term's log-bound/log² d → " + ", ".join(r["rate"] for r in rows)
        + ") for every ν, ε_p, ε_b > 0 when n and p are polynomial in d, the reading the region takes; read "
        "literally, Assumption 2 (no upper bound) also admits n = d^{log d} and p = e^{log³ d}, "
        + (f"where both union bounds fail with probability → 1 (P(max_j |⟨μ, x_j⟩| ≤ log d) = "
           f"{witness_literal['P(max_j |z_j| <= log d)']} at d = 100), so "
           + ", ".join(f"{cid} ({size})" for cid, size in NEEDS_POLYNOMIAL_SIZES.items())
           + " rest on the polynomial reading through the size named (they rest on this claim; the two whose entries "
           "say so hold a little beyond it)"
           if literal_fails else "where this check does not decide the union bounds"),
        regime=regime,
        **ev,
    )


def check_regime_consistent(statement: Statement = ASSUMPTION2):
    """Assumption 2 (with ε_n, ε_p > 0) leaves a non-empty window 0 < ε_b < 3ε_n − ε_p/4 for every admissible
    (ε_n, ε_p), the window Part 2 §3.1 needs: with ε_n = lhs/(coefficient) + s, s > 0, is 3ε_n − ε_p/4 > 0 for all
    s, ε_p > 0 (SymPy sign)? And :data:`proofs.regime.ADMISSIBLE` encodes each of the four conditions and
    contains a rational interior point."""
    from theorycheck.asymptotics import Region, decide

    relations = {Rel.LT: sp.StrictLessThan, Rel.LE: sp.LessThan, Rel.GT: sp.StrictGreaterThan, Rel.GE: sp.GreaterThan}
    rel = Rel.parse(statement.rel)
    if rel not in relations:
        raise InputError(f"Assumption 2 is an inequality between ε_n and ε_p (<, ≤, >, ≥), not {rel.value}")
    # the region the statement itself describes (referee AL: only its left side had been read), and the window
    # 3ε_n − ε_p/4 > 0 decided on it by exact LP (d^{ε_p/4 − 3ε_n} ≪ 1 ⇔ the exponent is < 0 everywhere)
    stated_rel = relations[rel](statement.lhs, statement.rhs)
    stated = Region("Assumption 2 as stated", (S.eps_n, S.eps_p), (stated_rel,))
    inside = stated.point()
    encoded = S.eps_n > sp.Rational(3, 16) * S.eps_p  # what proofs.regime.ADMISSIBLE takes for Assumption 2
    # the statement and the region's constraint describe the same set of (ε_n, ε_p) (referee AO: a different
    # statement had been reported as encoded): each minus the other is empty, decided exactly
    same_set = (Region("stated, not encoded", (S.eps_n, S.eps_p), (stated_rel, ~encoded)).point() is None
                and Region("encoded, not stated", (S.eps_n, S.eps_p), (encoded, ~stated_rel)).point() is None)
    window = decide(Statement(S.d ** (S.eps_p / 4 - 3 * S.eps_n), Rel.LL, sp.Integer(1)), stated, d=S.d,
                    what="the window 3ε_n − ε_p/4 > 0 for ε_b")
    s = sp.Symbol("s", positive=True)
    lower = statement.lhs if statement.rhs == S.eps_n else statement.rhs  # the bound on ε_n, in ε_p (printing)
    width = sp.expand(3 * (lower + s) - S.eps_p / 4)
    width_at_s0 = sp.expand(width.subs(s, 0))
    positive = window.verdict == "verified"
    point = {
        S.eps_n: sp.Rational(1, 5),
        S.eps_p: sp.Rational(1, 2),
        S.pi_p: sp.Rational(1, 2),
        S.eps_b: sp.Rational(1, 4),
        S.nu: sp.Rational(8, 5),
        S.r: 0,
        S.rho: 0,
        S.q: 1,
    }
    encodes = {
        "eps_n > 0, eps_p > 0": bool(S.eps_n.is_positive and S.eps_p.is_positive),
        "3 eps_p/16 < eps_n": encoded in ASSUMPTION_2 and same_set,
        "n >= d^(1+3eps_n)": (S.nu >= 1 + 3 * S.eps_n) in ASSUMPTION_2,
        "p >= d^eps_p": (S.pi_p >= S.eps_p) in ADMISSIBLE.constraints,
    }
    ev = {
        "window_width_3eps_n_minus_eps_p_over_4": str(width),
        "width_at_boundary": str(width_at_s0),
        "interior_point": {str(k): str(v) for k, v in point.items()},
        "interior_point_in_region": ADMISSIBLE.contains(point),
        "region_encodes": encodes,
        "relations": {
            "(1, P62, 1)": "ε_n, ε_p > 0 (symbols positive)",
            "(1, P62, 2)": "3ε_p/16 < ε_n",
            "(1, P62, 3)": "p ≥ d^{ε_p}",
            "(1, P62, 4)": "n ≥ d^{1+3ε_n}",
        },
        "window_decision": {"verdict": window.verdict, "detail": window.detail},
        "sizes_reading": "p = d^{pi_p}, n = d^nu (proofs.symbols.SIZES): n and p polynomial in d, a reading "
        "(part1.size-reading: super-polynomial n or p, which the '≥' alone allows, break the union bounds)",
        "note": "the paper bounds p only from below; p = d^{π_p} with π_p ≥ 16ε_n/3 is 'p ≥ d^{ε_p}' for a smaller "
        "ε_p: the region takes every width p = d^{π_p}, π_p ≥ ε_p (proofs.regime.WIDTH)",
    }
    if inside is None:  # an empty region: the window would be decided vacuously (referee AO)
        return refuted("exact", f"the statement admits no ε_n, ε_p > 0 ({statement.latex()} is infeasible, proved "
                       "exactly): Assumption 2 as stated is inconsistent", witness={"constraint": str(stated_rel)},
                       **ev)
    if window.verdict == "refuted":
        return refuted("exact", f"on the region the statement describes, the ε_b window 3ε_n − ε_p/4 is empty "
                       f"somewhere: {window.detail}", witness=(window.evidence or {}).get("witness"),
                       regime=window.regime, **ev)
    if not positive:
        return inconclusive("exact", f"the ε_b window is not decided: {window.detail}", **ev)
    if not same_set:
        return inconclusive("exact", f"the window holds on the region {statement.latex()} describes, but "
                            "proofs.regime.ADMISSIBLE encodes Assumption 2 as 3ε_p/16 < ε_n, a different set: the "
                            "other claims' region-wide verdicts are not about this statement", **ev)
    if not ev["interior_point_in_region"] or not all(v is True for v in encodes.values()):
        return refuted(
            "exact", "proofs.regime.ADMISSIBLE does not encode Assumption 2", witness=ev["interior_point"], **ev
        )
    return verified(
        "symbolic+exact",
        f"for every ε_n, ε_p > 0 with {statement.latex()}: 3ε_n − ε_p/4 > 0 (exact LP on that region), so the bias "
        "window is non-empty; the region holds the interior point ε_n = 1/5, ε_p = 1/2, ε_b = 1/4, ν = 8/5",
        regime={"region": ADMISSIBLE.name, "holds_on": "all", "conditions": [statement.latex()], "witness": None},
        **ev,
    )


# ------------------------------------------------------------------------------------------------
# Assumption 3: consistency and the privacy factor
# ------------------------------------------------------------------------------------------------

#: Assumption 3's upper end, divided by √log(1/δ): ε < 8 log(1/δ) ⇔ ε/√log(1/δ) < 8√log(1/δ)
ASSUMPTION3_UPPER = Statement(
    S.eps / sp.sqrt(sp.log(1 / S.delta)),
    "<",
    8 * sp.sqrt(sp.log(1 / S.delta)),
    assumptions=(r"\delta \in (0,1)", r"\varepsilon/\sqrt{\log(1/\delta)} = \omega(1/\log d)"),
    name="Assumption 3",
)


#: log d as a positive symbol: an expression with d read for d > 1 (d = e^t), where SymPy can order it
LOG_D_POSITIVE = sp.Symbol("t_logd", positive=True)


#: where :func:`_assumption3_point` looks for L = log(1/δ): fixed values, then powers of log d (an upper end that
#: involves d may need L to move with d: referee ED, ED-2)
ASSUMPTION3_L_GRID: tuple[sp.Expr, ...] = tuple(sp.Integer(10) ** k for k in (0, 1, 2, 3, 4, 5, 6, -1, -2, -3)) + tuple(
    sp.log(S.d) ** k for k in (1, -1, 2, -2, 4, -4))


def _assumption3_point(statement: Statement, upper: sp.Expr, lower: sp.Expr) -> dict[str, Any] | None:
    """A point (ε, δ = e^{−L}) of the statement's set for every large d: L from :data:`ASSUMPTION3_L_GRID`,
    ε/√L = c = U(L)/2^j (j = 1, 2, 3, 6, 12; U = ``upper``, the upper end as a function of L and maybe d) with lhs < rhs
    there (exactly, at 30 digits, when free of d; else rhs > 0 and lim lhs/rhs < 1 as d → ∞) and c ≫ ``lower``
    (lim c/lower = ∞, SymPy). None if the grid has none."""
    for L in ASSUMPTION3_L_GRID:
        for j in (1, 2, 3, 6, 12):
            c = upper.subs(L_SYM, L) / 2**j  # not simplified: SymPy's simplify (logcombine) is the slow part
            point = {S.eps: c * sp.sqrt(L), S.delta: sp.exp(-L)}
            gap = statement.rhs.subs(point) - statement.lhs.subs(point)
            try:
                if S.d in gap.free_symbols | c.free_symbols:
                    # lhs < rhs for large d: rhs > 0 there and lhs/rhs tends below 1 (c > 0 follows from c ≫ 1/log d)
                    rhs_at = statement.rhs.subs(point)
                    ahead = sp.limit(statement.lhs.subs(point) / rhs_at, S.d, sp.oo)
                    inside = (ahead.is_extended_real and bool(ahead < 1)
                              and bool(rhs_at.subs(S.d, sp.exp(LOG_D_POSITIVE + 1)).is_positive))
                else:  # numbers: 30 digits, the gap far beyond their rounding
                    c_n, gap_n = sp.N(c, 30), sp.N(gap, 30)
                    inside = bool(c_n > 0) and bool(gap_n > sp.Float("1e-20", 30) * c_n)
                grows = inside and sp.limit(c / lower, S.d, sp.oo) is sp.oo
            except (TypeError, ValueError, NotImplementedError):  # SymPy cannot order them: not this point
                continue
            if grows:
                return {"log_inv_delta": str(L), "epsilon": str(point[S.eps]), "eps_over_sqrt_log": str(c),
                        "upper": str(sp.simplify(statement.rhs.subs(point))),
                        "omega_ratio": f"lim ({c})/({lower}) = ∞"}
    return None


#: the time SymPy's maximum may take for the sup over L, and the point search (numerics.within_seconds)
SUP_SECONDS = 10.0
POINT_SECONDS = 30.0


def _sup_over_L(U: sp.Expr) -> sp.Expr | None:
    """sup over L ∈ (0, ∞) of the upper end U(L) (maybe with d: computed with log d = t > 0), or None when SymPy cannot
    give a plain expression (referee ED, ED-2: a failing maximum had fallen back to L → ∞ alone, and an upper end with
    log d had come out as Max(0, oo·sign(1/log d)))."""
    U_t = U.subs(S.d, sp.exp(LOG_D_POSITIVE))
    try:  # within SUP_SECONDS (referee EF, EF-13: an upper end ≡ 0 written with atan ran SymPy's maximum for minutes)
        sup = within_seconds(lambda: maximum(U_t, L_SYM, sp.Interval.open(0, sp.oo)), SUP_SECONDS)
    except (NotImplementedError, ValueError, TypeError):
        return None
    if sup is None:
        return None
    if sup.has(sp.Max, sp.Min, sp.sign, sp.nan, sp.zoo) or (sup.has(sp.oo) and sup is not sp.oo):
        return None
    return sp.simplify(sup.subs(LOG_D_POSITIVE, sp.log(S.d)))


def check_privacy_nonempty(statement: Statement = ASSUMPTION3_UPPER, lower=1 / sp.log(S.d)):
    """Assumption 3's three conditions together: ε/√L < U(L) (the statement, L = log(1/δ)) and ε/√L ≫ g(d) = ``lower``.
    Non-empty for every (large) d when a point of the set, with ε/√L ≫ g, is found and checked (a search over fixed
    L and powers of log d: referee EB, F1 and ED, ED-2); empty for large d when sup_L U(L) ≤ 0 or sup_L U / g stays
    bounded (SymPy's maximum and limit; refuted only when SymPy gives the sup as a plain expression); else
    inconclusive. For the paper's upper end also the consequence log(1/δ) ≥ g²/64 (δ ≤ e^{−ω(1/log² d)})."""
    if statement.rel not in (Rel.LT, Rel.LE):  # referee EF, EF-8: the relation had never been read
        return inconclusive("symbolic", f"the relation {statement.rel.symbol} does not give an upper end of "
                            "ε/√log(1/δ); this check decides only such ends (<, ≤)", relation=statement.rel.symbol)
    if S.eps in statement.rhs.free_symbols:  # not an upper end of ε/√L (referee EE, EE-9: a "point" written with ε)
        return inconclusive("symbolic", "the right side involves ε itself: it is not an upper end of ε/√log(1/δ), and "
                            "this check decides only such ends", right_side=str(statement.rhs))
    # the upper end of ε/√L itself: a left side (ε/√L)·f with f > 0 free of ε reads as ε/√L < rhs/f (referee EE, EE-5)
    factor = sp.simplify(statement.lhs / ASSUMPTION3_UPPER.lhs)
    own_lhs = S.eps not in factor.free_symbols and bool(
        factor.subs({S.delta: sp.exp(-L_SYM), S.d: sp.exp(LOG_D_POSITIVE)}).is_positive)
    U = sp.simplify((statement.rhs / (factor if own_lhs else 1)).subs(S.delta, sp.exp(-L_SYM)))
    sup_U = _sup_over_L(U)
    if sup_U is None:
        ratio_limit = None
    elif sup_U is sp.oo:
        ratio_limit = sp.oo
    elif sup_U.is_nonpositive:  # ε/√L > 0 is never below it (−∞ included)
        ratio_limit = sp.S.NegativeInfinity
    else:
        try:
            ratio_limit = sp.limit(sup_U / lower, S.d, sp.oo)
        except (NotImplementedError, ValueError, TypeError):
            ratio_limit = None
    # a plain sup that is ≤ 0 or not ≫ g decides emptiness — for the statement's left side ε/√L only, the quantity the
    # ω(1/log d) condition bounds (referee EE, EE-5: another left side had been called empty from its right side
    # alone); else look for a point (the search is the slow part)
    empty = own_lhs and (ratio_limit is sp.S.NegativeInfinity
                         or (ratio_limit is not None and bool(ratio_limit.is_finite)))
    # the search within POINT_SECONDS (referee EF, EF-13: SymPy's limits on an upper end ≡ 0 written with atan ran for
    # minutes); a search out of time finds no point (inconclusive, unless the sup decides)
    point = None if empty else within_seconds(lambda: _assumption3_point(statement, U, lower), POINT_SECONDS)
    ev: dict[str, Any] = {
        "U_of_L": str(U),
        "sup_over_L": str(sup_U) if sup_U is not None else "not given by SymPy",
        "limit_sup_over_lower": str(ratio_limit),
        "point": point,
    }
    paper = statement == ASSUMPTION3_UPPER
    if paper:
        ev["smallest_log_inv_delta_for_g"] = [str(c) for c in sp.solve(sp.Eq(G_SYM, U), L_SYM)]
        ev["consequence"] = ("ε/√L < 8√L and ε/√L = g ≫ 1/log d force log(1/δ) > g²/64 = ω(1/log² d): δ may tend "
                             "to 1, but only as δ ≤ exp(−ω(1/log² d))")
    if point is not None:
        return verified(
            "symbolic",
            (f"non-empty for every d: the upper end ε/√L < {sp.sstr(U)} (L = log(1/δ))" if own_lhs else
             f"non-empty for every d: {sp.sstr(statement.lhs)} < {sp.sstr(statement.rhs)}")
            + (f" has sup over L > 0 {sup_U}" if sup_U is not None and own_lhs else "")
            + f"; a point for every d: δ = e^{{−{point['log_inv_delta']}}}, ε = {point['epsilon']} (ε/√log(1/δ) = "
            f"{point['eps_over_sqrt_log']}, ≫ {lower})"
            + ("; it forces log(1/δ) > (ε/√log(1/δ))²/64 = ω(1/log² d)" if paper else ""),
            regime={
                "region": PV.A3_REGION,
                "holds_on": "all",
                "conditions": [r"\log(1/\delta) = \omega(1/\log^2 d)"] if paper else [],
                "witness": None,
            },
            **ev,
        )
    if empty:
        return refuted(
            "symbolic",
            (f"sup over L = log(1/δ) > 0 of the upper end, {sup_U}, is not ≫ {lower} (the limit of the ratio as d → ∞ "
             f"is {ratio_limit}): the set is empty for d large" if ratio_limit is not sp.S.NegativeInfinity else
             f"sup over L = log(1/δ) > 0 of the upper end is {sup_U} ≤ 0, below every ε/√log(1/δ) > 0: the set is "
             "empty"),
            witness={"sup_over_L": str(sup_U), "limit_sup_over_lower": str(ratio_limit)},
            **ev,
        )
    return inconclusive("symbolic", "no point of the set was found on the grid of (ε, δ) searched, and "
                        + ("the left side is not ε/√log(1/δ) times a positive factor free of ε, so the upper end's "
                           "sup does not decide emptiness"
                           if not own_lhs else
                           "SymPy gives no plain sup of the upper end over L" if sup_U is None else
                           f"the sup over L = log(1/δ) > 0 of the upper end, {sup_U}, is ≫ {lower}"), **ev)


#: the factor the rates use: log(1.25/δ)/ε² = o(log² d) (what §3.2's σ_W bound and, before this check,
#: proofs.regime assumed)
PRIVACY_FACTOR_STATEMENT = Statement(
    sp.log(sp.Rational(5, 4) / S.delta) / S.eps**2,
    "o",
    sp.log(S.d) ** 2,
    assumptions=(r"\text{Assumption 3}",),
    name="privacy factor",
)
PRIVACY_FACTOR_CORRECTED = Statement(
    sp.log(sp.Rational(5, 4) / S.delta) / S.eps**2,
    "o",
    sp.log(S.d) ** 4,
    assumptions=(r"\text{Assumption 3}",),
    name="privacy factor (corrected)",
)


def _sup_privacy_factor(g: mpmath.mpf) -> tuple[mpmath.mpf, mpmath.mpf]:
    """sup of log(1.25/δ)/ε² over Assumption 3 with ε/√log(1/δ) ≥ g: (closed form, numerical sup on a grid)."""
    closed = 1 / g**2 + 64 * mpmath.log(mpmath.mpf(5) / 4) / g**4
    best = mpmath.mpf(0)
    for k in range(400):  # L from g²/64 (where the range closes) up, geometric
        L = g**2 / 64 * mpmath.mpf(10) ** (mpmath.mpf(k) / 40)
        eps = g * mpmath.sqrt(L)  # the smallest admissible ε at this L (R decreases in ε)
        if eps < 8 * L:
            best = max(best, (L + mpmath.log(mpmath.mpf(5) / 4)) / eps**2)
    return closed, best


def check_privacy_factor(statement: Statement = PRIVACY_FACTOR_STATEMENT, log_power: float = -1.9):
    """Is log(1.25/δ)/ε² = o(rhs) on all of Assumption 3? With g = ε/√L (L = log(1/δ)) and ε < 8L the sup is
    1/g² + 64 log(1.25)/g⁴ (approached as L ↓ g²/64, i.e. δ → 1): evaluated on the concrete family
    L = log^{log_power} d, ε = 4L (inside Assumption 3 for log_power > −2) at 30 digits, ratio to rhs."""
    rows = []
    with mpmath.workdps(30):
        for k in (8, 16, 32, 64, 128):
            lg = mpmath.log(mpmath.mpf(10) ** k)
            L = lg ** mpmath.mpf(log_power)
            eps = 4 * L
            delta = mpmath.exp(-L)
            factor = mpmath.log(mpmath.mpf(5) / 4 / delta) / eps**2
            rhs = statement.evaluator("rhs", "mpmath", variables=(S.d,))(mpmath.mpf(10) ** k)
            g = eps / mpmath.sqrt(L)
            closed, grid = _sup_privacy_factor(g)
            rows.append(
                {
                    "d": f"1e{k}",
                    "log_inv_delta": L,
                    "epsilon": eps,
                    "in_range": bool(eps < 8 * L),
                    "g_times_log_d": g * lg,
                    "factor": factor,
                    "ratio_to_rhs": factor / rhs,
                    "sup_closed_form": closed,
                    "sup_grid": grid,
                }
            )
    grows = all(b["ratio_to_rhs"] > a["ratio_to_rhs"] for a, b in zip(rows, rows[1:]))
    closed_ok = all(
        r["sup_grid"] <= r["sup_closed_form"] * (1 + mpmath.mpf(10) ** -20)
        and r["sup_grid"] >= r["sup_closed_form"] * mpmath.mpf("0.9")
        for r in rows
    )
    ev = {
        "family": rows,
        "sup_formula": r"\frac{1}{g^2} + \frac{64\log(1.25)}{g^4},\ g = \varepsilon/\sqrt{\log(1/\delta)}",
        "sup_formula_matches_grid": closed_ok,
        "log_inv_delta_factor": "log(1/δ)/ε² = 1/g² = o(log² d) on all of Assumption 3 (ρ < 2 is right for it)",
        "consequence": "ρ < 2 is too narrow for log(1.25/δ)/ε²: the full range is ρ < 4 (proofs.regime.PRIVACY) "
        "(proofs.privacy.full_privacy_region)",
    }
    # where it holds, exactly (referee BT, D2: "δ bounded away from 1" is sufficient, not necessary): log(1/δ)/ε² =
    # 1/g² = o(log² d) on all of Assumption 3, so log(1.25/δ)/ε² = o(log² d) iff log(1.25)/ε² is, iff ε = ω(1/log d);
    # with log(1.25/δ)/ε² = d^r log^ρ d that is compare's exact condition on the full region
    full = compare(S.PRIVACY_FACTOR, "o", S.log_d**2, PV.full_privacy_region(), d=S.d)
    regime = {
        # the full region, where log(1.25/δ)/ε² = d^r log^ρ d defines the r and ρ of the conditions (referee BU, F9)
        "region": PV.full_privacy_region().name,
        "region_latex": PV.full_privacy_region().description,
        "conditions": [r"\varepsilon = \omega(1/\log d)\ (\log(1/\delta)/\varepsilon^2 = o(\log^2 d) \text{ on all of "
                       r"Assumption 3; } \log(1.25)/\varepsilon^2 \text{ needs it}),\ \text{i.e. }"
                       + r",\ ".join(full.conditions)],
        "conditions_exact": list(full.conditions_exact),
        "region_exact": full.regime()["region_exact"],
    }
    if grows and rows[-1]["ratio_to_rhs"] > 1:
        return refuted(
            "numeric",
            f"log(1.25/δ)/ε² is not o({_plain(statement.rhs)}) on Assumption 3: as δ → 1, log(1.25/δ) "
            f"→ log 1.25 while log(1/δ) → 0; with log(1/δ) = log^({log_power}) d, ε = 4 log(1/δ) (admissible: "
            f"g·log d = 4 log^{{{1 + float(log_power) / 2:.3g}}} d → ∞, slowly: "
            f"{mpmath.nstr(rows[0]['g_times_log_d'], 4)} at d = {rows[0]['d']}, "
            f"{mpmath.nstr(rows[-1]['g_times_log_d'], 4)} at d = {rows[-1]['d']}) the ratio to "
            f"{_plain(statement.rhs)} is "
            + ", ".join(f"{mpmath.nstr(r['ratio_to_rhs'], 4)} (d = {r['d']})" for r in rows)
            + "; the sup over Assumption 3 is 1/g² + 64 log(1.25)/g⁴ = o(log⁴ d). It holds exactly where ε = ω(1/log "
            "d) (log(1/δ)/ε² = 1/g² is o(log² d) everywhere, log(1.25)/ε² only there): δ bounded away from 1 (as the "
            "abstract's ε, δ → 0) is enough, and so is δ → 1 with ε ≫ 1/log d; it fails in the corner δ → 1 with "
            "ε = O(1/log d)",
            corrected=PRIVACY_FACTOR_CORRECTED if statement.rhs == S.log_d**2 else None,
            regime={
                **regime,
                "holds_on": "part",
                "witness": {k: rows[-1][k] for k in ("d", "log_inv_delta", "epsilon")},
            },
            witness=rows[-1],
            **ev,
        )
    if not closed_ok:
        return refuted("numeric", "the closed-form sup does not match the grid", witness=rows[0], **ev)
    # every admissible point has factor ≤ sup = 1/g² + 64 log(1.25)/g⁴ with g log d → ∞: o(rhs) iff log^4 d/rhs bounded
    bound = sp.limit(sp.log(S.d) ** 4 / statement.rhs, S.d, sp.oo)
    if bound.is_finite:
        return verified(
            "symbolic+numeric",
            f"sup over Assumption 3 = 1/g² + 64 log(1.25)/g⁴ (matches a grid to "
            f"1e-20) with g = ω(1/log d): o(log⁴ d) ⊆ o({statement.rhs})",
            regime={**regime, "holds_on": "all", "witness": None},
            **ev,
        )
    return refuted("numeric", f"the ratio to {statement.rhs} does not vanish along the family", witness=rows[-1], **ev)


# ------------------------------------------------------------------------------------------------
# Assumption 4: consequences
# ------------------------------------------------------------------------------------------------

#: η_a T ≪ 1 (the second layer's total training time η_a T; asked by issue 11, not stated by the paper)
ETA_T_SMALL = Statement(S.eta_a * S.T, "ll", sp.Integer(1), name="η_a T ≪ 1")
#: the product §4.5 uses: 2η_a λ T = 2 log² d, so (1 − 2η_aλ)^T ≤ e^{−2 log² d} once 2η_aλ ≤ 1
ETA_LAMBDA_T = Statement(2 * S.eta_a * S.lam * S.T, "=", 2 * sp.log(S.d) ** 2, name="2η_a λ T")


#: the second layer's per-step contraction 2η_aλ under Assumption 4, in powers of d: 2 log² d / d^{ε_n}
STEP_FACTOR = S.in_powers_of_d(2 * S.eta_a * S.lam)


@cache
def _log_step_in_log_d():
    """log(2η_aλ) as a function of (u = log d, ε_n), derived from :data:`STEP_FACTOR` once per process."""
    u = sp.Symbol("u", positive=True)
    return sp.lambdify((u, S.eps_n), sp.expand_log(sp.log(STEP_FACTOR.subs(S.d, sp.exp(u))), force=True), "mpmath")


def contraction_threshold(eps_n: float) -> mpmath.mpf:
    """d*(ε_n): the d from which on :data:`STEP_FACTOR` ≤ 1 (the largest root of 2η_aλ = 1, found in u = log d).

    With d = e^u, log(2η_aλ) = log 2 + 2 log u − ε_n u is concave in u with its maximum at u = 2/ε_n, so its
    largest zero lies in [2/ε_n, ∞) and is bracketed there (bisection, 30 digits); when the maximum is ≤ 0 the
    step is ≤ 1 for every d > 1 and d* = 1."""
    log_step = _log_step_in_log_d()
    with mpmath.workdps(30):
        eps = mpmath.mpf(eps_n)

        def f(u):
            return log_step(u, eps)

        top = mpmath.mpf(2) / eps_n
        if f(top) <= 0:
            return mpmath.mpf(1)
        high = 2 * top
        while f(high) > 0:
            high *= 2
        return mpmath.exp(mpmath.findroot(f, (top, high), solver="bisect"))


@decides("=")
def check_step_products(product: Statement = ETA_LAMBDA_T, small: Statement = ETA_T_SMALL):
    """Assumption 4's product 2η_aλT (what Part 3 §4.5 uses: (1 − 2η_aλ)^T ≤ e^{−2η_aλT}) as an identity in powers
    of d (SymPy). Issue 11 also asks whether η_a T ≪ 1 on the region: the paper does not state or use it, so it is
    decided (exact LP) and recorded in the evidence, not as this claim's verdict.

    The consequence (1 − 2η_aλ)^T ≤ e^{−2η_aλT} needs the step 2η_aλ = 2 log² d / d^{ε_n} to be at most 1, which
    holds only from some d*(ε_n) on (d* ≈ 3.8·10^17 at ε_n = 0.2): the evidence records the step, its limit and
    d*(ε_n) at a few ε_n (:func:`contraction_threshold`)."""
    lhs = S.in_powers_of_d(product.lhs)
    identity = sp.simplify(lhs - S.in_powers_of_d(product.rhs)) == 0
    thresholds = {e: contraction_threshold(e) for e in (0.05, 0.1, 0.2, 0.5, 1)}
    result = compare(S.in_powers_of_d(small.lhs), small.rel, S.in_powers_of_d(small.rhs), ADMISSIBLE, d=S.d)
    ev = {
        "product_in_powers_of_d": str(lhs),
        "product_identity": identity,
        "eta_T_small": {
            "statement": small.latex(),
            "in_powers_of_d": str(S.in_powers_of_d(small.lhs)),
            **result.regime(),
        },
        "note": "η_a T = d^(2ε_n − π_p) log² d is ≪ 1 only where π_p > 2ε_n; the paper does not need it (§4.5 needs "
        "η_aλT → ∞, which holds: 2 log² d)",
        "step": {
            "two_eta_lambda": str(STEP_FACTOR),
            "limit_d_to_infinity": str(sp.limit(STEP_FACTOR, S.d, sp.oo)),
            "d_star": {str(e): mpmath.nstr(d_star, 5) for e, d_star in thresholds.items()},
            "note": "(1 − 2η_aλ)^T ≤ e^(−2η_aλT) uses 0 ≤ 2η_aλ ≤ 1, true for every d ≥ d*(ε_n) and on a band near "
            "d = 1 (ε_n = 0.2, d = 2: 0.836), false between them (ε_n = 0.2, d = 1e8: 2η_aλ = 17.05; referee EJ, "
            "EJ-7: it had read as an equivalence)",
        },
    }
    if not identity:
        return refuted(
            "symbolic",
            f"{product.latex()} is false: the left side is {lhs}",
            witness={"lhs": str(lhs), "rhs": str(product.rhs)},
            **ev,
        )
    return verified(
        "symbolic",
        f"{product.latex()} exactly with Assumption 4 (so (1 − 2η_aλ)^T ≤ e^(−2 log² d) once the step "
        f"2η_aλ = {STEP_FACTOR} ≤ 1, as it is for every d ≥ d*(ε_n) (and on a band near d = 1), "
        f"d* = {mpmath.nstr(thresholds[0.2], 2)} at ε_n = 0.2); "
        f"η_a T ≪ 1 holds on {result.holds_on} of the region ({', '.join(result.conditions)}), recorded "
        "in the evidence",
        **ev,
    )


#: √(8 log(1/δ))/ε, the factor σ_a and Σ share, as both print it
_PRIVACY_ROOT = held(sp.sqrt(held(8 * PV.LOG_INV_DELTA)) / S.eps)


def _noise_vs_sigma(sigma_a_factor: int) -> Statement:
    """Algorithm 1's per-step noise std on a, √η_a (C_a/n) σ_a with σ_a = √(η_a T) √(8 log(1/δ))/ε (times
    ``sigma_a_factor``), against Part 3's η_a Σ, Σ = (2 C_a √T/n) √(8 log(1/δ))/ε: each side printed in its
    formula's shape, so that the correction shows which factor changes (new-user trial: it had read "2X = 2X")."""
    sigma_a = held(sigma_a_factor * sp.sqrt(S.eta_a * S.T)) * _PRIVACY_ROOT
    sigma = held(2 * S.C_a * sp.sqrt(S.T) / S.n) * _PRIVACY_ROOT
    if release(sigma_a) != sigma_a_factor * PV.SIGMA_A_GENERIC or release(sigma) != PV.SIGMA_PART3_GENERIC:
        raise AssertionError("the printed σ_a and Σ must be proofs.privacy's formulas")
    name = "Algorithm 1 noise = Part 3 noise" if sigma_a_factor == 1 else f"Algorithm 1 noise with {sigma_a_factor}σ_a"
    return Statement(held(sp.sqrt(S.eta_a) * S.C_a / S.n) * sigma_a, "=", S.eta_a * sigma, name=name)


NOISE_VS_SIGMA = _noise_vs_sigma(1)
#: σ_a doubled: the factor Algorithm 1's noise line needs to add the noise Part 3 analyses
NOISE_VS_SIGMA_CORRECTED = _noise_vs_sigma(2)


@decides("=", param="statement")
@decides("=", param="corrected")
def check_noise_vs_sigma(statement: Statement = NOISE_VS_SIGMA, corrected: Statement | None = NOISE_VS_SIGMA_CORRECTED):
    """Is Algorithm 1's noise std (Assumption 4's σ_a in the noise line) Part 3's η_a Σ? Exact ratio (SymPy), in the
    generic symbols and with Assumption 4 substituted (powers of d)."""
    ratio = sp.simplify(statement.lhs / statement.rhs)
    ratio_d = sp.simplify(sp.powsimp(S.in_powers_of_d(statement.lhs) / S.in_powers_of_d(statement.rhs), force=True))
    ev = {
        "ratio": str(ratio),
        "ratio_with_assumption_4": str(ratio_d),
        "consequence": "the noise of Algorithm 1 is half the noise Part 3 analyses; privacy: alg1.noise (exact "
        "curves), accuracy: Part 3's bounds hold a fortiori with less noise",
    }
    if ratio == 1:
        return verified("symbolic", "the two noise levels are the same expression", **ev)
    corr = None
    if corrected is not None and check_noise_vs_sigma(corrected, None).verdict == "verified":
        corr = corrected
    return refuted(
        "symbolic",
        f"√η_a (C_a/n) σ_a / (η_a Σ) = {ratio} exactly (at every point; with Assumption 4: "
        f"{ratio_d}): Algorithm 1 adds {ratio} × the noise Part 3 analyses",
        corrected=corr,
        witness={"ratio": str(ratio), "point": "any (the ratio is a constant)"},
        regime={"region": "all parameters", "holds_on": "none", "conditions": [], "witness": {"ratio": str(ratio)}},
        **ev,
    )


# ------------------------------------------------------------------------------------------------
# Algorithm 1: the gradient lines
# ------------------------------------------------------------------------------------------------

_A = sp.symbols("a1 a2", real=True)
_PHI = [sp.symbols(f"phi{i}_1 phi{i}_2", real=True) for i in range(1, 4)]
_Y = sp.symbols("y1 y2 y3", real=True)


def _per_sample_loss(i: int):
    f = sum(a * ph for a, ph in zip(_A, _PHI[i]))
    return (f - _Y[i]) ** 2 + S.lam * sum(a**2 for a in _A)


def _full_loss(n: int):
    return sp.Rational(1, n) * sum(
        (sum(a * ph for a, ph in zip(_A, _PHI[i])) - _Y[i]) ** 2 for i in range(n)
    ) + S.lam * sum(a**2 for a in _A)


def _grad(expr):
    return sp.Matrix([sp.diff(expr, a) for a in _A])


GradL = notation(
    "GradL",
    r"\nabla_a \mathcal{L}",
    "∇_a L of the empirical loss (notation, evaluated by :func:`check_gradient_lines`).",
    module=__name__,
)


GradEll = notation(
    "GradEll",
    r"\nabla_a\left[(a^\intercal\varphi_{i} - y_{i})^2 + \lambda\|a\|^2\right]",
    "The per-sample gradient ∇_a[(aᵀφ_i − y_i)² + λ‖a‖²] of sample i.",
    module=__name__,
)


MeanGradEll = notation(
    "MeanGradEll",
    r"\frac{1}{n}\sum_{i=1}^n \nabla_a\left[(a^\intercal\varphi_i - y_i)^2 + \lambda\|a\|^2\right]",
    "(1/n) Σ_i of the per-sample gradients.",
    module=__name__,
)


_I = sp.Symbol("i", positive=True, integer=True)
#: (1, D5, 2) as written: ∇_a L = ∇_a[(aᵀφ_i − y_i)² + λ‖a‖²] (L the empirical loss of §2.2)
GRADIENT_LITERAL = Statement(GradL(_I), "=", GradEll(_I), variables=(_I,), name="∇L = ∇ℓ_i")
#: the corrected reading: the mean of the per-sample gradients is ∇_a L
GRADIENT_MEAN = Statement(MeanGradEll(_I), "=", GradL(_I), variables=(_I,), name="mean ∇ℓ_i = ∇L")


def _gradient_value(side: sp.Expr, table: dict) -> sp.Matrix:
    """A side built from ∇_a L, ∇ℓ_i and their mean (sums, numeric multiples) as the 2-vector it stands for (the
    scale probe, stop 55: a side c·∇ℓ_i had crashed with a KeyError)."""
    if type(side) in table:
        return table[type(side)]
    if isinstance(side, sp.Add):
        return sum((_gradient_value(a, table) for a in side.args), sp.zeros(2, 1))
    if isinstance(side, sp.Mul):
        scalars = [a for a in side.args if a.is_number]
        rest = [a for a in side.args if not a.is_number]
        if len(rest) == 1:
            return sp.Mul(*scalars) * _gradient_value(rest[0], table)
    raise InputError(f"a side of the gradient lines must be built from ∇_a L, ∇ℓ_i and their mean, not {side}")


def check_gradient_lines(statement: Statement = GRADIENT_LITERAL):
    """Algorithm 1's gradient lines in SymPy (p = 2, n = 1..3, φ_i, y_i, a symbolic): the per-sample gradient
    ∇_a[(aᵀφ_i − y_i)² + λ‖a‖²] against ∇_a L of the empirical loss L = (1/n)Σ(aᵀφ_i − y_i)² + λ‖a‖²; the first
    layer's line (1, P40, 2) is the same relation for W (the loss has no W-penalty)."""
    exprs = {}
    results = {}
    for n in (1, 2, 3):
        gradL = _grad(_full_loss(n))
        grad_i = _grad(_per_sample_loss(0))
        mean = sp.Rational(1, n) * sum((_grad(_per_sample_loss(i)) for i in range(n)), sp.zeros(2, 1))
        exprs[n] = {GradL: gradL, GradEll: grad_i, MeanGradEll: mean}
        lhs, rhs = (_gradient_value(side, exprs[n]) for side in (statement.lhs, statement.rhs))
        results[n] = sp.simplify(lhs - rhs)
    ok = all(v == sp.zeros(2, 1) for v in results.values())
    ev = {
        "difference_by_n": {str(k): str(list(v)) for k, v in results.items()},
        "index_typo": "D5 evaluates the gradient at a_{i−1} (the sample index i); the iterate of step t is a_{t−1}",
        "first_layer_line": "(1, P40, 2) ∇_W L = ∇_W(a_0ᵀσ(W_0ᵀx_i + b) − y_i)²: the same per-sample/average relation",
    }
    if ok:
        return verified("symbolic", f"{statement.latex()} for n = 1, 2, 3 (SymPy, p = 2)", **ev)
    bad = next(n for n, v in results.items() if v != sp.zeros(2, 1))
    corrected = (
        GRADIENT_MEAN
        if statement is not GRADIENT_MEAN and check_gradient_lines(GRADIENT_MEAN).verdict == "verified"
        else None
    )
    v = refuted(
        "symbolic",
        f"as an equation, {statement.latex()} fails for n = {bad}: the difference is "
        f"{list(results[bad])} (the per-sample loss is written ∇_a L; the mean of the per-sample gradients "
        f"is ∇_a L, which is what step P53 aggregates)",
        corrected=corrected,
        witness={"n": bad, "difference": str(list(results[bad]))},
        # the per-sample lines of both layers fail (the first layer's by the same relation), the aggregation P53
        # holds, and the correction is the second layer's line's: errata annotate accordingly (new-user trial)
        failing_relations=[[1, "D5", 1], [1, "D5", 2], [1, "P40", 1], [1, "P40", 2]],
        corrected_relations=[[1, "D5", 1], [1, "D5", 2]],
        **ev,
    )
    if statement is not GRADIENT_LITERAL:
        return v
    # a slip of notation (referee AZ F5): the line means the i-th sample's gradient, whose mean P53 takes
    return as_printed_and_intended(
        v, region="n ≥ 1 samples", printed=f"part: holds only for n = 1 (fails at n = {bad})",
        intended="∇_a L read as the i-th sample's gradient ∇_a[(aᵀφ_i − y_i)² + λ‖a‖²] (whose mean P53 takes), at "
                 "the iterate a_{t−1} for the printed a_{i−1}",
        intended_holds=corrected is not None, why_not="the mean of the per-sample gradients is not ∇_a L")


Part2Update = notation(
    "Part2Update",
    r"W_0 - \eta_W \nabla_W \mathcal{L}",
    "Part 2's first-layer step W_0 − η_W ∇_W L (notation, evaluated by :func:`check_first_layer_update`).",
    module=__name__,
)


Alg1Update = notation(
    "Alg1Update",
    r"W_0 - \eta_W \sum_{i=1}^n g^C_W(x^W_i, y^W_i, f)",
    "Algorithm 1's first-layer step W_0 − η_W Σ_i g^C_W(x^W_i, y^W_i, f).",
    module=__name__,
)


#: (1, P42, 1) with g^C_W read as g_W (no C_W is defined): Algorithm 1's update against Part 2's
FIRST_LAYER_SUM = Statement(
    Alg1Update(S.n), "=", Part2Update(S.n), variables=(S.n,), name="Algorithm 1 first-layer update"
)


@decides("=")
def check_first_layer_update(statement: Statement = FIRST_LAYER_SUM, average: bool = False,
                             weight: sp.Expr | None = None):
    """Algorithm 1's first-layer update W_0 − η_W c(n) Σ_i g_W against Part 2's w_i^0 − η_W ∇_{w_i} L, in SymPy for
    n = 1..3 (scalar model of one column: per-sample gradients G_i symbolic, ∇L = (1/n)Σ G_i). The weight c(n) is
    Algorithm 1's 1 (the sum), 1/n when ``average``, or ``weight`` (an expression in n: the hook a perturbed update
    is fed through). The consequence for the later steps is recorded in the evidence."""
    eta, w0 = sp.Symbol("eta_W", positive=True), sp.Symbol("w0", real=True)
    c_n = weight if weight is not None else (1 / S.n if average else sp.Integer(1))
    diffs = {}
    for n in (1, 2, 3):
        G = sp.symbols(f"G1:{n + 1}", real=True)
        alg1 = w0 - eta * sp.sympify(c_n).subs(S.n, n) * sum(G)
        part2 = w0 - eta * sp.Rational(1, n) * sum(G)
        diffs[n] = sp.simplify(alg1 - part2)
    ok = all(v == 0 for v in diffs.values())
    ev = {
        "difference_by_n": {str(k): str(v) for k, v in diffs.items()},
        "undefined_clipping": "g^C_W is never defined (no C_W in Algorithm 1's Require line or Assumption 4): read "
        "as g_W",
        "consequence_direction": "after the normalisation w_i^1/‖w_i^1‖ only the direction counts: the sum is the "
        "step n·η_W, which makes w_i^0 relatively n times smaller than in Part 2; the "
        "rank-1 approximation (2, D19) is unaffected at leading order",
        "consequence_privacy": "normalised columns move by at most 2 each whatever the gradient: sensitivity 2√p "
        "(layer1.privacy); clipping the first-layer gradients would not bound it (the "
        "normalisation is not Lipschitz near 0)",
    }
    if ok:
        return verified("symbolic", "the update equals Part 2's for n = 1, 2, 3", **ev)
    bad = next(n for n, v in diffs.items() if v != 0)
    printed = average is False and weight is None
    # the averaged step (1/n)Σ g_W is the correction, not a reading: Algorithm 1 writes g_W(x_i) ← ∇_W L =
    # ∇_W(f(x_i) − y_i)², the per-sample gradient, whose sum is n∇_W L whichever way its label is read (referee BM, BM4)
    per_summand = check_first_layer_update(statement, True) if printed else None
    # every sample size n = d^ν ≥ 2: the updates differ by η_W (c(n) − 1/n) Σ_i G_i, and c(n) − 1/n ≠ 0 for every n ≥ 2
    m = sp.Symbol("m", nonnegative=True)
    gap = sp.factor(sp.sympify(c_n).subs(S.n, m + 2) - 1 / (m + 2))
    never = bool(gap.is_positive or gap.is_negative)
    regime = {"region": "every sample size n ≥ 2", "holds_on": "none" if never else "undecided", "conditions": [],
              "witness": {"n": bad}, "gap_c_of_n_minus_1_over_n_at_n_eq_m_plus_2": str(gap)}
    return refuted(
        "symbolic",
        f"the sum Σ g_W is n ∇_W L: for n = {bad} the two updates differ by {diffs[bad]} "
        "(Algorithm 1 takes the step n·η_W, Part 2 analyses η_W); g^C_W is undefined (read as g_W)",
        # the 1/n only: g^C_W kept as Algorithm 1 writes it (read as g_W by the claim's assumptions; referee CP, LOW-3)
        # the equality with the gradient needs the clip inactive (referee DB, DB-6)
        corrected=r"W_1 \gets W_0 - \frac{\eta_W}{n}\sum_{i=1}^n g^C_W(x^W_i, y^W_i, f) "
        r"= W_0 - \eta_W\nabla_W\mathcal{L}\quad(\text{no clipping: } g^C_W = g_W)"
        if per_summand is not None and per_summand.verdict == "verified"
        else None,
        witness={"n": bad, "difference": str(diffs[bad])},
        regime=regime,
        # the update line (1, P42, 1) fails, and the correction is its own; the normalise-and-noise line (1, P44, 1)
        # is this claim's context (its privacy is layer1.privacy's): errata annotate only the update (new-user trial)
        failing_relations=[[1, "P42", 1]],
        corrected_relations=[[1, "P42", 1]],
        **ev,
    )


# ------------------------------------------------------------------------------------------------
# Theorem 1: the rate, its o(1), the probability
# ------------------------------------------------------------------------------------------------

PRIVACY_125 = S.PRIVACY_125
#: Theorem 1's rate as stated
THM1_RATE = S.THEOREM1_RATE
#: the bound Part 3 §4.5 derives for R(f_NN) (its second-to-last line)
PART3_RATE = S.PART3_RATE
R_NN = sp.Symbol("R_NN", positive=True)
#: what thm1.rate decides, the step (1, D9, 2) from the proof to the theorem: Parts 2–3's bound on R(f_NN) is O(Theorem
#: 1's rate). Displayed as that relation, not as R(f_NN) = O(rate): pasted with "refuted" after it, the theorem's own
#: display would read as "the risk is not O(rate)", which this check does not decide (referee BQ, F8;
#: thm1.risk-obstruction is the claim about the risk itself)
THM1_RATE_STATEMENT = Statement(
    PART3_RATE,
    "O",
    THM1_RATE,
    lhs_latex=r"\text{Parts 2--3's bound on } \mathcal{R}(f_{\text{NN}})",
    assumptions=(r"\text{Assumptions 1--4}",),
    name="Theorem 1's rate against Parts 2-3's bound",
)
#: the rate Parts 2–3 claim to prove: not a corrected Theorem 1 (its proof rests on refuted steps, and the risk is
#: bounded below where π_p < 1 and σ_W²d/p → ∞, thm1.risk-obstruction), only what the paper's own derivation gives
THM1_RATE_CLAIMED_BY_PROOF = Statement(
    R_NN,
    "O",
    PART3_RATE,
    lhs_latex=r"\mathcal{R}(f_{\text{NN}})",
    assumptions=(r"\text{Assumptions 1--4}",),
    name="Theorem 1's rate (Part 3's bound)",
)
THM1_O1 = Statement(THM1_RATE, "o", sp.Integer(1), name="Theorem 1's rate is o(1)")


def check_rate_o1(statement: Statement = THM1_O1, region=None):
    """(1, D9, 3): the rate is o(1) on the whole region (full Assumption 3 range, every admissible n), by the exact LP
    comparison of each term with 1; the ratio at d = 1e8…1e128 on a failure."""
    region = region or PV.full_privacy_region()
    lhs, rhs = PV.privacy_factor_rewrite(statement.lhs), PV.privacy_factor_rewrite(statement.rhs)
    result = compare(lhs, statement.rel, rhs, region, d=S.d)
    ev = {
        "lhs_in_powers_of_d": str(lhs),
        "lhs_terms": [t.latex(S.d) for t in result.lhs_terms],
        "procedure": "each term against 1, lexicographic in (power of d, power of log d), exact LP per degree q",
    }
    if (undecided := if_undecided(result, statement.latex(), **ev)) is not None:
        return undecided
    if result.holds_on == "all":
        return verified(
            "exact",
            f"{statement.latex()} on the whole region ({region.name}; ν ≥ 1 + 3ε_n, r ≤ 0, ρ < 4: "
            "the range part1.privacy-factor finds for log(1.25/δ)/ε²)",
            regime=result.regime(),
            **ev,
        )
    point = result.witness["point"]
    return refuted(
        "exact",
        f"{statement.latex()} fails at {point}",
        regime=result.regime(),
        witness=result.witness,
        ratio_at_witness=ratio_at(lhs, rhs, point, S.d),
        **ev,
    )


def check_theorem1_rate(statement: Statement = THM1_RATE_STATEMENT, proven: sp.Expr = PART3_RATE):
    """(1, D9, 2): is the bound Parts 2–3 prove for R(f_NN) (``proven``: Part 3 §4.5) O(the stated rate) on the whole
    region? Exact LP comparison; where it fails, the witness and the ratio; and whether ``proven`` is o(1)."""
    region = PV.full_privacy_region()
    lhs, rhs = PV.privacy_factor_rewrite(proven), PV.privacy_factor_rewrite(statement.rhs)
    result = compare(lhs, "O", rhs, region, d=S.d)
    vanishes = compare(lhs, "o", sp.Integer(1), region, d=S.d)
    ev = {
        "proven_in_powers_of_d": str(lhs),
        "stated_in_powers_of_d": str(rhs),
        "proven_is_o1": {"holds_on": vanishes.holds_on, "conditions": list(vanishes.conditions)},
        "per_term": "d^{−ε_p/(8(q+1))} ≫ d^{−ε_p/(8q)} everywhere (the certificate term of Theorem 6 is for degree "
        "q+1 in Part 2); the noise term d^{1+ε_b+ε_p/4}/n·log^{2q+6} d ≲ d^{1+ε_n}/n iff ε_b + ε_p/4 < ε_n",
    }
    rate_latex = paper_latex(statement.rhs)  # the rate the bound is compared with (the statement's right side)
    if (undecided := if_undecided(result, rate_latex, **ev)) is not None:
        return undecided
    if result.holds_on == "all":
        return verified("exact", f"Part 3's bound is O({rate_latex}) on the whole region", regime=result.regime(), **ev)
    claimed = THM1_RATE_CLAIMED_BY_PROOF
    if statement is THM1_RATE_STATEMENT and check_theorem1_rate(claimed, proven).verdict == "verified":
        ev["rate_the_proof_claims"] = THM1_RATE_CLAIMED_BY_PROOF.latex()
    point = result.witness["point"]
    return refuted(
        "exact",
        "the bound Part 3 claims, O(d^(−ε_p/(8(q+1))) + d^(1+ε_b+ε_p/4)/n · "
        "log^(2q+6) d · log(1.25/δ)/ε²), is not O(Theorem 1's rate): holds on "
        f"{result.holds_on} of the "
        f"region, fails at {point}. Part 3's bound is o(1) on {vanishes.holds_on} of the region, but it is no "
        "corrected Theorem 1: its derivation rests on refuted steps (Part 2's certificate, rank1.noisy-alignment), "
        "and where π_p < 1 and σ_W²d/p → ∞ the risk stays above a constant (thm1.risk-obstruction); no corrected "
        "rate is offered",
        # the regime is the step's, Parts 2–3's bound against the stated rate, not the risk's (referee BP, F4)
        regime=dict(result.regime(), decides="Parts 2–3's bound = O(Theorem 1's rate), the step (1, D9, 2) from the "
                    "proof to the theorem; for the risk itself see thm1.risk-obstruction"),
        witness=result.witness,
        ratio_at_witness=ratio_at(lhs, rhs, point, S.d),
        **ev,
    )


#: the union bound behind "with probability at least 1 − exp(−c log² d)": d^K events each failing w.p. e^{−c log² d}
K_EV = sp.Symbol("K", positive=True)
C_P = sp.Symbol("c", positive=True)
UNION_BOUND = Statement(
    S.d**K_EV * sp.exp(-C_P * sp.log(S.d) ** 2),
    "<=",
    sp.exp(-C_P / 2 * sp.log(S.d) ** 2),
    assumptions=(r"d \text{ large enough}",),
    name="union bound",
)


def _bias_event_exponent(eps_b: float) -> list[dict]:
    """−log P(|b| > (ε_b/4) log d) / log² d for b ~ N(0, 1) at 30 digits (→ ε_b²/32): the constant c of the
    bias event of Part 2 §3.1 (2, P26, 4)."""
    rows = []
    with mpmath.workdps(30):
        for k in (8, 32, 128, 512):
            lg = mpmath.log(mpmath.mpf(10) ** k)
            t = mpmath.mpf(eps_b) / 4 * lg
            prob = mpmath.erfc(t / mpmath.sqrt(2))
            rows.append({"d": f"1e{k}", "c_exponent": -mpmath.log(prob) / lg**2})
    return rows


@decides("≤")
def check_probability(statement: Statement = UNION_BOUND, eps_b_values=(0.1, 0.01)):
    """Theorem 1's probability 1 − exp(−c log² d): (i) the union of d^K events, each with probability
    ≤ e^{−c log² d}, fails with probability ≤ the right side for d large (SymPy limit of log lhs − log rhs);
    (ii) "c is an absolute constant": the bias event |b_i| ≤ (ε_b/4) log d has exponent ε_b²/32 (30 digits),
    which → 0 with ε_b inside the window, so c depends on ε_b."""
    gap = sp.expand(sp.expand_log(sp.log(statement.lhs) - sp.log(statement.rhs), force=True))
    limit = sp.limit(gap, S.d, sp.oo)
    exps = {str(e): _bias_event_exponent(e) for e in eps_b_values}
    crossover = {}
    for e in eps_b_values:
        c = e**2 / 32
        for K in (2, 4):  # d^K events: p columns, n samples, T steps: K = π_p + ν + ε_n ≈ 2–4 at the corners (any K
            # on the region: the limit above is symbolic in K; these two only show the crossover's size)
            crossover[f"eps_b={e}, K={K}"] = f"log d ≥ {2 * K / c:.4g}"
    ev = {
        "log_lhs_minus_log_rhs": str(gap),
        "limit": str(limit),
        "bias_event_exponent": exps,
        "union_bound_holds_for": crossover,
        "note": "the d needed before the union bound with c/2 applies is d ≥ exp(2K/c): astronomically large for "
        "c = ε_b²/32",
    }
    # ≤ for d large: log(lhs/rhs) → −∞ or a negative limit proves it, a positive (or +∞) limit refutes it; a limit of
    # 0 decides nothing — unless the gap is 0 itself (referee EH, EH-19: equal sides had been "refuted")
    if gap != 0 and limit.is_extended_positive:
        return refuted(
            "symbolic",
            f"the union bound fails: log(lhs/rhs) → {limit}",
            witness={"limit": str(limit), "gap": str(gap)},
            **ev,
        )
    if gap != 0 and not limit.is_extended_negative:
        return inconclusive("symbolic", f"log(lhs/rhs) → {limit}: the limit does not decide ≤ for d large", **ev)
    if limit is not sp.S.NegativeInfinity:
        return verified("symbolic", f"{statement.latex()} for d large: log(lhs/rhs) = {gap} → {limit} ≤ 0" + (
            " (the two sides are equal)" if gap == 0 else ""), **ev)
    small = min(eps_b_values)
    c_small = exps[str(small)][-1]["c_exponent"]
    # the union step only (thm1.probability-union-bound); whether the theorem holds at that level is
    # thm1.probability's question (referee DC, F2: the two had been one inconclusive claim)
    return verified(
        "symbolic+numeric",
        f"the union bound holds ({statement.latex()} for d large: log(lhs/rhs) = {gap} → −∞, for every K); the "
        f"proof's events have c = c(ε_b), not an absolute c: the event |b_i| ≤ (ε_b/4) log d (Part 2 §3.1) fails "
        f"with probability e^(−c log² d) with c → ε_b²/32 (30 digits: {mpmath.nstr(c_small, 4)} at ε_b = {small}, "
        "d = 1e512), and ε_b ∈ (0, 3ε_n − ε_p/4) is free (thm1.probability)",
        proof_gives=r"\text{probability at least } 1 - \exp(-c(\varepsilon_b)\log^2 d),\ "
        r"c(\varepsilon_b) \leq \varepsilon_b^2/32",
        proof_constant_at={"eps_b": small, "c_exponent": c_small, "eps_b_window": "(0, 3ε_n − ε_p/4)"},
        **ev,
    )


#: Theorem 1's probability clause (Part 1 §2.2 and §2.5's O_P): its conclusion holds on an event of that probability
PROBABILITY_CLAUSE = (r"\P\left[\text{Theorem 1's conclusion}\right] \geq 1 - e^{-c\log^2 d},\ c \text{ an "
                      r"absolute constant}")


def check_probability_clause(rate: sp.Expr | None = None) -> Verdict:
    """thm1.probability: Theorem 1's conclusion holds with probability 1 − exp(−c log² d), c absolute. Where
    thm1.risk-obstruction applies (π_p < 1, σ_W²d/p → ∞ and the rate → 0), the risk stays above
    α_1^{*2}‖P_{col(W_1)^⊥}μ‖² for every second layer, so the conclusion fails with probability → 1 and the clause
    fails for every c (referee DC, F2: the claim had been inconclusive although its detail said so); elsewhere only the
    proof's gap is known (its c = c(ε_b), thm1.probability-union-bound), undecided."""
    from .part3_steps import RATE_THM1, check_private_risk_obstruction

    # the obstruction's own check, one home (the hook: a perturbed, non-vanishing rate is not ruled out)
    obstruction = check_private_risk_obstruction(RATE_THM1 if rate is None else rate)
    gap = ("elsewhere undecided: the proof's events give c = c(ε_b) ≤ ε_b²/32 only "
           "(thm1.probability-union-bound); Theorem 2's penalty argument (thm2.statement, risk.summary-corrected) "
           "would reach f_NN's risk where π_p ≥ 1 if DP-GD's second layer had ‖a_T‖ ≲ 1/√λ, which is not established "
           "here (referee DD, DD-5)")
    if obstruction.verdict != "refuted":
        return inconclusive("simulation+exact", f"thm1.risk-obstruction does not rule the conclusion out: {gap}",
                            **obstruction.evidence)
    return refuted(
        "simulation+exact",
        f"where thm1.risk-obstruction applies the conclusion fails with probability → 1, so no c works ("
        f"{obstruction.detail}); {gap}",
        regime=obstruction.regime,
        **obstruction.evidence,
    )


# ------------------------------------------------------------------------------------------------
# Theorem 1: privacy of f_NN (both layers)
# ------------------------------------------------------------------------------------------------


def _gdp_certificate(mu: sp.Expr) -> dict:
    """μ = k(L)·ε with a(8L) ≤ −√(2L) for all L > 0 ⇒ δ(ε) ≤ δ/2 on all of Assumption 3 (see
    :func:`proofs.privacy.dpgd_certificate`)."""
    mu_L = sp.simplify(sp.simplify(mu).subs(S.delta, sp.exp(-L_SYM)))
    k = sp.simplify(mu_L / S.eps)
    out = {"mu": str(sp.simplify(mu)), "k_of_L": str(k)}
    if S.eps in k.free_symbols or k.free_symbols - {L_SYM}:
        out["proved"] = False
        return out
    gap = sp.simplify(sp.sqrt(2 * L_SYM) + 4 * L_SYM * k - 1 / k)
    out["a_at_top_plus_sqrt_2L"] = str(gap)
    out["proved"] = bool(gap == 0 or gap.is_nonpositive)
    return out


#: the δ at which the second layer's largest private ε is found (log(1/δ) from 10⁻⁴ to 10¹⁰, denser where the ratio
#: ε*(δ)²/log(1.25/δ) peaks, log(1/δ) ≈ 0.2–1)
SECOND_LAYER_LOG_INV_DELTAS: tuple[float, ...] = tuple(
    sorted({10.0**k for k in range(-4, 11)} | {0.2 + 0.02 * k for k in range(41)} | {2.0, 3.0, 5.0, 30.0, 300.0}))


def _second_layer_bound(mu: sp.Expr) -> dict | None:
    """The second layer's largest private ε at each δ of :data:`SECOND_LAYER_LOG_INV_DELTAS`, ε*(δ) (bisection on the
    exact μ-GDP curve: the release with GDP parameter ``mu(ε, δ)`` is (ε, δ)-DP iff δ(ε) ≤ δ), and the largest
    ε*(δ)²/log(1.25/δ) found: the private releases need ε²/log(1.25/δ) = d^{−r}log^{−ρ} d bounded by it (referee BT,
    D1). None when μ depends on more than (ε, δ). Both ends of the range are small: ε < 8 log(1/δ) bounds the ratio by
    64 log²(1/δ)/log(1.25/δ) → 0 as δ → 1, and ε*(δ) grows like log log(1/δ) as δ → 0 (the evidence lists them)."""
    mu = sp.simplify(mu)
    if not mu.free_symbols <= {S.eps, S.delta}:
        return None
    mu_fn = sp.lambdify((S.eps, S.delta), mu, modules="mpmath")
    rows = []
    for L in SECOND_LAYER_LOG_INV_DELTAS:
        delta = mpmath.exp(-mpmath.mpf(L))

        def private(e: float, L: float = L, delta: Any = delta) -> bool:
            return bool(P.gdp_log_delta(e, mu_fn(e, delta)) <= -L + PV.REL_TOL)

        top = largest_holding(private, min(1e-6 * L, 1e-8), 8 * L, halvings=50) or 0.0
        rows.append({"log_inv_delta": L, "largest_private_epsilon": top,
                     "ratio": top**2 / (L + math.log(1.25)), "whole_range": top == 8 * L})
    peak = max(rows, key=lambda r: r["ratio"])
    return {"largest_ratio": peak["ratio"], "at_log_inv_delta": peak["log_inv_delta"],
            "ends": [rows[0], rows[-1]], "points": len(rows),
            "ratio": "ε*(δ)²/log(1.25/δ), ε*(δ) the largest private ε by bisection (50 halvings) on the exact curve"}


def _layers_regime(first: Mapping[str, Any] | None,
                   second: str | dict | None) -> tuple[str, list[str], list[str], bool]:
    """Where both layers are private, given where the first is (a regime record: holds_on, conditions, exact) and the
    second: "all" (a GDP certificate on all of Assumption 3) or a :func:`_second_layer_bound` record (private exactly
    where ε ≤ ε*(δ); that needs ε²/log(1.25/δ) = d^{−r}log^{−ρ} d bounded, so r = 0, but it is not enough: ε*(δ)
    grows like log log(1/δ), so at r = 0 it depends on ε and δ themselves). Returns (holds_on, LaTeX conditions,
    exact conditions, whether the exact conditions are only necessary: "at most"); "undecided" when a layer is not
    decided."""
    if first is None or second is None or first.get("holds_on") not in ("all", "part", "none"):
        return "undecided", [], [], False
    if first["holds_on"] == "none":
        return "none", [], [], False
    exact = list(first.get("conditions_exact") or [])
    latex = list(first.get("conditions") or [])
    if second == "all":
        return first["holds_on"], latex, exact, False
    from theorycheck.asymptotics import conditions_cannot_hold

    # ε²/log(1.25/δ) = d^{−r}log^{−ρ} d bounded: exactly r > 0 or (r = 0 and ρ ≥ 0) (referee BU, F3: "r ≥ 0" had
    # also let in r = 0, ρ < 0, where it grows like log^{|ρ|} d and the second layer fails)
    bounded = "r > 0 or (r == 0 and rho >= 0)"
    if conditions_cannot_hold([*exact, bounded], PV.full_privacy_region()):
        return "none", [], [], False
    second_latex = r"\varepsilon \leq \varepsilon^*(\delta)\ (\text{second layer; needs } r = 0,\ \rho \geq 0)"
    return "part", [*latex, second_latex], [*exact, bounded], True


@decides("=", "≥", ">", param="sigma_w")
def check_theorem1_privacy(
    sigma_w: Statement = PV.SIGMA_W_STATEMENT, sigma_a: Statement = PV.ALG1_NOISE_STATEMENT, clip=PV.paper_clip
):
    """f_NN = a_Tᵀσ(W_1ᵀx + b) is (ε, δ)-DP iff (W_1, a_T) is (b is data-free; f_NN is post-processing). X^W and X^a are
    disjoint, so a record changes W_1's input or a_T's (given W_1), never both: the pair is (ε, δ)-DP iff each release
    is. Decided from the given σ_W, σ_a (Statements) and clipping rule:

    * clipping: ``clip`` must bound the per-sample norm by C (else the sensitivity is unbounded: no noise suffices);
    * second layer: μ = √T·(η_a 2C_a/n)/(√η_a (C_a/n) σ_a) (a GDP certificate over Assumption 3, else the exact
      curve at a witness);
    * first layer: worst-case sensitivity 2√p of the unit columns, μ = 2√p/σ_W (certificate when σ_W depends on
      (ε, δ); else exact curves along d = 10³…10⁶ at n = d^{1+3ε_n}, p = d^{ε_p})."""
    parts = {}
    clip_v = PV.check_clipping(clip, samples=30)
    parts["clipping"] = {"verdict": clip_v.verdict, "detail": clip_v.detail}
    mu_a = sp.sqrt(S.T) * (S.eta_a * 2 * S.C_a / S.n) / (sp.sqrt(S.eta_a) * S.C_a / S.n * sigma_a.rhs)
    cert_a = _gdp_certificate(mu_a)
    parts["second_layer"] = cert_a
    eps, delta = 0.5 * 8 * math.log(1e5), 1e-5
    if not cert_a["proved"]:
        mu_num = float(sp.N(sp.simplify(mu_a).subs({S.eps: eps, S.delta: delta, S.eta_a: 1, S.T: 1})))
        cert_a["witness"] = {"epsilon": eps, "delta": delta, "mu": mu_num, "exact_delta": P.gdp_delta(eps, mu_num)}
    mu_w = 2 * sp.sqrt(S.p) / sigma_w.rhs
    if sigma_w.rhs.free_symbols & {S.eps, S.delta}:
        cert_w = _gdp_certificate(mu_w)
    else:
        cert_w = {"proved": False, "mu": str(mu_w), "family": []}
        eps_n, eps_p, eps_b, q = 0.4, 2.0, 0.1, 1
        for dd in (1e3, 1e6):
            vals = {S.d: dd, S.n: math.ceil(dd ** (1 + 3 * eps_n)), S.p: math.ceil(dd**eps_p), S.eps_b: eps_b, S.q: q}
            mu_num = float(sp.N(mu_w.subs(vals)))
            cert_w["family"].append(
                {"d": dd, "mu": mu_num, "epsilon": eps, "delta": delta, "exact_delta": P.gdp_delta(eps, mu_num)}
            )
    parts["first_layer"] = cert_w
    ev = {
        "layers": parts,
        "composition": "parallel over the disjoint datasets X^W, X^a (post-processing for f_NN)",
        "adjacency": "replace-one",
    }
    failing = [
        k
        for k, ok in (
            ("clipping", clip_v.verdict == "verified"),
            ("second layer", cert_a["proved"]),
            ("first layer", cert_w["proved"]),
        )
        if not ok
    ]
    if not failing:
        return verified(
            "symbolic+numeric",
            "clipping bounds the per-sample norm; both releases have μ = ε/√(8 log(1/δ))·c "
            "with a(8 log(1/δ)) ≤ −√(2 log(1/δ)): δ(ε) ≤ δ/2 on all of Assumption 3, and the pair is "
            "(ε, δ)-DP by parallel composition",
            regime={
                "region": PV.A3_REGION,
                "holds_on": "all",
                "conditions": [r"\varepsilon < 8\log(1/\delta)"],
                "witness": None,
            },
            **ev,
        )
    corrected = None
    if (sigma_w, sigma_a, clip) != (PV.SIGMA_W_CORRECTED, PV.ALG1_NOISE_CORRECTED, PV.corrected_clip):
        sub = check_theorem1_privacy(PV.SIGMA_W_CORRECTED, PV.ALG1_NOISE_CORRECTED, PV.corrected_clip)
        ev["corrected_check"] = {"verdict": sub.verdict, "detail": sub.detail}
        if sub.verdict == "verified":
            corrected = (
                r"f_{\text{NN}}\ (\varepsilon,\delta)\text{-DP with } g^C_a = g_a\min(1, C_a/\|g_a\|),\ "
                + PV.ALG1_NOISE_CORRECTED.latex()
                + r",\ "
                + PV.SIGMA_W_CORRECTED.latex()
            )
    # where it holds (referee BT, D1: the record had said "part" with both layers' conditions, which cannot both hold
    # under replace-one): the first layer where its μ_W² log(1.25/δ)/ε² ≪ 1 (layer1.privacy's regime), the second
    # on all of Assumption 3 where a certificate proves it, else only where ε²/log(1.25/δ) stays bounded
    first = ({"holds_on": "all"} if cert_w["proved"] else
             PV._asymptotic_regime(mu_w**2) if not (sigma_w.rhs.free_symbols & {S.eps, S.delta}) else None)
    layer_readings, said = {}, {}
    for adjacency, factor in (("replace-one", 1), ("add-remove", sp.Rational(1, 2))):
        cert = cert_a if factor == 1 else _gdp_certificate(mu_a * factor)
        second = "all" if cert["proved"] else _second_layer_bound(mu_a * factor)
        if isinstance(second, dict):
            ev.setdefault("second_layer_bound", {})[adjacency] = second
        word, _, texts, at_most = layer_readings[adjacency] = _layers_regime(first, second)
        said[adjacency] = word + (
            ": holds at most where " + " and ".join(texts) + ", and there where ε ≤ ε*(δ)" if at_most else
            ": holds where " + " and ".join(texts) if word == "part" else
            ": the first layer is private only where ε²/log(1.25/δ) = d^(−r) log^(−ρ) d → ∞, the second only where "
            f"ε²/log(1.25/δ) ≤ {second['largest_ratio']:.4g} (the largest ε*(δ)²/log(1.25/δ) at {second['points']} δ, "
            "evidence second_layer_bound)" if word == "none" and isinstance(second, dict) else
            ": the first layer is private nowhere" if word == "none" else "")
    holds_on, conditions, exact, at_most = layer_readings["replace-one"]
    clip_ok = clip_v.verdict == "verified"

    readings = {} if clip_ok else {"the clipping rule as printed": "none: it does not bound the per-sample gradient "
                                   "(alg1.clipping), so no noise makes the second layer private"}
    meant = "" if clip_ok else ", the clipping rule meant (g·min(1, C/‖g‖))"
    readings.update({PV.ADJACENCY_READINGS[a] + meant: said[a] for a in ("replace-one", "add-remove")})
    # Algorithm 1's g^C_W with a clipping constant C_W (never defined; referee CN, M1: it had not reached this table):
    # a column still flips under the clip (Δ_2(W_1) ≥ 2, sens.delta2's clipped reading), so the first layer is private
    # at most where σ_W covers μ = 2/σ_W (stop 60's referee: this had rested on a typical-data bound ‖u_i‖ ≳ η_W/√p)
    flip = PV.clipped_flip_regime(sigma_w.rhs) if not (sigma_w.rhs.free_symbols & {S.eps, S.delta}) else None
    flipped = ("a column still flips under the clip (Δ_2(W_1) ≥ 2: a dataset whose step is small, κw_i^0 with κ as "
               "small as the clip needs, every per-record gradient below C_W; sens.delta2's clipped reading)")
    clipped_word = "undecided" if flip is None or flip["holds_on"] != "none" else "none"
    readings["the first layer's g^C_W clipped at C_W = 2√d log^q d (never defined), either adjacency" + meant] = (
        f"none: {flipped}, and σ_W covers even one column's μ = 2/σ_W nowhere (layer1.privacy's clipped reading)"
        if clipped_word == "none" else
        f"undecided: {flipped}; σ_W covers one column's μ = 2/σ_W "
        + ("on the whole region" if flip and flip["holds_on"] == "all" else
           "only where " + ", ".join(flip["conditions"]) if flip else "as layer1.privacy's clipped reading decides")
        + ", and W_1's sensitivity lies between 2 and 2√p: private at most there, with the second layer as in the "
        "adjacency's reading above")
    if not clip_ok:
        holds_on, conditions, exact, at_most = "none", [], [], False
    w = {}
    if "first layer" in failing and cert_w.get("family"):
        w["first_layer"] = cert_w["family"][-1]
    if "second layer" in failing:
        w["second_layer"] = cert_a.get("witness")
    if "clipping" in failing:
        w["clipping"] = "g = 2C e₁ gives ‖g^C‖ = 4C (alg1.clipping): unbounded sensitivity"
    return refuted(
        "numeric+symbolic",
        (f"f_NN is not (ε, δ)-DP as specified: fails in {', '.join(failing)} "
        + (
            f"(first layer: μ = 2√p/σ_W = {cert_w['family'][-1]['mu']:.4g} at d = 1e6 ("
            + ", ".join(f"{k} = {v}" for k, v in PV.LAYER1_WITNESS.items() if k != "d")
            + f"), exact δ at ε = {eps:.3g} is "
            f"{mpmath.nstr(cert_w['family'][-1]['exact_delta'], 4)} > δ = {delta:g}) "
            if cert_w.get("family")
            else ""
        )
        + (
            "(second layer: μ = ε/√(2 log(1/δ)), exact δ = "
            f"{mpmath.nstr(cert_a['witness']['exact_delta'], 4)} at ε = {eps:.3g}) "
            if "witness" in cert_a
            else ""
        )).rstrip()
        # which failures survive the recorded readings (referee DC, F11)
        # (referee EG: "every recorded reading" had included the clipped-g^C_W one, which is undecided)
        + ("; with g_W unclipped (as printed; C_W is never defined) it fails through the first layer under either "
           "adjacency, on part of the region at least (layer1.privacy), while the clipping and second-layer "
           "failures are those of the text as first read (the min rule, alg1.clipping; add-remove adjacency, "
           "alg1.noise); read with g^C_W clipped at C_W = 2√d log^q d it is "
           + ("not private either: a column still flips (see the readings)" if clipped_word == "none" else
              "undecided (see the readings)")
           if "first layer" in failing and len(failing) > 1 else ""),
        corrected=corrected,
        witness=w,
        regime={
            # the first layer's region, where ε and δ enter through log(1.25/δ)/ε² = d^r log^ρ d
            "region": PV.full_privacy_region().name,
            "region_latex": PV.full_privacy_region().description,
            **({"region_exact": first["region_exact"]} if first and "region_exact" in first else {}),
            "holds_on": holds_on,
            "conditions": conditions,
            "conditions_exact": exact,
            **({"conditions_bound": AT_MOST} if at_most else {}),
            "witness": {"epsilon": eps, "delta": delta},
            "readings": readings,
            "decides": "both layers private with Algorithm 1 as printed: its clipping rule, replace-one adjacency (the "
                       "evidence's); the readings give the clipping rule meant under each adjacency",
        },
        **ev,
    )


#: Part 2 needs the noise added to each unit column to be small: ‖σ_W N(0, Id_d)‖ ≈ σ_W √d ≪ 1
COLUMN_NOISE_SMALL = Statement(
    S.d * PV.SIGMA_W_CORRECTED.rhs**2,
    "ll",
    sp.Integer(1),
    assumptions=(r"\sigma_W = 2\sqrt{p}\sqrt{8\log(1/\delta)}/\varepsilon\ (\text{private})",),
    name="column noise",
)


def check_privacy_utility(statement: Statement = COLUMN_NOISE_SMALL):
    """With σ_W calibrated to the worst-case sensitivity (thm1.privacy's correction), is the column noise σ_W√d ≪ 1
    (what the rank-1 alignment w_i^1 = μ + o(1) of Part 2 needs)? Exact LP on the full region with
    log(1/δ)/ε² ≤ log(1.25/δ)/ε² = d^r log^ρ d."""
    expr = statement.lhs.subs(sp.log(1 / S.delta), S.PRIVACY_FACTOR * S.eps**2)
    lhs = sp.powdenest(S.in_powers_of_d(sp.powdenest(expr, force=True)), force=True)
    region = PV.full_privacy_region()
    result = compare(lhs, statement.rel, S.in_powers_of_d(statement.rhs), region, d=S.d)
    ev = {
        "lhs_in_powers_of_d": str(lhs),
        "consequence": "the rank-1 alignment w_i^1 = μ + o(1) survives the privacy correction only where σ_W²d ≪ 1, "
        "i.e. log(1/δ)/ε² ≪ 1/(pd): ε ≫ √(p d log(1/δ)), a vacuous privacy level. Theorem 1's accuracy fails where "
        "moreover π_p < 1 and σ_W²d/p = 32 d log(1/δ)/ε² → ∞ (r > −1; thm1.risk-obstruction); elsewhere (π_p ≥ 1, or "
        "−1 − π_p ≤ r ≤ −1, where averaging over the p noisy neurons is not excluded) it is open (referee H)",
    }
    if (undecided := if_undecided(result, statement.latex(), **ev)) is not None:
        return undecided
    if result.holds_on == "all":
        return verified("exact", "the column noise is o(1) on the whole region", regime=result.regime(), **ev)
    point = result.witness["point"]
    return refuted(
        "exact",
        f"{statement.latex()} holds only where {', '.join(result.conditions)} (r < −(1 + π_p): "
        f"ε ≫ √(p d log(1/δ))); at {point} the column noise σ_W√d grows like a power of d, so the columns are "
        "noise-dominated; where moreover π_p < 1 and r > −1 (as at this point) no second layer on them reaches "
        "Theorem 1's rate (thm1.risk-obstruction), elsewhere that consequence is open",
        regime=result.regime(),
        witness=result.witness,
        ratio_at_witness=ratio_at(lhs, sp.Integer(1), point, S.d),
        **ev,
    )


# ------------------------------------------------------------------------------------------------
# Measured: Algorithm 1's summed first-layer step against Part 2's averaged one, after normalisation
# ------------------------------------------------------------------------------------------------

W_SUM, W_MEAN = sp.symbols("w_sum w_mean", real=True)
#: the two normalised columns differ by at most the rank-1 error Part 2 carries, (2, D19): √(d/n) log^{q+1} d
DIRECTION_GAP = Statement(
    sp.Abs(W_SUM - W_MEAN),
    r"\lesssim_\P",
    sp.sqrt(S.d / S.n) * sp.log(S.d) ** (S.q + 1),
    lhs_latex=r"\max_i \left\|\frac{w^{\Sigma}_i}{\|w^{\Sigma}_i\|} - \frac{w^{\text{mean}}_i}"
    r"{\|w^{\text{mean}}_i\|}\right\|",
    name="sum vs mean step, normalised",
)
DIRECTION_DS = (16, 32, 64, 128)
DIRECTION_CORNERS = ("small eps_p", "large eps_p", "small eps_n", "large eps_n")


_GAP_SYMBOLS = {name: sp.Symbol(name, positive=True) for name in ("L", "R", "h", "c", "n", "z", "a", "b")}


@cache
def _direction_gap_lemmas() -> dict[str, Any]:
    """(A)–(C) of :func:`direction_gap_asymptotics`, which do not read the statement: decided once per process."""
    L, R, h, c, nn, z, a_, b_ = _GAP_SYMBOLS.values()
    theta = sp.atan(h / (c + R)) - sp.atan(h / (c + nn * R))
    limit_a = sp.limit(R * theta, R, sp.oo)
    sech_gap = sp.simplify((sp.sech(z) ** 2 * sp.exp(2 * z)).rewrite(sp.exp) - 4 / (1 + sp.exp(-2 * z)) ** 2)
    # (A), R bounded: the first angle stays, the second → 0 as nR → ∞
    limit_a_bounded = sp.limit(theta, nn, sp.oo)
    # (C) with a = ηε_p, b = 2(1 − η)ε_p > 0, t = √(bL): d^{ε_p}·e^{−(t+1)²/2} = e^{aL − t − 1/2}
    limit_c = sp.limit(sp.exp(a_ * L - sp.sqrt(b_ * L) - sp.Rational(1, 2)), L, sp.oo)
    return {"A_R_theta_limit": str(limit_a), "A_bounded_R_limit": str(limit_a_bounded),
            "A_holds": sp.simplify(limit_a - h * (1 - 1 / nn)) == 0
            and sp.simplify(limit_a_bounded - sp.atan(h / (c + R))) == 0,
            "B_sech_identity_residual": str(sech_gap), "B_holds": sech_gap == 0,
            "C_limit": str(limit_c), "C_holds": limit_c == sp.oo}


def direction_gap_asymptotics(statement: Statement = DIRECTION_GAP, q_target: int = 2) -> dict[str, Any]:
    r"""Referee CI, F1 (and CJ, CJ-1): the summed and averaged steps' normalised columns, decided as d → ∞ (the
    simulation cannot: the right side is ≥ 2 at every simulable d), on the region n = d^ν, ν ≥ 1 + 3ε_n, p = d^{π_p},
    π_p ≥ ε_p (polynomial in d). For column i let R_i = η_W a_{0,i}‖ḡ_i‖ (the averaged step's length, ḡ_i the mean
    gradient without a_0), h_i = ‖P_{û⊥}w_i^0‖ and c_i = ⟨w_i^0, û⟩; both columns lie in the plane of w_i^0 and û, at
    angles atan(h/(c + R)) and atan(h/(c + nR)) from û, so

    (A) gap_i = 2 sin(θ_i/2), θ_i = atan(h/(c+R)) − atan(h/(c+nR)); R·θ → h(1 − 1/n) as R → ∞ (SymPy), and θ →
        atan(h/(c + R)) > 0 as nR → ∞ with R bounded: the gap is ≍ min(1, h/R_i) once nR_i → ∞;
    (B) σ'(z) = sech² z = 4e^{−2|z|}/(1 + e^{−2|z|})² ≤ 4e^{−2|z|} (SymPy), so ‖ḡ_i‖ ≤ 4e^{−2|b_i|}A_i, A_i =
        ((1/n)Σ_j r_j²e^{4|⟨w_i,x_j⟩|})^{1/2}‖X‖/√n = O_P(1) (Markov: E[r²e^{4|Z|}] < ∞; w_i, X independent of b);
    (B') from below: ⟨ḡ_i, μ⟩ = −2α_1^*α_1^{b_i}(1 + o_P(1)) (Stein; ⟨w_i^0, μ⟩ = O_P(d^{−1/2}); the sampling error
        O_P(e^{−2|b_i|}n^{−1/2})), α_1^{b_i} ≥ C_0e^{−2|b_i|} (Lemma 4, lemma4.lower-bound), so nR_i ≥
        n d^{3ε_n/2}|⟨ḡ_i, μ⟩| → ∞; and h_i stays away from 0: û has a μ-component |⟨ḡ_i, μ⟩|/‖ḡ_i‖ ≥
        C_0|α_1^*|/(4A_i) by (B) and (B'), and w_i^0 ⊥ μ up to O_P(d^{−1/2}), so h_i ≥ ‖w_i^0‖·C_0|α_1^*|/(4A_i)·
        (1 − o_P(1)) (û need not lie along μ: the initial network's output adds a term of the same order; referee CK,
        CK-2).
        Measured at every point: min_i |⟨ḡ_i, μ⟩|e^{2|b_i|} and min_i h_i;
    (C) with t = √(2(1 − η)ε_p log d), η ∈ (0, 1): some neuron has |b_i| ∈ [t, t + 1] with probability → 1, as
        p·P(|b| ∈ [t, t + 1]) ≥ d^{ε_p}·2φ(t + 1) = √(2/π)e^{ηε_p log d − t − 1/2} → ∞ (SymPy) — a neuron whose
        nR_i still → ∞ for every polynomial p (the one of largest |b_i| need not, for p super-polynomial: CJ-1);
    (D) so, with probability → 1, max_i gap_i ≳ min(1, e^{2t}d^{−3ε_n/2}) (η_W a_{0,i} = d^{3ε_n/2}), and the statement
        fails if that over its right side → ∞ (SymPy, d = e^L, n = d^{1+3ε_n}: the largest right side Assumption 2
        allows, as n does not enter the gap; the degree q symbolic).

    Returns the decisions, ``refutes`` (True when (D) sends both parts of the ratio to ∞) and the crossover d at the
    corners (hidden constants 1 and q = ``q_target``, η → 0; the measured constants 4A_i ~ 10²–10³ push it further)."""
    L, b_ = _GAP_SYMBOLS["L"], _GAP_SYMBOLS["b"]
    lemmas = _direction_gap_lemmas()
    d_ = sp.exp(L)
    rhs = sp.powsimp(statement.rhs.subs({S.n: S.d ** (1 + 3 * S.eps_n)}).subs(S.d, d_), force=True)  # every q
    def limit_or_none(expr: sp.Expr) -> sp.Expr | None:
        """The limit as L → ∞, or None where SymPy cannot decide it on the whole region (it depends on the sign of a
        combination of the symbols: a right side growing like e^{c√(log d)} against b = 2(1 − η)ε_p)."""
        try:
            return sp.limit(sp.powsimp(expr, force=True), L, sp.oo)
        except NotImplementedError:
            return None

    saturated = limit_or_none(1 / rhs)  # the gap of order one
    growing = limit_or_none(sp.exp(2 * sp.sqrt(b_ * L)) * d_ ** (-3 * S.eps_n / 2) / rhs)
    refutes = saturated == sp.oo and growing == sp.oo
    crossover = {}
    if refutes:
        from .regime import CORNERS

        for corner in DIRECTION_CORNERS:
            en, ep = CORNERS[corner]["eps_n"], CORNERS[corner]["eps_p"]
            value = sp.lambdify(L, sp.log(sp.Min(sp.exp(3 * S.eps_n * L / 2), sp.exp(2 * sp.sqrt(2 * S.eps_p * L)))
                                          * d_ ** (-3 * S.eps_n / 2) / rhs).subs({S.eps_n: en, S.eps_p: ep,
                                                                                 S.q: q_target}),
                                "mpmath")
            with mpmath.workdps(30):
                grid = [mpmath.mpf(2) ** (k / 4) for k in range(4, 4 * 30)]  # log d from 2 to 2^30, geometric
                below = [x for x in grid if value(x) < 0]
                if not below or below[-1] == grid[-1]:
                    crossover[corner] = None
                    continue
                lo = below[-1]
                hi = grid[grid.index(lo) + 1]
                for _ in range(80):
                    mid = (lo + hi) / 2
                    lo, hi = (mid, hi) if value(mid) < 0 else (lo, mid)
            crossover[corner] = {"eps_n": en, "eps_p": ep, "log10_d": float(hi / mpmath.log(10))}
    return {**lemmas, "D_rhs_at_smallest_n": str(rhs), "D_one_over_rhs": str(saturated),
            "D_growing_over_rhs": str(growing), "refutes": bool(refutes), "crossover_hidden_constants_1": crossover}


def _columns(X, y, W0, b, a0) -> tuple[np.ndarray, np.ndarray]:
    """Σ_j of the per-sample first-layer gradients (d × p) and the residuals r_j = 2(f^0(x_j) − y_j) they carry."""
    Z = X @ W0 + b
    resid = 2.0 * (np.tanh(Z) @ a0 - y)
    G = X.T @ (resid[:, None] / np.cosh(Z) ** 2) * a0[None, :]
    return G, resid


def check_first_layer_direction(statement: Statement = DIRECTION_GAP, seed: int = 0, q_target: int = 2):
    """Measured (rule 3): Algorithm 1's update W_0 − η_W Σ_j g_W against Part 2's W_0 − η_W (1/n) Σ_j g_W, both
    normalised column-wise, at the corners of :data:`proofs.regime.CORNERS` (n = d^{1+3ε_n}, p = ⌈d^{ε_p}⌉,
    η_W = d^{3ε_n/2}√p, f_* = He_1 + He_2/2 along μ = e_1, q = 2), d = 16…128, seed ``seed``. The gap is compared
    with the statement's right side at each d (hidden constant 1) and its growth exponent in d is fitted
    (linregress, with standard error) against the right side's."""
    from scipy.stats import linregress

    from .part3_common import point_sizes
    from .regime import CORNERS

    rows, fits = [], {}
    rhs_f = statement.evaluator("rhs", "numpy", variables=(S.d, S.n, S.q))
    for corner in DIRECTION_CORNERS:
        c = CORNERS[corner]
        gaps, bounds = [], []
        for dd in DIRECTION_DS:
            rng = np.random.default_rng([seed, dd, DIRECTION_CORNERS.index(corner)])
            nn, pp = point_sizes(c["eps_n"], c["eps_p"], c["extra_n"], dd)  # the simulator's sizes (one home)
            pp = max(2, pp)
            X = rng.normal(size=(nn, dd))
            z = X[:, 0]
            y = z + (z**2 - 1) / 2
            W0 = rng.normal(size=(dd, pp)) / math.sqrt(dd)
            b = rng.normal(size=pp)
            a0 = np.full(pp, 1 / math.sqrt(pp))
            G, resid = _columns(X, y, W0, b, a0)
            eta = dd ** (1.5 * c["eps_n"]) * math.sqrt(pp)
            Ws, Wm = W0 - eta * G, W0 - eta * G / nn
            Ws, Wm = Ws / np.linalg.norm(Ws, axis=0), Wm / np.linalg.norm(Wm, axis=0)
            column_gaps = np.linalg.norm(Ws - Wm, axis=0)
            gap = float(np.max(column_gaps))
            bound = float(rhs_f(dd, nn, q_target))
            gaps.append(gap)
            bounds.append(bound)
            # (A) of direction_gap_asymptotics: each column's gap from its plane (R, h, c), against the measured one
            R = eta * np.linalg.norm(G, axis=0) / nn
            u_hat = -G / np.linalg.norm(G, axis=0)
            c_ = np.sum(W0 * u_hat, axis=0)
            h_ = np.linalg.norm(W0 - c_ * u_hat, axis=0)
            theta = np.arctan2(h_, c_ + R) - np.arctan2(h_, c_ + nn * R)
            i_top = int(np.argmax(np.abs(b)))  # (B): the neuron of largest |b_i|
            # (B)'s O_P(1) factor: ‖ḡ_i‖ ≤ 4e^{−2|b_i|}·A_i, A_i = ((1/n)Σ_j r_j² e^{4|⟨w_i, x_j⟩|})^{1/2}‖X‖/√n
            # (Cauchy–Schwarz and sech²(z + b) ≤ 4e^{−2|b|}e^{2|z|})
            a_factor = math.sqrt(float(np.mean(resid**2 * np.exp(4 * np.abs(X @ W0[:, i_top]))))) \
                * float(np.linalg.norm(X, 2)) / math.sqrt(nn)
            rows.append(
                {
                    "corner": corner,
                    "d": dd,
                    "n": nn,
                    "p": pp,
                    "gap": gap,
                    "bound": bound,
                    "alignment_sum": float(np.mean(np.abs(Ws[0]))),
                    "alignment_mean": float(np.mean(np.abs(Wm[0]))),
                    "planar_formula_max_error": float(np.max(np.abs(2 * np.sin(theta / 2) - column_gaps))),
                    "largest_abs_b": float(abs(b[i_top])),
                    "mean_gradient_times_e2b": float(R[i_top] / (eta * a0[i_top]) * math.exp(2 * abs(b[i_top]))),
                    "A_factor": a_factor,
                    # (B') and h of direction_gap_asymptotics, over every neuron (μ = e_1)
                    "min_mu_component_times_e2b": float(np.min(np.abs(G[0]) / (nn * a0) * np.exp(2 * np.abs(b)))),
                    "min_h": float(np.min(h_)),
                    "R_at_largest_b": float(R[i_top]),
                    "gap_at_largest_b": float(column_gaps[i_top]),
                }
            )
        fit = linregress(np.log(DIRECTION_DS), np.log(gaps))
        fit_b = linregress(np.log(DIRECTION_DS), np.log(bounds))
        factors = [r["mean_gradient_times_e2b"] for r in rows if r["corner"] == corner]
        a_factors = [r["A_factor"] for r in rows if r["corner"] == corner]
        fits[corner] = {
            "gap_exponent": fit.slope,
            "stderr": fit.stderr,
            "bound_exponent": fit_b.slope,
            "predicted_gap_exponent": -1.5 * c["eps_n"],
            "mean_gradient_times_e2b": {"min": min(factors), "max": max(factors)},
            "A_factor": {"min": min(a_factors), "max": max(a_factors)},
            "min_mu_component_times_e2b": min(r["min_mu_component_times_e2b"] for r in rows if r["corner"] == corner),
            "min_h": min(r["min_h"] for r in rows if r["corner"] == corner),
        }
    ev = {
        "rows": rows,
        "fits": fits,
        "seed": seed,
        "target": "He_1 + He_2/2 along e_1 (q = 2)",
        "d_values": list(DIRECTION_DS),
        "what": "max over columns of the distance between the two normalised columns (no σ_W noise); the distance "
        "of two unit vectors is at most 2, so a right side ≥ 2 cannot be violated (vacuous)",
    }
    informative = [r for r in rows if r["bound"] < 2]
    ev["informative_points"] = len(informative)
    asym = direction_gap_asymptotics(statement, q_target)
    ev["asymptotic"] = asym
    planar = max(r["planar_formula_max_error"] for r in rows)
    # (B) measured: the bound ‖ḡ_i‖e^{2|b_i|} ≤ 4A_i at every simulated point (it fails if the bound is misderived);
    # A_i = O_P(1) is the law of large numbers (E[r²e^{4|Z|}] < ∞), its sample values rising toward that mean at
    # these n (a heavy-tailed average)
    bounded = all(r["mean_gradient_times_e2b"] <= 4 * r["A_factor"] * (1 + 1e-12) for r in rows)
    ev["bound_B_measured"] = "‖ḡ_i‖e^{2|b_i|} ≤ 4A_i at every simulated point" if bounded else "fails"
    lower = min(r["min_mu_component_times_e2b"] for r in rows)
    h_min = min(r["min_h"] for r in rows)
    if informative:
        bad = [r for r in informative if r["gap"] > r["bound"]]
        if bad:
            w = max(bad, key=lambda r: r["gap"] / r["bound"])
            return refuted(
                "simulation",
                f"the gap {w['gap']:.3g} exceeds the rank-1 error {w['bound']:.3g} at {w['corner']}, d = {w['d']}",
                witness=w,
                regime={
                    "region": "proofs.regime.CORNERS (simulated)",
                    "holds_on": "part",
                    "conditions": [],
                    "witness": {"corner": w["corner"], "d": w["d"]},
                },
                **ev,
            )
    # the asymptotic decision (referee CI, F1) after a finite witness, before the points that hold
    if asym["refutes"] and asym["A_holds"] and asym["B_holds"] and asym["C_holds"] and planar < 1e-9 and bounded:
        cross = asym["crossover_hidden_constants_1"]
        first = min((v for v in cross.values() if v), key=lambda v: v["log10_d"], default=None)
        return refuted(
            "exact+simulation",
            "as d → ∞ at every admissible point (every q): the two normalised columns of a neuron differ by ≍ "
            "min(1, h_i/R_i) once nR_i → ∞, R_i = η_W a_{0,i}‖ḡ_i‖ (exact in the plane of w_i^0 and the step; R·θ → "
            f"h(1 − 1/n), SymPy; measured to {planar:.1e}); ‖ḡ_i‖ ≤ 4e^{{−2|b_i|}}A_i (sech² z ≤ 4e^{{−2|z|}} and "
            "Cauchy–Schwarz; A_i = ((1/n)Σ_j r_j²e^{4|⟨w_i,x_j⟩|})^{1/2}‖X‖/√n = O_P(1), E[r²e^{4|Z|}] < ∞; "
            "‖ḡ_i‖e^{2|b_i|} measured " + ", ".join(f"{k}: {v['mean_gradient_times_e2b']['min']:.2g}–"
                                                    f"{v['mean_gradient_times_e2b']['max']:.2g}"
                                                    for k, v in fits.items())
            + " at d = 16…128, below 4A_i at every point); from below |⟨ḡ_i, μ⟩| ≍ |α_1^*|α_1^{b_i} ≥ "
            f"|α_1^*|C_0e^{{−2|b_i|}} (Stein, Lemma 4; measured min_i |⟨ḡ_i, μ⟩|e^{{2|b_i|}} = {lower:.2g}), so "
            "nR_i → ∞, and h_i ≥ ‖w_i^0‖·C_0|α_1^*|/(4A_i)(1 − o_P(1)) stays away from 0 (û's μ-component by (B), "
            f"(B'); measured min h_i {h_min:.2f}); with probability → 1 some neuron has |b_i| ∈ [t, t + 1], t = "
            "√(2(1−η)ε_p log d) (p = d^{π_p} ≥ d^{ε_p}): with η_W a_{0,i} = d^{3ε_n/2} its gap is ≳ "
            "min(1, e^{2t}d^{−3ε_n/2}), and over the right side (largest at n = d^{1+3ε_n}) both parts → ∞ (SymPy, q "
            f"symbolic: {asym['D_one_over_rhs']}, {asym['D_growing_over_rhs']}), since e^{{c√(log d)}} outgrows every "
            "power of log d"
            + (f"; with hidden constants 1 (q = {q_target}) the lower bound exceeds the right side from d ≈ "
               f"10^{first['log10_d']:.1f} (ε_n = {first['eps_n']}, ε_p = {first['eps_p']}; every corner in the "
               "evidence; the measured constants 4A_i ~ 10²–10³ push it further), far beyond the simulated d ≤ 128, "
               "where the right side is ≥ 2" if first else "")
            + " (referee CI, F1; CJ, CJ-1)",
            witness={"point": "every admissible (ε_n, π_p ≥ ε_p, ν ≥ 1 + 3ε_n) and q, as d → ∞",
                     "crossover_hidden_constants_1": cross},
            regime={
                "region": "Assumption 2, n = d^ν ≥ d^{1+3ε_n}, p = d^{π_p} ≥ d^{ε_p} (polynomial in d), "
                          "η_W = d^{3ε_n/2}√p",
                "holds_on": "none",
                "conditions": [],
                "witness": {"as": "d → ∞", "ratio": "→ ∞ at every point"},
            },
            **ev,
        )
    if informative:
        return verified(
            "simulation",
            f"gap ≤ rank-1 error at the {len(informative)} points where the error is < 2",
            regime={
                "region": "proofs.regime.CORNERS (simulated)",
                "holds_on": "all",
                "conditions": [statement.latex()],
                "witness": None,
            },
            **ev,
        )
    return inconclusive(
        "simulation",
        "the right side √(d/n) log^(q+1) d is ≥ 2 (vacuous for unit vectors) at every "
        f"simulable d ≤ {max(DIRECTION_DS)}, so the comparison cannot fail here; measured max gaps "
        f"{min(r['gap'] for r in rows):.2g}–{max(r['gap'] for r in rows):.2g}, fitted exponents "
        + ", ".join(f"{k}: {v['gap_exponent']:.2f} ± {v['stderr']:.2f}" for k, v in fits.items())
        + " (the prediction 1/(η_W a_0 α_1^b) gives −3ε_n/2: not yet visible at these d; the max over "
        "columns is driven by neurons with large |b_i|)",
        regime={
            "region": "proofs.regime.CORNERS (simulated)",
            "holds_on": "part",
            "conditions": [r"\sqrt{d/n}\log^{q+1} d < 2 \text{ (not reached for } d \leq 128)"],
            "witness": None,
        },
        **ev,
    )


# ------------------------------------------------------------------------------------------------
# A corrected first layer that keeps accuracy: clip per-sample gradients, add the noise before normalising
# ------------------------------------------------------------------------------------------------

#: per-sample Frobenius clip of g_W = 2(f − y) x (a_0 ⊙ σ')ᵀ at its high-probability size 2√d log^q d
CLIP_W = 2 * sp.sqrt(S.d) * sp.log(S.d) ** S.q
#: noise-to-signal ratio of one column when N(0, σ²) with σ = 2η_W C_W √(8 log(1/δ))/ε (replace-one sensitivity of
#: η_W Σ_i g^C_W is 2η_W C_W) is added to W_0 − η_W Σ_i g^C_W before the normalisation (then post-processing):
#: noise σ√d against the signal η_W n a_{0,i} α_1^{b_i} α_1^*, with a_{0,i} = p^{-1/2}, α_1^{b_i} ≥ d^{−ε_b}/2
NOISE_BEFORE_NORMALISING = Statement(
    (2 * S.eta_W * CLIP_W * sp.sqrt(8 * sp.log(1 / S.delta)) / S.eps)
    * sp.sqrt(S.d)
    / (S.eta_W * S.n / sp.sqrt(S.p) * S.d ** (-S.eps_b) / 2),
    "ll",
    sp.Integer(1),
    name="column noise-to-signal, noise before normalising",
)


def decide_noise_share(expr: sp.Expr, relation: Rel, rhs: sp.Expr, region, width: sp.Expr):
    """A column noise-to-signal ratio ``expr`` (privacy factor written with :data:`proofs.symbols.PRIVACY_FACTOR`)
    against ``rhs`` on ``region`` with p = ``width``: (the comparison for every ε_b of the window, the comparison
    for some ε_b > 0, the some-ε_b left side, the left side in powers of d).

    ε_b enters such a ratio only through the proof's α_1^{b_i} ≥ d^{−ε_b}/2, which holds at the paper's probability
    for every fixed ε_b > 0, so "for some ε_b > 0" is decided as the power of d at ε_b = 0 times a log d that loses
    every tie (referee H; :func:`check_noise_before_normalising`)."""
    side = S.in_powers_of_d(sp.powdenest(sp.expand_power_base(expr.subs(S.p, width), force=True), force=True))
    lhs = sp.powdenest(side, force=True)
    some_eps_b = sum(S.d ** t.d_exp.subs(S.eps_b, 0) * sp.log(S.d) for t in rate_terms(lhs, S.d))
    return (compare(lhs, relation, rhs, region, d=S.d), compare(some_eps_b, relation, rhs, region, d=S.d),
            some_eps_b, lhs)


def check_noise_before_normalising(statement: Statement = NOISE_BEFORE_NORMALISING):
    """A private first layer that normalises after the noise (not Part 3 §5.2's variant, which normalises the
    gradient, updates, and normalises again before adding the noise; referee of stop 60): clipped per-sample
    first-layer gradients (C_W), Gaussian noise calibrated to 2η_W C_W with Part 3's rule, then the normalisation
    (post-processing). Privacy: μ = ε/√(8 log(1/δ)), the dpgd.privacy certificate (all of Assumption 3). Accuracy,
    the noise's share only: where is the column noise ≪ the step's μ-component η_W n a_{0,i} α_1^{b_i} α_1^*? Exact
    LP on the full region. (The step's initial-output term E[f^0σ'x] is Θ(1) and off μ whatever the noise:
    rank1.alignment, rank1.corrected-direction; this claim does not decide where the columns go.)

    ε_b is not a parameter of this algorithm (neither the noise, C_W nor η_W contain it): it enters only through the
    proof's α_1^{b_i} ≥ d^{−ε_b}/2, which holds at the paper's probability for every fixed ε_b > 0 (the union
    bound p e^{−(ε_b log d/4)²/2} → 0). So the claim is read "for some ε_b > 0" (referee H): the ratio grows with
    ε_b, and some ε_b > 0 makes its power of d negative exactly where the power at ε_b = 0 is negative (a tie at
    ε_b = 0 is lost for every ε_b > 0, whatever the logs): decided as d^{e(0)} log d ≪ 1 on the region. The reading
    "every ε_b of the window (0, 3ε_n − ε_p/4)" is decided too and recorded.

    The width p is a parameter of the algorithm, and the ratio grows like √p: it is decided for every width
    Assumption 2 allows (p = d^{π_p}, π_p ≥ ε_p: :data:`proofs.regime.WIDTH`, the verdict), and at p = d^{ε_p}, the
    region's reading before referee P (recorded)."""
    mu = 2 * S.eta_W * CLIP_W / (2 * S.eta_W * CLIP_W * sp.sqrt(8 * sp.log(1 / S.delta)) / S.eps)
    cert = _gdp_certificate(mu)
    expr = statement.lhs.subs(sp.log(1 / S.delta), S.PRIVACY_FACTOR * S.eps**2)
    rhs = S.in_powers_of_d(statement.rhs)

    region = PV.full_privacy_region()
    result, at_eps_p, _, lhs = decide_noise_share(expr, statement.rel, rhs, region, S.d**S.eps_p)
    every_width, exists, some_eps_b, lhs_any_width = decide_noise_share(expr, statement.rel, rhs, region, S.d**S.pi_p)
    ev = {
        "readings": {
            "some ε_b > 0 (the proof's device; not a parameter of the algorithm), every width p = d^{π_p} ≥ d^{ε_p} "
            "(Assumption 2 as printed)": exists.holds_on,
            "some ε_b > 0, width p = d^{ε_p} exactly (Assumption 2 read with equality)": at_eps_p.holds_on,
            "every ε_b of the window, width p = d^{ε_p}": result.holds_on,
            "every ε_b of the window, every width": every_width.holds_on,
        },
        "regime_width_eps_p": at_eps_p.regime(),
        "regime_every_eps_b": result.regime(),
        "privacy_certificate": cert,
        "lhs_in_powers_of_d": str(lhs),
        "lhs_any_width_in_powers_of_d": str(lhs_any_width),
        "premises": "C_W = 2√d log^q d bounds ‖g_W(x_i)‖_F w.h.p. (|f − y| ≲ log^q d, ‖x‖ ≲ √d, ‖a_0 ⊙ σ'‖ ≤ 1), so "
        "clipping is inactive w.h.p.; α_1^{b_i} ≥ d^{−ε_b}/2 (Lemma 4 with |b_i| ≤ (ε_b/4) log d)",
        "not_decided_here": "where the columns go: the step's initial-output term E[f^0σ'x] is Θ(1) and not along μ "
        "(rank1.alignment, rank1.corrected-direction), with or without noise",
        "compare_with": "thm1.privacy-utility (noise after normalising, σ_W = 2√p·√(8 log(1/δ))/ε): survives only "
        "for r < −(1 + π_p)",
    }
    noise_only = "the column noise is o(the step's μ-component)"
    caveat = (" (the noise's share of accuracy only: the step's initial-output term is Θ(1) and off μ, "
              "rank1.alignment, rank1.corrected-direction)")
    if not cert["proved"]:
        return refuted("symbolic", "the noise is not calibrated for all of Assumption 3", witness=cert, **ev)
    if (undecided := if_undecided(exists, noise_only, **ev)) is not None:
        return undecided
    if exists.holds_on == "all":
        every = ("also for every ε_b of the window" if every_width.holds_on == "all" else
                 f"for every ε_b of the window only where {', '.join(every_width.conditions)}")
        return with_readings(verified(
            "symbolic+exact",
            f"private on all of Assumption 3 (μ = ε/√(8 log(1/δ))), and {noise_only} on the whole region, every "
            "width, for some ε_b > 0 (ε_b is the proof's device, α_1^{b_i} ≥ d^{−ε_b}/2 at the paper's probability "
            f"for every fixed ε_b > 0, not a parameter of the algorithm: take it small); {every}{caveat}",
            regime=exists.regime(),
            **ev,
        ), ev["readings"])
    point = exists.witness["point"]
    at_reading = ("; at the reading p = d^{ε_p} it holds on the whole region" if at_eps_p.holds_on == "all" else
                  f"; at the reading p = d^{{ε_p}} only where {', '.join(at_eps_p.conditions)}")
    # the readings as a regime record (referee BL: the width reading p = d^{ε_p} held and was named only in the text)
    return with_readings(refuted(
        "symbolic+exact",
        f"private on all of Assumption 3 (μ = ε/√(8 log(1/δ))), but {noise_only} for some ε_b > 0 only where "
        f"{', '.join(exists.conditions)} (p = d^{{π_p}}: the ratio grows like √p, and Assumption 2 bounds p from "
        f"below only){at_reading}; fails at {point}{caveat}",
        regime=exists.regime(),
        witness=exists.witness,
        ratio_at_witness=ratio_at(some_eps_b, sp.Integer(1), point, S.d),
        # the ratio itself, with its constants: at the witness's ε_b, and as ε_b → 0 (the reading "some ε_b > 0")
        ratio_with_constants_at_witness=ratio_at(lhs_any_width, sp.Integer(1), point, S.d),
        ratio_with_constants_at_witness_eps_b_to_0=ratio_at(lhs_any_width.subs(S.eps_b, 0), sp.Integer(1), point, S.d),
        **ev,
    ), ev["readings"])


# ------------------------------------------------------------------------------------------------
# Claims
# ------------------------------------------------------------------------------------------------

#: Part 3 / Part 2 claims Theorem 1's rate rests on (ids that exist in the registry)
#: Theorem 1's proof uses Theorem 2 as a whole (the certificate f^W of Part 2 §3.4), not only its last
#: simplification: thm2.statement (whose tree holds thm2.rate and the Step 1–3 claims), not thm2.rate alone.
PART2_PART3_TOP = (
    "thm2.statement",
    "dpgd.contraction",
    "dpgd.no-clipping",
    "dpgd.recursion",
    "dpgd.early-stopping",
    "risk.decomposition",
    "dpgd.noise-accumulation",
)


# ------------------------------------------------------------------------------- §2.5 Hermite, Assumption 1, abstract

_n_def = sp.Symbol("n", integer=True, nonnegative=True)
#: Part 1, display (1, 10): the probabilists' He_n and the physicists' H_n by Rodrigues' formula
HE_DEFINITION = Statement(notation("He_n", r"\he_n", "the probabilists' Hermite polynomial")(S.x), "=",
                          (-1) ** _n_def * sp.exp(S.x**2 / 2) * sp.Derivative(sp.exp(-(S.x**2) / 2), (S.x, _n_def)),
                          variables=(S.x,))
H_DEFINITION = Statement(notation("H_n", r"\h_n", "the physicists' Hermite polynomial")(S.x), "=",
                         (-1) ** _n_def * sp.exp(S.x**2) * sp.Derivative(sp.exp(-(S.x**2)), (S.x, _n_def)),
                         variables=(S.x,))
HERMITE_DEGREES = tuple(range(13))


@decides("=", param="he")
@decides("=", param="h")
def check_hermite_definitions(he: Statement = HE_DEFINITION, h: Statement = H_DEFINITION) -> Verdict:
    """part1.hermite-definitions, display (1, 10): Rodrigues' formulas, worked out by SymPy for n ≤ 12, against the
    polynomials the toolkit computes with (:func:`theorycheck.hermite.he_numpy` and ``h_numpy`` at five points, and
    the coefficient lists :func:`theorycheck.target.he_coefficients` behind every Hermite coefficient α_k =
    E[f He_k]/k!), and the orthogonality E[He_j He_k] = k!δ_{jk} that this α_k needs (exact Gaussian moments)."""
    from theorycheck import hermite as hm
    from theorycheck.target import gaussian_moment, he_coefficients

    rows, bad = [], None
    pts = np.array([-2.5, -0.7, 0.0, 0.4, 1.9])
    for m in HERMITE_DEGREES:
        he_m = sp.expand(sp.simplify(he.rhs.subs(_n_def, m).doit()))
        h_m = sp.expand(sp.simplify(h.rhs.subs(_n_def, m).doit()))
        # exact coefficients (referee EH, EH-21: int() had truncated a right side × (1 + 10⁻¹⁰) to the integers)
        coeffs = list(reversed(sp.Poly(he_m, S.x).all_coeffs())) if he_m.has(S.x) else [he_m]
        lib_coeffs = list(he_coefficients(m))
        he_f, h_f = sp.lambdify(S.x, he_m, "numpy"), sp.lambdify(S.x, h_m, "numpy")
        gap = max(float(np.max(np.abs(hm.he_numpy(m, pts) - he_f(pts) * np.ones_like(pts)))),
                  float(np.max(np.abs(hm.h_numpy(m, pts) - h_f(pts) * np.ones_like(pts)))))
        scale = max(1.0, float(np.max(np.abs(he_f(pts) * np.ones_like(pts)))), float(np.max(np.abs(h_f(pts)
                                                                                              * np.ones_like(pts)))))
        # He_n against the library's integer coefficients and H_n against SymPy's physicists' hermite, exactly; the
        # NumPy evaluators within 1e-9 of them (evidence that the code path computes the same polynomials)
        exact_h = sp.expand(h_m - sp.hermite(m, S.x)) == 0
        ok = all(sp.sympify(a) == b for a, b in zip(coeffs + [0] * (len(lib_coeffs) - len(coeffs)),
                                                    lib_coeffs + [0] * (len(coeffs) - len(lib_coeffs)))) \
            and exact_h and gap <= 1e-9 * scale
        rows.append({"n": m, "He_n": str(he_m), "H_n": str(h_m), "numpy_gap": f"{gap:.2e}", "holds": ok})
        if not ok and bad is None:
            bad = rows[-1] | {"library_coefficients": lib_coeffs}
    # orthogonality from the definition's coefficients (exact Gaussian moments)
    ortho_ok = True
    for j in range(7):
        for m in range(7):
            pj = sp.Poly(sp.expand(he.rhs.subs(_n_def, j).doit() * he.rhs.subs(_n_def, m).doit()), S.x)
            moment = sum(c0 * gaussian_moment(e[0]) for e, c0 in pj.terms())
            ortho_ok &= moment == (math.factorial(m) if j == m else 0)
    ev = {"rows": rows, "orthogonality_E_He_j_He_k_eq_k_factorial_delta": ortho_ok, "tolerance": "exact (SymPy); "
          "numpy evaluators within 1e-9 relative", "achieved_error": max(r["numpy_gap"] for r in rows)}
    if bad is not None:
        return refuted("symbolic+numeric", f"Rodrigues' formula of display (1, 10) at n = {bad['n']} gives "
                       f"He_n = {bad['He_n']}, H_n = {bad['H_n']}, not the polynomials the toolkit computes with",
                       witness=bad, **ev)
    if not ortho_ok:
        return refuted("symbolic", "the He_n of display (1, 10) are not orthogonal with E[He_k²] = k!, so α_k = "
                       "E[f He_k]/k! is not their coefficient", witness={"orthogonality": False}, **ev)
    return verified("symbolic+numeric", f"display (1, 10)'s He_n and H_n (n ≤ {HERMITE_DEGREES[-1]}) are the "
                    "polynomials the toolkit computes with (coefficients and numpy evaluators), and E[He_jHe_k] = "
                    "k!δ_jk (j, k ≤ 6), so α_k = E[f He_k]/k!", **ev)


#: Assumption 1: information exponent 1, α*_0 = E[σ_*(z)] = 0 and α*_1 = E[σ_*(z) z] ≠ 0
INFORMATION_EXPONENT = Statement(sp.Symbol("alpha_0^*"), "=", sp.Integer(0), variables=(),
                                 lhs_latex=r"\alpha^*_0")


def check_information_exponent(targets: tuple[str, ...] | None = None) -> Verdict:
    """part1.information-exponent, (1, P61, 1–2): for every degree 1 ≤ q ≤ 10 the target x + He_q (and the simulator's
    default target) has α*_0 = E[σ_*(z)] = 0 and α*_1 = E[σ_*(z)z] ≠ 0, computed from exact Gaussian moments (so
    Assumption 1 is satisfiable at every degree the toolkit uses), and the toolkit's target parser refuses a target
    with α*_0 ≠ 0 or α*_1 = 0 (what keeps the simulations inside Assumption 1)."""
    from theorycheck.errors import InputError as _InputError
    from theorycheck.simulator import DEFAULT_TARGET
    from theorycheck.target import PolynomialTarget, gaussian_moment

    def alphas(text: str) -> tuple[int, int]:
        expr = sp.expand(sp.sympify(text.replace("^", "**"), locals={"x": S.x}))  # fixed literals of this module
        poly = sp.Poly(expr, S.x)
        a0 = sum(c0 * gaussian_moment(e[0]) for e, c0 in poly.terms())
        a1 = sum(c0 * gaussian_moment(e[0] + 1) for e, c0 in poly.terms())
        return a0, a1

    he = lambda m: sp.hermite_prob(m, S.x)  # noqa: E731
    texts = targets if targets is not None else (DEFAULT_TARGET, *(str(sp.expand(S.x + he(m))) for m in range(1, 11)))
    rows, bad = [], None
    for text in texts:
        a0, a1 = alphas(text)
        rows.append({"target": text, "alpha_0": str(a0), "alpha_1": str(a1)})
        if (a0 != 0 or a1 == 0) and bad is None:
            bad = rows[-1]
    refusals = {}
    for text in ("x**2", "x**3 - 3*x"):
        try:
            PolynomialTarget.parse(text)
            refusals[text] = "accepted"
        except (_InputError, ValueError) as exc:
            refusals[text] = f"refused: {str(exc)[:80]}"
    ev = {"rows": rows, "parser_on_targets_outside_assumption_1": refusals, "tolerance": "exact",
          "achieved_error": "0"}
    if bad is not None:
        return refuted("exact", f"{bad['target']} has α*_0 = {bad['alpha_0']}, α*_1 = {bad['alpha_1']}: outside "
                       "Assumption 1", witness=bad, **ev)
    if any(v == "accepted" for v in refusals.values()):
        return refuted("exact", "the target parser accepts a target outside Assumption 1",
                       witness={"accepted": [t for t, v in refusals.items() if v == "accepted"]}, **ev)
    return verified("exact", "α*_0 = 0 and α*_1 ≠ 0 hold for x + He_q at every 1 ≤ q ≤ 10 and for the simulator's "
                    f"default target {DEFAULT_TARGET} (exact Gaussian moments), and the parser refuses x² (α*_0 = 1) "
                    "and He_3 (α*_1 = 0): Assumption 1 is satisfiable at every degree and enforced on simulated "
                    "targets",
                    **ev)


#: the abstract's "ε, δ = o(1)": Assumption 3 admits a vanishing budget, e.g. ε = log^{−1/4} d, δ = 1/d
VANISHING_BUDGET = {S.eps: sp.log(S.d) ** sp.Rational(-1, 4), S.delta: 1 / S.d}


def check_vanishing_budget(budget: dict | None = None) -> Verdict:
    """part1.vanishing-budget, (1, P4, 2): the abstract's "ε, δ = o(1)" is admissible: with ``budget`` (ε =
    log^{−1/4} d, δ = 1/d) ε → 0, δ → 0, ε < 8 log(1/δ) for d ≥ 3, and ε/√log(1/δ) = log^{−3/4} d = ω(1/log d)
    (Assumption 3; SymPy limits), and Theorem 1's privacy factor log(1.25/δ)/ε² = O(log^{3/2} d) stays inside the
    range the rates allow (o(log² d), part1.privacy-factor)."""
    bud = VANISHING_BUDGET if budget is None else budget
    e, dl = bud[S.eps], bud[S.delta]
    d = S.d
    lim = lambda expr: sp.limit(expr, d, sp.oo)  # noqa: E731
    facts = {
        "eps_to_0": lim(e) == 0,
        "delta_to_0": lim(dl) == 0,
        "delta_in_(0,1) for d ≥ 3": bool(sp.N(dl.subs(d, 3)) < 1) and lim(dl) >= 0,
        "eps < 8 log(1/δ) for large d": lim(e / (8 * sp.log(1 / dl))) == 0,
        "eps/sqrt(log(1/δ)) = ω(1/log d)": lim(e / sp.sqrt(sp.log(1 / dl)) * sp.log(d)) == sp.oo,
        "log(1.25/δ)/ε² = o(log² d)": lim(sp.log(sp.Rational(5, 4) / dl) / e**2 / sp.log(d) ** 2) == 0,
    }
    ev = {"budget": {str(k0): str(v0) for k0, v0 in bud.items()}, "facts": {k0: bool(v0) for k0, v0 in facts.items()},
          "tolerance": "exact (SymPy limits)", "achieved_error": "0"}
    failing = [k0 for k0, v0 in facts.items() if not v0]
    if failing:
        return refuted("symbolic", f"the budget {ev['budget']} is not a vanishing admissible one: {failing}",
                       witness={"failing": failing, **ev["budget"]}, **ev)
    return verified("symbolic", f"Assumption 3 admits ε, δ = o(1): ε = {sp.sstr(e)}, δ = {sp.sstr(dl)} satisfy its "
                    "three conditions for large d (SymPy limits) with log(1.25/δ)/ε² = o(log² d); whether Algorithm 1 "
                    "is then private is thm1.privacy's question", **ev)

CLAIMS = [
    Claim(
        id="part1.assumption2-consistent",
        title="Assumption 2 is consistent and leaves the bias window non-empty",
        source="Part 1, §2.2, Assumption 2",
        statement=ASSUMPTION2,
        assumptions=r"\varepsilon_n, \varepsilon_p > 0,\ p \geq d^{\varepsilon_p},\ n \geq d^{1 + 3\varepsilon_n}",
        check=partial(check_regime_consistent, ASSUMPTION2),
        relations=((1, "P62", 1), (1, "P62", 2), (1, "P62", 3), (1, "P62", 4)),
    ),
    Claim(
        id="part1.hermite-definitions",
        title="Display (1, 10)'s He_n and H_n are the Hermite polynomials the toolkit computes with",
        source="Part 1, §2.5, display (1, 10)",
        statement=HE_DEFINITION,
        assumptions=r"n \geq 0",
        check=partial(check_hermite_definitions, HE_DEFINITION, H_DEFINITION),
        relations=((1, "D10", 1), (1, "D10", 2)),
    ),
    Claim(
        id="part1.information-exponent",
        title="Assumption 1's information exponent 1 is satisfiable at every degree and enforced on simulated targets",
        source="Part 1, §2.2, Assumption 1",
        statement=INFORMATION_EXPONENT,
        assumptions=r"\sigma_* \text{ a polynomial of degree } q \geq 1;\ \text{also checked: } \alpha^*_1 \neq 0",
        check=partial(check_information_exponent, None),
        depends_on=("part1.hermite-definitions",),
        relations=((1, "P61", 1), (1, "P61", 2)),
    ),
    Claim(
        id="part1.vanishing-budget",
        title="The abstract's ε, δ = o(1) is admissible under Assumption 3 (privacy at such budgets: thm1.privacy)",
        source="Part 1, Abstract; Assumption 3",
        statement=Statement(S.eps, "=", VANISHING_BUDGET[S.eps], variables=(S.d,)),
        assumptions=r"\delta = 1/d,\ \text{Assumption 3}",
        check=partial(check_vanishing_budget, None),
        depends_on=("part1.assumption3-nonempty", "part1.privacy-factor"),
        relations=((1, "P4", 2),),
    ),
    Claim(
        id="part1.size-reading",
        title="Assumption 2's sizes are read as polynomial in d: the union bounds need it",
        source="Part 1, §2.2, Assumption 2; Part 2, Lemmas 3 and 4",
        statement=UNION_SIZES,
        assumptions=r"n = d^{\nu},\ p = d^{\pi_p} \geq d^{\varepsilon_p}\ "
        r"(\text{Assumption 2's } n \geq d^{1+3\varepsilon_n},\ "
        r"p \geq d^{\varepsilon_p} \text{ read as polynomial sizes}),\ \varepsilon_b > 0,\ "
        r"\text{for some } c > 0 \text{ (the level of Part 1's } \leq_\P\text{)}",
        check=partial(check_union_sizes, UNION_SIZES),
        depends_on=("part1.assumption2-consistent",),
    ),
    Claim(
        id="part1.assumption3-nonempty",
        title="Assumption 3's three conditions hold together for every d",
        source="Part 1, §2.2, Assumption 3",
        statement=ASSUMPTION3_UPPER,
        assumptions=r"\delta \in (0,1),\ \varepsilon \in (0, 8\log(1/\delta)),\ "
        r"\varepsilon/\sqrt{\log(1/\delta)} = \omega(1/\log d)",
        check=partial(check_privacy_nonempty, ASSUMPTION3_UPPER),
        relations=((1, "D7", 1),),
    ),
    Claim(
        id="part1.privacy-factor",
        title="log(1.25/δ)/ε² = o(log² d) under Assumption 3 (the rates' privacy factor)",
        source="Part 1, Assumption 3; used in Part 2 §3.2 (2, 21), Theorem 1 and proofs.regime",
        statement=PRIVACY_FACTOR_STATEMENT,
        assumptions=r"\text{Assumption 3 (full range, } \delta \to 1 \text{ allowed)}",
        check=partial(check_privacy_factor, PRIVACY_FACTOR_STATEMENT),
        depends_on=("part1.assumption3-nonempty",),
        relations=((1, "D7", 1),),
    ),
    Claim(
        id="part1.step-products",
        title="Assumption 4's step product 2η_aλT = 2log² d (and where η_a T ≪ 1)",
        source="Part 1, Assumption 4 (consequence used in Part 3 §4.5; η_a T ≪ 1 recorded for issue 11)",
        statement=ETA_LAMBDA_T,
        assumptions=r"\text{Assumptions 2, 4}",
        check=partial(check_step_products, ETA_LAMBDA_T, ETA_T_SMALL),
        relations=((1, "D8", 1), (1, "D8", 3), (1, "D8", 5)),
    ),
    Claim(
        id="alg1.noise-vs-sigma",
        title="Algorithm 1's noise (σ_a of Assumption 4) equals Part 3's η_a Σ",
        source="Part 1, Algorithm 1 and Assumption 4; Part 3, §4.3",
        statement=NOISE_VS_SIGMA,
        assumptions=r"\sigma_a = \sqrt{\eta_a T}\frac{\sqrt{8\log(1/\delta)}}{\varepsilon},\ "
        r"\Sigma = \frac{2C_a\sqrt{T}}{n}\frac{\sqrt{8\log(1/\delta)}}{\varepsilon}",
        check=partial(check_noise_vs_sigma, NOISE_VS_SIGMA, NOISE_VS_SIGMA_CORRECTED),
        # compares the two printed formulas, whatever their privacy (referee CN, M2: alg1.noise and dpgd.privacy had
        # made alg1.clipping its root failure)
        depends_on=(),
        relations=((1, "P54", 1), (1, "D8", 7), (1, "D8", 4), (3, "P22", 2)),
    ),
    Claim(
        id="alg1.gradient-lines",
        title="Algorithm 1's per-sample gradients and their mean",
        source="Part 1, Algorithm 1 (gradient lines of both layers, aggregation)",
        statement=GRADIENT_LITERAL,
        assumptions=r"\mathcal{L} = \frac{1}{n}\sum_i (f(x_i) - y_i)^2 + \lambda\|a\|^2",
        check=partial(check_gradient_lines, GRADIENT_LITERAL),
        relations=((1, "D5", 1), (1, "D5", 2), (1, "P40", 1), (1, "P40", 2), (1, "P53", 1)),
    ),
    Claim(
        id="alg1.first-layer-update",
        title="Algorithm 1's first-layer update is the step Part 2 analyses",
        source="Part 1, Algorithm 1 (first layer); Part 2, §3.1",
        statement=FIRST_LAYER_SUM,
        assumptions=r"g^C_W \text{ undefined (read as } g_W),\ \nabla_W\mathcal{L} = \frac{1}{n}\sum_i g_W(x_i)",
        check=partial(check_first_layer_update, FIRST_LAYER_SUM),
        # an identity of the update's algebra (Σ_i g_W = n∇_W L): its failure, the factor n, is its own — it stands
        # with the gradient lines read as meant (referee CO, MEDIUM-3) — and has nothing to do with the noise's
        # privacy (referee CN, M2)
        depends_on=(),
        relations=((1, "P42", 1), (1, "P44", 1)),
    ),
    Claim(
        id="alg1.first-layer-direction",
        title="Summed vs averaged first-layer step: same normalised columns (measured)",
        source="consequence of Algorithm 1's first-layer sum for Part 2's rank-1 approximation (2, D19)",
        statement=DIRECTION_GAP,
        assumptions=r"n = d^{1+3\varepsilon_n},\ p = d^{\varepsilon_p},\ "
        r"\eta_W = d^{3\varepsilon_n/2}\sqrt{p},\ \text{corners of the region}",
        check=partial(check_first_layer_direction, DIRECTION_GAP, 0),
        depends_on=("alg1.first-layer-update",),
    ),
    Claim(
        id="thm1.rate-o1",
        # the statement of thm1.rate-vanishes, decided a second way (referee CD, CD6: the two had read as one claim
        # checked twice): that claim decides it symbolically in q (every degree at once) with its crossover d, this
        # one by the exact LP degree by degree over Assumption 3's whole privacy range; neither uses the other
        title="Theorem 1's rate is o(1): second decision, exact LP per degree q (cross-checks thm1.rate-vanishes)",
        source="Part 1, §2.2, Theorem 1",
        statement=THM1_O1,
        assumptions=r"\text{Assumptions 2--3},\ n = d^{\nu},\ \nu \geq 1 + 3\varepsilon_n",
        check=partial(check_rate_o1, THM1_O1),
        relations=((1, "D9", 3),),
    ),
    Claim(
        id="thm1.rate",
        title="Theorem 1's rate as stated (Parts 2–3's bound is O of it)",
        source="Part 1, §2.2, Theorem 1; Part 3, §4.5",
        statement=THM1_RATE_STATEMENT,
        assumptions=r"\text{Assumptions 1--4}",
        check=partial(check_theorem1_rate, THM1_RATE_STATEMENT, PART3_RATE),
        depends_on=("thm1.exponent-consistency", "thm1.rate-vanishes", "thm1.rate-o1", "thm1.privacy-utility")
        + PART2_PART3_TOP,
        relations=((1, "D9", 1), (1, "D9", 2), (1, "P66", 1), (1, "P4", 1)),
    ),
    Claim(
        id="thm1.probability-union-bound",
        title="The union of Theorem 1's d^K events fails with probability ≤ exp(−(c/2) log² d)",
        source="Part 1, §2.2, Theorem 1 (and §2.5's O_P): the proof's union bound",
        statement=UNION_BOUND,
        assumptions=r"d^{K} \text{ events, each failing w.p.} \leq e^{-c\log^2 d}",
        check=partial(check_probability, UNION_BOUND),
    ),
    Claim(
        id="thm1.probability",
        title="Theorem 1 holds with probability 1 − exp(−c log² d), c absolute",
        source="Part 1, §2.2, Theorem 1 (and §2.5's O_P)",
        statement=PROBABILITY_CLAUSE,
        assumptions=r"\text{Assumptions 1--4},\ (\varepsilon, \delta) \text{ fixed}",
        check=check_probability_clause,
        depends_on=("thm1.probability-union-bound", "thm1.risk-obstruction"),
    ),
    Claim(
        id="thm1.privacy",
        title="Theorem 1's privacy part: f_NN is (ε, δ)-DP (both layers)",
        source="Part 1, Theorem 1; Part 2 §3.2; Part 3 §4.1; Algorithm 1",
        statement=r"f_{\text{NN}} = a_T^\intercal\sigma(W_1^\intercal x + b)\ \text{is}\ (\varepsilon, "
        r"\delta)\text{-DP}",
        assumptions=r"\text{Algorithm 1, Assumptions 3--4, replace-one adjacency}",
        check=partial(check_theorem1_privacy, PV.SIGMA_W_STATEMENT, PV.ALG1_NOISE_STATEMENT, PV.paper_clip),
        depends_on=(
            "layer1.privacy",
            "layer1.columns",
            "layer1.sigma-inequality",
            "gaussmech.classical",
            "gaussmech.assumption3-range",
            "dpgd.privacy",
            "alg1.noise",
            "alg1.noise-scalar",
            "alg1.clipping",
            "alg1.noise-vs-sigma",
            "alg1.first-layer-update",
        ),
        relations=((1, "P66", 1), (1, "P4", 2)),
    ),
    Claim(
        id="thm1.privacy-corrected-route",
        title="Noise before normalising: a private first layer whose column noise is o(the step's μ-component)",
        source="correction of Algorithm 1's first layer (noise before the normalisation, which is then "
        "post-processing; Part 3 §5.2's variant normalises before the noise): its privacy and its noise's share of "
        "accuracy",
        statement=NOISE_BEFORE_NORMALISING,
        assumptions=r"g^C_W = g_W\min(1, C_W/\|g_W\|_F),\ C_W = 2\sqrt{d}\log^q d,\ "
        r"\text{noise } 2\eta_W C_W\sqrt{8\log(1/\delta)}/\varepsilon \text{ before normalising},\ "
        r"p = d^{\pi_p} \geq d^{\varepsilon_p}",
        check=partial(check_noise_before_normalising, NOISE_BEFORE_NORMALISING),
        # the premises of the accuracy part: clipping inactive (|y| ≲ log^q d, ‖x‖ ≲ √d; |f^0| = O_P(1), which
        # lemma3.initial-output-centred measures) and α_1^{b_i} ≥ d^{−ε_b}/2 (referee P)
        depends_on=("thm1.privacy", "alg1.first-layer-update", "dpgd.privacy", "lemma3.target-growth",
                    "lemma3.initial-output-centred", "lemma4.bias-range"),
    ),
    Claim(
        id="thm1.privacy-utility",
        title="With privacy-calibrated σ_W, the first-layer noise stays o(1)",
        source="consequence of thm1.privacy's correction for Part 2 §3.2 (2, 22) and Theorem 1's rate",
        statement=COLUMN_NOISE_SMALL,
        assumptions=r"\text{Assumptions 2--4, full Assumption 3 range}",
        check=partial(check_privacy_utility, COLUMN_NOISE_SMALL),
        depends_on=("thm1.privacy", "layer1.privacy"),
    ),
]
