"""Exact privacy accounting for Gaussian mechanisms and their composition.

Everything here is computed from the definition of (ε, δ)-DP (Part 1, Definition 1) for the
Gaussian mechanism, without loose bounds:

* **Analytic Gaussian mechanism** (Balle & Wang 2018, Thm. 8). Releasing ``f(D) + N(0, σ² I)``
  where ``‖f(D) − f(D')‖₂ ≤ Δ`` is (ε, δ)-DP iff

      δ ≥ δ(ε) = Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ),

  and the bound is attained by the pair at distance exactly Δ.
* **μ-GDP composition** (Dong, Roth & Su 2019). The curve above depends on Δ/σ only: it is the
  μ-GDP curve with μ = Δ/σ. Composing T Gaussian mechanisms (adaptively) gives
  μ = sqrt(Σ_t (Δ_t/σ_t)²), i.e. μ = √T Δ/σ for T equal steps -- and the composition of
  Gaussians is again exactly a Gaussian, so the curve is exact (not a bound) for the worst pair.
* δ(ε) and ε(δ) are computed in log space with mpmath at a working precision chosen from the
  size of the logarithms and from the cancellation between the two terms (which reaches 1e-24
  and below when ε/μ is large): ``log δ = log Φ(a) + log(−expm1(ε + log Φ(b) − log Φ(a)))``.
* For comparison: **zCDP** (Bun & Steinke 2016): ρ = Σ Δ_t²/(2σ_t²), ε = ρ + 2 sqrt(ρ log(1/δ));
  and the **classical** bound (Dwork & Roth Thm. A.1, σ = Δ sqrt(2 log(1.25/δ₀))/ε₀, valid only for
  ε₀ < 1) composed with the advanced composition theorem (δ split δ₀ = δ/(2T), δ' = δ/2).

Units and adjacency
-------------------
:class:`GaussianRelease` makes the conventions explicit. A per-sample quantity is clipped to ℓ₂
norm ``clip`` (C); the aggregate of the n clipped vectors is released with Gaussian noise of
standard deviation ``noise_std`` per coordinate. Its ℓ₂ sensitivity is

=================  ============  =================================================
aggregate          replace-one   add-remove
=================  ============  =================================================
``sum``            2C            C
``mean`` (fixed n) 2C/n          C/n   (n is a public constant, as in Abadi et al.)
``mean`` (actual)  2C/n          2C/(n+1) (denominator = actual size; n = smaller set)
=================  ============  =================================================

The *noise multiplier* Z is always ``noise_std / sensitivity`` (units of the true sensitivity),
so μ = √T / Z. Google's ``dp_accounting`` uses the noise multiplier of a *sum* relative to the clip
norm under add/remove; to compare, pass it ``noise_std / sensitivity`` with the true sensitivity.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Literal, TypeVar

import mpmath
import numpy as np

from . import numerics, validate
from .errors import InputError
from .vocabulary import Adjacency, Aggregate, allowed  # the closed vocabularies, checked in one place
from .vocabulary import check as check_vocabulary

ADJACENCIES: tuple[str, ...] = allowed("adjacency")
AGGREGATES: tuple[str, ...] = allowed("aggregate")

#: Base working precision (decimal digits) of the exact curves.
BASE_DPS = 40


# ----------------------------------------------------------------------------------------------
# Exact memoisation of the root finders
# ----------------------------------------------------------------------------------------------

#: Answers :func:`exact_memo` keeps per function (the least recently used is dropped first).
MEMO_SIZE = 8192

#: The argument types :func:`exact_memo` keys on; a call with any other argument type is not memoised.
_EXACT_TYPES: tuple[type, ...] = (float, int, np.float64, mpmath.mpf)

_F = TypeVar("_F", bound=Callable[..., Any])


def _exact_key(value: object) -> tuple[type, object] | None:
    """(type, exact value) of a plain number -- its IEEE bits for a float, (sign, mantissa, exponent, bits) for
    an mpf -- or None for any other argument. The type is part of the key, so ``1``, ``1.0``, ``np.float64(1.0)``
    and ``mpf(1)`` are remembered apart (``_mpf`` reads a float as its decimal and an mpf as its binary value)."""
    kind = type(value)
    if kind not in _EXACT_TYPES:  # bool, numpy.float32, strings, arrays, mpmath subclasses: not memoised
        return None
    if kind is int:
        return kind, value
    if kind is mpmath.mpf:
        return kind, value._mpf_  # type: ignore[attr-defined]  # the exact binary value
    return kind, float.hex(value)  # type: ignore[arg-type]  # float or numpy.float64: the exact bits (−0.0 ≠ 0.0)


def exact_memo(function: _F) -> _F:
    """Remember ``function``'s answers keyed on the exact values and types of its arguments (defaults filled in)
    and on mpmath's working precision at the call.

    For a pure function of plain numbers whose answer those determine. :func:`gdp_epsilon` and
    :func:`theorycheck.simulator.presets.mu_for` are root finders of 20 to 60 evaluations of log δ each (the
    checks and the simulator ask for the same (δ, μ) or (ε, δ) many times over: one budget per size, the same
    release per seed); :func:`gdp_log_delta` and :func:`gdp_delta` are asked for the same points of the same
    curves by several checks and tests. A remembered answer is the very value the function returned for an
    identical call, and is immutable (float, mpf). A call with an argument that is not a float, int,
    numpy.float64 or mpf, and every call that raises, runs the function itself. The precision is part of the key
    because :func:`gdp_log_delta` rounds its answer to the caller's (the others fix their own), so that a
    caller's precision can never be given an answer computed at another. ``wrapper.__wrapped__`` is the
    function itself (the reference in ``tests/test_privacy_memo.py``); ``wrapper.cache_clear()`` forgets every
    answer.
    """
    signature = inspect.signature(function)
    answers: OrderedDict[tuple, Any] = OrderedDict()
    lock = threading.Lock()

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            return function(*args, **kwargs)  # raises the function's own TypeError
        bound.apply_defaults()
        keys = tuple(_exact_key(v) for v in bound.arguments.values())
        if any(k is None for k in keys):
            return function(*args, **kwargs)
        key = (mpmath.mp.prec, *keys)
        with lock:
            if key in answers:
                answers.move_to_end(key)
                return answers[key]
        value = function(*args, **kwargs)
        with lock:
            answers[key] = value
            if len(answers) > MEMO_SIZE:
                answers.popitem(last=False)
        return value

    def cache_clear() -> None:
        with lock:
            answers.clear()

    wrapper.cache_clear = cache_clear  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


# ----------------------------------------------------------------------------------------------
# Conventions
# ----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class GaussianRelease:
    """T releases of a clipped aggregate with Gaussian noise; validates itself.

    Attributes
    ----------
    clip: per-sample ℓ₂ clipping norm C (> 0).
    n: number of records (the public normaliser of a mean).
    noise_std: standard deviation of the Gaussian noise added to each coordinate of the released
        aggregate at each step (> 0), in the units of the aggregate.
    aggregate: ``"mean"`` (noise on (1/n) Σ g_i) or ``"sum"`` (noise on Σ g_i).
    adjacency: ``"replace-one"`` or ``"add-remove"``.
    steps: number of releases T (composition).
    mean_denominator: ``"fixed"`` (public n, the usual convention) or ``"actual"``
        (divide by the actual dataset size; only matters for add-remove).
    """

    clip: float
    n: int
    noise_std: float
    aggregate: Aggregate = "mean"
    adjacency: Adjacency = "replace-one"
    steps: int = 1
    mean_denominator: Literal["fixed", "actual"] = "fixed"

    def __post_init__(self) -> None:
        validate.positive("clip", self.clip)
        object.__setattr__(self, "n", validate.positive_int("n", self.n))
        validate.positive("noise_std", self.noise_std)
        object.__setattr__(self, "steps", validate.positive_int("steps", self.steps))
        check_vocabulary("aggregate", self.aggregate)
        check_vocabulary("adjacency", self.adjacency)
        if self.mean_denominator not in ("fixed", "actual"):
            raise InputError(f"mean_denominator must be 'fixed' or 'actual', got {self.mean_denominator!r}")

    @property
    def sensitivity(self) -> float:
        """ℓ₂ sensitivity of one step's aggregate (see the module table)."""
        return sensitivity(self.clip, self.n, self.aggregate, self.adjacency, self.mean_denominator)

    @property
    def noise_multiplier(self) -> float:
        """Z = noise std / sensitivity of one step."""
        return float(self.noise_std) / self.sensitivity

    @property
    def mu(self) -> mpmath.mpf:
        """GDP parameter of the T-fold composition: μ = √T Δ / σ."""
        return gdp_mu(self.steps, self.sensitivity, self.noise_std)

    def epsilon(self, delta: float) -> mpmath.mpf:
        return gdp_epsilon(delta, self.mu)

    def delta(self, epsilon: float) -> mpmath.mpf:
        return gdp_delta(epsilon, self.mu)


