r"""Theorem 6 (Part 2, §3.3): the second layer a(b) with E_{b~N(0,1)}[a(b) tanh(ηz + b)] = f_γ(z).

Here f is a polynomial with exact rational coefficients (``f = Σ c_n x^n``, monomial basis, as in
the paper's Step 1), γ > 0, η > 0, f_γ(z) = f(z) e^{−γz²} and g(b) = a(b)φ(b) with φ the standard
normal density, so that E_b[a(b) σ(ηz + b)] = ∫ g(b) tanh(ηz + b) db.

The paper's closed form (end of Step 3, display (2, 46)):

.. math:: a(x)\phi(x) = \frac{i\eta\sqrt\gamma}{8\pi} e^{\frac{\pi^2\gamma}{4}-\gamma x^2}
          \sum_n c_n\Big[e^{i\pi^2\sqrt\gamma/\eta}\big(x+\tfrac{i\sqrt\gamma}{2\eta}\big)^n
          - e^{-i\pi^2\sqrt\gamma/\eta}\big(x-\tfrac{i\sqrt\gamma}{2\eta}\big)^n\Big].

The corrected closed form (derived in docs/fourier.md from \widehat{tanh}(t) = −iπ csch(π²t), time
scaling and a contour shift; verified by :func:`reconstruct` to 30 digits):

.. math:: a(b)\phi(b) = \frac{1}{\pi}\,\operatorname{Im} f_\gamma\!\Big(\frac{i\pi/2 - b}{\eta}\Big)
          = \frac{1}{\pi} e^{\frac{\pi^2\gamma}{4\eta^2}-\frac{\gamma b^2}{\eta^2}}
            \operatorname{Im}\Big[e^{i\pi\gamma b/\eta^2} f\Big(\frac{i\pi/2-b}{\eta}\Big)\Big].

Readings of "reconstructs" (the paper switches between σ(ηz + b), σ(ηz − b), f → −f(−x), and a
convolution with σ_η): see :data:`READINGS`.

>>> import mpmath
>>> f = parse_polynomial("x^3 - x")
>>> with mpmath.workdps(30):
...     z, gamma, eta = mpmath.mpf("0.3"), mpmath.mpf(1), mpmath.mpf(1)
...     r = reconstruct(corrected_a_phi_function(f, gamma, eta), eta, z, scale=1)
...     print(abs(r - f_gamma(f, gamma, z)) < mpmath.mpf(10) ** -25)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import mpmath
import mpmath.libmp as _lm
from flint import acb, arb, ctx

from .errors import InputError
from .target import PolynomialTarget
from .validate import positive

__all__ = [
    "parse_polynomial", "f_gamma", "paper_a_phi", "corrected_a_phi", "paper_a_phi_function",
    "corrected_a_phi_function", "corrected_a_phi_minus_function", "corrected_a_phi_scaled_function",
    "reconstruct", "READINGS", "reading_residuals", "certified_reconstruction", "sup_abs",
    "CORRECTED_LATEX", "PAPER_LATEX", "flip", "certified_transform_a_phi", "memoized",
    "mpf_coefficients",
]

#: LaTeX of the corrected closed form (reading σ(ηz + b) of Theorem 6).
CORRECTED_LATEX = (r"a(b)\phi(b) = \frac{1}{\pi}\operatorname{Im} f_\gamma\!\left(\frac{i\pi/2-b}{\eta}\right)"
                   r" = \frac{1}{\pi} e^{\frac{\pi^2\gamma}{4\eta^2}-\frac{\gamma b^2}{\eta^2}}"
                   r"\operatorname{Im}\!\left[e^{i\pi\gamma b/\eta^2} f\!\left(\frac{i\pi/2-b}{\eta}\right)\right]"
                   r"\ \text{gives}\ \mathbb{E}_{b\sim\mathcal N(0,1)}[a(b)\tanh(\eta z+b)] = f(z)e^{-\gamma z^2}")

PAPER_LATEX = (r"a(x)\phi(x) = \frac{i\eta\sqrt{\gamma}}{8\pi} e^{\frac{\pi^2\gamma}{4}-\gamma x^2}\sum_n c_n"
               r"\left[e^{i\pi^2\frac{\sqrt\gamma}{\eta}}\left(x+\frac{i\sqrt\gamma}{2\eta}\right)^n"
               r"- e^{-i\pi^2\frac{\sqrt\gamma}{\eta}}\left(x-\frac{i\sqrt\gamma}{2\eta}\right)^n\right]")


def parse_polynomial(f: str | Sequence | PolynomialTarget) -> PolynomialTarget:
    """A polynomial f of degree ≥ 0 with exact rational coefficients (no Assumption-1 requirement).

    Accepts a formula (``"x^3 - 3*x"``), a coefficient list (lowest degree first) or a
    :class:`PolynomialTarget`. Non-polynomial or non-rational input raises ``InputError``.
    """
    if isinstance(f, PolynomialTarget):
        return f
    if isinstance(f, str):
        return PolynomialTarget.parse(f, require_information_exponent_one=False)
    if isinstance(f, (list, tuple)):
        return PolynomialTarget.from_coefficients(list(f), require_information_exponent_one=False)
    raise InputError(f"f must be a polynomial (formula or rational coefficients), got {f!r}")


def mpf_coefficients(f) -> list:
    """f's coefficients c_0, c_1, … (lowest degree first) as mpf at the working precision; f as for
    :func:`parse_polynomial`."""
    return [mpmath.mpf(c.numerator) / c.denominator for c in parse_polynomial(f).coefficients]


_coeffs = mpf_coefficients


def _poly(coeffs: Sequence, w):
    """Σ_n c_n wⁿ by Horner's rule, in the arithmetic of w and the coefficients (mpf/mpc or arb/acb)."""
    acc = 0 * w
    for c in reversed(coeffs):
        acc = acc * w + c
    return acc


