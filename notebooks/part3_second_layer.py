# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Part 3 — the second layer: privacy, ridge regression, clipping, noise
#
# A walk through Part 3 of *Private feature learning for single-index models*
# (`../shared/paper/part3-second-layer.md`) in the paper's order: §4.1 privacy of $a_T$,
# §4.2 ridge regression, §4.3 clipping analysis, §4.5 noise and early stopping. For each claim:
# the statement as the paper writes it, its check run live (`registry.get(id).check()`), the
# verdict, and a plot where a picture says more. `theorycheck show ID` prints the full evidence.

# %%
import math

import matplotlib.pyplot as plt
import numpy as np

from theorycheck.notebook import ClaimWalk

walk = ClaimWalk()
registry, verdicts, check = walk.registry, walk.verdicts, walk.check


# %% [markdown]
# ## §4.1 Differential privacy of $a_T$
#
# The second layer runs $T$ steps of gradient descent on clipped per-sample gradients with
# Gaussian noise $z_i \sim \mathcal{N}(0, \Sigma^2 I)$,
# $\Sigma = \frac{2 C_a \sqrt{T}}{n} \frac{\sqrt{8 \log(1/\delta)}}{\varepsilon}$ (§4.3). The claim:
# this is $(\varepsilon, \delta)$-DP.

# %%
check("dpgd.privacy")

# %% [markdown]
# ### Privacy curves
#
# The exact $\varepsilon$ spent (composition of $T$ Gaussian mechanisms is exactly $\mu$-GDP with
# $\mu = \sqrt{T}\,\Delta/\sigma$, `theorycheck.privacy`) against the $\varepsilon$ each noise rule is
# meant to give, at $\delta = 10^{-5}$, over Assumption 3's whole range $\varepsilon < 8\log(1/\delta)$:
# Part 3's $\Sigma$ and Part 1's noise line (Algorithm 1 with $\sigma_a$ of Assumption 4). Above the
# diagonal, the rule spends more privacy than it claims.

# %%
from theorycheck import privacy

delta, T, n, C, eta = 1e-5, 10, 1000, 1.0, 0.1
sens = privacy.sensitivity(C, n, "mean", "replace-one")  # ℓ2 sensitivity of the clipped mean gradient
targets = np.geomspace(0.05, 0.99 * 8 * math.log(1 / delta), 30)
spent3, spent1 = [], []
for eps in targets:
    z3 = privacy.paper_sigma_part3(float(eps), delta, T, C, n) / sens
    z1 = privacy.paper_noise_std_part1(float(eps), delta, T, C, n, eta) / (eta * sens)
    spent3.append(float(privacy.gdp_epsilon(delta, privacy.gdp_mu(T, 1.0, z3))))
    spent1.append(float(privacy.gdp_epsilon(delta, privacy.gdp_mu(T, 1.0, z1))))
fig, ax = plt.subplots(figsize=(6.5, 4))
ax.loglog(targets, spent3, "o-", ms=3, color="#2e7d32", label="Part 3: Σ of §4.3")
ax.loglog(targets, spent1, "s-", ms=3, color="#c62828", label="Part 1: Algorithm 1 with σ_a of Assumption 4")
ax.loglog(targets, targets, "k:", label="spent = claimed")
ax.set_xlabel("ε the rule claims")
ax.set_ylabel("exact ε spent (δ = 1e-5)")
ax.set_title(f"Second-layer noise rules, T = {T} steps")
ax.legend(fontsize=8)
plt.show()

# %% [markdown]
# ## §4.2 Ridge regression
#
# $f_{\mathrm{RR}}$ minimises the regularised empirical loss over the second layer (a definition).
# The proof compares it with its population counterpart $f_{\mathcal{H}}$ by a leave-one-out
# argument: $\mathcal{L}$ is $2\lambda$-strongly convex, and replacing one sample moves the minimiser
# by little. First the risk is split into an approximation and an estimation term, and the
# approximation term is bounded by the ridge objective at Part 2's network $f^W$.

# %%
check("risk.decomposition")

# %%
check("risk.population-ridge-chain")

# %%
check("ridge.strong-convexity")

# %%
check("ridge.loo-stability")

# %% [markdown]
# McDiarmid's inequality turns the leave-one-out bound into a tail bound on
# $\|a_{\mathrm{RR}} - a_{\mathcal{H}}\|$, which bounds the estimation term.

# %%
check("ridge.mcdiarmid")

# %% [markdown]
# The McDiarmid display fails, but the estimation term's bound itself holds on the whole region by another
# route: $a_{\mathrm{RR}} - a_{\mathcal{H}} = (K_n + \lambda I)^{-1} v$ with $v$ a mean of centred i.i.d.
# vectors (exact), $\|(K_n + \lambda I)^{-1}\| \le 1/\lambda$, and a vector Bernstein bound on $\|v\|$.

# %%
check("risk.variance-term")