def sensitivity(clip: float, n: int, aggregate: Aggregate = "mean", adjacency: Adjacency = "replace-one",
                mean_denominator: str = "fixed") -> float:
    """ℓ₂ sensitivity of the sum or mean of n vectors each clipped to norm ``clip``."""
    validate.positive("clip", clip)
    n = validate.positive_int("n", n)
    check_vocabulary("adjacency", adjacency)
    check_vocabulary("aggregate", aggregate)
    c = float(clip)
    if aggregate == "sum":
        return 2 * c if adjacency == "replace-one" else c
    if adjacency == "replace-one":
        return 2 * c / n
    if mean_denominator == "actual":
        # (S + g)/(n+1) − S/n = (g − S/n)/(n+1), and ‖g − S/n‖ ≤ 2C.
        return 2 * c / (n + 1)
    return c / n


# ----------------------------------------------------------------------------------------------
# Exact curves (μ-GDP = analytic Gaussian mechanism)
# ----------------------------------------------------------------------------------------------


def _mpf(x) -> mpmath.mpf:
    if isinstance(x, mpmath.mpf):
        return x
    if isinstance(x, float):  # also numpy.float64
        return mpmath.mpf(repr(float(x)))  # the decimal the user typed, not its binary neighbour
    if type(x).__module__.startswith("numpy"):
        x = x.item()
        if isinstance(x, float):
            return mpmath.mpf(repr(x))
    return mpmath.mpf(x)


