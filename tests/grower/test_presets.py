"""The presets grow exactly what :func:`dtree.grow` grows with their learners."""

from __future__ import annotations

import pytest
from attrs import evolve

from dtree.counts import Moments
from dtree.dataset import Dataset
from dtree.datasets import load, names
from dtree.grower.learner import C45, CART, ID3
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, cart, id3


@pytest.mark.parametrize("name", names())
def test_each_preset_is_grow_with_its_learner(name: str) -> None:
    data = load(name)
    assert c45(data) == grow(C45, data)
    assert c45(data, min_objects=1, max_depth=2) == grow(
        evolve(C45, min_objects=1, max_depth=2), data
    )
    assert cart(data, max_depth=3) == grow(evolve(CART, max_depth=3), data)
    if not any(value is None for column in data.columns for value in column):
        assert id3(data) == grow(ID3, data)


def test_cart_grows_a_regression_tree_for_a_numeric_target() -> None:
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0, 5.0], "y": [1.0, 1.5, 4.0, 4.5, 9.0]}, target="y"
    )
    tree = cart(data)
    assert tree == grow(evolve(CART, impurity="squared_error"), data)
    assert isinstance(tree.stats, Moments)
