"""Referee EK's findings (verified claims of Part 3), each fed back as a statement the checker must decide right."""

from __future__ import annotations

import dataclasses

import pytest
import sympy as sp

from theorycheck.registry import load
from theorycheck.statement import Statement
from theorycheck_proofs.part3_common import check_steps


@pytest.fixture(scope="module")
def claims():
    return {c.id: c for c in load().claims}


def _one(step, statement):
    return check_steps((dataclasses.replace(step, statement=statement),), title="pasted").verdict


def test_an_inequality_step_reads_its_relation(claims):
    """EK-1: (3, D16, 3), ns/(λn + s²) ≤ √n/(2√λ) (AM–GM), had been verified as "≥", ">" and "=" (false but at one
    point) and refuted with the sides swapped under "≥" (true, a bogus witness)."""
    step = claims["ridge.algebra-steps"].check.args[0][2]
    st = step.statement
    assert _one(step, st) == "verified"
    for rel in (">=", ">", "=", "<"):  # each fails somewhere (< at s = √(λn), where AM–GM is tight)
        assert _one(step, st.perturb(rel=rel)) == "refuted", rel
    assert _one(step, Statement(st.rhs, ">=", st.lhs)) == "verified"
    assert _one(step, Statement(st.rhs, "<", st.lhs)) == "refuted"


def test_an_identity_step_reads_its_relation(claims):
    """EK-1: (3, P34, 3), C_a/(2√p) = d^{ε_n}log^{q+1}d/2, had been verified as x < x, x > x, x ≪ x and x = o(x); a
    true rhs/2 ≤ rhs had been refuted."""
    step = claims["clip.targets"].check.args[0][1]
    st = step.statement
    for rel in ("<", ">", "ll", "o"):
        assert _one(step, st.perturb(rel=rel)) == "refuted", rel
    for rel in ("<=", ">=", "lesssim", "asymp", "O"):
        assert _one(step, st.perturb(rel=rel)) == "verified", rel
    assert _one(step, Statement(st.rhs / 2, "<=", st.rhs)) == "verified"
    assert _one(step, Statement(2 * st.rhs, "<=", st.rhs)) == "refuted"


def test_dpgd_privacy_is_not_verified_from_grid_points_below_the_certificate(claims):
    """EK-3: Σ × 0.999 and Σ × (1 − 10⁻⁶) hold at every grid point (δ ≥ 1e-100) but fail at admissible budgets
    below it (log(1/δ) = 10³ and 10⁸: the referee's mpmath, log δ_exact − log δ = +0.870 and > 0); Σ × 1.001 and Σ
    itself are proved by the certificate."""
    check = claims["dpgd.privacy"].check
    statement = check.args[0]
    v = check.func(statement.scale(sp.Rational(999, 1000)), *check.args[1:], readings=False)
    assert v.verdict == "refuted" and v.evidence["witness"]["log_inv_delta"] == 1000
    assert 0.86 < float(v.evidence["witness"]["log_delta_exact_minus_log_delta"]) < 0.88
    v = check.func(statement.scale(1 - sp.Rational(1, 10**6)), *check.args[1:], readings=False)
    assert v.verdict == "refuted" and v.evidence["witness"]["log_inv_delta"] == 10**8
    assert check.func(statement.scale(sp.Rational(1001, 1000)), *check.args[1:], readings=False).verdict == "verified"
    # a noise 10⁻³⁰ below Σ: the certificate fails, no failure within L ≤ 10²⁰ — undecided, not verified
    v = check.func(statement.scale(1 - sp.Rational(1, 10**30)), *check.args[1:], readings=False)
    assert v.verdict == "inconclusive" and "not proved" in v.detail


def test_an_identity_step_is_not_refuted_without_a_witness(claims):
    """EK-7: (3, P34, 3)'s right side in log space, exp(ε_n log d + (q+1) log log d)/2, equals d^{ε_n}log^{q+1}d/2
    for d > 1; SymPy's simplify missed it and the step was refuted with the ratio (≡ 1) as its witness. A factor
    1 + 10⁻¹⁰ is refuted at a point, 1 + 10⁻⁴⁰ exactly (a constant ratio ≠ 1)."""
    from theorycheck_proofs import symbols as S

    step = claims["clip.targets"].check.args[0][1]
    in_logs = sp.exp(S.eps_n * sp.log(S.d) + (S.q + 1) * sp.log(sp.log(S.d))) / 2
    assert _one(step, step.statement.perturb(rhs=in_logs)) == "verified"
    assert _one(step, step.statement.perturb(rhs=in_logs * (1 + sp.Rational(1, 10**10)))) == "refuted"
    assert _one(step, step.statement.perturb(rhs=in_logs * (1 + sp.Rational(1, 10**40)))) == "refuted"


