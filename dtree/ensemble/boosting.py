"""Boosting: AdaBoost (SAMME) and gradient boosting, each a frozen :class:`Ensemble`.

AdaBoost (:func:`adaboost`)
    SAMME (Zhu, Zou, Rosset and Hastie, "Multi-class AdaBoost", 2009) for
    K >= 2 classes, with the notes' weak learner, a CART stump, by default.
    The row weights start as the data's, normalised (D_1).  Round t grows
    the weak learner h_t on the data weighted by D_t; its error is
    e_t = sum of D_t over the rows h_t gets wrong, over the sum of D_t; its
    odds are beta_t = (1 - e_t) / e_t * (K - 1) (its say
    alpha_t = learning_rate * log beta_t); the rows it gets wrong are
    multiplied by beta_t ** learning_rate and the weights normalised again.
    The ensemble (combination ``"samme"``) keeps the odds beta_t as the
    members' weights: exact ``Fraction`` s when the data weights are integers
    or fractions and the learning rate is an integer.
Gradient boosting (:func:`gradient_boost`)
    Friedman's gradient boosting with regression trees.  Squared error:
    F_0 is the weighted mean of y, each stage fits a regression tree to the
    residuals y - F(x) (its leaves their mean), and F += learning_rate * f_t.
    Log-loss (two classes): F is the log-odds of the second class of the
    schema, F_0 its weighted log-odds, each stage fits a regression tree to
    the residuals y - p (y is 1 for the second class, p = 1 / (1 + e^-F))
    and replaces each leaf's value by one Newton step,
    sum w (y - p) / sum w p (1 - p) (:func:`newton_step`).  ``subsample``
    below 1 grows each stage on floor(subsample * n) rows drawn without
    replacement by :func:`dtree.seeded.permutation`, so the ensemble is a
    pure function of its seed.

Exactness.  A round of AdaBoost divides by sums of the previous rounds'
weights, so the exact weights' numerators and denominators can double in
length every round (on 100 rows, the odds' denominators had about 1,000
bits after 10 rounds, 14,000 after 14 and 99,000 after 17, and 17 exact
rounds took 28 s of CPU where 10 took 0.04 s and 14 took 0.85 s).  The
grower adds a node's fractions as integers over their common denominator
(:func:`dtree.arithmetic.exact_sum`), float weights too (as their binary
fractions), so a round costs big-integer sums, not a greatest common divisor
per addition.  ``exact=None`` (the default) keeps the
weights exact while every weight's denominator has at most
:data:`EXACT_BITS` bits and goes on in floats from the first round where
one would have more; ``exact=True`` never leaves fractions (at that cost),
``exact=False`` computes in floats throughout.  Gradient boosting
computes in floats (its residuals are logarithms and exponentials, or
differences of float means); the running F(x) of every training row is
the exactly rounded sum that :func:`dtree.ensemble.decisions` computes, so
the residuals are y - F(x) (or y - :func:`dtree.ensemble.sigmoid` of it) of
the ensemble returned, to the last bit.

How dtree matches scikit-learn, and where it differs
----------------------------------------------------
:func:`adaboost` with the default stump is ``AdaBoostClassifier(
estimator=DecisionTreeClassifier(max_depth=1), n_estimators=T,
learning_rate=...)`` (SAMME: scikit-learn 1.9 has no other algorithm and no
``algorithm`` parameter; older versions are asked for ``algorithm="SAMME"``):
the same errors, says (``estimator_weights_``: log of the odds times the
learning rate), predictions and probabilities on data where no two
candidate splits tie (the cross-checks in tests/ensemble/test_boosting.py).  The
differences:

* **A perfect member** (e_t = 0).  scikit-learn stops, keeps the member
  with say 1 (whatever the learning rate) beside the earlier members, and
  their says together decide.  Its odds are infinite: as beta_t grows, the
  ensemble tends to the member alone, and only the member alone meets the
  training error bound (which is 0 after a perfect round, see
  :func:`dtree.invariants.adaboost_error_is_bounded`).  dtree therefore
  stops and returns the perfect member alone, with odds
  :data:`PERFECT_ODDS` (e, so its say is the learning rate: 1, as
  scikit-learn's, at the default rate).  Alone, a member's predictions and
  probabilities do not depend on its odds.  When the perfect member comes
  first, dtree and scikit-learn agree; later, scikit-learn's ensemble can
  err on training rows where dtree's does not.
* **A member no better than chance** (e_t >= 1 - 1/K): both stop and drop
  it; in the first round both refuse.
* **K** is the number of classes the schema declares; scikit-learn's is
  the number present in y.  They differ only when a declared class has no
  row.
* **Tiny weights.**  scikit-learn raises every weight below machine
  epsilon (2.2e-16, relative to the total) to it at the start of each
  round; dtree does not (its exact weights cannot underflow; its float
  weights are left as they are).  The two agree while no weight falls
  that low.
* **Ties** between splits of equal score go, in dtree, to the first in its
  documented order (:mod:`dtree.grower.make_subtree`); scikit-learn's depend on its random
  permutation of the features.  Hence "tie-free data" in the cross-checks.
  (The attributes' values: see float32 below.)

:func:`gradient_boost` with ``loss="squared_error"``, ``subsample=1`` is
``GradientBoostingRegressor(loss="squared_error", criterion="squared_error",
max_depth=d, learning_rate=..., n_estimators=T, subsample=1)``, and with
``loss="log_loss"`` on two classes ``GradientBoostingClassifier`` with the
same options: the same staged predictions (decision values) to 1e-9 on
tie-free data.  The differences:

* Before version 1.9, scikit-learn's gradient boosting scored splits by
  default with ``criterion="friedman_mse"`` (Friedman's improvement), which
  can choose another split than the decrease of squared error: ask it for
  ``criterion="squared_error"``.  From 1.9 on its trees use squared error
  and ``criterion`` is deprecated.
* scikit-learn fits its trees (AdaBoost's stumps too) on ``float32``
  copies of the attributes; its thresholds are then midpoints of float32
  values.  dtree's are midpoints of the values (float64).  And
  scikit-learn never cuts between two values at most 1e-7 apart (its
  ``FEATURE_THRESHOLD``), where dtree's CART cuts between any two distinct
  values.  They agree when the values are float32 numbers more than 1e-7
  apart (small integers, say, as in the cross-checks).
* scikit-learn adds each stage's values to F one by one in float; dtree's F
  is the exactly rounded sum (:func:`math.fsum`): they differ by a few
  units in the last place.
* The Newton step: scikit-learn's guard sets a leaf's value to 0 when the
  weighted mean of p (1 - p) is below 1e-150; dtree too, and a leaf that no
  row of positive weight reaches (where scikit-learn divides by zero) gets 0.
* F_0 for log-loss: scikit-learn clips the prior p to [eps, 1 - eps]
  (eps = 2.2e-16) before taking log(p / (1 - p)); dtree too.  scikit-learn's
  second class is the later in sorted order, dtree's the second of the
  schema's classes: the same when the classes are in sorted order
  (:func:`dtree.read_csv`'s).
* ``subsample < 1``: the rows are drawn from dtree's seeded permutations,
  not from scikit-learn's random stream; and dtree grows each stage on the
  drawn rows alone, where scikit-learn gives the others weight 0 (which
  counts them in ``min_samples_leaf``).  Not comparable.
* ``min_samples_leaf`` is a weight, as everywhere in dtree; scikit-learn's
  counts rows.  The same with unit weights.
* scikit-learn's regression tree makes a leaf of a node whose variance is
  below 2.2e-16; dtree splits any node whose residuals differ.  Targets of
  order 1e-8 and smaller can then grow different trees.

Contents: :func:`adaboost`, :func:`samme_odds`, :func:`samme_error`,
:data:`STUMP`, :data:`EXACT_BITS`, :data:`PERFECT_ODDS`,
:func:`gradient_boost`, :func:`newton_step`, :data:`Loss`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, get_args

from attrs import evolve

from dtree.arithmetic import Real, check_count, is_number
from dtree.counts import Moments, ratio, stats_of
from dtree.dataset import Attribute, Dataset, Label, Numeric, Weight
from dtree.ensemble import Ensemble, predict_many, sigmoid
from dtree.errors import DtreeError, check_choice, quote
from dtree.grower.learner import CART, Learner, Missing
from dtree.grower.make_subtree import grow
from dtree.progress import Report, meter
from dtree.routing import Routed, fold_routed
from dtree.seeded import check_seed, permutation
from dtree.tree import Branch, Leaf, Probability, Split, Tree

__all__ = [
    "EXACT_BITS",
    "PERFECT_ODDS",
    "STUMP",
    "Loss",
    "adaboost",
    "gradient_boost",
    "newton_step",
    "samme_error",
    "samme_odds",
]

Loss = Literal["squared_error", "log_loss"]

STUMP = evolve(CART, max_depth=1)
"""The notes' weak learner: a CART tree of one split (Gini, binary splits)."""

