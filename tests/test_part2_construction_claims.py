"""Claims of Part 2 §3.4 and Theorem 1's rate: each checker verifies or refutes the paper's statement and rejects a
perturbed one (wrong constant, sign or exponent)."""

from __future__ import annotations

import sympy as sp

from proofs import part2_construction as m
from proofs.part2_construction import EPS_B, EPS_N, EPS_P, Q


def verdicts():
    return {c.id: c.check() for c in m.CLAIMS}


def test_paper_statements():
    v = verdicts()
    expected = {"thm2.eps-b-window": "verified", "construct.a-bound": "verified", "construct.mcdiarmid": "verified",
                "construct.expected-sup": "verified", "construct.tail-maximum": "verified",
                "thm2.rate-simplification": "refuted", "thm2.penalty-absorbed": "verified", "thm2.rate": "verified",
                "thm1.rate-vanishes": "verified"}
    assert {k: v[k].verdict for k in expected} == expected
    witness = v["thm2.rate-simplification"].evidence["witness"]
    assert witness == {"eps_n": "1/5", "eps_p": "1", "eps_b": "17/50"}


def test_perturbed_eps_b_window_rejected():
    # with eps_n > eps_p/16 only, 3 eps_n - eps_p/4 can be negative
    assert m.check_eps_b_window(sp.Rational(1, 16)).verdict == "refuted"


def test_perturbed_a_bound_rejected():
    assert m.check_a_bound(claimed_exponent=Q).verdict == "refuted"  # wrong arithmetic
    assert m.check_a_bound(target_exponent=EPS_P / 16).verdict == "refuted"  # wrong comparison power


def test_perturbed_mcdiarmid_rejected():
    p, t, cb, d = sp.symbols("p t c_b d", positive=True)
    assert m.check_mcdiarmid(-(cb**2) * p * t**2 / (4 * d ** (EPS_P / 4))).verdict == "refuted"


def test_perturbed_expected_sup_rejected():
    assert m.check_expected_sup(-EPS_P / 2).verdict == "refuted"


def test_perturbed_tail_maximum_rejected():
    # claiming e^{-2q} is below the true maximum (q/(2e gamma))^q
    verdict = m.check_tail_maximum(sp.Integer(-2))
    assert verdict.verdict == "refuted" and verdict.corrected


def test_final_simplification_holds_with_a_weaker_kept_term():
    # keeping d^0 (no decay claimed) the noise term is absorbed
    assert m.check_final_simplification(kept_power=sp.Integer(0)).verdict == "verified"


def test_perturbed_penalty_rejected():
    assert m.check_penalty_absorbed(penalty_power=EPS_P / 4 - EPS_N).verdict == "refuted"


def test_perturbed_rates_rejected():
    assert m.check_theorem1_vanishes(n_power=1 + EPS_N).verdict == "refuted"
    assert m.check_theorem2_rate(n_power=1 + EPS_N / 10).verdict == "refuted"
