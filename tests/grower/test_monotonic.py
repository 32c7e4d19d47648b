"""dtree.grower.monotonic and the learner's monotonic_cst: worked trees, the refusals, a law.

Two small trees are worked by hand: a regression leaf clipped to the bound
its grandparent's split set, and a classification leaf whose clipped share
of the second class makes it predict the first.  A cut is chosen as the best
admissible one, not the best.  On generated data (:mod:`dtree.strategies`),
every constrained tree predicts monotonically along its constrained
attribute (:func:`dtree.invariants.predicts_monotonically`), and a
constraint of 0 everywhere grows the tree of no constraint.  scikit-learn's
own trees are compared in tests/conformance/test_conformance_learners.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import invariants as law
from dtree import strategies
from dtree.conditions import AtMost
from dtree.dataset import Dataset, Numeric
from dtree.errors import DtreeError
from dtree.grower.learner import CART, Criterion, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.monotonic import (
    UNBOUNDED,
    admissible,
    child_bounds,
    clip,
    directions,
)
from dtree.render import text
from dtree.tree import Split

REGRESSION = evolve(CART, impurity="squared_error")


def test_the_rules_on_numbers() -> None:
    assert admissible(1, UNBOUNDED, 2, 2)  # equal values are ordered both ways
    assert admissible(-1, UNBOUNDED, 2, 2)
    assert not admissible(1, (0, 1), Fraction(1, 2), Fraction(3, 2))  # right above the bound
    assert child_bounds(1, (0, 10), (2, 6)) == ((0, 4), (4, 10))
    assert child_bounds(-1, (0, 10), (6, 2)) == ((4, 10), (0, 4))
    assert clip(-1, (0, 1)) == 0
    assert clip(2, (0, 1)) == 1


def test_a_regression_leaf_is_clipped_to_the_bound_its_ancestors_set() -> None:
    """x (+1) splits first: means 1.2 and 5 meet at 3.1, the left child's upper bound; below
    it z (unconstrained) splits 0 from 6, and the leaf of mean 6 predicts 3.1, less than the
    5 of x > 0.5.  Unconstrained, that leaf predicts 6: not monotone."""
    data = Dataset.from_columns(
        {
            "x": [0.0] * 5 + [1.0] * 4,
            "z": [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0],
            "y": [0.0, 0.0, 0.0, 0.0, 6.0, 5.0, 5.0, 5.0, 5.0],
        },
        target="y",
    )
    tree = grow(evolve(REGRESSION, monotonic_cst={"x": 1}), data)
    assert text(tree) == (
        "root [n: 9, mean: 2.88889]\n"
        "x <= 0.5 [n: 5, mean: 1.2]\n"
        "|   z <= 0.5 [n: 4, mean: 0]: 0\n"
        "|   z > 0.5 [n: 1, mean: 6]: 3.1\n"
        "x > 0.5 [n: 4, mean: 5]: 5"
    )
    assert law.predicts_monotonically(tree, data, "x", 1)
    assert not law.predicts_monotonically(grow(REGRESSION, data), data, "x", 1)


def test_a_clipped_share_of_the_second_class_can_change_the_class() -> None:
    """x (+1) splits the shares of b 1/3 and 1/2, which meet at 5/12: below x <= 0.5 the
    leaf of share 1 is clipped to 5/12 and predicts a, its counts kept; below x > 0.5 the
    leaf of share 0 is clipped up to 5/12 and still predicts a."""
    data = Dataset.from_columns(
        {
            "x": [0.0, 0.0, 0.0, 1.0, 1.0],
            "z": [0.0, 0.0, 1.0, 1.0, 0.0],
            "y": ["a", "a", "b", "a", "b"],
        },
        target="y",
    )
    tree = grow(evolve(CART, monotonic_cst=(1, 0)), data)
    assert text(tree) == (
        "root [a: 3, b: 2]\n"
        "x <= 0.5 [a: 2, b: 1]\n"
        "|   z <= 0.5 [a: 2, b: 0]: a\n"
        "|   z > 0.5 [a: 0, b: 1]: a\n"
        "x > 0.5 [a: 1, b: 1]\n"
        "|   z <= 0.5 [a: 0, b: 1]: b\n"
        "|   z > 0.5 [a: 1, b: 0]: a"
    )
    assert law.predicts_monotonically(tree, data, "x", 1)


def test_the_cut_is_the_best_admissible_one() -> None:
    """y = 0, 3, 1, 2 along x: unconstrained, x <= 1.5 is best (residual 2); decreasing, only
    x <= 2.5 (means 1.5 and 1.5, equal: admissible) is allowed, the worst cut."""
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": [0.0, 3.0, 1.0, 2.0]}, target="y")
    best = grow(evolve(REGRESSION, max_depth=1), data)
    assert isinstance(best, Split)
    assert best.branches[0].condition == AtMost("x", 1.5)
    tree = grow(evolve(REGRESSION, max_depth=1, monotonic_cst=(-1,)), data)
    assert isinstance(tree, Split)
    assert tree.branches[0].condition == AtMost("x", 2.5)
    increasing = grow(evolve(REGRESSION, monotonic_cst=(1,)), data)
    assert law.predicts_monotonically(increasing, data, "x", 1)


def test_constraints_by_name_or_position_and_their_refusals() -> None:
    golf = Dataset.from_columns(
        {"o": ["s", "r", "s"], "t": [1.0, 2.0, 3.0], "h": [3.0, None, 1.0], "y": list("pqp")},
        target="y",
    )
    schema = golf.schema
    assert directions((0, 1, -1), schema) == directions((("h", -1), ("t", 1)), schema)
    assert Learner(monotonic_cst={"t": 1}).monotonic_cst == (("t", 1),)
    assert Learner(monotonic_cst=[0, 1, 0]).monotonic_cst == (0, 1, 0)
    refusals = [
        ((1, 0), "has 2 directions; the data has 3 attributes"),
        ({"w": 1}, "names 'w', not an attribute"),
        ({"o": 1}, "'o', which is nominal"),
        ({"h": 1}, "a constrained attribute has a missing value"),
    ]
    for cst, message in refusals:
        with pytest.raises(DtreeError, match=message):
            grow(evolve(CART, monotonic_cst=cst, missing="fractional"), golf)
    with pytest.raises(DtreeError, match="must be -1, 0 or 1, got 2"):
        Learner(monotonic_cst=(2,))
    with pytest.raises(DtreeError, match="must be -1, 0 or 1, got True"):
        Learner(monotonic_cst={"t": True})
    with pytest.raises(DtreeError, match="names an attribute by a string"):
        Learner(monotonic_cst=((1, 1),))
    three = Dataset.from_columns({"t": [1.0, 2.0, 3.0], "y": list("pqr")}, target="y")
    with pytest.raises(DtreeError, match="the target has 3 classes"):
        grow(evolve(CART, monotonic_cst=(1,)), three)


def _first_numeric(data: Dataset) -> str:
    return next(a.name for a in data.schema.attributes if isinstance(a.domain, Numeric))


@settings(max_examples=40, deadline=None)
@given(
    data=st.one_of(
        strategies.datasets(
            min_rows=2,
            max_rows=25,
            min_classes=2,
            max_classes=2,
            min_numeric=1,
            max_numeric=3,
            weighted=True,
        ),
        strategies.regression_datasets(min_rows=2, max_rows=25, min_numeric=1, weighted=True),
    ),
    direction=st.sampled_from([1, -1]),
    leaves=st.sampled_from([None, 4]),
)
def test_a_constrained_tree_predicts_monotonically(
    data: Dataset, direction: int, leaves: int | None
) -> None:
    attribute = _first_numeric(data)
    impurity: Criterion = "gini" if data.schema.is_classification else "squared_error"
    learner = evolve(
        CART, impurity=impurity, max_leaf_nodes=leaves, monotonic_cst={attribute: direction}
    )
    assert law.predicts_monotonically(grow(learner, data), data, attribute, direction)


@settings(max_examples=20, deadline=None)
@given(data=strategies.regression_datasets(min_rows=2, max_rows=20, min_numeric=1))
def test_no_constraint_anywhere_is_no_constraint(data: Dataset) -> None:
    zeros = (0,) * len(data.schema.attributes)
    assert grow(evolve(REGRESSION, monotonic_cst=zeros), data) == grow(REGRESSION, data)
