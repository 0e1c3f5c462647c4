"""The paper's theorems and the claims that decide them (``theorycheck theorem``).

Each record names the top claims of its proof (``rests_on``; the registry follows their ``depends_on``)
and the claims that compute the *stated object itself* (``falsified_by``): a refuted one of those means
the statement as printed is false, not only its proof. Verdicts are computed by
:mod:`theorycheck.theorems`, never written here.
"""

from __future__ import annotations

from theorycheck.theorems import Repaired, Theorem

from .part2_theorem6 import REPAIRED_LATEX
from .repaired import WIDTH_CAP, width_cap_latex

THEOREMS = [
    Theorem(
        id="1",
        title="Private feature learning (main result)",
        source="Part 1, §2.2, Theorem 1",
        statement=r"f_{\mathrm{NN}} \text{ is } (\varepsilon,\delta)\text{-DP and } \mathcal{R}(f_{\mathrm{NN}}) = "
        r"O\left(d^{-\frac{\varepsilon_p}{8q}} + \frac{d^{1+\varepsilon_n}}{n}"
        r"\frac{\log(1.25/\delta)}{\varepsilon^2}\right) = o(1)",
        # top claims first: thm1.privacy (both layers), thm1.rate (Parts 2–3's bound, through thm2.statement),
        # thm1.probability (the 1 − exp(−c log² d) event); the rest are roots not reachable through them
        rests_on=(
            "thm1.privacy",
            "thm1.rate",
            "thm1.risk-obstruction",
            "thm1.probability",
            "thm1.exponent-consistency",
            "thm1.rate-vanishes",
            "dpgd.privacy",
            "layer1.privacy",
            "layer1.columns",
            "alg1.noise",
            "alg1.clipping",
            # Algorithm 1's gradient lines: since alg1.first-layer-update no longer rests on them (its factor n is its
            # own failure, referee CO, MEDIUM-3), no other claim under the theorem reaches them
            "alg1.gradient-lines",
            "risk.decomposition",
            "risk.population-ridge-chain",
            "risk.variance-term",
            "ridge.mcdiarmid",
            "ridge.loo-stability",
            "dpgd.contraction",
            "dpgd.no-clipping",
            "dpgd.early-stopping",
            "dpgd.noise-accumulation",
            "dpgd.recursion",
            "thm2.rate",
        ),
        # exact privacy curves of the stated mechanisms (W_1 with Assumption 4's σ_W; Algorithm 1's a-noise under
        # replace-one adjacency; thm1.privacy combines both): refuted means the privacy claim itself is false
        falsified_by=("layer1.privacy", "alg1.noise", "thm1.privacy", "thm1.risk-obstruction"),
        asymptotic=True,
        repaired=Repaired(
            statement=r"\text{Algorithm 1 with } C_W = 2\sqrt{d}\log d,\ \sigma_W = \frac{2\eta_W C_W}{n\mu_W}"
            r"\text{ (noise before normalising)},\ \eta_a = \frac{1}{2(p+\lambda)},\ "
            r"T = \left\lceil (1 + d^{2\varepsilon_n})\log(dp)\right\rceil,\ C_a = 2\sqrt{p}\log d,\ "
            r"\Sigma = \frac{2C_a\sqrt{T}}{n\mu_a},\ \mu_W = \mu_a = \mu/\sqrt{2}"
            r"\text{ is } (\varepsilon,\delta)\text{-DP (exactly, } \mu = \mu(\varepsilon,\delta)"
            r"\text{ from the } \mu\text{-GDP curve); for } p = d^{\pi_p},\ n = d^{\nu},\ "
            r"\tfrac{\log(1.25/\delta)}{\varepsilon^2} = d^{r}\log^{\rho} d \text{ with } "
            + width_cap_latex(WIDTH_CAP)
            + r"\text{ its first layer's noise is } o(\text{its signal}) \text{ for every bias scale } "
            r"\varepsilon_b < \nu - 1 - \tfrac{\pi_p + r}{2} \text{ (positive below the cap), and its risk, "
            r"and ridge's on its features, decrease in } d",
            changes=(
                "first layer: per-sample gradients clipped at C_W and Gaussian noise added before "
                "normalising (the paper normalises first, so W_1's sensitivity is 2√p, not √(d^{1+ε_b}/n))",
                "second layer: η_a = 1/(2(p+λ)) instead of d^{ε_n}log²d/p (a contraction for every data set)",
                "T = ⌈(1 + d^{2ε_n}) log(dp)⌉ instead of d^{ε_n} (so the initial error decays)",
                "clipping by the min rule g·min(1, C_a/‖g‖) (Algorithm 1's max rule enlarges gradients)",
                "noise calibrated by the exact μ-GDP curve of the whole release (T steps and W_1 composed)",
                "a width cap: the first layer's column noise grows like √p against its signal, so the statement "
                "caps the width at π_p < 2ν − 2 − r (p below n²/d² up to d^{o(1)} at a fixed budget; "
                "repaired.noise-share; Assumption 2 bounds p from below only); the noise share's clipping premise is "
                "measured for odd targets and one that is not (He1, He3+He1, He2+He1: repaired.clipped-signal)",
                "rate: measured, not proved (the corrected Part 2/3 chains do not close at feasible d)",
            ),
            rests_on=(
                "repaired.privacy",
                "repaired.sensitivity",
                "repaired.contraction",
                "repaired.steps",
                "repaired.noise-share",
                "repaired.rate",
            ),
            # both compute the repaired statement's object (the release's exact privacy curve, the repaired
            # algorithm's measured risk): refuted, the repaired statement fails, not only "unproven" (referee CD, CD3)
            falsified_by=("repaired.privacy", "repaired.rate"),
        ),
        note="Privacy and risk are decided separately: the privacy part by exact curves, the rate by its proof's "
        "steps.",
    ),
    Theorem(
        id="2",
        title="First layer: privacy and a good certificate",
        source="Part 2, §3, Theorem 2",
        statement=r"W_1 \text{ is } (\varepsilon,\delta)\text{-DP and } \E_x[f^W(x) - f_*(x)]^2 + "
        r"\lambda\|\overline{a}\|^2 = O_\P\left(\frac{1}{\log d}\right)",
        # top claims: thm2.statement (the certificate chain of §3.4) and layer1.privacy (W_1's privacy)
        rests_on=(
            "thm2.statement",
            "layer1.privacy",
            "thm2.rate",
            "thm2.rate-simplification",
            "thm2.penalty-absorbed",
            "thm2.step3-summary",
            "construct.step2-summary",
            "construct.step1-infinite-model",
            "rank1.noisy-alignment",
            "rank1.alignment",
            "lemma3.initial-output",
            "cert.sup-bound",
            "thm6.approximation-error",
        ),
        falsified_by=("layer1.privacy", "thm2.statement"),
        asymptotic=True,
    ),
    Theorem(
        id="5",
        title="The classical Gaussian mechanism (Dwork & Roth)",
        source="Part 2, §3.2, Theorem 5",
        statement=r"\varepsilon \in (0,1),\ c^2 > 2\log(1.25/\delta),\ \sigma \geq c\Delta_2/\varepsilon "
        r"\Rightarrow (\varepsilon,\delta)\text{-DP}",
        rests_on=("gaussmech.classical",),
        falsified_by=("gaussmech.classical",),
    ),
    Theorem(
        id="6",
        title="Universal approximation with tanh",
        source="Part 2, §3.3, Theorem 6",
        statement=r"\E_z[(f(z) - f_\gamma(z))^2] < 2\gamma,\ \sup_b|a(b)\phi(b)| \lesssim \gamma^{-\frac{q-2}{2}}"
        r"\eta e^{\frac{\pi^2\gamma}{4}}\max\left[1, \left(\frac{\gamma}{\eta}\right)^{q-1}\right]",
        rests_on=(
            "thm6.existence",
            "thm6.approximation-error",
            "thm6.step1-sup-bound",
            "thm6.gaussian-window",
            "thm6.sign-flip",
            "cert.closed-form",
            "cert.sup-bound",
            "cert.step4-modulus",
            "cert.convolution-form",
            "fourier.tanh",
            "fourier.sech-convolution",
            # the proof relation by relation (proofs/part2_fourier_steps.py)
            "thm6.step1-residual",
            "thm6.step1-constant",
            "thm6.step1-window-links",
            "cert.step1-fourier-links",
            "fourier.step2-pole",
            "fourier.step2-contour-sides",
            "fourier.step2-product-convolution",
            "cert.step3-delta-links",
            "cert.step3-restated-transform",
            "cert.step4-modulus-links",
            "cert.step4-critical-points",
            "cert.step4-monomial-max-typo",
            "cert.step4-monomial-bound",
            "cert.step4-monomial-power",
            "cert.step4-conclusion",
        ),
        # the statement itself, for every a (an obstruction proved from the definitions): refuted means no a does it
        falsified_by=("thm6.existence",),
        asymptotic=True,
        repaired=Repaired(
            statement=REPAIRED_LATEX,
            changes=(
                "the second layer is a(b)φ(b) = (1/π) Im f_γ((iπ/2 − b)/η) (the paper's closed form does not "
                "reconstruct f_γ under any reading: cert.closed-form)",
                "error: E[(f − f_γ)²] ≤ min(γ² E[z⁴f²], E[f²]) instead of < 2γ (which needs a constant depending on f)",
                "size: sup|aφ| ≤ (1/π) e^{π²γ/(4η²)} Σ|c_n| 2^n max[(n/(2eγ))^{n/2}, (π/(2η))^n], i.e. γ^{−q/2} "
                "(small γ), η^{−q} (small η) and e^{π²γ/(4η²)}, instead of γ^{−(q−2)/2} η e^{π²γ/4} (no a achieves "
                "that for q = 1: thm6.existence; for q = 3 the tighter bound through the imaginary part, of order "
                "γ^{−(q−1)/2}, meets it at the wider window √(γ/E[z⁴f²]) with a constant depending on f and η)",
            ),
            rests_on=("thm6.repaired", "cert.gaussian-monomial-max"),
        ),
    ),
]