def memoized(fn: Callable) -> Callable:
    """``fn`` (one mpmath argument) remembering its values, keyed on the argument (and its type) and the working
    precision.

    The value of an mpmath function depends on its argument and on ``mpmath.mp.prec`` at call time, so the key holds
    both: a remembered value is exactly (bit for bit) what a fresh call would return. Quadratures that revisit the
    same nodes (the same interval at the same precision, e.g. a sub-interval integrated twice, or the same interval
    for many values of another parameter) then evaluate ``fn`` once per node.
    """
    values: dict = {}

    def remembered(x):
        key = (type(x), x, mpmath.mp.prec)
        try:
            return values[key]
        except KeyError:
            value = values[key] = fn(x)
            return value

    remembered.cache = values  # type: ignore[attr-defined]
    return remembered


def _at_call_precision(make: Callable) -> Callable:
    """A function returning ``make()`` evaluated at the current working precision, computed once per precision.

    For constants such as π or iπ/2 inside a function that is called many times, possibly at several precisions:
    the value returned is exactly what evaluating ``make()`` at the caller's precision gives.
    """
    values: dict = {}

    def at_precision():
        prec = mpmath.mp.prec
        try:
            return values[prec]
        except KeyError:
            value = values[prec] = make()
            return value

    return at_precision


def _params(gamma, eta):
    positive("gamma", gamma)
    positive("eta", eta)
    return mpmath.mpf(gamma), mpmath.mpf(eta)


def flip(f) -> PolynomialTarget:
    """x → −f(−x) (the paper's substitution to pass from σ(ηz − b) to σ(ηz + b))."""
    cs = parse_polynomial(f).coefficients
    return PolynomialTarget.from_coefficients([-c if k % 2 == 0 else c for k, c in enumerate(cs)],
                                              require_information_exponent_one=False)


def f_gamma(f, gamma, z):
    r"""f_γ(z) = f(z) e^{−γz²} (z real or complex)."""
    positive("gamma", gamma)
    return _poly(_coeffs(f), z) * mpmath.exp(-mpmath.mpf(gamma) * z**2)


