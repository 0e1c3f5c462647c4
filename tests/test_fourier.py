"""Tests for theorycheck.fourier: transforms from the definition, certified balls, closed forms, log helpers.

Convention ĥ(t) = ∫ h(x) e^{−2πitx} dx. Reference values and their provenance:

* ∫ sech(x) cos(ωx) dx = π sech(πω/2)  (Gradshteyn–Ryzhik 3.981.3; ω = 2πt gives π sech(π²t)).
* ∫ sech²(x) cos(ωx) dx = πω / sinh(πω/2)  (GR 3.982.1 with β = 1, doubled for the whole line).
* ∫ e^{−γx²} e^{−2πitx} dx = √(π/γ) e^{−π²t²/γ}  (DLMF 7.7.? / GR 3.896.4 with b = 2πt).
* ∫ x e^{−γx²} e^{−2πitx} dx = −iπt/γ · √(π/γ) e^{−π²t²/γ}  (derivative of the previous in t, times i/2π).
* tanh − sign: its transform plus that of sign, 1/(πit) (principal value; e.g. Bracewell, "The Fourier
  Transform and its Applications", table of transforms: sgn x ↔ 1/(iπs)).
Numbers below were computed independently with mpmath 1.3 from the closed forms at 40 digits.
"""

from __future__ import annotations

import math

import mpmath
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from theorycheck import fourier as fr

pytestmark = pytest.mark.usefixtures("fixed_precision")


TOL = mpmath.mpf(10) ** -25

# (t, π sech(π² t)) -- GR 3.981.3; values from mpmath at 40 digits
SECH_TABLE = [
    ("0", "3.141592653589793238462643383279502884197"),
    ("0.3", "0.3244314091424324305415611216283966951557"),
    ("-0.7", "0.006277101105882955139935125009236255586227"),
]


@pytest.mark.parametrize("t, value", SECH_TABLE)
def test_sech_reference_table(t, value):
    assert abs(fr.sech_transform(mpmath.mpf(t)) - mpmath.mpf(value)) < mpmath.mpf(10) ** -28
    assert abs(fr.sech_transform_definition(mpmath.mpf(t)) - mpmath.mpf(value)) / mpmath.mpf(value) < TOL


@pytest.mark.parametrize("t", ["0.3", "-1.1", "3"])
def test_sech_certified_ball_contains_closed_form(t):
    ball = fr.sech_transform_certified(t, prec=200)
    assert fr.arb_contains(ball, fr.sech_transform(mpmath.mpf(t)))
    # and excludes the closed form with π in place of π² (a wrong power): disjoint balls prove the mismatch
    assert fr.arb_disjoint(ball, mpmath.pi * mpmath.sech(mpmath.pi * mpmath.mpf(t)))


def test_sech2_reference_and_tanh_two_routes():
    t = mpmath.mpf("0.3")
    # GR 3.982.1: π ω / sinh(π ω / 2), ω = 2πt
    w = 2 * mpmath.pi * t
    ref = mpmath.pi * w / mpmath.sinh(mpmath.pi * w / 2)
    assert abs(fr.sech2_transform_definition(t) - ref) / ref < TOL
    assert abs(fr.sech2_transform(t) - ref) / ref < TOL
    pv = fr.tanh_transform_definition(t)
    via = fr.tanh_transform_via_sech2(t)
    assert abs(pv - via) / abs(pv) < TOL
    assert abs(pv - fr.tanh_transform(t)) / abs(pv) < TOL
    # the paper's −4i csch(π²t) is off by 4/π
    paper = -4j * mpmath.csch(mpmath.pi**2 * t)
    assert abs(paper / pv - 4 / mpmath.pi) < TOL


def test_tanh_certified_ball():
    ball = fr.tanh_minus_sign_certified("0.3")
    assert fr.arb_contains(ball, fr.tanh_transform(mpmath.mpf("0.3")))
    assert fr.arb_disjoint(ball, -4j * mpmath.csch(mpmath.pi**2 * mpmath.mpf("0.3")))


def test_tanh_small_t_matches_sign():
    # t → 0: \widehat{tanh}(t) = −i/(πt) + iπ³t/6 + O(t³) (csch x = 1/x − x/6 + …):
    # the difference to sign's transform → 0
    for t in ("0.01", "-0.001"):
        tt = mpmath.mpf(t)
        v = fr.tanh_transform_definition(tt)
        # next term 7π⁷t³/360 ≈ 58.7 t³
        assert abs(v - fr.sign_transform(tt) - 1j * mpmath.pi**3 * tt / 6) < abs(tt) ** 3 * 70
        assert abs(v - fr.tanh_transform(tt)) / abs(v) < TOL


