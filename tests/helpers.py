"""Builders the tests of several modules share."""

from __future__ import annotations

from dtree.conditions import Above, AtMost
from dtree.counts import ClassStats
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
