"""Pruned subtrees: what every pruning method shares.

Vocabulary
----------
pruning a node
    Replacing the split by :func:`as_leaf`: a leaf that keeps the node's
    statistics and predicts their plurality (in regression, their mean).
    Every method prunes a node this way; they differ in which nodes they
    prune.
a pruning of a tree
    The tree with any set of its splits pruned: a pruned subtree.

Contents
--------
:func:`as_leaf`; :func:`prunings`, every pruning, the brute force the
methods are checked against; :func:`truncate`, pruning by depth (CS 536
notes).  For the methods: :func:`rebuilt`, a split with new subtrees;
:func:`indexed`, a tree's nodes in preorder with their parents
(:class:`Indexed`); :func:`check_target`, the refusal of data whose target
is not the tree's.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import assert_never

from attrs import frozen

from dtree.counts import ClassStats, central
from dtree.dataset import Dataset
from dtree.errors import DtreeError, quote
from dtree.tree import Branch, Leaf, Split, Sprout, Tree, fold, preorder, unfold

__all__ = [
    "Indexed",
    "as_leaf",
    "check_target",
    "indexed",
    "prunings",
    "rebuilt",
    "truncate",
]


def as_leaf(node: Tree) -> Leaf:
    """The node pruned to a leaf: same statistics, predicting their plurality (or mean).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> as_leaf(id3(load("play-tennis")))
    Leaf(prediction='Yes', stats=ClassStats(classes=('No', 'Yes'), counts=(5, 9)))
    """
    match node:
        case Leaf():
            return node
        case Split(_, stats):
            return Leaf(central(stats), stats)
        case _:
            assert_never(node)


def prunings(tree: Tree) -> tuple[Tree, ...]:
    """Every pruning of a tree: the trees made by pruning any set of its splits to leaves.

    A leaf has one pruning, itself; a split has its own leaf and one
    pruning for each choice of a pruning of every branch, so N(t) = 1 +
    prod_b N(t_b).  That is exponential in the size of the tree: this is
    the brute force that the theorems about pruning are checked against,
    for small trees only.  The first is the root as a leaf; the last,
    the tree itself.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> from dtree.tree import size
    >>> [size(t) for t in prunings(id3(load("xor")))]
    [1, 3, 5, 5, 7]

    See also: :func:`dtree.prune.prune_to`, :func:`dtree.invariants.prune_to_is_optimal`.
    """

    def on_split(split: Split, below: tuple[tuple[Tree, ...], ...]) -> tuple[Tree, ...]:
        kept = (
            Split(
                tuple(Branch(b.condition, t) for b, t in zip(split.branches, choice, strict=True)),
                split.stats,
                split.surrogates,
            )
            for choice in itertools.product(*below)
        )
        return (as_leaf(split), *kept)

    return fold(tree, lambda leaf: (leaf,), on_split)


def truncate(tree: Tree, max_depth: int) -> Tree:
    """The tree cut at depth ``max_depth``: every node there becomes :func:`as_leaf`.

    For a learner that grows depth first (no ``max_leaf_nodes``), this is
    the tree the learner grows with ``max_depth``, by the CS 536 notes'
    pruning "by depth".

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> from dtree.render import text
    >>> print(text(truncate(id3(load("play-tennis")), 1)))
    root [No: 5, Yes: 9]
    Outlook = Overcast [No: 0, Yes: 4]: Yes
    Outlook = Rain [No: 2, Yes: 3]: Yes
    Outlook = Sunny [No: 3, Yes: 2]: No

    See also: :func:`dtree.selection.early_stopping`, which chooses the depth.
    """
    if max_depth < 0:
        raise DtreeError(f"max_depth must be >= 0, got {quote(max_depth)}")

    def step(seed: tuple[Tree, int]) -> Leaf | Sprout[tuple[Tree, int]]:
        node, level = seed
        if isinstance(node, Leaf) or level == max_depth:
            return as_leaf(node)
        return Sprout(
            tuple(branch.condition for branch in node.branches),
            tuple((branch.subtree, level + 1) for branch in node.branches),
            node.stats,
            node.surrogates,
        )

    return unfold((tree, 0), step)


# -- for the methods --------------------------------------------------------------------------


def rebuilt(split: Split, subtrees: Sequence[Tree]) -> Split:
    """The split with new subtrees (itself when nothing changed).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("xor"))
    >>> rebuilt(tree, [b.subtree for b in tree.branches]) is tree
    True
    >>> rebuilt(tree, [as_leaf(b.subtree) for b in tree.branches]) == prunings(tree)[1]
    True
    """
    if all(new is branch.subtree for new, branch in zip(subtrees, split.branches, strict=True)):
        return split
    branches = (Branch(b.condition, t) for b, t in zip(split.branches, subtrees, strict=True))
    return Split(tuple(branches), split.stats, split.surrogates)


@frozen
class Indexed:
    """A tree's nodes in preorder, each with its parent and its branch position there.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> index = indexed(id3(load("xor")))  # root, Z2 = 0 (two leaves), Z2 = 1 (two leaves)
    >>> index.parents, index.positions, index.spans
    ((-1, 0, 1, 1, 0, 4, 4), (-1, 0, 0, 1, 1, 0, 1), (7, 3, 1, 1, 3, 1, 1))
    """

    nodes: tuple[Tree, ...]
    parents: tuple[int, ...]
    """The parent of each node (-1 for the root)."""
    positions: tuple[int, ...]
    """Each node's branch position in its parent (-1 for the root)."""
    spans: tuple[int, ...]
    """The number of nodes in each node's subtree (a subtree is contiguous in preorder)."""

    def route(self, i: int) -> tuple[int, ...]:
        """The branch positions that lead from the root to node ``i``.

        >>> from dtree.datasets import load
        >>> from dtree.grower.presets import id3
        >>> index = indexed(id3(load("xor")))
        >>> index.route(0), index.route(1), index.route(5)
        ((), (0,), (1, 0))
        """
        steps: list[int] = []
        while self.parents[i] >= 0:
            steps.append(self.positions[i])
            i = self.parents[i]
        return tuple(reversed(steps))


def indexed(tree: Tree) -> Indexed:
    """The tree's :class:`Indexed` nodes, for the methods that prune a tree in place of a
    recursion (weakest links, J48's collapsing).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> index = indexed(id3(load("xor")))
    >>> index.parents, index.spans
    ((-1, 0, 1, 1, 0, 4, 4), (7, 3, 1, 1, 3, 1, 1))
    """
    visits = tuple(preorder(tree))
    nodes = [node for node, _, _ in visits]
    parents = [-1 if edge is None else edge.parent for _, _, edge in visits]
    positions = [-1 if edge is None else edge.position for _, _, edge in visits]
    spans = [1] * len(nodes)
    for i in reversed(range(1, len(nodes))):
        spans[parents[i]] += spans[i]
    return Indexed(tuple(nodes), tuple(parents), tuple(positions), tuple(spans))


def check_target(tree: Tree, data: Dataset, role: str) -> None:
    """Refuse ``data`` (the ``role`` data: validation, test, training) whose target is not the
    tree's: a class target with the same classes in the same order, or a numeric one.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> check_target(id3(load("play-tennis")), load("golf"), "validation")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: the validation data's target does not match the tree's
    """
    stats = tree.stats
    if isinstance(stats, ClassStats) != data.schema.is_classification or (
        isinstance(stats, ClassStats) and stats.classes != data.schema.classes
    ):
        raise DtreeError(f"the {role} data's target does not match the tree's")
