"""Validation of parameters shared by every module (raise :class:`InputError` naming the value)."""

from __future__ import annotations

import math
import os
import sys
from numbers import Real
from typing import Any, cast

import mpmath

from .errors import InputError

#: the most processes or threads per CPU that --jobs, simulate's --workers and THEORYCHECK_BLAS_THREADS may ask for
#: (referee AN: --jobs 1000 forked one process per claim; referee AS: --workers and the BLAS threads had no bound)
PER_CPU = 4


def most_per_cpu() -> int:
    """:data:`PER_CPU` × this machine's CPUs."""
    return PER_CPU * (os.cpu_count() or 1)


def _not_a_real(value: object) -> bool:
    """A truth value (Python's, NumPy's ``np.True_``, which is no ``bool`` subclass: referee CT, LOW-3) or a complex
    number, NumPy arrays of them included (referee CY, CY-5: ``np.array(True)`` passed as 1, ``np.complex128(3+4j)``
    as 3), and any NumPy value whose kind is not integer or float (referee CZ, L6: ``np.timedelta64(3)`` passed as 3,
    an object array of True as 1, ``np.str_("3")`` came back a string). NumPy is asked only when it is loaded: a value
    cannot be NumPy's otherwise (CY-11: importing it here doubled the CLI's start-up)."""
    if isinstance(value, (bool, complex)):
        return True
    np = sys.modules.get("numpy")
    if np is None:
        return False
    if isinstance(value, (np.ndarray, np.generic)):
        return value.dtype.kind not in "iuf"
    return False


def _as_real(name: str, value: Any) -> float:
    if _not_a_real(value):  # True is 1 to Python, never a parameter's value (referee CS, LOW-2)
        raise InputError(f"{name} must be a real number, got {value!r}")
    if not isinstance(value, Real):
        try:
            value = float(value)  # mpmath mpf, numpy scalars, Fractions as str...
        except (TypeError, ValueError):
            raise InputError(f"{name} must be a real number, got {value!r}") from None
    try:
        number = float(value)
    except OverflowError:  # an int or Fraction beyond the floats
        number = math.inf if value > 0 else -math.inf
    if math.isnan(number):
        raise InputError(f"{name} must be a real number, got NaN")
    return number


def positive(name: str, value: Any) -> Any:
    """Return ``value`` unchanged if it is a finite real > 0, else raise ``InputError``.

    Used for γ, η, n, p, d, T, step sizes and noise levels. A Python string of a decimal ("0.01") is accepted and
    returned as it is, on purpose: the proofs pass γ as such strings so that mpmath reads them exactly at its working
    precision.
    """
    number = _as_real(name, value)
    if number == 0 or math.isinf(number):  # the float may have under- or overflowed: ask the value itself
        number = _beyond_float(value, number)
    if not (number > 0) or math.isinf(number):
        raise InputError(f"{name} must be a finite number > 0, got {value!r}")
    return value


def _beyond_float(value: Any, number: float) -> float:
    """``number`` (the float of ``value``), or 1.0 when ``value`` is a positive finite real beyond the floats (an mpf,
    Fraction or int below 1e-308 or above 1.8e308: γ = d^{−ε_p/(4(q+1))} at d = 10^{10^6} is 10^{−62500} at
    ε_p = 1, q = 3)."""
    try:
        return 1.0 if (mpmath.isfinite(value) and value > 0) else number
    except (TypeError, ValueError):
        return number


def positive_int(name: str, value: object) -> int:
    """Return ``value`` as an ``int`` if it is a whole number >= 1, else raise ``InputError`` (naming the value given,
    not its conversion: referee DE, DE-7 — 1e-400 had been reported as "got 0")."""
    given = value
    if _not_a_real(value) or not isinstance(value, int):
        number = _as_real(name, value)
        try:  # exactly, where the value allows it: a Fraction or SymPy Integer beyond the floats (referee CS, LOW-3)
            whole = int(cast(Any, value)) if not isinstance(value, str) else int(number)
        except (OverflowError, ValueError, TypeError):
            raise InputError(f"{name} must be a whole number >= 1, got {value!r}") from None
        if not (whole == value or whole == number):
            raise InputError(f"{name} must be a whole number >= 1, got {value!r}")
        value = whole
    if value < 1:
        raise InputError(f"{name} must be a whole number >= 1, got {given!r}")
    return value


def epsilon(value: object, name: str = "epsilon") -> object:
    """Privacy ε: must be a finite real > 0."""
    number = _as_real(name, value)
    if not number > 0 or math.isinf(number):
        raise InputError(f"{name} (privacy ε) must be a finite number > 0, got {value!r}")
    return value


def delta(value: object, name: str = "delta") -> object:
    """Privacy δ: must lie strictly between 0 and 1."""
    number = _as_real(name, value)
    if not 0 < number < 1:
        raise InputError(f"{name} (privacy δ) must lie in (0, 1), got {value!r}")
    return value
