"""Builders the tests of several modules share."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import evolve

from dtree.conditions import Above, AtMost
from dtree.counts import ClassStats
from dtree.grower.learner import C45, CART, Learner
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


LEARNERS = {
    "id3": Learner(missing="fractional"),
    "c45": C45,
    "cart": evolve(CART, missing="fractional"),
    "shallow": Learner(impurity="gini", max_depth=2, min_samples_leaf=2, missing="fractional"),
}
"""Learners that spread missing values, by name: ID3, C4.5, CART and a shallow Gini tree."""
