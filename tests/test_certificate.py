"""Tests for theorycheck.certificate: the second layer a(b) of Theorem 6 (Part 2 §3.3).

The oracle is the definition: E_b[a(b) tanh(ηz + b)] = ∫ a(b)φ(b) tanh(ηz + b) db by quadrature
(mpmath, 30 digits) or as a certified ball (python-flint), compared with f_γ(z) = f(z)e^{−γz²}.
"""

from __future__ import annotations

import mpmath
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from theorycheck import certificate as cert
from theorycheck.errors import InputError

pytestmark = pytest.mark.usefixtures("fixed_precision")


POLYS = ["x + 1/2", "x^2 - x/3 + 1/5", "x^3 - 2*x + 1/4", "x^4 + x^3/2 - x", "x^5 - x^2 + 2/3*x"]


@pytest.mark.parametrize("f", POLYS)
def test_corrected_form_reconstructs_certified(f):
    # certified balls: reconstruction and f_γ(z) agree to ≥ 20 digits for degree 1..5
    for gamma, eta, z in (("1", "1", "0.3"), ("0.5", "2", "-1.2"), ("2", "0.75", "2")):
        val, target = cert.certified_reconstruction(f, gamma, eta, z, form="corrected", mode="plus", prec=110)
        assert val.real.overlaps(target.real)
        assert float(val.real.rad()) < 1e-20
        assert abs(float((val - target).real.mid())) < 1e-20


def test_corrected_form_reconstructs_by_mpmath_quadrature():
    f, gamma, eta = "x^3 - 2*x + 1/4", mpmath.mpf("0.25"), mpmath.mpf("0.5")
    g = cert.corrected_a_phi_function(f, gamma, eta)
    for z in ("0.3", "-1.2"):
        r = cert.reconstruct(g, eta, mpmath.mpf(z), scale=eta / mpmath.sqrt(gamma))
        assert abs(r - cert.f_gamma(f, gamma, mpmath.mpf(z))) < mpmath.mpf(10) ** -25


def test_corrected_minus_reading():
    f, gamma, eta, z = "x^2 + x", mpmath.mpf(1), mpmath.mpf("1.5"), mpmath.mpf("0.4")
    g = cert.corrected_a_phi_minus_function(f, gamma, eta)
    r = cert.reconstruct(g, eta, z, scale=eta / mpmath.sqrt(gamma), mode="minus")
    assert abs(r - cert.f_gamma(f, gamma, z)) < mpmath.mpf(10) ** -25


def test_corrected_form_equals_holomorphic_form_and_is_real():
    # (1/π) Im f_γ((iπ/2 − b)/η) equals (f_γ(w₊) − f_γ(w₋))/(2πi)
    f, gamma, eta = "x^4 + x^3/2 - x", mpmath.mpf("0.7"), mpmath.mpf("1.3")
    g = cert.corrected_a_phi_function(f, gamma, eta)
    for b in ("-2", "0", "0.77"):
        b = mpmath.mpf(b)
        wp, wm = (1j * mpmath.pi / 2 - b) / eta, (-1j * mpmath.pi / 2 - b) / eta
        holo = (cert.f_gamma(f, gamma, wp) - cert.f_gamma(f, gamma, wm)) / (2j * mpmath.pi)
        assert abs(mpmath.im(holo)) < mpmath.mpf(10) ** -28
        assert abs(mpmath.re(holo) - g(b)) < mpmath.mpf(10) ** -28


def test_paper_form_fails_every_reading_certified():
    f = "x^2 - x/3 + 1/5"
    for mode, flipped in (("plus", False), ("minus", False), ("plus", True), ("scaled", False)):
        val, target = cert.certified_reconstruction(f, "0.5", "2", "0.3", form="paper", mode=mode, flipped=flipped)
        assert not val.real.overlaps(target.real), (mode, flipped)


def test_paper_form_is_real():
    g = cert.paper_a_phi_function("x^3 - 2*x", mpmath.mpf(1), mpmath.mpf(2))
    assert isinstance(g(mpmath.mpf("0.3")), mpmath.mpf)


def test_flip_and_fgamma():
    f = cert.parse_polynomial("x^3 + 2*x^2 - x + 5")
    assert [str(c) for c in cert.flip(f).coefficients] == ["-5", "-1", "-2", "1"]
    assert cert.f_gamma("x", 1, mpmath.mpf(2)) == 2 * mpmath.exp(-4)


def test_corrected_value_at_zero_for_f_equal_x():
    # exact: a(0)φ(0) = e^{π²γ/(4η²)}/(2η) for f = x (used as the certified witness of cert.sup-bound)
    for gamma, eta in (("1", "0.5"), ("0.3", "2")):
        G, E = mpmath.mpf(gamma), mpmath.mpf(eta)
        g = cert.corrected_a_phi_function("x", G, E)
        assert abs(g(0) - mpmath.exp(mpmath.pi**2 * G / (4 * E**2)) / (2 * E)) < mpmath.mpf(10) ** -25


