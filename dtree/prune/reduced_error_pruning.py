"""Reduced-error pruning (Decision Trees II notes): pruning on a validation set.

Vocabulary
----------
validation loss
    Of a node's prediction: the weight of the validation examples that
    reach the node and that it misclassifies (in regression, their
    weighted squared error).  An example with a missing value counts by
    the share of it that reaches the node (C4.5's convention).

Contents
--------
:func:`reduced_error`.
"""

from __future__ import annotations

import math
from fractions import Fraction

from dtree.arithmetic import Real
from dtree.dataset import Dataset, Label
from dtree.prune.subtrees import as_leaf, check_target, rebuilt
from dtree.routing import Routed, every_row, fold_routed, share_weights
from dtree.tree import Leaf, Split, Tree

__all__ = ["reduced_error"]


def _loss(prediction: Label | float, data: Dataset, rows: Routed) -> Real:
    """The weighted validation loss of one prediction: misclassified weight or squared error."""
    counted = rows.counted
    shares = rows.loose if counted else rows.shares()
    weights = share_weights(data, shares)
    if data.schema.is_classification:
        wrong = (
            w for (row, _), w in zip(shares, weights, strict=True) if data.target[row] != prediction
        )
        loss: Real = sum(wrong, Fraction(0))
        if counted:  # the run's weight less its weight of the predicted class
            classes = data.schema.classes
            right = rows.run_weight(classes.index(prediction))[0] if prediction in classes else 0
            loss += rows.run_weight()[0] - right
        return loss
    return math.fsum(
        float(w) * (float(data.target[row]) - float(prediction)) ** 2
        for (row, _), w in zip(shares, weights, strict=True)
    )


def reduced_error(tree: Tree, validation: Dataset) -> Tree:
    """Reduced-error pruning (Decision Trees II notes), bottom-up on a validation set.

    A split whose branches are all leaves becomes a leaf (:func:`as_leaf`)
    when that does not increase the validation error: the misclassified
    weight (squared error in regression) of the validation examples that
    reach it.  A node that no validation example reaches is pruned.  One
    bottom-up pass reaches the fixed point of "repeat until nothing
    changes": a node's decision depends only on its own, final, subtree.

    A validation example with a missing value is counted by the share of
    it that reaches each leaf (C4.5's convention); without missing values
    this is exactly the validation accuracy.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> from dtree.tree import size
    >>> data = load("play-tennis")
    >>> tree = id3(data.subset(range(10)))
    >>> size(tree), size(reduced_error(tree, data.subset(range(10, 14))))
    (9, 6)
    """
    check_target(tree, validation, "validation")

    def on_leaf(leaf: Leaf, rows: Routed) -> tuple[Tree, Real]:
        return leaf, _loss(leaf.prediction, validation, rows)

    def on_split(
        split: Split, rows: Routed, stopped: Routed, below: tuple[tuple[Tree, Real], ...]
    ) -> tuple[Tree, Real]:
        leaf = as_leaf(split)
        kept = sum((loss for _, loss in below), _loss(leaf.prediction, validation, stopped))
        if all(isinstance(subtree, Leaf) for subtree, _ in below):
            as_one = _loss(leaf.prediction, validation, rows)
            if as_one <= kept:
                return leaf, as_one
        return rebuilt(split, tuple(subtree for subtree, _ in below)), kept

    return fold_routed(tree, validation, every_row(validation, tree), on_leaf, on_split)[0]
