"""dtree.prune.subtrees: a node pruned to a leaf, every pruning of a tree, pruning by depth."""

from __future__ import annotations

import math

import pytest
from attrs import evolve
from helpers import leaf, small_trees, split
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants
from dtree.conditions import Above, AtMost
from dtree.counts import Moments
from dtree.dataset import Dataset
from dtree.errors import DtreeError
from dtree.grower.learner import C45, CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.prune import (
    as_leaf,
    prunings,
    truncate,
)
from dtree.strategies import datasets
from dtree.tree import Branch, Leaf, Split, Tree, fold


def test_a_chain_of_two_splits_has_three_prunings() -> None:
    tree = split("a", leaf(1, 0), split("b", leaf(0, 1), leaf(1, 1)))
    assert prunings(tree) == (
        as_leaf(tree),
        split("a", leaf(1, 0), as_leaf(tree.branches[1].subtree)),
        tree,
    )


@given(small_trees)
def test_prunings_are_every_pruning_once(tree: Tree) -> None:
    every = prunings(tree)
    assert every[0] == as_leaf(tree)
    assert every[-1] == tree
    assert len(set(every)) == len(every)
    assert all(invariants.is_pruning_of(t, tree) for t in every)
    # N(leaf) = 1 and N(split) = 1 + the product of its branches' N
    assert len(every) == fold(tree, lambda leaf: 1, lambda split, below: 1 + math.prod(below))


@given(
    datasets(min_rows=1, max_rows=24, max_numeric=2),
    st.integers(0, 4),
    st.sampled_from([ID3, CART, C45]),
)
def test_truncating_is_growing_with_a_max_depth(data: Dataset, d: int, learner: Learner) -> None:
    learner = evolve(learner, missing="refuse") if learner is not C45 else learner
    assert truncate(grow(learner, data), d) == grow(evolve(learner, max_depth=d), data)


def test_moments_of_an_empty_regression_node_are_refused_as_a_leaf() -> None:
    empty = Split(
        (
            Branch(AtMost("x", 0.0), Leaf(1.0, Moments(0, 0.0, 0.0))),
            Branch(Above("x", 0.0), Leaf(2.0, Moments(0, 0.0, 0.0))),
        ),
        Moments(0, 0.0, 0.0),
    )
    with pytest.raises(DtreeError, match="empty"):
        as_leaf(empty)
