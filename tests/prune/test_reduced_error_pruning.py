"""dtree.prune.reduced_error_pruning: the Decision Trees II notes' procedure, with its laws."""

from __future__ import annotations

import pytest
from helpers import leaf, split
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.evaluate import error
from dtree.grower.presets import cart, id3
from dtree.prune import (
    as_leaf,
    reduced_error,
)
from dtree.render import text
from dtree.strategies import datasets
from dtree.tree import Tree


def test_reduced_error_prunes_sunny_on_the_last_four_days() -> None:
    data = load("play-tennis")
    tree = id3(data.subset(range(10)))
    pruned = reduced_error(tree, data.subset(range(10, 14)))
    assert text(pruned).splitlines() == [
        "root [No: 4, Yes: 6]",
        "Outlook = Overcast [No: 0, Yes: 2]: Yes",
        "Outlook = Rain [No: 1, Yes: 3]",
        "|   Wind = Strong [No: 1, Yes: 0]: No",
        "|   Wind = Weak [No: 0, Yes: 3]: Yes",
        "Outlook = Sunny [No: 3, Yes: 1]: No",
    ]
    # Sunny-Mild-Yes is wrong either way (a tie keeps the smaller tree); Rain-Strong-No needs Wind
    assert error(pruned, data.subset(range(10, 14))) == error(tree, data.subset(range(10, 14)))


def test_reduced_error_prunes_what_no_validation_example_reaches() -> None:
    tree = split("a", split("b", leaf(2, 0), leaf(0, 2)), leaf(3, 0), leaf(0, 3))
    rows = [{"a": "v1", "b": "v0", "y": "no"}, {"a": "v2", "b": "v0", "y": "yes"}]
    validation = Dataset.from_records(rows, target="y", classes=("no", "yes"))
    assert reduced_error(tree, validation) == split("a", leaf(2, 2), leaf(3, 0), leaf(0, 3))


def test_reduced_error_on_regression_compares_squared_errors() -> None:
    data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": [1.0, 2.0, 10.0, 11.0]}, target="y")
    tree = cart(data)
    near = Dataset.from_columns({"x": [1, 2, 3, 4], "y": [1.0, 2.0, 10.0, 11.0]}, target="y")
    flat = Dataset.from_columns({"x": [1, 4], "y": [6.0, 6.0]}, target="y")
    assert reduced_error(tree, near) == tree
    assert reduced_error(tree, flat) == as_leaf(tree)


def test_reduced_error_refuses_validation_data_of_another_target() -> None:
    with pytest.raises(DtreeError, match="validation"):
        reduced_error(id3(load("play-tennis")), load("golf"))


def fixed_point_cases() -> st.SearchStrategy[tuple[Tree, Dataset]]:
    def case(data: Dataset, cut: int) -> tuple[Tree, Dataset]:
        rows = data.rows
        k = max(1, min(cut, len(rows) - 1))
        return id3(data.subset(rows[:k]), missing="fractional"), data.subset(rows[k:])

    return st.builds(case, datasets(min_rows=2, max_rows=24, max_numeric=1), st.integers(1, 23))


@given(fixed_point_cases())
def test_reduced_error_keeps_accuracy_and_is_a_fixed_point(case: tuple[Tree, Dataset]) -> None:
    tree, validation = case
    assert invariants.reduced_error_keeps_accuracy(tree, validation)
    once = reduced_error(tree, validation)
    assert reduced_error(once, validation) == once
    assert invariants.leaves_predict_plurality(once)
    assert invariants.stats_are_additive(once)
