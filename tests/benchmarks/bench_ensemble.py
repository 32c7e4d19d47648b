"""Fit and prediction time of dtree's ensembles against scikit-learn's.

Run from the repository root::

    python tests/benchmarks/bench_ensemble.py

In one run, on 20,000 rows (``--rows``) of 10 numeric attributes:

- a random forest of 100 trees (``--trees``), each grown to full depth on a
  bootstrap sample with sqrt(10) = 3 attributes drawn at every node:
  ``dtree.ensemble.bagging.random_forest`` against ``RandomForestClassifier(
  n_estimators=100, max_features="sqrt", n_jobs=1)``, on ``bench_cart.py``'s
  two-class problem;
- the forest's predictions for 20,000 other rows of the same problem:
  ``dtree.ensemble.predict_many`` against ``predict``, and the share of rows
  on which the two forests agree (they are different forests: each draws its
  own samples and attributes, so this is near, not at, 100%);
- AdaBoost (SAMME) of 50 stumps (``--rounds``) on the two-class problem:
  ``dtree.ensemble.boosting.adaboost`` (its default: exact weights while their
  denominators are short, floats after) against ``AdaBoostClassifier(
  estimator=DecisionTreeClassifier(max_depth=1), n_estimators=50)``, with both
  ensembles' training accuracy;
- gradient boosting of 100 stages (``--stages``) of depth-3 regression
  trees, learning rate 0.1: ``dtree.ensemble.boosting.gradient_boost`` with squared
  error on ``bench_regression.py``'s numeric target against
  ``GradientBoostingRegressor``, and with log-loss on the two-class problem
  against ``GradientBoostingClassifier``; each with both models' training
  loss, which should agree closely (the same stages up to tied cuts).

Building dtree's ``Dataset`` is not timed; scikit-learn gets its matrix as
float32.  The times are the least of the repeats (``--dtree-repeats``,
``--sklearn-repeats``), in wall-clock time and in CPU time of this process
(the steadier figure on a loaded machine).  Like the other benchmarks it
judges nothing and exits 0 whatever the times; what it is doing goes to
standard error (``--quiet`` turns it off).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from sklearn.ensemble import (
    AdaBoostClassifier,
    GradientBoostingClassifier,
    GradientBoostingRegressor,
    RandomForestClassifier,
)
from sklearn.tree import DecisionTreeClassifier

from dtree.dataset import Dataset, Example
from dtree.ensemble import Ensemble, decisions, predict_many
from dtree.ensemble.bagging import random_forest
from dtree.ensemble.boosting import adaboost, gradient_boost

if TYPE_CHECKING or __package__:
    from benchmarks import bench_cart, bench_regression
    from benchmarks.bench_cart import Log, Timing, _ratio, best_time, options
else:  # run as a script, from its own folder
    import bench_cart
    import bench_regression
    from bench_cart import Log, Timing, _ratio, best_time, options

ROWS = 20_000
TREES = 100
STAGES = 100
ROUNDS = 50
DEPTH = 3
LEARNING_RATE = 0.1


@dataclass(frozen=True)
class Line:
    """One task's times for both systems, and a figure that compares their results."""

    task: str
    dtree: Timing
    sklearn: Timing
    check: str


def examples(problem: bench_cart.Problem) -> list[Example]:
    """The problem's rows as mappings from attribute name to value."""
    names = [f"x{j}" for j in range(bench_cart.ATTRIBUTES)]
    return [dict(zip(names, row, strict=True)) for row in problem.rows]


def agreement(ours: Sequence[object], theirs: Any) -> float:
    """The share of rows on which two sequences of predictions are equal."""
    return float(sum(a == b for a, b in zip(ours, theirs, strict=True))) / max(1, len(ours))


def squared_error(data: Dataset, model: Ensemble) -> float:
    """The mean squared error of a regression ensemble on its data."""
    predicted = predict_many(model, data.examples())
    pairs = zip(data.labels, predicted, strict=True)
    return sum((float(y) - float(p)) ** 2 for y, p in pairs) / len(predicted)


def log_loss(data: Dataset, model: Ensemble) -> float:
    """The mean log-loss of a two-class ensemble on its data: -log P(true class)."""
    positive = model.classes[1]
    total = 0.0
    for label, (f,) in zip(data.labels, decisions(model, data.examples()), strict=True):
        # -log sigmoid(+-f), written so that it never overflows
        z = f if label == positive else -f
        total += math.log1p(math.exp(-z)) if z > 0 else -z + math.log1p(math.exp(z))
    return total / len(data.labels)


