"""Claims of Part 2 §3.3 (proofs/part2_fourier.py): registration, the paper's verdicts, and for every
checker a perturbed statement (wrong constant, sign or power) that it rejects -- plus, where the paper is
wrong, the corrected statement that the same checker accepts."""

from __future__ import annotations

import math
from functools import partial

import mpmath
import pytest
import sympy as sp

import proofs.part2_fourier as P
from theorycheck import fourier as fr
from theorycheck import certificate as cert
from theorycheck.registry import load

PI = mpmath.pi
pytestmark = pytest.mark.usefixtures("fixed_precision")


ISSUE_IDS = {"fourier.sech", "fourier.sech-convolution", "fourier.tanh", "fourier.gaussian-polynomial",
             "fourier.shifted-gaussian-inverse", "cert.complete-square", "cert.hermite-shift", "cert.closed-form",
             "cert.sup-bound", "thm6.gaussian-window"}


def test_issue_ids_registered_and_well_formed():
    ids = {c.id for c in P.CLAIMS}
    assert ISSUE_IDS <= ids
    assert len(ids) == len(P.CLAIMS)
    assert all(c.id.split(".")[0] in ("fourier", "cert", "thm6") for c in P.CLAIMS)
    for c in P.CLAIMS:
        # fourier.tanh is stated in prose after display (2, 34), not in a display of its own
        assert (c.displays or c.id == "fourier.tanh") and all(d[0] == 2 for d in c.displays), c.id
        for dep in c.depends_on:
            assert dep in ids, (c.id, dep)


def test_registry_loads_with_the_rest_of_the_project():
    reg = load()
    for cid in ISSUE_IDS:
        assert reg.get(cid).id == cid


# ------------------------------------------------------------------------ fourier.sech (paper correct)

def test_sech_paper_verified_and_wrong_power_refuted():
    assert P.check_sech_transform(P.paper_sech_transform, ts=("-0.7", "0", "0.3"), certified_ts=("0.3", "3")).verdict == "verified"
    v = P.check_sech_transform(lambda t: PI * mpmath.sech(PI * t), ts=("0", "0.3"), certified_ts=("0.3",))
    assert v.verdict == "refuted" and "witness" in v.evidence
    v = P.check_sech_transform(lambda t: 2 * PI * mpmath.sech(PI**2 * t), ts=("0.3",), certified_ts=("0.3",))
    assert v.verdict == "refuted"


def test_sech_bound():
    assert P.check_sech_bound("2").verdict == "verified"
    assert P.check_sech_bound("1.9").verdict == "refuted"
    assert P.check_sech_bound("1").verdict == "refuted"


def test_sech_residue_and_wrong_constant():
    assert P.check_sech_residue(ts=("0.2",)).verdict == "verified"
    assert P.check_sech_residue(lambda t: 2 * PI * mpmath.cosh(PI * t), ts=("0.2",)).verdict == "refuted"


# ------------------------------------------------------------------------ fourier.sech-convolution

def test_sech_convolution_paper_refuted_corrected_verified():
    v = P.check_sech_convolution(P.paper_sech_convolution, ts=("0", "0.3"))
    assert v.verdict == "refuted" and v.corrected and "2t" in v.corrected
    assert v.evidence["certified_excludes_claimed"] is True
    assert P.check_sech_convolution(fr.sech_convolution, ts=("-0.6", "0", "0.3")).verdict == "verified"
    # wrong power π in place of π²
    assert P.check_sech_convolution(lambda t: 2 / PI**2 if t == 0 else 2 * t * mpmath.csch(PI * t) * PI,
                                    ts=("0.3",)).verdict == "refuted"


def test_sech_convolution_pv():
    v = P.check_sech_convolution_pv(P.paper_sech_convolution_antiderivative, P.paper_sech_convolution, ts=("0.3",))
    assert v.verdict == "refuted" and "cosh" in v.corrected
    assert P.check_sech_convolution_pv(P.corrected_sech_convolution_antiderivative, fr.sech_convolution,
                                       ts=("0.3", "-0.8")).verdict == "verified"
    # right antiderivative, wrong value (factor 2)
    assert P.check_sech_convolution_pv(P.corrected_sech_convolution_antiderivative, P.paper_sech_convolution,
                                       ts=("0.3",)).verdict == "refuted"


# ------------------------------------------------------------------------ fourier.tanh

