"""The confusion matrix and the measures read from it: precision, recall and F_beta.

Vocabulary
----------
``ConfusionMatrix(classes, counts)``
    Weights by actual class (rows) and predicted class (columns); with
    TP, FP, FN of a class: precision = TP / (TP + FP), recall =
    TP / (TP + FN), and F_beta their weighted harmonic mean.
``average``
    How a measure of one class becomes one of all the classes: ``macro``
    (the plain mean over the classes that occur), ``micro`` (the measure
    of the counts summed over the classes) or ``weighted`` (by each
    class's actual weight).

Contents
--------
:class:`ConfusionMatrix`, :func:`precision`, :func:`recall`, :func:`f_beta`.
The matrix of a tree's predictions on data is
:func:`dtree.evaluate.confusion_matrix`; :mod:`dtree.evaluate` hands these
names on too.

Conventions
-----------
* Exact where the weights are integers: accuracies, precisions and
  recalls are ``Fraction``; with a float weight they are ``float``.
* 0 / 0 is 0: the precision of a class never predicted, the recall of a
  class that never occurs, and an F of precision and recall both 0 are 0
  (scikit-learn's ``zero_division=0``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Literal, assert_never, get_args

from attrs import field, frozen
from toolz import isdistinct

from dtree.arithmetic import Number, Real, check_at_least_zero, is_number
from dtree.counts import cross_tabulate, ratio, total
from dtree.dataset import Label, Weight, collection
from dtree.errors import DtreeError, check_choice, quote

__all__ = ["Average", "ConfusionMatrix", "f_beta", "precision", "recall"]

Average = Literal["macro", "micro", "weighted"]
"""How a measure of each class is averaged over the classes (see :func:`precision`)."""


def _labels(labels: Iterable[Label]) -> tuple[Label, ...]:
    return collection(labels, "classes")


def _table(rows: Iterable[Iterable[Weight]]) -> tuple[tuple[Weight, ...], ...]:
    return tuple(tuple(row) for row in rows)


def _check_distinct(classes: Sequence[Label]) -> None:
    if not isdistinct(classes):
        raise DtreeError(f"the classes must be distinct, got {quote(classes)}")


@frozen
class ConfusionMatrix:
    """Weights of the examples by actual class (rows) and predicted class (columns).

    With two classes and the positive first it is the notes' table of TP,
    FN (first row) and FP, TN (second row).

    >>> m = ConfusionMatrix(("+", "-"), ((2, 3), (2, 93)))
    >>> m.total, m.correct, m.accuracy
    (100, 95, Fraction(19, 20))
    >>> m.actual_totals, m.predicted_totals
    ((5, 95), (4, 96))

    See also: :func:`dtree.evaluate.confusion_matrix`, :meth:`from_labels`.
    """

    classes: tuple[Label, ...] = field(converter=_labels)
    counts: tuple[tuple[Weight, ...], ...] = field(converter=_table)

    def __attrs_post_init__(self) -> None:
        _check_distinct(self.classes)
        k = len(self.classes)
        if k == 0:
            raise DtreeError("a confusion matrix needs a class")
        if len(self.counts) != k or any(len(row) != k for row in self.counts):
            raise DtreeError(f"a confusion matrix of {k} classes is {k} by {k}")
        for row in self.counts:
            for count in row:
                if not is_number(count) or not 0 <= count < math.inf:
                    raise DtreeError(f"counts must be finite numbers >= 0, got {quote(count)}")

    @classmethod
    def from_labels(
        cls,
        actual: Sequence[Label],
        predicted: Sequence[Label],
        classes: Sequence[Label] | None = None,
        weights: Sequence[Weight] | None = None,
    ) -> ConfusionMatrix:
        """Count pairs of actual and predicted labels (each of weight 1 unless
        ``weights`` says otherwise).  The classes are sorted unless given.

        The Decision Trees II notes' example: 100 examples, 5 positive; 4
        predicted positive, 2 of them rightly.

        >>> actual = ["+"] * 5 + ["-"] * 95
        >>> predicted = ["+", "+", "-", "-", "-"] + ["+", "+"] + ["-"] * 93
        >>> ConfusionMatrix.from_labels(actual, predicted, ("+", "-")).counts
        ((2, 3), (2, 93))
        """
        actual, predicted = collection(actual, "actual"), collection(predicted, "predicted")
        if len(actual) != len(predicted):
            raise DtreeError(f"{len(actual)} actual labels but {len(predicted)} predicted")
        shares = (1,) * len(actual) if weights is None else tuple(weights)
        if len(shares) != len(actual):
            raise DtreeError(f"{len(shares)} weights for {len(actual)} labels")
        order = (
            tuple(sorted({*actual, *predicted}))
            if classes is None
            else collection(classes, "classes")
        )
        _check_distinct(order)
        known = set(order)
        for label in itertools.chain.from_iterable(zip(actual, predicted, strict=True)):
            if label not in known:
                raise DtreeError(f"unknown class {quote(label)}; the classes are {quote(order)}")
        return cls(order, cross_tabulate(zip(actual, predicted, shares, strict=True), order, order))

    @property
    def total(self) -> Weight:
        """The weight of all the examples, P + N."""
        return total(self.actual_totals)

    @property
    def correct(self) -> Weight:
        """The weight on the diagonal: TP + TN with two classes."""
        return total(self.counts[k][k] for k in range(len(self.classes)))

    @property
    def accuracy(self) -> Real:
        """(TP + TN) / (P + N): the diagonal's share (0 for an empty matrix)."""
        return _quotient(self.correct, self.total)

    @property
    def actual_totals(self) -> tuple[Weight, ...]:
        """Each class's weight among the actual labels (its support): the row sums."""
        return tuple(total(row) for row in self.counts)

    @property
    def predicted_totals(self) -> tuple[Weight, ...]:
        """Each class's weight among the predictions: the column sums."""
        return tuple(total(column) for column in zip(*self.counts, strict=True))

    def __add__(self, other: ConfusionMatrix) -> ConfusionMatrix:
        """The matrix of both matrices' examples (the same classes): folds pooled."""
        if not isinstance(other, ConfusionMatrix):
            return NotImplemented
        if other.classes != self.classes:
            raise DtreeError(f"classes {quote(other.classes)} differ from {quote(self.classes)}")
        return ConfusionMatrix(
            self.classes,
            (
                tuple(total((a, b)) for a, b in zip(mine, theirs, strict=True))
                for mine, theirs in zip(self.counts, other.counts, strict=True)
            ),
        )


