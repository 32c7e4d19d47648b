"""Running scikit-learn on a dtree dataset: the fitted estimator, or its tree read back.

:func:`sklearn_fitted` fits any scikit-learn estimator on a dataset (the attributes in
schema order, a missing value as NaN, the target, the weights as ``sample_weight``);
:func:`sklearn_estimator` is its decision tree, and :func:`fit_sklearn` that tree read as a
dtree tree (:func:`dtree.conformance.sklearn.from_sklearn`).  scikit-learn is a
development extra, imported here only.

Contents: :func:`sklearn_fitted`, :func:`sklearn_estimator`, :func:`fit_sklearn`,
:func:`sklearn_value`.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping
from typing import Any

from dtree.conformance.sklearn import from_sklearn
from dtree.dataset import Dataset, Nominal, Value
from dtree.errors import DtreeError, quote
from dtree.tree import Tree

__all__ = ["fit_sklearn", "sklearn_estimator", "sklearn_fitted", "sklearn_value"]


def sklearn_value(value: Value) -> float:
    """A numeric attribute's value as scikit-learn takes it: NaN for missing.

    >>> sklearn_value(2), sklearn_value(None)
    (2.0, nan)
    """
    return math.nan if value is None else float(value)


def sklearn_estimator(data: Dataset, **params: object) -> Any:
    """scikit-learn's decision tree fit on ``data`` with ``params``: the fitted estimator.

    A ``DecisionTreeClassifier`` for classes, a ``DecisionTreeRegressor`` for a
    numeric target, fit by :func:`sklearn_fitted`.

    >>> from dtree.datasets import load
    >>> int(sklearn_estimator(load("iris"), max_depth=2).get_n_leaves())
    3
    """
    kind = "DecisionTreeClassifier" if data.schema.is_classification else "DecisionTreeRegressor"
    return sklearn_fitted("sklearn.tree", kind, data, params)


def sklearn_fitted(module: str, name: str, data: Dataset, params: Mapping[str, object]) -> Any:
    """scikit-learn's estimator ``name`` of ``module`` made with ``params`` and fit on
    ``data``: the attributes in schema order (a missing value as NaN), the target (a class
    as its label), the weights as ``sample_weight`` (none when all are 1).  scikit-learn is
    a development extra, imported here only.  ``random_state`` is 0 unless given, so the fit
    is repeatable.  A nominal attribute, settings scikit-learn refuses and a failed fit
    are each one error.

    >>> from dtree.datasets import load
    >>> fitted = sklearn_fitted("sklearn.tree", "DecisionTreeClassifier", load("iris"), {})
    >>> int(fitted.get_depth())
    5
    """
    nominal = [a.name for a in data.schema.attributes if isinstance(a.domain, Nominal)]
    if nominal:
        raise DtreeError(
            f"scikit-learn takes numeric attributes only; {quote(nominal[0])} is nominal"
            " (give it as one-hot numeric columns)",
            column=nominal[0],
        )
    try:
        made = getattr(importlib.import_module(module), name)
    except ModuleNotFoundError as error:
        raise DtreeError(
            "fitting scikit-learn needs scikit-learn: pip install scikit-learn"
        ) from error
    try:
        estimator = made(**{"random_state": 0, **params})
    except TypeError as error:
        raise DtreeError(f"scikit-learn's {name} refuses the settings: {error}") from None
    rows = data.rows
    x = [[sklearn_value(column[r]) for column in data.columns] for r in rows]
    y = [str(data.target[r]) if data.schema.is_classification else data.target[r] for r in rows]
    weights = [float(data.weights[r]) for r in rows]
    try:
        estimator.fit(x, y, sample_weight=None if set(weights) == {1.0} else weights)
    except ValueError as error:
        raise DtreeError(f"scikit-learn could not fit: {error}") from None
    return estimator


def fit_sklearn(data: Dataset, **params: object) -> Tree:
    """scikit-learn's decision tree fit on ``data`` with ``params``
    (:func:`sklearn_estimator`), read as a dtree tree by
    :func:`dtree.conformance.sklearn.from_sklearn`.

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> n_leaves(fit_sklearn(load("iris"), max_depth=2))
    3
    """
    return from_sklearn(sklearn_estimator(data, **params), data)
