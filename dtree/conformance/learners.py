"""A peer's settings in dtree's terms: :func:`learner_for` and the :class:`Recipe` it returns.

A peer's fit is a tree grown and then, often, pruned: J48 prunes by
default, scikit-learn when ``ccp_alpha > 0``, rpart always (at its ``cp``).
A :class:`dtree.grower.learner.Learner` says how a tree is grown, not how it is
pruned afterwards, so :func:`learner_for` returns a :class:`Recipe`: the
peer's name, the growing ``learner``, and the ``pruning`` applied to the
grown tree (None, :class:`CostComplexity` or :class:`Pessimistic`).  A
recipe is a frozen value, compared and pickled like a learner (it holds no
function, only names and numbers), and it is callable on a dataset, so it
goes wherever dtree takes a :data:`dtree.evaluate.Learning`
(``cross_validate``, ``learning_curve``, ...); ``recipe.learner`` is what
:func:`dtree.grower.make_subtree.grow` takes.

Every setting is either mapped exactly or refused by name with a
:class:`DtreeError`; none is ignored.  A setting that only changes what the
peer reports, not the tree (scikit-learn's ``random_state``, which only
breaks ties between equal splits; rpart's ``xval`` and ``maxcompete``; J48's
``-L`` and ``-Q`` without ``-R``), is accepted.

scikit-learn (``DecisionTreeClassifier`` / ``DecisionTreeRegressor``)
---------------------------------------------------------------------
``criterion`` gini, entropy or log_loss (entropy: scikit-learn's logarithms
are base 2 too), squared_error, absolute_error or poisson for a regressor
(absolute_error: the weighted mean absolute deviation about scikit-learn's
weighted median, which a leaf predicts, see :mod:`dtree.grower.medians`;
poisson: half the Poisson deviance in natural logarithms; a cut with a side
whose sum of w*y is at most scikit-learn's EPSILON, 10 x 2^-52, is not made;
y < 0 or no positive y is refused at fit, as scikit-learn refuses it),
friedman_mse as squared_error (scikit-learn 1.9 maps it so itself, with a
FutureWarning; releases before 1.9 kept Friedman's improvement W_l W_r
(mean_l - mean_r)^2 / W_t for ``min_impurity_decrease``, which is dtree's
``friedman_mse`` criterion); binary splits (dtree's ``nominal="subsets"``,
moot: scikit-learn's attributes are numeric);
``max_depth`` and ``max_leaf_nodes`` as the Learner's options of those
names; ``min_samples_split`` and ``min_samples_leaf`` count rows of positive
weight, whatever their weights: the Learner's ``min_rows_split`` (at least
twice ``min_rows_leaf``, as scikit-learn's builder takes it) and
``min_rows_leaf``; as floats they are shares of all the dataset's rows, those
of weight 0 too (ceil(f x n), a split at least 2; a split's share in (0, 1],
a leaf's in (0, 1)), resolved when the recipe is called
(:meth:`Recipe.learner_on`); ``min_weight_fraction_leaf`` f (in [0, 0.5]) is
the weight minimum f x W of each branch (the Learner's ``min_samples_leaf``,
and twice it ``min_samples_split``), W the total weight in floats (exact
where the weights' sums are; scikit-learn adds in floats);
``min_impurity_decrease`` as the Learner's option, compared as scikit-learn
compares it (the release's ``decrease_tolerance`` below); ``class_weight``, a
dict or ``"balanced"``, multiplies each row's weight by its class's before
growing, as ``compute_sample_weight`` does (:func:`class_weighted`), and the
reader reads a class-weighted estimator on the data so weighted;
``monotonic_cst`` as the Learner's option of that name (with two classes declared
in sorted order, scikit-learn's, whose second is its positive class; the
splits and the predicted classes are scikit-learn's, but not ``predict_proba``
of a leaf whose share is clipped: dtree's probabilities are its counts';
see :mod:`dtree.grower.monotonic`); ``ccp_alpha`` as :class:`CostComplexity` with
``risk="impurity"`` (scikit-learn prunes the weakest link while its alpha is
at most ``ccp_alpha``, which is :func:`dtree.prune.prune_to`'s T(alpha)), on
the class-weighted data.
The release (``version="1.3.2"``; by default the installed scikit-learn's, else 1.9;
outside 1.0 to 1.9 refused) decides which criterion names are accepted
(``mse`` and ``mae`` in 1.0 and 1.1, ``log_loss`` from 1.1, ``friedman_mse`` is
``squared_error`` in 1.9), whether ``monotonic_cst`` exists (1.4) and whether missing
values are refused (before 1.3); ``recipe.conventions`` are the release's
conventions, the same in all of them (the table, with the source lines, is
:mod:`dtree.conformance.sklearn_versions`'s): X cast to float32, no cut between
values within ``FEATURE_THRESHOLD`` (1e-7, summed in float32), thresholds
midway between float32 values, a leaf where i(t) <= EPSILON (2^-52), a split
kept unless its weighted decrease + EPSILON is below ``min_impurity_decrease``;
the recipe's learner follows each (``float32``, ``resolution``,
``purity_tolerance``, ``decrease_tolerance``).  scikit-learn visits the features
in an order drawn from ``random_state``; dtree in schema order.
``splitter="random"`` and ``max_features`` other than None and 1.0 draw at
random, which dtree cannot replay: the recipe names them (``drawn``), grows
nothing, and the peer's trees are checked for admissibility only
(:mod:`dtree.conformance.admissible`).  Refused: ``class_weight`` as a list
(several outputs), criteria other than those above, ``ccp_alpha`` > 0 with
poisson or absolute_error (scikit-learn prunes by their impurity, dtree by
squared error).  Weights of 0 act as
absent rows in both (scikit-learn's splitter keeps the rows of positive
weight), except in the shares of the rows and in ``"balanced"``, which count
them.  With ``max_leaf_nodes`` scikit-learn's frontier is a binary heap
ordered by improvement alone: which of two leaves of equal improvement it
splits first is the heap's layout, where dtree splits the leaf made first.
Missing values (NaN) go down the
branch each split learns for them, ``missing="learned"`` (scikit-learn 1.3
on; :mod:`dtree.grower.learned`): scikit-learn's order of trying the sides,
its first best among ties, and its side of more rows where a split met no
missing value; the split of every known value from the missing ones has
scikit-learn's threshold +inf.  A release before 1.3 refuses them, and so does
its recipe.

rpart
-----
``method`` class (Gini, or entropy with ``split="information"``) or anova
(squared error); binary splits, categorical ones by subsets, with two
classes or a numeric target only the m - 1 of the levels ordered by class
share or mean, whatever ``minbucket`` (``ordered_subsets=True``);
a split only where it decreases the impurity (``positive_decrease``:
rpart's improvement must exceed 1e-10 of the largest it has met, which
dtree takes as above zero); ``minsplit`` as ``min_rows_split`` and ``minbucket`` as
``min_rows_leaf``, rows whatever their weights, as rpart counts them (defaults 20 and
round(20 / 3) = 7; given one, the other follows as ``rpart.control`` derives it);
``maxdepth`` (1 to 30) as ``max_depth``; ``cp`` as :class:`RpartComplexity`, alpha = cp x
R(root) and rpart's own complexity of a node as it grows
(:mod:`dtree.conformance.rpart_cp`), which can prune more than T(alpha).  ``xval`` and
``maxcompete`` only change rpart's printed tables and are accepted.
Missing values go down surrogate splits (``missing="surrogate"``,
:mod:`dtree.grower.surrogate_splits`): ``maxsurrogate`` (default 5) as
``max_surrogates``, ``surrogatestyle`` 0 and 1 as ``surrogate_agreement``
``"all"`` and ``"known"``, ``usesurrogate`` 0, 1, 2 (default) as
``surrogate_rule`` ``"stay"``, ``"surrogates"``, ``"majority"``
(:data:`~dtree.conformance.rpart_surrogates.RPART_SURROGATE_RULES`).  Other settings
(``parms``, ``cost``, priors, losses) are refused.

Weka J48
--------
Options by their letters, as keywords: ``C`` (confidence, default 0.25),
``M`` (min_objects, default 2), ``U`` (unpruned), ``S`` (no subtree
raising), ``O`` (no collapsing, Weka 3.7 and later), ``J`` (no MDL
correction of a numeric split's gain, Weka 3.7 and later), ``L`` and ``Q``
(accepted: neither changes the tree).  The grown tree is
:data:`dtree.grower.learner.J48`'s (C4.5 with J48's threshold rule) with
``min_objects=M`` (and ``mdl=False`` with ``J``); J48's default pruning
is :class:`Pessimistic`, ``pessimistic(collapse(tree), data=data,
confidence=C, z="normal")``, and ``U`` keeps the collapsing (Weka 3.6
collapses an unpruned tree too; ``O`` turns it off).
``B`` (binary nominal splits, one value against the rest) grows with
``nominal="one_vs_rest"`` (:func:`dtree.grower.subsets.one_vs_rest`); ``A``
(Laplace smoothing of the class probabilities J48 predicts, not of the counts
it grows and prunes by) is accepted.  Refused: ``R`` and ``N`` (reduced-error
pruning on a fold J48 draws itself; prune with
:func:`dtree.prune.reduced_error` on a validation set of your own).

C4.5's own program
------------------
:func:`c45_program` is C4.5 as its program runs it: the tree :func:`dtree.grower.presets.c45` grows,
pruned by C4.5's pessimistic pruning at :data:`CONFIDENCE` with subtree raising (what ``dtree
fit --algorithm c45`` and ``TreeClassifier("c45")`` give).

Contents: :func:`learner_for`, :class:`Recipe`, :func:`class_weighted`, :data:`ClassWeight`,
:class:`CostComplexity`, :class:`Pessimistic`,
:data:`SYSTEMS`, :func:`c45_program`, :data:`CONFIDENCE`.
"""

