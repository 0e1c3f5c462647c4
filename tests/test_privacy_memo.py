"""The exact memo of the privacy root finders (theorycheck.privacy.exact_memo): every remembered answer is the
very value the function itself computes for the same arguments (``__wrapped__``, the reference path), keyed on
the arguments' types and exact values and on mpmath's working precision."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

from theorycheck import privacy as P
from theorycheck.errors import InputError
from theorycheck.simulator import presets

MEMOISED = (P.gdp_epsilon, P.gdp_log_delta, P.gdp_delta, presets.mu_for)


@pytest.fixture(autouse=True)
def empty_memos():
    for f in MEMOISED:
        f.cache_clear()
    yield
    for f in MEMOISED:
        f.cache_clear()


def _same(x, y) -> bool:
    """Equal value and type (an mpf compared bit for bit)."""
    if isinstance(x, mpmath.mpf):
        return type(y) is mpmath.mpf and x._mpf_ == y._mpf_
    return type(x) is type(y) and x == y


def test_gdp_epsilon_memo_returns_the_reference_on_a_seeded_cloud():
    rng = np.random.default_rng(20261125)
    calls = []
    for _ in range(6):
        delta = float(10 ** rng.uniform(-30, -0.01))
        mu = float(10 ** rng.uniform(-1.5, 1))
        calls.append(((delta, mu), {"rel_tol": 1e-12}))
    calls += [
        ((1e-5, 0.9), {}),
        ((np.float64(1e-5), np.float64(0.9)), {}),
        ((1e-5, mpmath.mpf(0.9)), {}),  # the binary 0.9, not the decimal _mpf reads a float as
        ((1e-5, 1), {"rel_tol": 1e-12}),
        ((0.5, 0.01), {}),  # δ(0) ≤ δ: ε = 0
        ((1e-7, 2.5), {"dps": 30, "rel_tol": 1e-15}),
    ]
    for args, kwargs in calls:
        reference = P.gdp_epsilon.__wrapped__(*args, **kwargs)
        assert _same(P.gdp_epsilon(*args, **kwargs), reference)  # computed and stored
        assert _same(P.gdp_epsilon(*args, **kwargs), reference)  # read back
    # positional and keyword spellings of the same call share one answer
    assert _same(P.gdp_epsilon(1e-5, 0.9, P.BASE_DPS, 1e-20), P.gdp_epsilon(delta=1e-5, mu=0.9))


def test_log_delta_and_delta_memos_return_the_reference_at_each_precision():
    rng = np.random.default_rng(7)
    points = [(float(10 ** rng.uniform(-3, 2.5)), float(10 ** rng.uniform(-2, 1))) for _ in range(8)]
    points += [(0, 0.5), (1, 2), (np.float64(1.0), np.float64(0.3)), (mpmath.mpf(3) / 7, mpmath.mpf(1) / 3)]
    for dps in (15, 50):  # gdp_log_delta rounds its answer to the caller's precision
        with mpmath.workdps(dps):
            for eps, mu in points:
                for f, kwargs in ((P.gdp_log_delta, {}), (P.gdp_log_delta, {"dps": 60}), (P.gdp_delta, {})):
                    reference = f.__wrapped__(eps, mu, **kwargs)
                    assert _same(f(eps, mu, **kwargs), reference)
                    assert _same(f(eps, mu, **kwargs), reference)


def test_mu_for_memo_returns_the_reference_on_the_repaired_budgets():
    from theorycheck_proofs import repaired

    for eps, delta in repaired.BUDGETS[::4]:
        reference = presets.mu_for.__wrapped__(eps, delta)
        assert _same(presets.mu_for(eps, delta), reference)
        assert _same(presets.mu_for(eps, delta), reference)
        assert _same(presets.mu_for(np.float64(eps), np.float64(delta)), reference)


def test_memo_keys_on_type_and_exact_value():
    # a float is read as its decimal (mpf('0.1') at the working precision), an mpf as its binary value: different
    # μ, different ε; whichever is asked first, the other is computed afresh
    as_float = P.gdp_epsilon.__wrapped__(1e-5, 0.1)
    as_mpf = P.gdp_epsilon.__wrapped__(1e-5, mpmath.mpf(0.1))
    assert as_float != as_mpf
    assert _same(P.gdp_epsilon(1e-5, 0.1), as_float)
    assert _same(P.gdp_epsilon(1e-5, mpmath.mpf(0.1)), as_mpf)
    assert _same(P.gdp_epsilon(1e-5, 0.1), as_float)
    key = P._exact_key
    assert key(1) != key(1.0) != key(np.float64(1.0)) != key(mpmath.mpf(1))
    assert key(0.0) != key(-0.0)
    assert key(True) is None and key(np.float32(1.0)) is None and key("1e-5") is None and key([1.0]) is None


def test_memo_keys_on_the_working_precision():
    # gdp_epsilon fixes its own precision, so the answers agree; each is still computed at its own precision
    answers = set()
    for dps in (15, 50):
        with mpmath.workdps(dps):
            reference = P.gdp_epsilon.__wrapped__(1e-5, 0.9, rel_tol=1e-12)
            assert _same(P.gdp_epsilon(1e-5, 0.9, rel_tol=1e-12), reference)
            answers.add(reference._mpf_)
    assert len(answers) == 1


def test_unmemoised_arguments_and_errors_run_the_function():
    assert _same(P.gdp_epsilon(np.float32(1e-5), 0.9), P.gdp_epsilon.__wrapped__(np.float32(1e-5), 0.9))
    assert _same(P.gdp_epsilon("1e-5", 0.9), P.gdp_epsilon.__wrapped__("1e-5", 0.9))
    for _ in range(2):  # an error is raised every time, never remembered
        with pytest.raises(InputError):
            P.gdp_epsilon(1.5, 0.9)
        with pytest.raises(InputError):
            presets.mu_for(1.0, 0.0)
    with pytest.raises(TypeError):
        P.gdp_epsilon(1e-5)


def test_memo_is_bounded(monkeypatch):
    calls = []

    @P.exact_memo
    def square(x):
        calls.append(x)
        return x * x

    monkeypatch.setattr(P, "MEMO_SIZE", 3)
    for x in (1.0, 2.0, 3.0, 1.0):  # 1.0 remembered
        assert square(x) == x * x
    assert calls == [1.0, 2.0, 3.0]
    square(4.0)  # drops the least recently used, 2.0
    square(2.0)
    assert calls == [1.0, 2.0, 3.0, 4.0, 2.0]
    assert math.isclose(square(1.0), 1.0) and calls[-1] == 2.0  # 1.0 was used more recently than 3.0: kept