def paper_a_phi_function(f, gamma, eta) -> Callable:
    r"""x → the paper's closed form of a(x)φ(x) (Part 2 §3.3, end of Step 3, display (2, 46)), real part.

    The expression is real for real x and real c_n (its imaginary part is rounding only).
    """
    g, e = _params(gamma, eta)
    cs = _coeffs(f)
    s = mpmath.sqrt(g)
    th = mpmath.pi**2 * s / e
    d = 1j * s / (2 * e)
    ep, em = mpmath.expj(th), mpmath.expj(-th)
    pre = 1j * e * s / (8 * mpmath.pi)
    c0 = mpmath.pi**2 * g / 4

    def a_phi(x):
        if type(x) is _MPF and _LOW_LEVEL:
            return _paper_a_phi_mpf(x, cs, g, d, ep, em, pre, c0)
        bracket = ep * _poly(cs, x + d) - em * _poly(cs, x - d)
        return mpmath.re(pre * mpmath.exp(c0 - g * x**2) * bracket)
    return a_phi


def _horner_mpc(cs, w, prec, rnd):
    """:func:`_poly` at a complex w (libmp): 0·w, then acc·w + c for c from the top coefficient down."""
    acc = _lm.mpc_mul_int(w, 0, prec, rnd)
    for c in reversed(cs):
        acc = _lm.mpc_add_mpf(_lm.mpc_mul(acc, w, prec, rnd), c._mpf_, prec, rnd)
    return acc


def _paper_a_phi_mpf(x, cs, g, d, ep, em, pre, c0):
    """Re[pre · exp(c0 − g x²) · (ep f(x + d) − em f(x − d))] for a real mpf x, with the libmp operations the
    mpmath expression in :func:`paper_a_phi_function` performs (same order, precision and rounding)."""
    prec, rnd = mpmath.mp._prec_rounding
    xv, dv = x._mpf_, d._mpc_
    plus = _lm.mpc_mul(ep._mpc_, _horner_mpc(cs, _lm.mpc_add_mpf(dv, xv, prec, rnd), prec, rnd), prec, rnd)
    minus = _lm.mpc_mul(em._mpc_, _horner_mpc(cs, _lm.mpc_sub((xv, _lm.fzero), dv, prec, rnd), prec, rnd), prec, rnd)
    bracket = _lm.mpc_sub(plus, minus, prec, rnd)
    gauss = _lm.mpf_exp(_lm.mpf_sub(c0._mpf_, _lm.mpf_mul(g._mpf_, _lm.mpf_pow_int(xv, 2, prec, rnd), prec, rnd),
                                    prec, rnd), prec, rnd)
    a, b = _lm.mpc_mul_mpf(pre._mpc_, gauss, prec, rnd)
    c, dd = bracket
    out = object.__new__(_MPF)
    out._mpf_ = _lm.mpf_sub(_lm.mpf_mul(a, c), _lm.mpf_mul(b, dd), prec, rnd)  # Re of the complex product
    return out


def paper_a_phi(f, gamma, eta, x):
    r"""The paper's closed form of a(x)φ(x) at one point (see :func:`paper_a_phi_function`)."""
    return paper_a_phi_function(f, gamma, eta)(x)


def a_phi_period(gamma, eta) -> mpmath.mpf:
    """The period 2η²/γ of the oscillation e^{iπγb/η²} in :func:`corrected_a_phi_function` (its envelope's width is
    η/√γ): what :func:`sup_abs` must resolve."""
    g, e = _params(gamma, eta)
    return 2 * e**2 / g


def corrected_a_phi_function(f, gamma, eta) -> Callable:
    r"""b → corrected a(b)φ(b) = (1/π) Im f_γ((iπ/2 − b)/η), so that E_b[a(b) tanh(ηz + b)] = f_γ(z).

    Computed as (1/π) e^{π²γ/(4η²) − γb²/η²} Im[e^{iπγb/η²} f((iπ/2 − b)/η)] (no cancellation).
    """
    g, e = _params(gamma, eta)
    cs = _coeffs(f)
    c0 = mpmath.pi**2 * g / (4 * e**2)
    k = g / e**2
    # iπ/2, πk and π at the precision of the call (the same values the expressions give at that precision)
    constants = _at_call_precision(lambda: (1j * mpmath.pi / 2, mpmath.pi * k, +mpmath.pi))

    def a_phi(b):
        if type(b) is _MPF and _LOW_LEVEL:
            return _corrected_a_phi_mpf(b, cs, e, c0, k, constants())
        i_pi_2, pi_k, pi = constants()
        w = (i_pi_2 - b) / e
        return mpmath.exp(c0 - k * b**2) * mpmath.im(mpmath.expj(pi_k * b) * _poly(cs, w)) / pi
    return a_phi


