"""Fit time of dtree's regression tree against scikit-learn's DecisionTreeRegressor.

Run from the repository root::

    python tests/benchmarks/bench_regression.py

Both learners fit a squared-error tree to full depth on the same synthetic
data, 20,000 rows of 10 numeric attributes (``bench_cart.py``'s grid) and a
numeric target, in the same run: dtree's ``cart(data)``, which grows a
regression tree for a numeric target, and scikit-learn's
``DecisionTreeRegressor(criterion="squared_error")``.  The fit times are
the least of several repeats, in wall-clock time and in CPU time (of this
process); building dtree's ``Dataset`` is timed separately and is not part
of dtree's fit, and scikit-learn gets its matrix as float32.

The numbers of leaves are printed too: they should agree, and a difference
is a warning (tied best cuts may be broken differently), not a failure.
Like the other benchmarks it judges nothing and exits 0 whatever the
times; what it is doing goes to standard error (``--quiet`` turns it off).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from sklearn.tree import DecisionTreeRegressor

from dtree.dataset import Dataset, Value
from dtree.grower.presets import cart
from dtree.tree import Tree, n_leaves

if TYPE_CHECKING or __package__:
    from benchmarks.bench_cart import ATTRIBUTES, LEVELS, Log, Timing, _ratio, best_time, options
else:  # run as a script, from its own folder
    from bench_cart import ATTRIBUTES, LEVELS, Log, Timing, _ratio, best_time, options

ROWS = 20_000


@dataclass(frozen=True)
class Problem:
    """Rows of attributes x0..x9 and their numeric targets."""

    rows: tuple[tuple[float, ...], ...]
    targets: tuple[float, ...]


def make_problem(rows: int, seed: int = 0, levels: int = LEVELS) -> Problem:
    """A deterministic noisy plane: ``y = x0 + 2 x1 - x2 + e``, rounded to quarters.

    Every attribute is uniform on the grid k / 16, k < ``levels``, as in
    ``bench_cart.py``; with ``m = levels / 16`` the noise e is normal with
    standard deviation m / 16, and y is rounded to a multiple of 1/4, so
    that targets repeat and every sum of them is exact in floating point.
    x3..x9 are noise.  The first ``n`` rows are the same for any ``rows >= n``.
    """
    rng = random.Random(seed)
    spread = levels / 16 / 16
    data: list[tuple[float, ...]] = []
    targets: list[float] = []
    for _ in range(rows):
        x = tuple(rng.randrange(levels) / 16 for _ in range(ATTRIBUTES))
        y = x[0] + 2 * x[1] - x[2] + rng.gauss(0.0, spread)
        data.append(x)
        targets.append(round(4 * y) / 4)
    return Problem(tuple(data), tuple(targets))


def dataset(problem: Problem) -> Dataset:
    """The problem as dtree's dataset, with the numeric target ``y``."""
    columns: dict[str, Sequence[Value]] = {
        f"x{j}": [row[j] for row in problem.rows] for j in range(ATTRIBUTES)
    }
    columns["y"] = problem.targets
    return Dataset.from_columns(columns, target="y")


def matrix(problem: Problem) -> tuple[np.ndarray[Any, np.dtype[np.float32]], np.ndarray[Any, Any]]:
    """The problem as scikit-learn's X (float32) and y (float64)."""
    return np.array(problem.rows, dtype=np.float32), np.array(problem.targets)


def fit_dtree(data: Dataset) -> Tree:
    """dtree's regression tree: CART with squared error, grown to full depth."""
    return cart(data)


def fit_sklearn(x: np.ndarray[Any, np.dtype[np.float32]], y: np.ndarray[Any, Any]) -> Any:
    """scikit-learn's regression tree: squared error, grown to full depth."""
    return DecisionTreeRegressor(criterion="squared_error", random_state=0).fit(x, y)


@dataclass(frozen=True)
class Measurement:
    """The timings and tree sizes of one run."""

    rows: int
    build: float
    dtree: Timing
    sklearn: Timing
    dtree_leaves: int
    sklearn_leaves: int


def measure(
    rows: int,
    *,
    seed: int = 0,
    levels: int = LEVELS,
    dtree_repeats: int = 2,
    sklearn_repeats: int = 7,
    log: Callable[[str], None] = lambda text: None,
) -> Measurement:
    log(f"{rows} rows: making the data and building the dataset")
    problem = make_problem(rows, seed, levels)
    start = time.perf_counter()
    data = dataset(problem)
    build = time.perf_counter() - start
    x, y = matrix(problem)
    dtree_time, tree = best_time(
        lambda: fit_dtree(data), dtree_repeats, lambda text: log(f"dtree {text}")
    )
    sklearn_time, estimator = best_time(
        lambda: fit_sklearn(x, y), sklearn_repeats, lambda text: log(f"scikit-learn {text}")
    )
    return Measurement(
        rows, build, dtree_time, sklearn_time, n_leaves(tree), int(estimator.get_n_leaves())
    )


def report(m: Measurement) -> str:
    """The times, their ratios in wall and CPU time, the leaves, and any warning; no verdict."""
    lines = [
        f"regression tree (squared error, full depth) of {m.rows} rows",
        f"{'fit':<14} {'wall s':>9} {'cpu s':>9} {'leaves':>7}",
        f"{'dtree':<14} {m.dtree.wall:>9.3f} {m.dtree.cpu:>9.3f} {m.dtree_leaves:>7}",
        f"{'scikit-learn':<14} {m.sklearn.wall:>9.4f} {m.sklearn.cpu:>9.4f} {m.sklearn_leaves:>7}",
        f"ratio: {_ratio(m.dtree.wall, m.sklearn.wall)} in wall time,"
        f" {_ratio(m.dtree.cpu, m.sklearn.cpu)} in CPU time"
        f" (building the dataset, not counted: {m.build:.3f} s)",
    ]
    if m.dtree_leaves != m.sklearn_leaves:
        lines.append(
            f"WARNING: dtree has {m.dtree_leaves} leaves, scikit-learn {m.sklearn_leaves}"
            " (tied best cuts can explain a small difference)"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = options(__doc__, rows=ROWS, repeats=(("dtree", 2), ("sklearn", 7)))
    parser.add_argument(
        "--levels", type=int, default=LEVELS, help=f"values per attribute (default {LEVELS})"
    )
    args = parser.parse_args(argv)
    log = Log(args.quiet, "bench_regression")
    m = measure(
        args.rows,
        seed=args.seed,
        levels=args.levels,
        dtree_repeats=args.dtree_repeats,
        sklearn_repeats=args.sklearn_repeats,
        log=log,
    )
    print(report(m))
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
