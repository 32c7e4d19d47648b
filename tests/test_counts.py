"""Counting: exact ratios, plurality ties, node statistics and contingency tables."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtree.counts import (
    SUM_TOLERANCE,
    ClassStats,
    Moments,
    adds_up,
    class_counts,
    contingency,
    cross_tabulate,
    is_sum_of,
    plurality,
    ratio,
    stats_of,
    total,
    transpose,
)
from dtree.dataset import Dataset, Nominal, Weight
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.strategies import datasets, regression_datasets


def test_ratios_are_exact_unless_a_float_is_involved() -> None:
    assert ratio(9, 14) == Fraction(9, 14)
    assert isinstance(ratio(Fraction(1, 3), 2), Fraction)
    assert ratio(1.5, 3) == 0.5


def test_plurality_ties_go_to_the_first_class() -> None:
    """Exhaustively over count vectors with entries 0..3 of length 1..3."""
    for length in range(1, 4):
        for counts in product(range(4), repeat=length):
            best = max(counts)
            assert plurality(counts) == counts.index(best)


def test_class_stats() -> None:
    stats = ClassStats(("Yes", "No"), (6, 6))
    assert stats.plurality == "Yes"  # the restaurant root: a tie, to the first class
    assert stats.weight == 12
    assert stats.proportions == (Fraction(1, 2), Fraction(1, 2))
    assert not stats.is_pure
    assert ClassStats(("Yes", "No"), (0, 3)).is_pure
    with pytest.raises(DtreeError, match="empty node"):
        _ = ClassStats(("Yes", "No"), (0, 0)).proportions
    with pytest.raises(DtreeError, match=">= 0"):
        ClassStats(("Yes", "No"), (1, -1))
    with pytest.raises(DtreeError, match="2 counts"):
        ClassStats(("Yes",), (1, 1))
    with pytest.raises(DtreeError, match="distinct"):
        ClassStats(("Yes", "Yes"), (1, 1))
    with pytest.raises(DtreeError, match="weight"):
        Moments(-1, 0.0, 0.0)


def test_class_counts_are_weighted_and_follow_the_class_order() -> None:
    tennis = load("play-tennis")
    assert class_counts(tennis) == (5, 9)
    assert class_counts(load("restaurant")) == (6, 6)
    doubled = tennis.with_weights([2] * 14)
    assert class_counts(doubled) == (10, 18)
    halves = tennis.with_weights([Fraction(1, 2)] * 14)
    assert class_counts(halves) == (Fraction(5, 2), Fraction(9, 2))
    assert class_counts(tennis.subset([0, 1, 2])) == (2, 1)


def test_contingency_rows_follow_the_domain_and_keep_empty_values() -> None:
    assert contingency(load("play-tennis"), "Outlook") == ((0, 4), (2, 3), (3, 2))
    sunny = load("play-tennis").subset([0, 1])
    assert contingency(sunny, "Outlook") == ((0, 0), (0, 0), (2, 0))
    assert contingency(load("restaurant"), "Pat") == ((2, 4), (0, 2), (4, 0))  # Full, None, Some


def test_contingency_refuses_what_it_cannot_count() -> None:
    with pytest.raises(DtreeError, match="numeric"):
        contingency(load("golf"), "humidity")
    with pytest.raises(DtreeError, match="unknown attribute"):
        contingency(load("golf"), "Humidity")
    data = Dataset.from_records([{"a": None, "y": "p"}, {"a": "u", "y": "q"}], target="y")
    with pytest.raises(DtreeError, match="missing value") as error:
        contingency(data, "a")
    assert (error.value.row, error.value.column) == (1, "a")


def test_regression_moments() -> None:
    data = Dataset.from_records(
        [{"x": "u", "y": 1.0}, {"x": "v", "y": 3.0}], target="y", weights=[1, 3]
    )
    moments = stats_of(data)
    assert moments == Moments(4, 10.0, 28.0)
    assert isinstance(moments, Moments)
    assert moments.mean == 2.5
    with pytest.raises(DtreeError, match="empty node"):
        _ = Moments(0, 0.0, 0.0).mean


def test_transpose_is_an_involution() -> None:
    table = ((0, 4), (2, 3), (3, 2))
    assert transpose(transpose(table)) == table
    assert transpose(table) == ((0, 2, 3), (4, 3, 2))


def test_float_weights_sum_the_same_in_any_order() -> None:
    data = Dataset.from_columns(
        {"x": ["a", "a", "a", "b"], "y": ["p", "p", "p", "q"]},
        target="y",
        weights=[0.1, 0.2, 0.3, 1.0],
    )
    reversed_rows = data.subset([3, 2, 1, 0])
    assert class_counts(data) == class_counts(reversed_rows) == (0.6, 1.0)
    assert contingency(data, "x") == contingency(reversed_rows, "x")


def test_rows_of_weight_zero_are_not_looked_at() -> None:
    data = Dataset.from_columns(
        {"x": ["a", None, "b"], "y": ["p", "q", "q"]}, target="y", weights=[1, 0, 1]
    )
    assert contingency(data, "x") == ((1, 0), (0, 1))


def test_cross_tabulate_is_the_contingency_table_of_value_and_class() -> None:
    for name in ("play-tennis", "restaurant", "boolean-table"):
        data = load(name)
        for attribute in data.schema.attributes:
            assert isinstance(attribute.domain, Nominal)
            column = data.column(attribute.name)
            entries = zip(column, data.labels, data.row_weights, strict=True)
            table = cross_tabulate(entries, attribute.domain.values, data.schema.classes)
            assert table == contingency(data, attribute.name)


def test_cross_tabulate_sums_each_cell_exactly_in_any_order() -> None:
    """Exhaustively over the orders of six weighted entries: floats are summed exactly and
    rounded once, so no order changes a cell; integers and fractions stay exact."""
    entries: list[tuple[str, str, Weight]] = [
        ("a", "x", 0.1),
        ("a", "x", 0.2),
        ("a", "x", 0.3),
        ("b", "y", Fraction(1, 3)),
        ("b", "y", Fraction(2, 3)),
        ("a", "y", 2),
    ]
    tables = {cross_tabulate(order, ("a", "b", "c"), ("x", "y")) for order in permutations(entries)}
    assert tables == {((0.6, 2), (0, Fraction(1)), (0, 0))}
    assert 0.1 + 0.2 + 0.3 != 0.6  # what a running float sum would have given


def test_cross_tabulate_refuses_an_entry_outside_the_table() -> None:
    assert cross_tabulate([], ("a",), ("x", "y")) == ((0, 0),)
    with pytest.raises(DtreeError, match="not a row"):
        cross_tabulate([("b", "x", 1)], ("a",), ("x",))
    with pytest.raises(DtreeError, match="not a column"):
        cross_tabulate([("a", "z", 1)], ("a",), ("x",))
    with pytest.raises(DtreeError, match="distinct"):
        cross_tabulate([], ("a", "a"), ("x",))


# -- additivity: a node's statistics are the sum of its parts' -----------------------------------


def test_integers_and_fractions_add_up_exactly() -> None:
    assert adds_up(14, (5, 9))
    assert not adds_up(14, (5, 10))
    assert adds_up(Fraction(7, 2), (3, Fraction(1, 2)))
    assert not adds_up(Fraction(7, 2), (3, Fraction(1, 2) + Fraction(1, 10**30)))
    assert adds_up(0, ())


def test_floats_add_up_within_the_tolerance_of_the_magnitudes_added() -> None:
    assert 0.1 + 0.2 != 0.3
    assert adds_up(0.3, (0.1, 0.2))
    assert not adds_up(0.3 * (1 + 10 * SUM_TOLERANCE), (0.1, 0.2))
    # cancellation: the parts' magnitudes, not the sum's, set the scale
    assert adds_up(0.0, (1e6, -1e6 + 1e-6))
    assert not adds_up(0.0, (1e6, -1e6 + 1.0))
    assert adds_up(float("inf"), (float("inf"), 1.0))
    assert not adds_up(float("inf"), (float("inf"), float("-inf")))


def test_statistics_of_another_kind_or_other_classes_are_no_part() -> None:
    whole = ClassStats(("No", "Yes"), (5, 9))
    assert is_sum_of(whole, [ClassStats(("No", "Yes"), (3, 2)), ClassStats(("No", "Yes"), (2, 7))])
    assert not is_sum_of(
        whole, [ClassStats(("Yes", "No"), (2, 3)), ClassStats(("Yes", "No"), (7, 2))]
    )
    assert not is_sum_of(Moments(14, 0.0, 0.0), [whole])
    assert is_sum_of(Moments(3, 3.5, 5.25), [Moments(2, 3.0, 5.0), Moments(1, 0.5, 0.25)])
    assert not is_sum_of(Moments(3, 3.5, 5.5), [Moments(2, 3.0, 5.0), Moments(1, 0.5, 0.25)])


@given(st.one_of(datasets(weighted=True), regression_datasets(weighted=True)), st.data())
def test_the_statistics_of_rows_are_the_sum_of_any_partition_of_them(
    data: Dataset, draw: st.DataObject
) -> None:
    """The brute-force model of additivity: cut the rows into parts, count each part."""
    parts = draw.draw(st.lists(st.integers(0, 3), min_size=len(data), max_size=len(data)))
    pieces = [
        [row for row, part in zip(data.rows, parts, strict=True) if part == k] for k in range(4)
    ]
    weights = [[data.weights[row] if row in piece else 0 for row in data.rows] for piece in pieces]
    assert is_sum_of(stats_of(data), [stats_of(data, w) for w in weights])


WEIGHTS = st.one_of(
    st.integers(0, 10**6), st.fractions(min_value=0, max_value=10**6), st.floats(0, 1e6)
)


@given(st.lists(WEIGHTS, max_size=30))
def test_a_total_is_the_exact_sum_rounded_once_in_any_order(weights: list[Weight]) -> None:
    """The sum of the weights' exact values (added over their common denominator), rounded
    to a float once where a float is among them; integers stay integers."""
    exact = sum((Fraction(w) for w in weights), Fraction(0))
    found = total(weights)
    assert found == (float(exact) if any(isinstance(w, float) for w in weights) else exact)
    assert type(found) is type(sum(weights)) or isinstance(found, float)
    assert total(weights[::-1]) == found
