"""A chain 10,000 splits deep: every public tree operation is linear in the tree's size.

The chain (``helpers.chain_with_data``) is built directly, without a
learner: on x = 0..n-1, the split at depth i sends x <= i + 0.5 (the
single row i) to a leaf and x > i + 0.5 on down the chain.  Its labels
alternate in runs chosen so that pruning has work to do at every depth.  A
second chain (``helpers.surviving_chain``), whose leaves hold ten rows of
alternating classes, survives pessimistic pruning whole.
"""

from __future__ import annotations

import functools

import pytest
from helpers import chain_labels, chain_with_data, surviving_chain

from dtree import invariants
from dtree import routing as routing_module
from dtree.counts import Stats
from dtree.dataset import Dataset, Example, Value
from dtree.ensemble import predict, predict_many, predict_proba
from dtree.evaluate import confusion_matrix, error, losses, resubstitution
from dtree.prune import (
    ZRule,
    collapse,
    cost_complexity_path,
    estimated_errors,
    link_strengths,
    pessimistic,
    prune_to,
    reduced_error,
    tree_risk,
    truncate,
)
from dtree.prune import pessimistic_pruning as pessimistic_module
from dtree.routing import Routed
from dtree.selection import select_by_holdout
from dtree.serialize import from_json, to_json
from dtree.tree import (
    Leaf,
    Probability,
    Split,
    Tree,
    depth,
    descend,
    leaves,
    paths,
    preorder,
    reach,
    size,
)

DEEP = 10_000


@functools.cache
def deep() -> tuple[Tree, Dataset]:
    """The chain 10,000 splits deep and its data, built once."""
    return chain_with_data(DEEP)


def examples_routed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counter of the examples a pruner reads from its data, one row at a time."""
    read = [0]
    original = Dataset.example

    def counted(self: Dataset, row: int) -> dict[str, Value]:
        read[0] += 1
        return original(self, row)

    monkeypatch.setattr(Dataset, "example", counted)
    return read


# -- pruning with data: each row is routed once, not once per split above it -----------------


@pytest.mark.parametrize("raising", [True, False])
def test_pessimistic_reads_each_row_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch, raising: bool
) -> None:
    tree, data = chain_with_data(1_000)
    read = examples_routed(monkeypatch)
    assert size(pessimistic(tree, 0.25, data=data, subtree_raising=raising)) == 1
    assert read[0] <= 10 * len(data)  # was 500,000: every row at every split above it


def test_pessimistic_estimates_each_leaf_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Subtree raising weighs, at every split, its largest branch raised: only the leaves
    that the other branch's rows reach are estimated again, not the whole branch."""
    tree, data = surviving_chain(1_000)
    read = examples_routed(monkeypatch)
    estimated, recounted = [0], [0]
    estimate, recount = pessimistic_module._leaf_estimate, routing_module.routed_stats

    def counted_estimate(leaf: Leaf, confidence: float, z: ZRule) -> float:
        estimated[0] += 1
        return estimate(leaf, confidence, z)

    def counted_recount(data: Dataset, rows: Routed) -> Stats:
        recounted[0] += 1
        return recount(data, rows)

    monkeypatch.setattr(pessimistic_module, "_leaf_estimate", counted_estimate)
    monkeypatch.setattr(routing_module, "routed_stats", counted_recount)
    assert pessimistic(tree, 0.25, data=data) is tree
    assert estimated[0] <= 10 * size(tree)  # was 502,501: every leaf of the branch below
    assert 0 < recounted[0] <= 10 * size(tree)  # was 1,000,000: every node of the branch below
    assert read[0] <= 10 * len(data)


def test_pessimistic_keeps_the_deep_surviving_chain() -> None:
    tree, data = surviving_chain(DEEP)
    pruned = pessimistic(tree, 0.25, data=data)  # was about 45 minutes
    assert size(pruned) == 2 * DEEP + 1
    assert pruned is tree
    assert size(pessimistic(tree, 0.25, data=data, z="normal", slack=0)) == 2 * DEEP + 1


def test_pessimistic_raises_at_every_other_split_of_a_chain_of_pairs() -> None:
    """Where two leaves in a row say the same class, the upper one is raised into the next
    split's: each raised branch is restated and pruned again, which C4.5 requires."""
    tree, data = surviving_chain(100, run=2)
    pruned = pessimistic(tree, 0.25, data=data)
    assert (size(pruned), depth(pruned)) == (101, 50)
    assert [leaf.stats.weight for leaf in leaves(pruned)] == [20] * 50 + [10]


