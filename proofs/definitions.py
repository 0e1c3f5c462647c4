"""Displays of the paper that only define notation, model, algorithm or hypotheses: nothing to check.

Keys are ``(part, ordinal)`` as ``theorycheck coverage ../shared/paper/part*.md`` numbers the
displays. A display that a claim names counts as covered even when it is listed here (the
clipping step of Algorithm 1, for instance, is a definition that ``alg1.clipping`` also checks).
"""

DEFINITIONS = {
    # Part 1: setting
    (1, 1): "Definition 1: (ε, δ)-differential privacy",
    (1, 2): "the two-layer network f(x) = aᵀσ(Wᵀx + b) (eq:model)",
    (1, 3): "the square loss ℓ",
    (1, 4): "the regularised empirical loss L(f)",
    (1, 5): "Algorithm 1, second layer: the per-sample gradient g_a",
    (1, 6): "Algorithm 1, second layer: the clipping step g^C_a",
    (1, 7): "Assumption 3: the privacy budget (ε, δ)",
    (1, 8): "Assumption 4: the hyper-parameters λ, η_W, η_a, C_a, T, σ_W, σ_a",
    (1, 10): "the Hermite polynomials He_n and H_n",
    # Part 2: first layer
    (2, 3): "the population gradient g(w) of the first layer",
    (2, 4): "the empirical counterpart ĝ(w)",
    (2, 20): "ℓ2-sensitivity Δ_2 of an algorithm",
    (2, 33): "the convolution integral I (names the integral computed in the next display)",
    (2, 51): "the finite model f_p over the neurons with bounded bias",
    # Part 3: second layer
    (3, 1): "the ridge-regression estimator f_RR",
    (3, 10): "the noisy gradient step on the second layer (Algorithm 1)",
}


