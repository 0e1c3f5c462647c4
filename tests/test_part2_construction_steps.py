"""Part 2 §3.4 relation by relation (proofs.part2_construction_steps): every claim's checker rejects a perturbed
statement (constant, exponent, sign, missing factor, dropped term); regime-wide claims also reject a perturbation
wrong only in the corner ε_p > 4ε_n of the admissible region, with the witness in that corner. Measured claims are
fed statements the measurement must accept (the measured order Θ(1)) and ones it must reject."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as hs

from theorycheck.errors import InputError
from theorycheck.statement import Rel, Statement
from theorycheck_proofs import part2_construction_steps as m
from theorycheck_proofs.symbols import d, eps_b, eps_n, eps_p, log_d, nu, p, pi_p, q

CORNER = d ** (8 * (eps_n - eps_p / 4))  # < 1 only where ε_p > 4ε_n


def _in_corner(v) -> bool:
    w = {k: Fraction(x) for k, x in v.evidence["witness"]["point"].items() if k != "q"}
    return 4 * w["eps_n"] < w["eps_p"]


def test_step1_regime(registered_verdict):
    v = registered_verdict(m.check_step1_regime)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    assert m.check_step1_regime(m.STEP1_RATE.perturb(rhs=2 * d ** (-3 * m.U))).verdict == "refuted"  # exponent
    corner = m.check_step1_regime(m.STEP1_RATE.perturb(rhs=m.STEP1_RATE.rhs * d ** (-m.U) * CORNER**4))
    assert corner.verdict == "refuted" and corner.regime["holds_on"] == "part" and _in_corner(corner)
    # the left side is E's order γ² (exact series, m4 > 0): γ³ is refuted though γ³ ≲ 2d^{−U} (referee AM)
    v = m.check_step1_regime(m.STEP1_RATE.perturb(lhs=d ** (-3 * m.U)))
    assert v.verdict == "refuted" and "not the left side" in v.detail


def test_projection(registered_verdict):
    assert registered_verdict(m.check_projection).verdict == "verified"
    assert m.check_projection(mu_norm_sq=2).verdict == "refuted"  # a non-unit μ
    assert m.check_projection(m.PROJECTION.perturb(rhs=sp.Rational(1, 2))).verdict == "refuted"  # wrong constant


@pytest.mark.slow
def test_index_set(registered_verdict):
    v = registered_verdict(m.check_index_set)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    assert all(abs(x["fit"]["exponent"]) < 0.05 for x in v.evidence["measurements"].values())
    bad = m.check_index_set(m.INDEX_SET.perturb(rhs=sp.Rational(9, 10)))  # c_b above P(|b| ≤ C_b) = 0.683
    assert bad.verdict == "refuted" and bad.evidence["witness"]
    # ≥_P's level: the Chernoff exponent ≳ log² d (referee CH, CH-3), which p = log d would fail
    assert v.evidence["chernoff"]["exponent_diverges"] == "verified" and "log^2 d" in v.evidence["chernoff"]["bound"]
    assert m.check_asymptotic(Statement(log_d**2, Rel.LESSSIM, log_d), corner_ratios=False).verdict == "refuted"
    # the statement is the C_b = 1 instance; at other fixed C_b the share |I|/p sits at P(|b| ≤ C_b) (referee CW, CW-1)
    for c_b, row in v.evidence["other_C_b"].items():
        assert row["c_b = P/2"] < row["P(|b|<=C_b)"] and abs(row["|I|/p"] - row["P(|b|<=C_b)"]) < 0.01, c_b
    assert "every fixed C_b" in v.detail


def test_sup_links_check_the_bracket_at_other_c_b(monkeypatch):
    """CW-1: S = sup_{|b|≤C_b}|a| is bracketed at C_b = 0.2 and 3 too; a proved upper end too small at one of them is
    a problem, not a verdict."""
    from theorycheck_proofs import part2_certificate_steps as steps

    ok, ev = steps._sup_links("x^3", steps.EPS_P / 8, ("0.5", "0.01"))
    assert ok is True and set(ev["other_C_b"]) == set(steps.OTHER_C_B)
    real = steps.proved_truncated_sup
    monkeypatch.setattr(steps, "proved_truncated_sup", lambda t, g, C=steps.C_B: real(t, g, C) / (1 if C == 1 else 2))
    ok, ev = steps._sup_links("x^3", steps.EPS_P / 8, ("0.5", "0.01"))
    assert ok is None and "C_b = 0.2" in ev["problem"]


def test_finite_model(registered_verdict):
    assert registered_verdict(m.check_finite_model).verdict == "verified"
    assert m.check_finite_model(weight_normalisation="p").verdict == "refuted"  # wrong normalisation
    doubled = m.FINITE_MODEL.perturb(rhs=2 * m.FINITE_MODEL.rhs)  # a wrong constant in the statement itself
    v = m.check_finite_model(statement=doubled)
    assert v.verdict == "refuted" and v.evidence["max_difference"] > 0.1
    shifted = m.FINITE_MODEL.perturb(rhs=m.FINITE_MODEL.rhs.replace(m._SIGMA, lambda u: m._SIGMA(u + 1)))
    assert m.check_finite_model(statement=shifted).verdict == "refuted"  # σ(⟨μ, x⟩ + b_i + 1): a wrong argument


def test_bounded_difference():
    v = m.check_bounded_difference(swaps=12)
    assert v.verdict == "verified"
    assert m.check_bounded_difference(factor=0.5, swaps=12).verdict == "refuted"  # constant too small
    # the statement itself (referee AM: it had not been read): each link decided from the chain's sides
    from theorycheck_proofs.symbols import c_b

    chain = m.BOUNDED_DIFFERENCE
    for wrong in (chain.replace_link(0, rhs=2 / m._SIZE_I**2 * d ** (eps_p / 8)),  # 1/|I|² is below the 1/|I| move
                  chain.replace_link(0, rhs=2 / m._SIZE_I * d ** (-eps_p / 8)),  # S = Θ(1) is not ≲ d^{−ε_p/8}
                  chain.replace_link(1, rhs=2 / p * d ** (eps_p / 8)),  # 1/|I| ≤ 1/p is false: c_b dropped
                  chain.replace_link(2, rhs=1 / (c_b * p**2) * d ** (eps_p / 8))):  # a wrong power of p
        assert m.check_bounded_difference(swaps=4, chain=wrong).verdict == "refuted", wrong.latex()
    weaker = chain.replace_link(1, rhs=2 / (c_b**2 * p) * d ** (eps_p / 8))  # true (c_b < 1), and ≍ the next: c_b fixed
    assert m.check_bounded_difference(swaps=4, chain=weaker).verdict == "verified"


@pytest.mark.slow
def test_symmetrization():
    paper = m.check_symmetrization(p_value=20000, draws=12)
    assert paper.verdict == "refuted" and paper.evidence["witness"]
    assert m.check_symmetrization(centering="conditional", p_value=20000, draws=12).verdict == "verified"
    # the reading under which line 3 is the textbook lemma is reported (referee DA, M2): the law of the summands
    readings = paper.regime["readings"]
    assert readings["E_b the law of the summands b_i, i ∈ I (E[g | |b| ≤ C_b])"].startswith("all")
    assert readings["E_b the N(0, 1) integral over |b| ≤ C_b (as printed)"].startswith("none")
    # perturbed: with a constant far below the lemma's 2 that reading is no longer proved
    small = m.check_symmetrization(p_value=20000, draws=12, claimed_constant=0.01)
    assert not small.regime["readings"]["E_b the law of the summands b_i, i ∈ I (E[g | |b| ≤ C_b])"].startswith(
        "all")
    # Ê_b read as the average over all p neurons (g holding the indicator; a re-check of 2026-12-02): its mean is the
    # printed centring, and the printed right side bounds the lemma's; with the constant 0.01 it is not shown
    (over_p,) = [r for r in readings if r.startswith("Ê_b the average over all p neurons")]
    assert readings[over_p].startswith("all") and paper.evidence["one_over_p_reading"]["holds_at_the_instance"]
    assert small.regime["readings"][over_p].startswith("none")


@pytest.mark.slow
def test_measured_step2_orders(registered_verdict):
    for check, st in (
        (m.check_expected_sup_bound, m.EF_BOUND),
        (m.check_F_rate, m.F_RATE),
        (m.check_F_squared, m.F_SQUARED),
        (m.check_bulk_rate, m.BULK_RATE),
    ):
        v = registered_verdict(check)
        assert v.verdict == "refuted" and v.regime["holds_on"] == "none" and v.evidence["witness"]
        o1 = check(st.perturb(rhs=sp.Integer(1)))
        if check is m.check_bulk_rate:  # the bulk error's measured order Θ(1) is accepted by the same measurement
            assert o1.verdict != "refuted"
        else:  # F ≍ log^q d over H_{log d} (referee CM, F2): an O(1) bound is refuted
            assert o1.verdict == "refuted" and o1.evidence["witness"]
    for check in (m.check_expected_sup_bound, m.check_F_rate, m.check_F_squared):  # F^k ≍ log^{kq} d, verified
        v = registered_verdict(check)
        assert v.corrected and v.evidence["corrected_check"]["verdict"] == "verified"


def test_bulk_vs_F(registered_verdict):
    assert registered_verdict(m.check_bulk_vs_F).verdict == "verified"
    assert m.check_bulk_vs_F(slack=1e-3).verdict == "refuted"  # a missing factor
    # a constant 1/4 is refuted by the seed scan (referee AB: one seed per instance let it pass; seed 26 reaches
    # 0.479), and one below 1 that no instance reaches is undecided, not verified: the argument gives only 1
    quarter = m.check_bulk_vs_F(slack=0.25)
    assert quarter.verdict == "refuted" and quarter.evidence["witness"]["ratio"] > 0.25
    assert m.check_bulk_vs_F(slack=0.5).verdict == "inconclusive"
    assert m.check_bulk_vs_F().evidence["largest_ratio"]["ratio"] > 0.45


@pytest.mark.slow
def test_tail_polynomial(registered_verdict):
    assert registered_verdict(m.check_tail_polynomial_bound).verdict == "verified"
    assert m.check_tail_polynomial_bound(claimed_power=2).verdict == "refuted"  # z^{2(q−1)} for a cubic
    # referee AX F1: the constant (Σ|c|)² grows with σ_*; at z^{2q} the ratio → c_q² > 0 (no absolute C), at a
    # higher power it → 0 (C = 1 from some d on)
    from theorycheck_proofs.regime import CONSTANT_ABSOLUTE

    tight = registered_verdict(m.check_tail_polynomial_bound).regime["readings"][CONSTANT_ABSOLUTE]
    assert tight.startswith("none: ") and "→ 1 = c_q²" in tight
    assert m.check_tail_polynomial_bound(claimed_power=4).regime["readings"][CONSTANT_ABSOLUTE].startswith("all: ")


def test_tail_critical_points(registered_verdict):
    v = registered_verdict(m.check_tail_critical_points)
    assert v.verdict == "refuted" and v.evidence["witness"]["q"] == 1  # z = 0 is no critical point for q = 1
    assert m.check_tail_critical_points(claimed_points=(q / (2 * m.gamma),)).verdict == "verified"
    # both readings are recorded (referee AC): as a necessary condition it holds for every q; a wrong point fails it
    assert v.evidence["readings"]["necessary (f'(z) = 0 for z > 0 only at a named z; what the maximisation uses)"]\
        .startswith("holds")
    off = m.check_tail_critical_points(claimed_points=(0, q / m.gamma))
    assert off.verdict == "refuted" and "fails too" in off.detail
    # the readings are in the regime too (referee AY), so the refuted verdict counts as holding under another reading
    from theorycheck.claims import readings_holding

    assert readings_holding(v) == ("necessary (f'(z) = 0 for z > 0 only at a named z; what the maximisation uses)",)
    assert readings_holding(off) == ()
    wrong = m.TAIL_DERIVATIVE.perturb(rhs=(q * m.ZZ ** (q - 1) - m.gamma * m.ZZ**q) * sp.exp(-2 * m.gamma * m.ZZ))
    assert m.check_tail_critical_points(wrong, claimed_points=(q / (2 * m.gamma),)).verdict == "refuted"
    # a point right at every checked degree (q ≤ 128) but wrong from q = 129 on is not verified (referee AO)
    late = q / (2 * m.gamma) * (1 + sp.floor(q / 129) / 10**6)
    assert m.check_tail_critical_points(claimed_points=(late,)).verdict == "inconclusive"


def test_tail_finf(registered_verdict):
    assert registered_verdict(m.check_tail_finf).verdict == "verified"
    assert m.check_tail_finf(constant=1e-6).verdict == "refuted"  # wrong constant
    # with its constant hidden it holds at every γ ∈ (0, 1], q and d (referee AB), an explicit one only where checked
    assert registered_verdict(m.check_tail_finf).regime["holds_on"] == "all"
    explicit = m.check_tail_finf(constant=1.0)
    assert explicit.regime is None and explicit.verdict == "inconclusive"  # points only (referee EI, EI-13)
    # C = 0.01 holds at the default γ but fails at γ = 0.9, ε_p = 0.2 (log d = 8.43)
    assert m.check_tail_finf(constant=0.01).verdict == "inconclusive"
    assert m.check_tail_finf(constant=0.01, gammas=("0.9", "0.99"), eps_p_value=0.2).verdict == "refuted"
    # AT F3: the hidden constant (Σ|c|)²K grows with σ_*; Part 1 §2.5's absolute C holds because the ratio carries
    # erfc(log d/√2)e^{log²d/2} → 0 (SymPy), so C = 1 from some d on
    from theorycheck_proofs.regime import CONSTANT_ABSOLUTE

    general = registered_verdict(m.check_tail_finf)
    assert general.evidence["general"]["ratio_factor_limit"] == "0"
    assert general.regime["readings"][CONSTANT_ABSOLUTE].startswith("all: ")


def test_tail_finf_figures_are_accurate_to_the_stated_tolerance(registered_verdict):
    """Stop 56's referee: E_tail (unscaled quadrature of a 10^{−406} integrand) was 3.5·10^{−4} off and sup f_γ² (a grid
    maximum) 6·10^{−4} below its value, under a stated relative tolerance 10^{−20}. For f = x³: sup (x³e^{−γx²})² =
    (3/(2γ))³e^{−3}, and the tail is 2∫_L^∞ z⁶e^{−(2γ+1/2)z²}dz/√(2π) (here by mpmath's incomplete gamma)."""
    v = registered_verdict(m.check_tail_finf)
    with mpmath.workdps(40):
        for row in v.evidence["rows"]:
            g = mpmath.mpf(row["gamma"])
            L, a = 16 * mpmath.log(1 / g), 2 * g + mpmath.mpf(1) / 2
            exact_sup = (3 / (2 * g)) ** 3 * mpmath.exp(-3)
            exact_tail = mpmath.gammainc(mpmath.mpf(7) / 2, a * L**2) / a ** (mpmath.mpf(7) / 2) / mpmath.sqrt(
                2 * mpmath.pi)
            assert abs(mpmath.mpf(row["sup_f^2"]) / exact_sup - 1) < mpmath.mpf(10) ** -9  # 10 digits printed
            assert abs(mpmath.mpf(row["E_tail"]) / exact_tail - 1) < mpmath.mpf(10) ** -9
    assert float(v.evidence["achieved_error"].split()[1]) < 1e-20


@pytest.mark.parametrize("start", [5, 40, 120])
def test_tail_integral_of_a_gaussian_matches_erfc(start):
    """theorycheck.numerics.tail_integral against ∫_L^∞ e^{−z²/2} = √(π/2) erfc(L/√2), at 30 digits, where the
    integral is 10^{−6} to 10^{−3130}; mpmath.quad on the same function unscaled misses by far more at L = 40."""
    from theorycheck.numerics import tail_integral

    with mpmath.workdps(30):
        f = lambda z: mpmath.exp(-z * z / 2)  # noqa: E731
        exact = mpmath.sqrt(mpmath.pi / 2) * mpmath.erfc(start / mpmath.sqrt(2))
        value, error = tail_integral(f, start, start, mpmath.mpf(start) ** 2 / 2)
        assert abs(value / exact - 1) < mpmath.mpf(10) ** -25 and error < exact * mpmath.mpf(10) ** -20
        if start == 40:
            naive = mpmath.quad(f, [start, start + 2, start + 10, mpmath.inf])
            assert abs(naive / exact - 1) > mpmath.mpf(10) ** -20  # the failure tail_integral avoids


def test_tail_finf_order(registered_verdict):
    v = registered_verdict(m.check_tail_finf_order)
    assert v.verdict == "refuted" and v.regime["holds_on"] == "none" and v.corrected
    right = m.TAIL_FINF_ORDER.perturb(rhs=(q / (2 * sp.sqrt(sp.E))) ** q * d ** (q * eps_p / (4 * (q + 1))))
    assert m.check_tail_finf_order(right).verdict == "verified"


def test_all_in_all_tails(registered_verdict):
    v = registered_verdict(m.check_all_in_all_tails)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    assert m.check_all_in_all_tails(m.ALL_IN_ALL_TAILS.perturb(rhs=d ** (-2 * m.U))).verdict == "refuted"
    corner = m.check_all_in_all_tails(m.ALL_IN_ALL_TAILS.perturb(rhs=d ** (-m.U) * CORNER))
    assert corner.verdict == "refuted" and _in_corner(corner)
    # relation 3 (referee AM): a tail written e^{−log²d} where its premise proves only e^{−log²d/2} does not follow
    line3 = list(m.ALL_IN_ALL_LINE3)
    line3[1] = d ** (eps_p / 4) * sp.exp(-(log_d**2))
    v = m.check_all_in_all_tails(m.ALL_IN_ALL_TAILS.perturb(lhs=sp.Add(*line3)), tuple(line3))
    assert v.verdict == "inconclusive" and "relation 3 does not follow" in v.detail
    with pytest.raises(InputError):  # line 3 that is not the statement's left side
        m.check_all_in_all_tails(m.ALL_IN_ALL_TAILS, tuple(line3))


def test_triangle(registered_verdict):
    assert registered_verdict(m.check_triangle).verdict == "verified"
    assert m.check_triangle(m.TRIANGLE.perturb(rhs=2 * m.TRIANGLE.rhs / 3)).verdict == "refuted"  # constant 2


@pytest.mark.slow
def test_chain_sum(registered_verdict):
    v = registered_verdict(m.check_chain_sum)
    assert v.verdict == "refuted" and v.regime["holds_on"] == "part"
    # the corrected sum is the chain's arithmetic on refuted premises, no corrected statement (referee CN, HIGH-2)
    assert not v.corrected and v.evidence["corrected_check"]["verdict"] == "verified"
    assert v.evidence["corrected_check"]["premises_granted"] == m.CHAIN_PREMISES and "not a corrected" in v.detail
    w = {k: Fraction(x) for k, x in v.evidence["witness"]["point"].items() if k != "q"}
    assert w["r"] < 0 or w["rho"] < -4  # the dropped log^{2q+2} d term wins only where R log^4 d → 0
    assert m.check_chain_sum(m.CHAIN_SUM_CORRECTED).verdict == "verified"
    assert v.evidence["reading_suitable_eps_b"]["holds_on"] == "all"  # a suitable ε_b: the narrower window (referee H)


def test_a_norm(registered_verdict):
    v = registered_verdict(m.check_a_norm)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    assert m.check_a_norm(m.A_NORM.perturb(rhs=d ** (-eps_p / 4) / p)).verdict == "refuted"  # sign of the exponent


@pytest.mark.slow
def test_theorem2_statement(registered_verdict):
    """Refuted for every ā where ε_p < 1 and σ_W²d/p → ∞ (the linear part of f^W lies in col(W_1), which then
    misses μ); elsewhere only the proof's failure is known."""
    v = registered_verdict(m.check_theorem2_statement)
    assert v.verdict == "refuted" and v.regime["holds_on"] == "part"
    w = v.evidence["witness"]
    assert w["eps_p"] < 1 and min(r["risk_lower_bound"] for r in w["rows"]) > 0.5 and w["fit"]["exponent"] > -0.05
    assert v.evidence["conditional_regime"]["holds_on"] == "all"
    # at p = d the span is all of R^d: the bound is 0 there, so that corner is no witness
    control = v.evidence["every_a_lower_bound"]["corners"]["large eps_p"]
    assert max(r["risk_lower_bound"] for r in control["rows"]) < 1e-20 and not m._obstructed(control, m.THM2.rhs)
    # the same chain does establish the weaker rate O_P(1), and the bound (≤ α_1^{*2}) does not contradict it
    assert m.check_theorem2_statement(m.THM2.perturb(rhs=sp.Integer(1))).verdict == "verified"
    # the display's penalty λ‖ā‖² (referee DC, F9): where d^{2ε_n} ≲ σ_W²d every ā leaves the left side ≳ α_1^{*2},
    # π_p ≥ 1 included; measured at π_p = 1 below the penalised risk's minimum, and the undecided rest excludes it
    pen = v.evidence["penalty_obstruction"]
    assert pen["regime"]["conditions_exact"] == ["eps_b - 2*eps_n - nu + 2 >= 0"]
    assert pen["measured"]["point"]["pi_p"] >= 1 and pen["measured"]["bound_below_the_minimum"]
    assert all(r["lower_bound_over_alpha1_sq"] > 0.9 for r in pen["measured"]["rows"])
    assert "outside the penalty obstruction" in v.regime["conditions"][0] and "F9" in v.detail
    # the aligned limit at ε_p = 0.5 is evidence for the undecided sub-region, named in the detail, never a witness
    from theorycheck_proofs.regime import eps_b_middle

    probe = v.evidence["every_a_lower_bound"]["aligned_limit_undecided"]
    assert probe["sigma_W"] == 0 and probe["nu"] > 2 + eps_b_middle(probe["eps_n"], probe["eps_p"])
    assert probe["decides"].startswith("nothing")
    assert all(0 < f < 1 for r in probe["rows"] for f in r["unexplained_fraction"]) and "undecided there" in v.detail
    assert w["eps_p"] != probe["eps_p"] or "sigma_W" not in w


def test_run_point_is_run_corner():
    """A named corner run through run_corner and the same point through run_point are the same run."""
    import numpy as np

    from theorycheck_proofs.part3_common import run_corner, run_point
    from theorycheck_proofs.regime import ALL_CORNERS

    for name in ("small eps_p", "aligned limit"):
        c = ALL_CORNERS[name]
        a, b = run_corner(name, 16, 1), run_point(c["eps_n"], c["eps_p"], c["extra_n"], 16, 1, c.get("sigma_W"))
        assert a["n"] == b["n"] and a["p"] == b["p"] and a["hp_sigma_W"] == b["hp_sigma_W"]
        assert np.array_equal(a["_result"].W1, b["_result"].W1) and np.array_equal(a["_result"].b, b["_result"].b)


def test_every_second_layer_lower_bound_holds_by_monte_carlo():
    """E_x[(f^W − f_*)²] ≥ α_1^{*2}‖P_{col(W)^⊥}μ‖² for random and for least-squares-best second layers."""
    import numpy as np

    rng = np.random.default_rng(5)
    dd, pp, N = 6, 2, 400_000
    mu = rng.standard_normal(dd)
    mu /= np.linalg.norm(mu)
    W, b = rng.standard_normal((dd, pp)), rng.standard_normal(pp)
    X = rng.standard_normal((N, dd))
    z = X @ mu
    f_star = (z**3 - 3 * z) + z  # He_3 + He_1: α_1^* = 1
    feats = np.tanh(X @ W + b)
    Q, _ = np.linalg.qr(W)
    bound = float(1 - (Q.T @ mu) @ (Q.T @ mu))
    best, *_ = np.linalg.lstsq(feats, f_star, rcond=None)
    for a in (best, rng.standard_normal(pp), np.zeros(pp)):
        risk = (feats @ a - f_star) ** 2
        assert risk.mean() - 4 * risk.std() / np.sqrt(N) >= bound
    # the bound is not vacuous here (a fifth of the risk or more), and the best layer does not reach it exactly
    risk_best = float(((feats @ best - f_star) ** 2).mean())
    assert 0.2 < bound < risk_best
    assert m._alpha1(lambda t: t**3 - 3 * t + t) == pytest.approx(1.0, abs=1e-12)


def test_claims_metadata():
    ids = [c.id for c in m.CLAIMS]
    assert len(ids) == len(set(ids))
    assert all(c.relations for c in m.CLAIMS)
    assert sum(c.statement_source == "sympy" for c in m.CLAIMS) >= 0.7 * len(m.CLAIMS)
    assert isinstance(m.THM2, Statement) and m.THM2.rel is Rel.BIG_O_P and m.THM2.rhs == 1 / log_d


@pytest.mark.slow
def test_corrected_chain(registered_verdict):
    v = registered_verdict(m.check_corrected_chain)
    assert v.verdict == "refuted" and v.regime["holds_on"] == "part"
    assert not v.corrected and v.evidence["corrected_check"]["premises_granted"] == m.CHAIN_PREMISES  # CN, HIGH-2
    w = {k: Fraction(x) for k, x in v.evidence["witness"]["point"].items() if k != "q"}
    assert w["r"] < 0 or w["rho"] < -4  # the log^{2q+2} d noise term is what display (2, 68) drops
    assert v.evidence["theorem2_rate_regime"]["holds_on"] == "all"
    assert m.check_corrected_chain(m.CORRECTED_CHAIN_RATE).verdict == "verified"
    assert v.evidence["reading_suitable_eps_b"]["holds_on"] == "all" and "rank1.noisy-alignment" in v.detail


@settings(max_examples=60, deadline=None)
@given(hs.fractions(0, 3), hs.fractions(1, 4), hs.fractions(0, 1))
def test_span_obstruction_and_its_undecided_rest_are_complements(pi, nu_value, eb):
    """SPAN_OBSTRUCTION (π_p < 1 and σ_W²d/p → ∞, read from SPAN_NOISE) holds exactly where the regime records'
    undecided rest (π_p ≥ 1 or ν > 2 + ε_b − π_p) does not; a wrong sign in the exponent breaks it."""
    at = {pi_p: sp.Rational(pi), nu: sp.Rational(nu_value), eps_b: sp.Rational(eb)}
    obstructed = all(bool(c.subs(at)) for c in m.SPAN_OBSTRUCTION)
    rest = at[pi_p] >= 1 or at[nu] > 2 + at[eps_b] - at[pi_p]
    assert obstructed != rest
    assert r"\nu > \varepsilon_b - \pi_{p} + 2" in m.SPAN_NOT_REFUTED
    assert m.SPAN_NOISE_EXPONENT.subs(at) == 2 + at[eps_b] - at[nu] - at[pi_p]


def test_span_lemma_reaches_the_strip_where_the_noise_vanishes_slower_than_the_rate():
    """Referee CN, M3: ‖P_{col(W)^⊥}μ‖² ≥ (1 − o(1)) s/(s + (1 + σ)²), s = σ²d/p, for any unit columns; the lemma
    holds on its instances (aligned columns nearly tight) and a doubled bound is rejected. With it, Theorem 1's rate
    is refuted also at CN's point (ε_n, ε_p = π_p, ε_b, ν, q, r, ρ) = (0.19, 0.8, 0.35, 1.6, 1, 0, 0), where
    σ_W²d/p ≍ d^{−0.05}log⁸d → 0 but the rate ≍ d^{−0.1}: the old record left it undecided."""
    from theorycheck_proofs import part3_steps as P3

    lemma = m.span_noise_lemma()
    assert lemma["holds"] and lemma["finite_d_bound_held_on_every_instance"]
    assert 0.85 < min(lemma["aligned_smallest_s_by_d"]) and max(lemma["aligned_smallest_s_by_d"]) < 1.1
    assert not m.span_noise_lemma(factor=2.0)["holds"] and not m.span_noise_lemma(factor=1.15)["holds"]
    below = P3._below_noise(P3.RATE_THM1)
    assert below["holds_on"] == "part"
    point = {"eps_n": sp.Rational(19, 100), "eps_p": sp.Rational(4, 5), "pi_p": sp.Rational(4, 5),
             "eps_b": sp.Rational(35, 100), "nu": sp.Rational(8, 5), "q": 1, "r": 0, "rho": 0}
    from theorycheck.plots import conditions_hold_at  # reads "a > 0 or (a == 0 and b > 0)" (no sympify)

    assert conditions_hold_at(below["conditions_exact"], {k: float(v) for k, v in point.items()})  # rate ≪ σ_W²d/p
    assert not conditions_hold_at(below["conditions_exact"], {**{k: float(v) for k, v in point.items()}, "nu": 3.0})
    assert m.SPAN_NOISE_EXPONENT.subs({pi_p: point["pi_p"], nu: point["nu"], eps_b: point["eps_b"]}) < 0  # s → 0
    v = P3.check_private_risk_obstruction()
    assert v.verdict == "refuted" and r"o(\sigma_W^2 d/p)" in v.regime["conditions"][0]
    assert "span lemma" in v.detail and v.regime["span_lemma"]["holds"]
    # refuted outside its conditions, undecided inside: "at most", never "holds there" (referee CQ, F2)
    from theorycheck.claims import AT_MOST, conditions_reading

    assert conditions_reading(v.regime) == AT_MOST
    # for Theorem 2's 1/log d the lemma adds nothing (the rate ≪ σ_W²d/p only where σ_W²d/p ↛ 0): no sentence
    assert not m.check_theorem2_statement().regime["span_lemma_extends_the_refuted_part"]


def test_referee_ao_statement_parts_are_read():
    """Referee AO: the relation, the left side, every term of a line and the statement's own weights are read."""
    from theorycheck_proofs.part2_fourier_common import Chain

    f = m.FINITE_MODEL
    with pytest.raises(InputError):  # "<" between equal sides had been verified
        m.check_finite_model(statement=Statement(f.lhs, "<", f.rhs, assumptions=f.assumptions))
    with pytest.raises(InputError):  # a symbol outside display (2, 51)
        m.check_finite_model(statement=f.perturb(rhs=f.rhs + sp.Symbol("x")))
    no_indicator = sp.Eq(m._A_BAR[m._I_INDEX], m._A_FN(m._B_I[m._I_INDEX]) / m._SIZE_I)
    assert m.check_finite_model(statement=Statement(f.lhs, "=", f.rhs, assumptions=(no_indicator,))).verdict \
        == "refuted"  # the statement's own ā_i, without 1_{i∈I}
    # all-in-all-tails: line 3 must keep line 2's bulk
    line3 = list(m.ALL_IN_ALL_LINE3)
    line3[0] = d ** (-2 * m.U)
    v = m.check_all_in_all_tails(m.ALL_IN_ALL_TAILS.perturb(lhs=sp.Add(*line3)), tuple(line3))
    assert v.verdict == "inconclusive" and "bulk" in v.detail
    # bounded-difference: each link's relation and the chain's left side
    one, two, three = m.BOUNDED_DIFFERENCE.links
    assert m.check_bounded_difference(swaps=4, chain=Chain((one, two, Statement(three.lhs, r"\ll", three.rhs)))) \
        .verdict == "refuted"  # 2x ≪ x
    for bad in (Chain((Statement(one.lhs, r"\asymp", one.rhs, lhs_latex=one.lhs_latex), two, three)),
                Chain((Statement(p * one.lhs, one.rel, one.rhs), two, three)),
                Chain((one, Statement(two.lhs, ">=", two.rhs), three))):
        with pytest.raises(InputError):
            m.check_bounded_difference(swaps=4, chain=bad)


def test_penalty_bound_is_exact_and_its_slope_integral_matches_mpmath():
    """The penalty obstruction's pieces: E sech²(sZ + b) by the two quadratures against mpmath (30 digits), and the
    bound min_a ‖Ca − αμ‖² + λ‖a‖² = α²λμᵀ(CCᵀ + λI)^{−1}μ ≥ α²λ/(λ + μᵀCCᵀμ) on random C (a perturbed bound,
    α²λ/(λ + μᵀCCᵀμ/4), exceeds the minimum on some draw)."""
    import mpmath
    import numpy as np

    scales, shifts = np.array([0.2, 0.9, 1.0, 7.0, 900.0]), np.array([0.3, -1.1, 0.0, 2.0, -0.4])
    with mpmath.workdps(30):
        exact = [float(mpmath.quad(lambda z, s=s, b=b: mpmath.sech(s * z + b) ** 2 * mpmath.npdf(z),
                                   [-mpmath.inf, -b / s, mpmath.inf])) for s, b in zip(scales, shifts)]
    from theorycheck.hermite import sech2_expectation

    assert np.allclose(sech2_expectation(scales, shifts), exact, rtol=1e-10, atol=0)
    rng = np.random.default_rng(3)
    too_high = False
    for _ in range(200):
        dd, pp, lam = 6, int(rng.integers(1, 9)), float(rng.uniform(0.01, 5))
        C, mu = rng.standard_normal((dd, pp)), rng.standard_normal(dd)
        mu /= np.linalg.norm(mu)
        minimum = lam * mu @ np.linalg.solve(C @ C.T + lam * np.eye(dd), mu)
        a = np.linalg.solve(C.T @ C + lam * np.eye(pp), C.T @ mu)  # the minimiser, α = 1
        assert abs(np.sum((C @ a - mu) ** 2) + lam * a @ a - minimum) < 1e-9
        curvature = mu @ C @ C.T @ mu
        assert lam / (lam + curvature) <= minimum + 1e-12
        too_high |= lam / (lam + curvature / 4) > minimum + 1e-12
    assert too_high


def test_penalty_bound_is_below_the_exact_degree1_minimum_and_a_larger_bound_is_not():
    """Referee DD, DD-1: the penalty bound α²λ/(λ + m) is checked against the exact minimum of the degree-1 part,
    α²λμᵀ(CCᵀ + λI)^{−1}μ, on the paper's W_1 at π_p = 1; a bound a quarter of m in the denominator would exceed it."""
    pen = m.penalty_obstruction()
    assert pen["bound_below_the_minimum"]
    rows = pen["rows"]
    assert all(r["lower_bound"] <= r["degree1_minimum"] for r in rows)
    assert any(r["alpha1"] ** 2 * r["lambda"] / (r["lambda"] + r["m"] / 4) > r["degree1_minimum"] for r in rows)
    assert all(r["m_over_lambda"] < 0.1 for r in rows)  # the penalty dominates the curvature along μ there
