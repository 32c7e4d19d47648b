"""dtree.grower.squared_error_splits: a regression node's split, chosen in integers as the
general path chooses it.

The model is the general path itself: every attribute's candidate from
:func:`dtree.grower.candidate_splits.candidates`, and FindBestSplit's choice among them
(:func:`dtree.grower.make_subtree.best_split`).  The law holds on generated data with
coarse values (so ties are common), integer weights and the options the path reads, at
the root and at subsets of it; whole trees are the same with the path and without it.
"""

from __future__ import annotations

from typing import Any

import pytest
from attrs import evolve
from hypothesis import given, reject
from hypothesis import strategies as st

from dtree.conditions import AtMost, Condition
from dtree.dataset import Dataset, Numeric
from dtree.errors import DtreeError
from dtree.grower import make_subtree
from dtree.grower.candidate_splits import candidates
from dtree.grower.learner import CART, MAX_ABS_TARGET, Learner, Missing
from dtree.grower.make_subtree import Scored, StopRule, best_split
from dtree.grower.presets import cart
from dtree.grower.rows import Examples, start
from dtree.grower.squared_error_splits import squared_error_candidates
from dtree.strategies import regression_datasets
from dtree.tree import Split, Tree, nodes

SQUARED = evolve(CART, impurity="squared_error")


def choice(found: Scored[Any] | StopRule) -> object:
    """What a choice of FindBestSplit is: the split (attribute, tests, parts, cuts allowed)
    and its exact score, or the rule that refused every candidate."""
    if isinstance(found, str):
        return found
    candidate, score = found
    return (
        candidate.attribute,
        candidate.conditions,
        candidate.parts,
        candidate.cuts,
        candidate.missing_to,
        candidate.fill,
        score,
    )


def general(learner: Learner, data: Dataset, node: Examples) -> object:
    frame, _ = start(learner, data)
    return choice(best_split(frame, node, list(candidates(frame, node))))


def small(learner: Learner, data: Dataset, node: Examples) -> object:
    frame, _ = start(learner, data)
    found = squared_error_candidates(frame, node)
    if (
        learner.missing == "learned" or learner.mdl
    ):  # a side for missing values to learn: not this path
        assert found is None
        return general(learner, data, node)
    assert found is not None, "the path applies to these data"
    chosen = best_split(frame, node, found)
    if not isinstance(chosen, str):  # its screen is its exact score, rounded
        assert chosen[0].screen == pytest.approx(float(chosen[1]), rel=1e-12, abs=1e-300)
    return choice(chosen)


def test_two_rows_every_attribute_ties_and_the_first_wins() -> None:
    """At two rows of different y every attribute that separates them explains all of the
    node's squared error: the first such attribute in schema order is chosen, cut at the
    midpoint."""
    data = Dataset.from_columns(
        {"a": [1.0, 1.0], "b": [2.0, 0.0], "c": [0.0, 5.0], "y": [1.0, 3.0]}, target="y"
    )
    frame, root = start(SQUARED, data)
    [found] = squared_error_candidates(frame, root) or []
    assert (found.conditions[0], found.cuts) == (AtMost("b", 1.0), 1)
    assert small(SQUARED, data, root) == general(SQUARED, data, root)


def test_the_largest_targets_score_in_floats() -> None:
    """At |y| = MAX_ABS_TARGET the screen, a true division of integers, is still a float."""
    data = Dataset.from_columns(
        {"a": [1.0, 2.0, 3.0], "y": [-MAX_ABS_TARGET, MAX_ABS_TARGET, MAX_ABS_TARGET]},
        target="y",
    )
    _, root = start(SQUARED, data)
    assert small(SQUARED, data, root) == general(SQUARED, data, root)


def test_the_comparison_tells_a_different_choice() -> None:
    """The law can fail: a node whose best cut is another's is told apart."""
    data = Dataset.from_columns({"a": [1.0, 2.0, 3.0, 4.0], "y": [0.0, 0.0, 1.0, 5.0]}, target="y")
    _, root = start(SQUARED, data)
    first_three = evolve(root, rows=root.rows[:3], weights=root.weights[:3])
    assert small(SQUARED, data, root) != general(SQUARED, data, first_three)


def test_the_path_steps_aside_where_it_does_not_apply() -> None:
    data = Dataset.from_columns({"a": [1.0, None, 3.0], "y": [0.0, 1.0, 2.0]}, target="y")
    assert squared_error_candidates(*start(evolve(SQUARED, missing="fractional"), data)) is None
    complete = Dataset.from_columns({"a": [1.0, 2.0, 3.0], "y": [0.0, 1.0, 2.0]}, target="y")
    assert squared_error_candidates(*start(evolve(SQUARED, impurity="poisson"), complete)) is None
    weighted = Dataset.from_columns(
        {"a": [1.0, 2.0, 3.0], "y": [0.0, 1.0, 2.0]}, target="y", weights=[1, 0.5, 1]
    )
    assert squared_error_candidates(*start(SQUARED, weighted)) is None
    nominal = Dataset.from_columns({"a": ["p", "q", "p"], "y": [0.0, 1.0, 2.0]}, target="y")
    assert squared_error_candidates(*start(SQUARED, nominal)) is None


