"""The words of a regime record agree with its verdict and say exactly where the relation holds (referee BP,
/work/notes/referee/refBP.md). Each test also feeds a perturbed case that must be told apart."""

from __future__ import annotations

import pytest
import sympy as sp

from theorycheck.asymptotics import Region, compare
from theorycheck.claims import Verdict
from theorycheck.cli import regime_lines
from theorycheck.plots import conditions_hold_at

d = sp.Symbol("d", positive=True)
a, b = sp.symbols("a b", real=True)


def test_an_inconclusive_verdict_decides_no_part_of_the_region():
    """F3: four inconclusive claims had said "holds on the whole region" or "on part"; the record is now "undecided",
    and what the sub-check decided is kept under "as_decided". The perturbation: a verified verdict keeps its "all"."""
    everywhere = {"region": "R", "holds_on": "all", "conditions": ["x"], "conditions_exact": ["a > 0"]}
    v = Verdict("inconclusive", "exact", "not decided", regime=everywhere)
    assert v.regime["holds_on"] == "undecided" and v.regime["conditions_exact"] == []
    assert v.regime["as_decided"] == {"holds_on": "all", "conditions": ["x"], "conditions_exact": ["a > 0"]}
    assert Verdict("verified", "exact", "holds", regime=everywhere).regime["holds_on"] == "all"  # kept as given


def test_a_regime_on_all_of_the_region_lists_no_condition():
    """C1: a relation that holds on the whole region had kept a Max condition, false on a face (r = 0) where only the
    tie rule saved it. Perturbed: on a region where it holds only on part, the condition stays."""
    region = Region("a <= 0, b < 2", (a, b), (a <= 0, b < 2))
    whole = compare(d**a * sp.log(d) + d ** (a / 2) * sp.log(d) ** b, "lesssim", d**a * sp.log(d) ** 3 + d ** (a / 2)
                    * sp.log(d) ** 2, region, d=d)
    assert whole.holds_on == "all" and whole.conditions == () and whole.conditions_exact == ()
    part = compare(d**a * sp.log(d) ** b, "lesssim", sp.log(d), region, d=d)
    assert part.holds_on == "part" and part.conditions_exact


def test_conditions_are_exact_on_the_tie_set():
    """F1/F2: "e_i < Max(…)" or "g > 0" alone had been false on a tie set inside the region (r = 0, where the powers
    of log d decide). The text now carries the tie rule, and a point on the tie reads as the relation does."""
    r, rho = sp.symbols("r rho", real=True)
    region = Region("r <= 0, rho < 4", (r, rho), (r <= 0, rho < 4))
    result = compare(d**r * sp.log(d) ** rho, "lesssim", sp.log(d) ** 2, region, d=d)
    [text] = result.conditions_exact
    assert text == "-r > 0 or (-r == 0 and 2 - rho >= 0)"
    assert conditions_hold_at([text], {"r": 0.0, "rho": 1.0})  # log d ≲ log² d at r = 0
    assert not conditions_hold_at([text], {"r": 0.0, "rho": 3.0})  # log³ d is not (the perturbed point)
    assert conditions_hold_at([text], {"r": -0.5, "rho": 3.0})


def test_at_most_regimes_say_they_fail_outside_and_are_undecided_inside():
    """C2/F6: a measured obstruction's "part" regime ("holds at most where ν ≤ 2 + ε_b") had been shown as "holds
    where", and its slice painted green. Perturbed: the same record without the marker reads as "holds where"."""
    record = {"region": "R", "holds_on": "part", "conditions": [r"\text{at most where } \nu \le 2 + \varepsilon_b"],
              "conditions_exact": ["eps_b - nu + 2 >= 0"], "conditions_bound": "at most", "witness": None}
    lines = regime_lines(Verdict("refuted", "simulation", "x", evidence={"w": 1}, regime=record).regime)
    assert "fails on part of the region, undecided on the rest" in lines[0]
    assert "holds at most where (fails elsewhere):" in lines[1]
    plain = dict(record)
    plain.pop("conditions_bound")
    assert regime_lines(plain)[1] == "  holds where:"
    with pytest.raises(ValueError, match="conditions_bound"):
        Verdict("refuted", "simulation", "x", evidence={"w": 1}, regime=dict(record, conditions_bound="at least"))


