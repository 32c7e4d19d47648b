"""dtree.prune.cost_complexity_pruning: the Learning with Trees notes' numbers, and the laws of
Breiman's path."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from helpers import TEN, leaf, no_yes_chain, small_trees, split
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants
from dtree.dataset import Dataset
from dtree.errors import DtreeError
from dtree.grower.presets import cart
from dtree.impurity import entropy
from dtree.prune import (
    CostComplexityPath,
    as_leaf,
    cost_complexity,
    cost_complexity_path,
    link_strengths,
    prune_to,
    tree_risk,
)
from dtree.strategies import regression_datasets
from dtree.tree import Leaf, Split, Tree, n_leaves, size


def test_the_impurity_path_of_the_ten_point_example_is_exact() -> None:
    path = cost_complexity_path(cart(TEN), risk="impurity")
    assert path.alphas == (Fraction(0), Fraction(2, 25), Fraction(9, 50))
    assert all(type(alpha) is Fraction for alpha in path.alphas)
    assert path.leaves == (6, 2, 1)
    assert path.risks == (Fraction(0), Fraction(8, 25), Fraction(1, 2))


def test_link_strengths_of_the_ten_point_example() -> None:
    tree = cart(TEN)
    strengths = link_strengths(tree)
    # the root: R = 1/2 as a leaf, 0 with its six leaves; each child: R = 1/10, three leaves
    assert [g for _, g in strengths] == [Fraction(1, 10), *[Fraction(1, 20), Fraction(1, 10)] * 2]
    assert strengths[0][0] is tree
    assert min(g for _, g in strengths) == cost_complexity_path(tree).alphas[1]
    impurity = [g for _, g in link_strengths(tree, risk="impurity")]
    assert min(impurity) == Fraction(2, 25)


def test_one_at_a_time_keeps_scikit_learns_repeated_alpha() -> None:
    path = cost_complexity_path(cart(TEN), risk="impurity", one_at_a_time=True)
    # scikit-learn: ccp_alphas [0, 0.08, 0.08, 0.18000000000000005], impurities [0, .16, .32, .5]
    assert path.alphas == (Fraction(0), Fraction(2, 25), Fraction(2, 25), Fraction(9, 50))
    assert path.risks == (Fraction(0), Fraction(4, 25), Fraction(8, 25), Fraction(1, 2))
    assert path.leaves == (6, 4, 2, 1)
    # the first weakest link in preorder goes first: the left branch x <= 4.5
    assert isinstance(path.trees[1], Split)
    assert isinstance(path.trees[1].branches[0].subtree, Leaf)


def test_the_error_path_of_the_ten_point_example_is_exact() -> None:
    path = cost_complexity_path(cart(TEN))
    assert path.alphas == (Fraction(0), Fraction(1, 20), Fraction(3, 10))
    assert path.risks == (Fraction(0), Fraction(1, 5), Fraction(1, 2))
    root_error = tree_risk(path.trees[-1])
    # rpart's complexity parameter is alpha over the root's risk
    assert [alpha / root_error for alpha in path.alphas] == [0, Fraction(1, 10), Fraction(3, 5)]


def test_t0_prunes_splits_that_do_not_lower_the_risk() -> None:
    # both branches predict "no": the split lowers the impurity but not the error
    tree = split("a", leaf(3, 1), leaf(2, 0))
    path = cost_complexity_path(tree)
    assert path.trees == (as_leaf(tree),)
    assert path.alphas == (Fraction(0),)
    assert cost_complexity_path(tree, risk="impurity").leaves == (2, 1)
    assert cost_complexity_path(tree, one_at_a_time=True).alphas == (Fraction(0), Fraction(0))


def test_regression_risk_is_the_residual_sum_of_squares_over_n() -> None:
    data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": [1.0, 1.0, 5.0, 7.0]}, target="y")
    tree = cart(data)
    # the root's mean is 3.5 and its RSS 27; the split at 2.5 leaves RSS 2 (of the 5 and the 7)
    assert tree_risk(as_leaf(tree)) == Fraction(27, 1) / 4
    path = cost_complexity_path(tree)
    assert path.leaves == (3, 2, 1)
    assert path.alphas == (Fraction(0), Fraction(1, 2), Fraction(25, 4))
    assert tree_risk(tree, risk="impurity") == tree_risk(tree) == 0


def test_cost_complexity_adds_alpha_per_leaf() -> None:
    tree = cart(TEN)
    assert cost_complexity(tree, Fraction(1, 10)) == Fraction(6, 10)
    assert cost_complexity(tree, 0.1) == Fraction(0.1) * 6  # a float alpha is its exact value


def test_prune_to_reads_the_path() -> None:
    tree = cart(TEN)
    path = cost_complexity_path(tree)
    assert prune_to(tree, 0) is tree
    assert prune_to(tree, Fraction(1, 20)) == path.trees[1]
    assert prune_to(tree, Fraction(1, 21)) == path.trees[0]
    assert prune_to(tree, math.inf) == as_leaf(tree)
    assert path.tree_at(0.2) == path.trees[1]
    assert path.tree_at(100) == path.trees[2]


@pytest.mark.parametrize("alpha", [-1, math.nan])
def test_prune_to_refuses_a_negative_alpha(alpha: float) -> None:
    with pytest.raises(DtreeError, match="alpha"):
        prune_to(cart(TEN), alpha)


def test_an_unknown_risk_is_refused() -> None:
    with pytest.raises(DtreeError, match="risk"):
        cost_complexity_path(cart(TEN), risk="deviance")  # type: ignore[arg-type]


@given(small_trees, st.data())
def test_prune_to_is_the_smallest_minimiser_of_all_prunings(
    tree: Tree, data: st.DataObject
) -> None:
    path = cost_complexity_path(tree)
    ends = list(path.alphas)
    middles = [(a + b) / 2 for a, b in itertools.pairwise(ends)]
    alpha = data.draw(st.sampled_from([*ends, *middles, ends[-1] + 1]))
    if size(tree) <= 15:
        assert invariants.prune_to_is_optimal(tree, alpha)
    # Breiman: T_k is optimal on [alpha_k, alpha_(k+1))
    assert prune_to(tree, alpha) == path.tree_at(alpha)


@given(small_trees)
def test_link_strengths_are_the_brute_force_g_and_the_path_takes_the_least(tree: Tree) -> None:
    n = tree.stats.weight
    strengths = link_strengths(tree)
    for node, g in strengths:
        as_one = tree_risk(as_leaf(node)) * node.stats.weight / n
        kept = tree_risk(node) * node.stats.weight / n
        assert g == (as_one - kept) / (n_leaves(node) - 1)
    path = cost_complexity_path(tree, one_at_a_time=True)
    if strengths:
        assert path.alphas[1] == min(g for _, g in strengths)


@given(regression_datasets(min_rows=2, max_rows=12, max_attributes=2))
def test_regression_paths_nest_too(data: Dataset) -> None:
    path = cost_complexity_path(cart(data))
    assert invariants.path_is_nested(path.alphas, path.trees)


def test_the_path_of_a_thousand_deep_chain() -> None:
    path = cost_complexity_path(no_yes_chain(1_000))
    assert path.leaves[0] == 1_001
    assert path.leaves[-1] == 1
    assert invariants.path_is_nested(path.alphas, path.trees)


def test_the_path_is_a_value() -> None:
    path = cost_complexity_path(cart(TEN))
    assert path == CostComplexityPath(path.alphas, path.trees, path.risks)
    assert hash(path) == hash(cost_complexity_path(cart(TEN)))


def test_entropy_risk_is_float() -> None:
    path = cost_complexity_path(cart(TEN, criterion="entropy"), risk="impurity", impurity=entropy)
    assert all(isinstance(alpha, float) for alpha in path.alphas[1:])
    assert invariants.path_is_nested(path.alphas, path.trees)