# %% [markdown]
# ## §4.3 Clipping analysis
#
# The claim of this section: with high probability clipping never happens, so DP-GD follows the
# noisy full-batch gradient descent on the ridge objective,
# $\tilde{a}_{i+1} = \tilde{a}_i - \eta_a \nabla_a \mathcal{L}(f_i) + \eta_a z_i$. It rests on a
# contraction of $\mathrm{Id} - \eta_a L$, $L = 2K_n + 2\lambda\,\mathrm{Id}$.

# %%
check("dpgd.recursion")

# %%
check("dpgd.contraction")

# %% [markdown]
# The contraction needs every eigenvalue of $\mathrm{Id} - \eta_a L$ in $(-1, 1)$, i.e. the
# stability margin $2\eta_a(\lambda_{\max}(K_n) + \lambda) < 2$. With Assumption 4's step size
# $\eta_a = d^{\varepsilon_n}\log^2 d / p$ taken verbatim, the simulator measures it on the features
# Algorithm 1 actually produces:

# %%
from theorycheck.simulator import run_experiment

ds = [16, 32, 64, 128]
paper_rows = [run_experiment(d, preset="paper", seed=0, baselines=False) for d in ds]
fig, ax = plt.subplots(figsize=(6.5, 3.8))
ax.loglog(
    ds,
    [r["stability_margin"] for r in paper_rows],
    "o-",
    color="#c62828",
    label=r"$2\eta_a(\lambda_{\max}(K_n)+\lambda)$, Assumption 4",
)
ax.loglog(
    ds,
    [r["contraction_actual"] for r in paper_rows],
    "s-",
    color="#6a1b9a",
    label=r"$\|\mathrm{Id}-\eta_a L\|$ measured",
)
ax.axhline(2, color="grey", ls=":", label="stability limit 2")
ax.axhline(1, color="grey", ls="--", label="contraction limit 1")
ax.set_xscale("log", base=2)
ax.set_xlabel("d")
ax.set_title("Is gradient descent on the second layer stable?")
ax.legend(fontsize=8)
plt.show()
print([(r["d"], r["status"], f"{r['risk_dpgd']:.3g}", f"{r['risk_null']:.3g}") for r in paper_rows])

# %% [markdown]
# ### §4.3.1 Bounding $2\lambda\tilde{a}_i$

# %%
check("ridge.resolvent-norm")

# %%
check("ridge.resolvent-chain")

# %%
check("ridge.a-rr-norm")

# %%
check("dpgd.a0-norm")

# %%
check("dpgd.noise-accumulation")

# %%
check("dpgd.noise-chain")

# %% [markdown]
# ### §4.3.2 Bounding $(\varphi_j^\top \tilde{a}_i - y_j)\varphi_j$ — no clipping by induction

# %%
check("dpgd.s1-bound")

# %%
check("dpgd.s2-bound")

# %%
check("dpgd.s3-expansion")

# %%
check("dpgd.s3-gaussian-tail")

# %%
check("dpgd.s3-chain")

# %%
check("dpgd.no-clipping")

# %% [markdown]
# ## §4.5 Noise analysis and early stopping — Theorem 1
#
# After $T$ steps the distance to $a_{\mathrm{RR}}$ decays by $\|\mathrm{Id} - \eta_a L\|^T$ and the
# accumulated noise is small; combined with §4.2 this gives Theorem 1's rate.

# %%
check("dpgd.early-stopping")

# %%
check("thm1.exponent-consistency")

# %% [markdown]
# ### Risk against $d$
#
# Test risk after Algorithm 1 with privately calibrated hyper-parameters (preset `calibrated`,
# $\varepsilon = 1$, $\delta = 10^{-5}$): DP-GD, non-private ridge regression on the same features,
# the random-features baseline (first layer not trained) and the null predictor. Small sizes: what
# happens at feasible $d$, not the asymptotic rate.

# %%
rows = [run_experiment(d, preset="calibrated", seed=0) for d in ds]
fig, ax = plt.subplots(figsize=(6.5, 4))
for key, label, style in (
    ("risk_dpgd", "DP-GD (Algorithm 1)", "o-"),
    ("risk_ridge", "ridge, non-private", "s-"),
    ("risk_rf", "random features", "^-"),
    ("risk_null", "null predictor", "k:"),
):
    ax.loglog(ds, [r[key] for r in rows], style, label=label)
ax.set_xscale("log", base=2)
ax.set_xlabel("d")
ax.set_ylabel("test risk")
ax.set_title("Risk against d (ε = 1, δ = 1e-5)")
ax.legend(fontsize=8)
plt.show()

# %% [markdown]
# ## Step by step over the admissible region
#
# Every relation of Part 3 as its own check (`proofs/part3_steps.py`): identities with SymPy from
# Assumption 4, asymptotic relations decided over the whole region of Assumptions 2–4 (exact LPs,
# log powers included; the verdict's `regime` says where a relation holds), and the quantities a
# step treats as being of some order measured at the corners of the region.
#
# ### Measured orders (`ridge.measured-*`, `dpgd.measured-*`, `clip.measured-*`)

