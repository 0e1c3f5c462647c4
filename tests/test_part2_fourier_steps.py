"""Part 2 §3.3's relation-level claims (proofs/part2_fourier_steps.py) and Part 1's §2.5/Assumption 1/abstract claims:
each checker accepts what holds and rejects a deliberately perturbed statement (a wrong constant, sign, power or
factor, a wrong point)."""

from __future__ import annotations

import sympy as sp

from theorycheck.claims import readings_holding, readings_short_of_all
from theorycheck_proofs import part1_setting as P1
from theorycheck_proofs import part2_fourier_steps as F
from theorycheck_proofs import symbols as S

gamma, eta, t, x, k = S.gamma, S.eta, S.t, S.x, S.k


def _failing_relations(v) -> set[tuple]:
    return {tuple(r["relation"]) for r in v.evidence["links"] if r["holds"] is False}


# ------------------------------------------------------------------------------------------------ Step 1


def test_residual_holds_and_a_wrong_window_is_refuted():
    assert F.check_residual().verdict == "verified"
    wrong = F.RESIDUAL.perturb(lhs=F._E((F._f(x) - F._f(x) * sp.exp(-2 * gamma * x**2)) ** 2))
    v = F.check_residual(wrong)
    assert v.verdict == "refuted" and v.evidence["pointwise_difference"] != "0"


def test_step1_constant_holds_with_the_target_constant_only_and_an_extra_gamma_is_refuted():
    v = F.check_step1_constant()
    assert v.verdict == "verified"
    assert readings_short_of_all(v)  # the absolute-constant reading fails (S_f grows with f)
    assert F.check_step1_constant(F.step1_constant_statement(gamma)).verdict == "refuted"


def test_window_links_hold_and_a_wrong_gaussian_integral_is_refuted():
    assert F.check_window_links().verdict == "verified"
    links = list(F.window_links())
    wrong_rhs = (1 - 2 / sp.sqrt(2 * sp.pi) * sp.sqrt(2 * sp.pi / (1 + 2 * gamma))
                 + 1 / sp.sqrt(2 * sp.pi) * sp.sqrt(2 * sp.pi / (1 + 3 * gamma)))
    links[2] = links[2].perturb(rhs=wrong_rhs)
    v = F.check_window_links(tuple(links))
    assert v.verdict == "refuted" and _failing_relations(v) == {(2, "D25", 3)}


def test_fourier_links_fail_only_at_the_hermite_form_and_hold_with_its_correction():
    v = F.check_fourier_links()
    assert v.verdict == "refuted" and _failing_relations(v) == {(2, "D27", 5)}
    assert v.corrected is not None  # the corrected factor (−i/(2√γ))ⁿ, checked by the same check
    fixed = (*F.fourier_links()[:4], *(F._hermite_form_link(m, -sp.I / (2 * sp.sqrt(gamma))) for m in range(4)))
    assert F.check_fourier_links(fixed).verdict == "verified"
    # time scaling with η instead of 1/η
    scaled = F.fourier_links()[0].perturb(rhs=F._tanh_hat_via_derivative(1, t / eta) * eta)
    assert F.check_fourier_links((scaled,)).verdict == "refuted"


# ------------------------------------------------------------------------------------------------ Step 2


def test_pole_is_i_pi_over_two_and_i_pi_is_refuted():
    assert F.check_pole().verdict == "verified"
    v = F.check_pole(F.pole_statement(sp.I * sp.pi))
    assert v.verdict == "refuted" and v.evidence["witness"]["pole"] == str(sp.I * sp.pi / 2)


def test_contour_sides_fail_at_finite_r_and_the_intended_reading_holds():
    v = F.check_contour_sides()
    assert v.verdict == "refuted" and _failing_relations(v) == {(2, "D31", 1), (2, "D31", 2)}
    # only the R → ∞ limit makes both lines hold; the vertical term read as i∫g(R + ix)dx mends the second only
    assert len(readings_holding(v)) == 1 and readings_holding(v)[0].startswith("up to terms")
    intended = F.contour_links(F._RIGHT)[1]
    assert F.evaluate_link(intended)["holds"] is True
    wrong_factor = intended.perturb(rhs=(2 + sp.exp(2 * sp.pi**2 * t) + sp.exp(-2 * sp.pi**2 * t)) / 3 * F._BOTTOM
                                    + F._RIGHT)
    assert F.evaluate_link(wrong_factor)["holds"] is False


