"""Data of Part 1, Assumption 1: x ~ N(0, I_d), y = σ_*(⟨μ, x⟩), μ uniform on S^{d−1}.

Datasets are *streamed*: a :class:`SyntheticDataset` holds only its seed and regenerates its rows
block by block (each block of ``BLOCK`` rows from its own child seed), so memory stays O(block·d)
however large n is, and every pass over the data sees bit-identical rows. :class:`ArrayDataset`
wraps arrays the caller already has (the privacy audit passes its own neighbouring datasets).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator

import numpy as np

from .. import validate
from ..errors import InputError
from ..target import PolynomialTarget

#: Rows per generated block (fixed, so results do not depend on the compute chunk size).
BLOCK = 4096


def as_target(target: str | PolynomialTarget) -> PolynomialTarget:
    """A validated σ_* (Assumption 1: polynomial, information exponent 1) from text or a target."""
    if isinstance(target, PolynomialTarget):
        target.require_information_exponent_one()
        return target
    if not isinstance(target, str):
        raise InputError(f"target must be a polynomial such as 'x^3-3*x+x', got {target!r}")
    parsed = PolynomialTarget.parse(target)
    # the simulator evaluates σ_* in floating point: every coefficient must be a finite float (referee AD: 1e400*x
    # ran a sweep and then crashed with an OverflowError)
    try:
        finite = all(math.isfinite(float(c)) for c in parsed.coefficients)
    except OverflowError:
        finite = False
    if finite:  # and its second moment E σ_*(Z)², which the risks are measured against (referee AE: 1e200·x³)
        from ..target import gaussian_moment

        cs = parsed.coefficients
        second = sum(a * b * gaussian_moment(i + j) for i, a in enumerate(cs) for j, b in enumerate(cs))
        try:
            finite = math.isfinite(float(second))
        except OverflowError:
            finite = False
    if not finite:
        raise InputError(f"target {target!r}: a coefficient, or E σ_*(Z)², lies beyond the floating-point range "
                         "(about 1.8e308) the simulator computes in")
    return parsed


def random_direction(d: int, rng: np.random.Generator) -> np.ndarray:
    """μ uniform on the sphere S^{d−1}."""
    v = rng.standard_normal(validate.positive_int("d", d))
    return v / np.linalg.norm(v)


class Dataset:
    """Rows (x_j, y_j) visited in blocks; subclasses define ``n``, ``d`` and :meth:`blocks`."""

    n: int
    d: int

    def blocks(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:  # pragma: no cover - interface
        raise NotImplementedError

    def materialise(self) -> tuple[np.ndarray, np.ndarray]:
        xs, ys = zip(*self.blocks())
        return np.concatenate(xs), np.concatenate(ys)


@dataclasses.dataclass
class ArrayDataset(Dataset):
    """A dataset held in memory: X (n×d) and y (n,), float64."""

    X: np.ndarray
    y: np.ndarray
    block: int = BLOCK

    def __post_init__(self) -> None:
        self.X = np.ascontiguousarray(self.X, dtype=np.float64)
        self.y = np.ascontiguousarray(self.y, dtype=np.float64).reshape(-1)
        if self.X.ndim != 2 or self.X.shape[0] != self.y.shape[0] or self.X.shape[0] == 0:
            raise InputError(f"dataset needs X of shape (n, d) and y of shape (n,), got {self.X.shape} and "
                             f"{self.y.shape}")
        if not (np.all(np.isfinite(self.X)) and np.all(np.isfinite(self.y))):
            raise InputError("dataset contains NaN or infinite values")

    @property
    def n(self) -> int:  # type: ignore[override]
        return self.X.shape[0]

    @property
    def d(self) -> int:  # type: ignore[override]
        return self.X.shape[1]

    def blocks(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        for s in range(0, self.n, self.block):
            yield self.X[s:s + self.block], self.y[s:s + self.block]

    def materialise(self) -> tuple[np.ndarray, np.ndarray]:
        return self.X, self.y


@dataclasses.dataclass
class SyntheticDataset(Dataset):
    """n rows of the single-index model, regenerated deterministically from ``seed`` on every pass."""

    n: int
    d: int
    mu: np.ndarray
    target: PolynomialTarget
    seed: int | np.random.SeedSequence
    block: int = BLOCK

    def __post_init__(self) -> None:
        self.n = validate.positive_int("n", self.n)
        self.d = validate.positive_int("d", self.d)
        self._seq = self.seed if isinstance(self.seed, np.random.SeedSequence) else np.random.SeedSequence(self.seed)
        self._nblocks = -(-self.n // self.block)
        self._children = self._seq.spawn(self._nblocks)

    def block_at(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        rows = min(self.block, self.n - k * self.block)
        X = np.random.default_rng(self._children[k]).standard_normal((rows, self.d))
        return X, self.target(X @ self.mu)

    def blocks(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        for k in range(self._nblocks):
            yield self.block_at(k)


@dataclasses.dataclass
class Problem:
    """μ, σ_*, the two training sets of Algorithm 1 (X^W, X^a) and a test set."""

    d: int
    mu: np.ndarray
    target: PolynomialTarget
    data_W: Dataset
    data_a: Dataset
    test: Dataset
    public: Dataset  # an independent sample from the same law (used only by the `calibrated` preset)


def make_problem(d: int, n: int, target: str | PolynomialTarget, seed: int, *, n_test: int | None = None,
                 n_public: int | None = None, in_memory: bool | None = None) -> Problem:
    """Draw μ and the datasets of Assumption 1 from one integer seed (independent child seeds).

    ``in_memory`` (default: when n·d ≤ 2^24) materialises X^W, X^a as arrays; otherwise they stream.
    """
    d = validate.positive_int("d", d)
    n = validate.positive_int("n", n)
    target = as_target(target)
    n_test = validate.positive_int("n_test", n_test if n_test is not None else 8192)
    n_public = validate.positive_int("n_public", n_public if n_public is not None else min(n, 4096))
    s_mu, s_W, s_a, s_test, s_pub = np.random.SeedSequence(seed).spawn(5)
    mu = random_direction(d, np.random.default_rng(s_mu))
    sets: list[Dataset] = [
        SyntheticDataset(m, d, mu, target, s) for m, s in ((n, s_W), (n, s_a), (n_test, s_test), (n_public, s_pub))
    ]
    if in_memory is None:
        in_memory = n * d <= 2**24
    if in_memory:
        sets[:2] = [ArrayDataset(*ds.materialise()) for ds in sets[:2]]
    sets[2:] = [ArrayDataset(*ds.materialise()) for ds in sets[2:]]
    return Problem(d, mu, target, *sets)