from __future__ import annotations

import math
import numbers
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Literal, cast, get_args

from attrs import evolve, frozen

from dtree.arithmetic import is_number
from dtree.conformance.rpart_cp import RpartComplexity
from dtree.conformance.rpart_surrogates import RPART_SURROGATE_RULES
from dtree.conformance.sklearn_versions import Conventions, release_of
from dtree.counts import total
from dtree.dataset import Dataset
from dtree.errors import DtreeError, check_choice, quote
from dtree.grower.learner import (
    CART,
    J48,
    REGRESSION_CRITERIA,
    Criterion,
    Learner,
)
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45
from dtree.impurity import IMPURITIES, gini
from dtree.progress import Report
from dtree.prune import Risk, as_leaf, collapse, pessimistic, prune_to, tree_risk
from dtree.tree import Tree

__all__ = [
    "CONFIDENCE",
    "SYSTEMS",
    "ClassWeight",
    "CostComplexity",
    "Pessimistic",
    "Recipe",
    "c45_program",
    "class_weighted",
    "learner_for",
]

System = Literal["sklearn", "rpart", "j48"]
SYSTEMS: tuple[System, ...] = get_args(System)
"""The peers :func:`learner_for` knows."""


@frozen
class CostComplexity:
    """Post-pruning to T(alpha), the smallest subtree minimising R(T) + alpha |T|.

    ``risk`` and ``impurity`` are :func:`dtree.prune.prune_to`'s (the
    impurity by name: ``gini`` or ``entropy``); with ``relative``, ``alpha``
    is rpart's cp, a share of the root's risk R(root).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> from dtree.tree import n_leaves
    >>> data = load("play-tennis")
    >>> n_leaves(CostComplexity(0.04, "error")(cart(data), data))
    3
    """

    alpha: float
    risk: Risk
    impurity: str = "gini"
    relative: bool = False

    def __call__(self, tree: Tree, data: Dataset) -> Tree:
        alpha: Fraction | float = Fraction(self.alpha)
        if self.relative:
            alpha = alpha * tree_risk(as_leaf(tree), risk=self.risk)
        return prune_to(tree, alpha, risk=self.risk, impurity=IMPURITIES.get(self.impurity, gini))