EXACT_BITS = 1024
"""Under ``exact=None``, :func:`adaboost` keeps its weights exact while every weight's
denominator has at most this many bits, and goes on in floats after."""

PERFECT_ODDS = math.e
"""The odds dtree gives a perfect member (e_t = 0, infinite odds), which then makes an
ensemble alone: its say is the learning rate, scikit-learn's 1 at the default rate."""

_EPSILON = 2.0**-52
"""Machine epsilon, scikit-learn's clip of the prior probability for log-loss's F_0."""

_TINY = 1e-150
"""scikit-learn's guard: a Newton step whose mean p (1 - p) is below this is 0."""


def samme_odds(error: Real, k: int) -> Real:
    """A SAMME member's odds beta = (1 - e) / e * (K - 1), from its weighted error e among
    K classes; its say is log beta (times the learning rate).

    >>> samme_odds(Fraction(1, 4), 2), samme_odds(Fraction(1, 4), 3)
    (Fraction(3, 1), Fraction(6, 1))
    """
    return (1 - error) / error * (k - 1)


def samme_error(odds: Real, k: int) -> Real:
    """The weighted error e = (K - 1) / (beta + K - 1) of a SAMME member of odds beta, the
    inverse of :func:`samme_odds`.

    >>> samme_error(Fraction(6), 3)
    Fraction(1, 4)
    """
    return (k - 1) / (odds + k - 1)


