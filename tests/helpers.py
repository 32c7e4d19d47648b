"""Builders the tests of several modules share, and the command line's tests' helpers."""

from __future__ import annotations

import io
import itertools
import os
import random
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from attrs import evolve
from hypothesis import strategies as st

from dtree.cli import common, main
from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Value
from dtree.datasets import load
from dtree.grower.learner import C45, CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.progress import Line, Progress, Report
from dtree.strategies import datasets
from dtree.tree import Branch, Leaf, Split, Tree

GRID = st.integers(min_value=-8, max_value=8).map(lambda k: k / 4)
"""Numbers on the quarters from -2 to 2: ties and repeats are common, sums exact."""


def chain(length: int) -> Tree:
    """x <= 0 -> a, else x <= 1 -> a, ..., else b: ``length`` splits deep, an example at
    each leaf (each split counts those below it, as a model file must)."""
    classes = ("a", "b")
    tree: Tree = Leaf("b", ClassStats(classes, (0, 1)))
    for i in reversed(range(length)):
        a = Leaf("a", ClassStats(classes, (1, 0)))
        below = ClassStats(classes, (length - i, 1))
        tree = Split((Branch(AtMost("x", i), a), Branch(Above("x", i), tree)), below)
    return tree


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
