"""The learner: what a grower is told, and its presets ID3, C4.5, J48 and CART.

A :class:`Learner` is a frozen value that says which candidate splits
exist, how they are scored and when growing stops; :func:`dtree.grower.make_subtree.grow`
grows the tree it describes.  Each option's choices are its ``Literal``
type's (``typing.get_args``), for the checks here and the command line alike.

Contents: :class:`Learner`, :data:`ID3`, :data:`C45`, :data:`J48`,
:data:`CART`, :func:`check_fits`, :func:`features_per_node`, and the option
types :data:`Criterion`, :data:`Score`, :data:`NominalSplits`,
:data:`Threshold`, :data:`Missing`, :data:`FeatureRule`, :data:`MaxFeatures`,
:data:`AttributeChoice`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal, get_args

from attrs import evolve, field, frozen

from dtree.arithmetic import check_at_least_zero, check_count
from dtree.dataset import Dataset, Nominal, Weight, is_number
from dtree.errors import DtreeError, check_choice, quote
from dtree.grower.monotonic import (
    MonotonicCst,
    check_monotonic,
    check_monotonic_cst,
    monotonic_cst,
)
from dtree.seeded import check_seed

__all__ = [
    "C45",
    "C45_AVERAGE_GAIN_SLACK",
    "C45_RESOLUTION",
    "CART",
    "ID3",
    "J48",
    "MAX_ABS_TARGET",
    "REGRESSION_CRITERIA",
    "Agreement",
    "AttributeChoice",
    "Criterion",
    "FeatureRule",
    "Learner",
    "MaxFeatures",
    "Missing",
    "NominalSplits",
    "Score",
    "SurrogateRule",
    "Threshold",
    "check_fits",
    "features_per_node",
]

Criterion = Literal[
    "entropy",
    "gini",
    "misclassification",
    "squared_error",
    "friedman_mse",
    "poisson",
    "absolute_error",
]
REGRESSION_CRITERIA: tuple[Criterion, ...] = (
    "squared_error",
    "friedman_mse",
    "poisson",
    "absolute_error",
)
"""The criteria of a numeric target (the others need classes)."""
Score = Literal["impurity_decrease", "gain_ratio"]
AttributeChoice = Literal["best", "random", "fewest_values", "most_values"]
"""Which candidate a node splits on: the best score, or the Decision Trees II notes' other
rules (:mod:`dtree.grower.choices`)."""
NominalSplits = Literal["multiway", "subsets", "one_vs_rest"]
Threshold = Literal["midpoint", "c45", "j48", "rpart"]
Missing = Literal["refuse", "fractional", "fractional_counts", "impute", "learned", "surrogate"]
SurrogateRule = Literal["stay", "surrogates", "majority"]
"""Where a row goes that no surrogate places (rpart's ``usesurrogate`` 0, 1, 2):
:mod:`dtree.grower.surrogate_splits`."""
Agreement = Literal["all", "known"]
"""Over which rows a surrogate's agreement is counted: every row whose side of the split is
known (``"all"``, rpart's ``surrogatestyle = 0``) or those whose surrogate value is known
too (``"known"``, ``surrogatestyle = 1``, the CART book's)."""
FeatureRule = Literal["sqrt", "log2"]
MaxFeatures = int | float | FeatureRule | None
"""How many attributes a node draws: None (all), a count k >= 1, a share in (0, 1], or a rule
of the number p of attributes (see :func:`features_per_node`)."""


MAX_ABS_TARGET = 1e100
"""The largest magnitude of a regression target a tree is grown on.

A regression node keeps sum w*y and sum w*y^2 in floats, and the scan for
a cut squares sums of w*y: with the weights adding up to at most
:data:`dtree.dataset.MAX_TOTAL_WEIGHT` (2^128) and |y| <= 1e100, these stay
below 2^256 * 1e200, about 1.2e277, short of the largest float (1.8e308)."""

C45_RESOLUTION = 1e-5
"""C4.5 release 8 (``contin.c``: ``a < b - 1E-5``) and Weka's J48
(``C45Split``: ``a + 1e-5 < b``) cut between sorted neighbours a and b
only when they are more than this apart, and count only those cuts for
the MDL correction: the ``resolution`` of :data:`C45` and :data:`J48`."""

C45_AVERAGE_GAIN_SLACK = 1e-3
"""C4.5 (and J48) consider a split whose gain is at least the average gain
less this much."""


@frozen
class Learner:
    """How to grow a tree: candidate splits, their score, and when to stop.

    Candidates and scores:

    * ``impurity``: the i(t) of the goodness of split I(s, t) = i(t) -
      sum_b p_b i(t_b): ``entropy`` (information gain), ``gini``,
      ``misclassification``, or for a numeric target ``squared_error``
      (variance; I(s, t) is the decrease of the residual sum of squares
      over the node's weight), ``friedman_mse`` (squared error's splits and
      I(s, t), but the weighted decrease that ``min_impurity_decrease`` and
      ``max_leaf_nodes`` read is Friedman's W_l W_r (mean_l - mean_r)^2 /
      W_t = W_t I(s, t), not W_t / W I(s, t): scikit-learn before 1.9),
      ``poisson`` (half the Poisson deviance, i(t) = sum w y ln(y / mean) /
      W_t; a split with a branch whose sum of w*y is at most
      :data:`dtree.impurity.POISSON_EPSILON` is not made, as scikit-learn
      does not make it) or ``absolute_error`` (i(t) = sum w |y - median| /
      W_t about scikit-learn's weighted median, which a leaf predicts:
      :mod:`dtree.grower.medians`).
    * ``score``: ``impurity_decrease``, or C4.5's ``gain_ratio`` (the best
      gain ratio among the candidates whose gain is at least the average).
    * ``attribute_choice``: which attribute's candidate a node splits on: ``best`` (the
      best ``score``, the default), or, as the Decision Trees II notes ask of the
      restaurant, ``random`` (drawn by the ``seed``), ``fewest_values`` or ``most_values``
      (of distinct known values at the node, ties to the first in schema order); the
      stopping rules then test the chosen split (:mod:`dtree.grower.choices`).
    * ``nominal``: ``multiway`` (a branch per value), ``subsets``
      (CART's binary ``In`` / ``NotIn``) or ``one_vs_rest`` (J48 ``-B``: one value
      against the rest, the value of the best gain ratio,
      :func:`dtree.grower.subsets.one_vs_rest`); ``ordered_subsets``: with two
      classes or a numeric target, only the m - 1 splits of the values
      ordered by class share (mean) are tried even under a minimum branch
      weight, as rpart does (Breiman's theorem, which makes them enough,
      knows no such minimum: see :func:`dtree.grower.subsets.subsets`).
    * ``threshold``: ``midpoint`` of the two values a cut lies between;
      ``c45``: the largest value of the whole training set not above it
      (:func:`dtree.grower.midpoints.c45_threshold`); or ``j48``: the same with
      Weka's tolerance, the largest value less than 1e-6 above it
      (:func:`dtree.grower.midpoints.j48_threshold`), where J48 is the target;
      or ``rpart``: the float just below the midpoint, rpart's ``x < midpoint``
      (:func:`dtree.grower.midpoints.rpart_threshold`).
    * ``resolution``: a numeric attribute is cut between sorted
      neighbours a < b only if a + resolution < b; values closer than
      that act as one value, both when cuts are enumerated and when the
      MDL correction counts them.  0 (the default): every two distinct
      values; C4.5 and J48: :data:`C45_RESOLUTION` (1e-5).
    * ``float32``: the grower sees each numeric value as its nearest
      float32 (:func:`dtree.arithmetic.float32`), as scikit-learn, which
      casts its X, does: values one float32 apart are one value, and
      thresholds are midpoints of float32 numbers; the ``resolution`` test
      is then made in float32 arithmetic, float32(a + resolution) < b
      (:func:`dtree.grower.thresholds.separated`).
    * ``missing``: ``refuse`` (an error), ``fractional`` (C4.5: the score
      is computed on the known values and scaled by their weight share; a
      row with a missing value goes down every branch with weight
      proportional to the branch), ``fractional_counts`` (the Decision
      Trees II notes: rows go down the branches as under ``fractional``,
      but the score is the decrease over the whole node, each missing row's
      weight counted in every branch by its share; a numeric attribute's
      every cut is then scored), ``impute`` (the node's most likely
      value, :func:`dtree.missing.most_likely_value`) or ``learned``
      (scikit-learn 1.3 on: a numeric split sends the rows whose value is
      missing whole to the side that scores best, learned with the cut;
      the condition of that side reads ``x <= t or missing``, and a split
      that met no missing value flags its side of more rows, ties to the
      right; a nominal attribute with a missing value is refused) or
      ``surrogate`` (CART and rpart: the score is ``fractional``'s; a row
      whose value is missing goes down the split's surrogates, ranked by
      rpart's agreement, at most ``max_surrogates`` of them, counted over
      the rows of known split (``surrogate_agreement="all"``, rpart's
      ``surrogatestyle = 0``) or of known surrogate too (``"known"``); a row
      no surrogate places follows ``surrogate_rule``: ``majority`` (the
      heavier side, rpart's ``usesurrogate = 2``), ``surrogates`` (it stays
      at the split, ``usesurrogate = 1``) or ``stay`` (no surrogate is used,
      ``usesurrogate = 0``); binary splits only,
      :mod:`dtree.grower.surrogate_splits`).  See :mod:`dtree.missing` for
      which system does which.
    * ``mdl``: C4.5's correction of a numeric split's gain, minus
      log2(number of cuts) / (node weight).

    Pre-pruning: ``max_depth`` (None: no limit); ``min_samples_split`` (a
    node of less weight is a leaf); ``min_samples_leaf`` (each branch of
    a split that receives examples has at least this weight);
    ``min_rows_split`` and ``min_rows_leaf``, the same two minima counted in
    rows, whatever their weights (a node of fewer rows is a leaf; each
    branch that receives rows receives at least this many), as scikit-learn's
    ``min_samples_split`` and ``min_samples_leaf`` count them: the rows at a
    node are those of positive weight that reach it (a row that C4.5's
    fractions send down several branches counts in each);
    ``min_objects`` (None, or C4.5's minimum: a node of less than twice
    this weight is a leaf, a nominal split needs two branches of this
    weight, and a cut needs 0.1 of the node's known weight per class
    each side, clipped to [min_objects, 25], and a numeric attribute is cut only
    where its known values weigh at least twice that, or with ``known_rows_cut``
    are at least twice that many rows: J48 counts them, C4.5's program weighs
    them); ``min_gain`` (the score of
    the split is at least this); ``positive_decrease`` (the split must
    decrease the impurity: rpart splits only where its improvement is above
    zero, scikit-learn where a split exists); ``min_impurity_decrease`` (scikit-learn's
    weighted decrease, W_t / W * I(s, t), is at least this; with
    ``decrease_tolerance`` t > 0, a split is kept unless the float sum
    W_t / W * I(s, t) + t is below it, scikit-learn's rule with t its
    EPSILON, 2^-52, in place of :func:`dtree.grower.candidates.reaches`' 1e-12
    for a float minimum); ``purity_tolerance`` (0: a node is pure when it holds
    one class or one target value; t > 0: also when its impurity i(t) is at
    most t, scikit-learn's ``impurity <= EPSILON``, which makes a leaf of a
    regression node of two targets less than 3e-8 apart: i(t) = d^2 / 4);
    ``max_leaf_nodes`` (grow best first: always split the leaf of the
    largest weighted decrease, ties to the leaf made first, until the tree
    has this many leaves); ``significance`` (a split is made only if the
    chi-square test rejects independence of its outcome and the class at
    this level; candidates that fail are discarded).

    Random forests: ``max_features`` (None: every attribute; else k =
    :func:`features_per_node` of them) limits each node's candidates to the
    k attributes :func:`dtree.seeded.subset` draws for the node, named by
    ``(seed, "features", node key)`` (:attr:`dtree.grower.rows.Examples.key`),
    so a tree is a pure function of its ``seed``.  Both draw without
    replacement; scikit-learn goes on drawing past k until at least one
    drawn attribute is not constant at the node, while dtree draws the k
    once: a node where none of them splits is a leaf (``no_candidate``),
    even if another attribute would split it.

    Monotonicity: ``monotonic_cst`` (scikit-learn's, since 1.4), a direction
    -1, 0 or +1 per attribute in schema order, or a mapping of attribute names
    to directions (the others 0): a cut of a constrained attribute is made
    only where its children's values (means, or shares of the second class)
    are ordered so and lie within the node's bounds, the children's bounds
    meet at the middle of their values, and a leaf's value is clipped to its
    bounds (:mod:`dtree.grower.monotonic`).  Numeric attributes without
    missing values, and a numeric target or two classes, only.

    >>> Learner(max_depth=-1)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: max_depth must be None or an integer >= 0, got -1
    """

    impurity: Criterion = "entropy"
    score: Score = "impurity_decrease"
    attribute_choice: AttributeChoice = "best"
    nominal: NominalSplits = "multiway"
    threshold: Threshold = "midpoint"
    resolution: float = 0.0
    float32: bool = False
    ordered_subsets: bool = False
    missing: Missing = "refuse"
    max_surrogates: int = 5
    surrogate_agreement: Agreement = "all"
    surrogate_rule: SurrogateRule = "majority"
    mdl: bool = False
    max_depth: int | None = None
    min_samples_split: Weight = 0
    min_samples_leaf: Weight = 0
    min_objects: Weight | None = None
    known_rows_cut: bool = False
    min_rows_split: int = 0
    min_rows_leaf: int = 0
    min_gain: float | Fraction = 0.0
    positive_decrease: bool = False
    min_impurity_decrease: float | Fraction = 0.0
    decrease_tolerance: float = 0.0
    purity_tolerance: float = 0.0
    max_leaf_nodes: int | None = None
    significance: float | None = None
    max_features: MaxFeatures = None
    seed: int = 0
    monotonic_cst: MonotonicCst = field(default=(), converter=monotonic_cst)

    def __attrs_post_init__(self) -> None:
        check_choice("impurity", self.impurity, get_args(Criterion))
        check_choice("score", self.score, get_args(Score))
        check_choice("attribute choice", self.attribute_choice, get_args(AttributeChoice))
        check_choice("nominal split", self.nominal, get_args(NominalSplits))
        check_choice("threshold policy", self.threshold, get_args(Threshold))
        check_choice("missing-value policy", self.missing, get_args(Missing))
        check_count("max_surrogates", self.max_surrogates, 0)
        check_choice("surrogate agreement", self.surrogate_agreement, get_args(Agreement))
        check_choice("surrogate rule", self.surrogate_rule, get_args(SurrogateRule))
        check_count("max_depth", self.max_depth, 0, optional=True)
        check_count("max_leaf_nodes", self.max_leaf_nodes, 2, optional=True)
        check_count("min_rows_split", self.min_rows_split, 0)
        check_count("min_rows_leaf", self.min_rows_leaf, 0)
        for name in (
            "resolution",
            "min_samples_split",
            "min_samples_leaf",
            "min_gain",
            "min_impurity_decrease",
            "decrease_tolerance",
            "purity_tolerance",
        ):
            check_at_least_zero(name, getattr(self, name))
        if self.min_objects is not None:
            check_at_least_zero("min_objects", self.min_objects)
        level = self.significance
        if level is not None and not (is_number(level) and 0 < level <= 1):
            raise DtreeError(f"significance must be None or a level in (0, 1], got {quote(level)}")
        if self.score == "gain_ratio" and self.impurity != "entropy":
            raise DtreeError("the gain ratio is a ratio of entropies: use impurity='entropy'")
        _check_max_features(self.max_features)
        check_seed(self.seed)
        check_monotonic_cst(self.monotonic_cst)


def _check_max_features(value: object) -> None:
    if value is None or (type(value) is int and value >= 1):
        return
    if type(value) is float and 0 < value <= 1:
        return
    if isinstance(value, str):
        check_choice("max_features rule", value, get_args(FeatureRule))
        return
    raise DtreeError(
        "max_features must be None, an integer >= 1, a share in (0, 1], 'sqrt' or 'log2',"
        f" got {quote(value)}"
    )


def features_per_node(max_features: MaxFeatures, p: int) -> int:
    """k, the number of the p attributes a node draws, as scikit-learn computes it: all p
    for None; k for an integer k; max(1, int(f * p)) for a share f; max(1, int(sqrt(p)))
    for ``"sqrt"``; max(1, int(log2(p))) for ``"log2"``.  Never more than p (a dataset
    with p < k is refused by :func:`check_fits`).

    >>> [features_per_node(rule, 10) for rule in (None, 3, 0.25, "sqrt", "log2")]
    [10, 3, 2, 3, 3]
    >>> features_per_node("log2", 1)
    1
    """
    match max_features:
        case None:
            return p
        case "sqrt":
            return min(p, max(1, math.isqrt(p)))
        case "log2":
            return min(p, max(1, int(math.log2(p)))) if p > 0 else 0
        case float():
            return min(p, max(1, int(max_features * p)))
        case _:
            return min(p, int(max_features))


ID3 = Learner()
"""ID3 (Quinlan 1986): information gain, multiway nominal splits (numeric
attributes by midpoint thresholds), grown until pure; refuses missing values."""

C45 = Learner(
    score="gain_ratio",
    threshold="c45",
    resolution=C45_RESOLUTION,
    missing="fractional",
    mdl=True,
    min_objects=2,
)
"""C4.5 release 8 (Quinlan 1993, 1996), unpruned: gain ratio among the
candidates of at least average gain, the MDL correction log2(cuts) / N of
a numeric split, thresholds at training values not above the midpoint
(compared exactly, as C4.5 does), missing values by fractional weights,
``min_objects`` 2.  Numeric values less than 1e-5 apart
(:data:`C45_RESOLUTION`) are one value: C4.5 neither cuts between them
nor counts such a cut in the MDL correction."""

J48 = evolve(C45, threshold="j48", known_rows_cut=True)
"""C4.5 as Weka's J48 (3.6) grows it, before collapsing and pruning.

J48 grows as C4.5 release 8 does (:data:`C45`: the same resolution,
MDL correction, average-gain rule with its 1e-3 slack, and minimum
objects) except for the threshold: the largest training value less than
1e-6 above the midpoint (``threshold="j48"``), where C4.5 takes none
above it; and for the rows a numeric attribute needs before it is cut,
twice C4.5's least side, which J48 counts in rows and C4.5 in weight
(``known_rows_cut``: they differ where rows weigh other than 1; J48 also
counts rows of weight 0, which dtree drops before growing).  J48 with its
defaults (``-C 0.25 -M 2``) is then
``pessimistic(collapse(tree), data=data, z="normal")`` of this tree
(:mod:`dtree.prune`), and ``J48 -U`` is ``collapse(tree)``; J48 -M m is
``evolve(J48, min_objects=m)``.  On the classification datasets of Weka
3.6's examples, default and ``-U``, the trees are J48's line for line.

Where they can still differ: J48 compares gains and gain ratios within
Weka's 1e-6 (a later candidate must beat the best by more) where dtree
uses :data:`dtree.impurity.TOLERANCE`; and where J48's threshold falls a
hair below the cut's lower value a (see
:func:`dtree.grower.midpoints.j48_threshold`), dtree takes a: the same rows on each
side, a threshold printed up to 1e-6 higher."""

CART = Learner(impurity="gini", nominal="subsets")
"""CART (Breiman et al. 1984): binary splits, Gini, grown until pure."""


def check_fits(learner: Learner, data: Dataset) -> None:
    """Refuse, with a message that says what to do, a learner that cannot grow a tree on
    ``data``: a criterion of the other kind of target, a target beyond
    :data:`MAX_ABS_TARGET`, a test for classes without classes, or a missing value the
    learner refuses, or monotonicity constraints the data cannot take
    (:func:`dtree.grower.monotonic.check_monotonic`).

    >>> from dtree.datasets import load
    >>> check_fits(CART, load("golf"))
    >>> check_fits(Learner(impurity="squared_error"), load("golf"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: target 'class' holds classes: squared error is for a numeric target...
    """
    schema = data.schema
    k = learner.max_features
    if type(k) is int and k > len(schema.attributes):
        raise DtreeError(
            f"max_features={k} attributes at a node, but the data has"
            f" {len(schema.attributes)}: give at most that many, or a share such as 0.5"
        )
    _check_target(learner, data)
    check_monotonic(learner.monotonic_cst, data)
    _check_missing(learner, data)


def _check_target(learner: Learner, data: Dataset) -> None:
    """Refuse a criterion of the other kind of target, a target beyond
    :data:`MAX_ABS_TARGET`, one the Poisson deviance is not defined for, and a test for
    classes (the significance test, C4.5's minimum) without classes."""
    schema = data.schema
    if schema.is_classification and learner.impurity in REGRESSION_CRITERIA:
        raise DtreeError(
            f"target {quote(schema.target.name)} holds classes:"
            f" {learner.impurity.replace('_', ' ')} is for a numeric target;"
            " use gini, entropy or misclassification"
        )
    if schema.is_classification:
        return
    if learner.impurity not in REGRESSION_CRITERIA:
        raise DtreeError(
            f"target {quote(schema.target.name)} is numeric: the learner's impurity "
            f"{quote(learner.impurity)} needs classes;"
            " declare them (classes=..., or --classes on the command line), or grow a regression"
            " tree with cart and the squared_error criterion (its default for a numeric target)"
        )
    if not all(
        is_number(y) and -MAX_ABS_TARGET <= y <= MAX_ABS_TARGET
        for y in map(data.target.__getitem__, data.rows)
    ):
        raise DtreeError(
            f"target {quote(schema.target.name)} has values beyond MAX_ABS_TARGET = 1e100 in "
            "magnitude, whose squares times the weights overflow floats; rescale the target"
        )
    if learner.impurity == "poisson":
        _check_poisson(data)
    if learner.significance is not None:
        raise DtreeError("the significance test needs classes; a regression tree has none")
    if learner.min_objects is not None:
        raise DtreeError(
            "min_objects is C4.5's minimum, a share of the weight per class; a regression "
            "tree has no classes: use min_samples_leaf"
        )


def _check_missing(learner: Learner, data: Dataset) -> None:
    """Refuse a missing value the learner's policy has no rule for."""
    if learner.missing == "learned":
        _check_learned(data)
    if learner.missing == "surrogate" and learner.nominal == "multiway":
        many = next(
            (
                a.name
                for a in data.schema.attributes
                if isinstance(a.domain, Nominal)
                and not a.domain.ordered  # an ordinal split is binary
                and len(a.domain.values) > 2
            ),
            None,
        )
        if many is not None:
            raise DtreeError(
                "surrogate splits stand in for binary splits, and a multiway split of"
                f" {quote(many)} has more than two branches: use nominal='subsets' or"
                " 'one_vs_rest' with missing='surrogate'"
            )
    if learner.missing != "refuse":
        return
    for row in data.rows:
        for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
            if column[row] is None:
                raise DtreeError(
                    "missing value: this learner refuses missing values; choose "
                    "missing='impute' or 'fractional' (--missing on the command line), "
                    "or use c45",
                    row=row + 1,
                    column=attribute.name,
                )


def _check_poisson(data: Dataset) -> None:
    """Refuse a target the Poisson deviance is not defined for, as scikit-learn does at
    fit: a negative y, or no positive one (its sum is not positive)."""
    name = quote(data.schema.target.name)
    ys = [float(data.target[r]) for r in data.rows]
    negative = next((r for r in data.rows if float(data.target[r]) < 0), None)
    if negative is not None:
        raise DtreeError(
            f"target {name} has a negative value, which the poisson criterion does not allow",
            row=negative + 1,
        )
    if not any(ys):
        raise DtreeError(f"target {name} sums to 0: the poisson criterion needs a positive sum")


def _check_learned(data: Dataset) -> None:
    """``missing="learned"`` learns the side of a numeric split only: refuse a missing value
    of a nominal attribute, which scikit-learn, whose features are numbers, never meets, and
    an ordinal attribute, whose split (:mod:`dtree.ordinal`) takes no missing value."""
    for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
        if not isinstance(attribute.domain, Nominal):
            continue
        if attribute.domain.ordered:
            raise DtreeError(
                "missing='learned' flags the side of a numeric split that missing values take;"
                " an ordinal attribute's split has no such side: choose another policy",
                column=attribute.name,
            )
        for row in data.rows:
            if column[row] is None:
                raise DtreeError(
                    "missing value of a nominal attribute: missing='learned' sends missing "
                    "values of numeric attributes one way (scikit-learn's rule) and has no rule "
                    "for nominal ones; choose missing='impute' or 'fractional'",
                    row=row + 1,
                    column=attribute.name,
                )
