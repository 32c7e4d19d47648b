"""Evaluating a learner: held-out data, error estimates, classification metrics, learning curves.

Vocabulary
----------
``Fold(train, test)``
    One split of a dataset's rows: row indices (elements of ``data.rows``),
    each tuple ascending; ``data.subset(fold.train)`` is the training set.
    k-fold cross-validation (the Decision Trees II notes) deals the
    shuffled rows into k parts and tests each part in turn on a tree
    grown from the others.
loss
    Of one prediction: 0/1 misclassification, or the squared error
    (y - prediction)^2 in regression.
``error``
    The weighted mean loss on a dataset: the misclassification rate
    (1 - accuracy), or the mean squared error.
R^(T)
    The resubstitution estimate of the Learning with Trees notes,
    sum over the leaves t of r(t) p(t): the error on the training data,
    from the statistics the leaves keep.
``ConfusionMatrix(classes, counts)``
    Weights by actual class (rows) and predicted class (columns); with
    TP, FP, FN of a class: precision = TP / (TP + FP), recall =
    TP / (TP + FN), and F_beta their weighted harmonic mean.

Contents
--------
Folds:      :class:`Fold`, :func:`k_fold`, :func:`stratified_k_fold`,
            :func:`repeated_k_fold`, :func:`train_test_split`.
Losses:     :func:`losses`, :func:`error`, :func:`accuracy`,
            :func:`resubstitution`.
Metrics:    :class:`ConfusionMatrix`, :func:`confusion_matrix`, :func:`precision`,
            :func:`recall`, :func:`f_beta`.
Estimates:  :class:`CrossValidation`, :func:`cross_validate`,
            :class:`LearningPoint`, :func:`learning_curve`, :func:`mean`,
            :func:`standard_error`.

Conventions
-----------
* Randomness only through ``random.Random(seed)``, made afresh in each
  call: the same seed gives the same folds, and nothing else changes them.
* Exact where the weights are integers: errors, accuracies, precisions
  and recalls are ``Fraction``; with a float weight they are ``float``.
  Squared errors are exact too, computed from the float values given.
* A learner is a :class:`dtree.grower.learner.Learner` (grown with
  :func:`dtree.grower.make_subtree.grow`) or any function from a dataset to a tree,
  such as ``functools.partial(dtree.cart, max_depth=3)``.
* 0 / 0 is 0: the precision of a class never predicted, the recall of a
  class that never occurs, and an F of precision and recall both 0 are 0
  (scikit-learn's ``zero_division=0``).
"""

from __future__ import annotations

import itertools
import math
import operator
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from fractions import Fraction
from functools import partial, reduce
from typing import Literal, TypeVar, get_args, overload

from attrs import field, frozen
from toolz import groupby, isdistinct

from dtree.arithmetic import Number, Real, check_count, exact, is_number, square_root
from dtree.counts import ClassStats, cross_tabulate, ratio, total, training_loss
from dtree.dataset import Dataset, Label, Weight, collection
from dtree.ensemble import Ensemble, Model, predict_many
from dtree.errors import DtreeError, check_choice, quote
from dtree.grower.learner import Learner
from dtree.grower.make_subtree import grow
from dtree.parallel import fan_out
from dtree.progress import Report, part, takes_progress
from dtree.seeded import check_seed
from dtree.tree import Tree, leaves

__all__ = [
    "ConfusionMatrix",
    "CrossValidation",
    "Fold",
    "Learn",
    "Learning",
    "LearningPoint",
    "accuracy",
    "confusion_matrix",
    "cross_validate",
    "error",
    "f_beta",
    "folds_of",
    "k_fold",
    "learn_for",
    "learn_with",
    "learning_curve",
    "losses",
    "mean",
    "precision",
    "recall",
    "repeated_k_fold",
    "resubstitution",
    "standard_error",
    "stratified_k_fold",
    "train_test_split",
]

Average = Literal["macro", "micro", "weighted"]
M = TypeVar("M", bound=Model)
Learn = Callable[[Dataset], Tree]
"""A learner as a function: a dataset in, a tree out (e.g. ``dtree.grower.presets.id3``)."""
Learning = Learner | Learn
"""What grows trees: a Learner, or a function from data to a tree."""
Fit = Callable[[Dataset], Model]
"""A function from data to a model: a tree, or an ensemble (e.g.
``lambda data: dtree.ensemble.bagging.bag(data).ensemble``)."""
Fitting = Learner | Fit
"""What cross-validation and learning curves measure: a Learner, or a function from data to
a model."""