def _is_rational(value: object) -> bool:
    return isinstance(value, int | Fraction) and not isinstance(value, bool)


def _check_rate(learning_rate: object) -> None:
    if not is_number(learning_rate) or not 0 < learning_rate < math.inf:
        raise DtreeError(f"learning_rate must be a finite number > 0, got {quote(learning_rate)}")


def _normalised(weights: Sequence[Real]) -> list[Real]:
    whole = sum(weights)
    if whole == 0:
        raise DtreeError("the data weigh nothing: boosting needs rows of positive weight")
    return [w / whole for w in weights]


def _too_long(weights: Sequence[Real]) -> bool:
    return any(isinstance(w, Fraction) and w.denominator.bit_length() > EXACT_BITS for w in weights)


def adaboost(
    data: Dataset,
    *,
    n_rounds: int = 50,
    learner: Learner | None = None,
    learning_rate: Real | int = 1,
    exact: bool | None = None,
    progress: Report | None = None,
) -> Ensemble:
    """AdaBoost (SAMME) of ``n_rounds`` members grown by ``learner`` (:data:`STUMP`).

    Round t: grow h_t on the data weighted by D_t; e_t = D_t(rows h_t gets
    wrong) / D_t(all rows); beta_t = (1 - e_t) / e_t * (K - 1); the rows h_t
    gets wrong are multiplied by beta_t ** learning_rate; normalise.
    Boosting stops early at a perfect member (e_t = 0: the ensemble is that
    member alone, with odds :data:`PERFECT_ODDS`) and at a member no better
    than chance (e_t >= 1 - 1/K: it is dropped; refused in the first round).
    The members' weights are their odds beta_t.  They and the row weights are
    ``Fraction`` s when the data's weights are integers or fractions and
    ``learning_rate`` is an ``int`` (1.0, a float, computes in floats), while
    every weight's denominator has at most :data:`EXACT_BITS` bits
    (``exact=None``), always (``exact=True``: the lengths can double each
    round) or never (``exact=False``).  See the module for how this matches
    scikit-learn's ``AdaBoostClassifier``.

    Four rows on a line, the third of the other class.  The first stump cuts
    at x = 2.5 and predicts ``a`` on both sides (the right side's tie goes to
    the first class): it errs on row 3 only, e_1 = 1/4, beta_1 = 3, and row 3
    then weighs 3/6 = 1/2, the others 1/6 each.  The second cuts at 2.5 too
    but predicts ``b`` on the right: it errs on row 4 only, e_2 = 1/6,
    beta_2 = 5, and outvotes the first there (5 > 3).

    >>> data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": list("aaba")}, target="y")
    >>> boosted = adaboost(data, n_rounds=2)
    >>> boosted.weights
    (Fraction(3, 1), Fraction(5, 1))
    >>> from dtree.ensemble import predict_many
    >>> predict_many(boosted, data.examples())
    ('a', 'a', 'b', 'b')
    """
    check_count("n_rounds", n_rounds, 1)
    _check_rate(learning_rate)
    if not data.schema.is_classification:
        raise DtreeError(
            f"AdaBoost classifies: target {quote(data.schema.target.name)} is numeric;"
            " use gradient_boost for regression"
        )
    learner = STUMP if learner is None else learner
    classes = data.schema.classes
    k = len(classes)
    if k < 2:
        raise DtreeError(f"AdaBoost (SAMME) needs at least two classes; the data has {k} class")
    rows = data.rows
    given = [data.weights[row] for row in rows]
    rational = all(map(_is_rational, given)) and type(learning_rate) is int
    if exact and not rational:
        raise DtreeError(
            "exact=True needs integer or fraction weights and an integer learning rate"
        )
    weights: list[Real] = _normalised(
        [Fraction(w) if rational and exact is not False else float(w) for w in given]
    )
    labels = data.labels
    members: list[Tree] = []
    odds: list[Real] = []
    advance = meter(progress, n_rounds, "boosting")
    for t in range(n_rounds):
        column = list(data.weights)
        for row, w in zip(rows, weights, strict=True):
            column[row] = w
        member = grow(learner, data.with_weights(column))
        wrong = [p != y for p, y in zip(predict_many(member, data), labels, strict=True)]
        error = sum(w for w, miss in zip(weights, wrong, strict=True) if miss) / sum(weights)
        if error == 0 and any(m and g > 0 for m, g in zip(wrong, given, strict=True)):
            break  # perfect only where float weights underflowed to 0: they carry no more
        if error == 0:
            advance(n_rounds)
            return Ensemble("samme", (member,), (PERFECT_ODDS,), classes, 0.0, learning_rate)
        beta = samme_odds(error, k)
        if error >= 1 - Fraction(1, k) or beta < 1:  # beta < 1 only by a float's rounding
            if t == 0:
                raise DtreeError(
                    f"the first member errs on {quote(float(error))} of the weight, no better "
                    f"than chance among {k} classes (1 - 1/K): AdaBoost cannot start"
                )
            break
        members.append(member)
        odds.append(beta)
        try:
            factor = beta**learning_rate
        except OverflowError:
            raise DtreeError(
                f"the learning rate {quote(learning_rate)} overflows: a member's odds"
                f" {quote(float(beta))} to that power exceed a float"
            ) from None
        reweighted = (w * factor if miss else w for w, miss in zip(weights, wrong, strict=True))
        weights = _normalised(list(reweighted))
        if exact is None and _too_long(weights):
            weights = [float(w) for w in weights]
        advance(t + 1)
    advance(n_rounds)
    return Ensemble("samme", tuple(members), tuple(odds), classes, 0.0, learning_rate)


