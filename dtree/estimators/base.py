"""What dtree's scikit-learn estimators share: reading ``X`` into a dataset, fitting,
predicting, the classes and the weights.

What ``X`` may be
-----------------
A data frame (pandas, polars, pyarrow: anything :mod:`dtree.frame` reads) is
read column by column: a categorical, string or boolean column is a nominal
attribute, split on natively (multiway for ID3 and C4.5, by subsets for
CART), with no one-hot encoding; a numeric column is numeric; a null or NaN is
a missing value.  Anything else (an array, a list of rows) is validated by
scikit-learn as numbers, its columns named ``x0``, ``x1``, ... (or by
``feature_names_in_``), NaN missing.  A missing value goes down every branch
in proportion to the training weights (C4.5's rule, ``missing="fractional"``)
unless ``missing`` says otherwise.

The classes are ``classes_``, sorted as scikit-learn sorts them, and the tree's
class order is theirs, so a plurality tie goes to the first class of
``classes_``, as in scikit-learn; a class is named in the tree by its text
(``str``).  A row of weight 0 carries nothing and is left out before growing,
so that no validation set, fold or bootstrap sample draws it (the grower itself
already counts it as absent); a negative weight is refused.

Contents: :func:`dataset`; the estimators' common bases (``_Estimator``, ``_Classifier``,
``_Regressor``), which :mod:`dtree.estimators.trees` and
:mod:`dtree.estimators.ensembles` build on.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Self

import numpy as np
from narwhals.dependencies import is_into_dataframe
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils import get_tags
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import (
    _check_sample_weight,
    assert_all_finite,
    check_consistent_length,
    check_is_fitted,
    column_or_1d,
    validate_data,
)

from dtree.dataset import (
    Attribute,
    Dataset,
    Example,
    Label,
    Nominal,
    Numeric,
    Schema,
    Value,
    Weight,
)
from dtree.ensemble import Ensemble, Model, predict_many, predict_proba_many
from dtree.errors import DtreeError, DtreeWarning, quote, warn
from dtree.frame import columns, rows
from dtree.importance import impurity_importance
from dtree.impurity import IMPURITIES, gini

__all__ = ["dataset"]


def _is_frame(x: object) -> bool:
    return bool(is_into_dataframe(x))


def _weight(w: float) -> Weight:
    """A weight as dtree keeps it: a whole number as an ``int``, so counts stay exact."""
    return int(w) if float(w).is_integer() else float(w)


def _attributes(
    estimator: BaseEstimator, x: Any, *, reset: bool
) -> tuple[tuple[Attribute, list[Value]], ...]:
    """The attributes and values of ``X``: a frame's columns as :mod:`dtree.frame` types
    them; an array's as numbers, named by ``feature_names_in_`` or ``x0``, ``x1``, ...
    """
    if _is_frame(x):
        typed = columns(x)  # first, so that a column named twice is refused by its name
        validate_data(estimator, x, reset=reset, skip_check_array=True)
        return typed
    finite = "allow-nan" if get_tags(estimator).input_tags.allow_nan else True
    with _float_sized("X"):
        array = validate_data(estimator, x, reset=reset, dtype="numeric", ensure_all_finite=finite)
        array = array.astype(float)
    names = getattr(estimator, "feature_names_in_", None)
    if names is None:
        names = [f"x{j}" for j in range(array.shape[1])]
    return tuple(
        (
            Attribute(str(name), Numeric()),
            [None if np.isnan(v) else float(v) for v in array[:, j]],
        )
        for j, name in enumerate(names)
    )


def dataset(
    estimator: BaseEstimator,
    x: Any,
    target: Sequence[Any],
    sample_weight: Sequence[float] | None = None,
    *,
    classes: Sequence[str] | None = None,
) -> Dataset:
    """The dataset an estimator of this module grows its tree on: the attributes of ``X``
    (see the module's notes), the target named ``y`` (nominal with ``classes``, else
    numeric) and the weights, rows of weight 0 left out.  Sets ``n_features_in_`` and
    ``feature_names_in_`` as fitting does.

    >>> from dtree.estimators import TreeClassifier
    >>> data = dataset(TreeClassifier(), [[1.0], [2.0], [3.0]], ["a", "b", "a"], [1, 0, 2.5],
    ...                classes=["a", "b"])
    >>> data.schema.names, data.column("x0"), data.labels, data.weights
    (('x0',), (1.0, 3.0), ('a', 'a'), (1, 2.5))
    """
    typed = _attributes(estimator, x, reset=True)
    names = {attribute.name for attribute, _ in typed}
    name = "y"
    while name in names:
        name = f"_{name}"
    if not typed or not target:
        raise DtreeError("the data has no rows or no columns")
    domain = Numeric() if classes is None else Nominal(tuple(classes))
    weights = [1] * len(target) if sample_weight is None else [_weight(w) for w in sample_weight]
    kept = [r for r, w in enumerate(weights) if w > 0]
    if not kept:
        raise DtreeError("every sample weight is 0: there is nothing to learn from")
    return Dataset(
        Schema(tuple(attribute for attribute, _ in typed), Attribute(name, domain)),
        tuple([values[r] for r in kept] for _, values in typed),
        [target[r] for r in kept],
        [weights[r] for r in kept],
    )


class _Estimator(BaseEstimator):  # type: ignore[misc]
    """Reading ``X`` and predicting, for every estimator of this module: a subclass says how
    its model is fit (:meth:`_model`), a tree kept in ``tree_`` or an ensemble in
    ``ensemble_``."""

    def _model(self, data: Dataset) -> Model:
        raise NotImplementedError

    def _params(self) -> dict[str, Any]:
        """The parameters, a NumPy number as the Python number it holds (a grid of
        ``np.arange`` values is a grid of ints)."""
        return {
            name: value.item() if isinstance(value, np.generic) else value
            for name, value in self.get_params().items()
        }

    def _fit(self, x: Any, target: Sequence[Any], weights: Any, classes: Any) -> None:
        data = dataset(self, x, target, weights, classes=classes)
        self.attribute_names_ = data.schema.names
        self.categories_ = {
            attribute.name: attribute.domain.values
            for attribute in data.schema.attributes
            if isinstance(attribute.domain, Nominal)
        }
        model = self._model(data)
        if isinstance(model, Ensemble):
            self.ensemble_ = model
        else:
            self.tree_ = model

    def _fitted(self) -> Model:
        check_is_fitted(self, "attribute_names_")
        model: Model = self.ensemble_ if hasattr(self, "ensemble_") else self.tree_
        return model

    def _impurity(self) -> str:
        """The impurity the model's importances are measured by: its criterion (Gini for
        classes unless the model grows by another, squared error for values)."""
        return getattr(self, "criterion", None) or "gini"

    @property
    def feature_importances_(self) -> Any:
        """Each attribute's mean decrease in impurity, in the order of ``X``'s columns,
        summing to 1 (all 0 for a model without a split):
        :func:`dtree.importance.impurity_importance` with the model's criterion.  For a
        tree and a forest these are scikit-learn's numbers on the same trees; for
        boosting, every member counts alike, where scikit-learn weighs AdaBoost's members
        by their weights and adds gradient boosting's decreases before normalising.

        >>> from dtree.estimators import TreeClassifier
        >>> model = TreeClassifier("cart").fit([[0, 5], [1, 5], [2, 6], [3, 6]], list("aabb"))
        >>> model.feature_importances_.tolist()
        [1.0, 0.0]
        """
        model = self._fitted()
        impurity = IMPURITIES.get(self._impurity(), gini)
        importance = impurity_importance(model, impurity=impurity, attributes=self.attribute_names_)
        return np.array([importance[name] for name in self.attribute_names_], dtype=float)

    def _examples(self, x: Any) -> tuple[dict[str, Value], ...]:
        check_is_fitted(self, "attribute_names_")
        typed = _attributes(self, x, reset=False)
        names = self.attribute_names_
        if not _is_frame(x) or not hasattr(self, "feature_names_in_"):  # by position
            typed = tuple(
                (Attribute(n, a.domain), v) for n, (a, v) in zip(names, typed, strict=True)
            )
        examples = rows(typed)
        _say_unseen(self.categories_, examples)
        return examples

    def _predictions(self, x: Any) -> tuple[Label | float, ...]:
        examples = self._examples(x)
        return predict_many(self._fitted(), examples)

    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


def _say_unseen(categories: Mapping[str, Sequence[str]], examples: Sequence[Example]) -> None:
    """Warn, once, of the rows of X that hold a category of a nominal column unseen in
    training (not in ``categories``): how many, and the first (counted from 0).  A tree
    sends such a value down a subset split's ``not in`` branch, or stops it at a split
    that names a branch for each training value, whose statistics then answer."""
    unseen = [
        (row, name, example[name])
        for row, example in enumerate(examples)
        for name, values in categories.items()
        if example[name] is not None and example[name] not in values
    ]
    rows_unseen = len({row for row, _, _ in unseen})
    if unseen:
        row, name, value = unseen[0]
        warn(
            DtreeWarning(
                f"{rows_unseen} of {len(examples)} rows"
                f" {'holds' if rows_unseen == 1 else 'hold'} a category unseen in training,"
                f" the first row {row} ({quote(name)} = {quote(value)}); the tree sends it"
                " down a 'not in' branch, or answers from the split that names no branch"
                " for it"
            )
        )


def _weights(sample_weight: Any, y: Any) -> Any:
    if sample_weight is None:
        return None
    with _float_sized("sample_weight"):
        return _check_sample_weight(sample_weight, y, ensure_non_negative=True)


@contextmanager
def _float_sized(name: str) -> Iterator[None]:
    """Inside the block, a number no float holds (an integer such as 10**400) in the input
    ``name`` is a :class:`DtreeError` saying so, not numpy's ``OverflowError``."""
    try:
        yield
    except OverflowError:
        raise DtreeError(f"{name} holds a number too large for a float") from None


