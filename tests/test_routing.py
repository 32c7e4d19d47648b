"""Routing a dataset through a tree: the counts of a run are the row by row counts, and
neither time nor memory grows with rows times classes."""

from __future__ import annotations

import functools
import time
import tracemalloc
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from helpers import missing_left, two
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import invariants as law
from dtree.conditions import Above, AtMost
from dtree.counts import ClassStats, Stats
from dtree.dataset import Dataset, Weight
from dtree.ensemble import predict
from dtree.evaluate import error
from dtree.grower.presets import c45, cart
from dtree.prune import pessimistic, reduced_error
from dtree.routing import (
    Routed,
    every_row,
    fold_routed,
    restated,
    routed_predictions,
    routed_stats,
    total_weight,
)
from dtree.strategies import datasets
from dtree.tree import Leaf, Split, Sprout, Tree, size, unfold

T = TypeVar("T")

ROWS = CLASSES = 3_000
LEAF = 24


@functools.cache
def many_classes() -> tuple[Tree, Dataset]:
    """3,000 rows of 3,000 classes (row i of class 31 i mod 3,000) and a balanced tree of
    thresholds on x = i, alternating with z = 7919 i mod 3,000, with leaves of at most 24
    rows: each split sorts its rows again."""
    x = list(range(ROWS))
    z = [(i * 7919) % ROWS for i in x]
    y = [f"c{(i * 31) % CLASSES:04d}" for i in x]
    classes = tuple(sorted(set(y)))
    index = {label: k for k, label in enumerate(classes)}

    def stats(rows: tuple[int, ...]) -> ClassStats:
        counts = [0] * len(classes)
        for row in rows:
            counts[index[y[row]]] += 1
        return ClassStats(classes, tuple(counts))

    def step(seed: tuple[tuple[int, ...], int]) -> Leaf | Sprout[tuple[tuple[int, ...], int]]:
        rows, level = seed
        if len(rows) <= LEAF:
            return Leaf(stats(rows).plurality, stats(rows))
        name, column = ("z", z) if level % 2 else ("x", x)
        cut = sorted(column[row] for row in rows)[len(rows) // 2 - 1] + 0.5
        left = tuple(row for row in rows if column[row] <= cut)
        right = tuple(row for row in rows if column[row] > cut)
        conditions = (AtMost(name, cut), Above(name, cut))
        return Sprout(conditions, ((left, level + 1), (right, level + 1)), stats(rows))

    data = Dataset.from_columns({"x": x, "z": z, "y": y}, target="y")
    return unfold((tuple(x), 0), step), data


def measured(work: Callable[[], T]) -> tuple[T, float, int]:
    """The result, the seconds and the peak of memory traced (bytes) of the work."""
    tracemalloc.start()
    try:
        start = time.perf_counter()
        result = work()
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return result, seconds, peak


# -- many classes: time and memory grow with rows plus classes, not their product ---------------


def test_error_on_many_classes_counts_no_class_per_row() -> None:
    """Predicting counts nothing: a peak of 290 MB before (two tuples of every class per
    row, at every split), 1 MB now."""
    tree, data = many_classes()
    result, seconds, peak = measured(lambda: error(tree, data))
    assert result == Fraction(3_000 - 128, 3_000)  # each of the 128 leaves gets one row right
    assert routed_predictions(tree, data) == tuple(
        predict(tree, data.example(row)) for row in data.rows
    )
    assert peak < 20_000_000
    assert seconds < 10


def test_reduced_error_on_many_classes() -> None:
    tree, data = many_classes()
    pruned, seconds, peak = measured(lambda: reduced_error(tree, data))
    assert size(pruned) == size(tree)
    assert peak < 20_000_000  # before: 290 MB
    assert seconds < 10


def test_pessimistic_on_many_classes() -> None:
    tree, data = many_classes()
    pruned, seconds, peak = measured(lambda: pessimistic(tree, data=data))
    assert size(pruned) == size(tree)
    assert peak < 20_000_000  # before: 491 MB
    assert seconds < 20


# -- the counts of a run are the row by row counts, to the type --------------------------------


def row_by_row(data: Dataset, rows: Routed) -> Stats:
    """The statistics of the rows counted one by one, without runs."""
    return routed_stats(data, Routed(rows.shares()))


@settings(max_examples=80, deadline=None)
@given(
    datasets(max_rows=12, min_numeric=1, max_numeric=2, max_classes=4, missing=True),
    st.sampled_from([1, Fraction(1, 3), 2]),
)
def test_the_counts_of_every_node_are_the_row_by_row_counts(data: Dataset, unit: Weight) -> None:
    """Of counted runs, with exact weights (integers and fractions) and missing values
    spread by fractions: the same counts, of the same types, as row by row."""
    data = data.with_weights([unit * (1 + row % 3) for row in range(len(data.weights))])
    tree = c45(data, min_objects=1)

    def same(node: Tree, rows: Routed) -> bool:
        stats, expected = routed_stats(data, rows), row_by_row(data, rows)
        assert isinstance(stats, ClassStats)
        assert isinstance(expected, ClassStats)
        assert stats == expected
        assert [type(c) for c in stats.counts] == [type(c) for c in expected.counts]
        weight = total_weight(data, rows)
        assert (weight, type(weight)) == (expected.weight, type(expected.weight))
        return True

    def on_split(split: Split, rows: Routed, stopped: Routed, below: tuple[bool, ...]) -> bool:
        return same(split, rows) and all(below)

    assert fold_routed(tree, data, every_row(data, tree), same, on_split, recount=True)


def test_a_split_whose_every_value_is_missing_shares_its_rows_equally() -> None:
    """Recounting, a row whose value is missing goes down every branch by the branch's share
    of the known weight (:func:`dtree.missing.shares`); where no value is known, in equal
    shares, as prediction spreads an example at a split of no training weight."""
    grown = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": list("aabb")}, target="y")
    tree = cart(grown)
    holes = Dataset.from_columns({"x": [None, None], "y": list("ab")}, target="y")
    recounted = restated(tree, holes)
    assert isinstance(recounted, Split)
    assert [branch.subtree.stats.weight for branch in recounted.branches] == [1, 1]


def test_routed_rows_with_missing_values_follow_the_branch_that_takes_them() -> None:
    stump = missing_left()
    data = Dataset.from_columns(
        {"x": [None, 1.0, 3.0, None], "y": ["no", "no", "yes", "yes"]},
        target="y",
        classes=("no", "yes"),
    )
    assert law.routed_walk_is_the_definition(stump, data)
    recounted = restated(stump, data)
    assert isinstance(recounted, Split)
    assert recounted.branches[0].subtree.stats == two(2, 1)  # both missing rows went left, whole