@frozen
class Pessimistic:
    """J48's pruning: :func:`dtree.prune.collapse` (unless ``collapse`` is False), then
    :func:`dtree.prune.pessimistic` with J48's exact normal quantile, or neither
    (``prune=False``, J48's ``-U``, which still collapses).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> from dtree.tree import n_leaves
    >>> data = load("iris")
    >>> n_leaves(Pessimistic()(c45(data), data))
    5
    """

    confidence: float = 0.25
    subtree_raising: bool = True
    collapse: bool = True
    prune: bool = True

    def __call__(self, tree: Tree, data: Dataset) -> Tree:
        collapsed = collapse(tree) if self.collapse else tree
        if not self.prune:
            return collapsed
        return pessimistic(
            collapsed,
            self.confidence,
            z="normal",
            subtree_raising=self.subtree_raising,
            data=data,
            largest="last",
        )


Pruning = CostComplexity | RpartComplexity | Pessimistic


ClassWeight = tuple[tuple[str, float], ...] | Literal["balanced"]
"""scikit-learn's ``class_weight`` as a recipe keeps it: (class label, weight) pairs sorted by
label, or ``"balanced"``."""


@frozen
class Recipe:
    """How a peer fits a tree, in dtree's terms: grow with ``learner``, then apply ``pruning``.

    ``settings`` are the peer's settings as given, sorted by name.
    ``counted`` names the settings that count rows where dtree weighs them:
    when there are any, a dataset with a weight other than 1 is refused.
    ``missing`` names the peer's own handling of missing values, when dtree
    has no counterpart: a dataset with a missing value is then refused.
    ``conventions`` (scikit-learn's recipes) are the release's
    :class:`dtree.conformance.sklearn_versions.Conventions` the learner follows.
    ``shares`` are the peer's minima given as shares of the dataset (scikit-learn's
    fractional ``min_samples_split`` and ``min_samples_leaf``, its
    ``min_weight_fraction_leaf``), resolved on the dataset the recipe is called on
    (:meth:`learner_on`); ``class_weight`` reweights the dataset's rows by class before
    growing (:meth:`weighted`, :func:`class_weighted`).
    ``drawn`` names the settings with which the peer draws at random (a
    random splitter, a draw of the features), which dtree cannot replay:
    such a recipe grows nothing, and the peer's trees can only be checked for
    admissibility (:mod:`dtree.conformance.admissible`).

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> recipe = learner_for("sklearn", max_depth=2)
    >>> recipe.learner.max_depth, n_leaves(recipe(load("iris")))
    (2, 3)
    >>> learner_for("sklearn", min_samples_leaf=0.1).learner_on(load("iris")).min_rows_leaf
    15
    """

    system: System
    learner: Learner
    pruning: Pruning | None = None
    settings: tuple[tuple[str, object], ...] = ()
    counted: tuple[str, ...] = ()
    missing: str = ""
    conventions: Conventions | None = None
    shares: tuple[tuple[str, float], ...] = ()
    class_weight: ClassWeight | None = None
    drawn: tuple[str, ...] = ()

    def __call__(self, data: Dataset, *, progress: Report | None = None) -> Tree:
        """The peer's tree of ``data``: grown (its growth reported to ``progress``) by
        :meth:`learner_on` the data on the data :meth:`weighted`, then pruned."""
        self._check(data)
        weighted = self.weighted(data)
        tree = grow(self.learner_on(data), weighted, progress=progress)
        return tree if self.pruning is None else self.pruning(tree, weighted)

    def weighted(self, data: Dataset) -> Dataset:
        """``data`` with the weights the peer grows on: times the class weights, if any
        (:func:`class_weighted`)."""
        return data if self.class_weight is None else class_weighted(data, self.class_weight)

    def learner_on(self, data: Dataset) -> Learner:
        """The learner that grows the peer's tree of ``data``: ``learner`` with the
        ``shares`` resolved on ``data`` as scikit-learn resolves them, n being all of its rows
        (those of weight 0 too), W the total of its :meth:`weighted` weights in floats:
        ``min_rows_leaf`` = ceil(f x n) for ``min_samples_leaf=f``; ``min_rows_split`` =
        max(2, ceil(f x n)) for ``min_samples_split=f``, and at least twice
        ``min_rows_leaf``; ``min_samples_leaf`` = m = f x W (a weight) and
        ``min_samples_split`` = 2m for ``min_weight_fraction_leaf=f``.

        >>> from dtree.datasets import load
        >>> recipe = learner_for("sklearn", min_samples_split=0.1, min_weight_fraction_leaf=0.25)
        >>> learner = recipe.learner_on(load("iris"))  # 150 rows
        >>> learner.min_rows_split, learner.min_samples_leaf, learner.min_samples_split
        (15, 37.5, 75.0)
        """
        if not self.shares:
            return self.learner
        shares = dict(self.shares)
        n = len(data.rows)
        leaf = self.learner.min_rows_leaf
        split = self.learner.min_rows_split
        if "min_samples_leaf" in shares:
            leaf = max(leaf, math.ceil(shares["min_samples_leaf"] * n))
        if "min_samples_split" in shares:
            split = max(split, 2, math.ceil(shares["min_samples_split"] * n))
        options: dict[str, Any] = {"min_rows_leaf": leaf, "min_rows_split": max(split, 2 * leaf)}
        fraction = shares.get("min_weight_fraction_leaf", 0.0)
        if fraction > 0:
            weighted = self.weighted(data)
            least = fraction * float(total(map(weighted.weights.__getitem__, weighted.rows)))
            options["min_samples_leaf"] = max(self.learner.min_samples_leaf, least)
            options["min_samples_split"] = max(self.learner.min_samples_split, 2 * least)
        return evolve(self.learner, **options)

    def _check(self, data: Dataset) -> None:
        if self.drawn:
            raise DtreeError(
                f"{self.system}'s {' and '.join(self.drawn)}"
                f" {'draws' if len(self.drawn) == 1 else 'draw'} at random, which dtree cannot"
                " replay: its trees can only be checked for admissibility"
                " (dtree.conformance.admissible; dtree check does that)"
            )
        regression = self.learner.impurity in REGRESSION_CRITERIA
        if regression == data.schema.is_classification:
            kind = "classification" if data.schema.is_classification else "regression"
            raise DtreeError(
                f"the {self.system} settings {quote(dict(self.settings))} grow a"
                f" {'regression' if regression else 'classification'} tree;"
                f" the dataset is a {kind} one"
            )
        if self.counted and any(data.weights[r] != 1 for r in data.rows):
            raise DtreeError(
                f"{self.system}'s {' and '.join(self.counted)}"
                f" {'counts' if len(self.counted) == 1 else 'count'} rows where dtree weighs them:"
                " the dataset's weights are not all 1"
            )
        classes = tuple(map(str, data.schema.classes)) if data.schema.is_classification else ()
        if self.learner.monotonic_cst and classes != tuple(sorted(classes)):
            raise DtreeError(
                f"{self.system}'s monotonic_cst constrains the share of the second class in"
                f" sorted order; the dataset declares the classes {quote(data.schema.classes)}:"
                " declare them sorted"
            )
        if self.missing and any(column[r] is None for column in data.columns for r in data.rows):
            raise DtreeError(
                f"the dataset has missing values, which {self.system} handles by"
                f" {self.missing}, with no counterpart in dtree"
            )