_MPF = type(mpmath.mpf(0))
# the low-level path below repeats, call for call, what mpmath's number types and mp.exp/mp.expj do (libmp with the
# context's precision and rounding); it is used only where mp.exp is libmp's (not Sage's) and checked bit for bit
# against the expression above by tests/test_certificate_caches.py
_LOW_LEVEL = not hasattr(mpmath.mp, "_sage_exp")


def times_tanh(a: Any, arg: tuple, prec: int, rnd: str) -> Any:
    """``a * mpmath.tanh(x)`` for the mpf x whose libmp value is ``arg``, at precision ``prec`` and rounding ``rnd``
    (mpmath's context's, read by the caller): libmp's tanh and, for an mpf ``a``, libmp's product, bit for bit what
    the mpmath expression gives, without its number objects and function wrapper; any other ``a`` is multiplied by
    the mpf tanh. The shared tail of the low-level quadrature integrands here and in part 2's certificate steps."""
    t = object.__new__(_MPF)
    t._mpf_ = _lm.mpf_tanh(arg, prec, rnd)
    if type(a) is not _MPF:
        return a * t
    out = object.__new__(_MPF)
    out._mpf_ = _lm.mpf_mul(a._mpf_, t._mpf_, prec, rnd)
    return out


def _corrected_a_phi_mpf(b, cs, e, c0, k, constants):
    r"""exp(c0 − k b²) · Im[expj(πk b) · f((iπ/2 − b)/e)] / π for a real mpf b, with libmp operations: the same
    operations, in the same order, at the same precision and rounding as the mpmath expression (about twice as fast:
    no number objects in between)."""
    prec, rnd = mpmath.mp._prec_rounding
    i_pi_2, pi_k, pi = constants
    bv = b._mpf_
    w = _lm.mpc_div_mpf(_lm.mpc_sub_mpf(i_pi_2._mpc_, bv, prec, rnd), e._mpf_, prec, rnd)
    gauss = _lm.mpf_exp(_lm.mpf_sub(c0._mpf_, _lm.mpf_mul(k._mpf_, _lm.mpf_pow_int(bv, 2, prec, rnd), prec, rnd),
                                    prec, rnd), prec, rnd)
    cos, sin = _lm.mpf_cos_sin(_lm.mpf_mul(pi_k._mpf_, bv, prec, rnd), prec, rnd)  # expj of a real argument
    re, im = _horner_mpc(cs, w, prec, rnd)
    imag = _lm.mpf_add(_lm.mpf_mul(cos, im), _lm.mpf_mul(sin, re), prec, rnd)  # Im of the complex product
    out = object.__new__(_MPF)
    out._mpf_ = _lm.mpf_div(_lm.mpf_mul(gauss, imag, prec, rnd), pi._mpf_, prec, rnd)
    return out


def corrected_a_phi(f, gamma, eta, b):
    r"""Corrected a(b)φ(b) at one point (see :func:`corrected_a_phi_function`)."""
    return corrected_a_phi_function(f, gamma, eta)(b)


def corrected_a_phi_scaled_function(f, gamma, eta) -> Callable:
    r"""x → a(x)φ(x) for the reading ∫ a(b)φ(b) tanh(η(z − b)) db = f_γ(z) (the convolution a·φ * σ_η of
    display (2, 27)): (η/π) Im f_γ(x + iπ/(2η)), whose transform is (iη/π) sinh(π²t/η) \hat f_γ(t)."""
    g, e = _params(gamma, eta)
    cs = _coeffs(f)
    constants = _at_call_precision(lambda: (1j * mpmath.pi / (2 * e), e / mpmath.pi))  # at the call's precision

    def a_phi(x):
        shift, e_pi = constants()
        w = x + shift
        return e_pi * mpmath.im(_poly(cs, w) * mpmath.exp(-g * w**2))
    return a_phi


def corrected_a_phi_minus_function(f, gamma, eta) -> Callable:
    r"""b → corrected a(b)φ(b) for the reading E_b[a(b) tanh(ηz − b)] = f_γ(z): (1/π) Im f_γ((b + iπ/2)/η)."""
    plus = corrected_a_phi_function(f, gamma, eta)
    return lambda b: plus(-b)