def _quotient(numerator: Weight, denominator: Weight) -> Real:
    """numerator / denominator, exact where they are, and 0 / 0 = 0."""
    if denominator == 0:
        return ratio(0 * numerator, 1)
    return ratio(numerator, denominator)


@frozen
class _Counts:
    """A class's true positives, predicted positives (TP + FP) and actual positives (TP + FN)."""

    true: Weight
    predicted: Weight
    actual: Weight


def _class_counts(matrix: ConfusionMatrix) -> tuple[_Counts, ...]:
    return tuple(
        _Counts(matrix.counts[k][k], predicted, actual)
        for k, (predicted, actual) in enumerate(
            zip(matrix.predicted_totals, matrix.actual_totals, strict=True)
        )
    )


def _averaged(
    matrix: ConfusionMatrix,
    label: Label | None,
    average: Average,
    metric: Callable[[_Counts], Real],
) -> Real:
    """The metric of one class, or averaged over the classes.

    ``macro``: the plain mean over the classes that occur (some actual or
    predicted weight); ``micro``: the metric of the counts summed over the
    classes; ``weighted``: the mean weighted by each class's actual weight.
    """
    check_choice("average", average, get_args(Average))
    per_class = _class_counts(matrix)
    if label is not None:
        if label not in matrix.classes:
            raise DtreeError(
                f"unknown class {quote(label)}; the classes are {quote(matrix.classes)}"
            )
        return metric(per_class[matrix.classes.index(label)])
    match average:
        case "macro":
            scores = [metric(c) for c in per_class if c.predicted > 0 or c.actual > 0]
            return _quotient(total(scores), len(scores))
        case "micro":
            true = total(c.true for c in per_class)
            return metric(_Counts(true, matrix.total, matrix.total))
        case "weighted":
            return _quotient(total(c.actual * metric(c) for c in per_class), matrix.total)
        case _:  # pragma: no cover - checked above
            assert_never(average)


