r"""The paper's symbols, each defined once with its assumptions, and Assumption 4's choices as SymPy objects.

Every proofs module takes its symbols from here, so ε_p is the same positive real everywhere and
the LaTeX printer (:mod:`theorycheck.statement`) prints them as the paper does (``\varepsilon_p``).

Sizes are written as powers of d where the regime fixes them (Part 1, Assumption 2):
``p = d^{π_p}`` (π_p ≥ ε_p) and ``n = d^{ν}`` with ``ν ≥ 1 + 3ε_n`` (``ν = 1 + 3ε_n`` is the smallest admissible n).
The privacy factor of the rates, ``R = \log(1.25/δ)/ε²``, is written ``d^{r} \log^{ρ} d``: Assumption 3
allows ``r ≤ 0`` and ``ρ < 4`` (``ρ < 2`` for log(1/δ)/ε²; :mod:`proofs.regime`).

>>> from theorycheck.statement import paper_latex
>>> paper_latex(ETA_A)
'\\frac{d^{\\varepsilon_n} \\log^{2} d}{p}'
"""

from __future__ import annotations

import sympy as sp

# --- sizes and exponents (Part 1, Assumption 2; Part 2, §3.1) ----------------------------------------------
d = sp.Symbol("d", positive=True)
n = sp.Symbol("n", positive=True)
p = sp.Symbol("p", positive=True)
eps_n = sp.Symbol("eps_n", positive=True)
eps_p = sp.Symbol("eps_p", positive=True)
eps_b = sp.Symbol("eps_b", positive=True)
q = sp.Symbol("q", positive=True, integer=True)
#: n = d^ν (ν ≥ 1 + 3ε_n by Assumption 2)
nu = sp.Symbol("nu", positive=True)
#: the width's own exponent, p = d^{π_p}: Assumption 2's p ≥ d^{ε_p} bounds p from below only (π_p ≥ ε_p,
#: :data:`proofs.regime.WIDTH`); the simulated corners take π_p = ε_p
pi_p = sp.Symbol("pi_p", positive=True)
#: the privacy factor log(1.25/δ)/ε² = d^r log^ρ d (Assumption 3: r ≤ 0, ρ < 4; ρ < 2 for log(1/δ)/ε²)
r = sp.Symbol("r", real=True)
rho = sp.Symbol("rho", real=True)

# --- privacy budget (Part 1, Assumption 3) ----------------------------------------------------------------
eps = sp.Symbol("eps", positive=True)
delta = sp.Symbol("delta", positive=True)

# --- hyper-parameters (Part 1, Assumption 4) and other named quantities ---------------------------------
lam = sp.Symbol("lam", positive=True)
eta_W = sp.Symbol("eta_W", positive=True)
eta_a = sp.Symbol("eta_a", positive=True)
C_a = sp.Symbol("C_a", positive=True)
T = sp.Symbol("T", positive=True)
sigma_W = sp.Symbol("sigma_W", positive=True)
sigma_a = sp.Symbol("sigma_a", positive=True)
Sigma = sp.Symbol("Sigma", positive=True)
C_b = sp.Symbol("C_b", positive=True)
c_b = sp.Symbol("c_b", positive=True)
gamma = sp.Symbol("gamma", positive=True)
eta = sp.Symbol("eta", positive=True)

# --- real variables of identities ---------------------------------------------------------------------------
x = sp.Symbol("x", real=True)
z = sp.Symbol("z", real=True)
t = sp.Symbol("t", real=True)
b = sp.Symbol("b", real=True)

log_d = sp.log(d)

#: Assumption 4, as the paper prints it (Part 1, §2.2).
LAMBDA = p / d ** (2 * eps_n)
ETA_W = d ** (3 * eps_n / 2) * sp.sqrt(p)
ETA_A = d**eps_n * log_d**2 / p
CLIP_A = d**eps_n * sp.sqrt(p) * log_d ** (q + 1)
STEPS = d**eps_n
SIGMA_W = sp.sqrt(d ** (1 + eps_b) / n) * log_d ** (q + 3)
SIGMA_A = sp.sqrt(ETA_A * STEPS) * sp.sqrt(8 * sp.log(1 / delta)) / eps
#: Part 2, §3.2: the sensitivity order √(d^{1+ε_b}/n), the Gaussian mechanism's factor √(2 log(1.25/δ))/ε, and the σ_W
#: the section derives from them (log^{q+2} d: the sensitivity's log^{q+1} d with one more log of slack)
SENS_32 = sp.sqrt(d ** (1 + eps_b) / n)
PRIV_32 = sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta)) / eps
SIGMA_W_32 = SENS_32 * log_d ** (q + 2) * PRIV_32
#: log(1.25/δ)/ε²: the Gaussian mechanism's factor PRIV_32 squared and halved, as it enters Theorem 1's rate and Part
#: 2's noise term
PRIVACY_125 = sp.log(sp.Rational(5, 4) / delta) / eps**2
#: Theorem 1's rate as stated (Part 1, display (1, 9)): d^{−ε_p/(8q)} + d^{1+ε_n}/n · log(1.25/δ)/ε²
THEOREM1_RATE = d ** (-eps_p / (8 * q)) + d ** (1 + eps_n) / n * PRIVACY_125
#: the bound Part 3 §4.5 derives for R(f_NN) (its second-to-last line): d^{−ε_p/(8(q+1))} + d^{1+ε_b+ε_p/4}/n ·
#: log^{2q+6} d · log(1.25/δ)/ε²
PART3_RATE = d ** (-eps_p / (8 * (q + 1))) + d ** (1 + eps_b + eps_p / 4) / n * log_d ** (2 * q + 6) * PRIVACY_125
#: Part 3, §4.3: the per-step noise standard deviation Σ of the analysed recursion.
SIGMA_PART3 = 2 * CLIP_A * sp.sqrt(STEPS) / n * sp.sqrt(8 * sp.log(1 / delta)) / eps