def measure(
    rows: int,
    *,
    trees: int = TREES,
    stages: int = STAGES,
    rounds: int = ROUNDS,
    seed: int = 0,
    dtree_repeats: int = 1,
    sklearn_repeats: int = 3,
    log: Callable[[str], None] = lambda text: None,
) -> list[Line]:
    """Every task's timings, in the order of the report."""
    log(f"{rows} rows: making the data and building the datasets")
    classes = bench_cart.make_problem(rows, seed)
    fresh = bench_cart.make_problem(rows, seed + 1)
    regression = bench_regression.make_problem(rows, seed)
    data, x, y = bench_cart.dataset(classes), *bench_cart.matrix(classes)
    numeric, xr, yr = bench_regression.dataset(regression), *bench_regression.matrix(regression)
    unseen, x_unseen = examples(fresh), bench_cart.matrix(fresh)[0]
    lines: list[Line] = []
    timings: dict[str, tuple[Timing, Timing]] = {}

    def timed(
        what: str, ours: Callable[[], Any], theirs: Callable[[], Any], call: str = "fit"
    ) -> tuple[Any, Any]:
        dtree_time, model = best_time(
            ours, dtree_repeats, lambda text: log(f"{what}: dtree {text}"), call
        )
        sklearn_time, estimator = best_time(
            theirs, sklearn_repeats, lambda text: log(f"{what}: scikit-learn {text}"), call
        )
        timings[what] = (dtree_time, sklearn_time)
        return model, estimator

    forest_task = f"random forest, {trees} trees"
    forest, estimator = timed(
        forest_task,
        lambda: random_forest(data, n_trees=trees, max_features="sqrt", seed=seed),
        lambda: RandomForestClassifier(
            n_estimators=trees, max_features="sqrt", n_jobs=1, random_state=seed
        ).fit(x, y),
    )
    lines.append(
        Line(
            forest_task,
            *timings[forest_task],
            f"training accuracy {agreement(predict_many(forest.ensemble, data.examples()), y):.4f}"
            f" and {agreement(estimator.predict(x), y):.4f}",
        )
    )
    predict_task = f"forest predicts {len(unseen)} rows"
    ours, theirs = timed(
        predict_task,
        lambda: predict_many(forest.ensemble, unseen),
        lambda: estimator.predict(x_unseen),
        "call",
    )
    lines.append(
        Line(
            predict_task,
            *timings[predict_task],
            f"the forests agree on {agreement(ours, theirs):.4f} of the rows",
        )
    )
    ada_task = f"AdaBoost (SAMME), {rounds} stumps"
    model, estimator = timed(
        ada_task,
        lambda: adaboost(data, n_rounds=rounds),
        lambda: AdaBoostClassifier(
            estimator=DecisionTreeClassifier(max_depth=1), n_estimators=rounds, random_state=seed
        ).fit(x, y),
    )
    lines.append(
        Line(
            ada_task,
            *timings[ada_task],
            f"training accuracy {agreement(predict_many(model, data.examples()), y):.4f}"
            f" and {agreement(estimator.predict(x), y):.4f}",
        )
    )
    boost_task = f"gradient boosting, squared error, {stages} stages"
    model, estimator = timed(
        boost_task,
        lambda: gradient_boost(
            numeric, n_stages=stages, learning_rate=LEARNING_RATE, max_depth=DEPTH, seed=seed
        ),
        lambda: GradientBoostingRegressor(
            n_estimators=stages, learning_rate=LEARNING_RATE, max_depth=DEPTH, random_state=seed
        ).fit(xr, yr),
    )
    theirs_mse = float(np.mean((estimator.predict(xr) - yr) ** 2))
    lines.append(
        Line(
            boost_task,
            *timings[boost_task],
            f"training mse {squared_error(numeric, model):.6g} and {theirs_mse:.6g}",
        )
    )
    logit_task = f"gradient boosting, log-loss, {stages} stages"
    model, estimator = timed(
        logit_task,
        lambda: gradient_boost(
            data,
            n_stages=stages,
            learning_rate=LEARNING_RATE,
            max_depth=DEPTH,
            seed=seed,
            loss="log_loss",
        ),
        lambda: GradientBoostingClassifier(
            n_estimators=stages, learning_rate=LEARNING_RATE, max_depth=DEPTH, random_state=seed
        ).fit(x, y),
    )
    p = np.clip(estimator.predict_proba(x)[:, 1], 1e-300, 1.0)
    q = np.clip(estimator.predict_proba(x)[:, 0], 1e-300, 1.0)
    theirs_loss = float(-np.mean(np.where(y == estimator.classes_[1], np.log(p), np.log(q))))
    lines.append(
        Line(
            logit_task,
            *timings[logit_task],
            f"training log-loss {log_loss(data, model):.6g} and {theirs_loss:.6g}",
        )
    )
    return lines


def report(
    rows: int,
    lines: Sequence[Line],
    title: str = "ensembles",
    peer: str = "scikit-learn (n_jobs=1)",
) -> str:
    """A table of both systems' wall and CPU times and their ratios; no verdict."""
    width = max(len(line.task) for line in lines)
    out = [
        f"{title} on {rows} rows, dtree against {peer}; the least time of the repeats",
        f"{'task':<{width}} {'dtree s':>9} {'sklearn s':>10} {'ratio':>8}"
        f" {'dtree cpu s':>12} {'sklearn cpu s':>14} {'cpu ratio':>10}",
    ]
    for line in lines:
        out.append(
            f"{line.task:<{width}} {line.dtree.wall:>9.3f} {line.sklearn.wall:>10.4f}"
            f" {_ratio(line.dtree.wall, line.sklearn.wall):>8}"
            f" {line.dtree.cpu:>12.3f} {line.sklearn.cpu:>14.4f}"
            f" {_ratio(line.dtree.cpu, line.sklearn.cpu):>10}"
        )
    out.append("dtree's figure first, then scikit-learn's:")
    out.extend(f"  {line.task}: {line.check}" for line in lines)
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = options(__doc__, rows=ROWS, repeats=(("dtree", 1), ("sklearn", 3)))
    parser.add_argument("--trees", type=int, default=TREES, help=f"default {TREES}")
    parser.add_argument("--stages", type=int, default=STAGES, help=f"default {STAGES}")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"default {ROUNDS}")
    args = parser.parse_args(argv)
    if min(args.rows, args.trees, args.stages, args.rounds) < 1:
        parser.error("--rows, --trees, --stages and --rounds take 1 or more")
    log = Log(args.quiet, "bench_ensemble")
    lines = measure(
        args.rows,
        trees=args.trees,
        stages=args.stages,
        rounds=args.rounds,
        seed=args.seed,
        dtree_repeats=args.dtree_repeats,
        sklearn_repeats=args.sklearn_repeats,
        log=log,
    )
    print(report(args.rows, lines))
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