def _kink(mode: str, eta, z):
    """Where tanh(·) of ``mode`` changes sign, as a function of b."""
    kinks = {"plus": -eta * z, "minus": eta * z, "scaled": z}
    if mode not in kinks:
        raise InputError(f"mode must be plus, minus or scaled, got {mode!r}")
    return kinks[mode]


def reconstruct(a_phi: Callable, eta, z, *, scale, mode: str = "plus", dps: int = 30, degree: int = 5):
    r"""∫ g(b) σ(·) db by mpmath.quad, where g = ``a_phi`` and σ(·) is, by ``mode``:

    ``"plus"``   tanh(ηz + b)   (Theorem 6 as stated; E_b[a(b)σ(ηz + b)]),
    ``"minus"``  tanh(ηz − b)   (the form the proof works with, display (2, 26)),
    ``"scaled"`` tanh(η(z − b)) (the convolution a·φ * σ_η that display (2, 27) transforms).

    ``scale`` is the Gaussian width of g (1/√γ for the paper's form, η/√γ for the corrected one);
    the range is cut where the Gaussian factor is below 10^{−dps−10} times a degree-``degree``
    polynomial, and split at the kink of tanh and at multiples of ``scale``.
    """
    positive("eta", eta)
    eta, z = mpmath.mpf(eta), mpmath.mpf(z)
    with mpmath.workdps(dps + 10):
        scale = mpmath.mpf(scale)
        u = mpmath.sqrt((dps + 12) * mpmath.log(10) + degree * mpmath.log(2 + 10 * scale)) + 1
        L = scale * u + abs(z) * (eta + 1)
        k = _kink(mode, eta, z)
        width = 1 / eta if mode == "scaled" else mpmath.mpf(1)
        pts: Any = {-L, L, k}  # a set while collecting, then the sorted list of break points
        for m in (1, 6):
            for p in (k - m * width, k + m * width):
                if -L < p < L:
                    pts.add(p)
        for m in (-6, -3, -1, 1, 3, 6):
            if -L < m * scale < L:
                pts.add(m * scale)
        pts = sorted(pts)
        if mode == "plus":
            sig = lambda b: mpmath.tanh(eta * z + b)
        elif mode == "minus":
            sig = lambda b: mpmath.tanh(eta * z - b)
        elif mode == "scaled":
            sig = lambda b: mpmath.tanh(eta * (z - b))
        else:
            raise InputError(f"mode must be plus, minus or scaled, got {mode!r}")
        integrand = _low_level_integrand(a_phi, sig, mode, eta, z) if _LOW_LEVEL else lambda b: a_phi(b) * sig(b)
        val = mpmath.quad(integrand, pts)
    return +val


def _low_level_integrand(a_phi: Callable, sig: Callable, mode: str, eta, z) -> Callable:
    r"""b → ``a_phi(b) * sig(b)`` for :func:`reconstruct`, with tanh's argument, tanh and the product done by libmp
    for a real mpf b: the same operations, in the same order, at the precision and rounding of the call (mpmath.quad
    raises the working precision while it integrates) as the mpmath expressions ``tanh(eta * z + b)``,
    ``tanh(eta * z - b)``, ``tanh(eta * (z - b))`` and the product, so the values are bit for bit the same (checked
    against the expression by tests/test_construction_speedups.py); it skips the number objects in between and
    mpmath's function wrapper, about a fifth of the cost of a quadrature node. Any other b, or a value of a_phi that
    is not an mpf, takes the expression itself (for such a value: times the same tanh)."""
    ev, zv = eta._mpf_, z._mpf_
    mul, add, sub = _lm.mpf_mul, _lm.mpf_add, _lm.mpf_sub

    def integrand(b):
        if type(b) is not _MPF:
            return a_phi(b) * sig(b)
        a = a_phi(b)
        prec, rnd = mpmath.mp._prec_rounding
        bv = b._mpf_
        if mode == "plus":
            arg = add(mul(ev, zv, prec, rnd), bv, prec, rnd)
        elif mode == "minus":
            arg = sub(mul(ev, zv, prec, rnd), bv, prec, rnd)
        else:  # "scaled" (reconstruct has already rejected any other mode)
            arg = mul(ev, sub(zv, bv, prec, rnd), prec, rnd)
        return times_tanh(a, arg, prec, rnd)

    return integrand


