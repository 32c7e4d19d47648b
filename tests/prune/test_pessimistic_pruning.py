"""dtree.prune.pessimistic_pruning: C4.5's and J48's numbers, and the laws of error-based
pruning."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any
from unittest import mock

import pytest
from helpers import leaf, no_yes_chain, split
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants, routing
from dtree.conditions import Equals
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Weight
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.presets import c45, cart, id3
from dtree.prune import (
    added_errors,
    as_leaf,
    collapse,
    estimated_errors,
    largest_branch,
    pessimistic,
)
from dtree.prune import pessimistic_pruning as pessimistic_module
from dtree.render import text
from dtree.strategies import datasets
from dtree.tree import Branch, Split, Tree, n_leaves, nodes

QUINLAN = split("education", leaf(6, 0), leaf(9, 0), leaf(0, 1))
"""Quinlan's subtree (C4.5, ch. 4): leaves of 6, 9 and 1 cases, no errors; 16 cases, 1 error."""


def test_quinlans_example() -> None:
    assert round(estimated_errors(QUINLAN), 3) == 3.273
    assert round(estimated_errors(as_leaf(QUINLAN)), 3) == 2.507  # the book prints 2.512
    assert round(estimated_errors(as_leaf(QUINLAN), z="normal"), 3) == 2.476
    assert pessimistic(QUINLAN, subtree_raising=False) == as_leaf(QUINLAN)


def test_added_errors_follows_c45_and_weka_at_the_edges() -> None:
    assert added_errors(6, 0) == pytest.approx(6 * (1 - 0.25 ** (1 / 6)))
    assert added_errors(4, 3.5) == pytest.approx(0.67 * 0.5)  # e + 1/2 >= n
    assert added_errors(4, 3.5, z="normal") == pytest.approx(0.5)
    half = added_errors(10, 0.5)
    assert added_errors(10, 0) < half < added_errors(10, 1)  # interpolated
    assert added_errors(0, 0) == 0
    # C4.5's table at CF = 0.25: z = 0.84 + (0.25 - 0.84)(0.05 / 0.2) = 0.6925
    z = 0.6925
    p = (1.5 + z * z / 2 + math.sqrt(z * z * (1.5 * (1 - 1.5 / 16) + z * z / 4))) / (16 + z * z)
    assert added_errors(16, 1) == pytest.approx(16 * p - 1, rel=1e-12)


@pytest.mark.parametrize("confidence", [0, 1, 1.5])
def test_a_confidence_outside_zero_one_is_refused(confidence: float) -> None:
    with pytest.raises(DtreeError, match="confidence"):
        added_errors(10, 1, confidence)


def test_j48_keeps_the_golf_and_play_tennis_trees() -> None:
    """Weka's J48 (C4.5 pruning, CF 0.25) prints these two five-leaf trees."""
    for name in ("golf", "play-tennis"):
        data = load(name)
        tree = c45(data)
        assert n_leaves(tree) == 5
        assert pessimistic(tree, data=data) == tree
        assert pessimistic(tree, subtree_raising=False) == tree


def test_j48_on_iris_is_wekas_published_tree() -> None:
    """Weka's J48 with its defaults (collapse, CF 0.25, subtree raising) on iris prints
    5 leaves: setosa (50), versicolor (48/1), virginica (3), versicolor (3/1), virginica (46/1)."""
    data = load("iris")
    pruned = pessimistic(collapse(c45(data)), data=data)
    assert text(pruned).splitlines() == [
        "root [setosa: 50, versicolor: 50, virginica: 50]",
        "petal_width <= 0.6 [setosa: 50, versicolor: 0, virginica: 0]: setosa",
        "petal_width > 0.6 [setosa: 0, versicolor: 50, virginica: 50]",
        "|   petal_width <= 1.7 [setosa: 0, versicolor: 49, virginica: 5]",
        "|   |   petal_length <= 4.9 [setosa: 0, versicolor: 47, virginica: 1]: versicolor",
        "|   |   petal_length > 4.9 [setosa: 0, versicolor: 2, virginica: 4]",
        "|   |   |   petal_width <= 1.5 [setosa: 0, versicolor: 0, virginica: 3]: virginica",
        "|   |   |   petal_width > 1.5 [setosa: 0, versicolor: 2, virginica: 1]: versicolor",
        "|   petal_width > 1.7 [setosa: 0, versicolor: 1, virginica: 45]: virginica",
    ]


def test_collapse_cuts_splits_that_correct_no_training_error() -> None:
    tree = split("a", split("b", leaf(3, 1), leaf(2, 0)), leaf(0, 4))
    assert collapse(tree) == split("a", leaf(5, 1), leaf(0, 4))
    assert collapse(QUINLAN) == QUINLAN  # its split corrects the one error
    deep = no_yes_chain(10_000)
    assert collapse(deep) is not deep
    assert collapse(deep) == deep


def test_pessimistic_prunes_the_restaurant_tree_to_patrons() -> None:
    data = load("restaurant")
    pruned = pessimistic(c45(data, min_objects=1), data=data)
    assert text(pruned).splitlines() == [
        "root [Yes: 6, No: 6]",
        "Pat = Full [Yes: 2, No: 4]: No",
        "Pat = None [Yes: 0, No: 2]: No",
        "Pat = Some [Yes: 4, No: 0]: Yes",
    ]


