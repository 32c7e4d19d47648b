"""Builders the tests of several modules share.

- Deep trees: :func:`chain`, :func:`chain_with_data`, :func:`surviving_chain` and
  :func:`peeled`, chains of splits far deeper than Python's recursion limit, and
  :func:`alternating`, the data on which every best split peels one row off.
- Problems for scikit-learn: :class:`Options`, :class:`Problem`, :func:`seeded_problem`,
  the tie-free :data:`SEEDED` cases and :func:`fit_sklearn`.
- Boosting: :func:`starts`, whether AdaBoost can start on a dataset.
- Live peers: :func:`oracle_missing`.
- Progress: :func:`recorded` and :func:`assert_kept_the_promise`.
- The command line: running it, its progress line, and the tables its tests read.
"""

from __future__ import annotations

import http.server
import io
import itertools
import os
import random
import shutil
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pandas as pd
import pytest
from attrs import evolve
from hypothesis import settings
from hypothesis import strategies as st

from dtree.cli import common, main
from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import ClassStats, Moments
from dtree.dataset import Dataset, Label, Value
from dtree.datasets import load
from dtree.ensemble.boosting import adaboost
from dtree.errors import DtreeError
from dtree.grower.learner import C45, CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.progress import Line, Progress, Report
from dtree.strategies import datasets
from dtree.tree import Branch, Leaf, Split, Sprout, Tree, unfold

# -- deep trees ---------------------------------------------------------------------------------

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "ci"
"""Whether the thorough ``ci`` profile of :mod:`conftest` is the one loaded."""


def thorough(examples: int, **options: Any) -> settings:
    """The settings of a property whose every example costs a second or more of work (it
    fits ensembles, runs a peer, or searches exhaustively): ``examples`` examples under the
    thorough profile, where its 600 would make the one property minutes long, and the
    default profile's 30 (or fewer) otherwise."""
    count = examples if THOROUGH else min(examples, 30)
    return settings(max_examples=count, deadline=None, **options)


CLASSES = ("a", "b")

GRID = st.integers(min_value=-8, max_value=8).map(lambda k: k / 4)
"""Numbers on the quarters from -2 to 2: ties and repeats are common, sums exact."""


def chain(length: int) -> Tree:
    """x <= 0 -> a, else x <= 1 -> a, ..., else b: ``length`` splits deep, an example at
    each leaf (each split counts those below it, as a model file must)."""
    tree: Tree = Leaf("b", ClassStats(CLASSES, (0, 1)))
    for i in reversed(range(length)):
        a = Leaf("a", ClassStats(CLASSES, (1, 0)))
        below = ClassStats(CLASSES, (length - i, 1))
        tree = Split((Branch(AtMost("x", i), a), Branch(Above("x", i), tree)), below)
    return tree


def alternating(n: int) -> Dataset:
    """Rows x = 0, 1, ..., n - 1 of classes a, b, a, b, ...: every best split peels one row
    off, so a tree grown until pure is a chain ``n - 1`` splits deep."""
    xs = [float(i) for i in range(n)]
    return Dataset.from_columns({"x": xs, "y": ["ab"[i % 2] for i in range(n)]}, target="y")


def chain_labels(n: int) -> tuple[Label, ...]:
    """Row i's class: "a" but for every third row, so each split's leaf is often a minority."""
    return tuple("b" if i % 3 == 2 else "a" for i in range(n))


def chain_with_data(depth: int) -> tuple[Tree, Dataset]:
    """A chain ``depth`` splits deep on x = 0..depth, and the dataset it was grown on: the
    split at depth i sends x <= i + 0.5 (the single row i) to a leaf, the rest on down;
    the classes are :func:`chain_labels`."""
    n = depth + 1
    labels = chain_labels(n)
    below = [[0, 0] for _ in range(n + 1)]  # class counts of rows i..n-1
    for i in reversed(range(n)):
        below[i] = list(below[i + 1])
        below[i][CLASSES.index(labels[i])] += 1

    def stats(i: int) -> ClassStats:
        return ClassStats(CLASSES, tuple(below[i]))

    def step(seed: tuple[int, bool]) -> Leaf | Sprout[tuple[int, bool]]:
        i, alone = seed
        if alone:
            return Leaf(labels[i], ClassStats(CLASSES, tuple(int(c == labels[i]) for c in CLASSES)))
        if i == n - 1:
            return Leaf(labels[i], stats(i))
        conditions = (AtMost("x", i + 0.5), Above("x", i + 0.5))
        return Sprout(conditions, ((i, True), (i + 1, False)), stats(i))

    data = Dataset.from_columns({"x": list(range(n)), "y": list(labels)}, target="y")
    return unfold((0, False), step), data


