"""Fit time of dtree's CART against scikit-learn's DecisionTreeClassifier.

Run from the repository root::

    python tests/benchmarks/bench_cart.py

Both learners fit a Gini tree to full depth on the same synthetic data,
20,000 and then 40,000 rows of 10 numeric attributes, in the same run.  The
fit times are the best of several repeats.  Building dtree's ``Dataset`` is
timed separately and is not part of dtree's fit time; scikit-learn gets its
matrix as float32, the type it would convert to, so neither side pays for
converting its input.

Two targets are checked, each printed as PASS or FAIL (the exit status is 1
if either fails):

* dtree fits the smaller set within 25 times scikit-learn's fit time;
* doubling the rows costs dtree at most 2.3 times the time;
* the same, per row of the work the tree takes (rows summed over its nodes):
  at most 1.15 times.

Also printed: the rows summed over all nodes of scikit-learn's tree, the
number of rows any exact CART sorts and scans, whose growth is a lower
bound for the growth of either fit time.  On this noisy data, grown to full
depth, it grows faster than n log n (isolating mislabelled rows takes
lopsided splits); when the growth target fails, compare with it and with
scikit-learn's own growth.

The numbers of leaves are printed too.  They should agree; a difference is
reported as a warning, not a failure, since tied best splits (common at
full depth on noisy data) may be broken differently by the two learners.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from sklearn.tree import DecisionTreeClassifier

from dtree.dataset import Dataset, Value
from dtree.grow import cart
from dtree.tree import Tree, n_leaves

ATTRIBUTES = 10
NOISE = 0.1
"""The share of labels flipped."""
ROWS = 20_000
"""The smaller size; the larger is twice as many rows."""
MAX_RATIO = 25.0
"""dtree's fit time over scikit-learn's, on the smaller set."""
MAX_GROWTH = 2.3
"""dtree's fit time on twice the rows over its fit time on the smaller set."""
MAX_WORK_GROWTH = MAX_GROWTH / 2
"""The same allowance per row of work: the growth of the time over the growth of the rows
summed over the tree's nodes (1.15: the log factor of sorting, and no more)."""

T = TypeVar("T")


@dataclass(frozen=True)
class Problem:
    """Rows of attributes x0..x9 and their class labels, ``no`` or ``yes``."""

    rows: tuple[tuple[float, ...], ...]
    labels: tuple[str, ...]


LEVELS = 4096
"""Each attribute takes values k / 16 for k < LEVELS: measured to a finite precision."""


def make_problem(rows: int, seed: int = 0, levels: int = LEVELS) -> Problem:
    """A deterministic noisy XOR of a sloped and a straight boundary.

    Every attribute is uniform on the grid k / 16, k < ``levels`` (exact in
    float32; with the default 4,096 levels, values repeat, as measured data
    do).  With ``m = levels / 16`` the class is ``(x0 + x1 > m) xor (x2 >
    m / 2)``; x3..x9 are noise, and 10% of the labels are flipped.  The first
    ``n`` rows are the same for any ``rows >= n``.
    """
    rng = random.Random(seed)
    top = levels / 16
    data: list[tuple[float, ...]] = []
    labels: list[str] = []
    for _ in range(rows):
        x = tuple(rng.randrange(levels) / 16 for _ in range(ATTRIBUTES))
        positive = (x[0] + x[1] > top) != (x[2] > top / 2)
        if rng.random() < NOISE:
            positive = not positive
        data.append(x)
        labels.append("yes" if positive else "no")
    return Problem(tuple(data), tuple(labels))


def dataset(problem: Problem) -> Dataset:
    """The problem as dtree's dataset."""
    columns: dict[str, Sequence[Value]] = {
        f"x{j}": [row[j] for row in problem.rows] for j in range(ATTRIBUTES)
    }
    columns["y"] = problem.labels
    return Dataset.from_columns(columns, target="y", classes=("no", "yes"))


def matrix(problem: Problem) -> tuple[np.ndarray[Any, np.dtype[np.float32]], np.ndarray[Any, Any]]:
    """The problem as scikit-learn's X (float32) and y."""
    return np.array(problem.rows, dtype=np.float32), np.array(problem.labels)


def fit_dtree(data: Dataset) -> Tree:
    """dtree's CART: Gini, grown to full depth."""
    return cart(data)


def fit_sklearn(x: np.ndarray[Any, np.dtype[np.float32]], y: np.ndarray[Any, Any]) -> Any:
    """scikit-learn's CART: Gini, grown to full depth."""
    return DecisionTreeClassifier(random_state=0).fit(x, y)


def sklearn_leaves(estimator: Any) -> int:
    return int(estimator.get_n_leaves())