#: The readings of "the paper's closed form reconstructs f_γ" that :func:`reading_residuals` tests:
#: name -> (mode of :func:`reconstruct`, apply x → −f(−x) to f before building a, description).
READINGS = {
    "plus": ("plus", False, "E_b[a(b) tanh(ηz + b)] = f_γ(z) (Theorem 6 as stated)"),
    "minus": ("minus", False, "E_b[a(b) tanh(ηz − b)] = f_γ(z) (the form the proof works with)"),
    "flip-plus": ("plus", True, "a built from −f(−x), then E_b[a(b) tanh(ηz + b)] = f_γ(z) (the paper's transfer)"),
    "scaled": ("scaled", False, "∫ a(b)φ(b) tanh(η(z − b)) db = f_γ(z) (the convolution a·φ * σ_η of display 27)"),
}


def reading_residuals(a_phi_family: Callable, f, gamma, eta, zs: Sequence, *, scale, dps: int = 30,
                      readings: Sequence[str] = tuple(READINGS)) -> dict:
    """For each reading, the residuals E[…] − f_γ(z) at the points ``zs``.

    ``a_phi_family(f, gamma, eta)`` returns the function b → g(b) = a(b)φ(b) for the polynomial f.
    Returns {reading: [(z, reconstruction, f_γ(z), residual), …]}.
    """
    pf = parse_polynomial(f)
    g, e = _params(gamma, eta)
    dps = dps + int(float(mpmath.pi**2 * g / (4 * min(e, 1) ** 2)) / math.log(10)) + 2  # cancellation of e^{π²γ/(4η²)}
    out = {}
    for name in readings:
        mode, flipped, _ = READINGS[name]
        source = flip(pf) if flipped else pf
        gfun = a_phi_family(source, g, e)
        rows = []
        for z in zs:
            z = mpmath.mpf(z)
            rec = reconstruct(gfun, e, z, scale=scale, mode=mode, dps=dps,
                              degree=pf.degree)
            target = f_gamma(pf, g, z)
            rows.append((z, rec, target, rec - target))
        out[name] = rows
    return out


def _tail_bound(A: arb, abs_coeffs: Sequence[arb], delta: arb, rho: arb, kappa: arb, L: int) -> arb:
    r"""Bound on ∫_{|b|>L} A e^{−κb²} Σ|c_n| ((|b| + δ)/ρ)^n db (times sup|tanh| = 1).

    For b ≥ L ≥ δ: (b + δ)^n ≤ (2b)^n; for L² ≥ 2n/κ, b^n e^{−κb²/2} is decreasing, so
    ∫_L^∞ b^n e^{−κb²} db ≤ L^n e^{−κL²/2} ∫_L^∞ e^{−κb²/2} db ≤ L^{n−1} e^{−κL²}/κ. Both sides: ×2.
    """
    q = len(abs_coeffs) - 1
    if not (arb(L) >= delta and arb(L) ** 2 >= 2 * q / kappa):
        raise ValueError("tail bound needs L >= delta and L^2 >= 2q/kappa")
    total = arb(0)
    for n, c in enumerate(abs_coeffs):
        total += c * (2 / rho) ** n * arb(L) ** (n - 1) * (-kappa * L * L).exp() / kappa
    return 2 * A * total


