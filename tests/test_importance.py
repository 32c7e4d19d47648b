"""Variable importance: impurity importance equals scikit-learn's feature_importances_ on
its own trees and forests; permutation importance is a pure function of its seed; and the
bias of impurity importance towards a many-valued attribute, shown."""

from __future__ import annotations

import math
from copy import deepcopy
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from dtree import seeded
from dtree.conformance import from_sklearn
from dtree.dataset import Dataset, Value
from dtree.datasets import load
from dtree.ensemble import Ensemble
from dtree.ensemble.bagging import bag, oob_error
from dtree.errors import DtreeError
from dtree.evaluate import error
from dtree.grower.presets import c45, cart, id3
from dtree.importance import (
    Permuted,
    impurity_importance,
    oob_permutation_importance,
    permutation_importance,
)
from dtree.impurity import entropy, gini, misclassification
from dtree.strategies import datasets, regression_datasets
from dtree.tree import Tree

TOLERANCE = 1e-12
"""How close to scikit-learn's float importances ours (exact, then rounded) must be."""


def matrix(data: Dataset) -> Any:
    return np.array([[float(column[r]) for column in data.columns] for r in data.rows])  # type: ignore[arg-type]


def target(data: Dataset) -> Any:
    labels = [data.target[r] for r in data.rows]
    return np.array(labels, dtype=str if data.schema.is_classification else np.float64)


def iris_regression() -> Dataset:
    """Iris predicting the petal width from the other three measurements."""
    return Dataset.from_records(load("iris").examples(), target="petal_width")


def close(ours: dict[str, float], theirs: Any, names: tuple[str, ...]) -> bool:
    return all(
        math.isclose(ours.get(name, 0.0), float(value), abs_tol=TOLERANCE)
        for name, value in zip(names, theirs, strict=True)
    )


# -- impurity importance against scikit-learn ----------------------------------------------------


@pytest.mark.parametrize("depth", [1, 2, 3, None])
@pytest.mark.parametrize(("criterion", "impurity"), [("gini", gini), ("entropy", entropy)])
def test_a_classifiers_importances_are_scikit_learns(
    depth: int | None, criterion: str, impurity: Any
) -> None:
    iris = load("iris")
    fitted = DecisionTreeClassifier(criterion=criterion, max_depth=depth, random_state=0)
    fitted.fit(matrix(iris), target(iris))
    tree = from_sklearn(fitted, iris)
    ours = impurity_importance(tree, impurity=impurity, attributes=iris.schema.names)
    assert list(ours) == list(iris.schema.names)
    assert close(ours, fitted.feature_importances_, iris.schema.names)


@pytest.mark.parametrize("depth", [1, 3, None])
def test_a_regressors_importances_are_scikit_learns(depth: int | None) -> None:
    data = iris_regression()
    fitted = DecisionTreeRegressor(max_depth=depth, random_state=0).fit(matrix(data), target(data))
    ours = impurity_importance(from_sklearn(fitted, data))
    assert close(ours, fitted.feature_importances_, data.schema.names)


def test_weighted_rows_give_scikit_learns_importances() -> None:
    iris = load("iris")
    weights = [1 + seeded.below(4, 0, "weights", row) for row in range(len(iris))]
    weighted = iris.with_weights(weights)
    fitted = DecisionTreeClassifier(max_depth=3, random_state=0)
    fitted.fit(matrix(iris), target(iris), sample_weight=np.array(weights, dtype=float))
    ours = impurity_importance(from_sklearn(fitted, weighted))
    assert close(ours, fitted.feature_importances_, iris.schema.names)


def labelled(member: Any, forest: Any) -> Any:
    """A forest's tree with the forest's class labels: the forest fits its trees on the
    classes' indices (0.0, 1.0, ...), in the order of its own ``classes_``."""
    copy = deepcopy(member)
    copy.classes_ = forest.classes_
    return copy


