"""The ensemble estimators: random forests of CART trees (:class:`ForestClassifier`,
:class:`ForestRegressor`; :mod:`dtree.ensemble.bagging`), AdaBoost (SAMME) of stumps or
shallow trees (:class:`BoostingClassifier`) and gradient boosting of regression trees
(:class:`BoostingRegressor`; :mod:`dtree.ensemble.boosting`).

The ensembles' parameters are their functions' (``n_estimators`` the number of
trees or rounds, ``random_state`` the seed).  A forest fails one check of
scikit-learn's ``check_estimator``, as scikit-learn's own forests do
(:func:`expected_failed_checks`).

Contents: :class:`ForestClassifier`, :class:`ForestRegressor`,
:class:`BoostingClassifier`, :class:`BoostingRegressor`,
:func:`expected_failed_checks`.
"""

from __future__ import annotations

from attrs import evolve
from sklearn.base import BaseEstimator

from dtree.dataset import (
    Dataset,
)
from dtree.ensemble import Ensemble, bagging, boosting
from dtree.ensemble.bagging import default_learner
from dtree.estimators.base import _Classifier, _Estimator, _Regressor
from dtree.grower.learner import CART, Criterion, Missing

__all__ = [
    "BoostingClassifier",
    "BoostingRegressor",
    "ForestClassifier",
    "ForestRegressor",
    "expected_failed_checks",
]


class _Forest(_Estimator):
    """A random forest (:func:`dtree.ensemble.bagging.random_forest`) of CART trees."""

    def _model(self, data: Dataset) -> Ensemble:
        p = self._params()
        learner = evolve(
            default_learner(data),
            max_depth=p["max_depth"],
            min_samples_split=p["min_samples_split"],
            min_samples_leaf=p["min_samples_leaf"],
            missing=p["missing"],
            **({} if p["criterion"] is None else {"impurity": p["criterion"]}),
        )
        return bagging.random_forest(
            data,
            n_trees=p["n_estimators"],
            max_features=p["max_features"],
            seed=p["random_state"] or 0,
            learner=learner,
        ).ensemble


class ForestClassifier(_Classifier, _Forest):
    """A random forest of CART classification trees as a scikit-learn classifier
    (:func:`dtree.ensemble.bagging.random_forest`; the members' probabilities averaged); the
    fitted ensemble is ``ensemble_``.

    >>> from dtree.datasets import load
    >>> iris = load("iris").to_frame()
    >>> x, y = iris.drop(columns="species"), iris["species"]
    >>> ForestClassifier(n_estimators=10, random_state=1).fit(x, y).score(x, y)
    0.98
    """

    def __init__(
        self,
        n_estimators: int = 100,
        *,
        criterion: Criterion | None = None,
        max_depth: int | None = None,
        min_samples_split: float = 0,
        min_samples_leaf: float = 0,
        max_features: int | float | str | None = "sqrt",
        missing: Missing = "fractional",
        random_state: int | None = None,
    ) -> None:
        self.n_estimators = n_estimators
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.max_features = max_features
        self.missing = missing
        self.random_state = random_state


class ForestRegressor(_Regressor, _Forest):
    """A random forest of CART regression trees as a scikit-learn regressor (the members'
    values averaged; every attribute a candidate at each node unless ``max_features``
    says otherwise, as scikit-learn's default); the fitted ensemble is ``ensemble_``.

    >>> import numpy as np
    >>> x = np.arange(20.0).reshape(-1, 1)
    >>> model = ForestRegressor(n_estimators=5).fit(x, (x[:, 0] > 9).astype(float))
    >>> model.predict([[0.0], [19.0]]).tolist()
    [0.0, 1.0]
    """

    def __init__(
        self,
        n_estimators: int = 100,
        *,
        criterion: Criterion | None = None,
        max_depth: int | None = None,
        min_samples_split: float = 0,
        min_samples_leaf: float = 0,
        max_features: int | float | str | None = None,
        missing: Missing = "fractional",
        random_state: int | None = None,
    ) -> None:
        self.n_estimators = n_estimators
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.max_features = max_features
        self.missing = missing
        self.random_state = random_state