def test_tanh_paper_refuted_corrected_verified_sign_refuted():
    v = P.check_tanh_transform(P.paper_tanh_transform, ts=("-0.05", "0.3"))
    assert v.verdict == "refuted" and v.corrected and r"-i\pi" in v.corrected
    assert P.check_tanh_transform(fr.tanh_transform, ts=("-0.05", "0.3")).verdict == "verified"
    assert P.check_tanh_transform(lambda t: 1j * PI * mpmath.csch(PI**2 * t), ts=("0.3",)).verdict == "refuted"


# ------------------------------------------------------------------------ fourier.gaussian-polynomial

SMALL_GP = [(n, "0.3", "-0.7") for n in range(4)] + [(5, "2.5", "0.45")]


def test_gaussian_polynomial():
    v = P.check_gaussian_polynomial(P.paper_gaussian_polynomial, points=SMALL_GP)
    assert v.verdict == "refuted" and v.corrected
    assert P.check_gaussian_polynomial(fr.gaussian_polynomial_transform, points=SMALL_GP).verdict == "verified"
    # sign of i flipped
    flipped = lambda n, g, t: fr.gaussian_polynomial_transform(n, g, t) * (-1) ** n  # noqa: E731
    assert P.check_gaussian_polynomial(flipped, points=SMALL_GP).verdict == "refuted"
    # the paper's formula is right for n = 0 only
    assert P.check_gaussian_polynomial(P.paper_gaussian_polynomial, points=[(0, "0.3", "-0.7")]).verdict == "verified"


def test_gaussian_polynomial_derivative_form():
    pts = [(1, "0.3", "-0.7"), (2, "2.5", "0.45")]
    assert P.check_gaussian_polynomial_derivative(P.paper_gaussian_polynomial_derivative, points=pts).verdict == "verified"
    wrong = lambda n, g, t: P.paper_gaussian_polynomial_derivative(n, g, t) * (-1) ** n  # (−i/2π)^n: sign  # noqa: E731
    assert P.check_gaussian_polynomial_derivative(wrong, points=pts).verdict == "refuted"


# ------------------------------------------------------------------------ fourier.shifted-gaussian-inverse

def test_shifted_gaussian_inverse():
    pts = (("2", "0.5", "0.3"), ("0.7", "-1.2", "-0.8"))
    v = P.check_shifted_gaussian_inverse(P.paper_shifted_gaussian_inverse, points=pts)
    assert v.verdict == "refuted" and v.corrected
    assert P.check_shifted_gaussian_inverse(fr.shifted_gaussian_inverse, points=pts).verdict == "verified"
    # at a = 1 the paper's formula is right: the check must not refute it there
    assert P.check_shifted_gaussian_inverse(P.paper_shifted_gaussian_inverse, points=(("1", "0.3", "0.5"),)).verdict == "verified"
    # sign of the phase flipped
    conj = lambda a, b, x: mpmath.conj(fr.shifted_gaussian_inverse(a, b, x))  # noqa: E731
    assert P.check_shifted_gaussian_inverse(conj, points=pts).verdict == "refuted"


def test_shifted_gaussian_special():
    pts = (("1", "1", "0.4"),)
    assert P.check_shifted_gaussian_special(P.paper_shifted_gaussian_special, points=pts).verdict == "refuted"
    right = lambda g, e, x: mpmath.sqrt(g / PI) * mpmath.exp(-g * x**2 + 1j * PI * g * x / e)  # noqa: E731
    assert P.check_shifted_gaussian_special(right, points=pts + (("0.5", "2", "-0.7"),)).verdict == "verified"
    wrong = lambda g, e, x: mpmath.sqrt(g / PI) * mpmath.exp(-g * x**2 - 1j * PI * g * x / e)  # noqa: E731
    assert P.check_shifted_gaussian_special(wrong, points=pts).verdict == "refuted"


# ------------------------------------------------------------------------ Step 3 algebra

def test_complete_square():
    assert P.check_complete_square(P.PAPER_COMPLETE_SQUARE_RHS).verdict == "verified"
    t, g, e = P._T, P._G, P._E
    wrong = (sp.pi * t / sp.sqrt(g) - sp.pi * sp.sqrt(g) / (2 * e)) ** 2 - sp.pi**2 * g / 4  # the η² dropped
    v = P.check_complete_square(wrong)
    assert v.verdict == "refuted" and "witness" in v.evidence