def test_product_convolution_holds_and_a_two_pi_factor_is_refuted():
    assert F.check_product_convolution().verdict == "verified"
    wrong = F.PRODUCT_CONVOLUTION.perturb(rhs=F.PRODUCT_CONVOLUTION.rhs / (2 * sp.pi))
    assert F.check_product_convolution(wrong).verdict == "refuted"


# ------------------------------------------------------------------------------------------------ Step 3


def test_delta_links_fail_exactly_where_the_errors_enter():
    v = F.check_delta_links(F.delta_links((1, 2)))
    assert v.verdict == "refuted"
    assert _failing_relations(v) == {(2, "D40", 1), (2, "D40", 3), (2, "D43", 1)}
    # (2, 40)'s and (2, 43)'s first lines follow from their printed premises; the witness is the local failure
    follows = {tuple(r["relation"]): r.get("follows_from_printed_premises") for r in v.evidence["links"]
               if r["holds"] is False}
    assert follows[(2, "D40", 1)] is True and follows[(2, "D43", 1)] is True and follows[(2, "D40", 3)] is None
    assert v.evidence["witness"]["relation"] == [2, "D40", 3]
    holding = [link for link in F.delta_links((2,)) if link.key == (2, "D43", 2)][0]
    assert F.evaluate_link(holding)["holds"] is True
    wrong = holding.perturb(rhs=holding.statement.rhs.subs(sp.I, -sp.I))
    assert F.check_delta_links((wrong,)).verdict == "refuted"


def test_delta_links_correction_is_decided_before_it_is_reported():
    """(2, 40)'s third line with the dropped (π/√γ)^{1−k} restored (referee EG): its instances n = 0 … 3 hold
    (SymPy and 30-digit evaluation) and the general statement is reported; the factor's exponent wrong (π/√γ)^{−k},
    or the factor dropped again, fails and nothing is reported."""
    v = F.check_delta_links(F.delta_links((1,)), corrected=F.corrected_delta_links((0, 1, 2, 3)))
    assert v.verdict == "refuted" and v.corrected == F.D40_LINE3_CORRECTED.latex()
    assert v.evidence["corrected_link"]["holds"] and v.evidence["corrected_link"]["instances"] == 4
    u = F._u_shift()
    for wrong_power in (lambda j: -j, lambda j: 0):
        def line3(m, wrong_power=wrong_power):
            return sp.exp(F.PI**2 * F.gamma / 4) * F._binomial_sum(
                m, lambda j: (sp.I * sp.sqrt(F.gamma) / (2 * F.eta)) ** (m - j) * (sp.I / (2 * F.PI)) ** j
                * (F.PI / sp.sqrt(F.gamma)) ** wrong_power(j) * sp.diff(sp.exp(-(u**2)), F.t, j))
        bad = F.check_delta_links(F.delta_links((1,)), corrected=F.corrected_delta_links((0, 2), line3=line3))
        assert bad.corrected is None and bad.evidence["corrected_link"]["holds"] is False


def test_restated_transform_holds_as_a_rewriting_and_a_wrong_constant_is_refuted():
    v = F.check_restated_transform()
    assert v.verdict == "verified" and readings_short_of_all(v)
    bad = F.check_restated_transform(F.restated_links(sp.I * eta / (4 * sp.sqrt(sp.pi))))
    assert bad.verdict == "refuted"


# ------------------------------------------------------------------------------------------------ Step 4


