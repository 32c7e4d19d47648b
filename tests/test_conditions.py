"""Conditions: three-valued truth, exclusivity checked by brute force, and how they read."""

from __future__ import annotations

from itertools import chain, combinations

import pytest

from dtree.conditions import Above, AtMost, Condition, Equals, In, NotIn, describe, exclusive, holds
from dtree.errors import DtreeError

MENTIONED = ("u", "v", "w")
UNIVERSE = (*MENTIONED, "z")  # "z" stands for every value no condition mentions
THRESHOLDS = (1.0, 2.0, 3.0)
POINTS = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5)


def subsets(values: tuple[str, ...]) -> list[frozenset[str]]:
    return [
        frozenset(s)
        for s in chain.from_iterable(combinations(values, k) for k in range(len(values) + 1))
    ]


NOMINAL: list[Condition] = [
    *(Equals("x", v) for v in MENTIONED),
    *(In("x", s) for s in subsets(MENTIONED)),
    *(NotIn("x", s) for s in subsets(MENTIONED)),
]
NUMERIC: list[Condition] = [
    *(AtMost("x", t) for t in THRESHOLDS),
    *(Above("x", t) for t in THRESHOLDS),
]


def test_exclusive_means_no_value_satisfies_both_nominal() -> None:
    """Over every pair of nominal conditions, against the brute-force model."""
    for first in NOMINAL:
        for second in NOMINAL:
            both = any(holds(first, {"x": v}) and holds(second, {"x": v}) for v in UNIVERSE)
            assert exclusive(first, second) == (not both), (first, second)


def test_exclusive_means_no_value_satisfies_both_numeric() -> None:
    for first in NUMERIC:
        for second in NUMERIC:
            both = any(holds(first, {"x": p}) and holds(second, {"x": p}) for p in POINTS)
            assert exclusive(first, second) == (not both), (first, second)


def test_exclusive_is_symmetric_and_needs_one_attribute() -> None:
    for first in NOMINAL + NUMERIC:
        for second in NOMINAL + NUMERIC:
            assert exclusive(first, second) == exclusive(second, first)
    assert not exclusive(Equals("x", "u"), Equals("y", "v"))
    assert not exclusive(Equals("x", "u"), AtMost("x", 1.0))


def test_a_missing_value_satisfies_nothing_and_nothing_fails() -> None:
    for condition in NOMINAL + NUMERIC:
        assert holds(condition, {"x": None}) is None


def test_the_threshold_belongs_to_the_left_branch() -> None:
    assert holds(AtMost("x", 2.5), {"x": 2.5}) is True
    assert holds(Above("x", 2.5), {"x": 2.5}) is False


def test_bad_examples_get_clear_errors() -> None:
    with pytest.raises(DtreeError, match="no attribute 'x'"):
        holds(Equals("x", "u"), {"y": "u"})
    with pytest.raises(DtreeError, match="not a finite number"):
        holds(AtMost("x", 1.0), {"x": "u"})
    with pytest.raises(DtreeError, match="not a finite number"):
        holds(Above("x", 1.0), {"x": float("nan")})
    for condition in (Equals("x", "0"), In("x", {"0"}), NotIn("x", {"1"})):
        with pytest.raises(DtreeError, match="not a nominal value"):
            holds(condition, {"x": 0})


def test_conditions_read_as_the_notes_write_them() -> None:
    assert describe(Equals("Outlook", "Sunny")) == "Outlook = Sunny"
    assert describe(AtMost("humidity", 75.0)) == "humidity <= 75"
    assert describe(Above("petal_width", 1.75)) == "petal_width > 1.75"
    assert describe(In("Type", {"Thai", "Burger"})) == "Type in {Burger, Thai}"
    assert describe(NotIn("Type", set())) == "Type not in {}"


def test_conditions_are_hashable_values() -> None:
    assert In("x", ["u", "v"]) == In("x", {"v", "u"})
    assert len({Equals("x", "u"), Equals("x", "u"), AtMost("x", 1.0)}) == 2
