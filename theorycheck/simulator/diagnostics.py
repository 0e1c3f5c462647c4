"""Kernel, ridge regression and test risks on streamed features (memory O(block·p + p²))."""

from __future__ import annotations

import dataclasses

import numpy as np

from .algorithm import Features
from .data import Dataset


@dataclasses.dataclass
class KernelStats:
    """K_n = (1/n) ΦΦᵀ, (1/n) ΦY and ‖Y‖²/n for one feature map."""

    K: np.ndarray
    PhiY: np.ndarray
    yy: float
    n: int

    def eig(self) -> np.ndarray:
        return np.linalg.eigvalsh(self.K)

    def ridge(self, lam: float) -> np.ndarray:
        """a_RR = (1/n)(K_n + λI)^{-1} Φ Y (Part 3 §4.2)."""
        p = self.K.shape[0]
        return np.linalg.solve(self.K + lam * np.eye(p), self.PhiY)

    def loss(self, a: np.ndarray, lam: float) -> float:
        """L(a) = (1/n)‖Φᵀa − Y‖² + λ‖a‖² from the sufficient statistics."""
        return float(a @ self.K @ a - 2 * a @ self.PhiY + self.yy + lam * a @ a)


def kernel_stats(features: Features) -> KernelStats:
    p = features.p
    K = np.zeros((p, p))
    PhiY = np.zeros(p)
    yy = 0.0
    n = 0
    for F, y, _ in features:
        K += F.T @ F
        PhiY += F.T @ y
        yy += float(y @ y)
        n += len(y)
    return KernelStats(K / n, PhiY / n, yy / n, n)


def risk(test: Dataset, W: np.ndarray, b: np.ndarray, coefs: dict[str, np.ndarray]) -> dict[str, float]:
    """Test risks E[(f(x) − y)²] (empirical on ``test``) of several second layers on the same features."""
    sums = dict.fromkeys(coefs, 0.0)
    m = 0
    for X, y in test.blocks():
        F = np.tanh(X @ W + b)
        for name, a in coefs.items():
            sums[name] += float(np.sum((F @ a - y) ** 2))
        m += len(y)
    return {k: v / m for k, v in sums.items()}


def null_risk(test: Dataset) -> float:
    """Risk of the zero predictor, E[y²] (= Var(y): σ_* has α*_0 = 0, so E[y] = 0)."""
    total, m = 0.0, 0
    for _, y in test.blocks():
        total += float(y @ y)
        m += len(y)
    return total / m
