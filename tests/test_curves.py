"""dtree.curves: ROC and recall-precision curves, exact, against brute force and scikit-learn."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import (
    average_precision_score,
    precision_recall_curve,
    roc_auc_score,
    roc_curve,
)

from dtree.counts import ClassStats
from dtree.curves import Curve, average_precision, curve, precision_recall, roc, roc_auc, scores
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.presets import c45, cart, id3
from dtree.strategies import datasets
from dtree.tree import Tree, leaves, reach

# -- worked numbers ------------------------------------------------------------------------------


def stump() -> tuple[Tree, Dataset]:
    tennis = load("play-tennis")
    return id3(tennis, max_depth=1), tennis


def test_the_stumps_three_leaves_are_its_three_steps() -> None:
    """Outlook: Overcast 4 Yes of 4, Rain 3 of 5, Sunny 2 of 5."""
    tree, tennis = stump()
    counts = curve(tree, tennis)
    assert counts.positive == "Yes"
    assert counts.thresholds == (Fraction(1), Fraction(3, 5), Fraction(2, 5))
    assert roc(counts) == ((0, 0), (0, Fraction(4, 9)), (Fraction(2, 5), Fraction(7, 9)), (1, 1))
    assert precision_recall(counts) == (
        (Fraction(4, 9), 1),
        (Fraction(7, 9), Fraction(7, 9)),
        (1, Fraction(9, 14)),
    )
    # 2/5 (4/9 + 7/9) / 2 + 3/5 (7/9 + 1) / 2, and 4/9 + 3/9 7/9 + 2/9 9/14
    assert roc_auc(counts) == Fraction(7, 9)
    assert average_precision(counts) == Fraction(160, 189)


def test_the_other_class_as_positive() -> None:
    """With No positive, the scores are 1 - P(Yes) and the labels swap too: the same area."""
    tree, tennis = stump()
    counts = curve(tree, tennis, positive="No")
    assert counts.thresholds == (Fraction(3, 5), Fraction(2, 5), Fraction(0))
    assert roc_auc(counts) == roc_auc(curve(tree, tennis)) == Fraction(7, 9)


def test_a_pure_tree_ranks_perfectly() -> None:
    tennis = load("play-tennis")
    counts = curve(id3(tennis), tennis)
    assert roc_auc(counts) == 1
    assert average_precision(counts) == 1


# -- laws, with brute force as the model ---------------------------------------------------------


def mann_whitney(data: Dataset, score: tuple[Fraction | float, ...], positive: str) -> Fraction:
    """P(s+ > s-) + P(s+ = s-) / 2 over every pair of a positive and a negative row, by
    weight: the model of the area under the ROC curve."""
    wins = Fraction(0)
    pairs = Fraction(0)
    rows = list(zip(score, data.labels, data.row_weights, strict=True))
    for (s, y, w), (t, z, v) in itertools.product(rows, rows):
        if y == positive and z != positive:
            weight = Fraction(w) * Fraction(v)
            pairs += weight
            wins += weight * (1 if s > t else Fraction(1, 2) if s == t else 0)
    return wins / pairs


BINARY = datasets(min_rows=2, max_rows=14, max_numeric=2, min_classes=2, max_classes=2)
WEIGHTED = datasets(
    min_rows=2, max_rows=14, max_numeric=2, min_classes=2, max_classes=3, weighted=True
)


def both_kinds(data: Dataset, positive: str) -> bool:
    """Whether the data weigh something on each side of ``positive``."""
    sides = {y == positive for y, w in zip(data.labels, data.row_weights, strict=True) if w > 0}
    return sides == {True, False}


@given(WEIGHTED, st.data())
def test_the_area_is_the_mann_whitney_probability(data: Dataset, draw: st.DataObject) -> None:
    positive = draw.draw(st.sampled_from(data.schema.classes))
    tree = id3(data, max_depth=draw.draw(st.integers(0, 2)))
    if not both_kinds(data, positive):
        with pytest.raises(DtreeError, match="no curve"):
            curve(tree, data, positive)
        return
    counts = curve(tree, data, positive)
    assert roc_auc(counts) == mann_whitney(data, scores(tree, data, positive), positive)


@given(WEIGHTED, st.data())
def test_the_steps_are_the_probabilities_of_the_leaves_reached(
    data: Dataset, draw: st.DataObject
) -> None:
    positive = draw.draw(st.sampled_from(data.schema.classes))
    if not both_kinds(data, positive):
        return
    tree = cart(data, max_depth=draw.draw(st.integers(0, 3)))
    reached = {
        end
        for row, weight in zip(data.examples(), data.row_weights, strict=True)
        if weight > 0
        for end, _ in reach(tree, row)
    }
    expected = set()
    for leaf in leaves(tree):
        if leaf in reached:
            assert isinstance(leaf.stats, ClassStats)
            k = leaf.stats.classes.index(positive)
            distribution = leaf.stats.proportions if leaf.stats.weight else None
            expected.add(distribution[k] if distribution else int(leaf.prediction == positive))
    assert set(curve(tree, data, positive).thresholds) == expected


@given(WEIGHTED, st.data())
def test_the_roc_curve_climbs_from_the_origin_to_the_corner(
    data: Dataset, draw: st.DataObject
) -> None:
    positive = draw.draw(st.sampled_from(data.schema.classes))
    if not both_kinds(data, positive):
        return
    counts = curve(id3(data), data, positive)
    points = roc(counts)
    assert points[0] == (Fraction(0), Fraction(0))
    assert points[-1] == (Fraction(1), Fraction(1))
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        assert x0 <= x1
        assert y0 <= y1
        assert (x0, y0) != (x1, y1)
    recalls = [r for r, _ in precision_recall(counts)]
    assert recalls == sorted(recalls)
    assert recalls[-1] == 1
    assert 0 <= average_precision(counts) <= 1


@given(BINARY)
def test_of_two_classes_either_may_be_positive(data: Dataset) -> None:
    """Scores 1 - s and labels swapped: every pair keeps its order, so the area is the same;
    swapping the labels alone, under the same scores, mirrors it to 1 - AUC."""
    first, second = data.schema.classes
    if not both_kinds(data, second):
        return
    tree = c45(data)
    area = roc_auc(curve(tree, data, second))
    assert roc_auc(curve(tree, data, first)) == area
    assert mann_whitney(data, scores(tree, data, second), first) == 1 - area


# -- scikit-learn, run ---------------------------------------------------------------------------


def sklearn_agrees(tree: Tree, data: Dataset, positive: str) -> None:
    counts = curve(tree, data, positive)
    score = [float(s) for s in scores(tree, data, positive)]
    truth = [int(y == positive) for y in data.labels]
    weights = [float(w) for w in data.row_weights]
    fpr, tpr, _ = roc_curve(truth, score, sample_weight=weights, drop_intermediate=False)
    ours = roc(counts)
    assert len(fpr) == len(ours)
    for (x, y), a, b in zip(ours, fpr, tpr, strict=True):
        assert float(x) == pytest.approx(a, abs=1e-12)
        assert float(y) == pytest.approx(b, abs=1e-12)
    assert float(roc_auc(counts)) == pytest.approx(
        roc_auc_score(truth, score, sample_weight=weights), abs=1e-12
    )
    assert float(average_precision(counts)) == pytest.approx(
        average_precision_score(truth, score, sample_weight=weights), abs=1e-12
    )
    precision, recall, _ = precision_recall_curve(truth, score, sample_weight=weights)
    # scikit-learn's ascending thresholds, without the (recall 0, precision 1) it adds
    theirs = list(zip(recall[-2::-1], precision[-2::-1], strict=True))
    mine = [(float(r), float(p)) for r, p in precision_recall(counts)]
    assert len(theirs) == len(mine)
    for (r, p), (a, b) in zip(mine, theirs, strict=True):
        assert r == pytest.approx(a, abs=1e-12)
        assert p == pytest.approx(b, abs=1e-12)


@pytest.mark.parametrize(
    ("name", "grow", "positive"),
    [
        ("play-tennis", lambda d: id3(d, max_depth=1), "Yes"),
        ("golf", c45, "Play"),
        ("iris", lambda d: cart(d, max_depth=2), "versicolor"),
        ("iris", lambda d: cart(d, max_depth=3), "virginica"),
        ("restaurant", lambda d: id3(d, max_depth=1), "No"),
    ],
)
def test_scikit_learn_draws_the_same_curves(name: str, grow: object, positive: str) -> None:
    data = load(name)
    sklearn_agrees(grow(data), data, positive)  # type: ignore[operator]


@given(WEIGHTED, st.data())
def test_scikit_learn_agrees_on_random_data(data: Dataset, draw: st.DataObject) -> None:
    positive = draw.draw(st.sampled_from(data.schema.classes))
    if both_kinds(data, positive):
        sklearn_agrees(cart(data, max_depth=2), data, positive)


# -- refusals ------------------------------------------------------------------------------------


def test_bad_requests_are_refused_in_one_line() -> None:
    iris = load("iris")
    tree = cart(iris, max_depth=2)
    with pytest.raises(DtreeError, match="3 classes: name the positive one"):
        curve(tree, iris)
    with pytest.raises(DtreeError, match="'rose' is not a class"):
        curve(tree, iris, "rose")
    with pytest.raises(DtreeError, match="no negative example"):
        curve(tree, iris.subset(range(50)), "setosa")
    prices = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": [1.0, 2.0, 4.0]}, target="y")
    with pytest.raises(DtreeError, match="regression tree"):
        curve(cart(prices), prices)


def test_a_curve_is_a_frozen_value() -> None:
    tree, tennis = stump()
    counts = curve(tree, tennis)
    assert counts == curve(tree, tennis)
    assert isinstance(counts, Curve)
