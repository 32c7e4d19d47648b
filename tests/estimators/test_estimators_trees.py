"""The tree estimators (dtree.estimators.trees): TreeClassifier and TreeRegressor grow and
prune what dtree's functions grow and prune, searches tune their parameters, bad parameters are
refused by name, and the round trip against a native DecisionTreeClassifier or
DecisionTreeRegressor through dtree.conformance.compare."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from attrs import evolve
from helpers import iris_xy, numeric_xy
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV, KFold, cross_val_score
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from dtree import Dataset, cart
from dtree.conformance import compare, from_sklearn, learner_for
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.estimators import (
    ForestClassifier,
    OptimalTreeClassifier,
    TreeClassifier,
    TreeRegressor,
    dataset,
)
from dtree.grower.learner import CART
from dtree.grower.make_subtree import grow
from dtree.importance import impurity_importance
from dtree.impurity import entropy
from dtree.prune import prune_to, reduced_error
from dtree.resampling import train_test_split
from dtree.selection import select_by_cv
from dtree.tree import n_leaves


def test_grid_search_tunes_ccp_alpha_and_the_algorithm() -> None:
    x, y = iris_xy()
    grid = {"algorithm": ["c45", "cart"], "ccp_alpha": [0.0, 0.01, 0.1]}
    search = GridSearchCV(TreeClassifier(), grid, cv=KFold(5, shuffle=True, random_state=0))
    search.fit(x, y)
    assert len(search.cv_results_["params"]) == 6
    best = search.best_params_
    again = cross_val_score(TreeClassifier(**best), x, y, cv=KFold(5, shuffle=True, random_state=0))
    assert float(np.mean(again)) == search.best_score_
    assert search.best_estimator_.tree_ == clone(TreeClassifier(**best)).fit(x, y).tree_


def test_ccp_alpha_prunes_to_t_alpha_with_the_criterions_impurity() -> None:
    iris = load("iris")
    x, y = iris_xy()
    for alpha in (0.005, 0.02, 0.2):
        model = TreeClassifier("cart", ccp_alpha=alpha).fit(x, y)
        assert model.tree_ == prune_to(cart(iris), alpha, risk="impurity")
        entropic = TreeClassifier("id3", ccp_alpha=alpha).fit(x, y)
        grown = TreeClassifier("id3").fit(x, y).tree_
        assert entropic.tree_ == prune_to(grown, alpha, risk="impurity", impurity=entropy)
    sizes = [n_leaves(TreeClassifier("cart", ccp_alpha=a).fit(x, y).tree_) for a in (0, 0.02, 1)]
    assert sizes[0] > sizes[1] > sizes[2] == 1


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("alpha", [0.0, 0.02])
def test_dtree_cart_and_a_native_decision_tree_compare_as_equal(seed: int, alpha: float) -> None:
    x, y = numeric_xy(seed)
    ours = TreeClassifier("cart", ccp_alpha=alpha).fit(x, y)
    native = DecisionTreeClassifier(random_state=0, ccp_alpha=alpha).fit(x, y)
    data = dataset(TreeClassifier(), x, y.tolist(), classes=ours.classes_.tolist())
    theirs = from_sklearn(native, data)
    # dtree's CART refuses missing values: scikit-learn's branch for them is none of its choices
    judge = evolve(learner_for("sklearn").learner, missing="refuse")
    comparison = compare(theirs, ours.tree_, data, judge)
    assert comparison.agrees, comparison.text()
    assert (ours.predict(x) == native.predict(x)).all()
    # scikit-learn's importances are dtree's measure of scikit-learn's tree; dtree's tree may
    # break a tie otherwise, so its own importances are compared where no node tied.
    names = data.schema.names
    measured = impurity_importance(theirs, attributes=names)
    assert np.allclose([measured[a] for a in names], native.feature_importances_, rtol=1e-9)
    if comparison.counts["tie"] == 0:
        assert np.allclose(ours.feature_importances_, native.feature_importances_, rtol=1e-9)
        assert ours.get_n_leaves() == native.get_n_leaves()
        assert ours.get_depth() == native.get_depth()


def test_a_regressor_agrees_with_a_native_regression_tree() -> None:
    rng = random.Random(3)
    x = np.array([[rng.randint(0, 20), rng.random()] for _ in range(80)])
    y = np.array([r[0] ** 2 / 10 + rng.random() for r in x])
    for alpha in (0.0, 0.5):
        ours = TreeRegressor(ccp_alpha=alpha).fit(x, y)
        native = DecisionTreeRegressor(random_state=0, ccp_alpha=alpha).fit(x, y)
        data = dataset(TreeRegressor(), x, y.tolist())
        learner = evolve(
            learner_for("sklearn", criterion="squared_error").learner, missing="refuse"
        )
        comparison = compare(from_sklearn(native, data), ours.tree_, data, learner)
        assert comparison.agrees, comparison.text()
        assert np.allclose(ours.predict(x), native.predict(x), rtol=1e-12)
        assert np.allclose(ours.feature_importances_, native.feature_importances_, rtol=1e-9)


@pytest.mark.parametrize(
    ("estimator", "message"),
    [
        (TreeClassifier("c50"), "algorithm"),  # type: ignore[arg-type]
        (TreeClassifier(pruning="reduced"), "pruning"),  # type: ignore[arg-type]
        (TreeClassifier(criterion="gini"), "gain ratio"),
        (TreeClassifier(max_depth=-1), "max_depth"),
        (TreeRegressor("c45"), "'cart', not 'c45'"),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_bad_parameters_are_refused_at_fit_by_name(estimator: Any, message: str) -> None:
    x, y = numeric_xy(0, n=10)
    if isinstance(estimator, TreeRegressor):
        y = np.arange(10.0)
    with pytest.raises(DtreeError, match=message):
        estimator.fit(x, y)


def test_the_estimator_keeps_a_plain_dtree_learner() -> None:
    learner = TreeClassifier("j48", min_objects=5, criterion="entropy").learner()
    assert learner == evolve(learner_for("j48", M=5).learner, missing="fractional")


def test_every_pruning_method_is_a_parameter_and_grows_what_dtree_grows() -> None:
    x, y = iris_xy()
    iris = Dataset.from_frame(x.assign(y=y), target="y", classes=sorted(set(y)))
    cart_learner = evolve(CART, missing="fractional")
    reduced = TreeClassifier("cart", pruning="reduced_error", random_state=4).fit(x, y)
    train, validation = train_test_split(iris, 0.25, seed=4, stratify=True)
    assert reduced.tree_ == reduced_error(grow(cart_learner, train), validation)
    chosen = TreeClassifier("cart", pruning="cost_complexity_cv", cv_rule="1se").fit(x, y)
    assert chosen.tree_ == select_by_cv(cart_learner, iris, 10, rule="1se").tree
    grid = {"pruning": ["none", "pessimistic", "reduced_error", "cost_complexity_cv"]}
    search = GridSearchCV(TreeClassifier("cart"), grid, cv=KFold(3, shuffle=True, random_state=0))
    assert len(search.fit(x, y).cv_results_["mean_test_score"]) == 4
    values = x["petal_width"]
    regression = TreeRegressor(pruning="cost_complexity_cv", cv_folds=5)
    assert regression.fit(x.drop(columns="petal_width"), values).get_n_leaves() > 1


def test_numpy_numbers_are_parameters_as_a_grid_of_np_arange_gives_them() -> None:
    x, y = iris_xy()
    cv = KFold(3, shuffle=True, random_state=0)
    for estimator in (TreeClassifier("cart"), ForestClassifier(3), OptimalTreeClassifier()):
        search = GridSearchCV(estimator, {"max_depth": np.arange(1, 3)}, cv=cv, error_score="raise")
        assert search.fit(x, y).best_params_["max_depth"] in (1, 2)


@pytest.mark.parametrize(
    ("estimator", "message"),
    [
        (TreeClassifier("cart", pruning="reduced_error", validation_fraction=1), "share"),
        (TreeClassifier("cart", pruning="reduced_error", validation_fraction=0.0), "share"),
        (TreeClassifier("cart", pruning="cost_complexity_cv", cv_folds=200), "cv_folds"),
        (TreeRegressor(pruning="pessimistic"), "pruning"),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_pruning_settings_are_refused_by_their_names(estimator: Any, message: str) -> None:
    x, y = iris_xy()
    if isinstance(estimator, TreeRegressor):
        y = x.pop("petal_width")
    with pytest.raises(DtreeError, match=message):
        estimator.fit(x, y)


def test_the_least_error_tree_without_a_depth_is_refused_for_its_depth() -> None:
    """ccp_alpha=0 asks for the least-error tree of max_depth: None is refused as a depth,
    in the estimator's words, before any search."""
    x, y = np.array([[0.0], [1.0]]), np.array([0, 1])
    no_depth: Any = None  # what a user without types may pass
    with pytest.raises(DtreeError, match=r"^max_depth must be an integer >= 0, got None$"):
        OptimalTreeClassifier(max_depth=no_depth).fit(x, y)