def surviving_chain(depth: int, width: int = 10, run: int = 1) -> tuple[Tree, Dataset]:
    """A chain ``depth`` splits deep whose leaves hold ``width`` rows each, of one class,
    "a" and "b" taking turns every ``run`` depths.  With ``run=1`` every split earns its
    keep, so pruning keeps the chain whole."""
    n = depth + 1
    x = list(range(n * width))
    kind = [CLASSES[(i // run) % 2] for i in range(n)]
    labels = [kind[i // width] for i in x]
    left = [(0, 0)] * (n + 1)  # how many of kind[i:] are "a" and "b"
    for i in reversed(range(n)):
        a, b = left[i + 1]
        left[i] = (a + 1, b) if kind[i] == "a" else (a, b + 1)

    def leaf(i: int) -> Leaf:
        return Leaf(kind[i], ClassStats(CLASSES, (width, 0) if kind[i] == "a" else (0, width)))

    def step(i: int) -> Leaf | Sprout[int]:
        if i < 0:
            return leaf(-i - 1)
        if i == n - 1:
            return leaf(i)
        below = ClassStats(CLASSES, tuple(width * count for count in left[i]))
        cut = width * (i + 1) - 0.5
        return Sprout((AtMost("x", cut), Above("x", cut)), (-i - 1, i + 1), below)

    data = Dataset.from_columns({"x": x, "y": labels}, target="y")
    return unfold(0, step), data


def peeled(n: int) -> Tree:
    """A regression chain ``n`` splits deep on rows x = y = 0, 1, ..., n: each split
    ``x <= i + 0.5`` peels row i off into a leaf."""

    def total(k: int) -> int:
        """0 + 1 + ... + k."""
        return k * (k + 1) // 2

    def squares(k: int) -> int:
        """0^2 + 1^2 + ... + k^2."""
        return k * (k + 1) * (2 * k + 1) // 6

    def step(seed: tuple[int, bool]) -> Leaf | Sprout[tuple[int, bool]]:
        i, alone = seed
        if alone or i == n:
            return Leaf(float(i), Moments(1, float(i), float(i * i)))
        stats = Moments(
            n + 1 - i, float(total(n) - total(i - 1)), float(squares(n) - squares(i - 1))
        )
        conditions = (AtMost("x", i + 0.5), Above("x", i + 0.5))
        return Sprout(conditions, ((i, True), (i + 1, False)), stats)

    return unfold((0, False), step)


# -- problems for scikit-learn ------------------------------------------------------------------

Criterion = Literal["gini", "entropy", "squared_error"]


@dataclass(frozen=True)
class Options:
    """The pre-pruning options, as dtree takes them."""

    max_depth: int | None = None
    min_samples_split: int = 0
    min_samples_leaf: int = 0
    min_impurity_decrease: float = 0.0
    max_leaf_nodes: int | None = None

    def for_sklearn(self) -> dict[str, Any]:
        """The same options for scikit-learn, whose minima are 2 and 1."""
        return {
            "max_depth": self.max_depth,
            "min_samples_split": max(2, self.min_samples_split),
            "min_samples_leaf": max(1, self.min_samples_leaf),
            "min_impurity_decrease": self.min_impurity_decrease,
            "max_leaf_nodes": self.max_leaf_nodes,
        }


@dataclass(frozen=True)
class Problem:
    """Rows of numeric attributes x0, x1, ..., a target, a criterion and options."""

    rows: tuple[tuple[float, ...], ...]
    target: tuple[str | float, ...]
    criterion: Criterion
    options: Options = Options()

    @property
    def classification(self) -> bool:
        return self.criterion != "squared_error"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f"x{j}" for j in range(len(self.rows[0])))

    @property
    def classes(self) -> tuple[str, ...]:
        """The classes in scikit-learn's order (its ``classes_`` are sorted)."""
        return tuple(sorted({str(label) for label in self.target}))

    def dataset(self) -> Dataset:
        columns: dict[str, Sequence[Value]] = {
            name: [row[j] for row in self.rows] for j, name in enumerate(self.names)
        }
        columns["y"] = self.target
        classes = self.classes if self.classification else None
        return Dataset.from_columns(columns, target="y", classes=classes)

    def example(self, point: Sequence[float]) -> dict[str, Value]:
        return dict(zip(self.names, point, strict=True))


def fit_sklearn(problem: Problem, random_state: int = 0) -> Any:
    """scikit-learn's tree of ``problem``: X in float32, as scikit-learn holds it."""
    from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor  # noqa: PLC0415

    matrix = np.array(problem.rows, dtype=np.float32)
    options = problem.options.for_sklearn()
    if problem.classification:
        classifier = DecisionTreeClassifier(
            criterion=problem.criterion, random_state=random_state, **options
        )
        return classifier.fit(matrix, np.array(problem.target, dtype=str))
    regressor = DecisionTreeRegressor(
        criterion="squared_error", random_state=random_state, **options
    )
    return regressor.fit(matrix, np.array(problem.target, dtype=np.float64))


def seeded_problem(
    seed: int, *, rows: int, width: int, criterion: Criterion, options: Options, noise: float = 0.1
) -> Problem:
    """Quarters from -20 to 20; three classes by a linear rule, or a noisy step, then noise."""
    rng = random.Random(seed)
    data = tuple(tuple(rng.randint(-80, 80) / 4 for _ in range(width)) for _ in range(rows))
    target: list[str | float] = []
    for row in data:
        s = row[0] + row[1] / 2 - (row[2] if width > 2 else 0.0)
        if criterion == "squared_error":
            y = 3 * (s > 0) + row[1] / 4 + rng.gauss(0, 1) * (rng.random() < noise)
            target.append(round(4 * y) / 4)
        else:
            label = "a" if s < -5 else "b" if s < 6 else "c"
            target.append(rng.choice("abc") if rng.random() < noise else label)
    return Problem(data, tuple(target), criterion, options)


# Seeds and options under which scikit-learn's trees contain no tie (checked by _assert_complete):
# ties from coincident class counts are common in weak nodes, so every case prunes them somehow.
SEEDED = [
    pytest.param(seed, options, id=label)
    for seed, label, options in [
        (4, "depth4", Options(max_depth=4)),
        (9, "leaf8", Options(min_samples_leaf=8)),
        (3, "split30-depth6", Options(min_samples_split=30, max_depth=6)),
        (1, "decrease-split20", Options(min_impurity_decrease=0.003, min_samples_split=20)),
        (1, "leaves10", Options(max_leaf_nodes=10)),
    ]
]


# -- boosting -----------------------------------------------------------------------------------


def starts(data: Dataset) -> bool:
    """Whether AdaBoost can start on ``data``: refused only when its first member is no better
    than chance or the data weigh nothing."""
    try:
        adaboost(data, n_rounds=1)
    except DtreeError as refused:
        if "no better than chance" in str(refused) or "weigh nothing" in str(refused):
            return False
        raise
    return True


# -- live peers ---------------------------------------------------------------------------------


def oracle_missing(reason: str) -> None:
    """A test that needs a live peer (Weka, R) that this machine lacks: a failure where
    ``DTREE_ORACLES=required`` (``.ci/run`` sets it, after installing them), else a skip
    that names what is missing."""
    if os.environ.get("DTREE_ORACLES") == "required":
        pytest.fail(f"a live oracle is required here: {reason}")
    pytest.skip(reason)


# -- a browser on a static site -----------------------------------------------------------------


CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium with nothing of its own to fetch: its only requests are the page's."""


def chromium() -> str:
    """The system's Chromium, the browser the book and the notebooks' site are read in."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        oracle_missing("Chromium is not installed (the system's chromium package)")
    assert found is not None
    return found


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Serve without a line on stderr per file."""


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """A static folder on the loopback interface, served from a thread: its address, with
    the trailing slash."""
    handler = partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


# -- progress -----------------------------------------------------------------------------------


def recorded(run: Callable[[Report], object]) -> tuple[object, list[Progress]]:
    """What ``run`` returns when given a callback, and what the callback was told."""
    seen: list[Progress] = []
    return run(seen.append), seen


def assert_kept_the_promise(seen: Sequence[Progress], total: float | None = None) -> None:
    """Shares never fall and stay in [0, 1]; the last report is complete; not too many."""
    assert seen, "nothing was reported"
    shares = [p.share for p in seen]
    assert all(0 <= p.done <= p.total or p.total == 0 for p in seen)
    assert shares == sorted(shares)
    assert seen[-1].done == seen[-1].total
    assert shares[-1] == 1
    if total is not None:
        assert {p.total for p in seen} == {total}


# -- pruning ---------------------------------------------------------------------------------

TEN = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
"""x = 0..9, y = 0 0 1 0 0 1 1 1 0 1: the full Gini tree has six leaves."""


def two(no: int, yes: int) -> ClassStats:
    """The counts of ``no`` and ``yes`` cases."""
    return ClassStats(("no", "yes"), (no, yes))


def leaf(no: int, yes: int) -> Leaf:
    """A leaf of ``no`` and ``yes`` cases, predicting their plurality ("no" on a tie)."""
    return Leaf("no" if no >= yes else "yes", two(no, yes))


def split(attribute: str, *children: Tree) -> Split:
    """A nominal split with one branch per child, values v0, v1, ..., counting their cases."""
    counts = [sum(c) for c in zip(*(child.stats.counts for child in children), strict=True)]  # type: ignore[union-attr]
    branches = (Branch(Equals(attribute, f"v{i}"), child) for i, child in enumerate(children))
    return Split(tuple(branches), two(*counts))


def no_yes_chain(length: int) -> Tree:
    """x <= 0 -> no (1 case), else x <= 1 -> no, ..., else yes (2 cases): ``length`` deep."""
    tree: Tree = leaf(0, 2)
    for i in reversed(range(length)):
        tree = Split(
            (Branch(AtMost("x", float(i)), leaf(1, 0)), Branch(Above("x", float(i)), tree)),
            two(length - i, 2),
        )
    return tree


small_trees = st.builds(
    lambda data, learner: grow(learner, data),
    datasets(min_rows=2, max_rows=14, max_attributes=3, max_numeric=2, weighted=True),
    st.sampled_from([ID3, CART, evolve(CART, impurity="entropy")]),
)
"""Grown trees small enough to enumerate all their prunings."""
# -- the command line ------------------------------------------------------------------------


QUINLAN_GOLF = """\
root [Play: 9, "Don't Play": 5]
outlook = overcast [Play: 4, "Don't Play": 0]: Play
outlook = rain [Play: 3, "Don't Play": 2]
|   windy = false [Play: 3, "Don't Play": 0]: Play
|   windy = true [Play: 0, "Don't Play": 2]: "Don't Play"
outlook = sunny [Play: 2, "Don't Play": 3]
|   humidity <= 75 [Play: 2, "Don't Play": 0]: Play
|   humidity > 75 [Play: 0, "Don't Play": 3]: "Don't Play"
"""

# Quinlan's C4.5 (1993), chapter 3: the golf data with the outlook of the
# overcast day of temperature 72 unknown.  That row goes down every branch
# with weight 5/13, 3/13 and 5/13; read_csv sorts the classes.


PRICES_CSV = """\
size,district,price
50,north,100
60,north,120
80,south,200
100,south,260
120,north,170
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def write(folder: Path, name: str, content: str) -> str:
    path = folder / name
    path.write_text(content, encoding="utf-8")
    return str(path)


def golf_csv() -> str:
    return files("dtree.datasets").joinpath("golf.csv").read_text(encoding="utf-8")


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self) -> bool:
        return True


def on_a_terminal(monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, list[str]]:
    """The exit status, and each drawing of the line on a terminal standard error.

    The line's clock moves on a second each time it is read, so every report is drawn.
    """
    terminal = Terminal()
    seconds = itertools.count()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(common, "Line", partial(Line, timer=lambda: next(seconds), width=200))
    monkeypatch.setattr(common, "TICK", 3600.0)  # only reports redraw the line, never the clock
    status = main(list(argv))
    return status, terminal.getvalue().split("\r")[1:]


PRICES = Dataset.from_columns(
    {"size": [50, 60, 80, 100, 120], "price": [100.0, 120.0, 200.0, 260.0, 170.0]},
    target="price",
)
"""Five houses' sizes and prices: a regression dataset small enough to check by hand."""


# -- trees with hostile names and values ---------------------------------------------------

HOSTILE_NAME = "\"]); import os; os.system('x') #"
NUMERIC_NAME = "x\n<= 1\\"
SET_NAME = "{set}|<b>"
HOSTILE_VALUES = (
    'a"b',
    "back\\slash",
    "new\nline",
    "if",
    "None",
    "<b>{x}|y</b> &amp;",
    "\\",
    "'",
    '"""',
    "\r\t\x00\x7f\x85",
    "'); import os #",
)
HOSTILE_CLASSES = ('say "yes"', "no\\", "None")


def hostile_leaf(k: int) -> Leaf:
    counts = [0, 0, 0]
    counts[k] = 1
    return Leaf(HOSTILE_CLASSES[k], ClassStats(HOSTILE_CLASSES, counts))


def hostile_tree() -> Tree:
    """Every condition kind, with names, values and classes that break naive quoting."""
    stats = ClassStats(HOSTILE_CLASSES, (2, 1, 1))
    numeric = Split(
        (
            Branch(AtMost(NUMERIC_NAME, 0.1), hostile_leaf(0)),
            Branch(Above(NUMERIC_NAME, 0.1), hostile_leaf(1)),
        ),
        stats,
    )
    subset = frozenset({'a"', "}", "\n"})
    subsets = Split(
        (Branch(In(SET_NAME, subset), hostile_leaf(2)), Branch(NotIn(SET_NAME, subset), numeric)),
        stats,
    )
    branches = [
        Branch(Equals(HOSTILE_NAME, value), hostile_leaf(k % 3))
        for k, value in enumerate(HOSTILE_VALUES[1:])
    ]
    return Split((Branch(Equals(HOSTILE_NAME, HOSTILE_VALUES[0]), subsets), *branches), stats)


def hostile_examples() -> Iterator[dict[str, Value]]:
    for value in (*HOSTILE_VALUES, "unseen", None):
        for member in ('a"', "}", "\n", "other", None):
            for x in (-1.0, 0.1, 0.10000000000000002, 5.0, None):
                yield {HOSTILE_NAME: value, SET_NAME: member, NUMERIC_NAME: x}


# -- generated Python source ------------------------------------------------------------------

Predictor = Callable[[dict[str, Value]], Any]


def compiled(source: str, name: str = "predict") -> Predictor:
    """The function of the source, run in a namespace of its own."""
    namespace: dict[str, Any] = {}
    exec(compile(source, "<generated>", "exec"), namespace)
    function: Predictor = namespace[name]
    return function


@contextmanager
def piped(folder: Path, *chunks: bytes) -> Iterator[Path]:
    """A named pipe in ``folder`` that a thread fills with ``chunks`` once it is opened."""
    path = folder / "pipe.csv"
    os.mkfifo(path)

    def fill() -> None:
        try:
            with path.open("wb") as stream:
                for chunk in chunks:
                    stream.write(chunk)
        except BrokenPipeError:  # the reader refused the data and closed the pipe
            pass

    writer = threading.Thread(target=fill, daemon=True)
    writer.start()
    yield path
    writer.join(timeout=30)


LEARNERS = {
    "id3": Learner(missing="fractional"),
    "c45": C45,
    "cart": evolve(CART, missing="fractional"),
    "shallow": Learner(impurity="gini", max_depth=2, min_samples_leaf=2, missing="fractional"),
}
"""Learners that spread missing values, by name: ID3, C4.5, CART and a shallow Gini tree."""

STUMP_DATA = Dataset.from_columns(
    {"Start": [1, 5, 9, 12, 14], "Kyphosis": ["present", "present", "absent", "absent", "present"]},
    target="Kyphosis",
)
"""Five rows of kyphosis's ``Start`` and ``Kyphosis``: the data of the rpart stump the rpart
tests read, and data :func:`dtree.conformance.run_rpart` would take."""


def iris_xy() -> tuple[pd.DataFrame, pd.Series]:
    """iris as scikit-learn takes it: the attributes as a pandas frame, and the classes."""
    iris = load("iris")
    frame = iris.to_frame()
    assert isinstance(frame, pd.DataFrame)
    target = iris.schema.target.name
    return frame.drop(columns=target), frame[target]


def numeric_xy(seed: int, n: int = 60) -> tuple[Any, Any]:
    """``n`` rows of three numeric attributes (integers, halves and floats) as a NumPy array,
    and noisy classes ``a`` and ``b`` of them, drawn with ``seed``."""
    rng = random.Random(seed)
    x = np.array([[rng.randint(0, 9), rng.randint(0, 4) / 2, rng.random()] for _ in range(n)])
    y = np.array(["a" if r[0] + 3 * r[1] + rng.random() * 4 > 9 else "b" for r in x])
    return x, y


def missing_left(threshold: float = 2.5) -> Split:
    """``x <= t or missing`` -> no (3 cases), ``x > t`` -> yes (1 case): a split that sends a
    missing value one way, as scikit-learn's trees do (1.3 on)."""
    return Split(
        (
            Branch(AtMost("x", threshold, missing=True), leaf(3, 0)),
            Branch(Above("x", threshold), leaf(0, 1)),
        ),
        two(3, 1),
    )


def sklearn_stump(**changed: object) -> dict[str, object]:
    """A stump of x <= 2.5 in scikit-learn's arrays, as plain lists (proportions in value)."""
    arrays: dict[str, object] = {
        "children_left": [1, -1, -1],
        "children_right": [2, -1, -1],
        "feature": [0, -2, -2],
        "threshold": [2.5, -2.0, -2.0],
        "n_node_samples": [4, 2, 2],
        "weighted_n_node_samples": [4.0, 2.0, 2.0],
        "value": [[[0.5, 0.5]], [[1.0, 0.0]], [[0.0, 1.0]]],
    }
    return {**arrays, **changed}
