"""The caches behind the Part 2 certificate checks (issue 14): every remembered value is, bit for bit, what a fresh
computation at the same working precision gives, and values at one precision never answer for another."""

from __future__ import annotations

import random

import mpmath
import sympy as sp
from certificate_references import corrected_a_phi_reference, paper_a_phi_reference

from theorycheck import certificate as cert
from theorycheck_proofs import part2_certificate_steps as steps
from theorycheck_proofs import part2_fourier_common as common
from theorycheck_proofs.symbols import t, x


def _bits(values) -> list:
    return [v._mpf_ if isinstance(v, mpmath.mpf) else v._mpc_ for v in values]


def _fresh_gh(n: int) -> tuple[list, list]:
    X, W = mpmath.gauss_quadrature(n, "hermite")
    return [v * mpmath.sqrt(2) for v in X], [w / mpmath.sqrt(mpmath.pi) for w in W]


def test_gauss_hermite_nodes_are_remembered_per_precision():
    by_dps = {}
    for dps in (30, 20, 30):
        with mpmath.workdps(dps):
            zs, ws = steps._gh(12)
            fresh_zs, fresh_ws = _fresh_gh(12)
            assert _bits(zs) == _bits(fresh_zs) and _bits(ws) == _bits(fresh_ws)
            by_dps.setdefault(dps, _bits(zs))
            assert by_dps[dps] == _bits(zs)
    assert by_dps[20] != by_dps[30]  # the 20-digit nodes are not the 30-digit ones
    with mpmath.workdps(30):  # callers may change the returned lists without touching the remembered nodes
        zs, _ = steps._gh(12)
        zs[0] = mpmath.mpf(0)
        assert _bits(steps._gh(12)[0]) == _bits(_fresh_gh(12)[0])


def test_memoized_keys_on_argument_type_and_precision():
    calls = []

    def f(v):
        calls.append(v)
        return mpmath.exp(v) / 3

    g = cert.memoized(f)
    b = mpmath.mpf("0.3")
    with mpmath.workdps(30):
        v30 = g(b)
        assert g(b) is v30 and len(calls) == 1
        assert v30._mpf_ == (mpmath.exp(b) / 3)._mpf_
    with mpmath.workdps(15):
        v15 = g(b)
        assert len(calls) == 2 and v15._mpf_ == (mpmath.exp(b) / 3)._mpf_ and v15._mpf_ != v30._mpf_
    with mpmath.workdps(30):
        assert g(mpmath.mpc(b, 0)) is not v30 and len(calls) == 3  # an mpc argument is not the mpf one


def _reference_scaled(f, gamma, eta):
    g, e = mpmath.mpf(gamma), mpmath.mpf(eta)
    cs = cert._coeffs(f)

    def a_phi(v):
        w = v + 1j * mpmath.pi / (2 * e)
        return e / mpmath.pi * mpmath.im(cert._poly(cs, w) * mpmath.exp(-g * w**2))

    return a_phi


def test_a_phi_constants_at_the_call_precision_are_bit_identical():
    for new, old in (
        (cert.corrected_a_phi_function, corrected_a_phi_reference),
        (cert.corrected_a_phi_scaled_function, _reference_scaled),
    ):
        with mpmath.workdps(30):
            fast, ref = new("x^3 - x/3 + 1/5", "0.1", "0.75"), old("x^3 - x/3 + 1/5", "0.1", "0.75")
        points = [mpmath.mpf(k) / 7 - 3 for k in range(43)]
        for dps in (40, 15, 30, 40):  # the same closures called at several precisions, in turn
            with mpmath.workdps(dps):
                assert _bits(fast(b) for b in points) == _bits(ref(b) for b in points)