def certified_reconstruction(f, gamma: str, eta: str, z: str, *, form: str = "corrected", mode: str = "plus",
                             flipped: bool = False, prec: int = 96) -> tuple[acb, acb]:
    r"""Certified balls (reconstruction, f_γ(z)) for one (f, γ, η, z).

    ``form`` is ``"paper"`` or ``"corrected"`` (g in holomorphic form, see :func:`corrected_a_phi`);
    ``mode`` as in :func:`reconstruct`; ``flipped`` builds a from −f(−x) (the target stays f_γ). The working
    precision is ``prec`` plus the bits lost to the cancellation of the factor e^{π²γ/(4η²)}. ∫_{−L}^{L} g(b) tanh(ηz
    ± b) db by
    ``acb.integral`` (g is entire, tanh meromorphic) plus the proved Gaussian tail of
    :func:`_tail_bound` with |tanh| ≤ 1 on the real line. γ, η, z are given as decimal strings so
    the balls are exact inputs.
    """
    pf = parse_polynomial(f)
    source = flip(pf) if flipped else pf
    g_, e_ = _params(gamma, eta)
    # g carries e^{π²γ/(4η²)} (corrected) or e^{π²γ/4} (paper) that cancels in the integral: add those bits
    growth = float(mpmath.pi**2 * g_ / (4 * e_**2)) if form == "corrected" else float(mpmath.pi**2 * g_ / 4)
    with ctx.workprec(prec + int(growth / math.log(2)) + 8):
        G, E, Z = arb(str(gamma)), arb(str(eta)), arb(str(z))
        cs = [arb(c.numerator) / c.denominator for c in source.coefficients]
        target_cs = [arb(c.numerator) / c.denominator for c in pf.coefficients]
        pi = arb.pi()
        I = acb(0, 1)  # noqa: E741 - the imaginary unit, named as in the formulas

        def poly(w):
            return _poly(cs, w)

        if form == "corrected":
            def g(b):
                wp, wm = (I * pi / 2 - b) / E, (-I * pi / 2 - b) / E
                return (poly(wp) * (-G * wp * wp).exp() - poly(wm) * (-G * wm * wm).exp()) / (2 * I * pi)
            A = (pi * pi * G / (4 * E * E)).exp() / pi
            kappa, delta, rho = G / (E * E), pi / 2, E
        elif form == "paper":
            s = G.sqrt()
            th = pi * pi * s / E
            d = I * s / (2 * E)

            def g(b):
                br = (I * th).exp() * poly(b + d) - (-I * th).exp() * poly(b - d)
                return I * E * s / (8 * pi) * (pi * pi * G / 4 - G * b * b).exp() * br
            A = E * s / (4 * pi) * (pi * pi * G / 4).exp()
            kappa, delta, rho = G, s / (2 * E), arb(1)
        else:
            raise InputError(f"form must be 'paper' or 'corrected', got {form!r}")
        q = pf.degree
        # L: Gaussian factor e^{−κL²} below 2^{−prec−20} and the tail-bound conditions
        kf = float(kappa.mid())
        L = (
            int(math.sqrt((ctx.prec + 20 + 10 * q) * math.log(2) / kf + 2 * q / kf))
            + 2
            + int(abs(float(z)) * float(eta))
        )
        L = max(L, int(float(delta.mid())) + 1)
        if mode == "plus":
            sig = lambda b: (E * Z + b).tanh()
        elif mode == "minus":
            sig = lambda b: (E * Z - b).tanh()
        elif mode == "scaled":
            sig = lambda b: (E * (Z - b)).tanh()
        else:
            raise InputError(f"mode must be plus, minus or scaled, got {mode!r}")
        val = acb.integral(lambda b, analytic: g(b) * sig(b), -L, L)
        tail = _tail_bound(A, [abs(c) for c in cs], delta, rho, kappa, L)
        val = acb(val.real + arb(0, tail.upper()), val.imag + arb(0, tail.upper()))
        target = _poly(target_cs, Z) * (-G * Z * Z).exp()
        return val, target


#: the most grid points :func:`sup_abs` takes to resolve an oscillation
SUP_GRID_CAP = 40001


