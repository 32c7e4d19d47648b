"""dtree.prune: the notes' pruning procedures with their numbers, and the laws of pruning."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any
from unittest import mock

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants, routing
from dtree import prune as prune_module
from dtree.conditions import Above, AtMost, Equals
from dtree.counts import ClassStats, Moments
from dtree.dataset import Dataset, Value, Weight
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.evaluate import error
from dtree.grower.learner import C45, CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, cart, id3
from dtree.impurity import entropy
from dtree.progress import Progress
from dtree.prune import (
    CostComplexityPath,
    added_errors,
    as_leaf,
    collapse,
    cost_complexity,
    cost_complexity_path,
    early_stopping,
    estimated_errors,
    largest_branch,
    link_strengths,
    pessimistic,
    prune_to,
    prunings,
    reduced_error,
    select_by_cv,
    select_by_holdout,
    tree_risk,
    truncate,
)
from dtree.render import text
from dtree.strategies import datasets, regression_datasets
from dtree.tree import Branch, Leaf, Split, Tree, depth, fold, n_leaves, nodes, size

TEN = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
"""x = 0..9, y = 0 0 1 0 0 1 1 1 0 1: the full Gini tree has six leaves."""


def two(no: int, yes: int) -> ClassStats:
    return ClassStats(("no", "yes"), (no, yes))


def leaf(no: int, yes: int) -> Leaf:
    return Leaf("no" if no >= yes else "yes", two(no, yes))


def split(attribute: str, *children: Tree) -> Split:
    """A nominal split with one branch per child, values v0, v1, ..."""
    counts = [sum(c) for c in zip(*(child.stats.counts for child in children), strict=True)]  # type: ignore[union-attr]
    branches = (Branch(Equals(attribute, f"v{i}"), child) for i, child in enumerate(children))
    return Split(tuple(branches), two(*counts))


# -- cost-complexity: the worked numbers ------------------------------------------------------


def test_the_impurity_path_of_the_ten_point_example_is_exact() -> None:
    path = cost_complexity_path(cart(TEN), risk="impurity")
    assert path.alphas == (Fraction(0), Fraction(2, 25), Fraction(9, 50))
    assert all(type(alpha) is Fraction for alpha in path.alphas)
    assert path.leaves == (6, 2, 1)
    assert path.risks == (Fraction(0), Fraction(8, 25), Fraction(1, 2))


def test_link_strengths_of_the_ten_point_example() -> None:
    tree = cart(TEN)
    strengths = link_strengths(tree)
    # the root: R = 1/2 as a leaf, 0 with its six leaves; each child: R = 1/10, three leaves
    assert [g for _, g in strengths] == [Fraction(1, 10), *[Fraction(1, 20), Fraction(1, 10)] * 2]
    assert strengths[0][0] is tree
    assert min(g for _, g in strengths) == cost_complexity_path(tree).alphas[1]
    impurity = [g for _, g in link_strengths(tree, risk="impurity")]
    assert min(impurity) == Fraction(2, 25)


def test_one_at_a_time_keeps_scikit_learns_repeated_alpha() -> None:
    path = cost_complexity_path(cart(TEN), risk="impurity", one_at_a_time=True)
    # scikit-learn: ccp_alphas [0, 0.08, 0.08, 0.18000000000000005], impurities [0, .16, .32, .5]
    assert path.alphas == (Fraction(0), Fraction(2, 25), Fraction(2, 25), Fraction(9, 50))
    assert path.risks == (Fraction(0), Fraction(4, 25), Fraction(8, 25), Fraction(1, 2))
    assert path.leaves == (6, 4, 2, 1)
    # the first weakest link in preorder goes first: the left branch x <= 4.5
    assert isinstance(path.trees[1], Split)
    assert isinstance(path.trees[1].branches[0].subtree, Leaf)


def test_the_error_path_of_the_ten_point_example_is_exact() -> None:
    path = cost_complexity_path(cart(TEN))
    assert path.alphas == (Fraction(0), Fraction(1, 20), Fraction(3, 10))
    assert path.risks == (Fraction(0), Fraction(1, 5), Fraction(1, 2))
    root_error = tree_risk(path.trees[-1])
    # rpart's complexity parameter is alpha over the root's risk
    assert [alpha / root_error for alpha in path.alphas] == [0, Fraction(1, 10), Fraction(3, 5)]


def test_t0_prunes_splits_that_do_not_lower_the_risk() -> None:
    # both branches predict "no": the split lowers the impurity but not the error
    tree = split("a", leaf(3, 1), leaf(2, 0))
    path = cost_complexity_path(tree)
    assert path.trees == (as_leaf(tree),)
    assert path.alphas == (Fraction(0),)
    assert cost_complexity_path(tree, risk="impurity").leaves == (2, 1)
    assert cost_complexity_path(tree, one_at_a_time=True).alphas == (Fraction(0), Fraction(0))


def test_regression_risk_is_the_residual_sum_of_squares_over_n() -> None:
    data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": [1.0, 1.0, 5.0, 7.0]}, target="y")
    tree = cart(data)
    # the root's mean is 3.5 and its RSS 27; the split at 2.5 leaves RSS 2 (of the 5 and the 7)
    assert tree_risk(as_leaf(tree)) == Fraction(27, 1) / 4
    path = cost_complexity_path(tree)
    assert path.leaves == (3, 2, 1)
    assert path.alphas == (Fraction(0), Fraction(1, 2), Fraction(25, 4))
    assert tree_risk(tree, risk="impurity") == tree_risk(tree) == 0


def test_cost_complexity_adds_alpha_per_leaf() -> None:
    tree = cart(TEN)
    assert cost_complexity(tree, Fraction(1, 10)) == Fraction(6, 10)
    assert cost_complexity(tree, 0.1) == Fraction(0.1) * 6  # a float alpha is its exact value


def test_prune_to_reads_the_path() -> None:
    tree = cart(TEN)
    path = cost_complexity_path(tree)
    assert prune_to(tree, 0) is tree
    assert prune_to(tree, Fraction(1, 20)) == path.trees[1]
    assert prune_to(tree, Fraction(1, 21)) == path.trees[0]
    assert prune_to(tree, math.inf) == as_leaf(tree)
    assert path.tree_at(0.2) == path.trees[1]
    assert path.tree_at(100) == path.trees[2]


@pytest.mark.parametrize("alpha", [-1, math.nan])
def test_prune_to_refuses_a_negative_alpha(alpha: float) -> None:
    with pytest.raises(DtreeError, match="alpha"):
        prune_to(cart(TEN), alpha)


def test_an_unknown_risk_is_refused() -> None:
    with pytest.raises(DtreeError, match="risk"):
        cost_complexity_path(cart(TEN), risk="deviance")  # type: ignore[arg-type]


# -- cost-complexity: the laws ----------------------------------------------------------------

small_trees = st.builds(
    lambda data, learner: grow(learner, data),
    datasets(min_rows=2, max_rows=14, max_attributes=3, max_numeric=2, weighted=True),
    st.sampled_from([ID3, CART, evolve(CART, impurity="entropy")]),
)
"""Grown trees small enough to enumerate all their prunings."""


@given(small_trees, st.data())
def test_prune_to_is_the_smallest_minimiser_of_all_prunings(
    tree: Tree, data: st.DataObject
) -> None:
    path = cost_complexity_path(tree)
    ends = list(path.alphas)
    middles = [(a + b) / 2 for a, b in itertools.pairwise(ends)]
    alpha = data.draw(st.sampled_from([*ends, *middles, ends[-1] + 1]))
    if size(tree) <= 15:
        assert invariants.prune_to_is_optimal(tree, alpha)
    # Breiman: T_k is optimal on [alpha_k, alpha_(k+1))
    assert prune_to(tree, alpha) == path.tree_at(alpha)


@given(small_trees)
def test_link_strengths_are_the_brute_force_g_and_the_path_takes_the_least(tree: Tree) -> None:
    n = tree.stats.weight
    strengths = link_strengths(tree)
    for node, g in strengths:
        as_one = tree_risk(as_leaf(node)) * node.stats.weight / n
        kept = tree_risk(node) * node.stats.weight / n
        assert g == (as_one - kept) / (n_leaves(node) - 1)
    path = cost_complexity_path(tree, one_at_a_time=True)
    if strengths:
        assert path.alphas[1] == min(g for _, g in strengths)


def test_a_chain_of_two_splits_has_three_prunings() -> None:
    tree = split("a", leaf(1, 0), split("b", leaf(0, 1), leaf(1, 1)))
    assert prunings(tree) == (
        as_leaf(tree),
        split("a", leaf(1, 0), as_leaf(tree.branches[1].subtree)),
        tree,
    )


@given(small_trees)
def test_prunings_are_every_pruning_once(tree: Tree) -> None:
    every = prunings(tree)
    assert every[0] == as_leaf(tree)
    assert every[-1] == tree
    assert len(set(every)) == len(every)
    assert all(invariants.is_pruning_of(t, tree) for t in every)
    # N(leaf) = 1 and N(split) = 1 + the product of its branches' N
    assert len(every) == fold(tree, lambda leaf: 1, lambda split, below: 1 + math.prod(below))


@given(regression_datasets(min_rows=2, max_rows=12, max_attributes=2))
def test_regression_paths_nest_too(data: Dataset) -> None:
    path = cost_complexity_path(cart(data))
    assert invariants.path_is_nested(path.alphas, path.trees)


# -- reduced-error pruning ----------------------------------------------------------------------


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


# -- pessimistic pruning ------------------------------------------------------------------------

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
    deep = chain(10_000)
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
    fast = prune_module._raised_errors

    def both(split: Split, position: int, branch: Tree, *args: Any, **kwargs: Any) -> float:
        estimate = fast(split, position, branch, *args, **kwargs)
        restated = routing.restated(branch, kwargs["data"], kwargs["rows"])
        assert estimate == estimated_errors(restated, kwargs["confidence"], z=kwargs["z"])
        compared[0] += 1
        return estimate

    with mock.patch.object(prune_module, "_raised_errors", both):
        pessimistic(tree, confidence, data=data)
    assert compared[0] >= sum(1 for node in nodes(tree) if isinstance(node, Split))


# -- choosing from the path ---------------------------------------------------------------------


def test_holdout_selection_reports_each_tree_and_prefers_the_smaller_on_a_tie() -> None:
    data = load("play-tennis")
    path = cost_complexity_path(cart(data.subset(range(10))))
    chosen = select_by_holdout(path, data.subset(range(10, 14)))
    assert [row.error for row in chosen.table] == [
        Fraction(1, 4),
        Fraction(1, 2),
        Fraction(1, 2),
        Fraction(1, 4),
    ]
    assert chosen.index == 3
    assert chosen.tree == path.trees[3]
    se = math.sqrt(Fraction(1, 4) * Fraction(3, 4) / 4)
    assert chosen.table[0].standard_error == pytest.approx(se)
    assert [row.leaves for row in chosen.table] == list(path.leaves)


def test_the_one_se_rule_takes_the_smallest_tree_within_one_standard_error() -> None:
    data = load("golf")
    rows = data.rows
    path = cost_complexity_path(cart(data.subset(rows[:9])))
    by_min = select_by_holdout(path, data.subset(rows[9:]))
    by_1se = select_by_holdout(path, data.subset(rows[9:]), rule="1se")
    best = by_min.table[by_min.index]
    assert by_1se.index >= by_min.index
    assert by_1se.table[by_1se.index].error <= best.error + Fraction(best.standard_error)
    assert all(
        row.error > best.error + Fraction(best.standard_error)
        for row in by_1se.table[by_1se.index + 1 :]
    )


def test_cross_validation_is_seeded_and_matches_its_parts() -> None:
    data = load("golf")
    first = select_by_cv(CART, data, folds=3, seed=1)
    assert first == select_by_cv(CART, data, folds=3, seed=1)
    full = cost_complexity_path(cart(data))
    assert first.table[0].alpha == 0
    assert [row.alpha for row in first.table] == list(full.alphas)
    assert first.tree == full.trees[first.index]
    assert all(0 <= row.error <= 1 for row in first.table)


def test_cross_validation_reports_progress() -> None:
    seen: list[Progress] = []
    select_by_cv(ID3, load("play-tennis"), folds=4, progress=seen.append)
    ends = [call for call in seen if "," not in call.what]
    assert ends == [Progress(i + 1, 5, f"fold {i}/4") for i in range(1, 5)]
    shares = [call.share for call in seen]
    assert shares == sorted(shares)
    assert {call.what for call in seen} >= {"the full tree, growing", "fold 1/4, pruning"}


def test_a_bad_rule_is_refused() -> None:
    data = load("play-tennis")
    with pytest.raises(DtreeError, match="rule"):
        select_by_holdout(cost_complexity_path(id3(data)), data, rule="2se")  # type: ignore[arg-type]


# -- depth and early termination ----------------------------------------------------------------


@given(
    datasets(min_rows=1, max_rows=24, max_numeric=2),
    st.integers(0, 4),
    st.sampled_from([ID3, CART, C45]),
)
def test_truncating_is_growing_with_a_max_depth(data: Dataset, d: int, learner: Learner) -> None:
    learner = evolve(learner, missing="refuse") if learner is not C45 else learner
    assert truncate(grow(learner, data), d) == grow(evolve(learner, max_depth=d), data)


def test_early_stopping_stops_before_the_first_rise() -> None:
    data = load("play-tennis")
    stop = early_stopping(ID3, data.subset(range(10)), data.subset(range(10, 14)))
    assert stop.training_errors == (Fraction(2, 5), Fraction(1, 5), Fraction(0))
    assert stop.validation_errors == (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    assert stop.depth == 0
    assert stop.tree == as_leaf(id3(data.subset(range(10))))


def test_early_stopping_keeps_the_full_depth_when_validation_error_never_rises() -> None:
    data = load("xor")
    stop = early_stopping(ID3, data, data)
    assert stop.depth == 2
    assert stop.validation_errors[-1] == 0


# -- deep trees ---------------------------------------------------------------------------------


def chain(length: int) -> Tree:
    """x <= 0 -> no (1 case), else x <= 1 -> no, ..., else yes (2 cases): ``length`` deep."""
    tree: Tree = leaf(0, 2)
    for i in reversed(range(length)):
        tree = Split(
            (Branch(AtMost("x", float(i)), leaf(1, 0)), Branch(Above("x", float(i)), tree)),
            two(length - i, 2),
        )
    return tree


def test_pruning_works_on_a_chain_ten_thousand_deep() -> None:
    deep = chain(10_000)
    assert prune_to(deep, 0) is deep
    assert prune_to(deep, 1) == as_leaf(deep)
    assert depth(truncate(deep, 9_999)) == 9_999
    assert n_leaves(pessimistic(deep, subtree_raising=False)) == 1
    rows: list[dict[str, Value]] = [{"x": float(i), "y": "no"} for i in range(0, 10_000, 500)]
    validation = Dataset.from_records(rows, target="y", classes=("no", "yes"))
    assert reduced_error(deep, validation) == as_leaf(deep)


def test_the_path_of_a_thousand_deep_chain() -> None:
    path = cost_complexity_path(chain(1_000))
    assert path.leaves[0] == 1_001
    assert path.leaves[-1] == 1
    assert invariants.path_is_nested(path.alphas, path.trees)


# -- purity of the functions --------------------------------------------------------------------


def test_no_pruner_changes_its_arguments() -> None:
    data = load("play-tennis")
    tree = id3(data)
    assert invariants.leaves_arguments_unchanged(reduced_error, tree, data)
    assert invariants.leaves_arguments_unchanged(pessimistic, tree, data=data)
    assert invariants.leaves_arguments_unchanged(cost_complexity_path, tree)
    assert invariants.leaves_arguments_unchanged(select_by_cv, ID3, data, 3)


def test_the_path_is_a_value() -> None:
    path = cost_complexity_path(cart(TEN))
    assert path == CostComplexityPath(path.alphas, path.trees, path.risks)
    assert hash(path) == hash(cost_complexity_path(cart(TEN)))


def test_entropy_risk_is_float() -> None:
    path = cost_complexity_path(cart(TEN, criterion="entropy"), risk="impurity", impurity=entropy)
    assert all(isinstance(alpha, float) for alpha in path.alphas[1:])
    assert invariants.path_is_nested(path.alphas, path.trees)


def test_moments_of_an_empty_regression_node_are_refused_as_a_leaf() -> None:
    empty = Split(
        (
            Branch(AtMost("x", 0.0), Leaf(1.0, Moments(0, 0.0, 0.0))),
            Branch(Above("x", 0.0), Leaf(2.0, Moments(0, 0.0, 0.0))),
        ),
        Moments(0, 0.0, 0.0),
    )
    with pytest.raises(DtreeError, match="empty"):
        as_leaf(empty)


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
