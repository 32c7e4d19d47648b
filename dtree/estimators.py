"""dtree's learners as scikit-learn estimators: :class:`TreeClassifier` and :class:`TreeRegressor`.

Needs the ``sklearn`` extra (``pip install 'dtree[sklearn]'``: scikit-learn,
and narwhals for data frames).  An estimator follows scikit-learn's
conventions -- ``fit`` / ``predict`` / ``predict_proba`` / ``score``, its
parameters as constructor arguments (``get_params``, ``set_params``,
``clone``), ``classes_``, ``n_features_in_``, ``feature_names_in_``,
``sample_weight`` -- so it goes into a ``Pipeline``, ``cross_val_score`` and
``GridSearchCV``; and it keeps the fitted dtree tree in ``tree_``, to which
rules, DNF, renderings and pruning apply.

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
so that no threshold is placed by it; a negative weight is refused.

Parameters and what they map to
-------------------------------
===========================  ==================================================================
``algorithm``                ``"c45"`` (:data:`dtree.learner.C45`, the default), ``"j48"``,
                             ``"id3"`` or ``"cart"``: the preset grown
``criterion``                None (the algorithm's: entropy, or Gini for CART), ``"entropy"``,
                             ``"gini"`` or ``"misclassification"`` (``Learner.impurity``);
                             C4.5 and J48 score by the gain ratio: entropy only
``max_depth``                ``Learner.max_depth``
``min_samples_split``        ``Learner.min_samples_split``: a weight, not a count nor a share
                             (2 grows as 0 when every weight is 1, not with weights below 1)
``min_samples_leaf``         ``Learner.min_samples_leaf``: a weight (likewise)
``min_objects``              C4.5's minimum, ``Learner.min_objects`` (None: the algorithm's,
                             2 for C4.5 and J48)
``min_impurity_decrease``    ``Learner.min_impurity_decrease``
``max_leaf_nodes``           ``Learner.max_leaf_nodes`` (best-first growth)
``max_features``             ``Learner.max_features``, the attributes drawn at each node
``significance``             ``Learner.significance``, the chi-square test's level
``missing``                  ``Learner.missing`` (``"fractional"`` by default)
``pruning``                  None (the algorithm's own: C4.5's and J48's error-based pruning,
                             none for ID3 and CART), ``"none"`` or ``"pessimistic"``
``confidence``               the pessimistic pruning's confidence (C4.5's CF, 0.25)
``ccp_alpha``                cost-complexity pruning to T(alpha) after the above, with the
                             criterion's impurity as the risk, as scikit-learn prunes
                             (:func:`dtree.prune.prune_to`, ``risk="impurity"``); 0: none
``random_state``             the seed of ``max_features``' draws (None: 0)
===========================  ==================================================================

Not there: ``splitter`` (dtree always takes the best split), ``class_weight``
(pass ``sample_weight``), ``min_weight_fraction_leaf``, ``monotonic_cst``,
multi-output targets.

Contents: :class:`TreeClassifier`, :class:`TreeRegressor`, :func:`dataset`,
:data:`ALGORITHMS`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal, get_args

import numpy as np
from attrs import evolve
from narwhals.dependencies import is_into_dataframe
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import (
    _check_sample_weight,
    assert_all_finite,
    check_consistent_length,
    check_is_fitted,
    column_or_1d,
    validate_data,
)

from dtree.arithmetic import is_number
from dtree.conformance.learners import CostComplexity, Pessimistic
from dtree.dataset import Attribute, Dataset, Nominal, Numeric, Schema, Value, Weight
from dtree.errors import DtreeError, check_choice
from dtree.frame import columns
from dtree.grow import grow
from dtree.learner import C45, CART, ID3, J48, Criterion, Learner
from dtree.prune import Risk, pessimistic
from dtree.tree import Tree, predict_many, predict_proba_many

__all__ = ["ALGORITHMS", "TreeClassifier", "TreeRegressor", "dataset"]

Algorithm = Literal["c45", "j48", "id3", "cart"]
ALGORITHMS: tuple[Algorithm, ...] = get_args(Algorithm)
"""The presets an estimator grows."""

_PRESETS = {"c45": C45, "j48": J48, "id3": ID3, "cart": CART}
Pruning = Literal["none", "pessimistic"]
_GROWING = (
    "max_depth",
    "min_samples_split",
    "min_samples_leaf",
    "min_impurity_decrease",
    "max_leaf_nodes",
    "max_features",
    "significance",
    "missing",
)
"""The parameters that are the :class:`dtree.learner.Learner`'s fields of the same name."""


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
        validate_data(estimator, x, reset=reset, skip_check_array=True)
        return columns(x)
    array = validate_data(estimator, x, reset=reset, dtype="numeric", ensure_all_finite="allow-nan")
    names = getattr(estimator, "feature_names_in_", None)
    if names is None:
        names = [f"x{j}" for j in range(array.shape[1])]
    return tuple(
        (
            Attribute(str(name), Numeric()),
            [None if np.isnan(v) else float(v) for v in array[:, j].astype(float)],
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
    ``feature_names_in_`` as fitting does."""
    typed = _attributes(estimator, x, reset=True)
    names = {attribute.name for attribute, _ in typed}
    name = "y"
    while name in names:
        name = f"_{name}"
    if not typed or not target:
        raise DtreeError("the data has no rows or no columns")
    domain = Numeric() if classes is None else Nominal(tuple(classes))
    weights = [1] * len(target) if sample_weight is None else [_weight(w) for w in sample_weight]
    rows = [r for r, w in enumerate(weights) if w > 0]
    if not rows:
        raise DtreeError("every sample weight is 0: there is nothing to learn from")
    return Dataset(
        Schema(tuple(attribute for attribute, _ in typed), Attribute(name, domain)),
        tuple([values[r] for r in rows] for _, values in typed),
        [target[r] for r in rows],
        [weights[r] for r in rows],
    )


class _Tree(BaseEstimator):  # type: ignore[misc]
    """What the classifier and the regressor share: growing, pruning, reading ``X``."""

    def learner(self) -> Learner:
        """The :class:`dtree.learner.Learner` these parameters grow a tree with."""
        params = self.get_params()
        check_choice("algorithm", params["algorithm"], ALGORITHMS)
        options = {name: params[name] for name in _GROWING if name in params}
        options["seed"] = params["random_state"] or 0
        for name, field in (("criterion", "impurity"), ("min_objects", "min_objects")):
            if params.get(name) is not None:
                options[field] = params[name]
        return evolve(_PRESETS[params["algorithm"]], **options)

    def _pruned(self, tree: Tree, data: Dataset, learner: Learner) -> Tree:
        params = self.get_params()
        pruning = params.get("pruning")
        if pruning is None:
            pruning = "pessimistic" if params["algorithm"] in ("c45", "j48") else "none"
        check_choice("pruning", pruning, get_args(Pruning))
        if pruning == "pessimistic":
            if params["algorithm"] == "j48":
                tree = Pessimistic(params["confidence"])(tree, data)
            else:
                tree = pessimistic(tree, params["confidence"], data=data)
        if not is_number(self.ccp_alpha) or not 0 <= self.ccp_alpha < math.inf:
            raise DtreeError(f"ccp_alpha must be a finite number >= 0, got {self.ccp_alpha!r}")
        if self.ccp_alpha != 0:
            impurity = learner.impurity
            risk: Risk = "error" if impurity == "misclassification" else "impurity"
            tree = CostComplexity(float(self.ccp_alpha), risk, impurity)(tree, data)
        return tree

    def _grown(self, data: Dataset) -> Tree:
        learner = self.learner()
        return self._pruned(grow(learner, data), data, learner)

    def _examples(self, x: Any) -> tuple[dict[str, Value], ...]:
        check_is_fitted(self, "tree_")
        typed = _attributes(self, x, reset=False)
        names = self.attribute_names_
        if not _is_frame(x) or not hasattr(self, "feature_names_in_"):  # by position
            typed = tuple(
                (Attribute(n, a.domain), v) for n, (a, v) in zip(names, typed, strict=True)
            )
        rows = zip(*(values for _, values in typed), strict=True)
        keys = [attribute.name for attribute, _ in typed]
        return tuple(dict(zip(keys, row, strict=True)) for row in rows)


class TreeClassifier(ClassifierMixin, _Tree):  # type: ignore[misc]
    """A classification tree of ID3, C4.5, J48 or CART as a scikit-learn classifier.

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> golf = load("golf").to_frame()
    >>> x, y = golf.drop(columns="class"), golf["class"]
    >>> model = TreeClassifier("c45").fit(x, y)
    >>> model.classes_.tolist(), model.predict(x.head(3)).tolist()
    (["Don't Play", 'Play'], ['Play', "Don't Play", "Don't Play"])
    >>> print(text(model.tree_))
    root ["Don't Play": 5, Play: 9]
    outlook = overcast ["Don't Play": 0, Play: 4]: Play
    outlook = rain ["Don't Play": 2, Play: 3]
    |   windy = false ["Don't Play": 0, Play: 3]: Play
    |   windy = true ["Don't Play": 2, Play: 0]: "Don't Play"
    outlook = sunny ["Don't Play": 3, Play: 2]
    |   humidity <= 75 ["Don't Play": 0, Play: 2]: Play
    |   humidity > 75 ["Don't Play": 3, Play: 0]: "Don't Play"
    """

    def __init__(
        self,
        algorithm: Algorithm = "c45",
        *,
        criterion: Criterion | None = None,
        max_depth: int | None = None,
        min_samples_split: float = 0,
        min_samples_leaf: float = 0,
        min_objects: float | None = None,
        min_impurity_decrease: float = 0.0,
        max_leaf_nodes: int | None = None,
        max_features: int | float | str | None = None,
        significance: float | None = None,
        missing: str = "fractional",
        pruning: Pruning | None = None,
        confidence: float = 0.25,
        ccp_alpha: float = 0.0,
        random_state: int | None = None,
    ) -> None:
        self.algorithm = algorithm
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_objects = min_objects
        self.min_impurity_decrease = min_impurity_decrease
        self.max_leaf_nodes = max_leaf_nodes
        self.max_features = max_features
        self.significance = significance
        self.missing = missing
        self.pruning = pruning
        self.confidence = confidence
        self.ccp_alpha = ccp_alpha
        self.random_state = random_state

    def fit(self, x: Any, y: Any, sample_weight: Any = None) -> TreeClassifier:
        """Grow (and prune) the tree of ``X`` and ``y``."""
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
        weights = (
            None
            if sample_weight is None
            else _check_sample_weight(sample_weight, y, ensure_non_negative=True)
        )
        data = dataset(self, x, [labels[k] for k in encoded], weights, classes=labels)
        self.attribute_names_ = data.schema.names
        self.tree_ = self._grown(data)
        return self

    def predict_proba(self, x: Any) -> Any:
        """P(class | x) in the order of ``classes_``, each row a mixture of the leaves it
        reaches."""
        examples = self._examples(x)
        rows = predict_proba_many(self.tree_, examples)
        return np.array([[float(p) for p in row] for row in rows], dtype=float).reshape(
            len(rows), len(self.classes_)
        )

    def predict(self, x: Any) -> Any:
        """The predicted class of each row: the plurality of the leaves it reaches."""
        examples = self._examples(x)
        index = {str(c): k for k, c in enumerate(self.classes_)}
        labels = predict_many(self.tree_, examples)
        return self.classes_[[index[str(label)] for label in labels]]

    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


class TreeRegressor(RegressorMixin, _Tree):  # type: ignore[misc]
    """A CART regression tree as a scikit-learn regressor (``algorithm="cart"``, squared
    error).

    >>> import numpy as np
    >>> model = TreeRegressor(max_depth=1).fit(np.array([[1.0], [2.0], [3.0]]), [1.0, 1.0, 4.0])
    >>> model.predict(np.array([[0.0], [9.0]])).tolist()
    [1.0, 4.0]
    """

    def __init__(
        self,
        algorithm: Literal["cart"] = "cart",
        *,
        criterion: Criterion | None = None,
        max_depth: int | None = None,
        min_samples_split: float = 0,
        min_samples_leaf: float = 0,
        min_impurity_decrease: float = 0.0,
        max_leaf_nodes: int | None = None,
        max_features: int | float | str | None = None,
        missing: str = "fractional",
        ccp_alpha: float = 0.0,
        random_state: int | None = None,
    ) -> None:
        self.algorithm = algorithm
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.max_leaf_nodes = max_leaf_nodes
        self.max_features = max_features
        self.missing = missing
        self.ccp_alpha = ccp_alpha
        self.random_state = random_state

    def learner(self) -> Learner:
        """The :class:`dtree.learner.Learner` these parameters grow a tree with."""
        if self.algorithm != "cart":
            raise DtreeError(f"a regression tree is grown by 'cart', not {self.algorithm!r}")
        return evolve(super().learner(), impurity=self.criterion or "squared_error")

    def fit(self, x: Any, y: Any, sample_weight: Any = None) -> TreeRegressor:
        """Grow (and prune) the regression tree of ``X`` and ``y``."""
        y = column_or_1d(y, warn=True).astype(float)
        check_consistent_length(x, y)
        assert_all_finite(y, input_name="y")
        weights = (
            None
            if sample_weight is None
            else _check_sample_weight(sample_weight, y, ensure_non_negative=True)
        )
        data = dataset(self, x, [float(v) for v in y], weights)
        self.attribute_names_ = data.schema.names
        self.tree_ = self._grown(data)
        return self

    def predict(self, x: Any) -> Any:
        """The predicted value of each row: the mean of the leaves it reaches."""
        examples = self._examples(x)
        return np.array(predict_many(self.tree_, examples), dtype=float)

    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags
