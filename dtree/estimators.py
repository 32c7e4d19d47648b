"""dtree's learners as scikit-learn estimators: trees, ensembles and exact optimal trees.

=============================  ==============================================================
:class:`TreeClassifier`        ID3, C4.5, J48 or CART, pruned as each prunes, or by ccp_alpha
:class:`TreeRegressor`         a CART regression tree
:class:`OptimalTreeClassifier` the exact optimal tree of a depth (:mod:`dtree.optimal`)
:class:`ForestClassifier`,     random forests of CART trees (:mod:`dtree.ensemble.bagging`)
:class:`ForestRegressor`
:class:`BoostingClassifier`    AdaBoost (SAMME) of stumps or shallow trees
:class:`BoostingRegressor`     gradient boosting of regression trees
                               (:mod:`dtree.ensemble.boosting`)
=============================  ==============================================================

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

The tree estimators' parameters and what they map to
----------------------------------------------------
===========================  ==================================================================
``algorithm``                ``"c45"`` (:data:`dtree.grower.learner.C45`, the default), ``"j48"``,
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
                             none for ID3 and CART), ``"none"``, ``"pessimistic"``
                             (:func:`dtree.prune.pessimistic`; J48's after collapsing),
                             ``"reduced_error"`` (grown on a share of the rows, pruned on the
                             rest: :func:`dtree.prune.reduced_error`) or
                             ``"cost_complexity_cv"`` (the tree of the cost-complexity path
                             that cross-validation chooses: :func:`dtree.prune.select_by_cv`)
``confidence``               the pessimistic pruning's confidence (C4.5's CF, 0.25)
``validation_fraction``      reduced-error pruning's share of rows set aside (stratified), 0.25
``cv_folds``, ``cv_rule``    the folds of ``"cost_complexity_cv"`` (10) and its rule: ``"min"``
                             or ``"1se"`` (the smallest tree within a standard error)
``ccp_alpha``                cost-complexity pruning to T(alpha) after the above, with the
                             criterion's impurity as the risk, as scikit-learn prunes
                             (:func:`dtree.prune.prune_to`, ``risk="impurity"``); 0: none
``random_state``             the seed of ``max_features``' draws, of the validation rows and of
                             the folds (None: 0)
===========================  ==================================================================

Not there: ``splitter`` (dtree always takes the best split), ``class_weight``
(pass ``sample_weight``), ``min_weight_fraction_leaf``, ``monotonic_cst``,
multi-output targets.

The ensembles' parameters are their functions' (``n_estimators`` the number of
trees or rounds, ``random_state`` the seed); the optimal tree's are its
``max_depth``, ``max_leaf_nodes``, ``ccp_alpha`` and the search ``budget``.  An
exact search needs complete data: :class:`OptimalTreeClassifier` refuses NaN.

Contents: the estimators above, :func:`dataset`, :func:`expected_failed_checks`,
:data:`ALGORITHMS`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Literal, Self, get_args

import numpy as np
from attrs import evolve
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

from dtree import optimal
from dtree.arithmetic import is_number
from dtree.conformance.learners import CostComplexity, Pessimistic
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
from dtree.ensemble import Ensemble, Model, bagging, boosting, predict_many, predict_proba_many
from dtree.ensemble.bagging import default_learner
from dtree.errors import DtreeError, DtreeWarning, check_choice, quote, warn
from dtree.evaluate import train_test_split
from dtree.frame import columns, rows
from dtree.grower.learner import C45, CART, ID3, J48, Criterion, Learner, Missing
from dtree.grower.make_subtree import grow
from dtree.importance import impurity_importance
from dtree.impurity import IMPURITIES, gini
from dtree.prune import Risk, pessimistic, reduced_error, select_by_cv
from dtree.selection import SelectionRule
from dtree.tree import Tree, depth, n_leaves

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

Algorithm = Literal["c45", "j48", "id3", "cart"]
ALGORITHMS: tuple[Algorithm, ...] = get_args(Algorithm)
"""The presets an estimator grows."""

_PRESETS = {"c45": C45, "j48": J48, "id3": ID3, "cart": CART}
Pruning = Literal["none", "pessimistic", "reduced_error", "cost_complexity_cv"]
RegressionPruning = Literal["none", "reduced_error", "cost_complexity_cv"]
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
"""The parameters that are the :class:`dtree.grower.learner.Learner`'s fields of the same name."""


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


def _check_alpha(alpha: object) -> float:
    if not is_number(alpha) or not 0 <= alpha < math.inf:
        raise DtreeError(f"ccp_alpha must be a finite number >= 0, got {alpha!r}")
    return float(alpha)


class _OneTree(_Estimator):
    """An estimator of one tree, ``tree_``."""

    def get_depth(self) -> int:
        """The depth of the fitted tree (a leaf alone: 0).

        >>> model = TreeRegressor().fit([[0.0], [1.0], [2.0]], [0.0, 1.0, 4.0])
        >>> model.get_depth(), model.get_n_leaves()
        (2, 3)
        """
        return depth(self._fitted_tree())

    def get_n_leaves(self) -> int:
        """The number of leaves of the fitted tree."""
        return n_leaves(self._fitted_tree())

    def _fitted_tree(self) -> Tree:
        check_is_fitted(self, "tree_")
        tree: Tree = self.tree_
        return tree


class _Tree(_OneTree):
    """What the tree classifier and regressor share: the learner and the pruning."""

    _prunings: tuple[str, ...] = get_args(Pruning)

    def learner(self) -> Learner:
        """The :class:`dtree.grower.learner.Learner` these parameters grow a tree with.

        >>> from dtree.grower.learner import C45
        >>> TreeClassifier("c45", min_objects=5).learner() == evolve(C45, min_objects=5,
        ...                                                         missing="fractional")
        True
        """
        params = self._params()
        check_choice("algorithm", params["algorithm"], ALGORITHMS)
        options = {name: params[name] for name in _GROWING if name in params}
        options["seed"] = params["random_state"] or 0
        for name, field in (("criterion", "impurity"), ("min_objects", "min_objects")):
            if params.get(name) is not None:
                options[field] = params[name]
        return evolve(_PRESETS[params["algorithm"]], **options)

    def _grown(self, data: Dataset, learner: Learner) -> Tree:
        """The tree grown and pruned by the ``pruning`` method (the algorithm's own if None)."""
        params = self._params()
        pruning = params.get("pruning")
        if pruning is None:
            pruning = "pessimistic" if params["algorithm"] in ("c45", "j48") else "none"
        check_choice("pruning", pruning, self._prunings)
        seed = params["random_state"] or 0
        match pruning:
            case "pessimistic" if params["algorithm"] == "j48":
                return Pessimistic(params["confidence"])(grow(learner, data), data)
            case "pessimistic":
                return pessimistic(grow(learner, data), params["confidence"], data=data)
            case "reduced_error":
                share = params["validation_fraction"]
                if not is_number(share) or not 0 < share < 1:
                    raise DtreeError(
                        f"validation_fraction is a share of the rows in (0, 1), got {share!r}"
                    )
                train, validation = train_test_split(
                    data, float(share), seed=seed, stratify=data.schema.is_classification
                )
                return reduced_error(grow(learner, train), validation)
            case "cost_complexity_cv":
                folds = params["cv_folds"]
                if type(folds) is not int or not 2 <= folds <= len(data):
                    raise DtreeError(
                        f"cv_folds is a number of folds in 2..{len(data)} (the rows), got {folds!r}"
                    )
                rule = params["cv_rule"]
                return select_by_cv(learner, data, folds, seed=seed, rule=rule).tree
            case _:
                return grow(learner, data)

    def _impurity(self) -> str:
        return self.learner().impurity

    def _model(self, data: Dataset) -> Tree:
        learner = self.learner()
        alpha = _check_alpha(self._params()["ccp_alpha"])
        tree = self._grown(data, learner)
        if alpha == 0:
            return tree
        impurity = learner.impurity
        risk: Risk = "error" if impurity == "misclassification" else "impurity"
        return CostComplexity(alpha, risk, impurity)(tree, data)


