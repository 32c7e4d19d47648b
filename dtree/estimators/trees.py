"""The tree estimators: :class:`TreeClassifier` (ID3, C4.5, J48 or CART, pruned as each
prunes, or by ccp_alpha), :class:`TreeRegressor` (a CART regression tree) and
:class:`OptimalTreeClassifier` (the exact optimal tree of a depth, :mod:`dtree.optimal`).

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
                             that cross-validation chooses: :func:`dtree.selection.select_by_cv`)
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


The optimal tree's parameters are its ``max_depth``, ``max_leaf_nodes``,
``ccp_alpha`` and the search ``budget``.  An exact search needs complete
data: :class:`OptimalTreeClassifier` refuses NaN.

Contents: :class:`TreeClassifier`, :class:`TreeRegressor`,
:class:`OptimalTreeClassifier`, :data:`ALGORITHMS`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal, get_args

from attrs import evolve
from sklearn.utils.validation import (
    check_is_fitted,
)

from dtree import optimal
from dtree.arithmetic import check_at_least_zero, check_count, is_number
from dtree.conformance.learners import CostComplexity, Pessimistic
from dtree.dataset import (
    Dataset,
)
from dtree.errors import DtreeError, check_choice
from dtree.estimators.base import _Classifier, _Estimator, _Regressor
from dtree.grower.learner import C45, CART, ID3, J48, Criterion, Learner, Missing
from dtree.grower.make_subtree import grow
from dtree.prune import Risk, pessimistic, reduced_error
from dtree.resampling import train_test_split
from dtree.selection import SelectionRule, select_by_cv
from dtree.tree import Tree, depth, n_leaves

__all__ = ["ALGORITHMS", "OptimalTreeClassifier", "TreeClassifier", "TreeRegressor"]

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


def _check_alpha(alpha: object) -> float:
    return float(check_at_least_zero("ccp_alpha", alpha))


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
        if alpha != 0 and p["max_leaf_nodes"] is not None:  # said in the estimator's words
            raise DtreeError("max_leaf_nodes bounds the least-error tree: give ccp_alpha=0")
        if alpha == 0:  # the least-error tree's depth, refused in the estimator's words
            check_count("max_depth", p["max_depth"], 0)
        return optimal.optimum(
            data,
            max_depth=p["max_depth"],
            max_leaves=p["max_leaf_nodes"],
            alpha=Fraction(alpha) if alpha != 0 else None,
            budget=p["budget"],
        )
