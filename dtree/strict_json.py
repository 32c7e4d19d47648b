"""Strict JSON: a model file's text read as JSON values, validated, never evaluated.

A model file (:mod:`dtree.serialize`) is parsed with ``json.loads`` and
nothing else, then read value by value, each by a check that knows the path
of the value it reads and says it first.  This module holds the parsing and
those checks; the formats built on them are :mod:`dtree.serialize`'s.

Vocabulary
----------
path
    A value of the document in JSONPath's notation: ``$`` is the document,
    ``$.nodes[3].stats.counts[1]`` the second count of the fourth node.
:class:`Refused`
    What the parser puts in place of a value no model file holds: a number
    that is not finite, too large for a float or of more than
    :data:`MAX_DIGITS` digits, an object with a key twice.  The first check
    to read it reports its problem at its path.
``NUMBER``
    A JSON integer (an int), a JSON number with ``.`` or ``e`` (a float),
    or a string ``"p/q"`` (a :class:`~fractions.Fraction`, exactly).

Contents
--------
:func:`parse` (the JSON value of a text, with :func:`text_of` its text
given as ``str`` or UTF-8 ``bytes``); the checks, each of a value at a path:
:func:`object_of`, :func:`array_of`, :func:`string_of`, :func:`strings_of`,
:func:`number_of`, :func:`weight_of`, :func:`float_sized`; the writer of a number,
:func:`number_json`; their failures,
one :class:`~dtree.errors.DtreeError` at a path: :func:`fail`,
:func:`expected` (with :func:`shown`, a value in a message), :func:`built`
(a validating constructor's error placed at a path); :data:`MAX_DIGITS`,
:class:`Refused`, :data:`Json`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import NoReturn, TypeVar

from attrs import frozen

from dtree.arithmetic import Number, exact_text
from dtree.dataset import Weight
from dtree.errors import DtreeError, quote

__all__ = [
    "MAX_DIGITS",
    "Json",
    "Refused",
    "array_of",
    "built",
    "expected",
    "fail",
    "float_sized",
    "number_json",
    "number_of",
    "object_of",
    "parse",
    "shown",
    "string_of",
    "strings_of",
    "text_of",
    "weight_of",
]

MAX_DIGITS = 4300
"""The most digits a number may have (Python's own limit on reading integers)."""

T = TypeVar("T")
Json = object
"""A value json.loads returns: dict, list, str, int, float, bool or None."""

_FRACTION = re.compile(r"(-?[0-9]+)/([0-9]+)")


def fail(path: str, problem: str) -> NoReturn:
    """Raise the one :class:`DtreeError` of a document: ``path: problem``.

    >>> fail("$.nodes[3]", "no branch leads to this node")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.nodes[3]: no branch leads to this node
    """
    raise DtreeError(f"{path}: {problem}")


# -- parsing -----------------------------------------------------------------------------------


@frozen
class Refused:
    """What the JSON parser puts in place of a value a model file never holds
    (a number that is not finite or too long, an object with a key twice): the
    problem, which the first check to read the value reports at its path.

    Every value of an accepted document is read by a check that wants a
    string, number, array or object, so none of these can slip through.

    >>> parse('{"n": NaN}')
    {'n': Refused(problem='NaN is not a finite number, and a model file holds only finite numbers')}
    """

    problem: str


def _refuse_constant(name: str) -> Refused:
    return Refused(f"{name} is not a finite number, and a model file holds only finite numbers")


def _parse_int(text: str) -> int | Refused:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return Refused(f"a number of {digits} digits: at most {MAX_DIGITS} are read")
    try:
        return int(text)
    except ValueError:  # a lower limit set by sys.set_int_max_str_digits
        return Refused(f"a number of {digits} digits: more than this Python reads")


def _parse_float(text: str) -> float | Refused:
    if len(text) > MAX_DIGITS:
        return Refused(f"a number of {len(text)} characters: at most {MAX_DIGITS} are read")
    x = float(text)
    if not math.isfinite(x):
        return Refused(f"the number {quote(text)} is too large for a float")
    return x


def _distinct_keys(pairs: list[tuple[str, Json]]) -> dict[str, Json] | Refused:
    found: dict[str, Json] = {}
    for key, value in pairs:
        if key in found:
            return Refused(f"the key {quote(key)} appears twice in this object")
        found[key] = value
    return found


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _deepest(text: str) -> tuple[int, int]:
    """How deeply the arrays and objects of ``text`` nest, and the offset of the
    first bracket that opens that deep (strings skipped)."""
    depth = deepest = where = 0
    for token in _TOKEN.finditer(text):
        if token[0] in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, token.start()
        elif token[0] in "]}":
            depth -= 1
    return deepest, where


def text_of(document: object) -> str:
    """The text of a model file given as ``str`` or as UTF-8 ``bytes``.

    >>> text_of(b'{"format": "dtree-tree"}')
    '{"format": "dtree-tree"}'
    >>> text_of(b"\\xff")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: not UTF-8 text: byte 0 is b'\\xff'
    """
    if isinstance(document, bytes | bytearray):
        try:
            return bytes(document).decode("utf-8")
        except UnicodeDecodeError as error:
            bad = bytes(document[error.start : error.start + 1])
            raise DtreeError(f"not UTF-8 text: byte {error.start} is {quote(bad)}") from None
    if not isinstance(document, str):
        raise DtreeError(f"a model file is JSON text (str or bytes), got {type(document).__name__}")
    return document


def parse(document: str | bytes) -> Json:
    """The JSON value of ``document``, by json.loads: a number that is not finite or
    too long, or an object with a key twice, read as a :class:`Refused`.

    A byte-order mark at the start is skipped; text that is not JSON, or nests
    deeper than Python's parser goes, is a :class:`DtreeError` naming its line and
    column.

    >>> parse('{"counts": [9, 5.0, "3/2"]}')
    {'counts': [9, 5.0, '3/2']}
    >>> parse('{"a": 1, "a": 2}')
    Refused(problem="the key 'a' appears twice in this object")
    >>> parse('{"a": 1,}')
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: not valid JSON: Expecting property name enclosed in double quotes \
(line 1, column 9)
    """
    text = text_of(document).removeprefix("\ufeff")
    try:
        return json.loads(
            text,
            object_pairs_hook=_distinct_keys,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_refuse_constant,
        )
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise DtreeError(f"not valid JSON: {error.msg} ({where})") from None
    except RecursionError:
        deepest, offset = _deepest(text)
        line = text.count("\n", 0, offset) + 1
        column = offset - text.rfind("\n", 0, offset)
        raise DtreeError(
            "not valid JSON for a model: arrays or objects nested too deeply"
            f" ({deepest} deep at line {line}, column {column})"
        ) from None


# -- reading a value at its path ---------------------------------------------------------------


def shown(value: Json) -> str:
    """A JSON value in a message: a string or number itself (bounded), else its kind.

    >>> shown("Yes"), shown(3), shown(None), shown(True), shown([1]), shown({})
    ("'Yes'", '3', 'null', 'true', 'an array', 'an object')
    """
    match value:
        case bool():
            return "true" if value else "false"
        case None:
            return "null"
        case str() | int() | float():
            return quote(value)
        case dict():
            return "an object"
        case list():
            return "an array"
        case _:
            return type(value).__name__


def expected(path: str, wanted: str, value: Json, why: str = "") -> NoReturn:
    """Fail at ``path``: ``value`` is not what was ``wanted`` (or was refused by the parser).

    >>> expected("$.version", "an integer", "1")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.version: expected an integer, got '1'
    >>> expected("$.version", "an integer", Refused("the number '1e400' is too large for a float"))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.version: the number '1e400' is too large for a float
    """
    if isinstance(value, Refused):
        fail(path, value.problem)
    fail(path, f"expected {wanted}, got {shown(value)}{why}")


def object_of(value: Json, path: str, keys: Sequence[str]) -> dict[str, Json]:
    """``value`` as an object with exactly ``keys``.

    >>> object_of({"counts": [9, 5]}, "$.nodes[0].stats", ("counts",))
    {'counts': [9, 5]}
    >>> object_of({"count": [9, 5]}, "$.nodes[0].stats", ("counts",))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.nodes[0].stats: missing the key 'counts'
    """
    if not isinstance(value, dict):
        expected(path, "an object", value)
    for key in keys:
        if key not in value:
            fail(path, f"missing the key {quote(key)}")
    for key in value:
        if key not in keys:
            fail(path, f"unexpected key {quote(key)} (the keys are {', '.join(keys)})")
    return value


def array_of(value: Json, path: str, *, nonempty: bool = False) -> list[Json]:
    """``value`` as an array (of at least one item if ``nonempty``).

    >>> array_of([], "$.nodes", nonempty=True)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.nodes: expected at least one item, got an empty array
    """
    if not isinstance(value, list):
        expected(path, "an array", value)
    if nonempty and not value:
        fail(path, "expected at least one item, got an empty array")
    return value


def string_of(value: Json, path: str) -> str:
    """``value`` as a string.

    >>> string_of(0, "$.classes[0]")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.classes[0]: expected a string, got 0
    """
    if not isinstance(value, str):
        expected(path, "a string", value)
    return value


def strings_of(value: Json, path: str, *, nonempty: bool = False) -> tuple[str, ...]:
    """An array of distinct strings.

    >>> strings_of(["No", "Yes"], "$.classes")
    ('No', 'Yes')
    >>> strings_of(["No", "No"], "$.classes")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.classes[1]: 'No' appears twice
    """
    items = array_of(value, path, nonempty=nonempty)
    strings = tuple(string_of(item, f"{path}[{k}]") for k, item in enumerate(items))
    seen: set[str] = set()
    for k, item in enumerate(strings):
        if item in seen:
            fail(f"{path}[{k}]", f"{quote(item)} appears twice")
        seen.add(item)
    return strings


def number_json(x: object, path: str) -> Json:
    """A number as JSON: an int, a float that reads back the same, or "p/q" (the
    ``NUMBER`` that :func:`number_of` reads back equal and of the same type).

    >>> number_json(3, "$"), number_json(0.1, "$"), number_json(Fraction(1, 3), "$")
    (3, 0.1, '1/3')
    """
    if isinstance(x, bool) or not isinstance(x, int | float | Fraction):
        fail(path, f"{quote(x)} is not a number")
    if isinstance(x, float) and not math.isfinite(x):
        fail(path, f"{quote(x)} is not finite, and JSON has no such number")
    try:
        if isinstance(x, Fraction):
            return exact_text(x)
        json.dumps(x)  # an int too long to write in decimal fails here, not halfway
    except ValueError as error:
        fail(path, f"a number too long to write: {error}")
    return x


def number_of(value: Json, path: str) -> Number:
    """A NUMBER: an int, a float or a string "p/q" (a fraction, exactly).

    >>> number_of(9, "$"), number_of(0.5, "$"), number_of("-3/2", "$")
    (9, 0.5, Fraction(-3, 2))
    >>> number_of("1/0", "$.weight")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.weight: the fraction '1/0' divides by zero
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        match = _FRACTION.fullmatch(value)
        if match is None:
            expected(path, "a number or a fraction 'p/q'", value)
        if max(len(part.lstrip("-")) for part in match.groups()) > MAX_DIGITS:
            fail(path, f"a fraction of more than {MAX_DIGITS} digits above or below")
        numerator, denominator = map(int, match.groups())
        if denominator == 0:
            fail(path, f"the fraction {quote(value)} divides by zero")
        return Fraction(numerator, denominator)
    expected(path, "a number", value)


def weight_of(value: Json, path: str) -> Weight:
    """A NUMBER >= 0: a count or a weight.

    >>> weight_of(-1, "$.nodes[0].stats.counts[0]")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.nodes[0].stats.counts[0]: expected a weight >= 0, got -1
    """
    weight = number_of(value, path)
    if weight < 0:
        fail(path, f"expected a weight >= 0, got {shown(value)}")
    return weight


def float_sized(value: Json, path: str, why: str) -> Number:
    """A NUMBER that a float can hold (``why`` it must).

    >>> float_sized("1/3", "$.initial", "F_0 is one")
    Fraction(1, 3)
    >>> float_sized(10**400, "$.initial", "F_0 is one")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.initial: 1000000000000000000000...000000000000000000000 is too \
large for a float, and F_0 is one
    """
    number = number_of(value, path)
    try:
        float(number)
    except OverflowError:
        fail(path, f"{quote(value)} is too large for a float, and {why}")
    return number


def built(path: str, make: Callable[..., T], *arguments: object) -> T:
    """``make(*arguments)``, a validating constructor; its error placed at ``path``.

    >>> from dtree.counts import ClassStats
    >>> built("$.nodes[0].stats", ClassStats, ("No", "Yes"), (9, 5))
    ClassStats(classes=('No', 'Yes'), counts=(9, 5))
    >>> built("$.nodes[0].stats", ClassStats, ("No", "Yes"), (9,))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.nodes[0].stats: ...
    """
    try:
        return make(*arguments)
    except DtreeError as error:
        fail(path, error.message)