def test_modulus_links_are_refuted_and_their_correction_holds():
    v = F.check_modulus_links()
    assert v.verdict == "refuted" and _failing_relations(v) == {(2, "D47", 2), (2, "D47", 3)}
    # the identity checked beside it ((x ± δ)² without the moduli) is evidence, not a printed correction
    assert v.corrected is None and v.evidence["corrected_link"]["holds"] is True
    fixed = F.modulus_links()[0]
    wrong = fixed.perturb(rhs=sp.Abs(3 * x * F._delta))  # 3|x|δ for the 4|x|δ of (x + δ)² − (x − δ)²
    assert F.evaluate_link(wrong)["holds"] is False


def test_critical_points_readings_and_perturbed_derivative_and_maximiser():
    v = F.check_critical_points()
    assert v.verdict == "refuted" and v.evidence["witness"]["k"] == 0
    assert len(readings_holding(v)) == 1  # the necessary condition the maximisation uses
    plus = k * x ** (k - 1) * sp.exp(-gamma * x**2) + 2 * gamma * x * sp.exp(-gamma * x**2) * x**k
    assert "derivative" in F.check_critical_points(plus).evidence["witness"]
    moved = F.check_critical_points(claimed_max=sp.sqrt(k / gamma))
    assert moved.verdict == "refuted" and "the maximum of g is not at" in moved.detail
    assert "the maximum of g is not at" not in v.detail and v.evidence["every_k_argument"]["holds"] is True


def test_monomial_max_as_printed_fails_and_with_power_k_holds():
    v = F.check_monomial_max_typo()
    assert v.verdict == "refuted" and readings_holding(v) == ("the power read as k (a typo)",)
    assert F.check_links(F.monomial_max_links(k), "power k").verdict == "verified"
    assert F.check_links(F.monomial_max_links(k + 1), "power k + 1").verdict == "refuted"


def test_monomial_bound_holds_and_a_smaller_bound_is_refuted():
    assert F.check_monomial_bound_links().verdict == "verified"
    assert F.check_monomial_bound_links(F.monomial_bound_links(gamma_power=1)).verdict == "refuted"


def test_monomial_power_holds_and_a_wrong_power_of_gamma_is_refuted():
    v = F.check_monomial_power()
    assert v.verdict == "verified" and readings_short_of_all(v)
    n_, i_ = F._N_I
    wrong = F.MONOMIAL_POWER.perturb(rhs=gamma ** (i_ - n_ / 2) / eta**i_)
    assert F.check_monomial_power(wrong).verdict == "refuted"


_DEGREES_FAST = (1, 2, 3)  # the failure appears at q = 2; three degrees keep the perturbed checks short


def test_step4_conclusion_fails_jointly_in_gamma_and_eta_and_holds_as_gamma_to_0():
    v = F.check_step4_conclusion(F.CONCLUSION, _DEGREES_FAST)
    assert v.verdict == "refuted" and v.regime["holds_on"] == "part"
    assert v.regime["witness"]["direction"] == {"u": "1", "v": "1"}  # γ = η → ∞
    readings = v.regime["readings"]
    assert readings["γ bounded (γ ≤ γ_0, as §3.4 and cert.sup-bound use it), every η > 0"].startswith("all (the")
    assert readings["every γ > 0 at fixed η (thm6.existence's eta-fixed reading)"].startswith("all")  # CE, F1
    assert v.detail.startswith("the bound, uniform over every γ, η > 0")
    odd = readings["the sum over odd i only ((2, 47)'s second line), every γ, η > 0"]
    assert odd.startswith("part: holds at q = [1, 2]")
    assert float(v.evidence["witness"]["lhs_over_rhs"]) > 1000  # ≍ γ^{1/2} at γ = η = 10^8


def test_step4_conclusion_corrected_bound_is_verified():
    v = F.check_step4_conclusion(F.CONCLUSION_CORRECTED, _DEGREES_FAST)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"


