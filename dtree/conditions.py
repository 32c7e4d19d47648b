r"""Conditions: the tests that label a tree's branches.

Vocabulary
----------
``Equals(attribute, value)``
    A nominal attribute has this value (ID3 and C4.5: one branch per value).
``AtMost(attribute, threshold)``, ``Above(attribute, threshold)``
    A numeric attribute is ``<= threshold`` or ``> threshold``.
``In(attribute, values)``, ``NotIn(attribute, values)``
    A nominal attribute's value lies in, or outside, a set (CART's binary
    splits of nominal attributes).
``AtMostLevel(attribute, level, levels)``, ``AboveLevel(attribute, level, levels)``
    An ordinal attribute's value is at most, or above, ``level`` in the
    declared order ``levels`` of its values (:mod:`dtree.ordinal`); a value
    not among the levels satisfies neither.
``Condition``
    Any of the seven.  A root-to-leaf path is a conjunction of conditions.

A numeric condition flagged ``missing=True`` is also satisfied by a missing
value: the branch of its split that missing values take, as scikit-learn
(1.3 on) sends them (``x <= t or missing``; at most one branch of a split is so
flagged, since two would overlap).

Functions: :func:`holds` (three-valued: ``None`` when the value is
missing and the condition takes no missing value), :func:`takes_missing`, :func:`named_values`,
:func:`exclusive` (can two conditions both hold?), and :func:`describe` (the
condition as the notes write it).

How text views write names, values and numbers (every text view of dtree
goes through these three):

:func:`format_name`
    An attribute's name: as it is if it reads as one word, a letter or
    ``_`` then letters, digits, ``_``, ``-`` or ``.``, and is not one of
    the words of the formats, :data:`KEYWORDS` (and, or, not, in, if,
    then) or :data:`CONSTANTS` (true, false), in any case; otherwise
    quoted by :func:`quoted`.
:func:`format_value`
    A nominal value or a class: as it is if it is one word of letters,
    digits, ``_``, ``-`` and ``.`` (so ``0``, ``Sunny``, ``2.5``) and not
    one of the :data:`KEYWORDS`; otherwise quoted.  A value never stands
    where a constant may (it follows ``=``, ``in {`` or ``, ``, or precedes
    ``:``), so ``windy = false`` reads as it is.
:func:`quoted`, :func:`unquoted`
    Double quotes, with backslash escapes as in a JSON string: ``\\``,
    ``\"``, ``\n``, ``\r``, ``\t``, and ``\uXXXX`` (``\UXXXXXXXX`` beyond
    the Basic Multilingual Plane) for any other character Python does not
    print, so a quoted name is one line and reads back exactly.
:func:`format_rounded`
    Integers in full, any other number to :data:`SIGNIFICANT_DIGITS`
    significant digits (``0.1358``, not ``0.13579999999999998``).  Two
    thresholds closer than that print alike; the exact values are in the
    JSON model file (:mod:`dtree.serialize`).  Where a number must read
    back equal (a CSV of predictions), :func:`format_number` writes the
    shortest form that does.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import assert_never

from attrs import field, frozen

from dtree.arithmetic import is_number
from dtree.dataset import Example, Value, collection
from dtree.errors import DtreeError, quote

__all__ = [
    "CONSTANTS",
    "KEYWORDS",
    "OR_MISSING",
    "PLAIN_NAME",
    "QUOTED",
    "SIGNIFICANT_DIGITS",
    "Above",
    "AboveLevel",
    "AtMost",
    "AtMostLevel",
    "Condition",
    "Equals",
    "In",
    "NotIn",
    "describe",
    "exclusive",
    "format_name",
    "format_number",
    "format_prediction",
    "format_rounded",
    "format_value",
    "holds",
    "named_values",
    "quoted",
    "takes_missing",
    "unquoted",
]


def _value_set(values: Iterable[str]) -> frozenset[str]:
    return frozenset(collection(values, "the values of a set condition"))


@frozen
class Equals:
    """``attribute = value``."""

    attribute: str
    value: str


def _missing_flag(missing: object) -> bool:
    if type(missing) is not bool:
        raise DtreeError(f"a condition's missing flag is True or False, not {quote(missing)}")
    return missing


@frozen(repr=False)
class AtMost:
    """``attribute <= threshold``; with ``missing=True``, ``attribute <= threshold or
    missing``: the branch that a missing value takes (scikit-learn's ``missing_go_to_left``).

    >>> AtMost("x", 2.5), AtMost("x", 2.5, missing=True)
    (AtMost(attribute='x', threshold=2.5), AtMost(attribute='x', threshold=2.5, missing=True))
    """

    attribute: str
    threshold: float
    missing: bool = field(default=False, kw_only=True, converter=_missing_flag)

    def __repr__(self) -> str:
        return _numeric_repr(self)


@frozen(repr=False)
class Above:
    """``attribute > threshold``; with ``missing=True``, ``attribute > threshold or missing``."""

    attribute: str
    threshold: float
    missing: bool = field(default=False, kw_only=True, converter=_missing_flag)

    def __repr__(self) -> str:
        return _numeric_repr(self)


def _numeric_repr(condition: AtMost | Above) -> str:
    """The repr attrs would write, ``missing`` shown only where it is set (so a tree
    with no missing rule prints as before the flag existed)."""
    flag = ", missing=True" if condition.missing else ""
    return (
        f"{type(condition).__name__}(attribute={condition.attribute!r}, "
        f"threshold={condition.threshold!r}{flag})"
    )


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


def _levels(levels: Iterable[str]) -> tuple[str, ...]:
    return collection(levels, "the levels of an ordinal condition")


@frozen
class AtMostLevel:
    """``attribute <= level``, in the order ``levels`` of the ordinal attribute's values.

    >>> size = AtMostLevel("size", "M", ("S", "M", "L"))
    >>> holds(size, {"size": "S"}), holds(size, {"size": "L"}), holds(size, {"size": "XL"})
    (True, False, False)
    """

    attribute: str
    level: str
    levels: tuple[str, ...] = field(converter=_levels)

    def __attrs_post_init__(self) -> None:
        _check_level(self.level, self.levels)


@frozen
class AboveLevel:
    """``attribute > level``, in the order ``levels`` of the ordinal attribute's values."""

    attribute: str
    level: str
    levels: tuple[str, ...] = field(converter=_levels)

    def __attrs_post_init__(self) -> None:
        _check_level(self.level, self.levels)


def _check_level(level: str, levels: tuple[str, ...]) -> None:
    if len(set(levels)) != len(levels) or not all(isinstance(v, str) for v in levels):
        raise DtreeError(
            f"the levels of an ordinal condition are distinct strings, got {quote(levels)}"
        )
    if level not in levels:
        raise DtreeError(f"the level {quote(level)} is not one of the levels {quote(levels)}")


Condition = Equals | AtMost | Above | In | NotIn | AtMostLevel | AboveLevel


def _value_of(condition: Condition, example: Example) -> Value:
    try:
        return example[condition.attribute]
    except KeyError:
        raise DtreeError(f"the example has no attribute {quote(condition.attribute)}") from None


def holds(condition: Condition, example: Example) -> bool | None:
    """Whether the example satisfies the condition; ``None`` if its value is missing.

    >>> holds(AtMost("humidity", 75.0), {"humidity": 70})
    True
    >>> holds(Equals("Outlook", "Sunny"), {"Outlook": None}) is None
    True
    """
    value = _value_of(condition, example)
    if value is None:
        return True if takes_missing(condition) else None
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
        case AtMostLevel(_, level, levels):
            return _rank(condition, value) <= levels.index(level)
        case AboveLevel(_, level, levels):
            return _rank(condition, value) > levels.index(level)
        case _:
            assert_never(condition)


def named_values(condition: Condition) -> frozenset[str]:
    """The values a condition names.

    >>> sorted(named_values(In("Outlook", {"Sunny", "Rain"}))), named_values(AtMost("x", 1))
    (['Rain', 'Sunny'], frozenset())
    """
    match condition:
        case Equals(_, value):
            return frozenset((value,))
        case In(_, values) | NotIn(_, values):
            return values
        case AtMostLevel(_, level) | AboveLevel(_, level):
            return frozenset((level,))
        case AtMost() | Above():
            return frozenset()
        case _:
            assert_never(condition)


def takes_missing(condition: Condition) -> bool:
    """Whether a missing value satisfies the condition: a numeric condition flagged
    ``missing=True`` (the one branch of its split that missing values take).

    >>> takes_missing(AtMost("x", 2.5, missing=True)), takes_missing(Above("x", 2.5))
    (True, False)
    >>> holds(AtMost("x", 2.5, missing=True), {"x": None})
    True
    """
    return isinstance(condition, AtMost | Above) and condition.missing


def _text(condition: Condition, value: Value) -> str:
    """A nominal value; anything else is a mistake, not an unseen value."""
    if not isinstance(value, str):
        raise DtreeError(
            f"{quote(value)} is not a nominal value (a string)", column=condition.attribute
        )
    return value


def _rank(condition: AtMostLevel | AboveLevel, value: Value) -> float:
    """An ordinal value's position among the levels; a value not among them (unseen in
    training) sorts nowhere, so that neither side of the split takes it."""
    text = _text(condition, value)
    return condition.levels.index(text) if text in condition.levels else math.nan


def _number(condition: Condition, value: Value) -> float:
    if not is_number(value) or not math.isfinite(value):
        raise DtreeError(f"{quote(value)} is not a finite number", column=condition.attribute)
    return float(value)


def exclusive(first: Condition, second: Condition) -> bool:
    """Whether no value can satisfy both conditions (they test one attribute).

    Conditions on different attributes, or of a numeric and a nominal kind,
    are not exclusive.  Two ``NotIn`` never are: the domain is not known here.

    >>> exclusive(AtMost("x", 2.5), Above("x", 2.5)), exclusive(AtMost("x", 3.0), Above("x", 2.5))
    (True, False)
    >>> exclusive(Equals("a", "u"), In("a", {"v", "w"}))
    True
    """
    if first.attribute != second.attribute or (takes_missing(first) and takes_missing(second)):
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
        case (AtMostLevel(_, t, order), AboveLevel(_, u, same)) | (
            AboveLevel(_, u, same),
            AtMostLevel(_, t, order),
        ) if order == same:
            return order.index(u) >= order.index(t)
        case _:
            return False


SIGNIFICANT_DIGITS = 6
"""The significant digits of a non-integer number in a text view (``%g``-style)."""

KEYWORDS = frozenset({"and", "or", "not", "in", "if", "then"})
"""The connectives of the text formats: a name or value that is one, in any case, is quoted."""

CONSTANTS = frozenset({"true", "false"})
"""The constants of the text formats: a name that is one is quoted."""

_WORD = r"[\w.-]"
PLAIN_NAME = re.compile(rf"[^\W\d]{_WORD}*")
"""A name :func:`format_name` writes as it is (unless a keyword or a constant)."""
_PLAIN_VALUE = re.compile(rf"\w{_WORD}*")
QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
"""A string as :func:`quoted` writes it (:func:`unquoted` refuses the few it never writes)."""
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}
_ESCAPE = re.compile(r"\\(?:u([0-9a-f]{4})|U([0-9a-f]{8})|(.))", re.DOTALL)


