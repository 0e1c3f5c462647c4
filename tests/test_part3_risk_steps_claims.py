"""Part 3 risk steps (§4.2 decomposition, population ridge, McDiarmid, variance term; §4.3 z'_i, S_1–S_3):
the paper's verdict for each claim, and perturbed statements each checker rejects."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

import theorycheck_proofs.part3_risk_steps as m
from theorycheck.claims import AT_MOST, conditions_reading
from theorycheck.registry import load
from theorycheck_proofs.regime import ADMISSIBLE_LOG1


def test_ids_registered_and_unique():
    ids = {c.id for c in m.CLAIMS}
    assert len(ids) == len(m.CLAIMS) == 9
    assert all(i.split(".")[0] in {"ridge", "dpgd", "risk"} for i in ids)
    reg = load()  # no collision with the other modules, dependencies resolve
    for c in m.CLAIMS:
        assert reg.get(c.id) is not None
        for dep in c.depends_on:
            assert reg.get(dep) is not None
    assert sorted(dsp for c in m.CLAIMS for dsp in c.displays) == [(3, k) for k in (2, 3, 7, 8, 18, 23, 24, 25, 26)]


def test_risk_decomposition(registered_verdict):
    v = registered_verdict(m.check_risk_decomposition)
    assert v.verdict == "verified"
    assert all(r["ratio_f_RR"] <= 2 and 1 < r["sharp_constant_over_H"] <= 2 for r in v.evidence["runs"])
    bad = m.check_risk_decomposition(1.1)  # (u+v)² ≤ 1.1(u²+v²) fails for the extremal f ∈ H
    assert bad.verdict == "refuted" and bad.evidence["witness"]["ratio_at_extremal_f"] > 1.1
    assert not bad.evidence["witness"]["limit"]  # an admissible run, not the σ_W = 0 one
    # C = 1.5 holds at the paper's corner (c* ≈ 1.24) but nothing bounds c* below 2 on the region (the limit corner
    # reaches ≈ 1.8): not verified (referee X)
    loose = m.check_risk_decomposition(1.5)
    assert loose.verdict == "inconclusive" and "limit corner reaches" in loose.detail


def test_population_chain(registered_verdict):
    v = registered_verdict(m.check_population_chain)
    assert v.regime["region"].startswith("every W₁ and λ > 0")  # exact links; the runs are evidence (CU-7)
    assert v.verdict == "verified"
    assert v.evidence["holds"] == {"square-inside": True, "literal": False}
    assert m.check_population_chain(readings=("literal",)).verdict == "refuted"
    assert m.check_population_chain(relations=(">=", "==", "<=")).verdict == "refuted"
    assert m.check_population_chain(relations=("<=", "==", ">=")).verdict == "refuted"


def test_mcdiarmid(registered_verdict):
    v = registered_verdict(m.check_mcdiarmid)
    w = v.evidence["witness"]
    assert v.verdict == "refuted" and w["empirical_tail"] > w["claimed_bound"] and w["excess_in_se"] > 3
    assert v.evidence["centred_reading_holds"]
    # McDiarmid's bounded difference is infinite under Gaussian data: the move grows like |y'| (referee CC, F3)
    assert v.evidence["bounded_difference_sup"]["unbounded"] and "no finite c_i" in v.detail
    # the check can pass: with bounded differences 30× larger (as ridge.loo-stability measures) it is verified
    loose = lambda t, d, n, p, e: m.paper_mcdiarmid_bound(t / 30, d, n, p, e)  # noqa: E731
    assert m.check_mcdiarmid(loose).verdict == "verified"
    tight = lambda t, d, n, p, e: m.paper_mcdiarmid_bound(2 * t, d, n, p, e)  # noqa: E731
    assert m.check_mcdiarmid(tight).verdict == "refuted"


@pytest.mark.slow
def test_variance_term(registered_verdict):
    v = registered_verdict(m.check_variance_term)
    # decided on the whole region by the resolvent + vector Bernstein route (referees CU, CU-1; CV, CV-M2), not by
    # the measurement at one slice (ε_n = 1/5, ε_p = 1), which had left it inconclusive (referee BP, F3)
    assert v.verdict == "verified" and v.regime["holds_on"] == "all"
    route = v.evidence["resolvent_route"]
    assert route["holds"] and route["range_term"]["verdict"] == "verified" and route["algebra_ratio"] == "1"
    assert route["exact_identities"]["identity"] and route["exact_identities"]["first_order_condition"]
    readings = v.regime["readings"]
    # c absolute with a σ_*-dependent constant holds (referee CX, M4); constant 1 and c absolute together is open
    assert readings["≤_P with c absolute and the constant depending on ‖σ_*‖"].startswith("all")
    assert readings["≤_P with the constant 1 (or an absolute one) and c absolute"].startswith("undecided")
    assert "ridge.mcdiarmid" in v.detail and "route the paper does not take" in v.detail
    # it rests on neither of the paper's premises (referee CX, M5): the runner reads this key
    from theorycheck.claims import decided_without_premises

    assert decided_without_premises(v) is not None
    # without the route (region_wide=False is the measured slice alone) the measurement is all there is
    assert "resolvent_route" not in m.check_variance_term(region_wide=False).evidence
    assert all(r["cs_holds"] for r in v.evidence["runs"])
    assert all(r["hp_exceedance_over_redraws"] <= 0.1 for r in v.evidence["runs"])
    assert "one slice" not in v.detail and "ε_n = 1/5, ε_p = 1" in v.detail
    assert m.check_variance_term(m.d_ ** (4 * m.en) * m.LOGD / m.n_).verdict == "refuted"
    assert m.check_variance_term(m.d_ ** (2 * m.en) * m.LOGD**2 / m.n_).verdict == "refuted"
    # a dropped term, E(f_RR − f_H)² ≤_P 0 (referee EF, EF-11: decide's ratio lhs/0 had crashed lambdify)
    dropped = m.check_variance_term(sp.Integer(0))
    assert dropped.verdict == "refuted" and "the claimed rate is 0" in dropped.detail
    # referee EC, F4: a larger rate breaks the chain's last equality (refuted, with the factor), but as a bound it is
    # implied by the chain's rate, and the record says so; a smaller one is not shown by this route
    weaker = m.check_variance_term(2 * m.d_ ** (5 * m.en) * m.LOGD**2 / m.n_)
    assert weaker.verdict == "refuted" and weaker.evidence["as_a_bound"].startswith("implied by the chain's rate")
    smaller = m.check_variance_term(m.d_ ** (4 * m.en) * m.LOGD / m.n_)
    assert smaller.evidence["as_a_bound"].startswith("not shown by this route")
    # decided on the region, not at one point (referee ED, ED-9): d^{1+4ε_n}log²d/(np) is of at least the chain's
    # order only where π_p ≤ 1
    wide = m.check_variance_term(m.d_ ** (1 + 4 * m.en) * m.LOGD**2 / (m.n_ * m.p_))
    assert wide.evidence["as_a_bound"].startswith("implied by the chain's rate where") and "pi_{p}" in \
        wide.evidence["as_a_bound"]
    # the route's Bernstein step evaluated at the simulated d (referee CX, M3): its bound is not contradicted by the
    # measured exceedance; the detail says the evidence is weak there
    fin = route["finite_d_pinelis"]
    assert not fin["contradicted_at"] and all(b >= x for b, x in zip(fin["bound"], fin["measured_exceedance"]))
    assert "weak evidence at these d" in v.detail


def test_variance_term_route_fails_where_pinelis_is_contradicted(monkeypatch):
    """The finite-d Pinelis comparison can fail: with a bound of 0 at the simulated d (a contradicted route), the
    route does not hold and the verdict is not verified."""
    monkeypatch.setattr(m, "pinelis_finite_d", lambda run, a_H: {"bound": 0.0})
    v = m.check_variance_term(ds=(32,), reps=60)
    # not vacuous (referee DD, DD-6): the measured exceedance at d = 32 is above 0, so a bound 0 is contradicted
    assert v.evidence["runs"][0]["hp_exceedance_lower_wilson"] > 0
    assert not v.evidence["resolvent_route"]["holds"] and v.evidence["resolvent_route"]["finite_d_pinelis"][
        "contradicted_at"] == [32]
    assert v.verdict != "verified"


def test_resolvent_identity_is_exact_and_its_perturbation_fails():
    """The route's algebra in exact rationals: (K_n + λI)(a_RR − a_H) = v only with v centred (E[φr] = λa_H
    subtracted); the uncentred v is rejected. Other populations and data sets give the same."""
    for seed in (0, 1, 2):
        good = m.resolvent_identity(seed=seed)
        assert good["identity"] and good["first_order_condition"] and good["objective_comparison"]
        bad = m.resolvent_identity("uncentred", seed=seed)
        assert not bad["identity"] and any(r != "0" for r in bad["identity_residual"])
    assert m.resolvent_identity(p=4, population=9, n=6)["identity"]
    # a rate the chain does not give is rejected by the route's algebra
    assert not m.resolvent_route(m.d_ ** (3 * m.en) * m.LOGD**2 / m.n_)["holds"]
    with pytest.raises(ValueError):
        m.resolvent_identity("other")


def test_noise_accumulation(registered_verdict):
    v = registered_verdict(m.check_noise_accumulation)
    assert v.verdict == "refuted" and v.corrected
    assert set(v.evidence["failing_links"]) == {"link 1", "link 3"}
    w3 = v.evidence["witness"]["link 3"]
    assert w3["margin_limit"] == "-oo" and ADMISSIBLE_LOG1.contains({**w3["point"], "q": 1})
    assert all(r["median_norm_z_over_Sigma"] > r["claimed_bound"] for r in w3["measured"])
    # the regime is the conclusion's (referees J, K), not link 3's: given λ_min(K_n) ≳ 1 it holds on the contraction
    # region where 2π_p < 3ε_n (p = d^{π_p}), fails off the contraction region (z'_i grows geometrically there)
    assert v.regime["holds_on"] == "part" and v.regime["conditions_exact"] == [
        "-eps_n + pi_p > 0", "eps_b - eps_n - nu + 2 >= 0", "3*eps_n - 2*pi_p > 0"]
    assert v.regime["premise"] and v.regime["undecided"] and v.evidence["link3_decision"]["holds"] == "none"
    # its region is the one it is named after, ρ < 2 (referee CQ, F5), not the contraction premise's ρ < 4 (CT, LOW-6)
    # (where r = 0: with r < 0 any ρ, so the region's last rule reads "rho < 2 or r < 0", referee EN)
    region = " ; ".join(v.regime["region_exact"])
    assert "rho < 2 or r < 0" in region and "rho < 4" not in region
    # the rest of the contraction region (2π_p ≥ 3ε_n) fails whatever K_n (referee CQ, F10: Jensen on tr K_n ≤ p);
    # the premise λ_min(K_n) ≳ 1 is all that stays undecided
    rest = v.regime["rest_of_contraction_region"]
    assert rest["fails"] and "premise" in v.regime["undecided"][0] and "grows" not in v.regime["undecided"][0]
    assert "on the rest of it too" in v.detail
    floors = {(r["pi_p"], r["where"]): r["floor_ratio_sq"] for r in rest["floor_rows"]}
    assert floors[(0.35, "rest")][-1] > 1e30 and floors[(0.29, "holds")][-1] < 1  # grows / decays
    # the same floor claimed where 2π_p < 3ε_n (pη_aλ² → 0 there) is rejected by the same decision
    from theorycheck.asymptotics import decide
    from theorycheck.statement import Statement as St
    from theorycheck_proofs.part3_steps import CONTRACTION_CONDITIONS

    holds_part = ADMISSIBLE_LOG1.restrict(*CONTRACTION_CONDITIONS, sp.StrictLessThan(2 * m.S.pi_p, 3 * m.S.eps_n))
    assert decide(St(sp.Integer(1), r"\ll", m.S.p * m.S.eta_a * m.S.lam**2), holds_part, d=m.S.d,
                  rewrite=m.S.in_powers_of_d).verdict != "verified"
    assert not v.evidence["link5_premise"]["counterexample"]["link5_holds"]  # the premise η_a(λ_max + 2λ) ≤ 1 matters
    w = {k: Fraction(x) for k, x in v.regime["witness"]["point"].items() if k != "q"}
    assert w["pi_p"] <= w["eps_n"] or w["nu"] > 2 + w["eps_b"] - w["eps_n"]  # off the contraction region
    # referee K's point (ε_n, ε_p, ε_b, ν) = (0.2, 0.1, 0.3, 1.6), where z'_T grows geometrically, is not in the regime
    from theorycheck.plots import conditions_hold_at

    assert not conditions_hold_at(v.regime["conditions_exact"], {"eps_n": 0.2, "eps_p": 0.1, "eps_b": 0.3, "nu": 1.6})
    inside = {"eps_n": 0.2, "eps_p": 0.28, "eps_b": 0.3, "nu": 1.6}  # referee J's point: contracting, 2ε_p < 3ε_n
    assert conditions_hold_at(v.regime["conditions_exact"], inside)
    corrected = m.check_noise_accumulation(lambda i, k: k - 1, m.Z_NORM_CORRECTED, _try_correction=False)
    assert corrected.verdict == "verified" and corrected.evidence["link3_decision"]["holds"] == "all"
    # the right power but the printed ‖z‖ ≤_P Σ: still rejected (‖z‖ ≈ Σ√p)
    v2 = m.check_noise_accumulation(lambda i, k: k - 1, _try_correction=False)
    assert v2.verdict == "refuted" and v2.evidence["failing_links"] == ["link 3"]
    # link 3 is decided at every width, not from draws at d ≤ 128 (referee W: 3 log d and 0.7√p + log d had passed)
    p_, L_ = m.S.p, m.S.log_d
    for wrong in (3 * L_, sp.Rational(7, 10) * sp.sqrt(p_) + L_, sp.sqrt(p_), sp.sqrt(p_) + sp.sqrt(L_),
                  m.S.d ** sp.Rational(3, 10) + L_):
        assert m.z_norm_decision(wrong)["holds"] in ("none", "part"), wrong
    for right in (2 * sp.sqrt(p_), sp.sqrt(p_) + L_ / 10, sp.sqrt(p_) + L_**2):
        assert m.z_norm_decision(right)["holds"] in ("all", "sampled"), right
    bad = m.check_noise_accumulation(lambda i, k: k - 1, 3 * L_, ds=(32,), _try_correction=False)
    assert bad.verdict == "refuted" and bad.evidence["failing_links"] == ["link 3"]


def test_z_norm_decision_is_exact_on_rate_monomials_and_inconclusive_off_them(registered_verdict):
    """Referee Y: a bound failing only beyond the sampled widths (π_p > 1200), or on an interval between them, was
    verified; a limit SymPy cannot take counted as a failure; other symbols gave answers in an ordering SymPy chose."""
    p_, d_, L_ = m.S.p, m.S.d, m.S.log_d
    far = m.z_norm_decision(d_**600)  # holds for π_p < 1200 only
    assert far["holds"] == "part" and far["method"] == "exact" and "1201" in far["failing_widths"]
    assert "1200" in far["failing_widths"] and not {"1", "1000"} & set(far["failing_widths"])
    edge = m.z_norm_decision(d_ ** sp.Rational(3, 10) + L_)  # holds up to π_p = 3/5 (there the d^{3/10} cancel)
    assert edge["holds"] == "part" and "3/5" not in edge["failing_widths"] and "1" in edge["failing_widths"]
    low = m.z_norm_decision(sp.sqrt(p_) * (1 + d_ ** sp.Rational(-1, 10)))  # fails for π_p ≤ 1/5
    assert low["holds"] == "part" and "1/5" in low["failing_widths"]
    assert m.z_norm_decision(sp.sqrt(p_) + 2 * L_ - sp.log(p_))["failing_widths"] == ["2", "3"]  # holds for π_p < 2
    for right in (sp.sqrt(p_) + L_, sp.sqrt(p_) * L_, sp.sqrt(p_) * (1 + 1 / L_), sp.sqrt(p_) + sp.log(p_)):
        assert m.z_norm_decision(right)["holds"] == "all", right
    sneaky = L_ + d_ ** (600 * L_ / (L_ + 1000))  # an exponent that grows with log d: outside the exact class
    v = m.check_noise_accumulation(lambda i, k: k - 1, sneaky, ds=(32,), _try_correction=False)
    assert v.verdict == "inconclusive" and v.evidence["link3_decision"]["holds"] == "sampled"
    assert m.z_norm_decision(sp.sqrt(p_) + sp.LambertW(d_))["holds"] == "sampled"  # undecided limits do not fail
    # floats are their decimals (referee AA: 0.3, 0.1 as binary floats left a 1e-17 residue and "all" was verified)
    floats = m.z_norm_decision(sp.sqrt(p_) + d_ * (0.3 * sp.log(p_) / L_ - 0.1) ** 2 - L_)
    assert floats["holds"] == "part" and floats["failing_widths"] == ["1/3"]
    # a coefficient with irrational roots: π³ − 3π + 1 < 0 exactly between its roots 0.347… and 1.532…
    cubic = m.z_norm_decision(sp.sqrt(p_) + (sp.log(p_) ** 3 - 3 * sp.log(p_) * L_**2 + L_**3) / L_**2)
    assert cubic["method"] == "exact" and "2/5" in cubic["failing_widths"] and "2" not in cubic["failing_widths"]
    assert "1/10" not in cubic["failing_widths"]
    # sampled widths never say "fails everywhere": it holds on (3/10, 2/5) here, between the samples (referee AA)
    gap = sp.sqrt(p_) - L_ + 2 * L_ / (d_ ** sp.Rational(3, 10) / p_ + p_ / d_ ** sp.Rational(2, 5))
    assert m.z_norm_decision(gap)["holds"] == "part"
    for other in (d_**m.S.eps_n * L_, sp.sqrt(p_) + sp.log(m.S.n)):
        with pytest.raises(ValueError, match="only p and d"):
            m.z_norm_decision(other)
    # the witness width is π_p = 1, where the draws are, not the first failing width (1/1000)
    assert registered_verdict(m.check_noise_accumulation).evidence["witness"]["link 3"]["point"]["pi_p"] == "1"


def test_s1(registered_verdict):
    v = registered_verdict(m.check_s1)
    # regime-wide: the premise ‖I − η_aL‖ ≤ 1 fails where ε_p ≤ ε_n
    assert v.verdict == "refuted" and v.regime["holds_on"] == "part"
    assert conditions_reading(v.regime) == AT_MOST  # a necessary premise's region (referee CQ, F1)
    assert len(v.regime["undecided"]) == 1 and "common mode" in v.detail  # π_p > 2 + ε_b − ν: undecided
    w = v.evidence["witness"]["point"]
    assert Fraction(w["eps_n"]) >= Fraction(w["eps_p"])
    stable = m.check_s1(regime_wide=False)
    assert stable.verdict == "verified" and stable.evidence["ll_limit"] == "0"
    assert m.check_s1(bound=lambda d, p: math.log(d) ** 2 / p, regime_wide=False).verdict == "refuted"
    assert m.check_s1(inner=lambda d, p: 1 / p, regime_wide=False).verdict == "refuted"


def test_s2(registered_verdict):
    v = registered_verdict(m.check_s2)
    assert v.verdict == "refuted" and v.regime["holds_on"] == "part" and v.evidence["cauchy_schwarz_holds"]
    assert conditions_reading(v.regime) == AT_MOST
    assert not v.regime.get("undecided")  # S_2 does not see the common mode (referee J); S_1 does (test_s1)
    stable = m.check_s2(regime_wide=False)
    assert stable.verdict == "verified"
    assert all(r["ratio_to_rate"] <= 1 for r in stable.evidence["runs"])
    assert m.check_s2(m.d_ ** (2 * m.en) * m.LOGD**2 / m.n_, regime_wide=False).verdict == "refuted"
    assert m.check_s2(m.d_ ** (2 * m.en) * m.LOGD**3 / (m.n_ * sp.sqrt(m.p_)), regime_wide=False).verdict == "refuted"


def test_s3_expansion(registered_verdict):
    v = registered_verdict(m.check_s3_triangle)
    assert v.verdict == "verified" and v.evidence["achieved_error"] < 1e-10
    # verified under the recursion's z'_i; the printed Σ_j z_j fails the first "=" (referee CB, F2)
    readings = v.regime["readings"]
    assert any(k.startswith("z′_i as printed") and w.startswith("none") for k, w in readings.items())
    assert v.evidence["printed_z_prime_rel_gap"] > 0.1
    bad = m.check_s3_triangle(m.paper_z_power)  # the power i − 1 printed in (3, 18)
    assert bad.verdict == "refuted" and bad.evidence["witness"]["rel_error"] > 1e-3


def test_s3_gaussian_tail(registered_verdict):
    v = registered_verdict(m.check_s3_gaussian)
    assert v.verdict == "verified" and v.evidence["submultiplicative_holds"]
    assert v.regime["holds_on"] == "all" and v.evidence["decision"]["union_bound_plus_c_log2d_limit"] == "-oo"
    # decided by the union bound at every ν, not by a finite-d frequency at one corner (referee X: 2√log d passed
    # there, and the unchanged check refuted log d at ν = 2.4)
    ell = m.S.log_d
    for wrong in (sp.Integer(1), sp.sqrt(ell), 2 * sp.sqrt(ell), 1.8 * sp.sqrt(ell), sp.sqrt(ell) * sp.log(ell)):
        assert m.s3_tail_decision(wrong)["holds"] == "none", wrong
    assert m.s3_tail_decision(ell / 10)["holds"] == "all" and m.s3_tail_decision(ell**2)["holds"] == "all"
    bad = m.check_s3_gaussian(2 * sp.sqrt(ell), ds=(32,))
    assert bad.verdict == "refuted" and bad.regime["holds_on"] == "none" and bad.evidence["witness"]["point"]
    assert m.check_s3_gaussian(sp.Integer(1), ds=(32,)).verdict == "refuted"
    # the factor's sign counts (referee Y: squaring had made −log d hold), and other symbols are an error
    for negative in (-ell, sp.log(1 / m.S.d)):
        assert m.s3_tail_decision(negative)["holds"] == "none", negative
    assert m.check_s3_gaussian(-ell, ds=(32,)).verdict == "refuted"
    assert m.s3_tail_decision(ell * sp.sin(m.S.d))["holds"] == "undecided"
    with pytest.raises(ValueError, match="only d"):
        m.s3_tail_decision(sp.log(m.S.n))


def test_same_seed_same_numbers(registered_verdict):
    a, b = registered_verdict(m.check_noise_accumulation), m.check_noise_accumulation()  # a registered run, a new one
    assert a.evidence["runs"] == b.evidence["runs"]


def test_redrawn_rows_equal_the_reference_redraw():
    """_redrawn_a_rr (rows remembered per run and seed, a longer request continues the stream) against the
    reference _redraw_a_rr, bit for bit, whatever the order of the requests."""
    run = m._run(32)  # the cached paper run the checks use
    seed = 12345  # a seed no check uses: the rows are computed here
    for reps in (3, 7, 2, 7, 9):
        got = m._redrawn_a_rr(run, reps, seed)
        assert np.array_equal(got, m._redraw_a_rr(run, reps, seed))
        got[:] = 0.0  # the caller's copy: the remembered rows are untouched
    assert np.array_equal(m._redrawn_a_rr(run, 9, seed), m._redraw_a_rr(run, 9, seed))
