"""Conditions: three-valued truth, exclusivity checked by brute force, and how they read."""

from __future__ import annotations

import re
from itertools import chain, combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtree.conditions import (
    KEYWORDS,
    QUOTED,
    Above,
    AtMost,
    Condition,
    Equals,
    In,
    NotIn,
    describe,
    exclusive,
    format_name,
    format_number,
    format_rounded,
    format_value,
    holds,
    quoted,
    unquoted,
)
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


# -- how text views write names, values and numbers ----------------------------------------------


@given(st.text())
def test_a_quoted_string_is_one_line_and_reads_back(text: str) -> None:
    written = quoted(text)
    assert len(written.splitlines()) == 1
    assert QUOTED.fullmatch(written)
    assert unquoted(written) == text


@given(st.text())
def test_names_and_values_are_plain_words_or_quoted(text: str) -> None:
    for written in (format_name(text), format_value(text)):
        if written != text:
            assert unquoted(written) == text
        else:
            assert re.fullmatch(r"[\w.-]+", text)
            assert text.lower() not in KEYWORDS


def test_what_is_quoted() -> None:
    plain = ("Outlook", "x1", "petal.length", "sepal-width", "_x")
    assert [format_name(name) for name in plain] == list(plain)
    assert [format_value(value) for value in ("Sunny", "0", "2.5", "false")] == [
        "Sunny",
        "0",
        "2.5",
        "false",
    ]
    for name in ("a and b", "and", "In", "True", "false", "1", "0x", "", "x y", "a\nb", "é é"):
        assert format_name(name) == quoted(name)
    for value in ("blue, dark", "x & y", "if", "", "Don't Play", "a\nb", "-5"):
        assert format_value(value) == quoted(value)
    assert describe(In("colour", {"blue, dark", "red"})) == 'colour in {"blue, dark", red}'
    assert describe(AtMost("new\nline", 0.5)) == '"new\\nline" <= 0.5'
    assert quoted("\x85\u2028\U000e0001\x00") == '"\\u0085\\u2028\\U000e0001\\u0000"'


def test_text_views_round_numbers_but_format_number_is_exact() -> None:
    assert format_rounded(0.13579999999999998) == "0.1358"
    assert format_rounded(152.13348416289594) == "152.133"
    assert format_rounded(2.45) == "2.45"
    assert format_rounded(1234567.0) == "1234567"
    assert format_rounded(0.123456789, digits=8) == "0.12345679"
    assert describe(Above("x", 0.13579999999999998)) == "x > 0.1358"
    assert format_number(0.13579999999999998) == "0.13579999999999998"


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_format_number_reads_back_equal(x: float) -> None:
    assert float(format_number(x)) == x


def test_a_condition_that_takes_missing_values_holds_for_them() -> None:
    flagged, plain = AtMost("x", 2.5, missing=True), Above("x", 2.5)
    assert [holds(flagged, {"x": None}), holds(plain, {"x": None})] == [True, None]
    assert [holds(flagged, {"x": 3}), holds(plain, {"x": 3})] == [False, True]
    assert describe(flagged) == "x <= 2.5 or missing"
    assert AtMost("x", 2.5) != flagged
    assert repr(AtMost("x", 2.5)).count("missing") == 0


def test_two_conditions_that_take_missing_values_overlap() -> None:
    assert exclusive(AtMost("x", 2.5, missing=True), Above("x", 2.5))
    assert not exclusive(AtMost("x", 2.5, missing=True), Above("x", 2.5, missing=True))


def test_the_missing_flag_is_a_bool() -> None:
    with pytest.raises(DtreeError, match="missing flag"):
        AtMost("x", 2.5, missing=1)