def class_weighted(data: Dataset, class_weight: Mapping[Any, object] | ClassWeight) -> Dataset:
    """``data`` weighted as scikit-learn weighs it under ``class_weight``: each row's weight w
    times its class's weight c, the float w x c (``compute_sample_weight`` times
    ``sample_weight``).  The classes are the labels of the dataset's rows, those of weight 0
    too.  ``"balanced"``: c = n / (k x n_c), n the rows, k the classes, n_c the rows of the
    class, counted whatever their weights (scikit-learn computes it before it looks at them).
    A mapping (or pairs) from labels, matched as text, to weights: a class it does not name
    weighs 1, and then every key must be a class (scikit-learn's rule).

    >>> data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": list("aaab")}, target="y",
    ...                             weights=[1, 2, 0, 1])
    >>> class_weighted(data, "balanced").weights  # 4 / (2 x 3) and 4 / (2 x 1)
    (0.6666666666666666, 1.3333333333333333, 0.0, 2.0)
    >>> class_weighted(data, {"b": 3}).weights
    (1.0, 2.0, 0.0, 3.0)
    >>> class_weighted(data, {"c": 3})
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: sklearn setting class_weight={'c': 3} is refused: it names 'c', ...
    """
    labels = [str(data.target[r]) for r in data.rows]
    classes = sorted(set(labels))
    if class_weight == "balanced":
        n_c = Counter(labels)
        weight = {c: len(labels) / (len(classes) * n_c[c]) for c in classes}
    else:
        given = dict(class_weight) if not isinstance(class_weight, Mapping) else class_weight
        named = {str(key): value for key, value in given.items()}
        for key, value in named.items():
            _number("sklearn", f"class_weight[{key!r}]", value)
        strays = [key for key in named if key not in classes]
        if strays and any(c not in named for c in classes):
            why = (
                f"it names {quote(strays[0])}, not a class of the data, and leaves out a class"
                f" {quote(tuple(classes))}"
            )
            raise _refuse("sklearn", "class_weight", class_weight, why)
        weight = {c: float(cast(float, named.get(c, 1.0))) for c in classes}
    new = list(data.weights)
    for r, label in zip(data.rows, labels, strict=True):
        new[r] = float(data.weights[r]) * weight[label]
    return data.with_weights(new)