def test_subtree_raising_replaces_a_node_by_its_largest_branch() -> None:
    # a root split that separates nothing, above a good split of its big branch
    rows = [{"a": "p", "b": "u", "y": "no"}] * 20 + [{"a": "p", "b": "w", "y": "yes"}] * 20
    rows += [{"a": "q", "b": "u", "y": "no"}, {"a": "q", "b": "w", "y": "yes"}]
    data = Dataset.from_records(rows, target="y")
    grown = id3(data)
    forced = Split(
        (
            Branch(Equals("a", "p"), id3(data.subset(range(40)))),
            Branch(Equals("a", "q"), id3(data.subset(range(40, 42)))),
        ),
        grown.stats,
    )
    raised = pessimistic(forced, data=data)
    assert isinstance(raised, Split)
    assert raised.attribute == "b"
    assert raised.stats == forced.stats  # recounted on all 42 examples
    assert [b.subtree.stats for b in raised.branches] == [
        ClassStats(("no", "yes"), (21, 0)),
        ClassStats(("no", "yes"), (0, 21)),
    ]
    assert pessimistic(forced, subtree_raising=False) == forced


def test_subtree_raising_needs_the_training_data() -> None:
    with pytest.raises(DtreeError, match="data="):
        pessimistic(QUINLAN)


def test_pessimistic_refuses_regression() -> None:
    data = Dataset.from_columns({"x": [1, 2, 3], "y": [1.0, 2.0, 4.0]}, target="y")
    with pytest.raises(DtreeError, match="regression"):
        pessimistic(cart(data), subtree_raising=False)


@given(datasets(min_rows=2, max_rows=30, max_numeric=2, weighted=True, missing=True), st.booleans())
def test_pessimistic_never_raises_the_estimate_without_slack(data: Dataset, raising: bool) -> None:
    tree = c45(data, min_objects=1)
    assert invariants.pessimistic_keeps_estimate(tree, data=data if raising else None)
    pruned = pessimistic(tree, data=data) if raising else pessimistic(tree, subtree_raising=False)
    assert invariants.leaves_predict_plurality(pruned)
    assert invariants.stats_are_additive(pruned)


WEIGHINGS: dict[str, Callable[[Weight], Weight]] = {
    "integer": lambda w: w,
    "fraction": lambda w: Fraction(w) / 3,
    "float": lambda w: w * 0.1,
}


@given(
    datasets(min_rows=2, max_rows=30, max_numeric=2, weighted=True, missing=True)
    | datasets(min_rows=2, max_rows=30, max_numeric=2, weighted=True),
    st.sampled_from(sorted(WEIGHINGS)),
    st.sampled_from(["c45", "cart", "unweighted"]),
    st.sampled_from([0.25, 0.9]),
)
def test_the_raised_estimate_is_the_restated_branchs_to_the_last_bit(
    data: Dataset, weighing: str, grower: str, confidence: float
) -> None:
    """Raising is weighed by correcting the branch's estimate where the other rows land; it
    must be the estimate of the branch restated on all the rows, every bit of it (also for
    a tree whose counts are not those of the data, grown with other weights)."""
    data = data.with_weights(tuple(WEIGHINGS[weighing](w) for w in data.weights))
    growers: dict[str, Callable[[], Tree]] = {
        "c45": lambda: c45(data, min_objects=1),
        "cart": lambda: cart(data, missing="fractional"),
        "unweighted": lambda: c45(data.with_weights((1,) * len(data.weights)), min_objects=1),
    }
    tree = growers[grower]()
    compared = [0]
    fast = pessimistic_module._corrected_raised_errors

    def both(split: Split, position: int, branch: Tree, *args: Any, **kwargs: Any) -> float:
        estimate = fast(split, position, branch, *args, **kwargs)
        restated = routing.restated(branch, kwargs["data"], kwargs["rows"])
        assert estimate == estimated_errors(restated, kwargs["confidence"], z=kwargs["z"])
        compared[0] += 1
        return estimate

    with mock.patch.object(pessimistic_module, "_corrected_raised_errors", both):
        pessimistic(tree, confidence, data=data)
    assert compared[0] >= sum(1 for node in nodes(tree) if isinstance(node, Split))


@given(st.lists(st.integers(0, 5), min_size=1, max_size=6))
def test_the_largest_branch_is_the_first_or_last_of_the_heaviest(weights: list[int]) -> None:
    heaviest = [k for k, w in enumerate(weights) if w == max(weights)]
    assert largest_branch(weights) == heaviest[0]
    assert largest_branch(weights, "last") == heaviest[-1]


def test_an_unknown_tie_rule_of_the_largest_branch_is_refused() -> None:
    with pytest.raises(
        DtreeError, match=r"unknown ties 'middle'; choose one of \['first', 'last'\]"
    ):
        largest_branch([1, 2, 2], "middle")  # type: ignore[arg-type]


def test_j48_takes_a_branch_within_its_small_of_the_heaviest() -> None:
    """Weka's maxBag keeps any later branch at least the largest so far less 1e-6."""
    assert largest_branch([5.0, 5.0 - 5e-7], "last") == 1
    assert largest_branch([5.0, 5.0 - 2e-6], "last") == 0
    assert largest_branch([5.0, 5.0 - 2e-6]) == 0
