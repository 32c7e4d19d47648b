"""dtree.selection: choosing any parameter by cross-validation, then learning on all the data;
a tree of a cost-complexity path by a test sample or cross-validation; a depth by early
termination."""

from __future__ import annotations

import itertools
import math
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from functools import partial

import pytest
from attrs import evolve
from helpers import thorough
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.evaluate import losses
from dtree.grower.learner import CART, ID3
from dtree.grower.make_subtree import grow
from dtree.grower.presets import cart, id3
from dtree.progress import Progress
from dtree.prune import as_leaf, cost_complexity_path
from dtree.resampling import folds_of
from dtree.selection import (
    choose,
    cross_validated,
    early_stopping,
    grid,
    mean_and_standard_error,
    select,
    select_by_cv,
    select_by_holdout,
)
from dtree.strategies import datasets
from dtree.tree import n_leaves

# -- the notes' procedure on the iris data -----------------------------------------------------


def test_the_chosen_learner_is_learnt_again_on_all_the_data() -> None:
    """Search the values, evaluate each on held-out data, choose the best, learn it on
    the full training set (Decision Trees II, "Optimizing Model Parameters")."""
    iris = load("iris")
    choice = select(grid(ID3, max_depth=[1, 2, 3, 4]), iris, folds=10)
    assert [row.name for row in choice.table] == [f"max_depth={d}" for d in (1, 2, 3, 4)]
    assert [row.leaves for row in choice.table] == [2, 3, 5, 8]
    assert [row.error for row in choice.table] == [
        Fraction(1, 3),
        Fraction(3, 50),
        Fraction(3, 50),
        Fraction(1, 15),
    ]
    assert (choice.name, choice.index) == ("max_depth=2", 1)  # a tie, to the fewer leaves
    assert choice.model == grow(evolve(ID3, max_depth=2), iris)


def test_the_one_se_rule_takes_the_simplest_within_one_standard_error() -> None:
    iris = load("iris")
    table = select(grid(ID3, max_depth=[1, 2, 3, 4]), iris, folds=10, rule="1se").table
    best = min(table, key=lambda row: row.error)
    within = [row for row in table if row.error <= best.error + Fraction(best.standard_error)]
    chosen = select(grid(ID3, max_depth=[1, 2, 3, 4]), iris, folds=10, rule="1se")
    assert chosen.table == table
    assert chosen.table[chosen.index] == min(within, key=lambda row: row.leaves)


def test_a_significance_level_and_a_minimum_leaf_weight_are_chosen_alike() -> None:
    tennis = load("play-tennis")
    candidates = grid(ID3, significance=[0.01, 0.5, 1.0], min_samples_leaf=[0, 2])
    assert len(candidates) == 6
    assert list(candidates)[1] == "significance=0.01, min_samples_leaf=2"
    choice = select(candidates, tennis, folds=7, seed=3)
    assert choice.model == grow(candidates[choice.name], tennis)


def test_functions_and_ensembles_are_candidates_too() -> None:
    tennis = load("play-tennis")
    choice = select([partial(id3, max_depth=0), id3], tennis, folds=7)
    assert [row.name for row in choice.table] == ["0", "1"]
    assert choice.table[0].leaves == 1
    assert choice.model in (id3(tennis, max_depth=0), id3(tennis))


# -- the estimates: pooled losses, as Breiman et al. ------------------------------------------


def pooled_by_hand(data: Dataset, learner: object, folds: int, seed: int) -> Fraction:
    """The model: every held-out row's loss times its weight, summed over the folds, over
    the weight of all held-out rows."""
    total, weight = Fraction(0), Fraction(0)
    for fold in folds_of(data, folds, seed=seed):
        test = data.subset(fold.test)
        model = grow(learner, data.subset(fold.train))  # type: ignore[arg-type]
        for loss, w in zip(losses(model, test), test.row_weights, strict=True):
            total += Fraction(loss) * Fraction(w)
            weight += Fraction(w)
    return total / weight


@thorough(200)
@given(datasets(min_rows=4, max_rows=12, max_numeric=1), st.data(), st.integers(0, 3))
def test_the_estimate_is_the_weighted_mean_of_the_pooled_losses(
    data: Dataset, draw: st.DataObject, seed: int
) -> None:
    weights = draw.draw(st.lists(st.integers(1, 3), min_size=len(data), max_size=len(data)))
    data = data.with_weights(weights)
    folds = 2
    candidates = grid(ID3, max_depth=[0, 1, 2])
    choice = select(candidates, data, folds=folds, seed=seed)
    for row in choice.table:
        assert row.error == pooled_by_hand(data, candidates[row.name], folds, seed)
    best = min(row.error for row in choice.table)
    assert choice.table[choice.index].error == best
    assert choice.table[choice.index].leaves == min(
        row.leaves for row in choice.table if row.error == best
    )


