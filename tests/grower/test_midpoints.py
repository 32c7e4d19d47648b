"""dtree.grower.midpoints: the threshold in a gap, the midpoint or C4.5's and J48's value."""

from __future__ import annotations

import math

import pytest
from helpers import GRID
from hypothesis import given
from hypothesis import strategies as st

from dtree.errors import DtreeError
from dtree.grower.midpoints import c45_threshold, j48_threshold, midpoint


def test_c45_threshold_is_a_training_value() -> None:
    """The numeric weather data's humidity: midpoints 72.5 and 77.5 become 70 and 75."""
    humidity = [65.0, 70.0, 75.0, 80.0, 85.0, 86.0, 90.0, 91.0, 95.0, 96.0]
    assert c45_threshold(70.0, 75.0, humidity) == 70.0
    assert c45_threshold(75.0, 80.0, humidity) == 75.0
    assert c45_threshold(85.0, 86.0, humidity) == 85.0
    with pytest.raises(DtreeError, match="no training value"):
        c45_threshold(1.0, 2.0, [3.0])


@given(st.lists(GRID, min_size=2, unique=True), st.data())
def test_c45_threshold_is_the_largest_training_value_not_above_the_midpoint(
    values: list[float], data: st.DataObject
) -> None:
    ordered = sorted(values)
    j = data.draw(st.integers(0, len(ordered) - 2))
    below, above = ordered[j], ordered[j + 1]
    t = c45_threshold(below, above, ordered)
    assert t == max(v for v in ordered if v <= midpoint(below, above))
    assert t == below  # between adjacent training values, nothing else lies below the middle


def test_j48_threshold_takes_a_value_less_than_1e6_above_the_midpoint() -> None:
    """Pima diabetes' pedigree: (0.154 + 0.968) / 2 = 0.5609999999999999 in floats; C4.5 takes
    0.56, the largest value not above it, J48 0.561, which exceeds it by less than 1e-6."""
    values = [0.154, 0.56, 0.561, 0.968]
    assert (0.154 + 0.968) / 2 < 0.561
    assert c45_threshold(0.154, 0.968, values) == 0.56
    assert j48_threshold(0.154, 0.968, values) == 0.561
    assert j48_threshold(0.154, 0.56, values) == 0.154  # nothing near the midpoint 0.357
    with pytest.raises(DtreeError, match="no training value"):
        j48_threshold(1.0, 2.0, [3.0])


def test_j48_threshold_keeps_the_first_of_values_within_1e6_in_row_order() -> None:
    """Weka's segment data: 0.833336 - 0.833335 is a float step below 1e-6, so J48 keeps
    whichever of the two it meets first; never one below a, nor one at b or above."""
    values = [0.833333, 0.833335, 0.833336, 0.888889]
    first, second = [0.833335, 0.888889, 0.833336], [0.833336, 0.888889, 0.833335]
    assert j48_threshold(0.833333, 0.888889, values, first) == 0.833335
    assert j48_threshold(0.833333, 0.888889, values, second) == 0.833336
    assert j48_threshold(0.833333, 0.888889, values) == 0.833336
    assert j48_threshold(0.833336, 0.888889, values, first) == 0.833336  # not below a
    assert j48_threshold(0.833335, 0.833336, values, values[::-1]) == 0.833335  # below b


@given(st.lists(GRID, min_size=2, unique=True), st.data())
def test_j48_threshold_is_c45s_unless_a_value_lies_within_1e6_above_the_midpoint(
    values: list[float], data: st.DataObject
) -> None:
    ordered = sorted(v + data.draw(st.sampled_from([0.0, 1e-7, 5e-7])) for v in values)
    j = data.draw(st.integers(0, len(ordered) - 2))
    k = data.draw(st.integers(j + 1, len(ordered) - 1))
    below, above = ordered[j], ordered[k]
    t = j48_threshold(below, above, ordered, data.draw(st.permutations(ordered)))
    middle = (below + above) / 2
    assert t in ordered
    assert below <= t < above
    assert t - middle < 1e-6
    if not any(middle < v and v - middle < 1e-6 for v in ordered):
        assert t == c45_threshold(below, above, ordered)


def test_midpoint_keeps_the_lower_value_when_the_middle_rounds_up() -> None:
    tiny = math.nextafter(1.0, 2.0)
    assert midpoint(1.0, tiny) == 1.0
    assert midpoint(2.0, 3.0) == 2.5
    assert midpoint(-1e308, 1e308) == 0.0
    assert midpoint(1e308, 1.7e308) < 1.7e308