def log_ndtr(x) -> mpmath.mpf:
    """log Φ(x) at the current mpmath precision, accurate for very negative x (via erfc)."""
    x = _mpf(x)
    return mpmath.log(mpmath.erfc(-x / mpmath.sqrt(2)) / 2)


def gdp_mu(steps: int, sensitivity: float, sigma: float) -> mpmath.mpf:
    """μ of T composed Gaussian mechanisms, each of ℓ₂ sensitivity Δ and noise std σ: √T Δ/σ."""
    steps = validate.positive_int("steps", steps)
    validate.positive("sensitivity", sensitivity)
    validate.positive("sigma", sigma)
    with mpmath.workdps(BASE_DPS):
        return +(mpmath.sqrt(steps) * _mpf(sensitivity) / _mpf(sigma))


def _log_delta_at(eps: mpmath.mpf, mu: mpmath.mpf) -> tuple[mpmath.mpf, mpmath.mpf]:
    """(log δ(ε), r) at the current precision, r = ε + log Φ(b) − log Φ(a) (< 0)."""
    a = mu / 2 - eps / mu
    b = -mu / 2 - eps / mu
    la = log_ndtr(a)
    r = eps + log_ndtr(b) - la
    if r >= 0:  # only possible through rounding when the two terms are equal to working precision
        return mpmath.mpf("-inf"), r
    return la + mpmath.log(-mpmath.expm1(r)), r


@exact_memo
def gdp_log_delta(epsilon, mu, dps: int = BASE_DPS) -> mpmath.mpf:
    """log δ(ε) of μ-GDP (equivalently of the Gaussian mechanism with Δ/σ = μ), exactly.

    The working precision is raised until it covers both the magnitude of log Φ(a) and the
    cancellation between e^ε Φ(b) and Φ(a) (``r`` is the log of their ratio; a relative
    accuracy of 10^-(dps-10) in δ needs about dps + log10|log Φ(a)| − log10|r| digits).

    Memoised (:func:`exact_memo`, keyed on (ε, μ, dps) and the caller's precision, to which the answer is
    rounded): the checks evaluate the same points of the same curves again and again.
    """
    if float(epsilon) < 0:
        raise InputError(f"epsilon must be >= 0, got {epsilon!r}")
    validate.positive("mu", mu)
    return +_log_delta_and_ratio(epsilon, mu, dps)[0]


def _log_delta_and_ratio(epsilon: Any, mu: Any, dps: int) -> tuple[mpmath.mpf, mpmath.mpf]:
    """(log δ(ε), r) of :func:`_log_delta_at`, at the precision :func:`gdp_log_delta` raises until it covers
    log Φ(a)'s magnitude and the cancellation r; both keep that precision."""
    work = dps
    for _ in range(6):
        with mpmath.workdps(work):
            eps, m = _mpf(epsilon), _mpf(mu)
            ld, r = _log_delta_at(eps, m)
            la = ld if ld != mpmath.mpf("-inf") else mpmath.mpf(-1)
            need = (
                dps + 5 + int(max(0, mpmath.log10(abs(la) + 1))) + int(max(0, -mpmath.log10(abs(r)) if r != 0 else 60))
            )
        if need <= work:
            return ld, r
        work = need + 10
    return ld, r