def test_delta_plus():
    v = P.check_delta_plus_completed(P.paper_delta_plus_completed)
    assert v.verdict == "refuted" and v.corrected and r"4\eta^2" in v.corrected
    assert P.check_delta_plus_completed(P.corrected_delta_plus_completed).verdict == "verified"
    # at η = 1 only, the paper's display is right
    assert P.check_delta_plus_completed(P.paper_delta_plus_completed, points=((2, "0.5", "1", "0.3"),)).verdict == "verified"


def test_hermite_shift():
    v = P.check_hermite_shift(P.paper_hermite_shift)
    assert v.verdict == "refuted" and v.evidence["witness"]["n"] == 1
    assert all(r["second_line_equals_first"] for r in v.evidence["rows"])
    assert P.check_hermite_shift(P.corrected_hermite_shift).verdict == "verified"
    # wrong binomial power (3C instead of 2C)
    wrong = lambda n: (-1) ** n * sum(sp.binomial(n, k) * sp.hermite(k, P._X - P._C) * (3 * P._C) ** (n - k)  # noqa: E731
                                      for k in range(n + 1))
    assert P.check_hermite_shift(wrong, degrees=range(3)).verdict == "refuted"


def test_delta_inverse():
    pts = ((1, "0.5", "2", "-0.4"),)
    v = P.check_delta_inverse(partial(P.paper_delta_inverse, 1), partial(P.paper_delta_inverse, -1), points=pts)
    assert v.verdict == "refuted" and v.corrected
    ok = P.check_delta_inverse(partial(P.corrected_delta_inverse, 1), partial(P.corrected_delta_inverse, -1), points=pts)
    assert ok.verdict == "verified"
    swapped = P.check_delta_inverse(partial(P.corrected_delta_inverse, -1), partial(P.corrected_delta_inverse, 1), points=pts)
    assert swapped.verdict == "refuted"


def test_convolution_form():
    pts = (("2", "0.4"),)
    assert P.check_convolution_form(P.paper_convolution_form, points=pts).verdict == "refuted"
    assert P.check_convolution_form(P.corrected_convolution_form, points=pts).verdict == "verified"
    # at η = 1 the two coincide
    assert P.check_convolution_form(P.paper_convolution_form, points=(("1", "0.4"),)).verdict == "verified"


# ------------------------------------------------------------------------ cert.closed-form

SMALL = dict(polys=("x^2 - x/3 + 1/5", "x^5 - x^2 + 2/3*x"), params=(("1", "1"), ("0.5", "2")), zs=("0.3",))


def test_closed_form_paper_refuted_with_certified_witness_and_correction():
    v = P.check_closed_form(cert.paper_a_phi_function, **SMALL)
    assert v.verdict == "refuted"
    assert v.corrected == cert.CORRECTED_LATEX
    assert all(r["certified_mismatch"] and not r["holds"] for r in v.evidence["readings"].values())
    assert v.evidence["corrected_readings"]["plus"]["holds"]


@pytest.mark.parametrize("family, expected", [
    (cert.corrected_a_phi_function, "verified"),
    # wrong constant: 1/(2π) in place of 1/π
    (lambda f, g, e: (lambda b, h=cert.corrected_a_phi_function(f, g, e): h(b) / 2), "refuted"),
    # wrong sign of the shift iπ/2
    (lambda f, g, e: (lambda b, h=cert.corrected_a_phi_function(f, g, e): -h(b)), "refuted"),
])
def test_closed_form_perturbed_families(family, expected):
    v = P.check_closed_form(family, polys=("x^2 - x/3 + 1/5",), params=(("0.5", "2"),), zs=("0.3",))
    assert v.verdict == expected


# ------------------------------------------------------------------------ cert.sup-bound

GRID = dict(degrees=(1, 3), gammas=tuple(10 ** (-k / 2) for k in range(4, 11)), etas=(2, 1, 0.5, 0.3))


def test_sup_bound_paper_refuted_with_exponents():
    v = P.check_sup_bound(P.paper_sup_bound, **GRID)
    assert v.verdict == "refuted"
    assert v.corrected == P.PROVED_SUP_BOUND_LATEX and v.evidence["proved_bound_max_log10_ratio_on_grids"] <= 0
    fits = v.evidence["gamma_fits"]
    for q in ("1", "3"):
        assert abs(fits[q]["measured_gamma_exponent"] - fits[q]["predicted_exponent"]) < 0.02
        assert abs(fits[q]["claimed_gamma_exponent_fitted"] + (int(q) - 2) / 2) < 0.02


