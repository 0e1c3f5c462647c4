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

    assert verdict(2 + sp.sin(gamma) + sp.sin(2 * gamma)) != "refuted"
    assert verdict(sp.exp(gamma) - 2) == "refuted"
    assert verdict(sp.sin(gamma) + sp.Rational(1, 2)) == "refuted"
    assert verdict(sp.Integer(1)) == "verified"


def test_step1_infinite_model_refuses_a_right_side_it_does_not_read():
    """EM-8: a right side with a log factor or a sum had raised a TypeError."""
    from theorycheck_proofs.symbols import eps_p, log_d, q

    gamma_sq = sp.Symbol("d", positive=True) ** (-eps_p / (2 * (q + 1)))
    for rhs in (1000 * gamma_sq * log_d, 1000 * gamma_sq * (1 + 1 / sp.Symbol("d", positive=True))):
        with pytest.raises(InputError, match="reads right sides"):
            CS.check_step1_statement(CS.STEP1_STATEMENT.perturb(rhs=rhs))
