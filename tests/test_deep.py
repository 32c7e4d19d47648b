"""A chain 10,000 splits deep: every public tree operation is linear in the tree's size.

The chain is built directly, without a learner: on x = 0..n-1, the split at
depth i sends x <= i + 0.5 (the single row i) to a leaf and x > i + 0.5 on
down the chain.  Its labels alternate in runs chosen so that pruning has
work to do at every depth.
"""

from __future__ import annotations

from dtree.conditions import Above, AtMost
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Label
from dtree.tree import Leaf, Sprout, Tree, unfold

CLASSES = ("a", "b")
DEEP = 10_000


def chain_labels(n: int) -> tuple[Label, ...]:
    """Row i's class: "a" but for every third row, so each split's leaf is often a minority."""
    return tuple("b" if i % 3 == 2 else "a" for i in range(n))


def chain(depth: int) -> tuple[Tree, Dataset]:
    """A chain ``depth`` splits deep on x = 0..depth, and the dataset it was grown on."""
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
