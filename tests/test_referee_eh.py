"""Referee EH's findings on this round's changes, each fed back as a statement the checker must decide right."""

from __future__ import annotations

import inspect

import pytest
import sympy as sp

from theorycheck.errors import InputError
from theorycheck.registry import load
from theorycheck.statement import Rel
from theorycheck_proofs import part1_setting as M
from theorycheck_proofs import part2_certificate as PC
from theorycheck_proofs import part2_first_layer as P
from theorycheck_proofs import part2_rank1_steps as RS
from theorycheck_proofs import part2_theorem6 as T
from theorycheck_proofs import part3_steps as S3
from theorycheck_proofs import repaired as RP


def test_a_tiny_first_hermite_coefficient_is_refuted_not_an_overflow():
    """EH-14: α*_1 = 10⁻²⁰⁰ put the d from which the lower bound bites beyond floating point (an OverflowError)."""
    v = P.check_sigma2_order(-0.6, 1.0, ("0", "1e-200", "1"))
    assert v.verdict == "refuted" and str(v.evidence["lower_from_d"]).startswith("2^")


def test_projection_law_guards_the_claims_own_statement():
    """EH-15: only `law` had been guarded; "= log d/√d" and "≍ log d/√d" of the claim's statement were verified."""
    check = {c.id: c for c in load().claims}["stein.projection-law"].check
    bound = inspect.signature(check.func).bind_partial(*check.args, **check.keywords)
    bound.apply_defaults()
    statement = bound.arguments["statement"]
    for rel in (Rel.EQ, Rel.ASYMP, Rel.LITTLE_O):
        with pytest.raises(InputError, match="for ≲_P only"):
            check.func(**{**bound.arguments, "statement": statement.perturb(rel=rel)})
    assert check().verdict == "verified"


def test_exact_measured_checkers_read_their_relation():
    """EH-17, EH-18: ‖z_k‖/Σ ≳ 1 is true (≥ √p/2 w.p. → 1) and had been refuted by the upper bound's argument;
    ≍ 1 is false; max‖φ_j‖'s upper-bound proof cannot decide ≳ or ≍, so they are refused."""
    quantity, order, _, _ = S3.MEASURED_ORDERS["noise.measured-z-norm"]
    z_norm = S3.EXACT_CHECKERS["noise.measured-z-norm"][0]
    assert z_norm(quantity, order, "gtrsim").verdict == "verified"
    assert z_norm(quantity, order, "asymp").verdict == "refuted"
    assert z_norm(quantity, sp.sqrt(S3.p) * S3.L, "gtrsim").verdict == "refuted"  # √p log d is above ‖z_k‖/Σ
    quantity, order, _, _ = S3.MEASURED_ORDERS["ridge.measured-phi-norm"]
    for relation in ("gtrsim", "asymp", "ll"):
        with pytest.raises(InputError, match="decides its statement for ≲ only"):
            S3.EXACT_CHECKERS["ridge.measured-phi-norm"][0](quantity, order, relation)


def test_equal_sides_of_a_non_strict_relation_hold():
    """EH-19: X ≤ X had been refuted by checks that decide a strict gap (the union bound, the repaired contraction);
    sens.log-slack decides ≤ and < as written, for d large (referee EJ, EJ-5): X ≤ X holds, X < X fails."""
    union = M.UNION_BOUND
    assert M.check_probability(union.perturb(rhs=union.lhs)).verdict == "verified"
    assert M.check_probability(union.perturb(rhs=union.lhs / 2)).verdict == "refuted"
    assert RP.check_contraction(RP.CONTRACTION.perturb(rhs=RP.CONTRACTION.lhs)).verdict == "verified"
    slack = {c.id: c for c in load().claims}["sens.log-slack"].check.args[0]
    assert RS.check_log_slack(slack.perturb(rel="<=", rhs=slack.lhs)).verdict == "verified"
    assert RS.check_log_slack(slack.perturb(rhs=slack.lhs)).verdict == "refuted"
    with pytest.raises(InputError, match="for <, ≤ only"):
        RS.check_log_slack(slack.perturb(rel="=", rhs=slack.lhs))


