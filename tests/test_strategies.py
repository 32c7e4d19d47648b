"""The strategies generate what they promise: valid, within bounds, consistent when asked."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis.errors import InvalidArgument

from dtree.counts import ClassStats
from dtree.dataset import Dataset, Nominal
from dtree.grow import id3
from dtree.invariants import fits_consistent_data, is_consistent
from dtree.strategies import MAX_WEIGHT, consistent_datasets, counts, datasets, tables


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


def test_bad_bounds_are_refused() -> None:
    with pytest.raises(InvalidArgument):
        datasets(min_rows=5, max_rows=2).example()