def test_a_random_forests_importances_are_scikit_learns() -> None:
    iris = load("iris")
    forest = RandomForestClassifier(
        n_estimators=12, bootstrap=False, max_features=2, max_depth=3, random_state=0
    ).fit(matrix(iris), target(iris))
    trees = tuple(from_sklearn(labelled(member, forest), iris) for member in forest.estimators_)
    ours = impurity_importance(Ensemble("average", trees, (1,) * len(trees), iris.schema.classes))
    assert close(ours, forest.feature_importances_, iris.schema.names)


def test_a_regression_forests_importances_are_scikit_learns() -> None:
    data = iris_regression()
    forest = RandomForestRegressor(
        n_estimators=8, bootstrap=False, max_features=1, max_depth=4, random_state=0
    ).fit(matrix(data), target(data))
    trees = tuple(from_sklearn(member, data) for member in forest.estimators_)
    ours = impurity_importance(Ensemble("average", trees, (1,) * len(trees), ()))
    assert close(ours, forest.feature_importances_, data.schema.names)


def test_a_bagged_ensemble_of_scikit_learn_trees_averages_their_importances() -> None:
    """Trees fit on bootstrap samples (seeded counts as sample_weight): the ensemble's
    importances are the mean of each tree's feature_importances_, over their sum, as a
    forest of scikit-learn computes them; every member counts alike, whatever its weight."""
    iris = load("iris")
    trees: list[Tree] = []
    theirs = []
    for member in range(6):
        counts = seeded.bootstrap(len(iris), 7, member)
        fitted = DecisionTreeClassifier(max_depth=2, random_state=0)
        fitted.fit(matrix(iris), target(iris), sample_weight=np.array(counts, dtype=float))
        trees.append(from_sklearn(fitted, iris.with_weights(counts)))
        theirs.append(fitted.feature_importances_)
    mean = np.mean(theirs, axis=0)
    expected = mean / mean.sum()
    weights = (1, 2, 3, 4, 5, 6)
    ours = impurity_importance(Ensemble("average", tuple(trees), weights, iris.schema.classes))
    assert close(ours, expected, iris.schema.names)


# -- impurity importance: its rules ---------------------------------------------------------------


def test_a_tree_without_a_split_has_every_importance_zero() -> None:
    golf = load("golf")
    stump = cart(golf, max_depth=0)
    assert impurity_importance(stump) == {}
    assert impurity_importance(stump, attributes=golf.schema.names) == dict.fromkeys(
        golf.schema.names, 0.0
    )
    fitted = DecisionTreeClassifier(max_depth=1).fit([[1.0], [2.0]], ["a", "a"])
    assert fitted.feature_importances_.tolist() == [0.0]  # scikit-learn's rule, the same


def test_an_ensemble_skips_its_members_without_a_split() -> None:
    golf = load("golf")
    classes = golf.schema.classes
    splitting = (cart(golf), c45(golf))
    leaf = cart(golf, max_depth=0)
    alone = impurity_importance(Ensemble("average", splitting, (1, 1), classes))
    with_leaves = Ensemble("average", (leaf, *splitting, leaf), (5, 1, 1, 5), classes)
    assert impurity_importance(with_leaves) == alone
    assert impurity_importance(Ensemble("vote", (leaf, leaf), (1, 1), classes)) == {}


def test_a_tree_and_the_ensemble_of_it_alone_agree() -> None:
    tennis = load("play-tennis")
    tree = id3(tennis)
    one = Ensemble("samme", (tree,), (3,), tennis.schema.classes)
    assert impurity_importance(one) == impurity_importance(tree)
    assert permutation_importance(one, tennis) == permutation_importance(tree, tennis)


@given(datasets(max_numeric=2, weighted=True, min_classes=2))
def test_importances_are_at_least_zero_and_sum_to_one_or_are_all_zero(data: Dataset) -> None:
    for impurity in (gini, entropy, misclassification):
        found = impurity_importance(cart(data), impurity=impurity)
        assert all(value >= 0 for value in found.values())
        assert math.fsum(found.values()) == pytest.approx(1, abs=1e-12) or not any(found.values())


