"""Referee EL's findings (this stop's engine mends re-checked), each fed back as a statement the checker must decide
right."""

from __future__ import annotations

import dataclasses

import pytest
import sympy as sp

from theorycheck.asymptotics import Region, compare, decide
from theorycheck.errors import InputError
from theorycheck.statement import Statement
from theorycheck_proofs import symbols as S
from theorycheck_proofs.part3_common import Step, check_step
from theorycheck_proofs.regime import ADMISSIBLE


def _decide(lhs, rel, rhs):
    return decide(Statement(lhs, rel, rhs), ADMISSIBLE, d=S.d, rewrite=S.in_powers_of_d).verdict


def test_literal_relations_between_equal_and_odd_constants():
    """EL-1: 0 < 0 had been verified (0/0 is no constant ratio, ≪ held vacuously); EL-2: a ratio exactly 1 SymPy cannot
    prove had raised a TypeError; EL-3: 1 ≤ log d·log δ (false for δ < 1) had been verified; EL-4: a Float is its
    binary value (0.1·d ≤ d/10 is false read so)."""
    assert _decide(sp.Integer(0), "<", sp.Integer(0)) == "refuted"
    assert _decide(sp.Integer(0), "<=", sp.Integer(0)) == "verified"
    tricky = -8 * sp.cos(sp.pi / 7) * sp.cos(2 * sp.pi / 7) * sp.cos(4 * sp.pi / 7)  # = 1 exactly
    assert _decide(tricky * S.d, "<", S.d) in ("refuted", "inconclusive")
    with pytest.raises(InputError):
        _decide(sp.Integer(1), "<=", S.log_d * sp.log(S.delta))
    a = sp.Symbol("a", positive=True)
    unit = Region("0<a<1", (a,), (a > 0, a < 1))
    assert compare(sp.Float(0.1) * S.d, "<=", S.d / 10, unit, d=S.d).holds_on == "none"
    assert compare(S.d / 10, "<", sp.Float(0.1) * S.d, unit, d=S.d).holds_on == "all"


def test_identity_steps_trust_force_only_where_the_points_agree():
    """EL-5: sqrt(log δ·log(δ/2)) = sqrt(log δ)·sqrt(log(δ/2)) (false for δ < 1) and √(xy) = √x√y, √(xy) ≤ √x√y for
    real x, y had been verified by a ratio force=True made 1; EL-6: log δ ≤ 0 (true for δ ∈ (0, 1)) had been refuted
    at δ = 3; EL-13: the true ≥ form of (3, D19, 5) had been refuted at a point outside the region."""
    x, y = sp.symbols("x y", real=True)

    def holds(lhs, rel, rhs):
        return check_step(Step((3, "X", 1), Statement(lhs, rel, rhs), "identity"))["holds"]

    assert holds(sp.sqrt(sp.log(S.delta) * sp.log(S.delta / 2)), "=",
                 sp.sqrt(sp.log(S.delta)) * sp.sqrt(sp.log(S.delta / 2))) is False
    assert holds(sp.sqrt(x * y), "=", sp.sqrt(x) * sp.sqrt(y)) is False
    assert holds(sp.sqrt(x * y), "<=", sp.sqrt(x) * sp.sqrt(y)) is False
    assert holds(sp.log(S.delta), "<=", sp.Integer(0)) is not False
    in_logs = sp.exp(S.eps_n * sp.log(S.d) + (S.q + 1) * sp.log(sp.log(S.d)))
    assert holds(in_logs, "=", S.d**S.eps_n * S.log_d ** (S.q + 1)) is True


def test_the_true_ge_form_of_a_failing_identity_is_not_refuted():
    from theorycheck.registry import load

    for claim in load().claims:
        for arg in getattr(claim.check, "args", ()):
            for step in arg if isinstance(arg, tuple) else ():
                if isinstance(step, Step) and tuple(step.key) == (3, "D19", 5):
                    flipped = dataclasses.replace(step, statement=step.statement.perturb(rel=">="))
                    assert check_step(flipped)["holds"] is not False
                    assert check_step(step)["holds"] is False  # the "=" itself fails
                    return
    raise AssertionError("(3, D19, 5) not found")


def test_measured_relations_refuse_what_they_cannot_decide():
    """EL-8: "≪" had been decided as ≲ (‖φ_j‖ ≪ √p verified); EL-9: None, 5 had been read as ≲; EL-10: check_labels
    with O, ≲_P had been refused by check_measured after passing its own guard."""
    from theorycheck_proofs import part3_steps as P

    for relation in ("ll", "≪", None, 5):
        with pytest.raises(InputError):
            P.check_measured("max_norm_phi_j", sp.sqrt(S.p), relation)
    quantity, order, _, _ = P.MEASURED_ORDERS["ridge.measured-labels"]
    for relation in ("O", "≲_P"):
        assert P.check_labels(quantity, order, relation).verdict in ("verified", "inconclusive", "refuted")


def test_a_strict_inequality_step_is_not_refuted_on_rounding():
    """EL-18: d^{ε_n}·log(1 + d^{−50}) > 0 (true for every d > 1) had been refuted with rhs − lhs = 0.0 at 40 digits;
    0 < 0 (exactly 0 at every point) is refuted."""
    positive = Statement(S.d**S.eps_n * sp.log(1 + S.d**-50), ">", sp.Integer(0))
    assert check_step(Step((3, "X", 1), positive, "inequality"))["holds"] is not False
    assert check_step(Step((3, "X", 1), Statement(S.d - S.d, "<", sp.Integer(0)), "inequality"))["holds"] is False


def test_fourier_identities_refuse_an_order_relation():
    """EL-15: ∫sech·sech < 4t·csch(π²t) (true: the integral is 2t·csch(π²t)) had been refuted with the "=" witness."""
    from theorycheck_proofs import part2_fourier_transforms as FT

    with pytest.raises(InputError, match="decides its statement for = only"):
        FT.check_sech_convolution(FT.SECH_CONVOLUTION.perturb(rel="<"))