def _refuse(system: str, name: str, value: object, why: str) -> DtreeError:
    return DtreeError(f"{system} setting {name}={quote(value)} is refused: {why}")


def _whole(system: str, name: str, value: object, floor: int) -> int:
    """``value``, an integer >= ``floor``."""
    if type(value) is not int or value < floor:
        raise _refuse(system, name, value, f"it must be an integer >= {floor}")
    return value


def _number(system: str, name: str, value: object) -> float:
    if not is_number(value) or not math.isfinite(value) or value < 0:
        raise _refuse(system, name, value, "it must be a finite number >= 0")
    return float(value)


def _directions(system: str, name: str, value: object) -> tuple[int, ...]:
    """scikit-learn's ``monotonic_cst``: None, or -1, 0 or 1 for each column."""
    if value is None:
        return ()
    if isinstance(value, str | Mapping) or not hasattr(value, "__iter__"):
        raise _refuse(system, name, value, "it must be None or a -1, 0 or 1 for each column")
    found = tuple(value)
    if not all(isinstance(d, numbers.Real) and d in (-1, 0, 1) for d in found):
        raise _refuse(system, name, value, "it must be None or a -1, 0 or 1 for each column")
    return tuple(int(d) for d in found)


SKLEARN_IMPURITIES: Mapping[str, Criterion] = {
    "gini": "gini",
    "entropy": "entropy",
    "log_loss": "entropy",
    "squared_error": "squared_error",
    "friedman_mse": "friedman_mse",  # before 1.9; 1.9 renames it squared_error (the release)
    "poisson": "poisson",
    "absolute_error": "absolute_error",
}


