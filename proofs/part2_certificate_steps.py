"""Part 2 §3.4 (certificate construction), the steps between the exponent claims of ``part2_construction``.

Here the quantities are computed from their definitions: the second layer a is the one that really
reconstructs f_γ (the corrected closed form of Theorem 6, :func:`theorycheck.certificate.corrected_a_phi_function`,
η = 1), f_∞(z) = E_{b~N(0,1)}[a(b) tanh(z + b)] (checked against f_γ by quadrature), the finite model
f_p(z) = (1/|I|) Σ_{i∈I} a(b_i) tanh(z + b_i) over a seeded sample of biases with I = {i : |b_i| ≤ C_b}, and
expectations over z = ⟨μ, x⟩ ~ N(0, 1) by mpmath quadrature at 30 digits (or exact Gaussian moments in SymPy).
Statements about powers of d are compared exactly (SymPy) with γ = d^{−ε_p/(4(q+1))} as in Step 1.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Sequence

import mpmath
import mpmath.libmp as _lm
import numpy as np
import sympy as sp

from theorycheck import Claim, inconclusive, refuted, verified
from theorycheck import certificate as cert
from theorycheck.claims import Verdict, with_readings
from theorycheck.errors import InputError
from theorycheck.numerics import tail_integral
from theorycheck.statement import Rel, Statement, decides

from . import symbols as SY
from .part2_construction_steps import STEP3_N1, STEP3_N2, U, check_asymptotic, decide_order, proved_truncated_sup
from .regime import HIDING_A_CONSTANT, absolute_constant_outcome, constant_readings

EPS_P, Q = sp.symbols("eps_p q", positive=True)
EPS_B, EPS_N = sp.symbols("eps_b eps_n", real=True)
DPS = 30
C_B = 1  # the fixed constant C_b of Step 2
#: other fixed C_b at which the proved bracket of S = sup_{|b|≤C_b}|a(b)| is checked (referee CW, CW-1)
OTHER_C_B = ("0.2", "3")
SEED = 20261123
PI = mpmath.pi


def _s(x, n: int = 12) -> str:
    return mpmath.nstr(x, n) if isinstance(x, (mpmath.mpf, mpmath.mpc)) else str(x)


def _phi(b):
    return mpmath.exp(-(b**2) / 2) / mpmath.sqrt(2 * PI)


def _coefficients(target: str) -> tuple:
    return cert.parse_polynomial(target).coefficients


def _degree(target: str) -> int:
    c = _coefficients(target)
    return max(k for k, v in enumerate(c) if v)


def _a_function(target: str, gamma) -> Callable:
    """b → a(b) = (aφ)(b)/φ(b) for the a with E_b[a(b) tanh(z + b)] = f_γ(z) (η = 1).

    Built at the working precision (γ is read at it) and remembered per (target, γ, precision), with its values
    remembered per (b, precision) (:func:`theorycheck.certificate.memoized`): the sup links measure the same a on the
    same grid as the checks that call them.
    """
    return _a_function_at(target, gamma, mpmath.mp.prec)


@functools.lru_cache(maxsize=64)
def _a_function_at(target: str, gamma, prec: int) -> Callable:
    if prec != mpmath.mp.prec:
        with mpmath.workprec(prec):
            return _a_function_at.__wrapped__(target, gamma, prec)
    g = cert.corrected_a_phi_function(target, mpmath.mpf(gamma), mpmath.mpf(1))
    return cert.memoized(lambda b: g(b) / _phi(b))


def _gamma_of_d(log_d, q: int, eps_p) -> mpmath.mpf:
    """γ = d^{−ε_p/(4(q+1))} from log d."""
    return mpmath.exp(-mpmath.mpf(eps_p) * log_d / (4 * (q + 1)))


def _log_d_of_gamma(gamma, q: int, eps_p) -> mpmath.mpf:
    return 4 * (q + 1) * mpmath.log(1 / mpmath.mpf(gamma)) / mpmath.mpf(eps_p)


def _sample_biases(p: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    return [mpmath.mpf(float(b)) for b in rng.standard_normal(p)]


_MPF = type(mpmath.mpf(0))
_LOW_LEVEL = not hasattr(mpmath.mp, "_sage_exp")  # mpmath's functions are libmp's (see theorycheck.certificate)


def _f_p(a: Callable, biases: Sequence, C=C_B) -> tuple[Callable, list]:
    """f_p(z) = (1/|I|) Σ_{i∈I} a(b_i) tanh(z + b_i) with I = {|b_i| ≤ C_b}; returns (f_p, [(b_i, a(b_i))])."""
    kept = [(b, a(b)) for b in biases if abs(b) <= C]
    m = len(kept)
    if not (_LOW_LEVEL and all(type(bi) is _MPF and type(ai) is _MPF for bi, ai in kept)):
        return (lambda z: sum(ai * mpmath.tanh(z + bi) for bi, ai in kept) / m), kept
    pairs = [(bi._mpf_, ai._mpf_) for bi, ai in kept]
    m_mpf = _lm.from_int(m)

    def f_p(z):
        if type(z) is not _MPF:
            return sum(ai * mpmath.tanh(z + bi) for bi, ai in kept) / m
        # the same sum with libmp operations, in the same order at the same precision and rounding as the
        # expression above (Python's sum starts from the int 0): bit for bit its value, about twice as fast
        prec, rnd = mpmath.mp._prec_rounding
        zv, acc = z._mpf_, _lm.fzero
        for bv, av in pairs:
            acc = _lm.mpf_add(
                acc, _lm.mpf_mul(av, _lm.mpf_tanh(_lm.mpf_add(zv, bv, prec, rnd), prec, rnd), prec, rnd), prec, rnd
            )
        out = object.__new__(_MPF)
        out._mpf_ = _lm.mpf_div(acc, m_mpf, prec, rnd)
        return out

    return f_p, kept


def _proved_lower_sup(target: str) -> mpmath.mpf:
    """S ≥ |a(0)| = √(2π) e^{π²γ/4} |Im f(iπ/2)|/π ≥ √(2π)|Im f(iπ/2)|/π for every γ > 0 (exact expression)."""
    w = mpmath.mpc(0, PI / 2)
    val = sum(mpmath.mpf(c.numerator) / c.denominator * w**n for n, c in enumerate(_coefficients(target)) if c)
    return mpmath.sqrt(2 * PI) * abs(val.imag) / PI


def _measured_truncated_sup(a: Callable, C=C_B, points: int = 201) -> mpmath.mpf:
    C = mpmath.mpf(C)
    return max(abs(a(-C + 2 * C * k / (points - 1))) for k in range(points))


def _power_sign(power: sp.Expr) -> int | None:
    """Sign of a power of d that is linear in ε_p (and may depend on q): +1, 0, −1 for all q ≥ 1, ε_p > 0, else None."""
    vals = {
        sp.sign(sp.nsimplify(power.subs({Q: q, EPS_P: e}))) for q in range(1, 12) for e in (sp.Rational(1, 10), 1, 3)
    }
    return int(vals.pop()) if len(vals) == 1 else None


# ----------------------------------------------------------------------------------------------------------------
# Step 1, display (2, 50)
#
# The measurements below do not depend on the claimed statement: they are remembered in-process (functools.lru_cache,
# keyed on every input, the precision passed explicitly and set inside), so the paper's and each perturbed statement
# are compared with the same, once-computed values. They return immutable values (SymPy expressions, mpf, tuples).


@functools.lru_cache(maxsize=8)
def _step1_moments(target: str) -> tuple:
    """E(γ) = E[(σ_* − σ_*e^{−γz²})²] exactly (SymPy), m4 = E[z⁴σ_*²], the check E − m4γ² = O(γ³) (``lead``, 0 when
    it holds) and E as an mpmath function of γ."""
    gs, z = sp.Symbol("gamma", positive=True), sp.Symbol("z", real=True)
    f = cert.parse_polynomial(target).sympy(z)
    poly = sp.Poly(sp.expand(f**2), z)

    def moment(cc):
        return sum(
            coef * sp.factorial2(m[0] - 1) * (1 + 2 * cc) ** (-sp.Rational(m[0] + 1, 2))
            for m, coef in poly.terms()
            if m[0] % 2 == 0
        )

    E = moment(0) - 2 * moment(gs) + moment(2 * gs)
    m4 = sum(coef * sp.factorial2(m[0] + 3) for m, coef in poly.terms() if m[0] % 2 == 0)  # E[z^4 f^2]
    lead = sp.simplify(sp.series(E, gs, 0, 3).removeO() - m4 * gs**2)
    return E, m4, lead, sp.lambdify(gs, E, "mpmath")


def _step1_threshold(m4: sp.Expr, c: sp.Expr, e: sp.Expr) -> str | None:
    """log10 of a d from which on E < c·d^{−rate} is proved (rounded up to 2 decimals), from E ≤ m4·γ² exactly
    (0 ≤ 1 − e^{−u} ≤ u): m4·γ² = m4·d^{−2r} < c·d^{−rate} ⟺ d^{−e} > m4/c with e = rate − 2r; "0" when it holds at
    every d ≥ 1; None when the power e ≥ 0 gives no such d (the eventual reading then fails or rests on the constant
    alone). Sufficient, not necessary: the bound may hold from a smaller d on (for x³ at ε_p = 1/2 it fails at
    d = 10^85 and holds at 10^86, against d₀ = 10^85.59); the literal reading's grid shows where it fails
    (thm6.approximation-error)."""
    if e > 0 or (e == 0 and m4 >= c):
        return None
    if m4 <= c:
        return "0"
    hundredths = int(sp.ceiling(100 * sp.log(sp.Rational(m4 / c), 10) / -e))  # exact: every d past it is covered
    return f"{hundredths // 100}.{hundredths % 100:02d}"


@functools.lru_cache(maxsize=8)
def _step1_reconstruction_residual(target: str, dps: int) -> mpmath.mpf:
    """max over z ∈ {0.5, −1.3} of |f_∞(z) − f_γ(z)| at γ = 1/10 (f_∞ by quadrature with the corrected a), at dps."""
    with mpmath.workdps(dps):
        polynomial = cert.parse_polynomial(target)
        a_phi = cert.corrected_a_phi_function(target, mpmath.mpf("0.1"), mpmath.mpf(1))
        return max(
            abs(
                cert.reconstruct(a_phi, 1, zz, scale=1 / mpmath.sqrt(mpmath.mpf("0.1")))
                - cert.f_gamma(polynomial, mpmath.mpf("0.1"), zz)
            )
            for zz in (mpmath.mpf("0.5"), mpmath.mpf("-1.3"))
        )


def check_step1_infinite_model(
    claimed_constant=2,
    claimed_rate: sp.Expr = EPS_P / (4 * (Q + 1)),
    targets: Sequence[str] = ("x", "x^3", "x^2 + x - 1"),
    eps_ps: Sequence[str] = ("1", "1/2"),
    log10_ds: Sequence[int] = (2, 4, 8, 16, 32, 64, 128, 256),
) -> Verdict:
    r"""Display (2, 50): with γ = d^{−ε_p/(4(q+1))} and the a of Theorem 6 (η = 1),
    E_x[(f_*(x) − f_∞(x))²] < 2 d^{−ε_p/(4(q+1))}.

    f_∞ = f_γ is checked by quadrature at two points per target (the corrected a; the paper's closed form does not
    reconstruct, see cert.closed-form). Then E[(σ_* − σ_*e^{−γz²})²] = Σ_k [z^{2k}]σ_*² · (2k−1)!!·(1 − 2(1+2γ)^{−k−½}
    + (1+4γ)^{−k−½}) exactly (SymPy, evaluated at 30 digits). Two readings: (literal) the bound at every d of a grid
    of d = 10^2 … 10^256; (eventual) for d large enough, decided exactly from E = E[z⁴σ_*²] γ² + O(γ³).
    """
    c = sp.nsimplify(claimed_constant)
    rows, literal_fail, eventual, recon, corrected_ok = [], None, {}, {}, True
    with mpmath.workdps(DPS):
        for target in targets:
            q = _degree(target)
            _, m4, lead, E_num = _step1_moments(target)
            # f_∞ = f_γ (corrected a), at γ = 1/10
            recon[target] = _s(_step1_reconstruction_residual(target, DPS), 3)
            for ep in eps_ps:
                r = sp.Rational(ep) / (4 * (q + 1))
                rc = sp.nsimplify(claimed_rate.subs({Q: q, EPS_P: sp.Rational(ep)}))
                e = rc - 2 * r  # E/(c d^{-rc}) ~ (m4/c) d^{e}
                holds = e < 0 or (e == 0 and m4 < c)
                eventual[f"{target}, eps_p={ep}"] = {
                    "E_leading": f"{m4}*gamma^2",
                    "series_check": str(lead),
                    "power_of_d_in_ratio": str(e),
                    "holds_for_large_d": bool(holds),
                    "holds_from_log10_d": _step1_threshold(m4, c, e),
                }
                for k in log10_ds:
                    log_d = k * mpmath.log(10)
                    g = _gamma_of_d(log_d, q, sp.Rational(ep))
                    # E cancels to O(γ²) from O(1) terms: work with 2·log10(1/γ) extra digits
                    with mpmath.workdps(DPS + 10 + 2 * int(mpmath.ceil(-mpmath.log10(g)))):
                        g = _gamma_of_d(k * mpmath.log(10), q, sp.Rational(ep))
                        val = E_num(g)
                    bound = mpmath.mpf(c) * mpmath.exp(-mpmath.mpf(rc) * log_d)
                    ok = val < bound
                    m4_mp = mpmath.mpf(sp.Rational(m4).p) / sp.Rational(m4).q
                    corrected_ok &= bool(val <= m4_mp * g**2 * (1 + mpmath.mpf(10) ** -25))
                    rows.append(
                        {
                            "f": target,
                            "eps_p": ep,
                            "log10_d": k,
                            "gamma": _s(g, 8),
                            "E": _s(val, 12),
                            "claimed_bound": _s(bound, 12),
                            "holds": bool(ok),
                        }
                    )
                    if not ok and (literal_fail is None or k > int(literal_fail["d"][3:])):
                        literal_fail = {
                            "f": target,
                            "q": q,
                            "eps_p": ep,
                            "d": f"10^{k}",
                            "gamma": _s(g, 15),
                            "E": _s(val, 20),
                            "claimed_bound": _s(bound, 20),
                            "excess": _s(val - bound, 8),
                        }
    ev = {
        "points": rows,
        "eventual_reading": eventual,
        "reconstruction_residual_f_inf_vs_f_gamma": recon,
        "tolerance": "1e-25 (reconstruction); E exact (SymPy) evaluated at 30 digits",
        "achieved_error": max(recon.values(), key=lambda s: float(s)),
        "digits": DPS,
    }
    if any(v["series_check"] != "0" for v in eventual.values()):
        return inconclusive("exact+numeric", "the series E = E[z⁴σ_*²]γ² + O(γ³) did not check", **ev)
    if any(float(v) > 1e-20 for v in recon.values()):
        return inconclusive("exact+numeric", "f_∞ = f_γ not confirmed by quadrature", **ev)
    bad_eventual = next((k for k, v in eventual.items() if not v["holds_for_large_d"]), None)
    if bad_eventual:
        return refuted(
            "exact",
            f"for σ_* = {bad_eventual}: E[(f_* − f_∞)²] = {eventual[bad_eventual]['E_leading']} + O(γ³) "
            f"is not below the claimed bound even as d → ∞ (ratio ~ d^{eventual[bad_eventual]['power_of_d_in_ratio']})",
            witness={"target": bad_eventual, **eventual[bad_eventual]},
            **ev,
        )
    corrected = (
        r"\mathbb E_x[(f_*(x)-f_\infty(x))^2] \le \mathbb E_z[z^4\sigma_*(z)^2]\, d^{-\frac{\varepsilon_p}{2(q+1)}}"
        if corrected_ok
        else None
    )
    # §3.4 is an asymptotic argument and Part 1 §2.5 takes its notation "with n, d, p large enough": the step is read
    # for d large enough, which the series decides; the literal every-d reading (Theorem 6's "< 2γ for γ > 0",
    # refuted in thm6.approximation-error) is recorded with its witness (referee AY F2: this claim had been refuted on
    # the finite d = 10^64 below the threshold, a root failure of its own although the fault is Theorem 6's)
    # every polynomial target, not only those checked (referee CH, CH-5): 0 ≤ 1 − e^{−u} ≤ u gives E ≤ E[z⁴σ_*²]γ²
    # exactly, and the ratio to the claimed bound is ≲ d^{power}, power = claimed rate − ε_p/(2(q+1)), negative for
    # every q ≥ 1 and ε_p > 0 when SymPy can say so (the grid's corrected_ok re-checks E ≤ m4·γ² at each point)
    power = sp.simplify(claimed_rate - 2 * EPS_P / (4 * (Q + 1)))
    q0 = sp.Symbol("q0", nonnegative=True)  # q = q0 + 1: every degree q ≥ 1, q = 1 included (referee CK, CK-1)
    every_target = bool(power.subs(Q, q0 + 1).is_negative) and corrected_ok
    power_text = str(power).replace("eps_p", "ε_p").replace("*", "·")
    ev["every_target"] = {"bound": "E <= E[z^4 sigma_*^2] gamma^2 (0 <= 1 - e^{-u} <= u)", "power_of_d": str(power),
                          "negative_for_every_q_and_eps_p": every_target}
    readings = {
        "for d large enough (§3.4's asymptotic argument; Part 1 §2.5)":
            (f"all: for every polynomial target, E ≤ E[z⁴σ_*²]γ² (0 ≤ 1 − e^{{−u}} ≤ u) is below the bound from some d "
             f"on, the ratio being ≲ d^{{{power_text}}} with a negative power for every q ≥ 1 and ε_p > 0"
             if every_target else
             "all: E = E[z⁴σ_*²]γ² + O(γ³) is below the bound from some d on, for every target and ε_p checked"),
        "for every d (as Theorem 6's < 2γ for γ > 0 reads)": (
            f"none: at σ_* = {literal_fail['f']}, ε_p = {literal_fail['eps_p']}, d = {literal_fail['d']}: "
            f"E = {float(literal_fail['E']):.6g} > {float(literal_fail['claimed_bound']):.6g} "
            "(thm6.approximation-error)"
            if literal_fail else "all: at every grid point"),
    }
    if not every_target and corrected_ok:
        # the rate's power of d is not negative for every q and ε_p: the targets checked do not stand for every
        # target (referee EI, EI-1: at power 0, "E < 1000γ²" had been verified from x, x³, x² + x − 1, while
        # E/γ² → E[z⁴σ_*²] is unbounded over targets: σ_* = Mx gives 15M²)
        if power == 0:
            scale = int(sp.ceiling(sp.sqrt(c / 15))) + 1
            target = f"{scale}*x"
            m4_witness = _step1_moments(target)[1]
            if m4_witness > c:
                return refuted("exact", f"for σ_* = {target}: E[(f_* − f_∞)²] = {m4_witness}·γ² + O(γ³) (exact series) "
                               f"is not below {c}·γ² even as d → ∞: the claimed constant is beaten by a scaled target "
                               "(E/γ² → E[z⁴σ_*²], unbounded over targets)",
                               witness={"target": target, "E_leading": f"{m4_witness}*gamma^2",
                                        "claimed_constant": str(c)}, **ev)
        return inconclusive("exact+numeric", f"the bound holds for the targets checked, but the ratio's power of d, "
                            f"{power_text}, is not shown negative for every q ≥ 1 and ε_p > 0: those targets do not "
                            "stand for every target", **ev)
    checked = "the targets and ε_p checked"
    regime = {"region": "γ = d^{−ε_p/(4(q+1))}, "
                        + (f"every polynomial target (the literal reading: {checked})" if every_target else checked),
              "holds_on": "all", "conditions": [],
              "readings": readings}
    # how large "d large enough" is (for x³ at ε_p = 1/2 the bound is proved only from d ≈ 10^85.6 on)
    thresholds = {k: v["holds_from_log10_d"] for k, v in eventual.items() if v["holds_from_log10_d"] is not None}
    largest = max(thresholds, key=lambda k: float(thresholds[k]), default=None)
    ev["largest_threshold"] = ({"at": largest, "log10_d": thresholds[largest]} if largest is not None else None)
    from_d = (f" (proved from d ≥ 10^{thresholds[largest]} on at {largest.replace('eps_p', 'ε_p')}, by E ≤ "
              "E[z⁴σ_*²]γ²: the largest such d among the targets and ε_p checked)" if largest is not None else "")
    if literal_fail:
        return verified(
            "exact+numeric",
            "for d large enough" + from_d + ", E[(f_* − f_∞)²] = E[z⁴σ_*²]γ² + O(γ³) is below the claimed bound for "
            + ("every polynomial target (E ≤ E[z⁴σ_*²]γ² exactly; the ratio ≲ d^{" + power_text + "}) "
               if every_target else "every target checked (exact series) ")
            + "which is all the asymptotic proof uses; read for every d it fails: for σ_* = "
            f"{literal_fail['f']}, ε_p = {literal_fail['eps_p']}, d = {literal_fail['d']} (γ = "
            f"{float(literal_fail['gamma']):.6g}), E = {float(literal_fail['E']):.6g} > "
            f"{float(literal_fail['claimed_bound']):.6g} (Theorem 6's < 2γ holds only for γ < 2/E[z⁴σ_*²]: "
            "thm6.approximation-error)",
            corrected=corrected,
            regime=regime,
            literal_witness=literal_fail,
            **ev,
        )
    return verified("exact+numeric", "the bound holds at every grid point and, exactly, for d large" + from_d + " "
                    + ("for every polynomial target" if every_target else "for the targets checked"), regime=regime,
                    **ev)


# ----------------------------------------------------------------------------------------------------------------
# Step 2: the sup of the truncated second layer, displays (2, 58) and (2, 62)


def _sup_links(target: str, claimed_d_power: sp.Expr, gammas: Sequence[str]) -> tuple[bool | None, dict]:
    """S = sup_{|b|≤C_b}|a(b)| against d^{claimed_d_power}: S is between a proved positive constant and a proved
    d-independent constant (γ ≤ 1), so S ≲ d^{k} holds iff k ≥ 0."""
    rows = {}
    lower = _proved_lower_sup(target)
    for g in gammas:
        a = _a_function(target, g)
        S = _measured_truncated_sup(a)
        rows[g] = {
            "S_measured": _s(S),
            "S_proved_upper": _s(proved_truncated_sup(target, g)),
            "S_proved_lower": _s(lower),
        }
        if not (lower * (1 - mpmath.mpf(10) ** -20) <= S <= proved_truncated_sup(target, g)):
            return None, {"sup_rows": rows, "problem": f"measured S outside the proved bounds at γ = {g}"}
    # the paper's C_b is "some fixed constant" (referee CW, CW-1): the bracket at other C_b, at the smallest γ, and its
    # d-free upper end (γ ≤ 1) there; |a(0)| is a lower bound for every C_b (0 ∈ [−C_b, C_b])
    a_last = _a_function(target, gammas[-1])
    other_c_b = {}
    for C in OTHER_C_B:
        S_C = _measured_truncated_sup(a_last, C)
        other_c_b[str(C)] = {"gamma": gammas[-1], "S_measured": _s(S_C),
                             "S_proved_upper": _s(proved_truncated_sup(target, gammas[-1], C)),
                             "S_uniform_upper_bound_gamma<=1": _s(proved_truncated_sup(target, 1, C))}
        if not (lower * (1 - mpmath.mpf(10) ** -20) <= S_C <= proved_truncated_sup(target, gammas[-1], C)):
            return None, {"sup_rows": rows, "other_C_b": other_c_b,
                          "problem": f"measured S outside the proved bounds at C_b = {C}, γ = {gammas[-1]}"}
    sign = _power_sign(claimed_d_power)
    ev = {
        "sup_rows": rows,
        "other_C_b": other_c_b,
        "S_uniform_upper_bound_gamma<=1": _s(proved_truncated_sup(target, 1)),
        "claimed_power_of_d": str(claimed_d_power),
        "sign_of_claimed_power": sign,
    }
    if sign is None:
        return None, ev
    return bool(sign >= 0), ev


def check_summand_bound(
    claimed_d_power: sp.Expr = EPS_P / 8,
    target: str = "x^3",
    gammas: Sequence[str] = ("0.5", "0.1", "0.01", "0.001", "0.0001"),
) -> Verdict:
    r"""Display (2, 58): |ε_i a(b_i) 1_{|b_i|≤C_b} σ(b_i)| ≤ |ε_i a(b_i) 1_{|b_i|≤C_b}| ≲ d^{ε_p/8}.

    First link: |tanh| ≤ 1 and |ε_i| = 1, checked at a grid of b. Second link: S = sup_{|b|≤C_b}|a(b)| is measured
    and bracketed by proved bounds √(2π)|Im f(iπ/2)|/π ≤ S ≤ √(2π)e^{C_b²/2}e^{π²γ/4}Σ|c_n|(π²/4+C_b²)^{n/2}/π,
    both independent of d for γ ≤ 1; so S ≲ d^{k} exactly when k ≥ 0.
    """
    with mpmath.workdps(DPS):
        a = _a_function(target, gammas[-1])
        grid = [mpmath.mpf(-3) + mpmath.mpf(6) * k / 60 for k in range(61)]
        first = max(abs(a(b) * mpmath.tanh(b)) - abs(a(b)) for b in grid if abs(b) <= C_B)
        ok, ev = _sup_links(target, claimed_d_power, gammas)
    ev |= {
        "first_link_max(|a tanh| - |a|)": _s(first),
        "target": target,
        "C_b": C_B,
        "tolerance": "exact bounds",
        "achieved_error": "0 (the measured S lies inside the proved bracket)",
        "digits": DPS,
    }
    if first > 0:
        return refuted("numeric", "|a σ(b)| > |a| somewhere", witness={"max_excess": _s(first)}, **ev)
    if ok is None:
        return inconclusive("numeric", "the sign of the claimed power is not constant over the regime", **ev)
    if not ok:
        return refuted(
            "exact+numeric",
            f"S = sup_{{|b|≤C_b}}|a(b)| ≥ {_s(_proved_lower_sup(target), 6)} for every γ (exact "
            f"lower bound |a(0)|), so it is not ≲ d^{{{claimed_d_power}}} → 0",
            witness={
                "target": target,
                "S_lower_bound": _s(_proved_lower_sup(target)),
                "claimed_power": str(claimed_d_power),
            },
            **ev,
        )
    regime = check_asymptotic(
        Statement(sp.Integer(1), Rel.LESSSIM, SY.d ** sp.sympify(claimed_d_power).subs(Q, SY.q)), corner_ratios=False
    )
    ev["order_vs_claim"] = {"statement": "1 ≲ d^{claimed power}", "verdict": regime.verdict}
    if regime.verdict != "verified":
        return refuted(
            "exact+numeric",
            f"S = Θ(1) is not ≲ d^{{{claimed_d_power}}} on the whole region: {regime.detail}",
            regime=regime.regime,
            witness=(regime.evidence or {}).get("witness"),
            **ev,
        )
    return verified(
        "exact+numeric",
        f"|tanh| ≤ 1; S is bounded by a d-independent constant (proved, measured inside "
        f"the bracket for γ down to 1e-4 at C_b = {C_B}, and at γ = {gammas[-1]} for C_b = {', '.join(OTHER_C_B)}: the "
        "bracket holds for every fixed C_b > 0), so the bound ≲ d^{ε_p/8} holds, with room: the truncation "
        "|b| ≤ C_b keeps a(b) bounded (Theorem 6's growth of sup|aφ| happens at |b| ~ γ^{−1/2})",
        regime=regime.regime,
        **ev,
    )


@functools.lru_cache(maxsize=16, typed=True)
def _tail_measurement(target: str, g: str, eps_p, p: int, seed: int, dps: int) -> tuple:
    """At γ = g (log d from γ = d^{−ε_p/(4(q+1))}), with p seeded biases, at dps digits:
    (log d, E_tail = ∫_{|z|>log d} f_p² φ, P = erfc(log d/√2), S = sup_{|b|≤C_b}|a|, max_I|a(b_i)|, |I|, the tail
    quadrature's relative error estimate).
    Independent of the claimed statement: remembered in-process (all mpf, immutable)."""
    with mpmath.workdps(dps):
        L = _log_d_of_gamma(g, _degree(target), eps_p)
        a = _a_function(target, g)
        fp, kept = _f_p(a, _sample_biases(p, seed))
        S = _measured_truncated_sup(a)
        S_I = max(abs(ai) for _, ai in kept)
        # f_p is bounded (a finite sum of tanh): the integrand falls like e^{−L(z−L)} past L, e^{−L²/2} in size there
        # (unscaled, mpmath.quad had stopped 5·10^{−4} off at γ = 0.01: theorycheck.numerics.tail_integral)
        tail, error = tail_integral(lambda zz: (fp(zz) ** 2 + fp(-zz) ** 2) * _phi(zz), L, L, L**2 / 2)
        P = mpmath.erfc(L / mpmath.sqrt(2))
        return L, tail, P, S, S_I, len(kept), error / abs(tail)


def check_tail_fp(
    claimed_tail_coefficient=sp.Rational(1, 2),
    claimed_d_power: sp.Expr = EPS_P / 8,
    target: str = "x^3",
    gammas: Sequence[str] = ("0.5", "0.1", "0.01", "0.001"),
    eps_p=1,
    p: int = 200,
    seed: int = SEED,
) -> Verdict:
    r"""Display (2, 62): E[f_p(x)² 1_{|⟨μ,x⟩| > log d}] ≲ P(|⟨μ,x⟩| > log d) sup_{b,x}|a(b)1_{|b|≤C_b}σ(⟨μ,x⟩+b)|
    ≲ e^{−log²d/2} d^{ε_p/8}.

    For each γ = d^{−ε_p/(4(q+1))} (so log d = 4(q+1)log(1/γ)/ε_p, up to 147 here): a seeded sample of p biases,
    f_p on the sample, E_tail = ∫_{|z|>log d} f_p² φ by quadrature (30 digits), P = erfc(log d/√2), S measured.
    Links: (1) E_tail ≤ P·max_I|a(b_i)|² (exact) ≤ S̄·P·S with S̄ the proved d-independent bound on S;
    (2) P ≲ e^{−c log²d} (c = claimed coefficient; erfc(x) ≤ e^{−x²} gives c = ½), measured ratio P/e^{−c log²d};
    (3) S ≲ d^{claimed power} (see :func:`check_summand_bound`).
    """
    c = mpmath.mpf(sp.nsimplify(claimed_tail_coefficient))
    rows, link1_fail = [], None
    worst_tail_error = mpmath.mpf(0)
    with mpmath.workdps(DPS):
        S_bar = proved_truncated_sup(target, 1)
        for g in gammas:
            L, tail, P, S, S_I, n_kept, tail_error = _tail_measurement(target, g, eps_p, p, seed, DPS)
            worst_tail_error = max(worst_tail_error, tail_error)
            ratio_tail = P / mpmath.exp(-c * L**2)
            row = {
                "gamma": g,
                "log_d": _s(L, 8),
                "E_tail": _s(tail),
                "P": _s(P),
                "S": _s(S),
                "|I|": n_kept,
                "E_tail/(P*S)": _s(tail / (P * S)),
                "E_tail/(P*S_I^2)": _s(tail / (P * S_I**2)),
                "P/exp(-c log^2 d)": _s(ratio_tail),
            }
            rows.append(row)
            if not (tail <= P * S_I**2 * (1 + mpmath.mpf(10) ** -20) and tail <= S_bar * P * S):
                link1_fail = row
        ok_sup, sup_ev = _sup_links(target, claimed_d_power, gammas)
    ratios = [mpmath.mpf(r["P/exp(-c log^2 d)"]) for r in rows]
    growing = all(b > a_ for a_, b in zip(ratios, ratios[1:])) and ratios[-1] > 10**3 * ratios[0]
    ev = {
        "points": rows,
        "seed": seed,
        "p": p,
        "C_b": C_B,
        "target": target,
        "eps_p": eps_p,
        "S_bar_proved": _s(S_bar),
        **sup_ev,
        "tolerance": "relative 1e-20 on the exact inequality of link 1",
        "achieved_error": f"relative {mpmath.nstr(worst_tail_error, 3)} (the tail quadratures' own estimate, "
                          "scaled: theorycheck.numerics.tail_integral)",
        "digits": DPS,
    }
    if link1_fail:
        return refuted("numeric", "E_tail exceeds P·S² (impossible) or S̄·P·S", witness=link1_fail, **ev)
    if c > mpmath.mpf(1) / 2 and growing:
        return refuted(
            "numeric",
            f"P(|z| > log d)/e^{{−{claimed_tail_coefficient}·log²d}} grows from {_s(ratios[0], 4)} to "
            f"{_s(ratios[-1], 4)} (log d = {rows[-1]['log_d']}): the Gaussian tail is only e^{{−log²d/2}}",
            witness=rows[-1],
            **ev,
        )
    if c > mpmath.mpf(1) / 2:
        return inconclusive("numeric", "tail coefficient above 1/2 but no growth seen", **ev)
    if any(r > 1 for r in ratios):
        return inconclusive(
            "numeric",
            "P(|z| > log d) exceeded e^{−c log²d} at some point (erfc(x) ≤ e^{−x²} forbids "
            "this for c ≤ 1/2: a numerical problem)",
            **ev,
        )
    if ok_sup is False:
        return refuted(
            "exact+numeric",
            f"S ≥ {_s(_proved_lower_sup(target), 6)} > 0 for every d, so S is not ≲ d^{{{claimed_d_power}}}",
            witness={"S_lower_bound": _s(_proved_lower_sup(target)), "claimed_power": str(claimed_d_power)},
            **ev,
        )
    if ok_sup is None:
        return inconclusive("numeric", "sup links undecided", **ev)
    return verified(
        "exact+numeric",
        "each link holds: E_tail ≤ P·max|a(b_i)|² ≤ S̄·P·S with S̄ independent of d "
        "(the first ≲ needs sup|aσ| squared; it holds only because S is bounded), P ≤ e^{−log²d/2} "
        "(erfc(x) ≤ e^{−x²}; measured ratios ≤ 1), and S ≤ S̄ ≪ d^{ε_p/8}"
        f" (S̄ d-free for every fixed C_b: other_C_b, C_b = {', '.join(OTHER_C_B)})",
        **ev,
    )


# ----------------------------------------------------------------------------------------------------------------
# Step 2: the decomposition of E[(f_∞ − f_p)²], display (2, 63)


@functools.lru_cache(maxsize=8, typed=True)
def _decomposition_integrals(target: str, gamma: str, eps_p, p: int, seed: int, dps: int) -> tuple:
    """At γ = gamma (log d from γ = d^{−ε_p/(4(q+1))}), with f_∞ = f_γ and f_p on p seeded biases, at dps digits:
    (log d, E[(f_∞ − f_p)²], its part on |z| ≤ log d, its part on |z| > log d, E[f_∞² 1_>], E[f_p² 1_>]) by
    quadrature. Independent of the claimed statement: remembered in-process (all mpf, immutable)."""
    with mpmath.workdps(dps):
        L = _log_d_of_gamma(gamma, _degree(target), eps_p)
        fg = cert.parse_polynomial(target)
        finf = lambda zz: cert.f_gamma(fg, mpmath.mpf(gamma), zz)  # noqa: E731  (= f_∞, see construct.step1-infinite-model)
        fp, kept = _f_p(_a_function(target, gamma), _sample_biases(p, seed))
        # the bulk, tail and tail-split quadratures revisit the nodes of the total one: remember f_p and f_∞ there
        fp, finf = cert.memoized(fp), cert.memoized(finf)
        h = cert.memoized(lambda zz: (finf(zz) - fp(zz)) ** 2 * _phi(zz))
        total = mpmath.quad(h, [-mpmath.inf, -L, -1, 0, 1, L, mpmath.inf])
        bulk = mpmath.quad(h, [-L, -1, 0, 1, L])

        def both_tails(integrand):  # ∫_{|z|>L}, each side scaled (the tails are e^{−L²/2} small: tail_integral)
            return sum(tail_integral(side, L, L, L**2 / 2)[0] for side in (integrand, lambda zz: integrand(-zz)))

        tail = both_tails(h)

        def tail_of(fun):
            return both_tails(lambda zz: fun(zz) ** 2 * _phi(zz))

        return L, total, bulk, tail, tail_of(finf), tail_of(fp)


def check_step2_decomposition(
    second_indicator: str = "<=",
    tail_coefficient=sp.Rational(1, 2),
    finf_tail_power: sp.Expr = EPS_P / 4,
    fp_tail_power: sp.Expr = EPS_P / 8,
    rate: sp.Expr = EPS_P / (4 * (Q + 1)),
    target: str = "x",
    gamma: str = "0.1",
    eps_p=1,
    p: int = 200,
    seed: int = SEED,
) -> Verdict:
    r"""Display (2, 63), link by link.

    (1) E[(f_∞ − f_p)²] = E[…1_{|z|≤log d}] + E[…1_{second indicator}] (printed: the same indicator ≤ twice;
    intended >), by quadrature with f_∞ = f_γ and a seeded f_p at γ = 0.1 (log d from γ = d^{−ε_p/(4(q+1))});
    (2) the bulk term ≤ F² ≲_P d^{−ε_p/(2(q+1))} (display (2, 60)) is ≲ d^{−rate}: exact exponent comparison; the tail
    (f_∞ − f_p)² ≤ 2f_∞² + 2f_p², measured;
    (3) E[f_∞²1_>] ≤ sup f_γ² P with sup f_γ² ≍ γ^{−q} = d^{ε_p q/(4(q+1))} ≲ d^{finf_tail_power} (exact, q = 1..29);
    (4) d^{k} e^{−c log²d} = o(d^{−rate}) for each tail power k (SymPy limit in ℓ = log d).
    """
    links, witness = {}, None
    with mpmath.workdps(DPS):
        L, total, bulk, tail, t_inf, t_p = _decomposition_integrals(target, gamma, eps_p, p, seed, DPS)
        err = abs(total - bulk - tail)
        second = bulk if second_indicator == "<=" else tail
        disc = abs(total - (bulk + second))
        links["1_decomposition"] = {
            "total": _s(total, 20),
            "bulk(|z|<=log d)": _s(bulk, 20),
            "tail(|z|>log d)": _s(tail),
            "second_term_as_printed": second_indicator,
            "discrepancy": _s(disc),
            "quadrature_error": _s(err),
            "log_d": _s(L, 10),
            "seed": seed,
            "p": p,
        }
        if disc > 1e-20 + 100 * err:
            witness = {
                "gamma": gamma,
                "log_d": _s(L, 10),
                "target": target,
                "seed": seed,
                "p": p,
                "E_total": _s(total, 20),
                "E_bulk+E_second": _s(bulk + second, 20),
                "discrepancy": _s(disc),
                "numerical_error": _s(err),
            }

        links["2_tail_split"] = {
            "E[(f_inf-f_p)^2 1_>]": _s(tail),
            "2E[f_inf^2 1_>]+2E[f_p^2 1_>]": _s(2 * t_inf + 2 * t_p),
            "holds": bool(tail <= 2 * t_inf + 2 * t_p),
        }
    two_f = sp.simplify(rate - EPS_P / (2 * (Q + 1)))  # bulk F² power −ε_p/(2(q+1)) ≤ −rate ⇔ this ≤ 0
    bulk_ok = all(two_f.subs({Q: k, EPS_P: 1}) <= 0 for k in range(1, 30))
    links["2_bulk_power"] = {"rate_minus_eps_p/(2(q+1))": str(two_f), "holds": bulk_ok}
    sup_power = EPS_P * Q / (4 * (Q + 1))
    t3 = [sp.nsimplify((finf_tail_power - sup_power).subs({Q: k, EPS_P: 1})) for k in range(1, 30)]
    links["3_sup_f_gamma^2"] = {
        "computed_power": "eps_p*q/(4(q+1)) (sup z^{2q}e^{-2γz²} = (q/(2eγ))^q)",
        "claimed_power": str(finf_tail_power),
        "holds": all(v >= 0 for v in t3),
    }
    ell = sp.Symbol("ell", positive=True)
    final = {}
    for name, k in (("f_inf tail", finf_tail_power), ("f_p tail", fp_tail_power)):
        lim = sp.limit(((k + rate) * ell - sp.nsimplify(tail_coefficient) * ell**2).subs({Q: 1, EPS_P: 1}), ell, sp.oo)
        lim_q = sp.limit(
            ((k + rate) * ell - sp.nsimplify(tail_coefficient) * ell**2).subs({Q: 5, EPS_P: 3}), ell, sp.oo
        )
        final[name] = {
            "log_ratio_limit(q=1,eps_p=1)": str(lim),
            "log_ratio_limit(q=5,eps_p=3)": str(lim_q),
            "holds": lim == -sp.oo and lim_q == -sp.oo,
        }
    links["4_final_o"] = final
    ev = {
        "links": links,
        "seed": seed,
        "tolerance": "1e-20 + 100 × quadrature error",
        "achieved_error": _s(err),
        "digits": DPS,
    }
    later = [
        name
        for name, v in (
            ("tail split", links["2_tail_split"]["holds"]),
            ("bulk power", bulk_ok),
            ("sup f_γ²", links["3_sup_f_gamma^2"]["holds"]),
        )
        if not v
    ] + [n for n, v in final.items() if not v["holds"]]
    if witness:
        return refuted(
            "numeric+symbolic",
            "as printed, the decomposition repeats the indicator 1_{|⟨μ,x⟩| ≤ log d}: "
            f"E[(f_∞ − f_p)²] = {witness['E_total'][:10]} but the printed sum is {witness['E_bulk+E_second'][:10]} "
            f"(discrepancy {witness['discrepancy']} vs numerical error {witness['numerical_error']}); "
            + (
                "with 1_{|⟨μ,x⟩| > log d} in the second term every other link holds (the bulk link only "
                "as an exponent comparison given display (2, 60); construct.step2-summary shows the bulk "
                "term itself does not decay)"
                if not later
                else f"other failing links: {later}"
            ),
            witness=witness,
            **ev,
        )
    if later:
        return refuted("numeric+symbolic", f"link(s) fail: {later}", witness={"failing": later, **links}, **ev)
    return verified(
        "numeric+symbolic",
        "every link holds (the bulk term's bound comes from display (2, 60), see "
        "construct.expected-sup and construct.step2-summary)",
        **ev,
    )


# ----------------------------------------------------------------------------------------------------------------
# Step 2: truncation bias, displays (2, 55) and (2, 64)


def _gh(n: int):
    """Gauss–Hermite nodes and weights for E_{z~N(0,1)} at the working precision (remembered per (n, precision))."""
    zs, ws = _gh_at(n, mpmath.mp.prec)
    return list(zs), list(ws)


@functools.cache
def _gh_at(n: int, prec: int) -> tuple[tuple, tuple]:
    if prec != mpmath.mp.prec:
        with mpmath.workprec(prec):
            return _gh_at.__wrapped__(n, prec)
    X, W = mpmath.gauss_quadrature(n, "hermite")
    return tuple(x * mpmath.sqrt(2) for x in X), tuple(w / mpmath.sqrt(PI) for w in W)


def _truncated_mean(a_phi: Callable, z, C=C_B):
    """∫_{−C_b}^{C_b} a(b)φ(b) tanh(z + b) db = E_b[a(b) 1_{|b|≤C_b} σ(z + b)]."""
    C = mpmath.mpf(C)
    pts = [-C, -z, C] if abs(z) < C else [-C, C]
    return mpmath.quad(_tanh_weighted(a_phi, z), pts)


def _tanh_weighted(a_phi: Callable, z) -> Callable:
    """b → ``a_phi(b) * mpmath.tanh(z + b)``, the integrand of :func:`_truncated_mean`.

    For an mpf z and b (mpmath.quad's nodes) and an mpf value of a_phi, the sum, tanh and product are libmp's
    operations, in the same order at the precision and rounding of the call (mpmath.quad raises the working precision
    while it integrates), as mpmath's number types perform them: bit for bit the expression's value, without the
    number objects in between and mpmath's function wrapper (tests/test_construction_speedups.py compares them).
    Otherwise (or where mpmath's functions are not libmp's) it evaluates the expression itself."""
    if not (_LOW_LEVEL and type(z) is _MPF):
        return lambda b: a_phi(b) * mpmath.tanh(z + b)
    zv = z._mpf_

    def integrand(b):
        if type(b) is not _MPF:
            return a_phi(b) * mpmath.tanh(z + b)
        a = a_phi(b)
        prec, rnd = mpmath.mp._prec_rounding
        return cert.times_tanh(a, _lm.mpf_add(zv, b._mpf_, prec, rnd), prec, rnd)

    return integrand


def paper_center(a_phi: Callable, z, C=C_B):
    """The paper's centring in display (2, 55): E_b[g_x(b)] with g_x(b) = a(b)1_{|b|≤C_b}σ(⟨μ,x⟩+b)."""
    return _truncated_mean(a_phi, z, C)


@functools.lru_cache(maxsize=8, typed=True)
def _centering_reference(target: str, gamma: str, zs: tuple, p: int, seed: int, eps_p, dps: int) -> tuple:
    """What check_rademacher_centering compares the claimed centring with, none of which depends on the claim:
    (a·φ remembered, ((z, f_∞(z), f_γ(z)) for z in zs), f_p of the seeded sample, its kept (b_i, a(b_i)), the grid
    of H_{log d}, sup over the grid of |f_p − f_γ| at 15 digits), computed at dps digits as the check did inline.

    Remembered in-process (the values are mpf, immutable; a·φ and f_p are pure functions, a·φ remembering its values
    per (b, precision), :func:`theorycheck.certificate.memoized`), so the paper's and each perturbed centring are
    compared with the same once-computed f_∞ (four quadratures) and sample (tests/test_construction_speedups.py
    checks the result against the inline computation)."""
    q = _degree(target)
    polynomial = cert.parse_polynomial(target)
    with mpmath.workdps(dps):
        g = mpmath.mpf(gamma)
        a_phi = cert.memoized(cert.corrected_a_phi_function(target, g, mpmath.mpf(1)))  # nodes recur across z
        references = []
        for zt in zs:
            z = mpmath.mpf(zt)
            finf = cert.reconstruct(a_phi, 1, z, scale=1 / mpmath.sqrt(g))
            references.append((z, finf, cert.f_gamma(polynomial, g, z)))
        L = _log_d_of_gamma(gamma, q, eps_p)
        a = lambda b: a_phi(b) / _phi(b)  # noqa: E731
        fp, kept = _f_p(a, _sample_biases(p, seed))
        grid = [-L + 2 * L * k / 40 for k in range(41)]
        with mpmath.workdps(15):
            F_def = max(abs(fp(zz) - cert.f_gamma(polynomial, g, zz)) for zz in grid)
    return a_phi, tuple(references), fp, tuple(kept), tuple(grid), F_def


def check_rademacher_centering(
    claimed_center: Callable = paper_center,
    target: str = "x",
    gamma: str = "0.1",
    zs: Sequence[str] = ("0", "0.7", "-1.5", "3"),
    p: int = 200,
    seed: int = SEED,
    eps_p=1,
) -> Verdict:
    r"""Display (2, 55), first equality: E[F] = E_b[sup_{x∈H}|E_b g_x(b) − (1/|I|)Σ_{i∈I} g_x(b_i)|]
    with F = sup|f_p − f_∞|.

    (1/|I|)Σ_{i∈I} g_x(b_i) = f_p(x) identically, so the equality needs E_b g_x(b) = f_∞(x) on H_{log d}. Computed:
    f_∞(z) = ∫ a(b)φ(b) tanh(z+b) db over ℝ (quadrature, = f_γ), against the claimed centring at points z; and, for a
    seeded sample, both suprema over a grid of H_{log d}. (Lines 2–3, notation and symmetrisation, are standard once the
    centring is E[g_x(b) | |b| ≤ C_b]; not checked here.)
    """
    rows, bad = [], None
    a_phi, references, fp, kept, grid, F_def = _centering_reference(target, gamma, tuple(zs), p, seed, eps_p, DPS)
    with mpmath.workdps(DPS):
        for zt, (z, finf, fg) in zip(zs, references):
            center = claimed_center(a_phi, z, C_B)
            err = abs(finf - fg)
            row = {
                "z": zt,
                "f_inf(z)": _s(finf, 15),
                "f_gamma(z)": _s(fg, 15),
                "claimed_center": _s(center, 15),
                "difference": _s(center - finf),
                "quadrature_error": _s(err),
            }
            rows.append(row)
            if bad is None and abs(center - finf) > 1e-20 + 100 * err:
                bad = row
        with mpmath.workdps(15):
            F_claim = max(abs(claimed_center(a_phi, zz, C_B) - fp(zz)) for zz in grid)
    ev = {
        "points": rows,
        "gamma": gamma,
        "C_b": C_B,
        "target": target,
        "seed": seed,
        "p": p,
        "|I|": len(kept),
        "sup_grid_|f_p-f_inf|": _s(F_def),
        "sup_grid_|claimed_center-f_p|": _s(F_claim),
        "tolerance": "1e-20 + 100 × quadrature error",
        "achieved_error": max((r["quadrature_error"] for r in rows), key=float),
        "digits": DPS,
    }
    if bad:
        return refuted(
            "numeric",
            f"E_b[g_x(b)] is not f_∞(x): at z = {bad['z']}, γ = {gamma}, C_b = {C_B} the claimed centring "
            f"is {bad['claimed_center'][:10]} but f_∞(z) = {bad['f_inf(z)'][:10]} (g_x carries 1_{{|b|≤C_b}}, f_∞ "
            f"integrates over all b; and (1/|I|)Σ_I g_x(b_i) estimates E[g_x | |b| ≤ C_b], a third value); for "
            f"the seeded sample sup|f_p − f_∞| = {_s(F_def, 6)} vs sup|E g_x − f_p| = {_s(F_claim, 6)}",
            witness=bad,
            **ev,
        )
    return verified("numeric", "the centring equals f_∞ at every point", **ev)


@functools.lru_cache(maxsize=16, typed=True)
def _truncation_bias(target: str, g, nodes: int, dps: int) -> tuple:
    """At γ = g, at dps digits: the bias B = E_z[(f_γ − m/P(|b| ≤ C_b))²] (normalisation 1/|I|, or 1/(p·P(|b| ≤ C_b))
    in the mean), B2 = E_z[(f_γ − m)²] (normalisation 1/p: referee DA, L1, it had been labelled 1/(p P)) with
    m(z) = ∫_{−C_b}^{C_b} aφ(b) tanh(z + b) db, by Gauss–Hermite with ``nodes`` + 16
    nodes, and their largest change from ``nodes`` nodes (the error). Independent of the claimed statement:
    remembered in-process (mpf, immutable)."""
    with mpmath.workdps(dps):
        polynomial = cert.parse_polynomial(target)
        P_I = mpmath.erf(mpmath.mpf(C_B) / mpmath.sqrt(2))
        gm = mpmath.mpf(g)
        # remembered: the truncated means at |z| ≥ C_b integrate over the same interval, hence the same nodes
        a_phi = cert.memoized(cert.corrected_a_phi_function(target, gm, mpmath.mpf(1)))
        fg = lambda zz: cert.f_gamma(polynomial, gm, zz)  # noqa: E731
        vals = {}
        for n in (nodes, nodes + 16):
            zs, ws = _gh(n)
            tm = [_truncated_mean(a_phi, zz) for zz in zs]
            vals[n] = (
                sum(w * (fg(zz) - t / P_I) ** 2 for zz, w, t in zip(zs, ws, tm)),
                sum(w * (fg(zz) - t) ** 2 for zz, w, t in zip(zs, ws, tm)),
            )
        B, B2 = vals[nodes + 16]
        return B, B2, max(abs(vals[nodes][0] - B), abs(vals[nodes][1] - B2))


def _bias_other_cb(target: str) -> list[dict[str, str]]:
    """:func:`proofs.part2_construction_steps.bias_other_cb` (the truncation bias at C_b = 1, 2, 3), imported when
    needed (that module imports this one)."""
    from .part2_construction_steps import bias_other_cb

    return bias_other_cb(target)


@functools.lru_cache(maxsize=8, typed=True)
def _summary_sample(target: str, g, nodes: int, p: int, seed: int, dps: int) -> tuple:
    """With p seeded biases at γ = g: (E_z[(f_γ − f_p)²] by Gauss–Hermite with ``nodes`` nodes (taken at dps digits,
    summed at 15), S = sup_{|b|≤C_b}|a| at dps digits, |I|). Independent of the claimed statement: remembered
    in-process (mpf and int, immutable)."""
    with mpmath.workdps(dps):
        polynomial = cert.parse_polynomial(target)
        a = _a_function(target, g)
        fp, kept = _f_p(a, _sample_biases(p, seed))
        zs, ws = _gh(nodes)
        gm = mpmath.mpf(g)
        with mpmath.workdps(15):
            measured = sum(w * (cert.f_gamma(polynomial, gm, zz) - fp(zz)) ** 2 for zz, w in zip(zs, ws))
        return measured, _measured_truncated_sup(a), len(kept)


def check_step2_summary(
    claimed_rate: sp.Expr = EPS_P / (4 * (Q + 1)),
    target: str = "x",
    gammas: Sequence[str] = ("0.1", "0.01", "0.001", "0.0001"),
    eps_p=1,
    nodes: int = 48,
    p: int = 1000,
    seed: int = SEED,
) -> Verdict:
    r"""Display (2, 64): E_x[(f_∞(x) − f_p(x))²] = O_P(d^{−ε_p/(4(q+1))}).

    With ā_i = 1_{i∈I} a(b_i)/|I| as printed, E[f_p(z) | |I|] = m(z) := E[a(b)σ(z+b) | |b| ≤ C_b] for every p, so
    E_z[(f_∞ − f_p)²] ≥ (√B − √V)² with the bias B = E_z[(f_γ − m)²] and V = E_z[(f_p − m)²], E V ≤ S²/|I| → 0.
    B is computed by Gauss–Hermite in z (``nodes`` and ``nodes``+16 nodes, their difference is the error) and
    quadrature in b at 30 digits, for γ → 0 (q = deg σ_*, d = γ^{−4(q+1)/ε_p}). Also the other normalisation
    (1/p, centring ∫_{−C_b}^{C_b} aφσ) and a seeded sample at the smallest γ.
    """
    q = _degree(target)
    rows = []
    with mpmath.workdps(DPS):
        P_I = mpmath.erf(mpmath.mpf(C_B) / mpmath.sqrt(2))
        for g in gammas:
            gm = mpmath.mpf(g)
            B, B2, err = _truncation_bias(target, g, nodes, DPS)
            log_d = _log_d_of_gamma(gm, q, eps_p)
            claimed = mpmath.exp(
                -mpmath.mpf(sp.nsimplify(claimed_rate.subs({Q: q, EPS_P: sp.nsimplify(eps_p)}))) * log_d
            )
            rows.append(
                {
                    "gamma": g,
                    "log10_d": _s(log_d / mpmath.log(10), 6),
                    "bias_B(1/|I|)": _s(B),
                    "bias_B(1/p)": _s(B2),
                    "gauss_hermite_error": _s(err),
                    "claimed_bound_d^-rate": _s(claimed),
                    "B/claimed": _s(B / claimed),
                }
            )
        # seeded sample at the smallest γ: the measured error is close to B
        measured, S, n_kept = _summary_sample(target, gammas[-1], nodes, p, seed, DPS)
    Bs = [mpmath.mpf(r["bias_B(1/|I|)"]) for r in rows]
    ratios = [mpmath.mpf(r["B/claimed"]) for r in rows]
    errs = [mpmath.mpf(r["gauss_hermite_error"]) for r in rows]
    ev = {
        "points": rows,
        "target": target,
        "C_b": C_B,
        "eps_p": eps_p,
        "seed": seed,
        "p": p,
        "|I|": n_kept,
        "measured_error_at_smallest_gamma": _s(measured),
        "S": _s(S),
        "p_for_P(V>=B/4)<=1%": _s(400 * S**2 / (Bs[-1] * P_I)),
        "untruncated_reading": "C_b = ∞ removes the bias but E[a(b)²] = ∫ (aφ)²/φ diverges for γ < 1/4 "
        "((aφ)² ~ e^{−2γb²}, 1/φ ~ e^{b²/2})",
        # the paper fixes only "some C_b" (referee AC, F5): the bias is not an artefact of C_b = 1
        "every_fixed_C_b": "as γ → 0 the corrected aφ → (1/π) Im f((iπ/2 − b)/η), bounded on [−C_b, C_b], so the "
        "truncated mean m(z) = E[aσ(z + b) | |b| ≤ C_b] stays bounded in z while f_∞ = f_γ → f does not (deg f ≥ 1): "
        "B(C_b) = E_z[(f_γ − m)²] stays bounded away from 0 for every fixed C_b",
        "bias_for_other_C_b": _bias_other_cb(target),
        "tolerance": "B > 100 × Gauss–Hermite error",
        "achieved_error": _s(max(errs)),
        "digits": DPS,
    }
    if any(B <= 100 * e for B, e in zip(Bs, errs)):
        return inconclusive("numeric", "bias not resolved above the quadrature error", **ev)
    rate_sign = _power_sign(claimed_rate)
    if rate_sign is not None and rate_sign > 0 and min(Bs) > Bs[0] / 10 and ratios[-1] > 100 * ratios[0]:
        i = len(rows) - 1
        # the measured order Θ(1) (B does not shrink) against the claimed order, on the whole region
        order = check_asymptotic(
            Statement(sp.Integer(1), Rel.BIG_O_P, SY.d ** (-claimed_rate.subs(Q, SY.q))), corner_ratios=False
        )
        ev["measured_order_vs_claim"] = {"verdict": order.verdict, "detail": order.detail}
        return refuted(
            "numeric",
            f"the truncation |b_i| ≤ C_b biases f_p: at γ = {rows[i]['gamma']} (d = 10^{rows[i]['log10_d']}, "
            f"σ_* = {target}, ε_p = {eps_p}) the bias B = E_z[(f_∞ − E[f_p])²] = {rows[i]['bias_B(1/|I|)'][:8]} "
            f"(error {rows[i]['gauss_hermite_error']}) does not shrink as γ → 0 while d^{{−ε_p/(4(q+1))}} = "
            f"{rows[i]['claimed_bound_d^-rate'][:8]}; B/claimed grows from {_s(ratios[0], 4)} to {_s(ratios[-1], 4)}. "
            f"Since V → 0 in probability (E V ≤ S²/|I|), E_x[(f_∞ − f_p)²] ≥ B/4 with probability → 1 "
            f"(seeded sample, p = {p}: measured {_s(measured, 6)}); the other normalisation "
            f"1/p (centring ∫_{{−C_b}}^{{C_b}} aφσ) gives B = {rows[i]['bias_B(1/p)'][:8]}; not an artefact of "
            f"C_b = {C_B}: for every "
            "fixed C_b the truncated mean stays bounded in z as γ → 0 while f_∞ → f does not (sup-bias over z at C_b = "
            + ", ".join(f"{r['C_b']}: {r['max_z_bias']}" for r in ev["bias_for_other_C_b"] if r["gamma"] ==
                        ev["bias_for_other_C_b"][-1]["gamma"]) + ")",
            witness=rows[-1] | {"target": target, "eps_p": eps_p, "C_b": C_B},
            regime=order.regime,
            **ev,
        )
    if rate_sign == 0 or (rate_sign is not None and rate_sign < 0):
        return inconclusive(
            "numeric",
            "the bias stays bounded, consistent with the claimed (non-decaying) bound; an "
            "asymptotic O_P(1) cannot be verified at finite sizes",
            **ev,
        )
    return inconclusive("numeric", "no clear trend of the bias against the claimed rate", **ev)


# ----------------------------------------------------------------------------------------------------------------
# Step 2: the "Lipschitz property" step, display (2, 56)


def _abs_max_over_rows(M: np.ndarray) -> np.ndarray:
    """max_k |M[k, j]| for each column j, bit for bit ``np.abs(M).max(axis=0)``, without the |M| copy.

    Used as ``_abs_max_over_rows(M) / m`` in place of ``np.abs(M / m).max(axis=0)``: the same floats, because
    |x/m| = |x|/m exactly and the correctly rounded division by m > 0 is monotone, so the largest |x_k|/m is
    (largest |x_k|)/m; the division then touches one row instead of the whole (grid × draws) matrix (the old
    expression is kept as a reference in tests/test_construction_speedups.py). max(max x, −min x) is |x|'s
    maximum; ``+ 0.0`` turns a −0.0 (a column of zeros) into the +0.0 that ``np.abs`` gives.
    """
    return np.maximum(M.max(axis=0), -M.min(axis=0)) + 0.0


@functools.lru_cache(maxsize=4, typed=True)
def _lipschitz_sample(targets: tuple, gamma: str, log_ds: tuple, p: int, draws: int, seed: int, prec: int) -> tuple:
    """The seeded Monte Carlo of check_lipschitz_step, none of which depends on the claimed factor of η log d: for
    each target, for each log d, (|I|, sup over the z grid of |(1/|I|)Σ ε_i a(b_i)σ(z+b_i)| per draw,
    |(1/|I|)Σ ε_i a(b_i)σ(b_i)| per draw, |Σ ε_i a(b_i)| per draw), with the draws in the order the check made them.

    The check forms RHS = ``at_zero + factor · L · abs_mean / m`` (the same operations as before, in the same
    order). Remembered in-process (arrays made read-only), so the paper's factor and a perturbed one share the
    2001 × |I| × draws products; ``_abs_max_over_rows(M) / m`` is ``np.abs(M / m).max(axis=0)`` bit for bit
    (tests/test_construction_speedups.py). ``prec`` is the working precision at which a(b_i) is evaluated (the
    caller's, as before: it is part of the key)."""
    if prec != mpmath.mp.prec:
        with mpmath.workprec(prec):
            return _lipschitz_sample.__wrapped__(targets, gamma, log_ds, p, draws, seed, prec)
    rng = np.random.default_rng(seed)
    out = []
    for target in targets:
        a = _a_function(target, gamma)
        b = rng.standard_normal(p)
        b = b[np.abs(b) <= C_B]
        A = np.array([float(a(mpmath.mpf(float(x)))) for x in b])
        m = len(b)
        per_L = []
        for L in log_ds:
            z = np.linspace(-L, L, 2001)
            eps = rng.choice([-1.0, 1.0], size=(m, draws))
            lhs = _abs_max_over_rows((np.tanh(z[:, None] + b[None, :]) * A) @ eps) / m
            at_zero = np.abs((np.tanh(b) * A) @ eps) / m
            abs_mean = np.abs(A @ eps)
            for arr in (lhs, at_zero, abs_mean):
                arr.setflags(write=False)
            per_L.append((m, lhs, at_zero, abs_mean))
        out.append(tuple(per_L))
    return tuple(out)


def lipschitz_step_threshold(log_d_factor: float = 1, c_b: int = C_B) -> dict:
    r"""Referee CH, CH-1: a proof of display (2, 56)'s step (factor ``log_d_factor`` on η log d, η = 1) for every bias
    sample in [−C_b, C_b] and every weights a_i, once log d is large. With ψ_i(z) = σ(z + b_i) − σ(b_i) =
    ∫_0^z sech²(u + b_i) du and Y_u = Σ ε_i a_i sech²(u + b_i):

    E_ε sup_{|z| ≤ L}|Σ ε_i a_i σ(z + b_i)| ≤ E_ε|Σ ε_i a_i σ(b_i)| + ∫_ℝ E_ε|Y_u| du, and E|Y_u| ≤ (E Y_u²)^{1/2} ≤
    ‖a‖₂ max_{|b| ≤ C_b} sech²(u + b), whose integral over ℝ is J = 2C_b + 2 (SymPy); Szarek's sharp Khintchine
    inequality E|Σ ε_i a_i| ≥ ‖a‖₂/√2 (equality at a = (1, 1)) turns ‖a‖₂ J into √2 J·E|Σ ε_i a_i|. So the step holds
    with factor c as soon as c·log d ≥ √2 J: d ≥ d_0 = e^{√2 J/c}. The threshold for every c > 0: the step read "for d
    large enough" holds whatever the constant; c = 0 (the term dropped) is refuted by the Monte Carlo."""
    u = sp.Symbol("u", real=True)
    # ∫_0^∞ sech² u du = tanh(∞) − tanh(0) = 1, tanh being an antiderivative (checked): each side beyond the plateau
    # |u| ≤ C_b, where the max over |b| ≤ C_b of sech²(u + b) is 1
    antiderivative = sp.simplify(sp.diff(sp.tanh(u), u) - sp.sech(u) ** 2) == 0
    half = sp.limit(sp.tanh(u), u, sp.oo) - sp.tanh(0)
    J = 2 * sp.Integer(c_b) + 2 * half
    # Szarek's constant 1/√2 is attained (so it cannot be larger): a = (1, 1), E|ε_1 + ε_2| over the four signs
    signs = [(s1, s2) for s1 in (-1, 1) for s2 in (-1, 1)]
    szarek_at_11 = sp.Rational(sum(abs(s1 + s2) for s1, s2 in signs), 4) == sp.sqrt(2) / sp.sqrt(2)
    out: dict = {"J": str(J), "tanh_is_antiderivative_of_sech2": bool(antiderivative),
                 "integral_of_sech2_half_line": str(half),
                 "szarek_constant": "1/√2 (Szarek 1976; attained at a = (1, 1): E|ε_1 + ε_2| = 1 = ‖a‖₂/√2)",
                 "szarek_equality_checked": bool(szarek_at_11)}
    if not (antiderivative and szarek_at_11):
        raise AssertionError("the constants of the proof did not check")
    if not log_d_factor > 0:
        return out | {"log_d_threshold": None}
    L0 = sp.sqrt(2) * J / sp.nsimplify(log_d_factor)
    return out | {"log_d_threshold": str(L0), "log_d_threshold_value": float(L0), "d_threshold": float(sp.exp(L0))}


#: the Monte Carlo's log d: dimensions d = 2, 3, 20 and 22026 (referee CK, CK-3: log d = 0.3, 1, 3, 10 held no
#: whole d), below and above the proof's threshold d ≥ 287
LIPSCHITZ_LOG_DS: tuple[float, ...] = tuple(math.log(d) for d in (2, 3, 20, 22026))


def check_lipschitz_step(
    log_d_factor=1,
    targets: Sequence[str] = ("x", "x^3", "x^2 + x - 1"),
    gamma: str = "0.1",
    log_ds: Sequence[float] = LIPSCHITZ_LOG_DS,
    p: int = 300,
    draws: int = 4000,
    seed: int = SEED,
) -> Verdict:
    r"""Display (2, 56): E_ε sup_{|z|≤log d}|(1/|I|)Σ_I ε_i a(b_i)σ(z+b_i)| ≤ E_ε[|(1/|I|)Σ_I ε_i a(b_i)σ(b_i)|
    + (factor)·η log d |(1/|I|)Σ_I ε_i a(b_i)|] (paper: factor 1, η = 1; the outer 2 is common to both sides), and
    sup_{|z|≤log d}|z·c| = log d·|c| (second line, exact).

    Seeded Monte Carlo conditional on a seeded bias sample (float64; a(b_i) from the reconstructing a): the supremum
    over z is taken on a grid of 2001 points including 0, a lower bound of the true one, so LHS_grid > RHS is a valid
    witness. Two readings: pointwise in ε (what "Lipschitz" would give) and in expectation (the display).
    """
    rows, pointwise_witness, expectation_failures = [], None, []
    sample = _lipschitz_sample(tuple(targets), gamma, tuple(log_ds), p, draws, seed, mpmath.mp.prec)
    for target, per_L in zip(targets, sample):
        for L, (m, lhs, at_zero, abs_mean) in zip(log_ds, per_L):
            rhs = at_zero + log_d_factor * L * abs_mean / m
            diff = lhs - rhs
            se = diff.std(ddof=1) / np.sqrt(draws)
            row = {
                "target": target,
                "d": round(math.exp(L), 6),
                "log_d": L,
                "|I|": m,
                "E_lhs": float(lhs.mean()),
                "E_rhs": float(rhs.mean()),
                "mean_diff": float(diff.mean()),
                "standard_error": float(se),
                "fraction_of_draws_violating_pointwise": float((diff > 0).mean()),
            }
            rows.append(row)
            if pointwise_witness is None and (diff > 0).any():
                j = int(np.argmax(diff))
                pointwise_witness = {
                    "target": target,
                    "d": round(math.exp(L), 6),
                    "log_d": L,
                    "draw": j,
                    "lhs": float(lhs[j]),
                    "rhs": float(rhs[j]),
                    "excess": float(diff[j]),
                    "seed": seed,
                }
            if diff.mean() > 5 * se:
                expectation_failures.append(row | {"seed": seed})
    ev = {
        "points": rows,
        "seed": seed,
        "gamma": gamma,
        "draws": draws,
        "C_b": C_B,
        "log_d_factor": log_d_factor,
        "pointwise_witness": pointwise_witness,
        "tolerance": "5 standard errors (Monte Carlo), float64",
        "achieved_error": f"max standard error {max(r['standard_error'] for r in rows):.2e}",
        "second_line": "sup_{|z|<=L} |z c| = L|c| (exact)",
    }
    proof = lipschitz_step_threshold(log_d_factor)
    ev["proof"] = proof
    L0 = proof.get("log_d_threshold_value")
    # a Monte Carlo failure below the proof's threshold only says the step needs d large (referee CJ, CJ-2: a factor
    # 0.5 had been "refuted" at log d = 0.3, d = 1.35, though the proof gives it from log d = 11.3 on); one at or
    # beyond it refutes
    beyond = [w for w in expectation_failures if L0 is None or w["log_d"] >= L0]
    expectation_witness = beyond[0] if beyond else None
    if expectation_failures and not beyond:
        ev["expectation_witness_below_threshold"] = expectation_failures[0]
    if expectation_witness:
        return refuted(
            "simulation",
            f"in expectation the bound fails: for σ_* = {expectation_witness['target']}, d = "
            f"{expectation_witness['d']:g}: E sup = {expectation_witness['E_lhs']:.6g} > E RHS = "
            f"{expectation_witness['E_rhs']:.6g} (difference {expectation_witness['mean_diff']:.3g}, standard "
            f"error {expectation_witness['standard_error']:.2g}, seed {seed})",
            witness=expectation_witness,
            **ev,
        )
    # referee BY, BY7: the relation read is this line's step, from the previous line's Rademacher term to this line
    # (E[F] itself on the left fails earlier: its centring bias, construct.symmetrization)
    step = ("the contraction step from the previous line's 2E sup_z|(1/|I|)Σε_i a(b_i)σ(z + b_i)| to this line "
            "(with E[F] itself on the left the chain already fails at construct.symmetrization): ")
    below = ev.get("expectation_witness_below_threshold")
    pointwise = (f"pointwise in ε it fails (seeded draw with excess {pointwise_witness['excess']:.3g} at d = "
                 f"{pointwise_witness['d']:g}): σ(z+b_i) − σ(b_i) differs across i and cannot be pulled out of "
                 "Σε_i a(b_i)(…), so the paper's \"Lipschitz\" does not justify it; " if pointwise_witness else "")
    if proof["log_d_threshold"] is None:
        return inconclusive("simulation", step + pointwise + "holds in expectation at every instance tried (not a "
                            "proof of the general inequality)", **ev)
    small = [r for r in rows if r["log_d"] < L0]
    every_d = (f"none: in expectation it fails at d = {below['d']:g} (σ_* = {below['target']}: E sup = "
               f"{below['E_lhs']:.6g} > E RHS = {below['E_rhs']:.6g}, "
               f"{below['mean_diff'] / below['standard_error']:.0f} standard errors)" if below else
               "undecided: it holds in expectation at every Monte Carlo instance tried (C_b = "
               f"{C_B}) with log d < {L0:.4g}, not proved there")
    # the threshold as a formula in C_b, with its value at the C_b simulated (referee CT, LOW-4: the readings gave
    # C_b = 1's number unlabelled, under a region of every C_b; "/1" is no part of the formula)
    threshold = "√2(2C_b + 2)" + ("" if log_d_factor == 1 else f"/{log_d_factor:g}")
    at_c_b = f"{L0:.4g} at C_b = {C_B}"
    verdict = verified(
        "symbolic+simulation",
        step + pointwise + f"it holds in expectation for every bias sample in [−C_b, C_b] and all weights once log d ≥ "
        f"{threshold} ({at_c_b}; d ≥ {proof['d_threshold']:.4g}): σ(z + b_i) − σ(b_i) = "
        "∫_0^z sech²(u + b_i) du, E_ε|Σε_i a_i sech²(u + b_i)| ≤ ‖a‖₂ max_{|b|≤C_b} sech²(u + b), whose integral "
        f"is {proof['J']} (SymPy), and Szarek's E|Σε_i a_i| ≥ ‖a‖₂/√2 (referee CH, CH-1); below that d "
        + (f"it fails in expectation at d = {below['d']:g} (a Monte Carlo witness)" if below else
           f"it holds at the {len(small)} Monte Carlo instances tried (margins ≫ standard error), unproved"),
        regime={
            # the proof is C_b's: every fixed C_b > 0 from its own threshold on (referee CQ, F6); the Monte Carlo at C_B
            "region": f"every fixed C_b > 0 (the Monte Carlo at C_b = {C_B}), every bias sample in [−C_b, C_b] and "
            "every weights, η = 1",
            "holds_on": "all",
            "conditions": [r"\log d \geq \sqrt{2}\,(2C_b + 2)" + ("" if log_d_factor == 1 else f"/{log_d_factor:g}")
                           + rf"\ (= {L0:.6g} \text{{ at }} C_b = {C_B})"],
            "readings": {
                "the step from the previous line's Rademacher term, for d large enough (§3.4's asymptotic "
                "argument; Part 1 §2.5)": f"all: from log d ≥ {threshold} on ({at_c_b}; the proof above)",
                "the step for every d": every_d,
                "as printed, with E[F] on the left": "none: E[F] stays bounded away from 0 while the right side → 0 "
                "(construct.expected-sup-bound; the centring fails at construct.symmetrization)",
            },
        },
        **ev,
    )
    return verdict


# ----------------------------------------------------------------------------------------------------------------
# Step 2: the Rademacher mean, display (2, 57)


def check_rademacher_mean(
    sign_values: Sequence[int] = (1, -1), claimed_value=0, target: str = "x^2 + x - 1", gamma: str = "0.1"
) -> Verdict:
    r"""Display (2, 57): E[ε_i a(b_i)1_{|b_i|≤C_b}σ(b_i)] = E[ε_i a(b_i)1_{|b_i|≤C_b}] = 0,
    ε_i uniform on ``sign_values``
    independent of b_i. The b-integrals ∫_{−C_b}^{C_b} aφ·tanh and ∫_{−C_b}^{C_b} aφ are computed by quadrature
    (30 digits; σ_* without parity so neither vanishes by symmetry) and multiplied by E[ε] computed from the values.
    """
    with mpmath.workdps(DPS):
        a_phi = cert.corrected_a_phi_function(target, mpmath.mpf(gamma), mpmath.mpf(1))
        C = mpmath.mpf(C_B)
        with_sigma = mpmath.quad(lambda b: a_phi(b) * mpmath.tanh(b), [-C, 0, C])
        without = mpmath.quad(a_phi, [-C, 0, C])
        e_eps = mpmath.mpf(sum(sign_values)) / len(sign_values)
        left, middle, right = e_eps * with_sigma, e_eps * without, mpmath.mpf(sp.nsimplify(claimed_value))
        tol = mpmath.mpf(10) ** -25
    ev = {
        "E[a 1 sigma(b)]": _s(with_sigma, 20),
        "E[a 1]": _s(without, 20),
        "E[eps]": _s(e_eps),
        "left": _s(left),
        "middle": _s(middle),
        "claimed": _s(right),
        "tolerance": "1e-25",
        "target": target,
        "gamma": gamma,
        "achieved_error": "quadrature at 30 digits",
        "digits": DPS,
    }
    if abs(left - middle) > tol or abs(middle - right) > tol:
        return refuted(
            "numeric",
            f"the three sides are {_s(left, 8)}, {_s(middle, 8)}, {_s(right, 8)}",
            witness={
                "target": target,
                "gamma": gamma,
                "left": _s(left, 20),
                "middle": _s(middle, 20),
                "claimed": _s(right),
                "discrepancy": _s(max(abs(left - middle), abs(middle - right))),
            },
            **ev,
        )
    # for every target, γ and C_b (referee AB: one instance had carried it): ε ⊥ b gives E[ε g(b)] = E[ε]·E[g(b)]
    # for any integrable g (a is bounded on [−C_b, C_b]), and E[ε] is exactly the mean of the sign values
    exact_mean = sp.Rational(sum(sign_values), len(sign_values))
    every = exact_mean == 0 and sp.nsimplify(claimed_value) == 0
    return verified(
        "numeric+symbolic" if every else "numeric",
        f"E[ε] = {exact_mean} exactly and ε ⊥ b, so E[ε g(b)] = E[ε]·E[g(b)] = 0 for every target, γ and C_b "
        f"(shown here at σ_* = {target}, γ = {gamma}, where E[a1σ(b)] = {_s(with_sigma, 6)} and "
        f"E[a1] = {_s(without, 6)} differ); as a zero-mean bounded (display (2, 58)) summand this is what "
        "the concentration step needs",
        regime={"region": "every σ_*, γ > 0, C_b > 0", "holds_on": "all", "conditions": [], "witness": None}
        if every else None,
        **ev,
    )


# ----------------------------------------------------------------------------------------------------------------
# Step 3, displays (2, 65) and (2, 66)


ELL, LAM, D, N = sp.symbols("ell Lambda d n", positive=True)  # ell = log d, Lambda = log(1.25/δ)/ε²
PAPER_STEP3 = (D ** (1 + EPS_B + EPS_P / 4) / N) * (ELL ** (2 * Q + 2) + ELL ** (2 * Q + 6) * LAM)


def check_step3_chain(
    claimed: sp.Expr = PAPER_STEP3, cs_power: int = 2, p: int = 40, dim: int = 12, n_x: int = 4000, seed: int = SEED
) -> Verdict:
    r"""Display (2, 65), link by link.

    (a) Cauchy–Schwarz E_x[((1/|I|)Σ a_iΔ_i)²] ≤ (1/|I|^{cs_power})‖a‖²Σ E_xΔ_i² (paper: cs_power = 2) and
    (b) E_xΔ_i² ≤ E_x⟨w_i − μ, x⟩² = ‖w_i − μ‖² (tanh is 1-Lipschitz), on a seeded instance (x-sample fixed, so the
    inequalities are checked for the empirical measure, where they hold exactly);
    (c) the algebra: (d^{ε_p/4}/p)·|I|·r² with |I| ≤ p and r = √(d^{1+ε_b}/n) ℓ^{q+1}(1 + ℓ²√Λ) is within a constant
    of the claimed last line (SymPy: ratio bounded above and below for ℓ, Λ ≥ 1).
    """
    rng = np.random.default_rng(seed)
    mu = np.zeros(dim)
    mu[0] = 1
    b = rng.standard_normal(p)
    b = b[np.abs(b) <= C_B]
    m = len(b)
    a = rng.standard_normal(m) * 3
    w = mu + 0.2 * rng.standard_normal((m, dim)) / np.sqrt(dim)
    x = rng.standard_normal((n_x, dim))
    delta = np.tanh(x @ w.T + b) - np.tanh((x @ mu)[:, None] + b)
    # link 1: f^W − f_p computed from the two models separately equals (1/|I|)Σ a_i Δ_i
    f_W = np.tanh(x @ w.T + b) @ a / m
    f_p = np.tanh((x @ mu)[:, None] + b) @ a / m
    identity_error = float(np.max(np.abs(f_W - f_p - delta @ a / m)))
    lhs = np.mean((delta @ a / m) ** 2)
    rhs = np.sum(a**2) / m**cs_power * np.sum(np.mean(delta**2, axis=0))
    lip = np.mean(delta**2, axis=0) <= np.mean((x @ (w - mu).T) ** 2, axis=0) + 1e-12
    r2 = sp.expand((D ** (1 + EPS_B) / N) * ELL ** (2 * Q + 2) * (1 + ELL**2 * sp.sqrt(LAM)) ** 2)
    computed = D ** (EPS_P / 4) * r2  # (d^{ε_p/4}/p)·|I|·r² with |I| = p (worst case)
    ratio = sp.simplify(computed / claimed)
    # bounded above and below on ℓ, Λ ≥ 1, q = 1..6: check limits and a grid
    grid = [
        (sp.Integer(lv), sp.Integer(Lv), qq)
        for lv in (1, 10, 10**3, 10**6)
        for Lv in (1, 10**3, 10**6)
        for qq in (1, 3, 6)
    ]
    vals = [
        sp.N(ratio.subs({ELL: lv, LAM: Lv, Q: qq, D: 10, N: 10, EPS_B: sp.Rational(1, 3), EPS_P: 1}), 20)
        for lv, Lv, qq in grid
    ]
    bounded = max(vals) <= 4 and min(vals) >= sp.Rational(1, 4)
    # regime-wide: the ratio is free of d, n, ε_b, ε_p (it depends on log d and the privacy factor only), and
    # 1 + u² ≤ (1 + u)² ≤ 2(1 + u²) for u = ℓ²√Λ ≥ 0 exactly (sum-of-squares certificates)
    u = sp.Symbol("u", nonnegative=True)
    sos_upper = sp.expand(2 * (1 + u**2) - (1 + u) ** 2 - (1 - u) ** 2) == 0
    sos_lower = sp.expand((1 + u) ** 2 - (1 + u**2) - 2 * u) == 0
    free = sorted(str(s_) for s_ in ratio.free_symbols)
    bounded = bounded and set(free) <= {"ell", "Lambda", "q"} and sos_upper and sos_lower
    ev = {
        "seed": seed,
        "p": p,
        "|I|": m,
        "dim": dim,
        "n_x": n_x,
        "cauchy_schwarz_lhs": lhs,
        "cauchy_schwarz_rhs": rhs,
        "lipschitz_holds_for_all_i": bool(lip.all()),
        "computed_last_line": str(computed),
        "claimed_last_line": str(claimed),
        "ratio_computed/claimed": str(ratio),
        "ratio_free_symbols": free,
        "sum_of_squares": {"2(1+u^2)-(1+u)^2 = (1-u)^2": sos_upper, "(1+u)^2-(1+u^2) = 2u": sos_lower},
        "ratio_range_on_grid": [str(sp.N(min(vals), 6)), str(sp.N(max(vals), 6))],
        "tolerance": "exact inequalities on the empirical measure (float64, 1e-12)",
        "achieved_error": "1e-15 (float64)",
    }
    ev["link1_identity_error"] = identity_error
    if identity_error > 1e-12:
        return refuted(
            "numeric",
            f"f^W − f_p ≠ (1/|I|)Σ a_iΔ_i (max error {identity_error:.3g})",
            witness={"seed": seed, "error": identity_error},
            **ev,
        )
    if not lhs <= rhs * (1 + 1e-12):
        return refuted(
            "numeric",
            f"Cauchy–Schwarz step fails: {lhs:.6g} > {rhs:.6g} (seed {seed})",
            witness={"seed": seed, "lhs": lhs, "rhs": rhs, "cs_power": cs_power},
            **ev,
        )
    if not lip.all():
        return refuted("numeric", "the Lipschitz step fails", witness={"seed": seed}, **ev)
    if not bounded:
        k = int(np.argmax([abs(sp.log(v)) for v in vals]))
        return refuted(
            "symbolic",
            f"the computed last line and the claimed one differ by a non-constant factor "
            f"({ratio}); at ℓ = log d = {grid[k][0]}, Λ = {grid[k][1]}, q = {grid[k][2]} "
            f"the ratio is {sp.N(vals[k], 6)}",
            witness={
                "log_d": str(grid[k][0]),
                "Lambda": str(grid[k][1]),
                "q": grid[k][2],
                "ratio": str(sp.N(vals[k], 10)),
            },
            **ev,
        )
    ev["premise"] = (
        "the inference is checked given w_i^1 = μ + O_P(√(d^{1+ε_b}/n) log^{q+1} d [1 + log² d √Λ]) (§3.2's last "
        "display). That premise fails on the whole region (rank1.alignment, rank1.noisy-alignment: ‖w_i^1 − μ‖ ≍ 1 "
        "from the initial-output term, and the noise's norm is σ_W√d, not σ_W·polylog d), so this verdict does not "
        "say the left side vanishes for the paper's network: it is the step's own, given its premise"
    )
    return verified(
        "numeric+symbolic",
        "given its premise w_i^1 = μ + O_P(·) (§3.2, refuted as rank1.noisy-alignment): "
        "Cauchy–Schwarz and the Lipschitz step hold on the seeded instance; the algebra "
        "gives d^{1+ε_b+ε_p/4}/n · ℓ^{2q+2}(1+ℓ²√Λ)², within a factor 2 of the claimed sum ((1+u)² ≤ 2(1+u²)); "
        "|I|/p ≤ 1 and ‖a‖²/|I|² ≤ S²/|I| ≲ d^{ε_p/4}/p use S ≲ d^{ε_p/8} (construct.summand-bound) and the lower "
        "bound |I| ≳ p (construct.index-set: P(|I| < c_b p) ≤ e^{−cp}; referee CU, CU-7)",
        **ev,
    )


def check_step3_summary(claimed: sp.Expr = PAPER_STEP3) -> Verdict:
    r"""Display (2, 66) restates the last line of display (2, 65): the two expressions are compared exactly."""
    diff = sp.simplify(sp.expand(claimed - PAPER_STEP3))
    ev = {
        "display_65_last_line": str(PAPER_STEP3),
        "display_66": str(claimed),
        "difference": str(diff),
        "tolerance": "exact",
        "achieved_error": "0",
    }
    if diff != 0:
        pt = {ELL: 3, LAM: 2, Q: 2, D: 10, N: 1000, EPS_B: sp.Rational(1, 3), EPS_P: 1}
        return refuted(
            "symbolic",
            "the summary differs from the derived line",
            witness={"point": {str(k): str(v) for k, v in pt.items()}, "difference": str(sp.N(diff.subs(pt), 10))},
            **ev,
        )
    return verified("symbolic", "the summary is the last line of display (2, 65) (checked in thm2.step3-chain, given "
                    "its premise w_i^1 = μ + O_P(·), which rank1.noisy-alignment refutes)", **ev)


# ----------------------------------------------------------------------------------------------------------------
# the claims' statements (SymPy, proofs.symbols) and the parameters each checker reads from them


def _coef_power(rhs: sp.Expr) -> tuple[sp.Expr, sp.Expr, sp.Expr]:
    """rhs = c · d^{k} · e^{−a log² d}: returns (c, k, a) with q written as this module's Q."""
    c, k, a = sp.Integer(1), sp.Integer(0), sp.Integer(0)
    for factor in sp.Mul.make_args(rhs):
        base, e = factor.as_base_exp()
        if base == SY.d:
            k += e
        elif isinstance(factor, sp.exp) or base is sp.E:
            arg = factor.args[0] if isinstance(factor, sp.exp) else e
            a += -sp.expand(arg).coeff(SY.log_d**2)
        else:
            c *= factor
    return c, sp.sympify(k).subs(SY.q, Q), a


def _to_ell(expr: sp.Expr) -> sp.Expr:
    """A Step-3 rate in this module's symbols: log d → ℓ, log(1.25/δ)/ε² → Λ, q → Q, ε_b → EPS_B."""
    e = expr.subs(SY.eps, sp.sqrt(sp.log(sp.Rational(5, 4) / SY.delta) / LAM))
    e = sp.simplify(e).subs(SY.log_d, ELL).subs({SY.q: Q, SY.eps_b: EPS_B})
    return sp.expand(sp.powsimp(e, force=True))


STEP1_STATEMENT = Statement(
    sp.Symbol("E_1"),
    Rel.LT,
    2 * SY.d ** (-U),
    name="Step 1",
    lhs_latex=r"\E_{x \sim \N(0, \id)} \left[(f_*(x) - f_\infty(x))^2\right]",
)
SUMMAND_STATEMENT = Statement(
    sp.Symbol("S_summand"),
    Rel.LESSSIM,
    SY.d ** (SY.eps_p / 8),
    name="summand bound",
    lhs_latex=r"|\varepsilon_i a(b_i) \mathbb{1}_{|b_i| \leq C_b}|",
)
TAIL_FP_STATEMENT = Statement(
    sp.Symbol("E_tail_fp"),
    Rel.LESSSIM,
    sp.exp(-(SY.log_d**2) / 2) * SY.d ** (SY.eps_p / 8),
    name="tail of f_p",
    lhs_latex=r"\E\left[f_p (x)^2 \mathbb{1}_{|\langle \mu, x \rangle| > \log d}\right]",
)
STEP2_DECOMPOSITION_STATEMENT = Statement(
    sp.Symbol("E_2"),
    Rel.BIG_O_P,
    SY.d ** (-U),
    name="All in all",
    lhs_latex=r"\E_x[(f_\infty - f_p)^2 \mathbb{1}_{|\langle \mu, x \rangle| \leq "
    r"\log d}] + \E_x[(f_\infty - f_p)^2 \mathbb{1}_{|\langle \mu, x "
    r"\rangle| \leq \log d}]",
)
STEP2_SUMMARY_STATEMENT = Statement(
    sp.Symbol("E_2"), Rel.BIG_O_P, SY.d ** (-U), name="Step 2", lhs_latex=r"\E_x[(f_\infty(x) - f_p(x))^2]"
)
RADEMACHER_MEAN_STATEMENT = Statement(
    sp.Symbol("E_eps_a"),
    Rel.EQ,
    0,
    name="Rademacher mean",
    lhs_latex=r"\E_{b_i, \varepsilon_i} [\varepsilon_i a(b_i) \mathbb{1}_{|b_i| \leq C_b}]",
)
STEP3_STATEMENT = Statement(
    sp.Symbol("E_3"),
    Rel.BIG_O_P,
    STEP3_N1 + STEP3_N2,
    name="Step 3",
    lhs_latex=r"\E_x\left[\left(f^W(x) - f_p(x)\right)^2\right]",
)


@decides("<", "≤")
def check_step1_statement(statement: Statement = STEP1_STATEMENT, **kw) -> Verdict:
    """:func:`check_step1_infinite_model` with the constant and rate read from ``statement.rhs`` = c·d^{−rate}."""
    c, k, a = _coef_power(statement.rhs)
    if not (sp.sympify(c).is_number and sp.sympify(c).is_positive) or a != 0:  # referee EM, EM-8: a TypeError
        raise InputError(f"construct.step1-infinite-model reads right sides c·d^(−rate) with a number c > 0 (no log "
                         f"or sum factor), not {statement.rhs}")
    return check_step1_infinite_model(claimed_constant=c, claimed_rate=-k, **kw)


def _own_left_side(statement: Statement, registered: Statement) -> None:
    """The statement's left side must be the claim's own quantity (referee AO: "d·S ≲ …" had been read as S)."""
    if sp.simplify(statement.lhs - registered.lhs) != 0:
        raise InputError(f"the left side must be {registered.lhs_latex or registered.lhs} (the claim's quantity), "
                         f"not {statement.lhs}")


def check_summand_statement(statement: Statement = SUMMAND_STATEMENT, **kw) -> Verdict:
    """The summands' bound, then the statement itself over the region (referee AM: only the power of d had been
    read): S is proved Θ(1) (:func:`check_summand_bound`'s bracket, d-free), so "S rel rhs" is "1 rel rhs", with
    the statement's own relation and every log and exp factor of its right side."""
    _own_left_side(statement, SUMMAND_STATEMENT)
    _asymptotic_relation(statement, "the summands' bound")
    v = check_summand_bound(claimed_d_power=_coef_power(statement.rhs)[1], **kw)
    decided = decide_order(sp.Integer(1), statement.rel, statement.rhs)
    v = _with_regime(v, decided, f"S = Θ(1) {Rel.parse(statement.rel).value} the claimed bound")
    # S is Θ(1) both ways (the proved bracket), so where S ≪ the bound fails the ratio tends to a constant ≥ S
    return _constant_readings(v, statement, sp.Integer(1), "S/(the claimed bound)",
                              "S = sup_{|b|≤C_b}|a(b)| ≥ |a(0)| > 0 is linear in σ_* (σ_* → Mσ_* multiplies it by M)",
                              tight=True)


#: The relations an order-of-magnitude check decides; an exact ≤, <, = or ≥ needs the constants, which these checks
#: do not compare (referee AX F6: "S ≤ 1/100" had been verified, read as S ≲ 1, while S ≥ 3.09 is proved).
_ASYMPTOTIC = (Rel.LESSSIM, Rel.LESSSIM_P, Rel.LL, Rel.ASYMP, Rel.BIG_O, Rel.BIG_O_P, Rel.LITTLE_O)


def _asymptotic_relation(statement: Statement, what: str) -> None:
    if Rel.parse(statement.rel) not in _ASYMPTOTIC:
        raise InputError(f"{what} is decided as an order of magnitude (≲, ≪, ≍, O, o), not with the exact relation "
                         f"{Rel.parse(statement.rel).value}, whose constants this check does not compare")


def _constant_readings(v: Verdict, statement: Statement, bound: sp.Expr, ratio: str, scaling: str, *,
                       tight: bool) -> Verdict:
    """A verified ``v`` with the readings of its ≲'s constant (:data:`proofs.regime.CONSTANT_ABSOLUTE`, referee AT
    F3): the proof's constant is built from the target (S, S̄), so the absolute reading holds where ``bound`` (the
    proof's order) ≪ the statement's right side, decided on the whole region; elsewhere it fails if the bound is
    ``tight`` and is undecided if not."""
    if v.verdict != "verified" or Rel.parse(statement.rel) not in HIDING_A_CONSTANT:
        return v
    slack = decide_order(bound, Rel.LL, statement.rhs)
    return with_readings(v, constant_readings(absolute_constant_outcome(slack, ratio, scaling, tight=tight)))


def _with_regime(v: Verdict, decided: Verdict, what: str) -> Verdict:
    """``v`` with the regime record of the region-wide decision ``decided``; a failing decision refutes, and an
    undecided one leaves a verified ``v`` inconclusive (it was not decided on the whole region)."""
    ev = dict(v.evidence) | {"region_wide": {"statement": what, "verdict": decided.verdict, "detail": decided.detail}}
    if v.verdict == "verified" and decided.verdict == "refuted":
        everywhere = (decided.regime or {}).get("holds_on") == "none"  # referee CX, L3: "part" had been said
        where = "everywhere in the region" if everywhere else "on part of the region"
        return refuted(
            "exact",
            f"{what} fails {where}: {decided.detail}",
            regime=decided.regime,
            **(ev | {"witness": (decided.evidence or {}).get("witness")}),
        )
    if v.verdict == "verified" and decided.verdict != "verified":  # not decided on the whole region: not verified
        return inconclusive(v.method, f"{v.detail}; but {what} is not decided on the whole region: {decided.detail}",
                            regime=decided.regime, **ev)
    return Verdict(v.verdict, v.method, v.detail, ev, v.corrected, decided.regime)


def check_tail_fp_statement(statement: Statement = TAIL_FP_STATEMENT, **kw) -> Verdict:
    """Also decided over the region: with S = Θ(1) (measured) and the common factor e^{−log²d/2}, the bound needs
    1 ≲ d^{k} everywhere."""
    _own_left_side(statement, TAIL_FP_STATEMENT)
    if Rel.parse(statement.rel) is Rel.ASYMP:  # the proof bounds the tail from above only (referee AO)
        raise InputError("the tail of f_p is bounded from above only: ≲-type or ≪-type relations, not ≍")
    _asymptotic_relation(statement, "the tail of f_p")
    _, k, a = _coef_power(statement.rhs)
    v = check_tail_fp(claimed_tail_coefficient=a, claimed_d_power=k, **kw)
    decided = check_asymptotic(Statement(sp.Integer(1), Rel.LESSSIM, SY.d ** k.subs(Q, SY.q)), corner_ratios=False)
    v = _with_regime(v, decided, "S = Θ(1) ≲ the claimed power of d")
    # the whole right side, log factors included (referee AM): the tail is at most S²·P(|⟨μ, x⟩| > log d) ≤
    # S² e^{−log²d/2}/log d (|σ| ≤ 1, Mills' ratio), so that bound ≲ the statement's right side proves it
    bound = sp.exp(-(SY.log_d**2) / 2) / SY.log_d
    proof = decide_order(bound, statement.rel, statement.rhs)
    v.evidence["upper_bound_decision"] = {"bound": sp.latex(bound), "verdict": proof.verdict, "detail": proof.detail}
    if v.verdict == "verified" and proof.verdict != "verified":  # an upper bound that fails refutes nothing
        return inconclusive(v.method, f"{v.detail}; but the proof's bound S² e^{{−log²d/2}}/log d is not ≲ the "
                            f"claimed bound on the whole region ({proof.detail})", regime=proof.regime, **v.evidence)
    return _constant_readings(v, statement, bound, "E_tail/(the claimed bound) ≤ S̄·S·e^{−log²d/2}/(log d · the bound)",
                              "S̄·S, the proof's constant, is quadratic in σ_* (σ_* → Mσ_* multiplies E_tail by M²)",
                              tight=False)


def check_step2_decomposition_statement(statement: Statement = STEP2_DECOMPOSITION_STATEMENT, **kw) -> Verdict:
    """Also decided over the region: the chain ends in O_P(claimed power of d), while the truncation bias of f_p
    is Θ(1) (measured in construct.step2-summary): 1 ≲ d^{k} decided on the whole region."""
    k = _coef_power(statement.rhs)[1]
    v = check_step2_decomposition(rate=-k, **kw)
    decided = check_asymptotic(Statement(sp.Integer(1), Rel.LESSSIM, SY.d ** k.subs(Q, SY.q)), corner_ratios=False)
    return _with_regime(v, decided, "the Θ(1) truncation bias ≲ the chain's final power of d")


def check_step2_summary_statement(statement: Statement = STEP2_SUMMARY_STATEMENT, **kw) -> Verdict:
    return check_step2_summary(claimed_rate=-_coef_power(statement.rhs)[1], **kw)


@decides("=")
def check_rademacher_mean_statement(statement: Statement = RADEMACHER_MEAN_STATEMENT, **kw) -> Verdict:
    return check_rademacher_mean(claimed_value=statement.rhs, **kw)


#: the last line of display (2, 65) as derived: (d^{ε_p/4}/p)·|I|·r² with |I| ≤ p, r the radius of §3.2's last display
STEP3_DERIVED = (
    SY.d ** (SY.eps_p / 4)
    * SY.d ** (1 + SY.eps_b)
    / SY.n
    * SY.log_d ** (2 * SY.q + 2)
    * (1 + SY.log_d**2 * sp.sqrt(sp.log(sp.Rational(5, 4) / SY.delta)) / SY.eps) ** 2
)


@decides("O_P")
def check_step3_chain_statement(statement: Statement = STEP3_STATEMENT, **kw) -> Verdict:
    """Also decided over the region: the derived last line = O_P(claimed) at every admissible point."""
    v = check_step3_chain(claimed=_to_ell(statement.rhs), **kw)
    decided = check_asymptotic(Statement(STEP3_DERIVED, Rel.BIG_O_P, statement.rhs), corner_ratios=False)
    v = _with_regime(v, decided, "derived last line of display (2, 65) = O_P(claimed)")
    if v.regime is None or v.verdict == "refuted":
        return v
    # the premise w_i^1 = μ + O_P(r) is a vector O_P: rank1.noisy-alignment decides it in ℓ2 and per coordinate; the
    # step's E_x⟨w − μ, x⟩² = ‖w − μ‖₂² ≤ r² needs the ℓ2 one (referee CU, CU-2): per coordinate, w − μ = r(±1)^d
    # has ‖·‖_∞ = r and E_x⟨w − μ, x⟩² = d r² (exact), the step's bound off by d
    signs = np.random.default_rng([SEED, 2]).choice([-1.0, 1.0], size=64)
    per_coordinate = {"d": 64, "norm_inf_over_r": float(np.max(np.abs(signs))),
                      "E_x_inner_sq_over_r2": float(signs @ signs)}
    v = dataclasses.replace(v, evidence=dict(v.evidence) | {"per_coordinate_premise": per_coordinate})
    return with_readings(v, {
        "the premise w_i^1 = μ + O_P(r) in ℓ2, ‖w_i^1 − μ‖₂ ≲_P r": "all: as checked",
        "the premise per coordinate, ‖w_i^1 − μ‖_∞ ≲_P r (rank1.noisy-alignment's second reading)":
        f"none: E_x⟨w − μ, x⟩² = ‖w − μ‖₂² reaches d·r² (w − μ = r(±1)^d: {per_coordinate['E_x_inner_sq_over_r2']:g}"
        "·r² at d = 64), so the step's bound grows by d, to d^{2+ε_b+ε_p/4}polylog d/n"})


@decides("O_P")
def check_step3_summary_statement(statement: Statement = STEP3_STATEMENT) -> Verdict:
    """Display (2, 66): E_x[(f^W − f_p)²] = O_P(rate), given display (2, 65)'s last line. Decided by the O_P
    comparison of that line with ``statement``'s rate on the whole region: an O_P bound holds up to constants, so a
    rate 2× the line's is as true as the line (referee CU, CU-3: the verbatim comparison had refuted it); whether
    (2, 66) restates (2, 65) verbatim is evidence (:func:`check_step3_summary`), not the verdict."""
    verbatim = check_step3_summary(claimed=_to_ell(statement.rhs))
    decided = check_asymptotic(Statement(STEP3_N1 + STEP3_N2, Rel.BIG_O_P, statement.rhs), corner_ratios=False)
    what = "display (2, 65)'s last line = O_P(display (2, 66))"
    restates = ("(2, 66) restates (2, 65)'s last line verbatim" if verbatim.verdict == "verified" else
                f"(2, 66) is not (2, 65)'s last line verbatim (difference {verbatim.evidence['difference']}), "
                "but the O_P comparison decides")
    base = verified("symbolic", f"{restates}; the step rests on (2, 65) (checked in thm2.step3-chain, given its "
                    "premise w_i^1 = μ + O_P(·), which rank1.noisy-alignment refutes)",
                    **(dict(verbatim.evidence) | {"restates_verbatim": verbatim.verdict == "verified"}))
    return _with_regime(base, decided, what)


_S = "Part 2, §3.4"

CLAIMS = [
    Claim(
        "construct.step1-infinite-model",
        "Step 1: the infinite-width model's error",
        f"{_S}, Step 1",
        STEP1_STATEMENT,
        r"\gamma = d^{-\varepsilon_p/(4(q+1))},\ \eta = 1,\ a \text{ from Theorem 6},\ \text{Assumption 1}",
        check_step1_statement,
        depends_on=("thm6.approximation-error", "cert.closed-form"),
        displays=((2, 50),),
        relations=((2, "D50", 1),),
    ),
    Claim(
        "construct.tail-fp",
        "Step 2: the tail of f_p beyond |⟨μ,x⟩| > log d",
        f"{_S}, Step 2",
        TAIL_FP_STATEMENT,
        r"\gamma = d^{-\varepsilon_p/(4(q+1))},\ \overline{a}_i = \mathbb 1_{i\in\mathcal I}a(b_i)/|\mathcal I|",
        check_tail_fp_statement,
        depends_on=("construct.a-bound", "cert.sup-bound"),
        displays=((2, 62),),
        relations=((2, "D62", 1), (2, "D62", 2)),
    ),
    Claim(
        "construct.step2-decomposition",
        "Step 2: splitting E[(f_∞ − f_p)²] at |⟨μ,x⟩| = log d",
        f"{_S}, Step 2",
        STEP2_DECOMPOSITION_STATEMENT,
        r"\gamma = d^{-\varepsilon_p/(4(q+1))},\ \text{displays (2, 60)--(2, 62)}",
        check_step2_decomposition_statement,
        depends_on=("construct.expected-sup", "construct.tail-maximum", "construct.tail-fp"),
        displays=((2, 63),),
        relations=((2, "D63", 1),),
    ),
    Claim(
        "construct.step2-summary",
        "Step 2: the finite model is close to the infinite one",
        f"{_S}, Step 2",
        STEP2_SUMMARY_STATEMENT,
        r"\overline{a}_i = \mathbb 1_{|b_i|\le C_b}a(b_i)/|\mathcal I|,\ C_b \text{ fixed},\ \gamma = "
        r"d^{-\varepsilon_p/(4(q+1))}",
        check_step2_summary_statement,
        depends_on=("construct.step2-decomposition", "construct.rademacher-centering"),
        displays=((2, 64),),
        relations=((2, "D64", 1),),
    ),
    Claim(
        "construct.rademacher-centering",
        "Step 2: E[F] as an empirical-process supremum",
        f"{_S}, Step 2",
        r"\E[F] = \E_b \left[\sup_{x \in \H_{\log d}} \left| \E_b(g_x(b)) - \frac{1}{|\mathcal{I}|} \sum_{i \in "
        r"\mathcal{I}} g_x(b_i)\right|\right] "
        r"= \E_b \left[\sup_{g \in \mathcal{G}} \left| \E_b(g(b)) - \hat{E}_b g(b)\right|\right]",
        r"g_x(b) = a(b)\mathbb 1_{|b|\le C_b}\sigma(\langle\mu,x\rangle+b),\ F = \sup_x|f_p(x)-f_\infty(x)|",
        check_rademacher_centering,
        depends_on=("cert.closed-form",),
        displays=((2, 55),),
        relations=((2, "D55", 1), (2, "D55", 2)),
    ),
    Claim(
        "construct.lipschitz-step",
        "Step 2: removing x from the Rademacher average",
        f"{_S}, Step 2",
        # the step this claim decides, from the previous line's Rademacher term (referee CJ, CJ-7: the printed "E[F] ≤"
        # is the reading recorded as "none"; E[F] itself fails earlier, at construct.symmetrization)
        r"2 \mathbb{E}_{b_i, \varepsilon_i} \sup_{x \in \H_{\log d}} \left| \frac{1}{|\mathcal{I}|}\sum_{i \in "
        r"\mathcal{I}} \varepsilon_i a(b_i) \sigma(\eta\langle \mu, x\rangle + b_i)\right| "
        r"\leq 2 \mathbb{E}_{b_i, \varepsilon_i} \left[\left| \frac{1}{|\mathcal{I}|}\sum_{i \in "
        r"\mathcal{I}} \varepsilon_i a(b_i) \sigma(b_i)\right| + "
        r"\sup_{x \in \H_{\log d}} \left| \frac{1}{|\mathcal{I}|}\sum_{i \in \mathcal{I}} \varepsilon_i a(b_i) \eta "
        r"\langle \mu, x\rangle\right|\right] = "
        r"2 \mathbb{E}_{b_i, \varepsilon_i} \left[\left|\frac{1}{|\mathcal{I}|} \sum_{i \in \mathcal{I}} "
        r"\varepsilon_i a(b_i) \sigma(b_i)\right| + \eta \log d \left| \frac{1}{|\mathcal{I}|}\sum_{i \in "
        r"\mathcal{I}} \varepsilon_i a(b_i) \right|\right]",
        r"\sigma = \tanh\ (1\text{-Lipschitz}),\ \eta = 1,\ \varepsilon_i \sim \mathcal U\{\pm 1\}",
        check_lipschitz_step,
        depends_on=("construct.rademacher-centering",),
        displays=((2, 56),),
        relations=((2, "D56", 1), (2, "D56", 2)),
    ),
    Claim(
        "construct.rademacher-mean",
        "Step 2: the Rademacher summands have mean zero",
        f"{_S}, Step 2",
        RADEMACHER_MEAN_STATEMENT,
        r"\varepsilon_i \sim \mathcal U\{\pm1\} \text{ independent of } b_i",
        check_rademacher_mean_statement,
        displays=((2, 57),),
        relations=((2, "D57", 1), (2, "D57", 2)),
    ),
    Claim(
        "construct.summand-bound",
        "Step 2: the Rademacher summands are bounded",
        f"{_S}, Step 2",
        SUMMAND_STATEMENT,
        r"\gamma = d^{-\varepsilon_p/(4(q+1))},\ \eta = 1",
        check_summand_statement,
        depends_on=("construct.a-bound",),
        displays=((2, 58),),
        relations=((2, "D58", 1), (2, "D58", 2)),
    ),
    Claim(
        "thm2.step3-chain",
        "Step 3: the first-layer noise in the certificate",
        f"{_S}, Step 3",
        STEP3_STATEMENT,
        r"w_i^1 = \mu + O_\P(\cdot) \text{ (§3.2, last display)},\ |\mathcal I| \le p,\ \|\overline a\|^2 \lesssim "
        r"d^{\varepsilon_p/4}/p",
        check_step3_chain_statement,
        depends_on=("rank1.noisy-alignment", "construct.summand-bound", "thm2.a-norm"),
        displays=((2, 65),),
        relations=((2, "D65", 1), (2, "D65", 2), (2, "D65", 3), (2, "D65", 4)),
    ),
    Claim(
        "thm2.step3-summary",
        "Step 3 summarised",
        f"{_S}, Step 3",
        STEP3_STATEMENT,
        r"\text{display (2, 65)}",
        check_step3_summary_statement,
        depends_on=("thm2.step3-chain",),
        displays=((2, 66),),
        relations=((2, "D66", 1),),
    ),
]
