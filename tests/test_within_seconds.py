"""theorycheck.numerics.within_seconds: a time bound for evidence a check can do without (referee EF, EF-4, EF-13;
referee EH, EH-13)."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from theorycheck.numerics import within_seconds

pytestmark = pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                                reason="SIGALRM is the main thread's")


def _swallowing(seconds: float) -> tuple[str, int]:
    """A computation with a bare except that swallows every alarm, as some SymPy code does."""
    swallowed, started = 0, time.monotonic()
    while time.monotonic() - started < seconds:
        try:
            time.sleep(0.01)
        except BaseException:  # noqa: BLE001 - the point of the test
            swallowed += 1
    return "finished", swallowed


def test_a_value_computed_through_swallowed_alarms_is_not_trusted():
    assert within_seconds(lambda: 5, 1.0) == 5
    assert within_seconds(lambda: _swallowing(1.0), 0.3) is None  # it finished, but after alarms: None


def test_nested_calls_keep_the_outer_deadline_and_the_callers_timer():
    started = time.monotonic()
    assert within_seconds(lambda: within_seconds(lambda: time.sleep(5) or 1, 3.0), 0.5) is None
    assert time.monotonic() - started < 2.0  # the inner 3 s budget is clamped to the outer 0.5 s
    previous = signal.signal(signal.SIGALRM, lambda *a: None)
    try:
        signal.setitimer(signal.ITIMER_REAL, 5.0, 0.5)
        within_seconds(lambda: 1, 1.0)
        remaining, interval = signal.getitimer(signal.ITIMER_REAL)
        assert 4.0 < remaining <= 5.0 and interval == 0.5  # the caller's alarm and its interval are back
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
