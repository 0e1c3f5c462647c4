"""Independent review of this round's speed-ups (memo, root finders, certificate caches and fast paths).

Passing tests pin properties the review verified. The failing inputs the review found (gdp_epsilon with a loose
rel_tol, mu_for at a tiny ε or a subnormal δ, the float lattice floor, memo keys of containers, cert.sup-bound's
evidence at the ambient precision) were fixed; their tests stay as regression tests."""

from __future__ import annotations

import math
import multiprocessing
import random
import sys
from pathlib import Path

import mpmath
import pytest
from certificate_references import corrected_a_phi_reference, paper_a_phi_reference

from theorycheck import certificate as cert
from theorycheck import memo
from theorycheck import privacy as P
from theorycheck.simulator.presets import mu_for

# ------------------------------------------------------------------------------------------- root finders


def _log_gap(eps, delta, mu):
    """log δ(ε; μ) − log δ at 40 digits, δ read as the decimal the caller typed (as gdp_epsilon reads it)."""
    with mpmath.workdps(P.BASE_DPS):
        return P.gdp_log_delta(eps, P._mpf(mu), P.BASE_DPS) - mpmath.log(P._mpf(delta))


def test_gdp_epsilon_is_private_and_within_rel_tol_on_a_seeded_cloud():
    rng = random.Random(20261123)
    for _ in range(40):
        mu, delta = 10 ** rng.uniform(-3, 2.5), 10 ** rng.uniform(-300, -1e-6)
        rel_tol = rng.choice([1e-15, 1e-12, 1e-6, 1e-2, 0.5, 1.0])
        eps = P.gdp_epsilon(delta, mu, rel_tol=rel_tol)
        if eps == 0:
            assert _log_gap(0, delta, mu) <= 0
            continue
        assert _log_gap(eps, delta, mu) <= 0  # δ(ε) ≤ δ: private
        with mpmath.workdps(P.BASE_DPS):
            assert eps < mpmath.mpf("1e-29") or _log_gap(eps / (1 + mpmath.mpf(rel_tol)), delta, mu) > 0  # from above


def test_gdp_epsilon_tiny_roots_stay_private():
    mu = mpmath.mpf("0.5")
    for root in ("1e-5", "1e-25", "1e-29", "1e-31", "1e-40"):
        with mpmath.workdps(60):
            delta = P.gdp_delta(mpmath.mpf(root), mu, 60)
        eps = P.gdp_epsilon(delta, mu, rel_tol=1e-12)
        with mpmath.workdps(P.BASE_DPS):
            assert P.gdp_log_delta(eps, mu, P.BASE_DPS) - mpmath.log(delta) <= 0


def test_gdp_epsilon_accepts_a_loose_rel_tol():
    for rel_tol in (2.0, 3.0):
        eps = P.gdp_epsilon(1e-5, 1.0, rel_tol=rel_tol)
        exact = P.gdp_epsilon(1e-5, 1.0, rel_tol=1e-15)
        assert _log_gap(eps, 1e-5, 1.0) <= 0 and exact <= eps <= exact * (1 + rel_tol)


def test_mu_for_is_private_and_within_1e_12_on_a_seeded_cloud():
    rng = random.Random(5)
    for _ in range(40):
        eps, delta = 10 ** rng.uniform(-6, 3), 10 ** rng.uniform(-300, -0.01)
        mu = mu_for(eps, delta)
        with mpmath.workdps(P.BASE_DPS):
            target = mpmath.log(mpmath.mpf(repr(delta)))
            assert target - P.gdp_log_delta(eps, mu) > 0  # δ(ε; μ) < δ: the private end
            assert target - P.gdp_log_delta(eps, mu * (1 + 1.0000001e-12)) <= 0  # within relative 1e-12


def test_mu_for_tiny_epsilon():
    mu = mu_for(1e-15, 1e-5)
    assert mu == pytest.approx(2.5066282748e-05, rel=1e-9)
    with mpmath.workdps(P.BASE_DPS):
        assert mpmath.log(mpmath.mpf("1e-5")) - P.gdp_log_delta(1e-15, mu) > 0