def test_mean_and_standard_error_by_hand() -> None:
    """Losses 0, 1, 0 of weights 1, 1, 2: R = 1/4, s^2 = (3 (1/4)^2 + (3/4)^2) / 4 = 3/16."""
    mean, se = mean_and_standard_error([(0, 1), (1, 1), (0, 2)])
    assert mean == Fraction(1, 4)
    assert se == math.sqrt(Fraction(3, 16) / 4)
    with pytest.raises(DtreeError, match="weigh nothing"):
        mean_and_standard_error([(1, 0)])


tables = st.lists(
    st.tuples(st.fractions(0, 1, max_denominator=12), st.floats(0, 0.5), st.integers(1, 9)),
    min_size=1,
    max_size=8,
)


@thorough(200)
@given(tables)
def test_choose_by_brute_force(table: list[tuple[Fraction, float, int]]) -> None:
    least = min(error for error, _, _ in table)
    k = choose(table, "min")
    assert table[k][0] == least
    assert all(table[k][2] <= leaves for error, _, leaves in table if error == least)
    bound = least + Fraction(table[k][1])
    j = choose(table, "1se")
    assert table[j][0] <= bound
    assert all(table[j][2] <= leaves for error, _, leaves in table if error <= bound)
    assert table[j][2] <= table[k][2]


# -- select_by_cv is a case of it -------------------------------------------------------------


def test_select_by_cv_is_the_selection_over_its_path_pruned_in_each_fold() -> None:
    """select_by_cv's table is cross_validated's estimates for the candidates "the fold's
    tree pruned to b_k", which a hand-written fit of the fold reproduces."""
    iris = load("iris")
    chosen = select_by_cv(CART, iris, folds=5, seed=2)
    path = cost_complexity_path(grow(CART, iris))
    betas = [*(math.sqrt(a * b) for a, b in itertools.pairwise(path.alphas)), math.inf]

    def fold_candidates(rows: Dataset) -> list[object]:
        fold_path = cost_complexity_path(grow(CART, rows))
        return [fold_path.tree_at(beta) for beta in betas]

    estimates = cross_validated(fold_candidates, iris, folds_of(iris, 5, seed=2))  # type: ignore[arg-type]
    assert [(row.error, row.standard_error) for row in chosen.table] == list(estimates)
    assert [row.leaves for row in chosen.table] == [n_leaves(tree) for tree in path.trees]


# -- choosing a tree of a cost-complexity path ----------------------------------------------


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


# -- a depth, by early termination ------------------------------------------------------------


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


# -- the rest of the contract ------------------------------------------------------------------


def test_an_executor_gives_the_serial_result() -> None:
    iris = load("iris")
    candidates = grid(CART, max_depth=[1, 2, 3])
    with ThreadPoolExecutor(2) as pool:
        assert select(candidates, iris, folds=5, executor=pool) == select(candidates, iris, folds=5)


def test_progress_counts_the_folds_and_the_final_models() -> None:
    seen: list[Progress] = []
    select(grid(ID3, max_depth=[1, 2]), load("play-tennis"), folds=4, progress=seen.append)
    assert seen[-1].done == seen[-1].total == 5
    assert [p.done for p in seen] == sorted(p.done for p in seen)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda data: select({}, data), "no candidate"),
        (lambda data: select("ID3", data), "candidates are learners"),  # type: ignore[arg-type]
        (lambda data: select(["ID3"], data), "a learner is"),  # type: ignore[list-item]
        (lambda data: select([ID3], data, rule="best"), "rule"),  # type: ignore[arg-type]
        (lambda data: grid(ID3, depth=[1]), "no parameter 'depth'"),
        (lambda data: grid(ID3, max_depth=[]), "non-empty list"),
        (lambda data: grid(ID3, max_depth=3), "non-empty list"),  # type: ignore[arg-type]
        (lambda data: grid(ID3, max_depth=[-1]), "max_depth"),
        (lambda data: grid(ID3, max_depth=[2, 2, 3]), "the values of max_depth repeat"),
        (lambda data: select({1: ID3, "1": CART}, data), "two candidates have one name"),  # type: ignore[dict-item]
    ],
)
def test_bad_arguments_are_refused_in_one_line(call: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        call(load("play-tennis"))  # type: ignore[operator]


def test_select_leaves_its_arguments_unchanged() -> None:
    data = load("play-tennis")
    assert invariants.leaves_arguments_unchanged(
        select, {"a": ID3, "b": evolve(ID3, max_depth=1)}, data, 3
    )


def test_select_by_cv_changes_no_argument() -> None:
    data = load("play-tennis")
    assert invariants.leaves_arguments_unchanged(select_by_cv, ID3, data, 3)
