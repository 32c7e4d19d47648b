"""dtree.grower.medians: scikit-learn's weighted median, absolute deviations, and their running
form, against models written out (the median of the multiset each integer weight stands for,
the deviation of each prefix) and against scikit-learn itself."""

from __future__ import annotations

import statistics
from fractions import Fraction

import numpy as np
import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants as law
from dtree.dataset import Dataset, Weight
from dtree.grower.learner import CART
from dtree.grower.make_subtree import grow
from dtree.grower.medians import absolute_deviation, prefix_deviations, weighted_median

YS = st.integers(-12, 12).map(lambda i: i / 4)
COUNTED = st.lists(st.tuples(YS, st.integers(1, 4)), min_size=1, max_size=12)
WEIGHTED = st.lists(
    st.tuples(YS, st.sampled_from([1, 2, 3, Fraction(1, 2), Fraction(3, 4), 0.25, 1.5])),
    min_size=1,
    max_size=12,
)


def test_the_median_by_hand() -> None:
    """Odd weight: the middle y; even, split between two values: their midpoint; a pair that
    straddles W / 2 is the median whatever its neighbours."""
    assert weighted_median([(3.0, 1), (1.0, 1), (2.0, 1)]) == 2
    assert weighted_median([(1.0, 1), (5.0, 1)]) == 3
    assert weighted_median([(1.0, 1), (5.0, 3)]) == 5
    assert weighted_median([(1.0, 2), (5.0, 1), (7.0, 1)]) == 3  # 2 of 4 below 5: midpoint
    assert absolute_deviation([(1.0, 2), (5.0, 1), (7.0, 1)]) == 2 * 2 + 2 + 4


@given(COUNTED)
def test_an_integer_weight_is_that_many_copies(pairs: list[tuple[float, int]]) -> None:
    """The model: the ordinary median of the multiset the weights stand for (the midpoint of
    the two middle values when there are evenly many), and its deviation."""
    copies = [Fraction(y) for y, w in pairs for _ in range(w)]
    median = statistics.median(copies)
    assert weighted_median(pairs) == median
    assert absolute_deviation(pairs) == sum(abs(y - median) for y in copies)


@given(WEIGHTED, st.integers(-16, 16).map(lambda i: Fraction(i, 8)))
def test_the_median_minimises_the_absolute_deviation(
    pairs: list[tuple[float, Weight]], elsewhere: Fraction
) -> None:
    def about(m: Fraction) -> Fraction:
        return sum((Fraction(w) * abs(Fraction(y) - m) for y, w in pairs), Fraction(0))

    assert absolute_deviation(pairs) == about(weighted_median(pairs)) <= about(elsewhere)


@given(WEIGHTED)
def test_prefix_deviations_are_each_prefixs_deviation(pairs: list[tuple[float, Weight]]) -> None:
    ys, ws = [y for y, _ in pairs], [w for _, w in pairs]
    model = [absolute_deviation(pairs[:p]) for p in range(len(pairs) + 1)]
    assert prefix_deviations(ys, ws) == model


@given(WEIGHTED)
def test_sklearns_leaf_value_is_the_weighted_median(pairs: list[tuple[float, Weight]]) -> None:
    """A tree of one leaf (one constant feature) predicts scikit-learn's median of the node; its
    impurity is AE / W (the weights here add exactly in floats)."""
    sklearn_tree = pytest.importorskip("sklearn.tree")
    ys = np.array([y for y, _ in pairs])
    ws = np.array([float(w) for _, w in pairs])
    estimator = sklearn_tree.DecisionTreeRegressor(criterion="absolute_error")
    estimator.fit(np.zeros((len(pairs), 1)), ys, sample_weight=ws)
    assert estimator.tree_.value[0][0][0] == weighted_median(pairs)
    weight = sum(Fraction(w) for _, w in pairs)
    assert estimator.tree_.impurity[0] == pytest.approx(absolute_deviation(pairs) / weight)


def test_no_pairs_have_no_median() -> None:
    with pytest.raises(ValueError, match="no median"):
        weighted_median([])


def test_a_branch_a_missing_value_reaches_with_no_share_deviates_by_nothing() -> None:
    """Absolute error under the notes' fractional counts: value c's branch gets a share 0 of
    the row whose s is missing, a part of no weight; its deviation is 0, not an error."""
    learner = evolve(
        CART, impurity="absolute_error", missing="fractional_counts", nominal="multiway"
    )
    data = Dataset.from_columns(
        {"x": [2.0, None, 1.0, 1.0], "s": ["a", "b", None, "c"], "y": [3.0, 0, 1, 1]},
        target="y",
        weights=[1, Fraction(1, 3), 1, 1],
    )
    tree = grow(learner, data)
    assert law.stats_are_additive(tree)
