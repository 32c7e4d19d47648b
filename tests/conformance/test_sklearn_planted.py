"""Planted bugs in a wrapper around scikit-learn, one in each part of its surface.

Each wrapper fits the installed scikit-learn and then goes wrong the way an
implementation of that part could: missing values sent the wrong way, a criterion's
decrease not scaled, a split that gains nothing, a threshold at the lower value of its
gap, a class weight applied twice, a monotonic bound not passed down.
:func:`dtree.conformance.differential` must find each and shrink it to a few rows,
while the same campaign against scikit-learn itself finds nothing: the finding is the
planted bug's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from attrs import evolve

from dtree.conditions import Above, AtMost, Condition, holds
from dtree.conformance.check import Peer
from dtree.conformance.fuzz import NUMERIC_DATA, Counterexample, differential
from dtree.conformance.learners import Recipe, learner_for
from dtree.conformance.sklearn_fit import fit_sklearn
from dtree.counts import ClassStats, central
from dtree.dataset import Dataset, Value
from dtree.impurity import gini
from dtree.routing import restated
from dtree.strategies import datasets, regression_datasets
from dtree.tree import Branch, Leaf, Split, Tree, paths

pytest.importorskip("sklearn")

Fit = Callable[[Dataset], Tree]


def _relabelled(data: Dataset) -> Dataset:
    """The classes its rows hold renamed p, q, r in order, so that a class weight can name p."""
    present = sorted({str(y) for y in map(data.target.__getitem__, data.rows)})
    names = dict(zip(present, "pqr", strict=False))
    labels = [names.get(str(y), "r") for y in data.target]
    columns = dict(zip(data.schema.names, data.columns, strict=True))
    return Dataset.from_columns(
        {**columns, "y": labels}, target="y", classes=sorted(set(labels)), weights=data.weights
    ).subset(data.rows)


def _two_present(data: Dataset) -> bool:
    return len({data.target[r] for r in data.rows}) >= 2


TWO_OR_MORE = datasets(**{**NUMERIC_DATA, "min_classes": 2}).map(_relabelled)
WEIGHTED = (
    datasets(**{**NUMERIC_DATA, "min_classes": 2, "weighted": True})
    .filter(_two_present)
    .map(_relabelled)
)
WITH_MISSING: dict[str, Any] = {**NUMERIC_DATA, "missing": True}
POSITIVE = regression_datasets(
    min_rows=2, max_rows=30, min_attributes=3, max_attributes=3, min_numeric=3, max_numeric=3
)


def _mapped(tree: Tree, step: Callable[[Split, Sequence[Tree]], Tree]) -> Tree:
    """The tree rebuilt bottom-up, each split given its rebuilt subtrees."""
    match tree:
        case Leaf():
            return tree
        case Split(branches):
            return step(tree, [_mapped(b.subtree, step) for b in branches])


def _with(split: Split, conditions: Sequence[Condition], below: Sequence[Tree]) -> Split:
    branches = tuple(Branch(c, t) for c, t in zip(conditions, below, strict=True))
    return Split(branches, split.stats)


CONTROL = 30
"""The examples of the campaign against scikit-learn itself, which must find nothing."""

FEW_ROWS = 8
"""The most rows a campaign's counterexample may keep.  Where the shrinker stops depends on
the path of the search, and Hypothesis draws values from the literals of the code under
test (its pool of local constants): a change of dtree's source that changes no tree moves
the path, and the rows left by a row or two.  The bound says the counterexample is a few
rows, not which few."""


def _found(fit: Fit, recipe: Recipe, data: Any, examples: int, seed: int = 0) -> Counterexample:
    """The campaign against the planted bug finds a few rows; against scikit-learn run with
    the recipe's settings, none."""
    peer = Peer("sklearn", recipe.settings)
    clean = differential(peer, recipe, data=data, examples=CONTROL, seed=seed)
    assert clean is None, clean.text()
    found = differential(fit, recipe, data=data, examples=examples, seed=seed)
    assert isinstance(found, Counterexample)
    assert len(found.data.rows) <= FEW_ROWS, found.text()
    return found


# -- missing values sent the wrong way ------------------------------------------------------------


def swapped_missing(data: Dataset) -> Tree:
    """scikit-learn's tree with every split's branch for missing values swapped."""

    def step(split: Split, below: Sequence[Tree]) -> Tree:
        first, second = (b.condition for b in split.branches)
        assert isinstance(first, AtMost)
        assert isinstance(second, Above)
        flipped = (evolve(first, missing=second.missing), evolve(second, missing=first.missing))
        return _with(split, flipped, below)

    return _mapped(fit_sklearn(data), step)


def test_missing_values_sent_the_wrong_way_are_found() -> None:
    found = _found(swapped_missing, learner_for("sklearn"), WITH_MISSING, 60)
    assert found.comparison is not None
    assert any(column[r] is None for column in found.data.columns for r in found.data.rows)
    assert not found.comparison.agrees


# -- a criterion's decrease not scaled ------------------------------------------------------------

LEAST = 0.05


def _decrease(split: Split) -> float:
    """I(s, t) of a split, the node's own decrease of Gini: not scaled by W_t / W."""
    stats = split.stats
    assert isinstance(stats, ClassStats)
    below = 0.0
    for branch in split.branches:
        part = branch.subtree.stats
        assert isinstance(part, ClassStats)
        below += float(part.weight) / float(stats.weight) * float(gini(part.counts))
    return float(gini(stats.counts)) - below