#: Assumption 4's choices as a substitution map (symbol -> expression).
HYPERPARAMETERS: dict[sp.Symbol, sp.Expr] = {
    lam: LAMBDA,
    eta_W: ETA_W,
    eta_a: ETA_A,
    C_a: CLIP_A,
    T: STEPS,
    sigma_W: SIGMA_W,
    sigma_a: SIGMA_A,
}

#: The regime's sizes as powers of d, and the privacy factor, as a substitution map.
SIZES: dict[sp.Symbol, sp.Expr] = {p: d**pi_p, n: d**nu}
#: log(1.25/δ)/ε² (and log(1/δ)/ε², the same order) written as d^r log^ρ d, see :mod:`proofs.regime`.
PRIVACY_FACTOR = d**r * log_d**rho


def linear_root(expr: sp.Expr, var: sp.Symbol) -> sp.Expr:
    """The root in ``var`` of ``expr``, linear in it: one division (``sympy.solve`` took half a second at import, most
    of it loading ``sympy.physics.units`` for its simplification)."""
    slope = sp.diff(expr, var)
    if slope == 0 or sp.diff(expr, var, 2) != 0:
        raise ValueError(f"{expr} is not linear in {var}")
    return sp.expand(var - expr / slope)


def in_powers_of_d(expr: sp.Expr) -> sp.Expr:
    r"""``expr`` with Assumption 4 substituted and p, n written as powers of d (the regime's sizes).

    The privacy factor must be written with :data:`PRIVACY_FACTOR` by the caller (its ε and δ do not
    reduce to powers of d on their own).

    >>> in_powers_of_d(LAMBDA * ETA_A)
    log(d)**2/d**eps_n
    """
    return sp.powsimp(sp.expand_power_base(expr.subs(HYPERPARAMETERS).subs(SIZES), force=True), force=True)


#: σ_W²d/p under Assumption 4 (p = d^{π_p}, n = d^ν) and its power of d, 2 + ε_b − ν − π_p: where it → ∞ the first
#: layer is noise-dominated (Theorem 2's span obstruction), where it → 0 its columns share a mode (Part 3's
#: common-mode sub-region); at 0 the log factor still diverges.
NOISE_TO_WIDTH = in_powers_of_d(SIGMA_W**2 * d / p)
NOISE_TO_WIDTH_EXPONENT = NOISE_TO_WIDTH.as_powers_dict()[d]


# --- Part 2, §3.3 (Theorem 6): Fourier transforms and the certificate (appended for proofs/part2_fourier_*) ----
#: the Hermite degree / polynomial index of §3.3 (printed n; not the sample size ``n`` above)
n_H = sp.Symbol("n", integer=True, nonnegative=True)
#: a summation index (printed k)
k = sp.Symbol("k", integer=True, nonnegative=True)
#: the scale a > 0 of the shifted Gaussian e^{−(at−b)²} (display (2, 41))
a_scale = sp.Symbol("a", positive=True)
#: the integration variable of the convolution I(t) (display (2, 33))
y = sp.Symbol("y", real=True)
#: ± in displays stated for both signs (evaluate at pm = 1 and pm = −1); printed \pm
pm = sp.Symbol("pm", real=True)
#: the coefficients c_n of the polynomial f = Σ c_n x^n (Part 2, §3.3, Step 3)
c = sp.IndexedBase("c", real=True)
#: Part 2, Definition 2 / Theorem 5: ℓ₂ sensitivity Δ₂ and the Gaussian mechanism's noise σ (privacy claims)
Delta_2 = sp.Symbol("Delta_2", positive=True)
sigma = sp.Symbol("sigma", positive=True)

# --- Part 2, §3.1–§3.2 (appended for proofs/part2_rank1_steps.py) -----------------------------------------
#: the first Hermite coefficient α*_1 of σ_* (Assumption 1: α*_1 ≠ 0, either sign)
alpha1_star = sp.Symbol("alpha1_star", real=True, nonzero=True)
#: the first Hermite coefficient α_1^{b_i} of tanh(· + b_i) (Lemma 4: positive)
alpha1_b = sp.Symbol("alpha1_b", positive=True)
