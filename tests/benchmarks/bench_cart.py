"""Fit time of dtree's CART against scikit-learn's DecisionTreeClassifier.

Run from the repository root::

    python tests/benchmarks/bench_cart.py

Both learners fit a Gini tree to full depth on the same synthetic data,
20,000 and then 40,000 rows of 10 numeric attributes, in the same run.  The
fit times are the least of several repeats, in wall-clock time and in CPU
time (of this process).  Building dtree's ``Dataset`` is timed separately
and is not part of dtree's fit time; scikit-learn gets its matrix as
float32, the type it would convert to, so neither side pays for
converting its input.

The script reports and judges nothing: timings depend on the machine and
its load, so it never fails on one (the exit status is 0 whatever the
times).  It prints, for each size, both fit times and their ratio, in
wall and CPU time; then how each learner's time grows when the rows
double, in total and per row of work.  The work is the rows summed over
all nodes of scikit-learn's tree, the rows any exact CART sorts and
scans: on this noisy data, grown to full depth, it grows faster than the
rows (isolating mislabelled rows takes lopsided splits), so the time per
row of work, not the time, shows how an implementation's own cost scales.

``--classes 3 --levels 64`` makes it a three-class problem whose every
value is shared by hundreds of rows (:func:`make_problem`).

The numbers of leaves are printed too.  They should agree; a difference is
reported as a warning, since tied best splits (common at full depth on
noisy data) may be broken differently by the two learners.  What the
script is doing, with the time elapsed, goes to standard error as it goes
(``--quiet`` turns it off).
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
from dtree.grower.presets import cart
from dtree.tree import Tree, n_leaves

ATTRIBUTES = 10
NOISE = 0.1
"""The share of labels flipped."""
ROWS = 20_000
"""The smaller size; the larger is twice as many rows."""

T = TypeVar("T")


@dataclass(frozen=True)
class Problem:
    """Rows of attributes x0..x9, their class labels, and the classes in order."""

    rows: tuple[tuple[float, ...], ...]
    labels: tuple[str, ...]
    classes: tuple[str, ...] = ("no", "yes")


LEVELS = 4096
"""Each attribute takes values k / 16 for k < LEVELS: measured to a finite precision."""


def class_names(classes: int) -> tuple[str, ...]:
    """``no`` and ``yes`` for two classes, else ``c0``, ``c1``, ..."""
    return ("no", "yes") if classes == 2 else tuple(f"c{k}" for k in range(classes))


def make_problem(rows: int, seed: int = 0, levels: int = LEVELS, classes: int = 2) -> Problem:
    """A deterministic noisy XOR of a sloped and a straight boundary, or its k-class form.

    Every attribute is uniform on the grid k / 16, k < ``levels`` (exact in
    float32; with the default 4,096 levels, values repeat, as measured data
    do; with few levels, most values tie).  With ``m = levels / 16`` and k
    ``classes``, the sloped boundary cuts x0 + x1 into k bands at j 2m / k
    (0 < j < k), and the class is the band plus ``x2 > m / 2``, modulo k:
    for two classes, ``(x0 + x1 > m) xor (x2 > m / 2)``.  x3..x9 are noise,
    and 10% of the labels are changed (to one of the other classes, each
    alike).  The first ``n`` rows are the same for any ``rows >= n``.
    """
    rng = random.Random(seed)
    top = levels / 16
    cuts = [j * 2 * top / classes for j in range(1, classes)]
    data: list[tuple[float, ...]] = []
    labels: list[int] = []
    for _ in range(rows):
        x = tuple(rng.randrange(levels) / 16 for _ in range(ATTRIBUTES))
        band = sum(x[0] + x[1] > cut for cut in cuts)
        label = (band + (x[2] > top / 2)) % classes
        if rng.random() < NOISE:
            # two classes draw nothing more, so that their rows stay what they always were
            label = (label + (rng.randrange(1, classes) if classes > 2 else 1)) % classes
        data.append(x)
        labels.append(label)
    names = class_names(classes)
    return Problem(tuple(data), tuple(names[k] for k in labels), names)


def dataset(problem: Problem) -> Dataset:
    """The problem as dtree's dataset."""
    columns: dict[str, Sequence[Value]] = {
        f"x{j}": [row[j] for row in problem.rows] for j in range(ATTRIBUTES)
    }
    columns["y"] = problem.labels
    return Dataset.from_columns(columns, target="y", classes=problem.classes)


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


@dataclass(frozen=True)
class Timing:
    """The least wall-clock and the least CPU time (seconds) over the repeats of one fit."""

    wall: float
    cpu: float


def best_time(
    run: Callable[[], T], repeats: int, note: Callable[[str], None], what: str = "fit"
) -> tuple[Timing, T]:
    """The least wall-clock and CPU times of ``repeats`` calls (at least one), and a result;
    each call's times, and the time the rest should take, are told to ``note`` (each call
    called ``what``)."""
    wall = cpu = math.inf
    count = max(1, repeats)
    for k in range(1, count + 1):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = run()
        took, took_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        wall, cpu = min(wall, took), min(cpu, took_cpu)
        more = f", about {(count - k) * took:.1f} s for the rest" if k < count else ""
        note(f"{what} {k} of {count}: {took:.3f} s wall, {took_cpu:.3f} s CPU{more}")
    return Timing(wall, cpu), result


@dataclass(frozen=True)
class Measurement:
    """The timings and tree sizes for one size of the problem."""

    rows: int
    build: float
    dtree: Timing
    sklearn: Timing
    dtree_leaves: int
    sklearn_leaves: int
    node_rows: int