def unscaled_decrease(data: Dataset) -> Tree:
    """scikit-learn grown whole, then each split kept only where its unscaled decrease
    I(s, t) reaches ``min_impurity_decrease`` (scikit-learn scales it by W_t / W)."""

    def top_down(tree: Tree) -> Tree:
        if isinstance(tree, Leaf):
            return tree
        if _decrease(tree) < LEAST:
            return Leaf(central(tree.stats), tree.stats)
        return _with(
            tree, [b.condition for b in tree.branches], [top_down(b.subtree) for b in tree.branches]
        )

    return top_down(fit_sklearn(data))


def test_a_decrease_not_scaled_is_found() -> None:
    found = _found(
        unscaled_decrease, learner_for("sklearn", min_impurity_decrease=LEAST), TWO_OR_MORE, 150
    )
    assert found.comparison is not None
    assert any(node.verdict == "stopped" for node in found.comparison.disagreements)


# -- a split that gains nothing --------------------------------------------------------------------


def zero_gain(data: Dataset) -> Tree:
    """scikit-learn's tree with its first pure leaf of two distinct values of the first
    attribute split between them: a split that gains nothing."""
    tree = fit_sklearn(data)
    examples = [dict(zip(data.schema.names, row, strict=True)) for row in _rows(data)]
    first = data.schema.names[0]
    for conditions, leaf in paths(tree):
        reached = [r for r, x in zip(data.rows, examples, strict=True) if _all(conditions, x)]
        values = sorted({float(v) for r in reached if (v := data.columns[0][r]) is not None})
        if len(values) >= 2 and len({data.target[r] for r in reached}) == 1:
            t = (values[0] + values[1]) / 2
            cut = Split((Branch(AtMost(first, t), leaf), Branch(Above(first, t), leaf)), leaf.stats)
            return _replaced(tree, leaf, cut)
    return tree


def _replaced(tree: Tree, old: Leaf, new: Tree) -> Tree:
    """The tree with the leaf ``old`` (that very node) replaced by ``new``."""
    return _mapped(
        tree, lambda split, below: _with(split, _of(split), [new if t is old else t for t in below])
    )


def _rows(data: Dataset) -> list[tuple[Value, ...]]:
    return [tuple(column[r] for column in data.columns) for r in data.rows]


def _all(conditions: Sequence[Condition], example: dict[str, Value]) -> bool:
    return all(holds(c, example) for c in conditions)


def _of(split: Split) -> list[Condition]:
    return [b.condition for b in split.branches]


def test_a_split_that_gains_nothing_is_found() -> None:
    found = _found(zero_gain, learner_for("sklearn"), TWO_OR_MORE, 60)
    assert found.comparison is not None
    assert any(node.gainless is not None for node in found.comparison.disagreements)


# -- a threshold at the lower value of its gap ---------------------------------------------------


def lower_thresholds(data: Dataset) -> Tree:
    """scikit-learn's tree with each threshold moved down to the largest training value not
    above it: the same rows on each side, other predictions inside the gap."""
    known = sorted({float(v) for column in data.columns for v in column if v is not None})

    def step(split: Split, below: Sequence[Tree]) -> Tree:
        first, second = _of(split)
        assert isinstance(first, AtMost)
        assert isinstance(second, Above)
        low = max((v for v in known if v <= first.threshold), default=first.threshold)
        moved = (evolve(first, threshold=low), evolve(second, threshold=low))
        return _with(split, moved, below)

    return _mapped(fit_sklearn(data), step)


def test_a_threshold_at_the_lower_value_is_found() -> None:
    found = _found(lower_thresholds, learner_for("sklearn"), TWO_OR_MORE, 60)
    assert found.comparison is not None
    assert found.probes or any(n.placements for n in found.comparison.disagreements)


# -- a class weight applied twice -----------------------------------------------------------------

WEIGHTS = {"p": 2.0}


def twice_weighted(data: Dataset) -> Tree:
    """scikit-learn fit with ``class_weight`` on rows already weighted by it, the class's
    weight counted twice: its splits, with the statistics of the rows weighted once."""
    once = learner_for("sklearn", class_weight=WEIGHTS).weighted(data)
    grown = fit_sklearn(once, class_weight=WEIGHTS)  # on rows weighted already: twice
    return restated(grown, once, predictions="kept")


def test_a_class_weight_applied_twice_is_found() -> None:
    recipe = learner_for("sklearn", class_weight=WEIGHTS)
    found = _found(twice_weighted, recipe, WEIGHTED, 60)
    assert found.comparison is None or not found.comparison.agrees


# -- a monotonic bound not passed down ------------------------------------------------------------

DIRECTIONS = [1, 0, 0]


def unbounded_children(data: Dataset) -> Tree:
    """scikit-learn's root split under ``monotonic_cst``, then each child grown by
    scikit-learn on its rows alone, under the constraint but not within the bounds the
    root's split sets for it."""
    root = fit_sklearn(data, criterion="squared_error", monotonic_cst=DIRECTIONS, max_depth=1)
    if isinstance(root, Leaf):
        return root
    examples = [dict(zip(data.schema.names, row, strict=True)) for row in _rows(data)]
    children: list[Tree] = []
    for branch in root.branches:
        rows = [r for r, x in zip(data.rows, examples, strict=True) if holds(branch.condition, x)]
        part = data.subset(rows)
        children.append(
            fit_sklearn(part, criterion="squared_error", monotonic_cst=DIRECTIONS, max_depth=2)
        )
    return _with(root, _of(root), children)


def test_a_monotonic_bound_not_passed_down_is_found() -> None:
    recipe = learner_for(
        "sklearn", criterion="squared_error", monotonic_cst=DIRECTIONS, max_depth=3
    )
    found = _found(unbounded_children, recipe, POSITIVE, 60)
    assert found.comparison is not None
    assert not found.comparison.agrees