def test_mu_for_subnormal_delta():
    mu = mu_for(1.0, 1e-310)
    with mpmath.workdps(P.BASE_DPS):
        assert mpmath.log(mpmath.mpf("1e-310")) - P.gdp_log_delta(1.0, mu) > 0


# ------------------------------------------------------------------------- certificate fast paths and caches


def _outcome(fn, x):
    try:
        v = fn(x)
    except Exception as exc:  # noqa: BLE001 - the same exception on both paths counts as agreement
        return ("raises", type(exc).__name__)
    return ("value", v._mpf_ if hasattr(v, "_mpf_") else v._mpc_)


SPECIAL = ("0", "1e-300", "-1e-300", "1e50", "-1e8", "inf", "-inf", "nan")


@pytest.mark.parametrize("f, gamma, eta", [("x", "1e-30", "1e-5"), ("-x^3 + 1/3", "100", "50"), ("1", "2", "0.75"),
                                           ("x^5 - x^2 + 2/3*x", "1e-8", "3")])
def test_a_phi_fast_paths_bit_identical_at_extreme_precisions_and_arguments(f, gamma, eta):
    rng = random.Random(f"{f}|{gamma}|{eta}")
    for build_dps in (15, 80):  # closures built at one precision, called at others
        with mpmath.workdps(build_dps):
            pairs = [(cert.corrected_a_phi_function(f, gamma, eta), corrected_a_phi_reference(f, gamma, eta)),
                     (cert.paper_a_phi_function(f, gamma, eta), paper_a_phi_reference(f, gamma, eta))]
        for prec in (2, 10, 113, 300):
            with mpmath.workprec(prec):
                points = [mpmath.mpf(s) for s in SPECIAL] + [mpmath.mpf(2) ** -2000, mpmath.mpf(2) ** 100000]
                points += [mpmath.mpf(rng.uniform(-1, 1)) * mpmath.mpf(10) ** rng.randint(-20, 6) for _ in range(6)]
                for fast, ref in pairs:
                    assert [_outcome(fast, x) for x in points] == [_outcome(ref, x) for x in points]


def test_f_p_fast_path_bit_identical_at_extreme_precisions_and_arguments():
    from theorycheck_proofs import part2_certificate_steps as steps

    with mpmath.workdps(40):
        fp, kept = steps._f_p(steps._a_function("x^3 - x", "0.05"), steps._sample_biases(40, 5))

    def ref(z):
        return sum(ai * mpmath.tanh(z + bi) for bi, ai in kept) / len(kept)

    for prec in (2, 7, 200, 1000):
        with mpmath.workprec(prec):
            points = [mpmath.mpf(s) for s in SPECIAL] + [mpmath.mpf(2) ** -5000, mpmath.mpf("-0.7")]
            assert [_outcome(fp, z) for z in points] == [_outcome(ref, z) for z in points]


def test_memoized_never_answers_for_another_type_or_precision():
    g = cert.memoized(lambda v: mpmath.exp(v) / 3)
    with mpmath.workdps(30):
        a = g(mpmath.mpf(1))
        assert g(1)._mpf_ == (mpmath.exp(1) / 3)._mpf_ and g(1) is not a  # an int key is not the mpf one
        assert g(1.0) is not a and g(mpmath.mpc(1, 0)) is not a
    with mpmath.workprec(53):
        assert g(mpmath.mpf(1))._mpf_ == (mpmath.exp(mpmath.mpf(1)) / 3)._mpf_ != a._mpf_


# -------------------------------------------------------------------------------------------------- memo

SIM = """
import mpmath

from theorycheck import memo


@memo.shared
def kind(value):
    return type(value).__name__


@memo.shared
def first_key(mapping):
    return next(iter(mapping))


@memo.shared
def lists(n):
    return {"list": list(range(n))}


@memo.shared
def third():
    return mpmath.mpf(1) / 3
"""


