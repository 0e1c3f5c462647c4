"""Crossover table: the smallest d beyond which each asymptotic condition of Parts 1–3 holds.

Every condition that the paper states as "≪", "< 1" or "for d large enough" is written as
log(LHS) − log(RHS) < 0 with all hidden constants set to 1, natural logarithms, n = d^{1+3ε_n},
p = d^{ε_p} (Assumption 2 at equality) and Assumption 4's hyper-parameters. It is evaluated in
log space with mpmath (d = e^L; L up to 10^7, i.e. d up to 10^{4.3 million}), so astronomically
large crossovers are reported as numbers. The crossover is the smallest d such that the condition
holds at every larger d on the scan (located by bisection in L to 1e-12 relative).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from fractions import Fraction

import mpmath

from .. import validate
from ..errors import InputError
from ..numerics import bisect_predicate
from ..target import PolynomialTarget

DPS = 40
L_MAX = mpmath.mpf(10) ** 7


@dataclasses.dataclass(frozen=True)
class Condition:
    name: str
    source: str
    text: str
    gap: Callable[[mpmath.mpf], mpmath.mpf]  # log LHS − log RHS as a function of L = log d


def target_variance(target: PolynomialTarget) -> Fraction:
    """Var σ_*(Z) = Σ_{k≥1} k! α*_k² (exact; α*_0 = 0 under Assumption 1)."""
    alpha = target.hermite_coefficients()
    return sum((math.factorial(k) * a * a for k, a in enumerate(alpha) if k >= 1), Fraction(0))


def conditions(eps_n: float, eps_p: float, q: int, eps: float, delta: float, eps_b: float,
               var_y: float) -> list[Condition]:
    en, ep, eb = mpmath.mpf(eps_n), mpmath.mpf(eps_p), mpmath.mpf(eps_b)
    ln = mpmath.log
    lpriv = ln(mpmath.sqrt(8 * ln(1 / mpmath.mpf(delta))) / eps)  # log(√(8 log(1/δ))/ε)
    l125 = ln(ln(mpmath.mpf(1.25) / delta) / mpmath.mpf(eps) ** 2)

    def logs(L):
        ll = ln(L)
        return {"d": L, "n": (1 + 3 * en) * L, "p": ep * L, "ll": ll,
                "lam": ep * L - 2 * en * L, "eta_a": en * L + 2 * ll - ep * L,
                "C_a": en * L + ep * L / 2 + (q + 1) * ll}

    def c(f):
        return lambda L: f(logs(L))

    lvar = ln(mpmath.mpf(var_y))
    return [
        Condition(
            "sigma_W < 1",
            "Part 1 Assumption 4 / Part 2 §3.2",
            "√(d^{1+ε_b}/n) log^{q+3} d < 1",
            c(lambda g: ((1 + eb) * g["d"] - g["n"]) / 2 + (q + 3) * g["ll"]),
        ),
        Condition(
            "rank-1 term dominates",
            "Part 2 §3.1 (display 19)",
            "√(d/n) log^{q+1} d < 1",
            c(lambda g: (g["d"] - g["n"]) / 2 + (q + 1) * g["ll"]),
        ),
        Condition(
            "step size: 2η_aλ < 1",
            "Part 3 §4.3.1 (display 13), §4.5",
            "2 log²d / d^{ε_n} < 1",
            c(lambda g: ln(2) + g["eta_a"] + g["lam"]),
        ),
        Condition(
            "stability: η_a(λ_max(K_n)+λ) < 1, λ_max = p",
            "Part 3 §4.3.1 (display 13, all eigenvalues)",
            "d^{ε_n} log²d (1 + d^{−2ε_n}) < 1 (worst case λ_max(K_n) = p)",
            c(lambda g: g["eta_a"] + ln(mpmath.exp(g["p"]) + mpmath.exp(g["lam"]))),
        ),
        Condition("‖a_0‖ ≪ C_a/8", "Part 3 display 15", "1 < d^{ε_n}√p log^{q+1}d / 8", c(lambda g: ln(8) - g["C_a"])),
        Condition(
            "‖a_RR‖ ≪ C_a/8",
            "Part 3 display 17",
            "d^{ε_n} log^q d/√p < C_a/8",
            c(lambda g: en * g["d"] + q * g["ll"] - g["p"] / 2 - (g["C_a"] - ln(8))),
        ),
        Condition(
            "η_a‖z'‖ ≪ C_a/8 (as printed)",
            "Part 3 display 19",
            "d^{5ε_n/2} log^{q+2} d/(n√p) < C_a/8",
            c(lambda g: 2.5 * en * g["d"] + (q + 2) * g["ll"] - g["n"] - g["p"] / 2 - (g["C_a"] - ln(8))),
        ),
        Condition(
            "η_a‖z'‖ ≪ C_a/8 (corrected 7/2)",
            "Part 3 display 19 (dpgd.noise-chain)",
            "d^{7ε_n/2} log^{q+1} d/(n√p) · √(8log(1/δ))/ε < C_a/8",
            c(lambda g: 3.5 * en * g["d"] + (q + 1) * g["ll"] + lpriv - g["n"] - g["p"] / 2 - (g["C_a"] - ln(8))),
        ),
        Condition(
            "S_1 ≪ d^{ε_n}log^{q+1}d/8",
            "Part 3 display 23",
            "log²d < d^{ε_n} log^{q+1} d / 8",
            c(lambda g: 2 * g["ll"] + ln(8) - en * g["d"] - (q + 1) * g["ll"]),
        ),
        Condition(
            "S_2 ≪ d^{ε_n}log^{q+1}d/8",
            "Part 3 display 24",
            "d^{2ε_n} log^q d / n < d^{ε_n} log^{q+1} d / 8",
            c(lambda g: 2 * en * g["d"] + q * g["ll"] - g["n"] + ln(8) - en * g["d"] - (q + 1) * g["ll"]),
        ),
        Condition(
            "S_3 ≪ d^{ε_n}log^{q+1}d/8 (corrected, with p)",
            "Part 3 display 27 (dpgd.s3-chain)",
            "p d^{5ε_n/2} log^{q+1} d / n < d^{ε_n} log^{q+1} d / 8",
            c(lambda g: g["p"] + 2.5 * en * g["d"] - g["n"] + ln(8) - en * g["d"]),
        ),
        Condition(
            "S_4 ≪ d^{ε_n}log^{q+1}d/8",
            "Part 3 display 22",
            "(d^{ε_n} + 1) log^q d < d^{ε_n} log^{q+1} d / 8",
            c(lambda g: ln(mpmath.exp(en * g["d"]) + 1) + ln(8) - en * g["d"] - g["ll"]),
        ),
        Condition(
            "Assumption 3: ε/√log(1/δ) ≥ 1/log d",
            "Part 1 Assumption 3",
            "√log(1/δ)/ε < log d",
            c(lambda g: ln(mpmath.sqrt(ln(1 / mpmath.mpf(delta))) / eps) - g["ll"]),
        ),
        Condition(
            "Theorem 1 rate < Var(y)",
            "Part 1 Theorem 1",
            "d^{−ε_p/(8q)} + d^{1+ε_n}/n · log(1.25/δ)/ε² < Var(y)",
            c(lambda g: ln(mpmath.exp(-ep * g["d"] / (8 * q)) + mpmath.exp(g["d"] * (1 + en) - g["n"] + l125)) - lvar),
        ),
        Condition(
            "Part 3 rate < Var(y)",
            "Part 3 display 29",
            "d^{−ε_p/(8(q+1))} + d^{1+ε_b+ε_p/4}/n · log^{2q+6}d · log(1.25/δ)/ε² < Var(y)",
            c(
                lambda g: (
                    ln(
                        mpmath.exp(-ep * g["d"] / (8 * (q + 1)))
                        + mpmath.exp(g["d"] * (1 + eb + ep / 4) - g["n"] + (2 * q + 6) * g["ll"] + l125)
                    )
                    - lvar
                )
            ),
        ),
    ]


def crossover(cond: Condition, L_min: float = math.log(2)) -> dict[str, object]:
    """Smallest d ≥ 2 beyond which ``cond`` holds on the scan (log-space bisection)."""
    with mpmath.workdps(DPS):
        grid = [mpmath.mpf(L_min) * mpmath.mpf(1.05) ** k for k in range(0, 2000)]
        grid = [L for L in grid if L <= L_MAX] + [L_MAX]
        values = [cond.gap(L) for L in grid]
        fails = [i for i, v in enumerate(values) if v >= 0]
        if not fails:
            return {"d": 2, "log10_d": math.log10(2), "holds_from_start": True}
        last = fails[-1]
        if last == len(grid) - 1:
            return {"d": None, "log10_d": None, "never": True,
                    "note": f"fails at every d up to 10^{float(L_MAX / mpmath.log(10)):.4g}"}
        lo, hi = bisect_predicate(lambda L: cond.gap(L) >= 0, grid[last], grid[last + 1], halvings=200,
                                  rtol=mpmath.mpf(10) ** -12)
        log10 = hi / mpmath.log(10)
        d_int = int(mpmath.ceil(mpmath.exp(hi))) if log10 < 15 else None
        # below 10^15, settle the exact integer
        if d_int is not None:
            while d_int > 2 and cond.gap(mpmath.log(d_int - 1)) < 0:
                d_int -= 1
            while cond.gap(mpmath.log(d_int)) >= 0:
                d_int += 1
        return {"d": d_int, "log10_d": float(log10)}


def format_d(row: dict[str, object]) -> str:
    if row.get("never"):
        return "never (" + str(row["note"]) + ")"
    if row.get("d") is not None:
        return str(row["d"])
    return f"10^{row['log10_d']:.2f}"


def table(*, eps_n: float = 0.2, eps_p: float = 1.0, q: int | None = None, eps: float = 1.0, delta: float = 1e-5,
          eps_b: float | None = None, target: str | PolynomialTarget = "x^3 - 3*x + x") -> list[dict[str, object]]:
    """One row per condition: name, source, formula, the crossover d (exact integer below 10^15)."""
    from .data import as_target
    from .presets import default_eps_b

    validate.positive("eps_n", eps_n)
    validate.positive("eps_p", eps_p)
    validate.epsilon(eps)
    validate.delta(delta)
    tgt = as_target(target)
    q = tgt.degree if q is None else validate.positive_int("q", q)
    eps_b = default_eps_b(eps_n, eps_p) if eps_b is None else float(validate.positive("eps_b", eps_b))
    if not eps_b < 3 * eps_n - eps_p / 4:
        raise InputError(f"eps_b = {eps_b} is outside Part 2 §3.1's window (0, 3ε_n − ε_p/4 = "
                         f"{3 * eps_n - eps_p / 4:g})")
    var_y = float(target_variance(tgt))
    rows = []
    for cond in conditions(eps_n, eps_p, q, eps, delta, eps_b, var_y):
        res = crossover(cond)
        rows.append(
            {"condition": cond.name, "source": cond.source, "formula": cond.text, **res, "crossover": format_d(res)}
        )
    rows.append({"condition": "Assumption 2: ε_n > 3ε_p/16", "source": "Part 1 Assumption 2",
                 "formula": f"{eps_n} > {3 * eps_p / 16}", "d": 2 if eps_n > 3 * eps_p / 16 else None,
                 "crossover": "all d" if eps_n > 3 * eps_p / 16 else "never (parameter choice)"})
    rows.append({"condition": "Assumption 3: ε < 8 log(1/δ)", "source": "Part 1 Assumption 3",
                 "formula": f"{eps} < {8 * math.log(1 / delta):.4g}", "d": 2 if eps < 8 * math.log(1 / delta) else None,
                 "crossover": "all d" if eps < 8 * math.log(1 / delta) else "never (parameter choice)"})
    for row in rows:
        row.update(eps_n=eps_n, eps_p=eps_p, q=q, eps=eps, delta=delta, eps_b=eps_b, var_y=var_y)
    return rows