def test_tanh_transform_is_odd_and_undefined_at_zero():
    t = mpmath.mpf("0.45")
    assert abs(fr.tanh_transform(t) + fr.tanh_transform(-t)) < TOL
    with pytest.raises(ValueError):
        fr.tanh_transform(0)
    with pytest.raises(ValueError):
        fr.tanh_transform_definition(0)


def test_sech_convolution_reference_and_certified():
    # π² I(t) = \widehat{sech²}(t) (convolution theorem) so I(t) = 2t csch(π²t); at t = 0, ∫ sech² = 2/π² after scaling
    assert abs(fr.sech_convolution_definition(0) - 2 / mpmath.pi**2) < TOL
    for t in ("0.3", "-0.6", "2"):
        tt = mpmath.mpf(t)
        v = fr.sech_convolution_definition(tt)
        assert abs(v - fr.sech_convolution(tt)) / v < TOL
        assert abs(mpmath.pi**2 * v - fr.sech2_transform(tt)) / v < TOL
    ball = fr.sech_convolution_certified("0.3")
    assert fr.arb_contains(ball, fr.sech_convolution(mpmath.mpf("0.3")))
    assert fr.arb_disjoint(ball, 4 * mpmath.mpf("0.3") * mpmath.csch(mpmath.pi**2 * mpmath.mpf("0.3")))


# Gaussian polynomial: n = 0 and n = 1 references (GR 3.896.4 and its t-derivative)
@pytest.mark.parametrize("gamma, t", [("0.7", "0.4"), ("2.5", "-1.1"), ("0.3", "0")])
def test_gaussian_polynomial_references(gamma, t):
    g, tt = mpmath.mpf(gamma), mpmath.mpf(t)
    ref0 = mpmath.sqrt(mpmath.pi / g) * mpmath.exp(-(mpmath.pi**2) * tt**2 / g)
    ref1 = -1j * mpmath.pi * tt / g * ref0
    assert abs(fr.gaussian_polynomial_transform(0, g, tt) - ref0) < TOL
    assert abs(fr.gaussian_polynomial_transform(1, g, tt) - ref1) < TOL
    assert abs(fr.gaussian_polynomial_transform_definition(1, g, tt) - ref1) < TOL
    ball = fr.gaussian_polynomial_transform_certified(1, gamma, t)
    assert fr.arb_contains(ball, ref1)


@pytest.mark.parametrize("n", range(6))
def test_gaussian_polynomial_closed_form_vs_certified_and_derivative_form(n):
    g, t = "0.7", "0.4"
    ball = fr.gaussian_polynomial_transform_certified(n, g, t)
    closed = fr.gaussian_polynomial_transform(n, mpmath.mpf(g), mpmath.mpf(t))
    assert fr.arb_contains(ball, closed)
    deriv = fr.gaussian_polynomial_transform_derivative_form(n, mpmath.mpf(g), mpmath.mpf(t))
    assert abs(deriv - closed) < mpmath.mpf(10) ** -20


def test_shifted_gaussian_inverse_reference():
    # a = 1: the paper's formula and the correct one agree; a = 2: they differ in the phase
    for a, b, x in (("1", "0.3", "0.5"), ("2", "0.5", "0.3"), ("0.7", "-1.2", "-0.8")):
        A, B, X = map(mpmath.mpf, (a, b, x))
        v = fr.shifted_gaussian_inverse_definition(A, B, X)
        assert abs(v - fr.shifted_gaussian_inverse(A, B, X)) < TOL


def test_inverse_and_forward_round_trip():
    # forward transform of the Gaussian, then inverse from the definition, returns the Gaussian (γ = 0.7, x = 0.35)
    g, x = mpmath.mpf("0.7"), mpmath.mpf("0.35")
    back = fr.inverse_transform_definition(
        lambda t: fr.gaussian_polynomial_transform(0, g, t), x, scale=mpmath.sqrt(g) / mpmath.pi
    )
    assert abs(back - mpmath.exp(-g * x**2)) < TOL


# ---------------------------------------------------------------- log-space helpers (float edge cases)