def _gdp_curve_sympy() -> tuple[Any, Any, Any, Any]:
    """(ε, μ, δ(ε; μ), φ) in SymPy: the μ-GDP curve Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) and the normal density."""
    import sympy as sp

    e, m = sp.symbols("epsilon mu", positive=True)

    def cdf(z: Any) -> Any:
        return (1 + sp.erf(z / sp.sqrt(2))) / 2

    def density(z: Any) -> Any:
        return sp.exp(-(z**2) / 2) / sp.sqrt(2 * sp.pi)

    return e, m, cdf(-e / m + m / 2) - sp.exp(e) * cdf(-e / m - m / 2), density


@functools.cache  # a SymPy identity with no arguments: decided once per process
def gdp_curve_increasing_in_mu() -> bool:
    r"""SymPy: ∂δ(ε; μ)/∂μ = φ(ε/μ − μ/2) > 0 for the μ-GDP curve δ(ε; μ) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)
    (e^ε φ(ε/μ + μ/2) = φ(ε/μ − μ/2)), so a smaller μ is never less private: what makes the calibration's μ, the lower
    end of a bracket with δ(ε; μ) < δ, private at every budget."""
    import sympy as sp

    e, m, curve, density = _gdp_curve_sympy()
    slope = density(e / m - m / 2)
    return bool(sp.simplify(sp.diff(curve, m) - slope) == 0 and slope.is_positive)


@functools.cache  # a SymPy identity with no arguments: decided once per process
def gdp_curve_decreasing_in_epsilon() -> bool:
    r"""SymPy: ∂δ(ε; μ)/∂ε = −e^ε Φ(−ε/μ − μ/2) < 0 (the density terms cancel, e^ε φ(ε/μ + μ/2) = φ(ε/μ − μ/2)),
    so at a fixed μ the curve is largest at the smallest ε: δ(ε; μ) ≤ δ(ε₀; μ) for ε ≥ ε₀."""
    import sympy as sp

    e, m, curve, _ = _gdp_curve_sympy()
    slope = -sp.exp(e) * (1 + sp.erf((-e / m - m / 2) / sp.sqrt(2))) / 2
    # erf > −1 on the reals, so Φ > 0 and the slope is negative (SymPy cannot see the sign of erf + 1 itself)
    return bool(sp.simplify(sp.diff(curve, e) - slope) == 0)


def gdp_delta_ball(epsilon: float, mu: Any, prec: int = 400) -> Any:
    """δ(ε) of μ-GDP as a python-flint arb enclosure at ``prec`` bits: Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) with
    Φ(x) = erfc(−x/√2)/2, ε and μ read exactly (floats are binary rationals; μ may be an arb ball)."""
    from flint import arb, ctx

    with ctx.workprec(prec):
        e, m = arb(epsilon), arb(mu)
        root2 = arb(2).sqrt()

        def cdf(x: Any) -> Any:
            return (-x / root2).erfc() / 2

        return cdf(-e / m + m / 2) - e.exp() * cdf(-e / m - m / 2)


def decide_ball_le(ball_at: Callable[[int], Any], bound: float, prec: int = 128,
                   max_prec: int = 1 << 14) -> tuple[bool | None, Any, int]:
    """Whether the quantity ``ball_at(prec)`` encloses is ≤ ``bound`` (read exactly), the precision doubled from
    ``prec`` until the enclosure decides, up to ``max_prec``: (True/False, or None when undecided; the last ball;
    its precision)."""
    from flint import arb, ctx

    while True:
        ball = ball_at(prec)
        with ctx.workprec(prec):
            if ball <= arb(bound):
                return True, ball, prec
            if ball > arb(bound):
                return False, ball, prec
        if prec * 2 > max_prec:
            return None, ball, prec
        prec *= 2


def certified_private(epsilon: float, mu: float, delta: float, max_prec: int = 1 << 14) -> bool:
    """True only when δ(ε; μ) ≤ δ is certified (:func:`decide_ball_le` from 128 bits up to ``max_prec``); False when
    it is certified to fail or cannot be decided."""
    return decide_ball_le(lambda prec: gdp_delta_ball(epsilon, mu, prec), delta, 128, max_prec)[0] is True


