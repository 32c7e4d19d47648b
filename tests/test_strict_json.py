"""Strict JSON: what the parser accepts is what json.loads reads; what it refuses is marked,
and reported at its path by the first check that reads it."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtree.errors import DtreeError
from dtree.strict_json import (
    MAX_DIGITS,
    Json,
    Refused,
    array_of,
    built,
    expected,
    float_sized,
    number_of,
    object_of,
    parse,
    shown,
    string_of,
    strings_of,
    text_of,
    weight_of,
)

FINITE_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)
"""JSON values that a model file may hold: finite numbers, any strings, keys once each."""


@given(FINITE_JSON)
def test_what_a_model_file_may_hold_parses_as_json_loads_reads_it(value: Json) -> None:
    text = json.dumps(value)
    assert parse(text) == json.loads(text)
    assert parse(text.encode("utf-8")) == json.loads(text)


@given(FINITE_JSON)
def test_a_byte_order_mark_at_the_start_is_skipped(value: Json) -> None:
    assert parse("\ufeff" + json.dumps(value)) == parse(json.dumps(value))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("NaN", "NaN is not a finite number, and a model file holds only finite numbers"),
        ("-Infinity", "-Infinity is not a finite number"),
        ("1e400", "the number '1e400' is too large for a float"),
        ("9" * (MAX_DIGITS + 1), f"a number of {MAX_DIGITS + 1} digits: at most {MAX_DIGITS}"),
        ("0." + "1" * MAX_DIGITS, f"a number of {MAX_DIGITS + 2} characters"),
        ('{"a": 1, "a": 1}', "the key 'a' appears twice in this object"),
    ],
)
def test_a_value_no_model_file_holds_is_marked_not_raised(text: str, problem: str) -> None:
    document = parse(f"[{text}]")
    assert isinstance(document, list)
    (marked,) = document
    assert isinstance(marked, Refused)
    assert problem in marked.problem
    with pytest.raises(DtreeError, match=r"^\$\[0\]: ") as error:
        number_of(marked, "$[0]")
    assert problem in str(error.value)


def test_a_number_of_max_digits_is_read() -> None:
    assert parse("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ('{"a": 1,}', "not valid JSON: Expecting property name enclosed in double quotes"),
        ("[1]\n]", "not valid JSON: Extra data (line 2, column 1)"),
        ("[" * 100_000, "nested too deeply (100000 deep at line 1, column 100000)"),
        (b"[1, \xff]", "not UTF-8 text: byte 4 is b'\\xff'"),
        (None, "a model file is JSON text (str or bytes), got NoneType"),
    ],
)
def test_text_that_is_not_json_is_one_error_at_its_place(document: object, message: str) -> None:
    with pytest.raises(DtreeError) as error:
        parse(document)  # type: ignore[arg-type]
    assert message in str(error.value)


def test_text_of_reads_str_and_utf8_bytes() -> None:
    assert text_of("é") == text_of("é".encode()) == text_of(bytearray("é".encode())) == "é"


# -- each check reads one value at its path -----------------------------------------------------


def test_the_checks_return_what_they_read() -> None:
    assert object_of({"b": 1, "a": 2}, "$", ("a", "b")) == {"b": 1, "a": 2}
    assert array_of([1, "x"], "$") == [1, "x"]
    assert string_of("x", "$") == "x"
    assert strings_of(["No", "Yes"], "$") == ("No", "Yes")
    assert strings_of([], "$") == ()
    assert [number_of(x, "$") for x in (3, 0.25, "1/3", "-2/4")] == [
        3,
        0.25,
        Fraction(1, 3),
        Fraction(-1, 2),
    ]
    assert weight_of(0, "$") == 0
    assert float_sized("1/3", "$", "why") == Fraction(1, 3)


@pytest.mark.parametrize(
    ("check", "message"),
    [
        (lambda: object_of([], "$.a", ("k",)), "$.a: expected an object, got an array"),
        (lambda: object_of({}, "$.a", ("k",)), "$.a: missing the key 'k'"),
        (
            lambda: object_of({"k": 1, "z": 2}, "$.a", ("k",)),
            "$.a: unexpected key 'z' (the keys are k)",
        ),
        (lambda: array_of({}, "$.a"), "$.a: expected an array, got an object"),
        (lambda: array_of([], "$.a", nonempty=True), "$.a: expected at least one item"),
        (lambda: string_of(None, "$.a"), "$.a: expected a string, got null"),
        (lambda: strings_of(["x", 1], "$.a"), "$.a[1]: expected a string, got 1"),
        (lambda: strings_of(["x", "x"], "$.a"), "$.a[1]: 'x' appears twice"),
        (lambda: number_of(True, "$.a"), "$.a: expected a number, got true"),
        (lambda: number_of("1.5", "$.a"), "$.a: expected a number or a fraction 'p/q', got '1.5'"),
        (lambda: number_of("1/0", "$.a"), "$.a: the fraction '1/0' divides by zero"),
        (
            lambda: number_of(f"1/{'3' * (MAX_DIGITS + 1)}", "$.a"),
            f"$.a: a fraction of more than {MAX_DIGITS} digits above or below",
        ),
        (lambda: weight_of("-1/2", "$.a"), "$.a: expected a weight >= 0, got '-1/2'"),
        (lambda: float_sized(10**400, "$.a", "it is one"), "is too large for a float, and it is"),
        (lambda: expected("$.a", "x", [], "; why"), "$.a: expected x, got an array; why"),
    ],
)
def test_each_check_fails_at_its_path(check: Callable[[], object], message: str) -> None:
    with pytest.raises(DtreeError) as error:
        check()
    assert message in str(error.value)


def test_built_places_a_constructors_error_at_the_path() -> None:
    def refuse(x: int) -> int:
        raise DtreeError(f"{x} is not allowed")

    assert built("$.a", max, 1, 2) == 2
    with pytest.raises(DtreeError, match=r"^\$\.a: 3 is not allowed$"):
        built("$.a", refuse, 3)
    with pytest.raises(ValueError, match="invalid literal") as other:  # not the input's fault
        built("$.a", int, "x")
    assert not isinstance(other.value, DtreeError)


def test_a_huge_value_is_shown_by_a_bounded_prefix() -> None:
    assert len(shown("x" * 10**6)) < 100
    assert shown(1.5) == "1.5"
    assert shown(object()) == "object"