# -- gradient boosting --------------------------------------------------------------------------


def newton_step(
    residuals: Sequence[float], probabilities: Sequence[float], weights: Sequence[Weight]
) -> float:
    """One Newton step of log-loss for a leaf: sum w r / sum w p (1 - p), computed as
    scikit-learn does, as the ratio of the two weighted means; 0 when the mean of
    p (1 - p) is below 1e-150 (scikit-learn's guard) or the leaf weighs nothing.

    >>> newton_step([0.5, -0.5, 0.5], [0.5, 0.5, 0.5], [1, 1, 1])  # (1/2) / (3/4)
    0.6666666666666666
    >>> newton_step([1.0], [1e-200], [1])
    0.0
    """
    whole = math.fsum(map(float, weights))
    if whole == 0:
        return 0.0
    numerator = math.fsum(float(w) * r for w, r in zip(weights, residuals, strict=True)) / whole
    terms = (float(w) * p * (1 - p) for w, p in zip(weights, probabilities, strict=True))
    denominator = math.fsum(terms) / whole
    if abs(denominator) < _TINY:
        return 0.0
    return numerator / denominator


_SCALE = 1074
"""Every finite float is an integer multiple of 2^-1074."""


def _scaled(value: float) -> int:
    """value * 2^1074, an integer: a float's exact value, to be added exactly."""
    numerator, denominator = value.as_integer_ratio()
    return numerator << (_SCALE - denominator.bit_length() + 1)