def _precision(counts: _Counts) -> Real:
    return _quotient(counts.true, counts.predicted)


def _recall(counts: _Counts) -> Real:
    return _quotient(counts.true, counts.actual)


def precision(
    matrix: ConfusionMatrix, label: Label | None = None, *, average: Average = "macro"
) -> Real:
    """TP / (TP + FP): of the examples predicted to be of the class, the share
    that are ("the probability that a randomly selected positive prediction
    is indeed positive", the Decision Trees II notes).

    With ``label`` that class's precision; without, the ``average`` over
    the classes: ``macro`` (the mean over the classes that occur, actually
    or predicted), ``micro`` (of the summed counts: the accuracy, when each
    example has one label) or ``weighted`` (by each class's actual weight).
    A class never predicted has precision 0 (0 / 0 = 0).

    The notes' example: 100 examples, 5 positive.

    >>> say_no = ConfusionMatrix.from_labels(["+"] * 5 + ["-"] * 95, ["-"] * 100, ("+", "-"))
    >>> say_no.accuracy, precision(say_no, "+")
    (Fraction(19, 20), Fraction(0, 1))
    >>> four = ConfusionMatrix(("+", "-"), ((2, 3), (2, 93)))  # 4 predicted +, 2 rightly
    >>> precision(four, "+"), precision(four, average="micro")
    (Fraction(1, 2), Fraction(19, 20))

    See also: :func:`recall`, :func:`f_beta`.
    """
    return _averaged(matrix, label, average, _precision)


def recall(
    matrix: ConfusionMatrix, label: Label | None = None, *, average: Average = "macro"
) -> Real:
    """TP / (TP + FN): of the examples of the class, the share predicted to be
    ("the probability that a randomly selected positive is identified").

    ``label`` and ``average`` as in :func:`precision`; a class that never
    occurs has recall 0 (0 / 0 = 0).

    >>> say_no = ConfusionMatrix.from_labels(["+"] * 5 + ["-"] * 95, ["-"] * 100, ("+", "-"))
    >>> recall(say_no, "+")
    Fraction(0, 1)
    >>> four = ConfusionMatrix(("+", "-"), ((2, 3), (2, 93)))
    >>> recall(four, "+"), recall(four, "-")
    (Fraction(2, 5), Fraction(93, 95))

    See also: :func:`precision`, :func:`f_beta`.
    """
    return _averaged(matrix, label, average, _recall)


def _f(beta_squared: Number, counts: _Counts) -> Real:
    p, r = _precision(counts), _recall(counts)
    return _quotient((1 + beta_squared) * p * r, beta_squared * p + r)


def f_beta(
    matrix: ConfusionMatrix,
    label: Label | None = None,
    *,
    beta: Number = 1,
    average: Average = "macro",
) -> Real:
    """F_beta = (1 + beta^2) precision recall / (beta^2 precision + recall), the
    weighted harmonic mean of precision and recall (the Decision Trees II notes).

    beta > 1 weighs recall more, beta < 1 precision; F_1 is their harmonic
    mean.  ``label`` and ``average`` as in :func:`precision` (``micro``
    takes F of the micro precision and recall).  When precision and
    recall are both 0, F is 0.

    >>> four = ConfusionMatrix(("+", "-"), ((2, 3), (2, 93)))  # precision 1/2, recall 2/5
    >>> f_beta(four, "+"), f_beta(four, "+", beta=2)
    (Fraction(4, 9), Fraction(5, 12))

    See also: :func:`precision`, :func:`recall`.
    """
    check_at_least_zero("beta", beta)
    return _averaged(matrix, label, average, partial(_f, beta * beta))
