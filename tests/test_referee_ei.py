"""Referee EI's findings (verified claims of Part 2's construction, Lemma 3/4, rank-one, Stein and certificate
families), each fed back as a statement the checker must decide right."""

from __future__ import annotations

import pytest
import sympy as sp

from theorycheck.registry import load


@pytest.fixture(scope="module")
def claims():
    return {c.id: c for c in load().claims}


def test_leading_term_does_not_verify_a_rate_below_the_proved_one(claims):
    """EI-4: the bound proves the rest over the j = 0 term is O(log d/√d); a left side 1/d or 1/√d (the j = 1 term is
    ≍ 1/√d for a neuron with constant probability) had been verified because only "lhs ≪ 1" was decided."""
    from theorycheck_proofs.symbols import d, log_d

    check = claims["rank1.leading-term"].check
    literal = check.args[0]
    assert check.func(literal, *check.args[1:]).verdict == "verified"
    assert check.func(literal.perturb(lhs=log_d**2 / sp.sqrt(d)), *check.args[1:]).verdict == "verified"
    for faster in (1 / d, 1 / sp.sqrt(d)):
        v = check.func(literal.perturb(lhs=faster), *check.args[1:])
        assert v.verdict == "inconclusive" and "below the order the bound proves" in v.detail


def test_step1_infinite_model_at_the_true_order_is_not_verified_from_three_targets(claims):
    """EI-1: with the rate exactly γ² (power 0), E < 1000γ² had been verified from x, x³, x² + x − 1, while
    E/γ² → E[z⁴σ_*²] is unbounded over targets (σ_* = 10x: 15·100 = 1500 > 1000, exactly)."""
    from theorycheck_proofs import part2_certificate_steps as CS
    from theorycheck_proofs.symbols import eps_p, q

    check = claims["construct.step1-infinite-model"].check
    statement = check.args[0] if getattr(check, "args", ()) else CS.STEP1_STATEMENT
    gamma_sq = sp.Symbol("d", positive=True) ** (-eps_p / (2 * (q + 1)))
    at_true_order = statement.perturb(rhs=1000 * gamma_sq)
    v = CS.check_step1_statement(at_true_order)
    assert v.verdict == "refuted" and v.evidence["witness"]["target"] == "10*x"
    assert CS.check_step1_statement(statement).verdict == "verified"