def test_numeric_identities_see_a_constant_off_by_1e_10():
    """EK-4: the matrix identities' tolerance was 1e-8 against achieved errors ≤ 4e-15, so a_RR × (1 ± 1e-10) and
    L = (2 + 1e-10)U(…)Uᵀ were verified; ‖a_0‖'s claimed 1 + 1e-10 was snapped to 1 by nsimplify."""
    from theorycheck_proofs import part3_second_layer as P3
    from theorycheck_proofs import part3_steps as S3

    corners = S3.NUM_CORNERS[:1]
    assert S3.check_closed_form(corners=corners).verdict == "verified"
    assert S3.check_closed_form(factor=1 + 1e-10, corners=corners).verdict == "refuted"
    assert S3.check_closed_form(factor=1 - 1e-10, corners=corners).verdict == "refuted"
    assert S3.check_svd_identities(two=2 + 1e-10, corners=corners).verdict == "refuted"
    assert P3.check_a0_norm(lambda p: 1 + 1e-10).verdict == "refuted"
    assert P3.check_a0_norm(lambda p: 1.0).verdict == "verified"


def test_growth_and_sensitivity_constants_off_by_1e_10_are_seen():
    """EK-4: ridge.strong-convexity verified c = 1 + 1e-10 (c = 1 is attained where p > n) and repaired.sensitivity an
    accountant 1e-10 short (the opposite-label pair attains the bound), each at a tolerance of 1e-9."""
    from theorycheck_proofs import part3_second_layer as P3
    from theorycheck_proofs import repaired as RP

    assert P3.check_strong_convexity(1 + 1e-10).verdict == "refuted"
    assert P3.check_strong_convexity(1.0).verdict == "verified"
    assert RP.check_sensitivity(clip_scale=1 - 1e-10).verdict == "refuted"


def test_a_failing_step_of_the_corrected_summary_does_not_crash(claims):
    """The relation probe (stop 55) flipped a step of risk.summary-corrected's chain (= O_P → = o): the chain's witness
    and the obstruction's had both been passed as `witness` (a TypeError)."""
    from theorycheck.statement import Rel

    check = claims["risk.summary-corrected"].check
    steps = list(check.args[0])
    steps[0] = dataclasses.replace(steps[0], statement=steps[0].statement.perturb(rel=Rel.LITTLE_O))
    v = check.func(tuple(steps), *check.args[1:])
    assert v.verdict == "refuted" and "chain_witness" in v.evidence


def test_an_inequality_step_is_not_refuted_outside_delta_s_range():
    """δ ∈ (0, 1) (Assumption 3): 0 ≤ log(1/δ) holds there; the positive grid had offered δ = 3 as a witness."""
    from theorycheck_proofs import symbols as S
    from theorycheck_proofs.part3_common import Step

    step = Step((3, "X", 1), Statement(sp.Integer(0), "<=", sp.log(1 / S.delta)), "inequality")
    assert check_steps((step,), title="δ < 1").verdict != "refuted"
    wrong = Step((3, "X", 1), Statement(sp.Integer(0), "<=", sp.log(S.delta)), "inequality")
    assert check_steps((wrong,), title="δ < 1").verdict == "refuted"


def test_a_shaped_noise_is_decided_as_its_own_mechanism(claims):
    """Referee EM (EM-1 … EM-3): with a noise shape the mechanism is the isotropic one with std·√λ_min; the certificate
    and the search had run on the unscaled noise (Σ × 0.999 with Cov = 2I, private, had been refuted with the isotropic
    witness), a shape ⪰ I at the three checked widths only had been "proved on all of Assumption 3", and Σ with
    Cov = 0.998 I (false: +0.873 in log δ at δ = e^-1000) had been inconclusive."""
    check = claims["dpgd.privacy"].check
    statement = check.args[0]

    def shape(c):
        return lambda p: (c * sp.eye(p)).tolist()

    v = check.func(statement.scale(sp.Rational(999, 1000)), "replace-one", readings=False, noise_shape=shape(2))
    assert v.verdict == "inconclusive" and "proved at the widths" in v.detail
    late = check.func(statement, "replace-one", readings=False,
                      noise_shape=lambda p: ((1 + sp.Rational(1, p) - sp.Rational(1, 16)) * sp.eye(p)).tolist())
    assert late.verdict != "verified"
    small = check.func(statement, "replace-one", readings=False, noise_shape=shape(sp.Rational(998, 1000)))
    assert small.verdict == "refuted" and small.evidence["witness"]["log_inv_delta"] == 1000
