"""Builders the tests of several modules share."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import evolve
from hypothesis import strategies as st

from dtree.conditions import Above, AtMost, Equals
from dtree.counts import ClassStats
from dtree.dataset import Dataset
from dtree.grower.learner import CART, ID3
from dtree.grower.make_subtree import grow
from dtree.progress import Progress, Report
from dtree.strategies import datasets
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