# -- folds -------------------------------------------------------------------------------------


def _indices(rows: Iterable[int]) -> tuple[int, ...]:
    return tuple(rows)


@frozen
class Fold:
    """Row indices to train on and to test on: disjoint, non-empty, each ascending.

    >>> fold = Fold((0, 2, 3), (1,))
    >>> fold.test
    (1,)
    >>> Fold((0, 1), (1, 2))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: a fold trains and tests on row 1
    """

    train: tuple[int, ...] = field(converter=_indices)
    test: tuple[int, ...] = field(converter=_indices)

    def __attrs_post_init__(self) -> None:
        for name, rows in (("train", self.train), ("test", self.test)):
            if not rows:
                raise DtreeError(f"a fold's {name} rows must not be empty")
            if not all(type(row) is int and row >= 0 for row in rows):
                raise DtreeError(f"a fold's {name} rows are indices >= 0, got {quote(rows)}")
            if any(a >= b for a, b in itertools.pairwise(rows)):
                raise DtreeError(f"a fold's {name} rows must be ascending and distinct")
        common = set(self.train) & set(self.test)
        if common:
            raise DtreeError(f"a fold trains and tests on row {min(common)}")


def _check_folds(k: object, n: int) -> None:
    """k folds of n rows: each fold tests a row and trains on another, so 2 <= k <= n."""
    if n < 2:
        raise DtreeError(f"cross-validation needs at least 2 rows, the data has {n}")
    check_count("k", k, 2, n)


def _distinct_rows(data: Dataset) -> list[int]:
    """The data's rows in ascending order: how a subset lists them does not matter."""
    rows = sorted(data.rows)
    if not isdistinct(rows):
        raise DtreeError("the dataset lists a row twice: folds partition distinct rows")
    return rows


def _folds_of(rows: Sequence[int], k: int) -> tuple[Fold, ...]:
    """Deal ``rows`` in turn into k parts (part i gets rows i, i + k, ...); fold i tests part i."""
    parts = [rows[i::k] for i in range(k)]
    everything = set(rows)
    return tuple(Fold(sorted(everything - set(part)), sorted(part)) for part in parts)


def _classes_of(data: Dataset, purpose: str) -> tuple[Label, ...]:
    if not data.schema.is_classification:
        raise DtreeError(
            f"target {quote(data.schema.target.name)} is numeric: {purpose} needs classes"
        )
    return data.schema.classes


def k_fold(data: Dataset, k: int = 10, *, seed: int = 0) -> tuple[Fold, ...]:
    """k-fold cross-validation: shuffle the rows, deal them into k parts,
    and test each part in turn (the Decision Trees II notes).

    The rows, in ascending order, are shuffled by
    ``random.Random(seed).shuffle`` and dealt like cards, so the parts'
    sizes differ by at most one; fold i tests part i and trains on the
    other k - 1.  k = len(data) is leave-one-out.

    >>> from dtree.datasets import load
    >>> folds = k_fold(load("play-tennis"), 3)
    >>> [len(fold.test) for fold in folds], [len(fold.train) for fold in folds]
    ([5, 5, 4], [9, 9, 10])
    >>> sorted(row for fold in folds for row in fold.test) == list(range(14))
    True

    See also: :func:`stratified_k_fold`, :func:`repeated_k_fold`, :func:`cross_validate`.
    """
    _check_folds(k, len(data))
    check_seed(seed)
    rows = _distinct_rows(data)
    random.Random(seed).shuffle(rows)
    return _folds_of(rows, k)