def format_number(x: float) -> str:
    """A number exactly: the shortest form that reads back equal, no ``.0``.

    >>> format_number(75.0), format_number(2.45), format_number(-0.0)
    ('75', '2.45', '0')
    >>> format_number(0.13579999999999998)
    '0.13579999999999998'

    See also: :func:`format_rounded`, for text views.
    """
    if x == int(x) and abs(x) < 1e16:
        return str(int(x))
    return repr(x)


def format_rounded(x: float | Fraction, *, digits: int = SIGNIFICANT_DIGITS) -> str:
    """A number as text views write it: integers in full, others to six significant digits.

    ``digits`` (:data:`SIGNIFICANT_DIGITS` unless given) significant digits,
    as ``%g`` writes them; a short decimal prints as it is.

    >>> format_rounded(75.0), format_rounded(2.45), format_rounded(-0.0), format_rounded(0.1358)
    ('75', '2.45', '0', '0.1358')
    >>> format_rounded(0.13579999999999998), format_rounded(152.13348416289594)
    ('0.1358', '152.133')
    >>> format_rounded(Fraction(5, 2)), format_rounded(Fraction(1, 3)), format_rounded(12)
    ('2.5', '0.333333', '12')
    """
    if isinstance(x, int):
        return str(x)
    if isinstance(x, Fraction) and x.denominator == 1:
        return str(x.numerator)
    value = float(x)
    if math.isfinite(value) and value == int(value) and abs(value) < 1e16:
        return str(int(value))
    return format(value, f".{digits}g")