class TreeClassifier(_Classifier, _Tree):
    """A classification tree of ID3, C4.5, J48 or CART as a scikit-learn classifier; the
    fitted tree is ``tree_``.

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
        missing: Missing = "fractional",
        pruning: Pruning | None = None,
        confidence: float = 0.25,
        validation_fraction: float = 0.25,
        cv_folds: int = 10,
        cv_rule: SelectionRule = "min",
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
        self.validation_fraction = validation_fraction
        self.cv_folds = cv_folds
        self.cv_rule = cv_rule
        self.ccp_alpha = ccp_alpha
        self.random_state = random_state


class TreeRegressor(_Regressor, _Tree):
    """A CART regression tree (squared error) as a scikit-learn regressor; the fitted tree
    is ``tree_``.

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
        missing: Missing = "fractional",
        pruning: RegressionPruning | None = None,
        validation_fraction: float = 0.25,
        cv_folds: int = 10,
        cv_rule: SelectionRule = "min",
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
        self.pruning = pruning
        self.validation_fraction = validation_fraction
        self.cv_folds = cv_folds
        self.cv_rule = cv_rule
        self.ccp_alpha = ccp_alpha
        self.random_state = random_state

    _prunings = get_args(RegressionPruning)

    def learner(self) -> Learner:
        """The :class:`dtree.grower.learner.Learner` these parameters grow a tree with: CART's,
        with squared error.

        >>> TreeRegressor(max_depth=2).learner().impurity
        'squared_error'
        """
        if self.algorithm != "cart":
            raise DtreeError(f"a regression tree is grown by 'cart', not {self.algorithm!r}")
        return evolve(super().learner(), impurity=self.criterion or "squared_error")


class OptimalTreeClassifier(_Classifier, _OneTree):
    """The exact optimal classification tree of :mod:`dtree.optimal` as a scikit-learn
    classifier: the least training error at depth at most ``max_depth`` (and at most
    ``max_leaf_nodes`` leaves) with ``ccp_alpha`` 0, else the least R(T) + alpha |T| (R the
    training error rate) at that depth.  Binary tests: a numeric attribute cut between
    every two adjacent values, a nominal one by value.  ``budget`` bounds the search.

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> iris = load("iris").to_frame()
    >>> model = OptimalTreeClassifier(max_depth=2).fit(iris.drop(columns="species"),
    ...                                                iris["species"])
    >>> n_leaves(model.tree_), model.score(iris.drop(columns="species"), iris["species"])
    (3, 0.96)
    """

    def __init__(
        self,
        max_depth: int = 3,
        *,
        max_leaf_nodes: int | None = None,
        ccp_alpha: float = 0.0,
        budget: int = optimal.BUDGET,
    ) -> None:
        self.max_depth = max_depth
        self.max_leaf_nodes = max_leaf_nodes
        self.ccp_alpha = ccp_alpha
        self.budget = budget

    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = False  # an exact search needs complete data
        return tags

    def _model(self, data: Dataset) -> Tree:
        p = self._params()
        alpha = _check_alpha(p["ccp_alpha"])
        if alpha == 0:
            return optimal.least_error(
                data, p["max_depth"], max_leaves=p["max_leaf_nodes"], budget=p["budget"]
            )
        if p["max_leaf_nodes"] is not None:
            raise DtreeError("max_leaf_nodes bounds the least-error tree: give ccp_alpha=0")
        return optimal.penalized(
            data, Fraction(alpha), max_depth=p["max_depth"], budget=p["budget"]
        )


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

    >>> sorted(expected_failed_checks(ForestClassifier())), expected_failed_checks(TreeClassifier())
    (['check_sample_weight_equivalence_on_dense_data'], {})
    """
    return dict(_BOOTSTRAP_FAILS) if isinstance(estimator, _Forest) else {}
