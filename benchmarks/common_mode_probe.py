"""The features' common mode along a_0 = (1, …, 1)/√p where σ_W²d is moderate: measured against linear response.

Part 3's S_1 and "no clipping" regimes leave the sub-region π_p > 2 + ε_b − ν (σ_W²d ≪ p) undecided
(``part3_common.COMMON_MODE_UNDECIDED``): the simulated corners keep σ_W²d ≫ p. This probe runs the paper preset at
one corner with σ_W overridden so that σ_W²d = s² (a few values), and prints, per (d, s²), the root mean square and
the maximum of φ_jᵀa_0 over the n samples beside the linear-response prediction

    rms ≈ √p · ‖ū‖ · κ(s),   κ(s) = E_b E_ξ sech²(b + sξ) = E sech²(√(1 + s²) Z)   (b, ξ, Z ~ N(0, 1)),

where ū is the mean of the normalised steps u_k (W_1 = U + σ_W G; U does not depend on σ_W, read from the σ_W = 0
run) and κ(s) ≍ 1/s. Given x, the p terms tanh(u_kᵀx + σ_W g_kᵀx + b_k) are independent with means F_s(u_kᵀx + b_k),
F_s(t) = E tanh(t + sξ); linearising F_s at b_k gives √p·⟨(1/p)Σ_k F_s'(b_k)u_k, x⟩ plus terms of order 1 and
√p/s². A review tool (the premise ‖ū‖ = Θ(1) and the prediction, for a later proof), not a timing and not a check.

Usage: python benchmarks/common_mode_probe.py [--d 64 128 256] [--s2 4 16 64] [--eps-n 0.2] [--eps-p 1.0]
"""

from __future__ import annotations

import argparse
import json
import math

import mpmath
import numpy as np

from theorycheck_proofs.part3_common import phi_matrix, run_point


def kappa(s: float) -> float:
    """E sech²(√(1 + s²) Z), Z ~ N(0, 1) (mpmath, 30 digits)."""
    t = math.sqrt(1 + s * s)
    with mpmath.workdps(30):
        return float(mpmath.quad(lambda z: mpmath.sech(t * z) ** 2 * mpmath.npdf(z), [-mpmath.inf, 0, mpmath.inf]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--d", type=int, nargs="+", default=[64, 128, 256])
    parser.add_argument("--s2", type=float, nargs="+", default=[4.0, 16.0, 64.0])
    parser.add_argument("--eps-n", type=float, default=0.2)
    parser.add_argument("--eps-p", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    opts = parser.parse_args()
    for d in opts.d:
        U = run_point(opts.eps_n, opts.eps_p, 0.0, d, opts.seed, 0.0)["_result"].W1
        p = U.shape[1]
        ubar = float(np.linalg.norm(U.mean(axis=1)))
        for s2 in opts.s2:
            run = run_point(opts.eps_n, opts.eps_p, 0.0, d, opts.seed, math.sqrt(s2 / d))
            z = phi_matrix(run).sum(axis=0) / math.sqrt(p)  # φ_jᵀa_0 over the samples
            print(json.dumps({"d": d, "p": p, "n": run["n"], "s2": s2, "seed": opts.seed, "mean_step_norm": ubar,
                              "rms": float(np.sqrt(np.mean(z**2))), "max": float(np.max(np.abs(z))),
                              "predicted_rms": math.sqrt(p) * ubar * kappa(math.sqrt(s2)),
                              "sqrt_p_over_1_plus_s2": math.sqrt(p / (1 + s2))}), flush=True)


if __name__ == "__main__":
    main()
