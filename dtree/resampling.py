"""Resampling: the rows of a dataset dealt into folds, or split once into training and test.

Vocabulary
----------
``Fold(train, test)``
    One split of a dataset's rows: row indices (elements of ``data.rows``),
    each tuple ascending; ``data.subset(fold.train)`` is the training set.
    k-fold cross-validation (the Decision Trees II notes) deals the
    shuffled rows into k parts and tests each part in turn on a tree
    grown from the others.
stratified
    Dealt class by class, so that each part keeps every class's share.

Contents
--------
Folds
    :class:`Fold`, :func:`k_fold`, :func:`stratified_k_fold`,
    :func:`repeated_k_fold`, :func:`folds_of`, :func:`check_folds`.
One split
    :func:`train_test_split`.

What is measured on them (:func:`dtree.evaluate.cross_validate`,
:func:`dtree.evaluate.learning_curve`) is in :mod:`dtree.evaluate`, which
hands these names on too.

Conventions
-----------
* Randomness only through ``random.Random(seed)``, made afresh in each
  call: the same seed gives the same folds, and nothing else changes them.
* The rows are taken in ascending order before they are shuffled, so how
  a subset lists its rows does not matter; a row listed twice is refused.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction

from attrs import field, frozen
from toolz import groupby, isdistinct

from dtree.arithmetic import Number, check_count, is_number
from dtree.dataset import Dataset, Label
from dtree.errors import DtreeError, quote
from dtree.seeded import check_seed

__all__ = [
    "Fold",
    "check_folds",
    "folds_of",
    "k_fold",
    "repeated_k_fold",
    "stratified_k_fold",
    "train_test_split",
]


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


def check_folds(k: object, n: int) -> None:
    """k folds of n rows: each fold tests a row and trains on another, so 2 <= k <= n.

    >>> check_folds(2, 1)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: cross-validation needs at least 2 rows, the data has 1
    """
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

    See also: :func:`stratified_k_fold`, :func:`repeated_k_fold`,
    :func:`dtree.evaluate.cross_validate`.
    """
    check_folds(k, len(data))
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
    check_folds(k, len(data))
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

    See also: :func:`k_fold`, :func:`dtree.evaluate.cross_validate`.
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
