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
are base 2 too), squared_error for a regressor; binary splits (dtree's
``nominal="subsets"``, moot: scikit-learn's attributes are numeric);
``max_depth``, ``min_samples_split``, ``min_samples_leaf`` (integers; a
fraction of the rows is refused: give ``ceil(fraction * n)``),
``min_impurity_decrease`` and ``max_leaf_nodes`` as the Learner's options of
those names; ``ccp_alpha`` as :class:`CostComplexity` with
``risk="impurity"`` (scikit-learn prunes the weakest link while its alpha is
at most ``ccp_alpha``, which is :func:`dtree.prune.prune_to`'s T(alpha)).
Refused: ``splitter="random"``, ``max_features`` other than None (both
draw at random), ``class_weight`` (give the weights in the dataset),
``min_weight_fraction_leaf`` > 0, ``monotonic_cst``, criteria other than
those above.  scikit-learn counts rows for its minima where dtree weighs
them, so with ``min_samples_split`` or ``min_samples_leaf`` given, a dataset
with weights other than 1 is refused.  Missing values (NaN) go down the
branch each split learns for them, ``missing="learned"`` (scikit-learn 1.3
on; :mod:`dtree.grower.learned`): scikit-learn's order of trying the sides,
its first best among ties, and its side of more rows where a split met no
missing value; the split of every known value from the missing ones has
scikit-learn's threshold +inf.

rpart
-----
``method`` class (Gini, or entropy with ``split="information"``) or anova
(squared error); binary splits, categorical ones by subsets, with two
classes or a numeric target only the m - 1 of the levels ordered by class
share or mean, whatever ``minbucket`` (``ordered_subsets=True``);
``minsplit`` as ``min_samples_split``, ``minbucket`` as
``min_samples_leaf`` (defaults 20 and round(20 / 3) = 7; given one, the
other follows as ``rpart.control`` derives it); ``maxdepth`` (1 to 30) as
``max_depth``; ``cp`` as :class:`CostComplexity` with ``risk="error"`` and
alpha = cp x R(root): rpart keeps a split only if its complexity exceeds
that alpha, which is T(alpha) of the grown tree.  ``xval`` and
``maxcompete`` only change rpart's printed tables and are accepted.
Surrogate splits (``maxsurrogate``, ``usesurrogate``, ``surrogatestyle``)
are rpart's way with missing values, which dtree has no counterpart for:
the settings are accepted and a dataset with a missing value is refused,
naming them.  rpart's minima count rows: a dataset with weights other than
1 is refused.  Other settings (``parms``, ``cost``, priors, losses) are
refused.

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
Refused: ``B`` (J48's binary nominal splits test one value against the
rest; dtree's binary nominal splits are CART's subsets), ``A`` (Laplace
smoothing of J48's class probabilities), ``R`` and ``N`` (reduced-error
pruning on a fold J48 draws itself; prune with
:func:`dtree.prune.reduced_error` on a validation set of your own).

C4.5's own program
------------------
:func:`c45_program` is C4.5 as its program runs it: the tree :func:`dtree.grower.presets.c45` grows,
pruned by C4.5's pessimistic pruning at :data:`CONFIDENCE` with subtree raising (what ``dtree
fit --algorithm c45`` and ``TreeClassifier("c45")`` give).

Contents: :func:`learner_for`, :class:`Recipe`, :class:`CostComplexity`,
:class:`Pessimistic`, :data:`SYSTEMS`, :func:`c45_program`, :data:`CONFIDENCE`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Literal, get_args

from attrs import evolve, frozen

from dtree.arithmetic import is_number
from dtree.dataset import Dataset
from dtree.errors import DtreeError, check_choice, quote
from dtree.grower.learner import CART, J48, Criterion, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45
from dtree.impurity import IMPURITIES, gini
from dtree.progress import Report
from dtree.prune import Risk, as_leaf, collapse, pessimistic, prune_to, tree_risk
from dtree.tree import Tree

__all__ = [
    "CONFIDENCE",
    "SYSTEMS",
    "CostComplexity",
    "Pessimistic",
    "Recipe",
    "c45_program",
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


Pruning = CostComplexity | Pessimistic


@frozen
class Recipe:
    """How a peer fits a tree, in dtree's terms: grow with ``learner``, then apply ``pruning``.

    ``settings`` are the peer's settings as given, sorted by name.
    ``counted`` names the settings that count rows where dtree weighs them:
    when there are any, a dataset with a weight other than 1 is refused.
    ``missing`` names the peer's own handling of missing values, when dtree
    has no counterpart: a dataset with a missing value is then refused.

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> recipe = learner_for("sklearn", max_depth=2)
    >>> recipe.learner.max_depth, n_leaves(recipe(load("iris")))
    (2, 3)
    """

    system: System
    learner: Learner
    pruning: Pruning | None = None
    settings: tuple[tuple[str, object], ...] = ()
    counted: tuple[str, ...] = ()
    missing: str = ""

    def __call__(self, data: Dataset, *, progress: Report | None = None) -> Tree:
        """The peer's tree of ``data``: grown (its growth reported to ``progress``), then
        pruned."""
        self._check(data)
        tree = grow(self.learner, data, progress=progress)
        return tree if self.pruning is None else self.pruning(tree, data)

    def _check(self, data: Dataset) -> None:
        regression = self.learner.impurity == "squared_error"
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
        if self.missing and any(column[r] is None for column in data.columns for r in data.rows):
            raise DtreeError(
                f"the dataset has missing values, which {self.system} handles by"
                f" {self.missing}, with no counterpart in dtree"
            )


def _refuse(system: str, name: str, value: object, why: str) -> DtreeError:
    return DtreeError(f"{system} setting {name}={quote(value)} is refused: {why}")


def _whole(system: str, name: str, value: object, floor: int, *, rows: bool = False) -> int:
    """``value``, an integer >= ``floor``; ``rows`` when a float would be a share of the rows
    (scikit-learn's minima)."""
    if type(value) is not int or value < floor:
        why = (
            "a fraction of the rows; give the count, ceil(fraction x rows)"
            if rows and isinstance(value, float)
            else f"it must be an integer >= {floor}"
        )
        raise _refuse(system, name, value, why)
    return value


def _number(system: str, name: str, value: object) -> float:
    if not is_number(value) or not math.isfinite(value) or value < 0:
        raise _refuse(system, name, value, "it must be a finite number >= 0")
    return float(value)


SKLEARN_IMPURITIES: Mapping[str, Criterion] = {
    "gini": "gini",
    "entropy": "entropy",
    "log_loss": "entropy",
    "squared_error": "squared_error",
}

SKLEARN_REFUSED: Mapping[str, tuple[object, str]] = {
    "splitter": ("best", "a random splitter has no counterpart"),
    "max_features": (None, "a random draw of the features has no counterpart"),
    "class_weight": (None, "give the rows' weights in the dataset"),
    "min_weight_fraction_leaf": (0, "a share of the total weight has no counterpart"),
    "monotonic_cst": (None, "monotonicity constraints have no counterpart"),
}
"""scikit-learn's settings accepted only at their default, and why."""


def _sklearn(params: Mapping[str, object]) -> Recipe:
    system = "sklearn"
    criterion = params.get("criterion", "gini")
    if criterion not in SKLEARN_IMPURITIES:
        raise _refuse(system, "criterion", criterion, f"dtree has {sorted(SKLEARN_IMPURITIES)}")
    options: dict[str, Any] = {"impurity": SKLEARN_IMPURITIES[str(criterion)], "missing": "learned"}
    counted: list[str] = []
    pruning: Pruning | None = None
    for name, value in sorted(params.items()):
        if name in SKLEARN_REFUSED:
            default, why = SKLEARN_REFUSED[name]
            if value != default:
                raise _refuse(system, name, value, why)
        elif name in ("max_depth", "max_leaf_nodes"):
            options[name] = None if value is None else _whole(system, name, value, 1)
        elif name in ("min_samples_split", "min_samples_leaf"):
            # scikit-learn's defaults 2 and 1 are dtree's 0: a node of one row is pure
            # and each branch of a cut has a row; as weights they would differ.
            floor = 2 if name == "min_samples_split" else 1
            if _whole(system, name, value, floor, rows=True) != floor:
                options[name] = value
                counted.append(name)
        elif name == "min_impurity_decrease":
            options[name] = _number(system, name, value)
        elif name == "ccp_alpha":
            alpha = _number(system, name, value)
            impurity = options["impurity"]
            pruning = CostComplexity(alpha, "impurity", impurity) if alpha > 0 else None
        elif name not in ("criterion", "random_state"):  # random_state only breaks ties
            raise _refuse(system, name, value, "no such scikit-learn setting is mapped")
    return Recipe(
        "sklearn",
        evolve(CART, **options),
        pruning,
        _settings(params),
        tuple(counted),
    )


RPART_SURROGATES = ("maxsurrogate", "usesurrogate", "surrogatestyle")


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
    for name, value in sorted(p.items()):
        if name in ("xval", "maxcompete", *RPART_SURROGATES):
            _whole(system, name, value, 0)
        else:
            raise _refuse(system, name, value, "no such rpart setting is mapped")
    learner = evolve(
        CART,
        impurity=impurity,
        min_samples_split=minsplit,
        min_samples_leaf=minbucket,
        max_depth=maxdepth,
        ordered_subsets=True,
    )
    return Recipe(
        "rpart",
        learner,
        CostComplexity(cp, "error", relative=True),
        _settings(params),
        ("minsplit", "minbucket"),
        "surrogate splits (" + ", ".join(RPART_SURROGATES) + ")",
    )


J48_REFUSED = {
    "B": "J48's binary nominal splits test one value against the rest, dtree's are subsets",
    "A": "Laplace smoothing of J48's class probabilities has no counterpart",
    "R": "J48 draws its own pruning fold: use dtree.prune.reduced_error with a validation set",
    "N": "it is the number of folds of reduced-error pruning (-R), which is refused",
}


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise _refuse("j48", name, value, "a flag is True or False")
    return value


def _j48(params: Mapping[str, object]) -> Recipe:
    system = "j48"
    options: dict[str, Any] = {}
    pruning = Pessimistic()
    flags = {"U": "prune", "S": "subtree_raising", "O": "collapse"}
    for name, value in sorted(params.items()):
        if name == "C":
            if not is_number(value) or not 0 < value <= 0.5:
                raise _refuse(system, name, value, "J48's confidence is in (0, 0.5]")
            pruning = evolve(pruning, confidence=float(value))
        elif name == "M":
            options["min_objects"] = _whole(system, name, value, 1)
        elif name in flags:
            pruning = evolve(pruning, **{flags[name]: not _flag(name, value)})
        elif name == "J":
            options["mdl"] = not _flag(name, value)
        elif name in J48_REFUSED:
            raise _refuse(system, name, value, J48_REFUSED[name])
        elif name not in ("L", "Q"):  # no clean-up, and the seed of -R's folds: same tree
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
    CostComplexity(alpha=0.05, risk='error', impurity='gini', relative=True)
    >>> learner_for("j48", U=True).pruning
    Pessimistic(confidence=0.25, subtree_raising=True, collapse=True, prune=False)
    >>> learner_for("sklearn", splitter="random")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: sklearn setting splitter='random' is refused: a random splitter ...
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
