"""Referee EM's findings (this stop's privacy and Part 2 mends re-checked)."""

from __future__ import annotations

import pytest
import sympy as sp

from theorycheck.errors import InputError
from theorycheck_proofs import part2_certificate_steps as CS
from theorycheck_proofs import part2_fourier_steps as FS
from theorycheck_proofs.symbols import gamma


def test_step1_constant_refutes_only_on_an_infinite_limit_or_a_point():
    """EM-6: 2 + sin γ + sin 2γ (true: m ≥ 0.2398) had been refuted with an unevaluated Limit as its witness; EM-7:
    e^γ − 2 (≤ 0 on (0, log 2]) had been inconclusive (solveset gave up on 1/ratio with S_f in it)."""
    def verdict(m):
        return FS.check_step1_constant(FS.step1_constant_statement(m)).verdict

    assert verdict(2 + sp.sin(gamma) + sp.sin(2 * gamma)) == "verified"  # min 0.2398 > 0, certified on one period
    assert verdict(sp.exp(gamma) - 2) == "refuted"
    assert verdict(sp.sin(gamma) + sp.Rational(1, 2)) == "refuted"
    assert verdict(sp.Integer(1)) == "verified"


def test_step1_constant_with_a_periodic_factor_is_decided_on_one_period():
    """A periodic right-side factor m(γ): a certified lower bound c > 0 on one period verifies the ≲ (C = S_f/c);
    a certified point with m ≤ 0 refutes it, where SymPy's solveset does not find the sign change (min of
    1.76 + sin γ + sin 2γ is −0.0002); the limit as γ → ∞ is no longer awaited (it had taken 20 s each)."""
    def check(m):
        return FS.check_step1_constant(FS.step1_constant_statement(m))

    fine = check(1 + sp.cos(gamma) / 2)
    assert fine.verdict == "verified"
    c = sp.Rational(fine.evidence["right_side_lower_bound"]["c"])
    assert sp.Rational(49, 100) < c < sp.Rational(1, 2)  # a bound, and close to the true minimum 1/2
    dip = check(sp.Rational(44, 25) + sp.sin(gamma) + sp.sin(2 * gamma))
    assert dip.verdict == "refuted"
    at = sp.sympify(dip.evidence["witness"]["gamma"])
    assert (sp.Rational(44, 25) + sp.sin(at) + sp.sin(2 * at)).evalf(30) < 0
    assert check(1 + sp.sin(gamma)).verdict == "refuted"  # m = 0 at 3π/2: no C > 0
    assert check(sp.Rational(11, 5) + sp.sin(gamma) + sp.sin(2 * gamma)).verdict == "verified"


def test_step1_infinite_model_refuses_a_right_side_it_does_not_read():
    """EM-8: a right side with a log factor or a sum had raised a TypeError."""
    from theorycheck_proofs.symbols import eps_p, log_d, q

    gamma_sq = sp.Symbol("d", positive=True) ** (-eps_p / (2 * (q + 1)))
    for rhs in (1000 * gamma_sq * log_d, 1000 * gamma_sq * (1 + 1 / sp.Symbol("d", positive=True))):
        with pytest.raises(InputError, match="reads right sides"):
            CS.check_step1_statement(CS.STEP1_STATEMENT.perturb(rhs=rhs))