@exact_memo
def gdp_delta(epsilon, mu, dps: int = BASE_DPS) -> mpmath.mpf:
    """δ(ε) of μ-GDP (the smallest δ for which the mechanism is (ε, δ)-DP). Memoised (:func:`exact_memo`)."""
    extra = 20  # exp of a log of size up to 1e20 keeps dps relative digits
    with mpmath.workdps(dps + extra):
        value = mpmath.exp(gdp_log_delta(epsilon, mu, dps + extra))
    return value  # keeps its precision; arithmetic on it rounds to the caller's mp.dps


@exact_memo
def gdp_epsilon(delta, mu, dps: int = BASE_DPS, rel_tol: float = 1e-20) -> mpmath.mpf:
    """ε(δ) of μ-GDP: the smallest ε ≥ 0 with δ(ε) ≤ δ, to relative ``rel_tol`` from above, by shrinking a
    bracket of the root of log δ(ε) − log δ (decreasing in ε), by
    :func:`theorycheck.numerics.newton_bracket_decreasing` with the exact slope.

    Returns 0 when δ(0) = 2Φ(μ/2) − 1 ≤ δ already. Memoised (:func:`exact_memo`): a pure function of
    (δ, μ, dps, rel_tol), which the checks ask for again and again.
    """
    validate.delta(delta)
    validate.positive("mu", mu)
    with mpmath.workdps(dps):
        target = mpmath.log(_mpf(delta))
        m = _mpf(mu)
        f_lo = gdp_log_delta(0, m, dps) - target
        if f_lo <= 0:
            return mpmath.mpf(0)
        lo = mpmath.mpf(0)
        # zCDP conversion is a valid upper bound on ε(δ) for μ-GDP (ρ = μ²/2).
        hi = m**2 / 2 + m * mpmath.sqrt(2 * mpmath.log(1 / _mpf(delta))) + 1
        while (f_hi := gdp_log_delta(hi, m, dps) - target) > 0:
            lo, f_lo, hi = hi, f_hi, 2 * hi
        floor = mpmath.mpf(1e-30)
        f = lambda e: gdp_log_delta(e, m, dps) - target  # noqa: E731 - decreasing in ε

        def f_slope(e: mpmath.mpf) -> tuple[mpmath.mpf, mpmath.mpf | None]:
            """f(ε) (the value :func:`gdp_log_delta` gives) and its slope d log δ/dε = −e^ε Φ(b)/δ = −1/(e^{−r} − 1)
            (dδ/dε = −e^ε Φ(b), since φ(a) = e^ε φ(b)); None where δ rounds to 0."""
            ld, r = _log_delta_and_ratio(e, m, dps)
            slope = -1 / mpmath.expm1(-r) if r < 0 and ld != mpmath.mpf("-inf") else None
            return +ld - target, slope

        # the answer is a point of a fixed lattice in log ε (cells of relative width √(1 + rel_tol)), decided by
        # signs only: the same ε whatever the iterates (tests/test_speedups.py); the bracket is shrunk to one
        # cell, or to the bisection's absolute width when the root is below ``floor``
        step = mpmath.log1p(rel_tol) / 2
        cell = -mpmath.expm1(-step)  # hi − lo ≤ cell·hi  ⇔  log(hi/lo) ≤ step
        lo, hi = numerics.newton_bracket_decreasing(f_slope, lo, hi, lambda a, b: max(cell * b, rel_tol * floor),
                                                    f_lo=f_lo, f_hi=f_hi)
        if lo <= floor or mpmath.log(hi) - mpmath.log(lo) > step:
            return hi
        _, t_hi = numerics.snap_to_lattice(lambda t: f(mpmath.exp(t)), mpmath.log(lo), mpmath.log(hi), step,
                                           floor=mpmath.floor)
        return mpmath.exp(t_hi)


def gaussian_delta(epsilon, sensitivity, sigma, dps: int = BASE_DPS) -> mpmath.mpf:
    """Balle–Wang analytic Gaussian mechanism: exact δ(ε) for ℓ₂ sensitivity Δ and noise std σ."""
    validate.positive("sensitivity", sensitivity)
    validate.positive("sigma", sigma)
    with mpmath.workdps(dps):
        return gdp_delta(epsilon, _mpf(sensitivity) / _mpf(sigma), dps)


def gaussian_epsilon(delta, sensitivity, sigma, dps: int = BASE_DPS) -> mpmath.mpf:
    """Balle–Wang analytic Gaussian mechanism: exact ε(δ) for ℓ₂ sensitivity Δ and noise std σ."""
    validate.positive("sensitivity", sensitivity)
    validate.positive("sigma", sigma)
    with mpmath.workdps(dps):
        return gdp_epsilon(delta, _mpf(sensitivity) / _mpf(sigma), dps)


