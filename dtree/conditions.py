"""Conditions: the tests that label a tree's branches.

Vocabulary
----------
``Equals(attribute, value)``
    A nominal attribute has this value (ID3 and C4.5: one branch per value).
``AtMost(attribute, threshold)``, ``Above(attribute, threshold)``
    A numeric attribute is ``<= threshold`` or ``> threshold``.
``In(attribute, values)``, ``NotIn(attribute, values)``
    A nominal attribute's value lies in, or outside, a set (CART's binary
    splits of nominal attributes).
``Condition``
    Any of the five.  A root-to-leaf path is a conjunction of conditions.

Functions: :func:`holds` (three-valued: ``None`` when the value is
missing), :func:`exclusive` (can two conditions both hold?), and
:func:`describe` (the condition as the notes write it).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import assert_never

from attrs import field, frozen

from dtree.dataset import Example, Value, collection, is_number
from dtree.errors import DtreeError

__all__ = [
    "Above",
    "AtMost",
    "Condition",
    "Equals",
    "In",
    "NotIn",
    "describe",
    "exclusive",
    "format_number",
    "holds",
]


def _value_set(values: Iterable[str]) -> frozenset[str]:
    return frozenset(collection(values, "the values of a set condition"))


@frozen
class Equals:
    """``attribute = value``."""

    attribute: str
    value: str


@frozen
class AtMost:
    """``attribute <= threshold``."""

    attribute: str
    threshold: float


@frozen
class Above:
    """``attribute > threshold``."""

    attribute: str
    threshold: float


@frozen
class In:
    """``attribute in values``."""

    attribute: str
    values: frozenset[str] = field(converter=_value_set)


@frozen
class NotIn:
    """``attribute not in values``."""

    attribute: str
    values: frozenset[str] = field(converter=_value_set)


Condition = Equals | AtMost | Above | In | NotIn


def _value_of(condition: Condition, example: Example) -> Value:
    try:
        return example[condition.attribute]
    except KeyError:
        raise DtreeError(f"the example has no attribute {condition.attribute!r}") from None


def holds(condition: Condition, example: Example) -> bool | None:
    """Whether the example satisfies the condition; ``None`` if its value is missing.

    >>> holds(AtMost("humidity", 75.0), {"humidity": 70})
    True
    >>> holds(Equals("Outlook", "Sunny"), {"Outlook": None}) is None
    True
    """
    value = _value_of(condition, example)
    if value is None:
        return None
    match condition:
        case Equals(_, expected):
            return _text(condition, value) == expected
        case AtMost(_, threshold):
            return _number(condition, value) <= threshold
        case Above(_, threshold):
            return _number(condition, value) > threshold
        case In(_, values):
            return _text(condition, value) in values
        case NotIn(_, values):
            return _text(condition, value) not in values
        case _:
            assert_never(condition)


def _text(condition: Condition, value: Value) -> str:
    """A nominal value; anything else is a mistake, not an unseen value."""
    if not isinstance(value, str):
        raise DtreeError(f"{value!r} is not a nominal value (a string)", column=condition.attribute)
    return value


def _number(condition: Condition, value: Value) -> float:
    if not is_number(value) or not math.isfinite(value):  # type: ignore[arg-type]
        raise DtreeError(f"{value!r} is not a finite number", column=condition.attribute)
    return float(value)  # type: ignore[arg-type]


def exclusive(first: Condition, second: Condition) -> bool:
    """Whether no value can satisfy both conditions (they test one attribute).

    Conditions on different attributes, or of a numeric and a nominal kind,
    are not exclusive.  Two ``NotIn`` never are: the domain is not known here.

    >>> exclusive(AtMost("x", 2.5), Above("x", 2.5)), exclusive(AtMost("x", 3.0), Above("x", 2.5))
    (True, False)
    >>> exclusive(Equals("a", "u"), In("a", {"v", "w"}))
    True
    """
    if first.attribute != second.attribute:
        return False
    match first, second:
        case Equals(_, u), Equals(_, v):
            return u != v
        case (AtMost(_, t), Above(_, u)) | (Above(_, u), AtMost(_, t)):
            return u >= t
        case (Equals(_, v), In(_, values)) | (In(_, values), Equals(_, v)):
            return v not in values
        case (Equals(_, v), NotIn(_, values)) | (NotIn(_, values), Equals(_, v)):
            return v in values
        case In(_, s), In(_, t):
            return not s & t
        case (In(_, s), NotIn(_, t)) | (NotIn(_, t), In(_, s)):
            return s <= t
        case _:
            return False


def format_number(x: float) -> str:
    """A threshold as people write it: shortest round-trip form, no ``.0``.

    >>> format_number(75.0), format_number(2.45), format_number(-0.0)
    ('75', '2.45', '0')
    """
    if x == int(x) and abs(x) < 1e16:
        return str(int(x))
    return repr(x)


def _set(values: frozenset[str]) -> str:
    return "{" + ", ".join(sorted(values)) + "}"


def describe(condition: Condition) -> str:
    """The condition as the notes write it.

    >>> describe(Equals("Outlook", "Sunny")), describe(AtMost("humidity", 75.0))
    ('Outlook = Sunny', 'humidity <= 75')
    >>> describe(NotIn("Type", {"Thai", "Burger"}))
    'Type not in {Burger, Thai}'
    """
    match condition:
        case Equals(attribute, value):
            return f"{attribute} = {value}"
        case AtMost(attribute, threshold):
            return f"{attribute} <= {format_number(threshold)}"
        case Above(attribute, threshold):
            return f"{attribute} > {format_number(threshold)}"
        case In(attribute, values):
            return f"{attribute} in {_set(values)}"
        case NotIn(attribute, values):
            return f"{attribute} not in {_set(values)}"
        case _:
            assert_never(condition)
