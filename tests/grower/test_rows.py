"""The examples at a node and the router: weight is conserved, a missing value is shared."""

from __future__ import annotations

from fractions import Fraction

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from dtree.counts import total
from dtree.dataset import Dataset, Nominal
from dtree.errors import DtreeError
from dtree.grower.learner import C45, CART, ID3
from dtree.grower.make_subtree import grow
from dtree.grower.rows import Examples, as_float32, divide, start
from dtree.missing import shares
from dtree.strategies import datasets
from dtree.tree import Leaf, Split


def test_the_root_holds_every_row_of_positive_weight_exactly() -> None:
    data = Dataset.from_columns(
        {"x": ["a", "b", "a"], "y": list("pqp")}, target="y", weights=[0, 0.5, 2]
    )
    frame, root = start(ID3, data)
    assert root.rows == (1, 2)
    assert root.weights == (Fraction(1, 2), 2)  # a float weight's exact binary value
    assert not root.integral
    assert (root.depth, root.parent_prediction, frame.total_weight) == (0, "p", 2.5)


def test_a_dataset_of_no_weight_is_refused() -> None:
    data = Dataset.from_columns({"x": ["a"], "y": ["p"]}, target="y", weights=[0])
    with pytest.raises(DtreeError, match="no rows of positive weight"):
        start(ID3, data)


@given(datasets(min_rows=1, max_rows=12, weighted=True, missing=True), st.data())
def test_dividing_conserves_the_weight_and_shares_a_missing_value(
    data: Dataset, draw: st.DataObject
) -> None:
    """Each row's weight at the node is the sum of its weights in the branches: whole in
    the branch of its value, shared by :func:`dtree.missing.shares` when it is missing."""
    _, root = start(C45, data)
    attribute = draw.draw(st.sampled_from(data.schema.attributes))
    assert isinstance(attribute.domain, Nominal)
    values = attribute.domain.values
    column = data.columns[data.schema.index(attribute.name)]
    known = [
        total(w for r, w in zip(root.rows, root.weights, strict=True) if column[r] == value)
        for value in values
    ]
    below = divide(root, column, lambda value: values.index(str(value)), known, prediction="?")
    assert len(below) == len(values)
    fractions = shares(known)
    for row, weight in zip(root.rows, root.weights, strict=True):
        got = [sum(w for r, w in zip(b.rows, b.weights, strict=True) if r == row) for b in below]
        assert sum(got) == weight
        if column[row] is None:
            assert got == [weight * f for f in fractions]
        else:
            assert got[values.index(str(column[row]))] == weight
    assert all(b.depth == 1 and b.parent_prediction == "?" for b in below)
    missing = any(column[row] is None for row in root.rows)
    assert all(b.integral == (root.integral and not missing) for b in below)


def test_an_imputed_value_goes_down_one_branch_whole() -> None:
    examples = Examples((0, 1, 2), (1, 1, 1), 0, "p", True)
    column = ["a", None, "b"]
    left, right = divide(
        examples, column, lambda value: "ab".index(str(value)), [1, 1], fill="b", prediction="p"
    )
    assert (left.rows, right.rows) == ((0,), (1, 2))
    assert left.integral
    assert right.integral


def test_cart_divides_complete_rows_in_two_in_their_order() -> None:
    data = Dataset.from_columns({"x": [3.0, 1.0, 2.0, 4.0], "y": list("pqpq")}, target="y")
    _, root = start(CART, data)
    left, right = divide(
        root,
        data.columns[0],
        lambda v: int(float(str(v)) > 2.5),
        [2, 2],
        prediction="p",
    )
    assert (left.rows, right.rows) == ((1, 2), (0, 3))


def test_as_float32_rounds_numeric_values_and_keeps_the_rest() -> None:
    data = Dataset.from_columns(
        {"x": [0.1, None, 2.0], "c": ["u", "v", "u"], "y": ["a", "b", "a"]}, target="y"
    )
    cast = as_float32(data)
    assert cast.column("x") == (0.10000000149011612, None, 2.0)
    assert cast.column("c") == data.column("c")
    assert cast.target == data.target


def test_as_float32_refuses_a_value_beyond_the_largest_float32() -> None:
    data = Dataset.from_columns({"x": [1.0, 1e39], "y": ["a", "b"]}, target="y")
    with pytest.raises(DtreeError, match="beyond the largest float32"):
        as_float32(data)


def test_a_float32_learner_never_cuts_between_values_of_one_float32() -> None:
    data = Dataset.from_columns({"x": [0.1, 0.1 + 1e-12], "y": ["a", "b"]}, target="y")
    assert isinstance(grow(CART, data), Split)
    assert isinstance(grow(evolve(CART, float32=True), data), Leaf)