def stratified_k_fold(data: Dataset, k: int = 10, *, seed: int = 0) -> tuple[Fold, ...]:
    """k-fold cross-validation that keeps each class's share in every fold.

    Each class's rows (ascending), class after class in class order, are
    shuffled by one ``random.Random(seed)`` and dealt on from where the previous class
    stopped.  So every fold tests floor(n_c / k) or ceil(n_c / k) rows of
    each class c, and the folds' sizes differ by at most one, as in
    :func:`k_fold`.  A class of fewer than k rows is missing from some
    folds' tests.

    >>> from dtree.datasets import load
    >>> tennis = load("play-tennis")  # 5 No, 9 Yes
    >>> folds = stratified_k_fold(tennis, 3)
    >>> [[tennis.target[row] for row in fold.test].count("No") for fold in folds]
    [2, 2, 1]
    >>> [len(fold.test) for fold in folds]
    [5, 5, 4]

    See also: :func:`k_fold`, :func:`dtree.invariants.folds_are_stratified`.
    """
    classes = _classes_of(data, "stratified folds")
    _check_folds(k, len(data))
    check_seed(seed)
    rows = _distinct_rows(data)
    rng = random.Random(seed)
    by_class: dict[Label | float, list[int]] = groupby(data.target.__getitem__, rows)
    dealt: list[int] = []
    for label in classes:
        members = by_class.get(label, [])
        rng.shuffle(members)
        dealt += members
    return _folds_of(dealt, k)


def repeated_k_fold(
    data: Dataset, k: int = 10, repeats: int = 10, *, seed: int = 0, stratified: bool = False
) -> tuple[Fold, ...]:
    """t trials of k-fold cross-validation, each on freshly shuffled data
    (the Decision Trees II notes' "Multiple Trials of k-Fold CV").

    The result is the t k folds, trial by trial: folds r k to r k + k - 1
    are trial r, the folds of ``k_fold(data, k, seed=s_r)`` (or
    :func:`stratified_k_fold`), where s_r is the r-th 64-bit number drawn
    by ``random.Random(seed).getrandbits(64)``.  Every learner tested on
    these folds sees the same splits, so their scores can be compared
    fold by fold (:func:`dtree.significance.paired_t_test`).

    >>> from dtree.datasets import load
    >>> folds = repeated_k_fold(load("play-tennis"), 2, repeats=3, seed=7)
    >>> first_trial = random.Random(7).getrandbits(64)
    >>> len(folds), folds[:2] == k_fold(load("play-tennis"), 2, seed=first_trial)
    (6, True)

    See also: :func:`k_fold`, :func:`cross_validate`.
    """
    check_count("repeats", repeats, 1)
    check_seed(seed)
    split = stratified_k_fold if stratified else k_fold
    rng = random.Random(seed)
    seeds = [rng.getrandbits(64) for _ in range(repeats)]
    return tuple(fold for trial in seeds for fold in split(data, k, seed=trial))


def train_test_split(
    data: Dataset, test_size: Number = 0.25, *, seed: int = 0, stratify: bool = False
) -> tuple[Dataset, Dataset]:
    """The data split once into a training set and a test set.

    ``test_size`` is a share in (0, 1) or a number of rows.  The test set
    has round(share n) of the n rows, halves rounded up (share n computed
    in the arithmetic of ``test_size``: exactly for a Fraction, in floats
    for a float, so 0.15 of 10 rows is 1.5, rounded to 2).  With
    ``stratify`` the same rule is applied to each class, share n_c rows of
    class c, so each keeps its share; the total may then differ from the
    unstratified one by the rounding.  The rows, in ascending order, are
    shuffled by ``random.Random(seed)`` (each class's in turn, in class order, when
    stratified); the test set is the first of them.  Both sets keep the
    rows in ascending order, and neither may be empty.

    >>> from dtree.datasets import load
    >>> train, test = train_test_split(load("play-tennis"), Fraction(1, 2), stratify=True)
    >>> len(train), len(test), test.labels.count("No")  # 2.5 of the 5 No rounds to 3
    (6, 8, 3)

    See also: :func:`k_fold`.
    """
    check_seed(seed)
    rows = _distinct_rows(data)
    n = len(rows)
    if is_number(test_size) and type(test_size) is int:
        share: Number = Fraction(check_count("test_size", test_size, 1, n - 1), n)
    elif is_number(test_size) and 0 < test_size < 1:
        share = test_size
    else:
        raise DtreeError(
            f"test_size is a share in (0, 1) or a number of rows, got {quote(test_size)}"
        )
    rng = random.Random(seed)
    if stratify:
        groups = [
            [row for row in rows if data.target[row] == label]
            for label in _classes_of(data, "a stratified split")
        ]
    else:
        groups = [rows]
    test: list[int] = []
    for group in groups:
        rng.shuffle(group)
        test += group[: math.floor(share * len(group) + Fraction(1, 2))]
    if not 0 < len(test) < n:
        raise DtreeError(
            f"test_size={quote(test_size)} of {n} rows leaves the"
            f" {'test' if not test else 'training'} set empty"
        )
    chosen = set(test)
    train = (row for row in sorted(rows) if row not in chosen)
    return data.subset(train), data.subset(sorted(test))


