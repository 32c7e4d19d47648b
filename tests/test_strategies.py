"""The strategies generate what they promise: valid, within bounds, consistent when asked."""

from __future__ import annotations

import struct
from fractions import Fraction

import pytest
from hypothesis import find, given
from hypothesis.errors import InvalidArgument

from dtree.counts import ClassStats
from dtree.dataset import Dataset, Nominal, Numeric, Schema
from dtree.grower.presets import id3
from dtree.invariants import fits_consistent_data, is_consistent
from dtree.strategies import (
    GRID,
    MAX_WEIGHT,
    consistent_datasets,
    counts,
    datasets,
    regression_datasets,
    schemas,
    tables,
)


@given(counts(min_classes=2, max_classes=4, max_count=5))
def test_counts_are_in_bounds_with_a_positive_total(c: tuple[int, ...]) -> None:
    assert 2 <= len(c) <= 4
    assert all(0 <= n <= 5 for n in c)
    assert sum(c) > 0


@given(tables(min_outcomes=2, min_classes=2))
def test_tables_are_rectangular(table: tuple[tuple[int, ...], ...]) -> None:
    assert len(table) >= 2
    assert len({len(row) for row in table}) == 1


@given(datasets(min_rows=3, max_rows=9, max_attributes=3, weighted=True))
def test_datasets_are_nominal_and_within_bounds(data: Dataset) -> None:
    assert 3 <= len(data) <= 9
    assert 1 <= len(data.schema.attributes) <= 3
    assert all(isinstance(a.domain, Nominal) for a in data.schema.attributes)
    assert all(value is not None for column in data.columns for value in column)
    assert data.schema.classes == tuple(sorted(data.schema.classes))
    assert all(0 <= w <= MAX_WEIGHT for w in data.weights)
    assert len(data.present()) > 0


@given(consistent_datasets(min_rows=2, weighted=True))
def test_consistent_datasets_are_consistent(data: Dataset) -> None:
    assert is_consistent(data)


@given(consistent_datasets(min_rows=2))
def test_fractional_weights_still_fit_consistent_data(data: Dataset) -> None:
    """Halving every weight changes no split: the default learner never stops on weight."""
    halved = data.with_weights([Fraction(1, 2) * w for w in data.weights])
    assert fits_consistent_data(id3, halved)
    assert fits_consistent_data(id3, data.with_weights([0.25] * len(data.weights)))
    assert id3(halved).stats == ClassStats(
        data.schema.classes,
        tuple(Fraction(1, 2) * c for c in id3(data).stats.counts),  # type: ignore[union-attr]
    )


def is_float32(x: float) -> bool:
    """Whether ``x`` survives a round trip through float32 unchanged."""
    return bool(struct.unpack("f", struct.pack("f", x))[0] == x)


def numeric_names(data: Dataset) -> list[str]:
    return [a.name for a in data.schema.attributes if isinstance(a.domain, Numeric)]


def assert_on_the_grid(values: tuple[object, ...]) -> None:
    for x in values:
        assert type(x) is float
        assert x in GRID
        assert is_float32(x)


def test_the_grid_is_exact_in_float32_and_coarse() -> None:
    assert all(is_float32(x) for x in GRID)
    assert tuple(sorted(set(GRID))) == GRID
    assert len(GRID) <= 20  # a few rows already repeat values


@given(schemas(min_numeric=1, max_numeric=2, max_attributes=3))
def test_schemas_hold_as_many_numeric_attributes_as_asked(schema: Schema) -> None:
    numeric = [a for a in schema.attributes if isinstance(a.domain, Numeric)]
    assert 1 <= len(numeric) <= 2
    assert 1 <= len(schema.attributes) <= 3
    assert schema.is_classification


@given(datasets(min_rows=2, max_numeric=3, weighted=True))
def test_numeric_values_are_floats_on_the_grid(data: Dataset) -> None:
    assert len(numeric_names(data)) <= 3
    for name in numeric_names(data):
        assert_on_the_grid(data.column(name))
    assert all(value is not None for column in data.columns for value in column)


def test_numeric_columns_can_hold_ties_beside_distinct_values() -> None:
    """What a threshold learner must handle: equal values, and values to split between."""

    def tied_and_spread(data: Dataset) -> bool:
        column = data.column(numeric_names(data)[0])
        return len(set(column)) == 3 and len(column) == 4

    data = find(datasets(min_numeric=1, max_numeric=1), tied_and_spread)
    column = data.column(numeric_names(data)[0])
    assert_on_the_grid(column)
    assert len(set(column)) == 3
    assert len(column) == 4


@given(datasets(max_numeric=2, missing=True, weighted=True))
def test_missing_values_appear_when_asked(data: Dataset) -> None:
    assert any(value is None for column in data.columns for value in column)
    assert None not in data.target
    for name in numeric_names(data):
        assert_on_the_grid(tuple(x for x in data.column(name) if x is not None))


@given(regression_datasets(weighted=True))
def test_regression_datasets_have_a_numeric_target_on_the_grid(data: Dataset) -> None:
    assert data.schema.target.domain == Numeric()
    assert not data.schema.is_classification
    assert_on_the_grid(data.target)
    for name in numeric_names(data):
        assert_on_the_grid(data.column(name))
    assert all(value is not None for column in data.columns for value in column)
    assert len(data.present()) > 0


@given(regression_datasets(missing=True))
def test_regression_datasets_may_miss_values_too(data: Dataset) -> None:
    assert any(value is None for column in data.columns for value in column)
    assert_on_the_grid(data.target)


@given(consistent_datasets(min_rows=2, min_numeric=1, max_numeric=3, weighted=True))
def test_consistent_numeric_datasets_are_consistent(data: Dataset) -> None:
    vectors = [tuple(data.example(row).values()) for row in data.rows]
    assert len(set(vectors)) == len(vectors)
    assert is_consistent(data)
    assert 1 <= len(numeric_names(data)) <= 3
    for name in numeric_names(data):
        assert_on_the_grid(data.column(name))


@given(consistent_datasets(min_rows=len(GRID), max_rows=len(GRID), max_attributes=1, max_numeric=1))
def test_consistent_datasets_reach_beyond_nominal_capacity(data: Dataset) -> None:
    """One numeric attribute has len(GRID) distinct vectors, more than any 3 values give."""
    assert sorted(data.columns[0]) == list(GRID)  # type: ignore[type-var]


def test_bad_bounds_are_refused() -> None:
    with pytest.raises(InvalidArgument):
        datasets(min_rows=5, max_rows=2).example()
    with pytest.raises(InvalidArgument):
        datasets(min_numeric=2, max_numeric=1).example()
    with pytest.raises(InvalidArgument):
        schemas(min_numeric=3, max_numeric=3, max_attributes=2).example()
    with pytest.raises(InvalidArgument):
        datasets(min_attributes=0, max_attributes=0, missing=True).example()
    with pytest.raises(InvalidArgument):
        consistent_datasets(
            min_rows=len(GRID) + 1, max_rows=30, max_attributes=1, max_numeric=1
        ).example()