def _escape(character: str) -> str:
    if character in _ESCAPES:
        return _ESCAPES[character]
    if character.isprintable():
        return character
    code = ord(character)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def quoted(text: str) -> str:
    r"""``text`` in double quotes, escaped as a JSON string is, on one line.

    >>> print(quoted('say "hi" \\ now'), quoted("two\nlines"), quoted("\u2028"))
    "say \"hi\" \\ now" "two\nlines" "\u2028"
    """
    return '"' + "".join(map(_escape, text)) + '"'


def unquoted(text: str) -> str:
    r"""The string that :func:`quoted` wrote as ``text``: the inverse of :func:`quoted`.

    >>> unquoted('"say \\"hi\\" \\\\ now"'), unquoted(quoted("two\nlines\u2028"))
    ('say "hi" \\ now', 'two\nlines\u2028')
    >>> unquoted('"\\x"')
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: '"\\x"' is not a quoted name: no escape \x
    """

    def one(match: re.Match[str]) -> str:
        short, long, other = match.groups()
        if short or long:
            code = int(short or long, 16)
            if code > 0x10FFFF:
                raise DtreeError(f"{quote(text)} is not a quoted name: no character {code:#x}")
            return chr(code)
        if other not in _UNESCAPES:
            raise DtreeError(f"{quote(text)} is not a quoted name: no escape \\{other}")
        return _UNESCAPES[other]

    if not QUOTED.fullmatch(text):
        raise DtreeError(f"{quote(text)} is not a quoted name")
    return _ESCAPE.sub(one, text[1:-1])


