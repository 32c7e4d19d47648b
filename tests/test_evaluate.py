"""dtree.evaluate: the notes' numbers, brute force as the model, the laws.

Errors and losses are checked by hand on PlayTennis and by their
definitions; the confusion matrix of a tree against its accuracy; and
cross-validation against a loop written out by hand.  The folds are
tests/test_resampling.py's, the matrix's measures tests/test_confusion.py's.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import partial

import pytest
from attrs import evolve
from helpers import PRICES
from hypothesis import given
from hypothesis import strategies as st

from dtree import ensemble
from dtree import invariants as law
from dtree.confusion import ConfusionMatrix, precision
from dtree.counts import ratio, total, training_loss
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.ensemble import Ensemble, predict, predict_many
from dtree.errors import DtreeError
from dtree.evaluate import (
    CrossValidation,
    LearningPoint,
    accuracy,
    confusion_matrix,
    cross_validate,
    error,
    learning_curve,
    losses,
    mean,
    resubstitution,
    standard_error,
)
from dtree.grower.learner import CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import cart, id3
from dtree.progress import Progress
from dtree.resampling import Fold, k_fold, repeated_k_fold, stratified_k_fold
from dtree.strategies import consistent_datasets, datasets, regression_datasets
from dtree.tree import Tree, leaves

REGRESSION = Learner(impurity="squared_error", nominal="subsets")


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


# -- the confusion matrix of a tree --------------------------------------------------------------


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
        (lambda: confusion_matrix(cart(PRICES), PRICES), "a confusion matrix needs classes"),
    ],
)
def test_a_confusion_matrix_needs_classes(build: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        build()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda d: cross_validate(ID3, d, 2.5), "folds is a number of folds (an integer)"),  # type: ignore[arg-type]
        (lambda d: cross_validate(ID3, d, None), "folds is a number of folds (an integer)"),  # type: ignore[arg-type]
        (lambda d: cross_validate(ID3, d.subset([0]), 2), "needs at least 2 rows"),
    ],
)
def test_bad_folds_for_cross_validation_are_refused(call: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call(load("play-tennis"))  # type: ignore[operator]


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
