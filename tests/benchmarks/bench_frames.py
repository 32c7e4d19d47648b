"""Data frames and scikit-learn estimators: dtree's time against pandas' and scikit-learn's.

Run from the repository root::

    python tests/benchmarks/bench_frames.py

In one run, on 20,000 rows (``--rows``) of ``bench_cart.py``'s two-class
problem (10 numeric attributes) with two nominal attributes added (``n0``: 8
values that shift the class, ``n1``: 30 values of noise):

- reading the problem's CSV file: ``dtree.read_csv`` against
  ``pandas.read_csv``, and whether ``Dataset.from_frame`` of pandas' frame is
  the dataset ``read_csv`` reads;
- a frame as data: ``Dataset.from_frame`` of the pandas frame (nominal columns
  categorical) against ``frame.to_numpy()`` of its numeric columns, the
  conversion scikit-learn makes of a frame;
- CART on the numeric columns of the frame: ``TreeClassifier("cart")`` against
  ``DecisionTreeClassifier``, both given the frame (so dtree's time includes
  reading it), and both trees' numbers of leaves;
- predicting 20,000 other rows given as a frame: ``predict`` against
  ``predict``, and the share of rows where the two agree;
- the nominal columns: C4.5 (``TreeClassifier("c45")``, the categorical
  columns split on natively) against a pipeline of scikit-learn's
  ``OneHotEncoder`` and ``DecisionTreeClassifier``, with each model's accuracy on
  the other rows.

The times are the least of the repeats (``--dtree-repeats``,
``--sklearn-repeats``), in wall-clock time and in CPU time of this process
(the steadier figure on a loaded machine).  Like the other benchmarks it
judges nothing and exits 0 whatever the times; what it is doing goes to
standard error (``--quiet`` turns it off).
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeClassifier

from dtree.dataset import Dataset
from dtree.estimators import TreeClassifier
from dtree.load import read_csv
from dtree.tree import n_leaves

if TYPE_CHECKING or __package__:
    from benchmarks import bench_cart
    from benchmarks.bench_cart import Log, Timing, best_time, options
    from benchmarks.bench_ensemble import Line, agreement, report
else:  # run as a script, from its own folder
    import bench_cart
    from bench_cart import Log, Timing, best_time, options
    from bench_ensemble import Line, agreement, report

ROWS = 20_000
PEERS = "pandas and scikit-learn (the task's parenthesis names the peer's call)"
SHIFTS = 8
"""The values of ``n0``; values 0 and 1 flip the class of a further 20% of their rows."""
NOISE_VALUES = 30
"""The values of ``n1``, drawn independently of the class."""


def make_frame(rows: int, seed: int = 0) -> pd.DataFrame:
    """``bench_cart``'s problem as a pandas frame with two categorical columns and ``y``."""
    problem = bench_cart.make_problem(rows, seed)
    rng = random.Random(seed + 100)
    shifts = [rng.randrange(SHIFTS) for _ in range(rows)]
    labels = [
        ("yes" if label == "no" else "no") if shift < 2 and rng.random() < 0.2 else label
        for label, shift in zip(problem.labels, shifts, strict=True)
    ]
    columns: dict[str, Any] = {
        f"x{j}": [row[j] for row in problem.rows] for j in range(bench_cart.ATTRIBUTES)
    }
    columns["n0"] = pd.Categorical([f"s{k}" for k in shifts], [f"s{k}" for k in range(SHIFTS)])
    noise = [f"v{k}" for k in range(NOISE_VALUES)]
    columns["n1"] = pd.Categorical([rng.choice(noise) for _ in range(rows)], noise)
    columns["y"] = labels
    return pd.DataFrame(columns)


def one_hot_tree() -> Any:
    """scikit-learn's way with nominal columns: one-hot columns, then CART."""
    encoder = make_column_transformer(
        (OneHotEncoder(handle_unknown="ignore"), ["n0", "n1"]), remainder="passthrough"
    )
    return make_pipeline(encoder, DecisionTreeClassifier(random_state=0))