def valid_bound(q, gamma, eta):
    """A proved bound for the corrected a with f = x^q: (2^q/π) e^{π²γ/(4η²)} max((q/(2eγ))^{q/2}, (π/(2η))^q)."""
    return 2**q / PI * mpmath.exp(PI**2 * gamma / (4 * eta**2)) * max((q / (2 * mpmath.e * gamma)) ** (mpmath.mpf(q) / 2),
                                                                      (PI / (2 * eta)) ** q)


def test_sup_bound_valid_bound_not_refuted_and_wrong_power_refuted():
    assert P.check_sup_bound(valid_bound, **GRID).verdict == "inconclusive"
    # the general proved bound reduces to valid_bound for f = x^q
    for q in (1, 3):
        f = [0] * q + [1]
        assert abs(P.proved_sup_bound(f, mpmath.mpf("0.01"), mpmath.mpf("0.7")) - valid_bound(q, mpmath.mpf("0.01"), mpmath.mpf("0.7"))) \
            < mpmath.mpf(10) ** -20 * valid_bound(q, mpmath.mpf("0.01"), mpmath.mpf("0.7"))
    # the measured exponent with the paper's η-dependence: still refuted (η direction)
    assert P.check_sup_bound(lambda q, g, e: g ** (-(mpmath.mpf(q) - 1) / 2) * e * mpmath.exp(PI**2 * g / 4),
                             **GRID).verdict == "refuted"
    # a wrong power γ^{−(q−3)/2} but with the right η factor: refuted (γ direction)
    wrong = lambda q, g, e: valid_bound(q, g, e) * g ** (mpmath.mpf(3) / 2)  # noqa: E731
    v = P.check_sup_bound(wrong, **GRID)
    assert v.verdict == "refuted" and v.evidence["witness"]["gamma_direction"]


def test_step4_modulus():
    assert P.check_step4_modulus(P.paper_step4_modulus_rhs).verdict == "refuted"
    assert P.check_step4_modulus(P.valid_step4_modulus_rhs).verdict == "verified"
    half = lambda cs, G, E, X: P.valid_step4_modulus_rhs(cs, G, E, X) / 10  # noqa: E731
    assert P.check_step4_modulus(half).verdict == "refuted"


def test_gaussian_monomial_max():
    assert P.check_gaussian_monomial_max(P.paper_gaussian_monomial_max, ks=(1, 3), gammas=("0.3", "7")).verdict == "verified"
    wrong = lambda k, g: (k / (mpmath.e * g)) ** (mpmath.mpf(k) / 2)  # noqa: E731
    assert P.check_gaussian_monomial_max(wrong, ks=(1, 3), gammas=("0.3",)).verdict == "refuted"


# ------------------------------------------------------------------------ thm6

def test_gaussian_window_paper_verified():
    v = P.check_gaussian_window(gammas=("1e-6", "0.5", "1e6"))
    assert v.verdict == "verified" and v.evidence["certified_cover"] is True


@pytest.mark.parametrize("kind", ["identity", "intermediate", "bound"])
def test_gaussian_window_perturbed(kind):
    args = dict(claimed_identity=P.paper_window_identity, claimed_intermediate=P.paper_window_intermediate,
                claimed_bound=P.paper_window_bound, gammas=("0.001", "0.5", "3"))
    if kind == "identity":  # wrong constant: 1/√(1+3γ)
        args["claimed_identity"] = lambda g: 1 - 2 / mpmath.sqrt(1 + 2 * g) + 1 / mpmath.sqrt(1 + 3 * g)
    elif kind == "intermediate":  # wrong power: 1 − 1/(1+2γ)^{1/4} is below E at large γ? use 1 − 1/(1+4γ)^{1/2} − … a smaller one
        args["claimed_intermediate"] = lambda g: (1 - 1 / (1 + 4 * g).sqrt()) / 4 if hasattr(g, "sqrt") else \
            (1 - 1 / mpmath.sqrt(1 + 4 * g)) / 4
    else:  # wrong power: 2γ²
        args["claimed_bound"] = lambda g: 2 * g * g
    assert P.check_gaussian_window(**args).verdict == "refuted"