class BoostingClassifier(_Classifier):
    """AdaBoost (SAMME) of CART trees of depth ``max_depth`` (stumps by default) as a
    scikit-learn classifier (:func:`dtree.ensemble.boosting.adaboost`); the fitted ensemble is
    ``ensemble_``.

    >>> from dtree.datasets import load
    >>> iris = load("iris").to_frame()
    >>> x, y = iris.drop(columns="species"), iris["species"]
    >>> round(BoostingClassifier(n_estimators=20).fit(x, y).score(x, y), 3)
    0.98
    """

    def __init__(
        self,
        n_estimators: int = 50,
        *,
        learning_rate: float = 1.0,
        max_depth: int | None = 1,
        missing: Missing = "fractional",
    ) -> None:
        self.n_estimators = n_estimators
        self.learning_rate = learning_rate
        self.max_depth = max_depth
        self.missing = missing

    def _model(self, data: Dataset) -> Ensemble:
        p = self._params()
        learner = evolve(CART, max_depth=p["max_depth"], missing=p["missing"])
        return boosting.adaboost(
            data, n_rounds=p["n_estimators"], learner=learner, learning_rate=p["learning_rate"]
        )


class BoostingRegressor(_Regressor):
    """Gradient boosting of CART regression trees with squared error as a scikit-learn
    regressor (:func:`dtree.ensemble.boosting.gradient_boost`); the fitted ensemble is
    ``ensemble_``.

    >>> import numpy as np
    >>> x = np.arange(20.0).reshape(-1, 1)
    >>> model = BoostingRegressor(n_estimators=50).fit(x, 2 * x[:, 0])
    >>> [round(v, 2) for v in model.predict([[0.0], [10.0]]).tolist()]
    [0.13, 20.0]
    """

    def __init__(
        self,
        n_estimators: int = 100,
        *,
        learning_rate: float = 0.1,
        max_depth: int | None = 3,
        min_samples_split: float = 0,
        min_samples_leaf: float = 1,
        subsample: float = 1.0,
        missing: Missing = "fractional",
        random_state: int | None = None,
    ) -> None:
        self.n_estimators = n_estimators
        self.learning_rate = learning_rate
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.subsample = subsample
        self.missing = missing
        self.random_state = random_state

    def _model(self, data: Dataset) -> Ensemble:
        p = self._params()
        return boosting.gradient_boost(
            data,
            n_stages=p["n_estimators"],
            learning_rate=p["learning_rate"],
            max_depth=p["max_depth"],
            min_samples_split=p["min_samples_split"],
            min_samples_leaf=p["min_samples_leaf"],
            subsample=p["subsample"],
            seed=p["random_state"] or 0,
            missing=p["missing"],
        )


_BOOTSTRAP_FAILS = {
    "check_sample_weight_equivalence_on_dense_data": (
        "a forest draws its bootstrap samples row by row, so a row of weight 2 and two copies"
        " of it are drawn differently (scikit-learn's own forests fail it for that reason);"
        " each member is the tree of its sample, weights and copies alike"
    ),
}


def expected_failed_checks(estimator: BaseEstimator) -> dict[str, str]:
    """The checks of scikit-learn's ``check_estimator`` that ``estimator`` fails, each with
    its reason, for ``check_estimator(estimator, expected_failed_checks=...)``: none but the
    forests' one.

    >>> from dtree.estimators import TreeClassifier
    >>> sorted(expected_failed_checks(ForestClassifier())), expected_failed_checks(TreeClassifier())
    (['check_sample_weight_equivalence_on_dense_data'], {})
    """
    return dict(_BOOTSTRAP_FAILS) if isinstance(estimator, _Forest) else {}