def measure(
    rows: int,
    *,
    seed: int = 0,
    dtree_repeats: int = 1,
    sklearn_repeats: int = 3,
    log: Callable[[str], None] = lambda text: None,
) -> list[Line]:
    """Every task's timings, in the order of the report."""
    log(f"{rows} rows: making the frames")
    frame, fresh = make_frame(rows, seed), make_frame(rows, seed + 1)
    numeric = [f"x{j}" for j in range(bench_cart.ATTRIBUTES)]
    x, y = frame.drop(columns="y"), frame["y"]
    x_fresh, y_fresh = fresh.drop(columns="y"), fresh["y"]
    lines: list[Line] = []

    def timed(
        task: str, ours: Callable[[], Any], theirs: Callable[[], Any], call: str = "fit"
    ) -> tuple[Timing, Any, Timing, Any]:
        dtree_time, model = best_time(
            ours, dtree_repeats, lambda text: log(f"{task}: dtree {text}"), call
        )
        sklearn_time, estimator = best_time(
            theirs, sklearn_repeats, lambda text: log(f"{task}: the field {text}"), call
        )
        return dtree_time, model, sklearn_time, estimator

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "frame.csv")
        frame.to_csv(path, index=False)
        task = "read the CSV file (pandas.read_csv)"
        ours, data, theirs, read = timed(
            task, lambda: read_csv(path, target="y"), lambda: pd.read_csv(path), "call"
        )
        same = Dataset.from_frame(read, target="y") == data
        lines.append(Line(task, ours, theirs, f"from_frame of pandas' frame is read_csv's: {same}"))
    task = "from_frame (frame.to_numpy)"
    ours, data, theirs, _ = timed(
        task,
        lambda: Dataset.from_frame(frame, target="y"),
        lambda: frame[numeric].to_numpy(dtype="float32"),
        "call",
    )
    lines.append(Line(task, ours, theirs, f"{len(data)} rows, {len(data.schema.names)} attributes"))
    task = "CART on the numeric columns (DecisionTreeClassifier)"
    ours, cart, theirs, native = timed(
        task,
        lambda: TreeClassifier("cart").fit(x[numeric], y),
        lambda: DecisionTreeClassifier(random_state=0).fit(x[numeric], y),
    )
    leaves = f"leaves {n_leaves(cart.tree_)} and {native.get_n_leaves()}"
    lines.append(Line(task, ours, theirs, leaves))
    task = f"CART predicts {rows} rows (predict)"
    ours, predicted, theirs, expected = timed(
        task,
        lambda: cart.predict(x_fresh[numeric]),
        lambda: native.predict(x_fresh[numeric]),
        "call",
    )
    lines.append(
        Line(task, ours, theirs, f"the trees agree on {agreement(predicted, expected):.4f}")
    )
    task = "C4.5 (one-hot CART) on all columns"
    ours, c45, theirs, encoded = timed(
        task, lambda: TreeClassifier("c45").fit(x, y), lambda: one_hot_tree().fit(x, y)
    )
    accuracy = f"accuracy on other rows {c45.score(x_fresh, y_fresh):.4f}"
    lines.append(Line(task, ours, theirs, f"{accuracy} and {encoded.score(x_fresh, y_fresh):.4f}"))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = options(__doc__, rows=ROWS, repeats=(("dtree", 1), ("sklearn", 3)))
    args = parser.parse_args(argv)
    if args.rows < 1:
        parser.error("--rows takes 1 or more")
    log = Log(args.quiet, "bench_frames")
    lines = measure(
        args.rows,
        seed=args.seed,
        dtree_repeats=args.dtree_repeats,
        sklearn_repeats=args.sklearn_repeats,
        log=log,
    )
    print(report(args.rows, lines, "frames and estimators", PEERS))
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
