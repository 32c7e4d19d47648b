"""dtree at the extremes: many classes, and a chain 10,000 splits deep, against scikit-learn.

Run from the repository root::

    python tests/benchmarks/bench_extremes.py

Two problems, each fitted by dtree's ``cart`` and scikit-learn's
``DecisionTreeClassifier`` in the same run:

* **many classes**: ``x = 0, 1, ..., n - 1`` with the class ``c<x>``, every
  row a class of its own (``--classes``, default 250 and 5,000); every cut
  ties, and each of the 2n - 1 nodes keeps n counts;
* **a chain**: ``x = 0, 1, ..., n - 1`` with the class ``x mod 2``
  (``--depth``, default 10,000), which CART grows into a chain n - 1 splits
  deep; its nodes hold n, n - 1, ... rows, n(n + 1)/2 in all, and any exact
  CART scans every one of them.

On the chain it then times dtree's operations over the deep tree, which
should each take about a second or less: the text and the rules, the
prediction of the deepest row, and pessimistic, reduced-error and
cost-complexity pruning.  Like ``bench_cart.py`` it reports wall-clock and
CPU times and their ratios, judges nothing, and exits 0.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
from sklearn.tree import DecisionTreeClassifier

from dtree import prune, render
from dtree.dataset import Dataset
from dtree.ensemble import predict
from dtree.grower.presets import cart
from dtree.tree import Tree, depth, size

if TYPE_CHECKING or __package__:
    from benchmarks.bench_cart import Log, Timing, _ratio, best_time
else:  # run as a script, from its own folder
    from bench_cart import Log, Timing, _ratio, best_time


def many_classes(n: int) -> Dataset:
    """Every row a class of its own."""
    return Dataset.from_columns({"x": list(range(n)), "y": [f"c{i}" for i in range(n)]}, target="y")


def chain(n: int) -> Dataset:
    """Alternating classes along one attribute: CART peels one row a split."""
    return Dataset.from_columns(
        {"x": list(range(n)), "y": [str(i % 2) for i in range(n)]}, target="y"
    )


def fit_sklearn(data: Dataset) -> DecisionTreeClassifier:
    x = np.array([[data.columns[0][i]] for i in data.rows], dtype=np.float32)
    y = np.array([data.target[i] for i in data.rows])
    with warnings.catch_warnings():  # a class a row is the point here, not a mistake
        warnings.simplefilter("ignore", UserWarning)
        return DecisionTreeClassifier(random_state=0).fit(x, y)


def compare(name: str, data: Dataset, log: Callable[[str], None]) -> tuple[str, Tree]:
    """One line: both fits' times and ratios, and both trees' sizes."""
    ours, tree = best_time(lambda: cart(data), 1, lambda text: log(f"{name}: dtree {text}"))
    theirs, estimator = best_time(
        lambda: fit_sklearn(data), 1, lambda text: log(f"{name}: scikit-learn {text}")
    )
    line = (
        f"{name:28} {ours.wall:9.2f} {theirs.wall:9.3f} {_ratio(ours.wall, theirs.wall):>8}"
        f" {ours.cpu:9.2f} {theirs.cpu:9.3f} {_ratio(ours.cpu, theirs.cpu):>8}"
        f" {size(tree):>7} {estimator.tree_.node_count:>7}"
    )
    return line, tree


def _note(log: Callable[[str], None], name: str, text: str) -> None:
    log(f"{name}: {text}")


def operations(tree: Tree, data: Dataset, log: Callable[[str], None]) -> list[str]:
    """Each operation on the deep tree, in wall and CPU seconds."""
    deepest = {"x": len(data.rows) - 1}
    steps: list[tuple[str, Callable[[], object]]] = [
        ("render.text", lambda: render.text(tree)),
        ("render.rules", lambda: render.rules(tree)),
        ("predict, the deepest row", lambda: predict(tree, deepest)),
        ("prune.pessimistic(data=...)", lambda: prune.pessimistic(tree, 0.25, data=data)),
        ("prune.reduced_error", lambda: prune.reduced_error(tree, data)),
        ("prune.cost_complexity_path", lambda: prune.cost_complexity_path(tree)),
    ]
    lines = []
    for name, step in steps:
        timing: Timing = best_time(step, 1, partial(_note, log, name))[0]
        lines.append(f"{name:28} {timing.wall:9.2f} {timing.cpu:9.2f}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--classes", type=int, nargs="+", default=[250, 5000])
    parser.add_argument("--depth", type=int, default=10_000)
    parser.add_argument("--quiet", action="store_true", help="print nothing on standard error")
    args = parser.parse_args(argv)
    log = Log(args.quiet, "bench_extremes")
    print(
        f"{'fit':28} {'dtree s':>9} {'sklearn s':>9} {'ratio':>8} {'dtree cpu':>9}"
        f" {'sklearn cpu':>9} {'cpu ratio':>8} {'nodes':>7} {'sklearn':>7}"
    )
    for n in args.classes:
        print(compare(f"{n} rows of {n} classes", many_classes(n), log)[0])
    data = chain(args.depth)
    line, tree = compare(f"chain of {args.depth} rows", data, log)
    print(line)
    print(f"\nthe chain is {depth(tree)} splits deep\n{'operation':28} {'wall s':>9} {'cpu s':>9}")
    print("\n".join(operations(tree, data, log)))
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