def sup_abs(g: Callable, *, scale, points: int = 241, span: float = 12.0, dps: int = 20, iterations: int = 30,
            period: Any = None) -> tuple:
    r"""sup_b |g(b)| on [−span·scale, span·scale]: a grid of ``points`` values, then golden-section
    refinement around the three largest. Returns (sup, argmax). (A measurement, not a bound.)

    ``period``: the length of ``g``'s fastest oscillation, when known; the grid is made fine enough for 8 points a
    period (at most :data:`SUP_GRID_CAP`), so the refinement starts at the highest crest, not a neighbour (referee
    CW, CW-5: a·φ oscillates with period 2η²/γ, far below the envelope's width η/√γ at large γ/η², and the sup came
    out 0.3 % low)."""
    with mpmath.workdps(dps):
        scale = mpmath.mpf(scale)
        if period is not None:
            needed = int(mpmath.ceil(2 * span * scale / (mpmath.mpf(period) / 8))) + 1
            if needed > SUP_GRID_CAP:  # a measurement that cannot resolve its function says so (referee CZ, L8)
                raise ValueError(f"sup_abs: {needed} grid points would be needed to resolve an oscillation of period "
                                 f"{mpmath.nstr(period, 4)} over ±{span}·{mpmath.nstr(scale, 4)} (at most "
                                 f"{SUP_GRID_CAP})")
            points = max(points, needed)
        h = 2 * span * scale / (points - 1)
        grid = [-span * scale + k * h for k in range(points)]
        vals = [abs(g(b)) for b in grid]
        order = sorted(range(points), key=lambda k: vals[k], reverse=True)[:3]
        best, arg = vals[order[0]], grid[order[0]]
        phi = (mpmath.sqrt(5) - 1) / 2
        for k in order:
            lo, hi = grid[k] - h, grid[k] + h
            for _ in range(iterations):
                m1, m2 = hi - phi * (hi - lo), lo + phi * (hi - lo)
                if abs(g(m1)) > abs(g(m2)):
                    hi = m2
                else:
                    lo = m1
            m = (lo + hi) / 2
            v = abs(g(m))
            if v > best:
                best, arg = v, m
    return best, arg


def hermite_coefficients_exact(f) -> tuple[Fraction, ...]:
    """Monomial coefficients c_n of f as exact Fractions (the paper's f = Σ c_n x^n)."""
    return parse_polynomial(f).coefficients


def certified_transform_a_phi(f, gamma: str, eta: str, t: str, *, reading: str = "scaled", prec: int = 110) -> acb:
    r"""A ball containing \widehat{aφ}(t) = ∫ a(x)φ(x) e^{−2πitx} dx for the reconstructing a·φ of ``reading``:

    ``scaled``: a·φ(x) = (η/π) Im f_γ(x + iπ/(2η)) = (η/(2πi))[f_γ(x + iπ/(2η)) − f_γ(x − iπ/(2η))];
    ``minus``:  a·φ(b) = (1/π) Im f_γ((b + iπ/2)/η);  ``plus``: a·φ(b) = (1/π) Im f_γ((iπ/2 − b)/η).
    ∫_{−L}^{L} by ``acb.integral`` plus the proved Gaussian tail of :func:`_tail_bound` (|e^{−2πitx}| = 1).
    """
    pf = parse_polynomial(f)
    g_, e_ = _params(gamma, eta)
    growth = float(mpmath.pi**2 * g_ / (4 * e_**2))  # the factor e^{π²γ/(4η²)} of every reading cancels: add its bits
    with ctx.workprec(prec + int(growth / math.log(2)) + 8):
        G, E, T = arb(str(gamma)), arb(str(eta)), arb(str(t))
        cs = [arb(c.numerator) / c.denominator for c in pf.coefficients]
        pi = arb.pi()
        I = acb(0, 1)  # noqa: E741 - the imaginary unit, named as in the formulas

        def fg(w):
            return _poly(cs, w) * (-G * w * w).exp()

        if reading == "scaled":
            d = I * pi / (2 * E)
            h = lambda x: E / (2 * I * pi) * (fg(x + d) - fg(x - d))
            A, kappa, delta, rho = E / pi * (pi * pi * G / (4 * E * E)).exp(), G, pi / (2 * E), arb(1)
        elif reading in ("minus", "plus"):
            s = 1 if reading == "minus" else -1
            h = lambda x: (fg((s * x + I * pi / 2) / E) - fg((s * x - I * pi / 2) / E)) / (2 * I * pi)
            A, kappa, delta, rho = (pi * pi * G / (4 * E * E)).exp() / pi, G / (E * E), pi / 2, E
        else:
            raise InputError(f"reading must be scaled, minus or plus, got {reading!r}")
        q = pf.degree
        kf = float(kappa.mid())
        L = int(math.sqrt((ctx.prec + 20 + 10 * q) * math.log(2) / kf + 2 * q / kf)) + 2
        L = max(L, int(float(delta.mid())) + 1)
        w = -2 * pi * T
        val = acb.integral(lambda x, analytic: h(x) * (I * w * x).exp(), -L, L)
        tail = _tail_bound(A, [abs(c) for c in cs], delta, rho, kappa, L)
        return acb(val.real + arb(0, tail.upper()), val.imag + arb(0, tail.upper()))
