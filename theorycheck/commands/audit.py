"""``theorycheck audit``: empirical privacy audit of Algorithm 1 (Clopper–Pearson ε lower bound).

    theorycheck audit [--seed S] [--runs N] [--d D ...] [--mechanism paper|no-noise|sum-noise]
                      [--layer second|first|both] [--epsilon E] [--delta D] [--backend auto|simulator|builtin]

Runs the mechanism N times on each of two adjacent datasets chosen to be hard (one record with an
extreme label), applies a threshold test to the released parameters and prints a lower bound on ε
(confidence 1 − α) beside the claimed ε and the exact accounted ε. See :mod:`theorycheck.audit`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from ..errors import InputError

#: The mechanisms ``--mechanism`` accepts: :data:`theorycheck.audit.MECHANISMS`, spelled out here so that building
#: the parser (every ``theorycheck`` command does) does not import the audit and with it NumPy and mpmath
#: (~0.3 s of each start-up); tests/test_cli.py asserts the two tuples are equal.
MECHANISMS = ("paper", "no-noise", "sum-noise")


def run(args: argparse.Namespace) -> int:
    from .. import audit

    layers = ("second", "first") if args.layer == "both" else (args.layer,)
    configs = [audit.AuditConfig(seed=args.seed, runs=args.runs, d=d, epsilon=args.epsilon, delta=args.delta,
                                 alpha=args.alpha, mechanism=args.mechanism, layer=layer, backend=args.backend,
                                 T=args.steps)
               for d in args.d for layer in layers]
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..cli import make_console

    results = []
    show = not args.no_progress
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=make_console(sys.stderr), transient=True, disable=not show) as bar:
        for cfg in configs:
            n, p = cfg.sizes
            task = bar.add_task(f"{cfg.layer} layer, d={cfg.d} (n={n}, p={p}), {cfg.mechanism}", total=2 * cfg.runs)
            try:
                def advance(k: float, t: Any = task) -> None:
                    bar.advance(t, k)

                results.append(audit.run_audit(cfg, progress=advance))
            except OverflowError:
                raise InputError(f"the audit's accounting overflows at ε = {cfg.epsilon:g}, δ = {cfg.delta:g}, "
                                 f"d = {cfg.d}; give ε and δ of moderate size (e.g. ε ≤ 100)") from None
            except MemoryError:
                raise InputError(f"--d {cfg.d}: the audit's arrays (n = {n}, p = {p}) do not fit in memory; "
                                 f"use a smaller d") from None
            except ValueError as exc:
                if "too big" not in str(exc):
                    raise
                raise InputError(f"--d {cfg.d}: the audit's arrays (n = {n}, p = {p}) are too big; use a smaller "
                                 f"d") from None
    if args.format == "json":
        from ..claims import jsonable
        from ..report import environment

        env = environment()  # the versions and platform behind the numbers (referee AN: only the seed was recorded)
        sys.stdout.write(json.dumps(jsonable([r.to_dict() | {"environment": env} for r in results]), indent=2) + "\n")
        return 0
    from rich.table import Table

    console = make_console()
    table = Table(title=f"Privacy audit of Algorithm 1 (seed {args.seed}, {args.runs} runs per dataset, "
                        f"δ = {args.delta:g}, confidence {1 - args.alpha:.0%})")
    for col in ("layer", "d", "n", "p", "mechanism", "backend", "ε lower bound", "claimed ε", "exact ε",
                "μ", "FPR / FNR", "s", "reading"):
        table.add_column(col, justify="right" if col not in ("layer", "mechanism", "backend", "reading") else "left")
    for r in results:
        c = r.config
        n, p = c.sizes
        if r.epsilon_lb > r.claimed_epsilon:
            reading = "[red]claim violated[/]"
        elif r.epsilon_lb > r.exact_epsilon:
            reading = "[red]accounting violated[/]"
        else:
            reading = "consistent"
        exact = "∞" if not math.isfinite(r.exact_epsilon) else f"{r.exact_epsilon:.4g}"
        mu = "∞" if not math.isfinite(r.mu) else f"{r.mu:.4g}"
        table.add_row(c.layer, str(c.d), str(n), str(p), c.mechanism, r.backend, f"[bold]{r.epsilon_lb:.3f}[/]",
                      f"{r.claimed_epsilon:g}", exact, mu, f"{r.fpr:.3f} / {r.fnr:.3f}", f"{r.seconds:.1f}", reading)
    console.print(table)
    console.print("Hard pair: one record with label +Y in D and −Y in D' (Y = 1e8); second layer: all labels "
                  "extreme so every clipped gradient is constant (DP-GD is then exactly Gaussian). Claimed ε: the "
                  "target of Assumption 3 (second layer: Σ of Part 3 at this ε; first layer: σ_W of Assumption 4). "
                  "Exact ε: μ-GDP with the worst-case sensitivity (2C/n per step; 2√p for W_1).")
    return 0


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number in [0, 2^128), got {text!r}") from None
    if not 0 <= value < 2**128:
        raise argparse.ArgumentTypeError(f"expected a whole number in [0, 2^128), got {text!r}")
    return value


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("audit", help="empirical privacy audit of Algorithm 1: Clopper–Pearson lower bound on ε")
    p.add_argument("--seed", type=_seed, default=0, help="random seed, a whole number >= 0 (default 0)")
    p.add_argument("--runs", type=int, default=2000,
                   help="runs per dataset (half calibrate the test, half evaluate; default: %(default)s)")
    p.add_argument("--d", type=int, nargs="+", default=[8],
                   help="input dimension(s); n, p from Assumption 2 (default: %(default)s)")
    p.add_argument("--mechanism", choices=MECHANISMS, default="paper",
                   help="paper (Part 3 noise on the mean), no-noise, or sum-noise (noise on the sum: broken; default: "
                        "%(default)s)")
    p.add_argument("--layer", choices=("second", "first", "both"), default="both",
                   help="which layer's dataset holds the differing record (default: %(default)s)")
    p.add_argument("--epsilon", type=float, default=1.0,
                   help="claimed ε (target of Assumption 3; default: %(default)s)")
    p.add_argument("--delta", type=float, default=1e-5, help="the δ of the claimed (ε, δ)-DP (default: %(default)s)")
    p.add_argument("--alpha", type=float, default=0.05,
                   help="1 − confidence of the Clopper–Pearson bound (default: %(default)s)")
    p.add_argument("--steps", type=int, default=10, help="T, second-layer steps (default: %(default)s)")
    p.add_argument("--backend", choices=("auto", "simulator", "builtin"), default="auto",
                   help="theorycheck.simulator's Algorithm 1 (auto: if importable) or the built-in mechanism "
                        "(default: %(default)s)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on standard error")
    p.add_argument("--format", choices=("table", "json"), default="table",
                   help="a table (default) or JSON records with their configuration and environment")
    p.set_defaults(func=run)