@given(regression_datasets(weighted=True))
def test_regression_importances_sum_to_one_or_are_all_zero(data: Dataset) -> None:
    found = impurity_importance(cart(data))
    assert all(value >= -1e-12 for value in found.values())
    assert math.fsum(found.values()) == pytest.approx(1, abs=1e-9) or not any(found.values())


def test_gini_importances_of_integer_counts_are_exact_fractions_rounded_once() -> None:
    """Outlook 57/225, Humidity and Wind 84/225 each (see the docstring): the float of the
    exact fraction, not a sum of rounded floats."""
    tennis = load("play-tennis")
    found = impurity_importance(id3(tennis))
    assert found == {"Outlook": 57 / 225, "Humidity": 84 / 225, "Wind": 84 / 225}


# -- the bias towards many-valued attributes -----------------------------------------------------


def noisy(seed: int, n: int = 300) -> Dataset:
    """y follows x > 0.5, flipped for a fifth of the rows; ``id`` is a random number per row
    (an identifier: n distinct values that say nothing about y)."""
    records: list[dict[str, Value]] = []
    for row in range(n):
        x = seeded.below(1000, seed, "x", row) / 1000
        flipped = seeded.below(5, seed, "noise", row) == 0
        label = "yes" if (x > 0.5) != flipped else "no"
        identifier = float(seeded.below(10**9, seed, "id", row))
        records.append({"x": x, "id": identifier, "y": label})
    return Dataset.from_records(records, target="y")


def test_a_many_valued_identifier_gets_impurity_importance_but_no_permutation_importance() -> None:
    train, test = noisy(1), noisy(2, n=1000)
    trees = tuple(
        cart(train.with_weights(seeded.bootstrap(len(train), 0, member))) for member in range(5)
    )
    forest = Ensemble("average", trees, (1,) * len(trees), train.schema.classes)
    for model in (trees[0], forest):
        mdi = impurity_importance(model)
        held_out = permutation_importance(model, test, seed=3, repeats=10)
        # Grown until pure, the trees fit the noise with the identifier: a fifth or more
        # of the impurity decrease, where the identifier carries no information...
        assert mdi["id"] > 0.15
        # ...that buys nothing on new rows: shuffling the identifier does not raise the
        # error (it lowers it a little for the one tree, whose identifier splits hurt),
        # shuffling x raises it a great deal.
        assert -0.05 < held_out["id"].mean < 0.01
        assert held_out["x"].mean > 0.1
        assert held_out["x"].mean > 5 * abs(held_out["id"].mean)


# -- permutation importance -----------------------------------------------------------------------


def test_permutation_importance_is_a_pure_function_of_the_seed() -> None:
    golf = load("golf")
    tree = c45(golf)
    first = permutation_importance(tree, golf, seed=11, repeats=4)
    assert first == permutation_importance(tree, golf, seed=11, repeats=4)
    assert list(first) == list(golf.schema.names)
    assert all(len(found.values) == 4 for found in first.values())
    others = [permutation_importance(tree, golf, seed=s, repeats=4) for s in range(12, 16)]
    assert any(other != first for other in others)


def test_each_repeat_is_the_error_with_the_column_permuted_by_its_key() -> None:
    """Brute force: rebuild each permuted dataset from seeded.permutation by hand."""
    data = iris_regression()
    tree = cart(data, max_depth=3)
    found = permutation_importance(tree, data, seed=5, repeats=2)
    base = error(tree, data)
    for name in data.schema.names:
        for repeat in range(2):
            order = seeded.permutation(len(data), 5, "permutation", name, repeat)
            column = data.column(name)
            records = [
                {**example, name: column[order[i]], "petal_width": data.labels[i]}
                for i, example in enumerate(data.examples())
            ]
            shuffled = Dataset.from_records(records, target="petal_width")
            assert found[name].values[repeat] == float(error(tree, shuffled) - base)


def test_an_attribute_the_model_never_tests_has_zero_importance() -> None:
    tennis = load("play-tennis")
    found = permutation_importance(id3(tennis), tennis, seed=2)
    assert found["Temperature"] == Permuted((0.0,) * 5)
    assert found["Outlook"].mean > 0