def gaussian_delta_direct(epsilon, sensitivity, sigma, dps: int = 200) -> mpmath.mpf:
    """The Balle–Wang formula evaluated term by term at a very high fixed precision (a
    second, independent evaluation used by the tests)."""
    with mpmath.workdps(dps):
        e, d, s = _mpf(epsilon), _mpf(sensitivity), _mpf(sigma)
        return mpmath.ncdf(d / (2 * s) - e * s / d) - mpmath.exp(e) * mpmath.ncdf(-d / (2 * s) - e * s / d)


# ----------------------------------------------------------------------------------------------
# Comparison bounds
# ----------------------------------------------------------------------------------------------


def scale_change_delta(epsilon: Any, coordinates: int, ratio: Any, dps: int = 40) -> mpmath.mpf:
    """The exact δ(ε) between N(0, I_m) and N(0, κ²I_m), κ = ``ratio`` > 1, m = ``coordinates``: the larger of the
    two directions' hockey-stick divergences. The privacy loss log dN(0, I)/dN(0, κ²I) = m log κ − ‖z‖²(1 − κ^{−2})/2
    is monotone in ‖z‖², so each direction is a difference of χ²_m probabilities: P[‖z‖² < t₀] − e^ε P[κ²‖z‖² < t₀],
    t₀ = 2(m log κ − ε)/(1 − κ^{−2}), and P[κ²‖z‖² > t₁] − e^ε P[‖z‖² > t₁], t₁ = 2(m log κ + ε)/(1 − κ^{−2}).

    Each probability is the regularised incomplete gamma of its own side (the lower one below the mean, the upper
    one above: no 1 − F), and the difference is taken at ``dps`` digits, then at twice and four times that until two
    agree to 10^{−10} relative: a tail far below 10^{−dps} cancels in the subtraction, and a privacy curve must not
    understate δ (referee CX, M2: 40 fixed digits gave 5e−197 for 2.1e−45 at m = 1000, ε = 30). A mechanism whose
    noise scale depends on the data (DP-GD's Σ ∝ 1/n with n the data set's own size) is at least this
    distinguishable."""
    coordinates = validate.positive_int("coordinates", coordinates)
    validate.epsilon(epsilon)  # finite and > 0 (referee CZ, L2: NaN had been a TypeError, ∞ a loop)
    with mpmath.workdps(dps):  # at the working precision: 1 + 1e-20 exceeds 1 (it had been refused at 15 digits)
        if not _mpf(ratio) > 1:
            raise InputError(f"the scale ratio must exceed 1, got {ratio}")
    previous = None
    for digits in (dps, 2 * dps, 4 * dps, 8 * dps):
        try:
            value = _scale_change_delta_at(epsilon, coordinates, ratio, digits)
        except mpmath.libmp.NoConvergence as exc:  # mpmath's incomplete gamma from m ≈ 5·10^6 (κ near 1; CZ, L1)
            raise ArithmeticError(f"δ(ε) of the scale change (m = {coordinates}): {exc}") from None
        if previous is not None and abs(value - previous) <= mpmath.mpf(10) ** -10 * abs(value):
            return value  # (two zeros agree too)
        previous = value
    raise ArithmeticError(f"δ(ε) of the scale change (ε = {epsilon}, m = {coordinates}, κ = {ratio}) did not settle "
                          f"by {8 * dps} digits")


def _chi2_split(m: mpmath.mpf, t: mpmath.mpf) -> tuple[mpmath.mpf, mpmath.mpf]:
    """(P[χ²_m < t], P[χ²_m > t]), the smaller one from the incomplete gamma of its own side and the other as its
    complement (no small tail is ever 1 − something)."""
    if t <= 0:
        return mpmath.mpf(0), mpmath.mpf(1)
    a, x = m / 2, t / 2
    if x < a:
        below = mpmath.gammainc(a, 0, x, regularized=True)
        return below, 1 - below
    above = mpmath.gammainc(a, x, mpmath.inf, regularized=True)
    return 1 - above, above


def _scale_change_delta_at(epsilon: Any, coordinates: int, ratio: Any, dps: int) -> mpmath.mpf:
    """:func:`scale_change_delta` at ``dps`` digits (no agreement check)."""
    with mpmath.workdps(dps):
        m, kappa, e = mpmath.mpf(coordinates), _mpf(ratio), _mpf(epsilon)
        k2 = kappa**2
        spread = 1 - 1 / k2
        t0 = 2 * (m * mpmath.log(kappa) - e) / spread
        t1 = 2 * (e + m * mpmath.log(kappa)) / spread
        narrow_first = _chi2_split(m, t0)[0] - mpmath.exp(e) * _chi2_split(m, t0 / k2)[0]
        wide_first = _chi2_split(m, t1 / k2)[1] - mpmath.exp(e) * _chi2_split(m, t1)[1]
        return +max(narrow_first, wide_first, mpmath.mpf(0))


