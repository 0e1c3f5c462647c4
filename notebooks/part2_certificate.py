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
# # Part 2 §3.4 — the certificate and Theorem 2, relation by relation, over the whole region
#
# Every relation of §3.4 of `../shared/paper/part2-first-layer.md` (Steps 1–3 and the final chain) is a claim:
# asymptotic relations are SymPy statements decided on the whole admissible region (`proofs.regime.ADMISSIBLE`,
# every degree q, log powers and the privacy factor included); the quantities Step 2 treats as bounded or of an
# order (|I|/p, sup|a|, F, E F, the bulk error, ‖ā‖²) are measured across d at the corners of the region with
# fitted exponents. Checks over ~15 s are stated but run only with `RUN_SLOW = True`.

# %%
import math

import matplotlib.pyplot as plt
import numpy as np

from theorycheck_proofs import part2_construction_steps as steps
from theorycheck.notebook import ClaimWalk

RUN_SLOW = False
walk = ClaimWalk(run_slow=RUN_SLOW)
check, slow, verdicts = walk.check, walk.slow, walk.verdicts

# %% [markdown]
# ## Step 1: the infinite-width model

# %%
check("construct.projection")

# %%
check("construct.step1-regime")

# %% [markdown]
# ## Step 2: the index set, the finite model, the second layer's size

# %%
slow("construct.index-set", 12)

# %%
check("construct.finite-model")

# %%
check("construct.a-bound")

# %% [markdown]
# ## Step 2: concentration (bounded differences, McDiarmid) and the expected supremum

# %%
check("construct.bounded-difference")

# %%
check("construct.mcdiarmid")

# %%
check("construct.expected-sup")

# %%
slow("construct.symmetrization", 8)

# %% [markdown]
# ## Step 2 measured: F and E F grow (F ≍ log^q d)
#
# E F ≥ B_sup = max_z |f_∞(z) − E f_p(z)| (Jensen) over z ∈ {0, ±½, ±1, ±2} and the argmax z* of |f_γ| on the whole of
# H_{log d} (|z| ≤ log d), computed deterministically at γ = d^{−ε_p/(4(q+1))} from ½ down to 10^{−3}; the paper needs
# E F ≲ d^{ε_p/8} log d/√p and |F| ≤_P d^{−ε_p/(4(q+1))}. f_p is bounded (by S̄ = sup|a|), while f_γ reaches ≍ log^q d
# on H_{log d}, so F ≍ log^q d for every draw (`steps.F_growth()`, referee CM F2/F3).

# %%
bias = steps.measure_bias("B_sup")
fig, ax = plt.subplots(figsize=(6, 3.5))
for name, row in bias.items():
    xs = [r["log10_d"] for r in row["rows"]]
    ax.semilogy(xs, [r["B_sup"] for r in row["rows"]], "o-", label=f"B_sup, {name}")
    ax.semilogy(xs, [10 ** (-row["eps_p"] * x / (4 * (row["q"] + 1))) for x in xs], ":", color="grey")
ax.set_xlabel("log10 d")
ax.set_ylabel("lower bound of E F")
ax.set_title("E F grows (dotted: the claimed d^{-ε_p/(4(q+1))})")
ax.legend(fontsize=6)
plt.show()

# %%
slow("construct.expected-sup-bound", 15)

# %%
slow("construct.F-rate", 15)

# %%
slow("construct.F-squared", 15)

# %%
check("construct.bulk-vs-F")

# %% [markdown]
# ## Step 2: the tail |⟨μ, x⟩| > log d and "All in all"

# %%
slow("construct.tail-polynomial", 12)

# %%
check("construct.tail-critical-points")

# %%
check("construct.tail-maximum")

# %%
check("construct.tail-finf")

# %%
check("construct.tail-finf-order")

# %%
slow("construct.all-in-all-bulk", 14)

# %%
check("construct.all-in-all-tails")

# %% [markdown]
# ## Step 3 and the final chain

# %%
check("thm2.chain-triangle")

# %%
slow("thm2.chain-sum", 20)

# %%
slow("thm2.rate-simplification", 12)

# %%
slow("thm2.a-norm", 11)

# %%
slow("thm2.penalty-absorbed", 10)

# %%
check("thm2.rate")

# %%
slow("thm2.corrected-chain", 20)

# %%
slow("thm2.statement", 12)

# %% [markdown]
# ## Verdicts in this notebook

# %%
for claim_id, verdict in verdicts.items():
    regime = (verdict.regime or {}).get("holds_on", "")
    print(f"{claim_id:32s} {verdict.verdict:12s} {regime}")