def test_a_forest_on_a_subset_permutes_only_its_rows() -> None:
    golf = load("golf")
    classes = golf.schema.classes
    forest = Ensemble("vote", (cart(golf), c45(golf)), (1, 1), classes)
    part = golf.subset([0, 2, 4, 6, 8, 10, 12])
    found = permutation_importance(forest, part, seed=1, repeats=3)
    assert set(found) == set(golf.schema.names)
    for value in (v for f in found.values() for v in f.values):
        assert (value * 7).is_integer() or math.isclose(value * 7, round(value * 7))


def test_a_custom_score_is_higher_is_better() -> None:
    tennis = load("play-tennis")
    tree = id3(tennis)

    def right(model: Any, data: Dataset) -> int:
        return round(len(data) * (1 - error(model, data)))

    found = permutation_importance(tree, tennis, seed=4, score=right)
    default = permutation_importance(tree, tennis, seed=4)
    for name in tennis.schema.names:
        assert found[name].values == tuple(round(14 * v) for v in default[name].values)


def test_the_spread_is_the_population_standard_deviation() -> None:
    found = Permuted((0.1, 0.3, 0.2, 0.6))
    assert found.mean == pytest.approx(0.3)
    assert found.spread == pytest.approx(float(np.std([0.1, 0.3, 0.2, 0.6])))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"repeats": 0}, "repeats must be an integer >= 1, got 0"),
        ({"repeats": 2.0}, "repeats must be an integer >= 1, got 2.0"),
        ({"seed": "1"}, "the seed must be an integer, got '1'"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    tennis = load("play-tennis")
    with pytest.raises(DtreeError, match=message):
        permutation_importance(id3(tennis), tennis, **options)


def test_a_regression_model_on_classification_data_is_refused() -> None:
    data = iris_regression()
    with pytest.raises(DtreeError, match="a regression tree cannot be measured on classification"):
        permutation_importance(cart(data), load("iris"))


# -- on the out-of-bag rows -----------------------------------------------------------------------


def test_out_of_bag_importance_is_the_rise_of_the_out_of_bag_error() -> None:
    """Brute force: each repeat's permuted data rebuilt by hand, its out-of-bag error
    measured with the same bootstrap counts."""
    golf = load("golf")
    bagged = bag(golf, n_trees=8, seed=2)
    found = oob_permutation_importance(bagged, golf, seed=6, repeats=2)
    base = oob_error(bagged, golf)
    for name in golf.schema.names:
        for repeat in range(2):
            order = seeded.permutation(len(golf), 6, "permutation", name, repeat)
            column = golf.column(name)
            records = [
                {**example, name: column[order[i]], "play": golf.labels[i]}
                for i, example in enumerate(golf.examples())
            ]
            shuffled = Dataset.from_records(records, target="play", classes=golf.schema.classes)
            assert found[name].values[repeat] == float(oob_error(bagged, shuffled) - base)


def test_out_of_bag_importance_does_not_reward_an_identifier() -> None:
    """The bias test above, on the forest's own training rows: out of bag, shuffling the
    identifier does not raise the error, shuffling x raises it a great deal."""
    train = noisy(1)
    bagged = bag(train, n_trees=10, seed=0)
    assert impurity_importance(bagged.ensemble)["id"] > 0.15
    found = oob_permutation_importance(bagged, train, seed=3, repeats=5)
    assert -0.05 < found["id"].mean < 0.02
    assert found["x"].mean > 0.1


def test_out_of_bag_importance_needs_the_data_bagged_from() -> None:
    golf = load("golf")
    with pytest.raises(DtreeError, match="out-of-bag estimates need the data it was bagged from"):
        oob_permutation_importance(bag(golf, n_trees=3), golf.subset(range(10)))


def test_an_importance_of_something_else_is_refused() -> None:
    with pytest.raises(DtreeError, match="of a tree or an ensemble, not 'x'"):
        impurity_importance("x")  # type: ignore[arg-type]
