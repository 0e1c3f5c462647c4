r"""Fourier transforms of Part 2 §3.3 (Theorem 6), computed from the definition.

Convention (the paper's, Part 2 §3.3, and docs/DEVELOPING.md):

.. math:: \hat h(t) = \int_{\mathbb R} h(x) e^{-2\pi i t x}\,dx, \qquad
          \check h(x) = \int_{\mathbb R} h(t) e^{2\pi i t x}\,dt .

Three kinds of functions live here:

* ``*_definition`` -- the transform computed from its defining integral with mpmath at
  ``dps`` digits (``quad`` on split intervals; Gaussian-type integrands are split at the
  Gaussian scale, exponentially decaying ones into chunks of one oscillation period).
  mpmath's error estimates are heuristic: these are fast evidence, not proof.
* ``*_certified`` -- a python-flint ``acb`` ball for the same integral: ``acb.integral`` on a
  finite range plus a proved tail bound (stated in each docstring), so the true value lies in
  the returned ball.  Disjoint balls prove a mismatch.
* closed forms (``sech_transform``, ``sech2_transform``, ``tanh_transform``,
  ``gaussian_polynomial_transform``, ``shifted_gaussian_inverse``) -- the *correct* formulas,
  with references; and ``log_*`` helpers that stay finite where csch(π²t) under/overflows in
  floating point.

References for the closed forms:
``∫ sech(x) cos(ωx) dx = π sech(πω/2)`` (Gradshteyn–Ryzhik 3.981.3; DLMF 1.14 table of
transforms), so with ω = 2πt: ŝech(t) = π sech(π²t).
``∫ sech²(x) cos(ωx) dx = πω / sinh(πω/2)`` (Gradshteyn–Ryzhik 3.982.1 with β = 1, doubled), so
\widehat{sech²}(t) = 2π²t csch(π²t); tanh' = sech² and \widehat{h'}(t) = 2πit ĥ(t) give the
principal-value distribution \widehat{tanh}(t) = −iπ csch(π²t).

>>> import mpmath
>>> with mpmath.workdps(30):
...     v = sech_transform_definition(mpmath.mpf("0.3"))
...     print(abs(v - sech_transform(mpmath.mpf("0.3"))) < mpmath.mpf(10) ** -25)
True
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable

import mpmath
import sympy as sp
from flint import acb, arb, ctx

from .numerics import ball_cache
from .statement import evaluator

__all__ = [
    "SECH_TRANSFORM", "SECH2_TRANSFORM", "TANH_TRANSFORM", "SECH_CONVOLUTION", "GAUSSIAN_POLYNOMIAL_TRANSFORM",
    "SHIFTED_GAUSSIAN_INVERSE",
    "sech_transform", "sech2_transform", "tanh_transform", "sign_transform",
    "sech_transform_definition", "sech2_transform_definition", "tanh_transform_definition",
    "tanh_transform_via_sech2", "sech_convolution_definition", "sech_convolution",
    "gaussian_polynomial_transform", "gaussian_polynomial_transform_definition",
    "gaussian_polynomial_transform_derivative_form", "shifted_gaussian_inverse",
    "shifted_gaussian_inverse_definition", "inverse_transform_definition",
    "sech_transform_certified", "tanh_minus_sign_certified", "sech_convolution_certified",
    "log_sech_pi2", "log_abs_csch_pi2", "arb_contains", "arb_disjoint", "acb_ball",
    "gaussian_polynomial_transform_certified", "inverse_gaussian_certified", "ball_str",
]


# ----------------------------------------------------------------------------- closed forms
# Each correct closed form is written once, as a SymPy expression; the mpmath functions below are generated
# from it (:func:`theorycheck.statement.evaluator`), and the proofs modules use the same expression as the
# right side of their corrected statements. The symbols equal those of ``proofs/symbols.py`` (same name and
# assumptions), so the expressions can be compared and substituted there directly.

_t = sp.Symbol("t", real=True)
_x = sp.Symbol("x", real=True)
_b = sp.Symbol("b", real=True)
_a = sp.Symbol("a", positive=True)
_gamma = sp.Symbol("gamma", positive=True)
_n = sp.Symbol("n", integer=True, nonnegative=True)

#: ŝech(t) = π sech(π²t) (GR 3.981.3).
SECH_TRANSFORM = sp.pi * sp.sech(sp.pi**2 * _t)
#: \widehat{sech²}(t) = 2π²t csch(π²t) (GR 3.982.1; value 2 at t = 0).
SECH2_TRANSFORM = 2 * sp.pi**2 * _t * sp.csch(sp.pi**2 * _t)
#: \widehat{tanh}(t) = −iπ csch(π²t), t ≠ 0 (principal value; derived in the module docstring).
TANH_TRANSFORM = -sp.I * sp.pi * sp.csch(sp.pi**2 * _t)
#: I(t) = ∫ sech(π²(t−y)) sech(π²y) dy = 2t csch(π²t) (value 2/π² at t = 0).
SECH_CONVOLUTION = 2 * _t * sp.csch(sp.pi**2 * _t)
#: \widehat{x^n e^{−γx²}}(t) = √(π/γ) (−i/(2√γ))^n H_n(πt/√γ) e^{−π²t²/γ} (H_n physicists').
GAUSSIAN_POLYNOMIAL_TRANSFORM = (sp.sqrt(sp.pi / _gamma) * (-sp.I / (2 * sp.sqrt(_gamma))) ** _n
                                 * sp.hermite(_n, sp.pi * _t / sp.sqrt(_gamma)) * sp.exp(-sp.pi**2 * _t**2 / _gamma))
#: The inverse transform of e^{−(at−b)²}, a > 0: (√π/a) e^{−π²x²/a² + 2πibx/a}.
SHIFTED_GAUSSIAN_INVERSE = sp.sqrt(sp.pi) / _a * sp.exp(-sp.pi**2 * _x**2 / _a**2 + 2 * sp.I * sp.pi * _b * _x / _a)

_sech_transform = evaluator(SECH_TRANSFORM, (_t,))
_sech2_transform = evaluator(SECH2_TRANSFORM, (_t,))
_tanh_transform = evaluator(TANH_TRANSFORM, (_t,))
_sech_convolution = evaluator(SECH_CONVOLUTION, (_t,))
_shifted_gaussian_inverse = evaluator(SHIFTED_GAUSSIAN_INVERSE, (_a, _b, _x))


def sech_transform(t):
    r"""ŝech(t) = π sech(π²t) (GR 3.981.3), from :data:`SECH_TRANSFORM`. Exact for every real t; even in t.

    >>> with mpmath.workdps(20):
    ...     print(mpmath.nstr(sech_transform(mpmath.mpf("0.3")), 12))
    0.324431409142
    """
    return _sech_transform(t)


def sech2_transform(t):
    r"""\widehat{sech²}(t) = 2π²t csch(π²t), with the value 2 at t = 0 (GR 3.982.1)."""
    if t == 0:
        return mpmath.mpf(2)
    return _sech2_transform(t)


def tanh_transform(t):
    r"""Principal-value distribution \widehat{tanh}(t) = −iπ csch(π²t) for t ≠ 0 (derived, see module doc).

    Near t = 0 it behaves like \widehat{sign}(t) = −i/(πt); tanh is odd, so there is no δ term.
    """
    if t == 0:
        raise ValueError("\\widehat{tanh} is the principal value -i*pi*csch(pi^2 t); it has no value at t = 0")
    return _tanh_transform(t)


def sign_transform(t):
    r"""\widehat{sign}(t) = 1/(πit) = −i/(πt), t ≠ 0 (principal value)."""
    return -1j / (mpmath.pi * t)


def log_sech_pi2(t: float) -> float:
    r"""log sech(π²t) = log 2 − π²|t| − log1p(e^{−2π²|t|}), finite for every float t (no overflow)."""
    a = math.pi**2 * abs(float(t))
    return math.log(2.0) - a - math.log1p(math.exp(-2 * a))


def log_abs_csch_pi2(t: float) -> float:
    r"""log |csch(π²t)| = log 2 − π²|t| − log1p(−e^{−2π²|t|}) for t ≠ 0 (finite where csch underflows).

    For tiny |t| it uses −log(sinh(π²|t|)) directly (log1p(−e^{−2a}) loses digits as a → 0).
    """
    a = math.pi**2 * abs(float(t))
    if a == 0:
        raise ValueError("csch(pi^2 t) is infinite at t = 0")
    if a < 1:
        return -math.log(math.sinh(a))
    return math.log(2.0) - a - math.log1p(-math.exp(-2 * a))


def gaussian_polynomial_transform(n: int, gamma, t):
    r"""Correct \widehat{x^n e^{−γx²}}(t) (:data:`GAUSSIAN_POLYNOMIAL_TRANSFORM`; H_n physicists').

    Derivation: \widehat{e^{−γx²}} = √(π/γ) e^{−π²t²/γ}, multiplication by x is (i/2π) d/dt, and
    dⁿ/dtⁿ e^{−π²t²/γ} = (−π/√γ)ⁿ H_n(πt/√γ) e^{−π²t²/γ}. Evaluated with ``mpmath.hermite`` for any n.
    """
    g = mpmath.mpf(gamma)
    s = mpmath.sqrt(g)
    return mpmath.sqrt(mpmath.pi / g) * (-1j / (2 * s)) ** n * mpmath.hermite(n, mpmath.pi * t / s) \
        * mpmath.exp(-mpmath.pi**2 * t**2 / g)


def gaussian_polynomial_transform_derivative_form(n: int, gamma, t):
    r"""The paper's middle line: √(π/γ) (i/2π)^n dⁿ/dtⁿ e^{−π²t²/γ}, derivative taken by mpmath.diff."""
    g = mpmath.mpf(gamma)
    d = mpmath.diff(lambda u: mpmath.exp(-mpmath.pi**2 * u**2 / g), t, n)
    return mpmath.sqrt(mpmath.pi / g) * (1j / (2 * mpmath.pi)) ** n * d


def shifted_gaussian_inverse(a, b, x):
    r"""Correct inverse transform of e^{−(at−b)²} (a > 0): :data:`SHIFTED_GAUSSIAN_INVERSE`."""
    return _shifted_gaussian_inverse(a, b, x)


def sech_convolution(t):
    r"""Correct I(t) = ∫ sech(π²(t−y)) sech(π²y) dy = 2t csch(π²t) (value 2/π² at t = 0).

    From ∫ sech(c−u) sech(u) du = 2c/sinh c (so that π² I = \widehat{sech²}, the convolution theorem).
    """
    if t == 0:
        return 2 / mpmath.pi**2
    return _sech_convolution(t)


# ----------------------------------------------------------------------------- from the definition

def _chunks(length, period, lo=0):
    """Break points lo, lo + period, ..., lo + length (at least 2 chunks, at most 400)."""
    n = int(min(400, max(2, mpmath.ceil(length / period))))
    return [lo + length * k / n for k in range(n + 1)]


def _decay_length(rate, dps: int, extra=0):
    """L with e^{−rate·L} below 10^{−dps−5}, plus ``extra``."""
    return (dps + 5) * mpmath.log(10) / rate + extra


def _remembered(*kinds: str) -> Callable[[Callable], Callable]:
    """Exact in-process memoisation for a ``*_definition`` quadrature (pure: its value depends only on its
    arguments, ``dps`` and mpmath's working precision at the call, at which it rounds its result).

    ``kinds`` says per positional argument how the function reads it: ``"mpf"`` (converted with ``mpmath.mpf`` at
    the caller's precision, the function's first step, done here so that the key is the value actually used:
    "0.3" and mpf("0.3") share an entry, converting an mpf again at the same precision is the identity) or
    ``"int"`` (kept as given, e.g. a degree). The key is (arguments, dps, mpmath.mp.prec) with types
    (``lru_cache(typed=True)``), so a remembered value is bit for bit what a fresh call returns; mpf/mpc values
    are immutable. The checks of ``proofs/part2_fourier_transforms.py`` compare the paper's, the corrected and
    each perturbed statement with the same definition values, and their tests run them many times: each
    quadrature now runs once per process. The computation itself is ``fn.uncached`` (the reference path).
    """

    def wrap(fn: Callable) -> Callable:
        @functools.lru_cache(maxsize=1024, typed=True)
        def at(args: tuple, dps: int, prec: int):
            return fn(*args, dps=dps)

        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def remembered(*args, **keywords):
            bound = signature.bind(*args, **keywords)  # keyword arguments as fn takes them, TypeError as fn raises
            bound.apply_defaults()
            dps = bound.arguments.pop("dps")
            args = tuple(bound.arguments.values())
            if len(args) != len(kinds):
                raise TypeError(f"{fn.__name__} takes {len(kinds)} positional arguments")
            key = tuple(mpmath.mpf(a) if kind == "mpf" else a for a, kind in zip(args, kinds))
            return at(key, dps, mpmath.mp.prec)

        remembered.uncached = fn  # type: ignore[attr-defined]
        remembered.cache_clear = at.cache_clear  # type: ignore[attr-defined]
        remembered.cache_info = at.cache_info  # type: ignore[attr-defined]
        return remembered

    return wrap


def _remembered_ball(fn: Callable) -> Callable:
    """Exact in-process memoisation for a ``*_certified`` ball: it works at its own arb precision ``prec``
    (``ctx.workprec``), so its ball depends only on (t, prec) and on FLINT's cached constants, which are freed with
    this cache at each check's start (:func:`theorycheck.numerics.ball_cache`); keyed with types, for t a str,
    int or float; any other t (an mpf, whose str depends on mpmath's precision) is computed afresh. python-flint's
    acb is immutable.
    The computation itself is ``fn.uncached``."""

    @ball_cache(maxsize=256)  # emptied at each check's start: a ball depends on FLINT's cached constants too
    def at(t, prec: int) -> acb:
        return fn(t, prec=prec)

    @functools.wraps(fn)
    def remembered(t, *, prec: int = 120) -> acb:
        # only arguments whose value read by fn (arb(str(t)), float(t)) is fixed by (type, value): an mpf's
        # str(t) depends on mpmath's working precision, which is not in the key, so it is never remembered
        if type(t) in (str, int, float):
            return at(t, prec)
        return fn(t, prec=prec)

    remembered.uncached = fn  # type: ignore[attr-defined]
    remembered.cache_clear = at.cache_clear  # type: ignore[attr-defined]
    remembered.cache_info = at.cache_info  # type: ignore[attr-defined]
    return remembered


@_remembered("mpf")
def sech_transform_definition(t, *, dps: int = 30):
    r"""ŝech(t) = 2∫_0^∞ sech(x) cos(2πtx) dx by mpmath.quad, split every oscillation period.

    The range is cut at L with 4e^{−L} below 10^{−dps−5} (|sech x| ≤ 2e^{−|x|}, Part 2 §3.3
    display 28). The working precision grows with |t| so that the exponentially small value
    π sech(π²t) keeps ``dps`` significant digits.
    """
    t = mpmath.mpf(t)
    extra = int(float(mpmath.pi**2 * abs(t)) / math.log(10)) + 5
    with mpmath.workdps(dps + extra):
        L = _decay_length(1, dps + extra, 2)
        period = 1 / (2 * abs(t)) if t != 0 else L
        pts = _chunks(L, min(period, L / 2))
        val = 2 * mpmath.quad(lambda x: mpmath.sech(x) * mpmath.cos(2 * mpmath.pi * t * x), pts)
    return +val


@_remembered("mpf")
def sech2_transform_definition(t, *, dps: int = 30):
    r"""\widehat{sech²}(t) = 2∫_0^∞ sech²(x) cos(2πtx) dx by mpmath.quad (sech² ≤ 4e^{−2|x|})."""
    t = mpmath.mpf(t)
    extra = int(float(mpmath.pi**2 * abs(t)) / math.log(10)) + 5
    with mpmath.workdps(dps + extra):
        L = _decay_length(2, dps + extra, 2)
        period = 1 / (2 * abs(t)) if t != 0 else L
        pts = _chunks(L, min(period, L / 2))
        val = 2 * mpmath.quad(lambda x: mpmath.sech(x) ** 2 * mpmath.cos(2 * mpmath.pi * t * x), pts)
    return +val


@_remembered("mpf")
def tanh_transform_definition(t, *, dps: int = 30):
    r"""\widehat{tanh}(t), t ≠ 0, as the principal-value distribution via tanh = (tanh − sign) + sign.

    tanh − sign is odd and integrable (|tanh x − sign x| ≤ 2e^{−2|x|}), so
    \widehat{tanh}(t) = −2i ∫_0^∞ (tanh x − 1) sin(2πtx) dx + \widehat{sign}(t), \widehat{sign}(t) = −i/(πt).
    Returns an ``mpc``.
    """
    t = mpmath.mpf(t)
    if t == 0:
        raise ValueError("the principal-value transform of tanh has no value at t = 0")
    extra = int(float(mpmath.pi**2 * abs(t)) / math.log(10)) + 5
    with mpmath.workdps(dps + extra):
        L = _decay_length(2, dps + extra, 2)
        pts = _chunks(L, min(1 / (2 * abs(t)), L / 2))
        # tanh x − 1 = −2/(e^{2x} + 1), computed without cancellation
        part = mpmath.quad(lambda x: -2 / (mpmath.exp(2 * x) + 1) * mpmath.sin(2 * mpmath.pi * t * x), pts)
        val = -2j * part + sign_transform(t)
    return +val


def tanh_transform_via_sech2(t, *, dps: int = 30):
    r"""Second route: \widehat{tanh}(t) = \widehat{sech²}(t)/(2πit) (tanh' = sech², derivative rule)."""
    t = mpmath.mpf(t)
    with mpmath.workdps(dps + 5):
        val = sech2_transform_definition(t, dps=dps) / (2j * mpmath.pi * t)
    return +val


@_remembered("mpf")
def sech_convolution_definition(t, *, dps: int = 30):
    r"""I(t) = ∫ sech(π²(t−y)) sech(π²y) dy by mpmath.quad, split at 0 and t (integrand ≤ 4e^{−π²(|t−y|+|y|)})."""
    t = mpmath.mpf(t)
    with mpmath.workdps(dps + 5):
        L = _decay_length(mpmath.pi**2, dps + 5, abs(t) + 1)
        lo, hi = min(0, t), max(0, t)
        pts = [-L, lo - 1, lo] + ([hi] if hi != lo else []) + [hi + 1, L]
        val = mpmath.quad(lambda y: mpmath.sech(mpmath.pi**2 * (t - y)) * mpmath.sech(mpmath.pi**2 * y), pts)
    return +val


@_remembered("int", "mpf", "mpf")
def gaussian_polynomial_transform_definition(n: int, gamma, t, *, dps: int = 30):
    r"""\widehat{x^n e^{−γx²}}(t) = ∫ x^n e^{−γx²} e^{−2πitx} dx by mpmath.quad (real and imaginary parts).

    Split at multiples of the Gaussian scale 1/√γ and every oscillation period; cut where
    x^n e^{−γx²} is below 10^{−dps−5}. Returns an ``mpc``.
    """
    g, t = mpmath.mpf(gamma), mpmath.mpf(t)
    with mpmath.workdps(dps + 10):
        scale = 1 / mpmath.sqrt(g)
        L = mpmath.sqrt(((dps + 10) * mpmath.log(10) + n * mpmath.log(1 + n * scale)) / g) + scale
        period = 1 / abs(t) if t != 0 else L
        pts = _chunks(2 * L, min(period, scale), lo=-L)
        w = 2 * mpmath.pi * t
        re = mpmath.quad(lambda x: x**n * mpmath.exp(-g * x**2) * mpmath.cos(w * x), pts)
        im = -mpmath.quad(lambda x: x**n * mpmath.exp(-g * x**2) * mpmath.sin(w * x), pts)
        val = mpmath.mpc(re, im)
    return +val


def inverse_transform_definition(h: Callable, x, *, scale, center=0, dps: int = 30, tail: float = 12.0):
    r"""ȟ(x) = ∫ h(t) e^{2πitx} dt by mpmath.quad for a Gaussian-type h(t) concentrated at ``center``
    with width ``scale``; the range [center − tail·scale·k, center + tail·scale·k] is split into pieces of
    one period 1/|x| (at most 400) and must hold all but 10^{−dps} of |h|. Returns an ``mpc``."""
    x = mpmath.mpf(x)
    with mpmath.workdps(dps + 10):
        L = tail * scale * mpmath.sqrt((dps + 10) / 30)
        period = 1 / abs(x) if x != 0 else L
        pts = _chunks(2 * L, min(period, scale), lo=center - L)
        val = mpmath.quad(lambda t: h(t) * mpmath.expj(2 * mpmath.pi * t * x), pts)
    return +val


@_remembered("mpf", "mpf", "mpf")
def shifted_gaussian_inverse_definition(a, b, x, *, dps: int = 30):
    r"""Inverse transform of e^{−(at−b)²} from the definition ∫ e^{−(at−b)²} e^{2πitx} dt (a > 0)."""
    a, b = mpmath.mpf(a), mpmath.mpf(b)
    return inverse_transform_definition(lambda t: mpmath.exp(-(a * t - b) ** 2), x, scale=1 / a,
                                        center=b / a, dps=dps)


# ----------------------------------------------------------------------------- certified (python-flint)

def acb_ball(value, rel_error=None) -> acb:
    """An ``acb`` ball around an mpmath/complex/real value that covers its own rounding error.

    The radius is ``rel_error``·|value| (default 10^{3 − mp.dps}, the error of a value computed at the
    current mpmath precision) plus 10^{−60}; built at 240 bits whatever python-flint's global precision,
    so containment and disjointness do not depend on state left by other code.
    """
    if isinstance(value, acb):
        return value
    z = mpmath.mpc(value)
    rel = mpmath.mpf(10) ** (3 - mpmath.mp.dps) if rel_error is None else mpmath.mpf(rel_error)
    rad = mpmath.nstr(max(abs(z.real), abs(z.imag)) * rel + mpmath.mpf(10) ** -60, 5)
    with ctx.workprec(240):
        return acb(arb(mpmath.nstr(z.real, 60), rad), arb(mpmath.nstr(z.imag, 60), rad))


def arb_contains(ball, value, rel_error=None) -> bool:
    """Does the ``arb``/``acb`` ball meet the value (± its own rounding error, see :func:`acb_ball`)?"""
    v = acb_ball(value, rel_error)
    if isinstance(ball, arb):
        ball = acb(ball)
    with ctx.workprec(240):
        return bool(ball.real.overlaps(v.real) and ball.imag.overlaps(v.imag))


def arb_disjoint(ball, value, rel_error=None) -> bool:
    """True if the value, even allowing its own rounding error, lies outside the ball: a proved mismatch
    (given that the value is what the claimed formula gives up to that error)."""
    return not arb_contains(ball, value, rel_error)


def _add_error(x: acb, err: arb) -> acb:
    return acb(x.real + arb(0, err), x.imag + arb(0, err))


@_remembered_ball
def sech_transform_certified(t: str | float, *, prec: int = 120) -> acb:
    r"""A ball containing ŝech(t) = ∫ sech(x) e^{−2πitx} dx.

    ∫_{−L}^{L} by ``acb.integral`` (sech is meromorphic: evaluation at a pole gives a non-finite ball,
    so the ``analytic`` flag needs no extra care) plus the tail ∫_{|x|>L} |sech x| dx ≤ 4e^{−L}
    (from |sech x| ≤ 2e^{−|x|}).
    """
    with ctx.workprec(prec):
        tt = arb(str(t))
        L = int(prec * math.log(2)) + 10
        w = 2 * arb.pi() * tt
        val = acb.integral(lambda x, analytic: (acb(0, -1) * w * x).exp() / x.cosh(), -L, L)
        return _add_error(val, 4 * arb(-L).exp())


@_remembered_ball
def tanh_minus_sign_certified(t: str | float, *, prec: int = 120) -> acb:
    r"""A ball containing the principal-value \widehat{tanh}(t) = ∫(tanh − sign)e^{−2πitx}dx + 1/(πit), t ≠ 0.

    −2i∫_0^L (tanh x − 1) sin(2πtx) dx by ``acb.integral`` (holomorphic on [0, L]; tanh x − 1 =
    −2/(e^{2x}+1) is meromorphic), tail |∫_L^∞| ≤ ∫_L^∞ 2e^{−2x} dx = e^{−2L}, doubled for both sides.
    """
    with ctx.workprec(prec):
        tt = arb(str(t))
        L = int(prec * math.log(2) / 2) + 10
        w = 2 * arb.pi() * tt
        part = acb.integral(lambda x, analytic: -2 / ((2 * x).exp() + 1) * (w * x).sin(), 0, L)
        part = _add_error(part, arb(-2 * L).exp())
        return acb(0, -2) * part + 1 / (acb(0, 1) * arb.pi() * tt)


@_remembered_ball
def sech_convolution_certified(t: str | float, *, prec: int = 120) -> acb:
    r"""A ball containing I(t) = ∫ sech(π²(t−y)) sech(π²y) dy.

    ∫_{−L}^{L} by ``acb.integral`` with L = |t| + M, plus the tail: for |y| > L the integrand is
    ≤ 4e^{−π²(|t−y|+|y|)} ≤ 4e^{π²|t|} e^{−2π²|y|}, so both tails together are ≤ 4e^{π²|t|−2π²L}/π².
    """
    with ctx.workprec(prec):
        tt = arb(str(t))
        p2 = arb.pi() ** 2
        M = int(prec * math.log(2) / (2 * math.pi**2)) + 3
        L = int(abs(float(t))) + 1 + M
        val = acb.integral(lambda y, analytic: 1 / ((p2 * (tt - y)).cosh() * (p2 * y).cosh()), -L, L)
        err = 4 * (p2 * abs(tt) - 2 * p2 * L).exp() / p2
        return _add_error(val, err)


def gaussian_polynomial_transform_certified(n: int, gamma: str, t: str, *, prec: int = 120) -> acb:
    r"""A ball containing \widehat{x^n e^{−γx²}}(t) = ∫ x^n e^{−γx²} e^{−2πitx} dx.

    ∫_{−L}^{L} by ``acb.integral`` (entire integrand) plus the tail: for L² ≥ 2n/γ, x^n e^{−γx²/2}
    decreases on [L, ∞), so ∫_{|x|>L} |x|^n e^{−γx²} dx ≤ 2 L^{n−1} e^{−γL²}/γ.
    """
    with ctx.workprec(prec):
        G, T = arb(str(gamma)), arb(str(t))
        g = float(gamma)
        L = int(math.sqrt((prec + 20 + 4 * n) * math.log(2) / g + 2 * n / g)) + 2
        w = 2 * arb.pi() * T
        val = acb.integral(lambda x, analytic: x**n * (-G * x * x).exp() * (acb(0, -1) * w * x).exp(), -L, L)
        err = 2 * arb(L) ** (n - 1) * (-G * L * L).exp() / G
        return _add_error(val, err)


def inverse_gaussian_certified(h_acb: Callable, x: str, *, center: float, half_width: int, tail: arb,
                               prec: int = 120) -> acb:
    r"""A ball containing ∫ h(t) e^{2πitx} dt given h as an ``acb`` function and a proved bound ``tail`` on
    ∫_{|t − center| > half_width} |h(t)| dt (the caller proves it)."""
    with ctx.workprec(prec):
        X = arb(str(x))
        w = 2 * arb.pi() * X
        lo, hi = math.floor(center) - half_width, math.ceil(center) + half_width
        val = acb.integral(lambda t, analytic: h_acb(t) * (acb(0, 1) * w * t).exp(), lo, hi)
        return _add_error(val, tail)


def ball_str(x, digits: int = 25) -> str:
    """Text of an ``arb``/``acb`` ball with its radius, ``digits`` significant digits."""
    if isinstance(x, arb):
        return x.str(digits, radius=True)
    return f"{x.real.str(digits, radius=True)} + {x.imag.str(digits, radius=True)}i"