def test_approximation_error():
    v = P.check_approximation_error(P.paper_window_bound, polys=("2*x", "x"), gammas=("0.1", "1"))
    assert v.verdict == "refuted" and v.evidence["witness"]["f"] == "2*x"
    assert P.check_approximation_error(lambda g: 1000 * g, polys=("2*x", "x"), gammas=("0.1", "1")).verdict == "verified"


def test_step1_sup_bound():
    assert P.check_step1_sup_bound(None, polys=("1",), gammas=("0.05",)).verdict == "refuted"
    # with the factor 10^6 (a valid constant for these f) the inequality holds
    assert P.check_step1_sup_bound(lambda fv: 10**6, polys=("1", "x"), gammas=("0.05", "2")).verdict == "verified"


def test_sign_flip():
    assert P.check_sign_flip(-1).verdict == "verified"
    assert P.check_sign_flip(1).verdict == "refuted"


@pytest.mark.slow
def test_every_claim_runs_with_a_verdict():
    for c in P.CLAIMS:
        v = c.check()
        assert v.verdict in ("verified", "refuted", "inconclusive"), (c.id, v.detail)
        if v.verdict == "refuted":
            assert "witness" in v.evidence, c.id
        assert "tolerance" in v.evidence, c.id


def test_fourier_a_phi():
    v = P.check_fourier_a_phi(P.paper_fourier_a_phi)
    assert v.verdict == "refuted" and v.corrected and r"\sinh" in v.corrected
    assert v.evidence["readings"]["scaled"]["rows"][0]["certified_excludes_claimed"] is True
    assert P.check_fourier_a_phi(P.corrected_fourier_a_phi).verdict == "verified"
    wrong = lambda f, g, e, t: P.corrected_fourier_a_phi(f, g, e, t) * PI / 8  # the paper's constant i/8  # noqa: E731
    assert P.check_fourier_a_phi(wrong).verdict == "refuted"


# ------------------------------------------------------------------------ properties over the assumption domains

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from flint import arb, ctx  # noqa: E402


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.floats(min_value=-7.0, max_value=7.0))
def test_property_window_chain_certified(log10_gamma):
    # E(γ) < 1 − 1/√(1+2γ) < 2γ as arb balls at γ = 10^u, u ∈ [−7, 7]
    old = ctx.prec
    ctx.prec = 200
    try:
        g = arb(10) ** arb(repr(round(log10_gamma, 6)))
        E = P.paper_window_identity(g)
        assert isinstance(E, arb)
        assert E < P.paper_window_intermediate(g) < P.paper_window_bound(g)
    finally:
        ctx.prec = old


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=8), st.fractions(min_value=-3, max_value=3, max_denominator=50),
       st.fractions(min_value=0, max_value=3, max_denominator=50))
def test_property_hermite_addition_theorem(n, x, c):
    # the corrected display (2, 39) at rational points, exactly; the paper's differs by a nonzero polynomial for n ≥ 1
    # (it can still vanish at isolated points, e.g. n = 2, X = C = 1)
    X, C = sp.Rational(x.numerator, x.denominator), sp.Rational(c.numerator, c.denominator)
    lhs = (-1) ** n * sp.hermite(n, X)
    assert sp.expand(P.corrected_hermite_shift(n).subs({P._X: X, P._C: C}) - lhs) == 0
    paper_poly = sp.expand(P.paper_hermite_shift(n) - (-1) ** n * sp.hermite(n, P._X))
    assert (paper_poly == 0) == (n == 0)
    if C == 0:
        assert paper_poly.subs({P._X: X, P._C: 0}) == 0


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow], max_examples=15)
@given(st.floats(min_value=0.01, max_value=3.0), st.floats(min_value=0.3, max_value=3.0))
def test_property_proved_sup_bound(gamma, eta):
    # the corrected a's sup never exceeds the proved bound (f = x^3 − x/2 + 1/3, mixed signs and degrees)
    f = ["1/3", "-1/2", "0", "1"]
    g = cert.corrected_a_phi_function(f, gamma, eta)
    sup, _ = cert.sup_abs(g, scale=eta / math.sqrt(gamma), points=121)
    assert sup <= P.proved_sup_bound([mpmath.mpf(1) / 3, -mpmath.mpf(1) / 2, 0, 1], gamma, eta)