def test_a_function_is_built_and_remembered_per_precision():
    with mpmath.workdps(30):
        a30 = steps._a_function("x^3", "0.1")
        assert steps._a_function("x^3", "0.1") is a30
        v30 = a30(mpmath.mpf("0.5"))
        fresh = cert.corrected_a_phi_function("x^3", mpmath.mpf("0.1"), mpmath.mpf(1))(mpmath.mpf("0.5"))
        assert v30._mpf_ == (fresh / steps._phi(mpmath.mpf("0.5")))._mpf_
    with mpmath.workdps(15):
        a15 = steps._a_function("x^3", "0.1")
        assert a15 is not a30
        v15 = a15(mpmath.mpf("0.5"))
        fresh = cert.corrected_a_phi_function("x^3", mpmath.mpf("0.1"), mpmath.mpf(1))(mpmath.mpf("0.5"))
        assert v15._mpf_ == (fresh / steps._phi(mpmath.mpf("0.5")))._mpf_ != v30._mpf_


def test_side_function_works_out_only_the_side_it_evaluates():
    lhs = sp.Integral(sp.exp(-(x**2)) * sp.cos(2 * sp.pi * t * x), (x, -sp.oo, sp.oo))
    s = common.Statement(lhs, "=", sp.sqrt(sp.pi) * sp.exp(-(sp.pi**2) * t**2), variables=(t,))
    only_rhs = common.instance(s, {}, sides=("rhs",))
    assert only_rhs.lhs == lhs and only_rhs.rhs == s.rhs.doit()  # the integral is left alone
    both = common.instance(s, {})
    assert both.rhs == only_rhs.rhs
    with mpmath.workdps(30):
        v = common.side_function(s)(mpmath.mpf("0.3"))
        assert v == common.side_function(both)(mpmath.mpf("0.3"))
        assert (
            abs(v - mpmath.sqrt(mpmath.pi) * mpmath.exp(-(mpmath.pi**2) * mpmath.mpf("0.09"))) < mpmath.mpf(10) ** -28
        )


def test_low_level_a_phi_is_bit_identical_on_a_seeded_cloud():
    rng = random.Random(20261123)
    for f, g, e in (("x", "0.1", "1"), ("x^5 - x^2 + 2/3*x", "1e-4", "0.35"), ("x^4 + x^3/2 - x", "2", "0.75")):
        with mpmath.workdps(30):
            fast, ref = cert.corrected_a_phi_function(f, g, e), corrected_a_phi_reference(f, g, e)
        for dps in (15, 20, 45):
            with mpmath.workdps(dps):
                points = [mpmath.mpf(rng.uniform(-40, 40)) for _ in range(60)] + [mpmath.mpf(0)]
                assert _bits(fast(b) for b in points) == _bits(ref(b) for b in points)
                c = mpmath.mpc("0.3", "0.2")  # not an mpf: the mpmath expression itself
                assert fast(c) == ref(c)


def test_low_level_f_p_is_bit_identical():
    rng = random.Random(7)
    with mpmath.workdps(30):
        fp, kept = steps._f_p(steps._a_function("x^2 + x - 1", "0.1"), steps._sample_biases(120, 11))

    def ref(z):
        return sum(ai * mpmath.tanh(z + bi) for bi, ai in kept) / len(kept)

    for dps in (15, 30, 50):
        with mpmath.workdps(dps):
            points = [mpmath.mpf(rng.uniform(-30, 30)) for _ in range(25)] + [mpmath.mpf(0), -kept[0][0]]
            assert _bits(fp(z) for z in points) == _bits(ref(z) for z in points)
            assert fp(1) == ref(1)  # an int argument takes the mpmath expression


def test_low_level_paper_a_phi_is_bit_identical():
    rng = random.Random(5)
    for f, g, e in (("x", "0.1", "1"), ("x^5 - x^2 + 2/3*x", "1e-5", "1"), ("x^2 + x - 1", "0.5", "2")):
        with mpmath.workdps(30):
            fast, ref = cert.paper_a_phi_function(f, g, e), paper_a_phi_reference(f, g, e)
        for dps in (15, 20, 45):
            with mpmath.workdps(dps):
                points = [mpmath.mpf(rng.uniform(-50, 50)) for _ in range(60)] + [mpmath.mpf(0)]
                assert _bits(fast(v) for v in points) == _bits(ref(v) for v in points)
                assert fast(mpmath.mpc(1, 1)) == ref(mpmath.mpc(1, 1))
