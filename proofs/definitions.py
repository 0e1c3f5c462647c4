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