def _sklearn_drawn(params: Mapping[str, object]) -> tuple[str, ...]:
    """The settings with which scikit-learn draws at random, as ``name=value``: a random
    splitter, or ``max_features`` other than None and the share 1.0 (every attribute); a
    count is drawn, even one that names every attribute, whose order is drawn too."""
    system = "sklearn"
    drawn: list[str] = []
    splitter = params.get("splitter", "best")
    if splitter not in ("best", "random"):
        raise _refuse(system, "splitter", splitter, "scikit-learn's are best and random")
    if splitter == "random":
        drawn.append("splitter='random'")
    features = params.get("max_features")
    share = is_number(features) and not isinstance(features, int) and 0 < features <= 1
    count = type(features) is int and features >= 1
    if features is not None and not (share or count or features in ("sqrt", "log2")):
        raise _refuse(
            system, "max_features", features, "it is sqrt, log2, a count >= 1 or a share in (0, 1]"
        )
    if features is not None and not (type(features) is float and features == 1.0):
        drawn.append(f"max_features={quote(features)}")
    return tuple(drawn)


def _sklearn(params: Mapping[str, object]) -> Recipe:
    system = "sklearn"
    version = params.get("version")
    if version is not None and not isinstance(version, str):
        raise _refuse(system, "version", version, "give the release as text, such as '1.3.2'")
    release = release_of(version)
    named = params.get("criterion", "gini")
    criterion = release.criterion(named) if isinstance(named, str) else named
    if criterion not in SKLEARN_IMPURITIES:
        raise _refuse(system, "criterion", named, f"dtree has {sorted(SKLEARN_IMPURITIES)}")
    options, shares = _sklearn_minima(params)
    options.update(_following(release.conventions))
    options["impurity"] = SKLEARN_IMPURITIES[str(criterion)]
    options["missing"] = "learned" if release.missing_branch else "refuse"
    class_weight: ClassWeight | None = None
    pruning: Pruning | None = None
    drawn = _sklearn_drawn(params)
    for name, value in sorted(params.items()):
        if name == "monotonic_cst" and not release.monotonic_cst:
            raise _refuse(system, name, value, f"scikit-learn {release.name} has no such setting")
        if name in ("splitter", "max_features"):
            pass  # drawn, checked for admissibility only
        elif name in ("max_depth", "max_leaf_nodes"):  # scikit-learn: a depth >= 1, leaves >= 2
            floor = 1 if name == "max_depth" else 2
            options[name] = None if value is None else _whole(system, name, value, floor)
        elif name == "class_weight":
            class_weight = _class_weight(value, options["impurity"])
        elif name == "min_impurity_decrease":
            options[name] = _number(system, name, value)
        elif name == "monotonic_cst":
            options[name] = _directions(system, name, value)
        elif name == "ccp_alpha":
            alpha = _number(system, name, value)
            impurity = options["impurity"]
            if alpha > 0 and impurity in ("poisson", "absolute_error"):
                why = f"dtree prunes a regression tree by squared error, not by {impurity}"
                raise _refuse(system, name, value, why)
            pruning = CostComplexity(alpha, "impurity", impurity) if alpha > 0 else None
        elif name not in ("criterion", "random_state", "version", *SKLEARN_MINIMA):
            raise _refuse(system, name, value, "no such scikit-learn setting is mapped")
    return Recipe(
        "sklearn",
        evolve(CART, **options),
        pruning,
        _settings({name: value for name, value in params.items() if name != "version"}),
        (),
        "" if release.missing_branch else f"refusing them (scikit-learn {release.name} does)",
        release.conventions,
        shares,
        class_weight,
        drawn,
    )


def _following(conventions: Conventions) -> dict[str, Any]:
    """The :class:`Learner` options that grow by scikit-learn's ``conventions``."""
    return {
        "resolution": conventions.feature_tolerance,
        "float32": conventions.float32,
        "threshold": conventions.threshold_rule,
        "purity_tolerance": conventions.purity_epsilon,
        "decrease_tolerance": conventions.improvement_epsilon,
    }


SKLEARN_MINIMA = ("min_samples_split", "min_samples_leaf", "min_weight_fraction_leaf")
"""scikit-learn's minima of rows and weight (see :func:`_sklearn_minima`)."""