def test_sup_abs_against_closed_form():
    # sup_x e^{−γx²}|x|^k = (k/(2eγ))^{k/2}
    gamma = mpmath.mpf("0.3")
    sup, arg = cert.sup_abs(lambda x: mpmath.exp(-gamma * x**2) * x**3, scale=1 / mpmath.sqrt(gamma), dps=30)
    ref = (3 / (2 * mpmath.e * gamma)) ** mpmath.mpf(1.5)
    assert abs(sup - ref) / ref < 1e-12
    assert abs(abs(arg) - mpmath.sqrt(3 / (2 * gamma))) < 1e-5


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf"), "abc"])
def test_bad_gamma_eta(bad):
    with pytest.raises(InputError):
        cert.corrected_a_phi_function("x", bad, 1)
    with pytest.raises(InputError):
        cert.paper_a_phi_function("x", 1, bad)
    with pytest.raises(InputError):
        cert.certified_reconstruction("x", "1", str(bad), "0.3")


@pytest.mark.parametrize("bad_f", ["sin(x)", "x^(1/2)", "exp(x)", "x*y", "1/x"])
def test_non_polynomial_f(bad_f):
    with pytest.raises(InputError):
        cert.corrected_a_phi_function(bad_f, 1, 1)


def test_non_rational_coefficients():
    with pytest.raises(InputError):
        cert.parse_polynomial(["abc", 1])
    with pytest.raises(InputError):
        cert.parse_polynomial(3.5j)


def test_unknown_mode():
    with pytest.raises(InputError):
        cert.reconstruct(lambda b: b, 1, 0, scale=1, mode="sideways")


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    st.integers(min_value=1, max_value=5),
    st.floats(min_value=0.2, max_value=3.0),
    st.floats(min_value=0.5, max_value=3.0),
    st.floats(min_value=-2.0, max_value=2.0),
)
def test_property_corrected_reconstructs(q, gamma, eta, z):
    # f = x^q + x/2 − 1/3 over the assumption domain γ, η > 0 (bounded), z real
    gamma, eta, z = round(gamma, 4), round(eta, 4), round(z, 4)
    f = ["-1/3", "1/2"] + ["0"] * (q - 1)
    f[q] = "3/2" if q == 1 else "1"
    val, target = cert.certified_reconstruction(f, repr(gamma), repr(eta), repr(z), form="corrected", prec=80)
    assert val.real.overlaps(target.real)
    assert abs(float((val - target).real.mid())) < 1e-15


def test_certified_transform_of_a_phi_matches_quadrature_and_closed_form():
    # scaled reading: \widehat{aφ}(t) = (iη/π) sinh(π²t/η) \hat f_γ(t) (derived); the ball must contain it
    from theorycheck import fourier as fr

    f, g, e, t = "x^2 - x/3 + 1/5", "0.5", "2", "-0.3"
    G, E, T = map(mpmath.mpf, (g, e, t))
    fh = sum(
        c * fr.gaussian_polynomial_transform(n, G, T) for n, c in enumerate([mpmath.mpf(1) / 5, -mpmath.mpf(1) / 3, 1])
    )
    closed = 1j * E / mpmath.pi * mpmath.sinh(mpmath.pi**2 * T / E) * fh
    ball = cert.certified_transform_a_phi(f, g, e, t, reading="scaled")
    assert fr.arb_contains(ball, closed)
    quad = fr.inverse_transform_definition(cert.corrected_a_phi_scaled_function(f, G, E), -T, scale=1 / mpmath.sqrt(G))
    assert abs(quad - closed) < mpmath.mpf(10) ** -25
    # plus/minus readings are mirror images: \widehat{g(−·)}(t) = ĝ(−t)
    bp = cert.certified_transform_a_phi(f, g, e, t, reading="plus")
    bm = cert.certified_transform_a_phi(f, g, e, "0.3", reading="minus")
    assert bp.real.overlaps(bm.real) and bp.imag.overlaps(bm.imag)
    with pytest.raises(InputError):
        cert.certified_transform_a_phi(f, g, e, t, reading="sideways")


def test_gamma_below_the_floats_is_accepted_and_exact():
    """γ = d^{−ε_p/(4(q+1))} underflows a float at d = 10^{10^6} (construct.F-*: the F bounds read a·φ and f_γ there
    from the library); a positive mpf below 1e-308 is a valid γ and gives the written-out closed form."""
    with mpmath.workdps(30):
        g = mpmath.mpf("1e-2500")
        b = mpmath.mpf("0.3")
        w = 1j * mpmath.pi / 2 - b
        by_hand = mpmath.im((w**3 - w) * mpmath.exp(-g * w**2)) / mpmath.pi
        assert abs(cert.corrected_a_phi_function("x**3 - x", g, mpmath.mpf(1))(b) - by_hand) < mpmath.mpf("1e-28")
        assert cert.f_gamma("x**3 - x", g, mpmath.mpf(2)) == 6
    for bad in (mpmath.mpf("-1e-2500"), mpmath.mpf(0), mpmath.inf):
        with pytest.raises(InputError):
            cert.f_gamma("x", bad, 1)