def zcdp_rho(steps: int, sensitivity: float, sigma: float) -> float:
    """ρ of T Gaussian steps: T Δ² / (2 σ²). Raises OverflowError when ρ exceeds the float range."""
    steps = validate.positive_int("steps", steps)
    validate.positive("sensitivity", sensitivity)
    validate.positive("sigma", sigma)
    # in log space: T may be an integer beyond the float range (referee Z); math.exp raises OverflowError
    return math.exp(math.log(steps) + 2 * (math.log(float(sensitivity)) - math.log(float(sigma))) - math.log(2))


def zcdp_epsilon(rho: float, delta: float) -> float:
    """ε = ρ + 2 sqrt(ρ log(1/δ)) (Bun & Steinke 2016, Prop. 1.3): an upper bound on the exact ε."""
    validate.delta(delta)
    return float(rho) + 2 * math.sqrt(float(rho) * (-math.log(float(delta))))


def classical_sigma(epsilon: float, delta: float, sensitivity: float = 1.0, c_const: float = 1.25) -> float:
    """Dwork–Roth Theorem A.1 noise σ = Δ sqrt(2 log(c_const/δ)) / ε (stated for ε < 1)."""
    validate.epsilon(epsilon)
    validate.delta(delta)
    return float(sensitivity) * math.sqrt(2 * math.log(c_const / float(delta))) / float(epsilon)


def classical_epsilon(noise_multiplier: float, steps: int, delta: float) -> dict:
    """Classical accounting: per-step ε₀ from Dwork–Roth (δ₀ = δ/(2T)) + advanced composition
    (δ' = δ/2). Returns ``{"epsilon", "eps0", "valid"}``; ``valid`` is False when ε₀ ≥ 1, outside
    the range where Theorem A.1 is proved; ``epsilon`` is None (with a ``note``) when the
    advanced-composition figure overflows (ε₀ of several hundred)."""
    validate.positive("noise_multiplier", noise_multiplier)
    steps = validate.positive_int("steps", steps)
    validate.delta(delta)
    # log(1.25/δ₀) with δ₀ = δ/(2T), in log space: δ/(2T) underflows to 0 for tiny δ or huge T (referee Z)
    log_term = math.log(1.25) - math.log(float(delta)) + (math.log(2 * steps) if steps > 1 else 0.0)
    eps0 = math.sqrt(2 * log_term) / float(noise_multiplier)
    if steps == 1:
        return {"epsilon": eps0, "eps0": eps0, "valid": eps0 < 1}
    try:
        eps = math.sqrt(2 * steps * math.log(2 / float(delta))) * eps0 + steps * eps0 * math.expm1(eps0)
    except OverflowError:
        eps = math.inf
    if not math.isfinite(eps):
        # T ε₀ (e^ε₀ − 1) exceeds the float range: the classical figure is not defined (not a bound at all)
        return {"epsilon": None, "eps0": eps0, "valid": False,
                "note": f"not defined: T·ε₀·(e^ε₀ − 1) overflows at ε₀ = {eps0:.4g}"}
    return {"epsilon": eps, "eps0": eps0, "valid": eps0 < 1}


def paper_rule_epsilon(noise_multiplier: float, steps: int, delta: float) -> float:
    """The ε the paper's rule (Part 3, Σ = Δ √T sqrt(8 log(1/δ))/ε) assigns to noise multiplier Z:
    ε = sqrt(8 T log(1/δ)) / Z."""
    validate.positive("noise_multiplier", noise_multiplier)
    steps = validate.positive_int("steps", steps)
    validate.delta(delta)
    return math.exp((math.log(8 * -math.log(float(delta))) + math.log(steps)) / 2 - math.log(float(noise_multiplier)))


#: Largest ε the accounting commands evaluate: beyond it the float figures (e^ε, δ(ε)) over- or underflow, and
#: whether mpmath raises depends on its integer backend; refusing up front makes the answer the same on every machine.
MAX_EPSILON = 1e100
#: The largest μ :func:`account` takes (the range the CLI's message names): beyond it the exact curve's erfc works
#: on exponents of hundreds of digits (0.5 s per call at 1e150, 4 s at 3e300, where zCDP's ρ = μ²/2 overflows).
MAX_MU = 1e100