# -- losses --------------------------------------------------------------------------------------


def _check_kind(tree: Model, data: Dataset) -> None:
    classifies = (
        tree.is_classifier if isinstance(tree, Ensemble) else isinstance(tree.stats, ClassStats)
    )
    if classifies != data.schema.is_classification:
        model = "ensemble" if isinstance(tree, Ensemble) else "tree"
        kinds = (f"a regression {model}", "classification data")
        if classifies:
            kinds = (f"a classification {model}", "regression data")
        raise DtreeError(f"{kinds[0]} cannot be measured on {kinds[1]}")


def losses(tree: Model, data: Dataset) -> tuple[int | Fraction, ...]:
    """The loss of the tree's prediction for each row: 1 for a wrong class and
    0 for the right one, or in regression the squared error (y - prediction)^2,
    exactly (a ``Fraction`` of the floats' values).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> xor = load("xor")
    >>> losses(id3(xor, max_depth=0), xor)  # a single leaf predicting 0
    (0, 1, 1, 0)

    See also: :func:`error`.
    """
    _check_kind(tree, data)
    guesses = predict_many(tree, data)
    if data.schema.is_classification:
        return tuple(int(guess != label) for guess, label in zip(guesses, data.labels, strict=True))
    return tuple(
        (Fraction(label) - Fraction(guess)) ** 2
        for guess, label in zip(guesses, data.labels, strict=True)
    )


def _weighted_mean(values: Sequence[Number], weights: Sequence[Weight], what: str) -> Real:
    weight = total(weights)
    if weight == 0:
        raise DtreeError(f"{what} needs a row of positive weight")
    return ratio(total(w * v for w, v in zip(weights, values, strict=True)), weight)


def error(tree: Model, data: Dataset) -> Real:
    """The weighted mean loss on the data: the misclassification rate
    (# incorrect predictions / # test instances, the Decision Trees II
    notes), or the mean squared error in regression.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> error(id3(tennis, max_depth=0), tennis)  # always Yes: the 5 No are wrong
    Fraction(5, 14)

    See also: :func:`accuracy`, :func:`resubstitution`, :func:`cross_validate`.
    """
    return _weighted_mean(losses(tree, data), data.row_weights, "an error")


def accuracy(tree: Model, data: Dataset) -> Real:
    """# correct predictions / # test instances = 1 - error (classification only).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> accuracy(id3(tennis, max_depth=0), tennis)
    Fraction(9, 14)

    See also: :func:`error`, :class:`ConfusionMatrix`.
    """
    _classes_of(data, "accuracy")
    return 1 - error(tree, data)


def resubstitution(tree: Tree) -> Real:
    """The resubstitution estimate R^(T) = sum over leaves t of r(t) p(t)
    (the Learning with Trees notes), from the leaves' own statistics.

    r(t) p(t) is the weight the leaf misclassifies over the root's weight,
    so R^(T) is the training error (:func:`dtree.counts.training_loss`
    summed over the leaves, over N); in regression it is the residual sum
    of squares over N.  It is too optimistic an estimate of the true error:
    grown until pure, a tree on consistent data has R^(T) = 0.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> resubstitution(id3(load("play-tennis"), max_depth=1))  # only Sunny's 2 Yes and Rain's 2 No
    Fraction(2, 7)
    >>> resubstitution(id3(load("play-tennis")))
    Fraction(0, 1)

    See also: :func:`error`, which measures any data.
    """
    n = tree.stats.weight
    if n == 0:
        raise DtreeError("a tree grown from no weight has no resubstitution estimate")
    return ratio(total(training_loss(leaf.stats, leaf.prediction) for leaf in leaves(tree)), n)


# -- confusion matrix and its metrics ------------------------------------------------------------


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

    See also: :func:`confusion_matrix`, :meth:`from_labels`.
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