def _newton_leaves(
    tree: Tree, data: Dataset, residuals: Sequence[float], probabilities: Sequence[float]
) -> Tree:
    """The tree with each leaf's value the Newton step of the rows of ``data`` that reach it
    (``residuals`` and ``probabilities`` by column row)."""

    def on_leaf(leaf: Leaf, routed: Routed) -> Tree:
        shares = routed.shares()
        weights = [
            data.weights[row] * share if share != 1 else data.weights[row] for row, share in shares
        ]
        r = [residuals[row] for row, _ in shares]
        p = [probabilities[row] for row, _ in shares]
        return Leaf(newton_step(r, p, weights), leaf.stats)

    def on_split(split: Split, routed: Routed, stopped: Routed, below: tuple[Tree, ...]) -> Tree:
        branches = (Branch(b.condition, t) for b, t in zip(split.branches, below, strict=True))
        return Split(tuple(branches), split.stats, split.surrogates)

    one = Fraction(1)
    whole: tuple[tuple[int, Probability], ...] = tuple((row, one) for row in data.rows)
    # runs: the rows under a threshold are divided by bisection, as routing.routed_predictions does
    return fold_routed(tree, data, Routed(whole, runs=True), on_leaf, on_split)


def _initial(data: Dataset, loss: Loss, positive: Label | None) -> float:
    """F_0: the weighted mean of y, or the clipped log-odds of the positive class."""
    if loss == "squared_error":
        stats = stats_of(data)
        assert isinstance(stats, Moments)
        return stats.mean
    weights = data.row_weights
    hits = sum(w for w, y in zip(weights, data.labels, strict=True) if y == positive)
    p = min(max(float(ratio(hits, sum(weights))), _EPSILON), 1 - _EPSILON)
    return math.log(p / (1 - p))


def _check_loss(data: Dataset, loss: Loss | None) -> Loss:
    schema = data.schema
    if loss is None:
        loss = "log_loss" if schema.is_classification else "squared_error"
    check_choice("loss", loss, get_args(Loss))
    if loss == "squared_error" and schema.is_classification:
        raise DtreeError(
            f"target {quote(schema.target.name)} holds classes: squared error boosts a"
            " regression; use loss='log_loss' for two classes"
        )
    if loss == "log_loss" and (not schema.is_classification or len(schema.classes) != 2):
        raise DtreeError(
            f"log-loss boosting classifies two classes; target {quote(schema.target.name)}"
            + (f" has {len(schema.classes)}" if schema.is_classification else " is numeric")
        )
    return loss


def _stage_rows(data: Dataset, subsample: float, seed: int, stage: int) -> tuple[int, ...]:
    rows = data.rows
    if subsample == 1:
        return rows
    drawn = permutation(len(rows), seed, "subsample", stage)
    kept = max(1, math.floor(subsample * len(rows)))
    return tuple(rows[i] for i in sorted(drawn[:kept]))