@pytest.mark.parametrize("t", [1e-12, 1e-3, 0.5, 10.0, 80.0, 1e4, -3.0])
def test_log_sech_and_csch_edges(t):
    with mpmath.workdps(40):
        ref_sech = mpmath.log(mpmath.sech(mpmath.pi**2 * mpmath.mpf(t)))
        ref_csch = mpmath.log(abs(mpmath.csch(mpmath.pi**2 * mpmath.mpf(t))))
    got_s, got_c = fr.log_sech_pi2(t), fr.log_abs_csch_pi2(t)
    assert math.isfinite(got_s) and math.isfinite(got_c)
    assert abs(got_s - float(ref_sech)) <= 1e-12 * max(1.0, abs(float(ref_sech)))
    assert abs(got_c - float(ref_csch)) <= 1e-12 * max(1.0, abs(float(ref_csch)))


def test_log_csch_where_float_underflows():
    # csch(π²·100) ≈ 2e^{−987} underflows in float64; the log helper is exact to rounding
    assert math.exp(-(math.pi**2) * 100) == 0.0
    assert fr.log_abs_csch_pi2(100.0) == pytest.approx(math.log(2) - math.pi**2 * 100, rel=1e-15)
    with pytest.raises(ValueError):
        fr.log_abs_csch_pi2(0.0)


# ---------------------------------------------------------------- properties over the assumption domain


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.floats(min_value=-1.5, max_value=1.5, allow_nan=False))
def test_property_sech_certified_contains_closed_form(t):
    t = round(t, 6)
    ball = fr.sech_transform_certified(repr(t), prec=100)
    assert fr.arb_contains(ball, fr.sech_transform(mpmath.mpf(repr(t))))


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.floats(min_value=0.05, max_value=2.0), st.sampled_from([-1, 1]))
def test_property_tanh_certified_contains_corrected(t, sign):
    t = sign * round(t, 6)
    ball = fr.tanh_minus_sign_certified(repr(t), prec=100)
    assert fr.arb_contains(ball, fr.tanh_transform(mpmath.mpf(repr(t))))


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    st.integers(min_value=0, max_value=5),
    st.floats(min_value=0.1, max_value=5.0),
    st.floats(min_value=-1.5, max_value=1.5),
)
def test_property_gaussian_polynomial_certified(n, gamma, t):
    gamma, t = round(gamma, 5), round(t, 5)
    ball = fr.gaussian_polynomial_transform_certified(n, repr(gamma), repr(t), prec=100)
    assert fr.arb_contains(ball, fr.gaussian_polynomial_transform(n, mpmath.mpf(repr(gamma)), mpmath.mpf(repr(t))))


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    st.floats(min_value=0.2, max_value=4.0),
    st.floats(min_value=-2, max_value=2),
    st.floats(min_value=-1.5, max_value=1.5),
)
def test_property_shifted_gaussian_hermitian_symmetry(a, b, x):
    # the inverse transform of a real function satisfies ȟ(−x) = conj(ȟ(x)); the closed form must too
    A, B, X = mpmath.mpf(a), mpmath.mpf(b), mpmath.mpf(x)
    v, w = fr.shifted_gaussian_inverse(A, B, X), fr.shifted_gaussian_inverse(A, B, -X)
    assert abs(v - mpmath.conj(w)) < mpmath.mpf(10) ** -25 * max(1, abs(v))


def test_remembered_fourier_values_follow_what_the_function_reads():
    """The in-process memos of fourier.py: an mpf t is read as str(t) at mpmath's precision, so a certified ball
    of an mpf is computed afresh (never a ball remembered at another precision); keyword calls work as before."""
    import mpmath

    def exact(ball):  # midpoints and radii of both parts, as exact (mantissa, exponent) pairs
        return tuple(x.man_exp() for part in (ball.real, ball.imag) for x in (part.mid(), part.rad()))

    t = mpmath.mpf("0.3")
    with mpmath.workdps(15):
        low = fr.sech_transform_certified(t, prec=120)
        assert exact(low) == exact(fr.sech_transform_certified.uncached(t, prec=120))
    with mpmath.workdps(40):
        high = fr.sech_transform_certified(t, prec=120)
        assert exact(high) == exact(fr.sech_transform_certified.uncached(t, prec=120))
    assert exact(low) != exact(high)  # str(t) differs between 15 and 40 digits: a precision-blind key would fail
    remembered = fr.sech_transform_certified("0.3", prec=60)
    assert exact(remembered) == exact(fr.sech_transform_certified.uncached("0.3", prec=60))
    assert fr.sech_transform_definition(t="0.3", dps=20) == fr.sech_transform_definition.uncached("0.3", dps=20)
    with pytest.raises(TypeError):
        fr.sech_transform_definition("0.3", "0.4")