def test_regime_slices_survive_ctrl_c_in_their_workers_and_stop_on_it_in_the_report():
    """Referee BQ (HIGH): Ctrl-C during `theorycheck report` had killed the slice-drawing processes with tracebacks and
    left the report waiting for ever. The drawing processes ignore SIGINT; the report's own KeyboardInterrupt stops
    them at once. The perturbation: a SIGINT sent to the workers changes nothing; one raised in wait() propagates."""
    from theorycheck import plots

    regimes = [{"region": "R", "holds_on": "part", "conditions_exact": [f"eps_n - {k}/10 > 0"], "conditions": [],
                "witness": None} for k in (1, 2, 3)]
    saved = plots.FIGURE_CACHE
    plots.FIGURE_CACHE = None
    try:
        slices = plots.start_regime_slices(regimes, jobs=2)
        # asked inside the drawing processes, not by sending them SIGINT: a signal that arrives between the fork and
        # the initializer would make the child run on as a copy of this test process (under xdist: a second worker)
        assert all(slices._pool.map(_sigint_ignored, range(4), chunksize=1))
        # and SIGTERM is not the CLI's handler (referee CY, CY-1: it raised Terminated in each, with a traceback)
        import signal

        from theorycheck.cli import _raise_on_sigterm

        previous = _raise_on_sigterm()  # as the CLI installs it before forking
        try:
            terms = plots.start_regime_slices([dict(r, conditions_exact=[c + " + 1"]) for r in regimes
                                               for c in r["conditions_exact"]], jobs=2)
            assert all(terms._pool.map(_sigterm_default, range(4), chunksize=1))
            terms.wait()
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        assert slices.wait() == 3
        again = plots.start_regime_slices([dict(r, conditions_exact=[c + " + 0"]) for r in regimes
                                           for c in r["conditions_exact"]], jobs=2)

        def interrupted(*_):
            raise KeyboardInterrupt

        again._pending.get = interrupted
        with pytest.raises(KeyboardInterrupt):
            again.wait()
        assert again._pool is None
    finally:
        plots.FIGURE_CACHE = saved


def test_a_decided_verdict_drops_an_inconclusive_sub_verdicts_words_and_slices_read_incomplete_conditions():
    """Referee BS (BS4): a refuted verdict whose regime was built from an inconclusive sub-check's kept its
    "as_decided" ("all" beside a refutation). (BS10) A slice of conditions that say where it holds at least paints the
    rest "not decided", not "fails". The perturbation: an inconclusive verdict keeps as_decided."""
    from theorycheck.plots import regime_slice

    sub = Verdict("inconclusive", "exact", "x", regime={"region": "R", "holds_on": "all", "conditions": []}).regime
    assert "as_decided" in sub
    refuted_from_it = Verdict("refuted", "exact", "y", evidence={"w": 1}, regime=dict(sub, holds_on="part"))
    assert "as_decided" not in refuted_from_it.regime
    base = {"region": "R", "holds_on": "part", "conditions_exact": ["eps_n - 0.3 > 0"], "conditions": [],
            "witness": None}
    assert regime_slice(dict(base, conditions_complete=False), resolution=20) != regime_slice(base, resolution=20)


def _sigterm_default(_: int) -> bool:
    import signal

    return signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def _sigint_ignored(_: int) -> bool:
    import signal

    return signal.getsignal(signal.SIGINT) == signal.SIG_IGN


def test_every_output_reads_a_regime_conditions_alike():
    """One reading of a regime's conditions (claims.conditions_reading) for `show`'s lines and the slices: "at most"
    for a measured obstruction, "at least" for an undecided regime or incomplete conditions, else "exactly". Each
    case has a perturbation that reads otherwise."""
    from theorycheck.claims import AT_LEAST, AT_MOST, EXACTLY, conditions_reading

    part = {"holds_on": "part", "conditions_exact": ["a > 0"]}
    assert conditions_reading(part) == EXACTLY
    assert conditions_reading({**part, "conditions_bound": "at most"}) == AT_MOST
    assert conditions_reading({**part, "conditions_complete": False}) == AT_LEAST
    assert conditions_reading({**part, "holds_on": "undecided"}) == AT_LEAST
    # "all" and "none" are decided: an incomplete set of conditions does not make them "at least"
    assert conditions_reading({**part, "holds_on": "none", "conditions_complete": False}) == EXACTLY
    assert conditions_reading({**part, "holds_on": "all", "conditions_complete": False}) == EXACTLY
    # `show` says so
    lines = regime_lines({**part, "region": "R", "conditions_complete": False})
    assert "  holds at least where:" in lines
    assert "  holds where:" in regime_lines({**part, "region": "R"})


def test_the_condition_reader_has_one_home():
    """The regime slices, the merge of a chain's regimes (asymptotics.conditions_cannot_hold) and the tests read a
    condition with theorycheck.expr's parser; plots re-exports it. A condition in parentheses is one inequality, so
    it takes part in the merge's test. Perturbed: an "or" of the same two inequalities proves nothing."""
    from theorycheck import expr, plots
    from theorycheck.asymptotics import conditions_cannot_hold

    assert plots.parse_condition is expr.parse_condition and plots.parse_condition_tree is expr.parse_condition_tree
    x = sp.Symbol("x", real=True)
    region = Region("0 < x < 2", (x,), (x > 0, x < 2))
    assert conditions_cannot_hold(["(1 - x >= 0)", "x - 3/2 >= 0"], region)
    assert not conditions_cannot_hold(["1 - x >= 0 or x - 3/2 >= 0"], region)
    assert conditions_cannot_hold(["x - 1 == 0", "x - 3/2 >= 0"], region)  # a tie is read too (referee BR, BR4)
    assert not conditions_cannot_hold(["x - 1 == 0 or x - 3/2 >= 0"], region)
