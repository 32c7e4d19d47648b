"""The ensemble estimators (dtree.estimators.ensembles): the forests and the boosting
estimators fit dtree's own ensembles (and the optimal tree dtree's own tree), and searches tune
them."""

from __future__ import annotations

from fractions import Fraction

import pytest
from attrs import evolve
from helpers import iris_xy
from sklearn.model_selection import GridSearchCV, KFold

from dtree import Dataset
from dtree.ensemble.bagging import random_forest
from dtree.ensemble.boosting import adaboost, gradient_boost
from dtree.estimators import (
    BoostingClassifier,
    BoostingRegressor,
    ForestClassifier,
    ForestRegressor,
    OptimalTreeClassifier,
)
from dtree.grower.learner import CART
from dtree.optimal import least_error, penalized


def test_the_ensembles_and_the_optimal_tree_are_dtrees_own() -> None:
    x, y = iris_xy()
    iris = Dataset.from_frame(x.assign(y=y), target="y", classes=sorted(set(y)))
    forest = ForestClassifier(n_estimators=4, random_state=3).fit(x, y)
    assert (
        forest.ensemble_
        == random_forest(
            iris, n_trees=4, seed=3, learner=evolve(CART, missing="fractional")
        ).ensemble
    )
    boosted = BoostingClassifier(n_estimators=4).fit(x, y)
    stumps = evolve(CART, max_depth=1, missing="fractional")
    assert boosted.ensemble_ == adaboost(iris, n_rounds=4, learner=stumps, learning_rate=1.0)
    assert OptimalTreeClassifier(2).fit(x, y).tree_ == least_error(iris, 2)
    penalised = OptimalTreeClassifier(3, ccp_alpha=0.02).fit(x, y).tree_
    assert penalised == penalized(iris, Fraction(0.02), max_depth=3)
    values = x["petal_width"]
    regression = Dataset.from_frame(x.drop(columns="petal_width").assign(y=values), target="y")
    gradient = BoostingRegressor(n_estimators=3).fit(x.drop(columns="petal_width"), values)
    assert gradient.ensemble_ == gradient_boost(
        regression, n_stages=3, min_samples_leaf=1, missing="fractional"
    )
    assert forest.feature_importances_.sum() == pytest.approx(1)
    assert OptimalTreeClassifier(1).fit(x, y).get_n_leaves() == 2
    averaged = ForestRegressor(n_estimators=3).fit(x.drop(columns="petal_width"), values)
    assert len(averaged.ensemble_.trees) == 3
    assert averaged.score(x.drop(columns="petal_width"), values) > 0.9


def test_grid_search_tunes_a_forest_and_boosting() -> None:
    x, y = iris_xy()
    cv = KFold(3, shuffle=True, random_state=0)
    forest = GridSearchCV(ForestClassifier(n_estimators=5), {"max_depth": [1, 3]}, cv=cv)
    assert forest.fit(x, y).best_params_ == {"max_depth": 3}
    boosted = GridSearchCV(BoostingClassifier(), {"n_estimators": [1, 10]}, cv=cv)
    assert boosted.fit(x, y).best_params_ == {"n_estimators": 10}
