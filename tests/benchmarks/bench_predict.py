"""Prediction time of dtree's compiled trees against scikit-learn's DecisionTreeClassifier.

Run from the repository root::

    python tests/benchmarks/bench_predict.py

Both learners fit a Gini tree to full depth on the data of ``bench_cart.py``
(20,000 rows of 10 numeric attributes), then predict 100,000 other rows of
the same problem (drawn with the next seed), every value known.  dtree
predicts with ``predict_many`` over the rows as mappings (which compiles
the tree once per call), once more row by row with the tree compiled once
(``dtree.compiled.predictions`` of one row at a time), and once by the
definition, ``predict``, which is ``prediction_of(tree, reach(tree, row))``,
row by row (one repeat: it is slow); scikit-learn with ``predict`` over the
rows as a float32 matrix.  Both inputs are built before any timing, so
neither side pays for converting its input.  Compiling the tree
(``compile_tree``) is timed on its own.  The times are
the least of several repeats, in wall-clock time and in CPU time (of
this process).

The script reports and judges nothing: timings depend on the machine and
its load, so it never fails on one (the exit status is 0 whatever the
times).  It prints each way's times and their ratio to scikit-learn's,
in wall and CPU time, and rows per second; the size and depth of
dtree's tree and the time it took to compile; and the share of rows on
which the two trees agree (most, not all: tied best splits, common at
full depth on noisy data, are broken differently, which moves small
leaves; on the training rows the trees agree everywhere).  What
the script is doing, with the time elapsed, goes to standard error as it
goes (``--quiet`` turns it off).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dtree.compiled import compile_tree, predictions
from dtree.dataset import Example
from dtree.ensemble import predict, predict_many
from dtree.tree import depth, n_leaves

if TYPE_CHECKING or __package__:
    from benchmarks.bench_cart import (
        ATTRIBUTES,
        LEVELS,
        Log,
        Timing,
        _ratio,
        best_time,
        dataset,
        fit_dtree,
        fit_sklearn,
        make_problem,
        matrix,
        options,
    )
else:  # run as a script, from its own folder
    from bench_cart import (
        ATTRIBUTES,
        LEVELS,
        Log,
        Timing,
        _ratio,
        best_time,
        dataset,
        fit_dtree,
        fit_sklearn,
        make_problem,
        matrix,
        options,
    )

TRAINING_ROWS = 20_000
ROWS = 100_000
"""The rows predicted."""


@dataclass(frozen=True)
class Measurement:
    """The timings of one run: dtree's tree, its compilation, the four ways of predicting
    (``reached``, the walk before compiling, None when not timed), and how often the two
    trees agree."""

    training_rows: int
    rows: int
    leaves: int
    depth: int
    compile: Timing
    many: Timing
    each: Timing
    sklearn: Timing
    agreement: float
    reached: Timing | None = None


def measure(
    training_rows: int,
    rows: int,
    *,
    seed: int,
    levels: int,
    dtree_repeats: int,
    sklearn_repeats: int,
    reach_repeats: int = 0,
    log: Callable[[str], None] = lambda text: None,
) -> Measurement:
    log(f"fitting both learners to {training_rows} rows")
    training = make_problem(training_rows, seed, levels)
    tree = fit_dtree(dataset(training))
    estimator = fit_sklearn(*matrix(training))
    log(f"making {rows} rows to predict")
    problem = make_problem(rows, seed + 1, levels)
    names = tuple(f"x{j}" for j in range(ATTRIBUTES))
    examples: list[Example] = [dict(zip(names, row, strict=True)) for row in problem.rows]
    x, _ = matrix(problem)
    compile_time, _ = best_time(
        lambda: compile_tree(tree), 1, lambda text: log(f"compiling: {text}"), "call"
    )
    walk = compile_tree(tree)
    many, ours = best_time(
        lambda: predict_many(tree, examples),
        dtree_repeats,
        lambda text: log(f"dtree predict_many {text}"),
        "call",
    )
    each, one_by_one = best_time(
        lambda: [predictions(walk, [example])[0] for example in examples],
        dtree_repeats,
        lambda text: log(f"dtree compiled once, row by row, {text}"),
        "pass",
    )
    sklearn, theirs = best_time(
        lambda: estimator.predict(x),
        sklearn_repeats,
        lambda text: log(f"scikit-learn predict {text}"),
        "call",
    )
    reached = None
    if reach_repeats > 0:
        reached, before = best_time(
            lambda: [predict(tree, example) for example in examples],
            reach_repeats,
            lambda text: log(f"dtree predict (the definition), row by row, {text}"),
            "pass",
        )
        if list(ours) != before:
            raise AssertionError("predict_many and reach disagree")
    if list(ours) != one_by_one:
        raise AssertionError("predict_many and predict disagree")
    return Measurement(
        training_rows,
        rows,
        n_leaves(tree),
        depth(tree),
        compile_time,
        many,
        each,
        sklearn,
        agreement(ours, theirs),
        reached,
    )


def agreement(ours: Sequence[object], theirs: Any) -> float:
    """The share of rows on which the two predictions are equal."""
    same = sum(1 for a, b in zip(ours, theirs.tolist(), strict=True) if a == b)
    return same / max(1, len(ours))


def _rate(rows: int, seconds: float) -> str:
    return f"{rows / seconds:,.0f}" if seconds > 0 else "n/a"


def report(m: Measurement) -> str:
    """The times of each way of predicting, their ratios to scikit-learn's, and the trees.

    Nothing is judged: the report states ratios, in wall-clock and in CPU time.
    """
    lines = [
        f"dtree's CART tree of {m.training_rows} rows: {m.leaves} leaves, depth {m.depth};"
        f" compiled by the first call, on one row, in {m.compile.wall:.4f} s",
        f"{'predicting ' + str(m.rows) + ' rows':<28} {'wall s':>8} {'ratio':>8}"
        f" {'cpu s':>8} {'cpu ratio':>10} {'rows/s cpu':>12}",
    ]
    ways = [
        ("scikit-learn predict", m.sklearn),
        ("dtree predict_many", m.many),
        ("dtree compiled, row by row", m.each),
    ]
    if m.reached is not None:
        ways.append(("dtree predict, definition", m.reached))
    for name, timing in ways:
        lines.append(
            f"{name:<28} {timing.wall:>8.4f} {_ratio(timing.wall, m.sklearn.wall):>8}"
            f" {timing.cpu:>8.4f} {_ratio(timing.cpu, m.sklearn.cpu):>10}"
            f" {_rate(m.rows, timing.cpu):>12}"
        )
    lines.append(
        f"the two trees predict alike on {100 * m.agreement:.2f}% of the rows"
        " (ties at full depth may be broken differently)"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = options(__doc__, rows=ROWS, repeats=(("dtree", 3), ("sklearn", 7)))
    parser.add_argument("--training-rows", type=int, default=TRAINING_ROWS, help="default 20000")
    parser.add_argument(
        "--levels", type=int, default=LEVELS, help="values per attribute (default 4096)"
    )
    parser.add_argument(
        "--reach-repeats", type=int, default=1, help="of the walk before compiling (0: none)"
    )
    args = parser.parse_args(argv)
    log = Log(args.quiet, "bench_predict")
    start = time.perf_counter()
    m = measure(
        args.training_rows,
        args.rows,
        seed=args.seed,
        levels=args.levels,
        dtree_repeats=args.dtree_repeats,
        sklearn_repeats=args.sklearn_repeats,
        reach_repeats=args.reach_repeats,
        log=log,
    )
    print(report(m))
    log(f"done in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
