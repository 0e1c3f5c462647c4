"""Claims of Part 2 §3.4 (exponent algebra) and Theorem 1's rate, decided over the whole admissible region: each
checker gives the paper's statement its verdict and rejects a perturbed statement (wrong constant, exponent, sign,
dropped term), including one wrong only in a corner of the region (ε_p > 4ε_n)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp

from theorycheck.statement import Rel
from theorycheck_proofs import part2_construction as m
from theorycheck_proofs.symbols import d, eps_n, eps_p, log_d, q

#: a factor < 1 only where ε_p > 4ε_n (Assumption 2 allows 3ε_p/16 < ε_n < ε_p/4): a corner-only perturbation
CORNER = d ** (8 * (eps_n - eps_p / 4))


def _pt(v):
    return {k: Fraction(x) if k != "q" else x for k, x in v.evidence["witness"]["point"].items()}


def _in_corner(v) -> bool:
    w = _pt(v)
    return 4 * w["eps_n"] < w["eps_p"]


def test_eps_b_window(registered_verdict):
    v = registered_verdict(m.check_eps_b_window)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    bad = m.check_eps_b_window(sp.Rational(1, 16))  # ε_n > ε_p/16 only: the window can be empty
    assert bad.verdict == "refuted"
    w = _pt(bad)
    assert 3 * w["eps_n"] - w["eps_p"] / 4 <= 0


@pytest.mark.slow
def test_a_bound_links(registered_verdict):
    v = registered_verdict(m.check_a_bound)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    assert set(v.evidence["links"]) >= {"1 |a sigma| <= |a|", "3 exponent arithmetic"}
    assert m.check_a_bound(exponent=m.A_EXPONENT.perturb(rhs=q)).verdict == "refuted"  # wrong arithmetic
    assert m.check_a_bound(ll=m.A_LL.perturb(rhs=d ** (eps_p / 16))).verdict == "refuted"  # wrong power
    # S is Θ(1): a claimed decaying bound (sign of the exponent flipped) is refuted
    assert m.check_a_bound(growth=m.A_GROWTH.perturb(rhs=d ** (-m.U))).verdict == "refuted"
    corner = m.check_a_bound(ll=m.A_LL.perturb(rhs=m.A_LL.rhs * CORNER))
    assert corner.verdict == "refuted" and corner.regime["holds_on"] == "part"
    # a wrong constant that fails only for q ≥ 129, beyond the first list of degrees (referee AL): the degrees
    # 1024 and 2^20 find it
    late = m.check_a_bound(ll=m.A_LL.perturb(rhs=d ** (eps_p / 8 * sp.Rational(129, 130))))
    assert late.verdict == "refuted" and "every degree checked" not in late.detail


@pytest.mark.slow
def test_mcdiarmid(registered_verdict):
    v = registered_verdict(m.check_mcdiarmid)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    bad = m.MCDIARMID_EQ.perturb(rhs=m.MCDIARMID_EQ.rhs / 2)  # wrong constant
    assert m.check_mcdiarmid(claimed=bad).verdict == "refuted"
    t_bad = m.MCD_TAIL.perturb(rhs=m.p * d ** (-eps_p) / d ** (eps_p / 4))  # t = d^{-ε_p/2}: the tail does not vanish
    assert m.check_mcdiarmid(tail=t_bad).verdict == "refuted"
    # referee AW F2: t = d^{ε_p/8} log^{3/4} d/√p makes the exponent log^{3/2} d → ∞ (probability → 1) but not ≳ log² d
    t_band = d ** (eps_p / 8) * log_d ** sp.Rational(3, 4) / sp.sqrt(m.p)
    assert m.check_mcdiarmid(tail=m.MCD_TAIL.perturb(rhs=m.p * t_band**2 / d ** (eps_p / 4))).verdict == "refuted"
    corner = m.check_mcdiarmid(t_vs_rate=m.MCD_T.perturb(rhs=m.MCD_T.rhs * CORNER))
    assert corner.verdict == "refuted" and _in_corner(corner)
    # the exceptional event |I| < c_b p (referee AT: asserted in prose): its links are decided, and an event whose
    # probability exponent is only the tail's (not p) or a shift the log cannot absorb is refuted
    assert {"mean shift p·c̄·P(B) << t", "P(B) << the printed tail"} <= set(
        v.evidence["links"]["1b exceptional event B = {|I| < c_b p}"])
    same = m.MCD_EVENT.perturb(rhs=m.MCD_EVENT.lhs / log_d)
    assert m.check_mcdiarmid(event=same).verdict == "refuted"
    assert m.check_mcdiarmid(shift=m.MCD_SHIFT.perturb(rhs=log_d)).verdict == "refuted"


def test_expected_sup_implication(registered_verdict):
    v = registered_verdict(m.check_expected_sup)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    assert m.check_expected_sup(m.EXPECTED_SUP.perturb(rhs=d ** (-eps_p / 2))).verdict == "refuted"
    corner = m.check_expected_sup(m.EXPECTED_SUP.perturb(rhs=m.EXPECTED_SUP.rhs * CORNER))
    assert corner.verdict == "refuted" and corner.regime["holds_on"] == "part" and _in_corner(corner)


def test_tail_maximum(registered_verdict):
    assert registered_verdict(m.check_tail_maximum).verdict == "verified"
    bad = m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=(q / (2 * m.gamma)) ** q * sp.exp(-2 * q)))
    assert bad.verdict == "refuted" and bad.corrected
    assert m.check_tail_maximum(identity=m.TAIL_MAX_EQ.perturb(rhs=(q / (2 * m.gamma)) ** q)).verdict == "refuted"
    # decided for every q, not only the degrees of DEGREES (referee AB): a bound that fails only beyond q = 21e^50
    # is refuted at a large q, and the exact maximum (q/(2eγ))^q as the bound is verified (tight)
    far = m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=m.TAIL_MAX.rhs * (21 / q) ** (q / 100)))
    assert far.verdict == "refuted" and int(far.evidence["witness"]["q"]) > 21 * 10**21
    assert m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=(q / (2 * sp.E * m.gamma)) ** q)).verdict == "verified"
    assert registered_verdict(m.check_tail_maximum).regime["holds_on"] == "all"
    # a bound that is negative (at some q) is refuted, not verified nor a crash (referee AE)
    assert m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=-m.TAIL_MAX.rhs)).verdict == "refuted"
    # a bound false for every γ < e^{−2} (referee EA, EA-3: it had been inconclusive, "depends on γ") is refuted with
    # a (q, γ) where the maximum exceeds it: sup_z z e^{−0.2z} = 5/e > 1/(2√0.1)
    small_gamma = m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=(q / (2 * sp.sqrt(m.gamma))) ** q))
    assert small_gamma.verdict == "refuted" and small_gamma.evidence["witness"]["q"] == 1
    assert small_gamma.evidence["witness"]["gamma"] == "1e-1" and small_gamma.evidence["witness"]["value"].startswith(
        "0.1512925")  # (log 10 − 2)/2, the gap's value at the witness (referee ED, ED-6)
    # the maximum itself in a form SymPy does not simplify (asinh γ = log(γ + √(γ²+1))): a true bound, whose log gap
    # rounds to ±1e-31 — not refuted on rounding (referee ED, ED-6)
    tight = (q / (2 * sp.E * m.gamma)) ** q * sp.exp(sp.asinh(m.gamma) - sp.log(m.gamma + sp.sqrt(m.gamma**2 + 1)))
    assert m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=tight)).verdict != "refuted"
    # referee EE, EE-4: the same identity magnified by γ³ (its rounding error 10⁴⁸ times larger at γ = 10¹⁶) is not
    # refuted either; a bound too small by the exact factor 1 − 10⁻²⁵ is (50 digits)
    zero = sp.atan(m.gamma) + sp.atan(1 / m.gamma) - sp.pi / 2
    magnified = (q / (2 * sp.E * m.gamma)) ** q * sp.exp(-(m.gamma**3) * zero)
    assert m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=magnified)).verdict != "refuted"
    short = (q / (2 * sp.E * m.gamma)) ** q * (1 - sp.Rational(1, 10**25))
    assert m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=short)).verdict == "refuted"



@pytest.mark.parametrize("rel, rhs_name, verdict", [
    # the relation is read (referee EF, EF-9): the paper's bound is strictly above the sup, so ≥ and = fail
    (Rel.GE, "paper", "refuted"), (Rel.EQ, "paper", "refuted"), (Rel.LT, "paper", "verified"),
    # against the sup itself: ≤, ≥ and = hold, < and > fail
    (Rel.LE, "max", "verified"), (Rel.GE, "max", "verified"), (Rel.EQ, "max", "verified"),
    (Rel.LT, "max", "refuted"), (Rel.GT, "max", "refuted"),
    # half the sup: > holds, ≤ fails
    (Rel.GT, "half", "verified"), (Rel.LE, "half", "refuted"),
])
def test_tail_maximum_reads_the_relation(rel, rhs_name, verdict):
    mx = (q / (2 * sp.E * m.gamma)) ** q
    rhs = {"paper": m.TAIL_MAX.rhs, "max": mx, "half": mx / 2}[rhs_name]
    assert m.check_tail_maximum(m.TAIL_MAX.perturb(rel=rel, rhs=rhs)).verdict == verdict


def test_tail_maximum_exact_sign_refutes_a_tiny_shortfall():
    """EF-7: a bound short by 1 − 10⁻⁴⁵ (or e^{−10⁻⁴⁵}, below every numeric margin) fails exactly: SymPy's sign of the
    log gap refutes it for every q, γ; the evidence names the margins it does use."""
    mx = (q / (2 * sp.E * m.gamma)) ** q
    for rhs in (mx * (1 - sp.Rational(1, 10**45)), mx * sp.exp(-sp.Rational(1, 10**45))):
        v = m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=rhs))
        assert v.verdict == "refuted" and "exactly for every q" in v.detail
    assert "1e-40" in m.check_tail_maximum().evidence["tolerance"]
    # a complex bound has no order (referee EH, EH-11: it had crashed); a negative one's detail says what it is
    assert m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=sp.I * mx)).verdict == "refuted"
    negative = m.check_tail_maximum(m.TAIL_MAX.perturb(rhs=sp.Integer(-1)))
    assert negative.verdict == "refuted" and "> 0" not in negative.detail


def test_rate_simplification_regime(registered_verdict):
    v = registered_verdict(m.check_final_simplification)
    assert v.verdict == "refuted" and v.regime["holds_on"] == "part" and v.corrected
    w = _pt(v)
    qq = w["q"]
    # the witness lies where the noise term's power is at least the kept one
    assert w["eps_b"] + w["eps_p"] / 4 + w["eps_p"] / (8 * (qq + 1)) - w["nu"] + w["r"] + 1 >= 0
    # keeping d^0 (no decay claimed) the noise term is absorbed everywhere
    assert m.check_final_simplification(m.RATE_SIMPLIFICATION.perturb(rhs=sp.Integer(1))).verdict == "verified"
    # read as a suitable ε_b (referee H): every ε_b below 3ε_n − ε_p/4 − ε_p/(8(q+1)) works on the whole region
    reading = v.evidence["reading_suitable_eps_b"]
    assert reading["holds_on"] == "all" and reading["window_never_empty"] and "suitable ε_b" in v.detail
    # a faster kept term (d^{−ε_p/2}) is not rescued by that window: refuted under both readings
    kept = d ** (-eps_p / 2)
    fast = m.RATE_SIMPLIFICATION.perturb(lhs=kept + m.STEP3_N2, rhs=kept)
    f = m.check_final_simplification(fast)
    assert f.verdict == "refuted" and f.evidence["reading_suitable_eps_b"]["verdict"] == "refuted"
    assert "suitable ε_b" not in f.detail


@pytest.mark.slow
def test_penalty(registered_verdict):
    v = registered_verdict(m.check_penalty_absorbed)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    assert (
        m.check_penalty_absorbed(algebra=m.PENALTY_ALGEBRA.perturb(rhs=d ** (eps_p / 4 - eps_n))).verdict == "refuted"
    )
    bad = m.PENALTY_SUM.perturb(lhs=m.KEPT + m.STEP3_N2 + d ** (eps_p / 4 - eps_n))  # a penalty too large in part
    v2 = m.check_penalty_absorbed(absorbed=bad)
    assert v2.verdict == "refuted" and v2.regime["holds_on"] == "part"
    w = _pt(v2)
    assert (
        w["eps_p"] / 4 - w["eps_n"] >= -w["eps_p"] / (8 * (w["q"] + 1))
        or w["eps_p"] / 4 - w["eps_n"] >= w["eps_b"] + w["eps_p"] / 4 - w["nu"] + w["r"] + 1
    )


def test_theorem2_rate(registered_verdict):
    v = registered_verdict(m.check_theorem2_rate)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    # how late the rate shows (referee BF, F3): far beyond any simulated d at some corner, and said in the detail
    cross = v.evidence["log10_d_from_which_lhs_below_rhs_at_corners"]
    assert max(float(x) for x in cross.values() if x[0].isdigit()) > 30 and "only from d ≈ 10^" in v.detail
    assert m.check_theorem2_rate(m.THM2_RATE.perturb(rhs=d ** (-eps_p / 4))).verdict == "refuted"
    corner = m.check_theorem2_rate(m.THM2_RATE.perturb(rhs=CORNER / log_d))
    assert corner.verdict == "refuted" and _in_corner(corner)


def test_theorem1_vanishes(registered_verdict):
    v = registered_verdict(m.check_theorem1_vanishes)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    # n = d^{1+ε_n} instead of the admissible n ≥ d^{1+3ε_n}: the noise term is d^0, not o(1)
    assert m.check_theorem1_vanishes(m.THM1_RATE.perturb(lhs=d ** (1 + eps_n) / d ** (1 + eps_n))).verdict == "refuted"
    corner = m.check_theorem1_vanishes(m.THM1_RATE.perturb(rhs=CORNER))
    assert corner.verdict == "refuted" and _in_corner(corner)


def test_claims_are_statements():
    assert all(c.statement_source == "sympy" and c.relations for c in m.CLAIMS)
    assert all(c.formula.rel in Rel for c in m.CLAIMS)
