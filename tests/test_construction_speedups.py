"""The speed-ups of the Part 2 construction and certificate checks keep the old computations as references: every
remembered or rewritten quantity is, bit for bit, what the inline computation it replaced gives (the old code is
copied here), and values remembered at one working precision never answer for another."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import sympy as sp

from theorycheck import certificate as cert
from theorycheck.statement import Rel, Statement
from theorycheck_proofs import part2_certificate as C
from theorycheck_proofs import part2_certificate_steps as steps
from theorycheck_proofs import part2_construction as construction
from theorycheck_proofs import part2_construction_steps as csteps
from theorycheck_proofs.regime import SYMBOLIC_DEGREES as DEGREES
from theorycheck_proofs.symbols import log_d


def _bits(values) -> list:
    return [v._mpf_ if isinstance(v, mpmath.mpf) else v._mpc_ for v in values]


# ---------------------------------------------------------------------------------------------------------------------
# construct.lipschitz-step


def test_abs_max_over_rows_is_the_old_expression_bit_for_bit():
    rng = np.random.default_rng(7)
    for m in (1, 3, 187, 200):
        M = rng.standard_normal((60, 40)) * 10.0 ** rng.integers(-300, 300, size=(60, 40))
        M[:, 0] = 0.0  # a column of zeros, and one of negative zeros: +0.0 as np.abs gives
        M[:, 1] = -0.0
        M[5, 2] = np.inf
        M[7, 3] = -np.inf
        M[:, 4] = -np.abs(M[:, 4])  # every entry negative
        old = np.abs(M / m).max(axis=0)
        new = steps._abs_max_over_rows(M) / m
        assert old.tobytes() == new.tobytes()


def _lipschitz_rows_reference(log_d_factor, targets, gamma, log_ds, p, draws, seed) -> list:
    """The Monte Carlo loop of check_lipschitz_step as it was before the sample was remembered (per-row figures)."""
    rng = np.random.default_rng(seed)
    rows = []
    for target in targets:
        a = steps._a_function(target, gamma)
        b = rng.standard_normal(p)
        b = b[np.abs(b) <= steps.C_B]
        A = np.array([float(a(mpmath.mpf(float(x)))) for x in b])
        m = len(b)
        for L in log_ds:
            z = np.linspace(-L, L, 2001)
            eps = rng.choice([-1.0, 1.0], size=(m, draws))
            lhs = np.abs((np.tanh(z[:, None] + b[None, :]) * A) @ eps / m).max(axis=0)
            rhs = np.abs((np.tanh(b) * A) @ eps) / m + log_d_factor * L * np.abs(A @ eps) / m
            diff = lhs - rhs
            rows.append((lhs.tobytes(), rhs.tobytes(), diff.tobytes(), float(diff.std(ddof=1) / np.sqrt(draws))))
    return rows


@pytest.mark.parametrize("log_d_factor", [1, 0, 2.5])
def test_lipschitz_sample_is_the_old_monte_carlo(log_d_factor):
    targets, gamma, log_ds, p, draws, seed = ("x", "x^2 + x - 1"), "0.1", (0.3, 3), 80, 300, steps.SEED
    ref = _lipschitz_rows_reference(log_d_factor, targets, gamma, log_ds, p, draws, seed)
    sample = steps._lipschitz_sample(targets, gamma, log_ds, p, draws, seed, mpmath.mp.prec)
    new = []
    for per_L in sample:
        for L, (m, lhs, at_zero, abs_mean) in zip(log_ds, per_L):
            rhs = at_zero + log_d_factor * L * abs_mean / m
            diff = lhs - rhs
            new.append((lhs.tobytes(), rhs.tobytes(), diff.tobytes(), float(diff.std(ddof=1) / np.sqrt(draws))))
    assert new == ref
    assert not sample[0][0][1].flags.writeable  # the remembered arrays cannot be changed by a caller
    v = steps.check_lipschitz_step(log_d_factor, targets, gamma, log_ds, p, draws, seed)
    assert [r["E_rhs"] for r in v.evidence["points"]] == [float(np.frombuffer(r[1]).mean()) for r in ref]


# ---------------------------------------------------------------------------------------------------------------------
# construct.rademacher-centering


def _centering_reference(claimed_center, target, gamma, zs, p, seed, eps_p) -> tuple:
    """The inline computation of check_rademacher_centering before its claim-independent part was remembered."""
    q = steps._degree(target)
    polynomial = cert.parse_polynomial(target)
    rows = []
    with mpmath.workdps(steps.DPS):
        g = mpmath.mpf(gamma)
        a_phi = cert.memoized(cert.corrected_a_phi_function(target, g, mpmath.mpf(1)))
        for zt in zs:
            z = mpmath.mpf(zt)
            finf = cert.reconstruct(a_phi, 1, z, scale=1 / mpmath.sqrt(g))
            fg = cert.f_gamma(polynomial, g, z)
            center = claimed_center(a_phi, z, steps.C_B)
            rows.append(_bits([finf, fg, center]))
        L = steps._log_d_of_gamma(gamma, q, eps_p)
        a = lambda b: a_phi(b) / steps._phi(b)  # noqa: E731
        fp, kept = steps._f_p(a, steps._sample_biases(p, seed))
        grid = [-L + 2 * L * k / 40 for k in range(41)]
        with mpmath.workdps(15):
            F_def = max(abs(fp(zz) - cert.f_gamma(polynomial, g, zz)) for zz in grid)
            F_claim = max(abs(claimed_center(a_phi, zz, steps.C_B) - fp(zz)) for zz in grid)
    return rows, _bits(grid), len(kept), F_def._mpf_, F_claim._mpf_


def test_centering_reference_is_the_old_inline_computation():
    target, gamma, zs, p, seed, eps_p = "x", "0.1", ("0.7", "-1.5"), 60, steps.SEED, 1
    ref_rows, ref_grid, ref_kept, ref_F_def, ref_F_claim = _centering_reference(
        steps.paper_center, target, gamma, zs, p, seed, eps_p
    )
    a_phi, references, fp, kept, grid, F_def = steps._centering_reference(target, gamma, zs, p, seed, eps_p, steps.DPS)
    with mpmath.workdps(steps.DPS):
        rows = [_bits([finf, fg, steps.paper_center(a_phi, z, steps.C_B)]) for z, finf, fg in references]
        with mpmath.workdps(15):
            F_claim = max(abs(steps.paper_center(a_phi, zz, steps.C_B) - fp(zz)) for zz in grid)
    assert rows == ref_rows and _bits(grid) == ref_grid and len(kept) == ref_kept
    assert F_def._mpf_ == ref_F_def and F_claim._mpf_ == ref_F_claim
    # the check's evidence is built from these values, whichever centring it is given
    v = steps.check_rademacher_centering(target=target, gamma=gamma, zs=zs, p=p, seed=seed, eps_p=eps_p)
    with mpmath.workdps(steps.DPS):
        assert [r["f_inf(z)"] for r in v.evidence["points"]] == [mpmath.nstr(f, 15) for _, f, _ in references]


# ---------------------------------------------------------------------------------------------------------------------
# cert.sup-bound


@pytest.mark.parametrize("dps", [steps.DPS, 20])
def test_remembered_sups_are_the_inline_ones(dps):
    with mpmath.workdps(dps):
        for deg, g, e in ((1, 0.1, 1.0), (3, 10**-2.5, 1.0), (2, 1.0, 0.35), (4, 1.0, 4)):
            f = [0] * deg + [1]
            gfun = cert.corrected_a_phi_function(f, mpmath.mpf(g), mpmath.mpf(e))
            old = cert.sup_abs(gfun, scale=mpmath.mpf(e) / mpmath.sqrt(g), period=cert.a_phi_period(g, e))
            assert _bits(C._corrected_sup(deg, g, e, mpmath.mp.prec)) == _bits(old)
        for deg, g in ((1, 0.01), (5, 10**-4.5)):
            f = [0] * deg + [1]
            pfun = cert.paper_a_phi_function(f, mpmath.mpf(g), mpmath.mpf(1.0))
            old = cert.sup_abs(pfun, scale=1 / mpmath.sqrt(g), points=121)
            assert _bits(C._paper_sup(deg, g, 1.0, mpmath.mp.prec)) == _bits(old)


def test_remembered_sups_are_kept_per_precision():
    lo = C._corrected_sup(2, 0.1, 1.0, mpmath.mp.prec)
    with mpmath.workdps(60):
        hi = C._corrected_sup(2, 0.1, 1.0, mpmath.mp.prec)
    with mpmath.workdps(60):
        gfun = cert.corrected_a_phi_function([0, 0, 1], mpmath.mpf(0.1), mpmath.mpf(1.0))
        assert _bits(hi) == _bits(cert.sup_abs(gfun, scale=mpmath.mpf(1.0) / mpmath.sqrt(0.1),
                                               period=cert.a_phi_period(0.1, 1.0)))
    assert C._corrected_sup(2, 0.1, 1.0, mpmath.mp.prec) == lo


# ---------------------------------------------------------------------------------------------------------------------
# construct.tail-maximum and thm2.corrected-chain


def test_tail_maxima_are_the_inline_ones():
    ZP, GP = construction.ZP, construction.GP
    for k in DEGREES:
        f = ZP**k * sp.exp(-2 * GP * ZP)
        crit = sp.solve(sp.Eq(sp.diff(f, ZP), 0), ZP)
        value = sp.simplify(max((f.subs(ZP, c) for c in crit), key=lambda e: sp.N(e.subs(GP, 1))))
        value2 = sp.simplify((ZP ** (2 * k) * sp.exp(-2 * GP * ZP**2)).subs(ZP, sp.sqrt(sp.Rational(k, 2) / GP)))
        remembered = construction._tail_maxima(k)
        assert remembered == (value, value2) and tuple(map(str, remembered)) == (str(value), str(value2))


@pytest.mark.slow
def test_corrected_chain_theorem2_rate_is_decided_as_before():
    fresh = csteps.check_asymptotic(Statement(csteps.CORRECTED_TERMS, Rel.BIG_O_P, 1 / log_d), corner_ratios=False)
    remembered = csteps._corrected_terms_theorem2_rate()
    assert (remembered.verdict, remembered.method, remembered.detail) == (fresh.verdict, fresh.method, fresh.detail)
    assert remembered.evidence == fresh.evidence and remembered.regime == fresh.regime
    assert remembered.corrected == fresh.corrected


# ---------------------------------------------------------------------------------------------------------------------
# construct.symmetrization


def _symmetrization_reference(centering, target, gamma_value, log_d_value, p_value, draws, seed) -> tuple:
    """The loop of check_symmetrization before its draws were remembered."""
    a, _ = csteps._a_interpolant(target, gamma_value)
    zz = np.linspace(-log_d_value, log_d_value, 121)
    h = zz[1] - zz[0]
    m_cond = csteps._conditional_mean(target, gamma_value, zz)
    center = m_cond * csteps.P_CB if centering == "paper" else m_cond
    rng = np.random.default_rng(seed)
    lhs_draws, rhs_draws = [], []
    for _ in range(draws):
        bs = rng.standard_normal(p_value)
        kept = bs[np.abs(bs) <= csteps.C_B]
        A = a(kept)
        T = np.tanh(zz[:, None] + kept[None, :])
        lhs_draws.append(float(np.max(np.abs(center - T @ A / len(kept)))))
        eps_ = rng.choice([-1.0, 1.0], size=len(kept))
        rhs_draws.append(2 * (float(np.max(np.abs(T @ (eps_ * A)) / len(kept))) + h / 2 * float(np.mean(np.abs(A)))))
    return (
        float(np.mean(lhs_draws)),
        float(np.mean(rhs_draws)),
        float(np.std(lhs_draws, ddof=1) / np.sqrt(draws) + np.std(rhs_draws, ddof=1) / np.sqrt(draws)),
    )


@pytest.mark.parametrize("centering", ["paper", "conditional"])
def test_symmetrization_draws_are_the_old_loop(centering):
    args = ("x", 0.1, 3.0, 3000, 6, csteps.SEED)
    lhs, rhs, se = _symmetrization_reference(centering, *args)
    v = csteps.check_symmetrization(centering, *args)
    assert (v.evidence["E_lhs(grid, lower estimate)"], v.evidence["E_rhs(upper estimate)"]) == (lhs, rhs)
    assert v.evidence["standard_error"] == se


# ---------------------------------------------------------------------------------------------------------------------
# construct.tail-maximum: every degree remembered, simplifications remembered


def test_tail_maxima_hold_every_degree():
    construction.check_tail_maximum()
    before = construction._tail_maxima.cache_info()
    construction.check_tail_maximum()
    after = construction._tail_maxima.cache_info()
    assert after.misses == before.misses and after.hits == before.hits + len(DEGREES)  # none evicted


def test_simplified_is_simplify():
    q, gamma = construction.q, construction.gamma
    GP = construction.GP
    for k in (1, 3, 24):
        value, _ = construction._tail_maxima(k)
        for claimed in (construction.TAIL_MAX.rhs, (q / (2 * gamma)) ** q * sp.exp(-2 * q)):
            expr = value / claimed.subs({q: k, gamma: GP})
            assert construction._simplified(expr) == sp.simplify(expr)
            assert str(construction._simplified(expr)) == str(sp.simplify(expr))
        at_k = {q: k, gamma: GP}
        ident = construction.TAIL_MAX_EQ.lhs.subs(at_k) - construction.TAIL_MAX_EQ.rhs.subs(at_k)
        assert construction._simplified(ident) == sp.simplify(ident)


# ---------------------------------------------------------------------------------------------------------------------
# construct.tail-polynomial


def _tail_residuals_reference(target, gammas) -> dict:
    """The inline reconstruction residual of check_tail_polynomial_bound before it was remembered."""
    poly = cert.parse_polynomial(target)
    rec = {}
    with mpmath.workdps(csteps.DPS):
        for g in gammas:
            gm = mpmath.mpf(g)
            a_phi = cert.corrected_a_phi_function(target, gm, mpmath.mpf(1))
            rec[g] = mpmath.nstr(
                max(
                    abs(cert.reconstruct(a_phi, 1, zz, scale=1 / mpmath.sqrt(gm)) - cert.f_gamma(poly, gm, zz))
                    for zz in (mpmath.mpf("0.7"), mpmath.mpf("2.5"))
                ),
                3,
            )
    return rec


def test_tail_reconstruction_residuals_are_the_inline_ones():
    target, gammas = "x^2 - x", ("0.3",)
    ref = _tail_residuals_reference(target, gammas)
    with mpmath.workdps(50):  # the caller's precision does not enter: the residual is taken at DPS digits
        assert dict(csteps._tail_reconstruction_residuals(target, gammas, csteps.DPS)) == ref
    v = csteps.check_tail_polynomial_bound(target, gammas=gammas)
    assert v.evidence["reconstruction_residual"] == ref


# ---------------------------------------------------------------------------------------------------------------------
# theorycheck.certificate.reconstruct: the libmp integrand


def _reconstructions() -> list:
    g, eta = mpmath.mpf("0.1"), mpmath.mpf("0.8")
    corrected = cert.memoized(cert.corrected_a_phi_function("x^3 - 2*x", g, eta))
    paper = cert.paper_a_phi_function("x", g, mpmath.mpf(1))
    out = []
    for mode in ("plus", "minus", "scaled"):
        for z in ("0", "0.7", "-2.5"):
            out.append(cert.reconstruct(corrected, eta, z, scale=eta / mpmath.sqrt(g), mode=mode, dps=20))
    out.append(cert.reconstruct(paper, 1, mpmath.mpf("1.5"), scale=1 / mpmath.sqrt(g), dps=15, degree=0))
    # values of other types: a Python float, a complex value
    out.append(cert.reconstruct(lambda b: float(mpmath.exp(-b * b)), 1, "0.3", scale=1, dps=15))
    out.append(cert.reconstruct(lambda b: mpmath.mpc(mpmath.exp(-b * b), b * mpmath.exp(-b * b)), 1, "0.3", scale=1))
    return [v._mpf_ if isinstance(v, mpmath.mpf) else v._mpc_ for v in out]


@pytest.mark.parametrize("dps", [15, 40])
def test_reconstruct_integrand_is_the_mpmath_expression(dps, monkeypatch):
    assert cert._LOW_LEVEL  # libmp's mpmath here: the libmp integrand is the one reconstruct uses
    with mpmath.workdps(dps):
        fast = _reconstructions()
        monkeypatch.setattr(cert, "_LOW_LEVEL", False)  # the expression lambda b: a_phi(b) * sig(b)
        reference = _reconstructions()
    assert fast == reference


# ---------------------------------------------------------------------------------------------------------------------
# construct.rademacher-centering and construct.step2-summary: the truncated mean's libmp integrand


def _truncated_means() -> list:
    a_phi = cert.memoized(cert.corrected_a_phi_function("x", mpmath.mpf("0.1"), mpmath.mpf(1)))
    cubic = cert.corrected_a_phi_function("x^3 - 2*x + 1", mpmath.mpf("0.01"), mpmath.mpf(1))
    out = [steps._truncated_mean(a_phi, mpmath.mpf(z)) for z in ("0", "0.3", "-0.999", "1", "-2.5", "7")]
    out += [steps.paper_center(cubic, mpmath.mpf(z), 2) for z in ("0.4", "-3")]
    out.append(steps._truncated_mean(lambda b: float(mpmath.exp(-b * b)), mpmath.mpf("0.2")))  # a float value
    out.append(steps._truncated_mean(a_phi, 0.25))  # a float z: the expression itself
    return [v._mpf_ for v in out]


@pytest.mark.parametrize("dps", [15, steps.DPS])
def test_truncated_mean_integrand_is_the_mpmath_expression(dps, monkeypatch):
    assert steps._LOW_LEVEL
    with mpmath.workdps(dps):
        fast = _truncated_means()
        monkeypatch.setattr(steps, "_LOW_LEVEL", False)  # the expression lambda b: a_phi(b) * mpmath.tanh(z + b)
        reference = _truncated_means()
    assert fast == reference


# ---------------------------------------------------------------------------------------------------------------------
# the corner points of every asymptotic check's ratio evidence


def test_corner_points_are_the_inline_ones():
    for q_value in (1, 3):
        ref = csteps._corner_points_inline(q_value)  # the inline computation of _corner_points, not remembered
        first = csteps._corner_points(q_value)
        assert first == ref and list(first) == list(ref) and all(list(first[k]) == list(ref[k]) for k in ref)
        first[next(iter(first))]["r"] = "changed"  # a caller's change does not reach the remembered points
        assert csteps._corner_points(q_value) == ref
    assert csteps._corner_points() == csteps._corner_points(1)
