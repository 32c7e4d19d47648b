"""dtree.arithmetic: which values are numbers, their exact values and sums, and square roots."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtree import dataset
from dtree.arithmetic import (
    SCREEN_TOLERANCE,
    check_count,
    common_denominator,
    exact,
    exact_sum,
    float32,
    is_number,
    near_best,
    numerators,
    screened_best,
    square_root,
)
from dtree.errors import DtreeError


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (0, True),
        (-3, True),
        (2**200, True),
        (0.5, True),
        (math.inf, True),
        (math.nan, True),
        (Fraction(1, 3), True),
        (True, False),
        (False, False),
        ("2", False),
        (None, False),
        (Decimal(1), False),
        (1j, False),
    ],
)
def test_is_number(value: object, number: bool) -> None:
    assert is_number(value) is number


def test_the_dataset_module_names_the_same_predicate() -> None:
    assert dataset.is_number is is_number


@given(st.integers() | st.fractions() | st.floats(allow_nan=False, allow_infinity=False))
def test_exact_is_the_value_itself(value: int | Fraction | float) -> None:
    assert exact(value, "x") == value
    assert type(exact(value, "x")) is Fraction


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, True, "1", None])
def test_exact_refuses_what_is_not_a_finite_number(value: object) -> None:
    with pytest.raises(DtreeError, match="scores must be finite numbers"):
        exact(value, "scores")


@given(st.fractions(min_value=0, max_value=10**300))
def test_square_root_is_within_an_ulp(x: Fraction) -> None:
    root = square_root(x)
    # root^2 and x compared exactly: the true root lies within one ulp of the float
    below, above = Fraction(math.nextafter(root, 0)), Fraction(math.nextafter(root, math.inf))
    assert below**2 <= x <= above**2


def test_square_root_beyond_the_floats_is_infinite() -> None:
    assert square_root(Fraction(10**400)) == math.inf
    assert square_root(Fraction(9, 4)) == 1.5
    assert square_root(Fraction(0)) == 0.0


@pytest.mark.parametrize(
    ("value", "low", "high", "message"),
    [
        (1, 2, math.inf, "k must be an integer >= 2, got 1"),
        (11, 2, 10, r"k must be an integer in 2\.\.10, got 11"),
        (True, 0, math.inf, "got True"),
        (2.0, 0, math.inf, "got 2.0"),
    ],
)
def test_check_count_refuses(value: object, low: int, high: float, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        check_count("k", value, low, high)


def test_check_count_passes_a_count_through() -> None:
    assert check_count("k", 0, 0) == 0
    assert check_count("k", 10, 2, 10) == 10


@given(st.lists(st.one_of(st.integers(-(10**20), 10**20), st.fractions()), max_size=30))
def test_exact_sum_is_the_sum_of_the_fractions(values: list[int | Fraction]) -> None:
    """Added over the common denominator: the value and the type of the plain sum."""
    plain = sum(values)
    assert exact_sum(values) == plain
    assert type(exact_sum(values)) is type(plain)
    denominator = common_denominator(values)
    scaled = numerators(values, denominator)
    assert all(n == v * denominator for n, v in zip(scaled, values, strict=True))


def _first_argmax(values: list[Fraction]) -> int:
    """The brute-force model: the first index of the largest value."""
    return next(i for i, value in enumerate(values) if value == max(values))


# Exact scores with near ties: a few coarse levels plus perturbations far finer than a float's
# rounding (1 / 10**30), so that the floats tie where the exact numbers do not.
_scores = st.lists(
    st.builds(
        lambda level, nudge: Fraction(level, 7) + Fraction(nudge, 10**30),
        st.integers(-3, 3),
        st.integers(-2, 2),
    ),
    min_size=1,
    max_size=12,
)


@given(_scores)
def test_screened_best_is_the_exact_argmax(values: list[Fraction]) -> None:
    """Screening the floats and deciding exactly among the near is the exact argmax, ties to
    the first; the exact key is asked only of the near."""
    asked: list[int] = []

    def key(i: int) -> Fraction:
        asked.append(i)
        return values[i]

    floats = [float(value) for value in values]
    assert screened_best(floats, key) == _first_argmax(values)
    assert set(asked) <= set(near_best(floats))


@given(_scores)
def test_near_best_keeps_every_exact_best(values: list[Fraction]) -> None:
    """The screen never drops an item whose exact score is the largest, nor, with ``lowest``,
    the least; and it keeps nothing further than the tolerance from the best float."""
    floats = [float(value) for value in values]
    near = near_best(floats)
    assert {i for i, value in enumerate(values) if value == max(values)} <= set(near)
    lowest = near_best(floats, slack=1e-12, lowest=True)
    assert {i for i, value in enumerate(values) if value == min(values)} <= set(lowest)
    top = max(floats)
    assert all(floats[i] >= top - SCREEN_TOLERANCE * max(1.0, abs(top)) for i in near)


def test_screened_best_does_not_score_a_clear_winner() -> None:
    """One float far ahead of the rest is the best without an exact score."""

    def refuse(i: int) -> Fraction:
        raise AssertionError(i)

    assert screened_best([0.25, 0.75, 0.5], refuse) == 1


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_float32_rounds_as_numpy_casts(x: float) -> None:
    np = pytest.importorskip("numpy")
    with np.errstate(over="ignore"):
        assert float32(x) == float(np.float32(x))


def test_float32_of_a_float32_number_is_itself() -> None:
    assert [float32(x) for x in (0.0, 1.0, 1.0 + 2.0**-23, -0.5)] == [
        0.0,
        1.0,
        1.0 + 2.0**-23,
        -0.5,
    ]
    assert float32(1.0 + 2.0**-24) == 1.0  # halfway: ties to even