def _sklearn_minima(
    params: Mapping[str, object],
) -> tuple[dict[str, Any], tuple[tuple[str, float], ...]]:
    """scikit-learn's minima: the integer ones as Learner options, and the shares of the
    dataset, resolved when the recipe is called (:meth:`Recipe.learner_on`)."""
    rows = {"min_samples_split": 2, "min_samples_leaf": 1}  # scikit-learn's defaults, floors
    shares: list[tuple[str, float]] = []
    for name in ("min_samples_leaf", "min_samples_split"):
        value = params.get(name, rows[name])
        if isinstance(value, float):
            shares.append((name, _share(name, value)))
        else:
            rows[name] = _whole("sklearn", name, value, rows[name])
    fraction = params.get("min_weight_fraction_leaf", 0)
    if not is_number(fraction) or not 0 <= fraction <= 0.5:
        why = "scikit-learn takes a share in [0, 0.5]"
        raise _refuse("sklearn", "min_weight_fraction_leaf", fraction, why)
    if fraction > 0:
        shares.append(("min_weight_fraction_leaf", float(fraction)))
    # scikit-learn splits a node of at least max(min_samples_split, 2 x min_samples_leaf) rows;
    # its defaults 2 and 1 are dtree's 0: a node of one row is pure, each branch of a cut has one
    leaf = rows["min_samples_leaf"]
    split = max(rows["min_samples_split"], 2 * leaf)
    options: dict[str, Any] = {}
    if leaf > 1:
        options["min_rows_leaf"] = leaf
    if split > 2:
        options["min_rows_split"] = split
    return options, tuple(sorted(shares))


def _share(name: str, value: float) -> float:
    """scikit-learn's ``min_samples_split`` as a share in (0, 1], ``min_samples_leaf`` in
    (0, 1)."""
    top = 1.0 if name == "min_samples_split" else math.nextafter(1.0, 0.0)
    if not 0 < value <= top:
        interval = "(0, 1]" if name == "min_samples_split" else "(0, 1)"
        why = f"as a share of the rows scikit-learn takes a float in {interval}"
        raise _refuse("sklearn", name, value, why)
    return value


def _class_weight(value: object, impurity: str) -> ClassWeight | None:
    """scikit-learn's ``class_weight`` as a recipe keeps it (see :func:`class_weighted`)."""
    if value is None:
        return None
    if impurity in REGRESSION_CRITERIA:
        raise _refuse("sklearn", "class_weight", value, "it weighs classes; a regressor has none")
    if value == "balanced":
        return "balanced"
    if not isinstance(value, Mapping):
        why = "give a dict of class weights or 'balanced' (a list is for several outputs)"
        raise _refuse("sklearn", "class_weight", value, why)
    for key, weight in value.items():
        _number("sklearn", f"class_weight[{str(key)!r}]", weight)
    return tuple(sorted((str(key), float(weight)) for key, weight in value.items()))


def _rpart(params: Mapping[str, object]) -> Recipe:
    system = "rpart"
    p = dict(params)
    method = p.pop("method", "class")
    split = p.pop("split", "gini")
    if method not in ("class", "anova"):
        raise _refuse(system, "method", method, "dtree has class and anova")
    if split not in ("gini", "information"):
        raise _refuse(system, "split", split, "dtree has gini and information")
    if method == "anova" and "split" in params:
        raise _refuse(system, "split", split, "it is for method='class'")
    impurity: Criterion = "squared_error"
    if method == "class":
        impurity = "gini" if split == "gini" else "entropy"
    minsplit = _whole(system, "minsplit", p.pop("minsplit", 20), 1)
    minbucket = _whole(system, "minbucket", p.pop("minbucket", round(minsplit / 3)), 1)
    if "minsplit" not in params and "minbucket" in params:
        minsplit = 3 * minbucket
    maxdepth = p.pop("maxdepth", 30)
    if type(maxdepth) is not int or not 1 <= maxdepth <= 30:
        raise _refuse(system, "maxdepth", maxdepth, "rpart takes a depth from 1 to 30")
    cp = _number(system, "cp", p.pop("cp", 0.01))
    maxsurrogate = _whole(system, "maxsurrogate", p.pop("maxsurrogate", 5), 0)
    usesurrogate = _whole(system, "usesurrogate", p.pop("usesurrogate", 2), 0)
    style = _whole(system, "surrogatestyle", p.pop("surrogatestyle", 0), 0)
    if usesurrogate > 2:
        raise _refuse(system, "usesurrogate", usesurrogate, "rpart's levels are 0, 1 and 2")
    if style > 1:
        raise _refuse(system, "surrogatestyle", style, "rpart's styles are 0 and 1")
    for name, value in sorted(p.items()):
        if name in ("xval", "maxcompete"):
            _whole(system, name, value, 0)
        else:
            raise _refuse(system, name, value, "no such rpart setting is mapped")
    learner = evolve(
        CART,
        impurity=impurity,
        min_rows_split=minsplit,
        min_rows_leaf=minbucket,
        max_depth=maxdepth,
        ordered_subsets=True,
        threshold="rpart",
        positive_decrease=True,
        missing="surrogate",
        max_surrogates=maxsurrogate,
        surrogate_agreement=("all", "known")[style],
        surrogate_rule=RPART_SURROGATE_RULES[usesurrogate],
    )
    return Recipe(
        "rpart",
        learner,
        RpartComplexity(cp),
        _settings(params),
    )


