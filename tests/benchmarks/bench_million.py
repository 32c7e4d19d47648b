"""The million-rows targets, on their own data: dtree's CART against scikit-learn's.

Run from the repository root::

    python tests/benchmarks/bench_million.py [--rows 20000] [--repeats 3]

On :mod:`million`'s data (ten numeric columns, the even ones on a grid of 4,096 values, the
odd ones integers 0..99; 10% of the labels replaced by a random class), each task fits
or predicts in this process, dtree and scikit-learn one after the other, ``--repeats``
times, and the least CPU and wall-clock time of each is kept:

* ``cart2``, ``cart3``: ``cart(data)``, Gini to full depth, of two and three classes,
  against ``DecisionTreeClassifier(random_state=0)`` fitted on float32;
* ``regression``: ``cart(data)`` of the numeric target (squared error, full depth),
  against ``DecisionTreeRegressor(random_state=0)``;
* ``predict``: ``predict_many(tree, data)`` of cart2's tree over its training rows, five
  times over, against ``predict`` of scikit-learn's tree over its float32 matrix.

Building the dataset and the matrix is not timed.  The report gives both times, dtree's
over scikit-learn's (CPU, then wall clock), the target the ratio is held to, and both
trees' leaves (full-depth trees on noisy data break tied splits differently, so the
counts may differ by a few).  Like the other benchmarks it judges no time: the exit
status is 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from dtree.dataset import Dataset
from dtree.ensemble import predict_many
from dtree.grower.presets import cart
from dtree.tree import Tree, n_leaves

if TYPE_CHECKING or __package__:
    from benchmarks import million
else:  # run as a script, from its own folder
    import million

TARGETS = {"cart2": 10.0, "cart3": 12.0, "regression": 15.0, "predict": 15.0}
"""The most dtree's CPU time may be, as a multiple of scikit-learn's, for each task."""

CLASSES = {"cart2": 2, "cart3": 3, "regression": 0, "predict": 2}


@dataclass(frozen=True)
class Timing:
    """The least CPU and wall-clock seconds of the repeats."""

    cpu: float
    wall: float


@dataclass(frozen=True)
class Row:
    """One task's figures."""

    task: str
    dtree: Timing
    sklearn: Timing
    leaves: tuple[int, int]


def least_time(run: Callable[[], object], repeats: int) -> Timing:
    """The least CPU and the least wall-clock time of ``repeats`` runs."""
    cpu, wall = [], []
    for _ in range(repeats):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        run()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
    return Timing(min(cpu), min(wall))


def matrix(rows: int, classes: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The same problem as scikit-learn's X (float32) and y."""
    columns = million.columns(rows, classes)
    x = np.array([columns[name] for name in million.names()], dtype=np.float32).T
    return x, np.array(columns["y"])


def measure(task: str, rows: int, repeats: int) -> Row:
    """Time one task for both systems."""
    classes = CLASSES[task]
    data: Dataset = million.dataset(rows, classes)
    x, y = matrix(rows, classes)
    estimator = (DecisionTreeRegressor if classes == 0 else DecisionTreeClassifier)(random_state=0)
    trees: list[Tree] = []
    if task == "predict":
        tree = cart(data)
        estimator.fit(x, y)
        ours = least_time(lambda: [predict_many(tree, data) for _ in range(5)], repeats)
        theirs = least_time(lambda: [estimator.predict(x) for _ in range(5)], repeats)
        return Row(task, ours, theirs, (n_leaves(tree), int(estimator.get_n_leaves())))
    ours = least_time(lambda: trees.append(cart(data)), repeats)
    theirs = least_time(lambda: estimator.fit(x, y), repeats)
    return Row(task, ours, theirs, (n_leaves(trees[-1]), int(estimator.get_n_leaves())))


def report(rows: int, measured: Sequence[Row]) -> str:
    """The table of the measurements."""
    lines = [
        f"{rows} rows; the least of the repeats, CPU and wall-clock seconds",
        f"{'task':<11}{'dtree cpu':>10}{'sklearn cpu':>12}{'cpu ratio':>10}"
        f"{'wall ratio':>11}{'target':>8}{'leaves':>14}",
    ]
    for row in measured:
        cpu = row.dtree.cpu / row.sklearn.cpu
        wall = row.dtree.wall / row.sklearn.wall
        leaves = f"{row.leaves[0]}/{row.leaves[1]}"
        lines.append(
            f"{row.task:<11}{row.dtree.cpu:>10.3f}{row.sklearn.cpu:>12.4f}{cpu:>9.1f}x"
            f"{wall:>10.1f}x{TARGETS[row.task]:>7.0f}x{leaves:>14}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tasks", nargs="+", choices=sorted(TARGETS), default=list(TARGETS))
    options = parser.parse_args(argv)
    measured = []
    for task in options.tasks:
        print(f"bench_million: {task}", file=sys.stderr)
        measured.append(measure(task, options.rows, options.repeats))
    print(report(options.rows, measured))
    return 0


if __name__ == "__main__":
    sys.exit(main())
