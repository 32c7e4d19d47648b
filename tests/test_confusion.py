"""dtree.confusion: the notes' numbers, the definitions and scikit-learn as models.

The Decision Trees II notes' precision and recall example (100 examples,
5 positive) is written out exactly; precision, recall and F checked by their
definitions and against ``sklearn.metrics.precision_recall_fscore_support``.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import partial

import pytest
from helpers import thorough
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import precision_recall_fscore_support

from dtree.confusion import ConfusionMatrix, f_beta, precision, recall
from dtree.errors import DtreeError

# -- the confusion matrix and its metrics (the Decision Trees II notes' example) ------------------

ACTUAL = ["+"] * 5 + ["-"] * 95


def test_just_say_no() -> None:
    matrix = ConfusionMatrix.from_labels(ACTUAL, ["-"] * 100, ("+", "-"))
    assert matrix.counts == ((0, 5), (0, 95))  # TP FN / FP TN
    assert matrix.accuracy == Fraction(95, 100)
    assert recall(matrix, "+") == precision(matrix, "+") == 0  # 0/5 and 0/0
    assert f_beta(matrix, "+") == 0
    assert isinstance(precision(matrix, "+"), Fraction)


def test_predict_four_positives_two_rightly() -> None:
    predicted = ["+", "+", "-", "-", "-"] + ["+", "+"] + ["-"] * 93
    matrix = ConfusionMatrix.from_labels(ACTUAL, predicted, ("+", "-"))
    assert matrix.counts == ((2, 3), (2, 93))
    assert recall(matrix, "+") == Fraction(2, 5)
    assert precision(matrix, "+") == Fraction(2, 4)
    assert matrix.accuracy == Fraction(95, 100)  # no better than saying no
    # F_beta = (1 + beta^2) P R / (beta^2 P + R); F_1 is the harmonic mean.
    p, r = Fraction(1, 2), Fraction(2, 5)
    for beta in (1, 2, Fraction(1, 2), 3):
        assert f_beta(matrix, "+", beta=beta) == (1 + beta**2) * p * r / (beta**2 * p + r)
    assert f_beta(matrix, "+") == 2 / (1 / p + 1 / r) == Fraction(4, 9)
    assert f_beta(matrix, "+", beta=0) == p


@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 30), st.integers(0, 30))
def test_two_class_metrics_by_their_definitions(tp: int, fn: int, fp: int, tn: int) -> None:
    matrix = ConfusionMatrix(("yes", "no"), ((tp, fn), (fp, tn)))
    n = tp + fn + fp + tn
    assert matrix.accuracy == (Fraction(tp + tn, n) if n else 0)
    assert precision(matrix, "yes") == (Fraction(tp, tp + fp) if tp + fp else 0)
    assert recall(matrix, "yes") == (Fraction(tp, tp + fn) if tp + fn else 0)
    # F_beta = (1 + beta^2) TP / ((1 + beta^2) TP + beta^2 FN + FP), 0 for 0/0.
    for beta in (1, 2, Fraction(1, 3)):
        b2 = beta**2
        denominator = (1 + b2) * tp + b2 * fn + fp
        expected = Fraction((1 + b2) * tp) / denominator if denominator else 0
        assert f_beta(matrix, "yes", beta=beta) == expected


def test_zero_division_is_zero() -> None:
    matrix = ConfusionMatrix(("a", "b", "c"), ((3, 1, 0), (2, 0, 0), (0, 0, 0)))
    # b is never predicted (precision 0/0), c neither occurs nor is predicted.
    assert precision(matrix, "b") == 0
    assert recall(matrix, "b") == 0
    assert precision(matrix, "c") == recall(matrix, "c") == f_beta(matrix, "c") == 0
    # The macro average leaves out c, which occurs nowhere: (3/5 + 0) / 2.
    assert precision(matrix) == Fraction(3, 10)
    assert recall(matrix) == Fraction(3, 8)
    empty = ConfusionMatrix(("a", "b"), ((0, 0), (0, 0)))
    for metric in (precision, recall, f_beta):
        for average in ("macro", "micro", "weighted"):
            assert metric(empty, average=average) == 0
    assert empty.accuracy == 0


def test_averages_on_a_three_class_matrix() -> None:
    matrix = ConfusionMatrix(("a", "b", "c"), ((4, 1, 0), (2, 2, 1), (0, 0, 3)))
    # Columns (predicted) 6, 3, 4; rows (actual) 5, 5, 3.
    per_class = [
        (Fraction(4, 6), Fraction(4, 5)),
        (Fraction(2, 3), Fraction(2, 5)),
        (Fraction(3, 4), 1),
    ]
    assert [(precision(matrix, k), recall(matrix, k)) for k in "abc"] == per_class
    assert precision(matrix) == (Fraction(4, 6) + Fraction(2, 3) + Fraction(3, 4)) / 3
    assert recall(matrix, average="weighted") == Fraction(4 + 2 + 3, 13)  # the accuracy
    assert (
        precision(matrix, average="weighted")
        == (5 * Fraction(4, 6) + 5 * Fraction(2, 3) + 3 * Fraction(3, 4)) / 13
    )
    for metric in (precision, recall, f_beta):
        assert metric(matrix, average="micro") == matrix.accuracy == Fraction(9, 13)


labels = st.sampled_from(["ant", "bee", "cat", "dog"])


@thorough(200)
@given(st.lists(st.tuples(labels, labels, st.integers(1, 3)), min_size=1, max_size=40))
def test_metrics_agree_with_scikit_learn(pairs: list[tuple[str, str, int]]) -> None:
    actual, predicted, weights = map(list, zip(*pairs, strict=True))
    matrix = ConfusionMatrix.from_labels(actual, predicted, weights=weights)
    assert matrix.classes == tuple(sorted({*actual, *predicted}))
    assert matrix.total == sum(weights)
    for average in ("macro", "micro", "weighted", None):
        expected = precision_recall_fscore_support(
            actual, predicted, beta=2, sample_weight=weights, average=average, zero_division=0
        )
        metrics = (precision, recall, partial(f_beta, beta=2))
        got: list[object]
        if average is None:
            got = [[metric(matrix, label) for label in matrix.classes] for metric in metrics]
        else:
            got = [metric(matrix, average=average) for metric in metrics]
        for ours, theirs in zip(got, expected[:3], strict=True):
            assert ours == pytest.approx(theirs, rel=1e-12, abs=1e-12), average


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: ConfusionMatrix(("a", "a"), ((1, 0), (0, 1))), "distinct"),
        (lambda: ConfusionMatrix((), ()), "needs a class"),
        (lambda: ConfusionMatrix(("a", "b"), ((1, 0),)), "2 by 2"),
        (lambda: ConfusionMatrix(("a", "b"), ((1, 0), (0,))), "2 by 2"),
        (lambda: ConfusionMatrix(("a", "b"), ((1, -1), (0, 1))), "counts must be"),
        (lambda: ConfusionMatrix(("a", "b"), ((1, math.inf), (0, 1))), "counts must be"),
        (lambda: ConfusionMatrix(("a",), (("1",),)), "counts must be"),  # type: ignore[arg-type]
        (lambda: ConfusionMatrix.from_labels(["a"], ["a", "b"]), "1 actual labels but 2"),
        (lambda: ConfusionMatrix.from_labels(["a"], ["b"], ["a"]), "unknown class 'b'"),
        (lambda: ConfusionMatrix.from_labels(["a"], ["a"], weights=[1, 2]), "2 weights for 1"),
        (lambda: precision(ConfusionMatrix(("a",), ((1,),)), "z"), "unknown class 'z'"),
        (lambda: recall(ConfusionMatrix(("a",), ((1,),)), average="mean"), "unknown average"),  # type: ignore[arg-type]
        (lambda: f_beta(ConfusionMatrix(("a",), ((1,),)), beta=-1), "beta must be"),
        (lambda: f_beta(ConfusionMatrix(("a",), ((1,),)), beta=math.nan), "beta must be"),
        (
            lambda: ConfusionMatrix(("a",), ((1,),)) + ConfusionMatrix(("b",), ((1,),)),
            "differ",
        ),
    ],
)
def test_bad_matrices_and_metric_arguments_are_refused(build: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        build()  # type: ignore[operator]
