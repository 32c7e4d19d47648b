"""dtree.resampling: folds and single splits counted out, and checked by the laws.

Folds are checked against the laws of dtree.invariants (they partition the
rows, their parts are balanced, stratified folds keep every class's share)
and by counting; a single split by its rounding rule.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest
from helpers import PRICES
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants as law
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.resampling import Fold, k_fold, repeated_k_fold, stratified_k_fold, train_test_split
from dtree.strategies import datasets


def rows_tested(folds: tuple[Fold, ...]) -> list[int]:
    return sorted(row for fold in folds for row in fold.test)


# -- folds ----------------------------------------------------------------------------------------


def test_k_fold_deals_the_shuffled_rows() -> None:
    tennis = load("play-tennis")
    shuffled = list(range(14))
    random.Random(3).shuffle(shuffled)
    folds = k_fold(tennis, 4, seed=3)
    assert [fold.test for fold in folds] == [tuple(sorted(shuffled[i::4])) for i in range(4)]
    assert [len(fold.test) for fold in folds] == [4, 4, 3, 3]
    for fold in folds:
        assert fold.train == tuple(sorted(set(range(14)) - set(fold.test)))
    assert law.folds_partition(tennis, folds)
    assert law.folds_are_balanced(tennis, folds)


def test_k_fold_of_n_is_leave_one_out() -> None:
    tennis = load("play-tennis")
    folds = k_fold(tennis, 14)
    assert sorted(fold.test for fold in folds) == [(row,) for row in range(14)]
    assert all(len(fold.train) == 13 for fold in folds)


@given(datasets(min_rows=2, max_rows=30, weighted=True), st.data())
def test_k_fold_partitions_balanced_parts(data: Dataset, draw: st.DataObject) -> None:
    k = draw.draw(st.integers(2, len(data)))
    seed = draw.draw(st.integers(-(2**70), 2**70))
    folds = k_fold(data, k, seed=seed)
    assert len(folds) == k
    assert law.folds_partition(data, folds)
    assert law.folds_are_balanced(data, folds)
    assert folds == k_fold(data, k, seed=seed)


@given(datasets(min_rows=2, max_rows=30), st.data())
def test_folds_depend_on_the_set_of_rows_not_their_listing(
    data: Dataset, draw: st.DataObject
) -> None:
    k = draw.draw(st.integers(2, len(data)))
    listed = data.subset(draw.draw(st.permutations(data.rows)))
    assert k_fold(listed, k, seed=5) == k_fold(data, k, seed=5)
    assert stratified_k_fold(listed, k, seed=5) == stratified_k_fold(data, k, seed=5)


def test_folds_of_a_subset_index_the_columns() -> None:
    tennis = load("play-tennis").subset([1, 3, 5, 7, 9, 11, 13])
    folds = k_fold(tennis, 3)
    assert rows_tested(folds) == [1, 3, 5, 7, 9, 11, 13]
    assert law.folds_partition(tennis, folds)


def test_different_seeds_give_different_folds() -> None:
    iris = load("iris")
    assert len({k_fold(iris, 10, seed=seed) for seed in range(20)}) == 20


@given(datasets(min_rows=2, max_rows=40, max_classes=4), st.data())
def test_stratified_k_fold_keeps_every_class_share(data: Dataset, draw: st.DataObject) -> None:
    k = draw.draw(st.integers(2, len(data)))
    folds = stratified_k_fold(data, k, seed=draw.draw(st.integers(0, 1000)))
    assert law.folds_partition(data, folds)
    assert law.folds_are_balanced(data, folds)
    assert law.folds_are_stratified(data, folds)


def test_stratified_k_fold_on_iris() -> None:
    iris = load("iris")  # 50 of each species
    for fold in stratified_k_fold(iris, 10, seed=1):
        species = [iris.target[row] for row in fold.test]
        assert [species.count(label) for label in iris.schema.classes] == [5, 5, 5]
    for fold in stratified_k_fold(iris, 7, seed=1):  # 50 / 7: 7 or 8 of each
        species = [iris.target[row] for row in fold.test]
        assert {species.count(label) for label in iris.schema.classes} <= {7, 8}


def test_repeated_k_fold_is_trials_of_k_fold_with_drawn_seeds() -> None:
    tennis = load("play-tennis")
    folds = repeated_k_fold(tennis, 3, repeats=4, seed=11)
    draws = random.Random(11)
    trials = [k_fold(tennis, 3, seed=draws.getrandbits(64)) for _ in range(4)]
    assert folds == tuple(itertools.chain.from_iterable(trials))
    assert len(set(trials)) == 4  # each trial shuffles afresh
    for trial in range(4):
        assert law.folds_partition(tennis, folds[3 * trial : 3 * trial + 3])
    stratified = repeated_k_fold(tennis, 3, repeats=2, seed=11, stratified=True)
    draws = random.Random(11)
    assert stratified[:3] == stratified_k_fold(tennis, 3, seed=draws.getrandbits(64))
    assert law.folds_are_stratified(tennis, stratified[3:])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda d: k_fold(d, 1), "k must be an integer in 2..14"),
        (lambda d: k_fold(d, 15), "k must be an integer in 2..14"),
        (lambda d: k_fold(d, 2.0), "k must be an integer"),  # type: ignore[arg-type]
        (lambda d: k_fold(d, True), "k must be an integer"),
        (lambda d: k_fold(d, 3, seed=1.5), "the seed must be an integer"),  # type: ignore[arg-type]
        (lambda d: k_fold(d, 3, seed=None), "the seed must be an integer"),  # type: ignore[arg-type]
        (lambda d: k_fold(d.subset([0, 1, 1, 2]), 2), "lists a row twice"),
        (lambda d: stratified_k_fold(d, 15), "k must be"),
        (lambda d: repeated_k_fold(d, 3, 0), "repeats must be an integer >= 1"),
        (lambda d: repeated_k_fold(d, 30), "k must be"),
        (lambda d: train_test_split(d, 0), "test_size must be an integer in 1..13"),
        (lambda d: train_test_split(d, 14), "test_size must be an integer in 1..13"),
        (lambda d: train_test_split(d, 1.0), "test_size is a share in (0, 1)"),
        (lambda d: train_test_split(d, -0.5), "test_size is a share in (0, 1)"),
        (lambda d: train_test_split(d, math.nan), "test_size is a share in (0, 1)"),
        (lambda d: train_test_split(d, "1/2"), "test_size is a share in (0, 1)"),  # type: ignore[arg-type]
        (lambda d: train_test_split(d, 0.01), "leaves the test set empty"),
        (lambda d: train_test_split(d, 0.99), "leaves the training set empty"),
        (
            lambda d: k_fold(d.subset([0]), 2),
            "cross-validation needs at least 2 rows, the data has 1",
        ),
        (lambda d: stratified_k_fold(d.subset([0]), 2), "needs at least 2 rows, the data has 1"),
    ],
)
def test_bad_fold_arguments_are_refused(call: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call(load("play-tennis"))  # type: ignore[operator]


def test_stratification_needs_classes() -> None:
    for call in (
        lambda: stratified_k_fold(PRICES, 2),
        lambda: train_test_split(PRICES, 2, stratify=True),
        lambda: repeated_k_fold(PRICES, 2, stratified=True),
    ):
        with pytest.raises(DtreeError, match="target 'price' is numeric"):
            call()


@pytest.mark.parametrize(
    ("train", "test", "message"),
    [
        ((), (1,), "train rows must not be empty"),
        ((0,), (), "test rows must not be empty"),
        ((1, 0), (2,), "ascending and distinct"),
        ((0, 0), (2,), "ascending and distinct"),
        ((0, -1), (2,), "indices >= 0"),
        ((0, 1.0), (2,), "indices >= 0"),
        ((0, 1), (1,), "trains and tests on row 1"),
    ],
)
def test_a_fold_is_well_formed(train: tuple[int, ...], test: tuple[int, ...], message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        Fold(train, test)


# -- a single split -------------------------------------------------------------------------------


def test_train_test_split_rounds_halves_up() -> None:
    rows = Dataset.from_columns({"x": list("abcdefghij"), "y": list("pqpqpqpqpq")}, target="y")
    cases: list[tuple[Fraction | float, int]] = [
        (0.15, 2),  # 1.5 in floats
        (Fraction(3, 20), 2),
        (0.25, 3),  # 2.5
        (0.1, 1),  # 1.0000000000000000555 exactly, 1.0 in floats
        (0.24, 2),
        (Fraction(1, 3), 3),
        (4, 4),
    ]
    for share, size in cases:
        train, test = train_test_split(rows, share, seed=1)
        assert (len(train), len(test)) == (10 - size, size), share


@given(datasets(min_rows=2, max_rows=30), st.data())
def test_train_test_split_partitions_the_rows(data: Dataset, draw: st.DataObject) -> None:
    size = draw.draw(st.integers(1, len(data) - 1))
    train, test = train_test_split(data, size, seed=draw.draw(st.integers(0, 99)))
    assert len(test) == size
    assert sorted(train.rows + test.rows) == sorted(data.rows)
    assert list(train.rows) == sorted(train.rows)
    assert list(test.rows) == sorted(test.rows)


shares = st.integers(2, 12).flatmap(lambda d: st.integers(1, d - 1).map(lambda k: Fraction(k, d)))
"""Shares in (0, 1) of small denominators: halves to round are common."""


@given(datasets(min_rows=4, max_rows=40), shares)
def test_stratified_split_rounds_each_class(data: Dataset, share: Fraction) -> None:
    groups = {label: data.labels.count(label) for label in data.schema.classes}
    expected = {label: math.floor(share * n + Fraction(1, 2)) for label, n in groups.items()}
    if not 0 < sum(expected.values()) < len(data):
        with pytest.raises(DtreeError, match="set empty"):
            train_test_split(data, share, stratify=True)
        return
    train, test = train_test_split(data, share, stratify=True, seed=4)
    assert {label: test.labels.count(label) for label in groups} == expected
    assert sorted(train.rows + test.rows) == sorted(data.rows)


def test_train_test_split_is_seeded() -> None:
    iris = load("iris")
    first = train_test_split(iris, 0.3, seed=9)
    assert train_test_split(iris, 0.3, seed=9) == first
    assert train_test_split(iris, 0.3, seed=10) != first
    assert law.same_seed_same_answer(train_test_split, iris, 0.3, seed=9, stratify=True)