def node_rows(estimator: Any) -> int:
    """The rows summed over all nodes of scikit-learn's tree: the rows each learner sorts."""
    return int(estimator.tree_.n_node_samples.sum())


def best_time(run: Callable[[], T], repeats: int) -> tuple[float, T]:
    """The least wall-clock time of ``repeats`` calls (at least one), and a result."""
    best = math.inf
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


@dataclass(frozen=True)
class Measurement:
    """The timings (seconds) and tree sizes for one size of the problem."""

    rows: int
    build: float
    dtree: float
    sklearn: float
    dtree_leaves: int
    sklearn_leaves: int
    node_rows: int

    @property
    def ratio(self) -> float:
        return self.dtree / self.sklearn


def measure(
    rows: int, *, seed: int, levels: int, dtree_repeats: int, sklearn_repeats: int
) -> Measurement:
    problem = make_problem(rows, seed, levels)
    start = time.perf_counter()
    data = dataset(problem)
    build = time.perf_counter() - start
    x, y = matrix(problem)
    dtree_time, tree = best_time(lambda: fit_dtree(data), dtree_repeats)
    sklearn_time, estimator = best_time(lambda: fit_sklearn(x, y), sklearn_repeats)
    return Measurement(
        rows,
        build,
        dtree_time,
        sklearn_time,
        n_leaves(tree),
        sklearn_leaves(estimator),
        node_rows(estimator),
    )


def report(small: Measurement, large: Measurement) -> tuple[str, bool]:
    """The table, warnings and verdicts; and whether every target is met."""
    lines = [
        f"{'rows':>8} {'build s':>8} {'dtree s':>8} {'sklearn s':>10} {'dtree/sklearn':>14}"
        f" {'leaves dtree':>13} {'leaves sklearn':>15}"
    ]
    for m in (small, large):
        lines.append(
            f"{m.rows:>8} {m.build:>8.3f} {m.dtree:>8.3f} {m.sklearn:>10.4f} {m.ratio:>14.1f}"
            f" {m.dtree_leaves:>13} {m.sklearn_leaves:>15}"
        )
    dtree_growth = large.dtree / small.dtree
    sklearn_growth = large.sklearn / small.sklearn
    lines.append(
        f"growth {large.rows}/{small.rows} rows: dtree {dtree_growth:.2f}x, "
        f"scikit-learn {sklearn_growth:.2f}x, building the dataset {large.build / small.build:.2f}x"
    )
    work_growth = large.node_rows / small.node_rows
    lines.append(
        f"rows summed over the nodes of scikit-learn's tree: {small.node_rows} and "
        f"{large.node_rows}, {work_growth:.2f}x (work for any exact CART)"
    )
    lines.append(
        f"time per row of that work grows: dtree {dtree_growth / work_growth:.2f}x, "
        f"scikit-learn {sklearn_growth / work_growth:.2f}x"
    )
    for m in (small, large):
        if m.dtree_leaves != m.sklearn_leaves:
            lines.append(
                f"WARNING: on {m.rows} rows dtree has {m.dtree_leaves} leaves, scikit-learn "
                f"{m.sklearn_leaves} (tied best splits can explain a small difference)"
            )
    verdicts = [
        (
            small.ratio <= MAX_RATIO,
            f"dtree within {MAX_RATIO:g}x of scikit-learn on {small.rows} rows "
            f"({small.ratio:.1f}x)",
        ),
        (
            dtree_growth <= MAX_GROWTH,
            f"doubling the rows costs dtree at most {MAX_GROWTH:g}x ({dtree_growth:.2f}x)",
        ),
        (
            dtree_growth / work_growth <= MAX_WORK_GROWTH,
            f"per row of work, doubling costs dtree at most {MAX_WORK_GROWTH:g}x "
            f"({dtree_growth / work_growth:.2f}x)",
        ),
    ]
    lines += [f"{'PASS' if ok else 'FAIL'} {text}" for ok, text in verdicts]
    return "\n".join(lines), all(ok for ok, _ in verdicts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=ROWS, help="the smaller size (default 20000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--levels", type=int, default=LEVELS, help="values per attribute (default 4096)"
    )
    parser.add_argument("--dtree-repeats", type=int, default=3)
    parser.add_argument("--sklearn-repeats", type=int, default=7)
    args = parser.parse_args(argv)
    small, large = (
        measure(
            rows,
            seed=args.seed,
            levels=args.levels,
            dtree_repeats=args.dtree_repeats,
            sklearn_repeats=args.sklearn_repeats,
        )
        for rows in (args.rows, 2 * args.rows)
    )
    text, passed = report(small, large)
    print(text)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