learners = st.builds(
    lambda leaf, rows, resolution, float32, threshold, features, seed, missing, mdl: evolve(
        SQUARED,
        min_samples_leaf=leaf,
        min_rows_leaf=rows,
        resolution=resolution,
        float32=float32,
        threshold=threshold,
        max_features=features,
        seed=seed,
        missing=missing,
        mdl=mdl,
    ),
    st.integers(1, 3),
    st.integers(1, 2),
    st.sampled_from([0.0, 0.3]),
    st.booleans(),
    st.sampled_from(["midpoint", "c45", "j48"]),
    st.sampled_from([None, 1]),
    st.integers(0, 3),
    st.sampled_from(["refuse", "fractional", "fractional_counts", "impute", "learned"]),
    st.booleans(),
)


@given(
    data=regression_datasets(max_rows=24, min_numeric=1, max_values=2, weighted=True)
    .filter(lambda d: all(isinstance(a.domain, Numeric) for a in d.schema.attributes))
    .filter(lambda d: all(type(w) is int for w in d.weights)),
    learner=learners,
    draw=st.data(),
)
def test_a_small_node_is_split_as_the_general_path_splits_it(
    data: Dataset, learner: Learner, draw: st.DataObject
) -> None:
    """The law: at the root and at a subset of its rows, the path's choice (its split,
    parts, cuts allowed and exact score, or the rule that stops the node) is the general
    path's."""
    _, root = start(learner, data)
    rows = draw.draw(st.lists(st.sampled_from(range(len(root.rows))), min_size=1, unique=True))
    node = evolve(
        root,
        rows=tuple(root.rows[k] for k in sorted(rows)),
        weights=tuple(root.weights[k] for k in sorted(rows)),
        key=draw.draw(st.integers(0, 5)),
    )
    for examples in (root, node):
        assert small(learner, data, examples) == general(learner, data, examples)


@given(
    data=regression_datasets(max_rows=40, max_values=2, weighted=True, missing=True),
    missing=st.sampled_from(["fractional", "impute", "learned"]),
)
def test_trees_are_the_same_with_the_path_and_without_it(data: Dataset, missing: Missing) -> None:
    try:
        grown = cart(data, missing=missing)
    except DtreeError:  # missing="learned" and a nominal attribute's missing value: refused
        reject()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(make_subtree, "squared_error_candidates", lambda frame, examples: None)
        assert grown == cart(data, missing=missing)


def test_targets_sharing_a_large_part_split_on_the_best_attribute() -> None:
    """y = 1.7e9 + a few: b's cut explains 10.8 of the node's squared error, a's 0.75.  The
    general path (taken here for the nominal column, or for float weights) once screened
    the attributes by a float decrease that had lost its digits, and took a."""
    columns = {
        "a": [1.0, 1, 1, 1, 0, 0],
        "b": [2.0, 1, 0, 2, 1, 2],
        "y": [
            1_700_000_006.0,
            1_700_000_003,
            1_700_000_000,
            1_700_000_002,
            1_700_000_004,
            1_700_000_003,
        ],
    }
    for data in (
        Dataset.from_columns(columns, target="y"),
        Dataset.from_columns({**columns, "c": ["k"] * 6}, target="y"),
        Dataset.from_columns(columns, target="y", weights=[1.0] * 6),
    ):
        tree = cart(data, max_depth=1)
        assert isinstance(tree, Split)
        assert tree.branches[0].condition == AtMost("b", 0.5)


@given(data=regression_datasets(max_rows=20, max_values=2, weighted=True))
def test_a_constant_added_to_every_target_changes_no_split(data: Dataset) -> None:
    """Squared error's decrease does not see a shift of y: the splits are the same, on either
    path (2^30 keeps every target of the grid exact)."""
    ys = [float(y) for y in data.target]  # a numeric target: numbers
    shifted = Dataset(
        data.schema, data.columns, tuple(y + 2**30 for y in ys), data.weights, data.rows
    )
    assert splits(cart(shifted, missing="fractional")) == splits(cart(data, missing="fractional"))


def splits(tree: Tree) -> list[tuple[Condition, ...]]:
    """The conditions of every split, in preorder."""
    return [
        tuple(branch.condition for branch in node.branches)
        for node in nodes(tree)
        if isinstance(node, Split)
    ]
