"""Builders the tests of several modules share."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Value
from dtree.progress import Progress, Report
from dtree.tree import Branch, Leaf, Split, Tree


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
