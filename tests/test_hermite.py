"""Tests of theorycheck.hermite: Hermite polynomials, the coefficients α_n^b of tanh(· + b), targets.

Reference values (provenance beside each): computed on 2026-11-22 with mpmath 1.3.0 at 50 working
digits by the definition E[tanh(Z) He_n(Z)]/n!, and reproduced to all 35 digits by two other ways:
the derivative form E[tanh^{(n)}(Z)]/n! and the Parseval form with \\widehat{sech²}(t) = 2π²t/sinh(π²t);
α_1^0 and α_3^0 are also certified below with python-flint arb (acb.integral of the sech² form).
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
import sympy as sp
from flint import acb, arb, ctx
from hypothesis import given
from hypothesis import strategies as st

from theorycheck.errors import InputError
from theorycheck.hermite import (
    alpha_tanh,
    alpha_tanh_fast,
    h_numpy,
    h_rodrigues,
    h_sympy,
    he_all,
    he_numpy,
    he_rodrigues,
    he_sympy,
    normalised_alpha_tanh,
    tanh_derivative_expectation,
    tanh_derivative_poly,
    target_coefficients,
)
from theorycheck.target import PolynomialTarget

X = sp.Symbol("x", real=True)

# α_n^0 of tanh to 35 digits (definition = derivative = Parseval form, see module docstring).
REFERENCE = {
    1: "0.60570550960215882558354022755588044",
    3: "-0.06059922938016235824966130941173379",
}


# ----------------------------------------------------------------------------- polynomials


@pytest.mark.parametrize("n", range(0, 9))
def test_hermite_sympy_matches_paper_rodrigues_definition(n):
    assert sp.expand(he_sympy(n) - he_rodrigues(n)) == 0
    assert sp.expand(h_sympy(n) - h_rodrigues(n)) == 0


@pytest.mark.parametrize("n", [0, 1, 2, 5, 10, 15])
def test_numpy_hermite_matches_sympy(n):
    x = np.linspace(-4, 4, 17)
    he = sp.lambdify(X, he_sympy(n), "numpy")(x) * np.ones_like(x)
    h = sp.lambdify(X, h_sympy(n), "numpy")(x) * np.ones_like(x)
    assert np.allclose(he_numpy(n, x), he, rtol=1e-12, atol=1e-9)
    assert np.allclose(h_numpy(n, x), h, rtol=1e-12, atol=1e-9)
    # H_n(x) = 2^{n/2} He_n(√2 x)  (DLMF 18.7.19)
    assert np.allclose(h_numpy(n, x), 2 ** (n / 2) * he_numpy(n, math.sqrt(2) * x), rtol=1e-10, atol=1e-8)


@given(st.integers(0, 12), st.integers(0, 12))
def test_hermite_orthogonality(m, n):
    """E[He_m He_n] = n! δ_mn, exactly (SymPy polynomials, Gaussian moments E[Z^k] = (k−1)!!)."""
    from theorycheck.target import gaussian_moment

    prod = sp.Poly(he_sympy(m) * he_sympy(n), X)
    val = sum(int(c) * gaussian_moment(k) for (k,), c in prod.terms())
    assert val == (math.factorial(n) if m == n else 0)
    # and in float64 by Gauss–Hermite (exact for degree ≤ 39 up to rounding of size √(m! n!))
    z, w = np.polynomial.hermite_e.hermegauss(20)
    fl = float(np.sum(w * he_numpy(m, z) * he_numpy(n, z)) / math.sqrt(2 * math.pi))
    assert abs(fl - val) <= 1e-12 * math.sqrt(math.factorial(m) * math.factorial(n)) * 100


def test_he_all_stacks_orders():
    x = np.array([0.3, -1.2])
    H = he_all(4, x)
    assert H.shape == (5, 2)
    assert np.allclose(H[3], x**3 - 3 * x)


def test_tanh_derivative_polynomials():
    t = sp.Symbol("t")
    for n in range(6):
        P = sum(c * t**k for k, c in enumerate(tanh_derivative_poly(n)))
        assert sp.simplify(P.subs(t, sp.tanh(X)) - sp.diff(sp.tanh(X), X, n)) == 0


# ----------------------------------------------------------------------------- α_n^b: precise path


@pytest.mark.parametrize("n", sorted(REFERENCE))
@pytest.mark.parametrize("method", ["definition", "derivative", "parseval"])
def test_reference_values_three_methods(n, method):
    with mpmath.workdps(40):
        val = alpha_tanh(n, 0, dps=35, method=method)
        assert abs(val - mpmath.mpf(REFERENCE[n])) < mpmath.mpf(10) ** -34


def test_reference_values_certified_with_arb():
    with ctx.workprec(130):
        phi = lambda x: (-(x * x) / 2).exp() / (2 * arb.pi()).sqrt()  # noqa: E731
        # α_1^0 = E[sech² Z]; α_3^0 = E[tanh'''(Z)]/6 with tanh''' = sech²·(6 tanh² − 2). Tails beyond 16 < e^{-128}.
        a1 = acb.integral(lambda x, an: x.sech() ** 2 * phi(x), -16, 16).real
        a3 = acb.integral(lambda x, an: x.sech() ** 2 * (6 * x.tanh() ** 2 - 2) * phi(x), -16, 16).real / 6
        tail = arb(0, arb(-128).exp().upper())
        assert (a1 + tail).overlaps(arb(REFERENCE[1]) + arb(0, 1e-35)) and (a1 + tail).rad() < 1e-30
        assert (a3 + tail).overlaps(arb(REFERENCE[3]) + arb(0, 1e-35)) and (a3 + tail).rad() < 1e-30


@pytest.mark.parametrize("n,b", [(0, 0.7), (2, -3.0), (5, 10.0), (8, -10.0), (13, 4.5), (20, 0.3), (20, -10.0)])
def test_precise_methods_agree_across_range(n, b):
    """Definition against the Parseval form (or the derivative form for n = 0) to 30 digits, n ≤ 20, |b| ≤ 10."""
    with mpmath.workdps(40):
        a = alpha_tanh(n, b, dps=32)
        c = alpha_tanh(n, b, dps=32, method="parseval" if n else "derivative")
        assert abs(a - c) <= mpmath.mpf(10) ** -30 * max(abs(a), mpmath.mpf(10) ** -30)


def test_scaled_coefficients_and_derivative_expectations():
    # α^{b,r}_n = r^n E[σ^{(n)}(rZ + b)]/n!: definition vs Parseval at r = 1.3
    with mpmath.workdps(30):
        for n in (1, 2, 4):
            a = alpha_tanh(n, "0.4", dps=25, scale="1.3")
            c = alpha_tanh(n, "0.4", dps=25, scale="1.3", method="parseval")
            assert abs(a - c) < mpmath.mpf(10) ** -22
        e = tanh_derivative_expectation(1, "0.4", scale="1.3", dps=25)
        assert abs(e - alpha_tanh(1, "0.4", dps=25, scale="1.3") / mpmath.mpf("1.3")) < mpmath.mpf(10) ** -22


def test_normalised_convention():
    with mpmath.workdps(30):
        assert (
            abs(normalised_alpha_tanh(3, 0, dps=25) - mpmath.sqrt(6) * mpmath.mpf(REFERENCE[3])) < mpmath.mpf(10) ** -23
        )


# ----------------------------------------------------------------------------- fast path vs precise

FAST_BS = np.array([-10.0, -6.0, -2.5, -0.8, 0.0, 0.35, 1.7, 4.0, 7.5, 10.0])
#: stated accuracy of the fast path (max relative error against the 25-digit values)
FAST_TOL = {range(0, 9): 1e-12, range(9, 13): 1e-9, range(13, 17): 1e-6, range(17, 21): 1e-2}


def _precise_table(ns):
    return {
        (n, b): float(alpha_tanh(n, float(b), dps=20, method="parseval" if n else "derivative"))
        for n in ns
        for b in FAST_BS
    }


def _trapezoid_table(nmax, b, step, cut=16, dps=45):
    r"""α^b_0, …, α^b_nmax from the definition E[tanh(Z + b) He_n(Z)]/n!, all orders on the same nodes: the
    trapezoid rule with step ``step`` on [−cut, cut] at ``dps`` digits, He_n by the three-term recurrence.

    Independent of the fast path (definition form, not the derivative form; mpmath, not float64) and of
    :func:`alpha_tanh` (no mpmath.quad). The integrand is analytic in |Im z| < π/2, so the rule converges
    like e^{−π²/step}; the tail beyond |z| = 16 is below 16^20 e^{−128} < 1e-31 before the division by n!.
    The test below measures the error a posteriori (step vs step/2) and against alpha_tanh at a few (n, b)."""
    with mpmath.workdps(dps):
        h, b = mpmath.mpf(step), mpmath.mpf(b)
        acc = [mpmath.mpf(0)] * (nmax + 1)
        for k in range(-int(mpmath.ceil(cut / h)), int(mpmath.ceil(cut / h)) + 1):
            z = k * h
            wt = mpmath.tanh(z + b) * mpmath.exp(-z * z / 2)
            prev, cur = mpmath.mpf(1), z  # He_0, He_1
            acc[0] += wt
            if nmax >= 1:
                acc[1] += wt * z
            for m in range(1, nmax):
                prev, cur = cur, z * cur - m * prev
                acc[m + 1] += wt * cur
        return [h * a / (mpmath.sqrt(2 * mpmath.pi) * mpmath.factorial(m)) for m, a in enumerate(acc)]


@pytest.mark.slow
def test_fast_path_against_precise_all_orders(capsys):
    """The fast path against a 45-digit reference at all 210 (n, b), n ≤ 20 (one trapezoid sum per b for all
    orders, see _trapezoid_table), whose own accuracy is checked here: ≥ 25 digits by halving the step, and
    ≥ 20 digits against alpha_tanh (mpmath.quad, Parseval / derivative form) at three (n, b)."""
    ns = range(0, 21)
    ref = {}
    with mpmath.workdps(45):
        for b in FAST_BS:
            coarse = _trapezoid_table(20, float(b), mpmath.mpf(1) / 8)
            fine = _trapezoid_table(20, float(b), mpmath.mpf(1) / 16)
            for n in ns:
                scale = max(abs(fine[n]), mpmath.mpf(10) ** -20)  # parity zeros (b = 0, even n): absolute
                assert abs(coarse[n] - fine[n]) <= mpmath.mpf(10) ** -25 * scale, (n, b)
                ref[n, b] = float(fine[n])
            if b in (10.0, -2.5, 0.35):
                n0 = {10.0: 20, -2.5: 13, 0.35: 0}[b]
                quad = alpha_tanh(n0, float(b), dps=25, method="parseval" if n0 else "derivative")
                assert abs(fine[n0] - quad) <= mpmath.mpf(10) ** -20 * abs(quad), (n0, b)
    fast = alpha_tanh_fast(20, FAST_BS)
    worst = {}
    for n in ns:
        tol = next(t for r, t in FAST_TOL.items() if n in r)
        for k, b in enumerate(FAST_BS):
            r = ref[n, b]
            err = abs(fast[n, k] - r) / abs(r) if abs(r) > 1e-25 else abs(fast[n, k])  # parity zeros: absolute
            worst[n] = max(worst.get(n, 0.0), err)
            assert err <= tol, f"n={n} b={b}: relative error {err:.2e} > {tol:.0e}"
    with capsys.disabled():
        print("\nfast path max relative error by n:", {n: f"{e:.1e}" for n, e in worst.items()})


def test_fast_path_against_precise_low_orders():
    ns = (1, 3)
    ref = _precise_table(ns)
    fast = alpha_tanh_fast(3, FAST_BS)
    for n in ns:
        for k, b in enumerate(FAST_BS):
            r = ref[n, b]
            err = abs(fast[n, k] - r) / abs(r) if abs(r) > 1e-25 else abs(fast[n, k])  # parity zeros: absolute
            assert err <= 1e-12, (n, b, err)


def test_gauss_hermite_rule_is_less_accurate_but_close():
    gh = alpha_tanh_fast(3, [0.0, 2.0], rule="gauss-hermite", nodes=200)
    tr = alpha_tanh_fast(3, [0.0, 2.0])
    assert np.allclose(gh, tr, rtol=1e-6, atol=1e-12)


@given(st.integers(0, 10), st.floats(min_value=-10, max_value=10, allow_nan=False))
def test_parity_in_b(n, b):
    """α_n^{−b} = (−1)^{n+1} α_n^b (tanh is odd)."""
    vals = alpha_tanh_fast(n, [b, -b])
    assert abs(vals[n, 1] - (-1) ** (n + 1) * vals[n, 0]) <= 1e-12 * max(1.0, abs(vals[n, 0])) + 1e-15


@given(st.floats(min_value=-10, max_value=10, allow_nan=False))
def test_alpha1_is_expectation_of_sech2_and_positive(b):
    z = np.linspace(-14, 14, 20001)
    direct = np.trapezoid(np.exp(-(z**2) / 2) / np.cosh(z + b) ** 2, z) / math.sqrt(2 * math.pi)
    fast = alpha_tanh_fast(1, [b])[1, 0]
    assert fast > 0 and abs(fast - direct) <= 1e-9 * direct


def test_normalised_fast_path():
    a = alpha_tanh_fast(4, [0.5])
    c = alpha_tanh_fast(4, [0.5], normalised=True)
    assert np.allclose(c[:, 0], a[:, 0] * np.sqrt([1, 1, 2, 6, 24]))


# ----------------------------------------------------------------------------- targets and bad input


def test_target_coefficients_exact():
    from fractions import Fraction

    alpha = target_coefficients("x^3")  # x³ = He_3 + 3 He_1
    assert alpha == (Fraction(0), Fraction(3), Fraction(0), Fraction(1))
    c = target_coefficients("x^3", normalised=True)
    assert c[3] == sp.sqrt(6) and c[1] == 3


@pytest.mark.parametrize(
    "text,fragment", [("x^2 - 1", "α*_1"), ("x + 1", "α*_0"), ("x^3 - 3*x", "α*_1"), ("x^2", "α*_0")]
)
def test_assumption1_violations_reported(text, fragment):
    with pytest.raises(InputError, match=fragment.replace("*", r"\*")):
        PolynomialTarget.parse(text)


def test_centring_hint_only_where_it_leaves_a_valid_target():
    """x^2: subtracting its mean leaves x^2 − 1, whose information exponent is 2, so the error names both conditions
    instead of suggesting the subtraction (a new user followed it into the next error); x^2 + x: the hint stands."""
    with pytest.raises(InputError) as both:
        PolynomialTarget.parse("x^2")
    assert "subtract" not in str(both.value) and "α*_1" in str(both.value)
    with pytest.raises(InputError, match="subtract 1"):
        PolynomialTarget.parse("x^2 + x")
    PolynomialTarget.parse("x^2 + x - 1")  # the hint followed: a valid target


@pytest.mark.parametrize(
    "call",
    [
        lambda: alpha_tanh(-1, 0),
        lambda: alpha_tanh(1.5, 0),
        lambda: alpha_tanh(1, "inf"),
        lambda: alpha_tanh(1, 0, scale=0),
        lambda: alpha_tanh(1, 0, method="nope"),
        lambda: alpha_tanh(0, 0, method="parseval"),
        lambda: alpha_tanh_fast(2, [np.nan]),
        lambda: alpha_tanh_fast(2, [0.0], scale=-1),
        lambda: he_numpy(-2, 0.0),
    ],
)
def test_bad_input(call):
    with pytest.raises(InputError):
        call()


def test_poly_eval_skipping_zeros_is_bit_identical():
    """The definition integrand's Hermite factor skips Horner's additions of zero coefficients: the same mpf bits
    as _poly_eval (the reference), for every He_n, n ≤ 20, at several precisions and points (and for floats)."""
    from theorycheck.hermite import _poly_eval, _poly_eval_skipping_zeros

    rng = np.random.default_rng(0)
    points = [0.0, 1.0, -2.5, *rng.uniform(-40, 40, 40)]
    for n in range(21):
        he = [int(c) for c in sp.Poly(sp.hermite_prob(n, X), X).all_coeffs()[::-1]]
        for dps in (15, 36, 67):
            with mpmath.workdps(dps):
                for z in points:
                    zm = mpmath.mpf(z) / 3
                    assert _poly_eval_skipping_zeros(he, zm)._mpf_ == _poly_eval(he, zm)._mpf_, (n, dps, z)
        for z in points:
            assert _poly_eval_skipping_zeros(he, z / 3) == _poly_eval(he, z / 3)


def test_sech2_expectation_matches_the_30_digit_values_at_every_scale():
    """sech2_expectation against tanh_derivative_expectation (k = 1) from r = 0.05 to r = 5000, where Hermite nodes in
    Z alone miss the peak of width 1/r; a perturbed input (a scale 0 or shapes that differ) is refused."""
    import numpy as np

    from theorycheck.errors import InputError
    from theorycheck.hermite import sech2_expectation, tanh_derivative_expectation

    scales = np.array([0.05, 0.5, 0.999, 1.0, 3.0, 40.0, 900.0, 5000.0])
    shifts = np.array([0.3, -2.0, 1.1, 0.0, -0.7, 2.5, -0.4, 1.9])
    exact = [float(tanh_derivative_expectation(1, float(b), scale=float(r))) for r, b in zip(scales, shifts)]
    assert np.allclose(sech2_expectation(scales, shifts), exact, rtol=1e-10, atol=0)
    # where |b| > 2r² + 40 the mass sits at u* = b ∓ 2r², beyond |u| ≤ 40 (referee DH, DH-4: it had been missed)
    import mpmath

    for r, b in ((2.0, 60.0), (3.0, -60.0), (1.0, 45.0)):
        us = b - 2 * r * r * math.copysign(1, b)
        with mpmath.workdps(30):
            exact = mpmath.quad(lambda u, r=r, b=b: mpmath.sech(u) ** 2 * mpmath.npdf((u - b) / r) / r,
                                [us - 60, us - 20, us - 5, us, us + 5, us + 20, us + 60])
        assert abs(sech2_expectation(np.array([r]), np.array([b]))[0] / float(exact) - 1) < 1e-4, (r, b)
    # large |b| keeps its relative precision (referee DF, DF-9: 1 − tanh² had lost it beyond |b| ≈ 9)
    far = [(0.5, 20.0), (3.0, -25.0)]
    exact_far = [float(tanh_derivative_expectation(1, b, scale=r, dps=40)) for r, b in far]
    assert np.allclose(sech2_expectation(*map(np.array, zip(*far))), exact_far, rtol=1e-8, atol=0)
    for bad in ((np.array([0.0]), np.array([0.0])), (np.array([1.0, 2.0]), np.array([0.0])),
                (np.array([True]), np.array([0.0])), (np.array([1 + 1j]), np.array([0.0]))):
        with pytest.raises(InputError):
            sech2_expectation(*bad)
