"""Referee re-check of Part 1 (Assumptions 2–4, Algorithm 1, Theorem 1, privacy) and Part 2 §3.4 (Theorem 2).

Cases the first authors did not try: the theorem trees rest on the top claims, Theorem 1's rate rests on all of
Theorem 2 (not only its last simplification), a statement wrong only at a large degree is rejected with a
witness at that degree, a too-small noise constant fails the all-of-Assumption-3 certificate, and the
adjacency reading behind alg1.noise's refutation is stated in its detail.
"""

from __future__ import annotations

import sympy as sp

from theorycheck.registry import load
from theorycheck.statement import Rel, Statement
from theorycheck.theorems import load_theorems, tree
from theorycheck_proofs import privacy as PV
from theorycheck_proofs.part2_construction import check_theorem2_rate
from theorycheck_proofs.part2_construction_steps import KEPT, STEP3_N2
from theorycheck_proofs.symbols import d, eps_p

REG = load()
THEOREMS = {t.id: t for t in load_theorems(REG)}


def test_theorem1_rate_rests_on_all_of_theorem2():
    assert "thm2.statement" in REG.get("thm1.rate").depends_on
    # so Step 2's failure (the truncation bias) reaches Theorem 1's rate
    assert "construct.step2-summary" in tree(REG, ("thm1.rate",))


def test_theorem_records_name_the_top_claims():
    t1, t2 = THEOREMS["1"], THEOREMS["2"]
    assert {"thm1.privacy", "thm1.rate", "thm1.probability"} <= set(t1.rests_on)
    assert {"thm2.statement", "layer1.privacy"} <= set(t2.rests_on)
    # statement-level falsifiers compute the stated object (exact privacy curves; thm2.statement and
    # thm1.risk-obstruction refute only through the every-ā lower bound on the risk itself, never through a failed
    # proof step), and sit in the proof tree
    for t in (t1, t2):
        assert set(t.falsified_by) <= set(tree(REG, t.rests_on))
        assert not {"thm1.rate", "thm1.probability"} & set(t.falsified_by)
    assert "thm2.statement" in t2.falsified_by and "thm1.risk-obstruction" in t1.falsified_by


def test_theorem2_rate_rejects_a_statement_wrong_only_at_large_degree():
    # KEPT = d^{-ε_p/(8(q+1))} ≲ d^{-ε_p/144} iff q ≤ 17: wrong only at the degrees above 17 (24, 32, 64, 128)
    wrong = Statement(KEPT + STEP3_N2, Rel.BIG_O_P, STEP3_N2 + d ** (-eps_p / 144))
    v = check_theorem2_rate(wrong)
    assert v.verdict == "refuted"
    assert v.regime["holds_on"] == "part"
    assert int(v.regime["witness"]["point"]["q"]) > 17


def test_dpgd_certificate_fails_for_too_little_noise():
    weaker = PV.DPGD_STATEMENT.perturb(rhs=sp.Rational(9, 10) * PV.DPGD_STATEMENT.rhs)
    cert = PV.dpgd_certificate(weaker)
    assert cert["proved"] is False
    assert PV.dpgd_certificate(PV.DPGD_STATEMENT)["proved"] is True


def test_alg1_noise_detail_states_the_adjacency_reading():
    v = PV.check_dpgd_privacy(PV.ALG1_NOISE_STATEMENT, "replace-one", beyond_range=False)
    assert v.verdict == "refuted"
    assert "replace-one adjacency" in v.detail and "add-remove" in v.detail
    assert v.evidence["same_noise_under_add_remove"]["holds"] is True
