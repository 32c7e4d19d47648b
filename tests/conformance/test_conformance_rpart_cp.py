"""rpart's cp as rpart applies it while it grows (``dtree.conformance.rpart_cp``): its laws
against Breiman's T(alpha) on generated data, and worked numbers.  Live rpart checks it in
``test_conformance_rpart`` (car.test.frame's collapsed branch) and in every ``check``."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from dtree.conformance.rpart import prune_at_cp
from dtree.conformance.rpart_cp import decimal_cp, rpart_pruned
from dtree.dataset import Dataset
from dtree.grower.presets import cart
from dtree.strategies import datasets
from dtree.tree import Leaf, Split, Tree, n_leaves


def _is_pruning(small: Tree, large: Tree) -> bool:
    """Whether ``small`` is ``large`` with some of its branches collapsed to leaves."""
    stack = [(small, large)]
    while stack:
        a, b = stack.pop()
        if a.stats != b.stats:
            return False
        if isinstance(a, Split):
            if not isinstance(b, Split) or a.branches[0].condition != b.branches[0].condition:
                return False
            stack.extend(
                (x.subtree, y.subtree) for x, y in zip(a.branches, b.branches, strict=True)
            )
    return True


@given(datasets(max_rows=30, max_numeric=2), st.sampled_from([0, 0.01, 0.05, 0.2]))
def test_rparts_tree_is_a_pruning_no_larger_than_t_alpha(data: Dataset, cp: float) -> None:
    """rpart's complexity of a node is at most Breiman's g(t) (a child collapsed first only
    lowers it), so its tree is a pruning of the grown tree with no more leaves than
    T(alpha)."""
    grown = cart(data)
    ours = rpart_pruned(grown, cp)
    assert _is_pruning(ours, grown)
    assert n_leaves(ours) <= n_leaves(prune_at_cp(grown, cp))


@given(datasets(max_rows=30, max_numeric=2))
def test_a_cp_of_one_leaves_the_root(data: Dataset) -> None:
    assert isinstance(rpart_pruned(cart(data), 1.0), Leaf)


def test_a_float_cp_is_its_decimal() -> None:
    assert decimal_cp(0.1) == Fraction(1, 10)
    assert decimal_cp(Fraction(1, 3)) == Fraction(1, 3)
