"""dtree.prune: what holds of every pruning method (deep trees, pure functions)."""

from __future__ import annotations

from helpers import no_yes_chain

from dtree import invariants
from dtree.dataset import Dataset, Value
from dtree.datasets import load
from dtree.grower.presets import id3
from dtree.prune import (
    as_leaf,
    cost_complexity_path,
    mdl,
    pessimistic,
    prune_to,
    reduced_error,
    truncate,
)
from dtree.tree import depth, n_leaves


def test_pruning_works_on_a_chain_ten_thousand_deep() -> None:
    deep = no_yes_chain(10_000)
    assert prune_to(deep, 0) is deep
    assert prune_to(deep, 1) == as_leaf(deep)
    assert depth(truncate(deep, 9_999)) == 9_999
    assert n_leaves(pessimistic(deep, subtree_raising=False)) == 1
    rows: list[dict[str, Value]] = [{"x": float(i), "y": "no"} for i in range(0, 10_000, 500)]
    validation = Dataset.from_records(rows, target="y", classes=("no", "yes"))
    assert reduced_error(deep, validation) == as_leaf(deep)
    grown_on: list[dict[str, Value]] = [{"x": float(i), "y": "no"} for i in range(10_000)]
    grown_on += [{"x": 10_000.0, "y": "yes"}, {"x": 10_001.0, "y": "yes"}]
    training = Dataset.from_records(grown_on, target="y", classes=("no", "yes"))
    assert mdl(deep, training) == as_leaf(deep)


def test_no_pruner_changes_its_arguments() -> None:
    data = load("play-tennis")
    tree = id3(data)
    assert invariants.leaves_arguments_unchanged(reduced_error, tree, data)
    assert invariants.leaves_arguments_unchanged(pessimistic, tree, data=data)
    assert invariants.leaves_arguments_unchanged(cost_complexity_path, tree)
    assert invariants.leaves_arguments_unchanged(mdl, tree, data)
