"""A NumPy simulator of Algorithm 1 (Part 1) with Part 3's diagnostics.

Public API
----------
``algorithm1(data_W, data_a, hyper, rng, *, p, options=Options(), sigma_W=None, sigma_a=None,
mu=None, delta=None, keep_trajectory=False, calibrate=None) -> Result``
    Runs Algorithm 1 end to end. ``data_W``/``data_a`` are pairs ``(X, y)`` (n×d, n) or
    :class:`Dataset` objects (streamed). ``hyper`` is a :class:`HyperParameters`
    (λ, η_W, η_a, C_a, T, σ_W, σ_a, Σ, C_W); ``rng`` a ``numpy.random.Generator`` (draws, in
    order: W0, b, the σ_W noise, one noise vector per second-layer step — same seed, bit-identical
    output). ``sigma_W=0`` / ``sigma_a=0`` switch the noise off. ``Options(aggregate="sum")`` puts
    the second-layer noise on the *sum* of clipped gradients instead of the mean (the broken
    mechanism: sensitivity n× what the noise was set for). ``Result`` has ``W1``, ``b``, ``a_T``
    (the release), ``W0``, ``a0``, ``hyper``, ``options``, ``trajectory`` and ``diagnostics``:
    ``clipped_fraction`` and ``max_grad_norm_over_C`` (per step), ``alignment_init/step/noise``
    (mean |cos(w_i, μ)|, when ``mu`` is given), ``mu_W``, ``mu_a``, ``mu_total`` (μ-GDP; inf =
    not private) and, with ``delta``, ``eps_W``, ``eps_a``, ``eps_total`` (exact ε at δ).
    At d=8, p=16, n=64, T=10 a call takes about a millisecond (without ``delta``).
``Options``
    Every ambiguity of Algorithm 1 (clip rule, sum/mean, noise form and placement, regulariser
    inside the clipping or not, factor of the square loss, rounding of T). See its docstring.
``presets.paper(d, n, p, q, eps_n, eps_b, eps, delta)``, ``presets.calibrated(...)``
    Assumption 4 verbatim; exact-privacy practical choices (see :mod:`.presets`).
``run_experiment(d, preset=..., seed=..., ...) -> dict`` and ``sweep(ds, seeds, ...)``
    Data + Algorithm 1 + every diagnostic (λ_max/λ_min of K_n, stability margin 2η_a(λ_max+λ),
    ‖a_T − a_RR‖, test risks of DP-GD, ridge, the random-features baseline and the null predictor).
``crossover.table(...)``
    The smallest d at which each asymptotic condition of Parts 1–3 holds with constants 1.
``SimulationError``
    NaN/overflow: names the step, carries the diagnostics recorded so far.
"""

from . import crossover as crossover  # noqa: F401 - submodules re-exported as attributes
from . import presets as presets  # noqa: F401
from .algorithm import (
                        Features,
                        HyperParameters,
                        Options,
                        Result,
                        SimulationError,
                        algorithm1,
                        clip_factors,
                        clipped_gradient,
                        epsilon_of_mu,
                        privacy_mu,
)
from .data import ArrayDataset, Dataset, Problem, SyntheticDataset, as_target, make_problem
from .sweep import DEFAULT_TARGET, fit_slope, run_experiment, sweep, theorem1_exponent

__all__ = ["algorithm1", "HyperParameters", "Options", "Result", "SimulationError", "Features", "clip_factors",
           "clipped_gradient", "privacy_mu", "epsilon_of_mu", "ArrayDataset", "Dataset", "SyntheticDataset",
           "Problem", "make_problem", "as_target", "run_experiment", "sweep", "fit_slope", "theorem1_exponent",
           "DEFAULT_TARGET"]