def test_gaussian_monomial_max_exact_gap_refutes():
    """EH-20: a right side off by the exact factor 1 + 10⁻⁶⁰ had been "equal at the 20 points tried", inconclusive."""
    claimed = PC.GAUSSIAN_MONOMIAL_MAX
    v = PC.check_gaussian_monomial_max(claimed.perturb(rhs=claimed.rhs * (1 + sp.Rational(1, 10**60))))
    assert v.verdict == "refuted" and "exactly" in v.detail


def test_gaussian_window_cover_needs_increasing_sides():
    """EH-16: the cover's interval bounds assume increasing sides; 2γ + 1/γ decreases on (0, 1/√2): not run there
    (the exact step still verifies the chain); for the paper's chain it runs and certifies."""
    g = T.gamma
    v = T.check_gaussian_window(T.GAUSSIAN_WINDOW.replace_link(2, rhs=2 * g + 1 / g), gammas=("0.5",))
    assert v.verdict == "verified" and v.evidence["certified_cover"] is None
    assert T.check_gaussian_window(gammas=("0.5",)).evidence["certified_cover"] is True


def test_identities_compared_exactly():
    """EH-21: a right side × (1 + 10⁻¹⁰) had been verified — int() truncated the Hermite coefficients, nsimplify
    rounded the projection's variance."""
    from theorycheck_proofs import part2_construction_steps as CS

    tiny = 1 + sp.Rational(1, 10**10)
    assert M.check_hermite_definitions(M.HE_DEFINITION.perturb(rhs=M.HE_DEFINITION.rhs * tiny)).verdict == "refuted"
    assert M.check_hermite_definitions(h=M.H_DEFINITION.perturb(rhs=M.H_DEFINITION.rhs * tiny)).verdict == "refuted"
    assert CS.check_projection(CS.PROJECTION.perturb(rhs=CS.PROJECTION.rhs * tiny)).verdict == "refuted"
    assert CS.check_projection(CS.PROJECTION.perturb(rhs=sp.Float("1.0000000001"))).verdict == "refuted"
    assert M.check_hermite_definitions().verdict == CS.check_projection().verdict == "verified"


def test_step1_residual_bounded_in_time(monkeypatch):
    """EH-22: a right side × (1 + 10⁻¹⁰) ran SymPy's simplify of the pointwise difference for minutes; it is bounded
    (here 2 s) and the quadratures decide what they can (a 10⁻¹⁰ discrepancy is below their failure threshold:
    undecided, not verified)."""
    import time

    from theorycheck_proofs import part2_fourier_steps as F

    monkeypatch.setattr(F, "SIMPLIFY_SECONDS", 2.0)
    started = time.monotonic()
    v = F.check_residual(F.RESIDUAL.perturb(rhs=F.RESIDUAL.rhs * (1 + sp.Rational(1, 10**10))))
    assert v.verdict != "verified" and time.monotonic() - started < 60


@pytest.mark.slow
def test_step4_conclusion_little_o_is_decided_not_a_crash():
    """relation_probe.py at the stop's end: "= o" in place of cert.step4-conclusion's ≲ fails along the origin's
    direction (the ratio stays constant), whose unit scaling had divided by zero (TypeError: invalid input: nan)."""
    from theorycheck_proofs import part2_fourier_steps as F

    check = {c.id: c for c in load().claims}["cert.step4-conclusion"].check
    fn = getattr(check, "func", check)
    bound = inspect.signature(fn).bind_partial(*getattr(check, "args", ()), **getattr(check, "keywords", {}))
    bound.apply_defaults()
    name = next(k for k, v in bound.arguments.items() if hasattr(v, "rel"))
    v = fn(**{**bound.arguments, name: bound.arguments[name].perturb(rel=Rel.LITTLE_O)})
    assert v.verdict == "refuted" and F.check_step4_conclusion is fn
