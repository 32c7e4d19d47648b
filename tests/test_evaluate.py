"""dtree.evaluate: the notes' numbers, brute force and scikit-learn / scipy as models, the laws.

The Decision Trees II notes' precision and recall example (100 examples,
5 positive) is written out exactly; folds are checked against the laws of
dtree.invariants and by counting; precision, recall and F against
``sklearn.metrics.precision_recall_fscore_support``; and cross-validation
against a loop written out by hand.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from functools import partial

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import precision_recall_fscore_support

from dtree import ensemble
from dtree import invariants as law
from dtree.counts import ratio, total, training_loss
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.ensemble import Ensemble, predict, predict_many
from dtree.errors import DtreeError
from dtree.evaluate import (
    ConfusionMatrix,
    CrossValidation,
    Fold,
    LearningPoint,
    accuracy,
    confusion_matrix,
    cross_validate,
    error,
    f_beta,
    k_fold,
    learning_curve,
    losses,
    mean,
    precision,
    recall,
    repeated_k_fold,
    resubstitution,
    standard_error,
    stratified_k_fold,
    train_test_split,
)
from dtree.grower.learner import CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import cart, id3
from dtree.progress import Progress
from dtree.strategies import consistent_datasets, datasets, regression_datasets
from dtree.tree import Tree, leaves

PRICES = Dataset.from_columns(
    {"size": [50, 60, 80, 100, 120], "price": [100.0, 120.0, 200.0, 260.0, 170.0]},
    target="price",
)
REGRESSION = Learner(impurity="squared_error", nominal="subsets")


def rows_tested(folds: tuple[Fold, ...]) -> list[int]:
    return sorted(row for fold in folds for row in fold.test)


# -- folds ----------------------------------------------------------------------------------------


def test_k_fold_deals_the_shuffled_rows() -> None:
    tennis = load("play-tennis")
    shuffled = list(range(14))
    random.Random(3).shuffle(shuffled)
    folds = k_fold(tennis, 4, seed=3)
    assert [fold.test for fold in folds] == [tuple(sorted(shuffled[i::4])) for i in range(4)]
    assert [len(fold.test) for fold in folds] == [4, 4, 3, 3]
    for fold in folds:
        assert fold.train == tuple(sorted(set(range(14)) - set(fold.test)))
    assert law.folds_partition(tennis, folds)
    assert law.folds_are_balanced(tennis, folds)


def test_k_fold_of_n_is_leave_one_out() -> None:
    tennis = load("play-tennis")
    folds = k_fold(tennis, 14)
    assert sorted(fold.test for fold in folds) == [(row,) for row in range(14)]
    assert all(len(fold.train) == 13 for fold in folds)


@given(datasets(min_rows=2, max_rows=30, weighted=True), st.data())
def test_k_fold_partitions_balanced_parts(data: Dataset, draw: st.DataObject) -> None:
    k = draw.draw(st.integers(2, len(data)))
    seed = draw.draw(st.integers(-(2**70), 2**70))
    folds = k_fold(data, k, seed=seed)
    assert len(folds) == k
    assert law.folds_partition(data, folds)
    assert law.folds_are_balanced(data, folds)
    assert folds == k_fold(data, k, seed=seed)


@given(datasets(min_rows=2, max_rows=30), st.data())
def test_folds_depend_on_the_set_of_rows_not_their_listing(
    data: Dataset, draw: st.DataObject
) -> None:
    k = draw.draw(st.integers(2, len(data)))
    listed = data.subset(draw.draw(st.permutations(data.rows)))
    assert k_fold(listed, k, seed=5) == k_fold(data, k, seed=5)
    assert stratified_k_fold(listed, k, seed=5) == stratified_k_fold(data, k, seed=5)


def test_folds_of_a_subset_index_the_columns() -> None:
    tennis = load("play-tennis").subset([1, 3, 5, 7, 9, 11, 13])
    folds = k_fold(tennis, 3)
    assert rows_tested(folds) == [1, 3, 5, 7, 9, 11, 13]
    assert law.folds_partition(tennis, folds)


def test_different_seeds_give_different_folds() -> None:
    iris = load("iris")
    assert len({k_fold(iris, 10, seed=seed) for seed in range(20)}) == 20


@given(datasets(min_rows=2, max_rows=40, max_classes=4), st.data())
def test_stratified_k_fold_keeps_every_class_share(data: Dataset, draw: st.DataObject) -> None:
    k = draw.draw(st.integers(2, len(data)))
    folds = stratified_k_fold(data, k, seed=draw.draw(st.integers(0, 1000)))
    assert law.folds_partition(data, folds)
    assert law.folds_are_balanced(data, folds)
    assert law.folds_are_stratified(data, folds)


def test_stratified_k_fold_on_iris() -> None:
    iris = load("iris")  # 50 of each species
    for fold in stratified_k_fold(iris, 10, seed=1):
        species = [iris.target[row] for row in fold.test]
        assert [species.count(label) for label in iris.schema.classes] == [5, 5, 5]
    for fold in stratified_k_fold(iris, 7, seed=1):  # 50 / 7: 7 or 8 of each
        species = [iris.target[row] for row in fold.test]
        assert {species.count(label) for label in iris.schema.classes} <= {7, 8}


def test_repeated_k_fold_is_trials_of_k_fold_with_drawn_seeds() -> None:
    tennis = load("play-tennis")
    folds = repeated_k_fold(tennis, 3, repeats=4, seed=11)
    draws = random.Random(11)
    trials = [k_fold(tennis, 3, seed=draws.getrandbits(64)) for _ in range(4)]
    assert folds == tuple(itertools.chain.from_iterable(trials))
    assert len(set(trials)) == 4  # each trial shuffles afresh
    for trial in range(4):
        assert law.folds_partition(tennis, folds[3 * trial : 3 * trial + 3])
    stratified = repeated_k_fold(tennis, 3, repeats=2, seed=11, stratified=True)
    draws = random.Random(11)
    assert stratified[:3] == stratified_k_fold(tennis, 3, seed=draws.getrandbits(64))
    assert law.folds_are_stratified(tennis, stratified[3:])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda d: k_fold(d, 1), "k must be an integer in 2..14"),
        (lambda d: k_fold(d, 15), "k must be an integer in 2..14"),
        (lambda d: k_fold(d, 2.0), "k must be an integer"),  # type: ignore[arg-type]
        (lambda d: k_fold(d, True), "k must be an integer"),
        (lambda d: k_fold(d, 3, seed=1.5), "the seed must be an integer"),  # type: ignore[arg-type]
        (lambda d: k_fold(d, 3, seed=None), "the seed must be an integer"),  # type: ignore[arg-type]
        (lambda d: k_fold(d.subset([0, 1, 1, 2]), 2), "lists a row twice"),
        (lambda d: stratified_k_fold(d, 15), "k must be"),
        (lambda d: repeated_k_fold(d, 3, 0), "repeats must be an integer >= 1"),
        (lambda d: repeated_k_fold(d, 30), "k must be"),
        (lambda d: train_test_split(d, 0), "test_size must be an integer in 1..13"),
        (lambda d: train_test_split(d, 14), "test_size must be an integer in 1..13"),
        (lambda d: train_test_split(d, 1.0), "test_size is a share in (0, 1)"),
        (lambda d: train_test_split(d, -0.5), "test_size is a share in (0, 1)"),
        (lambda d: train_test_split(d, math.nan), "test_size is a share in (0, 1)"),
        (lambda d: train_test_split(d, "1/2"), "test_size is a share in (0, 1)"),  # type: ignore[arg-type]
        (lambda d: train_test_split(d, 0.01), "leaves the test set empty"),
        (lambda d: train_test_split(d, 0.99), "leaves the training set empty"),
        (
            lambda d: k_fold(d.subset([0]), 2),
            "cross-validation needs at least 2 rows, the data has 1",
        ),
        (lambda d: stratified_k_fold(d.subset([0]), 2), "needs at least 2 rows, the data has 1"),
        (lambda d: cross_validate(ID3, d, 2.5), "folds is a number of folds (an integer)"),  # type: ignore[arg-type]
        (lambda d: cross_validate(ID3, d, None), "folds is a number of folds (an integer)"),  # type: ignore[arg-type]
        (lambda d: cross_validate(ID3, d.subset([0]), 2), "needs at least 2 rows"),
    ],
)
def test_bad_fold_arguments_are_refused(call: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call(load("play-tennis"))  # type: ignore[operator]


def test_stratification_needs_classes() -> None:
    for call in (
        lambda: stratified_k_fold(PRICES, 2),
        lambda: train_test_split(PRICES, 2, stratify=True),
        lambda: repeated_k_fold(PRICES, 2, stratified=True),
    ):
        with pytest.raises(DtreeError, match="target 'price' is numeric"):
            call()


@pytest.mark.parametrize(
    ("train", "test", "message"),
    [
        ((), (1,), "train rows must not be empty"),
        ((0,), (), "test rows must not be empty"),
        ((1, 0), (2,), "ascending and distinct"),
        ((0, 0), (2,), "ascending and distinct"),
        ((0, -1), (2,), "indices >= 0"),
        ((0, 1.0), (2,), "indices >= 0"),
        ((0, 1), (1,), "trains and tests on row 1"),
    ],
)
def test_a_fold_is_well_formed(train: tuple[int, ...], test: tuple[int, ...], message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        Fold(train, test)


# -- a single split -------------------------------------------------------------------------------


def test_train_test_split_rounds_halves_up() -> None:
    rows = Dataset.from_columns({"x": list("abcdefghij"), "y": list("pqpqpqpqpq")}, target="y")
    cases: list[tuple[Fraction | float, int]] = [
        (0.15, 2),  # 1.5 in floats
        (Fraction(3, 20), 2),
        (0.25, 3),  # 2.5
        (0.1, 1),  # 1.0000000000000000555 exactly, 1.0 in floats
        (0.24, 2),
        (Fraction(1, 3), 3),
        (4, 4),
    ]
    for share, size in cases:
        train, test = train_test_split(rows, share, seed=1)
        assert (len(train), len(test)) == (10 - size, size), share


@given(datasets(min_rows=2, max_rows=30), st.data())
def test_train_test_split_partitions_the_rows(data: Dataset, draw: st.DataObject) -> None:
    size = draw.draw(st.integers(1, len(data) - 1))
    train, test = train_test_split(data, size, seed=draw.draw(st.integers(0, 99)))
    assert len(test) == size
    assert sorted(train.rows + test.rows) == sorted(data.rows)
    assert list(train.rows) == sorted(train.rows)
    assert list(test.rows) == sorted(test.rows)


shares = st.integers(2, 12).flatmap(lambda d: st.integers(1, d - 1).map(lambda k: Fraction(k, d)))
"""Shares in (0, 1) of small denominators: halves to round are common."""


@given(datasets(min_rows=4, max_rows=40), shares)
def test_stratified_split_rounds_each_class(data: Dataset, share: Fraction) -> None:
    groups = {label: data.labels.count(label) for label in data.schema.classes}
    expected = {label: math.floor(share * n + Fraction(1, 2)) for label, n in groups.items()}
    if not 0 < sum(expected.values()) < len(data):
        with pytest.raises(DtreeError, match="set empty"):
            train_test_split(data, share, stratify=True)
        return
    train, test = train_test_split(data, share, stratify=True, seed=4)
    assert {label: test.labels.count(label) for label in groups} == expected
    assert sorted(train.rows + test.rows) == sorted(data.rows)


def test_train_test_split_is_seeded() -> None:
    iris = load("iris")
    first = train_test_split(iris, 0.3, seed=9)
    assert train_test_split(iris, 0.3, seed=9) == first
    assert train_test_split(iris, 0.3, seed=10) != first
    assert law.same_seed_same_answer(train_test_split, iris, 0.3, seed=9, stratify=True)


# -- losses and errors ----------------------------------------------------------------------------


def test_play_tennis_errors_by_hand() -> None:
    tennis = load("play-tennis")
    stump = id3(tennis, max_depth=1)  # Outlook: Overcast Yes, Rain Yes, Sunny No
    assert predict_many(stump, tennis) == tuple(
        {"Overcast": "Yes", "Rain": "Yes", "Sunny": "No"}[str(outlook)]
        for outlook in tennis.column("Outlook")
    )
    wrong = [int(p != y) for p, y in zip(predict_many(stump, tennis), tennis.labels, strict=True)]
    assert losses(stump, tennis) == tuple(wrong)
    assert sum(wrong) == 4  # Rain's 2 No and Sunny's 2 Yes
    assert error(stump, tennis) == Fraction(4, 14) == resubstitution(stump)
    assert accuracy(stump, tennis) == Fraction(10, 14)
    assert isinstance(error(stump, tennis), Fraction)
    full = id3(tennis)
    assert error(full, tennis) == 0 == resubstitution(full)


def test_error_weighs_rows() -> None:
    tennis = load("play-tennis")
    stump = id3(tennis, max_depth=1)
    weights = [1, 0, 2, 1, 1, 3, 1, 1, 1, 1, 2, 1, 1, 1]
    weighted = tennis.with_weights(weights)
    copies = tennis.subset(row for row, k in enumerate(weights) for _ in range(k))
    assert error(stump, weighted) == error(stump, copies)
    halves = tennis.with_weights([Fraction(k, 2) for k in weights])
    assert error(stump, halves) == error(stump, weighted)
    floats = tennis.with_weights([k / 2 for k in weights])
    assert isinstance(error(stump, floats), float)
    assert error(stump, floats) == pytest.approx(float(error(stump, weighted)), rel=1e-15)


def test_regression_error_is_the_exact_mean_squared_error() -> None:
    tree = cart(PRICES, max_depth=1)  # size <= 70: 110; above: (200 + 260 + 170) / 3 = 210
    assert predict_many(tree, PRICES) == (110.0, 110.0, 210.0, 210.0, 210.0)
    assert losses(tree, PRICES) == (100, 100, 100, 2500, 1600)
    assert error(tree, PRICES) == Fraction(4400, 5)
    assert resubstitution(tree) == Fraction(880)
    third = Dataset.from_columns({"x": ["a", "a", "a"], "y": [0.0, 0.0, 1.0]}, target="y")
    leaf = cart(third)  # predicts 1/3 rounded to a float
    exact = sum((Fraction(y) - Fraction(1 / 3)) ** 2 for y in (0, 0, 1)) / 3
    assert error(leaf, third) == exact


@given(consistent_datasets(weighted=True))
def test_a_tree_grown_until_pure_has_no_training_error(data: Dataset) -> None:
    tree = id3(data)
    assert resubstitution(tree) == 0
    assert error(tree, data) == 0
    assert accuracy(tree, data) == 1


@given(datasets(weighted=True, max_numeric=2), st.integers(0, 3))
def test_resubstitution_sums_the_leaves_training_loss(data: Dataset, depth: int) -> None:
    tree = id3(data, max_depth=depth)
    by_leaf = sum(training_loss(leaf.stats, leaf.prediction) for leaf in leaves(tree))
    assert resubstitution(tree) == Fraction(by_leaf, tree.stats.weight)  # type: ignore[arg-type]
    assert resubstitution(tree) == error(tree, data)


@given(regression_datasets(weighted=True))
def test_resubstitution_in_regression_is_rss_over_n(data: Dataset) -> None:
    tree = cart(data, max_depth=2)
    assert resubstitution(tree) == error(tree, data)  # grid values: every sum is exact


def test_errors_refuse_what_they_cannot_measure() -> None:
    tennis = load("play-tennis")
    with pytest.raises(DtreeError, match="an error needs a row of positive weight"):
        error(id3(tennis), tennis.with_weights([0] * 14))
    with pytest.raises(DtreeError, match="accuracy needs classes"):
        accuracy(cart(PRICES), PRICES)
    with pytest.raises(DtreeError, match="a classification tree cannot be measured"):
        error(id3(tennis), PRICES)
    with pytest.raises(DtreeError, match="a regression tree cannot be measured"):
        error(cart(PRICES), tennis)


# -- the confusion matrix and its metrics (the Decision Trees II notes' example) ------------------

ACTUAL = ["+"] * 5 + ["-"] * 95


def test_just_say_no() -> None:
    matrix = ConfusionMatrix.from_labels(ACTUAL, ["-"] * 100, ("+", "-"))
    assert matrix.counts == ((0, 5), (0, 95))  # TP FN / FP TN
    assert matrix.accuracy == Fraction(95, 100)
    assert recall(matrix, "+") == precision(matrix, "+") == 0  # 0/5 and 0/0
    assert f_beta(matrix, "+") == 0
    assert isinstance(precision(matrix, "+"), Fraction)


def test_predict_four_positives_two_rightly() -> None:
    predicted = ["+", "+", "-", "-", "-"] + ["+", "+"] + ["-"] * 93
    matrix = ConfusionMatrix.from_labels(ACTUAL, predicted, ("+", "-"))
    assert matrix.counts == ((2, 3), (2, 93))
    assert recall(matrix, "+") == Fraction(2, 5)
    assert precision(matrix, "+") == Fraction(2, 4)
    assert matrix.accuracy == Fraction(95, 100)  # no better than saying no
    # F_beta = (1 + beta^2) P R / (beta^2 P + R); F_1 is the harmonic mean.
    p, r = Fraction(1, 2), Fraction(2, 5)
    for beta in (1, 2, Fraction(1, 2), 3):
        assert f_beta(matrix, "+", beta=beta) == (1 + beta**2) * p * r / (beta**2 * p + r)
    assert f_beta(matrix, "+") == 2 / (1 / p + 1 / r) == Fraction(4, 9)
    assert f_beta(matrix, "+", beta=0) == p


@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 30), st.integers(0, 30))
def test_two_class_metrics_by_their_definitions(tp: int, fn: int, fp: int, tn: int) -> None:
    matrix = ConfusionMatrix(("yes", "no"), ((tp, fn), (fp, tn)))
    n = tp + fn + fp + tn
    assert matrix.accuracy == (Fraction(tp + tn, n) if n else 0)
    assert precision(matrix, "yes") == (Fraction(tp, tp + fp) if tp + fp else 0)
    assert recall(matrix, "yes") == (Fraction(tp, tp + fn) if tp + fn else 0)
    # F_beta = (1 + beta^2) TP / ((1 + beta^2) TP + beta^2 FN + FP), 0 for 0/0.
    for beta in (1, 2, Fraction(1, 3)):
        b2 = beta**2
        denominator = (1 + b2) * tp + b2 * fn + fp
        expected = Fraction((1 + b2) * tp) / denominator if denominator else 0
        assert f_beta(matrix, "yes", beta=beta) == expected


def test_zero_division_is_zero() -> None:
    matrix = ConfusionMatrix(("a", "b", "c"), ((3, 1, 0), (2, 0, 0), (0, 0, 0)))
    # b is never predicted (precision 0/0), c neither occurs nor is predicted.
    assert precision(matrix, "b") == 0
    assert recall(matrix, "b") == 0
    assert precision(matrix, "c") == recall(matrix, "c") == f_beta(matrix, "c") == 0
    # The macro average leaves out c, which occurs nowhere: (3/5 + 0) / 2.
    assert precision(matrix) == Fraction(3, 10)
    assert recall(matrix) == Fraction(3, 8)
    empty = ConfusionMatrix(("a", "b"), ((0, 0), (0, 0)))
    for metric in (precision, recall, f_beta):
        for average in ("macro", "micro", "weighted"):
            assert metric(empty, average=average) == 0
    assert empty.accuracy == 0


def test_averages_on_a_three_class_matrix() -> None:
    matrix = ConfusionMatrix(("a", "b", "c"), ((4, 1, 0), (2, 2, 1), (0, 0, 3)))
    # Columns (predicted) 6, 3, 4; rows (actual) 5, 5, 3.
    per_class = [
        (Fraction(4, 6), Fraction(4, 5)),
        (Fraction(2, 3), Fraction(2, 5)),
        (Fraction(3, 4), 1),
    ]
    assert [(precision(matrix, k), recall(matrix, k)) for k in "abc"] == per_class
    assert precision(matrix) == (Fraction(4, 6) + Fraction(2, 3) + Fraction(3, 4)) / 3
    assert recall(matrix, average="weighted") == Fraction(4 + 2 + 3, 13)  # the accuracy
    assert (
        precision(matrix, average="weighted")
        == (5 * Fraction(4, 6) + 5 * Fraction(2, 3) + 3 * Fraction(3, 4)) / 13
    )
    for metric in (precision, recall, f_beta):
        assert metric(matrix, average="micro") == matrix.accuracy == Fraction(9, 13)


labels = st.sampled_from(["ant", "bee", "cat", "dog"])


@given(st.lists(st.tuples(labels, labels, st.integers(1, 3)), min_size=1, max_size=40))
def test_metrics_agree_with_scikit_learn(pairs: list[tuple[str, str, int]]) -> None:
    actual, predicted, weights = map(list, zip(*pairs, strict=True))
    matrix = ConfusionMatrix.from_labels(actual, predicted, weights=weights)
    assert matrix.classes == tuple(sorted({*actual, *predicted}))
    assert matrix.total == sum(weights)
    for average in ("macro", "micro", "weighted", None):
        expected = precision_recall_fscore_support(
            actual, predicted, beta=2, sample_weight=weights, average=average, zero_division=0
        )
        metrics = (precision, recall, partial(f_beta, beta=2))
        got: list[object]
        if average is None:
            got = [[metric(matrix, label) for label in matrix.classes] for metric in metrics]
        else:
            got = [metric(matrix, average=average) for metric in metrics]
        for ours, theirs in zip(got, expected[:3], strict=True):
            assert ours == pytest.approx(theirs, rel=1e-12, abs=1e-12), average


def test_confusion_matrix_of_a_tree_is_weighted() -> None:
    tennis = load("play-tennis")
    stump = id3(tennis, max_depth=1)
    matrix = confusion_matrix(stump, tennis)
    assert matrix == ConfusionMatrix(("No", "Yes"), ((3, 2), (2, 7)))
    assert matrix.accuracy == accuracy(stump, tennis)
    doubled = confusion_matrix(stump, tennis.with_weights([2] * 14))
    assert doubled.counts == ((6, 4), (4, 14))
    assert doubled.accuracy == matrix.accuracy
    assert matrix + matrix == doubled
    assert precision(doubled, "No") == precision(matrix, "No") == Fraction(3, 5)


@given(datasets(weighted=True), st.data())
def test_confusion_matrix_agrees_with_accuracy(data: Dataset, draw: st.DataObject) -> None:
    tree = id3(data, max_depth=draw.draw(st.integers(0, 2)))
    matrix = confusion_matrix(tree, data)
    assert matrix.classes == data.schema.classes
    assert matrix.total == sum(data.row_weights)
    assert matrix.accuracy == accuracy(tree, data)
    assert matrix.actual_totals == tuple(
        sum(w for w, y in zip(data.row_weights, data.labels, strict=True) if y == label)
        for label in data.schema.classes
    )


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: ConfusionMatrix(("a", "a"), ((1, 0), (0, 1))), "distinct"),
        (lambda: ConfusionMatrix((), ()), "needs a class"),
        (lambda: ConfusionMatrix(("a", "b"), ((1, 0),)), "2 by 2"),
        (lambda: ConfusionMatrix(("a", "b"), ((1, 0), (0,))), "2 by 2"),
        (lambda: ConfusionMatrix(("a", "b"), ((1, -1), (0, 1))), "counts must be"),
        (lambda: ConfusionMatrix(("a", "b"), ((1, math.inf), (0, 1))), "counts must be"),
        (lambda: ConfusionMatrix(("a",), (("1",),)), "counts must be"),  # type: ignore[arg-type]
        (lambda: ConfusionMatrix.from_labels(["a"], ["a", "b"]), "1 actual labels but 2"),
        (lambda: ConfusionMatrix.from_labels(["a"], ["b"], ["a"]), "unknown class 'b'"),
        (lambda: ConfusionMatrix.from_labels(["a"], ["a"], weights=[1, 2]), "2 weights for 1"),
        (lambda: precision(ConfusionMatrix(("a",), ((1,),)), "z"), "unknown class 'z'"),
        (lambda: recall(ConfusionMatrix(("a",), ((1,),)), average="mean"), "unknown average"),  # type: ignore[arg-type]
        (lambda: f_beta(ConfusionMatrix(("a",), ((1,),)), beta=-1), "beta must be"),
        (lambda: f_beta(ConfusionMatrix(("a",), ((1,),)), beta=math.nan), "beta must be"),
        (
            lambda: ConfusionMatrix(("a",), ((1,),)) + ConfusionMatrix(("b",), ((1,),)),
            "differ",
        ),
        (lambda: confusion_matrix(cart(PRICES), PRICES), "a confusion matrix needs classes"),
    ],
)
def test_bad_matrices_and_metric_arguments_are_refused(build: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        build()  # type: ignore[operator]


# -- cross-validation ------------------------------------------------------------------------------


def by_hand(learn: object, data: Dataset, folds: tuple[Fold, ...]) -> list[Fraction | float]:
    """The cross-validation loop, written out."""
    errors = []
    for fold in folds:
        tree: Tree = learn(data.subset(fold.train))  # type: ignore[operator]
        test = data.subset(fold.test)
        wrong = sum(
            w * (predict(tree, test.example(row)) != test.target[row])
            for row, w in zip(test.rows, test.row_weights, strict=True)
        )
        errors.append(ratio(wrong, total(test.row_weights)))
    return errors


def test_cross_validate_is_the_loop_by_hand() -> None:
    iris = load("iris")
    result = cross_validate(ID3, iris, 10, seed=3)
    folds = stratified_k_fold(iris, 10, seed=3)
    assert result.folds == folds
    assert list(result.errors) == by_hand(partial(grow, ID3), iris, folds)
    assert result.mean_error == sum(result.errors, Fraction(0)) / 10
    assert result.accuracies == tuple(1 - e for e in result.errors)
    assert result.mean_accuracy == 1 - result.mean_error
    # Each row is tested once, so the pooled matrix holds every row once.
    assert result.confusion is not None
    assert result.confusion.total == 150
    assert result.confusion.accuracy == result.mean_accuracy  # equal folds of 15


def test_cross_validate_takes_a_learner_or_a_function() -> None:
    golf = load("golf")
    by_learner = cross_validate(evolve(CART, max_depth=2), golf, 3)
    by_function = cross_validate(partial(cart, max_depth=2), golf, 3)
    assert by_learner == by_function
    with pytest.raises(DtreeError, match="a learner is a Learner or a function"):
        cross_validate("cart", golf, 3)  # type: ignore[arg-type]


def test_cross_validate_stratifies_classification_by_default() -> None:
    tennis = load("play-tennis")
    assert cross_validate(ID3, tennis, 5).folds == stratified_k_fold(tennis, 5)
    assert cross_validate(ID3, tennis, 5, stratified=False).folds == k_fold(tennis, 5)
    assert cross_validate(REGRESSION, PRICES, 5).folds == k_fold(PRICES, 5)


def test_cross_validate_on_given_folds() -> None:
    tennis = load("play-tennis")
    folds = repeated_k_fold(tennis, 5, repeats=3, seed=2)
    result = cross_validate(ID3, tennis, folds)
    assert result.folds == folds
    assert len(result.errors) == 15
    assert result.confusion is not None
    assert result.confusion.total == 3 * 14  # each row tested once per trial
    with pytest.raises(DtreeError, match="stratified applies to folds made here"):
        cross_validate(ID3, tennis, folds, stratified=True)
    with pytest.raises(DtreeError, match="rows of the dataset"):
        cross_validate(ID3, tennis.subset(range(10)), folds)
    with pytest.raises(DtreeError, match=r"a number of folds \(an integer\) or a sequence of Fold"):
        cross_validate(ID3, tennis, [(0, 1)])  # type: ignore[list-item]
    with pytest.raises(DtreeError, match=r"a number of folds \(an integer\) or a sequence of Fold"):
        cross_validate(ID3, tennis, True)


def test_cross_validate_reports_progress() -> None:
    calls: list[Progress] = []
    cross_validate(ID3, load("play-tennis"), 4, progress=calls.append)
    ends = [call for call in calls if "growing" not in call.what]
    assert ends == [Progress(i, 4, f"fold {i}/4") for i in range(1, 5)]
    assert len(calls) > len(ends)  # each fold's tree reports its growth
    shares = [call.share for call in calls]
    assert shares == sorted(shares)


def test_cross_validate_a_regression_tree() -> None:
    result = cross_validate(REGRESSION, PRICES, 5)
    assert result.confusion is None
    for fold, e in zip(result.folds, result.errors, strict=True):
        tree = grow(REGRESSION, PRICES.subset(fold.train))
        (row,) = fold.test
        assert (
            e == (Fraction(PRICES.target[row]) - Fraction(predict(tree, PRICES.example(row)))) ** 2
        )
    assert result.mean_error == sum(result.errors, Fraction(0)) / 5
    with pytest.raises(DtreeError, match="a regression has no accuracy"):
        _ = result.mean_accuracy


@given(datasets(min_rows=3, weighted=True, max_numeric=1), st.data())
def test_cross_validate_is_seeded_and_pure(data: Dataset, draw: st.DataObject) -> None:
    if not all(sum(data.weights[row] for row in fold.test) for fold in k_fold(data, 3)):
        return  # a fold of absent rows has no error (below)
    if not all(sum(data.weights[row] for row in fold.train) for fold in k_fold(data, 3)):
        return
    assert law.same_seed_same_answer(cross_validate, ID3, data, 3, stratified=False)
    assert law.leaves_arguments_unchanged(cross_validate, ID3, data, 3, stratified=False)
    result = cross_validate(ID3, data, 3, stratified=False)
    assert result.errors == tuple(by_hand(id3, data, k_fold(data, 3)))


def test_a_fold_of_absent_rows_has_no_error() -> None:
    tennis = load("play-tennis")
    folds = (Fold(range(1, 14), (0,)), Fold(range(13), (13,)))
    with pytest.raises(DtreeError, match="an error needs a row of positive weight"):
        cross_validate(ID3, tennis.with_weights([0] + [1] * 13), folds)


def test_mean_and_standard_error() -> None:
    assert mean([Fraction(1, 2), Fraction(1, 3), 1]) == Fraction(11, 18)
    assert isinstance(mean([1, 2.5]), float)
    assert standard_error([1, 2, 3, 4]) == math.sqrt(Fraction(5, 12))
    assert standard_error([3, 3, 3]) == 0.0
    result = CrossValidation((), (Fraction(1, 4), Fraction(3, 4)), None)
    assert result.standard_error == 0.25  # s = sqrt(1/8), s / sqrt(2) = 1/4
    for values, message in (([], "no values"), ([1.0, math.nan], "finite")):
        with pytest.raises(DtreeError, match=message):
            mean(values)
    with pytest.raises(DtreeError, match="two values or more"):
        standard_error([1])


@given(st.lists(st.fractions(min_value=0, max_value=1, max_denominator=50), min_size=2))
def test_standard_error_is_the_sample_deviation_over_root_n(values: list[Fraction]) -> None:
    n = len(values)
    centre = sum(values, Fraction(0)) / n
    variance = sum(((v - centre) ** 2 for v in values), Fraction(0)) / (n - 1)
    assert standard_error(values) == math.sqrt(variance / n)
    assert mean(values) == centre


# -- learning curves -------------------------------------------------------------------------------


def test_learning_curve_ends_at_cross_validation() -> None:
    iris = load("iris")
    curve = learning_curve(ID3, iris, [10, 135], folds=10, seed=2)
    assert curve[-1] == LearningPoint(135, 0, cross_validate(ID3, iris, 10, seed=2).mean_error)
    assert curve[0].test_error > curve[-1].test_error


def test_learning_curve_trains_on_nested_prefixes_by_hand() -> None:
    tennis = load("play-tennis")
    folds = k_fold(tennis, 3, seed=4)
    curve = learning_curve(ID3, tennis, [3, 8], folds=folds, seed=4)
    rng = random.Random(4)
    orders = [rng.sample(fold.train, len(fold.train)) for fold in folds]
    for point in curve:
        training, testing = [], []
        for fold, order in zip(folds, orders, strict=True):
            train = tennis.subset(sorted(order[: point.size]))
            tree = id3(train)
            training.append(error(tree, train))
            testing.append(error(tree, tennis.subset(fold.test)))
        assert point == LearningPoint(point.size, mean(training), mean(testing))


def test_learning_curve_refuses_sizes_beyond_the_training_rows() -> None:
    tennis = load("play-tennis")
    with pytest.raises(DtreeError, match=r"a training size must be an integer in 1\.\.9"):
        learning_curve(ID3, tennis, [5, 10], folds=3)
    with pytest.raises(DtreeError, match="a training size"):
        learning_curve(ID3, tennis, [0], folds=3)


def _two_tree_forest(data: Dataset) -> Ensemble:
    return Ensemble("average", (cart(data), cart(data, max_depth=1)), (1, 1), data.schema.classes)


def test_an_ensemble_is_measured_as_a_tree_is() -> None:
    golf = load("golf")
    forest = _two_tree_forest(golf)
    guesses = ensemble.predict_many(forest, golf.examples())
    wrong = sum(guess != label for guess, label in zip(guesses, golf.labels, strict=True))
    assert error(forest, golf) == Fraction(wrong, 14)
    assert sum(map(sum, confusion_matrix(forest, golf).counts)) == 14
    folds = cross_validate(_two_tree_forest, golf, 3)
    by_hand = [
        error(_two_tree_forest(golf.subset(f.train)), golf.subset(f.test)) for f in folds.folds
    ]
    assert list(folds.errors) == by_hand


def test_an_ensemble_of_the_wrong_kind_is_refused() -> None:
    regression = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": [1.0, 2.0, 4.0]}, target="y")
    with pytest.raises(
        DtreeError, match="a classification ensemble cannot be measured on regression"
    ):
        error(_two_tree_forest(load("golf")), regression)
