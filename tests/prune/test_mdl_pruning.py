"""dtree.prune.mdl_pruning: Quinlan and Rivest's numbers, the coding's parts, and the laws of
pruning by minimum description length."""

from __future__ import annotations

import math

import pytest
from attrs import evolve
from helpers import leaf, split
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants
from dtree.conditions import Above, AtMost, In, NotIn
from dtree.counts import ClassStats
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.learner import CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, cart, id3
from dtree.prune import (
    as_leaf,
    coding_of,
    description_length,
    exception_messages,
    mdl,
    messages,
    prunings,
    truncate,
)
from dtree.strategies import datasets
from dtree.tree import Branch, Split, Tree, n_leaves, nodes


def test_two_classes_are_quinlan_and_rivests_binomial_code() -> None:
    """L(n, k, b) = log2(b + 1) + log2 C(n, k), with b = n."""
    for n in range(8):
        for k in range(n + 1):
            stats = ClassStats(("no", "yes"), (n - k, k))
            assert exception_messages(stats, "no") == (n + 1) * math.comb(n, k)


def test_many_classes_code_the_count_the_division_and_the_arrangement() -> None:
    stats = ClassStats(("a", "b", "c", "d"), (4, 2, 0, 1))  # n = 7, e = 3 among 3 classes
    division = math.comb(3 + 2, 2)  # (2, 0, 1) is one of the C(5, 2) ways
    arrangement = math.factorial(7) // (math.factorial(4) * math.factorial(2))
    assert exception_messages(stats, "a") == 8 * division * arrangement
    assert exception_messages(ClassStats(("a",), (5,)), "a") == 6  # one class: only the count
    assert exception_messages(ClassStats(("a", "b"), (0, 0)), "a") == 1  # an empty leaf: 0 bits


def test_play_tennis_does_not_pay_for_its_tree() -> None:
    data = load("play-tennis")
    tree = id3(data)
    structure = 3 * math.log2(2 * 4) + 5 * math.log2(2 * 2)  # 19 bits
    exceptions = math.log2(5 * 3 * 4 * 4 * 3)  # five pure leaves: log2(n + 1) each
    assert description_length(tree, data) == pytest.approx(structure + exceptions, abs=1e-12)
    assert description_length(as_leaf(tree), data) == pytest.approx(
        2 + math.log2(15 * math.comb(14, 5)), abs=1e-12
    )
    assert mdl(tree, data) == as_leaf(tree)


def test_iris_keeps_the_two_splits_that_pay() -> None:
    iris = load("iris")
    tree = id3(iris)
    pruned = mdl(tree, iris)
    assert (n_leaves(tree), n_leaves(pruned)) == (9, 3)
    assert pruned == truncate(tree, 2)
    assert description_length(pruned, iris) < description_length(tree, iris)


def test_a_threshold_pays_for_its_cuts_and_a_subset_for_its_partitions() -> None:
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 2.0, 3.0, 5.0], "c": list("uvwuv"), "y": [*["no"] * 2, *["yes"] * 3]},
        target="y",
    )
    coding = coding_of(data)
    assert dict(coding.choices) == {"x": 3, "c": 3}  # 4 distinct values; {u}, {v}, {w}
    threshold = Split(
        (Branch(AtMost("x", 1.5), leaf(1, 0)), Branch(Above("x", 1.5), leaf(1, 3))),
        ClassStats(("no", "yes"), (2, 3)),
    )
    subset = Split(
        (
            Branch(In("c", frozenset({"u"})), leaf(1, 1)),
            Branch(NotIn("c", frozenset({"u"})), leaf(1, 2)),
        ),
        ClassStats(("no", "yes"), (2, 3)),
    )
    assert coding.split_messages(threshold) == coding.split_messages(subset) == 2 * 2 * 3


def test_a_tie_prunes() -> None:
    """One attribute, one day of "no" and 14 of "yes": the split's 2, its leaves' 2 x 2 x 2
    and 2 x 2 x 15 are 2 x 8 x 60 = 960 messages, the leaf's 2 x 2 x 15 C(15, 1) = 960 too."""
    tree = split("a", leaf(1, 0), leaf(0, 14))
    data = Dataset.from_columns(
        {"a": ["v0"] + ["v1"] * 14, "y": ["no"] + ["yes"] * 14}, target="y", classes=("no", "yes")
    )
    assert messages(as_leaf(tree), data) == messages(tree, data) == 960
    assert mdl(tree, data) == as_leaf(tree)
    assert invariants.mdl_is_shortest(tree, data)

    def keep_on_tie(t: Tree, d: Dataset) -> Tree:
        return t if messages(t, d) <= messages(as_leaf(t), d) else as_leaf(t)

    assert invariants.mdl_never_lengthens(tree, data, mdl=keep_on_tie)
    assert invariants.mdl_is_shortest(tree, data, mdl=keep_on_tie) is False


def test_fractional_counts_and_regression_are_refused() -> None:
    golf = load("golf")
    records = [{**golf.example(r), "play": golf.target[r]} for r in golf.rows]
    records[0] = {**records[0], "outlook": None}
    holed = Dataset.from_records(records, target="play", classes=golf.schema.classes)
    with pytest.raises(DtreeError, match="whole"):
        mdl(c45(holed, min_objects=1), holed)
    prices = Dataset.from_columns({"x": [1, 2, 3], "y": [1.0, 2.0, 4.0]}, target="y")
    with pytest.raises(DtreeError, match="regression"):
        mdl(cart(prices), prices)
    with pytest.raises(DtreeError, match="training"):
        mdl(id3(load("play-tennis")), golf)


GROWN = st.builds(
    lambda data, learner: (truncate(grow(learner, data), 3), data),
    datasets(min_rows=1, max_rows=14, max_attributes=3, max_numeric=2, weighted=True),
    st.sampled_from([ID3, CART, evolve(CART, impurity="entropy"), Learner(nominal="subsets")]),
)
"""Grown trees with their training data, cut at depth 3: small enough for every pruning."""


@given(GROWN)
def test_mdl_is_a_fixed_point_of_plurality_leaves(case: tuple[Tree, Dataset]) -> None:
    tree, data = case
    once = mdl(tree, data)
    assert mdl(once, data) == once
    assert invariants.leaves_predict_plurality(once)


@given(GROWN)
def test_lengths_add_over_the_nodes(case: tuple[Tree, Dataset]) -> None:
    tree, data = case
    coding = coding_of(data)
    own = [
        coding.split_messages(node) if isinstance(node, Split) else coding.leaf_messages(node)
        for node in nodes(tree)
    ]
    assert messages(tree, data) == math.prod(own)
    assert len(prunings(tree)) >= 1


def test_an_ordinal_test_costs_the_log_of_its_levels_cuts() -> None:
    """An ordinal attribute of v levels offers v - 1 cuts, not the 2^(v-1) - 1 subsets of a
    nominal one; its splits are coded and pruned like any other."""
    waits = ("0-10", "10-30", "30-60", ">60")
    restaurant = load("restaurant")
    ordinal = restaurant.with_levels({"Est": waits})
    assert dict(coding_of(ordinal).choices)["Est"] == len(waits) - 1
    assert dict(coding_of(restaurant).choices)["Est"] == 2 ** (len(waits) - 1) - 1
    tree = cart(ordinal)
    assert any(isinstance(node, Split) for node in nodes(tree))
    assert invariants.mdl_never_lengthens(tree, ordinal)