J48_REFUSED = {
    "R": "J48 draws its own pruning fold: use dtree.prune.reduced_error with a validation set",
    "N": "it is the number of folds of reduced-error pruning (-R), which J48 refuses without -R",
}
"""J48's options that change its tree in a way dtree does not reproduce, and why.  ``-R``
is named before ``-N``, its number of folds, when both are given."""

J48_GROWING: Mapping[str, tuple[str, tuple[object, object]]] = {
    "J": ("mdl", (True, False)),
    "B": ("nominal", ("multiway", "one_vs_rest")),
}
"""J48's flags that change how it grows: the Learner option each sets, without the flag
and with it (``-J``: no MDL correction; ``-B``: one nominal value against the rest)."""

J48_SAME_TREE = ("A", "L", "Q")
"""J48's options that leave its tree as it is: ``-A`` (Laplace smoothing of the class
probabilities it predicts, not of the counts it grows and prunes by), ``-L`` (the clean-up
of the data it keeps) and ``-Q`` (the seed of ``-R``'s folds)."""


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise _refuse("j48", name, value, "a flag is True or False")
    return value


def _j48(params: Mapping[str, object]) -> Recipe:
    system = "j48"
    options: dict[str, Any] = {}
    pruning = Pessimistic()
    flags = {"U": "prune", "S": "subtree_raising", "O": "collapse"}
    for name, value in sorted(params.items(), key=lambda item: (item[0] != "R", item[0])):
        if name == "C":
            if not is_number(value) or not 0 < value <= 0.5:
                raise _refuse(system, name, value, "J48's confidence is in (0, 0.5]")
            pruning = evolve(pruning, confidence=float(value))
        elif name == "M":
            options["min_objects"] = _whole(system, name, value, 1)
        elif name in flags:
            pruning = evolve(pruning, **{flags[name]: not _flag(name, value)})
        elif name in J48_GROWING:
            option, (off, on) = J48_GROWING[name]
            options[option] = on if _flag(name, value) else off
        elif name in J48_REFUSED and (name, value) != ("R", False):  # R=False: J48's default
            raise _refuse(system, name, value, J48_REFUSED[name])
        elif name in J48_SAME_TREE or name == "R":
            if name != "Q":  # a flag; -Q is a seed
                _flag(name, value)
        else:
            raise _refuse(system, name, value, "no such J48 option is mapped")
    for name in ("C", "S"):
        if name in params and not pruning.prune:
            raise _refuse(system, name, params[name], "it sets pruning, and U asks for none")
    return Recipe("j48", evolve(J48, **options), pruning, _settings(params))


def _settings(params: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
    return tuple(sorted(params.items()))


_MAPPINGS: Mapping[str, Callable[[Mapping[str, object]], Recipe]] = {
    "sklearn": _sklearn,
    "rpart": _rpart,
    "j48": _j48,
}


def learner_for(system: str, **params: object) -> Recipe:
    """How ``system`` (``"sklearn"``, ``"rpart"`` or ``"j48"``) fits a tree with
    ``params``, as a :class:`Recipe`: its ``learner`` grows, its ``pruning`` prunes.

    Each setting is mapped exactly or refused by name (see the module's notes).

    >>> learner_for("sklearn", criterion="entropy", max_depth=3).learner.impurity
    'entropy'
    >>> learner_for("rpart", cp=0.05).pruning
    RpartComplexity(cp=0.05)
    >>> learner_for("j48", U=True).pruning
    Pessimistic(confidence=0.25, subtree_raising=True, collapse=True, prune=False)
    >>> learner_for("sklearn", splitter="random").drawn
    ("splitter='random'",)
    """
    check_choice("system", system, SYSTEMS)
    return _MAPPINGS[system](params)


CONFIDENCE = 0.25
"""C4.5's and J48's confidence level CF for pessimistic pruning, by default."""


def c45_program(
    data: Dataset,
    *,
    unpruned: bool = False,
    confidence: float = CONFIDENCE,
    progress: Report | None = None,
    **options: Any,
) -> Tree:
    """C4.5 as its program runs it (and ``TreeClassifier("c45")``): the tree
    :func:`dtree.grower.presets.c45` grows with ``options``, then, unless ``unpruned``, C4.5's
    pessimistic pruning at ``confidence`` with subtree raising (:func:`dtree.prune.pessimistic`).

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> n_leaves(c45_program(load("iris"))), n_leaves(c45_program(load("iris"), unpruned=True))
    (5, 7)
    """
    tree = c45(data, progress=progress, **options)
    return tree if unpruned else pessimistic(tree, confidence, data=data)
