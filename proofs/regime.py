r"""The admissible region: what the paper's assumptions allow, written down once.

Every asymptotic claim is decided on :data:`ADMISSIBLE` (or on a named sub-region, which its verdict
then states). Sizes are powers of d (:mod:`proofs.symbols`): ``p = d^{π_p}``, ``n = d^{ν}``.

* Assumption 2 (Part 1): ``ε_n, ε_p > 0``, ``3ε_p/16 < ε_n``, ``n ≥ d^{1+3ε_n}`` (so ``ν ≥ 1 + 3ε_n``;
  the paper states no upper bound on ε_n, ε_p or ν, and none is added), ``p ≥ d^{ε_p}``: the width is
  ``p = d^{π_p}`` with any ``π_p ≥ ε_p`` (:data:`WIDTH`). The paper bounds p from below only (the abstract speaks
  of "sufficiently wide" networks, Part 1 §1.3 of "all sufficiently over-parameterised models"), so a wide
  network satisfies Assumption 2 with a small ε_p: ε_p bounds the width, π_p is the width. Until referee P this
  module read ``p = d^{ε_p}``; the change moved no verdict and no ``holds_on`` (compared over all 197 claims:
  the conditions of 17 refuted or inconclusive claims, and sub-records of 5 more, now name π_p, and one,
  ``clip.lambda-target``, gained the condition p ≤ d^{6ε_n}, implied before by ε_p < 16ε_n/3), after
  ``thm1.privacy-corrected-route`` had gone from verified to refuted on it: its ratio grows like √p. The
  paper's exponents written in ε_p (γ = d^{−ε_p/(4(q+1))}, d^{1+ε_b+ε_p/4}/n) stay in ε_p. Sizes are
  polynomial in d (finite ν and π_p): a reading. Read literally, Assumption 2's "≥" also admits
  super-polynomial n or p (n = d^{log d}), where the union bounds of Lemmas 3 and 4 fail (claim
  ``part1.size-reading``). The simulated corners take p = d^{ε_p} (π_p = ε_p).
* The bias window of Part 2 §3.1 (after Lemma 4): ``0 < ε_b < 3ε_n − ε_p/4``.
* The target's degree ``q ≥ 1`` (Assumption 1: information exponent 1). Exponents are linear in the
  other parameters for each fixed q; the degrees :data:`DEGREES` are each decided exactly, and a verdict over
  the region holds for those degrees (not for every q: see :data:`DEGREES`).
* Assumption 3: ``δ ∈ (0, 1)``, ``ε ∈ (0, 8 log(1/δ))``, ``ε/\sqrt{\log(1/δ)} = ω(1/\log d)``. The rates use
  ``R = \log(1.25/δ)/ε²``. With ``L = log(1/δ)``: ``log(1/δ)/ε² = o(\log^2 d)``, but as δ → 1 the
  numerator ``log(1.25/δ)`` stays ≥ log 1.25 while L → 0, and ε ≥ √L/(ω log d) with ε < 8L forces only
  ``L ≳ 1/\log^2 d``: so ``R = o(\log^4 d)`` is the whole range (claim ``part1.privacy-factor`` finds this;
  the first version of this module wrote ρ < 2). R can also be polynomially small (δ = e^{−d}, ε close to
  8d). So ``R = d^{r}\log^{ρ} d`` with ``r ≤ 0`` and ``ρ < 4`` (:data:`ADMISSIBLE`). Where a rate uses
  ``log(1/δ)/ε²`` instead (Part 3), that factor's range is ``ρ < 2``: :data:`ADMISSIBLE_LOG1` (the same
  region with the narrower range of that factor). With ``r < 0`` any ρ is admissible, so both regions are unions
  (:attr:`theorycheck.asymptotics.Region.pieces`): r ≤ 0 with ρ < 4 (ρ < 2), and r < 0 with any ρ. Until referee EN
  they kept ρ < 4 throughout, reasoning that r dominates where r < 0; it does not on a face where the powers of d
  cancel, and there the power of log d decides (layer1.privacy's boundary had been called private for every ρ; it
  is private only where ρ < 2q + 6). A reading, too: R = o(log⁴ d) also
  takes growths between the powers of log d (log⁴d/g(d)⁴ with g → ∞ slower than every power of log d), which no
  (r, ρ) represents; a claim decided on ρ < 4 with a margin in powers of d or log d (every verified claim that a
  referee re-derived, referee S) is not moved by them, but one tight at ρ → 4 would need them checked by hand.
* Assumption 4: the hyper-parameters are the paper's formulas (:data:`proofs.symbols.HYPERPARAMETERS`).

:data:`CORNERS` are named points at the edges of the region where simulated quantities are measured.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from typing import Any

import mpmath
import sympy as sp

from theorycheck.asymptotics import Region
from theorycheck.statement import Rel

from .symbols import eps_b, eps_n, eps_p, nu, pi_p, q, r, rho

#: Degrees of σ_* each decided exactly: every q from 1 to 16, then 24, 32, 64, 128, 1024 and 2^20. A verdict over
#: the region is for these degrees only: an exponent monotone in q (ε_p/(8(q+1)), log^{2q+6} d) can still change
#: sign beyond any finite list (referee AL: q/(q+1) against 129/130 does at q = 129), so the large degrees catch a
#: failure that sets in below 2^20 and persists, and prove nothing beyond the list; a claim that needs every q
#: proves it in its own check (as construct.tail-maximum does symbolically).
DEGREES: tuple[int, ...] = (*range(1, 17), 24, 32, 64, 128, 1024, 2**20)
#: The degrees at which the per-degree SymPy computations (the maximum of z^q e^{−2γz}, its critical points) are
#: built: z^{2^20} is not an object SymPy can simplify. Those checks prove every q > 0 separately where they can.
SYMBOLIC_DEGREES: tuple[int, ...] = tuple(k for k in DEGREES if k <= 128)

ASSUMPTION_2 = (eps_n > 0, eps_p > 0, eps_n > sp.Rational(3, 16) * eps_p, nu >= 1 + 3 * eps_n)
BIAS_WINDOW = (eps_b > 0, eps_b < 3 * eps_n - eps_p / 4)
#: Assumption 3's budget's bounded piece: R = d^r log^ρ d with r ≤ 0 and ρ < 4 (the whole range where r = 0)
PRIVACY = (r <= 0, rho < 4)
#: Assumption 3 with a polynomially small factor (r < 0): then any power of log d (referee EN: ρ < 4 had been kept
#: there, and on a face where the powers of d cancel, the power of log d decides)
PRIVACY_POLYNOMIAL = (r < 0,)

#: The exponents in (0, 1): the paper bounds ε_n, ε_p (and so ε_b) from below only, and the audit decides every claim
#: on that whole region; a failure is shown at a point with all three below 1 where there is one (a witness then
#: admissible under the reading that takes them in (0, 1) too), and a claim that fails only where one of them is
#: ≥ 1 says so (``fails_only_outside`` in its regime; :attr:`theorycheck.asymptotics.Region.preferred`)
UNIT_EXPONENTS = (eps_n < 1, eps_p < 1, eps_b < 1)

#: Assumption 2 bounds the width from below only: p = d^{π_p} with π_p ≥ ε_p (see the module's docstring)
WIDTH = (pi_p >= eps_p,)

_DESCRIPTION = (
    r"\varepsilon_n, \varepsilon_p > 0,\ \tfrac{3}{16}\varepsilon_p < \varepsilon_n,\ "
    r"p = d^{\pi_p},\ \pi_p \geq \varepsilon_p,\ n = d^{\nu}\ (\text{polynomial in } d),\ "
    r"\nu \geq 1 + 3\varepsilon_n,\ "
    r"0 < \varepsilon_b < 3\varepsilon_n - \tfrac{\varepsilon_p}{4},\ "
    r"\tfrac{\log(1.25/\delta)}{\varepsilon^2} = d^{r}\log^{\rho} d,\ r \leq 0,\ \rho < 4 \text{ where } r = 0"
    r"\ (\text{any } \rho \text{ where } r < 0),\ "
    r"q \geq 1\ (\text{decided at } q \in \{1,\dots,16, 24, 32, 64, 128, 1024, 2^{20}\}\text{; every } q "
    r"\text{ where a proof covers it})"
)


def _admissible(name: str, description: str, bounded: tuple) -> Region:
    """The region with Assumption 3's budget R = d^r log^ρ d as it is: the union of the pieces ``bounded`` (r ≤ 0 and
    a bound on ρ) and r < 0 (any ρ), whose hull is r ≤ 0 (:attr:`theorycheck.asymptotics.Region.pieces`)."""
    def piece(budget: tuple) -> Region:
        return Region(name=name, variables=(eps_n, eps_p, eps_b, nu, r, rho, pi_p),
                      constraints=ASSUMPTION_2 + BIAS_WINDOW + budget + WIDTH, q=q, q_values=DEGREES,
                      description=description)

    hull = piece((r <= 0,))
    return dataclasses.replace(hull, pieces=(piece(bounded), piece(PRIVACY_POLYNOMIAL)), preferred=UNIT_EXPONENTS)


ADMISSIBLE = _admissible("Assumptions 2–4 + bias window", _DESCRIPTION, PRIVACY)

#: The same region where the rate's privacy factor is log(1/δ)/ε² = d^r log^ρ d (ρ < 2 where r = 0: Part 3's factor).
ADMISSIBLE_LOG1 = _admissible(
    "Assumptions 2–4 + bias window, factor log(1/δ)/ε²",
    _DESCRIPTION.replace(r"\tfrac{\log(1.25/\delta)}", r"\tfrac{\log(1/\delta)}").replace(r"\rho < 4", r"\rho < 2"),
    (r <= 0, rho < 2),
)

#: The smallest admissible sample size n = d^{1+3ε_n} (the paper's Theorem 1 is stated for it).
SMALLEST_N = ADMISSIBLE.restrict(nu <= 1 + 3 * eps_n, name="Assumptions 2–4, n = d^{1+3ε_n}")
#: Constant privacy budget (ε, δ fixed): R = Θ(1).
#: a fixed budget: (ε, δ) constant, so log(1.25/δ)/ε² = Θ(1) (r = ρ = 0)
FIXED_BUDGET = (r >= 0, rho <= 0, rho >= 0)
CONSTANT_PRIVACY = ADMISSIBLE.restrict(*FIXED_BUDGET, name="Assumptions 2–4, (ε, δ) fixed")

#: Named corners of the region for simulations (ε_n, ε_p, ν − (1 + 3ε_n)); ε_b in the middle of its window.
CORNERS: dict[str, dict[str, float]] = {
    "small eps_p": {"eps_n": 0.2, "eps_p": 0.2, "extra_n": 0.0},
    "large eps_p": {"eps_n": 0.2, "eps_p": 1.0, "extra_n": 0.0},
    "small eps_n": {"eps_n": 0.1, "eps_p": 0.5, "extra_n": 0.0},
    "large eps_n": {"eps_n": 0.3, "eps_p": 1.0, "extra_n": 0.0},
    # the same n = d^{1.9} and p = d as "large eps_n": where σ_W√d is in the hundreds (every corner here) the
    # features are nearly sign(⟨ξ_k, x⟩), so the two corners' kernel measurements (λ_min, λ_max of K_n) agree to 3–4
    # digits; they differ in what ε_n sets (λ, η_a, C_a, T, ε_b's window). Measured kernel orders see five distinct
    # feature laws, not six (referee CC, F5)
    "large n": {"eps_n": 0.2, "eps_p": 1.0, "extra_n": 0.3},
    # ε_p > 1 (p ≫ d): Assumption 2 caps ε_p only by 16ε_n/3 (here 1.6); features of width p = d^{1.5}
    "largest eps_p": {"eps_n": 0.3, "eps_p": 1.5, "extra_n": 0.0},
}


#: Corners of the sub-region ν > 2 + ε_b, measured in the limit it tends to. There σ_W√d = d^{(2+ε_b−ν)/2}
#: log^{q+3} d → 0, so W_1's columns tend to the noiseless normalised step; but at every d a simulation reaches the
#: log factor keeps σ_W√d in the hundreds (the CORNERS all lie where it → ∞). A limit corner runs the paper's
#: algorithm there with σ_W = 0 (its "sigma_W" entry): what the sub-region's first layer becomes as d → ∞.
LIMIT_CORNERS: dict[str, dict[str, float]] = {
    # ν = 2.4 > 2 + ε_b = 2.175 (ε_b in the middle of its window)
    "aligned limit": {"eps_n": 0.2, "eps_p": 1.0, "extra_n": 0.8, "sigma_W": 0.0},
}
#: every named corner (the CORNERS and the LIMIT_CORNERS)
ALL_CORNERS: dict[str, dict[str, float]] = {**CORNERS, **LIMIT_CORNERS}
#: Corners wider than p = d^{ε_p} (their "pi_p" entry is the width π_p > ε_p), run where a check's relations are
#: identities in Φ that must hold at every width: "wide (p > n)" has p = d^{1.3} > n = d^{1.15} (K_n singular), a
#: shape no corner at π_p = ε_p reaches below ε_p > 16/7 (referee T). Kept out of ALL_CORNERS: the measured orders
#: are fitted at π_p = ε_p.
WIDE_CORNERS: dict[str, dict[str, float]] = {
    "wide (p > n)": {"eps_n": 0.05, "eps_p": 0.05, "pi_p": 1.3, "extra_n": 0.0},
}


def eps_b_middle(eps_n_value: float, eps_p_value: float) -> float:
    """The middle of the bias window (0, 3ε_n − ε_p/4)."""
    return (3 * eps_n_value - eps_p_value / 4) / 2


def corner_width(eps_p_value: Any) -> dict[sp.Symbol, Any]:
    """The substitution ε_p, π_p ↦ ``eps_p_value``: the simulated corners take p = d^{ε_p}, the narrowest width
    Assumption 2 allows (π_p = ε_p), so every place that evaluates a formula at a corner gets its width here."""
    return {eps_p: eps_p_value, pi_p: eps_p_value}


def corner_point(corner: Mapping[str, float], *, exact: bool = False) -> dict[str, Any]:
    """The region's parameters at a simulated corner (an entry of :data:`ALL_CORNERS`, or any mapping with
    ``eps_n``, ``eps_p`` and ``extra_n``), by name: ε_n, ε_p, the width π_p = ε_p (:func:`corner_width`; a
    :data:`WIDE_CORNERS` entry's own ``pi_p``), ε_b in the
    middle of its window (:func:`eps_b_middle`, as the simulator uses), ν = 1 + 3ε_n + extra_n and a fixed budget
    r = ρ = 0. Floats, or with ``exact`` Rationals read from the corner's decimals.

    >>> corner_point(CORNERS["small eps_p"], exact=True)
    {'eps_n': 1/5, 'eps_p': 1/5, 'pi_p': 1/5, 'eps_b': 11/40, 'nu': 8/5, 'r': 0, 'rho': 0}
    """
    number: Callable[[Any], Any] = (lambda v: sp.Rational(str(v))) if exact else float
    en, ep = number(corner["eps_n"]), number(corner["eps_p"])
    width = {str(k): v for k, v in corner_width(ep).items()}
    if "pi_p" in corner:  # a wide corner (:data:`WIDE_CORNERS`)
        width["pi_p"] = number(corner["pi_p"])
    return {"eps_n": en, **width, "eps_b": eps_b_middle(en, ep), "nu": 1 + 3 * en + number(corner.get("extra_n", 0)),
            "r": 0, "rho": 0}


def at_symbols(point: Mapping[str, Any]) -> dict[sp.Symbol, Any]:
    """A point by parameter name (:func:`corner_point`, plus ``q``) as a substitution map of the region's symbols."""
    by_name = {str(v): v for v in (*ADMISSIBLE.variables, q)}
    return {by_name[k]: v for k, v in point.items()}


#: The readings of the hidden constants (referee AT, F3; referee AX, F3). Part 1 §2.5 defines a ≲ b with "a hidden
#: absolute constant C > 0", for n, d, p large enough, and ≲_P as ≲ with probability 1 − exp(−c log² d), without
#: calling that c absolute; Theorem 1 calls its own c absolute. A proof whose constant is built from the target
#: (Σ|c_k|, sup_{|b|≤C_b}|a(b)|, q) proves :data:`CONSTANT_OF_TARGET`. :data:`CONSTANT_ABSOLUTE` (§2.5 as printed)
#: holds where the ratio of the two sides tends to 0 (then C = 1 once d ≥ d_0, and d_0 may depend on the target:
#: "large enough"), or where another argument gives an absolute C; for a ≲_P claim, :data:`BOTH_ABSOLUTE` asks the
#: probability's c to be absolute too.
CONSTANT_OF_TARGET = "C (and ≲_P's c) may depend on the target (σ_*, C_b, q), not on n, d, p"
CONSTANT_ABSOLUTE = ("≲'s C absolute, as Part 1 §2.5 prints it (≲_P's c, which §2.5 does not call absolute, may "
                     "depend on the target), for d ≥ d_0 (d_0 may depend on the target)")
BOTH_ABSOLUTE = "≲'s C and ≲_P's c both absolute (Theorem 1 calls its c absolute)"
#: The relations with a hidden constant that these readings qualify (≪, o and exact relations hide none).
HIDING_A_CONSTANT = (Rel.LESSSIM, Rel.LESSSIM_P, Rel.BIG_O, Rel.BIG_O_P)


def regime_outcome(regime: Mapping[str, Any], what: str = "") -> str:
    """A reading's outcome text from a regime record (:func:`theorycheck.claims.with_readings`): its ``holds_on``
    word, then ``what``, then where it holds when that is part of the region."""
    holds = regime.get("holds_on", "undecided")
    where = "; ".join(regime.get("conditions") or [])
    text = f"{holds}: {what}" if what else holds
    if holds == "part" and where:
        text += f" (holds only where {where})" if what else f": holds only where {where}"
    return text


def constant_readings(absolute: str, both: str | None = None) -> dict[str, str]:
    """The regime's ``readings`` (:func:`theorycheck.claims.with_readings`) of a ≲ whose proof's constant depends
    on the target: it holds wherever it was verified under :data:`CONSTANT_OF_TARGET`; ``absolute`` is what the
    check decided under :data:`CONSTANT_ABSOLUTE` and ``both`` (a ≲_P claim only) under :data:`BOTH_ABSOLUTE`
    ("all: …", "part: …", "none: …" or "undecided: …", with why)."""
    out = {CONSTANT_OF_TARGET: "all", CONSTANT_ABSOLUTE: absolute}
    return out | ({BOTH_ABSOLUTE: both} if both is not None else {})


def absolute_constant_outcome(slack: Any, ratio: str, scaling: str, *, tight: bool) -> str:
    """The outcome of :data:`CONSTANT_ABSOLUTE` from ``slack``, a region-wide decision (a
    :class:`~theorycheck.claims.Verdict`) that the proof's bound is ≪ the claimed right side: verified, ``ratio``
    tends to 0 everywhere, so C = 1 suffices from some d_0 on. Where it does not, no absolute C exists only if the
    bound is ``tight`` (also a lower bound on the left side, up to a constant that ``scaling`` says grows with the
    target); otherwise the proof gives none and the reading is undecided (referee AX, F4)."""
    where = (slack.regime or {}).get("holds_on")
    if slack.verdict == "verified":
        return f"all: {ratio} → 0 on the whole region (decided), so C = 1 from some d_0 on"
    if not tight:
        return (f"undecided: {ratio} does not tend to 0 everywhere ({slack.detail}), and the proof's bound is not "
                "shown to be attained, so whether an absolute C exists there is not decided")
    if where == "part":
        return f"part: {ratio} → 0 only where {slack.detail}; elsewhere it tends to a constant, and {scaling}"
    if slack.verdict == "refuted":
        return f"none: {ratio} does not tend to 0 ({slack.detail}), and {scaling}"
    return f"undecided: whether {ratio} → 0 was not decided ({slack.detail})"


@functools.cache
def polynomial_tail_readings(scale: int = 2, constant: int = 1, c: sp.Rational = sp.Rational(1, 4),
                              log_d: int = 14) -> tuple[str, str]:
    """The readings of max_j|σ_*(z_j)| ≲_P log^q d's constants (z_j ~ N(0, 1), j ≤ n; the labels of
    ridge.measured-labels, Lemma 3's |σ_*(⟨μ, x_j⟩)|) (:data:`proofs.regime.CONSTANT_ABSOLUTE` and
    :data:`proofs.regime.BOTH_ABSOLUTE`; referees AT F3, AX F3). By Mills, P(|z| > ρ log d) = e^{(−ρ²/2 + o(1)) log² d}
    (SymPy's limit of the upper bound e^{−t²/2} and of the lower bound 2tφ(t)/(1 + t²), t = ρ log d). C absolute,
    c free: |σ_*(z)| ≤ Σ|c_k||z|^q for |z| ≥ 1, so max_j|y_j| > C log^q d needs some |z_j| > ρ' log d,
    ρ' = (C/Σ|c_k|)^{1/q}, probability ≤ 2n e^{−ρ'² log² d/2} ≤ e^{−c log² d} with c = ρ'²/4 for large d (n polynomial):
    holds, c depending on σ_*. Both absolute: P(|y_1| > C log^q d) ≥ P(|z| > ρ log d), ρ = (C/|c_q|)^{1/q}, so ≲_P
    needs C ≥ |c_q|(2c)^{q/2}, which grows with σ_*: fails. Witness at q = 1, σ_*(z) = ``scale``·z, C = ``constant``,
    c = ``c``, log d = ``log_d`` (30 digits). Returns the outcomes (C absolute, both absolute)."""
    ell, rho, nu_ = sp.Symbol("ell", positive=True), sp.Symbol("rho", positive=True), sp.Symbol("nu", positive=True)
    t = rho * ell
    lower = sp.limit(sp.log(2 * t * sp.exp(-(t**2) / 2) / (sp.sqrt(2 * sp.pi) * (1 + t**2))) / ell**2, ell, sp.oo)
    upper = sp.limit(sp.log(2 * sp.exp(nu_ * ell) * sp.exp(-(t**2) / 2)) / ell**2, ell, sp.oo)  # 2n e^{−t²/2}
    need = sp.solve(sp.Eq(-lower, c), rho)  # ρ at which the tail's rate meets c: C ≥ |c_q| ρ^q
    with mpmath.workdps(30):
        tail = mpmath.erfc(mpmath.mpf(constant) / scale * log_d / mpmath.sqrt(2))
        allowed = mpmath.exp(-mpmath.mpf(c.p) / c.q * log_d**2)
    if upper != -(rho**2) / 2:
        absolute = f"undecided: the union bound's rate came out {upper}"
    else:
        absolute = ("all: with C absolute, P(max_j|y_j| > C log^q d) ≤ 2n e^{−ρ'² log² d/2}, "
                    "ρ' = (C/Σ|c_k|)^{1/q} (|σ_*(z)| ≤ Σ|c_k||z|^q for |z| ≥ 1), whose log over log² d → −ρ'²/2 "
                    "(SymPy): ≤ e^{−c log² d} with c = ρ'²/4 for large d, a c that depends on σ_*")
    if lower != -(rho**2) / 2 or need != [sp.sqrt(2 * c)] or tail <= allowed:
        both = (f"undecided: the tail's rate came out {lower} and the witness's ratio "
                f"{mpmath.nstr(tail / allowed, 5)}")
    else:
        both = (f"none: P(|y_1| > C log^q d) ≥ P(|z| > ρ log d), ρ = (C/|c_q|)^{{1/q}}, = e^{{(−ρ²/2 + o(1)) log² d}} "
                f"(SymPy's limit of Mills' lower bound), so ≲_P needs C ≥ |c_q|ρ_c^q with ρ_c = √(2c) = {need[0]} (at "
                f"c = {c}): it grows with σ_*'s leading coefficient. Witness: σ_*(z) = {scale}z (q = 1), "
                f"C = {constant}, c = {c}, log d = {log_d}: P(|y_1| > C log d) = {mpmath.nstr(tail, 6)} > "
                f"e^{{−c log² d}} = {mpmath.nstr(allowed, 6)}")
    return absolute, both


#: The reading of a formula exactly as the paper prints it (see :func:`as_printed_and_intended`).
AS_PRINTED = "as printed"


def as_printed_and_intended(verdict: Any, *, region: str, printed: str, intended: str, intended_holds: bool,
                            why_not: str = "") -> Any:
    """``verdict`` (a :class:`~theorycheck.claims.Verdict` refuted as printed) with two readings recorded in its regime:
    :data:`AS_PRINTED`, whose outcome ``printed`` ("none: …" or "part: …") says where the printed formula fails, and
    ``intended`` (a typo or slip read as the surrounding text uses it), which holds on the whole region when
    ``intended_holds`` — the same check decided the intended formula (its ``corrected`` statement) — and otherwise
    fails for ``why_not``. A verdict without a regime record gets one over ``region`` (referee AZ F5: errata-level
    refutations are counted among the refuted claims that hold under another reading)."""
    import dataclasses

    from theorycheck.claims import reading_outcome, with_readings

    if verdict.regime is None:
        regime = {"region": region, "holds_on": reading_outcome(printed), "conditions": []}
        if "witness" in verdict.evidence:
            regime["witness"] = verdict.evidence["witness"]
        verdict = dataclasses.replace(verdict, regime=regime)
    return with_readings(verdict, {AS_PRINTED: printed,
                                   intended: "all" if intended_holds else f"none: {why_not or 'not verified'}"})