# %%
check("ridge.measured-spectrum")
check("ridge.measured-lambda-min")
check("ridge.measured-phi-norm")
check("dpgd.measured-inner-product")
check("dpgd.u-uniformity")
check("ridge.measured-a-rr")
check("ridge.measured-loo-move")
check("clip.measured-base-case")
check("clip.measured-base-case-order")
check("noise.measured-z-norm")
check("noise.measured-z-prime")
check("ridge.measured-labels")

# %% [markdown]
# ### §4.2 ridge regression, relation by relation (`ridge.*`, `risk.*`)

# %%
check("ridge.closed-form")
check("ridge.loo-chain")
check("ridge.algebra-steps")
check("ridge.mcdiarmid-level")
check("ridge.svd-identities")
check("ridge.label-polynomial-bound")
check("risk.approximation-rate")
check("risk.summary")
check("risk.summary-corrected")

# %% [markdown]
# Theorem 2's span obstruction reaches Theorem 1 too: $f_{\mathrm{DPGD}}$ is a second layer on $W_1$'s features, so
# $\E_x[(f_{\mathrm{DPGD}} - f_*)^2] \geq \alpha_1^{*2}\|P_{\mathrm{col}(W_1)^\perp}\mu\|^2$ whatever DP-GD does.

# %%
check("thm1.risk-obstruction")

# %% [markdown]
# ### §4.3 the recursion, the contraction and the clipping targets (`dpgd.*`, `clip.*`)
#
# $\|\mathrm{Id} - \eta_a L\| < 1$ needs $\eta_a\lambda_{\max}(K_n) \ll 1$; with
# $\lambda_{\max}(K_n) \asymp 1 + p/d$ for nearly random directions, and $\gtrsim p/(1 + \sigma_W^2 d)$ from the
# features' mean mode, that is $\varepsilon_n < \pi_p$ (the width $p = d^{\pi_p}$), $\varepsilon_n < 1$ and
# $\nu \leq 2 + \varepsilon_b - \varepsilon_n$: the region's other part diverges.

# %%
check("dpgd.recursion-steps")
check("dpgd.contraction-regime")
check("clip.iterate-chain")
check("clip.per-sample-gradient")
check("clip.targets")
check("clip.union-bounds")
check("dpgd.noise-chain-steps")
check("dpgd.noise-corrected")
check("clip.lambda-target")
check("clip.induction-split")
check("clip.base-case-steps")
check("clip.s-term-steps")
check("clip.s3-corrected")

# %% [markdown]
# ### A slice of the region: where the contraction (and with it the corrected $S_3$ bound) holds
#
# At the smallest sample size $n = d^{1+3\varepsilon_n}$ and the narrowest width $p = d^{\varepsilon_p}$ ($\pi_p = \varepsilon_p$):
# the contraction needs $\varepsilon_n < \pi_p$, $\varepsilon_n < 1$ and $\nu \le 2 + \varepsilon_b - \varepsilon_n$ for
# some $\varepsilon_b$ of the window, i.e. $\varepsilon_n < 1 - \varepsilon_p/4$ (`dpgd.contraction-regime`); the corrected
# $S_3 = \eta_a\sum_k|\cdot| \ll d^{\varepsilon_n}\log^{q+1}d$ then holds ($\eta_a$'s $1/p$ cancels the $p$ the chain
# drops), and Assumption 2 needs $\tfrac{3}{16}\varepsilon_p < \varepsilon_n$.

# %%
en_grid, ep_grid = np.meshgrid(np.linspace(0.01, 1.5, 300), np.linspace(0.01, 4, 300))
admissible = en_grid > 3 * ep_grid / 16
ok = admissible & (en_grid < ep_grid) & (en_grid < 1) & (en_grid < 1 - ep_grid / 4)
fig, ax = plt.subplots(figsize=(6, 4))
ax.contourf(
    en_grid,
    ep_grid,
    admissible.astype(int) + ok.astype(int),
    levels=[-0.5, 0.5, 1.5, 2.5],
    colors=["white", "#ffcdd2", "#c8e6c9"],
)
ax.set_xlabel(r"$\varepsilon_n$")
ax.set_ylabel(r"$\varepsilon_p$")
ax.set_title("admissible (red) and where Part 3's corrected chain holds (green)")
plt.show()

# %% [markdown]
# ### §4.5 the final chain and its corrected consequences (`risk.final-chain-*`, `thm1.rate-corrected`, `part3.final-risk`)

# %%
check("risk.final-chain-steps")
check("risk.final-chain-corrected")
check("thm1.rate-corrected")
check("part3.final-risk")

# %% [markdown]
# ## Verdicts in this notebook

# %%
for claim_id, verdict in verdicts.items():
    print(f"{claim_id:28s} {verdict.verdict}")