@pytest.fixture
def sim(tmp_path: Path):
    from theorycheck import cache, registry

    proofs = tmp_path / "paper" / "proofs_review_memo"
    proofs.mkdir(parents=True)
    (proofs / "__init__.py").write_text("")
    (proofs / "sim.py").write_text(SIM)
    (proofs / "claims.py").write_text("from .sim import kind\n\nCLAIMS = []\n")
    registry.load(proofs)
    name = next(m for m in sys.modules if m.endswith(".sim") and m.startswith("_theorycheck_proofs_")
                and Path(sys.modules[m].__file__).parent == proofs.resolve())
    store = cache.Cache(proofs, tmp_path / "cache")
    with memo.active(store) as folder:
        yield sys.modules[name], folder


def test_memo_scalar_types_and_precision_have_their_own_keys(sim):
    mod, _ = sim
    assert [mod.kind(v) for v in (1, 1.0, True, "1", None)] == ["int", "float", "bool", "str", "NoneType"]
    assert [mod.kind(v) for v in (1, 1.0, True, "1", None)] == ["int", "float", "bool", "str", "NoneType"]  # loads
    with mpmath.workdps(30):
        v30 = mod.third()
    with mpmath.workdps(15):
        v15 = mod.third()
    with mpmath.workdps(30):
        assert mod.third()._mpf_ == v30._mpf_ == (mpmath.mpf(1) / 3)._mpf_ != v15._mpf_  # pickled exactly


def test_memo_a_caller_mutating_its_result_does_not_change_the_stored_one(sim):
    mod, _ = sim
    first = mod.lists(3)
    first["list"].append(99)
    again = mod.lists(3)
    assert again == {"list": [0, 1, 2]}
    again["list"].clear()
    assert mod.lists(3) == {"list": [0, 1, 2]}


def _race(fn_and_arg):
    fn, arg = fn_and_arg
    return fn(arg)


def test_memo_concurrent_writers_leave_one_whole_file(sim):
    mod, folder = sim
    with multiprocessing.get_context("fork").Pool(4) as pool:
        out = pool.map(_race, [(mod.lists, 5)] * 16)
    assert all(r == {"list": [0, 1, 2, 3, 4]} for r in out)
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == 1 and files[0].startswith("lists-") and files[0].endswith(".pkl")  # no .tmp- left behind
    assert mod.lists(5) == {"list": [0, 1, 2, 3, 4]}


def test_memo_a_tuple_and_a_list_do_not_share_a_key(sim):
    mod, _ = sim
    assert mod.kind([1, 2]) == "list"
    assert mod.kind((1, 2)) == "tuple"


def test_memo_dicts_in_another_order_do_not_share_a_key(sim):
    mod, _ = sim
    assert mod.first_key({"b": 1, "a": 2}) == "b"
    assert mod.first_key({"a": 2, "b": 1}) == "a"


def test_snap_to_lattice_lower_end_is_on_the_positive_side_in_floats():
    from theorycheck.numerics import snap_to_lattice

    step = math.log1p(1e-12)
    lo = 24.118362952618938  # floor(lo / step) * step == nextafter(lo, inf)
    assert math.floor(lo / step) * step > lo

    def f(x):  # decreasing, root between lo and its next float
        return 1.0 if x <= lo else -1.0

    a, b = snap_to_lattice(f, lo, lo + step / 2, step)
    assert f(a) > 0 >= f(b)


# ------------------------------------------------------------------------------- the session's verdict cache


def test_cert_sup_bound_evidence_does_not_depend_on_the_ambient_precision():
    import json

    from theorycheck.registry import load

    claim = load().get("cert.sup-bound")
    seen = []
    for dps in (15, 30):
        with mpmath.workdps(dps):
            seen.append(json.dumps(claim.check().to_dict(), sort_keys=True, default=str))
    assert seen[0] == seen[1]