def check_epsilon_range(epsilon: float) -> None:
    """Raise OverflowError when ``epsilon`` exceeds :data:`MAX_EPSILON`."""
    if float(epsilon) > MAX_EPSILON:
        raise OverflowError(f"ε = {float(epsilon):g} exceeds {MAX_EPSILON:g}")


def account(noise_multiplier: float, steps: int, delta: float, epsilon: float | None = None) -> dict:
    """Every figure for T Gaussian steps of noise multiplier Z (= σ/Δ): exact ε(δ) (μ-GDP),
    zCDP, classical + advanced composition, and the paper's rule; δ(ε) if ``epsilon`` is given.
    Raises :class:`InputError` on bad input."""
    validate.positive("noise_multiplier", noise_multiplier)
    steps = validate.positive_int("steps", steps)
    validate.delta(delta)
    if epsilon is not None:
        validate.epsilon(epsilon)
        check_epsilon_range(epsilon)
    z = float(noise_multiplier)
    mu = gdp_mu(steps, 1.0, z)
    if not mu <= MAX_MU:
        raise OverflowError(f"μ = {float(mu):g} exceeds {MAX_MU:g}")
    out = {
        "noise_multiplier": z,
        "steps": steps,
        "delta": float(delta),
        "mu": mu,
        "exact_epsilon": gdp_epsilon(delta, mu),
        "zcdp_rho": zcdp_rho(steps, 1.0, z),
    }
    out["zcdp_epsilon"] = zcdp_epsilon(out["zcdp_rho"], delta)
    out["classical"] = classical_epsilon(z, steps, delta)
    out["paper_rule_epsilon"] = paper_rule_epsilon(z, steps, delta)
    if epsilon is not None:
        out["epsilon"] = float(epsilon)
        out["exact_delta"] = gdp_delta(epsilon, mu)
    return out


# ----------------------------------------------------------------------------------------------
# The paper's noise rules
# ----------------------------------------------------------------------------------------------


def paper_sigma_part3(epsilon: float, delta: float, steps: int, clip: float, n: int,
                      const: float = 8.0, c_factor: float = 2.0, t_exponent: float = 0.5) -> float:
    """Part 3 §4.3: Σ = (c_factor C T^t_exponent / n) sqrt(const log(1/δ)) / ε (paper: 2, 1/2, 8),
    the std of z_i in ã_{i+1} = ã_i − η ∇ + η z_i, i.e. noise on the averaged gradient."""
    return (c_factor * float(clip) * float(steps) ** t_exponent / float(n)) * math.sqrt(
        const * (-math.log(float(delta)))) / float(epsilon)


def paper_noise_std_part1(epsilon: float, delta: float, steps: int, clip: float, n: int, eta: float,
                          const: float = 8.0) -> float:
    """Part 1 Algorithm 1 + Assumption 4: the noise added to a_t is √η (C/n) σ_a N(0,·) with
    σ_a = sqrt(η T) sqrt(const log(1/δ))/ε, i.e. std η (C/n) √T sqrt(const log(1/δ))/ε on a_t."""
    sigma_a = math.sqrt(float(eta) * float(steps)) * math.sqrt(const * (-math.log(float(delta)))) / float(epsilon)
    return math.sqrt(float(eta)) * float(clip) / float(n) * sigma_a


def layer1_sigma_w(d: float, n: float, eps_b: float, q: int, log_exponent_offset: int = 3) -> float:
    """Assumption 4: σ_W = sqrt(d^{1+ε_b}/n) log^{q+3} d (natural log)."""
    return math.sqrt(float(d) ** (1 + float(eps_b)) / float(n)) * math.log(float(d)) ** (q + log_exponent_offset)


def layer1_worst_sensitivity(p: int) -> float:
    """ℓ₂ (Frobenius) sensitivity bound of W₁ with unit-norm columns: each column moves by at most 2,
    so ‖W₁(D) − W₁(D')‖_F ≤ 2√p (attained when every column's direction flips)."""
    return 2 * math.sqrt(validate.positive_int("p", p))


def layer1_exact_epsilon(d: float, n: float, p: int, eps_b: float, q: int, delta: float,
                         sensitivity: float | None = None) -> mpmath.mpf:
    """Exact ε(δ) of W₁'s Gaussian release with σ_W of Assumption 4 and the worst-case
    sensitivity 2√p (or the given one)."""
    sens = layer1_worst_sensitivity(p) if sensitivity is None else float(sensitivity)
    return gaussian_epsilon(delta, sens, layer1_sigma_w(d, n, eps_b, q))
