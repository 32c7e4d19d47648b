"""dtree's learners as scikit-learn estimators: trees, ensembles and exact optimal trees.


==============================  ==============================================================
:class:`TreeClassifier`         ID3, C4.5, J48 or CART, pruned as each prunes, or by ccp_alpha
:class:`TreeRegressor`          a CART regression tree
:class:`OptimalTreeClassifier`  the exact optimal tree of a depth (:mod:`dtree.optimal`)
:class:`ForestClassifier`,      random forests of CART trees (:mod:`dtree.ensemble.bagging`)
:class:`ForestRegressor`
:class:`BoostingClassifier`     AdaBoost (SAMME) of stumps or shallow trees
:class:`BoostingRegressor`      gradient boosting of regression trees
                                (:mod:`dtree.ensemble.boosting`)
==============================  ==============================================================

Needs the ``sklearn`` extra (``pip install 'dtree[sklearn]'``: scikit-learn,
and narwhals for data frames).  An estimator follows scikit-learn's
conventions -- ``fit`` / ``predict`` / ``predict_proba`` / ``score``, its
parameters as constructor arguments (``get_params``, ``set_params``,
``clone``), ``classes_``, ``n_features_in_``, ``feature_names_in_``,
``feature_importances_`` (:func:`dtree.importance.impurity_importance`),
``get_depth`` and ``get_n_leaves`` of a tree, ``sample_weight`` -- so it goes
into a ``Pipeline``, ``cross_val_score`` and ``GridSearchCV``; and it keeps
the fitted dtree tree in ``tree_`` (to which rules, DNF, renderings and
pruning apply), or the fitted ensemble in ``ensemble_``.  Each fits exactly
what the dtree function it names fits on the same data (the tests check it),
and passes scikit-learn's
``check_estimator``, but a forest fails one check as scikit-learn's own
forests do: a bootstrap sample drawn row by row tells a row of weight 2 from
two copies of it.

Contents
--------
:mod:`dtree.estimators.base`
    Reading ``X`` (:func:`~dtree.estimators.base.dataset`) and what every
    estimator shares: fitting, predicting, the classes, the weights.
:mod:`dtree.estimators.trees`
    :class:`TreeClassifier`, :class:`TreeRegressor`,
    :class:`OptimalTreeClassifier` and :data:`ALGORITHMS`; their parameters
    and what they map to.
:mod:`dtree.estimators.ensembles`
    :class:`ForestClassifier`, :class:`ForestRegressor`,
    :class:`BoostingClassifier`, :class:`BoostingRegressor` and
    :func:`expected_failed_checks`.

This package only hands their names on: ``dtree.estimators.TreeClassifier``.

>>> from dtree.estimators import TreeClassifier
>>> TreeClassifier("id3").fit([[0.0], [1.0]], ["a", "b"]).predict([[1.0]]).tolist()
['b']
"""

from __future__ import annotations

from dtree.estimators.base import dataset
from dtree.estimators.ensembles import (
    BoostingClassifier,
    BoostingRegressor,
    ForestClassifier,
    ForestRegressor,
    expected_failed_checks,
)
from dtree.estimators.trees import (
    ALGORITHMS,
    OptimalTreeClassifier,
    TreeClassifier,
    TreeRegressor,
)

__all__ = [
    "ALGORITHMS",
    "BoostingClassifier",
    "BoostingRegressor",
    "ForestClassifier",
    "ForestRegressor",
    "OptimalTreeClassifier",
    "TreeClassifier",
    "TreeRegressor",
    "dataset",
    "expected_failed_checks",
]