def gradient_boost(
    data: Dataset,
    *,
    n_stages: int = 100,
    learning_rate: float = 0.1,
    max_depth: int | None = 3,
    subsample: float = 1.0,
    seed: int = 0,
    loss: Loss | None = None,
    min_samples_leaf: Weight = 1,
    min_samples_split: Weight = 0,
    missing: Missing = "refuse",
    progress: Report | None = None,
) -> Ensemble:
    """Gradient boosting of ``n_stages`` regression trees (combination ``"gradient"``).

    ``loss``: ``"squared_error"`` (the default for a numeric target) or
    ``"log_loss"`` (the default for two classes).  F_0 is the weighted mean
    of y, or the log-odds of the second class; stage t grows a regression
    tree (CART, squared error, ``max_depth``, ``min_samples_leaf``,
    ``min_samples_split``, ``missing``: the learner's missing-value policy; a nominal
    attribute's subsets are the m - 1 of its values ordered by mean residual, even under
    ``min_samples_leaf``, as rpart does: ``ordered_subsets``) on the
    residuals r = y - F(x), or y - p under
    log-loss, whose leaves are then Newton steps (:func:`newton_step`), and
    F += learning_rate * f_t.  ``subsample < 1``: stage t grows on the
    first floor(subsample * n) rows (at least one) of
    ``seeded.permutation(n, seed, "subsample", t)``.  See the module for
    how this matches scikit-learn.

    >>> data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": [1.0, 2.0, 4.0, 8.0]}, target="y")
    >>> model = gradient_boost(data, n_stages=2, learning_rate=0.5, max_depth=1)
    >>> model.initial, [t.branches[0].condition.threshold for t in model.trees]
    (3.75, [3.5, 2.5])
    >>> [round(t.branches[1].subtree.prediction, 4) for t in model.trees]  # mean residuals
    [4.25, 1.5417]
    >>> from dtree.ensemble import predict
    >>> round(predict(model, data.example(3)), 4)  # 3.75 + 0.5 * 4.25 + 0.5 * 1.5417
    6.6458
    """
    check_count("n_stages", n_stages, 1)
    _check_rate(learning_rate)
    if not (is_number(subsample) and 0 < subsample <= 1):
        raise DtreeError(f"subsample must be a number in (0, 1], got {quote(subsample)}")
    check_seed(seed)
    loss = _check_loss(data, loss)
    schema = data.schema
    classes = schema.classes if schema.is_classification else ()
    positive = classes[1] if classes else None
    learner = evolve(
        CART,
        impurity="squared_error",
        max_depth=max_depth,
        min_samples_leaf=min_samples_leaf,
        min_samples_split=min_samples_split,
        missing=missing,
        ordered_subsets=True,
    )
    if not sum(data.row_weights) > 0:
        raise DtreeError("the data weigh nothing: boosting needs rows of positive weight")
    rate = float(learning_rate)
    initial = _initial(data, loss, positive)
    n = len(data.target)
    # y as a number by column row: the target, or 1 for the positive class
    ys = [float(y == positive) if classes else float(y) for y in data.target]
    sums = [0] * n  # sum of f_t(x) of each row so far, times 2^1074: exact
    response = Attribute(schema.target.name, Numeric())
    members: list[Tree] = []
    advance = meter(progress, n_stages, "boosting")
    for stage in range(n_stages):
        fs = [0.0] * n  # F(x) of each row: the ensemble's decision so far
        for row in data.rows:
            fs[row] = initial + rate * (sums[row] / (1 << _SCALE))
        guesses = [sigmoid(f) for f in fs] if classes else fs
        residuals = [y - guess for y, guess in zip(ys, guesses, strict=True)]
        if not all(map(math.isfinite, residuals)):
            raise DtreeError(
                f"stage {stage + 1}: F(x) overflows a float at the learning rate"
                f" {quote(learning_rate)}; choose a smaller one"
            )
        rows = _stage_rows(data, subsample, seed, stage)
        fitted = data.with_target(response, residuals).subset(rows)
        member = grow(learner, fitted)
        if classes:
            member = _newton_leaves(member, fitted, residuals, guesses)
        members.append(member)
        for row, value in zip(data.rows, predict_many(member, data), strict=True):
            sums[row] += _scaled(float(value))
        advance(stage + 1)
    return Ensemble(
        "gradient", tuple(members), (1,) * len(members), classes, initial, learning_rate
    )