def test_step4_conclusion_rejects_a_wrong_power_a_dropped_max_and_a_dropped_window():
    q = S.q
    # a power of γ too small by 1/2: the reading the paper uses (γ → 0) fails too
    smaller = F.CONCLUSION_CORRECTED.perturb(rhs=F.CONCLUSION_CORRECTED.rhs * sp.sqrt(gamma))
    v = F.check_step4_conclusion(smaller, _DEGREES_FAST)
    bounded = "γ bounded (γ ≤ γ_0, as §3.4 and cert.sup-bound use it), every η > 0"
    assert v.verdict == "refuted" and v.regime["readings"][bounded].startswith("part")
    # without max(1, (γ/η)^{q−1}): fails as γ → ∞ at fixed η
    no_max = F.CONCLUSION.perturb(rhs=gamma ** (-(q - 2) / 2) * eta * sp.exp(sp.pi**2 * gamma / 4))
    v = F.check_step4_conclusion(no_max, _DEGREES_FAST)
    fixed_eta = "every γ > 0 at fixed η (thm6.existence's eta-fixed reading)"
    assert v.verdict == "refuted" and v.regime["readings"][fixed_eta].startswith("part")
    # without e^{π²γ/4} on the right: not monomials; refuted by the ratio's growth as γ → ∞
    no_window = F.CONCLUSION.perturb(rhs=gamma ** (-(q - 2) / 2) * eta * sp.Max(1, (gamma / eta) ** (q - 1)))
    v = F.check_step4_conclusion(no_window, (1,))
    assert v.verdict == "refuted" and v.evidence["witness"]["gamma"] == "10^8"


# ------------------------------------------------------------------------------------------------ Part 1


def test_hermite_definitions_hold_and_a_wrong_sign_is_refuted():
    assert P1.check_hermite_definitions().verdict == "verified"
    wrong = P1.HE_DEFINITION.perturb(rhs=-P1.HE_DEFINITION.rhs)
    v = P1.check_hermite_definitions(wrong)
    assert v.verdict == "refuted" and v.evidence["witness"]["n"] == 0


def test_information_exponent_holds_and_a_target_with_a_mean_is_refuted():
    assert P1.check_information_exponent().verdict == "verified"
    v = P1.check_information_exponent(("x**2 + x",))
    assert v.verdict == "refuted" and v.evidence["witness"]["alpha_0"] == "1"


def test_vanishing_budget_holds_and_a_budget_too_small_for_assumption_3_is_refuted():
    assert P1.check_vanishing_budget().verdict == "verified"
    too_small = {S.eps: 1 / sp.log(S.d), S.delta: 1 / S.d}
    v = P1.check_vanishing_budget(too_small)
    assert v.verdict == "refuted" and "eps/sqrt(log(1/δ)) = ω(1/log d)" in v.evidence["witness"]["failing"]


def test_a_perturbed_step_does_not_follow_from_its_printed_premises():
    """Referee BC, H1: the derived step compares what the printed premises give with the statement's own right side,
    so a wrong (2, 40) or (2, 43) first line is a failure of its own, not a valid step on a refuted premise."""
    for link in (lk for lk in F.delta_links((1,)) if lk.key in ((2, "D40", 1), (2, "D43", 1))):
        assert F.evaluate_link(link)["follows_from_printed_premises"] is True
        moved = F.evaluate_link(link.perturb(rhs=7 * link.statement.rhs))
        assert moved["holds"] is False and moved["follows_from_printed_premises"] is False


def test_an_undecided_narrow_window_is_no_holding_reading():
    """Referee BC, H2: where the narrower-window decision is inconclusive, the 'suitable ε_b' reading is undecided,
    never 'all' (so the claim is not counted among the refuted claims that hold under another reading)."""
    import theorycheck_proofs.part2_construction_steps as CS
    from theorycheck_proofs.regime import ADMISSIBLE

    region = ADMISSIBLE.restrict(S.eps_b < 2 * S.eps_n, name="with an extra bound on ε_b")
    v = CS.check_asymptotic(CS.CHAIN_SUM, region=region, corrected=CS.CHAIN_SUM_CORRECTED, suitable_eps_b=True,
                            what="probe")
    suitable = [w for r, w in v.regime["readings"].items() if r.startswith("a suitable")]
    assert v.evidence["reading_suitable_eps_b"]["verdict"] != "verified"
    assert suitable and suitable[0].startswith("undecided") and not readings_holding(v)