# Relation-level definitions (issue 11): single relations, numbered (part, "D<display>"|"P<paragraph>", index)
# as `theorycheck coverage --level relation ../shared/paper/part*.md` lists them. Only relations that
# introduce notation (a name, a parameter choice, an algorithm step, an index range) and assert nothing.
# Restatements that could be wrong (a gradient computed, a closed form, "since x ~ N(0, Id)", a case
# condition, a hypothesis of a cited theorem, an assumption's inequality) are NOT here: claims check them.
# A relation a claim names counts as covered even when it is listed here.
RELATION_DEFINITIONS = {
    # ---- Part 1, Algorithm 1: the algorithm is a definition; each assignment / loop range / initial law names
    # what the algorithm does (the per-sample gradient formulas "∇L = ∇(…)²", P40.2 and D5.2, are NOT here:
    # they equate ∇L with a formula and can be checked)
    (1, "P37", 1): "Algorithm 1 initialisation: the law of (W_0)_{ij}",
    (1, "P37", 2): "Algorithm 1 initialisation: the law of the bias b",
    (1, "P37", 3): "Algorithm 1 initialisation: a_0 = (1,…,1)/√p",
    (1, "P39", 1): "Algorithm 1: loop range i = 1..n (first layer)",
    (1, "P40", 1): "Algorithm 1: assignment g_W ← ∇_W L",
    (1, "P42", 1): "Algorithm 1: assignment W_1 ← W_0 − η_W Σ g^C_W",
    (1, "P43", 1): "Algorithm 1: loop range i = 1..p (normalisation)",
    (1, "P44", 1): "Algorithm 1: assignment w_i^1 ← w_i^1/‖w_i^1‖ + σ_W N(0, Id)",
    (1, "P47", 1): "Algorithm 1: loop range t = 1..T",
    (1, "P48", 1): "Algorithm 1: loop range i = 1..n (second layer)",
    (1, "D5", 1): "Algorithm 1: assignment g_a ← ∇_a L",
    (1, "D6", 1): "Algorithm 1: the clipping assignment g^C_a ← … (alg1.clipping also checks it)",
    (1, "P53", 1): "Algorithm 1: assignment g_a ← (1/n) Σ g^C_a",
    (1, "P54", 1): "Algorithm 1: assignment a_t ← a_{t−1} − η_a g_a + noise",
    # ---- Part 1, Assumption 4: the hyper-parameter choices define λ, η_W, η_a, C_a, T, σ_W, σ_a
    (1, "D8", 1): "Assumption 4: λ = p/d^{2ε_n}",
    (1, "D8", 2): "Assumption 4: η_W = d^{3ε_n/2}√p",
    (1, "D8", 3): "Assumption 4: η_a = d^{ε_n} log² d / p",
    (1, "D8", 4): "Assumption 4: C_a = d^{ε_n}√p log^{q+1} d",
    (1, "D8", 5): "Assumption 4: T = d^{ε_n}",
    (1, "D8", 6): "Assumption 4: σ_W = √(d^{1+ε_b}/n) log^{q+3} d",
    (1, "D8", 7): "Assumption 4: σ_a = √(η_a T) √(8 log(1/δ))/ε",
    # ---- Part 1, §2: the setting's definitions and notation
    (1, "D1", 1): "Definition 1: (ε, δ)-differential privacy",
    (1, "D2", 1): "the two-layer network f(x) = aᵀσ(Wᵀx + b) (eq:model)",
    (1, "P32", 1): "names the activation σ = tanh",
    (1, "P32", 2): "names the first-layer data X^W",
    (1, "P32", 3): "names the second-layer data X^a",
    (1, "P32", 4): "index range 1 ≤ i of 'for 1 ≤ i ≤ n'",
    (1, "P32", 5): "index range i ≤ n of 'for 1 ≤ i ≤ n'",
    (1, "D3", 1): "the square loss ℓ",
    (1, "D4", 1): "the regularised empirical loss L(f)",
    (1, "P60", 1): "Assumption 1: names the single-index target f_*(x) = σ_*(⟨x, μ⟩)",
    (1, "P60", 2): "Assumption 1: the first-layer labels y^W_i = f_*(x^W_i)",
    (1, "P60", 3): "Assumption 1: the second-layer labels y^a_i = f_*(x^a_i)",
    (1, "P71", 1): "§2.3.1: the model of Ba et al. (2022), cited (a different normalisation, not this paper's)",
    (1, "P85", 1): "§2.5: the notation a ≲ b",
    (1, "P85", 2): "§2.5: the notation b ≳ a",
    (1, "P85", 3): "§2.5: ≲'s constant C > 0",
    (1, "P85", 4): "§2.5: ≲ means a ≤ Cb",
    (1, "P85", 5): "§2.5: the notation a ≍ b",
    (1, "P85", 6): "§2.5: ≍'s first half a ≲ b",
    (1, "P85", 7): "§2.5: ≍'s second half b ≲ a",
    (1, "P88", 1): "§2.5: the notation α_n = α_n^0 (tanh's Hermite coefficients at zero bias)",
    # ---- Part 1, Theorem 1
    (1, "P66", 1): "Theorem 1: names the trained network f_NN = a_Tᵀσ(W_1ᵀx + b)",
    (1, "D9", 1): "Theorem 1: the risk R(f) = E_x[(f(x) − f_*(x))²] (its first display)",
    # ---- Part 2, §3.1 (from the gradient display)
    (2, "D3", 1): "the population gradient g(w) of the first layer",
    (2, "D4", 1): "the empirical counterpart ĝ(w)",
    (2, "P12", 1): "Lemma 3 proof: names z_j = a_0ᵀσ(W_0ᵀx_j + b)",
    (2, "P12", 6): "Lemma 3 proof: names the variance proxy v of matrix Bernstein",
    (2, "P14", 1): "Lemma 3 proof: the choice t = √(d/n) log d",
    (2, "P15", 1): "Lemma 3 proof: names u_j",
    (2, "P15", 2): "Lemma 3 proof: names the centred ū_j = u_j − E[u_j]",
    (2, "P15", 3): "Lemma 3 proof: names U = Σ ū_j",
    (2, "P26", 2): "introduces ε_b: its window 3ε_n − ε_p/4 > ε_b (a choice; Assumption 2 makes it non-empty)",
    (2, "P26", 3): "introduces ε_b: ε_b > 0 (the other end of the window)",
    (2, "P26", 5): "index range 1 ≤ i of 'for all 1 ≤ i ≤ p'",
    (2, "P26", 6): "index range i ≤ p of 'for all 1 ≤ i ≤ p'",
    # ---- Part 2, §3.2
    (2, "D20", 1): "Definition 2: the ℓ2-sensitivity Δ_2",
    # ---- Part 2, §3.3 (Theorem 6 and its proof): names and quantifiers only; each restatement, identity and bound
    # of the proof is a claim (proofs/part2_fourier_steps.py and the thm6/fourier/cert families)
    (2, "P4", 1): "§3: names f^W(x) = āᵀσ(W_1ᵀx + b), the network with the trained first layer",
    (2, "P6", 1): "§3.1: names f^0(x) = a_0ᵀσ(W_0ᵀx + b), the network at initialisation",
    (2, "P38", 1): "Theorem 6: its parameter domain η, γ > 0 (a quantifier)",
    (2, "P38", 2): "Theorem 6: names f_γ = E_b[a(b)σ(ηz + b)] for the a it asserts (Step 1 names f_γ = f e^{−γx²} "
                   "too, P41.3: that the two agree for some a is what thm6.existence decides)",
    (2, "P38", 3): "Theorem 6: names φ, the N(0, 1) density (the paper says 'probability mass function')",
    (2, "P38", 4): "Theorem 6: the law of b (b ~ N(0, 1))",
    (2, "P41", 1): "Step 1: names the coefficients c_n of f",
    (2, "P41", 2): "Step 1: the quantifier γ > 0",
    (2, "P41", 3): "Step 1: names the proof's f_γ = f e^{−γx²} (the target a is built to reconstruct; it clashes with "
                   "Theorem 6's f_γ, P38.2, and the clash is thm6.existence's question)",
    (2, "P44", 2): "Step 1: names σ_η(x) = σ(ηx)",
    (2, "D36", 1): "Step 3: names Δ⁺_n (its later lines are cert.step3-delta-links' relations)",
    (2, "P49", 1): "Step 2: names g(z) = 2cos(2πtz)/(e^z + e^{−z})",
    (2, "P71", 1): "Step 4: names g(x) = e^{−γx²}x^k (the critical-point relations are cert.step4-critical-points')",
    # ---- Part 2, §3.4
    (2, "P75", 1): "Step 1: names the infinite model f_∞",
    (2, "P75", 2): "Step 1: the choice γ = d^{−ε_p/(4(q+1))}",
    (2, "P75", 3): "Step 1: the choice η = 1 in Theorem 6",
    (2, "P76", 1): "Step 2: names the finite model f_p",
    (2, "P76", 2): "Step 2: introduces the fixed constant C_b > 0 (a choice)",
    (2, "P76", 3): "Step 2: names the index set I = {i : |b_i| ≤ C_b}",
    (2, "P77", 2): "Step 2: names the slab H_{log d}",
    (2, "P77", 3): "Step 2: the certificate's weights ā_i",
    (2, "P79", 1): "Step 2: names F = sup_x |f_p − f_∞|",
    (2, "P79", 2): "Step 2: names F' (F with b'_i for b_i)",
    (2, "P80", 1): "Step 2: the choice t = d^{−ε_p/(4q)}",
    (2, "P82", 1): "Step 2: names g_x(b), the function class G",
    (2, "P82", 2): "Step 2: introduces Rademacher signs ε_i",
    (2, "P88", 5): "Step 2: names an auxiliary function f(z) = z^q e^{−2γz}",
    (2, "P92", 1): "Step 3: names f^W with the trained first layer",
    (2, "P95", 1): "Step 3: repeats the definition of ā_i (P77.3)",
    # ---- Part 3
    (3, "P9", 1): "§4.2: names the hypothesis space H",
    (3, "P9", 2): "§4.2: names the population ridge minimiser f_H",
    (3, "P10", 1): "§4.2: names the feature matrix Φ",
    (3, "P10", 2): "§4.2: names the kernel K_n = ΦΦᵀ/n",
    (3, "D1", 1): "§4.2: names the ridge-regression estimator f_RR (the argmin)",
    (3, "P11", 3): "§4.2: names the label vector Y",
    (3, "D2", 1): "§4.2: the risk's definition (Part 1 D9.1) applied to f_RR",
    (3, "P14", 1): "§4.2: introduces the resampled point x'",
    (3, "P14", 2): "§4.2: names the resampled data set X^{(i)}",
    (3, "P14", 3): "§4.2: names the leave-one-out estimator f_RR^{(i)}",
    (3, "P21", 1): "§4.3: names f_i, the network with the i-th iterate",
    (3, "P22", 1): "§4.3: introduces the noise z_i and its law",
    (3, "P22", 2): "§4.3: names the noise level Σ",
    (3, "P22", 4): "§4.3: names L = 2K_n + 2λ Id",
    (3, "P23", 1): "§4.3: names the accumulated noise z'_i",
    (3, "P23", 2): "§4.3: names the feature vector φ_j",
    (3, "P25", 1): "§4.3.1: names the SVD factors U, Λ, V of Φ",
    (3, "D12", 1): "§4.3.1: repeats L = 2K_n + 2λ Id (P22.4) before expanding it",
    (3, "P35", 2): "§4.3.2: the iteration starts at ã_0 = a_0 (the algorithm's starting point)",
    (3, "P35", 3): "§4.3.2: repeats Algorithm 1's initialisation a_0 = (1,…,1)/√p",
    (3, "P38", 1): "§4.3.2: names ψ and the unit vector v",
    (3, "P38", 2): "§4.3.2: names ν and the unit vector u",
    (3, "D29", 2): "§4.5: the risk's definition applied to f_T",
    (3, "P55", 1): "§5.2: the step size η_W of a proposed variant (a choice)",
}
