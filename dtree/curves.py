"""Ranking curves: ROC and recall-precision, from a model's probability of one class.

A classifier that gives each example a score s(x) = P(positive | x) classifies it as
positive when s(x) >= theta, for a threshold theta.  Lowering theta from above the
greatest score to the least turns examples positive group by group, those of one score
at a time; at each distinct score the counts of a confusion matrix change, and so do

    TPR = recall = TP / P,      FPR = FP / N,      precision = TP / (TP + FP),

with P and N the weights of the positive and the negative examples.  The ROC curve joins
the points (FPR, TPR), from (0, 0) (no example positive) to (1, 1) (every one); the
recall-precision curve of the Decision Trees II notes joins (recall, precision).

A tree's score is its leaf's share of the positive class, so the thresholds where a tree's
curves step are the class probabilities of the leaves the data reach (and, for an example
spread over several leaves by a missing value, the mixture of theirs): where no tested
value is missing, a tree of L leaves has at most L steps.
Where the tree's counts are integers these probabilities are fractions, and every point
and both areas are exact.

Areas
-----
``roc_auc``
    The area under the ROC curve, by trapezoids: the probability that a positive example
    scores above a negative one, ties counting one half (the Mann-Whitney statistic),
    weighted by the examples' weights.
``average_precision``
    sum_k (R_k - R_(k-1)) P_k over the thresholds in descending order, R_0 = 0: each gain
    in recall weighted by the precision at which it is made (scikit-learn's
    ``average_precision_score``).  The trapezoidal area under the recall-precision curve is
    not given: joining two of its points by a straight line overstates the precision in
    between (Davis and Goadrich, 2006).

Contents: :class:`Curve`, :func:`curve`, :func:`scores`, :func:`roc`,
:func:`precision_recall`, :func:`roc_auc`, :func:`average_precision`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

from attrs import frozen

from dtree.counts import ClassStats, ratio, running_totals, total
from dtree.dataset import Dataset, Label, Weight
from dtree.ensemble import Ensemble, Model, predict_proba_many
from dtree.errors import DtreeError, quote
from dtree.tree import Probability

__all__ = [
    "Curve",
    "average_precision",
    "curve",
    "precision_recall",
    "roc",
    "roc_auc",
    "scores",
]

Ratio = Fraction | float
"""A rate or a precision: exact where the weights and scores are."""


@frozen
class Curve:
    """The counts behind both curves: for each threshold theta_k, in descending order, the
    weights TP_k and FP_k of the positive and the negative examples scored >= theta_k;
    ``positives`` = P and ``negatives`` = N, both positive."""

    positive: Label
    thresholds: tuple[Probability, ...]
    true_positives: tuple[Weight, ...]
    false_positives: tuple[Weight, ...]
    positives: Weight
    negatives: Weight


def _positive_of(classes: Sequence[Label], positive: Label | None) -> Label:
    """The positive class: the one given, or the second of two."""
    if positive is None:
        if len(classes) != 2:
            raise DtreeError(
                f"{len(classes)} classes: name the positive one (positive=...), the others"
                " are its negatives"
            )
        return classes[1]
    if positive not in classes:
        raise DtreeError(f"{quote(positive)} is not a class; the classes are {list(classes)}")
    return positive


def _classes(model: Model) -> tuple[Label, ...]:
    if isinstance(model, Ensemble):
        if not model.is_classifier:
            raise DtreeError("a regressor has no class probabilities to rank by")
        return model.classes
    if not isinstance(model.stats, ClassStats):
        raise DtreeError("a regression tree has no class probabilities to rank by")
    return model.stats.classes


def scores(model: Model, data: Dataset, positive: Label | None = None) -> tuple[Probability, ...]:
    """Each row's P(positive | x) under the model, in row order.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> scores(id3(tennis, max_depth=1), tennis)[:5]
    (Fraction(2, 5), Fraction(2, 5), Fraction(1, 1), Fraction(3, 5), Fraction(3, 5))
    """
    classes = _classes(model)
    k = classes.index(_positive_of(classes, positive))
    return tuple(row[k] for row in predict_proba_many(model, data))


def curve(model: Model, data: Dataset, positive: Label | None = None) -> Curve:
    """The counts of both curves of ``model`` on ``data``, ``positive`` against the rest.

    The thresholds are the distinct scores of the rows of positive weight.  ID3's stump on
    PlayTennis (Outlook: Overcast 4 Yes, Sunny 2 of 5, Rain 3 of 5) has three leaves and
    so three thresholds:

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> counts = curve(id3(tennis, max_depth=1), tennis)
    >>> counts.thresholds
    (Fraction(1, 1), Fraction(3, 5), Fraction(2, 5))
    >>> counts.true_positives, counts.false_positives, counts.positives, counts.negatives
    ((4, 7, 9), (0, 2, 5), 9, 5)
    """
    classes = _classes(model)
    chosen = _positive_of(classes, positive)
    by_score: dict[Probability, list[Weight]] = {}
    for score, label, weight in zip(
        scores(model, data, chosen), data.labels, data.row_weights, strict=True
    ):
        if weight > 0:
            tally = by_score.setdefault(score, [0, 0])
            tally[0 if label == chosen else 1] += weight
    thresholds = tuple(sorted(by_score, reverse=True))
    tp = tuple(running_totals([by_score[t][0] for t in thresholds]))
    fp = tuple(running_totals([by_score[t][1] for t in thresholds]))
    p, n = (tp[-1], fp[-1]) if thresholds else (0, 0)
    if p <= 0 or n <= 0:
        missing = "positive" if p <= 0 else "negative"
        raise DtreeError(f"the data have no {missing} example of positive weight: no curve")
    return Curve(chosen, thresholds, tp, fp, p, n)


def roc(counts: Curve) -> tuple[tuple[Ratio, Ratio], ...]:
    """The ROC curve's points (FPR, TPR): (0, 0), then one per threshold, the last (1, 1).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> [(str(x), str(y)) for x, y in roc(curve(id3(tennis, max_depth=1), tennis))]
    [('0', '0'), ('0', '4/9'), ('2/5', '7/9'), ('1', '1')]
    """
    steps = zip(counts.true_positives, counts.false_positives, strict=True)
    origin: tuple[Ratio, Ratio] = (Fraction(0), Fraction(0))
    return (
        origin,
        *((ratio(fp, counts.negatives), ratio(tp, counts.positives)) for tp, fp in steps),
    )


def precision_recall(counts: Curve) -> tuple[tuple[Ratio, Ratio], ...]:
    """The recall-precision curve's points (recall, precision), one per threshold, in
    descending order of the threshold (so ascending recall, the last at recall 1).

    No point is added at recall 0: no threshold gives it where the top score has a
    positive example, and its precision would be 0 / 0 (scikit-learn adds (0, 1) to
    draw the curve from the axis).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> counts = curve(id3(tennis, max_depth=1), tennis)
    >>> [(str(r), str(p)) for r, p in precision_recall(counts)]
    [('4/9', '1'), ('7/9', '7/9'), ('1', '9/14')]
    """
    return tuple(
        (ratio(tp, counts.positives), ratio(tp, total([tp, fp])))
        for tp, fp in zip(counts.true_positives, counts.false_positives, strict=True)
    )


def roc_auc(counts: Curve) -> Ratio:
    """The area under the ROC curve by trapezoids: P(s(x+) > s(x-)) + P(s(x+) = s(x-)) / 2
    for a positive x+ and a negative x- drawn by weight.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> roc_auc(curve(id3(tennis, max_depth=1), tennis))  # 2/5 (4/9 + 7/9)/2 + 3/5 (7/9 + 1)/2
    Fraction(7, 9)
    """
    points = roc(counts)
    area: Ratio = Fraction(0)
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        area += (x1 - x0) * (y0 + y1) / 2
    return area


def average_precision(counts: Curve) -> Ratio:
    """sum_k (R_k - R_(k-1)) P_k: each step in recall times the precision it is made at.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> average_precision(curve(id3(tennis, max_depth=1), tennis))  # 4/9 + 3/9 7/9 + 2/9 9/14
    Fraction(160, 189)
    """
    area: Ratio = Fraction(0)
    before: Ratio = Fraction(0)
    for recall, precision in precision_recall(counts):
        area += (recall - before) * precision
        before = recall
    return area
