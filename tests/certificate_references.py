"""The certificate's a·φ formulas as first written, in plain mpmath (constants evaluated at every call): the
references that theorycheck/certificate.py's fast paths must match bit for bit (tests/test_certificate_caches.py,
tests/test_review_speedups.py)."""

from __future__ import annotations

import mpmath

from theorycheck import certificate as cert


def corrected_a_phi_reference(f, gamma, eta):
    """The corrected a·φ: e^{π²γ/(4η²) − γb²/η²} · Im(e^{iπγb/η²} f((iπ/2 − b)/η)) / π."""
    g, e = mpmath.mpf(gamma), mpmath.mpf(eta)
    cs = cert._coeffs(f)
    c0, k = mpmath.pi**2 * g / (4 * e**2), g / e**2
    return lambda b: (
        mpmath.exp(c0 - k * b**2)
        * mpmath.im(mpmath.expj(mpmath.pi * k * b) * cert._poly(cs, (1j * mpmath.pi / 2 - b) / e))
        / mpmath.pi
    )


def paper_a_phi_reference(f, gamma, eta):
    """The paper's a·φ (mpmath number types throughout)."""
    g, e = mpmath.mpf(gamma), mpmath.mpf(eta)
    cs = cert._coeffs(f)
    s = mpmath.sqrt(g)
    th, d = mpmath.pi**2 * s / e, 1j * s / (2 * e)
    ep, em, pre, c0 = mpmath.expj(th), mpmath.expj(-th), 1j * e * s / (8 * mpmath.pi), mpmath.pi**2 * g / 4
    return lambda v: mpmath.re(
        pre * mpmath.exp(c0 - g * v**2) * (ep * cert._poly(cs, v + d) - em * cert._poly(cs, v - d))
    )