def confusion_matrix(tree: Model, data: Dataset) -> ConfusionMatrix:
    """The weighted confusion matrix of the tree's predictions on the data,
    over the data's classes in their order.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> confusion_matrix(id3(tennis, max_depth=1), tennis).counts  # rows No, Yes
    ((3, 2), (2, 7))

    See also: :class:`ConfusionMatrix`, :func:`precision`, :func:`recall`.
    """
    classes = _classes_of(data, "a confusion matrix")
    _check_kind(tree, data)
    return ConfusionMatrix.from_labels(
        tuple(map(str, data.labels)),
        tuple(map(str, predict_many(tree, data))),
        classes,
        data.row_weights,
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
            raise AssertionError(average)


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
    if not is_number(beta) or not 0 <= beta < math.inf:
        raise DtreeError(f"beta must be a finite number >= 0, got {quote(beta)}")
    return _averaged(matrix, label, average, partial(_f, beta * beta))


# -- estimates from held-out data ----------------------------------------------------------------


def mean(values: Sequence[Number]) -> Real:
    """The arithmetic mean, exact unless a value is a float (then rounded once).

    >>> mean([Fraction(1, 2), Fraction(1, 3)]), mean([1, 2]), mean([0.1, 0.2])
    (Fraction(5, 12), Fraction(3, 2), 0.15000000000000002)
    """
    if not values:
        raise DtreeError("the mean of no values is undefined")
    average = sum((exact(value, "values") for value in values), Fraction(0)) / len(values)
    return float(average) if any(isinstance(value, float) for value in values) else average


def standard_error(values: Sequence[Number]) -> float:
    """s / sqrt(n), with s^2 = sum (x - mean)^2 / (n - 1) the sample variance.

    How far the mean of n independent scores (of cross-validation folds,
    say) is likely to be from the mean they estimate.  The variance is
    exact, and its square root correct to the last bit but one.

    >>> standard_error([1, 2, 3, 4])  # s^2 = 5/3, s^2 / n = 5/12
    0.6454972243679028

    See also: :func:`mean`, :func:`dtree.significance.paired_t_test`.
    """
    if len(values) < 2:
        raise DtreeError(f"a standard error needs two values or more, got {len(values)}")
    xs = [exact(value, "values") for value in values]
    centre = sum(xs, Fraction(0)) / len(xs)
    variance = sum(((x - centre) ** 2 for x in xs), Fraction(0)) / (len(xs) - 1)
    return square_root(variance / len(xs))


@overload
def learn_with(learner: Learner, progress: Report | None = None) -> Learn: ...
@overload
def learn_with(
    learner: Callable[[Dataset], M], progress: Report | None = None
) -> Callable[[Dataset], M]: ...
def learn_with(learner: Fitting, progress: Report | None = None) -> Fit:
    """The function from data to a tree (or other model) that ``learner`` stands for.

    With ``progress``, the growth of the tree is reported to it: a
    :class:`~dtree.grower.learner.Learner`'s by :func:`~dtree.grower.make_subtree.grow`, a
    function's
    when it takes a ``progress`` keyword (``id3``, ``c45``, ``cart`` and
    partial applications of them do); other functions report nothing.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> learn_with(ID3)(load("xor")).stats
    ClassStats(classes=('0', '1'), counts=(2, 2))
    >>> seen = []
    >>> _ = learn_with(ID3, seen.append)(load("xor"))
    >>> seen[-1]
    Progress(done=4.0, total=4.0, what='growing')
    """
    if isinstance(learner, Learner):
        return partial(grow, learner, progress=progress)
    if callable(learner):
        reporting: Callable[..., Model] = learner
        if progress is not None and takes_progress(reporting):
            return partial(reporting, progress=progress)
        return learner
    raise DtreeError(
        f"a learner is a Learner or a function from data to a tree, not {quote(learner)}"
    )


def learn_for(
    learner: Learning, progress: Report | None
) -> Callable[[float, float, float, str], Learn]:
    """:func:`learn_with` for the parts of a larger work, each a tree to grow.

    ``learner`` is checked at once, before any work.  For a part, the units
    ``start`` to ``end`` of ``total`` named ``what``, the result gives the
    function from data to a tree whose growth is reported to ``progress``
    as that part of the whole (see :func:`dtree.progress.part`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> seen = []
    >>> learn = learn_for(ID3, seen.append)
    >>> _ = learn(2, 3, 4, "fold 3/4")(load("xor"))
    >>> seen[-1]
    Progress(done=3.0, total=4, what='fold 3/4, growing')
    >>> learn_for("ID3", None)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: a learner is a Learner or a function from data to a tree, not 'ID3'
    """
    learn_with(learner)

    def learn(start: float, end: float, total: float, what: str) -> Learn:
        return learn_with(learner, part(progress, start, end, total, what))

    return learn


def folds_of(
    data: Dataset,
    folds: int | Sequence[Fold],
    *,
    seed: int = 0,
    stratified: bool | None = None,
) -> tuple[Fold, ...]:
    """The folds asked for: k of them, stratified or not, or those given (checked).

    ``stratified=None`` stratifies classification data and not regression data.

    >>> from dtree.datasets import load
    >>> [len(fold.test) for fold in folds_of(load("play-tennis"), 3)]
    [5, 5, 4]
    """
    if isinstance(folds, bool | str) or not isinstance(folds, int | Sequence):
        raise DtreeError(
            "folds is a number of folds (an integer) or a sequence of Fold values,"
            f" not {quote(folds)}"
        )
    if isinstance(folds, int):
        if stratified is None:
            stratified = data.schema.is_classification
        return (stratified_k_fold if stratified else k_fold)(data, folds, seed=seed)
    if stratified is not None:
        raise DtreeError("stratified applies to folds made here: with folds given, leave it None")
    given = tuple(folds)
    if not given or not all(isinstance(fold, Fold) for fold in given):
        raise DtreeError("folds is a number of folds (an integer) or a sequence of Fold values")
    known = set(data.rows)
    for fold in given:
        if not known.issuperset(fold.train) or not known.issuperset(fold.test):
            raise DtreeError("a fold's rows must be rows of the dataset")
    return given


@frozen
class CrossValidation:
    """The scores of a cross-validation: the error on each fold's test rows,
    and for classification the confusion matrix of all the folds pooled.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> result = cross_validate(ID3, load("iris"), 10)
    >>> result.errors[:4]
    (Fraction(0, 1), Fraction(2, 15), Fraction(1, 15), Fraction(2, 15))
    >>> result.mean_error, round(result.standard_error, 4), result.mean_accuracy
    (Fraction(3, 50), 0.0185, Fraction(47, 50))
    >>> result.confusion.counts  # setosa, versicolor, virginica
    ((50, 0, 0), (0, 46, 4), (0, 5, 45))
    """

    folds: tuple[Fold, ...]
    errors: tuple[Real, ...]
    confusion: ConfusionMatrix | None

    @property
    def mean_error(self) -> Real:
        """The mean of the folds' errors: the cross-validated error estimate."""
        return mean(self.errors)

    @property
    def standard_error(self) -> float:
        """The standard error of :attr:`mean_error` (and of :attr:`mean_accuracy`)."""
        return standard_error(self.errors)

    @property
    def accuracies(self) -> tuple[Real, ...]:
        """Each fold's accuracy, 1 - error (classification only)."""
        if self.confusion is None:
            raise DtreeError("a regression has no accuracy; see errors (mean squared errors)")
        return tuple(1 - e for e in self.errors)

    @property
    def mean_accuracy(self) -> Real:
        """The mean of the folds' accuracies (classification only)."""
        return mean(self.accuracies)


def cross_validate(
    learner: Fitting,
    data: Dataset,
    folds: int | Sequence[Fold] = 10,
    *,
    seed: int = 0,
    stratified: bool | None = None,
    progress: Report | None = None,
    executor: Executor | None = None,
) -> CrossValidation:
    """k-fold cross-validation: grow a tree on each fold's training rows and
    measure its error on the fold's test rows (the Decision Trees II notes).
    ``learner`` may be any function from data to a model, an ensemble's too.

    ``folds`` is k, for :func:`stratified_k_fold` (classification) or
    :func:`k_fold` (regression) with ``seed`` unless ``stratified`` says
    which; or the folds themselves, e.g. from :func:`repeated_k_fold`.
    ``progress``, if given, is told the folds done, a
    :class:`~dtree.progress.Progress` of k, the growth of each fold's tree
    included (see :func:`learn_with`).  A fold whose test rows all have
    weight 0 has no error, and a DtreeError says so.  With an ``executor``
    (a process pool, a Dask cluster's) the folds are grown in parallel, with
    exactly the serial result; progress is then told each fold as it
    completes (see :mod:`dtree.parallel`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> result = cross_validate(ID3, load("xor"), 2, stratified=False)
    >>> result.errors, result.confusion.counts  # XOR: half the table says nothing of the rest
    ((Fraction(1, 1), Fraction(1, 1)), ((0, 2), (2, 0)))

    See also: :class:`CrossValidation`, :func:`learning_curve`,
    :func:`dtree.significance.paired_t_test`.
    """
    learn_with(learner)  # a bad learner is refused before any work
    chosen = folds_of(data, folds, seed=seed, stratified=stratified)
    k = len(chosen)
    scores = fan_out(
        partial(_tested, learner, data),
        chosen,
        executor,
        progress=progress,
        names=[f"fold {done}/{k}" for done in range(1, k + 1)],
    )
    matrices = [matrix for _, matrix in scores if matrix is not None]
    pooled = reduce(operator.add, matrices) if matrices else None
    return CrossValidation(chosen, tuple(e for e, _ in scores), pooled)


def _tested(
    learner: Fitting, data: Dataset, fold: Fold, *, progress: Report | None = None
) -> tuple[Real, ConfusionMatrix | None]:
    """The error on the fold's test rows of the tree grown on its training rows, and in
    classification their confusion matrix."""
    tree = learn_with(learner, progress)(data.subset(fold.train))
    test = data.subset(fold.test)
    matrix = confusion_matrix(tree, test) if data.schema.is_classification else None
    return error(tree, test), matrix


@frozen
class LearningPoint:
    """A point of a learning curve: the training size and the mean errors."""

    size: int
    training_error: Real
    test_error: Real


def learning_curve(
    learner: Fitting,
    data: Dataset,
    sizes: Sequence[int],
    *,
    folds: int | Sequence[Fold] = 10,
    seed: int = 0,
    stratified: bool | None = None,
    progress: Report | None = None,
    executor: Executor | None = None,
) -> tuple[LearningPoint, ...]:
    """Performance against the number of training examples, averaged over the
    folds of a cross-validation (the Decision Trees II notes' learning curve).

    The folds are those of :func:`cross_validate` with the same arguments.
    Each fold's training rows are put in an order of their own, shuffled by
    one ``random.Random(seed)`` fold after fold; for each m in ``sizes``
    a tree is grown on the first m of them and measured on those m rows
    (training error) and on the fold's test rows (test error).  The
    training sets of one fold are nested: m rows are the first m of any
    larger training set.  Each m must lie between 1 and the size of the
    smallest fold's training rows.  ``progress``, if given, is told the
    trees grown, a :class:`~dtree.progress.Progress` of ``len(sizes)`` times
    the number of folds.  With an ``executor`` the trees are grown in
    parallel, with exactly the serial result (see :func:`cross_validate`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> curve = learning_curve(ID3, load("iris"), [5, 20, 135])
    >>> [point.training_error for point in curve]  # consistent data, grown until pure
    [Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)]
    >>> [point.test_error for point in curve]
    [Fraction(47, 150), Fraction(8, 75), Fraction(3, 50)]

    See also: :func:`cross_validate`, :class:`LearningPoint`.
    """
    learn_with(learner)  # a bad learner is refused before any work
    chosen = folds_of(data, folds, seed=seed, stratified=stratified)
    smallest = min(len(fold.train) for fold in chosen)
    for m in sizes:
        check_count("a training size", m, 1, smallest)
    rng = random.Random(seed)
    orders = [rng.sample(fold.train, len(fold.train)) for fold in chosen]
    k = len(chosen)
    first_rows = [  # for each size, each fold with its training rows cut to the first m
        Fold(sorted(order[:m]), fold.test)
        for m in sizes
        for fold, order in zip(chosen, orders, strict=True)
    ]
    scores = fan_out(
        partial(_trained_and_tested, learner, data),
        first_rows,
        executor,
        progress=progress,
        names=[f"{m} rows, fold {j}/{k}" for m in sizes for j in range(1, k + 1)],
    )
    points = []
    for i, m in enumerate(sizes):
        training, testing = zip(*scores[i * k : (i + 1) * k], strict=True)
        points.append(LearningPoint(m, mean(training), mean(testing)))
    return tuple(points)


def _trained_and_tested(
    learner: Fitting, data: Dataset, fold: Fold, *, progress: Report | None = None
) -> tuple[Real, Real]:
    """The errors on the fold's training rows and on its test rows of the tree grown on
    its training rows."""
    train = data.subset(fold.train)
    tree = learn_with(learner, progress)(train)
    return error(tree, train), error(tree, data.subset(fold.test))