class _Classifier(ClassifierMixin, _Estimator):  # type: ignore[misc]
    """``fit``, ``predict`` and ``predict_proba`` of a classifier: the classes are
    ``classes_``, sorted as scikit-learn sorts them, named in the model by their text."""

    def fit(self, x: Any, y: Any, sample_weight: Any = None) -> Self:
        """Fit the model of ``X`` and the classes ``y`` (rows weighted by ``sample_weight``)."""
        y = column_or_1d(y, warn=True)
        check_consistent_length(x, y)
        if any(label is None for label in y.tolist()):
            raise DtreeError("a class label is missing (None): every row needs its class")
        if y.dtype.kind == "f":
            assert_all_finite(y, input_name="y")
        check_classification_targets(y)
        self.classes_, encoded = np.unique(y, return_inverse=True)
        labels = [str(c) for c in self.classes_]
        if len(set(labels)) < len(labels):
            raise DtreeError(f"two classes have the same text: {labels}")
        self._fit(x, [labels[k] for k in encoded], _weights(sample_weight, y), labels)
        return self

    def predict_proba(self, x: Any) -> Any:
        """P(class | x) in the order of ``classes_``: for a tree, the mixture of the leaves
        a row reaches; for an ensemble, its combination of its members'."""
        examples = self._examples(x)
        rows = predict_proba_many(self._fitted(), examples)
        return np.array([[float(p) for p in row] for row in rows], dtype=float).reshape(
            len(rows), len(self.classes_)
        )

    def predict(self, x: Any) -> Any:
        """The predicted class of each row."""
        labels = self._predictions(x)
        index = {str(c): k for k, c in enumerate(self.classes_)}
        return self.classes_[[index[str(label)] for label in labels]]


class _Regressor(RegressorMixin, _Estimator):  # type: ignore[misc]
    """``fit`` and ``predict`` of a regressor."""

    def fit(self, x: Any, y: Any, sample_weight: Any = None) -> Self:
        """Fit the model of ``X`` and the values ``y`` (rows weighted by ``sample_weight``)."""
        with _float_sized("y"):
            y = column_or_1d(y, warn=True).astype(float)
        check_consistent_length(x, y)
        assert_all_finite(y, input_name="y")
        self._fit(x, [float(v) for v in y], _weights(sample_weight, y), None)
        return self

    def predict(self, x: Any) -> Any:
        """The predicted value of each row."""
        return np.array(self._predictions(x), dtype=float)