def test_reduced_error_reads_each_row_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tree, data = chain_with_data(1_000)
    read = examples_routed(monkeypatch)
    assert size(reduced_error(tree, data)) == 2 * 1_000 - 1
    assert read[0] <= 10 * len(data)


def test_pessimistic_prunes_the_deep_chain() -> None:
    tree, data = deep()
    assert size(pessimistic(tree, 0.25, data=data)) == 1
    assert size(pessimistic(tree, 0.25, data=data, subtree_raising=False)) == 1
    assert size(pessimistic(tree, 0.25, subtree_raising=False)) == 1
    assert estimated_errors(tree) == pytest.approx(DEEP * 0.75 + 0.75)


def test_reduced_error_on_the_training_data_keeps_all_but_the_last_split() -> None:
    tree, data = deep()
    pruned = reduced_error(tree, data)
    assert size(pruned) == 2 * DEEP - 1
    assert invariants.is_pruning_of(pruned, tree)


# -- the other pruners, which need no data -------------------------------------------------------


def test_cost_complexity_on_the_deep_chain() -> None:
    tree, _ = deep()
    assert size(prune_to(tree, 0)) == 2 * DEEP - 1  # the last split's two leaves both say "a"
    assert size(prune_to(tree, 1)) == 1
    path = cost_complexity_path(tree)
    assert path.leaves == (DEEP, 1)
    assert invariants.path_is_nested(path.alphas, path.trees)
    assert cost_complexity_path(tree, one_at_a_time=True).leaves[-1] == 1
    assert len(link_strengths(tree)) == DEEP
    assert tree_risk(tree) == 0


def test_collapse_and_truncate_the_deep_chain() -> None:
    tree, _ = deep()
    assert size(collapse(tree)) == 2 * DEEP - 1
    assert depth(truncate(tree, DEEP // 2)) == DEEP // 2


# -- the tree's own functions, and its model file -----------------------------------------------


def test_tree_functions_on_the_deep_chain() -> None:
    tree, _ = deep()
    assert size(tree) == 2 * DEEP + 1
    assert depth(tree) == DEEP
    assert sum(1 for _ in leaves(tree)) == DEEP + 1
    assert sum(1 for _ in paths(tree)) == DEEP + 1
    assert max(level for _, level, _ in preorder(tree)) == DEEP
    assert tree == chain_with_data(DEEP)[0]
    assert hash(tree) == hash(chain_with_data(DEEP)[0])
    assert repr(tree).count("Split(") == DEEP
    assert invariants.stats_are_additive(tree)
    assert invariants.leaves_predict_plurality(tree)


def test_the_deepest_row_is_predicted() -> None:
    tree, data = deep()
    deepest = data.example(DEEP)
    assert predict(tree, deepest) == chain_labels(DEEP + 1)[DEEP] == "a"
    assert predict_proba(tree, deepest) == {"a": 1, "b": 0}
    assert [share for _, share in reach(tree, deepest)] == [1]


def test_the_model_file_of_the_deep_chain_round_trips() -> None:
    tree, _ = deep()
    assert from_json(to_json(tree)) == tree
    assert invariants.model_file_round_trips(tree)


def test_resubstitution_of_the_deep_chain() -> None:
    tree, _ = deep()
    assert resubstitution(tree) == 0


# -- measuring the tree on data -------------------------------------------------------------------


def test_error_descends_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tree, data = chain_with_data(1_000)
    descended = [0]
    original = descend

    def counted(
        split: Split, example: Example, share: Probability
    ) -> tuple[tuple[int, Probability], ...]:
        descended[0] += 1
        return original(split, example, share)

    monkeypatch.setattr(routing_module, "descend", counted)
    assert error(tree, data) == 0
    assert predict_many(tree, data) == data.labels
    assert descended[0] <= 10 * len(data)  # row by row, each row descended alone: 501,500


def test_error_and_losses_on_the_deep_chain() -> None:
    tree, data = deep()
    assert error(tree, data) == 0
    assert sum(losses(tree, data)) == 0
    assert confusion_matrix(tree, data).correct == len(data)
    assert select_by_holdout(cost_complexity_path(tree), data).index == 0
    assert invariants.reduced_error_keeps_accuracy(tree, data)
    assert invariants.pessimistic_keeps_estimate(tree, data=data)