def format_name(name: str) -> str:
    """An attribute's name as text views write it: as it is if plainly one word, else quoted.

    >>> format_name("Outlook"), format_name("petal.length"), format_name("x_1")
    ('Outlook', 'petal.length', 'x_1')
    >>> print(format_name("a and b"), format_name("and"), format_name("1x"), format_name(""))
    "a and b" "and" "1x" ""
    """
    if PLAIN_NAME.fullmatch(name) and name.lower() not in KEYWORDS | CONSTANTS:
        return name
    return quoted(name)


def format_prediction(prediction: str | float) -> str:
    """A leaf's prediction as text views write it: a class by :func:`format_value`, a number
    by :func:`format_rounded`.

    >>> print(format_prediction("Don't Play"), format_prediction(152.13348416289594))
    "Don't Play" 152.133
    """
    return format_value(prediction) if isinstance(prediction, str) else format_rounded(prediction)


def format_value(value: str) -> str:
    """A nominal value or a class as text views write it: as it is if one word, else quoted.

    >>> format_value("Sunny"), format_value("0"), format_value("false")
    ('Sunny', '0', 'false')
    >>> print(format_value("blue, dark"), format_value("Don't Play"), format_value("and"))
    "blue, dark" "Don't Play" "and"
    """
    if _PLAIN_VALUE.fullmatch(value) and value.lower() not in KEYWORDS:
        return value
    return quoted(value)


def _set(values: frozenset[str]) -> str:
    return "{" + ", ".join(format_value(v) for v in sorted(values)) + "}"


def _or_missing(condition: Condition) -> str:
    return f" {OR_MISSING}" if takes_missing(condition) else ""


OR_MISSING = "or missing"
"""What a text view writes after a condition that a missing value satisfies."""


def describe(condition: Condition) -> str:
    """The condition as the notes write it, names and values quoted where needed.

    >>> describe(Equals("Outlook", "Sunny")), describe(AtMost("humidity", 75.0))
    ('Outlook = Sunny', 'humidity <= 75')
    >>> describe(Above("humidity", 75.0, missing=True))
    'humidity > 75 or missing'
    >>> describe(NotIn("Type", {"Thai", "Burger"}))
    'Type not in {Burger, Thai}'
    >>> describe(AboveLevel("size", "M", ("S", "M", "L")))
    'size > M'
    >>> print(describe(In("colour", {"blue, dark", "red"})), describe(Equals("a and b", "x")))
    colour in {"blue, dark", red} "a and b" = x

    See also: :func:`format_name`, :func:`format_value`, :func:`format_rounded`.
    """
    match condition:
        case Equals(attribute, value):
            return f"{format_name(attribute)} = {format_value(value)}"
        case AtMost(attribute, threshold):
            test = f"{format_name(attribute)} <= {format_rounded(threshold)}"
            return test + _or_missing(condition)
        case Above(attribute, threshold):
            test = f"{format_name(attribute)} > {format_rounded(threshold)}"
            return test + _or_missing(condition)
        case In(attribute, values):
            return f"{format_name(attribute)} in {_set(values)}"
        case NotIn(attribute, values):
            return f"{format_name(attribute)} not in {_set(values)}"
        case AtMostLevel(attribute, level):
            return f"{format_name(attribute)} <= {format_value(level)}"
        case AboveLevel(attribute, level):
            return f"{format_name(attribute)} > {format_value(level)}"
        case _:
            assert_never(condition)
