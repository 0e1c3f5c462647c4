"""Referee EJ's findings (verified claims of Part 1 and Part 2's Fourier and Theorem 6 families), each fed back as a
statement the checker must decide right."""

from __future__ import annotations

import sympy as sp

from theorycheck_proofs import part2_fourier_steps as FS
from theorycheck_proofs.symbols import gamma


def test_step1_constant_reads_the_right_side_between_the_ends():
    """EJ-2: S_f·E_γ ≲ m(γ)·E_γ had been decided from the limits γ → 0 and γ → ∞ alone: m = −1 and m = (γ − 1)²
    (0 at γ = 1, where S_f·E_1 > 0) were verified."""
    def verdict(m):
        return FS.check_step1_constant(FS.step1_constant_statement(m)).verdict

    assert verdict(sp.Integer(1)) == "verified" and verdict(gamma + 1) == "verified"
    assert verdict(sp.Integer(-1)) == "refuted"
    v = FS.check_step1_constant(FS.step1_constant_statement((gamma - 1) ** 2))
    assert v.verdict == "refuted" and v.evidence["witness"]["gamma"] == "1"
    assert verdict(gamma / (1 + gamma)) == "refuted"  # unbounded as γ → 0
    assert verdict((gamma - 1) ** 2 + 1) == "verified"


def test_size_reading_records_theorem_1s_absolute_c():
    """EJ-1: Theorem 1 states its probability 1 − e^{−c log² d} with c absolute; the p-term's rate −ε_b²/32 → 0 as
    ε_b → 0 (admissible), so no absolute c serves the whole region: a reading that holds on part only. A term whose
    rate is a fixed negative number holds under it."""
    from theorycheck_proofs import part1_setting as M
    from theorycheck_proofs import symbols as S

    v = M.check_union_sizes()
    assert v.verdict == "verified"
    assert v.regime["readings"][M.ABSOLUTE_C_READING].startswith("part:")
    fixed = M.UNION_SIZES.perturb(lhs=S.n * sp.erfc(S.log_d / sp.sqrt(2)))
    assert M.check_union_sizes(fixed).regime["readings"][M.ABSOLUTE_C_READING].startswith("all:")


def test_sech_bound_with_a_hair_off_exponent_returns():
    """EJ-3: sech x ≤ 2e^{−k|x|} with k = 1 ± 10⁻¹⁰ had run for minutes with gigabytes in SymPy's factor (u^k with a
    huge denominator); now the exact sign procedure declines it, and the certified grid refutes k > 1 at x = 40."""
    from theorycheck_proofs import part2_fourier_transforms as FT
    from theorycheck_proofs.symbols import x

    def verdict(k):
        return FT.check_sech_bound(FT.SECH_BOUND.perturb(rhs=2 * sp.exp(-k * sp.Abs(x)))).verdict

    assert verdict(1 + sp.Rational(1, 10**10)) == "refuted"
    assert verdict(1 - sp.Rational(1, 10**10)) == "inconclusive"
    assert verdict(sp.Integer(1)) == "verified"


def test_a_fourier_link_with_a_removable_singularity_at_a_point_does_not_crash():
    """EJ-4: 2π²t·csch(π²t), the closed form of (sech²)^, is undefined at t = 0 as written (= 2 by continuity): the
    link is evaluated there by its limit, and the paper's 4π²t·csch(π²t) is refuted at t = 0 (4 against 2)."""
    from theorycheck_proofs.symbols import t

    closed = FS.check_product_convolution(FS.PRODUCT_CONVOLUTION.perturb(rhs=2 * sp.pi**2 * t * sp.csch(sp.pi**2 * t)))
    assert closed.verdict in ("verified", "inconclusive")
    wrong = FS.check_product_convolution(FS.PRODUCT_CONVOLUTION.perturb(rhs=4 * sp.pi**2 * t * sp.csch(sp.pi**2 * t)))
    assert wrong.verdict == "refuted"


def test_log_slack_decides_the_constant_when_the_log_powers_agree():
    """EJ-5: A < (1 + 10⁻¹⁰)A had been refuted (same log power, no witness); it holds for every d."""
    from theorycheck.registry import load
    from theorycheck_proofs import part2_rank1_steps as RS

    slack = {c.id: c for c in load().claims}["sens.log-slack"].check.args[0]
    assert RS.check_log_slack(slack).verdict == "verified"
    assert RS.check_log_slack(slack.perturb(rhs=slack.lhs * (1 + sp.Rational(1, 10**10)))).verdict == "verified"
    assert RS.check_log_slack(slack.perturb(rhs=slack.lhs * (1 - sp.Rational(1, 10**10)))).verdict == "refuted"


def test_classical_gaussian_searches_the_edge_beyond_the_corner():
    """EJ-6: for ε up to 5 the supremum of δ(ε)/δ leaves the corner δ → 1 (1.2105 at ε → 5, δ ≈ 0.64, the
    referee's 40-digit curve); the edge search finds it. At the theorem's own ε < 1 the corner is the worst point."""
    from theorycheck_proofs import privacy as PC

    v = PC.check_classical_gaussian(eps_upper=5.0)
    assert v.verdict == "refuted" and 1.20 < float(v.evidence["witness"]["ratio"]) < 1.22
    assert PC.check_classical_gaussian(eps_upper=1.0).verdict == "verified"


def test_gradient_lines_take_a_multiple_of_a_gradient():
    """The scale probe (stop 55): ∇_a L = (1 + 10⁻¹²)∇ℓ_i had crashed (a KeyError on a Mul side)."""
    from theorycheck_proofs import part1_setting as M

    scaled = M.GRADIENT_LITERAL.perturb(rhs=M.GRADIENT_LITERAL.rhs * (1 + sp.Rational(1, 10**12)))
    assert M.check_gradient_lines(scaled).verdict == "refuted"
    mean = M.GRADIENT_MEAN
    assert M.check_gradient_lines(mean.perturb(lhs=2 * mean.lhs, rhs=2 * mean.rhs)).verdict == "verified"
