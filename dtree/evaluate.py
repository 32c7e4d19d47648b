"""Evaluating a learner: error estimates on held-out data, cross-validation, learning curves.

Vocabulary
----------
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
cross-validation
    The error of trees grown on each fold's training rows, measured on its
    test rows (the folds are :mod:`dtree.resampling`'s).

Contents
--------
Losses:     :func:`losses`, :func:`error`, :func:`accuracy`,
            :func:`resubstitution`, :func:`confusion_matrix`.
Estimates:  :class:`CrossValidation`, :func:`cross_validate`,
            :class:`LearningPoint`, :func:`learning_curve`, :func:`mean`,
            :func:`standard_error`, :func:`learn_with`, :func:`learn_for`.

Handed on, so that ``dtree.evaluate`` is the one module to import for
evaluation: the folds of :mod:`dtree.resampling` (:class:`Fold`,
:func:`k_fold`, :func:`stratified_k_fold`, :func:`repeated_k_fold`,
:func:`train_test_split`, :func:`folds_of`) and the matrix and measures of
:mod:`dtree.confusion` (:class:`ConfusionMatrix`, :func:`precision`,
:func:`recall`, :func:`f_beta`).

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

import operator
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from fractions import Fraction
from functools import partial, reduce
from typing import TypeVar, overload

from attrs import frozen

from dtree.arithmetic import Number, Real, check_count, exact, square_root
from dtree.confusion import ConfusionMatrix, f_beta, precision, recall
from dtree.counts import ClassStats, ratio, total, training_loss
from dtree.dataset import Dataset, Label, Weight
from dtree.ensemble import Ensemble, Model, Walks, predict_many
from dtree.errors import DtreeError, quote
from dtree.grower.learner import Learner
from dtree.grower.make_subtree import grow
from dtree.parallel import fan_out
from dtree.progress import Report, part, takes_progress
from dtree.resampling import (
    Fold,
    _classes_of,
    folds_of,
    k_fold,
    repeated_k_fold,
    stratified_k_fold,
    train_test_split,
)
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


def losses(
    tree: Model, data: Dataset, *, compiled: Walks | None = None
) -> tuple[int | Fraction, ...]:
    """The loss of the tree's prediction for each row: 1 for a wrong class and
    0 for the right one, or in regression the squared error (y - prediction)^2,
    exactly (a ``Fraction`` of the floats' values).  A caller that measures one model
    on many datasets passes its trees ``compiled`` once
    (:func:`dtree.ensemble.compiled_members`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> xor = load("xor")
    >>> losses(id3(xor, max_depth=0), xor)  # a single leaf predicting 0
    (0, 1, 1, 0)

    See also: :func:`error`.
    """
    _check_kind(tree, data)
    return _losses(predict_many(tree, data, compiled=compiled), data)


def _losses(guesses: Sequence[Label | float], data: Dataset) -> tuple[int | Fraction, ...]:
    """:func:`losses` of the model's predictions on the data's rows."""
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


def error(tree: Model, data: Dataset, *, compiled: Walks | None = None) -> Real:
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
    return _weighted_mean(losses(tree, data, compiled=compiled), data.row_weights, "an error")


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


# -- the confusion matrix of a model ------------------------------------------------------------


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
    return _confusion(predict_many(tree, data), data, classes)


def _confusion(
    guesses: Sequence[Label | float], data: Dataset, classes: tuple[Label, ...]
) -> ConfusionMatrix:
    """:func:`confusion_matrix` of the model's predictions on the data's rows."""
    return ConfusionMatrix.from_labels(
        tuple(map(str, data.labels)), tuple(map(str, guesses)), classes, data.row_weights
    )


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
    _check_kind(tree, test)
    guesses = predict_many(tree, test)  # once, for the matrix and the error alike
    matrix = (
        _confusion(guesses, test, _classes_of(test, "a confusion matrix"))
        if data.schema.is_classification
        else None
    )
    return _weighted_mean(_losses(guesses, test), test.row_weights, "an error"), matrix


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