class Log:
    """What the benchmark is doing, a line at a time on standard error, with the time elapsed."""

    def __init__(self, quiet: bool, name: str = "bench_cart") -> None:
        self.quiet = quiet
        self.name = name
        self.start = time.perf_counter()

    def __call__(self, text: str) -> None:
        if not self.quiet:
            elapsed = time.perf_counter() - self.start
            print(f"{self.name} [{elapsed:6.1f} s] {text}", file=sys.stderr, flush=True)


def measure(
    rows: int,
    *,
    seed: int,
    levels: int,
    dtree_repeats: int,
    sklearn_repeats: int,
    classes: int = 2,
    log: Callable[[str], None] = lambda text: None,
) -> Measurement:
    log(f"{rows} rows: making the data and building the dataset")
    problem = make_problem(rows, seed, levels, classes)
    start = time.perf_counter()
    data = dataset(problem)
    build = time.perf_counter() - start
    x, y = matrix(problem)
    dtree_time, tree = best_time(
        lambda: fit_dtree(data), dtree_repeats, lambda text: log(f"{rows} rows: dtree {text}")
    )
    sklearn_time, estimator = best_time(
        lambda: fit_sklearn(x, y),
        sklearn_repeats,
        lambda text: log(f"{rows} rows: scikit-learn {text}"),
    )
    return Measurement(
        rows,
        build,
        dtree_time,
        sklearn_time,
        n_leaves(tree),
        sklearn_leaves(estimator),
        node_rows(estimator),
    )


def _ratio(a: float, b: float) -> str:
    """a / b, as a factor; a zero b (a clock too coarse for the fit) gives no ratio."""
    return f"{a / b:.2f}x" if b > 0 else "n/a"


def report(small: Measurement, large: Measurement) -> str:
    """The table of times and ratios, the growth of each learner's time, and any warning.

    Nothing is judged: the report states ratios, in wall-clock and in CPU time.
    """
    lines = [
        f"{'rows':>8} {'build s':>8} {'dtree s':>9} {'sklearn s':>10} {'ratio':>7}"
        f" {'dtree cpu s':>12} {'sklearn cpu s':>14} {'cpu ratio':>10}"
        f" {'leaves dtree':>13} {'leaves sklearn':>15}"
    ]
    for m in (small, large):
        lines.append(
            f"{m.rows:>8} {m.build:>8.3f} {m.dtree.wall:>9.3f} {m.sklearn.wall:>10.4f}"
            f" {_ratio(m.dtree.wall, m.sklearn.wall):>7}"
            f" {m.dtree.cpu:>12.3f} {m.sklearn.cpu:>14.4f} {_ratio(m.dtree.cpu, m.sklearn.cpu):>10}"
            f" {m.dtree_leaves:>13} {m.sklearn_leaves:>15}"
        )
    work = large.node_rows / small.node_rows
    lines.append(
        f"rows summed over the nodes of scikit-learn's tree (the work of any exact CART): "
        f"{small.node_rows} and {large.node_rows}, {work:.2f}x for {large.rows / small.rows:g}x "
        "the rows"
    )
    lines.append(
        f"{'growth from ' + str(small.rows) + ' to ' + str(large.rows) + ' rows':<40}"
        f" {'wall':>7} {'cpu':>7} {'wall per row of work':>21} {'cpu per row of work':>20}"
    )
    for name, before, after in (
        ("dtree", small.dtree, large.dtree),
        ("scikit-learn", small.sklearn, large.sklearn),
    ):
        lines.append(
            f"{name:<40} {_ratio(after.wall, before.wall):>7} {_ratio(after.cpu, before.cpu):>7}"
            f" {_ratio(after.wall / work, before.wall):>21}"
            f" {_ratio(after.cpu / work, before.cpu):>20}"
        )
    lines.append(
        f"building the dataset grows {_ratio(large.build, small.build)}; the dtree/scikit-learn"
        f" ratio goes from {_ratio(small.dtree.wall, small.sklearn.wall)} to"
        f" {_ratio(large.dtree.wall, large.sklearn.wall)} in wall time"
    )
    for m in (small, large):
        if m.dtree_leaves != m.sklearn_leaves:
            lines.append(
                f"WARNING: on {m.rows} rows dtree has {m.dtree_leaves} leaves, scikit-learn "
                f"{m.sklearn_leaves} (tied best splits can explain a small difference)"
            )
    return "\n".join(lines)


def options(
    doc: str | None, *, rows: int, repeats: Sequence[tuple[str, int]] = ()
) -> argparse.ArgumentParser:
    """The options every benchmark takes: ``--rows``, ``--seed``, ``--quiet`` and, for each
    (system, default) of ``repeats``, ``--SYSTEM-repeats`` (the least time is kept)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--rows", type=int, default=rows, help=f"default {rows}")
    parser.add_argument("--seed", type=int, default=0)
    for system, default in repeats:
        parser.add_argument(f"--{system}-repeats", type=int, default=default)
    parser.add_argument(
        "--quiet", action="store_true", help="print nothing on standard error while measuring"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = options(__doc__, rows=ROWS, repeats=(("dtree", 3), ("sklearn", 7)))
    parser.add_argument(
        "--levels", type=int, default=LEVELS, help="values per attribute (default 4096)"
    )
    parser.add_argument("--classes", type=int, default=2, help="classes, 2 or more (default 2)")
    args = parser.parse_args(argv)
    if args.classes < 2:
        parser.error("--classes takes 2 or more")
    log = Log(args.quiet)
    small, large = (
        measure(
            rows,
            seed=args.seed,
            levels=args.levels,
            dtree_repeats=args.dtree_repeats,
            sklearn_repeats=args.sklearn_repeats,
            classes=args.classes,
            log=log,
        )
        for rows in (args.rows, 2 * args.rows)
    )
    print(report(small, large))
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
